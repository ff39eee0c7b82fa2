//! Updates read from their JSON once, in one place. teloxide 0.17 parses updates into its Bot
//! API 9.2 types and drops what it does not know, such as the `ephemeral_message_id` of a
//! press on an ephemeral message or of an ephemeral command (Bot API 10.2); so the JSON is
//! read here first ([`Extras::read`]), what teloxide would drop is kept by update id, and the
//! handler takes it with the update ([`Extras::take`]). Long polling is done here too (raw
//! `getUpdates`), and the webhook hands its bodies to the same reader.

use crate::raw::Raw;
use futures::SinkExt;
use futures::channel::mpsc::{Receiver, Sender, channel};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Mutex;
use std::time::Duration;
use teloxide::stop::{StopToken, mk_stop_token};
use teloxide::types::{Update, UpdateId, UpdateKind};
use teloxide::update_listeners::{StatefulListener, UpdateListener};

/// What teloxide drops from an update that the bot needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Extra {
    /// The ephemeral message pressed on, or the ephemeral command's own id.
    pub ephemeral: Option<i64>,
}

/// Extras kept before their updates are handled (updates the bot filters out leave theirs
/// behind: at most this many are kept, the oldest dropped).
const KEPT: usize = 4096;

/// The extras of updates read and not yet handled, by update id.
#[derive(Default)]
pub(crate) struct Extras {
    kept: Mutex<BTreeMap<u32, Extra>>,
    /// Every update read is owed a handling (`Work::handling`, taken by its endpoint).
    pub(crate) work: crate::busy::Work,
}

impl Extras {
    /// An update from its JSON, its extras kept; `None` (logged) for what is no update.
    pub(crate) fn read(&self, raw: &Value) -> Option<Update> {
        // From text: teloxide's types borrow strings, which `from_value` cannot lend them (the
        // update would read as `UpdateKind::Error`).
        let update: Update = match serde_json::from_str(&raw.to_string()) {
            Ok(Update { kind: UpdateKind::Error(_), .. }) => {
                tracing::warn!("an update teloxide cannot read");
                return None;
            }
            Ok(u) => u,
            Err(e) => {
                tracing::warn!(error = %e, "not an update");
                return None;
            }
        };
        let message = raw.get("callback_query").and_then(|q| q.get("message"));
        let message = message.or_else(|| raw.get("message"));
        let ephemeral = message.and_then(|m| m.get("ephemeral_message_id")).and_then(Value::as_i64);
        if ephemeral.is_some() {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            kept.insert(update.id.0, Extra { ephemeral });
            while kept.len() > KEPT {
                kept.pop_first();
            }
        }
        self.work.read();
        Some(update)
    }

    /// What was kept of update `id` (taken: asked once).
    pub(crate) fn take(&self, id: UpdateId) -> Extra {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.remove(&id.0).unwrap_or_default()
    }
}

type Updates = Result<Update, Infallible>;
type State = (Receiver<Updates>, StopToken);

/// Long polling with `getUpdates`, each update read by `extras`. The next batch is asked for
/// (which tells Telegram the last was taken) only once the dispatcher has taken the last.
pub(crate) fn polling(
    raw: Raw,
    extras: std::sync::Arc<Extras>,
    timeout: Duration,
    status: crate::Status,
) -> impl UpdateListener<Err = Infallible> {
    let (tx, rx) = channel(0);
    let (stop_token, stop_flag) = mk_stop_token();
    tokio::spawn(async move {
        tokio::select! {
            _ = poll(raw, extras, timeout, tx, status) => {}
            _ = stop_flag => {}
        }
    });
    StatefulListener::new((rx, stop_token), stream, token)
}

fn stream(state: &mut State) -> &mut Receiver<Updates> {
    &mut state.0
}

fn token(state: &mut State) -> StopToken {
    state.1.clone()
}

async fn poll(
    raw: Raw,
    extras: std::sync::Arc<Extras>,
    timeout: Duration,
    mut tx: Sender<Updates>,
    status: crate::Status,
) {
    let mut backoff = Duration::from_millis(500);
    while let Err(e) = raw.call("deleteWebhook", &json!({})).await {
        tracing::warn!(failure = ?e, retry_in = ?backoff, "deleteWebhook failed");
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(Duration::from_secs(30));
    }
    let mut offset: i64 = 0;
    backoff = Duration::from_millis(500);
    loop {
        let asked = json!({"offset": offset, "timeout": timeout.as_secs()});
        let batch = match raw.call("getUpdates", &asked).await {
            Ok(Value::Array(batch)) => batch,
            Ok(_) => Vec::new(),
            Err(e) => {
                status.lost(&format!("{e:?}"));
                let wait = match e {
                    crate::failure::Failure::RetryAfter(d) => d,
                    _ => backoff,
                };
                tracing::warn!(failure = ?e, retry_in = ?wait, "getUpdates failed");
                tokio::time::sleep(wait).await;
                backoff = (backoff * 2).min(Duration::from_secs(30));
                continue;
            }
        };
        backoff = Duration::from_millis(500);
        status.receiving("polling");
        for raw_update in batch {
            if let Some(id) = raw_update["update_id"].as_i64() {
                offset = offset.max(id + 1);
            }
            if let Some(update) = extras.read(&raw_update)
                && tx.send(Ok(update)).await.is_err()
            {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ephemeral_id_teloxide_drops_is_kept_for_its_update() {
        let extras = Extras::default();
        let press = json!({"update_id": 7, "callback_query": {
            "id": "q", "from": {"id": 5, "is_bot": false, "first_name": "A"}, "chat_instance": "c",
            "data": "x", "message": {"message_id": 0, "ephemeral_message_id": 9_000_000_001_i64,
            "date": 1, "chat": {"id": -1, "type": "group", "title": "G"}, "text": "t"}}});
        let update = extras.read(&press).expect("an update");
        assert!(matches!(update.kind, UpdateKind::CallbackQuery(_)), "{:?}", update.kind);
        assert_eq!(extras.take(update.id).ephemeral, Some(9_000_000_001));
        assert_eq!(extras.take(update.id), Extra::default(), "taken once");
        let plain = json!({"update_id": 8, "message": {"message_id": 3, "date": 1,
            "chat": {"id": -1, "type": "group", "title": "G"}, "text": "/hand"}});
        let update = extras.read(&plain).expect("an update");
        assert!(matches!(update.kind, UpdateKind::Message(_)), "{:?}", update.kind);
        assert_eq!(extras.take(update.id).ephemeral, None);
        assert!(extras.read(&json!({"no": "update"})).is_none());
    }
}
