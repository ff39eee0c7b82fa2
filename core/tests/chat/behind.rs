//! A move pressed on a hand that is behind the table: taken at the current version when it
//! means a move the presser may still make (the same person to move, the same move legal now,
//! a lead in either orientation), refused as out of date otherwise, with the stored table
//! unchanged. One case a row: what happens between the hand being drawn and the press, what
//! is pressed, and whether it is taken.

use domino_core::chat::{Answer, Asker, Chat, Cmd, Request};
use domino_core::engine::moves::Move;
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Lang, Person, Phase, Platform, Rejection, Table, UserId};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData, hand_view, rejection_text};
use std::sync::Arc;

/// What happens between the mover's hand being drawn and their press on it.
#[derive(Clone, Copy, Debug)]
enum Meanwhile {
    /// The other player votes to end (one vote of two): the table moves on, the turn stays.
    OtherVotes,
    /// The mover makes another move (through a newer message): the turn passes.
    MoverPlaysAnother,
    /// The mover makes the drawn move itself, then the other player moves: the mover is to
    /// move again, but that tile is on the table.
    BothPlay,
}

/// Where the mover's hand is drawn.
#[derive(Clone, Copy, Debug)]
enum Position {
    /// The round's first move: a lead.
    Lead,
    /// The first turn with a choice of two moves or more.
    Choice,
}

/// What is pressed on the old hand.
#[derive(Clone, Copy, Debug)]
enum Pressed {
    /// The move as the hand drew it.
    Drawn,
    /// The drawn lead laid the other way round.
    Flipped,
    /// An old button that is not a move.
    Resign,
}

struct Case {
    at: Position,
    meanwhile: Meanwhile,
    pressed: Pressed,
    taken: bool,
}

use Meanwhile::*;
use Position::*;
use Pressed::*;

const CASES: &[Case] = &[
    Case { at: Lead, meanwhile: OtherVotes, pressed: Drawn, taken: true },
    Case { at: Lead, meanwhile: OtherVotes, pressed: Flipped, taken: true },
    Case { at: Choice, meanwhile: OtherVotes, pressed: Drawn, taken: true },
    Case { at: Choice, meanwhile: OtherVotes, pressed: Resign, taken: false },
    Case { at: Choice, meanwhile: MoverPlaysAnother, pressed: Drawn, taken: false },
    Case { at: Choice, meanwhile: BothPlay, pressed: Drawn, taken: false },
];

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

fn asker(who: &Person, lang: Lang) -> Asker {
    Asker {
        lang: Some(lang),
        ..Asker::member(ChatId::new(Platform::Telegram, "-100"), who.clone())
    }
}

/// A chat whose tables are dealt from fixed seeds: the same deal for every case.
async fn chat() -> Chat<MemoryStore> {
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let (clock, seeds) = (Arc::new(ManualClock::new(1)), Arc::new(CountingSeeds::new(11)));
    let service = Service::start_with(
        MemoryStore::new(),
        Arc::new(domino_core::session::Simple),
        clock,
        seeds,
        options,
    )
    .await
    .expect("a service");
    Chat::new(service)
}

async fn table(chat: &Chat<MemoryStore>, id: i64) -> Table {
    chat.service().table(id).await.unwrap().unwrap()
}

async fn stored(chat: &Chat<MemoryStore>, id: i64) -> String {
    serde_json::to_string(&chat.service().store().load(id).await.unwrap().unwrap()).unwrap()
}

async fn press(chat: &Chat<MemoryStore>, who: &Asker, data: ButtonData) -> Answer {
    chat.handle(who, Request::press(data.encode())).await
}

/// The move buttons of `seat`'s hand, as drawn now.
fn moves(t: &Table, seat: usize) -> Vec<ButtonData> {
    let view = hand_view(t, seat).expect("a hand");
    let data = view.buttons.into_iter().flatten().map(|(_, d)| d);
    data.filter(|d| matches!(d.action, ButtonAction::Move(_))).collect()
}

/// The last move `seat` made in the round in play.
fn last_move(t: &Table, seat: usize) -> Option<Move> {
    let round = t.game.as_ref()?.rounds.last()?;
    round.iter().rev().find(|(s, _)| usize::from(*s) == seat).map(|(_, mv)| *mv)
}

/// Plays one case on a fresh two-person table in `lang`.
async fn run(case: &Case, lang: Lang) {
    let at = format!("{:?}, {:?}, then {:?} ({lang:?})", case.at, case.meanwhile, case.pressed);
    let chat = chat().await;
    let people = [person(1), person(2)];
    let askers = [asker(&people[0], lang), asker(&people[1], lang)];
    chat.handle(&askers[0], Request::words(Cmd::New, &["kozel", "2"])).await;
    let id = chat.service().tables_in(&askers[0].chat).await[0].id;
    let lobby = table(&chat, id).await.version;
    press(&chat, &askers[1], ButtonData::new(id, lobby, ButtonAction::Join)).await;
    let mut t = table(&chat, id).await;
    assert_eq!(t.phase, Phase::Playing, "{at}");
    let by_seat = |t: &Table, seat: usize| match t.seat_of(&people[0].id) == Some(seat) {
        true => &askers[0],
        false => &askers[1],
    };
    if let Choice = case.at {
        // Each plays the first move offered until the one to move has a choice.
        loop {
            let mover = t.to_move().expect("someone to move");
            let offered = moves(&t, mover);
            if offered.len() >= 2 {
                break;
            }
            press(&chat, by_seat(&t, mover), offered[0]).await;
            t = table(&chat, id).await;
        }
    }
    let mover = t.to_move().expect("someone to move");
    let (me, other) = (by_seat(&t, mover), by_seat(&t, 1 - mover));
    // The hand as drawn: its first move.
    let drawn = moves(&t, mover)[0];
    let ButtonAction::Move(drawn_move) = drawn.action else { unreachable!() };
    match case.meanwhile {
        Meanwhile::OtherVotes => {
            press(&chat, other, ButtonData::new(id, t.version, ButtonAction::VoteEnd)).await;
        }
        Meanwhile::MoverPlaysAnother => {
            press(&chat, me, moves(&t, mover)[1]).await;
        }
        Meanwhile::BothPlay => {
            press(&chat, me, drawn).await;
            let t = table(&chat, id).await;
            let next = t.to_move().expect("a turn");
            assert_ne!(next, mover, "{at}: the other player's turn");
            press(&chat, other, moves(&t, next)[0]).await;
        }
    }
    let now = table(&chat, id).await;
    assert!(now.version > t.version, "{at}: the table moved on");
    if let BothPlay = case.meanwhile {
        assert_eq!(now.to_move(), Some(mover), "{at}: the mover's turn again");
    }
    let action = match case.pressed {
        Pressed::Drawn => drawn.action,
        Pressed::Flipped => match drawn_move {
            Move::Lead { tile, left, na_sto } => {
                ButtonAction::Move(Move::Lead { tile, left: tile.other(left), na_sto })
            }
            other => panic!("{at}: the first move is a lead, not {other:?}"),
        },
        Pressed::Resign => ButtonAction::Resign,
    };
    let before = stored(&chat, id).await;
    let answer = press(&chat, me, ButtonData::new(id, t.version, action)).await;
    let after = table(&chat, id).await;
    if case.taken {
        let toast = answer.reply.as_ref().is_some_and(|r| r.ack);
        let said = answer.text().unwrap_or_default();
        assert!(toast && said.starts_with("✓ "), "{at}: taken, not {:?}", answer.text());
        assert_eq!(after.version, now.version + 1, "{at}: applied at the current version");
        let made = last_move(&after, mover).expect("a move made");
        let tiles = |m: &Move| m.tiles().collect::<Vec<_>>();
        assert_eq!(tiles(&made), tiles(&drawn_move), "{at}: the same tiles laid");
        let legal = now.live().unwrap().legal_moves(mover);
        assert!(legal.contains(&made), "{at}: {made:?} as it was legal then, of {legal:?}");
    } else {
        assert_eq!(answer.text(), Some(rejection_text(&Rejection::Stale, lang).as_str()), "{at}");
        assert_eq!(stored(&chat, id).await, before, "{at}: a refused press changed the table");
    }
}

#[tokio::test]
async fn a_move_from_a_hand_behind_the_table_is_taken_only_when_it_means_the_same_move() {
    for case in CASES {
        for lang in [Lang::Ru, Lang::En] {
            run(case, lang).await;
        }
    }
}
