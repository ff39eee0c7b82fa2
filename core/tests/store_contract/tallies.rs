//! The tallies `/me` and `/vs` read (`Store::person_tally`), run on every backend: over random
//! finished matches on a fixed seed (duels, several alone, pairs, computers, two people of
//! one name, matches whose computer helped a person), a chat moved onto another with
//! matches of its own and a new season between them, every person's tallies give the card a
//! recomputation from the chat's matches gives, and the head-to-head `HeadToHead::of` gives
//! over them, in every game and each.

use super::*;
use domino_core::standings::{Card, ChatTally, HeadToHead, SummaryPlayer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn person(i: usize) -> UserId {
    let platform = if i % 4 == 3 { Platform::Discord } else { Platform::Telegram };
    UserId::new(platform, format!("p{i}"))
}

/// A random finished match of `chat`: two to four seats, each a person of seven (two of them
/// named alike) or a computer, sides and results at random.
fn random_match(rng: &mut ChaCha8Rng, chat: &ChatId, at: Millis) -> MatchSummary {
    let variant = Variant::ALL[rng.random_range(0..Variant::ALL.len())];
    let seats = rng.random_range(2..=4usize);
    let pairs = seats == 4 && rng.random_bool(0.5);
    let sides = if pairs { 2 } else { seats };
    let loser = rng.random_range(0..sides) as u8;
    let mut taken = Vec::new();
    let players = (0..seats)
        .map(|seat| {
            let side = if pairs { (seat % 2) as u8 } else { seat as u8 };
            // Nobody sits twice; the computer (7) may.
            let mut who = rng.random_range(0..8usize);
            while taken.contains(&who) {
                who = rng.random_range(0..8usize);
            }
            if who < 7 {
                taken.push(who);
            }
            let user = (who < 7 && !rng.random_bool(0.05)).then(|| person(who));
            let name = match who {
                7 => "bot (greedy)".to_owned(),
                5 | 6 => "Sam".to_owned(),
                w => format!("P{w}"),
            };
            let goat = side == loser && !rng.random_bool(0.1);
            SummaryPlayer {
                user,
                name,
                seat: seat as u8,
                side,
                won: !goat && rng.random_bool(0.9),
                goat,
                points_for: rng.random_range(0..120),
                points_against: rng.random_range(0..120),
                relieved: false,
            }
        })
        .collect();
    MatchSummary {
        chat: chat.clone(),
        table_id: 0,
        match_no: 1,
        variant,
        pairs,
        rounds: rng.random_range(1..9),
        finished_at: at,
        players,
        record: json!({"format": "domino-record/1", "at": at}),
    }
}

/// Commits `m` as the finishing commit of a table of its own.
async fn finish<S: Store>(store: &S, mut m: MatchSummary) {
    let new = NewTable {
        id: 0,
        chat: m.chat.clone(),
        number: 0,
        rules: Rules::new(m.variant),
        size: 2,
        lang: Lang::Ru,
        turn_secs: None,
        bot_level: BotLevel::Greedy,
        seed: 1,
        clock: None,
    };
    let host = Person::new(person(0), "P0");
    let (mut table, events): (Table, _) = Table::create(new, host, m.finished_at).unwrap();
    store.create(&mut table, &events).await.unwrap();
    table.version += 1;
    m.table_id = table.id;
    store.commit(&table, &[], Some(&m)).await.unwrap();
}

/// Every person's kept tallies in `chat` against a recomputation from its matches.
async fn check_tallies<S: Store>(store: &S, chat: &ChatId) {
    let all = store.history(chat, None, u32::MAX).await.unwrap();
    let recomputed = ChatTally::of(&all);
    for i in 0..7 {
        let me = person(i);
        let kept = store.person_tally(chat, &me).await.unwrap();
        let mut games = kept.games.clone();
        games.sort_by_key(|(v, _)| *v);
        let want = recomputed.person(&me);
        let mut want_games = want.games.clone();
        want_games.sort_by_key(|(v, _)| *v);
        assert_eq!(games, want_games, "{chat} {me:?}: lines per game");
        assert_eq!(kept.runs, want.runs, "{chat} {me:?}: runs");
        assert_eq!(kept.meetings.len(), want.meetings.len(), "{chat} {me:?}: meetings");
        assert_eq!(kept.card(), Card::of(&all, &me), "{chat} {me:?}: the card");
        for j in (0..7).filter(|&j| j != i) {
            let other = person(j);
            assert_eq!(kept.versus(&other, None), HeadToHead::of(&all, &me, &other));
            for game in Variant::ALL {
                let of_game = store.history(chat, Some(game), u32::MAX).await.unwrap();
                let h = HeadToHead::of(&of_game, &me, &other);
                assert_eq!(kept.versus(&other, Some(game)), h, "{chat} {me:?} {other:?} {game:?}");
            }
        }
    }
}

async fn tallies_equal_a_recomputation<S: Store>(store: &S) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7a11);
    let (a, b) = (chat_a(), chat_b());
    for n in 0..120 {
        let chat = if n % 3 == 2 { &b } else { &a };
        if n == 60 {
            store.new_season(&a, T0 + n * 1_000).await.unwrap();
        }
        finish(store, random_match(&mut rng, chat, T0 + n * 1_000)).await;
    }
    let cards = store.person_tally(&a, &person(1)).await.unwrap().card();
    assert!(cards.total.matches > 10 && cards.partner.is_some(), "{cards:?}");
    check_tallies(store, &a).await;
    check_tallies(store, &b).await;
    assert_eq!(
        store.person_tally(&a, &UserId::new(Platform::Telegram, "nobody")).await.unwrap(),
        Default::default()
    );

    // `b` moves onto `a`: the matches interleave as their rows do, runs and first meetings too.
    store.move_chat(&b, &a).await.unwrap();
    check_tallies(store, &a).await;
    assert_eq!(store.person_tally(&b, &person(1)).await.unwrap(), Default::default());
    finish(store, random_match(&mut rng, &a, T0 + 200_000)).await;
    check_tallies(store, &a).await;
}

#[tokio::test]
async fn memory_store_tallies_equal_a_recomputation() {
    tallies_equal_a_recomputation(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_tallies_equal_a_recomputation() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open_path(&dir.path().join("tallies.db")).await.unwrap();
    tallies_equal_a_recomputation(&store).await;
    // Opened again, nothing is due: the tallies stay as they are.
    drop(store);
    let store = SqliteStore::open_path(&dir.path().join("tallies.db")).await.unwrap();
    check_tallies(&store, &chat_a()).await;
}

#[tokio::test]
async fn postgres_store_tallies_equal_a_recomputation() {
    let url = domino_pg_harness::server().database("tallies");
    tallies_equal_a_recomputation(&PgStore::open(&url).await.unwrap()).await;
}

/// Tallies lost and the chats due again, as the migration that made them leaves a database
/// with history: two processes opening at once work them out, each chat once.
#[tokio::test]
async fn postgres_store_works_out_the_tallies_due_when_it_opens() {
    use sqlx::Connection;
    let url = domino_pg_harness::server().database("tallies_due");
    let store = PgStore::open(&url).await.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0xd0e);
    for n in 0..40 {
        let chat = if n % 2 == 0 { chat_a() } else { chat_b() };
        finish(&store, random_match(&mut rng, &chat, T0 + n * 1_000)).await;
    }
    let kept = store.person_tally(&chat_a(), &person(2)).await.unwrap();
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    for sql in [
        "DELETE FROM tally_people",
        "DELETE FROM tally_runs",
        "DELETE FROM tally_meetings",
        "INSERT INTO tally_due SELECT DISTINCT chat_platform, chat_id FROM matches",
    ] {
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
    assert_eq!(store.person_tally(&chat_a(), &person(2)).await.unwrap(), Default::default());
    let (one, two) = tokio::join!(PgStore::open(&url), PgStore::open(&url));
    let (one, two) = (one.unwrap(), two.unwrap());
    let due: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM tally_due").fetch_one(&mut conn).await.unwrap();
    assert_eq!(due, 0);
    assert_eq!(one.person_tally(&chat_a(), &person(2)).await.unwrap(), kept);
    check_tallies(&two, &chat_a()).await;
    check_tallies(&two, &chat_b()).await;
}
