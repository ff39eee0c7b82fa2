//! The door stays shut: the adapters, `domino play` and the chats' pages (`domino-web`) reach
//! the core through `chat` (its `Door`), `view` and `ids` only. No table, store, service, session or engine type is named
//! in their sources (tests aside), and no command is built there: the core decides.

use std::path::{Path, PathBuf};

/// What may not be named past the door.
const PAST_THE_DOOR: &[&str] = &[
    "domino_core::session",
    "domino_core::store",
    "domino_core::service",
    "domino_core::engine",
    "domino_core::robots",
    "Store",
    "Service<",
    "Service::",
    "Command {",
];

fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["src/cli/play", "bot-telegram/src", "bot-discord/src", "web/src", "web/src/pages"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the adapter's sources") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Every line of `text` naming something past the door, as `file:line: text`.
fn past_the_door(path: &Path, text: &str) -> Vec<String> {
    let word = |line: &str, name: &str| {
        line.match_indices(name).any(|(at, _)| {
            let before = line[..at].chars().next_back();
            let after = line[at + name.len()..].chars().next();
            let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !ident(before) && (name.ends_with(['{', ':', '<']) || !ident(after))
        })
    };
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| PAST_THE_DOOR.iter().any(|name| word(line, name)))
        .map(|(n, line)| format!("{}:{}: {}", path.display(), n + 1, line.trim()))
        .collect()
}

#[test]
fn the_adapters_and_play_name_nothing_past_the_door() {
    let files = sources();
    assert!(files.len() > 25, "the adapters' sources are found: {files:?}");
    let pages =
        files.iter().filter(|f| f.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("web")));
    assert!(pages.count() >= 10, "the pages' sources are found: {files:?}");
    let found: Vec<String> = files
        .iter()
        .flat_map(|f| past_the_door(f, &std::fs::read_to_string(f).expect("a source file")))
        .collect();
    assert!(found.is_empty(), "named past the door:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_what_it_looks_for() {
    let p = Path::new("x.rs");
    let bad = "use domino_core::store::Store;\nfn f<S: Store>() {}\nlet c = Command { actor };\n\
               let s: Arc<Service<S>>;";
    assert_eq!(past_the_door(p, bad).len(), 4);
    let fine = "use domino_core::chat::Door;\n// the Store is behind it\nlet restore = 1;\n\
                let e = \"Service Unavailable\";";
    assert!(past_the_door(p, fine).is_empty());
}
