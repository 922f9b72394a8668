"""`delve play` for people: two cards then the lead, a move by its destination, cards with their
text and initiative, the goal and events in plain words, the board with coordinates."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner

from delvekit.cli import play_words as W
from delvekit.cli.main import _register, cli
from delvekit.cli.play import figure_labels, new_game
from delvekit.gloomhaven.bots.players import make_bot
from delvekit.gloomhaven.engine.game import Game

_register()


def until(kind: str, seed: int = 3) -> Game:
    game = new_game(1, "brute,mindthief", seed=seed)
    bot = make_bot("greedy", seed)
    while game.decision is not None and not (
        game.decision.kind == kind
        and any(c.kind == ("step" if kind == "move" else kind) for c in game.decision.choices)
    ):
        game.choose(bot.choose(game))
    assert game.decision is not None
    return game


def answers(*texts: str) -> Iterator[str]:
    yield from texts


def test_two_cards_by_number_the_leading_one_first() -> None:
    game = until("select")
    d = game.decision
    assert d is not None
    said: list[object] = []
    feed = answers("1", "2 2", "2 1")
    got = W.ask_select(game, d, lambda _: next(feed), said.append)
    hand = list(dict.fromkeys(a for c in d.choices if c.kind == "select" for a in c.args))
    assert got == f"select {hand[1]} {hand[0]}"
    listed = "\n".join(str(s) for s in said)
    card = next(c for ch in game.setup.party for c in ch.hand if c.id == hand[0])
    assert f"({card.initiative}): top " in listed  # each card with its initiative and text
    assert listed.count("not a legal answer") == 2


def test_a_move_by_its_destination_gives_the_steps_there_then_stop() -> None:
    game = until("move")
    d = game.decision
    assert d is not None
    from delvekit.gloomhaven.engine.destinations import reach

    paths = reach(game)
    far = max(paths, key=lambda h: len(paths[h]))
    feed = answers("99,99", far)
    said: list[object] = []
    got = W.ask_move(game, d, lambda _: next(feed), said.append, figure_labels(game))
    assert got == [*paths[far], "stop"]
    assert any("not a reachable destination" in str(s) for s in said)
    for step in paths[far]:  # the engine accepts every step
        game.choose(step)


def test_warnings_before_losing_a_card_or_being_exhausted() -> None:
    game = new_game(1, "brute,mindthief", seed=3)
    bot = make_bot("greedy", 3)
    while game.decision is not None and game.decision.kind != "damage":
        game.choose(bot.choose(game))
    d = game.decision
    assert d is not None
    notes = {str(c): W.choice_note(game, d, c) for c in d.choices}
    lose = [n for t, n in notes.items() if t.startswith("lose-")]
    assert lose and all("LOSES" in n for n in lose)
    take = next(c for c in d.choices if c.kind == "take")
    hp = game.state.figures[d.actor].hp
    assert ("EXHAUSTS" in notes[str(take)]) is (int(take.args[0]) >= hp)


def test_a_visible_game_shows_the_goal_events_in_words_and_the_board_with_coordinates() -> None:
    r = CliRunner().invoke(
        cli, ["play", "--scenario", "2", "--party", "brute,mindthief", "--bots", "random", "--seed", "2"]
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Goal: kill Bandit Commander" in out
    assert "q=" in out and "round 1 ───" in out
    assert "attacks" in out and "→" in out
    assert out.rstrip().splitlines()[-1].startswith("result: ")


def test_the_hand_is_chosen_with_several_numbers_at_once(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    args = ["play", "--scenario", "1", "--party", "brute,mindthief", "--save", str(save)]
    r = CliRunner().invoke(cli, args, input="1\n1\n1 2 3 4 5 6 7 8 9 10\nq\n")  # battle goals first (§2.6)
    assert r.exit_code == 0, r.output
    game = Game.load(save.read_text())
    assert all(c.startswith("keep ") for c in game.log[:2]) and len(game.log) == 12
    hand = game.log[2:]
    assert all(c.startswith("take ") for c in hand)
    assert len(set(hand)) == 10  # ten different cards, as numbered on the one list shown
    assert game.decision is not None and game.decision.actor == "mindthief"
