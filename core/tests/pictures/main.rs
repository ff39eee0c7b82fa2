//! Tests of the pictures: SVG snapshots of every variant's table, a round's end and a tally;
//! the invariants over random matches (every tile on the table drawn once with its pips,
//! inside, no overlap, nothing hidden; a hand's picture shows its owner's tiles alone); the rating chart shows the numbers it is given; the
//! PNG decodes at its size and under the limit; a round's replay is a GIF of a frame a move.

mod chart_read;
#[path = "../common/mod.rs"]
mod common;
#[path = "../views/fixtures.rs"]
#[allow(dead_code)]
mod fixtures;
mod hand;
mod png;
mod properties;
mod ratings;
mod replay;
mod snapshots;
mod standings;
mod svg;
