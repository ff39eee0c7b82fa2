//! The rating chart shows the numbers it is given: over random lines, each line's polyline has
//! a vertex per point at its value on the scale read back from the drawn rules, placed in time
//! order; each end reads its last value; the rules are round steps holding every value.

use super::chart_read::{Part, part, parts, read_number};
use domino_core::view::picture::{RATING_LINES, RatingLine, Style, rating_svg};
use proptest::prelude::*;

/// The scale as drawn: each rule's value (read from its digits) and height.
fn rules(parts: &[Part]) -> Result<Vec<(i64, f32)>, String> {
    let mut out = Vec::new();
    for p in parts.iter().filter(|p| p.class.split(' ').next() == Some("tick")) {
        let (rule, digits) = p.lines.split_first().ok_or("an empty rule")?;
        let value: i64 = read_number(digits)?.parse().map_err(|e| format!("{e}"))?;
        if p.class.contains("zero") != (value == 0) {
            return Err(format!("rule {value} of class {}", p.class));
        }
        out.push((value, rule[0].1));
    }
    Ok(out)
}

fn check(lines: &[RatingLine], svg: &str) -> Result<(), String> {
    let parts = parts(svg);
    let rules = rules(&parts)?;
    let (Some(&(low, low_y)), Some(&(high, high_y))) = (rules.first(), rules.last()) else {
        return Err("no rules".into());
    };
    // (c) Rules a step apart, each a multiple of the step, holding every value.
    let step = rules.get(1).map_or(0, |r| r.0) - low;
    if step <= 0 || rules.windows(2).any(|w| w[1].0 - w[0].0 != step) {
        return Err(format!("rules not a step apart: {rules:?}"));
    }
    if rules.iter().any(|r| r.0 % step != 0) {
        return Err(format!("a rule off the step {step}: {rules:?}"));
    }
    let values = lines.iter().flat_map(|l| l.points.iter().map(|p| i64::from(p.1)));
    let (min, max) = (values.clone().min().unwrap_or(0), values.max().unwrap_or(0));
    if min < low || max > high {
        return Err(format!("values {min}…{max} outside the axis {low}…{high}"));
    }
    // The scale read back: a value per pixel, and half a pixel's worth as the tolerance.
    let per_px = (high - low) as f32 / (low_y - high_y);
    let value_at = |y: f32| low as f32 + (low_y - y) * per_px;
    let mut placed: Vec<(i64, f32)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let drawn = part(&parts, &format!("line{i}")).ok_or(format!("no line{i}"))?;
        // (a) A vertex per point, at its value.
        let vertices = drawn.lines.first().ok_or(format!("line{i} not drawn"))?;
        if vertices.len() != line.points.len() {
            return Err(format!(
                "line{i}: {} vertices, {} points",
                vertices.len(),
                line.points.len()
            ));
        }
        for (&(t, v), &(x, y)) in line.points.iter().zip(vertices) {
            if (value_at(y) - v as f32).abs() > per_px / 2.0 {
                return Err(format!("line{i}: {v} drawn at {y}, which reads {}", value_at(y)));
            }
            placed.push((t, x));
        }
        // (b) The end reads the last value.
        let end = part(&parts, &format!("end{i}")).ok_or(format!("no end{i}"))?;
        let last = line.points.last().map(|p| p.1.to_string());
        let read = read_number(&end.lines)?;
        if Some(&read) != last.as_ref() {
            return Err(format!("end{i} reads {read}, its last value is {last:?}"));
        }
    }
    // (a) Later points never stand left of earlier ones, whichever line they are on.
    placed.sort_by_key(|p| p.0);
    if let Some(w) = placed.windows(2).find(|w| w[1].1 < w[0].1) {
        return Err(format!(
            "time {} at x {} left of time {} at x {}",
            w[1].0, w[1].1, w[0].0, w[0].1
        ));
    }
    if part(&parts, &format!("line{}", lines.len())).is_some() {
        return Err("a line too many".into());
    }
    Ok(())
}

const DAY: i64 = 86_400_000;

fn line() -> impl Strategy<Value = RatingLine> {
    let start = 1_700_000_000_000..1_700_000_000_000 + 30 * DAY;
    let points = prop::collection::vec((1..3 * DAY, -500..3000i32), 1..=60);
    (start, points).prop_map(|(mut at, steps)| {
        let points = steps
            .into_iter()
            .map(|(gap, v)| {
                at += gap;
                (at, v)
            })
            .collect();
        RatingLine { points }
    })
}

/// 1 to 8 lines of 1 to 60 points each.
fn lines() -> impl Strategy<Value = Vec<RatingLine>> {
    prop::collection::vec(line(), 1..=RATING_LINES)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_chart_shows_the_numbers_it_is_given(lines in lines()) {
        let svg = rating_svg(&lines, &Style::default());
        let result = check(&lines, &svg);
        prop_assert!(result.is_ok(), "{:?}\n{svg}", result);
    }
}
