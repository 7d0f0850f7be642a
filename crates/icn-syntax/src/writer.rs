//! Typed tree → ICN text, in either dialect and in two layouts.
//!
//! * [`Layout::Line`]: everything on one line (metadata, fields, pieces,
//!   moves joined by `|`), as the site writes it and as `--lines` needs.
//! * [`Layout::Pretty`]: one metadata tag per line, the position on its own
//!   line, then the moves numbered, one round per line, in the long form of
//!   `icn-notation.md` (`1. P4,2 > 4,4 | p4,7 > 4,6`). A move number is
//!   digits, so rounds whose number would be below zero start with `|`.
//!
//! Metadata values are written raw, as the site writes them; a value that
//! holds a `"` is written with `\"` and `\\` escapes (the site reads no
//! such value), and one with `"` followed by `]` is refused.
//!
//! Header fields are always written in the site dialect's order, which the
//! spec dialect also accepts. Which fields and decorations appear is the
//! caller's choice (the model writes defaults or leaves them out). Writing
//! refuses, with every reason, what the target dialect cannot express.

use std::fmt::Write as _;

use crate::Excerpt;
use crate::ast::*;
use crate::dialect::{self, Dialect};

/// How to lay the text out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One line.
    #[default]
    Line,
    /// Several lines with move numbers.
    Pretty,
}

/// Options for [`write()`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Target dialect; [`Dialect::Auto`] writes the site dialect when the
    /// site can read the document, and otherwise what this toolkit reads in
    /// auto mode (a world border with `threecheck`, for one).
    pub dialect: Dialect,
    /// Layout.
    pub layout: Layout,
}

/// Why a document could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// Every problem found, one sentence each.
    pub problems: Vec<String>,
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.problems.join("; "))
    }
}

impl std::error::Error for WriteError {}

/// Writes `doc` as ICN text.
///
/// # Errors
/// When the target dialect cannot express something in `doc` (a world border
/// in the spec dialect, `threecheck` in the site dialect, ...), or when a
/// value cannot be written at all (a metadata value with a line break, a
/// comment containing `}`).
///
/// ```
/// use icn_syntax::{parse, write, Dialect, WriteOptions};
/// let doc = parse("w 0/100 K5,1+|k5,8+ 5,1>5,2", Dialect::Auto).unwrap();
/// assert_eq!(write(&doc, WriteOptions::default()).unwrap(), "w 0/100 K5,1+|k5,8+ 5,1>5,2");
/// ```
pub fn write(doc: &Document<'_>, options: WriteOptions) -> Result<String, WriteError> {
    let mut out = String::with_capacity(doc.pieces.len() * 8 + doc.moves.len() * 12 + 64);
    write_into(&mut out, doc, options)?;
    Ok(out)
}

/// Like [`write()`], appending to `out` (nothing is appended on error).
///
/// # Errors
/// As [`write()`].
pub fn write_into(
    out: &mut String,
    doc: &Document<'_>,
    options: WriteOptions,
) -> Result<(), WriteError> {
    // Auto: the site dialect when the site can read the document, else the
    // union of both dialects that this toolkit reads in auto mode.
    let dialect = match options.dialect {
        Dialect::Auto if site_can_read(doc) => Dialect::Site,
        d => d,
    };
    let mut problems: Vec<String> = dialect::check(doc, dialect)
        .into_iter()
        .map(|d| d.message)
        .collect();
    check_writable(doc, dialect, &mut problems);
    if !problems.is_empty() {
        return Err(WriteError { problems });
    }
    let pretty = options.layout == Layout::Pretty;
    let mut sep = Sep::default();
    for tag in &doc.metadata {
        sep.put(out, if pretty { "\n" } else { " " });
        write_tag(out, tag);
    }
    if pretty && !doc.metadata.is_empty() {
        // The tags end their line; the position starts the next one.
        out.push('\n');
        sep = Sep::default();
    }
    let mut fields: Vec<&Field<'_>> = doc.fields.iter().collect();
    fields.sort_by_key(|f| f.kind.site_order());
    for f in fields {
        sep.put(out, " ");
        write_field(out, &f.kind);
    }
    if !doc.pieces.is_empty() {
        sep.put(out, " ");
        for (i, p) in doc.pieces.iter().enumerate() {
            if i > 0 {
                out.push('|');
            }
            out.push_str(&p.code.text);
            write_coord(out, &p.at);
            if p.special_right {
                out.push('+');
            }
        }
    }
    if doc.moves.is_empty() && doc.leading_comments.is_empty() {
        return Ok(());
    }
    sep.put(out, if pretty { "\n\n" } else { " " });
    let bare_first_move = doc.leading_comments.is_empty()
        && doc.moves.first().and_then(MoveEntry::coordinates).is_some();
    if doc.pieces.is_empty() && !(options.dialect == Dialect::Site && bare_first_move) {
        // Without a piece list, a leading `{...}` could read as the JSON
        // property field and a long-form move as a piece: a `|` separator
        // first makes both unambiguously movetext. The site refuses the `|`
        // (its game logs put the moves right after the header): in the site
        // dialect it is left out when the first move is a coordinate move
        // (with a piece letter or not: a move is tried before a piece list).
        out.push('|');
    }
    for (i, c) in doc.leading_comments.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_comment(out, c);
    }
    if !doc.leading_comments.is_empty() && !doc.moves.is_empty() {
        out.push(' ');
    }
    if pretty {
        write_numbered_moves(out, doc, dialect);
    } else {
        for (i, m) in doc.moves.iter().enumerate() {
            if i > 0 {
                out.push('|');
            }
            write_move(out, m, dialect, false);
        }
    }
    Ok(())
}

#[derive(Default)]
struct Sep(bool);

impl Sep {
    fn put(&mut self, out: &mut String, s: &str) {
        if self.0 {
            out.push_str(s);
        }
        self.0 = true;
    }
}

/// Whether the site dialect can say everything in `doc`.
fn site_can_read(doc: &Document<'_>) -> bool {
    let mut problems = Vec::new();
    check_writable(doc, Dialect::Site, &mut problems);
    problems.is_empty() && dialect::check(doc, Dialect::Site).is_empty()
}

fn check_writable(doc: &Document<'_>, dialect: Dialect, problems: &mut Vec<String>) {
    for tag in &doc.metadata {
        if tag.name.is_empty()
            || !tag
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            problems.push(format!(
                "metadata name `{}` must be letters, digits and `_`",
                Excerpt(&tag.name)
            ));
        }
        if tag.value.contains(['\n', '\r']) {
            problems.push(format!(
                "metadata `{}` has a line break, which ICN cannot hold",
                Excerpt(&tag.name)
            ));
        }
        // Escaped, the first `"` would end a raw reading of the value.
        if tag
            .value
            .split_once('"')
            .is_some_and(|(_, rest)| rest.starts_with(']'))
        {
            problems.push(format!(
                "metadata `{}`: a value with `\"` followed by `]` cannot be written in ICN",
                Excerpt(&tag.name)
            ));
        }
        // The site writes metadata raw and reads back only what it can.
        if dialect == Dialect::Site {
            let units = tag.value.encode_utf16().count();
            if tag.value.contains('"') || units == 0 || units > 200 {
                problems.push(format!(
                    "metadata `{}`: the site reads a value of 1 to 200 characters with no `\"` (write it in the spec dialect)",
                    Excerpt(&tag.name)
                ));
            }
            if !tag.name.bytes().all(|b| b.is_ascii_alphabetic()) {
                problems.push(format!(
                    "metadata name `{}`: the site reads names of ASCII letters only (write it in the spec dialect)",
                    Excerpt(&tag.name)
                ));
            }
        }
    }
    if dialect == Dialect::Site
        && doc
            .fields
            .iter()
            .any(|f| matches!(f.kind, FieldKind::Properties(_)))
    {
        problems.push(
            "the site reads no `{…}` JSON property block (write it in the spec dialect)"
                .to_string(),
        );
    }
    let comments = doc
        .leading_comments
        .iter()
        .chain(doc.moves.iter().flat_map(|m| &m.comments));
    for c in comments {
        if c.text.contains('}') {
            problems.push(format!(
                "comment `{}` contains `}}`, which ICN cannot hold",
                Excerpt(&c.text)
            ));
        }
    }
}

/// A tag as the readers take it: the value raw (as the site writes it), or,
/// when it holds a `"`, with `\"` and `\\` escapes (the grammar reads a
/// value raw first, so [`check_writable`] refuses a `"` followed by `]`).
fn write_tag(out: &mut String, tag: &MetaTag<'_>) {
    out.push('[');
    out.push_str(&tag.name);
    out.push_str(" \"");
    if tag.value.contains('"') {
        for c in tag.value.chars() {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    } else {
        out.push_str(&tag.value);
    }
    out.push_str("\"]");
}

fn write_coord(out: &mut String, c: &Coord<'_>) {
    out.push_str(&c.x.text);
    out.push(',');
    out.push_str(&c.y.text);
}

fn join<T>(out: &mut String, items: &[T], sep: char, mut each: impl FnMut(&mut String, &T)) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        each(out, item);
    }
}

fn write_field(out: &mut String, kind: &FieldKind<'_>) {
    match kind {
        FieldKind::TurnOrder(order) => join(out, order, ':', |o, p| o.push_str(p.as_str())),
        FieldKind::EnPassant(c) => write_coord(out, c),
        FieldKind::MoveRule { played, limit } => {
            let _ = write!(out, "{}/{}", played.text, limit.text);
        }
        FieldKind::FullMove(n) => out.push_str(&n.text),
        FieldKind::Promotions(segs) => {
            out.push('(');
            join(out, segs, '|', |o, s| {
                join(o, &s.ranks, ',', |o, r| o.push_str(&r.text));
                if let Some(pieces) = &s.pieces {
                    o.push(';');
                    join(o, pieces, ',', |o, p| o.push_str(&p.text));
                }
            });
            out.push(')');
        }
        FieldKind::WorldBorder(sides) => join(out, sides, ',', |o, s| match s {
            Some(i) => o.push_str(&i.text),
            None => o.push('_'),
        }),
        FieldKind::WinConditions(segs) => {
            let list =
                |o: &mut String, s: &Vec<Keyword<'_>>| join(o, s, ',', |o, w| o.push_str(&w.text));
            if segs.len() == 1 {
                list(out, &segs[0]);
            } else {
                out.push('(');
                join(out, segs, '|', list);
                out.push(')');
            }
        }
        FieldKind::Properties(json) => out.push_str(json),
        FieldKind::Squares(squares) => {
            out.push_str("Squares:");
            join(out, squares, '|', write_coord);
        }
        FieldKind::Rays(rays) => {
            out.push_str("Rays:");
            join(out, rays, '|', |o, r| {
                write_coord(o, &r.from);
                o.push('>');
                write_coord(o, &r.direction);
            });
        }
    }
}

fn write_comment(out: &mut String, c: &Comment<'_>) {
    out.push('{');
    out.push_str(&c.text);
    out.push('}');
}

fn write_move(out: &mut String, m: &MoveEntry<'_>, dialect: Dialect, pretty: bool) {
    // SAN-like moves are one token, check mark included, as in SAN.
    let pretty_suffix = pretty && m.coordinates().is_some();
    match &m.body {
        MoveBody::Coordinates(c) => write_coordinates(out, c, dialect, pretty),
        MoveBody::SanLike(t) => out.push_str(&t.text),
    }
    if let Some(c) = m.check {
        if pretty_suffix {
            out.push(' ');
        }
        out.push(if c == CheckMark::Check { '+' } else { '#' });
    }
    if let Some(g) = &m.glyph {
        if pretty_suffix {
            out.push(' ');
        }
        out.push_str(g);
    }
    for c in &m.comments {
        if pretty {
            out.push(' ');
        }
        write_comment(out, c);
    }
}

fn write_coordinates(out: &mut String, m: &CoordinateMove<'_>, dialect: Dialect, pretty: bool) {
    if let Some(p) = &m.piece {
        out.push_str(&p.text);
    }
    write_coord(out, &m.from);
    match (pretty, m.capture) {
        (false, false) => out.push('>'),
        (false, true) => out.push('x'),
        (true, false) => out.push_str(" > "),
        (true, true) => out.push_str(" x "),
    }
    write_coord(out, &m.to);
    if let Some(p) = &m.promotion {
        if pretty {
            out.push_str(" =");
        } else if dialect == Dialect::Site {
            out.push('=');
        }
        out.push_str(&p.code.text);
    }
}

/// The players in turn order and the fullmove number, from the fields.
fn turn_cycle<'d>(doc: &'d Document<'_>) -> (Vec<PlayerLetter>, &'d str) {
    let mut order = vec![PlayerLetter::White, PlayerLetter::Black];
    let mut fullmove = "1";
    for f in &doc.fields {
        match &f.kind {
            FieldKind::TurnOrder(o) if o.len() == 1 && o[0] == PlayerLetter::Black => {
                order = vec![PlayerLetter::Black, PlayerLetter::White]
            }
            FieldKind::TurnOrder(o) if o.len() > 1 => order = o.clone(),
            FieldKind::FullMove(n) => fullmove = &n.text,
            _ => {}
        }
    }
    (order, fullmove)
}

fn write_numbered_moves(out: &mut String, doc: &Document<'_>, dialect: Dialect) {
    let (order, fullmove) = turn_cycle(doc);
    let len = order.len();
    // The round ends with Black's move (the fullmove counter grows then),
    // or with the last player of the order when Black does not play.
    let ender = order
        .iter()
        .rposition(|&p| p == PlayerLetter::Black)
        .unwrap_or(len - 1);
    let starter = (ender + 1) % len;
    let mut number = fullmove.to_string();
    for (i, m) in doc.moves.iter().enumerate() {
        let k = i % len;
        if i == 0 || k == starter {
            if i > 0 {
                out.push('\n');
            }
            // A move number is digits: below zero, the round starts with `|`
            // (the first one too: `5,2 > 5,4` right after the header would
            // read as an en passant square).
            if number.starts_with('-') {
                out.push_str("| ");
            } else {
                out.push_str(&number);
                out.push_str(". ");
                if i == 0 && k != starter {
                    out.push_str("... ");
                }
            }
        } else {
            out.push_str(" | ");
        }
        write_move(out, m, dialect, true);
        if k == ender {
            number = increment_decimal(&number);
        }
    }
}

/// Adds one to a decimal integer of any length.
fn increment_decimal(n: &str) -> String {
    if let Ok(v) = n.parse::<i128>()
        && let Some(w) = v.checked_add(1)
    {
        return w.to_string();
    }
    if let Some(mag) = n.strip_prefix('-') {
        // -(m) + 1 = -(m - 1)
        let mut digits: Vec<u8> = mag.bytes().collect();
        let mut i = digits.len();
        while i > 0 {
            i -= 1;
            if digits[i] == b'0' {
                digits[i] = b'9';
            } else {
                digits[i] -= 1;
                break;
            }
        }
        let s = String::from_utf8(digits).unwrap_or_default();
        let s = s.trim_start_matches('0');
        return if s.is_empty() {
            "0".into()
        } else {
            format!("-{s}")
        };
    }
    let mut digits: Vec<u8> = n.bytes().collect();
    let mut i = digits.len();
    loop {
        if i == 0 {
            digits.insert(0, b'1');
            break;
        }
        i -= 1;
        if digits[i] == b'9' {
            digits[i] = b'0';
        } else {
            digits[i] += 1;
            break;
        }
    }
    String::from_utf8(digits).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::increment_decimal;
    use crate::{Dialect, Layout, WriteOptions, parse, write};

    #[test]
    fn pretty_position_line_after_metadata_has_no_leading_blank() {
        let doc = parse("[Event \"x\"] w K1,1|k3,3", Dialect::Auto).unwrap();
        let text = write(
            &doc,
            WriteOptions {
                dialect: Dialect::Site,
                layout: Layout::Pretty,
            },
        )
        .unwrap();
        assert_eq!(text, "[Event \"x\"]\nw K1,1|k3,3");
    }

    #[test]
    fn increments_any_length() {
        assert_eq!(increment_decimal("1"), "2");
        assert_eq!(
            increment_decimal("999999999999999999999999999999999999999999"),
            "1000000000000000000000000000000000000000000"
        );
        assert_eq!(
            increment_decimal("-1000000000000000000000000000000000000000000"),
            "-999999999999999999999999999999999999999999"
        );
    }
}
