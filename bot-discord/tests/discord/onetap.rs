//! One tap a turn: each person's ephemeral hand is kept current through the token of their
//! last press that showed it, so after their first «My tiles» a move is one tap on the hand
//! they already see; a token near its 15 minutes is not used (nor one whose message is gone),
//! and the turn ping then says to press «My tiles». The chat shows boards as pictures: each
//! hand carries the picture of the tiles it shows, replaced with every edit. The taps and chat switches of a whole
//! match are counted (and printed: `cargo test -p domino-discord --test discord onetap --
//! --nocapture`).

use crate::fake::{APP, Fake, Msg, TOKEN_LIFE_MS};
use crate::harness::*;
use crate::payloads::opt;
use domino_core::service::{CountingSeeds, Options, Service};
use domino_core::session::{ChatId, Phase, Platform, Simple, Table};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use domino_core::view::picture::{Style, hand_png};
use domino_core::view::{ButtonAction, ButtonData, hand_view, render_hand};
use domino_discord::render::escape;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The fake's clock moves this much a move (people take their time).
const PER_MOVE_MS: i64 = 20_000;

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// A bot whose deals come from fixed seeds, Kozel to `target`.
async fn world(first_seed: u64, target: u32) -> World<MemoryStore> {
    let store = MemoryStore::new();
    let mut settings = ChatSettings::default().next();
    settings.presets.insert("kozel".into(), json!({ "target": target }));
    // Every turn pinged at once: the ping says who is to move, and whether «My tiles» is due.
    settings.ping_after = 0;
    store.set_chat_settings(&chat(), &settings).await.unwrap();
    let fake = Fake::start().await;
    let clock = fake.clock();
    let options = Options {
        robot_pause: std::time::Duration::ZERO,
        advice: domino_core::chat::scenario::ADVICE,
        ..Options::default()
    };
    let seeds = Arc::new(CountingSeeds::new(first_seed));
    let service = Service::start_with(store, Arc::new(Simple), clock.clone(), seeds, options);
    let bot = Bot::start(&fake, service.await.expect("a service")).await;
    World { fake, bot, clock }
}

/// What one person pressed.
#[derive(Debug, Default)]
struct Tally {
    moves: usize,
    taps: usize,
    my_tiles: usize,
    /// Presses in another channel than their press before.
    switches: usize,
    channel: Option<u64>,
    /// The ephemeral hand they see (the last one an answer showed them).
    hand: Option<u64>,
    /// The token of the last press that showed it.
    token: Option<String>,
    /// That token is young enough for the bot to keep the hand current.
    live: bool,
}

/// People at one table, pressing as a person would, counted.
struct Play<'w> {
    w: &'w World<MemoryStore>,
    table: i64,
    people: Vec<Player>,
    tally: BTreeMap<u64, Tally>,
}

fn is_hand(m: &Msg) -> bool {
    m.ephemeral() && (m.text().contains("ваши кости") || m.text().contains("your tiles"))
}

/// The move buttons a message offers.
fn move_buttons(m: &Msg) -> Vec<String> {
    let moves = m.buttons().into_iter().map(|(_, id)| id);
    let is_move = |id: &String| {
        ButtonData::decode(id).is_ok_and(|d| matches!(d.action, ButtonAction::Move(_)))
    };
    moves.filter(is_move).collect()
}

impl<'w> Play<'w> {
    fn new(w: &'w World<MemoryStore>, table: i64, people: &[Player]) -> Play<'w> {
        Play { w, table, people: people.to_vec(), tally: BTreeMap::new() }
    }

    async fn press(&mut self, who: Player, on: u64, id: &str) -> Pressed {
        let channel = self.w.fake.message(on).channel;
        let t = self.tally.entry(who.id).or_default();
        t.taps += 1;
        t.switches += usize::from(t.channel.is_some_and(|c| c != channel));
        t.channel = Some(channel);
        let pressed = self.w.press(who, on, id).await;
        if is_hand(&pressed.msg) {
            t.hand = Some(pressed.msg.id);
            t.token = Some(pressed.token.clone());
            t.live = true;
        }
        pressed
    }

    /// Until the bot is done with what the last press started.
    async fn settle(&self) {
        self.w.service().settled().await;
        self.w.fake.quiet().await;
    }

    /// The person to move and their current turn ping.
    async fn to_move(&self, t: &Table) -> (Player, Msg) {
        let seat = t.to_move().expect("someone to move");
        let person = t.seats[seat].as_ref().unwrap().person().unwrap().id.id.clone();
        let who = *self.people.iter().find(|p| p.id.to_string() == person).expect("one of ours");
        let ping = self
            .w
            .fake
            .until("the turn ping", |f| {
                // A ping is a message of its own: no embed (the table message mentions too).
                let mut pings = f
                    .channel_messages(CHANNEL)
                    .into_iter()
                    .filter(|m| !m.deleted && m.embeds.as_array().is_none_or(Vec::is_empty));
                pings.find(|m| m.content.contains("ваш ход") && mention(m) == Some(who.id))
            })
            .await;
        (who, ping)
    }

    /// Time passes: every token grows old (a press makes a new one).
    fn wait(&mut self, ms: i64) {
        self.w.clock.advance(ms);
        self.tally.values_mut().for_each(|t| t.live = false);
    }

    /// Every hand kept through a live token shows its person's hand as the table now has it.
    async fn hands_are_current(&self, t: &Table) {
        for (id, tally) in &self.tally {
            let Some(hand) = tally.hand.filter(|_| tally.live) else { continue };
            let seat = t.seats.iter().position(|s| {
                s.as_ref().and_then(|s| s.person()).is_some_and(|p| p.id.id == id.to_string())
            });
            let view = hand_view(t, seat.unwrap()).expect("a hand");
            let want = escape(&render_hand(&view));
            let shows = |m: &Msg| m.embeds[0]["description"].as_str().unwrap_or_default() == want;
            // The edit may still be on its way on a slow machine: wait for it (10 s at most).
            let what = format!("{id}'s hand at version {}", t.version);
            let m = self.w.fake.until(&what, |f| Some(f.message(hand)).filter(shows)).await;
            let ids: Vec<String> = view.buttons.iter().flatten().map(|(_, d)| d.encode()).collect();
            let drawn: Vec<String> = m.buttons().into_iter().map(|(_, id)| id).collect();
            assert_eq!(drawn, ids, "{id}'s hand offers what it shows");
            // The chat shows boards as pictures: the hand carries its own, edited with it.
            let names: Vec<&str> = m.files.iter().map(|f| f.name.as_str()).collect();
            assert_eq!(names, ["hand.png"], "{id}'s hand picture");
            assert_eq!(m.embeds[0]["image"]["url"], "attachment://hand.png");
            let want = hand_png(&view.tiles, &view.playable, &Style::default()).expect("drawn");
            assert!(m.files[0].bytes == want.png, "{id}'s hand picture is of the hand it shows");
        }
    }

    /// One move by the person to move: on the hand they see when it offers a move, else on
    /// the hand «My tiles» on their ping shows. The ping says which.
    async fn turn(&mut self) {
        let t = self.w.table(self.table).await;
        let (who, ping) = self.to_move(&t).await;
        let seen = self.tally.get(&who.id).and_then(|t| t.hand).map(|id| self.w.fake.message(id));
        let offered = seen.as_ref().map(move_buttons).unwrap_or_default();
        let says_mine = ping.content.contains("Нажмите «🎴 Мои кости»");
        let said = &ping.content;
        assert_eq!(says_mine, offered.is_empty(), "the ping says where the tiles are: {said}");
        let (hand, offered) = match offered.is_empty() {
            false => (seen.unwrap(), offered),
            true => {
                self.tally.entry(who.id).or_default().my_tiles += 1;
                let shown = self.press(who, ping.id, &button(&ping, "Мои кости")).await;
                assert_eq!(shown.kind, 4, "«My tiles» answers with the hand");
                let offered = move_buttons(&shown.msg);
                (shown.msg, offered)
            }
        };
        let moved = self.press(who, hand.id, &offered[0]).await;
        assert_eq!(moved.kind, 7, "the move updates the hand: {}", moved.msg.text());
        assert_eq!(moved.msg.id, hand.id);
        assert!(self.w.table(self.table).await.version > t.version, "the move was taken");
        self.tally.entry(who.id).or_default().moves += 1;
        // Taking their time, well within a token's life.
        self.w.clock.advance(PER_MOVE_MS);
        self.settle().await;
    }

    /// Plays until `done`; every hand checked after every move.
    async fn until(&mut self, done: impl Fn(&Table, &Play) -> bool) {
        for _ in 0..2000 {
            let t = self.w.table(self.table).await;
            if t.phase != Phase::Playing || done(&t, self) {
                return;
            }
            self.hands_are_current(&t).await;
            self.turn().await;
        }
        panic!("the match goes on forever");
    }

    fn print(&self, what: &str, minutes: f64) {
        let (mut moves, mut taps, mut mine, mut switches) = (0, 0, 0, 0);
        for (id, t) in &self.tally {
            let name = self.people.iter().find(|p| p.id == *id).unwrap().name;
            let per = t.taps as f64 / t.moves.max(1) as f64;
            eprintln!(
                "  {name}: {} moves, {} taps ({per:.2} a move), «My tiles» {}, switches {}",
                t.moves, t.taps, t.my_tiles, t.switches
            );
            (moves, taps, mine, switches) =
                (moves + t.moves, taps + t.taps, mine + t.my_tiles, switches + t.switches);
        }
        let per = taps as f64 / moves.max(1) as f64;
        let sw = switches as f64 / moves.max(1) as f64;
        eprintln!(
            "one tap a turn, Discord, {what}, {minutes:.0} min of play: {moves} moves, {taps} taps \
             ({per:.3} a move), «My tiles» {mine}, chat switches {switches} ({sw:.3} a move)"
        );
    }
}

/// A pairs Kozel table of `people` (the host first), the seats left started with computers.
async fn pairs(w: &World<MemoryStore>, people: &[Player]) -> i64 {
    w.slash(people[0], "new", vec![opt("game", "kozel"), opt("pairs", true)]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    for &p in &people[1..] {
        let msg = w.shown(table).await;
        w.press(p, msg.id, &button(&msg, "Сесть")).await;
    }
    let msg = w.shown(table).await;
    w.press(people[0], msg.id, &button(&msg, "Начать")).await;
    assert_eq!(w.table(table).await.phase, Phase::Playing);
    table
}

/// A whole pairs match to 101 played by `people` (computers in the other seats), each
/// moving on the hand they see when it offers a move: counted, printed and checked.
async fn whole_match(seed: u64, people: &[Player], what: &str) {
    let w = world(seed, 101).await;
    let table = pairs(&w, people).await;
    let started = w.clock.now_ms();
    let mut play = Play::new(&w, table, people);
    play.settle().await;
    play.until(|_, _| false).await;
    assert_eq!(w.table(table).await.phase, Phase::Finished, "the match was played out");
    let took = w.clock.now_ms() - started;
    play.print(what, took as f64 / 60_000.0);
    let allowed = 1 + (took / TOKEN_LIFE_MS) as usize;
    for p in people {
        let t = &play.tally[&p.id];
        assert!(t.moves >= 2, "{}: {t:?}", p.name);
        assert!(t.my_tiles <= allowed, "{}: «My tiles» once per 15 minutes: {t:?}", p.name);
        assert_eq!(t.taps, t.moves + t.my_tiles, "{}: one tap a move besides: {t:?}", p.name);
        assert_eq!(t.switches, 0, "{}: hands and table share the channel", p.name);
    }
    assert!(w.fake.expired_calls().is_empty(), "no call with a token past its 15 minutes");
    w.bot.stop().await;
}

#[tokio::test]
async fn a_whole_pairs_match_of_four_people_is_one_tap_a_move() {
    whole_match(31, &[ANNA, BORIS, VERA, GLEB], "pairs Kozel to 101, four people").await;
}

#[tokio::test]
async fn a_whole_pairs_match_with_a_computer_is_one_tap_a_move() {
    // The computer's moves come through the service's feed: they keep the hands current too.
    let what = "pairs Kozel to 101, three people and a computer";
    whole_match(43, &[ANNA, BORIS, VERA], what).await;
}

/// The calls the bot made through `token` from request number `from` on.
fn calls_with(fake: &Fake, token: &str, from: usize) -> usize {
    fake.requests()[from..].iter().filter(|r| r.path.contains(token)).count()
}

#[tokio::test]
async fn an_old_token_or_a_dismissed_hand_sends_the_person_back_to_my_tiles() {
    let w = world(57, 101).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    let mut play = Play::new(&w, table, &[ANNA, BORIS]);
    play.settle().await;
    play.until(|_, p| p.tally.values().filter(|t| t.moves >= 2).count() == 2).await;

    // Fourteen and a half minutes pass: the token of the one waiting still works on Discord,
    // but is too near its end to be used.
    let t = w.table(table).await;
    let (mover, _) = play.to_move(&t).await;
    let waiting = if mover == ANNA { BORIS } else { ANNA };
    let old = play.tally[&waiting.id].token.clone().unwrap();
    let hand = play.tally[&waiting.id].hand.unwrap();
    let edits = w.fake.message(hand).history.len();
    play.wait(TOKEN_LIFE_MS - 30_000);
    let from = w.fake.requests().len();
    play.turn().await;
    assert_eq!(calls_with(&w.fake, &old, from), 0, "no call with a token near its end");
    assert_eq!(w.fake.message(hand).history.len(), edits, "the old hand stays as it was");
    let t = w.table(table).await;
    let (next, ping) = play.to_move(&t).await;
    assert_eq!(next, waiting);
    assert!(ping.content.contains("Нажмите «🎴 Мои кости»"), "{}", ping.content);
    // «My tiles»: one tap more, then one a move again (checked by `turn`).
    play.until(|_, p| p.tally[&waiting.id].my_tiles == 2 && p.tally[&waiting.id].moves >= 4).await;
    assert_eq!(play.tally[&waiting.id].my_tiles, 2);

    // A pause of over 15 minutes: Discord (the fake) refuses the old token outright. The one
    // to move moves on the hand they see (brought up to date before the pause); the other,
    // whose hand could not follow, is sent to «My tiles» once.
    let t = w.table(table).await;
    let (mover, _) = play.to_move(&t).await;
    let waiting = if mover == ANNA { BORIS } else { ANNA };
    let mine = |p: &Play, who: Player| p.tally[&who.id].my_tiles;
    let before = (mine(&play, mover), mine(&play, waiting));
    play.wait(TOKEN_LIFE_MS + 1);
    let http = serenity::http::HttpBuilder::new("test-token")
        .proxy(w.fake.url())
        .ratelimiter_disabled(true)
        .application_id(serenity::model::id::ApplicationId::new(APP))
        .build();
    let edit = json!({"content": "x"});
    match http.edit_original_interaction_response(&old, &edit, vec![]).await {
        Err(serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r))) => {
            assert_eq!((r.status_code.as_u16(), r.error.code), (401, 50027), "{r:?}");
        }
        other => panic!("an expired token is refused, not {other:?}"),
    }
    assert_eq!(w.fake.expired_calls(), std::slice::from_ref(&old), "the bot never tried it");
    play.until(|_, p| mine(p, waiting) > before.1 && p.tally[&waiting.id].live).await;
    assert_eq!((mine(&play, mover), mine(&play, waiting)), (before.0, before.1 + 1));
    assert_eq!(w.fake.expired_calls(), std::slice::from_ref(&old), "nor any other past its time");

    // The one waiting dismisses their hand: the bot's next edit of it fails (Unknown
    // Message), the token is dropped, and the ping says «My tiles».
    let t = w.table(table).await;
    let (mover, _) = play.to_move(&t).await;
    let waiting = if mover == ANNA { BORIS } else { ANNA };
    let token = play.tally[&waiting.id].token.clone().unwrap();
    w.fake.dismiss(play.tally[&waiting.id].hand.unwrap());
    let from = w.fake.requests().len();
    play.tally.get_mut(&waiting.id).unwrap().hand = None;
    play.tally.get_mut(&waiting.id).unwrap().live = false;
    play.turn().await;
    assert_eq!(calls_with(&w.fake, &token, from), 1, "one edit tried, refused");
    let t = w.table(table).await;
    let (next, ping) = play.to_move(&t).await;
    assert_eq!(next, waiting);
    assert!(ping.content.contains("Нажмите «🎴 Мои кости»"), "{}", ping.content);
    play.turn().await;
    play.turn().await;
    assert_eq!(calls_with(&w.fake, &token, from), 1, "the refused token is not used again");
    w.bot.stop().await;
}
