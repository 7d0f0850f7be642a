//! The position and rules a command starts from when it is given a variant
//! instead of a document: `--variant NAME`, `--variants FILE`, `--fen FEN`
//! (shared by `icn perft` and `icn moves`).
//!
//! `--variant NAME` alone is a variant of the site's catalogue (`Classical`,
//! `Omega²`, …) or, when the catalogue has no such name, a Fairy-Stockfish
//! built-in variant by its Fairy-Stockfish name (`chess`, `kingofthehill`,
//! `3check`, `makruk`, … : those `icn_adapters::fsf::builtin` describes and
//! the rule objects hold). With `--variants FILE` it picks a variant of that
//! definition file (Sjaak, Fairy-Stockfish, FBR, ICN or the JSON rule form).
//! `--fen FEN` replaces the start position with the variant's own FEN
//! (Fairy-Stockfish's FEN: holdings in `[]`, check counters, X-FEN or
//! Shredder castling; or Sjaak's, its pieces by their `Symbol:`): it applies
//! to Fairy-Stockfish variants, built-in or from a `variants.ini`, and to the
//! variants of a Sjaak file, and is refused for the others with the reason.

use anyhow::Context as _;
use icn_model::Position;
use icn_rules::RuleSet;

/// Where a variant comes from.
#[derive(Debug, Default, clap::Args)]
pub struct VariantArgs {
    /// A catalogue variant's start position instead of a file, or a
    /// Fairy-Stockfish built-in variant by its name (with `--variants`, the
    /// variant of that file).
    #[arg(long, value_name = "NAME", conflicts_with = "file")]
    pub variant: Option<String>,
    /// A variant definition file (Sjaak, Fairy-Stockfish, FBR, ICN or JSON
    /// rule form) to take the variant from.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub variants: Option<std::path::PathBuf>,
    /// Start from this position, in the variant's own FEN (Fairy-Stockfish
    /// variants).
    #[arg(long, value_name = "FEN", conflicts_with = "file")]
    pub fen: Option<String>,
}

/// The name the section written around `--fen` takes.
const FEN_SECTION: &str = "icn-fen-start";

impl VariantArgs {
    /// Whether a variant was asked for (else the command reads a document).
    pub fn is_set(&self) -> bool {
        self.variant.is_some() || self.variants.is_some() || self.fen.is_some()
    }

    /// The start position and rules; `Ok(Err(message))` for what the user
    /// must fix (an unknown name, a FEN that does not read), printed as is.
    ///
    /// # Errors
    /// A definition file that cannot be read.
    pub fn load(&self) -> anyhow::Result<Result<(Position, RuleSet), String>> {
        let text = match &self.variants {
            Some(path) => Some((
                path.display().to_string(),
                std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?,
            )),
            None => None,
        };
        let name = self.variant.as_deref();
        if let (None, Some(name)) = (&text, name)
            && self.fen.is_none()
            && let Ok(entry) = icn_rules::catalogue::find(name)
        {
            return Ok(entry
                .variant()
                .map(|v| (v.position, v.rules))
                .map_err(|e| format!("error: {e}")));
        }
        // What to read, and in which format (`None`: detected).
        let fsf = Some(icn_adapters::convert::VariantFormat::Fsf);
        let (origin, text, format, name) = match (text, name, &self.fen) {
            (Some((origin, text)), name, None) => (origin, text, None, name.map(str::to_string)),
            (Some((origin, text)), name, Some(fen))
                if icn_adapters::convert::detect_variant_format(&text)
                    == icn_adapters::convert::VariantFormat::Sjaak =>
            {
                return Ok(sjaak_at_fen(&origin, &text, name, fen));
            }
            (Some((origin, text)), name, Some(fen)) => {
                if !icn_adapters::fsf::looks_like_ini(&text) {
                    return Ok(Err(format!(
                        "error: --fen applies to Fairy-Stockfish and Sjaak variants; {origin} is neither"
                    )));
                }
                let Some(parent) = name.map(str::to_string).or_else(|| first_section(&text)) else {
                    return Ok(Err(format!(
                        "error: {origin}: no variant to take --fen for"
                    )));
                };
                let with_fen = format!("{text}\n{}", fen_section(&parent, fen));
                (origin, with_fen, fsf, Some(FEN_SECTION.to_string()))
            }
            (None, Some(name), fen) => {
                if icn_adapters::fsf::builtin::find(name).is_none() {
                    let known = icn_adapters::fsf::builtin::names().join(", ");
                    let why = match icn_rules::catalogue::find(name) {
                        Ok(_) => format!(
                            "--fen applies to Fairy-Stockfish variants, and `{name}` is a variant of the site's catalogue"
                        ),
                        Err(e) => {
                            format!("{e}; nor is it a Fairy-Stockfish built-in variant ({known})")
                        }
                    };
                    return Ok(Err(format!("error: {why}")));
                }
                let start = fen.as_deref().map_or_else(String::new, |f| f.to_string());
                let section = if start.is_empty() {
                    format!("[{FEN_SECTION}:{name}]\n")
                } else {
                    fen_section(name, &start)
                };
                let origin = format!("--variant {name}");
                (origin, section, fsf, Some(FEN_SECTION.to_string()))
            }
            (None, None, _) => {
                return Ok(Err(
                    "error: --fen needs the variant it is a position of: --variant NAME (and --variants FILE)"
                        .to_string(),
                ));
            }
        };
        Ok(
            match icn_adapters::convert::read_variant(&text, format, name.as_deref()) {
                Ok(read) => {
                    for w in &read.warnings {
                        eprintln!("warning: {origin}:{w}");
                    }
                    Ok((read.variant.position, read.variant.rules))
                }
                Err(e) => {
                    let said: Vec<String> = e.to_string().lines().map(own_words).collect();
                    Err(format!("error: {origin}: {}", said.join("\n")))
                }
            },
        )
    }
}

/// An error about the section written around `--fen` or a built-in name,
/// said without that section: its header (line 1) is the variant itself,
/// its `startFen` (line 2) is the `--fen` text.
fn own_words(error: &str) -> String {
    let Some(rest) = error.strip_prefix(&format!("{FEN_SECTION}: ")) else {
        return error.to_string();
    };
    if let Some(rest) = rest.strip_prefix("1:1: ") {
        return rest.to_string();
    }
    let prefix = "startFen = ".len();
    let fen_column = rest.strip_prefix("2:").and_then(|r| {
        let (col, after) = r.split_once(": ")?;
        let col: usize = col.parse().ok()?;
        let after = after.strip_prefix("`startFen`: ").unwrap_or(after);
        Some(format!(
            "--fen, column {}: {after}",
            col.saturating_sub(prefix)
        ))
    });
    fen_column.unwrap_or_else(|| rest.to_string())
}

/// A `variants.ini` section that inherits `parent` and starts from `fen`.
fn fen_section(parent: &str, fen: &str) -> String {
    format!("[{FEN_SECTION}:{parent}]\nstartFen = {}\n", fen.trim())
}

/// The variant `name` (else the first) of a Sjaak file, started from `fen`
/// written in its own FEN.
fn sjaak_at_fen(
    origin: &str,
    text: &str,
    name: Option<&str>,
    fen: &str,
) -> Result<(Position, RuleSet), String> {
    use icn_adapters::sjaak;
    let variants = sjaak::read_variants(text).map_err(|errors| {
        let said: Vec<String> = errors.iter().map(|e| format!("{origin}:{e}")).collect();
        format!("error: {}", said.join("\nerror: "))
    })?;
    let mut v = match name {
        Some(n) => sjaak::pick(&variants, n).map_err(|e| format!("error: {origin}: {e}"))?,
        None => variants
            .first()
            .ok_or_else(|| format!("error: {origin}: no variant"))?,
    }
    .clone();
    v.fen = Some(fen.trim().to_string());
    sjaak::to_variant(&v)
        .map(|v| (v.position, v.rules))
        .map_err(|refusals| {
            let said: Vec<String> = refusals.iter().map(ToString::to_string).collect();
            format!("error: {origin}: {}", said.join("; "))
        })
}

/// The first section of a `variants.ini` text.
fn first_section(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let name = l.trim().strip_prefix('[')?.strip_suffix(']')?;
        Some(name.split(':').next()?.to_string())
    })
}
