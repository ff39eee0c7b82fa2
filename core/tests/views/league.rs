//! A season's end as the chat is told it, both languages: a full story, and a season whose
//! lines are few (no goat, no climb, no chart).

use domino_core::engine::rules::Variant;
use domino_core::session::{Lang, Platform, UserId};
use domino_core::standings::{Named, SeasonStory};
use domino_core::view::render_season_end;

fn named(name: &str, value: i64) -> Named {
    Named { user: UserId::new(Platform::Telegram, name.to_lowercase()), name: name.into(), value }
}

#[test]
fn a_seasons_end() {
    let full = SeasonStory {
        matches: 41,
        champions: vec![(Variant::Classic, named("Глеб", 3)), (Variant::Kozel, named("Анна", 12))],
        goat: Some(named("Борис", 7)),
        most_matches: Some(named("Вера", 23)),
        longest_run: Some(named("Анна", 6)),
        climb: Some(named("Глеб", 9)),
    };
    let few = SeasonStory {
        matches: 1,
        champions: vec![(Variant::Classic, named("Глеб", 0))],
        most_matches: Some(named("Глеб", 1)),
        longest_run: Some(named("Глеб", 1)),
        ..SeasonStory::default()
    };
    for lang in [Lang::Ru, Lang::En] {
        let text = [
            render_season_end(&full, 3, 4, Some("🔵 Анна · 🔴 Борис"), lang),
            render_season_end(&few, 1, 2, None, lang),
        ]
        .join("\n\n-----\n\n");
        insta::assert_snapshot!(format!("season_end_{}", lang.key()), text);
    }
}
