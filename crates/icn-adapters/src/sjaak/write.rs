//! Writing [`SjaakVariant`]s as a Sjaak `variants.txt` file.
//!
//! Everything a variant holds is written, one keyword per line, in a fixed
//! order; reading the text back gives equal values ([`super::read_variants`]).

use std::fmt::Write as _;

use icn_model::Player;

use super::{RuleItem, SjaakPiece, SjaakVariant, Sq};

fn squares(s: &[Sq]) -> String {
    s.iter().map(|q| q.name()).collect::<Vec<_>>().join(",")
}

/// The text of a file holding `variants`, separated by blank lines.
///
/// ```
/// use icn_adapters::sjaak::{read_variants, write_file};
/// let text = "Variant: Tiny\nBoard: 8x8\nPiece: King\nMove: leap (0,1)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
/// let vs = read_variants(text).unwrap();
/// assert_eq!(read_variants(&write_file(&vs)).unwrap(), vs);
/// ```
pub fn write_file(variants: &[SjaakVariant]) -> String {
    let mut out = String::new();
    for (i, v) in variants.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_variant(&mut out, v);
    }
    out
}

fn write_variant(out: &mut String, v: &SjaakVariant) {
    let _ = writeln!(out, "Variant: {}", v.name);
    let _ = writeln!(out, "Board: {}x{}", v.files, v.ranks);
    if let Some(f) = &v.fen {
        let _ = writeln!(out, "FEN: \"{f}\"");
    }
    if let Some(x) = &v.xboard_pieces {
        let _ = writeln!(out, "XBoard pieces: \"{x}\"");
    }
    if let Some(x) = &v.xboard_parent {
        let _ = writeln!(out, "XBoard parent: \"{x}\"");
    }
    for (name, sqs) in &v.zones {
        let _ = writeln!(out, "Zone: {name} = {}", squares(sqs));
    }
    for (key, sqs) in [
        ("Exclude", &v.exclude),
        ("WhiteFlag", &v.white_flag),
        ("BlackFlag", &v.black_flag),
    ] {
        if !sqs.is_empty() {
            let _ = writeln!(out, "{key}: {}", squares(sqs));
        }
    }
    for p in &v.pieces {
        out.push('\n');
        write_piece(out, p);
    }
    if !v.rules.is_empty() {
        out.push('\n');
    }
    for r in &v.rules {
        match r {
            RuleItem::End {
                condition,
                n,
                score,
            } => {
                let n = n.map(|n| n.to_string()).unwrap_or_default();
                let _ = writeln!(out, "Rule: {condition}{n} = {}", score.word());
            }
            RuleItem::Special(s) => {
                let _ = writeln!(out, "Rule: {s}");
            }
        }
    }
}

fn write_piece(out: &mut String, p: &SjaakPiece) {
    let _ = writeln!(out, "Piece: {}", p.name);
    for m in &p.moves {
        let _ = writeln!(out, "Move: {m}");
    }
    match &p.captures {
        Some(c) if c.is_empty() => out.push_str("Capture: none\n"),
        Some(c) => {
            for m in c {
                let _ = writeln!(out, "Capture: {m}");
            }
        }
        None => {}
    }
    for (w, b, m) in &p.specials {
        let _ = writeln!(out, "Special: {w}, {b}, {m}");
    }
    for m in &p.initial {
        let _ = writeln!(out, "Initial: {m}");
    }
    for c in &p.castles {
        let who = if c.player == Player::WHITE {
            "white"
        } else {
            "black"
        };
        let mut to = c.to.name();
        for a in &c.also {
            to.push(',');
            to.push_str(&a.name());
        }
        let _ = writeln!(out, "Castle: {who} {}-{to} with {}", c.from, c.with);
    }
    for (w, b, choices) in &p.promotions {
        let _ = writeln!(out, "Promotion: {w}, {b}, \"{choices}\"");
    }
    if let Some((w, b, c)) = &p.optional_promotion {
        if c.is_empty() {
            let _ = writeln!(out, "Optional promotion: {w}, {b}");
        } else {
            let _ = writeln!(out, "Optional promotion: {w}, {b}, \"{c}\"");
        }
    }
    for (key, pair) in [("Prison", &p.prison), ("Drop zone", &p.drop_zone)] {
        if let Some((w, b)) = pair {
            let _ = writeln!(out, "{key}: {w}, {b}");
        }
    }
    if let Some((san, w, b)) = &p.symbol {
        let _ = writeln!(out, "Symbol: \"{san}\", \"{w},{b}\"");
    }
    if !p.flags.is_empty() {
        let _ = writeln!(out, "Flags: {}", p.flags.join(","));
    }
    let nums = |v: &[i64]| {
        v.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    if let Some(m) = &p.max {
        let m: Vec<i64> = m.iter().map(|&n| i64::from(n)).collect();
        let _ = writeln!(out, "Max: {}", nums(&m));
    }
    if let Some(v) = &p.value {
        let _ = writeln!(out, "Value: {}", nums(v));
    }
}
