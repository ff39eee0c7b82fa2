//! Tournaments in each language: `/tournament` made, shown and refused, every button of its
//! message pressed (by its creator and by others), its tables opened by the timers, every
//! refusal of the state machine, and a result and a close as the chat is told them; the four
//! formats (pairs enrolled through the waiting list), the pairings, a table opened, who is due,
//! and `/history`'s line.

use super::*;
use domino_core::chat::catalog::command_named;
use domino_core::engine::rules::Variant;
use domino_core::standings::tournament::{Command, Format, NewTournament, Refusal, Tournament};
use domino_core::view::tour_news::{
    render_drawn, render_due, render_table_started, render_tournament_history,
};
use domino_core::view::tournament::{
    render_closed, render_result, render_tournament, tournament_refusal,
};
use rand::SeedableRng;

fn tour(words: &[&str]) -> Request {
    Request::words(command_named("tournament").expect("the command").cmd, words)
}

fn menu_of(a: &Answer) -> Option<Menu> {
    a.menu.clone().or_else(|| match &a.reply.as_ref()?.body {
        Body::Menu(m) => Some(m.clone()),
        _ => None,
    })
}

async fn gather(lang: Lang) -> Told {
    let chat = Chat::new(service().await);
    let at = ChatId::new(Platform::Telegram, "-4242");
    let folk = people(&at, lang);
    let mut told = Told { lang, texts: Vec::new() };
    let none = chat.handle(&from(&at, &folk[0], lang, false), tour(&[])).await;
    told.add_answer("tournament (none)", &none);
    let bad: &[&[&str]] = &[
        &["круг", "дней", "99"],
        &["arena", "days", "3"],
        &["round", "minutes", "30"],
        &["арена", "минут", "5"],
        &["круг", "раундов", "2"],
        &["вечер", "раундов", "11"],
        &["пары", "domino"],
    ];
    // Words it cannot read, in the chat's script: they are quoted back.
    let nonsense = match lang {
        Lang::Ru => "чепуха",
        Lang::En => "nonsense",
    };
    for words in bad.iter().copied().chain([&["круг", nonsense][..]]) {
        let a = chat.handle(&from(&at, &folk[0], lang, true), tour(words)).await;
        told.add_answer("tournament (refused)", &a);
    }
    // Each format in a chat of its own (a chat keeps `bounds::OPEN_TOURNAMENTS` open at most).
    for (i, words) in [
        &["круг", "domino", "до", "25", "дней", "7"][..],
        &["arena", "минут", "30", "серия"][..],
        &["пары", "козёл", "дней", "3"][..],
        &["night", "раундов", "2"][..],
    ]
    .into_iter()
    .enumerate()
    {
        let at = ChatId::new(Platform::Telegram, format!("-4242{i}"));
        let member = chat.handle(&from(&at, &folk[1], lang, false), tour(words)).await;
        told.add_answer("tournament (not an admin)", &member);
        let made = chat.handle(&from(&at, &folk[0], lang, true), tour(words)).await;
        told.add_answer("tournament", &made);
        let mut menu = menu_of(&made).expect("the tournament's message");
        // Everyone presses every button twice (the second time mostly refused), the creator last.
        for who in [1, 2, 3, 0] {
            for _ in 0..2 {
                for item in menu.nav.clone() {
                    if who != 0 && item.label.contains("🚪") {
                        continue;
                    }
                    let press = Request::press(item.press.encode());
                    let a = chat.handle(&from(&at, &folk[who], lang, false), press).await;
                    told.add_answer("tournament press", &a);
                    if let Some(m) = menu_of(&a) {
                        menu = m;
                    }
                }
            }
        }
        chat.service().fire_due().await;
        let shown = chat.handle(&from(&at, &folk[2], lang, false), tour(&[])).await;
        told.add_answer("tournament (running)", &shown);
    }
    // One too many in a chat.
    for _ in 0..=domino_core::bounds::OPEN_TOURNAMENTS {
        let a = chat.handle(&from(&at, &folk[0], lang, true), tour(&["круг"])).await;
        told.add_answer("tournament (a few at most)", &a);
    }
    // A result and a close as the chat is told them: a round robin of two where one withdraws.
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let new = NewTournament {
        id: 1,
        format: Format::RoundRobin { pairs: false },
        game: Variant::Kozel,
        options: serde_json::json!({}),
        max_entrants: 8,
        deadline_days: None,
    };
    let mut t = Tournament::new(new, 0).expect("a tournament");
    for p in &folk[..2] {
        t.apply(&Command::Enroll { person: p.clone(), partner: None }, 1, &mut rng).unwrap();
    }
    t.apply(&Command::Start, 2, &mut rng).unwrap();
    t.apply(&Command::Withdraw { user: folk[0].id.clone() }, 3, &mut rng).unwrap();
    let zone = domino_core::standings::Zone::default_for(lang);
    told.add("tournament (closed)", &render_tournament(&t, lang, zone));
    told.add("result", &render_result(&t, &t.fixtures[0], lang));
    told.add("closed", &render_closed(&t, lang));
    told.add("drawn", &render_drawn(&t, 1, &[0], &[1], lang));
    told.add("table started", &render_table_started(&t, &t.fixtures[0], lang));
    told.add("due", &render_due(&t, &[0], lang));
    told.add("history", &render_tournament_history(std::slice::from_ref(&t), lang, zone));
    told
}

fn refusals() -> Vec<Refusal> {
    use Refusal::*;
    let range = domino_core::bounds::ARENA_MINUTES.check(5).unwrap_err();
    vec![
        OutOfRange(range),
        GameWithoutPairs,
        DeadlineInArena,
        EmptyWindow,
        Closed,
        NotEnrolling,
        NotRunning,
        AlreadyStarted,
        TooEarly,
        WindowOver,
        AlreadyEnrolled,
        NotEnrolled,
        Full,
        PartnerNeeded,
        NoPartners,
        TooFew { need: 4 },
        NoSuchFixture,
        NotPending,
        Busy,
        TableInUse,
        NoSuchTable,
        WrongGame,
        WrongPlayers,
        NotTheFixturesMatch,
        TooManyOpen { limit: domino_core::bounds::OPEN_TOURNAMENTS },
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_are_told_in_the_chat_s_language() {
    for lang in [Lang::Ru, Lang::En] {
        let mut told = gather(lang).await;
        for r in refusals() {
            told.add(&format!("{r:?}"), &tournament_refusal(&r, lang));
        }
        let all = told.texts.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");
        let (made, refused, closed) = match lang {
            Lang::Ru => ("🏆 Турнир №1 · круговой", "Вы уже участвуете.", "окончен! Победитель"),
            Lang::En => {
                ("🏆 Tournament №1 · round robin", "You are already in.", "is over! The winner")
            }
        };
        for part in [made, refused, closed] {
            assert!(all.contains(part), "{lang:?}: nothing told holds {part:?}");
        }
        let wrong = told.wrong();
        assert!(
            wrong.is_empty(),
            "{lang:?} tournament texts in the other language:\n{}",
            wrong.join("\n")
        );
    }
}
