//! Tests of the outbox on tokio's paused clock: pacing, coalescing, the bound on plain
//! messages, retries that hold up only their own chat, and windows that survive a restart.

use super::*;

/// Records what it delivers; the first `refuse` jobs get a 429, the first `flaky` jobs of
/// `flaky_chat` a failure that may pass; every job of `kicked_chat` (when not 0) finds the bot
/// out of that group; remembers the windows it is given and the groups it was told it left.
#[derive(Default)]
pub(super) struct Recorder {
    pub(super) log: Mutex<Vec<(Instant, i64, Job)>>,
    refuse: Mutex<u32>,
    flaky: Mutex<u32>,
    flaky_chat: i64,
    windows: Mutex<HashMap<i64, Vec<i64>>>,
    kicked_chat: i64,
    left: Mutex<Vec<i64>>,
}

impl Deliver for Recorder {
    fn deliver<'a>(&'a self, chat: i64, job: &'a Job) -> Delivery<'a> {
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(2)).await;
            if self.kicked_chat != 0 && chat == self.kicked_chat {
                return Outcome::Removed;
            }
            for (counter, outcome) in [
                (&self.refuse, Outcome::RetryAfter(Duration::from_millis(50))),
                (&self.flaky, Outcome::Retry),
            ] {
                if outcome == Outcome::Retry && chat != self.flaky_chat {
                    continue;
                }
                let mut n = counter.lock().unwrap();
                if *n > 0 {
                    *n -= 1;
                    return outcome;
                }
            }
            self.log.lock().unwrap().push((Instant::now(), chat, job.clone()));
            Outcome::Sent(1)
        })
    }

    fn removed<'a>(&'a self, chat: i64) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
        Box::pin(async move { self.left.lock().unwrap().push(chat) })
    }

    fn sent<'a>(
        &'a self,
        chat: i64,
        window: Vec<i64>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
        Box::pin(async move {
            self.windows.lock().unwrap().insert(chat, window);
        })
    }
}

pub(super) fn text(s: &str) -> Job {
    Job::Text { text: s.into(), markup: None, reply_to: None, topic: None }
}

pub(super) fn outbox(rec: &Arc<Recorder>, pacing: Pacing) -> Outbox {
    let weak: Weak<dyn Deliver> = Arc::downgrade(&(rec.clone() as Arc<dyn Deliver>));
    Outbox::new(pacing, weak)
}

pub(super) const TIGHT: Pacing = Pacing {
    chat_gap: Duration::from_millis(5),
    group_limit: 4,
    group_window: Duration::from_millis(300),
    ephemeral_limit: 4,
    overall_per_sec: 1000,
    table_gap: Duration::ZERO,
    reserve: 0,
    answers_counted: false,
};

#[tokio::test(start_paused = true)]
async fn a_busy_group_is_paced_and_shows_its_latest_state() {
    let rec = Arc::new(Recorder { refuse: Mutex::new(1), ..Recorder::default() });
    let outbox = outbox(&rec, TIGHT);
    let mut last_push = Instant::now();
    for i in 0..30 {
        outbox.push(-5, Job::Table { table: 1, flowing: false });
        last_push = Instant::now();
        if i % 10 == 0 {
            outbox.push(-5, text(&format!("notice {i}")));
        }
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    outbox.push(7, text("private"));
    assert!(outbox.drain(Duration::from_secs(10)).await);
    let log = rec.log.lock().unwrap();
    let group: Vec<_> = log.iter().filter(|(_, c, _)| *c == -5).collect();
    // Every notice arrives, in order; the table jobs coalesce.
    let notices: Vec<_> = group
        .iter()
        .filter_map(|(_, _, j)| match j {
            Job::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(notices, ["notice 0", "notice 10", "notice 20"]);
    let tables = group.iter().filter(|(_, _, j)| matches!(j, Job::Table { .. })).count();
    assert!((1..30).contains(&tables), "{tables} table edits");
    // The table is rendered when its job runs: the last run comes after the last change.
    let last_table = group.iter().rev().find(|(_, _, j)| matches!(j, Job::Table { .. }));
    assert!(last_table.is_some_and(|(t, _, _)| *t >= last_push));
    // Never more than 4 in any 300 ms.
    for (i, (t, _, _)) in group.iter().enumerate() {
        let within =
            group[i..].iter().filter(|(u, _, _)| u.duration_since(*t) < TIGHT.group_window).count();
        assert!(within <= 4, "{within} messages within a window");
    }
    assert!(log.iter().any(|(_, c, _)| *c == 7));
    // The group's window is remembered after each send.
    assert!(rec.windows.lock().unwrap().get(&-5).is_some_and(|w| !w.is_empty() && w.len() <= 30));
}

#[tokio::test(start_paused = true)]
async fn plain_messages_beyond_the_bound_are_dropped_and_the_chat_told_once() {
    let rec = Arc::new(Recorder::default());
    let slow = Pacing { chat_gap: Duration::from_secs(1), ..TIGHT };
    let outbox = outbox(&rec, slow);
    for i in 0..(MAX_PLAIN + 25) {
        outbox.push(-9, text(&format!("reply {i}")));
    }
    outbox.push(-9, Job::Table { table: 3, flowing: false });
    assert!(outbox.drain(Duration::from_secs(3600)).await);
    let log = rec.log.lock().unwrap();
    let texts = log.iter().filter(|(_, _, j)| matches!(j, Job::Text { .. })).count();
    let told = log.iter().filter(|(_, _, j)| matches!(j, Job::Overflow)).count();
    assert!(texts <= MAX_PLAIN + 1, "{texts} replies went out");
    assert_eq!(told, 1, "the chat is told once");
    assert!(log.iter().any(|(_, _, j)| matches!(j, Job::Table { .. })), "state jobs still go out");
}

#[tokio::test(start_paused = true)]
async fn a_failure_that_may_pass_is_retried_and_holds_up_only_its_chat() {
    let rec = Arc::new(Recorder { flaky: Mutex::new(3), flaky_chat: -1, ..Recorder::default() });
    let outbox = outbox(&rec, TIGHT);
    let start = Instant::now();
    outbox.push(-1, text("to a flaky chat"));
    tokio::time::sleep(Duration::from_millis(1)).await;
    outbox.push(-2, text("to another chat"));
    assert!(outbox.drain(Duration::from_secs(60)).await);
    let log = rec.log.lock().unwrap();
    let at =
        |chat| log.iter().find(|(_, c, _)| *c == chat).map(|(t, _, _)| t.duration_since(start));
    let (flaky, other) = (at(-1).expect("delivered in the end"), at(-2).expect("delivered"));
    assert!(flaky >= backoff(1) + backoff(2), "retried with backoff: {flaky:?}");
    assert!(other < Duration::from_millis(100), "the other chat did not wait: {other:?}");
}

#[tokio::test(start_paused = true)]
async fn a_restarted_outbox_counts_what_was_sent_before() {
    let rec = Arc::new(Recorder::default());
    let outbox = outbox(&rec, TIGHT);
    // Four messages in the group's last 300 ms window, before a restart.
    let now = unix_ms();
    outbox.seed(-3, &[now - 50, now - 40, now - 30, now - 20]);
    let start = Instant::now();
    outbox.push(-3, text("after the restart"));
    assert!(outbox.drain(Duration::from_secs(10)).await);
    let log = rec.log.lock().unwrap();
    let waited = log[0].0.duration_since(start);
    assert!(waited >= Duration::from_millis(240), "the full window was waited out: {waited:?}");
}

#[tokio::test(start_paused = true)]
async fn a_state_job_that_fails_runs_again() {
    let rec = Arc::new(Recorder { flaky: Mutex::new(2), flaky_chat: -4, ..Recorder::default() });
    let outbox = outbox(&rec, TIGHT);
    outbox.push(-4, Job::Table { table: 1, flowing: false });
    outbox.push(-4, Job::Turn { table: 1, key: None, due: Instant::now(), clear: false });
    assert!(outbox.drain(Duration::from_secs(60)).await);
    let log = rec.log.lock().unwrap();
    assert!(log.iter().any(|(_, _, j)| matches!(j, Job::Table { .. })), "{:?}", log.len());
}

#[tokio::test(start_paused = true)]
async fn a_group_the_bot_left_gets_nothing_more_until_it_is_back() {
    let rec = Arc::new(Recorder { kicked_chat: -9, ..Recorder::default() });
    let outbox = outbox(&rec, TIGHT);
    for i in 0..5 {
        outbox.push(-9, text(&format!("notice {i}")));
    }
    outbox.push(-9, Job::Table { table: 1, flowing: false });
    outbox.push(-5, text("elsewhere"));
    assert!(outbox.drain(Duration::from_secs(5)).await);
    // The first refusal drops the group's queue; the adapter is told once.
    assert_eq!(*rec.left.lock().unwrap(), [-9]);
    outbox.push(-9, text("later"));
    assert!(outbox.drain(Duration::from_secs(5)).await);
    assert_eq!(*rec.left.lock().unwrap(), [-9], "nothing was tried: nothing refused");
    let log = rec.log.lock().unwrap().clone();
    assert_eq!(log.iter().map(|(_, c, _)| *c).collect::<Vec<_>>(), [-5], "only the other chat");
    // Back in the group: its jobs run again (and here find it gone again).
    outbox.back(-9);
    outbox.push(-9, text("welcome back"));
    assert!(outbox.drain(Duration::from_secs(5)).await);
    assert_eq!(*rec.left.lock().unwrap(), [-9, -9]);
    // `gone` from an update: what is queued is dropped at once.
    outbox.gone(-5);
    outbox.push(-5, text("dropped"));
    assert!(outbox.drain(Duration::from_secs(5)).await);
    assert_eq!(rec.log.lock().unwrap().len(), 1);
}

#[tokio::test(start_paused = true)]
async fn a_person_s_answer_does_not_wait_for_a_failed_job_s_rest() {
    use crate::jobs::{Grant, Via};
    let rec = Arc::new(Recorder { flaky: Mutex::new(1), flaky_chat: -5, ..Recorder::default() });
    let outbox = outbox(&rec, TIGHT);
    let start = Instant::now();
    outbox.push(-5, text("fails once, then rests"));
    tokio::time::sleep(Duration::from_millis(20)).await;
    let grant = Some(Grant::new(Via::Press("cb".into()), true));
    outbox.push(-5, Job::Hand { table: 1, user: 7, grant, page: None, turn: false });
    assert!(outbox.drain(Duration::from_secs(60)).await);
    let log = rec.log.lock().unwrap();
    let at = |hand: bool| {
        let found = log.iter().find(|(_, _, j)| matches!(j, Job::Hand { .. }) == hand);
        found.map(|(t, _, _)| t.duration_since(start)).expect("delivered")
    };
    assert!(at(true) < Duration::from_millis(100), "the hand waited: {:?}", at(true));
    assert!(at(false) >= backoff(1), "the failed job rested: {:?}", at(false));
}

#[tokio::test(start_paused = true)]
async fn a_person_s_press_takes_a_queued_hand_to_the_front() {
    use crate::jobs::{Grant, Via};
    let rec = Arc::new(Recorder::default());
    let outbox = outbox(&rec, TIGHT);
    let start = Instant::now();
    // A busy group: its ephemeral budget spent (four in 300 ms), paced messages queued, then
    // a hand, which waits for the ephemeral window.
    for user in 10..14 {
        outbox.push(-5, Job::Watch { table: 1, user, grant: None });
    }
    tokio::time::sleep(Duration::from_millis(20)).await;
    for i in 0..8 {
        outbox.push(-5, text(&format!("paced {i}")));
    }
    outbox.push(-5, Job::Hand { table: 1, user: 7, grant: None, page: None, turn: false });
    tokio::time::sleep(Duration::from_millis(20)).await;
    // The person presses «My tiles»: the queued hand becomes their answer and goes first.
    let grant = Some(Grant::new(Via::Press("cb".into()), true));
    outbox.push(-5, Job::Hand { table: 1, user: 7, grant, page: None, turn: false });
    assert!(outbox.drain(Duration::from_secs(120)).await);
    let log = rec.log.lock().unwrap();
    let hands: Vec<_> = log.iter().filter(|(_, _, j)| matches!(j, Job::Hand { .. })).collect();
    assert_eq!(hands.len(), 1, "the two hand jobs coalesced: {hands:?}");
    let (at, _, job) = hands[0];
    assert!(matches!(job, Job::Hand { grant: Some(_), .. }), "sent with the press: {job:?}");
    let after = at.duration_since(start);
    assert!(after < Duration::from_millis(100), "the hand waited behind the pacing: {after:?}");
    let texts = log.iter().filter(|(_, _, j)| matches!(j, Job::Text { .. })).count();
    assert_eq!(texts, 8, "the paced messages still go");
}
