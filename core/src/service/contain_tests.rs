use super::*;
use std::sync::atomic::AtomicUsize;

async fn ok_write() -> Result<(), ()> {
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_finished_request_gives_its_result() {
    assert_eq!(contain(Duration::from_secs(1), async { 7 }).await, Ok(7));
}

#[tokio::test(start_paused = true)]
async fn a_panic_before_any_write_changed_nothing() {
    fn boom() {
        panic!("injected")
    }
    let got = contain(Duration::from_secs(1), async { boom() }).await;
    let want = Failed { failure: Failure::Panicked("injected".into()), written: Written::Nothing };
    assert_eq!(got, Err(want));
}

#[tokio::test(start_paused = true)]
async fn a_panic_after_a_commit_says_committed() {
    fn boom(n: u32) {
        panic!("after the commit {n}")
    }
    let got = contain(Duration::from_secs(1), async {
        writing(ok_write()).await.unwrap();
        boom(1)
    })
    .await;
    let failed = got.unwrap_err();
    assert_eq!(failed.failure, Failure::Panicked("after the commit 1".into()));
    assert_eq!(failed.written, Written::Committed);
}

#[tokio::test(start_paused = true)]
async fn a_failed_write_wrote_nothing() {
    let got = contain(Duration::from_secs(1), async {
        let _ = writing(async { Err::<(), _>("refused") }).await;
        std::future::pending::<()>().await
    })
    .await;
    let want =
        Failed { failure: Failure::TimedOut(Duration::from_secs(1)), written: Written::Nothing };
    assert_eq!(got, Err(want));
}

#[tokio::test(start_paused = true)]
async fn a_hang_is_cancelled_at_the_limit() {
    let dropped = Arc::new(AtomicUsize::new(0));
    struct Guard(Arc<AtomicUsize>);
    impl Drop for Guard {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
    let guard = Guard(dropped.clone());
    let started = tokio::time::Instant::now();
    let got = contain(Duration::from_secs(5), async move {
        let _held = guard;
        std::future::pending::<()>().await
    })
    .await;
    assert_eq!(started.elapsed(), Duration::from_secs(5));
    assert_eq!(got.unwrap_err().written, Written::Nothing);
    assert_eq!(dropped.load(Ordering::SeqCst), 1, "the hung request was dropped");
}

#[tokio::test(start_paused = true)]
async fn a_write_cut_short_is_in_doubt() {
    let got = contain(Duration::from_secs(1), async {
        writing(async {
            std::future::pending::<()>().await;
            Ok::<(), ()>(())
        })
        .await
    })
    .await;
    assert_eq!(got.unwrap_err().written, Written::InDoubt);
}

#[tokio::test(start_paused = true)]
async fn writes_outside_a_request_are_not_counted() {
    // No witness in this task: the write just runs.
    assert_eq!(writing(ok_write()).await, Ok(()));
}

#[tokio::test(start_paused = true)]
async fn a_supervised_task_starts_again_after_a_panic_and_an_end() {
    let runs = Arc::new(AtomicUsize::new(0));
    let seen = runs.clone();
    let started = tokio::time::Instant::now();
    supervise("test", move || {
        let n = seen.fetch_add(1, Ordering::SeqCst);
        // The first run panics, the second ends, the third runs until it has nothing to do.
        (n < 3).then_some(async move {
            match n {
                0 => panic!("the first run panics"),
                1 => {}
                _ => tokio::time::sleep(Duration::from_secs(120)).await,
            }
        })
    })
    .await;
    assert_eq!(runs.load(Ordering::SeqCst), 4, "started three times, then nothing to run");
    // Paused 0.1 s after the panic, 0.2 s after the end; the third ran 120 s and then had
    // nothing to run: no pause.
    let took = started.elapsed();
    assert_eq!(took, Duration::from_millis(100 + 200 + 120_000));
}

#[tokio::test(start_paused = true)]
async fn a_dropped_supervisor_stops_its_task() {
    let dropped = Arc::new(AtomicUsize::new(0));
    struct Guard(Arc<AtomicUsize>);
    impl Drop for Guard {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
    let seen = dropped.clone();
    let supervisor = tokio::spawn(supervise("test", move || {
        let guard = Guard(seen.clone());
        Some(async move {
            let _held = guard;
            std::future::pending::<()>().await
        })
    }));
    tokio::time::sleep(Duration::from_secs(1)).await;
    supervisor.abort();
    let _ = supervisor.await;
    tokio::time::sleep(Duration::from_millis(10)).await;
    assert_eq!(dropped.load(Ordering::SeqCst), 1);
}
