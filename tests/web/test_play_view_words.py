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
