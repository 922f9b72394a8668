"""The greedy bot's rarer decisions, reached directly instead of by the slow tier's full games:
picking up an active card at a rest, a start hex with no enemy on the board, and the kill
priority of a figure that is not a monster."""

from __future__ import annotations

import msgspec

from delvekit.core.records import Choice
from delvekit.gloomhaven.bots.evaluation import priority
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import GameSetup, Half
from delvekit.gloomhaven.testing.examples import board_setup


def _with_persistent_shield() -> GameSetup:
    """``board_setup`` whose Brute card b0 has a persistent (not lost) Shield 1 on top, over a
    Move 3 bottom: once played it stays active and counts as discarded at a rest."""
    base = board_setup()
    brute = base.party[0]
    top = Half(abilities=(Ability.parse("shield 1"),), persistent=True)
    b0 = msgspec.structs.replace(brute.hand[0], top=top)
    brute = msgspec.structs.replace(brute, hand=(b0, *brute.hand[1:]))
    return msgspec.structs.replace(base, party=(brute, base.party[1]))


def test_at_a_rest_the_greedy_bot_picks_up_an_active_card_that_is_no_augment() -> None:
    game = Game(_with_persistent_shield(), seed=1)
    while game.decision is not None and game.decision.kind != "pick-up":
        d = game.decision
        pick = d.choices[0]
        if d.actor == "brute" and game.state.round == 1 and d.kind in ("select", "action"):
            wanted = [
                c for c in d.choices if (d.kind == "select" and c.args[0] == "b0") or str(c) == "top b0"
            ]
            pick = wanted[0] if wanted else pick
        game.choose(pick)
    rest = game.decision
    assert rest is not None and rest.kind == "pick-up" and rest.actor == "brute"
    assert [c.args[0] for c in rest.choices if c.kind == "pick-up"] == ["b0"]
    assert len(game.state.characters["brute"].hand) + len(game.state.characters["brute"].discard) >= 4
    assert GreedyBot().choose(game) == Choice("pick-up", ("b0",))


def test_with_no_enemy_on_the_board_the_greedy_bot_takes_the_first_start_hex() -> None:
    base = board_setup()
    setup = msgspec.structs.replace(
        base, rooms=((), base.rooms[1]), starts=((-3, 0), (-3, 1), (-2, 0), (-4, 0))
    )
    game = Game(setup, seed=0)
    d = game.decision
    assert d is not None and d.kind == "start"
    assert not any(f.kind == "monster" for f in game.state.figures.values())
    assert GreedyBot().choose(game) == d.choices[0]


def test_with_enemies_on_the_board_the_greedy_bot_starts_nearest_them() -> None:
    base = board_setup()
    setup = msgspec.structs.replace(base, starts=((-4, 0), (-3, 1), (-1, 0), (-3, 0)))
    game = Game(setup, seed=0)
    d = game.decision
    assert d is not None and d.kind == "start"
    assert GreedyBot().choose(game) == Choice("start", ("-1,0",))


def test_a_character_has_no_kill_priority() -> None:
    game = Game(board_setup(), seed=0)
    assert priority(game, game.state.figures["brute"]) == 0.0
    guard = next(f for f in game.state.figures.values() if f.kind == "monster")
    assert priority(game, guard) > 0.0
