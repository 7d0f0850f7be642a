//! Evaluation of a checked [`Plan`] at one position: the board of a replay
//! (an `icn_movegen::Board`) and what the game says about the position
//! ([`PositionInfo`]). Everything is computed on demand: the universe of
//! squares, pawn structure, legal moves (for `mate`, `stalemate`) and FEN
//! only when a filter asks. No text is read here.
//!
//! Errors at a position (with the span of the node): `#`, `square … in` or
//! a comparison needing the size of an infinite set; an engine that cannot
//! describe an attack set (a huygen without end); arithmetic overflow.

use icn_model::{Game, IcnForm, IcnStyle, Int, PieceKind, Player};
use icn_movegen::{AttackPart, Board, Sq, power};

use crate::QueryError;
use crate::pieces::PieceClass;
use crate::plan::{Fact, Node, Op, PawnSet, Plan};
use crate::squares::{Count, Range, SquareSet};
use crate::syntax::{BinOp, CmpOp, SetFilter};

/// A value a filter yields.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A set of squares.
    Set(SquareSet),
    /// A whole number.
    Num(i64),
    /// A string.
    Str(String),
    /// A match without a value.
    Match,
}

impl Value {
    /// Whether the filter that yielded it matches: a set when it is not empty.
    pub fn matches(&self) -> bool {
        match self {
            Value::Set(s) => !s.is_empty(),
            _ => true,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Set(s) => write!(f, "{s}"),
            Value::Num(n) => write!(f, "{n}"),
            Value::Str(s) => f.write_str(s),
            Value::Match => f.write_str("true"),
        }
    }
}

/// What the game says about a position, beyond its board.
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionInfo<'g> {
    /// The game, for its rules when a position is written as ICN.
    pub game: Option<&'g Game>,
    /// The last position of the game.
    pub terminal: bool,
}

/// One evaluation: the board, its facts, and caches.
pub(crate) struct Eval<'q, 'b, 'g> {
    plan: &'q Plan,
    board: &'b mut Board,
    info: PositionInfo<'g>,
    vars: Vec<Option<Value>>,
    universe: Option<SquareSet>,
}

type Out = Result<Option<Value>, QueryError>;

fn infinite(span: icn_syntax::Span, what: &str) -> QueryError {
    QueryError::new(
        span,
        format!("{what} needs a finite set of squares, and this one is infinite here"),
    )
}

/// The type number of CQL (`type`): 0 empty, pawn 1 … king 6, then ICN's
/// other kinds 7, 8, … in `PieceKind::ALL` order; a kind of a variant's own
/// is 7 + 16 = 23.
pub fn type_number(kind: PieceKind) -> i64 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight => 2,
        PieceKind::Bishop => 3,
        PieceKind::Rook => 4,
        PieceKind::Queen => 5,
        PieceKind::King => 6,
        other => {
            let extra = PieceKind::ALL
                .iter()
                .filter(|&&k| {
                    !matches!(
                        k,
                        PieceKind::Pawn
                            | PieceKind::Knight
                            | PieceKind::Bishop
                            | PieceKind::Rook
                            | PieceKind::Queen
                            | PieceKind::King
                    )
                })
                .position(|&k| k == other)
                .unwrap_or(16);
            7 + extra as i64
        }
    }
}

impl<'q, 'b, 'g> Eval<'q, 'b, 'g> {
    pub(crate) fn new(plan: &'q Plan, board: &'b mut Board, info: PositionInfo<'g>) -> Self {
        Eval {
            plan,
            board,
            info,
            vars: vec![None; plan.slots],
            universe: None,
        }
    }

    pub(crate) fn run(&mut self) -> Out {
        let plan = self.plan;
        self.node(&plan.root)
    }

    /// Every square of the board: the world border without excluded squares.
    fn universe(&mut self) -> &SquareSet {
        if self.universe.is_none() {
            let b = self.board.border();
            let mut u = SquareSet::rect(
                Range {
                    lo: b.left,
                    hi: b.right,
                },
                Range {
                    lo: b.bottom,
                    hi: b.top,
                },
            );
            let excluded = self.board.excluded_squares();
            if !excluded.is_empty() {
                u = u.minus(&SquareSet::from_squares(excluded));
            }
            self.universe = Some(u);
        }
        self.universe.as_ref().expect("just set")
    }

    fn set(&mut self, n: &Node) -> Result<Option<SquareSet>, QueryError> {
        Ok(match self.node(n)? {
            Some(Value::Set(s)) => Some(s),
            _ => None,
        })
    }

    /// A number, or a set's size.
    fn number(&mut self, n: &Node) -> Result<Option<i64>, QueryError> {
        Ok(match self.node(n)? {
            Some(Value::Num(v)) => Some(v),
            Some(Value::Set(s)) => Some(self.size(&s, n.span, "a comparison or arithmetic")?),
            _ => None,
        })
    }

    fn size(&self, s: &SquareSet, span: icn_syntax::Span, what: &str) -> Result<i64, QueryError> {
        match s.count() {
            Count::Finite(c) => i64::try_from(c).map_err(|_| {
                QueryError::new(
                    span,
                    format!("{what}: the set holds {c} squares, more than a number can hold"),
                )
            }),
            Count::Infinite => Err(infinite(span, what)),
        }
    }

    fn pieces(&mut self, class: PieceClass, within: Option<&SquareSet>) -> SquareSet {
        let mut v: Vec<Sq> = Vec::new();
        if class.has_pieces() {
            self.board.for_each_piece(|p, s| {
                if class.holds(p) && within.is_none_or(|w| w.contains(s)) {
                    v.push(s);
                }
            });
        }
        let mut out = SquareSet::from_squares(v);
        if class.empty {
            let mut occupied = Vec::new();
            self.board.for_each_piece(|_, s| occupied.push(s));
            let mut empty = self.universe().minus(&SquareSet::from_squares(occupied));
            if let Some(w) = within {
                empty = empty.and(w);
            }
            out = out.or(&empty);
        }
        out
    }

    /// Squares of `set` holding a piece.
    fn occupied_in(&self, set: &SquareSet) -> Vec<Sq> {
        let mut v = Vec::new();
        self.board.for_each_piece(|_, s| {
            if set.contains(s) {
                v.push(s);
            }
        });
        v.sort_unstable();
        v
    }

    /// Every square the pieces on `from` attack.
    fn attack_set(&self, from: &[Sq], span: icn_syntax::Span) -> Result<SquareSet, QueryError> {
        let mut parts = Vec::new();
        for &s in from {
            self.board
                .attack_parts(s, &mut parts)
                .map_err(|e| QueryError::new(span, e.to_string()))?;
        }
        let mut points = Vec::new();
        let mut out = SquareSet::empty();
        for p in parts {
            match p {
                AttackPart::Square(s) => points.push(s),
                AttackPart::Ray {
                    from,
                    step,
                    first,
                    last,
                } => {
                    out = out.or(&SquareSet::ray(from, step, first, last));
                }
            }
        }
        Ok(out.or(&SquareSet::from_squares(points)))
    }

    /// When `class`/`within` is exactly one player's pieces in a game of
    /// two players, the other player (the engine's own test answers).
    fn whole_side(&self, n: &Node) -> Option<Player> {
        match &n.op {
            Op::Pieces(class, None) if self.board.player_count() == 2 => {
                let p = class.all_of()?;
                let other = if p == Player::WHITE {
                    Player::BLACK
                } else {
                    Player::WHITE
                };
                Some(other)
            }
            _ => None,
        }
    }

    fn attacked_by(&mut self, x: &Node, y: &Node, span: icn_syntax::Span) -> Out {
        let Some(targets) = self.set(x)? else {
            return Ok(None);
        };
        if let Some(victim) = self.whole_side(y)
            && let Some(list) = targets.squares()
        {
            let hit: Vec<Sq> = list
                .into_iter()
                .filter(|&s| self.board.square_attacked_by_opponents_of(s, victim))
                .collect();
            return Ok(Some(Value::Set(SquareSet::from_squares(hit))));
        }
        let Some(attackers) = self.set(y)? else {
            return Ok(None);
        };
        let attackers = self.occupied_in(&attackers);
        if let Some(list) = targets.squares() {
            let hit: Vec<Sq> = list
                .into_iter()
                .filter(|&s| attackers.iter().any(|&a| self.board.attacks_square(a, s)))
                .collect();
            return Ok(Some(Value::Set(SquareSet::from_squares(hit))));
        }
        let region = self.attack_set(&attackers, span)?;
        Ok(Some(Value::Set(targets.and(&region))))
    }

    fn attacks(&mut self, x: &Node, y: &Node, span: icn_syntax::Span) -> Out {
        let Some(pieces) = self.set(x)? else {
            return Ok(None);
        };
        let Some(targets) = self.set(y)? else {
            return Ok(None);
        };
        let pieces = self.occupied_in(&pieces);
        let list = targets.squares();
        let mut hit = Vec::new();
        for a in pieces {
            let yes = match &list {
                Some(l) => l.iter().any(|&s| self.board.attacks_square(a, s)),
                None => !self.attack_set(&[a], span)?.and(&targets).is_empty(),
            };
            if yes {
                hit.push(a);
            }
        }
        Ok(Some(Value::Set(SquareSet::from_squares(hit))))
    }

    fn fact(&mut self, f: Fact, span: icn_syntax::Span) -> Out {
        let engine = |e: icn_movegen::MovegenError| QueryError::new(span, e.to_string());
        let yes = |b: bool| Ok(b.then_some(Value::Match));
        let num = |n: u64| Ok(Some(Value::Num(n as i64)));
        let white = self.board.side_to_move() == Player::WHITE;
        match f {
            Fact::Check => yes(self.board.in_check()),
            Fact::Mate => {
                let m = self.board.in_check() && !self.board.has_legal_move().map_err(engine)?;
                yes(m)
            }
            Fact::Stalemate => {
                let s = !self.board.in_check() && !self.board.has_legal_move().map_err(engine)?;
                yes(s)
            }
            Fact::ToMove(w) => {
                let want = if w { Player::WHITE } else { Player::BLACK };
                yes(self.board.side_to_move() == want)
            }
            Fact::Terminal => yes(self.info.terminal),
            Fact::Initial => yes(self.board.ply() == 0),
            Fact::Const(b) => yes(b),
            Fact::SideToMove => Ok(Some(Value::Num(if white { 1 } else { -1 }))),
            Fact::Color(w) => Ok(Some(Value::Num(if w { 1 } else { -1 }))),
            Fact::HalfmoveClock => num(self.board.halfmove_clock()),
            Fact::MoveNumber => num(self.board.fullmove_number()),
            Fact::Ply => num(self.board.ply()),
            Fact::Zobrist => Ok(Some(Value::Str(self.board.zobrist_hex()))),
            Fact::Fen(clocks) => Ok(Some(Value::Str(self.fen(clocks)))),
            Fact::Pawns(which) => {
                let p = self.board.pawn_structure();
                let v = match which {
                    PawnSet::Connected => p.connected,
                    PawnSet::Doubled => p.doubled,
                    PawnSet::Isolated => p.isolated,
                    PawnSet::Passed => p.passed,
                };
                Ok(Some(Value::Set(SquareSet::from_squares(v))))
            }
            Fact::Promoted => Ok(Some(Value::Set(SquareSet::from_squares(
                self.board.promoted_pieces(),
            )))),
        }
    }

    /// FEN when the position fits it, the ICN position otherwise.
    fn fen(&self, clocks: bool) -> String {
        let limit = self
            .info
            .game
            .and_then(|g| g.position.move_rule.as_ref())
            .map_or_else(|| Int::from(100), |m| m.limit.clone());
        let position = self.board.to_position(Some(&limit));
        match icn_adapters::fen_icn::position_to_fen(&position) {
            Ok(mut fen) => {
                if !clocks {
                    fen.halfmove = 0;
                    fen.fullmove = 1;
                }
                fen.write(icn_adapters::fen::CastlingStyle::XFen)
            }
            Err(_) => {
                let mut game = Game {
                    position,
                    ..Game::default()
                };
                if let Some(g) = self.info.game {
                    game.rules = g.rules.clone();
                }
                if !clocks {
                    game.position.fullmove = Int::from(1);
                    if let Some(m) = game.position.move_rule.as_mut() {
                        m.played = Int::from(0);
                    }
                }
                let style = IcnStyle {
                    form: IcnForm::Compact,
                    dialect: icn_model::Dialect::Spec,
                };
                game.to_icn(style)
                    .unwrap_or_else(|e| format!("<unwritable: {e}>"))
            }
        }
    }

    fn set_filter(&mut self, f: SetFilter, x: &Node) -> Out {
        let Some(set) = self.set(x)? else {
            return Ok(None);
        };
        match f {
            SetFilter::Power => {
                let mut total = 0i64;
                self.board.for_each_piece(|p, s| {
                    if set.contains(s) {
                        total += i64::from(power(p.kind));
                    }
                });
                Ok(Some(Value::Num(total)))
            }
            SetFilter::Type | SetFilter::ColorType => {
                let Some(s) = set.single() else {
                    return Ok(None);
                };
                let v = match self.board.piece_at(s) {
                    None => 0,
                    Some(p) => {
                        let t = type_number(p.kind);
                        if f == SetFilter::ColorType && p.player == Player::BLACK {
                            -t
                        } else {
                            t
                        }
                    }
                };
                Ok(Some(Value::Num(v)))
            }
        }
    }

    fn compare(&mut self, c: CmpOp, l: &Node, r: &Node, span: icn_syntax::Span) -> Out {
        let yes = |b: bool| Ok(b.then_some(Value::Match));
        let order = |o: std::cmp::Ordering| match c {
            CmpOp::Eq => o.is_eq(),
            CmpOp::Ne => o.is_ne(),
            CmpOp::Lt => o.is_lt(),
            CmpOp::Le => o.is_le(),
            CmpOp::Gt => o.is_gt(),
            CmpOp::Ge => o.is_ge(),
        };
        let (Some(a), Some(b)) = (self.node(l)?, self.node(r)?) else {
            return Ok(None);
        };
        match (a, b) {
            (Value::Str(a), Value::Str(b)) => yes(order(a.cmp(&b))),
            (Value::Set(a), Value::Set(b)) if matches!(c, CmpOp::Eq | CmpOp::Ne) => {
                yes(a.same(&b) == (c == CmpOp::Eq))
            }
            (a, b) => {
                let n = |v: Value, span| match v {
                    Value::Num(n) => Ok(n),
                    Value::Set(s) => self.size(&s, span, "a comparison"),
                    _ => Err(QueryError::new(span, "expected a number or a set")),
                };
                let (a, b) = (n(a, l.span)?, n(b, r.span)?);
                let _ = span;
                yes(order(a.cmp(&b)))
            }
        }
    }

    fn arith(&mut self, op: BinOp, l: &Node, r: &Node, span: icn_syntax::Span) -> Out {
        let (Some(a), Some(b)) = (self.number(l)?, self.number(r)?) else {
            return Ok(None);
        };
        let v = match op {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            BinOp::Div if b == 0 => return Ok(None),
            BinOp::Div => a.checked_div(b),
            BinOp::Rem if b == 0 => return Ok(None),
            _ => a.checked_rem(b),
        };
        v.map(|v| Some(Value::Num(v)))
            .ok_or_else(|| QueryError::new(span, "the arithmetic overflows 64 bits"))
    }

    fn node(&mut self, n: &Node) -> Out {
        let yes = |b: bool| Ok(b.then_some(Value::Match));
        match &n.op {
            Op::Num(v) => Ok(Some(Value::Num(*v))),
            Op::Str(s) => Ok(Some(Value::Str(s.clone()))),
            Op::Fact(f) => self.fact(*f, n.span),
            Op::Pieces(class, within) => Ok(Some(Value::Set(self.pieces(*class, within.as_ref())))),
            Op::Squares(None) => Ok(Some(Value::Set(self.universe().clone()))),
            Op::Squares(Some(s)) => {
                let s = s.and(self.universe());
                Ok(Some(Value::Set(s)))
            }
            Op::Var(slot) => Ok(self.vars[*slot].clone()),
            Op::Assign(slot, v) => {
                let v = self.node(v)?;
                let matched = v.is_some();
                self.vars[*slot] = v;
                yes(matched)
            }
            Op::Block(items) => {
                let mut last = Some(Value::Match);
                for i in items {
                    match self.node(i)? {
                        Some(v) if v.matches() => last = Some(v),
                        _ => return Ok(None),
                    }
                }
                Ok(last)
            }
            Op::Not(x) => {
                let m = self.node(x)?.is_some_and(|v| v.matches());
                yes(!m)
            }
            Op::And(a, b) => {
                if !self.node(a)?.is_some_and(|v| v.matches()) {
                    return Ok(None);
                }
                let m = self.node(b)?.is_some_and(|v| v.matches());
                yes(m)
            }
            Op::Or(a, b) => {
                if self.node(a)?.is_some_and(|v| v.matches()) {
                    return yes(true);
                }
                let m = self.node(b)?.is_some_and(|v| v.matches());
                yes(m)
            }
            Op::Cmp(c, l, r) => self.compare(*c, l, r, n.span),
            Op::Arith(op, l, r) => self.arith(*op, l, r, n.span),
            Op::Neg(x) => Ok(self.number(x)?.map(|v| Value::Num(-v))),
            Op::Count(x) => match self.set(x)? {
                Some(s) => Ok(Some(Value::Num(self.size(&s, n.span, "`#`")?))),
                None => Ok(None),
            },
            Op::Complement(x) => match self.set(x)? {
                Some(s) => {
                    let u = self.universe().clone();
                    Ok(Some(Value::Set(u.minus(&s))))
                }
                None => Ok(None),
            },
            Op::Union(a, b) | Op::Inter(a, b) => {
                let (Some(x), Some(y)) = (self.set(a)?, self.set(b)?) else {
                    return Ok(None);
                };
                let v = if matches!(n.op, Op::Union(..)) {
                    x.or(&y)
                } else {
                    x.and(&y)
                };
                Ok(Some(Value::Set(v)))
            }
            Op::AttackedBy(x, y) => self.attacked_by(x, y, n.span),
            Op::Attacks(x, y) => self.attacks(x, y, n.span),
            Op::SetFilter(f, x) => self.set_filter(*f, x),
            Op::FenMatch(squares) => {
                let ok = squares
                    .iter()
                    .all(|(s, class)| match self.board.piece_at(*s) {
                        Some(p) => class.holds(p),
                        None => class.empty,
                    });
                yes(ok)
            }
            Op::AnyOf(copies) => {
                let mut union: Option<SquareSet> = None;
                for c in copies {
                    match self.node(c)? {
                        Some(Value::Set(s)) if !s.is_empty() => {
                            union = Some(match union {
                                Some(u) => u.or(&s),
                                None => s,
                            });
                        }
                        Some(Value::Set(_)) | None => {}
                        Some(v) => return Ok(Some(v)),
                    }
                }
                Ok(union.map(Value::Set).or_else(|| {
                    (n.ty == crate::plan::Ty::Set).then(|| Value::Set(SquareSet::empty()))
                }))
            }
            Op::Loop {
                all,
                slot,
                set,
                body,
            } => {
                let Some(s) = self.set(set)? else {
                    return Ok(None);
                };
                let Some(list) = s.squares() else {
                    return Err(infinite(set.span, "`square … in`"));
                };
                let mut hit = Vec::new();
                for sq in &list {
                    self.vars[*slot] = Some(Value::Set(SquareSet::from_squares(vec![*sq])));
                    if self.node(body)?.is_some_and(|v| v.matches()) {
                        hit.push(*sq);
                    } else if *all {
                        return Ok(None);
                    }
                }
                Ok(Some(Value::Set(SquareSet::from_squares(hit))))
            }
        }
    }
}
