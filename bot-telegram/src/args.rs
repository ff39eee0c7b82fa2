//! The words after `/new`, `/duel` and `/rules`: a game, a number of seats, «pairs».

use domino_core::engine::rules::{Rules, RulesError, Teams, Variant};
use domino_core::store::ChatSettings;
use serde_json::{Map, Value};

/// What the words asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct GameArgs {
    pub variant: Option<Variant>,
    pub size: Option<u8>,
    pub pairs: bool,
}

/// The game a word names: its key, or its Russian or English name.
pub(crate) fn variant(word: &str) -> Option<Variant> {
    let w = word.to_lowercase().replace('ё', "е");
    let v = match w.as_str() {
        "classic" | "домино" | "dominoes" | "domino" => Variant::Classic,
        "kozel" | "козел" | "goat" => Variant::Kozel,
        "morskoy" | "морской" | "sea" | "seagoat" => Variant::Morskoy,
        "osel" | "осел" | "donkey" => Variant::Osel,
        "telefon" | "телефон" | "telephone" | "phone" => Variant::Telefon,
        _ => return None,
    };
    Some(v)
}

/// Reads the words; the first word not understood is the error.
pub(crate) fn parse<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<GameArgs, String> {
    let mut out = GameArgs::default();
    for word in words {
        let lower = word.to_lowercase();
        if let Some(v) = variant(word).filter(|_| out.variant.is_none()) {
            out.variant = Some(v);
        } else if let Ok(n @ 2..=4) = lower.parse::<u8>() {
            out.size = Some(n);
        } else if matches!(lower.as_str(), "pairs" | "пары" | "парами") {
            out.pairs = true;
        } else {
            return Err(word.to_owned());
        }
    }
    Ok(out)
}

/// The rules a new table starts with: the chat's options for the game (Kozel when none is
/// named), and pairs when asked. The seats: as asked, else four for pairs and two otherwise.
pub(crate) fn rules(args: &GameArgs, settings: &ChatSettings) -> Result<(Rules, u8), RulesError> {
    let variant = args.variant.unwrap_or(Variant::Kozel);
    let mut options = match settings.presets.get(variant.key()) {
        Some(Value::Object(m)) => m.clone(),
        _ => Map::new(),
    };
    if args.pairs {
        options.insert("teams".into(), Value::from("pairs"));
    }
    let rules = Rules::from_options(variant, &Value::Object(options), None)?;
    let size = args.size.unwrap_or(if rules.teams == Teams::Pairs { 4 } else { 2 });
    Ok((rules, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_name_games_seats_and_pairs() {
        let a = parse(["Козёл", "4", "пары"]).unwrap();
        assert_eq!(a, GameArgs { variant: Some(Variant::Kozel), size: Some(4), pairs: true });
        assert_eq!(parse(["telefon", "5"]), Err("5".to_owned()));
        let (r, size) =
            rules(&parse(["osel", "pairs"]).unwrap(), &ChatSettings::default()).unwrap();
        assert_eq!((r.variant, r.teams, size), (Variant::Osel, Teams::Pairs, 4));
        assert!(rules(&parse(["classic", "pairs"]).unwrap(), &ChatSettings::default()).is_err());
    }
}
