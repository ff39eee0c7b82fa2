//! `domino run` as a service, the real binary against small fakes of each platform: a stop on
//! SIGTERM in the middle of a match (queued messages delivered, every accepted action stored,
//! the next start resumes), a platform that never connects, health and metrics scraped while a
//! match runs.

mod discord;
mod fake_discord;
mod fake_telegram;
mod process;
mod refused;
mod store;
mod telegram;
mod unreachable;
