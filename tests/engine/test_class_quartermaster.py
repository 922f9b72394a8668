"""Golden tests for the Quartermaster's wordings as named effects
(the shared wordings of :mod:`delvekit.gloomhaven.effects`), one per card and rule, with the real
cards and items of the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game

from .class_arena import arena, at, go, hero


def _until(game: Game, actor: str) -> None:
    """Let the others act (skipping what they may) until ``actor`` decides."""
    while game.decision is not None and game.decision.actor != actor:
        names = [str(c) for c in game.decision.choices]
        go(game, next((n for n in ("skip", "no-rest", "stop", "done") if n in names), names[0]))


def _items(game: Game, cid: str, **states: str) -> None:
    """Set item states by number (``i12="consumed"``)."""
    from delvekit.gloomhaven.items import state as items_state

    ch = game.state.characters[cid]
    for key, state in states.items():
        number = int(key[1:])
        ch.items[number] = state  # type: ignore[assignment]
        uses = items_state.items_of(game, cid)[number].uses
        if uses and state != "unused":
            ch.item_uses[number] = uses  # a used-up item has every use slot covered


def test_restock_every_ally_within_range_2_refreshes_one_spent_or_consumed_item() -> None:
    qm = hero("quartermaster", ["restock", "hastened-step"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, 0), items=(1, 12))
    game = arena([qm, brute], [("normal", (5, -5))])
    _items(game, "brute", i1="spent", i12="consumed")
    go(game, "select restock hastened-step", "select grab-and-go shield-bash")
    _until(game, "quartermaster")
    go(game, "top restock")
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "refresh"
    assert {str(c) for c in d.choices} == {"refresh 1", "refresh 12", "done"}
    events = go(game, "refresh 12")
    assert "item-refreshed brute 12" in events
    assert game.state.characters["brute"].items[12] == "unused"
    assert game.state.characters["brute"].items[1] == "spent"  # one item only
    assert game.state.characters["quartermaster"].xp == 2


def test_oversized_pack_refreshes_all_your_consumed_small_items() -> None:
    qm = hero("quartermaster", ["oversized-pack", "hastened-step"], (0, 0), items=(12, 13, 9))
    game = arena([qm], [("normal", (5, -5))])
    _items(game, "quartermaster", i12="consumed", i13="consumed", i9="consumed")
    go(game, "select oversized-pack hastened-step", "bottom oversized-pack")
    items = game.state.characters["quartermaster"].items
    assert items[12] == "unused" and items[13] == "unused"
    assert items[9] == "consumed"  # a two-hands item is not small


def test_reserved_energy_an_adjacent_ally_refreshes_all_spent_items() -> None:
    qm = hero("quartermaster", ["reserved-energy", "hastened-step"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0), items=(1, 3, 12))
    game = arena([qm, brute], [("normal", (5, -5))])
    _items(game, "brute", i1="spent", i3="spent", i12="consumed")
    go(game, "select reserved-energy hastened-step", "select grab-and-go shield-bash")
    _until(game, "quartermaster")
    go(game, "top reserved-energy", "target brute")
    items = game.state.characters["brute"].items
    assert items[1] == "unused" and items[3] == "unused" and items[12] == "consumed"


def test_reforge_you_or_an_adjacent_ally_refresh_one_hand_item_and_recover_two_discards() -> None:
    qm = hero(
        "quartermaster", ["reforge", "hastened-step", "crippling-bow", "iron-bulwark"], (0, 0), items=(9,)
    )
    game = arena([qm], [("normal", (5, -5))])
    _items(game, "quartermaster", i9="consumed")
    ch = game.state.characters["quartermaster"]
    for c in ("crippling-bow", "iron-bulwark"):
        ch.hand.remove(c)
        ch.discard.append(c)
    go(game, "select reforge hastened-step", "top reforge", "target quartermaster", "refresh 9")
    assert ch.items[9] == "unused"
    go(game, "bottom hastened-step", "stop?")
    assert ch.xp == 1


def test_reforge_bottom_recovers_up_to_two_of_your_discarded_cards() -> None:
    qm = hero("quartermaster", ["reforge", "hastened-step", "crippling-bow", "iron-bulwark"], (0, 0))
    game = arena([qm], [("normal", (5, -5))])
    ch = game.state.characters["quartermaster"]
    for c in ("crippling-bow", "iron-bulwark"):
        ch.hand.remove(c)
        ch.discard.append(c)
    go(
        game,
        "select reforge hastened-step",
        "bottom reforge",
        "recover crippling-bow",
        "recover iron-bulwark",
    )
    assert ch.discard == ["reforge"] and {"crippling-bow", "iron-bulwark"} <= set(ch.hand)


def test_scroll_of_recall_pulls_up_to_three_enemies_within_range_3() -> None:
    qm = hero("quartermaster", ["scroll-of-recall", "hastened-step"], (0, 0))
    game = arena([qm], [("normal", (3, 0)), ("normal", (0, 3)), ("normal", (5, -5))])
    a, b = at(game, (3, 0)), at(game, (0, 3))
    go(game, "select scroll-of-recall hastened-step", "bottom scroll-of-recall")
    d = game.decision
    assert d is not None and {str(c) for c in d.choices} == {f"target {a}", f"target {b}", "skip"}
    go(game, f"target {a}")
    while game.decision is not None and game.decision.kind == "pull":
        go(game, str(next(c for c in game.decision.choices if c.kind != "stop")))
    assert game.state.figures[a].hex == (2, 0)
    go(game, f"target {b}")
    while game.decision is not None and game.decision.kind == "pull":
        go(game, str(next(c for c in game.decision.choices if c.kind != "stop")))
    assert game.state.figures[b].hex == (0, 2)


def test_proficiency_adds_one_attack_when_an_item_was_used_in_the_action() -> None:
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    qm = hero("quartermaster", ["proficiency", "hastened-step"], (0, 0))
    game = arena([qm], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select proficiency hastened-step", "top proficiency", "bottom hastened-step", "stop?")
    f = game.state.figures["quartermaster"]
    assert effects_active_area.item_attack_bonus(game, f) == 0
    game.emit("action", "quartermaster", "top", "hastened-step")
    game.emit("item-used", "quartermaster", 11, "spent")
    assert effects_active_area.item_attack_bonus(game, f) == 1
    game.emit("action", "quartermaster", "top", "crippling-bow")
    assert effects_active_area.item_attack_bonus(game, f) == 0
    assert m


def test_cleaving_axe_attacks_an_arc_of_three_adjacent_hexes() -> None:
    qm = hero("quartermaster", ["cleaving-axe", "iron-bulwark"], (0, 0))
    game = arena([qm], [("normal", (1, 0)), ("normal", (0, 1)), ("normal", (-1, 1))])
    go(game, "select iron-bulwark cleaving-axe")
    _until(game, "quartermaster")
    go(game, "top cleaving-axe")
    d = game.decision
    assert d is not None and d.kind == "attack"
    best = max(d.choices, key=lambda c: len(c.args))
    events = go(game, str(best))
    hits = [e for e in events if e.startswith("attack quartermaster ")]
    assert len(hits) == 3


def test_scroll_of_judgment_you_and_every_enemy_within_range_4_suffer_two() -> None:
    qm = hero("quartermaster", ["scroll-of-judgment", "hastened-step"], (0, 0))
    game = arena([qm], [("normal", (4, 0)), ("normal", (5, -5))])
    near, far = at(game, (4, 0)), at(game, (5, -5))
    go(game, "select hastened-step scroll-of-judgment")
    _until(game, "quartermaster")
    go(game, "top scroll-of-judgment", "take 2?")
    assert game.state.figures[near].hp == 8 and game.state.figures[far].hp == 10
    assert game.state.figures["quartermaster"].hp == 10


def test_fortified_position_heals_adjacent_allies_at_the_end_of_your_turns() -> None:
    qm = hero("quartermaster", ["fortified-position", "hastened-step"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([qm, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 5
    go(game, "select fortified-position hastened-step", "select grab-and-go shield-bash")
    _until(game, "quartermaster")
    go(game, "top fortified-position", "bottom hastened-step", "stop?")
    assert game.state.figures["brute"].hp == 7
    assert [(a.card, a.used) for a in game.state.characters["quartermaster"].active] == [
        ("fortified-position", 1)
    ]


def test_scroll_of_blizzards_attacks_a_band_of_eight_hexes() -> None:
    qm = hero("quartermaster", ["scroll-of-blizzards", "hastened-step"], (0, 0))
    game = arena([qm], [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (4, -1))])
    go(game, "select scroll-of-blizzards hastened-step", "top scroll-of-blizzards")
    d = game.decision
    assert d is not None and d.kind == "attack"
    best = max(d.choices, key=lambda c: len(c.args))
    assert len(best.args) == 3  # one placement of the band covers all three


def test_reinforced_steel_refreshes_one_spent_item_at_the_end_of_each_round() -> None:
    qm = hero("quartermaster", ["reinforced-steel", "hastened-step"], (0, 0), items=(1, 3))
    game = arena([qm], [("normal", (5, -5))])
    _items(game, "quartermaster", i1="spent", i3="spent")
    go(game, "select reinforced-steel hastened-step", "top reinforced-steel", "bottom hastened-step", "stop?")
    while game.decision is not None and game.decision.kind != "refresh":
        names = [str(c) for c in game.decision.choices]
        go(game, next((n for n in ("skip", "no-rest", "stop") if n in names), names[0]))
    d = game.decision
    assert d is not None and {str(c) for c in d.choices} == {"refresh 1", "refresh 3", "done"}
    go(game, "refresh 3")
    items = game.state.characters["quartermaster"].items
    assert items[3] == "unused" and items[1] == "spent"


def test_refreshment_a_long_rest_refreshes_one_consumed_item() -> None:
    qm = hero("quartermaster", ["refreshment", "hastened-step"], (0, 0), items=(12,))
    game = arena([qm], [("normal", (5, -5))])
    ch = game.state.characters["quartermaster"]
    ch.hand.remove("crippling-bow")
    ch.discard.append("crippling-bow")  # with Hastened Step, two discards: a long rest is possible
    go(game, "select refreshment hastened-step", "top refreshment", "bottom hastened-step", "stop?")
    _items(game, "quartermaster", i12="consumed")
    while game.decision is not None and game.decision.kind not in ("select", "refresh"):
        names = [str(c) for c in game.decision.choices]
        go(game, next((n for n in ("skip", "no-rest", "stop") if n in names), names[0]))
    go(game, "long-rest")
    while game.decision is not None and game.decision.kind != "refresh":
        names = [str(c) for c in game.decision.choices]
        go(game, next((n for n in ("skip", "no-rest", "stop", "take") if n in names), names[0]))
    go(game, "refresh 12")
    assert game.state.characters["quartermaster"].items[12] == "unused"


def test_continual_supply_discard_a_card_to_refresh_an_adjacent_allys_small_item() -> None:
    qm = hero("quartermaster", ["continual-supply", "hastened-step", "crippling-bow"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0), items=(12,))
    game = arena([qm, brute], [("normal", (5, -5))])
    _items(game, "brute", i12="consumed")
    go(game, "select hastened-step continual-supply", "select grab-and-go shield-bash")
    _until(game, "quartermaster")
    go(game, "top continual-supply", "bottom hastened-step", "stop?")
    d = game.decision
    assert d is not None and d.kind == "pay" and "discard crippling-bow" in d.choices
    go(game, "discard crippling-bow", "target brute", "refresh 12")
    assert game.state.characters["brute"].items[12] == "unused"
    assert "crippling-bow" in game.state.characters["quartermaster"].discard


def test_quiver_of_arrows_an_adjacent_allys_ranged_attack_gains_a_target() -> None:
    qm = hero("quartermaster", ["quiver-of-arrows", "hastened-step"], (0, 0))
    tink = hero("tinkerer", ["hook-gun", "toxic-bolt"], (1, 0))
    game = arena([qm, tink], [("normal", (3, 0)), ("normal", (3, -1))])
    a, b = at(game, (3, 0)), at(game, (3, -1))
    go(game, "select hastened-step quiver-of-arrows", "select hook-gun toxic-bolt")
    _until(game, "quartermaster")
    go(game, "top quiver-of-arrows", "bottom hastened-step", "stop?")
    _until(game, "tinkerer")
    events = go(game, "bottom toxic-bolt", f"target {a}", f"target {b}")
    assert any(e.startswith(f"attack tinkerer {a}") for e in events)
    assert any(e.startswith(f"attack tinkerer {b}") for e in events)


def test_portable_ballista_line_of_five_and_shields_ignored_this_round() -> None:
    from delvekit.gloomhaven.model.setup import MonsterStats

    qm = hero("quartermaster", ["portable-ballista", "hastened-step"], (0, 0))
    armoured = MonsterStats(health=10, move=0, attack=1, shield=3)
    game = arena([qm], [("normal", (1, 0)), ("normal", (5, 0))], stats=armoured)
    a, b = at(game, (1, 0)), at(game, (5, 0))
    go(game, "select hastened-step portable-ballista", "bottom portable-ballista", "top hastened-step")
    events = go(game, f"target {a}")
    assert f"attack quartermaster {a} value=2 damage=2" in events  # shield 3 ignored
    assert b
