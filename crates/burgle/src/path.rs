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

    /// The cells, as bits (`1 << index`), from which a step in each direction is open: north,
    /// east, south, west (the order of [`Dir::ALL`]).
    pub(crate) fn open_masks(self) -> [u32; 4] {
        let w = u32::from(self.width.0);
        let cells = w * w;
        let mut all: u32 = if cells == 32 {
            u32::MAX
        } else {
            (1 << cells) - 1
        };
        if let Some(shaft) = self.shaft {
            all &= !(1 << shaft.index(self.width));
        }
        let last_col: u32 = match w {
            4 => 0x8888,
            5 => 0x0108_4210,
            _ => (0..w)
                .map(|r| 1u32 << (r * w + w - 1))
                .fold(0, |a, b| a | b),
        };
        let last_row: u32 = ((1u32 << w) - 1) << (w * (w - 1));
        let bits = self.walls.bits();
        let (east_walls, south_walls) = (bits as u32, (bits >> 32) as u32);
        let east = all & !last_col & !east_walls & (all >> 1);
        let south = all & !last_row & !south_walls & (all >> w);
        [south << w, east, south, east << 1]
    }

    /// One breadth-first layer further: every cell one open step from `frontier`.
    pub(crate) fn spread(self, masks: &[u32; 4], frontier: u32) -> u32 {
        let w = u32::from(self.width.0);
        ((frontier & masks[0]) >> w)
            | ((frontier & masks[1]) << 1)
            | ((frontier & masks[2]) << w)
            | ((frontier & masks[3]) >> 1)
    }

    /// Shortest-path distances from `target` to every cell (`u8::MAX`: unreachable), by
    /// breadth-first layers over bit sets.
    #[must_use]
    pub fn distances(self, target: Cell) -> [u8; 25] {
        let masks = self.open_masks();
        let mut dist = [u8::MAX; 25];
        let mut seen = 1u32 << target.index(self.width);
        let mut frontier = seen;
        let mut d = 0u8;
        while frontier != 0 {
            let mut bits = frontier;
            while bits != 0 {
                dist[bits.trailing_zeros() as usize] = d;
                bits &= bits - 1;
            }
            frontier = self.spread(&masks, frontier) & !seen;
            seen |= frontier;
            d += 1;
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
    ///
    /// Kept in a table of every pair of cells per layout of walls, for the thread, each entry
    /// searched the first time it is asked for ([`Maze::search_step`]): a floor's walls seldom
    /// change, and the planner asks for the guard's steps many thousand times a turn.
    #[must_use]
    pub fn next_step(self, from: Cell, to: Cell) -> Option<Cell> {
        let layout = (self.walls.bits(), self.width.0, self.shaft);
        let at = from.index(self.width) * self.width.cells() + to.index(self.width);
        let next = STEPS.with_borrow_mut(|tables| {
            let slot = tables.slot(layout);
            let step = &mut tables.steps[slot][at];
            if *step == UNKNOWN {
                *step = self
                    .search_step(from, to)
                    .map_or(NO_STEP, |c| c.index(self.width) as u8);
            }
            *step
        });
        (next != NO_STEP).then(|| self.width.cell(usize::from(next)))
    }

    /// [`Maze::next_step`], searched: breadth-first layers from the target, then the left-most
    /// open step into the layer one nearer.
    fn search_step(self, from: Cell, to: Cell) -> Option<Cell> {
        if from == to {
            return None;
        }
        // Layers from the target until the guard's cell: the layer before it holds the
        // neighbours that lie on a shortest path.
        let masks = self.open_masks();
        let me = 1u32 << from.index(self.width);
        let mut seen = 1u32 << to.index(self.width);
        let mut frontier = seen;
        let mut previous = 0;
        while frontier & me == 0 {
            if frontier == 0 {
                return None;
            }
            previous = frontier;
            frontier = self.spread(&masks, frontier) & !seen;
            seen |= frontier;
        }
        // The open steps (in `Dir::ALL`'s order, as `masks`) into that layer; the left-most wins.
        let w = usize::from(self.width.0);
        let i = from.index(self.width);
        let mut best: Option<(u8, usize)> = None;
        for (k, dir) in Dir::ALL.into_iter().enumerate() {
            if masks[k] & me == 0 {
                continue;
            }
            let next = match k {
                0 => i - w,
                1 => i + 1,
                2 => i + w,
                _ => i - 1,
            };
            if previous & (1 << next) == 0 {
                continue;
            }
            let key = clockwise_key(dir, from, to);
            if best.is_none_or(|(b, _)| key >= b) {
                best = Some((key, next));
            }
        }
        best.map(|(_, next)| self.width.cell(next))
    }
}

/// No step: the guard is at his target or cannot reach it.
const NO_STEP: u8 = u8::MAX;

/// A step not searched yet.
const UNKNOWN: u8 = u8::MAX - 1;

/// Layouts whose steps a thread keeps (a building has at most three floors; a search's copies
/// share their walls, and Dynamite makes new ones).
const TABLES_KEPT: usize = 8;

/// A layout of walls as the step tables know it: walls, floor size, shaft.
type Layout = (u64, u8, Option<Cell>);

/// The layouts of walls a thread keeps a step table for, each with every pair's next step
/// (`NO_STEP` for none, `UNKNOWN` until searched), row `from`, column `to`. Held inline (no
/// heap, nothing to drop), so that the thread's copy is reached at the cost of a static.
struct StepTables {
    /// The layout of each slot (`None`: not used yet).
    layouts: [Option<Layout>; TABLES_KEPT],
    /// When each slot was last asked for, on the clock below: a new layout takes the slot
    /// unused the longest, so the layouts of the job's own walls stay while Dynamite's come
    /// and go.
    used: [u64; TABLES_KEPT],
    /// Each slot's steps.
    steps: [[u8; 25 * 25]; TABLES_KEPT],
    /// The slot found last: the guard of one floor asks again and again in a row.
    last: usize,
    /// A clock counting the changes of slot.
    clock: u64,
}

impl StepTables {
    /// The slot of `layout`, given a fresh table (every step unknown) if it has none.
    #[inline]
    fn slot(&mut self, layout: Layout) -> usize {
        if self.layouts[self.last] == Some(layout) {
            return self.last;
        }
        let slot = match self.layouts.iter().position(|l| *l == Some(layout)) {
            Some(slot) => slot,
            None => {
                let mut slot = 0;
                for k in 1..TABLES_KEPT {
                    if self.used[k] < self.used[slot] {
                        slot = k;
                    }
                }
                self.layouts[slot] = Some(layout);
                self.steps[slot] = [UNKNOWN; 25 * 25];
                slot
            }
        };
        self.clock += 1;
        self.used[slot] = self.clock;
        self.last = slot;
        slot
    }
}

thread_local! {
    static STEPS: std::cell::RefCell<StepTables> = const {
        std::cell::RefCell::new(StepTables {
            layouts: [None; TABLES_KEPT],
            used: [0; TABLES_KEPT],
            steps: [[UNKNOWN; 25 * 25]; TABLES_KEPT],
            last: 0,
            clock: 0,
        })
    };
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
    fn a_kept_step_is_the_step_searched_however_often_it_is_asked_for() {
        // More layouts than a thread keeps, asked for in turn and again: every answer, searched
        // or read back, is the search's.
        let mut mazes = Vec::new();
        for k in 0..(TABLES_KEPT as u8 + 3) {
            let mut walls = Walls::NONE;
            walls.add(Cell::at(k % 4, 0), Cell::at(k % 4, 1), Width(4));
            walls.add(Cell::at(1, k % 3), Cell::at(2, k % 3), Width(4));
            mazes.push(Maze {
                width: Width(4),
                walls,
                shaft: None,
            });
        }
        for _ in 0..2 {
            for m in &mazes {
                for a in 0..16 {
                    for b in 0..16 {
                        let (from, to) = (Width(4).cell(a), Width(4).cell(b));
                        assert_eq!(m.next_step(from, to), m.search_step(from, to));
                    }
                }
            }
        }
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
