"""`delve play` and `delve replay` through Click: quiet bot games, saves and logs, a person's
input, and one clear message with a non-zero exit (nothing written) for every bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from delvekit.cli.main import _register, cli
from delvekit.cli.play import new_game
from delvekit.gloomhaven.bots.players import RandomBot, play
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine.game import Game

from .conftest import CUSTOM

_register()


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_quiet_greedy_game_prints_only_the_result_line(tmp_path: Path) -> None:
    """The printed line is the game's own result: its log, replayed, ends the same."""
    log = tmp_path / "game.jsonl"
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy", "--quiet"]
    result = run(*args, "--log", str(log))
    assert result.exit_code == 0, result.output
    expected = Game.from_log(log.read_text().splitlines())
    assert expected.setup == new_game(1, "brute,mindthief", seed=1).setup and expected.seed == 1  # §2.6 goals
    assert result.output == f"result: {expected.result} rounds={expected.state.round}\n"


def test_a_visible_game_draws_the_board_and_shows_events(tmp_path: Path) -> None:
    result = run("play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "random", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "scenario 1 - level 1 - round 0" in out and "round 1" in out
    assert "Br" in out and "Brute (bot): Take " in out and " leads, " in out  # the bots' choices in words
    assert "damage " in out and out.rstrip().splitlines()[-1].startswith("result: ")


def test_the_person_reads_names_not_ids_in_the_board_table_elements_and_prompts() -> None:
    """A newcomer saw ``bandit-guard#1``, ``brute`` and ``earth=waning``: the status table names each
    figure as its standee reads, elements are words, and the two-card question names the class."""
    answers = ["1", "1 2 3 4 5 6 7 8 9 10", "1", "7 2"] + ["1"] * 6 + ["q"]  # to round 2, Earth infused
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy"]
    out = run(*args, "--bot-seats", "mindthief", "--seed", "3", input="\n".join(answers) + "\n").output
    assert "Bandit Guard 5 (elite)" in out and "Bandit Guard 1 " in out and " Mindthief " in out
    assert "bandit-guard#" not in out.split("» Brute: choose")[0]  # the table before the first question
    assert "» Brute: choose two cards for the round, the leading one first" in out
    assert "Keep Neutralizer (1 ✓: a trap is sprung or disarmed on your turn)" in out  # the goal in words
    assert "Mindthief (bot): " in out and "mindthief (" not in out
    assert "round 2" in out and "elements: earth waning" in out and "=waning" not in out
    # the board's symbols are explained under it (those drawn on this board only)
    assert "hex q,r is the number r on line q=; * elite, [=] closed door, ^ trap, ▲ obstacle\n" in out


def test_a_party_of_four_with_custom_content_classes() -> None:
    party = "brute,mindthief,test-sage,test-warden"
    result = run(
        "play", "--scenario", "2", "--party", party, "--content", str(CUSTOM), "--bots", "greedy", "--quiet"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("result: ")


def test_log_replays_and_verifies_and_a_tampered_log_fails(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    save = tmp_path / "game.json"
    args = ["play", "--scenario", "3", "--party", "brute,mindthief", "--bots", "random", "--seed", "9"]
    result = run(*args, "--quiet", "--log", str(log), "--save", str(save))
    assert result.exit_code == 0
    ok = run("replay", str(log), "--verify")
    assert ok.exit_code == 0 and "verified" in ok.output
    assert run("replay", str(save), "--verify").exit_code == 0
    lines = log.read_text().splitlines()
    last = json.loads(lines[-1])
    last["digest"] = "0" * 64
    log.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n")
    bad = run("replay", str(log), "--verify")
    assert bad.exit_code != 0
    assert "does not match the logged digest" in bad.output and "Traceback" not in bad.output


def test_replay_refuses_an_illegal_choice_naming_its_position(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run(
        "play",
        "--scenario",
        "1",
        "--party",
        "brute,mindthief",
        "--bots",
        "random",
        "--quiet",
        "--log",
        str(log),
    )
    lines = log.read_text().splitlines()
    lines[3] = json.dumps({"choice": "teleport 99,99"})
    log.write_text("\n".join(lines) + "\n")
    result = run("replay", str(log), "--verify")
    assert result.exit_code != 0
    assert "choice 3" in result.output and "not a legal choice" in result.output


@pytest.mark.parametrize(
    "content",
    [
        "",
        "not json at all",
        '{"format": "delvekit-gloomhaven-log", "version": 1}\n',
        '{"format": "something-else"}\n',
        '{"format": "delvekit-gloomhaven-log", "version": 99, "seed": 1, "setup": {}}\n',
        '{"format": "delvekit-gloomhaven-log", "version": 1, "seed": "x", "setup": {}}\n',
    ],
)
def test_replay_of_a_corrupt_log_is_one_clear_error(tmp_path: Path, content: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(content)
    result = run("replay", str(log), "--verify")
    assert result.exit_code != 0
    assert result.output.startswith("Error: ") and str(log) in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_save_and_load_continue_the_same_game(tmp_path: Path) -> None:
    """A person quits mid-game (written save), the game is loaded and finished by the bot: the
    result is the one the bot reaches playing from the same point."""
    save = tmp_path / "mid.json"
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--seed", "4", "--save", str(save)]
    quit_ = run(*args, input="1\n1\nq\n")
    assert quit_.exit_code == 0 and "quit at round" in quit_.output
    saved = Game.load(save.read_text())
    assert len(saved.log) == 2
    log = tmp_path / "rest.jsonl"
    resumed = run("play", "--load", str(save), "--bots", "greedy", "--quiet", "--log", str(log))
    expected = Game.from_log(log.read_text().splitlines())
    assert expected.log[:2] == saved.log and expected.decision is None
    assert resumed.output == f"result: {expected.result} rounds={expected.state.round}\n"


def test_a_persons_illegal_answer_is_refused_and_asked_again(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--save", str(save)]
    result = run(*args, input="999\nfly away\nb\n2\nq\n")
    assert result.exit_code == 0
    assert result.output.count("not a legal choice") == 2
    game = Game.load(save.read_text())
    assert len(game.log) == 1  # only the legal answer was applied
    first = Game(game.setup, seed=1).decision
    assert first is not None and game.log == [str(first.choices[1])]


def test_an_empty_line_is_asked_again_saying_what_to_type() -> None:
    """Enter alone is not "not a legal choice: ''": the person is told what to type."""
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy"]
    answers = ["", "1", "1 2 3 4 5 6 7 8 9 10", "1", "", "q"]  # empty at the goal, then at the two cards
    out = run(*args, "--bot-seats", "mindthief", "--seed", "3", input="\n".join(answers) + "\n").output
    assert "type a number 1-2 or a choice's text (q quits)" in out
    assert "type two card numbers 1-10, the leading card first (e.g. 3 7); q quits" in out
    assert "''" not in out


def test_more_numbers_than_the_hand_holds_are_refused_and_nothing_taken(tmp_path: Path) -> None:
    """Eleven numbers for a ten-card hand took the first ten and dropped the last without a word."""
    save = tmp_path / "s.json"
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy", "--save", str(save)]
    answers = ["1", "1 2 3 4 5 6 7 8 9 10 11", "2 3 4 5 6 7 8 9 10 11", "q"]
    out = run(*args, "--bot-seats", "mindthief", "--seed", "3", input="\n".join(answers) + "\n").output
    assert "that is 11 cards: choose 10 at most" in out
    hand = Game.load(save.read_text()).state.characters["brute"].hand
    assert len(hand) == 10 and "trample" not in hand  # the second answer, the listed cards 2 to 11


def test_a_person_can_answer_with_the_choice_text(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    first = new_game(1, "brute,mindthief", seed=1).decision
    assert first is not None
    text = str(first.choices[-1])
    result = run(
        "play", "--scenario", "1", "--party", "brute,mindthief", "--save", str(save), input=f"{text}\nq\n"
    )
    assert result.exit_code == 0
    assert Game.load(save.read_text()).log == [text]


def test_bots_play_some_seats_and_the_person_the_others(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    args = [
        "play",
        "--scenario",
        "1",
        "--party",
        "brute,mindthief",
        "--bots",
        "greedy",
        "--bot-seats",
        "brute",
    ]
    result = run(*args, "--save", str(save), input="q\n")
    assert result.exit_code == 0
    game = Game.load(save.read_text())
    assert game.decision is not None and game.decision.actor == "mindthief"
    assert "» Mindthief: " in result.output and "» Brute: " not in result.output


def _unplayable_content() -> str:
    """A content folder (``--content``) with one class not playable yet: a copy of the
    Quartermaster whose first level-1 card is not encoded (every bundled class is playable)."""
    import json
    import tempfile

    from delvekit.gloomhaven.content import BUNDLED

    doc = json.loads((Path(str(BUNDLED)) / "classes" / "quartermaster.json").read_text())
    doc["id"], doc["name"] = "apprentice", "Apprentice"
    for i, card in enumerate(doc["cards"]):
        card["number"] = 9000 + i
    first = next(c for c in doc["cards"] if c["level"] == 1)
    first.update(encoded=False, top={"abilities": []}, bottom={"abilities": []})
    folder = Path(tempfile.mkdtemp(prefix="delvekit-unplayable-"))
    (folder / "classes").mkdir()
    (folder / "classes" / "apprentice.json").write_text(json.dumps(doc))
    return str(folder)


#: A class that is not playable yet (a card not encoded), in the content folder ``UNPLAYABLE_DIR``.
UNPLAYABLE, UNPLAYABLE_DIR = "apprentice", _unplayable_content()

BAD = [
    (["--scenario", "1", "--party", "brute,wizard", "--bots", "greedy"], "unknown class 'wizard'"),
    (["--scenario", "99", "--party", "brute,mindthief", "--bots", "greedy"], "unknown scenario 99"),
    (
        [
            "--scenario",
            "1",
            "--party",
            f"brute,{UNPLAYABLE}",
            "--bots",
            "greedy",
            "--content",
            UNPLAYABLE_DIR,
        ],
        "not playable yet: cards",
    ),
    (["--scenario", "1", "--party", "brute", "--bots", "greedy"], "2 to 4 characters"),
    (["--scenario", "1", "--party", "brute,brute", "--bots", "greedy"], "appears twice"),
    (
        ["--scenario", "1", "--party", "brute,mindthief", "--level", "12", "--bots", "greedy"],
        "levels are 1 to 9",
    ),
    (["--party", "brute,mindthief", "--bots", "greedy"], "give --scenario N"),
    (["--scenario", "1", "--party", "brute,mindthief"], "every seat must be a bot"),
    (["--scenario", "1", "--party", "brute,mindthief", "--bot-seats", "brute"], "--bot-seats needs --bots"),
    (
        ["--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy", "--bot-seats", "tinkerer"],
        "not in",
    ),
    (
        ["--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy", "--content", "/nonexistent"],
        "/nonexistent: is not a folder",
    ),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_options_give_one_clear_message_and_write_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    save, log = tmp_path / "s.json", tmp_path / "l.jsonl"
    result = run("play", *args, "--quiet", "--save", str(save), "--log", str(log))
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output
    assert not save.exists() and not log.exists()


def test_the_unplayable_class_message_names_the_missing_cards() -> None:
    result = run(
        "play",
        "--scenario",
        "1",
        "--party",
        f"brute,{UNPLAYABLE}",
        "--level",
        "3",
        "--bots",
        "greedy",
        "--quiet",
        "--content",
        UNPLAYABLE_DIR,
    )
    missing = load_pack(extra=Path(UNPLAYABLE_DIR)).classes[UNPLAYABLE].missing_cards(3)
    assert result.exit_code != 0
    assert f"party.{UNPLAYABLE}" in result.output and missing[0].name in result.output


def test_a_partly_encoded_class_plays_at_a_higher_level_from_its_encoded_cards() -> None:
    """A fresh pack in which two of the Brute's level-2/3 cards are not encoded: at level 3 its
    pool is the encoded cards of levels 1-3 only; health is that of level 3."""
    import msgspec

    from delvekit.gloomhaven.content import BUNDLED, ContentPack
    from delvekit.gloomhaven.content.adapter import Member, setup_from_pack, slug
    from delvekit.gloomhaven.engine.game import Game

    pack = ContentPack([BUNDLED])
    brute = pack.classes["brute"]
    hidden = {c.number for c in brute.cards if c.level in (2, 3)}
    hidden = set(sorted(hidden)[:2])
    pack.classes["brute"] = msgspec.structs.replace(
        brute, cards=tuple(msgspec.structs.replace(c, encoded=c.number not in hidden) for c in brute.cards)
    )
    partly = pack.classes["brute"]
    assert partly.playable_at(1) and not partly.playable_at(3)
    setup = setup_from_pack(pack, 1, [Member("brute", 3), Member("mindthief", 3)])
    ch = setup.party[0]
    pool = [c for c in partly.cards_at(3) if c.encoded]
    assert ch.level == 3 and ch.max_health == brute.health[2]
    assert sorted(c.id for c in ch.hand) == sorted(slug(c.name) for c in pool)
    assert len(pool) == len(brute.cards_at(3)) - 2 and ch.hand_limit == brute.hand_size
    game = play(Game(setup, seed=2), RandomBot(2))
    assert game.result in ("victory", "defeat")


@pytest.mark.parametrize("level", [2, 6, 9])
def test_every_playable_class_plays_at_levels_above_its_encoded_cards(level: int) -> None:
    from delvekit.gloomhaven.content import load_pack

    classes = [c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1)]
    for i in range(0, len(classes), 4):
        party = ",".join(list(dict.fromkeys(classes[i : i + 4] + classes))[:4])
        result = run(
            "play", "--scenario", "2", "--party", party, "--level", str(level), "--bots", "random", "--quiet"
        )
        assert result.exit_code == 0 and result.output.startswith("result: "), (party, result.output)


@pytest.mark.parametrize(
    "content",
    ["", "{", "[]", '{"format": "delvekit-gloomhaven-save", "version": 1, "seed": 1}', '{"format": "x"}'],
)
def test_a_corrupt_save_is_one_clear_error_and_is_left_alone(tmp_path: Path, content: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = run("play", "--load", str(bad), "--bots", "greedy", "--quiet", "--save", str(bad))
    assert result.exit_code != 0
    assert result.output.startswith("Error: ") and str(bad) in result.output
    assert bad.read_text() == content


def test_a_save_whose_choices_do_not_match_its_digest_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    run(
        "play",
        "--scenario",
        "1",
        "--party",
        "brute,mindthief",
        "--bots",
        "random",
        "--quiet",
        "--save",
        str(save),
    )
    doc = json.loads(save.read_text())
    doc["choices"] = doc["choices"][:-1]
    save.write_text(json.dumps(doc))
    result = run("play", "--load", str(save), "--bots", "greedy", "--quiet")
    assert result.exit_code != 0 and "digest" in result.output


def test_load_refuses_a_scenario_or_party_as_well() -> None:
    result = run("play", "--load", "x.json", "--scenario", "1", "--bots", "greedy", "--quiet")
    assert result.exit_code != 0 and "already has its scenario" in result.output


def test_undo_takes_back_the_persons_last_choice_and_the_bots_after_it(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    game = new_game(1, "brute,mindthief", seed=1)
    first = game.decision
    assert first is not None
    game.choose(first.choices[0])
    second = game.decision
    assert second is not None
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--save", str(save)]
    result = run(*args, input="u\n1\n2\nu\n1\nq\n")  # the battle goals come first (§2.6)
    assert result.exit_code == 0
    assert "nothing to undo" in result.output and "undone: back to choice 2" in result.output
    assert Game.load(save.read_text()).log == [str(first.choices[0]), str(second.choices[0])]


def test_undo_with_a_bot_seat_returns_to_the_persons_decision(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    args = [
        "play",
        "--scenario",
        "1",
        "--party",
        "brute,mindthief",
        "--bots",
        "greedy",
        "--bot-seats",
        "brute",
    ]
    result = run(*args, "--save", str(save), input="1\n1\nu\nu\nq\n")
    assert result.exit_code == 0
    game = Game.load(save.read_text())
    assert game.decision is not None and (game.decision.actor, game.decision.kind) == (
        "mindthief",
        "battle-goal",
    )
    assert (
        len(game.log) == 1
    )  # the brute bot's battle goal stays; the person's choices and the bot's after them go


def test_a_bots_battle_goal_stays_secret_until_the_scenario_ends() -> None:
    """§2.6: a kept battle goal is secret. A person playing beside a bot reads that the bot chose
    one, never which."""
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--bots", "greedy", "--seed", "3"]
    answers = ["1", "1 2 3 4 5 6 7 8 9 10", "q"]
    out = run(*args, "--bot-seats", "mindthief", input="\n".join(answers) + "\n").output
    assert "Mindthief (bot): chooses the battle goal to keep" in out
    assert "Mindthief keeps a battle goal (secret)" in out
    assert "Mindthief (bot): Keep" not in out
