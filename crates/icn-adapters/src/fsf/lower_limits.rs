//! `promotionLimit` (`q:1 r:2 …`): a promotion into a piece type is not
//! offered while the side has that many of it on the board — the model's
//! [`icn_rules::limits::PieceLimit`] (Sjaak's `Max:`), for both sides.

use icn_model::Player;
use icn_rules::RuleSet;
use icn_rules::limits::PieceLimit;

use super::lower::Lowering;
use super::lower_pieces::Lowered;

/// Adds the piece limits of `promotionLimit` (a count of 0 is no limit),
/// refusing a malformed entry or a letter the variant has no piece for.
pub(super) fn promotion_limits(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let Some((text, origin)) = l.text("promotionLimit") else {
        return;
    };
    for entry in text.split_whitespace() {
        let parsed = entry
            .split_once(':')
            .and_then(|(letter, n)| Some((letter.chars().next()?, n.parse::<u32>().ok()?)));
        let Some((letter, max)) = parsed else {
            l.refuse(&origin, format!("`{entry}`: expected LETTER:COUNT"));
            continue;
        };
        // A count of 0 is no limit, as in Fairy-Stockfish.
        if max == 0 {
            continue;
        }
        let Some(kind) = super::lower_shogi::kind_of(l, pieces, letter) else {
            l.refuse(
                &origin,
                format!("`{entry}`: names a piece this variant does not have"),
            );
            continue;
        };
        for player in [Player::WHITE, Player::BLACK] {
            rules
                .limits
                .piece_limits
                .push(PieceLimit { kind, player, max });
        }
    }
}
