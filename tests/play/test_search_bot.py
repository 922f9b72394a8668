"""Issue 17: the search bot plays legal games, is deterministic for a fixed seed and budget, and
never peeks: its card selection does not change when only hidden information does."""

from __future__ import annotations

import msgspec

from delvekit.cli.play import new_game
from delvekit.core.decks import Deck
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots import GreedyBot, make_bot
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.search_bot import SearchBot, determinize


def _near_selection(seed: int) -> Game:
    """Scenario 1 played by the greedy bot to the first card selection of round 2 or later."""
    game = new_game(1, "brute,mindthief", seed=seed)
    bot = GreedyBot(lookahead=0)
    while game.decision is not None:
        d = game.decision
        if d.kind == "select" and game.state.round >= 2:
            return game
        game.choose(bot.choose(game))
    raise AssertionError("no second round")


def _shuffled(game: Game, seed: int) -> Game:
    """The same game with only hidden information changed: every draw pile in another order
    and the generator reseeded."""
    g = game.clone()
    st = g.state
    rng = Rng(seed)
    st.rng = Rng(seed + 1)
    for name, amd in st.modifier_decks.items():
        pile = list(amd.draw_pile)
        rng.shuffle(pile)
        st.modifier_decks[name] = msgspec.structs.replace(amd, draw_pile=tuple(pile))
    for name, deck in st.decks.items():
        draw, discards = deck.to_state()
        draw = list(draw)
        rng.shuffle(draw)
        st.decks[name] = Deck.from_state(draw, discards)
    return g


def test_the_search_bot_is_registered_for_faces() -> None:
    assert isinstance(make_bot("search", 3), SearchBot)


def test_a_card_selection_is_the_same_whatever_the_hidden_order_of_the_piles() -> None:
    game = _near_selection(4)
    choice = SearchBot(4, playouts=12).choose(game)
    assert choice in game.decision.choices  # type: ignore[union-attr]
    for seed in (1, 2):
        other = _shuffled(game, seed)
        assert other.digest() != game.digest()
        assert SearchBot(4, playouts=12).choose(other) == choice


def test_sampled_worlds_depend_on_the_bots_generator_only() -> None:
    game = _near_selection(5)
    a = determinize(game, Rng(7))
    b = determinize(_shuffled(game, 3), Rng(7))
    assert a.digest() == b.digest()
    assert determinize(game, Rng(8)).digest() != a.digest()


def test_the_same_seed_and_budget_play_the_same_choices() -> None:
    def first_rounds(seed: int) -> list[str]:
        game = new_game(1, "brute,mindthief", seed=seed)
        bot = SearchBot(seed, playouts=4)
        while game.decision is not None and game.state.round <= 2:
            game.choose(bot.choose(game))
        assert bot.spent, "no card selection was searched"
        return game.log

    assert first_rounds(6) == first_rounds(6)
