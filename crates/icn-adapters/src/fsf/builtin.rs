//! Fairy-Stockfish's built-in variants that a section may name as its
//! parent, described in `variants.ini` options in `builtin.ini` (this
//! toolkit's own description of what Fairy-Stockfish's `src/variant.cpp`
//! sets) and resolved once.
//!
//! Not every built-in variant is here: the ones the shipped `variants.ini`
//! inherits from, the simple ones whose perft the tests compare, and those
//! of Fairy-Stockfish's perft suite (`fixtures/fsf/suite.tsv`) but `shako`.
//! A parent not listed is reported as unknown.

use std::sync::OnceLock;

use super::resolve::{Resolved, apply};

/// The description, in `variants.ini` form.
pub const TEXT: &str = include_str!("builtin.ini");

fn all() -> &'static Vec<Resolved> {
    static ALL: OnceLock<Vec<Resolved>> = OnceLock::new();
    ALL.get_or_init(|| {
        let (sections, _) = super::ini::sections(TEXT);
        let mut done: Vec<Resolved> = Vec::new();
        for s in &sections {
            let base = match &s.parent {
                None => Resolved {
                    name: s.name.clone(),
                    line: 0,
                    pieces: Default::default(),
                    fields: Default::default(),
                },
                Some(p) => match done.iter().find(|d| &d.name == p) {
                    Some(d) => d.clone(),
                    None => continue,
                },
            };
            if let Ok(v) = apply(base, s, true) {
                done.push(v);
            }
        }
        done
    })
}

/// The built-in variant `name`, resolved.
pub fn find(name: &str) -> Option<Resolved> {
    all().iter().find(|v| v.name == name).cloned()
}

/// The names of the built-in variants described here, in order.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|v| v.name.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_description_resolves() {
        let (sections, stray) = super::super::ini::sections(TEXT);
        assert!(stray.is_empty());
        assert_eq!(names().len(), sections.len());
        let chess = find("chess").unwrap();
        assert_eq!(chess.pieces.len(), 6);
        let giveaway = find("antichess").unwrap();
        assert!(
            giveaway
                .piece_by_letter('k')
                .is_some_and(|p| p.slot.name() == "commoner")
        );
    }
}
