//! The season checked in each store: standings, pairs, history and ratings, then `/top`,
//! `/top pairs` and `/history` through the chat layer.

use super::weng_lin::{assert_ratings, expected_ratings};
use super::*;
use domino_core::chat::{Answer, Args, Asker, Body, Chat, Cmd, Opponent, Request};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::standings::{PairRow, Span};
use domino_core::store::{MemoryStore, SqliteStore};
use std::sync::Arc;

async fn check_season<S: Store>(store: S) {
    let ids = play_season(&store).await;
    let a = chat();

    // Standings: person-only matches, one line per person and game.
    let lines: Vec<(String, Variant, u32, u32, u32)> = store
        .scoreboard(&a, None, None)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.name, r.variant, r.matches, r.wins, r.goats))
        .collect();
    let line = |n: &str, v, m, w, g| (n.to_owned(), v, m, w, g);
    assert_eq!(
        lines,
        [
            line("Anna", Variant::Classic, 1, 0, 0),
            line("Anna", Variant::Kozel, 5, 4, 1),
            line("Boris", Variant::Kozel, 5, 3, 2),
            line("Gleb", Variant::Classic, 1, 1, 0),
            line("Gleb", Variant::Kozel, 3, 1, 2),
            line("Vera", Variant::Kozel, 4, 2, 2),
        ]
    );
    // The match with a computer, apart.
    let apart = store.computer_scoreboard(&a, None, None).await.unwrap();
    assert_eq!(apart.len(), 1);
    assert_eq!((apart[0].name.as_str(), apart[0].matches, apart[0].wins), ("Vera", 1, 1));

    // The pair table: partners in id order.
    let pair = |x: &str, y: &str, m, w, g| PairRow {
        users: [user(x), user(y)],
        names: [x.into(), y.into()],
        variant: Variant::Kozel,
        matches: m,
        wins: w,
        goats: g,
    };
    assert_eq!(
        store.pair_scoreboard(&a, None, None).await.unwrap(),
        [pair("Anna", "Vera", 2, 1, 1), pair("Boris", "Gleb", 2, 1, 1)]
    );

    // History: newest first, with its seats.
    let history = store.history(&a, None, 10).await.unwrap();
    let order: Vec<i64> = history.iter().map(|m| m.table_id).collect();
    assert_eq!(order, ids.iter().rev().copied().collect::<Vec<_>>());
    assert_eq!(history[0].variant, Variant::Classic);
    assert_eq!(history[1].players.iter().filter(|p| p.goat).count(), 2);
    assert_eq!(store.history(&a, Some(Variant::Classic), 10).await.unwrap().len(), 1);

    // Ratings, season and all time alike (one season), against the hand computation.
    assert_ratings(&store.ratings(&a, Span::Season(1), None).await.unwrap(), "season 1");
    assert_ratings(&store.ratings(&a, Span::AllTime, None).await.unwrap(), "all time");

    // The chat layer draws them: `/top` in rating order, `/top pairs`, `/history`.
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Chat::new(svc);
    let from =
        Asker { member_of: None, ..Asker::member(a.clone(), Person::new(user("Anna"), "Anna")) };
    let ask = |args: Args, cmd: Cmd| {
        let door = &door;
        let from = &from;
        async move { text(door.handle(from, Request::Command(cmd, args)).await) }
    };
    let top = ask(Args { game: Some(Variant::Kozel), ..Args::default() }, Cmd::Top).await;
    let want = expected_ratings();
    let mut kozel: Vec<(&str, f64)> = ["Anna", "Boris", "Vera", "Gleb"]
        .into_iter()
        .map(|n| {
            let (mu, sigma, _) = want[&(Rated::Player(user(n)), Variant::Kozel)];
            (n, mu - 3.0 * sigma)
        })
        .collect();
    kozel.sort_by(|x, y| y.1.total_cmp(&x.1));
    let places: Vec<usize> =
        kozel.iter().map(|(n, _)| top.find(&format!(" {n} — ")).unwrap()).collect();
    assert!(places.is_sorted(), "/top in rating order {kozel:?}:\n{top}");
    let (first, value) = kozel[0];
    assert!(
        top.contains(&format!("{first} — "))
            && top.contains(&format!("рейтинг {}", value.round() as i64)),
        "{top}"
    );
    assert!(top.contains("Порядок — по рейтингу"), "{top}");

    let pairs = ask(Args { pairs_table: true, ..Args::default() }, Cmd::Top).await;
    assert!(pairs.contains("Anna + Vera — 2 матча, 1 победа, 🐐 1, рейтинг"), "{pairs}");
    let bots = ask(Args { computer: true, ..Args::default() }, Cmd::Top).await;
    assert!(bots.contains("Vera — 1 матч, 1 победа, 🐐 0") && !bots.contains("Anna"), "{bots}");

    let listed = ask(Args { count: Some(3), ..Args::default() }, Cmd::History).await;
    assert!(listed.starts_with("📜 Последние матчи: 3"), "{listed}");
    assert!(listed.contains("Anna + Vera 110 · Boris + Gleb 80 — 🐐 Anna + Vera"), "{listed}");
    assert!(listed.contains("Gleb 25 · Anna 10 — 🏆 Gleb"), "{listed}");
    assert!(listed.contains("01.12.2025 21:00 UTC+3 · Домино"), "{listed}");
    let refused = ask(Args { count: Some(99), ..Args::default() }, Cmd::History).await;
    assert!(refused.contains("от 1 до 30"), "{refused}");

    // `/vs`: Anna and Vera were opponents twice (Vera the goat of three; four each alone, both
    // won) and partners twice (a win, a goat); Anna and Gleb opponents four times, each ahead
    // twice (the Classic match counts: a winner, no goat).
    let vs = |name: &str, game: Option<Variant>| Args {
        opponent: Some(Opponent::Person(Person::new(user(name), name))),
        game,
        ..Args::default()
    };
    let vera = ask(vs("Vera", None), Cmd::Vs).await;
    assert!(vera.starts_with("⚔️ Anna и Vera"), "{vera}");
    assert!(
        vera.contains(
            "Соперниками: 2 матча — впереди Anna 1, Vera 0, вровень 1 · 🐐 Anna 0, Vera 1"
        ),
        "{vera}"
    );
    assert!(vera.contains("Партнёрами: 2 матча, 1 победа, 🐐 1"), "{vera}");
    let gleb = ask(vs("Gleb", None), Cmd::Vs).await;
    assert!(
        gleb.contains(
            "Соперниками: 4 матча — впереди Anna 2, Gleb 2, вровень 0 · 🐐 Anna 1, Gleb 2"
        ),
        "{gleb}"
    );
    assert!(!gleb.contains("Партнёрами"), "{gleb}");
    let classic = ask(vs("Gleb", Some(Variant::Classic)), Cmd::Vs).await;
    assert!(classic.contains("Соперниками: 1 матч — впереди Anna 0, Gleb 1"), "{classic}");
    let none = ask(vs("Vera", Some(Variant::Classic)), Cmd::Vs).await;
    assert!(none.contains("ещё не доиграли матч за одним столом"), "{none}");
    let asked = ask(Args::default(), Cmd::Vs).await;
    assert!(asked.starts_with("С кем сравнить?"), "{asked}");
    let myself = ask(vs("Anna", None), Cmd::Vs).await;
    assert!(myself.starts_with("С кем сравнить?"), "{myself}");
    // `/me`: Anna's card (her last match lost, four wins in a row before it), then Boris's,
    // whom Anna is ahead of on balance, with his season rating.
    let anna = ask(Args::default(), Cmd::Me).await;
    assert!(anna.starts_with("👤 Anna · 6 матчей, 4 победы, 🐐 1"), "{anna}");
    assert!(anna.contains("• Козёл — 5 матчей, 4 победы, 🐐 1, рейтинг"), "{anna}");
    assert!(anna.contains("• Домино — 1 матч, 0 побед, рейтинг"), "{anna}");
    assert!(anna.contains("Побед подряд: сейчас 0, лучшая серия 4"), "{anna}");
    assert!(anna.contains("Лучший партнёр: Vera — 2 матча вместе, 1 победа"), "{anna}");
    assert!(!anna.contains("Труднее всего"), "nobody is ahead of Anna on balance: {anna}");
    let boris = Asker { person: Person::new(user("Boris"), "Boris"), ..from.clone() };
    let card = text(door.handle(&boris, Request::Command(Cmd::Me, Args::default())).await);
    let (mu, sigma, _) = want[&(Rated::Player(user("Boris")), Variant::Kozel)];
    let rating = format!(
        "• Козёл — 5 матчей, 3 победы, 🐐 2, рейтинг {}",
        (mu - 3.0 * sigma).round() as i64
    );
    assert!(card.contains(&rating), "{rating} in {card}");
    assert!(card.contains("Побед подряд: сейчас 2, лучшая серия 2"), "{card}");
    assert!(card.contains("Лучший партнёр: Gleb — 2 матча вместе, 1 победа"), "{card}");
    assert!(
        card.contains("Труднее всего против: Anna — впереди Anna 2, вы 1 (5 матчей)"),
        "{card}"
    );
    let nobody = Asker { person: Person::new(user("Zoe"), "Zoe"), ..from.clone() };
    let empty = text(door.handle(&nobody, Request::Command(Cmd::Me, Args::default())).await);
    assert!(empty.contains("ещё нет доигранных матчей"), "{empty}");

    let english = Asker { lang: Some(Lang::En), ..from.clone() };
    let en_card = text(door.handle(&english, Request::Command(Cmd::Me, Args::default())).await);
    assert!(
        en_card.contains("Wins in a row: 0 now, 4 at best")
            && en_card.contains("Best partner: Vera — 2 matches together, 1 win"),
        "{en_card}"
    );
    let en = text(door.handle(&english, Request::Command(Cmd::Vs, vs("Vera", None))).await);
    assert!(
        en.contains("As opponents: 2 matches — ahead Anna 1, Vera 0, level 1")
            && en.contains("As partners: 2 matches, 1 win, 🐐 1"),
        "{en}"
    );
}

fn text(answer: Answer) -> String {
    match answer.reply.map(|r| r.body) {
        Some(Body::Text(t) | Body::Long(t) | Body::Picture { text: t, .. }) => t,
        other => panic!("a text, not {other:?}"),
    }
}

#[tokio::test]
async fn a_season_gives_the_standings_pairs_history_and_ratings_in_memory() {
    check_season(MemoryStore::new()).await;
}

#[tokio::test]
async fn a_season_gives_the_standings_pairs_history_and_ratings_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_season(SqliteStore::open_path(&dir.path().join("season.db")).await.unwrap()).await;
}
