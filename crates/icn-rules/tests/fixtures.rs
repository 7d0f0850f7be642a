//! Runs every rule fixture under `fixtures/rules` (`BLESS=1` rewrites the
//! expected files instead of checking them — only on request).

use std::path::PathBuf;

use icn_rules::conformance::{bless_case, check_case, fixtures_dir, list_cases};
use rstest::rstest;

fn run(path: PathBuf) {
    if std::env::var_os("BLESS").is_some() {
        bless_case(&path).unwrap();
    }
    if let Err(e) = check_case(&path) {
        panic!("{}: {e}", path.display());
    }
}

#[rstest]
fn ok_fbr(#[files("../../fixtures/rules/ok/*.fbr")] path: PathBuf) {
    run(path);
}

#[rstest]
fn ok_icn(#[files("../../fixtures/rules/ok/*.icn")] path: PathBuf) {
    run(path);
}

#[rstest]
fn ok_variant(#[files("../../fixtures/rules/ok/*.variant")] path: PathBuf) {
    run(path);
}

#[rstest]
fn err_fbr(#[files("../../fixtures/rules/err/*.fbr")] path: PathBuf) {
    run(path);
}

#[test]
fn listing_finds_every_input() {
    let cases = list_cases(&fixtures_dir()).unwrap();
    assert!(cases.len() >= 30, "{}", cases.len());
    assert!(cases.iter().all(|c| c.extension().is_some()));
}
