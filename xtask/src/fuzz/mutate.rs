//! Seeds and byte-level mutations for [`super`]: every file under
//! `fixtures/` and generated documents are the seeds; a mutation flips,
//! inserts or deletes bytes, splices two inputs, duplicates a slice (up to a
//! huge input), inserts huge numbers, deep nesting, tokens of the notations,
//! bytes that are not UTF-8, CRLF line ends or a byte-order mark; a JSON
//! input may also have one value or key replaced by a hard one.

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
    // Found by fuzzing (seed 27): tens of thousands of moves set apart by
    // line breaks, which the site dialect refuses one by one; each refusal
    // looked for the move before it from the start (quadratic).
    out.push(format!("w (8|) K5,1|k5,8|P1,7{}", "\n5,8|P1,7".repeat(17_000)).into_bytes());
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
    // A JSON input keeps its shape half the time: one value or key replaced.
    if rng.chance(50) && mutate_json(rng, &mut data) {
        return data;
    }
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

/// JSON values that readers and writers find hard.
const JSON_VALUES: [&str; 22] = [
    "\"\"",
    "\" padded \"",
    "\"}\"",
    "\"{\"",
    "\"[%clk 0:00:01.0]\"",
    "\"[%clk 0:O-O]\"",
    "\"a\\nb\"",
    "\"é…\\u0000\"",
    "\"05,5\"",
    "\"5,5>5,6\"",
    "\"N3,4\"",
    "\"-9223372036854775808\"",
    "-9223372036854775808",
    "4503599627370497",
    "1e400",
    "-0",
    "[]",
    "{}",
    "null",
    "true",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "{\"winConditions\":[]}",
];

/// When `data` is JSON, one of its values (or an object's key) replaced.
fn mutate_json(rng: &mut Rng, data: &mut Vec<u8>) -> bool {
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return false;
    };
    if value.get("turn").is_some() && rng.chance(50) {
        long_form_text(rng, &mut value);
        return serde_json::to_vec(&value).map(|b| *data = b).is_ok();
    }
    let count = count_nodes(&value);
    let mut target = rng.range(0, count as u64 - 1) as usize;
    let replacement: serde_json::Value =
        serde_json::from_str(rng.pick::<&str>(&JSON_VALUES)).unwrap_or_default();
    let key = rng.pick(&JSON_VALUES).trim_matches('"').to_string();
    let rename = rng.chance(20);
    replace_node(&mut value, &mut target, replacement, rename.then_some(key));
    match serde_json::to_vec(&value) {
        Ok(bytes) => {
            *data = bytes;
            true
        }
        Err(_) => false,
    }
}

/// Texts the long form carries into ICN (metadata, comments, properties).
const TEXTS: [&str; 12] = [
    "",
    " padded ",
    "}",
    "{",
    "a\nb",
    "a\r\nb",
    "[%clk 0:00:01.0]",
    "[%clk 0:O-O]",
    "x [%clk 1:00:00.0] y",
    "\"quoted\" and \\",
    "é…\u{feff}",
    "|5,5>5,6 {",
];

/// Puts a hard text where the JSON long form keeps text: a metadata value or
/// name, a property, a leading comment, a move's comments or clock.
fn long_form_text(rng: &mut Rng, game: &mut serde_json::Value) {
    use serde_json::{Value, json};
    let text = Value::from(*rng.pick(&TEXTS));
    let Some(obj) = game.as_object_mut() else {
        return;
    };
    match rng.range(0, 4) {
        0 => {
            let name = if rng.chance(50) {
                "Event".to_string()
            } else {
                rng.pick(&TEXTS).to_string()
            };
            obj.entry("metadata")
                .or_insert_with(|| json!({}))
                .as_object_mut()
                .map(|m| m.insert(name, text));
        }
        1 => {
            let value: Value =
                serde_json::from_str(rng.pick::<&str>(&JSON_VALUES)).unwrap_or_default();
            if let Some(rules) = obj.get_mut("gameRules").and_then(Value::as_object_mut) {
                rules.insert(
                    rng.pick(&["a", "slideLimit", "cannotPassTurn", "b c"])
                        .to_string(),
                    value,
                );
            }
        }
        2 => {
            obj.insert("leadingComments".into(), json!([text]));
        }
        _ => {
            let moves = obj
                .get("moves")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            if moves > 0 {
                let mut details = vec![json!({}); moves];
                let i = rng.range(0, moves as u64 - 1) as usize;
                details[i] = if rng.chance(50) {
                    json!({"comments": [text, rng.pick(&TEXTS)], "clock": "0:01:02.3"})
                } else {
                    json!({"comments": [text]})
                };
                obj.insert("moveDetails".into(), Value::Array(details));
            }
        }
    }
}

fn count_nodes(v: &serde_json::Value) -> usize {
    1 + match v {
        serde_json::Value::Array(a) => a.iter().map(count_nodes).sum(),
        serde_json::Value::Object(o) => o.values().map(count_nodes).sum(),
        _ => 0,
    }
}

/// Replaces node number `target` (pre-order) with `with`, or, when `key` is
/// given and the node is an object's member, renames its key.
fn replace_node(
    v: &mut serde_json::Value,
    target: &mut usize,
    with: serde_json::Value,
    key: Option<String>,
) -> bool {
    if *target == 0 {
        *v = with;
        return true;
    }
    *target -= 1;
    match v {
        serde_json::Value::Array(a) => {
            for item in a.iter_mut() {
                if replace_node(item, target, with.clone(), key.clone()) {
                    return true;
                }
            }
        }
        serde_json::Value::Object(o) => {
            let keys: Vec<String> = o.keys().cloned().collect();
            for k in keys {
                if *target == 0
                    && let Some(new_key) = &key
                {
                    if let Some(item) = o.shift_remove(&k) {
                        o.insert(new_key.clone(), item);
                    }
                    return true;
                }
                if let Some(item) = o.get_mut(&k)
                    && replace_node(item, target, with.clone(), key.clone())
                {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
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
