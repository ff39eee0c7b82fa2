//! Computer players, driven by the service: when a table has a computer move due, a task for
//! that table waits the pause (so people see each move), copies the match, lets the computer
//! think on background threads (`background`, below the presses' priority) with no table
//! locked, and hands the move back as a command, checked and committed like anyone's. One task per table at a time; other tables, timers and
//! presses never wait for a computer's thinking. With other processes on the store, a task
//! thinks only while it holds the table's lease (`shared`), and gives it back when done.

use super::{Applied, Service, ServiceError};
use crate::session::{Action, Actor, Command, Rejection, Table};
use crate::store::Store;

impl<S: Store> Service<S> {
    fn thinking(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<i64>> {
        self.thinking.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the computer of `table` when a move of its is due and it is not already on it.
    pub(super) fn kick(&self, table: &Table) {
        if table.robot_turn(self.now()).is_none() {
            return;
        }
        if !self.thinking().insert(table.id) {
            return;
        }
        // Only weak references: a task never keeps the service alive.
        let me = self.me.clone();
        let id = table.id;
        tokio::spawn(async move {
            if let Err(e) = tokio::spawn(drive(me.clone(), id)).await {
                tracing::error!(table = id, error = %e, "computer player stopped");
                // Not thinking any more: the next timer round starts it again.
                if let Some(s) = me.upgrade() {
                    s.stop_thinking(id);
                }
            }
        });
    }

    /// Whether a computer is thinking now (see [`Service::settled`] to wait until none is).
    pub fn thinking_now(&self) -> bool {
        !self.thinking().is_empty()
    }

    /// Waits until no computer is thinking (tests, benchmarks, a clean stop).
    pub async fn settled(&self) {
        loop {
            let idle = self.idle.notified();
            if self.thinking().is_empty() {
                return;
            }
            idle.await;
        }
    }

    /// Forgets that a table's computer is on it; checked under the table's lock, so that a
    /// command committed meanwhile either is seen or kicks a new task.
    fn stop_thinking(&self, id: i64) {
        let mut thinking = self.thinking();
        thinking.remove(&id);
        if thinking.is_empty() {
            self.idle.notify_waiters();
        }
    }
}

/// Makes the computer moves of one table, one after another, until none is due.
async fn drive<S: Store>(service: std::sync::Weak<Service<S>>, id: i64) {
    loop {
        let Some(s) = service.upgrade() else { return };
        let pause = s.options.robot_pause;
        drop(s);
        if !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
        let Some(s) = service.upgrade() else { return };
        // Look at the table under its lock: no move due is the end of this task.
        let lock = s.map().get(id);
        let Some(lock) = lock else {
            s.stop_thinking(id);
            // Brought back meanwhile (a rematch)? Its own command may have found us still on it.
            let back = s.map().get(id);
            if let Some(lock) = back {
                let table = lock.lock().await.clone();
                s.kick(&table);
            }
            return;
        };
        let (turn, game, version) = {
            let table = lock.lock().await;
            match (table.robot_turn(s.now()), table.live()) {
                (Some(turn), Some(live)) => (turn, live.clone(), table.version),
                _ => {
                    s.stop_thinking(id);
                    s.release(&[id]).await;
                    return;
                }
            }
        };
        // Another process on the store may be on this table's computer already.
        if s.claim(vec![id]).await.is_empty() {
            s.stop_thinking(id);
            return;
        }
        let robot = s.robot.clone();
        let (think, background) = (s.think.clone(), s.background.clone());
        drop(s);
        // Off the async workers, below their priority, and no more at once than the service
        // allows.
        let Ok(permit) = think.acquire_owned().await else { return };
        let chosen = background
            .run(move || {
                let _permit = permit;
                turn.choose(&game, robot.as_ref())
            })
            .await;
        let Some(s) = service.upgrade() else { return };
        let mv = match chosen {
            Ok(mv) => mv,
            Err(e) => {
                tracing::error!(table = id, error = %e, "computer player failed");
                s.stop_thinking(id);
                return;
            }
        };
        let cmd = Command {
            actor: Actor::System,
            action: Action::RobotMove { mv },
            version: Some(version),
        };
        match s.handle_robot(id, cmd).await {
            Ok(reply) => {
                let _ = s.updates.send(reply);
            }
            // Someone moved meanwhile (a person came back, a timer): think again.
            Err(ServiceError::Rejected(Rejection::Stale | Rejection::NotDue)) => {}
            Err(e) => {
                tracing::warn!(table = id, error = %e, "computer move not committed");
                s.stop_thinking(id);
                return;
            }
        }
    }
}

impl<S: Store> Service<S> {
    /// A computer's move: committed like any command, without starting another task.
    async fn handle_robot(&self, id: i64, cmd: Command) -> Result<Applied, ServiceError> {
        self.handle_inner(id, cmd, false).await
    }
}
