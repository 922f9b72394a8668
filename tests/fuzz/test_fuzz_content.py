"""Fuzzing users' content folders: a random or mutated file of every kind. `delve content check`
and `delve play --content` never print a traceback, and whatever play refuses, check finds."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.content import ContentPack
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.pack import BUNDLED

from .conftest import run_cases, tiers
from .strategies import mutated, nasty_values


def _first(name: str) -> Any:
    data = json.loads((BUNDLED / name).read_text(encoding="utf-8"))
    return [data[0]] if isinstance(data, list) else data


SEEDS: dict[str, Any] = {
    name: _first(name)
    for name in (
        "pack.json",
        "tables.json",
        "monsters.json",
        "monster-decks.json",
        "items.json",
        "battle-goals.json",
        "personal-quests.json",
        "events.json",
        "treasures.json",
        "achievements.json",
        "classes/brute.json",
        "scenarios/01.json",
    )
}

contents = st.one_of(
    st.builds(lambda v: json.dumps(v).encode(), nasty_values),
    st.binary(max_size=64),
    st.sampled_from([b"", b"null", b"[]", b"{}", b"[" * 50_000, b'{"id": "brut\xe9"}', b"\xef\xbb\xbf[]"]),
)


def play_refusal(folder: Path) -> str | None:
    from delvekit.cli.play import new_game

    try:
        new_game(1, "brute,mindthief", level=1, seed=1, content=str(folder))
    except DelvekitError as exc:
        return str(exc)
    return None


def check_problems(folder: Path) -> list[str]:
    pack = ContentPack([BUNDLED, folder])
    pack.ignored()
    return [str(p) for p in check_pack(pack)]


@tiers(12, 400)
def test_check_finds_what_play_refuses(cases: int) -> None:
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(SEEDS)))
        if data.draw(st.booleans()):
            raw = json.dumps(data.draw(mutated(SEEDS[name]))).encode()
        else:
            raw = data.draw(contents)
        folder = Path(tempfile.mkdtemp(prefix="delvekit-fuzz-"))
        try:
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            refusal = play_refusal(folder)
            problems = check_problems(folder)
            if refusal is not None:
                assert problems, f"play refuses ({refusal[:200]}) but check finds nothing"
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    run_cases("content files", cases, check)
