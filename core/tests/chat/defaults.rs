//! Defaults that fit a group, straight through the chat layer: a group's new table takes the
//! group's turn timer (warned before it runs out, then the computer moves for the person),
//! while a private chat, and a chat that chose, keep theirs; the deal, the writing threshold
//! and the match clock as chat defaults taken by a new table, its own words still winning;
//! and the league offered once after the fifth finished match, answered by admins alone.

use domino_core::chat::{
    Answer, Args, Asker, Body, CLOCKS, Change, Cmd, Door, Fed, Menu, MenuPress, OfferAct, Page,
    Request, texts,
};
use domino_core::engine::rules::Variant;
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::service::{ManualClock, OFFER_DONE, Options, OsSeeds, Service, offer_key};
use domino_core::session::{Phase, Simple};
use domino_core::standings::{Cadence, Weekday};
use domino_core::store::{
    ChatSettings, GROUP_TURN_SECS, MemoryStore, Store, TableClock, TurnTimer,
};
use std::sync::Arc;

const T0: i64 = 1_700_000_000_000;

fn tg(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

fn member(n: u32) -> Asker {
    Asker { lang: Some(Lang::Ru), ..Asker::member(group(), tg(n)) }
}

fn admin(n: u32) -> Asker {
    Asker { admin: true, ..member(n) }
}

/// A door over a memory store on a manual clock, computers moving at once.
async fn door() -> (Door, Arc<Service<MemoryStore>>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(T0));
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let service = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        clock.clone(),
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    (Door::new(service.clone()), service, clock)
}

/// A duel with the computer opened by `from`: its table's id, once the computer moved.
async fn duel(door: &Door, service: &Service<MemoryStore>, from: &Asker) -> i64 {
    let args = Args { computer: true, ..Args::default() };
    let opened = door.handle(from, Request::Command(Cmd::Duel, args)).await;
    let id = opened.shows.first().unwrap_or_else(|| panic!("{:?}", opened.text())).table.id;
    service.settled().await;
    id
}

fn text(answer: &Answer) -> String {
    match answer.reply.as_ref().map(|r| &r.body) {
        Some(Body::Text(t) | Body::Long(t)) => t.clone(),
        other => panic!("no text: {other:?}"),
    }
}

async fn settings(service: &Service<MemoryStore>) -> ChatSettings {
    service.store().chat_settings(&group()).await.unwrap()
}

#[tokio::test]
async fn a_group_table_takes_the_group_timer_and_warns_before_the_computer_moves() {
    let (door, service, clock) = door().await;
    let ann = member(1);
    let id = duel(&door, &service, &ann).await;
    let t = service.table(id).await.unwrap().unwrap();
    assert_eq!(t.turn_secs, Some(GROUP_TURN_SECS), "a group that never chose has the timer");
    assert_eq!(t.to_move(), Some(0), "Ann to move");
    let deadline = t.deadline.expect("a deadline");
    assert_eq!(deadline, clock.now_ms() + i64::from(GROUP_TURN_SECS) * 1000);
    let ping = door.show(id).await.and_then(|s| s.turn).expect("a turn ping");
    assert!(ping.text.contains(&format!("На раздумье {GROUP_TURN_SECS} с")), "{}", ping.text);
    // Nothing before the warning is due.
    clock.advance(i64::from(GROUP_TURN_SECS) * 1000 - 30_001);
    service.fire_due().await;
    assert!(service.table(id).await.unwrap().unwrap().warned.is_none());
    // 30 s before the end: warned once, in the turn's ping.
    clock.advance(1);
    service.fire_due().await;
    service.settled().await;
    let warned = service.table(id).await.unwrap().unwrap();
    assert!(warned.warned.is_some_and(|w| w.left_ms == 30_000 && !w.clock));
    let ping = door.show(id).await.and_then(|s| s.turn).expect("the warning");
    assert_eq!(ping.text, "⏳ Player 1, осталось 30 с на ход!");
    // Then the computer moves for Ann, and it is her turn again with a fresh timer.
    clock.advance(30_000);
    service.fire_due().await;
    service.settled().await;
    let after = service.table(id).await.unwrap().unwrap();
    assert!(after.version > warned.version, "the timer took Ann's move");
    let seat = after.seats[0].as_ref().unwrap();
    assert_eq!((seat.misses, after.phase.clone()), (1, Phase::Playing));
}

#[tokio::test]
async fn a_private_chat_and_a_chat_that_chose_keep_their_timer() {
    let (door, service, _) = door().await;
    let me = tg(7);
    let private = Asker {
        private: true,
        lang: Some(Lang::En),
        ..Asker::member(ChatId::new(Platform::Telegram, "7"), me)
    };
    let id = duel(&door, &service, &private).await;
    let t = service.table(id).await.unwrap().unwrap();
    assert_eq!((t.turn_secs, t.deadline), (None, None), "no timer alone with the computer");
    // A group that chose keeps its choice: off, or its own length.
    for (chosen, want) in [(TurnTimer::Off, None), (TurnTimer::Secs(30), Some(30))] {
        let s = settings(&service).await;
        let next = ChatSettings { timer: chosen, ..s }.next();
        service.store().set_chat_settings(&group(), &next).await.unwrap();
        let id = duel(&door, &service, &member(chosen_person(chosen))).await;
        assert_eq!(service.table(id).await.unwrap().unwrap().turn_secs, want, "{chosen:?}");
    }
}

fn chosen_person(t: TurnTimer) -> u32 {
    match t {
        TurnTimer::Off => 2,
        _ => 3,
    }
}

/// An admin's press of `change` on `page`, drawn for the settings as they are.
async fn set(door: &Door, service: &Service<MemoryStore>, page: Page, change: Change) -> Answer {
    let version = settings(service).await.version;
    let press = MenuPress { version, page, change };
    door.handle(&admin(9), Request::press(press.encode())).await
}

#[tokio::test]
async fn the_deal_the_threshold_and_the_clock_are_chat_defaults_a_table_may_override() {
    let (door, service, _) = door().await;
    let classic = Page::Game(Variant::Classic);
    let morskoy = Page::Game(Variant::Morskoy);
    set(&door, &service, classic, Change::Number("deal", Some(5))).await;
    set(&door, &service, morskoy, Change::Number("start_threshold", Some(13))).await;
    set(&door, &service, Page::More, Change::Clock(TableClock::Rule(CLOCKS[0]))).await;
    let s = settings(&service).await;
    assert_eq!(s.version, 3, "three changes kept");
    let t = open(&door, &service, 1, &["домино", "2"]).await;
    assert_eq!((t.rules.deal(), t.clock), (Some(5), Some(CLOCKS[0])), "the chat's defaults");
    let t = open(&door, &service, 2, &["домино", "2", "deal=7", "без_часов"]).await;
    assert_eq!((t.rules.deal(), t.clock), (Some(7), None), "the table's own words win");
    let t = open(&door, &service, 3, &["морской", "2"]).await;
    assert_eq!(t.rules.start_threshold(), 13);
    let t = open(&door, &service, 4, &["морской", "2", "часы", "3+2"]).await;
    assert_eq!(t.clock.map(|c| c.text()), Some("3+2".to_owned()));
    // Back to the game's own: the key is gone from the chat's options.
    set(&door, &service, classic, Change::Number("deal", None)).await;
    assert!(!settings(&service).await.options(Variant::Classic).contains_key("deal"));
    // A number out of its range never reads as a press, and changes nothing.
    let before = settings(&service).await;
    let forged = format!("s2:{}:classic:num.deal.96", before.version);
    let answer = door.handle(&admin(9), Request::press(forged)).await;
    assert_eq!(text(&answer), texts::unknown_button(Lang::Ru));
    assert_eq!(settings(&service).await, before);
    // A member who is no admin may not change them.
    let press = MenuPress {
        version: before.version,
        page: classic,
        change: Change::Number("deal", Some(7)),
    };
    let answer = door.handle(&member(5), Request::press(press.encode())).await;
    assert_eq!(text(&answer), texts::admins_only(Lang::Ru));
    assert_eq!(settings(&service).await, before);
}

/// The table `/new` with `words` opens, asked by member `n`.
async fn open(
    door: &Door,
    service: &Service<MemoryStore>,
    n: u32,
    words: &[&str],
) -> domino_core::session::Table {
    let opened = door.handle(&member(n), Request::words(Cmd::New, words)).await;
    let id = opened.shows.first().unwrap_or_else(|| panic!("{:?}", opened.text())).table.id;
    service.table(id).await.unwrap().unwrap()
}

/// Ann resigns a duel with the computer: a finished match of the chat.
async fn finish_one(door: &Door, service: &Service<MemoryStore>) {
    let id = duel(door, service, &member(1)).await;
    let v = service.table(id).await.unwrap().unwrap().version;
    let resign = domino_core::view::ButtonData::new(id, v, domino_core::view::ButtonAction::Resign);
    door.handle(&member(1), Request::press(resign.encode())).await;
    service.settled().await;
    let t = service.table(id).await.unwrap().unwrap();
    assert_eq!(t.phase, Phase::Finished);
}

/// The offer the feed posts in the group, if it posted one by now (the feed read until quiet).
async fn posted_offer(feed: &mut domino_core::chat::Feed) -> Option<Menu> {
    let mut offer = None;
    while let Ok(Some(fed)) =
        tokio::time::timeout(std::time::Duration::from_millis(50), feed.next()).await
    {
        if let Fed::Post { chat, reply } = fed
            && let Body::Menu(menu) = reply.body
        {
            assert_eq!(chat, group());
            assert!(offer.is_none(), "one offer");
            offer = Some(menu);
        }
    }
    offer
}

/// The press of the offer's button for `act`, on the offer's own message.
fn offer_press(menu: &Menu, act: OfferAct) -> Request {
    let on: Vec<_> =
        menu.nav.iter().map(|i| domino_core::chat::Offer::button(i.press.encode())).collect();
    let item = menu.nav.iter().find(|i| i.press.change == Change::Offer(act)).expect("a button");
    Request::press_on(item.press.encode(), Vec::new(), on)
}

#[tokio::test]
async fn the_league_is_offered_once_after_the_fifth_match_and_only_an_admin_answers() {
    let (door, service, _) = door().await;
    let mut feed = door.feed(Platform::Telegram);
    for n in 1..domino_core::chat::OFFER_AFTER {
        finish_one(&door, &service).await;
        assert!(posted_offer(&mut feed).await.is_none(), "no offer after match {n}");
    }
    finish_one(&door, &service).await;
    let offer = posted_offer(&mut feed).await.expect("the offer after the fifth match");
    assert!(offer.text.contains("Включить лигу?"), "{}", offer.text);
    assert_eq!(offer.nav.len(), 3);
    // Never made again: not after the sixth match.
    finish_one(&door, &service).await;
    assert!(posted_offer(&mut feed).await.is_none(), "offered twice");

    let before = settings(&service).await;
    // A member who is no admin: refused, nothing changes, the offer still open.
    let answer = door.handle(&member(2), offer_press(&offer, OfferAct::All)).await;
    assert_eq!(text(&answer), texts::admins_only(Lang::Ru));
    assert_eq!(answer.menu, None);
    assert_eq!(settings(&service).await, before);
    // A press the offer's message does not offer (another message's): refused, nothing changes.
    let elsewhere = Request::press_on(
        offer.nav[0].press.encode(),
        Vec::new(),
        vec![domino_core::chat::Offer::button("s2:0:g:done")],
    );
    let answer = door.handle(&admin(3), elsewhere).await;
    assert_eq!(text(&answer), texts::unknown_button(Lang::Ru));
    assert_eq!(settings(&service).await, before);
    // An admin accepts it all: monthly seasons, the standings message, Monday's digest.
    let answer = door.handle(&admin(3), offer_press(&offer, OfferAct::All)).await;
    let closed = answer.menu.expect("the offer answered in place");
    assert!(closed.nav.is_empty() && closed.controls.is_empty(), "no buttons left");
    assert!(closed.text.starts_with("✅ Лига включена"), "{}", closed.text);
    let after = settings(&service).await;
    assert_eq!(
        (after.seasons, after.standings_post, after.digest, after.version),
        (Cadence::Monthly, true, Some(Weekday::ALL[0]), before.version + 1)
    );
    let key = offer_key(&group());
    assert_eq!(service.store().meta(&key).await.unwrap().as_deref(), Some(OFFER_DONE));
    // The calendar's work was planned: the next season and digest are due.
    let due = service.store().meta(&format!("season-due:{}", group())).await.unwrap();
    assert!(due.is_some(), "the season's turn planned");
    // A stale press (the offer answered): nothing changes, and it says so.
    for act in [OfferAct::No, OfferAct::All, OfferAct::Choose] {
        let answer = door.handle(&admin(4), offer_press(&offer, act)).await;
        assert!(text(&answer).contains("уже ответили"), "{}", text(&answer));
        assert_eq!(answer.menu, None);
        assert_eq!(settings(&service).await, after);
    }
}

#[tokio::test]
async fn no_thanks_changes_nothing_and_choose_opens_the_league_page() {
    for act in [OfferAct::No, OfferAct::Choose] {
        let (door, service, _) = door().await;
        let mut feed = door.feed(Platform::Telegram);
        for _ in 0..domino_core::chat::OFFER_AFTER {
            finish_one(&door, &service).await;
        }
        let offer = posted_offer(&mut feed).await.expect("the offer");
        let before = settings(&service).await;
        let answer = door.handle(&admin(3), offer_press(&offer, act)).await;
        let menu = answer.menu.expect("the offer's message redrawn");
        assert_eq!(settings(&service).await, before, "{act:?} changes no setting");
        match act {
            OfferAct::No => assert!(menu.nav.is_empty() && menu.text.starts_with("Хорошо")),
            _ => {
                let league = menu.controls.iter().flat_map(|c| &c.items);
                assert!(league.clone().any(|i| i.press.page == Page::League), "the league page");
            }
        }
    }
}

#[tokio::test]
async fn a_private_chat_and_a_chat_running_its_league_are_not_offered_it() {
    let (door, service, _) = door().await;
    let mut feed = door.feed(Platform::Telegram);
    let private = Asker {
        private: true,
        lang: Some(Lang::En),
        ..Asker::member(ChatId::new(Platform::Telegram, "7"), tg(7))
    };
    for _ in 0..domino_core::chat::OFFER_AFTER + 1 {
        let id = duel(&door, &service, &private).await;
        let v = service.table(id).await.unwrap().unwrap().version;
        let resign =
            domino_core::view::ButtonData::new(id, v, domino_core::view::ButtonAction::Resign);
        door.handle(&private, Request::press(resign.encode())).await;
        service.settled().await;
    }
    assert!(posted_offer(&mut feed).await.is_none(), "a private chat has no league offer");
    // A group whose admin already turned the standings message on.
    let s = settings(&service).await;
    service
        .store()
        .set_chat_settings(&group(), &ChatSettings { standings_post: true, ..s }.next())
        .await
        .unwrap();
    for _ in 0..domino_core::chat::OFFER_AFTER {
        finish_one(&door, &service).await;
    }
    assert!(posted_offer(&mut feed).await.is_none(), "the chat found the league by itself");
}
