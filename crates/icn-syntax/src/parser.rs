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

/// Rejects texts whose brackets nest deeper than [`MAX_NESTING`].
pub(crate) fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::new(
                        Span::new(i, i + 1),
                        format!("brackets nest deeper than {MAX_NESTING} levels"),
                    ));
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
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
        Rule::tag_value => "a tag value",
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
        Rule::ws | Rule::ows | Rule::field_end => "a blank",
        Rule::field => "a header field",
        Rule::piece_code_text => "a piece code",
        Rule::movetext_item => "a move",
        Rule::coord_text => "a square `x,y`",
        Rule::int_text => "an integer",
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
