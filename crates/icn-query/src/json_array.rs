//! A JSON array of JSON long form games, `[{…}, {…}]`, read one element at a
//! time: the input is scanned byte by byte (strings and their escapes
//! skipped) and each top-level object is handed to the JSON reader as soon
//! as it closes, so memory holds one game at a time. What is not an object
//! between the brackets (a number, a second `[`), text after the closing
//! `]`, and an array that never closes are reported as items that failed,
//! with their line.

use std::io::{BufRead, Bytes};

use icn_adapters::document::JsonNesting;

use crate::collection::{Item, Written};

/// Streams the games of a JSON array.
pub fn json_array_games<R: BufRead>(input: R) -> impl Iterator<Item = Item> {
    ArrayItems {
        bytes: input.bytes(),
        line: 1,
        number: 0,
        state: State::Before,
    }
}

/// Where the scanner is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the opening `[`.
    Before,
    /// Between elements.
    Between,
    /// After the closing `]` (or after an error that ends the input).
    Done,
}

struct ArrayItems<R> {
    bytes: Bytes<R>,
    line: usize,
    number: usize,
    state: State,
}

impl<R: BufRead> ArrayItems<R> {
    fn next_byte(&mut self) -> Option<Result<u8, String>> {
        let b = self.bytes.next()?;
        Some(match b {
            Ok(b) => {
                if b == b'\n' {
                    self.line += 1;
                }
                Ok(b)
            }
            Err(e) => Err(format!("cannot read line {}: {e}", self.line)),
        })
    }

    fn failed(&mut self, line: usize, message: String) -> Item {
        self.state = State::Done;
        self.number += 1;
        Item {
            number: self.number,
            line,
            game: Err(message),
            warnings: Vec::new(),
            written: Written::Json { pretty: false },
        }
    }

    /// The object that starts with the `{` just read, up to its `}`; or the
    /// line and message of what went wrong.
    fn object(&mut self, start: usize) -> Result<Vec<u8>, (usize, String)> {
        let mut text = vec![b'{'];
        let mut nesting = JsonNesting::default();
        nesting.feed(b'{');
        loop {
            let b = match self.next_byte() {
                Some(Ok(b)) => b,
                Some(Err(e)) => return Err((self.line, e)),
                None => {
                    let message = "the JSON array ends inside a game: expected `}`".to_string();
                    return Err((start, message));
                }
            };
            text.push(b);
            if nesting.feed(b) {
                return Ok(text);
            }
        }
    }
}

impl<R: BufRead> Iterator for ArrayItems<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if self.state == State::Done {
                return None;
            }
            let b = match self.next_byte() {
                Some(Ok(b)) => b,
                Some(Err(e)) => return Some(self.failed(self.line, e)),
                None if self.state == State::Before => return None,
                None => {
                    let line = self.line;
                    return Some(
                        self.failed(line, "the JSON array is not closed: expected `]`".into()),
                    );
                }
            };
            match (self.state, b) {
                (_, b' ' | b'\t' | b'\r' | b'\n') => {}
                (State::Before, 0xEF | 0xBB | 0xBF) => {} // a byte-order mark
                (State::Before, b'[') => self.state = State::Between,
                (State::Between, b',') => {}
                (State::Between, b']') => {
                    self.state = State::Done;
                    // Only blanks may follow.
                    while let Some(Ok(b)) = self.next_byte() {
                        if !b.is_ascii_whitespace() {
                            let line = self.line;
                            return Some(self.failed(
                                line,
                                format!(
                                    "expected nothing after the JSON array, found `{}`",
                                    b as char
                                ),
                            ));
                        }
                    }
                    return None;
                }
                (State::Between, b'{') => {
                    let start = self.line;
                    let text = match self.object(start) {
                        Ok(t) => t,
                        Err((line, message)) => return Some(self.failed(line, message)),
                    };
                    self.number += 1;
                    let text = String::from_utf8_lossy(&text);
                    let game = icn_adapters::sanlike_game::read_json(&text)
                        .map_err(|e| format!("invalid JSON long form: {e}"));
                    return Some(Item {
                        number: self.number,
                        line: start,
                        game,
                        warnings: Vec::new(),
                        written: Written::Json { pretty: false },
                    });
                }
                (_, b) => {
                    let line = self.line;
                    let found = if b.is_ascii_graphic() {
                        format!("`{}`", b as char)
                    } else {
                        format!("byte 0x{b:02x}")
                    };
                    return Some(self.failed(
                        line,
                        format!("expected a game `{{…}}` in the JSON array, found {found}"),
                    ));
                }
            }
        }
    }
}
