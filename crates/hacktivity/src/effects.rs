//! Resolving icons: an option's icons become [`Task`]s, resolved left to right. A task that
//! needs a choice (a target, a teammate, a card) waits for the player's answer; one with a
//! single possible answer resolves by itself; one with none is ignored (the golden rule).

use lockpick_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::actions::{Action, DiscardSource, Event, NoEffect};
use crate::cards::CardKind;
use crate::content::MAX_BLOCKS;
use crate::icons::{Effect, Icon};
use crate::ids::{CardId, Side, Target};
use crate::state::{State, ZoneState};

/// One icon (or what is left of it) waiting to resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Attack one target for `amount`; then, if `second` > 0, a different target for `second`.
    Attack {
        /// Damage.
        amount: u8,
        /// Only an anomaly may be chosen.
        anomaly_only: bool,
        /// A target that may not be chosen (the first of two different targets).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not: Option<Target>,
        /// The second attack of "two different targets".
        #[serde(default)]
        second: u8,
    },
    /// An attack split point by point over targets.
    Split {
        /// Points left.
        left: u8,
    },
    /// Move the infection marker.
    Infection {
        /// Up (else down: the forced attack on the Bogue étrange).
        up: bool,
        /// By how much.
        amount: u8,
    },
    /// Move DrPower's charge marker.
    Charge {
        /// Up or down.
        up: bool,
        /// By how much.
        amount: u8,
    },
    /// Move the actor's own firewall marker.
    Firewall {
        /// Up or down.
        up: bool,
        /// By how much.
        amount: u8,
    },
    /// Firewall points shared among the team, one at a time.
    TeamFirewall {
        /// Up or down.
        up: bool,
        /// Points left.
        left: u8,
    },
    /// Move the leftmost Alert marker.
    Alert {
        /// Up or down.
        up: bool,
        /// By how much.
        amount: u8,
    },
    /// Discard character cards, one at a time.
    Discard {
        /// Cards left to discard.
        left: u8,
    },
    /// Copy a visible card's option.
    Duplicate {
        /// How many times.
        times: u8,
    },
    /// Draw from the actor's character deck.
    Draw {
        /// How many.
        amount: u8,
    },
    /// Draw from the Anomaly deck.
    DrawAnomaly {
        /// How many.
        amount: u8,
    },
    /// Draw Core Attack cards (a later scenario's deck).
    DrawCore {
        /// How many.
        amount: u8,
    },
    /// Add data blocks to other anomalies (different ones for icons side by side).
    AddBlocks {
        /// Blocks per anomaly.
        amount: u8,
        /// Anomalies left to choose.
        left: u8,
        /// Anomalies already chosen.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used: Vec<CardId>,
    },
    /// Place cyberchain tokens, one at a time.
    Chain {
        /// Tokens left to place.
        left: u8,
    },
}

impl Step {
    /// The glossary icon this step comes from (for messages).
    #[must_use]
    pub const fn icon_key(&self) -> &'static str {
        match self {
            Self::Attack {
                anomaly_only: true, ..
            } => "anomaly_attack",
            Self::Attack { second, .. } if *second > 0 => "attack_two",
            Self::Attack { .. } => "attack",
            Self::Split { .. } => "split",
            Self::Infection { up: true, .. } => "infection_up",
            Self::Infection { up: false, .. } => "infection_down",
            Self::Charge { up: true, .. } => "charge_up",
            Self::Charge { up: false, .. } => "charge_down",
            Self::Firewall { up: true, .. } => "firewall_up",
            Self::Firewall { up: false, .. } => "firewall_down",
            Self::TeamFirewall { up: true, .. } => "firewall_up_team",
            Self::TeamFirewall { up: false, .. } => "firewall_down_team",
            Self::Alert { up: true, .. } => "alert_up",
            Self::Alert { up: false, .. } => "alert_down",
            Self::Discard { .. } => "discard",
            Self::Duplicate { .. } => "duplicate",
            Self::Draw { .. } => "draw",
            Self::DrawAnomaly { .. } => "draw_anomaly",
            Self::DrawCore { .. } => "draw_core",
            Self::AddBlocks { .. } => "add_blocks",
            Self::Chain { .. } => "chain",
        }
    }

    /// Whether the step waits for a player's choice (when more than one answer is possible).
    #[must_use]
    pub const fn is_choice(&self) -> bool {
        matches!(
            self,
            Self::Attack { .. }
                | Self::Split { .. }
                | Self::TeamFirewall { .. }
                | Self::Discard { .. }
                | Self::Duplicate { .. }
                | Self::AddBlocks { .. }
                | Self::Chain { .. }
        )
    }
}

/// An effect waiting to resolve: the step, the player it belongs to ("you", "your firewall")
/// and the card it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// The player whose effect it is, who answers its choices.
    pub actor: Seat,
    /// The card whose icon this is (none for DrPower's programs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    /// What is left to resolve.
    pub step: Step,
}

/// The steps of one icon.
fn steps(icon: Icon) -> Vec<Step> {
    let attack = |amount, anomaly_only, second| Step::Attack {
        amount,
        anomaly_only,
        not: None,
        second,
    };
    match icon {
        Icon::Attack { x } => vec![attack(x, false, 0)],
        Icon::AttackTwo { x, y } => vec![attack(x, false, y)],
        Icon::Split { x } => vec![Step::Split { left: x }],
        Icon::AnomalyAttack { x } => vec![attack(x, true, 0)],
        Icon::AttackAndBug { x, y } => vec![
            attack(x, true, 0),
            Step::Infection {
                up: false,
                amount: y,
            },
        ],
        Icon::InfectionUp { x } => vec![Step::Infection {
            up: true,
            amount: x,
        }],
        Icon::InfectionDown { x } => vec![Step::Infection {
            up: false,
            amount: x,
        }],
        Icon::ChargeUp { x } => vec![Step::Charge {
            up: true,
            amount: x,
        }],
        Icon::ChargeDown { x } => vec![Step::Charge {
            up: false,
            amount: x,
        }],
        Icon::FirewallDown { x } => vec![Step::Firewall {
            up: false,
            amount: x,
        }],
        Icon::FirewallUp { x } => vec![Step::Firewall {
            up: true,
            amount: x,
        }],
        Icon::FirewallDownTeam { x } => vec![Step::TeamFirewall { up: false, left: x }],
        Icon::FirewallUpTeam { x } => vec![Step::TeamFirewall { up: true, left: x }],
        Icon::AlertUp { x } => vec![Step::Alert {
            up: true,
            amount: x,
        }],
        Icon::AlertDown { x } => vec![Step::Alert {
            up: false,
            amount: x,
        }],
        Icon::Discard { x } => vec![Step::Discard { left: x }],
        Icon::Duplicate { x } => vec![Step::Duplicate { times: x }],
        Icon::Draw { x } => vec![Step::Draw { amount: x }],
        Icon::DrawAnomaly { x } => vec![Step::DrawAnomaly { amount: x }],
        Icon::DrawCore { x } => vec![Step::DrawCore { amount: x }],
        Icon::Exile => vec![],
        Icon::AddBlocks { x } => vec![Step::AddBlocks {
            amount: x,
            left: 1,
            used: Vec::new(),
        }],
        Icon::Chain { x } => vec![Step::Chain { left: x }],
    }
}

/// The tasks of an option's icons, left to right, for `actor`. "× the number of characters"
/// multiplies the numbers; "every player activates" gives one task per player in playing
/// order; add-blocks icons side by side become one task choosing different anomalies; the
/// exile icon is no task (it decides where the card goes).
#[must_use]
pub fn expand(state: &State, actor: Seat, card: Option<CardId>, effects: &[Effect]) -> Vec<Task> {
    let k = state.character_count();
    let mut out = Vec::new();
    let mut i = 0;
    while i < effects.len() {
        let e = effects[i];
        i += 1;
        let icon = if e.per_character {
            e.icon.times(k)
        } else {
            e.icon
        };
        let mut these = steps(icon);
        if let (Icon::AddBlocks { .. }, false) = (e.icon, e.each) {
            while i < effects.len() && effects[i] == e {
                i += 1;
                if let Some(Step::AddBlocks { left, .. }) = these.first_mut() {
                    *left += 1;
                }
            }
        }
        let actors: Vec<Seat> = if e.each {
            state.seats().collect()
        } else {
            vec![actor]
        };
        for a in actors {
            out.extend(these.iter().cloned().map(|step| Task {
                actor: a,
                card,
                step,
            }));
        }
        these.clear();
    }
    out
}

/// Puts tasks in front of the queue, keeping their order.
pub fn push_front(state: &mut State, tasks: Vec<Task>) {
    for t in tasks.into_iter().rev() {
        state.tasks.push_front(t);
    }
}

/// The answers possible for a task that needs a choice (empty: the icon is ignored).
#[must_use]
pub fn options(state: &State, task: &Task) -> Vec<Action> {
    let targets = |list: Vec<Target>| -> Vec<Action> {
        list.into_iter()
            .map(|target| Action::Target { target })
            .collect()
    };
    // An anomaly's own icons attack the others ("anomalies attack each other"), never itself.
    let not_itself = |t: &Target| match t {
        Target::Anomaly(z) => {
            !matches!(state.zone(*z), ZoneState::Isolated { card, .. } if Some(card) == task.card)
        }
        Target::Bug => true,
    };
    match &task.step {
        Step::Attack {
            anomaly_only, not, ..
        } => targets(
            state
                .attack_targets(*anomaly_only)
                .into_iter()
                .filter(|t| Some(*t) != *not && not_itself(t))
                .collect(),
        ),
        Step::Split { .. } => targets(
            state
                .attack_targets(false)
                .into_iter()
                .filter(not_itself)
                .collect(),
        ),
        Step::TeamFirewall { up, .. } => state
            .players
            .iter()
            .filter(|p| {
                if *up {
                    p.firewall < p.firewall_max
                } else {
                    p.firewall > 0
                }
            })
            .map(|p| Action::Teammate { seat: p.seat })
            .collect(),
        Step::Discard { .. } => {
            let p = state.player(task.actor);
            let mut out = Vec::new();
            for h in &p.hand {
                if state.card(h.card).kind == CardKind::Character {
                    for pile in Side::ALL {
                        out.push(Action::Discard {
                            from: DiscardSource::Hand(h.card),
                            pile,
                        });
                    }
                }
            }
            if p.deck
                .iter()
                .any(|c| state.card(*c).kind == CardKind::Character)
            {
                for pile in Side::ALL {
                    out.push(Action::Discard {
                        from: DiscardSource::Deck,
                        pile,
                    });
                }
            }
            out
        }
        Step::Duplicate { .. } => crate::characters::duplicable(state)
            .into_iter()
            .map(|card| Action::Duplicate { card })
            .collect(),
        Step::AddBlocks { amount, used, .. } => targets(
            state
                .isolated()
                .filter(|(_, card, blocks)| {
                    Some(*card) != task.card
                        && !used.contains(card)
                        && (1..MAX_BLOCKS).contains(blocks)
                        && blocks + amount <= MAX_BLOCKS
                })
                .map(|(z, _, _)| Target::Anomaly(z))
                .collect(),
        ),
        Step::Chain { .. } => {
            if state.cyberchains.is_some_and(|c| c.reserve > 0) {
                targets(
                    state
                        .isolated()
                        .map(|(z, _, _)| Target::Anomaly(z))
                        .collect(),
                )
            } else {
                Vec::new()
            }
        }
        Step::Infection { .. }
        | Step::Charge { .. }
        | Step::Firewall { .. }
        | Step::Alert { .. }
        | Step::Draw { .. }
        | Step::DrawAnomaly { .. }
        | Step::DrawCore { .. } => Vec::new(),
    }
}

/// Why a choice task has no possible answer.
fn no_answer(state: &State, step: &Step) -> NoEffect {
    match step {
        Step::Attack { .. } | Step::Split { .. } => NoEffect::NoTarget,
        Step::TeamFirewall { up: true, .. } => NoEffect::EveryFirewallAtMaximum,
        Step::TeamFirewall { up: false, .. } => NoEffect::NoFirewallToLower,
        Step::Discard { .. } => NoEffect::NoCharacterCard,
        Step::Duplicate { .. } => NoEffect::NothingToDuplicate,
        Step::AddBlocks { .. } => NoEffect::NoRoomForBlocks,
        Step::Chain { .. } if state.cyberchains.is_none() => NoEffect::NoCyberLink,
        Step::Chain { .. } if state.cyberchains.is_some_and(|c| c.reserve == 0) => {
            NoEffect::NoChainToken
        }
        _ => NoEffect::NoIsolatedAnomaly,
    }
}

/// Resolves queued tasks until one waits for a choice, the queue is empty or the game ends.
pub fn run(state: &mut State, events: &mut Vec<Event>) {
    while state.outcome.is_none() {
        let Some(task) = state.tasks.front().cloned() else {
            return;
        };
        if task.step.is_choice() {
            let answers = options(state, &task);
            match answers.len() {
                0 => {
                    state.tasks.pop_front();
                    events.push(Event::Ignored {
                        icon: task.step.icon_key().to_owned(),
                        reason: no_answer(state, &task.step),
                    });
                }
                1 => answer(state, &answers[0], events),
                _ => return,
            }
        } else {
            state.tasks.pop_front();
            execute(state, &task, events);
        }
    }
    state.tasks.clear();
}

/// Resolves a task that needs no choice.
fn execute(state: &mut State, task: &Task, events: &mut Vec<Event>) {
    let me = task.actor;
    match task.step {
        Step::Infection { up: true, amount } => crate::critical::raise(state, amount, events),
        Step::Infection { up: false, amount } => {
            crate::antivirus::hit(state, Target::Bug, amount, events);
        }
        Step::Charge { up, amount } => crate::characters::charge(state, up, amount, events),
        Step::Firewall { up, amount } => crate::players::firewall(state, me, up, amount, events),
        Step::Alert { up: true, amount } => crate::alert::raise(state, amount, events),
        Step::Alert { up: false, amount } => crate::alert::lower(state, amount, events),
        Step::Draw { amount } => crate::players::draw_own(state, me, amount, events),
        Step::DrawAnomaly { amount } => crate::players::draw_anomaly(state, me, amount, events),
        Step::DrawCore { amount } => {
            let rules = crate::scenario::rules(state.scenario);
            if !rules.draw_core(state, me, amount, events) {
                events.push(Event::Ignored {
                    icon: "draw_core".into(),
                    reason: NoEffect::NoCoreAttackDeck,
                });
            }
        }
        _ => {}
    }
}

/// Applies a player's answer to the task in front (already checked against [`options`]).
pub fn answer(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let Some(task) = state.tasks.pop_front() else {
        return;
    };
    let me = task.actor;
    let rest = |state: &mut State, step: Step| {
        state.tasks.push_front(Task {
            actor: task.actor,
            card: task.card,
            step,
        });
    };
    match (&task.step, action) {
        (Step::Attack { amount, second, .. }, Action::Target { target }) => {
            if *second > 0 {
                rest(
                    state,
                    Step::Attack {
                        amount: *second,
                        anomaly_only: false,
                        not: Some(*target),
                        second: 0,
                    },
                );
            }
            crate::antivirus::hit(state, *target, *amount, events);
        }
        (Step::Split { left }, Action::Target { target }) => {
            if *left > 1 {
                rest(state, Step::Split { left: left - 1 });
            }
            crate::antivirus::hit(state, *target, 1, events);
        }
        (Step::TeamFirewall { up, left }, Action::Teammate { seat }) => {
            if *left > 1 {
                rest(
                    state,
                    Step::TeamFirewall {
                        up: *up,
                        left: left - 1,
                    },
                );
            }
            crate::players::firewall(state, *seat, *up, 1, events);
        }
        (Step::Discard { left }, Action::Discard { from, pile }) => {
            if *left > 1 {
                rest(state, Step::Discard { left: left - 1 });
            }
            crate::players::discard(state, me, *from, *pile, events);
        }
        (Step::Duplicate { times }, Action::Duplicate { card }) => {
            crate::characters::duplicate(state, me, *card, *times, events);
        }
        (
            Step::AddBlocks { amount, left, used },
            Action::Target {
                target: Target::Anomaly(zone),
            },
        ) => {
            if let ZoneState::Isolated { card, .. } = state.zone(*zone) {
                if *left > 1 {
                    let mut used = used.clone();
                    used.push(card);
                    rest(
                        state,
                        Step::AddBlocks {
                            amount: *amount,
                            left: left - 1,
                            used,
                        },
                    );
                }
                crate::antivirus::add_blocks(state, *zone, *amount, events);
            }
        }
        (
            Step::Chain { left },
            Action::Target {
                target: Target::Anomaly(zone),
            },
        ) => {
            if *left > 1 {
                rest(state, Step::Chain { left: left - 1 });
            }
            crate::characters::place_chain(state, *zone, events);
        }
        _ => {
            // Not an answer to this task: put it back (apply checks answers beforehand).
            state.tasks.push_front(task);
        }
    }
}
