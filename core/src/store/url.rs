//! A database URL as it may be shown or logged: every password in it hidden.

/// What a hidden password is shown as.
const HIDDEN: &str = "***";

/// `url` with its passwords replaced by `***`: the one in the user info (`user:pw@host`, also
/// when the password holds `@`, `/` or percent-escapes, and when there is no user) and the
/// value of every query parameter whose name holds `password` (`?password=…`,
/// `&sslpassword=…`). Everything else is kept, so the URL still says where the database is.
/// A text that is no URL (a SQLite file's path) is shown as it is.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return hide_query(url) };
    // The user info ends at the last `@` before the query (a password may hold `@` or `/`).
    let query_at = rest.find('?').unwrap_or(rest.len());
    let at = rest[..query_at].rfind('@').or_else(|| {
        // A password with a raw `?` (`u:pa?ss@host`): the authority holds no path, a `:`
        // and, further on, an `@`. Hidden, at the cost of hiding too much in a stranger URL.
        let head = &rest[..query_at];
        (!head.contains('/') && head.contains(':')).then(|| rest.rfind('@')).flatten()
    });
    let (user_info, host) = match at {
        Some(at) => (Some(&rest[..at]), &rest[at + 1..]),
        None => (None, rest),
    };
    let shown_user = match user_info {
        Some(info) => match info.split_once(':') {
            Some((user, _)) => format!("{user}:{HIDDEN}@"),
            None => format!("{info}@"),
        },
        None => String::new(),
    };
    format!("{scheme}://{shown_user}{}", hide_query(host))
}

/// `text` with the value of every query parameter named like a password hidden.
fn hide_query(text: &str) -> String {
    let Some((before, query)) = text.split_once('?') else { return text.to_owned() };
    let (query, fragment) = match query.split_once('#') {
        Some((q, f)) => (q, Some(f)),
        None => (query, None),
    };
    let params: Vec<String> = query
        .split('&')
        .map(|param| match param.split_once('=') {
            Some((key, _)) if key.to_ascii_lowercase().contains("password") => {
                format!("{key}={HIDDEN}")
            }
            _ => param.to_owned(),
        })
        .collect();
    let mut out = format!("{before}?{}", params.join("&"));
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn every_form_of_password_is_hidden() {
        let cases = [
            ("postgres://u:pw@h/db", "postgres://u:***@h/db"),
            ("postgresql://u:pw@h:5432/db", "postgresql://u:***@h:5432/db"),
            // `@`, `/`, `:` and a raw `?` inside the password.
            ("postgres://u:p@ss@h/db", "postgres://u:***@h/db"),
            ("postgres://u:p/ss@h/db", "postgres://u:***@h/db"),
            ("postgres://u:a:b@h/db", "postgres://u:***@h/db"),
            ("postgres://u:pa?ss@h/db", "postgres://u:***@h/db"),
            // Percent-encoded, and no user at all.
            ("postgres://u:p%40ss%2Fw@h/db", "postgres://u:***@h/db"),
            ("postgres://:pw@h/db", "postgres://:***@h/db"),
            // In the query, alone or among others, in either case, with a fragment.
            ("postgres://h/db?password=pw", "postgres://h/db?password=***"),
            (
                "postgres://u@h/db?sslmode=require&PASSWORD=p@w&application_name=x",
                "postgres://u@h/db?sslmode=require&PASSWORD=***&application_name=x",
            ),
            ("postgres://h/db?user=u&sslpassword=k#f", "postgres://h/db?user=u&sslpassword=***#f"),
            ("postgres://u:pw@h/db?password=pw", "postgres://u:***@h/db?password=***"),
        ];
        for (url, shown) in cases {
            assert_eq!(redacted(url), shown, "{url}");
        }
    }

    #[test]
    fn a_url_without_a_password_is_shown_whole() {
        for url in [
            "postgres://u@h/db",
            "postgres://h/db",
            "postgres://h:5432/db?sslmode=disable",
            "sqlite://domino.db",
            "sqlite://domino.db?mode=rwc",
            "/var/lib/domino/domino.db",
            "",
        ] {
            assert_eq!(redacted(url), url);
        }
    }
}
