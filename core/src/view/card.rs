//! `/me`: a person's card in the chat — their record per game with the season's rating, their
//! streaks, their best partner and their hardest opponent.

use super::scoreboard::shown_rating;
use super::text::{display_name, plural_ru, tr, variant_name};
use crate::engine::rules::Variant;
use crate::session::{Lang, UserId};
use crate::standings::{Card, Rated, Rating, Record};

fn count(n: u32, lang: Lang, ru: [&'static str; 3], en: [&'static str; 2]) -> String {
    match lang {
        Lang::Ru => format!("{n} {}", plural_ru(n.into(), ru[0], ru[1], ru[2])),
        Lang::En => format!("{n} {}", if n == 1 { en[0] } else { en[1] }),
    }
}

fn matches(n: u32, lang: Lang) -> String {
    count(n, lang, ["матч", "матча", "матчей"], ["match", "matches"])
}

fn wins(n: u32, lang: Lang) -> String {
    count(n, lang, ["победа", "победы", "побед"], ["win", "wins"])
}

/// The loser's mark of a game: 🐐, 🐴 in Osel, none where a match has a winner only.
fn goat(v: Variant) -> Option<&'static str> {
    match v {
        Variant::Kozel | Variant::Morskoy => Some("🐐"),
        Variant::Osel => Some("🐴"),
        Variant::Classic | Variant::Telefon => None,
    }
}

fn record(r: &Record, mark: Option<&str>, lang: Lang) -> String {
    let mut s = format!("{}, {}", matches(r.matches, lang), wins(r.wins, lang));
    if let Some(mark) = mark {
        s.push_str(&format!(", {mark} {}", r.goats));
    }
    s
}

/// The card of `name` (`me`), with the season's `ratings`.
pub fn render_card(name: &str, me: &UserId, card: &Card, ratings: &[Rating], lang: Lang) -> String {
    let name = display_name(name);
    if card.total.matches == 0 {
        return match lang {
            Lang::Ru => format!("👤 {name}\nЗдесь у вас ещё нет доигранных матчей."),
            Lang::En => format!("👤 {name}\nYou have not finished a match here yet."),
        };
    }
    let any_goat = card.games.iter().any(|(v, _)| goat(*v).is_some());
    let mut out =
        vec![format!("👤 {name} · {}", record(&card.total, any_goat.then_some("🐐"), lang))];
    for (v, r) in &card.games {
        let mut line = format!("• {} — {}", variant_name(*v, lang), record(r, goat(*v), lang));
        let rated = ratings.iter().find(|x| x.variant == *v && x.who == Rated::Player(me.clone()));
        if let Some(x) = rated {
            line.push_str(&format!(
                ", {} {}",
                tr(lang, "рейтинг", "rating"),
                shown_rating(x.shown())
            ));
        }
        out.push(line);
    }
    out.push(match lang {
        Lang::Ru => {
            format!("Побед подряд: сейчас {}, лучшая серия {}", card.streak, card.best_streak)
        }
        Lang::En => format!("Wins in a row: {} now, {} at best", card.streak, card.best_streak),
    });
    if let Some(p) = &card.partner {
        let h = &p.with;
        out.push(match lang {
            Lang::Ru => format!(
                "Лучший партнёр: {} — {} вместе, {}",
                display_name(&p.name),
                matches(h.together, lang),
                wins(h.together_won, lang)
            ),
            Lang::En => format!(
                "Best partner: {} — {} together, {}",
                display_name(&p.name),
                matches(h.together, lang),
                wins(h.together_won, lang)
            ),
        });
    }
    if let Some(p) = &card.nemesis {
        let h = &p.with;
        let other = display_name(&p.name);
        out.push(match lang {
            Lang::Ru => format!(
                "Труднее всего против: {other} — впереди {other} {}, вы {} ({})",
                h.second_ahead,
                h.first_ahead,
                matches(h.opposed, lang)
            ),
            Lang::En => format!(
                "Hardest opponent: {other} — ahead {other} {}, you {} ({})",
                h.second_ahead,
                h.first_ahead,
                matches(h.opposed, lang)
            ),
        });
    }
    out.push(
        tr(
            lang,
            "Все доигранные здесь матчи, с компьютером тоже; рейтинг — этого сезона.",
            "Every match finished here, with a computer too; the rating is this season's.",
        )
        .to_owned(),
    );
    out.join("\n")
}
