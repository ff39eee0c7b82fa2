//! The real `domino` binary as a child process: its log lines read as they come, signalled
//! like a service manager does, and waited for.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Domino {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
}

/// A free loopback port (bound, then let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Domino {
    /// `domino run` with only these variables (and `PATH`), in `dir`.
    pub fn run(dir: &std::path::Path, vars: &[(&str, String)]) -> Domino {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_domino"));
        cmd.arg("run").current_dir(dir).env_clear();
        cmd.env("PATH", std::env::var("PATH").unwrap_or_default()).env("RUST_LOG", "info");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let stderr = child.stderr.take().unwrap();
        let kept = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                kept.lock().unwrap().push(line);
            }
        });
        Domino { child, lines }
    }

    pub fn log(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// Waits for a log line holding `what` (the test fails after `within`).
    pub async fn line(&self, what: &str, within: Duration) -> String {
        let end = Instant::now() + within;
        loop {
            if let Some(l) = self.lines.lock().unwrap().iter().find(|l| l.contains(what)) {
                return l.clone();
            }
            assert!(Instant::now() < end, "no line {what:?} within {within:?}:\n{}", self.log());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sends a signal by name ("TERM", "INT"), as `kill` does.
    pub fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill").args([&format!("-{name}"), &pid]).status().unwrap();
        assert!(ok.success(), "kill -{name} {pid}");
    }

    /// Waits for the process to end, `within` at most: its status and how long it took.
    pub async fn exit(&mut self, within: Duration) -> (ExitStatus, Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The last lines are read before they are looked at.
                tokio::time::sleep(Duration::from_millis(50)).await;
                return (status, start.elapsed());
            }
            assert!(start.elapsed() < within, "still running after {within:?}:\n{}", self.log());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Domino {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A plain HTTP GET on loopback: the status and the body.
pub async fn get(port: u16, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("the listener");
    let ask = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    s.write_all(ask.as_bytes()).await.unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).await.unwrap();
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_owned();
    (status, body)
}
