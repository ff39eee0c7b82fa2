//! `domino play`: a game in the terminal against computer players, through the same door as
//! the chats: the terminal is a private chat of one, its words are read by the chat layer's
//! grammar and its choices are the buttons the views draw. The easiest way to try the project
//! without a token.
//!
//! The computers' moves are told as they are made (`--pause-ms` apart), a round's end with
//! its last move and every hand; an answer that is no move is told what is allowed; resigning
//! asks first; `--hints` lets the expert suggest a move; at the match's end, another?

mod terminal;
mod texts;

use domino_core::chat::{Args as Words, Asker, ButtonAction, Change, Cmd, Door, Request, Show};
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::view::{HandView, render_table};
use std::process::ExitCode;
use std::time::Duration;
use terminal::{Terminal, button};

#[derive(clap::Args)]
pub struct Args {
    /// The game, by any of its names: classic (traditional, domino), kozel (goat, козёл),
    /// morskoy (sea goat, морской), osel (donkey, осёл) or telefon (telephone, телефон).
    #[arg(default_value = "kozel")]
    variant: String,
    /// Players at the table, you included: 2 (4 with --pairs) unless given; up to 4, or 8 in
    /// classic with a larger --set.
    #[arg(long)]
    players: Option<u8>,
    /// The set by its highest double: 6 (the default), 9, 12, 15 or 18 (classic only beyond 6).
    #[arg(long)]
    set: Option<u8>,
    /// Two pairs of partners (Kozel family): four players, you and the computer opposite you
    /// against two computers.
    #[arg(long)]
    pairs: bool,
    /// Computer players' strength: random, greedy or expert.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Language of the texts, ru or en; by default the locale's (LC_ALL, then LANG): Russian
    /// when it starts with "ru", English otherwise.
    #[arg(long)]
    lang: Option<String>,
    /// Milliseconds before each computer move (0: at once).
    #[arg(long, default_value_t = 500)]
    pause_ms: u64,
    /// The expert suggests a move when you type h.
    #[arg(long)]
    hints: bool,
    /// Deal from this seed: the same seed and answers play the same game (with the random or
    /// greedy computers; the expert thinks against the clock).
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: Args) -> ExitCode {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match rt.block_on(play(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino play: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// What a person typed at their turn.
#[derive(Debug, PartialEq, Eq)]
enum Typed {
    Move(usize),
    Hint,
    Resign,
    Quit,
    Other,
}

fn typed(line: &str, moves: usize) -> Typed {
    match line.trim().to_lowercase().as_str() {
        "q" | "quit" | "exit" | "в" | "выйти" => Typed::Quit,
        "r" | "resign" | "с" | "сдаться" => Typed::Resign,
        "h" | "hint" | "п" | "подсказка" => Typed::Hint,
        n => match n.parse::<usize>() {
            Ok(i) if (1..=moves).contains(&i) => Typed::Move(i - 1),
            _ => Typed::Other,
        },
    }
}

/// The game as asked for on the command line, read by the chat's own words.
fn words(args: &Args, lang: Lang) -> anyhow::Result<Words> {
    let game = domino_core::chat::variant_word(&args.variant)
        .ok_or_else(|| anyhow::anyhow!(domino_core::chat::unknown_game(lang, &args.variant)))?;
    let mut words = Words { game: Some(game), ..Words::default() };
    words.players = Some(args.players.unwrap_or(if args.pairs { 4 } else { 2 }));
    if let Some(set) = args.set {
        words.options.insert("set".into(), serde_json::json!(set));
    }
    if args.pairs {
        words.set_pairs();
    }
    Ok(words)
}

async fn play(args: Args) -> anyhow::Result<()> {
    let lang = match &args.lang {
        Some(key) => Lang::from_key(key).ok_or_else(|| anyhow::anyhow!(texts::bad_lang(key)))?,
        None => texts::locale_lang(
            std::env::var("LC_ALL").ok().as_deref(),
            std::env::var("LANG").ok().as_deref(),
        ),
    };
    if !["random", "greedy", "expert"].contains(&args.level.as_str()) {
        anyhow::bail!(texts::bad_level(lang, &args.level));
    }
    let words = words(&args, lang)?;
    let door = Door::in_memory_with(args.seed, Duration::from_millis(args.pause_ms)).await?;
    let me = Asker {
        private: true,
        lang: Some(lang),
        ..Asker::member(
            ChatId::new(Platform::Terminal, "terminal"),
            Person::new(UserId::new(Platform::Terminal, "you"), texts::you(lang)),
        )
    };
    let feed = door.feed(Platform::Terminal);
    let input = Box::new(std::io::BufReader::new(std::io::stdin()));
    let mut t = Terminal { door, me, feed, lang, input, out: Box::new(std::io::stdout()) };
    t.set(|c| matches!(c, Change::Lang(l) if *l == lang)).await?;
    t.set(|c| matches!(c, Change::Level(l) if l.key() == args.level)).await?;
    // Nobody is hurried at a terminal: no turn timer (where the menu offers it).
    let _ = t.set(|c| matches!(c, Change::Timer(None))).await;
    if args.hints {
        t.set(|c| matches!(c, Change::Hints(true))).await?;
    }
    loop {
        if !one_match(&mut t, words.clone(), args.hints).await? {
            break;
        }
        match t.yes(texts::again_question(lang))? {
            Some(true) => continue,
            _ => break,
        }
    }
    t.say(texts::goodbye(lang))
}

/// One match, from its opening to its end; `false` when the person quits.
async fn one_match(t: &mut Terminal, words: Words, hints: bool) -> anyhow::Result<bool> {
    let lang = t.lang;
    let opened = t.ask(Request::Command(Cmd::New, words)).await?;
    let lobby = opened.shows.into_iter().next().ok_or_else(|| anyhow::anyhow!("no table"))?;
    let started = t.ask(Request::press(button(&lobby, ButtonAction::Start)?)).await?;
    let Some(first) = started.shows.first().cloned() else {
        anyhow::bail!("{}", started.text().unwrap_or("the match did not start"));
    };
    // The chats' notice of the start speaks of buttons: the terminal says its own.
    t.say(&texts::opening(lang, &first.view.title, hints))?;
    let mut show = t.settled(first).await?;
    loop {
        // The table's line on hints speaks of a button: the prompt says how to ask instead.
        let view = domino_core::view::TableView { hints: false, ..show.view.clone() };
        t.say(&format!("\n{}", render_table(&view)))?;
        let me = t.me.person.id.clone();
        let Some(hand) = show.hand_of(&me).filter(|_| show.table.playing).cloned() else {
            return Ok(true);
        };
        match turn(t, &show, &hand, hints).await? {
            Some(next) => show = next,
            None => return Ok(false),
        }
    }
}

/// The person's turn: their hand and moves, and what they type until it is a move (or a
/// resignation); the table after it, `None` when they quit.
async fn turn(
    t: &mut Terminal,
    show: &Show,
    hand: &HandView,
    hints: bool,
) -> anyhow::Result<Option<Show>> {
    let lang = t.lang;
    let tiles: Vec<String> =
        hand.tiles.iter().map(|x| format!("[{}|{}]", x.high(), x.low())).collect();
    t.say(&format!("\n🎴 {} {}", texts::your_tiles(lang), tiles.join(" ")))?;
    let moves: Vec<_> = hand
        .buttons
        .iter()
        .flatten()
        .filter(|(_, b)| matches!(b.action, ButtonAction::Move(_)))
        .map(|(label, b)| (label.clone(), b.encode()))
        .collect();
    for (i, (label, _)) in moves.iter().enumerate() {
        t.say(&format!("  {}) {label}", i + 1))?;
    }
    loop {
        let Some(line) = t.read(&texts::prompt(lang, moves.len(), hints))? else {
            return Ok(None);
        };
        match typed(&line, moves.len()) {
            Typed::Quit => return Ok(None),
            Typed::Move(i) => return t.press(show, moves[i].1.clone()).await.map(Some),
            Typed::Resign => match t.yes(texts::resign_question(lang))? {
                Some(true) => {
                    let data = button(show, ButtonAction::Resign)?;
                    return t.press(show, data).await.map(Some);
                }
                Some(false) => t.say(texts::play_on(lang))?,
                None => return Ok(None),
            },
            Typed::Hint if !hints => t.say(texts::no_hints(lang))?,
            Typed::Hint => hint(t, hand, &moves).await?,
            Typed::Other => t.say(&texts::allowed(lang, &line, moves.len(), hints))?,
        }
    }
}

/// The expert's hint for this move, by the number it is typed with.
async fn hint(t: &mut Terminal, hand: &HandView, moves: &[(String, String)]) -> anyhow::Result<()> {
    let lang = t.lang;
    let pressed = hand.buttons.iter().flatten().find(|(_, b)| b.action == ButtonAction::Hint);
    let Some((_, data)) = pressed else { return t.say(texts::no_hint_now(lang)) };
    let answer = t.door.handle(&t.me, Request::press(data.encode())).await;
    let me = t.me.person.id.clone();
    let hinted = answer.shows.iter().find_map(|s| s.hand_of(&me)?.hint.clone());
    match hinted {
        Some(label) => {
            let number = moves.iter().position(|(l, _)| l.contains(&label) || label.contains(l));
            t.say(&texts::hint(lang, &label, number.map(|n| n + 1)))
        }
        None => t.say(answer.text().unwrap_or("?")),
    }
}

#[cfg(test)]
mod tests {
    use super::{Typed, texts, typed};
    use domino_core::ids::Lang;

    #[test]
    fn what_is_typed_is_read_and_the_rest_is_other() {
        let cases = [
            ("1", Typed::Move(0)),
            (" 3 ", Typed::Move(2)),
            ("0", Typed::Other),
            ("4", Typed::Other),
            ("99", Typed::Other),
            ("abc", Typed::Other),
            ("", Typed::Other),
            ("help", Typed::Other),
            ("r", Typed::Resign),
            ("Q", Typed::Quit),
            ("h", Typed::Hint),
            ("подсказка", Typed::Hint),
        ];
        for (line, expected) in cases {
            assert_eq!(typed(line, 3), expected, "{line:?}");
        }
    }

    #[test]
    fn the_locale_chooses_the_language() {
        let cases = [
            (None, None, Lang::En),
            (None, Some("ru_RU.UTF-8"), Lang::Ru),
            (Some(""), Some("ru_RU.UTF-8"), Lang::Ru),
            (Some("en_US.UTF-8"), Some("ru_RU.UTF-8"), Lang::En),
            (Some("ru_UA.UTF-8"), Some("C"), Lang::Ru),
            (None, Some("C.UTF-8"), Lang::En),
            (None, Some("de_DE"), Lang::En),
        ];
        for (lc_all, lang, expected) in cases {
            assert_eq!(texts::locale_lang(lc_all, lang), expected, "{lc_all:?} {lang:?}");
        }
    }
}
