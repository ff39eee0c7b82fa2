//! Snapshots of what hints show: the table with hints on, the hand offering the hint, the hand
//! once the hint is taken (its move marked, the suggestion in words), and the round's result
//! counting the hints of each person.

use super::fixtures::{apply, first, person, play_until, rules, started};
use domino_core::engine::ai::takes_end;
use domino_core::engine::moves::Move;
use domino_core::engine::rules::Variant;
use domino_core::session::{Action, Event, Lang, Table};
use domino_core::view::{ButtonAction, hand_view, notices, render_hand, render_table, table_view};
use serde_json::json;

fn hand_text(table: &Table, seat: usize) -> String {
    let view = hand_view(table, seat).expect("a hand");
    let rows: Vec<String> = view
        .buttons
        .iter()
        .map(|r| {
            r.iter().map(|(l, d)| format!("⟦{l} → {}⟧", d.encode())).collect::<Vec<_>>().join(" ")
        })
        .collect();
    format!("{}\n\n--- buttons ---\n{}", render_hand(&view), rows.join("\n"))
}

#[test]
fn hints_on_the_hand_and_in_the_round_result() {
    for lang in [Lang::Ru, Lang::En] {
        let people = [person("Анна"), person("Boris")];
        let mut table = started(rules(Variant::Kozel, json!({})), 2, lang, &people, 5);
        table.hints = true;
        // The first turn of a person with a real choice.
        let choice =
            |t: &Table| t.to_move().is_some_and(|s| t.live().unwrap().legal_moves(s).len() > 1);
        play_until(&mut table, first, choice);
        let seat = table.to_move().expect("a person with a choice");
        let offered = hand_view(&table, seat).unwrap();
        assert!(offered.buttons.iter().flatten().any(|(_, d)| d.action == ButtonAction::Hint));
        let mut text = vec![render_table(&table_view(&table)), hand_text(&table, seat)];
        let mv = table.live().unwrap().legal_moves(seat)[1];
        let who = people[seat].clone();
        let events = apply(&mut table, &who, Action::Hint { mv });
        assert!(matches!(events.as_slice(), [Event::HintUsed { .. }]), "{events:?}");
        assert!(notices(&table, &events).is_empty(), "a hint is nobody else's business");
        text.push(hand_text(&table, seat));
        let round = table.game.as_ref().unwrap().rounds.len();
        let ended = move |t: &Table| t.game.as_ref().unwrap().rounds.len() > round;
        let events = play_until(&mut table, first, ended);
        let result: Vec<String> = events
            .iter()
            .filter(|e| matches!(e, Event::RoundEnded { .. }))
            .filter_map(|e| domino_core::view::notice(&table, e, lang))
            .collect();
        assert_eq!(result.len(), 1, "the round ended");
        text.push(result.join("\n"));
        insta::assert_snapshot!(format!("hints_{}", lang.key()), text.join("\n\n=====\n\n"));
    }
}

/// The seat to move and a move of its that takes an end and one that does not, if it has both.
fn take_and_not(t: &Table) -> Option<(usize, Move, u8, Move)> {
    let seat = t.to_move()?;
    let live = t.live()?;
    let round = live.round()?;
    let max = live.rules().max_pip();
    let takes = |mv: &Move| takes_end(round.board(), round.hand(seat), mv, max);
    let moves = live.legal_moves(seat);
    let (taking, x) = moves.iter().find_map(|m| takes(m).map(|x| (*m, x)))?;
    let other = moves.iter().find(|m| takes(m).is_none() && !m.tiles().eq(taking.tiles()))?;
    Some((seat, taking, x, *other))
}

/// A hinted move that takes an end says so on the hand («берёте конец», "takes the end"); a
/// hinted move that does not, at the same position, says nothing of it.
#[test]
fn a_hint_that_takes_the_end_says_so() {
    let mut found = 0;
    for seed in 1..120 {
        for lang in [Lang::Ru, Lang::En] {
            let people = [person("Анна"), person("Boris")];
            let mut table = started(rules(Variant::Classic, json!({})), 2, lang, &people, seed);
            table.hints = true;
            play_until(&mut table, first, |t| take_and_not(t).is_some());
            let Some((seat, taking, x, other)) = take_and_not(&table) else { continue };
            let word = match lang {
                Lang::Ru => "берёте конец",
                Lang::En => "takes the end",
            };
            let phrase = format!("{word}: {x}");
            let mut plain = table.clone();
            let who = people[seat].clone();
            apply(&mut table, &who, Action::Hint { mv: taking });
            let text = render_hand(&hand_view(&table, seat).unwrap());
            assert!(text.contains(&phrase), "seed {seed}: {text}");
            apply(&mut plain, &who, Action::Hint { mv: other });
            let text = render_hand(&hand_view(&plain, seat).unwrap());
            assert!(!text.contains(word), "seed {seed}: {text}");
            found += 1;
        }
        if found >= 6 {
            break;
        }
    }
    assert!(found >= 6, "only {found} positions where a move takes the end");
}
