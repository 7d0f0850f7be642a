//! A hand-written fast path for the grammar, byte for byte the same language
//! as `grammar.pest` on what it accepts.
//!
//! [`parse_fast`] mirrors the PEG rules (ordered choice, greedy repetition,
//! no backtracking into a choice once it matched) for everything but the JSON
//! property block. It returns `None` whenever it meets anything it does not
//! handle or that would be an error, and the caller then runs the pest parser,
//! which decides and reports. So the fast path can only ever speed up a
//! success; it is checked against pest by differential tests (`tests` below
//! and the crate's property tests).

use std::borrow::Cow;

use crate::Span;
use crate::ast::*;
use crate::build::{WIN_CONDITIONS, piece as piece_at, split_coord};

/// Whether `b` is a blank between fields.
pub fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The end of the blanks from `i`.
pub fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ws(b[i]) {
        i += 1;
    }
    i
}

/// The end of the ASCII digits from `i`.
pub fn digits(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// The end of the ASCII letters from `i`.
pub fn alphas(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
        i += 1;
    }
    i
}

struct Fast<'a> {
    s: &'a str,
    b: &'a [u8],
}

impl<'a> Fast<'a> {
    fn at(&self, i: usize) -> u8 {
        self.b.get(i).copied().unwrap_or(0)
    }

    fn skip_ws(&self, i: usize) -> usize {
        skip_ws(self.b, i)
    }

    fn field_end(&self, i: usize) -> bool {
        i == self.b.len() || is_ws(self.b[i])
    }

    fn digits(&self, i: usize) -> usize {
        digits(self.b, i)
    }

    fn alphas(&self, i: usize) -> usize {
        alphas(self.b, i)
    }

    /// `int = -? [0-9]+`: the end, if it matches at `i`.
    fn int(&self, i: usize) -> Option<usize> {
        let j = if self.at(i) == b'-' { i + 1 } else { i };
        let k = self.digits(j);
        (k > j).then_some(k)
    }

    /// `coord = int "," int`.
    fn coord(&self, i: usize) -> Option<usize> {
        let j = self.int(i)?;
        if self.at(j) != b',' {
            return None;
        }
        self.int(j + 1)
    }

    fn int_node(&self, i: usize, j: usize) -> Int<'a> {
        Int {
            text: Cow::Borrowed(&self.s[i..j]),
            span: Span::new(i, j),
        }
    }

    fn coord_node(&self, i: usize, j: usize) -> Coord<'a> {
        split_coord(&self.s[i..j], i)
    }

    /// `piece_code_text = [0-9]* [A-Za-z]+`.
    fn piece_code(&self, i: usize) -> Option<usize> {
        let d = self.digits(i);
        let a = self.alphas(d);
        (a > d).then_some(a)
    }

    fn code_node(&self, i: usize, j: usize) -> PieceCode<'a> {
        PieceCode {
            text: Cow::Borrowed(&self.s[i..j]),
            span: Span::new(i, j),
        }
    }

    // ------------------------------------------------------------ fields

    /// The first field alternative matching at `i`, with its end.
    fn field(&self, i: usize) -> Option<Option<(FieldKind<'a>, usize)>> {
        if self.at(i) == b'{' {
            return None; // JSON properties: leave to pest
        }
        let found = self
            .world_border(i)
            .or_else(|| self.en_passant(i))
            .or_else(|| self.move_rule(i))
            .or_else(|| self.fullmove(i))
            .or_else(|| self.promotions(i))
            .or_else(|| self.turn_order(i))
            .or_else(|| self.win_conditions(i))
            .or_else(|| self.annotations(i));
        Some(found)
    }

    fn border_side(&self, i: usize) -> Option<(Option<Int<'a>>, usize)> {
        match self.int(i) {
            Some(j) => Some((Some(self.int_node(i, j)), j)),
            None if self.at(i) == b'_' => Some((None, i + 1)),
            None => None,
        }
    }

    fn world_border(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let mut sides: [Option<Int<'a>>; 4] = Default::default();
        let mut j = i;
        for (n, slot) in sides.iter_mut().enumerate() {
            if n > 0 {
                if self.at(j) != b',' {
                    return None;
                }
                j += 1;
            }
            let (side, k) = self.border_side(j)?;
            *slot = side;
            j = k;
        }
        Some((FieldKind::WorldBorder(sides), j))
    }

    fn en_passant(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let j = self.coord(i)?;
        self.field_end(j)
            .then(|| (FieldKind::EnPassant(self.coord_node(i, j)), j))
    }

    fn move_rule(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let j = self.int(i)?;
        if self.at(j) != b'/' {
            return None;
        }
        let k = self.int(j + 1)?;
        Some((
            FieldKind::MoveRule {
                played: self.int_node(i, j),
                limit: self.int_node(j + 1, k),
            },
            k,
        ))
    }

    fn fullmove(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let j = self.int(i)?;
        self.field_end(j)
            .then(|| (FieldKind::FullMove(self.int_node(i, j)), j))
    }

    fn promotion_segment(&self, i: usize) -> (PromotionSegment<'a>, usize) {
        let mut seg = PromotionSegment::default();
        let mut j = i;
        if let Some(k) = self.int(i) {
            seg.ranks.push(self.int_node(i, k));
            j = k;
            while self.at(j) == b',' {
                match self.int(j + 1) {
                    Some(k) => {
                        seg.ranks.push(self.int_node(j + 1, k));
                        j = k;
                    }
                    None => break,
                }
            }
        }
        // A list may follow ranks or stand alone (the site's newer form).
        if self.at(j) == b';'
            && let Some(k) = self.piece_code(j + 1)
        {
            let mut codes = vec![self.code_node(j + 1, k)];
            j = k;
            while self.at(j) == b',' {
                match self.piece_code(j + 1) {
                    Some(k) => {
                        codes.push(self.code_node(j + 1, k));
                        j = k;
                    }
                    None => break,
                }
            }
            seg.pieces = Some(codes);
        }
        seg.span = Span::new(i, j);
        (seg, j)
    }

    fn promotions(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        if self.at(i) != b'(' {
            return None;
        }
        let (seg, mut j) = self.promotion_segment(i + 1);
        let mut segs = vec![seg];
        while self.at(j) == b'|' {
            let (seg, k) = self.promotion_segment(j + 1);
            segs.push(seg);
            j = k;
        }
        (self.at(j) == b')').then(|| (FieldKind::Promotions(segs), j + 1))
    }

    fn player_letter(&self, i: usize) -> Option<(PlayerLetter, usize)> {
        let b = self.at(i);
        if b == b'b' && self.at(i + 1) == b'u' {
            return Some((PlayerLetter::Blue, i + 2));
        }
        let l = match b {
            b'w' => PlayerLetter::White,
            b'b' => PlayerLetter::Black,
            b'r' => PlayerLetter::Red,
            b'y' => PlayerLetter::Yellow,
            b'g' => PlayerLetter::Green,
            b'n' => PlayerLetter::Neutral,
            _ => return None,
        };
        Some((l, i + 1))
    }

    fn turn_order(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let (l, mut j) = self.player_letter(i)?;
        let mut order = vec![l];
        while self.at(j) == b':' {
            match self.player_letter(j + 1) {
                Some((l, k)) => {
                    order.push(l);
                    j = k;
                }
                None => break,
            }
        }
        self.field_end(j)
            .then_some((FieldKind::TurnOrder(order), j))
    }

    fn win_word(&self, i: usize) -> Option<usize> {
        let mut j = i;
        while self.at(j).is_ascii_lowercase() {
            j += 1;
        }
        (j > i).then_some(j)
    }

    fn win_list(&self, i: usize) -> Option<(Vec<Keyword<'a>>, usize)> {
        let mut j = self.win_word(i)?;
        let mut words = vec![(i, j)];
        while self.at(j) == b',' {
            match self.win_word(j + 1) {
                Some(k) => {
                    words.push((j + 1, k));
                    j = k;
                }
                None => break,
            }
        }
        let words = words
            .into_iter()
            .map(|(a, b)| Keyword {
                text: Cow::Borrowed(&self.s[a..b]),
                span: Span::new(a, b),
            })
            .collect();
        Some((words, j))
    }

    /// Win conditions: segments split by `|`, each parenthesis optional on
    /// its own, as the site reads them (`(checkmate|koth)`, `checkmate|koth`).
    fn win_conditions(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let start = if self.at(i) == b'(' { i + 1 } else { i };
        let (list, mut j) = self.win_list(start)?;
        let mut lists = vec![list];
        while self.at(j) == b'|' {
            match self.win_list(j + 1) {
                Some((list, k)) => {
                    lists.push(list);
                    j = k;
                }
                None => break,
            }
        }
        if self.at(j) == b')' {
            j += 1;
        }
        Some((FieldKind::WinConditions(lists), j))
    }

    fn annotations(&self, i: usize) -> Option<(FieldKind<'a>, usize)> {
        let rest = &self.b[i..];
        if rest.starts_with(b"Squares:") {
            let mut j = i + 8;
            let k = self.coord(j)?;
            let mut coords = vec![self.coord_node(j, k)];
            j = k;
            while self.at(j) == b'|' {
                match self.coord(j + 1) {
                    Some(k) => {
                        coords.push(self.coord_node(j + 1, k));
                        j = k;
                    }
                    None => break,
                }
            }
            return Some((FieldKind::Squares(coords), j));
        }
        if rest.starts_with(b"Rays:") {
            let ray = |a: usize| -> Option<(Ray<'a>, usize)> {
                let m = self.coord(a)?;
                if self.at(m) != b'>' {
                    return None;
                }
                let e = self.coord(m + 1)?;
                Some((
                    Ray {
                        from: self.coord_node(a, m),
                        direction: self.coord_node(m + 1, e),
                        span: Span::new(a, e),
                    },
                    e,
                ))
            };
            let (r, mut j) = ray(i + 5)?;
            let mut rays = vec![r];
            while self.at(j) == b'|' {
                match ray(j + 1) {
                    Some((r, k)) => {
                        rays.push(r);
                        j = k;
                    }
                    None => break,
                }
            }
            return Some((FieldKind::Rays(rays), j));
        }
        None
    }

    // ------------------------------------------------------------ pieces

    /// `piece = piece_code_text int "," int "+"?`.
    fn piece(&self, i: usize) -> Option<usize> {
        let j = self.piece_code(i)?;
        let k = self.coord(j)?;
        Some(if self.at(k) == b'+' { k + 1 } else { k })
    }

    // ------------------------------------------------------------ moves

    fn game_move(&self, i: usize) -> Option<(MoveEntry<'a>, usize)> {
        let mut j = i;
        let mut piece = None;
        let d = self.digits(i);
        let a = self.alphas(d);
        if a > d && (self.at(a) == b'-' || self.at(a).is_ascii_digit()) {
            piece = Some(self.code_node(i, a));
            j = a;
        }
        let f = self.coord(j)?;
        let from = self.coord_node(j, f);
        let k = self.skip_ws(f);
        let capture = match self.at(k) {
            b'>' => false,
            b'x' => true,
            _ => return None,
        };
        let t0 = self.skip_ws(k + 1);
        let t1 = self.coord(t0)?;
        let to = self.coord_node(t0, t1);
        let mut end = t1;
        let mut promotion = None;
        let e = self.skip_ws(end);
        if self.at(e) == b'='
            && let Some(c) = self.piece_code(self.skip_ws(e + 1))
        {
            let c0 = self.skip_ws(e + 1);
            promotion = Some(Promotion {
                code: self.code_node(c0, c),
                style: PromotionStyle::Equals,
            });
            end = c;
        } else {
            let l = self.alphas(end);
            if l > end {
                promotion = Some(Promotion {
                    code: self.code_node(end, l),
                    style: PromotionStyle::Attached,
                });
                end = l;
            }
        }
        let (check, glyph, end) = move_marks(self.b, end);
        let glyph = glyph.map(|g| Cow::Borrowed(&self.s[g]));
        Some((
            MoveEntry {
                body: MoveBody::Coordinates(CoordinateMove {
                    piece,
                    from,
                    capture,
                    to,
                    promotion,
                }),
                check,
                glyph,
                comments: Vec::new(),
                span: Span::new(i, end),
            },
            end,
        ))
    }
}

/// What may follow a move's squares and promotion, which ends at `end`:
/// `+` or `#`, then glyphs (`!?`), each after optional blanks. Gives the
/// check mark, where the glyphs are, and the end of the move.
pub fn move_marks(
    b: &[u8],
    mut end: usize,
) -> (Option<CheckMark>, Option<std::ops::Range<usize>>, usize) {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let skip_ws = |i: usize| skip_ws(b, i);
    let c = skip_ws(end);
    let check = match at(c) {
        b'+' => Some(CheckMark::Check),
        b'#' => Some(CheckMark::Checkmate),
        _ => None,
    };
    if check.is_some() {
        end = c + 1;
    }
    let g = skip_ws(end);
    let mut h = g;
    while matches!(at(h), b'!' | b'?') {
        h += 1;
    }
    let glyph = (h > g).then_some(g..h);
    (check, glyph, if h > g { h } else { end })
}

/// One movetext item, in the grammar's order of choice.
#[allow(clippy::large_enum_variant)] // short-lived: each item is moved once into the document
enum Item<'a> {
    Move(MoveEntry<'a>),
    Comment(Comment<'a>),
    Separator,
}

impl<'a> Fast<'a> {
    fn item(&self, i: usize) -> Option<(Item<'a>, usize)> {
        if let Some((m, j)) = self.game_move(i) {
            return Some((Item::Move(m), j));
        }
        let d = self.digits(i);
        if d > i && self.at(d) == b'.' {
            return Some((Item::Separator, d));
        }
        let rest = &self.b[i..];
        if rest.starts_with(b"...") || rest.starts_with("…".as_bytes()) {
            return Some((Item::Separator, i + 3));
        }
        match self.at(i) {
            b'{' => {
                let close = rest.iter().position(|&b| b == b'}')?;
                Some((
                    Item::Comment(Comment {
                        text: Cow::Borrowed(&self.s[i + 1..i + close]),
                        span: Span::new(i, i + close + 1),
                    }),
                    i + close + 1,
                ))
            }
            b'|' | b'.' => Some((Item::Separator, i + 1)),
            _ => None,
        }
    }

    fn metadata(&self, i: usize) -> Option<(MetaTag<'a>, usize)> {
        let mut j = i + 1;
        while self.at(j).is_ascii_alphanumeric() || self.at(j) == b'_' {
            j += 1;
        }
        let name = &self.s[i + 1..j];
        let k = {
            let mut k = j;
            while self.at(k) == b' ' {
                k += 1;
            }
            k
        };
        if name.is_empty() || k == j || self.at(k) != b'"' {
            return None;
        }
        // The value raw, up to the first `"`, which must close the tag (a value
        // read with escapes is left to the grammar): found with `memchr`, then
        // checked for line breaks without a branch per byte.
        let v0 = k + 1;
        let v = v0 + memchr::memchr(b'"', self.b.get(v0..)?)?;
        let breaks = self.b[v0..v]
            .iter()
            .fold(false, |any, &b| any | (b == b'\r') | (b == b'\n'));
        if breaks {
            return None;
        }
        if self.at(v + 1) != b']' {
            return None;
        }
        let value = Cow::Borrowed(&self.s[v0..v]);
        let end = self.skip_ws(v + 2);
        Some((
            MetaTag {
                name: Cow::Borrowed(name),
                value,
                span: Span::new(i, end),
            },
            end,
        ))
    }
}

/// The document's metadata tags and header fields (nothing else), and where
/// what follows them begins (after blanks), when the fast path can read
/// them; `None` otherwise. The rest may still be anything.
pub(crate) fn parse_header(text: &str) -> Option<(Document<'_>, usize)> {
    let f = Fast {
        s: text,
        b: text.as_bytes(),
    };
    let len = text.len();
    let mut doc = Document {
        span: Span::new(0, len),
        ..Document::default()
    };
    let mut p = f.skip_ws(if text.starts_with(crate::BOM) {
        crate::BOM.len_utf8()
    } else {
        0
    });
    if f.at(p) == b'[' {
        doc.metadata.reserve(12); // the site's game logger writes 11 tags
    }
    while f.at(p) == b'[' {
        let (tag, next) = f.metadata(p)?;
        doc.metadata.push(tag);
        p = next;
    }
    if p < len {
        doc.fields.reserve(8); // the site writes at most eight header fields
    }
    while p < len {
        match f.field(p)? {
            Some((kind, end)) if f.field_end(end) => {
                if let FieldKind::WinConditions(lists) = &kind
                    && lists
                        .iter()
                        .flatten()
                        .any(|w| !WIN_CONDITIONS.contains(&w.text.as_ref()))
                {
                    return None;
                }
                doc.fields.push(Field {
                    kind,
                    span: Span::new(p, end),
                });
                p = f.skip_ws(end);
            }
            _ => break,
        }
    }
    Some((doc, p))
}

/// The document, when the fast path can read all of it; `None` otherwise.
pub(crate) fn parse_fast(text: &str) -> Option<Document<'_>> {
    let (mut doc, mut p) = parse_header(text)?;
    let f = Fast {
        s: text,
        b: text.as_bytes(),
    };
    let len = text.len();
    if let Some(mut q) = f.piece(p) {
        let list_end = text[p..].bytes().position(is_ws).map_or(len, |n| p + n);
        doc.pieces
            .reserve(1 + text[p..list_end].bytes().filter(|&b| b == b'|').count());
        doc.pieces.push(piece_at(&text[p..q], p));
        while f.at(q) == b'|' {
            match f.piece(q + 1) {
                Some(r) => {
                    doc.pieces.push(piece_at(&text[q + 1..r], q + 1));
                    q = r;
                }
                None => break,
            }
        }
        p = q;
        // Moves are set apart from the piece list by a blank.
        if p < len && !is_ws(f.at(p)) {
            return None;
        }
    }
    p = f.skip_ws(p);
    if let Some((first, mut q)) = f.item(p) {
        doc.moves.reserve(
            text[p..]
                .bytes()
                .filter(|&b| b == b'>' || b == b'x')
                .count(),
        );
        take(first, &mut doc);
        loop {
            let r = f.skip_ws(q);
            match f.item(r) {
                Some((item, next)) => {
                    take(item, &mut doc);
                    q = next;
                }
                None => break,
            }
        }
        p = q;
    }
    (f.skip_ws(p) == len).then_some(doc)
}

fn take<'a>(item: Item<'a>, doc: &mut Document<'a>) {
    match item {
        Item::Move(m) => doc.moves.push(m),
        Item::Comment(c) => match doc.moves.last_mut() {
            Some(m) => m.comments.push(c),
            None => doc.leading_comments.push(c),
        },
        Item::Separator => {}
    }
}
