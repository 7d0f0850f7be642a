//! Every fixture case under `fixtures/{fen,san,pgn,sjaak}` (run with
//! `ICN_BLESS=1` to rewrite the expected outputs).

use std::path::PathBuf;

use icn_adapters::conformance::{bless_case, run_case};
use rstest::rstest;

fn check(path: PathBuf) {
    if std::env::var_os("ICN_BLESS").is_some() {
        bless_case(&path).unwrap();
    }
    run_case(&path).unwrap_or_else(|e| panic!("{e}"));
}

#[rstest]
fn fen_fixture(#[files("../../fixtures/fen/*/*.fen")] path: PathBuf) {
    check(path);
}

#[rstest]
fn icn_to_fen_fixture(#[files("../../fixtures/fen/*/*.icn")] path: PathBuf) {
    check(path);
}

#[rstest]
fn san_fixture(#[files("../../fixtures/san/*/*.*")] path: PathBuf) {
    if path.extension().is_some_and(|e| e != "out") {
        check(path);
    }
}

#[rstest]
fn pgn_ok_fixture(#[files("../../fixtures/pgn/ok/*.*")] path: PathBuf) {
    if path.extension().is_some_and(|e| e != "out") {
        check(path);
    }
}

#[rstest]
fn pgn_err_fixture(#[files("../../fixtures/pgn/err/*.*")] path: PathBuf) {
    if path.extension().is_some_and(|e| e != "out") {
        check(path);
    }
}

#[rstest]
fn sjaak_fixture(#[files("../../fixtures/sjaak/*/*.sjaak")] path: PathBuf) {
    check(path);
}
