//! `domino play`: a game in the terminal against computer players, through the same door as
//! the chats: the terminal is a private chat of one, its words are read by the chat layer's
//! grammar and its choices are the buttons the views draw. The easiest way to try the project
//! without a token.

use domino_core::chat::{
    Answer, Args as Words, Asker, ButtonAction, Change, Cmd, Door, Fed, Feed, Request, Show,
};
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::view::{render_hand, render_table};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// classic, kozel, morskoy, osel or telefon.
    #[arg(default_value = "kozel")]
    variant: String,
    /// Players at the table, you included (2-4; up to 8 in classic with a larger --set).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The set by its highest double: 6 (the default), 9, 12, 15 or 18 (classic only beyond 6).
    #[arg(long)]
    set: Option<u8>,
    /// Two pairs of partners (Kozel family, 4 players).
    #[arg(long)]
    pairs: bool,
    /// Computer players' strength: random, greedy or expert.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Language of the texts: ru or en.
    #[arg(long, default_value = "ru")]
    lang: String,
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

/// The terminal at its table: the door, who asks, what was told since the last prompt.
struct Terminal {
    door: Door,
    me: Asker,
    feed: Feed,
    told: Vec<String>,
}

impl Terminal {
    /// Asks; a refusal is an error (the terminal only makes requests it was offered).
    async fn ask(&mut self, request: Request) -> anyhow::Result<Answer> {
        let answer = self.door.handle(&self.me, request).await;
        self.told.extend(answer.shows.iter().filter_map(|s| Some(s.notice.as_ref()?.text.clone())));
        match (&answer.reply, answer.shows.is_empty() && answer.menu.is_none()) {
            (Some(r), true) if r.private => anyhow::bail!("{}", answer.text().unwrap_or("?")),
            _ => Ok(answer),
        }
    }

    /// Presses the settings menu's item whose change `pick` chooses.
    async fn set(&mut self, pick: impl Fn(&Change) -> bool) -> anyhow::Result<()> {
        let menu = self.ask(Request::Command(Cmd::Settings, Words::default())).await?;
        let menu = menu.menu.or(match menu.reply.map(|r| r.body) {
            Some(domino_core::chat::Body::Menu(m)) => Some(m),
            _ => None,
        });
        let item = menu
            .iter()
            .flat_map(|m| m.controls.iter().flat_map(|c| &c.items))
            .find(|i| pick(&i.press.change))
            .ok_or_else(|| anyhow::anyhow!("no such setting"))?;
        self.ask(Request::press(item.press.encode())).await.map(drop)
    }

    /// The table once the computers have moved: the next time it is this person's turn, or
    /// the match is over.
    async fn settled(&mut self, mut show: Show) -> Show {
        let me = &self.me.person.id;
        while show.table.playing && !show.hand_of(me).is_some_and(|h| h.your_turn) {
            match self.feed.next().await {
                Some(Fed::Changed(c)) if c.table() == show.table.id => {
                    show = self.door.show_changed(&c).await;
                    self.told.extend(show.notice.as_ref().map(|n| n.text.clone()));
                }
                Some(_) => {}
                None => break,
            }
        }
        self.door.show(show.table.id).await.unwrap_or(show)
    }
}

async fn play(args: Args) -> anyhow::Result<()> {
    let lang = Lang::from_key(&args.lang)
        .ok_or_else(|| anyhow::anyhow!("unknown language {:?} (ru, en)", args.lang))?;
    if !["random", "greedy", "expert"].contains(&args.level.as_str()) {
        anyhow::bail!("unknown level {:?} (random, greedy, expert)", args.level);
    }
    let mut words = Words { game: Some(args.variant.parse()?), ..Words::default() };
    words.players = Some(args.players);
    if let Some(set) = args.set {
        words.options.insert("set".into(), serde_json::json!(set));
    }
    if args.pairs {
        words.set_pairs();
    }
    let door = Door::in_memory().await?;
    let you = if lang == Lang::Ru { "Вы" } else { "You" };
    let me = Asker {
        private: true,
        lang: Some(lang),
        ..Asker::member(
            ChatId::new(Platform::Terminal, "terminal"),
            Person::new(UserId::new(Platform::Terminal, "you"), you),
        )
    };
    // The computers move after a short pause each, as in the chats; their moves come here.
    let feed = door.feed(Platform::Terminal);
    let mut t = Terminal { door, me, feed, told: Vec::new() };
    t.set(|c| matches!(c, Change::Lang(l) if *l == lang)).await?;
    t.set(|c| matches!(c, Change::Level(l) if l.key() == args.level)).await?;
    t.told.clear();
    let opened = t.ask(Request::Command(Cmd::New, words)).await?;
    let lobby = opened.shows.into_iter().next().ok_or_else(|| anyhow::anyhow!("no table"))?;
    let started = t.ask(Request::press(button(&lobby, ButtonAction::Start)?)).await?;
    let mut show = match started.shows.first() {
        Some(show) => t.settled(show.clone()).await,
        None => anyhow::bail!("{}", started.text().unwrap_or("the match did not start")),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let mut out = std::io::stdout().lock();
        for n in t.told.drain(..) {
            writeln!(out, "» {n}")?;
        }
        writeln!(out, "\n{}", render_table(&show.view))?;
        let Some(hand) = show.hand_of(&t.me.person.id).filter(|_| show.table.playing) else {
            return Ok(());
        };
        writeln!(out, "\n{}", render_hand(hand))?;
        let moves: Vec<_> = hand
            .buttons
            .iter()
            .flatten()
            .filter(|(_, b)| matches!(b.action, ButtonAction::Move(_)))
            .collect();
        for (i, (label, _)) in moves.iter().enumerate() {
            writeln!(out, "  {}) {label}", i + 1)?;
        }
        let prompt = if lang == Lang::Ru {
            "Ваш ход (номер, r — сдаться, q — выйти)"
        } else {
            "Your move (number, r to resign, q to quit)"
        };
        write!(out, "{prompt}: ")?;
        out.flush()?;
        drop(out);
        let Some(line) = lines.next().transpose()? else { return Ok(()) };
        let data = match line.trim() {
            "q" => return Ok(()),
            "r" => button(&show, ButtonAction::Resign)?,
            n => match n.parse::<usize>().ok().and_then(|i| moves.get(i.wrapping_sub(1))) {
                Some((_, data)) => data.encode(),
                None => {
                    println!("?");
                    continue;
                }
            },
        };
        let answer = t.door.handle(&t.me, Request::press(data)).await;
        match answer.shows.first() {
            Some(next) => {
                t.told.extend(next.notice.as_ref().map(|n| n.text.clone()));
                show = t.settled(next.clone()).await;
            }
            None => println!("{}", answer.text().unwrap_or("?")),
        }
    }
}

/// The data of the table's button for `action`.
fn button(show: &Show, action: ButtonAction) -> anyhow::Result<String> {
    let found = show.view.buttons.iter().flatten().find(|(_, b)| b.action == action);
    found.map(|(_, b)| b.encode()).ok_or_else(|| anyhow::anyhow!("no {action:?} button"))
}
