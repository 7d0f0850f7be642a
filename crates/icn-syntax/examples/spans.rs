//! Reads an ICN document (a file, or the spec's short example) and prints
//! each move with the line and column it was written at, then the document
//! rewritten in the spec dialect.
//!
//! `cargo run -p icn-syntax --example spans -- [FILE]`

use icn_syntax::{Dialect, Layout, WriteOptions, line_col, parse, write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => "[Event \"demo\"] w 0/100 1 (8|1) K5,1+|k5,8+|P2,7 2,7>2,8=Q|5,8>4,8".to_string(),
    };
    let doc = match parse(&text, Dialect::Auto) {
        Ok(doc) => doc,
        Err(e) => {
            eprint!("{}", e.render("input", &text));
            std::process::exit(1);
        }
    };
    for m in &doc.moves {
        println!(
            "{} at {}",
            &text[m.span.start..m.span.end],
            line_col(&text, m.span.start)
        );
    }
    let options = WriteOptions {
        dialect: Dialect::Spec,
        layout: Layout::Line,
    };
    println!("{}", write(&doc, options)?);
    Ok(())
}
