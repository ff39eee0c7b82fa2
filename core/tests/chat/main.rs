//! The chat layer straight through its door, one test binary: people's help and its fairness,
//! where games live, every press codec, and presses on what a message offers. (Grouped to
//! build one binary instead of five.)

mod advice;
mod advice_fair;
mod places;
mod press_codecs;
mod presses;
