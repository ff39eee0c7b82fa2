//! The Telegram bot end to end: the real teloxide bot against a fake Bot API server on
//! loopback, driven through the messages and buttons people use.

use domino_telegram::fake;

mod clock;
mod contained;
mod controls;
mod defaults;
mod flow;
mod hand_pictures;
mod harness;
mod in_group;
mod instances;
mod kept;
mod limits;
mod match_votes;
mod matches;
mod monkey;
mod pictures;
mod places;
mod presses;
mod removed;
mod review;
mod safety;
mod scenario;
mod screen;
mod strange;
mod tags;
mod told;
mod versus;
mod watch;
mod webhook;
