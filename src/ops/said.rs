//! Errors said once and plainly: a chain of causes printed without the repeats that each layer
//! adds by quoting its source, and a refused token named as such.

/// `e` and its causes on one line, each text once.
pub fn plainly(e: &anyhow::Error) -> String {
    for cause in e.chain() {
        if let Some(t) = cause.downcast_ref::<domino_telegram::Error>()
            && t.refused_token()
        {
            return "TELOXIDE_TOKEN was refused by Telegram (401)".into();
        }
        if let Some(d) = cause.downcast_ref::<domino_discord::Error>()
            && d.refused_token()
        {
            return "DISCORD_TOKEN was refused by Discord (401)".into();
        }
    }
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if text.is_empty() || out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plainly;

    #[test]
    fn each_cause_is_said_once() {
        let e = anyhow::anyhow!("role \"x\" does not exist")
            .context("database error: role \"x\" does not exist")
            .context("the store");
        assert_eq!(plainly(&e), "the store: database error: role \"x\" does not exist");
    }
}
