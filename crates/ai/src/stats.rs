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

#[cfg(test)]
mod tests {
    use super::wilson;

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
