//! Photos in the fake Bot API: `sendPhoto` and `editMessageMedia` as multipart requests (the
//! photo a file part, the caption, markup and `media` form fields), kept on the message with
//! its caption as the message's text; edits refused as Telegram refuses them ("not modified",
//! no media in the message, not found).

use crate::fake::{St, bot_json, err, message_json, ok, same_markup};
use axum::response::Response;
use serde_json::{Value, json};

/// A form field as text (fields that read as JSON were parsed: a caption may have been too).
fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(v) => v.to_string(),
    }
}

fn markup(body: &Value) -> Value {
    match body.get("reply_markup").cloned().unwrap_or(Value::Null) {
        Value::String(s) => serde_json::from_str(&s).unwrap_or(Value::Null),
        v => v,
    }
}

/// A PNG's size from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("four bytes"));
    assert!(png.len() > 24 && png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    (be(16), be(20))
}

/// A message's JSON as a photo message: `photo` and `caption` instead of `text`.
pub fn as_photo(v: &mut Value, png: &[u8]) {
    let (width, height) = png_size(png);
    let caption = v.as_object_mut().expect("an object").remove("text").unwrap_or_default();
    v["caption"] = caption;
    v["photo"] = json!([{"file_id": "p", "file_unique_id": "pu", "width": width, "height": height, "file_size": png.len()}]);
}

pub fn send_photo(
    st: &mut St,
    chat: i64,
    body: &Value,
    file: Option<(String, Vec<u8>)>,
) -> Response {
    if chat > 0 && !st.open.contains(&chat) {
        return err(403, "Forbidden: bot can't initiate conversation with a user", None);
    }
    let Some((_, png)) = file else {
        return err(400, "Bad Request: there is no photo in the request", None);
    };
    let caption = text(body.get("caption"));
    let mut m = st.new_message(chat, true, &caption, markup(body), Value::Null);
    m.photo = Some(png);
    let to = match body.get("reply_parameters") {
        Some(Value::String(s)) => serde_json::from_str::<Value>(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    };
    m.reply_to = to.get("message_id").and_then(crate::fake::int).map(|id| id as i32);
    st.messages.insert((chat, m.id), m.clone());
    ok(message_json(&m, bot_json()))
}

pub fn edit_media(
    st: &mut St,
    chat: i64,
    body: &Value,
    file: Option<(String, Vec<u8>)>,
) -> Response {
    let id = body.get("message_id").and_then(crate::fake::int).unwrap_or(0) as i32;
    let media = match body.get("media") {
        Some(Value::String(s)) => serde_json::from_str::<Value>(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    };
    let (Some((_, png)), Some("photo")) = (file, media["type"].as_str()) else {
        return err(400, "Bad Request: there is no media in the request", None);
    };
    let caption = text(media.get("caption"));
    let markup = markup(body);
    let Some(m) = st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted && m.from_bot) else {
        return err(400, "Bad Request: message to edit not found", None);
    };
    let Some(old) = &m.photo else {
        return err(400, "Bad Request: message can't be edited", None);
    };
    if *old == png && m.text == caption && same_markup(&m.markup, &markup) {
        return err(
            400,
            "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
            None,
        );
    }
    m.photo = Some(png);
    m.text = caption;
    m.markup = markup;
    m.edits += 1;
    let m = m.clone();
    ok(message_json(&m, bot_json()))
}
