//! A pairs night's draw: who sits out, who partners whom, which pairs meet.
//!
//! - Sit-outs: with `n` entrants still in, `n mod 4` sit out a round: those who have sat out
//!   least so far, by lot among equals. So nobody sits out twice before everyone has once (the
//!   counts never differ by more than one while nobody withdraws).
//! - Partners: by lot, with the fewest repeated partnerships the round allows: a maximum
//!   matching of «never partnered yet» (Edmonds' blossom algorithm over the players in drawn
//!   order), the rest paired by lot. So when a pairing of the round's players with no repeated
//!   partner exists, one is drawn; when none exists, as few pairs repeat as possible.
//!   Partnered means drawn on one side of a fixture that was not left unplayed.
//! - Opponents: the pairs are set against each other by lot.

use super::{EntrantNo, FixtureState, Tournament};
use rand::Rng;
use rand::seq::SliceRandom;

/// The round's partnerships, by lot: as few repeated partners (`partnered(a, b)`) as possible.
/// `players` must be even in number.
pub fn draw_partners(
    players: &[EntrantNo],
    partnered: impl Fn(EntrantNo, EntrantNo) -> bool,
    rng: &mut impl Rng,
) -> Vec<[EntrantNo; 2]> {
    let mut order = players.to_vec();
    order.shuffle(rng);
    let n = order.len();
    let mut fresh: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| j != i && !partnered(order[i], order[j])).collect())
        .collect();
    for adj in &mut fresh {
        adj.shuffle(rng);
    }
    let mate = max_matching(&fresh);
    let mut pairs = Vec::with_capacity(n / 2);
    let mut left = Vec::new();
    for i in 0..n {
        match mate[i] {
            Some(j) if i < j => pairs.push([order[i], order[j]]),
            Some(_) => {}
            None => left.push(order[i]),
        }
    }
    pairs.extend(left.chunks_exact(2).map(|c| [c[0], c[1]]));
    pairs.shuffle(rng);
    pairs
}

/// A maximum matching of a general graph (Edmonds' blossoms, the O(n³) form).
fn max_matching(g: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = g.len();
    let mut mate: Vec<Option<usize>> = vec![None; n];
    for root in 0..n {
        if mate[root].is_some() {
            continue;
        }
        let mut s = Blossoms::new(n);
        let mut v = s.augmenting_path(g, &mate, root);
        while let Some(x) = v {
            let px = s.parent[x].expect("on the path");
            let next = mate[px];
            mate[x] = Some(px);
            mate[px] = Some(x);
            v = next;
        }
    }
    mate
}

/// The search state of one augmenting path.
struct Blossoms {
    parent: Vec<Option<usize>>,
    base: Vec<usize>,
    used: Vec<bool>,
}

impl Blossoms {
    fn new(n: usize) -> Blossoms {
        Blossoms { parent: vec![None; n], base: (0..n).collect(), used: vec![false; n] }
    }

    fn lca(&self, mate: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            match mate[a] {
                Some(m) => a = self.parent[m].expect("an outer vertex's mate has a parent"),
                None => break,
            }
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            let m = mate[b].expect("below the root");
            b = self.parent[m].expect("an outer vertex's mate has a parent");
        }
    }

    fn mark(
        &mut self,
        mate: &[Option<usize>],
        in_blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while self.base[v] != b {
            let m = mate[v].expect("inside a blossom");
            in_blossom[self.base[v]] = true;
            in_blossom[self.base[m]] = true;
            self.parent[v] = Some(child);
            child = m;
            v = self.parent[m].expect("inside a blossom");
        }
    }

    /// The free vertex an augmenting path from `root` ends at, with `parent` leading back.
    fn augmenting_path(
        &mut self,
        g: &[Vec<usize>],
        mate: &[Option<usize>],
        root: usize,
    ) -> Option<usize> {
        let n = g.len();
        self.used[root] = true;
        let mut queue = vec![root];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &to in &g[v] {
                if self.base[v] == self.base[to] || mate[v] == Some(to) {
                    continue;
                }
                let outer = to == root || mate[to].is_some_and(|m| self.parent[m].is_some());
                if outer {
                    let b = self.lca(mate, v, to);
                    let mut in_blossom = vec![false; n];
                    self.mark(mate, &mut in_blossom, v, b, to);
                    self.mark(mate, &mut in_blossom, to, b, v);
                    for i in 0..n {
                        if in_blossom[self.base[i]] {
                            self.base[i] = b;
                            if !self.used[i] {
                                self.used[i] = true;
                                queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    let Some(m) = mate[to] else { return Some(to) };
                    self.used[m] = true;
                    queue.push(m);
                }
            }
        }
        None
    }
}

impl Tournament {
    /// Whether `a` and `b` have been drawn as partners (in a fixture not left unplayed).
    pub fn partnered(&self, a: EntrantNo, b: EntrantNo) -> bool {
        self.fixtures.iter().any(|f| {
            f.state != FixtureState::Unplayed
                && f.sides.iter().any(|s| s.contains(&a) && s.contains(&b))
        })
    }

    /// Draws the next round of a pairs night: (sit-outs, tables of two pairs). Empty tables
    /// when fewer than four are still in.
    pub(super) fn draw_night_round(
        &self,
        rng: &mut impl Rng,
    ) -> (Vec<EntrantNo>, Vec<[Vec<EntrantNo>; 2]>) {
        let mut active: Vec<EntrantNo> =
            (0..self.entrants.len()).filter(|&e| !self.entrants[e].withdrawn).collect();
        if active.len() < 4 {
            return (active, Vec::new());
        }
        active.shuffle(rng);
        active.sort_by_key(|&e| self.entrants[e].sat_out);
        let mut out = active.drain(..active.len() % 4).collect::<Vec<_>>();
        out.sort_unstable();
        let pairs = draw_partners(&active, |a, b| self.partnered(a, b), rng);
        let tables = pairs.chunks_exact(2).map(|c| [c[0].to_vec(), c[1].to_vec()]).collect();
        (out, tables)
    }
}
