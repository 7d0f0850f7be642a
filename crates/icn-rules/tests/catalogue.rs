//! The built-in catalogue: every version loads, matches the reference census,
//! and survives rules → ICN → rules.

use std::collections::BTreeMap;

use icn_model::{Dialect, Game, IcnForm, IcnStyle, PieceKind, Player};
use icn_rules::catalogue::{self, CatalogueError, Source};
use icn_rules::lower::{game_of, rules_from_game};
use icn_rules::{Outcome, WinRule, Zone};

#[test]
fn every_icn_entry_matches_its_census() {
    let mut checked = 0;
    for e in catalogue::entries() {
        if e.source == Source::Generator {
            continue;
        }
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
    assert_eq!(checked, 32);
}

#[test]
fn generator_entries_are_refused_with_their_counts() {
    for (name, pieces) in [("Omega³", 92_149), ("omega_fourth", 186_285)] {
        let e = catalogue::find(name).unwrap();
        let err = e.variant().unwrap_err();
        assert_eq!(
            err,
            CatalogueError::NotGenerated {
                code: e.code.to_string(),
                pieces
            }
        );
        assert!(err.to_string().contains("generator"));
        assert_eq!(e.census.iter().map(|c| c.2).sum::<u64>(), pieces);
        assert!(e.caveat().is_some());
        // The rules are still known.
        let g = e.game().unwrap();
        let r = rules_from_game(&g).unwrap();
        assert_eq!(r.wins_of(Player::White), [WinRule::RoyalCapture]);
        assert_eq!(r.turn_order, [Player::Black, Player::White]);
    }
}

#[test]
fn every_variant_round_trips_through_icn() {
    for e in catalogue::entries()
        .iter()
        .filter(|e| e.source == Source::Icn)
    {
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
        horde.rules.wins_of(Player::Black),
        [WinRule::AllPiecesCaptured]
    );
    let five = catalogue::find("5d chess").unwrap().variant().unwrap();
    assert_eq!(
        five.rules
            .promotion_of(Player::White)
            .unwrap()
            .zone
            .as_rows()
            .unwrap()
            .len(),
        8
    );
    assert!(catalogue::find("5D_Chess").unwrap().caveat().is_some());
    let classical = catalogue::find("classical").unwrap().variant().unwrap();
    let promo = classical.rules.promotion_of(Player::Black).unwrap();
    assert_eq!(promo.zone, Zone::rows([1.into()]));
    assert!(promo.mandatory);
    let omega = catalogue::find("Showcase: Omega").unwrap();
    assert_eq!(omega.valid_until_ms, None);
    assert_eq!(catalogue::versions("omega").unwrap().len(), 2);
}
