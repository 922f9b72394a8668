"""Rules digest §3.3 (initiative order and every tie rule) and §18.4, pure and in the engine."""

from __future__ import annotations

import pytest

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.initiative import Actor, first_candidates, monster_order, settle, tie_groups

from .helpers import card, events_since, hero, mcard, mtype, plain_hand, setup, turns


def _never(group: list[Actor]) -> Actor:
    raise AssertionError(f"no tie expected, got {[a.id for a in group]}")


def test_18_4_worked_example_rulebook_p18() -> None:
    actors = [
        Actor.character("brute", 61, 15),
        Actor.character("scoundrel", 86, 20),
        Actor.monster("living-bones", 45),
        Actor.monster("bandit-archer", 32),
    ]
    assert [a.id for a in settle(actors, _never)] == ["bandit-archer", "living-bones", "brute", "scoundrel"]


def test_3_3_rule1_characters_compare_non_leading_cards() -> None:
    a, b = Actor.character("a", 30, 70), Actor.character("b", 30, 12)
    assert [x.id for x in settle([a, b], _never)] == ["b", "a"]


def test_3_3_rule1_full_character_tie_is_the_players_decision() -> None:
    a, b = Actor.character("a", 30, 12), Actor.character("b", 30, 12)
    assert first_candidates([a, b]) == [a, b]
    assert [x.id for x in settle([a, b], lambda g: g[1])] == ["b", "a"]


def test_3_3_rule2_character_before_monster_type() -> None:
    assert [x.id for x in settle([Actor.monster("m", 40), Actor.character("c", 40, 90)], _never)] == [
        "c",
        "m",
    ]


def test_3_3_rule3_monster_types_tie_is_the_players_decision() -> None:
    group = tie_groups([Actor.monster("x", 40), Actor.monster("y", 40)])
    assert len(group) == 1 and len(first_candidates(group[0])) == 2


def test_3_3_rule6_long_rest_versus_99_card_is_a_tie_but_card_order_still_holds() -> None:
    a, b, rest = Actor.character("a", 99, 10), Actor.character("b", 99, 20), Actor.long_rest("c")
    [group] = tie_groups([rest, b, a])
    # b must come after a (its second card is higher); the long rester ties with both.
    assert {x.id for x in first_candidates(group)} == {"a", "c"}
    with pytest.raises(ValueError):
        settle([a, b, rest], lambda g: b)


def test_3_3_rule5_elites_first_then_normals_by_standee() -> None:
    assert monster_order(
        [("normal", 2, "n2"), ("elite", 5, "e5"), ("normal", 1, "n1"), ("elite", 3, "e3")]
    ) == [
        "e3",
        "e5",
        "n1",
        "n2",
    ]


# ------------------------------------------------------------------ in the engine


def _two_heroes(a_cards: list[tuple[int, int]], b_cards: list[tuple[int, int]], **kw: object) -> Game:
    a = hero("alice", [card(f"a{n}", i) for n, (i, _) in enumerate(a_cards, 1)] + plain_hand("ax", [1, 2]))
    b = hero(
        "bob",
        [card(f"b{n}", i) for n, (i, _) in enumerate(b_cards, 1)] + plain_hand("bx", [3, 4]),
        hex=(1, 0),
    )
    return Game(setup([a, b], **kw), seed=kw.get("seed", 1))  # type: ignore[arg-type]


def test_engine_3_3_rule1_second_card_decides_without_a_decision() -> None:
    game = _two_heroes([(30, 0), (70, 0)], [(30, 0), (12, 0)])
    game.choose("select a1 a2")
    start = len(game.events)
    game.choose("select b1 b2")
    assert "order bob=30 alice=30" in events_since(game, start)
    assert game.decision is not None and game.decision.actor == "bob" and game.decision.kind == "action"


def test_engine_3_3_rule1_full_tie_asks_the_party() -> None:
    game = _two_heroes([(30, 0), (12, 0)], [(30, 0), (12, 0)])
    game.choose("select a1 a2")
    game.choose("select b1 b2")
    d = game.decision
    assert d is not None and str(d) == "party tie: first alice | first bob"
    events = game.choose("first bob")
    assert "order bob=30 alice=30" in [str(e) for e in events]


def test_engine_3_3_rule5_and_rule2_monsters_elites_first_and_after_tied_character() -> None:
    brute = hero("brute", [card("c1", 40), card("c2", 50), *plain_hand("x", [60, 70])])
    rooms = [[("guard", "normal", (3, 0)), ("guard", "elite", (3, 1)), ("guard", "normal", (4, 0))]]
    game = Game(setup([brute], [mtype("guard")], {"guard": [mcard("g40", 40)]}, rooms), seed=3)
    standees = {f.id: (f.rank, f.standee) for f in game.state.monsters()}
    start = len(game.events)
    game.choose("select c1 c2")
    order = turns(events_since(game, start))
    elite = [fid for fid, (rank, _) in standees.items() if rank == "elite"]
    normals = sorted((s, fid) for fid, (rank, s) in standees.items() if rank == "normal")
    assert order[0] == "brute"  # character first at equal initiative (rule 2)
    # brute's turn is pending; finish it and check the monsters' activation order
    while "round-end 1" not in events_since(game, start):
        assert game.decision is not None
        game.choose(game.decision.choices[0])
    round_one = events_since(game, start)
    order = turns(round_one[: round_one.index("round-end 1")])
    assert order == ["brute", *elite, *(fid for _, fid in normals)]


def test_engine_3_3_rule4_summon_acts_just_before_its_owner_even_before_a_tied_monster() -> None:
    brute = hero("brute", plain_hand("c", [40, 50, 60, 70, 80, 90]))
    rooms = [[("guard", "normal", (3, 0))]]
    game = Game(setup([brute], [mtype("guard")], {"guard": [mcard("g40", 40)]}, rooms), seed=2)
    game.summon("brute", "bear", 6, (1, 0))
    game.choose("select c2 c3")  # round 1: the bear was summoned this round and does not act
    assert "turn brute.bear1" not in [str(e) for e in game.events]
    while game.decision is not None and game.decision.kind != "select":
        game.choose("no-rest" if game.decision.kind == "short-rest" else game.decision.choices[0])
    start = len(game.events)
    game.choose("select c1 c4")  # leads 40, like the guard's card
    while game.decision is not None and game.decision.kind != "select":
        game.choose("no-rest" if game.decision.kind == "short-rest" else game.decision.choices[0])
    assert turns(events_since(game, start)) == ["brute.bear1", "brute", "guard#1"]


def test_engine_3_3_rule3_types_tie_and_17_D5_shared_deck_keeps_one_card_and_the_order() -> None:
    """D5 (GHS #967): two types sharing one deck show the same card every round; their tie is
    asked once and kept round to round."""
    brute = hero("brute", plain_hand("c", [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]))
    deck = [mcard("s30", 30), mcard("s50", 50), mcard("s70", 70, shuffle=True)]
    rooms = [[("archer", "normal", (3, 0)), ("guard", "normal", (4, 0))], [("guard", "normal", (6, 0))]]
    game = Game(
        setup([brute], [mtype("archer", "bandit"), mtype("guard", "bandit")], {"bandit": deck}, rooms), 4
    )
    asked = 0
    for rnd in range(1, 5):
        start = len(game.events)
        game.choose(f"select c{2 * rnd - 1} c{2 * rnd}")
        while game.decision is not None and game.decision.kind != "select":
            d = game.decision
            if d.kind == "tie":
                asked += 1
                assert str(d) == "party tie: first archer | first guard"
                game.choose("first guard")
            elif d.kind == "action" and rnd == 2 and not game.state.characters["brute"].playing:
                for f in game.state.monsters("guard"):  # wipe the guard out before it acts
                    game.suffer_damage(f.id, 99, "test")
                game.choose(d.choices[0])
            elif d.kind == "action" and rnd == 3 and "room-revealed 1" not in [str(e) for e in game.events]:
                game.reveal_room(1)  # the guard returns mid-round: no new card for the shared deck
                game.choose(d.choices[0])
            else:
                game.choose("no-rest" if d.kind == "short-rest" else d.choices[0])
        events = events_since(game, start)
        assert len([e for e in events if e.startswith("ability-card")]) == 1, events
        card_init = next(e for e in events if e.startswith("ability-card")).split("=")[1]
        order = next(e for e in events if e.startswith("order ")).split()[1:]
        expected = ["brute", "archer"] if rnd == 3 else ["brute", "guard", "archer"]
        assert [o.split("=")[0] for o in order] == expected
        assert {o.split("=")[1] for o in order[1:]} == {card_init}  # one card, one initiative
        if rnd == 3:
            # the returning guard takes its remembered place before the archer, without asking
            assert [t.split("#")[0] for t in turns(events)] == ["brute", "guard", "archer"]
            assert f"scheduled guard initiative={card_init}" in events
    assert asked == 1
