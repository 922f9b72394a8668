"""Golden tests for the Berserker's wordings (:mod:`delvekit.gloomhaven.effects.classes.berserker`
and ``berserker_hooks``), one per named effect and reading, with the real cards of the content
pack on an open arena and +0-only modifier decks. "Hurt": fewer hit points than half the maximum,
rounded up (14 → below 7)."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero

CARDS = {c.id: c for c in character(PACK, Member("berserker", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["dazing-wound", "bounce-back", "furious-aid", "devil-horns"]


def berserker(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 14) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(CARDS[c] for c in names)
    return CharacterSetup(
        id="berserker",
        class_name="berserker",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _game(cards: list[str], monsters: list[tuple[str, tuple[int, int]]], hp: int = 14, **kw: object) -> Game:
    game = arena([berserker(cards)], monsters, **kw)  # type: ignore[arg-type]
    _me(game).hp = hp
    return game


def _me(game: Game) -> Figure:
    return game.state.figures["berserker"]


def _xp(game: Game) -> int:
    return game.state.characters["berserker"].xp


def _attack(events: list[str], target: str) -> str:
    return next(e for e in events if e.startswith(f"attack berserker {target} "))


def test_every_level_1_and_x_card_is_encoded() -> None:
    low = [c for c in PACK.classes["berserker"].cards if c.level in (1, "X")]
    assert len(low) == 13 and all(c.encoded for c in low)
    assert PACK.classes["berserker"].playable_at(1)


def test_resolute_stand_attacks_for_the_missing_hit_points_with_xp_per_five_damage() -> None:
    game = _game(["resolute-stand"], [("normal", (1, 0))], hp=4)
    m = at(game, (1, 0))
    events = go(game, "select resolute-stand dazing-wound", "top resolute-stand", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=10 damage=10"
    assert _xp(game) == 2  # 10 damage: two times five
    assert "resolute-stand" in game.state.characters["berserker"].lost


def test_glass_hammer_attacks_for_the_current_hit_points_then_sets_them_to_one_without_damage() -> None:
    game = _game(["glass-hammer"], [("normal", (1, 0))], hp=9)
    m = at(game, (1, 0))
    events = go(game, "select glass-hammer dazing-wound", "top glass-hammer", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=9 damage=9"
    assert _me(game).hp == 1 and _xp(game) == 1
    assert not any(e.startswith("damage berserker") for e in events)


def test_growing_rage_attacks_for_the_lost_cards() -> None:
    game = _game(["growing-rage"], [("normal", (1, 0))])
    ch = game.state.characters["berserker"]
    for card in ("bounce-back", "furious-aid", "devil-horns"):
        ch.hand.remove(card)
        ch.lost.append(card)
    m = at(game, (1, 0))
    events = go(game, "select growing-rage dazing-wound", "top growing-rage", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"


def test_growing_rage_bottom_attacks_only_while_hurt() -> None:
    game = _game(["growing-rage"], [("normal", (1, 0))], hp=7)  # 7 is not below half of 14
    events = go(game, "select growing-rage furious-aid", "bottom growing-rage", "stop")
    assert not any(e.startswith("attack berserker") for e in events)
    game = _game(["growing-rage"], [("normal", (1, 0))], hp=6)
    m = at(game, (1, 0))
    events = go(game, "select growing-rage furious-aid", "bottom growing-rage", "stop", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=2 damage=2"
    assert _xp(game) == 1


def test_strength_in_agony_pays_two_damage_for_two_attack_and_xp() -> None:
    game = _game(["strength-in-agony"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select strength-in-agony dazing-wound", "top strength-in-agony", "pay", "take 2")
    events += go(game, f"target {m}")
    assert "damage berserker 2 self" in events
    assert _attack(events, m) == f"attack berserker {m} value=5 damage=5"
    assert _xp(game) == 1


def test_strength_in_agony_declined_is_a_plain_attack() -> None:
    game = _game(["strength-in-agony"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select strength-in-agony dazing-wound", "top strength-in-agony", "no-pay", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"
    assert _me(game).hp == 14 and _xp(game) == 0


def test_strength_in_agony_bottom_moves_four_plus_the_damage_suffered() -> None:
    game = _game(["strength-in-agony"], [("normal", (5, -5))])
    events = go(game, "select strength-in-agony dazing-wound", "bottom strength-in-agony", "suffer 3", "take 3")
    assert "x berserker 3" in events
    d = game.decision
    assert d is not None and d.kind == "move"
    path = ["step 1,0", "step 2,0", "step 3,0", "step 4,0", "step 5,0", "step 5,-1", "step 5,-2"]
    go(game, *path)
    assert _me(game).hex == (5, -2) and _me(game).hp == 11


def test_suffered_damage_may_be_negated_by_a_lost_card_and_still_buys_the_bonus() -> None:
    """§4.3: "suffer X damage" is a source of damage like any other."""
    game = _game(["dazing-wound"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select dazing-wound furious-aid", "top dazing-wound", "pay", "lose-hand bounce-back")
    events = go(game, f"target {m}")
    assert _me(game).hp == 14 and "stun" in " ".join(events)
    assert Condition.STUN in game.state.figures[m].conditions and _xp(game) == 1


def test_defiance_of_death_adds_two_while_hurt() -> None:
    game = _game(["defiance-of-death"], [("normal", (1, 0))], hp=6)
    m = at(game, (1, 0))
    events = go(game, "select defiance-of-death dazing-wound", "top defiance-of-death", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=5 damage=5"
    assert _xp(game) == 1


def test_defiance_of_death_negates_only_damage_that_would_exhaust() -> None:
    game = _game(["defiance-of-death"], [("normal", (1, 0))], hp=4, actions=("attack +0",))
    go(game, "select defiance-of-death dazing-wound", "bottom defiance-of-death", "top dazing-wound", "no-pay")
    events = go(game, f"target {at(game, (1, 0))}")
    events += finish_round(game)  # the dummy attacks for 3: not lethal at 4
    assert _me(game).hp == 1
    events = go(game, "select furious-aid devil-horns", "top furious-aid", "skip?")
    events += finish_round(game)  # any more damage would exhaust: negated, a use slot spent
    assert any(e.startswith("negated berserker") and e.endswith("attack defiance") for e in events)
    negated = sum(e.startswith("negated berserker") and e.endswith("attack defiance") for e in events)
    ch = game.state.characters["berserker"]
    assert not ch.exhausted and not any(e.startswith("damage berserker") for e in events)
    assert [(a.card, a.used) for a in ch.active] == [("defiance-of-death", negated)]
    assert _xp(game) >= negated  # one XP per slot
