//! Answering interactions within Discord's three seconds. A button press or a command is
//! answered at once when its work is done in time, else acknowledged (deferred) first and
//! answered through the interaction token when the work ends.

use crate::hands::Landed;
use crate::publish::Shows;
use crate::render::Shown;
use serenity::builder::{
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditAttachments, EditInteractionResponse,
};
use serenity::http::Http;
use serenity::model::application::{CommandInteraction, ComponentInteraction};
use std::future::Future;
use std::time::Duration;

/// How long a press may work before it is acknowledged (Discord allows three seconds).
const IN_TIME: Duration = Duration::from_millis(2000);

/// How far the interaction being handled got with its answer (`contain` reads it when the
/// handling fails).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    Nothing = 0,
    Acknowledged = 1,
    Answered = 2,
}

tokio::task_local! {
    /// The answer state of the interaction handled in this task.
    pub(crate) static SAID: std::sync::Arc<std::sync::atomic::AtomicU8>;
}

fn said(now: Said) {
    let _ = SAID.try_with(|s| s.store(now as u8, std::sync::atomic::Ordering::SeqCst));
}

/// What [`SAID`] holds.
pub(crate) fn read_said(s: &std::sync::atomic::AtomicU8) -> Said {
    match s.load(std::sync::atomic::Ordering::SeqCst) {
        0 => Said::Nothing,
        1 => Said::Acknowledged,
        _ => Said::Answered,
    }
}

/// The answer to a button press.
pub enum PressAnswer {
    /// Replace the message the button is on. A table message is replaced while its lock is
    /// held, and then shows `version`. `then` is said privately afterwards.
    Update { shown: Shown, table: Option<(Shows, u64)>, then: Option<Box<Shown>> },
    /// A message only the presser sees.
    Private(Shown),
}

/// Runs `work` and answers the press with what it gives; returns the rest of its result and,
/// when the answer went through, which message of the interaction it is (an update, late or
/// not, is the pressed message: `@original`).
pub async fn press<T>(
    http: &Http,
    i: &ComponentInteraction,
    work: impl Future<Output = (PressAnswer, T)>,
) -> (T, Option<Landed>) {
    let work = std::pin::pin!(work);
    let mut work = work;
    let early = tokio::select! {
        done = &mut work => Some(done),
        _ = tokio::time::sleep(IN_TIME) => None,
    };
    let (answer, rest, late) = match early {
        Some((answer, rest)) => (answer, rest, false),
        None => {
            match i.create_response(http, CreateInteractionResponse::Acknowledge).await {
                Ok(()) => said(Said::Acknowledged),
                Err(e) => tracing::warn!(error = %e, "press not acknowledged"),
            }
            let (answer, rest) = work.await;
            (answer, rest, true)
        }
    };
    let result = match answer {
        PressAnswer::Update { shown, table, then } => {
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
            if let (Ok(()), Some(then)) = (&sent, then) {
                let follow = followup(then.as_ref()).ephemeral(true);
                if let Err(e) = i.create_followup(http, follow).await {
                    tracing::warn!(error = %e, "follow-up not sent");
                }
            }
            sent.map(|()| Landed::Original)
        }
        PressAnswer::Private(shown) if late => i
            .create_followup(http, followup(&shown).ephemeral(true))
            .await
            .map(|m| Landed::Followup(m.id)),
        PressAnswer::Private(shown) => {
            let msg = message(&shown).ephemeral(true);
            let sent = i.create_response(http, CreateInteractionResponse::Message(msg)).await;
            sent.map(|()| Landed::Original)
        }
    };
    match &result {
        Ok(_) => said(Said::Answered),
        Err(e) => tracing::warn!(error = %e, "press not answered"),
    }
    (rest, result.ok())
}

/// Runs a command's `work` and answers with what it gives: (what to show, whether only the
/// user may see it, files, the rest). In time, the answer is the interaction's response; when
/// late, the command is deferred (privately) first, and a public answer then goes as a
/// follow-up message.
pub async fn command<T>(
    http: &Http,
    i: &CommandInteraction,
    work: impl Future<Output = (Shown, bool, Vec<CreateAttachment>, T)>,
) -> T {
    let mut work = std::pin::pin!(work);
    let early = tokio::select! {
        done = &mut work => Some(done),
        _ = tokio::time::sleep(IN_TIME) => None,
    };
    let ((shown, private, files, rest), late) = match early {
        Some(done) => (done, false),
        None => {
            let msg = CreateInteractionResponseMessage::new().ephemeral(true);
            match i.create_response(http, CreateInteractionResponse::Defer(msg)).await {
                Ok(()) => said(Said::Acknowledged),
                Err(e) => tracing::warn!(error = %e, "command not deferred"),
            }
            (work.await, true)
        }
    };
    let sent = match (late, private) {
        (false, _) => {
            let msg = message(&shown).ephemeral(private).add_files(files);
            i.create_response(http, CreateInteractionResponse::Message(msg)).await
        }
        (true, true) => {
            let edit = files.into_iter().fold(edit_response(&shown), |e, f| e.new_attachment(f));
            i.edit_response(http, edit).await.map(drop)
        }
        (true, false) => {
            let ack = EditInteractionResponse::new().content("✅");
            if let Err(e) = i.edit_response(http, ack).await {
                tracing::warn!(error = %e, "deferred command not acknowledged");
            }
            i.create_followup(http, followup(&shown).add_files(files)).await.map(drop)
        }
    };
    match sent {
        Ok(()) => said(Said::Answered),
        Err(e) => tracing::warn!(error = %e, "command not answered"),
    }
    rest
}

fn followup(shown: &Shown) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
        .add_files(shown.files.clone())
}

/// A response that carries the shown files: for an update of the pressed message, they
/// replace its attachments.
fn message(shown: &Shown) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
        .files(shown.files.clone())
}

/// An edit of an interaction's message that leaves it exactly `shown` (its attachments too).
pub(crate) fn edit_response(shown: &Shown) -> EditInteractionResponse {
    let attachments =
        shown.files.iter().cloned().fold(EditAttachments::new(), EditAttachments::add);
    EditInteractionResponse::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
        .attachments(attachments)
}
