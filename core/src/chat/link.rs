//! Deep links into the private chat with the bot (Telegram's `t.me/<bot>?start=<payload>`,
//! up to 64 of `A-Za-z0-9_-`): `j<table>` joins a table (and opens the private chat where the
//! hand will live), `h<table>` (re)sends one's hand there.

/// What a deep link asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    Join(i64),
    Hand(i64),
}

impl Link {
    pub fn encode(self) -> String {
        let (tag, id) = match self {
            Link::Join(id) => ('j', id),
            Link::Hand(id) => ('h', id),
        };
        format!("{tag}{}", base36(id.unsigned_abs()))
    }

    pub fn decode(s: &str) -> Option<Link> {
        if s.len() > 64 || s.len() < 2 || !s.is_ascii() {
            return None;
        }
        let (tag, rest) = s.split_at(1);
        if rest.starts_with('0')
            || !rest.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
        {
            return None;
        }
        let id = i64::from_str_radix(rest, 36).ok()?;
        match tag {
            "j" => Some(Link::Join(id)),
            "h" => Some(Link::Hand(id)),
            _ => None,
        }
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_read_back_and_nothing_else_does() {
        for p in [Link::Join(1), Link::Hand(36), Link::Join(i64::MAX)] {
            let s = p.encode();
            assert!(s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric()));
            assert_eq!(Link::decode(&s), Some(p));
        }
        for bad in ["", "j", "x1", "j01", "jA", "j-1", "h1 ", "jzzzzzzzzzzzzzzzzzzzz"] {
            assert_eq!(Link::decode(bad), None, "{bad:?}");
        }
    }
}
