//! PGN import: [`PgnReader`] streams games out of any `BufRead`, and
//! [`import_game`] turns one into an ICN [`Game`].
//!
//! Accepted: tag pairs `[Name "value"]` (with `\"` and `\\` escapes),
//! movetext with move numbers (`12.`, `12...`), SAN moves (glyphs such as
//! `!?` kept as the move's glyph), brace comments (a `[%clk H:MM:SS]` stamp
//! becomes the move's clock), rest-of-line `;` comments, NAGs `$1`–`$6`
//! (kept as the glyphs `!`, `?`, `!!`, `??`, `!?`, `?!`), variations in
//! parentheses (skipped, with a warning), the result tokens, and `%` escape
//! lines. A game ends at a line ending with its result token or where the
//! next tag section starts; a file may hold any number of games and is read
//! one game at a time.
//!
//! Tags become ICN metadata in order, except `FEN` and `SetUp`, which give
//! the start position (standard chess when absent); `Variant` must be absent
//! or one of `Standard`, `Chess`, `From Position`, `Chess960`,
//! `Fischerandom`. Refused, with the game number and line: other variants, a
//! bad FEN, SAN that does not resolve (illegal or ambiguous, with the move
//! number), unterminated comments or tags. Dropped with a warning: NAGs
//! above `$6` and variations.

use std::io::BufRead;

use icn_model::{Clock, Game, Move};
use icn_movegen::Board;

use crate::fen::Fen;
use crate::fen_icn::fen_to_game;
use crate::san::{san_to_move, strip_suffixes};

/// A problem in a PGN file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {message}")]
pub struct PgnError {
    /// 1-based game number in the file.
    pub game: usize,
    /// 1-based line where the game or the problem starts.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

/// One game's raw text: tags and movetext tokens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// 1-based number in the file.
    pub number: usize,
    /// Line of its first tag or move.
    pub line: usize,
    /// Tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// Movetext tokens with their lines.
    pub tokens: Vec<(Token, usize)>,
}

/// A movetext token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A SAN move, glyphs included.
    San(String),
    /// A `{…}` or `;` comment.
    Comment(String),
    /// `$n`.
    Nag(u32),
    /// A skipped `(…)` variation.
    Variation,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
}

/// Streams games from PGN text.
pub struct PgnReader<R> {
    lines: std::io::Lines<R>,
    line_no: usize,
    pending: Option<String>,
    games: usize,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        PgnReader {
            lines: input.lines(),
            line_no: 0,
            pending: None,
            games: 0,
            done: false,
        }
    }

    fn next_line(&mut self) -> Option<std::io::Result<String>> {
        if let Some(p) = self.pending.take() {
            return Some(Ok(p));
        }
        let l = self.lines.next()?;
        self.line_no += 1;
        // A UTF-8 byte-order mark at the start of the file is not text.
        if self.line_no == 1 {
            return Some(l.map(|line| match line.strip_prefix(icn_syntax::BOM) {
                Some(rest) => rest.to_string(),
                None => line,
            }));
        }
        Some(l)
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut game = PgnGame::default();
        let mut movetext = String::new();
        let mut mt_lines: Vec<(usize, usize)> = Vec::new(); // (byte offset, line)
        let mut in_moves = false;
        let mut open_brace = false;
        loop {
            let Some(line) = self.next_line() else {
                self.done = true;
                break;
            };
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    self.done = true;
                    return Some(Err(PgnError {
                        game: self.games + 1,
                        line: self.line_no,
                        message: e.to_string(),
                    }));
                }
            };
            let t = line.trim();
            if !open_brace && t.starts_with('%') {
                continue;
            }
            if !open_brace && t.starts_with('[') {
                if in_moves {
                    self.pending = Some(line);
                    break;
                }
                if game.line == 0 {
                    game.line = self.line_no;
                }
                match parse_tag(t) {
                    Some(tag) => game.tags.push(tag),
                    None => {
                        self.games += 1;
                        return Some(Err(PgnError {
                            game: self.games,
                            line: self.line_no,
                            message: format!(
                                "expected a tag `[Name \"value\"]`, found `{}`",
                                icn_syntax::Excerpt(t)
                            ),
                        }));
                    }
                }
                continue;
            }
            if t.is_empty() && !open_brace {
                continue;
            }
            if game.line == 0 {
                game.line = self.line_no;
            }
            in_moves = true;
            mt_lines.push((movetext.len(), self.line_no));
            for c in line.chars() {
                match c {
                    '{' => open_brace = true,
                    '}' => open_brace = false,
                    _ => {}
                }
            }
            movetext.push_str(&line);
            movetext.push('\n');
            let last = t.split_whitespace().next_back().unwrap_or("");
            if !open_brace && ["1-0", "0-1", "1/2-1/2", "*"].contains(&last) {
                break;
            }
        }
        if game.line == 0 {
            return None;
        }
        self.games += 1;
        game.number = self.games;
        match tokenize(&movetext, &mt_lines) {
            Ok(tokens) => {
                game.tokens = tokens;
                Some(Ok(game))
            }
            Err((line, message)) => Some(Err(PgnError {
                game: game.number,
                line,
                message,
            })),
        }
    }
}

fn parse_tag(t: &str) -> Option<(String, String)> {
    let inner = t.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let q = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = q.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

fn tokenize(text: &str, lines: &[(usize, usize)]) -> Result<Vec<(Token, usize)>, (usize, String)> {
    // `lines` is sorted by offset: a binary search keeps long games linear.
    let line_at = |i: usize| match lines.partition_point(|(o, _)| *o <= i) {
        0 => 1,
        n => lines[n - 1].1,
    };
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let ch = text[i..].chars().next().unwrap_or(' ');
        if ch.is_whitespace() {
            i += ch.len_utf8();
        } else if c == b'{' {
            let Some(end) = text[i..].find('}') else {
                return Err((line_at(i), "a `{` comment is never closed".into()));
            };
            out.push((
                Token::Comment(one_line(text[i + 1..i + end].trim())),
                line_at(i),
            ));
            i += end + 1;
        } else if c == b';' {
            let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
            out.push((
                Token::Comment(text[i + 1..end].trim().to_string()),
                line_at(i),
            ));
            i = end;
        } else if c == b'(' {
            let start = i;
            let mut depth = 0;
            while i < b.len() {
                match b[i] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    b'{' => {
                        i += text[i..].find('}').unwrap_or(b.len() - i);
                    }
                    _ => {}
                }
                i += 1;
            }
            if i >= b.len() {
                return Err((line_at(start), "a `(` variation is never closed".into()));
            }
            i += 1;
            out.push((Token::Variation, line_at(start)));
        } else if c == b'}' || c == b')' {
            return Err((line_at(i), format!("`{}` closes nothing", char::from(c))));
        } else {
            let end = text[i..]
                .find(|c: char| c.is_whitespace() || "{};()".contains(c))
                .map_or(b.len(), |e| i + e);
            let word = &text[i..end];
            let line = line_at(i);
            i = end;
            if let Some(n) = word.strip_prefix('$') {
                let n = n.parse().map_err(|_| {
                    let word = icn_syntax::Excerpt(word);
                    (line, format!("expected a number after `$`, found `{word}`"))
                })?;
                out.push((Token::Nag(n), line));
            } else if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                out.push((Token::Result(word.to_string()), line));
            } else {
                // Strip a move number: `12.`, `12...`, `12.e4`.
                let digits =
                    word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let rest = &word[digits..];
                if digits > 0 && rest.starts_with('.') {
                    let san = rest.trim_start_matches('.');
                    if !san.is_empty() {
                        out.push((Token::San(san.to_string()), line));
                    }
                } else if digits > 0 && rest.is_empty() {
                    // A bare move number without a dot.
                } else {
                    out.push((Token::San(word.to_string()), line));
                }
            }
        }
    }
    Ok(out)
}

/// A comment's text with its line breaks as blanks: in PGN a line break
/// inside a comment is white space, and an ICN game is written on one line.
fn one_line(text: &str) -> String {
    if !text.contains(['\n', '\r']) {
        return text.to_string();
    }
    text.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

/// The glyph of NAGs `$1`–`$6`.
pub fn nag_glyph(n: u32) -> Option<&'static str> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .get(n.checked_sub(1)? as usize)
        .copied()
}

const VARIANTS_OK: [&str; 5] = [
    "standard",
    "chess",
    "from position",
    "chess960",
    "fischerandom",
];

/// One PGN game as an ICN game, with warnings for what was dropped.
///
/// # Errors
/// See the module docs.
///
/// ```
/// use icn_adapters::pgn::{import_game, PgnReader};
/// let pgn = "[White \"A\"]\n\n1. e4 {best} e5 $1 (1... c5) 2. Nf3 1-0\n";
/// let g = PgnReader::new(pgn.as_bytes()).next().unwrap().unwrap();
/// let (game, warnings) = import_game(&g).unwrap();
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.moves[1].glyph.as_deref(), Some("!"));
/// assert_eq!(game.metadata["White"], "A");
/// assert_eq!(warnings.len(), 1);
/// ```
pub fn import_game(g: &PgnGame) -> Result<(Game, Vec<String>), PgnError> {
    let err = |line: usize, message: String| PgnError {
        game: g.number,
        line,
        message,
    };
    let mut warnings = Vec::new();
    let tag = |name: &str| {
        g.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    if let Some(v) = tag("Variant")
        && !VARIANTS_OK.contains(&v.to_lowercase().as_str())
    {
        return Err(err(
            g.line,
            format!(
                "the PGN variant `{}` is not supported (standard chess and Chess960 only)",
                icn_syntax::Excerpt(v)
            ),
        ));
    }
    let fen = match tag("FEN") {
        Some(f) => Fen::parse(f).map_err(|e| err(g.line, format!("FEN tag: {e}")))?,
        None => Fen::starting(),
    };
    let mut game = fen_to_game(&fen).map_err(|e| err(g.line, format!("FEN tag: {e}")))?;
    for (n, v) in &g.tags {
        if n != "FEN" && n != "SetUp" {
            game.metadata.insert(n.clone(), v.clone());
        }
    }
    let mut board = Board::from_game(&game).map_err(|e| err(g.line, e.to_string()))?;
    let mut ply = 0usize;
    for (tok, line) in &g.tokens {
        match tok {
            Token::San(s) => {
                let m = san_to_move(&mut board, s).map_err(|e| {
                    let black_first = usize::from(fen.turn == icn_model::Player::BLACK);
                    let n = (ply + black_first) / 2 + fen.fullmove as usize;
                    let dots = if (ply + black_first).is_multiple_of(2) {
                        "."
                    } else {
                        "..."
                    };
                    err(
                        *line,
                        format!("move {n}{dots} {}: {e}", icn_syntax::Excerpt(s)),
                    )
                })?;
                let mut mv = Move::new(m.from.to_coord(), m.to.to_coord());
                mv.promotion = m.promotion;
                let (core, check) = strip_suffixes(s);
                mv.check = check;
                let glyph = &s.trim()[core.len() + usize::from(check.is_some())..];
                if !glyph.is_empty() {
                    mv.glyph = Some(glyph.to_string());
                }
                board.make(&m);
                game.moves.push(mv);
                ply += 1;
            }
            Token::Comment(c) => add_comment(&mut game, c),
            Token::Nag(n) => match (nag_glyph(*n), game.moves.last_mut()) {
                (Some(gl), Some(m)) => m.glyph = Some(gl.to_string()),
                _ => warnings.push(format!(
                    "game {}, line {line}: NAG ${n} dropped (ICN keeps glyphs $1-$6 on moves)",
                    g.number
                )),
            },
            Token::Variation => {
                warnings.push(format!("game {}, line {line}: variation skipped", g.number))
            }
            Token::Result(r) => {
                game.metadata
                    .entry("Result".into())
                    .or_insert_with(|| r.clone());
            }
        }
    }
    Ok((game, warnings))
}

fn add_comment(game: &mut Game, c: &str) {
    // Commands as ICN reads them: `[%clk …]` is the clock (the last one that
    // reads as a clock), the others (`[%eval 0.3]`) are kept as commands; a
    // clock that does not read stays in the text.
    let parts = icn_model::split_comment(c);
    let mut clock = None;
    let mut unread = Vec::new();
    for value in &parts.clocks {
        match Clock::parse(value) {
            Some(c) => clock = Some(c),
            None => unread.push(format!("[%clk {value}]")),
        }
    }
    let mut text = parts.text;
    for u in unread {
        text = if text.is_empty() {
            u
        } else {
            format!("{text} {u}")
        };
    }
    let commands: Vec<String> = parts.commands.iter().map(|c| c.to_string()).collect();
    match game.moves.last_mut() {
        Some(m) => {
            if clock.is_some() {
                m.clock = clock;
            }
            m.commands.extend(commands);
            if !text.is_empty() {
                m.comments.push(text);
            }
        }
        None if !text.is_empty() => game.leading_comments.push(text),
        None => {}
    }
}
