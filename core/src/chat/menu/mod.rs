//! The chat's settings menu as data: pages of controls (pick one, or switches), each item
//! with its label and the press it makes, drawn by Telegram as an inline keyboard and by
//! Discord as select menus and buttons. Presses carry the settings version they were drawn
//! for; their codec is `press::menu`. Drawn in `draw` (the league page in `league`), applied to
//! the chat's settings in `apply`; `/settings` and its presses are `settings`.

use crate::engine::rules::{Preset, Variant};
use crate::session::{BotLevel, Lang};
use crate::standings::{Cadence, Weekday, Zone};
use crate::store::BoardMode;

mod apply;
pub(super) mod draw;
pub(super) mod league;
mod settings;

/// Turn timers a chat can choose, in seconds (`None`: no timer).
pub const TIMERS: [Option<u32>; 6] = [None, Some(30), Some(60), Some(120), Some(300), Some(600)];

/// A page of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// Language, timer, computer, default game, how the board is shown, hints.
    General,
    /// One game's preset, target and options.
    Game(Variant),
    /// The chat's league: how its seasons run, its clock.
    League,
    /// A tournament's message (its id): enrol, withdraw, start, show it anew.
    Tournament(i64),
}

/// What a press on a tournament's message asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TourAct {
    /// Enrol the presser.
    Join,
    /// Withdraw the presser.
    Leave,
    /// Start it (its creator or a chat admin).
    Start,
    /// A round robin of pairs: enrol as the partner of the first person waiting for one (as
    /// the message of the press's version showed them).
    Partner,
}

/// What a press changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Show the press's page.
    Show,
    Lang(Lang),
    Timer(Option<u32>),
    /// Seconds before the person to move is pinged (`ChatSettings::ping_after`).
    Nudge(u32),
    Level(BotLevel),
    DefaultGame(Variant),
    Board(BoardMode),
    /// The expert's hints for people at new tables, on or off.
    Hints(bool),
    Preset(Option<Preset>),
    Target(u32),
    /// The set (highest pip) of the page's game: 6, 9, 12, 15 or 18 (traditional only
    /// beyond 6; the engine refuses the rest).
    Set(u8),
    /// How the chat's seasons run (the league page).
    Seasons(Cadence),
    /// The chat's clock (`None`: its language's); the league page.
    Zone(Option<Zone>),
    /// The weekly digest's day, or none; the league page.
    Digest(Option<Weekday>),
    /// The standings message kept current in the chat, on or off; the league page.
    StandingsPost(bool),
    /// The goat's and the champion's member tags (Telegram), on or off; the league page.
    GoatTag(bool),
    /// The goat's and the champion's roles (Discord), on or off; the league page.
    GoatRoles(bool),
    /// Switch one option of the page's game.
    Switch(&'static str),
    /// Exactly these options of the page's game on, the others off (a multi-select).
    Switches(Vec<&'static str>),
    /// Close the menu.
    Done,
    /// A tournament's button (on its page).
    Tour(TourAct),
}

/// One press on the menu.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MenuPress {
    /// The settings version the menu was drawn for.
    pub version: u64,
    pub page: Page,
    pub change: Change,
}

/// How a control is pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ControlKind {
    /// One item is the choice.
    Choice,
    /// Each item is on or off on its own.
    Switches,
}

/// A button (or a select-menu option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub label: String,
    pub press: MenuPress,
    /// The current choice, or a switch that is on.
    pub selected: bool,
}

/// A row of choices or switches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    pub label: String,
    pub kind: ControlKind,
    pub items: Vec<Item>,
    /// For a multi-select of switches: the press whose `Switches` the chosen options fill.
    pub all: Option<MenuPress>,
}

/// The menu message: the settings as text, the controls of its page, then the page buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub text: String,
    pub controls: Vec<Control>,
    pub nav: Vec<Item>,
}

impl Page {
    /// A tournament's page only for a tournament's id (ids start at 1).
    pub(crate) fn into_positive(self) -> Option<Page> {
        match self {
            Page::Tournament(id) if id <= 0 => None,
            page => Some(page),
        }
    }
}

impl Change {
    /// A change of the general page (language, timer, computer, default game, board, hints).
    pub(super) fn is_general(&self) -> bool {
        matches!(
            self,
            Change::Lang(_)
                | Change::Timer(_)
                | Change::Nudge(_)
                | Change::Level(_)
                | Change::DefaultGame(_)
                | Change::Board(_)
                | Change::Hints(_)
        )
    }

    /// A change of the league page (seasons, the clock).
    pub(super) fn is_league(&self) -> bool {
        matches!(
            self,
            Change::Seasons(_)
                | Change::Zone(_)
                | Change::Digest(_)
                | Change::StandingsPost(_)
                | Change::GoatTag(_)
                | Change::GoatRoles(_)
        )
    }

    /// A change that belongs to one kind of page (not showing a page or closing the menu).
    pub(super) fn is_general_or_game(&self) -> bool {
        !matches!(self, Change::Show | Change::Done | Change::Tour(_))
    }
}
