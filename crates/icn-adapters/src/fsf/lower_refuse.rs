//! The refusing half of [`super::lower`]: options the rule objects have no
//! place for, refused by name and place when their value has an effect.

use super::lower::Lowering;
use super::resolve::PieceSet;

/// Options with no place in the rule objects, refused when they have an effect.
pub(super) fn unsupported(l: &mut Lowering<'_>) {
    let drops = l.flag("pieceDrops", false);
    let model = "needs the model";
    for (field, neutral, why) in [
        (
            "twoBoards",
            "false",
            "holdings filled from another board: needs the model",
        ),
        (
            "petrifyBlastPieces",
            "false",
            "petrified pieces: needs the model",
        ),
        (
            "oppositeCastling",
            "false",
            "castling on the side the opponent did not: needs the model",
        ),
        (
            "wallingRule",
            "none",
            "walls placed on moves: needs the model",
        ),
        (
            "cambodianMoves",
            "false",
            "Cambodian special moves: needs the model",
        ),
        (
            "passOnStalemateWhite",
            "false",
            "passing when stalemated: needs the model",
        ),
        (
            "passOnStalemateBlack",
            "false",
            "passing when stalemated: needs the model",
        ),
        (
            "flipEnclosedPieces",
            "none",
            "flipping enclosed pieces: needs the model",
        ),
        (
            "stalematePieceCount",
            "false",
            "stalemate scored by material: needs the model",
        ),
        (
            "shatarMateRule",
            "false",
            "Shatar mating rules: needs the model",
        ),
        ("connectN", "0", "connect-N wins: needs the model"),
        ("connectNxN", "0", "connect-square wins: needs the model"),
        ("collinearN", "0", "collinear wins: needs the model"),
        (
            "adjudicateFullBoard",
            "false",
            "adjudication on a full board: needs the model",
        ),
        (
            "castlingWins",
            "-",
            "castling as a win condition: needs the model",
        ),
        (
            "enclosingDrop",
            "none",
            "drops that must enclose: needs the model",
        ),
    ] {
        l.refuse_unless(field, neutral, why);
    }
    if l.text("castlingWins").is_some_and(|(t, _)| t.is_empty()) {
        // An empty value says nothing.
    }
    for f in [
        "connectRegion1White",
        "connectRegion2White",
        "connectRegion1Black",
        "connectRegion2Black",
    ] {
        if let Some((t, o)) = l.text(f)
            && t != "-"
            && !t.is_empty()
        {
            l.refuse(&o, format!("`{t}`: connecting regions to win: {model}"));
        }
    }
    l.refuse_pieces_unless_default(
        "petrifyOnCaptureTypes",
        &format!("petrifying captures: {model}"),
    );
    if drops {
        for f in ["enclosingDropStart", "mustDropType"] {
            if let Some(o) = l.origin_of(f) {
                l.refuse(&o, format!("a drop rule: {model}"));
            }
        }
    }
    let ex = l
        .text("extinctionValue")
        .map(|(t, _)| t)
        .unwrap_or_else(|| "none".into());
    if ex != "none" {
        let all = l.piece_set("extinctionPieceTypes") == PieceSet::All;
        let plain = (ex == "loss" || ex == "win")
            && all
            && l.int("extinctionPieceCount", 0) == 0
            && l.int("extinctionOpponentPieceCount", 0) == 0
            && !l.flag("extinctionPseudoRoyal", false)
            && !l.flag("extinctionClaim", false);
        if !plain
            && super::lower_atomic::royal_extinction(l).is_none()
            && !super::lower_bare::is_bare_rule(l)
            && super::lower_bare::royal_count_rule(l).is_none()
            && super::lower_extinction::general(l).is_none()
        {
            let o = l
                .origin_of("extinctionPieceTypes")
                .or_else(|| l.origin_of("extinctionValue"));
            let what = if ex != "loss" && ex != "win" {
                format!("`extinctionValue = {ex}`: an extinction scored as {ex}")
            } else if l.flag("extinctionClaim", false) {
                "`extinctionClaim`: an extinction the side to move must claim".to_string()
            } else if l.flag("extinctionPseudoRoyal", false) {
                "pseudo-royal types beside a king under explosions".to_string()
            } else {
                "these extinction options".to_string()
            };
            if let Some(o) = o {
                l.refuse(&o, format!("{what}: {model}"));
            }
        }
    }
    let flag_w = l.squares("flagRegionWhite", "-");
    let flag_b = l.squares("flagRegionBlack", "-");
    if !flag_w.is_empty() || !flag_b.is_empty() {
        // `flagMove` with kings on both flags is the racing-kings reply
        // (lower_rules::flags); other flag moves wait for a held flag.
        // `flagPieceSafe` alone is the model's safe flags (lower_rules::flags).
        let safe_alone = !l.flag("flagMove", false);
        for option in ["flagPieceSafe", "flagPieceBlockedWin"] {
            if l.flag(option, false)
                && !(option == "flagPieceSafe" && safe_alone)
                && let Some(o) = l.origin_of(option)
            {
                l.refuse(
                    &o,
                    format!("`{option}` (a flag win that waits or needs a safe piece): {model}"),
                );
            }
        }
    }
    if let Some((t, o)) = l.text("checkmateValue")
        && t != "loss"
        && t != "win"
    {
        l.refuse(&o, format!("`{t}`: checkmate scored as {t}: {model}"));
    }
    for option in ["stalemateValue", "nFoldValue"] {
        if let Some((t, o)) = l.text(option)
            && t == "none"
        {
            l.refuse(&o, format!("`{t}`: {model}"));
        }
    }
    if let Some((t, o)) = l
        .text("wallingRegionWhite")
        .or_else(|| l.text("wallingRegionBlack"))
        && l.text("wallingRule").is_some_and(|(w, _)| w != "none")
    {
        l.refuse(&o, format!("`{t}`: {model}"));
    }
}
