//! Settings menu presses: `s2:{version}:{page}:{change}`, at most 64 bytes; a tournament's
//! message is a page of its own (`t.{id}`: `tour.join`, `tour.leave`, `tour.start`, `tour.mate`,
//! `show`). Decoding accepts
//! exactly what encoding writes, for a change the menu draws on that page (the general
//! settings on the general page, a game's preset, target and switches on that game's page),
//! with a multi-select's values (distinct switch keys) only on `opts`.

use super::base36;
use crate::chat::menu::{CLOCKS, Change, MenuPress, OfferAct, Page, TIMERS, TourAct};
use crate::engine::rules::{OptionKind, Preset, option};
use crate::session::{BotLevel, Lang, TimeUp};
use crate::standings::{Cadence, Weekday, Zone};
use crate::store::{BoardMode, NUDGES, TableClock};

/// The format tag written first.
pub(super) const TAG: &str = "s2";

impl MenuPress {
    pub fn encode(&self) -> String {
        let page = match self.page {
            Page::General => "g".to_owned(),
            Page::More => "m".to_owned(),
            Page::Offer => "o".to_owned(),
            Page::League => "l".to_owned(),
            Page::Game(v) => v.key().to_owned(),
            Page::Tournament(id) => format!("t.{}", base36::write(id.unsigned_abs())),
        };
        let change = match &self.change {
            Change::Show => "show".to_owned(),
            Change::Lang(l) => format!("lang.{}", l.key()),
            Change::Timer(None) => "timer.off".to_owned(),
            Change::Timer(Some(s)) => format!("timer.{s}"),
            Change::Nudge(s) => format!("nudge.{s}"),
            Change::Level(l) => format!("level.{}", l.key()),
            Change::DefaultGame(v) => format!("game.{}", v.key()),
            Change::Board(b) => format!("board.{}", b.key()),
            Change::Hints(on) => format!("hints.{}", if *on { "on" } else { "off" }),
            Change::TimeUp(t) => format!("timeup.{}", t.key()),
            Change::Clock(TableClock::Preset) => "clock.preset".to_owned(),
            Change::Clock(TableClock::Off) => "clock.off".to_owned(),
            Change::Clock(TableClock::Rule(r)) => format!("clock.{}", r.text()),
            Change::Number(key, None) => format!("num.{key}.game"),
            Change::Number(key, Some(n)) => format!("num.{key}.{n}"),
            Change::Preset(None) => "preset.none".to_owned(),
            Change::Preset(Some(p)) => format!("preset.{}", p.key()),
            Change::Target(n) => format!("target.{n}"),
            Change::Set(n) => format!("set.{n}"),
            Change::Seasons(c) => format!("seasons.{}", c.key()),
            Change::Zone(None) => "zone.lang".to_owned(),
            Change::Zone(Some(z)) => match z.name() {
                Some(name) => format!("zone.{name}"),
                None => format!("zone.{}", z.minutes().unwrap_or(0)),
            },
            Change::Digest(None) => "digest.off".to_owned(),
            Change::Digest(Some(d)) => format!("digest.{}", d.index()),
            Change::DigestHour(h) => format!("dhour.{h}"),
            Change::StandingsPost(on) => format!("pin.{}", if *on { "on" } else { "off" }),
            Change::GoatTag(on) => format!("tag.{}", if *on { "on" } else { "off" }),
            Change::GoatRoles(on) => format!("role.{}", if *on { "on" } else { "off" }),
            Change::Switch(key) => format!("opt.{key}"),
            Change::Switches(_) => "opts".to_owned(),
            Change::Done => "done".to_owned(),
            Change::Tour(TourAct::Join) => "tour.join".to_owned(),
            Change::Tour(TourAct::Leave) => "tour.leave".to_owned(),
            Change::Tour(TourAct::Start) => "tour.start".to_owned(),
            Change::Tour(TourAct::Partner) => "tour.mate".to_owned(),
            Change::Offer(OfferAct::All) => "offer.all".to_owned(),
            Change::Offer(OfferAct::Choose) => "offer.pick".to_owned(),
            Change::Offer(OfferAct::No) => "offer.no".to_owned(),
        };
        let out = format!("{TAG}:{}:{page}:{change}", base36::write(self.version));
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
        let version = base36::read(parts.next()?)?;
        let page = match parts.next()? {
            "g" => Page::General,
            "m" => Page::More,
            "o" => Page::Offer,
            "l" => Page::League,
            t if t.starts_with("t.") => {
                let id = i64::try_from(base36::read(&t[2..])?).ok()?;
                Page::Tournament(id).into_positive()?
            }
            v => Page::Game(v.parse().ok()?),
        };
        let game = match page {
            Page::Game(v) => Some(v),
            Page::General | Page::More | Page::League | Page::Tournament(_) | Page::Offer => None,
        };
        let switch = |key: &str| -> Option<&'static str> {
            let spec = option(key)?;
            (spec.kind.is_switch() && spec.applies_to(game?)).then_some(spec.key)
        };
        let change = match parts.next()? {
            "show" => Change::Show,
            "done" => Change::Done,
            "timer.off" => Change::Timer(None),
            "clock.preset" => Change::Clock(TableClock::Preset),
            "clock.off" => Change::Clock(TableClock::Off),
            "zone.lang" => Change::Zone(None),
            "digest.off" => Change::Digest(None),
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
                    "nudge" => Change::Nudge(NUDGES.into_iter().find(|t| t.to_string() == arg)?),
                    "level" => Change::Level(BotLevel::from_key(arg)?),
                    "game" => Change::DefaultGame(arg.parse().ok()?),
                    "board" => Change::Board(BoardMode::from_key(arg)?),
                    "hints" => Change::Hints(on_off(arg)?),
                    "timeup" => Change::TimeUp(TimeUp::from_key(arg)?),
                    "pin" => Change::StandingsPost(on_off(arg)?),
                    "clock" => Change::Clock(TableClock::Rule(
                        CLOCKS.into_iter().find(|c| c.text() == arg)?,
                    )),
                    "num" => {
                        let (key, value) = arg.split_once('.')?;
                        let spec = option(key)?;
                        let own_control = matches!(spec.key, "target" | "set");
                        if spec.kind != OptionKind::Number || own_control {
                            return None;
                        }
                        spec.applies_to(game?).then_some(())?;
                        let value = match value {
                            "game" => None,
                            n => Some(spec.bound?.check(crate::bounds::digits(n)?).ok()?),
                        };
                        Change::Number(spec.key, value)
                    }
                    "offer" => Change::Offer(match arg {
                        "all" => OfferAct::All,
                        "pick" => OfferAct::Choose,
                        "no" => OfferAct::No,
                        _ => return None,
                    }),
                    "tag" => Change::GoatTag(on_off(arg)?),
                    "role" => Change::GoatRoles(on_off(arg)?),
                    "preset" => {
                        let p = Preset::ALL.into_iter().find(|p| p.key() == arg)?;
                        p.allowed_in(game?).then_some(Change::Preset(Some(p)))?
                    }
                    "target" => {
                        let n = crate::bounds::TARGET.check(crate::bounds::digits(arg)?).ok()?;
                        (n.to_string() == arg && game.is_some()).then_some(Change::Target(n))?
                    }
                    "set" => {
                        let n = crate::engine::rules::SETS
                            .into_iter()
                            .find(|n| n.to_string() == arg)?;
                        game.is_some().then_some(Change::Set(n))?
                    }
                    "seasons" => Change::Seasons(Cadence::from_key(arg)?),
                    // Minutes east of UTC (a fixed zone), or an IANA name as the database spells
                    // it; anything encode would write otherwise is refused below.
                    "zone" => Change::Zone(Some(match arg.parse::<i16>() {
                        Ok(minutes) => Zone::of_minutes(minutes)?,
                        Err(_) => Zone::named(arg)?,
                    })),
                    "dhour" => {
                        let h =
                            crate::bounds::DIGEST_HOUR.check(crate::bounds::digits(arg)?).ok()?;
                        Change::DigestHour(u8::try_from(h).ok()?)
                    }
                    "digest" => Change::Digest(Some(
                        Weekday::ALL.into_iter().find(|d| d.index().to_string() == arg)?,
                    )),
                    "opt" => Change::Switch(switch(arg)?),
                    "tour" => Change::Tour(match arg {
                        "join" => TourAct::Join,
                        "leave" => TourAct::Leave,
                        "start" => TourAct::Start,
                        "mate" => TourAct::Partner,
                        _ => return None,
                    }),
                    _ => return None,
                }
            }
        };
        if !values.is_empty() && !matches!(change, Change::Switches(_)) {
            return None;
        }
        // The general settings are drawn on the general page only, the league's on its page,
        // a game's on its own page.
        let on_its_page = match page {
            Page::General => change.on_first_page(),
            Page::More => change.on_more_page(),
            Page::Offer => matches!(change, Change::Offer(_)),
            Page::League => change.is_league(),
            Page::Game(_) => !change.is_general() && !change.is_league(),
            Page::Tournament(_) => matches!(change, Change::Tour(_)),
        };
        if !on_its_page && change.is_general_or_game() {
            return None;
        }
        // A tournament's buttons are on its page, and its page has nothing else but «show».
        let tour_page = matches!(page, Page::Tournament(_));
        if matches!(change, Change::Tour(_)) != tour_page && !(tour_page && change == Change::Show)
        {
            return None;
        }
        // The offer's buttons are on its message alone, and it has nothing else.
        if matches!(change, Change::Offer(_)) != (page == Page::Offer) {
            return None;
        }
        let press = MenuPress { version, page, change };
        // One string per press: anything encode would write differently is refused.
        (press.encode() == s).then_some(press)
    }
}

/// A switch's value as a press writes it.
fn on_off(arg: &str) -> Option<bool> {
    match arg {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}
