"""Fuzzing saves and logs: every mutated file is either refused with one line or, when it still
verifies, is the very file the engine wrote. Never a traceback, never a wrong "verified"."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.engine.game import Game

from .conftest import run_cases, tiers
from .strategies import mutated, nasty_values, paths

CUT = 16


@pytest.fixture(scope="module")
def game() -> Game:
    from delvekit.cli.play import new_game

    g = new_game(1, "brute,mindthief", level=1, seed=3, content=None, difficulty="normal", items=None)
    for _ in range(CUT):
        decision = g.decision
        assert decision is not None
        g.choose(decision.choices[(len(g.log) * 7) % len(decision.choices)])
    return g


def _one_line(exc: BaseException) -> None:
    assert isinstance(exc, DelvekitError), repr(exc)
    text = str(exc)
    assert "\n" not in text and len(text) < 3000, text[:500]


@tiers(150, 4000)
def test_mutated_saves_verify_only_when_unchanged(game: Game, cases: int) -> None:
    original = json.loads(game.save())
    all_paths = paths(original)

    @given(doc=mutated(original, all_paths), verify=st.booleans())
    def check(doc: Any, verify: bool) -> None:
        try:
            loaded = Game.load(json.dumps(doc), where="save", verify=verify)
        except Exception as exc:
            _one_line(exc)
            return
        if verify:
            assert doc == original, "a changed save verified"
            assert loaded.digest() == game.digest()
        elif "seal" in doc:
            # an unverified load still refuses a changed setup, seed or choice when a seal is there
            assert {k: doc.get(k) for k in ("setup", "seed", "choices")} == {
                k: original[k] for k in ("setup", "seed", "choices")
            }

    run_cases("saves", cases, check)


@tiers(60, 2000)
def test_mutated_logs_verify_only_when_unchanged(game: Game, cases: int) -> None:
    lines = [json.loads(line) for line in game.log_lines()]

    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        doc = [dict(line) for line in lines]
        how = data.draw(st.sampled_from(["header", "header", "choice", "end", "drop", "swap", "junk"]))
        if how == "header":
            doc[0] = data.draw(mutated(lines[0]))
        elif how == "choice":
            i = data.draw(st.integers(1, len(doc) - 2))
            doc[i] = data.draw(
                st.one_of(mutated(lines[i]), st.builds(lambda v: {"choice": copy.deepcopy(v)}, nasty_values))
            )
        elif how == "end":
            doc[-1] = data.draw(mutated(lines[-1]))
        elif how == "drop":
            del doc[data.draw(st.integers(0, len(doc) - 1))]
        elif how == "swap":
            i = data.draw(st.integers(1, len(doc) - 2))
            doc[i], doc[i + 1] = doc[i + 1], doc[i]
        else:
            doc.insert(data.draw(st.integers(0, len(doc))), copy.deepcopy(data.draw(nasty_values)))
        text = [json.dumps(line) for line in doc]
        try:
            loaded = Game.from_log(text, where="log", verify=True)
        except Exception as exc:
            _one_line(exc)
            return
        # the end line's "round" is informational (checked when present, not required)
        assert doc[:-1] == lines[:-1] and {**lines[-1], **doc[-1]} == lines[-1], (
            f"a changed log verified ({how})"
        )
        assert loaded.digest() == game.digest()

    run_cases("logs", cases, check)


@tiers(60, 2000)
def test_random_bytes_as_a_save_or_log(cases: int) -> None:
    @given(raw=st.one_of(st.binary(max_size=200), st.text(max_size=200)), as_log=st.booleans())
    def check(raw: bytes | str, as_log: bool) -> None:
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        try:
            if as_log:
                Game.from_log(text.splitlines(), where="log", verify=True)
            else:
                Game.load(text, where="save", verify=True)
        except Exception as exc:
            _one_line(exc)
            return
        raise AssertionError("random text verified")

    run_cases("saves", cases, check)
