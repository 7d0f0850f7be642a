//! A [`RuleSet`] → FBR text, in the forms the reader accepts, so that reading
//! the text back gives the same rule set for everything FBR can say.
//!
//! What FBR cannot say is not dropped silently: it is listed in
//! [`FbrText::omitted`] (world border, slide limit, turn order of more than
//! two players, passing, movements MBN cannot say, en passant changes, the move rule,
//! insufficient-material draws switched off, explicit castling moves and
//! castling distances, extra properties, players other than White and Black,
//! and every rule that would name a piece FBR has no name for: a side's
//! obstacle or void, `1ob` in ICN).
//! Zones print as ranks (`8`, `(-3)`), squares (`d4`, or `(x,y)` off the a–z
//! files or below rank 1), and closed blocks or bands, always with both
//! bounds (`c-f2-4`, `1-8`, `a-a1-1` for a one-square block). Custom
//! movements follow the rules as MBN piece definitions (`:CA:=N+mW`), one per
//! kind, by the kind's White letter.

use std::fmt::Write as _;

use icn_model::{Coord, Int, Piece, PieceKind, Player, WorldBorder};
use icn_syntax::Excerpt;

use super::meaning::side_kinds;
use crate::board::Zone;
use crate::rules::{
    Castling, Draws, EnPassant, Losses, Outcome, RepetitionResult, RuleSet, WinRule,
};

/// FBR text and what it could not say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FbrText {
    /// The rules, separated by single spaces.
    pub text: String,
    /// One line per rule of the set that FBR cannot express.
    pub omitted: Vec<String>,
}

/// `player`'s pieces of `kinds` as FBR names them (`K`, `:AM:`), or the
/// first code FBR has no name for: a neutral kind owned by a side is written
/// with a player number in ICN (`1ob`), and an FBR name starts with a letter.
fn letters(kinds: impl IntoIterator<Item = PieceKind>, player: Player) -> Result<String, String> {
    let mut s = String::new();
    for k in kinds {
        let code = Piece::new(k, player).code();
        if !code.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(code);
        }
        if code.len() == 1 {
            s.push_str(&code);
        } else {
            let _ = write!(s, ":{code}:");
        }
    }
    Ok(s)
}

/// [`letters`], or `None` with the rule `what` listed as omitted.
fn named(
    kinds: impl IntoIterator<Item = PieceKind>,
    player: Player,
    what: &str,
    omitted: &mut Vec<String>,
) -> Option<String> {
    letters(kinds, player)
        .map_err(|code| omitted.push(format!("{what}: FBR has no name for `{code}`")))
        .ok()
}

fn rank(r: &Int) -> String {
    if r.is_negative() {
        format!("({r})")
    } else {
        r.to_string()
    }
}

fn file(x: &Int) -> Option<char> {
    let x = x.to_i64()?;
    (1..=26)
        .contains(&x)
        .then(|| char::from(b'a' + (x - 1) as u8))
}

fn square(c: &Coord) -> String {
    match file(&c.x) {
        Some(f) if !c.y.is_negative() && c.y != Int::ZERO => format!("{f}{}", c.y),
        _ => format!("({},{})", c.x, c.y),
    }
}

fn band(b: &WorldBorder) -> Result<String, String> {
    let files = match (&b.left, &b.right) {
        (None, None) => None,
        (Some(l), Some(r)) => match (file(l), file(r)) {
            (Some(a), Some(z)) => Some(if a == z {
                a.to_string()
            } else {
                format!("{a}-{z}")
            }),
            _ => {
                return Err(format!(
                    "a block with files {} to {} (FBR files are a–z, 1 to 26)",
                    Excerpt(&l.to_string()),
                    Excerpt(&r.to_string())
                ));
            }
        },
        _ => return Err("a zone with only one side of its files closed".to_string()),
    };
    let ranks = match (&b.bottom, &b.top) {
        (None, None) => None,
        (Some(lo), Some(hi)) => Some(format!("{}-{}", rank(lo), rank(hi))),
        _ => return Err("a zone with only one side of its ranks closed".to_string()),
    };
    match (files, ranks) {
        (Some(f), Some(r)) => Ok(format!("{f}{r}")),
        (Some(f), None) => Ok(f),
        (None, Some(r)) => Ok(r),
        (None, None) => Err("a zone covering the whole board".to_string()),
    }
}

fn range_parts(z: &Zone, out: &mut Vec<String>) -> Result<(), String> {
    match z {
        Zone::Rows(rs) => out.extend(rs.iter().map(rank)),
        Zone::Squares(s) => out.extend(s.iter().map(square)),
        Zone::Rect(b) => out.push(band(b)?),
        Zone::Union(zs) => {
            for z in zs {
                range_parts(z, out)?;
            }
        }
    }
    Ok(())
}

/// A zone as an FBR board range `[…]`.
///
/// # Errors
/// Half-open zones, empty zones, and blocks whose files are off a–z.
pub fn board_range(z: &Zone) -> Result<String, String> {
    let mut parts = Vec::new();
    range_parts(z, &mut parts)?;
    if parts.is_empty() {
        return Err("an empty zone".to_string());
    }
    Ok(format!("[{}]", parts.join(",")))
}

/// Writes what FBR can say of `rules`; see the module docs.
pub fn print(rules: &RuleSet) -> FbrText {
    let mut out: Vec<String> = Vec::new();
    let mut omitted = Vec::new();
    let sides = [Player::WHITE, Player::BLACK];
    let royals: Vec<PieceKind> = rules.royals.iter().copied().collect();
    let mut castle_attr = castle_attribute(&rules.castling, &royals, &mut omitted);
    if royals.is_empty()
        && rules
            .wins
            .iter()
            .any(|(_, ws)| ws.iter().any(|w| *w != WinRule::AllPiecesCaptured))
    {
        omitted.push("royal-based wins with no royal kinds".to_string());
    }
    // One rule per win, winner by winner, in each winner's order, so that
    // reading back rebuilds every list in the same order.
    for winner in sides {
        let loser = if winner == Player::WHITE {
            Player::BLACK
        } else {
            Player::WHITE
        };
        let Some(set) = named(
            royals.iter().copied(),
            loser,
            "the royal rules",
            &mut omitted,
        ) else {
            continue;
        };
        for w in rules.wins_of(winner) {
            match w {
                WinRule::Checkmate => {
                    let mut r = format!("royal{{{set}}}");
                    if let Some(a) = castle_attr.take() {
                        r.push_str(&format!("={a}"));
                    }
                    out.push(r);
                }
                WinRule::RoyalCapture => out.push(format!("royal{{{set}}}=expose")),
                WinRule::AllRoyalsCaptured => out.push(format!("royal{{{set}}}=untilcaptured")),
                WinRule::Checks(n) => out.push(format!("royal{{{set}}}=maxchecks({n})")),
                WinRule::AllPiecesCaptured => {
                    let what = "the win by capturing every piece";
                    if let Some(set) = named(side_kinds(), loser, what, &mut omitted) {
                        out.push(format!("pieces{{{set}}}=morethan(0)"));
                    }
                }
                WinRule::NoPiecesLeft => {
                    omitted.push("a win by losing every piece".to_string());
                }
                WinRule::FlagAny | WinRule::FlagAll => {
                    omitted.push("a win by reaching flag squares".to_string());
                }
                WinRule::BareKing => {
                    omitted.push("a win by baring the opponent's king".to_string());
                }
                WinRule::Extinction(_) => {
                    omitted.push(format!(
                        "the extinction rule `{}`",
                        crate::json::win_keyword(w)
                    ));
                }
                WinRule::Checkmated => {
                    let what = "the win by being checkmated";
                    if let Some(own) = named(royals.iter().copied(), winner, what, &mut omitted) {
                        out.push(format!("royal{{{own}}}=checkmated"));
                    }
                }
                WinRule::Koth => match board_range(&rules.hill) {
                    Ok(range) => {
                        let king = named([PieceKind::King], winner, "the hill", &mut omitted);
                        out.extend(king.map(|k| format!("hill{{{k}}}{range}")));
                    }
                    Err(e) => omitted.push(format!("the hill: {e}")),
                },
            }
        }
    }
    if let Some(a) = castle_attr {
        omitted.push(format!(
            "castling `{a}`: no checkmate `royal` rule to carry it"
        ));
    }
    let koth = rules.wins.iter().any(|(_, ws)| ws.contains(&WinRule::Koth));
    if !koth && rules.hill != Zone::default_hill() {
        omitted.push("a hill no one wins on".to_string());
    }
    let royal_rule = out.iter().any(|r| r.starts_with("royal"));
    if !royal_rule && rules.royals != RuleSet::default().royals {
        omitted.push("the royal kinds: no `royal` rule to carry them".to_string());
    }
    if sides.iter().all(|&p| rules.wins_of(p).is_empty()) {
        omitted.push("that neither side can win".to_string());
    }
    for p in &rules.promotions {
        if !sides.contains(&p.player) {
            omitted.push(format!("promotion for {}", p.player));
            continue;
        }
        match board_range(&p.zone) {
            Ok(range) => {
                let what = format!("promotion of {}", p.player);
                let Some(promoting) =
                    named(p.promoting.iter().copied(), p.player, &what, &mut omitted)
                else {
                    continue;
                };
                let mut r = format!("promotion{{{promoting}}}{range}");
                let mut attrs = Vec::new();
                if p.choices != icn_model::Promotion::DEFAULT_CHOICES {
                    let Some(choices) =
                        named(p.choices.iter().copied(), p.player, &what, &mut omitted)
                    else {
                        continue;
                    };
                    attrs.push(format!("enter{{{choices}}}"));
                }
                if !p.mandatory {
                    attrs.push("optional".to_string());
                    if !p.forced.is_empty() {
                        omitted.push(format!(
                            "promotion of {} compulsory on the squares a piece could not leave (FBR says optional or not for a whole zone)",
                            p.player
                        ));
                    }
                }
                if !attrs.is_empty() {
                    r.push_str(&format!("={}", attrs.join(",")));
                }
                omitted.extend(p.arrival_losses(": written as promotion on arrival"));
                out.push(r);
            }
            Err(e) => omitted.push(format!("promotion zone of {}: {e}", p.player)),
        }
    }
    match (rules.draws.repetition, rules.draws.repetition_result) {
        (None, _) => out.push("!draw".to_string()),
        (Some(3), RepetitionResult::ToMove(Outcome::Draw)) => {}
        (Some(n), RepetitionResult::ToMove(Outcome::Draw)) => {
            out.push(format!("draw=repetition({n})"))
        }
        // The player who repeats loses.
        (Some(n), RepetitionResult::ToMove(Outcome::Win)) => {
            out.push(format!("loss=repetition({n})"))
        }
        (Some(n), other) => {
            if n != 3 {
                out.push(format!("draw=repetition({n})"));
            }
            omitted.push(format!(
                "the repetition's result ({other:?}): FBR's repetition draws, or the player who repeats loses"
            ));
        }
    }
    match rules.stalemate {
        Outcome::Draw => {}
        Outcome::Loss => out.push("stalemate=loss".to_string()),
        Outcome::Win => out.push("stalemate=win".to_string()),
    }
    let Losses { perpetual_check } = &rules.losses;
    if let Some(n) = perpetual_check {
        out.push(format!("loss=perpetualcheck({n})"));
    }
    if !rules.region.excluded.is_empty() {
        let sq: Vec<String> = rules.region.excluded.iter().map(square).collect();
        out.push(format!("zone[{}]=hole", sq.join(",")));
    }
    for (kind, m) in &rules.movements {
        let letter = match letters([*kind], Player::WHITE) {
            Ok(l) => l,
            Err(code) => {
                omitted.push(format!(
                    "the movement of `{code}`, which FBR has no name for"
                ));
                continue;
            }
        };
        match super::mbn::write(m) {
            Ok(text) => out.push(format!("{letter}={text}")),
            Err(es) => {
                for e in es {
                    omitted.push(format!("the movement of {letter}: {e}"));
                }
            }
        }
    }
    omissions(rules, &mut omitted);
    FbrText {
        text: out.join(" "),
        omitted,
    }
}

fn castle_attribute(
    c: &Castling,
    royals: &[PieceKind],
    omitted: &mut Vec<String>,
) -> Option<String> {
    let site = Castling::site();
    // An unreachable distance switches the site rule off, as no castlers do.
    let no_site_rule = c.castlers.is_empty() || c.min_distance == u32::MAX;
    if (!no_site_rule && (c.min_distance != site.min_distance || c.king_steps != site.king_steps))
        || !c.explicit.is_empty()
    {
        omitted.push("castling distances and explicit castling moves".to_string());
    }
    if no_site_rule && site.castlers.iter().all(|k| royals.contains(k)) {
        return Some("castle{}".to_string());
    }
    if c.castlers != site.castlers {
        omitted.push("which royal kinds castle".to_string());
    }
    let partners = c.partners.as_ref()?;
    let set = named(partners.iter().copied(), Player::WHITE, "castling", omitted)?;
    Some(format!("castle{{{set}}}"))
}

fn omissions(rules: &RuleSet, omitted: &mut Vec<String>) {
    if rules.region.border != WorldBorder::default() {
        omitted.push("the world border".to_string());
    }
    if let Some(l) = &rules.slide_limit {
        omitted.push(format!("the slide limit {}", Excerpt(&l.to_string())));
    }
    if !matches!(
        rules.turn_order.as_slice(),
        [Player::WHITE, Player::BLACK] | [Player::BLACK, Player::WHITE]
    ) {
        omitted.push("a turn order other than White and Black alternating".to_string());
    }
    if rules.can_pass {
        omitted.push("passing a turn".to_string());
    }
    if rules.forced_capture {
        omitted.push("forced capture".to_string());
    }
    if rules.drops.is_some() {
        omitted.push("drops and pieces in hand".to_string());
    }
    omitted.extend(crate::limits::unsayable(&rules.limits));
    if rules.en_passant != EnPassant::default() {
        omitted.push("en passant by other pieces".to_string());
    }
    if let Some(m) = &rules.draws.move_rule {
        omitted.push(format!("the {}-ply move rule", Excerpt(&m.to_string())));
    }
    if let Some(c) = &rules.draws.counting {
        omitted.push(format!("{} counting rules", c.rule.name()));
    }
    if rules.draws.material_count.is_some() {
        omitted.push("a material count deciding drawn games".to_string());
    }
    if rules.draws.insufficient_material != Draws::default().insufficient_material {
        omitted.push("insufficient-material draws switched off".to_string());
    }
    for (p, _) in &rules.wins {
        if !matches!(*p, Player::WHITE | Player::BLACK) {
            omitted.push(format!("win conditions of {p}"));
        }
    }
    for k in rules.extra.keys() {
        omitted.push(format!("property `{}`", Excerpt(k)));
    }
}
