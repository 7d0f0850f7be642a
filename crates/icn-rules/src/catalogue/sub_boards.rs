//! The movements of the site's four-dimensional variants (4×4×4×4 Chess and
//! 5D Chess), in the movement algebra.
//!
//! The site lays a grid of square sub-boards on the plane: each sub-board has
//! `side − 1` squares a side and a line of voids on every multiple of `side`.
//! A square's position is two coordinates inside its sub-board (`x mod side`,
//! `y mod side`) and two of the sub-board in the grid (`x div side`,
//! `y div side`). A 4D step is a step in each of the four, so on the plane it
//! is `side·(bx, by) + (ox, oy)`:
//! * rook: one of the four changes by 1; bishop: two change by 1; queen: both
//!   (or, in 5D Chess, any nonzero combination of −1, 0 and 1: "strong" queens
//!   and kings). All slide; the voids between sub-boards end every slide that
//!   would wrap.
//! * king: one step of the queen's directions.
//! * knight: 2 in one of the four and 1 in another. A knight's 2 inside a
//!   sub-board may not carry it onto the next one ([`Component::cells`]).
//! * pawn: pushes one square forward inside its sub-board or one sub-board
//!   forward (each with the double step from its start), captures one
//!   diagonal step inside the sub-board (`(±1, 1)`) or across sub-boards
//!   (`(±side, side)`), and, with "strong" pawns (4×4×4×4 Chess), also
//!   `(±side, 1)` and `(±1, side)`; en passant on each capture.
//!
//! These are the facts of the site's `fourdimensionalgenerator` and
//! `fourdimensionalmoves`; the perft fixtures `fixtures/perft/ok/site-4d-*`
//! check them against the site's own move code.

use icn_model::PieceKind;
use indexmap::IndexMap;

use crate::movement::{Action, Component, Movement, Pattern, Symmetry, Vector};

/// How a four-dimensional variant moves its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubBoards {
    /// Sub-board side plus the void line (5 for 4×4 sub-boards).
    pub side: i64,
    /// Kings and queens also move along 3 and 4 dimensions at once.
    pub strong_kings_and_queens: bool,
    /// Pawns also capture one step in one pair of dimensions and one
    /// sub-board in the other.
    pub strong_pawns: bool,
}

impl SubBoards {
    /// The moves of a catalogue variant laid out in sub-boards, by its code.
    pub fn of_code(code: &str) -> Option<SubBoards> {
        match code {
            "4x4x4x4_Chess" => Some(SubBoards {
                side: 5,
                strong_kings_and_queens: false,
                strong_pawns: true,
            }),
            "5D_Chess" => Some(SubBoards {
                side: 9,
                strong_kings_and_queens: true,
                strong_pawns: false,
            }),
            _ => None,
        }
    }

    /// The codes of the catalogue variants laid out in sub-boards.
    pub const CODES: [&'static str; 2] = ["4x4x4x4_Chess", "5D_Chess"];

    /// The code of the sub-board variant whose movements `movements` holds
    /// (each of that variant's pieces moving exactly as it does), if any.
    pub fn variant_moving(movements: &IndexMap<PieceKind, Movement>) -> Option<&'static str> {
        Self::CODES.into_iter().find(|code| {
            Self::of_code(code).is_some_and(|boards| {
                boards
                    .movements()
                    .iter()
                    .all(|(kind, movement)| movements.get(kind) == Some(movement))
            })
        })
    }

    /// The 4D steps `(bx, by, ox, oy)` with every part in `-reach..=reach`
    /// whose squared length `keep` accepts, as plane vectors.
    fn steps(&self, reach: i64, keep: impl Fn(i64) -> bool) -> Vec<Vector> {
        let mut out = Vec::new();
        for bx in -reach..=reach {
            for by in -reach..=reach {
                for ox in -reach..=reach {
                    for oy in -reach..=reach {
                        let length2 = bx * bx + by * by + ox * ox + oy * oy;
                        if length2 != 0 && keep(length2) {
                            out.push(Vector::new(self.side * bx + ox, self.side * by + oy));
                        }
                    }
                }
            }
        }
        out
    }

    /// The movements of the six kinds, to put into a rule set.
    pub fn movements(&self) -> IndexMap<PieceKind, Movement> {
        // Slides along different 4D directions can meet on one square of
        // the plane (`(4,0)` three times and `(6,0)` twice); the engine
        // lists such a square once, as the site does.
        let slides = |vectors: Vec<Vector>| Movement {
            components: vectors
                .into_iter()
                .map(|vector| {
                    Component::new(Pattern::Ride {
                        vector,
                        symmetry: Symmetry::None,
                        max: None,
                    })
                })
                .collect(),
        };
        let leaps = |vectors: Vec<Vector>, cells: Option<u32>| Movement {
            components: vectors
                .into_iter()
                .map(|vector| Component {
                    cells,
                    ..Component::new(Pattern::Leap {
                        vector,
                        symmetry: Symmetry::None,
                    })
                })
                .collect(),
        };
        let strong = self.strong_kings_and_queens;
        let royal_steps = self.steps(1, |l| strong || l <= 2);
        let cells = u32::try_from(self.side).ok();
        let mut out = IndexMap::new();
        out.insert(PieceKind::Rook, slides(self.steps(1, |l| l == 1)));
        out.insert(PieceKind::Bishop, slides(self.steps(1, |l| l == 2)));
        out.insert(PieceKind::Queen, slides(royal_steps.clone()));
        out.insert(PieceKind::King, leaps(royal_steps, None));
        out.insert(PieceKind::Knight, leaps(self.steps(2, |l| l == 5), cells));
        out.insert(PieceKind::Pawn, self.pawn());
        out
    }

    fn pawn(&self) -> Movement {
        let side = self.side;
        let mut components = Vec::new();
        for distance in [1, side] {
            let push = |max| {
                Component::new(Pattern::Ride {
                    vector: Vector::new(0, distance),
                    symmetry: Symmetry::None,
                    max: Some(max),
                })
                .with_action(Action::MoveOnly)
                .forward()
            };
            components.push(push(1));
            let mut double = push(2);
            double.needs_right = true;
            double.sets_en_passant = true;
            components.push(double);
        }
        let mut diagonals = vec![Vector::new(1, 1), Vector::new(side, side)];
        if self.strong_pawns {
            diagonals.extend([Vector::new(side, 1), Vector::new(1, side)]);
        }
        for vector in diagonals {
            for action in [Action::CaptureOnly, Action::EnPassant] {
                components.push(
                    Component::new(Pattern::Leap {
                        vector,
                        symmetry: Symmetry::MirrorX,
                    })
                    .with_action(action)
                    .forward(),
                );
            }
        }
        Movement { components }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(m: &Movement) -> usize {
        m.components
            .iter()
            .map(|c| c.landing_vectors().map_or(0, |v| v.len()))
            .sum()
    }

    #[test]
    fn four_d_directions_are_counted_as_the_site_counts_them() {
        let four = SubBoards::of_code("4x4x4x4_Chess").unwrap().movements();
        assert_eq!(count(&four[&PieceKind::Rook]), 8);
        assert_eq!(count(&four[&PieceKind::Bishop]), 24);
        assert_eq!(count(&four[&PieceKind::Queen]), 32);
        assert_eq!(count(&four[&PieceKind::King]), 32);
        assert_eq!(count(&four[&PieceKind::Knight]), 48);
        let five = SubBoards::of_code("5D_Chess").unwrap().movements();
        assert_eq!(count(&five[&PieceKind::Queen]), 80);
        assert_eq!(count(&five[&PieceKind::King]), 80);
        assert!(
            five[&PieceKind::Knight]
                .components
                .iter()
                .all(|c| c.cells == Some(9))
        );
    }

    #[test]
    fn other_variants_have_no_sub_boards() {
        assert_eq!(SubBoards::of_code("Classical"), None);
    }
}
