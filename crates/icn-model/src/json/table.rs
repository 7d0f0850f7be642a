//! Serde for [`SquareTable`]: `startingPosition` and `specialRights` are
//! written straight from the piece list, with square keys formatted on the
//! stack, because they are most of the bytes of a large position.

use indexmap::IndexMap;
use schemars::JsonSchema;
use schemars::r#gen::SchemaGenerator;
use schemars::schema::Schema;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::dto::{JsonMoveDetail, MoveTable, SquareTable};
use super::write::{compact_move_into, piece_name};

struct SquareKey<'a>(&'a crate::Coord);

impl Serialize for SquareKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Squares that fit in i64 (nearly all) are formatted on the stack.
        if let Some((x, y)) = self.0.to_i64() {
            let mut buf = [0u8; 41];
            let (mut a, mut b) = (itoa::Buffer::new(), itoa::Buffer::new());
            let (x, y) = (a.format(x).as_bytes(), b.format(y).as_bytes());
            buf[..x.len()].copy_from_slice(x);
            buf[x.len()] = b',';
            let n = x.len() + 1 + y.len();
            buf[x.len() + 1..n].copy_from_slice(y);
            if let Ok(key) = std::str::from_utf8(&buf[..n]) {
                return s.serialize_str(key);
            }
        }
        let mut buf = String::with_capacity(48);
        self.0.push_to(&mut buf);
        s.serialize_str(&buf)
    }
}

impl Serialize for SquareTable<'_, String> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SquareTable::Read(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
            SquareTable::Pieces(pieces) => {
                let mut m = s.serialize_map(Some(pieces.len()))?;
                for p in *pieces {
                    m.serialize_entry(&SquareKey(&p.at), &*piece_name(p.piece))?;
                }
                m.end()
            }
        }
    }
}

impl Serialize for SquareTable<'_, bool> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SquareTable::Read(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
            SquareTable::Pieces(pieces) => {
                let with_right = pieces.iter().filter(|p| p.special_right);
                let mut m = s.serialize_map(Some(with_right.clone().count()))?;
                for p in with_right {
                    m.serialize_entry(&SquareKey(&p.at), &true)?;
                }
                m.end()
            }
        }
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for SquareTable<'_, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        entries(d).map(SquareTable::Read)
    }
}

/// Reads a JSON object into its entries in order, keeping a key given
/// twice (the reader decides what a repeated square means).
fn entries<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    d: D,
) -> Result<Vec<(String, V)>, D::Error> {
    struct Entries<V>(std::marker::PhantomData<V>);
    impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Entries<V> {
        type Value = Vec<(String, V)>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1 << 16));
            while let Some(entry) = map.next_entry::<String, V>()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Entries(std::marker::PhantomData))
}

/// Reads a JSON object into an ordered map, refusing a key given twice
/// (serde's maps would silently keep the last value).
///
/// # Errors
/// A duplicate key, or whatever the values' deserializer refuses.
pub fn unique_map<'de, D, V, S>(d: D) -> Result<IndexMap<String, V, S>, D::Error>
where
    D: Deserializer<'de>,
    V: Deserialize<'de>,
    S: std::hash::BuildHasher + Default,
{
    struct Unique<V, S>(std::marker::PhantomData<(V, S)>);
    impl<'de, V: Deserialize<'de>, S: std::hash::BuildHasher + Default> serde::de::Visitor<'de>
        for Unique<V, S>
    {
        type Value = IndexMap<String, V, S>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out =
                IndexMap::with_capacity_and_hasher(map.size_hint().unwrap_or(0), S::default());
            while let Some((k, v)) = map.next_entry::<String, V>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!("key \"{k}\" given twice")));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique(std::marker::PhantomData))
}

impl<V: JsonSchema> JsonSchema for SquareTable<'_, V> {
    fn schema_name() -> String {
        format!("SquareTable_{}", V::schema_name())
    }

    fn json_schema(r#gen: &mut SchemaGenerator) -> Schema {
        <IndexMap<String, V>>::json_schema(r#gen)
    }
}

impl Serialize for MoveTable<'_, String> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        match self {
            MoveTable::Read(v) => v.serialize(s),
            MoveTable::Moves(moves) => {
                let mut seq = s.serialize_seq(Some(moves.len()))?;
                let mut buf = String::with_capacity(32);
                for m in *moves {
                    buf.clear();
                    compact_move_into(m, &mut buf);
                    seq.serialize_element(buf.as_str())?;
                }
                seq.end()
            }
        }
    }
}

/// The details of one move, borrowed from the model.
struct Detail<'a>(&'a crate::Move);

impl Serialize for Detail<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m = self.0;
        let count = usize::from(m.piece.is_some())
            + usize::from(m.capture)
            + usize::from(m.check.is_some())
            + usize::from(m.glyph.is_some())
            + usize::from(m.clock.is_some())
            + usize::from(!m.commands.is_empty())
            + usize::from(!m.comments.is_empty());
        let mut map = s.serialize_map(Some(count))?;
        if let Some(p) = m.piece {
            map.serialize_entry("piece", &p.code())?;
        }
        if m.capture {
            map.serialize_entry("capture", &true)?;
        }
        if let Some(c) = m.check {
            map.serialize_entry(
                "check",
                if c == crate::CheckMark::Check {
                    "+"
                } else {
                    "#"
                },
            )?;
        }
        if let Some(g) = &m.glyph {
            map.serialize_entry("glyph", g)?;
        }
        if let Some(c) = m.clock {
            map.serialize_entry("clock", &c.format())?;
        }
        if !m.commands.is_empty() {
            map.serialize_entry("commands", &m.commands)?;
        }
        if !m.comments.is_empty() {
            map.serialize_entry("comments", &m.comments)?;
        }
        map.end()
    }
}

impl Serialize for MoveTable<'_, JsonMoveDetail> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            MoveTable::Read(v) => v.serialize(s),
            MoveTable::Moves(moves) => s.collect_seq(moves.iter().map(Detail)),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for MoveTable<'_, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(MoveTable::Read)
    }
}

impl<T: JsonSchema> JsonSchema for MoveTable<'_, T> {
    fn schema_name() -> String {
        format!("MoveTable_{}", T::schema_name())
    }

    fn is_referenceable() -> bool {
        false
    }

    fn json_schema(r#gen: &mut SchemaGenerator) -> Schema {
        <Vec<T>>::json_schema(r#gen)
    }
}
