//! Lists the built-in variant catalogue, or shows one variant's rules as
//! rule objects and as FBR text (with what FBR cannot say).
//!
//! `cargo run -p icn-rules --example catalogue -- [NAME]`

use icn_rules::{catalogue, fbr};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(name) = std::env::args().nth(1) else {
        for e in catalogue::entries() {
            println!("{}", e.name);
        }
        return Ok(());
    };
    let variant = catalogue::find(&name)?.variant()?;
    println!("{} pieces", variant.position.pieces.len());
    println!("royal kinds: {:?}", variant.rules.royals);
    let text = fbr::print(&variant.rules);
    println!("FBR: {}", text.text);
    for omitted in &text.omitted {
        println!("not in FBR: {omitted}");
    }
    Ok(())
}
