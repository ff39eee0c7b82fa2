//! Finding a table again in a busy chat: `/tables` lists the chat's open tables with what each
//! waits for; `/table N` posts the table anew at the bottom of the chat. The core forgets the
//! table's old message (committed before the answer), so every adapter shows the table as a
//! new message and a press on the old one is no longer one of the table's; the [`Show`] says
//! what the old message is to read instead ([`Moved`]).

use crate::chat::{
    Answer, Args, Asker, Audience, Body, Chat, MessageAt, Moved, Reply, Show, prefix,
};
use crate::session::{Lang, Phase};
use crate::store::{Store, StoreError};
use crate::view::finding::{moved_text, reposted_text, tables_text};

impl<S: Store> Chat<S> {
    /// `/tables`: the chat's open tables (every thread's), oldest first, and a match just
    /// finished that may be played again.
    pub(in crate::chat) async fn list_tables(
        &self,
        from: &Asker,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let mut tables = self.service.tables_in(&from.chat).await;
        let latest = self.service.latest_table(&from.chat).await.ok().flatten();
        if let Some(t) = latest.filter(|t| t.phase == Phase::Finished)
            && !tables.iter().any(|o| o.id == t.id)
        {
            tables.push(t);
            tables.sort_by_key(|t| t.number);
        }
        let text = tables_text(&tables, lang, prefix(from.chat.platform));
        Ok(Answer::public(Body::Long(text)))
    }

    /// `/table N`: the table numbered (or, without a number, the one `/stop` would mean) posted
    /// anew at the bottom of its chat, its buttons moved there; its old message is to say where
    /// it went. Nothing of the table changes; an unknown number is answered and changes nothing.
    pub(in crate::chat) async fn repost(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let table = match self.pick(from, args.table, lang).await {
            Ok(t) => t,
            Err(answer) => return Ok(answer),
        };
        let store = self.service.store();
        let public = Audience::Public.key();
        let old = store
            .message_refs(table.id)
            .await?
            .into_iter()
            .find(|(audience, _)| *audience == public)
            .and_then(|(_, at)| MessageAt::decode(&at));
        // Forgotten before anything is answered: the table's next showing is a new message.
        // The old one is kept as moved, so that presses on it are taken until people find
        // the new one.
        if let Some(old) = &old {
            let moved = Audience::Moved.key();
            crate::service::writing(store.set_message_ref(table.id, &moved, &old.encode())).await?;
        }
        crate::service::writing(store.set_message_ref(table.id, &public, "")).await?;
        let mut show = Show::of(&table, &[]);
        show.moved = Some(Moved { from: old, text: moved_text(table.lang, table.number) });
        let reply =
            Reply { body: Body::Text(reposted_text(lang, table.number)), private: true, ack: true };
        Ok(Answer { reply: Some(reply), ..Answer::default() }.with_show(show))
    }
}
