//! `/rules` and `/help`.

use super::text::{option_word, pick, preset_word, rules_name, tr};
use crate::engine::rules::{Rules, Variant, options_for};
use crate::session::{CLOCK, Lang};

/// The rules of the game `rules` describe, in short, with this table's target and options,
/// then every option of the game (from the one catalog): on or off, what it does, and the word
/// that switches it in `/new`.
pub fn rules_text(rules: &Rules, lang: Lang) -> String {
    let mut out = format!("📖 {}\n{}", rules_name(rules, lang), summary(rules.variant(), lang));
    out.push_str(&format!("\n🎯 {} {}", tr(lang, "Играем до", "Played to"), rules.target()));
    if !rules.presets().is_empty() {
        let keys: Vec<&str> = rules.presets().iter().map(|p| preset_word(*p, lang)).collect();
        out.push_str(&format!(" · {} {}", tr(lang, "пресет", "preset"), keys.join(", ")));
    }
    out.push_str(&format!("\n\n⚙️ {}", tr(lang, "Домашние правила:", "House rules:")));
    for o in options_for(rules.variant()).filter(|o| o.kind.is_switch()) {
        let mark = if o.is_on(rules) { "✅" } else { "▫️" };
        let word = option_word(o, lang);
        out.push_str(&format!(
            "\n{mark} {} ({word}) — {}",
            pick(o.label, lang),
            pick(o.help, lang)
        ));
    }
    out.push_str(&format!(
        "\n⏱ {} ({} 10+5) — {}",
        pick(CLOCK.label, lang),
        tr(lang, "часы", "clock"),
        pick(CLOCK.help, lang)
    ));
    out.push_str(tr(
        lang,
        "\nВключить при открытии стола: /new козёл яйца; выключить: -слово.",
        "\nSwitch one on when opening a table: /new kozel eggs; off: -word.",
    ));
    out
}

/// The summary of a variant's default rules.
pub const fn summary(variant: Variant, lang: Lang) -> &'static str {
    match (variant, lang) {
        (Variant::Classic, Lang::Ru) => "\
• 2–4 игрока, каждый сам за себя. Двоим раздают по 7 костей, троим-четверым по 5; остальное — базар.
• Большие наборы (дубль-9, 12, 15, 18: слово «дубль-12» или «набор 12»): до 8 игроков, раздача по набору и числу игроков.
• Первый раунд начинает тот, у кого 6|6 (нет — старший дубль, нет дублей — самая тяжёлая кость); дальше — победитель прошлого раунда.
• Кость приставляют к концу с тем же числом. Есть чем ходить — ходить обязан; нечем — берёшь из базара, пока не подойдёт; базар пуст — пас.
• Кто первым выложил все кости, получает сумму очков на руках соперников.
• Рыба (ходить не может никто): у кого меньше всех на руках, получает сумму остальных минус свою.
• Одинокий 0|0 в конце стоит 10.",
        (Variant::Classic, Lang::En) => "\
• 2–4 players, each for himself. Two get 7 tiles each, three or four get 5; the rest is the bazaar.
• Larger sets (double-9, 12, 15, 18: the word «double-12» or set=12): up to 8 players, the deal by the set and the players.
• Round 1 is led by whoever holds 6|6 (else the highest double, else the heaviest tile); later rounds by the last winner.
• Lay a tile on an end showing the same number. Holding a tile that fits, you must play; otherwise draw from the bazaar until one fits; with the bazaar empty, pass.
• Whoever lays all his tiles first scores the pips left in the other hands.
• Fish (nobody can move): the lowest hand scores the others' pips minus its own.
• A lone 0|0 left at the end is worth 10.",
        (Variant::Kozel, Lang::Ru) => "\
• 2–3 игрока каждый сам за себя или 4 игрока парами (партнёры сидят напротив). Всем по 7 костей, остаток — базар (парами базара нет).
• Первый раунд начинают с 1|1 (нет — 2|2, 3|3 … 6|6, 0|0); дальше — кто вышел, после рыбы — кто её сделал.
• Очки штрафные: проигравшие пишут себе очки со своих рук (пара — обе руки вместе).
• Рыба: выигрывает сторона с наименьшей суммой, остальные пишут свои очки; поровну — никто не пишет.
• Пока у стороны 0, пишут только от 13; меньше — запоминается и прибавляется к следующему проигрышу.
• Одинокий 0|0 стоит 25.
• Кто наберёт 101 — тот козёл 🐐.",
        (Variant::Kozel, Lang::En) => "\
• 2–3 players each for himself, or 4 in two pairs (partners sit opposite). Everybody gets 7 tiles; the rest is the bazaar (none for pairs).
• Round 1 is led with 1|1 (else 2|2, 3|3 … 6|6, 0|0); later rounds by whoever went out, after a fish by its maker.
• Points are penalties: the losers write down the pips in their hands (a pair, both hands together).
• Fish: the side with the fewest pips wins, the others write their own; a tie writes nothing.
• A side at 0 writes only 13 or more; less is remembered and added to its next loss.
• A lone 0|0 is worth 25.
• Whoever reaches 101 is the goat 🐐.",
        (Variant::Morskoy, Lang::Ru) => "\
• Как «Козёл» (игроки, раздача, заходы, базар, рыба), но очки пишет победитель раунда: сумму очков на руках проигравших.
• Пока у стороны 0, она пишет только от 25; когда сторона с нулём пишет, у остальных счёт обнуляется.
• Одинокий 0|0 — 25, одинокий 6|6 — 50, ровно 0|0 и 6|6 — 75.
• Два дубля на оба конца можно выложить за один ход.
• Выйти с 0|0 или 6|6 последней костью — сразу победа в матче.
• «На сто»: сторона с очками может зайти 6|6 с объявлением; вышел первым — победа в матче, иначе счёт стороны сгорает.
• Кто первым наберёт 125 — побеждает.",
        (Variant::Morskoy, Lang::En) => "\
• As Goat (players, deal, leads, bazaar, fish), but the round's winner writes: the pips left in the losers' hands.
• A side at 0 writes only 25 or more; when a side at 0 writes, every other side drops to 0.
• A lone 0|0 is 25, a lone 6|6 is 50, exactly 0|0 and 6|6 is 75.
• Two doubles may be laid on both ends in one turn.
• Going out with 0|0 or 6|6 as the last tile wins the match at once.
• «For a hundred»: a side with points may lead 6|6 declaring it; going out first wins the match, anything else wipes the side to 0.
• The first side to 125 wins.",
        (Variant::Osel, Lang::Ru) => "\
• Как «Козёл»: 2–3 игрока или 4 парами, по 7 костей, те же заходы, штрафные очки, порог 13 с памятью.
• Первый дубль на столе — крест: у него четыре стороны, ходить можно на все четыре.
• За один ход можно выложить несколько дублей (2–4), каждый на свой подходящий конец.
• Положив дубль на конец, его можно закрыть 🔒: на этот конец больше не ходят. Крест не закрывается.
• Пока на столе нет дубля, закрыть оба конца — конец раунда, он считается как рыба.
• Кто наберёт 101 — тот осёл 🐴.",
        (Variant::Osel, Lang::En) => "\
• As Goat: 2–3 players or 4 in pairs, 7 tiles each, the same leads, penalty points, the 13 threshold with memory.
• The first double on the table is the hub: it has four sides, all four open for play.
• In one turn you may lay several doubles (2–4), each on an end it matches.
• Laying a double on an end, you may close it 🔒: nothing more goes on that end. The hub is never closed.
• While no double is on the table, closing both ends ends the round, scored as a fish.
• Whoever reaches 101 is the donkey 🐴.",
        (Variant::Telefon, Lang::Ru) => "\
• 2–4 игрока, каждый сам за себя, по 7 костей, остаток — базар. Первый раунд начинают с 1|1, как в «Козле»; дальше — победитель.
• Первый дубль — домик: поперёк к нему ходят, когда заняты обе его стороны вдоль.
• После каждого хода считают концы: внешние числа всех концов (дубль на конце — обе половины). Сумма кратна 5 — сходивший получает сумму / 5.
• Кто вышел первым, получает очки на руках соперников / 5 с округлением вверх; при рыбе — так же тот, у кого меньше всех.
• Кто первым наберёт 72 — сразу побеждает.",
        (Variant::Telefon, Lang::En) => "\
• 2–4 players, each for himself, 7 tiles each, the rest is the bazaar. Round 1 is led with 1|1 as in Goat; later rounds by the winner.
• The first double is the house: its across sides open once both its sides along the line are taken.
• After every play, count the ends: the outer number of every end (a double at an end counts both halves). A multiple of 5 scores the player count / 5.
• Going out scores the pips left in the other hands / 5, rounded up; after a fish, the lowest hand scores the same way.
• The first to 72 wins at once.",
    }
}
