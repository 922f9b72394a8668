"""Rules digest §4: short rest, long rest, damage negated by losing cards, exhaustion; §8.3
stunned characters; §15.1 the scenario ends after the round in which it is decided."""

from __future__ import annotations

from delvekit.core.records import Choice
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition

from .helpers import card, default_answer, events_since, half, hero, mcard, mtype, plain_hand, setup


def _one(cards: int = 6, health: int = 10, seed: int = 1) -> Game:
    return Game(
        setup([hero("brute", plain_hand("c", list(range(10, 10 + cards))), health=health)]), seed=seed
    )


def _end_round_one(game: Game, first: str = "select c1 c2") -> None:
    game.choose(first)
    while game.decision is not None and game.decision.kind == "action":
        game.choose(game.decision.choices[0])


def test_4_1_short_rest_needs_two_discards_loses_one_random_card() -> None:
    game = _one()
    _end_round_one(game)
    d = game.decision
    assert d is not None and str(d) == "brute short-rest: short-rest | no-rest"
    events = [str(e) for e in game.choose("short-rest")]
    ch = game.state.characters["brute"]
    [lost] = ch.lost
    assert lost in ("c1", "c2") and f"short-rest brute lost={lost}" in events
    assert str(game.decision) == "brute short-rest-loss: accept | reroll"
    game.choose("accept")
    assert sorted(ch.hand) == sorted({"c1", "c2", "c3", "c4", "c5", "c6"} - {lost}) and ch.discard == []
    assert game.state.figures["brute"].hp == 10


def test_4_1_short_rest_reroll_costs_one_damage_and_loses_the_other_card() -> None:
    game = _one()
    _end_round_one(game)
    game.choose("short-rest")
    ch = game.state.characters["brute"]
    [first] = ch.lost
    events = [str(e) for e in game.choose("reroll")]
    other = ({"c1", "c2"} - {first}).pop()
    assert ch.lost == [other] and first in ch.hand
    assert f"short-rest-reroll brute kept={first} lost={other}" in events
    assert "damage brute 1 short-rest" in events and game.state.figures["brute"].hp == 9


def test_4_1_short_rest_is_seeded() -> None:
    lost = set()
    for seed in range(12):
        game = _one(seed=seed)
        _end_round_one(game)
        game.choose("short-rest")
        lost.add(game.state.characters["brute"].lost[0])
        again = _one(seed=seed)
        _end_round_one(again)
        again.choose("short-rest")
        assert again.state.characters["brute"].lost == game.state.characters["brute"].lost
    assert lost == {"c1", "c2"}  # random, not always the same card


def test_4_2_long_rest_only_with_two_discards_then_loses_a_chosen_card_heals_and_recovers() -> None:
    game = _one()
    assert "long-rest" not in game.decision.choices  # type: ignore[union-attr]
    _end_round_one(game)
    game.choose("no-rest")
    game.state.figures["brute"].hp = 6
    game.add_condition("brute", Condition.WOUND)
    start = len(game.events)
    game.choose("long-rest")
    assert "reveal brute long-rest initiative=99" in events_since(game, start)
    d = game.decision
    assert d is not None and d.kind == "damage"  # the wound hits at the start of its turn
    game.choose("take 1")
    assert str(game.decision) == "brute long-rest: lose c1 | lose c2"
    events = [str(e) for e in game.choose("lose c2")]
    ch = game.state.characters["brute"]
    assert "long-rest brute lost=c2 recovered=1" in events
    assert ch.lost == ["c2"] and "c1" in ch.hand and ch.discard == []
    assert game.state.figures["brute"].hp == 7  # 6 - 1 (wound) + 2 (the heal removes the wound first)
    assert Condition.WOUND not in game.state.figures["brute"].conditions


def test_4_2_one_card_in_hand_forces_a_long_rest() -> None:
    game = _one(cards=5)
    _end_round_one(game)
    game.choose("no-rest")
    _end_round_one(game, "select c3 c4")
    game.choose("no-rest")
    # hand: c5 only; discard: c1..c4 -> the only legal choice is a long rest (taken automatically)
    assert "reveal brute long-rest initiative=99" in [str(e) for e in game.events[-4:]]
    assert game.state.characters["brute"].long_rest
    assert game.decision is not None and game.decision.kind == "long-rest"


def test_4_3_damage_negation_choices_lose_one_hand_card_or_two_discards() -> None:
    bonus = card("bonus", 15, bottom=half("shield 1", round_bonus=True))
    lost_bonus = card("lostbonus", 16, bottom=half("shield 1", round_bonus=True, lost=True))
    hit = card("hit", 12, top=half("suffer 3"))
    game = Game(setup([hero("brute", [bonus, lost_bonus, hit, *plain_hand("c", [20, 21, 22, 23])])]), seed=1)
    _end_round_one(game, "select c1 c2")
    game.choose("no-rest")
    game.choose("select hit bonus")
    game.choose("bottom bonus")  # bonus now active, counts as discarded
    game.choose("top hit")  # suffer 3: the selected/playing cards are in neither hand nor discard
    d = game.decision
    assert d is not None and d.kind == "damage"
    ch = game.state.characters["brute"]
    expected = {"take 3"} | {f"lose-hand {c}" for c in ch.hand}
    pool = ["c1", "c2", "bonus"]
    expected |= {f"lose-discard {a} {b}" for i, a in enumerate(pool) for b in pool[i + 1 :]}
    assert set(d.choices.texts()) == expected
    assert "lose-hand hit" not in d.choices and "lose-hand lostbonus" in d.choices
    events = [str(e) for e in game.choose("lose-discard c1 bonus")]
    assert "negated brute 3 suffer" in events and game.state.figures["brute"].hp == 10
    assert sorted(ch.lost) == ["bonus", "c1"] and ch.active == [] and ch.discard == ["c2", "hit"]


def test_4_4_exhaustion_by_health_removes_the_figure_and_loses_every_card() -> None:
    hit = card("hit", 12, top=half("suffer 5"))
    game = Game(setup([hero("brute", [hit, *plain_hand("c", [20, 21, 22])], health=4)]), seed=1)
    game.choose("select hit c1")
    game.choose("top hit")
    events = [str(e) for e in game.choose("take 5")]
    ch = game.state.characters["brute"]
    assert "exhausted brute health" in events and "brute" not in game.state.figures
    assert sorted(ch.lost) == ["c1", "c2", "c3", "hit"] and ch.hand == ch.discard == ch.selected == []
    # all characters exhausted -> defeat, once the round has been played out
    assert game.decision is None and game.result == "defeat"
    assert [str(e) for e in game.events][-1] == "scenario-end defeat rounds=1"


def test_4_4_exhaustion_by_cards_at_card_selection() -> None:
    game = _one(cards=3)
    _end_round_one(game)
    game.choose("no-rest")
    # hand c3 (1 card), discard c1 c2 -> must long rest; then hand c1|c2 + c3 minus one lost
    game.choose("lose c1")
    while game.decision is not None and game.decision.kind != "select":
        game.choose(default_answer(game.decision))
    game.choose(game.decision.choices[0])  # type: ignore[union-attr]
    while game.decision is not None:
        game.choose(default_answer(game.decision))
    events = [str(e) for e in game.events]
    assert "exhausted brute cards" in events and game.result == "defeat"
    assert "brute" not in game.state.figures


def test_4_4_one_exhausted_character_leaves_the_party_playing() -> None:
    hit = card("hit", 12, top=half("suffer 5"))
    a = hero("alice", [hit, *plain_hand("a", [20, 21, 22])], health=4)
    b = hero("bob", plain_hand("b", [30, 31, 32, 33]), hex=(1, 0))
    game = Game(setup([a, b]), seed=1)
    game.choose("select hit a1")
    game.choose("select b1 b2")
    game.choose("top hit")
    game.choose("take 5")
    assert game.decision is not None and game.decision.actor == "bob"  # the round goes on
    while game.decision is not None and game.decision.kind != "select":
        game.choose(default_answer(game.decision))
    assert game.decision is not None and game.decision.actor == "bob" and game.state.round == 2


def test_8_3_a_stunned_character_discards_both_cards_unused_never_lost() -> None:
    burn = card("burn", 20, top=half("attack 4", lost=True), bottom=half("move 1", lost=True))
    game = Game(setup([hero("brute", [burn, *plain_hand("c", [30, 40, 50])])]), seed=1)
    game.add_condition("brute", Condition.STUN)
    events = game.choose("select burn c1")
    assert "stunned brute discarded=burn discarded=c1" in [str(e) for e in events]
    ch = game.state.characters["brute"]
    assert sorted(ch.discard) == ["burn", "c1"] and ch.lost == []
    assert "condition-ended brute stun expired" in [str(e) for e in events]


def test_15_1_victory_is_declared_after_the_round_is_played_out() -> None:
    a = hero("alice", plain_hand("a", [10, 11, 12, 13]))
    b = hero("bob", plain_hand("b", [80, 81, 82, 83]), hex=(1, 0))
    rooms = [[("g", "normal", (3, 0))]]
    game = Game(setup([a, b], [mtype("g")], {"g": [mcard("g50", 50)]}, rooms, win="kill-all"), seed=1)
    game.choose("select a1 a2")
    game.choose("select b1 b2")
    game.suffer_damage(game.state.monsters()[0].id, 99, "test")  # killed during alice's turn
    assert game.state.ending == "victory" and game.result is None
    start = len(game.events)
    while game.decision is not None:
        game.choose(default_answer(game.decision))
    events = events_since(game, start)
    assert "turn bob" in events and events[-1] == "scenario-end victory rounds=1"
    assert game.decision is None and game.result == "victory"
    assert not game.can_choose(Choice.of("no-rest"))


def test_18_7_frost_armor_negates_the_next_two_sources_then_is_lost() -> None:
    """Persistent bonus with two use slots (rulebook p.25): each source of damage is negated,
    mandatorily, the token advances, and after the second use the card goes to the lost pile.
    The XP printed on the second slot is earned when the token leaves it."""
    from delvekit.gloomhaven.model.setup import Half

    armor = card(
        "armor",
        20,
        top=Half(abilities=(half("negate").abilities), persistent=True, lost=True, uses=2, use_xp=(0, 1)),
    )
    hit = card("hit", 30, bottom=half("suffer 2"))
    game = Game(setup([hero("brute", [armor, hit, *plain_hand("c", [40, 50, 60])])]), seed=1)
    game.choose("select armor hit")
    game.choose("top armor")
    ch = game.state.characters["brute"]
    assert [(a.card, a.used) for a in ch.active] == [("armor", 0)]  # active once its action ends
    events = [str(e) for e in game.choose("bottom hit")]
    assert "negated brute 2 suffer by=armor" in events and game.state.figures["brute"].hp == 10
    assert [(a.card, a.used) for a in ch.active] == [("armor", 1)]
    game.add_condition("brute", Condition.WOUND)
    game.choose("no-rest") if game.decision and game.decision.kind == "short-rest" else None
    start = len(game.events)
    game.choose("select c1 c2")  # the wound at the start of the turn is the second source
    events = events_since(game, start)
    assert "negated brute 1 wound by=armor" in events and "xp brute 1" in events
    assert "card brute armor lost" in events and ch.active == [] and "armor" in ch.lost
    assert game.state.figures["brute"].hp == 10 and ch.xp == 1


def test_6_7_shield_from_an_active_card_ends_when_the_card_is_lost_to_negate_damage() -> None:
    guard = card("guard", 15, bottom=half("shield 1", persistent=True))
    hit = card("hit", 12, top=half("suffer 3"))
    game = Game(setup([hero("brute", [guard, hit, *plain_hand("c", [20, 21, 22])])]), seed=1)
    game.choose("select hit guard")
    game.choose("bottom guard")
    assert game.shield("brute") == 1
    game.choose("top hit")
    game.choose("lose-hand c1")
    assert game.shield("brute") == 1
    game.add_condition("brute", Condition.WOUND)
    start = len(game.events)
    game.choose("select c2 c3")
    assert "brute damage" in str(game.decision) and "lose-discard hit guard" in game.decision.choices  # type: ignore[union-attr]
    game.choose("lose-discard hit guard")
    assert game.shield("brute") == 0 and "card brute guard lost" in events_since(game, start)
