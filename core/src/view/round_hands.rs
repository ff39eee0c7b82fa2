//! The last move and every hand at a round's end, as text: what the round-end picture shows under the board,
//! for a place without pictures (`domino play`). Like the picture, refused for a round still
//! in play, so no hidden tile is ever written.

use super::picture::replayed;
use super::text::{seat_name, tile_text, tr};
use crate::session::{Lang, Table};

/// The round's last move, then one line per seat, in seat order: «Анна: [6|4] [2|1] — 13», the hand's value as the
/// round's scoring counts it; «—» for an empty hand. `None` when round `round` (1-based) is
/// not over, or there is no such round.
pub fn round_hands_text(table: &Table, round: u32, lang: Lang) -> Option<String> {
    let game = table.game.as_ref()?;
    let m = replayed(game, round).ok()?;
    let r = m.round()?;
    let last_round = round as usize == game.rounds.len();
    if !(r.is_over() || last_round && m.is_over()) {
        return None;
    }
    let rules = m.rules();
    let mut out = Vec::new();
    let last = game.rounds.get(round as usize - 1).and_then(|moves| moves.last());
    if let Some(&(seat, mv)) = last {
        let who = seat_name(table, seat as usize, lang).unwrap_or_default();
        let played = super::render::move_text(&mv, Some(r.board()), lang);
        out.push(format!("{} {who}: {played}", tr(lang, "Последний ход:", "Last move:")));
    }
    out.push(tr(lang, "Кости на руках:", "Tiles left in hand:").to_owned());
    for seat in 0..r.seats() {
        let name = seat_name(table, seat, lang).unwrap_or_else(|| format!("{}", seat + 1));
        let hand = r.hand(seat);
        let mut tiles: Vec<_> = hand.iter().map(|t| (t.high(), t.low())).collect();
        tiles.sort_unstable_by(|a, b| b.cmp(a));
        if tiles.is_empty() {
            out.push(format!("  {name}: —"));
            continue;
        }
        let written: Vec<String> = tiles.iter().map(|&(a, b)| tile_text(a, b)).collect();
        out.push(format!("  {name}: {} — {}", written.join(" "), rules.hand_value(hand)));
    }
    Some(out.join("\n"))
}
