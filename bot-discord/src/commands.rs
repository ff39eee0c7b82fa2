//! The slash commands: each one deferred, its work done through the service or the store, then
//! answered. Opening a table posts the table message in the channel.

use crate::answer;
use crate::bot::Bot;
use crate::people;
use crate::publish;
use crate::render::Shown;
use crate::slash::{self, SettingsChange, Slash};
use crate::texts;
use domino_core::engine::rules::{Preset, Rules, Variant};
use domino_core::service::{Reply, ServiceError, TableSpec};
use domino_core::session::{
    Action, Actor, ChatId, Command, Lang, Person, Rejection, Table, UserId,
};
use domino_core::store::{ChatSettings, Store, StoreError, scoreboard_csv};
use domino_core::view::{rejection_text, render_scoreboard, render_tally, rules_text};
use serenity::builder::CreateAttachment;
use serenity::http::Http;
use serenity::model::application::CommandInteraction;
use std::sync::Arc;

/// How long a duel challenge waits for an answer.
pub const CHALLENGE_TTL_MS: i64 = 10 * 60 * 1000;

/// What a command answers: a message and files.
struct Out {
    shown: Shown,
    files: Vec<CreateAttachment>,
}

impl Out {
    fn text(text: &str) -> Out {
        Out { shown: Shown::text(text), files: Vec::new() }
    }

    fn long(title: Option<&str>, text: &str) -> Out {
        Out { shown: Shown::long(title, text), files: Vec::new() }
    }
}

pub async fn on_command<S: Store>(bot: &Arc<Bot<S>>, http: &Http, i: &CommandInteraction) {
    let parsed = slash::parse(i, bot.me());
    let public = matches!(&parsed, Some(Slash::Score { .. } | Slash::Top { .. }))
        || matches!(&parsed, Some(Slash::Settings(c)) if !c.is_empty());
    answer::defer(http, i, !public).await;
    let ctx = Ctx { bot, http, chat: people::chat(i.channel_id), i };
    let out = match parsed {
        Some(slash) => ctx.run(slash).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "command failed");
            Out::text(texts::failed(people::lang(&i.locale)))
        }),
        None => Out::long(None, &texts::help(people::lang(&i.locale))),
    };
    answer::finish(http, i, &out.shown, out.files).await;
}

struct Ctx<'a, S: Store> {
    bot: &'a Arc<Bot<S>>,
    http: &'a Http,
    chat: ChatId,
    i: &'a CommandInteraction,
}

impl<S: Store> Ctx<'_, S> {
    fn person(&self) -> Person {
        people::member_person(&self.i.user, self.i.member.as_deref())
    }

    fn actor(&self) -> Actor {
        people::actor(&self.i.user, self.i.member.as_deref())
    }

    fn user(&self) -> UserId {
        people::user_id(&self.i.user)
    }

    async fn settings(&self) -> Result<ChatSettings, StoreError> {
        self.bot.service.store().chat_settings(&self.chat).await
    }

    async fn run(&self, slash: Slash) -> Result<Out, StoreError> {
        let lang = self.settings().await?.lang;
        Ok(match slash {
            Slash::New { variant, preset, players, pairs } => {
                let spec = match self.spec(variant, preset, pairs, players).await? {
                    Ok(spec) => spec,
                    Err(out) => return Ok(out),
                };
                let opened = self.bot.service.create(spec, self.person()).await;
                self.opened(opened, lang).await?
            }
            Slash::Duel { invitee, variant, preset } => {
                let spec = match self
                    .spec(variant.unwrap_or(Variant::Classic), preset, false, Some(2))
                    .await?
                {
                    Ok(spec) => spec,
                    Err(out) => return Ok(out),
                };
                let ttl = if invitee.is_some() { CHALLENGE_TTL_MS } else { 0 };
                let opened = self.bot.service.duel(spec, self.person(), invitee, ttl).await;
                self.opened(opened, lang).await?
            }
            Slash::DuelBot { variant, preset } => {
                let spec = match self
                    .spec(variant.unwrap_or(Variant::Classic), preset, false, Some(2))
                    .await?
                {
                    Ok(spec) => spec,
                    Err(out) => return Ok(out),
                };
                let opened = self.bot.service.duel(spec, self.person(), None, 0).await;
                self.opened(opened, lang).await?
            }
            Slash::Rules { variant } => {
                let rules = match variant {
                    Some(v) => self.rules(v, None, false).await?.unwrap_or_else(|_| Rules::new(v)),
                    None => match self.bot.service.tables_in(&self.chat).await.pop() {
                        Some(t) => t.rules,
                        None => Rules::new(Variant::Classic),
                    },
                };
                Out::long(None, &rules_text(&rules, lang))
            }
            Slash::Settings(change) => self.settings_command(change).await?,
            Slash::Score { table } => match self.pick(table, lang).await {
                Ok(t) => Out::long(None, &render_tally(&t)),
                Err(out) => out,
            },
            Slash::Top { variant } => {
                let rows = self.bot.service.store().scoreboard(&self.chat, None, variant).await?;
                Out::long(None, &render_scoreboard(&rows, lang))
            }
            Slash::Export => self.export(lang).await?,
            Slash::Stop { table } => match self.pick(table, lang).await {
                Ok(t) => {
                    let cmd = Command { actor: self.actor(), action: Action::End, version: None };
                    match self.bot.service.handle(t.id, cmd).await {
                        Ok(reply) => {
                            publish::after(self.bot, self.http, &reply, Some(&self.user()), false)
                                .await;
                            Out::text("✅")
                        }
                        Err(e) => self.refused(e, t.lang)?,
                    }
                }
                Err(out) => out,
            },
            Slash::Help => Out::long(None, &texts::help(lang)),
        })
    }

    /// The rules of a new table: the channel's default options for the variant, the preset
    /// and pairs asked for on top; checked by the core.
    async fn rules(
        &self,
        variant: Variant,
        preset: Option<Preset>,
        pairs: bool,
    ) -> Result<Result<Rules, String>, StoreError> {
        let settings = self.settings().await?;
        let mut options =
            settings.presets.get(variant.key()).cloned().unwrap_or_else(|| serde_json::json!({}));
        if let Some(map) = options.as_object_mut() {
            if let Some(p) = preset {
                map.insert("preset".into(), p.key().into());
            }
            if pairs {
                map.insert("teams".into(), "pairs".into());
            }
        }
        Ok(Rules::from_options(variant, &options, None).map_err(|e| e.to_string()))
    }

    async fn spec(
        &self,
        variant: Variant,
        preset: Option<Preset>,
        pairs: bool,
        players: Option<u8>,
    ) -> Result<Result<TableSpec, Out>, StoreError> {
        let lang = self.settings().await?.lang;
        Ok(match self.rules(variant, preset, pairs).await? {
            Ok(rules) => {
                let size = players.unwrap_or(if pairs { 4 } else { 2 });
                Ok(TableSpec { chat: self.chat.clone(), rules, size })
            }
            Err(detail) => Err(Out::text(&texts::bad_rules(lang, &detail))),
        })
    }

    /// A new table: its message posted in the channel, its notices sent.
    async fn opened(
        &self,
        opened: Result<Reply, ServiceError>,
        lang: Lang,
    ) -> Result<Out, StoreError> {
        let reply = match opened {
            Ok(reply) => reply,
            Err(e) => return self.refused(e, lang),
        };
        let table = &reply.table;
        if let Err(e) = publish::post_table(self.bot, self.http, table).await {
            tracing::warn!(table = table.id, error = %e, "table message not posted");
            // Nobody can see the table: close it rather than leave it open unseen.
            let end = Command { actor: self.actor(), action: Action::End, version: None };
            let _ = self.bot.service.handle(table.id, end).await;
            return Ok(Out::text(texts::cannot_post(lang)));
        }
        publish::announce(self.bot, self.http, &reply, Some(&self.user())).await;
        Ok(Out::text(&texts::table_opened(lang, table.number)))
    }

    fn refused(&self, e: ServiceError, lang: Lang) -> Result<Out, StoreError> {
        match e {
            ServiceError::Rejected(r) => Ok(Out::text(&rejection_text(&r, lang))),
            ServiceError::NoTable => Ok(Out::text(&rejection_text(&Rejection::Closed, lang))),
            ServiceError::Store(e) => Err(e),
        }
    }

    /// The table a command means: the one numbered, else the newest one the user sits at,
    /// else the newest one in the channel.
    async fn pick(&self, number: Option<u32>, lang: Lang) -> Result<Table, Out> {
        let tables = self.bot.service.tables_in(&self.chat).await;
        let user = self.user();
        let found = match number {
            Some(n) => tables.into_iter().find(|t| t.number == n),
            None => {
                let mine = tables.iter().rposition(|t| t.seat_of(&user).is_some());
                match mine {
                    Some(k) => tables.into_iter().nth(k),
                    None => tables.into_iter().last(),
                }
            }
        };
        found.ok_or_else(|| match number {
            Some(n) => Out::text(&texts::no_such_table(lang, n)),
            None => Out::text(texts::no_table(lang)),
        })
    }

    async fn settings_command(&self, change: SettingsChange) -> Result<Out, StoreError> {
        let store = self.bot.service.store();
        let mut settings = self.settings().await?;
        let mut lines = Vec::new();
        if !change.is_empty() {
            let actor = self.actor();
            let asked_in = settings.lang;
            settings.version += 1;
            if let Some(l) = change.lang {
                settings.lang = l;
            }
            if let Some(t) = change.timer {
                settings.turn_secs = t;
            }
            if let Some(b) = change.level {
                settings.bot_level = b;
            }
            match (change.variant, change.preset) {
                (Some(v), Some(Some(p))) => {
                    let options = serde_json::json!({ "preset": p.key() });
                    if let Err(e) = Rules::from_options(v, &options, None) {
                        return Ok(Out::text(&texts::bad_rules(settings.lang, &e.to_string())));
                    }
                    settings.presets.insert(v.key().into(), options);
                }
                (Some(v), Some(None)) => {
                    settings.presets.remove(v.key());
                }
                (None, Some(_)) => {
                    let detail = texts::tr(
                        settings.lang,
                        "выберите игру (variant)",
                        "choose the game (variant)",
                    );
                    return Ok(Out::text(&texts::bad_rules(settings.lang, detail)));
                }
                (_, None) => {}
            }
            // The service decides who may (the chat's admins).
            let service = &self.bot.service;
            let refused = Ok(Out::text(texts::admins_only(asked_in)));
            match service.set_chat_settings(&self.chat, &actor, &settings).await {
                Ok(()) => {}
                Err(ServiceError::Rejected(_)) => return refused,
                Err(ServiceError::Store(e)) => return Err(e),
                Err(ServiceError::NoTable) => return Err(StoreError::NotFound(0)),
            }
            if change.new_season {
                let season = match service.new_season(&self.chat, &actor).await {
                    Ok(season) => season,
                    Err(ServiceError::Rejected(_)) => return refused,
                    Err(ServiceError::Store(e)) => return Err(e),
                    Err(ServiceError::NoTable) => return Err(StoreError::NotFound(0)),
                };
                lines.push(texts::new_season(settings.lang, &season));
            }
        }
        let season = store.season(&self.chat).await?;
        lines.insert(0, texts::settings(&settings, &season, settings.lang));
        Ok(Out::long(None, &lines.join("\n\n")))
    }

    async fn export(&self, lang: Lang) -> Result<Out, StoreError> {
        let store = self.bot.service.store();
        let record = store.last_record(&self.chat).await?;
        let rows = store.scoreboard(&self.chat, None, None).await?;
        let mut files = Vec::new();
        if let Some(record) = record {
            let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
            files.push(CreateAttachment::bytes(json, "last-match.json"));
        }
        if !rows.is_empty() {
            files.push(CreateAttachment::bytes(
                scoreboard_csv(&rows).into_bytes(),
                "scoreboard.csv",
            ));
        }
        if files.is_empty() {
            return Ok(Out::text(texts::no_record(lang)));
        }
        Ok(Out { shown: Shown::text(texts::export_note(lang)), files })
    }
}
