"""Rules digest §8 and the condition-timing pitfalls of §17.B (B1–B5, B7, B8, B14) and §18.10."""

from __future__ import annotations

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

from .helpers import card, default_answer, events_since, half, hero, mcard, mtype, plain_hand, setup, turns


def _step_until(game: Game, stop: str) -> None:
    """Answer with the default policy until an event text starting with ``stop`` appears."""
    start = len(game.events)
    for _ in range(500):
        if any(e.startswith(stop) for e in events_since(game, start)):
            return
        assert game.decision is not None, "game ended"
        game.choose(default_answer(game.decision))
    raise AssertionError(f"{stop!r} never happened")


def _finish_round(game: Game) -> list[str]:
    start = len(game.events)
    while not any(e.startswith("round-end") for e in events_since(game, start)):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    return events_since(game, start)


def test_17_B1_wound_gained_during_own_turn_hurts_only_at_the_start_of_the_next_turn() -> None:
    wound_card = card("w", 20, top=half("condition wound"))
    game = Game(setup([hero("brute", [wound_card, *plain_hand("c", [30, 40, 50, 60])])]), seed=1)
    game.choose("select w c1")
    start = len(game.events)
    game.choose("top w")  # a wound during its own turn (like springing a wound trap)
    round_one = _finish_round(game)
    assert "condition brute wound" in events_since(game, start)
    assert not [e for e in round_one if e.startswith("damage brute")]
    assert game.state.figures["brute"].hp == 10
    game.choose("no-rest") if game.decision and game.decision.kind == "short-rest" else None
    game.choose("select c2 c3")
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "damage" and "take 1" in d.choices
    assert events_since(game, start)[-1] == "turn brute"  # right at the start of its turn
    game.choose("take 1")
    assert game.state.figures["brute"].hp == 9
    assert Condition.WOUND in game.state.figures["brute"].conditions  # only a heal ends it


def _guards(initiative: int, actions: tuple[str, ...] = (), count: int = 2, **kw: object) -> Game:
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55, 56, 57]))
    rooms = [[("guard", "normal", (3, n)) for n in range(count)]]
    deck = {"guard": [mcard("g", initiative, *actions)]}
    return Game(setup([brute], [mtype("guard")], deck, rooms), seed=int(kw.get("seed", 5)))  # type: ignore[call-overload]


def test_17_B4_immobilize_before_or_after_the_monster_acted() -> None:
    """Before it acted: removed at the end of its turn this round. After: it lasts through its
    next turn (and prevents its move there), removed at the end of it."""
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55]))
    rooms = [[("early", "normal", (3, 0)), ("late", "normal", (4, 0))]]
    decks = {"early": [mcard("e", 10, "move 1")], "late": [mcard("l", 90, "move 1")]}
    game = Game(setup([brute], [mtype("early"), mtype("late")], decks, rooms), seed=1)
    early, late = game.state.monsters("early")[0].id, game.state.monsters("late")[0].id
    game.choose("select c1 c2")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.state.figures[early].acted_round == 1 and game.state.figures[late].acted_round == 0
    game.add_condition(early, Condition.IMMOBILIZE)
    game.add_condition(late, Condition.IMMOBILIZE)
    round_one = _finish_round(game)
    assert f"prevented {late} move immobilize" in round_one
    assert f"condition-ended {late} immobilize expired" in round_one
    assert not [e for e in round_one if e.startswith(f"condition-ended {early}")]
    start = len(game.events)
    _step_until(game, "round-end")
    round_two = events_since(game, start)
    assert f"prevented {early} move immobilize" in round_two
    assert f"condition-ended {early} immobilize expired" in round_two
    assert round_two.index(f"condition-ended {early} immobilize expired") < round_two.index("turn brute")
    assert Condition.IMMOBILIZE not in game.state.figures[early].conditions


def test_17_B5_stun_and_muddle_end_together_poison_stays() -> None:
    game = _guards(80, ("shield 1",), count=1)
    fid = game.state.monsters()[0].id
    game.choose("select c1 c2")
    for c in (Condition.STUN, Condition.MUDDLE, Condition.POISON):
        game.add_condition(fid, c)
    events = _finish_round(game)
    assert f"stunned {fid}" in events and f"bonus {fid} shield 1" not in events
    assert f"condition-ended {fid} stun expired" in events
    assert f"condition-ended {fid} muddle expired" in events
    assert list(game.state.figures[fid].conditions) == [Condition.POISON]


def test_17_B14_card_shield_kept_after_a_later_stun_and_never_gained_when_stunned_first() -> None:
    game = _guards(10, ("shield 1",), count=2)
    first, second = sorted(game.state.monsters(), key=lambda f: f.standee)
    game.add_condition(first.id, Condition.STUN)  # stunned before the monsters act
    game.choose("select c1 c2")  # guards (10) act before the brute (50)
    figures = game.state.figures
    assert figures[first.id].shield_bonus == 0 and figures[second.id].shield_bonus == 1
    game.add_condition(second.id, Condition.STUN)  # stunned by a later character
    game.choose(game.decision.choices[0])  # type: ignore[union-attr]
    assert figures[second.id].shield_bonus == 1
    _finish_round(game)
    assert figures[second.id].shield_bonus == 0  # card bonuses end with the round


def test_17_B8_monster_wounded_then_killed_before_its_turn_stays_dead() -> None:
    game = _guards(80, ("move 1",), count=2)
    victim, other = sorted(game.state.monsters(), key=lambda f: f.standee)
    game.choose("select c1 c2")
    game.add_condition(victim.id, Condition.WOUND)
    game.suffer_damage(victim.id, victim.hp, "test")
    events = _finish_round(game)
    assert victim.id not in game.state.figures
    assert turns(events) == [other.id]  # the brute's turn (50) began before; the victim never acts
    assert not [e for e in events if e.startswith(f"damage {victim.id}")]
    assert game.state.coins == {victim.hex: 1}


def _summoner(**kw: object) -> tuple[Game, str]:
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55, 56, 57]))
    game = Game(setup([brute]), seed=2)
    sid = game.summon("brute", "bear", int(kw.get("health", 4)), (1, 0))  # type: ignore[call-overload]
    game.choose("select c1 c2")
    _finish_round(game)
    if game.decision is not None and game.decision.kind == "short-rest":
        game.choose("no-rest")
    return game, sid


def test_17_B3_summon_conditions_run_on_the_summons_own_turn() -> None:
    game, sid = _summoner()
    game.add_condition(sid, Condition.STRENGTHEN)  # before its round-2 turn
    start = len(game.events)
    game.choose("select c3 c4")
    events = events_since(game, start)
    assert turns(events) == [sid, "brute"]
    ended = f"condition-ended {sid} strengthen expired"
    assert ended in events and events.index(ended) < events.index("turn brute")


def test_17_B3_B7_wounded_summon_suffers_at_its_own_turn_start_and_a_dead_summon_yields_the_turn() -> None:
    game, sid = _summoner(health=1)
    game.add_condition(sid, Condition.WOUND)
    start = len(game.events)
    game.choose("select c3 c4")
    events = events_since(game, start)
    assert events.index(f"turn {sid}") < events.index(f"damage {sid} 1 wound") < events.index("turn brute")
    assert f"killed {sid}" in events and sid not in game.state.figures


def test_17_B2_later_editions_conditions_are_unknown_in_gh() -> None:
    for name in ("bane", "brittle", "regenerate", "ward"):
        with pytest.raises(InputError, match="unknown condition"):
            Condition.parse(name)
        with pytest.raises(InputError):
            Ability.parse(f"condition {name}")


@pytest.mark.parametrize(
    ("conditions", "hp_after", "left"),
    [((Condition.POISON,), 5, []), ((Condition.WOUND,), 8, []), ((Condition.POISON, Condition.WOUND), 5, [])],
)
def test_18_10_heal_with_poison_and_wound(
    conditions: tuple[Condition, ...], hp_after: int, left: list[str]
) -> None:
    game = Game(setup([hero("brute", plain_hand("c", [1, 2, 3]))]), seed=1)
    game.state.figures["brute"].hp = 5
    for c in conditions:
        game.add_condition("brute", c)
    game.heal("brute", 3)
    assert game.state.figures["brute"].hp == hp_after
    assert list(game.state.figures["brute"].conditions) == left


def test_8_1_one_token_per_condition_and_immunities() -> None:
    game = _guards(80, count=1)
    fid = game.state.monsters()[0].id
    assert game.add_condition(fid, Condition.MUDDLE) and game.add_condition(fid, Condition.MUDDLE)
    assert len(game.state.figures[fid].conditions) == 1
    game.state.figures[fid].immune = frozenset({Condition.STUN})
    assert not game.add_condition(fid, Condition.STUN)
    assert Condition.STUN not in game.state.figures[fid].conditions


def test_8_1_condition_gained_during_own_turn_lasts_until_the_end_of_the_next_turn() -> None:
    """GHS #437/#453: strengthen from its own card is not removed at the end of this turn."""
    boost = card("boost", 20, top=half("condition strengthen"))
    game = Game(setup([hero("brute", [boost, *plain_hand("c", [30, 40, 50, 60])])]), seed=1)
    game.choose("select boost c1")
    game.choose("top boost")
    round_one = _finish_round(game)
    assert Condition.STRENGTHEN in game.state.figures["brute"].conditions
    assert not [e for e in round_one if e.startswith("condition-ended")]
    game.choose("no-rest")
    start = len(game.events)
    game.choose("select c2 c3")
    _finish_round(game)
    assert "condition-ended brute strengthen expired" in events_since(game, start)
    assert Condition.STRENGTHEN not in game.state.figures["brute"].conditions
