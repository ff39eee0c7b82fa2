//! What makes `domino run` a service an operator can run: logs they read, clean stops on
//! SIGTERM and SIGINT, health and metrics over HTTP, errors said once and plainly.

pub mod http;
pub mod logs;
pub mod said;
pub mod signals;
