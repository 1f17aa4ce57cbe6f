//! The guard's shortest path and the clockwise tie-break, step by step.
//!
//! Among the neighbouring cells that lie on some shortest path to the target, the guard takes the
//! one whose direction is the left-most seen from the guard facing his target: the largest
//! `(angle(step) - angle(target)) mod 360°`, angles as `atan2(dy, dx)` with y downwards.
//! The comparison is done exactly in quarter turns, with no floating point.

use crate::ids::{Cell, Dir, Width};
use crate::walls::Walls;

/// What a guard may walk through on one floor: walls block, the shaft is impassable.
#[derive(Debug, Clone, Copy)]
pub struct Maze {
    /// Floor size.
    pub width: Width,
    /// The floor's walls.
    pub walls: Walls,
    /// Fort Knox's empty cell.
    pub shaft: Option<Cell>,
}

impl Maze {
    /// The neighbours a guard may step to.
    pub fn neighbours(self, cell: Cell) -> impl Iterator<Item = (Dir, Cell)> {
        Dir::ALL.into_iter().filter_map(move |dir| {
            let next = cell.step(dir, self.width)?;
            (Some(next) != self.shaft && !self.walls.between(cell, next, self.width))
                .then_some((dir, next))
        })
    }

    /// Shortest-path distances from `target` to every cell (`u8::MAX`: unreachable).
    #[must_use]
    pub fn distances(self, target: Cell) -> [u8; 25] {
        let mut dist = [u8::MAX; 25];
        let mut queue = [target; 25];
        let (mut head, mut tail) = (0, 1);
        dist[target.index(self.width)] = 0;
        while head < tail {
            let cell = queue[head];
            head += 1;
            let d = dist[cell.index(self.width)];
            for (_, next) in self.neighbours(cell) {
                let slot = &mut dist[next.index(self.width)];
                if *slot == u8::MAX {
                    *slot = d + 1;
                    queue[tail] = next;
                    tail += 1;
                }
            }
        }
        dist
    }

    /// The number of steps from `from` to `to`, if reachable.
    #[must_use]
    pub fn distance(self, from: Cell, to: Cell) -> Option<u8> {
        let d = self.distances(to)[from.index(self.width)];
        (d != u8::MAX).then_some(d)
    }

    /// The guard's next cell on his way from `from` to `to`; `None` when he is there already or
    /// cannot reach it.
    #[must_use]
    pub fn next_step(self, from: Cell, to: Cell) -> Option<Cell> {
        if from == to {
            return None;
        }
        let dist = self.distances(to);
        let here = dist[from.index(self.width)];
        if here == u8::MAX {
            return None;
        }
        self.neighbours(from)
            .filter(|(_, next)| dist[next.index(self.width)] + 1 == here)
            .max_by_key(|(dir, _)| clockwise_key(*dir, from, to))
            .map(|(_, next)| next)
    }
}

/// `(angle(dir) - angle(target)) mod 360°` in a form that orders exactly: quarter turns times 2,
/// minus 1 when the target lies strictly between two axes.
fn clockwise_key(dir: Dir, from: Cell, to: Cell) -> u8 {
    let dx = i16::from(to.col) - i16::from(from.col);
    let dy = i16::from(to.row) - i16::from(from.row);
    // The target's angle: on axis `q` exactly, or strictly between axis `q` and `q + 1`.
    let (q, on_axis) = match (dx.signum(), dy.signum()) {
        (1, 0) => (0, true),
        (0, 1) => (1, true),
        (-1, 0) => (2, true),
        (0, -1) => (3, true),
        (1, 1) => (0, false),
        (-1, 1) => (1, false),
        (-1, -1) => (2, false),
        _ => (3, false),
    };
    let r = (dir.quarter() + 4 - q) % 4;
    if on_axis {
        2 * r
    } else if r == 0 {
        8 - 1
    } else {
        2 * r - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    fn open(width: u8) -> Maze {
        Maze {
            width: Width(width),
            walls: Walls::NONE,
            shaft: None,
        }
    }

    #[test]
    fn the_readme_examples() {
        let m = open(4);
        assert_eq!(
            m.next_step(c("B2"), c("C3")),
            Some(c("C2")),
            "south-east: east first"
        );
        assert_eq!(
            m.next_step(c("C2"), c("B3")),
            Some(c("C3")),
            "south-west: south first"
        );
        assert_eq!(
            m.next_step(c("C3"), c("B2")),
            Some(c("B3")),
            "north-west: west first"
        );
        assert_eq!(
            m.next_step(c("B3"), c("C2")),
            Some(c("B2")),
            "north-east: north first"
        );
    }

    #[test]
    fn straight_south_with_equal_detours_goes_east() {
        let mut walls = Walls::NONE;
        walls.add(c("B1"), c("B2"), Width(4));
        let m = Maze {
            width: Width(4),
            walls,
            shaft: None,
        };
        assert_eq!(m.next_step(c("B1"), c("B2")), Some(c("C1")));
    }

    #[test]
    fn a_guard_at_his_target_does_not_step() {
        assert_eq!(open(4).next_step(c("A1"), c("A1")), None);
    }

    #[test]
    fn the_shaft_is_impassable() {
        let m = Maze {
            width: Width(5),
            walls: Walls::NONE,
            shaft: Some(c("C3")),
        };
        assert_eq!(m.distance(c("B3"), c("D3")), Some(4));
        assert!(m.neighbours(c("C2")).all(|(_, n)| n != c("C3")));
    }
}
