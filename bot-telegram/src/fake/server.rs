//! The fake's HTTP side: reads requests, applies the chosen faults, records, serves long polling.

use crate::fake::{Fault, Req, Shared, St, err, int, ok};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::response::Response;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

async fn body_of(req: Request) -> (Value, Option<(String, Vec<u8>)>) {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if multipart {
        let mut fields = Map::new();
        let mut file = None;
        let Ok(mut form) = Multipart::from_request(req, &()).await else {
            return (json!({}), None);
        };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_owned();
            match field.file_name().map(str::to_owned) {
                Some(file_name) => {
                    file = Some((file_name, field.bytes().await.unwrap_or_default().to_vec()))
                }
                None => {
                    let text = field.text().await.unwrap_or_default();
                    fields.insert(name, serde_json::from_str(&text).unwrap_or(Value::String(text)));
                }
            }
        }
        return (Value::Object(fields), file);
    }
    let bytes: Bytes = axum::body::to_bytes(req.into_body(), usize::MAX).await.unwrap_or_default();
    (serde_json::from_slice(&bytes).unwrap_or(json!({})), None)
}

pub(crate) async fn api(
    State(shared): State<Arc<Shared>>,
    Path((_token, method)): Path<(String, String)>,
    req: Request,
) -> Response {
    let method = method.to_lowercase();
    let (body, file) = body_of(req).await;
    if method == "getupdates" {
        return get_updates(&shared, &body).await;
    }
    let chat = body.get("chat_id").and_then(int);
    let fault = {
        let mut st = shared.st.lock().unwrap_or_else(|e| e.into_inner());
        st.rules
            .iter_mut()
            .find(|r| r.times > 0 && r.method == method && (r.chat.is_none() || r.chat == chat))
            .map(|r| {
                r.times -= 1;
                r.fault
            })
    };
    if let Some(Fault::Slow(late)) = fault {
        tokio::time::sleep(late).await;
    }
    let mut st = shared.st.lock().unwrap_or_else(|e| e.into_inner());
    let record = |st: &mut St, status: u16| {
        st.requests.push(Req {
            method: method.clone(),
            body: body.clone(),
            at: Instant::now(),
            status,
        });
    };
    match fault {
        Some(Fault::TooMany { retry_after }) => {
            record(&mut st, 429);
            return err(
                429,
                &format!("Too Many Requests: retry after {retry_after}"),
                Some(retry_after),
            );
        }
        Some(Fault::Forbidden) => {
            record(&mut st, 403);
            return err(403, "Forbidden: bot can't initiate conversation with a user", None);
        }
        Some(Fault::Unavailable) => {
            record(&mut st, 502);
            return err(502, "Bad Gateway", None);
        }
        Some(Fault::Slow(_)) | None => {}
    }
    if let Some(refused) = crate::fake::places::refused(&st, &method, &body) {
        record(&mut st, refused.status().as_u16());
        return refused;
    }
    if let Some(refused) = crate::fake::limits::check(&mut st, &method, &body) {
        record(&mut st, refused.status().as_u16());
        return refused;
    }
    let made = st.next_message;
    let response = crate::fake::methods::handle(&mut st, &method, &body, file);
    crate::fake::places::placed(&mut st, made, &body);
    let status = response.status().as_u16();
    record(&mut st, status);
    response
}

async fn get_updates(shared: &Shared, body: &Value) -> Response {
    let offset = body.get("offset").and_then(int).unwrap_or(0);
    let timeout = body.get("timeout").and_then(int).unwrap_or(0).clamp(0, 2) as u64;
    let end = Instant::now() + Duration::from_secs(timeout);
    loop {
        let notified = shared.updates.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        {
            let mut st = shared.st.lock().unwrap_or_else(|e| e.into_inner());
            st.updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            st.in_hand = false;
            st.requests.push(Req {
                method: "getupdates".into(),
                body: body.clone(),
                at: Instant::now(),
                status: 200,
            });
            if !st.updates.is_empty() {
                // Delivered updates are gone: a restarted bot does not see them again.
                let batch: Vec<Value> = std::mem::take(&mut st.updates);
                st.in_hand = true;
                for id in batch.iter().filter_map(|u| u["callback_query"]["id"].as_str()) {
                    st.handed.insert(id.to_owned(), Instant::now());
                }
                return ok(Value::Array(batch));
            }
        }
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() || tokio::time::timeout(left, notified).await.is_err() {
            return ok(json!([]));
        }
    }
}
