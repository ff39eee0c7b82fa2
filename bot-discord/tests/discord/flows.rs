//! Whole games and the slash commands.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::engine::rules::Variant;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use serde_json::{Value, json};

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// Kozel to a low target, so that a match takes a few rounds.
async fn short_kozel(store: &MemoryStore) {
    let mut settings = ChatSettings::default().next();
    settings.presets.insert("kozel".into(), json!({"target": 25}));
    store.set_chat_settings(&chat(), &settings).await.unwrap();
}

#[tokio::test]
async fn a_two_player_match_through_the_buttons() {
    let store = MemoryStore::new();
    short_kozel(&store).await;
    let w = World::start(store).await;
    let answer = w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    assert!(answer.ephemeral() && answer.text().contains("Стол №1"), "{}", answer.text());
    let table = w.service().tables_in(&chat()).await[0].id;
    let msg = w.shown(table).await;
    assert!(
        msg.text().contains("Козёл · стол №1") && msg.text().contains("anna ✦"),
        "{}",
        msg.text()
    );
    assert_eq!(msg.allowed_mentions["parse"], json!([]), "a table message pings nobody");

    // Boris sits down: the table is full and the match starts by itself.
    let joined = w.press(BORIS, msg.id, &button(&msg, "Сесть")).await;
    assert_eq!(joined.kind, 7, "the press updates the table message");
    assert_eq!(joined.msg.id, msg.id);
    assert_eq!(w.table(table).await.phase, Phase::Playing);
    let started = w
        .fake
        .until("the start notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("матч 1 начался"))
        })
        .await;
    assert!(started.content.contains("Мои кости"));

    let moves = play(&w, table, &[ANNA, BORIS], |t| t.phase != Phase::Playing).await;
    assert!(moves > 10);
    let t = w.table(table).await;
    assert_eq!(t.phase, Phase::Finished);
    let done = w.shown(table).await;
    assert!(done.text().contains("🏁"), "{}", done.text());
    assert!(done.buttons().iter().any(|(l, _)| l.contains("Ещё матч")));
    assert_eq!(
        w.fake
            .channel_messages(CHANNEL)
            .iter()
            .filter(|m| !m.embeds.is_null()
                && m.text().contains("стол №1")
                && !m.embeds.as_array().unwrap().is_empty())
            .count(),
        1,
        "one table message, edited in place"
    );
    w.fake
        .until("the match-over notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("Матч окончен"))
        })
        .await;
    // Pings: one at a time, the old ones deleted; none left once the match is over.
    w.fake
        .until("no ping left", |f| {
            let left = f
                .channel_messages(CHANNEL)
                .into_iter()
                .filter(|m| !m.deleted && m.content.contains("ваш ход"))
                .count();
            (left == 0).then_some(())
        })
        .await;
    let pings: Vec<_> = w
        .fake
        .channel_messages(CHANNEL)
        .into_iter()
        .filter(|m| m.content.contains("ваш ход"))
        .collect();
    assert!(!pings.is_empty());
    for p in &pings {
        let who = mention(p).unwrap().to_string();
        assert_eq!(
            p.allowed_mentions["users"],
            json!([who]),
            "a ping pings only the player to move"
        );
    }

    // The scoreboard, the tally and the export.
    let top = w.slash(BORIS, "top", vec![]).await;
    assert!(!top.ephemeral());
    assert!(top.text().contains("anna ✦") && top.text().contains("boris ✦"), "{}", top.text());
    let score = w.slash(ANNA, "score", vec![]).await;
    assert!(score.text().contains("Раунд 1"), "{}", score.text());
    let export = w.slash(ANNA, "export", vec![]).await;
    let names: Vec<&str> = export.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["last-match.json", "season-1-matches.jsonl", "standings.csv", "rating-history.csv"]
    );
    let record: Value = serde_json::from_slice(&export.files[0].bytes).unwrap();
    assert_eq!(record["format"], "domino-record/1", "{record}");
    let line: Value = serde_json::from_slice(&export.files[1].bytes).unwrap();
    assert_eq!(line, record, "the season's one match, on its line");
    assert!(export.files[2].bytes.starts_with(b"platform,user_id"));
    assert!(export.files[3].bytes.starts_with(b"season,variant,platform,user_id"));
    let upload = w.fake.requests().into_iter().rfind(|r| r.path.ends_with("/callback")).unwrap();
    assert_eq!(upload.files.len(), 4, "sent as one multipart upload");
    assert!(!export.ephemeral(), "the export is for the channel");
    // The last round replayed: a GIF attachment, which Discord plays in the channel.
    let replay = w.slash(BORIS, "replay", vec![]).await;
    assert!(!replay.ephemeral(), "a replay is for the channel: {}", replay.text());
    assert_eq!(replay.files.len(), 1);
    assert_eq!(replay.files[0].name, "replay-1.gif");
    assert!(replay.files[0].bytes.starts_with(b"GIF89a"), "a GIF");
    assert!(replay.text().starts_with("🎞 Козёл · раунд "), "{}", replay.text());
    // Past the history's end, or out of range: told to the asker alone, nothing sent.
    let none = w.slash(BORIS, "replay", vec![opt("match", 2)]).await;
    assert!(none.ephemeral() && none.files.is_empty(), "{}", none.text());
    let absurd = w.slash(BORIS, "replay", vec![opt("match", 999_999)]).await;
    assert!(absurd.ephemeral() && absurd.text().contains("1"), "{}", absurd.text());
    let rows = w.service().store().scoreboard(&chat(), None, Some(Variant::Kozel)).await.unwrap();
    assert_eq!(rows.len(), 2);
    w.bot.stop().await;
}

#[tokio::test]
async fn a_four_player_pairs_round_through_the_buttons() {
    let w = World::start(MemoryStore::new()).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel"), opt("pairs", true)]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    for p in [BORIS, VERA, GLEB] {
        let msg = w.shown(table).await;
        let r = w.press(p, msg.id, &button(&msg, "Сесть")).await;
        assert_eq!(r.kind, 7);
    }
    assert_eq!(w.table(table).await.phase, Phase::Lobby, "a full pairs lobby waits for its host");
    let msg = w.shown(table).await;
    let r = w.press(ANNA, msg.id, &button(&msg, "Начать")).await;
    assert_eq!(r.kind, 7);
    let t = w.table(table).await;
    assert_eq!(t.phase, Phase::Playing, "four seated, the host starts the match");
    let msg = w.shown(table).await;
    assert!(msg.text().contains("🔵") && msg.text().contains("🔴"), "{}", msg.text());
    let moves = play(&w, table, &[ANNA, BORIS, VERA, GLEB], |t| {
        t.game.as_ref().is_some_and(|g| g.rounds.len() > 1) || t.phase != Phase::Playing
    })
    .await;
    assert!(moves >= 4, "everybody moved");
    w.fake
        .until("the round's result", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("Раунд 1 ("))
        })
        .await;

    // Only the host (or an admin) closes the table.
    let refused = w.slash(BORIS, "stop", vec![]).await;
    assert!(refused.text().contains("хозяин или админ"), "{}", refused.text());
    assert!(w.table(table).await.phase.is_open());
    w.slash(ANNA, "stop", vec![]).await;
    let closed = w.shown(table).await;
    assert!(closed.buttons().is_empty(), "a closed table has no buttons");
    assert!(closed.text().contains("Стол закрыт"), "{}", closed.text());
    w.fake
        .until("the closing notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("🚪 Стол закрыт"))
        })
        .await;
    let none = w.slash(ANNA, "score", vec![]).await;
    assert!(none.text().contains("нет открытого стола"), "{}", none.text());
    w.bot.stop().await;
}

#[tokio::test]
async fn duels_and_several_tables_in_one_channel() {
    let w = World::start(MemoryStore::new()).await;
    // A duel with oneself is refused: one person cannot hold two seats.
    let resolved = crate::payloads::resolved_user(ANNA.user());
    let options = vec![crate::payloads::user_opt("opponent", ANNA.id)];
    let refused = w.slash_in(CHANNEL, ANNA, "duel", options, resolved).await;
    assert!(refused.ephemeral() && refused.text().contains("самим собой"), "{}", refused.text());
    assert!(w.service().tables_in(&chat()).await.is_empty());
    let resolved = crate::payloads::resolved_user(BORIS.user());
    let options = vec![crate::payloads::user_opt("opponent", BORIS.id), opt("game", "telefon")];
    w.slash_in(CHANNEL, ANNA, "duel", options, resolved).await;
    let duel = w.service().tables_in(&chat()).await[0].id;
    let msg = w.shown(duel).await;
    assert!(msg.text().contains("Вызов"), "{}", msg.text());
    let challenge = w
        .fake
        .until("the challenge notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("вызов на партию"))
        })
        .await;
    assert_eq!(mention(&challenge), Some(BORIS.id), "the challenge pings Boris");
    assert_eq!(challenge.allowed_mentions["users"], json!([BORIS.id.to_string()]));

    let wrong = w.press(VERA, msg.id, &button(&msg, "Принять")).await;
    assert_eq!((wrong.kind, wrong.msg.ephemeral()), (4, true));
    assert!(wrong.msg.text().contains("Этот вызов не вам"), "{}", wrong.msg.text());
    let accepted = w.press(BORIS, msg.id, &button(&msg, "Принять")).await;
    assert_eq!(accepted.kind, 7);
    assert_eq!(w.table(duel).await.phase, Phase::Playing);

    // A second table in the same channel, against the computer, with its own message.
    w.slash(VERA, "duel", vec![opt("computer", true), opt("game", "classic")]).await;
    let tables = w.service().tables_in(&chat()).await;
    assert_eq!(tables.len(), 2);
    let solo = tables[1].id;
    assert_eq!(tables[1].number, 2);
    let solo_msg = w.shown(solo).await;
    assert_ne!(solo_msg.id, msg.id);
    assert!(solo_msg.text().contains("Компьютер"), "{}", solo_msg.text());
    let moves = play(&w, solo, &[VERA], |t| t.phase != Phase::Playing).await;
    assert!(moves > 0);
    assert_eq!(w.table(solo).await.phase, Phase::Finished);

    // Challenging the bot itself is a game against the computer.
    let resolved =
        crate::payloads::resolved_user(crate::payloads::user(crate::fake::BOT, "domino", true));
    w.slash_in(
        CHANNEL,
        GLEB,
        "duel",
        vec![crate::payloads::user_opt("opponent", crate::fake::BOT)],
        resolved,
    )
    .await;
    let third = w.service().tables_in(&chat()).await.into_iter().find(|t| t.number == 3).unwrap();
    assert_eq!(third.phase, Phase::Playing);

    // `/domino vs`: Anna and Boris have a duel in play, none finished; with nobody named, how
    // to ask.
    let resolved = crate::payloads::resolved_user(BORIS.user());
    let options = vec![crate::payloads::user_opt("opponent", BORIS.id)];
    let vs = w.slash_in(CHANNEL, ANNA, "vs", options, resolved).await;
    assert!(vs.text().contains("ещё не доиграли матч за одним столом"), "{}", vs.text());
    let usage = w.slash(ANNA, "vs", vec![]).await;
    assert!(usage.ephemeral() && usage.text().contains("/domino против"), "{}", usage.text());
    let card = w.slash(ANNA, "me", vec![]).await;
    assert!(card.text().contains("ещё нет доигранных матчей"), "{}", card.text());
    w.bot.stop().await;
}

#[tokio::test]
async fn settings_need_an_admin_and_reach_new_tables() {
    let w = World::start(MemoryStore::new()).await;
    let menu = w.slash(ANNA, "settings", vec![]).await;
    assert!(menu.text().contains("Настройки чата"), "{}", menu.text());
    let store = w.service().store();

    // Only admins change settings; a refusal is private and changes nothing.
    let (id, english) = select(&menu, "English");
    let refused = w.choose(ANNA, menu.id, &id, &[&english]).await;
    assert_eq!((refused.kind, refused.msg.ephemeral()), (4, true));
    assert!(refused.msg.text().contains("только админы"), "{}", refused.msg.text());
    assert_eq!(store.chat_settings(&chat()).await.unwrap(), ChatSettings::default());

    let en = w.choose(ADMIN, menu.id, &id, &[&english]).await;
    assert_eq!(en.kind, 7, "the menu is updated in place");
    assert!(en.msg.text().contains("Language: English"), "{}", en.msg.text());
    let (id, minute) = select(&en.msg, "1 min");
    let timed = w.choose(ADMIN, menu.id, &id, &[&minute]).await;
    // The computer is on the page of more settings, a press away.
    let more = w.press(ADMIN, menu.id, &button(&timed.msg, "More")).await;
    let (id, expert) = select(&more.msg, "expert");
    let strong = w.choose(ADMIN, menu.id, &id, &[&expert]).await;
    assert!(strong.msg.text().contains("Turn timer: 1 min"), "{}", strong.msg.text());

    // A press on the menu as it was before is out of date: refused, the menu shown as it is.
    let stale = w.choose(ADMIN, menu.id, &id, &[&expert]).await;
    assert_eq!(stale.kind, 7);
    assert!(stale.msg.text().contains("Computer: expert"), "{}", stale.msg.text());
    let note = w.fake.until("the stale note", |f| {
        let last = f.requests().into_iter().rev().find(|r| r.path.contains("/webhooks/"))?;
        last.body["content"].as_str().map(str::to_owned)
    });
    assert!(note.await.contains("out of date"));

    // The game page: a preset and a house rule for Goat.
    let general = w.press(ADMIN, menu.id, &button(&strong.msg, "General")).await;
    let rules = w.press(ADMIN, menu.id, &button(&general.msg, "Game rules")).await;
    assert!(rules.msg.text().contains("Goat"), "{}", rules.msg.text());
    let (id, troshin) = select(&rules.msg, "troshin");
    let preset = w.choose(ADMIN, menu.id, &id, &[&troshin]).await;
    let (id, _) = select(&preset.msg, "Eggs");
    let eggs = w.choose(ADMIN, menu.id, &id, &["eggs"]).await;
    assert!(eggs.msg.text().contains("✅ Eggs"), "{}", eggs.msg.text());
    let done = w.press(ADMIN, menu.id, &button(&eggs.msg, "Done")).await;
    assert!(done.msg.buttons().is_empty(), "a closed menu has no controls");
    let s = store.chat_settings(&chat()).await.unwrap();
    assert_eq!(
        (s.version, s.turn_secs(false), s.lang),
        (5, Some(60), domino_core::session::Lang::En)
    );

    // Seasons: admins only.
    let season = w.slash(ANNA, "season", vec![opt("new", true)]).await;
    assert!(season.text().contains("admins"), "{}", season.text());
    let season = w.slash(ADMIN, "season", vec![opt("new", true)]).await;
    assert!(season.text().contains("Season 2"), "{}", season.text());

    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let t = w.service().tables_in(&chat()).await.remove(0);
    assert_eq!(t.turn_secs, Some(60));
    assert!(t.rules.presets().iter().any(|p| p.key() == "troshin") && t.rules.eggs());
    let msg = w.shown(t.id).await;
    assert!(msg.text().contains("Goat · table #1"), "{}", msg.text());
    assert!(button(&msg, "Join").starts_with("1:"));
    w.bot.stop().await;
}

#[tokio::test]
async fn a_choice_in_a_move_menu_is_a_move() {
    // A hand with more than 25 moves is offered as select menus; a choice is read like a press.
    let w = World::start(MemoryStore::new()).await;
    w.slash(ANNA, "new", vec![opt("game", "classic")]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    let msg = w.shown(table).await;
    let mover = if mention(&msg) == Some(ANNA.id) { ANNA } else { BORIS };
    let hand = w.press(mover, msg.id, &button(&msg, "Мои кости")).await.msg;
    let version = w.table(table).await.version;
    let id = w.fake.id();
    let token = format!("token-{id}");
    let message = crate::fake::message_json(&hand);
    let value = hand.buttons()[0].1.clone();
    w.fake.push(crate::payloads::choice(
        id,
        &token,
        CHANNEL,
        mover.member(),
        "menu:0",
        &value,
        message,
    ));
    let a = w
        .fake
        .until("the choice's answer", |f| {
            let a = f.answered(&token);
            (!a.callbacks.is_empty()).then_some(a)
        })
        .await;
    assert_eq!(a.callbacks, [7], "the hand is updated");
    assert!(w.table(table).await.version > version, "the move was made");
    w.bot.stop().await;
}
