//! A season's end as the chat is told it: the champions, the season's goat, a few lines of its
//! story, and the season that starts.

use super::text::{display_name, plural_ru, tr, variant_name};
use crate::session::Lang;
use crate::standings::{Local, Named, SeasonStory};

fn times(n: i64, lang: Lang) -> String {
    match lang {
        Lang::Ru => format!("{n} {}", plural_ru(n.unsigned_abs(), "раз", "раза", "раз")),
        Lang::En if n == 1 => "once".to_owned(),
        Lang::En => format!("{n} times"),
    }
}

fn who(n: &Named) -> String {
    display_name(&n.name)
}

/// "🏁 Сезон 3 окончен!" and its story, then "Начался сезон 4". `chart`: the caption of the
/// season's chart, when one is drawn (which line is whose).
pub fn render_season_end(
    story: &SeasonStory,
    ended: u32,
    started: u32,
    chart: Option<&str>,
    lang: Lang,
) -> String {
    let mut out = vec![match lang {
        Lang::Ru => format!("🏁 Сезон {ended} окончен! Матчей сыграно: {}.", story.matches),
        Lang::En => format!("🏁 Season {ended} is over! Matches played: {}.", story.matches),
    }];
    out.extend(story_lines(story, lang));
    if let Some(chart) = chart {
        out.push(format!("📈 {chart}"));
    }
    out.push(match lang {
        Lang::Ru => format!("Начался сезон {started}: рейтинги с нуля, удачи!"),
        Lang::En => format!("Season {started} has begun: ratings start afresh. Good luck!"),
    });
    out.join("\n")
}

/// A season's story so far, as its screen shows it: "📖 Сезон 3: сыграно матчей: 12." and
/// the lines a season's end tells (its leaders, goat, most matches, run and climb).
pub fn render_season_so_far(story: &SeasonStory, season: u32, lang: Lang) -> String {
    let mut out = vec![match lang {
        Lang::Ru => format!("📖 Сезон {season}: сыграно матчей: {}.", story.matches),
        Lang::En => format!("📖 Season {season}: {} matches played.", story.matches),
    }];
    out.extend(story_lines(story, lang));
    out.join("\n")
}

/// The lines of a season's story: the champions (the leaders so far), the goat, who played
/// most, the longest run, the biggest climb.
fn story_lines(story: &SeasonStory, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for (v, champion) in &story.champions {
        out.push(match lang {
            Lang::Ru => format!(
                "🏆 {}: {} (рейтинг {})",
                variant_name(*v, lang),
                who(champion),
                champion.value
            ),
            Lang::En => format!(
                "🏆 {}: {} (rating {})",
                variant_name(*v, lang),
                who(champion),
                champion.value
            ),
        });
    }
    if let Some(g) = &story.goat {
        out.push(match lang {
            Lang::Ru => format!("🐐 Козёл сезона: {} ({})", who(g), times(g.value, lang)),
            Lang::En => format!("🐐 Goat of the season: {} ({})", who(g), times(g.value, lang)),
        });
    }
    if let Some(m) = &story.most_matches {
        let label = tr(lang, "Больше всех матчей", "Most matches");
        out.push(format!("📅 {label}: {} ({})", who(m), m.value));
    }
    if let Some(r) = &story.longest_run {
        let label = tr(lang, "Самая длинная серия побед", "Longest winning run");
        out.push(format!("🔥 {label}: {} ({})", who(r), r.value));
    }
    if let Some(c) = &story.climb {
        let label = tr(lang, "Лучший рост рейтинга", "Biggest climb");
        out.push(format!("🚀 {label}: {} (+{})", who(c), c.value));
    }
    out
}

/// The weekly digest: the week's matches (`from`–`to`, the chat's dates), who played most,
/// the longest run and the biggest climb of the week, its goat, and the season's leaders.
pub fn render_digest(
    story: &SeasonStory,
    season: u32,
    (from, to): (&Local, &Local),
    lang: Lang,
) -> String {
    let days = format!("{:02}.{:02}–{}", from.day, from.month, to.date());
    let mut out = vec![match lang {
        Lang::Ru => format!("📰 Неделя {days}: сыграно матчей: {}.", story.matches),
        Lang::En => format!("📰 The week {days}: {} matches played.", story.matches),
    }];
    if let Some(m) = &story.most_matches {
        let label = tr(lang, "Больше всех матчей", "Most matches");
        out.push(format!("📅 {label}: {} ({})", who(m), m.value));
    }
    if let Some(r) = &story.longest_run {
        let label = tr(lang, "Серия побед", "Winning run");
        out.push(format!("🔥 {label}: {} ({})", who(r), r.value));
    }
    if let Some(c) = &story.climb {
        let label = tr(lang, "Рост рейтинга за неделю", "The week's climb");
        out.push(format!("🚀 {label}: {} (+{})", who(c), c.value));
    }
    if let Some(g) = &story.goat {
        out.push(match lang {
            Lang::Ru => format!("🐐 Козёл недели: {} ({})", who(g), times(g.value, lang)),
            Lang::En => format!("🐐 Goat of the week: {} ({})", who(g), times(g.value, lang)),
        });
    }
    if !story.champions.is_empty() {
        out.push(match lang {
            Lang::Ru => format!("🏆 Лидеры сезона {season}:"),
            Lang::En => format!("🏆 Season {season} leaders:"),
        });
        for (v, leader) in &story.champions {
            let rating = tr(lang, "рейтинг", "rating");
            out.push(format!(
                "• {}: {} ({rating} {})",
                variant_name(*v, lang),
                who(leader),
                leader.value
            ));
        }
    }
    out.join("\n")
}
