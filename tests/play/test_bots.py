"""The random and greedy bots: legal, deterministic, independent of the global random module,
and the greedy one plays better than the random one."""

from __future__ import annotations

import random

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.bots.evaluation import card_value
from delvekit.gloomhaven.bots.players import (
    GreedyBot,
    RandomBot,
    bot_seed,
    make_bot,
    play,
)
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations
from shared_games import Step, golden_game, golden_names, greedy_game

from .conftest import PARTIES, scenario_setup


def greedy_steps() -> list[Step]:
    """Every decision of the golden greedy games (eight games, six scenarios, fourteen classes):
    the tests below ask what the bot chose there, at the cost of replaying the logs."""
    return [step for name in golden_names() for step in golden_game(name).steps]


def kills(game: Game) -> int:
    return sum(1 for e in game.events if e.kind == "killed" and "#" in e.args[0])


@pytest.mark.slow
@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_greedy_bot_only_makes_legal_choices_and_keeps_every_invariant(size: int) -> None:
    """Each shared game checks, after every choice, that it was legal and every invariant holds
    (the fast tier checks the same on the golden logs)."""
    for seed in range(3):
        played = greedy_game(1, PARTIES[size], seed)
        assert played.game.result in ("victory", "defeat")
        assert [str(s.choice) for s in played.steps] == played.game.log


def _opening(game: Game, bot: RandomBot | GreedyBot, choices: int) -> Game:
    while game.decision is not None and len(game.log) < choices:
        game.choose(bot.choose(game))
    return game


def test_bots_are_deterministic_and_ignore_the_global_random_module() -> None:
    """The first rounds of a game (several card selections with the look-ahead) twice, with the
    global random module in another state each time: the same choices."""
    setup = scenario_setup(2, 2)
    for make in (lambda: RandomBot(7), GreedyBot):
        random.seed(1)
        a = _opening(Game(setup, seed=7), make(), 40)
        random.seed(2)
        random.random()
        b = _opening(Game(setup, seed=7), make(), 40)
        assert a.log == b.log and a.digest() == b.digest()


def test_the_random_bot_draws_from_its_own_seed() -> None:
    setup = scenario_setup(1, 2)
    logs = {tuple(play(Game(setup, seed=3), RandomBot(s)).log) for s in range(4)}
    assert len(logs) == 4  # other bot seeds, other games from the same game seed
    assert bot_seed(3) != 3 and bot_seed(3, "random") != bot_seed(3, "greedy")


def test_the_bot_never_touches_the_games_generator() -> None:
    """Asking a bot must not change the game (its digest includes the game's generator)."""
    game = Game(scenario_setup(1, 2), seed=1)
    for bot in (RandomBot(1), GreedyBot()):
        before = game.digest()
        bot.choose(game)
        assert game.digest() == before


@pytest.mark.slow
def test_greedy_beats_random_on_scenario_1() -> None:
    """Over the same 20 seeds the greedy party kills far more monsters, survives longer and wins
    at least as often."""
    for size in (2, 4):
        setup = scenario_setup(1, size)
        greedy = [play(Game(setup, seed=s), GreedyBot()) for s in range(20)]
        rand = [play(Game(setup, seed=s), RandomBot(s)) for s in range(20)]
        g_kills, r_kills = sum(map(kills, greedy)), sum(map(kills, rand))
        assert g_kills >= 3 * max(r_kills, 1), (size, g_kills, r_kills)
        assert sum(g.state.round for g in greedy) > sum(g.state.round for g in rand)
        wins = [sum(g.result == "victory" for g in games) for games in (greedy, rand)]
        assert wins[0] >= wins[1]


def test_greedy_attacks_the_enemy_it_can_kill() -> None:
    """Whenever the greedy bot picks a single target, no other offered target was killable by
    the attack while the chosen one was not (value minus shield against health)."""
    seen = 0
    for step in greedy_steps():
        game, choice = step.before, step.choice
        d = game.decision
        assert d is not None
        if d.kind == "attack" and all(c.kind in ("target", "skip") for c in d.choices):
            power = game.state.agenda[-1].n
            killable = {
                c.args[0]
                for c in d.choices
                if c.kind == "target"
                and max(0, power - game.shield(c.args[0])) >= game.state.figures[c.args[0]].hp
            }
            assert choice.kind == "target"
            if killable:
                assert choice.args[0] in killable
            seen += 1
    assert seen > 0


def test_greedy_takes_every_hit_it_survives_and_negates_only_lethal_ones() -> None:
    """Cards run out before health: a negation costs a card (several rounds of play), so the
    greedy bot negates only damage that would exhaust the character."""
    seen = negated = 0
    for step in greedy_steps():
        game, choice = step.before, step.choice
        d = game.decision
        assert d is not None
        if d.kind == "damage":
            take = next(c for c in d.choices if c.kind == "take")
            f = game.state.figures[d.actor]
            can_negate = len(d.choices) > 1
            survives = int(take.args[0]) < f.hp
            assert (choice == take) == (not can_negate or survives)
            seen += 1
            negated += choice != take
    assert seen > negated > 0


def test_card_values_charge_for_lost_halves_and_reward_stronger_abilities() -> None:
    from delvekit.gloomhaven.model.abilities import Ability
    from delvekit.gloomhaven.model.setup import Card, Half

    hit = Half(abilities=(Ability(kind="attack", value=3),))
    kept = Card(id="a", initiative=10, top=hit)
    lost = Card(id="b", initiative=10, top=Half(abilities=hit.abilities, lost=True))
    weak = Card(id="c", initiative=10, top=Half(abilities=(Ability(kind="attack", value=1),)))
    assert card_value(lost) < card_value(kept)
    assert card_value(weak) < card_value(kept)


def test_make_bot_names_the_known_bots() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    with pytest.raises(InputError, match=r"unknown bot 'clever'.*greedy, random"):
        make_bot("clever", 1)


def test_greedy_does_not_open_a_door_during_a_fight_when_it_can_avoid_it() -> None:
    checked = 0
    for step in greedy_steps():
        game, choice = step.before, step.choice
        d = game.decision
        assert d is not None
        board = game.board()
        if d.kind == "move" and board is not None and game.state.monsters():
            closed = board.doors - game.state.opened
            door_steps = {
                str(c)
                for c in d.choices
                if c.kind == "step" and tuple(map(int, c.args[0].split(","))) in closed
            }
            if door_steps and len(d.choices) > len(door_steps):
                assert str(choice) not in door_steps
                checked += 1
    assert checked > 0


@pytest.mark.slow
@pytest.mark.parametrize("scenario", range(1, 11))
def test_greedy_games_across_scenarios_keep_every_invariant(scenario: int) -> None:
    """Greedy games last longer than random ones (rooms revealed, rests, deeper decks)."""
    from .test_random_play import setup_or_skip

    bot = GreedyBot()
    for seed in range(3):
        game = Game(setup_or_skip(scenario, 2 + seed), seed=seed)
        while game.decision is not None:
            choice = bot.choose(game)
            assert choice in game.decision.choices
            game.choose(choice)
            problems = violations(game)
            assert not problems, (seed, str(choice), problems)
        assert game.result in ("victory", "defeat")


def test_the_look_ahead_plays_out_sampled_worlds_without_touching_the_game() -> None:
    """At a selection within reach of monsters the greedy bot plays out card pairs in copies
    whose hidden draw piles are reshuffled (same cards, its own order): the real game, its
    generator and its decks stay as they were."""
    from collections import Counter

    from delvekit.core.rng import Rng
    from delvekit.gloomhaven.bots.evaluation import LOOKAHEAD_NEAR
    from delvekit.gloomhaven.bots.geometry import enemy_reach
    from delvekit.gloomhaven.bots.worlds import determinized

    game = Game(scenario_setup(1, 2), seed=4)
    bot = GreedyBot()
    while game.decision is not None and game.decision.kind != "select":
        game.choose(bot.choose(game))
    assert game.decision is not None
    figure = game.state.figures[game.decision.actor]
    assert enemy_reach(game, figure)[1] <= LOOKAHEAD_NEAR  # so the bot looks ahead here
    before = game.digest()
    pick = bot.choose(game)
    assert pick in game.decision.choices and game.digest() == before
    world = determinized(game, Rng(1))
    assert game.digest() == before and world.digest() != before
    for name, deck in game.state.modifier_decks.items():
        other = world.state.modifier_decks[name]
        assert Counter(map(str, deck.draw_pile)) == Counter(map(str, other.draw_pile))
        assert deck.discard == other.discard
    for name, ability_deck in game.state.decks.items():
        draw, discards = ability_deck.to_state()
        draw2, discards2 = world.state.decks[name].to_state()
        assert sorted(draw) == sorted(draw2) and discards == discards2
    # the same decision asked twice gets the same answer (the worlds are seeded from the game)
    assert GreedyBot().choose(game) == pick


def test_the_greedy_bot_walks_around_a_trap_and_onto_it_only_with_no_way_around() -> None:
    """A trap costs a character several hit points: the walking field prices it as a long
    detour, so a short way around wins, and the only way (a corridor) still leads on."""
    from delvekit.core.board import Board, Terrain
    from delvekit.core.hexes import distance
    from delvekit.gloomhaven.bots.geometry import TRAP_STEP, Field, _steps

    disc = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if distance((0, 0), (q, r)) <= 3]
    board = Board.build(disc, terrain={(1, 0): Terrain.TRAP})
    field = Field(board, {(2, 0)}, set())
    assert field.at((0, 0)) == 3  # by (1, -1) and (2, -1), not over the trap
    steps = _steps(board)
    assert min(board.links[(0, 0)], key=lambda h: steps[h] + field.at(h)) != (1, 0)
    corridor = Board.build([(0, 0), (1, 0), (2, 0)], terrain={(1, 0): Terrain.TRAP})
    assert Field(corridor, {(2, 0)}, set()).at((0, 0)) == TRAP_STEP + 1


def test_a_lost_card_costs_less_as_a_character_runs_out_of_cards() -> None:
    """Early in a scenario a card kept is played again after many rests; with few cards left
    the bot spends its lost cards (the look-ahead and the pair evaluation both scale by it)."""
    from delvekit.gloomhaven.bots.evaluation import SCARCITY_FLOOR, card_scarcity

    costs = [card_scarcity(n) for n in range(0, 13)]
    assert costs == sorted(costs) and costs[-1] == 1.0 and costs[0] == SCARCITY_FLOOR
    assert card_scarcity(3) < card_scarcity(6) < card_scarcity(8) == 1.0
