//! Table ids and seat tokens: random, unguessable, and (for tokens) stored only as hashes.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why no random id could be drawn (the operating system's random source failed).
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random source failed: {0}")]
pub struct RandomError(getrandom::Error);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(RandomError)?;
    Ok(bytes)
}

/// A random seed for a new game.
///
/// # Errors
/// The operating system's random source failed.
pub fn random_seed() -> Result<u64, RandomError> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

const ID_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
const ID_LEN: usize = 10;

/// A table's id: ten characters of a lower-case alphabet without look-alikes (`k3xq9vbn2m`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TableId(String);

impl TableId {
    /// A fresh random id (50 bits).
    ///
    /// # Errors
    /// The operating system's random source failed.
    pub fn random() -> Result<Self, RandomError> {
        let bytes = random_bytes::<ID_LEN>()?;
        Ok(Self(
            bytes
                .iter()
                .map(|b| char::from(ID_ALPHABET[usize::from(b % 32)]))
                .collect(),
        ))
    }

    /// Reads an id from a URL or the database; `None` if it cannot be one.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        (text.len() == ID_LEN && text.bytes().all(|b| ID_ALPHABET.contains(&b)))
            .then(|| Self(text.to_owned()))
    }

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The secret that lets its holder play one seat: 32 random bytes in hex. The server keeps only
/// its [`TokenHash`].
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

impl SeatToken {
    /// A fresh random token.
    ///
    /// # Errors
    /// The operating system's random source failed.
    pub fn random() -> Result<Self, RandomError> {
        let bytes = random_bytes::<32>()?;
        Ok(Self(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// A token as a client presents it (any text: an unknown token simply matches no seat).
    #[must_use]
    pub fn from_client(text: &str) -> Self {
        Self(text.to_owned())
    }

    /// The token, to hand to its player once.
    #[must_use]
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// What the database stores.
    #[must_use]
    pub fn hash(&self) -> TokenHash {
        TokenHash(blake3::hash(self.0.as_bytes()).to_hex().to_string())
    }
}

/// The BLAKE3 hash of a seat token, in hex: what the database keeps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TokenHash(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ids_parse_back_and_refuse_junk() {
        let id = TableId::random().unwrap();
        assert_eq!(TableId::parse(id.as_str()), Some(id));
        assert_eq!(TableId::parse("short"), None);
        assert_eq!(TableId::parse("ABCDEFGHJK"), None);
        assert_eq!(TableId::parse("../../etc/"), None);
    }

    #[test]
    fn tokens_are_long_random_and_hash_stably() {
        let a = SeatToken::random().unwrap();
        let b = SeatToken::random().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.reveal().len(), 64);
        assert_eq!(a.hash(), SeatToken::from_client(a.reveal()).hash());
        assert_ne!(a.hash(), b.hash());
        assert!(!format!("{a:?}").contains(a.reveal()));
    }
}
