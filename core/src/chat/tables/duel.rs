//! `/duel`: a two-seat table opened for the asker and one named person (or a computer).

use crate::chat::{Answer, Args, Asker, Chat, DUEL_TTL_MS, Opponent, Presence, prefix, texts};
use crate::service::TableSpec;
use crate::session::{Lang, Person, Rejection};
use crate::store::{Store, StoreError};
use crate::view::{rejection_text, rules_error_text};

impl<S: Store> Chat<S> {
    pub(in crate::chat) async fn duel(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let platform = from.chat.platform;
        let invitee = match (&args.opponent, args.computer) {
            (_, true) => None,
            (None, false) => {
                return Ok(Answer::private(texts::duel_usage(lang, platform)));
            }
            // A chat of one seats nobody but its owner (and computers).
            (Some(_), false) if from.private => {
                return Ok(Answer::private(rejection_text(&Rejection::PrivateTable, lang)));
            }
            (Some(_), false) => match self.invitee(&from.chat, &args).await {
                None => {
                    let name = match &args.opponent {
                        Some(Opponent::Name(name)) => name.as_str(),
                        _ => "",
                    };
                    return Ok(Answer::private(texts::duel_unknown(lang, prefix(platform), name)));
                }
                Some(p) if p.id == from.person.id => {
                    return Ok(Answer::private(texts::duel_self(lang, platform)));
                }
                Some(p) if from.invitee_in_chat == Some(Presence::Out) => {
                    return Ok(Answer::private(texts::duel_not_member(lang, &p.name)));
                }
                Some(p) if from.invitee_in_chat == Some(Presence::Unknown) => {
                    return Ok(Answer::private(texts::duel_unchecked(lang, &p.name)));
                }
                Some(p) => Some(p),
            },
        };
        let settings = self.service.store().chat_settings(&from.chat).await?;
        let args = Args { players: Some(2), ..args };
        let (rules, _) = match args.table(&settings) {
            Ok(t) => t,
            Err(e) => return Ok(Answer::private(rules_error_text(&e, lang))),
        };
        let clock = args.clock(&rules, &settings);
        let spec = TableSpec {
            chat: from.chat.clone(),
            thread: from.thread.clone(),
            rules,
            size: 2,
            clock,
            rotation: None,
        };
        let ttl = if invitee.is_some() { DUEL_TTL_MS } else { 0 };
        let first = self.first_lang(from).await?;
        let duel = Some((invitee, ttl));
        let created = self.service.open(spec, from.person.clone(), duel, first, from.private).await;
        self.opened(from, created, first, lang).await
    }

    /// The person a `/duel` names: the one the platform identified, or the one seen in `chat`
    /// under the @username given. Adapters ask it to find out whether that person is in the
    /// chat (`Asker::invitee_in_chat`).
    pub async fn invitee(&self, chat: &crate::session::ChatId, args: &Args) -> Option<Person> {
        match args.opponent.as_ref()? {
            Opponent::Person(p) => Some(p.clone()),
            Opponent::Name(name) => self.person_named(chat, name).await,
        }
    }
}
