//! `/vs` (`/против`): the asker's head-to-head with one person of the chat; `/me` (`/я`):
//! the asker's card.

use crate::chat::{Answer, Args, Asker, Body, Chat, Opponent, prefix};
use crate::engine::rules::Variant;
use crate::ids::{ChatId, Person};
use crate::session::{Lang, Platform};
use crate::standings::{Rated, Span};
use crate::store::{Store, StoreError};
use crate::view::{render_card, render_versus, variant_name};

impl<S: Store> Chat<S> {
    pub(in crate::chat) async fn me(&self, from: &Asker, lang: Lang) -> Result<Answer, StoreError> {
        let (text, lines) = self.card_of(&from.chat, &from.person, lang).await?;
        Ok(Answer::public(match super::chart_of(lines).await {
            Some(chart) => {
                let text = format!("{text}\n📈 {}", chart.caption);
                Body::Picture { text, picture: chart.picture }
            }
            None => Body::Text(text),
        }))
    }

    /// `who`'s card in `chat` and their rating over the season, a line per game (undrawn):
    /// what `/me` shows, for the chat and for its screen.
    pub(in crate::chat) async fn card_of(
        &self,
        chat: &ChatId,
        who: &Person,
        lang: Lang,
    ) -> Result<(String, super::Lines), StoreError> {
        let store = self.service.store();
        // All time, from the kept tallies: the same cost however old the chat is.
        let card = store.person_tally(chat, &who.id).await?.card();
        // The season's ratings and rating line: read from the current season's rows (they grow
        // with the season, not with the chat's age; a chat whose seasons never turn has one).
        let season = store.season(chat).await?.number;
        let ratings = store.ratings(chat, Span::Season(season), None).await?;
        let text = render_card(&who.name, &who.id, &card, &ratings, lang);
        let changes = store.rating_history(chat, Span::Season(season), None).await?;
        let me = Rated::Player(who.id.clone());
        let lines = Variant::ALL
            .into_iter()
            .map(|v| (variant_name(v, lang).to_owned(), super::points(&changes, &me, Some(v))));
        Ok((text, lines.collect()))
    }

    /// `first`'s head-to-head with `second` in `chat` (one game's, or every game's): what
    /// `/vs` shows, for the chat and for its screen.
    pub(in crate::chat) async fn versus_of(
        &self,
        chat: &ChatId,
        (first, second): (&Person, &Person),
        game: Option<Variant>,
        lang: Lang,
    ) -> Result<String, StoreError> {
        let h = self.service.store().person_tally(chat, &first.id).await?.versus(&second.id, game);
        Ok(render_versus(&first.name, &second.name, &h, game, lang))
    }

    pub(in crate::chat) async fn versus(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let platform = from.chat.platform;
        let Some(other) = self.invitee(&from.chat, &args).await else {
            let text = match &args.opponent {
                Some(Opponent::Name(name)) => unknown(lang, prefix(platform), name),
                _ => usage(lang, platform),
            };
            return Ok(Answer::private(text));
        };
        if other.id == from.person.id {
            return Ok(Answer::private(usage(lang, platform)));
        }
        let pair = (&from.person, &other);
        let text = self.versus_of(&from.chat, pair, args.game, lang).await?;
        Ok(Answer::public(Body::Text(text)))
    }
}

/// What `/vs` takes.
pub fn usage(lang: Lang, platform: Platform) -> String {
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => {
            "С кем сравнить? /domino против соперник:@игрок [игра]".to_owned()
        }
        (Platform::Discord, Lang::En) => {
            "Compare with whom? /domino vs opponent:@player [game]".to_owned()
        }
        (_, Lang::Ru) => format!(
            "С кем сравнить? {p}vs @имя [игра] или ответом на сообщение человека: ваши матчи против него и вместе.",
            p = prefix(platform)
        ),
        (_, Lang::En) => format!(
            "Compare with whom? {p}vs @name [game], or in reply to the person's message: your matches against them and together.",
            p = prefix(platform)
        ),
    }
}

fn unknown(lang: Lang, p: &str, name: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "Я пока не знаю @{name}: пусть напишет здесь любую команду (например {p}help), или спросите ответом на его сообщение."
        ),
        Lang::En => format!(
            "I do not know @{name} yet: ask them to send any command here ({p}help, say), or ask in reply to their message."
        ),
    }
}
