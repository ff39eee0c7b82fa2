//! Tests of `refusal`.
use super::*;
use crate::engine::board::Arm;
use crate::engine::rules::{Teams, Variant};
use crate::engine::tile::Tile;

fn rules_errors() -> Vec<RulesError> {
    let v = Variant::Kozel;
    vec![
        RulesError::UnknownVariant("x".into()),
        RulesError::UnknownOption { key: "eggs".into(), variant: v },
        RulesError::BadValue { key: "target", expected: "x" },
        RulesError::UnknownPreset("x".into()),
        RulesError::PresetNotInVariant { preset: "troshin", variant: v },
        RulesError::TroshinWithPlain,
        RulesError::TeamsDisagree("none", "pairs"),
        RulesError::Players { variant: v, teams: Teams::Pairs, seats: 3 },
        RulesError::DealTooLarge { deal: 9, seats: 4 },
        RulesError::NotAnObject,
        RulesError::OutOfRange(crate::bounds::TARGET.check(5000).unwrap_err()),
    ]
}

#[test]
fn every_refusal_has_a_short_text_in_both_languages() {
    let t = Tile::new(6, 5);
    let moves = [
        MoveError::MatchOver,
        MoveError::RoundOver,
        MoveError::NotYourTurn,
        MoveError::NoSuchSeat,
        MoveError::NotInHand,
        MoveError::LeadFirst,
        MoveError::AlreadyLed,
        MoveError::MustLead(t),
        MoveError::MustLeadDouble,
        MoveError::LeadIsSingle,
        MoveError::LeadNotClosable,
        MoveError::DoesNotFit(t, Arm::Up),
        MoveError::ArmClosed(Arm::Left),
        MoveError::NoSuchArm(Arm::Down),
        MoveError::FitsNowhere(t),
        MoveError::Ambiguous(t),
        MoveError::CannotClose,
        MoveError::PlayLength,
        MoveError::OneTilePerPlay,
        MoveError::ExactlyTwoDoubles,
        MoveError::TooManyTiles,
        MoveError::OnlyDoublesTogether,
        MoveError::SameTileTwice,
        MoveError::OneDoublePerArm,
        MoveError::DrawWhileHolding,
        MoveError::BazaarEmpty,
        MoveError::PassWhileHolding,
        MoveError::PassWhileBazaar,
        MoveError::NaSto,
        MoveError::Malformed("x".into()),
    ];
    let mut all: Vec<Rejection> = vec![
        Rejection::Stale,
        Rejection::Closed,
        Rejection::NotSeated,
        Rejection::AlreadySeated,
        Rejection::SeatTaken,
        Rejection::NoSuchSeat,
        Rejection::Full,
        Rejection::NotHost,
        Rejection::NotHostOrAdmin,
        Rejection::FixtureTable,
        Rejection::NotStarted,
        Rejection::AlreadyStarted,
        Rejection::MatchOver,
        Rejection::NotYourTurn,
        Rejection::Away,
        Rejection::NotAway,
        Rejection::NotInvited,
        Rejection::PrivateTable,
        Rejection::NoChallenge,
        Rejection::NoHumans,
        Rejection::NotDue,
        Rejection::AlreadyVoted,
        Rejection::ResignPending,
        Rejection::NoResignVote,
        Rejection::NotPartner,
        Rejection::Paused,
        Rejection::NotPaused,
        Rejection::SystemOnly,
        Rejection::AdminsOnly,
        Rejection::OutOfTime,
        Rejection::NotPairs,
        Rejection::SideFull,
        Rejection::BadClock,
        Rejection::HintsOff,
        Rejection::NoChoice,
        Rejection::HintGiven,
        Rejection::AdviceLater { secs: 21 },
        Rejection::SeatsTaken { size: 2 },
        Rejection::TooManyTables { limit: 8 },
        Rejection::TooManyLobbies { limit: 3 },
        Rejection::TooManySeats { limit: 4 },
        Rejection::BadTimer,
    ];
    all.extend(moves.into_iter().map(Rejection::Move));
    all.extend(rules_errors().into_iter().map(Rejection::Rules));
    for r in &all {
        let (ru, en) = (rejection_text(r, Lang::Ru), rejection_text(r, Lang::En));
        for text in [&ru, &en] {
            assert!(!text.is_empty() && text.chars().count() <= 200, "{r:?}: {text}");
        }
        assert_ne!(ru, en, "{r:?} is not translated");
    }
}
