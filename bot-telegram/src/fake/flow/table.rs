//! One table of the flow: opened with `/new`, joined with its buttons, played to its end (or,
//! in an office hour, rematched until the hour is over).

use super::people::{press_public, turn};
use super::{Ctx, GROUP};
use crate::fake::User;
use domino_core::chat::ButtonData;
use domino_core::view::PhaseView;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::Duration;
use tokio::time::{Instant, sleep};

/// A table and its people (the first is the host).
pub(crate) struct Table {
    pub number: usize,
    pub id: i64,
    pub players: Vec<User>,
}

/// Presses `label` as `user` until it is taken (the table's message may be a version behind:
/// people press again once it is redrawn); false when it never was.
async fn press_until_taken(ctx: &Ctx, id: i64, user: &User, label: &str) -> bool {
    for _ in 0..120 {
        if let Some(a) = press_public(ctx, id, user, label).await
            && a.text.is_none()
        {
            return true;
        }
        sleep(Duration::from_millis(500)).await;
    }
    false
}

async fn phase(ctx: &Ctx, id: i64) -> Option<PhaseView> {
    ctx.door.show(id).await.map(|s| s.view.phase)
}

impl Table {
    /// The host opens table `number` with `/new`; three more sit down with «✋» (in an office
    /// hour two more get in line with «🙋»); the host starts it.
    pub(crate) async fn open(ctx: &Ctx, number: usize, players: Vec<User>) -> Table {
        let spec = &ctx.spec;
        let queue = if spec.office.is_some() { " на вылет" } else { "" };
        let words = format!("/new козёл 4 пары до {}{queue}", spec.target);
        let before = ctx.fake.with(|st| st.next_message);
        ctx.fake.say(GROUP, &players[0], &words);
        let id = ctx
            .fake
            .until("the new table's message", |st| {
                let mine =
                    st.messages_in(GROUP).into_iter().filter(|m| m.from_bot && m.id > before);
                mine.flat_map(|m| m.buttons())
                    .filter_map(|b| ButtonData::decode(b.data.as_deref()?).ok())
                    .map(|b| b.table)
                    .next()
            })
            .await;
        let table = Table { number, id, players };
        for user in &table.players[1..4] {
            sleep(Duration::from_secs(1)).await;
            if !press_until_taken(ctx, id, user, "✋").await {
                ctx.tally().problems.push(format!("table {number}: {} could not sit", user.name));
            }
        }
        for user in table.players.iter().skip(4) {
            sleep(Duration::from_secs(1)).await;
            if !press_until_taken(ctx, id, user, "🙋").await {
                ctx.tally().problems.push(format!("table {number}: {} not in line", user.name));
            }
        }
        if matches!(phase(ctx, id).await, Some(PhaseView::Lobby { .. })) {
            sleep(Duration::from_secs(1)).await;
            press_until_taken(ctx, id, &table.players[0], "▶️").await;
        }
        table
    }

    /// Plays until the match ends (an office hour: until the hour is over, a rematch pressed
    /// after each match); the moves and waits go to the tally.
    pub(crate) async fn play(&self, ctx: &Ctx) {
        let mut rng = StdRng::seed_from_u64(ctx.spec.seed.wrapping_mul(1000) + self.number as u64);
        let begun = Instant::now();
        let office_end = ctx.spec.office.map(|d| begun + d);
        let mut since = begun;
        ctx.tally().started.get_or_insert(begun);
        loop {
            let now = Instant::now();
            if now > ctx.deadline {
                ctx.tally().problems.push(format!("table {}: cut short", self.number));
                break;
            }
            if office_end.is_some_and(|end| now >= end) {
                break;
            }
            let Some(show) = ctx.door.show(self.id).await else { break };
            if matches!(show.view.phase, PhaseView::Finished { .. }) {
                ctx.tally().matches += 1;
                if office_end.is_none() {
                    break;
                }
                // Somebody seated asks for the next match; the people in line come in.
                let seated = show.hands.iter().map(|h| h.person.id.id.clone()).collect::<Vec<_>>();
                let Some(user) = self.players.iter().find(|u| seated.contains(&u.id.to_string()))
                else {
                    break;
                };
                sleep(Duration::from_secs(3)).await;
                if !press_until_taken(ctx, self.id, user, "🔁").await {
                    ctx.tally().problems.push(format!("table {}: no rematch", self.number));
                    break;
                }
                since = Instant::now();
                continue;
            }
            if !show.table.playing {
                sleep(Duration::from_millis(50)).await;
                continue;
            }
            let mover = show.hands.iter().find(|h| h.view.as_ref().is_some_and(|v| v.your_turn));
            let Some(user) = mover
                .and_then(|h| self.players.iter().find(|u| u.id.to_string() == h.person.id.id))
            else {
                sleep(Duration::from_millis(50)).await;
                continue;
            };
            let Some((pressed, made)) =
                turn(ctx, &mut rng, self.id, user, show.table.version, since).await
            else {
                break;
            };
            let mut tally = ctx.tally();
            tally.moves.push((self.id, pressed, made));
            tally.ended = tally.ended.max(Some(pressed));
            since = pressed;
        }
    }
}
