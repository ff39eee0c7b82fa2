//! What the simulated people do: open and join the table with its buttons, take their turn on
//! the hand they see (the ephemeral answer to their last press), press «My tiles» when no move
//! buttons show.

use super::{CHANNEL, Ctx, Person};
use crate::fake::{Msg, message_json, payloads};
use domino_core::chat::{ButtonAction, ButtonData};
use domino_core::view::PhaseView;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::{Instant, sleep};

/// How often a person looks at the screen.
const LOOK: Duration = Duration::from_millis(25);
/// How long a person waits for their move buttons before pressing «My tiles».
const PATIENCE: Duration = Duration::from_secs(4);
/// How long a press may go unanswered before a person gives up on it.
const ANSWERED_WITHIN: Duration = Duration::from_secs(15);

fn member(p: &Person) -> Value {
    payloads::member(payloads::user(p.id, p.name, false), payloads::EVERYONE)
}

/// The table buttons of a message: (their custom id, what they say).
fn table_buttons(m: &Msg, id: i64) -> Vec<(String, ButtonData)> {
    let decoded = m.buttons().into_iter().filter_map(|(_, c)| Some((c.clone(), decode(&c)?)));
    decoded.filter(|(_, b)| b.table == id).collect()
}

fn decode(custom_id: &str) -> Option<ButtonData> {
    ButtonData::decode(custom_id).ok()
}

/// The table's public message: the newest message of the channel everyone sees with the
/// table's buttons.
pub(crate) fn public(ctx: &Ctx, id: i64) -> Option<Msg> {
    let all = ctx.fake.messages().into_iter().rev();
    all.filter(|m| m.channel == CHANNEL && !m.ephemeral() && !m.deleted)
        .find(|m| !table_buttons(m, id).is_empty())
}

/// The answer to the press or command whose token is `token`: the message it showed (`None`
/// when none came within 15 s).
async fn answer(ctx: &Ctx, token: &str) -> Option<u64> {
    let end = Instant::now() + ANSWERED_WITHIN;
    while Instant::now() < end {
        let a = ctx.fake.answered(token);
        let shown = match a.callbacks.first() {
            Some(4 | 7) => a.original,
            Some(5 | 6) if a.edits > 0 || !a.followups.is_empty() => {
                a.followups.first().copied().or(a.original)
            }
            _ => None,
        };
        if shown.is_some() {
            return shown;
        }
        sleep(Duration::from_millis(10)).await;
    }
    None
}

/// `who` presses `custom_id` on message `on`; the message the answer showed.
async fn press(ctx: &Ctx, who: &Person, on: &Msg, custom_id: &str) -> Option<u64> {
    let id = ctx.fake.id();
    let token = format!("token-{id}");
    let message = message_json(on);
    ctx.fake.push(payloads::button(id, &token, CHANNEL, member(who), custom_id, message));
    answer(ctx, &token).await
}

/// `who` presses the button of `action` on the table's message.
async fn press_public(ctx: &Ctx, id: i64, who: &Person, action: ButtonAction) -> Option<u64> {
    let msg = public(ctx, id)?;
    let (custom_id, _) = table_buttons(&msg, id).into_iter().find(|(_, b)| b.action == action)?;
    press(ctx, who, &msg, &custom_id).await
}

async fn phase(ctx: &Ctx, id: i64) -> Option<PhaseView> {
    ctx.door.show(id).await.map(|s| s.view.phase)
}

/// The host asks `/domino help` until the bot answers. (In paused time the bot takes the
/// interactions it is handed just after it started only some seconds later, tens at times; a
/// warm-up keeps that out of the measure.)
pub(crate) async fn warm_up(ctx: &Ctx, host: &Person) -> bool {
    for _ in 0..10 {
        let id = ctx.fake.id();
        let token = format!("token-{id}");
        let command =
            payloads::command(id, &token, CHANNEL, member(host), "help", vec![], Value::Null);
        ctx.fake.push(command);
        if answer(ctx, &token).await.is_some() {
            return true;
        }
    }
    false
}

/// The host opens a pairs Kozel table with `/domino new`; the others sit down with «✋»; the
/// host starts it. The table's id, once it plays.
pub(crate) async fn open(ctx: &Ctx, people: &[Person]) -> Option<i64> {
    let options = vec![
        payloads::opt("game", "kozel"),
        payloads::opt("pairs", true),
        payloads::opt("target", ctx.spec.target as i64),
    ];
    // A command nobody answered is typed again, as a person would.
    let mut opened = false;
    for _ in 0..2 {
        let id = ctx.fake.id();
        let token = format!("token-{id}");
        let (member, options) = (member(&people[0]), options.clone());
        ctx.fake.push(payloads::command(id, &token, CHANNEL, member, "new", options, Value::Null));
        let a = answer(ctx, &token).await;
        if a.is_some() {
            opened = true;
            break;
        }
        ctx.tally().problems.push("/domino new unanswered".into());
    }
    if !opened {
        return None;
    }
    let found = |ctx: &Ctx| {
        let all = ctx.fake.messages().into_iter().rev().filter(|m| !m.ephemeral());
        all.flat_map(|m| m.buttons()).find_map(|(_, c)| decode(&c)).map(|b| b.table)
    };
    let table = found(ctx)?;
    for who in &people[1..] {
        sleep(Duration::from_secs(1)).await;
        press_public(ctx, table, who, ButtonAction::Join).await;
    }
    for _ in 0..20 {
        if !matches!(phase(ctx, table).await, Some(PhaseView::Lobby { .. })) {
            return Some(table);
        }
        sleep(Duration::from_secs(1)).await;
        press_public(ctx, table, &people[0], ButtonAction::Start).await;
    }
    None
}

/// The move buttons drawn for `version` on `hand`: (when it last changed, their custom ids).
fn move_buttons(ctx: &Ctx, hand: u64, id: i64, version: u64) -> Option<(Instant, Vec<String>)> {
    let m = ctx.fake.messages().into_iter().find(|m| m.id == hand && !m.deleted)?;
    let moves: Vec<String> = table_buttons(&m, id)
        .into_iter()
        .filter(|(_, b)| b.version == version && matches!(b.action, ButtonAction::Move(_)))
        .map(|(c, _)| c)
        .collect();
    (!moves.is_empty()).then(|| (m.changed.unwrap_or_else(Instant::now), moves))
}

/// Plays the match to its end; the moves and waits go to the tally.
pub(crate) async fn play(ctx: &Ctx, id: i64, people: &[Person]) {
    let mut rng = StdRng::seed_from_u64(ctx.spec.seed.wrapping_mul(1000) + 1);
    // The hand each person sees: the message the answer to their last «My tiles» showed.
    let mut hands: HashMap<u64, u64> = HashMap::new();
    let begun = Instant::now();
    let mut since = begun;
    ctx.tally().started = Some(begun);
    loop {
        if Instant::now() > ctx.deadline {
            ctx.tally().problems.push("the match was cut short".into());
            return;
        }
        let Some(show) = ctx.door.show(id).await else { return };
        if matches!(show.view.phase, PhaseView::Finished { .. }) {
            ctx.tally().matches += 1;
            return;
        }
        let mover = show.hands.iter().find(|h| h.view.as_ref().is_some_and(|v| v.your_turn));
        let who = mover.and_then(|h| people.iter().find(|p| p.id.to_string() == h.person.id.id));
        let (true, Some(who)) = (show.table.playing, who) else {
            sleep(Duration::from_millis(50)).await;
            continue;
        };
        let version = show.table.version;
        let Some(pressed) = turn(ctx, &mut rng, &mut hands, id, who, version, since).await else {
            return;
        };
        let mut tally = ctx.tally();
        tally.moves.push(pressed);
        tally.ended = Some(pressed.0);
        since = pressed.0;
    }
}

/// `who`'s turn (the table drawn as `version`), which began at `since`: waits for the move
/// buttons on their hand, thinks, presses one. The accepted press's time and the version it
/// made; `None` when the turn could not be taken.
async fn turn(
    ctx: &Ctx,
    rng: &mut StdRng,
    hands: &mut HashMap<u64, u64>,
    id: i64,
    who: &Person,
    version: u64,
    since: Instant,
) -> Option<(Instant, u64)> {
    let mut tiles_due = since + PATIENCE;
    let mut waited = false;
    loop {
        if Instant::now() > ctx.deadline {
            ctx.tally().problems.push(format!("{} never saw their move", who.name));
            return None;
        }
        let hand = hands.get(&who.id).copied();
        let Some((shown, _)) = hand.and_then(|h| move_buttons(ctx, h, id, version)) else {
            if Instant::now() >= tiles_due {
                tiles_due = Instant::now() + PATIENCE;
                {
                    let mut tally = ctx.tally();
                    tally.taps += 1;
                    tally.my_tiles += 1;
                }
                match press_public(ctx, id, who, ButtonAction::Hand).await {
                    Some(m) => _ = hands.insert(who.id, m),
                    None => ctx.tally().problems.push("«My tiles» unanswered".into()),
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
        let hand = hands.get(&who.id).copied()?;
        let Some((_, moves)) = move_buttons(ctx, hand, id, version) else { continue };
        let custom_id = &moves[rng.random_range(0..moves.len())];
        let on = ctx.fake.message(hand);
        let pressed = Instant::now();
        ctx.tally().taps += 1;
        let answered = press(ctx, who, &on, custom_id).await;
        let now = ctx.door.show(id).await.map(|s| s.table.version);
        match (answered, now) {
            (Some(_), Some(made)) if made > version => return Some((pressed, made)),
            _ => {
                ctx.tally().refused += 1;
                tiles_due = Instant::now() + PATIENCE;
            }
        }
    }
}
