"""Any four playable classes play together (issue 5 "must show": ``delve play --party A,B,C,D``
for any four playable classes, at any level): every party of four of the bundled playable
classes plays scenarios at level 1 and level 9 with random choices, every invariant kept after
each choice and no ability left unresolved."""

from __future__ import annotations

import itertools
import random

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_checks import violations
from delvekit.gloomhaven.engine_content import Member, setup_from_pack

PLAYABLE = sorted(cid for cid, k in load_pack().classes.items() if k.playable_at(1))
PARTIES = list(itertools.combinations(PLAYABLE, 4))


def test_the_encoded_classes_are_playable_at_level_1_and_9() -> None:
    classes = load_pack().classes
    assert {"brute", "mindthief", "quartermaster", "scoundrel", "sunkeeper", "tinkerer"} <= set(PLAYABLE)
    at_nine = sorted(cid for cid in PLAYABLE if classes[cid].playable_at(9))
    assert {"brute", "mindthief", "scoundrel", "sunkeeper", "tinkerer"} <= set(at_nine)


@pytest.mark.parametrize("party", PARTIES, ids=["-".join(p) for p in PARTIES])
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
