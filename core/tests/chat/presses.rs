//! Presses straight through the chat layer: a press drawn for an older version of the table is
//! refused (only «My tiles» is taken from any version, and a move the presser may still make:
//! `behind.rs`), a press its message does not offer (a
//! menu press of another page) changes nothing, and a table in a private chat seats only its
//! owner. Every refusal is answered in the chat's language and leaves the stored table (or the
//! settings) exactly as it was.

use crate::setup::{chat, tg};
use domino_core::chat::{
    Answer, Asker, Body, Chat, Cmd, Link, Offer, Page, Request, menu_for_platform, settings_menu,
};
use domino_core::engine::rules::Variant;
use domino_core::session::{ChatId, Lang, Person, Phase, Platform, Rejection};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData, rejection_text};

fn in_group(person: Person, lang: Lang) -> Asker {
    Asker { lang: Some(lang), ..Asker::member(ChatId::new(Platform::Telegram, "-100"), person) }
}

/// `person` in their own private chat with the bot.
fn in_private(person: Person, lang: Lang) -> Asker {
    let chat = ChatId::new(Platform::Telegram, person.id.id.clone());
    Asker { private: true, lang: Some(lang), ..Asker::member(chat, person) }
}

fn text(answer: &Answer) -> String {
    match answer.reply.as_ref().map(|r| &r.body) {
        Some(Body::Text(t) | Body::Long(t)) => t.clone(),
        other => panic!("no text: {other:?}"),
    }
}

/// The stored table, as JSON (every field).
async fn stored(chat: &Chat<MemoryStore>, id: i64) -> String {
    let t = chat.service().store().load(id).await.unwrap().unwrap();
    serde_json::to_string(&t).unwrap()
}

async fn press(
    chat: &Chat<MemoryStore>,
    from: &Asker,
    id: i64,
    version: u64,
    a: ButtonAction,
) -> Answer {
    chat.handle(from, Request::press(ButtonData::new(id, version, a).encode())).await
}

/// Presses `a` on version `version` and checks it is refused as out of date, in `lang`, with
/// the stored table unchanged.
async fn refused_stale(
    chat: &Chat<MemoryStore>,
    from: &Asker,
    id: i64,
    version: u64,
    a: ButtonAction,
    lang: Lang,
) {
    let before = stored(chat, id).await;
    let answer = press(chat, from, id, version, a).await;
    assert_eq!(
        text(&answer),
        rejection_text(&Rejection::Stale, lang),
        "{a:?} on version {version}"
    );
    assert_eq!(stored(chat, id).await, before, "{a:?} on version {version} changed the table");
}

#[tokio::test]
async fn old_resign_vote_and_rematch_presses_are_refused_and_change_nothing() {
    for lang in [Lang::Ru, Lang::En] {
        let chat = chat().await;
        let (ann, bob) = (in_group(tg(1), lang), in_group(tg(2), lang));
        chat.handle(&ann, Request::words(Cmd::New, &["kozel", "2"])).await;
        let id = chat.service().tables_in(&ann.chat).await[0].id;
        let lobby = chat.service().table(id).await.unwrap().unwrap().version;
        press(&chat, &bob, id, lobby, ButtonAction::Join).await;
        let t = chat.service().table(id).await.unwrap().unwrap();
        assert_eq!(t.phase, Phase::Playing);
        let first = t.version;
        // One vote of two ends nothing, but the table moves on.
        press(&chat, &ann, id, first, ButtonAction::VoteEnd).await;
        let now = chat.service().table(id).await.unwrap().unwrap().version;
        assert_eq!(now, first + 1);
        for old in [0, lobby, first] {
            refused_stale(&chat, &bob, id, old, ButtonAction::Resign, lang).await;
            refused_stale(&chat, &bob, id, old, ButtonAction::VoteEnd, lang).await;
        }
        // «My tiles» only shows: taken from any version.
        let hand = press(&chat, &bob, id, 0, ButtonAction::Hand).await;
        assert!(matches!(hand.reply.map(|r| r.body), Some(Body::Hand(_))));
        // The match ends; a rematch press of the match's own versions is refused.
        press(&chat, &ann, id, now, ButtonAction::Resign).await;
        let over = chat.service().table(id).await.unwrap().unwrap();
        assert_eq!(over.phase, Phase::Finished);
        refused_stale(&chat, &bob, id, now, ButtonAction::Rematch, lang).await;
        // The next match: a resignation from a message of the first one never counts.
        press(&chat, &bob, id, over.version, ButtonAction::Rematch).await;
        let again = chat.service().table(id).await.unwrap().unwrap();
        assert_eq!((again.phase, again.version), (Phase::Playing, over.version + 1));
        for old in [first, now, over.version] {
            refused_stale(&chat, &ann, id, old, ButtonAction::Resign, lang).await;
        }
    }
}

#[tokio::test]
async fn a_press_its_message_does_not_offer_changes_nothing() {
    for lang in [Lang::Ru, Lang::En] {
        let chat = chat().await;
        let admin = Asker { admin: true, ..in_group(tg(1), lang) };
        chat.handle(&admin, Request::words(Cmd::Settings, &[])).await;
        let settings = chat.service().store().chat_settings(&admin.chat).await.unwrap();
        let offers = |page| {
            let menu = settings_menu(&settings, page, false);
            let items = menu.controls.iter().flat_map(|c| &c.items).chain(&menu.nav);
            items.map(|i| Offer::button(i.press.encode())).collect::<Vec<_>>()
        };
        let kozel = settings_menu(&settings, Page::Game(Variant::Kozel), false);
        let target = kozel.controls[2].items.iter().find(|i| !i.selected).unwrap().press.encode();
        // Pressed on the general page, which does not offer it: refused, nothing written.
        let on_general = Request::press_on(target.clone(), Vec::new(), offers(Page::General));
        let answer = chat.handle(&admin, on_general).await;
        assert_eq!(text(&answer), domino_core::chat::texts::menu_stale(lang));
        let general =
            menu_for_platform(settings_menu(&settings, Page::General, false), Platform::Telegram);
        assert_eq!(answer.menu, Some(general), "drawn anew");
        let after = chat.service().store().chat_settings(&admin.chat).await.unwrap();
        assert_eq!(after, settings);
        // Pressed on a message that is no menu (a reply, `/help`, a table): refused, and
        // nothing is drawn over it.
        for on in
            [Vec::new(), vec![Offer::button(ButtonData::new(1, 1, ButtonAction::Hand).encode())]]
        {
            let elsewhere = Request::press_on(target.clone(), Vec::new(), on);
            let answer = chat.handle(&admin, elsewhere).await;
            assert_eq!(text(&answer), domino_core::chat::texts::unknown_button(lang));
            assert_eq!(answer.menu, None, "no menu written over another message");
        }
        let after = chat.service().store().chat_settings(&admin.chat).await.unwrap();
        assert_eq!(after, settings);
        // On its own page it is taken.
        let on_kozel = Request::press_on(target, Vec::new(), offers(Page::Game(Variant::Kozel)));
        chat.handle(&admin, on_kozel).await;
        let after = chat.service().store().chat_settings(&admin.chat).await.unwrap();
        assert_eq!(after.version, settings.version + 1);

        // A table message that moved on: its current buttons are offered, an old one is not.
        // (The chat has stored settings now: it speaks their language.)
        let lang = chat.lang(&admin.chat).await;
        let (ann, bob) = (in_group(tg(1), lang), in_group(tg(2), lang));
        chat.handle(&ann, Request::words(Cmd::New, &["kozel", "2"])).await;
        let id = chat.service().tables_in(&ann.chat).await[0].id;
        press(&chat, &bob, id, 0, ButtonAction::Join).await;
        let v = chat.service().table(id).await.unwrap().unwrap().version;
        let offered: Vec<Offer> = [ButtonAction::Hand, ButtonAction::Resign, ButtonAction::VoteEnd]
            .map(|a| Offer::button(ButtonData::new(id, v, a).encode()))
            .to_vec();
        let before = stored(&chat, id).await;
        let old = ButtonData::new(id, 0, ButtonAction::Resign).encode();
        let answer = chat.handle(&bob, Request::press_on(old, Vec::new(), offered.clone())).await;
        assert_eq!(text(&answer), rejection_text(&Rejection::Stale, lang));
        assert_eq!(stored(&chat, id).await, before);
        // A button with select values it never has.
        let resign = ButtonData::new(id, v, ButtonAction::Resign).encode();
        let press = domino_core::chat::Press::read(&resign, &["x".to_owned()]);
        let junk = Request::Press { press, on: None, at: None };
        let answer = chat.handle(&bob, junk).await;
        assert_eq!(text(&answer), domino_core::chat::texts::unknown_button(lang));
        assert_eq!(stored(&chat, id).await, before);
        // «My tiles» of an older version is the same press: it shows the hand.
        let hand = ButtonData::new(id, 0, ButtonAction::Hand).encode();
        let answer = chat.handle(&bob, Request::press_on(hand, Vec::new(), offered)).await;
        assert!(matches!(answer.reply.map(|r| r.body), Some(Body::Hand(_))));
    }
}

#[tokio::test]
async fn a_table_in_a_private_chat_seats_only_its_owner() {
    for lang in [Lang::Ru, Lang::En] {
        let chat = chat().await;
        let ann = in_private(tg(1), lang);
        chat.handle(&ann, Request::words(Cmd::New, &["kozel", "2"])).await;
        let t = chat.service().tables_in(&ann.chat).await[0].clone();
        assert!(t.private);
        let view = domino_core::view::table_view(&t);
        let says = domino_core::view::render_table(&view);
        let line = match lang {
            Lang::Ru => "играете вы и компьютеры",
            Lang::En => "you play with computers",
        };
        assert!(says.contains(line), "{says}");
        let actions: Vec<ButtonAction> =
            view.buttons.iter().flatten().map(|(_, b)| b.action).collect();
        assert!(!actions.contains(&ButtonAction::Join), "{actions:?}");

        // Bob is sent the join link; even if the platform said he is a member of the chat,
        // he is not seated.
        let link = chat.links().await.unwrap().encode(Link::Join(t.id));
        let before = stored(&chat, t.id).await;
        let bob = Asker { member_of: Some(ann.chat.clone()), ..in_private(tg(2), lang) };
        let answer = chat.handle(&bob, Request::Link(link.clone())).await;
        assert_eq!(text(&answer), rejection_text(&Rejection::PrivateTable, lang));
        assert_eq!(stored(&chat, t.id).await, before);
        // Its owner's own link is no harm: she is seated already.
        chat.handle(&ann, Request::Link(link)).await;
        assert_eq!(stored(&chat, t.id).await, before);
        // The computer takes the other seat when she starts.
        press(&chat, &ann, t.id, t.version, ButtonAction::Start).await;
        let started = chat.service().table(t.id).await.unwrap().unwrap();
        assert_eq!(started.phase, Phase::Playing);

        // A duel with a person is refused there, and opens nothing.
        let carol = in_private(tg(3), lang);
        chat.saw(&carol.chat, "ann", &tg(1)).await;
        let answer = chat.handle(&carol, Request::words(Cmd::Duel, &["@ann"])).await;
        assert_eq!(text(&answer), rejection_text(&Rejection::PrivateTable, lang));
        assert!(chat.service().tables_in(&carol.chat).await.is_empty());
        // A duel with the computer is what a private chat is for.
        chat.handle(&carol, Request::words(Cmd::Duel, &["bot"])).await;
        assert_eq!(chat.service().tables_in(&carol.chat).await.len(), 1);
    }
}
