//! MBN (FBR's piece notation) over every piece of the two real definition
//! files that reaches the movement algebra: written, read back, the same
//! movement; or refused by the writer with a reason (a listed loss, never a
//! silent drop).

use icn_adapters::{fsf, fsf::betza, sjaak};
use icn_model::PieceKind;
use icn_rules::Movement;
use icn_rules::fbr::mbn;
use icn_rules::movement::Action;

/// Writes `m`, reads it back; `Err` with the writer's reasons.
fn through_mbn(m: &Movement, what: &str) -> Result<(), Vec<String>> {
    let text = mbn::write(m)?;
    let back =
        mbn::parse(&text).unwrap_or_else(|e| panic!("{what}: `{text}` does not read: {e:?}"));
    assert!(
        back.same_as(&icn_rules::movement_form::fold(m)),
        "{what}: written as `{text}`, reads as another movement"
    );
    Ok(())
}

#[derive(Default)]
struct Tally {
    pieces: usize,
    said: usize,
    lost: Vec<String>,
}

impl Tally {
    fn check(&mut self, m: &Movement, what: &str) {
        self.pieces += 1;
        match through_mbn(m, what) {
            Ok(()) => self.said += 1,
            Err(reasons) => self.lost.push(format!("{what}: {}", reasons.join("; "))),
        }
    }
}

#[test]
fn every_fairy_stockfish_piece_the_model_holds_goes_through_mbn() {
    let text = include_str!("../../../../fixtures/fsf/reference/fsf-variants.ini");
    let mut t = Tally::default();
    for s in fsf::read_file(text).sections {
        let Ok(r) = &s.result else { continue };
        for p in r.pieces.values() {
            let Ok(parsed) = betza::parse(&p.betza) else {
                continue;
            };
            let Ok(m) = parsed.movement() else { continue };
            t.check(&m, &format!("[{}] {}", s.name, p.betza));
        }
    }
    eprintln!("fsf: {} pieces, {} said in MBN; lost:", t.pieces, t.said);
    for l in &t.lost {
        eprintln!("  {l}");
    }
    assert!(t.pieces > 800, "{}", t.pieces);
    // What MBN cannot say: a piece that never moves (Fairy-Stockfish's
    // drop-only pieces), move sets no direction codes pick out (the
    // chiral `hlN`) and the Janggi elephant's leap through two squares.
    assert!(
        t.lost.iter().all(|l| l.contains("no MBN directions")
            || l.contains("never moves")
            || l.contains("(the Janggi elephant) has no MBN atom")),
        "{:#?}",
        t.lost
    );
    assert!(t.said * 50 >= t.pieces * 49, "{} of {}", t.said, t.pieces);
}

#[test]
fn every_sjaak_piece_the_model_holds_goes_through_mbn() {
    let file = sjaak::read_file(&super::shipped());
    let mut t = Tally::default();
    for v in &file.variants {
        let Ok(sv) = &v.result else { continue };
        // Each piece's own moves and captures, in every variant.
        for p in &sv.pieces {
            let (move_action, capture_action) = match &p.captures {
                None => (Action::MoveOrCapture, Action::CaptureOnly),
                Some(_) => (Action::MoveOnly, Action::CaptureOnly),
            };
            let lines = p
                .moves
                .iter()
                .map(|d| (d, move_action))
                .chain(p.captures.iter().flatten().map(|d| (d, capture_action)));
            let mut components = Vec::new();
            let mut held = true;
            for (d, action) in lines {
                match d.components(action) {
                    Ok(c) => components.extend(c),
                    Err(_) => held = false,
                }
            }
            if held && !components.is_empty() {
                t.check(&Movement { components }, &format!("{}: {}", v.name, p.name));
            }
        }
        // And the movements of the variants that reach the rule objects.
        if let Ok(variant) = sjaak::to_variant(sv) {
            let mut kinds: Vec<PieceKind> = variant.rules.movements.keys().copied().collect();
            kinds.extend(variant.position.pieces.iter().map(|p| p.piece.kind));
            kinds.sort();
            kinds.dedup();
            for k in kinds {
                let m = variant.rules.movement(k);
                if !m.is_static() {
                    t.check(&m, &format!("{} (rules): {k:?}", v.name));
                }
            }
        }
    }
    eprintln!("sjaak: {} pieces, {} said in MBN; lost:", t.pieces, t.said);
    for l in &t.lost {
        eprintln!("  {l}");
    }
    assert!(t.pieces > 300, "{}", t.pieces);
    assert!(t.said * 20 >= t.pieces * 19, "{} of {}", t.said, t.pieces);
}

/// The grasshopper: Betza `gQ` (and `gR`, `gB`) read into the movement
/// algebra, written back as Betza and as MBN, which read as the same
/// movement; it counts as Fairy-Stockfish counts it
/// (`fixtures/fsf/grasshopper.tsv`, `gen/grasshopper.py`).
#[test]
fn the_grasshopper_goes_through_betza_and_mbn() {
    for text in ["gQ", "gR", "mgB", "gRcpR"] {
        let m = betza::movement_of(text).unwrap_or_else(|| panic!("{text} does not read"));
        assert!(
            m.components
                .iter()
                .any(|c| matches!(c.pattern, icn_rules::Pattern::Grasshopper { .. })),
            "{text}: {m:?}"
        );
        let again = fsf::betza_write::write(&m).unwrap();
        assert!(again.contains('g'), "{text}: written as {again}");
        assert!(
            betza::movement_of(&again).unwrap().same_as(&m),
            "{text}: {again}"
        );
        through_mbn(&m, text).unwrap();
    }
    assert!(
        mbn::write(&betza::movement_of("gQ").unwrap())
            .unwrap()
            .contains('g')
    );
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/grasshopper.tsv"), 12);
}
