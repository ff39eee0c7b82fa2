//! Ratings over time as a chart: one line per person, each point placed by its time between
//! the first and the last time drawn and by its value on a round-step scale (negative values
//! too; the zero rule in chalk), each line's last value written at its end.
//!
//! Line `i` is drawn in `palette.sides[i]` (a caption marks it with `SIDE_MARKS[i]`), as a
//! group `line{i}` (its polyline, one vertex per point, then a dot at its last point) and its
//! end value as a group `end{i}`. Each rule of the scale is a group of class `tick` (`tick
//! zero` for 0): the rule, then its value. No time is written: the caption says the season.

use super::axis::{Frame, dim, step};
use super::digits;
use super::scene::{Group, Scene, Shape};
use super::style::Style;
use crate::ids::Millis;

/// The most lines one chart draws (the colours of [`super::SIDE_MARKS`]).
pub const RATING_LINES: usize = 8;

/// One person's rating over time: `(time in Unix ms, the rating shown then)`, in time order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatingLine {
    pub points: Vec<(Millis, i32)>,
}

/// The value scale: from `low` to `high`, a rule every `step`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Scale {
    low: i64,
    high: i64,
    step: i64,
}

impl Scale {
    /// The round-step scale holding every value (−5…5 for none, or for a lone 0).
    fn of(values: impl Iterator<Item = i32> + Clone) -> Scale {
        let low = values.clone().min().map_or(0, i64::from);
        let high = values.max().map_or(0, i64::from);
        let step = step(low.abs_diff(high)) as i64;
        let (low, high) = (low.div_euclid(step) * step, -(-high).div_euclid(step) * step);
        // One value on a rule: a rule above and below it, the value in the middle.
        let pad = if low == high { step } else { 0 };
        Scale { low: low - pad, high: high + pad, step }
    }

    fn rules(self) -> impl Iterator<Item = i64> {
        (0..=(self.high - self.low) / self.step).map(move |k| self.low + k * self.step)
    }
}

pub(super) fn rating_scene(lines: &[RatingLine], style: &Style) -> Scene {
    let lines = &lines[..lines.len().min(RATING_LINES)];
    let p = &style.palette;
    let scale = Scale::of(lines.iter().flat_map(|l| l.points.iter().map(|pt| pt.1)));
    let widest = |texts: &mut dyn Iterator<Item = String>| {
        texts.map(|t| digits::width(&t, 1.0)).fold(2.0, f32::max)
    };
    let left = widest(&mut scale.rules().map(|v| v.to_string())) + 1.0;
    let mut ends = lines.iter().filter_map(|l| l.points.last()).map(|pt| pt.1.to_string());
    let right = widest(&mut ends) + 1.3;
    let mut frame = Frame::new(style.rating, left, right);
    // A whole number of pixels a step, the rules on whole pixels: crisp, and exactly linear.
    let steps = ((scale.high - scale.low) / scale.step) as f32;
    let per_step = ((frame.bottom - frame.top) / steps).floor();
    frame.top = frame.top.round();
    frame.bottom = frame.top + per_step * steps;

    let times = lines.iter().flat_map(|l| l.points.iter().map(|pt| pt.0));
    let (first, last) = (times.clone().min().unwrap_or(0), times.max().unwrap_or(0));
    let x_of = |t: Millis| {
        if first == last {
            return (frame.left + frame.right) / 2.0;
        }
        let span = (i128::from(last) - i128::from(first)) as f64;
        let part = (i128::from(t) - i128::from(first)) as f64 / span;
        frame.left + (frame.right - frame.left) * part as f32
    };
    let y_of = |v: i64| {
        let steps = (v - scale.low) as f64 / scale.step as f64;
        frame.bottom - (f64::from(per_step) * steps) as f32
    };

    let (w, h) = style.rating;
    let mut scene = Scene::new(w, h, p.felt);
    for v in scale.rules() {
        let (class, color, width) =
            if v == 0 { ("tick zero", p.chalk, 2.5) } else { ("tick", dim(p), 1.0) };
        let mut g = Group::new(class);
        g.shapes = frame.rule(y_of(v), &v.to_string(), color, width, None);
        scene.groups.push(g);
    }

    let mut ends: Vec<(usize, f32)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.points.last().map(|pt| (i, y_of(i64::from(pt.1)))))
        .collect();
    frame.spread(&mut ends);
    for (i, line) in lines.iter().enumerate() {
        let color = p.sides[i % p.sides.len()];
        let mut g = Group::new("line");
        g.id = Some(format!("line{i}"));
        let points: Vec<(f32, f32)> =
            line.points.iter().map(|&(t, v)| (x_of(t), y_of(i64::from(v)))).collect();
        if let Some(&(cx, cy)) = points.last() {
            g.shapes.push(Shape::Line { points, stroke: color, width: 4.0, dash: None });
            g.shapes.push(Shape::Circle { cx, cy, r: 6.0, fill: color, pip: false });
        }
        scene.groups.push(g);
        if let (Some(pt), Some(end)) = (line.points.last(), ends.iter().find(|e| e.0 == i)) {
            let mut g = Group::new("end");
            g.id = Some(format!("end{i}"));
            g.shapes = frame.end_label(end.1, &pt.1.to_string(), color);
            scene.groups.push(g);
        }
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_holds_every_value_on_round_steps() {
        let of = |v: &[i32]| Scale::of(v.iter().copied());
        assert_eq!(of(&[]), Scale { low: -5, high: 5, step: 5 });
        assert_eq!(of(&[0]), Scale { low: -5, high: 5, step: 5 });
        assert_eq!(of(&[-7, 12]), Scale { low: -10, high: 15, step: 5 });
        assert_eq!(of(&[1480, 1520]), Scale { low: 1480, high: 1520, step: 10 });
        assert_eq!(of(&[-500, 2999]), Scale { low: -1000, high: 3000, step: 1000 });
        let s = of(&[i32::MIN, i32::MAX]);
        assert!(s.low <= i64::from(i32::MIN) && s.high >= i64::from(i32::MAX), "{s:?}");
        assert!(s.rules().count() <= 7);
    }

    #[test]
    fn only_the_first_eight_lines_are_drawn() {
        let lines: Vec<RatingLine> =
            (0..10).map(|i| RatingLine { points: vec![(i, i as i32 * 100)] }).collect();
        let scene = rating_scene(&lines, &Style::default());
        let ids: Vec<&str> = scene.groups.iter().filter_map(|g| g.id.as_deref()).collect();
        assert!(ids.contains(&"line7") && ids.contains(&"end7"), "{ids:?}");
        assert!(!ids.iter().any(|id| id.ends_with('8') || id.ends_with('9')), "{ids:?}");
        // The ninth line's 800 and the tenth's 900 are not on the scale either: 0…800 by 200.
        let rules = scene.groups.iter().filter(|g| g.class.starts_with("tick")).count();
        assert_eq!(rules, 5);
    }

    #[test]
    fn lines_at_one_time_stand_in_the_middle() {
        let line = RatingLine { points: vec![(1000, 3), (1000, 4)] };
        let scene = rating_scene(&[line.clone(), line], &Style::default());
        let dots: Vec<f32> = scene
            .groups
            .iter()
            .flat_map(|g| &g.shapes)
            .filter_map(|s| match s {
                Shape::Circle { cx, .. } => Some(*cx),
                _ => None,
            })
            .collect();
        assert_eq!(dots.len(), 2);
        assert!(dots.iter().all(|x| x.is_finite()), "{dots:?}");
    }
}
