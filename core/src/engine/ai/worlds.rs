//! Sampled worlds in batches, each distinct world once with how many times it was kept.
//!
//! While no play has been seen that says something of the hidden hands, worlds are dealt
//! independently and consistently with the observation ([`super::deal`]). Once plays have been
//! seen, worlds come from a Markov chain that keeps them in proportion to how well they explain
//! those plays ([`Chain`], [`Evidence`]); the chain is kept from batch to batch. A world the chain
//! stays on for several steps is played once and counted with its multiplicity, since a playout
//! is deterministic for a world.

use crate::engine::ai::chain::Chain;
use crate::engine::ai::deal;
use crate::engine::ai::evidence::Evidence;
use crate::engine::ai::observation::Observation;
use crate::engine::round::Round;
use rand::Rng;

/// Draws batches of worlds for one observation.
pub(super) struct Worlds<'o, 'a> {
    obs: &'o Observation<'a>,
    evidence: Evidence,
    chain: Option<Chain>,
    dealt: Vec<Round>,
    /// The batch: an index into `dealt` and how many times it was kept.
    kept: Vec<(usize, u32)>,
}

impl<'o, 'a> Worlds<'o, 'a> {
    pub(super) fn new(obs: &'o Observation<'a>) -> Self {
        Worlds {
            obs,
            evidence: Evidence::new(obs),
            chain: None,
            dealt: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// A batch of `n` worlds kept (fewer distinct ones), each with its multiplicity.
    pub(super) fn batch(
        &mut self,
        n: usize,
        rng: &mut impl Rng,
    ) -> impl Iterator<Item = (&Round, u32)> {
        self.dealt.clear();
        self.kept.clear();
        if self.evidence.is_empty() {
            self.dealt.extend((0..n).map(|_| deal::sample(self.obs, rng)));
            self.kept.extend((0..n).map(|i| (i, 1)));
        } else {
            self.walk(n, rng);
        }
        self.kept.iter().map(|&(i, c)| (&self.dealt[i], c))
    }

    fn walk(&mut self, n: usize, rng: &mut impl Rng) {
        let chain = match &mut self.chain {
            Some(chain) => chain,
            None => self.chain.insert(Chain::new(self.obs, &self.evidence, rng)),
        };
        let mut last = None;
        for _ in 0..n {
            chain.advance(self.obs, &self.evidence, rng);
            let hands = chain.hands();
            match self.kept.last_mut() {
                Some((_, count)) if last == Some(hands) => *count += 1,
                _ => {
                    self.dealt.push(chain.world(self.obs, rng));
                    self.kept.push((self.dealt.len() - 1, 1));
                }
            }
            last = Some(hands);
        }
    }
}
