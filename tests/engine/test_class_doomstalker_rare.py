"""Rare situations of the Doomstalker's wordings (:mod:`delvekit.gloomhaven.effects.classes.doomstalker`
and :mod:`...doomstalker_dooms`) that random play meets only now and then: a dragged enemy with
no way out, a declined command, a doom declined to move on, a queue of shoves, a doom with no
enemy near enough to move to."""

from __future__ import annotations

from delvekit.gloomhaven.effects.classes import doomstalker as effects_doomstalker
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition

from .class_arena import arena, at, finish_round, go, hero
from .test_class_doomstalker import FRAIL, stalker


def _doom(game: Game, card: str, target: str) -> list[str]:
    return go(game, f"bottom {card}", f"doom {target}?")


def _attack(events: list[str], target: str) -> str:
    return next(e for e in events if e.startswith(f"attack doomstalker {target} "))


def _brute_acts(game: Game) -> None:
    while game.decision is not None and game.decision.actor == "brute":
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))


def test_lead_to_slaughter_leaves_a_target_hemmed_in_by_other_monsters_where_it_is() -> None:
    """Lead to Slaughter moves the target along a walk toward an ally: with every neighbouring
    hex taken by other monsters there is no walk, so the target stays put."""
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    ring = [(4, 0), (4, -1), (3, -1), (2, 0), (2, 1), (3, 1)]
    game = arena(
        [stalker(["lead-to-slaughter"], hex=(0, -3)), brute],
        [("normal", (3, 0)), *(("normal", h) for h in ring)],
    )
    go(game, "select lead-to-slaughter solid-bow", "select grab-and-go shield-bash")
    _brute_acts(game)
    m = at(game, (3, 0))
    events = go(game, "top lead-to-slaughter", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=4 damage=4"
    assert not any(e.startswith(f"moved {m} ") for e in events)
    assert game.state.figures[m].hex == (3, 0)


def test_wild_command_declined_leaves_the_summon_idle() -> None:
    """Wild Command's top is optional: a player who skips it has no summon act and keeps the
    action unused (no ally-performs)."""
    game = arena([stalker(["wild-command", "vital-charge"])], [("normal", (4, 0))])
    go(game, "select vital-charge solid-bow")
    go(game, "top vital-charge", "summon-at 1,0", "bottom solid-bow")
    boar = next(f for f in game.state.figures.values() if f.kind == "summon")
    finish_round(game)
    go(game, "select wild-command a-moment-s-peace")
    boar.hex = (0, 1)  # it acted first this round: bring it back next to the Doomstalker
    hp = {g.id: g.hp for g in game.state.figures.values()}
    go(game, "top wild-command")
    d = game.decision
    assert d is not None and d.kind == "summon-performs"
    assert {str(c) for c in d.choices} == {f"summon {boar.id}", "skip"}
    events = go(game, "skip")
    assert "declined doomstalker summon" in events
    assert not any(e.startswith("ally-performs") for e in events)
    assert boar.hex == (0, 1)
    assert {g.id: g.hp for g in game.state.figures.values()} == hp


def test_predator_and_prey_adds_nothing_at_the_full_range() -> None:
    """Predator and Prey adds the range left unused: a target at exactly the attack's range
    gets nothing more."""
    game = arena([stalker(["predator-and-prey"])], [("normal", (5, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow predator-and-prey")
    m = at(game, (5, 0))
    _doom(game, "predator-and-prey", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=3 damage=3"


def test_frightening_curse_transfer_declined_discards_the_doom() -> None:
    """Frightening Curse may move a doom on when its enemy dies; declined, the doom ends with
    its enemy and its card is discarded."""
    game = arena(
        [stalker(["frightening-curse", "race-to-the-grave"])],
        [("normal", (2, 0)), ("normal", (3, 0))],
        stats=FRAIL,
    )
    go(game, "select frightening-curse race-to-the-grave")
    m, near = at(game, (2, 0)), at(game, (3, 0))
    go(game, "top frightening-curse")
    _doom(game, "race-to-the-grave", m)
    finish_round(game)
    go(game, "select solid-bow a-moment-s-peace")
    go(game, "top solid-bow", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "doom-transfer"
    events = go(game, "skip")
    assert "doom-ended doomstalker race-to-the-grave enemy-died" in events
    assert effects_doomstalker.dooms(game) == []
    ch = game.state.characters["doomstalker"]
    assert "race-to-the-grave" in ch.discard
    assert [(a.card, a.used) for a in ch.active] == [("frightening-curse", 0)]  # no slot spent
    assert near in game.state.figures


def test_frightening_curse_doom_shoves_each_neighbour_in_turn() -> None:
    """Each enemy next to the dead one moves one hex: after the first is shoved, the second is
    offered."""
    game = arena(
        [stalker(["frightening-curse"])],
        [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (3, -1))],
        stats=FRAIL,
    )
    go(game, "select solid-bow frightening-curse")
    m = at(game, (2, 0))
    first, second = sorted([at(game, (3, 0)), at(game, (3, -1))])
    _doom(game, "frightening-curse", m)
    go(game, "top solid-bow", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "doom-shove" and {c.args[0] for c in d.choices} == {first}
    start = game.state.figures[first].hex
    go(game, str(d.choices[0]))
    assert game.state.figures[first].hex != start
    d = game.decision
    assert d is not None and d.kind == "doom-shove" and {c.args[0] for c in d.choices} == {second}
    events = go(game, str(d.choices[0]))
    assert f"moved {second} {d.choices[0].args[1]} forced" in events


def test_frightening_curse_doom_skips_an_immobilized_neighbour_and_shoves_the_next() -> None:
    """An immobilized neighbour cannot be moved by the doom; the next neighbour still is."""
    game = arena(
        [stalker(["frightening-curse"])],
        [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (3, -1))],
        stats=FRAIL,
    )
    go(game, "select solid-bow frightening-curse")
    m = at(game, (2, 0))
    first, second = sorted([at(game, (3, 0)), at(game, (3, -1))])
    _doom(game, "frightening-curse", m)
    game.state.figures[first].conditions.add(Condition.IMMOBILIZE, turns_started=0, immune=frozenset())
    start = game.state.figures[first].hex
    go(game, "top solid-bow", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "doom-shove" and {c.args[0] for c in d.choices} == {second}
    go(game, str(d.choices[0]))
    assert game.state.figures[first].hex == start


def test_rising_momentum_with_no_enemy_within_two_ends_the_dooms() -> None:
    """Rising Momentum moves the dooms on to an enemy within 2 hexes; with none that near, the
    dooms end with their enemy."""
    game = arena(
        [stalker(["rising-momentum", "inescapable-fate", "race-to-the-grave"])],
        [("normal", (2, 0)), ("normal", (-4, 0))],
        stats=FRAIL,
    )
    go(game, "select inescapable-fate rising-momentum")
    m = at(game, (2, 0))
    go(game, "top inescapable-fate")
    _doom(game, "rising-momentum", m)
    finish_round(game)
    go(game, "select solid-bow race-to-the-grave")
    _doom(game, "race-to-the-grave", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert game.decision is None or game.decision.kind != "doom-transfer"
    assert "doom-ended doomstalker rising-momentum enemy-died" in events
    assert "doom-ended doomstalker race-to-the-grave enemy-died" in events
    assert effects_doomstalker.dooms(game) == []


def test_natures_hunger_heals_allies_but_not_the_other_enemies() -> None:
    """Nature's Hunger heals you and every ally when the doomed enemy dies; enemies still on
    the map are not healed."""
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    game = arena(
        [stalker(["nature-s-hunger"]), brute], [("normal", (2, 0)), ("normal", (4, -4))], stats=FRAIL
    )
    go(game, "select solid-bow nature-s-hunger", "select grab-and-go shield-bash")
    _brute_acts(game)
    m, other = at(game, (2, 0)), at(game, (4, -4))
    _doom(game, "nature-s-hunger", m)
    game.state.figures["doomstalker"].hp = 5
    game.state.figures["brute"].hp = 5
    game.state.figures[other].hp = 1
    events = go(game, "top solid-bow", f"target {m}?")
    assert "healed doomstalker 2" in events and "healed brute 2" in events
    assert not any(e.startswith(f"healed {other}") for e in events)
    assert game.state.figures[other].hp == 1
