"""A full-game transcript (OpenSpiel-style playthrough): a fixed setup, seed and choice policy
must produce exactly the committed decisions and events. Any change to the round machine shows
up here as a readable diff; when the change is intended, regenerate with

    DELVEKIT_REGENERATE=1 .venv/bin/pytest tests/engine/test_transcript.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import four_setup

DATA = Path(__file__).parent / "data" / "transcript_four_seed7.txt"


def transcript() -> str:
    game = Game(four_setup(), seed=7)
    rnd = random.Random(7)
    lines: list[str] = []
    seen = 0
    while game.decision is not None:
        lines += [f"  {e}" for e in game.events[seen:]]
        seen = len(game.events)
        d = game.decision
        choice = d.choices[rnd.randrange(len(d.choices))]
        lines.append(f"? {d.actor} {d.kind} ({len(d.choices)} choices) -> {choice}")
        game.choose(choice)
    lines += [f"  {e}" for e in game.events[seen:]]
    lines.append(f"digest {game.digest()}")
    return "\n".join(lines) + "\n"


def test_four_character_transcript_is_unchanged() -> None:
    text = transcript()
    if os.environ.get("DELVEKIT_REGENERATE"):
        DATA.write_text(text)
    expected = DATA.read_text()
    assert text.splitlines() == expected.splitlines()
