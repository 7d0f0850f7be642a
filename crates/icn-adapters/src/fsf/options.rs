//! Every option of `variants.ini` other than the piece slots: its value type
//! and the fields it sets, in the order Fairy-Stockfish reads them (an alias
//! such as `pawnTypes` sets several fields, and a more specific option read
//! later overrides it).
//!
//! Values are checked here ([`check`]): a bool is `true` or `false`, a rank
//! `1`–`10`, a file `1`–`12` or `a`–`l`, a result `win`, `loss`, `draw` or
//! `none`, a square list names squares (`e4`), whole ranks (`*3`) or whole
//! files (`a*`), or `-`. Piece letters are checked when the section's
//! pieces are known (see `resolve`).

/// The type of an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `true` / `false`.
    Bool,
    /// A natural number.
    Int,
    /// A rank, 1-based.
    Rank,
    /// A file, `a` or 1-based.
    File,
    /// `win`, `loss`, `draw`, `none`.
    Value,
    /// Free text (FEN, GUI strings).
    Text,
    /// A list of squares.
    Squares,
    /// Piece letters, `*` for all, `-` for none.
    Pieces,
    /// One piece letter or `*`.
    Piece,
    /// `p:g s:g` pairs of letters.
    PiecePairs,
    /// `q:1 r:2` letters with numbers.
    PieceCounts,
    /// Castling rights letters `KQkq`.
    Castling,
    /// One of the listed words.
    Word(&'static [&'static str]),
}

/// An option: its name, value type and the fields it sets.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// The option's name.
    pub name: &'static str,
    /// Its value type.
    pub kind: Kind,
    /// The fields it sets (its own name when empty).
    pub targets: &'static [&'static str],
}

const fn o(name: &'static str, kind: Kind) -> OptionDef {
    OptionDef {
        name,
        kind,
        targets: &[],
    }
}

const fn a(name: &'static str, kind: Kind, targets: &'static [&'static str]) -> OptionDef {
    OptionDef {
        name,
        kind,
        targets,
    }
}

const MATERIAL: &[&str] = &[
    "janggi",
    "unweighted",
    "whitedrawodds",
    "blackdrawodds",
    "none",
];
const COUNTING: &[&str] = &["makruk", "cambodian", "asean", "none"];
const CHASING: &[&str] = &["axf", "none"];
const ENCLOSING: &[&str] = &[
    "reversi",
    "ataxx",
    "quadwrangle",
    "snort",
    "anyside",
    "top",
    "none",
];
const WALLING: &[&str] = &["arrow", "duck", "edge", "past", "static", "none"];

use Kind::*;

/// The options after the piece slots, in Fairy-Stockfish's reading order
/// (`maxRank` and `maxFile` are read before the pieces; see [`FIRST`]).
pub const OPTIONS: &[OptionDef] = &[
    a(
        "pawnTypes",
        Pieces,
        &[
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
            "nMoveRuleTypesWhite",
            "nMoveRuleTypesBlack",
        ],
    ),
    o("variantTemplate", Text),
    o("pieceToCharTable", Text),
    o("pocketSize", Int),
    o("chess960", Bool),
    o("twoBoards", Bool),
    o("startFen", Text),
    o("promotionRegionWhite", Squares),
    o("promotionRegionBlack", Squares),
    a(
        "promotionPawnTypes",
        Pieces,
        &["promotionPawnTypesWhite", "promotionPawnTypesBlack"],
    ),
    o("promotionPawnTypesWhite", Pieces),
    o("promotionPawnTypesBlack", Pieces),
    a(
        "promotionPieceTypes",
        Pieces,
        &["promotionPieceTypesWhite", "promotionPieceTypesBlack"],
    ),
    o("promotionPieceTypesWhite", Pieces),
    o("promotionPieceTypesBlack", Pieces),
    o("sittuyinPromotion", Bool),
    o("promotionLimit", PieceCounts),
    o("promotedPieceType", PiecePairs),
    o("piecePromotionOnCapture", Bool),
    o("mandatoryPawnPromotion", Bool),
    o("mandatoryPiecePromotion", Bool),
    o("pieceDemotion", Bool),
    o("blastOnCapture", Bool),
    o("blastImmuneTypes", Pieces),
    o("mutuallyImmuneTypes", Pieces),
    o("petrifyOnCaptureTypes", Pieces),
    o("petrifyBlastPieces", Bool),
    o("doubleStep", Bool),
    o("doubleStepRegionWhite", Squares),
    o("doubleStepRegionBlack", Squares),
    o("tripleStepRegionWhite", Squares),
    o("tripleStepRegionBlack", Squares),
    a(
        "enPassantRegion",
        Squares,
        &["enPassantRegionWhite", "enPassantRegionBlack"],
    ),
    o("enPassantRegionWhite", Squares),
    o("enPassantRegionBlack", Squares),
    a(
        "enPassantTypes",
        Pieces,
        &["enPassantTypesWhite", "enPassantTypesBlack"],
    ),
    o("enPassantTypesWhite", Pieces),
    o("enPassantTypesBlack", Pieces),
    o("castling", Bool),
    o("castlingDroppedPiece", Bool),
    o("castlingKingsideFile", File),
    o("castlingQueensideFile", File),
    o("castlingRank", Rank),
    o("castlingKingFile", File),
    a(
        "castlingKingPiece",
        Piece,
        &["castlingKingPieceWhite", "castlingKingPieceBlack"],
    ),
    o("castlingKingPieceWhite", Piece),
    o("castlingKingPieceBlack", Piece),
    o("castlingRookKingsideFile", File),
    o("castlingRookQueensideFile", File),
    a(
        "castlingRookPieces",
        Pieces,
        &["castlingRookPiecesWhite", "castlingRookPiecesBlack"],
    ),
    o("castlingRookPiecesWhite", Pieces),
    o("castlingRookPiecesBlack", Pieces),
    o("oppositeCastling", Bool),
    o("checking", Bool),
    o("dropChecks", Bool),
    o("mustCapture", Bool),
    o("mustDrop", Bool),
    o("mustDropType", Piece),
    o("pieceDrops", Bool),
    o("dropLoop", Bool),
    o("capturesToHand", Bool),
    o("firstRankPawnDrops", Bool),
    o("promotionZonePawnDrops", Bool),
    o("enclosingDrop", Word(ENCLOSING)),
    o("enclosingDropStart", Squares),
    o("dropRegionWhite", Squares),
    o("dropRegionBlack", Squares),
    o("sittuyinRookDrop", Bool),
    o("dropOppositeColoredBishop", Bool),
    o("dropPromoted", Bool),
    o("dropNoDoubled", Piece),
    o("dropNoDoubledCount", Int),
    o("immobilityIllegal", Bool),
    o("gating", Bool),
    o("wallingRule", Word(WALLING)),
    o("wallingRegionWhite", Squares),
    o("wallingRegionBlack", Squares),
    a(
        "wallingRegion",
        Squares,
        &["wallingRegionWhite", "wallingRegionBlack"],
    ),
    o("wallOrMove", Bool),
    o("seirawanGating", Bool),
    o("cambodianMoves", Bool),
    o("diagonalLines", Squares),
    a("pass", Bool, &["passWhite", "passBlack"]),
    o("passWhite", Bool),
    o("passBlack", Bool),
    a(
        "passOnStalemate",
        Bool,
        &["passOnStalemateWhite", "passOnStalemateBlack"],
    ),
    o("passOnStalemateWhite", Bool),
    o("passOnStalemateBlack", Bool),
    o("makpongRule", Bool),
    o("flyingGeneral", Bool),
    o("soldierPromotionRank", Rank),
    o("flipEnclosedPieces", Word(ENCLOSING)),
    a(
        "nMoveRuleTypes",
        Pieces,
        &["nMoveRuleTypesWhite", "nMoveRuleTypesBlack"],
    ),
    o("nMoveRuleTypesWhite", Pieces),
    o("nMoveRuleTypesBlack", Pieces),
    o("nMoveRule", Int),
    o("nFoldRule", Int),
    o("nFoldValue", Value),
    o("nFoldValueAbsolute", Bool),
    o("perpetualCheckIllegal", Bool),
    o("moveRepetitionIllegal", Bool),
    o("chasingRule", Word(CHASING)),
    o("stalemateValue", Value),
    o("stalematePieceCount", Bool),
    o("checkmateValue", Value),
    o("shogiPawnDropMateIllegal", Bool),
    o("shatarMateRule", Bool),
    o("bikjangRule", Bool),
    o("extinctionValue", Value),
    o("extinctionClaim", Bool),
    o("extinctionPseudoRoyal", Bool),
    o("dupleCheck", Bool),
    o("extinctionPieceTypes", Pieces),
    o("extinctionPieceCount", Int),
    o("extinctionOpponentPieceCount", Int),
    a("flagPiece", Piece, &["flagPieceWhite", "flagPieceBlack"]),
    o("flagPieceWhite", Piece),
    o("flagPieceBlack", Piece),
    a(
        "flagRegion",
        Squares,
        &["flagRegionWhite", "flagRegionBlack"],
    ),
    o("flagRegionWhite", Squares),
    o("flagRegionBlack", Squares),
    o("flagPieceCount", Int),
    o("flagPieceBlockedWin", Bool),
    o("flagMove", Bool),
    o("flagPieceSafe", Bool),
    o("checkCounting", Bool),
    o("connectN", Int),
    o("connectPieceTypes", Pieces),
    o("connectHorizontal", Bool),
    o("connectVertical", Bool),
    o("connectDiagonal", Bool),
    o("connectRegion1White", Squares),
    o("connectRegion2White", Squares),
    o("connectRegion1Black", Squares),
    o("connectRegion2Black", Squares),
    o("connectNxN", Int),
    o("collinearN", Int),
    o("connectValue", Value),
    o("materialCounting", Word(MATERIAL)),
    o("adjudicateFullBoard", Bool),
    o("countingRule", Word(COUNTING)),
    o("castlingWins", Castling),
];

/// Options read before the piece slots.
pub const FIRST: &[OptionDef] = &[o("maxRank", Rank), o("maxFile", File)];

/// Options that only tune the engine's evaluation or a GUI's display
/// (piece values, XBoard's template, piece images, pocket size): read and
/// checked, and not kept in the rule objects, which have no place for them
/// and need none.
pub const COSMETIC: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Options of older Fairy-Stockfish versions, with the name that replaced them.
pub const DEPRECATED: &[(&str, &str)] = &[
    ("promotionRank", "promotionRegionWhite/Black"),
    ("doubleStepRank", "doubleStepRegionWhite/Black"),
    ("doubleStepRankMin", "doubleStepRegionWhite/Black"),
    ("whiteFlag", "flagRegionWhite"),
    ("blackFlag", "flagRegionBlack"),
    ("castlingRookPiece", "castlingRookPieces"),
    ("whiteDropRegion", "dropRegionWhite"),
    ("blackDropRegion", "dropRegionBlack"),
    ("dropOnTop", "enclosingDrop = top"),
];

/// The definition of an option.
pub fn find(name: &str) -> Option<&'static OptionDef> {
    FIRST.iter().chain(OPTIONS).find(|d| d.name == name)
}

impl OptionDef {
    /// The fields the option sets.
    pub fn fields(&self) -> Vec<&'static str> {
        if self.targets.is_empty() {
            vec![self.name]
        } else {
            self.targets.to_vec()
        }
    }
}

/// The largest rank and file number Fairy-Stockfish's large-board build holds.
pub const MAX_RANKS: u32 = 10;
/// See [`MAX_RANKS`].
pub const MAX_FILES: u32 = 12;

/// A rank number, 1-based.
pub fn rank(v: &str) -> Option<u32> {
    v.parse::<u32>()
        .ok()
        .filter(|r| (1..=MAX_RANKS).contains(r))
}

/// A file number, 1-based, from `a`–`l` or `1`–`12`.
pub fn file(v: &str) -> Option<u32> {
    let f = match v.chars().next()? {
        c if c.is_ascii_digit() => v.parse::<u32>().ok()?,
        c if c.is_ascii_lowercase() && v.len() == 1 => u32::from(c) - u32::from('a') + 1,
        _ => return None,
    };
    (1..=MAX_FILES).contains(&f).then_some(f)
}

/// A square list as (file, rank) pairs, 1-based, given the board size; `-`
/// or empty is no square.
pub fn squares(v: &str, files: u32, ranks: u32) -> Option<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    for token in v.split_whitespace() {
        if token == "-" {
            break;
        }
        if let Some(r) = token.strip_prefix('*') {
            let r = r
                .parse::<u32>()
                .ok()
                .filter(|r| (1..=MAX_RANKS).contains(r))?;
            out.extend((1..=files).map(|f| (f, r)));
        } else if let Some(f) = token.strip_suffix('*') {
            let f = file(f).filter(|_| f.len() == 1)?;
            out.extend((1..=ranks).map(|r| (f, r)));
        } else {
            let (f, r) = token.split_at(1);
            let f = file(f).filter(|_| f.chars().all(|c| c.is_ascii_lowercase()))?;
            out.push((f, rank(r)?));
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// Checks a value against its option's type (piece letters only for shape).
///
/// # Errors
/// What was expected.
pub fn check(kind: Kind, v: &str) -> Result<(), String> {
    let ok = match kind {
        Bool => v == "true" || v == "false",
        Int => v.parse::<u32>().is_ok(),
        Rank => rank(v).is_some(),
        File => file(v).is_some(),
        Value => ["win", "loss", "draw", "none"].contains(&v),
        Text => true,
        Squares => squares(v, MAX_FILES, MAX_RANKS).is_some(),
        Word(words) => words.contains(&v),
        Castling => v.chars().all(|c| "KQkq-".contains(c)),
        Pieces | Piece | PiecePairs | PieceCounts => true,
    };
    if ok {
        return Ok(());
    }
    Err(match kind {
        Bool => "expected `true` or `false`".to_string(),
        Int => "expected a whole number".to_string(),
        Rank => format!("expected a rank from 1 to {MAX_RANKS}"),
        File => format!("expected a file from `a` to `l` (or 1 to {MAX_FILES})"),
        Value => "expected `win`, `loss`, `draw` or `none`".to_string(),
        Squares => "expected squares (`e4`), ranks (`*3`), files (`a*`) or `-`".to_string(),
        Word(words) => format!("expected one of {}", words.join(", ")),
        _ => "expected castling letters from `KQkq`".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_by_type() {
        assert!(check(Bool, "true").is_ok());
        assert!(check(Bool, "yes").is_err());
        assert!(check(File, "k").is_ok());
        assert!(check(File, "m").is_err());
        assert!(check(Rank, "11").is_err());
        assert!(check(Squares, "a1 *3 b* -").is_ok());
        assert!(check(Squares, "3a").is_err());
        assert_eq!(squares("*2 a1", 3, 3).unwrap().len(), 4);
        assert_eq!(squares("b*", 3, 2).unwrap(), vec![(2, 1), (2, 2)]);
    }

    #[test]
    fn every_option_is_found_once() {
        for d in FIRST.iter().chain(OPTIONS) {
            assert_eq!(find(d.name).map(|x| x.name), Some(d.name));
        }
    }
}
