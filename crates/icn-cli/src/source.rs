//! What notation an input is written in (`--from`), and telling it from the
//! text when `--from` is not given.
//!
//! Detection looks at the start of the text: a document that is one JSON
//! object is the JSON long form (as [`crate::document::detect`] says); a
//! text whose first word has seven `/` and neither `,` nor `|` is FEN; a
//! text that starts with tags `[Name "value"]` followed by movetext (a move
//! number such as `1.`, a `{` comment, a result or a SAN word) or by nothing,
//! or that starts with a move number and a SAN word, is PGN; anything else
//! is ICN.

use clap::ValueEnum;

use crate::document::{Format, detect};

/// The input notation (`--from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Source {
    /// Infinite Chess Notation (either dialect, any form).
    Icn,
    /// The JSON long form.
    Json,
    /// FEN, X-FEN or Shredder-FEN.
    Fen,
    /// PGN, any number of games.
    Pgn,
}

fn is_fen(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    first.matches('/').count() == 7 && !first.contains([',', '|'])
}

/// Whether a movetext word starts PGN movetext: a move number, a comment,
/// a result, or a SAN word (`e4`, `Nf3`, `O-O`).
fn is_movetext(word: &str) -> bool {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let numbered = digits > 0 && word[digits..].starts_with('.');
    let san = word.starts_with("O-O")
        || (word.len() >= 2
            && !word.contains([',', '|', '>'])
            && word
                .chars()
                .next()
                .is_some_and(|c| "KQRBNabcdefgh".contains(c))
            && word.chars().any(|c| ('1'..='8').contains(&c)));
    numbered
        || san
        || (word.starts_with('{') && !word.starts_with("{\""))
        || word.starts_with(';')
        || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word)
}

/// Where the first `"]` in `text` starts (found by its `]`, which is rare
/// in a tag, rather than by a substring search).
fn tag_end(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(n) = b[from..].iter().position(|&c| c == b']') {
        let close = from + n;
        if close > 0 && b[close - 1] == b'"' {
            return Some(close - 1);
        }
        from = close + 1;
    }
    None
}

/// The notation of a text, from its start (see the module docs).
pub fn detect_source(head: &str) -> Source {
    let text = icn_syntax::strip_bom(head).trim_start();
    if detect(text) == Format::Json {
        return Source::Json;
    }
    if is_fen(text) {
        return Source::Fen;
    }
    // Skip the tags: PGN and ICN both may start with them.
    let mut rest = text;
    let mut tags = 0;
    while let Some(r) = rest.strip_prefix('[') {
        match tag_end(r) {
            Some(end) => {
                rest = r[end + 2..].trim_start();
                tags += 1;
            }
            None => break,
        }
    }
    let first = rest.split_whitespace().next().unwrap_or("");
    if (tags > 0 && first.is_empty()) || is_movetext(first) {
        Source::Pgn
    } else {
        Source::Icn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notation_is_told_from_its_start() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Source::Fen,
            ),
            ("[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *", Source::Pgn),
            ("[Event \"x\"]\n\n{start} 1. e4 *", Source::Pgn),
            ("1. e4 e5 2. Nf3 *", Source::Pgn),
            ("e4 e5 *", Source::Pgn),
            ("[Event \"x\"]\n\nw 0/100 1 K5,1|k5,8", Source::Icn),
            ("[Event \"x\"] K5,1|k5,8", Source::Icn),
            ("w K1,1|k3,3", Source::Icn),
            ("K5,1|k5,8 5,1>5,2", Source::Icn),
            ("0/100 (8|1) K5,1|k5,8", Source::Icn),
            ("{\"turn\": \"white\"}", Source::Json),
            ("{\"slideLimit\": 7} K1,1|k3,3", Source::Icn),
            ("\u{feff}[Event \"x\"]\n1. d4 *", Source::Pgn),
        ];
        for (text, want) in cases {
            assert_eq!(detect_source(text), want, "{text}");
        }
    }
}
