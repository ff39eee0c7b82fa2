//! `/review` typed in the group (a command everybody saw): the review goes to its asker alone,
//! as `/hint`'s hand does, a message only they see in the group where the bot is an
//! administrator, and their private chat where it is not (refused once, then known).

use crate::fake::{Fake, St};
use crate::harness::*;
use domino_core::session::Phase;

/// Alice's duel with the computer in the group, played to its end (to one point).
async fn a_finished_duel(
    fake: &Fake,
    service: &domino_core::service::Service<impl domino_core::store::Store>,
) {
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/duel bot kozel до 1");
    let id = table_in(service, GROUP).await.id;
    play(fake, service, id, &[ALICE], |t| t.phase != Phase::Playing).await;
    eventually("the match's end", || async {
        (table(service, id).await.phase == Phase::Finished).then_some(())
    })
    .await;
    fake.quiet().await;
}

/// The reviews Alice was sent: (alone in the group, in her private chat).
fn reviews(st: &St) -> (usize, usize) {
    let review = |t: &str| t.starts_with("🔎");
    let alone = st.seen_by(GROUP, ALICE.id).into_iter().filter(|e| review(&e.text)).count();
    let private = st.bot_texts(ALICE.id).into_iter().filter(|t| review(t)).count();
    (alone, private)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_asked_in_the_group_goes_to_its_asker_alone() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    a_finished_duel(&fake, &service).await;
    let public = fake.with(|st| st.bot_texts(GROUP).len());

    // The bot an administrator: a message in the group only Alice sees.
    fake.say(GROUP, &ALICE, "/review");
    fake.until("the review, to Alice alone", |st| (reviews(st) == (1, 0)).then_some(())).await;
    fake.quiet().await;
    assert_eq!(fake.with(|st| st.bot_texts(GROUP).len()), public, "nothing for the group");

    // A plain member: the push is refused, and the review goes to her private chat instead;
    // asked again, the bot knows and sends it there at once.
    fake.bot_admin(GROUP, false, false);
    fake.say(GROUP, &ALICE, "/review");
    fake.until("the review, privately", |st| (reviews(st) == (1, 1)).then_some(())).await;
    fake.quiet().await;
    let refused = fake.with(|st| {
        st.requests.iter().filter(|r| r.method == "sendmessage" && r.status == 400).count()
    });
    fake.say(GROUP, &ALICE, "/review");
    fake.until("the review, privately again", |st| (reviews(st) == (1, 2)).then_some(())).await;
    fake.quiet().await;
    let again = fake.with(|st| {
        st.requests.iter().filter(|r| r.method == "sendmessage" && r.status == 400).count()
    });
    assert_eq!(again, refused, "not tried in the group again");
    assert_eq!(fake.with(|st| st.bot_texts(GROUP).len()), public, "still nothing for the group");
    bot.stop().await;
}
