//! A pairs night: eight people over three rounds; nine with a sit-out; the partner draw.

use super::*;

const EIGHT: [&str; 8] = ["Anna", "Boris", "Clara", "Dima", "Egor", "Fedya", "Galya", "Ilya"];

fn night(names: &[&str], rounds: u32) -> Tournament {
    let mut t = new(Format::PartnersNight { rounds }, Variant::Kozel, None);
    enroll(&mut t, names, T0);
    ok(&mut t, Command::Start, T0 + 1);
    t
}

/// Plays every fixture of the current round: side 0 wins 101 to `10 × fixture`.
fn play_round(t: &mut Tournament) {
    for n in t.next_pairings() {
        play(t, n, n as i64 + 1, Some(0), [101, 10 * n as u32], T0 + 10 + n as i64);
    }
}

#[test]
fn eight_people_three_rounds_new_partners_each_round_and_individual_standings() {
    let mut t = night(&EIGHT, 3);
    for round in 1..=3 {
        assert_eq!(t.state, State::Running { round });
        let fixtures: Vec<_> = t.fixtures.iter().filter(|f| f.round == round).collect();
        assert_eq!(fixtures.len(), 2);
        let mut seated: Vec<_> = fixtures.iter().flat_map(|f| f.entrants()).collect();
        seated.sort_unstable();
        assert_eq!(seated, (0..8).collect::<Vec<_>>(), "everyone plays, once");
        assert!(t.byes(round).is_empty());
        play_round(&mut t);
    }
    // Twelve partnerships over the night, none drawn twice.
    let mut partnerships: Vec<[usize; 2]> = t
        .fixtures
        .iter()
        .flat_map(|f| f.sides.iter().map(|s| [s[0].min(s[1]), s[0].max(s[1])]))
        .collect();
    partnerships.sort_unstable();
    partnerships.dedup();
    assert_eq!(partnerships.len(), 12);
    assert!(matches!(t.state, State::Closed { winner: Some(_), .. }));
    // Each person scores their side's result: 2 a win. Side 0 always won here.
    let rows = t.standings();
    for r in &rows {
        let wins = t.fixtures.iter().filter(|f| f.sides[0].contains(&r.entrant)).count() as u32;
        assert_eq!((r.points, r.won, r.lost), (2 * wins, wins, 3 - wins), "{}", r.name);
    }
    assert!(rows.windows(2).all(|w| w[0].points >= w[1].points));
    // Among equal points, more wins (equal too), then the better difference.
    assert!(
        rows.windows(2)
            .all(|w| w[0].points > w[1].points || w[0].difference() >= w[1].difference())
    );
}

#[test]
fn nine_people_sit_out_in_turn() {
    let mut names = EIGHT.to_vec();
    names.push("Kira");
    let mut t = night(&names, 3);
    let mut out = Vec::new();
    for round in 1..=3 {
        let byes = t.byes(round);
        assert_eq!(byes.len(), 1);
        out.extend(byes);
        play_round(&mut t);
    }
    out.sort_unstable();
    out.dedup();
    assert_eq!(out.len(), 3, "three different people sat out");
    assert_eq!(t.entrants.iter().map(|e| e.sat_out).sum::<u32>(), 3);
}

#[test]
fn the_draw_avoids_old_partners_and_repeats_as_few_as_it_must() {
    let met = |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 1) | (2, 3));
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pairs = draw_partners(&[0, 1, 2, 3], met, &mut rng);
        assert_eq!(pairs.len(), 2);
        assert!(pairs.iter().all(|&[a, b]| !met(a, b)), "{pairs:?}");
    }
    // Everyone has partnered everyone but one: two of the three pairings need one repeat each,
    // the third none.
    let met = |a: usize, b: usize| !matches!((a.min(b), a.max(b)), (0, 3) | (1, 2));
    let pairs = draw_partners(&[0, 1, 2, 3], met, &mut rng());
    assert!(pairs.iter().all(|&[a, b]| !met(a, b)), "{pairs:?}");
    // All met: a pairing is still drawn.
    assert_eq!(draw_partners(&[0, 1, 2, 3], |_, _| true, &mut rng()).len(), 2);
}

#[test]
fn a_night_needs_four_and_a_kozel_game() {
    let mut t = new(Format::PartnersNight { rounds: 3 }, Variant::Kozel, None);
    enroll(&mut t, &EIGHT[..3], T0);
    assert_eq!(t.apply(&Command::Start, T0, &mut rng()), Err(Refusal::TooFew { need: 4 }));
    let too_many = NewTournament {
        id: 3,
        format: Format::PartnersNight { rounds: 11 },
        game: Variant::Kozel,
        options: serde_json::json!({}),
        max_entrants: 8,
        deadline_days: None,
    };
    assert!(matches!(Tournament::new(too_many, T0), Err(Refusal::OutOfRange(_))));
}
