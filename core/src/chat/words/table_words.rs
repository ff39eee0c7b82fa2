//! Words for a table's own settings that are no rule of the game: the queue at the table
//! (`session::queue`). Read among the rule words of `/new` (and Discord's `options`):
//! `/new козёл пары на вылет`, `/new kozel queue`.

use crate::session::Rotation;

/// The queue a word (or the two words «на вылет») at the front of `words` asks for, and how
/// many words it took: «очередь», «по очереди», «queue» keep a queue in turn; «на вылет»,
/// «навылет», «knockout» one where who lost leaves.
pub fn rotation_words(words: &[&str]) -> Option<(Rotation, usize)> {
    let norm = |w: &str| w.to_lowercase().replace('ё', "е").replace('-', "_");
    let first = norm(words.first()?);
    let second = words.get(1).map(|w| norm(w));
    match (first.as_str(), second.as_deref()) {
        ("на" | "по", Some("вылет")) => Some((Rotation::Knockout, 2)),
        ("по", Some("очереди")) => Some((Rotation::Queue, 2)),
        ("навылет" | "на_вылет" | "knockout" | "winner_stays", _) => {
            Some((Rotation::Knockout, 1))
        }
        ("очередь" | "queue" | "in_turn" | "по_очереди", _) => {
            Some((Rotation::Queue, 1))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_s_words() {
        assert_eq!(rotation_words(&["на", "вылет", "пары"]), Some((Rotation::Knockout, 2)));
        assert_eq!(rotation_words(&["Навылет"]), Some((Rotation::Knockout, 1)));
        assert_eq!(rotation_words(&["knockout"]), Some((Rotation::Knockout, 1)));
        assert_eq!(rotation_words(&["очередь"]), Some((Rotation::Queue, 1)));
        assert_eq!(rotation_words(&["по", "очереди"]), Some((Rotation::Queue, 2)));
        assert_eq!(rotation_words(&["queue"]), Some((Rotation::Queue, 1)));
        assert_eq!(rotation_words(&["на"]), None);
        assert_eq!(rotation_words(&["вылет"]), None);
        assert_eq!(rotation_words(&[]), None);
    }
}
