"""Rare engine paths that only the slow random sweeps used to reach (issue 12): an attack on
several targets whose attacker is killed by retaliate half way (§6.7), a stunned summon's turn
(§8, §12). Real cards of the content pack on the open arena, +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero


def test_an_attacker_killed_by_the_first_targets_retaliate_makes_no_further_attack() -> None:
    """§6.7: retaliate is suffered after each attack; an attacker it exhausts (§4.4) is removed,
    and the remaining targets of its "target all" attack are not attacked."""
    spiky = MonsterStats(health=10, move=0, attack=0, retaliate=5)
    sun = hero("sunkeeper", ["burning-flash"], (0, 0), health=12)
    game = arena([sun, hero("brute", [], (-4, 4))], [("normal", (1, 0)), ("normal", (-1, 0))], stats=spiky)
    game.state.figures["sunkeeper"].hp = 3
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "select burning-flash cautious-advance", "select grab-and-go shield-bash", "top burning-flash")
    d = game.decision
    assert d is not None and d.kind == "attack"
    events = go(game, next(str(c) for c in d.choices if c.kind == "all"))
    d = game.decision
    assert d is not None and (d.actor, d.kind) == ("sunkeeper", "damage")  # the first retaliate
    events += go(game, "take 5")
    attacks = [e for e in events if e.startswith("attack sunkeeper ")]
    assert len(attacks) == 1, events
    assert any(e.startswith("exhausted sunkeeper") for e in events) and "sunkeeper" not in game.state.figures
    hit = attacks[0].split()[2]
    missed = b if hit == a else a
    assert game.state.figures[missed].hp == 10 and game.state.figures[hit].hp == 6


def test_a_stunned_summon_loses_its_turn_and_the_stun_ends_with_that_turn() -> None:
    """§8 stun: the figure cannot perform any ability on its turn; a summon's conditions end at
    the end of its own turn (§12, GHS #307)."""
    game = arena([hero("tinkerer", [], (0, 0))], [("normal", (3, 0))], stats=MonsterStats(health=10))
    bot = game.summon("tinkerer", "bot", 6, (2, 0), move=2, attack=2)
    game.state.figures[bot].summoned_round = 0  # summoned earlier: it acts this round
    game.add_condition(bot, Condition.STUN)
    m = at(game, (3, 0))
    events = go(game, "select stun-shot hook-gun")
    events += finish_round(game)
    turn = events.index(f"turn {bot}")
    assert events[turn + 1] == f"stunned {bot}"
    assert not any(e.startswith(f"attack {bot} ") for e in events) and game.state.figures[m].hp == 10
    assert Condition.STUN not in game.state.figures[bot].conditions
