//! The compact JSON long form written by hand, straight from the model into
//! a byte buffer: no serde view, no intermediate strings or maps for the
//! common parts. It writes exactly the bytes `serde_json` writes for the
//! serde view of [`super::dto`] (the reference path, kept for the pretty
//! form and checked against this one by `tests/json_emit.rs` over every
//! fixture and a generated corpus): the same keys in the same order, the
//! same omissions, integers beyond 2^53 as strings, and strings escaped as
//! `serde_json` escapes them (`\"`, `\\`, `\b \f \n \r \t`, other control
//! characters as `\u00XX`, everything else as is).
//!
//! Only the `{...}` properties (arbitrary JSON values) go through
//! `serde_json`, one value at a time.

use std::borrow::Cow;

use super::token::Token;
use super::write::{has_detail, piece_name, promotion_suffix_into};
use crate::{Coord, Game, Int, Move, Player};

/// Integers of at most this magnitude are JSON numbers; others are strings.
const SAFE: i64 = (1 << 53) - 1;

/// Appends the compact JSON long form of `game` to `out`.
pub(crate) fn write(game: &Game, out: &mut Vec<u8>) {
    let pos = &game.position;
    let standing = pos.standing();
    let two_player = pos.is_two_player_alternation();
    out.extend_from_slice(b"{\"metadata\":{");
    for (i, (k, v)) in game.metadata.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, k);
        out.push(b':');
        string(out, v);
    }
    out.extend_from_slice(b"},\"turn\":");
    player(out, pos.side_to_move());
    if !two_player {
        out.extend_from_slice(b",\"turnOrder\":");
        array(out, &pos.turn_order, |out, &p| player(out, p));
    }
    if let Some(c) = &pos.en_passant {
        out.extend_from_slice(b",\"enpassant\":");
        array(out, [&c.x, &c.y], int);
    }
    if let Some(c) = &pos.en_passant_victim {
        out.extend_from_slice(b",\"enpassantPawn\":");
        array(out, [&c.x, &c.y], int);
    }
    if let Some(r) = &pos.move_rule {
        out.extend_from_slice(b",\"moveRule\":\"");
        decimal(out, &r.played);
        out.push(b'/');
        decimal(out, &r.limit);
        out.push(b'"');
    }
    out.extend_from_slice(b",\"fullMove\":");
    int(out, &pos.fullmove);
    out.extend_from_slice(b",\"gameRules\":");
    rules(out, game, two_player);
    out.extend_from_slice(b",\"specialRights\":{");
    let mut first = true;
    for p in standing.iter().filter(|p| p.special_right) {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        let mut t = Token::new();
        t.slice(b"\":true");
        if t.square(&p.at) {
            t.byte(b'"');
            out.extend_from_slice(t.bytes());
        } else {
            square_key(out, &p.at);
            out.extend_from_slice(b":true");
        }
    }
    out.extend_from_slice(b"},\"startingPosition\":{");
    for (i, p) in standing.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        square_entry(out, &p.at, &piece_name(p.piece));
    }
    out.push(b'}');
    if !game.annotations.is_empty() {
        let a = &game.annotations;
        let mut text = String::with_capacity(48);
        out.extend_from_slice(b",\"annotations\":{\"squares\":");
        array(out, &a.squares, |out, c| {
            text.clear();
            c.push_to(&mut text);
            string(out, &text);
        });
        out.extend_from_slice(b",\"rays\":");
        array(out, &a.rays, |out, r| {
            text.clear();
            r.from.push_to(&mut text);
            text.push('>');
            r.direction.push_to(&mut text);
            string(out, &text);
        });
        out.push(b'}');
    }
    if !game.leading_comments.is_empty() {
        out.extend_from_slice(b",\"leadingComments\":");
        strings(out, &game.leading_comments);
    }
    out.extend_from_slice(b",\"moves\":");
    array(out, &game.moves, compact_move);
    if game.moves.iter().any(has_detail) {
        out.extend_from_slice(b",\"moveDetails\":");
        array(out, &game.moves, detail);
    }
    out.push(b'}');
}

/// The compact move as a JSON string, as `write::compact_move_into` writes it:
/// `"4,2>4,4"`, `"2,7>1,8Q"`, `"2,7>1,8=3q"`.
fn compact_move(out: &mut Vec<u8>, m: &Move) {
    if m.promotion.is_none() {
        let mut t = Token::new();
        t.byte(b'"');
        if t.square(&m.to) {
            t.byte(b'>');
            if t.square(&m.from) {
                t.byte(b'"');
                out.extend_from_slice(t.bytes());
                return;
            }
        }
    }
    out.push(b'"');
    decimal(out, &m.from.x);
    out.push(b',');
    decimal(out, &m.from.y);
    out.push(b'>');
    decimal(out, &m.to.x);
    out.push(b',');
    decimal(out, &m.to.y);
    if let Some(p) = m.promotion {
        let mut text = String::with_capacity(8);
        promotion_suffix_into(p, &mut text);
        out.extend_from_slice(text.as_bytes());
    }
    out.push(b'"');
}

/// One entry of `moveDetails`: `{}` for a plain move.
fn detail(out: &mut Vec<u8>, m: &Move) {
    // The site's common move: a clock stamp and nothing else, in one copy.
    if let Some(c) = m.clock
        && m.piece.is_none()
        && !m.capture
        && m.check.is_none()
        && m.glyph.is_none()
        && m.commands.is_empty()
        && m.comments.is_empty()
    {
        let mut t = Token::new();
        t.slice(b"\"}");
        t.clock(c);
        t.slice(b"{\"clock\":\"");
        out.extend_from_slice(t.bytes());
        return;
    }
    out.push(b'{');
    let mut first = true;
    let mut key = |out: &mut Vec<u8>, name: &[u8]| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        out.push(b'"');
        out.extend_from_slice(name);
        out.extend_from_slice(b"\":");
    };
    if let Some(p) = m.piece {
        key(out, b"piece");
        plain(out, &p.code());
    }
    if m.capture {
        key(out, b"capture");
        out.extend_from_slice(b"true");
    }
    if let Some(c) = m.check {
        key(out, b"check");
        out.extend_from_slice(if c == crate::CheckMark::Check {
            b"\"+\""
        } else {
            b"\"#\""
        });
    }
    if let Some(g) = &m.glyph {
        key(out, b"glyph");
        string(out, g);
    }
    if let Some(c) = m.clock {
        key(out, b"clock");
        let mut t = Token::new();
        t.byte(b'"');
        t.clock(c);
        t.byte(b'"');
        out.extend_from_slice(t.bytes());
    }
    if !m.commands.is_empty() {
        key(out, b"commands");
        strings(out, &m.commands);
    }
    if !m.comments.is_empty() {
        key(out, b"comments");
        strings(out, &m.comments);
    }
    out.push(b'}');
}

/// The `gameRules` object.
fn rules(out: &mut Vec<u8>, game: &Game, two_player: bool) {
    let r = &game.rules;
    out.push(b'{');
    // Every key but the first is preceded by a comma.
    let mut first = true;
    let mut key = |out: &mut Vec<u8>, name: &str| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        string(out, name);
        out.push(b':');
    };
    if !r.promotions.is_empty() {
        let fits_pair = two_player
            && r.promotions.iter().all(|(p, rule)| {
                matches!(*p, Player::WHITE | Player::BLACK) && rule.ranks.len() <= 1
            });
        key(out, "promotionRanks");
        array(out, [Player::WHITE, Player::BLACK], |out, p| {
            match r.promotion(p).and_then(|x| x.ranks.first()) {
                Some(rank) => int(out, rank),
                None => out.extend_from_slice(b"null"),
            }
        });
        if !fits_pair {
            key(out, "promotionRanksByPlayer");
            // Keyed by player, the last list of a player given twice winning
            // at the first one's place (as a map collects them).
            let players = unique(r.promotions.iter().map(|(p, _)| *p));
            let ranks = |p| {
                let last = r.promotions.iter().rev().find(|(q, _)| *q == p);
                last.map_or(&[][..], |(_, x)| &x.ranks[..])
            };
            by_player(out, &players, ranks, int);
        }
        key(out, "promotionsAllowed");
        let players = unique(
            [Player::WHITE, Player::BLACK]
                .into_iter()
                .chain(r.promotions.iter().map(|(p, _)| *p)),
        );
        let choices = |p| r.promotion(p).map_or(&[][..], |x| &x.choices[..]);
        by_player(out, &players, choices, |out, k| string(out, &k.json_name()));
    }
    key(out, "winConditions");
    let players = unique(r.win_conditions.iter().map(|(p, _)| *p));
    let wins = |p| {
        let last = r.win_conditions.iter().rev().find(|(q, _)| *q == p);
        last.map_or(&[][..], |(_, w)| &w[..])
    };
    by_player(out, &players, wins, |out, w| plain(out, w.keyword()));
    if let Some(b) = &r.world_border {
        key(out, "worldBorder");
        let sides = [
            ("left", &b.left),
            ("right", &b.right),
            ("bottom", &b.bottom),
            ("top", &b.top),
        ];
        out.push(b'{');
        for (i, (name, side)) in sides.into_iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            string(out, name);
            out.push(b':');
            match side {
                Some(v) => int(out, v),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.push(b'}');
    }
    for (name, value) in &r.properties {
        key(out, name);
        // Writing a JSON value into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, value);
    }
    out.push(b'}');
}

/// Each player once, in the order first met.
fn unique(players: impl Iterator<Item = Player>) -> Vec<Player> {
    let mut out: Vec<Player> = Vec::with_capacity(4);
    for p in players {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// A player's name as a JSON string.
fn player(out: &mut Vec<u8>, p: Player) {
    match p.name() {
        Cow::Borrowed(name) => {
            out.push(b'"');
            out.extend_from_slice(name.as_bytes());
            out.push(b'"');
        }
        Cow::Owned(name) => string(out, &name),
    }
}

/// A square and the name of its piece, `"x,y":"name"` (the name needs no
/// escapes, see [`plain`]).
fn square_entry(out: &mut Vec<u8>, at: &Coord, name: &str) {
    let mut t = Token::new();
    t.byte(b'"');
    if t.slice(name.as_bytes()) && t.slice(b"\":\"") && t.square(at) {
        t.byte(b'"');
        out.extend_from_slice(t.bytes());
        return;
    }
    square_key(out, at);
    out.push(b':');
    plain(out, name);
}

/// A square as an object key, `"x,y"`.
fn square_key(out: &mut Vec<u8>, at: &Coord) {
    let mut t = Token::new();
    t.byte(b'"');
    if t.square(at) {
        t.byte(b'"');
        out.extend_from_slice(t.bytes());
        return;
    }
    out.push(b'"');
    decimal(out, &at.x);
    out.push(b',');
    decimal(out, &at.y);
    out.push(b'"');
}

/// An integer's decimal digits (no quotes).
#[inline]
fn decimal(out: &mut Vec<u8>, v: &Int) {
    match v.to_i64() {
        Some(v) => out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
        None => out.extend_from_slice(v.to_string().as_bytes()),
    }
}

/// An exact integer: a number when its magnitude is below 2^53, else a string.
fn int(out: &mut Vec<u8>, v: &Int) {
    match v.to_i64() {
        Some(n) if (-SAFE..=SAFE).contains(&n) => {
            out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        }
        _ => {
            out.push(b'"');
            decimal(out, v);
            out.push(b'"');
        }
    }
}

/// An array of strings.
fn strings(out: &mut Vec<u8>, items: &[String]) {
    array(out, items, |out, s| string(out, s));
}

/// `[a,b,…]`, each item written by `each`.
fn array<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        each(out, item);
    }
    out.push(b']');
}

/// `{"white":[…],…}`: each of `players` once, with the array `list` gives.
fn by_player<'a, T: 'a>(
    out: &mut Vec<u8>,
    players: &[Player],
    list: impl Fn(Player) -> &'a [T],
    mut each: impl FnMut(&mut Vec<u8>, &T),
) {
    out.push(b'{');
    for (i, &p) in players.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        player(out, p);
        out.push(b':');
        array(out, list(p), &mut each);
    }
    out.push(b'}');
}

/// A JSON string that needs no escapes: piece codes and names, compact
/// moves and clock readings are ASCII letters, digits and `_-,>=:.` only.
#[inline]
fn plain(out: &mut Vec<u8>, s: &str) {
    debug_assert!(
        s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-,>=:.".contains(&b)),
        "{s:?} needs escapes"
    );
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// A JSON string, escaped as `serde_json` escapes it.
fn string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.reserve(s.len() + 2);
    out.push(b'"');
    let bytes = s.as_bytes();
    // Most strings need no escape: told without branching per byte (so
    // the compiler can test many bytes at once), then copied whole.
    let plain = bytes
        .iter()
        .fold(true, |ok, &b| ok & (b >= 0x20) & (b != b'"') & (b != b'\\'));
    if plain {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x0C => b'f',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x00..=0x1F => b'u',
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        out.push(b'\\');
        out.push(short);
        if short == b'u' {
            out.extend_from_slice(b"00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xF)]);
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let text = "a\"b\\c\u{8}\u{c}\n\r\t\u{1}\u{1f}\u{7f}é€😀/";
        let mut out = Vec::new();
        string(&mut out, text);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(text).unwrap()
        );
    }

    #[test]
    fn integers_beyond_2_to_53_are_strings() {
        let mut out = Vec::new();
        for v in [SAFE, -SAFE, SAFE + 1, -SAFE - 1, i64::MIN] {
            out.clear();
            int(&mut out, &Int::from(v));
            let expected = if (-SAFE..=SAFE).contains(&v) {
                v.to_string()
            } else {
                format!("\"{v}\"")
            };
            assert_eq!(String::from_utf8(out.clone()).unwrap(), expected);
        }
        let big = Int::parse("-123456789012345678901234567890").unwrap();
        out.clear();
        int(&mut out, &big);
        assert_eq!(out, b"\"-123456789012345678901234567890\"");
    }
}
