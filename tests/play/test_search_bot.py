"""Issue 17: the search bot plays legal games, is deterministic for a fixed seed and budget, and
never peeks: its sampled worlds match the real next cards only by chance."""

from __future__ import annotations

import msgspec

from delvekit.cli.play import new_game
from delvekit.core.decks import Deck
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.players import GreedyBot, make_bot
from delvekit.gloomhaven.bots.policy import PolicyBot
from delvekit.gloomhaven.bots.search import LOW_HP, SearchBot, _low_health, determinize
from delvekit.gloomhaven.engine.game import Game


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


def test_sampled_worlds_know_nothing_of_the_real_next_cards() -> None:
    """Never peeking: over many games, a sampled world's next monster ability card and next
    attack modifier are the real ones only as often as chance makes them (1 in the pile size)."""
    from delvekit.gloomhaven.bots.players import bot_seed
    from delvekit.gloomhaven.bots.worlds import determinized

    hits = trials = 0
    expected = 0.0
    for seed in range(150):
        game = new_game(1, "brute,mindthief", seed=seed)
        while game.decision is not None and game.decision.kind != "select":
            game.choose(game.decision.choices[0])
        rng = Rng(bot_seed(seed, f"search:{game.state.round}:{len(game.log)}"))
        world = determinized(game, rng)
        for name, deck in game.state.decks.items():
            real = deck.to_state()[0]
            hits += world.state.decks[name].to_state()[0][0] == real[0]
            expected += real.count(real[0]) / len(real)
            trials += 1
        for name, amd in game.state.modifier_decks.items():
            shown = [str(c) for c in amd.draw_pile]
            hits += str(world.state.modifier_decks[name].draw_pile[0]) == shown[0]
            expected += shown.count(shown[0]) / len(shown)
            trials += 1
    # chance: about one draw in six matches; a sampler that peeked would match far more often
    assert abs(hits - expected) < 4 * (expected**0.5) + 5, (hits, expected, trials)


def test_a_card_selection_is_legal_and_the_same_for_the_same_seed() -> None:
    game = _near_selection(4)
    choice = SearchBot(4, playouts=12).choose(game)
    assert choice in game.decision.choices  # type: ignore[union-attr]
    assert SearchBot(4, playouts=12).choose(game.clone()) == choice


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


def test_without_deep_play_outs_it_picks_what_the_greedy_bot_picks() -> None:
    """The deeper play-outs only check the greedy look-ahead's ranking: with no time for them
    (a zero CPU cap) or no budget, the search bot's pick is the greedy bot's (and with the
    short rest's reroll on, its policy's, bots.policy)."""
    game = _near_selection(7)
    greedy = GreedyBot().choose(game)
    assert SearchBot(7, playouts=0, reroll=True).choose(game) == PolicyBot().choose(game)
    capped = SearchBot(7, playouts=8, seconds=0.0)
    assert capped.choose(game) == greedy
    assert capped.deep == [0] and len(capped.spent) == 1
    assert SearchBot(7, playouts=0).choose(game) == greedy


def test_the_budget_bounds_the_deep_play_outs() -> None:
    """``playouts`` is shared by the two finalists in the same worlds: 7 allows 3 each, and 3 too
    few to compare them (none is played)."""
    game = _near_selection(4)
    for budget, played in ((6, 6), (7, 6), (3, 0)):
        bot = SearchBot(4, playouts=budget)
        assert bot.choose(game) in game.decision.choices  # type: ignore[union-attr]
        assert bot.deep == [played], (budget, bot.deep)


def test_an_impossible_gate_keeps_the_look_aheads_pick() -> None:
    """``switch_z``: no edge clears an infinite gate, so the deep play-outs run but never
    overrule the look-ahead's first pick."""
    game = _near_selection(4)
    bot = SearchBot(4, playouts=8, switch_z=float("inf"))
    assert bot.choose(game) == GreedyBot().choose(game)
    assert bot.deep == [8] and bot.switched == 0


def test_low_health_counts_the_points_below_the_threshold() -> None:
    game = _near_selection(4)
    g = game.clone()
    for cid in g.state.characters:
        g.state.figures[cid].hp = 1
    assert _low_health(g) == 2 * (LOW_HP - 1)
    for cid in g.state.characters:
        g.state.figures[cid].hp = LOW_HP + 2
    assert _low_health(g) == 0


def test_three_finalists_share_the_budget() -> None:
    """``finalists=3``: 7 play-outs allow 2 each in the same worlds, 5 too few (none)."""
    game = _near_selection(4)
    for budget, played in ((7, 6), (5, 0)):
        bot = SearchBot(4, playouts=budget, finalists=3)
        assert bot.choose(game) in game.decision.choices  # type: ignore[union-attr]
        assert bot.deep == [played], (budget, bot.deep)
