//! The match tally as a chart: each side's running score after every round (Telefon's points
//! won during a round in play count as a last point), the target as a dashed line, the
//! totals at the lines' ends.

use super::PictureError;
use super::digits::{self, Anchor};
use super::scene::{Group, Scene, Shape};
use super::style::{Color, Palette, Style};
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

/// A round step for the scale: 5, 10, 25, 50, 100, … for at most about five lines.
fn step(top: u32) -> u32 {
    [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|s| top / s <= 5)
        .unwrap_or(top.div_ceil(5).max(1))
}

fn dim(p: &Palette) -> Color {
    let mix = |a: u8, b: u8| ((a as u16 + 2 * b as u16) / 3) as u8;
    Color(mix(p.chalk.0, p.felt.0), mix(p.chalk.1, p.felt.1), mix(p.chalk.2, p.felt.2))
}

pub(super) fn tally_scene(table: &Table, style: &Style) -> Result<Scene, PictureError> {
    let series = series(table)?;
    let target = table.game.as_ref().map_or(0, |g| g.live.rules().target());
    let (w, h) = style.tally;
    let (wf, hf) = (w as f32, h as f32);
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let label = (hf * 0.06).round();
    let (left, right, top, bottom) = (label * 4.0, label * 4.5, label * 1.2, hf - label * 2.2);
    let rounds = series[0].len().saturating_sub(1).max(1);
    let max = series.iter().flatten().copied().max().unwrap_or(0).max(target).max(1);
    let step = step(max);
    // In u64: no total a table can reach wraps the scale, whatever the target.
    let (step, max) = (u64::from(step), u64::from(max));
    let top_value = max.div_ceil(step) * step;
    let x_of = |i: usize| left + (wf - left - right) * i as f32 / rounds as f32;
    let y_of = |v: u64| bottom - (bottom - top) * v as f32 / top_value as f32;
    let grid_color = dim(p);

    let mut grid = Group::new("grid");
    // At most six lines (`step`): a bounded loop, never a wrapping one.
    for v in (0..=top_value).step_by(step as usize) {
        let y = y_of(v).round();
        grid.shapes.push(Shape::Line {
            points: vec![(left, y), (wf - right, y)],
            stroke: grid_color,
            width: 1.0,
            dash: None,
        });
        if (v as f32 - target as f32).abs() >= step as f32 * 0.5 {
            let s = v.to_string();
            grid.shapes.extend(digits::draw(
                &s,
                left - label * 0.6,
                y - label / 2.0,
                label,
                grid_color,
                Anchor::End,
            ));
        }
    }
    let ty = y_of(u64::from(target)).round();
    grid.shapes.push(Shape::Line {
        points: vec![(left, ty), (wf - right, ty)],
        stroke: p.chalk,
        width: 2.0,
        dash: Some(8.0),
    });
    let t = target.to_string();
    grid.shapes.extend(digits::draw(
        &t,
        left - label * 0.6,
        ty - label / 2.0,
        label,
        p.chalk,
        Anchor::End,
    ));
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
    ends.sort_by(|a, b| a.1.total_cmp(&b.1));
    let gap = label * 1.4;
    for i in 1..ends.len() {
        ends[i].1 = ends[i].1.max(ends[i - 1].1 + gap);
    }
    // Up to eight sides: what went past the axis is pushed back up, still apart.
    if let Some(last) = ends.last_mut() {
        last.1 = last.1.min(bottom);
    }
    for i in (0..ends.len().saturating_sub(1)).rev() {
        ends[i].1 = ends[i].1.min(ends[i + 1].1 - gap);
    }
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
        g.shapes.extend(digits::draw(
            &total,
            wf - right + label * 0.8,
            y - label / 2.0,
            label,
            color,
            Anchor::Start,
        ));
        scene.groups.push(g);
    }
    Ok(scene)
}

#[cfg(test)]
mod tests {
    use super::step;

    #[test]
    fn the_scale_has_at_most_six_lines() {
        for top in [1, 7, 25, 72, 101, 125, 260, 999, 4000] {
            let s = step(top);
            assert!(top.div_ceil(s) <= 6, "{top}: step {s}");
        }
        assert_eq!((step(101), step(72), step(4000)), (20, 20, 1000));
        for top in [u32::MAX, u32::MAX - 1, 4_000_000_000] {
            let s = step(top);
            assert!(u64::from(top).div_ceil(u64::from(s)) <= 6, "{top}: step {s}");
        }
    }
}
