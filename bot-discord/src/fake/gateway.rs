//! The fake Discord's websocket gateway: HELLO, IDENTIFY, READY, then the pushed interactions.

use super::Shared;
use super::payloads;
use axum::extract::State;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::time::Instant;

pub(super) async fn gateway(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| session(socket, shared))
}

async fn send(socket: &mut WebSocket, v: Value) -> bool {
    socket.send(WsMessage::Text(v.to_string().into())).await.is_ok()
}

/// One gateway connection: HELLO, wait for IDENTIFY, READY, then events; heartbeats acked.
async fn session(mut socket: WebSocket, shared: Arc<Shared>) {
    if !send(&mut socket, json!({"op": 10, "d": {"heartbeat_interval": 41250}})).await {
        return;
    }
    loop {
        match socket.recv().await {
            Some(Ok(WsMessage::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap_or_default();
                match v["op"].as_u64() {
                    Some(2) => {
                        shared.shards.lock().unwrap().push(v["d"]["shard"].clone());
                        break;
                    }
                    Some(1) => {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                    _ => {}
                }
            }
            Some(Ok(_)) => {}
            _ => return,
        }
    }
    let n = shared.identifies.fetch_add(1, Ordering::SeqCst) + 1;
    let ws = format!("ws://{}/gateway", shared.addr);
    if !send(
        &mut socket,
        json!({"op": 0, "t": "READY", "s": 1, "d": payloads::ready(&format!("session-{n}"), &ws)}),
    )
    .await
    {
        return;
    }
    let mut seq = 1;
    let mut events = shared.events.lock().await;
    loop {
        tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(WsMessage::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap_or_default();
                    if v["op"] == 1 {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                }
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            ev = events.recv() => match ev {
                Some(ev) => {
                    seq += 1;
                    let token = ev["token"].as_str().unwrap_or_default().to_owned();
                    if !send(&mut socket, json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": ev})).await {
                        return;
                    }
                    if let Some(a) = shared.data.lock().unwrap().answers.get_mut(&token) {
                        a.handed = Some(Instant::now());
                    }
                }
                None => return,
            },
        }
    }
}
