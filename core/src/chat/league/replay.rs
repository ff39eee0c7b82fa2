//! `/replay [N] [R]` (`/повтор`; Discord `/domino replay match: round:`): a round of a
//! finished match of the chat's history (N: 1, the default, is the latest, as `/history`
//! lists them; R: `раунд R`, `round R` or a bare second number, 1 the first, the last by
//! default) replayed as an animated GIF, drawn from the match's record. A round the match
//! did not have is refused with the match's range, and changes nothing. Public like the table
//! picture: the board and the bazaar's backs, never a hand.
//!
//! A GIF takes up to seconds of CPU (eight seats of double-eighteen), so it is drawn once per
//! match and round and kept (`replays`), and drawn on people's thinking permits within the
//! asker's rate of replays (`Service::draw_for`): a burst of replays waits its turn and never
//! takes the cores a table needs. One over the rate is refused with when to ask again, and
//! changes nothing.

use super::replays;
use crate::chat::{Answer, Args, Asker, Body, Chat, File, prefix};
use crate::engine::record::Record;
use crate::ids::{ChatId, Lang, UserId};
use crate::service::ServiceError;
use crate::session::Rejection;
use crate::standings::Span;
use crate::store::{Store, StoreError};
use crate::view::picture::{Animation, Style, replay_gif};
use crate::view::text::{display_name, plural_ru, tr, variant_name};

impl<S: Store> Chat<S> {
    pub(in crate::chat) async fn replay(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let ago = args.ago.unwrap_or(1);
        let round = args.round.map(|r| r as usize);
        let replayed = self.replay_of(&from.chat, &from.person.id, (ago, round), lang).await?;
        let (gif, caption) = match replayed {
            Ok(drawn) => drawn,
            Err(refusal) => return Ok(Answer::private(refusal)),
        };
        let name = match args.round {
            None => format!("replay-{ago}.gif"),
            Some(r) => format!("replay-{ago}-{r}.gif"),
        };
        let file = File { name, bytes: gif };
        Ok(Answer::public(Body::Files { caption, files: vec![file] }))
    }

    /// The GIF of a round of the chat's `ago`th latest match (the last round unless one is
    /// named, 1-based) and its caption, drawn within `who`'s rate of replays; or why not.
    /// What `/replay` sends, for the chat and for its screen.
    pub(in crate::chat) async fn replay_of(
        &self,
        chat: &ChatId,
        who: &UserId,
        (ago, round): (u32, Option<usize>),
        lang: Lang,
    ) -> Result<Result<(Vec<u8>, String), String>, StoreError> {
        let records = self.service.store().season_records(chat, Span::AllTime, ago).await?;
        // The last `ago` records, oldest first: the one asked for leads when there are enough.
        let Some(value) = records.first().filter(|_| records.len() as u32 == ago) else {
            return Ok(Err(none_that_far(lang, records.len(), prefix(chat.platform))));
        };
        let record = match Record::from_json(value) {
            Ok(record) => record,
            Err(e) => {
                tracing::warn!(%chat, error = %e, "a stored record does not read");
                return Ok(Err(unreadable(lang).to_owned()));
            }
        };
        let rounds = record.rounds.len();
        let round = match round {
            None => rounds.saturating_sub(1),
            Some(r) if (1..=rounds).contains(&r) => r - 1,
            Some(r) => return Ok(Err(no_such_round(lang, r, rounds))),
        };
        let key = replays::Key::of(value, round);
        let service = &self.service;
        let drawn = self.replays.get_or_draw(key, async || {
            let record = record.clone();
            let draw = move || replay_gif(&record, Some(round), &Style::default());
            match service.draw_for(who, draw).await {
                Ok(Ok(animation)) => Ok(animation),
                Ok(Err(e)) => {
                    tracing::warn!(%chat, error = %e, "a replay not drawn");
                    Err(None)
                }
                Err(ServiceError::Rejected(Rejection::AdviceLater { secs })) => Err(Some(secs)),
                Err(e) => {
                    tracing::warn!(%chat, error = %e, "a replay's drawing failed");
                    Err(None)
                }
            }
        });
        let animation = match drawn.await {
            Ok(animation) => animation,
            Err(Some(secs)) => return Ok(Err(later(lang, secs))),
            Err(None) => return Ok(Err(unreadable(lang).to_owned())),
        };
        Ok(Ok((animation.gif.clone(), caption(&record, &animation, lang))))
    }
}

/// «🎞 Козёл · раунд 7 из 7 · Аня, Боря, Вера, Гоша · ходов: 28 · 6 с».
fn caption(record: &Record, a: &Animation, lang: Lang) -> String {
    let players: Vec<String> = record.players.iter().map(|p| display_name(p)).collect();
    let (game, players) = (variant_name(record.variant(), lang), players.join(", "));
    let (round, rounds, secs) = (a.round + 1, record.rounds.len(), a.millis.div_ceil(1000));
    match lang {
        Lang::Ru => format!(
            "🎞 {game} · раунд {round} из {rounds} · {players} · ходов: {} · {secs} с",
            a.moves
        ),
        Lang::En => format!(
            "🎞 {game} · round {round} of {rounds} · {players} · {} moves · {secs} s",
            a.moves
        ),
    }
}

fn none_that_far(lang: Lang, have: usize, p: &str) -> String {
    match (have, lang) {
        (0, _) => tr(
            lang,
            "🎞 Повторять нечего: здесь ещё никто не доиграл матч.",
            "🎞 Nothing to replay: nobody has finished a match here yet.",
        )
        .to_owned(),
        (n, Lang::Ru) => format!("🎞 В истории чата матчей: {n}. Номера — в {p}history."),
        (n, Lang::En) => format!("🎞 The chat's history has {n} matches. See {p}history."),
    }
}

/// A round the match did not have: the match's range.
fn no_such_round(lang: Lang, asked: usize, rounds: usize) -> String {
    match lang {
        Lang::Ru => format!(
            "🎞 Раунда {asked} в этом матче не было: в нём {rounds} {} — выберите от 1 до {rounds}.",
            plural_ru(rounds as u64, "раунд", "раунда", "раундов")
        ),
        Lang::En => format!(
            "🎞 That match had no round {asked}: it had {rounds} {} — choose from 1 to {rounds}.",
            if rounds == 1 { "round" } else { "rounds" }
        ),
    }
}

fn unreadable(lang: Lang) -> &'static str {
    tr(lang, "🎞 Этот матч не получается показать.", "🎞 This match cannot be shown.")
}

fn later(lang: Lang, secs: u32) -> String {
    match lang {
        Lang::Ru => format!(
            "🎞 Слишком много повторов подряд — попробуйте снова через {secs} {}.",
            plural_ru(u64::from(secs), "секунду", "секунды", "секунд")
        ),
        Lang::En => format!(
            "🎞 Too many replays in a row: try again in {secs} {}.",
            if secs == 1 { "second" } else { "seconds" }
        ),
    }
}
