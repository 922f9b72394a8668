"""Event words (:func:`delvekit.gloomhaven.describe.event_text` / ``events_text`` and
:mod:`delvekit.gloomhaven.event_words`): what a player reads of the engine's events in the
terminal and on the play page, in words (no engine token), each thing told once, and a battle
goal kept secret (§2.6). The committed golden games (tests/data/golden-logs) are the walk."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

from delvekit.core.records import Event
from delvekit.gloomhaven.describe import event_text, events_text, figure_name
from delvekit.gloomhaven.engine.game import Game

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden-logs"
RAW = re.compile(r"[=_]|(?<![A-Za-z])[a-z]+-[a-z]+|\(s\)")
"""An engine token: ``x=y``, ``a_b``, a lower-case hyphenated word, or a lazy ``coin(s)``."""


@pytest.fixture(scope="module")
def golden_lines() -> dict[str, list[str]]:
    """Every event line of every committed golden game (replayed once for the module)."""
    out = {}
    for entry in json.loads((GOLDEN / "index.json").read_text(encoding="utf-8")):
        game = Game.from_log((GOLDEN / f"{entry['name']}.jsonl").read_text(encoding="utf-8").splitlines())
        out[entry["name"]] = events_text(game.events, {c.id: figure_name(c.id) for c in game.setup.party})
    return out


def test_no_event_line_of_a_golden_game_shows_an_engine_token(golden_lines: dict[str, list[str]]) -> None:
    assert sum(map(len, golden_lines.values())) > 3000
    bad = [(name, line) for name, lines in golden_lines.items() for line in lines if RAW.search(line)]
    assert bad == []


def test_no_golden_game_tells_the_same_line_twice_in_a_row_but_a_second_curse(
    golden_lines: dict[str, list[str]],
) -> None:
    """Two curse cards shuffled in (a scenario rule) are two things; nothing else repeats."""
    bad = [
        (name, a)
        for name, lines in golden_lines.items()
        for a, b in pairwise(lines)
        if a == b and not a.startswith("A Curse card")
    ]
    assert bad == []


G = "bandit-guard#6"


def test_a_monster_without_focus_is_told_so_once_per_turn() -> None:
    """The engine looks for a focus for the move and again for the attack (§11.2: each ability
    of the card); with no focus the monster does not move, and the second look is not told."""
    events = [
        Event("turn", (G,)),
        Event("focus", (G, "-")),
        Event("move-ended", (G, "3,4")),
        Event("focus", (G, "-")),
    ]
    assert events_text(events, {}) == ["Bandit Guard 6's turn", "Bandit Guard 6 finds no one to focus on"]
    assert event_text(events[3], {}, events[2]) is None  # the terminal words event by event


def test_a_monster_that_finds_its_focus_again_is_told_once_and_a_new_focus_is_told() -> None:
    events = [
        Event("turn", (G,)),
        Event("focus", (G, "brute")),
        Event("move-ended", (G, "3,4")),
        Event("focus", (G, "brute")),
        Event("focus", (G, "mindthief")),
        Event("turn", (G,)),
        Event("focus", (G, "brute")),
    ]
    said = events_text(events, {"brute": "Brute", "mindthief": "Mindthief"})
    assert said == [
        "Bandit Guard 6's turn",
        "Bandit Guard 6 focuses on Brute",
        "Bandit Guard 6 focuses on Mindthief",
        "Bandit Guard 6's turn",
        "Bandit Guard 6 focuses on Brute",
    ]


def test_a_kept_battle_goal_names_who_keeps_one_and_not_which() -> None:
    """§2.6: a battle goal is kept secretly; the event says who kept one."""
    assert (
        event_text(Event("battle-goal-kept", ("brute",)), {"brute": "Brute"})
        == "Brute keeps a battle goal (secret)"
    )


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (Event("looted", ("brute", "coins=1")), "Brute loots 1 coin"),
        (Event("looted", ("brute", "coins=2")), "Brute loots 2 coins"),
        (Event("scenario-end", ("victory",)), "The scenario is won"),
        (Event("scenario-end", ("defeat", "rounds=25")), "The scenario is lost"),
        (
            Event("round-attack-bonus", ("brute", "+1", "by=tinkerer")),
            "Brute has +1 Attack this round (from Tinkerer)",
        ),
        (
            Event("attack-bonus", ("mindthief", G, "+2", "augment+2")),
            "Mindthief's attack on Bandit Guard 6 gets +2 Attack (augment)",
        ),
        (Event("trap-created", (G, "13,5", "damage=3")), "Bandit Guard 6 sets a trap at 13,5 (3 damage)"),
        (Event("prevented", (G, "attack", "disarm")), "Bandit Guard 6 is disarmed: it cannot attack"),
        (Event("stunned", (G,)), "Bandit Guard 6 is stunned and loses its turn"),
        (Event("bonus", (G, "shield", "1")), "Bandit Guard 6 gains Shield 1"),
        (
            Event("no-infuse", ("tinkerer", "earth")),
            "Tinkerer infuses no Earth: no other ability of its action was used",
        ),
        (Event("forced", (G, "push", "3,4")), "Bandit Guard 6 is pushed to 3,4"),
        (Event("condition", ("brute", "curse")), "A Curse card is shuffled into Brute's modifier deck"),
        (Event("no-hex", ("brute", "obstacle")), "Brute finds no free hex for an obstacle"),
        (Event("no-spawn", ("inox-guard", "no-standee")), "No Inox Guard appears (no standee left)"),
        (
            Event("removed", ("mindthief.rat-swarm", "owner-exhausted")),
            "Rat Swarm (Mindthief's summon) is removed (its summoner is exhausted)",
        ),
    ],
)
def test_an_event_reads_as_a_sentence(event: Event, words: str) -> None:
    assert event_text(event, {"brute": "Brute", "mindthief": "Mindthief", "tinkerer": "Tinkerer"}) == words


def test_bookkeeping_events_are_not_told() -> None:
    assert event_text(Event("struck", ("cragheart", G, "1,2")), {}) is None


def test_an_elite_placed_is_called_elite_once_whatever_names_the_face_gives() -> None:
    """The play page names monsters with their rank ("Bandit Guard 4 (elite)"); the terminal
    names them bare. Either way the placed line says "elite" once."""
    placed = Event("placed", ("bandit-guard#4", "elite"))
    named = {"bandit-guard#4": "Bandit Guard 4 (elite)"}
    assert event_text(placed, named) == "Bandit Guard 4 (elite) is placed"
    assert event_text(placed, {}) == "Bandit Guard 4 is placed (elite)"
    assert event_text(Event("placed", ("bandit-guard#2", "normal")), {}) == "Bandit Guard 2 is placed"
