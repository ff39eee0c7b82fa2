//! Button data: what a pressed button asks of which table, drawn for which version.
//!
//! Written `1:{table}:{version}:{action}` — the format tag `1`, the table id and version in
//! base 36 (lowercase, no leading zeros, the id may be negative), then the action code, e.g.
//! `1:2s:b:m.P35r`. At most 64 ASCII bytes (Telegram's callback data limit). Decoding accepts
//! exactly what encoding writes: every other string is refused, never a panic. Like a move
//! code, decoded data is only a request: the session checks it against the stored table.

use super::base36;
use crate::engine::moves::Move;
use crate::engine::rules::{Rules, Variant};
use crate::session::{Action, BotLevel, Lang, Rotation};
use std::fmt::Write;

/// The format tag written first.
pub(super) const TAG: &str = "1";
/// Telegram's limit on callback data.
pub const MAX_LEN: usize = 64;

/// What a button asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ButtonAction {
    Join,
    Leave,
    AddBot,
    RemoveBot(u8),
    Start,
    /// Show me my tiles (privately).
    Hand,
    /// Show me this page (0-based) of my hand's move buttons (`view::hand_page`).
    HandPage(u8),
    /// The expert's hint for my move (on the hand; worked out by the service, not a command
    /// the button can carry).
    Hint,
    Move(Move),
    Resign,
    /// The partner asked agrees to resign the pair's match.
    ResignYes,
    /// The partner asked refuses to resign.
    ResignNo,
    /// Vote to pause the match.
    Pause,
    /// Resume a paused match.
    Resume,
    VoteEnd,
    End,
    Rematch,
    Back,
    Accept,
    Decline,
    /// Settings (host, lobby).
    Lang(Lang),
    /// Seconds per turn; `None` turns the timer off.
    Timer(Option<u32>),
    Level(BotLevel),
    Variant(Variant),
    Size(u8),
    /// Pairs: sit on this side (0: N/S, 1: E/W).
    Side(u8),
    /// Swap these two seats (host, lobby).
    Swap(u8, u8),
    /// Shuffle the seats by lot (host, lobby).
    Shuffle,
    /// Get in line for a seat, or out of it (a table with a queue).
    Queue,
    /// Set the table's queue (host, lobby or between matches): `None` is none.
    Rotation(Option<Rotation>),
    /// Show me the table I watch as it is now (a spectator's view: `chat::tables::watch`).
    Watch,
    /// Stop watching the table (a spectator's view).
    Unwatch,
}

impl ButtonAction {
    /// Whether a press is taken from any version of its table: only «My tiles» and its pages
    /// («◀», «▶»), which change nothing and show the presser's own hand as it is now, and a
    /// spectator's «🔄» and «⏹», which change no table (`chat::tables::watch`). Every other press — seats,
    /// lobby settings, start, moves, the hint, resign and its answers, pause, resume, vote to
    /// end, end, rematch, back, accept, decline — means something only on the version it was drawn for, and any other is
    /// refused as out of date (ARCHITECTURE.md, Invariants).
    pub const fn any_version(self) -> bool {
        matches!(
            self,
            ButtonAction::Hand
                | ButtonAction::HandPage(_)
                | ButtonAction::Watch
                | ButtonAction::Unwatch
        )
    }

    /// The command a button asks of its table; `None` for «my tiles», which only shows, and
    /// for the hint, which the chat layer asks of the service.
    pub fn action(self) -> Option<Action> {
        let configure = |rules, size, turn_secs, lang, bot_level| Action::Configure {
            rules,
            size,
            turn_secs,
            lang,
            bot_level,
        };
        Some(match self {
            ButtonAction::Hand
            | ButtonAction::HandPage(_)
            | ButtonAction::Hint
            | ButtonAction::Watch
            | ButtonAction::Unwatch => return None,
            ButtonAction::Join => Action::Join { seat: None },
            ButtonAction::Leave => Action::Leave,
            ButtonAction::AddBot => Action::AddBot { seat: None },
            ButtonAction::RemoveBot(seat) => Action::RemoveBot { seat },
            ButtonAction::Start => Action::Start,
            ButtonAction::Move(mv) => Action::Move { mv },
            ButtonAction::Resign => Action::Resign,
            ButtonAction::ResignYes => Action::AgreeResign,
            ButtonAction::ResignNo => Action::RefuseResign,
            ButtonAction::Pause => Action::VotePause,
            ButtonAction::Resume => Action::Resume,
            ButtonAction::VoteEnd => Action::VoteEnd,
            ButtonAction::End => Action::End,
            ButtonAction::Rematch => Action::Rematch,
            ButtonAction::Back => Action::Back,
            ButtonAction::Accept => Action::Accept,
            ButtonAction::Decline => Action::Decline,
            ButtonAction::Lang(l) => configure(None, None, None, Some(l), None),
            ButtonAction::Timer(t) => configure(None, None, Some(t), None, None),
            ButtonAction::Level(l) => configure(None, None, None, None, Some(l)),
            ButtonAction::Variant(v) => configure(Some(Rules::new(v)), None, None, None, None),
            ButtonAction::Size(n) => configure(None, Some(n), None, None, None),
            ButtonAction::Side(side) => Action::SitSide { side },
            ButtonAction::Swap(a, b) => Action::SwapSeats { a, b },
            ButtonAction::Shuffle => Action::Shuffle,
            ButtonAction::Queue => Action::Queue,
            ButtonAction::Rotation(rotation) => Action::SetRotation { rotation },
        })
    }
}

/// One button's data.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ButtonData {
    pub table: i64,
    pub version: u64,
    pub action: ButtonAction,
}

/// Button data that is not ours or not well formed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadButton {
    #[error("button data longer than {MAX_LEN} bytes")]
    TooLong,
    #[error("unknown button data format")]
    Format,
    #[error("bad table number in button data")]
    Table,
    #[error("bad version in button data")]
    Version,
    #[error("unknown button action")]
    Action,
}

impl ButtonData {
    pub fn new(table: i64, version: u64, action: ButtonAction) -> ButtonData {
        ButtonData { table, version, action }
    }

    /// The data string, at most 64 ASCII bytes.
    pub fn encode(&self) -> String {
        let mut out = String::with_capacity(48);
        out.push_str(TAG);
        out.push(':');
        base36::push_signed(&mut out, self.table);
        out.push(':');
        base36::push(&mut out, self.version);
        out.push(':');
        push_action(&mut out, &self.action);
        debug_assert!(out.len() <= MAX_LEN && out.is_ascii());
        out
    }

    /// Reads data written by [`ButtonData::encode`]; anything else is refused.
    pub fn decode(s: &str) -> Result<ButtonData, BadButton> {
        if s.len() > MAX_LEN {
            return Err(BadButton::TooLong);
        }
        let mut parts = s.splitn(4, ':');
        if parts.next() != Some(TAG) {
            return Err(BadButton::Format);
        }
        let (Some(table), Some(version), Some(action)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(BadButton::Format);
        };
        let table = base36::read_signed(table).ok_or(BadButton::Table)?;
        let version = base36::read(version).ok_or(BadButton::Version)?;
        let action = parse_action(action).ok_or(BadButton::Action)?;
        Ok(ButtonData { table, version, action })
    }
}

fn push_action(out: &mut String, action: &ButtonAction) {
    let simple = match action {
        ButtonAction::Join => "join",
        ButtonAction::Leave => "leave",
        ButtonAction::AddBot => "bot",
        ButtonAction::Start => "start",
        ButtonAction::Hand => "hand",
        ButtonAction::Hint => "hint",
        ButtonAction::Resign => "resign",
        ButtonAction::ResignYes => "resign.yes",
        ButtonAction::ResignNo => "resign.no",
        ButtonAction::Pause => "pause",
        ButtonAction::Resume => "resume",
        ButtonAction::VoteEnd => "vote",
        ButtonAction::End => "end",
        ButtonAction::Rematch => "again",
        ButtonAction::Back => "back",
        ButtonAction::Accept => "yes",
        ButtonAction::Decline => "no",
        ButtonAction::Shuffle => "shuffle",
        ButtonAction::Queue => "queue",
        ButtonAction::Rotation(None) => "rot.off",
        ButtonAction::Rotation(Some(r)) => {
            return write!(out, "rot.{}", r.key()).expect("to a string");
        }
        ButtonAction::Watch => "watch",
        ButtonAction::Unwatch => "unwatch",
        ButtonAction::Side(side) => return write!(out, "side.{side}").expect("to a string"),
        ButtonAction::HandPage(page) => return write!(out, "page.{page}").expect("to a string"),
        ButtonAction::Swap(a, b) => return write!(out, "swap.{a}.{b}").expect("to a string"),
        ButtonAction::RemoveBot(seat) => return write!(out, "unbot.{seat}").expect("to a string"),
        ButtonAction::Move(mv) => return write!(out, "m.{mv}").expect("to a string"),
        ButtonAction::Lang(lang) => {
            return write!(out, "lang.{}", lang.key()).expect("to a string");
        }
        ButtonAction::Timer(None) => "timer.off",
        ButtonAction::Timer(Some(secs)) => {
            return write!(out, "timer.{secs}").expect("to a string");
        }
        ButtonAction::Level(level) => {
            return write!(out, "level.{}", level.key()).expect("to a string");
        }
        ButtonAction::Variant(v) => {
            return write!(out, "variant.{}", v.key()).expect("to a string");
        }
        ButtonAction::Size(n) => return write!(out, "size.{n}").expect("to a string"),
    };
    out.push_str(simple);
}

fn parse_action(s: &str) -> Option<ButtonAction> {
    let action = match s {
        "join" => ButtonAction::Join,
        "leave" => ButtonAction::Leave,
        "bot" => ButtonAction::AddBot,
        "start" => ButtonAction::Start,
        "hand" => ButtonAction::Hand,
        "hint" => ButtonAction::Hint,
        "resign" => ButtonAction::Resign,
        "resign.yes" => ButtonAction::ResignYes,
        "resign.no" => ButtonAction::ResignNo,
        "pause" => ButtonAction::Pause,
        "resume" => ButtonAction::Resume,
        "vote" => ButtonAction::VoteEnd,
        "end" => ButtonAction::End,
        "again" => ButtonAction::Rematch,
        "back" => ButtonAction::Back,
        "yes" => ButtonAction::Accept,
        "no" => ButtonAction::Decline,
        "shuffle" => ButtonAction::Shuffle,
        "queue" => ButtonAction::Queue,
        "rot.off" => ButtonAction::Rotation(None),
        "watch" => ButtonAction::Watch,
        "unwatch" => ButtonAction::Unwatch,
        "timer.off" => ButtonAction::Timer(None),
        _ => {
            let (tag, arg) = s.split_once('.')?;
            match tag {
                "unbot" => ButtonAction::RemoveBot(parse_decimal(arg)?.try_into().ok()?),
                "m" => {
                    let mv: Move = arg.parse().ok()?;
                    // One code per move: "P53r" names the same play as "P35r" and is refused.
                    (mv.to_string() == arg).then_some(ButtonAction::Move(mv))?
                }
                "lang" => ButtonAction::Lang(Lang::from_key(arg)?),
                "rot" => ButtonAction::Rotation(Some(Rotation::from_key(arg)?)),
                "timer" => ButtonAction::Timer(Some(parse_decimal(arg)?.try_into().ok()?)),
                "level" => ButtonAction::Level(BotLevel::from_key(arg)?),
                "variant" => ButtonAction::Variant(arg.parse().ok()?),
                "size" => ButtonAction::Size(parse_decimal(arg)?.try_into().ok()?),
                "side" => ButtonAction::Side(parse_decimal(arg)?.try_into().ok()?),
                "page" => ButtonAction::HandPage(parse_decimal(arg)?.try_into().ok()?),
                "swap" => {
                    let (a, b) = arg.split_once('.')?;
                    let seat = |t: &str| u8::try_from(parse_decimal(t)?).ok();
                    ButtonAction::Swap(seat(a)?, seat(b)?)
                }
                _ => return None,
            }
        }
    };
    Some(action)
}

/// A canonical number in `radix`: digits only, no sign, no leading zero, no overflow.
fn parse_radix(s: &str, radix: u32) -> Option<u64> {
    let b = s.as_bytes();
    if b.is_empty() || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    b.iter().try_fold(0u64, |acc, &c| {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' => c - b'a' + 10,
            _ => return None,
        } as u32;
        if d >= radix {
            return None;
        }
        acc.checked_mul(radix as u64)?.checked_add(d as u64)
    })
}

fn parse_decimal(s: &str) -> Option<u64> {
    parse_radix(s, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        let mv: Move = "P22lc55u".parse().unwrap();
        let data = ButtonData::new(100, 11, ButtonAction::Move(mv));
        assert_eq!(data.encode(), "1:2s:b:m.P22lc55u");
        assert_eq!(ButtonData::new(-1, 0, ButtonAction::Join).encode(), "1:-1:0:join");
        let page = ButtonData::new(5, 0, ButtonAction::HandPage(11));
        assert_eq!(page.encode(), "1:5:0:page.11");
        assert_eq!(ButtonData::decode("1:5:0:page.11"), Ok(page));
        let max = ButtonData::new(i64::MIN, u64::MAX, ButtonAction::Timer(Some(u32::MAX)));
        assert_eq!(ButtonData::decode(&max.encode()), Ok(max));
        for bad in [
            "",
            "1",
            "1:1:1",
            "2:1:1:join",
            "1:01:1:join",
            "1:-0:1:join",
            "1:A:1:join",
            "1:1:1:joinx",
            "1:1:1:m.P53r",
            "1:1:1:unbot.256",
            "1:1:1:unbot.01",
            "1:1:1:timer.",
            "1:1:1:lang.de",
            "1:1:1:side.",
            "1:1:1:side.01",
            "1:1:1:swap.1",
            "1:1:1:swap.1.",
            "1:1:1:swap.1.256",
            "1:1:1:swap.1.2.3",
            "1:1:1:shuffle.1",
            "1:1:1:hint.1",
            "1:1:1:page.",
            "1:1:1:page.01",
            "1:1:1:page.256",
            "1:1:1:page",
            "1:1:1:resign.",
            "1:1:1:resign.maybe",
            "1:1:1:pause.1",
            "1:1:1:queue.1",
            "1:1:1:rot.",
            "1:1:1:rot.Queue",
            "1:1:1:rot.knockout",
            "1:1:1:watch.1",
            "1:1:1:unwatch.",
            "1:1:1:join:",
            "1:1:3w5e11264sgsg:join",
            "1:1y2p0ij32e8e8:0:join",
            "1:+1:1:join",
            " 1:1:1:join",
        ] {
            assert!(ButtonData::decode(bad).is_err(), "{bad:?} decoded");
        }
        assert_eq!(ButtonData::decode("1:-1y2p0ij32e8e8:0:join").map(|d| d.table), Ok(i64::MIN));
    }
}
