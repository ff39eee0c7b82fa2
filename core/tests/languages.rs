//! Russian first, and complete: every text a player can be shown — each refusal, notice, table,
//! hand, menu, help and answer — is written in the chat's language. A Russian chat is told no
//! English word and an English chat no Russian one.
//!
//! Refusals are rendered from every variant of their enums; the rest is gathered by driving two
//! chats (one Russian, one English) through every command, every settings page and control,
//! and whole matches of every variant with people pressing whatever they are shown.

use domino_core::chat::{Answer, Body, Chat, From, Menu, Request, catalog::COMMANDS};
use domino_core::engine::board::Arm;
use domino_core::engine::moves::MoveError;
use domino_core::engine::rules::{RulesError, Teams, Variant};
use domino_core::engine::tile::Tile;
use domino_core::session::{ChatId, Lang, Person, Phase, Platform, Rejection, UserId};
use domino_core::store::MemoryStore;
use domino_core::view::{
    ButtonAction, hand_view, move_error_text, rejection_text, render_hand, render_table,
    rules_error_text,
};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// Latin words a Russian text may hold: names of things that have no Russian name (Weng-Lin is
/// a rating's authors), the language choice «English», named in its own language, and
/// Discord's boolean value as its option picker shows it (`компьютер:True`).
const LATIN_IN_RUSSIAN: &[&str] =
    &["Telegram", "Discord", "CSV", "JSON", "PNG", "ID", "English", "WengLin", "True"];

/// The Latin words of `text` that a Russian reader would see as English. Commands are the
/// platform's names, not words (`/new`, Discord's `/domino new`), and so are mentions, links
/// and format names (`domino-record/1`); «English» is the language choice, in its own words.
fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut after_domino = false;
    for raw in text.split(|c: char| c.is_whitespace() || "«»\"'()[],.;:!?—–…|*_`".contains(c))
    {
        let command = std::mem::replace(&mut after_domino, raw == "/domino");
        if command || raw.contains('/') || raw.starts_with('@') {
            continue;
        }
        let word: String = raw.chars().filter(char::is_ascii_alphabetic).collect();
        let latin = raw.chars().filter(char::is_ascii_alphabetic).count();
        if latin >= 2 && !LATIN_IN_RUSSIAN.contains(&word.as_str()) {
            found.push(raw.to_owned());
        }
    }
    found
}

fn russian_letters(text: &str) -> bool {
    text.chars().any(|c| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё'))
}

/// Every text gathered in one language, with where it came from.
struct Told {
    lang: Lang,
    texts: Vec<(String, String)>,
}

impl Told {
    fn add(&mut self, source: &str, text: &str) {
        self.texts.push((source.to_owned(), text.to_owned()));
    }

    fn add_menu(&mut self, source: &str, menu: &Menu) {
        self.add(source, &menu.text);
        for control in &menu.controls {
            self.add(source, &control.label);
            for item in &control.items {
                self.add(source, &item.label);
            }
        }
        for item in &menu.nav {
            self.add(source, &item.label);
        }
    }

    fn add_answer(&mut self, source: &str, a: &Answer) {
        if let Some(reply) = &a.reply {
            match &reply.body {
                Body::Hand(h) => {
                    self.add(source, &render_hand(h));
                    h.buttons.iter().flatten().for_each(|(l, _)| self.add(source, l));
                }
                Body::Menu(m) => self.add_menu(source, m),
                _ => self.add(source, a.text().unwrap_or_default()),
            }
        }
        if let Some(m) = &a.menu {
            self.add_menu(source, m);
        }
        for show in &a.shows {
            self.add(source, &render_table(&show.view));
            show.view.buttons.iter().flatten().for_each(|(l, _)| self.add(source, l));
            if let Some(n) = &show.notice {
                self.add(source, &n.text);
            }
            for (_, hand) in show.hands() {
                if let Some(h) = hand {
                    self.add(source, &render_hand(&h));
                    h.buttons.iter().flatten().for_each(|(l, _)| self.add(source, l));
                }
            }
        }
    }

    /// Every text in the wrong language, for the failure message.
    fn wrong(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (source, text) in &self.texts {
            match self.lang {
                Lang::Ru => {
                    let words = english_words(text);
                    if !words.is_empty() {
                        out.push(format!("[{source}] {words:?} in {text:?}"));
                    }
                }
                // «Русский» is the language choice, in its own words.
                Lang::En if russian_letters(&text.replace("Русский", "")) => {
                    out.push(format!("[{source}] {text:?}"))
                }
                Lang::En => {}
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

/// A service that starts the same every run: a manual clock, counted seeds, the simplest
/// computer player, no pause before its moves.
async fn service() -> std::sync::Arc<domino_core::service::Service<MemoryStore>> {
    use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
    use std::sync::Arc;
    let options = Options {
        robot_pause: std::time::Duration::ZERO,
        advice: domino_core::engine::ai::Budget { playouts: 8 },
        ..Options::default()
    };
    let (clock, seeds) = (Arc::new(ManualClock::new(1)), Arc::new(CountingSeeds::new(1)));
    Service::start_with(
        MemoryStore::new(),
        Arc::new(domino_core::session::Simple),
        clock,
        seeds,
        options,
    )
    .await
    .expect("a service")
}

fn tile(a: u8, b: u8) -> Tile {
    Tile::new(a, b)
}

fn rejections(lang: Lang) -> Vec<Rejection> {
    use Rejection::*;
    let mut all = vec![
        Stale,
        Closed,
        NotSeated,
        AlreadySeated,
        SeatTaken,
        NoSuchSeat,
        Full,
        NotHost,
        NotHostOrAdmin,
        NotStarted,
        AlreadyStarted,
        MatchOver,
        NotYourTurn,
        Away,
        NotAway,
        NotInvited,
        NoChallenge,
        NoHumans,
        NotDue,
        AlreadyVoted,
        TooManyTables { limit: 8 },
        TooManyLobbies { limit: 3 },
        SeatsTaken { size: 2 },
        BadTimer,
        SystemOnly,
        AdminsOnly,
        HintsOff,
        NoChoice,
        HintGiven,
    ];
    all.extend(rules_errors(lang).into_iter().map(Rules));
    all.extend(move_errors(lang).into_iter().map(Move));
    all
}

fn move_errors(lang: Lang) -> Vec<MoveError> {
    use MoveError::*;
    let mut all = vec![
        MatchOver,
        RoundOver,
        NotYourTurn,
        NoSuchSeat,
        NotInHand,
        LeadFirst,
        AlreadyLed,
        MustLead(tile(1, 1)),
        MustLeadDouble,
        LeadIsSingle,
        LeadNotClosable,
        CannotClose,
        BadMulti("two tiles on one end"),
        DrawWhileHolding,
        BazaarEmpty,
        PassWhileHolding,
        PassWhileBazaar,
        NaSto,
        Malformed(match lang {
            Lang::Ru => "ж9".into(),
            Lang::En => "x9".into(),
        }),
    ];
    for arm in [Arm::Left, Arm::Right, Arm::Up, Arm::Down] {
        all.extend([DoesNotFit(tile(6, 5), arm), ArmClosed(arm), NoSuchArm(arm)]);
    }
    all.extend([FitsNowhere(tile(2, 3)), Ambiguous(tile(4, 4))]);
    all
}

/// Rule errors; a word somebody typed is quoted back, so it is typed in the chat's language.
fn rules_errors(lang: Lang) -> Vec<RulesError> {
    use RulesError::*;
    let typed = |ru: &str, en: &str| match lang {
        Lang::Ru => ru.to_owned(),
        Lang::En => en.to_owned(),
    };
    vec![
        UnknownVariant(typed("покер", "poker")),
        UnknownOption { key: typed("скорость", "speed"), variant: Variant::Kozel },
        BadValue { key: "deal", expected: "a number of tiles from 1 to 14" },
        UnknownPreset(typed("быстрый", "fast")),
        PresetNotInVariant { preset: "troshin", variant: Variant::Classic },
        TroshinWithPlain,
        TeamsDisagree("pairs", "none"),
        Players { variant: Variant::Kozel, teams: Teams::Pairs, seats: 3 },
        DealTooLarge { deal: 9, seats: 4 },
        NotAnObject,
    ]
}

#[test]
fn every_refusal_is_told_in_the_chat_s_language() {
    for lang in [Lang::Ru, Lang::En] {
        let mut told = Told { lang, texts: Vec::new() };
        for r in rejections(lang) {
            told.add(&format!("{r:?}"), &rejection_text(&r, lang));
        }
        for e in move_errors(lang) {
            told.add(&format!("{e:?}"), &move_error_text(&e, lang));
        }
        for e in rules_errors(lang) {
            told.add(&format!("{e:?}"), &rules_error_text(&e, lang));
        }
        let wrong = told.wrong();
        assert!(wrong.is_empty(), "{lang:?} refusals in the other language:\n{}", wrong.join("\n"));
    }
}

/// The people of a chat in its language (names in its script, so a name is never a stray word).
fn people(chat: &ChatId, lang: Lang) -> Vec<Person> {
    let names: [&str; 4] = match lang {
        Lang::Ru => ["Аня", "Боря", "Вера", "Гоша"],
        Lang::En => ["Ann", "Bob", "Cat", "Dan"],
    };
    names
        .iter()
        .enumerate()
        .map(|(i, n)| Person::new(UserId::new(chat.platform, format!("{}", 500 + i)), *n))
        .collect()
}

fn from(chat: &ChatId, who: &Person, lang: Lang, admin: bool) -> From {
    From { admin, lang: Some(lang), ..From::member(chat.clone(), who.clone()) }
}

/// Every press a person can see in an answer: table and hand buttons, menu items.
fn presses(a: &Answer) -> Vec<String> {
    let mut out = Vec::new();
    for show in &a.shows {
        out.extend(show.view.buttons.iter().flatten().map(|(_, d)| d.encode()));
        for (_, hand) in show.hands() {
            out.extend(hand.into_iter().flat_map(|h| h.buttons).flatten().map(|(_, d)| d.encode()));
        }
    }
    if let Some(Body::Hand(h)) = a.reply.as_ref().map(|r| &r.body) {
        out.extend(h.buttons.iter().flatten().map(|(_, d)| d.encode()));
    }
    out
}

fn menu_of(a: &Answer) -> Option<Menu> {
    a.menu.clone().or_else(|| match &a.reply.as_ref()?.body {
        Body::Menu(m) => Some(m.clone()),
        _ => None,
    })
}

async fn gather(lang: Lang, platform: Platform, seed: u64) -> Told {
    let chat = Chat::new(service().await);
    let at = ChatId::new(platform, format!("-{}", 7000 + seed));
    let folk = people(&at, lang);
    let mut told = Told { lang, texts: Vec::new() };
    let mut rng = StdRng::seed_from_u64(seed);
    let ask = |who: &Person, words: &[&str], cmd: &str| {
        let cmd = domino_core::chat::catalog::command_named(cmd).expect("a command").cmd;
        let _ = who;
        Request::words(cmd, words)
    };
    // The first table decides the chat's language: the opener speaks `lang`.
    let a = chat.handle(&from(&at, &folk[0], lang, false), ask(&folk[0], &["kozel"], "new")).await;
    told.add_answer("new", &a);
    // Every command, with no words and with words it cannot read.
    for spec in COMMANDS {
        // Words it cannot read, in the chat's script: they are quoted back.
        let nonsense = match lang {
            Lang::Ru => "чепуха",
            Lang::En => "nonsense",
        };
        for words in [&[][..], &[nonsense, "99999"][..]] {
            let req = ask(&folk[1], words, spec.key);
            let a = chat.handle(&from(&at, &folk[1], lang, true), req).await;
            told.add_answer(spec.key, &a);
        }
    }
    // Rules of every game, in the words of the chat.
    for game in ["domino", "kozel", "morskoy", "osel", "telefon", "pairs", "troshin", "sport"] {
        let a =
            chat.handle(&from(&at, &folk[1], lang, false), ask(&folk[1], &[game], "rules")).await;
        told.add_answer("rules", &a);
    }
    // Every settings page and every control on it, pressed by an admin and by somebody else.
    let admin = from(&at, &folk[2], lang, true);
    let settings = chat.handle(&admin, ask(&folk[2], &[], "settings")).await;
    told.add_answer("settings", &settings);
    let mut pages = vec![menu_of(&settings).expect("the settings menu")];
    let mut seen_pages = 0;
    while let Some(menu) = pages.pop() {
        seen_pages += 1;
        if seen_pages > 40 {
            break;
        }
        for item in menu.nav.iter().chain(menu.controls.iter().flat_map(|c| &c.items)) {
            let press = Request::press(item.press.encode());
            let a = chat.handle(&from(&at, &folk[3], lang, false), press.clone()).await;
            told.add_answer("settings (not an admin)", &a);
            let a = chat.handle(&admin, press).await;
            // The language control: the answer is in the other language, rightly; the chat's
            // language is pressed back at once.
            if chat.lang(&at).await == lang {
                told.add_answer("settings", &a);
            } else {
                let (c, i) = menu
                    .controls
                    .iter()
                    .enumerate()
                    .find_map(|(c, ctl)| Some((c, ctl.items.iter().position(|i| i == item)?)))
                    .expect("a control pressed");
                let now = menu_of(&a).expect("the menu again");
                let back = now.controls[c]
                    .items
                    .iter()
                    .enumerate()
                    .find_map(|(j, it)| (j != i).then(|| it.clone()))
                    .expect("the other language");
                let a = chat.handle(&admin, Request::press(back.press.encode())).await;
                told.add_answer("settings (language back)", &a);
                assert_eq!(chat.lang(&at).await, lang);
            }
            if let Some(m) = menu_of(&a)
                && menu.nav.iter().any(|n| n.press == item.press)
            {
                pages.push(m);
            }
        }
    }
    // Hints on for the matches (the settings pages above leave them as their last press did).
    let general = menu_of(&chat.handle(&admin, ask(&folk[2], &[], "settings")).await).unwrap();
    let on = general
        .controls
        .iter()
        .flat_map(|c| &c.items)
        .find(|i| i.press.change == domino_core::chat::Change::Hints(true))
        .expect("the hints switch");
    let a = chat.handle(&admin, Request::press(on.press.encode())).await;
    told.add_answer("settings (hints on)", &a);
    // Whole matches of every game: people press whatever they see (the hint button too), now
    // and then a stale press or a stranger's.
    let games: &[&[&str]] = &[
        &["domino", "2"],
        &["kozel", "4", "пары", "до", "25"],
        &["morskoy", "2"],
        &["osel", "3"],
        &["telefon", "2"],
        &["kozel", "3", "troshin"],
    ];
    let stranger = Person::new(
        UserId::new(platform, "999"),
        match lang {
            Lang::Ru => "Незнакомец",
            Lang::En => "Stranger",
        },
    );
    for words in games {
        let host = &folk[rng.random_range(0..4)];
        let a = chat.handle(&from(&at, host, lang, false), ask(host, words, "new")).await;
        told.add_answer("new", &a);
        let mut seen = presses(&a);
        let mut old: Vec<String> = Vec::new();
        for _ in 0..900 {
            chat.service().settled().await;
            if seen.is_empty() {
                break;
            }
            let data = if !old.is_empty() && rng.random_bool(0.05) {
                old[rng.random_range(0..old.len())].clone()
            } else {
                seen[rng.random_range(0..seen.len())].clone()
            };
            let who = if rng.random_bool(0.03) { &stranger } else { &folk[rng.random_range(0..4)] };
            let a = chat.handle(&from(&at, who, lang, false), Request::press(data.clone())).await;
            told.add_answer("press", &a);
            old.push(data);
            let now = presses(&a);
            if !now.is_empty() {
                seen = now;
            }
            // A table that rests with its buttons shown is pressed on from its latest state.
            if let Some(t) = chat.service().tables_in(&at).await.into_iter().last()
                && let Some(show) = chat.show(t.id).await
            {
                let fresh = presses(&Answer::default().with_show(show.clone()));
                if !fresh.is_empty() {
                    seen = fresh;
                }
                told.add_answer("table", &Answer::default().with_show(show));
            }
            // Now and then the person to move takes the hint their hand offers.
            if let Some(t) = chat.service().tables_in(&at).await.into_iter().last()
                && rng.random_bool(0.2)
                && let Some(seat) = t.to_move()
                && let Some(p) = t.seats[seat].as_ref().and_then(|s| s.person()).cloned()
                && let Some(h) = hand_view(&t, seat)
                && let Some((_, d)) =
                    h.buttons.iter().flatten().find(|(_, d)| d.action == ButtonAction::Hint)
            {
                let a = chat.handle(&from(&at, &p, lang, false), Request::press(d.encode())).await;
                told.add_answer("hint", &a);
            }
        }
        for cmd in ["score", "top", "export", "review", "stop"] {
            let a = chat.handle(&from(&at, host, lang, true), ask(host, &[], cmd)).await;
            told.add_answer(cmd, &a);
        }
        for words in [&["pairs"][..], &["all"][..]] {
            let a = chat.handle(&from(&at, host, lang, false), ask(host, words, "top")).await;
            told.add_answer("top", &a);
        }
    }
    // A round played out against the computer, then reviewed.
    let host = &folk[0];
    let a = chat.handle(&from(&at, host, lang, false), ask(host, &["bot"], "duel")).await;
    told.add_answer("duel", &a);
    let id = a.shows.first().expect("a duel").table.id;
    for _ in 0..400 {
        chat.service().settled().await;
        let t = chat.service().table(id).await.unwrap().expect("the duel");
        let game = t.game.as_ref().expect("a match");
        if t.phase != Phase::Playing || domino_core::service::last_finished(game).is_some() {
            break;
        }
        let Some(h) = hand_view(&t, 0).filter(|h| h.your_turn) else { continue };
        let Some((_, d)) = h.buttons.first().and_then(|r| r.first()).cloned() else { continue };
        let a = chat.handle(&from(&at, host, lang, false), Request::press(d.encode())).await;
        told.add_answer("duel", &a);
    }
    let a = chat.handle(&from(&at, host, lang, false), ask(host, &[], "review")).await;
    told.add_answer("review", &a);
    assert!(told.texts.len() > 500, "only {} texts gathered", told.texts.len());
    let (hinted, reviewed) = match lang {
        Lang::Ru => ("Подсказка эксперта", "🔎 Разбор ваших ходов"),
        Lang::En => ("The expert suggests", "🔎 Your moves reviewed"),
    };
    assert!(told.texts.iter().any(|(_, t)| t.contains(hinted)), "no hint was taken");
    assert!(told.texts.iter().any(|(_, t)| t.contains(reviewed)), "no round was reviewed");
    told
}

#[tokio::test]
async fn a_russian_chat_is_told_no_english_word() {
    for (platform, seed) in [(Platform::Telegram, 1), (Platform::Discord, 2)] {
        let wrong = gather(Lang::Ru, platform, seed).await.wrong();
        assert!(wrong.is_empty(), "English in a Russian chat:\n{}", wrong.join("\n"));
    }
}

#[tokio::test]
async fn an_english_chat_is_told_no_russian_word() {
    for (platform, seed) in [(Platform::Telegram, 3), (Platform::Discord, 4)] {
        let wrong = gather(Lang::En, platform, seed).await.wrong();
        assert!(wrong.is_empty(), "Russian in an English chat:\n{}", wrong.join("\n"));
    }
}

#[tokio::test]
async fn the_first_table_s_opener_gives_the_chat_its_language() {
    let chat = Chat::new(service().await);
    let at = ChatId::new(Platform::Telegram, "-42");
    let ann = &people(&at, Lang::En)[0];
    let vera = &people(&at, Lang::Ru)[2];
    let new = || Request::words(domino_core::chat::catalog::command_named("new").unwrap().cmd, &[]);
    // Before any table, each person is answered in their own language; nothing is kept.
    let help = domino_core::chat::catalog::command_named("help").unwrap().cmd;
    let a = chat.handle(&from(&at, vera, Lang::Ru, false), Request::words(help, &[])).await;
    assert!(russian_letters(a.text().unwrap()));
    assert_eq!(chat.lang(&at).await, Lang::Ru);
    // A refused opening keeps nothing either.
    let bad = Request::words(
        domino_core::chat::catalog::command_named("new").unwrap().cmd,
        &["kozel", "9"],
    );
    let a = chat.handle(&from(&at, ann, Lang::En, false), bad).await;
    assert!(!russian_letters(a.text().unwrap()), "{:?}", a.text());
    let settings = chat.service().store();
    assert_eq!(domino_core::store::Store::chat_settings(settings, &at).await.unwrap().version, 0);
    // Ann opens the first table: it speaks English, and so does the chat from now on.
    let a = chat.handle(&from(&at, ann, Lang::En, false), new()).await;
    assert_eq!(a.shows[0].view.lang, Lang::En);
    assert_eq!(chat.lang(&at).await, Lang::En);
    // Vera, whose app is in Russian, opens the next: the chat's language stands.
    let a = chat.handle(&from(&at, vera, Lang::Ru, false), new()).await;
    assert_eq!(a.shows[0].view.lang, Lang::En);
    assert!(!russian_letters(a.text().unwrap_or("")));
    // Another chat, opened by Vera, speaks Russian.
    let other = ChatId::new(Platform::Telegram, "-43");
    let a = chat.handle(&from(&other, vera, Lang::Ru, false), new()).await;
    assert_eq!(a.shows[0].view.lang, Lang::Ru);
    assert_eq!(chat.lang(&other).await, Lang::Ru);
}

#[test]
fn locales_map_to_the_language_people_read() {
    for (code, lang) in [
        ("ru", Lang::Ru),
        ("ru-RU", Lang::Ru),
        ("uk", Lang::Ru),
        ("be", Lang::Ru),
        ("kk", Lang::Ru),
        ("en", Lang::En),
        ("en-US", Lang::En),
        ("en-GB", Lang::En),
        ("de", Lang::En),
        ("pt-BR", Lang::En),
    ] {
        assert_eq!(Lang::of_locale(code), lang, "{code}");
    }
}
