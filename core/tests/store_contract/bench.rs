//! The bench: tables played against a store as the service plays them, and what the store
//! must then answer, worked out from the bench's own copy of every log and finished match.

use super::*;

/// Plays tables against a store as the service will (apply, then commit), keeping its own copy
/// of every log and finished match to check the store against.
pub(super) struct Bench<'s, S> {
    store: &'s S,
    pub(super) now: Millis,
    pub(super) logs: BTreeMap<i64, Vec<(u64, Event)>>,
    seasons: BTreeMap<ChatId, u32>,
    /// Finished matches with the season they count in.
    finished: Vec<(u32, MatchSummary)>,
}

impl<'s, S: Store> Bench<'s, S> {
    pub(super) fn new(store: &'s S) -> Self {
        Bench {
            store,
            now: T0,
            logs: BTreeMap::new(),
            seasons: BTreeMap::new(),
            finished: Vec::new(),
        }
    }

    pub(super) async fn open(
        &mut self,
        chat: &ChatId,
        rules: Rules,
        size: u8,
        host: &Person,
    ) -> Table {
        self.now += 1000;
        let new = NewTable {
            id: 0,
            chat: chat.clone(),
            number: 0,
            rules,
            size,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: 1000 + self.logs.len() as u64,
            clock: None,
        };
        let (mut table, events) =
            Table::create(new, host.clone(), self.now).expect("a valid table");
        self.store.create(&mut table, &events).await.expect("created");
        self.logs.insert(table.id, events.into_iter().map(|e| (0, e)).collect());
        table
    }

    /// Applies and commits one command; returns the match it finished, if any.
    pub(super) async fn act(
        &mut self,
        table: &mut Table,
        who: &Person,
        action: Action,
    ) -> Option<MatchSummary> {
        self.now += 1000;
        let cmd = command(who, action, table.version);
        let events = table.apply(&cmd, self.now).expect("an accepted command");
        let mut summary = self.commit(table, events).await;
        // The computer moves that follow, each a command of its own, as the service makes them.
        while let Some(turn) = table.robot_turn(self.now) {
            let mv = turn.choose(table.live().expect("a match"), &Simple);
            let cmd =
                Command { actor: Actor::System, action: Action::RobotMove { mv }, version: None };
            let events = table.apply(&cmd, self.now).expect("a computer move");
            summary = summary.or(self.commit(table, events).await);
        }
        summary
    }

    async fn commit(&mut self, table: &Table, events: Vec<Event>) -> Option<MatchSummary> {
        let ended = events.iter().any(|e| matches!(e, Event::MatchEnded { .. }));
        let summary = ended.then(|| MatchSummary::of(table, self.now).expect("a finished match"));
        self.store.commit(table, &events, summary.as_ref()).await.expect("committed");
        self.logs
            .entry(table.id)
            .or_default()
            .extend(events.into_iter().map(|e| (table.version, e)));
        if let Some(m) = &summary {
            let season = self.seasons.get(&m.chat).copied().unwrap_or(1);
            self.finished.push((season, m.clone()));
        }
        summary
    }

    /// The people seated play the heaviest legal move until the match ends.
    pub(super) async fn play_out(&mut self, table: &mut Table) -> MatchSummary {
        for _ in 0..10_000 {
            let seat = table.to_move().expect("a person to move");
            let who =
                table.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
            let mv = Simple.choose(
                table.live().expect("a match"),
                seat,
                BotLevel::Greedy,
                table.version,
            );
            if let Some(m) = self.act(table, &who, Action::Move { mv }).await {
                return m;
            }
        }
        panic!("the match did not end");
    }

    pub(super) async fn new_season(&mut self, chat: &ChatId) -> Season {
        self.now += 1000;
        let season = self.store.new_season(chat, self.now).await.expect("a new season");
        self.seasons.insert(chat.clone(), season.number);
        season
    }

    /// What the person-only scoreboard must say, added up from the finished matches.
    pub(super) fn expected_scores(
        &self,
        chat: &ChatId,
        season: u32,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        self.expected_lines(false, chat, season, variant)
    }

    /// What the ratings must be: the finished person-only matches rated one after another.
    pub(super) fn expected_ratings(&self, chat: &ChatId, span: Span) -> Vec<Rating> {
        let mut now: BTreeMap<(Rated, Variant), Rating> = BTreeMap::new();
        let counted = self.finished.iter().filter(|(s, m)| {
            &m.chat == chat && (span == Span::AllTime || span == Span::Season(*s))
        });
        for (_, m) in counted {
            let before: Vec<Rating> = rated_in(m)
                .into_iter()
                .map(|who| {
                    let key = (who.clone(), m.variant);
                    now.get(&key).cloned().unwrap_or(Rating::new(who, m.variant))
                })
                .collect();
            for r in rate(m, &before) {
                now.insert((r.who.clone(), r.variant), r);
            }
        }
        now.into_values().collect()
    }

    /// What the rating history must hold: a change per rating each finished person-only
    /// match updated (its values after), in the order the matches finished, each match's
    /// changes in (who) order.
    pub(super) fn expected_rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Vec<RatingChange> {
        let mut now: BTreeMap<(Rated, Variant), Rating> = BTreeMap::new();
        let mut out = Vec::new();
        let counted = self.finished.iter().filter(|(s, m)| {
            &m.chat == chat && (span == Span::AllTime || span == Span::Season(*s))
        });
        for (_, m) in counted {
            let before: Vec<Rating> = rated_in(m)
                .into_iter()
                .map(|who| {
                    let key = (who.clone(), m.variant);
                    now.get(&key).cloned().unwrap_or(Rating::new(who, m.variant))
                })
                .collect();
            let mut after = rate(m, &before);
            after.sort_by(|a, b| a.who.cmp(&b.who));
            for r in after {
                now.insert((r.who.clone(), r.variant), r.clone());
                if variant.is_none_or(|v| v == r.variant) {
                    out.push(RatingChange { rating: r, table_id: m.table_id, at: m.finished_at });
                }
            }
        }
        out
    }

    /// What `/history` must list: the chat's finished matches, newest first.
    pub(super) fn expected_history(&self, chat: &ChatId, limit: usize) -> Vec<PlayedMatch> {
        let played = self.finished.iter().rev().filter(|(_, m)| &m.chat == chat);
        played
            .take(limit)
            .map(|(season, m)| PlayedMatch {
                table_id: m.table_id,
                season: *season,
                variant: m.variant,
                pairs: m.pairs,
                rounds: m.rounds,
                finished_at: m.finished_at,
                players: m.players.clone(),
            })
            .collect()
    }

    /// The lines of person-only matches, or (`computers`) of matches with a computer seat.
    pub(super) fn expected_lines(
        &self,
        computers: bool,
        chat: &ChatId,
        season: u32,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        let mut rows: BTreeMap<(UserId, Variant), ScoreRow> = BTreeMap::new();
        let counted = self.finished.iter().filter(|(s, m)| {
            *s == season
                && &m.chat == chat
                && variant.is_none_or(|v| v == m.variant)
                && people_only(m) != computers
        });
        for (_, m) in counted {
            for p in &m.players {
                let Some(user) = &p.user else { continue };
                let row = rows.entry((user.clone(), m.variant)).or_insert_with(|| ScoreRow {
                    user: user.clone(),
                    name: String::new(),
                    variant: m.variant,
                    matches: 0,
                    wins: 0,
                    goats: 0,
                    rounds: 0,
                    points_for: 0,
                    points_against: 0,
                });
                row.name = p.name.clone();
                row.matches += 1;
                row.wins += u32::from(p.won);
                row.goats += u32::from(p.goat);
                row.rounds += m.rounds;
                row.points_for += u64::from(p.points_for);
                row.points_against += u64::from(p.points_against);
            }
        }
        rows.into_values().collect()
    }
}
