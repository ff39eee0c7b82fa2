//! The computer players the service seats: `engine::ai` behind the session's `Robot` trait.
//! The expert gets a wall-clock safety cap here, in the async shell, so that the engine and the
//! session still read no clock.

use crate::engine::ai::{Budget, Level, choose_move_within};
use crate::engine::game::Match;
use crate::engine::moves::Move;
use crate::session::{BotLevel, Robot};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Computer players of every level, deterministic for a seed while the cap is not hit.
#[derive(Copy, Clone, Debug)]
pub struct AiRobot {
    pub budget: Budget,
    /// The most an expert may think about one move.
    pub cap: Duration,
}

impl Default for AiRobot {
    fn default() -> Self {
        AiRobot { budget: Budget::default(), cap: Duration::from_millis(250) }
    }
}

pub fn level(level: BotLevel) -> Level {
    match level {
        BotLevel::Random => Level::Random,
        BotLevel::Greedy => Level::Greedy,
        BotLevel::Expert => Level::Expert,
    }
}

impl Robot for AiRobot {
    fn choose(&self, game: &Match, seat: usize, bot: BotLevel, seed: u64) -> Move {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = Instant::now();
        let out_of_time = || start.elapsed() > self.cap;
        choose_move_within(level(bot), game, seat, &mut rng, self.budget, &out_of_time)
            .or_else(|| game.legal_moves(seat).first().copied())
            .expect("the seat to move has a legal move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::{Rules, Variant};
    use crate::session::{
        Action, Actor, ChatId, Command, Lang, NewTable, Person, Phase, Platform, Table, UserId,
    };

    #[test]
    fn every_level_plays_a_whole_match_at_a_table() {
        for bot in BotLevel::ALL {
            let person = Person::new(UserId::new(Platform::Terminal, "me"), "Me");
            let new = NewTable {
                id: 1,
                chat: ChatId::new(Platform::Terminal, "t"),
                number: 1,
                rules: Rules::new(Variant::Kozel),
                size: 2,
                lang: Lang::En,
                turn_secs: None,
                bot_level: bot,
                seed: 7,
                clock: None,
            };
            let robot = AiRobot { budget: Budget { playouts: 40 }, ..AiRobot::default() };
            let (mut t, _) = Table::duel(new, person.clone(), None, 0, 0).unwrap();
            // The person resigns control: every move of theirs is made by the robot too.
            let away =
                Command { actor: Actor::person(person), action: Action::Leave, version: None };
            t.apply(&away, 0).unwrap();
            t.play_robots(0, &robot);
            assert_eq!(t.phase, Phase::Finished, "{bot:?}: the computers finish the match");
        }
    }
}
