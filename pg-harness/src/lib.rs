//! A throwaway PostgreSQL server for tests, started from the installed binaries: `initdb` into a
//! temporary folder, `pg_ctl start` on a free loopback port with its socket in that folder. One
//! server per test binary ([`server`]), shared by its tests, each test with a database of its
//! own ([`PgServer::database`]). A watchdog process stops the server and removes the folder
//! when the test binary ends, however it ends (its pipe from the test binary closes).
//!
//! Where the binaries cannot be found or the server does not start, [`server`] panics with a
//! message that says what to install: the PostgreSQL tests fail, they never skip.
//!
//! The server runs with `fsync=off` (tests never survive a power loss), trust authentication
//! for user `postgres` on 127.0.0.1, and the C locale. As root, the server runs as the
//! `postgres` user (PostgreSQL refuses root) through `runuser`.

use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

/// A running server.
pub struct PgServer {
    port: u16,
    bin: PathBuf,
    dir: PathBuf,
    /// The watchdog's stdin: closed when the test binary exits, which stops the server.
    _watchdog: Mutex<(Child, ChildStdin)>,
}

static SERVER: OnceLock<PgServer> = OnceLock::new();
static DATABASES: AtomicU32 = AtomicU32::new(0);

/// The server of this test binary, started on first use.
pub fn server() -> &'static PgServer {
    SERVER.get_or_init(|| {
        PgServer::start().unwrap_or_else(|e| panic!("the PostgreSQL tests need a server: {e}"))
    })
}

impl PgServer {
    /// The loopback port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name` on this server (which may not exist yet).
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A name no other database of this server has, starting with `hint`.
    pub fn unique_name(&self, hint: &str) -> String {
        let n = DATABASES.fetch_add(1, Ordering::Relaxed);
        let hint: String = hint
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
            .take(40)
            .collect();
        format!("{hint}_{n}")
    }

    /// Creates a new empty database and returns its URL.
    pub fn database(&self, hint: &str) -> String {
        let name = self.unique_name(hint);
        let port = self.port.to_string();
        let out = Command::new(self.bin.join("createdb"))
            .args(["-h", "127.0.0.1", "-p", &port, "-U", "postgres", &name])
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("createdb did not run: {e}"));
        assert!(
            out.status.success(),
            "createdb {name} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.url(&name)
    }

    fn start() -> Result<PgServer, String> {
        let bin = find_binaries()?;
        let as_postgres = is_root();
        let dir = std::env::temp_dir().join(format!(
            "domino-pg-{}-{}",
            std::process::id(),
            SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.subsec_nanos())
        ));
        std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        // From here on the watchdog removes the folder, whatever happens.
        let (child, stdin) = watchdog(&bin, &dir, as_postgres)?;
        let watchdog = Mutex::new((child, stdin));
        if as_postgres {
            let (uid, gid) = postgres_user()?;
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
                .map_err(|e| format!("cannot give {} to postgres: {e}", dir.display()))?;
        }
        let data = dir.join("data");
        run(
            &bin,
            "initdb",
            as_postgres,
            &[
                "-D".as_ref(),
                data.as_os_str(),
                "-A".as_ref(),
                "trust".as_ref(),
                "-U".as_ref(),
                "postgres".as_ref(),
                "-E".as_ref(),
                "UTF8".as_ref(),
                "--locale=C".as_ref(),
                "--no-sync".as_ref(),
            ],
        )?;
        let mut last = String::new();
        for _ in 0..5 {
            let port = free_port()?;
            let options = format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400",
                dir.display()
            );
            let log = dir.join("log");
            let started = run(
                &bin,
                "pg_ctl",
                as_postgres,
                &[
                    "-D".as_ref(),
                    data.as_os_str(),
                    "-o".as_ref(),
                    options.as_ref(),
                    "-l".as_ref(),
                    log.as_os_str(),
                    "-w".as_ref(),
                    "-t".as_ref(),
                    "60".as_ref(),
                    "start".as_ref(),
                ],
            );
            match started {
                Ok(()) => return Ok(PgServer { port, bin, dir, _watchdog: watchdog }),
                Err(e) => {
                    let log = std::fs::read_to_string(&log).unwrap_or_default();
                    last = format!("{e}\n{log}");
                }
            }
        }
        Err(format!("the PostgreSQL test server did not start:\n{last}"))
    }

    /// The folder the server's data, socket and log are in (removed when the tests end).
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The folder holding `initdb` and `pg_ctl`: `PG_BIN` if set, else the newest
/// `/usr/lib/postgresql/*/bin` (Debian, Ubuntu), else `pg_config --bindir`, else `PATH`.
fn find_binaries() -> Result<PathBuf, String> {
    let has = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("PG_BIN") {
        let dir = PathBuf::from(dir);
        return if has(&dir) {
            Ok(dir)
        } else {
            Err(format!("PG_BIN={} holds no initdb and pg_ctl", dir.display()))
        };
    }
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, dir)| has(dir))
        .collect();
    debian.sort();
    if let Some((_, dir)) = debian.pop() {
        return Ok(dir);
    }
    let configured = Command::new("pg_config").arg("--bindir").output().ok();
    if let Some(out) = configured.filter(|o| o.status.success()) {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if has(&dir) {
            return Ok(dir);
        }
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).find(|d| has(d)).ok_or_else(|| {
        "PostgreSQL's server binaries (initdb, pg_ctl) were not found in PG_BIN, \
         /usr/lib/postgresql/*/bin, `pg_config --bindir` or PATH. The PostgreSQL tests need \
         them and do not skip: install PostgreSQL (Debian: `apt-get install -y postgresql`) or \
         set PG_BIN to the folder that holds them."
            .to_owned()
    })
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// The `postgres` user's uid and gid, from /etc/passwd.
fn postgres_user() -> Result<(u32, u32), String> {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.len() > 3 && f[0] == "postgres")
        .and_then(|f| Some((f[2].parse().ok()?, f[3].parse().ok()?)))
        .ok_or_else(|| {
            "running as root, and PostgreSQL refuses to run as root: a `postgres` user is \
             needed (installing PostgreSQL creates it)"
                .to_owned()
        })
}

/// Runs one of the server binaries (as `postgres` when we are root); its output is the error.
fn run(bin: &Path, tool: &str, as_postgres: bool, args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let mut cmd = if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(tool));
        c
    } else {
        Command::new(bin.join(tool))
    };
    let out = cmd
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{tool} did not run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{tool} failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// A process that waits for its stdin to close (the test binary ended), then stops the server
/// (if it started) and removes the folder.
fn watchdog(bin: &Path, dir: &Path, as_postgres: bool) -> Result<(Child, ChildStdin), String> {
    let pg_ctl = bin.join("pg_ctl");
    let stop = format!(
        "{}'{}' -D '{}/data' -m fast stop",
        if as_postgres { "runuser -u postgres -- " } else { "" },
        pg_ctl.display(),
        dir.display()
    );
    let script = format!(
        "cat >/dev/null; [ -f '{dir}/data/postmaster.pid' ] && {stop}; rm -rf '{dir}'",
        dir = dir.display()
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("the watchdog did not start: {e}"))?;
    let stdin = child.stdin.take().expect("a piped stdin");
    Ok((child, stdin))
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}
