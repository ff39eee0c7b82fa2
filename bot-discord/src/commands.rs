//! A slash command: read into a request, handed to the chat layer, its reply drawn as the
//! interaction's answer and every table it shows brought up to date in the channel. A new
//! table's message is posted before the answer says it is open.

use crate::answer;
use crate::bot::Bot;
use crate::people;
use crate::publish;
use crate::render::{self, Shown};
use crate::slash;
use crate::texts;
use domino_core::chat::{Answer, Args, Body, Cmd, Reply, Request, Show};
use serenity::builder::{CreateAttachment, CreateThread};
use serenity::http::Http;
use serenity::model::application::CommandInteraction;
use serenity::model::channel::ChannelType;
use serenity::model::id::ChannelId;
use std::sync::Arc;

pub async fn on_command(bot: &Arc<Bot>, http: &Arc<Http>, i: &CommandInteraction) {
    let issued = bot.chat.now();
    let request =
        slash::parse(i, bot.me()).unwrap_or_else(|| Request::Command(Cmd::Help, Args::default()));
    let work = async {
        let place = people::place(i.channel_id, i.channel.as_ref());
        let mut from = people::from(place, &i.user, i.member.as_deref(), &i.locale);
        from.invitee_in_chat = slash::invitee_member(i).map(domino_core::chat::Presence::of);
        let opens = matches!(request, Request::Command(Cmd::New | Cmd::Duel, _));
        // `/domino new thread:True`: the table gets a thread of its own (in a thread already,
        // it stays there).
        let mut made = None;
        if let Request::Command(Cmd::New, args) = &request
            && args.thread
            && from.thread.is_none()
        {
            match open_thread(bot, http, place.0, &from).await {
                Ok(thread) => {
                    from.thread = Some(thread.get().to_string());
                    made = Some(thread);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "thread not made");
                    let lang = bot.chat.lang(&from.chat).await;
                    let answer = Answer::private(texts::cannot_thread(lang));
                    let (shown, private, files) = reply(answer.reply.as_ref(), lang);
                    return (shown, private, files, (Vec::new(), None));
                }
            }
        }
        let mut done = bot.chat.handle(&from, request).await;
        if let Some(thread) = made
            && done.shows.is_empty()
            && let Err(e) = thread.delete(http).await
        {
            // Refused: the thread made for it goes.
            tracing::warn!(error = %e, "unused thread not deleted");
        }
        if opens && let Some(show) = done.shows.first().cloned() {
            // Nobody could see a table whose message cannot be posted: close it instead.
            if let Err(e) = publish::post_table(bot, http, &show).await {
                tracing::warn!(table = show.table.id, error = %e, "table message not posted");
                let stop = Args { table: Some(show.table.number), ..Args::default() };
                let _ = bot.chat.handle(&from, Request::Command(Cmd::Stop, stop)).await;
                done = Answer::private(texts::cannot_post(show.table.lang));
            }
        }
        let (mut shown, private, files) = reply(done.reply.as_ref(), show_lang(&done));
        if let Some(Body::Hand(view)) = done.reply.as_ref().map(|r| &r.body) {
            shown = crate::hands::hand_shown(bot, None, view).await;
        }
        // A spectator's view is the answer itself (ephemeral: the interaction's original).
        let watch = match done.reply.as_ref().map(|r| &r.body) {
            Some(Body::Watch(view)) => Some((from.person.id.clone(), view.clone())),
            _ => None,
        };
        (shown, private, files, (done.shows, watch))
    };
    let (shows, watch): (Vec<Show>, _) = answer::command(http, i, work).await;
    // Kept whether or not the answer went through: an edit through a token whose answer never
    // came is refused, and the token dropped then.
    if let Some((person, view)) = watch {
        let token = i.token.clone();
        crate::watch::keep(bot, person, &view, token, crate::hands::Landed::Original, issued);
    }
    for show in &shows {
        publish::after(bot, http, show).await;
    }
}

/// A public thread of `channel` for a new table, named after its host.
async fn open_thread(
    bot: &Bot,
    http: &Http,
    channel: ChannelId,
    from: &domino_core::chat::Asker,
) -> Result<ChannelId, serenity::Error> {
    let lang = bot.chat.lang(&from.chat).await;
    let name = domino_core::chat::texts::thread_name(lang, &from.person.name);
    let name: String = name.chars().take(100).collect();
    let made = CreateThread::new(name).kind(ChannelType::PublicThread);
    Ok(channel.create_thread(http, made).await?.id)
}

fn show_lang(a: &Answer) -> domino_core::ids::Lang {
    a.shows.first().map(|s| s.table.lang).unwrap_or_default()
}

/// A reply as Discord shows it: (message, only the user sees it, files).
pub fn reply(
    reply: Option<&Reply>,
    lang: domino_core::ids::Lang,
) -> (Shown, bool, Vec<CreateAttachment>) {
    let Some(reply) = reply else { return (Shown::text(texts::done(lang)), true, Vec::new()) };
    let mut files = Vec::new();
    let shown = match &reply.body {
        Body::Text(t) => Shown::text(t),
        Body::Long(t) => Shown::long(None, t),
        // Its picture, when there is one, is added by the caller (`hands::hand_shown`).
        Body::Hand(view) => render::hand_message(view, None),
        Body::Watch(view) => crate::watch::watch_message(view, None),
        Body::Menu(menu) => render::menu_message(menu),
        Body::Picture { text, picture } => {
            let mut shown = Shown::long(None, text);
            if let Some(embed) = shown.embed.take() {
                let (embed, file) = render::with_picture(embed, picture, "tally.png");
                shown.embed = Some(embed);
                files.push(file);
            }
            shown
        }
        Body::Files { caption, files: list } => {
            files = list
                .iter()
                .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
                .collect();
            Shown::text(caption)
        }
    };
    (shown, reply.private, files)
}
