//! [`PgnReader`]: PGN text, as people write it, split into games of tags and
//! movetext tokens, one game at a time (memory holds one game).
//!
//! Accepted:
//! * tag pairs `[Name "value"]` (`\"` and `\\` escapes; a quote not followed
//!   by `]` is part of the value), several on a line, and a tag line followed
//!   by moves on the same line;
//! * movetext: move numbers (`12.`, `12...`, `12.e4`, `10 ... Be2`), move
//!   words (read by [`crate::pgn_move`]), null moves (`--`, `Z0`, `0000`,
//!   `@@@@`), `e.p.`, brace comments over any number of lines, rest-of-line
//!   `;` comments, NAGs (`$14`, also glued to the move: `e4$1`), glyphs
//!   (`!?`, `‼`, `±`: see [`crate::pgn::glyph_nag`]), variations in
//!   parentheses (nested, skipped), `%` escape lines, and the results `1-0`,
//!   `0-1`, `1/2-1/2`, `1/2`, `½-½`, `*`;
//! * a UTF-8 byte-order mark at the start of any line; a line that is not
//!   UTF-8 is read as Windows-1252 (Latin-1) with one warning for the input.
//!
//! A game ends after its result token, where a tag starts after movetext, or
//! at the end of the input; the rest of a line after a result starts the next
//! game. Warnings (kept with the game, reading goes on): a malformed tag (the
//! rest of its line is skipped), a `}` or `)` that closes nothing, bytes that
//! are not UTF-8. Errors (the game is refused, the next one is read): a
//! comment or variation still open at the end of the input, an I/O error.

use std::io::BufRead;

use crate::pgn::{PgnGame, PgnKind, PgnProblem, Pos, Token, glyph_nag, normal_result};

/// Streams games from PGN text.
pub struct PgnReader<R> {
    input: R,
    buf: Vec<u8>,
    line_no: usize,
    /// A line whose rest belongs to the next game: the line, the byte
    /// where the rest starts, its line number and column. The line is kept
    /// whole, so a line of many games is read in linear time.
    pending: Option<Pending>,
    games: usize,
    done: bool,
    warned_encoding: bool,
}

/// A line, or the rest of one, still to be read.
struct Pending {
    text: String,
    start: usize,
    line: usize,
    column: usize,
}

/// Where the lexer is inside one game.
#[derive(Default)]
struct State {
    game: PgnGame,
    /// An open `{` comment: its text so far, where it started, and whether
    /// it is inside a variation (then it is dropped).
    comment: Option<(String, Pos)>,
    /// Depth of the skipped variation, and where it started.
    depth: usize,
    variation_at: Pos,
    /// The game has movetext tokens (a tag now starts the next game).
    moved: bool,
    /// The game's number in the file.
    number: usize,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        PgnReader {
            input,
            buf: Vec::new(),
            line_no: 0,
            pending: None,
            games: 0,
            done: false,
            warned_encoding: false,
        }
    }

    /// The next line as text (without its line break), where to start in
    /// it, its number and the column it starts at.
    fn next_line(&mut self, state: &mut State) -> std::io::Result<Option<Pending>> {
        if let Some(p) = self.pending.take() {
            return Ok(Some(p));
        }
        let Some(bytes) = read_line(&mut self.input, &mut self.buf)? else {
            return Ok(None);
        };
        self.line_no += 1;
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => t.to_string(),
            Err(e) => {
                if !self.warned_encoding {
                    self.warned_encoding = true;
                    let column = String::from_utf8_lossy(&bytes[..e.valid_up_to()])
                        .chars()
                        .count()
                        + 1;
                    state.game.warnings.push(PgnProblem {
                        game: state.number,
                        line: self.line_no,
                        column,
                        kind: PgnKind::NotUtf8,
                        message: "the input is not UTF-8: read as Windows-1252 (Latin-1), \
                                  this line and every other line that is not UTF-8"
                            .into(),
                    });
                }
                windows_1252(bytes)
            }
        };
        Ok(Some(Pending {
            text,
            start: 0,
            line: self.line_no,
            column: 1,
        }))
    }
}

/// The next line of `input` in `buf`, without its line break (`\n` or
/// `\r\n`) and a byte-order mark at its start; `None` at the end.
///
/// # Errors
/// Reading failed.
pub(crate) fn read_line<'b>(
    input: &mut impl BufRead,
    buf: &'b mut Vec<u8>,
) -> std::io::Result<Option<&'b [u8]>> {
    buf.clear();
    if input.read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let mut bytes = buf.as_slice();
    bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    Ok(Some(
        bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes),
    ))
}

/// Bytes as Windows-1252 text (Latin-1 with printable characters at
/// 0x80–0x9F; the five bytes it leaves undefined become C1 controls).
fn windows_1252(bytes: &[u8]) -> String {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9f => HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        })
        .collect()
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnProblem>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut st = State {
            number: self.games + 1,
            ..State::default()
        };
        loop {
            let line = match self.next_line(&mut st) {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.done = true;
                    self.games += 1;
                    return Some(Err(PgnProblem {
                        game: self.games,
                        line: self.line_no,
                        column: 1,
                        kind: PgnKind::Io,
                        message: e.to_string(),
                    }));
                }
            };
            let Pending {
                text,
                start,
                line,
                column,
            } = line;
            if let Some((end, next_column)) = lex_line(&mut st, &text[start..], line, column) {
                if !text[start + end..].trim().is_empty() {
                    self.pending = Some(Pending {
                        text,
                        start: start + end,
                        line,
                        column: next_column,
                    });
                }
                break;
            }
        }
        if st.game.line == 0 && st.game.warnings.is_empty() {
            return None;
        }
        self.games += 1;
        let mut game = st.game;
        game.number = self.games;
        if game.line == 0 {
            game.line = game.warnings[0].line;
        }
        let unclosed = |at: Pos, what: &str| PgnProblem {
            game: game.number,
            line: at.line,
            column: at.column,
            kind: PgnKind::Unclosed,
            message: format!("{what} is never closed"),
        };
        if let Some((_, at)) = st.comment {
            return Some(Err(unclosed(at, "this `{` comment")));
        }
        if st.depth > 0 {
            return Some(Err(unclosed(st.variation_at, "this `(` variation")));
        }
        Some(Ok(game))
    }
}

/// Characters that end a move word.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || "{}();[$!?".contains(c) || glyph_nag(c.encode_utf8(&mut [0; 4])).is_some()
}

/// Lexes one line into the game; when the game ends inside it (after its
/// result, or where a tag follows movetext) returns where the rest of the
/// line starts: its byte in `text` and its column.
fn lex_line(
    st: &mut State,
    text: &str,
    line: usize,
    first_column: usize,
) -> Option<(usize, usize)> {
    // `%` in the first column escapes the whole line.
    if first_column == 1 && st.comment.is_none() && text.starts_with('%') {
        return None;
    }
    let mut chars = text.char_indices().peekable();
    let mut column = first_column - 1;
    let pos = |column: usize| Pos { line, column };
    let warn = |st: &mut State, column: usize, kind: PgnKind, message: String| {
        st.game.warnings.push(PgnProblem {
            game: st.number,
            line,
            column,
            kind,
            message,
        });
    };
    while let Some((i, c)) = chars.next() {
        column += 1;
        if let Some((comment, _)) = &mut st.comment {
            if c == '}' {
                let (comment, at) = st.comment.take().unwrap_or_default();
                if st.depth == 0 {
                    push(st, Token::Comment(one_line(&comment)), at);
                }
            } else {
                comment.push(c);
            }
            continue;
        }
        if c == '{' {
            st.comment = Some((String::new(), pos(column)));
            continue;
        }
        if st.depth > 0 {
            match c {
                '(' => st.depth += 1,
                ')' => st.depth -= 1,
                ';' => break,
                _ => {}
            }
            continue;
        }
        match c {
            _ if c.is_whitespace() => {}
            '[' if st.moved => {
                return Some((i, column));
            }
            '[' => match read_tag(&text[i..]) {
                Some((name, value, len)) => {
                    if st.game.line == 0 {
                        st.game.line = line;
                    }
                    st.game.tags.push((name, value));
                    // Skip the tag's characters (the first is already read).
                    let end = i + len;
                    while chars.peek().is_some_and(|&(j, _)| j < end) {
                        chars.next();
                        column += 1;
                    }
                }
                None => {
                    if st.game.line == 0 {
                        st.game.line = line;
                    }
                    let found = icn_syntax::Excerpt(text[i..].trim_end());
                    warn(
                        st,
                        column,
                        PgnKind::MalformedTag,
                        format!("expected a tag `[Name \"value\"]`, found `{found}` (skipped)"),
                    );
                    return None;
                }
            },
            ';' => {
                let comment = text[i + 1..].trim().to_string();
                push(st, Token::Comment(comment), pos(column));
                return None;
            }
            '(' => {
                st.depth = 1;
                st.variation_at = pos(column);
                push(st, Token::Variation, pos(column));
            }
            '}' | ')' => warn(
                st,
                column,
                PgnKind::Stray,
                format!("`{c}` closes nothing (skipped)"),
            ),
            _ => {
                let start = i;
                let mut end = i + c.len_utf8();
                let glyphs = c == '!' || c == '?' || glyph_nag(&text[i..end]).is_some();
                if glyphs {
                    while let Some(&(j, d)) = chars.peek()
                        && (d == '!' || d == '?')
                        && (c == '!' || c == '?')
                    {
                        end = j + d.len_utf8();
                        chars.next();
                        column += 1;
                    }
                } else {
                    let dollar = c == '$';
                    while let Some(&(j, d)) = chars.peek() {
                        let stop = if dollar {
                            !d.is_ascii_digit()
                        } else {
                            ends_word(d)
                        };
                        if stop {
                            break;
                        }
                        end = j + d.len_utf8();
                        chars.next();
                        column += 1;
                    }
                }
                let word = &text[start..end];
                let at = pos(column + 1 - word.chars().count());
                if word_token(st, word, at, glyphs) {
                    return Some((end, column + 1));
                }
            }
        }
    }
    if let Some((comment, _)) = &mut st.comment {
        comment.push('\n');
    }
    None
}

/// Adds a movetext token.
fn push(st: &mut State, token: Token, at: Pos) {
    if st.game.line == 0 {
        st.game.line = at.line;
    }
    st.moved = true;
    st.game.tokens.push((token, at));
}

/// Adds the token of a word; returns whether it was the game's result.
fn word_token(st: &mut State, word: &str, at: Pos, glyphs: bool) -> bool {
    if glyphs {
        // `!!!` is `!!` then `!`, as python-chess reads it.
        let mut rest = word;
        while !rest.is_empty() {
            let take = if rest.is_char_boundary(2) && glyph_nag(&rest[..2]).is_some() {
                2
            } else {
                rest.chars().next().map_or(1, char::len_utf8)
            };
            if let Some(n) = glyph_nag(&rest[..take]) {
                push(st, Token::Nag(n), at);
            }
            rest = &rest[take..];
        }
        return false;
    }
    if let Some(r) = normal_result(word) {
        push(st, Token::Result(r.to_string()), at);
        return true;
    }
    if let Some(n) = word.strip_prefix('$') {
        match n.parse() {
            Ok(n) => push(st, Token::Nag(n), at),
            Err(_) => {
                let message = format!("expected a number after `$`, found `{word}` (skipped)");
                st.game.warnings.push(PgnProblem {
                    game: st.number,
                    line: at.line,
                    column: at.column,
                    kind: PgnKind::Stray,
                    message,
                });
            }
        }
        return false;
    }
    if matches!(word, "--" | "Z0" | "0000" | "@@@@") {
        push(st, Token::Null(word.to_string()), at);
        return false;
    }
    // A move number: `12.`, `12...`, `12.e4`, a bare `12`, or dots alone.
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let (mv, offset) = if rest.starts_with('.') {
        let m = rest.trim_start_matches('.');
        (m, word.len() - m.len())
    } else if digits > 0 && rest.is_empty() {
        ("", 0)
    } else {
        (word, 0)
    };
    if mv.is_empty() || mv == "e.p." {
        return false;
    }
    let at = Pos {
        line: at.line,
        column: at.column + word[..offset].chars().count(),
    };
    push(st, Token::Move(mv.to_string()), at);
    false
}

/// A tag `[Name "value"]` at the start of `text`: name, value and the length
/// in bytes of the tag.
fn read_tag(text: &str) -> Option<(String, String, usize)> {
    let inner = text.strip_prefix('[')?;
    let name_len = inner
        .find(|c: char| !(c.is_alphanumeric() || "_+#=:-".contains(c)))
        .unwrap_or(inner.len());
    if name_len == 0 {
        return None;
    }
    let name = &inner[..name_len];
    let after = inner[name_len..].trim_start();
    let body = after.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?.1),
            '"' => {
                let rest = &body[i + 1..];
                let trimmed = rest.trim_start();
                if let Some(tail) = trimmed.strip_prefix(']') {
                    return Some((name.to_string(), value, text.len() - tail.len()));
                }
                value.push('"');
            }
            _ => value.push(c),
        }
    }
    None
}

/// A comment's text with its line breaks as blanks and its ends trimmed: in
/// PGN a line break inside a comment is white space, and an ICN game is
/// written on one line.
fn one_line(text: &str) -> String {
    let text = text.trim();
    if !text.contains(['\n', '\r']) {
        return text.to_string();
    }
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &[u8]) -> Vec<Result<PgnGame, PgnProblem>> {
        PgnReader::new(text).collect()
    }

    fn moves(g: &PgnGame) -> Vec<String> {
        g.tokens
            .iter()
            .filter_map(|(t, _)| match t {
                Token::Move(m) => Some(m.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn tags_and_moves_on_one_line_and_games_after_a_result() {
        let gs = games(b"[Event \"a\"] [Site \"b\"] 1. e4 e5 1-0 [Event \"c\"] 1.d4 *\n");
        assert_eq!(gs.len(), 2);
        let a = gs[0].as_ref().unwrap();
        assert_eq!(a.tags.len(), 2);
        assert_eq!(moves(a), ["e4", "e5"]);
        let c = gs[1].as_ref().unwrap();
        assert_eq!((c.number, c.tag("Event")), (2, Some("c")));
        assert_eq!(moves(c), ["d4"]);
    }

    #[test]
    fn glued_nags_glyphs_numbers_and_null_moves() {
        let g = games("1. e4$1 e5‼ 2.Nf3!? -- 3 ... Nc6 e.p. Z0 $14 *".as_bytes());
        let g = g[0].as_ref().unwrap();
        let tokens: Vec<&Token> = g.tokens.iter().map(|(t, _)| t).collect();
        assert_eq!(
            tokens,
            [
                &Token::Move("e4".into()),
                &Token::Nag(1),
                &Token::Move("e5".into()),
                &Token::Nag(3),
                &Token::Move("Nf3".into()),
                &Token::Nag(5),
                &Token::Null("--".into()),
                &Token::Move("Nc6".into()),
                &Token::Null("Z0".into()),
                &Token::Nag(14),
                &Token::Result("*".into()),
            ]
        );
    }

    #[test]
    fn headless_games_end_at_their_results() {
        let gs = games(b"1. e4 *\n\n1. d4 d5 *\n1. c4 1-0");
        assert_eq!(gs.len(), 3);
        assert_eq!(moves(gs[1].as_ref().unwrap()), ["d4", "d5"]);
    }

    #[test]
    fn many_games_on_one_line_each_keep_their_place() {
        let line = "1. e4 * ".repeat(20_000);
        let gs = games(line.as_bytes());
        assert_eq!(gs.len(), 20_000);
        let last = gs[19_999].as_ref().unwrap();
        assert_eq!(
            last.tokens[0].1,
            Pos {
                line: 1,
                column: 8 * 19_999 + 4
            }
        );
    }

    #[test]
    fn columns_count_characters() {
        let g = games("{é} e4 Nf3".as_bytes());
        let g = g[0].as_ref().unwrap();
        assert_eq!(g.tokens[1].1, Pos { line: 1, column: 5 });
        assert_eq!(g.tokens[2].1, Pos { line: 1, column: 8 });
    }

    #[test]
    fn a_malformed_tag_is_a_warning_and_numbering_stays() {
        let gs = games(b"[Event \"a\"]\n[Site unquoted]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(gs.len(), 2);
        let a = gs[0].as_ref().unwrap();
        assert_eq!(a.warnings[0].kind, PgnKind::MalformedTag);
        assert_eq!((a.warnings[0].line, a.warnings[0].column), (2, 1));
        assert_eq!(gs[1].as_ref().unwrap().number, 2);
    }

    #[test]
    fn latin1_bytes_are_read_with_one_warning() {
        let gs = games(b"[White \"M\xfcller\"]\n[Black \"\xc9mile\"]\n\n1. e4 *\n");
        let g = gs[0].as_ref().unwrap();
        assert_eq!(g.tag("White"), Some("Müller"));
        assert_eq!(g.tag("Black"), Some("Émile"));
        assert_eq!(g.warnings.len(), 1);
        assert_eq!(g.warnings[0].kind, PgnKind::NotUtf8);
    }

    #[test]
    fn a_byte_order_mark_and_a_stray_brace() {
        let gs = games("\u{feff}[Event \"x\"]\n\n1. e4 } e5 *\n".as_bytes());
        assert_eq!(gs.len(), 1);
        let g = gs[0].as_ref().unwrap();
        assert_eq!(moves(g), ["e4", "e5"]);
        assert_eq!(g.warnings[0].kind, PgnKind::Stray);
    }

    #[test]
    fn variations_and_comments_span_lines() {
        let text = "1. e4 (1. d4 {a\n(b} d5\n(1... c5)) {one\ntwo} e5 *";
        let g = games(text.as_bytes());
        let g = g[0].as_ref().unwrap();
        assert_eq!(moves(g), ["e4", "e5"]);
        assert!(g.tokens.contains(&(
            Token::Comment("one two".into()),
            Pos {
                line: 3,
                column: 12
            }
        )));
        let open = games(b"1. e4 {never closed\n");
        assert_eq!(open[0].as_ref().unwrap_err().kind, PgnKind::Unclosed);
    }

    #[test]
    fn quotes_inside_a_tag_value() {
        assert_eq!(
            read_tag("[Event \"#155 \"Immortal\" game\"]").map(|t| t.1),
            Some("#155 \"Immortal\" game".to_string())
        );
        assert_eq!(
            read_tag("[Event \"a\\\"b\"]").map(|t| t.1),
            Some("a\"b".into())
        );
        assert_eq!(read_tag("[Event \"open"), None);
    }
}
