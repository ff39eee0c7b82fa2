//! Every interaction handled contained: as a task of its own with a time limit and a panic
//! boundary (`domino_core::chat::contain`). It is acknowledged within Discord's 3 s as
//! always (`answer`); a panic or a timeout is logged with the request and the person is told,
//! privately and in the chat's language, what became of it (nothing changed, unless something
//! was committed). Serenity runs each event in a task of its own: no other interaction waits.

use crate::answer::{SAID, Said, read_said};
use crate::bot::Bot;
use crate::{buttons, commands, people};
use domino_core::chat::texts;
use domino_core::chat::{Failed, Failure, contain};
use domino_core::ids::Lang;
use serenity::builder::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse,
};
use serenity::http::Http;
use serenity::model::application::{ComponentInteractionDataKind, Interaction};
use std::sync::Arc;
use std::sync::atomic::AtomicU8;
use std::time::Duration;

/// How long reading the language of a failure's answer may take.
const LANG_WITHIN: Duration = Duration::from_millis(500);

/// What was asked, for the log (the interaction's token is never written).
struct Asked {
    channel: u64,
    user: u64,
    said: String,
}

impl Asked {
    fn of(i: &Interaction) -> Option<Asked> {
        let (channel, user, said) = match i {
            Interaction::Command(c) => {
                let options: Vec<String> =
                    c.data.options.iter().map(|o| format!("{}:{:?}", o.name, o.value)).collect();
                (c.channel_id, &c.user, format!("/{} {}", c.data.name, options.join(" ")))
            }
            Interaction::Component(c) => {
                let values = match &c.data.kind {
                    ComponentInteractionDataKind::StringSelect { values } => values.join(","),
                    _ => String::new(),
                };
                (c.channel_id, &c.user, format!("{} {values}", c.data.custom_id))
            }
            _ => return None,
        };
        let said = said.chars().take(300).collect();
        Some(Asked { channel: channel.get(), user: user.id.get(), said })
    }

    fn log(&self, failed: &Failed) {
        let Asked { channel, user, said } = self;
        let written = failed.written;
        match &failed.failure {
            Failure::Panicked(panic) => tracing::error!(
                channel, user, request = %said, %panic, ?written, "Discord: a request panicked"
            ),
            Failure::TimedOut(limit) => tracing::error!(
                channel, user, request = %said, ?limit, ?written, "Discord: a request took too long; cancelled"
            ),
        }
    }
}

/// Handles an interaction, contained.
pub(crate) async fn interaction(bot: Arc<Bot>, http: Arc<Http>, i: Interaction) {
    let Some(asked) = Asked::of(&i) else { return };
    let kind = if matches!(i, Interaction::Command(_)) { "command" } else { "press" };
    let _handling = bot.inflight.enter(kind);
    let state = Arc::new(AtomicU8::new(Said::Nothing as u8));
    let work = {
        let (bot, http, i) = (bot.clone(), http.clone(), i.clone());
        SAID.scope(state.clone(), async move {
            match &i {
                Interaction::Command(c) => commands::on_command(&bot, &http, c).await,
                Interaction::Component(c) => buttons::on_press(&bot, &http, c).await,
                _ => {}
            }
        })
    };
    let Err(failed) = contain(bot.work_limit, work).await else { return };
    asked.log(&failed);
    let (channel, thread_of, locale) = match &i {
        Interaction::Command(c) => (c.channel_id, c.channel.as_ref(), &c.locale),
        Interaction::Component(c) => (c.channel_id, c.channel.as_ref(), &c.locale),
        _ => return,
    };
    let chat = people::chat(people::place(channel, thread_of).0);
    let own = (!locale.is_empty()).then(|| Lang::of_locale(locale));
    let lang = tokio::time::timeout(LANG_WITHIN, bot.chat.lang_with(&chat, own)).await;
    let text = texts::contained(lang.unwrap_or(own.unwrap_or_default()), failed.written);
    let told = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
    let response = CreateInteractionResponse::Message(told);
    let follow = CreateInteractionResponseFollowup::new().content(text).ephemeral(true);
    // Not answered yet: the answer. A command deferred: its "thinking…" replaced. Otherwise
    // (a press acknowledged, or an answer given before the failure) a private follow-up.
    let sent = match (&i, read_said(&state)) {
        (Interaction::Command(c), Said::Nothing) => c.create_response(&http, response).await,
        (Interaction::Component(c), Said::Nothing) => c.create_response(&http, response).await,
        (Interaction::Command(c), Said::Acknowledged) => {
            let edit = EditInteractionResponse::new().content(text);
            c.edit_response(&http, edit).await.map(drop)
        }
        (Interaction::Command(c), _) => c.create_followup(&http, follow).await.map(drop),
        (Interaction::Component(c), _) => c.create_followup(&http, follow).await.map(drop),
        _ => Ok(()),
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, "Discord: a failed request's answer not sent");
    }
}
