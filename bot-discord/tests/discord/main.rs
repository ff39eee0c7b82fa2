//! The Discord adapter end to end: a real serenity client against a fake Discord on loopback
//! (REST through the proxy setting, a websocket gateway), asserting on what the bot sent.

mod fake;
mod harness;
mod multipart;
mod payloads;

mod contained;
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
mod restart;
mod scenario;
mod shards;
mod slow;
mod strange;
mod watch;
