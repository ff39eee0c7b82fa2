//! The Discord adapter end to end: a real serenity client against a fake Discord on loopback
//! (REST through the proxy setting, a websocket gateway), asserting on what the bot sent.

use domino_discord::fake;
use domino_discord::fake::payloads;

mod harness;

mod clock;
mod contained;
mod defaults;
mod flow;
mod flows;
mod kept;
mod match_votes;
mod monkey;
mod onetap;
mod pace;
mod pictures;
mod places;
mod refusals;
mod register;
mod removed;
mod restart;
mod review;
mod roles;
mod scenario;
mod screen;
mod shards;
mod slow;
mod strange;
mod watch;
