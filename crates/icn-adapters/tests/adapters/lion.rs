//! The Chu lion and the lion-trading rules (`no_retaliate`, `endangered`)
//! as Sjaak II plays them, on small positions of Lion (8x8, Mighty Lion):
//! which moves exist and which captures the rules forbid. Counts checked
//! against Sjaak II (`variant lion`, `setboard …`, `perft 1 1`).

use icn_adapters::sjaak::{read_variants, to_variant};
use icn_movegen::{Board, Move, MoveKind};

/// The shipped Lion variant with `fen` and the lion's flags `flags`.
fn board(fen: &str, flags: &str) -> Board {
    let shipped = crate::shipped();
    let start = shipped.find("Variant: Lion (8x8").unwrap();
    let end = shipped[start..].find("Variant: Chancellor").unwrap() + start;
    let text = shipped[start..end]
        .replace(
            "\"rlbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RLBQKBNR w KQkq - 0 1\"",
            &format!("\"{fen}\""),
        )
        .replace("Flags: no_retaliate,endangered", flags);
    let v = to_variant(&read_variants(&text).unwrap()[0]).unwrap();
    Board::new(&v.position, &v.rules).unwrap()
}

const BOTH: &str = "Flags: no_retaliate,endangered";

fn sq(s: &str) -> (i64, i64) {
    let b = s.as_bytes();
    (i64::from(b[0] - b'a') + 1, s[1..].parse().unwrap())
}

fn moves_from(b: &mut Board, from: &str) -> Vec<Move> {
    let f = sq(from);
    b.legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| (m.from.x, m.from.y) == f)
        .collect()
}

fn play(b: &mut Board, from: &str, to: &str) {
    let (f, t) = (sq(from), sq(to));
    let m = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| (m.from.x, m.from.y) == f && (m.to.x, m.to.y) == t && m.kind == MoveKind::Normal)
        .unwrap();
    b.make(&m);
}

fn captures_on(moves: &[Move], b: &Board, at: &str) -> bool {
    let s = sq(at);
    moves.iter().any(|m| match m.kind {
        MoveKind::EnPassant { captured } => (captured.x, captured.y) == s,
        MoveKind::TwoCaptures { first } => (first.x, first.y) == s || (m.to.x, m.to.y) == s,
        _ => (m.to.x, m.to.y) == s && b.piece_at(m.to).is_some(),
    })
}

/// A lion next to three pawns: jumps, the pass, captures near and far,
/// capture-and-step, igui and double captures, as Sjaak II lists them.
#[test]
fn the_lion_moves_as_sjaak_ii_lists_them() {
    let mut b = board("4k3/8/8/2ppp3/3L4/8/8/4K3 w - - 0 1", BOTH);
    let lion = moves_from(&mut b, "d4");
    let count = |k: fn(&MoveKind) -> bool| lion.iter().filter(|m| k(&m.kind)).count();
    assert_eq!(count(|k| *k == MoveKind::Stay), 1);
    // Igui: capture one of the three pawns and stay.
    let igui = lion
        .iter()
        .filter(|m| m.to == m.from && matches!(m.kind, MoveKind::EnPassant { .. }))
        .count();
    assert_eq!(igui, 3);
    // c5 and d5, d5 and e5 are next to each other: four double captures.
    assert_eq!(count(|k| matches!(k, MoveKind::TwoCaptures { .. })), 4);
    // Sjaak II: 49 moves for the lion, 5 for the king.
    assert_eq!(b.legal_moves().unwrap().len(), 54);
    assert_eq!(b.perft(3, icn_movegen::PerftMode::Bulk).unwrap(), 10209);
}

/// `endangered`: a lion captures a lion only when no piece of the victim's
/// side protects it.
#[test]
fn a_lion_takes_only_an_unprotected_lion() {
    let mut free = board("4k3/8/8/3l4/8/3L4/8/4K3 w - - 0 1", BOTH);
    let m = moves_from(&mut free, "d3");
    assert!(captures_on(&m, &free, "d5"));
    let mut guarded = board("4k3/8/4p3/3l4/8/3L4/8/4K3 w - - 0 1", BOTH);
    let m = moves_from(&mut guarded, "d3");
    assert!(!captures_on(&m, &guarded, "d5"));
    // Without the flag the guarded lion may be taken.
    let mut plain = board("4k3/8/4p3/3l4/8/3L4/8/4K3 w - - 0 1", "Flags: endangered");
    assert!(!captures_on(&moves_from(&mut plain, "d3"), &plain, "d5"));
    let mut plain = board("4k3/8/4p3/3l4/8/3L4/8/4K3 w - - 0 1", "Value: 1");
    assert!(captures_on(&moves_from(&mut plain, "d3"), &plain, "d5"));
    // Other pieces take a guarded lion freely.
    let mut pawn = board("4k3/8/4p3/3l4/2P5/3L4/8/4K3 w - - 0 1", BOTH);
    assert!(captures_on(&moves_from(&mut pawn, "c4"), &pawn, "d5"));
}

/// `no_retaliate`: after a pawn takes a lion, no lion may be taken on the
/// reply; after a lion takes a lion, it may.
#[test]
fn no_lion_is_taken_right_after_a_lion_falls_to_another_piece() {
    let fen = "4k3/8/8/2l5/3l4/2P1L3/8/4K3 w - - 0 1";
    let mut b = board(fen, BOTH);
    play(&mut b, "c3", "d4");
    let key = b.zobrist();
    let reply = moves_from(&mut b, "c5");
    assert!(!captures_on(&reply, &b, "e3"), "{reply:?}");
    b.unmake();
    // The same capture without `no_retaliate` allows the reply.
    let mut open = board(fen, "Flags: endangered");
    play(&mut open, "c3", "d4");
    assert_ne!(open.zobrist(), key);
    let reply = moves_from(&mut open, "c5");
    assert!(captures_on(&reply, &open, "e3"));
    // A lion taking a lion does not bar the reply: the rook on d1 did not
    // protect d5 before (the lion on d3 stood between), and takes back.
    let mut lions = board("3k4/8/8/3l4/8/3L4/7K/3r4 w - - 0 1", BOTH);
    play(&mut lions, "d3", "d5");
    let reply = moves_from(&mut lions, "d1");
    assert!(captures_on(&reply, &lions, "d5"));
    // The bar lasts one move, and unmake restores the key.
    let mut b = board(fen, BOTH);
    let before = b.zobrist();
    play(&mut b, "c3", "d4");
    play(&mut b, "e8", "f8");
    assert!(captures_on(&moves_from(&mut b, "e3"), &b, "c5"));
    b.unmake();
    b.unmake();
    assert_eq!(b.zobrist(), before);
}

/// The lion and its rules round-trip through Sjaak and the JSON rule form;
/// Fairy-Stockfish refuses them by name, FBR leaves them out with a note.
#[test]
fn the_lion_converts_where_a_format_can_say_it() {
    use icn_adapters::convert::{
        VariantFormat, convert_variant, convert_variant_reporting, read_variant,
    };
    let shipped = crate::shipped();
    let name = Some("Lion (8x8, Mighty Lion)");
    let original = read_variant(&shipped, Some(VariantFormat::Sjaak), name)
        .unwrap()
        .variant;
    assert!(!original.rules.limits.lion.is_empty());
    for via in [VariantFormat::Json, VariantFormat::Sjaak] {
        let text = convert_variant(&shipped, VariantFormat::Sjaak, via, name).unwrap();
        if via == VariantFormat::Sjaak {
            assert!(text.contains("leap ((0,1)|(1,1))+((0,1)|(1,1))"), "{text}");
            assert!(text.contains("no_retaliate,endangered"), "{text}");
        }
        let back = read_variant(&text, Some(via), None).unwrap().variant;
        assert_eq!(back.rules, original.rules, "{text}");
    }
    let e = convert_variant(&shipped, VariantFormat::Sjaak, VariantFormat::Fsf, name).unwrap_err();
    let said = e.to_string();
    assert!(
        said.contains("counter-strike") && said.contains("Chu lion"),
        "{said}"
    );
    // A rule for a kind with no Sjaak piece cannot be written.
    let mut stray = original.clone();
    stray
        .rules
        .limits
        .lion
        .endangered
        .insert(icn_model::PieceKind::Amazon);
    let problems = icn_adapters::sjaak::from_variant(&stray).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("lion-trading rule for AM")),
        "{problems:?}"
    );
    let fbr = convert_variant_reporting(&shipped, VariantFormat::Sjaak, VariantFormat::Fbr, name)
        .unwrap();
    assert!(
        fbr.lost.iter().any(|l| l.contains("unprotected lions")),
        "{:?}",
        fbr.lost
    );
}
