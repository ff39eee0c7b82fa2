//! The round robin's schedule by the circle method: the first entrant stays put, the others
//! turn one place a round; with an odd count a bye takes the missing place, so each entrant sits
//! out exactly one round (and none with an even count).

use super::EntrantNo;

/// The rounds of a round robin of `order` (the entrants in drawn order): `n − 1` rounds for an
/// even count, `n` for an odd one; each round's matches as (side 0, side 1). Every two entrants
/// meet exactly once and nobody plays twice in a round. The fixed entrant alternates sides
/// round by round, so nobody is always side 0.
pub fn circle(order: &[EntrantNo]) -> Vec<Vec<[EntrantNo; 2]>> {
    if order.len() < 2 {
        return Vec::new();
    }
    let mut ring: Vec<Option<EntrantNo>> = order.iter().copied().map(Some).collect();
    if ring.len() % 2 == 1 {
        ring.push(None);
    }
    let m = ring.len();
    let mut rounds = Vec::with_capacity(m - 1);
    for r in 0..m - 1 {
        let mut matches = Vec::with_capacity(m / 2);
        for i in 0..m / 2 {
            let (a, b) = (ring[i], ring[m - 1 - i]);
            if let (Some(a), Some(b)) = (a, b) {
                let flip = if i == 0 { r % 2 == 1 } else { i % 2 == 1 };
                matches.push(if flip { [b, a] } else { [a, b] });
            }
        }
        rounds.push(matches);
        // Keep ring[0]; turn the rest one place.
        ring[1..].rotate_right(1);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_entrants_play_three_rounds_of_two() {
        let rounds = circle(&[0, 1, 2, 3]);
        assert_eq!(rounds, vec![vec![[0, 3], [2, 1]], vec![[2, 0], [1, 3]], vec![[0, 1], [3, 2]],]);
    }

    #[test]
    fn three_entrants_take_turns_at_the_bye() {
        let rounds = circle(&[0, 1, 2]);
        assert_eq!(rounds, vec![vec![[2, 1]], vec![[2, 0]], vec![[0, 1]]]);
        assert!(circle(&[7]).is_empty());
    }
}
