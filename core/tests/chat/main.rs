//! The chat layer straight through its door, one test binary: people's help and its fairness,
//! where games live, every press codec, presses on what a message offers, and moves pressed on
//! a hand behind the table. (Grouped to build one binary instead of six.)

mod advice;
mod advice_fair;
mod behind;
mod find;
mod flow;
mod game_names;
mod pings;
mod places;
mod press_codecs;
mod presses;
mod replay;
mod setup;
mod watch;
