"""Golden tests for the Nightshroud's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.nightshroud`), one per card and rule, with the real cards of
the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

import pytest

from delvekit.core.errors import IllegalChoice
from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup

from .class_arena import PACK, ZEROS, arena, at, finish_round, go

NS = {c.id: c for c in character(PACK, Member("nightshroud", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["doomed-breeze", "enervating-wound", "dark-cloud", "dancing-shadows"]


def nightshroud(cards: list[str], hex: tuple[int, int] = (0, 0)) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(NS[c] for c in names)
    return CharacterSetup(
        id="nightshroud",
        class_name="nightshroud",
        max_health=12,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _dark(game: Game) -> None:
    game.state.elements.infuse(Element.DARK)
    game.state.elements.end_turn()


def _hp(game: Game, h: tuple[int, int]) -> int:
    return game.state.figures[at(game, h)].hp


def _xp(game: Game) -> int:
    return game.state.characters["nightshroud"].xp


def _me(game: Game) -> tuple[int, int]:
    return game.state.figures["nightshroud"].hex


def _attack_all(game: Game) -> list[str]:
    """Answer the attack decisions with the first target (or the whole set) until none is left."""
    events: list[str] = []
    while (d := game.decision) is not None and d.kind == "attack":
        events += go(game, next(t for t in d.choices.texts() if t != "skip"))
    return events


def test_every_level_1_and_x_card_is_encoded() -> None:
    klass = PACK.classes["nightshroud"]
    low = [c for c in klass.cards if c.level in (1, "X")]
    assert len(low) == 12 and all(c.encoded for c in low)
    assert klass.playable_at(1)


def test_empowering_void_bottom_with_dark_is_move_eight() -> None:
    game = arena([nightshroud(["empowering-void", "cloak-of-shade"])], [("normal", (3, 0))])
    _dark(game)
    events = go(game, "select empowering-void cloak-of-shade", "bottom empowering-void", "consume dark")
    assert "xp nightshroud 1" in events
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 8  # (2 + 2) x 2
    assert game.state.elements[Element.DARK] is Strength.INERT


def test_empowering_void_bottom_without_dark_is_move_two() -> None:
    game = arena([nightshroud(["empowering-void", "cloak-of-shade"])], [("normal", (3, 0))])
    _dark(game)
    events = go(game, "select empowering-void cloak-of-shade", "bottom empowering-void", "no-consume")
    assert "xp nightshroud 1" not in events
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 2


def test_empowering_void_top_adds_two_and_doubles_the_turns_later_moves() -> None:
    game = arena([nightshroud(["empowering-void", "silent-force"])], [("normal", (1, 0))])
    _dark(game)
    enemy = at(game, (1, 0))
    go(game, "select empowering-void silent-force", "top empowering-void", "consume dark", f"target {enemy}")
    assert _hp(game, (1, 0)) == 6  # Attack 2 + 2
    go(game, "bottom silent-force")
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 12  # Move 6 doubled


def test_moves_are_not_doubled_on_the_next_turn() -> None:
    game = arena([nightshroud(["empowering-void", "silent-force", "smoke-step"])], [("normal", (1, 0))])
    _dark(game)
    enemy = at(game, (1, 0))
    go(game, "select empowering-void smoke-step", "top empowering-void", "consume dark", f"target {enemy}")
    finish_round(game)
    go(game, "select silent-force dark-cloud", "bottom silent-force")
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 6


def test_spirit_of_the_night_with_dark_kills_a_normal_target() -> None:
    game = arena([nightshroud(["spirit-of-the-night", "cloak-of-shade"])], [("normal", (1, 0))])
    _dark(game)
    enemy = at(game, (1, 0))
    events = go(
        game,
        "select spirit-of-the-night cloak-of-shade",
        "top spirit-of-the-night",
        "consume dark",
        f"target {enemy}",
    )
    assert enemy not in game.state.figures
    assert "xp nightshroud 1" in events


def test_spirit_of_the_night_with_dark_only_damages_an_elite() -> None:
    game = arena([nightshroud(["spirit-of-the-night", "cloak-of-shade"])], [("elite", (1, 0))])
    _dark(game)
    enemy = at(game, (1, 0))
    go(
        game,
        "select spirit-of-the-night cloak-of-shade",
        "top spirit-of-the-night",
        "consume dark",
        f"target {enemy}",
    )
    assert game.state.figures[enemy].hp == 14 - 2  # Attack 3, shield 1


def test_cloak_of_shade_bottom_with_dark_makes_you_invisible() -> None:
    game = arena([nightshroud(["cloak-of-shade", "doomed-breeze"])], [("normal", (3, 0))])
    _dark(game)
    events = go(game, "select cloak-of-shade doomed-breeze", "bottom cloak-of-shade", "consume dark")
    assert Condition.INVISIBLE in game.state.figures["nightshroud"].conditions
    assert "xp nightshroud 1" in events
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 3


def test_smoke_step_top_with_dark_buys_move_and_attack() -> None:
    game = arena([nightshroud(["smoke-step", "cloak-of-shade"])], [("normal", (2, 0))])
    _dark(game)
    enemy = at(game, (2, 0))
    go(game, "select smoke-step cloak-of-shade", "top smoke-step", "consume dark")
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 3
    go(game, "step 1,0", "stop", f"target {enemy}")
    assert _hp(game, (2, 0)) == 6  # Attack 2 + 2


def test_wings_of_the_night_moves_two_before_each_attack_action_and_spends_a_slot() -> None:
    game = arena(
        [nightshroud(["wings-of-the-night", "doomed-breeze", "dark-cloud", "silent-force"])],
        [("normal", (3, 0))],
    )
    go(game, "select wings-of-the-night doomed-breeze", "bottom wings-of-the-night", "top doomed-breeze")
    finish_round(game)
    assert [a.card for a in game.state.characters["nightshroud"].active] == ["wings-of-the-night"]
    xp = _xp(game)
    events = go(game, "select dark-cloud silent-force", "top dark-cloud")
    assert "next-action-bonus nightshroud wings-of-the-night" in events
    assert _xp(game) == xp + 1
    assert game.state.agenda[-1].kind == "move" and game.state.agenda[-1].n == 2
    enemy = at(game, (3, 0))
    go(game, "step 1,0", "step 2,0", f"target {enemy}")
    assert _hp(game, (3, 0)) == 7  # then Dark Cloud's Attack 3


def test_wings_of_the_night_does_not_act_on_a_move_action() -> None:
    game = arena([nightshroud(["wings-of-the-night", "doomed-breeze", "silent-force"])], [("normal", (4, 0))])
    go(game, "select wings-of-the-night doomed-breeze", "bottom wings-of-the-night", "top doomed-breeze")
    finish_round(game)
    events = go(game, "select silent-force dark-cloud", "bottom silent-force")
    assert not any(e.startswith("next-action-bonus") for e in events)


def test_black_knives_attacks_as_the_final_part_once_invisible() -> None:
    game = arena(
        [nightshroud(["black-knives", "doomed-breeze", "wings-of-the-night", "dark-cloud"])],
        [("normal", (1, 0)), ("normal", (3, 0))],
    )
    go(game, "select black-knives doomed-breeze", "top black-knives", "bottom doomed-breeze", "stop")
    finish_round(game)
    near, far = at(game, (1, 0)), at(game, (3, 0))
    events = go(game, "select wings-of-the-night dark-cloud", "top wings-of-the-night", f"target {near}")
    assert Condition.INVISIBLE in game.state.figures["nightshroud"].conditions
    events += go(game, f"target {far}")
    assert "next-action-bonus nightshroud black-knives" in events
    assert _hp(game, (3, 0)) == 8  # Attack 2, range 3
    assert game.state.characters["nightshroud"].active[0].used == 1


def test_black_knives_does_nothing_when_visible() -> None:
    game = arena(
        [nightshroud(["black-knives", "doomed-breeze", "silent-force", "dark-cloud"])], [("normal", (1, 0))]
    )
    go(game, "select black-knives doomed-breeze", "top black-knives", "bottom doomed-breeze", "stop")
    finish_round(game)
    near = at(game, (1, 0))
    events = go(game, "select silent-force dark-cloud", "top silent-force", f"target {near}")
    assert not any(e.startswith("next-action-bonus") for e in events)
    assert game.state.characters["nightshroud"].active[0].used == 0


def test_silent_force_adds_two_when_invisible() -> None:
    game = arena([nightshroud(["silent-force", "cloak-of-shade"])], [("normal", (1, 0))])
    game.add_condition("nightshroud", Condition.INVISIBLE)
    enemy = at(game, (1, 0))
    events = go(game, "select silent-force cloak-of-shade", "top silent-force", f"target {enemy}")
    assert _hp(game, (1, 0)) == 5
    assert "xp nightshroud 1" in events


def test_concealed_dominance_top_with_dark_attacks_the_area() -> None:
    game = arena(
        [nightshroud(["concealed-dominance", "cloak-of-shade"])], [("normal", (1, 0)), ("normal", (0, 2))]
    )
    _dark(game)
    go(game, "select concealed-dominance cloak-of-shade", "top concealed-dominance", "consume dark")
    a, b = at(game, (1, 0)), at(game, (0, 2))
    d = game.decision
    assert d is not None and len(d.choices) == 3  # placements of the six-hex area, skip
    both = [t for t in d.choices.texts() if a in t and b in t]
    go(game, both[0])
    assert _hp(game, (1, 0)) == 6 and _hp(game, (0, 2)) == 6


def test_concealed_dominance_bottom_with_dark_teleports_past_walls() -> None:
    game = arena([nightshroud(["concealed-dominance", "cloak-of-shade"])], [("normal", (5, 0))])
    _dark(game)
    go(game, "select concealed-dominance cloak-of-shade", "bottom concealed-dominance", "consume dark")
    d = game.decision
    assert d is not None and len(d.choices) > 80  # every empty hex of the arena
    go(game, "teleport -5,5")
    assert _me(game) == (-5, 5)
    with pytest.raises(IllegalChoice):
        game.choose("teleport 5,0")


def test_dark_cloud_curses_and_muddles_every_adjacent_enemy() -> None:
    game = arena([nightshroud(["dark-cloud", "doomed-breeze"])], [("normal", (1, 0)), ("normal", (-1, 0))])
    go(
        game,
        "select dark-cloud doomed-breeze",
        "bottom dark-cloud",
        f"all {at(game, (-1, 0))} {at(game, (1, 0))}",
    )
    for h in ((1, 0), (-1, 0)):
        assert Condition.MUDDLE in game.state.figures[at(game, h)].conditions


# ---------------------------------------------------------------- levels 2-9


def test_every_card_is_encoded_and_the_class_is_playable_at_level_9() -> None:
    klass = PACK.classes["nightshroud"]
    assert len(klass.cards) == 28 and all(c.encoded for c in klass.cards)
    assert klass.playable_at(9)


def test_swallowed_by_fear_with_dark_and_another_element_kills_an_elite() -> None:
    game = arena([nightshroud(["swallowed-by-fear", "cloak-of-shade"])], [("elite", (1, 0))])
    _dark(game)
    game.state.elements.infuse(Element.FIRE)
    game.state.elements.end_turn()
    enemy = at(game, (1, 0))
    go(game, "select swallowed-by-fear cloak-of-shade", "top swallowed-by-fear")
    d = game.decision
    assert d is not None and d.choices.texts() == ["consume dark fire", "no-consume"]
    events = go(game, "consume dark fire", f"target {enemy}")
    assert enemy not in game.state.figures and "xp nightshroud 1" in events


def test_swallowed_by_fear_is_not_offered_with_dark_alone() -> None:
    game = arena([nightshroud(["swallowed-by-fear", "cloak-of-shade"])], [("elite", (1, 0))])
    _dark(game)
    enemy = at(game, (1, 0))
    go(game, "select swallowed-by-fear cloak-of-shade", "top swallowed-by-fear", f"target {enemy}")
    assert game.state.figures[enemy].hp == 14 - 1  # Attack 2, shield 1
    assert game.state.elements[Element.DARK] is Strength.STRONG


def test_black_arrow_bottom_with_dark_is_invisible_then_attacks() -> None:
    game = arena([nightshroud(["black-arrow", "cloak-of-shade"])], [("normal", (3, 0))])
    _dark(game)
    enemy = at(game, (3, 0))
    go(game, "select black-arrow cloak-of-shade", "bottom black-arrow", "consume dark", f"target {enemy}")
    assert Condition.INVISIBLE in game.state.figures["nightshroud"].conditions
    assert _hp(game, (3, 0)) == 7  # Attack 3, range 3


def test_eyes_of_the_night_targets_invisible_enemies_with_advantage() -> None:
    game = arena(
        [nightshroud(["eyes-of-the-night", "cloak-of-shade", "dark-cloud", "doomed-breeze"])],
        [("normal", (1, 0))],
    )
    go(
        game,
        "select eyes-of-the-night cloak-of-shade",
        "top eyes-of-the-night",
        "bottom cloak-of-shade",
        "stop",
    )
    finish_round(game)
    enemy = at(game, (1, 0))
    game.add_condition(enemy, Condition.INVISIBLE)
    events = go(game, "select dark-cloud doomed-breeze", "top dark-cloud", f"target {enemy}")
    assert _hp(game, (1, 0)) == 7  # Attack 3 on an invisible enemy
    assert "modifiers nightshroud drew=+0,+0 applies=+0" in events  # advantage: two cards drawn


def test_without_eyes_of_the_night_invisible_enemies_cannot_be_targeted() -> None:
    game = arena([nightshroud(["dark-cloud", "doomed-breeze"])], [("normal", (1, 0))])
    enemy = at(game, (1, 0))
    game.add_condition(enemy, Condition.INVISIBLE)
    go(game, "select dark-cloud doomed-breeze", "top dark-cloud")
    d = game.decision
    assert d is None or f"target {enemy}" not in d.choices.texts()


def test_claws_of_the_night_attacks_every_adjacent_enemy_after_a_move_while_invisible() -> None:
    game = arena(
        [nightshroud(["claws-of-the-night", "cloak-of-shade", "dark-cloud", "smoke-step"])],
        [("normal", (2, 0)), ("normal", (2, -1))],
    )
    go(game, "select claws-of-the-night cloak-of-shade", "bottom claws-of-the-night", "top cloak-of-shade")
    finish_round(game)
    game.add_condition("nightshroud", Condition.INVISIBLE)
    events = go(game, "select smoke-step dark-cloud", "bottom smoke-step", "step 1,0")
    assert "next-action-bonus nightshroud claws-of-the-night" in events
    _attack_all(game)
    assert _hp(game, (2, 0)) == 8 and _hp(game, (2, -1)) == 8  # Attack 2 on both


def test_angel_of_death_with_dark_kills_every_normal_target() -> None:
    game = arena(
        [nightshroud(["angel-of-death", "cloak-of-shade"])],
        [("normal", (1, 0)), ("normal", (-1, 0)), ("elite", (0, 1))],
    )
    _dark(game)
    a, b, elite = at(game, (1, 0)), at(game, (-1, 0)), at(game, (0, 1))
    events = go(game, "select angel-of-death cloak-of-shade", "top angel-of-death", "consume dark")
    events += _attack_all(game)
    assert a not in game.state.figures and b not in game.state.figures
    assert game.state.figures[elite].hp == 14 - 3  # Attack 4, shield 1
    assert "xp nightshroud 2" in events


def test_armor_of_the_night_with_dark_heals_you() -> None:
    game = arena([nightshroud(["armor-of-the-night", "cloak-of-shade"])], [("normal", (1, 0))])
    game.state.figures["nightshroud"].hp = 5
    _dark(game)
    enemy = at(game, (1, 0))
    go(
        game,
        "select armor-of-the-night cloak-of-shade",
        "top armor-of-the-night",
        "consume dark",
        f"target {enemy}",
    )
    assert game.state.figures["nightshroud"].hp == 9
    assert _hp(game, (1, 0)) == 6


def test_gloom_darts_with_dark_has_three_targets() -> None:
    game = arena(
        [nightshroud(["gloom-darts", "cloak-of-shade"])],
        [("normal", (2, 0)), ("normal", (0, 2)), ("normal", (-2, 0))],
    )
    _dark(game)
    go(game, "select gloom-darts cloak-of-shade", "top gloom-darts", "consume dark")
    _attack_all(game)
    for h in ((2, 0), (0, 2), (-2, 0)):
        assert _hp(game, h) < 10
        assert Condition.POISON in game.state.figures[at(game, h)].conditions


def test_voice_of_the_night_stuns_while_invisible() -> None:
    game = arena(
        [nightshroud(["voice-of-the-night", "cloak-of-shade", "dark-cloud", "doomed-breeze"])],
        [("normal", (1, 0))],
    )
    go(
        game,
        "select voice-of-the-night cloak-of-shade",
        "top voice-of-the-night",
        "bottom cloak-of-shade",
        "stop",
    )
    finish_round(game)
    game.add_condition("nightshroud", Condition.INVISIBLE)
    enemy = at(game, (1, 0))
    go(game, "select dark-cloud doomed-breeze", "top dark-cloud", f"target {enemy}")
    assert Condition.STUN in game.state.figures[enemy].conditions


def test_nightfall_infuses_dark_at_the_end_of_your_turn() -> None:
    game = arena([nightshroud(["nightfall", "cloak-of-shade"])], [("normal", (3, 0))])
    events = go(game, "select nightfall cloak-of-shade", "top nightfall", "bottom cloak-of-shade", "stop")
    assert "infused dark" in events and "xp nightshroud 1" in events


def test_a_bought_kill_is_the_attacks_alone_not_black_knives_final_attack() -> None:
    game = arena(
        [nightshroud(["black-knives", "doomed-breeze", "spirit-of-the-night", "dark-cloud"])],
        [("normal", (1, 0)), ("normal", (3, 0))],
    )
    go(game, "select black-knives doomed-breeze", "top black-knives", "bottom doomed-breeze", "stop")
    finish_round(game)
    near, far = at(game, (1, 0)), at(game, (3, 0))
    game.add_condition("nightshroud", Condition.INVISIBLE)
    _dark(game)
    go(
        game,
        "select spirit-of-the-night dark-cloud",
        "top spirit-of-the-night",
        "consume dark",
        f"target {near}",
    )
    assert near not in game.state.figures
    go(game, f"target {far}")
    assert far in game.state.figures and _hp(game, (3, 0)) == 8  # Black Knives' Attack 2
