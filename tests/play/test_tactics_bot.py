"""Issue 17: the room tactics of the search bot's policy (bots.tactics), each shown by the decision
it makes in a position reached by the plain greedy policy, and the bot with every switch off
playing exactly as the policy bot."""

from __future__ import annotations

import pytest

from delvekit.cli.play import new_game
from delvekit.core.records import Choice
from delvekit.gloomhaven.bots.evaluation import card_scarcity, context
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.bots.policy import PolicyBot
from delvekit.gloomhaven.bots.search import SearchBot
from delvekit.gloomhaven.bots.tactics import LOW_HP, REST_HEAL_MISSING, TacticsBot, door_opener, low_health
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import Half


def _quiet_selection(seed: int, actor: str | None = None, discards: int | None = None) -> Game:
    """Scenario 1 played by the plain greedy policy to a card selection after round 1 with no
    monster on the board (a room cleared, the next door closed), optionally of ``actor`` with
    exactly ``discards`` discarded cards."""
    game = new_game(1, "brute,mindthief", seed=seed)
    bot = GreedyBot(lookahead=0)
    while game.decision is not None:
        d = game.decision
        st = game.state
        if (
            d.kind == "select"
            and st.round > 1
            and not any(f.kind == "monster" for f in st.figures.values())
            and (actor is None or d.actor == actor)
            and (discards is None or len(st.characters[d.actor].discard) == discards)
        ):
            return game
        game.choose(bot.choose(game))
    raise AssertionError("no quiet card selection")


def _opening(game: Game, bot: GreedyBot) -> tuple[str, Game]:
    """Play ``game`` with ``bot`` until the next door opens: who opened it, and the game then."""
    opened = len(game.state.opened)
    actor = ""
    while len(game.state.opened) == opened:
        d = game.decision
        assert d is not None, "the scenario ended before the next door opened"
        actor = d.actor
        game.choose(bot.choose(game))
    return actor, game


def test_a_hurt_character_long_rests_between_rooms_with_two_discards() -> None:
    """``rest_heal``: no monster on the board, two discards and health missing: the long rest
    (heal 2) comes now; the greedy bot waits for a third discard."""
    game = _quiet_selection(2, actor="brute", discards=2)
    f = game.state.figures["brute"]
    f.hp = f.max_hp - REST_HEAL_MISSING
    assert TacticsBot(lookahead=0, rest_heal=True).choose(game) == Choice("long-rest")
    assert PolicyBot(lookahead=0).choose(game) != Choice("long-rest")
    f.hp = f.max_hp  # unhurt: no reason to rest early
    assert TacticsBot(lookahead=0, rest_heal=True).choose(game) != Choice("long-rest")


def test_the_character_with_the_most_health_left_opens_the_next_door() -> None:
    """``opener``: the Brute worn down to 2 health lets the Mindthief (6) open the next door;
    the greedy rule sends the sturdiest (most maximum health), the Brute, whatever its health."""
    game = _quiet_selection(0)
    game.state.figures["brute"].hp = 2
    assert door_opener(game).id == "mindthief"
    assert _opening(game.clone(), TacticsBot(lookahead=0, opener=True))[0] == "mindthief"
    assert _opening(game.clone(), PolicyBot(lookahead=0))[0] == "brute"


def test_the_opener_waits_beside_the_door_for_a_move_with_points_to_spare() -> None:
    """``door_spare=2``: the Brute steps into the door only with two move points left after it
    (to step back out of the room), where the greedy bot opens it with its last point."""
    game = _quiet_selection(0)
    who, opened = _opening(game.clone(), TacticsBot(lookahead=0, door_spare=2))
    task = opened.state.agenda[-1]
    assert who == "brute" and task.kind == "move" and task.who == "brute" and task.n >= 2
    who, plain = _opening(game.clone(), PolicyBot(lookahead=0))
    task = plain.state.agenda[-1]
    assert who == "brute" and not (task.kind == "move" and task.who == "brute" and task.n >= 2)


def test_the_healthier_character_takes_the_front() -> None:
    """``front``: a hex that draws a monster's focus costs the Brute at 2 health (the Mindthief
    has more left), not the Mindthief; the greedy rule lets the Brute (most maximum health)
    tank at any health."""
    game = new_game(1, "brute,mindthief", seed=4)
    st = game.state
    st.figures["brute"].hp = 2
    brute, mindthief = st.figures["brute"], st.figures["mindthief"]
    monster = next(f for f in st.figures.values() if f.kind == "monster")
    near = next(h for h in game.board().links.get(monster.hex, ()) if st.figure_at(h) is None)  # type: ignore[union-attr]
    front = TacticsBot(front=True)
    assert front._exposure(game, brute, {near})[near] > 0
    assert front._exposure(game, mindthief, {near})[near] == 0
    assert PolicyBot()._exposure(game, brute, {near})[near] == 0


def test_a_sheltered_character_pays_more_for_drawing_the_focus() -> None:
    """``shelter=2``: the Mindthief (less sturdy) pays twice the greedy exposure cost for a hex
    next to a monster; the Brute (the tank) still pays nothing."""
    game = new_game(1, "brute,mindthief", seed=4)
    st = game.state
    monster = next(f for f in st.figures.values() if f.kind == "monster")
    near = next(h for h in game.board().links.get(monster.hex, ()) if st.figure_at(h) is None)  # type: ignore[union-attr]
    mindthief, brute = st.figures["mindthief"], st.figures["brute"]
    plain = PolicyBot()._exposure(game, mindthief, {near: 1.0})[near]
    assert plain > 1.0
    sheltered = TacticsBot(shelter=2.0)
    assert sheltered._exposure(game, mindthief, {near: 1.0})[near] == pytest.approx(2 * plain - 1)
    assert sheltered._exposure(game, brute, {near: 1.0})[near] == 1.0


def test_a_lost_half_costs_more_in_the_pair_evaluation() -> None:
    """``lost_extra=8``: a lost half is worth 8 less (scaled by card scarcity) than to the
    greedy evaluation; a half that is not lost is worth the same."""
    game = new_game(1, "brute,mindthief", seed=4)
    f = game.state.figures["brute"]
    ctx = context(game, f)
    attack = (Ability(kind="attack", value=3),)
    lost, kept = Half(abilities=attack, lost=True), Half(abilities=attack)
    strict, plain = TacticsBot(lost_extra=8.0), PolicyBot()
    assert strict._plan_value(f, ctx, lost, kept) == pytest.approx(
        plain._plan_value(f, ctx, lost, kept) - 8.0 * card_scarcity(ctx.cards)
    )
    assert strict._plan_value(f, ctx, kept, kept) == plain._plan_value(f, ctx, kept, kept)


def test_with_every_switch_off_it_plays_as_the_policy_bot() -> None:
    def played(bot: GreedyBot) -> list[str]:
        game = new_game(1, "brute,mindthief", seed=3)
        while game.decision is not None:
            game.choose(bot.choose(game))
        return game.log

    assert played(TacticsBot(lookahead=0)) == played(PolicyBot(lookahead=0))


def test_the_search_bot_with_tactics_plays_the_same_choices_for_the_same_seed() -> None:
    def first_rounds() -> list[str]:
        game = new_game(1, "brute,mindthief", seed=6)
        bot = SearchBot(6, playouts=4, rest_heal=True, front=True, door_spare=2, step_back=True)
        while game.decision is not None and game.state.round <= 2:
            game.choose(bot.choose(game))
        assert bot.spent, "no card selection was searched"
        return game.log

    assert first_rounds() == first_rounds()


def test_the_look_ahead_counts_low_health_only_when_asked() -> None:
    """``ranking_low_hp``: the look-ahead's ranking is the greedy bot's when low health is worth
    (next to) nothing more, and changes the scores when it is worth more."""
    game = new_game(1, "brute,mindthief", seed=4)
    bot = GreedyBot(lookahead=0)
    while not (game.decision is not None and game.decision.kind == "select" and game.state.round >= 2):
        game.choose(bot.choose(game))
    pool = [c for c in game.decision.choices if c.kind == "select"][:4]
    assert TacticsBot(ranking_low_hp=1e-9)._ranking(game, pool) == PolicyBot()._ranking(game, pool)
    g = game.clone()
    g.state.figures["brute"].hp = 1
    assert low_health(g) == LOW_HP - 1 + max(0, LOW_HP - g.state.figures["mindthief"].hp)


def test_a_searched_move_ends_where_its_play_outs_ended_best() -> None:
    """``turn_worlds``: when the play-outs of a move's ends (the greedy walk, the safest reachable
    hex, the safest one in reach of an attack) find one clearly better than the greedy walk, the
    character walks there and stops; the same seed plans the same end."""

    def first_plan() -> tuple[str, tuple[int, int], Game]:
        game = new_game(1, "brute,mindthief", seed=1)
        bot = TacticsBot(lookahead=0, turn_worlds=2)
        while game.decision is not None and game.state.round <= 4:
            d = game.decision
            game.choose(bot.choose(game))
            if bot._plan is not None:
                while (
                    game.decision is not None
                    and game.decision.kind == "move"
                    and game.decision.actor == d.actor
                ):
                    game.choose(bot.choose(game))
                return d.actor, bot._plan[1], game
        raise AssertionError("no move was searched")

    actor, target, game = first_plan()
    assert game.state.figures[actor].hex == target
    assert first_plan()[:2] == (actor, target)
