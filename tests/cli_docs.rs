//! Every command and option of the `domino` binary, as clap defines them (read from `--help`
//! at every level), is named in the README or in docs/, so the two cannot drift apart.

use std::process::Command;

fn help(path: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_domino")).args(path).arg("--help").output().unwrap();
    assert!(out.status.success(), "{path:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists (its «Commands:» section), `help` aside.
fn subcommands(text: &str) -> Vec<String> {
    let Some(at) = text.find("\nCommands:\n") else { return Vec::new() };
    text[at + 11..]
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// Each option's long name and, where it has one, its variable: `("--set", None)`.
fn options(text: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(long) = line.trim_start().split([',', ' ']).find(|w| w.starts_with("--")) else {
            continue;
        };
        if !line.trim_start().starts_with('-') || ["--help", "--version"].contains(&long) {
            continue;
        }
        // The variable is on the same line or the next (a long description).
        let said = format!("{line} {}", lines.get(i + 1).unwrap_or(&""));
        let var = said
            .split("[env: ")
            .nth(1)
            .map(|v| v.split([']', '=']).next().unwrap_or_default().to_owned());
        out.push((long.to_owned(), var));
    }
    out
}

fn documentation() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(root.join("README.md")).unwrap();
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            text.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    text
}

#[test]
fn every_command_and_option_is_in_the_readme_or_docs() {
    let docs = documentation();
    let mut missing = Vec::new();
    let mut seen = 0;
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = queue.pop() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let text = help(&args);
        if !path.is_empty() && !docs.contains(&format!("domino {}", path.join(" "))) {
            missing.push(format!("`domino {}`", path.join(" ")));
        }
        for (long, var) in options(&text) {
            seen += 1;
            let named = docs.contains(&long) || var.as_ref().is_some_and(|v| docs.contains(v));
            if !named {
                missing.push(format!("`domino {} {long}`", path.join(" ")));
            }
        }
        for sub in subcommands(&text) {
            queue.push(path.iter().cloned().chain([sub]).collect());
        }
    }
    assert!(seen > 50, "the options are read from --help: {seen}");
    assert!(missing.is_empty(), "not in README.md or docs/: {}", missing.join(", "));
}
