//! Small lists held inside the state rather than on the heap, and copied in one go: the searches
//! clone states all the time, and a clone that copies bytes instead of allocating and cloning
//! item by item makes the planner and ISMCTS faster. Both serialize as plain JSON lists, exactly
//! as the `Vec`s they replace, so saved games and their hashes are unchanged.

use std::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most rooms a floor has (Fort Knox's 5x5).
pub const MAX_CELLS: usize = 25;

/// At most one item per room of a floor (its tiles, its patrol cards).
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cells<T>(ArrayVec<T, MAX_CELLS>);

impl<T> Cells<T> {
    /// An empty list.
    #[must_use]
    pub const fn new() -> Self {
        Self(ArrayVec::new_const())
    }
}

impl<T> Default for Cells<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy> Clone for Cells<T> {
    fn clone(&self) -> Self {
        let mut copy = ArrayVec::new_const();
        copy.try_extend_from_slice(&self.0)
            .expect("a copy fits where the original did");
        Self(copy)
    }
}

impl<T> Deref for Cells<T> {
    type Target = ArrayVec<T, MAX_CELLS>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<T> DerefMut for Cells<T> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<T> FromIterator<T> for Cells<T> {
    /// # Panics
    /// More than [`MAX_CELLS`] items: more than a floor has rooms.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self(iter.into_iter().collect())
    }
}

impl<T> IntoIterator for Cells<T> {
    type Item = T;
    type IntoIter = arrayvec::IntoIter<T, MAX_CELLS>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Cells<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

impl<'a, T> IntoIterator for &'a Cells<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The most dice a safe is rolled with: six on it and the Peterman's own, with room to spare.
pub const MAX_FACES: usize = 8;

/// The faces of a safe's last roll, in the order rolled.
#[derive(Debug, Clone, Copy, Default)]
pub struct Faces {
    len: u8,
    faces: [u8; MAX_FACES],
}

impl PartialEq for Faces {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Faces {}

impl Deref for Faces {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }
}

impl DerefMut for Faces {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.faces[..usize::from(self.len)]
    }
}

impl FromIterator<u8> for Faces {
    /// # Panics
    /// More than [`MAX_FACES`] faces.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut out = Self::default();
        for face in iter {
            assert!(
                usize::from(out.len) < MAX_FACES,
                "a safe is rolled with at most {MAX_FACES} dice"
            );
            out.faces[usize::from(out.len)] = face;
            out.len += 1;
        }
        out
    }
}

impl Serialize for Faces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Faces {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let faces = Vec::<u8>::deserialize(deserializer)?;
        if faces.len() > MAX_FACES {
            return Err(serde::de::Error::invalid_length(
                faces.len(),
                &"at most 8 dice faces",
            ));
        }
        Ok(faces.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_faces_read_and_write_plain_json_lists() {
        let cells: Cells<u8> = [3, 1, 2].into_iter().collect();
        assert_eq!(serde_json::to_string(&cells).unwrap(), "[3,1,2]");
        let back: Cells<u8> = serde_json::from_str("[3,1,2]").unwrap();
        assert_eq!(back, cells);
        assert_eq!(back.clone(), cells);
        let faces: Faces = [6, 1, 4].into_iter().collect();
        assert_eq!(serde_json::to_string(&faces).unwrap(), "[6,1,4]");
        let back: Faces = serde_json::from_str("[6,1,4]").unwrap();
        assert_eq!(back, faces);
        assert_eq!(&*back, &[6, 1, 4]);
    }

    #[test]
    fn overlong_lists_are_refused_with_a_clear_error() {
        let err = serde_json::from_str::<Faces>("[1,2,3,4,5,6,1,2,3]").unwrap_err();
        assert!(err.to_string().contains("at most 8 dice faces"), "{err}");
        let long = format!("[{}]", vec!["1"; MAX_CELLS + 1].join(","));
        assert!(serde_json::from_str::<Cells<u8>>(&long).is_err());
    }

    #[test]
    fn faces_compare_by_the_dice_rolled() {
        let mut a: Faces = [5, 5].into_iter().collect();
        a[1] = 2;
        assert_eq!(a, [5, 2].into_iter().collect());
        assert_ne!(a, [5, 2, 0].into_iter().collect());
        assert_ne!(a, [5].into_iter().collect());
    }
}
