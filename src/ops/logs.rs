//! Log lines on standard error: text (coloured only on a terminal, and never with `NO_COLOR`)
//! or one JSON object a line (`DOMINO_LOG_FORMAT=json`) for log collectors.

use crate::cli::checks::Logs;
use tracing_subscriber::EnvFilter;

pub fn init(logs: &Logs) {
    let filter = EnvFilter::builder().parse_lossy(&logs.filter);
    let fmt = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(logs.color && !logs.json);
    let _ = match logs.json {
        true => fmt.json().flatten_event(true).with_current_span(false).try_init(),
        false => fmt.try_init(),
    };
}
