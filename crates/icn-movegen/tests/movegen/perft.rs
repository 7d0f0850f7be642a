//! The perft corpus `fixtures/perft/*.perft`, up to a node limit so `cargo
//! test` stays quick (`cargo xtask conformance` runs every line).

use std::path::PathBuf;

use icn_movegen::PerftMode;

/// Node counts above this are left to the conformance run.
const NODE_LIMIT: u64 = 200_000;

struct Case {
    icn: String,
    counts: Vec<(u32, u64)>,
}

fn read(path: &std::path::Path) -> Case {
    let text = std::fs::read_to_string(path).unwrap();
    let mut icn = String::new();
    let mut counts = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("icn ") {
            icn = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').unwrap();
            counts.push((d.parse().unwrap(), n.trim().parse().unwrap()));
        }
    }
    Case { icn, counts }
}

#[rstest::rstest]
fn perft_fixture(#[files("../../fixtures/perft/*.perft")] path: PathBuf) {
    let case = read(&path);
    let mut b = crate::board(&case.icn);
    let key = b.zobrist();
    for &(depth, nodes) in &case.counts {
        if nodes > NODE_LIMIT {
            continue;
        }
        assert_eq!(
            b.perft(depth, PerftMode::Bulk).unwrap(),
            nodes,
            "{} depth {depth} (bulk)",
            path.display()
        );
        if nodes <= NODE_LIMIT / 4 {
            assert_eq!(
                b.perft(depth, PerftMode::MakeEveryLeaf).unwrap(),
                nodes,
                "{} depth {depth} (make every leaf)",
                path.display()
            );
        }
    }
    assert_eq!(b.zobrist(), key, "make/unmake restores the key");
}
