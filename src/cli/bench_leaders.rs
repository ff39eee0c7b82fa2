//! `domino bench standings`' chart figures: the leaders' rating chart `/top` draws for the
//! season, drawn again alone (`rating_png`) from the store's lines, ratings and rating
//! history: its render time and its PNG. The lines are picked as `/top` picks them (the
//! game's lines in `/top` order, the first five that have a point, each a person's shown
//! rating after each change), and the PNG is checked to be `/top`'s own, byte for byte.

use domino_core::chat::{Answer, Body};
use domino_core::engine::rules::Variant;
use domino_core::standings::{Rated, Span, rated_order};
use domino_core::store::Store;
use domino_core::view::picture::{Picture, RatingLine, Style, rating_png};
use std::time::Instant;

/// The lines `/top` draws at most (`chat::league::CHART_LINES`).
const CHART_LINES: usize = 5;

/// What the chart bench found.
pub struct ChartFigures {
    /// The lines drawn, and their points together.
    pub lines: usize,
    pub points: usize,
    /// Render times in milliseconds.
    pub times: Vec<f64>,
    pub png: Picture,
    /// The PNG is the one `/top` answered with.
    pub same_as_top: bool,
    /// Reading the season's rating history (every change, all games) from the store, ms.
    pub history_read_ms: f64,
    pub changes: usize,
}

/// The picture an answer carries, if it is one.
pub fn picture(answer: &Answer) -> Option<&Picture> {
    match &answer.reply.as_ref()?.body {
        Body::Picture { picture, .. } => Some(picture),
        _ => None,
    }
}

/// Draws the season's leaders' chart `draws` times (the game `game`).
pub async fn chart<S: Store>(
    store: &S,
    chat: &domino_core::session::ChatId,
    game: Variant,
    top: Option<&Picture>,
    draws: u32,
) -> anyhow::Result<ChartFigures> {
    let span = Span::Season(store.season(chat).await?.number);
    let started = Instant::now();
    let all = store.rating_history(chat, span, None).await?;
    let history_read_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut rows = store.scoreboard(chat, Some(span.key()), Some(game)).await?;
    let ratings = store.ratings(chat, span, Some(game)).await?;
    rated_order(&mut rows, &ratings);
    let lines: Vec<RatingLine> = rows
        .iter()
        .map(|r| {
            let who = Rated::Player(r.user.clone());
            let mine = all.iter().filter(|c| c.rating.who == who && c.rating.variant == game);
            RatingLine { points: mine.map(|c| (c.at, c.rating.shown().round() as i32)).collect() }
        })
        .filter(|l| !l.points.is_empty())
        .take(CHART_LINES)
        .collect();
    let style = Style::default();
    let mut times = Vec::new();
    let mut png = None;
    for _ in 0..draws.max(1) {
        let started = Instant::now();
        let drawn = rating_png(&lines, &style)?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        png = Some(drawn);
    }
    let png = png.expect("drawn once at least");
    Ok(ChartFigures {
        lines: lines.len(),
        points: lines.iter().map(|l| l.points.len()).sum(),
        times,
        same_as_top: top.is_some_and(|t| *t == png),
        png,
        history_read_ms,
        changes: all.len(),
    })
}
