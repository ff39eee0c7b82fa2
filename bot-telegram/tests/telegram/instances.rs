//! Two instances of the bot behind a load balancer, as on two machines with one PostgreSQL
//! store (here one SQLite file, which the service treats the same way): Telegram posts every
//! update to either webhook, at random, and the group plays on as with one bot.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::service::{Options, OsSeeds, Service, SystemClock};
use domino_core::session::{Phase, Simple};
use domino_core::store::{SqliteStore, Store};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

const SECRET: &str = "s3cret-shared-by-both";

async fn instance(fake: &Fake, store: SqliteStore) -> (Running<SqliteStore>, u16) {
    let opts = Options { robot_pause: Duration::ZERO, shared: true, ..Options::default() };
    let clock = Arc::new(SystemClock);
    let service =
        Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), opts).await.unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let hook = domino_telegram::Webhook {
        url: url::Url::parse("https://balancer.example/hook").unwrap(),
        listen: format!("127.0.0.1:{port}").parse().unwrap(),
        secret: Some(SECRET.into()),
    };
    let options =
        domino_telegram::RunOptions { mode: domino_telegram::Mode::Webhook(hook), ..options() };
    (start_with(fake, service, options).await, port)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_a_balancer_serve_one_group() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let (one, port1) = instance(&fake, SqliteStore::open_path(&path).await.unwrap()).await;
    let (two, port2) = instance(&fake, SqliteStore::open_path(&path).await.unwrap()).await;
    fake.until("both webhooks set", |st| (st.count("setWebhook") >= 2).then_some(())).await;

    // The balancer: each update to one instance or the other, at random (seeded).
    let sent = Arc::new([AtomicU32::new(0), AtomicU32::new(0)]);
    let balancer = {
        let (fake, sent) = (fake.clone(), sent.clone());
        tokio::spawn(async move {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
            loop {
                for u in fake.take_updates() {
                    let i = rng.random_range(0..2);
                    let port = [port1, port2][i];
                    assert_eq!(crate::webhook::post(port, "/hook", Some(SECRET), &u).await, 200);
                    sent[i].fetch_add(1, Ordering::SeqCst);
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
    };

    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    let service = one.service.clone();
    let id = crate::harness::lobby(&fake, &service, "kozel 2", &[BOB]).await;
    let public = shown(&fake, &service, id, "public").await;
    let (mut pressed, mut refused) = (0, 0);
    loop {
        // What the people see is what the store has, whichever instance wrote it.
        let t = service.store().load(id).await.unwrap().unwrap();
        if t.phase != Phase::Playing && pressed > 0 || pressed >= 40 || refused > 2 {
            break;
        }
        if t.phase != Phase::Playing {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        let seat = t.to_move().expect("someone to move");
        let who = t.seats[seat].as_ref().and_then(|s| s.person()).unwrap().id.id.clone();
        let user = [ALICE, BOB].into_iter().find(|u| u.id.to_string() == who).unwrap();
        let (msg, buttons) = eventually("the mover's buttons", || async {
            let msg = shown(&fake, &service, id, &hand(&user)).await;
            let buttons = moves(&msg, t.version);
            (!buttons.is_empty()).then_some((msg, buttons))
        })
        .await;
        let cb = fake.forge(&user, &msg, &buttons[0]);
        let answer = fake.answer(&cb).await;
        if !answer.taken() {
            // At a deal both instances may send a hand that was not shown yet: a press on
            // the one that is not kept is refused (the person presses the other).
            let now = shown(&fake, &service, id, &hand(&user)).await;
            assert!(now.id != msg.id || now.ephemeral != msg.ephemeral, "refused: {answer:?}");
            refused += 1;
            continue;
        }
        pressed += 1;
    }
    assert!(pressed >= 10, "a match played on: {pressed} moves");
    assert!(refused <= 2, "{refused} presses on hands sent twice");
    let sent = [sent[0].load(Ordering::SeqCst), sent[1].load(Ordering::SeqCst)];
    assert!(sent.iter().all(|&n| n >= 5), "both instances took updates: {sent:?}");
    let stored = service.store().load(id).await.unwrap().unwrap();
    let log = service.store().events(id).await.unwrap();
    domino_core::store::log_replays(&stored, &log).expect("the log replays");
    // One table message, edited in place by both instances.
    let again = shown(&fake, &service, id, "public").await;
    assert_eq!(again.id, public.id, "the same table message");
    balancer.abort();
    one.stop().await;
    two.stop().await;
}
