//! Boards as pictures (the chat setting's default): the table embed shows the table picture as
//! an attachment (`attachment://table.png`), and every edit replaces it, so one message holds
//! one picture through a match and a restart; a round's end and the tally come as pictures; a
//! chat that chose text keeps embeds without attachments.

use crate::fake::{Fake, Msg};
use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{BoardMode, ChatSettings, MemoryStore, SqliteStore, Store};

/// The largest PNG a picture may be.
const MAX_PNG: usize = 80 * 1024;

/// A PNG decoded whole: its size as promised, small enough; its length.
fn checked_png(png: &[u8], size: (u32, u32)) -> usize {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let frame = reader.next_frame(&mut pixels).expect("the whole image decodes");
    assert_eq!((frame.width, frame.height), size);
    assert!(png.len() <= MAX_PNG, "{} bytes", png.len());
    png.len()
}

/// The message's one attachment, named `name` and shown as its embed's image.
fn picture<'a>(m: &'a Msg, name: &str) -> &'a [u8] {
    assert_eq!(m.files.len(), 1, "one attachment: {:?}", m.files.iter().map(|f| &f.name));
    assert_eq!(m.files[0].name, name);
    assert_eq!(m.embeds[0]["image"]["url"], format!("attachment://{name}"));
    &m.files[0].bytes
}

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// Requests that posted a table message (not notices or pings) in the channel.
fn table_posts(fake: &Fake) -> usize {
    let path = format!("/channels/{CHANNEL}/messages");
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .filter(|r| r.body["embeds"][0]["title"].as_str().is_some_and(|t| t.starts_with("🎲")))
        .count()
}

/// Edits of message `mid` that uploaded a picture.
fn picture_edits(fake: &Fake, mid: u64) -> usize {
    let path = format!("/channels/{CHANNEL}/messages/{mid}");
    fake.requests()
        .iter()
        .filter(|r| r.method == "PATCH" && r.path == path && r.files.len() == 1)
        .count()
}

async fn opened<S: Store>(w: &World<S>) -> i64 {
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    let lobby = w.shown(table).await;
    checked_png(picture(&lobby, "table.png"), (1024, 640));
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    table
}

#[tokio::test]
async fn the_table_picture_is_replaced_in_place_through_a_match() {
    let w = World::start(MemoryStore::new()).await;
    let table = opened(&w).await;
    let mid = w.table_message_id(table).await;
    play(&w, table, &[ANNA, BORIS], |t| t.phase != Phase::Playing).await;
    let last = w.shown(table).await;
    assert_eq!(last.id, mid, "one table message");
    let size = checked_png(picture(&last, "table.png"), (1024, 640));
    assert_eq!(table_posts(&w.fake), 1, "posted once");
    assert!(picture_edits(&w.fake, mid) >= 3, "edited with a new picture each time");
    w.fake.quiet().await;
    let posted = w.fake.channel_messages(CHANNEL);
    let ends: Vec<&Msg> =
        posted.iter().filter(|m| m.files.iter().any(|f| f.name == "round.png")).collect();
    let rounds = w.table(table).await.game.unwrap().rounds.len();
    assert_eq!(ends.len(), rounds - 1, "each round's end but the last, which is the match's");
    for m in &ends {
        assert!(m.text().contains("Раунд "), "{}", m.text());
        checked_png(&m.files[0].bytes, (1024, 768));
    }
    let tally = posted
        .iter()
        .find(|m| m.files.iter().any(|f| f.name == "tally.png"))
        .expect("the tally at the match's end");
    assert!(tally.text().contains("🏁"), "{}", tally.text());
    checked_png(&tally.files[0].bytes, (1024, 512));
    let score = w.slash(ANNA, "score", vec![]).await;
    assert!(score.text().contains("📋"), "{}", score.text());
    let tally_size = checked_png(picture(&score, "tally.png"), (1024, 512));
    eprintln!("Discord PNG bytes: table {size}, tally {tally_size}");
    w.bot.stop().await;
}

#[tokio::test]
async fn a_restarted_bot_replaces_the_same_messages_picture() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let clock = fake.clock();
    let store = SqliteStore::open_path(&path).await.unwrap();
    let bot = Bot::start(&fake, service(store, clock.clone()).await).await;
    let w = World { fake, bot, clock };
    let table = opened(&w).await;
    play(&w, table, &[ANNA, BORIS], |t| t.version >= 8).await;
    let mid = w.table_message_id(table).await;
    let World { fake, bot, clock } = w;
    bot.stop().await;
    let edits = picture_edits(&fake, mid);

    let store = SqliteStore::open_path(&path).await.unwrap();
    let bot = Bot::start(&fake, service(store, clock.clone()).await).await;
    let w = World { fake, bot, clock };
    // The open table is drawn again at start, on the same message.
    w.fake.until("the table drawn again", |f| (picture_edits(f, mid) > edits).then_some(())).await;
    let version = w.table(table).await.version;
    play(&w, table, &[ANNA, BORIS], |t| t.version > version + 2).await;
    let after = w.shown(table).await;
    assert_eq!(after.id, mid);
    checked_png(picture(&after, "table.png"), (1024, 640));
    assert_eq!(table_posts(&w.fake), 1, "never posted again");
    w.bot.stop().await;
}

#[tokio::test]
async fn a_chat_that_chose_text_gets_no_attachments() {
    let store = MemoryStore::new();
    let text = ChatSettings { board: BoardMode::Text, ..ChatSettings::default() }.next();
    store.set_chat_settings(&chat(), &text).await.unwrap();
    let w = World::start(store).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    play(&w, table, &[ANNA, BORIS], |t| t.version >= 10).await;
    let msg = w.shown(table).await;
    assert!(msg.files.is_empty() && msg.embeds[0].get("image").is_none(), "{:?}", msg.embeds);
    assert!(msg.text().contains("🎲 Козёл"), "{}", msg.text());
    let score = w.slash(ANNA, "score", vec![]).await;
    assert!(score.files.is_empty() && score.text().contains("📋"), "{}", score.text());
    assert!(w.fake.requests().iter().all(|r| r.files.is_empty()), "nothing uploaded");
    w.bot.stop().await;
}
