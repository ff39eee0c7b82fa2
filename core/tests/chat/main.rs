//! The chat layer straight through its door, one test binary: people's help and its fairness,
//! where games live, every press codec, presses on what a message offers, and moves pressed on
//! a hand behind the table, tournaments (`tournaments.rs`, with `tour_kills.rs`: a fixture's
//! opening killed at each commit boundary). (Grouped to build one binary.)

mod advice;
mod advice_fair;
mod behind;
mod defaults;
mod find;
mod flow;
mod game_names;
mod menu_presses;
mod pings;
mod places;
mod press_codecs;
mod presses;
mod replay;
mod screen;
mod screen_reads;
mod setup;
mod tour_kills;
mod tour_kit;
mod tournaments;
mod watch;
