//! `domino play` in a pseudo-terminal, as a person plays it: seeded games against the greedy
//! computer, every answer typed at the prompt, the screen read as it comes.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a screen may take to show what is awaited (a bound, never a pause).
const PATIENCE: Duration = Duration::from_secs(60);

/// The program on the far side of a pseudo-terminal: what it printed so far, and where the
/// test has read up to.
struct Screen {
    child: Child,
    keys: File,
    seen: Arc<(Mutex<String>, Condvar)>,
    read_to: usize,
}

impl Screen {
    fn start(args: &[&str], locale: &str) -> Screen {
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty writes two new descriptors on success; nothing else is passed.
        let opened = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(opened, 0, "a pseudo-terminal");
        // SAFETY: both descriptors were just opened and are owned here alone.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut command = Command::new(env!("CARGO_BIN_EXE_domino"));
        command
            .args(args)
            .env_remove("LC_ALL")
            .env("LANG", locale)
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        let child = command.spawn().expect("the binary runs");
        drop(command);
        let keys = File::from(master.try_clone().unwrap());
        let seen = Arc::new((Mutex::new(String::new()), Condvar::new()));
        let shared = Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut screen = File::from(master);
            let mut buf = [0u8; 4096];
            // Past the program's end the pseudo-terminal reads as an error (EIO): the end.
            while let Ok(n @ 1..) = screen.read(&mut buf) {
                let (text, changed) = &*shared;
                text.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
                changed.notify_all();
            }
        });
        Screen { child, keys, seen, read_to: 0 }
    }

    /// Waits until one of `wanted` shows after what was read; returns which, and the screen
    /// up to its end (marked read).
    fn expect_any(&mut self, wanted: &[&str]) -> (usize, String) {
        let deadline = Instant::now() + PATIENCE;
        let (text, changed) = &*self.seen;
        let mut guard = text.lock().unwrap();
        loop {
            let fresh = &guard[self.read_to..];
            let found = wanted.iter().enumerate().filter_map(|(i, w)| Some((fresh.find(w)?, i)));
            if let Some((at, i)) = found.min() {
                let end = self.read_to + at + wanted[i].len();
                let screen = guard[self.read_to..end].to_owned();
                self.read_to = end;
                return (i, screen);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "none of {wanted:?} in:\n{fresh}");
            guard = changed.wait_timeout(guard, left).unwrap().0;
        }
    }

    fn expect(&mut self, wanted: &str) -> String {
        self.expect_any(&[wanted]).1
    }

    fn type_line(&mut self, line: &str) {
        self.keys.write_all(format!("{line}\n").as_bytes()).unwrap();
    }

    fn exit_code(mut self) -> Option<i32> {
        self.child.wait().unwrap().code()
    }
}

#[test]
fn a_match_in_english_from_the_first_wrong_answer_to_again() {
    let args = ["play", "goat", "--level", "greedy", "--pause-ms", "0", "--seed", "7", "--hints"];
    let mut s = Screen::start(&args, "en_US.UTF-8");
    let first = s.expect("Your move (");
    assert!(first.contains("Your tiles:") && first.contains("  1) "), "{first}");
    assert!(!first.contains("My tiles") && !first.contains("Press"), "no button talk: {first}");
    for wrong in ["0", "abc", "99", "", "help"] {
        s.type_line(wrong);
        let told = s.expect("Your move (");
        assert!(told.contains("Type a move's number (1"), "{wrong:?}: {told}");
        assert!(told.contains("h for a hint, r to resign, q to quit"), "{told}");
        assert!(!told.contains("Your tiles:"), "the table is not printed again: {told}");
    }
    // The lead is forced here (one move); at the next turn the expert has a choice to make.
    s.type_line("h");
    s.expect("No hint is needed here: there is one move.");
    s.type_line("1");
    let next = s.expect("Your move (1-");
    assert!(next.contains("  You: [1|1] lead") && next.contains("  🤖 Computer: "), "{next}");
    s.type_line("h");
    s.expect("💡 The expert suggests: ");
    let hinted = s.expect("\n");
    let number = hinted.split(')').next().and_then(|n| n.parse::<usize>().ok());
    assert!(number.is_some_and(|n| (1..=4).contains(&n)), "a move by its number: {hinted:?}");
    s.type_line("r");
    s.expect("Resign the match? (y/n): ");
    s.type_line("maybe");
    s.expect("Answer y (yes) or n (no).");
    s.type_line("n");
    s.expect("Playing on.");
    // Play the first move offered until the match ends.
    let mut played = String::new();
    loop {
        let (which, screen) = s.expect_any(&["Your move (", "Play again? (y/n): "]);
        played.push_str(&screen);
        if which == 1 {
            break;
        }
        s.type_line("1");
    }
    assert!(played.contains("  🤖 Computer: "), "the computer's moves are told");
    assert!(played.contains("The round is over."), "{played}");
    assert!(played.contains("Tiles left in hand:") && played.contains("Last move: "));
    assert!(played.contains("The match is over") || played.contains("goat"), "{played}");
    assert!(!played.contains("My tiles"), "no button talk");
    s.type_line("y");
    s.expect("Your move (");
    s.type_line("q");
    s.expect("Goodbye!");
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn russian_from_the_locale_pairs_seat_four_and_a_resignation_ends_the_match() {
    let args = ["play", "козёл", "--pairs", "--level", "greedy", "--pause-ms", "0", "--seed", "3"];
    let mut s = Screen::start(&args, "ru_RU.UTF-8");
    let first = s.expect("Ваш ход (");
    assert!(first.contains("Ваши кости:"), "{first}");
    assert!(
        first.contains("🔵 3. 🤖 Компьютер 3") && first.contains("🔴 4. 🤖"),
        "four seats: {first}"
    );
    s.type_line("h");
    s.expect("Подсказки выключены: запустите с --hints.");
    s.type_line("r");
    s.expect("Сдать матч? (y/n): ");
    s.type_line("д");
    let ended = s.expect("Ещё партию? (y/n): ");
    assert!(ended.contains("Матч окончен") || ended.contains("матч окончен"), "{ended}");
    assert!(!ended.contains("Мои кости"), "no button talk: {ended}");
    s.type_line("n");
    s.expect("До встречи!");
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn an_unknown_game_is_named_with_the_games_there_are() {
    let mut s = Screen::start(&["play", "checkers"], "en_US.UTF-8");
    let told = s.expect("telefon (telephone)");
    assert!(told.contains("Unknown game «checkers»"), "{told}");
    assert!(told.contains("kozel (goat)"), "{told}");
    assert_eq!(s.exit_code(), Some(2));
}
