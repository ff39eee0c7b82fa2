//! The store's part in several processes on one database: the leases of due work go to one
//! owner at a time, `touched_since` lists what changed (a moved chat's tables too), and a
//! conditional meta write (`swap_meta`) lets exactly one of several writers through.

use super::*;
use std::collections::BTreeSet;

/// Leases taken, renewed, refused, ended and given back, on `stores` (one store or several on
/// one database).
async fn leases_go_to_one_owner_at_a_time<S: Store>(stores: &[Arc<S>]) {
    let (a, b) = (&stores[0], &stores[1 % stores.len()]);
    assert_eq!(a.claim(&[], "a", T0, T0 + 1000).await.unwrap(), Vec::<i64>::new());
    assert_eq!(a.claim(&[11, 10], "a", T0, T0 + 1000).await.unwrap(), [10, 11]);
    assert_eq!(
        b.claim(&[10, 11, 12], "b", T0 + 10, T0 + 1000).await.unwrap(),
        [12],
        "a holds 10, 11"
    );
    assert_eq!(a.claim(&[10, 11, 12], "a", T0 + 20, T0 + 2000).await.unwrap(), [10, 11], "renewed");
    assert!(b.claim(&[10], "b", T0 + 1999, T0 + 3000).await.unwrap().is_empty(), "not ended yet");
    assert_eq!(
        b.claim(&[10, 11, 12], "b", T0 + 2000, T0 + 3000).await.unwrap(),
        [10, 11, 12],
        "ended"
    );
    // Given back (a lease until now): anyone takes it at once.
    assert_eq!(b.claim(&[10], "b", T0 + 2001, T0 + 2001).await.unwrap(), [10]);
    assert_eq!(a.claim(&[10, 11], "a", T0 + 2002, T0 + 4000).await.unwrap(), [10]);

    // Owners claiming the same tables at once: each table goes to exactly one of them.
    let ids: Vec<i64> = (100..140).collect();
    let claims: Vec<_> = (0..8)
        .map(|i| {
            let (store, ids) = (stores[i % stores.len()].clone(), ids.clone());
            tokio::spawn(async move {
                let mut ids = ids;
                ids.rotate_left(i * 5);
                store.claim(&ids, &format!("owner{i}"), T0, T0 + 30_000).await.unwrap()
            })
        })
        .collect();
    let mut granted = Vec::new();
    for c in claims {
        granted.extend(c.await.unwrap());
    }
    granted.sort();
    assert_eq!(granted, ids, "every table leased once, to one owner");
}

/// What `touched_since` lists: tables created and committed from a moment on, with their
/// versions; a set-aside table as no longer open; nothing from the future.
async fn touched_lists_what_changed<S: Store>(store: &S) {
    let [alice, bob, ..] = people();
    let start = store.touched_since(Millis::MAX).await.unwrap();
    assert!(start.tables.is_empty(), "nothing is touched in the future");
    let mut bench = Bench::new(store);
    let lobby = bench.open(&chat_a(), rules(Variant::Kozel, json!({})), 2, &alice).await;
    let other = bench.open(&chat_b(), rules(Variant::Kozel, json!({})), 2, &bob).await;
    let mut joined = lobby.clone();
    let events = joined.apply(&command(&bob, Action::Join { seat: None }, 0), T0).unwrap();
    store.commit(&joined, &events, None).await.unwrap();
    assert!(store.set_aside(other.id).await.unwrap(), "set aside by this call");
    assert!(!store.set_aside(other.id).await.unwrap(), "once: it was no longer open");
    let seen = store.touched_since(start.now).await.unwrap();
    assert!(seen.now >= start.now);
    let stamp = |id: i64| seen.tables.iter().find(|s| s.id == id).copied();
    let joined_stamp = stamp(lobby.id).expect("the joined table");
    assert_eq!((joined_stamp.version, joined_stamp.open), (joined.version, true));
    assert_eq!(stamp(other.id).map(|s| s.open), Some(false), "set aside");
    let ids: BTreeSet<i64> = seen.tables.iter().map(|s| s.id).collect();
    assert_eq!(ids.len(), seen.tables.len(), "each table once");
    let later = store.touched_since(seen.now + 3_600_000).await.unwrap();
    assert!(later.tables.is_empty(), "{later:?}");
}

/// `swap_meta` writes only over the value expected, absent included, and of writers expecting
/// the same value exactly one succeeds; a read-modify-write loop on it loses nothing.
async fn swaps_meta_once<S: Store>(stores: &[Arc<S>]) {
    let (a, b) = (&stores[0], &stores[1 % stores.len()]);
    let k = "contract-swap";
    assert!(!a.swap_meta(k, Some("x"), Some("y")).await.unwrap(), "nothing to replace");
    assert!(a.swap_meta(k, None, None).await.unwrap(), "absent, as expected");
    assert!(a.swap_meta(k, None, Some("1")).await.unwrap());
    assert!(!b.swap_meta(k, None, Some("2")).await.unwrap(), "no longer absent");
    assert!(!b.swap_meta(k, Some("2"), Some("3")).await.unwrap());
    assert_eq!(b.meta(k).await.unwrap().as_deref(), Some("1"));
    assert!(!b.swap_meta(k, None, None).await.unwrap(), "present");
    assert!(!b.swap_meta(k, Some("0"), None).await.unwrap());
    assert!(b.swap_meta(k, Some("1"), None).await.unwrap());
    assert_eq!(a.meta(k).await.unwrap(), None);

    // Writers at once, each expecting what it read: one per value read.
    let tries: Vec<_> = (0..8)
        .map(|i| {
            let store = stores[i % stores.len()].clone();
            tokio::spawn(async move { store.swap_meta(k, None, Some(&format!("w{i}"))).await })
        })
        .collect();
    let mut won = 0;
    for t in tries {
        won += usize::from(t.await.unwrap().unwrap());
    }
    assert_eq!(won, 1, "of eight writers expecting no value, one wrote");

    // A counter kept by read-modify-write loops from several tasks: no increment lost.
    let key = "contract-counter";
    let adders: Vec<_> = (0..6)
        .map(|i| {
            let store = stores[i % stores.len()].clone();
            tokio::spawn(async move {
                for _ in 0..5 {
                    loop {
                        let seen = store.meta(key).await.unwrap();
                        let n: u32 = seen.as_deref().map_or(0, |v| v.parse().unwrap());
                        let next = (n + 1).to_string();
                        if store.swap_meta(key, seen.as_deref(), Some(&next)).await.unwrap() {
                            break;
                        }
                    }
                }
            })
        })
        .collect();
    for t in adders {
        t.await.unwrap();
    }
    assert_eq!(a.meta(key).await.unwrap().as_deref(), Some("30"));
}

/// Tables moved to another chat (`move_chat`) are listed by `touched_since` from before the
/// move, as the other processes look for them.
async fn moved_tables_are_touched<S: Store>(store: &S) {
    let [alice, ..] = people();
    let mut bench = Bench::new(store);
    let from = ChatId::new(Platform::Telegram, "-5");
    let to = ChatId::new(Platform::Telegram, "-1005");
    let t = bench.open(&from, rules(Variant::Kozel, json!({})), 2, &alice).await;
    // The store's clock past the opening (it counts milliseconds): a moment after it.
    let opened = store.touched_since(Millis::MAX).await.unwrap().now;
    let mut before = opened;
    while before <= opened {
        tokio::task::yield_now().await;
        before = store.touched_since(Millis::MAX).await.unwrap().now;
    }
    let unmoved = store.touched_since(before).await.unwrap();
    assert!(unmoved.tables.iter().all(|s| s.id != t.id), "not touched since {before}");
    assert_eq!(store.move_chat(&from, &to).await.unwrap(), 1);
    let seen = store.touched_since(before).await.unwrap();
    assert!(seen.tables.iter().any(|s| s.id == t.id && s.open), "{seen:?}");
    assert_eq!(store.load(t.id).await.unwrap().unwrap().chat, to);
}

#[tokio::test]
async fn memory_store_leases_and_lists_changes() {
    leases_go_to_one_owner_at_a_time(&[Arc::new(MemoryStore::new())]).await;
    touched_lists_what_changed(&MemoryStore::new()).await;
    swaps_meta_once(&[Arc::new(MemoryStore::new())]).await;
    moved_tables_are_touched(&MemoryStore::new()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_leases_and_lists_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    leases_go_to_one_owner_at_a_time(&[first.clone(), second.clone()]).await;
    touched_lists_what_changed(&*first).await;
    swaps_meta_once(&[first.clone(), second]).await;
    moved_tables_are_touched(&*first).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_leases_and_lists_changes() {
    let url = domino_pg_harness::server().database("leases");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    leases_go_to_one_owner_at_a_time(&[first.clone(), second.clone()]).await;
    touched_lists_what_changed(&*first).await;
    swaps_meta_once(&[first.clone(), second]).await;
    moved_tables_are_touched(&*first).await;
}
