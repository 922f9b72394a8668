"""Descent turns the slow tier's long seeds used to reach alone: the greedy bot drinking a health
potion and searching, the greedy overlord with no standing hero to hunt, a condition discarded
by Grisban's rest and by a Curse Doll, and fatigue on a knocked-out hero. Positions are set on
the state before the turn starts; the engine is then driven through decision / choose."""

from __future__ import annotations

from delvekit.core.records import Choice
from delvekit.core.rng import Rng
from delvekit.descent import rules
from delvekit.descent.bots import greedy_bot
from delvekit.descent.engine import Game
from delvekit.descent.invariants import check


def new(seed: int = 1) -> Game:
    return Game.new("first-blood", ["grisban", "jain"], seed=seed)


def draw(g: Game, hero: str, card: str) -> None:
    """Give ``hero`` the search card ``card`` from the search deck (as a search would)."""
    g.state.search_deck.remove(card)
    g.state.heroes[hero].search_cards.append(card)


def test_a_badly_hurt_greedy_hero_drinks_a_health_potion() -> None:
    g = new()
    h = g.state.heroes["grisban"]
    h.damage, h.feat_used = 8, True  # more than half his health of 14; no heroic feat to use
    draw(g, "grisban", "health-potion")
    g.choose("turn grisban")
    assert "use health-potion" in g.decision.choices.texts()
    assert greedy_bot(g, Rng(0)) == Choice("use", ("health-potion",))
    events = g.choose("use health-potion")
    assert [e.kind for e in events] == ["uses", "recover"] and h.damage == 0
    assert "health-potion" not in h.search_cards
    check(g)  # every invariant still holds


def test_a_greedy_hero_on_a_search_token_searches_it() -> None:
    g = new()
    h = g.state.heroes["grisban"]
    h.square, h.feat_used = (2, -7), True  # on a search token, no monster in reach
    g.choose("turn grisban")
    pick = greedy_bot(g, Rng(0))
    assert pick == Choice("search", ("2,-7",))
    events = g.choose(pick)
    assert events[0].kind == "search" and (2, -7) not in g.state.search_tokens
    assert len(h.search_cards) == 1
    check(g)  # every invariant still holds


def test_with_every_hero_knocked_out_the_greedy_overlord_hunts_no_one() -> None:
    g = new(seed=2)
    g.state.deck += g.state.hand
    g.state.hand.clear()
    while g.decision.actor != "overlord":  # every hero ends its turn at once
        g.choose("end-turn" if g.decision.kind == "action" else g.decision.choices[0])
    while g.decision.kind == "react":
        g.choose("pass")
    g.choose("activate ettin-1")
    ettin = g.state.monsters["ettin-1"]
    base = ettin.base
    for h in g.state.heroes.values():
        rules.hero_damage(g, h, h.health, "test")
    g._decision = None  # the position changed under the engine: recompute (test set-up only)
    for _ in range(4):
        if g.decision.actor != "overlord" or g.decision.kind != "monster" or g.state.turn.actor != ettin.id:
            break
        pick = greedy_bot(g, Rng(0))
        assert pick.kind != "goto", "no standing hero to walk towards"
        g.choose(pick)
    assert ettin.base == base


def test_grisban_resting_discards_a_condition() -> None:
    g = new()
    h = g.state.heroes["grisban"]
    h.conditions.add("immobilized")
    g.choose("turn grisban")
    events = g.choose("rest")
    assert [(e.kind, e.args) for e in events] == [
        ("rests", ("grisban",)),
        ("condition-ends", ("grisban", "immobilized")),
    ]
    assert not h.conditions


def test_a_hero_without_grisbans_ability_keeps_the_condition_when_resting() -> None:
    g = new()
    h = g.state.heroes["jain"]
    h.conditions.add("immobilized")
    g.choose("turn jain")
    events = g.choose("rest")
    assert [e.kind for e in events] == ["rests"] and h.conditions == {"immobilized"}


def test_a_curse_doll_discards_a_condition() -> None:
    g = new()
    h = g.state.heroes["jain"]
    h.conditions.add("immobilized")
    draw(g, "jain", "curse-doll")
    g.choose("turn jain")
    events = g.choose("use curse-doll")
    assert [(e.kind, e.args) for e in events] == [
        ("uses", ("jain", "curse-doll")),
        ("condition-ends", ("jain", "immobilized")),
    ]
    assert not h.conditions and not h.search_cards
    check(g)  # every invariant still holds


def test_a_knocked_out_hero_takes_no_more_fatigue() -> None:
    g = new()
    h = g.state.heroes["jain"]
    rules.hero_damage(g, h, h.health, "test")
    assert h.knocked_out
    before = (h.fatigue, h.damage, len(g.events))
    rules.hero_fatigue(g, h, 2, "word-of-misery", forced=True)
    assert (h.fatigue, h.damage, len(g.events)) == before


def test_no_fatigue_is_no_event() -> None:
    g = new()
    h = g.state.heroes["jain"]
    before = len(g.events)
    rules.hero_fatigue(g, h, 0, "test")
    assert h.fatigue == 0 and len(g.events) == before


def test_a_badly_hurt_greedy_hero_keeps_a_stamina_potion_for_later() -> None:
    """Only a health potion heals: a hurt hero holding just a stamina potion does not drink it
    for its health, and plays on (here: walks to the goal)."""
    g = new()
    h = g.state.heroes["grisban"]
    h.damage, h.feat_used = 8, True
    draw(g, "grisban", "stamina-potion")
    g.choose("turn grisban")
    assert "use stamina-potion" in g.decision.choices.texts()
    pick = greedy_bot(g, Rng(0))
    assert pick.kind != "use"
    g.choose(pick)
    check(g)
