//! The one source of randomness of every game.
//!
//! ChaCha8 gives the stream; `below`, `pick`, `shuffle` and `die` are our own and are locked by
//! golden-value tests, so that a saved game replays the same on every machine and every version.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A deterministic, serializable random number generator (ChaCha8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The generator for a game's seed. The key is the seed's 8 little-endian bytes followed by zeros.
    #[must_use]
    pub fn from_seed(seed: u64) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Self(ChaCha8Rng::from_seed(key))
    }

    /// A fresh generator whose key is drawn from this one (used to resample hidden state).
    #[must_use]
    pub fn fork(&mut self) -> Self {
        let mut key = [0u8; 32];
        self.0.fill_bytes(&mut key);
        Self(ChaCha8Rng::from_seed(key))
    }

    /// The next 32 random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject, unbiased).
    ///
    /// # Panics
    /// Panics if `n` is 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "GameRng::below(0)");
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
                low = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform index into a collection of `len` items.
    ///
    /// # Panics
    /// Panics if `len` is 0 or does not fit in 32 bits.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("GameRng::index: length over u32")) as usize
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }

    /// Shuffles in place (Fisher-Yates, from the last element down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// One roll of a six-sided die: 1 to 6.
    #[inline]
    pub fn die(&mut self) -> u8 {
        1 + self.below(6) as u8
    }
}

#[derive(Serialize, Deserialize)]
struct RngRepr {
    key: String,
    stream: u64,
    word_pos: String,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let key: String = self
            .0
            .get_seed()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        RngRepr {
            key,
            stream: self.0.get_stream(),
            word_pos: self.0.get_word_pos().to_string(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let repr = RngRepr::deserialize(d)?;
        if repr.key.len() != 64 {
            return Err(D::Error::custom("rng key must be 64 hex digits"));
        }
        let mut key = [0u8; 32];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&repr.key[2 * i..2 * i + 2], 16)
                .map_err(|_| D::Error::custom("rng key is not hexadecimal"))?;
        }
        let word_pos: u128 = repr
            .word_pos
            .parse()
            .map_err(|_| D::Error::custom("rng word_pos is not a number"))?;
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(repr.stream);
        rng.set_word_pos(word_pos);
        Ok(Self(rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Golden values: these streams decide every saved game ever played. Never change them.
    #[test]
    fn golden_next_u32() {
        let mut rng = GameRng::from_seed(42);
        let v: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(v, GOLDEN_U32);
    }

    #[test]
    fn golden_below() {
        let mut rng = GameRng::from_seed(7);
        let v: Vec<u32> = (1..=12).map(|n| rng.below(n)).collect();
        assert_eq!(v, GOLDEN_BELOW);
    }

    #[test]
    fn golden_shuffle() {
        let mut rng = GameRng::from_seed(2024);
        let mut v: Vec<u8> = (0..16).collect();
        rng.shuffle(&mut v);
        assert_eq!(v, GOLDEN_SHUFFLE);
    }

    #[test]
    fn golden_dice() {
        let mut rng = GameRng::from_seed(1);
        let v: Vec<u8> = (0..12).map(|_| rng.die()).collect();
        assert_eq!(v, GOLDEN_DICE);
    }

    #[test]
    fn golden_fork_and_pick() {
        let mut rng = GameRng::from_seed(99);
        let mut child = rng.fork();
        let items = ["a", "b", "c", "d", "e"];
        let v: Vec<&str> = (0..6).map(|_| *child.pick(&items).unwrap()).collect();
        assert_eq!(v, GOLDEN_PICK);
        assert_eq!(rng.next_u32(), GOLDEN_AFTER_FORK);
    }

    #[test]
    fn serde_round_trip_continues_the_stream() {
        let mut rng = GameRng::from_seed(5);
        for _ in 0..37 {
            rng.next_u32();
        }
        let json = serde_json::to_string(&rng).unwrap();
        let mut back: GameRng = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rng);
        assert_eq!(back.next_u64(), rng.next_u64());
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = GameRng::from_seed(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
    }

    #[test]
    fn pick_of_empty_is_none() {
        let mut rng = GameRng::from_seed(3);
        assert_eq!(rng.pick::<u8>(&[]), None);
    }

    #[test]
    fn bad_serialized_key_is_an_error() {
        let err = serde_json::from_str::<GameRng>(r#"{"key":"zz","stream":0,"word_pos":"0"}"#);
        assert!(err.is_err());
    }

    const GOLDEN_U32: [u32; 4] = [428_845_191, 1_495_741_553, 379_451_179, 1_227_066_020];
    const GOLDEN_BELOW: [u32; 12] = [0, 1, 2, 1, 2, 0, 0, 2, 7, 3, 9, 4];
    const GOLDEN_SHUFFLE: [u8; 16] = [11, 10, 6, 8, 9, 12, 0, 1, 5, 3, 15, 13, 2, 14, 7, 4];
    const GOLDEN_DICE: [u8; 12] = [4, 3, 6, 2, 3, 5, 6, 6, 6, 6, 2, 1];
    const GOLDEN_PICK: [&str; 6] = ["b", "e", "e", "b", "d", "d"];
    const GOLDEN_AFTER_FORK: u32 = 1_396_502_271;
}
