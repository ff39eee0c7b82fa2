//! `domino replay FILE|-`: RECORD.md's output contract.

use domino_core::engine::record::{Record, replay};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The record file, or - for standard input.
    file: PathBuf,
}

/// Exit 0 with the JSON report when the record was read; exit 2 with one line on stderr when it
/// cannot be read or is not a valid record.
pub fn run(args: Args) -> ExitCode {
    let text = if args.file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&args.file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot read {}: {e}", args.file.display())),
    };
    let record = match Record::from_json_str(&text) {
        Ok(r) => r,
        Err(e) => return fail(&format!("invalid record: {e}")),
    };
    let out = replay(&record).to_pretty();
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn fail(line: &str) -> ExitCode {
    let one_line = line.replace('\n', " ");
    eprintln!("domino replay: {one_line}");
    ExitCode::from(2)
}
