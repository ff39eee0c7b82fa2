//! The `domino` binary's replay and sim commands, run as a user runs them.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn domino(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/core/tests/records/kozel-sample.json");
const EXPECTED: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/core/tests/records/kozel-sample.expected.json");

#[test]
fn replay_prints_the_expected_report_from_a_file_and_from_stdin() {
    let expected = std::fs::read_to_string(EXPECTED).unwrap();
    let out = domino(&["replay", SAMPLE], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    let out = domino(&["replay", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

fn assert_invalid(record: &str, mentions: &str) {
    let out = domino(&["replay", "-"], Some(record));
    assert_eq!(out.status.code(), Some(2), "{record}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(mentions), "{err:?} does not mention {mentions:?}");
}

fn record_with(variant: &str, rules: &str, hands_edit: impl Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(SAMPLE).unwrap()).unwrap();
    v["variant"] = Value::from(variant);
    v["rules"] = serde_json::from_str(rules).unwrap();
    hands_edit(&mut v);
    v.to_string()
}

#[test]
fn invalid_records_exit_2_with_one_line() {
    assert_invalid("{not json", "JSON");
    assert_invalid(&record_with("checkers", "{}", |_| {}), "checkers");
    assert_invalid(&record_with("kozel", r#"{"colour": 1}"#, |_| {}), "colour");
    assert_invalid(&record_with("kozel", r#"{"eggs": "yes"}"#, |_| {}), "eggs");
    assert_invalid(&record_with("kozel", r#"{"preset": ["troshin", "plain"]}"#, |_| {}), "troshin");
    assert_invalid(
        &record_with("kozel", "{}", |v| v["format"] = Value::from("domino-record/2")),
        "format",
    );
    assert_invalid(
        &record_with("kozel", "{}", |v| v["rounds"][0]["bazaar"] = Value::Array(vec![])),
        "missing",
    );
    assert_invalid(
        &record_with("kozel", "{}", |v| {
            v["rounds"][0]["hands"][0][0] = v["rounds"][0]["hands"][1][0].clone()
        }),
        "twice",
    );
    assert_invalid(
        &record_with("kozel", "{}", |v| v["players"] = serde_json::json!(["a", "b", "c", "d"])),
        "4",
    );
}

const OSEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/core/tests/records/osel-sample.json");
const OSEL_EXPECTED: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/core/tests/records/osel-sample.expected.json");

/// A record file as one line, as `/export` writes each match.
fn one_line(path: &str) -> String {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v.to_string()
}

#[test]
fn replay_reads_an_export_of_json_lines_every_match_or_one() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let jsonl = format!("{}\n{}\n", one_line(SAMPLE), one_line(OSEL));
    std::fs::write(file.path(), &jsonl).unwrap();
    let path = file.path().to_str().unwrap();
    let out = domino(&["replay", path], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let reports: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let expected =
        |p: &str| -> Value { serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
    assert_eq!(reports, vec![expected(EXPECTED), expected(OSEL_EXPECTED)], "one report a line");
    // --match N: that match's report as a single record's, from a file or standard input.
    let out = domino(&["replay", path, "--match", "2"], None);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        std::fs::read_to_string(OSEL_EXPECTED).unwrap()
    );
    let out = domino(&["replay", "-", "--match", "1"], Some(&jsonl));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), std::fs::read_to_string(EXPECTED).unwrap());
    let out = domino(&["replay", path, "--match", "3"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no match 3: the file holds 2 matches"), "{err}");
    // A line that is no record is named by its number.
    let broken = format!("{}\n{{\"format\": 1}}\n", one_line(SAMPLE));
    let out = domino(&["replay", "-"], Some(&broken));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("domino replay: line 2: invalid record") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn replay_of_a_missing_file_exits_2() {
    let out = domino(&["replay", "/nonexistent/record.json"], None);
    assert_eq!(out.status.code(), Some(2));
}

fn sim_json(seed: &str) -> Value {
    let out = domino(
        &[
            "sim",
            "--variant",
            "kozel",
            "--players",
            "4",
            "--teams",
            "pairs",
            "--games",
            "50",
            "--seed",
            seed,
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn sim_reports_rounds_and_speed_and_is_deterministic() {
    let a = sim_json("7");
    let b = sim_json("7");
    let c = sim_json("8");
    assert!(a["rounds"].as_u64().unwrap() >= 50);
    assert!(a["seconds"].as_f64().unwrap() > 0.0);
    assert!(a["rounds_per_sec"].as_f64().unwrap() > 0.0);
    assert_eq!((&a["rounds"], &a["moves"]), (&b["rounds"], &b["moves"]));
    assert_ne!((&a["rounds"], &a["moves"]), (&c["rounds"], &c["moves"]));
}

#[test]
fn sim_refuses_bad_rules() {
    let out = domino(&["sim", "--variant", "kozel", "--players", "5", "--games", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = domino(&["sim", "--variant", "kozel", "--set", "9", "--games", "1"], None);
    assert_eq!(out.status.code(), Some(2), "a larger set is traditional domino's only");
    let out = domino(
        &["sim", "--variant", "telefon", "--rules", r#"{"eggs": true}"#, "--games", "1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("eggs"));
}

#[test]
fn run_without_a_token_says_which_variables_it_needs() {
    let out = Command::new(env!("CARGO_BIN_EXE_domino"))
        .arg("run")
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("TELOXIDE_TOKEN") && err.contains("DISCORD_TOKEN"), "{err}");
}

#[test]
fn play_in_the_terminal_runs_a_match_to_its_end() {
    let answers = "1\n".repeat(600);
    let args: Vec<&str> =
        "play kozel --players 2 --level greedy --lang en --pause-ms 0".split(' ').collect();
    let out = domino(&args, Some(&answers));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Your tiles:"), "the hand is shown");
    assert!(text.contains("The match is over"), "{}", &text[text.len().saturating_sub(2000)..]);
    assert!(text.contains("The goat"));
    let out = domino(&["play", "kozel", "--lang", "en"], Some("q\n"));
    assert!(out.status.success());
    let out = domino(&["play", "checkers"], Some(""));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("«checkers»") && err.contains("kozel"), "{err}");
    let out = domino(&["play", "kozel", "--players", "5"], Some(""));
    assert_eq!(out.status.code(), Some(2), "Kozel seats at most four");
}

fn sim_ai_json(seeds: &[&str]) -> Value {
    let mut args = vec!["sim", "--variant", "kozel", "--players", "2"];
    args.extend(["--ai", "greedy,random", "--rounds", "40", "--json"]);
    args.extend(seeds);
    let out = domino(&args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Rounds each side won: the win rate times the rounds with a winner.
fn rounds_won(v: &Value) -> Vec<u64> {
    let decided = v["rounds_decided"].as_f64().unwrap();
    let rates = v["win_rate"].as_array().unwrap();
    rates.iter().map(|r| (r.as_f64().unwrap() * decided).round() as u64).collect()
}

#[test]
fn sim_pools_seeds_as_the_runs_of_each_seed_whatever_the_threads() {
    let seven = sim_ai_json(&["--seed", "7"]);
    let eight = sim_ai_json(&["--seed", "8"]);
    let pooled = sim_ai_json(&["--seeds", "7..8"]);
    let threaded = sim_ai_json(&["--seeds", "7,8", "--jobs", "2"]);
    assert_eq!(pooled["seeds"], serde_json::json!([7, 8]));
    assert_eq!(seven["seeds"], serde_json::json!([7]));
    for key in ["games", "rounds", "rounds_decided"] {
        let sum = seven[key].as_u64().unwrap() + eight[key].as_u64().unwrap();
        assert_eq!(pooled[key].as_u64(), Some(sum), "{key}");
    }
    let (a, b) = (rounds_won(&seven), rounds_won(&eight));
    assert_eq!(rounds_won(&pooled), vec![a[0] + b[0], a[1] + b[1]]);
    assert_ne!(a, b, "two seeds, two runs");
    for key in ["games", "rounds", "rounds_decided", "win_rate", "ci95", "moves"] {
        assert_eq!(pooled[key], threaded[key], "{key}");
    }
}

#[test]
fn sim_refuses_bad_seeds() {
    let base = ["sim", "--variant", "kozel", "--players", "2", "--rounds", "1"];
    for extra in [
        &["--ai", "greedy,random", "--seeds", "8..7"][..],
        &["--ai", "greedy,random", "--seeds", "1,1"],
        &["--ai", "greedy,random", "--seeds", "x"],
        &["--ai", "greedy,random", "--seeds", "1..2", "--seed", "3"],
        &["--seeds", "1..2"],
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = domino(&args, None);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("seed"), "{extra:?}");
    }
}

#[test]
fn bench_hints_runs_on_its_defaults_and_refuses_a_table_that_cannot_be_seated() {
    // The defaults (Kozel, 4 players, teams unset) seat two pairs; only the length and the
    // budget are cut to keep a debug build fast.
    let out = domino(&["bench", "hints", "--rounds", "1", "--budget", "8", "--json"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["variant"], &v["players"], &v["teams"]),
        (&"kozel".into(), &4.into(), &"pairs".into())
    );
    assert_eq!(v["rounds"], 1);
    // Teams asked for are kept: five players each on their own is no Kozel table.
    let args = ["bench", "hints", "--teams", "none", "--players", "5", "--rounds", "1"];
    let out = domino(&args, None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("5"), "the refusal names the seats");
}

#[test]
fn migrate_never_shows_a_password_of_database_url() {
    // Nothing listens on port 1: the connection fails, and the failure names the database.
    for (url, secrets) in [
        ("postgres://u:s3cr@t@127.0.0.1:1/db", &["s3cr", "t@127"][..]),
        ("postgres://u@127.0.0.1:1/db?sslmode=disable&password=hunter2", &["hunter2"][..]),
        ("postgres://:p%40ss@127.0.0.1:1/db", &["p%40ss"][..]),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_domino"))
            .arg("migrate")
            .env("DATABASE_URL", url)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{url}: no database there");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.contains("127.0.0.1:1/db"), "{url}: the database is named: {said}");
        assert!(said.contains("***"), "{url}: {said}");
        for secret in secrets {
            assert!(!said.contains(secret), "{url}: the password shows: {said}");
        }
    }
}
