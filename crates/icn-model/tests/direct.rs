//! The direct reader (`read_direct`) against the tree path (the grammar,
//! the syntax tree, `lower_mapped`): wherever the direct reader reads a
//! document, the tree path gives the same game and the same source map.
//! Documents: every ICN fixture, every line of the `.icnl` fixtures and of
//! the site verdict table, site-shaped lines written here, and byte-level
//! mutations of them (a quick slice; `cargo xtask fuzz` and the `direct`
//! conformance corpus run more).

mod common;

use common::fixture_documents;
use icn_model::{Dialect, Game, ParseError, RefuseSanLike, SourceMap, lower_mapped, read_direct};

fn tree_path(text: &str) -> Result<(Game, SourceMap), ParseError> {
    let doc = icn_syntax::parse(text, Dialect::Auto)?;
    lower_mapped(&doc, &mut RefuseSanLike).map_err(|diagnostics| ParseError { diagnostics })
}

/// Whether the direct reader read `text`; panics when it disagrees with
/// the tree path.
fn agrees(text: &str) -> bool {
    let Some(direct) = read_direct(text) else {
        return false;
    };
    match tree_path(text) {
        Ok(tree) => assert_eq!(direct, tree, "the paths differ on {text:?}"),
        Err(e) => panic!("the direct reader reads {text:?}, the tree path refuses it: {e}"),
    }
    // What callers get is the same too.
    let parsed = Game::parse_mapped(text, Dialect::Auto, &mut RefuseSanLike).unwrap();
    assert_eq!(parsed, direct);
    true
}

/// Lines shaped like what the site writes, each construct the direct
/// reader handles at least once.
const SITE_SHAPED: [&str; 12] = [
    "w K5,1+|k5,8+",
    "[Event \"Rated\"] [Site \"https://www.infinitechess.org/\"] w 0/100 1 (8|1) K5,1+|k5,8+|P1,2+ 1,2>1,4{[%clk 0:09:56.7]}|5,8>5,7{[%clk 0:09:50.1]}",
    "b 3,6 12/100 7 (8;q,rq,rc,n|1;q,rq,rc,n) K5,1+|k5,8+|p4,4|P3,4",
    "w 0/100 1 (8;q,r,b,n,am|1;q,r,b,n,am) -500,500,-500,_ (checkmate|allpiecescaptured) K5,1|k5,8",
    "w 0/100 1 (8|1) K-123456789012345678901234,5|k99999999999999999999,-8",
    "w K5,1|k5,8|P2,7 2,7>2,8=Q+{ nice } 5,8x5,7!?",
    "w K5,1|k5,8 1. 5,1>5,2 ... 5,8>5,7 2. P1,2x1,3Q# {a [%clk 0:01:00.0] [%eval 0.3] b}",
    "w:b:r (8|1|) K1,1|k2,2|3q3,3",
    "w 1,1>2,2 {first} 2,2>3,3",
    "w K1,1 {before} 1,1>1,2",
    "w K1,1|k1,1 1,1 > 2,2 = N",
    "checkmate|koth K1,1|k9,9|ob5,5|vo6,6",
];

#[test]
fn fixtures_read_the_same_both_ways() {
    let docs = fixture_documents();
    assert!(docs.len() > 1000, "only {} fixture documents", docs.len());
    let read = docs.iter().filter(|d| agrees(d)).count();
    // Most fixtures are site-shaped; the rest are declined and fall back.
    assert!(
        read * 2 > docs.len(),
        "read directly {read} of {}",
        docs.len()
    );
}

#[test]
fn site_shaped_lines_are_read_directly_and_the_same() {
    for line in SITE_SHAPED {
        assert!(agrees(line), "declined: {line}");
    }
}

#[test]
fn declines_what_it_does_not_read() {
    for text in [
        "",
        "   ",
        "w K1,1|XABCDEFGH1,2",
        "w w K1,1",
        "w K1,1 1,1>2,2{[%clk 0:1:00.0]}",
        "w {\"slideLimit\": 3} K1,1",
        "w K1,1|k3,3 K1,2",
        "w K1,1|k3,3 1,1>",
        "w K1,1|k3,3 N3,4",
    ] {
        assert!(read_direct(text).is_none(), "read {text:?}");
        // The caller still gets the tree path's answer.
        assert_eq!(
            Game::parse_mapped(text, Dialect::Auto, &mut RefuseSanLike),
            tree_path(text)
        );
    }
}

/// Every prefix, and every text with one byte dropped or doubled, of the
/// site-shaped lines and a slice of the fixtures.
#[test]
fn mutations_read_the_same_both_ways() {
    let docs = fixture_documents();
    let mut seeds: Vec<String> = SITE_SHAPED.iter().map(|s| s.to_string()).collect();
    seeds.extend(
        docs.into_iter()
            .filter(|d| d.len() < 200)
            .step_by(7)
            .take(60),
    );
    let mut tried = 0;
    for seed in &seeds {
        let b = seed.as_bytes();
        for i in 0..b.len() {
            for bytes in [
                b[..i].to_vec(),
                [&b[..i], &b[i + 1..]].concat(),
                [&b[..=i], &b[i..]].concat(),
            ] {
                if let Ok(text) = String::from_utf8(bytes) {
                    agrees(&text);
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 5000, "{tried}");
}
