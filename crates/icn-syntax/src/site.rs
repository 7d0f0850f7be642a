//! The site dialect to the letter: what infinitechess.org's reader refuses
//! although the grammar (the lenient union of both dialects) reads it.
//!
//! These checks run only when a text is read strictly in
//! [`Dialect::Site`](crate::Dialect::Site). They see the syntax tree and the
//! text it came from (for what the tree does not keep: the blanks between
//! tags and between moves, move numbers, `|`). What they refuse, each with a
//! message saying what the site expects:
//!
//! * piece codes other than the site's 22 (a variant's own pieces) in the
//!   piece list, promotion lists and promotions;
//! * numbers with leading zeros, `-0` or `+`; a fullmove or move-rule limit
//!   of 0; a player number with a leading zero (`01k`);
//! * metadata tags not set apart by blanks (or glued to what follows); keys
//!   other than ASCII letters; no blank between key and value; empty values,
//!   values over 200 UTF-16 code units, `"` inside a value;
//! * a promotions field whose segment count is not the number of distinct
//!   players of the turn order; the `{…}` JSON property block;
//! * SAN-like moves and `O-O`; comments before the first move, empty
//!   comments, two comments on one move; `[%clk …]` stamps not `H:MM:SS.D`;
//!   glyphs longer than two characters; blanks the site's move list has no
//!   place for (`1.1,2>1,4`, `= Q`, `|  `, a blank alone between moves,
//!   a leading or trailing `|`);
//! * piece codes the site does not know, in the piece list, in promotion
//!   lists and on promotions (the site's twenty codes in White's capitals or
//!   Black's small letters, `ob`, `vo`, or a player number and a code in any
//!   case); more than two letters before a move's square.
//!
//! Blanks are the site's (JavaScript's `\s`, [`is_site_blank`]), so NBSP and
//! U+3000 separate fields as they do on the site. Letters before a move's
//! square that name no piece the site knows, which the site reads and
//! ignores, are dropped from the tree ([`forget_unknown_move_pieces`]).

use crate::ast::*;
use crate::span::Span;
use crate::{Diagnostic, Excerpt};

/// The longest metadata value the site reads, in UTF-16 code units.
pub const MAX_VALUE_UNITS: usize = 200;

/// Every reason the site's reader refuses `doc` (read from `text`), in no
/// particular order.
pub fn check(doc: &Document<'_>, text: &str, out: &mut Vec<Diagnostic>) {
    if text.trim().is_empty() {
        out.push(Diagnostic::new(
            doc.span,
            "the site reads no empty document",
        ));
    }
    check_metadata(doc, text, out);
    check_fields(doc, out);
    for p in &doc.pieces {
        check_known_code(&p.code, out);
        check_coord(&p.at, out);
    }
    check_moves(doc, text, out);
}

/// The site's integers: `0`, or an optional `-` and digits with no leading zero.
fn check_int(int: &Int<'_>, out: &mut Vec<Diagnostic>) {
    let t: &str = &int.text;
    let digits = t.strip_prefix('-').unwrap_or(t);
    if t.starts_with('+') {
        out.push(Diagnostic::new(
            int.span,
            format!("the site writes numbers without `+`, found `{t}`"),
        ));
    } else if t == "-0" {
        out.push(Diagnostic::new(
            int.span,
            "the site writes zero as `0`, not `-0`",
        ));
    } else if digits.len() > 1 && digits.starts_with('0') {
        out.push(Diagnostic::new(
            int.span,
            format!("the site writes numbers without leading zeros, found `{t}`"),
        ));
    }
}

/// A count: an integer of at least 1.
fn check_count(int: &Int<'_>, what: &str, out: &mut Vec<Diagnostic>) {
    check_int(int, out);
    if int.text.bytes().all(|b| b == b'0' || b == b'-') {
        out.push(Diagnostic::new(
            int.span,
            format!(
                "the site needs a {what} of at least 1, found `{}`",
                int.text
            ),
        ));
    }
}

fn check_coord(c: &Coord<'_>, out: &mut Vec<Diagnostic>) {
    check_int(&c.x, out);
    check_int(&c.y, out);
}

/// The site's piece codes without a player number, each in its one case:
/// White's in capitals, Black's in small letters, the neutral `ob` and `vo`.
const SITE_CODES: [&str; 42] = [
    "K", "k", "P", "p", "N", "n", "B", "b", "R", "r", "Q", "q", "AM", "am", "HA", "ha", "CH", "ch",
    "AR", "ar", "GU", "gu", "CA", "ca", "GI", "gi", "ZE", "ze", "CE", "ce", "RQ", "rq", "RC", "rc",
    "NR", "nr", "HU", "hu", "RO", "ro", "ob", "vo",
];

/// Whether the site's reader knows `code`: one of [`SITE_CODES`], or a player
/// number and a raw code in any case (`3Am`, `1OB`).
fn site_knows(code: &PieceCode<'_>) -> bool {
    let letters = code.letters();
    if code.player_number().is_some() {
        let lower = letters.to_ascii_lowercase();
        SITE_CODES.contains(&lower.as_str())
    } else {
        SITE_CODES.contains(&letters)
    }
}

/// A piece of the piece list or a promotion on a move: a code the site knows.
fn check_known_code(code: &PieceCode<'_>, out: &mut Vec<Diagnostic>) {
    check_code(code, out);
    if !site_knows(code) {
        out.push(Diagnostic::new(
            code.span,
            format!(
                "the site knows no piece `{}` (its codes are K Q R B N P AM HA CH AR GU CA GI ZE CE RQ RC NR HU RO in White's capitals or Black's small letters, ob and vo, or a player number and one of them; a variant's own pieces need the spec dialect)",
                Excerpt(&code.text)
            ),
        ));
    }
}

/// A promotion choice: one or two letters of a code the site knows, in any
/// case, with no player number.
fn check_promotion_choice(code: &PieceCode<'_>, out: &mut Vec<Diagnostic>) {
    let lower = code.text.to_ascii_lowercase();
    if code.player_number().is_some() || !SITE_CODES.contains(&lower.as_str()) {
        out.push(Diagnostic::new(
            code.span,
            format!(
                "the site's promotion choices are piece codes without a player number (q, am, ob…), found `{}`",
                Excerpt(&code.text)
            ),
        ));
    }
}

/// Whether `c` is a blank to the site's reader (JavaScript's `\s`).
pub(crate) fn is_site_blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

fn check_code(code: &PieceCode<'_>, out: &mut Vec<Diagnostic>) {
    if let Some(n) = code.player_number()
        && n.len() > 1
        && n.starts_with('0')
    {
        out.push(Diagnostic::new(
            code.span,
            format!(
                "the site writes player numbers without leading zeros, found `{}`",
                code.text
            ),
        ));
    }
}

fn check_metadata(doc: &Document<'_>, text: &str, out: &mut Vec<Diagnostic>) {
    for (i, tag) in doc.metadata.iter().enumerate() {
        let raw = &text[tag.span.start..tag.span.end];
        // The tag proper ends at its `]`; the grammar's span may take the blanks after it.
        let body_len = raw.trim_end().len();
        let after = tag.span.start + body_len;
        let next = doc.metadata.get(i + 1).map_or(text.len(), |t| t.span.start);
        let blank_after = text[after..].chars().next().is_none_or(is_site_blank);
        if !blank_after {
            let what = if next == after {
                "between tags"
            } else {
                "after the metadata"
            };
            out.push(Diagnostic::new(
                Span::new(after, after),
                format!("the site needs a blank {what}"),
            ));
        }
        if !tag.name.chars().all(|c| c.is_ascii_alphabetic()) {
            out.push(Diagnostic::new(
                tag.span,
                format!(
                    "the site's metadata keys are ASCII letters only, found `{}`",
                    tag.name
                ),
            ));
        }
        let body = &raw[..body_len];
        let Some(open) = body.find('"') else { continue };
        let key_end = 1 + tag.name.len();
        if !body[key_end..open].chars().all(is_site_blank) || key_end == open {
            out.push(Diagnostic::new(
                tag.span,
                "the site needs a blank between the metadata key and its value",
            ));
        }
        let value = body[open + 1..].strip_suffix("\"]").unwrap_or("");
        if value.contains('"') {
            out.push(Diagnostic::new(
                tag.span,
                "the site's metadata values end at the first `\"` (there are no escapes)",
            ));
        } else if value.is_empty() {
            out.push(Diagnostic::new(
                tag.span,
                "the site needs a metadata value of at least one character",
            ));
        } else if value.encode_utf16().count() > MAX_VALUE_UNITS {
            out.push(Diagnostic::new(
                tag.span,
                format!("the site's metadata values are at most {MAX_VALUE_UNITS} UTF-16 code units long"),
            ));
        }
    }
}

fn check_fields(doc: &Document<'_>, out: &mut Vec<Diagnostic>) {
    let mut players: Vec<PlayerLetter> = vec![PlayerLetter::White, PlayerLetter::Black];
    // The player who moved last: the site places the en passant pawn by it.
    let mut last = PlayerLetter::Black;
    for f in &doc.fields {
        match &f.kind {
            FieldKind::TurnOrder(order) => {
                last = match order.as_slice() {
                    [PlayerLetter::White] => PlayerLetter::Black,
                    [PlayerLetter::Black] => PlayerLetter::White,
                    _ => order.last().copied().unwrap_or(PlayerLetter::Black),
                };
                players = order.clone();
                if players.len() == 1 {
                    // `w` is `w:b` and `b` is `b:w`.
                    match players[0] {
                        PlayerLetter::White => players.push(PlayerLetter::Black),
                        PlayerLetter::Black => players.push(PlayerLetter::White),
                        _ => {}
                    }
                }
                players.sort();
                players.dedup();
            }
            FieldKind::EnPassant(c) => {
                check_coord(c, out);
                if !matches!(last, PlayerLetter::White | PlayerLetter::Black) {
                    out.push(Diagnostic::new(
                        f.span,
                        format!(
                            "the site reads an en passant square only when White or Black moved last, not `{}`",
                            last.as_str()
                        ),
                    ));
                }
            }
            FieldKind::MoveRule { played, limit } => {
                check_int(played, out);
                check_count(limit, "move-rule limit", out);
                // The site compares the two as JavaScript numbers (doubles).
                let number = |t: &str| t.parse::<f64>().unwrap_or(f64::NAN);
                if played.text.starts_with('-') {
                    out.push(Diagnostic::new(
                        played.span,
                        format!(
                            "the site needs a move-rule counter of 0 or more, found `{}`",
                            played.text
                        ),
                    ));
                } else if number(&played.text) > number(&limit.text) {
                    out.push(Diagnostic::new(
                        f.span,
                        format!(
                            "the site refuses a move-rule counter above its limit: `{}/{}`",
                            played.text, limit.text
                        ),
                    ));
                }
            }
            FieldKind::FullMove(n) => check_count(n, "fullmove number", out),
            FieldKind::Promotions(segs) => {
                let count = segs.len().max(1);
                if count != players.len() {
                    out.push(Diagnostic::new(
                        f.span,
                        format!(
                            "the site needs one promotion segment per distinct player of the turn order ({}), found {count}",
                            players.len()
                        ),
                    ));
                }
                for code in segs.iter().flat_map(|s| s.pieces.iter().flatten()) {
                    check_promotion_choice(code, out);
                }
                for r in segs.iter().flat_map(|s| &s.ranks) {
                    check_int(r, out);
                }
                for seg in segs
                    .iter()
                    .filter(|s| s.ranks.is_empty() && s.pieces.is_some())
                {
                    out.push(Diagnostic::new(
                        seg.span,
                        "the site reads a promotion list only after ranks (`(;q|1)` is the redesign branch's newer form: read it with `--from-dialect auto`)",
                    ));
                }
            }
            FieldKind::WorldBorder(sides) => {
                for s in sides.iter().flatten() {
                    check_int(s, out);
                }
            }
            FieldKind::Properties(_) => out.push(Diagnostic::new(
                f.span,
                "the site reads no `{…}` JSON property block",
            )),
            FieldKind::Squares(squares) => {
                for c in squares {
                    check_coord(c, out);
                }
            }
            FieldKind::Rays(rays) => {
                for r in rays {
                    check_coord(&r.from, out);
                    check_coord(&r.direction, out);
                }
            }
            FieldKind::WinConditions(_) => {}
        }
    }
}

/// Where the move list may start: after everything before it (a tag's span
/// takes the blanks after it; they are not counted).
fn before_moves(doc: &Document<'_>, text: &str) -> usize {
    let ends = doc
        .metadata
        .iter()
        .map(|t| t.span.start + text[t.span.start..t.span.end].trim_end().len())
        .chain(doc.fields.iter().map(|f| f.span.end))
        .chain(doc.pieces.iter().map(|p| p.span.end));
    ends.max().unwrap_or(0)
}

/// Whether `s` is `N. ` with N a count (no leading zero), as the site writes
/// move numbers.
fn is_move_number(s: &str) -> bool {
    let Some(n) = s.strip_suffix(". ") else {
        return false;
    };
    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0')
}

/// Whether `gap`, the text between two moves (after the first's comment, if
/// any), is a separator of the site: `␠?|␠?` or one blank and `N. `, after
/// at most `spare` spaces the first move may still take.
fn is_separator(gap: &str, spare: usize) -> bool {
    let rest = gap.trim_start_matches(' ');
    let taken = gap.len() - rest.len();
    if let Some(after) = rest.strip_prefix('|') {
        return taken <= spare + 1 && (after.is_empty() || after == " ");
    }
    // One blank of any kind may come before the number.
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if is_site_blank(c) && c != ' ' => taken <= spare && is_move_number(chars.as_str()),
        _ => {
            (taken <= spare + 1 && is_move_number(rest)) || (taken <= spare && is_move_number(rest))
        }
    }
}

fn check_moves(doc: &Document<'_>, text: &str, out: &mut Vec<Diagnostic>) {
    if doc.moves.is_empty() {
        return;
    }
    for c in &doc.leading_comments {
        out.push(Diagnostic::new(
            c.span,
            "the site reads no comment before the first move",
        ));
    }
    let start = before_moves(doc, text);
    let first = doc.moves[0].span.start;
    if doc.leading_comments.is_empty() && start <= first {
        let lead = &text[start..first];
        let rest = lead.trim_start_matches(is_site_blank);
        let blank = start == 0 || rest.len() < lead.len();
        if !blank || !(rest.is_empty() || is_move_number(rest)) {
            out.push(Diagnostic::new(
                Span::new(start, first),
                "the site starts a move list with a blank and, at most, a move number such as `1. `",
            ));
        }
    }
    let mut prev_end: Option<(usize, usize)> = None;
    for (k, m) in doc.moves.iter().enumerate() {
        if let Some((end, spare)) = prev_end
            && end <= m.span.start
            && !is_separator(&text[end..m.span.start], spare)
            && !k
                .checked_sub(1)
                .is_some_and(|j| split_move_number(&doc.moves[j], m, text))
        {
            out.push(Diagnostic::new(
                Span::new(end, m.span.start),
                "the site separates moves with `|` (one space at most on each side) or a move number such as ` 2. `",
            ));
        }
        check_move(m, text, out);
        let (end, spare) = match m.comments.last() {
            Some(c) => (c.span.end, 0),
            None => (m.span.end, spare_spaces(m)),
        };
        prev_end = Some((end, spare));
    }
    if let Some((end, _)) = prev_end
        && !text[end..].chars().all(is_site_blank)
    {
        out.push(Diagnostic::new(
            Span::new(end, text.len()),
            "the site ends a move list with its last move (and blanks)",
        ));
    }
}

/// The site's quirk: in `1,2>1,23. 1,7>1,5` the list reads as if the end
/// square were `1,2` followed by the move number `3. `, and the moves are then
/// 1,2>1,23 and 1,7>1,5. True when `m` follows such a move `prev` (the move
/// before it) with `. `.
fn split_move_number(prev: &MoveEntry<'_>, m: &MoveEntry<'_>, text: &str) -> bool {
    let Some(c) = prev.coordinates() else {
        return false;
    };
    let digits = c.to.y.text.trim_start_matches('-').as_bytes();
    prev.span.end == c.to.span.end
        && prev.comments.is_empty()
        && &text[prev.span.end..m.span.start] == ". "
        && (1..digits.len()).any(|k| digits[k] != b'0')
}

/// How many of the move's optional single spaces are left after its last part
/// (the site allows one each after the end square, the promotion, the check
/// mark and the glyphs).
fn spare_spaces(m: &MoveEntry<'_>) -> usize {
    if m.glyph.is_some() {
        1
    } else if m.check.is_some() {
        2
    } else if m.coordinates().is_some_and(|c| c.promotion.is_some()) {
        3
    } else {
        4
    }
}

fn check_move(m: &MoveEntry<'_>, text: &str, out: &mut Vec<Diagnostic>) {
    let Some(c) = m.coordinates() else {
        out.push(Diagnostic::new(
            m.span,
            "the site writes moves as squares such as `1,2>1,4`, not SAN-like",
        ));
        return;
    };
    // The site reads one or two letters before a move's square and ignores
    // them (see `forget_unknown_move_pieces`).
    if let Some(p) = &c.piece {
        check_code(p, out);
        if p.letters().len() > 2 {
            out.push(Diagnostic::new(
                p.span,
                format!(
                    "the site reads one or two letters before a move, found `{}`",
                    Excerpt(&p.text)
                ),
            ));
        }
    }
    check_coord(&c.from, out);
    check_coord(&c.to, out);
    let between = &text[c.from.span.end..c.to.span.start];
    let kind = between.trim_matches(' ');
    if !(kind == ">" || kind == "x")
        || between.len() > 3
        || between.starts_with("  ")
        || between.ends_with("  ")
    {
        out.push(Diagnostic::new(
            Span::new(c.from.span.end, c.to.span.start),
            "the site allows one space at most on each side of `>` or `x`",
        ));
    }
    if let Some(p) = &c.promotion {
        check_known_code(&p.code, out);
        if p.code.span.start > 0 && text.as_bytes()[p.code.span.start - 1] != b'=' {
            out.push(Diagnostic::new(
                p.code.span,
                "the site writes the promoted piece right after `=`",
            ));
        }
    }
    if let Some(g) = &m.glyph
        && g.chars().count() > 2
    {
        out.push(Diagnostic::new(
            m.span,
            format!("the site's glyphs are one or two of `!?`, found `{g}`"),
        ));
    }
    if let Some(extra) = m.comments.get(1) {
        out.push(Diagnostic::new(
            extra.span,
            "the site allows one comment per move",
        ));
    }
    for com in &m.comments {
        if com.text.is_empty() {
            out.push(Diagnostic::new(
                com.span,
                "the site reads no empty comment `{}`",
            ));
        }
        check_clocks(com, out);
    }
}

/// `[%clk VALUE]` commands must say `H:MM:SS.D`.
fn check_clocks(com: &Comment<'_>, out: &mut Vec<Diagnostic>) {
    let t: &str = &com.text;
    let mut from = 0;
    while let Some(i) = t[from..].find("[%") {
        let start = from + i;
        from = start + 2;
        let rest = &t[from..];
        let name_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if name_len == 0 || !rest[name_len..].starts_with(' ') {
            continue;
        }
        let value_part = &rest[name_len + 1..];
        let Some(close) = value_part.find(']') else {
            continue;
        };
        if close == 0 {
            continue;
        }
        let value = &value_part[..close];
        from += name_len + 1 + close + 1;
        if &rest[..name_len] == "clk" && !is_clock(value) {
            out.push(Diagnostic::new(
                com.span,
                format!(
                    "the site's clock stamps are `H:MM:SS.D` (such as `0:09:56.7`), found `{value}`"
                ),
            ));
        }
    }
}

fn is_clock(v: &str) -> bool {
    let parts: Vec<&str> = v.split(':').collect();
    let digits = |s: &str, n: Option<usize>| {
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && n.is_none_or(|n| s.len() == n)
    };
    let [h, m, s] = parts[..] else { return false };
    let Some((sec, tenth)) = s.split_once('.') else {
        return false;
    };
    digits(h, None) && digits(m, Some(2)) && digits(sec, Some(2)) && digits(tenth, Some(1))
}

/// The site reads the letters before a move's square and ignores them (it
/// plays the piece that stands there): letters that name no piece the site
/// knows (`ZZ1,2>1,4`) are taken out of the tree, so the move reads as the
/// site reads it. Letters the site knows (`P1,2>1,4`) are kept, as written.
pub fn forget_unknown_move_pieces(doc: &mut Document<'_>) {
    for m in &mut doc.moves {
        if let MoveBody::Coordinates(c) = &mut m.body
            && c.piece.as_ref().is_some_and(|p| !site_knows(p))
        {
            c.piece = None;
        }
    }
}
