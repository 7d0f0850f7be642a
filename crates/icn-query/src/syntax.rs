//! The syntax tree of a query, built from pest's pairs by one small function
//! per grammar rule (`query.pest`). Every node keeps its span in the query
//! text. Accepted: what the grammar accepts; a syntax error names what was
//! expected at the first place the text cannot be read (in words, not rule
//! names). Names, types and constants are checked later ([`crate::plan`]).

use icn_syntax::Span;
use pest::Parser as _;
use pest::iterators::Pair;

use crate::QueryError;
pub use crate::squares::Range;

/// The pest parser (its generated `Rule` has no docs of its own: the
/// grammar's `///` comments are the docs).
mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "query.pest"]
    pub(super) struct QueryParser;
}
use grammar::{QueryParser, Rule};

/// A node of the syntax tree with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// A piece letter of a designator, or an ICN code (`'AM'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceToken {
    /// `K`, `a`, `_`, …
    Letter(char),
    /// The code between the quotes of `'AM'`.
    Code(String),
}

/// The squares of a designator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareSpec {
    /// A rectangle of coordinates (algebraic squares become coordinates).
    Rect(Range, Range),
    /// `.`: every square.
    Every,
    /// `[]`: none.
    Nothing,
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `or`.
    Or,
    /// `and`.
    And,
    /// A comparison.
    Cmp(CmpOp),
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `|`.
    Union,
    /// `&`.
    Inter,
    /// `attackedby`.
    AttackedBy,
    /// `attacks`.
    Attacks,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `not`.
    Not,
    /// `-`.
    Neg,
    /// `#`.
    Count,
    /// `~`.
    Complement,
}

/// A filter taking one set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetFilter {
    /// `type`.
    Type,
    /// `colortype`.
    ColorType,
    /// `power`.
    Power,
}

/// A transform's name (`shift` with its vectors is [`ExprKind::Shift`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransformName {
    /// `flipcolor`.
    FlipColor,
    /// `reversecolor`.
    ReverseColor,
    /// `flip`.
    Flip,
    /// `flipvertical`.
    FlipVertical,
    /// `fliphorizontal`.
    FlipHorizontal,
    /// `rotate90`.
    Rotate90,
    /// `shifthorizontal`.
    ShiftHorizontal,
    /// `shiftvertical`.
    ShiftVertical,
}

/// What a node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A whole number.
    Number(i64),
    /// A string literal, without its quotes.
    Str(String),
    /// A filter without operands, by its keyword (`check`, `ply`, …).
    Nullary(&'static str),
    /// Pieces (none: any square) on squares.
    Designator(Vec<PieceToken>, SquareSpec),
    /// A variable.
    Var(String),
    /// `{ … }`.
    Block(Vec<Expr>),
    /// `name = value`.
    Assign(String, Box<Expr>),
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `type x`, `colortype x`, `power x`.
    SetFilter(SetFilter, Box<Expr>),
    /// `fen`, or `fen "placement"`.
    Fen(Option<String>),
    /// A transform of a filter.
    Transform(TransformName, Box<Expr>),
    /// `shift [dx, dy] x` (ranges allowed); without vectors, `shift x`.
    Shift(Option<(Range, Range)>, Box<Expr>),
    /// `square [all] name in set { … }`.
    SquareLoop {
        /// `square all`: the body must match for every square.
        all: bool,
        /// The variable.
        var: String,
        /// The squares.
        set: Box<Expr>,
        /// The block.
        body: Box<Expr>,
    },
}

/// Reads a whole query: the list of its top-level filters.
///
/// # Errors
/// The first syntax error, or a coordinate that is not a 64-bit number.
pub fn parse(text: &str) -> Result<Vec<Expr>, QueryError> {
    let mut pairs = QueryParser::parse(Rule::query, text).map_err(syntax_error)?;
    let query = pairs.next().expect("the query rule matched");
    query
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(statement)
        .collect()
}

fn span_of(p: &Pair<'_, Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// What a rule is called in messages.
fn rule_words(r: &Rule) -> &'static str {
    match r {
        Rule::EOI => "the end of the query",
        Rule::cmp_op => "a comparison",
        Rule::add_op | Rule::mul_op => "an operator",
        Rule::attack_op => "`attackedby` or `attacks`",
        Rule::kw_or => "`or`",
        Rule::kw_and => "`and`",
        Rule::kw_in => "`in`",
        Rule::kw_by => "`by`",
        Rule::block => "a block `{ … }`",
        Rule::ident => "a variable name",
        Rule::range | Rule::int => "a coordinate or a range `lo..hi`",
        Rule::string => "a string",
        Rule::statement | Rule::primary | Rule::unary_op | Rule::compl_op | Rule::kw_not => {
            "a filter"
        }
        _ => "a filter",
    }
}

fn syntax_error(e: pest::error::Error<Rule>) -> QueryError {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(rule_words).collect();
            words.sort_unstable();
            words.dedup();
            match words.len() {
                0 => "unexpected text".to_string(),
                1 => format!("expected {}", words[0]),
                n => format!("expected {} or {}", words[..n - 1].join(", "), words[n - 1]),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    QueryError::new(Span::new(at, at + 1), message)
}

fn boxed(p: Pair<'_, Rule>) -> Result<Box<Expr>, QueryError> {
    expr(p).map(Box::new)
}

fn statement(p: Pair<'_, Rule>) -> Result<Expr, QueryError> {
    if p.as_rule() == Rule::assignment {
        let span = span_of(&p);
        let mut it = p.into_inner();
        let name = it.next().expect("a name").as_str().to_string();
        let value = boxed(it.next().expect("a value"))?;
        return Ok(Expr {
            kind: ExprKind::Assign(name, value),
            span,
        });
    }
    expr(p)
}

/// Folds `x op y op z` left to right.
fn left_assoc(
    p: Pair<'_, Rule>,
    op: impl Fn(&Pair<'_, Rule>) -> Option<BinOp>,
) -> Result<Expr, QueryError> {
    let mut it = p.into_inner();
    let mut acc = expr(it.next().expect("an operand"))?;
    while let Some(o) = it.next() {
        let bin = op(&o).expect("the grammar puts an operator between operands");
        let rhs = expr(it.next().expect("an operand after the operator"))?;
        let span = Span::new(acc.span.start, rhs.span.end);
        acc = Expr {
            kind: ExprKind::Binary(bin, Box::new(acc), Box::new(rhs)),
            span,
        };
    }
    Ok(acc)
}

fn cmp_op(s: &str) -> CmpOp {
    match s {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        _ => CmpOp::Ge,
    }
}

/// Prefix operators in front of an operand, innermost last.
fn prefixed(p: Pair<'_, Rule>, op: impl Fn(&str) -> UnOp) -> Result<Expr, QueryError> {
    let span = span_of(&p);
    let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
    let (operand, ops) = parts.split_last().expect("an operand");
    let mut acc = expr(operand.clone())?;
    for o in ops.iter().rev() {
        acc = Expr {
            kind: ExprKind::Unary(op(o.as_str()), Box::new(acc)),
            span: Span::new(o.as_span().start(), span.end),
        };
    }
    Ok(acc)
}

fn expr(p: Pair<'_, Rule>) -> Result<Expr, QueryError> {
    let span = span_of(&p);
    let kind = match p.as_rule() {
        Rule::or_expr => {
            return left_assoc(p, |o| (o.as_rule() == Rule::kw_or).then_some(BinOp::Or));
        }
        Rule::and_expr => {
            return left_assoc(p, |o| (o.as_rule() == Rule::kw_and).then_some(BinOp::And));
        }
        Rule::not_expr => return prefixed(p, |_| UnOp::Not),
        Rule::cmp_expr => {
            return left_assoc(p, |o| {
                (o.as_rule() == Rule::cmp_op).then(|| BinOp::Cmp(cmp_op(o.as_str())))
            });
        }
        Rule::sum_expr => {
            return left_assoc(p, |o| {
                (o.as_rule() == Rule::add_op).then(|| {
                    if o.as_str() == "+" {
                        BinOp::Add
                    } else {
                        BinOp::Sub
                    }
                })
            });
        }
        Rule::prod_expr => {
            return left_assoc(p, |o| {
                (o.as_rule() == Rule::mul_op).then(|| match o.as_str() {
                    "*" => BinOp::Mul,
                    "/" => BinOp::Div,
                    _ => BinOp::Rem,
                })
            });
        }
        Rule::unary_expr => {
            return prefixed(p, |s| if s == "#" { UnOp::Count } else { UnOp::Neg });
        }
        Rule::union_expr => return implicit_ops(p, BinOp::Union),
        Rule::inter_expr => return implicit_ops(p, BinOp::Inter),
        Rule::compl_expr => return prefixed(p, |_| UnOp::Complement),
        Rule::attack_expr => {
            return left_assoc(p, |o| {
                (o.as_rule() == Rule::attack_op).then(|| {
                    if o.as_str().starts_with("attacks") {
                        BinOp::Attacks
                    } else {
                        BinOp::AttackedBy
                    }
                })
            });
        }
        Rule::paren => return expr(p.into_inner().next().expect("an expression")),
        Rule::block => ExprKind::Block(p.into_inner().map(statement).collect::<Result<_, _>>()?),
        Rule::number => ExprKind::Number(
            p.as_str()
                .parse()
                .map_err(|_| QueryError::new(span, "expected a number of at most 18 digits"))?,
        ),
        Rule::string => {
            let s = p.as_str();
            ExprKind::Str(s[1..s.len() - 1].to_string())
        }
        Rule::nullary => ExprKind::Nullary(nullary_name(p.as_str())),
        Rule::ident => ExprKind::Var(p.as_str().to_string()),
        Rule::designator => designator(p)?,
        Rule::fen_filter => ExprKind::Fen(p.into_inner().nth(1).map(|s| {
            let s = s.as_str();
            s[1..s.len() - 1].to_string()
        })),
        Rule::prefix_filter => {
            let mut it = p.into_inner();
            let name = match it.next().expect("a keyword").as_str() {
                "type" => SetFilter::Type,
                "colortype" => SetFilter::ColorType,
                _ => SetFilter::Power,
            };
            ExprKind::SetFilter(name, boxed(it.next().expect("an operand"))?)
        }
        Rule::transform => {
            let mut it = p.into_inner();
            let name = match it.next().expect("a keyword").as_str() {
                "flipcolor" => TransformName::FlipColor,
                "reversecolor" => TransformName::ReverseColor,
                "flip" => TransformName::Flip,
                "flipvertical" => TransformName::FlipVertical,
                "fliphorizontal" => TransformName::FlipHorizontal,
                "rotate90" => TransformName::Rotate90,
                "shifthorizontal" => TransformName::ShiftHorizontal,
                _ => TransformName::ShiftVertical,
            };
            ExprKind::Transform(name, boxed(it.next().expect("an operand"))?)
        }
        Rule::shift => {
            let mut it = p.into_inner().skip(1).peekable();
            let vectors = match it.peek() {
                Some(v) if v.as_rule() == Rule::coord_range => {
                    Some(coord_range(it.next().expect("vectors"))?)
                }
                _ => None,
            };
            ExprKind::Shift(vectors, boxed(it.next().expect("an operand"))?)
        }
        Rule::square_loop => {
            let mut it = p.into_inner().skip(1).peekable();
            let all = it.peek().is_some_and(|q| q.as_rule() == Rule::kw_all);
            if all {
                it.next();
            }
            let var = it.next().expect("a name").as_str().to_string();
            let set = boxed(it.nth(1).expect("a set"))?;
            let body = boxed(it.next().expect("a block"))?;
            ExprKind::SquareLoop {
                all,
                var,
                set,
                body,
            }
        }
        r => unreachable!("rule {r:?} is not an expression"),
    };
    Ok(Expr { kind, span })
}

/// `x | y | z` and `x & y`: the operator has no pair of its own.
fn implicit_ops(p: Pair<'_, Rule>, op: BinOp) -> Result<Expr, QueryError> {
    let mut it = p.into_inner();
    let mut acc = expr(it.next().expect("an operand"))?;
    for rhs in it {
        let rhs = expr(rhs)?;
        let span = Span::new(acc.span.start, rhs.span.end);
        acc = Expr {
            kind: ExprKind::Binary(op, Box::new(acc), Box::new(rhs)),
            span,
        };
    }
    Ok(acc)
}

/// The keyword of a nullary filter, as a static string.
fn nullary_name(s: &str) -> &'static str {
    const NAMES: [&str; 23] = [
        "check",
        "mate",
        "stalemate",
        "btm",
        "wtm",
        "sidetomove",
        "black",
        "white",
        "currentfen",
        "standardfen",
        "halfmoveclock",
        "movenumber",
        "ply",
        "connectedpawns",
        "doubledpawns",
        "isolatedpawns",
        "passedpawns",
        "promotedpieces",
        "zobristkey",
        "true",
        "false",
        "terminal",
        "initial",
    ];
    NAMES
        .iter()
        .find(|n| **n == s)
        .copied()
        .expect("the grammar lists the same names")
}

fn int(p: &Pair<'_, Rule>) -> Result<i64, QueryError> {
    p.as_str()
        .parse()
        .map_err(|_| QueryError::new(span_of(p), "expected a coordinate that fits in 64 bits"))
}

fn range(p: Pair<'_, Rule>) -> Result<Range, QueryError> {
    let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
    let dots = parts.iter().position(|q| q.as_rule() == Rule::dots);
    Ok(match dots {
        None => {
            let v = int(&parts[0])?;
            Range {
                lo: Some(v),
                hi: Some(v),
            }
        }
        Some(d) => Range {
            lo: if d > 0 { Some(int(&parts[0])?) } else { None },
            hi: parts.get(d + 1).map(int).transpose()?,
        },
    })
}

fn coord_range(p: Pair<'_, Rule>) -> Result<(Range, Range), QueryError> {
    let mut it = p.into_inner();
    let x = range(it.next().expect("x"))?;
    let y = range(it.next().expect("y"))?;
    Ok((x, y))
}

/// `a-h5-8` as coordinates (a = 1).
fn algebraic(s: &str) -> (Range, Range) {
    let b = s.as_bytes();
    let file = |c: u8| i64::from(c - b'a' + 1);
    let rank = |c: u8| i64::from(c - b'0');
    let (x, rest) = if b.len() > 2 && b[1] == b'-' {
        ((file(b[0]), file(b[2])), &b[3..])
    } else {
        ((file(b[0]), file(b[0])), &b[1..])
    };
    let y = if rest.len() > 1 {
        (rank(rest[0]), rank(rest[2]))
    } else {
        (rank(rest[0]), rank(rest[0]))
    };
    let r = |(a, b): (i64, i64)| Range {
        lo: Some(a.min(b)),
        hi: Some(a.max(b)),
    };
    (r(x), r(y))
}

fn designator(p: Pair<'_, Rule>) -> Result<ExprKind, QueryError> {
    let mut pieces = Vec::new();
    let mut squares = SquareSpec::Rect(Range { lo: None, hi: None }, Range { lo: None, hi: None });
    let mut any_square = true;
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::piece_set => {
                for t in part.into_inner() {
                    pieces.push(match t.as_rule() {
                        Rule::icn_code => {
                            let s = t.as_str();
                            PieceToken::Code(s[1..s.len() - 1].to_string())
                        }
                        _ => PieceToken::Letter(t.as_str().chars().next().expect("a letter")),
                    });
                }
            }
            Rule::square_part => {
                let inner = part.into_inner().next().expect("squares");
                let (x, y) = match inner.as_rule() {
                    Rule::algebraic => algebraic(inner.as_str()),
                    _ => coord_range(inner)?,
                };
                squares = SquareSpec::Rect(x, y);
                any_square = false;
            }
            Rule::every => squares = SquareSpec::Every,
            Rule::empty_set => squares = SquareSpec::Nothing,
            _ => {}
        }
    }
    if pieces.is_empty() && any_square && squares != SquareSpec::Every {
        squares = SquareSpec::Nothing;
    }
    Ok(ExprKind::Designator(pieces, squares))
}
