//! `domino run`'s and `domino migrate`'s settings as an operator meets them: every variable
//! listed by `--help` and named in the docs, bad ones each named before anything is opened,
//! store errors said once and plainly, migrations reported.

use std::process::{Command, Output};

fn domino(dir: &std::path::Path, args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_domino"));
    cmd.args(args).current_dir(dir).env_clear().env("PATH", std::env::var("PATH").unwrap());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    cmd.output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The variables `domino run --help` names (`[env: NAME…`).
fn variables() -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let help = text(&domino(dir.path(), &["run", "--help"], &[]).stdout);
    help.split("[env: ")
        .skip(1)
        .map(|rest| rest.split(['=', ']']).next().unwrap().to_owned())
        .collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_variable_is_listed_with_its_default_and_named_in_the_docs() {
    let names = variables();
    for must in ["DATABASE_URL", "TELOXIDE_TOKEN", "TELOXIDE_PROXY", "NO_COLOR", "DOMINO_HTTP_ADDR"]
    {
        assert!(names.iter().any(|n| n == must), "{must} not in --help: {names:?}");
    }
    let (docs, example) = (read("docs/operating.md"), read(".env.example"));
    for name in &names {
        assert!(docs.contains(&format!("`{name}`")), "docs/operating.md does not name {name}");
        assert!(example.contains(&format!("{name}=")), ".env.example does not name {name}");
    }
    // Nothing in .env.example that `domino run` does not read.
    for line in example.lines() {
        let line = line.trim_start_matches(['#', ' ']);
        if let Some((name, _)) = line.split_once('=')
            && !name.is_empty()
            && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        {
            assert!(names.iter().any(|n| n == name), ".env.example names {name}, unread");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let help = text(&domino(dir.path(), &["run", "--help"], &[]).stdout);
    for default in ["[default: sqlite://domino.db]", "[default: 800]", "[default: info]"] {
        assert!(help.contains(default), "no {default} in --help");
    }
}

#[test]
fn bad_settings_are_each_named_on_a_line_and_nothing_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let out = domino(
        dir.path(),
        &["run"],
        &[
            ("TELOXIDE_TOKEN", "1:x"),
            ("TELOXIDE_API_URL", "not a url"),
            ("TELEGRAM_WEBHOOK_URL", "notaurl"),
            ("DISCORD_TOKEN", "x"),
            ("DISCORD_GUILD_ID", "abc"),
            ("DISCORD_SHARDS", "2/2"),
            ("DOMINO_LOBBY_HOURS", "soon"),
            ("DOMINO_LOG_FORMAT", "xml"),
            ("TELEGRAM_MINI_APP", "a-b"),
            ("DOMINO_PUBLIC_URL", "https://domino.example.org/?from=tv"),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    let named = [
        "TELOXIDE_API_URL",
        "TELEGRAM_MINI_APP",
        "TELEGRAM_WEBHOOK_URL",
        "DISCORD_GUILD_ID",
        "DISCORD_SHARDS",
        "DOMINO_LOBBY_HOURS",
        "DOMINO_PUBLIC_URL",
        "DOMINO_LOG_FORMAT",
    ];
    assert_eq!(err.lines().count(), named.len(), "{err}");
    for (line, name) in err.lines().zip(named) {
        assert!(line.starts_with(&format!("domino run: {name} must be")), "{line}");
    }
    assert!(!err.contains("panicked"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was created");
}

#[test]
fn a_public_address_is_an_absolute_web_address_served_on_the_listener() {
    let dir = tempfile::tempdir().unwrap();
    let run = |vars: &[(&str, &str)]| {
        let mut all = vec![("DISCORD_TOKEN", "x"), ("DATABASE_URL", "mysql://stop-here")];
        all.extend_from_slice(vars);
        text(&domino(dir.path(), &["run"], &all).stderr)
    };
    for bad in ["/screen", "ftp://x.org", "https://x.org/#top", "https://user:pw@x.org", "x.org"] {
        let err = run(&[("DOMINO_PUBLIC_URL", bad), ("DOMINO_HTTP_ADDR", "127.0.0.1:9")]);
        assert!(err.contains("DOMINO_PUBLIC_URL must be"), "{bad}: {err}");
    }
    let err = run(&[("DOMINO_PUBLIC_URL", "https://x.org/domino/")]);
    assert!(err.contains("DOMINO_PUBLIC_URL needs the listener"), "{err}");
    let err =
        run(&[("DOMINO_PUBLIC_URL", "https://x.org/domino/"), ("DOMINO_HTTP_ADDR", "127.0.0.1:9")]);
    assert!(!err.contains("DOMINO_PUBLIC_URL"), "{err}");
}

#[test]
fn store_errors_are_said_once_and_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let run =
        |url: &str| domino(dir.path(), &["run"], &[("DISCORD_TOKEN", "x"), ("DATABASE_URL", url)]);
    let out = run("mysql://x");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown store scheme \"mysql\""), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file named mysql://x");

    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let started = std::time::Instant::now();
    let out = run(&format!("postgres://domino:secret@127.0.0.1:{port}/domino"));
    assert!(started.elapsed() < std::time::Duration::from_secs(6), "{:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let said = format!("connection refused at 127.0.0.1:{port}");
    assert_eq!(err.matches(&said).count(), 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("secret"), "{err}");
}

#[test]
fn migrate_says_what_it_applied_and_status_shows_the_version() {
    let dir = tempfile::tempdir().unwrap();
    let migrate = |args: &[&str]| {
        let mut all = vec!["migrate"];
        all.extend_from_slice(args);
        let out = domino(dir.path(), &all, &[("DATABASE_URL", "sqlite://s.db")]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let status = migrate(&["--status"]);
    assert!(status.contains("no SQLite database yet"), "{status}");
    let first = migrate(&[]);
    assert!(
        first.contains("SQLite store created,") && first.contains("migrations applied"),
        "{first}"
    );
    assert!(first.contains("  applied 1 init"), "{first}");
    let again = migrate(&[]);
    assert!(
        again.contains("up to date at schema version") && again.contains("nothing applied"),
        "{again}"
    );
    let status = migrate(&["--status"]);
    assert!(status.contains("schema version") && status.contains(", 0 pending)"), "{status}");
}

#[test]
fn the_version_names_the_commit() {
    let dir = tempfile::tempdir().unwrap();
    let out = text(&domino(dir.path(), &["--version"], &[]).stdout);
    assert!(out.starts_with("domino ") && out.contains("(commit "), "{out}");
}
