//! Where tables, their logs and the scoreboards are kept. One trait, three backends: in memory
//! (tests, `domino play`), SQLite and PostgreSQL through sqlx (the bot; [`AnyStore`] is
//! whichever `DATABASE_URL` names). Every accepted command is committed
//! in one transaction: the events appended to the table's log, the new snapshot and the bumped
//! version, the rounds it finished (kept apart from the snapshot, see `rounds`), and, when a
//! match ended, the scoreboard rows.

mod answers;
mod any;
mod codec;
mod copy;
mod memory;
mod postgres;
mod rounds;
mod schema;
mod settings;
mod sqlite;
mod tournaments;
mod url;

pub use answers::{Broken, Loaded, Stamp, StoreError, Touched};
pub use any::{AnyStore, is_postgres_url};
pub use copy::{
    CopiedTable, CopyError, CopyProgress, CopyReport, copy_sqlite_to_postgres, log_replays,
};
pub use memory::MemoryStore;
pub use postgres::PgStore;
pub use settings::{
    BoardMode, ChatSettings, GROUP_TURN_SECS, NUDGES, TableClock, TagWords, TurnTimer,
};
pub use sqlite::SqliteStore;
pub use tournaments::{DUE_PER_ROUND, TournamentDoc};
// The standings live in `crate::standings`; named here too for the store's callers.
pub use crate::standings::{
    MU0, MatchSummary, PairRow, PersonTally, PlayedMatch, Rated, Rating, RatingChange, SIGMA0,
    ScoreRow, Season, Span, SummaryPlayer, people_only, rate, rated_in, rated_order,
    rating_history_csv, rating_of, scoreboard_csv, top_order, wilson_lower_bound,
};
pub use schema::{Migration, Schema, schema_at};
pub use url::redacted;

use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};
use std::future::Future;

/// The storage of tables and scoreboards. Implementations must be safe to share between tasks.
pub trait Store: Send + Sync + 'static {
    /// Stores a new table (version 0) with its first events, giving it its id and its number
    /// within the chat (`table.id` and `table.number` are set).
    fn create(
        &self,
        table: &mut Table,
        events: &[Event],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Commits an accepted command: `table.version` must be the stored version plus one
    /// (otherwise [`StoreError::Conflict`] and nothing is written). Appends `events`, replaces
    /// the snapshot and, with `finished`, adds the match to the scoreboards — all in one
    /// transaction, durable when this returns.
    fn commit(
        &self,
        table: &Table,
        events: &[Event],
        finished: Option<&MatchSummary>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// One table, open or closed.
    fn load(&self, id: i64) -> impl Future<Output = Result<Option<Table>, StoreError>> + Send;

    /// Every active table (a lobby, a challenge, a match in play: finished and closed ones
    /// stay in the store), each read on its own: one that no longer reads is [`Broken`].
    fn load_open(&self) -> impl Future<Output = Result<Vec<Loaded>, StoreError>> + Send;

    /// One table, open or closed, or what is known of it when its snapshot no longer reads
    /// ([`Broken`], as [`Store::load_open`] gives it).
    fn load_checked(
        &self,
        id: i64,
    ) -> impl Future<Output = Result<Option<Loaded>, StoreError>> + Send {
        async move {
            match self.load(id).await {
                Ok(t) => Ok(t.map(Ok)),
                Err(StoreError::Corrupt(error)) => {
                    let chat = ChatId::new(crate::session::Platform::Terminal, "?");
                    Ok(Some(Err(Broken { id, chat, number: 0, error })))
                }
                Err(e) => Err(e),
            }
        }
    }

    /// Sets a table aside: it is no longer active (a broken table, so that no process tries
    /// it again); its rows stay for whoever looks into it. Whether this call did it: of calls
    /// on one table, from any process, exactly one finds it open and answers `true`.
    fn set_aside(&self, id: i64) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The chat's newest table (the highest number), whatever its phase.
    fn latest_table(
        &self,
        chat: &ChatId,
    ) -> impl Future<Output = Result<Option<Table>, StoreError>> + Send;

    /// A table's log: (version after the command, event), oldest first.
    fn events(&self, id: i64)
    -> impl Future<Output = Result<Vec<(u64, Event)>, StoreError>> + Send;

    /// A chat's settings (the defaults, version 0, until set).
    fn chat_settings(
        &self,
        chat: &ChatId,
    ) -> impl Future<Output = Result<ChatSettings, StoreError>> + Send;

    /// Replaces a chat's settings: `settings.version` must be the stored version plus one
    /// (otherwise [`StoreError::SettingsConflict`] and nothing is written).
    fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The chat's current season (season 1 until a new one is started).
    fn season(&self, chat: &ChatId) -> impl Future<Output = Result<Season, StoreError>> + Send;

    /// Starts a new season; old ones are kept. Returns it.
    fn new_season(
        &self,
        chat: &ChatId,
        now: Millis,
    ) -> impl Future<Output = Result<Season, StoreError>> + Send;

    /// Starts season `current + 1` at `now`, for seasons that start by themselves at `due`,
    /// only if `current` is still the chat's current season (as [`Store::season`] gives it: 1
    /// until a second starts) and it began before `due` (else the turn due then is done). One
    /// statement, so of calls naming the same `current` or the same `due`, from any process
    /// and before or after a restart, exactly one gets the season. Returns it, or `None` when
    /// the chat is in another season or the turn due at `due` was made.
    fn start_season_after(
        &self,
        chat: &ChatId,
        current: u32,
        due: Millis,
        now: Millis,
    ) -> impl Future<Output = Result<Option<Season>, StoreError>> + Send;

    /// Scoreboard lines of a season (`None`: the current one; `Some(0)`, as
    /// [`Span::AllTime`] is keyed: every season's lines in one query, a line per player, game
    /// and season, oldest season first), in (player, variant) order, optionally one variant:
    /// from person-only matches (every seat a person).
    fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> impl Future<Output = Result<Vec<ScoreRow>, StoreError>> + Send;

    /// Pair lines of a season (`None`: the current one; `Some(0)`: every season's, as
    /// `scoreboard` gives them), optionally one variant: from person-only pair games.
    fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> impl Future<Output = Result<Vec<PairRow>, StoreError>> + Send;

    /// The people's lines from matches with a computer seat (kept apart from
    /// [`Store::scoreboard`]), as `scoreboard` gives its lines.
    fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> impl Future<Output = Result<Vec<ScoreRow>, StoreError>> + Send;

    /// Ratings (players' and pairs') of a season or of all time, optionally one variant, in
    /// (who, variant) order. Updated by the commit that finishes a person-only match, in its
    /// transaction (see [`rate`]).
    fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> impl Future<Output = Result<Vec<Rating>, StoreError>> + Send;

    /// Every change of the ratings (players' and pairs') of a season or of all time,
    /// optionally one variant, oldest first: by the time the match finished, then by match
    /// (in the order they were stored), then in (who) order. Written by the commit that
    /// finishes a person-only match, in its transaction: a change per rating [`rate`] updates,
    /// the values after it being those [`Store::ratings`] then gives. Ratings from before the
    /// store kept their changes have none.
    fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> impl Future<Output = Result<Vec<RatingChange>, StoreError>> + Send;

    /// The chat's last `limit` finished matches, newest first, optionally one variant.
    fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<PlayedMatch>, StoreError>> + Send;

    /// One person's kept tallies in a chat (what `/me` and `/vs` read): their line per game,
    /// their runs of wins and their meetings with each other person, over every finished match
    /// of the chat with its seats, added by the commit that finished each match, in its
    /// transaction (`MatchTally::of`), so that reading them costs the same whatever the chat's
    /// age. They equal `ChatTally::of` the chat's [`Store::history`].
    fn person_tally(
        &self,
        chat: &ChatId,
        user: &UserId,
    ) -> impl Future<Output = Result<PersonTally, StoreError>> + Send;

    /// A page of the records [`Store::season_records`] gives, newest first: up to `limit` of
    /// those stored before the one keyed `before` (`None`: from the newest), each with its key
    /// (the key of the page's last, passed as `before`, reads on).
    fn records_before(
        &self,
        chat: &ChatId,
        span: Span,
        before: Option<i64>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<(i64, serde_json::Value)>, StoreError>> + Send;

    /// Remembers where an adapter shows a table to an audience (e.g. `"public"`, `"hand:42"`):
    /// an opaque message reference, replaced if one was set.
    fn set_message_ref(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Every message reference of a table, as (audience, message).
    fn message_refs(
        &self,
        table_id: i64,
    ) -> impl Future<Output = Result<Vec<(String, String)>, StoreError>> + Send;

    /// A value the bot keeps for itself under a key (a secret, a pacing window), if set.
    fn meta(&self, key: &str) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    /// Sets the value under `key`; `None` removes it.
    fn set_meta(
        &self,
        key: &str,
        value: Option<&str>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Every key starting with `prefix`, with its value, in key order.
    fn meta_prefix(
        &self,
        prefix: &str,
    ) -> impl Future<Output = Result<Vec<(String, String)>, StoreError>> + Send;

    /// The value under `key`, `value` stored first when there is none: whoever is first wins,
    /// and everyone gets that one.
    fn meta_or(
        &self,
        key: &str,
        value: &str,
    ) -> impl Future<Output = Result<String, StoreError>> + Send;

    /// Sets `key` to `new` (`None`: removes it) only if it holds `expected` (`None`: absent), in
    /// one conditional statement: whether it did. Of writers expecting the same value, from any
    /// process, exactly one succeeds; a read-modify-write loops on it.
    fn swap_meta(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Moves everything of chat `from` to chat `to` (a Telegram group upgraded to a
    /// supergroup gets a new id), in one transaction: its tables (their numbers kept, or raised
    /// above the highest `to` already has; snapshots rewritten to name `to`; their logs and
    /// message references stay with them, being the table's), its settings (replacing any of
    /// `to`), seasons (those `to` lacks), scoreboard lines (added to `to`'s), ratings (those `to`
    /// lacks) and their changes, finished matches, its tournaments, and its meta keys — a key ending `:<chat>`
    /// (`pace:telegram:-5`, `people:telegram:-5`) is the chat's. Returns how many tables
    /// moved; run again, it finds nothing and moves nothing.
    fn move_chat(
        &self,
        from: &ChatId,
        to: &ChatId,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send;

    /// Every table created or committed at or after `since` (the store's clock, Unix ms, as
    /// [`Touched::now`] gives it), in id order: how a process sees what others changed.
    fn touched_since(
        &self,
        since: Millis,
    ) -> impl Future<Output = Result<Touched, StoreError>> + Send;

    /// Leases the due work of tables (their timers, their computer moves) to `owner` until
    /// `until`: of `ids`, those whose lease is free — never taken, ended by `now`, or `owner`'s
    /// own — are leased and returned, in id order; the rest are another owner's. Of owners
    /// claiming one table at once, exactly one gets it. A lease taken `until` `now` gives the
    /// table back.
    fn claim(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// The record (`domino-record/1` JSON) of the chat's most recently finished match.
    fn last_record(
        &self,
        chat: &ChatId,
    ) -> impl Future<Output = Result<Option<serde_json::Value>, StoreError>> + Send;

    /// The records (`domino-record/1` JSON) of the chat's matches finished in a season, or in
    /// every season ([`Span::AllTime`]): the last `limit` of them, oldest first (in the order
    /// they were stored), matches with a computer seat too.
    fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<serde_json::Value>, StoreError>> + Send;

    /// Stores a new tournament (version 0), giving it its id (`doc.tournament.id` is set).
    fn create_tournament(
        &self,
        doc: &mut TournamentDoc,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Replaces a tournament: `doc.version` must be the stored version plus one (otherwise
    /// [`StoreError::TournamentConflict`] and nothing is written; of saves naming one version,
    /// from any process, exactly one is kept).
    fn save_tournament(
        &self,
        doc: &TournamentDoc,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// One tournament.
    fn tournament(
        &self,
        id: i64,
    ) -> impl Future<Output = Result<Option<TournamentDoc>, StoreError>> + Send;

    /// The open tournaments with work due by `now` (their `due_at`, which every save sets from
    /// `Tournament::due_at`), the most overdue first, at most `limit`: what a timer round
    /// drives, read through an index whatever the number of tournaments waiting.
    fn due_tournaments(
        &self,
        now: Millis,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// Sets when tournament `id` is next due (`None`: not until a save says so), whatever its
    /// version: the service's pacing of a running tournament, and a fixture's table that
    /// finished or closed waking its tournament at once.
    fn set_tournament_due(
        &self,
        id: i64,
        due: Option<Millis>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Tournaments in id order: a chat's (`Some`) or every chat's, only those not closed
    /// (`open`) or all.
    fn tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> impl Future<Output = Result<Vec<TournamentDoc>, StoreError>> + Send;
}

/// A table's snapshot moved to another chat under another number (`move_chat`), as JSON text;
/// one that does not read is left as it is.
pub(crate) fn moved_snapshot(snapshot: &str, to: &ChatId, number: u32) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(snapshot) else {
        return snapshot.to_owned();
    };
    if let Some(m) = v.as_object_mut() {
        m.insert("chat".into(), serde_json::to_value(to).unwrap_or_default());
        m.insert("number".into(), number.into());
    }
    v.to_string()
}

/// The meta key `key` of chat `from` as chat `to`'s, when it is `from`'s (ends `:<from>`).
pub(crate) fn moved_meta_key(key: &str, from: &ChatId, to: &ChatId) -> Option<String> {
    let head = key.strip_suffix(&from.to_string())?.strip_suffix(':')?;
    Some(format!("{head}:{to}"))
}

/// Rating changes, each with its match's id, in [`Store::rating_history`]'s order.
pub(crate) fn in_history_order(mut changes: Vec<(i64, RatingChange)>) -> Vec<RatingChange> {
    changes.sort_by(|(m, a), (n, b)| (a.at, m, &a.rating.who).cmp(&(b.at, n, &b.rating.who)));
    changes.into_iter().map(|(_, c)| c).collect()
}
