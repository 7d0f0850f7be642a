//! The built-in catalogue: every version loads (the generated Omega³ and
//! Omega⁴ included), matches the reference census, and survives rules → ICN →
//! rules.

use std::collections::{BTreeMap, HashSet};

use icn_model::{Coord, Dialect, Game, IcnForm, IcnStyle, Piece, PieceKind, Player};
use icn_rules::catalogue::{self, Source};
use icn_rules::lower::{game_of, rules_from_game};
use icn_rules::{Outcome, WinRule, Zone};

#[test]
fn every_entry_matches_its_census() {
    let mut checked = 0;
    for e in catalogue::entries() {
        let v = e
            .variant()
            .unwrap_or_else(|err| panic!("{}: {err}", e.code));
        assert_eq!(v.position.pieces.len() as u64, e.piece_count, "{}", e.code);
        let mut counted: BTreeMap<(Player, PieceKind), u64> = BTreeMap::new();
        for p in &v.position.pieces {
            *counted.entry((p.piece.player, p.piece.kind)).or_default() += 1;
        }
        let expected: BTreeMap<(Player, PieceKind), u64> =
            e.census.iter().map(|(p, k, n)| ((*p, *k), *n)).collect();
        assert_eq!(counted, expected, "{}", e.code);
        checked += 1;
    }
    assert_eq!(checked, 34);
}

/// The reference's `icn_position_bytes` and `icn_bytes` of the generated
/// showcases: their piece list, and the whole text, in the site dialect.
const GENERATED_BYTES: [(&str, usize, usize); 2] = [
    ("Omega_Cubed", 800_187, 800_234),
    ("Omega_Fourth", 1_803_034, 1_803_081),
];

#[test]
fn generated_entries_have_their_start_positions() {
    for (name, pieces) in [("Omega³", 92_149), ("omega_fourth", 186_285)] {
        let e = catalogue::find(name).unwrap();
        assert_eq!(e.source, Source::Generator);
        let v = e.variant().unwrap();
        assert_eq!(v.position.pieces.len(), pieces, "{}", e.code);
        assert_eq!(v.position.turn_order, [Player::BLACK, Player::WHITE]);
        // The site's generator gives no piece a special right (no double
        // pushes in these showcases).
        assert!(v.position.pieces.iter().all(|p| !p.special_right));
        // Every square holds one piece.
        let squares: HashSet<&Coord> = v.position.pieces.iter().map(|p| &p.at).collect();
        assert_eq!(squares.len(), pieces, "{}", e.code);
        // The rules come without building the position, and agree.
        assert_eq!(e.rules().unwrap(), v.rules);
        assert_eq!(v.rules.wins_of(Player::WHITE), [WinRule::RoyalCapture]);
        // Asking twice gives the same position.
        assert_eq!(e.game().unwrap().position, v.position);
    }
    let cubed = catalogue::find("omega^3").unwrap().variant().unwrap();
    let at = |x: i64, y: i64| cubed.position.piece_at(&Coord::new(x, y)).map(|p| p.piece);
    assert_eq!(at(3, 15), Some(Piece::new(PieceKind::King, Player::WHITE)));
    assert_eq!(at(10, 12), Some(Piece::new(PieceKind::King, Player::BLACK)));
    assert_eq!(at(9, 11), None);
    assert_eq!(
        at(-500, 0),
        Some(Piece::new(PieceKind::Void, Player::NEUTRAL))
    );
}

#[test]
fn generated_entries_have_the_reference_byte_size() {
    for (code, position_bytes, icn_bytes) in GENERATED_BYTES {
        let e = catalogue::find(code).unwrap();
        let text = e
            .game()
            .unwrap()
            .to_icn(IcnStyle {
                form: IcnForm::Full,
                dialect: Dialect::Site,
            })
            .unwrap();
        let piece_list = text.rsplit(' ').next().unwrap();
        assert_eq!(piece_list.len(), position_bytes, "{code}");
        assert_eq!(text.len(), icn_bytes, "{code}");
    }
}

#[test]
fn every_variant_round_trips_through_icn() {
    for e in catalogue::entries() {
        let v = e.variant().unwrap();
        let game =
            game_of(&v.rules, &v.position).unwrap_or_else(|err| panic!("{}: {err:?}", e.code));
        let text = game
            .to_icn(IcnStyle {
                form: IcnForm::Full,
                dialect: Dialect::Site,
            })
            .unwrap();
        let back = Game::parse(&text, Dialect::Auto).unwrap();
        assert_eq!(rules_from_game(&back).unwrap(), v.rules, "{}", e.code);
        assert_eq!(back.position, v.position, "{}", e.code);
    }
}

#[test]
fn catalogue_rules_are_what_the_reference_says() {
    let chess = catalogue::find("chess").unwrap().variant().unwrap();
    assert!(chess.rules.region.is_finite());
    assert_eq!(chess.rules.stalemate, Outcome::Draw);
    let horde = catalogue::find("Pawn Horde").unwrap().variant().unwrap();
    assert_eq!(
        horde.rules.wins_of(Player::BLACK),
        [WinRule::AllPiecesCaptured]
    );
    let five = catalogue::find("5d chess").unwrap().variant().unwrap();
    assert_eq!(
        five.rules
            .promotion_of(Player::WHITE)
            .unwrap()
            .zone
            .as_rows()
            .unwrap()
            .len(),
        8
    );
    // 5D Chess moves between its sub-boards: its knight keeps to them.
    let five = catalogue::find("5D_Chess").unwrap().rules().unwrap();
    let knight = five.movement(icn_model::PieceKind::Knight);
    assert_eq!(knight.components.len(), 48);
    assert!(knight.components.iter().all(|c| c.cells == Some(9)));
    let classical = catalogue::find("classical").unwrap().variant().unwrap();
    let promo = classical.rules.promotion_of(Player::BLACK).unwrap();
    assert_eq!(promo.zone, Zone::rows([1.into()]));
    assert!(promo.mandatory);
    let omega = catalogue::find("Showcase: Omega").unwrap();
    assert_eq!(omega.valid_until_ms, None);
    assert_eq!(catalogue::versions("omega").unwrap().len(), 2);
}
