//! People seen in a chat, by their @username, so that `/duel @name` names them — also after a
//! restart. Kept in the store per chat (meta key `people:<chat>`, a JSON list), bounded: at most
//! [`PEOPLE_KEPT`] per chat, the longest unseen forgotten first. Written when someone is new,
//! changed (another name, another @username) or last written a day ago; otherwise a sighting
//! costs a look at memory only.

use crate::chat::Chat;
use crate::session::{ChatId, Millis, Person, UserId};
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// People kept per chat.
pub const PEOPLE_KEPT: usize = 200;
/// A person seen again, unchanged, is written again after this long (so that the people who
/// come back are not the ones forgotten).
const REFRESH_MS: Millis = 24 * 60 * 60 * 1000;
/// Sightings remembered in memory (to skip unchanged writes) before that memory starts over.
const WRITTEN_KEPT: usize = 10_000;

/// One person seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Seen {
    /// The @username, lowercase, without the @.
    username: String,
    user: UserId,
    name: String,
    at: Millis,
}

/// Who a (chat, username) was last written as: the user, the name, when.
type Sighting = (UserId, String, Millis);

/// What was last written of whom, by (chat, username).
#[derive(Default)]
pub(in crate::chat) struct Written {
    seen: tokio::sync::Mutex<HashMap<(ChatId, String), Sighting>>,
}

fn key(chat: &ChatId) -> String {
    format!("people:{chat}")
}

fn username_key(username: &str) -> String {
    username.trim().trim_start_matches('@').to_lowercase()
}

impl<S: Store> Chat<S> {
    /// A person with an @username did something in a chat: remember them there.
    pub async fn saw(&self, chat: &ChatId, username: &str, person: &Person) {
        let username = username_key(username);
        if username.is_empty() {
            return;
        }
        let now = self.service.now();
        let mut written = self.people.seen.lock().await;
        let k = (chat.clone(), username.clone());
        if let Some((user, name, at)) = written.get(&k)
            && user == &person.id
            && name == &person.name
            && now - at < REFRESH_MS
        {
            return;
        }
        match self.write_seen(chat, &username, person, now).await {
            Ok(()) => {
                if written.len() >= WRITTEN_KEPT {
                    written.clear();
                }
                written.insert(k, (person.id.clone(), person.name.clone(), now));
            }
            Err(e) => tracing::warn!(chat = %chat, error = %e, "person seen not remembered"),
        }
    }

    async fn write_seen(
        &self,
        chat: &ChatId,
        username: &str,
        person: &Person,
        now: Millis,
    ) -> Result<(), StoreError> {
        let store = self.service.store();
        let mut list = read(store.meta(&key(chat)).await?.as_deref());
        // A username names one person; a person has one username.
        list.retain(|s| s.username != username && s.user != person.id);
        list.push(Seen {
            username: username.to_owned(),
            user: person.id.clone(),
            name: person.name.clone(),
            at: now,
        });
        list.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.username.cmp(&b.username)));
        list.truncate(PEOPLE_KEPT);
        let text = serde_json::to_string(&list).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        store.set_meta(&key(chat), Some(&text)).await
    }

    /// The person seen in `chat` under `@username`, if any.
    pub async fn person_named(&self, chat: &ChatId, username: &str) -> Option<Person> {
        let username = username_key(username);
        let stored = match self.service.store().meta(&key(chat)).await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(chat = %chat, error = %e, "people seen unreadable");
                return None;
            }
        };
        read(stored.as_deref())
            .into_iter()
            .find(|s| s.username == username)
            .map(|s| Person::new(s.user, s.name))
    }
}

/// The list kept under a chat's key (none, or unreadable: nobody).
fn read(stored: Option<&str>) -> Vec<Seen> {
    stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
}
