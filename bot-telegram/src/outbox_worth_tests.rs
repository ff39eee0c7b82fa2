//! The outbox spends a group's budgets by worth (`jobs::Class`), on tokio's paused clock: the
//! mover's hand first, no job held behind one of another budget, a flowing table coalesced and
//! kept off the reserve, a ping not before it is due, a person's answer outside the budget.

use super::tests::{Recorder, TIGHT, outbox, text};
use super::*;
use crate::jobs::{Grant, Via};

const GROUP: i64 = -7;

fn hand(user: i64, turn: bool) -> Job {
    Job::Hand { table: 1, user, grant: None, page: None, turn }
}

fn watch(user: i64) -> Job {
    Job::Watch { table: 1, user, grant: None }
}

fn table(flowing: bool) -> Job {
    Job::Table { table: 1, flowing }
}

/// What went out, in order, as (seconds since `t0`, the job).
fn sent(rec: &Recorder, t0: Instant) -> Vec<(f64, Job)> {
    let log = rec.log.lock().unwrap();
    log.iter().map(|(at, _, job)| (at.duration_since(t0).as_secs_f64(), job.clone())).collect()
}

async fn settle(outbox: &Outbox) {
    assert!(outbox.drain(Duration::from_secs(600)).await, "the queues empty");
}

#[tokio::test(start_paused = true)]
async fn the_movers_hand_goes_before_the_tables_other_news() {
    let rec = Arc::new(Recorder::default());
    let outbox = outbox(&rec, TIGHT);
    outbox.push(GROUP, hand(2, false));
    outbox.push(GROUP, watch(9));
    outbox.push(GROUP, table(true));
    outbox.push(GROUP, hand(3, true));
    settle(&outbox).await;
    let order: Vec<Job> = sent(&rec, Instant::now()).into_iter().map(|(_, j)| j).collect();
    assert_eq!(order[0], hand(3, true), "the mover's hand first: {order:?}");
    assert_eq!(order.last(), Some(&watch(9)), "the spectator last: {order:?}");
    assert_eq!(order.len(), 4);
}

#[tokio::test(start_paused = true)]
async fn an_ephemeral_job_never_holds_back_the_groups_messages() {
    let rec = Arc::new(Recorder::default());
    let outbox = outbox(&rec, TIGHT);
    let t0 = Instant::now();
    // Spectators' views, more than the ephemeral budget holds in a window.
    for user in 10..20 {
        outbox.push(GROUP, watch(user));
    }
    outbox.push(GROUP, table(false));
    outbox.push(GROUP, text("a round's end"));
    settle(&outbox).await;
    let out = sent(&rec, t0);
    let at = |want: &Job| out.iter().find(|(_, j)| j == want).map(|(t, _)| *t).unwrap();
    assert!(at(&table(false)) < 0.1, "the table at once: {out:?}");
    assert!(at(&text("a round's end")) < 0.1, "the notice at once: {out:?}");
    let views = out.iter().filter(|(_, j)| matches!(j, Job::Watch { .. })).count();
    assert_eq!(views, 10, "every view still goes, later");
}

#[tokio::test(start_paused = true)]
async fn a_flowing_table_is_edited_at_most_every_gap_and_a_settled_one_at_once() {
    let rec = Arc::new(Recorder::default());
    let pacing = Pacing { table_gap: Duration::from_secs(3), ..Pacing::FAST };
    let outbox = outbox(&rec, pacing);
    let t0 = Instant::now();
    // A move every half second for five seconds.
    for _ in 0..10 {
        outbox.push(GROUP, table(true));
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    outbox.push(GROUP, table(false));
    settle(&outbox).await;
    let out = sent(&rec, t0);
    let times: Vec<f64> = out.iter().map(|(t, _)| *t).collect();
    assert!(out.len() <= 4, "ten moves, a few edits: {times:?}");
    for pair in times.windows(2).take(out.len().saturating_sub(2)) {
        assert!(pair[1] - pair[0] >= 2.99, "flowing edits {times:?}");
    }
    let last = out.last().unwrap();
    assert_eq!(last.1, table(false), "the settled state is the last shown");
    assert!(last.0 <= 5.01, "and goes at once: {times:?}");
}

#[tokio::test(start_paused = true)]
async fn what_can_wait_leaves_the_reserve_for_what_cannot() {
    let rec = Arc::new(Recorder::default());
    // Four messages a window, one of them kept.
    let pacing = Pacing { reserve: 1, ..TIGHT };
    let outbox = outbox(&rec, pacing);
    let t0 = Instant::now();
    for t in 1..=3 {
        outbox.push(GROUP, Job::Table { table: t, flowing: true });
    }
    outbox.push(GROUP, Job::Table { table: 4, flowing: true });
    tokio::time::sleep(Duration::from_millis(100)).await;
    outbox.push(GROUP, text("a reply"));
    settle(&outbox).await;
    let out = sent(&rec, t0);
    let reply = out.iter().position(|(_, j)| *j == text("a reply")).unwrap();
    assert_eq!(reply, 3, "the reply takes the kept slot: {out:?}");
    assert!(out[reply].0 < 0.2, "at once: {out:?}");
    assert!(out[4].0 >= pacing.group_window.as_secs_f64(), "the fourth table waits: {out:?}");
}

#[tokio::test(start_paused = true)]
async fn a_ping_waits_for_its_turn_and_a_new_turn_starts_the_wait_again() {
    let rec = Arc::new(Recorder::default());
    let outbox = outbox(&rec, Pacing::FAST);
    let t0 = Instant::now();
    let ping = |key: &str, secs: u64| Job::Turn {
        table: 1,
        key: Some(key.to_owned()),
        due: Instant::now() + Duration::from_secs(secs),
        clear: false,
    };
    outbox.push(GROUP, ping("a", 20));
    tokio::time::sleep(Duration::from_secs(5)).await;
    // The same turn asked for again keeps its time; the next turn starts anew.
    outbox.push(GROUP, ping("a", 20));
    tokio::time::sleep(Duration::from_secs(10)).await;
    assert!(rec.log.lock().unwrap().is_empty(), "nobody pinged within 20 s");
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(sent(&rec, t0).len(), 1, "pinged 20 s after the turn began");
    outbox.push(GROUP, ping("b", 20));
    tokio::time::sleep(Duration::from_secs(5)).await;
    outbox.push(GROUP, ping("c", 20));
    settle(&outbox).await;
    let out = sent(&rec, t0);
    assert_eq!(out.len(), 2, "b was never due: {out:?}");
    assert!((out[1].0 - 46.0).abs() < 0.1, "c 20 s after it began: {out:?}");
}

#[tokio::test(start_paused = true)]
async fn a_persons_answer_is_outside_the_ephemeral_budget_unless_counted() {
    for counted in [false, true] {
        let rec = Arc::new(Recorder::default());
        let outbox = outbox(&rec, Pacing { answers_counted: counted, ..TIGHT });
        let t0 = Instant::now();
        for n in 0..TIGHT.ephemeral_limit {
            let grant = Some(Grant::new(Via::Press(format!("q{n}")), false));
            outbox.push(GROUP, Job::Hand { table: 1, user: 5, grant, page: None, turn: false });
            settle(&outbox).await;
        }
        outbox.push(GROUP, hand(6, true));
        settle(&outbox).await;
        let out = sent(&rec, t0);
        let at = out.last().unwrap().0;
        match counted {
            false => assert!(at < 0.1, "the mover's hand at once: {out:?}"),
            true => assert!(at >= TIGHT.group_window.as_secs_f64() - 0.1, "it waits: {out:?}"),
        }
    }
}
