//! `/screen` in a Telegram group: an admin alone gets the chat's page (a message only they see,
//! with the Mini App's direct link), `/screen new` revokes the old link; a member is refused
//! and nothing changes. And the Mini App's entry over HTTP on loopback: only `initData` that
//! Telegram signed lately, for a member of the chat it names, gets the page; a forged, expired
//! or malformed one, or a non-member's, gets 403 and a word of why.

use crate::fake::{BOT_NAME, Fake, St, User};
use crate::harness::*;
use domino_core::chat::{Door, texts};
use domino_core::ids::Lang;
use domino_core::service::{Options, OsSeeds, Service, SystemClock};
use domino_core::session::Simple;
use domino_core::store::MemoryStore;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

const PUBLIC: &str = "https://domino.example.org";

async fn service() -> Arc<Service<MemoryStore>> {
    let options = Options {
        robot_pause: std::time::Duration::ZERO,
        public_url: Some(PUBLIC.into()),
        ..Options::default()
    };
    let clock = Arc::new(SystemClock);
    Service::start_with(MemoryStore::new(), Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap()
}

/// The page's token in a text.
fn token_in(text: &str) -> Option<String> {
    let at = text.find(&format!("{PUBLIC}/screen/"))? + PUBLIC.len() + "/screen/".len();
    Some(text[at..].split_whitespace().next()?.to_owned())
}

/// Every text the bot sent in the group or to anyone's private chat, and what anyone saw
/// alone in the group.
fn every_text(st: &St) -> Vec<String> {
    let mut out = st.bot_texts(GROUP);
    for u in [ALICE, BOB] {
        out.extend(st.bot_texts(u.id));
        out.extend(st.seen_by(GROUP, u.id).into_iter().map(|e| e.text.clone()));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_alone_gets_the_page_and_a_member_is_refused() {
    let fake = Fake::start().await;
    fake.admin(GROUP, &ALICE);
    let options = domino_telegram::RunOptions { mini_app: Some("screen".into()), ..options() };
    let bot = start_with(&fake, service().await, options).await;
    let door = Door::new(bot.service.clone());

    fake.say(GROUP, &ALICE, "/screen");
    let (first, text) = fake
        .until("the link, to Alice alone", |st| {
            st.seen_by(GROUP, ALICE.id)
                .iter()
                .find_map(|e| Some((token_in(&e.text)?, e.text.clone())))
        })
        .await;
    assert_eq!(door.screen_chat(&first).await.unwrap(), Some(chat(GROUP)));
    let mini_app = format!("https://t.me/{BOT_NAME}/screen?startapp={GROUP}");
    assert!(text.contains(&mini_app), "{text}");
    fake.quiet().await;
    assert!(fake.with(|st| st.bot_texts(GROUP).iter().all(|t| token_in(t).is_none())), "public");

    fake.say(GROUP, &ALICE, "/screen new");
    let second = fake
        .until("a new link", |st| {
            st.seen_by(GROUP, ALICE.id)
                .iter()
                .find_map(|e| token_in(&e.text).filter(|t| *t != first))
        })
        .await;
    assert_eq!(door.screen_chat(&first).await.unwrap(), None, "revoked");
    assert_eq!(door.screen_chat(&second).await.unwrap(), Some(chat(GROUP)));
    fake.quiet().await;

    // Bob, a member: refused, told so, no link anywhere, the link unchanged.
    let refusals = |st: &St| {
        let told = [texts::admins_only(Lang::Ru), texts::admins_only(Lang::En)];
        every_text(st).iter().filter(|t| told.contains(&t.as_str())).count()
    };
    let before = fake.with(refusals);
    for words in ["/screen", "/screen new", "/экран новый"] {
        fake.say(GROUP, &BOB, words);
    }
    fake.until("Bob refused three times", |st| (refusals(st) == before + 3).then_some(())).await;
    fake.quiet().await;
    let links: Vec<String> =
        fake.with(|st| every_text(st).iter().filter_map(|t| token_in(t)).collect());
    assert_eq!(links.len(), 2, "Alice's two links only: {links:?}");
    assert!(fake.with(|st| st.seen_by(GROUP, BOB.id).iter().all(|e| token_in(&e.text).is_none())));
    assert_eq!(door.screen_token(&chat(GROUP)).await.unwrap(), second);
    bot.stop().await;
}

/// `fields` signed as Telegram signs a Mini App's launch with `token`.
fn init_data(fields: &[(&str, String)], token: &str) -> String {
    let mut sorted = fields.to_vec();
    sorted.sort();
    let check: Vec<String> = sorted.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut secret = Hmac::<Sha256>::new_from_slice(b"WebAppData").unwrap();
    secret.update(token.as_bytes());
    let mut mac = Hmac::<Sha256>::new_from_slice(&secret.finalize().into_bytes()).unwrap();
    mac.update(check.join("\n").as_bytes());
    let hash: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hash).finish()
}

/// A launch by `user` for `chat`, signed `ago` seconds before now.
fn launch(user: &User, chat: i64, ago: i64, token: &str) -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    let fields = [
        ("auth_date", (now.as_secs() as i64 - ago).to_string()),
        ("user", format!(r#"{{"id":{},"first_name":"{}"}}"#, user.id, user.name)),
        ("start_param", chat.to_string()),
        ("query_id", "AAH".to_owned()),
    ];
    init_data(&fields, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mini_app_lets_in_members_with_initdata_telegram_signed_and_nobody_else() {
    let fake = Fake::start().await;
    fake.outsider(GROUP, &ERIN);
    let door = Door::new(service().await);
    let routes = domino_telegram::mini_app_routes(door.clone(), bot(&fake), PUBLIC.into());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, routes).await });
    let http = reqwest::Client::new();
    let open = |body: String| {
        let request = http.post(format!("{base}/app/open")).body(body);
        async move {
            let r = request.send().await.unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        }
    };

    // The page Telegram opens posts its initData.
    let page = http.get(format!("{base}/app")).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().await.unwrap().contains("app/open"));

    // A member, signed a moment ago: the chat's page.
    let (status, body) = open(launch(&ALICE, GROUP, 5, "TOKEN")).await;
    assert_eq!(status, 200, "{body}");
    let url: serde_json::Value = serde_json::from_str(&body).unwrap();
    let token = token_in(url["url"].as_str().unwrap()).expect("the page's address");
    assert_eq!(door.screen_chat(&token).await.unwrap(), Some(chat(GROUP)));

    let good = launch(&ALICE, GROUP, 5, "TOKEN");
    let refused = [
        (launch(&ALICE, GROUP, 5, "ANOTHER BOT"), "forged"),
        (good.replace(&GROUP.to_string(), &OTHER.to_string()), "forged"),
        (good.replace("hash=", "hash=0"), "malformed"),
        (format!("{good}&user=1"), "malformed"),
        ("nonsense".to_owned(), "malformed"),
        (String::new(), "malformed"),
        (launch(&ALICE, GROUP, 2 * 3600, "TOKEN"), "expired"),
        (launch(&ERIN, GROUP, 5, "TOKEN"), "not a member"),
    ];
    for (data, why) in refused {
        let (status, body) = open(data.clone()).await;
        assert_eq!((status, body.as_str()), (403, format!("{why}\n").as_str()), "{data}");
    }
    // Asked of Telegram: Alice once (then remembered), Erin once.
    let asked = fake.with(|st| st.count("getChatMember"));
    assert_eq!(asked, 2);
}
