//! What a chat's page reads through the door (`chat::screen`) is what the chat commands show:
//! the standings `/top`'s (season and all time), a card `/me`'s, the tables their public views;
//! people not in the standings and replays past the bound are refused; the stamp a page polls
//! moves with a move and with a finished match, and only then. The page's own words in both
//! languages (a snapshot).

use super::setup::{chat, tg};
use domino_core::chat::screen::{Period, words};
use domino_core::chat::{Asker, Chat, Cmd, Door, Request};
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::TableSpec;
use domino_core::session::{Action, Actor, ChatId, Command, Lang, Phase, Platform, UserId};
use domino_core::store::MemoryStore;
use domino_core::view::{render_table, table_view};

fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-4242")
}

/// A match of people 1 and 2 opened (classic to `target`): its id.
async fn opened(chat: &Chat<MemoryStore>, target: u32) -> i64 {
    let svc = chat.service();
    let rules = Rules::builder(Variant::Classic).target(target).build().unwrap();
    let id = svc.create(TableSpec::plain(group(), rules, 2), tg(1)).await.unwrap().table.id;
    let join =
        Command { actor: Actor::person(tg(2)), action: Action::Join { seat: None }, version: None };
    let t = svc.handle(id, join).await.unwrap().table;
    assert_eq!(t.phase, Phase::Playing);
    id
}

/// The person to move makes their first legal move: whether one was made.
async fn moved(chat: &Chat<MemoryStore>, id: i64) -> bool {
    let t = chat.service().table(id).await.unwrap().unwrap();
    let Some(seat) = t.to_move().filter(|_| t.phase == Phase::Playing) else { return false };
    let who = t.humans().find(|(s, _)| *s == seat).unwrap().1.clone();
    let mv = t.live().unwrap().legal_moves(seat)[0];
    let cmd = Command {
        actor: Actor::person(who),
        action: Action::Move { mv },
        version: Some(t.version),
    };
    chat.service().handle(id, cmd).await.unwrap();
    true
}

/// What `/top` (with `words`) tells the group, without the chart's caption: (header, rest).
async fn top(door: &Door, words: &[&str]) -> (String, String) {
    let asker = Asker::member(group(), tg(1));
    let told = door.handle(&asker, Request::words(Cmd::Top, words)).await;
    let text = told.text().unwrap().split("\n📈").next().unwrap().to_owned();
    let (head, rest) = text.split_once('\n').unwrap();
    (head.to_owned(), rest.to_owned())
}

#[tokio::test]
async fn a_page_reads_what_the_chat_commands_show() {
    let chat = chat().await;
    let door = Door::new(chat.service().clone());
    let g = group();
    let before = door.screen_stamp(&g).await.unwrap();
    for _ in 0..2 {
        let id = opened(&chat, 13).await;
        while moved(&chat, id).await {}
    }
    let finished = door.screen_stamp(&g).await.unwrap();
    assert_ne!(finished.league, before.league, "finished matches move the league's stamp");

    for (period, words) in [(Period::Season, &[][..]), (Period::AllTime, &["all"][..])] {
        let shown = door.screen_standings(&g, period).await.unwrap();
        let (head, rest) = top(&door, words).await;
        assert_eq!((shown.head, shown.text), (head, rest), "{period:?}: /top's standings");
        assert!(shown.chart.as_ref().is_some_and(|c| c.svg.contains("<svg")), "{period:?}");
        let names: Vec<&str> = shown.people.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    // A card is /me's; a head-to-head is for two people of the standings.
    let card = door.screen_card(&g, &tg(1).id).await.unwrap().expect("a card");
    let me = door.handle(&Asker::member(g.clone(), tg(1)), Request::words(Cmd::Me, &[])).await;
    assert_eq!(card.text, me.text().unwrap().split("\n📈").next().unwrap());
    let stranger = UserId::new(Platform::Telegram, "999");
    assert_eq!(door.screen_card(&g, &stranger).await.unwrap(), None);
    assert!(door.screen_versus(&g, &tg(1).id, &tg(2).id).await.unwrap().is_some());
    assert_eq!(door.screen_versus(&g, &tg(1).id, &tg(1).id).await.unwrap(), None);
    assert_eq!(door.screen_versus(&g, &tg(1).id, &stranger).await.unwrap(), None);

    // The story, the recent matches, their replays (within the bound).
    let league = door.screen_league(&g).await.unwrap();
    assert!(league.story.unwrap().starts_with("📖 Сезон 1: сыграно матчей: 2."));
    assert_eq!(league.played.iter().map(|p| p.ago).collect::<Vec<_>>(), [1, 2]);
    assert!(door.screen_replay(&g, 1).await.unwrap().is_ok());
    assert!(door.screen_replay(&g, 3).await.unwrap().is_err(), "no third match");
    assert!(door.screen_replay(&g, 0).await.unwrap().is_err(), "below the bound");
    assert!(door.screen_replay(&g, 31).await.unwrap().is_err(), "past the bound");

    // A table in play: its public view; the stamp moves with each move, and only then.
    let id = opened(&chat, 13).await;
    let at = door.screen_stamp(&g).await.unwrap();
    assert_eq!(door.screen_stamp(&g).await.unwrap(), at, "nothing moved: the same stamp");
    moved(&chat, id).await;
    let now = door.screen_stamp(&g).await.unwrap();
    assert_ne!(now.tables, at.tables, "a move moves the tables' stamp");
    assert_eq!(now.league, at.league, "a move is no finished match");
    let t = chat.service().table(id).await.unwrap().unwrap();
    let boards = door.screen_boards(&g).await.unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!((boards[0].number, boards[0].version), (t.number, t.version));
    assert_eq!(boards[0].text, render_table(&table_view(&t)), "the public view");
    let png = door.screen_picture(&g, t.number).await.unwrap().expect("a picture");
    assert!(png.starts_with(b"\x89PNG"));
    assert_eq!(door.screen_picture(&g, t.number + 1).await.unwrap(), None);
    // Another chat's screen sees none of it.
    let other = ChatId::new(Platform::Telegram, "-1");
    assert!(door.screen_boards(&other).await.unwrap().is_empty());
    assert_eq!(door.screen_card(&other, &tg(1).id).await.unwrap(), None);
}

#[test]
fn the_pages_words_in_both_languages() {
    insta::assert_debug_snapshot!("screen_words_ru", words(Lang::Ru));
    insta::assert_debug_snapshot!("screen_words_en", words(Lang::En));
}
