//! The Bot API methods the fake answers: messages, edits, deletes, answers, documents, members.

use crate::fake::{
    Answer, BOT_ID, BOT_NAME, Doc, St, bot_json, err, int, message_json, ok, same_markup,
};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::time::Instant;

pub(crate) fn handle(
    st: &mut St,
    method: &str,
    body: &Value,
    file: Option<(String, Vec<u8>)>,
) -> Response {
    let chat = body.get("chat_id").and_then(int).unwrap_or(0);
    if let Some(done) = crate::fake::ephemeral::handle(st, method, body, file.as_ref()) {
        return done;
    }
    if (method == "sendmessage" || method == "sendphoto")
        && let Some(done) = crate::fake::ephemeral::send(st, method, chat, body, file.as_ref())
    {
        return done;
    }
    match method {
        "getme" => ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Domino", "username": BOT_NAME,
            "can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false,
            "can_connect_to_business": false, "has_main_web_app": false,
        })),
        "sendmessage" => {
            if chat > 0 && !st.open.contains(&chat) {
                return err(403, "Forbidden: bot can't initiate conversation with a user", None);
            }
            let text = body["text"].as_str().unwrap_or_default();
            let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
            let markup = match markup {
                Value::String(s) => serde_json::from_str(&s).unwrap_or(Value::Null),
                v => v,
            };
            let mut m = st.new_message(
                chat,
                true,
                text,
                markup,
                body.get("entities").cloned().unwrap_or(Value::Null),
            );
            let to = match body.get("reply_parameters") {
                Some(Value::String(s)) => serde_json::from_str::<Value>(s).unwrap_or(Value::Null),
                Some(v) => v.clone(),
                None => Value::Null,
            };
            m.reply_to = to.get("message_id").and_then(int).map(|id| id as i32);
            st.messages.insert((chat, m.id), m.clone());
            ok(message_json(&m, bot_json()))
        }
        "editmessagetext" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
            let text = body["text"].as_str().unwrap_or_default().to_owned();
            let Some(m) = st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted && m.from_bot)
            else {
                return err(400, "Bad Request: message to edit not found", None);
            };
            if m.photo.is_some() {
                return err(400, "Bad Request: there is no text in the message to edit", None);
            }
            if m.text == text && same_markup(&m.markup, &markup) {
                return err(
                    400,
                    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                    None,
                );
            }
            m.text = text;
            m.markup = markup;
            m.edits += 1;
            let m = m.clone();
            ok(message_json(&m, bot_json()))
        }
        "sendphoto" => crate::fake::media::send_photo(st, chat, body, file),
        "editmessagemedia" => crate::fake::media::edit_media(st, chat, body, file),
        "editmessagecaption" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
            let caption = body["caption"].as_str().unwrap_or_default().to_owned();
            let Some(m) = st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted && m.from_bot)
            else {
                return err(400, "Bad Request: message to edit not found", None);
            };
            if m.photo.is_none() {
                return err(400, "Bad Request: there is no caption in the message to edit", None);
            }
            m.text = caption;
            m.markup = markup;
            m.edits += 1;
            let m = m.clone();
            ok(message_json(&m, bot_json()))
        }
        "deletemessage" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            match st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted) {
                Some(m) => {
                    m.deleted = true;
                    ok(json!(true))
                }
                None => err(400, "Bad Request: message to delete not found", None),
            }
        }
        "answercallbackquery" => {
            let id = body["callback_query_id"].as_str().unwrap_or_default().to_owned();
            let answer = Answer {
                text: body.get("text").and_then(Value::as_str).map(str::to_owned),
                alert: body.get("show_alert").and_then(Value::as_bool).unwrap_or(false),
                at: Instant::now(),
            };
            st.answers.insert(id, answer);
            ok(json!(true))
        }
        "senddocument" | "sendanimation" => {
            let (name, bytes) = file.unwrap_or_default();
            let caption = body.get("caption").and_then(Value::as_str).unwrap_or_default();
            st.documents.push(Doc { chat, name: name.clone(), bytes, caption: caption.to_owned() });
            let m = st.new_message(chat, true, "", Value::Null, Value::Null);
            let mut v = message_json(&m, bot_json());
            v.as_object_mut().expect("an object").remove("text");
            v["document"] = json!({"file_id": "f", "file_unique_id": "u", "file_name": name});
            // Telegram's animation message carries the document and the animation both.
            if method == "sendanimation" {
                v["animation"] = json!({
                    "file_id": "f", "file_unique_id": "u", "file_name": name,
                    "width": 1024, "height": 640, "duration": 8, "mime_type": "image/gif"
                });
            }
            ok(v)
        }
        "getchatmember" => {
            let user = body.get("user_id").and_then(int).unwrap_or(0);
            let u = json!({"id": user, "is_bot": false, "first_name": "Member"});
            if st.outsiders.contains(&(chat, user)) {
                return ok(json!({"status": "left", "user": u}));
            }
            match st.admins.contains(&(chat, user)) {
                true => ok(json!({"status": "creator", "user": u, "is_anonymous": false})),
                false => ok(json!({"status": "member", "user": u})),
            }
        }
        // Only an administrator may pin in a group (the fake's bot is one unless told).
        "pinchatmessage" | "unpinchatmessage" => {
            if chat < 0 && st.member_only.contains(&chat) {
                return err(
                    400,
                    "Bad Request: not enough rights to manage pinned messages in the chat",
                    None,
                );
            }
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            if st.messages.get(&(chat, id)).is_none_or(|m| m.deleted) {
                return err(400, "Bad Request: message to pin not found", None);
            }
            match method {
                "pinchatmessage" => st.pinned.insert(chat, id),
                _ => st.pinned.remove(&chat),
            };
            ok(json!(true))
        }
        // Bot API 9.5: an administrator with can_manage_tags; 0–16 characters, no emoji.
        "setchatmembertag" => {
            if st.member_only.contains(&chat) {
                return err(400, "Bad Request: not enough rights to manage member tags", None);
            }
            let user = body.get("user_id").and_then(int).unwrap_or(0);
            let tag = body.get("tag").and_then(Value::as_str).unwrap_or_default();
            let emoji = tag.chars().any(|c| !c.is_alphanumeric() && !c.is_whitespace());
            if tag.chars().count() > 16 || emoji {
                return err(400, "Bad Request: TAG_INVALID", None);
            }
            match tag.is_empty() {
                true => st.tags.remove(&(chat, user)),
                false => st.tags.insert((chat, user), tag.to_owned()),
            };
            ok(json!(true))
        }
        "getwebhookinfo" => ok(
            json!({"url": st.webhook.clone().unwrap_or_default(), "has_custom_certificate": false, "pending_update_count": 0}),
        ),
        "setwebhook" => {
            st.webhook = body.get("url").and_then(Value::as_str).map(str::to_owned);
            ok(json!(true))
        }
        "deletewebhook" => {
            st.webhook = None;
            ok(json!(true))
        }
        _ => ok(json!(true)),
    }
}
