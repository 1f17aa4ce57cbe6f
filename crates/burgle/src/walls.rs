//! Walls between orthogonally adjacent rooms of one floor.

use lockpick_engine::{GameRng, Why};
use serde::{Deserialize, Serialize};

use crate::ids::{Cell, Dir, Width};

/// The walls of one floor, as a bit set: bit `i` is the wall east of cell `i`, bit `32 + i` the
/// wall south of cell `i` (cells indexed row by row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Walls(u64);

impl Walls {
    /// No walls.
    pub const NONE: Self = Self(0);

    fn bit(a: Cell, b: Cell, width: Width) -> Option<u64> {
        // The west or north cell of the pair carries the wall's bit.
        let (cell, south) = if a.row == b.row && a.col.abs_diff(b.col) == 1 {
            (if a.col < b.col { a } else { b }, false)
        } else if a.col == b.col && a.row.abs_diff(b.row) == 1 {
            (if a.row < b.row { a } else { b }, true)
        } else {
            return None;
        };
        Some(1u64 << (cell.index(width) + if south { 32 } else { 0 }))
    }

    /// Whether a wall stands on the `dir` side of `cell` (the cell beyond must be on the floor).
    #[must_use]
    pub const fn blocks(self, cell: Cell, dir: Dir, width: Width) -> bool {
        let i = cell.index(width);
        let bit = match dir {
            Dir::East => i,
            Dir::West => i - 1,
            Dir::South => 32 + i,
            Dir::North => 32 + i - width.0 as usize,
        };
        self.0 & (1u64 << bit) != 0
    }

    /// Whether a wall stands between two adjacent cells (`false` if they are not adjacent).
    #[must_use]
    pub fn between(self, a: Cell, b: Cell, width: Width) -> bool {
        Self::bit(a, b, width).is_some_and(|bit| self.0 & bit != 0)
    }

    /// Builds a wall between two adjacent cells; returns `false` if they are not adjacent.
    pub fn add(&mut self, a: Cell, b: Cell, width: Width) -> bool {
        Self::bit(a, b, width).map(|bit| self.0 |= bit).is_some()
    }

    /// Removes the wall between two adjacent cells (dynamite); returns whether one stood there.
    pub fn remove(&mut self, a: Cell, b: Cell, width: Width) -> bool {
        let had = self.between(a, b, width);
        if let Some(bit) = Self::bit(a, b, width) {
            self.0 &= !bit;
        }
        had
    }

    /// The raw bits: bit `i` the wall east of cell `i`, bit `32 + i` the wall south of it.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many walls.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Every wall as the pair of cells it separates (west or north cell first), row by row.
    #[must_use]
    pub fn list(self, width: Width) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        for cell in width.all() {
            for dir in [Dir::East, Dir::South] {
                if let Some(other) = cell.step(dir, width)
                    && self.between(cell, other, width)
                {
                    out.push((cell, other));
                }
            }
        }
        out
    }

    /// The walls written as `"X|Y"` strings.
    #[must_use]
    pub fn names(self, width: Width) -> Vec<String> {
        self.list(width)
            .into_iter()
            .map(|(a, b)| format!("{a}|{b}"))
            .collect()
    }

    /// Parses a space-separated list of `"X|Y"` walls.
    ///
    /// # Errors
    /// A wall that is not two adjacent cells of the floor, named with the offending text, in
    /// English and in French.
    pub fn parse(text: &str, width: Width) -> Result<Self, Why> {
        let mut walls = Self::NONE;
        for item in text.split_whitespace() {
            let (a, b) = item.split_once('|').ok_or_else(|| {
                Why::new(
                    format!("wall '{item}' is not X|Y"),
                    format!("le mur « {item} » n'est pas de la forme X|Y"),
                )
            })?;
            let (a, b) = match (Cell::parse(a), Cell::parse(b)) {
                (Some(a), Some(b)) if a.fits(width) && b.fits(width) => (a, b),
                _ => {
                    return Err(Why::new(
                        format!("wall '{item}' names a cell off the floor"),
                        format!("le mur « {item} » nomme une case hors de l'étage"),
                    ));
                }
            };
            if walls.between(a, b, width) {
                return Err(Why::new(
                    format!("wall '{item}' is given twice"),
                    format!("le mur « {item} » est donné deux fois"),
                ));
            }
            if !walls.add(a, b, width) {
                return Err(Why::new(
                    format!("wall '{item}' is not between adjacent cells"),
                    format!("le mur « {item} » n'est pas entre deux cases voisines"),
                ));
            }
        }
        Ok(walls)
    }

    /// Random walls: `count` walls between cells (none around the `shaft`, which is impassable
    /// anyway), drawn one at a time and kept only while every room stays reachable.
    #[must_use]
    pub fn random(width: Width, count: u32, shaft: Option<Cell>, rng: &mut GameRng) -> Self {
        let mut candidates: Vec<(Cell, Cell)> = Self::interior(width)
            .into_iter()
            .filter(|(a, b)| Some(*a) != shaft && Some(*b) != shaft)
            .collect();
        rng.shuffle(&mut candidates);
        let mut walls = Self::NONE;
        for (a, b) in candidates {
            if walls.count() == count {
                break;
            }
            let mut trial = walls;
            trial.add(a, b, width);
            if trial.connected(width, shaft) {
                walls = trial;
            }
        }
        walls
    }

    /// Every pair of adjacent cells, row by row.
    #[must_use]
    pub fn interior(width: Width) -> Vec<(Cell, Cell)> {
        Self::full(width).list(width)
    }

    /// A wall between every pair of adjacent cells.
    fn full(width: Width) -> Self {
        let mut all = Self::NONE;
        for cell in width.all() {
            for dir in [Dir::East, Dir::South] {
                if let Some(other) = cell.step(dir, width) {
                    all.add(cell, other, width);
                }
            }
        }
        all
    }

    /// Whether every cell but the shaft can reach every other.
    #[must_use]
    pub fn connected(self, width: Width, shaft: Option<Cell>) -> bool {
        let start = width
            .all()
            .find(|c| Some(*c) != shaft)
            .expect("a floor has cells");
        let mut seen = vec![false; width.cells()];
        let mut stack = vec![start];
        seen[start.index(width)] = true;
        let mut count = 1;
        while let Some(cell) = stack.pop() {
            for dir in Dir::ALL {
                if let Some(next) = cell.step(dir, width)
                    && Some(next) != shaft
                    && !seen[next.index(width)]
                    && !self.between(cell, next, width)
                {
                    seen[next.index(width)] = true;
                    count += 1;
                    stack.push(next);
                }
            }
        }
        count == width.cells() - usize::from(shaft.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W4: Width = Width(4);

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn parse_and_name_round_trip() {
        let walls = Walls::parse("A1|B1 C2|D2 A2|A3", W4).unwrap();
        assert_eq!(walls.count(), 3);
        assert!(walls.between(c("B1"), c("A1"), W4));
        assert!(walls.between(c("A3"), c("A2"), W4));
        assert!(!walls.between(c("A1"), c("A2"), W4));
        assert_eq!(
            walls.names(W4),
            vec!["A1|B1", "A2|A3", "C2|D2"],
            "row by row"
        );
    }

    #[test]
    fn parse_refuses_non_adjacent_and_off_floor() {
        assert!(Walls::parse("A1|C1", W4).unwrap_err().en.contains("A1|C1"));
        assert_eq!(
            Walls::parse("A1|C1", W4).unwrap_err().fr,
            "le mur « A1|C1 » n'est pas entre deux cases voisines"
        );
        assert!(
            Walls::parse("A1|E1", W4)
                .unwrap_err()
                .en
                .contains("off the floor")
        );
        assert!(
            Walls::parse("A1-B1", W4)
                .unwrap_err()
                .en
                .contains("not X|Y")
        );
    }

    #[test]
    fn random_walls_have_the_count_and_keep_every_room_reachable() {
        for seed in 0..300 {
            let mut rng = GameRng::from_seed(seed);
            let w = Walls::random(W4, 8, None, &mut rng);
            assert_eq!(w.count(), 8);
            assert!(w.connected(W4, None));
            let shaft = Some(c("C3"));
            let w5 = Walls::random(Width(5), 12, shaft, &mut rng);
            assert_eq!(w5.count(), 12);
            assert!(w5.connected(Width(5), shaft));
            assert!(
                w5.list(Width(5))
                    .iter()
                    .all(|(a, b)| Some(*a) != shaft && Some(*b) != shaft)
            );
        }
    }

    #[test]
    fn dynamite_removes_a_wall() {
        let mut walls = Walls::parse("A1|B1", W4).unwrap();
        assert!(walls.remove(c("B1"), c("A1"), W4));
        assert!(!walls.between(c("A1"), c("B1"), W4));
        assert!(!walls.remove(c("B1"), c("A1"), W4));
    }
}
