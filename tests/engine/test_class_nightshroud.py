"""Golden tests for the Nightshroud's wordings as named effects
(:mod:`delvekit.gloomhaven.effects_nightshroud`), one per card and rule, with the real cards of
the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

import pytest

from delvekit.core.errors import IllegalChoice
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.elements import Element, Strength
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_content import Member, character
from delvekit.gloomhaven.engine_setup import CharacterSetup

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
