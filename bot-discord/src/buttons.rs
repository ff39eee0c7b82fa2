//! A button press (or a choice in a select menu): handed to the chat layer as it came, with
//! what the pressed message offers (the core refuses anything else); the
//! answer replaces the pressed message (the table, the presser's hand, the settings menu) or,
//! for a refusal and for «My tiles», is a message only the presser sees.

use crate::answer::{self, PressAnswer};
use crate::bot::Bot;
use crate::people;
use crate::publish;
use crate::render::{self, Shown};
use domino_core::chat::{Body, Change, MenuPress, MessageAt, Offer, Request, Show};
use domino_core::ids::UserId;
use domino_core::view::{HandView, WatchView};
use serenity::http::Http;
use serenity::model::application::{
    ActionRow, ActionRowComponent, ButtonKind, ComponentInteraction, ComponentInteractionDataKind,
};
use serenity::model::channel::MessageFlags;
use std::sync::Arc;

/// What is left to do once the press is answered: the tables to bring up to date, and whose
/// hand at which table (and version) it showed, if it showed one.
struct Rest {
    shows: Vec<Show>,
    hand: Option<(i64, UserId, u64)>,
    /// The spectator's view the answer showed, and to whom.
    watch: Option<(UserId, WatchView)>,
}

pub async fn on_press(bot: &Arc<Bot>, http: &Arc<Http>, i: &ComponentInteraction) {
    let issued = bot.chat.now();
    let (rest, landed) = answer::press(http, i, work(bot, i)).await;
    // An answer that showed the presser's hand: its token keeps that hand current.
    if let (Some(landed), Some((table, person, shows))) = (landed, rest.hand.clone()) {
        bot.hands.keep(table, person, i.token.clone(), landed, issued, shows);
    }
    if let (Some(landed), Some((person, view))) = (landed, rest.watch.as_ref()) {
        crate::watch::keep(bot, person.clone(), view, i.token.clone(), landed, issued);
    }
    // The table message is edited by REST only when the answer did not already show its
    // state (`paint` knows what the message shows).
    for show in &rest.shows {
        publish::after(bot, http, show).await;
    }
}

/// The table version a hand was drawn at, as its buttons carry it (0 when it has none).
fn drawn_at(view: &HandView) -> u64 {
    view.buttons.iter().flatten().next().map_or(0, |(_, data)| data.version)
}

/// A multi-select of switches carries its press in the custom id; any other select carries
/// each choice's press as its value (exactly one chosen).
fn switches(custom_id: &str) -> bool {
    MenuPress::decode(custom_id, &[]).is_some_and(|p| matches!(p.change, Change::Switches(_)))
}

fn request(i: &ComponentInteraction) -> Request {
    let on = offers(&i.message.components);
    let request = match &i.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => match values.as_slice() {
            [value] if !switches(&i.data.custom_id) => Request::press_on(value, [], on),
            _ => Request::press_on(&i.data.custom_id, values, on),
        },
        _ => Request::press_on(&i.data.custom_id, [], on),
    };
    // The core keeps where a table's messages are, but not its ephemeral ones (hands).
    match i.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL)) {
        true => request,
        false => request.at(MessageAt::new(i.channel_id.get(), i.message.id.get(), "")),
    }
}

/// The presses a message's components offer, as Discord shows them: each button's id, each
/// choice of a select, and a multi-select of switches with its options.
fn offers(rows: &[ActionRow]) -> Vec<Offer> {
    let mut on = Vec::new();
    for component in rows.iter().flat_map(|r| &r.components) {
        match component {
            ActionRowComponent::Button(b) => {
                if let ButtonKind::NonLink { custom_id, .. } = &b.data {
                    on.push(Offer::button(custom_id.clone()));
                }
            }
            ActionRowComponent::SelectMenu(menu) => {
                let values = menu.options.iter().map(|o| o.value.clone());
                match menu.custom_id.as_deref() {
                    Some(id) if switches(id) => {
                        on.push(Offer { data: id.to_owned(), values: values.collect() })
                    }
                    _ => on.extend(values.map(Offer::button)),
                }
            }
            _ => {}
        }
    }
    on
}

async fn work(bot: &Bot, i: &ComponentInteraction) -> (PressAnswer, Rest) {
    let place = people::place(i.channel_id, i.channel.as_ref());
    let from = people::from(place, &i.user, i.member.as_ref(), &i.locale);
    let done = bot.chat.handle(&from, request(i)).await;
    let mut rest = Rest { shows: done.shows.clone(), hand: None, watch: None };
    if let Some(menu) = &done.menu {
        let then = done
            .reply
            .as_ref()
            .map(|r| Box::new(crate::commands::reply(Some(r), Default::default()).0));
        let answer = PressAnswer::Update { shown: render::menu_message(menu), table: None, then };
        return (answer, rest);
    }
    let from_hand = i.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    // An acknowledgement (a move's toast) is left out where the press updates a message.
    let reply = done.reply.as_ref().filter(|r| !r.ack || done.shows.is_empty());
    if let Some(reply) = reply {
        if let Body::Hand(view) = &reply.body {
            rest.hand = Some((view.table, from.person.id.clone(), drawn_at(view)));
        }
        if let Body::Watch(view) = &reply.body {
            rest.watch = Some((from.person.id.clone(), view.clone()));
        }
        return match &reply.body {
            // «🔄» or «⏹» on a spectator's view: that view is replaced.
            Body::Watch(view) if from_hand => {
                let shown = crate::watch::watch_message(view, None);
                (PressAnswer::Update { shown, table: None, then: None }, rest)
            }
            // A hand pressed on the hand (its hint): that hand is replaced.
            Body::Hand(view) if from_hand => {
                let shown = crate::hands::hand_shown(bot, None, view).await;
                (PressAnswer::Update { shown, table: None, then: None }, rest)
            }
            Body::Hand(view) => {
                (PressAnswer::Private(crate::hands::hand_shown(bot, None, view).await), rest)
            }
            _ => (
                PressAnswer::Private(crate::commands::reply(Some(reply), Default::default()).0),
                rest,
            ),
        };
    }
    let Some(show) = done.shows.first() else {
        return (PressAnswer::Private(Shown::text("✅")), rest);
    };
    if from_hand {
        let shown = match show.hand_of(&from.person.id) {
            Some(view) => {
                rest.hand = Some((show.table.id, from.person.id.clone(), show.table.version));
                crate::hands::hand_shown(bot, Some(show), view).await
            }
            None => render::table_message(show, None),
        };
        return (PressAnswer::Update { shown, table: None, then: None }, rest);
    }
    let picture = show.picture().await;
    let shown = render::table_message(show, picture.as_deref());
    // The answer replaces the table message without waiting for an edit of it on its way.
    let table = bot.displayed.try_lock(show.table.id).map(|shows| (shows, show.table.version));
    (PressAnswer::Update { shown, table, then: None }, rest)
}
