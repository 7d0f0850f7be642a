#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
//! Perft throughput: make/unmake at every leaf and bulk counting at the last
//! ply, on the standard start and Kiwipete under the 1..8 border, and on the
//! Classical start with `slideLimit` 100 (rays of a hundred squares counted
//! arithmetically). Depths are kept small so a run stays short on a shared
//! machine; the deep figures (start depth 6, Kiwipete depth 5, Classical
//! depth 3) are timed with `icn perft` (see the crate README).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use icn_model::{Dialect, Game};
use icn_movegen::{Board, PerftMode};

fn board(fixture: &str) -> Board {
    let text = std::fs::read_to_string(format!(
        "{}/../../fixtures/perft/ok/{fixture}.perft",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    let icn = text
        .lines()
        .find_map(|l| l.strip_prefix("icn "))
        .expect("icn line");
    Board::from_game(&Game::parse(icn, Dialect::Auto).expect("icn")).expect("board")
}

fn perft(c: &mut Criterion) {
    let cases = [
        ("startpos", 4, 197_281u64),
        ("kiwipete", 3, 97_862),
        ("classical-slide100", 2, 1_283_689),
    ];
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, depth, nodes) in cases {
        let mut b = board(name);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("{name}/depth{depth}/bulk"), |bench| {
            bench.iter(|| assert_eq!(b.perft(depth, PerftMode::Bulk).expect("perft"), nodes));
        });
        if name != "classical-slide100" {
            g.bench_function(format!("{name}/depth{depth}/make-every-leaf"), |bench| {
                bench.iter(|| {
                    assert_eq!(
                        b.perft(depth, PerftMode::MakeEveryLeaf).expect("perft"),
                        nodes
                    )
                });
            });
        }
    }
    g.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
