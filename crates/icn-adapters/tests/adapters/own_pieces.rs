//! Variants with pieces of their own: every variant of the shipped Sjaak and
//! Fairy-Stockfish files that reaches the rule objects and that ICN can hold
//! is written as ICN (its pieces in the `pieces` property) and read back to
//! the same rules and position.

use icn_adapters::convert::{
    VariantFormat::{self, *},
    convert_variant, read_variant, variant_names,
};

/// The variants of `text` that convert to ICN, each checked to read back the same.
fn convert_to_icn_and_back(text: &str, from: VariantFormat) -> (usize, Vec<String>) {
    let mut reaching = 0;
    let mut converted = Vec::new();
    for (name, status) in variant_names(text, Some(from)).unwrap() {
        if status.is_err() {
            continue;
        }
        reaching += 1;
        let v = read_variant(text, Some(from), Some(&name)).unwrap().variant;
        let Ok(icn) = convert_variant(text, from, Icn, Some(&name)) else {
            continue;
        };
        let back = read_variant(&icn, Some(Icn), None)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{icn}"))
            .variant;
        if v.rules.region.excluded.is_empty() {
            assert_eq!(back.rules, v.rules, "{name}: {icn}");
            assert_eq!(back.position, v.position, "{name}: {icn}");
        }
        converted.push(name);
    }
    (reaching, converted)
}

#[test]
fn sjaak_variants_with_their_own_pieces_convert_to_icn_and_back() {
    let (reaching, converted) = convert_to_icn_and_back(&crate::shipped(), Sjaak);
    assert_eq!(reaching, 43);
    // Every one: their own pieces in the `pieces` property, explicit
    // castling in the `castling` property, rules the header cannot say in
    // the `rules` property and pieces in hand in the `state` property.
    assert_eq!(converted.len(), 43, "{converted:?}");
    for name in [
        "Maharaja",
        "Peasant's Revolt (8x8)",
        "Corridor Chess (8x8)",
        "Spanish archer (10x8)",
        "Schoolbook (10x8)",
    ] {
        assert!(converted.iter().any(|n| n == name), "{name}: {converted:?}");
    }
}

#[test]
fn fairy_stockfish_variants_convert_to_icn_and_back() {
    let text = include_str!("../../../../fixtures/fsf/reference/fsf-variants.ini");
    let (reaching, converted) = convert_to_icn_and_back(text, Fsf);
    // Every one, pieces in hand and promoted pieces at the start included.
    assert_eq!(reaching, 102);
    assert_eq!(converted.len(), 102, "{converted:?}");
}

#[test]
fn the_pieces_property_is_spec_only_and_the_site_dialect_refuses_it() {
    let shipped = crate::shipped();
    let icn = convert_variant(&shipped, Sjaak, Icn, Some("Maharaja")).unwrap();
    assert!(
        icn.contains(r#"{"pieces": {"M": {"name": "Maharaja""#),
        "{icn}"
    );
    let game = icn_model::Game::parse(&icn, icn_model::Dialect::Auto).unwrap();
    let site = icn_model::IcnStyle {
        form: icn_model::IcnForm::Compact,
        dialect: icn_model::Dialect::Site,
    };
    let e = game.to_icn(site).unwrap_err().to_string();
    assert!(
        e.contains("the site dialect has only the 22 built-in pieces, not `M`"),
        "{e}"
    );
    let e = icn_model::Game::parse(&icn, icn_model::Dialect::Site).unwrap_err();
    assert!(e.to_string().contains("the site knows no piece `M`"), "{e}");
}

/// More kinds than the built-in library, each of the variant's own: the
/// engine plays them all (26 wazirs of 26 kinds and a king: 26 × 4 + 8 moves).
#[test]
fn a_variant_with_more_kinds_than_the_library_plays() {
    let wazir = serde_json::to_value(icn_rules::Movement::leaper(1, 0)).unwrap();
    let codes: Vec<String> = ('A'..='Z')
        .map(|c| c.to_string())
        .filter(|c| icn_model::PieceKind::from_code(c).is_none())
        .chain(["AA", "AB", "AC", "AD", "AE", "AF"].map(String::from))
        .collect();
    assert_eq!(codes.len(), 26);
    let pieces: serde_json::Map<String, serde_json::Value> = codes
        .iter()
        .map(|c| (c.clone(), serde_json::json!({ "movement": wazir })))
        .collect();
    let placed: Vec<String> = codes
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{c}{},0", 10 * i))
        .collect();
    let text = format!(
        "w {} K1000,1000|k-1000,-1000|{}",
        serde_json::json!({ "pieces": pieces }),
        placed.join("|")
    );
    let game = icn_model::Game::parse(&text, icn_model::Dialect::Auto).unwrap();
    let mut board = icn_movegen::Board::from_game(&game).unwrap();
    let n = board.perft(1, icn_movegen::PerftMode::Bulk).unwrap();
    assert_eq!(n, 26 * 4 + 8);
    assert_eq!(board.perft(2, icn_movegen::PerftMode::Bulk).unwrap(), n * 8);
}
