//! `cargo run --release --example perft -- FILE.perft [MAXNODES] [leaf]`: runs a perft fixture with timings.
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("file");
    let max: u64 = args.get(2).map_or(u64::MAX, |s| s.parse().expect("max"));
    let mode = if args.get(3).is_some_and(|s| s == "leaf") {
        icn_movegen::PerftMode::MakeEveryLeaf
    } else {
        icn_movegen::PerftMode::Bulk
    };
    let icn = text
        .lines()
        .find_map(|l| l.strip_prefix("icn "))
        .expect("icn line");
    let g = icn_model::Game::parse(icn, icn_model::Dialect::Auto).expect("icn");
    let mut b = icn_movegen::Board::from_game(&g).expect("board");
    for l in text.lines().filter_map(|l| l.strip_prefix("perft ")) {
        let (d, n) = l.split_once(' ').expect("line");
        let (d, n): (u32, u64) = (d.parse().expect("d"), n.trim().parse().expect("n"));
        if n > max {
            continue;
        }
        let t = Instant::now();
        let got = b.perft(d, mode).expect("perft");
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {d}: {got} (expected {n}) {} {:.3}s {:.1} Mnps",
            if got == n { "ok" } else { "MISMATCH" },
            s,
            got as f64 / s / 1e6
        );
    }
}
