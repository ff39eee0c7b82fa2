//! `/replay` never delays a table: a round's GIF is drawn once and kept (asked again, it is not
//! drawn again, whoever asks); a person asking too often for new ones is refused with when to
//! ask again, and changes nothing, while other people's replays still go; and drawing waits
//! for one of people's thinking permits like a hint.

use domino_core::chat::{Asker, Body, Chat, Cmd, Request};
use domino_core::engine::record::Record;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{
    AdviceLimits, CountingSeeds, ManualClock, Options, Rate, Service, TableSpec,
};
use domino_core::session::{
    Action, Actor, ChatId, Command, Lang, Person, Phase, Platform, Simple, UserId,
};
use domino_core::store::{MemoryStore, Store};
use std::sync::Arc;
use std::time::Duration;

fn chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-700")
}

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("{}", 700 + n)), format!("P{n}"))
}

/// A service whose people's permits are `thinkers`, replays `most` a minute per person, with
/// `matches` matches finished in the chat (duels of person 0 against the computer, first legal
/// moves, to one point).
async fn with_history(thinkers: usize, most: u32, matches: usize) -> Arc<Service<MemoryStore>> {
    with_history_to(thinkers, most, matches, 1).await
}

/// As [`with_history`], the matches played to `target`.
async fn with_history_to(
    thinkers: usize,
    most: u32,
    matches: usize,
    target: u32,
) -> Arc<Service<MemoryStore>> {
    let limits = AdviceLimits {
        thinkers,
        replays: Rate { most, per_ms: 60_000 },
        ..AdviceLimits::default()
    };
    let options =
        Options { robot_pause: Duration::ZERO, advice_limits: limits, ..Options::default() };
    let clock = Arc::new(ManualClock::new(1_000));
    let seeds = Arc::new(CountingSeeds::new(11));
    let svc = Service::start_with(MemoryStore::new(), Arc::new(Simple), clock, seeds, options)
        .await
        .expect("a service");
    for _ in 0..matches {
        let rules = Rules::builder(Variant::Classic).target(target).build().unwrap();
        let spec = TableSpec::plain(chat(), rules, 2);
        let id = svc.duel(spec, person(0), None, 60_000).await.unwrap().table.id;
        for _ in 0..2000 {
            svc.settled().await;
            let t = svc.table(id).await.unwrap().unwrap();
            if t.phase != Phase::Playing {
                break;
            }
            if t.to_move() == Some(0) {
                let mv = t.live().unwrap().legal_moves(0)[0];
                let cmd = Command {
                    actor: Actor::person(person(0)),
                    action: Action::Move { mv },
                    version: Some(t.version),
                };
                svc.handle(id, cmd).await.unwrap();
            }
        }
    }
    let records = svc
        .store()
        .season_records(&chat(), domino_core::standings::Span::AllTime, 100)
        .await
        .unwrap();
    assert_eq!(records.len(), matches, "the matches are in the chat's history");
    svc
}

async fn replay(layer: &Chat<MemoryStore>, n: u32, ago: &str) -> domino_core::chat::Answer {
    asked(layer, n, Lang::En, ago).await
}

/// `/replay` with these words, asked by person `n` in `lang`.
async fn asked(
    layer: &Chat<MemoryStore>,
    n: u32,
    lang: Lang,
    words: &str,
) -> domino_core::chat::Answer {
    let from = Asker { lang: Some(lang), ..Asker::member(chat(), person(n)) };
    let words: Vec<&str> = words.split_whitespace().collect();
    layer.handle(&from, Request::words(Cmd::Replay, &words)).await
}

fn gif(a: &domino_core::chat::Answer) -> Vec<u8> {
    match &a.reply.as_ref().expect("a reply").body {
        Body::Files { files, .. } => files[0].bytes.clone(),
        other => panic!("a GIF, not {other:?}"),
    }
}

#[tokio::test]
async fn a_round_is_drawn_once_whoever_asks_again() {
    let svc = with_history(1, 3, 1).await;
    let layer = Chat::new(svc.clone());
    let first = replay(&layer, 1, "1").await;
    assert_eq!(svc.drawings(), 1);
    // Asked again, by the same person and by another: kept, not drawn again, not counted.
    let (again, other) = (replay(&layer, 1, "1").await, replay(&layer, 2, "1").await);
    assert_eq!(svc.drawings(), 1, "answered from the kept GIF");
    assert_eq!((gif(&again), gif(&other)), (gif(&first), gif(&first)));
    assert_eq!(again.text(), first.text(), "the same caption");
    // A flood of the same round costs nothing, and no rate: it is not drawn again.
    for _ in 0..10 {
        assert!(matches!(replay(&layer, 1, "1").await.reply.unwrap().body, Body::Files { .. }));
    }
    assert_eq!(svc.drawings(), 1);
}

#[tokio::test]
async fn a_flood_from_one_person_is_refused_with_when_and_others_still_go() {
    let svc = with_history(1, 2, 4).await;
    let layer = Chat::new(svc.clone());
    replay(&layer, 1, "1").await;
    replay(&layer, 1, "2").await;
    let before = svc.drawings();
    let refused = replay(&layer, 1, "3").await;
    let reply = refused.reply.as_ref().unwrap();
    assert!(reply.private, "only the asker is told");
    assert_eq!(
        refused.text(),
        Some("🎞 Too many replays in a row: try again in 60 seconds."),
        "the refusal says when"
    );
    assert_eq!(svc.drawings(), before, "nothing drawn for it");
    // In Russian too.
    let from = Asker { lang: Some(Lang::Ru), ..Asker::member(chat(), person(1)) };
    let ru = layer.handle(&from, Request::words(Cmd::Replay, &["4"])).await;
    assert_eq!(
        ru.text(),
        Some("🎞 Слишком много повторов подряд — попробуйте снова через 60 секунд.")
    );
    // Somebody else's replay goes, and what was kept still goes for the one refused.
    assert!(matches!(replay(&layer, 2, "3").await.reply.unwrap().body, Body::Files { .. }));
    assert!(matches!(replay(&layer, 1, "1").await.reply.unwrap().body, Body::Files { .. }));
    assert_eq!(svc.drawings(), before + 1);
    // A minute later, the person may ask again.
    svc.advance_clock(60_000);
    assert!(matches!(replay(&layer, 1, "4").await.reply.unwrap().body, Body::Files { .. }));
}

#[tokio::test]
async fn a_replay_waits_for_a_thinking_permit() {
    let svc = with_history(1, 3, 1).await;
    let layer = Chat::new(svc.clone());
    // The one permit of people's help is busy (as a hint thinking would hold it).
    let (free, held) = std::sync::mpsc::channel::<()>();
    let busy = {
        let svc = svc.clone();
        tokio::spawn(async move { svc.draw_for(&person(9).id, move || held.recv()).await })
    };
    while svc.drawings() == 0 {
        tokio::task::yield_now().await;
    }
    let asked = tokio::spawn(async move { replay(&layer, 1, "1").await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!asked.is_finished(), "the replay waits for the permit");
    assert_eq!(svc.drawings(), 1, "and has not started drawing");
    free.send(()).unwrap();
    busy.await.unwrap().unwrap().unwrap();
    let answer = asked.await.unwrap();
    assert!(matches!(answer.reply.unwrap().body, Body::Files { .. }));
    assert_eq!(svc.drawings(), 2);
}

#[tokio::test]
async fn any_round_of_a_match_and_only_the_rounds_it_had() {
    let svc = with_history_to(1, 10, 2, 40).await;
    let layer = Chat::new(svc.clone());
    let latest = svc
        .store()
        .season_records(&chat(), domino_core::standings::Span::AllTime, 1)
        .await
        .unwrap();
    let rounds = Record::from_json(&latest[0]).unwrap().rounds.len();
    assert!(rounds >= 2, "a match of several rounds to replay: {rounds}");
    // The first round, in all the ways it is written; then the last, by default and by number.
    let first = asked(&layer, 1, Lang::En, "1 round 1").await;
    let caption = first.text().unwrap().to_owned();
    assert!(caption.contains(&format!("round 1 of {rounds}")), "{caption}");
    assert!(!first.reply.as_ref().unwrap().private, "a replay is for the chat");
    for words in ["1 раунд 1", "1 1", "раунд 1"] {
        let again = asked(&layer, 2, Lang::En, words).await;
        assert_eq!((again.text(), gif(&again)), (Some(caption.as_str()), gif(&first)), "{words}");
    }
    assert_eq!(svc.drawings(), 1, "the first round drawn once");
    let last = replay(&layer, 1, "1").await;
    assert!(last.text().unwrap().contains(&format!("round {rounds} of {rounds}")));
    assert_ne!(gif(&last), gif(&first), "another round, another picture");
    let by_number = asked(&layer, 1, Lang::En, &format!("1 {rounds}")).await;
    assert_eq!(gif(&by_number), gif(&last));
    assert_eq!(svc.drawings(), 2, "each round drawn once");
    // A round the match did not have: its range, nothing drawn.
    let over = asked(&layer, 1, Lang::En, &format!("1 round {}", rounds + 1)).await;
    assert!(over.reply.as_ref().unwrap().private, "only the asker is told");
    assert_eq!(
        over.text().unwrap(),
        format!(
            "🎞 That match had no round {}: it had {rounds} rounds — choose from 1 to {rounds}.",
            rounds + 1
        )
    );
    let ru = asked(&layer, 1, Lang::Ru, &format!("1 раунд {}", rounds + 1)).await;
    let ru = ru.text().unwrap();
    assert!(ru.starts_with(&format!("🎞 Раунда {} в этом матче не было", rounds + 1)), "{ru}");
    assert!(ru.ends_with(&format!("выберите от 1 до {rounds}.")), "{ru}");
    // Past every match's range: the range itself, before the history is read.
    let zero = asked(&layer, 1, Lang::En, "1 0").await;
    assert!(zero.text().unwrap().contains("from 1 to 300"), "{:?}", zero.text());
    // A match the history does not have.
    let unknown = replay(&layer, 1, "3").await;
    assert_eq!(unknown.text(), Some("🎞 The chat's history has 2 matches. See /history."));
    let unknown = asked(&layer, 1, Lang::En, "3 round 1").await;
    assert_eq!(unknown.text(), Some("🎞 The chat's history has 2 matches. See /history."));
    assert_eq!(svc.drawings(), 2, "nothing drawn for what was refused");
}
