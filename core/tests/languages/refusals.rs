//! Every refusal, rendered from every variant of its enum, in each language.

use super::*;
use domino_core::engine::board::Arm;
use domino_core::engine::moves::MoveError;
use domino_core::engine::rules::{RulesError, Teams, Variant};
use domino_core::engine::tile::Tile;
use domino_core::session::Rejection;
use domino_core::view::{move_error_text, rejection_text, rules_error_text};

fn tile(a: u8, b: u8) -> Tile {
    Tile::new(a, b)
}

fn rejections(lang: Lang) -> Vec<Rejection> {
    use Rejection::*;
    let mut all = vec![
        Stale,
        Closed,
        NotSeated,
        AlreadySeated,
        SeatTaken,
        NoSuchSeat,
        Full,
        NotHost,
        NotHostOrAdmin,
        NotStarted,
        AlreadyStarted,
        MatchOver,
        NotYourTurn,
        Away,
        NotAway,
        NotInvited,
        PrivateTable,
        NoChallenge,
        NoHumans,
        NotDue,
        AlreadyVoted,
        TooManyTables { limit: 8 },
        TooManyLobbies { limit: 3 },
        SeatsTaken { size: 2 },
        BadTimer,
        SystemOnly,
        AdminsOnly,
        HintsOff,
        NoChoice,
        HintGiven,
        AdviceLater { secs: 42 },
    ];
    all.extend(rules_errors(lang).into_iter().map(Rules));
    all.extend(move_errors(lang).into_iter().map(Move));
    all
}

fn move_errors(lang: Lang) -> Vec<MoveError> {
    use MoveError::*;
    let mut all = vec![
        MatchOver,
        RoundOver,
        NotYourTurn,
        NoSuchSeat,
        NotInHand,
        LeadFirst,
        AlreadyLed,
        MustLead(tile(1, 1)),
        MustLeadDouble,
        LeadIsSingle,
        LeadNotClosable,
        CannotClose,
        PlayLength,
        OneTilePerPlay,
        ExactlyTwoDoubles,
        TooManyTiles,
        OnlyDoublesTogether,
        SameTileTwice,
        OneDoublePerArm,
        DrawWhileHolding,
        BazaarEmpty,
        PassWhileHolding,
        PassWhileBazaar,
        NaSto,
        Malformed(match lang {
            Lang::Ru => "ж9".into(),
            Lang::En => "x9".into(),
        }),
    ];
    for arm in [Arm::Left, Arm::Right, Arm::Up, Arm::Down] {
        all.extend([DoesNotFit(tile(6, 5), arm), ArmClosed(arm), NoSuchArm(arm)]);
    }
    all.extend([FitsNowhere(tile(2, 3)), Ambiguous(tile(4, 4))]);
    all
}

/// Rule errors; a word somebody typed is quoted back, so it is typed in the chat's language.
fn rules_errors(lang: Lang) -> Vec<RulesError> {
    use RulesError::*;
    let typed = |ru: &str, en: &str| match lang {
        Lang::Ru => ru.to_owned(),
        Lang::En => en.to_owned(),
    };
    vec![
        UnknownVariant(typed("покер", "poker")),
        UnknownOption { key: typed("скорость", "speed"), variant: Variant::Kozel },
        BadValue { key: "deal", expected: "a number of tiles from 1 to 14" },
        UnknownPreset(typed("быстрый", "fast")),
        PresetNotInVariant { preset: "troshin", variant: Variant::Classic },
        TroshinWithPlain,
        TeamsDisagree("pairs", "none"),
        Players { variant: Variant::Kozel, teams: Teams::Pairs, seats: 3 },
        DealTooLarge { deal: 9, seats: 4 },
        NotAnObject,
    ]
}

#[test]
fn every_refusal_is_told_in_the_chat_s_language() {
    for lang in [Lang::Ru, Lang::En] {
        let mut told = Told { lang, texts: Vec::new() };
        for r in rejections(lang) {
            told.add(&format!("{r:?}"), &rejection_text(&r, lang));
        }
        for e in move_errors(lang) {
            told.add(&format!("{e:?}"), &move_error_text(&e, lang));
        }
        for e in rules_errors(lang) {
            told.add(&format!("{e:?}"), &rules_error_text(&e, lang));
        }
        let wrong = told.wrong();
        assert!(wrong.is_empty(), "{lang:?} refusals in the other language:\n{}", wrong.join("\n"));
    }
}

#[test]
fn a_contained_failure_is_told_in_the_chat_s_language() {
    use domino_core::chat::texts::{contained, taking_long};
    use domino_core::service::Written;
    for lang in [Lang::Ru, Lang::En] {
        let mut told = Told { lang, texts: Vec::new() };
        for written in [Written::Nothing, Written::InDoubt, Written::Committed] {
            told.add(&format!("{written:?}"), contained(lang, written));
        }
        told.add("taking long", taking_long(lang));
        let wrong = told.wrong();
        assert!(wrong.is_empty(), "{lang:?} failures in the other language:\n{}", wrong.join("\n"));
    }
}
