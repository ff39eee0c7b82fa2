//! A match's plan per move, straight through the chat layer: a move press is answered with its
//! toast, only moves flow (the table may lag), and only the hands their owners need now are
//! fresh (the mover's and the next mover's; everybody's at a round's end); the turn ping
//! carries the chat's reminder delay, a warning none.

use crate::setup::{chat, tg};
use domino_core::chat::{Args, Asker, Cmd, Request, Show};
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::view::{ButtonAction, ButtonData, hand_view};

fn fresh_ones(show: &Show) -> Vec<String> {
    show.hands.iter().filter(|h| h.fresh).map(|h| h.person.name.clone()).collect()
}

#[tokio::test]
async fn only_the_hands_a_move_changes_for_their_owners_are_fresh() {
    let chat = chat().await;
    let g = ChatId::new(Platform::Telegram, "-100");
    let people: Vec<Asker> = (1..=4).map(|n| Asker::member(g.clone(), tg(n))).collect();
    let args = Args { players: Some(4), ..Args::default() };
    let opened = chat.handle(&people[0], Request::Command(Cmd::New, args)).await;
    let id = opened.shows[0].table.id;
    let table = || async { chat.service().table(id).await.unwrap().unwrap() };
    for (i, p) in people.iter().enumerate() {
        let t = table().await;
        let action = match (i, t.phase) {
            (_, Phase::Playing) => break,
            (0, _) => continue,
            _ => ButtonAction::Join,
        };
        chat.handle(p, Request::press(ButtonData::new(id, t.version, action).encode())).await;
    }
    if table().await.phase == Phase::Lobby {
        let t = table().await;
        let start = ButtonData::new(id, t.version, ButtonAction::Start).encode();
        chat.handle(&people[0], Request::press(start)).await;
    }
    let (mut moves, mut ends, mut spared) = (0, 0, 0);
    while moves < 60 {
        chat.service().settled().await;
        let t = table().await;
        if t.phase != Phase::Playing {
            break;
        }
        let seat = t.to_move().expect("somebody to move");
        let mover = t.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
        let asker = people.iter().find(|a| a.person.id == mover.id).unwrap();
        let view = hand_view(&t, seat).expect("a hand");
        let (_, data) = view.buttons.first().and_then(|r| r.first()).expect("a move").clone();
        let before = t.game.as_ref().unwrap().rounds.last().map_or(0, Vec::len);
        let answer = chat.handle(asker, Request::press(data.encode())).await;
        moves += 1;
        let reply = answer.reply.as_ref().expect("a toast");
        assert!(reply.ack && reply.private, "the toast is an ack for the mover alone");
        assert!(answer.text().is_some_and(|t| t.starts_with("✓ ")), "{:?}", answer.text());
        let show = &answer.shows[0];
        if show.ending.is_some() {
            ends += 1;
            assert!(!show.flowing, "a round's end shows at once");
            assert_eq!(fresh_ones(show).len(), 4, "everybody's hand at a round's end");
            continue;
        }
        assert!(show.flowing, "a move within a round flows");
        // Whoever moved (the press, and forced draws or knocks after it) and who is to move.
        let after = table().await;
        let made = &after.game.as_ref().unwrap().rounds.last().unwrap()[before..];
        let name =
            |s: usize| after.seats[s].as_ref().and_then(|s| s.person()).unwrap().name.clone();
        let mut want: Vec<String> = made.iter().map(|(s, _)| name(*s as usize)).collect();
        want.extend(after.to_move().map(name));
        want.sort();
        want.dedup();
        let mut fresh = fresh_ones(show);
        fresh.sort();
        assert_eq!(fresh, want, "the mover's and the next mover's hands only");
        spared += show.hands.len() - fresh.len();
        if let Some(turn) = &show.turn {
            assert_eq!(turn.after_secs, 20, "the chat's default reminder");
            assert!(!turn.is_warning());
        }
    }
    assert!(moves >= 20, "a match played: {moves} moves");
    assert!(ends >= 1, "through a round's end");
    assert!(spared >= moves, "most moves leave two hands for later: {spared} in {moves} moves");
}
