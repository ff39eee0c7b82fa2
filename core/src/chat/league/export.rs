//! `/export [season N | all]`: a season's files (the current season unless told, or every
//! season): the last match's record (for `domino replay`), every match's record as JSON Lines,
//! the standings and the ratings' history as CSV, the chat's closed tournaments as JSON (the
//! current season's: those closed since it began; every season's: all of them; an earlier
//! season named by number has none, its bounds not being kept), all within one message on
//! every platform.
//!
//! The records are JSON Lines (one compact record a line, oldest first) rather than one JSON
//! array: a line is a whole `domino-record/1` that `domino replay` reads as it is, the file is
//! read (and cut, when it must be) a match at a time, and `wc -l` counts the matches.

use super::info::{merge_pairs, merge_players};
use crate::chat::{Answer, Args, Asker, Body, Chat, File, texts};
use crate::session::Lang;
use crate::standings::tournament::State;
use crate::store::{Rated, Span, Store, StoreError, rating_history_csv, scoreboard_csv};
use crate::view::text::tr;
use std::collections::BTreeMap;

/// What one export may hold, its files together: under Discord's smallest upload limit (8 MB
/// a message; Telegram takes 50 MB a file). The standings and the last record always go; the
/// ratings' history may take half of what is left, the records the rest, newest first.
const EXPORT_BYTES: usize = 7_500_000;
/// At most this many records are sent (the newest).
const EXPORT_RECORDS: u32 = 1_000;
/// Records read at once: what is held beyond the file being written.
const PAGE: u32 = 50;

impl<S: Store> Chat<S> {
    /// `/export [season N | all]`.
    pub(in crate::chat) async fn export(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let store = self.service.store();
        let chat = &from.chat;
        let span = match (args.all_time, args.season) {
            (true, _) => Span::AllTime,
            (false, Some(n)) => Span::Season(n),
            (false, None) => Span::Season(store.season(chat).await?.number),
        };
        // Scoreboard lines are keyed as ratings are: the season, or 0 for every season's.
        let rows = merge_players(store.scoreboard(chat, Some(span.key()), None).await?);
        let pairs = merge_pairs(store.pair_scoreboard(chat, Some(span.key()), None).await?);
        let ratings = store.ratings(chat, span, None).await?;
        let changes = store.rating_history(chat, span, None).await?;
        // The newest page of records: enough to know whether there are any.
        let newest = store.records_before(chat, span, None, PAGE).await?;
        let zone = store.chat_settings(chat).await?.zone();
        let tournaments = self.tournaments_file(chat, span, args.season.is_none()).await?;
        if newest.is_empty() && rows.is_empty() && tournaments.is_none() {
            return Ok(Answer::private(match span {
                Span::Season(n) => no_matches_in(lang, n),
                Span::AllTime => texts::no_record(lang).to_owned(),
            }));
        }

        let mut files = Vec::new();
        let mut about = vec![format!("📦 {}", head(lang, span))];
        // The last match alone, as `domino replay` reads it, unless another season is named.
        if args.season.is_none()
            && let Some(last) = store.last_record(chat).await?
        {
            let bytes = serde_json::to_vec_pretty(&last).unwrap_or_default();
            files.push(File { name: "last-match.json".into(), bytes });
            about.push(
                tr(
                    lang,
                    "• last-match.json — последний матч отдельно",
                    "• last-match.json — the last match alone",
                )
                .into(),
            );
        }
        if !rows.is_empty() {
            let bytes = scoreboard_csv(&rows, &ratings).into_bytes();
            files.push(File { name: "standings.csv".into(), bytes });
            about.push(
                tr(
                    lang,
                    "• standings.csv — таблица с рейтингом",
                    "• standings.csv — the standings with the ratings",
                )
                .into(),
            );
        }
        let used: usize = files.iter().map(|f| f.bytes.len()).sum();
        let mut left = EXPORT_BYTES.saturating_sub(used);

        let mut names: BTreeMap<Rated, String> = BTreeMap::new();
        for r in &rows {
            names.insert(Rated::Player(r.user.clone()), r.name.clone());
        }
        for p in &pairs {
            names.insert(Rated::Pair(p.users.clone()), p.names.join(" + "));
        }
        let header = rating_history_csv(span, &[], &names, zone);
        let lines = changes.iter().map(|c| {
            let one = rating_history_csv(span, std::slice::from_ref(c), &names, zone);
            one[header.len()..].to_owned()
        });
        let budget = (left / 2).saturating_sub(header.len());
        let (kept_changes, history) = newest_within(lines.collect(), budget);
        if !changes.is_empty() {
            let bytes = format!("{header}{history}").into_bytes();
            left = left.saturating_sub(bytes.len());
            files.push(File { name: "rating-history.csv".into(), bytes });
            about.push(history_about(lang, kept_changes, changes.len()));
        }

        if !newest.is_empty() {
            let (kept_records, jsonl, cut) = self.newest_records(chat, span, newest, left).await?;
            let name = match span {
                Span::Season(n) => format!("season-{n}-matches.jsonl"),
                Span::AllTime => "all-matches.jsonl".into(),
            };
            // First but for the last match alone: the season's matches (the caption's lines
            // follow the files, after its head).
            let at = files.iter().position(|f| f.name.ends_with(".csv")).unwrap_or(files.len());
            about.insert(at + 1, records_about(lang, &name, kept_records, cut));
            files.insert(at, File { name, bytes: jsonl.into_bytes() });
        }
        let used: usize = files.iter().map(|f| f.bytes.len()).sum();
        if let Some(file) =
            tournaments.filter(|f| f.bytes.len() <= EXPORT_BYTES - used.min(EXPORT_BYTES))
        {
            about.push(
                tr(
                    lang,
                    "• tournaments.json — турниры чата: участники, матчи, итоги",
                    "• tournaments.json — the chat's tournaments: entrants, matches, results",
                )
                .into(),
            );
            files.push(file);
        }
        Ok(Answer::public(Body::Files { caption: about.join("\n"), files }))
    }

    /// The newest records of `span` (at most [`EXPORT_RECORDS`]) whose lines fit in `budget`
    /// bytes together, read a page at a time from `newest` (the first page) on, so that no
    /// more than a page is held beyond what is sent: how many, their lines oldest first, and
    /// whether any record was left out.
    async fn newest_records(
        &self,
        chat: &crate::ids::ChatId,
        span: Span,
        newest: Vec<(i64, serde_json::Value)>,
        budget: usize,
    ) -> Result<(usize, String, bool), StoreError> {
        let mut lines: Vec<String> = Vec::new();
        let mut size = 0;
        let mut page = newest;
        let cut = loop {
            let Some(&(last, _)) = page.last() else { break false };
            let mut full = false;
            for (_, record) in &page {
                let line = serde_json::to_string(record).unwrap_or_default() + "\n";
                if lines.len() == EXPORT_RECORDS as usize || size + line.len() > budget {
                    full = true;
                    break;
                }
                size += line.len();
                lines.push(line);
            }
            if full {
                break true;
            }
            page = self.service.store().records_before(chat, span, Some(last), PAGE).await?;
        };
        lines.reverse();
        Ok((lines.len(), lines.concat(), cut))
    }

    /// The closed tournaments of `span` as one JSON array (`None` when there are none): the
    /// current season's (`current`) since it began, or all of them for every season's.
    async fn tournaments_file(
        &self,
        chat: &crate::ids::ChatId,
        span: Span,
        current: bool,
    ) -> Result<Option<File>, StoreError> {
        let store = self.service.store();
        let since = match span {
            Span::AllTime => i64::MIN,
            Span::Season(_) if current => store.season(chat).await?.started_at,
            Span::Season(_) => return Ok(None),
        };
        let closed: Vec<_> = store
            .tournaments(Some(chat), false)
            .await?
            .into_iter()
            .map(|d| d.tournament)
            .filter(|t| matches!(t.state, State::Closed { at, .. } if at >= since))
            .collect();
        if closed.is_empty() {
            return Ok(None);
        }
        let bytes = serde_json::to_vec_pretty(&closed).unwrap_or_default();
        Ok(Some(File { name: "tournaments.json".into(), bytes }))
    }
}

/// The newest of `lines` (given oldest first) that fit in `budget` bytes together, oldest
/// first: how many, and the text.
fn newest_within(lines: Vec<String>, budget: usize) -> (usize, String) {
    let mut size = 0;
    let fit = lines.iter().rev().take_while(|l| {
        size += l.len();
        size <= budget
    });
    let kept = fit.count();
    (kept, lines[lines.len() - kept..].concat())
}

fn head(lang: Lang, span: Span) -> String {
    match span {
        Span::Season(n) => texts::season_header(lang, n),
        Span::AllTime => tr(lang, "За всё время", "All time").to_owned(),
    }
}

/// The records' line of the caption: `kept` of them, and whether some were left out (more
/// than [`EXPORT_RECORDS`], or more than fit).
fn records_about(lang: Lang, name: &str, kept: usize, cut: bool) -> String {
    let mut line = match lang {
        Lang::Ru => format!("• {name} — записи {kept} матчей (domino-record/1, по матчу в строке)"),
        Lang::En => {
            format!("• {name} — the records of {kept} matches (domino-record/1, one a line)")
        }
    };
    if cut {
        line.push_str(tr(
            lang,
            "\n✂️ только последних: все не помещаются в одно сообщение",
            "\n✂️ the last ones only: all would not fit in one message",
        ));
    }
    line
}

fn history_about(lang: Lang, kept: usize, of: usize) -> String {
    let mut line = tr(
        lang,
        "• rating-history.csv — каждое изменение рейтинга",
        "• rating-history.csv — every change of the ratings",
    )
    .to_owned();
    if kept < of {
        line.push_str(&match lang {
            Lang::Ru => format!("\n✂️ только последние {kept} из {of}"),
            Lang::En => format!("\n✂️ the last {kept} of {of} only"),
        });
    }
    line
}

fn no_matches_in(lang: Lang, season: u32) -> String {
    match lang {
        Lang::Ru => format!("В сезоне {season} здесь не доиграно ни одного матча."),
        Lang::En => format!("No match finished here in season {season}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_lines_that_fit_are_kept() {
        let lines = || vec!["aa\n".to_owned(), "b\n".to_owned(), "cccc\n".to_owned()];
        assert_eq!(newest_within(lines(), 100), (3, "aa\nb\ncccc\n".into()));
        assert_eq!(newest_within(lines(), 7), (2, "b\ncccc\n".into()));
        assert_eq!(newest_within(lines(), 6), (1, "cccc\n".into()));
        assert_eq!(newest_within(lines(), 4), (0, String::new()));
        assert_eq!(newest_within(Vec::new(), 4), (0, String::new()));
    }
}
