//! Member tags (Telegram, Bot API 9.5 `setChatMemberTag`) and roles (Discord), each a chat
//! setting, off by default: the goats of the chat's last Kozel-family match wear «Козёл»
//! («Осёл» after Osel), the season's Kozel leader «Чемпион», or the chat's own words for
//! either (`/tags`, `tag_words.rs`); on Discord a role of that name, which the bot creates.
//! The core keeps who wears what (meta key `tags:<chat>`, moving with the chat) and says what
//! to change; the adapter sets the tags (adds and removes the roles) and, when the bot lacks
//! the right, tells the chat once what it would need.

use crate::chat::Chat;
use crate::engine::rules::{Rules, Variant};
use crate::ids::{ChatId, Lang, Platform, UserId};
use crate::standings::{PlayedMatch, Rating, ScoreRow, Span, rated_order};
use crate::store::{Store, StoreError, TagWords};
use crate::view::text::{Goat, tr};
use std::collections::BTreeMap;

/// The finished matches read to find the last Kozel-family one.
const LOOK_BACK: u32 = 50;

/// Telegram's longest tag.
pub const TAG_MAX: usize = 16;

/// What the tags should become: a tag per person (`""` takes one off), the tags each person
/// wore that go (a role to remove by its name: a person's changed tag is in both lists), and
/// what to tell the chat if the bot may not set them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    pub set: Vec<(UserId, String)>,
    pub off: Vec<(UserId, String)>,
    pub refused: String,
}

/// Who should wear what: the goats of `last` (the chat's last Kozel-family match), and the
/// leader of the season's Kozel standings; a goat keeps the goat's tag if also the leader.
/// The chat's own `words` replace the bot's (the goat's words whatever the game's goat is).
pub fn wanted(
    last: Option<&PlayedMatch>,
    kozel: &mut [ScoreRow],
    ratings: &[Rating],
    lang: Lang,
    words: &TagWords,
) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    rated_order(kozel, ratings);
    if let Some(leader) = kozel.first() {
        let title = words.champion.as_deref().unwrap_or(tr(lang, "Чемпион", "Champion"));
        out.insert(leader.user.id.clone(), title.to_owned());
    }
    if let Some(m) = last
        && let Some(goat) = Goat::of(&Rules::new(m.variant))
    {
        let title = match goat {
            Goat::Goat => tr(lang, "Козёл", "Goat"),
            Goat::Donkey => tr(lang, "Осёл", "Donkey"),
        };
        let title = words.goat.as_deref().unwrap_or(title);
        for p in m.players.iter().filter(|p| p.goat) {
            if let Some(user) = &p.user {
                out.insert(user.id.clone(), title.to_owned());
            }
        }
    }
    out
}

/// The changes from `worn` to `want`: new and changed tags, and `""` for tags to take off.
pub fn changes(
    worn: &BTreeMap<String, String>,
    want: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    let off = worn.keys().filter(|u| !want.contains_key(*u)).map(|u| (u.clone(), String::new()));
    let on =
        want.iter().filter(|(u, t)| worn.get(*u) != Some(t)).map(|(u, t)| (u.clone(), t.clone()));
    off.chain(on).collect()
}

/// The tags `worn` that `want` takes off or changes: (person, the tag they wore).
pub fn taken_off(
    worn: &BTreeMap<String, String>,
    want: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    worn.iter()
        .filter(|(u, t)| want.get(*u) != Some(t))
        .map(|(u, t)| (u.clone(), t.clone()))
        .collect()
}

fn key(chat: &ChatId) -> String {
    format!("tags:{chat}")
}

/// What the chat is told when the bot may not set tags (Telegram) or give roles (Discord).
pub fn refused(lang: Lang, platform: Platform) -> &'static str {
    if platform == Platform::Discord {
        return tr(
            lang,
            "🎭 Чтобы выдавать роли «Козёл» и «Чемпион», боту нужно право «Управлять ролями» \
             (Manage Roles), а его роль — выше этих. Выдайте его в настройках сервера или \
             выключите роли в /domino settings.",
            "🎭 To give the «Goat» and «Champion» roles, the bot needs the Manage Roles \
             permission, its own role above them. Grant it in the server's settings, or turn \
             the roles off in /domino settings.",
        );
    }
    tr(
        lang,
        "🏷 Чтобы надевать метки «Козёл» и «Чемпион», боту нужны права администратора с правом \
         управлять метками участников. Выдайте их в настройках группы или выключите метки в \
         /settings.",
        "🏷 To put the «Goat» and «Champion» tags on members, the bot needs to be an administrator \
         with the right to manage member tags. Grant it in the group's settings, or turn the tags \
         off in /settings.",
    )
}

impl<S: Store> Chat<S> {
    /// The tag changes the chat's standings now call for (`None`: nothing to change). Who wears
    /// what is written first: a change the adapter could not make is not tried again.
    pub(crate) async fn tags(&self, chat: &ChatId) -> Result<Option<Tags>, StoreError> {
        let store = self.service.store();
        let settings = store.chat_settings(chat).await?;
        let worn: BTreeMap<String, String> = match store.meta(&key(chat)).await? {
            Some(json) => serde_json::from_str(&json).unwrap_or_default(),
            None => BTreeMap::new(),
        };
        let on = match chat.platform {
            Platform::Telegram => settings.goat_tag,
            Platform::Discord => settings.goat_roles,
            Platform::Terminal => false,
        };
        let want = match on {
            false => BTreeMap::new(),
            true => {
                let recent = store.history(chat, None, LOOK_BACK).await?;
                let last = recent.iter().find(|m| m.variant.is_kozel_family());
                let season = store.season(chat).await?.number;
                let game = Some(Variant::Kozel);
                let mut kozel = store.scoreboard(chat, Some(season), game).await?;
                let ratings = store.ratings(chat, Span::Season(season), game).await?;
                wanted(last, &mut kozel, &ratings, settings.lang, &settings.tag_words)
            }
        };
        let (set, off) = (changes(&worn, &want), taken_off(&worn, &want));
        if set.is_empty() {
            return Ok(None);
        }
        let json = serde_json::to_string(&want).unwrap_or_default();
        let json = (!want.is_empty()).then_some(json);
        store.set_meta(&key(chat), json.as_deref()).await?;
        let person = |(u, t): (String, String)| (UserId::new(chat.platform, u), t);
        let (set, off) =
            (set.into_iter().map(person).collect(), off.into_iter().map(person).collect());
        let refused = refused(settings.lang, chat.platform).to_owned();
        Ok(Some(Tags { set, off, refused }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(u, t)| (u.to_string(), t.to_string())).collect()
    }

    #[test]
    fn only_what_changed_is_set_and_the_rest_taken_off() {
        let worn = map(&[("1", "Козёл"), ("2", "Чемпион"), ("3", "Козёл")]);
        let want = map(&[("2", "Чемпион"), ("3", "Чемпион"), ("4", "Козёл")]);
        let got = changes(&worn, &want);
        assert_eq!(
            got,
            vec![
                ("1".into(), "".into()),
                ("3".into(), "Чемпион".into()),
                ("4".into(), "Козёл".into())
            ]
        );
        assert!(changes(&want, &want).is_empty());
        // What goes, by the tag worn (a role is removed by its name).
        assert_eq!(
            taken_off(&worn, &want),
            vec![("1".into(), "Козёл".into()), ("3".into(), "Козёл".into())]
        );
        assert!(taken_off(&want, &want).is_empty());
    }

    fn row(user: &str, wins: u32, matches: u32) -> ScoreRow {
        ScoreRow {
            user: UserId::new(Platform::Telegram, user),
            name: user.to_uppercase(),
            variant: Variant::Kozel,
            matches,
            wins,
            goats: matches - wins,
            rounds: matches * 5,
            points_for: 0,
            points_against: 0,
        }
    }

    #[test]
    fn the_goats_of_the_last_match_and_the_season_s_leader_are_tagged() {
        use crate::standings::SummaryPlayer;
        let player = |user: &str, goat: bool| SummaryPlayer {
            user: Some(UserId::new(Platform::Telegram, user)),
            name: user.into(),
            seat: 0,
            side: 0,
            won: !goat,
            goat,
            points_for: 0,
            points_against: 0,
            relieved: false,
        };
        let last = PlayedMatch {
            table_id: 1,
            season: 1,
            variant: Variant::Osel,
            pairs: false,
            rounds: 3,
            finished_at: 0,
            players: vec![player("1", true), player("2", false), player("3", false)],
        };
        let mut kozel = vec![row("2", 1, 4), row("3", 4, 4)];
        for lang in [Lang::Ru, Lang::En] {
            let want = wanted(Some(&last), &mut kozel, &[], lang, &TagWords::default());
            let (goat, champion) = match lang {
                Lang::Ru => ("Осёл", "Чемпион"),
                Lang::En => ("Donkey", "Champion"),
            };
            assert_eq!(want, map(&[("1", goat), ("3", champion)]));
            // Telegram's tags: at most 16 characters, no emoji.
            assert!(want.values().all(|t| t.chars().count() <= TAG_MAX));
            assert!(want.values().all(|t| t.chars().all(char::is_alphabetic)));
        }
        // The leader who was the last match's goat wears the goat's tag.
        let mut kozel = vec![row("1", 4, 4)];
        let want = wanted(Some(&last), &mut kozel, &[], Lang::Ru, &TagWords::default());
        assert_eq!(want, map(&[("1", "Осёл")]));
        assert!(wanted(None, &mut [], &[], Lang::Ru, &TagWords::default()).is_empty());
        // The chat's own words replace the bot's, for the goat whatever the game's goat is.
        let own = TagWords {
            goat: Some("Рогатый".into()), champion: Some("Гроссмейстер".into())
        };
        let mut kozel = vec![row("2", 1, 4), row("3", 4, 4)];
        let want = wanted(Some(&last), &mut kozel, &[], Lang::En, &own);
        assert_eq!(want, map(&[("1", "Рогатый"), ("3", "Гроссмейстер")]));
    }
}
