//! `lockpick sim` and `lockpick bench`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use lockpick_ai::sim::{ComboReport, SimSpec};
use lockpick_ai::{BotKind, Bots};
use lockpick_engine::{Options, Registry, SeatCount, Why};

use crate::CliError;

/// The bots of every game this build plays.
#[must_use]
pub fn bots() -> Bots {
    Bots::new()
        .with::<lockpick_burgle::Burgle>()
        .with::<lockpick_hacktivity::Hacktivity>()
}

/// The arguments of `lockpick sim`.
#[derive(Debug, clap::Args)]
pub(crate) struct SimArgs {
    /// The game's id.
    pub game: String,
    /// Games per option combination.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u32,
    /// The bot in every seat: random, heuristic, ismcts or oracle.
    #[arg(long, value_name = "NAME", default_value = "heuristic")]
    pub bot: String,
    /// Seats at each table.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seats: u8,
    /// An option, or several values to compare: KEY=VALUE[,VALUE...] (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE[,VALUE...]")]
    pub options: Vec<String>,
    /// Worker threads (the results do not depend on it).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// The simulation's seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// ISMCTS and oracle iterations per move; several (`100,300,1000`) run the games once
    /// per budget, on the same seeds, and the chart plots win rate against budget.
    #[arg(
        long,
        value_name = "N[,N...]",
        value_delimiter = ',',
        default_value = "1000"
    )]
    pub iterations: Vec<u32>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Draw the win rates with their intervals as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// The report, the progress bar, the chart and a refusal in this language.
    #[arg(long, value_name = "LANG")]
    pub say: Option<crate::Language>,
}

/// Every combination of the values given (`KEY=A,B` twice gives four tables).
fn combos(registry: &Registry, game: &str, pairs: &[String]) -> Result<Vec<Options>, CliError> {
    let info = registry
        .get(game)
        .ok_or_else(|| CliError::UnknownGame {
            given: game.to_owned(),
            known: registry.ids(),
        })?
        .info();
    let mut sets: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for pair in pairs {
        let (key, values) = pair.split_once('=').ok_or_else(|| {
            CliError::Option(lockpick_engine::OptionError::Malformed(pair.clone()))
        })?;
        let values: Vec<&str> = values.split(',').map(str::trim).collect();
        if let Some(twice) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| values[..i].contains(v).then_some(*v))
        {
            return Err(CliError::SimArgs(Why::new(
                format!("value '{twice}' of option '{}' is listed twice", key.trim()),
                format!(
                    "la valeur « {twice} » de l'option « {} » est donnée deux fois",
                    key.trim()
                ),
            )));
        }
        let mut next = Vec::new();
        for set in &sets {
            for value in &values {
                let mut s = set.clone();
                s.push((key.trim().to_owned(), (*value).to_owned()));
                next.push(s);
            }
        }
        sets = next;
    }
    sets.iter()
        .map(|set| {
            Options::resolve(
                &info.options,
                set.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            )
            .map_err(CliError::from)
        })
        .collect()
}

fn label(options: &Options, varying: &[String], fr: bool) -> String {
    let parts: Vec<String> = options
        .iter()
        .filter(|(k, _)| varying.iter().any(|v| v == k))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if parts.is_empty() {
        if fr { "défaut" } else { "default" }.into()
    } else {
        parts.join(" ")
    }
}

pub(crate) fn sim(
    registry: &Registry,
    args: &SimArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let combos = combos(registry, &args.game, &args.options)?;
    let fr = args.say == Some(crate::Language::Fr);
    if args.games == 0 {
        return Err(CliError::SimArgs(Why::new(
            "--games must be at least 1",
            "--games doit valoir au moins 1",
        )));
    }
    let budgets: Vec<u32> = if args.iterations.is_empty() {
        vec![1000]
    } else {
        args.iterations.clone()
    };
    if budgets.contains(&0) {
        return Err(CliError::SimArgs(Why::new(
            "--iterations must be at least 1",
            "--iterations doit valoir au moins 1",
        )));
    }
    let sweep = budgets.len() > 1;
    let total = u64::from(args.games) * combos.len() as u64 * budgets.len() as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(if fr {
            "{bar:30} {pos}/{len} parties, {msg}, encore {eta}"
        } else {
            "{bar:30} {pos}/{len} games, {msg}, {eta} left"
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| {
            CliError::SimArgs(Why::new(
                e.to_string(),
                format!("impossible de lancer les fils de calcul : {e}"),
            ))
        })?;
    let varying: Vec<String> = args
        .options
        .iter()
        .filter(|p| p.contains(','))
        .filter_map(|p| p.split_once('=').map(|(k, _)| k.trim().to_owned()))
        .collect();
    // One row per budget and option combination, labelled for the table and the chart.
    let mut rows: Vec<(u32, String, ComboReport)> = Vec::new();
    let mut finished = 0u64;
    for &iterations in &budgets {
        let bot = BotKind::parse(&args.bot, iterations).map_err(|e| {
            CliError::SimArgs(Why::new(
                e.to_string(),
                format!(
                    "bot inconnu « {} » (bots : random, heuristic, ismcts, oracle)",
                    args.bot
                ),
            ))
        })?;
        let spec = SimSpec {
            games: args.games,
            seats: SeatCount(args.seats),
            combos: combos.clone(),
            bot,
            seed: args.seed,
        };
        let progress = |done: u32, wins: u32| {
            bar.set_position(finished + u64::from(done));
            let rate = 100.0 * f64::from(wins) / f64::from(done.max(1));
            bar.set_message(if fr {
                format!("{rate:.1} % gagnées")
            } else {
                format!("won {rate:.1}%")
            });
        };
        let reports = pool.install(|| bots().simulate(&args.game, &spec, &progress))?;
        finished += u64::from(args.games) * combos.len() as u64;
        for r in reports {
            let options = label(&r.options, &varying, fr);
            let name = match (sweep, options.as_str(), fr) {
                (false, _, _) => options,
                (true, "default", false) => format!("{iterations} iterations"),
                (true, "défaut", true) => format!("{iterations} itérations"),
                (true, _, _) => format!("{iterations} it. {options}"),
            };
            rows.push((iterations, name, r));
        }
    }
    bar.finish_and_clear();
    if args.json {
        let results: Vec<serde_json::Value> = rows
            .iter()
            .map(|(iterations, _, r)| {
                let mut v = serde_json::to_value(r).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("iterations".into(), (*iterations).into());
                }
                v
            })
            .collect();
        let value = serde_json::json!({
            "game": args.game, "bot": args.bot, "seats": args.seats, "games": args.games,
            "seed": args.seed, "iterations": budgets, "results": results,
        });
        writeln!(out, "{value}")?;
    } else if fr {
        writeln!(
            out,
            "{} avec {}, {}, {} par table, graine {}",
            args.game,
            crate::seated::named(&args.bot, true),
            crate::text::count_fr(args.seats, "place"),
            crate::text::count_fr(args.games, "partie"),
            args.seed
        )?;
        writeln!(
            out,
            "{:<40} {:>7} {:>7} {:>8} {:>17} {:>7}  défaites",
            "options", "parties", "gagnées", "% gagné", "intervalle à 95 %", "tours"
        )?;
    } else {
        writeln!(
            out,
            "{} with the {} bot, {}, {} per table, seed {}",
            args.game,
            args.bot,
            crate::text::count(args.seats, "seat"),
            crate::text::count(args.games, "game"),
            args.seed
        )?;
        writeln!(
            out,
            "{:<40} {:>7} {:>7} {:>8} {:>17} {:>7}  losses",
            "options", "games", "wins", "win %", "95% interval", "turns"
        )?;
    }
    if !args.json {
        for (_, name, r) in &rows {
            let losses: Vec<String> = r.losses.iter().map(|(k, v)| format!("{k} {v}")).collect();
            writeln!(
                out,
                "{:<40} {:>7} {:>7} {:>7.1}% {:>7.1}% - {:>5.1}% {:>7.1}  {}",
                name,
                r.games,
                r.wins,
                100.0 * r.win_rate,
                100.0 * r.ci_low,
                100.0 * r.ci_high,
                r.mean_turns,
                losses.join(", ")
            )?;
        }
    }
    if let Some(path) = &args.plot {
        let title = match (sweep, fr) {
            (true, false) => format!(
                "{} — {} bot, win rate by iterations per move",
                args.game, args.bot
            ),
            (false, false) => format!("{} — {} bot", args.game, args.bot),
            (true, true) => format!(
                "{} — bot {}, taux de victoire par itérations par coup",
                args.game, args.bot
            ),
            (false, true) => format!("{} — bot {}", args.game, args.bot),
        };
        let points: Vec<(String, &ComboReport)> =
            rows.iter().map(|(_, name, r)| (name.clone(), r)).collect();
        let axis = if fr {
            "taux de victoire (%), intervalle à 95 %"
        } else {
            "win rate (%) with 95% interval"
        };
        plot(path, &points, &title, axis)?;
    }
    Ok(())
}

fn plot(
    path: &Path,
    reports: &[(String, &ComboReport)],
    title: &str,
    axis: &str,
) -> Result<(), CliError> {
    use plotters::prelude::*;
    let err = |e: &dyn std::fmt::Display| {
        CliError::SimArgs(Why::new(
            format!("cannot draw {}: {e}", path.display()),
            format!("impossible de dessiner {} : {e}", path.display()),
        ))
    };
    let n = reports.len();
    // Each option combination gets a column wide enough for its label (about 7 pixels a
    // character at the axis' font size), so that long labels do not run into each other.
    let longest = reports
        .iter()
        .map(|(name, _)| name.chars().count())
        .max()
        .unwrap_or(0);
    let column = (7 * longest as u32 + 20).max(110);
    let width = (160 + column * n as u32).max(480);
    let root = SVGBackend::new(path, (width, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..100f64)
        .map_err(|e| err(&e))?;
    let labels: Vec<String> = reports.iter().map(|(name, _)| name.clone()).collect();
    chart
        .configure_mesh()
        .y_desc(axis)
        .x_labels(n.max(1))
        .x_label_formatter(&|x| {
            let i = x.round() as usize;
            if (x - x.round()).abs() < 1e-6 {
                labels.get(i).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .disable_x_mesh()
        .draw()
        .map_err(|e| err(&e))?;
    for (i, (_, r)) in reports.iter().enumerate() {
        let x = i as f64;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, 100.0 * r.ci_low), (x, 100.0 * r.ci_high)],
                BLUE.stroke_width(2),
            )))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (x, 100.0 * r.win_rate),
                5,
                BLUE.filled(),
            )))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

pub(crate) fn bench(
    registry: &Registry,
    game: Option<&str>,
    seconds: f64,
    json: bool,
    fr: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let bots = bots();
    let ids: Vec<&'static str> = match game {
        Some(id) => vec![
            bots.ids()
                .find(|g| *g == id)
                .ok_or_else(|| CliError::UnknownGame {
                    given: id.to_owned(),
                    known: registry.ids(),
                })?,
        ],
        None => bots.ids().collect(),
    };
    let budget = Duration::from_secs_f64(seconds.max(0.05));
    for id in ids {
        let info = registry
            .get(id)
            .ok_or_else(|| CliError::UnknownGame {
                given: id.to_owned(),
                known: registry.ids(),
            })?
            .info();
        let options = Options::resolve(&info.options, [])?;
        let seats = SeatCount(2.clamp(info.min_seats, info.max_seats));
        let r = bots.bench(id, &options, seats, budget)?;
        if json {
            writeln!(out, "{}", serde_json::to_string(&r).unwrap_or_default())?;
        } else {
            let say = |en: &'static str, fr_: &'static str| if fr { fr_ } else { en };
            let n = |x: f64| if fr { grouped_fr(x) } else { grouped(x) };
            let seats = if fr {
                crate::text::count_fr(seats.0, "place")
            } else {
                crate::text::count(seats.0, "seat")
            };
            writeln!(
                out,
                "{id} ({}, {seats}, {}){}",
                say("default options", "options par défaut"),
                say("one core", "un cœur"),
                say(":", " :")
            )?;
            writeln!(
                out,
                "  {:<17} {:>12} {}  {:>9} {}",
                say("random playouts", "parties au hasard"),
                n(r.moves_per_sec),
                say("moves/s", "coups/s"),
                n(r.games_per_sec),
                say("games/s", "parties/s")
            )?;
            writeln!(
                out,
                "  {:<17} {:>12} {}  ({:.1} {})",
                "ISMCTS",
                n(r.ismcts_iterations_per_sec),
                say("iterations/s", "itérations/s"),
                r.ismcts_move_ms,
                say(
                    "ms per move at 1,000 iterations",
                    "ms par coup à 1 000 itérations"
                )
            )?;
            writeln!(
                out,
                "  {:<17} {} {} {}, {} {} {}",
                say("sizes", "tailles"),
                say("state", "état"),
                n(r.state_json_bytes as f64),
                say("bytes of JSON", "octets de JSON"),
                say("saved game", "partie enregistrée"),
                n(r.save_json_bytes as f64),
                say("bytes", "octets")
            )?;
        }
    }
    Ok(())
}

/// [`grouped`] as French writes it: thousands grouped by spaces (1 885 756).
fn grouped_fr(x: f64) -> String {
    grouped(x).replace(',', " ")
}

/// A count rounded to a whole number, its thousands grouped by commas as the README writes them
/// (1,885,756).
fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0.0), "0");
        assert_eq!(grouped(999.4), "999");
        assert_eq!(grouped(1_000.0), "1,000");
        assert_eq!(grouped(48_946.4), "48,946");
        assert_eq!(grouped(1_885_756.2), "1,885,756");
        assert_eq!(grouped(123_456_789.0), "123,456,789");
    }
}
