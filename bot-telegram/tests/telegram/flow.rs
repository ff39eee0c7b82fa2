//! The flow bench's driver (`domino bench flow`) as a test, under Telegram's production pacing
//! in paused time: four people play a pairs match to 25 in the group, thinking 2–6 s a move,
//! with the bot an administrator and a plain member, and with ten people watching. Issue 38's
//! bounds hold: about one tap a move, the next mover's buttons within a second, hardly a
//! notifying message, no limit broken, and spectators slow nobody.

use domino_core::chat::flow::{FlowReport, render};
use domino_telegram::fake::flow::{FlowSpec, run};
use std::time::Duration;

fn check(report: &FlowReport, taps_at_most: f64) {
    let printed = render(std::slice::from_ref(report));
    println!("{printed}");
    assert!(report.breaches.is_empty(), "no limit broken:\n{printed}");
    assert!(report.problems.is_empty(), "every turn taken:\n{printed}");
    assert_eq!(report.matches, 1, "the match is played to its end:\n{printed}");
    assert!(report.moves >= 10, "a match to 25 takes moves:\n{printed}");
    let taps = report.per_move(report.taps);
    assert!(taps <= taps_at_most, "{taps:.2} taps a move:\n{printed}");
    assert!(report.wait.p90 <= Duration::from_secs(1), "the wait's p90:\n{printed}");
    assert!(report.wait.max <= Duration::from_secs(4), "the longest wait:\n{printed}");
    let notifying = report.per_move(report.notifying);
    assert!(notifying <= 0.2, "{notifying:.2} notifying messages a move:\n{printed}");
}

#[tokio::test(start_paused = true)]
async fn a_match_with_the_bot_as_administrator_keeps_pace_within_telegrams_limits() {
    check(&run(FlowSpec::pairs(true)).await, 1.1);
}

#[tokio::test(start_paused = true)]
async fn a_match_with_the_bot_as_a_plain_member_keeps_pace_within_telegrams_limits() {
    check(&run(FlowSpec::pairs(false)).await, 1.15);
}

#[tokio::test(start_paused = true)]
async fn ten_people_watching_slow_none_of_the_players() {
    let alone = run(FlowSpec::pairs(true)).await;
    let watched = run(FlowSpec::watched()).await;
    check(&watched, 1.1);
    assert_eq!(watched.wait, alone.wait, "the players wait as long as with nobody watching");
    assert_eq!(watched.taps, alone.taps, "and tap as often");
}
