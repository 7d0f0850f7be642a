//! FEN ↔ ICN: [`fen_to_game`] and [`game_to_fen`], and the text-level
//! [`fen2icn`] / [`icn2fen`].
//!
//! The square `a1` is `1,1` and `h8` is `8,8`. A FEN becomes a game with the
//! 8×8 "Chess" rules: world border `1,8,1,8`, White promotes on row 8 and
//! Black on row 1 (to Q, R, B, N), checkmate wins, a 100-ply move rule whose
//! counter is the halfmove clock. Castling rights become `+` on the king and
//! on each rook it may castle with; pawns on their start row (2 for White, 7
//! for Black) get `+`; the en passant square carries over. A three-check FEN
//! at the start of counting (`3+3` remaining or `+0+0` given) becomes the
//! `threecheck` win condition.
//!
//! Refused from FEN: a non-empty crazyhouse pocket or a `~` promoted marker
//! (ICN has no drops), and three-check counters other than the start values.
//! Refused to FEN, naming the first offending piece: squares outside
//! `1..8`, kinds FEN cannot name, players other than White and Black, a
//! castling `+` on a king off its back rank or on a piece other than a rook,
//! castling the site rule plays differently from chess (a king off the
//! e-file, or a rook nearer than three files; refused both ways, so
//! Chess960 positions with such rights are refused),
//! a pawn on its start row without `+` or with `+` elsewhere; and a turn order
//! other than two-player alternation, or an en passant square FEN cannot hold.

use std::fmt;

use icn_model::{
    Coord, Game, GameRules, IcnStyle, Int, MoveRule, Piece, PieceKind, PlacedPiece, Player,
    Position, Promotion, WinCondition, WorldBorder,
};

use icn_rules::json::castling_json;
use icn_rules::json_read::castling_from_json;
use icn_rules::{CastleMove, Castling};

use crate::fen::{CastlingStyle, Checks, Fen, FenPiece, Square, letter_of};

/// Why a FEN cannot become ICN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenToIcnError {
    /// The FEN text itself is bad.
    #[error(transparent)]
    Parse(#[from] crate::fen::ParseFenError),
    /// A feature ICN cannot express.
    #[error("{0} cannot be expressed in ICN")]
    Unsupported(String),
    /// The game could not be written in the requested ICN dialect.
    #[error("{0}")]
    Write(String),
}

/// Why an ICN position cannot become FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IcnToFenError {
    /// The ICN text is bad.
    #[error("{0}")]
    Parse(String),
    /// A piece FEN cannot hold.
    #[error("{piece} at {at}: {reason}")]
    Piece {
        /// The piece, as its ICN code.
        piece: String,
        /// Its square.
        at: String,
        /// Why.
        reason: String,
    },
    /// Something else about the position.
    #[error("{0}")]
    Position(String),
}

/// The ICN square of a FEN square.
pub fn coord_of(sq: Square) -> Coord {
    Coord::new(i64::from(sq.file) + 1, i64::from(sq.rank) + 1)
}

/// The FEN square of an ICN square, when it is inside `1..8`.
pub fn square_of(c: &Coord) -> Option<Square> {
    let (x, y) = c.to_i64()?;
    if !(1..=8).contains(&x) || !(1..=8).contains(&y) {
        return None;
    }
    Square::new(x as u8 - 1, y as u8 - 1)
}

/// The game rules of 8×8 chess as FEN implies them.
pub fn chess_rules() -> GameRules {
    GameRules {
        promotions: vec![
            (
                Player::WHITE,
                Promotion {
                    ranks: vec![Int::from(8)],
                    choices: Promotion::DEFAULT_CHOICES.to_vec(),
                },
            ),
            (
                Player::BLACK,
                Promotion {
                    ranks: vec![Int::from(1)],
                    choices: Promotion::DEFAULT_CHOICES.to_vec(),
                },
            ),
        ],
        world_border: Some(WorldBorder {
            left: Some(Int::ONE),
            right: Some(Int::from(8)),
            bottom: Some(Int::ONE),
            top: Some(Int::from(8)),
        }),
        ..GameRules::default()
    }
}

fn start_rank(player: Player) -> u8 {
    if player == Player::WHITE { 1 } else { 6 }
}

fn back_rank(player: Player) -> u8 {
    if player == Player::WHITE { 0 } else { 7 }
}

/// The ICN game (a start position with the 8×8 rules, no moves) of a FEN.
///
/// # Errors
/// [`FenToIcnError::Unsupported`] for pockets, promoted markers and check
/// counters other than the start values.
///
/// ```
/// use icn_adapters::fen::Fen;
/// use icn_adapters::fen_icn::fen_to_game;
/// let g = fen_to_game(&Fen::starting()).unwrap();
/// assert_eq!(g.position.pieces.len(), 32);
/// assert_eq!(g.position.pieces.iter().filter(|p| p.special_right).count(), 22);
/// ```
pub fn fen_to_game(fen: &Fen) -> Result<Game, FenToIcnError> {
    if let Some(pocket) = &fen.pocket
        && !pocket.is_empty()
    {
        return Err(FenToIcnError::Unsupported(
            "a crazyhouse pocket (pieces in hand and drops)".into(),
        ));
    }
    if let Some((sq, _)) = fen.board.iter().find(|(_, p)| p.promoted) {
        return Err(FenToIcnError::Unsupported(format!(
            "the promoted marker `~` on {sq} (crazyhouse)"
        )));
    }
    let mut rules = chess_rules();
    let three_check = match (fen.remaining_checks, fen.given_checks) {
        (None, None) => false,
        (Some(Checks { white: 3, black: 3 }), None)
        | (None, Some(Checks { white: 0, black: 0 }))
        | (Some(Checks { white: 3, black: 3 }), Some(Checks { white: 0, black: 0 })) => true,
        _ => {
            return Err(FenToIcnError::Unsupported(
                "three-check counters other than 3+3 remaining or +0+0 given".into(),
            ));
        }
    };
    if three_check {
        rules.win_conditions = vec![
            (Player::WHITE, vec![WinCondition::ThreeCheck]),
            (Player::BLACK, vec![WinCondition::ThreeCheck]),
        ];
    }
    if is_chess960(fen) {
        rules.properties.insert(
            "castling".to_string(),
            castling_json(&chess960_castling(fen)),
        );
    }
    let mut squares: Vec<(&Square, &FenPiece)> = fen.board.iter().collect();
    squares.sort_by_key(|(s, _)| (s.rank, s.file));
    let pieces = squares
        .into_iter()
        .map(|(&sq, p)| {
            let player = p.piece.player;
            let special_right = match p.piece.kind {
                PieceKind::Pawn => sq.rank == start_rank(player),
                PieceKind::King => sq.rank == back_rank(player) && !fen.castling(player).is_empty(),
                PieceKind::Rook => {
                    sq.rank == back_rank(player) && fen.castling(player).contains(&sq.file)
                }
                _ => false,
            };
            PlacedPiece {
                promoted_from: None,
                piece: p.piece,
                at: coord_of(sq),
                special_right,
            }
        })
        .collect();
    let position = Position {
        holdings: Default::default(),
        count: None,
        pieces,
        turn_order: if fen.turn == Player::WHITE {
            vec![Player::WHITE, Player::BLACK]
        } else {
            vec![Player::BLACK, Player::WHITE]
        },
        en_passant: fen.en_passant.map(coord_of),
        en_passant_victim: None,
        move_rule: Some(MoveRule {
            played: Int::from(i64::from(fen.halfmove)),
            limit: Int::from(100),
        }),
        fullmove: Int::from(i64::from(fen.fullmove)),
    };
    Ok(Game {
        position,
        rules,
        ..Game::default()
    })
}

/// Whether some castling right of the FEN is one the site rule would play
/// differently from chess (and Chess960), so that the game needs explicit
/// castling moves ([`chess960_castling`]).
pub fn is_chess960(fen: &Fen) -> bool {
    [Player::WHITE, Player::BLACK]
        .into_iter()
        .any(|p| site_rule_mismatch(fen, p).is_some())
}

/// The castling of a FEN's rights as Chess960 plays it, as explicit moves
/// and no site rule: toward a rook east of the king, the king lands on the
/// g-file and the rook on the f-file; toward one west of it, on the c- and
/// d-files. Standard chess castling is the case of an e-file king and
/// corner rooks.
///
/// ```
/// use icn_adapters::fen::Fen;
/// use icn_adapters::fen_icn::chess960_castling;
/// let f = Fen::parse("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").unwrap();
/// let c = chess960_castling(&f);
/// assert!(c.castlers.is_empty());
/// let white: Vec<String> = c.explicit.iter().take(2)
///     .map(|m| format!("{}>{} {}>{}", m.king_from, m.king_to, m.partner_from, m.partner_to)).collect();
/// assert_eq!(white, ["5,1>3,1 2,1>4,1", "5,1>7,1 7,1>6,1"]);
/// ```
pub fn chess960_castling(fen: &Fen) -> Castling {
    let mut explicit = Vec::new();
    for player in [Player::WHITE, Player::BLACK] {
        let Some(king) = fen.king_file(player) else {
            continue;
        };
        let rank = back_rank(player);
        let at = |file: u8| coord_of(Square { file, rank });
        for &rook in fen.castling(player) {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            explicit.push(CastleMove {
                player,
                king_from: at(king),
                king_to: at(king_to),
                partner_from: at(rook),
                partner_to: at(rook_to),
            });
        }
    }
    Castling {
        explicit,
        ..Castling::none()
    }
}

/// The first castling rook of `player` whose castling the site rule would
/// play differently from chess (and Chess960): the king must stand on the
/// e-file and the rook at least three files away, so the king lands on the
/// c- or g-file and the rook beside it.
fn site_rule_mismatch(fen: &Fen, player: Player) -> Option<u8> {
    let rooks = fen.castling(player);
    let king = fen.king_file(player)?;
    rooks
        .iter()
        .copied()
        .find(|&r| king != 4 || r.abs_diff(king) < 3)
}

impl Fen {
    /// The rook files `player` may castle with.
    pub fn castling(&self, player: Player) -> &[u8] {
        if player == Player::WHITE {
            &self.white_castling
        } else {
            &self.black_castling
        }
    }
}

fn piece_error(p: &PlacedPiece, reason: impl fmt::Display) -> IcnToFenError {
    IcnToFenError::Piece {
        piece: format!("{} ({})", p.piece.code(), describe(p.piece)),
        at: p.at.to_string(),
        reason: reason.to_string(),
    }
}

fn describe(p: Piece) -> String {
    format!("{} {:?}", p.player, p.kind).to_lowercase()
}

/// The FEN of a game's start position. A game whose rules win by
/// `threecheck` gets the remaining-checks field `3+3`.
///
/// # Errors
/// See the module docs: the first piece FEN cannot hold is named.
///
/// ```
/// use icn_adapters::fen::CastlingStyle;
/// use icn_adapters::fen_icn::game_to_fen;
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w 0/100 1 K5,1+|R8,1+|k5,8", Dialect::Auto).unwrap();
/// assert_eq!(game_to_fen(&g).unwrap().write(CastlingStyle::XFen), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// let g = Game::parse("K5,1|k5,9", Dialect::Auto).unwrap();
/// assert!(game_to_fen(&g).unwrap_err().to_string().starts_with("k (black king) at 5,9"));
/// ```
pub fn game_to_fen(game: &Game) -> Result<Fen, IcnToFenError> {
    let castling = match game.rules.properties.get("castling") {
        None => None,
        Some(v) => Some(
            castling_from_json(v, "castling", Castling::site())
                .map_err(|e| IcnToFenError::Position(e.to_string()))?,
        ),
    };
    let mut fen = position_to_fen_with(&game.position, castling.is_some())?;
    if let Some(c) = castling {
        let needed = chess960_castling(&fen);
        if let Some(m) = needed.explicit.iter().find(|m| !c.explicit.contains(m)) {
            return Err(IcnToFenError::Position(format!(
                "{}'s castling right with the rook on {} is not one of the game's castling moves, and FEN castling is Chess960's",
                m.player, m.partner_from
            )));
        }
        if !c.castlers.is_empty() {
            return Err(IcnToFenError::Position(
                "the `castling` property keeps the site rule besides explicit moves, which FEN cannot say"
                    .into(),
            ));
        }
    }
    let three = |p| game.rules.wins_of(p) == [WinCondition::ThreeCheck];
    if three(Player::WHITE) && three(Player::BLACK) {
        fen.remaining_checks = Some(Checks { white: 3, black: 3 });
    }
    Ok(fen)
}

/// The FEN of a position.
///
/// # Errors
/// See the module docs: the first piece FEN cannot hold is named.
pub fn position_to_fen(position: &Position) -> Result<Fen, IcnToFenError> {
    position_to_fen_with(position, false)
}

/// [`position_to_fen`], with any castling right allowed when `chess960`
/// (the game castles by explicit moves), else only those the site rule
/// plays as chess does.
fn position_to_fen_with(position: &Position, chess960: bool) -> Result<Fen, IcnToFenError> {
    let turn = match position.turn_order.as_slice() {
        [Player::WHITE, Player::BLACK] | [] => Player::WHITE,
        [Player::BLACK, Player::WHITE] => Player::BLACK,
        other => {
            return Err(IcnToFenError::Position(format!(
                "FEN holds two players alternating, found the turn order {}",
                other
                    .iter()
                    .map(|p| p
                        .letter()
                        .map_or_else(|| p.number().to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(":")
            )));
        }
    };
    let mut fen = Fen {
        board: Default::default(),
        turn,
        white_castling: Vec::new(),
        black_castling: Vec::new(),
        en_passant: None,
        pocket: None,
        remaining_checks: None,
        given_checks: None,
        halfmove: 0,
        fullmove: 1,
    };
    for p in &position.pieces {
        let Some(sq) = square_of(&p.at) else {
            return Err(piece_error(p, "outside the 8×8 board (1..8, 1..8)"));
        };
        if letter_of(p.piece).is_none() {
            return Err(piece_error(
                p,
                "FEN names only kings, queens, rooks, bishops, knights and pawns of White and Black",
            ));
        }
        if fen
            .board
            .insert(
                sq,
                FenPiece {
                    piece: p.piece,
                    promoted: false,
                },
            )
            .is_some()
        {
            return Err(piece_error(p, "a second piece on this square"));
        }
    }
    for p in &position.pieces {
        let sq = square_of(&p.at).expect("checked above");
        let player = p.piece.player;
        match p.piece.kind {
            PieceKind::Pawn if p.special_right != (sq.rank == start_rank(player)) => {
                let why = if p.special_right {
                    "a double-step right off the start row, which FEN cannot say"
                } else {
                    "no double-step right on the start row, which FEN cannot say"
                };
                return Err(piece_error(p, why));
            }
            PieceKind::Pawn => {}
            PieceKind::King if p.special_right && sq.rank != back_rank(player) => {
                return Err(piece_error(p, "a castling right off the back rank"));
            }
            PieceKind::Rook | PieceKind::King => {}
            _ if p.special_right => {
                return Err(piece_error(p, "a castling `+` that FEN cannot say"));
            }
            _ => {}
        }
    }
    for player in [Player::WHITE, Player::BLACK] {
        let king = position.pieces.iter().find(|p| {
            p.piece == Piece::new(PieceKind::King, player)
                && p.special_right
                && p.at.y == Int::from(i64::from(back_rank(player)) + 1)
        });
        if king.is_none() {
            continue;
        }
        let mut files: Vec<u8> = position
            .pieces
            .iter()
            .filter(|p| {
                p.piece == Piece::new(PieceKind::Rook, player)
                    && p.special_right
                    && p.at.y == Int::from(i64::from(back_rank(player)) + 1)
            })
            .filter_map(|p| square_of(&p.at).map(|s| s.file))
            .collect();
        files.sort_unstable();
        let king_file = king.and_then(|k| square_of(&k.at)).map(|s| s.file);
        if let Some(k) = king_file
            && !chess960
            && let Some(&r) = files.iter().find(|&&r| k != 4 || r.abs_diff(k) < 3)
        {
            let p = king.expect("found above");
            return Err(piece_error(
                p,
                format!(
                    "castling with the rook on {},{}, which FEN's castling (e-file king, rook at least three files away) would play differently",
                    r + 1,
                    p.at.y
                ),
            ));
        }
        if player == Player::WHITE {
            fen.white_castling = files;
        } else {
            fen.black_castling = files;
        }
    }
    if let Some(v) = &position.en_passant_victim {
        return Err(IcnToFenError::Position(format!(
            "FEN cannot say which piece en passant takes (the one on {v}, not right behind the square)"
        )));
    }
    if let Some(ep) = &position.en_passant {
        let wanted = if turn == Player::WHITE { 5 } else { 2 };
        match square_of(ep) {
            Some(sq) if sq.rank == wanted => fen.en_passant = Some(sq),
            _ => {
                return Err(IcnToFenError::Position(format!(
                    "the en passant square {ep} is not on row {} with {turn} to move",
                    wanted + 1
                )));
            }
        }
    }
    if let Some(m) = &position.move_rule {
        fen.halfmove = m
            .played
            .to_i64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                IcnToFenError::Position(format!("move-rule counter {} too large", m.played))
            })?;
    }
    fen.fullmove = position
        .fullmove
        .to_i64()
        .and_then(|v| u32::try_from(v).ok())
        .filter(|&v| v >= 1)
        .ok_or_else(|| {
            IcnToFenError::Position(format!(
                "fullmove number {} out of range",
                position.fullmove
            ))
        })?;
    Ok(fen)
}

/// FEN text → ICN text of the game with the 8×8 rules.
///
/// # Errors
/// A bad FEN, or one ICN cannot express.
///
/// ```
/// use icn_adapters::fen_icn::fen2icn;
/// use icn_model::{Dialect, IcnForm, IcnStyle};
/// let style = IcnStyle { form: IcnForm::Compact, dialect: Dialect::Site };
/// let icn = fen2icn("4k3/8/8/8/8/8/8/4K2R w K - 0 1", style).unwrap();
/// assert_eq!(icn, "0/100 (8|1) 1,8,1,8 K5,1+|R8,1+|k5,8");
/// ```
pub fn fen2icn(text: &str, style: IcnStyle) -> Result<String, FenToIcnError> {
    let game = fen_to_game(&Fen::parse(text.trim())?)?;
    game.to_icn(style)
        .map_err(|e| FenToIcnError::Write(e.to_string()))
}

/// ICN text (a position or game; its start position is used) → FEN text.
///
/// # Errors
/// Bad ICN, or a position FEN cannot hold.
///
/// ```
/// use icn_adapters::fen::CastlingStyle;
/// use icn_adapters::fen_icn::icn2fen;
/// assert_eq!(icn2fen("w K5,1|k5,8|P1,2+", CastlingStyle::XFen).unwrap(), "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
/// ```
pub fn icn2fen(text: &str, style: CastlingStyle) -> Result<String, IcnToFenError> {
    let game = crate::document::read_either(text.trim(), icn_model::Dialect::Auto)
        .map_err(IcnToFenError::Parse)?;
    Ok(game_to_fen(&game)?.write(style))
}
