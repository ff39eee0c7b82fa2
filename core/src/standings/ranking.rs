//! Ordering a scoreboard so that a single lucky game cannot top it, and the CSV files
//! `/export` sends: the scoreboard, and the ratings' history.

use super::{Local, Rated, Rating, RatingChange, ScoreRow, Span, Zone};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The lower bound of the 95% Wilson score interval of `wins` out of `matches`: a win rate
/// that needs many games to be high (one win in one game gives 0.21, 30 in 40 gives 0.60).
pub fn wilson_lower_bound(wins: u32, matches: u32) -> f64 {
    if matches == 0 {
        return 0.0;
    }
    let n = matches as f64;
    let p = wins as f64 / n;
    let z = 1.96f64;
    let z2 = z * z;
    (p + z2 / (2.0 * n) - z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt()) / (1.0 + z2 / n)
}

/// `/top` order: Wilson lower bound of the win rate, then more matches, then fewer goats, then
/// name.
pub fn top_order(rows: &mut [ScoreRow]) {
    rows.sort_by(|a, b| {
        let (wa, wb) =
            (wilson_lower_bound(a.wins, a.matches), wilson_lower_bound(b.wins, b.matches));
        wb.partial_cmp(&wa)
            .unwrap_or(Ordering::Equal)
            .then(b.matches.cmp(&a.matches))
            .then(a.goats.cmp(&b.goats))
            .then(a.name.cmp(&b.name))
    });
}

/// A player's rating in a variant among `ratings`, if rated.
pub fn rating_of<'r>(ratings: &'r [Rating], row: &ScoreRow) -> Option<&'r Rating> {
    ratings
        .iter()
        .find(|r| r.variant == row.variant && matches!(&r.who, Rated::Player(u) if *u == row.user))
}

/// `/top` order of person-only standings: the rating shown (μ − 3σ; a player not rated yet
/// counts as a newcomer), then [`top_order`]'s.
pub fn rated_order(rows: &mut [ScoreRow], ratings: &[Rating]) {
    top_order(rows);
    let shown = |r: &ScoreRow| rating_of(ratings, r).map_or(Rating::new_shown(), Rating::shown);
    rows.sort_by(|a, b| shown(b).total_cmp(&shown(a)));
}

/// The scoreboard as CSV (RFC 4180 quoting), one line per player and variant, with the rating
/// (μ − 3σ, and μ and σ; empty when not rated) and the Wilson lower bound of the win rate.
pub fn scoreboard_csv(rows: &[ScoreRow], ratings: &[Rating]) -> String {
    let mut out = String::from(
        "platform,user_id,name,variant,matches,wins,goats,rounds,points_for,points_against,win_rate_lb,rating,mu,sigma\n",
    );
    for r in rows {
        let rating = rating_of(ratings, r);
        let num = |f: fn(&Rating) -> f64| rating.map_or(String::new(), |x| format!("{:.3}", f(x)));
        let fields = [
            r.user.platform.key().to_owned(),
            r.user.id.clone(),
            r.name.clone(),
            r.variant.key().to_owned(),
            r.matches.to_string(),
            r.wins.to_string(),
            r.goats.to_string(),
            r.rounds.to_string(),
            r.points_for.to_string(),
            r.points_against.to_string(),
            format!("{:.3}", wilson_lower_bound(r.wins, r.matches)),
            num(Rating::shown),
            num(|x| x.mu),
            num(|x| x.sigma),
        ];
        let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&quoted.join(","));
        out.push('\n');
    }
    out
}

/// The ratings' history as CSV (RFC 4180 quoting, cells as [`scoreboard_csv`]'s), a line per
/// change in the order given: `season` (the span's number, `all` for the all-time ratings),
/// the game, who (a player's `platform,user_id`, with a pair's second partner in `partner_id`),
/// the name where `names` knows it, when (ISO 8601 on `zone`'s clocks), μ, σ, the rating shown
/// (μ − 3σ) and the rated matches so far.
pub fn rating_history_csv(
    span: Span,
    changes: &[RatingChange],
    names: &BTreeMap<Rated, String>,
    zone: Zone,
) -> String {
    let mut out = String::from(
        "season,variant,platform,user_id,partner_id,name,at,mu,sigma,rating,matches\n",
    );
    let season = match span {
        Span::Season(n) => n.to_string(),
        Span::AllTime => "all".to_owned(),
    };
    for c in changes {
        let r = &c.rating;
        let (first, partner) = match &r.who {
            Rated::Player(u) => (u, String::new()),
            Rated::Pair([a, b]) => (a, b.id.clone()),
        };
        let fields = [
            season.clone(),
            r.variant.key().to_owned(),
            first.platform.key().to_owned(),
            first.id.clone(),
            partner,
            names.get(&r.who).cloned().unwrap_or_default(),
            Local::iso(c.at, zone),
            format!("{:.3}", r.mu),
            format!("{:.3}", r.sigma),
            format!("{:.3}", r.shown()),
            r.matches.to_string(),
        ];
        let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&quoted.join(","));
        out.push('\n');
    }
    out
}

/// One CSV cell: quoted when it must be (RFC 4180), and never read as a formula by a
/// spreadsheet: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'`
/// first (OWASP's advice for CSV injection).
fn csv_field(f: &str) -> String {
    let f = if f.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{f}")
    } else {
        f.to_owned()
    };
    if f.contains([',', '"', '\n', '\r']) { format!("\"{}\"", f.replace('"', "\"\"")) } else { f }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::Variant;
    use crate::session::{Platform, UserId};

    fn row(name: &str, matches: u32, wins: u32) -> ScoreRow {
        ScoreRow {
            user: UserId::new(Platform::Telegram, name),
            name: name.into(),
            variant: Variant::Kozel,
            matches,
            wins,
            goats: matches - wins,
            rounds: matches * 8,
            points_for: 0,
            points_against: 0,
        }
    }

    #[test]
    fn one_lucky_game_does_not_top_a_steady_record() {
        let mut rows = vec![row("lucky", 1, 1), row("steady", 40, 30), row("new", 0, 0)];
        top_order(&mut rows);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["steady", "lucky", "new"]);
    }

    #[test]
    fn csv_cells_never_start_a_formula() {
        for evil in ["=HYPERLINK(\"x\")", "+1+1", "-2", "@SUM(A1)", "\tx"] {
            let mut r = row("x", 1, 1);
            r.name = evil.into();
            let csv = scoreboard_csv(&[r], &[]);
            let cell =
                csv.lines().nth(1).unwrap().split(',').nth(2).unwrap().trim_start_matches('"');
            assert!(cell.starts_with('\''), "{evil:?} became {cell:?}");
        }
        let plain = scoreboard_csv(&[row("Anna", 1, 1)], &[]);
        assert!(plain.lines().nth(1).unwrap().contains(",Anna,"));
    }

    #[test]
    fn csv_quotes_awkward_names() {
        let mut r = row("x", 2, 1);
        r.name = "Ann \"the goat\", Jr".into();
        let csv = scoreboard_csv(&[r], &[]);
        assert!(csv.lines().nth(1).unwrap().contains("\"Ann \"\"the goat\"\", Jr\""), "{csv}");
        assert_eq!(csv.lines().count(), 2);
    }

    #[test]
    fn rating_history_csv_is_a_line_per_change() {
        let (ann, bob) =
            (UserId::new(Platform::Telegram, "1"), UserId::new(Platform::Telegram, "2"));
        let change = |who: Rated, mu: f64, at: i64| RatingChange {
            rating: Rating { who, variant: Variant::Kozel, mu, sigma: 5.0, matches: 3 },
            table_id: 7,
            at,
        };
        let pair = Rated::Pair([ann.clone(), bob.clone()]);
        let changes = [
            change(Rated::Player(ann.clone()), 30.0, 1_700_000_000_000),
            change(pair.clone(), 20.5, 1_700_000_001_000),
            change(Rated::Player(bob.clone()), 25.0, 1_700_000_002_000),
        ];
        let names = BTreeMap::from([
            (Rated::Player(ann), "Ann \"the goat\", Jr".to_owned()),
            (pair, "-Ann + Bob".to_owned()),
        ]);
        let csv = rating_history_csv(Span::Season(2), &changes, &names, Zone::MOSCOW);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines,
            [
                "season,variant,platform,user_id,partner_id,name,at,mu,sigma,rating,matches",
                "2,kozel,telegram,1,,\"Ann \"\"the goat\"\", Jr\",2023-11-15T01:13:20+03:00,30.000,5.000,15.000,3",
                "2,kozel,telegram,1,2,'-Ann + Bob,2023-11-15T01:13:21+03:00,20.500,5.000,5.500,3",
                "2,kozel,telegram,2,,,2023-11-15T01:13:22+03:00,25.000,5.000,10.000,3",
            ]
        );
        let all = rating_history_csv(Span::AllTime, &changes[..1], &BTreeMap::new(), Zone::UTC);
        assert!(
            all.lines()
                .nth(1)
                .unwrap()
                .starts_with("all,kozel,telegram,1,,,2023-11-14T22:13:20+00:00,")
        );
    }
}
