//! Snapshots of what hints show: the table with hints on, the hand offering the hint, the hand
//! once the hint is taken (its move marked, the suggestion in words), and the round's result
//! counting the hints of each person.

use super::fixtures::{apply, first, person, play_until, rules, started};
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
