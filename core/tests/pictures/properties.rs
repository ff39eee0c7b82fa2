//! Invariants of the pictures over random matches of every variant and random rules:
//! after every move the board picture draws each tile on the table once, with its pips,
//! inside the picture, none overlapping; a table's picture shows nothing of a hidden hand;
//! a round's end is drawn only once the round is over, with every hand; each person's hand
//! picture draws their own tiles and nothing else.

use super::common::table as rule_set;
use super::fixtures::{apply, lobby, person};
use super::svg::{all_pips, check, tiles};
use domino_core::engine::game::Match;
use domino_core::engine::moves::Move;
use domino_core::engine::tile::{Tile, TileSet};
use domino_core::session::game::deal_for;
use domino_core::session::{Action, Lang, Phase, Table};
use domino_core::view::hand_view;
use domino_core::view::picture::{
    PictureError, Style, board_svg, hand_svg, round_end_svg, table_svg,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rounds of each match checked move by move (the pictures are slow in a debug build).
const ROUNDS: usize = 3;

fn laid_by(mv: &Move) -> Vec<Tile> {
    match mv {
        Move::Lead { tile, .. } => vec![*tile],
        Move::Play(list) => list.as_slice().iter().map(|p| p.tile).collect(),
        Move::Draw | Move::Pass => Vec::new(),
    }
}

/// The pips drawn for a set of tiles face up: a half past nine is a numeral, not pips.
fn pips(set: TileSet) -> usize {
    let half = |v: u8| if v > 9 { 0 } else { usize::from(v) };
    set.iter().map(|t| half(t.low()) + half(t.high())).sum()
}

/// The hands left when round `round` (1-based) of the table's match ended, replayed here
/// from the seed and the stored moves.
pub(super) fn hands_at_end(table: &Table, round: usize) -> TileSet {
    let game = table.game.as_ref().expect("a match");
    let (rules, seats) = (game.live.rules(), game.live.seats());
    let mut m = Match::new(rules.clone(), seats).expect("rules seat the table");
    for (i, moves) in game.rounds.iter().enumerate().take(round) {
        m.start_round(&deal_for(rules, seats, game.seed, i)).expect("a deal");
        for &(seat, mv) in moves {
            m.apply(seat as usize, mv).expect("a stored move");
        }
    }
    let round = m.round().expect("a round");
    round.hands().iter().fold(TileSet::EMPTY, |all, h| all.union(*h))
}

fn check_table(table: &Table, style: &Style) -> Result<(), String> {
    let Some(round) = table.live().and_then(|m| m.round()) else { return Ok(()) };
    let on_table = round.board().on_table();
    let svg = table_svg(table, style).map_err(|e| e.to_string())?;
    check(&svg, 't', on_table)?;
    if tiles(&svg).iter().any(|d| d.kind != 't') {
        return Err("a hand tile in the table picture".into());
    }
    // No pip anywhere but on the tiles on the table: nothing hidden is drawn face up.
    if all_pips(&svg) != pips(on_table) {
        return Err(format!("{} pips drawn, {} on the table", all_pips(&svg), pips(on_table)));
    }
    // Each person's hand picture: their own tiles, nothing of the table nor of anyone else.
    for (seat, _) in table.humans() {
        let Some(view) = hand_view(table, seat) else { continue };
        let own = round.hand(seat);
        let svg = hand_svg(&view.tiles, &view.playable, style);
        check(&svg, 'h', own).map_err(|e| format!("seat {seat}'s hand picture: {e}"))?;
        if tiles(&svg).iter().any(|d| d.kind != 'h') || all_pips(&svg) != pips(own) {
            return Err(format!("seat {seat}'s hand picture draws more than its hand"));
        }
    }
    let rounds = table.game.as_ref().map_or(0, |g| g.rounds.len()) as u32;
    if table.phase == Phase::Playing && !round.is_over() {
        match round_end_svg(table, rounds, style) {
            Err(PictureError::RoundNotOver(r)) if r == rounds => {}
            other => return Err(format!("the round in play drawn as ended: {other:?}")),
        }
    }
    if rounds > 1 {
        // The round before is over: every hand it left is shown, and nothing else.
        let svg = round_end_svg(table, rounds - 1, style).map_err(|e| e.to_string())?;
        check(&svg, 'h', hands_at_end(table, rounds as usize - 1))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    /// Engine matches under random rules: the board picture after every move.
    #[test]
    fn every_tile_on_the_board_is_drawn_once((rules, seats) in rule_set(), seed in any::<u64>()) {
        let style = Style::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Match::new(rules, seats).unwrap();
        for _ in 0..ROUNDS {
            if game.is_over() {
                break;
            }
            game.start_random_round(&mut rng);
            while !game.round().unwrap().is_over() && !game.is_over() {
                let round = game.round().unwrap();
                let seat = round.to_move().map_or_else(|| rng.random_range(0..seats), usize::from);
                let moves = game.legal_moves(seat);
                let mv = moves[rng.random_range(0..moves.len())];
                game.apply(seat, mv).unwrap();
                let round = game.round().unwrap();
                let svg = board_svg(round.board(), &laid_by(&mv), Some(round.bazaar_len()), &style);
                let result = check(&svg, 't', round.board().on_table());
                prop_assert!(result.is_ok(), "{:?} after {mv}:\n{svg}", result);
            }
        }
    }

    /// Tables played through the session: the public picture and the round's end.
    #[test]
    fn a_table_picture_shows_nothing_hidden((rules, seats) in rule_set(), seed in any::<u64>()) {
        let style = Style::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let anna = person("Anna");
        let mut table = lobby(rules, seats as u8, Lang::En, &anna, seed);
        apply(&mut table, &anna, Action::Start);
        for _ in 0..400 {
            let result = check_table(&table, &style);
            prop_assert!(result.is_ok(), "{:?}", result);
            let rounds = table.game.as_ref().map_or(0, |g| g.rounds.len());
            if table.phase != Phase::Playing || rounds > ROUNDS {
                break;
            }
            let seat = table.to_move().expect("a seat to move");
            let moves = table.live().unwrap().legal_moves(seat);
            let mv = moves[rng.random_range(0..moves.len())];
            apply(&mut table, &anna, Action::Move { mv });
        }
    }
}
