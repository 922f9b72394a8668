"""Golden tests for the single cards encoded last (issue 13): the Quartermaster's Catastrophic
Bomb (:mod:`delvekit.gloomhaven.effects.classes.quartermaster`) and the Elementalist's Simulacrum
and Ethereal Manifestation (:mod:`delvekit.gloomhaven.effects.classes.elementalist_summons`, the
summon hooks of :mod:`~delvekit.gloomhaven.effects.classes.summoner`), with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

import pytest

from delvekit.gloomhaven.content.adapter import Member
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, arena, at, finish_round, go, hero

STILL = MonsterStats(health=12, move=0, attack=0)


def test_catastrophic_bomb_is_encoded_and_the_quartermaster_plays_at_every_level() -> None:
    klass = PACK.classes["quartermaster"]
    assert all(c.encoded for c in klass.cards) and klass.playable_at(9)


def test_catastrophic_bomb_bottom_normal_enemies_in_the_area_and_you_suffer_10() -> None:
    qm = hero("quartermaster", ["catastrophic-bomb", "hastened-step"], (0, 0), health=14)
    game = arena(
        [qm],
        [("normal", (1, 0)), ("normal", (0, 1)), ("elite", (-1, 1)), ("normal", (-1, 0))],
        stats=MonsterStats(health=12, move=0, attack=0),
    )
    a, b, elite = at(game, (1, 0)), at(game, (0, 1)), at(game, (-1, 1))
    go(game, "select catastrophic-bomb hastened-step", "bottom catastrophic-bomb")
    d = game.decision
    assert d is not None and d.kind == "area"
    options = {str(c) for c in d.choices}
    assert f"area {' '.join(sorted((a, b)))}" in options
    assert not any(elite in o for o in options)  # an elite is not a normal enemy
    events = go(game, f"area {' '.join(sorted((a, b)))}")
    assert f"damage {a} 10 suffer" in events and f"damage {b} 10 suffer" in events
    assert game.state.figures[a].hp == 2 and game.state.figures[b].hp == 2
    assert game.state.figures[elite].hp == 14  # untouched
    d = game.decision
    assert d is not None and d.kind == "damage" and d.actor == "quartermaster"  # may lose a card
    events += go(game, next(str(c) for c in d.choices if c.kind == "take"))
    assert game.state.figures["quartermaster"].hp == 4  # he suffers 10 too, after them
    assert events.index(f"damage {a} 10 suffer") < events.index("damage quartermaster 10 suffer")
    assert game.state.characters["quartermaster"].xp == 1


def test_catastrophic_bomb_top_attacks_every_enemy_in_a_twelve_hex_area_within_range_3() -> None:
    qm = hero("quartermaster", ["catastrophic-bomb", "hastened-step"], (0, 0))
    game = arena(
        [qm],
        [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (5, -1)), ("normal", (5, -2))],
        stats=MonsterStats(health=12, move=0, attack=0),
    )
    ids = sorted(at(game, h) for h in ((3, 0), (4, 0), (5, -1), (5, -2)))
    go(game, "select catastrophic-bomb hastened-step", "top catastrophic-bomb")
    d = game.decision
    assert d is not None and d.kind == "attack"
    assert f"area {' '.join(ids)}" in {str(c) for c in d.choices}
    events = go(game, f"area {' '.join(ids)}")
    assert sum(1 for e in events if e.startswith("attack quartermaster") and "value=1" in e) == 4


# --------------------------------------------------------------- Elementalist


def elementalist(cards: list[str], hex: tuple[int, int] = (0, 0)) -> CharacterSetup:
    return hero("elementalist", cards, hex)


def _strong(game: Game, *elements: Element) -> None:
    for element in elements:
        game.state.elements.infuse(element)
    game.state.elements.end_turn()


def test_every_elementalist_card_is_encoded() -> None:
    klass = PACK.classes["elementalist"]
    assert all(c.encoded for c in klass.cards) and klass.playable_at(9)


def test_simulacrum_each_purchase_takes_two_elements() -> None:
    game = arena([elementalist(["simulacrum"])], [("normal", (3, 0)), ("normal", (3, -1))], stats=STILL)
    a, b = at(game, (3, 0)), at(game, (3, -1))
    _strong(game, Element.FIRE, Element.ICE, Element.AIR, Element.EARTH)
    go(game, "select simulacrum stoking-hail", "top simulacrum", "consume fire ice")  # +3 Attack
    d = game.decision
    assert d is not None and d.kind == "consume"
    assert {str(c) for c in d.choices} == {"consume air earth", "no-consume"}  # two left: one pair
    events = go(game, "consume air earth", "no-consume?", f"target {a}", f"target {b}")  # Target 2
    assert f"attack elementalist {a} value=5 damage=5" in events
    assert f"attack elementalist {b} value=5 damage=5" in events
    assert game.state.characters["elementalist"].xp == 2


def test_the_doppelganger_lets_the_elementalist_attack_from_its_hex() -> None:
    game = arena([elementalist(["simulacrum"], (-4, 0))], [("normal", (3, 0))], stats=STILL)
    m = at(game, (3, 0))
    go(game, "select simulacrum stoking-hail", "bottom simulacrum", "summon-at -3,0")
    doppel = next(f.id for f in game.state.figures.values() if f.kind == "summon")
    game.state.figures[doppel].hex = (1, 0)  # it walked up to the enemy meanwhile
    go(game, "top stoking-hail?")
    finish_round(game)
    go(game, "select lava-eruption brilliant-flash")
    for _ in range(20):  # until the Elementalist's first action
        d = game.decision
        if d is None or (d.actor == "elementalist" and d.kind == "action"):
            break
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[-1]))
    stand = game.state.figures[doppel].hex
    go(game, "top lava-eruption")  # Attack 1 every enemy within Range 4: 7 hexes away from her
    d = game.decision
    assert d is not None and d.kind == "attack-from"
    assert {str(c) for c in d.choices} == {"attack-from here", f"attack-from {doppel}"}
    events = go(game, f"attack-from {doppel}")
    events += go(game, f"all {m}?")
    assert any(e.startswith(f"attack elementalist {m} ") for e in events)
    assert game.state.figures["elementalist"].hex == (-4, 0)  # back home after the attack
    assert game.state.figures[doppel].hex == stand


def test_attacking_from_her_own_hex_the_far_enemy_is_out_of_reach() -> None:
    game = arena([elementalist(["simulacrum"], (-4, 0))], [("normal", (3, 0))], stats=STILL)
    go(game, "select simulacrum stoking-hail", "bottom simulacrum", "summon-at -3,0")
    doppel = next(f.id for f in game.state.figures.values() if f.kind == "summon")
    game.state.figures[doppel].hex = (1, 0)
    go(game, "top stoking-hail")  # Attack 2, Range 3
    d = game.decision
    assert d is not None and d.kind == "attack-from"  # asked for every attack while it stands
    events = go(game, "attack-from here", "no-consume?")
    assert "no-target elementalist" in events and game.state.figures["elementalist"].hex == (-4, 0)


def test_the_mana_sphere_infuses_an_element_of_its_owners_choice_when_it_attacks() -> None:
    game = arena([elementalist(["ethereal-manifestation"])], [("normal", (3, 0))], stats=STILL)
    go(game, "select ethereal-manifestation stoking-hail", "top ethereal-manifestation", "summon-at 1,0")
    finish_round(game)
    sphere = next(f.id for f in game.state.figures.values() if f.kind == "summon")
    go(game, "select lava-eruption brilliant-flash")
    for _ in range(20):
        d = game.decision
        if d is None or d.kind == "infuse":
            break
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[-1]))
    d = game.decision
    assert d is not None and d.kind == "infuse" and d.actor == "elementalist"
    assert any(e.kind == "attack" and e.args[0] == sphere for e in game.events)
    go(game, "infuse dark")
    assert any(e.kind == "infusing" and e.args == ("dark",) for e in game.events)


def test_ethereal_manifestation_bottom_each_element_buys_its_own_ability() -> None:
    game = arena([elementalist(["ethereal-manifestation"])], [("normal", (3, 0))], stats=STILL)
    m = at(game, (3, 0))
    _strong(game, Element.FIRE, Element.AIR)
    go(game, "select ethereal-manifestation stoking-hail", "bottom ethereal-manifestation")
    events = go(game, "consume fire", "consume air")  # each asked in turn, then performed in order
    events += go(game, f"target {m}", "step 1,0")
    assert f"attack elementalist {m} value=3 damage=3" in events
    assert game.state.figures["elementalist"].hex == (1, 0)


@pytest.mark.parametrize("seed", [4, 6, 12, 13])  # turn-start songs, the Doppelganger, curses removed
def test_games_of_the_classes_completed_here_replay_and_reload_identically(seed: int) -> None:
    """The new steps (songs at turn start, forced attacks, summons performing, Earthen Steed,
    the Doppelganger's question, the bomb's area) keep their state in the agenda, the active
    area, the scenario marks and the events: a game replays from its log and a save taken
    mid-game continues identically."""
    import random

    from delvekit.gloomhaven.content.adapter import setup_from_pack

    party = [Member(c, 9) for c in ("summoner", "soothsinger", "elementalist", "quartermaster")]
    setup = setup_from_pack(PACK, 1, party)
    game = Game(setup, seed=seed)
    rnd = random.Random(seed)
    save = None
    while game.decision is not None and len(game.log) < 400:
        choices = list(game.decision.choices)
        useful = [
            c for c in choices if c.kind not in ("skip", "no-consume") and not c.kind.startswith("basic")
        ]
        game.choose(rnd.choice(useful or choices))
        if len(game.log) == 60:
            save = game.save()
    assert Game.from_log(game.log_lines()).digest() == game.digest()
    assert save is not None
    loaded = Game.load(save)
    for choice in game.log[len(loaded.log) :]:
        loaded.choose(choice)
    assert loaded.digest() == game.digest()
