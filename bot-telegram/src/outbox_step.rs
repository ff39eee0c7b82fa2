//! A chat's worker's next step: the worthiest queued job its budgets allow now ([`Class`]), or
//! how long until one may run. A job waits only for the budget it spends.

use super::{Class, Job, State, Step};
use crate::pacing::{Budget, Pacing};
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::Instant;

/// A chat's budgets, as one job's wait reads them.
struct Budgets<'a> {
    group: &'a mut Budget,
    ephemeral: &'a mut Budget,
    tables: &'a HashMap<i64, Instant>,
}

/// How long `job` must wait before it may run: its own time, the budget it spends (the part
/// beyond the reserve for what can wait), a flowing table's gap.
fn job_wait(b: &mut Budgets, job: &Job, chat: i64, now: Instant, p: &Pacing) -> Duration {
    let class = job.class();
    let own = job.not_before().map_or(Duration::ZERO, |t| t.saturating_duration_since(now));
    if class == Class::Answer {
        return own;
    }
    let budget = if job.ephemeral(chat) {
        let limit = p.limit_for(p.ephemeral_limit, class);
        b.ephemeral.wait(now, limit, p.group_window, Duration::ZERO)
    } else {
        let limit = if chat < 0 { p.limit_for(p.group_limit, class) } else { 0 };
        b.group.wait(now, limit, p.group_window, p.chat_gap)
    };
    let gap = match job {
        Job::Table { table, flowing: true } => b
            .tables
            .get(table)
            .map_or(Duration::ZERO, |&at| p.table_gap.saturating_sub(now.duration_since(at))),
        _ => Duration::ZERO,
    };
    own.max(budget).max(gap)
}

/// The next step of a chat's worker: the worthiest job that may run now (the first of its
/// class), or how long until one may.
pub(super) fn next_step(st: &mut State, chat: i64, p: &Pacing) -> Step {
    let State { chats, overall, workers, .. } = st;
    let now = Instant::now();
    let q = chats.get_mut(&chat).expect("a running queue is kept");
    if q.jobs.is_empty() {
        q.running = false;
        *workers -= 1;
        let window = p.group_window.max(p.chat_gap).max(p.table_gap);
        if q.budget.idle(now, window) && q.ephemeral.idle(now, window) {
            chats.remove(&chat);
        }
        return Step::Done;
    }
    let mut held = overall.wait(now, p.overall_per_sec, Duration::from_secs(1), Duration::ZERO);
    if let Some(until) = q.frozen_until {
        held = held.max(until.saturating_duration_since(now));
    }
    let resting = q.resting_until.map_or(Duration::ZERO, |u| u.saturating_duration_since(now));
    let mut best: Option<(Class, usize)> = None;
    let mut soonest = Duration::MAX;
    let mut budgets =
        Budgets { group: &mut q.budget, ephemeral: &mut q.ephemeral, tables: &q.tables };
    for (i, queued) in q.jobs.iter().enumerate() {
        let job = &queued.job;
        let class = job.class();
        let mut wait = job_wait(&mut budgets, job, chat, now, p).max(held);
        if class != Class::Answer {
            wait = wait.max(resting);
        }
        if !wait.is_zero() {
            soonest = soonest.min(wait);
        } else if best.is_none_or(|(c, _)| class < c) {
            best = Some((class, i));
        }
    }
    match best {
        Some((class, i)) => {
            q.frozen_until = None;
            if class != Class::Answer {
                q.resting_until = None;
            }
            q.delivering = true;
            Step::Run(q.jobs.remove(i).expect("a queued job"))
        }
        None => Step::Wait(soonest, q.wake.clone()),
    }
}
