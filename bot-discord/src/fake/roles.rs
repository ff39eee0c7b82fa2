//! The fake Discord's server roles, as the goat's and the champion's roles need them: the
//! channel read for its server (`GET /channels/{id}`), the server's roles listed and created
//! (`/guilds/{id}/roles`), and a member's roles added and removed
//! (`/guilds/{id}/members/{user}/roles/{role}`). A test may take Manage Roles away: creating,
//! adding and removing are then refused as Discord refuses them (403, code 50013).

use super::{Data, Fake, payloads};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// The server's roles and who has them.
#[derive(Default)]
pub(super) struct Server {
    /// Role id → name.
    roles: BTreeMap<u64, String>,
    /// (user, role) given.
    given: BTreeSet<(u64, u64)>,
    /// The bot lacks Manage Roles.
    refused: bool,
}

fn role_json(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "name": name, "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
        "permissions": "0", "managed": false, "mentionable": false, "flags": 0
    })
}

fn refused() -> Response {
    let body = json!({"code": 50013, "message": "Missing Permissions"});
    (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
}

/// A role call answered as Discord would; `None` for any other call.
pub(super) fn route(
    d: &mut Data,
    method: &str,
    seg: &[&str],
    body: &Value,
    id: impl FnOnce() -> u64,
) -> Option<Response> {
    let ok = |v: Value| (StatusCode::OK, axum::Json(v)).into_response();
    let server = &mut d.server;
    Some(match (method, seg) {
        ("GET", ["channels", c]) => {
            let c: u64 = c.parse().unwrap_or(0);
            match d.threads.get(&c) {
                Some(&parent) => ok(payloads::thread(c, parent, "thread")),
                None => ok(payloads::channel(c)),
            }
        }
        ("GET", ["guilds", _, "roles"]) => {
            ok(Value::Array(server.roles.iter().map(|(id, n)| role_json(*id, n)).collect()))
        }
        ("POST", ["guilds", _, "roles"]) if server.refused => refused(),
        ("POST", ["guilds", _, "roles"]) => {
            let (id, name) = (id(), body["name"].as_str().unwrap_or("new role").to_owned());
            server.roles.insert(id, name.clone());
            ok(role_json(id, &name))
        }
        ("PUT" | "DELETE", ["guilds", _, "members", _, "roles", _]) if server.refused => refused(),
        ("PUT" | "DELETE", ["guilds", _, "members", user, "roles", role]) => {
            let (user, role) = (user.parse().unwrap_or(0), role.parse().unwrap_or(0));
            if !server.roles.contains_key(&role) {
                let body = json!({"code": 10011, "message": "Unknown Role"});
                return Some((StatusCode::NOT_FOUND, axum::Json(body)).into_response());
            }
            match method {
                "PUT" => server.given.insert((user, role)),
                _ => server.given.remove(&(user, role)),
            };
            StatusCode::NO_CONTENT.into_response()
        }
        _ => return None,
    })
}

impl Fake {
    /// The server's roles by name, and how many of each name there are.
    pub fn roles(&self) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for name in self.data().server.roles.values() {
            *out.entry(name.clone()).or_default() += 1;
        }
        out
    }

    /// The names of the roles `user` has.
    pub fn roles_of(&self, user: u64) -> Vec<String> {
        let d = self.data();
        let s = &d.server;
        s.given
            .iter()
            .filter(|(u, _)| *u == user)
            .filter_map(|(_, r)| s.roles.get(r).cloned())
            .collect()
    }

    /// The bot has (or lacks) Manage Roles.
    pub fn manage_roles(&self, allowed: bool) {
        self.data().server.refused = !allowed;
    }
}
