//! Move comments as the site reads them: every `[%name value]` command is
//! taken out of the text (a name of word characters, one space, a value of
//! anything but `]`); `clk` commands are clock stamps, the others are kept
//! apart; the text left is trimmed, with every run of blanks made one space.
//! A `[` that does not start such a command (`[%clk]`, `[x]`) stays text.

/// A comment split into its text, clock stamps and other commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommentParts<'a> {
    /// The text left, trimmed, runs of blanks made one.
    pub text: String,
    /// The values of the `clk` commands, in order (the last one counts).
    pub clocks: Vec<&'a str>,
    /// The other commands, as `%name value`, in order.
    pub commands: Vec<&'a str>,
}

/// Splits a comment's text (see the module docs).
///
/// ```
/// use icn_model::split_comment;
/// let parts = split_comment(" nice  [%clk 0:01:00.0] move [%eval 0.3] [x] ");
/// assert_eq!(parts.text, "nice move [x]");
/// // A command is cut out, as on the site: nothing takes its place.
/// assert_eq!(split_comment("a[%eval 1]b").text, "ab");
/// assert_eq!(parts.clocks, ["0:01:00.0"]);
/// assert_eq!(parts.commands, ["%eval 0.3"]);
/// ```
pub fn split_comment(text: &str) -> CommentParts<'_> {
    let mut parts = CommentParts::default();
    if !text.contains('[') {
        parts.text = one_spaced(text);
        return parts;
    }
    // Most comments are one clock stamp and nothing else: no text to build.
    let mut rest = String::new();
    let mut at = 0;
    while let Some(found) = text[at..].find('[') {
        let start = at + found;
        match command_at(&text[start..]) {
            Some((name, value, len)) => {
                if name == "clk" {
                    parts.clocks.push(value);
                } else {
                    parts.commands.push(&text[start + 1..start + len - 1]);
                }
                // Leading blanks are trimmed anyway: only text is kept.
                if !rest.is_empty() || !text[at..start].trim().is_empty() {
                    rest.push_str(&text[at..start]);
                }
                at = start + len;
            }
            None => {
                rest.push_str(&text[at..=start]);
                at = start + 1;
            }
        }
    }
    rest.push_str(&text[at..]);
    if !rest.trim().is_empty() {
        parts.text = one_spaced(&rest);
    }
    parts
}

/// Whether `text` holds a `[%name value]` command (which reading would take
/// out of a comment).
pub fn holds_command(text: &str) -> bool {
    text.match_indices('[')
        .any(|(i, _)| command_at(&text[i..]).is_some())
}

/// A command at the start of `text`: its name, its value and its length in
/// bytes.
fn command_at(text: &str) -> Option<(&str, &str, usize)> {
    let body = text.strip_prefix("[%")?;
    let name_len = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let after = body[name_len..].strip_prefix(' ')?;
    let value_len = after.find(']')?;
    if name_len == 0 || value_len == 0 {
        return None;
    }
    Some((
        &body[..name_len],
        &after[..value_len],
        2 + name_len + 1 + value_len + 1,
    ))
}

/// `text` trimmed, with every run of blanks made one space.
pub(crate) fn one_spaced(text: &str) -> String {
    let trimmed = text.trim();
    let plain = trimmed.is_ascii()
        && !trimmed
            .bytes()
            .any(|b| b.is_ascii_whitespace() && b != b' ')
        && !trimmed.as_bytes().windows(2).any(|w| w == b"  ");
    if plain {
        return trimmed.to_string();
    }
    trimmed.split_whitespace().collect::<Vec<_>>().join(" ")
}
