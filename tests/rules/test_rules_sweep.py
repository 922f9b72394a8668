"""The rules sweep (docs/rules-conformance.md): event-level invariants
(:mod:`delvekit.gloomhaven.engine_sweep`) over recorded random games of scenarios 1-95 with
random parties. The fast tier plays a few hundred games; the slow tier a thousand more."""

from __future__ import annotations

import random

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_content import Member, setup_from_pack
from delvekit.gloomhaven.engine_sweep import violations

PACK = load_pack()
PLAYABLE = sorted(cid for cid, k in PACK.classes.items() if k.playable_at(1))
NINE = sorted(cid for cid in PLAYABLE if PACK.classes[cid].playable_at(9))


def random_game(n: int, *, max_choices: int = 3000) -> Game:
    """Game ``n`` of the sweep: scenario 1 + n % 95, a random party of 2-4 at level 1 or 9
    (with flying items now and then), random choices to the end (or ``max_choices``)."""
    rnd = random.Random(n)
    level = 1 if n % 3 else 9
    classes = rnd.sample(PLAYABLE if level == 1 else NINE, rnd.randint(2, 4))
    members = [Member(c, level, items=(71,) if i == 0 and n % 5 == 0 else ()) for i, c in enumerate(classes)]
    setup = setup_from_pack(PACK, 1 + n % 95, members, seed=n, battle_goals=n % 2 == 0)
    game = Game(setup, seed=n)
    for _ in range(max_choices):
        d = game.decision
        if d is None:
            break
        game.choose(rnd.choice(list(d.choices)))
    return game


def _sweep(games: range) -> list[str]:
    out = []
    for n in games:
        game = random_game(n)
        out += [f"game {n} (scenario {game.setup.scenario}): {v}" for v in violations(game)]
    return out


def test_rules_sweep_over_random_games() -> None:
    found = _sweep(range(240))
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
def test_rules_sweep_over_a_thousand_more_random_games() -> None:
    found = _sweep(range(240, 1240))
    assert not found, "\n".join(found[:20])
