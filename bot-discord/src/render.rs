//! The core's views in Discord's terms: the table as an embed with button rows, a hand as an
//! ephemeral message, notices and long texts. Text from the views is sent as it is, with
//! Markdown escaped (people's names must not format the message) and clipped to Discord's
//! limits.

use crate::texts;
use domino_core::chat::{Control, ControlKind, Item, Menu, Show};
use domino_core::ids::UserId;
use domino_core::view::picture::Picture;
use domino_core::view::{
    ButtonAction, ButtonData, Buttons, HandView, PhaseView, TableView, render_hand, render_table,
};
use serenity::builder::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateEmbed,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};
use serenity::model::Colour;
use serenity::model::application::ButtonStyle;

/// Discord's limits.
const EMBED_TITLE: usize = 256;
const EMBED_TEXT: usize = 4096;
const CONTENT: usize = 2000;
const BUTTON_LABEL: usize = 80;
const OPTION_LABEL: usize = 100;
const ROWS: usize = 5;
const PER_ROW: usize = 5;
const OPTIONS: usize = 25;

/// A message as the bot shows it, before it becomes a create, edit or interaction answer.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    pub content: String,
    pub embed: Option<CreateEmbed>,
    pub components: Vec<CreateActionRow>,
    /// The one person this message may ping.
    pub ping: Option<u64>,
    /// Files it carries (the table picture, shown as the embed's image); an edit replaces the
    /// message's attachments with exactly these.
    pub files: Vec<CreateAttachment>,
}

impl Shown {
    pub fn text(text: &str) -> Shown {
        Shown { content: clip(&escape(text), CONTENT), ..Shown::default() }
    }

    /// A long text (rules, scoreboards) as an embed.
    pub fn long(title: Option<&str>, text: &str) -> Shown {
        let mut embed = CreateEmbed::new().description(clip(&escape(text), EMBED_TEXT));
        if let Some(t) = title {
            embed = embed.title(clip(t, EMBED_TITLE));
        }
        Shown { embed: Some(embed), ..Shown::default() }
    }

    /// Who may be pinged: only the person named, never @everyone or roles.
    pub fn mentions(&self) -> CreateAllowedMentions {
        let none = CreateAllowedMentions::new().empty_users().empty_roles().everyone(false);
        match self.ping {
            Some(id) => none.users([id]),
            None => none,
        }
    }

    pub fn embeds(&self) -> Vec<CreateEmbed> {
        self.embed.iter().cloned().collect()
    }
}

/// The file name of the table picture, as its embed names it.
pub const TABLE_PNG: &str = "table.png";

/// `picture` as an attachment named `name`, and the embed with it as its image.
pub fn with_picture(
    embed: CreateEmbed,
    picture: &Picture,
    name: &str,
) -> (CreateEmbed, CreateAttachment) {
    let file = CreateAttachment::bytes(picture.png.clone(), name);
    (embed.image(format!("attachment://{name}")), file)
}

/// The table message: the player to move mentioned above an embed of the public view (with the
/// table picture as its image, when there is one), and the view's buttons.
pub fn table_message(show: &Show, picture: Option<&Picture>) -> Shown {
    let view = &show.view;
    let head = format!("🎲 {}", view.title);
    let text = render_table(view);
    let body = text.strip_prefix(&head).map(str::trim_start).unwrap_or(&text);
    let embed = CreateEmbed::new()
        .title(clip(&head, EMBED_TITLE))
        .description(clip(&escape(body), EMBED_TEXT))
        .colour(colour(view));
    let (embed, files) = match picture {
        Some(p) => {
            let (embed, file) = with_picture(embed, p, TABLE_PNG);
            (embed, vec![file])
        }
        None => (embed, Vec::new()),
    };
    let content = match turn(show) {
        Some((id, text)) => format!("<@{id}> {}", escape(&text)),
        None => String::new(),
    };
    Shown { content, embed: Some(embed), components: components(&view.buttons), ping: None, files }
}

/// The Discord user the core wants pinged, and the turn line.
pub fn turn(show: &Show) -> Option<(u64, String)> {
    let ping = show.turn.as_ref()?;
    Some((discord_id(&ping.person.id)?, ping.text.clone()))
}

/// The user id of a Discord player.
pub fn discord_id(user: &UserId) -> Option<u64> {
    (user.platform == domino_core::ids::Platform::Discord).then(|| user.id.parse().ok()).flatten()
}

/// The file name of a hand's picture, as its embed names it.
pub const HAND_PNG: &str = "hand.png";

/// A player's hand: the tiles as text (with their picture as the embed's image, when the
/// chat shows boards as pictures) and a button per legal placement.
pub fn hand_message(view: &HandView, picture: Option<&Picture>) -> Shown {
    let embed = CreateEmbed::new()
        .description(clip(&escape(&render_hand(view)), EMBED_TEXT))
        .colour(if view.your_turn { Colour::DARK_GREEN } else { Colour::DARK_GREY });
    let (embed, files) = match picture {
        Some(p) => {
            let (embed, file) = with_picture(embed, p, HAND_PNG);
            (embed, vec![file])
        }
        None => (embed, Vec::new()),
    };
    Shown { embed: Some(embed), components: components(&view.buttons), files, ..Shown::default() }
}

/// A short message that pings one person: "@Анна 👉 Анна, ваш ход!" with a «My tiles» button,
/// and where their tiles are: the hand they see (`hand_shown`: kept current), or «My tiles».
pub fn ping_message(show: &Show, hand_shown: bool) -> Option<Shown> {
    let (id, text) = turn(show)?;
    let table = &show.table;
    let label = match table.lang {
        domino_core::ids::Lang::Ru => "🎴 Мои кости",
        domino_core::ids::Lang::En => "🎴 My tiles",
    };
    let hand = ButtonData::new(table.id, table.version, ButtonAction::Hand);
    let buttons: Buttons = vec![vec![(label.to_owned(), hand)]];
    // The person chose quiet pings: their name without a mention.
    let quiet = show.turn.as_ref().is_some_and(|t| t.quiet);
    let call = if quiet { String::new() } else { format!("<@{id}> ") };
    Some(Shown {
        content: clip(
            &format!("{call}{}\n{}", escape(&text), texts::ping_hand(table.lang, hand_shown)),
            CONTENT,
        ),
        components: components(&buttons),
        ping: (!quiet).then_some(id),
        ..Shown::default()
    })
}

/// The settings menu: each choice as a select menu, the switches as one multi-select, the page
/// buttons in the last row (five rows in all, Discord's most).
pub fn menu_message(menu: &Menu) -> Shown {
    let mut rows: Vec<CreateActionRow> = Vec::new();
    for (i, control) in fitted(&menu.controls).iter().enumerate() {
        let options: Vec<CreateSelectMenuOption> = control
            .items
            .iter()
            .take(OPTIONS)
            .map(|item| {
                let value = match control.kind {
                    ControlKind::Choice => item.press.encode(),
                    ControlKind::Switches => switch_key(&item.press).to_owned(),
                };
                CreateSelectMenuOption::new(clip(&item.label, OPTION_LABEL), value)
                    .default_selection(item.selected)
            })
            .collect();
        let count = options.len() as u8;
        let (id, min, max) = match (control.kind, &control.all) {
            (ControlKind::Switches, Some(all)) => (all.encode(), 0, count),
            _ => (format!("menu:{i}"), 1, 1),
        };
        let select = CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
            .placeholder(clip(&control.label, OPTION_LABEL))
            .min_values(min)
            .max_values(max);
        rows.push(CreateActionRow::SelectMenu(select));
    }
    if !menu.nav.is_empty() {
        let buttons = menu
            .nav
            .iter()
            .map(|i| {
                CreateButton::new(i.press.encode())
                    .label(clip(&i.label, BUTTON_LABEL))
                    .style(ButtonStyle::Secondary)
            })
            .collect();
        rows.push(CreateActionRow::Buttons(buttons));
    }
    Shown {
        embed: Some(CreateEmbed::new().description(clip(&escape(&menu.text), EMBED_TEXT))),
        components: rows,
        ..Shown::default()
    }
}

/// The controls in the rows Discord allows beside the page buttons: when there are more, the
/// last choices share one select menu, each option named with its control ("Подсказки: Вкл";
/// none marked chosen, the text says what is).
fn fitted(controls: &[Control]) -> Vec<Control> {
    let room = ROWS - 1;
    if controls.len() <= room {
        return controls.to_vec();
    }
    // The switches keep their row; the choices that do not fit share the last one left.
    let (all, others): (Vec<&Control>, Vec<&Control>) =
        controls.iter().partition(|c| c.kind == ControlKind::Choice);
    let keep = room.saturating_sub(others.len() + 1).min(all.len());
    let (kept, choices) = all.split_at(keep);
    let mut out: Vec<Control> = kept.iter().map(|c| (*c).clone()).collect();
    if !choices.is_empty() {
        let label: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
        let items = choices
            .iter()
            .flat_map(|c| {
                c.items.iter().map(|i| Item {
                    label: format!("{}: {}", c.label, i.label),
                    press: i.press.clone(),
                    selected: false,
                })
            })
            .collect();
        out.push(Control {
            label: label.join(" · "), kind: ControlKind::Choice, items, all: None
        });
    }
    out.extend(others.into_iter().cloned());
    out.truncate(room);
    out
}

/// The option a switch press names.
fn switch_key(press: &domino_core::chat::MenuPress) -> &'static str {
    match press.change {
        domino_core::chat::Change::Switch(key) => key,
        _ => "",
    }
}

/// Button rows as Discord allows them (5 rows of 5): the view's rows when they fit, else the
/// buttons packed five to a row with the last row (a hand's page arrows) kept apart when that
/// fits, else all packed, else (more than 25) select menus of 25 choices each. A hand never
/// needs the menus: the core pages it (`domino_core::view::hand_page`).
pub fn components(buttons: &Buttons) -> Vec<CreateActionRow> {
    let total: usize = buttons.iter().map(Vec::len).sum();
    let fits = buttons.len() <= ROWS && buttons.iter().all(|r| r.len() <= PER_ROW);
    let row = |r: &[(String, ButtonData)]| {
        CreateActionRow::Buttons(r.iter().map(|(label, data)| button(label, data)).collect())
    };
    if fits {
        return buttons.iter().filter(|r| !r.is_empty()).map(|r| row(r)).collect();
    }
    if let Some((last, body)) = buttons.split_last() {
        let body: Vec<(String, ButtonData)> = body.iter().flatten().cloned().collect();
        if body.len().div_ceil(PER_ROW) < ROWS && (1..=PER_ROW).contains(&last.len()) {
            let mut rows: Vec<CreateActionRow> = body.chunks(PER_ROW).map(row).collect();
            rows.push(row(last));
            return rows;
        }
    }
    let flat: Vec<(String, ButtonData)> = buttons.iter().flatten().cloned().collect();
    if total <= ROWS * PER_ROW {
        return flat.chunks(PER_ROW).map(row).collect();
    }
    flat.chunks(OPTIONS)
        .take(ROWS)
        .enumerate()
        .map(|(i, chunk)| {
            let options = chunk
                .iter()
                .map(|(label, data)| {
                    CreateSelectMenuOption::new(clip(label, OPTION_LABEL), data.encode())
                })
                .collect();
            let menu = CreateSelectMenu::new(
                format!("menu:{i}"),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(format!("{}…", i * OPTIONS + 1));
            CreateActionRow::SelectMenu(menu)
        })
        .collect()
}

fn button(label: &str, data: &ButtonData) -> CreateButton {
    let style = match data.action {
        ButtonAction::Hand | ButtonAction::Move(_) | ButtonAction::Start => ButtonStyle::Primary,
        ButtonAction::Join
        | ButtonAction::Accept
        | ButtonAction::Rematch
        | ButtonAction::Back
        | ButtonAction::ResignNo
        | ButtonAction::Resume => ButtonStyle::Success,
        ButtonAction::Leave
        | ButtonAction::Resign
        | ButtonAction::ResignYes
        | ButtonAction::End
        | ButtonAction::Decline
        | ButtonAction::RemoveBot(_) => ButtonStyle::Danger,
        _ => ButtonStyle::Secondary,
    };
    CreateButton::new(data.encode()).label(clip(label, BUTTON_LABEL)).style(style)
}

fn colour(view: &TableView) -> Colour {
    match view.phase {
        PhaseView::Lobby { .. } => Colour::BLUE,
        PhaseView::Challenge { .. } => Colour::ORANGE,
        PhaseView::Playing { .. } => Colour::DARK_GREEN,
        PhaseView::Finished { .. } => Colour::GOLD,
        PhaseView::Closed { .. } => Colour::DARK_GREY,
    }
}

/// Markdown characters escaped so that text shows as written.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '@' | '<') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// At most `max` characters (Discord counts characters), with an ellipsis when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(max - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(n: u64) -> ButtonData {
        ButtonData::new(7, n, ButtonAction::Start)
    }

    fn json(rows: &[CreateActionRow]) -> serde_json::Value {
        serde_json::to_value(rows).unwrap()
    }

    #[test]
    fn rows_are_kept_when_they_fit_and_repacked_when_not() {
        let b = |n| ("x".to_owned(), data(n));
        let fits: Buttons = vec![vec![b(1), b(2)], vec![b(3)]];
        let v = json(&components(&fits));
        assert_eq!(v.as_array().unwrap().len(), 2);
        let tall: Buttons = (0..8).map(|n| vec![b(n)]).collect();
        let v = json(&components(&tall));
        assert_eq!(v.as_array().unwrap().len(), 3, "7 buttons in rows of 5, the last apart");
        assert_eq!(v[2]["components"].as_array().unwrap().len(), 1);
        let mut paged: Buttons = (0..6).map(|n| vec![b(2 * n), b(2 * n + 1)]).collect();
        paged.push(vec![b(90), b(91), b(92)]);
        let v = json(&components(&paged));
        let rows = v.as_array().unwrap();
        assert_eq!(rows.len(), 4, "a page of 12 moves in three rows, then its arrows and hint");
        assert_eq!(rows[3]["components"][2]["custom_id"], data(92).encode());
        let many: Buttons = (0..30).map(|n| vec![b(n)]).collect();
        let v = json(&components(&many));
        let rows = v.as_array().unwrap();
        assert_eq!(rows.len(), 2, "30 choices in two menus");
        assert_eq!(rows[0]["components"][0]["type"], 3);
        assert_eq!(rows[0]["components"][0]["options"].as_array().unwrap().len(), 25);
        assert_eq!(rows[1]["components"][0]["options"][4]["value"], data(29).encode());
    }

    #[test]
    fn markdown_and_mentions_are_escaped_and_text_is_clipped() {
        assert_eq!(escape("**Bob** [3|5] @everyone"), "\\*\\*Bob\\*\\* [3\\|5] \\@everyone");
        assert_eq!(clip("абвгд", 3), "аб…");
        assert_eq!(clip("abc", 3), "abc");
    }
}
