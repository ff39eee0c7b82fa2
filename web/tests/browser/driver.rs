//! A small WebDriver client (the W3C protocol over HTTP) for Debian's `chromedriver` driving
//! its headless `chromium`, with the flags that work on these machines (no network beyond
//! loopback): a new session, navigation, a script's value, a screenshot.

use base64::Engine;
use serde_json::{Value, json};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// A browser driven through chromedriver; both end when it is dropped.
pub struct Browser {
    driver: Child,
    http: reqwest::Client,
    session: String,
    url: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver on a free port and a headless Chromium session of `width`×`height`.
    pub async fn start(width: u32, height: u32) -> Browser {
        for bin in [CHROMEDRIVER, CHROMIUM] {
            assert!(
                std::path::Path::new(bin).exists(),
                "{bin} is missing: apt-get install -y chromium chromium-driver (.ci/run does)"
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let url = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(r) = http.get(format!("{url}/status")).send().await {
                let status: Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
                if status["value"]["ready"] == json!(true) {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "chromedriver answers within 30 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.path().display()),
            &format!("--window-size={width},{height}"),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let mut browser = Browser { driver, http, session: String::new(), url, _profile: profile };
        let made = browser.call("POST", "/session", caps).await;
        browser.session = made["sessionId"].as_str().expect("a session").to_owned();
        browser
    }

    async fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.url);
        let request = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self
                .http
                .post(url)
                .header("content-type", "application/json")
                .body(body.to_string()),
        };
        let text = request.send().await.expect("chromedriver answers").text().await.unwrap();
        let answer: Value = serde_json::from_str(&text).expect("JSON from chromedriver");
        assert!(answer["value"]["error"].is_null(), "{method} {path}: {answer}");
        answer["value"].clone()
    }

    fn at(&self, path: &str) -> String {
        format!("/session/{}{path}", self.session)
    }

    /// Loads `url` (returns once the page has loaded).
    pub async fn open(&self, url: &str) {
        self.call("POST", &self.at("/url"), json!({ "url": url })).await;
    }

    /// The value of `script` (a function body, `return …`) in the page.
    pub async fn eval(&self, script: &str) -> Value {
        self.call("POST", &self.at("/execute/sync"), json!({ "script": script, "args": [] })).await
    }

    /// A screenshot of the page as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        let shot = self.call("GET", &self.at("/screenshot"), Value::Null).await;
        base64::engine::general_purpose::STANDARD.decode(shot.as_str().unwrap()).unwrap()
    }

    /// Waits until `script` returns `true`, within `within`: how long it took.
    pub async fn until(&self, script: &str, within: Duration) -> Duration {
        let start = Instant::now();
        loop {
            if self.eval(script).await == json!(true) {
                return start.elapsed();
            }
            assert!(start.elapsed() < within, "not within {within:?}: {script}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Ends the session (the browser quits) and the driver.
    pub async fn quit(mut self) {
        let path = format!("/session/{}", self.session);
        self.call("DELETE", &path, Value::Null).await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
