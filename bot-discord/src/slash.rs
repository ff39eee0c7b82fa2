//! A `/domino …` interaction read into the chat layer's request: the subcommand by its key in
//! the core's catalog, each option by its argument's kind. Nothing is decided here.

use domino_core::chat::{ArgKind, Args, Opponent, Request, catalog, words};
use serenity::model::application::{CommandInteraction, ResolvedOption, ResolvedValue};

/// What Discord says of the user a command names (its user option): whether they are a member
/// of the server (Discord resolves a member only for members); `None` when none is named.
pub fn invitee_member(cmd: &CommandInteraction) -> Option<bool> {
    let options = cmd.data.options();
    let [ResolvedOption { value: ResolvedValue::SubCommand(opts), .. }] = options.as_slice() else {
        return None;
    };
    opts.iter().find_map(|o| match &o.value {
        ResolvedValue::User(_, member) => Some(member.is_some()),
        _ => None,
    })
}

/// Reads the interaction; `None` when it is not a `/domino` subcommand of the catalog.
pub fn parse(cmd: &CommandInteraction, bot: Option<u64>) -> Option<Request> {
    if cmd.data.name != crate::register::NAME {
        return None;
    }
    let options = cmd.data.options();
    let [ResolvedOption { name, value: ResolvedValue::SubCommand(opts), .. }] = options.as_slice()
    else {
        return None;
    };
    let spec = catalog::COMMANDS
        .iter()
        .find(|c| c.key == *name && c.offered_on(domino_core::ids::Platform::Discord))?;
    let mut args = Args::default();
    for o in opts {
        let arg = spec.args.iter().find(|a| a.key == o.name)?;
        match (arg.kind, &o.value) {
            (ArgKind::Game, ResolvedValue::String(s)) => args.game = Some(s.parse().ok()?),
            (ArgKind::Players, ResolvedValue::Integer(n)) => {
                args.players = Some(typed(*n).min(u8::MAX.into()) as u8)
            }
            (ArgKind::Pairs, ResolvedValue::Boolean(b)) => {
                if *b {
                    args.set_pairs()
                }
            }
            (ArgKind::Preset, ResolvedValue::String(s)) => args.add_preset_key(s)?,
            (ArgKind::Target, ResolvedValue::Integer(n)) => args.set_target(typed(*n)),
            (ArgKind::Set, ResolvedValue::String(s)) => args.set_set(s.parse().ok()?),
            (ArgKind::Options, ResolvedValue::String(s)) => {
                if let Err(e) = words::rule_words(&mut args, s) {
                    return Some(Request::Unreadable(spec.cmd, e));
                }
            }
            (ArgKind::Opponent, ResolvedValue::User(user, member)) => {
                if Some(user.id.get()) == bot {
                    args.computer = true;
                } else {
                    let person = crate::people::partial_person(user, *member);
                    args.opponent = Some(Opponent::Person(person));
                }
            }
            (ArgKind::Computer, ResolvedValue::Boolean(b)) => args.computer = *b,
            (ArgKind::Table, ResolvedValue::Integer(n)) => args.table = Some(typed(*n)),
            (ArgKind::Season, ResolvedValue::Integer(n)) => args.season = Some(typed(*n)),
            (ArgKind::PairsTable, ResolvedValue::Boolean(b)) => args.pairs_table = *b,
            (ArgKind::AllTime, ResolvedValue::Boolean(b)) => args.all_time = *b,
            (ArgKind::NewSeason, ResolvedValue::Boolean(b)) => args.new_season = *b,
            (ArgKind::NewLink, ResolvedValue::Boolean(b)) => args.new_link = *b,
            (ArgKind::Thread, ResolvedValue::Boolean(b)) => args.thread = *b,
            (ArgKind::Count, ResolvedValue::Integer(n)) => args.count = Some(typed(*n)),
            (ArgKind::Ago, ResolvedValue::Integer(n)) => args.ago = Some(typed(*n)),
            (ArgKind::TourFormat, ResolvedValue::String(s)) => {
                args.tour = Some(domino_core::chat::TourKind::from_key(s)?)
            }
            (ArgKind::Days, ResolvedValue::Integer(n)) => args.days = Some(typed(*n)),
            (ArgKind::Minutes, ResolvedValue::Integer(n)) => args.minutes = Some(typed(*n)),
            (ArgKind::Streak, ResolvedValue::Boolean(b)) => args.streak = *b,
            (ArgKind::Rounds, ResolvedValue::Integer(n)) => args.rounds = Some(typed(*n)),
            (ArgKind::Zone, ResolvedValue::String(s)) => args.zone = Some((*s).to_owned()),
            (ArgKind::Round, ResolvedValue::Integer(n)) => args.round = Some(typed(*n)),
            (ArgKind::Pings, ResolvedValue::String(s)) => {
                args.pings = Some(domino_core::chat::PingMode::from_key(s)?)
            }
            _ => return None,
        }
    }
    Some(Request::Command(spec.cmd, args))
}

/// A typed integer as the core's `u32`, saturated: the core refuses it with its range
/// (`Args::check_bounds`) rather than the request being dropped here.
fn typed(n: i64) -> u32 {
    n.clamp(0, i64::from(u32::MAX)) as u32
}
