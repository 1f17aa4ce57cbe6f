//! The guard's path, checked against an independent brute force on thousands of random wall
//! layouts, 4x4 and 5x5: enumerate every shortest path, then apply the clockwise rule of
//! shared/burgle/README.md with floating-point angles.

use lockpick_burgle::ids::{Cell, Width};
use lockpick_burgle::path::Maze;
use lockpick_burgle::walls::Walls;
use proptest::prelude::*;

/// Open neighbours, written independently of the crate's code.
fn open_neighbours(walls: Walls, width: Width, shaft: Option<Cell>, c: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for (dc, dr) in [(0i8, -1i8), (1, 0), (0, 1), (-1, 0)] {
        let (nc, nr) = (c.col as i8 + dc, c.row as i8 + dr);
        if nc < 0 || nr < 0 || nc >= width.0 as i8 || nr >= width.0 as i8 {
            continue;
        }
        let n = Cell::at(nc as u8, nr as u8);
        if Some(n) == shaft || walls.between(c, n, width) {
            continue;
        }
        out.push(n);
    }
    out
}

/// Every shortest path from `from` to `to` (as cell sequences), by exhaustive search.
fn all_shortest(
    walls: Walls,
    width: Width,
    shaft: Option<Cell>,
    from: Cell,
    to: Cell,
) -> Vec<Vec<Cell>> {
    // Iterative deepening: the first depth with any path is the shortest.
    for depth in 0..=width.cells() {
        let mut found = Vec::new();
        let mut path = vec![from];
        fn dfs(
            walls: Walls,
            width: Width,
            shaft: Option<Cell>,
            to: Cell,
            depth: usize,
            path: &mut Vec<Cell>,
            found: &mut Vec<Vec<Cell>>,
        ) {
            let here = *path.last().unwrap();
            if path.len() - 1 == depth {
                if here == to {
                    found.push(path.clone());
                }
                return;
            }
            let remaining = depth - (path.len() - 1);
            if (here.manhattan(to) as usize) > remaining {
                return;
            }
            for n in open_neighbours(walls, width, shaft, here) {
                if !path.contains(&n) {
                    path.push(n);
                    dfs(walls, width, shaft, to, depth, path, found);
                    path.pop();
                }
            }
        }
        dfs(walls, width, shaft, to, depth, &mut path, &mut found);
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// The clockwise rule with real angles: the largest (angle(step) - angle(target)) mod 360.
fn rule_choice(from: Cell, to: Cell, candidates: &[Cell]) -> Cell {
    let angle = |dx: f64, dy: f64| dy.atan2(dx).to_degrees();
    let target = angle(
        f64::from(to.col) - f64::from(from.col),
        f64::from(to.row) - f64::from(from.row),
    );
    let key = |c: &Cell| {
        let a = angle(
            f64::from(c.col) - f64::from(from.col),
            f64::from(c.row) - f64::from(from.row),
        );
        let k = (a - target).rem_euclid(360.0);
        // Round away float noise (angles here are multiples of 90 or arctangents of small ints).
        (k * 1e6).round() as i64
    };
    *candidates.iter().max_by_key(|c| key(c)).unwrap()
}

fn layout(width: u8, picks: &[usize], shaft_pick: usize) -> (Width, Walls, Option<Cell>) {
    let w = Width(width);
    let shaft = (width == 5).then(|| w.cell(shaft_pick % w.cells()));
    let interior = Walls::interior(w);
    let mut walls = Walls::NONE;
    for &i in picks {
        let (a, b) = interior[i % interior.len()];
        if Some(a) == shaft || Some(b) == shaft {
            continue;
        }
        let mut trial = walls;
        trial.add(a, b, w);
        if trial.connected(w, shaft) {
            walls = trial;
        }
    }
    (w, walls, shaft)
}

fn check_layout(w: Width, walls: Walls, shaft: Option<Cell>) -> Result<(), TestCaseError> {
    let maze = Maze {
        width: w,
        walls,
        shaft,
    };
    let cells: Vec<Cell> = (0..w.cells())
        .map(|i| w.cell(i))
        .filter(|c| Some(*c) != shaft)
        .collect();
    for &from in &cells {
        for &to in &cells {
            let got = maze.next_step(from, to);
            if from == to {
                prop_assert_eq!(got, None);
                continue;
            }
            let paths = all_shortest(walls, w, shaft, from, to);
            prop_assert!(!paths.is_empty(), "connected layout");
            let mut firsts: Vec<Cell> = paths.iter().map(|p| p[1]).collect();
            firsts.sort();
            firsts.dedup();
            let expected = rule_choice(from, to, &firsts);
            prop_assert_eq!(
                got,
                Some(expected),
                "from {} to {} walls {:?}",
                from,
                to,
                walls.names(w)
            );
            prop_assert_eq!(maze.distance(from, to), Some((paths[0].len() - 1) as u8));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn guard_step_matches_brute_force_on_4x4(picks in prop::collection::vec(0usize..24, 0..14)) {
        let (w, walls, shaft) = layout(4, &picks, 0);
        check_layout(w, walls, shaft)?;
    }

    #[test]
    fn guard_step_matches_brute_force_on_5x5_with_a_shaft(
        picks in prop::collection::vec(0usize..40, 0..16),
        shaft in 0usize..25,
    ) {
        let (w, walls, shaft) = layout(5, &picks, shaft);
        check_layout(w, walls, shaft)?;
    }
}

#[test]
fn the_default_layouts_match_brute_force() {
    use lockpick_burgle::content;
    for (name, job) in content::WALL_SECTIONS {
        let book = content::parse_walls("walls.toml", content::WALLS_TOML, name, job).unwrap();
        for walls in book.floors {
            check_layout(job.width(), walls, book.shaft).unwrap();
        }
    }
}
