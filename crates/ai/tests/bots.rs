//! The bots play legal moves, reproducibly; simulations do not depend on the thread count.

use lockpick_ai::sim::{SimSpec, game_seed};
use lockpick_ai::{BotKind, Bots, Ismcts, IsmctsConfig};
use lockpick_burgle::Burgle;
use lockpick_engine::{Game, Options, Seat, SeatCount, Session, ToAct};

fn options() -> Options {
    Options::resolve(&Burgle::options_schema(), []).unwrap()
}

fn play(kind: BotKind, seed: u64, max: usize) -> Vec<String> {
    let mut state = Burgle::setup(&options(), SeatCount(2), seed).unwrap();
    let mut bot = kind.make::<Burgle>(seed);
    let mut events = Vec::new();
    let mut log = Vec::new();
    for _ in 0..max {
        let ToAct::Seats { seats } = Burgle::to_act(&state) else {
            break;
        };
        let action = bot.choose(&state, seats[0]).expect("a legal action");
        let mut legal = Vec::new();
        Burgle::legal_actions(&state, seats[0], &mut legal);
        assert!(legal.contains(&action), "{action:?} is not legal");
        log.push(serde_json::to_string(&action).unwrap());
        Burgle::apply(&mut state, seats[0], &action, &mut events).unwrap();
    }
    log
}

#[test]
fn every_bot_plays_legal_actions_and_the_same_seed_plays_the_same_game() {
    let search = IsmctsConfig {
        iterations: 60,
        ..IsmctsConfig::default()
    };
    for kind in [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Ismcts(search),
        BotKind::Ismcts(IsmctsConfig {
            oracle: true,
            ..search
        }),
    ] {
        let a = play(kind, 3, 60);
        assert_eq!(a, play(kind, 3, 60), "{kind:?} is reproducible");
        assert!(!a.is_empty());
    }
}

#[test]
fn a_simulation_does_not_depend_on_the_thread_count() {
    let spec = SimSpec {
        games: 3,
        seats: SeatCount(2),
        combos: vec![
            options(),
            Options::resolve(&Burgle::options_schema(), [("job", "office")]).unwrap(),
        ],
        bot: BotKind::Heuristic,
        seed: 9,
    };
    let bots = Bots::new().with::<Burgle>();
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| bots.simulate("burgle", &spec, &|_, _| {}))
            .unwrap()
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one.len(), 2);
    assert_eq!(one[0].games, 3);
    assert!(one[0].ci_low <= one[0].win_rate && one[0].win_rate <= one[0].ci_high);
    assert_ne!(game_seed(9, 0, 1), game_seed(9, 1, 1));
}

#[test]
fn the_type_erased_bot_answers_for_a_session() {
    let bots = Bots::new().with::<Burgle>();
    let session = Session::<Burgle>::new(options(), SeatCount(2), 4).unwrap();
    let mut bot = bots.make("burgle", BotKind::Heuristic, 1).unwrap();
    let action = bot
        .choose(&session, Seat(0))
        .expect("an action for the seat to act");
    assert_eq!(action["type"], "choose_entry");
    assert!(bots.make("chess", BotKind::Random, 1).is_err());
    assert!(BotKind::parse("grandmaster", 10).is_err());
}

#[test]
fn the_search_never_suggests_an_action_the_seat_cannot_play() {
    let state = Burgle::setup(&options(), SeatCount(2), 8).unwrap();
    let mut bot = Ismcts::<Burgle>::new(
        IsmctsConfig {
            iterations: 100,
            ..IsmctsConfig::default()
        },
        2,
    );
    let visits = bot.search(&state, Seat(0));
    let mut legal = Vec::new();
    Burgle::legal_actions(&state, Seat(0), &mut legal);
    assert!(visits.iter().all(|(a, _)| legal.contains(a)));
    assert_eq!(
        visits.iter().map(|(_, v)| *v).sum::<u32>(),
        100,
        "every iteration visits the root"
    );
}

#[test]
fn a_short_search_trusts_the_games_heuristic_where_its_own_results_are_thin() {
    use lockpick_ai::Bot;
    use lockpick_burgle::actions::Event;
    use lockpick_burgle::cards::Tool;
    use lockpick_burgle::testing::Scenario;
    for seed in 0..3 {
        // A dead end: the guard comes down the only corridor into the character's room, and
        // only the Smoke Bomb saves her last stealth token (the heuristic plays it).
        let mut s = Scenario::dead_end("peterman");
        s.state.chars[0].tools.push(Tool::SmokeBomb);
        let mut bot = Ismcts::<Burgle>::new(
            IsmctsConfig {
                iterations: 8,
                ..IsmctsConfig::default()
            },
            seed,
        );
        let turn = s.state.turn_number;
        let mut events = Vec::new();
        while s.state.turn_number == turn && s.state.outcome.is_none() {
            let seat = lockpick_burgle::turn::acting_seat(&s.state);
            let action = bot.choose(&s.state, seat).expect("an action");
            events.extend(s.act(seat.0, action).expect("legal").iter().cloned());
            assert!(events.len() < 1_000, "the turn ends");
        }
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::ToolUsed {
                    tool: Tool::SmokeBomb,
                    ..
                }
            )),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 1, "seed {seed}");
    }
}

#[test]
fn the_bench_measures_the_same_states_however_long_it_runs() {
    // The sizes a designer reads in `lockpick bench` describe fixed games: a short run and a
    // longer one (more playouts, so the playouts' generator ends elsewhere) agree on them.
    let short = lockpick_ai::bench::bench::<Burgle>(
        &options(),
        SeatCount(2),
        std::time::Duration::from_millis(1),
    )
    .expect("bench");
    let long = lockpick_ai::bench::bench::<Burgle>(
        &options(),
        SeatCount(2),
        std::time::Duration::from_millis(150),
    )
    .expect("bench");
    assert_eq!(short.state_json_bytes, long.state_json_bytes);
    assert_eq!(short.save_json_bytes, long.save_json_bytes);
    assert!(short.save_json_bytes > 500, "a whole game is saved");
}

/// The oracle is the same search as the fair one, on the true state: the heuristic choice it
/// credits reads the true state too. With Lampshade (a stealth token) on top of the event deck,
/// a short oracle search ends the lone burglar's first turn after two actions or fewer to draw
/// it; the fair search, which cannot know the order of the deck, plays on.
#[test]
fn the_oracle_credits_a_heuristic_that_reads_the_hidden_state() {
    use lockpick_ai::Bot;
    use lockpick_burgle::actions::Event;
    use lockpick_burgle::cards::EventCard;
    use lockpick_burgle::testing::Scenario;

    let first_turn = |oracle: bool| {
        let mut s = Scenario::new("bank", &["peterman"]).enter("1A1");
        let i = s
            .state
            .events
            .iter()
            .position(|c| *c == EventCard::Lampshade)
            .unwrap();
        let card = s.state.events.remove(i);
        s.state.events.push(card);
        let mut bot = Ismcts::<Burgle>::new(
            IsmctsConfig {
                iterations: 10,
                oracle,
                ..IsmctsConfig::default()
            },
            5,
        );
        let turn = s.state.turn_number;
        let mut used = 0;
        while s.state.turn_number == turn && s.state.outcome.is_none() {
            let action = bot.choose(&s.state, Seat(0)).expect("an action");
            for e in s.act(0, action).expect("legal") {
                if let Event::TurnEnded { actions, .. } = e {
                    used = *actions;
                }
            }
        }
        (used, s.state.chars[0].stealth)
    };
    let (used, stealth) = first_turn(true);
    assert!(used <= 2, "the oracle used {used} actions");
    assert_eq!(stealth, 4, "the oracle drew Lampshade");
    let (used, stealth) = first_turn(false);
    assert!(used >= 3, "the fair search used {used} actions");
    assert_eq!(stealth, 3);
}

/// The toy heist behind a heuristic that weighs discarding a card (which, at the alarm's last
/// step, loses the game) above playing one, by `GAP` points; the search decides between actions
/// within `MARGIN` points of the best.
mod weighed {
    use lockpick_engine::testkit::toy::{Toy, ToyAction, ToyEvent, ToyIllegal, ToyState, ToyView};
    use lockpick_engine::{
        Game, GameRng, Heuristic, OptionSpec, Options, Seat, SeatCount, SetupError, Text, ToAct,
        Viewer,
    };

    pub struct Weighed<const GAP: u32, const MARGIN: u32>;

    impl<const GAP: u32, const MARGIN: u32> Game for Weighed<GAP, MARGIN> {
        type State = ToyState;
        type Action = ToyAction;
        type Event = ToyEvent;
        type View = ToyView;
        type Illegal = ToyIllegal;
        const ID: &'static str = "weighed_toy";
        const NAME: Text = Text::new("Weighed toy", "Casse pesé");
        const MIN_SEATS: u8 = Toy::MIN_SEATS;
        const MAX_SEATS: u8 = Toy::MAX_SEATS;

        fn options_schema() -> Vec<OptionSpec> {
            Toy::options_schema()
        }
        fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<ToyState, SetupError> {
            Toy::setup(options, seats, seed)
        }
        fn to_act(state: &ToyState) -> ToAct {
            Toy::to_act(state)
        }
        fn legal_actions(state: &ToyState, seat: Seat, out: &mut Vec<ToyAction>) {
            Toy::legal_actions(state, seat, out);
        }
        fn apply(
            state: &mut ToyState,
            seat: Seat,
            action: &ToyAction,
            events: &mut Vec<ToyEvent>,
        ) -> Result<(), ToyIllegal> {
            Toy::apply(state, seat, action, events)
        }
        fn view(state: &ToyState, viewer: Viewer) -> ToyView {
            Toy::view(state, viewer)
        }
        fn redact(state: &ToyState, event: &ToyEvent, viewer: Viewer) -> Option<ToyEvent> {
            Toy::redact(state, event, viewer)
        }
        fn determinize(state: &ToyState, seat: Seat, rng: &mut GameRng) -> ToyState {
            Toy::determinize(state, seat, rng)
        }
        fn render_text(view: &ToyView, lang: &str) -> String {
            Toy::render_text(view, lang)
        }
    }

    impl<const GAP: u32, const MARGIN: u32> Heuristic for Weighed<GAP, MARGIN> {
        fn heuristic(_: &ToyState, _: Seat, _: &[ToyAction], _: &mut GameRng) -> usize {
            0
        }
        fn evaluate(_: &ToyState) -> f64 {
            0.5
        }
        fn heuristic_values(
            _: &ToyState,
            _: Seat,
            legal: &[ToyAction],
            _: &mut GameRng,
        ) -> Option<Vec<f64>> {
            Some(
                legal
                    .iter()
                    .map(|a| match a {
                        ToyAction::Discard { .. } => 10.0,
                        ToyAction::Play { .. } => 10.0 - f64::from(GAP),
                        _ => f64::NEG_INFINITY,
                    })
                    .collect(),
            )
        }
        fn near_tie() -> Option<f64> {
            Some(f64::from(MARGIN))
        }
    }
}

/// Where the game's heuristic is sure (no other action within its margin) the search plays its
/// choice, even a losing one; where another action comes near, the search decides between the
/// near ties, and finds the one that does not lose.
#[test]
fn the_search_decides_only_where_the_heuristic_hesitates() {
    use lockpick_ai::Bot;
    use lockpick_engine::testkit::toy::{Toy, ToyAction};
    use weighed::Weighed;

    fn first_choice<G>(seed: u64) -> (ToyAction, bool)
    where
        G: lockpick_engine::Heuristic<
                State = lockpick_engine::testkit::toy::ToyState,
                Action = ToyAction,
            >,
    {
        let options = Options::resolve(&Toy::options_schema(), [("target", "3")]).unwrap();
        let mut state = Toy::setup(&options, SeatCount(1), seed).unwrap();
        let mut events = Vec::new();
        // Two discards: the alarm stands one step from the end.
        for _ in 0..2 {
            let mut legal = Vec::new();
            Toy::legal_actions(&state, Seat(0), &mut legal);
            let discard = legal
                .into_iter()
                .find(|a| matches!(a, ToyAction::Discard { .. }))
                .expect("a card to discard");
            Toy::apply(&mut state, Seat(0), &discard, &mut events).unwrap();
        }
        let mut bot = Ismcts::<G>::new(
            IsmctsConfig {
                iterations: 200,
                ..IsmctsConfig::default()
            },
            seed,
        );
        let action = bot.choose(&state, Seat(0)).expect("an action");
        let mut after = state.clone();
        Toy::apply(&mut after, Seat(0), &action, &mut events).unwrap();
        (action, matches!(Toy::to_act(&after), ToAct::Over { .. }))
    }

    for seed in 0..4 {
        // Discarding leads by 5 points, beyond a margin of 1: played, and the game is lost.
        let (action, over) = first_choice::<Weighed<5, 1>>(seed);
        assert!(matches!(action, ToyAction::Discard { .. }), "{action:?}");
        assert!(over, "the alarm's last step ends the game");
        // By 1 point within a margin of 5: the search plays a card instead.
        let (action, over) = first_choice::<Weighed<1, 5>>(seed);
        assert!(
            matches!(action, ToyAction::Play { .. }),
            "seed {seed}: {action:?}"
        );
        assert!(!over);
    }
}
