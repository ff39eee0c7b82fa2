//! The terminal at its table: the door, who asks, the lines typed and what is printed. The
//! terminal is a private chat of one; it only makes requests the views offered.

use super::texts;
use domino_core::chat::{
    Answer, Args as Words, Asker, Body, ButtonAction, Change, Cmd, Door, Ending, Fed, Feed, Page,
    Request, Show,
};
use domino_core::ids::Lang;
use std::io::{BufRead, Write};

pub struct Terminal {
    pub door: Door,
    pub me: Asker,
    pub feed: Feed,
    pub lang: Lang,
    pub input: Box<dyn BufRead>,
    pub out: Box<dyn Write>,
}

impl Terminal {
    /// Asks; a refusal is an error (the terminal only makes requests it was offered).
    pub async fn ask(&mut self, request: Request) -> anyhow::Result<Answer> {
        let answer = self.door.handle(&self.me, request).await;
        match (&answer.reply, answer.shows.is_empty() && answer.menu.is_none()) {
            (Some(r), true) if r.private => anyhow::bail!("{}", answer.text().unwrap_or("?")),
            _ => Ok(answer),
        }
    }

    /// Presses the settings menu's item whose change `pick` chooses.
    pub async fn set(&mut self, pick: impl Fn(&Change) -> bool) -> anyhow::Result<()> {
        let menu_of = |answer: Answer| {
            answer.menu.or(match answer.reply.map(|r| r.body) {
                Some(Body::Menu(m)) => Some(m),
                _ => None,
            })
        };
        let mut menu = menu_of(self.ask(Request::Command(Cmd::Settings, Words::default())).await?);
        for _ in 0..2 {
            let items = menu.iter().flat_map(|m| m.controls.iter().flat_map(|c| &c.items));
            if let Some(item) = items.clone().find(|i| pick(&i.press.change)) {
                return self.ask(Request::press(item.press.encode())).await.map(drop);
            }
            // Not on the first page: on the page of more settings, a press away.
            let more = menu.iter().flat_map(|m| &m.nav).find(|i| i.press.page == Page::More);
            let Some(more) = more.map(|i| i.press.encode()) else { break };
            menu = menu_of(self.ask(Request::press(more)).await?);
        }
        anyhow::bail!("no such setting")
    }

    /// Writes a line.
    pub fn say(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Asks `question` and reads the answer; `None` at the end of the input.
    pub fn read(&mut self, question: &str) -> anyhow::Result<Option<String>> {
        write!(self.out, "{question}")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim().to_owned()))
    }

    /// A yes-or-no question, asked again until answered; `None` at the end of the input.
    pub fn yes(&mut self, question: &str) -> anyhow::Result<Option<bool>> {
        loop {
            let Some(answer) = self.read(question)? else { return Ok(None) };
            if texts::is_yes(&answer) {
                return Ok(Some(true));
            }
            if texts::is_no(&answer) {
                return Ok(Some(false));
            }
            self.say(texts::yes_or_no(self.lang))?;
        }
    }

    /// Tells what `show` brought: its notice, or the move it made, and at a round's end the
    /// last move and every hand.
    pub fn tell(&mut self, show: &Show) -> anyhow::Result<()> {
        // Each move on a line; the same move again and again (draws) once, counted.
        let mut i = 0;
        while i < show.moves.len() {
            let same = show.moves[i..].iter().take_while(|m| **m == show.moves[i]).count();
            let times = if same > 1 { format!(" (×{same})") } else { String::new() };
            self.say(&format!("  {}{times}", show.moves[i]))?;
            i += same;
        }
        if let Some(n) = &show.notice {
            self.say(&format!("» {}", n.text))?;
        }
        if show.ending.is_some()
            && let Some(hands) = show.round_hands()
        {
            if show.ending != Some(Ending::Match) {
                self.say(texts::round_over(self.lang))?;
            }
            self.say(&hands)?;
            self.say("")?;
        }
        Ok(())
    }

    /// The table once the computers have moved, each move told as it comes: the next time it
    /// is this person's turn, or the match is over.
    pub async fn settled(&mut self, mut show: Show) -> anyhow::Result<Show> {
        let me = self.me.person.id.clone();
        while show.table.playing && !show.hand_of(&me).is_some_and(|h| h.your_turn) {
            match self.feed.next().await {
                Some(Fed::Changed(c)) if c.table() == show.table.id => {
                    show = self.door.show_changed(&c).await;
                    self.tell(&show)?;
                }
                Some(Fed::Missed(_)) => {
                    let Some(now) = self.door.show(show.table.id).await else { break };
                    show = now;
                }
                Some(_) => {}
                None => break,
            }
        }
        Ok(self.door.show(show.table.id).await.unwrap_or(show))
    }

    /// Presses `data` and tells what it did; the table once the computers have moved.
    pub async fn press(&mut self, show: &Show, data: String) -> anyhow::Result<Show> {
        let answer = self.door.handle(&self.me, Request::press(data)).await;
        match answer.shows.first().cloned() {
            Some(next) => {
                self.tell(&next)?;
                self.settled(next).await
            }
            None => {
                self.say(answer.text().unwrap_or("?"))?;
                Ok(show.clone())
            }
        }
    }
}

/// The data of the table's button for `action`.
pub fn button(show: &Show, action: ButtonAction) -> anyhow::Result<String> {
    let found = show.view.buttons.iter().flatten().find(|(_, b)| b.action == action);
    found.map(|(_, b)| b.encode()).ok_or_else(|| anyhow::anyhow!("no {action:?} button"))
}
