//! Game collections read one game at a time: PGN (every game of a file,
//! SAN resolved by `icn_adapters::pgn`), ICN (documents separated by blank
//! lines; a chunk that does not read as one game is read one game per line,
//! so files with one game per line work too; both dialects) and the JSON
//! long form (a whole file, or one document per chunk).
//!
//! [`detect`] tells PGN from ICN by the first movetext: after any tag
//! lines, PGN's next line starts with a move number (`1.`) or a result;
//! ICN's with a side to move, a piece list or a comment of its own.

use std::io::BufRead;

use icn_adapters::pgn::{PgnGame, PgnReader, import_game};
use icn_model::{Dialect, Game};

/// The notation of a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// PGN.
    Pgn,
    /// ICN or JSON long form documents.
    Icn,
}

/// One game read from a collection, or why it could not be read.
#[derive(Clone, Debug)]
pub struct Item {
    /// 1-based number of the game in its input.
    pub number: usize,
    /// Line where it starts.
    pub line: usize,
    /// The game, or what was wrong with it.
    pub game: Result<Game, String>,
    /// Warnings the reader gave (skipped variations, dropped NAGs).
    pub warnings: Vec<String>,
}

/// Says whether `head` (the start of an input) is PGN or ICN.
///
/// ```
/// use icn_query::collection::{detect, Notation};
/// assert_eq!(detect("[Event \"x\"]\n\n1. e4 e5 *\n"), Notation::Pgn);
/// assert_eq!(detect("[Event \"x\"] w K5,1|k5,8\n"), Notation::Icn);
/// assert_eq!(detect("1.e4 e5\n"), Notation::Pgn);
/// ```
pub fn detect(head: &str) -> Notation {
    for line in icn_syntax::strip_bom(head).lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        // A line of tags only, as PGN writes them.
        if t.starts_with('[') && t.ends_with(']') && !t.contains("] ") {
            continue;
        }
        let first = t.split_whitespace().next().unwrap_or("");
        let numbered = first
            .split('.')
            .next()
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            && first.contains('.');
        let result = matches!(first, "1-0" | "0-1" | "1/2-1/2" | "*");
        return if numbered || result {
            Notation::Pgn
        } else {
            Notation::Icn
        };
    }
    Notation::Icn
}

/// Streams the games of a PGN input.
pub fn pgn_games<R: BufRead>(input: R) -> impl Iterator<Item = Item> {
    PgnReader::new(input).map(|g| match g {
        Ok(g) => pgn_item(&g),
        Err(e) => Item {
            number: e.game,
            line: e.line,
            game: Err(e.to_string()),
            warnings: Vec::new(),
        },
    })
}

fn pgn_item(g: &PgnGame) -> Item {
    let (game, warnings) = match import_game(g) {
        Ok((game, w)) => (
            Ok(game),
            w.into_iter()
                .map(|p| format!("{}:{}: {}", p.line, p.column, p.message))
                .collect(),
        ),
        Err(e) => (Err(e.message), Vec::new()),
    };
    Item {
        number: g.number,
        line: g.line,
        game,
        warnings,
    }
}

/// Streams the games of an ICN (or JSON) input: chunks of lines separated
/// by blank lines, each one game, or one game per line when the chunk does
/// not read as one game.
pub fn icn_games<R: BufRead>(input: R, dialect: Dialect) -> impl Iterator<Item = Item> {
    IcnChunks {
        lines: input.lines(),
        line_no: 0,
        number: 0,
        pending: std::collections::VecDeque::new(),
        dialect,
        done: false,
    }
}

struct IcnChunks<R> {
    lines: std::io::Lines<R>,
    line_no: usize,
    number: usize,
    pending: std::collections::VecDeque<Item>,
    dialect: Dialect,
    done: bool,
}

impl<R: BufRead> IcnChunks<R> {
    fn item(&mut self, line: usize, text: &str) -> Item {
        self.number += 1;
        Item {
            number: self.number,
            line,
            game: icn_adapters::document::read_either(text, self.dialect),
            warnings: Vec::new(),
        }
    }

    /// Reads the next chunk into `pending`.
    fn fill(&mut self) {
        let mut chunk: Vec<(usize, String)> = Vec::new();
        loop {
            match self.lines.next() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Err(e)) => {
                    self.done = true;
                    let line = self.line_no + 1;
                    self.number += 1;
                    self.pending.push_back(Item {
                        number: self.number,
                        line,
                        game: Err(format!("cannot read line {line}: {e}")),
                        warnings: Vec::new(),
                    });
                    break;
                }
                Some(Ok(l)) => {
                    self.line_no += 1;
                    let l = if self.line_no == 1 {
                        icn_syntax::strip_bom(&l).to_string()
                    } else {
                        l
                    };
                    if l.trim().is_empty() {
                        if chunk.is_empty() {
                            continue;
                        }
                        break;
                    }
                    chunk.push((self.line_no, l));
                }
            }
        }
        if chunk.is_empty() {
            return;
        }
        let joined: Vec<&str> = chunk.iter().map(|(_, l)| l.as_str()).collect();
        let whole = joined.join("\n");
        let item = self.item(chunk[0].0, &whole);
        if item.game.is_ok() || chunk.len() == 1 {
            self.pending.push_back(item);
            return;
        }
        self.number -= 1;
        for (n, l) in &chunk {
            let it = self.item(*n, l);
            self.pending.push_back(it);
        }
    }
}

impl<R: BufRead> Iterator for IcnChunks<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        while self.pending.is_empty() && !self.done {
            self.fill();
        }
        self.pending.pop_front()
    }
}
