//! What the simulated people do: take their turn from the buttons they see, press «My tiles»
//! when none show, press a table message's buttons, watch a table.

use super::{Ctx, GROUP};
use crate::fake::{Answer, Msg, St, User};
use domino_core::chat::{ButtonAction, ButtonData};
use rand::Rng;
use rand::rngs::StdRng;
use std::time::Duration;
use tokio::time::{Instant, sleep};

/// How often a person looks at the screen.
const LOOK: Duration = Duration::from_millis(25);
/// How long a person waits for their move buttons before pressing «My tiles».
const PATIENCE: Duration = Duration::from_secs(4);
/// How long a press may go unanswered before a person gives up on it.
const ANSWERED_WITHIN: Duration = Duration::from_secs(15);

fn table_button(data: &str, id: i64) -> Option<ButtonData> {
    ButtonData::decode(data).ok().filter(|b| b.table == id)
}

/// The table's message in the group: the newest of the bot's messages with the table's buttons.
pub(crate) fn public(st: &St, id: i64) -> Option<Msg> {
    let ours = |m: &&Msg| {
        m.from_bot
            && m.buttons()
                .iter()
                .any(|b| b.data.as_deref().and_then(|d| table_button(d, id)).is_some())
    };
    st.messages_in(GROUP).into_iter().filter(ours).max_by_key(|m| m.id).cloned()
}

/// The move buttons drawn for `version` that `user` sees on a hand in the group, newest hand
/// first: (its ephemeral id, when it was last changed, the buttons' data).
fn move_buttons(st: &St, user: i64, id: i64, version: u64) -> Option<(i64, Instant, Vec<String>)> {
    st.seen_by(GROUP, user).into_iter().rev().find_map(|e| {
        let moves: Vec<String> = e
            .pressable()
            .into_iter()
            .filter_map(|b| b.data)
            .filter(|d| {
                table_button(d, id).is_some_and(|b| {
                    b.version == version && matches!(b.action, ButtonAction::Move(_))
                })
            })
            .collect();
        (!moves.is_empty()).then_some((e.id, e.changed, moves))
    })
}

/// The answer to a press, once it comes (`None` after 15 s).
pub(crate) async fn answer(ctx: &Ctx, callback: &str) -> Option<Answer> {
    let end = Instant::now() + ANSWERED_WITHIN;
    while Instant::now() < end {
        if let Some(a) = ctx.fake.with(|st| st.answers.get(callback).cloned()) {
            return Some(a);
        }
        sleep(Duration::from_millis(10)).await;
    }
    None
}

/// `user` presses the button labelled `label` on the table's message; `None` when there is no
/// such button or no answer.
pub(crate) async fn press_public(ctx: &Ctx, id: i64, user: &User, label: &str) -> Option<Answer> {
    let msg = ctx.fake.with(|st| public(st, id))?;
    let data = msg.button(label)?.data?;
    let cb = ctx.fake.press(user, GROUP, msg.id, &data);
    answer(ctx, &cb).await
}

/// The table's version now, once it is past `version` (waits at most 15 s).
async fn moved_past(ctx: &Ctx, id: i64, version: u64) -> Option<u64> {
    let end = Instant::now() + ANSWERED_WITHIN;
    while Instant::now() < end {
        let now = ctx.door.show(id).await.map(|s| s.table.version)?;
        if now > version {
            return Some(now);
        }
        sleep(Duration::from_millis(10)).await;
    }
    None
}

/// `user`'s turn at table `id` (drawn as `version`), which began at `since`: waits for the
/// move buttons, thinks, presses one. Returns the accepted press's time and the version it
/// made; `None` when the turn could not be taken.
pub(crate) async fn turn(
    ctx: &Ctx,
    rng: &mut StdRng,
    id: i64,
    user: &User,
    version: u64,
    since: Instant,
) -> Option<(Instant, u64)> {
    let mut tiles_due = since + PATIENCE;
    let mut waited = false;
    loop {
        if Instant::now() > ctx.deadline {
            ctx.tally().problems.push(format!("table {id}: {} never saw their move", user.name));
            return None;
        }
        let Some((_, shown, _)) = ctx.fake.with(|st| move_buttons(st, user.id, id, version)) else {
            if Instant::now() >= tiles_due {
                tiles_due = Instant::now() + PATIENCE;
                // Only a press on a button the table message shows counts.
                let shows =
                    ctx.fake.with(|st| public(st, id)).is_some_and(|m| m.button("🎴").is_some());
                if shows {
                    {
                        let mut tally = ctx.tally();
                        tally.taps += 1;
                        tally.my_tiles += 1;
                    }
                    if press_public(ctx, id, user, "🎴").await.is_none() {
                        ctx.tally().problems.push(format!("table {id}: «My tiles» unanswered"));
                    }
                }
            }
            sleep(LOOK).await;
            continue;
        };
        if !waited {
            waited = true;
            ctx.tally().waits.push(shown.saturating_duration_since(since));
        }
        let (from, to) = ctx.spec.think;
        let think = match to > from {
            true => rng.random_range(from.as_secs_f64()..=to.as_secs_f64()),
            false => from.as_secs_f64(),
        };
        sleep(Duration::from_secs_f64(think)).await;
        // What the hand shows now (it may have changed while they thought).
        let Some((hand, _, moves)) = ctx.fake.with(|st| move_buttons(st, user.id, id, version))
        else {
            continue;
        };
        let data = &moves[rng.random_range(0..moves.len())];
        let cb = ctx.fake.press_ephemeral(user, hand, data);
        let pressed = Instant::now();
        ctx.tally().taps += 1;
        match answer(ctx, &cb).await {
            Some(a) if a.taken() => {
                let made = moved_past(ctx, id, version).await?;
                return Some((pressed, made));
            }
            _ => {
                ctx.tally().refused += 1;
                tiles_due = Instant::now() + PATIENCE;
            }
        }
    }
}

/// `watchers` watch table `number`, one a second (`/watch N` in the group).
pub(crate) async fn watch(ctx: &Ctx, watchers: &[User], number: usize) {
    for user in watchers {
        ctx.fake.say(GROUP, user, &format!("/watch {number}"));
        sleep(Duration::from_secs(1)).await;
    }
}
