"""The rules sweep (docs/rules-conformance.md): event-level invariants
(:mod:`delvekit.gloomhaven.testing.rules_sweep`) over recorded random games of scenarios 1-95 with
random parties. The fast tier plays 200 games of two level-1 characters (about 20-40 s on one
core); the slow tier a thousand more with parties of 2-4 at levels 1 and 9."""

from __future__ import annotations

import random

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.rules_sweep import violations

PACK = load_pack()
PLAYABLE = sorted(cid for cid, k in PACK.classes.items() if k.playable_at(1))
NINE = sorted(cid for cid in PLAYABLE if PACK.classes[cid].playable_at(9))


def random_game(n: int, *, full: bool = False, max_choices: int = 3000) -> Game:
    """Game ``n`` of the sweep: scenario 1 + n % 95, random choices to the end. The fast tier
    plays two level-1 characters; ``full`` parties of 2-4 at level 1 or 9. Every fifth party
    wears Boots of Levitation (flying), every other one is dealt battle goals."""
    rnd = random.Random(n)
    level = 9 if full and n % 3 == 0 else 1
    classes = rnd.sample(PLAYABLE if level == 1 else NINE, rnd.randint(2, 4) if full else 2)
    members = [Member(c, level, items=(71,) if i == 0 and n % 5 == 0 else ()) for i, c in enumerate(classes)]
    setup = setup_from_pack(PACK, 1 + n % 95, members, seed=n, battle_goals=n % 2 == 0)
    game = Game(setup, seed=n)
    for _ in range(max_choices):
        d = game.decision
        if d is None:
            break
        game.choose(rnd.choice(list(d.choices)))
    return game


def _sweep(games: range, *, full: bool = False) -> list[str]:
    out = []
    for n in games:
        game = random_game(n, full=full)
        out += [f"game {n} (scenario {game.setup.scenario}): {v}" for v in violations(game)]
    return out


def test_rules_sweep_over_random_games() -> None:
    found = _sweep(range(200))
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
def test_rules_sweep_over_a_thousand_more_random_games() -> None:
    """About nine minutes on a busy core: the slow tier (make test-all) runs it."""
    found = _sweep(range(200, 1200), full=True)
    assert not found, "\n".join(found[:20])
