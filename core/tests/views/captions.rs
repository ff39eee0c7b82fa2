//! The table text as a picture's caption: whole when it fits; otherwise the board's lines go
//! first (the picture shows them), then whole lines from the end, marked «…».

use super::fixtures::{first, person, play_until, rules, started};
use domino_core::engine::rules::Variant;
use domino_core::session::Lang;
use domino_core::view::{render_caption, render_table, table_view};
use serde_json::json;

#[test]
fn a_caption_is_the_table_text_cut_sensibly() {
    let people = [person("Анна"), person("Борис"), person("Вера"), person("Глеб")];
    let mut t = started(rules(Variant::Kozel, json!({"teams": "pairs"})), 4, Lang::Ru, &people, 7);
    play_until(&mut t, first, |t| t.game.as_ref().is_some_and(|g| g.rounds[0].len() >= 12));
    let view = table_view(&t);
    let full = render_table(&view);
    let len = full.chars().count();
    assert_eq!(render_caption(&view, len), full, "whole when it fits");

    let board = view.board.as_ref().expect("a board").lines.clone();
    assert!(!board.is_empty());
    let short = render_caption(&view, len - 1);
    assert!(short.chars().count() < len);
    assert!(board.iter().all(|l| !short.contains(l.as_str())), "the board's lines go first");
    assert!(short.contains(&view.title), "{short}");
    let last = full.lines().last().expect("a last line");
    assert!(short.ends_with(last), "the rest stays whole: {short}");

    let tiny = render_caption(&view, 120);
    assert!(tiny.chars().count() <= 120, "{tiny}");
    assert!(tiny.ends_with("\n…"), "{tiny}");
    assert!(full.starts_with(tiny.trim_end_matches("\n…")), "whole lines from the start: {tiny}");
    assert!(render_caption(&view, 5).chars().count() <= 5);
}
