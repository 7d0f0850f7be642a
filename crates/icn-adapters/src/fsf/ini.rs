//! The text layer of `variants.ini`: sections and `key = value` lines, each
//! with its line and column, nothing interpreted yet.
//!
//! Accepted, as Fairy-Stockfish reads it: anything before the first line
//! that starts with `[` (the file's preamble); a header `[name]` or
//! `[name:parent]` (text after the `]` ignored); inside a section, blank
//! lines, comments (lines starting with `#` or `;`) and `key = value` lines
//! (spaces around both trimmed; a `\r` before the line end dropped). A key
//! given twice in one section: the later line stands, as there, and the
//! reader says so with a warning.
//!
//! Refused, with line and column: a header without `]`, an empty name or
//! parent, a line without `=`, and an empty key.

use super::FsfError;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The option name as written (trimmed).
    pub key: String,
    /// The value as written (trimmed).
    pub value: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the value (of the key when the value is empty).
    pub col: usize,
}

/// One section: `[name]` or `[name:parent]` and its settings in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from.
    pub parent: Option<String>,
    /// 1-based line of the header.
    pub line: usize,
    /// The settings, in order; a key given twice appears twice.
    pub settings: Vec<Setting>,
    /// Lines of this section that could not be read.
    pub errors: Vec<FsfError>,
    /// Lines read as Fairy-Stockfish reads them, with a note.
    pub warnings: Vec<FsfError>,
}

impl Section {
    /// The setting of `key` that stands (the last one written).
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.settings.iter().rev().find(|s| s.key == key)
    }
}

/// Every section of a `variants.ini` text, and the errors of lines that
/// belong to no section.
///
/// ```
/// use icn_adapters::fsf::ini::sections;
/// let (s, errors) = sections("# preamble\n[mini:chess]\nmaxRank = 6\n\n[x]\nbad line\n");
/// assert!(errors.is_empty());
/// assert_eq!(s[0].name, "mini");
/// assert_eq!(s[0].parent.as_deref(), Some("chess"));
/// assert_eq!((s[0].settings[0].line, s[0].settings[0].col), (3, 11));
/// assert_eq!(s[1].errors[0].line, 6);
/// ```
pub fn sections(text: &str) -> (Vec<Section>, Vec<FsfError>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out: Vec<Section> = Vec::new();
    let mut stray = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if l.starts_with('[') {
            match header(l, line) {
                Ok((name, parent)) => out.push(Section {
                    name,
                    parent,
                    line,
                    settings: Vec::new(),
                    errors: Vec::new(),
                    warnings: Vec::new(),
                }),
                Err(e) => stray.push(e),
            }
            continue;
        }
        if l.trim().is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        let Some(section) = out.last_mut() else {
            stray.push(FsfError::at(
                line,
                1,
                format!(
                    "`{}`: text before the first section (expected a comment or a `[name]` header)",
                    icn_syntax::Excerpt(l.trim())
                ),
            ));
            continue;
        };
        match setting(l, line) {
            Ok(s) => {
                if let Some(old) = section.get(&s.key) {
                    section.warnings.push(FsfError::at(
                        line,
                        1,
                        format!(
                            "option `{}` is given again (first at line {}); this line stands, as Fairy-Stockfish reads it",
                            s.key, old.line
                        ),
                    ));
                }
                section.settings.push(s);
            }
            Err(e) => section.errors.push(e),
        }
    }
    (out, stray)
}

fn header(l: &str, line: usize) -> Result<(String, Option<String>), FsfError> {
    let Some(end) = l.find(']') else {
        return Err(FsfError::at(
            line,
            l.len() + 1,
            "expected `]` to close the section header",
        ));
    };
    let inner = &l[1..end];
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (inner, None),
    };
    if name.is_empty() {
        return Err(FsfError::at(line, 2, "expected a variant name after `[`"));
    }
    if parent.is_some_and(str::is_empty) {
        return Err(FsfError::at(
            line,
            name.len() + 3,
            "expected the parent variant's name after `:`",
        ));
    }
    Ok((name.to_string(), parent.map(str::to_string)))
}

fn setting(l: &str, line: usize) -> Result<Setting, FsfError> {
    let Some(eq) = l.find('=') else {
        let col = l.len() - l.trim_start().len() + 1;
        return Err(FsfError::at(
            line,
            col,
            format!("expected `key = value`, found `{}`", l.trim()),
        ));
    };
    let key = l[..eq].trim();
    if key.is_empty() {
        return Err(FsfError::at(
            line,
            eq + 1,
            "expected an option name before `=`",
        ));
    }
    let rest = &l[eq + 1..];
    let value = rest.trim();
    let col = if value.is_empty() {
        l.len() - l.trim_start().len() + 1
    } else {
        eq + 2 + (rest.len() - rest.trim_start().len())
    };
    Ok(Setting {
        key: key.to_string(),
        value: value.to_string(),
        line,
        col,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_settings_keep_their_places() {
        let (s, stray) = sections("[a]\r\n  pawn =  p \n; c\n# c\n[b:a]\nx=1\nx=2\n[bad\n[:p]\n");
        assert_eq!(stray.len(), 2);
        assert_eq!(stray[0].line, 8);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].settings[0].key, "pawn");
        assert_eq!(s[0].settings[0].value, "p");
        assert_eq!(s[0].settings[0].col, 11);
        assert_eq!(s[1].get("x").map(|x| x.value.as_str()), Some("2"));
        assert_eq!(s[1].warnings.len(), 1);
    }

    #[test]
    fn bad_lines_are_errors_of_their_section() {
        let (s, _) = sections("[a]\nnothing here\n = 3\n");
        assert_eq!(s[0].errors.len(), 2);
        assert!(s[0].errors[0].message.contains("expected `key = value`"));
        assert_eq!((s[0].errors[1].line, s[0].errors[1].col), (3, 2));
    }
}
