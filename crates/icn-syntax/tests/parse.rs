//! Parsing and writing the spec's examples and the site dialect's fields.

use icn_syntax::*;

const SPEC_LONG: &str = r#"[Event "Casual local Classical infinite chess game"]
[Site "https://www.infinitechess.org/"]
[Result "0-1"]

w 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {"slideLimit": 100, "cannotPassTurn": true} P1,2+|P2,2+|K5,1+|k5,8+

1. P4,2 > 4,4  | p4,7 > 4,6
3. P4,5 x 3,6 {White captures en passant} | b6,8 > 3,11 
4. P3,6 x 2,7  | b3,11 > -4,4 ?
5. P2,7 x 1,8 =Q | b-4,4 > 2,-2 +
10. Q7,13 x 7,7 + {Queen sacrifice} | k8,8 x 7,7 !!
11. P8,2 > 8,4 ?! | q0,4 > 4,4 # {Bad game from both players}
"#;

#[test]
fn spec_long_form_game() {
    let doc = parse(SPEC_LONG, Dialect::Spec).unwrap();
    assert_eq!(doc.metadata.len(), 3);
    assert_eq!(doc.fields.len(), 6);
    assert_eq!(doc.pieces.len(), 4);
    assert_eq!(doc.moves.len(), 12);
    let m = &doc.moves[4];
    assert_eq!(m.comments.len(), 0);
    let m = m.coordinates().unwrap();
    assert_eq!(m.piece.as_ref().unwrap().text, "P");
    assert!(m.capture);
    assert_eq!(doc.moves[2].comments[0].text, "White captures en passant");
    assert_eq!(doc.moves[7].check, Some(CheckMark::Check));
    assert_eq!(
        doc.moves[6]
            .coordinates()
            .unwrap()
            .promotion
            .as_ref()
            .unwrap()
            .code
            .text,
        "Q"
    );
    assert_eq!(doc.moves[5].glyph.as_deref(), Some("?"));
    assert_eq!(doc.moves[11].check, Some(CheckMark::Checkmate));
}

#[test]
fn spec_move_forms() {
    let doc = parse("K1,1|k3,3 12. P-5,6x-6,7 =R+ !? {Interesting underpromotion} 1. ... q-8,2x-6,0 # {Game over}", Dialect::Spec).unwrap();
    assert_eq!(doc.moves.len(), 2);
    let [first, second] = [0, 1].map(|i| doc.moves[i].coordinates().unwrap());
    assert_eq!(first.from.x.text, "-5");
    assert_eq!(
        first.promotion.as_ref().unwrap().style,
        PromotionStyle::Equals
    );
    assert_eq!(second.piece.as_ref().unwrap().text, "q");
}

#[test]
fn site_fields_in_order() {
    let text = "[Variant \"5D Chess\"] w:b:w 3,4 0/100 1 (8,17;q,r|1,10) 0,72,_,72 (royalcapture|koth) Squares:1,2|3,4 Rays:23,94>-1,0 vo0,0|3q4,5|0k1,1|P1,2+ 1,2>1,4{[%clk 0:09:56.7]}|1,7>1,5=q";
    let doc = parse(text, Dialect::Site).unwrap();
    assert_eq!(doc.fields.len(), 9);
    assert!(matches!(&doc.fields[0].kind, FieldKind::TurnOrder(o) if o.len() == 3));
    assert!(matches!(
        &doc.fields[5].kind,
        FieldKind::WorldBorder([_, _, None, _])
    ));
    assert_eq!(doc.pieces[1].code.player_number(), Some("3"));
    assert_eq!(doc.moves[0].comments[0].text, "[%clk 0:09:56.7]");
    assert_eq!(write(&doc, WriteOptions::default()).unwrap(), text);
}

#[test]
fn strict_dialects_refuse_the_other() {
    let e = parse("w 1,8,1,8 K1,1", Dialect::Spec).unwrap_err();
    assert!(e.diagnostics[0].message.contains("world border"), "{e}");
    let e = parse("1 w K1,1", Dialect::Site).unwrap_err();
    assert!(e.diagnostics[0].message.contains("before"), "{e}");
    let e = parse("threecheck K1,1", Dialect::Site).unwrap_err();
    assert!(e.diagnostics[0].message.contains("threecheck"), "{e}");
    assert!(parse("threecheck K1,1", Dialect::Auto).is_ok());
}

#[test]
fn errors_point_at_the_text() {
    let e = parse("w K5,1|k5,8>", Dialect::Auto).unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!(line_col("w K5,1|k5,8>", d.span.start).column, 12);
    let e = parse("w 0/100\nK1,1|Q3 ", Dialect::Auto).unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!(d.line_col("w 0/100\nK1,1|Q3 ").line, 2, "{d}");
    let e = parse("w checkmat K1,1", Dialect::Auto).unwrap_err();
    assert!(
        e.diagnostics[0]
            .message
            .contains("unknown win condition `checkmat`"),
        "{e}"
    );
}

#[test]
fn crlf_and_huge_numbers() {
    let doc = parse(
        "w\r\n123456789012345678901234567890,-5 K1,1|P123456789012345678901234567890,-4\r\n",
        Dialect::Auto,
    )
    .unwrap();
    assert!(matches!(&doc.fields[1].kind, FieldKind::EnPassant(c) if c.x.text.len() == 30));
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let text = format!("w {}", "[".repeat(100_000));
    assert!(parse(&text, Dialect::Auto).is_err());
    let text = format!("w {{\"a\":{}1{}}} K1,1", "[".repeat(60), "]".repeat(60));
    assert!(parse(&text, Dialect::Auto).is_ok());
}

#[test]
fn fast_path_takes_common_lines() {
    for text in [
        "[Variant \"Classical\"] w 0/100 1 (8|1) K5,1+|k5,8+|P1,2+",
        "w 0/100 1 (8|1) K5,1+|k5,8+ 1,2>1,4{[%clk 0:09:56.7]}|1,7>1,5{[%clk 0:09:55.1]}",
        "K1,1|k3,3 12. P-5,6x-6,7 =R+ !? {Interesting} 1. ... q-8,2x-6,0 # {Game over}",
    ] {
        assert!(fast_path_accepts(text), "{text}");
        assert_eq!(
            parse(text, Dialect::Auto).unwrap(),
            parse_grammar_only(text, Dialect::Auto).unwrap()
        );
    }
}

/// The SAN-like text of move `i`, or `None` for a coordinate move.
fn sanlike(doc: &icn_syntax::Document<'_>, i: usize) -> Option<String> {
    match &doc.moves[i].body {
        MoveBody::SanLike(t) => Some(t.text.to_string()),
        MoveBody::Coordinates(_) => None,
    }
}

#[test]
fn sanlike_moves_in_movetext() {
    let text = "w K5,1|k5,8|R1,1|P4,2 1. R1,8+ K5,7 2. 4,4 {push} ... O-O-O#!? | N5-3,4 R,5x5,0=Q 5x6,8=AM";
    let doc = parse(text, Dialect::Auto).unwrap();
    let texts: Vec<_> = (0..doc.moves.len()).map(|i| sanlike(&doc, i)).collect();
    let want = [
        "R1,8",
        "K5,7",
        "4,4",
        "O-O-O",
        "N5-3,4",
        "R,5x5,0=Q",
        "5x6,8=AM",
    ];
    assert_eq!(texts, want.map(|t| Some(t.to_string())));
    assert_eq!(doc.moves[0].check, Some(CheckMark::Check));
    assert_eq!(doc.moves[2].comments[0].text, "push");
    assert_eq!(doc.moves[3].check, Some(CheckMark::Checkmate));
    assert_eq!(doc.moves[3].glyph.as_deref(), Some("!?"));
    let MoveBody::SanLike(t) = &doc.moves[4].body else {
        panic!("a SAN-like move")
    };
    assert_eq!(&text[t.span.start..t.span.end], "N5-3,4");
    // Written back as read, on one line and pretty.
    let summary = |d: &icn_syntax::Document<'_>| -> Vec<String> {
        (0..d.moves.len())
            .map(|i| {
                let m = &d.moves[i];
                let comments: Vec<&str> = m.comments.iter().map(|c| c.text.as_ref()).collect();
                format!(
                    "{:?} {:?} {:?} {comments:?}",
                    sanlike(d, i),
                    m.check,
                    m.glyph
                )
            })
            .collect()
    };
    for layout in [Layout::Line, Layout::Pretty] {
        let options = WriteOptions {
            layout,
            ..WriteOptions::default()
        };
        let written = write(&doc, options).unwrap();
        let back = parse(&written, Dialect::Auto).unwrap();
        assert_eq!(summary(&back), summary(&doc), "{written}");
    }
}

#[test]
fn sanlike_shapes_that_are_refused() {
    for (text, expected) in [
        ("w K5,1|k5,8 n3,4", "SAN-like move"),
        ("w K5,1|k5,8 N3,4x", "SAN-like move"),
        ("w K5,1|k5,8 N5", "SAN-like move"),
        ("w K5,1|k5,8 O-O-O-O", "SAN-like move"),
        ("w K5,1|k5,8 N3,4=", "SAN-like move"),
    ] {
        let err = parse(text, Dialect::Auto).unwrap_err();
        assert!(
            err.diagnostics[0].message.contains(expected),
            "{text}: {err}"
        );
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped_and_still_counted_in_spans() {
    for text in [
        "\u{feff}w K1,1|k3,3",
        "\u{feff}  {\"slideLimit\": 7} w K1,1|k3,3",
    ] {
        let fast = parse(text, Dialect::Auto).unwrap();
        let pest = icn_syntax::parse_grammar_only(text, Dialect::Auto).unwrap();
        assert_eq!(fast, pest, "{text}");
        assert_eq!(fast.pieces[0].span.start, text.find('K').unwrap());
    }
    // Elsewhere it is a blank, as on the site (JavaScript's `\s` takes it).
    let text = "w \u{feff}K1,1|k3,3";
    assert_eq!(parse(text, Dialect::Site).unwrap().pieces[0].span.start, 5);
    assert!(parse("\u{feff}", Dialect::Auto).is_err());
    let text = "\u{feff}w K1,1|k3,3>";
    let e = parse(text, Dialect::Auto).unwrap_err();
    assert_eq!(e.diagnostics[0].line_col(text).column, 12, "{e}");
}

#[test]
fn the_sites_blanks_separate_fields_in_every_dialect() {
    for blank in ['\u{a0}', '\u{3000}', '\u{2003}', '\u{c}'] {
        let text = format!("w{blank}K1,1|k3,3{blank}1,1>1,2");
        for dialect in [Dialect::Auto, Dialect::Spec, Dialect::Site] {
            let doc = parse(&text, dialect).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(doc.pieces[0].span.start, 1 + blank.len_utf8(), "{text:?}");
            assert_eq!(doc.moves.len(), 1, "{text:?}");
        }
    }
    // NEL is no blank to the site (JavaScript's `\s` leaves it out).
    assert!(parse("w\u{85}K1,1", Dialect::Site).is_err());
    // Between moves the site allows spaces only, and one blank before a move number.
    assert!(parse("w K1,1|k3,3 1,1>1,2|\u{a0}3,3>3,4", Dialect::Site).is_err());
    assert!(parse("w K1,1|k3,3 1,1>1,2\u{a0}2. 3,3>3,4", Dialect::Site).is_ok());
}

#[test]
fn metadata_values_are_raw_and_read_with_escapes_only_when_they_hold_a_quote() {
    let value = |text: &str, dialect| parse(text, dialect).map(|d| d.metadata[0].value.to_string());
    for dialect in [Dialect::Auto, Dialect::Site] {
        assert_eq!(value(r#"[Event "a\"] w K1,1"#, dialect).unwrap(), r"a\");
        assert_eq!(value(r#"[Event "a\\b"] w K1,1"#, dialect).unwrap(), r"a\\b");
        assert_eq!(value(r#"[A "x\"] [B "y"] w K1,1"#, dialect).unwrap(), r"x\");
    }
    // A `"` inside: this toolkit's escaped form, which the site cannot read.
    assert_eq!(
        value(r#"[Event "a\"b\\"] w K1,1"#, Dialect::Auto).unwrap(),
        r#"a"b\"#
    );
    assert!(value(r#"[Event "a\"b\\"] w K1,1"#, Dialect::Site).is_err());
    // The fast path and the grammar agree.
    for text in [r#"[Event "a\"] w K1,1"#, r#"[Event "a\"b"] w K1,1"#] {
        assert_eq!(
            parse(text, Dialect::Auto).unwrap(),
            parse_grammar_only(text, Dialect::Auto).unwrap()
        );
    }
}

#[test]
fn metadata_values_written_read_back_the_same() {
    for v in [r"a\", r"a\\b", r#"say "hi""#, r#"a\"b"#, "plain"] {
        let doc = Document {
            metadata: vec![MetaTag {
                name: "Event".into(),
                value: v.into(),
                span: Span::new(0, 0),
            }],
            fields: vec![],
            ..parse("w K1,1", Dialect::Auto).unwrap()
        };
        let text = write(&doc, WriteOptions::default()).unwrap();
        assert_eq!(
            parse(&text, Dialect::Auto).unwrap().metadata[0].value,
            v,
            "{text}"
        );
        if !v.contains('"') {
            assert_eq!(
                parse(&text, Dialect::Site).unwrap().metadata[0].value,
                v,
                "{text}"
            );
        }
    }
    let doc = Document {
        metadata: vec![MetaTag {
            name: "Event".into(),
            value: r#"a"]b"#.into(),
            span: Span::new(0, 0),
        }],
        ..parse("w K1,1", Dialect::Auto).unwrap()
    };
    let err = write(&doc, WriteOptions::default()).unwrap_err();
    assert!(err.to_string().contains("followed by `]`"), "{err}");
}

#[test]
fn site_dialect_drops_the_letters_before_a_move_that_name_no_site_piece() {
    let doc = parse("ZZ1,2>1,4|3ab1,7>1,5", Dialect::Site).unwrap();
    assert!(
        doc.moves
            .iter()
            .all(|m| m.coordinates().unwrap().piece.is_none())
    );
    // Letters the site knows are kept, as written.
    let doc = parse("P1,2>1,4|3q1,7>1,5", Dialect::Site).unwrap();
    let letters: Vec<String> = doc
        .moves
        .iter()
        .map(|m| {
            m.coordinates()
                .unwrap()
                .piece
                .as_ref()
                .unwrap()
                .text
                .to_string()
        })
        .collect();
    assert_eq!(letters, ["P", "3q"]);
    // The other dialects keep what is written.
    let doc = parse("ZZ1,2>1,4", Dialect::Auto).unwrap();
    assert_eq!(
        doc.moves[0]
            .coordinates()
            .unwrap()
            .piece
            .as_ref()
            .unwrap()
            .text,
        "ZZ"
    );
    for (text, expected) in [
        ("ZZZ1,2>1,4", "one or two letters"),
        ("w ZZ1,1", "knows no piece `ZZ`"),
        ("w OB1,1", "knows no piece `OB`"),
        ("w Am1,1", "knows no piece `Am`"),
        ("w K1,1 1,7>1,8=ZZ", "knows no piece `ZZ`"),
        ("w (8;zz|1) K1,1", "promotion choices"),
    ] {
        let err = parse(text, Dialect::Site).unwrap_err();
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
    for text in ["w 1OB1,1|3Am2,2|ob3,3|AM4,4", "w (8;Q,am|1) K1,1"] {
        assert!(parse(text, Dialect::Site).is_ok(), "{text}");
    }
}
