//! The printed facts of the physical game, loaded from the TOML files embedded in this crate
//! (`content/tiles.toml`, `content/walls.toml`) and validated with errors naming file and field.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::cards::TileKind;
use crate::ids::Cell;
use crate::state::Job;
use crate::walls::Walls;

/// The embedded tile list.
pub const TILES_TOML: &str = include_str!("../content/tiles.toml");
/// The embedded default walls.
pub const WALLS_TOML: &str = include_str!("../content/walls.toml");

/// One physical room tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileCard {
    /// Its kind.
    pub kind: TileKind,
    /// The safe digit printed on it (0 for Safe tiles).
    pub digit: u8,
    /// Whether it has a white digit circle (used in the Office Job).
    pub office: bool,
}

/// A content file that does not validate: the file, the entry and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {entry}: {problem}")]
pub struct ContentError {
    /// The file's name.
    pub file: String,
    /// The table or key at fault.
    pub entry: String,
    /// What is wrong.
    pub problem: String,
    /// What is wrong, in French.
    pub problem_fr: String,
}

impl ContentError {
    /// The error worded in French: the file, the entry and the French problem, set apart the
    /// French way (`walls.toml : bank.floor1 : le mur « B1|A1 » est donné deux fois`).
    #[must_use]
    pub fn in_french(&self) -> String {
        format!("{} : {} : {}", self.file, self.entry, self.problem_fr)
    }
}

/// A problem with `file`'s `entry`, in English and in French.
fn err(
    file: &str,
    entry: &str,
    problem: impl Into<String>,
    problem_fr: impl Into<String>,
) -> ContentError {
    ContentError {
        file: file.into(),
        entry: entry.into(),
        problem: problem.into(),
        problem_fr: problem_fr.into(),
    }
}

/// A file the TOML reader refuses: its message (in English) framed in French.
fn toml_err(file: &str, e: &toml::de::Error) -> ContentError {
    let detail = e.to_string();
    err(
        file,
        "toml",
        detail.clone(),
        format!("le fichier ne se lit pas (message du lecteur TOML) : {detail}"),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileEntry {
    digits: Vec<u8>,
    office: Vec<bool>,
}

/// How many copies of each kind the box holds (the seed's component list).
#[must_use]
pub const fn copies(kind: TileKind) -> usize {
    use TileKind as K;
    match kind {
        K::Lavatory | K::FingerprintComputer | K::LaserComputer | K::MotionComputer => 1,
        K::Atrium | K::Foyer | K::SecretDoor | K::ServiceDuct | K::Laboratory => 2,
        K::Camera => 4,
        _ => 3,
    }
}

/// Parses and validates a tile list.
///
/// # Errors
/// Unknown kinds, wrong copy counts, digits out of 1..=6 (0 for safes only), office flags that
/// do not make two floors of one Safe, one Stairs and 14 other rooms.
pub fn parse_tiles(file: &str, text: &str) -> Result<Vec<TileCard>, ContentError> {
    let table: BTreeMap<String, TileEntry> =
        toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    let mut cards = Vec::new();
    for kind in TileKind::ALL {
        let name = kind.key().replace('_', "-");
        let entry = table.get(&name).ok_or_else(|| {
            err(
                file,
                &name,
                "missing: every one of the 20 kinds must be listed",
                "absent : chacun des 20 types doit figurer",
            )
        })?;
        if entry.digits.len() != copies(*kind) {
            return Err(err(
                file,
                &format!("{name}.digits"),
                format!(
                    "the box holds {} copies, {} digits given",
                    copies(*kind),
                    entry.digits.len()
                ),
                format!(
                    "la boîte contient {} exemplaires, {} donné{}",
                    copies(*kind),
                    match entry.digits.len() {
                        n @ (0 | 1) => format!("{n} chiffre"),
                        n => format!("{n} chiffres"),
                    },
                    if entry.digits.len() > 1 { "s" } else { "" }
                ),
            ));
        }
        if entry.office.len() != entry.digits.len() {
            return Err(err(
                file,
                &format!("{name}.office"),
                "needs one flag per copy",
                "il faut une valeur par exemplaire",
            ));
        }
        for (i, (&digit, &office)) in entry.digits.iter().zip(&entry.office).enumerate() {
            let ok = if *kind == TileKind::Safe {
                digit == 0
            } else {
                (1..=6).contains(&digit)
            };
            if !ok {
                return Err(err(
                    file,
                    &format!("{name}.digits[{i}]"),
                    format!("digit {digit} must be 1 to 6 (0 for Safe tiles)"),
                    format!("le chiffre {digit} doit être entre 1 et 6 (0 pour les tuiles Coffre)"),
                ));
            }
            cards.push(TileCard {
                kind: *kind,
                digit,
                office,
            });
        }
    }
    if let Some(extra) = table.keys().find(|k| TileKind::from_key(k).is_none()) {
        return Err(err(
            file,
            extra,
            "not a room kind",
            "ce n'est pas un type de pièce",
        ));
    }
    let office: Vec<&TileCard> = cards.iter().filter(|c| c.office).collect();
    let count = |k| office.iter().filter(|c| c.kind == k).count();
    if office.len() != 32 || count(TileKind::Safe) != 2 || count(TileKind::Stairs) != 2 {
        return Err(err(
            file,
            "office",
            format!(
                "the Office Job needs 32 white-circle tiles with 2 Safes and 2 Stairs (found {}, {}, {})",
                office.len(),
                count(TileKind::Safe),
                count(TileKind::Stairs)
            ),
            format!(
                "le casse du Bureau demande 32 tuiles à cercle blanc, dont 2 Coffres et 2 \
                 Escaliers (trouvées : {}, dont {} Coffres et {} Escaliers)",
                office.len(),
                count(TileKind::Safe),
                count(TileKind::Stairs)
            ),
        ));
    }
    Ok(cards)
}

/// A job's default walls: one entry per floor, and Fort Knox's shaft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefaultWalls {
    /// Per floor, from the ground floor.
    pub floors: Vec<Walls>,
    /// The impassable empty cell (Fort Knox).
    pub shaft: Option<Cell>,
}

/// The sections of `walls.toml`: each job's default walls, and the other printing of Fort
/// Knox's (kept for owners of that version, checked like the first).
pub const WALL_SECTIONS: [(&str, Job); 4] = [
    ("bank", Job::Bank),
    ("office", Job::Office),
    ("fort_knox", Job::FortKnox),
    ("fort_knox_alt", Job::FortKnox),
];

/// Parses the walls of one section of a wall book (`bank`, `office`, `fort_knox`...), laid out
/// as `job`'s floors.
///
/// # Errors
/// A missing section or floor, a key the section cannot have, a wall that is not between two
/// adjacent cells or is given twice, a floor with more or fewer walls than the rules give it,
/// or walls that cut rooms off.
pub fn parse_walls(
    file: &str,
    text: &str,
    section_name: &str,
    job: Job,
) -> Result<DefaultWalls, ContentError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    section_walls(file, &table, section_name, job)
}

/// [`parse_walls`] on a wall book already read as TOML.
fn section_walls(
    file: &str,
    table: &toml::Table,
    section_name: &str,
    job: Job,
) -> Result<DefaultWalls, ContentError> {
    let section = table
        .get(section_name)
        .and_then(toml::Value::as_table)
        .ok_or_else(|| err(file, section_name, "missing section", "section absente"))?;
    let floors = usize::from(job.floors());
    let width = job.width();
    let has_shaft = job == Job::FortKnox;
    let keys: Vec<String> = (1..=floors)
        .map(|f| format!("floor{f}"))
        .chain(has_shaft.then(|| "shaft".to_owned()))
        .collect();
    if let Some(key) = section.keys().find(|k| !keys.contains(k)) {
        return Err(err(
            file,
            &format!("{section_name}.{key}"),
            format!("not a key of this section (its keys: {})", keys.join(", ")),
            format!(
                "ce n'est pas une clé de cette section (ses clés : {})",
                keys.join(", ")
            ),
        ));
    }
    let shaft = match section.get("shaft") {
        None if has_shaft => {
            return Err(err(
                file,
                &format!("{section_name}.shaft"),
                "missing",
                "absent",
            ));
        }
        None => None,
        Some(v) => Some(
            v.as_str()
                .and_then(Cell::parse)
                .filter(|c| c.fits(width))
                .ok_or_else(|| {
                    err(
                        file,
                        &format!("{section_name}.shaft"),
                        "not a cell of the floor",
                        "ce n'est pas une case de l'étage",
                    )
                })?,
        ),
    };
    let mut out = Vec::new();
    for key in keys.iter().take(floors) {
        let entry = format!("{section_name}.{key}");
        let text = section
            .get(key)
            .and_then(toml::Value::as_str)
            .ok_or_else(|| err(file, &entry, "missing", "absent"))?;
        let walls = Walls::parse(text, width).map_err(|p| err(file, &entry, p.en, p.fr))?;
        // The shaft is walled in on every side; those walls are not among the floor's own.
        let own = walls
            .list(width)
            .into_iter()
            .filter(|(a, b)| Some(*a) != shaft && Some(*b) != shaft)
            .count();
        let expected = job.walls_per_floor() as usize;
        if own != expected {
            let (around, around_fr) = if has_shaft {
                (
                    ", those around the shaft not counted",
                    ", sans compter ceux autour du puits",
                )
            } else {
                ("", "")
            };
            return Err(err(
                file,
                &entry,
                format!("{own} walls where the rules give each floor {expected}{around}"),
                format!(
                    "{own} murs là où les règles en donnent {expected} à chaque étage{around_fr}"
                ),
            ));
        }
        if !walls.connected(width, shaft) {
            return Err(err(
                file,
                &entry,
                "walls cut some rooms off",
                "les murs isolent certaines pièces",
            ));
        }
        out.push(walls);
    }
    Ok(DefaultWalls { floors: out, shaft })
}

/// The embedded tiles, parsed once.
///
/// # Errors
/// The embedded file does not validate (a build with broken content).
pub fn embedded_tiles() -> Result<&'static [TileCard], ContentError> {
    static TILES: std::sync::OnceLock<Result<Vec<TileCard>, ContentError>> =
        std::sync::OnceLock::new();
    TILES
        .get_or_init(|| parse_tiles("tiles.toml", TILES_TOML))
        .as_deref()
        .map_err(Clone::clone)
}

/// The embedded default walls of a job, parsed once.
///
/// # Errors
/// The embedded file does not validate (a build with broken content).
pub fn embedded_walls(job: Job) -> Result<&'static DefaultWalls, ContentError> {
    embedded_wall_section(job.key())
}

/// The embedded walls of one section of the wall book ([`WALL_SECTIONS`]: a job's own, or
/// `fort_knox_alt`, the other printing of Fort Knox), parsed once.
///
/// # Errors
/// No such section, or the embedded file does not validate (a build with broken content).
pub fn embedded_wall_section(name: &str) -> Result<&'static DefaultWalls, ContentError> {
    type Parsed = Vec<(&'static str, Result<DefaultWalls, ContentError>)>;
    static WALLS: std::sync::OnceLock<Parsed> = std::sync::OnceLock::new();
    let all = WALLS.get_or_init(|| {
        WALL_SECTIONS
            .into_iter()
            .map(|(name, job)| (name, parse_walls("walls.toml", WALLS_TOML, name, job)))
            .collect()
    });
    match all.iter().find(|(n, _)| *n == name) {
        Some((_, Ok(walls))) => Ok(walls),
        Some((_, Err(e))) => Err(e.clone()),
        None => Err(err(
            "walls.toml",
            name,
            "no such section",
            "cette section n'existe pas",
        )),
    }
}

/// Checks every embedded content file; the list of errors is empty when all is well.
#[must_use]
pub fn check_embedded() -> Vec<ContentError> {
    check_files(TILES_TOML, WALLS_TOML)
}

/// Checks a tile list and a wall book (for `lockpick content check`).
#[must_use]
pub fn check_files(tiles: &str, walls: &str) -> Vec<ContentError> {
    let mut errors = Vec::new();
    if let Err(e) = parse_tiles("tiles.toml", tiles) {
        errors.push(e);
    }
    let table = match toml::from_str::<toml::Table>(walls) {
        Ok(table) => table,
        Err(e) => {
            errors.push(toml_err("walls.toml", &e));
            return errors;
        }
    };
    // A section no job reads (a misspelt name, say) would otherwise be ignored.
    let names: Vec<&str> = WALL_SECTIONS.iter().map(|(name, _)| *name).collect();
    for key in table.keys().filter(|k| !names.contains(&k.as_str())) {
        errors.push(err(
            "walls.toml",
            key,
            format!(
                "not a section of this file (its sections: {})",
                names.join(", ")
            ),
            format!(
                "ce n'est pas une section de ce fichier (ses sections : {})",
                names.join(", ")
            ),
        ));
    }
    for (name, job) in WALL_SECTIONS {
        if let Err(e) = section_walls("walls.toml", &table, name, job) {
            errors.push(e);
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_content_is_valid() {
        assert_eq!(check_embedded(), vec![]);
        let tiles = parse_tiles("tiles.toml", TILES_TOML).unwrap();
        assert_eq!(tiles.len(), 48);
        for d in 1..=3 {
            assert_eq!(
                tiles.iter().filter(|t| t.digit == d).count(),
                8,
                "digit {d}"
            );
        }
        for d in 4..=6 {
            assert_eq!(
                tiles.iter().filter(|t| t.digit == d).count(),
                7,
                "digit {d}"
            );
        }
    }

    #[test]
    fn a_bad_digit_is_named() {
        let broken = TILES_TOML.replace("[lavatory]\ndigits = [5]", "[lavatory]\ndigits = [9]");
        let e = parse_tiles("tiles.toml", &broken).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tiles.toml: lavatory.digits[0]: digit 9 must be 1 to 6 (0 for Safe tiles)"
        );
    }

    #[test]
    fn a_wrong_copy_count_is_named() {
        let broken = TILES_TOML.replace("[atrium]\ndigits = [3, 4]", "[atrium]\ndigits = [3]");
        let e = parse_tiles("tiles.toml", &broken).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("tiles.toml: atrium.digits: the box holds 2 copies"),
            "{e}"
        );
    }

    #[test]
    fn an_unknown_kind_is_named() {
        let broken = format!("{TILES_TOML}\n[ballroom]\ndigits = [1]\noffice = [false]\n");
        let e = parse_tiles("tiles.toml", &broken).unwrap_err();
        assert_eq!(e.to_string(), "tiles.toml: ballroom: not a room kind");
    }

    /// The problems `check_files` finds in the embedded wall book with one edit.
    fn wall_problems(from: &str, to: &str) -> Vec<String> {
        assert!(WALLS_TOML.contains(from), "{from}");
        let edited = WALLS_TOML.replacen(from, to, 1);
        check_files(TILES_TOML, &edited)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_wall_given_twice_is_named() {
        assert_eq!(
            wall_problems("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|B1 B1|A1"),
            ["walls.toml: bank.floor1: wall 'B1|A1' is given twice"]
        );
    }

    #[test]
    fn a_floor_with_a_wall_too_few_or_too_many_is_named() {
        assert_eq!(
            wall_problems("floor1 = \"A1|B1 C2|D2", "floor1 = \"C2|D2"),
            ["walls.toml: bank.floor1: 7 walls where the rules give each floor 8"]
        );
        assert_eq!(
            wall_problems("floor2 = \"A2|B2 B2|C2", "floor2 = \"A1|A2 A2|B2 B2|C2"),
            ["walls.toml: office.floor2: 9 walls where the rules give each floor 8"]
        );
        // Fort Knox's four walls around the shaft are not among the twelve.
        assert_eq!(
            wall_problems("floor1 = \"C1|D1 D1|E1", "floor1 = \"C1|D1"),
            [
                "walls.toml: fort_knox.floor1: 11 walls where the rules give each floor 12, \
                 those around the shaft not counted"
            ]
        );
    }

    #[test]
    fn a_key_or_section_no_job_reads_is_named() {
        assert_eq!(
            wall_problems("[bank]", "[bank]\nfloor4 = \"A1|B1\""),
            [
                "walls.toml: bank.floor4: not a key of this section (its keys: floor1, floor2, floor3)"
            ]
        );
        assert_eq!(
            wall_problems("[bank]", "[bank]\nshaft = \"C3\""),
            [
                "walls.toml: bank.shaft: not a key of this section (its keys: floor1, floor2, floor3)"
            ]
        );
        assert_eq!(
            wall_problems("[office]", "[offfice]"),
            [
                "walls.toml: offfice: not a section of this file (its sections: bank, office, \
                 fort_knox, fort_knox_alt)",
                "walls.toml: office: missing section"
            ]
        );
        assert_eq!(
            wall_problems("shaft = \"C3\"", ""),
            ["walls.toml: fort_knox.shaft: missing"]
        );
    }

    #[test]
    fn the_other_fort_knox_printing_is_checked_too() {
        let problems = wall_problems("floor2 = \"A1|B1 C1|D1", "floor2 = \"A1|C1 C1|D1");
        assert_eq!(
            problems,
            ["walls.toml: fort_knox_alt.floor2: wall 'A1|C1' is not between adjacent cells"]
        );
    }

    #[test]
    fn a_wall_book_that_is_not_toml_is_one_problem() {
        let problems = check_files(TILES_TOML, "[bank\nfloor1 = 3");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].entry, "toml");
    }

    #[test]
    fn problems_are_said_in_french_too() {
        let broken = TILES_TOML.replace("[lavatory]\ndigits = [5]", "[lavatory]\ndigits = [9]");
        let e = parse_tiles("tiles.toml", &broken).unwrap_err();
        assert_eq!(
            e.in_french(),
            "tiles.toml : lavatory.digits[0] : le chiffre 9 doit être entre 1 et 6 (0 pour les \
             tuiles Coffre)"
        );
        // The English stays as it was.
        assert_eq!(
            e.to_string(),
            "tiles.toml: lavatory.digits[0]: digit 9 must be 1 to 6 (0 for Safe tiles)"
        );
        let edited = WALLS_TOML.replacen("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|B1 B1|A1", 1);
        let french: Vec<String> = check_files(TILES_TOML, &edited)
            .iter()
            .map(ContentError::in_french)
            .collect();
        assert_eq!(
            french,
            ["walls.toml : bank.floor1 : le mur « B1|A1 » est donné deux fois"]
        );
        let edited = WALLS_TOML.replacen("floor1 = \"C1|D1 D1|E1", "floor1 = \"C1|D1", 1);
        let french: Vec<String> = check_files(TILES_TOML, &edited)
            .iter()
            .map(ContentError::in_french)
            .collect();
        assert_eq!(
            french,
            [
                "walls.toml : fort_knox.floor1 : 11 murs là où les règles en donnent 12 à chaque \
                 étage, sans compter ceux autour du puits"
            ]
        );
    }

    #[test]
    fn every_problem_has_its_own_french() {
        let tiles = |from: &str, to: &str| {
            assert!(TILES_TOML.contains(from), "{from}");
            parse_tiles("tiles.toml", &TILES_TOML.replacen(from, to, 1)).unwrap_err()
        };
        let walls = |from: &str, to: &str| {
            assert!(WALLS_TOML.contains(from), "{from}");
            check_files(TILES_TOML, &WALLS_TOML.replacen(from, to, 1))
        };
        let mut problems = vec![
            tiles("[lavatory]\ndigits = [5]", "[lavatory]\ndigits = [9]"),
            tiles("[atrium]\ndigits = [3, 4]", "[atrium]\ndigits = [3]"),
            tiles("office = [false, false]", "office = [false]"),
            tiles("[atrium]", "[ballroom]"),
            parse_tiles(
                "tiles.toml",
                &format!("{TILES_TOML}\n[ballroom]\ndigits = [1]\noffice = [false]\n"),
            )
            .unwrap_err(),
            tiles(
                "office = [false, true, true, true]",
                "office = [true, true, true, true]",
            ),
            parse_tiles("tiles.toml", "[atrium").unwrap_err(),
            embedded_wall_section("ballroom").unwrap_err(),
        ];
        for (from, to) in [
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1B1 C2|D2"),
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|B9 C2|D2"),
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|B1 B1|A1"),
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|C1 C2|D2"),
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"C2|D2"),
            ("floor1 = \"C1|D1 D1|E1", "floor1 = \"C1|D1"),
            ("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|B1 A1|A2"),
            ("[bank]", "[bank]\nfloor4 = \"A1|B1\""),
            ("[office]", "[offfice]"),
            ("shaft = \"C3\"", ""),
            ("shaft = \"C3\"", "shaft = \"F9\""),
            ("floor2 = \"A1|B1 B1|C1", "# floor2 = \"A1|B1 B1|C1"),
            ("[bank]", "[bank"),
        ] {
            let found = walls(from, to);
            assert!(!found.is_empty(), "{from} -> {to}");
            problems.extend(found);
        }
        // Each `err` call above is reached at least once: its French is there and is not the
        // English (a parser's message, kept as it is worded, is framed in French).
        for p in &problems {
            assert!(!p.problem_fr.trim().is_empty(), "{p}");
            assert_ne!(p.problem_fr, p.problem, "{p}");
            if p.entry == "toml" {
                assert!(
                    p.problem_fr.starts_with("le fichier ne se lit pas"),
                    "{p:?}"
                );
            } else {
                assert!(!p.problem_fr.contains(&p.problem), "{p:?}");
                assert!(
                    p.in_french()
                        .starts_with(&format!("{} : {} : ", p.file, p.entry))
                );
            }
        }
        let mut distinct: Vec<&str> = problems.iter().map(|p| p.problem.as_str()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        // Twenty different messages (a missing shaft and a missing floor share "missing").
        assert!(distinct.len() >= 20, "{distinct:#?}");
    }

    #[test]
    fn a_bad_wall_is_named() {
        let broken = WALLS_TOML.replace("floor1 = \"A1|B1 C2|D2", "floor1 = \"A1|C1 C2|D2");
        let errors = check_files(TILES_TOML, &broken);
        assert!(
            errors
                .iter()
                .any(|e| e.to_string().contains("bank.floor1: wall 'A1|C1'")),
            "{errors:?}"
        );
    }
}
