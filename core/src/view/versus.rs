//! `/vs`: two people's head-to-head in the chat, as opponents and as partners.

use super::text::{display_name, plural_ru, tr, variant_name};
use crate::engine::rules::Variant;
use crate::session::Lang;
use crate::standings::HeadToHead;

/// "7 матчей" / "7 matches".
fn matches(n: u32, lang: Lang) -> String {
    match lang {
        Lang::Ru => format!("{n} {}", plural_ru(n.into(), "матч", "матча", "матчей")),
        Lang::En => format!("{n} {}", if n == 1 { "match" } else { "matches" }),
    }
}

/// The head-to-head of `first` (who asked) and `second`, in `game` or every game.
pub fn render_versus(
    first: &str,
    second: &str,
    h: &HeadToHead,
    game: Option<Variant>,
    lang: Lang,
) -> String {
    let (a, b) = (display_name(first), display_name(second));
    let mut title = match lang {
        Lang::Ru => format!("⚔️ {a} и {b}"),
        Lang::En => format!("⚔️ {a} and {b}"),
    };
    if let Some(v) = game {
        title.push_str(&format!(" · {}", variant_name(v, lang)));
    }
    if h.opposed == 0 && h.together == 0 {
        let none = match lang {
            Lang::Ru => format!("{a} и {b} ещё не доиграли матч за одним столом."),
            Lang::En => format!("{a} and {b} have not finished a match at one table yet."),
        };
        return format!("{title}\n{none}");
    }
    let mut out = vec![title];
    if h.opposed > 0 {
        out.push(match lang {
            Lang::Ru => format!(
                "Соперниками: {} — впереди {a} {}, {b} {}, вровень {} · 🐐 {a} {}, {b} {}",
                matches(h.opposed, lang),
                h.first_ahead,
                h.second_ahead,
                h.level(),
                h.first_goats,
                h.second_goats
            ),
            Lang::En => format!(
                "As opponents: {} — ahead {a} {}, {b} {}, level {} · 🐐 {a} {}, {b} {}",
                matches(h.opposed, lang),
                h.first_ahead,
                h.second_ahead,
                h.level(),
                h.first_goats,
                h.second_goats
            ),
        });
    }
    if h.together > 0 {
        let won = h.together_won;
        out.push(match lang {
            Lang::Ru => format!(
                "Партнёрами: {}, {won} {}, 🐐 {}",
                matches(h.together, lang),
                plural_ru(won.into(), "победа", "победы", "побед"),
                h.together_goats
            ),
            Lang::En => format!(
                "As partners: {}, {won} {}, 🐐 {}",
                matches(h.together, lang),
                if won == 1 { "win" } else { "wins" },
                h.together_goats
            ),
        });
    }
    out.push(
        tr(
            lang,
            "Впереди — чья сторона выиграла, а другая нет; 🐐 — кто был козлом.",
            "Ahead: one's side won and the other's did not; 🐐: who was the goat.",
        )
        .to_owned(),
    );
    out.join("\n")
}
