//! Hands inside the group (Bot API 10.2/10.3): four people who never opened a private chat with
//! the bot play a whole pairs match in the group, with the bot as an administrator and as a
//! plain member. Every hand they see is theirs alone, nothing hidden reaches a public message or
//! another person's hand, and each move is one tap in the group (apart from one «My tiles» a
//! match where the bot is a plain member). The figures are printed (`--nocapture`).

use crate::fake::{Fake, St};
use crate::harness::*;
use domino_core::chat::invariants::tiles_named;
use domino_core::engine::tile::TileSet;
use domino_core::session::Phase;
use domino_core::view::ButtonData;
use std::collections::BTreeMap;

/// What people did, per person: moves made, taps, «My tiles» presses, chat switches.
#[derive(Default, Debug)]
struct Taps {
    moves: usize,
    taps: usize,
    my_tiles: usize,
    switches: usize,
}

/// The group's calls: (public messages, ephemeral sends and edits).
fn calls(st: &St) -> (usize, usize) {
    let in_group =
        |r: &&crate::fake::Req| r.body.get("chat_id").and_then(|c| c.as_i64()) == Some(GROUP);
    let ephemeral = |r: &crate::fake::Req| {
        r.method.contains("ephemeral") || r.body.get("ephemeral_message_parameters").is_some()
    };
    let public =
        ["sendmessage", "editmessagetext", "sendphoto", "editmessagemedia", "deletemessage"];
    let group: Vec<_> = st.requests.iter().filter(in_group).filter(|r| r.status == 200).collect();
    let e = group.iter().filter(|r| ephemeral(r)).count();
    let p = group.iter().filter(|r| !ephemeral(r) && public.contains(&r.method.as_str())).count();
    (p, e)
}

/// The table's public message once it is drawn for the table's version (a person looks at
/// the table before pressing; the bot edits it sooner than that).
async fn drawn_now<S: domino_core::store::Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    id: i64,
) -> crate::fake::Msg {
    eventually("the table message of its version", || async {
        let version = table(service, id).await.version;
        let m = shown(fake, service, id, "public").await;
        let data: Vec<String> = m.buttons().into_iter().filter_map(|b| b.data).collect();
        let of = |d: &String| ButtonData::decode(d).is_ok_and(|b| b.version == version);
        data.iter().any(of).then_some(m)
    })
    .await
}

/// Whether the bot has noted the ephemeral message `message` as `user`'s hand at table `id`.
async fn noted<S: domino_core::store::Store>(
    service: &domino_core::service::Service<S>,
    id: i64,
    user: i64,
    message: i64,
) -> bool {
    let at = where_shown(service, id, &format!("hand:{user}")).await;
    at.is_some_and(|(_, m)| m == format!("e{message}"))
}

async fn a_pairs_match_in_the_group(admin: bool) -> BTreeMap<&'static str, Taps> {
    let fake = Fake::start().await;
    fake.bot_admin(GROUP, admin, false);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let people = everybody();
    let mut taps: BTreeMap<&'static str, Taps> = BTreeMap::new();
    let mut last_chat: BTreeMap<&'static str, i64> = BTreeMap::new();
    fake.say(GROUP, &ALICE, "/new kozel 4 пары до 25");
    let id = table_in(&service, GROUP).await.id;
    for user in &people[1..] {
        let public = drawn_now(&fake, &service, id).await;
        let answer = press(&fake, user, &public, "✋").await;
        assert_eq!(answer.text, None, "{} sits down from the group", user.name);
        fake.quiet().await;
    }
    let public = drawn_now(&fake, &service, id).await;
    if table(&service, id).await.phase == Phase::Lobby {
        let answer = press(&fake, &ALICE, &public, "▶️").await;
        assert_eq!(answer.text, None, "the host starts");
    }
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    // Each person's tiles through the match (what their own hand may name).
    let mut held: BTreeMap<i64, TileSet> = BTreeMap::new();
    let mut moves = 0;
    let mut tapping = |who: &'static str, chat: i64, taps: &mut BTreeMap<&'static str, Taps>| {
        let t = taps.entry(who).or_default();
        t.taps += 1;
        if last_chat.insert(who, chat).is_some_and(|c| c != chat) {
            t.switches += 1;
        }
    };
    loop {
        service.settled().await;
        fake.quiet().await;
        let t = table(&service, id).await;
        if t.phase != Phase::Playing {
            break;
        }
        let round = t.live().and_then(|m| m.round()).expect("a round");
        for (seat, occupant) in t.seats.iter().enumerate() {
            let user: i64 = occupant.as_ref().unwrap().person().unwrap().id.id.parse().unwrap();
            let h = held.entry(user).or_insert(TileSet::EMPTY);
            *h = h.union(round.hand(seat));
        }
        let seat = t.to_move().expect("somebody to move");
        let mover = t.seats[seat].as_ref().and_then(|s| s.person()).unwrap().id.id.clone();
        let user = people.iter().find(|u| u.id.to_string() == mover).unwrap().clone();
        // Their hand as they see it, drawn for the table as it is; «My tiles» when there is none.
        let current = |st: &St| {
            let e = st.seen_by(GROUP, user.id).last().map(|e| (*e).clone())?;
            let m = moves_of(&e.msg(), t.version);
            (!m.is_empty()).then_some((e, m))
        };
        // A person presses a hand once the bot has noted where it sent it (people take longer
        // than that; a press on a hand not yet noted is not the table's, and is refused).
        let mut shown_now = None;
        for i in 0..2000 {
            match fake.with(current) {
                Some(found) if noted(&service, id, user.id, found.0.id).await => {
                    shown_now = Some(found);
                    break;
                }
                Some(_) => {}
                // No hand after a second of looking: the person presses «My tiles».
                None if i >= 200 => break,
                None => {}
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let (hand, buttons) = match shown_now {
            Some(found) => found,
            None => {
                let public = shown(&fake, &service, id, "public").await;
                tapping(user.name, GROUP, &mut taps);
                taps.entry(user.name).or_default().my_tiles += 1;
                let answer = press(&fake, &user, &public, "🎴").await;
                assert_eq!(answer.text, None, "{}: {answer:?}", user.name);
                let pulled = fake.until("the hand pulled", current).await;
                eventually("the pulled hand noted", || async {
                    noted(&service, id, user.id, pulled.0.id).await.then_some(())
                })
                .await;
                pulled
            }
        };
        assert_eq!(hand.user, user.id, "a hand is seen by its owner alone");
        tapping(user.name, GROUP, &mut taps);
        taps.entry(user.name).or_default().moves += 1;
        let cb = fake.press_ephemeral(&user, hand.id, &buttons[0]);
        let answer = fake.answer(&cb).await;
        assert!(answer.taken(), "{} moved: {answer:?}", user.name);
        assert!(answer.text.is_some_and(|t| t.starts_with("✓ [")), "the toast names the move");
        moves += 1;
        assert!(moves < 2000, "the match does not end");
    }
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    fake.quiet().await;
    fake.with(|st| {
        // Nobody opened a private chat, and nothing went to one.
        assert!(st.open.is_empty() && st.requests.iter().all(|r| r.body["chat_id"].as_i64() != Some(ALICE.id)));
        // Every hand names only its owner's tiles.
        for e in st.ephemerals.values() {
            let own = held.get(&e.user).copied().unwrap_or(TileSet::EMPTY);
            let named = tiles_named(&e.text);
            assert!(named.difference(own).is_empty(), "{} saw {:?}", e.user, named.difference(own));
        }
        let (public, ephemeral) = calls(st);
        eprintln!(
            "hands in the group (bot {}): {moves} moves; group messages {public} ({:.2} a move), ephemeral sends and edits {ephemeral} ({:.2} a move)",
            if admin { "administrator" } else { "member" },
            public as f64 / moves as f64,
            ephemeral as f64 / moves as f64,
        );
    });
    bot.stop().await;
    taps
}

/// The move buttons of a hand drawn for `version`.
fn moves_of(msg: &crate::fake::Msg, version: u64) -> Vec<String> {
    moves(msg, version)
}

fn report(admin: bool, taps: &BTreeMap<&'static str, Taps>) {
    let (moves, tapped, pulls, switches) = taps.values().fold((0, 0, 0, 0), |(m, t, p, s), x| {
        (m + x.moves, t + x.taps, p + x.my_tiles, s + x.switches)
    });
    eprintln!(
        "hands in the group (bot {}): {moves} moves by people, {tapped} taps ({:.2} a move), {pulls} «My tiles», {switches} chat switches; per person {taps:?}",
        if admin { "administrator" } else { "member" },
        tapped as f64 / moves as f64,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_play_a_pairs_match_in_the_group_with_the_bot_as_administrator() {
    let taps = a_pairs_match_in_the_group(true).await;
    report(true, &taps);
    for (who, t) in &taps {
        assert_eq!(t.my_tiles, 0, "{who}: the hand came by itself");
        assert_eq!(t.taps, t.moves, "{who}: one tap a move");
        assert_eq!(t.switches, 0, "{who}: never left the group");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_play_a_pairs_match_in_the_group_with_the_bot_as_a_plain_member() {
    let taps = a_pairs_match_in_the_group(false).await;
    report(false, &taps);
    // Each sat down (or started) with a press, and got, as its answer, the message that
    // became their hand at the deal: no «My tiles» at all.
    for (who, t) in &taps {
        assert_eq!(t.my_tiles, 0, "{who}: the hand came in the message the press opened");
        assert_eq!(t.taps, t.moves, "{who}: one tap a move");
        assert_eq!(t.switches, 0, "{who}: never left the group");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_hand_an_app_restart_and_an_old_press_are_repaired_by_my_tiles() {
    let fake = Fake::start().await;
    fake.bot_admin(GROUP, false, false);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    fake.quiet().await;
    // The ephemeral command: answered to her alone, within its 15 s.
    fake.say_ephemeral(GROUP, &ALICE, "/hand");
    let first =
        fake.until("the hand", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| e.id)).await;
    // Her app restarts: the hand is gone from her screen; «My tiles» sends it anew.
    fake.restart_app(&ALICE);
    let public = shown(&fake, &service, id, "public").await;
    assert_eq!(press(&fake, &ALICE, &public, "🎴").await.text, None);
    let second =
        fake.until("the hand again", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| e.id)).await;
    assert_ne!(first, second, "sent anew");
    fake.until("the old one deleted", |st| st.ephemerals[&first].deleted.then_some(())).await;
    // A delivery that never arrives: «My tiles» again.
    fake.lose_ephemerals(1);
    assert_eq!(press(&fake, &ALICE, &public, "🎴").await.text, None);
    fake.quiet().await;
    assert!(fake.with(|st| st.seen_by(GROUP, ALICE.id).is_empty()), "lost on the way");
    let deleted = fake.with(|st| st.count("deleteEphemeralMessage"));
    assert_eq!(press(&fake, &ALICE, &public, "🎴").await.text, None);
    fake.until("the hand at last", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| e.id)).await;
    // Once the lost one is deleted, the new one is the hand the bot keeps.
    fake.until("the lost one deleted", |st| {
        (st.count("deleteEphemeralMessage") > deleted).then_some(())
    })
    .await;
    // Long past her press (the fake's clock on), the hand she sees is edited as she plays.
    fake.advance(std::time::Duration::from_secs(16));
    play(&fake, &service, id, &[ALICE], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    assert_eq!(fake.with(|st| st.seen_by(GROUP, ALICE.id).len()), 1, "one hand on her screen");
    bot.stop().await;
}
