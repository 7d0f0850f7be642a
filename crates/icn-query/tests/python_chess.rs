//! A quick slice of the `query` corpus: the first rows of every
//! `fixtures/query/expected/*.tsv` (python-chess facts of real games);
//! `cargo xtask conformance` checks every row.

use std::path::Path;

/// Rows checked per file in `cargo test`.
const QUICK_ROWS: usize = 150;

#[test]
fn python_chess_facts_agree_on_a_slice() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/query");
    let cases = icn_query::conformance::cases(&root).unwrap();
    assert!(cases.len() >= 3, "{cases:?}");
    let mut failures = Vec::new();
    for case in cases {
        match icn_query::conformance::run(&case, Some(QUICK_ROWS)) {
            Ok(n) => assert!(n > 0, "{}", case.display()),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
