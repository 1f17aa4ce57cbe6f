//! Rule scenarios for Hacktivity's setup, waves, cards, the end of the game, the campaign
//! record, communication, hidden information and undo. Names follow docs/rules/hacktivity.md.

use lockpick_engine::{Game, GameRng, Options, Seat, SeatCount, Session, ToAct, Verdict, Viewer};
use lockpick_hacktivity::actions::{Action, Event, NoEffect};
use lockpick_hacktivity::cards::CardKind;
use lockpick_hacktivity::ids::{CardId, Character, Column, Deck, Side, Target, Zone};
use lockpick_hacktivity::state::{NextStep, Phase, State, ZoneState};
use lockpick_hacktivity::testing::{Table, c};
use lockpick_hacktivity::{Hacktivity, view};

fn game(pairs: &[(&str, &str)], seats: u8, seed: u64) -> State {
    let options = Options::resolve(&Hacktivity::options_schema(), pairs.iter().copied()).unwrap();
    Hacktivity::setup(&options, SeatCount(seats), seed).unwrap()
}

fn markers(s: &State) -> Vec<String> {
    s.alert
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.map(|row| format!("{}{row}", Column(i as u8).letter())))
        .collect()
}

fn to_act(s: &State) -> Vec<Seat> {
    match Hacktivity::to_act(s) {
        ToAct::Seats { seats } => seats.to_vec(),
        ToAct::Over { .. } => Vec::new(),
    }
}

fn draw(own: u8, anomaly: u8) -> Action {
    Action::ChooseDraw { own, anomaly }
}

fn play(card: CardId, side: Side) -> Action {
    Action::Play {
        card,
        side,
        zone: None,
    }
}

// ---------------------------------------------------------------- setup

#[test]
fn setup_places_the_alert_markers_by_player_count() {
    assert_eq!(markers(&game(&[], 1, 1)), ["c4", "d3", "e3", "f2"]);
    assert_eq!(markers(&game(&[], 2, 1)), ["c4", "d3", "e3", "f2"]);
    assert_eq!(markers(&game(&[], 3, 1)), ["b3", "c2", "d2", "e2", "f1"]);
    assert_eq!(
        markers(&game(&[], 4, 1)),
        ["a2", "b2", "c2", "d1", "e1", "f1"]
    );
}

#[test]
fn setup_uses_the_alert_deck_of_the_player_count() {
    for (players, deck) in [(1, 2), (2, 2), (3, 3), (4, 4)] {
        let s = game(&[], players, 3);
        assert_eq!(s.alert_deck.len(), 4);
        assert!(
            s.alert_deck.iter().all(|c| c.deck == Deck::Alert(deck)),
            "{players}"
        );
        // Face down: the view tells how many, never which.
        let v = Hacktivity::view(&s, Viewer::Seat(Seat(0)));
        assert_eq!(v.alert_deck, 4);
    }
}

#[test]
fn setup_blocks_the_first_zone_with_the_interdiction_card_at_one_or_two_players() {
    for players in 1..=4 {
        let s = game(&[], players, 1);
        let blocked = s.zone(Zone(1)) == ZoneState::Blocked;
        assert_eq!(blocked, players <= 2, "{players} players");
    }
}

#[test]
fn setup_places_two_alpha_cards_with_their_data_blocks() {
    for (players, blocks) in [(1, [2, 3]), (2, [2, 3]), (3, [3, 3]), (4, [3, 4])] {
        let s = game(&[], players, 1);
        let alphas: Vec<(Zone, CardId, u8)> = s.isolated().collect();
        assert_eq!(alphas.len(), 2);
        assert_eq!(
            alphas,
            vec![
                (Zone(2), c("alpha-1"), blocks[0]),
                (Zone(3), c("alpha-2"), blocks[1])
            ]
        );
        assert_eq!(s.zone(Zone(4)), ZoneState::Empty);
    }
}

#[test]
fn setup_sets_the_critical_screen_by_player_count() {
    for (players, infection, breaking) in [(1, 4, 8), (2, 4, 8), (3, 6, 12), (4, 8, 16)] {
        let s = game(&[], players, 1);
        assert_eq!((s.infection, s.breaking_point), (infection, breaking));
        assert_eq!(s.tension(), 3, "the tension marker starts on the first 3");
        assert_eq!(s.tension_step, 0);
        assert_eq!(s.scenario().critical, "Strange Bug");
        assert_eq!(s.scenario().critical_fr, "Bogue étrange");
    }
}

#[test]
fn setup_shuffles_the_anomaly_groups_of_the_player_count() {
    for (players, groups) in [(2, vec![1, 2]), (3, vec![1, 2, 3]), (4, vec![1, 2, 3, 4])] {
        let s = game(&[], players, 1);
        let mut seen: Vec<u8> = s
            .anomaly_deck
            .iter()
            .map(|c| match c.deck {
                Deck::Anomaly(g) => g,
                other => panic!("{other:?} in the Anomaly deck"),
            })
            .collect();
        let expected: usize = groups
            .iter()
            .map(|g| s.catalog().anomalies[*g as usize - 1].len())
            .sum();
        assert_eq!(seen.len(), expected);
        seen.dedup();
        let mut distinct = seen.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct, groups);
        assert!(seen.len() > groups.len(), "shuffled, not in group order");
    }
    assert_eq!(game(&[], 4, 1).anomaly_deck.len(), 43);
}

#[test]
fn setup_seats_follow_the_characters_numbers() {
    let s = game(
        &[
            ("character1", "artemis"),
            ("character2", "cyberlink"),
            ("character3", "blaast"),
        ],
        3,
        1,
    );
    let chars: Vec<Character> = s.players.iter().map(|p| p.characters[0]).collect();
    assert_eq!(
        chars,
        [Character::CyberLink, Character::Blaast, Character::Artemis]
    );
    for p in &s.players {
        let deck = s.catalog().deck(p.characters[0]);
        assert_eq!(p.deck.len(), deck.cards.len());
        assert!(
            p.deck
                .iter()
                .all(|c| c.deck == Deck::Character(p.characters[0]))
        );
    }
    // "any" takes the characters nobody named, at random.
    let s = game(&[("character1", "drpower")], 4, 7);
    let chars: Vec<Character> = s.players.iter().map(|p| p.characters[0]).collect();
    assert_eq!(chars, Character::ALL);
    // A deck is at the table once.
    let options = Options::resolve(
        &Hacktivity::options_schema(),
        [("character1", "blaast"), ("character2", "blaast")],
    )
    .unwrap();
    let e = Hacktivity::setup(&options, SeatCount(2), 1).unwrap_err();
    assert!(e.to_string().contains("chosen twice"), "{e}");
}

#[test]
fn setup_starts_every_firewall_at_three() {
    for players in 2..=4 {
        let s = game(&[], players, 1);
        assert!(
            s.players
                .iter()
                .all(|p| (p.firewall, p.firewall_max) == (3, 4))
        );
    }
}

#[test]
fn setup_gives_drpower_the_experimental_card_and_cyberlink_four_cyberchains() {
    let s = game(
        &[("character1", "drpower"), ("character2", "cyberlink")],
        2,
        1,
    );
    let x = s.experimental.as_ref().unwrap();
    assert_eq!((x.owner, x.charge), (Seat(1), 0));
    assert_eq!(x.used, [false; 4]);
    let card = s.experimental_card();
    assert_eq!(card.programs.len(), 4);
    assert_eq!(card.programs.iter().filter(|p| p.once).count(), 3);
    let chains = s.cyberchains.unwrap();
    assert_eq!((chains.owner, chains.reserve), (Seat(0), 4));
    let s = game(&[("character1", "blaast"), ("character2", "artemis")], 2, 1);
    assert!(s.experimental.is_none() && s.cyberchains.is_none());
}

#[test]
fn solo_mode_shuffles_two_decks_with_their_solo_cards() {
    let s = game(
        &[("character1", "artemis"), ("character2", "drpower")],
        1,
        5,
    );
    assert_eq!(s.players.len(), 1);
    assert!(s.solo);
    let p = &s.players[0];
    assert_eq!(p.characters, [Character::DrPower, Character::Artemis]);
    assert_eq!(
        (p.firewall, p.firewall_max),
        (5, 5),
        "the solo firewall card, 0 to 5, at 5"
    );
    let cat = s.catalog();
    let expected =
        cat.deck(Character::DrPower).cards.len() + cat.deck(Character::Artemis).cards.len() + 4;
    assert_eq!(p.deck.len(), expected);
    let solo_x: Vec<CardId> = p
        .deck
        .iter()
        .copied()
        .filter(|c| matches!(c.deck, Deck::SoloX(_)))
        .collect();
    assert_eq!(solo_x.len(), 4, "two Solo-X cards of each character");
    assert_eq!(
        s.anomaly_deck
            .iter()
            .filter(|c| c.deck == Deck::SoloA)
            .count(),
        2,
        "the Solo-A cards are shuffled into the anomalies"
    );
    assert_eq!(s.anomaly_deck.len(), 22 + 2);
    let everywhere = format!("{s:?}");
    assert!(
        !everywhere.contains("SoloB"),
        "the Solo-B cards stay in the box"
    );
    assert_eq!(s.character_count(), 2);
    assert!(s.experimental.is_some());
}

#[test]
fn campaign_defeats_bring_the_emergency_protocol_after_the_second() {
    let normal = game(&[("campaign_defeats", "1")], 2, 1);
    assert!(!normal.campaign.emergency);
    assert_eq!(normal.infection, 4);
    let protocol = game(&[("campaign_defeats", "2")], 2, 1);
    assert!(protocol.campaign.emergency);
    assert_eq!(
        protocol.infection, 2,
        "protocol A: the infection starts 2 squares lower"
    );
    assert!(
        protocol.players.iter().all(|p| p.firewall == 4),
        "and firewalls 1 higher"
    );
}

// ---------------------------------------------------------------- waves: draw

#[test]
fn the_draw_phase_goes_in_playing_order_face_down() {
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"]);
    assert_eq!(t.state.phase, Phase::Draw);
    // "À tour de rôle dans un ordre prédéterminé": CyberLink chooses first, ArTeMiS last.
    assert_eq!(to_act(&t.state), [Seat(0)]);
    assert!(t.legal(2).is_empty(), "ArTeMiS waits for her turn to draw");
    let err = t.act(2, draw(0, 3)).unwrap_err();
    assert_eq!(
        Hacktivity::describe_illegal(&err, "fr"),
        "ce n'est pas au tour de cette place"
    );
    // The choice is public, the cards come later.
    t.act(0, draw(1, 2)).unwrap();
    assert!(t.saw(|e| matches!(
        e,
        Event::DrawChosen {
            seat: Seat(0),
            own: 1,
            anomaly: 2
        }
    )));
    assert!(!t.saw(|e| matches!(e, Event::CardsDrawn { .. })));
    assert!(t.state.players[0].hand.is_empty());
    assert_eq!(to_act(&t.state), [Seat(1)]);
    t.act(1, draw(3, 0)).unwrap();
    assert_eq!(to_act(&t.state), [Seat(2)]);
    t.act(2, draw(0, 3)).unwrap();
    // Everyone looks at the same moment.
    let drawn: Vec<Seat> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::CardsDrawn { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, [Seat(0), Seat(1), Seat(2)], "dealt in playing order");
    assert!(t.state.players.iter().all(|p| p.hand.len() == 3));
    assert_eq!(t.state.phase, Phase::Plan);
    // A game saved before format 4 replays by its rules: every seat could choose at once.
    let mut t = Table::new(3, &["cyberlink", "drpower", "artemis"]);
    Hacktivity::play_by_format(&mut t.state, 3);
    assert_eq!(to_act(&t.state), [Seat(0), Seat(1), Seat(2)]);
    t.act(2, draw(0, 3)).unwrap();
}

#[test]
fn draws_total_the_tension_level_from_either_deck() {
    let t = Table::new(2, &["cyberlink", "artemis"]);
    let legal = t.legal(0);
    assert_eq!(legal, vec![draw(3, 0), draw(2, 1), draw(1, 2), draw(0, 3)]);
    let mut t = t;
    assert!(t.act(0, draw(2, 2)).is_err());
    assert!(t.act(0, draw(1, 1)).is_err());
}

#[test]
fn cards_are_dealt_in_playing_order_from_the_top() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    let top: Vec<CardId> = t.state.anomaly_deck.iter().rev().take(4).copied().collect();
    t.act(0, draw(1, 2)).unwrap();
    t.act(1, draw(1, 2)).unwrap();
    let hand = |s: &State, i: usize| -> Vec<CardId> {
        s.players[i]
            .hand
            .iter()
            .map(|h| h.card)
            .filter(|c| matches!(c.deck, Deck::Anomaly(_)))
            .collect()
    };
    assert_eq!(hand(&t.state, 0), top[..2]);
    assert_eq!(hand(&t.state, 1), top[2..]);
}

#[test]
fn a_player_with_an_empty_deck_draws_only_anomalies() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    t.state.players[0].deck.truncate(1);
    assert_eq!(t.legal(0), vec![draw(1, 2), draw(0, 3)]);
    t.state.players[0].deck.clear();
    assert_eq!(t.legal(0), vec![draw(0, 3)]);
}

#[test]
fn the_last_wave_shares_the_remaining_anomalies() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    t.state.players[0].deck.truncate(1);
    t.state.players[1].deck.clear();
    t.state.anomaly_deck.truncate(3);
    // 1 own card + 3 anomalies cannot give 2 x 3 cards: own cards first, anomalies shared.
    assert_eq!(t.legal(0), vec![draw(1, 0), draw(1, 1), draw(1, 2)]);
    assert!(t.legal(1).is_empty(), "ArTeMiS chooses after CyberLink");
    let mut u = t.clone();
    t.act(0, draw(1, 0)).unwrap();
    assert_eq!(
        t.legal(1),
        vec![draw(0, 3)],
        "the last to choose takes every anomaly left"
    );
    t.act(1, draw(0, 3)).unwrap();
    assert_eq!(t.state.players[0].hand.len(), 1);
    assert_eq!(t.state.players[1].hand.len(), 3);
    assert!(t.state.anomaly_deck.is_empty());
    u.act(0, draw(1, 2)).unwrap();
    assert_eq!(u.legal(1), vec![draw(0, 1)]);
}

#[test]
fn a_full_wave_leaves_others_what_they_need() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    t.state.players[1].deck.clear();
    t.state.anomaly_deck.truncate(4);
    // Seat 1 needs 3 anomalies: seat 0 may take at most 1.
    assert_eq!(t.legal(0), vec![draw(3, 0), draw(2, 1)]);
}

// ---------------------------------------------------------------- waves: plan and play

fn dealt(hands: &[&[&str]]) -> Table {
    let mut t = Table::new(
        hands.len() as u8,
        &["cyberlink", "drpower", "blaast", "artemis"][..hands.len()],
    );
    for (i, h) in hands.iter().enumerate() {
        t = t.hand(i as u8, h);
    }
    t.state.phase = Phase::Plan;
    t.state.ready = t.state.players.iter().map(|p| p.hand.is_empty()).collect();
    t
}

#[test]
fn the_plan_step_lets_players_show_their_icons_then_play() {
    let mut t = dealt(&[&["cyberlink-1", "a1-1"], &["drpower-2"]]);
    assert_eq!(to_act(&t.state), [Seat(0), Seat(1)]);
    assert_eq!(t.legal(1), vec![Action::ShowIcons {}, Action::Ready {}]);
    t.act(1, Action::ShowIcons {}).unwrap();
    let shapes = match &t.events[0] {
        Event::IconsShown { shapes, .. } => shapes.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(shapes.len(), 1);
    assert_eq!(shapes[0].top, ["attack"]);
    assert_eq!(shapes[0].bottom, ["attack", "charge_down"]);
    assert_eq!(t.legal(1), vec![Action::Ready {}], "shown once");
    t.act(1, Action::Ready {}).unwrap();
    t.act(0, Action::Ready {}).unwrap();
    assert_eq!(t.state.phase, Phase::Play);
    assert_eq!(to_act(&t.state), [Seat(0)]);
}

#[test]
fn shown_icons_never_show_numbers() {
    let mut t = dealt(&[&["cyberlink-9"], &["drpower-1"]]);
    t.act(0, Action::ShowIcons {}).unwrap();
    let v = Hacktivity::view(&t.state, Viewer::Seat(Seat(1)));
    let json = serde_json::to_string(&v.players[0].shown).unwrap();
    assert_eq!(
        json,
        r#"[{"back":"character","top":["attack"],"bottom":["attack_two","alert_up"],"chain":false}]"#
    );
    assert!(!json.contains("cyberlink-9"));
}

#[test]
fn play_goes_in_order_one_or_two_cards_until_every_hand_is_empty() {
    let mut t = dealt(&[
        &["cyberlink-7", "cyberlink-8", "cyberlink-5"],
        &["drpower-13"],
    ]);
    t.act(0, Action::Ready {}).unwrap();
    t.act(1, Action::Ready {}).unwrap();
    // Seat 0 must play at least one card before ending the turn, and is told so in both
    // languages; a card it does not hold is named.
    assert!(!t.legal(0).contains(&Action::EndTurn {}));
    let err = t.act(0, Action::EndTurn {}).unwrap_err();
    assert_eq!(
        err.to_string(),
        "play at least one card before ending your turn"
    );
    assert_eq!(
        Hacktivity::describe_illegal(&err, "fr"),
        "jouez au moins une carte avant de finir votre tour"
    );
    let err = t.act(0, play(c("drpower-13"), Side::Top)).unwrap_err();
    assert_eq!(
        Hacktivity::describe_illegal(&err, "fr"),
        "la carte drpower-13 n'est pas dans votre main"
    );
    t.act(0, play(c("cyberlink-7"), Side::Top)).unwrap();
    assert!(t.legal(0).contains(&Action::EndTurn {}));
    t.act(0, play(c("cyberlink-8"), Side::Top)).unwrap();
    // Two cards: the turn passes by itself.
    assert_eq!(to_act(&t.state), [Seat(1)]);
    t.act(1, play(c("drpower-13"), Side::Top)).unwrap();
    // Seat 1 has no card left and passes; seat 0 plays its last card.
    assert_eq!(to_act(&t.state), [Seat(0)]);
    t.act(0, play(c("cyberlink-5"), Side::Top)).unwrap();
    assert!(t.saw(|e| matches!(e, Event::WaveEnded { wave: 1 })));
    assert!(t.saw(|e| matches!(e, Event::WaveStarted { wave: 2, .. })));
    assert_eq!(t.state.phase, Phase::Draw);
}

#[test]
fn a_player_may_stop_after_one_card() {
    let mut t = dealt(&[&["cyberlink-7", "cyberlink-8"], &["drpower-3"]]);
    t.act(0, Action::Ready {}).unwrap();
    t.act(1, Action::Ready {}).unwrap();
    t.act(0, play(c("cyberlink-7"), Side::Top)).unwrap();
    t.act(0, Action::EndTurn {}).unwrap();
    assert_eq!(to_act(&t.state), [Seat(1)]);
}

#[test]
fn the_tension_marker_moves_one_square_each_wave() {
    let mut t = dealt(&[&["cyberlink-7"], &["drpower-13"]]);
    t.act(0, Action::Ready {}).unwrap();
    t.act(1, Action::Ready {}).unwrap();
    t.act(0, play(c("cyberlink-7"), Side::Top)).unwrap();
    t.act(1, play(c("drpower-13"), Side::Top)).unwrap();
    assert_eq!(t.state.wave, 2);
    assert_eq!(t.state.tension_step, 1);
    let track = t.state.scenario().tension.clone();
    assert_eq!(track[0], 3);
    for (i, cards) in track.iter().enumerate() {
        t.state.tension_step = i as u8;
        assert_eq!(t.state.tension(), *cards);
    }
    // On the last square the marker stays.
    let last = track.len() as u8 - 1;
    t = t.hand(0, &["cyberlink-8"]).playing(0);
    t.state.tension_step = last;
    t.act(0, play(c("cyberlink-8"), Side::Top)).unwrap();
    assert_eq!(t.state.tension_step, last);
    assert!(t.saw(|e| matches!(e, Event::WaveStarted { tension: 5, .. })));
}

#[test]
fn played_character_cards_are_never_reshuffled() {
    let mut t = dealt(&[&["cyberlink-7"], &["drpower-13"]]);
    t.act(0, Action::Ready {}).unwrap();
    t.act(1, Action::Ready {}).unwrap();
    let before = t.state.players[0].deck.len();
    t.act(0, play(c("cyberlink-7"), Side::Top)).unwrap();
    t.act(1, play(c("drpower-13"), Side::Top)).unwrap();
    assert_eq!(t.state.phase, Phase::Draw);
    assert_eq!(t.state.players[0].deck.len(), before);
    assert_eq!(t.state.players[0].top, [c("cyberlink-7")]);
    assert!(!t.state.players[0].deck.contains(&c("cyberlink-7")));
}

// ---------------------------------------------------------------- cards

#[test]
fn a_character_card_goes_to_the_pile_of_its_option_and_resolves_left_to_right() {
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["cyberlink-5"])
        .playing(0);
    // Handshake: bottom = infection_down 2, then alert_up 1.
    t.play(0, "cyberlink-5", Side::Bottom);
    assert_eq!(t.state.players[0].bottom, [c("cyberlink-5")]);
    let order: Vec<&str> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Infection { .. } => Some("infection"),
            Event::AlertMoved { .. } => Some("alert"),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["infection", "alert"]);
    assert_eq!(t.state.infection, 2);
    assert_eq!(t.state.alert[2], Some(5));
}

#[test]
fn deactivation_isolates_an_anomaly_in_a_free_zone_with_its_blocks() {
    // Leech: 3 blocks, top = infection_up 1.
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["a1-2"])
        .playing(0);
    let legal = t.legal(0);
    let zones: Vec<Option<Zone>> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play {
                side: Side::Top,
                zone,
                ..
            } => Some(*zone),
            _ => None,
        })
        .collect();
    assert_eq!(
        zones,
        [Some(Zone(4))],
        "zone 1 is blocked, 2 and 3 hold the Alpha cards"
    );
    t.act(
        0,
        Action::Play {
            card: c("a1-2"),
            side: Side::Top,
            zone: Some(Zone(4)),
        },
    )
    .unwrap();
    assert_eq!(
        t.state.zone(Zone(4)),
        ZoneState::Isolated {
            card: c("a1-2"),
            blocks: 3,
            chains: 0
        }
    );
    assert_eq!(t.state.infection, 5, "then its top icons");
    assert!(
        t.act(
            0,
            Action::Play {
                card: c("a1-2"),
                side: Side::Top,
                zone: Some(Zone(1))
            }
        )
        .is_err()
    );
}

#[test]
fn an_anomaly_with_no_free_zone_must_self_destruct() {
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .zone(4, Some(("a2-1", 3)))
        .hand(0, &["a1-1"])
        .playing(0);
    let plays: Vec<Action> = t
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Play { .. }))
        .collect();
    assert_eq!(plays, vec![play(c("a1-1"), Side::Bottom)]);
    assert!(
        t.act(
            0,
            Action::Play {
                card: c("a1-1"),
                side: Side::Top,
                zone: Some(Zone(1))
            }
        )
        .is_err()
    );
}

#[test]
fn self_destruct_resolves_the_bottom_icons_into_the_enemy_discard() {
    // Worm: bottom = infection_up 1, alert_up 1.
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["a1-1"])
        .playing(0);
    t.play(0, "a1-1", Side::Bottom);
    assert_eq!(t.state.enemy_discard, [c("a1-1")]);
    assert_eq!(t.state.infection, 5);
    assert_eq!(t.state.alert[2], Some(5));
    assert!(t.state.isolated().all(|(_, card, _)| card != c("a1-1")));
}

#[test]
fn alert_cards_play_like_anomalies() {
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["alert2-1"])
        .playing(0);
    let legal = t.legal(0);
    assert!(legal.contains(&Action::Play {
        card: c("alert2-1"),
        side: Side::Top,
        zone: Some(Zone(4))
    }));
    assert!(legal.contains(&play(c("alert2-1"), Side::Bottom)));
    t.play(0, "alert2-1", Side::Top);
    assert!(
        matches!(t.state.zone(Zone(4)), ZoneState::Isolated { card, blocks: 4, .. } if card == c("alert2-1"))
    );
}

#[test]
fn solo_cards_go_to_the_enemy_discard() {
    let mut t = Table::new(1, &["cyberlink", "artemis"])
        .hand(0, &["artemis-x1", "solo-a-1"])
        .playing(0);
    t.play(0, "artemis-x1", Side::Top);
    t.target(0, Target::Bug);
    t.play(0, "solo-a-1", Side::Top);
    assert_eq!(t.state.enemy_discard, [c("artemis-x1"), c("solo-a-1")]);
    assert!(t.state.players[0].top.is_empty());
}

#[test]
fn an_anomaly_attacked_to_zero_is_deactivated_and_frees_its_zone() {
    let mut t = Table::new(2, &["blaast", "artemis"])
        .hand(0, &["blaast-6"])
        .playing(0);
    // Breach: top = anomaly_attack 3 on one anomaly.
    t.play(0, "blaast-6", Side::Top);
    assert_eq!(
        t.legal(0),
        vec![
            Action::Target {
                target: Target::Anomaly(Zone(2))
            },
            Action::Target {
                target: Target::Anomaly(Zone(3))
            },
        ]
    );
    t.target(0, Target::Anomaly(Zone(3)));
    assert_eq!(t.state.zone(Zone(3)), ZoneState::Empty);
    assert_eq!(t.state.enemy_discard, [c("alpha-2")]);
    assert!(t.saw(|e| matches!(e, Event::Deactivated { zone: Zone(3), .. })));
}

// ---------------------------------------------------------------- the end

fn last_card(t: &mut Table) {
    for p in &mut t.state.players {
        p.deck.clear();
        p.hand.clear();
    }
    t.state.anomaly_deck.clear();
}

#[test]
fn the_team_wins_when_everything_is_played_and_the_infection_is_at_zero_or_below() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    last_card(&mut t);
    let mut t = t.infection(1).hand(0, &["cyberlink-5"]).playing(0);
    t.play(0, "cyberlink-5", Side::Top);
    assert_eq!(t.state.infection, 0);
    let out = Hacktivity::to_act(&t.state);
    let outcome = out.outcome().expect("over");
    assert_eq!(
        (outcome.verdict, outcome.reason.as_str()),
        (Verdict::Won, "network_cleaned")
    );
    assert_eq!(t.state.campaign.next, Some(NextStep::NextScenario));
}

#[test]
fn the_team_loses_when_the_infection_stays_above_zero() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    last_card(&mut t);
    let mut t = t.infection(2).hand(0, &["cyberlink-5"]).playing(0);
    t.play(0, "cyberlink-5", Side::Top);
    let outcome = Hacktivity::to_act(&t.state).outcome().cloned().unwrap();
    assert_eq!(
        (outcome.verdict, outcome.reason.as_str()),
        (Verdict::Lost, "infection_remains")
    );
}

#[test]
fn an_alert_in_the_last_wave_brings_an_extra_wave() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    last_card(&mut t);
    // The leftmost marker at row 7 sets off an alert.
    let mut t = t.alerts(&["c7", "d3"]).infection(0).playing(0);
    let card = t.custom_in_hand(0, CardKind::Character, &["alert_up 1"], &["alert_up 1"]);
    t.play_id(0, card, Side::Top);
    assert!(t.saw(|e| matches!(
        e,
        Event::AlertTriggered {
            position: Some(0),
            ..
        }
    )));
    assert_eq!(t.state.anomaly_deck.len(), 1);
    assert!(t.state.outcome.is_none());
    assert!(t.saw(|e| matches!(e, Event::WaveStarted { wave: 2, .. })));
}

#[test]
fn the_campaign_record_counts_defeats() {
    for (before, next) in [
        ("0", NextStep::Replay),
        ("1", NextStep::EmergencyProtocol),
        ("2", NextStep::MoveOn),
    ] {
        let mut t = Table::with(
            2,
            &["cyberlink", "artemis"],
            &[("campaign_defeats", before)],
        )
        .firewall(0, 1)
        .hand(0, &["cyberlink-3"])
        .playing(0);
        // Packet Storm bottom: split 4, firewall_down 1.
        t.play(0, "cyberlink-3", Side::Bottom);
        while t.state.outcome.is_none() {
            t.target(0, Target::Bug);
        }
        let over = t.events.iter().find_map(|e| match e {
            Event::GameOver {
                campaign, reason, ..
            } => Some((campaign.defeats, campaign.next, reason.clone())),
            _ => None,
        });
        let defeats = before.parse::<u8>().unwrap() + 1;
        assert_eq!(
            over,
            Some((defeats, Some(next), "firewall_down".to_string()))
        );
    }
}

// ---------------------------------------------------------------- hidden information

#[test]
fn a_seat_sees_its_own_hand_and_only_the_backs_of_the_others() {
    let t = dealt(&[&["cyberlink-1", "a1-1"], &["drpower-2", "alert2-1"]]);
    let v = Hacktivity::view(&t.state, Viewer::Seat(Seat(0)));
    let own: Vec<CardId> = v.hand.unwrap().iter().map(|h| h.card).collect();
    assert_eq!(own, [c("cyberlink-1"), c("a1-1")]);
    let other = &v.players[1];
    assert_eq!(
        (
            other.hand,
            other.hand_character,
            other.hand_anomaly,
            other.hand_alert
        ),
        (2, 1, 0, 1)
    );
    let json = serde_json::to_string(&Hacktivity::view(&t.state, Viewer::Seat(Seat(0)))).unwrap();
    assert!(!json.contains("drpower-2") && !json.contains("alert2-1"));
    let spectator = Hacktivity::view(&t.state, Viewer::Spectator);
    assert!(spectator.hand.is_none());
    let json = serde_json::to_string(&spectator).unwrap();
    assert!(!json.contains("cyberlink-1"));
    // No deck order in any view.
    for card in &t.state.players[0].deck {
        assert!(!json.contains(&format!("\"{card}\"")));
    }
}

#[test]
fn drawn_cards_are_named_to_their_owner_only() {
    let mut t = Table::new(2, &["cyberlink", "artemis"]);
    t.act(0, draw(2, 1)).unwrap();
    t.act(1, draw(3, 0)).unwrap();
    let e = t
        .events
        .iter()
        .find(|e| matches!(e, Event::CardsDrawn { seat: Seat(0), .. }))
        .unwrap()
        .clone();
    let mine = Hacktivity::redact(&t.state, &e, Viewer::Seat(Seat(0))).unwrap();
    let theirs = Hacktivity::redact(&t.state, &e, Viewer::Seat(Seat(1))).unwrap();
    let spectator = Hacktivity::redact(&t.state, &e, Viewer::Spectator).unwrap();
    assert!(matches!(mine, Event::CardsDrawn { ref cards, own: 2, .. } if cards.len() == 3));
    assert!(matches!(theirs, Event::CardsDrawn { ref cards, own: 2, .. } if cards.is_empty()));
    assert_eq!(theirs, spectator);
}

#[test]
fn alert_backs_in_the_anomaly_deck_are_seen_but_not_their_faces() {
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .alerts(&["c7", "d3"])
        .hand(0, &["a1-1"])
        .playing(0);
    let len = t.state.anomaly_deck.len();
    t.play(0, "a1-1", Side::Bottom);
    let v = Hacktivity::view(&t.state, Viewer::Seat(Seat(1)));
    assert_eq!(v.alert_backs, [len / 2]);
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("alert2-"));
}

#[test]
fn determinize_keeps_what_the_seat_knows_and_resamples_the_rest() {
    let mut t = dealt(&[
        &["cyberlink-1", "a1-1", "a1-2"],
        &["drpower-2", "drpower-3", "a2-1"],
    ]);
    t.act(1, Action::ShowIcons {}).unwrap();
    let mut rng = GameRng::from_seed(9);
    let mut moved = false;
    for _ in 0..20 {
        let d = Hacktivity::determinize(&t.state, Seat(0), &mut rng);
        assert_eq!(
            Hacktivity::view(&d, Viewer::Seat(Seat(0))),
            Hacktivity::view(&t.state, Viewer::Seat(Seat(0)))
        );
        // Seat 1's shown cards keep their icons; their faces may change.
        for (a, b) in d.players[1].hand.iter().zip(&t.state.players[1].hand) {
            assert_eq!(d.card(a.card).shape(), t.state.card(b.card).shape());
            moved |= a.card != b.card;
        }
        moved |= d.anomaly_deck != t.state.anomaly_deck;
        assert_eq!(d.players[0].hand, t.state.players[0].hand);
    }
    assert!(moved, "hidden cards are resampled");
}

// ---------------------------------------------------------------- undo

#[test]
fn a_card_placed_is_final_and_only_a_program_choice_may_be_taken_back() {
    let options = Options::resolve(
        &Hacktivity::options_schema(),
        [("character1", "cyberlink"), ("character2", "drpower")],
    )
    .unwrap();
    let mut s = Session::<Hacktivity>::new(options, SeatCount(2), 3).unwrap();
    s.apply(Seat(0), &draw(3, 0)).unwrap();
    assert!(!s.can_undo(Seat(0)), "a draw choice is face down and final");
    s.apply(Seat(1), &draw(3, 0)).unwrap();
    s.apply(Seat(0), &Action::Ready {}).unwrap();
    s.apply(Seat(1), &Action::Ready {}).unwrap();
    // "Une fois posée, vous ne pouvez pas revenir en arrière": every card of the hand, on
    // either option, stays where it was placed.
    let hand: Vec<CardId> = s.state().players[0].hand.iter().map(|h| h.card).collect();
    let mut tried = 0;
    for card in hand {
        for side in Side::ALL {
            let mut copy = s.clone();
            if copy.apply(Seat(0), &play(card, side)).is_ok() {
                tried += 1;
                assert!(
                    !copy.can_undo(Seat(0)),
                    "{card:?} placed on {side:?} taken back"
                );
            }
        }
    }
    assert!(tried > 0, "no card could be played");
    // Nor anything the card does: a target chosen, a plain attack.
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["cyberlink-7", "cyberlink-8"])
        .playing(0);
    let before = t.state.clone();
    t.play(0, "cyberlink-7", Side::Top);
    assert!(!Hacktivity::undoable(
        &before,
        &t.state,
        Seat(0),
        &play(c("cyberlink-7"), Side::Top),
        &t.events
    ));
    let mut t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["cyberlink-12"])
        .playing(0);
    t.play(0, "cyberlink-12", Side::Top);
    let before = t.state.clone();
    t.target(0, Target::Bug);
    assert!(!Hacktivity::undoable(
        &before,
        &t.state,
        Seat(0),
        &Action::Target {
            target: Target::Bug
        },
        &t.events
    ));
    // DrPower's choice of a program, before its attack is aimed, may be taken back.
    let mut t = Table::new(2, &["cyberlink", "drpower"])
        .hand(1, &["drpower-7"])
        .charge(9)
        .playing(1);
    let before = t.state.clone();
    t.act(1, Action::RunProgram { program: 1 }).unwrap();
    assert!(Hacktivity::undoable(
        &before,
        &t.state,
        Seat(1),
        &Action::RunProgram { program: 1 },
        &t.events
    ));
}

// ---------------------------------------------------------------- text

#[test]
fn the_text_view_shows_the_three_screens_hands_piles_and_boards() {
    let t = dealt(&[&["cyberlink-1", "a1-1"], &["drpower-2"]]).pile(0, Side::Top, "cyberlink-4");
    let text = Hacktivity::render_text(&Hacktivity::view(&t.state, Viewer::Seat(Seat(0))), "en");
    for needle in [
        "ALERT screen",
        "ANTIVIRUS screen",
        "zone 1: Interdiction (blocked)",
        "zone 2: 2 data blocks: alpha-1 Alpha Core (Alpha, chain 1)",
        "CRITICAL screen: Strange Bug -- infection 4",
        "DrPower's Experimental card (seat 2): charge 0",
        "program 4 Zap (cost 3, at will): attack 1",
        "CyberLink's cyberchains (seat 1): 4 tokens in reserve",
        "top discard: cyberlink-4",
        // Seats counted from 1, as the log's sentences count them.
        " seat 1 CyberLink: firewall",
        " seat 2 DrPower: firewall",
        "hand 2 (1 character, 1 anomaly, 0 alerts)",
        "To act: seat 1, 2",
        "YOUR HAND",
        "cyberlink-1 Ping [attack 1 | split 3, alert_up 1]",
        "a1-1 Worm (2 blocks) [- | infection_up 1, alert_up 1]",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(!text.contains("drpower-2"));
    let seen = Hacktivity::view(&t.state, Viewer::Seat(Seat(0)));
    assert_eq!(text, view::render(&seen, "en"));
    // In French: the same screens and cards, the frame in French.
    let texte = Hacktivity::render_text(&seen, "fr");
    for needle in [
        "Écran ALERTE",
        "Écran ANTIVIRUS",
        "zone 1 : Interdiction (bloquée)",
        "zone 2 : 2 blocs de données : alpha-1 Noyau Alpha (Alpha, chaîne 1)",
        "Écran CRITIQUE : Bogue étrange -- infection 4",
        "Carte Expérimentale de DrPower (place 2) : charge 0",
        "programme 2 Matrice de bouclier (coût",
        "programme 4 Zap (coût 3, à volonté) : attack 1",
        "Cyberchaînes de CyberLink (place 1) : 4 pions en réserve",
        "main 2 (1 personnage, 1 anomalie, 0 alerte)",
        "défausse du haut : cyberlink-4",
        "VOTRE MAIN",
        "cyberlink-1 Ping [attack 1 | split 3, alert_up 1]",
        "a1-1 Ver (2 blocs) [- | infection_up 1, alert_up 1]",
    ] {
        assert!(texte.contains(needle), "missing {needle:?} in\n{texte}");
    }
    assert!(!texte.contains("drpower-2"));
    // Cards and programs go by their French titles, not the English ones.
    for english in ["Worm", "Alpha Core", "Shield Matrix"] {
        assert!(!texte.contains(english), "{english:?} in\n{texte}");
    }
    // The icons a teammate shows, under the kind of card, in either language.
    let mut t = t;
    t.act(1, Action::ShowIcons {}).unwrap();
    let seen = Hacktivity::view(&t.state, Viewer::Seat(Seat(0)));
    let text = Hacktivity::render_text(&seen, "en");
    assert!(text.contains("    shown (character): ["), "{text}");
    let texte = Hacktivity::render_text(&seen, "fr");
    assert!(texte.contains("    montrée (personnage) : ["), "{texte}");
}

#[test]
fn the_view_carries_the_faces_of_the_cards_its_seat_sees_and_no_others() {
    let t = dealt(&[&["cyberlink-1", "a1-1"], &["drpower-2"]]).pile(1, Side::Top, "drpower-4");
    let v = Hacktivity::view(&t.state, Viewer::Seat(Seat(0)));
    let ids: Vec<String> = v.faces.keys().map(ToString::to_string).collect();
    // Its own hand, the isolated anomalies and the discard piles; not seat 1's hand.
    assert_eq!(
        ids,
        ["cyberlink-1", "drpower-4", "a1-1", "alpha-1", "alpha-2"]
    );
    assert_eq!(v.faces[&c("cyberlink-1")].name, "Ping");
    // With its French title, for a French player's screen.
    assert_eq!(v.faces[&c("a1-1")].name_fr, "Ver");
    assert_eq!(v.faces[&c("a1-1")].kind, CardKind::Anomaly);
    let spectator = Hacktivity::view(&t.state, Viewer::Spectator);
    assert!(!spectator.faces.contains_key(&c("cyberlink-1")));
    // DrPower's programs, as printed, for the screen.
    let names: Vec<&str> = v.programs.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Purge", "Shield Matrix", "Overdrive", "Zap"]);
    let noms: Vec<&str> = v.programs.iter().map(|p| p.name_fr.as_str()).collect();
    assert_eq!(noms, ["Purge", "Matrice de bouclier", "Surrégime", "Zap"]);
}

#[test]
fn describe_speaks_english_and_french() {
    let e = Event::Infection { from: 4, to: 3 };
    assert_eq!(Hacktivity::describe_event(&e, "en"), "Infection 4 -> 3");
    let e = Event::TurnStarted { seat: Seat(1) };
    // Seats are counted from 1, as the screens count them.
    assert_eq!(
        Hacktivity::describe_event(&e, "fr"),
        "Au tour de la place 2"
    );
    let e = Event::Discarded {
        seat: Seat(0),
        card: c("cyberlink-2"),
        pile: Side::Bottom,
        from_deck: true,
    };
    assert_eq!(
        Hacktivity::describe_event(&e, "en"),
        "Seat 1 discards Chain Link (cyberlink-2) from the top of the deck to the bottom pile"
    );
    // The French log names the card by its French title.
    let phrase = Hacktivity::describe_event(&e, "fr");
    assert!(phrase.contains("Maillon (cyberlink-2)"), "{phrase}");
    let e = Event::Ready { seat: Seat(0) };
    assert_eq!(Hacktivity::describe_event(&e, "fr"), "La place 1 est prête");
}

#[test]
fn the_log_counts_cards_and_blocks_in_the_singular_and_plural_of_each_language() {
    let drawn = |seat, own, anomaly| Event::DrawChosen {
        seat: Seat(seat),
        own,
        anomaly,
    };
    let isolated = |blocks| Event::Isolated {
        card: c("a1-1"),
        zone: Zone(2),
        blocks,
    };
    let taken = Event::CardsDrawn {
        seat: Seat(0),
        own: 1,
        anomaly: 2,
        alert: 1,
        cards: Vec::new(),
    };
    // An Alert card goes half the Anomaly deck deep: none deep once one card is left.
    let alert = |deep| Event::AlertTriggered {
        column: Column(0),
        position: Some(deep),
    };
    // Each event with a part of its English and of its French sentence. French puts zero and
    // one in the singular, English only one; a kind of card of which none is drawn is not named.
    let cases = [
        (
            drawn(0, 2, 1),
            "Seat 1 draws 2 character cards and 1 anomaly card, face down",
            "La place 1 pioche 2 cartes Personnage et 1 carte Anomalie, face cachée",
        ),
        (
            drawn(1, 3, 0),
            "Seat 2 draws 3 character cards, face down",
            "La place 2 pioche 3 cartes Personnage, face cachée",
        ),
        (
            taken,
            "Seat 1 takes 1 character card, 2 anomaly cards and 1 alert card",
            "La place 1 prend 1 carte Personnage, 2 cartes Anomalie et 1 carte Alerte",
        ),
        (isolated(1), "with 1 data block", "avec 1 bloc de données"),
        (isolated(3), "with 3 data blocks", "avec 3 blocs de données"),
        (alert(1), "goes 1 card deep", "glissée à 1 carte du dessus"),
        (alert(0), "goes 0 cards deep", "glissée à 0 carte du dessus"),
    ];
    for (event, en, fr) in &cases {
        for (lang, part) in [("en", en), ("fr", fr)] {
            let said = Hacktivity::describe_event(event, lang);
            // The part as a whole: "1 data block" must not be the start of "1 data blocks".
            let whole = said.match_indices(*part).any(|(i, _)| {
                !said[i + part.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphabetic)
            });
            assert!(whole, "{said:?} lacks {part:?}");
            assert!(!said.contains("(s)"), "{said}");
        }
    }
}

#[test]
fn the_end_of_the_game_is_said_in_the_logs_language() {
    let mut t = Table::new(2, &["cyberlink", "drpower"]).playing(0);
    t.state.player_mut(Seat(0)).firewall = 1;
    let mut events = Vec::new();
    lockpick_hacktivity::players::firewall(&mut t.state, Seat(0), false, 1, &mut events);
    let over = events
        .iter()
        .find(|e| matches!(e, Event::GameOver { .. }))
        .expect("a firewall at 0 ends the game");
    assert_eq!(
        Hacktivity::describe_event(over, "en"),
        "The team loses: a firewall fell"
    );
    assert_eq!(
        Hacktivity::describe_event(over, "fr"),
        "L'équipe perd : un pare-feu est tombé"
    );
}

#[test]
fn an_icon_ignored_is_explained_in_the_logs_language() {
    let e = Event::Ignored {
        icon: "charge_down".into(),
        reason: NoEffect::ChargeAtEnd,
    };
    assert_eq!(
        Hacktivity::describe_event(&e, "en"),
        "The Charge − icon is ignored: the charge marker is at the end of its track"
    );
    assert_eq!(
        Hacktivity::describe_event(&e, "fr"),
        "L'icône Charge − est ignorée : le marqueur de charge est au bout de sa piste"
    );
    // In random games at every player count, no French sentence carries an English reason or
    // an icon's key.
    let mut reasons = std::collections::BTreeSet::new();
    for seats in 1..=4 {
        for seed in 0..40 {
            let mut state = game(&[], seats, seed);
            let mut rng = GameRng::from_seed(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            while let Some(&seat) = to_act(&state).first() {
                legal.clear();
                Hacktivity::legal_actions(&state, seat, &mut legal);
                let action = rng
                    .pick(&legal)
                    .expect("a seat to act has an action")
                    .clone();
                events.clear();
                Hacktivity::apply(&mut state, seat, &action, &mut events).unwrap();
                for e in &events {
                    if let Event::Ignored { reason, .. } = e {
                        let said = Hacktivity::describe_event(e, "fr");
                        assert!(said.ends_with(reason.text().fr), "{said}");
                        assert!(!said.contains(reason.text().en), "{said}");
                        assert!(!said.contains('_'), "an icon's key, not its name: {said}");
                        reasons.insert(format!("{reason:?}"));
                    }
                }
            }
        }
    }
    assert!(reasons.len() >= 10, "only {reasons:?} met");
    // Every icon has a name in both languages.
    for key in lockpick_hacktivity::icons::KEYS {
        let name = lockpick_hacktivity::icons::name(key).expect(key);
        assert!(!name.en.is_empty() && !name.fr.is_empty(), "{key}");
    }
}

#[test]
fn an_action_with_a_field_it_does_not_have_is_refused_by_name() {
    // Without this, a misspelt field would be dropped without a word (serde's default).
    let text = r#"{"type": "choose_draw", "anomaly": 1, "own": 2, "anomalies": 3}"#;
    let err = serde_json::from_str::<Action>(text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown field `anomalies`"), "{err}");
    // Actions without fields too (serde would ignore extras on a unit variant).
    let err = serde_json::from_str::<Action>(r#"{"type": "end_turn", "card": 3}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown field `card`"), "{err}");
    let good: Action =
        serde_json::from_str(r#"{"type": "choose_draw", "anomaly": 1, "own": 2}"#).unwrap();
    assert_eq!(good, Action::ChooseDraw { anomaly: 1, own: 2 });
}
