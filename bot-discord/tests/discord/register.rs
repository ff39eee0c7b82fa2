//! The slash command `/domino` as registered: one subcommand per command of the core's
//! catalog that Discord offers, in Russian and English, with its options' types, choices and
//! ranges.

use crate::fake::APP;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::store::MemoryStore;

#[tokio::test]
async fn commands_are_registered_in_russian_and_english() {
    let w = World::start(MemoryStore::new()).await;
    let put = w.fake.requests().into_iter().find(|r| r.method == "PUT").unwrap();
    assert_eq!(
        put.path,
        format!("/applications/{APP}/guilds/{}/commands", crate::fake::GUILD),
        "registered in the test guild"
    );
    let cmd = &put.body[0];
    assert_eq!(cmd["name"], "domino");
    assert_eq!(cmd["name_localizations"]["ru"], "домино");
    let subs: Vec<&str> =
        cmd["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    let catalog: Vec<&str> = domino_core::chat::COMMANDS
        .iter()
        .filter(|c| c.offered_on(domino_core::ids::Platform::Discord))
        .map(|c| c.key)
        .collect();
    assert_eq!(subs, catalog, "one subcommand per command of the core's catalog Discord offers");
    // Discord's limit: 25 subcommands, all taken now.
    assert_eq!(subs.len(), 25, "Discord allows 25 subcommands of a command");
    // Member tags are Telegram's: no `/domino tags`.
    assert!(domino_core::chat::COMMANDS.iter().any(|c| c.key == "tags"));
    assert_eq!(
        subs,
        [
            "new",
            "duel",
            "rules",
            "rematch",
            "settings",
            "score",
            "tables",
            "table",
            "watch",
            "top",
            "history",
            "replay",
            "vs",
            "me",
            "hand",
            "pings",
            "hint",
            "review",
            "export",
            "season",
            "clock",
            "screen",
            "tournament",
            "stop",
            "help"
        ]
    );
    // `/domino table number:` held to the table numbers' range; `/domino pings mode:` a choice.
    let sub = |name: &str| {
        cmd["options"].as_array().unwrap().iter().find(|o| o["name"] == name).unwrap().clone()
    };
    let table = sub("table");
    assert_eq!(table["name_localizations"]["ru"], "перенести");
    let number = &table["options"][0];
    assert_eq!((number["name"].as_str(), number["type"].as_u64()), (Some("number"), Some(4)));
    assert_eq!(
        (number["min_value"].as_u64(), number["max_value"].as_u64()),
        (Some(1), Some(999_999))
    );
    assert_eq!(sub("tables")["name_localizations"]["ru"], "столы");
    // `/domino clock zone:` (`/домино часы пояс:`): the zone as typed, a string.
    let clock = sub("clock");
    assert_eq!(clock["name_localizations"]["ru"], "часы");
    let zone = &clock["options"][0];
    assert_eq!((zone["name"].as_str(), zone["type"].as_u64()), (Some("zone"), Some(3)));
    assert_eq!(zone["name_localizations"]["ru"], "пояс");
    // `/domino watch table:` (`/домино смотреть стол:`), held to the same range.
    let watch = sub("watch");
    assert_eq!(watch["name_localizations"]["ru"], "смотреть");
    let which = &watch["options"][0];
    assert_eq!((which["name"].as_str(), which["type"].as_u64()), (Some("table"), Some(4)));
    assert_eq!(which["name_localizations"]["ru"], "стол");
    assert_eq!(
        (which["min_value"].as_u64(), which["max_value"].as_u64()),
        (Some(1), Some(999_999))
    );
    let pings = sub("pings");
    let modes: Vec<&str> = pings["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(modes, ["mention", "quiet", "off"]);
    // `/domino tournament`: its format a choice, its numbers held to their ranges.
    let tour = cmd["options"].as_array().unwrap().iter().find(|o| o["name"] == "tournament");
    let tour = tour.expect("the tournament subcommand");
    assert_eq!(tour["name_localizations"]["ru"], "турнир");
    let formats: Vec<&str> = tour["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(formats, ["round", "arena", "pairs", "night"]);
    let option = |name: &str| {
        tour["options"].as_array().unwrap().iter().find(|o| o["name"] == name).unwrap().clone()
    };
    assert_eq!(
        (option("days")["min_value"].clone(), option("days")["max_value"].clone()),
        (1.into(), 30.into())
    );
    assert_eq!(option("minutes")["max_value"], 240);
    assert_eq!(option("streak")["type"], 5, "a boolean");
    assert_eq!(option("rounds")["type"], 4, "an integer");
    assert_eq!(option("rounds")["name_localizations"]["ru"], "раундов");
    assert_eq!(
        (option("rounds")["min_value"].clone(), option("rounds")["max_value"].clone()),
        (1.into(), 10.into())
    );
    for sub in cmd["options"].as_array().unwrap() {
        assert!(
            sub["name_localizations"]["ru"].is_string()
                && sub["description_localizations"]["ru"].is_string()
        );
    }
    let new = &cmd["options"][0];
    let variants: Vec<&str> = new["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(variants, ["classic", "kozel", "morskoy", "osel", "telefon"]);
    assert_eq!(new["options"][0]["choices"][1]["name_localizations"]["ru"], "Козёл");
    let choices = |name: &str| -> Vec<String> {
        let options = new["options"].as_array().unwrap();
        let option = options.iter().find(|o| o["name"] == name).expect("the option");
        let values = option["choices"].as_array().unwrap().iter();
        values.map(|c| c["value"].to_string().trim_matches('"').to_owned()).collect()
    };
    assert_eq!(choices("preset"), ["troshin", "plain", "sport"]);
    assert_eq!(choices("set"), ["6", "9", "12", "15", "18"]);

    let help = w.slash(ANNA, "help", vec![]).await;
    assert!(help.text().contains("/domino new"), "{}", help.text());
    let rules = w.slash(ANNA, "rules", vec![opt("game", "osel")]).await;
    assert!(rules.text().contains("Осёл"), "{}", rules.text());
    w.bot.stop().await;
}
