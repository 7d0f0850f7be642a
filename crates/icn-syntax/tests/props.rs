//! Property tests: no input makes the parser panic or overflow the stack,
//! and the hand-written fast path agrees with the pest grammar on every input.

use icn_syntax::*;
use proptest::prelude::*;

/// Strings over the characters ICN is made of, so that random inputs reach
/// deep into the grammar.
fn icn_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("K1,2".to_string()),
            Just("|".to_string()),
            Just(" ".to_string()),
            Just("\r\n".to_string()),
            Just(">".to_string()),
            Just("x".to_string()),
            Just("=Q".to_string()),
            Just("{c}".to_string()),
            Just("[A \"b\"]".to_string()),
            Just("(8|1)".to_string()),
            Just("0/100".to_string()),
            Just("w".to_string()),
            Just("1.".to_string()),
            Just("...".to_string()),
            "[-0-9]{1,4}".prop_map(|s| s),
            "[,|>x=+#!?.{}\\[\\]()_;:/ \"-]".prop_map(|s| s),
            "[KQRBNPkqrbnpamhochwbyrgu]{1,3}".prop_map(|s| s),
            "[a-z]{1,12}".prop_map(|s| s),
            Just("checkmate".to_string()),
            Just("Squares:".to_string()),
            Just("Rays:".to_string()),
            Just("{\"slideLimit\": 7}".to_string()),
            Just("…".to_string()),
            Just("O-O".to_string()),
            Just("AM".to_string()),
            Just("N3,4".to_string()),
            Just("R,5-".to_string()),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

/// Mostly-valid documents built from valid parts with random separators.
fn near_valid() -> impl Strategy<Value = String> {
    let field = prop::sample::select(vec![
        "w",
        "b",
        "w:b:w",
        "r:bu",
        "4,3",
        "0/100",
        "12",
        "(8|1)",
        "(8,16;q,r|1;n)",
        "(|-4;q)",
        "1,8,_,8",
        "checkmate",
        "(checkmate|koth,royalcapture)",
        "Squares:1,2|3,4",
        "Rays:1,1>0,1",
        "{\"a\": [1, {\"b\": null}]}",
    ]);
    let piece = "(K|q|3q|0k|ob|vo|AM|p|P|nr)-?[0-9]{1,3},-?[0-9]{1,3}\\+?";
    let mv = prop::sample::select(vec![
        "1,2>3,4",
        "1,2>3,4Q",
        "1,2>3,4=q",
        "P1,2 x 3,4 =R+ !?",
        "1,2 > 3,4 #",
        "12.",
        "1. ...",
        "{[%clk 0:09:56.7]}",
        "|",
        ".",
        "q-8,2x-6,0 #",
        "3q1,1>2,2",
    ]);
    let sep = prop::sample::select(vec![" ", "  ", "\n", "\r\n", "|", ""]);
    (
        prop::collection::vec("\\[[A-Za-z]{1,5} \"[a-z \\\\\"]{0,5}\"\\]", 0..3),
        prop::collection::vec(field, 0..5),
        prop::collection::vec(piece, 0..6),
        prop::collection::vec((mv, sep.clone()), 0..8),
        sep,
    )
        .prop_map(|(meta, fields, pieces, moves, s)| {
            let mut out = meta.concat();
            for f in fields {
                out.push_str(f);
                out.push(' ');
            }
            out.push_str(&pieces.join("|"));
            out.push_str(s);
            for (m, sep) in moves {
                out.push_str(m);
                out.push_str(sep);
            }
            out
        })
}

fn agree(text: &str) -> Result<(), TestCaseError> {
    for dialect in [Dialect::Auto, Dialect::Spec, Dialect::Site] {
        let fast = parse(text, dialect);
        let slow = parse_grammar_only(text, dialect);
        prop_assert_eq!(&fast, &slow, "dialect {:?} on {:?}", dialect, text);
        if let Ok(doc) = &fast {
            // Whatever parses can be written in some dialect and read back.
            if let Ok(again) = write(
                doc,
                WriteOptions {
                    dialect,
                    layout: Layout::Line,
                },
            ) {
                let reparsed = parse(&again, dialect);
                prop_assert!(
                    reparsed.is_ok(),
                    "{:?} -> {:?}: {:?}",
                    text,
                    again,
                    reparsed
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn soup_never_panics_and_paths_agree(text in icn_soup()) {
        agree(&text)?;
    }

    #[test]
    fn near_valid_documents_agree(text in near_valid()) {
        agree(&text)?;
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in "\\PC{0,64}") {
        agree(&text)?;
    }
}

#[test]
fn near_valid_generator_reaches_the_fast_path() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut fast = 0;
    for _ in 0..500 {
        let text = near_valid().new_tree(&mut runner).unwrap().current();
        if fast_path_accepts(&text) {
            fast += 1;
        }
    }
    assert!(
        fast > 100,
        "only {fast} of 500 generated documents took the fast path"
    );
}

#[test]
fn huge_inputs_neither_overflow_nor_panic() {
    let pieces: Vec<String> = (0..100_000).map(|i| format!("P{i},{}", i % 7)).collect();
    let line = format!("w {}", pieces.join("|"));
    assert_eq!(parse(&line, Dialect::Auto).unwrap().pieces.len(), 100_000);
    assert_eq!(
        parse_grammar_only(&line, Dialect::Auto)
            .unwrap()
            .pieces
            .len(),
        100_000
    );
    for opener in ["{", "[", "(", "{\"a\":[", "{{{{"] {
        let deep = format!("w {}", opener.repeat(100_000));
        assert!(parse(&deep, Dialect::Auto).is_err());
    }
    let digits = "9".repeat(100_000);
    let text = format!("K{digits},-{digits}");
    let doc = parse(&text, Dialect::Auto).unwrap();
    assert_eq!(doc.pieces[0].at.x.text.len(), 100_000);
    let moves = vec!["1,2>3,4"; 50_000].join("|");
    assert_eq!(
        parse(&format!("K1,1 {moves}"), Dialect::Auto)
            .unwrap()
            .moves
            .len(),
        50_000
    );
}
