//! `/tags` (`/метки`, Telegram only): the chat's own words for its member tags. Alone it says
//! the words worn now; `козёл`/`goat` or `чемпион`/`champion` followed by words sets that
//! tag's words (an admin, 1 to [`TAG_MAX`] characters: letters, digits, spaces and `-.,!?'`,
//! since Telegram takes no emoji); `сброс`/`reset` brings back the bot's words. A change is a
//! settings change like a menu press (versioned), and the tags are put right at once.

use super::tags::TAG_MAX;
use crate::chat::{Answer, Args, Asker, Body, Chat, may_administer, texts};
use crate::ids::{Lang, Platform};
use crate::store::{Store, StoreError, TagWords};
use crate::view::text::tr;

/// Which tag's words a `/tags` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Which {
    Goat,
    Champion,
}

/// What `/tags` asks, read from its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagAsk {
    Show,
    Reset,
    Set(Which, String),
}

/// Why the words cannot be a tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagError {
    /// Not `козёл …`, `чемпион …` or `сброс`.
    Usage,
    /// No words after the tag's name, or more than [`TAG_MAX`] characters.
    Length,
    /// A character Telegram's tags do not take (emoji, symbols).
    Character(char),
}

/// Reads `/tags`'s words.
pub fn read(words: Option<&str>) -> Result<TagAsk, TagError> {
    let words = words.unwrap_or("").trim();
    let (first, rest) = words.split_once(char::is_whitespace).unwrap_or((words, ""));
    let which = match first.to_lowercase().replace('ё', "е").as_str() {
        "" => return Ok(TagAsk::Show),
        "сброс" | "reset" if rest.trim().is_empty() => return Ok(TagAsk::Reset),
        "козел" | "goat" | "осел" | "donkey" => Which::Goat,
        "чемпион" | "champion" => Which::Champion,
        _ => return Err(TagError::Usage),
    };
    Ok(TagAsk::Set(which, tag_text(rest)?))
}

/// `text` as a tag: spaces collapsed, 1 to [`TAG_MAX`] characters Telegram takes.
pub fn tag_text(text: &str) -> Result<String, TagError> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(c) = text.chars().find(|&c| !(c.is_alphanumeric() || " -.,!?'".contains(c))) {
        return Err(TagError::Character(c));
    }
    match text.chars().count() {
        1..=TAG_MAX => Ok(text),
        _ => Err(TagError::Length),
    }
}

impl<S: Store> Chat<S> {
    /// `/tags`: the words worn now, or an admin's change of them.
    pub(in crate::chat) async fn tag_words(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if from.chat.platform != Platform::Telegram || from.private {
            return Ok(Answer::private(tr(
                lang,
                "Метки участников бывают только в группах Telegram.",
                "Member tags are Telegram groups' only.",
            )));
        }
        let ask = match read(args.tag_words.as_deref()) {
            Ok(ask) => ask,
            Err(e) => return Ok(Answer::private(refusal(&e, lang))),
        };
        let store = self.service.store();
        let s = store.chat_settings(&from.chat).await?;
        let words = match ask {
            TagAsk::Show => return Ok(Answer::private(shown(&s.tag_words, s.goat_tag, lang))),
            _ if !may_administer(from) => return Ok(Answer::private(texts::admins_only(lang))),
            TagAsk::Reset => TagWords::default(),
            TagAsk::Set(Which::Goat, w) => TagWords { goat: Some(w), ..s.tag_words.clone() },
            TagAsk::Set(Which::Champion, w) => {
                TagWords { champion: Some(w), ..s.tag_words.clone() }
            }
        };
        let mut next = s.next();
        next.tag_words = words;
        match crate::service::writing(store.set_chat_settings(&from.chat, &next)).await {
            Ok(()) => {
                if next.goat_tag {
                    self.service.standings_changed(&from.chat);
                }
                Ok(Answer::public(Body::Text(shown(&next.tag_words, next.goat_tag, lang))))
            }
            // Another admin changed the settings first: nothing was written.
            Err(StoreError::SettingsConflict { .. }) => Ok(Answer::private(tr(
                lang,
                "Настройки чата только что изменились: повторите.",
                "The chat's settings changed just now: try again.",
            ))),
            Err(e) => Err(e),
        }
    }
}

/// The words worn now, and whether tags are on.
fn shown(words: &TagWords, on: bool, lang: Lang) -> String {
    let goat = words.goat.as_deref().unwrap_or(tr(lang, "Козёл (Осёл)", "Goat (Donkey)"));
    let champion = words.champion.as_deref().unwrap_or(tr(lang, "Чемпион", "Champion"));
    let state = match on {
        true => tr(lang, "метки включены", "tags are on"),
        false => tr(lang, "метки выключены (/settings)", "tags are off (/settings)"),
    };
    match lang {
        Lang::Ru => format!("🏷 Козёл носит «{goat}», чемпион — «{champion}»; {state}."),
        Lang::En => format!("🏷 The goat wears «{goat}», the champion «{champion}»; {state}."),
    }
}

fn refusal(e: &TagError, lang: Lang) -> String {
    match (e, lang) {
        (TagError::Usage, Lang::Ru) => {
            "Напишите: /метки козёл слова, /метки чемпион слова или /метки сброс.".to_owned()
        }
        (TagError::Usage, Lang::En) => {
            "Write: /tags goat words, /tags champion words, or /tags reset.".to_owned()
        }
        (TagError::Length, Lang::Ru) => format!("В метке от 1 до {TAG_MAX} знаков."),
        (TagError::Length, Lang::En) => format!("A tag is 1 to {TAG_MAX} characters."),
        (TagError::Character(c), Lang::Ru) => {
            format!("Знак «{c}» в метку нельзя: только буквы, цифры, пробелы и -.,!?'")
        }
        (TagError::Character(c), Lang::En) => {
            format!("«{c}» cannot be in a tag: letters, digits, spaces and -.,!?' only.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_and_checked() {
        let set = |w: Which, t: &str| Ok(TagAsk::Set(w, t.to_owned()));
        assert_eq!(read(None), Ok(TagAsk::Show));
        assert_eq!(read(Some("  ")), Ok(TagAsk::Show));
        assert_eq!(read(Some("Сброс")), Ok(TagAsk::Reset));
        assert_eq!(read(Some("козел Рогатый  наш")), set(Which::Goat, "Рогатый наш"));
        assert_eq!(read(Some("goat Big Goat")), set(Which::Goat, "Big Goat"));
        assert_eq!(read(Some("чемпион Гроссмейстер")), set(Which::Champion, "Гроссмейстер"));
        assert_eq!(read(Some("чемпион")), Err(TagError::Length));
        assert_eq!(read(Some("король Артур")), Err(TagError::Usage));
        assert_eq!(read(Some("сброс всё")), Err(TagError::Usage));
        assert_eq!(read(Some("козёл 🐐")), Err(TagError::Character('🐐')));
        assert_eq!(read(Some("goat <b>")), Err(TagError::Character('<')));
        // Sixteen characters are taken, seventeen are not.
        assert_eq!(tag_text(&"я".repeat(TAG_MAX)), Ok("я".repeat(TAG_MAX)));
        assert_eq!(tag_text(&"я".repeat(TAG_MAX + 1)), Err(TagError::Length));
    }

    #[test]
    fn every_refusal_is_in_both_languages() {
        for e in [TagError::Usage, TagError::Length, TagError::Character('🐐')] {
            let (ru, en) = (refusal(&e, Lang::Ru), refusal(&e, Lang::En));
            assert!(ru.chars().any(|c| matches!(c, 'а'..='я')), "{ru}");
            assert!(!en.chars().any(|c| matches!(c, 'а'..='я')), "{en}");
        }
    }
}
