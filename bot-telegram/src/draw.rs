//! The chat layer's answers in Telegram's terms: replies become messages in the chat (or, for
//! a press, the popup), menus become inline keyboards, files documents, and every table shown
//! is brought up to date through the outbox.

use crate::app::App;
use crate::keyboards;
use crate::outbox::Job;
use domino_core::chat::{Answer, Body, Menu, Reply};
use domino_core::view::render_hand;
use teloxide::types::InlineKeyboardMarkup;

/// Telegram's longest message, in characters.
const MESSAGE: usize = 4096;
/// A popup's longest text.
const POPUP: usize = 200;

/// A long text in pieces of at most `max` characters, cut between lines where it can be.
pub(crate) fn pieces(text: &str, max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for line in text.split('\n') {
        let mut line = line.to_owned();
        // A line longer than a piece is cut where it must be.
        while line.chars().count() > max {
            let head: String = line.chars().take(max).collect();
            line = line.chars().skip(max).collect();
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            out.push(head);
        }
        let extra = usize::from(!cur.is_empty()) + line.chars().count();
        if !cur.is_empty() && cur.chars().count() + extra > max {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push('\n');
        }
        cur.push_str(&line);
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// At most `max` characters, with an ellipsis when cut.
pub(crate) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(max - 1).collect();
    short.push('…');
    short
}

impl App {
    /// The answer to the message `to` in `chat` (and `topic`): the reply there (as a reply to
    /// it), then the tables.
    pub(crate) fn draw_reply(&self, chat: i64, topic: Option<i32>, to: i32, answer: &Answer) {
        if let Some(reply) = &answer.reply {
            self.post(chat, topic, Some(to), reply);
        }
        for show in &answer.shows {
            self.show(show);
        }
    }

    /// A reply meant for `user` alone, asked for in the group `chat` with a command everybody
    /// saw (no grant: the bot may send there only as an administrator): where their hand goes,
    /// their private chat for whoever chose it, else a message only they see in the group where
    /// the bot may push one (refused, it goes to their private chat: `send_ephemeral`), else
    /// their private chat.
    pub(crate) async fn to_one_in_group(
        &self,
        chat: i64,
        topic: Option<i32>,
        user: i64,
        reply: &Reply,
    ) {
        let place = self.chat.hand_place(&crate::ids::user_id(user)).await;
        let private = place == domino_core::chat::HandPlace::Private && !self.is_closed(user);
        let text = match &reply.body {
            Body::Text(t) | Body::Long(t) if !private && self.ephemerals.may_push(chat) => t,
            _ => return self.post(user, None, None, reply),
        };
        for text in pieces(text, MESSAGE) {
            self.outbox.push(chat, Job::Ephemeral { user, text, grant: None, topic });
        }
    }

    /// The answer to an ephemeral command in the group `chat`: its reply to `user` alone
    /// (`grant`: the command), then the tables.
    pub(crate) fn only_to(
        &self,
        chat: i64,
        topic: Option<i32>,
        user: i64,
        grant: crate::jobs::Grant,
        answer: &Answer,
    ) {
        if let Some(reply) = answer.reply.as_ref().filter(|r| !r.ack) {
            let text = match &reply.body {
                Body::Hand(view) => {
                    let (grant, page) = (Some(grant.clone()), page_of(view));
                    let job = Job::Hand { table: view.table, user, grant, page, turn: false };
                    self.outbox.push(chat, job);
                    None
                }
                Body::Watch(view) => {
                    let job = Job::Watch { table: view.table, user, grant: Some(grant.clone()) };
                    self.outbox.push(chat, job);
                    None
                }
                Body::Text(t) | Body::Long(t) => Some(t),
                Body::Menu(menu) => Some(&menu.text),
                Body::Picture { text, .. } => Some(text),
                Body::Files { caption, .. } => Some(caption),
            };
            for text in text.map(|t| pieces(t, MESSAGE)).unwrap_or_default() {
                let grant = Some(grant.clone());
                self.outbox.push(chat, Job::Ephemeral { user, text, grant, topic });
            }
        }
        for show in &answer.shows {
            self.show(show);
        }
    }

    /// A reply as a message in `chat` (acknowledgements are left out: the table shows).
    pub(crate) fn post(&self, chat: i64, topic: Option<i32>, reply_to: Option<i32>, reply: &Reply) {
        if reply.ack {
            return;
        }
        match &reply.body {
            Body::Text(t) | Body::Long(t) => {
                // Longer than a message: several, the first replying.
                for (i, text) in pieces(t, MESSAGE).into_iter().enumerate() {
                    let reply_to = if i == 0 { reply_to } else { None };
                    self.outbox.push(chat, Job::Text { text, markup: None, reply_to, topic });
                }
            }
            // A hand is only ever answered in its owner's private chat here (`commands` and
            // `callbacks` show it in a group).
            Body::Hand(view) if chat > 0 => {
                let page = page_of(view);
                self.outbox.push(
                    chat,
                    Job::Hand { table: view.table, user: chat, grant: None, page, turn: false },
                )
            }
            Body::Hand(_) => {}
            // A spectator's view asked for in a private chat goes there; in a group the
            // command's handler queues it for the person alone (`commands`).
            Body::Watch(view) if chat > 0 => {
                self.outbox.push(chat, Job::Watch { table: view.table, user: chat, grant: None })
            }
            Body::Watch(_) => {}
            Body::Menu(menu) => {
                let (text, markup) = (clip(&menu.text, MESSAGE), Some(menu_markup(menu)));
                let job = Job::Text { text, markup, reply_to, topic };
                self.outbox.push(chat, job);
            }
            Body::Picture { text, picture } => {
                self.photo(chat, topic, "tally.png", picture.clone(), text, reply_to)
            }
            Body::Files { caption, files } => {
                for (i, f) in files.iter().enumerate() {
                    let caption = if i == 0 { caption.clone() } else { String::new() };
                    let (name, bytes) = (f.name.clone(), f.bytes.clone());
                    let job = Job::Document { name, bytes, caption, topic };
                    self.outbox.push(chat, job);
                }
            }
        }
    }

    /// What a press's popup says (`None`: nothing), and the alert flag. A hand pressed for in
    /// a group is shown there to the presser alone (`grant`: their press); pressed for in the
    /// private chat, it goes there, and the popup shows it too.
    pub(crate) fn popup(
        &self,
        (user, chat): (i64, i64),
        grant: crate::jobs::Grant,
        reply: Option<&Reply>,
    ) -> (Option<String>, bool) {
        let Some(reply) = reply else { return (None, false) };
        match &reply.body {
            // An acknowledgement (a move's «✓ [5|6] ▶») is a toast: the press is seen taken.
            Body::Text(t) if reply.ack => (Some(clip(t, POPUP)), false),
            _ if reply.ack => (None, false),
            Body::Text(t) | Body::Long(t) => (Some(clip(t, POPUP)), false),
            Body::Hand(view) if chat < 0 => {
                let job = Job::Hand {
                    table: view.table,
                    user,
                    grant: Some(grant),
                    page: page_of(view),
                    turn: false,
                };
                self.outbox.push(chat, job);
                (None, false)
            }
            Body::Hand(view) => {
                let job = Job::Hand {
                    table: view.table,
                    user,
                    grant: None,
                    page: page_of(view),
                    turn: false,
                };
                self.outbox.push(user, job);
                (Some(clip(&render_hand(view), POPUP)), true)
            }
            // A spectator's view pressed for: redrawn where it is (their press lets it be sent
            // anew in the group).
            Body::Watch(view) if chat < 0 => {
                self.outbox.push(chat, Job::Watch { table: view.table, user, grant: Some(grant) });
                (None, false)
            }
            Body::Watch(view) => {
                self.outbox.push(user, Job::Watch { table: view.table, user, grant: None });
                (None, false)
            }
            Body::Menu(menu) => (Some(clip(&menu.text, POPUP)), false),
            Body::Files { caption, .. } => (Some(clip(caption, POPUP)), false),
            Body::Picture { text, .. } => (Some(clip(text, POPUP)), false),
        }
    }
}

/// The page of its moves a hand shows, when it has several (a job redraws that page).
pub(crate) fn page_of(view: &domino_core::view::HandView) -> Option<u8> {
    (view.pages > 1).then_some(view.page)
}

/// The settings menu as an inline keyboard: each control as rows of buttons (the current
/// choice marked «•», switches ✅/▫️ by their labels), then the page buttons.
pub(crate) fn menu_markup(menu: &Menu) -> InlineKeyboardMarkup {
    let mut rows = Vec::new();
    for control in &menu.controls {
        let per_row = match control.kind {
            domino_core::chat::ControlKind::Choice => 3,
            domino_core::chat::ControlKind::Switches => 2,
        };
        let items: Vec<_> = control
            .items
            .iter()
            .map(|item| {
                let choice = control.kind == domino_core::chat::ControlKind::Choice;
                let label = if choice && item.selected {
                    format!("• {}", item.label)
                } else {
                    item.label.clone()
                };
                (label, item.press.encode())
            })
            .collect();
        rows.extend(items.chunks(per_row).map(<[_]>::to_vec));
    }
    if !menu.nav.is_empty() {
        rows.push(menu.nav.iter().map(|i| (i.label.clone(), i.press.encode())).collect());
    }
    keyboards::callbacks(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_go_in_pieces_cut_between_lines() {
        let text = (0..300)
            .map(|i| format!("line {i:03} of the standings"))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = pieces(&text, 4096);
        assert!(parts.len() >= 2);
        assert!(parts.iter().all(|p| p.chars().count() <= 4096));
        assert_eq!(parts.join("\n"), text, "nothing lost, nothing added");
        assert!(parts.iter().all(|p| p.ends_with("standings")), "cut between lines");
        let long = "я".repeat(9000);
        let parts = pieces(&long, 4096);
        assert_eq!(parts.iter().map(|p| p.chars().count()).collect::<Vec<_>>(), [4096, 4096, 808]);
        assert_eq!(pieces("", 4096), [""]);
    }
}
