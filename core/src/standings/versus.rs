//! Head-to-head: what two people's finished matches in a chat add up to, as opponents and as
//! partners (`/vs`).

use super::rows::PlayedMatch;
use super::summary::SummaryPlayer;
use crate::session::UserId;

/// Two people's matches against each other and together.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// Matches both played on different sides.
    pub opposed: u32,
    /// Of those, the matches the first person's side won and the second's did not.
    pub first_ahead: u32,
    /// The matches the second person's side won and the first's did not.
    pub second_ahead: u32,
    /// Goats (the losing side) among the matches as opponents: the first person's, the second's.
    pub first_goats: u32,
    pub second_goats: u32,
    /// Matches both played on one side (pairs), how many that side won, how many it was the goat.
    pub together: u32,
    pub together_won: u32,
    pub together_goats: u32,
}

impl std::ops::AddAssign for HeadToHead {
    fn add_assign(&mut self, o: HeadToHead) {
        self.opposed += o.opposed;
        self.first_ahead += o.first_ahead;
        self.second_ahead += o.second_ahead;
        self.first_goats += o.first_goats;
        self.second_goats += o.second_goats;
        self.together += o.together;
        self.together_won += o.together_won;
        self.together_goats += o.together_goats;
    }
}

impl HeadToHead {
    /// Adds up `matches` for `first` and `second` (each match counted once, whatever its game).
    pub fn of(matches: &[PlayedMatch], first: &UserId, second: &UserId) -> HeadToHead {
        let mut h = HeadToHead::default();
        for m in matches {
            h.add(&m.players, first, second);
        }
        h
    }

    /// Adds the match of `players` for `first` and `second`, if both played it (each at their
    /// first seat): the one place that decides what a match adds to a head-to-head.
    pub fn add(&mut self, players: &[SummaryPlayer], first: &UserId, second: &UserId) {
        let seat = |who: &UserId| players.iter().find(|p| p.user.as_ref() == Some(who));
        let (Some(a), Some(b)) = (seat(first), seat(second)) else { return };
        if a.side == b.side {
            self.together += 1;
            self.together_won += u32::from(a.won);
            self.together_goats += u32::from(a.goat);
        } else {
            self.opposed += 1;
            self.first_ahead += u32::from(a.won && !b.won);
            self.second_ahead += u32::from(b.won && !a.won);
            self.first_goats += u32::from(a.goat);
            self.second_goats += u32::from(b.goat);
        }
    }

    /// Matches as opponents that neither won alone (both won or both lost).
    pub fn level(&self) -> u32 {
        self.opposed - self.first_ahead - self.second_ahead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::Variant;
    use crate::session::Platform;

    fn user(name: &str) -> UserId {
        UserId::new(Platform::Telegram, name)
    }

    /// A match from seats written `name:side:won:goat` (`bot` is a computer).
    fn played(seats: &[&str]) -> PlayedMatch {
        let players = seats
            .iter()
            .enumerate()
            .map(|(seat, s)| {
                let f: Vec<&str> = s.split(':').collect();
                SummaryPlayer {
                    user: (f[0] != "bot").then(|| user(f[0])),
                    name: f[0].into(),
                    seat: seat as u8,
                    side: f[1].parse().unwrap(),
                    won: f[2] == "w",
                    goat: f[3] == "g",
                    points_for: 0,
                    points_against: 0,
                    relieved: false,
                }
            })
            .collect();
        PlayedMatch {
            table_id: 1,
            season: 1,
            variant: Variant::Kozel,
            pairs: false,
            rounds: 1,
            finished_at: 0,
            players,
        }
    }

    #[test]
    fn opponents_partners_and_strangers_each_count_where_they_belong() {
        let ann = user("ann");
        let bob = user("bob");
        let cases: &[(&[&str], HeadToHead)] = &[
            // A duel Ann wins, Bob the goat.
            (
                &["ann:0:w:-", "bob:1:-:g"],
                HeadToHead { opposed: 1, first_ahead: 1, second_goats: 1, ..Default::default() },
            ),
            // Three each alone, both win (a third person is the goat): level.
            (
                &["ann:0:w:-", "bob:1:w:-", "cat:2:-:g"],
                HeadToHead { opposed: 1, ..Default::default() },
            ),
            // Partners who lose.
            (
                &["ann:0:-:g", "cat:1:w:-", "bob:0:-:g", "dan:1:w:-"],
                HeadToHead { together: 1, together_goats: 1, ..Default::default() },
            ),
            // Traditional domino: a winner, no goat.
            (
                &["bob:0:w:-", "ann:1:-:-"],
                HeadToHead { opposed: 1, second_ahead: 1, ..Default::default() },
            ),
            // Bob not at the table, or only a computer: nothing.
            (&["ann:0:w:-", "cat:1:-:g"], HeadToHead::default()),
            (&["ann:0:w:-", "bot:1:-:g"], HeadToHead::default()),
        ];
        let mut all = Vec::new();
        let mut sum = HeadToHead::default();
        for (seats, want) in cases {
            let m = played(seats);
            assert_eq!(HeadToHead::of(std::slice::from_ref(&m), &ann, &bob), *want, "{seats:?}");
            all.push(m);
            sum.opposed += want.opposed;
            sum.first_ahead += want.first_ahead;
            sum.second_ahead += want.second_ahead;
            sum.first_goats += want.first_goats;
            sum.second_goats += want.second_goats;
            sum.together += want.together;
            sum.together_won += want.together_won;
            sum.together_goats += want.together_goats;
        }
        let h = HeadToHead::of(&all, &ann, &bob);
        assert_eq!(h, sum);
        assert_eq!(h.level(), 1);
        // Seen from Bob, the same matches the other way round.
        let back = HeadToHead::of(&all, &bob, &ann);
        assert_eq!((back.first_ahead, back.second_ahead), (h.second_ahead, h.first_ahead));
        assert_eq!((back.first_goats, back.second_goats), (h.second_goats, h.first_goats));
    }
}
