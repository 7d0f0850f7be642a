//! [`LineIndex`]: where every line of a text starts and how many characters
//! precede every block of bytes, computed once, so that the line and column
//! of any number of byte offsets cost a binary search and a scan of at most
//! one block each. Rendering every diagnostic of a text through one index is
//! linear in the text, however many diagnostics there are and however long
//! its lines.
//!
//! Lines end at `\n`; columns count Unicode scalar values from 1. A UTF-8
//! byte-order mark at the very start is not shown by editors and is not
//! counted: the first line starts after it.

use crate::LineCol;

/// Bytes per block of the character-count table.
const BLOCK: usize = 512;

/// The UTF-8 byte-order mark, which readers skip at the start of a text.
pub const BOM: char = '\u{feff}';

/// The text without a UTF-8 byte-order mark at its start.
///
/// ```
/// assert_eq!(icn_syntax::strip_bom("\u{feff}w K1,1"), "w K1,1");
/// assert_eq!(icn_syntax::strip_bom("w K1,1"), "w K1,1");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Line starts and a character-count table of one text.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of the start of each line; the first is after a BOM.
    starts: Vec<usize>,
    /// Characters before byte `k * BLOCK`, for every block; empty for an
    /// ASCII text.
    chars_before_block: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text` (one pass over its bytes).
    ///
    /// ```
    /// use icn_syntax::{LineCol, LineIndex};
    /// let index = LineIndex::new("ab\r\nc×d\ne");
    /// assert_eq!(index.line_col(7), LineCol { line: 2, column: 3 });
    /// assert_eq!(index.line_col(9), LineCol { line: 3, column: 1 });
    /// ```
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let first = if text.starts_with(BOM) {
            BOM.len_utf8()
        } else {
            0
        };
        let mut starts = vec![first];
        if bytes.is_ascii() {
            // One byte per character (the common case): only the line
            // starts are needed, and no count per block.
            starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
            return LineIndex {
                text,
                starts,
                chars_before_block: Vec::new(),
            };
        }
        let mut chars_before_block = Vec::with_capacity(bytes.len() / BLOCK + 1);
        let mut count = 0;
        // Block by block: the word-at-a-time checks (`is_ascii`, `contains`)
        // settle most blocks without looking at each byte.
        for (k, block) in bytes.chunks(BLOCK).enumerate() {
            chars_before_block.push(count);
            count += if block.is_ascii() {
                block.len()
            } else {
                block.iter().filter(|&&b| !is_continuation(b)).count()
            };
            if block.contains(&b'\n') {
                starts.extend(
                    block
                        .iter()
                        .enumerate()
                        .filter(|&(_, &b)| b == b'\n')
                        .map(|(i, _)| k * BLOCK + i + 1),
                );
            }
        }
        chars_before_block.push(count);
        LineIndex {
            text,
            starts,
            chars_before_block,
        }
    }

    /// The text indexed.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The line (from 1) holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The byte where `line` (from 1, clamped to the lines there are) starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.starts[line.clamp(1, self.starts.len()) - 1]
    }

    /// The byte where the shown part of `line` ends: before its `\n`, and
    /// before a `\r` that precedes it.
    pub fn line_end(&self, line: usize) -> usize {
        let line = line.clamp(1, self.starts.len());
        let end = self
            .starts
            .get(line)
            .map_or(self.text.len(), |next| next - 1);
        let start = self.line_start(line);
        if end > start && self.text.as_bytes()[end - 1] == b'\r' {
            end - 1
        } else {
            end.max(start)
        }
    }

    /// Characters in `text[..offset]`, for a character boundary `offset`.
    fn chars_before(&self, offset: usize) -> usize {
        if self.chars_before_block.is_empty() {
            return offset; // an ASCII text
        }
        let block = offset / BLOCK;
        let from = block * BLOCK;
        let before = self.chars_before_block[block];
        let in_block = match self.chars_before_block.get(block + 1) {
            // A block of one-byte characters (ASCII, the common case) needs no scan.
            Some(&next) if next - before == BLOCK => offset - from,
            _ => self.text.as_bytes()[from..offset]
                .iter()
                .filter(|&&b| !is_continuation(b))
                .count(),
        };
        before + in_block
    }

    /// Characters between two character boundaries `from <= to`.
    pub fn chars_between(&self, from: usize, to: usize) -> usize {
        self.chars_before(to) - self.chars_before(from.min(to))
    }

    /// Line and column of byte `offset` (clamped to the text, and moved back
    /// to the start of the character it falls in).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = floor_char_boundary(self.text, offset.min(self.text.len()));
        let line = self.line_of(offset);
        let start = self.line_start(line);
        LineCol {
            line,
            column: self.chars_between(start, offset.max(start)) + 1,
        }
    }

    /// The byte offset of a 1-based line and a column counted in bytes from
    /// 1 (as serde_json counts), clamped to that line and to a character
    /// boundary.
    pub fn offset_of_byte_column(&self, line: usize, column: usize) -> usize {
        let start = self.line_start(line);
        let end = self
            .starts
            .get(line.clamp(1, self.starts.len()))
            .map_or(self.text.len(), |next| next - 1)
            .max(start);
        floor_char_boundary(self.text, (start + column.saturating_sub(1)).min(end))
    }
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// The largest character boundary at or before `i` (which is at most the length).
pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(source: &str, offset: usize) -> LineCol {
        let before = &source[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        LineCol {
            line,
            column: source[line_start..offset].chars().count() + 1,
        }
    }

    #[test]
    fn agrees_with_counting_from_the_start() {
        // Multi-byte characters, and an ASCII text (indexed without counts).
        for unit in ["a×\u{1F600}b", "ab,-9|"] {
            let line: String = unit.repeat(300);
            let text = format!("{line}\r\n\n{line}\nend");
            let index = LineIndex::new(&text);
            for (offset, _) in text.char_indices() {
                assert_eq!(index.line_col(offset), naive(&text, offset), "at {offset}");
            }
            assert_eq!(index.line_col(text.len()), naive(&text, text.len()));
        }
    }

    #[test]
    fn line_ends_leave_out_cr_and_lf() {
        let text = "ab\r\ncd\n\nx";
        let index = LineIndex::new(text);
        assert_eq!((index.line_start(1), index.line_end(1)), (0, 2));
        assert_eq!((index.line_start(2), index.line_end(2)), (4, 6));
        assert_eq!((index.line_start(3), index.line_end(3)), (7, 7));
        assert_eq!((index.line_start(4), index.line_end(4)), (8, 9));
    }

    #[test]
    fn a_byte_order_mark_is_not_a_column() {
        let text = "\u{feff}w K1,1\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(3), LineCol { line: 1, column: 1 });
        assert_eq!(index.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(index.line_col(5), LineCol { line: 1, column: 3 });
    }

    #[test]
    fn byte_columns_become_offsets_within_the_line() {
        let text = "{\"turn\":\"é\r\n\"}";
        let index = LineIndex::new(text);
        // serde_json counts bytes: column 12 is the `\r` after the two-byte `é`.
        assert_eq!(index.offset_of_byte_column(1, 12), 11);
        assert_eq!(index.offset_of_byte_column(1, 99), 12);
        assert_eq!(index.offset_of_byte_column(2, 1), 13);
        assert_eq!(
            index.line_col(11),
            LineCol {
                line: 1,
                column: 11
            }
        );
    }
}
