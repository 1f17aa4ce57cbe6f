//! How many actions a safe still needs, on average, when the team plays its dice well: add a
//! die (2 actions) or roll (1 action), whichever leaves fewer actions to go. Computed once by
//! dynamic programming over (dice on the safe, digits still to find); the planner values a safe
//! by the actions this saves, so that it adds dice while they pay and rolls once they do not.

use std::sync::LazyLock;

use crate::safe::MAX_DICE;

/// Digits a safe's line may still need (the 6 faces of a die).
const FACES: usize = 6;

/// `COST[extra][dice][needed]`: expected actions to crack with `dice` on the safe, `extra`
/// more thrown by the roller (the Peterman's Steady Hands), `needed` distinct digits to find.
static COST: LazyLock<[[[f64; FACES + 1]; MAX_DICE as usize + 1]; 2]> = LazyLock::new(|| {
    let mut cost = [[[0.0; FACES + 1]; MAX_DICE as usize + 1]; 2];
    for (extra, table) in cost.iter_mut().enumerate() {
        for needed in 1..=FACES {
            // More dice first: adding one leads to a table entry with one die more.
            for dice in (0..=MAX_DICE as usize).rev() {
                let add = if dice < MAX_DICE as usize {
                    2.0 + table[dice + 1][needed]
                } else {
                    f64::INFINITY
                };
                let thrown = dice + extra;
                let roll = if thrown == 0 {
                    f64::INFINITY
                } else {
                    // A roll costs 1; a roll finding nothing leaves the same position, so
                    // V = (1 + sum_{j>0} p_j V(needed - j)) / (1 - p_0).
                    let p0 = found_exactly(thrown, needed, 0);
                    let rest: f64 = (1..=needed)
                        .map(|j| found_exactly(thrown, needed, j) * table[dice][needed - j])
                        .sum();
                    (1.0 + rest) / (1.0 - p0)
                };
                table[dice][needed] = add.min(roll);
            }
        }
    }
    cost
});

/// The chance that `thrown` dice show exactly `found` of `needed` given faces (any of them).
fn found_exactly(thrown: usize, needed: usize, found: usize) -> f64 {
    // Inclusion-exclusion over the `found` faces that must all show, the other `needed - found`
    // never showing.
    let allowed = (FACES - (needed - found)) as f64;
    let mut p = 0.0;
    for missing in 0..=found {
        let sign = if missing % 2 == 0 { 1.0 } else { -1.0 };
        p += sign
            * binomial(found, missing)
            * ((allowed - missing as f64) / FACES as f64).powi(thrown as i32);
    }
    binomial(needed, found) * p
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Expected actions left to crack a safe holding `dice`, with `needed` digits to find, when the
/// roller throws `extra` dice more.
#[must_use]
pub fn actions_left(dice: u8, extra: u8, needed: usize) -> f64 {
    COST[usize::from(extra.min(1))][usize::from(dice.min(MAX_DICE))][needed.min(FACES)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chances_of_a_throw_add_up_to_one() {
        for thrown in 1..=7 {
            for needed in 0..=FACES {
                let sum: f64 = (0..=needed).map(|j| found_exactly(thrown, needed, j)).sum();
                assert!(
                    (sum - 1.0).abs() < 1e-9,
                    "{thrown} dice, {needed} needed: {sum}"
                );
            }
        }
        // One die finds one given face in six.
        assert!((found_exactly(1, 1, 1) - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn an_empty_safe_wants_dice_and_a_loaded_one_wants_rolls() {
        // From nothing, three dice then rolls: about 11 actions for six digits.
        let fresh = actions_left(0, 0, 6);
        assert!((10.5..12.0).contains(&fresh), "{fresh}");
        assert!((actions_left(0, 0, 6) - (2.0 + actions_left(1, 0, 6))).abs() < 1e-9);
        // With three dice, rolling beats a fourth die.
        assert!(actions_left(3, 0, 6) < 2.0 + actions_left(4, 0, 6));
        // Fewer digits, more dice, or the Peterman's extra die: fewer actions.
        assert!(actions_left(3, 0, 2) < actions_left(3, 0, 5));
        assert!(actions_left(4, 0, 5) < actions_left(3, 0, 5));
        assert!(actions_left(3, 1, 5) < actions_left(3, 0, 5));
        assert_eq!(actions_left(2, 0, 0), 0.0);
    }
}
