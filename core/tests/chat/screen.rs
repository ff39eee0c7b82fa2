//! `/screen` straight through the chat layer: an admin alone gets the chat's page (only they
//! see the answer), `/screen new` revokes every older link; a member is refused and nothing
//! changes; without the operator's public address, the admin is told so and nothing changes.

use domino_core::chat::{Answer, Args, Asker, Body, Cmd, Door, Request, texts};
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::store::MemoryStore;
use std::sync::Arc;

const PUBLIC: &str = "https://domino.example.org/";

fn chat(platform: Platform) -> ChatId {
    ChatId::new(platform, "-100")
}

fn asker(platform: Platform, lang: Lang, admin: bool) -> Asker {
    let person = Person::new(UserId::new(platform, "7"), "Ann");
    Asker { lang: Some(lang), admin, ..Asker::member(chat(platform), person) }
}

async fn door(public_url: Option<&str>) -> Door {
    let options = Options { public_url: public_url.map(String::from), ..Options::default() };
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let service = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        clock,
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    Door::new(service)
}

fn screen(new: bool) -> Request {
    Request::Command(Cmd::Screen, Args { new_link: new, ..Args::default() })
}

/// The private reply's text; a public one fails the test.
fn private_text(answer: &Answer) -> String {
    let reply = answer.reply.as_ref().expect("a reply");
    assert!(reply.private, "only the asker sees it");
    assert!(answer.shows.is_empty() && answer.menu.is_none());
    match &reply.body {
        Body::Text(t) | Body::Long(t) => t.clone(),
        other => panic!("no text: {other:?}"),
    }
}

/// The token in a page's address.
fn token(text: &str) -> String {
    let at = text.find("/screen/").expect("an address") + "/screen/".len();
    text[at..].split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn an_admin_gets_the_page_and_a_renewal_revokes_the_old_link() {
    let door = door(Some(PUBLIC)).await;
    let admin = asker(Platform::Telegram, Lang::En, true);
    let first = private_text(&door.handle(&admin, screen(false)).await);
    assert!(first.contains("https://domino.example.org/screen/"), "{first}");
    let old = token(&first);
    assert_eq!(door.screen_chat(&old).await.unwrap(), Some(chat(Platform::Telegram)));
    // Asked again: the same link.
    assert_eq!(private_text(&door.handle(&admin, screen(false)).await), first);

    let renewed = private_text(&door.handle(&admin, screen(true)).await);
    let new = token(&renewed);
    assert_ne!(new, old);
    assert_eq!(door.screen_chat(&old).await.unwrap(), None, "revoked");
    assert_eq!(door.screen_chat(&new).await.unwrap(), Some(chat(Platform::Telegram)));
    assert_eq!(token(&private_text(&door.handle(&admin, screen(false)).await)), new);

    insta::assert_snapshot!("screen_en", first.replace(&old, "<token>"));
    insta::assert_snapshot!("screen_new_en", renewed.replace(&new, "<token>"));
    let ru = asker(Platform::Discord, Lang::Ru, true);
    let ru_text = private_text(&door.handle(&ru, screen(false)).await);
    insta::assert_snapshot!("screen_ru_discord", ru_text.replace(&token(&ru_text), "<token>"));
}

#[tokio::test]
async fn a_member_is_refused_and_nothing_changes() {
    let door = door(Some(PUBLIC)).await;
    let before = door.screen_token(&chat(Platform::Telegram)).await.unwrap();
    for lang in [Lang::Ru, Lang::En] {
        let member = asker(Platform::Telegram, lang, false);
        for new in [false, true] {
            let text = private_text(&door.handle(&member, screen(new)).await);
            assert_eq!(text, texts::admins_only(lang));
        }
    }
    assert_eq!(door.screen_token(&chat(Platform::Telegram)).await.unwrap(), before);
    assert!(door.screen_chat(&before).await.unwrap().is_some());
}

#[tokio::test]
async fn without_a_public_address_the_admin_is_told_and_nothing_changes() {
    let door = door(None).await;
    let before = door.screen_token(&chat(Platform::Telegram)).await.unwrap();
    for lang in [Lang::Ru, Lang::En] {
        let admin = asker(Platform::Telegram, lang, true);
        for new in [false, true] {
            let text = private_text(&door.handle(&admin, screen(new)).await);
            assert_eq!(text, texts::screen_no_address(lang));
            assert!(text.contains("DOMINO_PUBLIC_URL"));
        }
    }
    assert_eq!(door.screen_token(&chat(Platform::Telegram)).await.unwrap(), before);
    insta::assert_snapshot!("screen_no_address_ru", texts::screen_no_address(Lang::Ru));
}

#[test]
fn the_command_reads_in_both_languages() {
    use domino_core::chat::Request;
    for (words, new) in [(&[][..], false), (&["new"][..], true), (&["новый"][..], true)] {
        let Request::Command(Cmd::Screen, args) = Request::words(Cmd::Screen, words) else {
            panic!("{words:?} not read");
        };
        assert_eq!(args.new_link, new, "{words:?}");
    }
    assert!(matches!(Request::words(Cmd::Screen, &["newer"]), Request::Unreadable(..)));
    assert!(screen(false).needs_admin() && screen(true).needs_admin());
}
