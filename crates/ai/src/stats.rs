//! Small statistics for simulation reports.

/// The 95% Wilson score interval of `wins` out of `games` (`(0, 1)` for no games).
#[must_use]
pub fn wilson(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 or all wins the bound is exact (rounding would move it off the observed rate).
    let low = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if wins == games {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The two-sided exact sign test of two bots played on the same games: the chance, were
/// neither better, that the games won by one side only split at least as unevenly as
/// `a_only` against `b_only` (1 when no game was won by one side only).
#[must_use]
pub fn sign_test(a_only: u32, b_only: u32) -> f64 {
    let n = a_only + b_only;
    let k = a_only.min(b_only);
    // The binomial(n, 1/2) tail up to k, summed in logarithms so that no term underflows.
    let ln_half = f64::from(n) * -std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64;
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_choose += f64::from(n - i + 1).ln() - f64::from(i).ln();
        }
        tail += (ln_choose + ln_half).exp();
    }
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::{sign_test, wilson};

    #[test]
    fn sign_test_matches_the_binomial_tail() {
        // 5 against 18: 2 * P(X <= 5), X ~ B(23, 1/2) = 2 * 44,552 / 8,388,608.
        assert!(
            (sign_test(5, 18) - 0.010_622).abs() < 1e-5,
            "{}",
            sign_test(5, 18)
        );
        // The order of the sides does not matter.
        assert_eq!(sign_test(18, 5), sign_test(5, 18));
        // An even split, and nothing to split, prove nothing.
        assert_eq!(sign_test(30, 30), 1.0);
        assert_eq!(sign_test(0, 0), 1.0);
        // 0 against 10: 2 / 1,024.
        assert!((sign_test(0, 10) - 2.0 / 1024.0).abs() < 1e-12);
        // Thousands of games, where 2^-n underflows: 1,000 against 1,000 is even.
        assert_eq!(sign_test(1_000, 1_000), 1.0);
        assert!(sign_test(900, 1_100) < 1e-5);
    }

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263: the interval is about 0.255 to 0.366.
        let (lo, hi) = wilson(81, 263);
        assert!(
            (lo - 0.2553).abs() < 1e-3 && (hi - 0.3662).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
