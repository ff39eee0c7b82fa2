//! Tests of `words`.
use super::*;
use serde_json::json;

fn words(cmd: Cmd, s: &str) -> Result<Args, WordError> {
    parse(cmd, &s.split_whitespace().collect::<Vec<_>>())
}

#[test]
fn a_new_table_in_russian_and_english() {
    let a = words(Cmd::New, "kozel 4 пары до 51 troshin").unwrap();
    assert_eq!((a.game, a.players), (Some(Variant::Kozel), Some(4)));
    assert_eq!(
        Value::Object(a.options),
        json!({"teams": "pairs", "target": 51, "preset": "troshin"})
    );
    let a = words(Cmd::New, "Телефон 3").unwrap();
    assert_eq!((a.game, a.players), (Some(Variant::Telefon), Some(3)));
    let a = words(Cmd::New, "морской козёл яйца -два-дубля to=125 sport").unwrap();
    assert_eq!(a.game, Some(Variant::Morskoy));
    assert_eq!(
        Value::Object(a.options),
        json!({"eggs": true, "two_doubles": false, "target": 125, "preset": "sport"})
    );
    let a = words(Cmd::New, "домино по 7 заход_00 draw_out=on").unwrap();
    assert_eq!(
        Value::Object(a.options),
        json!({"deal": 7, "lead_00": true, "draw_out_before_fish": true})
    );
    // A bare number is the seats: out of their range, the range is told.
    let nine = words(Cmd::New, "telefon 9");
    assert!(matches!(&nine, Err(WordError::OutOfRange { word, .. }) if word == "9"), "{nine:?}");
    assert_eq!(words(Cmd::New, "telefon 5x"), Err(WordError::Unknown("5x".into())));
    // The set: «дубль-12», «double-9», «set=15», «набор 18»; then a bare number is the seats.
    for (text, set, players) in [
        ("домино дубль-12 6", 12, Some(6)),
        ("classic double-9 8", 9, Some(8)),
        ("домино набор 18", 18, None),
        ("classic set=15 5", 15, Some(5)),
        ("домино д12", 12, None),
    ] {
        let a = words(Cmd::New, text).unwrap();
        assert_eq!((a.options.get("set"), a.players), (Some(&json!(set)), players), "{text}");
    }
    assert!(matches!(words(Cmd::New, "домино дубль-7"), Err(WordError::BadValue { .. })));
    assert!(matches!(words(Cmd::New, "домино набор 19"), Err(WordError::OutOfRange { .. })));
    assert!(matches!(words(Cmd::New, "до"), Err(WordError::BadValue { .. })));
    assert!(matches!(words(Cmd::New, "eggs=maybe"), Err(WordError::BadValue { .. })));
}

#[test]
fn the_clock_in_words() {
    use crate::session::{ClockRule, OnFlag};
    let rule = |b, i, on_flag| Some(Some(ClockRule { bank_secs: b, increment_secs: i, on_flag }));
    assert_eq!(words(Cmd::New, "kozel часы 10+5").unwrap().clock, rule(600, 5, OnFlag::Lose));
    assert_eq!(
        words(Cmd::New, "clock=3+2 auto пары").unwrap().clock,
        rule(180, 2, OnFlag::Computer)
    );
    assert_eq!(words(Cmd::Duel, "бот часы 5").unwrap().clock, rule(300, 0, OnFlag::Lose));
    assert_eq!(words(Cmd::New, "sport без_часов").unwrap().clock, Some(None));
    assert_eq!(words(Cmd::New, "sport часы нет").unwrap().clock, Some(None));
    assert_eq!(words(Cmd::New, "kozel").unwrap().clock, None, "the default stays");
    for bad in ["часы", "clock ten", "часы 10+5+1", "clock 1.5"] {
        assert!(matches!(words(Cmd::New, bad), Err(WordError::BadValue { .. })), "{bad}");
    }
    // Numbers out of range are told the range they are out of.
    for (bad, key) in [
        ("часы 0+5", "clock.minutes"),
        ("clock 181", "clock.minutes"),
        ("clock 99999999999", "clock.minutes"),
        ("clock 10+61", "clock.increment"),
    ] {
        let got = words(Cmd::New, bad);
        let Err(WordError::OutOfRange { range, .. }) = &got else { panic!("{bad}: {got:?}") };
        assert_eq!(range.bound.key, key, "{bad}");
    }
    let mut a = Args::default();
    rule_words(&mut a, "eggs clock 10+5").unwrap();
    assert_eq!(a.clock, rule(600, 5, OnFlag::Lose), "Discord's options text reads it too");
}

#[test]
fn duels_standings_and_tables() {
    let a = words(Cmd::Duel, "@Ann осёл").unwrap();
    assert_eq!(a.opponent, Some(Opponent::Name("Ann".into())));
    assert_eq!(a.game, Some(Variant::Osel));
    assert!(words(Cmd::Duel, "бот").unwrap().computer);
    let a = words(Cmd::Top, "пары сезон 2 kozel").unwrap();
    assert!(a.pairs_table && a.season == Some(2) && a.game == Some(Variant::Kozel));
    assert!(words(Cmd::Top, "всё").unwrap().all_time);
    assert_eq!(words(Cmd::Stop, "№3").unwrap().table, Some(3));
    assert!(words(Cmd::Season, "new").unwrap().new_season);
    assert_eq!(words(Cmd::Score, "pairs"), Err(WordError::Unknown("pairs".into())));
}

#[test]
fn a_replay_names_its_match_and_its_round() {
    let both = |s| words(Cmd::Replay, s).map(|a| (a.ago, a.round));
    assert_eq!(both(""), Ok((None, None)));
    assert_eq!(both("2"), Ok((Some(2), None)));
    for s in ["2 раунд 3", "2 round 3", "2 3", "раунд 3 2", "2 Раунда 3"] {
        assert_eq!(both(s), Ok((Some(2), Some(3))), "{s:?}");
    }
    assert_eq!(both("раунд 1"), Ok((None, Some(1))));
    // Each number within its range; a third is not understood, nor a round without its number.
    assert!(matches!(both("2 0"), Err(WordError::OutOfRange { .. })));
    assert!(matches!(both("31"), Err(WordError::OutOfRange { .. })));
    assert!(matches!(both("1 раунд 301"), Err(WordError::OutOfRange { .. })));
    assert_eq!(both("1 2 3"), Err(WordError::Unknown("3".into())));
    assert_eq!(both("1 раунд"), Err(WordError::Unknown("раунд".into())));
    assert_eq!(both("1 раунд x"), Err(WordError::Unknown("x".into())));
}

#[test]
fn every_option_word_is_understood() {
    for v in Variant::ALL {
        for (spec, word) in option_words(v) {
            let mut a = Args::default();
            let text =
                if spec.kind == OptionKind::Number { format!("{word} 9") } else { word.to_owned() };
            rule_words(&mut a, &text).unwrap();
            assert!(a.options.contains_key(spec.key), "{word} sets {}", spec.key);
        }
    }
}

#[test]
fn every_word_of_every_switch_turns_it_on_and_its_negation_off() {
    for v in Variant::ALL {
        let switches = options_for(v).filter(|o| o.kind == OptionKind::Flag);
        for spec in switches {
            for word in spec.words {
                let mut a = Args::default();
                rule_words(&mut a, word).unwrap_or_else(|e| panic!("{word}: {e:?}"));
                assert_eq!(a.options.get(spec.key), Some(&spec.switch_value(true)), "{word}");
                let mut a = Args::default();
                rule_words(&mut a, &format!("-{word}")).unwrap();
                assert_eq!(a.options.get(spec.key), Some(&spec.switch_value(false)), "-{word}");
            }
        }
    }
}
