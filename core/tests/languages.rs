//! Russian first, and complete: every text a player can be shown — each refusal, notice, table,
//! hand, menu, help and answer — is written in the chat's language. A Russian chat is told no
//! English word and an English chat no Russian one.
//!
//! Refusals are rendered from every variant of their enums; the rest is gathered by driving two
//! chats (one Russian, one English) through every command, every settings page and control,
//! and whole matches of every variant with people pressing whatever they are shown.

use domino_core::chat::{Answer, Asker, Body, Chat, Menu, Request};
use domino_core::session::{ChatId, Lang, Person, Platform, UserId};
use domino_core::store::MemoryStore;
use domino_core::view::{render_hand, render_table, render_watch};

#[path = "languages/refusals.rs"]
mod refusals;

#[path = "languages/gathered.rs"]
mod gathered;

#[path = "languages/chat_language.rs"]
mod chat_language;

#[path = "languages/tournaments.rs"]
mod tournaments;

/// Latin words a Russian text may hold: names of things that have no Russian name (Weng-Lin is
/// a rating's authors), the language choice «English», named in its own language, and
/// Discord's boolean value as its option picker shows it (`компьютер:True`), and the chat's time
/// zone, which Russian writes as UTC too («UTC+3»).
const LATIN_IN_RUSSIAN: &[&str] =
    &["Telegram", "Discord", "CSV", "JSON", "PNG", "ID", "English", "WengLin", "True", "UTC"];

/// The Latin words of `text` that a Russian reader would see as English. Commands are the
/// platform's names, not words (`/new`, Discord's `/domino new`), and so are mentions, links,
/// format names (`domino-record/1`), the names of files sent (`standings.csv`) and of the
/// operator's settings (`DOMINO_PUBLIC_URL`); «English» is the language choice, in its own words.
fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut after_domino = false;
    let file = |w: &str| [".json", ".jsonl", ".csv"].iter().any(|e| w.ends_with(e));
    let setting = |w: &str| {
        let w = w.trim_matches(|c: char| "()«»,.;:".contains(c));
        w.contains('_') && w.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    };
    let words = text
        .split_whitespace()
        .filter(|w| !file(w.trim_end_matches([',', ';', ':'])) && !setting(w));
    let text = words.collect::<Vec<_>>().join(" ");
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
                Body::Watch(w) => {
                    self.add(source, &render_watch(w, "/"));
                    w.buttons.iter().flatten().for_each(|(l, _)| self.add(source, l));
                }
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
            for hand in &show.hands {
                if let Some(h) = &hand.view {
                    self.add(source, &render_hand(h));
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

fn from(chat: &ChatId, who: &Person, lang: Lang, admin: bool) -> Asker {
    Asker { admin, lang: Some(lang), ..Asker::member(chat.clone(), who.clone()) }
}
