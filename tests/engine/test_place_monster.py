"""engine.start.place_monster: a monster put on the map with a standee from those left (§1.3)."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.start import place_monster

from .helpers import hero, mcard, mtype, plain_hand, setup


def _game() -> Game:
    s = setup(
        [hero("brute", plain_hand("c", [60, 61, 62, 63]))],
        [mtype("guard", health=5, standees=3)],
        {"guard": [mcard("g90", 90)]},
    )
    return Game(s, seed=3)


def test_1_3_a_random_standee_left_in_the_box_and_the_stat_cards_health() -> None:
    game = _game()
    fig = place_monster(game, "guard", "elite", (2, 0))
    assert fig.id == f"guard#{fig.standee}" and game.state.figures[fig.id] is fig
    assert fig.standee not in game.state.standees["guard"] and len(game.state.standees["guard"]) == 2
    assert (fig.hp, fig.max_hp, fig.rank, fig.side, fig.hex) == (9, 9, "elite", "monsters", (2, 0))


def test_1_3_a_named_standee_leaves_the_box_without_a_random_draw() -> None:
    game, other = _game(), _game()
    fig = place_monster(game, "guard", "normal", (1, 0), standee=2, spawned=True, side="party")
    assert fig.id == "guard#2" and game.state.standees["guard"] == [1, 3]
    assert fig.spawned and fig.side == "party" and fig.hp == 5
    assert game.state.rng.randint(0, 10**9) == other.state.rng.randint(0, 10**9)  # no draw was made
