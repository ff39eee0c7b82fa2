//! Two chats, one Russian and one English, driven through every command, settings page and
//! whole matches: each text they are shown is in their language.

use super::*;
use domino_core::chat::catalog::COMMANDS;
use domino_core::session::Phase;
use domino_core::view::{ButtonAction, hand_view};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// Every press a person can see in an answer: table and hand buttons, menu items.
fn presses(a: &Answer) -> Vec<String> {
    let mut out = Vec::new();
    for show in &a.shows {
        out.extend(show.view.buttons.iter().flatten().map(|(_, d)| d.encode()));
        for hand in &show.hands {
            let buttons = hand.view.iter().flat_map(|h| &h.buttons).flatten();
            out.extend(buttons.map(|(_, d)| d.encode()));
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
    // A spectator's view of that table, then stopped by asking again.
    for _ in 0..2 {
        let watch = ask(&folk[3], &["1"], "watch");
        let a = chat.handle(&from(&at, &folk[3], lang, false), watch).await;
        assert!(matches!(a.reply.as_ref().map(|r| &r.body), Some(Body::Watch(_))), "{a:?}");
        told.add_answer("watch", &a);
    }
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
    // Hints are on the page of more settings, a press away.
    let more = general.nav.iter().find(|i| i.press.page == domino_core::chat::Page::More);
    let more = more.expect("«More» on the first page").press.encode();
    let more = menu_of(&chat.handle(&admin, Request::press(more)).await).expect("the page");
    let on = more
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
