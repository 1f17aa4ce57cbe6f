//! Options and the setting up of a game.

use lockpick_engine::{
    Choice, GameRng, OptionKind, OptionSpec, Options, Seat, SeatCount, SetupError, Text,
};

use crate::cards::{CharacterKind, EventCard, Loot, Side, TileKind, Tool};
use crate::content::{self, TileCard};
use crate::ids::{Cell, Floor, Pos};
use crate::state::{Character, Draft, FloorState, Job, Place, Stage, State, Tile, TurnState};
use crate::walls::Walls;

fn choice(value: &'static str, en: &'static str, fr: &'static str) -> Choice {
    Choice {
        value,
        label: Text::new(en, fr),
    }
}

/// The character options' values: `any`, each character, and each character's advanced side.
const CHARACTER_VALUES: [(&str, &str, &str); 19] = [
    ("any", "Any", "Au choix"),
    ("acrobat", "Acrobat", "Acrobate"),
    (
        "acrobat_advanced",
        "Acrobat (advanced)",
        "Acrobate (avancé)",
    ),
    ("hacker", "Hacker", "Pirate informatique"),
    (
        "hacker_advanced",
        "Hacker (advanced)",
        "Pirate informatique (avancé)",
    ),
    ("hawk", "Hawk", "Faucon"),
    ("hawk_advanced", "Hawk (advanced)", "Faucon (avancé)"),
    ("juicer", "Juicer", "Électronicienne"),
    (
        "juicer_advanced",
        "Juicer (advanced)",
        "Électronicienne (avancée)",
    ),
    ("peterman", "Peterman", "Gangster"),
    (
        "peterman_advanced",
        "Peterman (advanced)",
        "Gangster (avancé)",
    ),
    ("raven", "Raven", "Fauconnier"),
    ("raven_advanced", "Raven (advanced)", "Fauconnier (avancé)"),
    ("rigger", "Rigger", "Foreur"),
    ("rigger_advanced", "Rigger (advanced)", "Foreur (avancé)"),
    ("rook", "Rook", "Cerveau"),
    ("rook_advanced", "Rook (advanced)", "Cerveau (avancé)"),
    ("spotter", "Spotter", "Voyant"),
    ("spotter_advanced", "Spotter (advanced)", "Voyant (avancé)"),
];

const CHARACTER_KEYS: [&str; 4] = ["character1", "character2", "character3", "character4"];

/// The options of Burgle Bros., as on Board Game Arena.
#[must_use]
pub fn schema() -> Vec<OptionSpec> {
    let mut specs = vec![
        OptionSpec {
            key: "job",
            label: Text::new("Job", "Scénario"),
            help: Text::new(
                "Office: 2 floors of 4x4 (beginner). Bank: 3 floors of 4x4 (standard). Fort Knox: 2 floors of 5x5 with an impassable shaft (expert).",
                "Bureau : 2 étages de 4x4 (débutant). Banque : 3 étages de 4x4 (standard). Fort Knox : 2 étages de 5x5 avec un espace vide infranchissable (expert).",
            ),
            kind: OptionKind::Choice {
                choices: vec![
                    choice("office", "Office Job", "Le casse du Bureau"),
                    choice("bank", "Bank Job", "Le casse de la Banque"),
                    choice("fort_knox", "Fort Knox", "Le casse du Fort Knox"),
                ],
            },
            default: "bank",
        },
        OptionSpec {
            key: "difficulty",
            label: Text::new("Difficulty", "Niveau"),
            help: Text::new(
                "Stealth tokens each character starts with: easy 6, normal 3, hard 1.",
                "Jetons Camouflage de départ par personnage : facile 6, normal 3, difficile 1.",
            ),
            kind: OptionKind::Choice {
                choices: vec![
                    choice("easy", "Easy (6 stealth)", "Facile (6 camouflages)"),
                    choice("normal", "Normal (3 stealth)", "Normal (3 camouflages)"),
                    choice("hard", "Hard (1 stealth)", "Difficile (1 camouflage)"),
                ],
            },
            default: "normal",
        },
        OptionSpec {
            key: "walls",
            label: Text::new("Walls", "Murs"),
            help: Text::new(
                "Default layouts, Fort Knox's other printing, or random walls (8 per 4x4 floor, 12 per 5x5 floor, every room reachable) that the team may re-roll before play; in Fort Knox the team then also chooses the shaft.",
                "Disposition par défaut, l'autre impression de Fort Knox, ou murs aléatoires (8 par étage 4x4, 12 par étage 5x5, toutes les pièces accessibles) que l'équipe peut relancer avant de jouer ; à Fort Knox l'équipe choisit alors aussi l'espace vide.",
            ),
            kind: OptionKind::Choice {
                choices: vec![
                    choice("default", "Default", "Par défaut"),
                    choice(
                        "other_printing",
                        "Other printing (Fort Knox)",
                        "Autre impression (Fort Knox)",
                    ),
                    choice("random", "Random (re-rollable)", "Aléatoires (relançables)"),
                ],
            },
            default: "default",
        },
        OptionSpec {
            key: "characters",
            label: Text::new("Characters", "Choix des personnages"),
            help: Text::new(
                "Random basic sides only (for beginners); random characters whose player picks the side; players pick, basic only; players pick, advanced sides allowed.",
                "Aléatoire, basique uniquement (débutants) ; aléatoire, chacun choisit sa face ; choix des joueurs, basique ; choix des joueurs, avancés compris.",
            ),
            kind: OptionKind::Choice {
                choices: vec![
                    choice(
                        "random_basic",
                        "Random, basic only",
                        "Aléatoire, basique uniquement",
                    ),
                    choice(
                        "random_sides",
                        "Random, choose the side",
                        "Aléatoire, version avancée",
                    ),
                    choice(
                        "choose_basic",
                        "Players choose, basic only",
                        "Choix des joueurs, basiques",
                    ),
                    choice(
                        "choose_advanced",
                        "Players choose, advanced allowed",
                        "Choix des joueurs, avancés compris",
                    ),
                ],
            },
            default: "random_basic",
        },
        OptionSpec {
            key: "solo_characters",
            label: Text::new("Characters for a solo player", "Personnages joués seul"),
            help: Text::new(
                "A single player may run 1 to 4 characters (only with one seat).",
                "Un joueur seul peut jouer de 1 à 4 personnages (avec une seule place).",
            ),
            kind: OptionKind::Int { min: 1, max: 4 },
            default: "1",
        },
        OptionSpec {
            key: "deadbolts",
            label: Text::new("Deadbolt distribution", "Distribution des Serrures"),
            help: Text::new(
                "Fully random, or one Deadbolt per floor (Fort Knox: at most two per floor).",
                "Totalement aléatoire, ou une Serrure par étage (Fort Knox : au plus deux par étage).",
            ),
            kind: OptionKind::Choice {
                choices: vec![
                    choice("random", "Fully random", "Totalement aléatoire"),
                    choice("one_per_floor", "One per floor", "1 par étage"),
                ],
            },
            default: "random",
        },
    ];
    for (i, key) in CHARACTER_KEYS.into_iter().enumerate() {
        specs.push(OptionSpec {
            key,
            label: LABELS[i],
            help: Text::new(
                "Names this character and side, overriding the random draw or the choice at the table.",
                "Fixe ce personnage et sa face, à la place du tirage ou du choix à la table.",
            ),
            kind: OptionKind::Choice {
                choices: CHARACTER_VALUES.iter().map(|(v, en, fr)| choice(v, en, fr)).collect(),
            },
            default: "any",
        });
    }
    specs
}

const LABELS: [Text; 4] = [
    Text::new("Character 1", "Personnage 1"),
    Text::new("Character 2", "Personnage 2"),
    Text::new("Character 3", "Personnage 3"),
    Text::new("Character 4", "Personnage 4"),
];

/// The option values setup reads (`""` when absent), found in one pass over the options.
#[derive(Default)]
struct Values<'a> {
    job: &'a str,
    difficulty: &'a str,
    solo_characters: &'a str,
    characters: &'a str,
    walls: &'a str,
    deadbolts: &'a str,
    character: [&'a str; 4],
}

impl<'a> Values<'a> {
    fn read(options: &'a Options) -> Self {
        let mut v = Self::default();
        for (key, value) in options.iter() {
            match key {
                "job" => v.job = value,
                "difficulty" => v.difficulty = value,
                "solo_characters" => v.solo_characters = value,
                "characters" => v.characters = value,
                "walls" => v.walls = value,
                "deadbolts" => v.deadbolts = value,
                _ => {
                    if let Some(i) = CHARACTER_KEYS.iter().position(|k| *k == key) {
                        v.character[i] = value;
                    }
                }
            }
        }
        v
    }
}

fn fixed_character(value: &str) -> Option<(CharacterKind, Option<Side>)> {
    if value == "any" {
        return None;
    }
    match value.strip_suffix("_advanced") {
        Some(kind) => CharacterKind::from_key(kind).map(|k| (k, Some(Side::Advanced))),
        None => CharacterKind::from_key(value).map(|k| (k, None)),
    }
}

/// Patrol cards set aside for `characters` characters in play.
#[must_use]
pub const fn set_aside_count(characters: usize) -> usize {
    match characters {
        1 => 9,
        2 => 6,
        3 => 3,
        _ => 0,
    }
}

/// Sets up a new game.
///
/// # Errors
/// A seat count outside 1 to 4, an option combination that cannot be played, or broken
/// embedded content.
pub fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<State, SetupError> {
    <crate::Burgle as lockpick_engine::Game>::check_seats(seats)?;
    let mut rng = GameRng::from_seed(seed);
    let values = Values::read(options);
    let job = match values.job {
        "office" => Job::Office,
        "fort_knox" => Job::FortKnox,
        _ => Job::Bank,
    };
    let start_stealth = match values.difficulty {
        "easy" => 6,
        "hard" => 1,
        _ => 3,
    };
    let solo: usize = values.solo_characters.parse().unwrap_or(1);
    if seats.get() > 1 && solo != 1 {
        return Err(SetupError::options(
            "solo_characters is for a single player: with several seats, each seat plays one character",
            "« Personnages joués seul » est pour un joueur seul : à plusieurs places, chaque place joue un personnage",
        ));
    }
    let count = if seats.get() == 1 { solo } else { seats.get() };
    let mode = values.characters;
    let random_walls = values.walls == "random";

    // Characters: fixed by option, drawn at random, or drafted at the table.
    let mut fixed: arrayvec::ArrayVec<Option<(CharacterKind, Option<Side>)>, 4> = (0..count)
        .map(|i| fixed_character(values.character[i]))
        .collect();
    for (key, value) in CHARACTER_KEYS.iter().zip(values.character).skip(count) {
        if value != "any" {
            let number = &key[key.len() - 1..];
            let (en, fr) = if count == 1 {
                (
                    format!("{key} is set but only one character plays"),
                    format!("« Personnage {number} » est fixé, mais un seul personnage joue"),
                )
            } else {
                (
                    format!("{key} is set but only {count} characters play"),
                    format!(
                        "« Personnage {number} » est fixé, mais seuls {count} personnages jouent"
                    ),
                )
            };
            return Err(SetupError::options(en, fr));
        }
    }
    let mut taken: arrayvec::ArrayVec<CharacterKind, 4> =
        fixed.iter().flatten().map(|(k, _)| *k).collect();
    if (1..taken.len()).any(|i| taken[..i].contains(&taken[i])) {
        return Err(SetupError::options(
            "the same character is named twice",
            "le même personnage est choisi deux fois",
        ));
    }
    if count == 1 && taken.contains(&CharacterKind::Rook) {
        return Err(SetupError::options(
            "the Rook needs teammates: not in a one-character game",
            "le Cerveau a besoin de coéquipiers : pas dans une partie à un seul personnage",
        ));
    }
    let random_kinds = mode.starts_with("random");
    let advanced_allowed = matches!(mode, "random_sides" | "choose_advanced");
    let mut chars: arrayvec::ArrayVec<Character, 4> = arrayvec::ArrayVec::new();
    let mut draft = Vec::new();
    for (i, slot) in fixed.iter_mut().enumerate() {
        let seat = Seat(if seats.get() == 1 { 0 } else { i as u8 });
        let (kind, side) = match *slot {
            Some((kind, side)) => (Some(kind), side.or(Some(Side::Basic))),
            None if random_kinds => {
                let pool: arrayvec::ArrayVec<CharacterKind, 16> = CharacterKind::ALL
                    .iter()
                    .copied()
                    .filter(|k| !(taken.contains(k) || (count == 1 && *k == CharacterKind::Rook)))
                    .collect();
                let kind = *rng.pick(&pool).expect("nine characters for four seats");
                taken.push(kind);
                (Some(kind), (!advanced_allowed).then_some(Side::Basic))
            }
            None => (None, None),
        };
        match (kind, side) {
            (Some(kind), Some(side)) => chars.push(new_character(kind, side, seat, start_stealth)),
            (kind, _) => draft.push(Draft {
                seat,
                kind,
                advanced: advanced_allowed,
            }),
        }
    }

    let width = job.width();
    let tiles = content::embedded_tiles().map_err(|e| SetupError::Invalid(e.to_string()))?;
    let book = if values.walls == "other_printing" {
        if job != Job::FortKnox {
            return Err(SetupError::options(
                "walls=other_printing is Fort Knox's other printing: the Bank and Office Jobs \
                 have one default layout",
                "les murs « Autre impression » sont ceux de l'autre impression de Fort Knox : \
                 les casses du Bureau et de la Banque n'ont qu'une disposition par défaut",
            ));
        }
        content::embedded_wall_section("fort_knox_alt")
    } else {
        content::embedded_walls(job)
    }
    .map_err(|e| SetupError::Invalid(e.to_string()))?;
    let shaft = book.shaft;
    let one_deadbolt = values.deadbolts == "one_per_floor";
    let floor_tiles = deal_tiles(job, tiles, one_deadbolt, &mut rng);
    let mut floors = arrayvec::ArrayVec::new();
    for (f, dealt) in floor_tiles.into_iter().enumerate() {
        // dealt[0] is the floor's own Safe: follow it through the shuffle.
        let mut order = [0usize; 25];
        let order = &mut order[..dealt.len()];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i;
        }
        rng.shuffle(order);
        // Face-down tiles whose room and digit are set below, row by row.
        let mut layout = crate::state::Cells::from_array_len(
            [Tile::default(); crate::inline::MAX_CELLS],
            width.cells(),
        );
        let shaft_slot = shaft.map(|c| c.index(width));
        let mut next = order.iter().copied();
        let mut safe = Cell::at(0, 0);
        for (k, slot) in layout.iter_mut().enumerate() {
            if Some(k) == shaft_slot {
                // The shaft's slot holds a blank that is never shown nor entered.
                *slot = Tile::new(TileKind::Atrium, 0);
                continue;
            }
            let i = next.next().expect("one tile per room");
            if i == 0 {
                safe = width.cell(k);
            }
            let card = dealt[i];
            slot.kind = card.kind;
            slot.digit = card.digit;
        }
        let walls = if random_walls {
            Walls::random(width, job.walls_per_floor(), shaft, &mut rng)
        } else {
            book.floors[f]
        };
        let floor = Floor(f as u8);
        floors.push(FloorState {
            tiles: layout,
            walls,
            guard: None,
            die: job.start_die(floor),
            patrol: crate::state::Cells::new(),
            patrol_discard: crate::state::Cells::new(),
            set_aside: crate::state::Cells::new(),
            donuts: false,
            safe,
        });
    }

    let mut tools: arrayvec::ArrayVec<Tool, 16> = Tool::ALL.iter().copied().collect();
    if chars
        .iter()
        .any(|c| c.is(CharacterKind::Rigger, Side::Basic))
    {
        tools.retain(|t| *t != Tool::Dynamite);
    }
    rng.shuffle(&mut tools);
    let mut loot: arrayvec::ArrayVec<Loot, 16> = Loot::ALL.iter().copied().collect();
    loot.push(Loot::GoldBar);
    let mut events: arrayvec::ArrayVec<EventCard, 32> = EventCard::ALL.iter().copied().collect();
    if count == 1 {
        loot.retain(|l| *l != Loot::GoldBar);
        events.retain(|e| {
            !matches!(
                e,
                EventCard::FreightElevator
                    | EventCard::BuddySystem
                    | EventCard::DeadDrop
                    | EventCard::JumpTheGun
            )
        });
    }
    rng.shuffle(&mut loot);
    rng.shuffle(&mut events);
    for c in &mut chars {
        if c.is(CharacterKind::Rigger, Side::Basic) {
            c.tools.push(Tool::Dynamite);
        }
    }

    let mut state = State {
        job,
        width,
        shaft,
        start_stealth,
        random_walls,
        one_deadbolt,
        seats: seats.0,
        floors,
        chars,
        draft,
        current: 0,
        turn: TurnState::default(),
        stage: Stage::Draft,
        decision: None,
        guard_move: None,
        guard_bonus: 0,
        shift_change: false,
        skip_next: false,
        heads_up: false,
        tools,
        loot,
        events,
        tool_discard: arrayvec::ArrayVec::new(),
        event_discard: arrayvec::ArrayVec::new(),
        lasting: Vec::new(),
        loose: Vec::new(),
        entry: None,
        known_tops: Vec::new(),
        turn_number: 0,
        outcome: None,
        rng,
        format: lockpick_engine::FORMAT_VERSION,
    };
    for floor in state.all_floors() {
        crate::guard::build_patrol_deck(&mut state, floor);
    }
    crate::turn::after_draft(&mut state, &mut Vec::new());
    Ok(state)
}

/// A character as it enters play.
#[must_use]
pub fn new_character(kind: CharacterKind, side: Side, seat: Seat, stealth: u8) -> Character {
    Character {
        kind,
        side,
        seat,
        place: Place::Outside,
        stealth,
        tools: arrayvec::ArrayVec::new(),
        loot: arrayvec::ArrayVec::new(),
        laptop: kind == CharacterKind::Hacker && side == Side::Advanced,
        raven: None,
        alarm: false,
        flexed: None,
    }
}

/// The most room tiles a box holds (48), with room to spare: the pool of [`deal_tiles`] is held
/// inline and its cards are marked taken by bits of a `u64`.
const MAX_TILES: usize = 64;

/// The tiles dealt to one floor, its own Safe first.
type Dealt = arrayvec::ArrayVec<TileCard, { crate::inline::MAX_CELLS }>;

/// The tiles of each floor (not yet placed): Safes and Stairs one per floor, the rest at random.
fn deal_tiles(
    job: Job,
    all: &[TileCard],
    one_deadbolt: bool,
    rng: &mut GameRng,
) -> arrayvec::ArrayVec<Dealt, { crate::state::MAX_FLOORS }> {
    let floors = job.floors() as usize;
    let per_floor = job.width().cells() - usize::from(job == Job::FortKnox);
    // The pool is the box in its order, less the cards taken out, each marked by its bit in
    // `taken` (the Office Job's are taken out from the start): the draws below depend on the
    // order of the cards left, and taking one moves no other.
    assert!(all.len() <= MAX_TILES, "more room tiles than a box holds");
    let pool = all;
    let mut taken = 0u64;
    let (mut safes, mut stairs, mut deadbolts) = (0u64, 0u64, 0u64);
    for (i, t) in pool.iter().enumerate() {
        if job == Job::Office && !t.office {
            taken |= 1 << i;
            continue;
        }
        match t.kind {
            TileKind::Safe => safes |= 1 << i,
            TileKind::Stairs => stairs |= 1 << i,
            TileKind::Deadbolt => deadbolts |= 1 << i,
            _ => {}
        }
    }
    let mut dealt: arrayvec::ArrayVec<Dealt, { crate::state::MAX_FLOORS }> =
        (0..floors).map(|_| Dealt::new()).collect();
    // A uniform choice among the `count` cards of `kind` (bits `of`) left in the pool, in pool
    // order.
    let take = |taken: &mut u64, of: u64, count: usize, rng: &mut GameRng| {
        let k = rng.index(count);
        let mut left = of & !*taken;
        for _ in 0..k {
            left &= left - 1;
        }
        let i = left.trailing_zeros() as usize;
        *taken |= 1 << i;
        pool[i]
    };
    // Counted once: each take removes one card of its kind.
    let (safe_count, stairs_count) = (safes.count_ones() as usize, stairs.count_ones() as usize);
    for (f, floor) in dealt.iter_mut().enumerate() {
        let safe = take(&mut taken, safes, safe_count.saturating_sub(f), rng);
        let stairs = take(&mut taken, stairs, stairs_count.saturating_sub(f), rng);
        floor.push(safe);
        floor.push(stairs);
    }
    if job == Job::Bank || job == Job::Office {
        // Every Safe and Stairs is dealt one per floor; the spares never appear by chance.
        taken |= safes | stairs;
    }
    if one_deadbolt {
        let bits = deadbolts;
        let deadbolts = (bits & !taken).count_ones() as usize;
        let mut order: arrayvec::ArrayVec<usize, { crate::state::MAX_FLOORS }> =
            (0..floors).collect();
        rng.shuffle(&mut order);
        // One per floor; Fort Knox's third goes to a random floor (at most two per floor).
        for k in 0..deadbolts {
            let floor = order[k % floors];
            let card = take(&mut taken, bits, deadbolts - k, rng);
            dealt[floor].push(card);
        }
    }
    let mut rest: arrayvec::ArrayVec<TileCard, MAX_TILES> = arrayvec::ArrayVec::new();
    let full = if pool.len() == MAX_TILES {
        u64::MAX
    } else {
        (1 << pool.len()) - 1
    };
    let mut left = full & !taken;
    while left != 0 {
        rest.push(pool[left.trailing_zeros() as usize]);
        left &= left - 1;
    }
    rng.shuffle(&mut rest);
    for floor in dealt.iter_mut() {
        while floor.len() < per_floor {
            floor.push(rest.pop().expect("enough tiles for the building"));
        }
    }
    dealt
}

/// The room a character enters the building by: on the ground floor.
#[must_use]
pub fn entry_rooms(state: &State) -> Vec<Pos> {
    state.rooms(Floor(0)).collect()
}

/// Whether `cell` may be the shaft (any cell of a 5x5 floor).
#[must_use]
pub fn shaft_choices(state: &State) -> Vec<Cell> {
    state.width.all().collect()
}
