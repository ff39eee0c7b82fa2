//! Starting the real bot against the fake, and playing through the buttons people press.

use crate::fake::{Fake, Msg, User};
use domino_core::chat::Door;
pub use domino_core::chat::scenario::quick_service;
use domino_core::service::{Service, SystemClock};
use domino_core::session::{ChatId, Phase, Platform, Table};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData, render_table, table_view};
use domino_telegram::{Error, Pacing, RunOptions, Stop, run};
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

pub const GROUP: i64 = -1001;
pub const OTHER: i64 = -1002;
pub const ALICE: User = User::new(101, "Alice");
pub const BOB: User = User::new(102, "Bob");
pub const CAROL: User = User::new(103, "Carol");
pub const DAVE: User = User::new(104, "Dave");

pub const ERIN: User = User::new(105, "Erin");
pub const FRANK: User = User::new(106, "Frank");

pub fn everybody() -> Vec<User> {
    vec![ALICE, BOB, CAROL, DAVE]
}

/// Six people, for a table of six.
pub fn six() -> Vec<User> {
    vec![ALICE, BOB, CAROL, DAVE, ERIN, FRANK]
}

pub fn options() -> RunOptions {
    RunOptions {
        pacing: Pacing::FAST,
        poll_timeout: Duration::from_secs(1),
        ctrlc: false,
        drain: Duration::from_secs(5),
        ..RunOptions::default()
    }
}

pub async fn memory_service() -> Arc<Service<MemoryStore>> {
    quick_service(MemoryStore::new(), Arc::new(SystemClock)).await
}

/// The real bot, running against the fake.
pub struct Running<S: Store> {
    pub service: Arc<Service<S>>,
    stop: Stop,
    task: JoinHandle<Result<(), Error>>,
}

pub fn bot(fake: &Fake) -> teloxide::Bot {
    teloxide::Bot::new("TOKEN").set_api_url(url::Url::parse(&fake.url).expect("a URL"))
}

pub async fn start<S: Store>(fake: &Fake, service: Arc<Service<S>>) -> Running<S> {
    start_with(fake, service, options()).await
}

pub async fn start_with<S: Store>(
    fake: &Fake,
    service: Arc<Service<S>>,
    options: RunOptions,
) -> Running<S> {
    let stop = options.stop.clone();
    fake.follow(&options.status);
    let task = tokio::spawn(run(Door::new(service.clone()), bot(fake), options));
    // Started once the command menus are registered.
    fake.until("the bot to start", |st| (st.count("setMyCommands") >= 2).then_some(())).await;
    Running { service, stop, task }
}

impl<S: Store> Running<S> {
    /// Whether `run` is still running (it has not returned or panicked).
    pub fn alive(&self) -> bool {
        !self.task.is_finished()
    }

    /// Stops the bot; `run` must return cleanly.
    pub async fn stop(self) -> Arc<Service<S>> {
        self.stop.stop();
        let result = tokio::time::timeout(Duration::from_secs(10), self.task).await;
        result.expect("run returns when stopped").expect("no panic").expect("run returns Ok");
        self.service
    }

    /// Stops the bot and takes its store back: the caller holds no other handle on the
    /// service. Tasks the bot aborted (its timer follower, outbox workers) let go of the
    /// service as the runtime drops them, moments after `run` returns.
    pub async fn stop_for_store(self) -> S {
        let mut service = self.stop().await;
        let end = Instant::now() + Duration::from_secs(5);
        loop {
            match Arc::try_unwrap(service) {
                Ok(s) => return s.into_store(),
                Err(s) if Instant::now() < end => service = s,
                Err(_) => panic!("the stopped bot holds on to the service"),
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}

/// Polls an async condition (at most 15 s).
pub async fn eventually<T, F, Fut>(what: &str, mut f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(t) = f().await {
            return t;
        }
        assert!(Instant::now() < end, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
}

pub fn chat(id: i64) -> ChatId {
    ChatId::new(Platform::Telegram, id.to_string())
}

/// The latest open table of a chat, once there is one.
pub async fn table_in<S: Store>(service: &Service<S>, group: i64) -> Table {
    eventually("a table", || async { service.tables_in(&chat(group)).await.into_iter().last() })
        .await
}

pub async fn table<S: Store>(service: &Service<S>, id: i64) -> Table {
    service.table(id).await.expect("the store answers").expect("the table exists")
}

/// Where a table shows an audience (`public`, `hand:<user>`): (chat, message), the message
/// `e<id>` for an ephemeral one.
pub async fn where_shown<S: Store>(
    service: &Service<S>,
    id: i64,
    audience: &str,
) -> Option<(i64, String)> {
    let refs = service.store().message_refs(id).await.ok()?;
    let (_, r) = refs.into_iter().find(|(a, _)| a == audience)?;
    let mut parts = r.split(':');
    Some((parts.next()?.parse().ok()?, parts.next()?.to_owned()))
}

/// The message showing an audience, once it exists (an ephemeral hand as a message with id 0).
pub async fn shown<S: Store>(fake: &Fake, service: &Service<S>, id: i64, audience: &str) -> Msg {
    eventually(&format!("the {audience} message of table {id}"), || async {
        let (c, m) = where_shown(service, id, audience).await?;
        match m.strip_prefix('e') {
            Some(e) => fake.with(|st| st.ephemerals.get(&e.parse().ok()?).map(|e| e.msg())),
            None => fake.with(|st| st.message(c, m.parse().ok()?).cloned()),
        }
    })
    .await
}

pub fn hand(user: &User) -> String {
    format!("hand:{}", user.id)
}

/// The move buttons of a message drawn for `version`.
pub fn moves(msg: &Msg, version: u64) -> Vec<String> {
    msg.buttons()
        .into_iter()
        .filter_map(|b| b.data)
        .filter(|d| matches!(ButtonData::decode(d), Ok(b) if b.version == version && matches!(b.action, ButtonAction::Move(_))))
        .collect()
}

/// The person to move and their hand message with its move buttons, once shown.
pub async fn mover<S: Store>(
    fake: &Fake,
    service: &Service<S>,
    id: i64,
    players: &[User],
) -> (User, Msg, Vec<String>) {
    let t = table(service, id).await;
    let seat = t.to_move().expect("somebody to move");
    let person = t.seats[seat].as_ref().and_then(|s| s.person()).expect("a person to move").clone();
    let user =
        players.iter().find(|u| u.id.to_string() == person.id.id).expect("a known player").clone();
    let (msg, buttons) = eventually("the mover's buttons", || async {
        let msg = shown(fake, service, id, &hand(&user)).await;
        let buttons = moves(&msg, t.version);
        (!buttons.is_empty()).then_some((msg, buttons))
    })
    .await;
    (user, msg, buttons)
}

/// Presses the first move button of whoever is to move, until `done`; returns the moves made.
/// A press the table moved past between the look and the press (a slow machine) is refused as
/// stale and changes nothing: the player looks again, at most twice in a row.
pub async fn play<S: Store>(
    fake: &Fake,
    service: &Service<S>,
    id: i64,
    players: &[User],
    done: impl Fn(&Table) -> bool,
) -> usize {
    let (mut moves, mut stale) = (0, 0);
    loop {
        // Computer players move in the background: wait for them, as people wait for them.
        service.settled().await;
        let t = table(service, id).await;
        if done(&t) || t.phase != Phase::Playing {
            return moves;
        }
        let (user, msg, buttons) = mover(fake, service, id, players).await;
        let cb = fake.press_msg(&user, &msg, &buttons[0]);
        let answer = fake.answer(&cb).await;
        let moved_on = table(service, id).await.version != t.version;
        if !answer.taken() && moved_on && stale < 2 {
            stale += 1;
            continue;
        }
        assert!(answer.taken(), "{} pressed {}: refused: {answer:?}", user.name, buttons[0]);
        stale = 0;
        moves += 1;
        assert!(moves < 2000, "the match does not end");
    }
}

/// Presses a button (by label) on a message and returns the answer.
pub async fn press(fake: &Fake, user: &User, msg: &Msg, label: &str) -> crate::fake::Answer {
    let button =
        msg.button(label).unwrap_or_else(|| panic!("no button {label:?} in {:?}", msg.buttons()));
    let cb = fake.press_msg(user, msg, button.data.as_deref().expect("a callback button"));
    fake.answer(&cb).await
}

/// Opens a table with `/new <words>` in the group; the others join through the join link.
/// The joiners play from their private chat (opening the link chooses it); the host, who
/// opened none, from the group (the fake's bot is an administrator unless a test says not).
pub async fn lobby<S: Store>(
    fake: &Fake,
    service: &Service<S>,
    words: &str,
    joiners: &[User],
) -> i64 {
    fake.say(GROUP, &ALICE, &format!("/new {words}"));
    let id = table_in(service, GROUP).await.id;
    let msg = shown(fake, service, id, "public").await;
    let join = msg.join_link().expect("a join link");
    assert!(join.starts_with("https://t.me/domino_test_bot?start=j"), "{join}");
    for user in joiners {
        fake.open_link(user, &join);
    }
    id
}

/// [`lobby`], the host choosing the private chat for their hand too (by opening the link).
pub async fn lobby_private<S: Store>(
    fake: &Fake,
    service: &Service<S>,
    words: &str,
    joiners: &[User],
) -> i64 {
    let id = lobby(fake, service, words, joiners).await;
    let join = shown(fake, service, id, "public").await.join_link().expect("a join link");
    fake.open_link(&ALICE, &join);
    id
}

/// Round results announced in notices (not the table message, which shows the last one).
pub fn round_notices(texts: &[String]) -> usize {
    let notices = texts.iter().filter(|t| !t.starts_with("🎲 "));
    notices.flat_map(|t| t.lines()).filter(|l| l.starts_with("Раунд ")).count()
}

pub async fn finished_text<S: Store>(fake: &Fake, service: &Service<S>, id: i64) -> String {
    let t = table(service, id).await;
    let want = render_table(&table_view(&t));
    eventually("the final table", || async {
        let msg = shown(fake, service, id, "public").await;
        (msg.text == want).then_some(msg.text)
    })
    .await
}
