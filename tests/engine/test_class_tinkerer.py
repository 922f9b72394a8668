"""Golden tests for the Tinkerer's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.ally_picks` and its neighbours, and the ally bonus of
:mod:`delvekit.gloomhaven.effects.strike`), one per card and rule, with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

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
    from delvekit.gloomhaven.effects.traps import trap_sprung

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


def test_disorienting_flash_stuns_two_enemies_within_range_3() -> None:
    tink = hero("tinkerer", ["disorienting-flash", "stun-shot"], (0, 0))
    game = arena([tink], [("normal", (3, 0)), ("normal", (0, 3)), ("normal", (5, -5))])
    a, b, far = at(game, (3, 0)), at(game, (0, 3)), at(game, (5, -5))
    go(game, "select stun-shot disorienting-flash")
    _until(game, "tinkerer")
    go(game, "top disorienting-flash")
    d = game.decision
    assert d is not None and f"target {far}" not in d.choices
    go(game, f"target {a}", f"target {b}")
    assert all(Condition.STUN in game.state.figures[m].conditions for m in (a, b))
    assert game.state.characters["tinkerer"].xp == 2


def test_tinkerers_tools_stun_trap_and_disarming_an_adjacent_trap() -> None:
    tink = hero("tinkerer", ["tinkerer-s-tools", "stun-shot", "hook-gun", "toxic-bolt"], (0, 0))
    game = arena([tink], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select tinkerer-s-tools stun-shot")
    events = go(game, "bottom tinkerer-s-tools", "place 1,0", "top stun-shot", "skip?")
    assert "trap-created tinkerer 1,0 damage=0 with=stun" in events
    _hook(game, m)
    assert Condition.STUN in game.state.figures[m].conditions  # sprung, no damage but stun
    game2 = arena([hero("tinkerer", ["tinkerer-s-tools", "stun-shot", "hook-gun", "toxic-bolt"], (0, 0))], [])
    game2.state.created_traps = {(1, 0): 3}
    events = go(game2, "select tinkerer-s-tools stun-shot", "top tinkerer-s-tools", "disarm 1,0")
    assert "trap-disarmed tinkerer 1,0" in events and game2.state.created_traps == {}


def test_auto_turret_attacks_at_the_end_of_each_turn_spending_a_slot() -> None:
    tink = hero("tinkerer", ["auto-turret", "stun-shot", "hook-gun", "toxic-bolt"], (0, 0))
    game = arena([tink], [("normal", (4, 0))])
    m = at(game, (4, 0))
    go(game, "select stun-shot auto-turret", "top auto-turret", "bottom stun-shot", "stop?")
    d = game.decision
    assert d is not None and d.kind == "attack" and f"target {m}" in d.choices  # at the turn's end
    events = go(game, f"target {m}")
    assert f"attack tinkerer {m} value=2 damage=2" in events
    assert [(a.card, a.used) for a in game.state.characters["tinkerer"].active] == [("auto-turret", 1)]


def test_curative_aerosol_heals_two_targets_within_range_3() -> None:
    tink = hero("tinkerer", ["curative-aerosol", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 3
    game.state.figures["tinkerer"].hp = 3
    go(game, "select stun-shot curative-aerosol", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "bottom curative-aerosol", "target brute", "target tinkerer")
    assert game.state.figures["brute"].hp == 7 and game.state.figures["tinkerer"].hp == 7


def test_jet_propulsion_summons_within_range_3_move_two_more() -> None:
    tink = hero("tinkerer", ["jet-propulsion", "dangerous-contraption", "stun-shot", "hook-gun"], (0, 0))
    game = arena([tink], [("normal", (5, -5))])
    go(game, "select dangerous-contraption stun-shot", "top dangerous-contraption", "summon-at 1,0")
    go(game, "bottom stun-shot", "stop?")
    bot = next(f for f in game.state.figures.values() if f.kind == "summon")
    while game.decision is not None and game.decision.kind != "select":
        names = [str(c) for c in game.decision.choices]
        go(game, next((n for n in ("skip", "stop", "no-rest") if n in names), names[0]))
    go(game, "select jet-propulsion hook-gun")
    _until(game, "tinkerer")
    events = go(game, "top jet-propulsion")
    assert f"ally-performs {bot.id} for=tinkerer" in events
    assert any(t.kind == "move" and t.who == bot.id and t.n == 4 for t in game.state.agenda)  # Move 2, +2


def test_harsh_stimulants_adjacent_allies_gain_two_attack_and_suffer_two() -> None:
    tink = hero("tinkerer", ["harsh-stimulants", "stun-shot"], (0, 0))
    brute = hero("brute", ["spare-dagger", "shield-bash"], (0, 1))
    game = arena([tink, brute], [("normal", (1, 1))])
    m = at(game, (1, 1))
    go(game, "select stun-shot harsh-stimulants", "select spare-dagger shield-bash")
    _until(game, "tinkerer")
    events = go(game, "bottom harsh-stimulants")
    events += go(game, "take 2?", "top stun-shot", f"target {m}")
    assert f"attack tinkerer {m} value=1 damage=1" in events  # not the Tinkerer's own attacks
    _until(game, "brute")
    events = go(game, "top spare-dagger", f"target {m}")
    assert f"attack brute {m} value=5 damage=5" in events
    assert game.state.figures["brute"].hp == 10


def test_gas_canister_an_ally_recovers_a_discard_at_the_end_of_your_turns() -> None:
    tink = hero("tinkerer", ["gas-canister", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger"], (2, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    ch.hand.remove("spare-dagger")
    ch.discard.append("spare-dagger")
    go(game, "select stun-shot gas-canister", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "bottom gas-canister", "top stun-shot", "target brute", "recover spare-dagger")
    assert "spare-dagger" in ch.hand
    assert [(a.card, a.used) for a in game.state.characters["tinkerer"].active] == [("gas-canister", 1)]


def test_noxious_vials_poison_triangle_and_an_adjacent_ally_refreshes_a_small_item() -> None:
    tink = hero("tinkerer", ["noxious-vials", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-1, 0), items=(12,))
    game = arena([tink, brute], [("normal", (3, 0)), ("normal", (3, -1))])
    game.state.characters["brute"].items[12] = "consumed"
    go(game, "select stun-shot noxious-vials", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "top noxious-vials", "target brute", "refresh 12")
    assert game.state.characters["brute"].items[12] == "unused"


def test_disintegration_beam_kills_enemies_of_at_most_5_hit_points_in_a_line() -> None:
    tink = hero("tinkerer", ["disintegration-beam", "stun-shot"], (0, 0))
    game = arena([tink], [("normal", (1, 0)), ("normal", (2, 0)), ("normal", (3, 0))])
    a, b, c = at(game, (1, 0)), at(game, (2, 0)), at(game, (3, 0))
    game.state.figures[a].hp = 5
    game.state.figures[b].hp = 6
    game.state.figures[c].hp = 2
    go(game, "select stun-shot disintegration-beam")
    events = go(game, "top disintegration-beam", f"area {' '.join(sorted([a, b, c]))}")
    assert a not in game.state.figures and c not in game.state.figures and b in game.state.figures
    assert sum(1 for e in events if e.startswith("kill tinkerer")) == 2
    assert game.state.characters["tinkerer"].xp == 2


def test_chimeric_formula_ally_recovers_two_lost_cards_then_loses_two() -> None:
    tink = hero("tinkerer", ["chimeric-formula", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample", "wall-of-doom"], (1, 0))
    game = arena([tink, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    for c in ("spare-dagger", "trample"):
        ch.hand.remove(c)
        ch.lost.append(c)
    go(game, "select stun-shot chimeric-formula", "select grab-and-go shield-bash")
    _until(game, "tinkerer")
    go(game, "top chimeric-formula", "target brute", "recover spare-dagger", "recover trample")
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "lose"
    go(game, "lose wall-of-doom", "lose spare-dagger")
    assert sorted(ch.lost) == ["spare-dagger", "wall-of-doom"] and "trample" in ch.hand


def test_chimeric_formula_bottom_recovers_a_lost_card_of_an_ally_next_to_the_one_chosen() -> None:
    tink = hero("tinkerer", ["chimeric-formula", "stun-shot"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    mind = hero("mindthief", ["scurry", "into-the-night", "submissive-affliction"], (4, 0))
    game = arena([tink, brute, mind], [("normal", (5, -5))])
    ch = game.state.characters["mindthief"]
    ch.hand.remove("submissive-affliction")
    ch.lost.append("submissive-affliction")
    go(
        game,
        "select stun-shot chimeric-formula",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    _until(game, "tinkerer")
    go(game, "bottom chimeric-formula", "target brute")
    d = game.decision
    assert d is not None and d.actor == "brute" and "recover mindthief submissive-affliction" in d.choices
    go(game, "recover mindthief submissive-affliction")
    assert "submissive-affliction" in ch.hand


def test_a_monster_walking_into_a_created_trap_gives_its_conditions_and_xp() -> None:
    """The monsters' own walk (engine_monsters) calls the trap hook too; and the class effects
    module is a registered handler module."""
    from delvekit.gloomhaven.engine import monster_turn as engine_monsters
    from delvekit.gloomhaven.engine import registry as effects

    assert "delvekit.gloomhaven.effects.traps" in effects.HANDLER_MODULES
    tink = hero("tinkerer", ["volatile-concoction", "stun-shot"], (0, 0))
    game = arena([tink], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select volatile-concoction stun-shot", "top volatile-concoction", "place 1,0")
    monster = game.state.figures[m]
    engine_monsters._walk(game, monster, ((2, 0), (1, 0)), jump=False)
    assert Condition.POISON in monster.conditions and monster.hp == 8
