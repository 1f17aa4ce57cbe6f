//! Small lists held inside the state rather than on the heap: the searches clone states all the
//! time, and a list of `Copy` items held inline is cloned by copying bytes, without allocating
//! or cloning item by item. Both serialize as plain JSON lists, exactly as the `Vec`s they
//! replace, so saved games and their hashes are unchanged; a list longer than its room is
//! refused with a serde error.

/// The most rooms a floor has (Fort Knox's 5x5).
pub const MAX_CELLS: usize = 25;

/// At most one item per room of a floor (its tiles, its patrol cards).
pub type Cells<T> = tinyvec::ArrayVec<[T; MAX_CELLS]>;

/// The most dice a safe is rolled with: six on it and the Peterman's own, with room to spare.
pub const MAX_FACES: usize = 8;

/// The faces of a safe's last roll, in the order rolled.
pub type Faces = tinyvec::ArrayVec<[u8; MAX_FACES]>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_faces_read_and_write_plain_json_lists() {
        let cells: Cells<u8> = [3, 1, 2].into_iter().collect();
        assert_eq!(serde_json::to_string(&cells).unwrap(), "[3,1,2]");
        let back: Cells<u8> = serde_json::from_str("[3,1,2]").unwrap();
        assert_eq!(back, cells);
        let faces: Faces = [6, 1, 4].into_iter().collect();
        assert_eq!(serde_json::to_string(&faces).unwrap(), "[6,1,4]");
        let back: Faces = serde_json::from_str("[6,1,4]").unwrap();
        assert_eq!(back, faces);
        assert_eq!(back.as_slice(), &[6, 1, 4]);
    }

    #[test]
    fn overlong_lists_are_refused_with_an_error() {
        assert!(serde_json::from_str::<Faces>("[1,2,3,4,5,6,1,2,3]").is_err());
        let long = format!("[{}]", vec!["1"; MAX_CELLS + 1].join(","));
        assert!(serde_json::from_str::<Cells<u8>>(&long).is_err());
    }
}
