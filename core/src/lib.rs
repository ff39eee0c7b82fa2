//! domino-core: the rules engine, game records and (with later issues) sessions, store and views
//! of the domino bot. See ARCHITECTURE.md for the map.

pub mod bounds;
pub mod chat;
pub mod engine;
pub mod robots;
pub mod service;
pub mod session;
pub mod standings;
pub mod store;
pub mod view;
