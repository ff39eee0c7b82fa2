//! Tournaments through the chat layer (issue 43): a fixture's table plays its fixture and
//! nothing else (no rematch, by command or button, in either language; the result is the
//! table's first match), a chat keeps few tournaments open, an enrolment that is never
//! started runs out and is announced, and only members of the chat enrol (a forged «Join»
//! from a stranger is refused with nothing changed).

use crate::tour_kit::*;
use domino_core::bounds::{ENROLMENT_DAYS, OPEN_TOURNAMENTS};
use domino_core::chat::{Asker, Cmd, MenuPress, Page, Request, TourAct};
use domino_core::service::{LeagueEvent, ManualClock};
use domino_core::session::{Action, Actor, Command, FIXTURE_MATCH, Lang, Phase, Rejection};
use domino_core::standings::tournament::{DAY, Event, FixtureState, Refusal, State};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::tournament::{render_closed, tournament_refusal};
use domino_core::view::{ButtonAction, ButtonData, rejection_text};
use std::sync::Arc;

async fn fresh() -> (domino_core::chat::Chat<MemoryStore>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(T0));
    (chat_over(MemoryStore::new(), clock.clone()).await, clock)
}

#[tokio::test]
async fn a_fixture_table_refuses_a_rematch_and_its_first_match_is_the_result() {
    for lang in [Lang::Ru, Lang::En] {
        let (chat, clock) = fresh().await;
        let id = started_duel(&chat, lang).await;
        chat.service().fire_due().await;
        let d = doc(&chat, id).await;
        let FixtureState::Playing { table } = d.tournament.fixtures[0].state else {
            panic!("no table opened: {:?}", d.tournament.fixtures);
        };
        let store = chat.service().store();
        // The loser resigns: the match is over, and the tournament is woken at once.
        store.set_tournament_due(id, Some(T0 + DAY)).await.unwrap();
        let resign = Command { actor: Actor::person(tg(1)), action: Action::Resign, version: None };
        chat.service().handle(table, resign).await.unwrap();
        let finished = store.load(table).await.unwrap().unwrap();
        assert_eq!((&finished.phase, finished.matches_played), (&Phase::Finished, FIXTURE_MATCH));
        assert_eq!(store.due_tournaments(clock.now_ms(), 10).await.unwrap(), [id]);
        // `/rematch` and the «Rematch» button are refused in the chat's language.
        let before = serde_json::to_string(&finished).unwrap();
        let said = chat.handle(&member(1, lang), Request::words(Cmd::Rematch, &[])).await;
        let refusal = text(&said);
        assert!(
            [Lang::Ru, Lang::En]
                .iter()
                .any(|&l| refusal == rejection_text(&Rejection::FixtureTable, l)),
            "{refusal}"
        );
        let button = ButtonData::new(table, finished.version, ButtonAction::Rematch);
        chat.handle(&member(2, lang), Request::press(button.encode())).await;
        let rematch =
            Command { actor: Actor::person(tg(2)), action: Action::Rematch, version: None };
        let refused = chat.service().handle(table, rematch).await;
        assert!(refused.is_err(), "a rematch was played at a fixture table");
        let after = store.load(table).await.unwrap().unwrap();
        assert_eq!(serde_json::to_string(&after).unwrap(), before, "the refusal changed the table");
        // The tournament scores the table's first match: Player 2 won.
        chat.service().fire_due().await;
        let d = doc(&chat, id).await;
        assert!(
            matches!(d.tournament.fixtures[0].state, FixtureState::Played { table: t, .. } if t == table)
        );
        let winner = d.tournament.entrant_of(&tg(2).id);
        assert!(matches!(d.tournament.state, State::Closed { winner: w, .. } if w == winner));
    }
}

#[tokio::test]
async fn a_chat_keeps_a_few_tournaments_open_and_the_next_is_refused() {
    for lang in [Lang::Ru, Lang::En] {
        let (chat, _) = fresh().await;
        for _ in 0..OPEN_TOURNAMENTS {
            round_robin(&chat, lang).await;
        }
        let before = open_tournaments(&chat).await;
        assert_eq!(before.len(), OPEN_TOURNAMENTS);
        let refused = round_robin(&chat, lang).await;
        let want = tournament_refusal(&Refusal::TooManyOpen { limit: OPEN_TOURNAMENTS }, lang);
        assert_eq!(text(&refused), want);
        assert!(want.contains(&OPEN_TOURNAMENTS.to_string()));
        assert_eq!(open_tournaments(&chat).await, before, "a refused tournament was kept");
        let all = chat.service().store().tournaments(None, false).await.unwrap();
        assert_eq!(all.len(), OPEN_TOURNAMENTS);
    }
}

#[tokio::test]
async fn an_enrolment_never_started_runs_out_is_announced_and_frees_its_place() {
    let (chat, clock) = fresh().await;
    for _ in 0..OPEN_TOURNAMENTS {
        round_robin(&chat, Lang::En).await;
    }
    let id = open_tournaments(&chat).await[0].tournament.id;
    tour_press(&chat, &member(2, Lang::En), id, TourAct::Join).await;
    let mut news = chat.service().league_events();
    let days = i64::from(ENROLMENT_DAYS) * DAY;
    clock.advance(days - 1);
    chat.service().fire_due().await;
    assert_eq!(open_tournaments(&chat).await.len(), OPEN_TOURNAMENTS, "closed early");
    clock.advance(1);
    chat.service().fire_due().await;
    assert!(open_tournaments(&chat).await.is_empty(), "enrolment did not run out");
    let mut closed = Vec::new();
    while let Ok(event) = news.try_recv() {
        if let LeagueEvent::Tournament(n) = event
            && n.events.iter().any(|e| matches!(e, Event::Closed { winner: None }))
        {
            closed.push(n.doc.clone());
        }
    }
    assert_eq!(closed.len(), OPEN_TOURNAMENTS, "each close announced once");
    for lang in [Lang::Ru, Lang::En] {
        let said = render_closed(&closed[0].tournament, lang);
        assert!(said.contains(&ENROLMENT_DAYS.to_string()), "{said}");
    }
    // Its place is free again.
    round_robin(&chat, Lang::En).await;
    assert_eq!(open_tournaments(&chat).await.len(), 1);
}

#[tokio::test]
async fn a_forged_join_from_a_non_member_is_refused_with_nothing_changed() {
    for lang in [Lang::Ru, Lang::En] {
        let (chat, _) = fresh().await;
        round_robin(&chat, lang).await;
        let id = open_tournaments(&chat).await[0].tournament.id;
        let before = doc(&chat, id).await;
        let stranger = Asker { member_of: None, ..member(9, lang) };
        for act in [TourAct::Join, TourAct::Partner] {
            let press = MenuPress {
                version: before.version,
                page: Page::Tournament(id),
                change: domino_core::chat::Change::Tour(act),
            };
            let request = Request::press(press.encode());
            assert!(request.seats_someone(), "the adapter is not told to ask about membership");
            let said = chat.handle(&stranger, request).await;
            assert_eq!(text(&said), domino_core::chat::texts::tour_members_only(lang));
            assert!(said.menu.is_none(), "the message was redrawn");
            assert_eq!(doc(&chat, id).await, before, "a stranger changed the tournament");
        }
        // A member enrols the same way.
        tour_press(&chat, &member(2, lang), id, TourAct::Join).await;
        assert_eq!(doc(&chat, id).await.tournament.entrants.len(), 1);
    }
}
