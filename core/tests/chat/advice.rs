//! Hints and reviews for people, end to end through the chat layer: a hint is taken only by
//! the person to move with a choice at a table with hints on, is committed before it is
//! answered (a restart still counts it), and is counted in the round's result; a refused hint
//! changes nothing; `/review` names only the requester's own moves.

use domino_core::chat::{Answer, Asker, Body, Chat, Cmd, Request};
use domino_core::engine::ai::Budget;
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Event, Lang, Person, Phase, Platform, Table, UserId};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData, hand_view};
use std::sync::Arc;

const ADVICE: Budget = Budget { playouts: 12 };

async fn service(store: MemoryStore) -> Arc<Service<MemoryStore>> {
    let options =
        Options { robot_pause: std::time::Duration::ZERO, advice: ADVICE, ..Options::default() };
    let (clock, seeds) = (Arc::new(ManualClock::new(1)), Arc::new(CountingSeeds::new(7)));
    Service::start_with(store, Arc::new(domino_core::session::Simple), clock, seeds, options)
        .await
        .expect("a service")
}

fn chat_id() -> ChatId {
    ChatId::new(Platform::Telegram, "-42")
}

fn ann() -> Person {
    Person::new(UserId::new(Platform::Telegram, "501"), "Аня")
}

fn from(who: &Person) -> Asker {
    Asker { lang: Some(Lang::Ru), ..Asker::member(chat_id(), who.clone()) }
}

async fn with_hints(store: &MemoryStore, on: bool) {
    let s = store.chat_settings(&chat_id()).await.unwrap();
    store.set_chat_settings(&chat_id(), &ChatSettings { hints: on, ..s }.next()).await.unwrap();
}

/// A duel of Ann against the computer, opened in the chat.
async fn duel(chat: &Chat<MemoryStore>) -> Table {
    let a = chat.handle(&from(&ann()), Request::words(Cmd::Duel, &["bot", "kozel"])).await;
    assert!(!a.shows.is_empty(), "the duel opens: {:?}", a.text());
    chat.service().settled().await;
    let id = a.shows[0].table.id;
    chat.service().table(id).await.unwrap().unwrap()
}

async fn table(chat: &Chat<MemoryStore>, id: i64) -> Table {
    chat.service().settled().await;
    chat.service().table(id).await.unwrap().unwrap()
}

fn hint_press(t: &Table) -> Request {
    Request::press(ButtonData::new(t.id, t.version, ButtonAction::Hint).encode())
}

/// Ann's moves (the first her hand offers) until it is her turn with a choice again, or the
/// round (or match) ends; the events seen on the way.
async fn play_on(chat: &Chat<MemoryStore>, id: i64) -> Vec<Answer> {
    let mut answers = Vec::new();
    let rounds = |t: &Table| t.game.as_ref().map_or(0, |g| g.rounds.len());
    let start = rounds(&table(chat, id).await);
    for _ in 0..200 {
        let t = table(chat, id).await;
        // A round ended (by Ann's move, or by the computer's in the background).
        if t.phase != Phase::Playing || rounds(&t) != start {
            break;
        }
        let Some(view) = hand_view(&t, 0).filter(|v| v.your_turn) else { break };
        let Some((_, data)) = view.buttons.first().and_then(|r| r.first()).cloned() else { break };
        let a = chat.handle(&from(&ann()), Request::press(data.encode())).await;
        let ended = a.shows.iter().any(|s| s.notice.is_some());
        answers.push(a);
        if ended {
            break;
        }
    }
    answers
}

/// Ann's turn with a real choice, moving first until it comes.
async fn her_choice(chat: &Chat<MemoryStore>, id: i64) -> Table {
    for _ in 0..200 {
        let t = table(chat, id).await;
        assert_eq!(t.phase, Phase::Playing, "the match goes on");
        if t.to_move() == Some(0) && t.live().unwrap().legal_moves(0).len() > 1 {
            return t;
        }
        play_on(chat, id).await;
    }
    panic!("Ann never had a choice");
}

#[tokio::test]
async fn a_hint_is_committed_counted_in_the_round_and_survives_a_restart() {
    let store = MemoryStore::new();
    with_hints(&store, true).await;
    let svc = service(store).await;
    let chat = Chat::new(svc.clone());
    let t = duel(&chat).await;
    assert!(t.hints, "the table took the chat's setting");
    let t = her_choice(&chat, t.id).await;
    let hand = hand_view(&t, 0).unwrap();
    let offered = hand.buttons.iter().flatten().any(|(_, d)| d.action == ButtonAction::Hint);
    assert!(offered, "the hand offers the hint");

    let a = chat.handle(&from(&ann()), hint_press(&t)).await;
    let Some(Body::Hand(view)) = a.reply.as_ref().map(|r| &r.body) else {
        panic!("the hint is answered with the hand: {:?}", a.text());
    };
    let label = view.hint.clone().expect("the hand names the hint");
    assert!(view.buttons.iter().flatten().any(|(l, _)| l == &format!("💡 {label}")));
    assert!(!view.buttons.iter().flatten().any(|(_, d)| d.action == ButtonAction::Hint));
    let after = table(&chat, t.id).await;
    assert_eq!(after.version, t.version + 1, "the hint was committed");
    let events = svc.store().events(t.id).await.unwrap();
    let logged = events.iter().filter(|(_, e)| matches!(e, Event::HintUsed { seat: 0, .. }));
    assert_eq!(logged.count(), 1, "the log holds the hint");
    let round = after.game.as_ref().unwrap().rounds.len() as u32;
    assert_eq!(after.hints_in(round)[0], 1);

    // The same hint again, for the same move: refused, nothing changes.
    let again = chat.handle(&from(&ann()), hint_press(&after)).await;
    assert!(again.text().unwrap_or_default().contains("уже дана"), "{:?}", again.text());
    assert_eq!(table(&chat, t.id).await.version, after.version);

    // A restart: the hint is still there.
    drop(chat);
    svc.settled().await;
    let store = Arc::into_inner(svc).expect("nothing else holds the service").into_store();
    let svc = service(store).await;
    let chat = Chat::new(svc.clone());
    let back = table(&chat, t.id).await;
    assert_eq!(back.hints_in(round)[0], 1, "a restart keeps the hint");
    assert_eq!(back.hint_now(0), after.hint_now(0));

    // The round's result counts it: in the notice of its end when Ann's move ends it (a
    // computer's move may end it in the background instead), and in the score.
    let mut shown = None;
    let heading = format!("Раунд {round} ");
    for _ in 0..60 {
        svc.settled().await;
        let now = table(&chat, t.id).await;
        let rounds = now.game.as_ref().map_or(0, |g| g.rounds.len() as u32);
        if rounds > round || now.phase != Phase::Playing {
            break;
        }
        for a in play_on(&chat, t.id).await {
            for s in &a.shows {
                if let Some(n) = s.notice.as_ref().filter(|n| n.text.contains(&heading)) {
                    shown = Some(n.text.clone());
                }
            }
        }
    }
    if let Some(text) = shown {
        assert!(text.contains("💡 подсказки: Аня 1"), "{text}");
    }
    let score = chat.handle(&from(&ann()), Request::words(Cmd::Score, &[])).await;
    let text = score.text().unwrap_or_default();
    let line = text.lines().find(|l| l.contains(&heading)).unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("💡 подсказки: Аня 1"), "{text}");

    // The review names Ann's own moves only.
    let a = chat.handle(&from(&ann()), Request::words(Cmd::Review, &[])).await;
    let reply = a.reply.as_ref().expect("a review");
    assert!(reply.private, "only Ann sees her review");
    let text = a.text().unwrap();
    assert!(text.contains(&format!("раунд {round}")), "{text}");
    // Each move named is Ann's own, and the better one was in her hand then.
    let t = table(&chat, t.id).await;
    let r = svc.review(&t, 0, &ann()).await.unwrap().expect("a finished round");
    assert_eq!(r.round, round);
    for slip in &r.review.slips {
        assert_eq!(r.moves[slip.index], (0, slip.played), "a move of Ann's");
        let mut then = r.start.clone();
        for &(seat, mv) in &r.moves[..slip.index] {
            then.apply(seat as usize, mv).unwrap();
        }
        let hand = then.round().unwrap().hand(0);
        assert!(slip.better.tiles().all(|tile| hand.contains(tile)), "her own tiles");
    }
}

#[tokio::test]
async fn a_hint_refused_changes_nothing() {
    let store = MemoryStore::new();
    let svc = service(store).await;
    let chat = Chat::new(svc.clone());
    // Hints off: no button, and a forged press is refused.
    let t = duel(&chat).await;
    assert!(!t.hints);
    let t = her_choice(&chat, t.id).await;
    let hand = hand_view(&t, 0).unwrap();
    assert!(!hand.buttons.iter().flatten().any(|(_, d)| d.action == ButtonAction::Hint));
    let a = chat.handle(&from(&ann()), hint_press(&t)).await;
    assert!(a.text().unwrap_or_default().contains("выключены"), "{:?}", a.text());
    assert_eq!(table(&chat, t.id).await.version, t.version);
    // A later change of the setting does not reach the table in play.
    with_hints(svc.store(), true).await;
    let a = chat.handle(&from(&ann()), hint_press(&t)).await;
    assert!(a.text().unwrap_or_default().contains("выключены"), "{:?}", a.text());
    let _ = chat.handle(&from(&ann()), Request::words(Cmd::Stop, &[])).await;

    // Hints on: a stale press, a stranger's, and one out of turn are refused.
    let t = duel(&chat).await;
    assert!(t.hints);
    let t = her_choice(&chat, t.id).await;
    let stale = Request::press(ButtonData::new(t.id, t.version - 1, ButtonAction::Hint).encode());
    let a = chat.handle(&from(&ann()), stale).await;
    assert!(a.text().unwrap_or_default().contains("устарела"), "{:?}", a.text());
    let bob = Person::new(UserId::new(Platform::Telegram, "502"), "Боря");
    let a = chat.handle(&from(&bob), hint_press(&t)).await;
    assert!(a.text().unwrap_or_default().contains("не сидите"), "{:?}", a.text());
    assert_eq!(table(&chat, t.id).await.version, t.version);
    // Ann's own press on the current version is taken, once.
    let a = chat.handle(&from(&ann()), hint_press(&t)).await;
    assert!(matches!(a.reply.as_ref().map(|r| &r.body), Some(Body::Hand(_))));
    let events = svc.store().events(t.id).await.unwrap();
    assert_eq!(events.iter().filter(|(_, e)| matches!(e, Event::HintUsed { .. })).count(), 1);
}

#[tokio::test]
async fn a_review_before_any_round_and_by_a_stranger_is_answered_clearly() {
    let store = MemoryStore::new();
    with_hints(&store, true).await;
    let chat = Chat::new(service(store).await);
    let t = duel(&chat).await;
    let a = chat.handle(&from(&ann()), Request::words(Cmd::Review, &[])).await;
    assert!(a.text().unwrap_or_default().contains("ещё не доигран"), "{:?}", a.text());
    let bob = Person::new(UserId::new(Platform::Telegram, "502"), "Боря");
    let a = chat.handle(&from(&bob), Request::words(Cmd::Review, &[])).await;
    assert!(a.text().unwrap_or_default().contains("не сидите"), "{:?}", a.text());
    assert_eq!(table(&chat, t.id).await.version, t.version, "a review changes nothing");
}

#[tokio::test]
async fn a_hint_out_of_turn_is_refused() {
    let store = MemoryStore::new();
    with_hints(&store, true).await;
    let chat = Chat::new(service(store).await);
    let bob = Person::new(UserId::new(Platform::Telegram, "502"), "Боря");
    let a = chat.handle(&from(&ann()), Request::words(Cmd::New, &["kozel", "2"])).await;
    let id = a.shows[0].table.id;
    let t = table(&chat, id).await;
    let join = Request::press(ButtonData::new(id, t.version, ButtonAction::Join).encode());
    chat.handle(&from(&bob), join).await;
    let t = table(&chat, id).await;
    assert_eq!(t.phase, Phase::Playing);
    let mover = t.to_move().unwrap();
    let waiting = if mover == 0 { bob.clone() } else { ann() };
    let a = chat.handle(&from(&waiting), hint_press(&t)).await;
    assert!(a.text().unwrap_or_default().contains("Сейчас не ваш ход"), "{:?}", a.text());
    assert_eq!(table(&chat, id).await.version, t.version, "nothing changed");
}
