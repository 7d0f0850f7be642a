//! Game collections read one game at a time: PGN (every game of a file,
//! SAN resolved by `icn_adapters::pgn`), ICN and the JSON long form.
//!
//! * **ICN and JSON documents** ([`icn_games`]): paragraphs separated by
//!   blank lines, each one game, in either notation and in any form — one
//!   game per line (a paragraph that does not read as one game is read one
//!   game per line), a multi-line document (pretty ICN, pretty JSON). A
//!   paragraph of metadata tags only, and one that starts with a move number
//!   (`1. `), belong to the document around them, as the pretty form and the
//!   spec's examples set a blank line between metadata, position and moves.
//!   A line that holds a whole JSON object is one game (JSON Lines).
//! * **A JSON array of games** ([`json_array_games`]): `[{…}, {…}]`, read
//!   element by element.
//!
//! [`detect`] tells PGN from ICN by the first movetext: after any tag
//! lines, PGN's next line starts with a move number (`1.`) or a result;
//! ICN's with a side to move, a piece list or a comment of its own. An input
//! whose first character is `[` followed by `{` or `]` is a JSON array.
//! Every [`Item`] says how its game was written ([`Written`]), so that a
//! match can be printed back the same way.

use std::io::BufRead;

use icn_adapters::document::{Format, detect as detect_format};
use icn_adapters::pgn::{PgnGame, PgnReader, import_game};
use icn_model::{Dialect, Game};

pub use crate::json_array::json_array_games;

/// The notation of a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// PGN.
    Pgn,
    /// ICN or JSON long form documents.
    Icn,
    /// A JSON array of JSON long form games.
    JsonArray,
}

/// How one game was written in its collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// PGN.
    Pgn,
    /// ICN, on one line or over several (`pretty`).
    Icn {
        /// Written over several lines.
        pretty: bool,
    },
    /// The JSON long form, on one line or over several (`pretty`).
    Json {
        /// Written over several lines.
        pretty: bool,
    },
}

impl Written {
    /// How `text`, one document, is written.
    pub fn of(text: &str) -> Written {
        let pretty = text.trim().contains('\n');
        match detect_format(text) {
            Format::Icn => Written::Icn { pretty },
            Format::Json => Written::Json { pretty },
        }
    }
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
    /// How the game was written.
    pub written: Written,
}

/// Says whether `head` (the start of an input) is PGN or ICN.
///
/// ```
/// use icn_query::collection::{detect, Notation};
/// assert_eq!(detect("[Event \"x\"]\n\n1. e4 e5 *\n"), Notation::Pgn);
/// assert_eq!(detect("[Event \"x\"] w K5,1|k5,8\n"), Notation::Icn);
/// assert_eq!(detect("1.e4 e5\n"), Notation::Pgn);
/// assert_eq!(detect("[\n  {\"fullMove\": 1}\n]"), Notation::JsonArray);
/// ```
pub fn detect(head: &str) -> Notation {
    let head = icn_syntax::strip_bom(head);
    if let Some(rest) = head.trim_start().strip_prefix('[')
        && matches!(rest.trim_start().chars().next(), Some('{' | ']'))
    {
        return Notation::JsonArray;
    }
    for line in head.lines() {
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
            written: Written::Pgn,
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
        written: Written::Pgn,
    }
}

/// Streams the games of an ICN (or JSON) input: paragraphs separated by
/// blank lines, each one game (see the module docs for the paragraphs that
/// join their neighbours), or one game per line when a paragraph does not
/// read as one game.
pub fn icn_games<R: BufRead>(input: R, dialect: Dialect) -> impl Iterator<Item = Item> {
    IcnChunks {
        lines: input.lines(),
        line_no: 0,
        number: 0,
        pending: std::collections::VecDeque::new(),
        held: None,
        dialect,
        done: false,
    }
}

/// Numbered lines of the input.
type Lines = Vec<(usize, String)>;

struct IcnChunks<R> {
    lines: std::io::Lines<R>,
    line_no: usize,
    number: usize,
    pending: std::collections::VecDeque<Item>,
    /// A paragraph read ahead, to see whether it continues the one before.
    held: Option<Lines>,
    dialect: Dialect,
    done: bool,
}

/// Whether every line is a metadata tag (or several): `[Name "value"]`.
fn only_metadata(lines: &Lines) -> bool {
    lines.iter().all(|(_, l)| {
        let t = l.trim();
        t.starts_with('[') && t.ends_with(']')
    })
}

/// Whether the paragraph starts with a move number such as `1.` or `12...`.
fn starts_with_move_number(lines: &Lines) -> bool {
    lines.first().is_some_and(|(_, l)| {
        let t = l.trim_start();
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && t[digits..].starts_with('.')
    })
}

/// Whether the line is one whole JSON object (a line of JSON Lines).
fn whole_json_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('{') && t.ends_with('}') && detect_format(t) == Format::Json
}

impl<R: BufRead> IcnChunks<R> {
    fn item(&mut self, line: usize, text: &str) -> Item {
        self.number += 1;
        Item {
            number: self.number,
            line,
            game: icn_adapters::document::read_either(text, self.dialect),
            warnings: Vec::new(),
            written: Written::of(text),
        }
    }

    /// The next paragraph: lines up to a blank line or the end. A line that
    /// is a whole JSON object is a paragraph of its own.
    fn paragraph(&mut self) -> Lines {
        if let Some(p) = self.held.take() {
            return p;
        }
        let mut chunk = Lines::new();
        while !self.done {
            match self.lines.next() {
                None => self.done = true,
                Some(Err(e)) => {
                    self.done = true;
                    let line = self.line_no + 1;
                    self.number += 1;
                    self.pending.push_back(Item {
                        number: self.number,
                        line,
                        game: Err(format!("cannot read line {line}: {e}")),
                        warnings: Vec::new(),
                        written: Written::Icn { pretty: false },
                    });
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
                    let json = chunk.is_empty() && whole_json_line(&l);
                    chunk.push((self.line_no, l));
                    if json {
                        break;
                    }
                }
            }
        }
        chunk
    }

    /// Reads the next document into `pending`.
    fn fill(&mut self) {
        let mut chunk = self.paragraph();
        // Metadata alone belongs to what follows it.
        while !chunk.is_empty() && only_metadata(&chunk) {
            let next = self.paragraph();
            if next.is_empty() {
                break;
            }
            chunk.push((0, String::new()));
            chunk.extend(next);
        }
        // Moves after a blank line belong to the position before them.
        loop {
            let next = self.paragraph();
            if next.is_empty() {
                break;
            }
            if !starts_with_move_number(&next) {
                self.held = Some(next);
                break;
            }
            chunk.push((0, String::new()));
            chunk.extend(next);
        }
        if chunk.is_empty() {
            return;
        }
        let joined: Vec<&str> = chunk.iter().map(|(_, l)| l.as_str()).collect();
        let whole = joined.join("\n");
        let item = self.item(chunk[0].0, &whole);
        let lines = chunk.iter().filter(|(n, _)| *n > 0).count();
        if item.game.is_ok() || lines == 1 {
            self.pending.push_back(item);
            return;
        }
        self.number -= 1;
        for (n, l) in chunk.iter().filter(|(n, _)| *n > 0) {
            let it = self.item(*n, l);
            self.pending.push_back(it);
        }
    }
}

impl<R: BufRead> Iterator for IcnChunks<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        while self.pending.is_empty() && !(self.done && self.held.is_none()) {
            self.fill();
        }
        self.pending.pop_front()
    }
}
