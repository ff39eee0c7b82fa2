//! Sessions and the service, one test binary: the match clock, hints, tables' lifetimes, the
//! sample records and worked examples, seats, the service end to end, and the session state
//! machine under random commands. (Grouped to build one binary instead of eight.)

mod clock;
mod hints;
mod leave;
mod lifecycle;
mod queue;
mod samples;
mod seats;
mod service;
mod session_properties;
mod time_up;
mod votes;
mod warn;
mod worked_examples;
