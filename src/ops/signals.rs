//! SIGTERM (what `docker stop` and `systemctl stop` send) and SIGINT (Ctrl-C) both ask for a
//! clean stop; a second signal of either kind exits at once.

use tokio::sync::watch;

/// The stop asked for by a signal: its name once one came.
#[derive(Clone)]
pub struct Signals(watch::Receiver<Option<&'static str>>);

impl Signals {
    /// Listens from now on (so that a signal while the store opens is not lost).
    pub fn listen() -> std::io::Result<Signals> {
        let (tx, rx) = watch::channel(None);
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let mut term = signal(SignalKind::terminate())?;
            let mut int = signal(SignalKind::interrupt())?;
            tokio::spawn(async move {
                loop {
                    let (name, code) = tokio::select! {
                        _ = term.recv() => ("SIGTERM", 143),
                        _ = int.recv() => ("SIGINT", 130),
                    };
                    if tx.borrow().is_some() {
                        eprintln!("domino run: {name} again: exiting at once");
                        std::process::exit(code);
                    }
                    tx.send_replace(Some(name));
                }
            });
        }
        #[cfg(not(unix))]
        tokio::spawn(async move {
            loop {
                if tokio::signal::ctrl_c().await.is_err() {
                    return;
                }
                if tx.borrow().is_some() {
                    std::process::exit(130);
                }
                tx.send_replace(Some("Ctrl-C"));
            }
        });
        Ok(Signals(rx))
    }

    /// Waits for the first signal; its name.
    pub async fn first(&mut self) -> &'static str {
        match self.0.wait_for(Option::is_some).await {
            Ok(name) => name.unwrap_or("a signal"),
            // The listener is gone: nothing will stop us but the end of the process.
            Err(_) => std::future::pending().await,
        }
    }
}
