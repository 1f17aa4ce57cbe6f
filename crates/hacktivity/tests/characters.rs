//! Rule scenarios for the characters' own powers: DrPower's Experimental card, BLAAST!'s
//! duplicate, CyberLink's cyberchains, ArTeMiS. Names follow docs/rules/hacktivity.md.

use lockpick_engine::{Game, Seat, ToAct};
use lockpick_hacktivity::Hacktivity;
use lockpick_hacktivity::actions::{Action, Event};
use lockpick_hacktivity::cards::CardKind;
use lockpick_hacktivity::icons::Icon;
use lockpick_hacktivity::ids::{Character, Side, Target, Zone};
use lockpick_hacktivity::state::ZoneState;
use lockpick_hacktivity::testing::{Table, c};

fn programs(t: &Table, seat: u8) -> Vec<u8> {
    t.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::RunProgram { program } => Some(program),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- DrPower

#[test]
fn drpower_cards_charge_the_experimental_implant() {
    let mut t = Table::new(2, &["cyberlink", "drpower"])
        .hand(1, &["drpower-1", "drpower-14"])
        .playing(1);
    t.play(1, "drpower-1", Side::Top);
    t.play(1, "drpower-14", Side::Top);
    assert_eq!(t.state.experimental.as_ref().unwrap().charge, 5);
}

#[test]
fn drpower_spends_charge_on_programs_three_once_and_one_at_will() {
    let mut t = Table::new(2, &["cyberlink", "drpower"])
        .hand(1, &["drpower-7", "drpower-5"])
        .charge(9)
        .playing(1);
    // Purge 5, Shield Matrix 4, Overdrive 6, Zap 3.
    assert_eq!(programs(&t, 1), [1, 2, 3, 4]);
    t.act(1, Action::RunProgram { program: 1 }).unwrap();
    assert!(t.saw(|e| matches!(
        e,
        Event::ProgramRun {
            program: 1,
            cost: 5
        }
    )));
    assert!(t.saw(|e| matches!(e, Event::Charge { from: 9, to: 4 })));
    // Purge: attack 3, then infection_down 2.
    t.act(
        1,
        Action::Target {
            target: Target::Anomaly(Zone(3)),
        },
    )
    .unwrap();
    assert_eq!(t.state.zone(Zone(3)), ZoneState::Empty);
    assert_eq!(t.state.infection, 2);
    let x = t.state.experimental.as_ref().unwrap();
    assert_eq!((x.charge, x.used[0]), (4, true), "its marker is removed");
    assert_eq!(
        programs(&t, 1),
        [2, 4],
        "program 1 is gone, program 3 costs too much"
    );
    // The repeatable program runs again and again while the charge lasts.
    t.state.experimental.as_mut().unwrap().charge = 7;
    t.act(1, Action::RunProgram { program: 4 }).unwrap();
    t.act(
        1,
        Action::Target {
            target: Target::Bug,
        },
    )
    .unwrap();
    assert_eq!(programs(&t, 1), [2, 4]);
    t.act(1, Action::RunProgram { program: 4 }).unwrap();
    t.act(
        1,
        Action::Target {
            target: Target::Bug,
        },
    )
    .unwrap();
    assert_eq!(t.state.experimental.as_ref().unwrap().charge, 1);
    assert_eq!(t.state.infection, 0);
    assert!(programs(&t, 1).is_empty());
}

#[test]
fn programs_run_only_on_drpowers_turn() {
    let t = Table::new(2, &["cyberlink", "drpower"])
        .hand(0, &["cyberlink-1"])
        .hand(1, &["drpower-7"])
        .charge(9)
        .playing(0);
    assert!(programs(&t, 0).is_empty());
    assert!(programs(&t, 1).is_empty(), "seat 1 does not act now");
    let mut t = t;
    assert!(t.act(1, Action::RunProgram { program: 4 }).is_err());
}

#[test]
fn drpower_may_run_a_program_after_his_cards_then_ends_his_turn() {
    let mut t = Table::new(2, &["cyberlink", "drpower"])
        .hand(0, &["cyberlink-7"])
        .hand(1, &["drpower-14"])
        .charge(1)
        .playing(1);
    // Battery Pack: charge_up 3 -> 4: Zap (3) and Shield Matrix (4) become possible.
    t.play(1, "drpower-14", Side::Top);
    assert_eq!(
        match Hacktivity::to_act(&t.state) {
            ToAct::Seats { seats } => seats.to_vec(),
            ToAct::Over { .. } => vec![],
        },
        [Seat(1)],
        "the turn waits: a program may still run"
    );
    assert_eq!(programs(&t, 1), [2, 4]);
    assert!(t.legal(1).contains(&Action::EndTurn {}));
    t.act(1, Action::EndTurn {}).unwrap();
    assert!(Hacktivity::to_act(&t.state).includes(Seat(0)));
}

// ---------------------------------------------------------------- BLAAST!

#[test]
fn blaast_duplicates_a_visible_character_card_of_any_player() {
    let mut t = Table::new(2, &["blaast", "artemis"])
        .pile(1, Side::Bottom, "artemis-11")
        .pile(1, Side::Top, "artemis-3")
        .pile(0, Side::Top, "blaast-5")
        .infection(5)
        .hand(0, &["blaast-1"])
        .playing(0);
    // Copycat goes on BLAAST!'s bottom pile first; three cards lie visible.
    t.play(0, "blaast-1", Side::Bottom);
    let choices: Vec<Action> = t.legal(0);
    assert_eq!(
        choices,
        vec![
            Action::Duplicate {
                card: c("blaast-5")
            },
            Action::Duplicate {
                card: c("artemis-3")
            },
            Action::Duplicate {
                card: c("artemis-11")
            },
        ],
        "not Copycat itself"
    );
    // Overwatch lies on the bottom pile: its bottom option is copied (each infection_down 1,
    // alert_up 1), for BLAAST!'s player.
    t.act(
        0,
        Action::Duplicate {
            card: c("artemis-11"),
        },
    )
    .unwrap();
    assert!(t.saw(|e| matches!(
        e,
        Event::Duplicated {
            side: Side::Bottom,
            times: 1,
            ..
        }
    )));
    assert_eq!(t.state.infection, 3);
    assert_eq!(t.state.alert[2], Some(5));
    assert_eq!(t.state.players[0].bottom, [c("blaast-1")]);
}

#[test]
fn blaast_duplicates_x_times_and_only_the_top_of_a_pile() {
    let mut t = Table::new(2, &["blaast", "artemis"])
        .pile(0, Side::Top, "blaast-5")
        .pile(0, Side::Top, "blaast-3")
        .infection(5)
        .hand(0, &["blaast-2"])
        .playing(0);
    // Echo Loop (duplicate 2) goes on the bottom pile. On the top pile Big Bang hides Payload:
    // the only card to copy is Big Bang, which goes by itself.
    t.play(0, "blaast-2", Side::Bottom);
    assert!(t.saw(|e| matches!(e, Event::Duplicated { card, side: Side::Top, times: 2, .. } if *card == c("blaast-3"))));
    assert!(!t.legal(0).contains(&Action::Duplicate {
        card: c("blaast-5")
    }));
    // Big Bang's top (attack 2), twice.
    t.target(0, Target::Bug);
    t.target(0, Target::Bug);
    assert_eq!(t.state.infection, 1);
}

#[test]
fn blaast_duplicate_is_ignored_when_no_character_card_is_visible() {
    let mut t = Table::new(2, &["blaast", "artemis"])
        .hand(0, &["blaast-1"])
        .playing(0);
    t.play(0, "blaast-1", Side::Top);
    assert!(t.saw(|e| matches!(e, Event::Ignored { icon, .. } if icon == "duplicate")));
}

#[test]
fn blaast_duplicate_cards_have_identical_options() {
    let t = Table::new(2, &["blaast", "artemis"]);
    let deck = t.state.catalog().deck(Character::Blaast);
    let dups: Vec<_> = deck.cards.iter().filter(|c| c.duplicates()).collect();
    assert!(!dups.is_empty());
    for card in dups {
        assert_eq!(card.top, card.bottom, "{}", card.id);
    }
}

// ---------------------------------------------------------------- CyberLink and ArTeMiS

#[test]
fn cyberlink_cards_place_cyberchains() {
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["cyberlink-2"])
        .playing(0);
    t.play(0, "cyberlink-2", Side::Top);
    t.target(0, Target::Anomaly(Zone(3)));
    assert!(matches!(
        t.state.zone(Zone(3)),
        ZoneState::Isolated { chains: 1, .. }
    ));
    assert_eq!(t.state.cyberchains.unwrap().reserve, 3);
}

#[test]
fn artemis_has_no_special_icons_but_manages_the_alert_screen() {
    let t = Table::new(2, &["cyberlink", "artemis"]);
    let deck = t.state.catalog().deck(Character::Artemis);
    let icons: Vec<Icon> = deck
        .cards
        .iter()
        .flat_map(|c| c.top.iter().chain(&c.bottom))
        .map(|e| e.icon)
        .collect();
    assert!(!icons.iter().any(|i| matches!(
        i,
        Icon::Duplicate { .. }
            | Icon::Chain { .. }
            | Icon::ChargeUp { .. }
            | Icon::ChargeDown { .. }
    )));
    let alert_down = |ch: Character| {
        t.state
            .catalog()
            .deck(ch)
            .cards
            .iter()
            .filter(|c| {
                c.top
                    .iter()
                    .chain(&c.bottom)
                    .any(|e| matches!(e.icon, Icon::AlertDown { .. }))
            })
            .count()
    };
    for other in [Character::CyberLink, Character::DrPower, Character::Blaast] {
        assert!(alert_down(Character::Artemis) > alert_down(other));
    }
    let _ = CardKind::Character;
}
