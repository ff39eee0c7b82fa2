//! The chat's settings menu as data: pages of controls (pick one, or switches), each item
//! with its label and the press it makes, drawn by Telegram as an inline keyboard and by
//! Discord as select menus and buttons. Presses carry the settings version they were drawn
//! for: `s2:{version}:{page}:{change}`, at most 64 bytes; decoding accepts exactly what
//! encoding writes, for a change the menu draws on that page (the general settings on the
//! general page, a game's preset, target and switches on that game's page), with a
//! multi-select's values (distinct switch keys) only on `opts`.

use crate::engine::rules::{Preset, Variant, option};
use crate::session::{BotLevel, Lang};
use crate::store::BoardMode;

/// The format tag written first.
const TAG: &str = "s2";

/// Turn timers a chat can choose, in seconds (`None`: no timer).
pub const TIMERS: [Option<u32>; 6] = [None, Some(30), Some(60), Some(120), Some(300), Some(600)];

/// A page of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// Language, timer, computer, default game, how the board is shown, hints.
    General,
    /// One game's preset, target and options.
    Game(Variant),
}

/// What a press changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Show the press's page.
    Show,
    Lang(Lang),
    Timer(Option<u32>),
    Level(BotLevel),
    DefaultGame(Variant),
    Board(BoardMode),
    /// The expert's hints for people at new tables, on or off.
    Hints(bool),
    Preset(Option<Preset>),
    Target(u32),
    /// Switch one option of the page's game.
    Switch(&'static str),
    /// Exactly these options of the page's game on, the others off (a multi-select).
    Switches(Vec<&'static str>),
    /// Close the menu.
    Done,
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

impl MenuPress {
    pub fn encode(&self) -> String {
        let page = match self.page {
            Page::General => "g",
            Page::Game(v) => v.key(),
        };
        let change = match &self.change {
            Change::Show => "show".to_owned(),
            Change::Lang(l) => format!("lang.{}", l.key()),
            Change::Timer(None) => "timer.off".to_owned(),
            Change::Timer(Some(s)) => format!("timer.{s}"),
            Change::Level(l) => format!("level.{}", l.key()),
            Change::DefaultGame(v) => format!("game.{}", v.key()),
            Change::Board(b) => format!("board.{}", b.key()),
            Change::Hints(on) => format!("hints.{}", if *on { "on" } else { "off" }),
            Change::Preset(None) => "preset.none".to_owned(),
            Change::Preset(Some(p)) => format!("preset.{}", p.key()),
            Change::Target(n) => format!("target.{n}"),
            Change::Switch(key) => format!("opt.{key}"),
            Change::Switches(_) => "opts".to_owned(),
            Change::Done => "done".to_owned(),
        };
        let out = format!("{TAG}:{}:{page}:{change}", base36(self.version));
        debug_assert!(out.len() <= 64);
        out
    }

    /// Reads a press written by [`MenuPress::encode`]; `values` are a multi-select's choices
    /// (none for any other press).
    pub fn decode(s: &str, values: &[String]) -> Option<MenuPress> {
        if s.len() > 64 {
            return None;
        }
        let distinct = values.iter().enumerate().all(|(i, v)| !values[..i].contains(v));
        if !distinct {
            return None;
        }
        let mut parts = s.splitn(4, ':');
        if parts.next() != Some(TAG) {
            return None;
        }
        let version = parse_base36(parts.next()?)?;
        let page = match parts.next()? {
            "g" => Page::General,
            v => Page::Game(v.parse().ok()?),
        };
        let game = match page {
            Page::Game(v) => Some(v),
            Page::General => None,
        };
        let switch = |key: &str| -> Option<&'static str> {
            let spec = option(key)?;
            (spec.kind.is_switch() && spec.applies_to(game?)).then_some(spec.key)
        };
        let change = match parts.next()? {
            "show" => Change::Show,
            "done" => Change::Done,
            "timer.off" => Change::Timer(None),
            "preset.none" if game.is_some() => Change::Preset(None),
            "opts" => {
                let keys: Option<Vec<&'static str>> = values.iter().map(|v| switch(v)).collect();
                Change::Switches(keys?)
            }
            other => {
                let (kind, arg) = other.split_once('.')?;
                match kind {
                    "lang" => Change::Lang(Lang::from_key(arg)?),
                    "timer" => Change::Timer(Some(
                        TIMERS.into_iter().flatten().find(|t| t.to_string() == arg)?,
                    )),
                    "level" => Change::Level(BotLevel::from_key(arg)?),
                    "game" => Change::DefaultGame(arg.parse().ok()?),
                    "board" => Change::Board(BoardMode::from_key(arg)?),
                    "hints" => Change::Hints(match arg {
                        "on" => true,
                        "off" => false,
                        _ => return None,
                    }),
                    "preset" => {
                        let p = Preset::ALL.into_iter().find(|p| p.key() == arg)?;
                        p.allowed_in(game?).then_some(Change::Preset(Some(p)))?
                    }
                    "target" => {
                        let n = crate::bounds::TARGET.check(crate::bounds::digits(arg)?).ok()?;
                        (n.to_string() == arg && game.is_some()).then_some(Change::Target(n))?
                    }
                    "opt" => Change::Switch(switch(arg)?),
                    _ => return None,
                }
            }
        };
        if !values.is_empty() && !matches!(change, Change::Switches(_)) {
            return None;
        }
        // The general settings are drawn on the general page only, a game's on its own page.
        if change.is_general() != (page == Page::General) && change.is_general_or_game() {
            return None;
        }
        let press = MenuPress { version, page, change };
        // One string per press: anything encode would write differently is refused.
        (press.encode() == s).then_some(press)
    }
}

impl Change {
    /// A change of the general page (language, timer, computer, default game, board, hints).
    fn is_general(&self) -> bool {
        matches!(
            self,
            Change::Lang(_)
                | Change::Timer(_)
                | Change::Level(_)
                | Change::DefaultGame(_)
                | Change::Board(_)
                | Change::Hints(_)
        )
    }

    /// A change that belongs to one kind of page (not showing a page or closing the menu).
    fn is_general_or_game(&self) -> bool {
        !matches!(self, Change::Show | Change::Done)
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

fn parse_base36(s: &str) -> Option<u64> {
    if s.is_empty() || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    if !s.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()) {
        return None;
    }
    u64::from_str_radix(s, 36).ok()
}
