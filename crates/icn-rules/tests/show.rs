//! `variant list` and `variant show` output.

use icn_model::{Dialect, Game};
use icn_rules::catalogue;
use icn_rules::fbr;
use icn_rules::show::{ShowFormat, list, show};

#[test]
fn list_has_one_line_per_variant() {
    let text = list();
    let mut codes: Vec<&str> = catalogue::entries().iter().map(|e| e.code).collect();
    codes.dedup();
    assert_eq!(text.lines().count(), codes.len());
    assert_eq!(codes.len(), 25);
    let horde = text.lines().find(|l| l.starts_with("Pawn_Horde ")).unwrap();
    assert!(
        horde.contains("versions @1970-01-01 @2023-11-17 @2024-01-25"),
        "{horde}"
    );
    // A date picks the version in force on that day, as a millisecond does.
    for (date, ms) in [
        ("2023-11-17", 1_700_179_200_000u64),
        ("2024-01-25", 1_706_155_200_000),
    ] {
        let by_date = show(&format!("Pawn_Horde@{date}"), ShowFormat::Icn).unwrap();
        let by_ms = show(&format!("Pawn_Horde@{ms}"), ShowFormat::Icn).unwrap();
        assert_eq!(by_date.text, by_ms.text, "{date}");
    }
    let cubed = text
        .lines()
        .find(|l| l.starts_with("Omega_Cubed "))
        .unwrap();
    assert!(cubed.ends_with("[92149 pieces (generated)]"), "{cubed}");
}

#[test]
fn every_variant_shows_in_every_format() {
    for e in catalogue::entries() {
        let name = format!("{}@{}", e.code, e.valid_from_ms);
        let fbr_out = show(&name, ShowFormat::Fbr).unwrap();
        fbr::parse(&fbr_out.text).unwrap_or_else(|err| panic!("{name}: {err}"));
        let icn = show(&name, ShowFormat::Icn).unwrap();
        let g = Game::parse(&icn.text, Dialect::Auto).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(g.position.pieces.len() as u64, e.piece_count, "{name}");
        let json = show(&name, ShowFormat::Json).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json.text).unwrap();
        assert_eq!(v["code"], e.code);
        assert!(
            v["rules"]["wins"].is_object() && v["game"].is_object(),
            "{name}"
        );
    }
}

#[test]
fn names_and_formats() {
    assert_eq!("JSON".parse::<ShowFormat>(), Ok(ShowFormat::Json));
    assert!(
        "xml"
            .parse::<ShowFormat>()
            .unwrap_err()
            .contains("expected icn, fbr or json")
    );
    let e = show("nonsense", ShowFormat::Icn).unwrap_err().to_string();
    assert!(
        e.starts_with("unknown variant `nonsense`; known variants: Classical, Core"),
        "{e}"
    );
    let old = show("space classic@0", ShowFormat::Icn).unwrap();
    assert!(old.text.contains("(4|-3)"), "{}", old.text);
    let five = show("5d chess", ShowFormat::Fbr).unwrap();
    assert!(five.notes.iter().any(|n| n.contains("sub-boards")));
    assert!(five.notes.iter().any(|n| n.contains("world border")));
}
