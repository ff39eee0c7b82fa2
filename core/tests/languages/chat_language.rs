//! Which language a chat speaks: its first table's opener's, read from people's locales.

use super::*;

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
