//! Request bodies of the fake Discord: JSON, or multipart with `payload_json` and `files[n]`
//! parts (read as bytes: pictures are binary); and a message's attachments as Discord keeps
//! them: an `attachments` list names exactly what the message holds afterwards (existing ones
//! by id, new ones by the index of their file part), and without one they stay.

use axum::http::HeaderMap;
use serde_json::Value;

/// A file of a message (or of a request: its id is then the index of its part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub id: u64,
    pub name: String,
    pub bytes: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    (from..=hay.len().checked_sub(needle.len())?).find(|&i| hay[i..].starts_with(needle))
}

/// JSON, or multipart with `payload_json` and files.
pub fn parse_body(headers: &HeaderMap, body: &[u8]) -> (Value, Vec<Attachment>) {
    let ct = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("");
    let Some(boundary) = ct.split("boundary=").nth(1) else {
        return (serde_json::from_slice(body).unwrap_or(Value::Null), Vec::new());
    };
    let delimiter = format!("--{}", boundary.trim_matches('"')).into_bytes();
    let mut json = Value::Null;
    let mut files = Vec::new();
    let mut at = find(body, &delimiter, 0).map(|i| i + delimiter.len());
    while let Some(start) = at {
        let end = find(body, &delimiter, start).unwrap_or(body.len());
        at = (end < body.len()).then_some(end + delimiter.len());
        let part = &body[start..end];
        let Some(split) = find(part, b"\r\n\r\n", 0) else { continue };
        let head = String::from_utf8_lossy(&part[..split]);
        let content = &part[split + 4..];
        let content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let field = |k: &str| {
            head.split(&format!("{k}=\""))
                .nth(1)
                .and_then(|s| s.split('"').next())
                .map(str::to_owned)
        };
        match (field("name"), field("filename")) {
            (Some(n), None) if n == "payload_json" => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null)
            }
            (Some(n), Some(name)) => {
                let index = n.trim_start_matches("files[").trim_end_matches(']');
                let id = index.parse().unwrap_or(files.len() as u64);
                files.push(Attachment { id, name, bytes: content.to_vec() });
            }
            _ => {}
        }
    }
    (json, files)
}

/// The attachments a message holds after `data` (with the request's `files`) was applied to
/// it: new ones get ids from `fresh`.
pub fn attachments(
    now: &[Attachment],
    data: &Value,
    files: &[Attachment],
    mut fresh: impl FnMut() -> u64,
) -> Vec<Attachment> {
    let Some(list) = data.get("attachments").and_then(Value::as_array) else {
        // No list: what is there stays, and files are added.
        let mut out = now.to_vec();
        out.extend(files.iter().map(|f| Attachment { id: fresh(), ..f.clone() }));
        return out;
    };
    let id_of = |v: &Value| v.as_u64().or_else(|| v.as_str()?.parse().ok());
    list.iter()
        .filter_map(|a| {
            let id = id_of(&a["id"])?;
            match files.iter().find(|f| f.id == id && a.get("filename").is_some()) {
                Some(new) => Some(Attachment { id: fresh(), ..new.clone() }),
                None => now.iter().find(|k| k.id == id).cloned(),
            }
        })
        .collect()
}
