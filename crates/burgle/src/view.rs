//! What a seat sees: everything public, nothing face down. Burgle Bros. is fully cooperative,
//! so every seat and spectators see the same; the team shares what one member has seen.

use lockpick_engine::{Outcome, Seat, Verdict};
use serde::Serialize;

use crate::actions::HeldCard;
use crate::cards::{CharacterKind, EventCard, Loot, Side, TileKind, Tool};
use crate::ids::{Cell, Floor, Pos};
use crate::state::{Decision, Job, KnownTop, Lasting, Place, Stage, State};

/// A room as seen: kind and digit only when face up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TileView {
    /// The room.
    pub cell: Cell,
    /// Its kind, when face up.
    pub kind: Option<TileKind>,
    /// Its safe digit, when face up.
    pub digit: Option<u8>,
    /// An alarm sounds here.
    pub alarm: bool,
    /// Hack tokens.
    pub hack: u8,
    /// A decoding token.
    pub decoded: bool,
    /// Stealth tokens lying here.
    pub stealth: u8,
    /// An opened keypad.
    pub open: bool,
    /// A down-stairs token.
    pub down: bool,
    /// Thermal Bomb stairs up.
    pub up: bool,
    /// Safe dice.
    pub dice: u8,
    /// The faces of the safe's last roll.
    pub faces: Vec<u8>,
    /// A cracked safe.
    pub cracked: bool,
    /// Laboratory's tool taken.
    pub tool_taken: bool,
    /// Crowbarred.
    pub disabled: bool,
}

/// A guard as seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GuardView {
    /// Where he stands.
    pub at: Cell,
    /// His destination.
    pub toward: Cell,
    /// Moves at the end of a turn on his floor before alarms: the die.
    pub die: u8,
    /// Donuts under him.
    pub donuts: bool,
}

/// A floor as seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FloorView {
    /// Counted from 1.
    pub floor: Floor,
    /// Walls as `"X|Y"`.
    pub walls: Vec<String>,
    /// The guard, once placed.
    pub guard: Option<GuardView>,
    /// The guard's die.
    pub die: u8,
    /// Cards left in the patrol deck.
    pub patrol_left: usize,
    /// Patrol cards set aside (face down).
    pub set_aside: usize,
    /// Patrol discard, oldest first.
    pub patrol_discard: Vec<Cell>,
    /// Rooms, row by row (not the shaft).
    pub tiles: Vec<TileView>,
}

/// A character as seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharacterView {
    /// Index in turn order.
    pub index: usize,
    /// Who.
    pub kind: CharacterKind,
    /// Which side.
    pub side: Side,
    /// Played by.
    pub seat: Seat,
    /// Where.
    pub place: Place,
    /// Stealth tokens.
    pub stealth: u8,
    /// Tools.
    pub tools: Vec<Tool>,
    /// Loot.
    pub loot: Vec<Loot>,
    /// Hacker's laptop token.
    pub laptop: bool,
    /// The raven token.
    pub raven: Option<Pos>,
    /// The Juicer's carried alarm token.
    pub alarm: bool,
}

/// What one viewer sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The job.
    pub job: Job,
    /// Floor size.
    pub width: u8,
    /// The shaft.
    pub shaft: Option<Cell>,
    /// Floors.
    pub floors: Vec<FloorView>,
    /// Characters.
    pub characters: Vec<CharacterView>,
    /// Characters still to choose.
    pub drafting: usize,
    /// The entry room.
    pub entry: Option<Cell>,
    /// Where play stands.
    pub stage: Stage,
    /// The character whose turn it is.
    pub current: usize,
    /// Turn number.
    pub turn: u32,
    /// Actions spent this turn.
    pub actions_used: u8,
    /// Actions left this turn.
    pub actions_left: u8,
    /// A pending choice.
    pub decision: Option<Decision>,
    /// Tools left in the deck.
    pub tools_left: usize,
    /// Loot left in the deck.
    pub loot_left: usize,
    /// Events left in the deck.
    pub events_left: usize,
    /// Discarded tools.
    pub tool_discard: Vec<Tool>,
    /// Discarded events.
    pub event_discard: Vec<EventCard>,
    /// Cards in play for a round.
    pub lasting: Vec<Lasting>,
    /// Cards lying in rooms.
    pub loose: Vec<(Pos, HeldCard)>,
    /// Cards the team has seen on top of decks.
    pub known_tops: Vec<KnownTop>,
    /// The outcome.
    pub outcome: Option<Outcome>,
}

/// The view of the game (the same for every seat).
#[must_use]
pub fn view(state: &State) -> View {
    let floors = state
        .all_floors()
        .map(|f| {
            let fl = &state.floors[f.index()];
            FloorView {
                floor: f,
                walls: fl.walls.names(state.width),
                guard: fl.guard.map(|g| GuardView {
                    at: g.at,
                    toward: g.target,
                    die: fl.die,
                    donuts: fl.donuts,
                }),
                die: fl.die,
                patrol_left: fl.patrol.len(),
                set_aside: fl.set_aside.len(),
                patrol_discard: fl.patrol_discard.to_vec(),
                tiles: state
                    .rooms(f)
                    .map(|p| {
                        let t = state.tile(p);
                        TileView {
                            cell: p.cell,
                            kind: t.seen_kind(),
                            digit: t.revealed.then_some(t.digit),
                            alarm: t.alarm,
                            hack: t.hack,
                            decoded: t.decoded,
                            stealth: t.stealth,
                            open: t.open,
                            down: t.down,
                            up: t.up,
                            dice: t.dice,
                            faces: t.faces.to_vec(),
                            cracked: t.cracked,
                            tool_taken: t.tool_taken,
                            disabled: t.disabled,
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    View {
        job: state.job,
        width: state.width.0,
        shaft: state.shaft,
        floors,
        characters: state
            .chars
            .iter()
            .enumerate()
            .map(|(index, c)| CharacterView {
                index,
                kind: c.kind,
                side: c.side,
                seat: c.seat,
                place: c.place,
                stealth: c.stealth,
                tools: c.tools.to_vec(),
                loot: c.loot.to_vec(),
                laptop: c.laptop,
                raven: c.raven,
                alarm: c.alarm,
            })
            .collect(),
        drafting: state.draft.len(),
        entry: state.entry,
        stage: state.stage,
        current: state.current,
        turn: state.turn_number,
        actions_used: state.turn.used,
        actions_left: state.actions_left(),
        decision: state.decision.clone().map(redact_decision),
        tools_left: state.tools.len(),
        loot_left: state.loot.len(),
        events_left: state.events.len(),
        tool_discard: state.tool_discard.to_vec(),
        event_discard: state.event_discard.to_vec(),
        lasting: state.lasting.clone(),
        loose: state.loose.clone(),
        known_tops: state.known_tops.clone(),
        outcome: state.outcome.clone(),
    }
}

/// Decisions carry only what the team has seen.
fn redact_decision(d: Decision) -> Decision {
    d
}

fn code(kind: TileKind) -> &'static str {
    use TileKind as K;
    match kind {
        K::Atrium => "At",
        K::Camera => "Ca",
        K::FingerprintComputer => "Cf",
        K::LaserComputer => "Cl",
        K::MotionComputer => "Cm",
        K::Deadbolt => "Db",
        K::Detector => "Dt",
        K::Fingerprint => "Fp",
        K::Foyer => "Fo",
        K::Keypad => "Kp",
        K::Laboratory => "Lb",
        K::Laser => "La",
        K::Lavatory => "Lv",
        K::Motion => "Mo",
        K::Safe => "Sa",
        K::SecretDoor => "Sd",
        K::ServiceDuct => "Du",
        K::Stairs => "St",
        K::Thermo => "Th",
        K::Walkway => "Wk",
    }
}

/// The text board of `lockpick show`, in English or French (`lang` = "en" | "fr"; anything
/// else reads as English). The rooms keep their two-letter codes in both.
#[must_use]
pub fn render(v: &View, lang: &str) -> String {
    use std::fmt::Write as _;
    let fr = lang == "fr";
    let say = |en: &'static str, french: &'static str| if fr { french } else { en };
    let mut s = String::new();
    let w = v.width;
    let cellw = CELL_WIDTH;
    for fv in v.floors.iter().rev() {
        let alarms = fv.tiles.iter().filter(|t| t.alarm).count();
        let (floor, die, patrol) = (fv.floor, fv.die, fv.patrol_left);
        let _ = if fr {
            let cards = if patrol <= 1 {
                "carte restante"
            } else {
                "cartes restantes"
            };
            write!(
                s,
                "Étage {floor} - dé du gardien {die}, alarmes {alarms}, patrouille : {patrol} \
                 {cards}"
            )
        } else {
            write!(
                s,
                "Floor {floor} - guard die {die}, alarms {alarms}, patrol {patrol} left"
            )
        };
        match &fv.guard {
            Some(g) => {
                let _ = writeln!(
                    s,
                    ", {} {} -> {}{}",
                    say("guard", "gardien"),
                    g.at,
                    g.toward,
                    if g.donuts {
                        say(" (donuts)", " (donuts)")
                    } else {
                        ""
                    }
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    ", {}",
                    say("guard not yet placed", "gardien pas encore placé")
                );
            }
        }
        // The view names its walls `"A1|B1"`; read once per floor, not once per room.
        let walls: Vec<(Cell, Cell)> = fv
            .walls
            .iter()
            .filter_map(|x| {
                let (a, b) = x.split_once('|')?;
                Some((Cell::parse(a)?, Cell::parse(b)?))
            })
            .collect();
        let has_wall = |a: Cell, b: Cell| walls.contains(&(a, b));
        let _ = write!(s, "   ");
        for c in 0..w {
            let _ = write!(s, " {:<width$}", (b'A' + c) as char, width = cellw);
        }
        let _ = writeln!(s);
        let _ = writeln!(s, "   +{}", "-".repeat((cellw + 1) * w as usize - 1) + "+");
        for r in 0..w {
            let _ = write!(s, "{:>2} |", r + 1);
            for c in 0..w {
                let cell = Cell::at(c, r);
                let text = if v.shaft == Some(cell) {
                    "#".repeat(CELL_WIDTH)
                } else {
                    cell_text(v, fv, cell)
                };
                let _ = write!(s, "{text:<cellw$}");
                let east = Cell::at(c + 1, r);
                let _ = write!(
                    s,
                    "{}",
                    if c + 1 == w || has_wall(cell, east) {
                        "|"
                    } else {
                        " "
                    }
                );
            }
            let _ = writeln!(s);
            let _ = write!(s, "   +");
            for c in 0..w {
                let cell = Cell::at(c, r);
                let south = Cell::at(c, r + 1);
                let wall = r + 1 == w || has_wall(cell, south);
                let _ = write!(
                    s,
                    "{}+",
                    if wall {
                        "-".repeat(cellw)
                    } else {
                        " ".repeat(cellw)
                    }
                );
            }
            let _ = writeln!(s);
        }
        let _ = writeln!(s);
    }
    for c in &v.characters {
        let place = match c.place {
            Place::Outside => say("outside", "dehors").to_owned(),
            Place::Roof => say("on the roof", "sur le toit").to_owned(),
            Place::In { pos } => format!("{} {} {}", say("floor", "étage"), pos.floor, pos.cell),
        };
        let marker = if c.index == v.current { ">" } else { " " };
        // The letter the map shows, and the number the log's sentences give ("Burglar 1").
        let (letter, burglar) = (char::from(b'a' + c.index as u8), c.index + 1);
        let names = |names: Vec<&str>| names.join(", ");
        let _ = if fr {
            let side = match c.side {
                Side::Basic => "de base",
                Side::Advanced => "avancée",
            };
            writeln!(
                s,
                "{marker}{letter} Cambrioleur {burglar}, {} (face {side}, place {}) : {place}, \
                 camouflage {}, outils [{}], butin [{}]",
                crate::describe::lower_first(c.kind.fr()),
                c.seat.number(),
                c.stealth,
                names(c.tools.iter().map(|t| t.fr()).collect()),
                names(c.loot.iter().map(|l| l.fr()).collect()),
            )
        } else {
            writeln!(
                s,
                "{marker}{letter} Burglar {burglar}, {} ({:?}, seat {}): {place}, stealth {}, \
                 tools [{}], loot [{}]",
                c.kind.en(),
                c.side,
                c.seat.number(),
                c.stealth,
                names(c.tools.iter().map(|t| t.en()).collect()),
                names(c.loot.iter().map(|l| l.en()).collect()),
            )
        };
    }
    let (turn, used, left) = (v.turn, v.actions_used, v.actions_left);
    let (tools, loot, events) = (v.tools_left, v.loot_left, v.events_left);
    let _ = if fr {
        // French puts 0 and 1 in the singular.
        let (used_words, left_word) = (
            if used <= 1 {
                "action utilisée"
            } else {
                "actions utilisées"
            },
            if left <= 1 { "restante" } else { "restantes" },
        );
        writeln!(
            s,
            "Tour {turn}, {} : {used} {used_words}, {left} {left_word}. Pioches : outils \
             {tools}, butin {loot}, événements {events}.",
            stage_fr(v.stage)
        )
    } else {
        let used_words = if used == 1 { "action" } else { "actions" };
        writeln!(
            s,
            "Turn {turn}, {:?}: {used} {used_words} used, {left} left. Decks: tools {tools}, \
             loot {loot}, events {events}.",
            v.stage
        )
    };
    if let Some(d) = &v.decision {
        let asks = d.asks();
        let _ = writeln!(
            s,
            "{} {}",
            say("Waiting for a choice:", "En attente d'un choix :"),
            asks.in_lang(lang)
        );
    }
    if let Some(o) = &v.outcome {
        let verdict = match (o.verdict, fr) {
            (_, true) => o.verdict.french(),
            (Verdict::Won, false) => "Won",
            (Verdict::Lost, false) => "Lost",
        };
        let _ = writeln!(
            s,
            "{} {verdict} ({})",
            say("Game over:", "Partie finie :"),
            o.reason
        );
    }
    let _ = writeln!(
        s,
        "{}",
        say(
            "Key: ?? face down; kind and digit (Sa safe: dN dice, X cracked; St stairs; Ca \
             camera...); G guard, * his destination, ! alarm, = decoded, hN hack tokens, sN \
             stealth tokens, o opened keypad, v stairs down, ^ stairs up, x crowbarred, $ cards \
             lying here, a-d burglars 1-4.",
            "Légende : ?? face cachée ; type et chiffre (Sa coffre : dN dés, X ouvert ; St \
             escalier ; Ca caméra...) ; G gardien, * sa destination, ! alarme, = décodée, hN \
             pions Piratage, sN jetons Camouflage, o digicode ouvert, v escalier vers le bas, ^ \
             escalier vers le haut, x pied-de-biche, $ cartes posées ici, a-d cambrioleurs 1 à 4."
        )
    );
    s
}

/// The stage of the turn in French, for the text board.
const fn stage_fr(stage: Stage) -> &'static str {
    match stage {
        Stage::Draft => "choix des personnages",
        Stage::Layout => "disposition des murs",
        Stage::Entry => "choix de l'entrée",
        Stage::Actions => "actions",
        Stage::Thermo => "détecteur thermique",
        Stage::Event => "événement",
        Stage::LootRolls => "dés du butin",
        Stage::Guards => "gardiens",
        Stage::Next => "au suivant",
    }
}

/// Characters per room in the text board.
const CELL_WIDTH: usize = 11;

fn cell_text(v: &View, fv: &crate::view::FloorView, cell: Cell) -> String {
    let Some(t) = fv.tiles.iter().find(|t| t.cell == cell) else {
        return String::new();
    };
    let mut out = match (t.kind, t.digit) {
        (Some(k), Some(_)) if k == TileKind::Safe => {
            // A safe shows X once cracked, else its dice as dN.
            if t.cracked {
                format!("{}X", code(k))
            } else if t.dice > 0 {
                format!("{}d{}", code(k), t.dice)
            } else {
                code(k).to_string()
            }
        }
        (Some(k), Some(d)) => format!("{}{}", code(k), d),
        _ => "??".to_string(),
    };
    if t.decoded {
        out.push('=');
    }
    if let Some(g) = &fv.guard {
        if g.at == cell {
            out.push('G');
        }
        if g.toward == cell {
            out.push('*');
        }
    }
    if t.alarm {
        out.push('!');
    }
    if t.hack > 0 {
        out.push_str(&format!("h{}", t.hack));
    }
    if t.stealth > 0 {
        out.push_str(&format!("s{}", t.stealth));
    }
    if t.open {
        out.push('o');
    }
    if t.down {
        out.push('v');
    }
    if t.up {
        out.push('^');
    }
    if t.disabled {
        out.push('x');
    }
    if v.loose.iter().any(|(p, _)| *p == Pos::new(fv.floor, cell)) {
        out.push('$');
    }
    for c in &v.characters {
        if c.place
            == (Place::In {
                pos: Pos::new(fv.floor, cell),
            })
        {
            out.push(char::from(b'a' + c.index as u8));
        }
    }
    out.truncate(CELL_WIDTH);
    out
}
