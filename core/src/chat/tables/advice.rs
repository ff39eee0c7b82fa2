//! The expert's help for people: the hint button on a hand (and `/hint`), `/hand`, and `/review`. Both are worked out
//! by the service from the person's own seat's view (never hidden tiles) and answered only to
//! them.

use crate::chat::{Answer, Args, Asker, Body, Chat, HandPlace, Reply, Show, texts};
use crate::engine::ai::takes_end;
use crate::engine::game::Match;
use crate::service::{Reviewed, ServiceError};
use crate::session::{Lang, Rejection, Table};
use crate::store::{Store, StoreError};
use crate::view::{hand_view, move_label, rejection_text, takes_end_note};

impl<S: Store> Chat<S> {
    /// The hint button on `from`'s hand at `table`, drawn for `version`: the hint noted, then
    /// the hand with it; a refusal changes nothing.
    pub(super) async fn hint_press(
        &self,
        from: &Asker,
        table: &Table,
        version: u64,
    ) -> Result<Answer, StoreError> {
        let lang = table.lang;
        let done = self.service.hint(table.id, &from.person, version).await;
        let hinted = match done {
            Ok(h) => h,
            Err(ServiceError::Store(e)) => {
                tracing::warn!(table = table.id, error = %e, "hint not committed");
                return Ok(Answer::private(texts::failed(lang)));
            }
            Err(e) => {
                let stale = matches!(e, ServiceError::Rejected(Rejection::Stale));
                let mut answer = self.answered(Err(e), lang)?;
                if stale && let Some(now) = self.show(table.id).await {
                    answer.shows.push(now);
                }
                return Ok(answer);
            }
        };
        let after = &hinted.reply.table;
        let show = Show::of(after, &hinted.reply.events);
        let view = after.seat_of(&from.person.id).and_then(|seat| hand_view(after, seat));
        let answer = match view {
            Some(view) if view.hint.is_some() => Answer {
                reply: Some(Reply { body: Body::Hand(view), private: true, ack: false }),
                ..Answer::default()
            },
            // The hint names a move the hand shows no button for (never expected): in words.
            _ => {
                let live = after.live();
                let seat = after.seat_of(&from.person.id);
                let label = match (live.and_then(Match::round), seat) {
                    (Some(round), Some(seat)) => {
                        let label = move_label(&hinted.mv, round.board(), lang)
                            .unwrap_or_else(|| hinted.mv.to_string());
                        let max_pip = after.rules.max_pip();
                        match takes_end(round.board(), round.hand(seat), &hinted.mv, max_pip) {
                            Some(x) => format!("{label} ({})", takes_end_note(lang, x)),
                            None => label,
                        }
                    }
                    _ => hinted.mv.to_string(),
                };
                Answer::private(texts::hint_given(lang, &label))
            }
        };
        Ok(answer.with_show(show))
    }

    /// `/hand [table]`: the requester's own hand at their table here, for them alone.
    pub(in crate::chat) async fn own_hand(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        Ok(match self.own_table(from, args, lang).await {
            Ok(table) => self.hand(&table, from),
            Err(answer) => answer,
        })
    }

    /// `/hint [table]`: the expert's hint for the requester's move, as the hint button gives it.
    pub(in crate::chat) async fn hint_command(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        match self.own_table(from, args, lang).await {
            Ok(table) => self.hint_press(from, &table, table.version).await,
            Err(answer) => Ok(answer),
        }
    }

    /// The table `/hand` or `/hint` asks about; asked in the table's chat by someone seated,
    /// their hand's place is the table from now on.
    async fn own_table(&self, from: &Asker, args: Args, lang: Lang) -> Result<Table, Answer> {
        let table = self.pick(from, args.table, lang).await?;
        if !from.private && table.seat_of(&from.person.id).is_some() {
            self.chose_hand_place(&from.person.id, HandPlace::Table).await;
        }
        Ok(table)
    }

    /// `/review [table]`: the requester's moves in the last finished round of their table here
    /// where the expert's estimate says they lost the most, privately.
    pub(in crate::chat) async fn review(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let table = match self.pick(from, args.table, lang).await {
            Ok(t) => t,
            Err(answer) => return Ok(answer),
        };
        let lang = table.lang;
        let Some(seat) = table.seat_of(&from.person.id) else {
            return Ok(Answer::private(rejection_text(&Rejection::NotSeated, lang)));
        };
        let reviewed = match self.service.review(&table, seat, &from.person).await {
            Ok(Some(r)) => r,
            Ok(None) => return Ok(Answer::private(texts::review_nothing(lang))),
            Err(ServiceError::Store(e)) => return Err(e),
            Err(e) => return self.answered(Err(e), lang),
        };
        let text = review_text(&table, &reviewed, lang);
        Ok(Answer {
            reply: Some(Reply { body: Body::Long(text), private: true, ack: false }),
            ..Answer::default()
        })
    }
}

/// A review in words: each slip with the move played and the better one, as their buttons
/// read at the time, and the estimated loss.
fn review_text(table: &Table, r: &Reviewed, lang: Lang) -> String {
    let title = crate::view::text::title(table, lang);
    let mut lines = vec![texts::review_header(lang, &title, r.round)];
    if r.review.slips.is_empty() {
        lines.push(texts::review_clean(lang, r.review.judged));
        lines.extend(took_lines(r, lang));
        return lines.join("\n");
    }
    for slip in &r.review.slips {
        // The board as it lay before the move, to name the ends as the buttons did.
        let mut game = r.start.clone();
        for &(seat, mv) in &r.moves[..slip.index] {
            if game.apply(seat as usize, mv).is_err() {
                break;
            }
        }
        let own = r.moves[..=slip.index].iter().filter(|(s, _)| *s as usize == r.seat).count();
        let name = |mv| {
            game.round()
                .and_then(|round| move_label(&mv, round.board(), lang))
                .unwrap_or_else(|| mv.to_string())
        };
        let named = |mv, took: Option<u8>| match took {
            Some(x) => format!("{} ({})", name(mv), takes_end_note(lang, x)),
            None => name(mv),
        };
        let (played, better) =
            (named(slip.played, slip.played_takes), named(slip.better, slip.better_takes));
        lines.push(texts::review_slip(lang, own, &played, &better, slip.loss));
    }
    lines.extend(took_lines(r, lang));
    lines.push(texts::review_footer(lang, r.review.judged));
    lines.join("\n")
}

/// The reviewed seat's moves that took an end («взять конца»), one line each.
fn took_lines(r: &Reviewed, lang: Lang) -> Vec<String> {
    let mut game = r.start.clone();
    let mut lines = Vec::new();
    let mut own = 0;
    for (index, &(seat, mv)) in r.moves.iter().enumerate() {
        if seat as usize == r.seat {
            own += 1;
            if let Some(&(_, x)) = r.review.took.iter().find(|(i, _)| *i == index) {
                let label = game
                    .round()
                    .and_then(|round| move_label(&mv, round.board(), lang))
                    .unwrap_or_else(|| mv.to_string());
                lines.push(match lang {
                    Lang::Ru => format!(
                        "🔒 Ваш {own}-й ход {label}: вы взяли конец {x} («взять конца»): последняя {x} была у вас"
                    ),
                    Lang::En => format!(
                        "🔒 Your move {own}, {label}, took the end: {x} (you held the last {x})"
                    ),
                });
            }
        }
        if game.apply(seat as usize, mv).is_err() {
            break;
        }
    }
    lines
}
