//! Short excerpts of input text for messages: a message quotes at most
//! [`EXCERPT_CHARS`] characters of a token, then `…`, so that a huge token
//! (a megabyte-long piece code, comment or JSON string) never makes a huge
//! message, and reporting many of them stays linear.
//!
//! [`Excerpt`] cuts one quoted text where a message is built;
//! [`cap_quotes`] cuts every quoted part of a finished message (used by
//! [`crate::Diagnostic::new`] and for messages other libraries wrote, such
//! as serde_json's).

use std::fmt;

/// Most characters of input text a message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// Most characters of a whole message after [`cap_quotes`].
pub const MESSAGE_CHARS: usize = 600;

/// Input text as a message quotes it: at most [`EXCERPT_CHARS`] characters,
/// then `…` when there were more.
///
/// ```
/// use icn_syntax::Excerpt;
/// assert_eq!(format!("`{}`", Excerpt("K1,1")), "`K1,1`");
/// let long = "x".repeat(100);
/// assert_eq!(Excerpt(&long).to_string(), format!("{}…", "x".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(EXCERPT_CHARS) {
            None => f.write_str(self.0),
            Some((cut, _)) => {
                f.write_str(&self.0[..cut])?;
                f.write_str("…")
            }
        }
    }
}

/// Cuts every part of `message` quoted in backticks or double quotes to
/// [`EXCERPT_CHARS`] characters (then `…`), and the whole message to
/// [`MESSAGE_CHARS`]. Inside double quotes a backslash escapes the next
/// character, as in JSON and Rust's debug form. A quote that is never
/// closed runs to the end. Messages without long quotes come back as they
/// were, without copying.
///
/// ```
/// use icn_syntax::cap_quotes;
/// let long = "q".repeat(1000);
/// let m = cap_quotes(format!("unknown piece code `{long}`, expected one of K Q"));
/// assert_eq!(m, format!("unknown piece code `{}…`, expected one of K Q", "q".repeat(40)));
/// assert_eq!(cap_quotes("expected `,`, found `>`".into()), "expected `,`, found `>`");
/// ```
pub fn cap_quotes(message: String) -> String {
    if !needs_cap(&message) {
        return message;
    }
    let mut out = String::with_capacity(MESSAGE_CHARS.min(message.len()) + 8);
    let mut quote: Option<char> = None;
    let mut inside = 0usize; // characters of the current quote so far
    let mut escaped = false;
    for c in message.chars() {
        match quote {
            None => {
                out.push(c);
                if c == '`' || c == '"' {
                    quote = Some(c);
                    inside = 0;
                    escaped = false;
                }
            }
            Some(q) => {
                let closes = c == q && !escaped;
                escaped = q == '"' && c == '\\' && !escaped;
                if closes {
                    quote = None;
                    out.push(c);
                    continue;
                }
                inside += 1;
                if inside <= EXCERPT_CHARS {
                    out.push(c);
                } else if inside == EXCERPT_CHARS + 1 {
                    out.push('…');
                }
            }
        }
    }
    match out.char_indices().nth(MESSAGE_CHARS) {
        Some((cut, _)) => {
            out.truncate(cut);
            out.push('…');
            out
        }
        None => out,
    }
}

/// Whether a quote in `message` is longer than [`EXCERPT_CHARS`], or the
/// message longer than [`MESSAGE_CHARS`]: the same walk as [`cap_quotes`]
/// on bytes, which is quick and conservative (a quote holds at least as many
/// bytes as characters).
fn needs_cap(message: &str) -> bool {
    if message.len() > MESSAGE_CHARS {
        return true;
    }
    let mut quote: Option<u8> = None;
    let mut inside = 0usize;
    let mut escaped = false;
    for &b in message.as_bytes() {
        match quote {
            None if b == b'`' || b == b'"' => {
                quote = Some(b);
                inside = 0;
                escaped = false;
            }
            None => {}
            Some(q) => {
                let closes = b == q && !escaped;
                escaped = q == b'"' && b == b'\\' && !escaped;
                if closes {
                    quote = None;
                } else {
                    inside += 1;
                    if inside > EXCERPT_CHARS {
                        return true;
                    }
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_long_quote_is_cut_and_short_ones_kept() {
        let a = "a".repeat(50);
        let b = "é".repeat(45);
        let m = cap_quotes(format!("`{a}` and \"{b}\" and `ok`"));
        assert_eq!(
            m,
            format!("`{}…` and \"{}…\" and `ok`", "a".repeat(40), "é".repeat(40))
        );
    }

    #[test]
    fn escaped_quotes_stay_inside_and_unclosed_quotes_run_to_the_end() {
        let m = cap_quotes(format!("string \"a\\\"{}\" here", "b".repeat(60)));
        assert!(m.starts_with("string \"a\\\"bbb"), "{m}");
        assert!(m.ends_with("…\" here"), "{m}");
        let m = cap_quotes(format!("found `{}", "c".repeat(100)));
        assert_eq!(m, format!("found `{}…", "c".repeat(40)));
    }

    #[test]
    fn a_quote_holding_the_other_quote_character_is_measured_whole() {
        let inner = format!("{}\"", "a".repeat(30)).repeat(3);
        let m = cap_quotes(format!("`{inner}`"));
        assert_eq!(m.chars().count(), 1 + EXCERPT_CHARS + 1 + 1, "{m}");
    }

    #[test]
    fn the_whole_message_is_bounded() {
        let words: String = (0..400).map(|i| format!("w{i} ")).collect();
        let m = cap_quotes(words);
        assert_eq!(m.chars().count(), MESSAGE_CHARS + 1);
        assert!(m.ends_with('…'));
    }
}
