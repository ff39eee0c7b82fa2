//! The flow bench's driver (`domino bench flow`) as a test: a pairs match to 25 under
//! Telegram's production pacing, in paused time, with the bot an administrator, keeps every
//! limit, and people play it through with few taps.

use domino_telegram::fake::flow::{FlowSpec, run};

#[tokio::test(start_paused = true)]
async fn a_match_to_25_keeps_telegrams_limits_at_human_pace() {
    let report = run(FlowSpec::pairs(true)).await;
    let printed = domino_core::chat::flow::render(std::slice::from_ref(&report));
    assert!(report.breaches.is_empty(), "no limit broken:\n{printed}");
    assert!(report.problems.is_empty(), "every turn taken:\n{printed}");
    assert_eq!(report.matches, 1, "the match is played to its end:\n{printed}");
    assert!(report.moves >= 10, "a match to 25 takes moves:\n{printed}");
    let taps = report.per_move(report.taps);
    assert!(taps <= 1.5, "{taps:.2} taps a move:\n{printed}");
}
