//! The chat's settings menu as data: pages of controls (pick one, or switches), each item
//! with its label and the press it makes, drawn by Telegram as an inline keyboard and by
//! Discord as select menus and buttons. Presses carry the settings version they were drawn
//! for; their codec is `press::menu`. Drawn in `draw` (the league page in `league`), applied to
//! the chat's settings in `apply`; `/settings` and its presses are `settings`.

use crate::engine::rules::{Preset, Variant};
use crate::session::ClockRule;
use crate::session::{BotLevel, Lang, TimeUp};
use crate::standings::{Cadence, Weekday, Zone};
use crate::store::{BoardMode, TableClock};

mod apply;
pub(super) mod draw;
pub(super) mod league;
pub(super) mod more;
pub(super) mod offer;
mod settings;

/// Turn timers a chat can choose, in seconds (`None`: no timer). A group that chose none has
/// `store::GROUP_TURN_SECS`, one of these.
pub const TIMERS: [Option<u32>; 7] =
    [None, Some(30), Some(60), Some(90), Some(120), Some(300), Some(600)];

/// Match clocks a chat can make its tables' default (minutes per side, seconds a move; each
/// within `bounds::CLOCK_MINUTES` and `bounds::CLOCK_INCREMENT`), beside «by the preset» and
/// «none».
pub const CLOCKS: [ClockRule; 4] = [clock(5, 3), ClockRule::SPORT, clock(15, 10), clock(25, 10)];

const fn clock(minutes: u32, increment_secs: u32) -> ClockRule {
    ClockRule { bank_secs: minutes * 60, increment_secs, on_flag: crate::session::OnFlag::Lose }
}

/// A page of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// The first page: what a chat changes most (language, default game, turn timer, seasons).
    General,
    /// The rest of the chat's defaults for new tables (`more`): the turn reminder, the
    /// computer, how the board is shown, hints, the match clock.
    More,
    /// One game's preset, target and options.
    Game(Variant),
    /// The chat's league: how its seasons run, its clock.
    League,
    /// A tournament's message (its id): enrol, withdraw, start, show it anew.
    Tournament(i64),
    /// The offer of the league made once to a chat after its fifth match (`offer`).
    Offer,
}

/// What a press on the league's offer answers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OfferAct {
    /// Monthly seasons, the standings message and the weekly digest, all on.
    All,
    /// The settings' league page instead, to choose.
    Choose,
    /// Nothing changes.
    No,
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
    /// What the turn timer running out does at new tables.
    TimeUp(TimeUp),
    /// The expert's hints for people at new tables, on or off.
    Hints(bool),
    /// The match clock of new tables.
    Clock(TableClock),
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
    /// The hour (the chat's clock) of the weekly digest; the league page.
    DigestHour(u8),
    /// The standings message kept current in the chat, on or off; the league page.
    StandingsPost(bool),
    /// The goat's and the champion's member tags (Telegram), on or off; the league page.
    GoatTag(bool),
    /// A number option of the page's game other than the target and the set (`deal`,
    /// `start_threshold`), by its key: this value, or (`None`) the game's own.
    Number(&'static str, Option<u32>),
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
    /// The league offer's button (on its page).
    Offer(OfferAct),
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
    /// A change drawn on the first page (language, default game, timer; the seasons too).
    pub(super) fn on_first_page(&self) -> bool {
        matches!(
            self,
            Change::Lang(_) | Change::Timer(_) | Change::DefaultGame(_) | Change::Seasons(_)
        )
    }

    /// A change of the page of more defaults (reminder, computer, board, hints, clock).
    pub(super) fn on_more_page(&self) -> bool {
        matches!(
            self,
            Change::Nudge(_)
                | Change::TimeUp(_)
                | Change::Level(_)
                | Change::Board(_)
                | Change::Hints(_)
                | Change::Clock(_)
        )
    }

    /// A change of the chat's own settings, not of a game (either page above).
    pub(super) fn is_general(&self) -> bool {
        self.on_first_page() || self.on_more_page()
    }

    /// A change of the league page (seasons, the clock).
    pub(super) fn is_league(&self) -> bool {
        matches!(
            self,
            Change::Seasons(_)
                | Change::Zone(_)
                | Change::Digest(_)
                | Change::DigestHour(_)
                | Change::StandingsPost(_)
                | Change::GoatTag(_)
                | Change::GoatRoles(_)
        )
    }

    /// A change that belongs to one kind of page (not showing a page or closing the menu).
    pub(super) fn is_general_or_game(&self) -> bool {
        !matches!(self, Change::Show | Change::Done | Change::Tour(_) | Change::Offer(_))
    }
}
