"""Golden tests for the Beast Tyrant's wordings (:mod:`delvekit.gloomhaven.effects.classes.beast_tyrant`
and ``beast_tyrant_more``), with the real cards of the content pack on an open arena and
+0-only modifier decks. The bear is placed as round 1 starts, next to its owner and nearest an
enemy, and acts from round 1 (§12: a summon acts right before its owner)."""

from __future__ import annotations

from delvekit.gloomhaven.effects.classes import beast_tyrant as bt_fx
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, arena, at, finish_round, go, hero

STILL = MonsterStats(health=10, move=0, attack=3)  # monsters that stay put


def tyrant(
    cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 12, level: int = 9
) -> CharacterSetup:
    return hero("beast-tyrant", cards, hex, 12, level=level, id="bt")


def bt_arena(
    cards: list[str],
    monsters: list[tuple[str, tuple[int, int]]],
    *,
    level: int = 9,
    bear_at: tuple[int, int] = (1, 0),
    stats: MonsterStats | None = STILL,
) -> Game:
    """The arena with the Tyrant at 0,0 holding ``cards``; its bear placed at ``bear_at``."""
    game = arena([tyrant(cards, level=level)], monsters, stats=stats)
    d = game.decision
    assert d is not None and (d.kind, d.actor) == ("summon", "bt")
    go(game, f"summon-at {bear_at[0]},{bear_at[1]}")
    return game


def bear(game: Game) -> Figure:
    found = bt_fx.bear_of(game, "bt")
    assert found is not None
    return found


def settle(game: Game) -> list[str]:
    """Answer the bear's focus ties on its own turn (the first outcome)."""
    out: list[str] = []
    while (d := game.decision) is not None and d.kind == "monster":
        out += go(game, str(d.choices[0]))
    return out


# ------------------------------------------------------------------ the bear


def test_every_card_is_encoded() -> None:
    klass = PACK.classes["beast-tyrant"]
    assert len([c for c in klass.cards if c.level in (1, "X")]) == 13
    assert len(klass.cards) == 29 and all(c.encoded for c in klass.cards)
    assert klass.playable_at(1) and klass.playable_at(9)


def test_the_bear_stat_line_is_the_class_files_first_summon() -> None:
    first = PACK.classes["beast-tyrant"].summons[0]
    assert (first.name, first.health, first.move, first.attack) == (
        "Bear",
        "8+Lx2",
        bt_fx.BEAR_MOVE,
        bt_fx.BEAR_ATTACK,
    )
    assert [bt_fx.bear_health(level) for level in (1, 5, 9)] == [10, 18, 26]


def test_the_bear_is_placed_with_the_scenario_on_an_empty_hex_its_owner_picks() -> None:
    game = arena([tyrant(["maul"], level=4)], [("normal", (1, -1))], stats=STILL)
    d = game.decision
    assert d is not None and (d.kind, d.actor) == ("summon", "bt")
    assert [str(c) for c in d.choices] == [
        "summon-at -1,0",
        "summon-at -1,1",
        "summon-at 0,-1",
        "summon-at 0,1",
        "summon-at 1,0",
    ]  # the six neighbours but the monster's
    events = go(game, "summon-at 0,1")
    b = bear(game)
    assert (b.hex, b.hp, b.max_hp, b.owner) == ((0, 1), 16, 16, "bt")
    assert "placed bt.bear1 hex=0,1 owner=bt" in events
    d = game.decision
    assert game.state.round == 1 and d is not None and d.kind == "select" and not game.tampered


def test_the_bear_acts_in_round_1_right_before_its_owner() -> None:
    game = bt_arena(["maul", "spirit-swap"], [("normal", (2, 0))])
    events = go(game, "select maul spirit-swap")
    assert "order bt.bear1=14 bt=14 dummy=90" in events
    assert "attack bt.bear1 dummy#9 value=2 damage=2" in events


def test_a_dead_bear_is_not_placed_again_and_a_command_then_does_nothing_and_earns_no_xp() -> None:
    game = bt_arena(["disappearing-wounds", "spirit-swap"], [("normal", (4, 0))])
    game.kill(bear(game))
    go(game, "select disappearing-wounds spirit-swap")
    events = go(game, "bottom disappearing-wounds")
    assert "no-summon bt bear" in events and "no-xp bt 1" in events
    finish_round(game)
    assert bt_fx.bear_of(game, "bt") is None


# ------------------------------------------------------------------ commands


def test_a_command_attack_is_the_bears_with_its_owner_choosing_the_target() -> None:
    game = bt_arena(["maul", "spirit-swap"], [("normal", (2, 0)), ("normal", (1, 1))])
    bear(game).hex = (1, 0)  # next to both
    go(game, "select maul spirit-swap")
    settle(game)
    go(game, "top maul")
    d = game.decision
    assert d is not None and d.kind == "attack" and d.actor == "bt"
    m = at(game, (2, 0))
    events = go(game, f"target {m}")
    assert f"attack bt.bear1 {m} value=4 damage=4" in events


def test_a_command_area_attack_is_placed_around_the_bear() -> None:
    game = bt_arena(["forceful-swipe", "spirit-swap"], [("normal", (2, 0)), ("normal", (2, -1))])
    bear(game).hex = (1, 0)  # next to both, which are next to each other
    go(game, "select forceful-swipe spirit-swap")
    settle(game)
    events = go(game, "top forceful-swipe")
    d = game.decision
    assert d is not None and d.kind == "attack" and any(c.kind == "area" for c in d.choices)
    both = next(c for c in d.choices if c.kind == "area" and len(c.args) == 2)
    events = go(game, str(both))
    assert sum(1 for e in events if e.startswith("attack bt.bear1 ")) == 2
    assert "xp bt 1" in events


def test_disorienting_roar_afflicts_every_enemy_within_2_hexes_of_the_bear() -> None:
    near, far = (3, -2), (-3, 0)  # two and four hexes from the bear at 1,0
    game = bt_arena(
        ["disorienting-roar", "spirit-swap"],
        [("normal", (2, 0)), ("normal", near), ("normal", far)],
        stats=None,
    )
    go(game, "select disorienting-roar spirit-swap")
    go(game, "top disorienting-roar")
    for h, hit in (((2, 0), True), (near, True), (far, False)):
        conditions = game.state.figures[at(game, h)].conditions
        assert (Condition.MUDDLE in conditions and Condition.IMMOBILIZE in conditions) is hit


def test_unstoppable_beast_earth_adds_1_to_the_bears_attack_and_1_xp_to_its_owner() -> None:
    game = bt_arena(["unstoppable-beast", "spirit-swap"], [("normal", (2, 0))])
    game.state.elements.infuse(Element.EARTH)
    game.state.elements.end_turn()
    go(game, "select unstoppable-beast spirit-swap")
    go(game, "top unstoppable-beast")
    d = game.decision
    assert d is not None and d.kind == "consume" and d.actor == "bt"
    go(game, "consume earth")
    area = next(c for c in game.decision.choices if c.kind == "area")  # type: ignore[union-attr]
    events = go(game, str(area))
    assert "attack bt.bear1 dummy#9 value=4 damage=4" in events
    assert game.state.characters["bt"].xp == 1


def test_punch_through_adds_1_to_every_command_attack_this_round() -> None:
    game = bt_arena(["punch-through", "maul"], [("normal", (2, 0))])
    go(game, "select punch-through maul")
    go(game, "bottom punch-through")
    d = game.decision
    if d is not None and d.kind == "move":
        go(game, "stop")
    go(game, "top maul")
    events = go(game, "target dummy#9")
    assert "attack bt.bear1 dummy#9 value=5 damage=5" in events
    # its own event: a round's attack bonus for every attack (Enhancement Field) reads "+N" only
    assert "command-attack-bonus bt +1" in [str(e) for e in game.events]
    assert not [e for e in game.events if e.kind == "round-attack-bonus"]


def test_lash_out_pushes_every_enemy_adjacent_to_the_bear() -> None:
    game = bt_arena(["lash-out", "spirit-swap"], [("normal", (2, 0)), ("normal", (1, 1))])
    bear(game).hex = (1, 0)
    ids = sorted((at(game, (2, 0)), at(game, (1, 1))))
    go(game, "select lash-out spirit-swap")
    settle(game)
    go(game, "bottom lash-out")
    go(game, "stop")  # the bear's Move 3: it stays
    d = game.decision
    assert d is not None and d.kind == "push" and d.actor == "bt"
    assert [str(c) for c in d.choices] == [f"all {' '.join(ids)}", "skip"]


def test_jaws_of_death_kills_only_a_normal_adjacent_enemy_of_at_most_6_hit_points() -> None:
    three = [("normal", (2, 0)), ("elite", (1, 1)), ("normal", (1, -1))]
    game = bt_arena(["jaws-of-death", "spirit-swap"], three)  # the bear at 1,0 next to all three
    weak, strong = at(game, (2, 0)), at(game, (1, -1))
    go(game, "select jaws-of-death spirit-swap")  # the bear attacks on its turn first
    settle(game)
    game.state.figures[weak].hp, game.state.figures[strong].hp = 6, 7
    go(game, "top jaws-of-death")
    d = game.decision
    assert d is not None and d.kind == "kill"
    assert [str(c) for c in d.choices] == [f"target {weak}", "skip"]
    events = go(game, f"target {weak}")
    assert f"killed {weak}" in events and "xp bt 1" in events


def test_soaring_ally_bottom_the_bears_loot_goes_to_its_owner() -> None:
    game = bt_arena(["soaring-ally", "spirit-swap"], [("normal", (4, 0))])
    game.state.coins[(2, 0)] = 2
    go(game, "select soaring-ally spirit-swap")
    go(game, "bottom soaring-ally")
    assert game.state.characters["bt"].coins == 2 and (2, 0) not in game.state.coins


# ------------------------------------------------------------------ swaps


def test_spirit_swap_exchanges_two_enemies_without_moving_them() -> None:
    game = bt_arena(["spirit-swap", "maul"], [("normal", (2, 0)), ("normal", (-3, 0))])
    a, b = at(game, (2, 0)), at(game, (-3, 0))
    go(game, "select spirit-swap maul")
    go(game, "bottom spirit-swap")
    d = game.decision
    assert d is not None and d.kind == "swap"
    assert [str(c) for c in d.choices] == [*(f"figure {i}" for i in sorted((a, b))), "skip"]
    events = go(game, f"figure {a}", f"figure {b}")
    assert game.state.figures[a].hex == (-3, 0) and game.state.figures[b].hex == (2, 0)
    assert not any(e.startswith("moved ") for e in events)


def test_primal_blessing_swaps_the_tyrant_and_its_bear() -> None:
    game = bt_arena(["primal-blessing", "maul"], [("normal", (4, 0))])
    go(game, "select howling-bolts relentless-ally")
    finish_round(game)
    b = bear(game)
    mine, theirs = game.state.figures["bt"].hex, b.hex
    go(game, "select primal-blessing maul", "bottom primal-blessing", "stop")
    assert game.state.figures["bt"].hex == theirs and b.hex == mine


# ----------------------------------------------------------- summons perform


def test_rampage_bottom_any_one_summon_anywhere_performs_its_move_and_attack() -> None:
    game = bt_arena(["rampage", "maul"], [("normal", (4, 0))])
    b = bear(game)
    b.hex = (-4, 0)  # far away: "any one summoned ally" has no range
    go(game, "select howling-bolts relentless-ally")
    finish_round(game)
    go(game, "select rampage maul")
    go(game, "bottom rampage")
    d = game.decision
    assert d is not None and d.kind == "summon-performs"
    events = go(game, f"summon {b.id}")
    assert f"ally-performs {b.id} for=bt" in events
    assert game.decision is not None and game.decision.kind == "move"


# ---------------------------------------------------------- Concentrated Rage


def test_concentrated_rage_forgoing_the_top_action_gives_the_bear_3_attack_this_round() -> None:
    game = bt_arena(["concentrated-rage", "maul", "spirit-swap"], [("normal", (2, 0))])
    go(game, "select concentrated-rage maul", "top maul", "target dummy#9", "bottom concentrated-rage")
    finish_round(game)
    go(game, "select spirit-swap howling-bolts")
    d = game.decision
    assert d is not None and d.kind == "forgo" and d.actor == "bt"
    events = go(game, "forgo top")
    assert "attack bt.bear1 dummy#9 value=5 damage=5" in events  # 2 + 3
    d = game.decision
    assert d is not None and d.kind == "action"
    assert {c.kind for c in d.choices} == {"bottom", "basic-bottom"}
    events = go(game, "bottom howling-bolts", "stop")
    ch = game.state.characters["bt"]
    assert "spirit-swap" in ch.discard and not ch.selected
    finish_round(game)
    assert game.state.summon_stats[bear(game).id] == (3, 2, 0)  # the round's bonus is gone


# --------------------------------------------------------------- Blood Hunger


def test_blood_hunger_heals_the_bear_after_each_of_its_attacks_one_slot_each() -> None:
    game = bt_arena(["blood-hunger", "maul", "spirit-swap"], [("normal", (2, 0))])
    go(game, "select blood-hunger maul", "top blood-hunger")
    b = bear(game)
    b.hp -= 5
    go(game, "bottom maul", "stop")
    finish_round(game)  # the monster hits the bear (3)
    hp = b.hp
    events = go(game, "select spirit-swap howling-bolts")  # the bear attacks on its turn
    assert "attack bt.bear1 dummy#9 value=2 damage=2" in events
    assert b.hp == hp + 2 and "xp bt 1" in events
    active = game.state.characters["bt"].active
    assert [(a.card, a.used) for a in active] == [("blood-hunger", 1)]


# ------------------------------------------------------------ Borrowed Essence


def test_borrowed_essence_redistributes_the_damage_of_the_tyrant_and_the_summons() -> None:
    game = bt_arena(["borrowed-essence", "maul"], [("normal", (4, 0))])
    b = bear(game)
    b.hp -= 6
    go(game, "select borrowed-essence maul", "bottom borrowed-essence")
    d = game.decision
    assert d is not None and d.kind == "share-damage"
    assert [str(c) for c in d.choices] == [f"damage bt {n}" for n in range(7)]
    go(game, "damage bt 4")
    assert (game.state.figures["bt"].hp, b.hp) == (8, 24)


def test_energizing_strike_the_bear_attacks_then_strengthens_itself() -> None:
    game = bt_arena(["energizing-strike", "spirit-swap"], [("normal", (2, 0))])
    bear(game).hex = (1, 0)
    go(game, "select energizing-strike spirit-swap")
    settle(game)
    go(game, "top energizing-strike")
    events = go(game, "target dummy#9")
    assert events.index("attack bt.bear1 dummy#9 value=4 damage=4") < events.index(
        "condition bt.bear1 strengthen"
    )
    assert Condition.STRENGTHEN not in game.state.figures["bt"].conditions


def test_tyrannical_force_bottom_every_summon_within_3_moves_one_less_than_its_move() -> None:
    game = bt_arena(["tyrannical-force", "maul"], [("normal", (5, -5))])
    b = bear(game)
    go(game, "select tyrannical-force maul")
    settle(game)
    b.hex = (1, 0)  # back within range 3 after its own turn
    go(game, "bottom tyrannical-force")
    d = game.decision
    assert d is not None and d.kind == "summon-performs"
    assert [str(c) for c in d.choices] == [f"summon {b.id}", "skip"]
    events = go(game, f"summon {b.id}")
    assert f"ally-performs {b.id} for=bt" in events
    task = game.state.agenda[-1]
    assert (task.kind, task.who, task.n) == ("move", b.id, 2)  # Move 3 - 1, no attack


def test_the_forgo_question_needs_concentrated_rage_in_the_active_area() -> None:
    game = bt_arena(["maul", "spirit-swap"], [("normal", (4, 0))])
    go(game, "select maul spirit-swap")
    d = game.decision
    assert d is not None and d.kind == "action"


# ------------------------------------------------------------------- sigils


def _summoned(game: Game, card: str, hex: tuple[int, int]) -> Figure:
    """Play ``card``'s summon top at ``hex`` (round 1) and finish the round."""
    go(game, f"select {card} spirit-swap")
    settle(game)
    go(game, f"top {card}", f"summon-at {hex[0]},{hex[1]}")
    finish_round(game)
    return next(f for f in game.state.figures.values() if f.kind == "summon" and f.name != "bear")


def test_storm_sigil_the_wind_totem_attacks_every_adjacent_enemy_and_pushes_them_2() -> None:
    game = bt_arena(["storm-sigil", "spirit-swap"], [("normal", (2, -1)), ("normal", (1, 1))])
    bear(game).hex = (-1, 0)
    totem = _summoned(game, "storm-sigil", (1, 0))
    events = go(game, "select howling-bolts relentless-ally")
    while (d := game.decision) is not None and d.kind == "push":
        events += go(game, str(d.choices[0]))
    hits = [e for e in events if e.startswith(f"attack {totem.id} ")]
    assert len(hits) == 2 and all("value=1" in e for e in hits)
    for h in ((2, -1), (1, 1)):
        assert game.state.figure_at(h) is None  # both pushed away


def test_stone_sigil_the_monolith_never_attacks_and_has_shield_2() -> None:
    game = bt_arena(["stone-sigil", "spirit-swap"], [("normal", (2, -1))])
    bear(game).hex = (-1, 0)
    monolith = _summoned(game, "stone-sigil", (1, 0))
    events = go(game, "select howling-bolts relentless-ally")
    assert f"turn {monolith.id}" in events
    assert not any(e.startswith(f"attack {monolith.id} ") for e in events)
    assert game.shield(monolith.id) == 2


def test_tribal_sigil_allies_next_to_the_spirit_banner_add_2_to_their_attacks() -> None:
    game = bt_arena(["tribal-sigil", "spirit-swap"], [("normal", (2, -1))])
    b = bear(game)
    b.hex = (1, -1)  # next to the banner and the enemy
    banner = _summoned(game, "tribal-sigil", (1, 0))
    events = go(game, "select howling-bolts relentless-ally")
    assert f"attack-bonus {b.id} dummy#9 +2 aura" in events
    assert f"attack {b.id} dummy#9 value=4 damage=4" in events
    assert not any(e.startswith(f"attack {banner.id} ") for e in events)
    game.state.figures["bt"].hex = (-2, 0)  # the Tyrant away from the banner: no bonus
    assert "aura" not in " ".join(go(game, "top howling-bolts", "target dummy#9"))


def test_tribal_sigil_bottom_recovers_lost_summon_cards_only() -> None:
    game = bt_arena(["tribal-sigil", "maul", "venomous-ally"], [("normal", (5, -5))])
    ch = game.state.characters["bt"]
    ch.hand.remove("venomous-ally")
    ch.hand.remove("ancient-ward")
    ch.lost += ["venomous-ally", "ancient-ward"]
    go(game, "select tribal-sigil maul")
    settle(game)
    go(game, "bottom tribal-sigil")
    d = game.decision
    assert d is not None and d.kind == "recover"
    assert [str(c) for c in d.choices] == ["recover venomous-ally", "done"]
    events = go(game, "recover venomous-ally")
    assert "recovered bt venomous-ally lost" in events and "venomous-ally" in ch.hand


def test_patch_fur_every_summoned_ally_gains_shield_1_this_round_the_tyrant_does_not() -> None:
    game = bt_arena(["patch-fur", "maul"], [("normal", (5, -5))])
    b = bear(game)
    go(game, "select patch-fur maul")
    settle(game)
    events = go(game, "top patch-fur")
    assert f"bonus {b.id} shield 1 by=bt" in events
    assert game.shield(b.id) == 1 and game.shield("bt") == 0
    finish_round(game)
    assert game.shield(b.id) == 0


def test_natural_remedy_air_adds_1_heal_and_1_range() -> None:
    game = bt_arena(["natural-remedy", "spirit-swap"], [("normal", (5, -5))])
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    go(game, "select natural-remedy spirit-swap")
    settle(game)
    b = bear(game)
    b.hex, b.hp = (-4, 0), b.hp - 8  # four hexes away: only the paid Range 4 reaches it
    go(game, "top natural-remedy", "consume air")
    d = game.decision
    assert d is not None and d.kind == "heal"
    assert [str(c) for c in d.choices] == ["heal bt", f"heal {b.id}", "skip"]
    events = go(game, f"heal {b.id}")
    assert f"healed {b.id} 6" in events and game.state.characters["bt"].xp == 1


def test_natural_remedy_unpaid_reaches_only_range_3() -> None:
    game = bt_arena(["natural-remedy", "spirit-swap"], [("normal", (5, -5))])
    go(game, "select natural-remedy spirit-swap")
    settle(game)
    bear(game).hex = (-4, 0)
    go(game, "top natural-remedy")
    d = game.decision
    assert d is not None and [str(c) for c in d.choices] == ["heal bt", "skip"]


def test_a_declined_sigil_summon_earns_no_xp_and_leaves_no_card_active() -> None:
    game = bt_arena(["tribal-sigil", "spirit-swap"], [("normal", (5, -5))])
    go(game, "select tribal-sigil spirit-swap")
    settle(game)
    events = go(game, "top tribal-sigil", "skip")
    assert "no-xp bt 2" in events and game.state.characters["bt"].xp == 0
    assert not game.state.characters["bt"].active and "tribal-sigil" in game.state.characters["bt"].lost


def test_disorienting_roar_bottom_swaps_any_two_figures_the_tyrant_included_and_is_lost() -> None:
    game = bt_arena(["disorienting-roar", "maul"], [("normal", (-3, 0))])
    m = at(game, (-3, 0))
    go(game, "select disorienting-roar maul")
    settle(game)
    go(game, "bottom disorienting-roar")
    d = game.decision
    assert d is not None and d.kind == "swap"
    assert {str(c) for c in d.choices} == {"figure bt", "figure bt.bear1", f"figure {m}", "skip"}
    events = go(game, "figure bt", f"figure {m}")
    assert game.state.figures["bt"].hex == (-3, 0) and game.state.figures[m].hex == (0, 0)
    assert "card bt disorienting-roar lost" in events


def test_concentrated_rage_forgoing_both_actions_discards_both_cards() -> None:
    game = bt_arena(["concentrated-rage", "maul", "spirit-swap"], [("normal", (2, 0))])
    go(game, "select concentrated-rage maul", "top maul", "target dummy#9", "bottom concentrated-rage")
    finish_round(game)
    go(game, "select spirit-swap howling-bolts")
    events = go(game, "forgo both")
    assert "attack bt.bear1 dummy#9 value=5 damage=5" in events
    ch = game.state.characters["bt"]
    assert {"spirit-swap", "howling-bolts"} <= set(ch.discard) and not ch.selected
    assert not any(e.startswith("action bt ") for e in events)


def test_blood_hunger_heals_after_a_commanded_attack_too() -> None:
    game = bt_arena(["blood-hunger", "maul", "disappearing-wounds"], [("normal", (2, 0))])
    go(game, "select blood-hunger maul", "top blood-hunger", "bottom maul", "stop")
    finish_round(game)
    b = bear(game)
    go(game, "select disappearing-wounds howling-bolts")  # the bear attacks: one slot
    b.hp = b.max_hp - 5
    events = go(game, "bottom disappearing-wounds", "target dummy#9")
    assert "attack bt.bear1 dummy#9 value=2 damage=2" in events
    assert b.hp == b.max_hp - 3
    assert [(a.card, a.used) for a in game.state.characters["bt"].active] == [("blood-hunger", 2)]


# ------------------------------------------------ rare answers (issue 12)


def test_unstoppable_beast_earth_declined_the_bears_attack_stays_and_no_xp() -> None:
    game = bt_arena(["unstoppable-beast", "spirit-swap"], [("normal", (2, 0))])
    game.state.elements.infuse(Element.EARTH)
    game.state.elements.end_turn()
    go(game, "select unstoppable-beast spirit-swap")
    go(game, "top unstoppable-beast")
    d = game.decision
    assert d is not None and d.kind == "consume" and "no-consume" in [str(c) for c in d.choices]
    events = go(game, "no-consume")
    area = next(c for c in game.decision.choices if c.kind == "area")  # type: ignore[union-attr]
    events += go(game, str(area))
    assert "attack bt.bear1 dummy#9 value=3 damage=3" in events
    assert not any(e.startswith("consumed ") for e in events)
    assert game.state.characters["bt"].xp == 0 and game.state.elements.can_consume(Element.EARTH)


def test_rampage_declined_no_summon_performs() -> None:
    game = bt_arena(["rampage", "maul"], [("normal", (4, 0))])
    b = bear(game)
    go(game, "select howling-bolts relentless-ally")
    finish_round(game)
    go(game, "select rampage maul")
    where = b.hex
    go(game, "bottom rampage")
    events = go(game, "skip")
    assert "declined bt summon-performs" in events
    assert not any(e.startswith("ally-performs") for e in events) and b.hex == where


def test_tribal_sigil_bottom_done_recovers_nothing() -> None:
    game = bt_arena(["tribal-sigil", "maul", "venomous-ally"], [("normal", (5, -5))])
    ch = game.state.characters["bt"]
    ch.hand.remove("venomous-ally")
    ch.lost.append("venomous-ally")
    go(game, "select tribal-sigil maul")
    settle(game)
    go(game, "bottom tribal-sigil")
    d = game.decision
    assert d is not None and d.kind == "recover"
    events = go(game, "done")
    assert not any(e.startswith("recovered ") for e in events)
    assert "venomous-ally" in ch.lost and "venomous-ally" not in ch.hand
