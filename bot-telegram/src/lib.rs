//! Telegram adapter (being written).
