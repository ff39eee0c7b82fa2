//! `/rematch` (`/реванш`): the host starts the next match at a finished table with other rules
//! (another target, preset, options, even another game for the same seats), the seats as they
//! are (and the queue's people sitting in, `session::queue`). Rules named lay over the table's
//! own for the same game, over the chat's for another game.

use crate::chat::{Answer, Args, Asker, Chat};
use crate::engine::rules::{Rules, RulesError};
use crate::session::{Action, Actor, Command, Lang, Table};
use crate::store::{ChatSettings, Store, StoreError};
use crate::view::rules_error_text;
use serde_json::Value;

/// The rules of the next match at `table` as `args` change them.
pub fn rematch_rules(
    table: &Table,
    args: &Args,
    settings: &ChatSettings,
) -> Result<Rules, RulesError> {
    let variant = args.game.unwrap_or(table.rules.variant());
    let mut options = match (variant == table.rules.variant(), table.rules.to_options()) {
        (true, Value::Object(own)) => own,
        _ => settings.options(variant),
    };
    for (key, value) in &args.options {
        options.insert(key.clone(), value.clone());
    }
    let rules = Rules::from_options(variant, &Value::Object(options), None)?;
    rules.check_bounds()?;
    rules.check_table(table.seats.len())?;
    Ok(rules)
}

impl<S: Store> Chat<S> {
    pub(in crate::chat) async fn rematch_with(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let table = match self.pick(from, args.table, lang).await {
            Ok(t) => t,
            Err(answer) => return Ok(answer),
        };
        let settings = self.service.store().chat_settings(&from.chat).await?;
        let rules = match rematch_rules(&table, &args, &settings) {
            Ok(rules) => rules,
            Err(e) => return Ok(Answer::private(rules_error_text(&e, lang))),
        };
        let actor = Actor::Person { person: from.person.clone(), admin: from.admin };
        let action = Action::RematchWith { rules, clock: args.clock };
        let done = self.service.handle(table.id, Command { actor, action, version: None }).await;
        self.answered(done, lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::Cmd;
    use crate::chat::words::parse;
    use crate::engine::rules::{Preset, Teams, Variant};
    use crate::session::{BotLevel, ChatId, NewTable, Person, Platform, UserId};

    fn table(rules: Rules, size: u8) -> Table {
        let new = NewTable {
            id: 1,
            chat: ChatId::new(Platform::Telegram, "-1"),
            number: 1,
            rules,
            size,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: 1,
            clock: None,
        };
        let host = Person::new(UserId::new(Platform::Telegram, "1"), "Ann");
        Table::create(new, host, 0).unwrap().0
    }

    #[test]
    fn the_words_lay_over_the_table_s_rules_or_the_chat_s_for_another_game() {
        let own = Rules::builder(Variant::Kozel).teams(Teams::Pairs).option("eggs", true.into());
        let own = own.build().unwrap();
        let t = table(own, 4);
        let settings = ChatSettings::default();
        let args = parse(Cmd::Rematch, &["до", "51"]).unwrap();
        let rules = rematch_rules(&t, &args, &settings).unwrap();
        assert_eq!((rules.target(), rules.teams(), rules.eggs()), (51, Teams::Pairs, true));
        let args = parse(Cmd::Rematch, &["осёл"]).unwrap();
        let rules = rematch_rules(&t, &args, &settings).unwrap();
        assert_eq!((rules.variant(), rules.teams()), (Variant::Osel, Teams::None));
        let args = parse(Cmd::Rematch, &["спорт"]).unwrap();
        assert!(rematch_rules(&t, &args, &settings).unwrap().has_preset(Preset::Sport));
        let two = table(Rules::new(Variant::Kozel), 2);
        let args = parse(Cmd::Rematch, &["пары"]).unwrap();
        assert!(rematch_rules(&two, &args, &settings).is_err(), "pairs need four seats");
    }
}
