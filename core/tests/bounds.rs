//! Issue 24: no stranger can stop the bot. Every number a person types is held to its range
//! (`domino_core::bounds`) however it comes — words, Discord's typed options, the settings menu,
//! a forged press — and is refused with the range in the chat's language, changing nothing.
//! Every match ends: a round limit, a room where everyone is away, a limit of open tables per
//! person. Pictures and views stay finite at every extreme a record may still hold.

use domino_core::bounds::{self, MAX_ROUNDS};
use domino_core::chat::{Args, Asker, Chat, Cmd, MenuPress, Request};
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{ManualClock, Options, OsSeeds, Service, ServiceError, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, CloseReason, Command, Event, Lang, Person, Phase, Platform,
    Rejection, Simple, Table, UserId,
};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::picture::{Style, round_end_png, table_png, tally_png};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("Player {n}"))
}

fn group(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-{n}"))
}

fn quick() -> Options {
    Options { robot_pause: Duration::ZERO, ..Options::default() }
}

async fn service(clock: Arc<ManualClock>, options: Options) -> Arc<Service<MemoryStore>> {
    Service::start_with(MemoryStore::new(), Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap()
}

fn ask(cmd: Cmd, words: &str) -> Request {
    Request::words(cmd, &words.split_whitespace().collect::<Vec<_>>())
}

fn from(chat: ChatId, p: &Person, lang: Lang) -> Asker {
    Asker { lang: Some(lang), ..Asker::member(chat, p.clone()) }
}

/// What the chat holds: its open tables' ids and versions.
async fn state(svc: &Service<MemoryStore>) -> Vec<(i64, u64)> {
    let mut all: Vec<(i64, u64)> =
        svc.all_tables().await.iter().map(|t| (t.id, t.version)).collect();
    all.sort();
    all
}

#[tokio::test]
async fn absurd_numbers_in_words_are_refused_with_their_range_and_change_nothing() {
    let svc = service(Arc::new(ManualClock::new(1_000)), quick()).await;
    let chat = Chat::new(svc.clone());
    let private = ChatId::new(Platform::Telegram, "77");
    let me = person(1);
    let asker = Asker { private: true, ..from(private.clone(), &me, Lang::Ru) };
    let cases: &[(Cmd, &str, &str)] = &[
        (Cmd::Duel, "bot до 4294967295", "Цель матча — от 1 до 1000"),
        (Cmd::Duel, "bot target=99999999999999999999999", "Цель матча — от 1 до 1000"),
        (Cmd::New, "kozel до 0", "Цель матча — от 1 до 1000"),
        (Cmd::New, "domino по 200", "Раздача — от 1 до 95"),
        (Cmd::New, "kozel 9", "Число игроков — от 2 до 8"),
        (Cmd::New, "kozel часы 100000+5", "Минуты часов — от 1 до 180"),
        (Cmd::History, "31", "Число матчей — от 1 до 30"),
        (Cmd::History, "18446744073709551616", "Число матчей — от 1 до 30"),
        (Cmd::Score, "1000000", "Номер стола — от 1 до 999999"),
        (Cmd::Stop, "0", "Номер стола — от 1 до 999999"),
        (Cmd::Top, "сезон 10000", "Номер сезона — от 1 до 9999"),
    ];
    for (cmd, words, said) in cases {
        let before = state(&svc).await;
        let a = chat.handle(&asker, ask(*cmd, words)).await;
        let text = a.text().unwrap_or_default().to_owned();
        assert!(text.contains(said), "{cmd:?} {words}: {text}");
        assert!(a.reply.as_ref().is_some_and(|r| r.private), "a refusal is the asker's alone");
        assert!(a.shows.is_empty(), "{words}: nothing shown");
        assert_eq!(state(&svc).await, before, "{words}: nothing changed");
    }
    // In English, the same range.
    let en = Asker { private: true, ..from(private, &me, Lang::En) };
    let a = chat.handle(&en, ask(Cmd::Duel, "bot to 5000")).await;
    let text = a.text().unwrap_or_default();
    assert!(text.contains("The match target is from 1 to 1000; nothing changed."), "{text}");
    // At the edge, accepted.
    let a = chat.handle(&asker, ask(Cmd::Duel, "bot до 1000")).await;
    assert_eq!(svc.all_tables().await.len(), 1, "{:?}", a.text());
    assert_eq!(svc.all_tables().await[0].rules.target(), 1000);
}

#[tokio::test]
async fn typed_options_and_forged_menu_presses_are_held_to_the_same_ranges() {
    let svc = service(Arc::new(ManualClock::new(1_000)), quick()).await;
    let chat = Chat::new(svc.clone());
    let me = person(1);
    let at = from(group(1), &me, Lang::En);
    // Discord's typed options arrive as fields (saturated by the adapter), not words.
    let typed = [
        Args { players: Some(255), ..Args::default() },
        Args { table: Some(u32::MAX), ..Args::default() },
        Args { count: Some(0), ..Args::default() },
        Args { season: Some(10_000), ..Args::default() },
    ];
    for args in typed {
        let mut with_target = Args::default();
        with_target.set_target(1001);
        for args in [args.clone(), with_target] {
            let a = chat.handle(&at, Request::Command(Cmd::New, args.clone())).await;
            let text = a.text().unwrap_or_default();
            assert!(text.contains(" is from ") && text.contains("nothing changed"), "{text}");
            assert!(svc.all_tables().await.is_empty(), "{args:?}");
        }
    }
    // A menu press for a target out of range is no press the bot writes: it is refused
    // whole, and so is one with junk after a real target.
    let admin = Asker { admin: true, ..at.clone() };
    let before = svc.store().chat_settings(&group(1)).await.unwrap();
    for forged in ["s2:0:kozel:target.1001", "s2:0:kozel:target.4294967296", "s2:0:kozel:target.0"]
    {
        assert_eq!(MenuPress::decode(forged, &[]), None, "{forged}");
        chat.handle(&admin, Request::press(forged)).await;
    }
    assert!(MenuPress::decode("s2:0:kozel:target.1000", &[]).is_some(), "the edge is a press");
    assert_eq!(svc.store().chat_settings(&group(1)).await.unwrap(), before, "nothing changed");
    // A chat whose stored options are out of range (kept before the bounds) opens no table
    // with them: the range is told instead.
    let mut settings = before.clone();
    settings.presets.insert("kozel".into(), json!({"target": 4_000_000}));
    settings.version += 1;
    svc.store().set_chat_settings(&group(1), &settings).await.unwrap();
    let a = chat.handle(&at, ask(Cmd::New, "kozel")).await;
    assert!(a.text().unwrap_or_default().contains("от 1 до 1000"), "{:?}", a.text());
    assert!(svc.all_tables().await.is_empty());
}

#[test]
fn every_number_option_has_its_range_and_discord_gets_it_too() {
    use domino_core::chat::{ArgKind, COMMANDS};
    use domino_core::engine::rules::{OPTIONS, OptionKind};
    for o in OPTIONS {
        assert_eq!(o.kind == OptionKind::Number, o.bound.is_some(), "{}", o.key);
    }
    for c in COMMANDS {
        for a in c.args {
            let numeric = matches!(
                a.kind,
                ArgKind::Players
                    | ArgKind::Target
                    | ArgKind::Table
                    | ArgKind::Season
                    | ArgKind::Count
                    | ArgKind::Ago
                    | ArgKind::Days
                    | ArgKind::Minutes
                    | ArgKind::Rounds
                    | ArgKind::Round
            );
            assert_eq!(numeric, a.kind.bound().is_some(), "/{} {}", c.key, a.key);
        }
    }
    // Records keep RECORD.md's R3: any positive target; a chat keeps the range.
    let record = Rules::from_options(Variant::Kozel, &json!({"target": 4_000_000_000u32}), None);
    let rules = record.expect("a record may play to any target");
    assert!(rules.check_bounds().is_err(), "but a chat may not");
    assert_eq!(bounds::TARGET.max, 1000);
}

/// A match of two computers and one person away, under rules no chat may set (a record's):
/// the table closes at the round limit, undecided, nothing scored.
#[test]
fn a_match_that_never_reaches_its_target_ends_at_the_round_limit() {
    let rules = Rules::from_options(Variant::Kozel, &json!({"target": u32::MAX}), None).unwrap();
    let table = computers_table(rules, 2);
    assert_eq!(table.phase, Phase::Closed { reason: CloseReason::RoundLimit });
    let game = table.game.as_ref().unwrap();
    assert_eq!(game.live.rounds_scored(), MAX_ROUNDS);
    assert_eq!(game.outcome, None, "undecided: nobody won, nobody lost");
    let said = domino_core::view::text::close_reason_text(CloseReason::RoundLimit, Lang::Ru);
    assert!(said.contains(&MAX_ROUNDS.to_string()), "{said}");
    // Every picture of that table is finite and drawn (the chart's scale in u64).
    let style = Style::default();
    for png in [
        tally_png(&table, &style).unwrap(),
        table_png(&table, &style).unwrap(),
        round_end_png(&table, MAX_ROUNDS, &style).unwrap(),
    ] {
        assert_eq!(&png.png[..8], b"\x89PNG\r\n\x1a\n");
    }
}

/// A table of computers only, played from its lobby to the end under `rules`.
fn computers_table(rules: Rules, size: u8) -> Table {
    use domino_core::session::{NewTable, Occupant};
    let new = NewTable {
        id: 1,
        chat: group(1),
        number: 1,
        rules,
        size,
        lang: Lang::Ru,
        turn_secs: None,
        bot_level: BotLevel::Random,
        seed: 7,
        clock: None,
    };
    let host = person(1);
    let (mut t, _) = Table::create(new, host.clone(), 0).unwrap();
    for _ in 1..size {
        let add = Command {
            actor: Actor::person(host.clone()),
            action: Action::AddBot { seat: None },
            version: None,
        };
        t.apply(&add, 0).unwrap();
    }
    let start =
        Command { actor: Actor::person(host.clone()), action: Action::Start, version: None };
    t.apply(&start, 0).ok();
    // The host hands their seat to the computer too.
    if let Some(seat) = t.seat_of(&host.id) {
        t.seats[seat].as_mut().unwrap().away = true;
        assert!(matches!(t.seats[seat].as_ref().unwrap().occupant, Occupant::Human(_)));
    }
    while t.phase == Phase::Playing {
        let before = t.version;
        t.play_robots(0, &Simple);
        assert!(t.version > before, "computers always have a move");
    }
    t
}

#[tokio::test]
async fn a_match_everyone_left_to_the_computer_closes_unscored() {
    let clock = Arc::new(ManualClock::new(1_000));
    let svc = service(clock.clone(), quick()).await;
    let away_ms = svc.options().lives.away_ms;
    let me = person(1);
    let spec = TableSpec::plain(group(1), Rules::new(Variant::Kozel), 2);
    let t = svc.duel(spec, me.clone(), None, 60_000).await.unwrap().table;
    assert_eq!(t.phase, Phase::Playing);
    // The person leaves the match (so does one who misses three turns): the computer plays
    // for them meanwhile.
    let seat = t.seat_of(&me.id).unwrap();
    let leave = Command { actor: Actor::person(me.clone()), action: Action::Leave, version: None };
    svc.handle(t.id, leave).await.unwrap();
    let t = svc.table(t.id).await.unwrap().unwrap();
    assert!(t.seats[seat].as_ref().is_some_and(|s| s.left.as_ref() == Some(&me)));
    assert!(t.deserted_at(&svc.options().lives).is_some());
    clock.advance(away_ms - 1);
    svc.fire_due().await;
    let t = svc.table(t.id).await.unwrap().unwrap();
    assert!(t.phase.is_open(), "the computer plays on for a while");
    clock.advance(1);
    let closed = svc.fire_due().await;
    let ended = closed.iter().find(|r| r.table.id == t.id).expect("closed by the timers");
    assert!(ended.events.contains(&Event::Closed { reason: CloseReason::Deserted }));
    assert!(svc.store().scoreboard(&group(1), None, None).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_person_sits_at_a_few_open_tables_at_most() {
    let options = Options { seats_per_person: 2, tables_per_chat: 8, ..quick() };
    let svc = service(Arc::new(ManualClock::new(0)), options).await;
    let spec = |n| TableSpec::plain(group(n), Rules::new(Variant::Kozel), 2);
    let (me, other) = (person(1), person(2));
    svc.create(spec(1), me.clone()).await.unwrap();
    svc.duel(spec(2), me.clone(), None, 60_000).await.unwrap();
    let third = svc.create(spec(3), me.clone()).await;
    assert!(
        matches!(third, Err(ServiceError::Rejected(Rejection::TooManySeats { limit: 2 }))),
        "{third:?}"
    );
    // Joining someone else's lobby is taking a seat too.
    let theirs = svc.create(spec(4), other.clone()).await.unwrap().table;
    let join = Command {
        actor: Actor::person(me.clone()),
        action: Action::Join { seat: None },
        version: None,
    };
    let joined = svc.handle(theirs.id, join).await;
    assert!(
        matches!(joined, Err(ServiceError::Rejected(Rejection::TooManySeats { limit: 2 }))),
        "{joined:?}"
    );
    let t = svc.table(theirs.id).await.unwrap().unwrap();
    assert_eq!((t.version, t.seat_of(&me.id)), (theirs.version, None), "nothing changed");
    let text =
        domino_core::view::refusal::rejection_text(&Rejection::TooManySeats { limit: 2 }, Lang::Ru);
    assert!(text.contains("2 открытыми столами"), "{text}");
}

/// The seats a person holds follow them from chat to chat: one taken by joining another's
/// lobby counts against them, one they give up (leaving a lobby, a table closed) no longer
/// does.
#[tokio::test]
async fn a_persons_seats_are_counted_as_they_take_and_leave_them() {
    let options = Options { seats_per_person: 2, tables_per_chat: 8, ..quick() };
    let svc = service(Arc::new(ManualClock::new(0)), options).await;
    // Four seats: a lobby someone joins waits for more.
    let spec = |n| TableSpec::plain(group(n), Rules::new(Variant::Kozel), 4);
    let (me, other) = (person(1), person(2));
    let by =
        |p: &Person, action| Command { actor: Actor::person(p.clone()), action, version: None };
    let theirs = svc.create(spec(4), other.clone()).await.unwrap().table;
    let join = by(&me, Action::Join { seat: None });
    let joined = svc.handle(theirs.id, join).await.unwrap().table;
    assert_eq!(joined.phase, Phase::Lobby, "{:?}", joined.phase);
    svc.create(spec(1), me.clone()).await.unwrap();
    let third = svc.create(spec(2), me.clone()).await;
    assert!(
        matches!(third, Err(ServiceError::Rejected(Rejection::TooManySeats { limit: 2 }))),
        "the seat taken in another chat counts: {third:?}"
    );
    svc.handle(theirs.id, by(&me, Action::Leave)).await.unwrap();
    let mine = svc.create(spec(2), me.clone()).await.unwrap().table;
    // The other's lobby is theirs alone again: one more lobby is their second seat, the
    // third is refused.
    svc.create(spec(5), other.clone()).await.unwrap();
    let again = svc.create(spec(6), other.clone()).await;
    assert!(
        matches!(again, Err(ServiceError::Rejected(Rejection::TooManySeats { limit: 2 }))),
        "{again:?}"
    );
    // A table its host closes frees their seat there.
    svc.handle(mine.id, by(&me, Action::End)).await.unwrap();
    let duel = TableSpec::plain(group(7), Rules::new(Variant::Kozel), 2);
    svc.duel(duel, me.clone(), None, 60_000).await.unwrap();
}

#[path = "bounds/extremes.rs"]
mod extremes;
