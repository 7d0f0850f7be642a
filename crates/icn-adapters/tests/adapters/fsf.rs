//! Fairy-Stockfish `variants.ini`: the shipped file read section by section,
//! Betza round trips, the writer, and the hub.

use icn_adapters::fsf::{self, betza, betza_write};

/// The `variants.ini` Fairy-Stockfish ships, as kept in the repository
/// (`fixtures/fsf/reference`, a copy of `shared/reference/fsf-variants.ini`).
fn shipped() -> Option<String> {
    Some(include_str!("../../../../fixtures/fsf/reference/fsf-variants.ini").to_string())
}

#[test]
fn every_section_of_the_shipped_file_reads_or_is_refused_by_name() {
    let Some(text) = shipped() else { return };
    let file = fsf::read_file(&text);
    assert!(file.stray.is_empty(), "{:?}", file.stray);
    let (mut read, mut lowered) = (0, 0);
    for s in &file.sections {
        match &s.result {
            Ok(r) => {
                read += 1;
                match fsf::to_variant(r) {
                    Ok(_) => lowered += 1,
                    Err(refusals) => {
                        assert!(!refusals.is_empty());
                        for r in refusals {
                            assert!(!r.option.is_empty() && !r.place.is_empty(), "{r}");
                            eprintln!("REFUSED {} {} {} {}", s.name, r.option, r.place, r.reason);
                        }
                    }
                }
            }
            Err(es) => {
                for e in es {
                    eprintln!("ERROR {} {e}", s.name);
                }
            }
        }
    }
    eprintln!(
        "sections {} read {read} lowered {lowered}",
        file.sections.len()
    );
    assert_eq!(file.sections.len(), 143);
}

/// Every variant the hub holds that Fairy-Stockfish can say, written as
/// sections: the shipped file's sections that reach the rule objects, the
/// built-in variants described in `builtin.ini` that do, the catalogue's
/// finite variants and the Sjaak file's variants. Names say where each came
/// from. `None` when a shared reference file is missing.
fn hub_sections() -> Option<(String, Vec<String>)> {
    let fsf_text = shipped()?;
    let sjaak_text = super::shipped();
    let mut vs: Vec<(String, icn_rules::Variant)> = Vec::new();
    for s in fsf::read_file(&fsf_text).sections {
        if let Ok(v) = s
            .result
            .as_ref()
            .map_err(|_| ())
            .and_then(|r| fsf::to_variant(r).map_err(|_| ()))
        {
            vs.push((format!("fsf-{}", s.name), v));
        }
    }
    for name in fsf::builtin::names() {
        if let Some(v) = fsf::builtin::find(name).and_then(|r| fsf::to_variant(&r).ok()) {
            vs.push((format!("builtin-{name}"), v));
        }
    }
    for e in icn_rules::catalogue::entries() {
        if let Ok(v) = e.variant() {
            vs.push((
                format!("cat-{}", v.code.to_lowercase().replace('_', "-")),
                v,
            ));
        }
    }
    for v in icn_adapters::sjaak::read_variants(&sjaak_text).unwrap_or_default() {
        if let Ok(v) = icn_adapters::sjaak::to_variant(&v) {
            let name: String = v
                .name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect();
            vs.push((format!("sjaak-{name}"), v));
        }
    }
    let mut text = String::from(
        "# Every variant the hub holds that the writer can say, written by icn_adapters::fsf::write_section.\n# Regenerate: cargo test -p icn-adapters --test adapters fsf::write_hub_sections -- --ignored\n\n",
    );
    let mut refused = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (name, v) in vs {
        if !seen.insert(name.clone()) {
            continue;
        }
        match fsf::write_section(&v, &name) {
            Ok(s) => {
                text.push_str(&s);
                text.push('\n');
            }
            Err(es) => refused.push(format!("{name}: {}", es.join("; "))),
        }
    }
    Some((text, refused))
}

const HUB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/fsf/perft/hub.ini"
);

#[test]
#[ignore = "writes fixtures/fsf/perft/hub.ini"]
fn write_hub_sections() {
    let (text, refused) = hub_sections().expect("the shared reference files");
    std::fs::write(HUB, text).unwrap();
    for r in refused {
        eprintln!("not written: {r}");
    }
}

#[test]
fn the_committed_hub_sections_are_what_the_writer_writes() {
    let Some((text, _)) = hub_sections() else {
        return;
    };
    let committed = std::fs::read_to_string(HUB).unwrap_or_default();
    assert!(
        committed == text,
        "fixtures/fsf/perft/hub.ini is stale: run the ignored test write_hub_sections and fixtures/fsf/gen/perft.py"
    );
}

#[test]
fn fixtures_of_the_fsf_corpus_pass_quickly() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fsf");
    let mut failures = Vec::new();
    for case in fsf::conformance::list_cases(&root).unwrap() {
        if let Err(e) = fsf::conformance::run_case(&case, false, true) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every piece's Betza in the shipped file: parsed, and — where the model
/// holds it — written back and read again to the same movement.
#[test]
fn the_betza_of_every_piece_of_the_shipped_file_parses_and_round_trips() {
    let Some(text) = shipped() else { return };
    let file = fsf::read_file(&text);
    let (mut pieces, mut held) = (0, 0);
    for s in &file.sections {
        let Ok(r) = &s.result else { continue };
        for p in r.pieces.values() {
            pieces += 1;
            let parsed = match betza::parse(&p.betza) {
                Ok(b) => b,
                Err(e) => {
                    // Only XBetza letters Fairy-Stockfish skips are refused.
                    assert!(
                        e.message.contains("XBetza"),
                        "{}: {}: {e:?}",
                        s.name,
                        p.betza
                    );
                    continue;
                }
            };
            let Ok(m) = parsed.movement() else { continue };
            held += 1;
            let written =
                betza_write::write(&m).unwrap_or_else(|e| panic!("{}: {}: {e:?}", s.name, p.betza));
            let back = betza::parse(&written).unwrap().movement().unwrap();
            assert!(
                back.same_as(&m),
                "{}: `{}` written as `{written}` reads as another movement",
                s.name,
                p.betza
            );
        }
    }
    eprintln!("pieces {pieces}, held by the movement algebra {held}");
    assert!(held * 10 >= pieces * 9, "{held} of {pieces}");
}

mod betza_props {
    use super::*;
    use proptest::prelude::*;

    fn one_move() -> impl Strategy<Value = String> {
        let modality = prop::sample::select(vec!["", "m", "c"]);
        let dirs = prop::sample::select(vec![
            "", "f", "b", "v", "s", "l", "r", "fs", "fr", "rf", "lb", "bl", "hl", "hr", "fh", "ff",
            "lv",
        ]);
        let atom = prop::sample::select(vec![
            "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "NN", "R3", "B2",
            "Q4", "N2", "pR", "pB", "nN", "nA", "nD", "W2",
        ]);
        (modality, dirs, atom).prop_map(|(m, d, a)| {
            // Fairy-Stockfish reads the hop and lame letters right before the atom.
            match a.strip_prefix('p').or_else(|| a.strip_prefix('n')) {
                Some(rest) => format!("{m}{d}{}{rest}", &a[..1]),
                None => format!("{m}{d}{a}"),
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn write_then_read_gives_the_same_movement(moves in prop::collection::vec(one_move(), 1..4)) {
            let text: String = moves.concat();
            // Moves glued together can read as one (`N` then `N2` is `NN2`).
            let parsed = betza::parse(&text);
            prop_assume!(parsed.is_ok());
            if let Ok(m) = parsed.unwrap().movement() {
                let written = betza_write::write(&m).unwrap();
                let back = betza::parse(&written).unwrap().movement().unwrap();
                prop_assert!(back.same_as(&m), "`{}` written as `{}`", text, written);
            }
        }
    }
}

#[test]
fn betza_reads_as_fairy_stockfish_reads_it() {
    let v = |s: &str| {
        let m = betza::parse(s).unwrap().movement().unwrap();
        let mut out: Vec<(i64, i64)> = m
            .canonical()
            .components
            .iter()
            .flat_map(|c| match &c.pattern {
                icn_rules::Pattern::Leap { vector, symmetry } => symmetry.images(*vector),
                _ => Vec::new(),
            })
            .map(|v| (v.dx, v.dy))
            .collect();
        out.sort();
        out
    };
    // The shogi knight: `f` on an oblique atom is the narrow pair.
    assert_eq!(v("fN"), vec![(-1, 2), (1, 2)]);
    assert_eq!(v("fsN"), vec![(-2, 1), (2, 1)]);
    // A mixed pair on an orthogonal atom means both directions.
    assert_eq!(v("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
    assert_eq!(v("frW"), vec![(0, 1), (1, 0)]);
    // Chiral halves (checked against pyffish: d4 → b3 c6 e2 f5).
    assert_eq!(v("hlN"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
    assert!(
        betza::parse("mafsmafW")
            .unwrap_err()
            .message
            .contains("XBetza")
    );
    assert!(betza::parse("mK2").is_ok());
    assert!(betza::parse("fmW12").is_err());
    assert!(betza::parse("fm").is_err());
}

/// The shipped file's sections that reach the rule objects have the start
/// perft pyffish gives for the same sections (`fixtures/fsf/shipped.perft`,
/// made by `fixtures/fsf/gen/perft.py` on the shared reference file).
#[test]
fn shipped_sections_perft_as_fairy_stockfish() {
    let Some(text) = shipped() else { return };
    let data = include_str!("../../../../fixtures/fsf/shipped.perft");
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let want: Vec<u64> = words.map(|w| w.parse().unwrap()).collect();
        match fsf::conformance::perft_of(&text, name, want.len() as u32) {
            Ok(got) if got == want => rows += 1,
            Ok(got) => failures.push(format!("{name}: engine {got:?}, Fairy-Stockfish {want:?}")),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(rows >= 20, "{rows}");
}

#[test]
fn convert_reads_a_section_and_writes_one() {
    use icn_adapters::convert::{VariantFormat, convert_variant, detect_variant_format};
    let ini = "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnbkqr/pppppp/6/6/PPPPPP/RNBKQR w - - 0 1\ncastling = false\ndoubleStep = false\npromotionRegionWhite = *6\n";
    assert_eq!(detect_variant_format(ini), VariantFormat::Fsf);
    let json = convert_variant(ini, VariantFormat::Fsf, VariantFormat::Json, None).unwrap();
    assert!(json.contains("\"name\": \"tiny\""));
    let back = convert_variant(&json, VariantFormat::Json, VariantFormat::Fsf, None).unwrap();
    assert!(back.starts_with("[tiny]\n"), "{back}");
    let again = convert_variant(&back, VariantFormat::Fsf, VariantFormat::Json, None).unwrap();
    assert_eq!(again, json);
    let e = convert_variant(
        "[sp:spartan]\ndupleCheck = true\nextinctionPieceCount = 1\n",
        VariantFormat::Fsf,
        VariantFormat::Json,
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("dupleCheck"), "{e}");
    // Crazyhouse reaches the rule objects, and comes back through the writer.
    let zh = "[zh:crazyhouse]\nstartFen = r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQ~KB1R[Pp] w KQkq - 2 3\n";
    let json = convert_variant(zh, VariantFormat::Fsf, VariantFormat::Json, None).unwrap();
    assert!(json.contains("\"capturesToHand\": true"), "{json}");
    let back = convert_variant(&json, VariantFormat::Json, VariantFormat::Fsf, None).unwrap();
    assert!(
        back.contains("pieceDrops = true") && back.contains("Q~"),
        "{back}"
    );
    let again = convert_variant(&back, VariantFormat::Fsf, VariantFormat::Json, None).unwrap();
    assert_eq!(again, json);
    let two = "[a:chess]\n[b:chess]\n";
    assert!(
        convert_variant(two, VariantFormat::Fsf, VariantFormat::Json, None)
            .unwrap_err()
            .to_string()
            .contains("--name")
    );
    assert!(convert_variant(two, VariantFormat::Fsf, VariantFormat::Json, Some("b")).is_ok());
}

/// Fairy-Stockfish's own perft suite (`fixtures/fsf/suite.tsv`): every row
/// of at most 250,000 nodes that the toolkit can express counts exactly;
/// the crazyhouse family (drops, holdings, `~` promoted pieces) is among them.
#[test]
fn fairy_stockfish_perft_suite_rows_count_exactly() {
    use icn_adapters::fsf::suite::{RowOutcome, read_suite, run_row};
    let rows = read_suite(include_str!("../../../../fixtures/fsf/suite.tsv")).unwrap();
    assert!(rows.len() >= 150);
    let mut exact = Vec::new();
    for row in rows.iter().filter(|r| r.nodes <= 250_000) {
        match run_row(row) {
            RowOutcome::Exact => exact.push(row.variant.as_str()),
            RowOutcome::Wrong(n) => panic!("{row:?}: engine {n}"),
            RowOutcome::Refused(_) => {}
        }
    }
    for v in ["crazyhouse", "loop", "chessgi", "pocketknight", "losalamos"] {
        assert!(exact.contains(&v), "no exact row of {v}: {exact:?}");
    }
}

/// `nFoldValue` scores a repetition for the player to move, and with
/// `nFoldValueAbsolute` for White; both are written back. `none` is refused.
#[test]
fn repetition_values_are_read_and_written_back() {
    use icn_rules::{Outcome, RepetitionResult};
    for (lines, result) in [
        (
            "nFoldValue = loss\n",
            RepetitionResult::ToMove(Outcome::Loss),
        ),
        ("nFoldValue = win\n", RepetitionResult::ToMove(Outcome::Win)),
        (
            "nFoldValue = loss\nnFoldValueAbsolute = true\n",
            RepetitionResult::ForWhite(Outcome::Loss),
        ),
        ("nFoldRule = 4\n", RepetitionResult::default()),
    ] {
        let v = crate::fsf_variant(&format!("[r:chess]\n{lines}")).unwrap();
        assert_eq!(v.rules.draws.repetition_result, result, "{lines}");
        let text = fsf::write_section(&v, "r").unwrap();
        assert!(text.contains(lines), "{text}");
        let back = crate::fsf_variant(&text).unwrap();
        assert_eq!(back.rules.draws, v.rules.draws, "{text}");
    }
    let e = crate::fsf_variant("[r:chess]\nnFoldValue = none\n").unwrap_err();
    assert!(
        e.iter().any(|r| r.to_string().contains("nFoldValue")),
        "{e:?}"
    );
}

/// `promotionLimit` is the model's piece limits for both sides, written
/// back as one list; a malformed entry or an unknown letter is a read error.
#[test]
fn promotion_limits_are_read_and_written_back() {
    let v = crate::fsf_variant("[l:chess]\npromotionLimit = q:1 n:2\n").unwrap();
    let mut limits: Vec<(icn_model::PieceKind, icn_model::Player, u32)> = v
        .rules
        .limits
        .piece_limits
        .iter()
        .map(|l| (l.kind, l.player, l.max))
        .collect();
    limits.sort();
    assert_eq!(limits.len(), 4, "{limits:?}");
    assert!(limits.contains(&(icn_model::PieceKind::Queen, icn_model::Player::BLACK, 1)));
    let text = fsf::write_section(&v, "l").unwrap();
    assert!(text.contains("promotionLimit = "), "{text}");
    let back = crate::fsf_variant(&text).unwrap();
    assert_eq!(back.rules.limits, v.rules.limits, "{text}");
    // A count of 0 is no limit, as in Fairy-Stockfish.
    let v = crate::fsf_variant("[l:chess]\npromotionLimit = q:0\n").unwrap();
    assert!(v.rules.limits.piece_limits.is_empty());
    // A malformed list or an unknown letter is the reader's error, with its place.
    for bad in ["q", "z:1"] {
        let file = fsf::read_file(&format!("[l:chess]\npromotionLimit = {bad}\n"));
        let e = file.sections[0].result.as_ref().unwrap_err();
        assert!(format!("{e:?}").contains("line: 2"), "{bad}: {e:?}");
    }
}

/// The shogi family is written whole: read back, its promotion and drop
/// rules are the same up to the names the reader gives custom pieces, and
/// it counts the same (pyffish's figures for the written sections are in
/// `fixtures/fsf/perft/hub.ini.perft`).
#[test]
fn the_shogi_family_is_written_and_reads_back_the_same() {
    for base in ["shogi", "minishogi", "euroshogi", "gorogoro"] {
        let v = crate::fsf_variant(&format!("[x:{base}]\n")).unwrap();
        let (text, back) = written_and_read_back(&v);
        assert_eq!(
            sorted_promotions(&back),
            sorted_promotions(&v),
            "{base}\n{text}"
        );
        assert_eq!(back.rules.drops, v.rules.drops, "{base}\n{text}");
        let perft = crate::perft3;
        assert_eq!(perft(&back), perft(&v), "{base}");
    }
}

/// Grand chess is written whole: optional promotion made compulsory on the
/// last rank by `immobilityIllegal`, and the promotion limits.
#[test]
fn grand_chess_is_written_with_its_compulsory_last_rank() {
    let v = crate::fsf_variant("[g:grand]\n").unwrap();
    let (text, back) = written_and_read_back(&v);
    for line in [
        "mandatoryPawnPromotion = false",
        "immobilityIllegal = true",
        "promotionLimit = ",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert_eq!(sorted_promotions(&back), sorted_promotions(&v), "{text}");
    assert!(
        v.rules
            .promotions
            .iter()
            .all(|p| !p.mandatory && !p.forced.is_empty())
    );
}

/// `v` written as a section (which must lose nothing) and read back, its
/// kinds renamed to `v`'s by what they do.
fn written_and_read_back(v: &icn_rules::Variant) -> (String, icn_rules::Variant) {
    let text = fsf::write_section(v, "x").unwrap_or_else(|e| panic!("{}: {e:?}", v.name));
    let back = crate::fsf_variant(&text).unwrap();
    (text, icn_adapters::roundtrip::relabel(&back, v, false))
}

/// The promotion rules of `v`, in a fixed order.
fn sorted_promotions(v: &icn_rules::Variant) -> Vec<String> {
    let mut p: Vec<String> = v
        .rules
        .promotions
        .iter()
        .map(|p| format!("{p:?}"))
        .collect();
    p.sort();
    p
}

/// Double steps wherever a piece stands on its region (the reader's zone
/// moves) are written back as the double-step region, and Horde's en
/// passant regions as `enPassantRegion…`: wolf, torpedo and horde are
/// written whole and read back with the same rules and counts.
#[test]
fn double_step_and_en_passant_regions_are_written_back() {
    for (base, lines) in [
        (
            "wolf",
            &["doubleStepRegionWhite = ", "nMoveRuleTypes = ps"][..],
        ),
        ("torpedo", &["doubleStepRegionWhite = "][..]),
        (
            "horde",
            &["enPassantRegionWhite = *6", "enPassantRegionBlack = *3"][..],
        ),
    ] {
        let v = crate::fsf_variant(&format!("[x:{base}]\n")).unwrap();
        assert!(
            !v.rules.limits.zone_moves.is_empty() || !v.rules.limits.en_passant_zones.is_empty(),
            "{base}"
        );
        let (text, back) = written_and_read_back(&v);
        for line in lines {
            assert!(text.contains(line), "{base}: {line}\n{text}");
        }
        assert_eq!(back.rules.limits, v.rules.limits, "{base}\n{text}");
        assert_eq!(back.rules.draws, v.rules.draws, "{base}\n{text}");
        assert_eq!(crate::perft3(&back), crate::perft3(&v), "{base}");
    }
}
