"""Any four playable classes play together (issue 5 "must show": ``delve play --party A,B,C,D``
for any four playable classes, at any level): parties of four of the bundled playable classes
play scenarios at level 1 and level 9 with random choices, every invariant kept after each
choice and no ability left unresolved.

``make test`` plays a pairwise set (every two classes meet in at least one party, at level 1
and at level 9); the slow tier plays every party of four."""

from __future__ import annotations

import itertools
import random

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations

PLAYABLE = sorted(cid for cid, k in load_pack().classes.items() if k.playable_at(1))
PARTIES = list(itertools.combinations(PLAYABLE, 4))


def pairwise(classes: list[str], size: int = 4) -> list[tuple[str, ...]]:
    """A small set of parties in which every two classes meet: each party is the one that
    covers the most pairs not yet covered (the first such in sorted order).

    >>> teams = pairwise(["a", "b", "c", "d", "e", "f"])
    >>> sorted({p for t in teams for p in itertools.combinations(t, 2)}) == sorted(
    ...     itertools.combinations("abcdef", 2))
    True
    >>> len(teams)
    3
    """
    left = set(itertools.combinations(classes, 2))
    chosen: list[tuple[str, ...]] = []
    while left:
        best = max(
            itertools.combinations(classes, size),
            key=lambda p: len(left.intersection(itertools.combinations(p, 2))),
        )
        chosen.append(best)
        left -= set(itertools.combinations(best, 2))
    return chosen


PAIRWISE = pairwise(PLAYABLE)


def _tiered(party: tuple[str, ...]) -> object:
    marks = [] if party in PAIRWISE else [pytest.mark.slow]
    return pytest.param(party, marks=marks, id="-".join(party))


def test_the_pairwise_parties_seat_every_two_classes_together() -> None:
    met = {pair for party in PAIRWISE for pair in itertools.combinations(party, 2)}
    assert met == set(itertools.combinations(PLAYABLE, 2))
    assert len(PAIRWISE) < len(PARTIES) / 10


def test_the_encoded_classes_are_playable_at_level_1_and_9() -> None:
    classes = load_pack().classes
    assert {"brute", "mindthief", "quartermaster", "scoundrel", "sunkeeper", "tinkerer"} <= set(PLAYABLE)
    at_nine = sorted(cid for cid in PLAYABLE if classes[cid].playable_at(9))
    assert {"brute", "mindthief", "scoundrel", "sunkeeper", "tinkerer"} <= set(at_nine)


@pytest.mark.parametrize("party", [_tiered(p) for p in PARTIES])
def test_every_party_of_four_plays_at_levels_1_and_9(party: tuple[str, ...]) -> None:
    pack = load_pack()
    for level, scenario in ((1, 1 + len(party[0]) % 10), (9, 11 + len(party[-1]) % 10)):
        setup = setup_from_pack(pack, scenario, [Member(c, level) for c in party])
        seed = scenario * 7 + level
        game = Game(setup, seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            choices = list(game.decision.choices)
            useful = [c for c in choices if not c.kind.startswith("basic") and c.kind not in ("skip", "done")]
            game.choose(rnd.choice(useful or choices))
            problems = violations(game)
            assert not problems, (party, level, problems)
        assert game.result in ("victory", "defeat")
        assert not [str(e) for e in game.events if e.kind == "unresolved"]
