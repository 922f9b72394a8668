"""Golden rule tests for the Brute's and Mindthief's special wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.brute`, :mod:`~delvekit.gloomhaven.effects.classes.mindthief`
and the shared modules they use), one per card and rule, on an open hexagonal
arena with the real cards of the content pack and +0-only modifier decks."""

from __future__ import annotations

import msgspec

from delvekit.core.records import Event
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    GameSetup,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)
from delvekit.gloomhaven.testing.invariants import violations

PACK = load_pack()
CARDS: dict[str, dict[str, Card]] = {
    cls: {c.id: c for c in character(PACK, Member(cls, 9), (0, 0), {"C": 2, "L": 1}).hand}
    for cls in ("brute", "mindthief")
}
ARENA = tuple((q, r) for q in range(-5, 6) for r in range(-5, 6) if abs(q + r) <= 5)
ZEROS = ("+0",) * 20


FILLER = {
    "brute": ["grab-and-go", "shield-bash", "leaping-cleave", "sweeping-blow"],
    "mindthief": ["scurry", "empathetic-assault", "fearsome-blade", "into-the-night"],
}


def hero(cls: str, cards: list[str], hex: tuple[int, int], health: int = 12) -> CharacterSetup:
    """A character holding ``cards`` and a few others (so it never runs out of cards)."""
    names = cards + [c for c in FILLER[cls] if c not in cards]
    hand = tuple(CARDS[cls][c] for c in names)
    return CharacterSetup(
        id=cls, class_name=cls, max_health=health, hand_limit=len(hand), hand=hand, hex=hex, modifiers=ZEROS
    )


def arena(
    party: list[CharacterSetup],
    monsters: list[tuple[str, tuple[int, int]]],
    actions: tuple[str, ...] = (),
    *,
    stats: MonsterStats | None = None,
) -> Game:
    normal = stats or MonsterStats(health=10, move=2, attack=3)
    dummy = MonsterType(
        name="dummy",
        deck="dummy",
        standees=10,
        normal=normal,
        elite=MonsterStats(health=14, move=2, attack=3, shield=1),
    )
    card = MonsterCard(id="m1", initiative=90, actions=tuple(Ability.parse(a) for a in actions))
    setup = GameSetup(
        scenario="test",
        level=1,
        party=tuple(party),
        monsters=(dummy,),
        decks={"dummy": (card,)},
        rooms=((*(Placement("dummy", rank, h) for rank, h in monsters),),),  # type: ignore[arg-type]
        win="none",
        board=BoardSpec(hexes=ARENA),
    )
    return Game(setup, seed=1)


def at(game: Game, h: tuple[int, int]) -> str:
    found = game.state.figure_at(h)
    assert found is not None, h
    return found.id


def go(game: Game, *choices: str) -> list[str]:
    """Make each choice in turn (each must be legal, but one ending in ``?`` is made only when
    offered; short rests are declined and damage taken when in the way); the events, as text."""
    out: list[Event] = []
    for c in choices:
        optional = c.endswith("?")
        c = c.removesuffix("?")
        while (d := game.decision) is not None and c not in d.choices and d.kind in ("short-rest", "damage"):
            out += game.choose(
                "no-rest" if d.kind == "short-rest" else next(str(x) for x in d.choices if x.kind == "take")
            )
        if optional and (game.decision is None or c not in game.decision.choices):
            continue  # "skip?", "stop?": only when offered
        out += game.choose(c)
        assert not violations(game)
    return [str(e) for e in out]


def test_balanced_measure_attack_x_is_hexes_moved_this_turn() -> None:
    game = arena([hero("brute", ["grab-and-go", "balanced-measure"], (0, 0))], [("normal", (4, 0))])
    m = at(game, (4, 0))
    events = go(
        game,
        "select grab-and-go balanced-measure",
        "bottom grab-and-go",
        "step 1,0",
        "step 2,0",
        "step 3,0",
        "stop",
        "top balanced-measure",
        f"target {m}",
    )
    assert "x brute 3" in events
    assert f"attack brute {m} value=3 damage=3" in events


def test_balanced_measure_move_x_is_damage_dealt_this_turn() -> None:
    game = arena([hero("brute", ["spare-dagger", "balanced-measure"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select spare-dagger balanced-measure", "top spare-dagger", f"target {m}")
    assert f"attack brute {m} value=3 damage=3" in events
    events = go(game, "bottom balanced-measure")
    assert "x brute 3" in events and game.decision is not None and game.decision.kind == "move"
    go(game, "step -1,0", "step -2,0", "step -3,0")
    assert game.decision is not None and "step -4,0" not in game.decision.choices  # X = 3


def test_trample_attacks_every_enemy_moved_through() -> None:
    game = arena(
        [hero("brute", ["trample", "spare-dagger"], (0, 0))], [("normal", (1, 0)), ("normal", (2, 0))]
    )
    a, b = at(game, (1, 0)), at(game, (2, 0))
    go(game, "select trample spare-dagger", "bottom trample", "step 1,0", "step 2,0", "step 3,0", "stop")
    d = game.decision
    a, b = sorted([a, b])
    assert d is not None and d.kind == "attack" and f"all {a} {b}" in d.choices
    events = go(game, f"all {a} {b}")
    assert f"attack brute {a} value=2 damage=2" in events and f"attack brute {b} value=2 damage=2" in events
    assert game.state.characters["brute"].xp == 2  # the card's own XP
    assert game.state.figures[a].hp == 8


def test_eye_for_an_eye_xp_per_retaliation_this_round() -> None:
    brute = hero("brute", ["eye-for-an-eye", "spare-dagger"], (0, 0))
    game = arena([brute], [("normal", (1, 0))], ("attack +0",))
    m = at(game, (1, 0))
    events = go(
        game, "select eye-for-an-eye spare-dagger", "top eye-for-an-eye", "bottom spare-dagger", "skip"
    )
    while game.decision is not None and game.decision.kind == "damage":
        events += go(game, next(str(c) for c in game.decision.choices if c.kind == "take"))
    assert f"damage {m} 2 retaliate" in events
    assert game.state.characters["brute"].xp == 1


def test_provoking_roar_redirects_attacks_on_adjacent_allies() -> None:
    brute = hero("brute", ["provoking-roar", "spare-dagger"], (0, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (-1, 0))  # initiatives 20 and 35
    game = arena([brute, mind], [("normal", (-2, 0))], ("attack +0",))
    m = at(game, (-2, 0))
    go(game, "select provoking-roar spare-dagger", "select scurry into-the-night")
    events = go(game, "bottom provoking-roar", "top spare-dagger", "skip")
    events += go(game, "top into-the-night", "bottom scurry")
    assert f"focus {m} mindthief" in events  # the monster means the adjacent Mindthief...
    assert f"redirected {m} mindthief to=brute" in events  # ...and attacks the Brute instead
    assert any(e.startswith(f"attack {m} brute ") for e in events)


def test_warding_strength_shield_on_each_attack_spends_a_slot() -> None:
    brute = hero("brute", ["warding-strength", "spare-dagger"], (0, 0))
    game = arena([brute], [("normal", (1, 0))], ("attack +0",))
    events = go(
        game, "select warding-strength spare-dagger", "bottom warding-strength", "top spare-dagger", "skip"
    )
    assert "bonus brute shield 1 by=warding-strength" in events
    active = game.state.characters["brute"].active
    assert [(a.card, a.used) for a in active] == [("warding-strength", 1)]


def test_wall_of_doom_bonus_this_round_on_later_attacks() -> None:
    game = arena([hero("brute", ["wall-of-doom", "spare-dagger"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(
        game, "select wall-of-doom spare-dagger", "bottom wall-of-doom", "top spare-dagger", f"target {m}"
    )
    assert f"attack brute {m} value=4 damage=4" in events  # Attack 3, +1 this round


def _with(game: Game, h: tuple[int, int], *conditions: Condition) -> str:
    fid = at(game, h)
    for c in conditions:
        game.state.figures[fid].conditions.add(c, turns_started=game.state.figures[fid].turns)
    return fid


def test_submissive_affliction_plus_one_per_negative_condition() -> None:
    game = arena([hero("mindthief", ["submissive-affliction", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = _with(game, (1, 0), Condition.IMMOBILIZE, Condition.MUDDLE)
    events = go(game, "select submissive-affliction scurry", "top submissive-affliction", f"target {m}")
    assert f"attack mindthief {m} value=4 damage=4" in events  # Attack 2, +1 per condition


def test_perverse_edge_plus_two_and_one_xp_per_negative_condition() -> None:
    game = arena([hero("mindthief", ["perverse-edge", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = _with(game, (1, 0), Condition.IMMOBILIZE, Condition.DISARM)
    events = go(game, "select perverse-edge scurry", "top perverse-edge", f"target {m}")
    assert f"attack mindthief {m} value=7 damage=7" in events
    assert "xp mindthief 2" in events


def test_submissive_affliction_controlled_enemy_attacks_its_ally_never_itself() -> None:
    game = arena(
        [hero("mindthief", ["submissive-affliction", "scurry"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0))],
    )
    a, b = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select scurry submissive-affliction", "top scurry", "stop")
    if game.decision is not None and game.decision.kind == "attack":
        go(game, "skip")
    events = go(game, "bottom submissive-affliction", f"control {a}")
    assert f"controlled {a} by=mindthief" in events
    d = game.decision
    assert d is not None and d.actor == "mindthief" and d.kind == "attack"
    assert f"target {b}" in d.choices and f"target {a}" not in d.choices
    events = go(game, f"target {b}")
    assert any(e.startswith(f"modifiers {a} ") for e in events)  # the monster deck
    assert any(e.startswith(f"attack {a} {b} value=") for e in events)


def test_parasitic_influence_player_moves_the_controlled_enemy() -> None:
    game = arena([hero("mindthief", ["parasitic-influence", "scurry"], (0, 0))], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select scurry parasitic-influence", "top scurry", "stop")
    go(game, "bottom parasitic-influence", f"control {m}")
    d = game.decision
    assert d is not None and d.actor == "mindthief" and d.kind == "move"
    go(game, "step 4,0")
    assert game.state.figures[m].hex == (4, 0)


def test_the_minds_weakness_augment_on_melee_attacks_only_and_replaced_by_a_new_augment() -> None:
    game = arena(
        [
            hero(
                "mindthief",
                ["the-mind-s-weakness", "fearsome-blade", "parasitic-influence", "empathetic-assault"],
                (0, 0),
            )
        ],
        [("normal", (1, 0)), ("normal", (-3, 0))],
        stats=MonsterStats(health=30),
    )
    m, far = at(game, (1, 0)), at(game, (-3, 0))
    events = go(game, "select the-mind-s-weakness fearsome-blade", "top the-mind-s-weakness", f"target {m}")
    assert f"attack mindthief {m} value=3 damage=3" in events  # its own Attack 1 already gains +2
    events = go(game, "bottom fearsome-blade", "stop", f"target {m}")
    assert f"attack mindthief {m} value=4 damage=4" in events
    assert [a.card for a in game.state.characters["mindthief"].active] == ["the-mind-s-weakness"]
    go(game, "select empathetic-assault parasitic-influence", "top empathetic-assault")
    events = go(game, f"target {far}")
    assert f"attack mindthief {far} value=4 damage=4" in events  # ranged: no augment


def test_augment_replacement_discards_the_older_augment() -> None:
    game = arena(
        [
            hero(
                "mindthief",
                ["the-mind-s-weakness", "scurry", "parasitic-influence", "into-the-night"],
                (0, 0),
            )
        ],
        [("normal", (1, 0))],
        stats=MonsterStats(health=30),
    )
    m = at(game, (1, 0))
    go(game, "select the-mind-s-weakness scurry", "top the-mind-s-weakness", f"target {m}", "bottom scurry")
    events = go(game, "select parasitic-influence into-the-night", "top parasitic-influence")
    assert "card mindthief the-mind-s-weakness discard" in events
    events = go(game, f"target {m}")
    assert f"attack mindthief {m} value=1 damage=1" in events  # Attack 1, no +2 any more
    assert any(e.startswith("healed mindthief") or e.startswith("heal mindthief") for e in events)


def test_withering_claw_augment_adds_muddle_and_poison_to_melee_attacks() -> None:
    game = arena([hero("mindthief", ["withering-claw", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select withering-claw scurry", "top withering-claw", f"target {m}")
    assert f"condition {m} muddle" in events and f"condition {m} poison" in events


def test_withering_claw_bottom_immobilizes_one_adjacent_enemy() -> None:
    game = arena([hero("mindthief", ["withering-claw", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select scurry withering-claw", "top scurry", "stop", "skip", "bottom withering-claw")
    d = game.decision
    assert d is not None and d.kind == "afflict" and f"target {m}" in d.choices
    go(game, f"target {m}")
    assert Condition.IMMOBILIZE in game.state.figures[m].conditions


def test_feedback_loop_muddles_enemies_jumped_over_when_ending_in_the_starting_hex() -> None:
    game = arena([hero("mindthief", ["feedback-loop", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select scurry feedback-loop", "top scurry", "stop", "skip", "bottom feedback-loop")
    events += go(game, "step 1,0", "step 0,0", "stop")
    assert "condition-met mindthief if-ended-in-starting-hex" in events
    events += go(game, f"all {m}")
    assert f"condition {m} muddle" in events


def test_feedback_loop_augment_shield_until_end_of_round() -> None:
    game = arena([hero("mindthief", ["feedback-loop", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select feedback-loop scurry", "top feedback-loop", f"target {m}")
    assert "bonus mindthief shield 1" in events
    assert game.shield("mindthief") == 1


def test_frigid_apparition_consume_ice_stuns_and_gives_xp() -> None:
    game = arena([hero("mindthief", ["frigid-apparition", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    game.state.elements.infuse(Element.ICE)
    game.state.elements.end_turn()
    go(game, "select frigid-apparition scurry", "top frigid-apparition")
    d = game.decision
    assert d is not None and d.kind == "consume"
    events = go(game, "consume ice", f"target {m}")
    assert "consumed mindthief ice" in events and "xp mindthief 1" in events
    assert Condition.STUN in game.state.figures[m].conditions


def test_frigid_apparition_bottom_stuns_an_adjacent_enemy_after_moving() -> None:
    game = arena([hero("mindthief", ["frigid-apparition", "scurry"], (0, 0))], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select scurry frigid-apparition", "top scurry", "stop", "bottom frigid-apparition")
    events = go(game, "step 1,0", "step 2,0", "stop", f"target {m}")
    assert f"condition {m} stun" in events


def test_gnawing_horde_summon_acts_before_its_owner_from_next_round_and_poisons() -> None:
    game = arena(
        [hero("mindthief", ["gnawing-horde", "scurry", "into-the-night", "fearsome-blade"], (0, 0))],
        [("normal", (2, 0))],
        stats=MonsterStats(health=30),
    )
    m = at(game, (2, 0))
    go(game, "select gnawing-horde scurry", "top gnawing-horde")
    d = game.decision
    assert d is not None and d.kind == "summon" and "summon-at 1,0" in d.choices
    events = go(game, "summon-at 1,0")
    assert "summoned mindthief.rat-swarm1 owner=mindthief" in events
    events += go(game, "bottom scurry")
    assert not any(e.startswith("turn mindthief.rat-swarm1") for e in events)  # not this round
    events = go(game, "select into-the-night fearsome-blade")
    turns = [e.split()[1] for e in events if e.startswith("turn ")]
    assert turns[:2] == ["mindthief.rat-swarm1", "mindthief"]
    assert any(e.startswith("modifiers mindthief.rat-swarm1 ") for e in events)
    assert f"condition {m} poison" in events
    assert [a.card for a in game.state.characters["mindthief"].active] == ["gnawing-horde"]


def test_gnawing_horde_card_is_lost_when_the_summon_dies_and_the_summon_goes_with_its_card() -> None:
    game = arena([hero("mindthief", ["gnawing-horde", "scurry"], (0, 0))], [("normal", (3, 0))])
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0")
    rat = "mindthief.rat-swarm1"
    game.lose_hp(game.state.figures[rat], 6, "test")
    ch = game.state.characters["mindthief"]
    assert rat not in game.state.figures and "gnawing-horde" in ch.lost and not ch.active


def test_possession_an_adjacent_ally_performs_attack_six_with_its_own_deck() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["possession", "scurry"], (0, 0))
    game = arena([brute, mind], [("normal", (2, 0))], stats=MonsterStats(health=30))
    m = at(game, (2, 0))
    go(game, "select shield-bash grab-and-go", "select possession scurry")
    while game.decision is not None and game.decision.actor == "brute":
        go(game, next(str(c) for c in game.decision.choices if c.kind in ("top", "bottom", "stop", "skip")))
    go(game, "top possession", "ally brute")
    d = game.decision
    assert d is not None and d.actor == "brute" and f"target {m}" in d.choices
    events = go(game, f"target {m}")
    assert f"attack brute {m} value=6 damage=6" in events


def _augment_then_two_discards() -> Game:
    cards = ["the-mind-s-weakness", "scurry", "into-the-night", "fearsome-blade", "empathetic-assault"]
    game = arena([hero("mindthief", cards, (0, 0))], [("normal", (4, 0))], stats=MonsterStats(health=30))
    go(game, "select the-mind-s-weakness empathetic-assault", "top the-mind-s-weakness")
    go(game, "bottom empathetic-assault", "stop")
    go(game, "select into-the-night fearsome-blade", "top into-the-night", "bottom fearsome-blade", "stop")
    return game


def test_long_rest_may_pick_up_an_active_augment_faq_p58() -> None:
    game = _augment_then_two_discards()
    go(game, "no-rest", "select long-rest?")  # the only choice left: taken by itself
    d = game.decision
    assert d is not None and d.kind == "pick-up"
    assert list(d.choices.texts()) == ["pick-up the-mind-s-weakness", "keep-active"]
    go(game, "pick-up the-mind-s-weakness")
    d = game.decision
    assert d is not None and d.kind == "long-rest" and "lose the-mind-s-weakness" in d.choices
    go(game, "lose into-the-night")
    ch = game.state.characters["mindthief"]
    assert "the-mind-s-weakness" in ch.hand and not ch.active


def test_short_rest_may_leave_an_active_augment_in_play() -> None:
    game = _augment_then_two_discards()
    go(game, "short-rest", "keep-active", "accept")
    ch = game.state.characters["mindthief"]
    assert [a.card for a in ch.active] == ["the-mind-s-weakness"]
    assert not ch.discard and "the-mind-s-weakness" not in ch.hand


def test_wild_consumption_for_characters_any_strong_or_waning_element_9() -> None:
    """§9: a character's "consume any element" takes one Strong or Waning element it chooses."""
    from delvekit.gloomhaven.content import character_cards
    from delvekit.gloomhaven.content import schema as cs
    from delvekit.gloomhaven.content.adapter import merge_forced

    wild = cs.CardAbility(
        type="attack",
        value=2,
        sub=(
            cs.CardAbility(
                type="element",
                value="wild",
                mode="consume",
                sub=(cs.CardAbility(type="attack", value=2, mode="add"),),
            ),
        ),
    )
    [ability] = character_cards.translate([wild], {}, fallback=lambda items, v: merge_forced([], items, v))
    assert str(ability) == "custom attack-consumes then attack:2 then custom:consume-wild then attack:2"
    from delvekit.gloomhaven.model.setup import Half

    brute = hero("brute", ["grab-and-go"], (0, 0))
    strike = Card(id="wild-strike", initiative=10, top=Half(abilities=(ability,)), bottom=Half())
    brute = msgspec.structs.replace(brute, hand=(strike, *brute.hand), hand_limit=len(brute.hand) + 1)
    game = arena([brute], [("normal", (1, 0))])
    m = at(game, (1, 0))
    for e in (Element.FIRE, Element.DARK):
        game.state.elements.infuse(e)
    game.state.elements.end_turn()
    go(game, "select wild-strike grab-and-go", "top wild-strike")
    d = game.decision
    assert d is not None and list(d.choices.texts()) == ["consume fire", "consume dark", "no-consume"]
    events = go(game, "consume dark", f"target {m}")
    assert "consumed brute dark" in events and f"attack brute {m} value=4 damage=4" in events
    assert game.state.elements.can_consume(Element.FIRE) and not game.state.elements.can_consume(Element.DARK)


def test_possession_bottom_an_ally_in_range_moves_deciding_its_own_path() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    mind = hero("mindthief", ["possession", "scurry"], (0, 0))
    game = arena([brute, mind], [("normal", (-4, 0))], stats=MonsterStats(health=30))
    go(game, "select shield-bash grab-and-go", "select scurry possession")
    while game.decision is not None and game.decision.actor == "brute":
        go(game, next(str(c) for c in game.decision.choices if c.kind in ("top", "bottom", "stop", "skip")))
    go(game, "top scurry", "stop", "bottom possession")
    d = game.decision
    assert d is not None and d.kind == "ally" and d.actor == "mindthief"
    go(game, "ally brute")
    d = game.decision
    assert d is not None and d.kind == "move" and d.actor == "brute"
