//! What a tournament tells the chat, through the door's feed: a round robin of pairs made and
//! enrolled through its message (a person waits, a partner names them), its schedule drawn,
//! each fixture's four-seat table (partners across) announced as it opens, who is due told
//! once as the deadline nears; and a close with the final standings as a picture, the
//! tournament then in `/history` and `/export`; its live message kept from start to close.

use super::*;
use domino_core::chat::catalog::command_named;
use domino_core::chat::{Answer, Asker, Body, Door, Fed, Feed, Kept, Menu, Request};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::Simple;
use domino_core::standings::tournament::DAY;
use domino_core::store::MemoryStore;
use std::sync::Arc;
use std::time::Duration;

/// Every post of the feed until it has been quiet a moment.
async fn posts(feed: &mut Feed) -> Vec<(String, Body)> {
    let (posts, _) = fed(feed).await;
    posts
}

/// Every post and every kept message's text of the feed until it has been quiet a moment.
async fn fed(feed: &mut Feed) -> (Vec<(String, Body)>, Vec<(Kept, Option<String>)>) {
    let (mut out, mut kept) = (Vec::new(), Vec::new());
    while let Ok(Some(fed)) = tokio::time::timeout(Duration::from_millis(500), feed.next()).await {
        if let Fed::Kept { kept: k, text, .. } = &fed {
            kept.push((*k, text.clone()));
        }
        if let Fed::Post { reply, .. } = fed {
            let text = Answer { reply: Some(reply.clone()), ..Answer::default() };
            out.push((text.text().unwrap_or_default().to_owned(), reply.body));
        }
    }
    (out, kept)
}

fn menu_of(a: &Answer) -> Menu {
    a.menu
        .clone()
        .or_else(|| match &a.reply.as_ref()?.body {
            Body::Menu(m) => Some(m.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a tournament message: {:?}", a.text()))
}

struct Club {
    door: Door,
    svc: Arc<Service<MemoryStore>>,
    folk: Vec<Person>,
    menu: Menu,
}

impl Club {
    async fn new(words: &[&str]) -> Club {
        let options = Options { robot_pause: Duration::ZERO, ..Options::default() };
        let clock = Arc::new(ManualClock::new(T0));
        let seeds = Arc::new(CountingSeeds::new(5));
        let svc = Service::start_with(MemoryStore::new(), Arc::new(Simple), clock, seeds, options)
            .await
            .unwrap();
        let door = Door::new(svc.clone());
        let folk: Vec<Person> = ["Аня", "Боря", "Вера", "Гоша", "Даша", "Егор"]
            .iter()
            .enumerate()
            .map(|(i, n)| Person::new(UserId::new(Platform::Telegram, format!("{}", 700 + i)), *n))
            .collect();
        let cmd = command_named("tournament").unwrap().cmd;
        // A chat admin makes it.
        let admin = Asker { admin: true, ..Self::asker(&folk[0]) };
        let a = door.handle(&admin, Request::words(cmd, words)).await;
        let menu = menu_of(&a);
        Club { door, svc, folk, menu }
    }

    fn asker(p: &Person) -> Asker {
        Asker { lang: Some(Lang::Ru), ..Asker::member(chat(), p.clone()) }
    }

    /// `who` presses the button labelled with `label` on the message.
    async fn press(&mut self, who: usize, label: &str) -> Answer {
        let item = self.menu.nav.iter().find(|i| i.label.contains(label));
        let item = item.unwrap_or_else(|| panic!("no {label:?} on {:?}", self.menu.nav));
        let press = Request::press(item.press.encode());
        let a = self.door.handle(&Self::asker(&self.folk[who]), press).await;
        if let Some(m) = a.menu.clone() {
            self.menu = m;
        }
        a
    }

    /// Pairs (0, 1), (2, 3), … up to `pairs` of them, each by a wait and a partner's press.
    async fn enrol_pairs(&mut self, pairs: usize) {
        for p in 0..pairs {
            let a = self.press(2 * p, "Ищу пару").await;
            assert!(a.reply.is_none(), "{:?}", a.text());
            let a = self.press(2 * p + 1, "В пару к").await;
            assert!(a.reply.is_none(), "{:?}", a.text());
        }
    }

    async fn wait(&self, ms: i64) {
        assert!(self.svc.advance_clock(ms));
        self.svc.fire_due().await;
        self.svc.settled().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairings_tables_and_who_is_due_are_told_once() {
    let mut club = Club::new(&["пары", "дней", "2"]).await;
    let mut feed = club.door.feed(Platform::Telegram);
    // Two people waiting are not paired by themselves; the button names the first of them.
    club.press(0, "Ищу пару").await;
    let stale = club.menu.clone();
    club.press(2, "Ищу пару").await;
    // A partner's press on the message as it was before someone else joined the list: told
    // to look again, the message drawn anew; nobody paired.
    let fresh = std::mem::replace(&mut club.menu, stale);
    let a = club.press(1, "В пару к").await;
    assert_eq!(
        a.text(),
        Some("Список ждущих пару изменился: посмотрите сообщение ещё раз."),
        "{:?}",
        a.reply
    );
    assert_eq!(club.menu, fresh, "the message drawn anew");
    assert!(club.menu.text.contains("⏳ Ждут пару: Аня, Вера"), "{}", club.menu.text);
    assert!(club.menu.nav.iter().any(|i| i.label == "🤝 В пару к Аня"), "{:?}", club.menu.nav);
    club.press(1, "В пару к").await;
    club.press(3, "В пару к").await;
    club.press(4, "Ищу пару").await;
    club.press(5, "В пару к").await;
    let a = club.press(2, "Ищу пару").await;
    assert_eq!(a.text(), Some("Вы уже участвуете."));
    assert!(club.menu.text.contains("Аня + Боря, Вера + Гоша, Даша + Егор"), "{}", club.menu.text);
    club.press(0, "Начать").await;

    let drawn = posts(&mut feed).await;
    let texts: Vec<&str> = drawn.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    for round in 1..=3 {
        assert!(texts[0].contains(&format!("📣 Турнир №1, тур {round}: ")), "{texts:?}");
    }
    assert!(texts[0].contains("Отдыхает: "), "three pairs: one rests each round: {texts:?}");

    club.wait(1000).await;
    let opened = posts(&mut feed).await;
    let table = club.svc.all_tables().await.into_iter().next().expect("a fixture's table");
    let seated: Vec<String> =
        table.seats.iter().map(|s| s.as_ref().unwrap().person().unwrap().name.clone()).collect();
    let partners = |a: &str, b: &str| {
        let (i, j) = (seated.iter().position(|s| s == a), seated.iter().position(|s| s == b));
        i.zip(j).is_some_and(|(i, j)| i.abs_diff(j) == 2)
    };
    assert_eq!(seated.len(), 4);
    assert!(
        [("Аня", "Боря"), ("Вера", "Гоша"), ("Даша", "Егор")]
            .iter()
            .filter(|(a, b)| partners(a, b))
            .count()
            == 2,
        "partners sit across: {seated:?}"
    );
    let told = format!(
        "🎲 Турнир №1: за стол садятся {} + {} против {} + {}.",
        seated[0], seated[2], seated[1], seated[3]
    );
    assert!(opened.iter().any(|(t, _)| *t == told), "{opened:?}");
    assert!(opened.iter().all(|(t, _)| !t.contains("⏰")), "not due yet: {opened:?}");

    // Two days to the deadline: who is due is told a quarter of it before, once.
    club.wait(DAY * 3 / 2 - 2000).await;
    let early = posts(&mut feed).await;
    assert!(early.iter().all(|(t, _)| !t.contains("⏰")), "not due yet: {early:?}");
    let mut all = Vec::new();
    for _ in 0..3 {
        club.wait(3_600_000).await;
        all.extend(posts(&mut feed).await);
    }
    let due: Vec<&String> = all.iter().map(|(t, _)| t).filter(|t| t.contains("⏰")).collect();
    assert_eq!(due.len(), 1, "{all:?}");
    assert!(due[0].starts_with("⏰ Турнир №1: скоро срок, ещё не сыграно: "), "{}", due[0]);
    assert_eq!(due[0].matches(" — ").count(), 3, "every open fixture: {}", due[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_close_has_the_standings_as_a_picture_and_is_kept_in_history_and_export() {
    let mut club = Club::new(&["пары"]).await;
    club.enrol_pairs(2).await;
    let mut feed = club.door.feed(Platform::Telegram);
    club.press(0, "Начать").await;
    // Боря withdraws before any table opens: his pair forfeits, the tournament is over.
    let a = club.press(1, "Выйти").await;
    assert!(a.reply.is_none(), "{:?}", a.text());
    let all = posts(&mut feed).await;
    let (text, body) = all.iter().find(|(t, _)| t.contains("🏁")).expect("the close");
    assert!(text.contains("🏁 Турнир №1 окончен! Победитель: Вера + Гоша 🏆"), "{text}");
    assert!(text.contains("1. Вера + Гоша — 2 оч."), "{text}");
    let Body::Picture { picture, .. } = body else { panic!("the standings' picture: {body:?}") };
    let decoder = png::Decoder::new(std::io::Cursor::new(&picture.png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("decoded");
    assert_eq!((info.width, info.height), (picture.width, picture.height));

    let asker = Club::asker(&club.folk[4]);
    let cmd = |name| command_named(name).unwrap().cmd;
    let history = club.door.handle(&asker, Request::words(cmd("history"), &[])).await;
    let history = history.text().unwrap_or_default().to_owned();
    assert!(history.contains("🏆 Турниры:"), "{history}");
    assert!(
        history.contains("• Турнир №1 · круговой, парами · Козёл · ")
            && history.contains(" — победитель: Вера + Гоша"),
        "{history}"
    );
    let export = club.door.handle(&asker, Request::words(cmd("export"), &["all"])).await;
    let Some(Body::Files { files, caption }) = export.reply.map(|r| r.body) else {
        panic!("the files")
    };
    let file = files.iter().find(|f| f.name == "tournaments.json").expect("the tournaments");
    assert!(caption.contains("tournaments.json"), "{caption}");
    let kept: serde_json::Value = serde_json::from_slice(&file.bytes).unwrap();
    assert_eq!(kept[0]["id"], 1);
    assert_eq!(kept[0]["state"]["state"], "closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_message_is_kept_from_the_start_to_the_close() {
    let mut club = Club::new(&["пары"]).await;
    club.enrol_pairs(2).await;
    let mut feed = club.door.feed(Platform::Telegram);
    // Taking entrants, the tournament's own message is the one to look at: nothing kept.
    let (_, kept) = fed(&mut feed).await;
    assert!(kept.is_empty(), "{kept:?}");

    club.press(0, "Начать").await;
    let (_, kept) = fed(&mut feed).await;
    let (k, text) = kept.last().cloned().expect("the live message at the start");
    assert_eq!(k, Kept::Tournament(1));
    let text = text.expect("a text to show");
    assert!(text.starts_with("📌 🏆 Турнир №1"), "{text}");
    assert!(text.contains("▶️ Идёт") && text.contains("Аня + Боря"), "{text}");
    assert!(text.contains("🕒 Обновлено "), "{text}");

    // Боря withdraws: the pair forfeits, the tournament closes, the same message says so.
    club.press(1, "Выйти").await;
    let (_, kept) = fed(&mut feed).await;
    let (k, text) = kept.last().cloned().expect("the live message at the close");
    assert_eq!(k, Kept::Tournament(1));
    let text = text.expect("a text to show");
    assert!(text.contains("🏁 Окончен. Победитель: Вера + Гоша"), "{text}");
    assert!(kept.iter().all(|(k, t)| *k == Kept::Tournament(1) && t.is_some()), "{kept:?}");
}
