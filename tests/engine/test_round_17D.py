"""Round flow: §3.1–§3.5, §5.5 reveals mid-round and the pitfalls of §17.D (D1–D3)."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

from .helpers import card, default_answer, events_since, half, hero, mcard, mtype, plain_hand, setup, turns


def _to_round(game: Game, n: int) -> None:
    while game.state.round < n or game.decision is None or game.decision.kind != "select":
        assert game.decision is not None
        game.choose(default_answer(game.decision))


def _d1_game() -> Game:
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55, 56, 57, 58, 59]))
    monsters = [mtype("a"), mtype("b"), mtype("c")]
    decks = {"a": [mcard("a20", 20)], "b": [mcard("b30", 30)], "c": [mcard("c70", 70)]}
    rooms = [
        [("a", "normal", (3, 0))],
        [("a", "normal", (6, 0)), ("a", "elite", (6, 1)), ("b", "normal", (7, 0)), ("c", "normal", (8, 0))],
    ]
    return Game(setup([brute], monsters, decks, rooms), seed=11)


def test_17_D1_reveal_mid_round_new_groups_act_after_the_revealer_old_figures_never_twice() -> None:
    game = _d1_game()
    _to_round(game, 4)
    old_a = game.state.monsters("a")[0].id
    game.choose("select c7 c8")  # leads 57: type a (20) acts first
    assert game.decision is not None and game.decision.actor == "brute"
    game.add_condition(old_a, Condition.MUDDLE)
    game.infuse(Element.AIR)
    before_elements = str(game.state.elements)
    start = len(game.events)
    game.reveal_room(1)  # the brute opens the door during its turn
    revealed = events_since(game, start)
    assert [e.split()[1] for e in revealed if e.startswith("ability-card")] == ["b", "c"]  # a keeps its card
    assert game.state.round == 4 and str(game.state.elements) == before_elements
    assert Condition.MUDDLE in game.state.figures[old_a].conditions
    new = [f for f in game.state.monsters("a") if f.id != old_a]
    elite = [f.id for f in new if f.rank == "elite"]
    normal = [f.id for f in new if f.rank == "normal"]
    b, c = game.state.monsters("b")[0].id, game.state.monsters("c")[0].id
    while "round-end 4" not in events_since(game, start):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    assert turns(events_since(game, start)) == [*elite, *normal, b, c]
    assert game.state.round == 4


def test_17_D2_a_revealed_type_draws_only_if_it_has_no_card_this_round() -> None:
    """Round 1 the only `a` dies; round 2 `a` has no figure so no card is drawn at the reveal
    step; a room with `a` revealed mid-round then draws a fresh card (not round 1's)."""
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55, 56, 57]))
    deck = [mcard(f"a{i}", i) for i in (10, 20, 30, 40, 60, 70, 80, 90)]
    rooms = [[("a", "normal", (3, 0))], [("a", "normal", (6, 0))]]
    game = Game(setup([brute], [mtype("a")], {"a": deck}, rooms), seed=3)
    start = len(game.events)
    game.choose("select c1 c2")
    first_card = next(e for e in events_since(game, start) if e.startswith("ability-card")).split()[2]
    game.suffer_damage(game.state.monsters("a")[0].id, 99, "test")
    _to_round(game, 2)
    start = len(game.events)
    game.choose("select c3 c4")
    assert not [e for e in events_since(game, start) if e.startswith("ability-card")]
    assert game.decision is not None and game.decision.actor == "brute"
    game.reveal_room(1)
    drawn = [e for e in events_since(game, start) if e.startswith("ability-card")]
    assert len(drawn) == 1 and drawn[0].split()[2] != first_card


def test_17_D3_a_99_card_is_not_a_long_rest() -> None:
    slow = card("slow", 99)
    brute = hero("brute", [slow, *plain_hand("c", [10, 20, 30])])
    game = Game(setup([brute]), seed=1)
    game.state.figures["brute"].hp = 7
    start = len(game.events)
    game.choose("select slow c1")
    events = events_since(game, start)
    assert "reveal brute lead=slow other=c1 initiative=99" in events
    while "round-end 1" not in events_since(game, start):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    events = events_since(game, start)
    assert not [e for e in events if e.startswith(("long-rest", "healed"))]
    assert game.state.figures["brute"].hp == 7 and game.state.characters["brute"].lost == []


def test_3_4_halves_in_either_order_basic_actions_and_card_destinations() -> None:
    burn = card("burn", 20, top=half("attack 4", lost=True), bottom=half("move 2"))
    guard = card("guard", 30, top=half("attack 1"), bottom=half("shield 2", round_bonus=True, lost=True))
    game = Game(setup([hero("brute", [burn, guard, *plain_hand("c", [40, 50])])]), seed=1)
    game.choose("select burn guard")
    d = game.decision
    assert d is not None and d.kind == "action"
    assert set(d.choices.texts()) == {
        f"{k} {c}" for c in ("burn", "guard") for k in ("top", "bottom", "basic-top", "basic-bottom")
    }
    events = game.choose("bottom guard")  # bottom first: shield bonus, card to the active area
    assert "card brute guard active" in [str(e) for e in events]
    assert game.shield("brute") == 2  # from the active area
    assert set(game.decision.choices.texts()) == {"top burn", "basic-top burn"}  # type: ignore[union-attr]
    start = len(game.events)
    game.choose("basic-top burn")  # the basic Attack 2 ignores the lost icon (FAQ p.58)
    events = events_since(game, start)
    assert events[:3] == [
        "action brute basic-top burn",
        "unresolved brute attack 2",
        "card brute burn discard",
    ]
    assert "round-end 1" in events
    ch = game.state.characters["brute"]
    assert "card brute guard lost" in events_since(game, start)  # a lost round bonus leaves to lost
    assert ch.lost == ["guard"] and ch.discard == ["burn"] and game.shield("brute") == 0


def test_3_4_a_lost_action_goes_to_the_lost_pile_and_a_persistent_one_stays_active() -> None:
    burn = card("burn", 20, top=half("attack 4", lost=True))
    aura = card("aura", 30, bottom=half("retaliate 1", persistent=True, lost=True))
    game = Game(setup([hero("brute", [burn, aura, *plain_hand("c", [40, 50, 60])])]), seed=1)
    game.choose("select burn aura")
    game.choose("top burn")
    game.choose("bottom aura")
    ch = game.state.characters["brute"]
    assert ch.lost == ["burn"] and [a.card for a in ch.active] == ["aura"]
    _to_round(game, 2)
    assert [a.card for a in ch.active] == ["aura"]  # persistent: stays past the round


def test_3_2_types_without_figures_draw_nothing_and_3_5_shuffle_icon_reshuffles() -> None:
    brute = hero("brute", plain_hand("c", list(range(10, 30))))
    deck = [mcard("s", 40, shuffle=True), mcard("n1", 50), mcard("n2", 60)]
    rooms = [[("a", "normal", (3, 0))]]
    monsters = [mtype("a", "shared"), mtype("ghost", "ghosts")]
    game = Game(setup([brute], monsters, {"shared": deck, "ghosts": [mcard("x", 1)]}, rooms), seed=8)
    seen: list[str] = []
    for rnd in range(1, 9):
        _to_round(game, rnd)
        start = len(game.events)
        game.choose(f"select c{2 * rnd - 1} c{2 * rnd}")
        events = events_since(game, start)
        drawn = [e.split()[1:3] for e in events if e.startswith("ability-card")]
        assert [d[0] for d in drawn] == ["shared"]  # ghosts: no figure, no card
        seen.append(drawn[0][1])
        _to_round(game, rnd + 1)
        if seen[-1] == "s":
            assert "deck-shuffled shared" in events_since(game, start)
            assert game.state.decks["shared"].discards == [] and len(game.state.decks["shared"]) == 3
    assert "s" in seen
