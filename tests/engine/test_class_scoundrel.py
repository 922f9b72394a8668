"""Golden tests for the Scoundrel's wordings (:mod:`delvekit.gloomhaven.effects.classes.scoundrel`), one
per named effect and reading, with the real cards of the content pack on an open arena and +0-only
modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero

CARDS = {c.id: c for c in character(PACK, Member("scoundrel", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["venom-shiv", "quick-hands", "swift-bow", "special-mixture"]


def rogue(cards: list[str], hex: tuple[int, int] = (0, 0)) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(CARDS[c] for c in names)
    return CharacterSetup(
        id="scoundrel",
        class_name="scoundrel",
        max_health=12,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _attack(events: list[str], target: str) -> str:
    return next(e for e in events if e.startswith(f"attack scoundrel {target} "))


def _with_brute(
    cards: list[str], monsters: list[tuple[str, tuple[int, int]]], brute_hex: tuple[int, int], select: str
) -> Game:
    """The Scoundrel selects ``select``; the Brute does nothing that matters on its turn."""
    game = arena([rogue(cards), hero("brute", ["grab-and-go", "shield-bash"], brute_hex)], monsters)
    go(game, select, "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor == "brute":  # it acts first: a shield
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))
    return game


def test_flanking_strike_adds_two_and_xp_when_an_ally_is_beside_the_target() -> None:
    game = _with_brute(
        ["flanking-strike"], [("normal", (1, 0))], (2, -1), "select flanking-strike venom-shiv"
    )
    m = at(game, (1, 0))  # the Brute on (2,-1) is beside it
    events = go(game, "top flanking-strike", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=5 damage=5"
    assert game.state.characters["scoundrel"].xp == 1


def test_flanking_strike_without_an_ally_beside_the_target_is_plain() -> None:
    game = _with_brute(
        ["flanking-strike"], [("normal", (1, 0))], (-3, 0), "select flanking-strike venom-shiv"
    )
    m = at(game, (1, 0))
    events = go(game, "top flanking-strike", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=3 damage=3"
    assert game.state.characters["scoundrel"].xp == 0


def test_backstab_counts_both_alone_and_flanked() -> None:
    game = _with_brute(
        ["backstab"], [("normal", (1, 0)), ("normal", (4, -2))], (2, -1), "select backstab venom-shiv"
    )
    m = at(game, (1, 0))
    events = go(game, "top backstab", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=7 damage=7"
    assert game.state.characters["scoundrel"].xp == 2


def test_backstab_target_beside_its_ally_is_not_alone() -> None:
    game = arena([rogue(["backstab"])], [("normal", (1, 0)), ("normal", (2, 0))])
    m = at(game, (1, 0))
    events = go(game, "select backstab venom-shiv", "top backstab", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=3 damage=3"


def test_single_out_persistent_bonus_on_alone_targets_spends_a_slot_each() -> None:
    game = arena([rogue(["single-out", "quick-hands"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select single-out venom-shiv", "bottom single-out")
    events = go(game, "top venom-shiv", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=5 damage=5"
    ch = game.state.characters["scoundrel"]
    assert [(a.card, a.used) for a in ch.active] == [("single-out", 1)]
    assert ch.xp == 1 + 1  # the slot's XP and Venom Shiv's


def test_smoke_bomb_doubles_the_next_attack_while_invisible() -> None:
    game = arena([rogue(["smoke-bomb", "thief-s-knack"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select smoke-bomb thief-s-knack", "top smoke-bomb")
    assert Condition.INVISIBLE in game.state.figures["scoundrel"].conditions
    events = go(game, "bottom thief-s-knack", f"target {m}")
    assert game.state.elements[Element.DARK] is not Strength.INERT  # infused (waned at round end)
    assert _attack(events, m) == f"attack scoundrel {m} value=6 damage=6"
    ch = game.state.characters["scoundrel"]
    assert "smoke-bomb" in ch.lost and not ch.active
    assert ch.xp == 2 + 1


def test_sinister_opportunity_dark_gives_two_per_ally_instead_of_one() -> None:
    game = _with_brute(
        ["sinister-opportunity"], [("normal", (1, 0))], (2, -1), "select sinister-opportunity venom-shiv"
    )
    game.state.elements.set(Element.DARK, Strength.STRONG)
    m = at(game, (1, 0))
    events = go(game, "top sinister-opportunity", "consume dark", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=5 damage=5"
    assert game.state.characters["scoundrel"].xp == 1


def test_trickster_s_reversal_adds_twice_the_target_s_shield() -> None:
    game = arena([rogue(["trickster-s-reversal"])], [("elite", (1, 0))], ("attack +0",))
    m = at(game, (1, 0))  # the elite dummy has shield 1
    events = go(game, "select trickster-s-reversal venom-shiv", "top trickster-s-reversal", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=4 damage=3"


def test_trickster_s_reversal_bottom_is_spent_by_one_source() -> None:
    game = arena([rogue(["trickster-s-reversal"])], [("normal", (1, 0)), ("normal", (-1, 0))], ("attack +0",))
    events = go(
        game,
        "select trickster-s-reversal venom-shiv",
        "bottom trickster-s-reversal",
        "top venom-shiv",
        "skip",
    )
    events += finish_round(game)  # both dummies attack the Scoundrel
    assert sum(e.startswith("negated scoundrel") for e in events) == 1
    assert sum(e.startswith("damage scoundrel") for e in events) == 1
    assert "trickster-s-reversal" in game.state.characters["scoundrel"].discard


def test_swift_bow_loots_every_hex_entered() -> None:
    game = arena([rogue(["swift-bow"])], [("normal", (5, -5))])
    game.state.coins = {(1, 0): 1, (2, 0): 2, (0, 3): 1}
    go(game, "select swift-bow venom-shiv", "bottom swift-bow", "step 1,0", "step 2,0", "stop")
    assert game.state.characters["scoundrel"].coins == 3
    assert game.state.coins == {(0, 3): 1}


def test_sinister_opportunity_bottom_moves_an_adjacent_enemy_next_to_you() -> None:
    game = arena([rogue(["sinister-opportunity"])], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(
        game,
        "select sinister-opportunity venom-shiv",
        "bottom sinister-opportunity",
        "step 1,0",
        "step 2,0",
        "stop",
    )
    d = game.decision
    assert d is not None and d.kind == "steer"
    go(game, f"steer {m}")
    d = game.decision
    assert d is not None and d.kind == "enemy-step"
    hexes = {c.args[1] for c in d.choices if c.kind == "hex"}
    assert hexes == {"2,1", "3,-1"}  # one step from 3,0, each beside the Scoundrel on 2,0
    go(game, f"hex {m} 3,-1")
    assert game.state.figures[m].hex == (3, -1)


def test_visage_of_the_inevitable_kills_an_alone_flanked_normal_enemy() -> None:
    game = _with_brute(
        ["visage-of-the-inevitable"],
        [("normal", (1, 0)), ("elite", (-1, 0))],
        (2, -1),
        "select visage-of-the-inevitable venom-shiv",
    )
    m, e = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "top visage-of-the-inevitable")
    d = game.decision
    assert d is not None and [str(c) for c in d.choices] == [f"kill {m}", "skip"]  # not the elite
    go(game, f"kill {m}")
    assert m not in game.state.figures and e in game.state.figures


def test_pain_s_end_kills_only_an_enemy_of_three_hit_points_or_less() -> None:
    game = arena([rogue(["pain-s-end"])], [("normal", (1, 0)), ("normal", (-1, 0))])
    low, high = at(game, (1, 0)), at(game, (-1, 0))
    game.state.figures[low].hp = 3
    go(game, "select pain-s-end venom-shiv", "bottom pain-s-end", "stop")
    d = game.decision
    assert d is not None and [str(c) for c in d.choices] == [f"kill {low}", "skip"]
    go(game, f"kill {low}")
    assert low not in game.state.figures and high in game.state.figures


def test_spring_the_trap_hurts_an_enemy_in_range_and_removes_the_trap() -> None:
    game = arena([rogue(["spring-the-trap"])], [("normal", (3, 0))])
    m = at(game, (3, 0))
    game.state.created_traps = {(0, 1): 4}
    go(game, "select spring-the-trap venom-shiv", "top spring-the-trap")
    events = go(game, f"spring 0,1 {m}")
    assert f"damage {m} 4 trap" in events
    assert game.state.created_traps == {}
    assert game.state.characters["scoundrel"].xp == 2


def test_watch_it_burn_adds_poison_and_wound_to_every_attack() -> None:
    game = arena([rogue(["watch-it-burn", "quick-hands"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select watch-it-burn quick-hands", "top watch-it-burn", "bottom quick-hands")
    finish_round(game)
    go(game, "select venom-shiv swift-bow", "top venom-shiv", f"target {m}")
    conditions = game.state.figures[m].conditions
    assert Condition.POISON in conditions and Condition.WOUND in conditions


def test_duelist_s_advance_round_bonus_only_on_alone_targets() -> None:
    game = arena(
        [rogue(["duelist-s-advance"])], [("normal", (1, 0)), ("normal", (-1, 0)), ("normal", (-2, 0))]
    )
    alone, paired = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "select duelist-s-advance venom-shiv", "bottom duelist-s-advance")
    events = go(game, "top venom-shiv", f"target {alone}")
    assert _attack(events, alone) == f"attack scoundrel {alone} value=5 damage=5"
    assert paired in game.state.figures


def test_long_con_turns_an_adjacent_enemy() -> None:
    game = arena([rogue(["long-con"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select long-con venom-shiv", "bottom long-con")
    d = game.decision
    assert d is not None and f"turn {m}" in [str(c) for c in d.choices]


def test_open_wound_wounds_a_flanked_target() -> None:
    game = _with_brute(["open-wound"], [("normal", (1, 0))], (2, -1), "select open-wound venom-shiv")
    m = at(game, (1, 0))
    go(game, "top open-wound", f"target {m}")
    assert Condition.WOUND in game.state.figures[m].conditions
    assert game.state.characters["scoundrel"].xp == 1


def test_open_wound_without_an_ally_beside_the_target_does_not_wound() -> None:
    game = arena([rogue(["open-wound"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select open-wound venom-shiv", "top open-wound", f"target {m}")
    assert Condition.WOUND not in game.state.figures[m].conditions
    assert game.state.characters["scoundrel"].xp == 0


def test_cull_the_weak_adds_two_on_a_stunned_target_and_spends_a_slot() -> None:
    game = arena([rogue(["cull-the-weak"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select cull-the-weak special-mixture", "bottom cull-the-weak", "top special-mixture")
    ch = game.state.characters["scoundrel"]
    assert [(a.card, a.used) for a in ch.active] == [("cull-the-weak", 0)]
    finish_round(game)
    events = go(game, "select venom-shiv swift-bow", "top venom-shiv", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=3 damage=3"  # not stunned: no slot spent
    assert [(a.card, a.used) for a in ch.active] == [("cull-the-weak", 0)]
    finish_round(game)
    game.add_condition(m, Condition.STUN)
    events = go(game, "select quick-hands swift-bow", "top quick-hands", "stop", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=5 damage=5"  # 2, +2, and the poison's +1
    assert [(a.card, a.used) for a in ch.active] == [("cull-the-weak", 1)]
    assert ch.xp == 1 + 1  # the first slot's XP and Venom Shiv's


def test_crippling_poison_adds_two_only_on_poisoned_targets() -> None:
    game = arena([rogue(["crippling-poison", "thief-s-knack"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(
        game,
        "select crippling-poison thief-s-knack",
        "top crippling-poison",
        "bottom thief-s-knack",
        f"target {m}",
    )
    assert _attack(events, m) == f"attack scoundrel {m} value=3 damage=3"
    finish_round(game)
    game.add_condition(m, Condition.POISON)
    events = go(game, "select venom-shiv swift-bow", "top venom-shiv", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=6 damage=6"  # +2, and poison's +1


def test_stick_to_the_shadows_dark_adds_four_on_a_flanked_target() -> None:
    game = _with_brute(
        ["stick-to-the-shadows"], [("normal", (1, 0))], (2, -1), "select stick-to-the-shadows venom-shiv"
    )
    game.state.elements.set(Element.DARK, Strength.STRONG)
    m = at(game, (1, 0))
    events = go(game, "top stick-to-the-shadows", "consume dark", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=8 damage=8"
    assert game.state.characters["scoundrel"].xp == 2
    assert game.state.elements[Element.DARK] is Strength.INERT


def test_stick_to_the_shadows_without_dark_is_plain() -> None:
    game = _with_brute(
        ["stick-to-the-shadows"], [("normal", (1, 0))], (2, -1), "select stick-to-the-shadows venom-shiv"
    )
    m = at(game, (1, 0))
    events = go(game, "top stick-to-the-shadows", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=4 damage=4"


def test_spring_the_trap_bottom_doubles_an_attack_on_an_alone_flanked_target() -> None:
    game = _with_brute(
        ["spring-the-trap", "quick-hands"],
        [("normal", (1, 0))],
        (2, -1),
        "select spring-the-trap quick-hands",
    )
    m = at(game, (1, 0))
    events = go(game, "bottom spring-the-trap", "top quick-hands", "stop", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=4 damage=4"
    ch = game.state.characters["scoundrel"]
    assert "spring-the-trap" in ch.lost and ch.xp == 2


def test_spring_the_trap_bottom_waits_for_a_target_that_is_not_beside_its_allies() -> None:
    game = _with_brute(
        ["spring-the-trap", "quick-hands"],
        [("normal", (1, 0)), ("normal", (1, 1))],
        (2, -1),
        "select spring-the-trap quick-hands",
    )
    m = at(game, (1, 0))
    events = go(game, "bottom spring-the-trap", "top quick-hands", "stop", f"target {m}")
    assert _attack(events, m) == f"attack scoundrel {m} value=2 damage=2"
    assert [a.card for a in game.state.characters["scoundrel"].active] == ["spring-the-trap"]


def test_flurry_of_blades_gives_advantage_this_round() -> None:
    game = arena([rogue(["flurry-of-blades"])], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(
        game,
        "select flurry-of-blades venom-shiv",
        "bottom flurry-of-blades",
        "stop",
        "top venom-shiv",
        f"target {m}",
    )
    assert "modifiers scoundrel drew=+0,+0 applies=+0" in events  # two cards drawn: advantage


def test_a_kill_of_an_enemy_not_offered_is_refused_and_changes_nothing() -> None:
    from delvekit.core.errors import IllegalChoice

    game = arena([rogue(["pain-s-end"])], [("normal", (1, 0)), ("normal", (-1, 0))])
    low, high = at(game, (1, 0)), at(game, (-1, 0))
    game.state.figures[low].hp = 3
    go(game, "select pain-s-end venom-shiv", "bottom pain-s-end", "stop")
    before = str(game.state)
    try:
        game.choose(f"kill {high}")
    except IllegalChoice:
        pass
    else:
        raise AssertionError("an enemy of more than 3 hit points was killed")
    assert str(game.state) == before


def test_sinister_opportunity_never_steers_an_enemy_into_a_closed_door() -> None:
    """A closed door is a wall to a monster (§2): the enemy's one step avoids it."""
    game = arena([rogue(["sinister-opportunity"])], [("normal", (3, 0))], doors=((2, 1),))
    m = at(game, (3, 0))
    go(game, "select sinister-opportunity venom-shiv", "bottom sinister-opportunity")
    go(game, "step 1,0", "step 2,0", "stop")
    go(game, f"steer {m}")
    d = game.decision
    assert d is not None and d.kind == "enemy-step"
    assert {c.args[1] for c in d.choices if c.kind == "hex"} == {"3,-1"}
