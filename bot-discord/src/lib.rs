//! Discord adapter (being written).
