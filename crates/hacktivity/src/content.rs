//! The cards and the scenario setup, loaded from the TOML files embedded in this crate
//! (`content/*.toml`) and validated with errors naming the file, the card and the field.
//!
//! The rulebook lists the components but not the card faces: every deck here is authored for
//! Lockpick (each file's header says so) in a format an owner of the physical game can edit to
//! enter the printed cards, then check with `lockpick content check`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::cards::{Card, CardKind};
use crate::icons::Effect;
use crate::ids::{CardId, Character, Column, Deck, Zone};
use crate::scenario::{AlphaSetup, Emergency, Scenario, TableSetup, Track};

/// Every content file, by name, with its embedded text.
pub const EMBEDDED: [(&str, &str); 9] = [
    ("cyberlink.toml", include_str!("../content/cyberlink.toml")),
    ("drpower.toml", include_str!("../content/drpower.toml")),
    ("blaast.toml", include_str!("../content/blaast.toml")),
    ("artemis.toml", include_str!("../content/artemis.toml")),
    ("anomalies.toml", include_str!("../content/anomalies.toml")),
    ("alerts.toml", include_str!("../content/alerts.toml")),
    ("alpha.toml", include_str!("../content/alpha.toml")),
    ("solo.toml", include_str!("../content/solo.toml")),
    ("scenario1.toml", include_str!("../content/scenario1.toml")),
];

/// How many character cards the box holds (the four decks together).
pub const CHARACTER_CARDS: usize = 56;
/// How many anomaly cards the box holds (A1 to A4).
pub const ANOMALY_CARDS: usize = 43;
/// How many Alert cards the box holds (decks 2, 3 and 4).
pub const ALERT_CARDS: usize = 12;
/// How many Alpha cards the box holds.
pub const ALPHA_CARDS: usize = 4;
/// The most data blocks an anomaly can hold (the Antivirus track's top).
pub const MAX_BLOCKS: u8 = 5;

/// A content file that does not validate: the file, the card (or section) and the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {card}: {field}: {problem}")]
pub struct ContentError {
    /// The file, as given.
    pub file: String,
    /// The card (like `a2-5`) or the section at fault.
    pub card: String,
    /// The field.
    pub field: String,
    /// What is wrong.
    pub problem: String,
    /// The card and the problem in French (boxed, so that the error stays small to return).
    pub french: Box<InFrench>,
}

/// A content error's words in French.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InFrench {
    /// The card: its id or a section's key as it is, a place in the file named in French
    /// (`programme 1`, `carte n° 2 (Worm)`).
    pub card: String,
    /// What is wrong.
    pub problem: String,
}

impl ContentError {
    /// The error worded in French: the file, the card, the field and the French problem, set
    /// apart the French way (`drpower.toml : programme 1 : cost : le coût doit être entre 1 et 9`).
    #[must_use]
    pub fn in_french(&self) -> String {
        format!(
            "{} : {} : {} : {}",
            self.file, self.french.card, self.field, self.french.problem
        )
    }
}

/// A problem with `file`'s `card` at `field`, in English and in French.
fn err(
    file: &str,
    card: &str,
    field: &str,
    problem: impl Into<String>,
    problem_fr: impl Into<String>,
) -> ContentError {
    ContentError {
        file: file.into(),
        card: card.into(),
        field: field.into(),
        problem: problem.into(),
        french: Box::new(InFrench {
            card: card.into(),
            problem: problem_fr.into(),
        }),
    }
}

/// A place in a file: a card's id (the same in both languages), or a place that has no id of
/// its own, named in English and in French.
struct At {
    en: String,
    fr: String,
}

impl At {
    /// A card's id.
    fn id(id: &str) -> Self {
        Self {
            en: id.to_owned(),
            fr: id.to_owned(),
        }
    }
}

/// [`err`] at a place named in both languages.
fn err_at(
    file: &str,
    at: &At,
    field: &str,
    problem: impl Into<String>,
    problem_fr: impl Into<String>,
) -> ContentError {
    let mut e = err(file, &at.en, field, problem, problem_fr);
    e.french.card.clone_from(&at.fr);
    e
}

/// A file the TOML reader refuses (bad syntax, a missing or unknown field): its message, in
/// English, framed in French.
fn toml_err(file: &str, e: &toml::de::Error) -> ContentError {
    let detail = e.to_string();
    err(
        file,
        "-",
        "toml",
        detail.clone(),
        format!("le fichier ne se lit pas (message du lecteur TOML) : {detail}"),
    )
}

/// One of DrPower's programs on his Experimental card.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Program {
    /// Its name.
    pub name: String,
    /// Its name in French (`name_fr` in the file); empty when the file gives none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name_fr: String,
    /// Charge spent to run it.
    pub cost: u8,
    /// Whether it can run only once per game (the first three).
    pub once: bool,
    /// Its icons.
    pub icons: Vec<Effect>,
}

/// DrPower's Experimental card.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ExperimentalCard {
    /// The top of the charge track.
    pub max_charge: u8,
    /// The four programs: three one-shot, one repeatable.
    pub programs: Vec<Program>,
}

/// One character's deck and board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharacterDeck {
    /// Who.
    pub character: Character,
    /// The character cards, by number.
    pub cards: Vec<Card>,
    /// The two Solo-X cards.
    pub solo_x: Vec<Card>,
    /// CyberLink's cyberchain tokens (0 for the others).
    pub cyberchains: u8,
    /// DrPower's Experimental card.
    pub experimental: Option<ExperimentalCard>,
}

/// Every card and scenario of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalog {
    /// The four character decks, in playing order.
    pub decks: Vec<CharacterDeck>,
    /// Anomaly groups A1 to A4 (index 0 is A1).
    pub anomalies: Vec<Vec<Card>>,
    /// Alert decks 2, 3 and 4 (index 0 is deck 2).
    pub alerts: Vec<Vec<Card>>,
    /// The Alpha cards.
    pub alphas: Vec<Card>,
    /// Solo-A cards.
    pub solo_a: Vec<Card>,
    /// Solo-B cards.
    pub solo_b: Vec<Card>,
    /// The scenarios, by number.
    pub scenarios: Vec<Scenario>,
}

impl Catalog {
    /// The card with this id (custom cards live in the state, not here).
    #[must_use]
    pub fn card(&self, id: CardId) -> Option<&Card> {
        let i = usize::from(id.n).checked_sub(1)?;
        match id.deck {
            Deck::Character(c) => self.deck(c).cards.get(i),
            Deck::SoloX(c) => self.deck(c).solo_x.get(i),
            Deck::Anomaly(g) => self.anomalies.get(usize::from(g).checked_sub(1)?)?.get(i),
            Deck::Alert(g) => self.alerts.get(usize::from(g).checked_sub(2)?)?.get(i),
            Deck::Alpha => self.alphas.get(i),
            Deck::SoloA => self.solo_a.get(i),
            Deck::SoloB => self.solo_b.get(i),
            Deck::Custom => None,
        }
    }

    /// A character's deck.
    #[must_use]
    pub fn deck(&self, c: Character) -> &CharacterDeck {
        &self.decks[usize::from(c.number()) - 1]
    }

    /// A scenario.
    #[must_use]
    pub fn scenario(&self, number: u8) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.number == number)
    }
}

static CATALOG: OnceLock<Result<Catalog, Vec<ContentError>>> = OnceLock::new();

/// The embedded content, parsed once.
///
/// # Errors
/// The embedded files do not validate (a unit test rules this out).
pub fn try_catalog() -> Result<&'static Catalog, &'static [ContentError]> {
    CATALOG
        .get_or_init(|| parse_all(&EMBEDDED))
        .as_ref()
        .map_err(Vec::as_slice)
}

/// The embedded content.
///
/// # Panics
/// If the embedded files do not validate, which this crate's tests rule out; setup checks it
/// first with [`try_catalog`] and refuses to start.
#[must_use]
pub fn catalog() -> &'static Catalog {
    try_catalog().expect("the embedded content validates")
}

/// Checks every embedded content file; the list is empty when all is well.
#[must_use]
pub fn check_embedded() -> Vec<ContentError> {
    match parse_all(&EMBEDDED) {
        Ok(_) => Vec::new(),
        Err(e) => e,
    }
}

/// Whether `name` (a file name, without folders) is one of Hacktivity's content files.
#[must_use]
pub fn is_content_file(name: &str) -> bool {
    EMBEDDED.iter().any(|(n, _)| *n == name)
}

/// Checks edited content files, for `lockpick content check`: each `(path, text)` replaces the
/// embedded file of the same name (the path's last component); the others are the embedded
/// ones. Errors name the path as given.
#[must_use]
pub fn check_files(files: &[(&str, &str)]) -> Vec<ContentError> {
    let mut set: Vec<(String, String, String)> = EMBEDDED
        .iter()
        .map(|(n, t)| ((*n).to_owned(), (*n).to_owned(), (*t).to_owned()))
        .collect();
    let mut errors = Vec::new();
    for (path, text) in files {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        match set.iter_mut().find(|(n, _, _)| n == name) {
            Some(entry) => {
                entry.1 = (*path).to_owned();
                entry.2 = (*text).to_owned();
            }
            None => errors.push(err(
                path,
                "-",
                "-",
                format!(
                    "not a Hacktivity content file (expected one of {})",
                    EMBEDDED.map(|(n, _)| n).join(", ")
                ),
                format!(
                    "ce n'est pas un fichier de contenu de Hacktivity (attendu : l'un de {})",
                    EMBEDDED.map(|(n, _)| n).join(", ")
                ),
            )),
        }
    }
    if !errors.is_empty() {
        return errors;
    }
    let named: Vec<(&str, &str, &str)> = set
        .iter()
        .map(|(n, shown, t)| (n.as_str(), shown.as_str(), t.as_str()))
        .collect();
    match parse_named(&named) {
        Ok(_) => Vec::new(),
        Err(e) => e,
    }
}

fn parse_all(files: &[(&str, &str)]) -> Result<Catalog, Vec<ContentError>> {
    let named: Vec<(&str, &str, &str)> = files.iter().map(|(n, t)| (*n, *n, *t)).collect();
    parse_named(&named)
}

/// Parses `(name, shown name, text)` triples into the catalog.
fn parse_named(files: &[(&str, &str, &str)]) -> Result<Catalog, Vec<ContentError>> {
    let text = |name: &str| {
        files
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|f| (f.1, f.2))
    };
    let mut errors = Vec::new();
    let mut decks = Vec::new();
    for c in Character::ALL {
        let (shown, t) = text(&format!("{}.toml", c.key())).expect("every file is given");
        match parse_character(shown, t, c) {
            Ok(d) => decks.push(d),
            Err(e) => errors.push(e),
        }
    }
    if decks.len() == 4 {
        let total: usize = decks.iter().map(|d| d.cards.len()).sum();
        if total != CHARACTER_CARDS {
            errors.push(err(
                "cyberlink.toml, drpower.toml, blaast.toml, artemis.toml",
                "-",
                "card",
                format!(
                    "the box holds {CHARACTER_CARDS} character cards, the four decks hold {total}"
                ),
                format!(
                    "la boîte contient {CHARACTER_CARDS} cartes Personnage, les quatre paquets \
                     en contiennent {total}"
                ),
            ));
        }
    }
    let (shown, t) = text("anomalies.toml").expect("given");
    let anomalies = parse_grouped(shown, t, "group", 1..=4, ANOMALY_CARDS, CardKind::Anomaly)
        .map_err(|e| errors.push(e))
        .ok();
    let (shown, t) = text("alerts.toml").expect("given");
    let alerts = parse_grouped(shown, t, "deck", 2..=4, ALERT_CARDS, CardKind::Alert)
        .map_err(|e| errors.push(e))
        .ok();
    let (shown, t) = text("alpha.toml").expect("given");
    let alphas = parse_alpha(shown, t).map_err(|e| errors.push(e)).ok();
    let (shown, t) = text("solo.toml").expect("given");
    let solo = parse_solo(shown, t).map_err(|e| errors.push(e)).ok();
    // Every `scenarioN.toml` file is a scenario.
    let mut scenarios = Vec::new();
    for (name, shown, t) in files {
        if name.starts_with("scenario") {
            match parse_scenario(shown, t, alphas.as_ref().map_or(ALPHA_CARDS, Vec::len)) {
                Ok(s) if scenarios.iter().any(|x: &Scenario| x.number == s.number) => {
                    errors.push(err(
                        shown,
                        "scenario",
                        "number",
                        "another file has this number",
                        "un autre fichier porte ce numéro",
                    ));
                }
                Ok(s) => scenarios.push(s),
                Err(e) => errors.push(e),
            }
        }
    }
    scenarios.sort_by_key(|s| s.number);
    match (anomalies, alerts, alphas, solo) {
        (Some(anomalies), Some(alerts), Some(alphas), Some((solo_a, solo_b)))
            if errors.is_empty() =>
        {
            Ok(Catalog {
                decks,
                anomalies,
                alerts,
                alphas,
                solo_a,
                solo_b,
                scenarios,
            })
        }
        _ => Err(errors),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    n: u8,
    name: String,
    #[serde(default)]
    name_fr: Option<String>,
    #[serde(default)]
    group: Option<u8>,
    #[serde(default)]
    deck: Option<u8>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    blocks: Option<u8>,
    #[serde(default)]
    chain: Option<u8>,
    #[serde(default)]
    top: Vec<String>,
    #[serde(default)]
    bottom: Vec<String>,
}

fn icons(file: &str, card: &At, field: &str, list: &[String]) -> Result<Vec<Effect>, ContentError> {
    list.iter()
        .enumerate()
        .map(|(i, text)| {
            Effect::parse(text)
                .map_err(|p| err_at(file, card, &format!("{field}[{i}]"), p.en, p.fr))
        })
        .collect()
}

/// Builds a card from its raw entry; `kind` decides which fields it may have.
fn build(file: &str, raw: RawCard, id: CardId, kind: CardKind) -> Result<Card, ContentError> {
    let name = id.to_string();
    if raw.name.trim().is_empty() {
        return Err(err(
            file,
            &name,
            "name",
            "a card needs a name",
            "une carte doit avoir un nom",
        ));
    }
    let name_fr = french_name(file, &At::id(&name), raw.name_fr.as_deref())?;
    let anomaly = kind.is_anomaly();
    if !anomaly {
        for (field, set) in [
            ("blocks", raw.blocks.is_some()),
            ("chain", raw.chain.is_some()),
            ("category", raw.category.is_some()),
        ] {
            if set {
                return Err(err(
                    file,
                    &name,
                    field,
                    "only anomaly, alert and Alpha cards have it",
                    "seules les cartes Anomalie, Alerte et Alpha l'ont",
                ));
            }
        }
    }
    let blocks = raw.blocks.unwrap_or(0);
    if anomaly && kind != CardKind::Alpha && !(1..=MAX_BLOCKS).contains(&blocks) {
        return Err(err(
            file,
            &name,
            "blocks",
            format!("an anomaly has 1 to {MAX_BLOCKS} data blocks, not {blocks}"),
            format!("une anomalie a de 1 à {MAX_BLOCKS} blocs de données, pas {blocks}"),
        ));
    }
    if kind == CardKind::Alpha && raw.blocks.is_some() {
        return Err(err(
            file,
            &name,
            "blocks",
            "an Alpha card's blocks are set by the scenario",
            "les blocs d'une carte Alpha sont fixés par le scénario",
        ));
    }
    let chain = raw.chain.unwrap_or(0);
    if chain > 3 {
        return Err(err(
            file,
            &name,
            "chain",
            format!("a printed cyberchain is 1 to 3, not {chain}"),
            format!("une cyberchaîne imprimée vaut de 1 à 3, pas {chain}"),
        ));
    }
    let top = icons(file, &At::id(&name), "top", &raw.top)?;
    let bottom = icons(file, &At::id(&name), "bottom", &raw.bottom)?;
    let playable = kind != CardKind::Alpha;
    if playable && bottom.is_empty() {
        return Err(err(
            file,
            &name,
            "bottom",
            "the bottom option needs at least one icon",
            "l'option du bas demande au moins une icône",
        ));
    }
    if playable && !anomaly && top.is_empty() {
        return Err(err(
            file,
            &name,
            "top",
            "the top option needs at least one icon",
            "l'option du haut demande au moins une icône",
        ));
    }
    Ok(Card {
        id,
        name: raw.name.trim().to_owned(),
        name_fr,
        kind,
        category: raw.category.unwrap_or_default(),
        blocks,
        chain,
        top,
        bottom,
    })
}

/// The French title a card or program may give (`name_fr`): absent is allowed (the French
/// interface then shows the printed name), written but blank is a mistake.
fn french_name(file: &str, card: &At, given: Option<&str>) -> Result<String, ContentError> {
    french_text(file, card, "name", given)
}

/// The French of an English text field (`<field>_fr` beside `<field>`): absent is allowed (the
/// French interface then shows the English), written but blank is a mistake.
fn french_text(
    file: &str,
    at: &At,
    field: &str,
    given: Option<&str>,
) -> Result<String, ContentError> {
    match given {
        None => Ok(String::new()),
        Some(text) if text.trim().is_empty() => Err(err_at(
            file,
            at,
            &format!("{field}_fr"),
            format!(
                "the French title is blank: write it, or leave the line out and French players \
                 see {field}"
            ),
            format!(
                "le titre français est vide : écrivez-le, ou retirez la ligne et les joueurs \
                 francophones verront le titre anglais ({field})"
            ),
        )),
        Some(text) => Ok(text.trim().to_owned()),
    }
}

/// Checks that the `n` of each card counts 1, 2, 3... in its deck.
fn check_numbering(file: &str, deck: &str, ns: &[u8]) -> Result<(), ContentError> {
    for (i, n) in ns.iter().enumerate() {
        if usize::from(*n) != i + 1 {
            let at = At {
                en: format!("{deck} card #{}", i + 1),
                fr: format!("carte {deck} n° {}", i + 1),
            };
            return Err(err_at(
                file,
                &at,
                "n",
                format!(
                    "cards are numbered 1, 2, 3... in order; found {n} where {} belongs",
                    i + 1
                ),
                format!(
                    "les cartes sont numérotées 1, 2, 3… dans l'ordre ; {n} trouvé là où {} est \
                     attendu",
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProgram {
    name: String,
    #[serde(default)]
    name_fr: Option<String>,
    cost: u8,
    once: bool,
    icons: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExperimental {
    max_charge: u8,
    program: Vec<RawProgram>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacter {
    character: String,
    #[serde(default)]
    cyberchains: Option<u8>,
    #[serde(default)]
    experimental: Option<RawExperimental>,
    card: Vec<RawCard>,
    solo_x: Vec<RawCard>,
}

/// Parses one character's file.
///
/// # Errors
/// The first problem, naming the file, the card and the field.
pub fn parse_character(
    file: &str,
    text: &str,
    who: Character,
) -> Result<CharacterDeck, ContentError> {
    let raw: RawCharacter = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    if raw.character != who.key() {
        return Err(err(
            file,
            "-",
            "character",
            format!("this file is {}'s deck, not '{}'", who.key(), raw.character),
            format!(
                "ce fichier est le paquet de {}, pas celui de « {} »",
                who.key(),
                raw.character
            ),
        ));
    }
    if !(13..=15).contains(&raw.card.len()) {
        return Err(err(
            file,
            "-",
            "card",
            format!(
                "a character deck holds 13 to 15 cards, not {}",
                raw.card.len()
            ),
            format!(
                "un paquet Personnage contient de 13 à 15 cartes, pas {}",
                raw.card.len()
            ),
        ));
    }
    check_numbering(
        file,
        who.key(),
        &raw.card.iter().map(|c| c.n).collect::<Vec<_>>(),
    )?;
    check_numbering(
        file,
        &format!("{}-x", who.key()),
        &raw.solo_x.iter().map(|c| c.n).collect::<Vec<_>>(),
    )?;
    if raw.solo_x.len() != 2 {
        return Err(err(
            file,
            "-",
            "solo_x",
            format!(
                "each character has 2 Solo-X cards, not {}",
                raw.solo_x.len()
            ),
            format!(
                "chaque personnage a 2 cartes Solo-X, pas {}",
                raw.solo_x.len()
            ),
        ));
    }
    let mut cards = Vec::new();
    for c in raw.card {
        if c.group.is_some() || c.deck.is_some() {
            return Err(err(
                file,
                &format!("{}-{}", who.key(), c.n),
                "group",
                "character cards have no group",
                "les cartes Personnage n'ont pas de groupe",
            ));
        }
        let id = CardId::new(Deck::Character(who), c.n);
        cards.push(build(file, c, id, CardKind::Character)?);
    }
    let mut solo_x = Vec::new();
    for c in raw.solo_x {
        let id = CardId::new(Deck::SoloX(who), c.n);
        solo_x.push(build(file, c, id, CardKind::SoloX)?);
    }
    let cyberchains = match (who, raw.cyberchains) {
        (Character::CyberLink, Some(n)) if (1..=9).contains(&n) => n,
        (Character::CyberLink, other) => {
            return Err(err(
                file,
                "-",
                "cyberchains",
                format!("CyberLink has 1 to 9 cyberchain tokens, not {other:?}"),
                match other {
                    Some(n) => format!("CyberLink a de 1 à 9 jetons cyberchaîne, pas {n}"),
                    None => "CyberLink a de 1 à 9 jetons cyberchaîne : le fichier n'en donne pas"
                        .to_owned(),
                },
            ));
        }
        (_, None) => 0,
        (_, Some(_)) => {
            return Err(err(
                file,
                "-",
                "cyberchains",
                "only CyberLink has cyberchain tokens",
                "seul CyberLink a des jetons cyberchaîne",
            ));
        }
    };
    let experimental = match (who, raw.experimental) {
        (Character::DrPower, Some(x)) => Some(parse_experimental(file, x)?),
        (Character::DrPower, None) => {
            return Err(err(
                file,
                "-",
                "experimental",
                "DrPower's Experimental card is missing",
                "la carte Expérimentale de DrPower manque",
            ));
        }
        (_, None) => None,
        (_, Some(_)) => {
            return Err(err(
                file,
                "-",
                "experimental",
                "only DrPower has the Experimental card",
                "seul DrPower a la carte Expérimentale",
            ));
        }
    };
    Ok(CharacterDeck {
        character: who,
        cards,
        solo_x,
        cyberchains,
        experimental,
    })
}

fn parse_experimental(file: &str, raw: RawExperimental) -> Result<ExperimentalCard, ContentError> {
    if !(1..=20).contains(&raw.max_charge) {
        return Err(err(
            file,
            "experimental",
            "max_charge",
            "the charge track has 1 to 20 squares",
            "la piste de charge a de 1 à 20 cases",
        ));
    }
    if raw.program.len() != 4 {
        return Err(err(
            file,
            "experimental",
            "program",
            format!("the card has 4 programs, not {}", raw.program.len()),
            format!("la carte a 4 programmes, pas {}", raw.program.len()),
        ));
    }
    let mut programs = Vec::new();
    for (i, p) in raw.program.into_iter().enumerate() {
        let card = At {
            en: format!("program {}", i + 1),
            fr: format!("programme {}", i + 1),
        };
        if p.name.trim().is_empty() {
            return Err(err_at(
                file,
                &card,
                "name",
                "a program needs a name",
                "un programme doit avoir un nom",
            ));
        }
        let name_fr = french_name(file, &card, p.name_fr.as_deref())?;
        if !(1..=raw.max_charge).contains(&p.cost) {
            return Err(err_at(
                file,
                &card,
                "cost",
                format!("the cost must be 1 to {}", raw.max_charge),
                format!("le coût doit être entre 1 et {}", raw.max_charge),
            ));
        }
        if p.once != (i < 3) {
            return Err(err_at(
                file,
                &card,
                "once",
                "the first three programs run once per game, the fourth at will",
                "les trois premiers programmes servent une fois par partie, le quatrième à volonté",
            ));
        }
        let icons = icons(file, &card, "icons", &p.icons)?;
        if icons.is_empty() {
            return Err(err_at(
                file,
                &card,
                "icons",
                "a program needs at least one icon",
                "un programme demande au moins une icône",
            ));
        }
        programs.push(Program {
            name: p.name.trim().to_owned(),
            name_fr,
            cost: p.cost,
            once: p.once,
            icons,
        });
    }
    Ok(ExperimentalCard {
        max_charge: raw.max_charge,
        programs,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeckFile {
    card: Vec<RawCard>,
}

/// Parses a file of anomaly or Alert cards grouped by `key` (`group` 1-4 or `deck` 2-4).
fn parse_grouped(
    file: &str,
    text: &str,
    key: &str,
    groups: std::ops::RangeInclusive<u8>,
    total: usize,
    kind: CardKind,
) -> Result<Vec<Vec<Card>>, ContentError> {
    let raw: RawDeckFile = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    if raw.card.len() != total {
        return Err(err(
            file,
            "-",
            "card",
            format!(
                "the box holds {total} of these cards, the file {}",
                raw.card.len()
            ),
            format!(
                "la boîte contient {total} de ces cartes, le fichier en donne {}",
                raw.card.len()
            ),
        ));
    }
    let mut by_group: BTreeMap<u8, Vec<RawCard>> = BTreeMap::new();
    for (i, c) in raw.card.into_iter().enumerate() {
        let (value, other) = if key == "group" {
            (c.group, c.deck)
        } else {
            (c.deck, c.group)
        };
        let where_ = At {
            en: format!("card #{} ({})", i + 1, c.name),
            fr: format!("carte n° {} ({})", i + 1, c.name),
        };
        if other.is_some() {
            return Err(err_at(
                file,
                &where_,
                if key == "group" { "deck" } else { "group" },
                format!("these cards have a '{key}', not this field"),
                format!("ces cartes ont un champ « {key} », pas celui-ci"),
            ));
        }
        match value {
            Some(g) if groups.contains(&g) => by_group.entry(g).or_default().push(c),
            _ => {
                return Err(err_at(
                    file,
                    &where_,
                    key,
                    format!("must be {} to {}", groups.start(), groups.end()),
                    format!("doit être entre {} et {}", groups.start(), groups.end()),
                ));
            }
        }
    }
    let mut out = Vec::new();
    for g in groups {
        let cards = by_group.remove(&g).unwrap_or_default();
        let deck = if kind == CardKind::Alert {
            Deck::Alert(g)
        } else {
            Deck::Anomaly(g)
        };
        let label = CardId::new(deck, 1).to_string();
        let label = label.trim_end_matches("-1");
        if cards.is_empty() {
            let key_fr = if key == "group" {
                "le groupe"
            } else {
                "le paquet Alerte"
            };
            return Err(err(
                file,
                label,
                key,
                format!("no card in {key} {g}"),
                format!("aucune carte dans {key_fr} {g}"),
            ));
        }
        check_numbering(file, label, &cards.iter().map(|c| c.n).collect::<Vec<_>>())?;
        let mut built = Vec::new();
        for c in cards {
            let id = CardId::new(deck, c.n);
            built.push(build(file, c, id, kind)?);
        }
        out.push(built);
    }
    Ok(out)
}

fn parse_alpha(file: &str, text: &str) -> Result<Vec<Card>, ContentError> {
    let raw: RawDeckFile = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    if raw.card.len() != ALPHA_CARDS {
        return Err(err(
            file,
            "-",
            "card",
            format!(
                "the box holds {ALPHA_CARDS} Alpha cards, the file {}",
                raw.card.len()
            ),
            format!(
                "la boîte contient {ALPHA_CARDS} cartes Alpha, le fichier en donne {}",
                raw.card.len()
            ),
        ));
    }
    check_numbering(
        file,
        "alpha",
        &raw.card.iter().map(|c| c.n).collect::<Vec<_>>(),
    )?;
    raw.card
        .into_iter()
        .map(|c| {
            let id = CardId::new(Deck::Alpha, c.n);
            build(file, c, id, CardKind::Alpha)
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSolo {
    solo_a: Vec<RawCard>,
    solo_b: Vec<RawCard>,
}

fn parse_solo(file: &str, text: &str) -> Result<(Vec<Card>, Vec<Card>), ContentError> {
    let raw: RawSolo = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    let mut out = Vec::new();
    for (deck, label, cards) in [
        (Deck::SoloA, "solo-a", raw.solo_a),
        (Deck::SoloB, "solo-b", raw.solo_b),
    ] {
        if cards.len() != 2 {
            return Err(err(
                file,
                label,
                "-",
                format!("the box holds 2 {label} cards, the file {}", cards.len()),
                format!(
                    "la boîte contient 2 cartes {label}, le fichier en donne {}",
                    cards.len()
                ),
            ));
        }
        check_numbering(file, label, &cards.iter().map(|c| c.n).collect::<Vec<_>>())?;
        let mut built = Vec::new();
        for c in cards {
            let id = CardId::new(deck, c.n);
            built.push(build(file, c, id, CardKind::Solo)?);
        }
        out.push(built);
    }
    let solo_b = out.pop().expect("two decks");
    let solo_a = out.pop().expect("two decks");
    Ok((solo_a, solo_b))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrack {
    start: u8,
    max: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAlpha {
    card: u8,
    zone: u8,
    blocks: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    alert_markers: Vec<String>,
    alert_deck: u8,
    anomalies: Vec<u8>,
    infection: i8,
    breaking_point: i8,
    interdiction: bool,
    alpha: Vec<RawAlpha>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEmergency {
    letter: String,
    text: String,
    #[serde(default)]
    infection: i8,
    #[serde(default)]
    firewall: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    number: u8,
    name: String,
    critical: String,
    #[serde(default)]
    critical_fr: Option<String>,
    infection_min: i8,
    tension: Vec<u8>,
    firewall: RawTrack,
    solo_firewall: RawTrack,
    players: BTreeMap<String, RawTable>,
    emergency: RawEmergency,
}

fn track(file: &str, field: &str, raw: &RawTrack) -> Result<Track, ContentError> {
    if raw.start == 0 || raw.start > raw.max || raw.max > 9 {
        return Err(err(
            file,
            "scenario",
            field,
            "start must be 1 to max, and max at most 9",
            "« start » doit être entre 1 et « max », et « max » valoir au plus 9",
        ));
    }
    Ok(Track {
        start: raw.start,
        max: raw.max,
    })
}

fn parse_scenario(file: &str, text: &str, alphas: usize) -> Result<Scenario, ContentError> {
    let raw: RawScenario = toml::from_str(text).map_err(|e| toml_err(file, &e))?;
    let s = "scenario";
    if !(1..=6).contains(&raw.number) {
        return Err(err(
            file,
            s,
            "number",
            "scenarios are numbered 1 to 6",
            "les scénarios sont numérotés de 1 à 6",
        ));
    }
    if raw.tension.is_empty() || raw.tension.iter().any(|t| !(1..=9).contains(t)) {
        return Err(err(
            file,
            s,
            "tension",
            "the tension track needs squares of 1 to 9",
            "la piste de tension demande des cases de 1 à 9",
        ));
    }
    if !(-9..=0).contains(&raw.infection_min) {
        return Err(err(
            file,
            s,
            "infection_min",
            "the white squares go from 0 down to at most -9",
            "les cases blanches vont de 0 jusqu'à -9 au plus bas",
        ));
    }
    let firewall = track(file, "firewall", &raw.firewall)?;
    let solo_firewall = track(file, "solo_firewall", &raw.solo_firewall)?;
    // A section for another count first: written for a missing one (a typo), it is the error
    // to name, not the gap it leaves.
    if let Some(extra) = raw
        .players
        .keys()
        .find(|k| !["1", "2", "3", "4"].contains(&k.as_str()))
    {
        let missing: Vec<String> = (1..=4)
            .map(|n: u8| n.to_string())
            .filter(|n| !raw.players.contains_key(n))
            .map(|n| format!("players.{n}"))
            .collect();
        let (hint, hint_fr) = match missing.len() {
            0 => (String::new(), String::new()),
            n => (
                format!(" (missing: {})", missing.join(", ")),
                format!(
                    " ({} : {})",
                    if n == 1 {
                        "section manquante"
                    } else {
                        "sections manquantes"
                    },
                    missing.join(", ")
                ),
            ),
        };
        return Err(err(
            file,
            &format!("players.{extra}"),
            "-",
            format!("the game seats 1 to 4 players{hint}"),
            format!("le jeu se joue de 1 à 4 joueurs{hint_fr}"),
        ));
    }
    let mut tables = Vec::new();
    for players in 1..=4u8 {
        let key = players.to_string();
        let section = format!("players.{key}");
        let t = raw.players.get(&key).ok_or_else(|| {
            err(
                file,
                &section,
                "-",
                "missing: the setup for 1, 2, 3 and 4 players",
                "absent : il faut la mise en place pour 1, 2, 3 et 4 joueurs",
            )
        })?;
        let mut markers = Vec::new();
        for (i, m) in t.alert_markers.iter().enumerate() {
            let field = format!("alert_markers[{i}]");
            let (col, row) = Column::parse_position(m)
                .filter(|(_, row)| (1..=7).contains(row))
                .ok_or_else(|| {
                    err(
                        file,
                        &section,
                        &field,
                        format!("'{m}' is not a square a1 to f7"),
                        format!("« {m} » n'est pas une case de a1 à f7"),
                    )
                })?;
            if markers.iter().any(|(c, _)| *c == col) {
                return Err(err(
                    file,
                    &section,
                    &field,
                    format!("column {col} already has a marker"),
                    format!("la colonne {col} a déjà un marqueur"),
                ));
            }
            markers.push((col, row));
        }
        if markers.is_empty() {
            return Err(err(
                file,
                &section,
                "alert_markers",
                "at least one marker",
                "il faut au moins un marqueur",
            ));
        }
        markers.sort();
        if !(2..=4).contains(&t.alert_deck) {
            return Err(err(
                file,
                &section,
                "alert_deck",
                "the Alert decks are 2, 3 and 4",
                "les paquets Alerte sont le 2, le 3 et le 4",
            ));
        }
        if t.anomalies.is_empty() || t.anomalies.iter().any(|g| !(1..=4).contains(g)) {
            return Err(err(
                file,
                &section,
                "anomalies",
                "anomaly groups are 1 to 4",
                "les groupes d'anomalies vont de 1 à 4",
            ));
        }
        if t.infection <= raw.infection_min
            || t.infection >= t.breaking_point
            || t.breaking_point > 20
        {
            return Err(err(
                file,
                &section,
                "infection",
                "the infection starts above the track's bottom and below the breaking point (at most 20)",
                "l'infection commence au-dessus du bas de la piste et sous le point de rupture \
                 (au plus 20)",
            ));
        }
        let mut alpha = Vec::new();
        for (i, a) in t.alpha.iter().enumerate() {
            let field = format!("alpha[{i}]");
            if !(1..=alphas).contains(&usize::from(a.card)) {
                return Err(err(
                    file,
                    &section,
                    &field,
                    format!("there is no Alpha card {}", a.card),
                    format!("il n'y a pas de carte Alpha {}", a.card),
                ));
            }
            if !(1..=4).contains(&a.zone) || (t.interdiction && a.zone == 1) {
                return Err(err(
                    file,
                    &section,
                    &field,
                    "the zone must be 1 to 4 and not blocked by the Interdiction card",
                    "la zone doit être entre 1 et 4 et ne pas être bloquée par la carte \
                     Interdiction",
                ));
            }
            if !(1..=MAX_BLOCKS).contains(&a.blocks) {
                return Err(err(
                    file,
                    &section,
                    &field,
                    format!("an Alpha card has 1 to {MAX_BLOCKS} data blocks"),
                    format!("une carte Alpha a de 1 à {MAX_BLOCKS} blocs de données"),
                ));
            }
            if alpha
                .iter()
                .any(|x: &AlphaSetup| x.zone.0 == a.zone || x.card == a.card)
            {
                return Err(err(
                    file,
                    &section,
                    &field,
                    "each Alpha card in its own zone",
                    "chaque carte Alpha doit être dans sa propre zone",
                ));
            }
            alpha.push(AlphaSetup {
                card: a.card,
                zone: Zone(a.zone),
                blocks: a.blocks,
            });
        }
        tables.push(TableSetup {
            alert_markers: markers,
            alert_deck: t.alert_deck,
            anomalies: t.anomalies.clone(),
            infection: t.infection,
            breaking_point: t.breaking_point,
            interdiction: t.interdiction,
            alpha,
        });
    }
    Ok(Scenario {
        number: raw.number,
        name: raw.name,
        critical_fr: french_text(
            file,
            &At {
                en: "scenario".into(),
                fr: "scénario".into(),
            },
            "critical",
            raw.critical_fr.as_deref(),
        )?,
        critical: raw.critical,
        infection_min: raw.infection_min,
        tension: raw.tension,
        firewall,
        solo_firewall,
        tables,
        emergency: Emergency {
            letter: raw.emergency.letter,
            text: raw.emergency.text,
            infection: raw.emergency.infection,
            firewall: raw.emergency.firewall,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embedded(name: &str) -> &'static str {
        EMBEDDED.iter().find(|(n, _)| *n == name).unwrap().1
    }

    #[test]
    fn embedded_content_is_valid() {
        assert_eq!(check_embedded(), vec![]);
        let c = catalog();
        assert_eq!(
            c.decks.iter().map(|d| d.cards.len()).sum::<usize>(),
            CHARACTER_CARDS
        );
        assert_eq!(
            c.anomalies.iter().map(Vec::len).sum::<usize>(),
            ANOMALY_CARDS
        );
        assert_eq!(c.alerts.iter().map(Vec::len).sum::<usize>(), ALERT_CARDS);
        assert_eq!(c.alphas.len(), ALPHA_CARDS);
        assert_eq!((c.solo_a.len(), c.solo_b.len()), (2, 2));
        for d in &c.decks {
            assert!((13..=15).contains(&d.cards.len()));
            assert_eq!(d.solo_x.len(), 2);
        }
    }

    #[test]
    fn every_embedded_file_says_it_is_authored_and_how_to_edit_it() {
        for (name, text) in EMBEDDED {
            let head: String = text.lines().take_while(|l| l.starts_with('#')).collect();
            assert!(head.contains("AUTHORED FOR LOCKPICK"), "{name}");
            assert!(head.contains("lockpick content check"), "{name}");
        }
    }

    /// A content file with every line starting with `key` left out.
    fn without_lines(text: &str, key: &str) -> String {
        text.lines()
            .filter(|l| !l.starts_with(key))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn every_card_and_program_has_a_french_title_and_a_blank_one_is_named() {
        let c = catalog();
        let mut cards: Vec<&Card> = c.alphas.iter().chain(&c.solo_a).chain(&c.solo_b).collect();
        cards.extend(c.anomalies.iter().chain(&c.alerts).flatten());
        cards.extend(c.decks.iter().flat_map(|d| d.cards.iter().chain(&d.solo_x)));
        assert_eq!(
            cards.len(),
            CHARACTER_CARDS + ANOMALY_CARDS + ALERT_CARDS + ALPHA_CARDS + 4 + 8
        );
        for card in &cards {
            assert!(!card.name_fr.is_empty(), "{} has no French title", card.id);
            assert_eq!(card.name_in("fr"), card.name_fr);
            assert_eq!(card.name_in("en"), card.name);
        }
        let worm = cards.iter().find(|c| c.name == "Worm").unwrap();
        assert_eq!(worm.name_in("fr"), "Ver");
        let programs = &c
            .decks
            .iter()
            .find_map(|d| d.experimental.as_ref())
            .unwrap()
            .programs;
        assert!(programs.iter().all(|p| !p.name_fr.is_empty()));

        // Left out, the French title is the printed name; written blank, it is named.
        let bare = without_lines(embedded("cyberlink.toml"), "name_fr");
        assert_eq!(check_files(&[("cyberlink.toml", &bare)]), vec![]);
        let blank =
            embedded("cyberlink.toml").replacen("name_fr = \"Ping\"", "name_fr = \"  \"", 1);
        let errors = check_files(&[("cyberlink.toml", &blank)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = &errors[0];
        assert_eq!(
            (e.card.as_str(), e.field.as_str()),
            ("cyberlink-1", "name_fr")
        );
        assert!(e.problem.contains("blank"), "{e}");
    }

    #[test]
    fn the_critical_card_is_titled_in_english_and_french_and_a_blank_french_title_is_named() {
        let s = catalog().scenario(1).unwrap();
        assert_eq!(
            (s.critical.as_str(), s.critical_fr.as_str()),
            ("Strange Bug", "Bogue étrange")
        );
        // Left out, the French title is the English one; written blank, it is named.
        let bare = without_lines(embedded("scenario1.toml"), "critical_fr");
        assert_eq!(check_files(&[("scenario1.toml", &bare)]), vec![]);
        let blank = embedded("scenario1.toml").replacen(
            "critical_fr = \"Bogue étrange\"",
            "critical_fr = \"\"",
            1,
        );
        let errors = check_files(&[("scenario1.toml", &blank)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = &errors[0];
        assert_eq!(
            (e.card.as_str(), e.field.as_str()),
            ("scenario", "critical_fr")
        );
        assert!(
            e.problem.contains("blank") && e.problem.contains("critical"),
            "{e}"
        );
        assert_eq!(e.french.card, "scénario");
    }

    #[test]
    fn a_bad_icon_names_the_file_the_card_and_the_field() {
        let broken = embedded("cyberlink.toml").replacen("top = [\"", "top = [\"attak 1\", \"", 1);
        let errors = check_files(&[("edited/cyberlink.toml", &broken)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = &errors[0];
        assert_eq!(
            (e.file.as_str(), e.card.as_str(), e.field.as_str()),
            ("edited/cyberlink.toml", "cyberlink-1", "top[0]")
        );
        assert!(e.problem.contains("unknown icon 'attak'"), "{e}");
    }

    #[test]
    fn bad_blocks_are_named() {
        let broken = embedded("anomalies.toml").replacen("blocks = ", "blocks = 1", 1);
        let errors = check_files(&[("anomalies.toml", &broken)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].card, "a1-1");
        assert_eq!(errors[0].field, "blocks");
    }

    #[test]
    fn a_missing_card_is_counted() {
        let text = embedded("alerts.toml");
        let cut = text.rfind("[[card]]").unwrap();
        let errors = check_files(&[("alerts.toml", &text[..cut])]);
        assert!(
            errors[0]
                .to_string()
                .starts_with("alerts.toml: -: card: the box holds 12"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_bad_alert_marker_is_named() {
        let broken = embedded("scenario1.toml").replacen("\"c4\"", "\"c9\"", 1);
        let errors = check_files(&[("scenario1.toml", &broken)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            (errors[0].card.as_str(), errors[0].field.as_str()),
            ("players.1", "alert_markers[0]")
        );
    }

    #[test]
    fn a_player_count_written_wrong_is_named_before_the_one_it_leaves_missing() {
        let broken = embedded("scenario1.toml").replacen("[players.2]", "[players.7]", 1);
        let errors = check_files(&[("scenario1.toml", &broken)]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].card, "players.7");
        assert_eq!(
            errors[0].problem,
            "the game seats 1 to 4 players (missing: players.2)"
        );
    }

    #[test]
    fn an_unknown_file_is_refused() {
        let errors = check_files(&[("tiles.toml", "")]);
        assert!(errors[0].problem.contains("not a Hacktivity content file"));
    }

    #[test]
    fn problems_are_said_in_french_too() {
        let broken = embedded("cyberlink.toml").replacen("top = [\"", "top = [\"attak 1\", \"", 1);
        let e = &check_files(&[("edited/cyberlink.toml", &broken)])[0];
        assert!(
            e.in_french().starts_with(
                "edited/cyberlink.toml : cyberlink-1 : top[0] : icône inconnue « attak » \
                 (icônes : attack, "
            ),
            "{}",
            e.in_french()
        );
        let broken = embedded("drpower.toml").replacen("cost = 5", "cost = 12", 1);
        let e = &check_files(&[("drpower.toml", &broken)])[0];
        assert_eq!(
            e.in_french(),
            "drpower.toml : programme 1 : cost : le coût doit être entre 1 et 10"
        );
        assert_eq!(
            e.to_string(),
            "drpower.toml: program 1: cost: the cost must be 1 to 10"
        );
        let broken = embedded("scenario1.toml").replacen("[players.2]", "[players.7]", 1);
        let e = &check_files(&[("scenario1.toml", &broken)])[0];
        assert_eq!(
            e.french.problem,
            "le jeu se joue de 1 à 4 joueurs (section manquante : players.2)"
        );
        let broken = embedded("cyberlink.toml").replacen(
            "top = [\"attack 1\"]",
            "top = [\"attack 1 2\"]",
            1,
        );
        let e = &check_files(&[("cyberlink.toml", &broken)])[0];
        assert_eq!(e.problem, "'attack' takes one number, 2 given");
        assert_eq!(
            e.french.problem,
            "« attack » prend un nombre, 2 nombres donnés"
        );
    }

    /// The problems found in the embedded files with `file` edited (`from` replaced by `to`).
    fn edited(file: &str, from: &str, to: &str) -> Vec<ContentError> {
        let text = embedded(file);
        assert!(text.contains(from), "{file}: {from}");
        let found = check_files(&[(file, &text.replacen(from, to, 1))]);
        assert!(!found.is_empty(), "{file}: {from} -> {to}");
        found
    }

    /// `file` without the text from the first `from` (or the last, with `last`) up to the first
    /// `until` after it.
    fn cut(file: &str, from: &str, last: bool, until: &str) -> Vec<ContentError> {
        let text = embedded(file);
        let start = if last {
            text.rfind(from)
        } else {
            text.find(from)
        }
        .unwrap();
        let end = text[start + 1..]
            .find(until)
            .map_or(text.len(), |i| start + 1 + i);
        let shorter = format!("{}{}", &text[..start], &text[end..]);
        let found = check_files(&[(file, &shorter)]);
        assert!(!found.is_empty(), "{file}: without {from}..{until}");
        found
    }

    #[test]
    fn every_problem_has_its_own_french() {
        let c = "cyberlink.toml";
        let attack = "top = [\"attack 1\"]";
        let mut problems = Vec::new();
        for icon in [
            " ",
            "attack x",
            "attack 12",
            "attak 1",
            "exile 1",
            "attack",
            "attack_two 1",
            "exile per_character",
            "each exile",
        ] {
            problems.extend(edited(c, attack, &format!("top = [\"{icon}\"]")));
        }
        for (file, from, to) in [
            (c, "name = \"Ping\"", "name = \" \""),
            (c, "name_fr = \"Ping\"", "name_fr = \"\""),
            (c, "name_fr = \"Ping\"", "name_fr = \"Ping\"\nblocks = 2"),
            (c, "name_fr = \"Ping\"", "name_fr = \"Ping\"\ngroup = 1"),
            (c, attack, "top = []"),
            (c, "bottom = [\"split 3\", \"alert_up 1\"]", "bottom = []"),
            (c, "cyberchains = 4", "cyberchains = 12"),
            (c, "cyberchains = 4", ""),
            (c, "character = \"cyberlink\"", "character = \"blaast\""),
            (c, "[[card]]\nn = 2", "[[card]]\nn = 5"),
            (c, "[[card]]\nn = 1", "[[card]]\nn = \"one\""),
            (
                "blaast.toml",
                "character = \"blaast\"",
                "character = \"blaast\"\ncyberchains = 2",
            ),
            (
                c,
                "cyberchains = 4",
                "cyberchains = 4\nexperimental = { max_charge = 5, program = [] }",
            ),
            ("drpower.toml", "max_charge = 10", "max_charge = 30"),
            ("drpower.toml", "name = \"Purge\"", "name = \"\""),
            ("drpower.toml", "name_fr = \"Purge\"", "name_fr = \" \""),
            ("drpower.toml", "cost = 5", "cost = 12"),
            ("drpower.toml", "once = true", "once = false"),
            ("drpower.toml", "icons = [\"split 5\"]", "icons = []"),
            ("anomalies.toml", "blocks = 2", "blocks = 9"),
            ("anomalies.toml", "blocks = 2", "blocks = 2\nchain = 5"),
            ("anomalies.toml", "group = 1", "group = 7"),
            ("anomalies.toml", "group = 1", "group = 1\ndeck = 2"),
            ("anomalies.toml", "[[card]]\nn = 2", "[[card]]\nn = 3"),
            ("alerts.toml", "blocks = 4", "blocks = 4\ngroup = 1"),
            ("alpha.toml", "chain = 1", "chain = 1\nblocks = 2"),
            ("scenario1.toml", "number = 1", "number = 9"),
            ("scenario1.toml", "tension = [3", "tension = [0"),
            (
                "scenario1.toml",
                "infection_min = -5",
                "infection_min = -12",
            ),
            (
                "scenario1.toml",
                "firewall = { start = 3",
                "firewall = { start = 0",
            ),
            ("scenario1.toml", "[players.2]", "[players.7]"),
            ("scenario1.toml", "\"c4\", \"d3\"", "\"c9\", \"d3\""),
            ("scenario1.toml", "\"c4\", \"d3\"", "\"c4\", \"c3\""),
            (
                "scenario1.toml",
                "alert_markers = [\"c4\", \"d3\", \"e3\", \"f2\"]",
                "alert_markers = []",
            ),
            ("scenario1.toml", "alert_deck = 2", "alert_deck = 5"),
            ("scenario1.toml", "anomalies = [1, 2]", "anomalies = [1, 5]"),
            ("scenario1.toml", "infection = 4", "infection = 9"),
            ("scenario1.toml", "card = 1, zone = 2", "card = 7, zone = 2"),
            ("scenario1.toml", "card = 1, zone = 2", "card = 1, zone = 1"),
            ("scenario1.toml", "blocks = 2 }", "blocks = 9 }"),
            ("scenario1.toml", "card = 2, zone = 3", "card = 1, zone = 3"),
            ("scenario1.toml", "number = 1", "number = "),
        ] {
            problems.extend(edited(file, from, to));
        }
        let alerts = embedded("alerts.toml").replace("deck = 2", "deck = 3");
        problems.extend(check_files(&[("alerts.toml", &alerts)]));
        problems.extend(cut(c, "[[card]]\nn = 2", false, "[[solo_x]]"));
        problems.extend(cut(c, "[[solo_x]]", true, "\u{0}"));
        problems.extend(cut("artemis.toml", "[[card]]", true, "[[solo_x]]"));
        problems.extend(cut("drpower.toml", "[experimental]", false, "[[card]]"));
        problems.extend(cut(
            "drpower.toml",
            "[[experimental.program]]\nname = \"Zap\"",
            false,
            "[[card]]",
        ));
        problems.extend(cut("anomalies.toml", "[[card]]", true, "\u{0}"));
        problems.extend(cut("alpha.toml", "[[card]]", true, "\u{0}"));
        problems.extend(cut("solo.toml", "[[solo_a]]\nn = 2", false, "[[solo_b]]"));
        problems.extend(cut("scenario1.toml", "[players.4]", false, "[emergency]"));
        problems.extend(check_files(&[("tiles.toml", "")]));
        let mut files = EMBEDDED.to_vec();
        files.push(("scenario2.toml", embedded("scenario1.toml")));
        problems.extend(parse_all(&files).unwrap_err());

        // Each `err` call is reached at least once: its French is there and is not the English
        // (a parser's message, kept as it is worded, is framed in French).
        for p in &problems {
            assert!(!p.french.problem.trim().is_empty(), "{p}");
            assert_ne!(p.french.problem, p.problem, "{p}");
            assert!(!p.french.problem.starts_with("icône non valable"), "{p:?}");
            if p.field == "toml" {
                assert!(
                    p.french.problem.starts_with("le fichier ne se lit pas"),
                    "{p:?}"
                );
            } else {
                assert!(!p.french.problem.contains(&p.problem), "{p:?}");
            }
            assert!(
                p.in_french()
                    .starts_with(&format!("{} : {} : {} : ", p.file, p.french.card, p.field)),
                "{p:?}"
            );
        }
        // A place with no id of its own is named in French.
        let places: Vec<(&str, &str)> = problems
            .iter()
            .filter(|p| p.card != p.french.card)
            .map(|p| (p.card.as_str(), p.french.card.as_str()))
            .collect();
        for (en, fr) in [
            ("cyberlink card #2", "carte cyberlink n° 2"),
            ("program 1", "programme 1"),
        ] {
            assert!(places.contains(&(en, fr)), "{en}: {places:?}");
        }
        let mut distinct: Vec<&str> = problems.iter().map(|p| p.problem.as_str()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() >= 60, "{}: {distinct:#?}", distinct.len());
    }

    #[test]
    fn programs_are_three_one_shot_and_one_repeatable() {
        let broken = embedded("drpower.toml").replacen("once = true", "once = false", 1);
        let errors = check_files(&[("drpower.toml", &broken)]);
        assert_eq!(
            (errors[0].card.as_str(), errors[0].field.as_str()),
            ("program 1", "once")
        );
    }
}
