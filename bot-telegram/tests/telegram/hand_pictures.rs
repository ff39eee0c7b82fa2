//! Hands as pictures: in a chat that shows boards as pictures (the default) a hand is a photo
//! of its tiles captioned with its text, with the same buttons: ephemeral in the group (pushed,
//! then edited with `editEphemeralMessageMedia` as the game moves), or in the private chat of
//! whoever chose it. The photos are real PNGs of the hand's size; a hand photo is never a
//! public message; a chat switched to text gets text hands, the photos replaced.

use crate::fake::media::png_size;
use crate::fake::{Fake, Msg, St};
use crate::harness::*;
use domino_core::session::Phase;
use domino_core::store::{BoardMode, ChatSettings, Store};
use domino_core::view::picture::Style;

/// The PNG decoded: its size.
fn decoded(png: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    (info.width, info.height)
}

/// No message everybody sees is a hand's picture.
fn no_public_hand_photo(st: &St) {
    let hand = Style::default().hand;
    for m in st.messages.values().filter(|m| m.chat == GROUP) {
        if let Some(png) = &m.photo {
            assert_ne!(png_size(png), hand, "a hand photo in public: {}", m.text);
        }
    }
}

/// A hand as a photo: a PNG of the hand's size, captioned with the hand; with `buttons`, some
/// (a group's hand in play shows every tile, the unplayable disabled; a private hand its moves
/// only, none while it is not its owner's turn; a finished match's hand none).
fn a_hand_photo(m: &Msg, buttons: bool) {
    let png = m.photo.as_ref().unwrap_or_else(|| panic!("a photo: {}", m.text));
    assert_eq!(decoded(png), Style::default().hand);
    assert!(m.text.starts_with("🎴"), "captioned with the hand: {}", m.text);
    assert!(m.text.chars().count() <= 1024, "a caption's length");
    assert!(!buttons || !m.buttons().is_empty(), "with its buttons");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_chat_plays_a_duel_with_photo_hands_in_the_group() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    // Pushed at the deal (the bot is an administrator): a photo she alone sees.
    let first = fake
        .until("her hand", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| (*e).clone()))
        .await;
    a_hand_photo(&first.msg(), true);
    let t = table(&service, id).await;
    let round = t.live().and_then(|m| m.round()).expect("a round");
    let seat = t.seats.iter().position(|s| s.as_ref().and_then(|s| s.person()).is_some());
    for tile in round.hand(seat.expect("her seat")).iter() {
        let named = format!("[{}|{}]", tile.high(), tile.low());
        assert!(first.text.contains(&named), "{named} in her caption: {}", first.text);
    }
    play(&fake, &service, id, &[ALICE], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    fake.quiet().await;
    fake.with(|st| {
        let edits: Vec<_> = st
            .requests
            .iter()
            .filter(|r| r.method == "editephemeralmessagemedia" && r.status == 200)
            .collect();
        assert!(!edits.is_empty(), "her hand edited in place as the game moved");
        for r in &edits {
            assert_eq!(r.body["media"]["type"], "photo", "the media replaced");
            assert!(r.body["reply_markup"]["inline_keyboard"].is_array(), "the keyboard again");
        }
        assert_eq!(st.count("editEphemeralMessageText"), 0, "a photo is not edited as text");
        let hands: Vec<_> = st.ephemerals.values().filter(|e| e.user == ALICE.id).collect();
        assert!(hands.iter().all(|e| e.photo.is_some()), "every hand a photo");
        let seen = st.seen_by(GROUP, ALICE.id);
        assert_eq!(seen.len(), 1, "one hand on her screen");
        // The match over, its last hand may have no buttons left.
        a_hand_photo(&seen[0].msg(), false);
        no_public_hand_photo(st);
    });
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_hand_is_a_photo_and_a_chat_switched_to_text_gets_text_hands() {
    let fake = Fake::start().await;
    let service = memory_service().await;
    let bot = start(&fake, service.clone()).await;
    // Alice plays from the group; Bob, who joins by the link, from his private chat.
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let join = shown(&fake, &service, id, "public").await.join_link().expect("a join link");
    fake.open_link(&BOB, &join);
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let private = eventually("Bob's hand as a photo", || async {
        let m = shown(&fake, &service, id, &hand(&BOB)).await;
        m.photo.is_some().then_some(m)
    })
    .await;
    assert_eq!(private.chat, BOB.id, "in his private chat");
    a_hand_photo(&private, false);
    let group =
        fake.until("her hand", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| e.id)).await;
    a_hand_photo(&fake.with(|st| st.ephemerals[&group].msg()), true);
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 8).await;

    // The chat turns to text: the next hands are text, the photos go.
    let now = service.store().chat_settings(&chat(GROUP)).await.expect("settings");
    let text = ChatSettings { board: BoardMode::Text, ..now }.next();
    service.store().set_chat_settings(&chat(GROUP), &text).await.expect("text");
    let version = table(&service, id).await.version;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version > version + 1).await;
    assert_eq!(table(&service, id).await.phase, Phase::Playing, "a long match");
    let mine = fake
        .until("her text hand", |st| {
            let seen = st.seen_by(GROUP, ALICE.id);
            seen.iter().find(|e| e.photo.is_none()).map(|e| e.id)
        })
        .await;
    assert_ne!(mine, group, "a new message");
    fake.until("her photo hand deleted", |st| st.ephemerals[&group].deleted.then_some(())).await;
    let his = eventually("Bob's text hand", || async {
        let m = shown(&fake, &service, id, &hand(&BOB)).await;
        m.photo.is_none().then_some(m)
    })
    .await;
    assert!(his.text.starts_with("🎴"), "{}", his.text);
    let old = fake.with(|st| st.message(BOB.id, private.id).cloned()).expect("his photo");
    assert!(old.deleted, "his photo hand goes");
    fake.with(no_public_hand_photo);
    bot.stop().await;
}
