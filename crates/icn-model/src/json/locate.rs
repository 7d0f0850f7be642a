//! Finding a key path (`gameRules.winConditions`, `startingPosition."1,2"`,
//! `moves[3]`) in JSON text, so a message about a value read from JSON can
//! point at it with a line, a column and a caret. Keys that are squares
//! match by value: `"05,5"` in the text is the path's `"5,5"`.
//!
//! The scan is one linear pass that stops at the value; text that is not
//! well-formed JSON simply gives no span.

use icn_syntax::Span;

use crate::Coord;

/// One step of a path: an object key or an array index.
#[derive(Debug, PartialEq, Eq)]
enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

/// Splits `a.b."x,y"[3]` into steps; `None` for a malformed path.
fn steps(path: &str) -> Option<Vec<Step<'_>>> {
    let mut out = Vec::new();
    let mut rest = path;
    while !rest.is_empty() {
        rest = rest.strip_prefix('.').unwrap_or(rest);
        if let Some(after) = rest.strip_prefix('"') {
            let end = after.find('"')?;
            out.push(Step::Key(&after[..end]));
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']')?;
            out.push(Step::Index(after[..end].parse().ok()?));
            rest = &after[end + 1..];
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            if end == 0 {
                return None;
            }
            out.push(Step::Key(&rest[..end]));
            rest = &rest[end..];
        }
    }
    Some(out)
}

/// The span of the value at `path` in `text` (the key and its value for an
/// object member), or `None` when the text has no such value.
///
/// ```
/// use icn_model::json::locate;
/// let text = "{\"a\": {\"05,5\": [1, \"x\"]}}";
/// let s = locate(text, "a.\"5,5\"[1]").unwrap();
/// assert_eq!(&text[s.start..s.end], "\"x\"");
/// assert!(locate(text, "a.b").is_none());
/// ```
pub fn locate(text: &str, path: &str) -> Option<Span> {
    let steps = steps(path)?;
    let mut scan = Scanner {
        b: text.as_bytes(),
        i: 0,
    };
    if text.starts_with('\u{feff}') {
        scan.i = 3;
    }
    scan.ws();
    let mut start = scan.i;
    for step in &steps {
        start = scan.find(step)?;
    }
    let end = scan.skip_value()?;
    Some(Span::new(start, end))
}

struct Scanner<'t> {
    b: &'t [u8],
    i: usize,
}

impl<'t> Scanner<'t> {
    fn ws(&mut self) {
        while self.b.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Moves into the container at the cursor to the member `step`, leaving
    /// the cursor on its value; gives where the member starts (its key).
    fn find(&mut self, step: &Step<'_>) -> Option<usize> {
        match (self.peek()?, step) {
            (b'{', Step::Key(want)) => {
                self.i += 1;
                loop {
                    self.ws();
                    if self.peek()? == b'}' {
                        return None;
                    }
                    let key_start = self.i;
                    let key = self.string()?;
                    self.ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    self.ws();
                    if key_matches(key, want) {
                        return Some(key_start);
                    }
                    self.skip_value()?;
                    self.ws();
                    match self.peek()? {
                        b',' => self.i += 1,
                        _ => return None,
                    }
                }
            }
            (b'[', Step::Index(want)) => {
                self.i += 1;
                for _ in 0..*want {
                    self.ws();
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? != b',' {
                        return None;
                    }
                    self.i += 1;
                }
                self.ws();
                (self.peek()? != b']').then_some(self.i)
            }
            _ => None,
        }
    }

    /// Reads a string at the cursor (escapes left as written).
    fn string(&mut self) -> Option<&'t str> {
        if self.peek()? != b'"' {
            return None;
        }
        let start = self.i + 1;
        let mut j = start;
        while j < self.b.len() {
            match self.b[j] {
                b'\\' => j += 2,
                b'"' => {
                    self.i = j + 1;
                    let b: &'t [u8] = self.b;
                    return std::str::from_utf8(&b[start..j]).ok();
                }
                _ => j += 1,
            }
        }
        None
    }

    /// Skips the value at the cursor; gives the offset past it.
    fn skip_value(&mut self) -> Option<usize> {
        match self.peek()? {
            b'"' => {
                self.string()?;
            }
            b'{' | b'[' => {
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    match c {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.i += 1;
                                return Some(self.i);
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
                return None;
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, b',' | b'}' | b']') && !c.is_ascii_whitespace())
                {
                    self.i += 1;
                }
            }
        }
        Some(self.i)
    }
}

fn key_matches(key: &str, want: &str) -> bool {
    key == want
        || (key.contains(',')
            && want.contains(',')
            && matches!((Coord::parse(key), Coord::parse(want)), (Ok(a), Ok(b)) if a == b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_members_items_and_squares() {
        let text = "{\n  \"startingPosition\": {\"1,1\": \"kingsW\", \"-02,3\": \"kingsB\"},\n  \"moves\": [\"1,1>1,2\", \"a\\\"b\", \"x\"]\n}";
        let at = |p: &str| locate(text, p).map(|s| &text[s.start..s.end]);
        assert_eq!(
            at("startingPosition.\"-2,3\""),
            Some("\"-02,3\": \"kingsB\"")
        );
        assert_eq!(at("moves[2]"), Some("\"x\""));
        assert_eq!(at("moves[1]"), Some("\"a\\\"b\""));
        assert_eq!(at("moves[3]"), None);
        assert_eq!(at("turn"), None);
        assert_eq!(locate("{\"a\": [", "a[0]"), None);
        assert_eq!(locate("", "a"), None);
    }
}
