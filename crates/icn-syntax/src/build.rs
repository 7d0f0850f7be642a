//! Pest pairs → typed tree, one small function per grammar rule.
//!
//! Atomic rules (pieces, squares, integers) arrive as one pair each; their
//! text was already checked by the grammar, so they are split by hand here,
//! which is what keeps long piece lists fast.

use std::borrow::Cow;

use pest::iterators::Pair;

use crate::ast::*;
use crate::parser::Rule;
use crate::{Diagnostic, Excerpt, Span};

type P<'a> = Pair<'a, Rule>;

fn span(p: &P<'_>) -> Span {
    p.as_span().into()
}

/// Builds the document from the `document` pair; collects keyword errors.
pub(crate) fn document<'a>(pair: P<'a>, errors: &mut Vec<Diagnostic>) -> Document<'a> {
    let mut doc = Document {
        span: span(&pair),
        ..Document::default()
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::metadata => doc.metadata.push(metadata(p)),
            Rule::bad_metadata => errors.push(Diagnostic::new(
                span(&p),
                format!(
                    "malformed metadata tag `{}`: expected `[Name \"Value\"]`",
                    Excerpt(p.as_str().trim_end())
                ),
            )),
            Rule::bad_properties => errors.push(bad_properties(&p)),
            Rule::bad_group => errors.push(Diagnostic::new(
                span(&p),
                format!(
                    "malformed `{}`: expected promotions such as `(8;Q,R|1)` or win conditions such as `(checkmate|koth)`",
                    Excerpt(p.as_str())
                ),
            )),
            Rule::piece_list => doc.pieces = piece_list(p, errors),
            Rule::movetext => movetext(p, &mut doc, errors),
            Rule::EOI => {}
            _ => doc.fields.push(field(p, errors)),
        }
    }
    doc
}

fn metadata(p: P<'_>) -> MetaTag<'_> {
    let sp = span(&p);
    let mut inner = p.into_inner();
    let name = inner.next().map(|n| n.as_str()).unwrap_or_default();
    let value = match inner.next() {
        Some(v) if v.as_rule() == Rule::tag_value && v.as_str().contains('\\') => {
            Cow::Owned(unescape(v.as_str()))
        }
        Some(v) => Cow::Borrowed(v.as_str()),
        None => Cow::Borrowed(""),
    };
    MetaTag {
        name: Cow::Borrowed(name),
        value,
        span: sp,
    }
}

/// Resolves the two escapes of a tag value, `\"` and `\\`; any other
/// backslash is an ordinary character, as in the grammar.
pub(crate) fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"') | Some('\\')) {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

fn field<'a>(p: P<'a>, errors: &mut Vec<Diagnostic>) -> Field<'a> {
    let sp = span(&p);
    let kind = match p.as_rule() {
        Rule::turn_order => FieldKind::TurnOrder(
            p.as_str()
                .split(':')
                .map(|l| PlayerLetter::parse(l).unwrap_or(PlayerLetter::White))
                .collect(),
        ),
        Rule::en_passant => FieldKind::EnPassant(coord(first(p))),
        Rule::move_rule => {
            let mut inner = p.into_inner();
            let played = int(inner.next().expect("grammar: move_rule has two ints"));
            let limit = int(inner.next().expect("grammar: move_rule has two ints"));
            FieldKind::MoveRule { played, limit }
        }
        Rule::fullmove => FieldKind::FullMove(int(first(p))),
        Rule::promotions => FieldKind::Promotions(p.into_inner().map(promotion_segment).collect()),
        Rule::world_border => {
            let mut sides: [Option<Int<'a>>; 4] = Default::default();
            for (slot, side) in sides.iter_mut().zip(p.into_inner()) {
                let s = first(side);
                *slot = (s.as_rule() == Rule::int).then(|| int(s));
            }
            FieldKind::WorldBorder(sides)
        }
        Rule::win_conditions => FieldKind::WinConditions(
            p.into_inner()
                .map(|list| list.into_inner().map(|w| keyword(w, errors)).collect())
                .collect(),
        ),
        Rule::properties => FieldKind::Properties(Cow::Borrowed(p.as_str())),
        Rule::squares => FieldKind::Squares(p.into_inner().map(coord).collect()),
        Rule::rays => FieldKind::Rays(
            p.into_inner()
                .map(|r| {
                    let sp = span(&r);
                    let mut inner = r.into_inner();
                    let from = coord(inner.next().expect("grammar: ray has a start"));
                    let direction = coord(inner.next().expect("grammar: ray has a direction"));
                    Ray {
                        from,
                        direction,
                        span: sp,
                    }
                })
                .collect(),
        ),
        other => unreachable!("grammar: unexpected field rule {other:?}"),
    };
    Field { kind, span: sp }
}

/// The JSON reader's complaint about a `{"...` block that is not JSON.
fn bad_properties(p: &P<'_>) -> Diagnostic {
    let start = p.as_span().start();
    match json_object_problem(p.as_str()) {
        Some(d) => Diagnostic::new(
            d.span.shifted(start),
            format!("invalid JSON properties: {}", d.message),
        ),
        None => Diagnostic::new(span(p), "invalid JSON properties: not a JSON object"),
    }
}

/// Finds why `text` is not a JSON object by running the grammar's own JSON
/// rule on it, so the message names what was expected where.
fn json_object_problem(text: &str) -> Option<Diagnostic> {
    use pest::Parser as _;
    match crate::parser::IcnParser::parse(Rule::json_object, text) {
        Ok(pairs) => {
            let end = pairs.last().map_or(0, |p| p.as_span().end());
            (end < text.len()).then(|| {
                Diagnostic::new(
                    Span::new(end, text.len()),
                    "unexpected text after the object",
                )
            })
        }
        Err(e) => Some(crate::parser::diagnostic_from_pest(text, e)),
    }
}

/// The win-condition words the notation knows.
pub const WIN_CONDITIONS: [&str; 6] = [
    "checkmate",
    "royalcapture",
    "allroyalscaptured",
    "allpiecescaptured",
    "threecheck",
    "koth",
];

fn keyword<'a>(p: P<'a>, errors: &mut Vec<Diagnostic>) -> Keyword<'a> {
    let text = p.as_str();
    if !WIN_CONDITIONS.contains(&text) {
        let message = if text.len() <= 2 {
            format!(
                "unknown turn or win condition `{}`: turns are `w`, `b` or orders such as `w:b:r` \
                 (players n w b r bu y g); win conditions are {}",
                Excerpt(text),
                WIN_CONDITIONS.join(", ")
            )
        } else {
            format!(
                "unknown win condition `{}`, expected one of {}",
                Excerpt(text),
                WIN_CONDITIONS.join(", ")
            )
        };
        errors.push(Diagnostic::new(span(&p), message));
    }
    Keyword {
        text: Cow::Borrowed(text),
        span: span(&p),
    }
}

fn first(p: P<'_>) -> P<'_> {
    p.into_inner()
        .next()
        .expect("grammar: rule has an inner pair")
}

fn promotion_segment(p: P<'_>) -> PromotionSegment<'_> {
    let mut seg = PromotionSegment {
        span: span(&p),
        ..PromotionSegment::default()
    };
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::rank_list => seg.ranks = part.into_inner().map(int).collect(),
            Rule::piece_code_list => seg.pieces = Some(part.into_inner().map(piece_code).collect()),
            _ => {}
        }
    }
    seg
}

fn piece_code(p: P<'_>) -> PieceCode<'_> {
    PieceCode {
        text: Cow::Borrowed(p.as_str()),
        span: span(&p),
    }
}

fn int(p: P<'_>) -> Int<'_> {
    Int {
        text: Cow::Borrowed(p.as_str()),
        span: span(&p),
    }
}

fn coord(p: P<'_>) -> Coord<'_> {
    split_coord(p.as_str(), p.as_span().start())
}

/// Splits validated `x,y` text starting at byte `at`.
pub(crate) fn split_coord(text: &str, at: usize) -> Coord<'_> {
    let comma = text
        .bytes()
        .position(|b| b == b',')
        .expect("grammar: a square has a comma");
    Coord {
        x: Int {
            text: Cow::Borrowed(&text[..comma]),
            span: Span::new(at, at + comma),
        },
        y: Int {
            text: Cow::Borrowed(&text[comma + 1..]),
            span: Span::new(at + comma + 1, at + text.len()),
        },
        span: Span::new(at, at + text.len()),
    }
}

fn piece_list<'a>(p: P<'a>, errors: &mut Vec<Diagnostic>) -> Vec<PieceEntry<'a>> {
    let mut out = Vec::new();
    for pc in p.into_inner() {
        if pc.as_rule() == Rule::bad_piece {
            errors.push(Diagnostic::new(
                span(&pc),
                format!(
                    "malformed piece `{}`: expected a piece code and a square such as `K3,4` or `P-2,7+`",
                    Excerpt(pc.as_str())
                ),
            ));
        } else {
            out.push(piece(pc.as_str(), pc.as_span().start()));
        }
    }
    out
}

/// Splits validated piece text such as `3q-4,12+` starting at byte `at`.
pub(crate) fn piece(text: &str, at: usize) -> PieceEntry<'_> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while bytes[i].is_ascii_digit() {
        i += 1;
    }
    while bytes[i].is_ascii_alphabetic() {
        i += 1;
    }
    let special_right = bytes[bytes.len() - 1] == b'+';
    let coord_end = bytes.len() - usize::from(special_right);
    PieceEntry {
        code: PieceCode {
            text: Cow::Borrowed(&text[..i]),
            span: Span::new(at, at + i),
        },
        at: split_coord(&text[i..coord_end], at + i),
        special_right,
        span: Span::new(at, at + text.len()),
    }
}

fn movetext<'a>(p: P<'a>, doc: &mut Document<'a>, errors: &mut Vec<Diagnostic>) {
    // With no piece list, `1,1|k3,3` is a position whose codes are missing,
    // not SAN-like moves (which need a position to be played in).
    let mut sanlike_allowed = !doc.pieces.is_empty();
    for item in p.into_inner() {
        let rule = item.as_rule();
        if !sanlike_allowed && matches!(rule, Rule::sanlike_move | Rule::bad_sanlike) {
            errors.push(Diagnostic::new(
                span(&item),
                format!(
                    "expected a piece such as `K3,4`, found `{}`: a piece needs its code, \
                     and SAN-like moves need a piece list before them",
                    Excerpt(item.as_str())
                ),
            ));
            sanlike_allowed = true; // said once
            continue;
        }
        match rule {
            Rule::unclosed_comment => errors.push(Diagnostic::new(
                Span::new(item.as_span().start(), item.as_span().start() + 1),
                "comment is not closed: expected `}` before the end of the text",
            )),
            Rule::game_move => doc.moves.push(game_move(item)),
            Rule::sanlike_move => doc.moves.push(sanlike_move(item)),
            Rule::bad_sanlike => errors.push(Diagnostic::new(
                span(&item),
                format!(
                    "SAN-like moves write piece codes in capitals whoever moves: `{}`, not `{}`",
                    Excerpt(&item.as_str().to_ascii_uppercase().replace('X', "x")),
                    Excerpt(item.as_str())
                ),
            )),
            Rule::bad_move => errors.push(Diagnostic::new(
                span(&item),
                format!(
                    "expected a move such as `5,2>5,4` or a SAN-like move such as `N3,4`, found `{}`",
                    Excerpt(item.as_str())
                ),
            )),
            Rule::comment => {
                let c = comment(item);
                match doc.moves.last_mut() {
                    Some(m) => m.comments.push(c),
                    None => doc.leading_comments.push(c),
                }
            }
            // Move numbers and `...` are recomputed when writing.
            _ => {}
        }
    }
}

fn comment(p: P<'_>) -> Comment<'_> {
    let sp = span(&p);
    let text = p.into_inner().next().map_or("", |t| t.as_str());
    Comment {
        text: Cow::Borrowed(text),
        span: sp,
    }
}

fn game_move(p: P<'_>) -> MoveEntry<'_> {
    let sp = span(&p);
    let mut c = CoordinateMove {
        piece: None,
        from: split_coord("0,0", 0),
        capture: false,
        to: split_coord("0,0", 0),
        promotion: None,
    };
    let mut rest = Vec::new();
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::move_piece => c.piece = Some(piece_code(part)),
            Rule::move_from => c.from = coord(part),
            Rule::move_kind => c.capture = part.as_str() == "x",
            Rule::move_to => c.to = coord(part),
            Rule::promotion => {
                let inner = first(part);
                let style = if inner.as_rule() == Rule::promotion_letters {
                    PromotionStyle::Attached
                } else {
                    PromotionStyle::Equals
                };
                c.promotion = Some(Promotion {
                    code: piece_code(inner),
                    style,
                });
            }
            _ => rest.push(part),
        }
    }
    move_entry(MoveBody::Coordinates(c), rest, sp)
}

fn sanlike_move(p: P<'_>) -> MoveEntry<'_> {
    let sp = span(&p);
    let mut parts = p.into_inner();
    let text = parts
        .next()
        .expect("grammar: a SAN-like move starts with its text");
    let body = MoveBody::SanLike(SanLikeText {
        span: span(&text),
        text: Cow::Borrowed(text.as_str()),
    });
    move_entry(body, parts.collect(), sp)
}

/// A move entry with the check mark and glyphs among `suffixes`.
fn move_entry<'a>(body: MoveBody<'a>, suffixes: Vec<P<'a>>, span: Span) -> MoveEntry<'a> {
    let mut m = MoveEntry {
        body,
        check: None,
        glyph: None,
        comments: Vec::new(),
        span,
    };
    for part in suffixes {
        match part.as_rule() {
            Rule::check_mark => {
                m.check = Some(if part.as_str() == "#" {
                    CheckMark::Checkmate
                } else {
                    CheckMark::Check
                })
            }
            Rule::glyph => m.glyph = Some(Cow::Borrowed(part.as_str())),
            _ => {}
        }
    }
    m
}
