//! Requests that only read: the rules, the score of a match, the standings, the history, the
//! season; and the one that starts a new season (`/export` is `export.rs`).

use crate::chat::{Answer, Args, Asker, Body, Chat, may_administer, texts};
use crate::engine::rules::{Rules, Variant};
use crate::ids::{ChatId, Person};
use crate::session::Lang;
use crate::standings::rated_order;
use crate::standings::tournament::State;
use crate::store::{PairRow, ScoreRow, Span, Store, StoreError};
use crate::view::tour_news::render_tournament_history;
use crate::view::{
    render_computer_scoreboard, render_history, render_pair_scoreboard, render_scoreboard,
    rules_error_text, rules_text,
};

/// Matches `/history` lists unless told.
const HISTORY_DEFAULT: u32 = 10;
/// Closed tournaments `/history` lists, the newest.
const HISTORY_TOURNAMENTS: usize = 5;
/// At most, to stay within one message.
const HISTORY_MAX: u32 = 30;
use std::collections::BTreeMap;

/// What `/top` shows: its header, its standings, the lines of its chart (the leaders'
/// ratings over time, undrawn) and the people it lists, in its order.
pub(in crate::chat) struct Top {
    pub head: String,
    pub text: String,
    pub lines: super::Lines,
    pub people: Vec<Person>,
}

impl<S: Store> Chat<S> {
    /// `/rules [game] [options]`: those rules; with nothing named, the rules of the table the
    /// person plays at (or the chat's newest), else the chat's default game.
    pub(in crate::chat) async fn rules(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let settings = self.service.store().chat_settings(&from.chat).await?;
        let bare = args.game.is_none() && args.options.is_empty();
        let rules = match self.pick(from, None, lang).await {
            Ok(table) if bare => table.rules,
            _ => {
                let variant = args.variant(&settings);
                let mut options = settings.options(variant);
                options.extend(args.options.clone());
                match Rules::from_options(variant, &serde_json::Value::Object(options), None) {
                    Ok(r) => r,
                    Err(e) => return Ok(Answer::private(rules_error_text(&e, lang))),
                }
            }
        };
        Ok(Answer::public(Body::Long(rules_text(&rules, lang))))
    }

    pub(in crate::chat) async fn score(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        Ok(match self.pick(from, args.table, lang).await {
            Ok(table) => Answer::public(self.tally_body(table).await),
            Err(answer) => answer,
        })
    }

    /// `/top [game] [pairs | bot] [season N | all]`: person-only standings with ratings (or
    /// the pairs', or apart, the lines from matches with a computer).
    pub(in crate::chat) async fn top(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if args.pairs_table && args.computer {
            return Ok(Answer::private(texts::no_computer_pairs(lang)));
        }
        let Top { head, text, lines, .. } = self.top_of(&from.chat, &args, lang).await?;
        if let Some(chart) = super::chart_of(lines).await {
            let text = format!("{head}\n{text}\n📈 {}", chart.caption);
            return Ok(Answer::public(Body::Picture { text, picture: chart.picture }));
        }
        Ok(Answer::public(Body::Long(format!("{head}\n{text}"))))
    }

    /// What `/top` shows in `chat` (its chart's lines undrawn): the one computation of the
    /// standings, for the chat and for its screen (`chat::screen`).
    pub(in crate::chat) async fn top_of(
        &self,
        chat: &ChatId,
        args: &Args,
        lang: Lang,
    ) -> Result<Top, StoreError> {
        let store = self.service.store();
        let season = match (args.all_time, args.season) {
            (true, _) => None,
            (false, Some(n)) => Some(n),
            (false, None) => Some(store.season(chat).await?.number),
        };
        // All time: every season's lines in one query each, added up here.
        let (span, lines) = match season {
            Some(n) => (Span::Season(n), n),
            None => (Span::AllTime, Span::AllTime.key()),
        };
        let head = match season {
            Some(n) => texts::season_header(lang, n),
            None => crate::view::text::tr(lang, "За всё время", "All time").to_owned(),
        };
        let mut top = Top { head, text: String::new(), lines: Vec::new(), people: Vec::new() };
        if args.pairs_table {
            let rows = store.pair_scoreboard(chat, Some(lines), args.game).await?;
            let ratings = store.ratings(chat, span, args.game).await?;
            top.text = render_pair_scoreboard(&merge_pairs(rows), &ratings, lang);
        } else if args.computer {
            let rows = store.computer_scoreboard(chat, Some(lines), args.game).await?;
            top.text = render_computer_scoreboard(&merge_players(rows), lang);
        } else {
            let rows = merge_players(store.scoreboard(chat, Some(lines), args.game).await?);
            let ratings = store.ratings(chat, span, args.game).await?;
            top.text = render_scoreboard(&rows, &ratings, lang);
            let mut ranked = rows.clone();
            rated_order(&mut ranked, &ratings);
            for r in ranked {
                if !top.people.iter().any(|p: &Person| p.id == r.user) {
                    top.people.push(Person::new(r.user, r.name));
                }
            }
            // The leaders' ratings over the season (or all time) in the game named, or the
            // one played most.
            let count =
                |v| rows.iter().filter(|r| r.variant == v).map(|r| r.matches as usize).sum();
            if let Some(game) = args.game.or_else(|| super::busiest_by(count)) {
                let changes = store.rating_history(chat, span, Some(game)).await?;
                top.lines = super::leaders_lines(&rows, &ratings, game, &changes);
            }
        }
        Ok(top)
    }

    /// `/history [game] [N]`: the chat's last N finished matches (10 unless told).
    pub(in crate::chat) async fn history(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let count = args.count.unwrap_or(HISTORY_DEFAULT);
        if !(1..=HISTORY_MAX).contains(&count) {
            return Ok(Answer::private(texts::history_count(lang, HISTORY_MAX)));
        }
        let store = self.service.store();
        let matches = store.history(&from.chat, args.game, count).await?;
        let zone = store.chat_settings(&from.chat).await?.zone();
        let mut text = render_history(&matches, lang, zone);
        if !matches.is_empty() && args.game.is_none() {
            // Every game's matches, newest first: the first is `/replay 1`; `/replay 1 2` its
            // second round.
            let p = crate::chat::prefix(from.chat.platform);
            text.push_str(&match lang {
                Lang::Ru => {
                    format!(
                        "\n\n🎞 Раунд матча анимацией: {p}replay N [R] (N: 1 — верхний; R: \
                         номер раунда, обычно последний)."
                    )
                }
                Lang::En => format!(
                    "\n\n🎞 A match's round as an animation: {p}replay N [R] (N: 1 is the top \
                     one; R: the round, the last by default)."
                ),
            });
        }
        // The chat's closed tournaments (of the game asked for), the newest few.
        let closed: Vec<_> = store
            .tournaments(Some(&from.chat), false)
            .await?
            .into_iter()
            .map(|d| d.tournament)
            .filter(|t| matches!(t.state, State::Closed { .. }))
            .filter(|t| args.game.is_none_or(|g| g == t.game))
            .collect();
        if !closed.is_empty() {
            let last = &closed[closed.len().saturating_sub(HISTORY_TOURNAMENTS)..];
            text.push_str("\n\n");
            text.push_str(&render_tournament_history(last, lang, zone));
        }
        Ok(Answer::public(Body::Long(text)))
    }

    /// `/season`: which season it is; `/season new` starts the next (the chat's admins).
    pub(in crate::chat) async fn season(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let store = self.service.store();
        let p = crate::chat::prefix(from.chat.platform);
        if !args.new_season {
            let now = store.season(&from.chat).await?;
            let settings = store.chat_settings(&from.chat).await?;
            let (cadence, zone) = (settings.seasons, settings.zone());
            let text = match cadence.next_start(self.service.now(), zone) {
                Some(next) => super::season_runs(lang, now.number, cadence, next, zone),
                None => texts::season_now(lang, p, now.number),
            };
            return Ok(Answer::public(Body::Text(text)));
        }
        if !may_administer(from) {
            return Ok(Answer::private(texts::admins_only(lang)));
        }
        let season =
            crate::service::writing(store.new_season(&from.chat, self.service.now())).await?;
        self.service.standings_changed(&from.chat);
        Ok(Answer::public(Body::Text(texts::season_started(lang, p, season.number))))
    }
}

/// One line per player and game over several seasons, given oldest first (the latest name
/// kept).
pub(super) fn merge_players(rows: Vec<ScoreRow>) -> Vec<ScoreRow> {
    let mut by: BTreeMap<(String, String, Variant), ScoreRow> = BTreeMap::new();
    for r in rows {
        let key = (r.user.platform.key().to_owned(), r.user.id.clone(), r.variant);
        match by.get_mut(&key) {
            Some(m) => {
                m.name = r.name;
                m.matches += r.matches;
                m.wins += r.wins;
                m.goats += r.goats;
                m.rounds += r.rounds;
                m.points_for += r.points_for;
                m.points_against += r.points_against;
            }
            None => {
                by.insert(key, r);
            }
        }
    }
    by.into_values().collect()
}

/// One line per pair and game over several seasons.
pub(super) fn merge_pairs(rows: Vec<PairRow>) -> Vec<PairRow> {
    let mut by: BTreeMap<(String, String, Variant), PairRow> = BTreeMap::new();
    for r in rows {
        let key = (format!("{:?}", r.users[0]), format!("{:?}", r.users[1]), r.variant);
        match by.get_mut(&key) {
            Some(m) => {
                m.names = r.names;
                m.matches += r.matches;
                m.wins += r.wins;
                m.goats += r.goats;
            }
            None => {
                by.insert(key, r);
            }
        }
    }
    by.into_values().collect()
}
