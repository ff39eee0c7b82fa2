//! A tournament's message and posts, both languages: a round robin of four with a bye-free
//! schedule, results (a win, a draw, a forfeit), standings with their tie-breaks and a
//! deadline; an arena with its window, pairings and a streak; the close with its winner.

use domino_core::engine::rules::Variant;
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::standings::tournament::{Command, Format, NewTournament, Tournament};
use domino_core::standings::{MatchSummary, SummaryPlayer, Zone};
use domino_core::view::tournament::{render_closed, render_result, render_tournament};
use rand::SeedableRng;

const T0: i64 = 1_764_590_400_000;
const NAMES: [&str; 4] = ["Анна", "Борис", "Вера", "Глеб"];

fn person(i: usize) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("{}", 10 + i)), NAMES[i])
}

fn made(format: Format) -> Tournament {
    made_in(format, Variant::Classic)
}

fn made_in(format: Format, game: Variant) -> Tournament {
    let deadline_days = matches!(format, Format::RoundRobin { .. }).then_some(7);
    let new = NewTournament {
        id: 3,
        format,
        game,
        options: serde_json::json!({"target": 51}),
        max_entrants: 64,
        deadline_days,
    };
    Tournament::new(new, T0).expect("a tournament")
}

/// A finished duel for fixture `n` at `table`: side 0 scores `points[0]`.
fn finish(t: &mut Tournament, n: usize, table: i64, winner: Option<u8>, points: [u32; 2]) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    t.apply(&Command::TableStarted { fixture: n, table }, T0 + 10, &mut rng).expect("started");
    let f = t.fixtures[n].clone();
    let players = (0..2u8)
        .map(|side| {
            let p = &t.entrants[f.sides[side as usize][0]].people[0];
            SummaryPlayer {
                user: Some(p.id.clone()),
                name: p.name.clone(),
                seat: side,
                side,
                won: winner == Some(side),
                goat: false,
                points_for: points[side as usize],
                points_against: points[1 - side as usize],
                relieved: false,
            }
        })
        .collect();
    let summary = MatchSummary {
        chat: ChatId::new(Platform::Telegram, "-1"),
        table_id: table,
        match_no: 1,
        variant: t.game,
        pairs: false,
        rounds: 3,
        finished_at: T0 + 20,
        players,
        record: serde_json::Value::Null,
    };
    t.apply(&Command::MatchFinished { summary }, T0 + 20, &mut rng).expect("finished");
}

fn enrolled(format: Format, n: usize) -> Tournament {
    let mut t = made(format);
    let mut rng = rand::rngs::StdRng::seed_from_u64(28);
    for i in 0..n {
        t.apply(&Command::Enroll { person: person(i), partner: None }, T0 + 1, &mut rng).unwrap();
    }
    t
}

#[test]
fn a_round_robin_and_an_arena() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(28);
    let enrolling = enrolled(Format::RoundRobin { pairs: false }, 3);
    let mut rr = enrolled(Format::RoundRobin { pairs: false }, 4);
    rr.apply(&Command::Start, T0 + 2, &mut rng).unwrap();
    finish(&mut rr, 0, 101, Some(0), [51, 30]);
    finish(&mut rr, 1, 102, None, [40, 40]);
    let withdrew = rr.entrants[rr.fixtures[2].sides[0][0]].people[0].id.clone();
    rr.apply(&Command::Withdraw { user: withdrew }, T0 + 30, &mut rng).unwrap();
    let window = Format::Arena { window_start: T0, window_end: T0 + 3_600_000, streak_bonus: true };
    let mut arena = enrolled(window, 4);
    arena.apply(&Command::Tick, T0 + 5, &mut rng).unwrap();
    for table in 0..3 {
        // Whoever plays the first open pairing's side 0 wins it, building a streak.
        let n = arena.fixtures.iter().position(|f| f.is_open()).expect("a pairing");
        finish(&mut arena, n, 200 + table, Some(0), [51, 10 + table as u32]);
    }
    let mut closed = enrolled(Format::RoundRobin { pairs: false }, 2);
    closed.apply(&Command::Start, T0 + 2, &mut rng).unwrap();
    finish(&mut closed, 0, 300, Some(1), [12, 51]);
    for lang in [Lang::Ru, Lang::En] {
        let zone = Zone::default_for(lang);
        let text = [
            render_tournament(&enrolling, lang, zone),
            render_tournament(&rr, lang, zone),
            render_result(&rr, &rr.fixtures[0], lang),
            render_tournament(&arena, lang, zone),
            render_closed(&closed, lang),
        ]
        .join("\n\n-----\n\n");
        insta::assert_snapshot!(format!("tournament_{}", lang.key()), text);
    }
}

/// The pair formats and the news: a round robin of pairs taking entrants with someone waiting
/// for a partner, then started (its schedule told, a table opened, who is due); a pairs night
/// drawn; `/history`'s line of a closed tournament.
#[test]
fn pairs_a_pairs_night_and_the_news() {
    use domino_core::view::tour_news::{
        render_drawn, render_due, render_table_started, render_tournament_history,
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(28);
    let game = |format| made_in(format, Variant::Kozel);
    let mut pairs = game(Format::RoundRobin { pairs: true });
    let wait = |i| Command::AwaitPartner { person: person(i) };
    pairs.apply(&wait(0), T0 + 1, &mut rng).unwrap();
    pairs.apply(&wait(2), T0 + 1, &mut rng).unwrap();
    let pair = Command::Enroll { person: person(0), partner: Some(person(1)) };
    pairs.apply(&pair, T0 + 1, &mut rng).unwrap();
    let waiting = pairs.clone();
    let pair = Command::Enroll { person: person(2), partner: Some(person(3)) };
    pairs.apply(&pair, T0 + 1, &mut rng).unwrap();
    pairs.apply(&Command::Start, T0 + 2, &mut rng).unwrap();
    pairs.apply(&Command::TableStarted { fixture: 0, table: 9 }, T0 + 3, &mut rng).unwrap();
    let mut night = game(Format::PartnersNight { rounds: 2 });
    for i in 0..4 {
        night.apply(&Command::Enroll { person: person(i), partner: None }, T0, &mut rng).unwrap();
    }
    night.apply(&Command::Start, T0 + 2, &mut rng).unwrap();
    let mut closed = enrolled(Format::RoundRobin { pairs: false }, 2);
    closed.apply(&Command::Start, T0 + 2, &mut rng).unwrap();
    finish(&mut closed, 0, 300, Some(1), [12, 51]);
    for lang in [Lang::Ru, Lang::En] {
        let zone = Zone::default_for(lang);
        let text = [
            render_tournament(&waiting, lang, zone),
            render_tournament(&pairs, lang, zone),
            render_drawn(&pairs, 1, &[0], &[], lang),
            render_table_started(&pairs, &pairs.fixtures[0], lang),
            render_due(&pairs, &[0], lang),
            render_tournament(&night, lang, zone),
            render_drawn(&night, 1, &[0], &[], lang),
            render_tournament_history(std::slice::from_ref(&closed), lang, zone),
        ]
        .join("\n\n-----\n\n");
        insta::assert_snapshot!(format!("tournament_pairs_{}", lang.key()), text);
    }
}

/// A round robin of 64 (2,016 matches, 63 rounds) in one message: the standings whole, the
/// schedule cut at a line with «…», within a Telegram message and a Discord embed.
#[test]
fn a_large_round_robin_fits_one_message_with_its_standings_whole() {
    use domino_core::view::tournament::{MESSAGE_UNITS, render_standings};
    let mut t = made(Format::RoundRobin { pairs: false });
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for i in 0..64 {
        let p =
            Person::new(UserId::new(Platform::Telegram, format!("{}", 100 + i)), format!("P{i}"));
        t.apply(&Command::Enroll { person: p, partner: None }, T0, &mut rng).expect("enrolled");
    }
    t.apply(&Command::Start, T0 + 1, &mut rng).expect("started");
    assert_eq!(t.fixtures.len(), 64 * 63 / 2);
    finish(&mut t, 0, 1, Some(0), [51, 20]);
    for lang in [Lang::Ru, Lang::En] {
        let text = render_tournament(&t, lang, Zone::default_for(lang));
        let units = text.encode_utf16().count();
        assert!(units <= MESSAGE_UNITS, "{units} units");
        assert!(text.contains(&render_standings(&t, lang)), "the standings whole");
        assert!(text.ends_with('…'), "the schedule cut: {text}");
    }
}
