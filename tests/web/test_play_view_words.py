"""The play page's sentences read as plain English (a newcomer saw "for the round, (click two,
then the one that leads), or rest")."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.web.play_view import prompt


def test_the_card_selection_prompt_says_how_to_answer_on_the_page_in_one_sentence() -> None:
    game = Game(setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")], seed=3), seed=3)
    while game.decision is not None and game.decision.kind != "select":
        game.choose(game.decision.choices[0])
    assert game.decision is not None
    said = prompt(game.decision, {"brute": "Brute", "mindthief": "Mindthief"}, game)
    assert said == "Brute: choose two cards for the round (pick two, then say which one leads), or rest"


def test_choosing_a_battle_goal_shows_what_each_asks_not_only_its_name() -> None:
    """A newcomer was offered "Keep Dynamo" / "Keep Workhorse" with nothing saying what they ask."""
    from delvekit.web.play_view import option

    party = [Member("brute"), Member("mindthief")]
    game = Game(setup_from_pack(load_pack(), 1, party, seed=2, battle_goals=True), seed=2)
    d = game.decision
    assert d is not None and d.kind == "battle-goal"
    notes = [option(game, d, c, {"brute": "Brute"})["note"] for c in d.choices]
    assert len(notes) == 2 and all(n and "✓: " in n for n in notes)


def test_every_battle_goal_of_the_pack_has_its_words() -> None:
    from delvekit.gloomhaven.battle_goal_words import goal_words
    from delvekit.gloomhaven.content.abilities import slug

    for goal in load_pack().battle_goals.values():
        assert goal_words(slug(goal.name), goal.checks).startswith(f"{goal.checks} ✓: "), goal.name


def test_a_monster_outcome_names_each_target_and_none_when_it_attacks_no_one() -> None:
    """The terminal offered "Move to 5,7, attack " (a tie where the monster reaches no one: its
    targets are "-") and joined two targets into one name ("Brute,mindthief")."""
    from delvekit.core.records import Decision
    from delvekit.gloomhaven.decision_words import choice_label

    game = Game(setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")], seed=3), seed=3)
    d = Decision.parse("party monster: outcome 5,7 - | outcome 6,7 brute,mindthief | outcome 6,6 brute")
    names = {"brute": "Brute", "mindthief": "Mindthief"}
    assert [choice_label(game, d, c, names) for c in d.choices] == [
        "Move to 5,7",
        "Move to 6,7, attack Brute, Mindthief",
        "Move to 6,6, attack Brute",
    ]
