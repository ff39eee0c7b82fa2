//! (feature `testkit`) Faults injected into one chat's handling, to show the adapters contain
//! them: every request from a chosen chat panics or hangs in [`crate::chat::Chat::handle`] (before it
//! reads or writes anything) until the fault is removed. Faults belong to a service: every
//! `Chat` made over it (whichever adapter made it) strikes them; other services, in tests that
//! run alongside, are not touched.

use crate::service::Service;
use crate::session::ChatId;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

/// What a request from a faulty chat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Panic,
    /// Waits forever (at an await point: a time limit can cancel it).
    Hang,
}

/// The faults of the chats over one service.
#[derive(Clone, Default)]
pub struct Faults(Arc<Mutex<HashMap<ChatId, Fault>>>);

/// A service's faults, while it lives: its address, whether it is alive, its faults.
type Installed = (usize, Box<dyn Fn() -> bool + Send>, Faults);

static INSTALLED: Mutex<Vec<Installed>> = Mutex::new(Vec::new());

fn installed() -> std::sync::MutexGuard<'static, Vec<Installed>> {
    INSTALLED.lock().unwrap_or_else(|e| e.into_inner())
}

impl Faults {
    /// The faults of the chat layer over `service` (made empty the first time).
    pub fn of<S: Store>(service: &Arc<Service<S>>) -> Faults {
        let at = Arc::as_ptr(service) as usize;
        let mut all = installed();
        all.retain(|(_, alive, _)| alive());
        if let Some((_, _, faults)) = all.iter().find(|(a, _, _)| *a == at) {
            return faults.clone();
        }
        let weak: Weak<Service<S>> = Arc::downgrade(service);
        let faults = Faults::default();
        all.push((at, Box::new(move || weak.strong_count() > 0), faults.clone()));
        faults
    }

    /// Requests from `chat` fail with `fault` from now on (`None`: they are handled again).
    pub fn set(&self, chat: &ChatId, fault: Option<Fault>) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match fault {
            Some(f) => map.insert(chat.clone(), f),
            None => map.remove(chat),
        };
    }

    fn get(&self, chat: &ChatId) -> Option<Fault> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(chat).copied()
    }
}

/// Panics or hangs when `chat` has a fault over `service`.
pub(in crate::chat) async fn strike<S: Store>(service: &Arc<Service<S>>, chat: &ChatId) {
    let at = Arc::as_ptr(service) as usize;
    let faults = installed().iter().find(|(a, alive, _)| *a == at && alive()).map(|f| f.2.clone());
    match faults.and_then(|f| f.get(chat)) {
        Some(Fault::Panic) => panic!("a fault injected into chat {chat}"),
        Some(Fault::Hang) => std::future::pending::<()>().await,
        None => {}
    }
}
