//! Double steps wherever a piece stands on its region, written back as
//! Fairy-Stockfish's `doubleStepRegion…`: the reader turns a region a piece
//! can come (back) into into zone moves ([`icn_rules::limits::ZoneMoves`],
//! made by `lower_pieces::zone_double_steps`); here such zone moves, one
//! per side for each kind with initial moves, become the regions again.

use std::collections::BTreeSet;

use icn_model::{PieceKind, Player};
use icn_rules::RuleSet;
use icn_rules::limits::{Limits, ZoneMoves};

use super::write::Out;

/// Squares (1-based file, rank) for White and for Black.
type Regions = [BTreeSet<(u32, u32)>; 2];

/// The kinds whose zone moves are double-step regions, and the regions
/// (White's, Black's).
pub(super) struct ZoneDoubles {
    pub kinds: BTreeSet<PieceKind>,
    pub regions: Regions,
}

/// Takes out of `limits` the zone moves that are a kind's double steps on
/// its region, for both sides, where every such kind has the same region
/// per side.
pub(super) fn take(o: &Out, r: &RuleSet, limits: &mut Limits) -> ZoneDoubles {
    let mut out = ZoneDoubles {
        kinds: BTreeSet::new(),
        regions: [BTreeSet::new(), BTreeSet::new()],
    };
    let kinds: BTreeSet<PieceKind> = limits.zone_moves.iter().map(|z| z.kind).collect();
    let mut taken: BTreeSet<usize> = BTreeSet::new();
    for kind in kinds {
        let Some(regions) = regions_of(o, r, limits, kind) else {
            continue;
        };
        if !out.kinds.is_empty() && out.regions != regions.1 {
            continue;
        }
        out.kinds.insert(kind);
        out.regions = regions.1;
        taken.extend(regions.0);
    }
    limits.zone_moves = std::mem::take(&mut limits.zone_moves)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !taken.contains(i))
        .map(|(_, z)| z)
        .collect();
    out
}

/// The indices of `kind`'s two zone-move entries and its regions, when they
/// are its double steps for White and for Black.
fn regions_of(
    o: &Out,
    r: &RuleSet,
    limits: &Limits,
    kind: PieceKind,
) -> Option<(Vec<usize>, Regions)> {
    let expected = super::lower_pieces::zone_double_steps(&r.movement(kind))?;
    let entries: Vec<(usize, &ZoneMoves)> = limits
        .zone_moves
        .iter()
        .enumerate()
        .filter(|(_, z)| z.kind == kind)
        .collect();
    let mut regions: Regions = [BTreeSet::new(), BTreeSet::new()];
    for (side, player) in [Player::WHITE, Player::BLACK].into_iter().enumerate() {
        let [(_, z)] = entries
            .iter()
            .filter(|(_, z)| z.player == player)
            .copied()
            .collect::<Vec<_>>()[..]
        else {
            return None;
        };
        let plain = !z.unmoved_only && !z.not_in_check && !z.captures;
        if !plain || z.movement != expected {
            return None;
        }
        regions[side] = o.zone_squares(z.zone.as_ref()?).into_iter().collect();
    }
    (entries.len() == 2).then(|| (entries.iter().map(|(i, _)| *i).collect(), regions))
}
