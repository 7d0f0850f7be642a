//! `cargo run --example divide -- DEPTH 'ICN'`: perft per root move.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().expect("depth");
    let g = icn_model::Game::parse(&args[2], icn_model::Dialect::Auto).expect("icn");
    let mut b = icn_movegen::Board::from_game(&g).expect("board");
    let mut total = 0;
    for (m, n) in b
        .perft_divide(depth, icn_movegen::PerftMode::Bulk)
        .expect("perft")
    {
        println!("{m} {n}");
        total += n;
    }
    println!("total {total}");
}
