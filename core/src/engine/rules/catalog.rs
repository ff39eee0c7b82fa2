//! Every rule option, described once: its key, the kind of value it takes, the variants that
//! have it, its Russian and English label and help, the words a chat may use for it, and how
//! it is read from and written to an options object. `Rules::from_options`, `to_options`,
//! `/rules`, the chat grammar and both settings menus are all driven by [`OPTIONS`]; adding an
//! option is one entry here (and its field in [`Rules`]).

use super::options::{RulesError, opener_order, positive, presets, teams};
use super::{OpenerOrder, Rules, Variant};
use crate::bounds::{self, Bound};
use serde_json::{Value, json};

/// A text in both languages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub ru: &'static str,
    pub en: &'static str,
}

const fn w(ru: &'static str, en: &'static str) -> Words {
    Words { ru, en }
}

/// What values an option takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Flag,
    /// A positive integer.
    Number,
    /// A preset name or a list of them.
    Preset,
    /// `"none"` or `"pairs"` (a chat shows it as the «pairs» switch).
    Teams,
    /// `true` (0-0 first), `false`, or a list of doubles (records only; a chat shows a switch).
    OpenerOrder,
}

impl OptionKind {
    /// Options a chat shows as an on/off switch.
    pub const fn is_switch(self) -> bool {
        matches!(self, OptionKind::Flag | OptionKind::Teams | OptionKind::OpenerOrder)
    }
}

/// One rule option.
pub struct OptionSpec {
    /// The key in an options object.
    pub key: &'static str,
    pub kind: OptionKind,
    /// The variants that accept it (R2).
    pub variants: &'static [Variant],
    /// A short name, for menus.
    pub label: Words,
    /// What it does, for `/rules`.
    pub help: Words,
    /// Words a chat may write for it (lowercase; the key itself is always understood).
    pub words: &'static [&'static str],
    /// The range a chat may set a number option to (`crate::bounds`); records follow R3.
    pub bound: Option<&'static Bound>,
    read: fn(&mut Rules, &Value) -> Result<(), RulesError>,
    write: fn(&Rules) -> Value,
}

impl OptionSpec {
    pub fn applies_to(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    /// Sets this option of `rules` from its value in an options object.
    pub(super) fn read(&self, rules: &mut Rules, value: &Value) -> Result<(), RulesError> {
        (self.read)(rules, value)
    }

    /// This option's value in `rules`, as an options object holds it.
    pub fn write(&self, rules: &Rules) -> Value {
        (self.write)(rules)
    }

    /// Whether `rules` has this switch on (switches only).
    pub fn is_on(&self, rules: &Rules) -> bool {
        match self.write(rules) {
            Value::Bool(b) => b,
            Value::String(s) => s == "pairs",
            Value::Array(list) => !list.is_empty(),
            _ => false,
        }
    }

    /// The value that turns this switch on or off (switches only).
    pub fn switch_value(&self, on: bool) -> Value {
        match self.kind {
            OptionKind::Teams => json!(if on { "pairs" } else { "none" }),
            _ => json!(on),
        }
    }

    /// Values a menu offers for a number option in `variant` (the default first).
    pub fn suggestions(&self, variant: Variant) -> Vec<u32> {
        match self.key {
            "target" => match variant {
                Variant::Classic => vec![100, 50, 150, 200],
                Variant::Kozel | Variant::Osel => vec![101, 51, 151, 201],
                Variant::Morskoy => vec![125, 75, 175, 250],
                Variant::Telefon => vec![72, 50, 100, 150],
            },
            "deal" => vec![5, 7],
            _ => Vec::new(),
        }
    }
}

use Variant::{Classic, Kozel, Morskoy, Osel, Telefon};

const ALL: &[Variant] = &[Classic, Kozel, Morskoy, Osel, Telefon];
const KOZEL_FAMILY: &[Variant] = &[Kozel, Morskoy, Osel];

/// A flag option: `$field` of [`Rules`] under `$key`.
macro_rules! flag {
    ($key:literal, $field:ident, $variants:expr, $label:expr, $help:expr, $words:expr) => {
        OptionSpec {
            key: $key,
            kind: OptionKind::Flag,
            variants: $variants,
            label: $label,
            help: $help,
            words: $words,
            bound: None,
            read: |r, v| {
                r.$field = v.as_bool().ok_or(RulesError::BadValue {
                    key: $key,
                    expected: "expected true or false",
                })?;
                Ok(())
            },
            write: |r| json!(r.$field),
        }
    };
}

/// Every option, in the order an options object is written.
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "preset",
        kind: OptionKind::Preset,
        variants: ALL,
        label: w("Пресет", "Preset"),
        help: w(
            "набор домашних правил: troshin (по Трошину), plain (без особых значений костей), sport (спортивные: жребий, заход по кругу)",
            "a named set of house rules: troshin, plain (no special tile values), sport (lot for the lead, rotating leads)",
        ),
        words: &[],
        bound: None,
        read: |r, v| {
            r.presets = presets(r.variant, v)?;
            Ok(())
        },
        write: |r| match r.presets.as_slice() {
            [one] => json!(one.key()),
            many => json!(many.iter().map(|p| p.key()).collect::<Vec<_>>()),
        },
    },
    OptionSpec {
        key: "teams",
        kind: OptionKind::Teams,
        variants: KOZEL_FAMILY,
        label: w("Парами", "In pairs"),
        help: w(
            "четверо играют двумя парами, партнёры сидят напротив и считают очки вместе",
            "four players in two pairs, partners opposite, scoring together",
        ),
        words: &["pairs", "пары", "парами"],
        bound: None,
        read: |r, v| {
            r.teams = teams(v)?;
            Ok(())
        },
        write: |r| json!(r.teams.key()),
    },
    OptionSpec {
        key: "target",
        kind: OptionKind::Number,
        variants: ALL,
        label: w("До скольких", "Played to"),
        help: w("сколько очков заканчивает матч", "the score that ends the match"),
        words: &["до", "to"],
        bound: Some(&bounds::TARGET),
        read: |r, v| {
            r.target = positive(v, "target")?;
            Ok(())
        },
        write: |r| json!(r.target),
    },
    OptionSpec {
        key: "deal",
        kind: OptionKind::Number,
        variants: &[Classic],
        label: w("Раздача", "Deal"),
        help: w("сколько костей раздают каждому", "tiles dealt to each player"),
        words: &["по"],
        bound: Some(&bounds::DEAL),
        read: |r, v| {
            let n = positive(v, "deal")?;
            r.deal = Some(u8::try_from(n).map_err(|_| RulesError::BadValue {
                key: "deal",
                expected: "expected a positive integer that fits the set",
            })?);
            Ok(())
        },
        write: |r| r.deal.map_or(Value::Null, |d| json!(d)),
    },
    OptionSpec {
        key: "opener_order",
        kind: OptionKind::OpenerOrder,
        variants: &[Kozel, Morskoy, Osel, Telefon],
        label: w("Первый заход с 0|0", "Round 1 from 0|0"),
        help: w(
            "в первом раунде ищут сначала 0|0, потом 1|1 … 6|6",
            "round 1 looks for 0|0 first, then 1|1 … 6|6",
        ),
        words: &["zero_first", "с_нуля"],
        bound: None,
        read: |r, v| {
            r.opener_order = opener_order(v)?;
            Ok(())
        },
        write: |r| match &r.opener_order {
            OpenerOrder::Default => json!(false),
            OpenerOrder::ZeroFirst => json!(true),
            OpenerOrder::Custom(list) => {
                json!(list.iter().map(|t| t.to_string()).collect::<Vec<_>>())
            }
        },
    },
    flag!(
        "draw_out_before_fish",
        draw_out_before_fish,
        ALL,
        w("Добор до рыбы", "Draw out before fish"),
        w(
            "рыбу объявляют, только когда базар пуст: до того добирают",
            "fish is declared only once the bazaar is empty; players draw until then",
        ),
        &["draw_out", "добор"]
    ),
    flag!(
        "lead_must_be_double",
        lead_must_be_double,
        KOZEL_FAMILY,
        w("Заход дублем", "Lead a double"),
        w(
            "кто заходит и держит дубль, заходит дублем",
            "a leader holding a double must lead a double",
        ),
        &["double_lead", "заход_дублем"]
    ),
    flag!(
        "eggs",
        eggs,
        KOZEL_FAMILY,
        w("Яйца", "Eggs"),
        w(
            "при ничьей очки переходят в следующий решённый раунд",
            "a tied round's points carry to the next decided round",
        ),
        &["яйца"]
    ),
    flag!(
        "lead_00",
        lead_00,
        &[Classic],
        w("Заход с 0|0", "0|0 leads"),
        w("первый раунд начинает 0|0, если он роздан", "round 1 is led by 0|0 when it is dealt"),
        &["заход_00"]
    ),
    flag!(
        "two_doubles",
        two_doubles,
        &[Classic, Kozel, Morskoy],
        w("Два дубля", "Two doubles"),
        w(
            "два дубля на оба конца можно выложить за один ход",
            "two doubles may be laid on both ends in one turn",
        ),
        &["два_дубля"]
    ),
    flag!(
        "threshold_every_round",
        threshold_every_round,
        &[Kozel, Osel],
        w("Порог всегда", "Threshold always"),
        w(
            "меньше 13 не пишут никогда, а не только при нуле",
            "under 13 is never written, not only while at 0",
        ),
        &["threshold_always", "порог_всегда"]
    ),
    flag!(
        "forget_below_threshold",
        forget_below_threshold,
        &[Kozel, Osel],
        w("Без памяти", "No memory"),
        w(
            "очки меньше порога не запоминаются, а сгорают",
            "points under the threshold are dropped, not remembered",
        ),
        &["forget", "без_памяти"]
    ),
    flag!(
        "loser_writes",
        loser_writes,
        &[Morskoy],
        w("Пишет проигравший", "Loser writes"),
        w(
            "очки пишет проигравший, дошедший до цели проигрывает",
            "the losers write, and whoever reaches the target loses",
        ),
        &["пишет_проигравший"]
    ),
    flag!(
        "any_double_double_finish_wins",
        any_double_double_finish_wins,
        &[Morskoy],
        w("Выход двумя дублями", "Double-double finish"),
        w(
            "выход любыми двумя дублями сразу выигрывает матч",
            "going out with any two doubles at once wins the match",
        ),
        &["double_double", "два_дубля_выход"]
    ),
    flag!(
        "hub_sides_first",
        hub_sides_first,
        &[Osel],
        w("Сначала вдоль", "Sides first"),
        w(
            "поперёк к кресту ходят, когда заняты обе стороны вдоль",
            "the hub's across sides open once both sides along the line are taken",
        ),
        &["sides_first", "сначала_вдоль"]
    ),
    flag!(
        "house_any_side",
        house_any_side,
        &[Telefon],
        w("Домик с любой стороны", "House any side"),
        w("к домику можно ходить с любой стороны сразу", "the house is open on every side at once"),
        &["any_side", "домик_любой"]
    ),
    flag!(
        "multi_doubles",
        multi_doubles,
        &[Telefon],
        w("Несколько дублей", "Several doubles"),
        w(
            "за один ход можно выложить до четырёх дублей",
            "up to four doubles may be laid in one turn",
        ),
        &["несколько_дублей"]
    ),
    flag!(
        "finish_round",
        finish_round,
        &[Telefon],
        w("Доигрывать раунд", "Finish the round"),
        w(
            "матч решается в конце раунда, а не в момент набора очков",
            "the match is decided at the end of the round, not the moment the target is reached",
        ),
        &["доиграть"]
    ),
];

/// The option with this key.
pub fn option(key: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|o| o.key == key)
}

/// The options `variant` accepts, in catalog order (`preset` first).
pub fn options_for(variant: Variant) -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(move |o| o.applies_to(variant))
}

/// The option keys a variant accepts, `preset` first.
pub fn option_keys(variant: Variant) -> impl Iterator<Item = &'static str> {
    options_for(variant).map(|o| o.key)
}
