//! Variant conversion between formats.

use icn_adapters::convert::{VariantFormat::*, convert_variant};
use icn_model::{Dialect, Game};

const FIDE: &str = include_str!("../../../../fixtures/sjaak/ok/fide.sjaak");

#[test]
fn sjaak_fide_to_icn_runs_the_standard_perft() {
    let icn = convert_variant(FIDE, Sjaak, Icn, None).unwrap();
    let game = Game::parse(&icn, Dialect::Auto).unwrap();
    let mut board = icn_movegen::Board::from_game(&game).unwrap();
    let counts = [1, 2, 3].map(|d| board.perft(d, icn_movegen::PerftMode::Bulk).unwrap());
    assert_eq!(counts, [20, 400, 8902]);
}

#[test]
fn icn_to_sjaak_and_back_to_icn() {
    let icn = convert_variant(FIDE, Sjaak, Icn, None).unwrap();
    let sjaak = convert_variant(&icn, Icn, Sjaak, Some("FIDE")).unwrap();
    assert!(sjaak.starts_with("Variant: FIDE\nBoard: 8x8\n"));
    assert_eq!(convert_variant(&sjaak, Sjaak, Icn, None).unwrap(), icn);
}

#[test]
fn names_pick_variants_by_exact_name_or_unique_prefix() {
    let shipped = crate::shipped();
    let one = convert_variant(&shipped, Sjaak, Sjaak, Some("fide")).unwrap();
    assert!(one.starts_with("Variant: FIDE Chess (8x8)\n"));
    let e = convert_variant(&shipped, Sjaak, Icn, Some("c"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("names 6 variants"), "{e}");
    let e = convert_variant(&shipped, Sjaak, Icn, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("43 variants; pick one with --name"), "{e}");
    // Cambodian's `(2,)` reads as Sjaak reads it, with a warning at its place.
    let c =
        icn_adapters::convert::convert_variant_reporting(&shipped, Sjaak, Json, Some("Cambodian"))
            .unwrap();
    assert_eq!(c.warnings.len(), 1);
    assert!(
        c.warnings[0].starts_with("1520:74: `(2,)`"),
        "{:?}",
        c.warnings
    );
}

#[test]
fn what_cannot_be_converted_is_refused_with_the_reason() {
    let shipped = crate::shipped();
    // Rules ICN's header cannot say, named; such rules go whole into the
    // `rules` property, which only the spec dialect writes.
    let header_refusal = |name: &str| {
        let v = icn_adapters::convert::read_variant(&shipped, Some(Sjaak), Some(name))
            .unwrap()
            .variant;
        let game = icn_rules::lower::game_of(&v.rules, &v.position).unwrap();
        let site = icn_model::IcnStyle {
            form: icn_model::IcnForm::Compact,
            dialect: Dialect::Site,
        };
        let e = game.to_icn(site).unwrap_err().to_string();
        assert!(e.contains("`rules` property needs the spec dialect"), "{e}");
        let icn = convert_variant(&shipped, Sjaak, Icn, Some(name)).unwrap();
        assert!(icn.contains("{\"rules\": {"), "{icn}");
        let reasons = icn_rules::lower::game_rules_of(&v.rules).unwrap_err();
        reasons
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    };
    // Suicide: ICN's header has no forced capture.
    let e = header_refusal("suicide");
    assert!(e.contains("forced capture"), "{e}");
    assert!(e.contains("losing every piece"), "{e}");
    // Chaturanga: neither its bare-king rule nor its piece limits nor its
    // king's zone moves.
    let e = header_refusal("chaturanga");
    assert!(e.contains("the bare-king reply"), "{e}");
    assert!(e.contains("piece count limits"), "{e}");
    assert!(e.contains("moves played only in a zone"), "{e}");
    // Optional promotion.
    let e = header_refusal("Legan's Chess (8x8)");
    assert!(e.contains("optional promotion"), "{e}");
    // FBR has no world border.
    let e = convert_variant(FIDE, Sjaak, Fbr, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("world border"), "{e}");
    let e = convert_variant("w K1,1|k3,3", Icn, Sjaak, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("four closed sides"), "{e}");
    let big = "w 0/100 1,20,1,8 K1,1|k3,3";
    let e = convert_variant(big, Icn, Sjaak, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("20x8 board"), "{e}");
}

#[test]
fn json_and_fbr_outputs() {
    let json = convert_variant(FIDE, Sjaak, Json, None).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["name"], "FIDE Chess (8x8)");
    assert_eq!(v["rules"]["region"]["border"]["right"], 8);
    let fbr = convert_variant("royal{Kk}=maxchecks(3)", Fbr, Fbr, None).unwrap();
    assert_eq!(convert_variant(&fbr, Fbr, Fbr, None).unwrap(), fbr);
    assert!(convert_variant("x", Json, Icn, None).is_err());
}

#[test]
fn a_bounded_fairy_icn_variant_goes_to_sjaak_and_back() {
    let icn = "w 0/100 1 (10;AM,CH,AR,HA,CA,GI,ZE,CE,GU,NR,Q|1;am,ch,ar,ha,ca,gi,ze,ce,gu,nr,q) 1,10,1,10 K5,1+|R1,1+|R10,1+|AM2,1|HA3,1|CH4,1|AR6,1|CA7,1|GI8,1|ZE9,1|CE2,2|GU3,2|NR4,2|P5,2+|P6,3+|k5,10|p5,9+";
    let sjaak = convert_variant(icn, Icn, Sjaak, Some("Fairy")).unwrap();
    for line in [
        "FEN: \"4k5/4p5/10/10/10/10/10/5P4/1EGSP5/RMHCKALIZR w KQ - 0 1\"",
        "Castle: white e1-g1 with j1",
        "Move: leap (3,3)|(0,3)|(2,2)|(0,2)",
        "Move: ride (1,2)",
        "Promotion: white_promotion, black_promotion, \"MCAHLIZEGSQ\"",
    ] {
        assert!(sjaak.contains(line), "{line}\n{sjaak}");
    }
    let back = convert_variant(&sjaak, Sjaak, Icn, None).unwrap();
    let a = Game::parse(icn, Dialect::Auto).unwrap();
    let b = Game::parse(&back, Dialect::Auto).unwrap();
    assert_eq!(a.rules, b.rules);
    let sorted = |g: &Game| {
        let mut p = g.position.pieces.clone();
        p.sort_by(|x, y| (&x.at.y, &x.at.x).cmp(&(&y.at.y, &y.at.x)));
        p
    };
    assert_eq!(sorted(&a), sorted(&b));
}

#[test]
fn excluded_squares_become_voids_in_icn_and_come_back() {
    let sjaak = "Variant: Holes\nBoard: 8x8\nFEN: \"*3k2*/8/8/8/8/8/8/*3K2* w - -\"\nExclude: a1,h1,a8,h8\nPiece: King\nMove: leap (0,1)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
    let icn = convert_variant(sjaak, Sjaak, Icn, None).unwrap();
    assert!(icn.contains("vo1,1") && icn.contains("vo8,8"), "{icn}");
    let back = convert_variant(&icn, Icn, Sjaak, Some("Holes")).unwrap();
    assert!(back.contains("Exclude: a1,a8,h1,h8"), "{back}");
    assert!(
        back.contains("FEN: \"*3k2*/8/8/8/8/8/8/*3K2* w - - 0 1\""),
        "{back}"
    );
}

#[test]
fn json_rule_form_reads_back_to_the_same_variant() {
    let shipped = crate::shipped();
    let names: Vec<String> = icn_adapters::sjaak::read_file(&shipped)
        .variants
        .iter()
        .map(|v| v.name.clone())
        .collect();
    let mut round_trips = 0;
    for name in &names {
        let Ok(read) = icn_adapters::convert::read_variant(&shipped, Some(Sjaak), Some(name))
        else {
            continue;
        };
        let v = read.variant;
        let json = convert_variant(&shipped, Sjaak, Json, Some(name)).unwrap();
        assert_eq!(
            icn_adapters::convert::detect_variant_format(&json),
            Json,
            "{name}"
        );
        let back = icn_adapters::convert::read_variant(&json, None, None)
            .unwrap()
            .variant;
        assert_eq!(back.rules, v.rules, "{name}");
        let squares = |p: &icn_model::Position| {
            let mut s: Vec<String> = p
                .pieces
                .iter()
                .map(|pp| format!("{}{}", pp.piece.code(), pp.at))
                .collect();
            s.sort();
            s
        };
        assert_eq!(squares(&back.position), squares(&v.position), "{name}");
        round_trips += 1;
    }
    assert!(
        round_trips >= 16,
        "only {round_trips} Sjaak variants went through JSON"
    );
}

#[test]
fn json_rule_form_errors_name_the_key() {
    let e = convert_variant(r#"{"rules": {"royals": ["Z"]}}"#, Json, Fbr, None).unwrap_err();
    assert!(e.to_string().contains("`royals[0]`"), "{e}");
    let e = convert_variant("{\"rules\": ", Json, Fbr, None).unwrap_err();
    assert!(e.to_string().contains("invalid JSON"), "{e}");
}

mod many {
    use icn_adapters::convert::VariantFormat::{self, *};
    use icn_adapters::convert_many::{convert_all, read_all};
    use icn_adapters::roundtrip::{differences, through};
    use icn_rules::Variant;

    fn ok_variants(text: &str, from: VariantFormat) -> Vec<Variant> {
        read_all(text, Some(from))
            .unwrap()
            .into_iter()
            .filter_map(|(_, r)| r.ok().map(|r| r.variant))
            .collect()
    }

    /// Every target holds every variant that converts; reading the output
    /// back gives them in order with the same rules.
    #[test]
    fn a_many_variant_file_converts_whole_to_every_format_and_reads_back() {
        let shipped = crate::shipped();
        let originals = ok_variants(&shipped, Sjaak);
        assert_eq!(originals.len(), 43);
        for to in [Json, Fbr, Fsf, Icn, Sjaak] {
            let out = convert_all(&shipped, Some(Sjaak), to).unwrap();
            assert_eq!(out.items.len(), 43, "{to:?}");
            let converted: Vec<&str> = out
                .items
                .iter()
                .filter(|i| i.error.is_none())
                .map(|i| i.name.as_str())
                .collect();
            // A variant that does not convert says why.
            assert!(
                out.items
                    .iter()
                    .all(|i| i.error.as_ref().is_none_or(|e| !e.is_empty())),
                "{to:?}"
            );
            if to == Sjaak {
                assert_eq!(converted.len(), 43);
                continue;
            }
            // Every section written is there; those written whole read back.
            let sections = read_all(&out.text, Some(to)).unwrap();
            assert_eq!(sections.len(), converted.len(), "{to:?}");
            let whole: Vec<bool> = out
                .items
                .iter()
                .filter(|i| i.error.is_none())
                .map(|i| i.lost.is_empty())
                .collect();
            let back: Vec<Variant> = sections
                .into_iter()
                .zip(&whole)
                .filter(|(_, whole)| **whole || to == Fbr)
                .map(|((_, r), _)| r.unwrap().variant)
                .collect();
            let converted: Vec<&str> = converted
                .iter()
                .zip(&whole)
                .filter(|(_, whole)| **whole || to == Fbr)
                .map(|(n, _)| *n)
                .collect();
            if to == Fsf {
                // Lossy sections say what they leave out.
                assert!(whole.iter().filter(|w| !**w).count() > 20);
            }
            for (b, name) in back.iter().zip(&converted) {
                let o = originals.iter().find(|o| o.name == *name).unwrap();
                if matches!(to, Json | Icn | Fbr) {
                    assert_eq!(o.name, b.name, "{to:?}");
                }
                // FBR loses what it says it loses, as for one variant.
                let expected = if to == Fbr {
                    through(o, Fbr).unwrap().0
                } else {
                    o.clone()
                };
                let d = differences(&expected, b, o, to != Fbr);
                assert!(d.is_empty(), "{to:?} {}: {d:?}", b.name);
            }
        }
    }

    #[test]
    fn a_variant_that_fails_is_reported_and_the_rest_go_on() {
        let text =
            "// variant: a\nroyal{Kk}\n// variant: b\natomic\n// variant: c\nroyal{Kk}=expose\n";
        let out = convert_all(text, None, Fbr).unwrap();
        assert_eq!(out.failed(), 1);
        let b = out.items[1].error.as_ref().unwrap();
        assert!(b[0].contains("input:4:1"), "{b:?}");
        let back = read_all(&out.text, Some(Fbr)).unwrap();
        let names: Vec<&str> = back.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "c"]);
        // Two variants with one code get distinct sections.
        let json = convert_all(&crate::shipped(), Some(Sjaak), Json)
            .unwrap()
            .text;
        let mut twice: serde_json::Value = serde_json::from_str(&json).unwrap();
        let first = twice[0].clone();
        twice.as_array_mut().unwrap().push(first);
        let ini = convert_all(&twice.to_string(), Some(Json), Fsf).unwrap();
        assert!(
            ini.text.contains("[fide-chess--8x8-]") && ini.text.contains("[fide-chess--8x8--2]"),
            "{}",
            &ini.text[..200]
        );
        assert!(ini.failed() > 0);
        assert_eq!(
            read_all(&ini.text, Some(Fsf)).unwrap().len(),
            44 - ini.failed()
        );
    }

    #[test]
    fn one_variant_converts_as_before() {
        let fide = super::FIDE;
        let all = convert_all(fide, Some(Sjaak), Icn).unwrap();
        assert_eq!(
            all.text,
            super::convert_variant(fide, Sjaak, Icn, None).unwrap()
        );
        assert!(read_all("", Some(Fbr)).is_err());
        assert!(read_all("[1, 2", Some(Json)).is_err());
    }
}

/// Fuzz findings: what `variant convert` writes, it reads back.
#[test]
fn fbr_output_names_only_what_fbr_can_read() {
    use icn_adapters::convert::convert_variant_reporting;
    // White may promote to an obstacle or a void: ICN writes those as `1ob`
    // and `1vo`, which no FBR name spells. The promotion is left out, said.
    let icn = "w (8;Q,Q,p,ob,vo|1) K5,1|k5,8";
    let c = convert_variant_reporting(icn, Icn, Fbr, None).unwrap();
    assert!(
        c.lost
            .iter()
            .any(|l| l.contains("promotion of white") && l.contains("`1ob`")),
        "{:?}",
        c.lost
    );
    // The rules name no `1ob` (the notes after `//` say what was left out).
    let rules: Vec<&str> = c.text.lines().filter(|l| !l.starts_with("//")).collect();
    assert!(
        rules.iter().all(|l| !l.contains("1ob")) && c.text.contains("promotion{p}[1]"),
        "{}",
        c.text
    );
    convert_variant(&c.text, Fbr, Fbr, None).unwrap();
    // Strict conversion refuses it with the same reason.
    let e = convert_variant(icn, Icn, Fbr, None).unwrap_err();
    assert!(e.to_string().contains("`1ob`"), "{e}");
}

#[test]
fn icn_output_of_properties_alone_is_not_taken_for_json() {
    // Only a property differs from the defaults: the compact form would be
    // the `{…}` block alone, which reads as the JSON long form.
    let icn = "w {\"slideLimit\": 7}";
    let out = convert_variant(icn, Icn, Icn, None).unwrap();
    assert!(out.starts_with("w {"), "{out}");
    assert_eq!(convert_variant(&out, Icn, Icn, None).unwrap(), out);
    let game = Game::parse(icn, Dialect::Auto).unwrap();
    let compact = game
        .to_icn(icn_model::IcnStyle {
            form: icn_model::IcnForm::Compact,
            dialect: Dialect::Spec,
        })
        .unwrap();
    assert_eq!(compact, "w {\"slideLimit\": 7}");
    assert_eq!(
        icn_adapters::document::read_either(&compact, Dialect::Auto).unwrap(),
        game
    );
}

/// Fuzz finding: a promotion rank off the board wrote `Zone: black_promotion = `
/// with no square, which the Sjaak reader refuses.
#[test]
fn a_promotion_zone_off_the_board_is_no_sjaak_zone() {
    let icn = "w 0/100 (8|184467440737095516161) 1,8,1,8 K5,1|k5,8|P1,2+|p1,7+";
    let sjaak = convert_variant(icn, Icn, Sjaak, None).unwrap();
    assert!(sjaak.contains("Zone: white_promotion = a8,"), "{sjaak}");
    assert!(!sjaak.contains("black_promotion"), "{sjaak}");
    convert_variant(&sjaak, Sjaak, Sjaak, None).unwrap();
    // Black's pawns do not promote on this board: the same moves either way.
    let back = convert_variant(&sjaak, Sjaak, Icn, None).unwrap();
    let moves = |text: &str| {
        let game = Game::parse(text, Dialect::Auto).unwrap();
        let mut board = icn_movegen::Board::from_game(&game).unwrap();
        [1, 2, 3].map(|d| board.perft(d, icn_movegen::PerftMode::Bulk).unwrap())
    };
    assert_eq!(moves(&back), moves(icn));
}

/// An empty file, or one without a variant, is an error in every format,
/// never an empty conversion.
#[test]
fn empty_and_garbage_inputs_are_errors_in_every_format() {
    use icn_adapters::convert::VariantFormat;
    for from in [Sjaak, Fsf, Fbr, Icn, Json] {
        for text in ["", "  \n", "garbage ###\n"] {
            let converted = convert_variant(text, from, VariantFormat::Json, None);
            assert!(converted.is_err(), "{from:?} {text:?}: {converted:?}");
        }
    }
    // A `variants.ini` with comments only holds no section.
    let e = icn_adapters::convert_many::read_all("# nothing\n", Some(Fsf)).unwrap_err();
    assert!(e.to_string().contains("no `[name]` section"), "{e}");
    let e = icn_adapters::convert_many::read_all("garbage\n[a:chess]\n", Some(Fsf)).unwrap_err();
    assert!(
        e.to_string().contains("1:1") && e.to_string().contains("before the first section"),
        "{e}"
    );
}
