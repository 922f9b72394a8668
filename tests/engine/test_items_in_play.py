"""Items in play (rules digest §13, §2.7, §2.8; issue 5): every base-game item is used at its
trigger as an ordinary choice of its owner's decision, with its usage (spent, consumed, use
slots, refresh, passive) and the modifier cards it adds.

The worlds here are small maps built by hand with the content pack's real items
(:func:`delvekit.gloomhaven.content.adapter.item_setup`): the Brute at (0, 0), an ally next to it,
guards next to it; the cards are chosen so that every trigger comes (a melee attack, a ranged
attack, moves, loot, monster attacks).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex, disk
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.bots.players import GreedyBot, RandomBot
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, item_setup
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.items import play as items_play
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    CharacterSetup,
    MonsterStats,
    MonsterType,
    check_equipment,
)
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import card, half, mcard, setup

BASE_ITEMS = range(1, 134)
GUARD_HEXES: tuple[Hex, ...] = ((1, 0),)


def _hand(prefix: str) -> list[object]:
    return [
        card(f"{prefix}strike", 10, top=half("attack 2"), bottom=half("move 6")),
        card(f"{prefix}shot", 20, top=half("attack 2 range 3"), bottom=half("move 3")),
        card(f"{prefix}bash", 30, top=half("attack 3"), bottom=half("loot 1")),
        card(f"{prefix}sweep", 40, top=half("attack 2 target 2"), bottom=half("move 2")),
        *(card(f"{prefix}c{n}", 60 + n) for n in range(1, 6)),
    ]


def world(
    items: tuple[int, ...] = (),
    *,
    ally_items: tuple[int, ...] = (),
    guards: tuple[Hex, ...] = GUARD_HEXES,
    guard: str = "attack 0",
    guard_health: int = 8,
    terrain: tuple[tuple[Hex, str], ...] = (),
    level: int = 9,
    seed: int = 1,
    strong: bool = True,
) -> Game:
    """The Brute (with ``items``) at (0, 0), an ally at (-1, 1), guards performing ``guard``
    every round at initiative 50; every element Strong at the start when ``strong``."""
    pack = load_pack()
    brute = CharacterSetup(
        id="brute", class_name="brute", max_health=40, hand_limit=9, hand=tuple(_hand("")),  # type: ignore[arg-type]
        hex=(0, 0), level=level, items=tuple(item_setup(pack, Member("brute", level), n) for n in items),
    )  # fmt: skip
    ally = CharacterSetup(
        id="ally", class_name="ally", max_health=40, hand_limit=9, hand=tuple(_hand("a")),  # type: ignore[arg-type]
        hex=(-1, 1), level=level, items=tuple(item_setup(pack, Member("ally", level), n) for n in ally_items),
    )  # fmt: skip
    guard_type = MonsterType(
        name="guard", deck="guard", standees=8,
        normal=MonsterStats(health=guard_health, move=1, attack=2),
        elite=MonsterStats(health=guard_health, move=1, attack=2),
    )  # fmt: skip
    s = setup(
        [brute, ally],
        [guard_type],
        {"guard": [mcard("g50", 50, *guard.split(";"))]},
        [[("guard", "normal", h) for h in guards]],
    )
    board = BoardSpec(hexes=tuple(disk((0, 0), 4)), terrain=terrain)
    game = Game(msgspec.structs.replace(s, board=board), seed=seed)
    if strong:
        for e in Element:
            game.state.elements.infuse(e)
        game.state.elements.end_turn()
    return game


# ------------------------------------------------------------------ driver

PLANS = {
    # (select, first action, second action)
    "melee": ("select strike bash", "top strike", "bottom bash"),
    "ranged": ("select strike shot", "bottom strike", "top shot"),
    "run": ("select strike bash", "bottom strike", "top bash"),
    "basic": ("select strike shot", "basic-top strike", "basic-bottom shot"),
    "sweep": ("select sweep bash", "top sweep", "bottom bash"),
    "shoot": ("select strike shot", "top shot", "bottom strike"),
}


def _item_number(c: Choice) -> int:
    return int(c.args[0])


def drive(
    game: Game,
    want: set[int],
    plan: str,
    *,
    until: Callable[[Game], bool],
    limit: int = 400,
) -> None:
    """Play: use the wanted items whenever offered, follow ``plan`` with the Brute's (and the
    ally's) cards, take damage, pick the first option of item picks; stop when ``until``."""
    back: dict[str, Hex] = {}
    for _ in range(limit):
        d = game.decision
        if d is None or until(game):
            return
        game.choose(_answer(game, d, want, plan, back))
        assert not violations(game), violations(game)


def _answer(game: Game, d: Decision, want: set[int], plan: str, back: dict[str, Hex]) -> Choice:
    wanted = [c for c in d.choices if c.kind == "item" and _item_number(c) in want]
    if wanted:
        return wanted[0]
    plain = [c for c in d.choices if c.kind != "item"]
    kinds = {c.kind for c in plain}
    prefix = "" if d.actor == "brute" else "a"
    select, first, second = PLANS[plan]
    if d.kind == "item":
        return Choice("pass")
    if d.kind == "item-pick":
        return next(c for c in d.choices if c.kind not in ("done", "skip"))
    if d.kind == "select":
        a, b = select.split()[1:]
        pick = Choice("select", (prefix + a, prefix + b))
        return pick if pick in d.choices else plain[0]
    if d.kind == "action":
        ch = game.state.characters[d.actor]
        for text in (first, second):
            kind, name = text.split()
            c = Choice(kind, (prefix + name,))
            if c in d.choices:
                return c
        return plain[0] if len(ch.selected) else d.choices[0]
    if d.kind == "move":
        f = game.state.figures.get(d.actor)
        steps = [c for c in plain if c.kind == "step"]
        if f is not None and steps:
            prev = back.get(d.actor)
            here = f.hex
            to = next(
                (c for c in steps if prev is not None and c.args[0] == f"{prev[0]},{prev[1]}"), steps[0]
            )
            back[d.actor] = here
            return to
        return Choice("stop") if "stop" in kinds else plain[0]
    if d.kind == "damage":
        return next(c for c in d.choices if c.kind == "take")
    if d.kind == "short-rest":
        return Choice("no-rest")
    if d.kind == "short-rest-loss":
        return Choice("accept")
    if d.kind == "attack":
        return next((c for c in plain if c.kind != "skip"), plain[0])
    return plain[0]


def used(game: Game, number: int, who: str | None = "brute") -> bool:
    """Whether ``who`` (anybody: ``None``) used item ``number``."""
    return any(
        e.kind == "item-used" and e.args[1] == str(number) and who in (None, e.args[0]) for e in game.events
    )


# ------------------------------------------------------------------ coverage

# item -> (extra items used first, plan, world options, executed?)
Check = Callable[[Game], bool]
SPECIAL: dict[int, tuple[tuple[int, ...], str, dict[str, object], Check | None]] = {
    1: ((), "ranged", {}, None),
    2: ((), "ranged", {}, None),
    7: ((), "melee", {"x2": True}, None),
    13: ((), "melee", {}, None),
    15: ((), "melee", {}, None),
    16: ((), "melee", {}, lambda g: True),  # checked in the equipment test below
    17: ((12,), "melee", {}, None),
    22: ((), "melee", {"guard": "attack 0 push 1"}, None),
    28: ((24,), "melee", {}, None),
    29: ((), "basic", {}, None),
    36: ((), "ranged", {}, None),
    38: ((), "melee", {"guard": "attack 0 with stun"}, lambda g: _immune(g, "stun")),
    40: ((), "basic", {}, None),
    43: ((), "melee", {}, None),
    45: ((12,), "melee", {}, None),
    49: ((24,), "melee", {}, None),
    50: ((), "melee", {}, None),
    52: ((), "melee", {"guard": "attack 0 with poison"}, lambda g: _immune(g, "poison")),
    57: ((), "basic", {}, None),
    58: ((), "ranged", {"hazard": True}, None),
    64: ((), "ranged", {}, None),
    67: ((), "basic", {}, None),
    69: ((24,), "melee", {}, None),
    71: ((), "ranged", {"hazard": True}, None),
    72: ((), "run", {}, None),
    76: (
        (),
        "melee",
        {"guards": ((1, 0), (1, -1), (0, -1))},
        lambda g: "brute" in g.state.figures and g.shield("brute") == 1,
    ),
    89: ((), "melee", {"guard": "attack 0 with poison"}, None),
    90: ((), "melee", {"guard": "attack 0 with poison"}, None),
    92: ((), "melee", {"guard": "attack 0 consume fire boost attack+1"}, None),
    93: ((), "melee", {"ally_item": True}, None),
    95: ((), "melee", {}, None),
    96: ((), "ranged", {}, None),
    97: ((), "run", {}, None),
    98: ((), "ranged", {"hazard": True}, None),
    99: ((), "ranged", {"hazard": True}, None),
    100: ((123,), "melee", {}, None),
    101: ((), "melee", {}, lambda g: sum(str(c) == "-1" for c in g.state.modifier_decks["brute"].cards) == 3),
    103: ((), "melee", {"guard": "attack 0 with poison"}, lambda g: _immune(g, "poison")),
    105: ((), "melee", {}, lambda g: engine_monsters._initiatives(g).get("brute") == 99),
    106: ((), "melee", {"guard_health": 1}, None),
    107: ((), "run", {}, None),
    108: ((), "melee", {"guard": "attack 0 with muddle"}, None),
    109: ((), "melee", {}, None),
    120: ((123,), "melee", {}, None),
    125: ((), "melee", {"terrain": (((0, 2), "trap"),)}, None),
    131: ((), "melee", {"guards": ((1, 0), (2, 0))}, None),
    133: ((), "melee", {"terrain": (((-1, 0), "obstacle"),)}, None),
}


def _immune(game: Game, condition: str) -> bool:
    return any(e.kind == "immune" and e.args == ("brute", condition) for e in game.events)


def run_item(number: int, seed: int = 1) -> Game:
    pack = load_pack()
    item = pack.items[number]
    extra, plan, opts, _ = SPECIAL.get(number, ((), "", {}, None))
    if not plan:
        ranged = item.trigger == "ranged-attack" or item.trigger == "move"
        plan = "ranged" if ranged else "melee"
    terrain = tuple(opts.get("terrain", ()))  # type: ignore[call-overload]
    guards = tuple(opts.get("guards", GUARD_HEXES))  # type: ignore[call-overload]
    if opts.get("hazard"):
        terrain = tuple((h, "hazardous") for h in disk((0, 0), 4) if h not in ((-1, 1), *guards))
    ally_item = bool(opts.get("ally_item"))
    game = world(
        () if ally_item else (*extra, number),
        ally_items=(number,) if ally_item else (),
        guards=guards,
        guard=str(opts.get("guard", "attack 0")),
        guard_health=int(opts.get("guard_health", 8)),  # type: ignore[call-overload]
        terrain=terrain,
        seed=seed,
    )
    if opts.get("x2"):
        game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["x2"] * 20))
    drive(game, {*extra, number}, plan, until=lambda g: executed(number, g))
    return game


def executed(number: int, game: Game) -> bool:
    check = SPECIAL.get(number, ((), "", {}, None))[3]
    return check(game) if check is not None else used(game, number, None)


def test_every_base_game_item_executes_at_least_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Each of the 133 base-game items is used in play (its ``item-used`` event, or for a
    standing effect the effect itself); the solo-scenario items 134-151 stay out (their effects
    are not transcribed)."""
    pack = load_pack()
    assert [n for n in pack.items if not pack.items[n].solo] == list(BASE_ITEMS)
    missing = []
    for number in BASE_ITEMS:
        item = item_setup(pack, Member("brute", 9), number)
        assert items_play.unsupported(item) == [], number
        if not executed(number, run_item(number)):
            missing.append(number)
    done = len(BASE_ITEMS) - len(missing)
    with capsys.disabled():
        print(f"\nitems executed: {done}/{len(BASE_ITEMS)}")
    assert missing == []


# ------------------------------------------------------------------ usage kinds


def _spent_then_long_rest(number: int) -> Game:
    game = world((number,))
    drive(game, {number}, "melee", until=lambda g: used(g, number))
    return game


def test_spent_item_is_turned_until_a_long_rest_refreshes_it() -> None:
    """§13, §4.2: Eagle-Eye Goggles (spent): used once, never offered while spent; the Brute's
    long rest refreshes it."""
    game = world((6,))
    drive(game, {6}, "melee", until=lambda g: used(g, 6))
    assert game.state.characters["brute"].items[6] == "spent"
    for _ in range(300):  # play on until the Brute may long rest
        d = game.decision
        assert d is not None
        assert "item 6" not in d.choices.texts(), "a spent item is not offered"
        if d.kind == "select" and d.actor == "brute" and "long-rest" in d.choices.texts():
            game.choose("long-rest")
            break
        game.choose(_answer(game, d, set(), "melee", {}))
    drive(game, set(), "melee", until=lambda g: g.state.characters["brute"].items[6] == "unused")
    assert any(e.kind == "item-refreshed" and e.args == ("brute", "6") for e in game.events)
    rest = next(i for i, e in enumerate(game.events) if e.kind == "long-rest" and e.args[0] == "brute")
    assert any(e.kind == "item-refreshed" for e in game.events[rest:])


def test_consumed_item_stays_consumed_after_a_long_rest() -> None:
    """§13: Minor Healing Potion (consumed): heal 3 once; a long rest does not bring it back."""
    game = world((12,))
    game.state.figures["brute"].hp = 30
    drive(game, {12}, "melee", until=lambda g: used(g, 12))
    assert game.state.characters["brute"].items[12] == "consumed"
    assert any(e.kind == "healed" and e.args == ("brute", "3") for e in game.events)
    drive(game, set(), "melee", until=lambda g: any(e.kind == "long-rest" for e in g.events), limit=300)
    assert game.state.characters["brute"].items[12] == "consumed"


def test_use_slots_apply_by_themselves_then_the_item_is_spent() -> None:
    """§13: Hide Armor (2 use slots, shield 1 against attack damage): it applies to the first two
    attacks that damage the Brute, without a choice, then it is spent."""
    game = world((3,))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+1"] * 20))
    drive(game, set(), "melee", until=lambda g: g.state.characters["brute"].items[3] == "spent")
    shields = [e for e in game.events if e.kind == "item-shield" and e.args[0] == "brute"]
    assert len(shields) == 2 and all(e.args[1] == "1" for e in shields)
    attacks = [e for e in game.events if e.kind == "attack" and e.args[1] == "brute"]
    assert attacks[0].args[3] == "damage=3"  # guard attack 2, +1: 3; the armour takes 1 off
    assert game.state.characters["brute"].item_uses[3] == 2
    assert game.decision is not None and game.decision.kind == "damage"
    game.choose("take 2")  # the second attack, reduced by the last slot
    assert game.state.figures["brute"].hp == 40 - 2 * 2


def test_refresh_item_refreshes_spent_items() -> None:
    """Moon Earring (refresh every spent item): Amulet of Life spent, then refreshed."""
    game = world((24, 28))
    drive(game, {24}, "melee", until=lambda g: used(g, 24))
    assert game.state.characters["brute"].items[24] == "spent"
    drive(game, {28}, "melee", until=lambda g: used(g, 28))
    ch = game.state.characters["brute"]
    assert ch.items == {24: "unused", 28: "consumed"}


def test_passive_items_act_every_time_without_a_choice() -> None:
    """Iron Helmet (no usage icon): every x2 a monster draws against the wearer counts as +0."""
    game = world((7,))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["x2"] * 20))
    drive(
        game,
        set(),
        "melee",
        until=lambda g: sum(e.kind == "attack" and e.args[1] == "brute" for e in g.events) >= 2,
    )
    attacks = [e for e in game.events if e.kind == "attack" and e.args[1] == "brute"]
    assert [e.args[2] for e in attacks] == ["value=2", "value=2"]  # attack 2 +0, never doubled
    assert game.state.characters["brute"].items[7] == "unused"


def test_armour_adds_its_minus_one_cards_and_second_skin_removes_two() -> None:
    """§2.7/§2.8: Chainmail adds three -1 cards to the standard deck (5 -1 -> 8, 20 -> 23 cards);
    Second Skin takes two -1 cards out."""
    chain = world((23,)).state.modifier_decks["brute"].cards
    assert len(chain) == 23 and sum(str(c) == "-1" for c in chain) == 8
    skin = world((101,)).state.modifier_decks["brute"].cards
    assert len(skin) == 18 and sum(str(c) == "-1" for c in skin) == 3
    both = world((38, 101)).state.modifier_decks["brute"].cards  # Heavy Basinet's two, then two out
    assert len(both) == 20 and sum(str(c) == "-1" for c in both) == 5


# ------------------------------------------------------------------ families


def guard_ids(game: Game) -> list[str]:
    return sorted(f.id for f in game.state.monsters("guard"))


def test_attack_rider_single_scope_rides_on_one_target_only() -> None:
    """Poison Dagger (single scope): only the first target of an Attack 2, Target 2 is poisoned;
    Eagle-Eye Goggles (entire action) give advantage on both targets."""
    game = world((11, 6), guards=((1, 0), (1, -1)))
    drive(game, set(), "sweep", until=lambda g: g.decision is not None and g.decision.kind == "attack")
    assert game.decision is not None and {"item 11", "item 6"} <= set(game.decision.choices.texts())
    game.choose("item 11")
    assert game.decision is not None and "item 11" not in game.decision.choices.texts()
    game.choose("item 6")
    first, second = guard_ids(game)
    game.choose(f"target {first}")
    game.choose(f"target {second}")
    poisoned = [e.args[0] for e in game.events if e.kind == "condition" and e.args[1] == "poison"]
    assert poisoned == [first]
    draws = [e for e in game.events if e.kind == "modifiers" and e.args[0] == "brute"]
    assert len(draws) == 2 and all(len(e.args[1].split(",")) >= 2 for e in draws)  # advantage


def test_area_item_turns_a_single_target_attack_into_an_area() -> None:
    """Reaping Scythe: the melee attack becomes its four-hex area; one choice hits every guard
    in the placement."""
    game = world((47,), guards=((1, 0), (1, -1), (0, -1)))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "attack")
    game.choose("item 47")
    areas = [c for c in game.decision.choices if c.kind == "area"]  # type: ignore[union-attr]
    assert max(len(c.args) for c in areas) == 3


def test_attacked_item_gives_the_attacker_disadvantage() -> None:
    """Leather Armor (attacked, spent): asked before the guard's draw; the draw is made with
    disadvantage (two cards drawn)."""
    game = world((4,))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "item")
    assert game.decision is not None and game.decision.choices.texts() == ["item 4", "pass"]
    game.choose("item 4")
    draws = [e for e in game.events if e.kind == "modifiers" and e.args[0].startswith("guard#")]
    assert len(draws[-1].args[1].removeprefix("drew=").split(",")) >= 2


def test_shield_item_at_the_damage_decision() -> None:
    """Tower Shield (damaged by an attack, spent): offered with the damage; shield 2 takes 2 off."""
    game = world((32,))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+2"] * 20))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "damage")
    assert "item 32" in game.decision.choices.texts() and "take 4" in game.decision.choices.texts()  # type: ignore[union-attr]
    game.choose("item 32")
    assert game.decision is not None and "take 2" in game.decision.choices.texts()


def test_negate_and_retaliate_items() -> None:
    """Shadow Armor negates the attack's damage; Spiked Shield gives shield 1 and retaliate 2
    against that attack."""
    game = world((51,))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "damage")
    game.choose("item 51")
    assert any(e.kind == "negated" and e.args[-1] == "by=item-51" for e in game.events)
    game = world((46,))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+1"] * 20))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "damage")
    (gid,) = guard_ids(game)
    hp = game.state.figures[gid].hp
    game.choose("item 46")
    game.choose("take 2")
    assert game.state.figures[gid].hp == hp - 2  # retaliate 2, the guard adjacent


def test_own_turn_items_recover_summon_and_control() -> None:
    """Minor Stamina Potion recovers discarded cards; Ring of Skulls summons a skeleton next to
    the Brute; Doomed Compass moves a guard (the Brute decides its steps)."""
    game = run_item(13)
    assert game.decision is not None and game.decision.kind == "item-pick"
    assert {c.kind for c in game.decision.choices} == {"recover", "done"}
    card_id = game.decision.choices[0].args[0]
    game.choose(f"recover {card_id}")
    assert card_id in game.state.characters["brute"].hand
    assert any(e.kind == "recovered-card" and e.args == ("brute", card_id) for e in game.events)
    game = run_item(123)
    assert game.decision is not None and game.decision.choices[0].kind == "summon-at"
    game.choose(game.decision.choices[0])
    assert any(e.kind == "summoned" and e.args[0] == "brute.skeleton1" for e in game.events)
    assert game.state.summon_stats["brute.skeleton1"] == (2, 2, 0)
    game = world((124,))
    drive(
        game,
        set(),
        "melee",
        until=lambda g: (
            g.decision is not None and g.decision.actor == "brute" and g.decision.kind == "action"
        ),
    )
    game.choose("item 124")  # one guard in range: picked by itself
    assert any(e.kind == "controlled" and e.args == (guard_ids(game)[0], "by=brute") for e in game.events)
    d = game.decision
    assert d is not None and d.kind == "move" and d.actor == "brute"


def test_initiative_item_shifts_the_turn_order() -> None:
    """Boots of Speed: after the reveal, the Brute's 10 becomes 20 (behind the ally's 10)."""
    game = world((15,))
    game.choose("select strike bash")
    game.choose("select astrike abash")
    assert game.decision is not None and game.decision.kind == "item"
    assert set(game.decision.choices.texts()) == {"item 15 -10", "item 15 +10", "pass"}
    game.choose("item 15 +10")
    order = next(e for e in game.events if e.kind == "order")
    assert order.args[:2] == ("ally=10", "brute=20")


def test_end_of_turn_item_plays_a_card_half() -> None:
    """Ring of Brutality: at the end of its turn the Brute plays a hand card's top action."""
    game = world((56,))
    drive(game, {56}, "melee", until=lambda g: used(g, 56))
    d = game.decision
    assert d is not None and d.kind == "item-pick" and all(c.kind == "play" for c in d.choices)
    game.choose("play shot")
    assert game.decision is not None and set(game.decision.choices.texts()) >= {"top shot", "basic-top shot"}


def test_passive_immunities_flying_and_terrain() -> None:
    """Heavy Basinet: immune to stun; Boots of Levitation: hazardous terrain leaves the wearer
    unhurt; Heavy Greaves: guards cannot push the wearer."""
    for number in (38, 71, 22):
        assert executed(number, run_item(number)), number
    game = run_item(71)
    assert not any(
        e.kind == "damage" and e.args[0] == "brute" and e.args[2] == "hazardous" for e in game.events
    )


def test_equipment_limits_with_items_in_play() -> None:
    """§2.7: one small item at level 1, three with a Cloak of Pockets; refused with a message
    naming the item and the rule."""
    pack = load_pack()
    potions = [item_setup(pack, Member("brute", 1), n) for n in (12, 13, 14)]
    cloak = item_setup(pack, Member("brute", 1), 16)
    check_equipment("brute", 1, [cloak, *potions], "brute")
    with pytest.raises(InputError, match=r"1 small item at most at level 1.*§2.7"):
        check_equipment("brute", 1, potions, "brute")
    with pytest.raises(InputError, match="solo-scenario reward"):
        item_setup(pack, Member("brute", 1), 140)


# ------------------------------------------------------------------ bots and faces


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_with_items_equipped(bot: str) -> None:
    """RandomBot and GreedyBot play scenario 1 to the end with items on both characters; the
    invariants hold after every choice and the game replays from its log."""
    from delvekit.cli.play import new_game

    game = new_game(1, "brute,mindthief", seed=3, items="brute=1,3,6,11,12;mindthief=8,24,27,30")
    player = RandomBot(3) if bot == "random" else GreedyBot(lookahead=1)
    for _ in range(3000):
        if game.decision is None:
            break
        game.choose(player.choose(game))
        assert not violations(game)
    assert game.result in ("victory", "defeat")
    assert Game.replay(game.setup, game.seed, game.log).digest() == game.digest()


def test_cli_items_option_equips_and_refuses(tmp_path: object) -> None:
    from click.testing import CliRunner

    from delvekit.cli.main import _register, cli

    _register()
    runner = CliRunner()
    ok = runner.invoke(
        cli,
        ["play", "--scenario", "1", "--party", "brute,mindthief", "--items", "brute=1,12;mindthief=8",
         "--bots", "random", "--seed", "2", "--quiet"],
    )  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert ok.output.startswith("result: ")
    bad = runner.invoke(
        cli, ["play", "--scenario", "1", "--party", "brute,mindthief", "--items", "brute=1,2", "--quiet"]
    )
    assert bad.exit_code != 0
    assert "one legs item at most" in bad.output and "(§2.7)" in bad.output
    worse = runner.invoke(cli, ["play", "--scenario", "1", "--party", "brute,mindthief", "--items", "brute"])
    assert worse.exit_code != 0 and "--items" in worse.output


def test_content_check_lists_item_effects_the_engine_cannot_perform() -> None:
    """``delve content check --strict-engine`` (``engine_gaps``) lists items with effects the
    engine cannot perform: none of the base game's; a made-up effect in a user's item is listed."""
    from types import SimpleNamespace

    from delvekit.gloomhaven.content.check import _item_gaps, engine_gaps
    from delvekit.gloomhaven.content.schema import CardAbility

    pack = load_pack()
    assert [g for g in engine_gaps(pack) if g.deck == "items"] == []
    boots = pack.items[1]
    odd = msgspec.structs.replace(boots, effects=(CardAbility(type="custom", value="teleport-home"),))
    gaps = _item_gaps(SimpleNamespace(items={1: odd, 140: pack.items[140]}))  # type: ignore[arg-type]
    assert [(g.card, g.abilities) for g in gaps] == [("1 Boots of Striding", ("teleport-home",))]


def test_stunned_character_may_drink_a_cure_potion_at_the_end_of_its_turn() -> None:
    """Minor Cure Potion ("usable while stunned"): the stunned Brute performs nothing, but is
    offered the potion as its turn ends, which removes the stun."""
    game = world((89,), guard="attack 0 with stun")
    drive(
        game,
        set(),
        "melee",
        until=lambda g: g.decision is not None and "item 89" in g.decision.choices.texts(),
    )
    d = game.decision
    assert d is not None and d.kind == "item" and d.actor == "brute"
    assert any(e.kind == "stunned" and e.args[0] == "brute" for e in game.events)
    game.choose("item 89")
    assert any(e.kind == "condition-ended" and e.args == ("brute", "stun", "item") for e in game.events)


def test_cloak_of_phasing_ends_on_an_obstacle_cannot_attack_and_turns_invisible() -> None:
    game = world((58,), terrain=(((0, -1), "obstacle"),))
    game.choose("select strike shot")
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.actor == "brute")
    game.choose("bottom strike")  # Move 6, flying: a jump
    game.choose("step 0,-1")
    assert game.decision is not None and "stop" in game.decision.choices.texts()
    game.choose("stop")
    assert game.state.figures["brute"].hex == (0, -1)
    game.choose("top shot")
    assert any(e.kind == "prevented" and e.args == ("brute", "attack", "on-obstacle") for e in game.events)
    assert any(e.kind == "condition" and e.args == ("brute", "invisible") for e in game.events)


def test_a_refresh_item_modifier_card_refreshes_a_spent_item() -> None:
    """Quartermaster's "+0 refresh item" card, drawn by an attack: the attacker refreshes one of
    its spent or consumed items (here the Eagle-Eye Goggles it used for that very attack)."""
    game = world((6,))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0 refresh item"] * 20))
    drive(game, set(), "melee", until=lambda g: g.decision is not None and g.decision.kind == "attack")
    game.choose("item 6")
    game.choose(f"target {guard_ids(game)[0]}")
    assert game.state.characters["brute"].items[6] == "spent"
    d = game.decision
    assert d is not None and d.kind == "item-pick" and "refresh 6" in d.choices.texts()
    game.choose("refresh 6")
    assert game.state.characters["brute"].items[6] == "unused"


# ------------------------------------------------------------------ more families, precisely


def _to(game: Game, kind: str, actor: str = "brute", plan: str = "melee") -> Decision:
    drive(
        game,
        set(),
        plan,
        until=lambda g: g.decision is not None and (g.decision.kind, g.decision.actor) == (kind, actor),
    )
    assert game.decision is not None
    return game.decision


def test_move_item_adds_to_the_move_and_jump_items_make_it_a_jump() -> None:
    """Boots of Striding: the Move 6 becomes Move 8 at its first step; Winged Shoes: a jump."""
    game = world((1,))
    game.choose("select strike shot")
    _to(game, "action")
    game.choose("bottom strike")
    game.choose("item 1")
    task = game.state.agenda[-1]
    assert (task.kind, task.n, task.text) == ("move", 8, "0/walk/s")
    game = world((2,))
    game.choose("select strike shot")
    _to(game, "action")
    game.choose("bottom strike")
    game.choose("item 2")
    assert game.state.agenda[-1].text == "0/jump/s"


def test_element_items_consume_and_infuse_with_picks() -> None:
    """Circlet of Elements: consume any element (the player picks), then infuse any (picks)."""
    game = world((75,))
    _to(game, "action")
    game.choose("item 75")
    d = game.decision
    assert d is not None and d.kind == "item-pick" and {c.kind for c in d.choices} == {"consume"}
    game.choose("consume ice")
    assert game.state.elements[Element.ICE] == 0
    d = game.decision
    assert d is not None and {c.kind for c in d.choices} == {"infuse"} and len(d.choices) == 6
    game.choose("infuse dark")
    assert Element.DARK in game.state.elements.pending


def test_piercing_bow_ignores_shield_and_falchion_hurts_the_target_and_its_neighbours() -> None:
    game = world((9,), guards=((3, -1),))
    gid = guard_ids(game)[0]
    game.state.figures[gid].shield_bonus = 3  # a shield 3 this round
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    _to(game, "attack", plan="ranged")
    game.choose("item 9")
    game.choose(f"target {gid}")
    hit = next(e for e in game.events if e.kind == "attack" and e.args[1] == gid)
    assert hit.args[2:] == ("value=2", "damage=2")  # shield 3 ignored
    game = world((116,), guards=((1, 0), (2, 0), (2, -1)))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    _to(game, "attack")
    game.choose("item 116")
    target = game.state.figure_at((1, 0))
    assert target is not None
    game.choose(f"target {target.id}")
    suffered = sorted(e.args[0] for e in game.events if e.kind == "damage" and e.args[2] == "item")
    assert suffered == guard_ids(game)  # the target and both guards next to it, 1 each


def test_black_card_marks_an_enemy_for_plus_one_on_every_attack() -> None:
    game = world((129,))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    _to(game, "action")
    game.choose("item 129")  # one adjacent guard: marked at once
    gid = guard_ids(game)[0]
    assert any(e.kind == "marked" and e.args == (gid, "by=brute") for e in game.events)
    game.choose("top strike")
    game.choose(f"target {gid}")
    hit = next(e for e in game.events if e.kind == "attack" and e.args[0] == "brute")
    assert hit.args[2] == "value=3"  # Attack 2 +1


def test_heart_of_the_betrayer_turns_the_attack_on_an_ally_of_the_attacker() -> None:
    game = world((131,), guards=((1, 0), (2, 0)))
    d = _to(game, "item")
    attacker = game.state.figure_at((1, 0))
    other = game.state.figure_at((2, 0))
    assert attacker is not None and other is not None and d.choices.texts() == ["item 131", "pass"]
    if game.state.agenda[-1].text != attacker.id:  # the far guard attacks first: let it be
        game.choose("pass")
        d = _to(game, "item")
    game.choose("item 131")
    assert any(e.kind == "redirected" and e.args == (attacker.id, f"to={other.id}") for e in game.events)
    assert any(e.kind == "attack" and e.args[:2] == (attacker.id, other.id) for e in game.events)


def test_default_action_items_and_scroll_of_power() -> None:
    """Versatile Dagger: the basic attack is Attack 3; Scroll of Power (the ally's): +1 on the
    Brute's attack, chosen at the Brute's attack decision."""
    game = world((40,))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    game.choose("select strike shot")
    _to(game, "action")
    game.choose("basic-top strike")
    d = game.decision
    assert d is not None and d.kind == "attack"
    game.choose(f"target {guard_ids(game)[0]}")
    assert next(e for e in game.events if e.kind == "attack").args[2] == "value=3"
    game = world(ally_items=(93,))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    d = _to(game, "attack")
    assert "item 93 ally" in d.choices.texts()
    game.choose("item 93 ally")
    game.choose(f"target {guard_ids(game)[0]}")
    assert next(e for e in game.events if e.kind == "attack").args[2] == "value=3"
    assert game.state.characters["ally"].items[93] == "consumed"


def test_second_chance_ring_gives_another_turn_at_the_new_initiative() -> None:
    game = world((70,))
    drive(game, {70}, "melee", until=lambda g: used(g, 70))
    d = game.decision
    assert d is not None and d.kind == "item-pick" and "select c1 c2" in d.choices.texts()
    game.choose("select c1 c2")
    order = [(t.id, t.initiative) for t in game.state.order]
    assert ("brute", 61) in order[game.state.turn_index :]
    assert any(e.kind == "extra-turn" and e.args == ("brute", "initiative=61") for e in game.events)
    drive(
        game,
        set(),
        "melee",
        until=lambda g: (
            g.decision is not None
            and g.decision.kind == "action"
            and g.state.characters["brute"].selected == ["c1", "c2"]
        ),
    )


def test_moved_passives_and_necklace() -> None:
    """Steel Sabatons: no move this turn, shield 1 for the round; Necklace of Teeth: heal 1 when
    a monster dies on the wearer's turn."""
    game = world((50,))
    drive(game, set(), "melee", until=lambda g: used(g, 50))
    texts = [str(e) for e in game.events]
    at = texts.index("item-used brute 50 passive")
    assert texts[at + 1] == "bonus brute shield 1"  # the round's shield, before the guard attacks
    assert game.state.round == 1 and not any(e.kind == "moved" and e.args[0] == "brute" for e in game.events)
    game = world((106,), guard_health=1)
    game.state.figures["brute"].hp = 30
    drive(game, set(), "melee", until=lambda g: used(g, 106))
    assert any(e.kind == "killed" for e in game.events)
    assert game.state.figures["brute"].hp == 31


def test_item_shields_are_pierced_like_any_shield() -> None:
    """§6.4/§6.7: a guard's Attack with Pierce 2 against Tower Shield (shield 2, chosen at the
    damage decision): the pierce cancels it, the damage stays; without pierce it takes 2 off."""
    for pierce, left in ((2, 4), (0, 2)):
        guard = f"attack 0 pierce {pierce}" if pierce else "attack 0"
        game = world((32,), guard=guard)
        game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+2"] * 20))
        d = _to(game, "damage")
        assert "take 4" in d.choices.texts()
        game.choose("item 32")
        d = game.decision
        assert d is not None and d.kind == "damage" and f"take {left}" in d.choices.texts(), pierce


def test_own_turn_items_are_offered_again_as_the_turn_ends() -> None:
    """ "During your turn" lasts to its end: after both actions a potion is still offered."""
    game = world((12,))
    game.state.figures["brute"].hp = 30
    d = _to(game, "item")
    acted = [e.args[1] for e in game.events if e.kind == "action" and e.args[0] == "brute"]
    assert len(acted) == 2 and d.choices.texts() == ["item 12", "pass"]
    game.choose("item 12")
    assert game.state.figures["brute"].hp == 33


def test_unstable_explosives_hurt_the_allies_inside_the_area() -> None:
    """Unstable Explosives: every placement of its area that hits both guards covers the ally
    between them, who suffers 3; a lone guard next to the ally can be hit sparing the ally."""
    game = world((60,), guards=((-1, 0), (0, 1)))
    _to(game, "attack", plan="shoot")
    game.choose("item 60")
    both = Choice("area", tuple(guard_ids(game)))
    assert game.decision is not None and both in game.decision.choices
    game.choose(both)
    d = game.decision
    assert d is not None and (d.actor, d.kind) == ("ally", "damage") and "take 3" in d.choices.texts()
    assert game.state.agenda[-1].text == "item"
    game = world((60,), guards=((-1, 2),))
    _to(game, "attack", plan="shoot")
    game.choose("item 60")
    game.choose(Choice("area", tuple(guard_ids(game))))
    assert not any(t.kind == "damage" and t.text == "item" for t in game.state.agenda)
    assert not any(e.kind == "damage" and e.args[2] == "item" for e in game.events)


def test_thiefs_hood_is_offered_before_a_loot_1() -> None:
    """Thief's Hood: before the Brute's Loot 1 the hood is offered; taken, the loot reaches 2."""
    game = world((109,))
    game.state.coins[(0, 2)] = 1  # two hexes away: only Loot 2 reaches it
    d = _to(game, "item")
    assert d.choices.texts() == ["item 109", "pass"]
    game.choose("item 109")
    assert any(e.kind == "looted" and e.args == ("brute", "coins=1") for e in game.events)
    assert game.state.characters["brute"].items[109] == "consumed"


def test_dampening_ring_is_asked_before_a_monster_consumes() -> None:
    """Dampening Ring: as the guards are about to consume fire, the Brute may spend the ring to
    consume it first (for nothing): the guard's attack stays 2; passing, the guard's +1 applies."""
    for answer, value in (("item 92", "value=2"), ("pass", "value=3")):
        game = world((92,), guard="attack 0 consume fire boost attack+1")
        game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
        d = _to(game, "item")
        assert d.choices.texts() == ["item 92", "pass"]
        game.choose(answer)
        drive(
            game,
            set(),
            "melee",
            until=lambda g: any(e.kind == "attack" and e.args[1] == "brute" for e in g.events),
        )
        hit = next(e for e in game.events if e.kind == "attack" and e.args[1] == "brute")
        assert hit.args[2] == value, answer
        assert any(e.kind == "consumed" and e.args == ("brute", "fire") for e in game.events) == (
            answer != "pass"
        )


def test_ring_of_haste_after_second_chance_ring_keeps_the_extra_turns_cards() -> None:
    """§13, items 70 and 42 used at the same turn end: the two cards played for the extra turn
    wait for it while the Ring of Haste's card is played; no card vanishes (sweep, issue 5)."""
    game = world((70, 42))
    drive(game, {70}, "melee", until=lambda g: used(g, 70))
    game.choose("select c1 c2")
    assert game.state.characters["brute"].selected == ["c1", "c2"]
    d = game.decision
    assert d is not None and d.kind == "item"
    game.choose(next(c for c in d.choices if c.kind == "item" and _item_number(c) == 42))
    d = game.decision
    assert d is not None and d.kind == "item-pick"
    game.choose("play c3")
    d = game.decision
    assert d is not None and d.kind == "action"
    assert {c.args[0] for c in d.choices if c.kind != "item"} == {"c3"}  # only the Ring of Haste's card
    assert not violations(game), violations(game)
    drive(
        game,
        set(),
        "melee",
        until=lambda g: (
            g.decision is not None
            and g.decision.kind == "action"
            and g.state.characters["brute"].selected == ["c1", "c2"]
        ),
    )
    ch = game.state.characters["brute"]
    assert "c3" in ch.discard + ch.lost + [a.card for a in ch.active]


def test_a_second_extra_turn_keeps_the_cards_waiting_for_the_first() -> None:
    """The Second Chance Ring used again (after a refresh) before its first extra turn: the
    two cards already waiting stay selected, two more join them, and two more turns come."""
    from delvekit.gloomhaven.items.passive import extra_turn

    game = world((70,))
    drive(game, {70}, "melee", until=lambda g: used(g, 70))
    game.choose("select c1 c2")
    extra_turn(game, "brute", "c3", "c4")
    ch = game.state.characters["brute"]
    assert ch.selected == ["c1", "c2", "c3", "c4"] and ch.lead == "c1"
    assert not violations(game), violations(game)
    later = [(t.id, t.initiative) for t in game.state.order[game.state.turn_index :]]
    assert ("brute", 61) in later and ("brute", 63) in later
    drive(game, set(), "melee", until=lambda g: not g.state.characters["brute"].selected)
    assert {"c1", "c2", "c3", "c4"} <= set(ch.discard + ch.lost + [a.card for a in ch.active])
