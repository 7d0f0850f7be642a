//! Parse + lower throughput on a generated site-dialect corpus (a quick
//! measurement aid; the benchmark proper is `cargo xtask bench`).
use std::time::Instant;

fn main() {
    let mut lines = Vec::new();
    let mut seed: u64 = 42;
    let mut rnd = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let codes = [
        "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "AM", "ch",
    ];
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    for i in 0..count {
        let mut s = String::from("[Variant \"Classical\"] w 0/100 1 (8|1) ");
        let n = 20 + rnd(40);
        for j in 0..n {
            if j > 0 {
                s.push('|');
            }
            let x = rnd(2_000_000) as i64 - 1_000_000;
            let y = j as i64 * 7 + rnd(5) as i64;
            s.push_str(codes[rnd(codes.len() as u64) as usize]);
            s.push_str(&format!("{x},{y}"));
            if rnd(3) == 0 {
                s.push('+');
            }
        }
        if i % 3 == 0 {
            s.push(' ');
            for m in 0..(20 + rnd(80)) {
                if m > 0 {
                    s.push('|');
                }
                s.push_str(&format!(
                    "{},{}>{},{}{{[%clk 0:09:{:02}.{}]}}",
                    rnd(100),
                    rnd(100),
                    rnd(100),
                    rnd(100),
                    rnd(60),
                    rnd(10)
                ));
            }
        }
        lines.push(s);
    }
    let fast = lines
        .iter()
        .filter(|l| icn_syntax::fast_path_accepts(l))
        .count();
    if let Some(l) = lines.iter().find(|l| !icn_syntax::fast_path_accepts(l)) {
        println!("not fast: {}", &l[..l.len().min(300)]);
    }
    println!("fast path accepts {fast} of {}", lines.len());
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    for round in 0..(if count < 10_000 { 1 } else { 3 }) {
        let t = Instant::now();
        let mut ok = 0;
        for l in &lines {
            if icn_syntax::parse(l, icn_syntax::Dialect::Auto).is_ok() {
                ok += 1;
            }
        }
        let parse_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for l in &lines {
            let _ = icn_model::Game::parse(l, icn_model::Dialect::Auto).unwrap();
        }
        let full_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut out = Vec::new();
        for l in &lines {
            let g = icn_model::Game::parse(l, icn_model::Dialect::Auto).unwrap();
            out.clear();
            icn_model::json::write_json(&g, &mut out);
        }
        let json_s = t.elapsed().as_secs_f64();
        println!(
            "round {round}: {ok} ok, {:.1} MB; syntax {:.1} MB/s, syntax+lower {:.1} MB/s, +json {:.1} MB/s",
            bytes as f64 / 1e6,
            bytes as f64 / 1e6 / parse_s,
            bytes as f64 / 1e6 / full_s,
            bytes as f64 / 1e6 / json_s
        );
    }
}
