//! Sampled worlds in batches, each distinct world once with how many times it was kept.
//!
//! Worlds are dealt consistently with the observation ([`super::deal`]); when plays have been
//! seen, [`OVERSAMPLE`] times more are dealt than kept and the kept ones drawn in proportion to
//! how well they explain those plays ([`Evidence`]) by systematic resampling. A heavy world is
//! kept several times; since a playout is deterministic for a world, it is played once and
//! counted with its multiplicity. The buffers are kept from batch to batch.

use crate::engine::ai::deal;
use crate::engine::ai::evidence::Evidence;
use crate::engine::ai::observation::Observation;
use crate::engine::round::Round;
use rand::Rng;

/// Candidate worlds dealt per world kept, when plays seen can tell them apart.
const OVERSAMPLE: usize = 4;

/// Draws batches of worlds for one observation.
pub(super) struct Worlds<'o, 'a> {
    obs: &'o Observation<'a>,
    evidence: Evidence,
    dealt: Vec<Round>,
    weights: Vec<f32>,
    /// The batch: an index into `dealt` and how many times it was kept.
    kept: Vec<(usize, u32)>,
}

impl<'o, 'a> Worlds<'o, 'a> {
    pub fn new(obs: &'o Observation<'a>) -> Self {
        Worlds {
            obs,
            evidence: Evidence::new(obs),
            dealt: Vec::new(),
            weights: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// A batch of `n` worlds kept (fewer distinct ones), each with its multiplicity.
    pub fn batch(&mut self, n: usize, rng: &mut impl Rng) -> impl Iterator<Item = (&Round, u32)> {
        self.dealt.clear();
        self.kept.clear();
        if self.evidence.is_empty() {
            self.dealt.extend((0..n).map(|_| deal::sample(self.obs, rng)));
            self.kept.extend((0..n).map(|i| (i, 1)));
        } else {
            self.resample(n, rng);
        }
        self.kept.iter().map(|&(i, c)| (&self.dealt[i], c))
    }

    fn resample(&mut self, n: usize, rng: &mut impl Rng) {
        let rules = self.obs.rules();
        self.weights.clear();
        for _ in 0..n * OVERSAMPLE {
            let world = deal::sample(self.obs, rng);
            self.weights.push(self.evidence.log_weight(rules, &world));
            self.dealt.push(world);
        }
        let top = self.weights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0;
        for w in &mut self.weights {
            sum += (*w - top).exp();
            *w = sum;
        }
        // Systematic resampling over the cumulative weights now in `weights`.
        let step = sum / n as f32;
        let mut at = rng.random::<f32>() * step;
        let mut j = 0;
        for _ in 0..n {
            while j + 1 < self.weights.len() && self.weights[j] < at {
                j += 1;
            }
            match self.kept.last_mut() {
                Some((i, count)) if *i == j => *count += 1,
                _ => self.kept.push((j, 1)),
            }
            at += step;
        }
    }
}
