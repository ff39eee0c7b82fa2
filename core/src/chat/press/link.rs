//! Deep links into the private chat with the bot (Telegram's `t.me/<bot>?start=<payload>`,
//! up to 64 of `A-Za-z0-9_-`): `j<table>_<mac>` joins a table (and opens the private chat where
//! the hand will live), `h<table>_<mac>` (re)sends one's hand there; the table id in base 36,
//! `-` first when negative. The mac is an HMAC-SHA256 of the link with a secret kept in the
//! store, cut to 96 bits: table ids are sequential, but nobody can write a link to a table they
//! were not shown. Decoding accepts exactly what encoding writes with the same key.

use super::base36;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// What a deep link asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    Join(i64),
    Hand(i64),
}

/// Bytes of the mac kept in a link.
const MAC: usize = 12;

/// The key links are signed with.
#[derive(Clone)]
pub struct Links {
    key: Vec<u8>,
}

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Links(<secret>)")
    }
}

impl Links {
    pub fn new(key: impl Into<Vec<u8>>) -> Links {
        Links { key: key.into() }
    }

    pub(super) fn mac(&self, body: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key");
        mac.update(body.as_bytes());
        mac
    }

    /// The payload of a link.
    pub fn encode(&self, link: Link) -> String {
        let body = body(link);
        let tag = self.mac(&body).finalize().into_bytes();
        format!("{body}_{}", base64url(&tag[..MAC]))
    }

    /// Reads a payload written by [`Links::encode`] with this key; anything else is `None`.
    pub fn decode(&self, s: &str) -> Option<Link> {
        if s.len() > 64 || !s.is_ascii() {
            return None;
        }
        let (body, tag) = s.split_once('_')?;
        let tag = unbase64url(tag)?;
        if tag.len() != MAC {
            return None;
        }
        let link = parse_body(body)?;
        // Compared in constant time.
        self.mac(body).verify_truncated_left(&tag).ok()?;
        Some(link)
    }
}

fn body(link: Link) -> String {
    let (tag, id) = match link {
        Link::Join(id) => ('j', id),
        Link::Hand(id) => ('h', id),
    };
    let mut out = String::from(tag);
    base36::push_signed(&mut out, id);
    out
}

fn parse_body(s: &str) -> Option<Link> {
    if s.len() < 2 {
        return None;
    }
    let (tag, rest) = s.split_at(1);
    let id = base36::read_signed(rest)?;
    match tag {
        "j" => Some(Link::Join(id)),
        "h" => Some(Link::Hand(id)),
        _ => None,
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// URL-safe base64 without padding; `_` is one of its digits, so the tag comes last.
pub(super) fn base64url(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |acc, &b| acc << 8 | b as u32) << (8 * (3 - chunk.len()));
        for i in 0..chunk.len() + 1 {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

pub(super) fn unbase64url(s: &str) -> Option<Vec<u8>> {
    let digits: Option<Vec<u32>> =
        s.bytes().map(|c| B64.iter().position(|&d| d == c).map(|p| p as u32)).collect();
    let digits = digits?;
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let n = chunk.iter().fold(0u32, |acc, &d| acc << 6 | d) << (6 * (4 - chunk.len()));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    // One string per value: what encode would not write is refused.
    (base64url(&out) == s).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_read_back_only_with_their_key() {
        let links = Links::new(b"a secret".to_vec());
        for p in [
            Link::Join(1),
            Link::Hand(36),
            Link::Join(i64::MAX),
            Link::Join(-5),
            Link::Hand(i64::MIN),
        ] {
            let s = links.encode(p);
            assert!(
                s.len() <= 64
                    && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{s}"
            );
            assert_eq!(links.decode(&s), Some(p));
            assert_eq!(Links::new(b"another".to_vec()).decode(&s), None, "another key");
        }
        let good = links.encode(Link::Join(5));
        let (body, tag) = good.split_once('_').unwrap();
        // The same mac on another table, a guessed one, a bare id: refused.
        let mut forged =
            vec![format!("j6_{tag}"), format!("{body}_AAAAAAAAAAAAAAAA"), "j5".into(), body.into()];
        forged.extend(["", "j", "x1_", "j01", "jA", "j-1", "h1 "].map(String::from));
        for bad in forged {
            assert_eq!(links.decode(&bad), None, "{bad:?}");
        }
    }

    #[test]
    fn base64_round_trips() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(n)).collect();
            assert_eq!(unbase64url(&base64url(&bytes)), Some(bytes));
        }
    }
}
