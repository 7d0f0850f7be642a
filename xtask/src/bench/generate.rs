//! The deterministic benchmark corpus (issue 2 §9), generated from a fixed
//! seed so every run and every machine measures the same bytes:
//!
//! * [`corpus`]: 10,000 site-dialect lines — about 70% positions of 20–60
//!   pieces and 30% games of 20–100 moves with `[%clk H:MM:SS.D]` comments;
//!   coordinates of up to 6 digits, and 20–30 digits in about 5% of lines.
//! * [`big_position`]: one position line of about 1.8 MB (186,000 pieces).
//!
//! Every generated line reads: squares are distinct, and the header is what
//! the site writes (`w 0/100 1 (8|1)` and friends, games with the game
//! logger's tags, some en passant squares with no pawn beside them and
//! promotion lists naming royals, which read with warnings).

use std::collections::HashSet;
use std::fmt::Write as _;

/// Lines in the generated corpus.
pub const CORPUS_LINES: usize = 10_000;
/// Pieces in the big position.
pub const BIG_PIECES: usize = 186_000;

/// xorshift64*: small, fast, and the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (zero is replaced by a fixed constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() as u64 - 1) as usize]
    }
}

const CODES: [&str; 18] = [
    "K", "Q", "R", "B", "N", "P", "AM", "HA", "CH", "AR", "GU", "CA", "GI", "ZE", "CE", "NR", "HU",
    "RO",
];
const COMMON: [&str; 6] = ["P", "P", "P", "N", "B", "R"];
const NAMES: [&str; 8] = [
    "Tom", "Ben", "Alice", "Bob", "Naviary", "Kiwi", "Zed", "Ruth",
];
const VARIANTS: [&str; 6] = [
    "Classical",
    "Core",
    "Space Classic",
    "Pawn Horde",
    "Abundance",
    "Palace",
];

/// A coordinate: up to 6 digits, or 20–30 digits when `huge`.
fn coordinate(rng: &mut Rng, huge: bool, out: &mut String) {
    let negative = rng.chance(50);
    if huge && rng.chance(50) {
        if negative {
            out.push('-');
        }
        let digits = rng.range(20, 30);
        out.push(char::from(b'1' + rng.range(0, 8) as u8));
        for _ in 1..digits {
            out.push(char::from(b'0' + rng.range(0, 9) as u8));
        }
    } else {
        let digits = *rng.pick(&[1u32, 1, 2, 2, 2, 3, 3, 4, 5, 6]);
        let value = rng.range(0, 10u64.pow(digits) - 1);
        // `-0` is the square `0`: never write it, so squares stay distinct.
        if negative && value != 0 {
            out.push('-');
        }
        let _ = write!(out, "{value}");
    }
}

fn square(rng: &mut Rng, huge: bool) -> String {
    let mut s = String::with_capacity(16);
    coordinate(rng, huge, &mut s);
    s.push(',');
    coordinate(rng, huge, &mut s);
    s
}

fn piece_code(rng: &mut Rng, white: bool) -> String {
    let code = if rng.chance(60) {
        *rng.pick(&COMMON)
    } else {
        *rng.pick(&CODES)
    };
    if white {
        code.to_string()
    } else {
        code.to_ascii_lowercase()
    }
}

fn header(rng: &mut Rng, out: &mut String, game: bool) {
    if game || rng.chance(30) {
        let _ = write!(out, "[Variant \"{}\"] ", rng.pick(&VARIANTS));
    }
    if game {
        // The tags the site's game logger writes.
        let _ = write!(
            out,
            "[Event \"Rated infinite chess game\"] [Site \"https://www.infinitechess.org/\"] [Round \"-\"] \
             [UTCDate \"2026.{:02}.{:02}\"] [UTCTime \"{:02}:{:02}:{:02}\"] [White \"{}\"] [Black \"{}\"] \
             [TimeControl \"600+5\"] [Result \"1-0\"] [Termination \"Checkmate\"] ",
            rng.range(1, 12),
            rng.range(1, 28),
            rng.range(0, 23),
            rng.range(0, 59),
            rng.range(0, 59),
            rng.pick(&NAMES),
            rng.pick(&NAMES)
        );
    }
    out.push_str(if rng.chance(80) { "w " } else { "b " });
    if rng.chance(10) {
        // En passant squares the site writes whether or not a pawn is beside them.
        let _ = write!(
            out,
            "{},{} ",
            rng.range(1, 8),
            if rng.chance(50) { 3 } else { 6 }
        );
    }
    let _ = write!(out, "{}/100 {} ", rng.range(0, 40), rng.range(1, 60));
    match rng.range(0, 9) {
        0 => out.push_str("(8;q,r,b,n,am|1;q,r,b,n,am) "),
        1 => out.push_str("(8;q,rq,rc,n|1;q,rq,rc,n) "),
        _ => out.push_str("(8|1) "),
    }
    if rng.chance(10) {
        out.push_str("-500,500,-500,_ ");
    }
    if rng.chance(10) {
        out.push_str("(checkmate|allpiecescaptured) ");
    }
}

/// Pieces on distinct squares, each inside a world border of ±500 when one
/// is written (small coordinates are used then).
fn pieces(rng: &mut Rng, out: &mut String, count: usize, huge: bool, bordered: bool) {
    let mut seen: HashSet<String> = HashSet::with_capacity(count);
    let mut written = 0;
    while written < count {
        let sq = if bordered {
            format!(
                "{},{}",
                rng.range(0, 999) as i64 - 500,
                rng.range(0, 999) as i64 - 500
            )
        } else {
            square(rng, huge)
        };
        if !seen.insert(sq.clone()) {
            continue;
        }
        if written > 0 {
            out.push('|');
        }
        let code = piece_code(rng, written % 2 == 0);
        out.push_str(&code);
        out.push_str(&sq);
        if matches!(code.as_str(), "P" | "p" | "K" | "k" | "R" | "r") && rng.chance(60) {
            out.push('+');
        }
        written += 1;
    }
}

fn clock(rng: &mut Rng) -> String {
    format!(
        "[%clk 0:{:02}:{:02}.{}]",
        rng.range(0, 9),
        rng.range(0, 59),
        rng.range(0, 9)
    )
}

fn moves(rng: &mut Rng, out: &mut String, count: usize, huge: bool) {
    for i in 0..count {
        out.push(if i == 0 { ' ' } else { '|' });
        out.push_str(&square(rng, huge));
        out.push('>');
        out.push_str(&square(rng, huge));
        if rng.chance(2) {
            out.push_str(if i % 2 == 0 { "=Q" } else { "=q" });
        }
        let _ = write!(out, "{{{}}}", clock(rng));
    }
}

/// One generated line.
pub fn line(rng: &mut Rng) -> String {
    let game = rng.chance(30);
    let huge = rng.chance(5);
    let mut out = String::with_capacity(if game { 2400 } else { 600 });
    header(rng, &mut out, game);
    let bordered = out.contains("-500,500");
    let n = rng.range(20, 60) as usize;
    pieces(rng, &mut out, n, huge && !bordered, bordered);
    if game {
        let count = rng.range(20, 100) as usize;
        moves(rng, &mut out, count, huge);
    }
    out
}

/// The 10,000-line corpus, one document per line, `\n`-terminated.
pub fn corpus() -> String {
    let mut rng = Rng::new(0x1C4_2026);
    let mut out = String::with_capacity(CORPUS_LINES * 900);
    for _ in 0..CORPUS_LINES {
        out.push_str(&line(&mut rng));
        out.push('\n');
    }
    out
}

/// One position of [`BIG_PIECES`] pieces on distinct squares (a spiral-free
/// grid walk), about 1.8 MB, `\n`-terminated.
pub fn big_position() -> String {
    let mut rng = Rng::new(0xB16_B16);
    let mut out = String::with_capacity(BIG_PIECES * 10 + 64);
    out.push_str("w 0/100 1 (8|1) ");
    let side = 432i64; // 432² = 186,624 squares
    for i in 0..BIG_PIECES as i64 {
        if i > 0 {
            out.push('|');
        }
        out.push_str(&piece_code(&mut rng, i % 2 == 0));
        // y from 814: about half the rows have four digits, for ~1.8 MB.
        let _ = write!(out, "{},{}", i % side - side / 2, i / side + 814);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        assert_eq!(line(&mut a), line(&mut b));
    }

    /// The hand-written JSON writer and the serde reference write the same
    /// bytes for the corpus's lines (a slice of it: the test build is slow).
    #[test]
    fn corpus_lines_are_written_to_json_the_same_both_ways() {
        use icn_model::{Dialect, Game, json};
        let mut rng = Rng::new(0x1C4_2026);
        let (mut fast, mut reference) = (Vec::new(), Vec::new());
        for i in 0..400 {
            let text = line(&mut rng);
            let g = Game::parse(&text, Dialect::Auto).expect("a generated line reads");
            fast.clear();
            reference.clear();
            json::write_json(&g, &mut fast);
            json::write_json_serde(&g, &mut reference);
            assert!(fast == reference, "line {} differs: {text}", i + 1);
        }
        let big = big_position();
        let g = Game::parse(big.trim_end(), Dialect::Auto).expect("the big position reads");
        fast.clear();
        reference.clear();
        json::write_json(&g, &mut fast);
        json::write_json_serde(&g, &mut reference);
        assert!(fast == reference, "the big position differs");
    }
}
