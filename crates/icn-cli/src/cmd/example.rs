//! `icn example [NAME]`: the main job on a built-in example, no file needed.
//! Checks the example, converts it to the JSON long form and to pretty ICN,
//! prints both, and confirms that each reads back to the same game.
//!
//! The examples are copies of fixture files of the conformance corpus, kept
//! in `examples-data/` so the published crate holds them, and embedded with
//! `include_str!`; a test keeps each copy equal to its fixture, so what this
//! command shows is also what the corpus tests. An unknown name is a usage
//! error that lists the known ones.

use std::io::{self, Write};

use anyhow::bail;
use icn_model::{Dialect, Game, IcnForm, IcnStyle, json};

use crate::cmd::Outcome;
use crate::document::describe;

/// Options of `icn example`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which example.
    #[arg(default_value = "spec-game")]
    pub name: String,
    /// List the examples and stop.
    #[arg(long)]
    pub list: bool,
}

/// A built-in example.
struct Example {
    name: &'static str,
    about: &'static str,
    dialect: Dialect,
    text: &'static str,
}

const EXAMPLES: &[Example] = &[
    Example {
        name: "spec-game",
        about: "the long version of the example game in icn-notation.md",
        dialect: Dialect::Spec,
        text: include_str!("../../examples-data/spec-game-long.spec.icn"),
    },
    Example {
        name: "spec-compact",
        about: "the compact version of the same game",
        dialect: Dialect::Spec,
        text: include_str!("../../examples-data/spec-game-compact.spec.icn"),
    },
    Example {
        name: "site-game",
        about: "a site-dialect game with clock stamps, a world border and `=Q`",
        dialect: Dialect::Site,
        text: include_str!("../../examples-data/site-game-clocks.site.icn"),
    },
];

/// Runs `icn example`.
///
/// # Errors
/// An unknown example name.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let mut out = io::stdout().lock();
    if args.list {
        for e in EXAMPLES {
            writeln!(out, "{:<14} {}", e.name, e.about)?;
        }
        return Ok(Outcome::Valid);
    }
    let Some(example) = EXAMPLES.iter().find(|e| e.name == args.name) else {
        let names: Vec<&str> = EXAMPLES.iter().map(|e| e.name).collect();
        bail!(
            "no example named `{}`; the examples are {}",
            args.name,
            names.join(", ")
        );
    };
    let origin = format!("<example {}>", example.name);
    let dialect = example.dialect;
    section(
        &mut out,
        &format!("input: {} ({} dialect)", example.about, dialect.name()),
    )?;
    writeln!(out, "{}", example.text.trim_end())?;

    section(&mut out, "check")?;
    let game = match Game::parse(example.text, dialect) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{}", e.render(&origin, example.text));
            return Ok(Outcome::Invalid);
        }
    };
    writeln!(
        out,
        "valid ICN ({} dialect): {}",
        dialect.name(),
        describe(&game)
    )?;

    section(&mut out, "JSON long form")?;
    let json_text = json::to_json_string_pretty(&game);
    writeln!(out, "{json_text}")?;

    section(
        &mut out,
        &format!("pretty ICN ({} dialect)", dialect.name()),
    )?;
    let pretty = match game.to_icn(IcnStyle {
        form: IcnForm::Pretty,
        dialect,
    }) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot write the example as pretty ICN: {e}");
            return Ok(Outcome::Invalid);
        }
    };
    writeln!(out, "{pretty}")?;

    section(&mut out, "round trips")?;
    let from_json = json::from_json_str(&json_text).map_err(|e| e.to_string());
    let from_pretty = Game::parse(&pretty, dialect).map_err(|e| e.to_string());
    let ok_json = report(&mut out, "ICN -> JSON -> model", &game, from_json)?;
    let ok_pretty = report(&mut out, "ICN -> pretty ICN -> model", &game, from_pretty)?;
    Ok(Outcome::from_ok(ok_json && ok_pretty))
}

fn section(out: &mut impl Write, title: &str) -> io::Result<()> {
    writeln!(out, "\n== {title} ==")
}

fn report(
    out: &mut impl Write,
    what: &str,
    expected: &Game,
    got: Result<Game, String>,
) -> io::Result<bool> {
    Ok(match got {
        Ok(g) if &g == expected => {
            writeln!(out, "{what}: same game")?;
            true
        }
        Ok(_) => {
            writeln!(out, "{what}: DIFFERENT game")?;
            false
        }
        Err(e) => {
            writeln!(out, "{what}: does not read back: {e}")?;
            false
        }
    })
}

#[cfg(test)]
mod tests {
    use super::EXAMPLES;

    /// Each example and the fixture under `fixtures/icn/ok/` it copies.
    const COPIES: [(&str, &str); 3] = [
        ("spec-game", "spec-game-long.spec.icn"),
        ("spec-compact", "spec-game-compact.spec.icn"),
        ("site-game", "site-game-clocks.site.icn"),
    ];

    #[test]
    fn every_example_is_a_copy_of_its_fixture() {
        assert_eq!(
            EXAMPLES.len(),
            COPIES.len(),
            "an example without its fixture"
        );
        let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/icn/ok/");
        for (name, file) in COPIES {
            let e = EXAMPLES
                .iter()
                .find(|e| e.name == name)
                .expect("a known example");
            let path = format!("{fixtures}{file}");
            let fixture = std::fs::read_to_string(&path)
                .unwrap_or_else(|err| panic!("{path}: {err} (the example `{name}` copies it)"));
            assert_eq!(
                e.text, fixture,
                "examples-data/{file} differs from {path}: copy the fixture over it"
            );
        }
    }
}
