//! The Sjaak reader, writer and lowering on the shipped 43-variant file.

use icn_adapters::sjaak::{from_variant, read_file, read_variants, to_variant, write_file};

/// Expressible variants that cannot be written back (pawns off their
/// `Initial` rows, `+`-right moves of other pieces).
const NOT_WRITABLE: [&str; 6] = [
    "Troitzky Chess Byway (10x10)",
    "Troitzky Chess (10x10)",
    "diana",
    "Cambodian (Ouk Chatrang)",
    "Enlarged and improved chess",
    "roman",
];

fn expressible(name: &str) -> bool {
    PLAIN.contains(&name) || WITH_LIMITS.contains(&name) || WITH_HOLDINGS.contains(&name)
}

/// Variants with pieces in hand: captures to hand, drops, shogi's `+`
/// promotion, pickups (Twilight), gating (Musketeer), pieces in hand no
/// rule uses (Caissa Britannia, whose royal queen may not slide through
/// check).
const WITH_HOLDINGS: [&str; 10] = [
    "Caissa Britannia (10x10)",
    "Twilight Chess (8x8)",
    "Musketeer",
    "Judkins' Shogi (6x6)",
    "EuroShogi (8x8)",
    "YariShogi (7x9)",
    "GoroGoro Shogi (5x6)",
    "GoroGoroNL Shogi (5x6)",
    "Wa-Shogi-drop (11x11)",
    "Wa-Shogi (11x11)",
];

const FIDE: &str = include_str!("../../../../fixtures/sjaak/ok/fide.sjaak");

/// Variants that become rule objects with limits (`icn_rules::limits`),
/// new win rules or several promotion rules per side; the Sjaak writer says
/// flags, confinement, `taboo`, `chase rule`, `loneking` and the lion
/// flags (`no_retaliate`, `endangered`), not yet zone moves, piece limits or
/// several promotion rules per side.
const WITH_LIMITS: [&str; 11] = [
    "Wolves and Sheep (8x8)",
    "Ninth Century Indian Chess (8x8)",
    "Mini Xiangqi",
    "Sherwin's Chess",
    "Viceroy",
    "chaturanga",
    "supercapablanca (12x8)",
    "Wildebeest (11x10)",
    "Theban",
    "Elven (Chu) Chess",
    "Lion (8x8, Mighty Lion)",
];

/// The other variants that become rule objects.
const PLAIN: [&str; 22] = [
    "FIDE Chess (8x8)",
    "Maharaja",
    "Peasant's Revolt (8x8)",
    "Corridor Chess (8x8)",
    "Legan's Chess (8x8)",
    "Diamond Chess (8x8)",
    "Diagonal Chess (8x8)",
    "Corner Chess (8x8)",
    "Troitzky Chess (10x10)",
    "Troitzky Chess Byway (10x10)",
    "Omicron Chess (12x10)",
    "Cambodian (Ouk Chatrang)",
    "3check (8x8)",
    "Chancellor (8x8)",
    "Amazon (8x8)",
    "Spanish archer (10x8)",
    "Enlarged and improved chess",
    "diana",
    "suicide",
    "roman",
    "Schoolbook (10x8)",
    "Nightrider (8x8)",
];

#[test]
fn every_variant_of_the_shipped_file_reads() {
    let shipped = crate::shipped();
    let f = read_file(&shipped);
    assert_eq!(f.variants.len(), 43);
    assert!(f.stray.is_empty(), "{:?}", f.stray);
    // The four variants with quirks read, with warnings (see below).
    for v in &f.variants {
        assert!(
            v.result.is_ok(),
            "{}: {:?}",
            v.name,
            v.result.as_ref().err()
        );
    }
}

#[test]
fn writing_and_reading_back_gives_the_same_variants() {
    let shipped = crate::shipped();
    let ok: Vec<_> = read_file(&shipped)
        .variants
        .into_iter()
        .filter_map(|v| v.result.ok())
        .collect();
    assert_eq!(ok.len(), 43);
    let again = read_variants(&write_file(&ok)).unwrap();
    assert_eq!(again, ok);
}

#[test]
fn expressible_variants_lower_and_the_rest_are_refused_by_name() {
    let shipped = crate::shipped();
    for v in read_file(&shipped).variants {
        let Ok(sv) = v.result else { continue };
        match to_variant(&sv) {
            Ok(_) => assert!(expressible(&v.name), "{}", v.name),
            Err(refusals) => {
                assert!(!expressible(&v.name), "{}: {refusals:?}", v.name);
                assert!(refusals.iter().all(|r| r.to_string().starts_with(&v.name)));
            }
        }
    }
}

fn variant(shipped: &str, name: &str) -> icn_rules::Variant {
    let all = read_file(shipped);
    let v = all.variants.into_iter().find(|v| v.name == name).unwrap();
    to_variant(&v.result.unwrap()).unwrap()
}

fn perft(v: &icn_rules::Variant, depth: u32) -> u64 {
    let mut b = icn_movegen::Board::new(&v.position, &v.rules).unwrap();
    b.perft(depth, icn_movegen::PerftMode::Bulk).unwrap()
}

#[test]
fn fide_from_sjaak_gives_the_standard_perft() {
    let v = variant(FIDE, "FIDE Chess (8x8)");
    assert_eq!([1, 2, 3].map(|d| perft(&v, d)), [20, 400, 8902]);
}

#[test]
fn expressible_variants_run_in_movegen() {
    let shipped = crate::shipped();
    let expect: [(&str, [u64; 2]); 6] = [
        ("3check (8x8)", [20, 400]),
        ("Chancellor (8x8)", [22, 484]),
        ("Amazon (8x8)", [22, 484]),
        ("Nightrider (8x8)", [24, 576]),
        ("Peasant's Revolt (8x8)", [10, 130]),
        ("Schoolbook (10x8)", [28, 784]),
    ];
    for (name, counts) in expect {
        let v = variant(&shipped, name);
        assert_eq!([1, 2].map(|d| perft(&v, d)), counts, "{name}");
    }
}

#[test]
fn expressible_variants_survive_sjaak_rules_sjaak() {
    let shipped = crate::shipped();
    for name in PLAIN.into_iter().chain(WITH_LIMITS) {
        let v = variant(&shipped, name);
        match from_variant(&v) {
            Ok(s) => {
                let back = to_variant(&s).unwrap_or_else(|e| panic!("{name}: {e:?}"));
                assert_eq!(sorted(&back.position), sorted(&v.position), "{name}");
                assert_eq!(back.rules, v.rules, "{name}");
            }
            Err(e) => assert!(
                !e.is_empty() && (NOT_WRITABLE.contains(&name) || WITH_LIMITS.contains(&name)),
                "{name}: {e:?}"
            ),
        }
    }
}

#[test]
fn flags_and_the_bare_king_are_written_back_to_sjaak() {
    let shipped = crate::shipped();
    for name in ["Wolves and Sheep (8x8)", "Ninth Century Indian Chess (8x8)"] {
        let v = variant(&shipped, name);
        let s = from_variant(&v).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(to_variant(&s).unwrap().rules, v.rules, "{name}");
    }
    let text = write_file(&[from_variant(&variant(&shipped, "Wolves and Sheep (8x8)")).unwrap()]);
    assert!(
        text.contains("BlackFlag: a8,b8,c8,d8,e8,f8,g8,h8"),
        "{text}"
    );
    assert!(text.contains("captureanyflag = win"), "{text}");
}

#[test]
fn catalogue_chess_becomes_sjaak_and_comes_back() {
    let v = icn_rules::catalogue::find("Chess")
        .unwrap()
        .variant()
        .unwrap();
    let s = from_variant(&v).unwrap();
    let text = write_file(std::slice::from_ref(&s));
    let again = read_variants(&text).unwrap();
    assert_eq!(again, vec![s.clone()]);
    let back = to_variant(&again[0]).unwrap();
    assert_eq!(sorted(&back.position), sorted(&v.position));
    assert_eq!([1, 2, 3].map(|d| perft(&back, d)), [20, 400, 8902]);
}

fn sorted(p: &icn_model::Position) -> icn_model::Position {
    let mut p = p.clone();
    p.pieces
        .sort_by(|a, b| (&a.at.y, &a.at.x).cmp(&(&b.at.y, &b.at.x)));
    p
}

#[test]
fn two_leg_leaps_reaching_a_square_by_two_paths_are_refused() {
    let text = "Variant: Lame\nBoard: 8x8\nFEN: \"7k/8/8/8/3X4/8/8/K7 w - -\"\nPiece: Xpiece\nMove: leap (((1,0)|(0,1))+((1,0)|(0,1)))&(1,1)\nSymbol: \"X\", \"X,x\"\nPiece: King\nMove: leap (0,1)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
    let e = to_variant(&read_variants(text).unwrap()[0]).unwrap_err();
    assert!(e[0].feature.contains("by two paths"), "{e:?}");
    // Without a mask Sjaak jumps the first leg and captures on both: only
    // the Chu lion's two king steps say that.
    let unmasked = text.replace(
        "(((1,0)|(0,1))+((1,0)|(0,1)))&(1,1)",
        "((1,0)|(0,1))+((1,0)|(0,1))",
    );
    let e = to_variant(&read_variants(&unmasked).unwrap()[0]).unwrap_err();
    assert!(e[0].feature.contains("without a mask"), "{e:?}");
    // The Xiangqi horse has one path per destination and is kept.
    let horse = text.replace("(((1,0)|(0,1))+((1,0)|(0,1)))&(1,1)", "((1,0)+(1,1))&(1,2)");
    let v = to_variant(&read_variants(&horse).unwrap()[0]).unwrap();
    let mut b = icn_movegen::Board::new(&v.position, &v.rules).unwrap();
    let from_x = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| (m.from.x, m.from.y) == (4, 4))
        .count();
    assert_eq!(from_x, 8);
}

#[test]
fn expressible_variants_have_no_duplicate_moves_two_plies_deep() {
    let shipped = crate::shipped();
    for name in PLAIN.into_iter().chain(WITH_LIMITS).chain(WITH_HOLDINGS) {
        let v = variant(&shipped, name);
        let Ok(mut b) = icn_movegen::Board::new(&v.position, &v.rules) else {
            continue;
        };
        let Ok(first) = b.legal_moves() else { continue };
        let check = |ms: &[icn_movegen::Move]| {
            let mut seen = std::collections::HashSet::new();
            for m in ms {
                assert!(seen.insert(*m), "{name}: {m} twice");
            }
        };
        check(&first);
        for m in &first {
            b.make(m);
            check(&b.legal_moves().unwrap());
            b.unmake();
        }
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let with_bom = format!("\u{feff}{FIDE}");
    let plain = read_variants(FIDE).unwrap();
    let read = read_variants(&with_bom).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(read.len(), plain.len());
    assert_eq!(read[0].name, plain[0].name);
}

#[test]
fn quirks_of_real_files_read_as_sjaak_reads_them_with_warnings() {
    let text = "Variant: Quirks\nBoard: 6x6\n\
        FEN: \"rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - -\"\n\
        FEN: \"4k1/6/6/6/6/4K1 w - -\"\n\
        Zone: last = a6,b6;\n\
        Piece: King\nMove: leap (0,1)|(1,1)|(2,)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\
        Castle: white e1-g1 with h1\n";
    let file = icn_adapters::sjaak::read_file(text);
    let read = &file.variants[0];
    let v = read.result.as_ref().expect("reads");
    let warnings: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 4, "{warnings:#?}");
    assert!(
        warnings[0].starts_with("4:1: a second `FEN:`"),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[1].starts_with("5:19: a `;` after square `b6`"),
        "{}",
        warnings[1]
    );
    assert!(
        warnings[2].contains("`(2,)` has no second number"),
        "{}",
        warnings[2]
    );
    assert!(warnings[3].contains("off the 6x6 board"), "{}", warnings[3]);
    // The later FEN counts, `(2,)` is `(2,1)`, the zone keeps b6, the
    // castling off the board is left out.
    assert_eq!(v.fen.as_deref(), Some("4k1/6/6/6/6/4K1 w - -"));
    assert!(v.pieces[0].moves[0].to_string().ends_with("(2,1)"));
    assert_eq!(v.zone("last").map(|z| z.len()), Some(2));
    assert!(v.pieces[0].castles.is_empty());
}

#[test]
fn the_shipped_quirky_variants_now_read() {
    let shipped = crate::shipped();
    let file = icn_adapters::sjaak::read_file(&shipped);
    let unread: Vec<&str> = file
        .variants
        .iter()
        .filter(|v| v.result.is_err())
        .map(|v| v.name.as_str())
        .collect();
    assert!(unread.is_empty(), "{unread:?}");
    let warned: Vec<&str> = file
        .variants
        .iter()
        .filter(|v| !v.warnings.is_empty())
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(
        warned,
        [
            "Omicron Chess (12x10)",
            "Cambodian (Ouk Chatrang)",
            "Musketeer",
            "diana"
        ]
    );
}

/// Sjaak II's own start-position perft of every shipped variant
/// (`fixtures/sjaak/perft.tsv`): every variant that reaches the rule objects
/// agrees to depth 2 here (all depths in `cargo xtask conformance`).
#[test]
fn expressible_variants_perft_as_sjaak_ii_counts() {
    use icn_adapters::sjaak::perft_table::{VariantCheck, check, rows};
    let variants = include_str!("../../../../fixtures/sjaak/reference/sjaak-variants.txt");
    let table = include_str!("../../../../fixtures/sjaak/perft.tsv");
    let rows = rows(table).unwrap();
    assert_eq!(rows.len(), 43);
    let mut agreeing = Vec::new();
    for (name, counts) in &rows {
        match check(variants, name, counts, 2) {
            VariantCheck::Agrees(_) => agreeing.push(name.as_str()),
            VariantCheck::NotExpressible(_) => {}
            VariantCheck::Differs {
                depth,
                expected,
                found,
            } => panic!("{name}: perft {depth} is {found}, Sjaak II counts {expected}"),
        }
    }
    assert_eq!(agreeing.len(), 43, "{agreeing:?}");
}

/// Sjaak II's perft of positions that exercise the limits
/// (`fixtures/sjaak/positions.tsv`): promotion by file with piece limits,
/// optional promotion zones, kings facing, zone moves at depth 4, the Chu
/// lion and its trading rules. Rows of more than 200,000 nodes run with
/// `--ignored`.
fn positions_agree(max_nodes: u64) {
    use icn_adapters::sjaak::perft_table::{VariantCheck, check_position, position_rows};
    let variants = include_str!("../../../../fixtures/sjaak/reference/sjaak-variants.txt");
    let rows = position_rows(include_str!("../../../../fixtures/sjaak/positions.tsv")).unwrap();
    assert!(rows.len() >= 15);
    for row in rows.iter().filter(|r| r.nodes <= max_nodes) {
        let c = check_position(variants, row);
        assert!(matches!(c, VariantCheck::Agrees(_)), "{row:?}: {c:?}");
    }
}

#[test]
fn positions_perft_as_sjaak_ii_counts() {
    positions_agree(200_000);
}

#[test]
#[ignore = "millions of nodes"]
fn every_position_perfts_as_sjaak_ii_counts() {
    positions_agree(u64::MAX);
}

/// Explicit `Castle:` lines are played (they once never were when the
/// castling piece was not a site-rule castler): Enlarged and improved chess
/// with only kings and rooks on the back rows. The counts are Sjaak II's
/// (`variant enlarged_and_improved_chess`, `setboard …`, `perft 3`).
#[test]
fn explicit_castling_moves_are_played_as_sjaak_ii_counts() {
    let shipped = crate::shipped();
    let mut all = read_variants(&shipped).unwrap();
    let v = all
        .iter_mut()
        .find(|v| v.name == "Enlarged and improved chess")
        .unwrap();
    v.fen = Some("r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq -".into());
    let variant = to_variant(v).unwrap();
    assert_eq!([1, 2, 3].map(|d| perft(&variant, d)), [32, 824, 25234]);
    let mut b = icn_movegen::Board::new(&variant.position, &variant.rules).unwrap();
    let castles: Vec<String> = b
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| matches!(m.kind, icn_movegen::MoveKind::Castle { .. }))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(castles.len(), 2, "{castles:?}");
}

/// Where Sjaak II's perft is wrong (`fixtures/sjaak/errata.tsv`: it never
/// blocks a check by a (2,1) rider, and lists a lion's interposition
/// twice), the right count is what the engine
/// plays, and the start-position table takes it in place of Sjaak II's.
#[test]
fn where_sjaak_ii_is_wrong_the_errata_count_is_played() {
    use icn_adapters::sjaak::perft_table::{VariantCheck, check_position, correct, errata, rows};
    let variants = include_str!("../../../../fixtures/sjaak/reference/sjaak-variants.txt");
    let list = errata(include_str!("../../../../fixtures/sjaak/errata.tsv")).unwrap();
    assert!(list.len() >= 2);
    for e in list.iter().filter(|e| e.row.fen != "-") {
        let c = check_position(variants, &e.row);
        assert!(matches!(c, VariantCheck::Agrees(_)), "{e:?}: {c:?}");
        assert_ne!(e.sjaak, e.row.nodes);
    }
    let mut table = rows(include_str!("../../../../fixtures/sjaak/perft.tsv")).unwrap();
    correct(&mut table, &list).unwrap();
    let caissa = &table
        .iter()
        .find(|(n, _)| n == "Caissa Britannia (10x10)")
        .unwrap()
        .1;
    assert!(caissa.contains(&(3, 175_437)), "{caissa:?}");
    // A stale erratum is an error, not a silent correction.
    let mut stale = list.clone();
    stale.iter_mut().for_each(|e| e.sjaak += 1);
    assert!(correct(&mut table, &stale).is_err());
}

/// `Rule: repeatN = win|loss` scores the repetition for the last mover, the
/// model for the player to move; written back as read.
#[test]
fn repetition_scores_read_and_write_back() {
    use icn_rules::{Outcome, RepetitionResult};
    for (score, result) in [
        ("win", RepetitionResult::ToMove(Outcome::Loss)),
        ("loss", RepetitionResult::ToMove(Outcome::Win)),
        ("draw", RepetitionResult::default()),
    ] {
        let text = FIDE.replace("Rule: repeat3 = draw", &format!("Rule: repeat4 = {score}"));
        let v = variant(&text, "FIDE Chess (8x8)");
        assert_eq!(
            (v.rules.draws.repetition, v.rules.draws.repetition_result),
            (Some(4), result),
            "{score}"
        );
        let written = write_file(&[from_variant(&v).unwrap()]);
        assert!(written.contains(&format!("repeat4 = {score}")), "{written}");
        assert_eq!(
            variant(&written, "FIDE Chess (8x8)").rules.draws,
            v.rules.draws
        );
    }
}
