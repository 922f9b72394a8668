"""Golden tests for the Tinkerer's wordings as named effects
(:mod:`delvekit.gloomhaven.effects_classes` and the ally bonus of
:mod:`delvekit.gloomhaven.effects_characters`), one per card and rule, with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.elements import Element

from .class_arena import arena, at, go, hero


def _until(game: object, actor: str) -> None:
    """Let the others act (skipping what they may) until ``actor`` decides."""
    while game.decision is not None and game.decision.actor != actor:  # type: ignore[attr-defined]
        names = [str(c) for c in game.decision.choices]  # type: ignore[attr-defined]
        go(game, next((n for n in ("skip", "no-rest", "stop") if n in names), names[0]))  # type: ignore[arg-type]


def _hook(game: object, m: str) -> list[str]:
    """Next round: Hook Gun pulls the monster two hexes toward the Tinkerer (over the trap)."""
    events = go(game, "select hook-gun toxic-bolt", "top hook-gun", f"target {m}")  # type: ignore[arg-type]
    while game.decision is not None and game.decision.kind == "pull":  # type: ignore[attr-defined]
        step = next(c for c in game.decision.choices if c.kind != "stop")  # type: ignore[attr-defined]
        events += go(game, str(step))  # type: ignore[arg-type]
    return events


def test_proximity_mine_trap_damage_and_xp_when_an_enemy_springs_it() -> None:
    tink = hero("tinkerer", ["proximity-mine", "stun-shot", "hook-gun", "toxic-bolt"], (0, 0))
    game = arena([tink], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select proximity-mine stun-shot")
    events = go(game, "top proximity-mine", "place 1,0", "bottom stun-shot", "stop")
    assert "trap-created tinkerer 1,0 damage=6 xp=2" in events
    assert game.state.created_traps == {(1, 0): 6}
    events = _hook(game, m)
    assert f"trap-sprung {m} 1,0" in events
    assert f"damage {m} 6 trap" in events
    assert "xp tinkerer 2 trap" in events
    assert game.state.characters["tinkerer"].xp >= 2


def test_a_trap_sprung_by_an_ally_gives_no_xp() -> None:
    from delvekit.gloomhaven.effects_classes import trap_sprung

    tink = hero("tinkerer", ["proximity-mine", "hook-gun"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (0, 1))
    game = arena([tink, brute], [("normal", (5, -5))])
    go(game, "select proximity-mine hook-gun", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "top proximity-mine", "place 1,0")
    trap_sprung(game, game.state.figures["brute"], (1, 0))
    assert game.state.characters["tinkerer"].xp == 0


def test_volatile_concoction_poison_trap() -> None:
    tink = hero("tinkerer", ["volatile-concoction", "stun-shot", "hook-gun", "toxic-bolt"], (0, 0))
    game = arena([tink], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select volatile-concoction stun-shot")
    events = go(game, "top volatile-concoction", "place 1,0", "bottom stun-shot", "stop")
    assert "trap-created tinkerer 1,0 damage=2 with=poison" in events
    _hook(game, m)
    assert Condition.POISON in game.state.figures[m].conditions
    assert game.state.figures[m].hp == 10 - 2 - 2  # the hook gun's attack 2, the trap's 2


def test_volatile_concoction_ice_lets_an_ally_within_range_2_recover_two_discards() -> None:
    tink = hero("tinkerer", ["volatile-concoction", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample"], (2, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    for c in ("spare-dagger", "trample"):
        ch.hand.remove(c)
        ch.discard.append(c)
    ice = game.state.elements
    ice.infuse(Element.ICE)
    ice.end_turn()
    go(game, "select volatile-concoction stun-shot", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    events = go(game, "bottom volatile-concoction", "consume ice", "target brute", "recover spare-dagger")
    events += go(game, "recover trample")
    assert ch.discard == [] and "consumed tinkerer ice" in events


def test_reinvigorating_elixir_an_adjacent_ally_recovers_all_discards() -> None:
    tink = hero("tinkerer", ["reinvigorating-elixir", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample"], (1, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    for c in ("spare-dagger", "trample"):
        ch.hand.remove(c)
        ch.discard.append(c)
    go(game, "select reinvigorating-elixir stun-shot", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    events = go(game, "bottom reinvigorating-elixir", "target brute")
    assert ch.discard == [] and "recovered brute trample discard" in events
    assert game.state.characters["tinkerer"].xp == 2


def test_flamethrower_shield_1_for_you_and_adjacent_allies_this_round() -> None:
    tink = hero("tinkerer", ["flamethrower", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (3, 0))
    game = arena([tink, brute, mind], [("normal", (5, -5))])
    go(
        game,
        "select flamethrower stun-shot",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    _until(game, "tinkerer")
    go(game, "bottom flamethrower")
    assert game.shield("tinkerer") == 1 and game.shield("brute") == 1 and game.shield("mindthief") == 0


def test_restorative_mist_heals_every_adjacent_ally() -> None:
    tink = hero("tinkerer", ["restorative-mist", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 5
    game.state.figures["tinkerer"].hp = 5
    go(game, "select restorative-mist stun-shot", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "bottom restorative-mist", "stop?")
    assert game.state.figures["brute"].hp == 6 and game.state.figures["tinkerer"].hp == 5


def test_enhancement_field_adds_one_attack_for_you_and_adjacent_allies() -> None:
    tink = hero("tinkerer", ["enhancement-field", "stun-shot"], (0, 0))
    brute = hero("brute", ["spare-dagger", "shield-bash"], (0, 1))  # initiative 27, after 20
    game = arena([tink, brute], [("normal", (1, 1))])
    m = at(game, (1, 1))
    go(game, "select stun-shot enhancement-field", "select spare-dagger shield-bash")
    _until(game, "tinkerer")
    events = go(game, "bottom enhancement-field", "top stun-shot", f"target {m}")
    assert "round-attack-bonus brute +1 by=tinkerer" in events
    assert f"attack tinkerer {m} value=2 damage=2" in events  # Attack 1 +1
    _until(game, "brute")
    events = go(game, "top spare-dagger", f"target {m}")
    assert f"attack brute {m} value=4 damage=4" in events  # Attack 3 +1


def test_potent_potables_next_heals_gain_2_each_spending_a_slot() -> None:
    tink = hero("tinkerer", ["potent-potables", "energizing-tonic", "restorative-mist", "stun-shot"], (0, 0))
    game = arena([tink], [("normal", (5, -5))])
    game.state.figures["tinkerer"].hp = 2
    go(
        game,
        "select potent-potables energizing-tonic",
        "top potent-potables",
        "bottom energizing-tonic",
        "stop?",
    )
    go(game, "select restorative-mist stun-shot")
    events = go(game, "top restorative-mist", "heal tinkerer")
    assert "bonus tinkerer heal 2 by=potent-potables" in events
    assert game.state.figures["tinkerer"].hp == 2 + 3 + 2
    assert [a.used for a in game.state.characters["tinkerer"].active] == [1]
