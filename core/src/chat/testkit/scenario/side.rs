//! Running every scenario through an adapter: each has a fake and a bot of its own, so they
//! run side by side, a few at once (they mostly wait on their bots and fakes, not the CPU).

use super::Scenario;
use std::future::Future;
use std::sync::Arc;

/// Scenarios run at once.
pub const AT_ONCE: usize = 4;

/// Runs `run` on every scenario, [`AT_ONCE`] at a time; a scenario that fails fails the
/// caller, named.
pub async fn side_by_side<F, Fut>(all: Vec<(String, Scenario)>, run: F)
where
    F: Fn(Scenario) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let room = Arc::new(tokio::sync::Semaphore::new(AT_ONCE));
    let runs: Vec<_> = all
        .into_iter()
        .map(|(name, scenario)| {
            let (room, work) = (room.clone(), run(scenario));
            let task = tokio::spawn(async move {
                let _room = room.acquire_owned().await.expect("the semaphore is open");
                work.await;
            });
            (name, task)
        })
        .collect();
    for (name, task) in runs {
        if let Err(e) = task.await {
            panic!("scenario {name} failed: {e}");
        }
    }
}
