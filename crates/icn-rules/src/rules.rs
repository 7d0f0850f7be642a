//! [`RuleSet`]: everything a variant says about how the game is played —
//! board region, piece movements, royalty, castling, en passant, promotion,
//! slide limit, turn order, win conditions, stalemate and draws — and
//! [`Variant`], a named rule set with its start position.
//!
//! These are plain values; building them refuses nothing. Texts that produce
//! them (ICN via [`crate::lower`], FBR via [`crate::fbr`]) do the refusing.
//!
//! ## Insufficient material
//! When [`Draws::insufficient_material`] is on, [`insufficient_material`]
//! declares a draw only in a two-player game where both sides win only by
//! checkmate, each side has exactly one king and no other royal, and the
//! remaining pieces are exactly one of: nothing (king vs king); one bishop;
//! one knight; any number of bishops (either side) all on squares of the
//! same colour. These positions are dead on any board. Nothing else is
//! declared drawn: on the infinite board many finite-board draws (king and
//! rook vs king, for one) are wins or unresolved, so those tables do not carry
//! over.

use std::collections::BTreeSet;

use icn_model::{Coord, Int, PieceKind, Player, Position};
use indexmap::IndexMap;

use crate::board::{Region, Zone};
use crate::limits::Limits;
use crate::movement::{Movement, movement_of, royal_by_default};

/// A way to win, for one player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinRule {
    /// Checkmate an opponent's royal.
    Checkmate,
    /// Capture any royal piece of an opponent.
    RoyalCapture,
    /// Capture every royal piece of an opponent.
    AllRoyalsCaptured,
    /// Capture every piece of an opponent.
    AllPiecesCaptured,
    /// Give check this many times (ICN's `threecheck` is 3).
    Checks(u32),
    /// Bring a royal onto the [`RuleSet::hill`].
    Koth,
    /// Be checkmated (FBR `royal=checkmated`; no ICN keyword says this).
    Checkmated,
    /// Have no piece left (suicide and antichess: Sjaak `nopieces = win`).
    NoPiecesLeft,
    /// Bring a piece onto any square of the player's flag zone
    /// ([`crate::limits::Limits::flags`]; Sjaak `captureanyflag = win`).
    FlagAny,
    /// Hold every square of the player's flag zone (Sjaak `captureallflags`).
    FlagAll,
    /// Leave every opponent with nothing but royal pieces (a bare king;
    /// Sjaak `loneking = loss` with `bare rule`); see
    /// [`crate::limits::Limits::bare_reply`].
    BareKing,
    /// Fairy-Stockfish's extinction rule ([`Extinction`]), when it is none of
    /// the rules above.
    Extinction(Extinction),
}

/// The game ends when a player has at most [`Extinction::at_most`] pieces of
/// one of [`Extinction::kinds`] (each kind counted alone; all the player's
/// pieces together when `None`), on the board and in hand, while the other
/// player has at least [`Extinction::opponent_at_least`] of it
/// (Fairy-Stockfish's `extinctionPieceTypes`, `extinctionPieceCount`,
/// `extinctionOpponentPieceCount`). It is held by the winner: the opponent
/// so left loses, or with [`Extinction::own`] the player so left wins
/// (`extinctionValue` loss and win). The player who moved last is looked
/// at first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Extinction {
    /// The kinds counted, each alone (`None`: every piece together).
    pub kinds: Option<BTreeSet<PieceKind>>,
    /// Left with this many or fewer (0: none left).
    pub at_most: u32,
    /// While the other player has at least this many.
    pub opponent_at_least: u32,
    /// The player so left wins (else its opponent does).
    pub own: bool,
}

/// A result from the point of view of the player it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nobody wins.
    Draw,
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
}

impl Outcome {
    /// `draw`, `win` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Draw => "draw",
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        }
    }
}

/// An explicit castling move (bounded boards, Sjaak `Castle:` lines).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CastleMove {
    /// Whose move it is.
    pub player: Player,
    /// Where the royal starts.
    pub king_from: Coord,
    /// Where it ends.
    pub king_to: Coord,
    /// Where the partner starts.
    pub partner_from: Coord,
    /// Where the partner ends.
    pub partner_to: Coord,
}

/// How castling works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Kinds that castle by the site rule when they have their `+` right: with
    /// the nearest piece on the same row in either direction, if that piece is
    /// friendly, has `+`, is not a pawn and is at least [`Castling::min_distance`]
    /// columns away; the castler moves [`Castling::king_steps`] squares toward
    /// it and the partner lands on the square it crossed. Empty: no site rule.
    pub castlers: BTreeSet<PieceKind>,
    /// Smallest column distance to the partner (3 on the site).
    pub min_distance: u32,
    /// How far the castler moves (2 on the site).
    pub king_steps: u32,
    /// Kinds a castler may castle with; `None` is the site rule (any
    /// non-pawn). FBR `royal=castle{R}` narrows it.
    pub partners: Option<BTreeSet<PieceKind>>,
    /// Explicit castling moves, in addition to the site rule.
    pub explicit: Vec<CastleMove>,
}

impl Castling {
    /// The site rule for kings and royal centaurs, no explicit moves.
    pub fn site() -> Self {
        Castling {
            castlers: [PieceKind::King, PieceKind::RoyalCentaur]
                .into_iter()
                .collect(),
            min_distance: 3,
            king_steps: 2,
            partners: None,
            explicit: Vec::new(),
        }
    }

    /// No castling at all.
    pub fn none() -> Self {
        Castling {
            castlers: BTreeSet::new(),
            min_distance: 3,
            king_steps: 2,
            partners: None,
            explicit: Vec::new(),
        }
    }
}

/// Who makes and who takes en passant squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// Kinds whose multi-step moves leave an en passant square.
    pub leavers: BTreeSet<PieceKind>,
    /// Kinds that may capture on it.
    pub takers: BTreeSet<PieceKind>,
}

impl Default for EnPassant {
    fn default() -> Self {
        EnPassant {
            leavers: [PieceKind::Pawn].into_iter().collect(),
            takers: [PieceKind::Pawn].into_iter().collect(),
        }
    }
}

/// One player's promotion rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionRule {
    /// Whose pieces promote.
    pub player: Player,
    /// Which kinds promote (pawns on the site).
    pub promoting: BTreeSet<PieceKind>,
    /// Where.
    pub zone: Zone,
    /// To what, in order.
    pub choices: Vec<PieceKind>,
    /// Whether a piece entering the zone must promote (`false`: it may stay).
    pub mandatory: bool,
    /// Where promotion is compulsory even when [`PromotionRule::mandatory`] is
    /// `false`: the squares from which the piece could never move again, as
    /// in Sjaak's default promotion and shogi. Empty for most variants.
    pub forced: Zone,
    /// A move that starts in the zone may promote too, wherever it ends
    /// (shogi; Fairy-Stockfish's `promotedPieceType`).
    pub from_zone: bool,
    /// Promotion is a move of its own, never part of arriving (Sittuyin;
    /// Fairy-Stockfish's `sittuyinPromotion`). As the player's whole move, a
    /// piece of a promoting kind standing in the zone (any of its squares
    /// when it is the player's only piece of the promoting kinds) becomes a
    /// choice under its piece limit, on its own square or on an empty square
    /// the new piece could move to from there. The new piece may not
    /// attack an enemy piece where it stands, and the move may not give
    /// check. A player with only a royal and that one piece, not in check,
    /// whose every legal move is such a promotion, is stalemated: the game
    /// is drawn.
    pub by_move: bool,
    /// Promoted pieces turn back (Kyoto shogi; Fairy-Stockfish's
    /// `pieceDemotion`): a piece of one of [`PromotionRule::choices`]
    /// promoted from one of [`PromotionRule::promoting`] (by this rule, by a
    /// promoted drop, or at the start) becomes that kind again by the moves
    /// that would promote it (into the zone, or from it with
    /// [`PromotionRule::from_zone`]), under the same
    /// [`PromotionRule::mandatory`], [`PromotionRule::forced`] and
    /// [`PromotionRule::on_capture`].
    pub demotes: bool,
    /// Only captures promote (Micro shogi; Fairy-Stockfish's
    /// `piecePromotionOnCapture`): a move that takes nothing never promotes
    /// (nor demotes), and is never made to.
    pub on_capture: bool,
}

impl PromotionRule {
    /// What a format that only promotes on arrival (FBR, Sjaak) loses of
    /// this rule, each followed by `how` (what the format writes instead).
    ///
    /// ```
    /// use icn_rules::{PromotionRule, Zone};
    /// let mut p = PromotionRule {
    ///     player: icn_model::Player::WHITE,
    ///     promoting: Default::default(),
    ///     zone: Zone::empty(),
    ///     choices: Vec::new(),
    ///     mandatory: true,
    ///     forced: Zone::empty(),
    ///     from_zone: false,
    ///     by_move: false,
    ///     demotes: true,
    ///     on_capture: false,
    /// };
    /// assert!(p.arrival_losses(": lost")[0].contains("turn back"));
    /// p.demotes = false;
    /// assert!(p.arrival_losses(": lost").is_empty());
    /// ```
    pub fn arrival_losses(&self, how: &str) -> Vec<String> {
        let player = self.player;
        [
            (self.by_move, "as a move of its own (Sittuyin)"),
            (
                self.demotes,
                "whose promoted pieces turn back (Kyoto shogi)",
            ),
            (self.on_capture, "by captures only (Micro shogi)"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| format!("promotion of {player} {what}{how}"))
        .collect()
    }
}

/// Draw rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draws {
    /// The move rule: a draw after this many plies without a pawn move or capture.
    pub move_rule: Option<Int>,
    /// The kinds whose moves reset the move-rule counter, beside captures
    /// (pawns by default; Fairy-Stockfish's `nMoveRuleTypes`).
    pub move_rule_resetters: BTreeSet<PieceKind>,
    /// The game ends when a position occurs this many times (3 by default),
    /// with [`Draws::repetition_result`].
    pub repetition: Option<u32>,
    /// What that repetition gives: a draw unless a variant says otherwise.
    pub repetition_result: RepetitionResult,
    /// The dead-position cases listed in the module docs are drawn.
    pub insufficient_material: bool,
    /// Makruk-family counting ([`crate::counting`]).
    pub counting: Option<crate::counting::Counting>,
    /// Games that would end drawn by the move rule, repetition, two passes
    /// in a row or the bikjang rule are decided by material instead
    /// ([`crate::material`]).
    pub material_count: Option<crate::material::MaterialCount>,
}

impl Default for Draws {
    fn default() -> Self {
        Draws {
            move_rule: None,
            move_rule_resetters: [PieceKind::Pawn].into_iter().collect(),
            repetition: Some(3),
            repetition_result: RepetitionResult::default(),
            insufficient_material: true,
            counting: None,
            material_count: None,
        }
    }
}

/// Ways to lose other than the opponent's win conditions (FBR `loss=`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    /// A player who gives check this many times in a repetition loses.
    pub perpetual_check: Option<u32>,
}

/// What an N-fold repetition ([`Draws::repetition`]) gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepetitionResult {
    /// This outcome for the player to move in the repeated position
    /// (Fairy-Stockfish `nFoldValue`; Sjaak's `repeatN` score is the
    /// opposite one, from the last mover's side; FBR `loss=repetition` is
    /// `ToMove(Win)`: the player who repeats loses).
    ToMove(Outcome),
    /// This outcome for White and the opposite one for every other player,
    /// whoever moves (Fairy-Stockfish `nFoldValueAbsolute`).
    ForWhite(Outcome),
}

impl Default for RepetitionResult {
    /// A draw.
    fn default() -> Self {
        RepetitionResult::ToMove(Outcome::Draw)
    }
}

impl RepetitionResult {
    /// The winner when `to_move` is to move in the repeated position of a
    /// two-player game between `to_move` and `other` (`None`: a draw).
    pub fn winner(self, to_move: Player, other: Player) -> Option<Player> {
        let (player, outcome) = match self {
            RepetitionResult::ToMove(o) => (to_move, o),
            RepetitionResult::ForWhite(o) => (Player::WHITE, o),
        };
        let opponent = if player == to_move { other } else { to_move };
        match outcome {
            Outcome::Draw => None,
            Outcome::Win => Some(player),
            Outcome::Loss => Some(opponent),
        }
    }
}

/// How a variant is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The squares that exist.
    pub region: Region,
    /// Movements that differ from [`movement_of`]. A kind that is not
    /// built-in ([`PieceKind::is_builtin`]) exists in the variant exactly
    /// when it has an entry here: that is how a variant defines its own
    /// pieces, as many as it likes.
    pub movements: IndexMap<PieceKind, Movement>,
    /// Names of the variant's own pieces (`"Peasant"`), where a definition
    /// gave one; a kind without a name is called by its code.
    pub piece_names: IndexMap<PieceKind, String>,
    /// Kinds that are royal.
    pub royals: BTreeSet<PieceKind>,
    /// Castling.
    pub castling: Castling,
    /// En passant.
    pub en_passant: EnPassant,
    /// Promotion rules (players not listed do not promote; a player may have several).
    pub promotions: Vec<PromotionRule>,
    /// The most squares any ride or huygen may go (ICN `slideLimit`).
    pub slide_limit: Option<Int>,
    /// Who moves in what order, repeating; a player may appear twice.
    pub turn_order: Vec<Player>,
    /// Whether a player may pass instead of moving (ICN `cannotPassTurn`
    /// false, Fairy-Stockfish `pass`). A pass may not leave the player's
    /// royal in check (except under [`crate::limits::Limits::bikjang`]); two
    /// passes in a row end the game, drawn or decided by
    /// [`Draws::material_count`].
    pub can_pass: bool,
    /// Whether a player who can capture must capture (suicide, antichess).
    pub forced_capture: bool,
    /// Win conditions per player.
    pub wins: Vec<(Player, Vec<WinRule>)>,
    /// The hill for [`WinRule::Koth`].
    pub hill: Zone,
    /// What happens to a player who has no legal move and is not in check.
    pub stalemate: Outcome,
    /// Draw rules.
    pub draws: Draws,
    /// Losing rules.
    pub losses: Losses,
    /// Properties the rule objects do not model, kept so lowering back loses nothing.
    pub extra: IndexMap<String, serde_json::Value>,
    /// Pieces in hand and drops (`None`: captured pieces leave the game and
    /// nothing is dropped).
    pub drops: Option<crate::drops::Drops>,
    /// Flags, confinement zones, zone-bound moves, piece limits, the flying
    /// general and other limits ([`crate::limits`]).
    pub limits: Limits,
}

impl Default for RuleSet {
    /// Two players, unbounded board, site castling, en passant for pawns, no
    /// promotion, checkmate for both, stalemate a draw, threefold repetition.
    fn default() -> Self {
        RuleSet {
            region: Region::unbounded(),
            movements: IndexMap::new(),
            piece_names: IndexMap::new(),
            royals: PieceKind::ALL
                .into_iter()
                .filter(|&k| royal_by_default(k))
                .collect(),
            castling: Castling::site(),
            en_passant: EnPassant::default(),
            promotions: Vec::new(),
            slide_limit: None,
            turn_order: vec![Player::WHITE, Player::BLACK],
            can_pass: false,
            forced_capture: false,
            wins: vec![
                (Player::WHITE, vec![WinRule::Checkmate]),
                (Player::BLACK, vec![WinRule::Checkmate]),
            ],
            hill: Zone::default_hill(),
            stalemate: Outcome::Draw,
            draws: Draws::default(),
            losses: Losses::default(),
            extra: IndexMap::new(),
            drops: None,
            limits: Limits::default(),
        }
    }
}

impl RuleSet {
    /// The movement of `kind` under this rule set.
    pub fn movement(&self, kind: PieceKind) -> Movement {
        self.movements
            .get(&kind)
            .cloned()
            .unwrap_or_else(|| movement_of(kind))
    }

    /// Whether the variant has pieces of `kind`: a built-in kind, or one it
    /// defines in [`RuleSet::movements`].
    pub fn defines(&self, kind: PieceKind) -> bool {
        kind.is_builtin() || self.movements.contains_key(&kind)
    }

    /// The kinds the variant defines that are not built-in, in definition order.
    pub fn own_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.movements.keys().copied().filter(|k| !k.is_builtin())
    }

    /// What a kind is called: the name the variant gives it, else its code.
    pub fn piece_name(&self, kind: PieceKind) -> String {
        self.piece_names
            .get(&kind)
            .cloned()
            .unwrap_or_else(|| kind.code().to_string())
    }

    /// Whether `kind` is royal.
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.royals.contains(&kind)
    }

    /// The win rules of `player` (checkmate when not listed).
    pub fn wins_of(&self, player: Player) -> &[WinRule] {
        self.wins
            .iter()
            .find(|(p, _)| *p == player)
            .map_or(&[WinRule::Checkmate], |(_, w)| w.as_slice())
    }

    /// The (first) promotion rule of `player`.
    pub fn promotion_of(&self, player: Player) -> Option<&PromotionRule> {
        self.promotions.iter().find(|r| r.player == player)
    }

    /// Every promotion rule of `player` for `kind`, in order: a player may
    /// have several, each with its own kinds, zone and choices (Sjaak gives
    /// a piece one `Promotion:` line per zone). A move into squares of more
    /// than one offers the choices of all of them.
    pub fn promotions_for(
        &self,
        player: Player,
        kind: PieceKind,
    ) -> impl Iterator<Item = &PromotionRule> + '_ {
        self.promotions
            .iter()
            .filter(move |r| r.player == player && r.promoting.contains(&kind))
    }

    /// The slide limit as a step count, saturated to `u32::MAX` (what fast
    /// generators need; `None` means unlimited).
    pub fn slide_limit_u32(&self) -> Option<u32> {
        self.slide_limit.as_ref().map(|l| {
            l.to_i64()
                .map_or(u32::MAX, |v| u32::try_from(v).unwrap_or(u32::MAX))
        })
    }

    /// Whether check constrains `player`'s castling (and moves generally):
    /// true when some opponent of `player` wins by checkmate, or `player`
    /// wins by being checkmated (misère chess: the mate still ends the
    /// game, so check must still be answered). Then a royal may not be left
    /// attacked, nor castle out of, through or into check.
    ///
    /// ```
    /// use icn_rules::{RuleSet, WinRule};
    /// use icn_model::Player;
    /// let mut rules = RuleSet::default();
    /// assert!(rules.check_matters_for(Player::WHITE));
    /// rules.wins = vec![
    ///     (Player::WHITE, vec![WinRule::Checkmated]),
    ///     (Player::BLACK, vec![WinRule::Checkmated]),
    /// ];
    /// assert!(rules.check_matters_for(Player::WHITE));
    /// rules.wins = vec![(Player::WHITE, vec![]), (Player::BLACK, vec![WinRule::RoyalCapture])];
    /// assert!(!rules.check_matters_for(Player::WHITE));
    /// ```
    pub fn check_matters_for(&self, player: Player) -> bool {
        self.wins_of(player).contains(&WinRule::Checkmated)
            || self
                .turn_order
                .iter()
                .filter(|&&p| p != player)
                .any(|&p| self.wins_of(p).contains(&WinRule::Checkmate))
    }

    /// The players who take turns, each once, in number order.
    pub fn players(&self) -> Vec<Player> {
        let mut p: Vec<Player> = self
            .turn_order
            .iter()
            .copied()
            .filter(|&p| p != Player::NEUTRAL)
            .collect();
        p.sort();
        p.dedup();
        p
    }
}

/// A variant: a name, a rule set and its start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Catalogue code (`Classical`, `Space_Classic`).
    pub code: String,
    /// Display name (`Space Classic`).
    pub name: String,
    /// First moment (Unix ms) this version was current; 0 for the first version.
    pub valid_from_ms: u64,
    /// When it was replaced, if it was.
    pub valid_until_ms: Option<u64>,
    /// How it is played.
    pub rules: RuleSet,
    /// Where it starts.
    pub position: Position,
}

impl Variant {
    /// A variant read from a definition file: its name is also its code, and
    /// it has one version, current since the beginning.
    pub fn named(name: impl Into<String>, rules: RuleSet, position: Position) -> Variant {
        let name = name.into();
        Variant {
            code: name.clone(),
            name,
            valid_from_ms: 0,
            valid_until_ms: None,
            rules,
            position,
        }
    }
}

/// Whether the position is one of the dead cases of [`RuleSet`]'s module docs
/// (always `false` when the rule set does not draw on insufficient material or
/// is not a plain two-player checkmate game).
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_rules::{insufficient_material, RuleSet};
/// let g = Game::parse("K1,1|k5,5|B3,3|b9,9", Dialect::Auto).unwrap();
/// assert!(insufficient_material(&RuleSet::default(), &g.position));
/// let g = Game::parse("K1,1|k5,5|R3,3", Dialect::Auto).unwrap();
/// assert!(!insufficient_material(&RuleSet::default(), &g.position));
/// ```
pub fn insufficient_material(rules: &RuleSet, position: &Position) -> bool {
    if !rules.draws.insufficient_material || rules.players() != [Player::WHITE, Player::BLACK] {
        return false;
    }
    if rules
        .players()
        .iter()
        .any(|&p| rules.wins_of(p) != [WinRule::Checkmate])
    {
        return false;
    }
    let mut kings = [0u32; 2];
    let mut bishops_colours = BTreeSet::new();
    let mut bishops = 0u32;
    let mut knights = 0u32;
    for p in &position.pieces {
        let side = match p.piece.player {
            Player::WHITE => 0,
            Player::BLACK => 1,
            _ => return false,
        };
        match p.piece.kind {
            PieceKind::King => kings[side] += 1,
            PieceKind::Bishop => {
                bishops += 1;
                let Some((x, y)) = p.at.to_i64() else {
                    return false;
                };
                bishops_colours.insert((i128::from(x) + i128::from(y)).rem_euclid(2));
            }
            PieceKind::Knight => knights += 1,
            _ => return false,
        }
    }
    if kings != [1, 1] {
        return false;
    }
    match (bishops, knights) {
        (0, 0) | (1, 0) | (0, 1) => true,
        (_, 0) => bishops_colours.len() == 1,
        _ => false,
    }
}
