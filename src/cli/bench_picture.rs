//! `domino bench picture`: the time to draw one table picture (laid out, drawn, PNG-encoded)
//! and the PNG's size, for a full Kozel line (all 28 tiles), an Osel hub with four long arms
//! and a double-eighteen line of 100 tiles, at the default size; and the rating chart of eight
//! people over a season of 60 matches each (480 points); and a person's hand, eighteen tiles
//! of a double-eighteen and seven of a double-six, the playable ones lifted. Each picture is
//! drawn 200 times: the median, the best (what an idle core does) and the 99th percentile.
//! And a whole Kozel round (four players) replayed as a GIF, a frame a move, drawn 20 times.

use domino_core::engine::board::Board;
use domino_core::view::picture::{
    Picture, PictureError, Style, board_png, hand_png, rating_png, replay_gif, samples,
};
use std::time::Instant;

/// Pictures drawn per case.
const RUNS: usize = 200;

struct Figures {
    name: &'static str,
    /// What is drawn, and how many: tiles, or a chart's points.
    drawn: (&'static str, usize),
    min_ms: f64,
    median_ms: f64,
    p99_ms: f64,
    png_bytes: usize,
    size: (u32, u32),
}

fn board(name: &'static str, board: &Board, style: &Style) -> Result<Figures, String> {
    let last: Vec<_> = board.laid().last().map(|l| l.tile).into_iter().collect();
    measure(name, ("tiles", board.laid_count()), || board_png(board, &last, Some(0), style))
}

fn hand(name: &'static str, max_pip: u8, tiles: usize, style: &Style) -> Result<Figures, String> {
    let (hand, playable) = samples::hand(max_pip, tiles);
    measure(name, ("tiles", hand.len()), || hand_png(&hand, &playable, style))
}

/// The first round of a four-player Kozel match replayed (the round of the seed with the most
/// moves among the first few, so the figure is of a whole round).
fn replay(style: &Style) -> Result<Figures, String> {
    let record = samples::match_record(domino_core::engine::rules::Variant::Kozel, 4, 11);
    let round = (0..record.rounds.len()).max_by_key(|&r| record.rounds[r].moves.len());
    let draw = || {
        let a = replay_gif(&record, round, style)?;
        Ok(Picture { png: a.gif, width: a.width, height: a.height })
    };
    let frames = replay_gif(&record, round, style).map_err(|e| e.to_string())?.frames;
    measure_n("replay_kozel_round", ("frames", frames as usize), REPLAY_RUNS, draw)
}

/// Replays drawn (each is a few dozen frames).
const REPLAY_RUNS: usize = 20;

fn measure(
    name: &'static str,
    drawn: (&'static str, usize),
    draw: impl Fn() -> Result<Picture, PictureError>,
) -> Result<Figures, String> {
    measure_n(name, drawn, RUNS, draw)
}

fn measure_n(
    name: &'static str,
    drawn: (&'static str, usize),
    runs: usize,
    draw: impl Fn() -> Result<Picture, PictureError>,
) -> Result<Figures, String> {
    let mut times = Vec::with_capacity(runs);
    let mut bytes = 0;
    let mut size = (0, 0);
    for _ in 0..runs {
        let start = Instant::now();
        let picture = draw().map_err(|e| e.to_string())?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        bytes = picture.png.len();
        size = (picture.width, picture.height);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Ok(Figures {
        name,
        drawn,
        min_ms: times[0],
        median_ms: at(0.5),
        p99_ms: at(0.99),
        png_bytes: bytes,
        size,
    })
}

pub fn run(json: bool) -> Result<(), String> {
    let style = Style::default();
    let ratings = samples::ratings(8, 60);
    let points = ratings.iter().map(|l| l.points.len()).sum();
    let cases = [
        board("kozel_line", &samples::full_line(), &style)?,
        board("osel_hub", &samples::long_arms(), &style)?,
        board("double18_line", &samples::line(18, 100), &style)?,
        measure("rating_season", ("points", points), || rating_png(&ratings, &style))?,
        hand("hand_double18", 18, 18, &style)?,
        hand("hand_double6", 6, 7, &style)?,
        replay(&style)?,
    ];
    if json {
        let mut out = serde_json::Map::new();
        for f in &cases {
            out.insert(
                f.name.to_owned(),
                serde_json::json!({
                    f.drawn.0: f.drawn.1,
                    "width": f.size.0,
                    "height": f.size.1,
                    "render_ms_min": f.min_ms,
                    "render_ms_median": f.median_ms,
                    "render_ms_p99": f.p99_ms,
                    "png_bytes": f.png_bytes,
                }),
            );
        }
        println!("{}", serde_json::Value::Object(out));
    } else {
        for f in &cases {
            println!(
                "{}: {} {}, {}×{} px, render {:.2} ms median ({:.2} min, {:.2} p99), {:.1} KB",
                f.name,
                f.drawn.1,
                f.drawn.0,
                f.size.0,
                f.size.1,
                f.median_ms,
                f.min_ms,
                f.p99_ms,
                f.png_bytes as f64 / 1024.0
            );
        }
    }
    Ok(())
}
