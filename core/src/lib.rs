//! domino-core: the rules engine, records, sessions, store, service, views and the chat layer
//! of the domino bot. Adapters enter through [`chat`] (its `Door`) and name only [`ids`],
//! [`chat`] and [`view`]. See ARCHITECTURE.md for the map.

pub mod bounds;
pub mod chat;
pub mod engine;
pub mod ids;
pub mod robots;
pub mod service;
pub mod session;
pub mod standings;
pub mod store;
pub mod view;
