//! Bots as teammates on the command line: `new --bot SEAT=NAME` seats them, `act` lets them
//! play their turns after the player's action, `hint` asks one what to play.

use crate::common;

use std::fs;

use crate::common::{Run, lockpick, lockpick_with};
use lockpick_engine::{GameRng, Registry};
use serde_json::Value;

fn registry() -> Registry {
    Registry::new()
        .with::<lockpick_burgle::Burgle>()
        .with::<lockpick_hacktivity::Hacktivity>()
}

fn run(args: &[&str]) -> Run {
    lockpick_with(&registry(), args)
}

/// A new Burgle Bros. game of two seats, `name` in `dir`, seat 2 played by the heuristic bot.
fn duo(dir: &tempfile::TempDir, name: &str, seed: &str, job: &str) -> String {
    let file = dir.path().join(name).to_str().unwrap().to_owned();
    let job = format!("job={job}");
    let args = [
        "--seats",
        "2",
        "--seed",
        seed,
        "--option",
        &job,
        "--bot",
        "2=heuristic",
    ];
    let mut command = vec!["new", "burgle", "-o", &file];
    command.extend(args);
    run(&command).ok();
    file
}

/// The game in `file` is over, and its log replays to the hash it recorded.
#[track_caller]
fn assert_over_and_replays(file: &str) {
    assert_eq!(to_act(file)["type"], "over");
    assert!(run(&["replay", file]).ok().contains("matches"));
}

/// Who may act, from `show --json`.
fn to_act(file: &str) -> Value {
    let show = run(&["show", file, "--json"]);
    let view: Value = serde_json::from_str(show.ok()).unwrap();
    view["to_act"].clone()
}

/// Seat 1 plays random legal actions, the heuristic bot of seat 2 its own turns, to the end.
/// Returns what seat 1 was told after each action, and how the game ended.
fn play_beside_a_bot(file: &str, seed: u64) -> (Vec<String>, String) {
    let mut rng = GameRng::from_seed(seed);
    let mut told = Vec::new();
    for _ in 0..3000 {
        let now = to_act(file);
        if now["type"] == "over" {
            return (told, now["outcome"]["reason"].as_str().unwrap().to_owned());
        }
        // Never the bot's seat: it has played before the command returned.
        assert_eq!(now["seats"], serde_json::json!([0]), "{now}");
        let legal = run(&["legal", file, "--seat", "1"]);
        let actions: Vec<&str> = legal.ok().lines().collect();
        let action = actions[rng.index(actions.len())];
        told.push(
            run(&["act", file, "--seat", "1", action, "--say", "en"])
                .ok()
                .to_owned(),
        );
    }
    panic!("the game did not end");
}

#[test]
fn a_bot_teammate_plays_its_turns_after_each_action_and_the_game_replays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("heist.json");
    let file = path.to_str().unwrap();
    let new = run(&[
        "new",
        "burgle",
        "-o",
        file,
        "--seats",
        "2",
        "--seed",
        "5",
        "--option",
        "job=office",
        "--bot",
        "2=heuristic",
    ]);
    assert!(
        new.ok().contains("seat 2 is played by the heuristic bot"),
        "{new:?}"
    );
    assert!(new.ok().ends_with("seat 1 to act\n"), "{new:?}");
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["bots"], serde_json::json!({"1": "heuristic"}));

    // The bot's seat is not the player's to play.
    let before = fs::read(&path).unwrap();
    let refused = run(&["act", file, "--seat", "2", "end_turn"]);
    assert_eq!(
        refused.error(),
        "seat 2 is played by the heuristic bot: it plays its own turns"
    );
    assert_eq!(fs::read(&path).unwrap(), before);

    let (told, reason) = play_beside_a_bot(file, 5);
    // The player is told what the bot's burglar did, as at a table.
    let all = told.concat();
    assert!(all.contains("Turn 2: Burglar 2 plays"), "{all}");
    assert!(all.contains("Burglar 2 ends the turn"), "{all}");
    assert!(!reason.is_empty());
    assert!(run(&["replay", file]).ok().contains("matches"));
    // The file still names its bot, game over or not.
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["bots"], serde_json::json!({"1": "heuristic"}));
}

#[test]
fn the_same_file_and_actions_give_the_same_bot_moves_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        duo(&dir, "a.json", "9", "bank"),
        duo(&dir, "b.json", "9", "bank"),
    ];
    for file in &files {
        play_beside_a_bot(file, 9);
    }
    assert_eq!(fs::read(&files[0]).unwrap(), fs::read(&files[1]).unwrap());
}

#[test]
fn bots_in_every_seat_play_the_whole_game_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("watch.json");
    let file = path.to_str().unwrap();
    let new = run(&[
        "new", "burgle", "-o", file, "--seats", "2", "--seed", "3", "--bot", "1=random", "--bot",
        "2=random",
    ]);
    assert!(new.ok().contains("game over: "), "{new:?}");
    assert_over_and_replays(file);
}

#[test]
fn a_hacktivity_bot_makes_its_plan_and_waits_for_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hack.json");
    let file = path.to_str().unwrap();
    run(&[
        "new",
        "hacktivity",
        "-o",
        file,
        "--seats",
        "2",
        "--seed",
        "4",
        "--bot",
        "2=heuristic",
    ])
    .ok();
    // Both seats plan at once: the bot has made its choices, the player's are left.
    assert_eq!(to_act(file)["seats"], serde_json::json!([0]));
    let mut rng = GameRng::from_seed(4);
    for _ in 0..40 {
        let now = to_act(file);
        if now["type"] == "over" {
            break;
        }
        assert_eq!(now["seats"], serde_json::json!([0]), "{now}");
        let legal = run(&["legal", file, "--seat", "1"]);
        let actions: Vec<&str> = legal.ok().lines().collect();
        run(&[
            "act",
            file,
            "--seat",
            "1",
            actions[rng.index(actions.len())],
        ])
        .ok();
    }
    assert!(run(&["replay", file]).ok().contains("matches"));
}

#[test]
fn a_hint_is_a_legal_action_act_takes_and_the_same_for_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hint.json");
    let file = path.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "8"]).ok();
    run(&["act", file, "--seat", "1", "choose_entry B1"]).ok();
    for bot in ["heuristic", "ismcts", "random"] {
        let words = run(&["hint", file, "--bot", bot]).ok().trim().to_owned();
        assert_eq!(run(&["hint", file, "--bot", bot]).ok().trim(), words);
        let json = run(&["hint", file, "--bot", bot, "--json"])
            .ok()
            .trim()
            .to_owned();
        let legal = run(&["legal", file, "--seat", "1"]);
        assert!(legal.ok().lines().any(|l| l == json), "{json} in {legal:?}");
        // Played nowhere: the file is as it was, and act takes the words.
        let before = fs::read(&path).unwrap();
        let copy = dir.path().join(format!("{bot}.json"));
        fs::write(&copy, &before).unwrap();
        run(&["act", copy.to_str().unwrap(), "--seat", "1", &words]).ok();
        assert_eq!(fs::read(&path).unwrap(), before);
    }
    // The default bot is the search.
    assert_eq!(
        run(&["hint", file]).ok(),
        run(&["hint", file, "--bot", "ismcts"]).ok()
    );
    assert_eq!(
        run(&["hint", file, "--seat", "2"]).error(),
        "it is not seat 2's turn (seat 1 to act)"
    );
    assert_eq!(
        run(&["hint", file, "--bot", "oracle"]).error(),
        "bad bot 'oracle': the oracle reads hidden cards: it is for `sim` only, never seated"
    );
}

#[test]
fn bad_bots_are_refused_by_name_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let file = path.to_str().unwrap();
    let new = |bots: &[&str]| {
        let mut args = vec!["new", "burgle", "-o", file, "--seats", "2"];
        for b in bots {
            args.extend(["--bot", b]);
        }
        run(&args)
    };
    for (bots, error) in [
        (
            &["heuristic"][..],
            "bad bot 'heuristic': write SEAT=NAME, such as 2=heuristic",
        ),
        (
            &["one=heuristic"],
            "bad bot 'one=heuristic': 'one' is not a seat number (seats are counted from 1)",
        ),
        (
            &["0=heuristic"],
            "bad bot '0=heuristic': seats are counted from 1: the first seat is 1",
        ),
        (
            &["3=heuristic"],
            "bad bot '3=heuristic': seat 3 is out of range: this table has seats 1 to 2",
        ),
        (
            &["2=genius"],
            "bad bot '2=genius': unknown bot 'genius' (a seat may have: random, heuristic, ismcts)",
        ),
        (
            &["2=oracle"],
            "bad bot '2=oracle': the oracle reads hidden cards: it is for `sim` only, never seated",
        ),
        (
            &["2=heuristic", "2=random"],
            "bad bot '2=random': seat 2 is given a bot twice",
        ),
    ] {
        assert_eq!(new(bots).error(), error);
        assert!(!path.exists());
    }
    // A game no bot plays.
    let toy = lockpick(&[
        "new", "toy", "-o", file, "--seats", "2", "--bot", "2=random",
    ]);
    assert_eq!(toy.error(), "no bots play 'toy' yet");
    assert!(!path.exists());

    // A file whose bot was edited into one no seat may have is refused before anything.
    new(&["2=heuristic"]).ok();
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("\"heuristic\"", "\"oracle\"");
    fs::write(&path, &text).unwrap();
    let error = run(&["act", file, "--seat", "1", "choose_entry A1"]);
    assert!(
        error
            .error()
            .ends_with("the saved game's bots are invalid: key \"1\": the oracle reads hidden cards: it is for `sim` only, never seated"),
        "{error:?}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
}

fn typing(args: &[&str], input: &str) -> Run {
    common::lockpick_typing(&registry(), args, input)
}

#[test]
fn play_at_the_terminal_numbers_the_actions_answers_each_line_and_saves_as_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let file = &duo(&dir, "duo.json", "42", "office");
    let run = typing(&["play", file], "5\nhint\npeek Z9\n1\nundo\nboard\nquit\n");
    let out = run.ok();
    // The board, then the seat's legal actions, numbered, each in a sentence with the words
    // that type it.
    assert!(
        out.contains("Burgle Bros.: seat 1's view, seat 1 to act"),
        "{out}"
    );
    assert!(
        out.contains("   5. Enter the building at A2 (floor 1)  [choose_entry A2]\n"),
        "{out}"
    );
    // 5 chose the entry; the events follow.
    assert!(
        out.contains("Burglar 1 enters the building at A2 (floor 1)"),
        "{out}"
    );
    assert!(out.contains("seat 1> hint: "), "{out}");
    // A refusal says why and asks again.
    assert!(
        out.contains("seat 1> illegal action: a floor of this building has no room Z9"),
        "{out}"
    );
    assert!(out.contains("cannot undo: "), "{out}");
    assert!(
        out.ends_with(&format!("Saved; to go on: lockpick play {file}\n")),
        "{out}"
    );
    // Two actions were played, each saved: the entry and the first listed after it.
    let replay = typing(&["replay", file], "");
    assert!(replay.ok().contains("2 actions replayed"), "{replay:?}");
}

#[test]
fn play_at_the_terminal_goes_on_to_the_end_with_the_bot_and_says_how_it_ended() {
    let dir = tempfile::tempdir().unwrap();
    let file = &duo(&dir, "end.json", "6", "office");
    // Words that name nothing, then always the first action listed, to the end.
    let input = format!("zzz\n{}", "1\n".repeat(3000));
    let out = typing(&["play", file, "--say", "fr"], &input)
        .ok()
        .to_owned();
    assert!(out.contains("place 1> "), "{out}");
    assert!(
        out.contains("   1. Entrer dans le bâtiment en A1 (étage 1)  [choose_entry A1]\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "place 1> « zzz » n'est aucune des actions possibles de la place 1 : choose_entry A1,"
        ),
        "{out}"
    );
    assert!(
        out.contains("Le cambrioleur 2"),
        "the bot's moves are told: {out}"
    );
    assert!(
        out.contains("Burgle Bros. : vue du spectateur, partie finie : perdue"),
        "{out}"
    );
    assert!(out.trim_end().ends_with(")"), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("Partie finie : perdue ("),
        "{out}"
    );
    assert_over_and_replays(file);
}

#[test]
fn friends_at_one_terminal_take_their_seats_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hot.json");
    let file = path.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "3"]).ok();
    let out = typing(&["play", file], "choose_entry A1\nend_turn\nend_turn\n")
        .ok()
        .to_owned();
    let prompts: Vec<&str> = out
        .match_indices("seat ")
        .filter_map(|(i, _)| out[i..].split_once("> ").map(|(p, _)| p))
        .filter(|p| p.len() == "seat 1".len())
        .collect();
    assert_eq!(prompts, ["seat 1", "seat 1", "seat 2", "seat 1"], "{out}");
    assert!(
        out.contains("Burgle Bros.: seat 2's view, seat 2 to act"),
        "{out}"
    );
}

#[test]
fn act_in_french_says_its_own_refusals_in_french_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fr.json");
    let file = path.to_str().unwrap();
    run(&[
        "new", "burgle", "-o", file, "--seats", "2", "--seed", "2", "--bot", "2=random",
    ])
    .ok();
    let before = fs::read(&path).unwrap();
    for (args, english, french) in [
        (
            &["--seat", "1", "zzz"][..],
            "'zzz' is none of seat 1's legal actions: choose_entry A1,",
            "« zzz » n'est aucune des actions possibles de la place 1 : choose_entry A1,",
        ),
        (
            &["--seat", "2", "end_turn"],
            "seat 2 is played by the random bot: it plays its own turns",
            "la place 2 est jouée par le bot au hasard : il joue ses propres tours",
        ),
        (
            &["--seat", "1", "{\"type\": "],
            "malformed action: not JSON",
            "action mal formée : ce n'est pas du JSON",
        ),
    ] {
        let mut command = vec!["act", file];
        command.extend(args);
        assert!(run(&command).error().starts_with(english), "{command:?}");
        command.extend(["--say", "fr"]);
        let refused = run(&command);
        assert!(refused.error().starts_with(french), "{refused:?}");
        assert_eq!(fs::read(&path).unwrap(), before);
    }
    let missing = run(&[
        "act",
        "nowhere.json",
        "--seat",
        "1",
        "end_turn",
        "--say",
        "fr",
    ]);
    assert_eq!(missing.error(), "fichier introuvable : nowhere.json");
    let nobody = run(&["show", file, "--seat", "6", "--say", "fr"]);
    assert_eq!(
        nobody.error(),
        "la place 6 n'existe pas : cette table a les places 1 à 2"
    );
    // `new` says what it made, and why not, in French too.
    let other = dir.path().join("nouvelle.json");
    let other = other.to_str().unwrap();
    let made = run(&[
        "new",
        "burgle",
        "-o",
        other,
        "--seats",
        "2",
        "--seed",
        "4",
        "--bot",
        "2=heuristic",
        "--say",
        "fr",
    ]);
    let made = made.ok();
    assert!(
        made.starts_with(&format!(
            "nouvelle partie de Burgle Bros. enregistrée dans {other} : 2 places, graine 4\n"
        )),
        "{made}"
    );
    assert!(
        made.contains("\nla place 2 est jouée par le bot heuristique\n"),
        "{made}"
    );
    assert!(made.ends_with("\nà la place 1 de jouer\n"), "{made}");
    fs::remove_file(other).unwrap();
    let refused = run(&[
        "new", "burgle", "-o", other, "--bot", "2=oracle", "--say", "fr",
    ]);
    assert_eq!(
        refused.error(),
        "mauvais bot « 2=oracle » : la place 2 n'existe pas : cette table a les places 1 à 1"
    );
    let refused = run(&[
        "new", "burgle", "-o", other, "--seats", "2", "--bot", "2=oracle", "--say", "fr",
    ]);
    assert_eq!(
        refused.error(),
        "mauvais bot « 2=oracle » : l'oracle lit les cartes cachées : il ne sert qu'à `sim`, jamais à une place"
    );
    assert!(!std::path::Path::new(other).exists());
}

#[test]
fn play_lets_the_bots_go_on_where_only_bots_are_to_act() {
    // A file whose seats were all given to bots by hand, after it was made: nobody played for them.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("handed.json");
    let file = path.to_str().unwrap();
    run(&["new", "burgle", "-o", file, "--seats", "2", "--seed", "12"]).ok();
    let mut saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    saved["bots"] = serde_json::json!({"0": "random", "1": "random"});
    fs::write(&path, saved.to_string()).unwrap();
    let out = typing(&["play", file], "").ok().to_owned();
    assert!(
        out.lines().last().unwrap().starts_with("Game over: "),
        "{out}"
    );
    assert_over_and_replays(file);
}
