//! Scenario tables for end-to-end tests (feature `testkit`): people's requests as data, run
//! directly through the chat layer here and through each adapter on its fake. Every run
//! records, step by step, what the chat then holds (tables, standings, settings, tournaments — with the
//! platform's ids and names replaced by the scenario's people) and what a refused or
//! read-only request was told; the runs must be equal.

use crate::chat::Args;
use crate::chat::{Answer, Asker, Body, Chat, Menu, Opponent, Request};
use crate::chat::{ArgKind, command_named};
use crate::session::{ChatId, Lang, Person, Phase, Platform, UserId};
use crate::store::{Span, Store};
use crate::view::{ButtonAction, ButtonData, hand_view};
use serde::Deserialize;

mod check;
mod direct;
mod side;
pub use check::{check, ping_seen, reposted};
pub use direct::{button_action, hand_button, newest, run_direct, watch_action};
use serde_json::{Map, Value, json};
pub use side::{AT_ONCE, side_by_side};

/// A scenario: who takes part, and what they do.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    /// The people, by key (`alice`); each platform gives them ids and names of its own.
    pub people: Vec<String>,
    pub steps: Vec<Step>,
}

/// One step: a person does something.
#[derive(Clone, Debug, Deserialize)]
pub struct Step {
    #[serde(default)]
    pub who: String,
    #[serde(flatten)]
    pub act: Act,
    #[serde(default)]
    pub expect: Expect,
}

/// What is done.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Act {
    /// A command with its arguments by the catalog's keys: `{"cmd": "new", "args": {"game": "kozel"}}`.
    Cmd {
        cmd: String,
        #[serde(default)]
        args: Map<String, Value>,
    },
    /// A button of a table message (`join`, `start`, `bot`, `leave`, `back`, `rematch`,
    /// `resign`, `resign_yes`, `resign_no`, `pause`, `resume`, `vote`, `end`, …: see
    /// [`button_action`]): the chat's newest open table, or the table numbered.
    Press {
        press: String,
        #[serde(default)]
        table: Option<u32>,
    },
    /// The item labelled so on the latest settings menu.
    Menu { menu: String },
    /// Everybody plays the newest table's match to its end (`match`), or its first round
    /// (`round`: until the second is dealt or the match ends), each pressing the first move
    /// their hand offers ([`played`]).
    Play { play: String },
    /// A button on the person's own hand at the newest table: `hint`, or `move` (the first
    /// move it offers). A button the hand does not show is pressed as a forged one would be.
    /// `page`: the hand's «▶» (its next page of moves), then the first move on the page it
    /// shows, pressed on the hand as the platform redrew it.
    Hand { hand: String },
    /// The person becomes an admin of the chat.
    Admin { admin: bool },
    /// Time passes (seconds, on the service's test clock) and the timers fire.
    Wait { wait: u32 },
    /// A button on the person's own spectator's view (`/watch N`) of the chat's newest table:
    /// `refresh` («🔄») or `stop` («⏹»), pressed where the platform shows the view.
    Watch { watch: String },
}

/// What the step must give.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Expect {
    /// The request is refused with a text holding this.
    pub refused: Option<String>,
    /// The request changes the chat.
    #[serde(default)]
    pub changes: bool,
    /// The text told holds this.
    pub told: Option<String>,
    /// The newest table's phase afterwards.
    pub phase: Option<String>,
    /// The chat was posted, by itself, a text holding this (a season's end, in a `wait`).
    pub posted: Option<String>,
    /// The chat's pinned standings message reads this after the step.
    pub pinned: Option<String>,
    /// The table was posted anew (`/table N`): its old message now reads this, without
    /// buttons, and the table's message is another, newer one.
    pub moved: Option<String>,
    /// The turn ping the newest table shows after the step reads this: its text, with
    /// « (quiet)» when it mentions and notifies nobody; «none» when there is none.
    pub ping: Option<String>,
    /// Who sits at the newest table afterwards, seat by seat: a person's key, «bot», «-».
    pub seats: Option<Vec<String>>,
    /// Who waits in line at the newest table afterwards, first first.
    pub line: Option<Vec<String>>,
    /// A spectator's view after the step, as the platform shows it to them.
    pub watch: Option<WatchExpect>,
}

/// What a spectator's view (`/watch N`) reads after a step.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WatchExpect {
    /// The scenario's person who watches.
    pub who: String,
    /// Their view of the chat's latest table holds this (a line of it).
    pub reads: String,
}

/// What one step left.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub step: usize,
    /// What the requester was told, when the request changed nothing.
    pub told: Option<String>,
    /// The chat's tables, standings and settings, as the scenario's people.
    pub state: Value,
    /// What the chat was posted by itself during the step, when the step expects a post.
    pub posted: Option<String>,
    /// The chat's pinned standings message after the step (as [`kept`] reads it), when the
    /// step expects one.
    pub pinned: Option<String>,
    /// What the table's old message reads after a re-post, when the step expects one.
    pub moved: Option<String>,
    /// The newest table's turn ping after the step ([`ping_seen`]), when the step expects one.
    pub ping: Option<String>,
    /// The watcher's view after the step ([`watch_seen`]), when the step expects one.
    pub watch: Option<String>,
}

/// A spectator's view as a run saw it: its text as the scenario's people read it, without
/// blank lines (Discord shows the header and the table apart).
pub fn watch_seen(text: &str, people: &[(String, String, String)]) -> String {
    let text = told(text, people);
    text.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect::<Vec<_>>().join("\n")
}

/// The table a step's watcher watches: the chat's latest, open or closed.
pub async fn watched<S: Store>(chat: &Chat<S>, at: &ChatId) -> i64 {
    let latest = chat.service().latest_table(at).await.expect("the store answers");
    latest.expect("a table to watch").id
}

/// A kept message as the scenario's people read it, without its time stamp (each run's
/// clock is its own).
pub fn kept(text: &str, people: &[(String, String, String)]) -> String {
    let text = told(text, people);
    text.lines().filter(|l| !l.starts_with("🕒")).collect::<Vec<_>>().join("\n")
}

impl Scenario {
    pub fn from_json(text: &str) -> Scenario {
        serde_json::from_str(text).expect("a scenario")
    }

    /// The command and arguments of a `cmd` step, typed.
    pub fn args(cmd: &str, args: &Map<String, Value>) -> (crate::chat::Cmd, Args) {
        let spec = command_named(cmd).unwrap_or_else(|| panic!("no command {cmd}"));
        let mut out = Args::default();
        for (key, value) in args {
            let arg = spec
                .args
                .iter()
                .find(|a| a.key == key)
                .unwrap_or_else(|| panic!("{cmd} has no {key}"));
            let int = || value.as_u64().expect("a number") as u32;
            let flag = || value.as_bool().expect("true or false");
            match arg.kind {
                ArgKind::Game => out.game = Some(value.as_str().unwrap().parse().unwrap()),
                ArgKind::Players => out.players = Some(int() as u8),
                ArgKind::Pairs => out.set_pairs(),
                ArgKind::Preset => {
                    let p = crate::engine::rules::Preset::ALL
                        .into_iter()
                        .find(|p| Some(p.key()) == value.as_str());
                    out.add_preset(p.expect("a preset"))
                }
                ArgKind::Target => out.set_target(int()),
                ArgKind::Set => out.set_set(int() as u8),
                ArgKind::Options => {
                    crate::chat::words::rule_words(&mut out, value.as_str().unwrap()).unwrap()
                }
                ArgKind::Computer => out.computer = flag(),
                ArgKind::Table => out.table = Some(int()),
                ArgKind::Season => out.season = Some(int()),
                ArgKind::PairsTable => out.pairs_table = flag(),
                ArgKind::AllTime => out.all_time = flag(),
                ArgKind::NewSeason => out.new_season = flag(),
                ArgKind::NewLink => out.new_link = flag(),
                ArgKind::Thread => out.thread = flag(),
                ArgKind::Count => out.count = Some(int()),
                ArgKind::Ago => out.ago = Some(int()),
                ArgKind::TourFormat => {
                    out.tour = crate::chat::TourKind::from_key(value.as_str().expect("a format"))
                }
                ArgKind::Days => out.days = Some(int()),
                ArgKind::Minutes => out.minutes = Some(int()),
                ArgKind::Streak => out.streak = flag(),
                ArgKind::Rounds => out.rounds = Some(int()),
                ArgKind::Round => out.round = Some(int()),
                ArgKind::TagWords => {
                    out.tag_words = Some(value.as_str().expect("the words").to_owned())
                }
                ArgKind::Zone => out.zone = Some(value.as_str().expect("a zone").to_owned()),
                ArgKind::Pings => {
                    out.pings = crate::chat::PingMode::from_key(value.as_str().expect("a mode"))
                }
                // The scenario's person key: each run names that person its own way (the
                // chat layer by the person, Telegram by `@name`, Discord by a user option).
                ArgKind::Opponent => {
                    let key = value.as_str().expect("a person of the scenario").to_owned();
                    out.opponent = Some(Opponent::Name(key));
                }
            }
        }
        (spec.cmd, out)
    }
}

/// A `wait` step: the test clock moves on `secs` and the timers fire, as `run_timers` would.
pub async fn wait<S: Store>(service: &crate::service::Service<S>, secs: u32) {
    assert!(service.advance_clock(secs as i64 * 1000), "scenarios run on a test clock");
    service.fire_due().await;
    service.settled().await;
}

/// Whether a `play` step is done with table `t`: `match` plays to the match's end, `round`
/// to the end of its first round (the second dealt, or the match over).
pub fn played(play: &str, t: &crate::session::Table) -> bool {
    let rounds = t.game.as_ref().map_or(0, |g| g.rounds.len());
    match play {
        "match" => t.phase != Phase::Playing,
        "round" => t.phase != Phase::Playing || rounds >= 2,
        other => panic!("no play {other}: `match` or `round`"),
    }
}

/// The first move button a hand shows.
pub fn first_move(view: &crate::view::HandView) -> Option<ButtonData> {
    view.buttons
        .iter()
        .flatten()
        .map(|(_, d)| *d)
        .find(|d| matches!(d.action, ButtonAction::Move(_)))
}

/// Every scenario table in `dir` (`*.json`), by file name, read.
pub fn all_in(dir: &str) -> Vec<(String, Scenario)> {
    // `DOMINO_SCENARIO=month cargo test … scenario` runs one scenario while writing it.
    let only = std::env::var("DOMINO_SCENARIO").ok();
    let only = only.as_deref();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenarios folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| only.is_none_or(|o| p.file_stem().is_some_and(|s| s == o)))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, Scenario::from_json(&std::fs::read_to_string(&p).unwrap()))
        })
        .collect()
}

/// Replaces every id and name of `people` ((user id, name, key)) in `v` by the key, and every
/// platform key by "platform".
pub fn normalize(v: &mut Value, people: &[(String, String, String)]) {
    match v {
        Value::String(s) => {
            if let Some((_, _, key)) = people.iter().find(|(id, name, _)| s == id || s == name) {
                *s = key.clone();
            } else if Platform::from_key(s).is_some() {
                *s = "platform".into();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| normalize(i, people)),
        Value::Object(map) => map.values_mut().for_each(|i| normalize(i, people)),
        _ => {}
    }
}

fn value<T: serde::Serialize>(v: Result<T, crate::store::StoreError>) -> Value {
    serde_json::to_value(v.expect("the store answers")).expect("serializable")
}

/// What a chat holds: its tables (by number), its standings, its settings and season.
pub async fn state<S: Store>(
    chat: &Chat<S>,
    at: &ChatId,
    people: &[(String, String, String)],
) -> Value {
    let service = chat.service();
    let store = service.store();
    let mut tables = Vec::new();
    for id in 1..=64 {
        match store.load(id).await {
            Ok(Some(t)) if &t.chat == at => {
                let mut v = serde_json::to_value(&t).unwrap();
                if let Some(m) = v.as_object_mut() {
                    for k in ["id", "chat", "seed"] {
                        m.remove(k);
                    }
                }
                tables.push(v);
            }
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    }
    let season = store.season(at).await.unwrap().number;
    let mut scores = Vec::new();
    for n in 1..=season {
        scores.push(json!({
            "players": value(store.scoreboard(at, Some(n), None).await),
            "pairs": value(store.pair_scoreboard(at, Some(n), None).await),
            "computers": value(store.computer_scoreboard(at, Some(n), None).await),
            "ratings": value(store.ratings(at, Span::Season(n), None).await),
        }));
    }
    let all_time = value(store.ratings(at, Span::AllTime, None).await);
    let history = serde_json::to_value(store.history(at, None, 64).await.unwrap()).unwrap();
    let mut settings = serde_json::to_value(store.chat_settings(at).await.unwrap()).unwrap();
    settings["version"] = json!(store.chat_settings(at).await.unwrap().version);
    let tournaments: Vec<Value> = store
        .tournaments(Some(at), false)
        .await
        .unwrap()
        .into_iter()
        .map(|d| json!({"version": d.version, "creator": d.creator, "tournament": d.tournament}))
        .collect();
    let mut v = json!({"tables": tables, "scores": scores, "ratings": all_time,
        "history": history, "settings": settings, "season": season, "tournaments": tournaments});
    normalize(&mut v, people);
    v
}

/// Normalizes a text told: commands written as Telegram writes them, Discord's Markdown
/// escapes removed, people's names as the scenario's keys.
pub fn told(text: &str, people: &[(String, String, String)]) -> String {
    let mut out = String::new();
    let mut chars =
        text.replace("/domino ", "/").chars().collect::<Vec<_>>().into_iter().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "\\*_~`|>#@<".contains(*n)) {
            out.push(chars.next().unwrap());
        } else {
            out.push(c);
        }
    }
    let mut names: Vec<&(String, String, String)> = people.iter().collect();
    names.sort_by_key(|(_, name, _)| std::cmp::Reverse(name.len()));
    for (_, name, key) in names {
        out = out.replace(&crate::view::text::display_name(name), key);
    }
    out.trim().to_owned()
}

/// The expert's budget for people's hints and reviews in tests: small, so that a debug build
/// answers a press well within the platforms' three seconds.
pub const ADVICE: crate::engine::ai::Budget = crate::engine::ai::Budget { playouts: 16 };

/// A service for tests: the simplest computer player, no pause before its moves, `clock`.
pub async fn quick_service<S: Store>(
    store: S,
    clock: std::sync::Arc<dyn crate::service::Clock>,
) -> std::sync::Arc<crate::service::Service<S>> {
    use crate::service::{Options, OsSeeds, Service};
    use std::sync::Arc;
    let options =
        Options { robot_pause: std::time::Duration::ZERO, advice: ADVICE, ..Options::default() };
    Service::start_with(store, Arc::new(crate::session::Simple), clock, Arc::new(OsSeeds), options)
        .await
        .expect("a service")
}

/// A service every run of a scenario starts the same: the clock at 1, seeds 1, 2, 3 …, the
/// simplest computer player, no pause before its moves.
pub async fn seeded<S: Store>(store: S) -> std::sync::Arc<crate::service::Service<S>> {
    use crate::service::{CountingSeeds, ManualClock, Options, Service};
    use std::sync::Arc;
    let options =
        Options { robot_pause: std::time::Duration::ZERO, advice: ADVICE, ..Options::default() };
    let (clock, seeds) = (Arc::new(ManualClock::new(1)), Arc::new(CountingSeeds::new(1)));
    Service::start_with(store, Arc::new(crate::session::Simple), clock, seeds, options)
        .await
        .expect("a service")
}
