//! One contract for every [`Store`], run against the in-memory store, SQLite (a file, and
//! `sqlite::memory:`) and PostgreSQL (a server the tests start, see `domino-pg-harness`), on
//! tables and matches played through the session API.

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, Millis, NewTable, Person, Phase,
    Platform, Robot, Simple, Table, UserId,
};
use domino_core::store::{
    ChatSettings, MatchSummary, MemoryStore, PairRow, PgStore, PlayedMatch, Rated, Rating,
    ScoreRow, Season, Span, SqliteStore, Store, StoreError, people_only, rate, rated_in,
};
use serde_json::{Value, json};
use sqlx::Connection;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

const T0: Millis = 1_700_000_000_000;

fn chat_a() -> ChatId {
    ChatId::new(Platform::Telegram, "-1001")
}

fn chat_b() -> ChatId {
    ChatId::new(Platform::Discord, "guild-7")
}

fn people() -> [Person; 5] {
    let tg = |id: &str, name: &str| Person::new(UserId::new(Platform::Telegram, id), name);
    let erin = Person::new(UserId::new(Platform::Discord, "9"), "Erin");
    [tg("1", "Alice"), tg("2", "Bob"), tg("3", "Carol"), tg("4", "Dave"), erin]
}

fn rules(variant: Variant, options: Value) -> Rules {
    Rules::from_options(variant, &options, None).expect("valid rules")
}

fn as_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serializable")
}

fn command(who: &Person, action: Action, version: u64) -> Command {
    Command { actor: Actor::person(who.clone()), action, version: Some(version) }
}

/// Plays tables against a store as the service will (apply, then commit), keeping its own copy
/// of every log and finished match to check the store against.
struct Bench<'s, S> {
    store: &'s S,
    now: Millis,
    logs: BTreeMap<i64, Vec<(u64, Event)>>,
    seasons: BTreeMap<ChatId, u32>,
    /// Finished matches with the season they count in.
    finished: Vec<(u32, MatchSummary)>,
}

impl<'s, S: Store> Bench<'s, S> {
    fn new(store: &'s S) -> Self {
        Bench {
            store,
            now: T0,
            logs: BTreeMap::new(),
            seasons: BTreeMap::new(),
            finished: Vec::new(),
        }
    }

    async fn open(&mut self, chat: &ChatId, rules: Rules, size: u8, host: &Person) -> Table {
        self.now += 1000;
        let new = NewTable {
            id: 0,
            chat: chat.clone(),
            number: 0,
            rules,
            size,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: 1000 + self.logs.len() as u64,
            clock: None,
        };
        let (mut table, events) =
            Table::create(new, host.clone(), self.now).expect("a valid table");
        self.store.create(&mut table, &events).await.expect("created");
        self.logs.insert(table.id, events.into_iter().map(|e| (0, e)).collect());
        table
    }

    /// Applies and commits one command; returns the match it finished, if any.
    async fn act(
        &mut self,
        table: &mut Table,
        who: &Person,
        action: Action,
    ) -> Option<MatchSummary> {
        self.now += 1000;
        let cmd = command(who, action, table.version);
        let events = table.apply(&cmd, self.now).expect("an accepted command");
        let mut summary = self.commit(table, events).await;
        // The computer moves that follow, each a command of its own, as the service makes them.
        while let Some(turn) = table.robot_turn(self.now) {
            let mv = turn.choose(table.live().expect("a match"), &Simple);
            let cmd =
                Command { actor: Actor::System, action: Action::RobotMove { mv }, version: None };
            let events = table.apply(&cmd, self.now).expect("a computer move");
            summary = summary.or(self.commit(table, events).await);
        }
        summary
    }

    async fn commit(&mut self, table: &Table, events: Vec<Event>) -> Option<MatchSummary> {
        let ended = events.iter().any(|e| matches!(e, Event::MatchEnded { .. }));
        let summary = ended.then(|| MatchSummary::of(table, self.now).expect("a finished match"));
        self.store.commit(table, &events, summary.as_ref()).await.expect("committed");
        self.logs
            .entry(table.id)
            .or_default()
            .extend(events.into_iter().map(|e| (table.version, e)));
        if let Some(m) = &summary {
            let season = self.seasons.get(&m.chat).copied().unwrap_or(1);
            self.finished.push((season, m.clone()));
        }
        summary
    }

    /// The people seated play the heaviest legal move until the match ends.
    async fn play_out(&mut self, table: &mut Table) -> MatchSummary {
        for _ in 0..10_000 {
            let seat = table.to_move().expect("a person to move");
            let who =
                table.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
            let mv = Simple.choose(
                table.live().expect("a match"),
                seat,
                BotLevel::Greedy,
                table.version,
            );
            if let Some(m) = self.act(table, &who, Action::Move { mv }).await {
                return m;
            }
        }
        panic!("the match did not end");
    }

    async fn new_season(&mut self, chat: &ChatId) -> Season {
        self.now += 1000;
        let season = self.store.new_season(chat, self.now).await.expect("a new season");
        self.seasons.insert(chat.clone(), season.number);
        season
    }

    /// What the person-only scoreboard must say, added up from the finished matches.
    fn expected_scores(
        &self,
        chat: &ChatId,
        season: u32,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        self.expected_lines(false, chat, season, variant)
    }

    /// What the ratings must be: the finished person-only matches rated one after another.
    fn expected_ratings(&self, chat: &ChatId, span: Span) -> Vec<Rating> {
        let mut now: BTreeMap<(Rated, Variant), Rating> = BTreeMap::new();
        let counted = self.finished.iter().filter(|(s, m)| {
            &m.chat == chat && (span == Span::AllTime || span == Span::Season(*s))
        });
        for (_, m) in counted {
            let before: Vec<Rating> = rated_in(m)
                .into_iter()
                .map(|who| {
                    let key = (who.clone(), m.variant);
                    now.get(&key).cloned().unwrap_or(Rating::new(who, m.variant))
                })
                .collect();
            for r in rate(m, &before) {
                now.insert((r.who.clone(), r.variant), r);
            }
        }
        now.into_values().collect()
    }

    /// What `/history` must list: the chat's finished matches, newest first.
    fn expected_history(&self, chat: &ChatId, limit: usize) -> Vec<PlayedMatch> {
        let played = self.finished.iter().rev().filter(|(_, m)| &m.chat == chat);
        played
            .take(limit)
            .map(|(season, m)| PlayedMatch {
                table_id: m.table_id,
                season: *season,
                variant: m.variant,
                pairs: m.pairs,
                rounds: m.rounds,
                finished_at: m.finished_at,
                players: m.players.clone(),
            })
            .collect()
    }

    /// The lines of person-only matches, or (`computers`) of matches with a computer seat.
    fn expected_lines(
        &self,
        computers: bool,
        chat: &ChatId,
        season: u32,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        let mut rows: BTreeMap<(UserId, Variant), ScoreRow> = BTreeMap::new();
        let counted = self.finished.iter().filter(|(s, m)| {
            *s == season
                && &m.chat == chat
                && variant.is_none_or(|v| v == m.variant)
                && people_only(m) != computers
        });
        for (_, m) in counted {
            for p in &m.players {
                let Some(user) = &p.user else { continue };
                let row = rows.entry((user.clone(), m.variant)).or_insert_with(|| ScoreRow {
                    user: user.clone(),
                    name: String::new(),
                    variant: m.variant,
                    matches: 0,
                    wins: 0,
                    goats: 0,
                    rounds: 0,
                    points_for: 0,
                    points_against: 0,
                });
                row.name = p.name.clone();
                row.matches += 1;
                row.wins += u32::from(p.won);
                row.goats += u32::from(p.goat);
                row.rounds += m.rounds;
                row.points_for += u64::from(p.points_for);
                row.points_against += u64::from(p.points_against);
            }
        }
        rows.into_values().collect()
    }
}

/// The contract. Returns the bench, whose logs name every table created.
async fn contract<S: Store>(store: &S) -> Bench<'_, S> {
    let mut b = Bench::new(store);
    let (a, chat_b) = (chat_a(), chat_b());
    let [alice, bob, carol, dave, erin] = people();
    let classic = || rules(Variant::Classic, json!({"target": 25}));

    // Tables are numbered per chat; the stored snapshot holds the id and number given.
    let mut duel = b.open(&a, classic(), 2, &alice).await;
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut four = b.open(&a, kozel, 4, &alice).await;
    let mut solo = b.open(&chat_b, classic(), 2, &erin).await;
    assert_eq!((duel.number, four.number, solo.number), (1, 2, 1));
    assert!(duel.id != four.id && four.id != solo.id && duel.id != solo.id);
    for t in [&duel, &four, &solo] {
        let stored = store.load(t.id).await.unwrap().expect("stored");
        assert_eq!(as_json(&stored), as_json(t));
    }
    assert_eq!(store.events(duel.id).await.unwrap(), [(0, Event::Created { host: alice.clone() })]);

    // A commit carries the next version; an older or a skipped one is refused, nothing written.
    let stale = duel.clone();
    b.act(&mut duel, &bob, Action::Join { seat: None }).await;
    assert_eq!((duel.version, &duel.phase), (1, &Phase::Playing));
    let mut late = stale.clone();
    let late_events = late.apply(&command(&carol, Action::Join { seat: None }, 0), b.now).unwrap();
    let refused = store.commit(&late, &late_events, None).await;
    assert!(
        matches!(refused, Err(StoreError::Conflict { table, stored: 1, expected: 0 }) if table == duel.id),
        "{refused:?}"
    );
    let mut ahead = duel.clone();
    ahead.version = 3;
    let refused = store.commit(&ahead, &[Event::Configured], None).await;
    assert!(
        matches!(refused, Err(StoreError::Conflict { stored: 1, expected: 2, .. })),
        "{refused:?}"
    );
    assert_eq!(as_json(&store.load(duel.id).await.unwrap()), as_json(&Some(&duel)));
    assert_eq!(store.events(duel.id).await.unwrap(), b.logs[&duel.id]);
    let mut ghost = duel.clone();
    ghost.id = 999_999;
    assert!(matches!(store.commit(&ghost, &[], None).await, Err(StoreError::NotFound(999_999))));
    assert!(matches!(store.events(999_999).await, Err(StoreError::NotFound(999_999))));
    assert!(store.load(999_999).await.unwrap().is_none());

    // Message references: set, replaced, listed per table; unknown tables refused.
    store.set_message_ref(duel.id, "public", "-100:7").await.unwrap();
    store.set_message_ref(duel.id, "hand:u1", "u1:8").await.unwrap();
    store.set_message_ref(duel.id, "public", "-100:9").await.unwrap();
    store.set_message_ref(four.id, "public", "-100:10").await.unwrap();
    assert_eq!(
        store.message_refs(duel.id).await.unwrap(),
        [("hand:u1".to_owned(), "u1:8".to_owned()), ("public".to_owned(), "-100:9".to_owned())]
    );
    assert!(store.message_refs(solo.id).await.unwrap().is_empty());
    assert!(matches!(
        store.set_message_ref(999_999, "public", "x").await,
        Err(StoreError::NotFound(_))
    ));

    // Matches played to the end: a duel and its rematch, a pair game with a computer player,
    // and a match against the computer that the person resigns.
    let first = b.play_out(&mut duel).await;
    assert_eq!(store.last_record(&a).await.unwrap(), Some(first.record.clone()));
    b.act(&mut four, &bob, Action::Join { seat: None }).await;
    b.act(&mut four, &carol, Action::Join { seat: None }).await;
    b.act(&mut four, &alice, Action::Start).await;
    let paired = b.play_out(&mut four).await;
    assert!(paired.pairs && paired.players[3].user.is_none(), "seat 3 went to the computer");
    b.act(&mut duel, &bob, Action::Rematch).await;
    let rematch = b.play_out(&mut duel).await;
    assert_eq!(store.last_record(&a).await.unwrap(), Some(rematch.record.clone()));
    b.act(&mut solo, &erin, Action::Start).await;
    let resigned = b.act(&mut solo, &erin, Action::Resign).await.expect("resigning ends the match");
    assert!(resigned.players[0].goat);

    // A pair game of four people (Alice and Carol against Bob and Dave).
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut full = b.open(&a, kozel, 4, &alice).await;
    for who in [&bob, &carol, &dave] {
        b.act(&mut full, who, Action::Join { seat: None }).await;
    }
    if full.phase == Phase::Lobby {
        b.act(&mut full, &alice, Action::Start).await;
    }
    let people_pairs = b.play_out(&mut full).await;
    assert!(people_pairs.pairs && people_only(&people_pairs));

    // Scoreboards: a line per person and variant from person-only matches, variant filter;
    // the matches with a computer seat kept apart.
    let season1 = store.scoreboard(&a, None, None).await.unwrap();
    assert_eq!(season1, b.expected_scores(&a, 1, None));
    let lines: Vec<_> = season1.iter().map(|r| (r.name.as_str(), r.variant, r.matches)).collect();
    assert_eq!(
        lines,
        [
            ("Alice", Variant::Classic, 2),
            ("Alice", Variant::Kozel, 1),
            ("Bob", Variant::Classic, 2),
            ("Bob", Variant::Kozel, 1),
            ("Carol", Variant::Kozel, 1),
            ("Dave", Variant::Kozel, 1),
        ]
    );
    let apart = store.computer_scoreboard(&a, None, None).await.unwrap();
    assert_eq!(apart, b.expected_lines(true, &a, 1, None));
    let lines: Vec<_> = apart.iter().map(|r| (r.name.as_str(), r.variant, r.matches)).collect();
    assert_eq!(
        lines,
        [("Alice", Variant::Kozel, 1), ("Bob", Variant::Kozel, 1), ("Carol", Variant::Kozel, 1)]
    );
    assert!(store.computer_scoreboard(&a, None, Some(Variant::Classic)).await.unwrap().is_empty());
    for v in [Variant::Classic, Variant::Kozel, Variant::Osel] {
        assert_eq!(
            store.scoreboard(&a, None, Some(v)).await.unwrap(),
            b.expected_scores(&a, 1, Some(v))
        );
    }
    assert!(store.scoreboard(&a, None, Some(Variant::Osel)).await.unwrap().is_empty());
    assert!(store.scoreboard(&chat_b, None, None).await.unwrap().is_empty());
    let erin_line = store.computer_scoreboard(&chat_b, None, None).await.unwrap();
    assert_eq!(erin_line, b.expected_lines(true, &chat_b, 1, None));
    assert_eq!((erin_line.len(), erin_line[0].goats, erin_line[0].wins), (1, 1, 0));

    // Pairs: only person-only pair games, partners in id order.
    let side = |user: &UserId| people_pairs.players.iter().find(|p| p.user.as_ref() == Some(user));
    let pair = |x: &Person, y: &Person| {
        let first = side(&x.id).unwrap();
        PairRow {
            users: [x.id.clone(), y.id.clone()],
            names: [x.name.clone(), y.name.clone()],
            variant: Variant::Kozel,
            matches: 1,
            wins: u32::from(first.won),
            goats: u32::from(first.goat),
        }
    };
    let pairs = [pair(&alice, &carol), pair(&bob, &dave)];
    assert_eq!(store.pair_scoreboard(&a, None, None).await.unwrap(), pairs);
    assert_eq!(store.pair_scoreboard(&a, Some(1), Some(Variant::Kozel)).await.unwrap(), pairs);
    assert!(store.pair_scoreboard(&a, None, Some(Variant::Classic)).await.unwrap().is_empty());
    assert!(store.pair_scoreboard(&chat_b, None, None).await.unwrap().is_empty());

    // Ratings: every person-only match rated in the order it finished, the players' and the
    // pairs' (a match with a computer rates nobody), per season and all time, variant filter.
    let rated = store.ratings(&a, Span::Season(1), None).await.unwrap();
    assert_eq!(rated, b.expected_ratings(&a, Span::Season(1)));
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), rated);
    let whose: Vec<(&Rated, u32)> = rated.iter().map(|r| (&r.who, r.matches)).collect();
    assert_eq!(whose.len(), 6 + 2, "Alice and Bob twice, four in pairs, and the two pairs");
    assert!(rated.iter().any(|r| r.who == Rated::Pair([bob.id.clone(), dave.id.clone()])));
    let kozel_only = store.ratings(&a, Span::Season(1), Some(Variant::Kozel)).await.unwrap();
    assert_eq!(kozel_only.len(), 6);
    assert!(store.ratings(&chat_b, Span::AllTime, None).await.unwrap().is_empty());

    // A finishing commit that comes again (a retry after a `Conflict`) is refused whole: no
    // rating, line or history row counted twice.
    let ratings_before = store.ratings(&a, Span::AllTime, None).await.unwrap();
    let refused = store.commit(&full, &[Event::Configured], Some(&people_pairs)).await;
    assert!(matches!(refused, Err(StoreError::Conflict { .. })), "{refused:?}");
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), ratings_before);
    assert_eq!(store.scoreboard(&a, None, None).await.unwrap(), season1);
    assert_eq!(store.history(&a, None, 100).await.unwrap(), b.expected_history(&a, 100));

    // History: newest first, limited, variant filter, per chat.
    let history = store.history(&a, None, 10).await.unwrap();
    assert_eq!(history, b.expected_history(&a, 10));
    assert_eq!(history.len(), 4);
    assert_eq!(history[0].table_id, full.id);
    assert_eq!(store.history(&a, None, 2).await.unwrap(), b.expected_history(&a, 2));
    let duels = store.history(&a, Some(Variant::Classic), 10).await.unwrap();
    assert_eq!(duels.iter().map(|m| m.table_id).collect::<Vec<_>>(), [duel.id, duel.id]);
    assert_eq!(store.history(&chat_b, None, 10).await.unwrap(), b.expected_history(&chat_b, 10));

    // The record of each chat's latest match.
    assert_eq!(store.last_record(&a).await.unwrap(), Some(people_pairs.record.clone()));
    assert_eq!(store.last_record(&chat_b).await.unwrap(), Some(resigned.record.clone()));
    assert_eq!(store.last_record(&ChatId::new(Platform::Terminal, "x")).await.unwrap(), None);

    // Only active tables (lobbies, matches in play) are loaded at start; finished and closed
    // ones are loaded by id; the chat's newest table is found whatever its phase.
    let mut ended = b.open(&a, classic(), 2, &dave).await;
    assert_eq!(ended.number, 4);
    b.act(&mut ended, &dave, Action::End).await;
    let active: Vec<&Table> =
        [&duel, &four, &solo].into_iter().filter(|t| t.phase.is_active()).collect();
    assert_eq!(as_json(&open_tables(store).await), as_json(&active));
    assert_eq!(as_json(&store.load(ended.id).await.unwrap()), as_json(&Some(&ended)));
    assert_eq!(as_json(&store.latest_table(&a).await.unwrap()), as_json(&Some(&ended)));
    assert_eq!(
        store.latest_table(&ChatId::new(Platform::Terminal, "x")).await.unwrap().map(|t| t.id),
        None
    );

    // Every log reads back whole, in order, each event with its version.
    for (id, log) in &b.logs {
        assert_eq!(&store.events(*id).await.unwrap(), log);
    }
    let versions: Vec<u64> = b.logs[&duel.id].iter().map(|(v, _)| *v).collect();
    assert!(versions.is_sorted() && versions.len() > duel.version as usize);

    // Chat settings: the default until set, then what was set; each change must be made on the
    // version stored, so an older menu or a second admin cannot overwrite a change.
    assert_eq!(store.chat_settings(&a).await.unwrap(), ChatSettings::default());
    let presets = json!({"kozel": {"preset": "troshin"}});
    let custom = ChatSettings {
        lang: Lang::En,
        turn_secs: Some(60),
        bot_level: BotLevel::Expert,
        default_variant: Variant::Osel,
        presets: presets.as_object().unwrap().clone(),
        ..ChatSettings::default()
    }
    .next();
    store.set_chat_settings(&chat_b, &custom).await.unwrap();
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), custom);
    let calmer = ChatSettings { turn_secs: None, ..custom.next() };
    store.set_chat_settings(&chat_b, &calmer).await.unwrap();
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), calmer);
    let late = ChatSettings { lang: Lang::Ru, ..custom.next() };
    assert!(matches!(
        store.set_chat_settings(&chat_b, &late).await,
        Err(StoreError::SettingsConflict { stored: 2, expected: 2 })
    ));
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), calmer);
    assert_eq!(store.chat_settings(&a).await.unwrap(), ChatSettings::default());

    // What the bot keeps for itself: set, replaced, removed, found by prefix; the first of two
    // values offered for a key is the one everybody gets.
    assert_eq!(store.meta("secret:links").await.unwrap(), None);
    assert_eq!(store.meta_or("secret:links", "first").await.unwrap(), "first");
    assert_eq!(store.meta_or("secret:links", "second").await.unwrap(), "first");
    store.set_meta("pace:telegram:-5", Some("[1,2]")).await.unwrap();
    store.set_meta("pace:telegram:-6", Some("[3]")).await.unwrap();
    store.set_meta("pace:telegram:-5", Some("[2,4]")).await.unwrap();
    store.set_meta("pacer", Some("not in the window prefix")).await.unwrap();
    let windows = store.meta_prefix("pace:").await.unwrap();
    assert_eq!(
        windows,
        [
            ("pace:telegram:-5".to_owned(), "[2,4]".to_owned()),
            ("pace:telegram:-6".to_owned(), "[3]".to_owned())
        ]
    );
    store.set_meta("pace:telegram:-6", None).await.unwrap();
    assert_eq!(store.meta("pace:telegram:-6").await.unwrap(), None);
    assert_eq!(store.meta_prefix("pace:").await.unwrap().len(), 1);

    // Seasons: 1 until a new one; the old season's lines are kept and can be asked for.
    assert_eq!(store.season(&a).await.unwrap(), Season { number: 1, started_at: 0 });
    let second = b.new_season(&a).await;
    assert_eq!(second, Season { number: 2, started_at: b.now });
    assert_eq!(store.season(&a).await.unwrap(), second);
    assert_eq!(store.season(&chat_b).await.unwrap().number, 1);
    assert!(store.scoreboard(&a, None, None).await.unwrap().is_empty());
    assert!(store.pair_scoreboard(&a, None, None).await.unwrap().is_empty());
    b.act(&mut duel, &alice, Action::Rematch).await;
    b.play_out(&mut duel).await;
    let season2 = store.scoreboard(&a, None, None).await.unwrap();
    assert_eq!(season2, b.expected_scores(&a, 2, None));
    assert!(season2.iter().all(|r| r.matches == 1 && r.variant == Variant::Classic));
    assert_eq!(store.scoreboard(&a, Some(2), None).await.unwrap(), season2);
    let rated2 = store.ratings(&a, Span::Season(2), None).await.unwrap();
    assert_eq!(rated2, b.expected_ratings(&a, Span::Season(2)));
    assert!(rated2.iter().all(|r| r.matches == 1), "season 2 rates from scratch");
    assert_eq!(
        store.ratings(&a, Span::AllTime, None).await.unwrap(),
        b.expected_ratings(&a, Span::AllTime)
    );
    assert_eq!(store.ratings(&a, Span::Season(1), None).await.unwrap(), rated);
    assert_eq!(store.scoreboard(&a, Some(1), None).await.unwrap(), season1);
    assert_eq!(store.pair_scoreboard(&a, Some(1), None).await.unwrap(), pairs);
    assert_eq!(b.new_season(&chat_b).await.number, 2);
    assert_eq!(b.new_season(&chat_b).await.number, 3);
    assert_eq!(store.computer_scoreboard(&chat_b, Some(1), None).await.unwrap(), erin_line);
    b
}

/// The active tables, every one of which reads.
async fn open_tables<S: Store>(store: &S) -> Vec<Table> {
    store.load_open().await.unwrap().into_iter().map(|t| t.expect("a table that reads")).collect()
}

/// Everything a store answers about the tables and chats of a contract run.
async fn dump<S: Store>(store: &S, ids: &[i64]) -> Value {
    let mut out = Vec::new();
    for &id in ids {
        out.push(json!({
            "table": as_json(&store.load(id).await.unwrap()),
            "events": as_json(&store.events(id).await.unwrap()),
        }));
    }
    out.push(as_json(&open_tables(store).await));
    for chat in [chat_a(), chat_b()] {
        for season in [None, Some(1), Some(2), Some(3)] {
            out.push(json!([
                as_json(&store.scoreboard(&chat, season, None).await.unwrap()),
                as_json(&store.pair_scoreboard(&chat, season, None).await.unwrap()),
                as_json(&store.computer_scoreboard(&chat, season, None).await.unwrap()),
            ]));
        }
        for span in [Span::AllTime, Span::Season(1), Span::Season(2), Span::Season(3)] {
            out.push(as_json(&store.ratings(&chat, span, None).await.unwrap()));
        }
        out.push(json!([
            as_json(&store.chat_settings(&chat).await.unwrap()),
            as_json(&store.season(&chat).await.unwrap()),
            store.last_record(&chat).await.unwrap(),
            as_json(&store.history(&chat, None, 100).await.unwrap()),
        ]));
    }
    Value::Array(out)
}

fn ids<S>(bench: &Bench<'_, S>) -> Vec<i64> {
    bench.logs.keys().copied().collect()
}

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    contract(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_contract_and_answers_as_memory_does() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("domino.db")).await.unwrap();
    let memory = MemoryStore::new();
    let (on_sqlite, in_memory) = (ids(&contract(&sqlite).await), ids(&contract(&memory).await));
    assert_eq!(on_sqlite, in_memory);
    assert_eq!(dump(&sqlite, &on_sqlite).await, dump(&memory, &in_memory).await);
}

#[tokio::test]
async fn sqlite_in_memory_keeps_the_contract() {
    let store = SqliteStore::open("sqlite::memory:").await.unwrap();
    contract(&store).await;
}

#[tokio::test]
async fn postgres_store_keeps_the_contract_and_answers_as_memory_does() {
    let url = domino_pg_harness::server().database("contract");
    let pg = PgStore::open(&url).await.unwrap();
    let memory = MemoryStore::new();
    let (on_pg, in_memory) = (ids(&contract(&pg).await), ids(&contract(&memory).await));
    assert_eq!(on_pg, in_memory);
    assert_eq!(dump(&pg, &on_pg).await, dump(&memory, &in_memory).await);
}

/// After a contract run and a reopening, the store goes on where it stopped: the first table
/// takes a rematch, and a new table gets the next id and the chat's next number.
async fn goes_on_after_reopening<S: Store>(store: &S, ids: &[i64]) -> Table {
    let [alice, bob, ..] = people();
    let mut duel = store.load(ids[0]).await.unwrap().expect("the first table");
    let events = duel.apply(&command(&bob, Action::Rematch, duel.version), T0).unwrap();
    store.commit(&duel, &events, None).await.unwrap();
    let (mut next, created) = Table::create(
        NewTable {
            id: 0,
            chat: chat_a(),
            number: 0,
            rules: Rules::new(Variant::Osel),
            size: 3,
            lang: Lang::En,
            turn_secs: Some(30),
            bot_level: BotLevel::Random,
            seed: 5,
            clock: None,
        },
        alice,
        T0,
    )
    .unwrap();
    store.create(&mut next, &created).await.unwrap();
    assert_eq!((next.id, next.number), (ids[ids.len() - 1] + 1, 5));
    duel
}

/// How many migrations the repository has for a backend (`sqlite`, `postgres`).
fn migrations_of(backend: &str) -> usize {
    std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(backend))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sql"))
        .count()
}

#[tokio::test]
async fn sqlite_file_keeps_everything_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let url = format!("sqlite://{}", path.display());
    let store = SqliteStore::open(&url).await.unwrap();
    let ids = ids(&contract(&store).await);
    let before = dump(&store, &ids).await;
    drop(store);

    let store = SqliteStore::open(&url).await.unwrap();
    assert_eq!(dump(&store, &ids).await, before);
    let duel = goes_on_after_reopening(&store, &ids).await;
    store.close().await;

    // Opening again runs no migration twice; the scoreboards are plain tables.
    let store = SqliteStore::open_path(&path).await.unwrap();
    assert_eq!(as_json(&store.load(ids[0]).await.unwrap()), as_json(&Some(&duel)));
    drop(store);
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(applied as usize, migrations_of("sqlite"));
    let classic: i64 = sqlx::query_scalar(
        "SELECT SUM(matches) FROM player_stats WHERE chat_id = '-1001' AND variant = 'classic'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(classic, 2 + 2 + 1 + 1, "Alice and Bob: two matches in season 1, one in season 2");
}

#[tokio::test]
async fn postgres_keeps_everything_across_reopening() {
    // A database that does not exist yet: opening creates it.
    let server = domino_pg_harness::server();
    let url = server.url(&server.unique_name("reopen"));
    let store = PgStore::open(&url).await.unwrap();
    let ids = ids(&contract(&store).await);
    let before = dump(&store, &ids).await;
    store.close().await;

    let store = PgStore::open(&url).await.unwrap();
    assert_eq!(dump(&store, &ids).await, before);
    let duel = goes_on_after_reopening(&store, &ids).await;
    store.close().await;

    let store = PgStore::open(&url).await.unwrap();
    assert_eq!(as_json(&store.load(ids[0]).await.unwrap()), as_json(&Some(&duel)));
    store.close().await;
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(applied as usize, migrations_of("postgres"));
    let classic: i64 = sqlx::query_scalar(
        "SELECT SUM(matches)::BIGINT FROM player_stats WHERE chat_id = '-1001' AND variant = 'classic'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(classic, 2 + 2 + 1 + 1, "Alice and Bob: two matches in season 1, one in season 2");
}

/// Several writers at once, through `stores` (two stores on one database act as two
/// processes): of commits carrying the same version exactly one wins; tables created in one
/// chat at once get distinct numbers; of settings changes made on the same version one wins;
/// seasons started at once get distinct numbers.
async fn one_writer_wins_each_race<S: Store>(stores: &[Arc<S>]) {
    let [alice, bob, carol, dave, erin] = people();
    let mut bench = Bench::new(&*stores[0]);
    let lobby = bench.open(&chat_a(), rules(Variant::Classic, json!({})), 4, &alice).await;
    let store = |i: usize| stores[i % stores.len()].clone();
    let joins: Vec<_> = [bob, carol, dave, erin]
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let (store, mut table) = (store(i), lobby.clone());
            tokio::spawn(async move {
                let cmd = command(&p, Action::Join { seat: None }, 0);
                let events = table.apply(&cmd, T0).unwrap();
                store.commit(&table, &events, None).await
            })
        })
        .collect();
    let mut results = Vec::new();
    for t in joins {
        results.push(t.await.unwrap());
    }
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
    assert!(results.iter().all(
        |r| r.is_ok() || matches!(r, Err(StoreError::Conflict { stored: 1, expected: 0, .. }))
    ));
    let log = stores[0].events(lobby.id).await.unwrap();
    assert_eq!(log.len(), 2);
    assert!(matches!(log[1], (1, Event::Joined { seat: 1, .. })));

    let creates: Vec<_> = (0..6)
        .map(|i| {
            let (store, host) = (store(i), alice.clone());
            tokio::spawn(async move {
                let new = NewTable {
                    id: 0,
                    chat: chat_b(),
                    number: 0,
                    rules: Rules::new(Variant::Kozel),
                    size: 2,
                    lang: Lang::Ru,
                    turn_secs: None,
                    bot_level: BotLevel::Greedy,
                    seed: i as u64,
                    clock: None,
                };
                let (mut table, events) = Table::create(new, host, T0).unwrap();
                store.create(&mut table, &events).await.map(|()| table.number)
            })
        })
        .collect();
    let mut numbers = Vec::new();
    for t in creates {
        numbers.push(t.await.unwrap().expect("every table is created"));
    }
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);

    let changes: Vec<_> = [Lang::En, Lang::Ru, Lang::En, Lang::Ru]
        .into_iter()
        .enumerate()
        .map(|(i, lang)| {
            let store = store(i);
            tokio::spawn(async move {
                let settings = ChatSettings {
                    lang,
                    turn_secs: Some(10 + i as u32),
                    ..ChatSettings::default()
                };
                store.set_chat_settings(&chat_a(), &settings.next()).await.map(|()| settings)
            })
        })
        .collect();
    let mut won = Vec::new();
    for t in changes {
        match t.await.unwrap() {
            Ok(settings) => won.push(settings),
            Err(e) => assert!(
                matches!(e, StoreError::SettingsConflict { stored: 1, expected: 1 }),
                "{e:?}"
            ),
        }
    }
    assert_eq!(won.len(), 1, "one change of version 1 is kept");
    assert_eq!(stores[0].chat_settings(&chat_a()).await.unwrap(), won[0].next());

    let seasons: Vec<_> = (0..3)
        .map(|i| {
            let store = store(i);
            tokio::spawn(async move { store.new_season(&chat_a(), T0 + i as i64).await })
        })
        .collect();
    let mut numbers = Vec::new();
    for t in seasons {
        numbers.push(t.await.unwrap().expect("a new season").number);
    }
    numbers.sort();
    assert_eq!(numbers, [2, 3, 4]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_lets_one_writer_win_each_race() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    one_writer_wins_each_race(&[first, second]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_lets_one_writer_win_each_race() {
    let url = domino_pg_harness::server().database("races");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    one_writer_wins_each_race(&[first, second]).await;
}

#[path = "store_contract/moves.rs"]
mod moves;

#[path = "store_contract/shared.rs"]
mod shared;
