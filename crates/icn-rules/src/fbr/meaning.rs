//! FBR rules with spans → a [`RuleSet`]. Every problem is collected, each
//! pointing at the rule, attribute, piece or range it is about.
//!
//! Players: FBR's two sides only. In a piece set an uppercase letter is a
//! White piece and a lowercase letter a Black one (`{Kk}` is both kings); ICN
//! two-letter codes are written between colons (`:AM:`, `:am:`).
//!
//! Accepted (everything else is refused, naming the rule or attribute):
//! * `royal{set}` — the set's kinds are royal; the attributes say how the
//!   *other* side wins against the set's owners: none (or only `castle{…}`)
//!   checkmate, `expose` royal capture, `untilcaptured` all royals captured,
//!   `maxchecks(N)` N checks, `bare` all pieces captured; `checkmated` makes
//!   being checkmated a win for the owners. `castle{R…}` narrows castling
//!   partners; `castle{}` stops the set's kinds from castling. No set: `{Kk}`.
//! * `promotion{P}[zone]=enter{Q…},optional,notforced` — whose pieces promote
//!   (the set's case gives the player), where, to what (default Q R B N);
//!   `optional` or `notforced` makes promotion optional. Zone and set are
//!   required: an unbounded board has no "last rank".
//! * `draw=repetition(N)` (N = 3 when left out), `draw=stalemate`, `!draw`.
//! * `stalemate=draw|loss|win`, `loss=stalemate|perpetualcheck(N)|repetition(N)`,
//!   `win=stalemate`.
//! * `hill{set}?[zone]` — king of the hill for the set's owner (both sides
//!   without a set); the set may hold only royal kinds.
//! * `pieces{…}=morethan(0)` when the set holds every kind of one side
//!   (obstacle and void excepted): the other side wins by capturing all.
//! * `zone[squares]=hole` — squares taken out of the board (at most 4096).

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, Int, Piece, PieceKind, Player, WorldBorder};
use icn_syntax::{Diagnostic, Span};

use super::syntax::{RawAttr, RawPieceDef, RawRange, RawRule, RawSet, RawSingle};
use crate::board::Zone;
use crate::movement::royal_by_default;
use crate::rules::{Outcome, PromotionRule, RepetitionResult, RuleSet, WinRule};

type Diags = Vec<Diagnostic>;

fn err(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(span, msg)
}

/// The other side of FBR's two.
fn opponent(p: Player) -> Player {
    if p == Player::WHITE {
        Player::BLACK
    } else {
        Player::WHITE
    }
}

/// The pieces of a set, each a kind and an owner.
pub(super) fn set_pieces(set: &RawSet, d: &mut Diags) -> Vec<Piece> {
    if set.negated || set.caret {
        d.push(err(
            set.span,
            "piece sets with `!` or `^` are not supported; list the pieces",
        ));
        return Vec::new();
    }
    let mut out = Vec::new();
    for p in &set.pieces {
        if let Some(pre) = p.prefix {
            d.push(err(
                p.span,
                format!("piece prefix `{pre}` (promoted pieces) is not supported"),
            ));
            continue;
        }
        // A code that is not built-in is a piece the text defines
        // (`M=NQ`); [`undefined_pieces`] reports those it does not.
        match Piece::from_code(&p.letters) {
            Ok(piece) if matches!(piece.player, Player::WHITE | Player::BLACK) => out.push(piece),
            Ok(_) => d.push(err(
                p.span,
                format!("`{}` is neutral; FBR sides are White and Black", p.letters),
            )),
            Err(e) => d.push(err(p.span, e.to_string())),
        }
    }
    out
}

/// Every piece of the rules' sets whose code is neither built-in nor
/// defined by the text (`M=NQ`), each reported at its place.
pub(super) fn undefined_pieces(raw: &[RawRule], defined: &[RawPieceDef], d: &mut Diags) {
    let known = |letters: &str| {
        defined
            .iter()
            .any(|def| def.letters.eq_ignore_ascii_case(letters))
    };
    let sets = raw.iter().flat_map(|r| {
        r.set
            .iter()
            .chain(r.attrs.iter().filter_map(|a| a.set.as_ref()))
    });
    for p in sets.flat_map(|s| &s.pieces) {
        if let Ok(piece) = Piece::from_code(&p.letters)
            && !piece.kind.is_builtin()
            && !known(&p.letters)
        {
            d.push(err(
                p.span,
                format!(
                    "unknown piece code `{}`: not one of the built-in pieces (K Q R B N P AM …) and not defined in this text (`{}=…` in MBN)",
                    p.letters,
                    p.letters.to_ascii_uppercase()
                ),
            ));
        }
    }
}

/// The zone a board range describes.
pub(super) fn zone_of(range: &RawRange, d: &mut Diags) -> Option<Zone> {
    if range.negated {
        d.push(err(range.span, "board ranges with `^` are not supported"));
        return None;
    }
    let mut rows = BTreeSet::new();
    let mut squares = BTreeSet::new();
    let mut rects = Vec::new();
    for (single, span) in &range.singles {
        let (files, ranks) = match single {
            RawSingle::Square(x, y) => {
                squares.insert(Coord::new(x.clone(), y.clone()));
                continue;
            }
            RawSingle::Ranks(r, None) => {
                rows.insert(r.clone());
                continue;
            }
            RawSingle::Block((f, None), (r, None)) => {
                squares.insert(Coord::new(Int::from(*f), r.clone()));
                continue;
            }
            RawSingle::Files(f0, f1) => (Some((*f0, f1.unwrap_or(*f0))), None),
            RawSingle::Ranks(r0, r1) => (
                None,
                Some((r0.clone(), r1.clone().unwrap_or_else(|| r0.clone()))),
            ),
            RawSingle::Block((f0, f1), (r0, r1)) => (
                Some((*f0, f1.unwrap_or(*f0))),
                Some((r0.clone(), r1.clone().unwrap_or_else(|| r0.clone()))),
            ),
        };
        if files.as_ref().is_some_and(|(a, b)| a > b) || ranks.as_ref().is_some_and(|(a, b)| a > b)
        {
            d.push(err(*span, "a range must go from low to high"));
            return None;
        }
        let (left, right) = files.map_or((None, None), |(a, b)| {
            (Some(Int::from(a)), Some(Int::from(b)))
        });
        let (bottom, top) = ranks.map_or((None, None), |(a, b)| (Some(a), Some(b)));
        rects.push(WorldBorder {
            left,
            right,
            bottom,
            top,
        });
    }
    let mut parts = Vec::new();
    if !rows.is_empty() {
        parts.push(Zone::Rows(rows));
    }
    if !squares.is_empty() {
        parts.push(Zone::Squares(squares));
    }
    parts.extend(rects.into_iter().map(Zone::Rect));
    Some(if parts.len() == 1 {
        parts.remove(0)
    } else {
        Zone::Union(parts)
    })
}

/// The squares of a finite zone, at most `limit` of them.
fn finite_squares(zone: &Zone, limit: usize) -> Option<BTreeSet<Coord>> {
    let mut out = BTreeSet::new();
    let add = |z: &Zone, out: &mut BTreeSet<Coord>| -> Option<()> {
        match z {
            Zone::Squares(s) => out.extend(s.iter().cloned()),
            Zone::Rect(b) => {
                let (l, r) = (b.left.as_ref()?.to_i64()?, b.right.as_ref()?.to_i64()?);
                let (lo, hi) = (b.bottom.as_ref()?.to_i64()?, b.top.as_ref()?.to_i64()?);
                let area =
                    (i128::from(r) - i128::from(l) + 1) * (i128::from(hi) - i128::from(lo) + 1);
                if area > limit as i128 {
                    return None;
                }
                for x in l..=r {
                    for y in lo..=hi {
                        out.insert(Coord::new(x, y));
                    }
                }
            }
            _ => return None,
        }
        (out.len() <= limit).then_some(())
    };
    match zone {
        Zone::Union(zs) => {
            for z in zs {
                add(z, &mut out)?;
            }
        }
        z => add(z, &mut out)?,
    }
    Some(out)
}

#[derive(Default)]
struct State {
    rules: RuleSet,
    wins: BTreeMap<Player, Vec<WinRule>>,
    any_win: bool,
    royals: Option<BTreeSet<PieceKind>>,
    hill: Option<(Zone, Span)>,
}

impl State {
    fn win(&mut self, player: Player, w: WinRule) {
        self.any_win = true;
        let list = self.wins.entry(player).or_default();
        if !list.contains(&w) {
            list.push(w);
        }
    }
}

/// Builds the rule set; see the module docs for what is accepted.
///
/// # Errors
/// Every rule or attribute that has no rule object, and every malformed part.
pub fn rules_from_raw(raw: &[RawRule]) -> Result<RuleSet, Diags> {
    let mut st = State::default();
    let mut d = Diags::new();
    for r in raw {
        if r.cancel && r.name != "draw" {
            d.push(err(
                r.span,
                format!("only `!draw` may be cancelled, found `!{}`", r.name),
            ));
            continue;
        }
        if let Some((_, span)) = &r.seq {
            d.push(err(
                *span,
                format!("sequence numbers on `{}` are not supported", r.name),
            ));
        }
        if let Some(p) = r.prefix
            && !(r.name == "promotion" && p == '+')
        {
            d.push(err(
                r.name_span,
                format!("rule prefix `{p}` on `{}` is not supported", r.name),
            ));
        }
        match r.name.as_str() {
            "royal" => royal(r, &mut st, &mut d),
            "promotion" => promotion(r, &mut st, &mut d),
            "draw" | "stalemate" | "loss" | "win" => outcome(r, &mut st, &mut d),
            "hill" => hill(r, &mut st, &mut d),
            "pieces" => pieces(r, &mut st, &mut d),
            "zone" => zone(r, &mut st, &mut d),
            other => d.push(err(
                r.name_span,
                format!("rule `{other}` is not supported: icn-rules has no rule object for it"),
            )),
        }
    }
    if !d.is_empty() {
        return Err(d);
    }
    let mut out = st.rules;
    if st.any_win {
        out.wins = [Player::WHITE, Player::BLACK]
            .into_iter()
            .map(|p| (p, st.wins.remove(&p).unwrap_or_default()))
            .collect();
    }
    if let Some(r) = st.royals {
        out.royals = r;
    }
    if let Some((h, _)) = st.hill {
        out.hill = h;
    }
    Ok(out)
}

fn no_range(r: &RawRule, d: &mut Diags) {
    if let Some(range) = &r.range {
        d.push(err(
            range.span,
            format!("a board range on `{}` is not supported", r.name),
        ));
    }
}

fn unsupported_attr(rule: &str, a: &RawAttr) -> Diagnostic {
    err(
        a.span,
        format!(
            "`{rule}` attribute `{}` is not supported: icn-rules has no rule object for it",
            a.name
        ),
    )
}

fn royal(r: &RawRule, st: &mut State, d: &mut Diags) {
    no_range(r, d);
    let pieces = match &r.set {
        Some(s) => set_pieces(s, d),
        None => vec![
            Piece::new(PieceKind::King, Player::WHITE),
            Piece::new(PieceKind::King, Player::BLACK),
        ],
    };
    let kinds: BTreeSet<PieceKind> = pieces.iter().map(|p| p.kind).collect();
    let owners: BTreeSet<Player> = pieces.iter().map(|p| p.player).collect();
    st.royals
        .get_or_insert_with(BTreeSet::new)
        .extend(kinds.iter().copied());
    let mut win = None;
    let mut checkmated = false;
    for a in &r.attrs {
        let arg_none = a.arg.is_none() && a.set.is_none() && a.range.is_none() && !a.negated;
        let w = match a.name.as_str() {
            "expose" if arg_none => WinRule::RoyalCapture,
            "untilcaptured" if arg_none => WinRule::AllRoyalsCaptured,
            "bare" if arg_none => WinRule::AllPiecesCaptured,
            "maxchecks" => match a
                .arg
                .as_ref()
                .and_then(Int::to_i64)
                .and_then(|n| u32::try_from(n).ok())
            {
                Some(n) if n > 0 => WinRule::Checks(n),
                _ => {
                    d.push(err(
                        a.span,
                        "`maxchecks` needs a positive count, as in `maxchecks(3)`",
                    ));
                    continue;
                }
            },
            "checkmated" if arg_none => {
                checkmated = true;
                continue;
            }
            "castle" => {
                match &a.set {
                    Some(s) => {
                        let partners = set_pieces(s, d);
                        if partners.is_empty() {
                            for k in &kinds {
                                st.rules.castling.castlers.remove(k);
                            }
                        } else {
                            st.rules
                                .castling
                                .partners
                                .get_or_insert_with(BTreeSet::new)
                                .extend(partners.iter().map(|p| p.kind));
                        }
                    }
                    None => d.push(err(a.span, "`castle` needs a piece set, as in `castle{R}`")),
                }
                continue;
            }
            _ => {
                d.push(unsupported_attr("royal", a));
                continue;
            }
        };
        if let Some(prev) = win.replace(w) {
            d.push(err(
                a.span,
                format!("one `royal` rule gives one way to win; this one already said {prev:?}"),
            ));
        }
    }
    for owner in owners {
        if checkmated {
            st.win(owner, WinRule::Checkmated);
        }
        if win.is_some() || !checkmated {
            st.win(opponent(owner), win.clone().unwrap_or(WinRule::Checkmate));
        }
    }
}

fn one_owner(pieces: &[Piece], span: Span, what: &str, d: &mut Diags) -> Option<Player> {
    let owners: BTreeSet<Player> = pieces.iter().map(|p| p.player).collect();
    match owners.len() {
        1 => owners.into_iter().next(),
        0 => {
            d.push(err(span, format!("{what} needs at least one piece")));
            None
        }
        _ => {
            d.push(err(
                span,
                format!("{what} mixes White and Black pieces; write one rule per side"),
            ));
            None
        }
    }
}

fn promotion(r: &RawRule, st: &mut State, d: &mut Diags) {
    let Some(set) = &r.set else {
        d.push(err(
            r.span,
            "`promotion` needs a piece set saying whose pieces promote, as in `promotion{P}[8]`",
        ));
        return;
    };
    let Some(range) = &r.range else {
        d.push(err(
            r.span,
            "`promotion` needs a board range: an unbounded board has no last rank",
        ));
        return;
    };
    let pieces = set_pieces(set, d);
    let Some(player) = one_owner(&pieces, set.span, "the promotion piece set", d) else {
        return;
    };
    let Some(zone) = zone_of(range, d) else {
        return;
    };
    let mut rule = PromotionRule {
        from_zone: false,
        player,
        promoting: pieces.iter().map(|p| p.kind).collect(),
        zone,
        choices: icn_model::Promotion::DEFAULT_CHOICES.to_vec(),
        mandatory: true,
        forced: Zone::empty(),
        by_move: false,
        demotes: false,
        on_capture: false,
    };
    for a in &r.attrs {
        match a.name.as_str() {
            "enter" if a.arg.is_none() && !a.negated && a.range.is_none() => {
                if let Some(s) = &a.set {
                    let mut choices = Vec::new();
                    for p in set_pieces(s, d) {
                        if !choices.contains(&p.kind) {
                            choices.push(p.kind);
                        }
                    }
                    rule.choices = choices;
                }
            }
            "optional" | "notforced" if a.arg.is_none() && a.set.is_none() && !a.negated => {
                rule.mandatory = false
            }
            _ => d.push(unsupported_attr("promotion", a)),
        }
    }
    // A side may have several rules (their own pieces, zones and choices).
    st.rules.promotions.push(rule);
}

fn count(a: &RawAttr, d: &mut Diags) -> Option<u32> {
    match &a.arg {
        None => Some(3),
        Some(n) => match n.to_i64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) if n >= 1 => Some(n),
            _ => {
                d.push(err(a.span, format!("`{}` needs a positive count", a.name)));
                None
            }
        },
    }
}

fn outcome(r: &RawRule, st: &mut State, d: &mut Diags) {
    no_range(r, d);
    if let Some(s) = &r.set {
        d.push(err(
            s.span,
            format!("a piece set on `{}` is not supported", r.name),
        ));
    }
    if r.cancel {
        if r.attrs.is_empty() {
            st.rules.draws.repetition = None;
        } else {
            d.push(err(
                r.span,
                "`!draw` cancels the default repetition rule and takes no attributes",
            ));
        }
        return;
    }
    if r.attrs.is_empty() {
        d.push(err(r.span, format!("`{}` needs an attribute", r.name)));
    }
    for a in &r.attrs {
        let bare = a.set.is_none() && a.range.is_none() && !a.negated;
        match (r.name.as_str(), a.name.as_str()) {
            ("draw", "repetition") if bare => st.rules.draws.repetition = count(a, d),
            ("draw", "stalemate") | ("stalemate", "draw") if bare && a.arg.is_none() => {
                st.rules.stalemate = Outcome::Draw
            }
            ("loss", "stalemate") | ("stalemate", "loss") if bare && a.arg.is_none() => {
                st.rules.stalemate = Outcome::Loss
            }
            ("win", "stalemate") | ("stalemate", "win") if bare && a.arg.is_none() => {
                st.rules.stalemate = Outcome::Win
            }
            ("loss", "perpetualcheck") if bare => st.rules.losses.perpetual_check = count(a, d),
            ("loss", "repetition") if bare => {
                st.rules.draws.repetition = count(a, d);
                st.rules.draws.repetition_result = RepetitionResult::ToMove(Outcome::Win);
            }
            (rule, _) => d.push(unsupported_attr(rule, a)),
        }
    }
}

fn hill(r: &RawRule, st: &mut State, d: &mut Diags) {
    let Some(range) = &r.range else {
        d.push(err(
            r.span,
            "`hill` needs a board range, as in `hill[d-e4-5]`",
        ));
        return;
    };
    if let Some(a) = r.attrs.first() {
        d.push(unsupported_attr("hill", a));
    }
    let owners: BTreeSet<Player> = match &r.set {
        None => [Player::WHITE, Player::BLACK].into_iter().collect(),
        Some(s) => {
            let pieces = set_pieces(s, d);
            if let Some(p) = pieces.iter().find(|p| !royal_by_default(p.kind)) {
                d.push(err(
                    s.span,
                    format!(
                        "only royal pieces climb the hill in icn-rules, found `{}`",
                        p.code()
                    ),
                ));
            }
            pieces.iter().map(|p| p.player).collect()
        }
    };
    let Some(zone) = zone_of(range, d) else {
        return;
    };
    if let Some((prev, _)) = &st.hill
        && *prev != zone
    {
        d.push(err(
            range.span,
            "a second, different hill; icn-rules has one hill",
        ));
        return;
    }
    st.hill = Some((zone, range.span));
    for p in owners {
        st.win(p, WinRule::Koth);
    }
}

/// The kinds a side can own (obstacle and void are neutral).
pub(super) fn side_kinds() -> impl Iterator<Item = PieceKind> {
    PieceKind::ALL.into_iter().filter(|k| !k.is_neutral_only())
}

fn pieces(r: &RawRule, st: &mut State, d: &mut Diags) {
    no_range(r, d);
    let ok_attr = matches!(r.attrs.as_slice(), [a] if a.name == "morethan" && a.arg == Some(Int::ZERO) && a.set.is_none() && !a.negated);
    if !ok_attr {
        d.push(err(
            r.span,
            "only `pieces{…}=morethan(0)` with every kind of one side in the set (all pieces captured) is supported",
        ));
        return;
    }
    let Some(set) = &r.set else {
        d.push(err(
            r.span,
            "`pieces=morethan(0)` needs the piece set of one side",
        ));
        return;
    };
    let pieces = set_pieces(set, d);
    let Some(owner) = one_owner(&pieces, set.span, "the `pieces` set", d) else {
        return;
    };
    let kinds: BTreeSet<PieceKind> = pieces.iter().map(|p| p.kind).collect();
    if !side_kinds().all(|k| kinds.contains(&k)) {
        d.push(err(
            set.span,
            "`pieces=morethan(0)` maps to all-pieces-captured only when the set lists every kind of the side",
        ));
        return;
    }
    st.win(opponent(owner), WinRule::AllPiecesCaptured);
}

fn zone(r: &RawRule, st: &mut State, d: &mut Diags) {
    if !matches!(r.attrs.as_slice(), [a] if a.name == "hole" && a.arg.is_none() && a.set.is_none() && !a.negated)
    {
        d.push(err(r.span, "only `zone[…]=hole` is supported"));
        return;
    }
    if let Some(s) = &r.set {
        d.push(err(s.span, "a piece set on `zone` is not supported"));
    }
    let Some(range) = &r.range else {
        d.push(err(r.span, "`zone` needs a board range"));
        return;
    };
    let Some(z) = zone_of(range, d) else { return };
    match finite_squares(&z, 4096) {
        Some(sq) => st.rules.region.excluded.extend(sq),
        None => d.push(err(
            range.span,
            "holes must be listed squares or closed blocks of at most 4096 squares",
        )),
    }
}
