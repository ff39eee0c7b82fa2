//! Votes during a match: a pair's resignation asks the partner (yes, no, or it lapses), each
//! for himself it is the person's alone; a majority pauses the match, which stops the turn
//! timer, the clock and the computers, and resumes on a press or by itself, every deadline
//! moved on by the time paused.

use super::leave::{cmd, started};
use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Actor, ChatId, ClockRule, Command, Event, Lang, Lives, NewTable, OnFlag, PAUSE_MS,
    Paused, Person, Phase, Platform, RESIGN_VOTE_MS, Rejection, Table, UserId,
};
use domino_core::view::{ButtonAction, notices, render_table, table_view};

fn tick() -> Command {
    Command {
        actor: Actor::System,
        action: Action::Tick { lives: Lives::default() },
        version: None,
    }
}

fn buttons(t: &Table) -> Vec<ButtonAction> {
    table_view(t).buttons.iter().flatten().map(|(_, d)| d.action).collect()
}

/// Applies a command that must be refused with `why`, and checks it changed nothing.
fn refused(t: &mut Table, who: &Person, action: Action, now: i64, why: Rejection) {
    let before = serde_json::to_value(&*t).unwrap();
    assert_eq!(t.apply(&cmd(who, action.clone()), now), Err(why), "{action:?} by {}", who.name);
    assert_eq!(serde_json::to_value(&*t).unwrap(), before, "a refusal changes nothing");
}

#[test]
fn a_pair_s_resignation_asks_the_partner_who_may_refuse_or_agree() {
    // P0 + P2 (N/S) against P1 + P3 (E/W).
    let (mut t, p) = started(4, 6);
    let events = t.apply(&cmd(&p[0], Action::Resign), 10).unwrap();
    let expires_at = 10 + RESIGN_VOTE_MS;
    assert_eq!(events, vec![Event::ResignProposed { seat: 0, partner: 2, expires_at }]);
    assert_eq!(t.phase, Phase::Playing, "nothing is decided yet");
    assert!(buttons(&t).contains(&ButtonAction::ResignYes), "{:?}", buttons(&t));
    let said = notices(&t, &events).join("\n");
    assert!(said.contains("P0 proposes to resign. P2, it is your call"), "{said}");
    assert!(render_table(&table_view(&t)).contains("P0 proposes to resign: P2 decides"));
    // Only the partner answers; the one asking, or the other side, may not.
    refused(&mut t, &p[1], Action::AgreeResign, 11, Rejection::NotPartner);
    refused(&mut t, &p[0], Action::AgreeResign, 11, Rejection::NotPartner);
    refused(&mut t, &p[0], Action::Resign, 11, Rejection::AlreadyVoted);
    refused(&mut t, &p[1], Action::Resign, 11, Rejection::ResignPending);
    let events = t.apply(&cmd(&p[2], Action::RefuseResign), 12).unwrap();
    assert_eq!(events, vec![Event::ResignAnswered { seat: 2, agreed: false }]);
    assert_eq!((t.phase.clone(), t.resign_vote), (Phase::Playing, None), "play goes on");
    assert!(!buttons(&t).contains(&ButtonAction::ResignYes));
    refused(&mut t, &p[2], Action::AgreeResign, 13, Rejection::NoResignVote);
    // Asked again, the partner agrees: the side resigns.
    t.apply(&cmd(&p[0], Action::Resign), 14).unwrap();
    let events = t.apply(&cmd(&p[2], Action::AgreeResign), 15).unwrap();
    assert!(events.contains(&Event::Resigned { seat: 0 }), "{events:?}");
    assert_eq!(t.phase, Phase::Finished);
    let outcome = t.game.as_ref().unwrap().outcome.unwrap();
    assert_eq!((outcome.winner, outcome.loser, outcome.resigned), (Some(1), Some(0), Some(0)));
}

#[test]
fn the_partner_s_own_resign_is_a_yes_and_an_unanswered_one_lapses() {
    let (mut t, p) = started(4, 6);
    t.apply(&cmd(&p[1], Action::Resign), 10).unwrap();
    let events = t.apply(&cmd(&p[3], Action::Resign), 11).unwrap();
    assert!(events.contains(&Event::ResignAnswered { seat: 3, agreed: true }), "{events:?}");
    assert_eq!(t.game.as_ref().unwrap().outcome.unwrap().loser, Some(1));

    let (mut t, p) = started(4, 6);
    t.apply(&cmd(&p[0], Action::Resign), 10).unwrap();
    let expires = 10 + RESIGN_VOTE_MS;
    assert_eq!(t.next_due(&Lives::default()), Some(expires), "the proposal's end is due");
    assert_eq!(t.apply(&tick(), expires - 1), Err(Rejection::NotDue));
    let events = t.apply(&tick(), expires).unwrap();
    assert_eq!(events, vec![Event::ResignLapsed { seat: 0 }]);
    assert!(notices(&t, &events)[0].contains("went unanswered"), "{events:?}");
    assert_eq!((t.phase.clone(), t.resign_vote), (Phase::Playing, None));
    refused(&mut t, &p[2], Action::AgreeResign, expires + 1, Rejection::NoResignVote);
}

#[test]
fn each_for_himself_a_resignation_is_the_person_s_alone() {
    let (mut t, p) = started(3, 6);
    let events = t.apply(&cmd(&p[1], Action::Resign), 10).unwrap();
    assert_eq!(events[0], Event::Resigned { seat: 1 });
    assert_eq!(t.phase, Phase::Finished);
}

/// Three people at Kozel, a 60 s turn timer and a 1+0 clock, all started at 0.
fn timed(seed: u64) -> (Table, Vec<Person>) {
    let people: Vec<Person> = (0..3)
        .map(|n| Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("P{n}")))
        .collect();
    let new = NewTable {
        id: 2,
        chat: ChatId::new(Platform::Telegram, "-100"),
        number: 1,
        rules: Rules::builder(Variant::Kozel).teams(Teams::None).build().unwrap(),
        size: 3,
        lang: Lang::En,
        turn_secs: Some(60),
        bot_level: Default::default(),
        seed,
        clock: Some(ClockRule { bank_secs: 60, increment_secs: 0, on_flag: OnFlag::Lose }),
    };
    let (mut t, _) = Table::create(new, people[0].clone(), 0).unwrap();
    for who in &people[1..] {
        t.apply(&cmd(who, Action::Join { seat: None }), 0).unwrap();
    }
    assert_eq!(
        (t.phase.clone(), t.deadline, t.flag_at()),
        (Phase::Playing, Some(60_000), Some(60_000))
    );
    (t, people)
}

#[test]
fn a_majority_pauses_the_clock_and_the_timer_and_a_press_resumes_them_shifted() {
    let (mut t, p) = timed(5);
    let mover = t.to_move().unwrap();
    let events = t.apply(&cmd(&p[0], Action::VotePause), 10_000).unwrap();
    assert_eq!(events, vec![Event::PauseVote { seat: 0, votes: 1, needed: 2 }]);
    assert!(!t.is_paused(), "one of three is no majority");
    refused(&mut t, &p[0], Action::VotePause, 11_000, Rejection::AlreadyVoted);
    refused(&mut t, &p[0], Action::Resume, 11_000, Rejection::NotPaused);
    let events = t.apply(&cmd(&p[1], Action::VotePause), 12_000).unwrap();
    let until = 12_000 + PAUSE_MS;
    assert_eq!(events.last(), Some(&Event::Paused { until }));
    assert_eq!(
        t.paused,
        Some(Paused { since: 12_000, until, turn_left: Some(48_000) }),
        "the turn had 48 s left"
    );
    assert_eq!((t.deadline, t.flag_at()), (None, None), "no timer, no clock runs");
    assert_eq!(t.clocks.as_ref().unwrap().banks[mover], 48_000);
    assert!(
        buttons(&t).contains(&ButtonAction::Resume) && !buttons(&t).contains(&ButtonAction::Pause)
    );
    assert!(render_table(&table_view(&t)).contains("⏸ Paused"));
    assert!(notices(&t, &events).join("\n").contains("in 15 minutes play resumes by itself"));
    // Nobody moves; the time the turn had is not lost however long the pause.
    let mv = t.live().unwrap().legal_moves(mover)[0];
    refused(&mut t, &p[mover], Action::Move { mv }, 70_000, Rejection::Paused);
    assert_eq!(t.next_due(&Lives::default()), Some(until), "only the pause's end is due");
    assert_eq!(t.apply(&tick(), until - 1), Err(Rejection::NotDue), "no flag falls");
    let events = t.apply(&cmd(&p[2], Action::Resume), 500_000).unwrap();
    assert_eq!(events, vec![Event::Resumed { seat: Some(2) }]);
    assert_eq!((t.deadline, t.flag_at()), (Some(548_000), Some(548_000)), "moved on by the pause");
    t.apply(&cmd(&p[mover], Action::Move { mv }), 500_001).unwrap();
}

#[test]
fn a_pause_ends_by_itself_and_computers_wait_for_it() {
    let (mut t, p) = timed(5);
    let mover = t.to_move().unwrap();
    t.apply(&cmd(&p[0], Action::VotePause), 1_000).unwrap();
    t.apply(&cmd(&p[1], Action::VotePause), 2_000).unwrap();
    // The person to move leaves during the pause: the computer plays the seat, but not yet.
    t.apply(&cmd(&p[mover], Action::Leave), 3_000).unwrap();
    let until = 2_000 + PAUSE_MS;
    assert_eq!(t.robot_turn(until), None, "computers do not move while paused");
    let events = t.apply(&tick(), until).unwrap();
    assert_eq!(events[0], Event::Resumed { seat: None });
    assert!(notices(&t, &events)[0].contains("The pause is over (15 minutes)"), "{events:?}");
    assert!(!t.is_paused());
    assert!(t.robot_turn(until).is_some(), "the computer's move is due at once");
}

/// Through the service on a manual clock: a pause nobody ends resumes by its timer, and the
/// computer whose turn waited for it moves at once.
#[tokio::test]
async fn the_service_resumes_a_pause_by_itself_and_the_computer_then_moves() {
    use domino_core::service::{ManualClock, Options, OsSeeds, Service, TableSpec};
    use domino_core::session::Simple;
    use domino_core::store::MemoryStore;
    use std::sync::Arc;
    let clock = Arc::new(ManualClock::new(1_000));
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let svc = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        clock.clone(),
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    let (a, b) = (super::leave::person(0), super::leave::person(1));
    let spec = TableSpec {
        chat: ChatId::new(Platform::Telegram, "-7"),
        thread: None,
        rules: Rules::new(Variant::Kozel),
        size: 2,
        clock: None,
        rotation: None,
    };
    let t = svc.create(spec, a.clone()).await.unwrap().table;
    let t = svc.handle(t.id, cmd(&b, Action::Join { seat: None })).await.unwrap().table;
    let mover = t.to_move().unwrap();
    let who = [&a, &b][mover];
    svc.handle(t.id, cmd(&a, Action::VotePause)).await.unwrap();
    svc.handle(t.id, cmd(&b, Action::VotePause)).await.unwrap();
    // The person to move leaves: their seat is the computer's, which waits for the pause.
    svc.handle(t.id, cmd(who, Action::Leave)).await.unwrap();
    svc.settled().await;
    let paused = svc.table(t.id).await.unwrap().unwrap();
    assert!(paused.is_paused() && paused.to_move() == Some(mover), "nothing moved");
    clock.advance(PAUSE_MS - 1);
    assert!(svc.fire_due().await.is_empty(), "the pause lasts its whole time");
    clock.advance(1);
    let fired = svc.fire_due().await;
    assert!(fired.iter().any(|f| f.events.contains(&Event::Resumed { seat: None })));
    svc.settled().await;
    let after = svc.table(t.id).await.unwrap().unwrap();
    assert!(!after.is_paused());
    let moves: usize = after.game.as_ref().unwrap().rounds.iter().map(Vec::len).sum();
    assert!(moves > 0 && after.to_move() != Some(mover), "the computer moved for the seat");
}
