//! Cities people name their chat's clock by (`/clock Москва`, `/clock New York`), each with
//! its IANA zone and its name in both languages; the settings menu offers [`MENU`]'s. Any
//! other zone is found by its IANA name or by the city in it (`Tokyo` is `Asia/Tokyo`): see
//! `zone_words`.

use crate::session::Lang;
use crate::view::text::tr;

/// A city: its zone, and its name in Russian and English (both are words `/clock` reads).
pub struct City {
    pub zone: &'static str,
    pub ru: &'static str,
    pub en: &'static str,
}

const fn c(zone: &'static str, ru: &'static str, en: &'static str) -> City {
    City { zone, ru, en }
}

/// Cities by name: every zone of Russia, the neighbours, and the world's office towns.
pub static CITIES: &[City] = &[
    c("Europe/Kaliningrad", "Калининград", "Kaliningrad"),
    c("Europe/Moscow", "Москва", "Moscow"),
    c("Europe/Samara", "Самара", "Samara"),
    c("Asia/Yekaterinburg", "Екатеринбург", "Yekaterinburg"),
    c("Asia/Omsk", "Омск", "Omsk"),
    c("Asia/Novosibirsk", "Новосибирск", "Novosibirsk"),
    c("Asia/Krasnoyarsk", "Красноярск", "Krasnoyarsk"),
    c("Asia/Irkutsk", "Иркутск", "Irkutsk"),
    c("Asia/Yakutsk", "Якутск", "Yakutsk"),
    c("Asia/Vladivostok", "Владивосток", "Vladivostok"),
    c("Asia/Magadan", "Магадан", "Magadan"),
    c("Asia/Kamchatka", "Камчатка", "Kamchatka"),
    c("Europe/Volgograd", "Волгоград", "Volgograd"),
    c("Europe/Saratov", "Саратов", "Saratov"),
    c("Europe/Ulyanovsk", "Ульяновск", "Ulyanovsk"),
    c("Europe/Astrakhan", "Астрахань", "Astrakhan"),
    c("Asia/Tomsk", "Томск", "Tomsk"),
    c("Asia/Barnaul", "Барнаул", "Barnaul"),
    c("Asia/Chita", "Чита", "Chita"),
    c("Asia/Sakhalin", "Сахалин", "Sakhalin"),
    c("Asia/Anadyr", "Анадырь", "Anadyr"),
    c("Europe/Minsk", "Минск", "Minsk"),
    c("Europe/Kyiv", "Киев", "Kyiv"),
    c("Europe/Chisinau", "Кишинёв", "Chisinau"),
    c("Europe/Riga", "Рига", "Riga"),
    c("Europe/Vilnius", "Вильнюс", "Vilnius"),
    c("Europe/Tallinn", "Таллин", "Tallinn"),
    c("Asia/Almaty", "Алматы", "Almaty"),
    c("Asia/Tashkent", "Ташкент", "Tashkent"),
    c("Asia/Bishkek", "Бишкек", "Bishkek"),
    c("Asia/Dushanbe", "Душанбе", "Dushanbe"),
    c("Asia/Tbilisi", "Тбилиси", "Tbilisi"),
    c("Asia/Yerevan", "Ереван", "Yerevan"),
    c("Asia/Baku", "Баку", "Baku"),
    c("Europe/London", "Лондон", "London"),
    c("Europe/Dublin", "Дублин", "Dublin"),
    c("Europe/Lisbon", "Лиссабон", "Lisbon"),
    c("Europe/Berlin", "Берлин", "Berlin"),
    c("Europe/Paris", "Париж", "Paris"),
    c("Europe/Amsterdam", "Амстердам", "Amsterdam"),
    c("Europe/Brussels", "Брюссель", "Brussels"),
    c("Europe/Vienna", "Вена", "Vienna"),
    c("Europe/Zurich", "Цюрих", "Zurich"),
    c("Europe/Prague", "Прага", "Prague"),
    c("Europe/Warsaw", "Варшава", "Warsaw"),
    c("Europe/Rome", "Рим", "Rome"),
    c("Europe/Madrid", "Мадрид", "Madrid"),
    c("Europe/Stockholm", "Стокгольм", "Stockholm"),
    c("Europe/Helsinki", "Хельсинки", "Helsinki"),
    c("Europe/Belgrade", "Белград", "Belgrade"),
    c("Europe/Budapest", "Будапешт", "Budapest"),
    c("Europe/Bucharest", "Бухарест", "Bucharest"),
    c("Europe/Sofia", "София", "Sofia"),
    c("Europe/Athens", "Афины", "Athens"),
    c("Europe/Istanbul", "Стамбул", "Istanbul"),
    c("Asia/Jerusalem", "Иерусалим", "Jerusalem"),
    c("Asia/Dubai", "Дубай", "Dubai"),
    c("Asia/Kolkata", "Дели", "Delhi"),
    c("Asia/Bangkok", "Бангкок", "Bangkok"),
    c("Asia/Singapore", "Сингапур", "Singapore"),
    c("Asia/Shanghai", "Пекин", "Beijing"),
    c("Asia/Hong_Kong", "Гонконг", "Hong Kong"),
    c("Asia/Seoul", "Сеул", "Seoul"),
    c("Asia/Tokyo", "Токио", "Tokyo"),
    c("Australia/Sydney", "Сидней", "Sydney"),
    c("America/New_York", "Нью-Йорк", "New York"),
    c("America/Toronto", "Торонто", "Toronto"),
    c("America/Chicago", "Чикаго", "Chicago"),
    c("America/Denver", "Денвер", "Denver"),
    c("America/Los_Angeles", "Лос-Анджелес", "Los Angeles"),
    c("America/Mexico_City", "Мехико", "Mexico City"),
    c("America/Sao_Paulo", "Сан-Паулу", "Sao Paulo"),
    c("America/Argentina/Buenos_Aires", "Буэнос-Айрес", "Buenos Aires"),
];

/// Other names people write for a city's zone (as [`key`] writes them).
pub static ALIASES: &[(&str, &str)] = &[
    ("мск", "Europe/Moscow"),
    ("msk", "Europe/Moscow"),
    ("питер", "Europe/Moscow"),
    ("спб", "Europe/Moscow"),
    ("петербург", "Europe/Moscow"),
    ("санкт петербург", "Europe/Moscow"),
    ("st petersburg", "Europe/Moscow"),
    ("saint petersburg", "Europe/Moscow"),
    ("petersburg", "Europe/Moscow"),
    ("казань", "Europe/Moscow"),
    ("kazan", "Europe/Moscow"),
    ("нижний новгород", "Europe/Moscow"),
    ("nizhny novgorod", "Europe/Moscow"),
    ("ростов на дону", "Europe/Moscow"),
    ("ростов", "Europe/Moscow"),
    ("краснодар", "Europe/Moscow"),
    ("сочи", "Europe/Moscow"),
    ("воронеж", "Europe/Moscow"),
    ("ярославль", "Europe/Moscow"),
    ("тула", "Europe/Moscow"),
    ("ижевск", "Europe/Samara"),
    ("ekaterinburg", "Asia/Yekaterinburg"),
    ("екб", "Asia/Yekaterinburg"),
    ("челябинск", "Asia/Yekaterinburg"),
    ("пермь", "Asia/Yekaterinburg"),
    ("уфа", "Asia/Yekaterinburg"),
    ("тюмень", "Asia/Yekaterinburg"),
    ("новокузнецк", "Asia/Novokuznetsk"),
    ("кемерово", "Asia/Novokuznetsk"),
    ("хабаровск", "Asia/Vladivostok"),
    ("khabarovsk", "Asia/Vladivostok"),
    ("южно сахалинск", "Asia/Sakhalin"),
    ("петропавловск камчатский", "Asia/Kamchatka"),
    ("киев", "Europe/Kyiv"),
    ("kiev", "Europe/Kyiv"),
    ("алма ата", "Asia/Almaty"),
    ("астана", "Asia/Almaty"),
    ("astana", "Asia/Almaty"),
    ("мюнхен", "Europe/Berlin"),
    ("munich", "Europe/Berlin"),
    ("франкфурт", "Europe/Berlin"),
    ("frankfurt", "Europe/Berlin"),
    ("гамбург", "Europe/Berlin"),
    ("hamburg", "Europe/Berlin"),
    ("тель авив", "Asia/Jerusalem"),
    ("tel aviv", "Asia/Jerusalem"),
    ("нью дели", "Asia/Kolkata"),
    ("new delhi", "Asia/Kolkata"),
    ("мумбаи", "Asia/Kolkata"),
    ("mumbai", "Asia/Kolkata"),
    ("бангалор", "Asia/Kolkata"),
    ("bangalore", "Asia/Kolkata"),
    ("шанхай", "Asia/Shanghai"),
    ("нью йорк", "America/New_York"),
    ("вашингтон", "America/New_York"),
    ("washington", "America/New_York"),
    ("бостон", "America/New_York"),
    ("boston", "America/New_York"),
    ("сан франциско", "America/Los_Angeles"),
    ("san francisco", "America/Los_Angeles"),
    ("сиэтл", "America/Los_Angeles"),
    ("seattle", "America/Los_Angeles"),
    ("лас вегас", "America/Los_Angeles"),
    ("las vegas", "America/Los_Angeles"),
];

/// The zones the settings menu offers, west to east (any other: `/clock`).
pub const MENU: [&str; 16] = [
    "America/Los_Angeles",
    "America/New_York",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Kaliningrad",
    "Europe/Moscow",
    "Europe/Samara",
    "Asia/Yekaterinburg",
    "Asia/Omsk",
    "Asia/Novosibirsk",
    "Asia/Irkutsk",
    "Asia/Yakutsk",
    "Asia/Vladivostok",
    "Asia/Sakhalin",
    "Asia/Kamchatka",
    "Asia/Tokyo",
];

/// A name as the tables hold it: lowercase, «ё» as «е», dashes, dots and underscores as
/// spaces, one space between words.
pub fn key(name: &str) -> String {
    let lower = name.to_lowercase().replace('ё', "е");
    let spaced: String =
        lower.chars().map(|ch| if matches!(ch, '-' | '_' | '.') { ' ' } else { ch }).collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The zone of a city named so (either language, or an alias).
pub fn zone_of_city(name: &str) -> Option<&'static str> {
    let k = key(name);
    let city = CITIES.iter().find(|c| key(c.ru) == k || key(c.en) == k).map(|c| c.zone);
    city.or_else(|| ALIASES.iter().find(|(alias, _)| *alias == k).map(|(_, zone)| *zone))
}

/// The city a zone is named after here, in `lang` («Берлин»); `None` for a zone without one.
pub fn city_name(zone: &str, lang: Lang) -> Option<&'static str> {
    CITIES.iter().find(|c| c.zone == zone).map(|c| tr(lang, c.ru, c.en))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::Zone;

    #[test]
    fn every_city_and_alias_is_a_zone_of_the_database() {
        let zones = CITIES.iter().map(|c| c.zone).chain(ALIASES.iter().map(|(_, z)| *z));
        for zone in zones.chain(MENU) {
            assert_eq!(Zone::named(zone).and_then(Zone::name), Some(zone), "{zone}");
        }
        for (alias, _) in ALIASES {
            assert_eq!(key(alias), *alias, "aliases are written as keys");
        }
        assert!(MENU.iter().all(|z| city_name(z, Lang::Ru).is_some()), "the menu names cities");
    }
}
