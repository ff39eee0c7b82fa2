//! Answering interactions within Discord's three seconds. A button press is answered at once
//! when its work is done in time, else acknowledged first and answered through the interaction
//! token when the work ends. A slash command is always deferred first (its work reads the store).

use crate::publish::Shows;
use crate::render::Shown;
use serenity::builder::{
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse,
};
use serenity::http::Http;
use serenity::model::application::{CommandInteraction, ComponentInteraction};
use std::future::Future;
use std::time::Duration;

/// How long a press may work before it is acknowledged (Discord allows three seconds).
const IN_TIME: Duration = Duration::from_millis(2000);

/// The answer to a button press.
pub enum Answer {
    /// Replace the message the button is on. A table message is replaced while its lock is
    /// held, and then shows `version`.
    Update { shown: Shown, table: Option<(Shows, u64)> },
    /// A message only the presser sees.
    Private(Shown),
}

impl Answer {
    pub fn private_text(text: &str) -> Answer {
        Answer::Private(Shown::text(text))
    }
}

/// Runs `work` and answers the press with what it gives; returns the rest of its result and
/// whether the answer went through.
pub async fn press<T>(
    http: &Http,
    i: &ComponentInteraction,
    work: impl Future<Output = (Answer, T)>,
) -> (T, bool) {
    let work = std::pin::pin!(work);
    let mut work = work;
    let early = tokio::select! {
        done = &mut work => Some(done),
        _ = tokio::time::sleep(IN_TIME) => None,
    };
    let (answer, rest, late) = match early {
        Some((answer, rest)) => (answer, rest, false),
        None => {
            if let Err(e) = i.create_response(http, CreateInteractionResponse::Acknowledge).await {
                tracing::warn!(error = %e, "press not acknowledged");
            }
            let (answer, rest) = work.await;
            (answer, rest, true)
        }
    };
    let result = match answer {
        Answer::Update { shown, table } => {
            let sent = if late {
                i.edit_response(http, edit_response(&shown)).await.map(drop)
            } else {
                let msg = message(&shown);
                i.create_response(http, CreateInteractionResponse::UpdateMessage(msg)).await
            };
            if let (Ok(()), Some((mut shows, version))) = (&sent, table) {
                // The last edit sent under the lock is what the message shows.
                *shows = Some(version);
            }
            sent
        }
        Answer::Private(shown) if late => {
            let follow = CreateInteractionResponseFollowup::new()
                .content(shown.content.clone())
                .embeds(shown.embeds())
                .components(shown.components.clone())
                .allowed_mentions(shown.mentions())
                .ephemeral(true);
            i.create_followup(http, follow).await.map(drop)
        }
        Answer::Private(shown) => {
            let msg = message(&shown).ephemeral(true);
            i.create_response(http, CreateInteractionResponse::Message(msg)).await
        }
    };
    if let Err(e) = &result {
        tracing::warn!(error = %e, "press not answered");
    }
    (rest, result.is_ok())
}

/// Defers a slash command: Discord shows "thinking…" (to everyone, or to the user only).
pub async fn defer(http: &Http, i: &CommandInteraction, private: bool) {
    let msg = CreateInteractionResponseMessage::new().ephemeral(private);
    if let Err(e) = i.create_response(http, CreateInteractionResponse::Defer(msg)).await {
        tracing::warn!(error = %e, "command not deferred");
    }
}

/// Replaces the deferred "thinking…" with the answer (and files).
pub async fn finish(
    http: &Http,
    i: &CommandInteraction,
    shown: &Shown,
    files: Vec<CreateAttachment>,
) {
    let mut edit = edit_response(shown);
    for f in files {
        edit = edit.new_attachment(f);
    }
    if let Err(e) = i.edit_response(http, edit).await {
        tracing::warn!(error = %e, "command not answered");
    }
}

fn message(shown: &Shown) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
}

fn edit_response(shown: &Shown) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
}
