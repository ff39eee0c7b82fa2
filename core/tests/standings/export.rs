//! `/export` through the chat layer on the season of `play_season` (memory and SQLite): which
//! files it sends, the records (one a line, every match of the season), the standings and the
//! ratings' history as CSV; a season named, all time, and a season with no match.

use super::weng_lin::expected_ratings;
use super::*;
use domino_core::chat::{Answer, Args, Asker, Body, Chat, Cmd, File, Request};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::store::{MemoryStore, SqliteStore};
use std::sync::Arc;

/// The files of an answer, and its caption.
fn files(answer: Answer) -> (String, Vec<File>) {
    match answer.reply.map(|r| (r.private, r.body)) {
        Some((false, Body::Files { caption, files })) => (caption, files),
        other => panic!("files for the chat, not {other:?}"),
    }
}

fn names(files: &[File]) -> Vec<&str> {
    files.iter().map(|f| f.name.as_str()).collect()
}

fn text(file: &File) -> &str {
    std::str::from_utf8(&file.bytes).expect("UTF-8")
}

async fn check_export<S: Store>(store: S) {
    play_season(&store).await;
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Chat::new(svc);
    let anna =
        Asker { member_of: None, ..Asker::member(chat(), Person::new(user("Anna"), "Anna")) };
    let export = |args: Args| door.handle(&anna, Request::Command(Cmd::Export, args));

    // The current season: the last match alone, every match's record, the two CSV files.
    let (caption, sent) = files(export(Args::default()).await);
    assert_eq!(
        names(&sent),
        ["last-match.json", "season-1-matches.jsonl", "standings.csv", "rating-history.csv"]
    );
    let last: serde_json::Value = serde_json::from_slice(&sent[0].bytes).unwrap();
    assert_eq!(last, serde_json::json!({"format": "domino-record/1", "match": 6}));
    let records: Vec<serde_json::Value> =
        text(&sent[1]).lines().map(|l| serde_json::from_str(l).expect("a record a line")).collect();
    let want: Vec<_> =
        (0..7).map(|i| serde_json::json!({"format": "domino-record/1", "match": i})).collect();
    assert_eq!(records, want, "every match of the season, oldest first");
    assert!(caption.starts_with("📦 Сезон 1"), "{caption}");
    assert!(caption.contains("season-1-matches.jsonl — записи 7 матчей"), "{caption}");
    assert!(!caption.contains('✂'), "nothing left out: {caption}");
    let said: Vec<&str> = caption.lines().skip(1).map(|l| &l[l.find(' ').unwrap() + 1..]).collect();
    let named = |l: &&str| l.split(' ').next().unwrap().to_owned();
    assert_eq!(said.iter().map(named).collect::<Vec<_>>(), names(&sent), "a line a file, in order");

    let standings: Vec<&str> = text(&sent[2]).lines().collect();
    assert_eq!(standings.len(), 1 + 6, "a line per person and game");
    assert!(standings[1].starts_with("telegram,anna,Anna,classic,1,0,0,5,"), "{standings:?}");

    // The ratings' history: a line per change (two duellists, three, four players and two
    // pairs, none for the computer's match, four, six, two), times in the chat's zone
    // (Moscow: a Russian chat's), and each rating's last line as the ratings stand.
    let history: Vec<&str> = text(&sent[3]).lines().collect();
    assert_eq!(
        history[0],
        "season,variant,platform,user_id,partner_id,name,at,mu,sigma,rating,matches"
    );
    assert_eq!(history.len(), 1 + 2 + 3 + 6 + 4 + 6 + 2);
    assert!(history[1].starts_with("1,kozel,telegram,anna,,Anna,2025-12-01T15:00:00+03:00,"));
    assert!(history[1].ends_with(",1"), "Anna's first rated match: {}", history[1]);
    let pair = history.iter().find(|l| l.contains(",anna,vera,")).expect("a pair's line");
    assert!(
        pair.starts_with("1,kozel,telegram,anna,vera,Anna + Vera,2025-12-01T17:00:00+03:00,"),
        "{pair}"
    );
    let (mu, sigma, matches) = expected_ratings()[&(Rated::Player(user("Anna")), Variant::Kozel)];
    let annas = history.iter().rfind(|l| l.starts_with("1,kozel,telegram,anna,,")).unwrap();
    let cells: Vec<f64> = annas.split(',').skip(7).map(|c| c.parse().unwrap()).collect();
    assert!((cells[0] - mu).abs() < 1e-3 && (cells[1] - sigma).abs() < 1e-3, "{annas}");
    assert!((cells[2] - (mu - 3.0 * sigma)).abs() < 2e-3, "{annas}");
    assert_eq!(cells[3], f64::from(matches));

    // All time: every season's records, the all-time ratings' history.
    let (_, all) = files(export(Args { all_time: true, ..Args::default() }).await);
    assert_eq!(
        names(&all),
        ["last-match.json", "all-matches.jsonl", "standings.csv", "rating-history.csv"]
    );
    assert_eq!(text(&all[1]).lines().count(), 7);
    assert!(text(&all[3]).lines().skip(1).all(|l| l.starts_with("all,")));

    // A new season: nothing in it yet; the last one by its number, without the last match.
    door.service().store().new_season(&chat(), T0 + 86_400_000).await.unwrap();
    let empty = export(Args::default()).await;
    assert_eq!(empty.text(), Some("В сезоне 2 здесь не доиграно ни одного матча."));
    assert!(empty.reply.unwrap().private);
    let (caption, past) = files(export(Args { season: Some(1), ..Args::default() }).await);
    assert_eq!(names(&past), ["season-1-matches.jsonl", "standings.csv", "rating-history.csv"]);
    assert_eq!((&past[0].bytes, &past[2].bytes), (&sent[1].bytes, &sent[3].bytes));
    assert!(!caption.contains("last-match.json"), "{caption}");

    let english = Asker { lang: Some(Lang::En), ..anna.clone() };
    let asked = Args { season: Some(1), ..Args::default() };
    let (caption, _) = files(door.handle(&english, Request::Command(Cmd::Export, asked)).await);
    assert!(
        caption.starts_with("📦 Season 1")
            && caption.contains("season-1-matches.jsonl — the records of 7 matches"),
        "{caption}"
    );
}

#[tokio::test]
async fn export_sends_the_seasons_records_standings_and_rating_history_in_memory() {
    check_export(MemoryStore::new()).await;
}

#[tokio::test]
async fn export_sends_the_seasons_records_standings_and_rating_history_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_export(SqliteStore::open_path(&dir.path().join("export.db")).await.unwrap()).await;
}
