//! Every sample record replays to its `.expected.json` (RECORD.md): the copies committed in
//! `tests/records/` (the larger sets and the rules of RULES-next.md among them), and those in
//! `../shared/records/` and `../shared/records-new/` when that folder is beside the checkout.

use domino_core::engine::record::{Record, replay};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn without_errors(mut v: Value) -> Value {
    if let Some(rounds) = v["rounds"].as_array_mut() {
        for round in rounds {
            if let Some(moves) = round["moves"].as_array_mut() {
                for m in moves {
                    m.as_object_mut().expect("move object").remove("error");
                }
            }
        }
    }
    v
}

fn samples(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut v: Vec<PathBuf> = entries
        .map(|e| e.expect("readable").path())
        .filter(|p| {
            p.to_string_lossy().ends_with(".json")
                && !p.to_string_lossy().ends_with(".expected.json")
        })
        .collect();
    v.sort();
    v
}

fn check(dir: &Path) -> usize {
    let files = samples(dir);
    for path in &files {
        let expected_path =
            PathBuf::from(path.to_string_lossy().replace(".json", ".expected.json"));
        let text = std::fs::read_to_string(path).unwrap();
        let record =
            Record::from_json_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = replay(&record);
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
        let printed: Value =
            serde_json::from_str(&out.to_pretty()).expect("the printed output is JSON");
        assert_eq!(
            printed,
            out.to_json(),
            "{}: printed and structured output differ",
            path.display()
        );
        assert_eq!(without_errors(printed), without_errors(expected), "{}", path.display());
    }
    files.len()
}

#[test]
fn committed_samples_replay_to_their_expected_output() {
    let n = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records"));
    assert!(n >= 14, "only {n} samples found");
}

#[test]
fn shared_samples_replay_to_their_expected_output_when_present() {
    for dir in ["records", "records-new"] {
        let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared").join(dir);
        let n = check(&shared);
        if shared.is_dir() {
            assert!(n > 0, "{} holds no samples", shared.display());
        }
    }
}

#[test]
fn printed_output_matches_the_samples_byte_for_byte() {
    // Beyond the contract (error texts are free), the layout and texts follow the samples.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    for path in samples(&dir) {
        let expected =
            std::fs::read_to_string(path.to_string_lossy().replace(".json", ".expected.json"))
                .unwrap();
        let record = Record::from_json_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(replay(&record).to_pretty(), expected, "{}", path.display());
    }
}
