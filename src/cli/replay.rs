//! `domino replay FILE|-`: RECORD.md's output contract, for one record or for the JSON Lines
//! file `/export` writes (one record a line, oldest first).

use domino_core::engine::record::{Record, replay};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The record file, or - for standard input: one domino-record/1, or a JSON Lines file of
    /// them (`/export`'s `all-matches.jsonl`).
    file: PathBuf,
    /// Only the Nth match of a JSON Lines file (1 is its first line, the oldest), printed as a
    /// single record's report.
    #[arg(long = "match", value_name = "N")]
    match_no: Option<usize>,
}

/// Exit 0 with the JSON report when the record was read: for one record (or `--match N`) the
/// report of RECORD.md; for a JSON Lines file, one compact report a line, in the file's order.
/// Exit 2 with one line on stderr when it cannot be read or a record is not valid.
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
    let out = match reports(&text, args.match_no) {
        Ok(out) => out,
        Err(e) => return fail(&e),
    };
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The records of `text`: the whole text as one record, or else one record a line (blank
/// lines skipped), each with its line number.
fn records(text: &str) -> Result<Vec<(usize, Record)>, String> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).collect();
    // One JSON value (a record written over several lines, or a single line): one record.
    if lines.len() < 2 || serde_json::from_str::<serde_json::Value>(text).is_ok() {
        return Record::from_json_str(text)
            .map(|r| vec![(1, r)])
            .map_err(|e| format!("invalid record: {e}"));
    }
    lines
        .into_iter()
        .map(|(i, line)| match Record::from_json_str(line) {
            Ok(r) => Ok((i + 1, r)),
            Err(e) => Err(format!("line {}: invalid record: {e}", i + 1)),
        })
        .collect()
}

/// What is printed for `text`, or the one line that says why nothing is.
fn reports(text: &str, match_no: Option<usize>) -> Result<String, String> {
    let mut records = records(text)?;
    if let Some(n) = match_no {
        let count = records.len();
        if n == 0 || n > count {
            let s = if count == 1 { "" } else { "es" };
            return Err(format!("no match {n}: the file holds {count} match{s} (1 to {count})"));
        }
        let (_, record) = records.swap_remove(n - 1);
        return Ok(replay(&record).to_pretty());
    }
    if let [(_, record)] = records.as_slice() {
        return Ok(replay(record).to_pretty());
    }
    let lines: Vec<String> = records.iter().map(|(_, r)| replay(r).to_json().to_string()).collect();
    Ok(lines.join("\n") + "\n")
}

fn fail(line: &str) -> ExitCode {
    let one_line = line.replace('\n', " ");
    eprintln!("domino replay: {one_line}");
    ExitCode::from(2)
}
