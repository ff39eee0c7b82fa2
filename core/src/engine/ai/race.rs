//! The race between candidate moves: every move still in it is played in the same worlds, and a
//! move whose paired difference with the leader is clearly negative leaves it.
//!
//! After at least [`MIN_ROWS`] distinct worlds, a move leaves when the leader's mean lead over
//! it, on the worlds both were played in, is at least [`Z`] standard errors (worlds weighted by
//! their multiplicity). A move that scored exactly as the leader in every world so far (the
//! same tile on two arms showing the same pip, say) leaves too: the first of equals is kept.
//! A move that left keeps the mean it had.

/// Distinct worlds before any move may leave the race.
const MIN_ROWS: usize = 24;
/// Standard errors of lead for a move to leave.
const Z: f32 = 2.5;

/// Values of every move in every world, a row per world.
pub(super) struct Race {
    moves: usize,
    /// Row-major, `moves` values per row; a move that left has no values after it left.
    values: Vec<f32>,
    weights: Vec<f32>,
    /// Per move: `None` while in the race, else the rows it was played in.
    left_after: Vec<Option<usize>>,
}

impl Race {
    pub(super) fn new(moves: usize) -> Race {
        Race {
            moves,
            values: Vec::with_capacity(moves * 256),
            weights: Vec::with_capacity(256),
            left_after: vec![None; moves],
        }
    }

    /// Distinct worlds played so far.
    pub(super) fn rows(&self) -> usize {
        self.weights.len()
    }

    pub(super) fn alive(&self) -> usize {
        self.left_after.iter().filter(|l| l.is_none()).count()
    }

    pub(super) fn is_alive(&self, i: usize) -> bool {
        self.left_after[i].is_none()
    }

    /// Starts the row of a new world kept `weight` times.
    pub(super) fn begin_row(&mut self, weight: f32) {
        self.weights.push(weight);
        self.values.resize(self.values.len() + self.moves, 0.0);
    }

    /// The value of move `i` in the current world.
    pub(super) fn set(&mut self, i: usize, value: f32) {
        let row = self.rows() - 1;
        self.values[row * self.moves + i] = value;
    }

    fn value(&self, row: usize, i: usize) -> f32 {
        self.values[row * self.moves + i]
    }

    fn played(&self, i: usize) -> usize {
        self.left_after[i].unwrap_or(self.rows())
    }

    fn mean(&self, i: usize) -> f32 {
        let rows = self.played(i);
        let (mut sum, mut weight) = (0.0, 0.0);
        for r in 0..rows {
            sum += self.weights[r] * self.value(r, i);
            weight += self.weights[r];
        }
        if weight > 0.0 { sum / weight } else { 0.0 }
    }

    /// The mean of every move over the worlds it was played in.
    pub(super) fn means(&self) -> Vec<f32> {
        (0..self.moves).map(|i| self.mean(i)).collect()
    }

    /// Moves clearly behind the leader leave the race.
    pub(super) fn cut(&mut self) {
        let rows = self.rows();
        if rows < MIN_ROWS || self.alive() < 2 {
            return;
        }
        let alive: Vec<usize> = (0..self.moves).filter(|&i| self.is_alive(i)).collect();
        let mut leader = alive[0];
        let mut top = self.mean(leader);
        for &i in &alive[1..] {
            let m = self.mean(i);
            if m > top {
                (leader, top) = (i, m);
            }
        }
        for &j in alive.iter().filter(|&&j| j != leader) {
            let (mut sum, mut weight) = (0.0, 0.0);
            for r in 0..rows {
                sum += self.weights[r] * (self.value(r, leader) - self.value(r, j));
                weight += self.weights[r];
            }
            let lead = sum / weight;
            let mut var = 0.0;
            for r in 0..rows {
                let d = self.value(r, leader) - self.value(r, j) - lead;
                var += self.weights[r] * d * d;
            }
            let se = (var / weight / weight).sqrt();
            if lead >= Z * se {
                self.left_after[j] = Some(rows);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clearly_worse_move_and_an_equal_one_leave_a_close_one_stays() {
        let mut race = Race::new(4);
        for r in 0..MIN_ROWS {
            race.begin_row(1.0);
            let noise = if r % 2 == 0 { 1.0 } else { -1.0 };
            race.set(0, noise);
            race.set(1, noise - 1.0);
            race.set(2, noise);
            race.set(3, -noise - 0.1);
        }
        race.cut();
        assert!(race.is_alive(0));
        assert!(!race.is_alive(1), "a whole round behind in every world");
        assert!(!race.is_alive(2), "the same as the leader in every world");
        assert!(race.is_alive(3), "behind on average, too noisy to call");
        assert_eq!(race.alive(), 2);
        let means = race.means();
        assert!((means[1] + 1.0).abs() < 1e-6);
    }
}
