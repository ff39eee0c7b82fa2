//! Snapshots of rendered views (insta). `INSTA_UPDATE=always cargo test -p domino-core --test
//! views` rewrites them; review every changed `.snap` by eye before committing.

use super::fixtures::{NOW, apply, first, lobby, new_table, person, play_until, rules, started};
use domino_core::engine::board::Arm;
use domino_core::engine::moves::Move;
use domino_core::engine::rules::Variant;
use domino_core::session::{Action, Lang, Phase, Table};
use domino_core::standings::{PairRow, PlayedMatch, Rated, Rating, ScoreRow, SummaryPlayer, Zone};
use domino_core::view::{
    Buttons, hand_view, notices, render_computer_scoreboard, render_hand, render_history,
    render_pair_scoreboard, render_scoreboard, render_table, render_tally, rules_text, table_view,
};
use serde_json::json;

const LANGS: [Lang; 2] = [Lang::Ru, Lang::En];

fn buttons(rows: &Buttons) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|(label, data)| format!("⟦{label} → {}⟧", data.encode()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows.join("\n")
}

fn public(table: &Table) -> String {
    let view = table_view(table);
    format!("{}\n\n--- buttons ---\n{}", render_table(&view), buttons(&view.buttons))
}

fn with_lang(mut table: Table, lang: Lang) -> Table {
    table.lang = lang;
    table
}

fn names() -> [domino_core::session::Person; 4] {
    ["Анна", "Boris", "Вера", "Gleb"].map(person)
}

fn round(table: &Table) -> usize {
    table.game.as_ref().map_or(0, |g| g.rounds.len())
}

fn laid(table: &Table) -> usize {
    table.live().and_then(|m| m.round()).map_or(0, |r| r.board().on_table().len() as usize)
}

#[test]
fn lobby_view() {
    for lang in LANGS {
        let [anna, boris, ..] = names();
        let mut table = lobby(rules(Variant::Kozel, json!({"teams": "pairs"})), 4, lang, &anna, 1);
        apply(&mut table, &boris, Action::Join { seat: None });
        apply(&mut table, &anna, Action::AddBot { seat: Some(3) });
        insta::assert_snapshot!(format!("lobby_{}", lang.key()), public(&table));
    }
}

#[test]
fn kozel_pairs_mid_round() {
    let mut table =
        started(rules(Variant::Kozel, json!({"teams": "pairs"})), 4, Lang::Ru, &names(), 7);
    play_until(&mut table, first, |t| round(t) >= 2 && laid(t) >= 9);
    assert_eq!(table.phase, Phase::Playing);
    for lang in LANGS {
        insta::assert_snapshot!(
            format!("kozel_pairs_{}", lang.key()),
            public(&with_lang(table.clone(), lang))
        );
    }
}

/// Osel: lay doubles where they can be laid, close once a hub stands, until the table shows a
/// hub and a closed arm.
#[test]
fn osel_hub_and_closed_arm() {
    let found = (0..200u64).find_map(|seed| {
        let [anna, boris, ..] = names();
        let mut table = started(rules(Variant::Osel, json!({})), 2, Lang::Ru, &[anna, boris], seed);
        let board = |t: &Table| t.live().and_then(|m| m.round()).map(|r| r.board().clone());
        let choose = |t: &Table, moves: &[Move]| {
            let hub = board(t).is_some_and(|b| b.hub().is_some());
            let closes = |m: &&Move| matches!(m, Move::Play(p) if p.as_slice().iter().any(|p| p.close));
            let doubles = |m: &&Move| matches!(m, Move::Play(p) if p.len() == 1 && p.first().tile.is_double() && !p.first().close);
            let pick = if hub { moves.iter().find(closes) } else { moves.iter().find(doubles) };
            *pick.unwrap_or(&moves[0])
        };
        let done = |t: &Table| {
            board(t).is_some_and(|b| b.hub().is_some() && b.arm(Arm::Up).exists && Arm::ALL.iter().any(|&a| b.arm(a).closed))
        };
        play_until(&mut table, choose, done);
        (table.phase == Phase::Playing && done(&table)).then_some(table)
    });
    let table = found.expect("a seed gives a hub and a closed arm");
    for lang in LANGS {
        insta::assert_snapshot!(
            format!("osel_{}", lang.key()),
            public(&with_lang(table.clone(), lang))
        );
    }
}

#[test]
fn telefon_house() {
    let [anna, boris, vera, _] = names();
    let mut table =
        started(rules(Variant::Telefon, json!({})), 3, Lang::Ru, &[anna, boris, vera], 11);
    let across =
        |t: &Table| t.live().and_then(|m| m.round()).is_some_and(|r| r.board().arm(Arm::Up).exists);
    play_until(&mut table, first, |t| across(t) && laid(t) >= 10);
    assert_eq!(table.phase, Phase::Playing);
    for lang in LANGS {
        insta::assert_snapshot!(
            format!("telefon_{}", lang.key()),
            public(&with_lang(table.clone(), lang))
        );
    }
}

#[test]
fn finished_match() {
    let [anna, boris, vera, _] = names();
    let mut table = started(rules(Variant::Kozel, json!({})), 3, Lang::Ru, &[anna, boris, vera], 5);
    let events = play_until(&mut table, first, |_| false);
    assert_eq!(table.phase, Phase::Finished);
    for lang in LANGS {
        let t = with_lang(table.clone(), lang);
        let last: Vec<_> = events.iter().rev().take(3).rev().cloned().collect();
        let text = format!(
            "{}\n\n--- notices ---\n{}\n\n--- /score ---\n{}",
            public(&t),
            notices(&t, &last).join("\n"),
            render_tally(&t)
        );
        insta::assert_snapshot!(format!("finished_{}", lang.key()), text);
    }
}

/// A finished match at a table «на вылет» with two people in line: the line, who sits in
/// for whom next, «Next in line» and the host's setting; then the rematch's notices.
#[test]
fn finished_with_a_queue() {
    let [anna, boris, vera, gleb] = names();
    let mut table = started(rules(Variant::Kozel, json!({})), 2, Lang::Ru, &[anna, boris], 5);
    let host = table.seats[0].as_ref().unwrap().person().unwrap().clone();
    let knockout = Some(domino_core::session::Rotation::Knockout);
    apply(&mut table, &host, Action::SetRotation { rotation: knockout });
    apply(&mut table, &vera, Action::Queue);
    apply(&mut table, &gleb, Action::Queue);
    play_until(&mut table, first, |_| false);
    assert_eq!(table.phase, Phase::Finished);
    for lang in LANGS {
        let mut t = with_lang(table.clone(), lang);
        let shown = public(&t);
        let events = t
            .apply(
                &domino_core::session::Command {
                    actor: domino_core::session::Actor::person(host.clone()),
                    action: Action::Rematch,
                    version: None,
                },
                NOW + 1,
            )
            .unwrap();
        let text = format!(
            "{shown}

--- notices ---
{}",
            notices(&t, &events).join("\n")
        );
        insta::assert_snapshot!(format!("finished_queue_{}", lang.key()), text);
    }
}

/// A hand whose player may lay several doubles at once (Osel, closing allowed).
#[test]
fn hand_with_several_doubles() {
    let found = (0..300u64).find_map(|seed| {
        let [anna, boris, ..] = names();
        let mut table = started(rules(Variant::Osel, json!({})), 2, Lang::Ru, &[anna, boris], seed);
        let multi = |t: &Table| {
            let seat = t.to_move();
            seat.is_some_and(|s| {
                t.live()
                    .unwrap()
                    .legal_moves(s)
                    .iter()
                    .any(|m| matches!(m, Move::Play(p) if p.len() > 1))
            })
        };
        let singles = |_: &Table, moves: &[Move]| {
            *moves
                .iter()
                .find(|m| !matches!(m, Move::Play(p) if p.as_slice().iter().any(|p| p.close)))
                .unwrap_or(&moves[0])
        };
        play_until(&mut table, singles, multi);
        (table.phase == Phase::Playing && multi(&table)).then_some(table)
    });
    let table = found.expect("a seed gives several doubles at once");
    let seat = table.to_move().unwrap();
    for lang in LANGS {
        let view = hand_view(&with_lang(table.clone(), lang), seat).expect("a hand");
        let text = format!("{}\n\n--- buttons ---\n{}", render_hand(&view), buttons(&view.buttons));
        insta::assert_snapshot!(format!("hand_doubles_{}", lang.key()), text);
    }
}

/// A duel: the challenge, a player away (a computer moves for him), the table closed by a vote.
#[test]
fn duel_away_and_vote() {
    for lang in LANGS {
        let [anna, boris, ..] = names();
        let new = new_table(rules(Variant::Morskoy, json!({})), 2, lang, 3);
        let (mut table, events) =
            Table::duel(new, anna.clone(), Some(boris.clone()), NOW + 60_000, NOW).unwrap();
        let mut text = vec![public(&table), notices(&table, &events).join("\n")];
        apply(&mut table, &boris, Action::Accept);
        let (away, stays) =
            if table.to_move() == Some(0) { (&boris, &anna) } else { (&anna, &boris) };
        let events = apply(&mut table, away, Action::Leave);
        text.push(public(&table));
        text.push(notices(&table, &events).join("\n"));
        // The one who left votes no more: the one person still seated is the majority.
        let events = apply(&mut table, stays, Action::VoteEnd);
        text.push(public(&table));
        text.push(notices(&table, &events).join("\n"));
        insta::assert_snapshot!(format!("duel_{}", lang.key()), text.join("\n\n=====\n\n"));
    }
}

#[test]
fn texts() {
    let row = |name: &str, variant, matches, wins, goats| ScoreRow {
        user: person(name).id,
        name: name.into(),
        variant,
        matches,
        wins,
        goats,
        rounds: matches * 7,
        points_for: 0,
        points_against: 0,
    };
    let rows = [
        row("Анна", Variant::Kozel, 40, 30, 10),
        row("Boris", Variant::Kozel, 1, 1, 0),
        row("Вера", Variant::Kozel, 12, 3, 9),
        row("Gleb", Variant::Telefon, 5, 2, 3),
    ];
    let rated = |name: &str, variant, mu, sigma| Rating {
        who: Rated::Player(person(name).id),
        variant,
        mu,
        sigma,
        matches: 3,
    };
    // Вера is not rated (a line from before ratings): she counts as a newcomer, shown «—».
    let ratings = [
        rated("Анна", Variant::Kozel, 30.0, 3.0),
        rated("Boris", Variant::Kozel, 27.0, 7.0),
        rated("Gleb", Variant::Telefon, 25.0, 6.0),
    ];
    let users = [person("Анна").id, person("Вера").id];
    let pairs = [PairRow {
        users: users.clone(),
        names: ["Анна".into(), "Вера".into()],
        variant: Variant::Kozel,
        matches: 2,
        wins: 1,
        goats: 1,
    }];
    let pair_rating =
        [Rating { who: Rated::Pair(users), ..rated("Анна", Variant::Kozel, 26.0, 7.5) }];
    let seat = |name: &str, side, won, goat, points| SummaryPlayer {
        user: (name != "bot").then(|| person(name).id),
        name: name.into(),
        seat: 0,
        side,
        won,
        goat,
        points_for: points,
        points_against: 0,
        relieved: false,
    };
    let played = [
        PlayedMatch {
            table_id: 7,
            season: 1,
            variant: Variant::Kozel,
            pairs: true,
            rounds: 6,
            finished_at: NOW,
            players: vec![
                seat("Анна", 0, true, false, 48),
                seat("Boris", 1, false, true, 104),
                seat("Вера", 0, true, false, 48),
                seat("Gleb", 1, false, true, 104),
            ],
        },
        PlayedMatch {
            table_id: 6,
            season: 1,
            variant: Variant::Classic,
            pairs: false,
            rounds: 3,
            finished_at: NOW - 86_400_000,
            players: vec![seat("Анна", 0, false, false, 35), seat("bot", 1, true, false, 61)],
        },
    ];
    for lang in LANGS {
        let text = [
            domino_core::chat::texts::help(lang, domino_core::ids::Platform::Telegram),
            domino_core::chat::texts::help(lang, domino_core::ids::Platform::Discord),
            domino_core::chat::texts::help_all(lang, domino_core::ids::Platform::Telegram),
            rules_text(&rules(Variant::Osel, json!({"preset": "troshin"})), lang),
            render_scoreboard(&rows, &ratings, lang),
            render_scoreboard(&[], &[], lang),
            render_pair_scoreboard(&pairs, &pair_rating, lang),
            render_computer_scoreboard(&rows[3..], lang),
            render_history(&played, lang, Zone::default_for(lang)),
            render_history(&[], lang, Zone::default_for(lang)),
        ]
        .join("\n\n-----\n\n");
        insta::assert_snapshot!(format!("texts_{}", lang.key()), text);
    }
}
