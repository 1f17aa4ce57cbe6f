//! Small typed ids: floors, cells, positions and directions.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A floor of the building, from 0 (the ground floor, "floor 1" for players) upwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Floor(pub u8);

impl Floor {
    /// The index into per-floor containers.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number players use (1 for the ground floor).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Floor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

// Floors are written as players count them, from 1.
impl Serialize for Floor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Floor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(d)?;
        if n == 0 {
            return Err(serde::de::Error::custom("floors are numbered from 1"));
        }
        Ok(Self(n - 1))
    }
}

/// The size of a floor: 4x4 or 5x5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Width(pub u8);

impl Width {
    /// Cells on a floor.
    #[must_use]
    pub const fn cells(self) -> usize {
        (self.0 as usize) * (self.0 as usize)
    }

    /// Every cell, row by row.
    #[inline]
    pub fn all(self) -> impl Iterator<Item = Cell> + Clone {
        Cells {
            width: self.0,
            col: 0,
            row: 0,
        }
    }

    /// The cell at a per-cell container index.
    #[must_use]
    pub const fn cell(self, index: usize) -> Cell {
        Cell {
            col: (index % self.0 as usize) as u8,
            row: (index / self.0 as usize) as u8,
        }
    }
}

/// Every cell of a floor, row by row.
#[derive(Debug, Clone)]
struct Cells {
    width: u8,
    col: u8,
    row: u8,
}

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.row >= self.width {
            return None;
        }
        let cell = Cell {
            col: self.col,
            row: self.row,
        };
        self.col += 1;
        if self.col == self.width {
            self.col = 0;
            self.row += 1;
        }
        Some(cell)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let w = usize::from(self.width);
        let n = (w * w).saturating_sub(usize::from(self.row) * w + usize::from(self.col));
        (n, Some(n))
    }
}

/// A room's place on a floor, named like the patrol cards: column letter, row number ("B3").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row from 0 (row "1").
    pub row: u8,
    /// Column from 0 (column "A").
    pub col: u8,
}

impl Cell {
    /// The cell at `col`, `row` (both from 0).
    #[must_use]
    pub const fn at(col: u8, row: u8) -> Self {
        Self { col, row }
    }

    /// The index into per-cell containers of a floor of `width`.
    #[inline]
    #[must_use]
    pub const fn index(self, width: Width) -> usize {
        self.row as usize * width.0 as usize + self.col as usize
    }

    /// The orthogonal neighbour in `dir`, if on the floor.
    #[must_use]
    pub fn step(self, dir: Dir, width: Width) -> Option<Self> {
        let (dc, dr) = dir.delta();
        let col = self.col.checked_add_signed(dc)?;
        let row = self.row.checked_add_signed(dr)?;
        (col < width.0 && row < width.0).then_some(Self { col, row })
    }

    /// The direction from `self` to the adjacent `other`, if they are orthogonal neighbours.
    #[must_use]
    pub fn dir_to(self, other: Self) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (dc, dr) = d.delta();
            self.col.checked_add_signed(dc) == Some(other.col)
                && self.row.checked_add_signed(dr) == Some(other.row)
        })
    }

    /// Whether the cell lies on a floor of `width`.
    #[must_use]
    pub const fn fits(self, width: Width) -> bool {
        self.col < width.0 && self.row < width.0
    }

    /// Whether the cell is on the edge of a floor of `width`.
    #[must_use]
    pub const fn on_edge(self, width: Width) -> bool {
        self.col == 0 || self.row == 0 || self.col + 1 == width.0 || self.row + 1 == width.0
    }

    /// Parses "B3".
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        let name = name.trim();
        let mut chars = name.chars();
        let col = chars.next()?.to_ascii_uppercase();
        if !col.is_ascii_uppercase() {
            return None;
        }
        let row: u8 = chars.as_str().parse().ok()?;
        (1..=9).contains(&row).then(|| Self {
            col: col as u8 - b'A',
            row: row - 1,
        })
    }

    /// Manhattan distance.
    #[must_use]
    pub const fn manhattan(self, other: Self) -> u8 {
        self.col.abs_diff(other.col) + self.row.abs_diff(other.row)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Self::parse(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a cell like \"B3\"")))
    }
}

/// A cell on a floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    /// The floor.
    pub floor: Floor,
    /// The cell.
    pub cell: Cell,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.floor, self.cell)
    }
}

impl Pos {
    /// A position.
    #[must_use]
    pub const fn new(floor: Floor, cell: Cell) -> Self {
        Self { floor, cell }
    }
}

/// The four directions, with y growing downwards (row 1 at the top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// Towards row 1.
    North,
    /// Towards the last column.
    East,
    /// Towards the last row.
    South,
    /// Towards column A.
    West,
}

impl Dir {
    /// All four, clockwise from north.
    pub const ALL: [Self; 4] = [Self::North, Self::East, Self::South, Self::West];

    /// (column, row) change.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Self::North => (0, -1),
            Self::East => (1, 0),
            Self::South => (0, 1),
            Self::West => (-1, 0),
        }
    }

    /// The direction's angle in quarter turns, as `atan2(dy, dx)` with y downwards:
    /// east 0, south 1, west 2, north 3.
    #[must_use]
    pub const fn quarter(self) -> u8 {
        match self {
            Self::East => 0,
            Self::South => 1,
            Self::West => 2,
            Self::North => 3,
        }
    }
}
