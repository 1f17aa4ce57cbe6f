//! Rule scenarios for every icon of the glossary, the golden rule and excess at a limit. Each
//! test plays a test card carrying the icon. Names follow docs/rules/hacktivity.md.

use lockpick_engine::{Game, Seat, ToAct, Verdict};
use lockpick_hacktivity::Hacktivity;
use lockpick_hacktivity::actions::{Action, DiscardSource, Event};
use lockpick_hacktivity::cards::CardKind;
use lockpick_hacktivity::ids::{CardId, Column, Side, Target, Zone};
use lockpick_hacktivity::state::ZoneState;
use lockpick_hacktivity::testing::{Table, c};

/// Two players (CyberLink and DrPower), seat 0 to play. Zone 1 is blocked, zones 2 and 3 hold
/// alpha-1 (2 blocks) and alpha-2 (3 blocks), zone 4 is free; infection 4 of 8; Alert markers
/// c4 d3 e3 f2; firewalls 3 of 4.
fn table() -> Table {
    Table::new(2, &["cyberlink", "drpower"]).playing(0)
}

/// Seat 0 plays a test character card with `icons` as its top option.
fn cast(t: &mut Table, icons: &[&str]) -> CardId {
    let card = t.custom_in_hand(0, CardKind::Character, icons, &["alert_up 1"]);
    // A second card keeps the turn going, so that several casts follow one another (a Solo-X
    // kind, which no discard icon can take).
    t.custom_in_hand(0, CardKind::SoloX, &["alert_up 1"], &["alert_up 1"]);
    if let Some(turn) = &mut t.state.turn {
        turn.played = 0;
    }
    t.play_id(0, card, Side::Top);
    card
}

/// Seat 0 isolates a test anomaly (2 blocks) with `icons` as its top option in zone 4.
fn isolate(t: &mut Table, icons: &[&str]) {
    let card = t.custom_in_hand(0, CardKind::Anomaly, icons, &["alert_up 1"]);
    t.custom_in_hand(0, CardKind::SoloX, &["alert_up 1"], &["alert_up 1"]);
    if let Some(turn) = &mut t.state.turn {
        turn.played = 0;
    }
    t.act(
        0,
        Action::Play {
            card,
            side: Side::Top,
            zone: Some(Zone(4)),
        },
    )
    .unwrap();
}

fn targets(t: &Table, seat: u8) -> Vec<Target> {
    t.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Target { target } => Some(target),
            _ => None,
        })
        .collect()
}

fn zone(z: u8) -> Target {
    Target::Anomaly(Zone(z))
}

fn ignored(t: &Table, icon: &str) -> bool {
    t.saw(|e| matches!(e, Event::Ignored { icon: i, .. } if i == icon))
}

fn lost(t: &Table) -> Option<String> {
    match Hacktivity::to_act(&t.state) {
        ToAct::Over { outcome } if outcome.verdict == Verdict::Lost => Some(outcome.reason),
        _ => None,
    }
}

// ---------------------------------------------------------------- attacks

#[test]
fn icon_attack_hits_one_anomaly_or_the_bug() {
    let mut t = table();
    cast(&mut t, &["attack 2"]);
    assert_eq!(targets(&t, 0), [zone(2), zone(3), Target::Bug]);
    t.target(0, zone(3));
    assert_eq!(t.blocks(3), 1, "all of it on one target");
    cast(&mut t, &["attack 2"]);
    t.target(0, Target::Bug);
    assert_eq!(t.state.infection, 2);
}

#[test]
fn icon_attack_two_hits_two_different_targets() {
    let mut t = table();
    cast(&mut t, &["attack_two 2 1"]);
    t.target(0, zone(3));
    assert_eq!(
        targets(&t, 0),
        [zone(2), Target::Bug],
        "not the same target twice"
    );
    t.target(0, Target::Bug);
    assert_eq!((t.blocks(3), t.state.infection), (1, 3));
}

#[test]
fn icon_split_spreads_the_attack_point_by_point() {
    let mut t = table();
    cast(&mut t, &["split 3"]);
    t.target(0, zone(2));
    t.target(0, zone(2));
    assert_eq!(
        t.state.zone(Zone(2)),
        ZoneState::Empty,
        "alpha-1 deactivated"
    );
    assert_eq!(targets(&t, 0), [zone(3), Target::Bug]);
    t.target(0, Target::Bug);
    assert_eq!(t.state.infection, 3);
    assert!(t.state.tasks.is_empty());
}

#[test]
fn icon_anomaly_attack_targets_anomalies_only() {
    let mut t = table();
    cast(&mut t, &["anomaly_attack 2"]);
    assert_eq!(targets(&t, 0), [zone(2), zone(3)]);
    t.target(0, zone(3));
    let mut t = table().clear_zones();
    cast(&mut t, &["anomaly_attack 2"]);
    assert!(ignored(&t, "anomaly_attack"));
    assert_eq!(t.state.infection, 4);
}

#[test]
fn icon_attack_and_bug_hits_an_anomaly_and_the_infection() {
    let mut t = table();
    cast(&mut t, &["attack_and_bug 2 1"]);
    assert_eq!(
        targets(&t, 0),
        [zone(2), zone(3)],
        "the bug takes the second number"
    );
    t.target(0, zone(2));
    assert_eq!(t.state.zone(Zone(2)), ZoneState::Empty);
    assert_eq!(t.state.infection, 3);
}

// ---------------------------------------------------------------- the Critical screen

#[test]
fn icon_infection_up_at_the_breaking_point_loses() {
    let mut t = table().infection(6);
    cast(&mut t, &["infection_up 1"]);
    assert_eq!(t.state.infection, 7);
    assert_eq!(lost(&t), None);
    cast(&mut t, &["infection_up 3"]);
    assert_eq!(t.state.infection, 8);
    assert_eq!(lost(&t).as_deref(), Some("infection_breaking_point"));
}

#[test]
fn icon_infection_down_is_the_forced_attack_on_the_bug_down_to_the_last_white_square() {
    let mut t = table().infection(-4);
    cast(&mut t, &["infection_down 3"]);
    assert_eq!(t.state.infection, -5, "the excess is lost");
    cast(&mut t, &["infection_down 1"]);
    assert!(ignored(&t, "infection_down"));
    // At the bottom, the bug is no target for an attack either.
    cast(&mut t, &["attack 1"]);
    assert_eq!(targets(&t, 0), [zone(2), zone(3)]);
}

// ---------------------------------------------------------------- DrPower

#[test]
fn icon_charge_up_and_down_move_drpowers_marker_within_its_track() {
    let mut t = table();
    cast(&mut t, &["charge_up 4"]);
    assert_eq!(t.state.experimental.as_ref().unwrap().charge, 4);
    cast(&mut t, &["charge_down 6"]);
    assert_eq!(t.state.experimental.as_ref().unwrap().charge, 0);
    cast(&mut t, &["charge_down 1"]);
    assert!(ignored(&t, "charge_down"));
    let mut t = table().charge(8);
    cast(&mut t, &["charge_up 5"]);
    assert_eq!(
        t.state.experimental.as_ref().unwrap().charge,
        10,
        "the track's top"
    );
    let mut t = Table::new(2, &["blaast", "artemis"]).playing(0);
    cast(&mut t, &["charge_up 1"]);
    assert!(ignored(&t, "charge_up"), "no DrPower: ignored");
}

// ---------------------------------------------------------------- firewalls

#[test]
fn icon_firewall_down_lowers_your_own_and_zero_loses() {
    let mut t = table();
    cast(&mut t, &["firewall_down 1"]);
    assert_eq!(
        (t.state.players[0].firewall, t.state.players[1].firewall),
        (2, 3)
    );
    cast(&mut t, &["firewall_down 3"]);
    assert_eq!(t.state.players[0].firewall, 0);
    assert_eq!(lost(&t).as_deref(), Some("firewall_down"));
}

#[test]
fn icon_firewall_down_team_is_shared_among_the_team() {
    let mut t = table();
    cast(&mut t, &["firewall_down_team 2"]);
    assert_eq!(
        t.legal(0),
        vec![
            Action::Teammate { seat: Seat(0) },
            Action::Teammate { seat: Seat(1) }
        ]
    );
    t.act(0, Action::Teammate { seat: Seat(1) }).unwrap();
    t.act(0, Action::Teammate { seat: Seat(0) }).unwrap();
    assert_eq!(
        (t.state.players[0].firewall, t.state.players[1].firewall),
        (2, 2)
    );
}

#[test]
fn icon_firewall_up_raises_your_own_up_to_the_maximum() {
    let mut t = table();
    cast(&mut t, &["firewall_up 2"]);
    assert_eq!(t.state.players[0].firewall, 4);
    cast(&mut t, &["firewall_up 1"]);
    assert!(ignored(&t, "firewall_up"));
}

#[test]
fn icon_firewall_up_team_goes_to_firewalls_below_their_maximum() {
    let mut t = table().firewall(0, 4).firewall(1, 2);
    cast(&mut t, &["firewall_up_team 3"]);
    // Only seat 1 can take points: they go there by themselves; the third is lost.
    assert_eq!(t.state.players[1].firewall, 4);
    assert!(ignored(&t, "firewall_up_team"));
}

// ---------------------------------------------------------------- the Alert screen

#[test]
fn icon_alert_up_raises_the_leftmost_marker() {
    let mut t = table();
    cast(&mut t, &["alert_up 2"]);
    assert_eq!(t.state.alert[2], Some(6));
    assert_eq!(t.state.alert[3], Some(3));
}

#[test]
fn icon_alert_up_at_the_top_row_adds_an_alert_card_and_spills_into_the_next_column() {
    let mut t = table().alerts(&["c7", "d3"]);
    let len = t.state.anomaly_deck.len();
    let top_alert = *t.state.alert_deck.last().unwrap();
    cast(&mut t, &["alert_up 2"]);
    assert!(t.saw(|e| matches!(e, Event::AlertTriggered { column: Column(2), position: Some(p) } if *p == len / 2)));
    assert_eq!(t.state.alert[2], None, "the marker is removed");
    assert_eq!(t.state.alert[3], Some(4), "the rest moves the next column");
    assert_eq!(t.state.anomaly_deck.len(), len + 1);
    assert_eq!(
        t.state.anomaly_deck[len - len / 2],
        top_alert,
        "about the middle"
    );
    assert_eq!(t.state.alert_deck.len(), 3);
}

#[test]
fn icon_alert_up_removing_the_last_marker_loses() {
    let mut t = table().alerts(&["f7"]);
    cast(&mut t, &["alert_up 1"]);
    assert_eq!(lost(&t).as_deref(), Some("alert_markers_gone"));
}

#[test]
fn an_alert_with_no_alert_card_left_only_removes_the_marker() {
    let mut t = table().alerts(&["c7", "d3"]);
    t.state.alert_deck.clear();
    let len = t.state.anomaly_deck.len();
    cast(&mut t, &["alert_up 1"]);
    assert!(t.saw(|e| matches!(e, Event::AlertTriggered { position: None, .. })));
    assert_eq!(t.state.anomaly_deck.len(), len);
}

#[test]
fn icon_alert_down_lowers_the_leftmost_marker_never_below_row_one_nor_back() {
    let mut t = table().alerts(&["d3", "e3"]);
    cast(&mut t, &["alert_down 5"]);
    assert_eq!(t.state.alert[..5], [None, None, None, Some(1), Some(3)]);
    cast(&mut t, &["alert_down 1"]);
    assert!(ignored(&t, "alert_down"));
    assert_eq!(t.state.alert[2], None, "a lost marker never comes back");
}

// ---------------------------------------------------------------- hands and decks

#[test]
fn icon_discard_takes_character_cards_from_the_hand_or_the_top_of_the_deck() {
    let mut t = table()
        .hand(0, &["cyberlink-1", "a1-1"])
        .deck_top(0, &["cyberlink-2"]);
    cast(&mut t, &["discard 2"]);
    let options = t.legal(0);
    let hand = |card: &str, pile| Action::Discard {
        from: DiscardSource::Hand(c(card)),
        pile,
    };
    assert!(options.contains(&hand("cyberlink-1", Side::Bottom)));
    assert!(!options.iter().any(
        |a| matches!(a, Action::Discard { from: DiscardSource::Hand(x), .. } if *x == c("a1-1"))
    ));
    t.act(0, hand("cyberlink-1", Side::Bottom)).unwrap();
    assert_eq!(t.state.players[0].bottom, [c("cyberlink-1")]);
    t.act(
        0,
        Action::Discard {
            from: DiscardSource::Deck,
            pile: Side::Top,
        },
    )
    .unwrap();
    assert!(t.saw(|e| matches!(
        e,
        Event::Discarded {
            from_deck: true,
            pile: Side::Top,
            ..
        }
    )));
    assert_eq!(t.state.players[0].top.last(), Some(&c("cyberlink-2")));
}

#[test]
fn icon_discard_needs_a_character_card_and_never_takes_solo_x() {
    let mut t = Table::new(1, &["cyberlink", "artemis"])
        .hand(0, &["artemis-x1", "a1-1"])
        .playing(0);
    t.state.players[0].deck = vec![c("artemis-x2")];
    cast(&mut t, &["discard 1"]);
    assert!(
        ignored(&t, "discard"),
        "Solo-X cards are no character cards"
    );
    t.state.players[0].deck = vec![c("cyberlink-3"), c("artemis-x2")];
    cast(&mut t, &["discard 1"]);
    t.act(
        0,
        Action::Discard {
            from: DiscardSource::Deck,
            pile: Side::Top,
        },
    )
    .unwrap();
    assert_eq!(
        t.state.players[0].deck,
        [c("artemis-x2")],
        "the topmost character card goes"
    );
}

#[test]
fn icon_per_character_multiplies_by_the_characters_of_the_team() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"]).playing(0);
    cast(&mut t, &["infection_down 1 per_character"]);
    assert_eq!(t.state.infection, 3, "6 - 1 x 3");
    let mut t = Table::new(1, &["cyberlink", "artemis"]).playing(0);
    cast(&mut t, &["infection_down 1 per_character"]);
    assert_eq!(t.state.infection, 2, "solo: two characters");
}

#[test]
fn icon_each_player_activates_the_icon() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"])
        .firewall(0, 2)
        .firewall(1, 2)
        .firewall(2, 2)
        .playing(0);
    cast(&mut t, &["each firewall_up 1"]);
    assert!(t.state.players.iter().all(|p| p.firewall == 3));
    // Each player answers their own choices.
    let mut t = t
        .hand(1, &["drpower-1", "drpower-2"])
        .hand(2, &["artemis-1"]);
    cast(&mut t, &["each discard 1"]);
    let seats = match Hacktivity::to_act(&t.state) {
        ToAct::Seats { seats } => seats,
        ToAct::Over { .. } => panic!("over"),
    };
    assert_eq!(seats.as_slice(), [Seat(0)]);
    t.act(
        0,
        Action::Discard {
            from: DiscardSource::Deck,
            pile: Side::Top,
        },
    )
    .unwrap();
    assert!(Hacktivity::to_act(&t.state).includes(Seat(1)));
    t.act(
        1,
        Action::Discard {
            from: DiscardSource::Hand(c("drpower-2")),
            pile: Side::Bottom,
        },
    )
    .unwrap();
    assert!(Hacktivity::to_act(&t.state).includes(Seat(2)));
    t.act(
        2,
        Action::Discard {
            from: DiscardSource::Hand(c("artemis-1")),
            pile: Side::Top,
        },
    )
    .unwrap();
    assert!(
        Hacktivity::to_act(&t.state).includes(Seat(0)),
        "back to the player of the card"
    );
    assert_eq!(t.state.players[1].bottom, [c("drpower-2")]);
}

#[test]
fn icon_draw_takes_character_cards_into_the_hand() {
    let mut t = table();
    let top: Vec<CardId> = t.state.players[0]
        .deck
        .iter()
        .rev()
        .take(2)
        .copied()
        .collect();
    let before = t.state.players[0].deck.len();
    cast(&mut t, &["draw 2"]);
    assert_eq!(t.state.players[0].deck.len(), before - 2);
    for card in top {
        assert!(t.state.players[0].holds(card));
    }
    t.state.players[0].deck.clear();
    cast(&mut t, &["draw 1"]);
    assert!(ignored(&t, "draw"));
}

#[test]
fn icon_draw_anomaly_takes_anomaly_cards_to_be_played_this_wave() {
    let mut t = table();
    let top = *t.state.anomaly_deck.last().unwrap();
    cast(&mut t, &["draw_anomaly 1"]);
    assert!(t.state.players[0].holds(top));
    assert!(
        t.legal(0)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == top))
    );
}

#[test]
fn icon_draw_core_is_ignored_in_scenario_one() {
    let mut t = table();
    cast(&mut t, &["draw_core 2"]);
    assert!(ignored(&t, "draw_core"));
}

#[test]
fn icon_exile_puts_the_card_out_of_play() {
    let mut t = Table::new(2, &["blaast", "artemis"])
        .hand(0, &["blaast-14"])
        .playing(0);
    t.play(0, "blaast-14", Side::Top);
    assert_eq!(t.state.exile, [c("blaast-14")]);
    assert!(t.state.players[0].top.is_empty());
    assert_eq!(t.state.infection, 3, "its other icons resolve");
}

// ---------------------------------------------------------------- special icons

#[test]
fn icon_add_blocks_goes_to_another_anomaly_with_one_to_four_blocks() {
    let mut t = table().zone(3, Some(("alpha-2", 5)));
    isolate(&mut t, &["add_blocks 2"]);
    // Not itself, not alpha-2 (5 blocks), never the bug: alpha-1 by itself.
    assert_eq!(t.blocks(2), 4);
    assert_eq!(t.blocks(4), 2);
    // +2 needs room for both blocks: alpha-1 at 4 cannot take them.
    let mut t = t.zone(4, None);
    isolate(&mut t, &["add_blocks 2"]);
    assert!(ignored(&t, "add_blocks"));
    assert_eq!(t.blocks(2), 4);
}

#[test]
fn icon_add_blocks_side_by_side_choose_different_anomalies() {
    let mut t = table().hand(0, &["a2-10"]);
    // Botmaster: 4 blocks, top = add_blocks 1, add_blocks 1.
    t.act(
        0,
        Action::Play {
            card: c("a2-10"),
            side: Side::Top,
            zone: Some(Zone(4)),
        },
    )
    .unwrap();
    assert_eq!(targets(&t, 0), [zone(2), zone(3)]);
    t.target(0, zone(3));
    // The second goes to a different anomaly: only alpha-1 is left, by itself.
    assert_eq!((t.blocks(2), t.blocks(3), t.blocks(4)), (3, 4, 4));
}

#[test]
fn icon_printed_cyberchain_strikes_the_first_enemies_left_and_right() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"])
        .clear_zones()
        .zone(1, Some(("a1-1", 2)))
        .playing(0);
    let chained = t.custom(CardKind::Anomaly, 1, 1, &[], &["alert_up 1"]);
    *t.state.zone_mut(Zone(3)) = ZoneState::Isolated {
        card: chained,
        blocks: 1,
        chains: 0,
    };
    cast(&mut t, &["anomaly_attack 1"]);
    t.target(0, zone(3));
    assert!(t.saw(|e| matches!(e, Event::Chained { from: Zone(3), amount: 1, targets } if *targets == [zone(1), Target::Bug])));
    assert_eq!(t.blocks(1), 1, "across the empty zone 2");
    assert_eq!(
        t.state.infection, 5,
        "the Critical screen is the right neighbour"
    );
}

#[test]
fn a_cyberchain_with_no_enemy_on_the_left_loses_that_strike() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"])
        .clear_zones()
        .playing(0);
    let chained = t.custom(CardKind::Anomaly, 1, 2, &[], &["alert_up 1"]);
    *t.state.zone_mut(Zone(1)) = ZoneState::Isolated {
        card: chained,
        blocks: 1,
        chains: 0,
    };
    *t.state.zone_mut(Zone(4)) = ZoneState::Isolated {
        card: c("a1-4"),
        blocks: 4,
        chains: 0,
    };
    cast(&mut t, &["anomaly_attack 1"]);
    t.target(0, zone(1));
    assert!(t.saw(|e| matches!(e, Event::Chained { targets, .. } if *targets == [zone(4)])));
    assert_eq!(t.blocks(4), 2);
    assert_eq!(t.state.infection, 6);
}

#[test]
fn cyberchains_cascade_when_they_deactivate_another_anomaly() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"])
        .clear_zones()
        .playing(0);
    let a = t.custom(CardKind::Anomaly, 1, 1, &[], &["alert_up 1"]);
    let b = t.custom(CardKind::Anomaly, 1, 2, &[], &["alert_up 1"]);
    *t.state.zone_mut(Zone(1)) = ZoneState::Isolated {
        card: c("a1-4"),
        blocks: 4,
        chains: 0,
    };
    *t.state.zone_mut(Zone(2)) = ZoneState::Isolated {
        card: b,
        blocks: 1,
        chains: 0,
    };
    *t.state.zone_mut(Zone(3)) = ZoneState::Isolated {
        card: a,
        blocks: 1,
        chains: 0,
    };
    cast(&mut t, &["anomaly_attack 1"]);
    t.target(0, zone(3));
    // a (zone 3) strikes zone 2 and the bug; b dies and strikes zone 1 and the bug.
    assert_eq!(t.state.enemy_discard, [a, b]);
    assert_eq!(t.blocks(1), 2);
    assert_eq!(t.state.infection, 6 - 1 - 2);
}

#[test]
fn icon_chain_places_cyberlinks_tokens_which_strike_on_deactivation() {
    let mut t = table();
    cast(&mut t, &["chain 2"]);
    assert_eq!(targets(&t, 0), [zone(2), zone(3)]);
    t.target(0, zone(3));
    t.target(0, zone(3));
    assert_eq!(t.state.cyberchains.unwrap().reserve, 2);
    assert!(matches!(
        t.state.zone(Zone(3)),
        ZoneState::Isolated { chains: 2, .. }
    ));
    cast(&mut t, &["anomaly_attack 3"]);
    t.target(0, zone(3));
    // 2 tokens: 2 to alpha-1 on the left (deactivated), 2 to the bug on the right; alpha-1's
    // printed cyberchain then strikes the bug (its right neighbour now) for 1.
    assert_eq!(t.state.zone(Zone(2)), ZoneState::Empty);
    assert_eq!(t.state.infection, 1);
    assert_eq!(
        t.state.cyberchains.unwrap().reserve,
        4,
        "the tokens come back"
    );
}

#[test]
fn cyberchain_tokens_add_to_a_printed_cyberchain() {
    let mut t = table().clear_zones().zone(2, Some(("a1-6", 3)));
    // Zombie prints chain 1; one token more.
    cast(&mut t, &["chain 1"]);
    cast(&mut t, &["anomaly_attack 3"]);
    assert!(t.saw(|e| matches!(e, Event::Deactivated { chain: 2, .. })));
    assert_eq!(t.state.infection, 2);
}

#[test]
fn icon_chain_without_cyberlink_or_tokens_is_ignored() {
    let mut t = Table::new(2, &["drpower", "artemis"]).playing(0);
    cast(&mut t, &["chain 1"]);
    assert!(ignored(&t, "chain"));
    let mut t = table();
    t.state.cyberchains.as_mut().unwrap().reserve = 1;
    cast(&mut t, &["chain 2"]);
    t.target(0, zone(2));
    assert!(ignored(&t, "chain"), "no token left for the second");
}

// ---------------------------------------------------------------- golden rule

#[test]
fn golden_rule_an_icon_that_cannot_apply_is_ignored() {
    let mut t = table().clear_zones().infection(-5);
    cast(&mut t, &["attack 2", "infection_up 1"]);
    assert!(ignored(&t, "attack"));
    assert_eq!(t.state.infection, -4, "the next icons still resolve");
    cast(&mut t, &["add_blocks 1"]);
    assert!(ignored(&t, "add_blocks"));
}

#[test]
fn an_excess_stops_at_the_targets_limit() {
    let mut t = table();
    cast(&mut t, &["attack 5"]);
    t.target(0, zone(3));
    assert!(t.saw(|e| matches!(
        e,
        Event::AnomalyHit {
            zone: Zone(3),
            amount: 3,
            blocks: 0,
            ..
        }
    )));
    let mut t = table().firewall(0, 3);
    cast(&mut t, &["firewall_up 3"]);
    assert_eq!(t.state.players[0].firewall, 4);
}

#[test]
fn an_anomalys_attack_hits_the_other_anomalies_never_itself() {
    // Glitchling: 1 block, top = anomaly_attack 2.
    let mut t = table().hand(0, &["a1-11"]);
    t.act(
        0,
        Action::Play {
            card: c("a1-11"),
            side: Side::Top,
            zone: Some(Zone(4)),
        },
    )
    .unwrap();
    assert_eq!(targets(&t, 0), [zone(2), zone(3)]);
    let mut t = table().clear_zones().hand(0, &["a1-11"]);
    t.act(
        0,
        Action::Play {
            card: c("a1-11"),
            side: Side::Top,
            zone: Some(Zone(4)),
        },
    )
    .unwrap();
    assert!(ignored(&t, "anomaly_attack"));
    assert_eq!(t.blocks(4), 1);
}
