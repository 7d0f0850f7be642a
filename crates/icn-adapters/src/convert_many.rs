//! Every variant of a definition file at once: [`read_all`] and
//! [`convert_all`], what `icn variant convert` does without `--name`.
//!
//! How each format holds several variants (what [`convert_all`] writes and
//! [`read_all`] reads):
//!
//! * `sjaak`: one `variants.txt`, a `Variant:` block each (Sjaak → Sjaak
//!   copies every definition that reads, whether or not it reaches the rule
//!   objects).
//! * `fsf`: one `variants.ini`, a section each, named from the variant's code
//!   (lowercase, `-` for other characters; `-2`, `-3`… when two would share a
//!   name).
//! * `json`: one JSON array of `{"name", "rules", "position"}` objects.
//! * `icn`: one ICN game per line, each with the variant's name as its
//!   `[Variant "…"]` tag (the `--lines` convention of `icn convert`); a text
//!   that reads as one ICN document is one variant.
//! * `fbr`: one document per variant, each opened by a comment line
//!   `// variant: NAME` and followed by its notes (`// not expressible in
//!   FBR, left out: …`); text before the first such line is a variant of its
//!   own. FBR holds no start position.
//!
//! A file of one variant converts exactly as [`crate::convert::convert_variant_reporting`]
//! does. A variant that cannot be read or written is reported in
//! [`Item::error`] with its reasons and left out; the others go on.

use std::collections::HashSet;

use icn_rules::Variant;

use crate::convert::{
    ConvertError, ReadVariant, VariantFormat, converted_text, detect_variant_format, fail,
    fbr_text, icn_text, json_value_variant, read, variant_json,
};
use crate::sjaak;

/// A variant's name and what reading it gave.
pub type Entry = (String, Result<ReadVariant, ConvertError>);

/// The comment line that opens a variant in a many-variant FBR text.
pub const FBR_VARIANT_MARK: &str = "// variant:";

/// Every variant of a definition file, in file order, each read to the rule
/// objects or with the reasons it was not.
///
/// # Errors
/// An empty input, or a file whose variants cannot be told apart (JSON that
/// does not parse, stray lines outside any Sjaak variant or `variants.ini`
/// section).
///
/// ```
/// use icn_adapters::convert_many::read_all;
/// let two = "// variant: a\nroyal{Kk}\n// variant: b\nroyal{Kk}=expose\n";
/// let all = read_all(two, None).unwrap();
/// assert_eq!(all.len(), 2);
/// assert_eq!(all[1].0, "b");
/// ```
pub fn read_all(text: &str, from: Option<VariantFormat>) -> Result<Vec<Entry>, ConvertError> {
    if icn_syntax::strip_bom(text).trim().is_empty() {
        return fail(["the input is empty: it holds no variant definition"]);
    }
    let from = from.unwrap_or_else(|| detect_variant_format(text));
    Ok(match from {
        VariantFormat::Sjaak => {
            let file = sjaak::read_file(text);
            if !file.stray.is_empty() {
                return fail(&file.stray);
            }
            file.variants
                .into_iter()
                .map(|v| {
                    let warnings = v.warnings.iter().map(ToString::to_string).collect();
                    let read = v
                        .result
                        .or_else(fail)
                        .and_then(|sv| sjaak::to_variant(&sv).or_else(fail))
                        .map(|variant| ReadVariant { variant, warnings });
                    (v.name, read)
                })
                .collect()
        }
        VariantFormat::Fsf => {
            let file = crate::fsf::read_file(text);
            if !file.stray.is_empty() {
                return fail(&file.stray);
            }
            if file.sections.is_empty() {
                return fail([
                    "the input holds no `[name]` section: it holds no variant definition",
                ]);
            }
            file.sections
                .into_iter()
                .map(|s| {
                    let warnings = s.warnings.iter().map(ToString::to_string).collect();
                    let read = s
                        .result
                        .or_else(fail)
                        .and_then(|r| crate::fsf::to_variant(&r).or_else(fail))
                        .map(|variant| ReadVariant { variant, warnings });
                    (s.name, read)
                })
                .collect()
        }
        VariantFormat::Json => {
            let body = text.strip_prefix('\u{feff}').unwrap_or(text);
            let value: serde_json::Value =
                serde_json::from_str(body).or_else(|e| fail([format!("invalid JSON: {e}")]))?;
            match value.as_array() {
                Some(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        let fallback = format!("variant {}", i + 1);
                        let name = item
                            .get("name")
                            .and_then(serde_json::Value::as_str)
                            .unwrap_or(&fallback)
                            .to_string();
                        let read = json_value_variant(item, Some(&name)).map(plain);
                        (name, read)
                    })
                    .collect(),
                None => vec![one(text, from)],
            }
        }
        VariantFormat::Icn => match read(text, from, None) {
            Ok(r) => vec![(r.variant.name.clone(), Ok(r))],
            Err(whole) => {
                let lines: Vec<(usize, &str)> = text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !l.trim().is_empty())
                    .collect();
                if lines.len() < 2 {
                    return Ok(vec![("icn definition".to_string(), Err(whole))]);
                }
                lines
                    .into_iter()
                    .map(|(i, line)| {
                        let read = read(line, from, None).map_err(|e| ConvertError {
                            messages: e
                                .messages
                                .into_iter()
                                .map(|m| format!("line {}: {m}", i + 1))
                                .collect(),
                        });
                        let name = read
                            .as_ref()
                            .map_or_else(|_| format!("line {}", i + 1), |r| r.variant.name.clone());
                        (name, read)
                    })
                    .collect()
            }
        },
        VariantFormat::Fbr => fbr_documents(text)
            .into_iter()
            .map(|(name, start, end)| {
                let name = name.unwrap_or_else(|| "FBR rules".to_string());
                if !holds_rules(&text[start..end]) {
                    let e = ConvertError {
                        messages: vec![format!("variant `{name}` holds no FBR rules")],
                    };
                    return (name, Err(e));
                }
                let read = icn_rules::fbr::parse(&text[start..end])
                    .map(|rules| {
                        plain(Variant::named(
                            name.clone(),
                            rules,
                            icn_model::Position::default(),
                        ))
                    })
                    .map_err(|mut e| {
                        for d in &mut e.diagnostics {
                            d.span =
                                icn_syntax::Span::new(d.span.start + start, d.span.end + start);
                        }
                        ConvertError {
                            messages: vec![e.render("input", text)],
                        }
                    });
                (name, read)
            })
            .collect(),
    })
}

fn plain(variant: Variant) -> ReadVariant {
    ReadVariant {
        variant,
        warnings: Vec::new(),
    }
}

fn one(text: &str, from: VariantFormat) -> Entry {
    match read(text, from, None) {
        Ok(r) => (r.variant.name.clone(), Ok(r)),
        Err(e) => (format!("{from:?} definition").to_lowercase(), Err(e)),
    }
}

/// The FBR documents of a text: each with its name (from a
/// [`FBR_VARIANT_MARK`] line) and its byte range. Text before the first mark
/// is a document of its own when it holds more than blanks and comments.
fn fbr_documents(text: &str) -> Vec<(Option<String>, usize, usize)> {
    let mut docs: Vec<(Option<String>, usize, usize)> = vec![(None, 0, text.len())];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(name) = line.trim_start().strip_prefix(FBR_VARIANT_MARK) {
            if let Some(last) = docs.last_mut() {
                last.2 = at;
            }
            docs.push((Some(name.trim().to_string()), at + line.len(), text.len()));
        }
        at += line.len();
    }
    if docs.len() > 1 && !holds_rules(&text[docs[0].1..docs[0].2]) {
        docs.remove(0);
    }
    docs
}

/// Whether an FBR text holds more than blanks and comments.
fn holds_rules(text: &str) -> bool {
    text.lines()
        .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
}

/// One variant of a many-variant conversion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Item {
    /// Its name in the input.
    pub name: String,
    /// As [`ReadVariant::warnings`].
    pub warnings: Vec<String>,
    /// What the target leaves out (FBR), as [`crate::convert::Converted::lost`].
    pub lost: Vec<String>,
    /// Why it was not converted (reading or writing), when it was not.
    pub error: Option<Vec<String>>,
}

/// The output of [`convert_all`]: one text with every variant that
/// converted, and one item per variant of the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConvertedAll {
    /// The variants in the target format (see the module docs).
    pub text: String,
    /// Every variant of the input, in order.
    pub items: Vec<Item>,
}

impl ConvertedAll {
    /// How many variants did not convert.
    pub fn failed(&self) -> usize {
        self.items.iter().filter(|i| i.error.is_some()).count()
    }
}

/// Converts every variant of a definition file (see the module docs).
///
/// # Errors
/// As [`read_all`]: only when the file as a whole cannot be read; a variant
/// that does not convert is an [`Item::error`].
///
/// ```
/// use icn_adapters::convert::VariantFormat::{Fbr, Json};
/// use icn_adapters::convert_many::convert_all;
/// let two = "// variant: a\nroyal{Kk}\n// variant: b\nroyal{Kk}=expose atomic\n";
/// let out = convert_all(two, Some(Fbr), Json).unwrap();
/// assert_eq!(out.failed(), 1);
/// let json: serde_json::Value = serde_json::from_str(&out.text).unwrap();
/// assert_eq!(json[0]["name"], "a");
/// ```
pub fn convert_all(
    text: &str,
    from: Option<VariantFormat>,
    to: VariantFormat,
) -> Result<ConvertedAll, ConvertError> {
    let from = from.unwrap_or_else(|| detect_variant_format(text));
    if from == VariantFormat::Sjaak && to == VariantFormat::Sjaak {
        return copy_sjaak(text);
    }
    let entries = read_all(text, Some(from))?;
    let mut items = Vec::new();
    let mut read_ok = Vec::new();
    for (name, read) in entries {
        let mut item = Item {
            name,
            ..Item::default()
        };
        match read {
            Ok(r) => {
                item.warnings = r.warnings;
                read_ok.push((items.len(), r.variant));
            }
            Err(e) => item.error = Some(e.messages),
        }
        items.push(item);
    }
    let single = items.len() == 1;
    let mut parts: Vec<String> = Vec::new();
    let mut sjaak_out = Vec::new();
    let mut json_out = Vec::new();
    let mut section_names: HashSet<String> = HashSet::new();
    for (i, v) in read_ok {
        let written: Result<(String, Vec<String>), ConvertError> = if single {
            converted_text(&v, to)
        } else {
            match to {
                VariantFormat::Sjaak => sjaak::from_variant(&v)
                    .or_else(fail)
                    .map(|s| sjaak_out.push(s))
                    .map(|()| (String::new(), Vec::new())),
                VariantFormat::Json => variant_json(&v)
                    .map(|j| json_out.push(j))
                    .map(|()| (String::new(), Vec::new())),
                VariantFormat::Fsf => {
                    let name = unique_section_name(&v, &mut section_names);
                    crate::fsf::write_section_lossy(&v, &name)
                        .or_else(fail)
                        .map(|(s, lost)| (s + "\n", lost))
                }
                VariantFormat::Icn => icn_text(&v, true).map(|s| (s + "\n", Vec::new())),
                VariantFormat::Fbr => {
                    let (body, lost) = fbr_text(&v);
                    Ok((format!("{FBR_VARIANT_MARK} {}\n{body}", v.name), lost))
                }
            }
        };
        match written {
            Ok((t, lost)) => {
                parts.push(t);
                items[i].lost = lost;
            }
            Err(e) => items[i].error = Some(e.messages),
        }
    }
    let text = if single {
        parts.concat()
    } else {
        match to {
            VariantFormat::Sjaak => sjaak::write_file(&sjaak_out),
            VariantFormat::Json => {
                let mut s = serde_json::to_string_pretty(&serde_json::Value::Array(json_out))
                    .unwrap_or_default();
                s.push('\n');
                s
            }
            VariantFormat::Fbr => parts.join("\n"),
            VariantFormat::Fsf | VariantFormat::Icn => parts.concat(),
        }
    };
    Ok(ConvertedAll { text, items })
}

/// A section name for `v` not yet in `taken` (which it joins).
fn unique_section_name(v: &Variant, taken: &mut HashSet<String>) -> String {
    let base = crate::fsf::section_name(v);
    let mut name = base.clone();
    let mut n = 1;
    while taken.contains(&name) {
        n += 1;
        name = format!("{base}-{n}");
    }
    taken.insert(name.clone());
    name
}

/// Sjaak → Sjaak: every definition that reads, written again.
fn copy_sjaak(text: &str) -> Result<ConvertedAll, ConvertError> {
    if icn_syntax::strip_bom(text).trim().is_empty() {
        return fail(["the input is empty: it holds no variant definition"]);
    }
    let file = sjaak::read_file(text);
    if !file.stray.is_empty() {
        return fail(&file.stray);
    }
    let mut out = Vec::new();
    let mut items = Vec::new();
    for v in file.variants {
        let mut item = Item {
            name: v.name,
            warnings: v.warnings.iter().map(ToString::to_string).collect(),
            ..Item::default()
        };
        match v.result {
            Ok(sv) => out.push(sv),
            Err(e) => item.error = Some(e.iter().map(ToString::to_string).collect()),
        }
        items.push(item);
    }
    Ok(ConvertedAll {
        text: sjaak::write_file(&out),
        items,
    })
}
