//! The piece-level keywords of a Sjaak variant (`Move`, `Capture`, `Special`,
//! `Initial`, `Castle`, `Promotion`, `Optional promotion`, `Prison`, `Drop
//! zone`, `Symbol`, `Flags`, `Max`, `Value`) and `Rule:` items, for the
//! reader in [`super::read`].

use icn_model::Player;

use super::read::{CONDITIONS, FLAGS, Loc, Reader, SPECIAL_RULES, split_list, unquote};
use super::{CastleDef, RuleItem, Score, SjaakPiece, Sq};

impl Reader {
    pub(super) fn rule_item(&mut self, item: &str, at: Loc) -> Option<RuleItem> {
        let Some((cond, score)) = item.split_once('=') else {
            let name = item
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase();
            if SPECIAL_RULES.contains(&name.as_str()) {
                return Some(RuleItem::Special(name));
            }
            self.err(at, format!("unknown rule `{item}`"));
            return None;
        };
        let cond = cond.trim().to_lowercase();
        let digits = cond.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let word = &cond[..cond.len() - digits.len()];
        if !CONDITIONS.contains(&word) || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.err(at, format!("unknown game-ending condition `{cond}`"));
            return None;
        }
        let n = if digits.is_empty() {
            None
        } else {
            digits.parse().ok()
        };
        let score_text = score.trim().to_lowercase();
        let score_at =
            at.plus(item.find('=').unwrap_or(0) + 1 + (score.len() - score.trim_start().len()));
        let score = match score_text.as_str() {
            "win" => Score::Win,
            "loss" => Score::Loss,
            "draw" => Score::Draw,
            "illegal" => Score::Illegal,
            "repeat" if word == "perpetual" => Score::Repeat,
            _ => {
                self.err(
                    score_at,
                    format!("expected win, loss, draw or illegal, found `{score_text}`"),
                );
                return None;
            }
        };
        Some(RuleItem::End {
            condition: word.to_string(),
            n,
            score,
        })
    }

    pub(super) fn piece_line(
        &mut self,
        key: &str,
        keyword: &str,
        value: &str,
        at: Loc,
        key_at: Loc,
    ) {
        const PIECE_KEYS: [&str; 13] = [
            "move",
            "capture",
            "special",
            "initial",
            "castle",
            "promotion",
            "optional promotion",
            "prison",
            "drop zone",
            "symbol",
            "flags",
            "max",
            "value",
        ];
        if !PIECE_KEYS.contains(&key) {
            self.err(key_at, format!("unknown keyword `{keyword}`"));
            return;
        }
        if self.piece(keyword, key_at).is_none() {
            return;
        }
        match key {
            "move" => {
                if let Some(m) = self.mv(value, at) {
                    self.cur().moves.push(m);
                }
            }
            "capture" => {
                if value.eq_ignore_ascii_case("none") {
                    self.cur().captures.get_or_insert_with(Vec::new);
                } else if let Some(m) = self.mv(value, at) {
                    self.cur().captures.get_or_insert_with(Vec::new).push(m);
                }
            }
            "initial" => {
                if let Some(m) = self.mv(value, at) {
                    self.cur().initial.push(m);
                }
            }
            "special" => {
                let parts = split_list(value);
                if parts.len() < 3 {
                    self.err(
                        at,
                        format!("expected `WHITE_ZONE, BLACK_ZONE, MOVE`, found `{value}`"),
                    );
                    return;
                }
                let (zw, zb) = (parts[0].1.to_string(), parts[1].1.to_string());
                self.zone_refs.push((zw.clone(), at.plus(parts[0].0)));
                self.zone_refs.push((zb.clone(), at.plus(parts[1].0)));
                let mv_at = parts[2].0;
                if let Some(m) = self.mv(&value[mv_at..], at.plus(mv_at)) {
                    self.cur().specials.push((zw, zb, m));
                }
            }
            "castle" => {
                if let Some(c) = self.castle(value, at) {
                    self.cur().castles.push(c);
                }
            }
            "promotion" => {
                let parts = split_list(value);
                if parts.len() != 3 {
                    self.err(
                        at,
                        format!("expected `WHITE_ZONE, BLACK_ZONE, \"CHOICES\"`, found `{value}`"),
                    );
                    return;
                }
                self.zone_refs
                    .push((parts[0].1.to_string(), at.plus(parts[0].0)));
                self.zone_refs
                    .push((parts[1].1.to_string(), at.plus(parts[1].0)));
                if let Some(choices) =
                    self.quoted(parts[2].1, at.plus(parts[2].0), "promotion choices")
                {
                    let p = (parts[0].1.to_string(), parts[1].1.to_string(), choices);
                    self.cur().promotions.push(p);
                }
            }
            "optional promotion" => {
                let parts = split_list(value);
                let (pair, choices) = match parts.as_slice() {
                    [_, _] => (value, String::new()),
                    [_, _, (o, c)] => match self.quoted(c, at.plus(*o), "promotion choices") {
                        Some(q) => (value[..*o].trim_end().trim_end_matches(','), q),
                        None => return,
                    },
                    _ => (value, String::new()),
                };
                if let Some((w, b)) = self.zone_pair(pair, at) {
                    self.cur().optional_promotion = Some((w, b, choices));
                }
            }
            "prison" | "drop zone" => {
                if let Some(pair) = self.zone_pair(value, at) {
                    let piece = self.cur();
                    let slot = if key == "prison" {
                        &mut piece.prison
                    } else {
                        &mut piece.drop_zone
                    };
                    *slot = Some(pair);
                }
            }
            "symbol" => {
                let parts = split_list(value);
                let q: Vec<Option<&str>> = parts.iter().map(|(_, s)| unquote(s)).collect();
                match q.as_slice() {
                    [Some(san), Some(fen)] if fen.split(',').count() == 2 => {
                        let (w, b) = fen.split_once(',').expect("two parts");
                        let sym = (san.to_string(), w.trim().to_string(), b.trim().to_string());
                        self.cur().symbol = Some(sym);
                    }
                    _ => self.err(
                        at,
                        format!("expected `\"SAN\", \"WHITE,BLACK\"`, found `{value}`"),
                    ),
                }
            }
            "flags" => {
                for (o, f) in split_list(value) {
                    let f = f.to_lowercase();
                    if FLAGS.contains(&f.as_str()) {
                        self.cur().flags.push(f);
                    } else {
                        self.err(at.plus(o), format!("unknown flag `{f}`"));
                    }
                }
            }
            "max" => {
                if let Some(n) = self.numbers::<u32>(value, at) {
                    if (1..=2).contains(&n.len()) {
                        self.cur().max = Some(n);
                    } else {
                        self.err(at, format!("expected one or two numbers, found `{value}`"));
                    }
                }
            }
            _ => {
                if let Some(n) = self.numbers::<i64>(value, at) {
                    self.cur().value = Some(n);
                }
            }
        }
    }

    fn cur(&mut self) -> &mut SjaakPiece {
        self.v.pieces.last_mut().expect("checked by piece()")
    }

    fn castle(&mut self, value: &str, at: Loc) -> Option<CastleDef> {
        let words: Vec<&str> = value.split_whitespace().collect();
        let shape = match words.as_slice() {
            [p, mv, w, with] if w.eq_ignore_ascii_case("with") => {
                mv.split_once('-').map(|(a, b)| (*p, a, b, *with))
            }
            _ => None,
        };
        let Some((p, from, to, with)) = shape else {
            self.err(
                at,
                format!("expected `white|black FROM-TO[,TO…] with SQUARE`, found `{value}`"),
            );
            return None;
        };
        let player = match p.to_lowercase().as_str() {
            "white" => Player::WHITE,
            "black" => Player::BLACK,
            _ => {
                self.err(at, format!("expected `white` or `black`, found `{p}`"));
                return None;
            }
        };
        let off = |s: &str| s.as_ptr() as usize - value.as_ptr() as usize;
        let from_sq = self.square_anywhere(from, at.plus(off(from)));
        let mut tos = Vec::new();
        for (o, t) in split_list(to) {
            tos.push(self.square_anywhere(t, at.plus(off(to) + o)));
        }
        let with_sq = self.square_anywhere(with, at.plus(off(with)));
        let tos: Option<Vec<Sq>> = tos.into_iter().collect();
        let mut tos = tos?;
        let (from_sq, with_sq) = (from_sq?, with_sq?);
        if let Some(off_board) = std::iter::once(from_sq)
            .chain(tos.iter().copied())
            .chain([with_sq])
            .find(|&s| !self.on_board(s))
        {
            self.warn(
                at,
                format!(
                    "castling `{value}` uses square `{off_board}`, off the {}x{} board; Sjaak never plays it, so it is left out",
                    self.v.files, self.v.ranks
                ),
            );
            return None;
        }
        let first = tos.remove(0);
        Some(CastleDef {
            player,
            from: from_sq,
            to: first,
            also: tos,
            with: with_sq,
        })
    }
}
