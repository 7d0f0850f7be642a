//! [`JsonInt`] on the wire: a number when its magnitude is below 2^53 (so
//! every JSON reader gets it exactly), otherwise a decimal string. Reading
//! accepts either form, and numbers of any length exactly.

use schemars::JsonSchema;
use schemars::r#gen::SchemaGenerator;
use schemars::schema::{InstanceType, Schema, SchemaObject, SubschemaValidation};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::dto::JsonInt;
use crate::Int;

const SAFE: i64 = (1 << 53) - 1;

impl Serialize for JsonInt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.to_i64() {
            Some(v) if (-SAFE..=SAFE).contains(&v) => s.serialize_i64(v),
            _ => s.serialize_str(&self.0.to_string()),
        }
    }
}

struct IntVisitor;

impl<'de> Visitor<'de> for IntVisitor {
    type Value = JsonInt;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an integer, as a number or a decimal string")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<JsonInt, E> {
        Ok(JsonInt(Int::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<JsonInt, E> {
        Int::parse(&v.to_string()).map(JsonInt).map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<JsonInt, E> {
        Int::parse(v)
            .map(JsonInt)
            .map_err(|_| E::custom(format!("expected an integer, found \"{v}\"")))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<JsonInt, E> {
        Err(E::custom(format!("expected an integer, found {v}")))
    }

    // With serde_json's `arbitrary_precision`, numbers arrive as a map holding their text.
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<JsonInt, A::Error> {
        let n: serde_json::Number =
            Deserialize::deserialize(de::value::MapAccessDeserializer::new(&mut map))?;
        let text = n.to_string();
        Int::parse(&text)
            .map(JsonInt)
            .map_err(|_| de::Error::custom(format!("expected an integer, found {text}")))
    }
}

impl<'de> Deserialize<'de> for JsonInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(IntVisitor)
    }
}

impl JsonSchema for JsonInt {
    fn schema_name() -> String {
        "Integer".to_string()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let number = SchemaObject {
            instance_type: Some(InstanceType::Integer.into()),
            ..Default::default()
        };
        let mut string = SchemaObject {
            instance_type: Some(InstanceType::String.into()),
            ..Default::default()
        };
        string.string().pattern = Some("^-?[0-9]+$".to_string());
        let mut obj = SchemaObject {
            subschemas: Some(Box::new(SubschemaValidation {
                any_of: Some(vec![number.into(), string.into()]),
                ..Default::default()
            })),
            ..Default::default()
        };
        obj.metadata().description = Some(
            "An exact integer: a number when |n| < 2^53, otherwise a decimal string.".to_string(),
        );
        obj.into()
    }
}
