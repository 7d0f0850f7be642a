//! The two ICN dialects and what each allows.
//!
//! * **Spec** (`icn-notation.md`): header fields in any order; turn `w`/`b`;
//!   one promotion rank per player and at most two segments; no world border,
//!   no annotations, no numeric player prefixes. Piece codes are any letters:
//!   a code that is not one of the 22 built-in ones names a piece of the
//!   variant's own, defined by the `pieces` JSON property (`docs/pieces.md`).
//! * **Site** (what infinitechess.org writes): fields in the fixed order
//!   turn order, en passant, move rule, fullmove, promotions, world border,
//!   win conditions, JSON properties, `Squares:`, `Rays:`; no `threecheck`;
//!   promotions in moves written `=Q`; only the 22 built-in piece codes
//!   (refused otherwise when reading strictly, as the site refuses them).
//! * **Auto** accepts both; every dialect rejects a field given twice.
//!
//! [`check`] is used both when parsing strictly and before writing, so a
//! document that one dialect cannot express is refused with the reason.

use crate::ast::*;
use crate::{Diagnostic, Excerpt};

/// Which ICN dialect to read or write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// Read either dialect (not valid for writing: writing uses [`Dialect::Site`]).
    #[default]
    Auto,
    /// The dialect of `icn-notation.md`.
    Spec,
    /// The dialect infinitechess.org writes today.
    Site,
}

impl Dialect {
    /// Lowercase name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Auto => "auto",
            Dialect::Spec => "spec",
            Dialect::Site => "site",
        }
    }
}

/// Every reason `doc` is not valid in `dialect`, in text order.
pub fn check(doc: &Document<'_>, dialect: Dialect) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_duplicates(doc, &mut out);
    match dialect {
        Dialect::Auto => {}
        Dialect::Spec => check_spec(doc, &mut out),
        Dialect::Site => check_site(doc, &mut out),
    }
    out.sort_by_key(|d| d.span.start);
    out
}

fn check_duplicates(doc: &Document<'_>, out: &mut Vec<Diagnostic>) {
    // One flag per kind of field, so that many fields cost linear time.
    let mut seen = [false; 16];
    for f in &doc.fields {
        let slot = &mut seen[usize::from(f.kind.site_order())];
        if std::mem::replace(slot, true) {
            out.push(Diagnostic::new(
                f.span,
                format!("{} given twice; a position has at most one", f.kind.name()),
            ));
        }
    }
}

fn check_spec(doc: &Document<'_>, out: &mut Vec<Diagnostic>) {
    let not_spec = |what: &str| format!("the spec dialect has no {what} (site dialect only)");
    for f in &doc.fields {
        match &f.kind {
            FieldKind::TurnOrder(order)
                if order.len() != 1
                    || !matches!(order[0], PlayerLetter::White | PlayerLetter::Black) =>
            {
                out.push(Diagnostic::new(
                    f.span,
                    "the spec dialect has only the turns `w` and `b`, not a turn order (site dialect only)",
                ));
            }
            FieldKind::WorldBorder(_) => {
                out.push(Diagnostic::new(f.span, not_spec("world border")))
            }
            FieldKind::Squares(_) | FieldKind::Rays(_) => {
                out.push(Diagnostic::new(f.span, not_spec("preset annotations")))
            }
            FieldKind::Promotions(segs) => {
                if segs.len() > 2 {
                    out.push(Diagnostic::new(
                        segs[2].span,
                        "the spec dialect has two promotion segments (White|Black), found a third",
                    ));
                }
                for s in segs.iter().filter(|s| s.ranks.len() > 1) {
                    out.push(Diagnostic::new(
                        s.span,
                        not_spec("several promotion ranks per player"),
                    ));
                }
                for c in segs.iter().flat_map(|s| s.pieces.iter().flatten()) {
                    prefix_check(c, out);
                }
            }
            FieldKind::WinConditions(segs) if segs.len() > 2 => out.push(Diagnostic::new(
                f.span,
                "the spec dialect has two win-condition segments (White|Black)",
            )),
            _ => {}
        }
    }
    for p in &doc.pieces {
        prefix_check(&p.code, out);
    }
    for m in doc.moves.iter().filter_map(MoveEntry::coordinates) {
        if let Some(c) = &m.piece {
            prefix_check(c, out);
        }
        if let Some(p) = &m.promotion {
            prefix_check(&p.code, out);
        }
    }
}

fn prefix_check(code: &PieceCode<'_>, out: &mut Vec<Diagnostic>) {
    if code.player_number().is_some() {
        out.push(Diagnostic::new(
            code.span,
            format!(
                "the spec dialect has no numeric player prefixes like `{}` (site dialect only)",
                Excerpt(&code.text)
            ),
        ));
    }
}

fn check_site(doc: &Document<'_>, out: &mut Vec<Diagnostic>) {
    let mut last: Option<&Field<'_>> = None;
    for f in &doc.fields {
        if let Some(prev) = last
            && f.kind.site_order() < prev.kind.site_order()
        {
            out.push(Diagnostic::new(
                f.span,
                format!(
                    "the site dialect writes the {} before the {}",
                    f.kind.name(),
                    prev.kind.name()
                ),
            ));
        }
        if last.is_none_or(|p| f.kind.site_order() > p.kind.site_order()) {
            last = Some(f);
        }
        if let FieldKind::WinConditions(segs) = &f.kind {
            for w in segs.iter().flatten().filter(|w| w.text == "threecheck") {
                out.push(Diagnostic::new(
                    w.span,
                    "the site dialect has no `threecheck` win condition (spec dialect only)",
                ));
            }
        }
    }
    for m in doc.moves.iter().filter_map(MoveEntry::coordinates) {
        if let Some(p) = m
            .promotion
            .as_ref()
            .filter(|p| p.style == PromotionStyle::Attached)
        {
            out.push(Diagnostic::new(
                p.code.span,
                format!(
                    "the site dialect writes promotions as `={}`",
                    Excerpt(&p.code.text)
                ),
            ));
        }
    }
}
