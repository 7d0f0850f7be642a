//! xtask's tests, run by `cargo test --workspace`: the conformance corpora
//! (every `icn` fixture as its own test, and every registered corpus in quick
//! mode), the layering check on the real workspace, and the benchmark
//! generator.

use std::path::PathBuf;

use rstest::rstest;
use xtask::corpus::{self, Case, Corpus, RunOptions};
use xtask::{bench::generate, conformance, fixtures_dir, fuzz, tidy, workspace_root};

fn case_of(path: PathBuf) -> Case {
    let kind = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_string();
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    Case {
        name: format!("{kind}/{stem}"),
        path,
    }
}

/// Runs one `icn` corpus case in quick mode; panics with what differs.
fn run_icn_case(path: PathBuf) {
    let case = case_of(path);
    let quick = RunOptions {
        bless: false,
        quick: true,
    };
    if let Err(why) = corpus::icn::CORPUS.run(&case, quick) {
        panic!("{}: {why}", case.name);
    }
}

#[rstest]
fn icn_ok_case(
    #[base_dir = ".."]
    #[files("fixtures/icn/ok/*.icn")]
    path: PathBuf,
) {
    run_icn_case(path);
}

#[rstest]
fn icn_err_case(
    #[base_dir = ".."]
    #[files("fixtures/icn/err/*.icn")]
    path: PathBuf,
) {
    run_icn_case(path);
}

#[rstest]
fn icn_err_json_case(
    #[base_dir = ".."]
    #[files("fixtures/icn/err-json/*.json")]
    path: PathBuf,
) {
    run_icn_case(path);
}

/// Every registered corpus passes in quick mode, so a new corpus is tested
/// by `cargo test` as soon as it is registered.
#[test]
fn every_registered_corpus_passes_quick() {
    let mut failed = Vec::new();
    for c in corpus::all() {
        let report = conformance::run_corpus(
            c,
            &fixtures_dir(),
            RunOptions {
                bless: false,
                quick: true,
            },
            false,
        )
        .unwrap_or_else(|e| panic!("{}: {e:#}", c.name()));
        assert!(report.cases > 0, "corpus {} has no cases", c.name());
        failed.extend(
            report
                .failures
                .into_iter()
                .map(|(case, why)| format!("{}/{case}: {why}", c.name())),
        );
    }
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

#[test]
fn corpus_names_are_unique_and_found() {
    let names: Vec<&str> = corpus::all().iter().map(|c| c.name()).collect();
    for n in &names {
        assert_eq!(
            names.iter().filter(|m| *m == n).count(),
            1,
            "{n} registered twice"
        );
        assert!(corpus::find(n).is_some());
    }
    assert!(corpus::find("no-such-corpus").is_none());
}

#[test]
fn icn_corpus_covers_examples_variants_and_errors() {
    let cases = corpus::icn::CORPUS.cases(&fixtures_dir()).unwrap();
    let count = |prefix: &str| cases.iter().filter(|c| c.name.starts_with(prefix)).count();
    assert!(count("ok/spec-") >= 20, "spec examples");
    assert!(count("ok/variant-") >= 31, "variant start positions");
    assert!(count("ok/site-") >= 30, "site dialect cases");
    assert!(count("err/") >= 30, "error cases");
    assert!(count("err-json/") >= 10, "JSON error cases");
}

#[test]
fn a_wrong_expectation_is_reported_with_the_differing_line() {
    let dir = std::env::temp_dir().join(format!("xtask-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.err");
    std::fs::write(&path, "1:1: a\n2:2: b\n").unwrap();
    let err = corpus::expect_file(&path, "1:1: a\n2:2: c\n", RunOptions::default()).unwrap_err();
    assert!(
        err.contains("line 2") && err.contains("2:2: b") && err.contains("2:2: c"),
        "{err}"
    );
    corpus::expect_file(
        &path,
        "new\n",
        RunOptions {
            bless: true,
            quick: false,
        },
    )
    .unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
    let missing =
        corpus::expect_file(&dir.join("missing.json"), "{}", RunOptions::default()).unwrap_err();
    assert!(missing.contains("--bless"), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_table_counts_passes_and_failures() {
    let report = conformance::Report {
        corpus: "demo",
        cases: 3,
        failures: vec![("ok/x".into(), "broken".into())],
        elapsed: std::time::Duration::from_millis(5),
    };
    let table = conformance::table(&[report]);
    let row = table.lines().nth(1).unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cols[..4], ["demo", "3", "2", "1"], "{table}");
}

#[test]
fn the_workspace_is_tidy() {
    let problems = tidy::check(&workspace_root()).unwrap();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn tidy_refuses_edges_that_point_up_or_at_xtask() {
    let manifest = r#"
        [package]
        name = "icn-model"
        [dependencies]
        icn-syntax.workspace = true
        rules = { package = "icn-rules", path = "../icn-rules" }
        [dev-dependencies]
        xtask = { path = "../../xtask" }
    "#;
    let (name, edges) = tidy::edges_of(manifest).unwrap();
    assert_eq!(name, "icn-model");
    let targets: Vec<&str> = edges.iter().map(|e| e.to.as_str()).collect();
    assert_eq!(targets, ["icn-syntax", "icn-rules", "xtask"]);
    let problems: Vec<String> = edges.iter().filter_map(tidy::check_edge).collect();
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].contains("icn-model (layer 1) depends on icn-rules (layer 2)"));
    assert!(problems[1].contains("depends on xtask"));
}

#[test]
fn tidy_refuses_crates_missing_from_the_layers() {
    let edge = tidy::Edge {
        from: "icn-cli".into(),
        to: "icn-newthing".into(),
        table: "dependencies".into(),
    };
    assert!(
        tidy::check_edge(&edge)
            .unwrap()
            .contains("not in the layer table")
    );
}

#[test]
fn the_benchmark_corpus_is_deterministic_valid_and_mixed() {
    let corpus = generate::corpus();
    assert_eq!(corpus, generate::corpus());
    let lines: Vec<&str> = corpus.lines().collect();
    assert_eq!(lines.len(), generate::CORPUS_LINES);
    let games = lines.iter().filter(|l| l.contains("[%clk")).count();
    assert!((2500..3500).contains(&games), "{games} games of 10000");
    for (i, line) in lines.iter().take(150).enumerate() {
        if let Err(e) = icn_model::Game::parse(line, icn_model::Dialect::Site) {
            panic!(
                "generated line {} is not valid site-dialect ICN:\n{}",
                i + 1,
                e.render("gen", line)
            );
        }
    }
}

#[test]
fn the_big_position_has_its_size() {
    let big = generate::big_position();
    assert!(
        (1_700_000..2_000_000).contains(&big.len()),
        "{} bytes",
        big.len()
    );
    let pieces = big.trim_end().rsplit(' ').next().unwrap_or_default();
    assert_eq!(pieces.split('|').count(), generate::BIG_PIECES);
}

#[test]
fn a_short_fuzz_run_finds_nothing() {
    let out = std::env::temp_dir().join(format!("icn-fuzz-test-{}", std::process::id()));
    let args = fuzz::Args {
        seconds: 3,
        seed: 1,
        budget_ms: 30_000,
        max_len: 16 * 1024,
        out: Some(out.clone()),
        mutate_only: true,
        replay: None,
        in_process: true,
    };
    let report = fuzz::run(&fixtures_dir(), &args, &out).unwrap();
    assert!(report.executions > 0);
    let failures: Vec<String> = report
        .failures
        .iter()
        .map(|f| {
            format!(
                "{:?} in {}: {} ({})",
                f.kind,
                f.target,
                f.message,
                f.saved.display()
            )
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let _ = std::fs::remove_dir_all(&out);
}
