//! Boards as pictures (the chat setting's default): the table message is one photo, captioned
//! with the table's text and carrying its keyboard, edited in place with `editMessageMedia`
//! through a match, a restart and a 429; a round's end and the match's tally come as photos;
//! a chat that chose text keeps today's text messages.

use crate::fake::media::png_size;
use crate::fake::{Fake, Fault, Msg};
use crate::harness::*;
use domino_core::service::SystemClock;
use domino_core::session::Phase;
use domino_core::store::{BoardMode, ChatSettings, SqliteStore, Store};
use domino_core::view::{render_caption, table_view};
use std::sync::Arc;

/// The largest PNG a picture may be.
const MAX_PNG: usize = 80 * 1024;

/// A photo's PNG: decoded whole, its size as promised, small enough.
fn checked_png(png: &[u8], size: (u32, u32)) -> usize {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let frame = reader.next_frame(&mut pixels).expect("the whole image decodes");
    assert_eq!((frame.width, frame.height), size);
    assert_eq!(png_size(png), size);
    assert!(png.len() <= MAX_PNG, "{} bytes", png.len());
    png.len()
}

/// Table photos sent (not round-end or tally photos): their captions open with the title.
fn table_photos_sent(fake: &Fake) -> usize {
    fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| r.method == "sendphoto" && r.status == 200)
            .filter(|r| r.body["caption"].as_str().is_some_and(|c| c.starts_with("🎲 ")))
            .count()
    })
}

fn count(fake: &Fake, method: &str, status: u16) -> usize {
    fake.with(|st| st.requests.iter().filter(|r| r.method == method && r.status == status).count())
}

/// Opens a two-player Kozel table: Alice hosts, Bob joins through the link.
async fn kozel<S: Store>(fake: &Fake, service: &domino_core::service::Service<S>) -> i64 {
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(service, GROUP).await.id;
    let msg = shown(fake, service, id, "public").await;
    let join = msg.join_link().expect("a join link");
    fake.open_link(&BOB, &join);
    eventually("the match", || async {
        (table(service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    id
}

/// The table message once it shows the table as it now is: a photo, captioned and keyed so.
async fn photo_now<S: Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    id: i64,
) -> Msg {
    let t = table(service, id).await;
    let want = render_caption(&table_view(&t), 1024);
    eventually("the table photo as it is", || async {
        let m = shown(fake, service, id, "public").await;
        (m.photo.is_some() && m.text == want && !m.deleted).then_some(m)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_is_one_photo_edited_in_place_through_a_match() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let id = kozel(&fake, &service).await;
    let first = photo_now(&fake, &service, id).await;
    checked_png(first.photo.as_ref().unwrap(), (1024, 640));
    assert!(first.button("🎴").is_some(), "the table's keyboard: {:?}", first.buttons());
    play(&fake, &service, id, &[ALICE, BOB], |_| false).await;
    let last = photo_now(&fake, &service, id).await;
    assert_eq!(last.id, first.id, "one table message");
    let size = checked_png(last.photo.as_ref().unwrap(), (1024, 640));
    assert!(last.text.contains("🏁"), "{}", last.text);
    assert!(last.button("🔁").is_some(), "a rematch button: {:?}", last.buttons());
    assert_eq!(table_photos_sent(&fake), 1, "one sendPhoto for the table message");
    assert!(count(&fake, "editmessagemedia", 200) >= 3, "the rest are edits");
    let group_text_edits = fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| r.method == "editmessagetext" && r.body["chat_id"] == GROUP)
            .count()
    });
    assert_eq!(group_text_edits, 0, "the table is never edited as text");
    // Every round's end as a picture of every hand, the match's tally as a chart.
    let t = table(&service, id).await;
    let rounds = t.game.as_ref().unwrap().rounds.len();
    let photos: Vec<Msg> = fake
        .until("the tally photo", |st| {
            let photos: Vec<Msg> =
                st.messages_in(GROUP).into_iter().filter(|m| m.photo.is_some()).cloned().collect();
            photos.iter().any(|m| m.text.contains("🏁 Матч окончен")).then_some(photos)
        })
        .await;
    let ends: Vec<&Msg> =
        photos.iter().filter(|m| png_size(m.photo.as_ref().unwrap()) == (1024, 768)).collect();
    assert_eq!(ends.len(), rounds - 1, "the last round's end is the match's");
    let mut round_sizes = Vec::new();
    for m in &ends {
        round_sizes.push(checked_png(m.photo.as_ref().unwrap(), (1024, 768)));
    }
    let tally = photos.iter().find(|m| m.text.contains("🏁 Матч окончен")).unwrap();
    let totals = domino_core::view::render_totals(&t);
    assert!(tally.text.ends_with(&totals), "the totals: {}", tally.text);
    let tally_size = checked_png(tally.photo.as_ref().unwrap(), (1024, 512));
    // `/score`: the chart with the tally as its caption, in reply.
    let asked = fake.say(GROUP, &BOB, "/score");
    let score = fake
        .until("the score", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.reply_to == Some(asked)).cloned()
        })
        .await;
    assert!(score.text.starts_with("📋"), "{}", score.text);
    checked_png(score.photo.as_ref().expect("a photo"), (1024, 512));
    eprintln!("PNG bytes: table {size}, round ends {round_sizes:?}, tally {tally_size}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_edits_the_same_table_photo() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let store = SqliteStore::open_path(&path).await.expect("a store");
    let service = quick_service(store, Arc::new(SystemClock)).await;
    let bot = start(&fake, service.clone()).await;
    let id = kozel(&fake, &service).await;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 8).await;
    let before = photo_now(&fake, &service, id).await;
    drop(service);
    let store = bot.stop_for_store().await;
    store.close().await;
    let edits = count(&fake, "editmessagemedia", 200);

    let store = SqliteStore::open_path(&path).await.expect("the store again");
    let service = quick_service(store, Arc::new(SystemClock)).await;
    let bot = start(&fake, service.clone()).await;
    // The open table is drawn again at start: the same photo, edited (or left as it was).
    fake.quiet().await;
    assert_eq!(table_photos_sent(&fake), 1, "no second table photo after the restart");
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 14).await;
    let after = photo_now(&fake, &service, id).await;
    assert_eq!(after.id, before.id, "the same message");
    assert!(count(&fake, "editmessagemedia", 200) > edits);
    assert_eq!(table_photos_sent(&fake), 1);
    checked_png(after.photo.as_ref().unwrap(), (1024, 640));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_a_media_edit_is_waited_out_and_the_edit_made() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let id = kozel(&fake, &service).await;
    let before = photo_now(&fake, &service, id).await;
    fake.fail("editMessageMedia", Some(GROUP), Fault::TooMany { retry_after: 1 }, 1);
    let version = table(&service, id).await.version;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version > version).await;
    let after = photo_now(&fake, &service, id).await;
    assert_eq!(after.id, before.id, "edited, not sent again");
    assert_eq!(count(&fake, "editmessagemedia", 429), 1);
    let (limited, retried) = fake.with(|st| {
        let at = |status| {
            st.requests.iter().position(|r| r.method == "editmessagemedia" && r.status == status)
        };
        (at(429).unwrap(), st.requests.iter().rposition(|r| r.method == "editmessagemedia"))
    });
    let retried = retried.expect("an edit after the 429");
    assert!(retried > limited);
    let gap = fake.with(|st| st.requests[retried].at.duration_since(st.requests[limited].at));
    assert!(gap >= std::time::Duration::from_millis(900), "waited {gap:?}");
    assert_eq!(table_photos_sent(&fake), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_that_chose_text_keeps_text_tables_and_can_switch() {
    let fake = Fake::start().await;
    let service = memory_service().await;
    let text = ChatSettings { board: BoardMode::Text, ..ChatSettings::default() }.next();
    service.store().set_chat_settings(&chat(GROUP), &text).await.unwrap();
    let bot = start(&fake, service.clone()).await;
    let id = kozel(&fake, &service).await;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 10).await;
    let msg = shown(&fake, &service, id, "public").await;
    assert!(msg.photo.is_none(), "a text message");
    assert!(msg.text.starts_with("🎲 Козёл"), "{}", msg.text);
    let asked = fake.say(GROUP, &BOB, "/score");
    let score = fake
        .until("the score", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.reply_to == Some(asked)).cloned()
        })
        .await;
    assert!(score.photo.is_none() && score.text.starts_with("📋"), "{}", score.text);
    assert_eq!(count(&fake, "sendphoto", 200), 0, "no photo at all");

    // An admin switches the chat to pictures: the table comes back as a photo, the text goes.
    fake.admin(GROUP, &ALICE);
    fake.say(GROUP, &ALICE, "/settings");
    let first = fake
        .until("the menu", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.button("Ещё").is_some()).cloned()
        })
        .await;
    assert!(first.text.contains("Стол показан: текстом"), "{}", first.text);
    // The board is on the page of more settings, a press away.
    assert_eq!(press(&fake, &ALICE, &first, "Ещё").await.text, None);
    let menu = fake
        .until("the page of more settings", |st| {
            st.message(GROUP, first.id).filter(|m| m.button("Картинка").is_some()).cloned()
        })
        .await;
    assert_eq!(press(&fake, &ALICE, &menu, "Картинка").await.text, None);
    let version = table(&service, id).await.version;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version > version).await;
    let photo = photo_now(&fake, &service, id).await;
    assert_ne!(photo.id, msg.id);
    assert!(fake.with(|st| st.message(GROUP, msg.id).unwrap().deleted), "the text table goes");
    assert_eq!(table_photos_sent(&fake), 1);
    bot.stop().await;
}
