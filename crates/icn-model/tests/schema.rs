//! `docs/icn.schema.json` is generated from the serde types of the JSON long
//! form; this test fails when they drift apart. `ICN_BLESS=1` rewrites it.

use std::path::PathBuf;

#[test]
fn schema_file_matches_the_types() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/icn.schema.json");
    let generated = serde_json::to_string_pretty(&icn_model::json::schema()).unwrap() + "\n";
    if std::env::var_os("ICN_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/icn.schema.json is out of date; run ICN_BLESS=1 cargo test -p icn-model --test schema"
    );
}

#[test]
fn schema_names_every_top_level_key_the_writer_uses() {
    let schema = icn_model::json::schema();
    let props = schema["properties"].as_object().unwrap();
    let game = icn_model::Game::parse(
        "[E \"x\"] w:b:w 4,3 0/100 2 (8,9|1) 1,8,_,_ Squares:1,1 p4,2|K1,2+ {c} 1,2>1,3{[%clk 0:01:00.0]}",
        icn_model::Dialect::Auto,
    )
    .unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&icn_model::json::to_json_string(&game)).unwrap();
    for key in v.as_object().unwrap().keys() {
        assert!(props.contains_key(key), "schema lacks `{key}`");
    }
    assert_eq!(v.as_object().unwrap().len(), 13, "{v}");
}
