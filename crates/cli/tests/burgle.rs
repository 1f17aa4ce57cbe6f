//! Burgle Bros. end to end through the command line: whole games of each job played with
//! `new`, `legal` and `act` to their end, verified by `replay`; `show`; `content check`.

use crate::common::{Run, lockpick_with};
use lockpick_engine::{GameRng, Registry};

fn registry() -> Registry {
    Registry::new().with::<lockpick_burgle::Burgle>()
}

fn run(args: &[&str]) -> Run {
    lockpick_with(&registry(), args)
}

/// Plays a whole game with random legal actions, through the command line only.
fn play_to_the_end(job: &str, seats: &str, seed: u64) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let file = file.to_str().unwrap();
    let option = format!("job={job}");
    run(&[
        "new",
        "burgle",
        "-o",
        file,
        "--seats",
        seats,
        "--seed",
        &seed.to_string(),
        "--option",
        &option,
    ])
    .ok();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..5000 {
        let show = run(&["show", file, "--json"]);
        let view: serde_json::Value = serde_json::from_str(show.ok()).unwrap();
        let to_act = &view["to_act"];
        if to_act["type"] == "over" {
            let replay = run(&["replay", file]);
            assert!(replay.ok().contains("matches"), "{replay:?}");
            return to_act["outcome"]["reason"].as_str().unwrap().to_owned();
        }
        // The JSON gives the seat's index; the command line counts seats from 1.
        let seat = (to_act["seats"][0].as_u64().unwrap() + 1).to_string();
        let legal = run(&["legal", file, "--seat", &seat]);
        let actions: Vec<&str> = legal.ok().lines().collect();
        assert!(!actions.is_empty());
        let action = actions[rng.index(actions.len())];
        run(&["act", file, "--seat", &seat, action]).ok();
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_of_each_job_is_played_to_its_end_and_replays() {
    for (job, seats) in [("office", "1"), ("bank", "2"), ("fort_knox", "3")] {
        let reason = play_to_the_end(job, seats, 11);
        assert!(
            ["captured", "escaped", "loot_left_behind"].contains(&reason.as_str()),
            "{reason}"
        );
    }
}

#[test]
fn show_draws_every_floor_and_json_lists_walls_and_guard() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    let file = file.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "3"]).ok();
    let text = run(&["show", file]);
    for floor in ["Floor 1", "Floor 2", "Floor 3"] {
        assert!(text.ok().contains(floor), "{}", text.out);
    }
    let json: serde_json::Value =
        serde_json::from_str(run(&["show", file, "--json"]).ok()).unwrap();
    let first = &json["view"]["floors"][0];
    assert_eq!(first["walls"].as_array().unwrap().len(), 8);
    assert!(first["walls"][0].as_str().unwrap().contains('|'));
    assert!(first["guard"]["at"].is_string() && first["guard"]["toward"].is_string());
}

#[test]
fn content_check_accepts_the_embedded_files_and_names_a_broken_one() {
    assert!(run(&["content", "check"]).ok().contains("content ok"));
    let dir = tempfile::tempdir().unwrap();
    let tiles = dir.path().join("tiles.toml");
    let broken = lockpick_burgle::content::TILES_TOML
        .replace("[lavatory]\ndigits = [5]", "[lavatory]\ndigits = [7]");
    std::fs::write(&tiles, broken).unwrap();
    let r = run(&["content", "check", tiles.to_str().unwrap()]);
    assert!(
        r.out.contains("lavatory.digits[0]: digit 7 must be 1 to 6"),
        "{r:?}"
    );
    assert!(
        r.err
            .contains("1 content problem: the content does not validate"),
        "{r:?}"
    );
    let walls = dir.path().join("walls.toml");
    std::fs::write(
        &walls,
        lockpick_burgle::content::WALLS_TOML.replace("A1|B1 C2|D2", "A1|C3 C2|D2"),
    )
    .unwrap();
    let r = run(&["content", "check", walls.to_str().unwrap()]);
    assert!(r.out.contains("bank.floor1: wall 'A1|C3'"), "{r:?}");
    let other = dir.path().join("cards.toml");
    std::fs::write(&other, "").unwrap();
    assert!(
        run(&["content", "check", other.to_str().unwrap()])
            .error()
            .contains("unknown content file")
    );
}

#[test]
fn content_check_names_the_file_card_and_field_of_a_broken_hacktivity_deck() {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("cyberlink.toml");
    let text = lockpick_hacktivity::content::EMBEDDED[0]
        .1
        .replace("top = [\"attack 1\"]", "top = [\"teleport 1\"]");
    std::fs::write(&deck, text).unwrap();
    let registry = Registry::new()
        .with::<lockpick_burgle::Burgle>()
        .with::<lockpick_hacktivity::Hacktivity>();
    let r = lockpick_with(&registry, &["content", "check", deck.to_str().unwrap()]);
    assert!(
        r.out.contains("cyberlink.toml") && r.out.contains("teleport"),
        "{r:?}"
    );
    assert!(r.err.contains("content problem"), "{r:?}");
}

#[test]
fn bench_reports_the_speeds_as_text_and_as_json() {
    let text = run(&["bench", "burgle", "--seconds", "0.05"]);
    let text = text.ok();
    assert!(
        text.starts_with("burgle (default options, 2 seats, one core):"),
        "{text}"
    );
    // The figure before `unit` on its line, its thousands grouped by commas.
    let figure = |unit: &str| -> f64 {
        let line = text.lines().find(|l| l.contains(unit)).unwrap();
        let word = line.split(unit).next().unwrap().split_whitespace().last();
        let word = word.unwrap();
        let groups: Vec<&str> = word.split(',').collect();
        assert!(
            groups[1..].iter().all(|g| g.len() == 3) && groups[0].len() <= 3,
            "{word} is grouped by thousands"
        );
        word.replace(',', "").parse().unwrap()
    };
    assert!(figure(" moves/s") > 1_000.0, "{text}");
    assert!(figure(" games/s") > 0.0, "{text}");
    assert!(figure(" iterations/s") > 0.0, "{text}");
    assert!(figure(" bytes of JSON") > 1_000.0, "{text}");

    let json = run(&["bench", "burgle", "--seconds", "0.05", "--json"]);
    let value: serde_json::Value = serde_json::from_str(json.ok().trim()).unwrap();
    assert_eq!(value["game"], "burgle");
    for key in [
        "moves_per_sec",
        "games_per_sec",
        "ismcts_iterations_per_sec",
        "ismcts_move_ms",
    ] {
        assert!(
            value[key].as_f64().is_some_and(|v| v > 0.0),
            "{key}: {value}"
        );
    }
    assert!(
        value["state_json_bytes"]
            .as_u64()
            .is_some_and(|b| b > 1_000)
    );
    assert!(value["save_json_bytes"].as_u64().is_some_and(|b| b > 100));
}

#[test]
fn sim_sweeps_search_budgets_on_the_same_seeds() {
    let out = run(&[
        "sim",
        "burgle",
        "--games",
        "2",
        "--bot",
        "ismcts",
        "--seats",
        "2",
        "--iterations",
        "5,10",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(value["iterations"], serde_json::json!([5, 10]));
    let results = value["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "one row per budget");
    assert_eq!(results[0]["iterations"], 5);
    assert_eq!(results[1]["iterations"], 10);
    assert!(results.iter().all(|r| r["games"] == 2));
}

#[test]
fn sim_refuses_a_table_the_game_cannot_seat_and_a_search_of_no_iterations() {
    for seats in ["0", "5"] {
        let out = run(&[
            "sim", "burgle", "--games", "1", "--bot", "random", "--seats", seats,
        ]);
        assert_eq!(
            out.error(),
            format!("this game seats 1 to 4 players, not {seats}")
        );
    }
    let out = run(&[
        "sim",
        "burgle",
        "--games",
        "1",
        "--bot",
        "ismcts",
        "--iterations",
        "100,0",
    ]);
    assert_eq!(out.error(), "--iterations must be at least 1");
}

#[test]
fn sim_refuses_an_option_given_twice_or_a_value_listed_twice() {
    let sim = |options: &[&str]| {
        let mut args = vec!["sim", "burgle", "--games", "1", "--bot", "random"];
        for o in options {
            args.extend(["--option", o]);
        }
        run(&args)
    };
    assert_eq!(
        sim(&["job=bank", "job=office"]).error(),
        "option 'job' is given twice"
    );
    assert_eq!(
        sim(&["difficulty=easy, hard,easy"]).error(),
        "value 'easy' of option 'difficulty' is listed twice"
    );
}

#[test]
fn sim_plot_leaves_each_option_combination_room_for_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("rates.svg");
    run(&[
        "sim",
        "burgle",
        "--games",
        "1",
        "--bot",
        "random",
        "--seats",
        "2",
        "--option",
        "difficulty=easy,hard",
        "--option",
        "job=office,fort_knox",
        "--plot",
        svg.to_str().unwrap(),
    ])
    .ok();
    let text = std::fs::read_to_string(&svg).unwrap();
    let label = "difficulty=hard job=fort_knox";
    assert!(text.contains(label), "every combination is labelled");
    let width: u32 = text
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .and_then(|w| w.parse().ok())
        .unwrap();
    // Four labels of 29 characters side by side, at about 7 pixels a character.
    assert!(width >= 4 * 7 * label.len() as u32, "{width} px wide");
}

#[test]
fn an_action_in_words_is_played_as_its_json_would_be() {
    let dir = tempfile::tempdir().unwrap();
    let words = dir.path().join("words.json");
    let json = dir.path().join("json.json");
    for file in [&words, &json] {
        let file = file.to_str().unwrap();
        run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "3"]).ok();
    }
    let (words, json) = (words.to_str().unwrap(), json.to_str().unwrap());
    // The same actions, in words and as `legal` prints them, give the same game.
    for (said, written) in [
        ("choose_entry B1", r#"{"type":"choose_entry","cell":"B1"}"#),
        (
            "move c1",
            r#"{"type":"move","floor":1,"cell":"C1","by":"walk"}"#,
        ),
        ("end-turn", r#"{"type":"end_turn"}"#),
    ] {
        let a = run(&["act", words, "--seat", "1", said]).ok().to_owned();
        let b = run(&["act", json, "--seat", "1", written]).ok().to_owned();
        assert_eq!(a, b, "{said}");
    }
    assert_eq!(
        std::fs::read_to_string(words).unwrap(),
        std::fs::read_to_string(json).unwrap()
    );
    let before = std::fs::read_to_string(words).unwrap();
    // Too few words, words no action has, and a seat that may not act are each told.
    // `legal --words` prints the actions as `act` takes them.
    assert_eq!(
        run(&["legal", words, "--seat", "2", "--words"]).ok(),
        "peek B2 1\nmove walk C1 1\nmove walk B2 1\nuse_tool west dynamite\nend_turn\n"
    );
    // With a language, each after its sentence: a room by its kind once face up (C1), by its
    // cell alone while face down (B2).
    assert_eq!(
        run(&["legal", words, "--seat", "2", "--words", "--say", "fr"]).ok(),
        "Jeter un œil en B2 (étage 1)  [peek B2 1]\n\
         Aller en C1 (étage 1, Empreinte digitale)  [move walk C1 1]\n\
         Aller en B2 (étage 1)  [move walk B2 1]\n\
         Utiliser : Dynamite, le mur à l'ouest  [use_tool west dynamite]\n\
         Finir le tour  [end_turn]\n"
    );
    let err = run(&["act", words, "--seat", "2", "move"])
        .error()
        .to_owned();
    assert_eq!(
        err,
        "'move' fits several legal actions (move walk C1 1, move walk B2 1): add a word to \
         tell them apart"
    );
    let err = run(&["act", words, "--seat", "2", "jump A1"])
        .error()
        .to_owned();
    assert_eq!(
        err,
        "'jump A1' is none of seat 2's legal actions: peek B2 1, move walk C1 1, move walk B2 1, \
         use_tool west dynamite, end_turn"
    );
    // Near a legal action, but not one the game can read: the legal actions are listed.
    let err = run(&["act", words, "--seat", "2", "use_tool west banana"])
        .error()
        .to_owned();
    assert!(
        err.starts_with("'use_tool west banana' is none of seat 2's legal actions: peek B2 1,"),
        "{err}"
    );
    // Words near one legal action get the game's reason, as its JSON would.
    for (said, why) in [
        ("peek A1", "a wall stands between 1B1 and 1A1"),
        (
            "move d1",
            "you walk into only a room next to yours (1B1), and 1D1 is not",
        ),
        (
            "move Z9",
            "a floor of this building has no room Z9: its rooms are A1 to D4",
        ),
    ] {
        let err = run(&["act", words, "--seat", "2", said]).error().to_owned();
        assert_eq!(err, format!("illegal action: {why}"), "{said}");
    }
    // With `--say fr`, the game's reason is said in French.
    let err = run(&["act", words, "--seat", "2", "peek A1", "--say", "fr"])
        .error()
        .to_owned();
    assert_eq!(err, "action impossible : un mur sépare 1B1 de 1A1");
    let err = run(&["act", words, "--seat", "1", "end_turn"])
        .error()
        .to_owned();
    assert_eq!(err, "it is not seat 1's turn (seat 2 to act)");
    assert_eq!(std::fs::read_to_string(words).unwrap(), before);
}

#[test]
fn act_says_the_events_in_english_or_french_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let file = file.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "3"]).ok();
    let said = run(&["act", file, "--seat", "1", "choose_entry B1", "--say", "fr"]);
    assert_eq!(
        said.ok(),
        "Tour 1 : au tour du cambrioleur 1\n\
         B1 (étage 1) est révélée : Toilettes (5)\n\
         Le cambrioleur 1 entre dans le bâtiment en B1 (étage 1)\n"
    );
    let said = run(&["act", file, "--seat", "1", "end_turn", "--say", "en"]);
    assert!(
        said.ok()
            .starts_with("Burglar 1 ends the turn after 0 actions\n"),
        "{said:?}"
    );
    let refused = run(&["act", file, "--seat", "2", "end_turn", "--say", "de"]);
    assert_ne!(refused.code, std::process::ExitCode::SUCCESS);
    assert!(
        refused.err.contains("possible values: en, fr"),
        "{refused:?}"
    );
}

#[test]
fn show_draws_the_board_in_french_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let file = file.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "3"]).ok();
    run(&["act", file, "--seat", "1", "choose_entry B1"]).ok();
    let english = run(&["show", file]).ok().to_owned();
    let french = run(&["show", file, "--say", "fr"]).ok().to_owned();
    assert!(
        english.starts_with("Burgle Bros.: seat 1's view, seat 1 to act\n"),
        "{english}"
    );
    assert!(
        french.starts_with("Burgle Bros. : vue de la place 1, à la place 1 de jouer\n"),
        "{french}"
    );
    for line in [
        "Étage 1 - dé du gardien 2",
        "Tour 1, actions : 0 action utilisée, 4 restantes.",
        "Légende : ?? face cachée",
    ] {
        assert!(french.contains(line), "{line} not in\n{french}");
    }
    // The rooms are drawn alike in both.
    let grid = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains('|'))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(grid(&english), grid(&french));
    let refused = run(&["show", file, "--json", "--say", "fr"]);
    assert_ne!(refused.code, std::process::ExitCode::SUCCESS);
    // A game over says how it ended.
    let lost = dir.path().join("lost.json");
    std::fs::write(
        &lost,
        include_str!("../../burgle/tests/saves/bank-2-seats-seed-14-format-1.json"),
    )
    .unwrap();
    let french = run(&["show", lost.to_str().unwrap(), "--say", "fr"])
        .ok()
        .to_owned();
    assert!(
        french.starts_with("Burgle Bros. : vue du spectateur, partie finie : perdue (captured)\n"),
        "{french}"
    );
    assert!(
        french.contains("\nPartie finie : perdue (captured)\n"),
        "{french}"
    );
}
