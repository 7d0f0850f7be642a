//! The pest parser generated from `grammar.pest`, and the translation of
//! pest's errors into [`Diagnostic`]s that name what was expected in words
//! ("a square `x,y`", "`|`") and what was found.

use pest::error::{ErrorVariant, InputLocation};
use pest_derive::Parser;

use crate::span::describe_found;
use crate::{Diagnostic, Span};

pub use generated::{IcnParser, Rule};

#[allow(missing_docs)] // pest generates the `Rule` enum from the documented grammar
mod generated {
    use super::Parser;

    /// The generated parser. Prefer [`crate::parse`], which also builds the tree.
    #[derive(Parser)]
    #[grammar = "grammar.pest"]
    pub struct IcnParser;
}

/// Deepest nesting of `{` and `[` the parser accepts. JSON properties are
/// parsed recursively; this bound keeps any input from exhausting the stack.
pub const MAX_NESTING: usize = 64;

/// Rejects texts whose JSON nests deeper than [`MAX_NESTING`].
///
/// Only JSON is parsed recursively, so only JSON is measured: a `{` followed
/// (after blanks) by `"` opens a JSON region, tracked to its matching `}`
/// with strings skipped; any other `{` is a comment and is skipped to its
/// `}`; quoted strings (metadata values) are skipped too.
pub(crate) fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    let b = text.as_bytes();
    let skip_string = |mut i: usize| -> usize {
        // `i` is just past the opening quote; returns just past the closing one.
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                b'"' => return i + 1,
                _ => i += 1,
            }
        }
        b.len()
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = skip_string(i + 1),
            b'{' => {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    i = b[i..]
                        .iter()
                        .position(|&c| c == b'}')
                        .map_or(b.len(), |n| i + n + 1);
                    continue;
                }
                let mut depth = 0usize;
                let mut k = i;
                while k < b.len() {
                    match b[k] {
                        b'"' => {
                            k = skip_string(k + 1);
                            continue;
                        }
                        b'{' | b'[' => {
                            depth += 1;
                            if depth > MAX_NESTING {
                                return Err(Diagnostic::new(
                                    Span::new(k, k + 1),
                                    format!("JSON nests deeper than {MAX_NESTING} levels"),
                                ));
                            }
                        }
                        b'}' | b']' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                k += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                i = k;
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// Words for a grammar rule in "expected ..." messages.
pub(crate) fn describe_rule(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::document => "an ICN document",
        Rule::metadata => "a metadata tag `[Name \"Value\"]`",
        Rule::tag_name => "a tag name",
        Rule::tag_value | Rule::raw_tag_value => "a tag value",
        Rule::turn_order | Rule::player_letter => "a turn order such as `w` or `w:b`",
        Rule::en_passant => "an en passant square",
        Rule::move_rule => "a move rule `N/M`",
        Rule::fullmove => "a fullmove number",
        Rule::promotions => "promotions `(8|1)`",
        Rule::promotion_segment | Rule::rank_list => "a promotion rank",
        Rule::piece_code_list | Rule::piece_code | Rule::move_piece => "a piece code",
        Rule::world_border | Rule::border_side | Rule::open_side => {
            "a world border side (an integer or `_`)"
        }
        Rule::win_conditions | Rule::win_list | Rule::win_condition => "a win condition",
        Rule::properties | Rule::json_object => "a JSON object",
        Rule::squares => "`Squares:`",
        Rule::rays => "`Rays:`",
        Rule::ray => "a ray `x,y>dx,dy`",
        Rule::piece_list | Rule::piece => "a piece such as `K3,4`",
        Rule::movetext | Rule::game_move => "a move such as `4,2>4,4`",
        Rule::sanlike_move | Rule::sanlike_text | Rule::sanlike_squares => {
            "a SAN-like move such as `N3,4`"
        }
        Rule::sanlike_code => "a piece code in capitals",
        Rule::bad_sanlike | Rule::bad_move => "a SAN-like move such as `N3,4`",
        Rule::sanlike_from => "a start column, row or square",
        Rule::move_number => "a move number",
        Rule::ellipsis => "`...`",
        Rule::move_from | Rule::move_to | Rule::coord => "a square `x,y`",
        Rule::move_kind => "`>` or `x`",
        Rule::promotion | Rule::promotion_letters => "a promotion piece",
        Rule::check_mark => "`+` or `#`",
        Rule::glyph => "`!` or `?`",
        Rule::comment | Rule::comment_text => "a comment `{...}`",
        Rule::int => "an integer",
        Rule::json_member => "a JSON member `\"key\": value`",
        Rule::json_value => "a JSON value",
        Rule::json_array => "a JSON array",
        Rule::json_string => "a JSON string",
        Rule::json_number => "a JSON number",
        Rule::ws | Rule::ows | Rule::field_end | Rule::blank => "a blank",
        Rule::bom => "a byte-order mark",
        Rule::field => "a header field",
        Rule::piece_code_text => "a piece code",
        Rule::movetext_item => "a move",
        Rule::coord_text => "a square `x,y`",
        Rule::int_text => "an integer",
        Rule::bad_metadata => "a metadata tag `[Name \"Value\"]`",
        Rule::bad_properties => "a JSON object",
        Rule::unclosed_comment => "a comment `{...}`",
        Rule::bad_group => "promotions or win conditions",
        Rule::bad_piece => "a piece such as `K3,4`",
    }
}

/// Turns a pest error into a diagnostic: "expected A, B or C, found `x`".
pub(crate) fn diagnostic_from_pest(text: &str, err: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let message = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = Vec::new();
            for rule in positives {
                let w = describe_rule(*rule);
                if !words.contains(&w) {
                    words.push(w);
                }
            }
            let expected = match words.len() {
                0 => "something else".to_string(),
                1 => words[0].to_string(),
                n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
            };
            format!("expected {expected}, found {}", describe_found(text, pos))
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = text[pos.min(text.len())..]
        .chars()
        .next()
        .map_or(pos, |c| pos + c.len_utf8());
    Diagnostic::new(Span::new(pos, end), message)
}
