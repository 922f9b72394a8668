"""Shared setups for the play tests: bundled classes for parties of two and three, the test
fixture classes (tests/data/fixtures/custom-content) for a party of four."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.model.setup import GameSetup

CUSTOM = Path(__file__).resolve().parents[1] / "data" / "fixtures" / "custom-content"

PARTIES: dict[int, tuple[str, ...]] = {
    2: ("brute", "mindthief"),
    3: ("brute", "mindthief", "test-sage"),
    4: ("brute", "mindthief", "test-sage", "test-warden"),
}


@cache
def pack() -> ContentPack:
    return load_pack(extra=CUSTOM)


@cache
def scenario_setup(scenario: int, size: int = 2) -> GameSetup:
    return setup_from_pack(pack(), scenario, [Member(c) for c in PARTIES[size]])
