"""engine.strike.strike_once: one attack on one target, the part every attacker shares (§6.4–§6.7)."""

from __future__ import annotations

import msgspec

from delvekit.core.hexes import disk
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.engine.strike import strike_once
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import BoardSpec

from .helpers import events_since, hero, mcard, mtype, plain_hand, setup


def _game(rank: str = "normal") -> tuple[Game, Figure]:
    s = setup(
        [hero("brute", plain_hand("c", [60, 61, 62, 63]))],
        [mtype("guard", health=6)],
        {"guard": [mcard("g90", 90)]},
        [[("guard", rank, (1, 0))]],
    )
    game = Game(msgspec.structs.replace(s, board=BoardSpec(hexes=tuple(disk((0, 0), 2)))), seed=1)
    return game, game.state.monsters()[0]


def _stack(game: Game, key: str, cards: list[str]) -> None:
    game.state.modifier_decks[key] = ModifierDeck(draw_pile=cards_of(cards))


def test_6_4_poison_adds_one_then_shield_less_pierce_and_the_caller_deals_the_damage() -> None:
    game, guard = _game("elite")  # shield 1
    game.add_condition(guard.id, Condition.POISON)
    _stack(game, "brute", ["+1"])
    start = len(game.events)
    struck = strike_once(game, "brute", guard, 3, pierce=0, tail=("on-death",))
    assert events_since(game, start)[-2:] == [
        "modifiers brute drew=+1 applies=+1",
        f"attack brute {guard.id} value=4 damage=4 on-death",  # 3 +1 poison +1 card -1 shield
    ]
    assert struck.result.damage == 4 and struck.cards == struck.draw.applied
    assert guard.hp == 10  # not dealt: the damage task or lose_hp is the caller's


def test_6_7_pierce_and_extra_shield_add_to_the_targets_own_shield() -> None:
    game, guard = _game("elite")
    _stack(game, "brute", ["+0"])
    struck = strike_once(game, "brute", guard, 5, pierce=1, shield=2)  # shield 1 + 2, pierce 1
    assert struck.result.damage == 3


def test_6_5_advantage_draws_two_and_keeps_the_better() -> None:
    game, guard = _game()
    _stack(game, "brute", ["-1", "+2"])
    start = len(game.events)
    struck = strike_once(game, "brute", guard, 2, advantage=True)
    assert "modifiers brute drew=-1,+2 applies=+2" in events_since(game, start)
    assert struck.result.damage == 4


def test_an_attacker_off_the_board_draws_straight_from_the_deck_named() -> None:
    """A monster's on-death attack: it is gone, so the monster deck is drawn with only the
    advantage passed (its stat card's); the event still names every card drawn."""
    game, _ = _game()
    _stack(game, MONSTER_DECK, ["-1", "+1"])
    brute = game.state.figures["brute"]
    start = len(game.events)
    struck = strike_once(game, "gone-1", brute, 2, advantage=True, defences=False, deck=MONSTER_DECK)
    assert events_since(game, start)[-2:] == [
        "modifiers gone-1 drew=-1,+1 applies=+1",
        "attack gone-1 brute value=2 damage=3",
    ]
    assert struck.result.damage == 3 and not game.state.modifier_decks[MONSTER_DECK].draw_pile


def test_12_a_dying_summon_draws_as_its_owner_with_the_owners_strengthen() -> None:
    game, guard = _game()
    game.add_condition("brute", Condition.STRENGTHEN)
    _stack(game, "brute", ["+0", "+1"])
    start = len(game.events)
    struck = strike_once(game, "brute-s1", guard, 2, drawer="brute", tail=("on-death",))
    assert events_since(game, start)[-2:] == [
        "modifiers brute drew=+0,+1 applies=+1",
        f"attack brute-s1 {guard.id} value=2 damage=3 on-death",
    ]
    assert struck.result.damage == 3
