//! The checked plan of a query: names resolved to slots, every node's type
//! known (a set of squares, a number, a string, or a plain match), piece
//! letters turned into [`PieceClass`]es, coordinates range-checked, `fen
//! "…"` turned into square conditions, and transforms expanded into the
//! transformed copies they stand for. Refused with a [`QueryError`] at the
//! node: a value of the wrong type (`#3`, `check + 1`), a variable read
//! before it is assigned or assigned two types, a coordinate beyond 2^52, a
//! bad FEN placement, a `shift` range of more than 10,000 vectors.

use icn_movegen::{COORD_LIMIT, Sq};
use icn_syntax::Span;

use crate::QueryError;
use crate::pieces::PieceClass;
use crate::squares::{Affine, Range, SquareSet};
use crate::syntax::{BinOp, CmpOp, Expr, ExprKind, PieceToken, SetFilter, SquareSpec, UnOp};

/// The type of a node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A set of squares; matches when not empty.
    Set,
    /// A whole number; matches when defined.
    Num,
    /// A string; matches when defined.
    Str,
    /// No value: matches or not.
    Bool,
}

impl Ty {
    fn word(self) -> &'static str {
        match self {
            Ty::Set => "a set of squares",
            Ty::Num => "a number",
            Ty::Str => "a string",
            Ty::Bool => "a filter without a value",
        }
    }
}

/// A filter without operands, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The side to move is in check.
    Check,
    /// … checkmated.
    Mate,
    /// … stalemated.
    Stalemate,
    /// White (`true`) or Black to move.
    ToMove(bool),
    /// The last position of the game.
    Terminal,
    /// The first position of the game.
    Initial,
    /// `true` / `false`.
    Const(bool),
    /// 1 when White is to move, -1 for Black.
    SideToMove,
    /// `white` (1) or `black` (-1).
    Color(bool),
    /// The halfmove clock.
    HalfmoveClock,
    /// The move number.
    MoveNumber,
    /// Half-moves since the game's start.
    Ply,
    /// The FEN; `true`: with its clocks (standardfen).
    Fen(bool),
    /// The zobrist key in hex.
    Zobrist,
    /// A pawn-structure set.
    Pawns(PawnSet),
    /// Promoted pieces.
    Promoted,
}

/// Which pawn-structure set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnSet {
    /// `connectedpawns`.
    Connected,
    /// `doubledpawns`.
    Doubled,
    /// `isolatedpawns`.
    Isolated,
    /// `passedpawns`.
    Passed,
}

impl Fact {
    fn of(name: &str) -> (Fact, Ty) {
        match name {
            "check" => (Fact::Check, Ty::Bool),
            "mate" => (Fact::Mate, Ty::Bool),
            "stalemate" => (Fact::Stalemate, Ty::Bool),
            "wtm" => (Fact::ToMove(true), Ty::Bool),
            "btm" => (Fact::ToMove(false), Ty::Bool),
            "terminal" => (Fact::Terminal, Ty::Bool),
            "initial" => (Fact::Initial, Ty::Bool),
            "true" => (Fact::Const(true), Ty::Bool),
            "false" => (Fact::Const(false), Ty::Bool),
            "sidetomove" => (Fact::SideToMove, Ty::Num),
            "white" => (Fact::Color(true), Ty::Num),
            "black" => (Fact::Color(false), Ty::Num),
            "halfmoveclock" => (Fact::HalfmoveClock, Ty::Num),
            "movenumber" => (Fact::MoveNumber, Ty::Num),
            "ply" => (Fact::Ply, Ty::Num),
            "currentfen" => (Fact::Fen(false), Ty::Str),
            "standardfen" => (Fact::Fen(true), Ty::Str),
            "zobristkey" => (Fact::Zobrist, Ty::Str),
            "connectedpawns" => (Fact::Pawns(PawnSet::Connected), Ty::Set),
            "doubledpawns" => (Fact::Pawns(PawnSet::Doubled), Ty::Set),
            "isolatedpawns" => (Fact::Pawns(PawnSet::Isolated), Ty::Set),
            "passedpawns" => (Fact::Pawns(PawnSet::Passed), Ty::Set),
            _ => (Fact::Promoted, Ty::Set),
        }
    }
}

/// A node of the plan with its type and span.
#[derive(Clone, Debug)]
pub struct Node {
    /// What it computes.
    pub op: Op,
    /// Its type.
    pub ty: Ty,
    /// Where the query wrote it.
    pub span: Span,
}

/// What a node computes.
#[derive(Clone, Debug)]
pub enum Op {
    /// A number.
    Num(i64),
    /// A string.
    Str(String),
    /// A position fact.
    Fact(Fact),
    /// Squares of pieces of a class (and empty squares when the class says
    /// so), within `within` when given.
    Pieces(PieceClass, Option<SquareSet>),
    /// A constant set of squares; `None`: every square of the board.
    Squares(Option<SquareSet>),
    /// A variable's value.
    Var(usize),
    /// Stores a value.
    Assign(usize, Box<Node>),
    /// Every filter must match; the value is the last one's.
    Block(Vec<Node>),
    /// `not`.
    Not(Box<Node>),
    /// `and`.
    And(Box<Node>, Box<Node>),
    /// `or`.
    Or(Box<Node>, Box<Node>),
    /// A comparison.
    Cmp(CmpOp, Box<Node>, Box<Node>),
    /// Arithmetic.
    Arith(BinOp, Box<Node>, Box<Node>),
    /// `-x`.
    Neg(Box<Node>),
    /// `#x`.
    Count(Box<Node>),
    /// `~x`.
    Complement(Box<Node>),
    /// `|`.
    Union(Box<Node>, Box<Node>),
    /// `&`.
    Inter(Box<Node>, Box<Node>),
    /// `x attackedby y`.
    AttackedBy(Box<Node>, Box<Node>),
    /// `x attacks y`.
    Attacks(Box<Node>, Box<Node>),
    /// `type`, `colortype`, `power`.
    SetFilter(SetFilter, Box<Node>),
    /// `fen "…"`: each square holds a piece of its class.
    FenMatch(Vec<(Sq, PieceClass)>),
    /// Transformed copies: matches when one does; a set's value is the
    /// union of the matching copies' values, another value the first's.
    AnyOf(Vec<Node>),
    /// `square [all] v in set { … }`.
    Loop {
        /// Every square must match.
        all: bool,
        /// The variable's slot.
        slot: usize,
        /// The squares.
        set: Box<Node>,
        /// The body.
        body: Box<Node>,
    },
}

/// A checked query.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The top-level filters, as one block.
    pub root: Node,
    /// How many variable slots.
    pub slots: usize,
    /// Variable names by slot.
    pub names: Vec<String>,
}

/// A transform of the board and colours applied to a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// How squares move.
    pub map: Affine,
    /// White and Black exchanged.
    pub colors: bool,
}

const IDENTITY: Transform = Transform {
    map: Affine::IDENTITY,
    colors: false,
};

/// The dihedral maps about the 8×8 board's centre (4.5, 4.5): `x ↦ 9 − x`
/// and the like.
fn dihedral(m: [[i64; 2]; 2]) -> Affine {
    // Fix the centre: c = (9,9)/2 − m·(9,9)/2, in whole numbers.
    let (a, b) = (m[0][0] + m[0][1], m[1][0] + m[1][1]);
    Affine {
        m,
        c: ((9 - 9 * a) / 2, (9 - 9 * b) / 2),
    }
}

const FLIP_V: [[i64; 2]; 2] = [[1, 0], [0, -1]];
const FLIP_H: [[i64; 2]; 2] = [[-1, 0], [0, 1]];
const ROT90: [[i64; 2]; 2] = [[0, -1], [1, 0]];

fn rotations() -> Vec<Affine> {
    let r = dihedral(ROT90);
    let mut out = vec![Affine::IDENTITY];
    for i in 0..3 {
        out.push(r.after(&out[i]));
    }
    out
}

/// The transforms a transform name stands for, identity first.
fn expand(name: crate::syntax::TransformName) -> Vec<Transform> {
    use crate::syntax::TransformName as T;
    let plain = |map| Transform { map, colors: false };
    let shifts = |h: bool, v: bool| {
        let mut out = vec![IDENTITY];
        for dx in if h { -7..=7 } else { 0..=0 } {
            for dy in if v { -7..=7 } else { 0..=0 } {
                if (dx, dy) != (0, 0) {
                    out.push(plain(Affine {
                        m: Affine::IDENTITY.m,
                        c: (dx, dy),
                    }));
                }
            }
        }
        out
    };
    match name {
        T::FlipColor => vec![
            IDENTITY,
            Transform {
                map: dihedral(FLIP_V),
                colors: true,
            },
        ],
        T::ReverseColor => vec![Transform {
            map: dihedral(FLIP_V),
            colors: true,
        }],
        T::FlipVertical => vec![IDENTITY, plain(dihedral(FLIP_V))],
        T::FlipHorizontal => vec![IDENTITY, plain(dihedral(FLIP_H))],
        T::Rotate90 => rotations().into_iter().map(plain).collect(),
        T::Flip => {
            let mut out: Vec<Transform> = rotations().into_iter().map(plain).collect();
            let f = dihedral(FLIP_V);
            for r in rotations() {
                out.push(plain(r.after(&f)));
            }
            out
        }
        T::ShiftHorizontal => shifts(true, false),
        T::ShiftVertical => shifts(false, true),
    }
}

/// Most transformed copies one transform may make.
const MAX_COPIES: i128 = 10_000;

struct Checker {
    names: Vec<(String, Ty)>,
}

fn err<T>(span: Span, msg: impl Into<String>) -> Result<T, QueryError> {
    Err(QueryError::new(span, msg))
}

fn check_coord(v: i64, span: Span) -> Result<i64, QueryError> {
    if v.unsigned_abs() > COORD_LIMIT.unsigned_abs() {
        return err(
            span,
            format!("expected a coordinate within ±2^52, found {v}"),
        );
    }
    Ok(v)
}

fn check_range(r: Range, span: Span) -> Result<Range, QueryError> {
    r.lo.map(|v| check_coord(v, span)).transpose()?;
    r.hi.map(|v| check_coord(v, span)).transpose()?;
    Ok(r)
}

/// Reads a FEN placement with CQL's extra letters `A a . _`.
fn fen_placement(text: &str, span: Span) -> Result<Vec<(Sq, PieceClass)>, QueryError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return err(
            span,
            format!(
                "expected 8 ranks separated by `/` in the FEN placement, found {}",
                ranks.len()
            ),
        );
    }
    let mut out = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let y = 8 - i as i64;
        let mut x = 1i64;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                for _ in 0..d {
                    out.push((
                        Sq::new(x, y),
                        PieceClass::letter('_').expect("`_` is a class"),
                    ));
                    x += 1;
                }
                continue;
            }
            if c != '.' {
                let class = PieceClass::letter(c).ok_or_else(|| {
                    QueryError::new(
                        span,
                        format!("expected a piece letter, a digit, `A`, `a`, `_` or `.` in the FEN placement, found `{c}`"),
                    )
                })?;
                out.push((Sq::new(x, y), class));
            }
            x += 1;
        }
        if x != 9 {
            return err(
                span,
                format!(
                    "expected 8 squares in rank {} of the FEN placement, found {}",
                    y,
                    x - 1
                ),
            );
        }
    }
    Ok(out)
}

impl Checker {
    fn slot(&mut self, name: &str, ty: Ty, span: Span) -> Result<usize, QueryError> {
        match self.names.iter().position(|(n, _)| n == name) {
            Some(i) if self.names[i].1 == ty => Ok(i),
            Some(i) => err(
                span,
                format!(
                    "`{name}` holds {}; it cannot also hold {}",
                    self.names[i].1.word(),
                    ty.word()
                ),
            ),
            None => {
                self.names.push((name.to_string(), ty));
                Ok(self.names.len() - 1)
            }
        }
    }

    fn want(&self, n: &Node, tys: &[Ty], what: &str) -> Result<(), QueryError> {
        if tys.contains(&n.ty) {
            return Ok(());
        }
        let words: Vec<&str> = tys.iter().map(|t| t.word()).collect();
        err(
            n.span,
            format!(
                "{what} expected {}, found {}",
                words.join(" or "),
                n.ty.word()
            ),
        )
    }

    fn node(&mut self, e: &Expr, t: &Transform) -> Result<Node, QueryError> {
        let span = e.span;
        let mk = |op, ty| Ok(Node { op, ty, span });
        match &e.kind {
            ExprKind::Number(n) => mk(Op::Num(*n), Ty::Num),
            ExprKind::Str(s) => mk(Op::Str(s.clone()), Ty::Str),
            ExprKind::Nullary(name) => {
                let (mut fact, ty) = Fact::of(name);
                if t.colors {
                    fact = match fact {
                        Fact::ToMove(w) => Fact::ToMove(!w),
                        Fact::Color(w) => Fact::Color(!w),
                        f => f,
                    };
                }
                mk(Op::Fact(fact), ty)
            }
            ExprKind::Designator(pieces, squares) => self.designator(pieces, *squares, t, span),
            ExprKind::Var(name) => match self.names.iter().position(|(n, _)| n == name) {
                Some(i) => mk(Op::Var(i), self.names[i].1),
                None => err(
                    span,
                    format!("`{name}` is read before any value is assigned to it"),
                ),
            },
            ExprKind::Assign(name, value) => {
                let v = self.node(value, t)?;
                if v.ty == Ty::Bool {
                    return err(
                        v.span,
                        "a variable holds a set, a number or a string, found a filter without a value",
                    );
                }
                let slot = self.slot(name, v.ty, span)?;
                mk(Op::Assign(slot, Box::new(v)), Ty::Bool)
            }
            ExprKind::Block(items) => {
                let nodes = items
                    .iter()
                    .map(|i| self.node(i, t))
                    .collect::<Result<Vec<_>, _>>()?;
                let ty = nodes.last().map_or(Ty::Bool, |n| n.ty);
                mk(Op::Block(nodes), ty)
            }
            ExprKind::Unary(op, x) => {
                let x = self.node(x, t)?;
                match op {
                    UnOp::Not => mk(Op::Not(Box::new(x)), Ty::Bool),
                    UnOp::Neg => {
                        self.want(&x, &[Ty::Num, Ty::Set], "`-`")?;
                        mk(Op::Neg(Box::new(x)), Ty::Num)
                    }
                    UnOp::Count => {
                        self.want(&x, &[Ty::Set], "`#`")?;
                        mk(Op::Count(Box::new(x)), Ty::Num)
                    }
                    UnOp::Complement => {
                        self.want(&x, &[Ty::Set], "`~`")?;
                        mk(Op::Complement(Box::new(x)), Ty::Set)
                    }
                }
            }
            ExprKind::Binary(op, l, r) => {
                let (l, r) = (self.node(l, t)?, self.node(r, t)?);
                self.binary(*op, l, r, span)
            }
            ExprKind::SetFilter(f, x) => {
                let x = self.node(x, t)?;
                let name = match f {
                    SetFilter::Type => "`type`",
                    SetFilter::ColorType => "`colortype`",
                    SetFilter::Power => "`power`",
                };
                self.want(&x, &[Ty::Set], name)?;
                mk(Op::SetFilter(*f, Box::new(x)), Ty::Num)
            }
            ExprKind::Fen(None) => mk(Op::Fact(Fact::Fen(false)), Ty::Str),
            ExprKind::Fen(Some(text)) => {
                let squares = fen_placement(text, span)?
                    .into_iter()
                    .map(|(s, c)| {
                        let c = if t.colors { c.flip_colors() } else { c };
                        (t.map.apply(s), c)
                    })
                    .collect();
                mk(Op::FenMatch(squares), Ty::Bool)
            }
            ExprKind::Transform(name, x) => {
                let copies = expand(*name)
                    .into_iter()
                    .map(|inner| {
                        let composed = Transform {
                            map: t.map.after(&inner.map),
                            colors: t.colors != inner.colors,
                        };
                        self.node(x, &composed)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let ty = copies[0].ty;
                mk(Op::AnyOf(copies), ty)
            }
            ExprKind::Shift(vectors, x) => {
                let (rx, ry) = vectors.unwrap_or((
                    Range {
                        lo: Some(-7),
                        hi: Some(7),
                    },
                    Range {
                        lo: Some(-7),
                        hi: Some(7),
                    },
                ));
                let (rx, ry) = (check_range(rx, span)?, check_range(ry, span)?);
                let (Some(x0), Some(x1), Some(y0), Some(y1)) = (rx.lo, rx.hi, ry.lo, ry.hi) else {
                    return err(
                        span,
                        "expected a finite range of shift vectors `[dx0..dx1, dy0..dy1]`",
                    );
                };
                let n = (i128::from(x1) - i128::from(x0) + 1).max(0)
                    * (i128::from(y1) - i128::from(y0) + 1).max(0);
                if n == 0 || n > MAX_COPIES {
                    return err(
                        span,
                        format!("expected between 1 and {MAX_COPIES} shift vectors, found {n}"),
                    );
                }
                let mut vectors: Vec<(i64, i64)> = Vec::new();
                if rx.contains(0) && ry.contains(0) {
                    vectors.push((0, 0));
                }
                for dx in x0..=x1 {
                    for dy in y0..=y1 {
                        if (dx, dy) != (0, 0) {
                            vectors.push((dx, dy));
                        }
                    }
                }
                let copies = vectors
                    .into_iter()
                    .map(|c| {
                        let shift = Affine {
                            m: Affine::IDENTITY.m,
                            c,
                        };
                        let composed = Transform {
                            map: t.map.after(&shift),
                            colors: t.colors,
                        };
                        self.node(x, &composed)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let ty = copies[0].ty;
                mk(Op::AnyOf(copies), ty)
            }
            ExprKind::SquareLoop {
                all,
                var,
                set,
                body,
            } => {
                let set = self.node(set, t)?;
                self.want(&set, &[Ty::Set], "`square … in`")?;
                let slot = self.slot(var, Ty::Set, span)?;
                let body = self.node(body, t)?;
                mk(
                    Op::Loop {
                        all: *all,
                        slot,
                        set: Box::new(set),
                        body: Box::new(body),
                    },
                    Ty::Set,
                )
            }
        }
    }

    fn designator(
        &mut self,
        pieces: &[PieceToken],
        squares: SquareSpec,
        t: &Transform,
        span: Span,
    ) -> Result<Node, QueryError> {
        let mut class: Option<PieceClass> = None;
        for p in pieces {
            let c = match p {
                PieceToken::Letter(c) => PieceClass::letter(*c),
                PieceToken::Code(code) => PieceClass::code(code),
            }
            .ok_or_else(|| {
                QueryError::new(
                    span,
                    format!("expected an ICN piece code such as 'AM' or 'am', found {p:?}"),
                )
            })?;
            class = Some(class.map_or(c, |k| k.union(c)));
        }
        let within = match squares {
            SquareSpec::Every => None,
            SquareSpec::Nothing => Some(SquareSet::empty()),
            SquareSpec::Rect(x, y) if x == Range::ALL && y == Range::ALL => None,
            SquareSpec::Rect(x, y) => {
                let (x, y) = (check_range(x, span)?, check_range(y, span)?);
                Some(SquareSet::rect(x, y).map(&t.map))
            }
        };
        let op = match class {
            Some(c) => Op::Pieces(if t.colors { c.flip_colors() } else { c }, within),
            None => Op::Squares(within),
        };
        Ok(Node {
            op,
            ty: Ty::Set,
            span,
        })
    }

    fn binary(&mut self, op: BinOp, l: Node, r: Node, span: Span) -> Result<Node, QueryError> {
        let (l, r) = (Box::new(l), Box::new(r));
        let mk = |op, ty| Ok(Node { op, ty, span });
        match op {
            BinOp::Or => mk(Op::Or(l, r), Ty::Bool),
            BinOp::And => mk(Op::And(l, r), Ty::Bool),
            BinOp::Cmp(c) => {
                let ok = matches!(
                    (l.ty, r.ty),
                    (Ty::Num | Ty::Set, Ty::Num | Ty::Set) | (Ty::Str, Ty::Str)
                );
                if !ok {
                    return err(
                        span,
                        format!("cannot compare {} with {}", l.ty.word(), r.ty.word()),
                    );
                }
                mk(Op::Cmp(c, l, r), Ty::Bool)
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                self.want(&l, &[Ty::Num, Ty::Set], "arithmetic")?;
                self.want(&r, &[Ty::Num, Ty::Set], "arithmetic")?;
                mk(Op::Arith(op, l, r), Ty::Num)
            }
            BinOp::Union | BinOp::Inter | BinOp::AttackedBy | BinOp::Attacks => {
                let name = match op {
                    BinOp::Union => "`|`",
                    BinOp::Inter => "`&`",
                    BinOp::AttackedBy => "`attackedby`",
                    _ => "`attacks`",
                };
                self.want(&l, &[Ty::Set], name)?;
                self.want(&r, &[Ty::Set], name)?;
                let op = match op {
                    BinOp::Union => Op::Union(l, r),
                    BinOp::Inter => Op::Inter(l, r),
                    BinOp::AttackedBy => Op::AttackedBy(l, r),
                    _ => Op::Attacks(l, r),
                };
                mk(op, Ty::Set)
            }
        }
    }
}

/// Checks a parsed query.
///
/// # Errors
/// See the module docs.
pub fn check(items: &[Expr]) -> Result<Plan, QueryError> {
    let mut c = Checker { names: Vec::new() };
    let nodes = items
        .iter()
        .map(|e| c.node(e, &IDENTITY))
        .collect::<Result<Vec<_>, _>>()?;
    let span = match (nodes.first(), nodes.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => Span::new(0, 0),
    };
    let ty = nodes.last().map_or(Ty::Bool, |n| n.ty);
    Ok(Plan {
        root: Node {
            op: Op::Block(nodes),
            ty,
            span,
        },
        slots: c.names.len(),
        names: c.names.into_iter().map(|(n, _)| n).collect(),
    })
}
