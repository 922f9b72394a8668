"""The search bot's play policy (bots.policy): the greedy bot's rules, plus a short rest's
reroll (rules digest §4.1: suffer 1 damage to keep the lost card and lose another random one)."""

from __future__ import annotations

import pytest

from delvekit.cli.play import new_game
from delvekit.core.records import Choice
from delvekit.gloomhaven.bots.evaluation import card_value
from delvekit.gloomhaven.bots.policy import REROLL_HP, PolicyBot
from delvekit.gloomhaven.engine.game import Game


@pytest.fixture(scope="module")
def at_rest_loss() -> Game:
    """Scenario 1 played by the plain policy until a short rest has just lost a card."""
    for seed in range(20):
        game = new_game(1, "brute,mindthief", seed=seed)
        bot = PolicyBot(lookahead=0)
        while game.decision is not None:
            if game.decision.kind == "short-rest-loss":
                return game
            game.choose(bot.choose(game))
    raise AssertionError("no short rest in 20 games")


def _arranged(game: Game, lost: str, discard: list[str], hp: int) -> Game:
    """The same position with the rest's lost card (as the character's state shows it: the
    position is only for asking the bot), the other discards and health set."""
    g = game.clone()
    assert g.decision is not None
    cid = g.decision.actor
    ch = g.state.characters[cid]
    pool = ch.lost[-1:] + ch.discard + ch.hand
    assert lost in pool and all(c in pool for c in discard)
    ch.lost[-1] = lost
    ch.discard = list(discard)
    ch.hand = [c for c in pool if c != lost and c not in discard]
    g.state.figures[cid].hp = hp
    return g


def _ranked(game: Game) -> list[str]:
    """The resting character's cards still in play (the one just lost included), from least
    to most valuable."""
    assert game.decision is not None
    cid = game.decision.actor
    ch = game.state.characters[cid]
    member = next(m for m in game.setup.party if m.id == cid)
    pool = set(ch.lost[-1:] + ch.discard + ch.hand)
    ranked = [c.id for c in sorted(member.hand, key=card_value) if c.id in pool]
    assert len(ranked) >= 4
    return ranked


def test_a_short_rest_rerolls_the_loss_of_its_best_card_for_one_damage(at_rest_loss: Game) -> None:
    cards = _ranked(at_rest_loss)
    g = _arranged(at_rest_loss, cards[-1], cards[:3], hp=REROLL_HP + 5)
    assert PolicyBot().choose(g) == Choice("reroll")


def test_a_short_rest_keeps_the_loss_of_a_weak_card(at_rest_loss: Game) -> None:
    cards = _ranked(at_rest_loss)
    g = _arranged(at_rest_loss, cards[0], cards[-3:], hp=REROLL_HP + 5)
    assert PolicyBot().choose(g) == Choice("accept")


def test_a_hurt_character_does_not_pay_health_to_reroll(at_rest_loss: Game) -> None:
    cards = _ranked(at_rest_loss)
    g = _arranged(at_rest_loss, cards[-1], cards[:3], hp=REROLL_HP + 1)
    assert PolicyBot().choose(g) == Choice("accept")
