//! Byte spans into the source text, line/column positions, and diagnostics
//! rendered like a compiler's: `file:line:col: message`, the source line and a
//! caret under the span.
//!
//! Columns count Unicode scalar values from 1; a CRLF line ending counts as the
//! end of the line (the `\r` is not shown).

use std::fmt;

use crate::LineIndex;
use crate::line_index::floor_char_boundary;

/// A half-open byte range `start..end` into the text a node came from.
///
/// Nodes that were built by a program rather than parsed carry
/// [`Span::SYNTHETIC`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span of nodes that did not come from text.
    pub const SYNTHETIC: Span = Span { start: 0, end: 0 };

    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// This span shifted right by `offset` bytes.
    pub fn shifted(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(s: pest::Span<'_>) -> Self {
        Span::new(s.start(), s.end())
    }
}

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The line and column of byte `offset` in `source` (clamped to the text).
/// For many offsets into one text, build a [`LineIndex`] once instead.
pub fn line_col(source: &str, offset: usize) -> LineCol {
    LineIndex::new(source).line_col(offset)
}

/// A problem found in a text, with the span it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong, lowercase, saying what was expected and what was found.
    pub message: String,
}

/// How many characters around the caret a rendered source line shows.
const WINDOW: usize = 60;

impl Diagnostic {
    /// A diagnostic at `span`. Text the message quotes in backticks is cut to
    /// a short excerpt (see [`crate::cap_quotes`]), so a huge token never
    /// makes a huge message.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            span,
            message: crate::excerpt::cap_quotes(message.into()),
        }
    }

    /// Line and column of the start of the span in `source`.
    pub fn line_col(&self, source: &str) -> LineCol {
        line_col(source, self.span.start)
    }

    /// Line and column of the start of the span in the indexed text.
    pub fn line_col_in(&self, index: &LineIndex<'_>) -> LineCol {
        index.line_col(self.span.start)
    }

    /// The one-line form `origin:line:col: message`.
    pub fn one_line(&self, origin: &str, source: &str) -> String {
        format!("{origin}:{}: {}", self.line_col(source), self.message)
    }

    /// The full form: `error: message`, the location, the source line and a
    /// caret under the span. Long lines are cut around the span. For many
    /// diagnostics of one text, [`Diagnostic::render_in`] one [`LineIndex`].
    pub fn render(&self, origin: &str, source: &str) -> String {
        self.render_in(origin, &LineIndex::new(source))
    }

    /// [`Diagnostic::render`] with the text's line index built once: the
    /// cost is independent of the length of the text and of the line.
    pub fn render_in(&self, origin: &str, index: &LineIndex<'_>) -> String {
        let mut out = String::new();
        self.render_into(&mut out, origin, index);
        out
    }

    /// [`Diagnostic::render_in`], appended to `out`.
    pub fn render_into(&self, out: &mut String, origin: &str, index: &LineIndex<'_>) {
        self.render_as_into(out, "error", origin, index);
    }

    /// [`Diagnostic::render`] with another label than `error`, such as
    /// `warning[ep-without-pawn]`.
    pub fn render_as(&self, label: &str, origin: &str, source: &str) -> String {
        let mut out = String::new();
        self.render_as_into(&mut out, label, origin, &LineIndex::new(source));
        out
    }

    /// [`Diagnostic::render_as`], appended to `out`, with the text's line index.
    pub fn render_as_into(
        &self,
        out: &mut String,
        label: &str,
        origin: &str,
        index: &LineIndex<'_>,
    ) {
        use fmt::Write as _;
        let source = index.text();
        let lc = index.line_col(self.span.start);
        let line_start = index.line_start(lc.line);
        let line_end = index.line_end(lc.line);
        // A span that starts at the `\r` or `\n` ending its line points just past what is shown.
        let start = floor_char_boundary(source, self.span.start.min(source.len()))
            .clamp(line_start, line_end);
        let end = floor_char_boundary(source, self.span.end.clamp(start, line_end));
        let caret_len = source[start..end].chars().take(WINDOW).count().max(1);
        // Show at most WINDOW characters before the caret and WINDOW after its carets.
        let from = source[line_start..start]
            .char_indices()
            .rev()
            .nth(WINDOW - 1)
            .map_or(line_start, |(i, _)| line_start + i);
        let to = source[start..line_end]
            .char_indices()
            .nth(caret_len + WINDOW)
            .map_or(line_end, |(i, _)| start + i);
        let (cut_before, cut_after) = (from > line_start, to < line_end);
        let pad = index.chars_between(from, start) + if cut_before { 3 } else { 0 };
        let gutter = lc.line.to_string();
        let blank = " ".repeat(gutter.len());
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            "{label}: {msg}\n{blank}--> {origin}:{lc}\n{blank} |\n{gutter} | {dots_before}{shown}{dots_after}\n{blank} | ",
            msg = self.message,
            dots_before = if cut_before { "..." } else { "" },
            shown = &source[from..to],
            dots_after = if cut_after { "..." } else { "" },
        );
        out.extend(std::iter::repeat_n(' ', pad));
        out.extend(std::iter::repeat_n('^', caret_len));
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

/// Shows a byte or the end of the text as a user sees it: `` `>` `` or `end of input`.
pub fn describe_found(source: &str, offset: usize) -> String {
    match source.get(offset..).and_then(|s| s.chars().next()) {
        None => "end of input".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(' ') | Some('\t') => "a blank".to_string(),
        Some(c) => format!("`{c}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_chars() {
        let src = "ab\r\nc×d\ne";
        assert_eq!(line_col(src, 0), LineCol { line: 1, column: 1 });
        assert_eq!(line_col(src, 4), LineCol { line: 2, column: 1 });
        // `d` comes after the two-byte `×`
        assert_eq!(line_col(src, 7), LineCol { line: 2, column: 3 });
        assert_eq!(line_col(src, 9), LineCol { line: 3, column: 1 });
    }

    #[test]
    fn render_points_a_caret_at_the_span() {
        let src = "w 0/100\nK1,2|Q3";
        let d = Diagnostic::new(
            Span::new(13, 15),
            "expected `,` after the x coordinate, found end of input",
        );
        let r = d.render("in.icn", src);
        assert!(r.contains("--> in.icn:2:6"), "{r}");
        assert!(r.contains("2 | K1,2|Q3"), "{r}");
        assert!(r.ends_with("|      ^^"), "{r}");
    }

    #[test]
    fn render_of_a_span_at_a_crlf_line_end_after_wide_characters_does_not_panic() {
        // The JSON reader points at the `\n` of `é\r\n`: byte 12, past the shown line.
        let src = "{\"turn\":\"é\r\n\"}";
        for start in 0..=src.len() + 2 {
            let d = Diagnostic::new(Span::new(start, start + 1), "x");
            let r = d.render("in.json", src);
            assert!(r.contains("--> in.json:"), "{r}");
        }
        let r = Diagnostic::new(Span::new(12, 13), "x").render("in.json", src);
        assert!(r.contains("1 | {\"turn\":\"é\n"), "{r}");
        assert!(r.ends_with(&format!("| {}^", " ".repeat(10))), "{r}");
    }

    #[test]
    fn render_cuts_a_long_line_around_the_caret() {
        let src = format!("{}X{}", "é".repeat(1000), "a".repeat(1000));
        let d = Diagnostic::new(Span::new(2000, 2001), "here");
        let r = d.render("f", &src);
        let shown = format!("1 | ...{}X{}...", "é".repeat(60), "a".repeat(60));
        assert!(r.contains(&shown), "{r}");
        assert!(r.contains("--> f:1:1001"), "{r}");
        assert!(r.ends_with(&format!("| {}^", " ".repeat(63))), "{r}");
    }

    #[test]
    fn messages_quote_at_most_an_excerpt_of_a_token() {
        let token = "z".repeat(100_000);
        let d = Diagnostic::new(Span::new(0, 1), format!("unknown piece code `{token}`"));
        assert_eq!(
            d.message,
            format!("unknown piece code `{}…`", "z".repeat(crate::EXCERPT_CHARS))
        );
    }
}
