"""Rare situations of the Spellweaver's wordings (:mod:`delvekit.gloomhaven.effects.classes.spellweaver`
and ``spellweaver_area``) that random play meets only now and then: a disarmed Spellweaver, a
dying Burning Avatar whose attack a shield stops, Inferno with no enemy to see."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, go, hero


def test_a_disarmed_spellweaver_cannot_make_impaling_eruptions_attack() -> None:
    """§8.2 Disarm forbids attack abilities: Impaling Eruption's attack along the path is one."""
    sw = hero("spellweaver", ["impaling-eruption", "frost-armor"], (0, 0))
    game = arena([sw], [("normal", (1, 0)), ("normal", (2, 0))])
    go(game, "select impaling-eruption frost-armor")
    game.state.figures["spellweaver"].conditions.add(Condition.DISARM, turns_started=0, immune=frozenset())
    events = go(game, "top impaling-eruption")
    assert "prevented spellweaver attack disarm" in events
    assert game.decision is None or game.decision.kind not in ("path", "target")
    assert (game.state.figures[at(game, (1, 0))].hp, game.state.figures[at(game, (2, 0))].hp) == (10, 10)
    assert not any(e.startswith("xp spellweaver") for e in events)


def test_a_dying_burning_avatars_attack_does_nothing_to_a_well_shielded_enemy() -> None:
    """The Burning Avatar's attack as it dies is an attack: Shield 3 takes all of its 3 damage,
    and the enemy loses nothing."""
    sw = hero("spellweaver", ["living-torch", "mana-bolt"], (0, 0))
    game = arena(
        [sw],
        [("normal", (3, 0)), ("normal", (-3, 0))],
        stats=MonsterStats(health=10, move=2, attack=3, shield=3),
    )
    near = at(game, (3, 0))
    go(game, "select living-torch mana-bolt", "bottom living-torch", "summon-at 1,0")
    avatar = next(f for f in game.state.figures.values() if f.kind == "summon")
    avatar.hex = (2, 0)
    start = len(game.events)
    game.lose_hp(avatar, avatar.hp, "attack")
    events = [str(e) for e in game.events[start:]]
    assert f"attack {avatar.id} {near} value=3 damage=0 on-death" in events
    assert avatar.id not in game.state.figures
    assert game.state.figures[near].hp == 10


def test_inferno_with_no_visible_enemy_in_the_room_attacks_nobody_but_still_hurts_allies() -> None:
    """Inferno attacks every enemy in the room (an invisible one cannot be targeted); the
    allies in the room suffer its damage all the same."""
    sw = hero("spellweaver", ["inferno", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-4, 0))
    game = arena([sw, brute], [("normal", (1, 0))])
    m = at(game, (1, 0))
    game.state.figures[m].conditions.add(Condition.INVISIBLE, turns_started=0, immune=frozenset())
    game.state.elements.infuse(Element.FIRE)
    game.state.elements.end_turn()
    events = go(
        game, "select inferno mana-bolt", "select grab-and-go shield-bash", "top inferno", "consume fire?"
    )
    assert "no-target spellweaver" in events
    assert not any(e.startswith("attack spellweaver") for e in events)
    assert game.state.figures[m].hp == 10
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "damage"
    go(game, "take 2")
    assert game.state.figures["brute"].hp == 10
