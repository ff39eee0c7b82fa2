//! The session state machine under random commands from random people: a refused command
//! changes nothing, an accepted one bumps the version by one, no person ever holds two seats,
//! and the table can always go on.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Actor, ChatId, ClockRule, Command, Lang, Lives, MAX_QUEUE, MovedBy, NewTable, OnFlag,
    Person, Phase, Platform, Rotation, Simple, Table, UserId,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Discord, n.to_string()), format!("P{n}"))
}

fn new_table(variant: Variant, size: u8, seed: u64) -> Table {
    let pairs = size == 4 && variant.is_kozel_family();
    let teams = if pairs { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(variant).teams(teams).build().unwrap();
    let new = NewTable {
        id: 1,
        chat: ChatId::new(Platform::Discord, "c"),
        number: 1,
        rules,
        size,
        lang: Lang::En,
        turn_secs: Some(30),
        bot_level: Default::default(),
        seed,
        // Every third table plays with a short clock; half of those let the computer play on.
        clock: seed.is_multiple_of(3).then_some(ClockRule {
            bank_secs: 60,
            increment_secs: 5,
            on_flag: if seed.is_multiple_of(2) { OnFlag::Computer } else { OnFlag::Lose },
        }),
    };
    Table::create(new, person(0), 0).unwrap().0
}

const LIVES: Lives = Lives { lobby_ms: 90_000, idle_ms: 300_000, away_ms: 200_000 };

fn random_action(rng: &mut ChaCha8Rng, table: &Table) -> Action {
    match rng.random_range(0..100) {
        0..4 => Action::Join { seat: rng.random_bool(0.5).then(|| rng.random_range(0..5)) },
        4..6 => Action::Leave,
        6..9 => Action::AddBot { seat: None },
        9..14 => Action::Start,
        14 => Action::Resign,
        15 => Action::VoteEnd,
        16..19 => Action::Rematch,
        19..21 => Action::Back,
        21..23 => Action::Tick { lives: LIVES },
        23..25 => {
            // A computer move, due or not (a person sending it is refused).
            let Some(game) = table.live() else { return Action::Start };
            let seat = table.to_move().unwrap_or(0);
            match game.legal_moves(seat).first() {
                Some(&mv) => Action::RobotMove { mv },
                None => Action::Tick { lives: LIVES },
            }
        }
        25 => Action::End,
        26..28 => Action::Sit { seat: rng.random_range(0..5) },
        28 => Action::SitSide { side: rng.random_range(0..3) },
        29 => Action::SwapSeats { a: rng.random_range(0..5), b: rng.random_range(0..5) },
        30 => Action::Shuffle,
        32 => Action::VotePause,
        33 => Action::Resume,
        34 => Action::AgreeResign,
        35 => Action::RefuseResign,
        36..39 => Action::Queue,
        39 => Action::SetRotation {
            rotation: [None, Some(Rotation::Queue), Some(Rotation::Knockout)]
                [rng.random_range(0..3)],
        },
        31 => Action::SetClock {
            clock: rng.random_bool(0.5).then(|| ClockRule {
                bank_secs: rng.random_range(0..200) * 30,
                increment_secs: rng.random_range(0..80),
                on_flag: OnFlag::Lose,
            }),
        },
        _ => {
            // Mostly moves: a legal one for the seat to move, or a random legal one of another seat.
            let Some(game) = table.live() else { return Action::Start };
            let seat = table.to_move().unwrap_or(0);
            let moves = game.legal_moves(seat);
            match moves.len() {
                0 => Action::Tick { lives: LIVES },
                n => Action::Move { mv: moves[rng.random_range(0..n)] },
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn refused_commands_change_nothing_and_tables_go_on(v in 0..5usize, size in 2..=4u8, seed in any::<u64>()) {
        let variant = Variant::ALL[v];
        let size = if variant.is_kozel_family() && size == 3 { 3 } else { size };
        prop_assume!(Rules::new(variant).check_table(size as usize).is_ok() || size == 4);
        let mut table = new_table(variant, size, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let people: Vec<Person> = (0..5).map(person).collect();
        let mut now = 0;
        let mut played = 0;
        for _ in 0..400 {
            if !table.phase.is_open() {
                break;
            }
            now += rng.random_range(0..40_000);
            let action = random_action(&mut rng, &table);
            // The person to move is chosen more often, so that matches make progress.
            let actor = match (rng.random_bool(0.6), table.to_move()) {
                (true, Some(s)) => table.seats[s].as_ref().and_then(|st| st.person().cloned()),
                _ => None,
            }
            .unwrap_or_else(|| people[rng.random_range(0..people.len())].clone());
            let admin = rng.random_bool(0.05);
            let version = rng.random_bool(0.8).then_some(table.version).or(Some(rng.random_range(0..3)));
            // Timers and computer moves come from the service (the system); now and then a
            // person sends one, and is refused.
            let system = matches!(action, Action::Tick { .. } | Action::RobotMove { .. }) && rng.random_bool(0.8);
            let actor = if system { Actor::System } else { Actor::Person { person: actor, admin } };
            let cmd = Command { actor, action, version };
            let before = table.clone();
            match table.apply(&cmd, now) {
                Err(_) => {
                    prop_assert_eq!(serde_json::to_value(&table).unwrap(), serde_json::to_value(&before).unwrap());
                }
                Ok(events) => {
                    prop_assert_eq!(table.version, before.version + 1);
                    prop_assert!(!events.is_empty());
                    // The snapshot reads back to the same table.
                    let json = serde_json::to_string(&table).unwrap();
                    let back: Table = serde_json::from_str(&json).unwrap();
                    prop_assert_eq!(serde_json::to_value(&back).unwrap(), serde_json::to_value(&table).unwrap());
                }
            }
            // The service makes every computer move that is due (a person's timeout included).
            table.play_robots(now, &Simple);
            if let Some(turn) = table.robot_turn(now).filter(|t| t.by == MovedBy::Timeout) {
                let mv = turn.choose(table.live().unwrap(), &Simple);
                let late = Command { actor: Actor::System, action: Action::RobotMove { mv }, version: None };
                table.apply(&late, now).unwrap();
                table.play_robots(now, &Simple);
            }
            let seated: Vec<&UserId> = table.humans().map(|(_, p)| &p.id).collect();
            let unique: std::collections::HashSet<_> = seated.iter().collect();
            prop_assert_eq!(unique.len(), seated.len(), "no person holds two seats");
            let waiting: std::collections::HashSet<_> = table.queue.iter().map(|p| &p.id).collect();
            prop_assert_eq!(waiting.len(), table.queue.len(), "nobody is twice in line");
            prop_assert!(seated.iter().all(|id| !waiting.contains(id)), "nobody seated waits in line");
            prop_assert!(table.queue.len() <= MAX_QUEUE);
            prop_assert!(table.rotation.is_some() || table.queue.is_empty());
            if table.phase == Phase::Playing && table.is_paused() {
                // Paused: no deadline, no clock running, no computer move due.
                prop_assert!(table.deadline.is_none() && table.robot_turn(now).is_none());
                prop_assert!(table.clocks.as_ref().is_none_or(|c| c.running.is_none()));
            } else if table.phase == Phase::Playing {
                played += 1;
                let s = table.to_move();
                prop_assert!(s.is_some(), "a match in play has a seat to move");
                let st = table.seats[s.unwrap()].as_ref().unwrap();
                prop_assert!(!st.is_automatic(), "computer seats never wait");
                prop_assert!(table.deadline.is_some(), "the person to move has a deadline");
                let side = table.rules.side_of(s.unwrap()) as u8;
                if let Some(clocks) = &table.clocks {
                    let running = clocks.running.map(|r| r.side);
                    prop_assert_eq!(running, Some(side), "the clock of the side to move runs");
                    prop_assert!(clocks.banks.iter().all(|&b| b >= 0));
                }
            }
        }
        prop_assume!(played > 0 || table.phase != Phase::Lobby);
    }
}
