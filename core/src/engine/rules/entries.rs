//! The entries of the option catalog ([`super::catalog`]): one [`OptionSpec`] per option.

use super::catalog::{OptionKind, OptionSpec, Words};
use super::options::{RulesError, opener_order, positive, presets, teams};
use super::{OpenerOrder, SETS, Variant};
use crate::bounds;
use serde_json::{Value, json};

const fn w(ru: &'static str, en: &'static str) -> Words {
    Words { ru, en }
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
        key: "set",
        kind: OptionKind::Number,
        variants: ALL,
        label: w("Набор", "Set"),
        help: w(
            "набор костей по старшему дублю: 6 (28 костей), 9, 12, 15 или 18 (190); больше шести — только в классике, до восьми игроков",
            "the set by its highest double: 6 (28 tiles), 9, 12, 15 or 18 (190); beyond six in traditional only, for up to eight",
        ),
        words: &["набор"],
        bound: Some(&bounds::SET),
        read: |r, v| {
            let n = v.as_u64().filter(|n| SETS.iter().any(|&s| u64::from(s) == *n)).ok_or(
                RulesError::BadValue { key: "set", expected: "expected 6, 9, 12, 15 or 18" },
            )? as u8;
            if n != 6 && r.variant != Variant::Classic {
                return Err(RulesError::SetNotInVariant { set: n, variant: r.variant });
            }
            r.set = n;
            r.target = super::default_target(r.variant, n);
            Ok(())
        },
        write: |r| json!(r.set),
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
            "fish is declared only once the boneyard is empty; players draw until then",
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
    OptionSpec {
        key: "start_threshold",
        kind: OptionKind::Number,
        variants: &[Morskoy],
        label: w("Порог записи", "Writing threshold"),
        help: w(
            "сколько очков нужно, чтобы начать запись с нуля (25; по Трошину вдвоём — 13)",
            "the least a side at 0 may write (25; Troshin's two-player game: 13)",
        ),
        words: &["порог", "threshold"],
        bound: Some(&bounds::START_THRESHOLD),
        read: |r, v| {
            r.start_threshold = positive(v, "start_threshold")?;
            Ok(())
        },
        write: |r| json!(r.start_threshold),
    },
    flag!(
        "either_partner_leads",
        either_partner_leads,
        KOZEL_FAMILY,
        w("Заходит любой из пары", "Either partner leads"),
        w(
            "следующий раунд может начать любой из партнёров выигравшей пары",
            "either partner of the side named to lead may lead the next round",
        ),
        &["either_partner", "любой_партнёр", "любой_партнер"]
    ),
    flag!(
        "write_off_all",
        write_off_all,
        &[Morskoy],
        w("Списывают всем", "Write-off for all"),
        w(
            "когда пишет другая сторона, очки списываются у всех, включая её",
            "when another side starts writing, everyone's points are wiped, the writer's too",
        ),
        &["списать_всё", "списать_все", "wipe_all"]
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
