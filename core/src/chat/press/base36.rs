//! Base 36, the one way numbers are written in button data and links: lowercase digits, no
//! leading zero, a negative number with `-` first. Reading accepts exactly what is written.

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// Appends `n` in base 36.
pub(crate) fn push(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 13];
    let mut len = 0;
    loop {
        digits[len] = DIGITS[(n % 36) as usize];
        len += 1;
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[..len].iter().rev().map(|&d| d as char));
}

/// Appends `n` in base 36, `-` first when negative.
pub(crate) fn push_signed(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push(out, n.unsigned_abs());
}

/// `n` in base 36.
pub(crate) fn write(n: u64) -> String {
    let mut out = String::new();
    push(&mut out, n);
    out
}

/// What [`push`] wrote; `None` for anything else (a leading zero, an upper-case digit,
/// a sign, an overflow).
pub(crate) fn read(s: &str) -> Option<u64> {
    if s.is_empty() || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    if !s.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()) {
        return None;
    }
    u64::from_str_radix(s, 36).ok()
}

/// What [`push_signed`] wrote; `None` for anything else (`-0` included).
pub(crate) fn read_signed(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        Some(abs) => 0i64.checked_sub_unsigned(read(abs).filter(|&v| v != 0)?),
        None => i64::try_from(read(s)?).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_and_nothing_else_reads() {
        for n in [0u64, 1, 35, 36, 1295, u64::MAX] {
            assert_eq!(read(&write(n)), Some(n));
        }
        for n in [i64::MIN, -36, -1, 0, 1, i64::MAX] {
            let mut s = String::new();
            push_signed(&mut s, n);
            assert_eq!(read_signed(&s), Some(n), "{s}");
        }
        assert_eq!(write(1295), "zz");
        for bad in ["", "00", "01", "Z", "+1", "-0", "-", " 1", "3w5e11264sgsh"] {
            assert_eq!(read_signed(bad), None, "{bad:?}");
        }
        assert_eq!(read("3w5e11264sgsf"), Some(u64::MAX));
        assert_eq!(read("3w5e11264sgsg"), None, "past u64::MAX");
    }
}
