//! The match tally as a chart: each side's running score after every round (Telefon's points
//! won during a round in play count as a last point), the target as a dashed line, the
//! totals at the lines' ends.

use super::PictureError;
use super::axis::{Frame, dim, step};
use super::digits::{self, Anchor};
use super::scene::{Group, Scene, Shape};
use super::style::Style;
use crate::session::Table;
use crate::view::history::round_history;

/// Each side's score after round 0 (nothing), 1, 2, …
pub(super) fn series(table: &Table) -> Result<Vec<Vec<u32>>, PictureError> {
    let game = table.game.as_ref().ok_or(PictureError::NoRound)?;
    let sides = game.live.sides();
    let mut points: Vec<Vec<u32>> = vec![vec![0; sides]];
    points.extend(round_history(game).into_iter().map(|line| line.report.scores));
    let now = game.live.sheet().scores[..sides].to_vec();
    if points.last() != Some(&now) {
        points.push(now);
    }
    Ok((0..sides).map(|s| points.iter().map(|p| p[s]).collect()).collect())
}

pub(super) fn tally_scene(table: &Table, style: &Style) -> Result<Scene, PictureError> {
    let series = series(table)?;
    let target = table.game.as_ref().map_or(0, |g| g.live.rules().target());
    let (w, h) = style.tally;
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let frame = Frame::new(style.tally, 4.0, 4.5);
    let Frame { left, right, top, bottom, label } = frame;
    let rounds = series[0].len().saturating_sub(1).max(1);
    let max = series.iter().flatten().copied().max().unwrap_or(0).max(target).max(1);
    // In u64: no total a table can reach wraps the scale, whatever the target.
    let max = u64::from(max);
    let step = step(max);
    let top_value = max.div_ceil(step) * step;
    let x_of = |i: usize| left + (right - left) * i as f32 / rounds as f32;
    let y_of = |v: u64| bottom - (bottom - top) * v as f32 / top_value as f32;
    let grid_color = dim(p);

    let mut grid = Group::new("grid");
    // At most six lines (`step`): a bounded loop, never a wrapping one.
    for v in (0..=top_value).step_by(step as usize) {
        let near_target = (v as f32 - target as f32).abs() < step as f32 * 0.5;
        let text = if near_target { String::new() } else { v.to_string() };
        grid.shapes.extend(frame.rule(y_of(v).round(), &text, grid_color, 1.0, None));
    }
    let ty = y_of(u64::from(target)).round();
    grid.shapes.extend(frame.rule(ty, &target.to_string(), p.chalk, 2.0, Some(8.0)));
    let every = rounds.div_ceil(12);
    for i in (every..=rounds).step_by(every) {
        let s = i.to_string();
        grid.shapes.extend(digits::draw(
            &s,
            x_of(i),
            bottom + label * 0.6,
            label,
            grid_color,
            Anchor::Middle,
        ));
    }
    scene.groups.push(grid);

    // Totals at the lines' ends, pushed apart so none covers another.
    let mut ends: Vec<(usize, f32)> = series
        .iter()
        .enumerate()
        .map(|(s, pts)| (s, y_of(u64::from(*pts.last().unwrap_or(&0)))))
        .collect();
    frame.spread(&mut ends);
    for (side, pts) in series.iter().enumerate() {
        let mut g = Group::new("side");
        g.id = Some(format!("side{side}"));
        let color = p.sides[side % p.sides.len()];
        let line: Vec<(f32, f32)> =
            pts.iter().enumerate().map(|(i, &v)| (x_of(i), y_of(u64::from(v)))).collect();
        g.shapes.push(Shape::Line { points: line.clone(), stroke: color, width: 4.0, dash: None });
        for &(cx, cy) in &line {
            g.shapes.push(Shape::Circle { cx, cy, r: 5.0, fill: color, pip: false });
        }
        let y = ends.iter().find(|e| e.0 == side).map_or(0.0, |e| e.1);
        let total = pts.last().copied().unwrap_or(0).to_string();
        g.shapes.extend(frame.end_label(y, &total, color));
        scene.groups.push(g);
    }
    Ok(scene)
}
