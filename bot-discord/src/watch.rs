//! Spectators' views (`/domino watch table:N`), kept current like hands (`hands`): the view is
//! the ephemeral answer to the watcher's command (or to their «🔄» on it), and the token of
//! that interaction is kept per table and person, in a [`Hands`](crate::hands::Hands) of its
//! own. Whenever the table changes, every kept view is edited through its token to the table
//! as it then is.
//!
//! Discord honours a token for 15 minutes and lets nothing else edit an ephemeral message, nor
//! send one without an interaction. So a view is refreshed on each change for the token's life
//! less a minute; the first change after that edits it a last time with a note to press «🔄»
//! (a new interaction, whose token then keeps it current) or ask `/domino watch` again. A view
//! whose watcher stopped, or whose table closed, is edited once more to say so and then let go.
//! Tokens live in memory, like hands': after a restart a view stays as it was until «🔄» (the
//! store still lists the watcher). A token past its use is also dropped whenever another view's
//! token is kept (`Hands::keep`), so a quiet table's view may miss its last note.

use crate::answer;
use crate::bot::Bot;
use crate::hands::{Landed, TOKEN_LIFE, refused};
use crate::render::{self, Shown};
use domino_core::chat::{Show, prefix};
use domino_core::ids::{Millis, Platform};
use domino_core::view::watch::{WatchView, Watching, watch_header};
use domino_core::view::{Buttons, render_table};
use serenity::builder::CreateEmbed;
use serenity::http::Http;
use serenity::model::Colour;

/// Discord's limits on an embed.
const EMBED_TITLE: usize = 256;
const EMBED_TEXT: usize = 4096;

/// A watcher's view as a message: the header as the embed's title, the table message's text
/// as its description (and `note` under it), «🔄» and «⏹» as buttons while watching.
pub fn watch_message(view: &WatchView, note: Option<&str>) -> Shown {
    let mut text = view.view.as_deref().map(render_table).unwrap_or_default();
    if let Some(note) = note {
        text = format!("{text}\n\n{note}");
    }
    let mut embed = CreateEmbed::new()
        .title(render::clip(&watch_header(view, prefix(Platform::Discord)), EMBED_TITLE))
        .colour(Colour::DARK_BLUE);
    if !text.trim().is_empty() {
        embed = embed.description(render::clip(&render::escape(text.trim()), EMBED_TEXT));
    }
    let buttons: &Buttons = &view.buttons;
    Shown { embed: Some(embed), components: render::components(buttons), ..Shown::default() }
}

/// Keeps the token of an interaction whose answer showed `view` to `person` (issued at
/// `issued`), or lets go of any kept one when the view says they no longer watch.
pub fn keep(
    bot: &Bot,
    person: domino_core::ids::UserId,
    view: &WatchView,
    token: String,
    landed: Landed,
    issued: Millis,
) {
    match view.watching {
        Watching::On => bot.watching.keep(view.table, person, token, landed, issued, view.version),
        Watching::Stopped | Watching::Closed => bot.watching.forget(view.table, &person),
    }
}

/// Brings every kept view of `show`'s table up to the table as it now is (at least `show`).
pub async fn refresh(bot: &Bot, http: &Http, show: &Show) {
    let Some(t) = bot.watching.table(show.table.id) else { return };
    let _one = t.edits.lock().await;
    if t.behind(show.table.version).is_empty() {
        return;
    }
    let newer = crate::hands::newer_show(bot, show).await;
    let latest = newer.as_ref().unwrap_or(show);
    let version = latest.table.version;
    let now = bot.chat.now();
    for (person, held) in t.behind(version) {
        let view = latest.watch_view(&person);
        let usable = held.usable(now);
        if !usable && now - held.issued >= TOKEN_LIFE {
            t.settle(&person, &held.token, None);
            continue;
        }
        // Its last edit: what it shows stays, with a note on how to have it kept current.
        let note = (!usable).then(|| crate::texts::watch_expired(view.lang));
        let shown = watch_message(&view, note);
        let edit = answer::edit_response(&shown);
        let sent = match held.landed {
            Landed::Original => {
                http.edit_original_interaction_response(&held.token, &edit, Vec::new()).await
            }
            Landed::Followup(m) => {
                http.edit_followup_message(&held.token, m, &edit, Vec::new()).await
            }
        };
        let still = usable && view.watching == Watching::On;
        match sent {
            Ok(_) => t.settle(&person, &held.token, still.then_some(version)),
            Err(e) if refused(&e) => {
                tracing::info!(table = show.table.id, error = %e, "watch not edited; token dropped");
                t.settle(&person, &held.token, None);
            }
            Err(e) => tracing::warn!(table = show.table.id, error = %e, "watch not edited"),
        }
    }
}
