//! Seeds and byte-level mutations for [`super`]: every file under
//! `fixtures/` and generated documents are the seeds; a mutation flips,
//! inserts or deletes bytes, splices two inputs, duplicates a slice (up to a
//! huge input), inserts huge numbers, deep nesting, tokens of the notations,
//! bytes that are not UTF-8, CRLF line ends or a byte-order mark.

use std::path::Path;

use icn_model::{Dialect, Game, json};

use crate::bench::generate::{self, Rng};

/// Numbers at the edges of every integer type and of the engine's range.
const HUGE_NUMBERS: [&str; 10] = [
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "4503599627370497",
    "-4503599627370496",
    "18446744073709551616",
    "4294967296",
    "99999999999999999999999999999999999999999",
    "-0",
    "000000000000000000000000000000000000000000000005",
];

/// Tokens of ICN, JSON, FEN, SAN, PGN, Sjaak and FBR.
const TOKENS: [&str; 44] = [
    "|",
    ">",
    "x",
    "+",
    "#",
    "=Q",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "\"",
    ",",
    "-",
    ":",
    ";",
    "/",
    "O-O",
    "O-O-O",
    "[%clk 0:00:01.0]",
    "[%clk",
    "\r\n",
    "\n",
    "\t",
    "é",
    "…",
    "\u{feff}",
    "{\"slideLimit\": 7}",
    "{\"a\":[{}]}",
    "K",
    "k",
    "P",
    "ob",
    "vo",
    "3q",
    "w:b:r",
    "checkmate",
    "...",
    "1.",
    "$7",
    "Variant: x\n",
    "royal{k}",
    "05,5",
];

/// Bytes that are not UTF-8 on their own.
const BAD_BYTES: [u8; 5] = [0xff, 0xfe, 0x80, 0xc3, 0xe2];

/// The seeds: every file under `fixtures/`, then generated documents (site
/// ICN lines, their JSON long form, and a few shapes made to stress the
/// readers).
///
/// # Errors
/// A fixture folder that cannot be read.
pub fn seeds(fixtures: &Path) -> anyhow::Result<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    collect_files(fixtures, &mut out)?;
    let mut rng = Rng::new(0xF022);
    for _ in 0..40 {
        let line = generate::line(&mut rng);
        if let Ok(game) = Game::parse(&line, Dialect::Auto) {
            out.push(json::to_json_string(&game).into_bytes());
        }
        out.push(line.into_bytes());
    }
    out.push(
        format!(
            "w {{\"a\": {}1{}}} K1,1|k3,3",
            "[".repeat(63),
            "]".repeat(63)
        )
        .into_bytes(),
    );
    out.push(b"w K1,1|k3,3 1,1>1,2{[%clk 0:00:01.0] note}|3,3>3,2".to_vec());
    out.push(b"[Event \"x\"]\r\nw 0/100 1 (8;q,n|1;Q) K5,1+|k5,8+|P1,2+ 1,2>1,4".to_vec());
    Ok(out)
}

fn collect_files(dir: &Path, out: &mut Vec<Vec<u8>>) -> anyhow::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::path);
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else {
            out.push(std::fs::read(&path)?);
        }
    }
    Ok(())
}

/// `input` changed by one to four mutations, at most `max_len` bytes long.
pub fn mutate(rng: &mut Rng, input: &[u8], pool: &[Vec<u8>], max_len: usize) -> Vec<u8> {
    let mut data = input.to_vec();
    for _ in 0..rng.range(1, 4) {
        mutate_once(rng, &mut data, pool, max_len);
    }
    data.truncate(max_len);
    data
}

fn pos(rng: &mut Rng, data: &[u8]) -> usize {
    rng.range(0, data.len() as u64) as usize
}

fn insert(data: &mut Vec<u8>, at: usize, bytes: &[u8]) {
    data.splice(at..at, bytes.iter().copied());
}

fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>, pool: &[Vec<u8>], max_len: usize) {
    let at = pos(rng, data);
    match rng.range(0, 15) {
        0 if !data.is_empty() => {
            let i = at.min(data.len() - 1);
            data[i] ^= 1 << rng.range(0, 7);
        }
        1 if !data.is_empty() => {
            let i = at.min(data.len() - 1);
            data[i] = rng.next_u64() as u8;
        }
        2 => {
            let bytes: Vec<u8> = (0..rng.range(1, 8)).map(|_| rng.next_u64() as u8).collect();
            insert(data, at, &bytes);
        }
        3 => {
            let end = (at + rng.range(1, 64) as usize).min(data.len());
            data.drain(at..end);
        }
        4 => {
            // Splice: this input's start, another's end.
            let other = rng.pick(pool);
            let from = pos(rng, other);
            data.truncate(at);
            data.extend_from_slice(&other[from..]);
        }
        5 => {
            // Duplicate a slice: a few times, or (rarely) up to a huge input.
            let end = (at + rng.range(1, 40) as usize).min(data.len());
            let slice = data[at..end].to_vec();
            if !slice.is_empty() {
                let times = if rng.chance(10) {
                    max_len / slice.len()
                } else {
                    rng.range(1, 50) as usize
                };
                let repeated = slice.repeat(times.min(max_len / slice.len() + 1));
                insert(data, end, &repeated);
            }
        }
        6 => {
            let n = *rng.pick(&HUGE_NUMBERS);
            insert(data, at, n.as_bytes());
        }
        7 => {
            let depth = rng.range(1, 300) as usize;
            let (open, close) = match rng.range(0, 2) {
                0 => ("[", "]"),
                1 => ("{\"a\":", "}"),
                _ => ("(", ")"),
            };
            let mut nest = open.repeat(depth);
            if rng.chance(50) {
                nest.push('1');
                nest.push_str(&close.repeat(depth));
            }
            insert(data, at, nest.as_bytes());
        }
        8 => {
            let b = *rng.pick(&BAD_BYTES);
            insert(data, at, &[b]);
        }
        9 => {
            let mut crlf = Vec::with_capacity(data.len() + data.len() / 8);
            for &b in data.iter() {
                if b == b'\n' {
                    crlf.push(b'\r');
                }
                crlf.push(b);
            }
            *data = crlf;
        }
        10 => insert(data, 0, "\u{feff}".as_bytes()),
        11 | 12 => {
            let t = *rng.pick(&TOKENS);
            insert(data, at, t.as_bytes());
        }
        13 => data.truncate(at),
        _ => {
            // A slice of another input.
            let other = rng.pick(pool);
            let from = pos(rng, other);
            let end = (from + rng.range(1, 200) as usize).min(other.len());
            insert(data, at, &other[from..end]);
        }
    }
}
