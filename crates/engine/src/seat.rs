use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ActError;

/// A place at the table, numbered from 0 in the order of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for per-seat containers.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat as players count it, from 1 (`Seat(0)` is seat 1): what a text written for
    /// people says and what they type. JSON (actions, views, saved games, the API) keeps the
    /// index, from 0.
    #[must_use]
    pub const fn number(self) -> u16 {
        self.0 as u16 + 1
    }

    /// The seat a player's number names (1 is `Seat(0)`); `None` for 0 and numbers past 256.
    #[must_use]
    pub fn from_number(number: u16) -> Option<Self> {
        number
            .checked_sub(1)
            .and_then(|i| u8::try_from(i).ok())
            .map(Self)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How many seats a table has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatCount(pub u8);

impl SeatCount {
    /// Every seat of the table, in order of play.
    pub fn seats(self) -> impl Iterator<Item = Seat> + Clone {
        (0..self.0).map(Seat)
    }

    /// Whether `seat` sits at this table.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < self.0
    }

    /// `seat` if it sits at this table.
    ///
    /// # Errors
    /// [`ActError::SeatOutOfRange`], which names the table's seats: the one wording every
    /// interface gives for a seat the table does not have.
    pub const fn check(self, seat: Seat) -> Result<Seat, ActError> {
        if self.contains(seat) {
            Ok(seat)
        } else {
            Err(ActError::SeatOutOfRange { seat, seats: self })
        }
    }

    /// The number of seats.
    #[must_use]
    pub const fn get(self) -> usize {
        self.0 as usize
    }
}

/// Who looks at the game: one seat, or a spectator who sits at none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player at this seat.
    Seat(Seat),
    /// Someone watching, who may know only what is public.
    Spectator,
}

impl Viewer {
    /// The seat, if the viewer is a player.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Self::Seat(s) => Some(s),
            Self::Spectator => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Seat;

    #[test]
    fn players_count_seats_from_one() {
        assert_eq!(Seat(0).number(), 1);
        assert_eq!(Seat(255).number(), 256);
        assert_eq!(Seat::from_number(1), Some(Seat(0)));
        assert_eq!(Seat::from_number(256), Some(Seat(255)));
        assert_eq!(Seat::from_number(0), None);
        assert_eq!(Seat::from_number(257), None);
    }
}
