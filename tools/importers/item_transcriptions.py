"""The base game's 133 items: usage, trigger and effects, transcribed into delvekit's schema.

Only facts (numbers, keywords, conditions, elements, timing) are carried over, in our own
structured form; no card text. Sources, read with the search tool (docs/content.md, items):

* D: the Gloomhaven Item DB (heisch/gloomhaven-item-db, ``src/games/gh/items.json``): per item a
  ``spent`` or ``consumed`` flag, ``useSlots``, ``minusOneCardsAdded``, summon stats and the
  card's effect as text (read, not copied);
* G: Gloomhaven Secretariat's ``items.json`` (already imported): a ``spent`` flag that marks
  every item that is used up at all (spent *or* consumed; GHS has no consumed flag), ``slots``,
  ``minusOne`` and summon stats.

* T: a third item table found with the search tool (stored file 1628832713; the index does not
  name its repository): ``usage`` spend / consume / passive for items 1–151;
* C: a game that implements every item as code (stored files 45259057104, 57561779065,
  57644152726; repository not named by the index), read for spot checks only (:data:`C_CONFIRMED`:
  usage, use slots, −1 cards, effect, and the hexes of the five area items).

Usage (passive or not), use slots, −1 cards and summon stats are checked against both sources
by the importer (``build_pack.apply_items``); every disagreement is listed in docs/content.md.
Spent versus consumed is checked against T (D and T agree on 131 of 133 items). The trigger and
the effect rest on D, spot-checked against C; each item names its sources, the notes list doubts.
Area hexes are axial offsets; C's east / north-east / north-west are (1, 0), (1, -1), (0, -1).

An entry is ``number: (use, trigger, scope, effects, uses, note)``:

* ``use``: ``spent``, ``consumed`` or ``passive`` (no usage icon on the card);
* ``trigger``: when it may be used, one of :data:`delvekit.gloomhaven.content.schema.ITEM_TRIGGERS`;
* ``scope``: for attack riders, ``single`` (one attack) or ``entire`` (the whole attack action);
* ``effects``: structured abilities; where the wording is special, a ``custom`` ability whose
  value is a named effect id listed in docs/content.md for the engine to implement; numbers a
  named effect needs sit under it (``target`` = a count, ``range``, ``move`` ...);
* ``uses``: use slots printed on the card (0 for none);
* ``note``: a doubt, empty when none.
"""

from __future__ import annotations

from typing import Any

import msgspec

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, Item

D_G = "D (heisch/gloomhaven-item-db) effect; usage D+G+T (GHS items.json, item table)"


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _add(kind: str, value: int, *sub: CardAbility) -> CardAbility:
    """A bonus to the ability the item is used with (``+2 Move``)."""
    return _a(kind, value, *sub, mode="add")


def _named(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _count(n: int) -> CardAbility:
    """How many (cards, items, hexes) a named effect works on."""
    return _a("target", n)


def _cond(name: str, *sub: CardAbility) -> CardAbility:
    return _a("condition", name, *sub)


def _self() -> CardAbility:
    return _a("affects", "self")


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _consume(element: str, *gain: CardAbility) -> CardAbility:
    """Consume ``element`` to gain what is nested under it."""
    return _a("element", element, *gain, mode="consume")


def _heal_self(n: int) -> CardAbility:
    return _a("heal", n, _self())


def _area(*hexes: tuple[int, int, str]) -> CardAbility:
    """The attack becomes this area (axial offsets; ``active`` is the user, may be rotated)."""
    pattern = tuple(AreaHex(q=q, r=r, kind=k) for q, r, k in hexes)  # type: ignore[arg-type]
    return _named("set-attack-area", CardAbility(type="area", area=pattern))


Entry = tuple[str, str, str, tuple[CardAbility, ...], int, str]

ITEMS: dict[int, Entry] = {
    1: ("spent", "move", "", (_add("move", 2),), 0, ""),
    2: ("spent", "move", "", (_a("jump"),), 0, ""),
    3: ("spent", "damaged-by-attack", "", (_a("shield", 1),), 2, ""),
    4: ("spent", "attacked", "", (_named("attacker-disadvantage"),), 0, ""),
    5: ("consumed", "own-turn", "", (_cond("invisible", _self()),), 0, ""),
    6: ("spent", "attack", "entire", (_named("advantage"),), 0, ""),
    7: ("passive", "attacked", "", (_named("enemy-double-is-zero"),), 0, ""),
    8: ("spent", "damaged-by-attack", "", (_a("shield", 1),), 0, ""),
    9: ("consumed", "ranged-attack", "entire", (_named("ignore-shield"),), 0, ""),
    10: ("consumed", "melee-attack", "entire", (_cond("stun"),), 0, ""),
    11: ("spent", "melee-attack", "single", (_cond("poison"),), 0, ""),
    12: ("consumed", "own-turn", "", (_heal_self(3),), 0, ""),
    13: (
        "consumed", "own-turn", "", (_named("recover-discarded", _count(2)),), 0,
        "base card: two cards (D); C implements the later errata of one card",
    ),
    14: ("consumed", "attack", "entire", (_add("attack", 1),), 0, ""),
    15: ("spent", "round-start", "", (_named("initiative-shift", _count(10)),), 0, ""),
    16: ("passive", "always", "", (_named("extra-small-items", _count(2)),), 0, ""),
    17: ("consumed", "own-turn", "", (_a("refresh-item", "consumed-small", _count(1)),), 0, ""),
    18: (
        "consumed", "melee-attack", "single",
        (_area((0, 0, "active"), (1, 0, "target"), (1, -1, "target")),), 0, "",
    ),
    19: ("spent", "ranged-attack", "single", (_cond("immobilize"),), 0, ""),
    20: ("consumed", "own-turn", "", (_infuse("wild"),), 0, ""),
    21: ("consumed", "attack", "single", (_cond("stun"),), 0, ""),
    22: ("passive", "always", "", (_named("immune-forced-movement"),), 0, ""),
    23: (
        "spent", "damaged-by-attack", "", (_a("shield", 1),), 3,
        "",
    ),
    24: ("spent", "own-turn", "", (_heal_self(1),), 0, ""),
    25: ("spent", "melee-attack", "single", (_cond("wound"),), 0, ""),
    26: (
        "spent", "melee-attack", "single",
        (_area((0, 0, "active"), (1, 0, "target"), (2, 0, "target")),), 0, "",
    ),
    27: ("consumed", "own-turn", "", (_heal_self(5),), 0, ""),
    28: ("consumed", "own-turn", "", (_a("refresh-item", "spent-all"),), 0, ""),
    29: ("passive", "default-action", "", (_named("default-bottom-move", _a("move", 3)),), 0, ""),
    30: ("spent", "attacked", "", (_named("attacker-disadvantage"), _a("shield", 1)), 0, ""),
    31: ("spent", "ranged-attack", "entire", (_add("range", 1),), 0, ""),
    32: ("spent", "damaged-by-attack", "", (_a("shield", 2),), 0, ""),
    33: (
        "consumed", "ranged-attack", "single",
        (_area((0, 0, "target"), (1, 0, "target"), (1, -1, "target")),), 0, "",
    ),
    34: (
        "consumed", "own-turn", "", (_named("recover-discarded", _count(3)),), 0,
        "D's FAQ cites an errata (a later printing) of two cards; the base card says three",
    ),
    35: ("consumed", "own-turn", "", (), 0, "summon from the item's stat line (D and G agree)"),
    36: ("spent", "move", "", (_add("move", 3),), 0, ""),
    37: ("spent", "attack", "entire", (_consume("wild", _add("attack", 1)),), 0, ""),
    38: ("passive", "always", "", (_named("immune", _cond("stun"), _cond("muddle")),), 0, ""),
    39: ("spent", "ranged-attack", "entire", (_a("pull", 2),), 0, ""),
    40: ("passive", "default-action", "", (_named("default-top-attack", _a("attack", 3)),), 0, ""),
    41: ("consumed", "attack", "entire", (_add("attack", 2),), 0, ""),
    42: ("consumed", "end-of-turn", "", (_named("play-card-bottom"),), 0, ""),
    43: ("spent", "round-start", "", (_named("initiative-shift", _count(20)),), 0, ""),
    44: (
        "spent", "damaged-by-attack", "", (_a("shield", 1),), 4,
        "T and C: spent with four use slots; D and G mark no usage and no slots",
    ),
    45: (
        "consumed", "own-turn", "",
        (_a("refresh-item", "consumed-small", _count(2)), _cond("curse", _self())), 0, "",
    ),
    46: ("spent", "damaged-by-attack", "", (_a("shield", 1), _a("retaliate", 2)), 0, ""),
    47: (
        "consumed", "melee-attack", "single",
        (_area((0, 0, "active"), (1, 0, "target"), (1, -1, "target"), (0, -1, "target")),), 0, "",
    ),
    48: ("consumed", "own-turn", "", (_infuse("wild"), _infuse("wild")), 0, ""),
    49: ("consumed", "own-turn", "", (_a("refresh-item", "spent-all"), _heal_self(3)), 0, ""),
    50: (
        "passive", "end-of-turn", "",
        (_named("moved-at-most", _count(1), _a("shield", 1)),), 0,
        "shield lasts the round",
    ),
    51: ("consumed", "damaged-by-attack", "", (_named("negate-attack-damage"),), 0, ""),
    52: ("passive", "always", "", (_named("immune", _cond("poison"), _cond("wound")),), 0, ""),
    53: ("spent", "melee-attack", "single", (_cond("curse"),), 0, ""),
    54: ("spent", "ranged-attack", "entire", (_consume("wild", _add("attack", 1)),), 0, ""),
    55: ("consumed", "own-turn", "", (_heal_self(7),), 0, ""),
    56: ("consumed", "end-of-turn", "", (_named("play-card-top"),), 0, ""),
    57: ("passive", "default-action", "", (_named("default-bottom-move", _a("move", 4)),), 0, ""),
    58: ("passive", "always", "", (_a("flying"), _named("obstacle-invisible-no-attack")), 0, ""),
    59: ("spent", "ranged-attack", "entire", (_add("range", 2),), 0, ""),
    60: (
        "consumed", "ranged-attack", "single",
        (
            _area((0, 0, "target"), (1, 0, "target"), (1, -1, "target"), (2, -1, "target")),
            _named("allies-in-area-suffer", _a("suffer-damage", 3)),
        ),
        0, "",
    ),
    61: ("spent", "damaged-by-attack", "", (_a("shield", 4),), 0, ""),
    62: ("consumed", "attack", "single", (_cond("stun"), _cond("poison"), _cond("curse")), 0, ""),
    63: ("consumed", "own-turn", "", (_cond("strengthen", _a("affects", "self-allies-adjacent")),), 0, ""),
    64: ("spent", "move", "", (_add("move", 4),), 0, ""),
    65: ("spent", "damaged-by-attack", "", (_a("shield", 1),), 5, ""),
    66: ("passive", "melee-attack", "entire", (_a("push", 1),), 0, ""),
    67: ("passive", "default-action", "", (_named("default-top-attack", _a("attack", 4)),), 0, ""),
    68: ("passive", "melee-attack", "single", (_named("melee-reach", _a("range", 2)),), 0, ""),
    69: (
        "consumed", "own-turn", "",
        (_a("refresh-item", "spent-all"), _heal_self(3), _named("recover-discarded", _count(2))),
        0, "",
    ),
    70: ("consumed", "end-of-turn", "", (_named("extra-turn", _count(2)),), 0, ""),
    71: ("passive", "always", "", (_a("flying"),), 0, ""),
    72: ("passive", "end-of-turn", "", (_named("moved-at-least", _count(6), _a("xp", 1)),), 0, ""),
    73: ("consumed", "own-turn", "", (_a("move", 4, _a("jump")),), 0, ""),
    74: (
        "spent", "damaged-by-attack", "", (_a("shield", 1), _a("retaliate", 1)), 3,
        "",
    ),
    75: ("spent", "own-turn", "", (_consume("wild", _infuse("wild")),), 0, ""),
    76: (
        "passive", "always", "", (_named("adjacent-enemies-at-least", _count(3), _a("shield", 1)),),
        0, "",
    ),
    77: ("passive", "melee-attack", "single", (_consume("ice", _add("attack", 2)),), 0, ""),
    78: ("passive", "melee-attack", "single", (_consume("air", _add("attack", 2)),), 0, ""),
    79: ("passive", "melee-attack", "single", (_consume("fire", _add("attack", 2)),), 0, ""),
    80: ("passive", "melee-attack", "single", (_consume("earth", _add("attack", 2)),), 0, ""),
    81: ("passive", "melee-attack", "single", (_consume("light", _add("attack", 2)),), 0, ""),
    82: ("passive", "melee-attack", "single", (_consume("dark", _add("attack", 2)),), 0, ""),
    83: ("spent", "own-turn", "", (_infuse("ice"),), 0, ""),
    84: ("spent", "own-turn", "", (_infuse("air"),), 0, ""),
    85: ("spent", "own-turn", "", (_infuse("fire"),), 0, ""),
    86: ("spent", "own-turn", "", (_infuse("earth"),), 0, ""),
    87: ("spent", "own-turn", "", (_infuse("light"),), 0, ""),
    88: ("spent", "own-turn", "", (_infuse("dark"),), 0, ""),
    89: (
        "consumed", "own-turn", "", (_named("remove-negative-conditions", _count(1)),), 0,
        "usable while stunned",
    ),
    90: ("consumed", "own-turn", "", (_named("remove-negative-conditions"),), 0, "usable while stunned"),
    91: ("consumed", "damaged-by-attack", "", (_a("shield", 4),), 0, ""),
    92: ("consumed", "enemy-consumes-element", "", (_named("deny-element-consume"),), 0, ""),
    93: ("consumed", "ally-attack", "entire", (_add("attack", 1),), 0, ""),
    94: ("consumed", "own-turn", "", (_a("heal", 3, _a("range", 5)),), 0, ""),
    95: (
        "consumed", "own-turn", "",
        (_named("ally-recovers-discarded", _count(2), _a("range", 5)),), 0, "",
    ),
    96: ("spent", "move", "", (_add("move", 3), _a("jump")), 0, ""),
    97: ("passive", "end-of-turn", "", (_named("moved-at-least", _count(4), _heal_self(1)),), 0, ""),
    98: ("passive", "always", "", (_named("ignore-difficult-hazardous"),), 0, ""),
    99: ("passive", "always", "", (_named("ignore-hazardous", _heal_self(2)),), 0, ""),
    100: ("spent", "own-turn", "", (_a("heal", 2, _named("target-own-summon")),), 0, ""),
    101: ("passive", "always", "", (_named("remove-minus-one-modifiers", _count(2)),), 0, ""),
    102: (
        "spent", "ranged-attack", "entire",
        (_named("pay-damage", _a("suffer-damage", 3), _add("attack", 1)),), 0,
        "D and C: spent; T: consumed",
    ),
    103: ("passive", "always", "", (_named("immune", _cond("poison"), _cond("wound")),), 0, ""),
    104: (
        "consumed", "damaged-by-attack", "", (_a("shield", 1),), 5,
        "",
    ),
    105: ("passive", "always", "", (_named("focus-initiative", _count(99)),), 0, ""),
    106: ("passive", "kill", "", (_heal_self(1),), 0, ""),
    107: (
        "passive", "melee-attack", "single",
        (_named("moved-at-least", _count(4), _add("attack", 1)),), 0, "",
    ),
    108: ("passive", "condition-gained", "", (_named("muddle-becomes-strengthen"),), 0, ""),
    109: ("consumed", "loot", "", (_named("loot-upgrade", _a("loot", 2)),), 0, ""),
    110: (
        "passive", "attacked", "",
        (_named("if-element-strong", _infuse("earth"), _cond("immobilize", _named("target-attacker"))),),
        0, "the element is only checked, not consumed",
    ),
    111: (
        "passive", "attacked", "",
        (_named("if-element-strong", _infuse("ice"), _a("push", 2, _named("target-attacker"))),),
        0, "the element is only checked, not consumed",
    ),
    112: ("consumed", "melee-attack", "entire", (_add("attack", 2), _a("pierce", 2)), 0, ""),
    113: (
        "spent", "melee-attack", "single",
        (_named("versus-monsters", _add("attack", 5)),), 0,
        "only against living-corpse, living-spirit and living-bones",
    ),
    114: ("consumed", "ranged-attack", "entire", (_cond("poison"), _cond("muddle")), 0, ""),
    115: ("consumed", "own-turn", "", (), 0, "summon from the item's stat line (D and G agree)"),
    116: (
        "consumed", "melee-attack", "single",
        (_named("target-and-adjacent-enemies-suffer", _a("suffer-damage", 1)),), 0, "",
    ),
    117: (
        "spent", "melee-attack", "entire",
        (_named("pay-damage", _a("suffer-damage", 2), _add("attack", 1)),), 0, "",
    ),
    118: ("spent", "own-turn", "", (_infuse("wild"),), 0, ""),
    119: ("consumed", "own-turn", "", (_cond("curse", _a("affects", "enemies-adjacent")),), 0, ""),
    120: (
        "spent", "own-turn", "", (_named("control-own-summon", _a("range", 3), _a("move", 3)),), 0, "",
    ),
    121: ("passive", "own-turn", "", (_consume("dark", _infuse("light")),), 0, ""),
    122: ("passive", "own-turn", "", (_consume("light", _infuse("dark")),), 0, ""),
    123: ("consumed", "own-turn", "", (), 0, "summon from the item's stat line (D and G agree)"),
    124: (
        "consumed", "own-turn", "", (_named("control-enemy", _a("range", 5), _a("move", 2)),), 0, "",
    ),
    125: ("consumed", "own-turn", "", (_named("disarm-traps", _a("range", 2)),), 0, ""),
    126: ("consumed", "own-turn", "", (_cond("poison", _a("affects", "enemies-adjacent")),), 0, ""),
    127: ("consumed", "own-turn", "", (_a("loot", 1),), 0, ""),
    128: (
        "consumed", "own-turn", "",
        (_cond("muddle", _a("affects", "enemies-range", _a("range", 2))),), 0, "",
    ),
    129: ("consumed", "own-turn", "", (_named("mark-adjacent-enemy", _add("attack", 1)),), 0, ""),
    130: (
        "consumed", "own-turn", "", (_consume("light", _consume("dark", _heal_self(25))),), 0,
        "both light and dark are consumed",
    ),
    131: ("consumed", "attacked", "", (_named("redirect-attack"),), 0, "only by an adjacent normal enemy"),
    132: ("consumed", "own-turn", "", (), 0, "summon from the item's stat line (D and G agree)"),
    133: ("consumed", "own-turn", "", (_named("destroy-adjacent-obstacle"),), 0, ""),
}  # fmt: skip

#: Items whose usage and effect C's code confirms (spot checks, read with the search tool); for
#: the five area items C gives the hexes, matching the size D's pattern names give.
C_CONFIRMED: frozenset[int] = frozenset({1, 3, 6, 13, 18, 23, 26, 33, 44, 47, 50, 60, 102})

#: The summon items: their effect is one ``summon`` ability built from the item's stat line.
SUMMON_ITEMS: frozenset[int] = frozenset({35, 115, 123, 132})

#: T's usage of items 1–133, one letter each: s(pend), c(onsume), p(assive).
T_USAGE = (
    "sssscspsccscccspccsccpssssccpssscccsspspccsscscccpcpssccppscsccsspppccppcsspppppppsssssscc"
    "cccccspppspcpcppppcppcscccsscsppccccccccccc"
)
#: D's own usage flag where our choice differs from it (elsewhere D's flag is ours).
D_USAGE_DIFFERS: dict[int, str] = {44: "passive"}

#: −1 modifier cards each item adds, as D prints them (G's ``minusOne`` is compared against it).
D_MINUS_ONE: dict[int, int] = {3: 2, 22: 1, 23: 3, 38: 2, 44: 4, 50: 2, 65: 5, 74: 4, 76: 1}
#: Use slots as D prints them (``useSlots``); G's ``slots`` is compared against it.
D_USE_SLOTS: dict[int, int] = {3: 2, 65: 5}
#: Summon stats as D prints them: health, move, attack, range.
D_SUMMONS: dict[int, tuple[int, int, int, int]] = {
    35: (2, 3, 2, 0), 115: (4, 1, 3, 0), 123: (3, 2, 2, 0), 132: (5, 2, 3, 0),
}  # fmt: skip


def apply_items(items: list[Item]) -> tuple[list[Item], list[str]]:
    """Fill usage, trigger, scope and effects of the base-game items (GHS records ``items``).

    Returns the new items and one line per fact on which the sources disagree or only one
    speaks (for docs/content.md). Solo-scenario items are left as GHS has them."""
    out: list[Item] = []
    doubts: list[str] = []
    for item in items:
        entry = ITEMS.get(item.number)
        if entry is None or item.solo:
            out.append(item)
            continue
        use, trigger, scope, effects, uses, note = entry
        label = f"{item.number} {item.name}"
        g_used = item.use is not None and item.use != "passive"
        d_use = D_USAGE_DIFFERS.get(item.number, use)
        t_use = {"s": "spent", "c": "consumed", "p": "passive"}[T_USAGE[item.number - 1]]
        if g_used != (use != "passive") or d_use != use or t_use != use:
            g_text = "used up" if g_used else "passive"
            doubts.append(f"| {label} | usage | D: {d_use}; G: {g_text}; T: {t_use} | {use} |")
        g_minus = sum(1 for card in item.modifiers_added if card == "-1")
        if g_minus != D_MINUS_ONE.get(item.number, 0):
            doubts.append(f"| {label} | −1 cards | D: {D_MINUS_ONE.get(item.number, 0)}; G: {g_minus} | G |")
        d_slots = D_USE_SLOTS.get(item.number, 0)
        if item.uses != d_slots:
            doubts.append(f"| {label} | use slots | D: {d_slots}; G: {item.uses} | D |")
        if uses and uses != item.uses:
            doubts.append(f"| {label} | use slots | wording: {uses}; D and G fields: {item.uses} | {uses} |")
        if item.number in SUMMON_ITEMS:
            if item.summon is None:
                raise ValueError(f"item {label}: G has no summon stats")
            s = item.summon
            if (s.health, s.move, s.attack, s.range) != D_SUMMONS[item.number]:
                doubts.append(f"| {label} | summon | D: {D_SUMMONS[item.number]}; G: {s} | G |")
            effects = (CardAbility(type="summon", summon=s),)
        if note:
            doubts.append(f"| {label} | note | {note} | D |")
        out.append(
            msgspec.structs.replace(
                item,
                use=use,  # type: ignore[arg-type]
                uses=uses,
                trigger=trigger,
                scope=scope,
                effects=effects,
                note=note,
                source=D_G + ("; C confirms" if item.number in C_CONFIRMED else ""),
            )
        )
    missing = sorted(set(ITEMS) - {i.number for i in items})
    if missing:
        raise ValueError(f"items missing from the GHS data: {missing}")
    return out, doubts
