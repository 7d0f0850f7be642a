#![expect(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]
//! Positions per second of the query language on a real PGN collection
//! (`fixtures/query/pgn/lewis.pgn`: 298 games, 23,993 positions), one
//! thread. The games are read (SAN resolved) before timing; each iteration
//! replays every game and evaluates the query at every position, so the
//! figures include replay: `replay only` is that cost alone. Throughput is
//! in positions. Compare `fixtures/query/gen/bench.py` (python-chess).

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use icn_model::Game;
use icn_query::Query;
use icn_query::collection::pgn_games;
use icn_query::games::{Scope, search};

fn games() -> Vec<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/query/pgn/lewis.pgn");
    let file = std::fs::File::open(path).expect("the collection");
    pgn_games(std::io::BufReader::new(file))
        .map(|i| i.game.expect("every game reads"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let positions: u64 = games.iter().map(|g| g.moves.len() as u64 + 1).sum();
    let mut group = c.benchmark_group("lewis.pgn");
    group.throughput(Throughput::Elements(positions));
    group.sample_size(10);
    for (name, text) in [
        ("replay only", "true"),
        ("check", "check"),
        (
            "undefended black pieces",
            "a attackedby A & ~ a attackedby a",
        ),
    ] {
        let q = Query::parse(text).expect("the query reads");
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut found = 0;
                for g in &games {
                    found += search(&q, g, Scope::Every).expect("replays").plies.len();
                }
                found
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
