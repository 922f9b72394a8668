"""Items in play (rules digest §13, §2.7, §2.8): every base-game item used at its trigger.

An item is offered as an ordinary choice, ``item N`` (another character's item: ``item N OWNER``),
of the decision its owner is at when its trigger comes, so that people, bots and logs use items
the same way; where no decision is pending a small ``C item`` decision asks (``item N`` |
``pass``). Using an item applies its effects and marks it (event ``item-used C N STATE``):
``spent`` (a long rest or a refresh effect turns it back), ``consumed`` (out for the scenario
unless a refresh effect says otherwise), or one more use slot covered (the item is spent or
consumed with its last slot; use slots are mandatory whenever they apply, §13). Passive items
(no usage icon) act by themselves whenever their text applies. The "−1" cards of armour go into
the owner's deck at the start (§2.7, §2.8).

Where each trigger is offered (``trigger`` of :class:`~delvekit.gloomhaven.engine_setup.ItemSetup`):

=========================  ==================================================================
``own-turn``               at the ``C action`` decision (before either action): potions,
                           wands, scrolls, summons, refreshes, element tricks
``move``                   at the first step of a move (``C move``): +N move, jump
``attack`` / ``melee-`` /  at the ``C attack`` decision before the first target: bonuses,
``ranged-attack``          conditions, advantage, areas, reach; ``single``-scope riders ride
                           on the next target only, ``entire`` ones on every target
``ally-attack``            at another character's ``C attack`` decision (``item N OWNER``)
``attacked``               ``C item`` before a monster's modifier draw against you
``damaged-by-attack``      at your ``C damage`` decision for an attack (shields, negation);
                           items with use slots apply by themselves
``round-start``            ``C item`` after the cards are revealed (initiative ±N)
``end-of-turn``            ``C item`` at the end of your turn (play a card, an extra turn)
``default-action``         passive: the basic Attack 2 / Move 2 uses the item's value
``always`` / ``kill`` /    passive: immunities, flying, terrain, focus, shield while
``loot`` / ``condition-``  surrounded, a heal per kill, Loot 1 becomes Loot 2 (used the first
``gained`` / ``enemy-``    time a Loot 1 comes), muddle becomes strengthen, a Dampening Ring
``consumes-element``       spends itself on the first element a monster would consume
=========================  ==================================================================

Picks an item needs (an element for a wild infusion, a hex for a summon, cards to recover,
items to refresh, a summon or enemy to move) are ``C item-pick`` decisions.

>>> from delvekit.gloomhaven.engine_setup import ItemEffect, ItemSetup
>>> potion = ItemSetup(number=12, name="Minor Healing Potion", slot="small", use="consumed",
...     trigger="own-turn", effects=(ItemEffect(kind="heal", value=3),))
>>> unsupported(potion)
[]
>>> unsupported(ItemSetup(number=0, name="x", slot="small", effects=(ItemEffect(kind="teleport"),)))
['teleport']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import msgspec

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import effects
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.elements import Element
from delvekit.gloomhaven.engine_setup import CharacterSetup, GameSetup, ItemEffect, ItemSetup
from delvekit.gloomhaven.initiative import Actor, tie_groups
from delvekit.gloomhaven.modifiers import ModifierCard, parse_card
from delvekit.gloomhaven.state import Figure, Task, Turn

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine import Game

# ------------------------------------------------------------------ registry

NAMED: dict[str, str] = {
    "advantage": "attack: the attack gains advantage",
    "attacker-disadvantage": "attacked: the attacker gains disadvantage",
    "enemy-double-is-zero": "attacked (passive): a x2 the attacker draws counts as +0",
    "ignore-shield": "attack: the targets' shield is ignored",
    "recover-discarded": "own turn: recover up to N discarded cards",
    "ally-recovers-discarded": "own turn: an ally within range recovers up to N discarded cards",
    "initiative-shift": "round start: initiative N lower or higher",
    "extra-small-items": "equipment: N more small items (§2.7)",
    "set-attack-area": "attack: a single-target attack becomes the area",
    "allies-in-area-suffer": "attack: allies next to the targets suffer the damage",
    "immune-forced-movement": "passive: enemies cannot push or pull you",
    "immune": "passive: immune to the conditions",
    "default-bottom-move": "passive: the basic Move 2 is Move N",
    "default-top-attack": "passive: the basic Attack 2 is Attack N",
    "play-card-top": "end of turn: play a hand card's top action",
    "play-card-bottom": "end of turn: play a hand card's bottom action",
    "extra-turn": "end of turn: play two hand cards and take another turn at the new initiative",
    "moved-at-most": "end of turn (passive): moved at most N hexes: the nested effect",
    "moved-at-least": "end of turn or melee attack (passive): moved at least N hexes: the effect",
    "negate-attack-damage": "damaged by an attack: suffer none of it",
    "obstacle-invisible-no-attack": "passive: may end a move on an obstacle; there invisible, no attacks",
    "melee-reach": "melee attack: a single target within range N",
    "adjacent-enemies-at-least": "passive: next to at least N enemies: the nested shield",
    "remove-negative-conditions": "own turn: remove N (or all) negative conditions",
    "deny-element-consume": "a monster would consume an element: it is consumed for nothing",
    "target-own-summon": "the heal targets one of your summons",
    "remove-minus-one-modifiers": "start: N -1 cards leave your modifier deck",
    "pay-damage": "attack: suffer the damage to gain the bonus",
    "focus-initiative": "passive: monsters focus as if your initiative were N",
    "muddle-becomes-strengthen": "passive: gaining muddle gives strengthen",
    "loot-upgrade": "loot: a Loot 1 ability becomes Loot N",
    "if-element-strong": "attacked (passive): with the element strong, the effect on the attacker",
    "target-attacker": "the effect targets the attacker",
    "versus-monsters": "attack: the bonus against undead (living bones, corpse, spirit)",
    "target-and-adjacent-enemies-suffer": "attack: the target and enemies next to it suffer N",
    "control-own-summon": "own turn: a summon of yours within range performs the move",
    "control-enemy": "own turn: an enemy within range performs the move, you controlling it",
    "ignore-difficult-hazardous": "passive: difficult and hazardous terrain are normal to you",
    "ignore-hazardous": "passive: hazardous terrain heals you instead of hurting",
    "disarm-traps": "own turn: every trap within range is removed",
    "mark-adjacent-enemy": "own turn: your attacks on an adjacent normal or elite enemy gain +N",
    "destroy-adjacent-obstacle": "own turn: an adjacent obstacle is removed",
    "redirect-attack": "attacked by an adjacent normal enemy: it attacks one of its allies",
}
"""Every named item effect the engine performs, with where it acts (docs/content.md)."""

STRUCTURED: frozenset[str] = frozenset(
    {
        "attack", "move", "range", "pierce", "shield", "retaliate", "heal", "loot", "push", "pull",
        "jump", "flying", "condition", "element", "affects", "summon", "refresh-item", "target",
        "area", "suffer-damage", "xp", "health",
    }
)  # fmt: skip
"""Content ability types the engine reads in item effects."""

UNDEAD = frozenset({"living-bones", "living-corpse", "living-spirit"})
"""The monster types Skullbane Axe's bonus counts against (docs/content.md)."""

ATTACK_TRIGGERS = frozenset({"attack", "melee-attack", "ranged-attack"})


def _walk(effects_: Iterable[ItemEffect]) -> Iterator[ItemEffect]:
    for e in effects_:
        yield e
        yield from _walk(e.then)


def unsupported(item: ItemSetup) -> list[str]:
    """The effect kinds of ``item`` the engine cannot perform (empty for every base-game item)."""
    return unsupported_effects(item.effects)


def unsupported_effects(effects_: Iterable[ItemEffect]) -> list[str]:
    """The effect kinds among ``effects_`` (nested parts included) the engine cannot perform."""
    out = [e.kind for e in _walk(effects_) if e.kind not in STRUCTURED and e.kind not in NAMED]
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------ lookups

_ITEMS: dict[int, tuple[GameSetup, dict[str, dict[int, ItemSetup]]]] = {}


def _held(game: Game) -> dict[str, dict[int, ItemSetup]]:
    """Character id → item number → the item (cached per setup)."""
    setup = game.setup
    found = _ITEMS.get(id(setup))
    if found is None or found[0] is not setup:
        if len(_ITEMS) > 64:
            _ITEMS.clear()
        found = (setup, {ch.id: {i.number: i for i in ch.items} for ch in setup.party})
        _ITEMS[id(setup)] = found
    return found[1]


def items_of(game: Game, cid: str) -> dict[int, ItemSetup]:
    """The items character ``cid`` brought, by number."""
    return _held(game).get(cid, {})


def _ready(game: Game, cid: str, item: ItemSetup) -> bool:
    """Not spent or consumed (passive items always are)."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.exhausted or cid not in game.state.figures:
        return False
    return ch.items.get(item.number, "unused") == "unused"


def _with(game: Game, cid: str, kind: str) -> list[ItemSetup]:
    """Ready items of ``cid`` with an effect ``kind`` anywhere in them."""
    return [
        i
        for i in items_of(game, cid).values()
        if _ready(game, cid, i) and any(e.kind == kind for e in _walk(i.effects))
    ]


def _sub(e: ItemEffect, kind: str) -> ItemEffect | None:
    return next((s for s in e.then if s.kind == kind), None)


def _sub_value(e: ItemEffect, kind: str, default: int = 0) -> int:
    s = _sub(e, kind)
    return s.value if s is not None else default


def mark_used(game: Game, cid: str, item: ItemSetup) -> None:
    """The item was used: one more use slot, or spent / consumed (§13); passive items only say so."""
    ch = game.state.characters[cid]
    state = "passive"
    if item.use in ("spent", "consumed"):
        state = "unused"
        if item.uses:
            ch.item_uses[item.number] = ch.item_uses.get(item.number, 0) + 1
            if ch.item_uses[item.number] >= item.uses:
                state = item.use
        else:
            state = item.use
        ch.items[item.number] = state  # type: ignore[assignment]  # unused/spent/consumed
    game._emit("item-used", cid, item.number, state)


def refresh(game: Game, cid: str, number: int) -> bool:
    """Refresh item ``number`` of ``cid`` (unused again, use slots cleared); ``False`` if it was
    not spent or consumed. What Tinkerer-style "refresh an item" effects call."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.items.get(number) not in ("spent", "consumed"):
        return False
    ch.items[number] = "unused"
    ch.item_uses.pop(number, None)
    game._emit("item-refreshed", cid, number)
    return True


def refresh_spent(game: Game, cid: str) -> None:
    """A long rest refreshes every spent item (§4.2), not consumed ones."""
    ch = game.state.characters.get(cid)
    if ch is None:
        return
    for number, state in sorted(ch.items.items()):
        if state == "spent":
            refresh(game, cid, number)


def _add_mark(game: Game, cid: str, mark: str) -> None:
    ch = game.state.characters[cid]
    ch.item_marks = (*ch.item_marks, mark)


def _marks(game: Game, cid: str, prefix: str) -> list[str]:
    ch = game.state.characters.get(cid)
    return [m for m in ch.item_marks if m.startswith(prefix)] if ch is not None else []


def _drop_marks(game: Game, cid: str, prefix: str) -> None:
    ch = game.state.characters.get(cid)
    if ch is not None:
        ch.item_marks = tuple(m for m in ch.item_marks if not m.startswith(prefix))


# ------------------------------------------------------------------ setup


def start_deck(ch: CharacterSetup, deck: tuple[ModifierCard, ...]) -> tuple[ModifierCard, ...]:
    """The owner's modifier deck with its items' "−1" cards added (§2.7) and those Second Skin
    takes out removed."""
    deck = (*deck, *(parse_card("-1") for i in ch.items for _ in range(i.minus_ones)))
    remove = sum(
        _sub_value(e, "target") for i in ch.items for e in i.effects if e.kind == "remove-minus-one-modifiers"
    )
    out: list[ModifierCard] = []
    for card in reversed(deck):
        if remove and str(card) == "-1":
            remove -= 1
            continue
        out.append(card)
    return tuple(reversed(out))


def start(game: Game) -> None:
    """Items at the start of the scenario: every item unused, immunities of passive items."""
    st = game.state
    for ch in game.setup.party:
        st.characters[ch.id].items = {item.number: "unused" for item in ch.items}
        immune = {
            Condition.parse(s.arg)
            for i in ch.items
            for e in i.effects
            if e.kind == "immune"
            for s in e.then
            if s.kind == "condition"
        }
        f = st.figures.get(ch.id)
        if immune and f is not None:
            f.immune = f.immune | frozenset(immune)


# ------------------------------------------------------------------ choices


def _choice(item: ItemSetup, owner: str | None = None) -> Choice:
    return Choice("item", (str(item.number),) if owner is None else (str(item.number), owner))


def _find(game: Game, choice: Choice, default_owner: str) -> tuple[str, ItemSetup]:
    owner = (
        choice.args[1]
        if len(choice.args) > 1 and not choice.args[1].lstrip("+-").isdigit()
        else default_owner
    )
    return owner, items_of(game, owner)[int(choice.args[0])]


def _elements_ok(game: Game, e: ItemEffect) -> bool:
    """Elements an effect consumes are available (wild: any one)."""
    if e.kind == "element" and e.mode == "consume":
        els = game.state.elements
        if e.arg == "wild":
            return bool(els.consumable())
        if not els.can_consume(Element(e.arg)):
            return False
    return all(_elements_ok(game, s) for s in e.then if s.kind == "element")


def _own_summons(game: Game, cid: str) -> list[Figure]:
    return [f for f in game.state.figures.values() if f.kind == "summon" and f.owner == cid]


def _hostile(a: Figure, b: Figure) -> bool:
    return (a.kind == "monster") != (b.kind == "monster")


def _adjacent(game: Game, f: Figure, *, enemies: bool) -> list[Figure]:
    board = game.board()
    if board is None:
        return []
    return [
        g
        for g in game.state.figures.values()
        if g is not f and _hostile(f, g) == enemies and board.adjacent(f.hex, g.hex)
    ]


def _within(game: Game, f: Figure, reach: int, candidates: Iterable[Figure]) -> list[Figure]:
    """Figures within ``reach`` hexes (around walls) and in sight of ``f``."""
    board = game.board()
    if board is None:
        return []
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game._static.ruleset.los)
    return [
        g
        for g in candidates
        if near.get(g.hex, reach + 1) <= reach and (g is f or sight.visible(f.hex, g.hex))
    ]


def _free_adjacent(game: Game, f: Figure) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    taken = {g.hex for g in game.state.figures.values()}
    return sorted(
        h
        for h in neighbours(f.hex)
        if h in board.hexes
        and board.adjacent(f.hex, h)
        and board.terrain_at(h) is None
        and h not in board.doors
        and h not in taken
    )


def _adjacent_obstacles(game: Game, f: Figure) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    return sorted(
        h for h in neighbours(f.hex) if board.adjacent(f.hex, h) and board.terrain_at(h) is Terrain.OBSTACLE
    )


def _traps_within(game: Game, f: Figure, reach: int) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    near = proximity(board, f.hex, reach)
    return sorted(h for h, d in near.items() if d <= reach and board.terrain_at(h) is Terrain.TRAP)


def _negatives(f: Figure) -> list[Condition]:
    return [c for c in f.conditions if c.negative]


def _performable(game: Game, cid: str, item: ItemSetup) -> bool:
    """Whether an own-turn item would do something now (the engine offers only those)."""
    f = game.state.figures[cid]
    ch = game.state.characters[cid]
    for e in item.effects:
        if not _elements_ok(game, e):
            return False
        k = e.kind
        if k == "summon" and not _free_adjacent(game, f):
            return False
        if k == "heal" and _sub(e, "target-own-summon") and not _own_summons(game, cid):
            return False
        if k == "recover-discarded" and not ch.discard and item.effects[0] is e:
            return False
        if k == "refresh-item" and len(item.effects) == 1:
            wanted = "spent" if e.arg == "spent-all" else "consumed"
            others = [n for n, s in ch.items.items() if s == wanted and n != item.number]
            if e.arg == "consumed-small":
                others = [n for n in others if items_of(game, cid)[n].slot == "small"]
            if not others:
                return False
        if k == "control-own-summon" and not _within(
            game, f, _sub_value(e, "range", 1), _own_summons(game, cid)
        ):
            return False
        if k == "control-enemy" and not _enemies_within(game, f, _sub_value(e, "range", 1)):
            return False
        if k == "mark-adjacent-enemy" and not _markable(game, f):
            return False
        if k == "destroy-adjacent-obstacle" and not _adjacent_obstacles(game, f):
            return False
        if k == "disarm-traps" and not _traps_within(game, f, _sub_value(e, "range", 1)):
            return False
        if k == "remove-negative-conditions" and not _negatives(f):
            return False
        if k == "ally-recovers-discarded" and not _recovering_allies(game, f, e):
            return False
    return True


def _enemies_within(game: Game, f: Figure, reach: int) -> list[Figure]:
    enemies = [
        g for g in game.state.figures.values() if _hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    return _within(game, f, reach, enemies)


def _markable(game: Game, f: Figure) -> list[Figure]:
    return [g for g in _adjacent(game, f, enemies=True) if g.rank in ("normal", "elite")]


def _recovering_allies(game: Game, f: Figure, e: ItemEffect) -> list[Figure]:
    allies = [
        g
        for g in game.state.figures.values()
        if g.kind == "character" and g is not f and game.state.characters[g.id].discard
    ]
    return _within(game, f, _sub_value(e, "range", 1), allies)


def own_turn_choices(game: Game, cid: str) -> list[Choice]:
    """``item N`` for each own-turn item ``cid`` can use now (at its ``action`` decision)."""
    out: list[Choice] = []
    for item in items_of(game, cid).values():
        if item.trigger == "own-turn" and _ready(game, cid, item) and _performable(game, cid, item):
            out.append(_choice(item))
    return out


def use_own_turn(game: Game, cid: str, choice: Choice) -> None:
    """Use an own-turn item; the decision it was chosen at stays pending (it comes back)."""
    _, item = _find(game, choice, cid)
    mark_used(game, cid, item)
    steps: list[Task] = []
    for path, e in enumerate(item.effects):
        steps += _perform(game, cid, item, e, str(path))
    game._push(*steps)


def _path_effect(item: ItemSetup, path: str) -> ItemEffect:
    parts = [int(p) for p in path.split(".")]
    e = item.effects[parts[0]]
    for p in parts[1:]:
        e = e.then[p]
    return e


def _pick(cid: str, item: ItemSetup, kind: str, options: Iterable[str], path: str, count: int = 1) -> Task:
    return Task("item_pick", cid, item.number, f"{kind}|{';'.join(options)}|{path}|{count}")


def _perform(game: Game, cid: str, item: ItemSetup, e: ItemEffect, path: str) -> list[Task]:
    """Perform one effect of an item used on its owner's turn; picks become ``item_pick`` tasks
    (returned, to run in order)."""
    st = game.state
    f = st.figures.get(cid)
    if f is None:
        return []
    k = e.kind
    if k == "heal":
        if _sub(e, "target-own-summon") is not None:
            return [_pick(cid, item, "heal", sorted(s.id for s in _own_summons(game, cid)), path)]
        reach = _sub_value(e, "range")
        if reach:
            return [Task("heal_ally", cid, e.value, str(reach))]
        game.heal(cid, e.value)
    elif k == "condition":
        who = _sub(e, "affects")
        targets = _affected(game, f, who.arg if who is not None else "self", who)
        for t in targets:
            _give(game, t, e.arg)
    elif k == "element" and e.mode == "infuse":
        if e.arg == "wild":
            return [_pick(cid, item, "infuse", (x.value for x in Element), path)]
        game.infuse(Element(e.arg))
    elif k == "element" and e.mode == "consume":
        if e.arg == "wild":
            return [_pick(cid, item, "consume", (x.value for x in st.elements.consumable()), path)]
        _consume(game, cid, Element(e.arg))
        tasks: list[Task] = []
        for n, s in enumerate(e.then):
            tasks += _perform(game, cid, item, s, f"{path}.{n}")
        return tasks
    elif k == "refresh-item":
        ch = st.characters[cid]
        if e.arg == "spent-all":
            for number, state in sorted(ch.items.items()):
                if state == "spent" and number != item.number:
                    refresh(game, cid, number)
        else:
            options = [str(n) for n, s in sorted(ch.items.items()) if s == "consumed" and n != item.number]
            options = [n for n in options if items_of(game, cid)[int(n)].slot == "small"]
            if options:
                return [_pick(cid, item, "refresh", options, path, _sub_value(e, "target", 1))]
    elif k == "recover-discarded":
        ch = st.characters[cid]
        if ch.discard:
            return [_pick(cid, item, "recover", ch.discard, path, _sub_value(e, "target", 1))]
    elif k == "ally-recovers-discarded":
        allies = _recovering_allies(game, f, e)
        return [_pick(cid, item, "ally", sorted(g.id for g in allies), path)]
    elif k == "summon":
        return [_pick(cid, item, "summon-at", (f"{q},{r}" for q, r in _free_adjacent(game, f)), path)]
    elif k == "move":
        mode = "jump" if _sub(e, "jump") is not None else "walk"
        if Condition.IMMOBILIZE in f.conditions:
            game._emit("prevented", cid, "move", "immobilize")
            return []
        return [Task("move", cid, e.value, f"0/{mode}/s")]
    elif k == "loot":
        from delvekit.gloomhaven import engine_actions

        if game.board() is not None:
            engine_actions.loot(game, f, e.value)
    elif k == "remove-negative-conditions":
        bad = _negatives(f)
        limit = e.then[0].value if e.then else len(bad)
        if limit >= len(bad):
            for c in bad:
                f.conditions.remove(c)
                game._emit("condition-ended", cid, c.value, "item")
        else:
            return [_pick(cid, item, "cure", (c.value for c in bad), path, limit)]
    elif k == "control-own-summon":
        summons = _within(game, f, _sub_value(e, "range", 1), _own_summons(game, cid))
        return [_pick(cid, item, "summon", sorted(s.id for s in summons), path)]
    elif k == "control-enemy":
        enemies = _enemies_within(game, f, _sub_value(e, "range", 1))
        return [_pick(cid, item, "control", sorted(g.id for g in enemies), path)]
    elif k == "disarm-traps":
        for h in _traps_within(game, f, _sub_value(e, "range", 1)):
            st.sprung = st.sprung | {h}
            st.created_traps.pop(h, None)
            game._emit("trap-disarmed", cid, f"{h[0]},{h[1]}")
    elif k == "mark-adjacent-enemy":
        return [_pick(cid, item, "mark", sorted(g.id for g in _markable(game, f)), path)]
    elif k == "destroy-adjacent-obstacle":
        return [_pick(cid, item, "obstacle", (f"{q},{r}" for q, r in _adjacent_obstacles(game, f)), path)]
    return []


def _affected(game: Game, f: Figure, who: str, e: ItemEffect | None) -> list[Figure]:
    if who == "self":
        return [f]
    if who == "enemies-adjacent":
        return _adjacent(game, f, enemies=True)
    if who == "self-allies-adjacent":
        return [f, *_adjacent(game, f, enemies=False)]
    if who == "enemies-range" and e is not None:
        return _enemies_within(game, f, _sub_value(e, "range", 1))
    return [f]


def _give(game: Game, target: Figure, name: str) -> None:
    if name in ("bless", "curse"):
        game.add_modifier_card(target.id, name)
    else:
        game.add_condition(target.id, Condition.parse(name))


def _consume(game: Game, cid: str, element: Element) -> None:
    game.state.elements.consume(element)
    game._emit("consumed", cid, element.value)


# ------------------------------------------------------------------ picks

_PICK_WORD = {
    "heal": "heal", "infuse": "infuse", "consume": "consume", "refresh": "refresh",
    "recover": "recover", "ally": "ally", "summon-at": "summon-at", "cure": "cure",
    "summon": "move-summon", "control": "control", "mark": "mark", "obstacle": "destroy",
    "ally-recover": "recover", "play": "play", "turn": "select", "redirect": "target",
    "consume-only": "consume",
}  # fmt: skip
_OPTIONAL = frozenset({"refresh", "recover", "ally-recover", "cure"})
"""Picks of "up to N": ``done`` ends them early."""


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, options, _, count = task.text.split("|")
    opts = [o for o in options.split(";") if o]
    if kind == "turn":
        hand = [o for o in opts if o in game.state.characters[task.who].hand]
        choices = [Choice("select", (a, b)) for a in hand for b in hand if a != b]
    else:
        choices = [Choice(_PICK_WORD[kind], (o,)) for o in opts]
    if not choices or int(count) <= 0 or task.who not in game.state.figures:
        game._pop()
        return None
    if kind in _OPTIONAL:
        choices.append(Choice("done"))
    return Decision(task.who, "item-pick", choices)  # an ally recovering its cards decides itself


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    kind, options, path, count = task.text.split("|")
    if choice.kind == "done":
        return
    st = game.state
    owner = task.who if kind != "ally-recover" else path.split("@")[1]
    item = items_of(game, owner)[task.n]
    picked = choice.args[0]
    rest = [o for o in options.split(";") if o and o != picked]
    more = int(count) - 1
    if kind in _OPTIONAL and more > 0 and rest:
        game._push(Task("item_pick", task.who, task.n, f"{kind}|{';'.join(rest)}|{path}|{more}"))
    if kind == "heal":
        game.heal(picked, _path_effect(item, path).value)
    elif kind == "infuse":
        game.infuse(Element(picked))
    elif kind == "consume":
        _consume(game, task.who, Element(picked))
        e = _path_effect(item, path)
        steps: list[Task] = []
        for n, s in enumerate(e.then):
            steps += _perform(game, task.who, item, s, f"{path}.{n}")
        game._push(*steps)
    elif kind == "consume-only":  # an attack item's price; its bonus rides on the attack
        _consume(game, task.who, Element(picked))
    elif kind == "refresh":
        refresh(game, task.who, int(picked))
    elif kind in ("recover", "ally-recover"):
        ch = st.characters[task.who]
        ch.discard.remove(picked)
        ch.hand.append(picked)
        game._emit("recovered-card", task.who, picked)
    elif kind == "ally":
        e = _path_effect(item, path)
        cards = st.characters[picked].discard
        game._push(
            Task(
                "item_pick",
                picked,
                task.n,
                f"ally-recover|{';'.join(cards)}|{path}@{owner}|{_sub_value(e, 'target', 1)}",
            )
        )
    elif kind == "summon-at":
        e = _path_effect(item, path)
        q, r = (int(x) for x in picked.split(","))
        game.summon(
            task.who,
            e.arg.lower().replace(" ", "-"),
            _sub_value(e, "health", 1),
            (q, r),
            move=_sub_value(e, "move"),
            attack=_sub_value(e, "attack"),
            range=_sub_value(e, "range"),
        )
    elif kind == "cure":
        f = st.figures[task.who]
        f.conditions.remove(Condition.parse(picked))
        game._emit("condition-ended", task.who, picked, "item")
    elif kind in ("summon", "control"):
        e = _path_effect(item, path)
        moved = st.figures.get(picked)
        if moved is not None:
            if kind == "control":
                game._emit("controlled", picked, f"by={task.who}")
            if Condition.IMMOBILIZE in moved.conditions:
                game._emit("prevented", picked, "move", "immobilize")
            else:
                game._push(Task("move", picked, _sub_value(e, "move"), "0/walk/s"))
    elif kind == "mark":
        e = _path_effect(item, path)
        _add_mark(game, task.who, f"mark={picked}+{_sub_value(e, 'attack', 1)}")
        game._emit("marked", picked, f"by={task.who}")
    elif kind == "obstacle":
        q, r = (int(x) for x in picked.split(","))
        st.sprung = st.sprung | {(q, r)}
        game._emit("obstacle-destroyed", task.who, picked)
    elif kind == "play":
        _play_half(game, task.who, picked, path)
    elif kind == "turn":
        _extra_turn(game, task.who, choice.args[0], choice.args[1])
    elif kind == "redirect":
        _redirect(game, picked)


# ------------------------------------------------------------------ move


def move_choices(game: Game, f: Figure, task: Task) -> list[Choice]:
    """Move items at the first step of a character's own move."""
    if f.kind != "character" or task.n <= 0 or not task.text.endswith("/s"):
        return []
    jumping = task.text.split("/")[1] == "jump"
    out = []
    for item in items_of(game, f.id).values():
        if item.trigger != "move" or not _ready(game, f.id, item):
            continue
        adds = any(e.kind == "move" for e in item.effects)
        if adds or not jumping:
            out.append(_choice(item))
    return out


def use_in_move(game: Game, task: Task, choice: Choice) -> None:
    _, item = _find(game, choice, task.who)
    mark_used(game, task.who, item)
    rng, mode, moved = task.text.split("/")
    n = task.n + sum(e.value for e in item.effects if e.kind == "move")
    if any(e.kind == "jump" for e in item.effects):
        mode = "jump"
    game._pop()
    game._push(Task("move", task.who, n, f"{rng}/{mode}/{moved}"))


# ------------------------------------------------------------------ attack


def _token(owner: str, item: ItemSetup) -> str:
    return f"{'it1' if item.scope == 'single' else 'it'}={owner}@{item.number}"


def _applied(extras: str) -> set[str]:
    return {t.split("=", 1)[1] for t in extras.split(",") if t.startswith(("it=", "it1="))}


def attack_choices(game: Game, f: Figure, ability: Ability, done: list[str], extras: str) -> list[Choice]:
    """Attack items at a character's ``attack`` decision, before its first target: its own
    (matching melee or ranged) and allies' "during an ally's attack" items."""
    if f.kind != "character" or done or "allies" in extras.split(","):
        return []
    ranged = ability.range > 0 and "melee" not in extras.split(",")
    trigger = "ranged-attack" if ranged else "melee-attack"
    applied = _applied(extras)
    out: list[Choice] = []
    for owner, held in _held(game).items():
        for item in held.values():
            if f"{owner}@{item.number}" in applied or not _ready(game, owner, item):
                continue
            if owner == f.id and item.trigger in ("attack", trigger) and _rider_ok(game, item, ability):
                if item.use != "passive" or _needs_choice(item):
                    out.append(_choice(item))
            elif owner != f.id and item.trigger == "ally-attack":
                out.append(_choice(item, owner))
    return out


def _needs_choice(item: ItemSetup) -> bool:
    """Passive attack items with a cost or a change of targeting are chosen; the others act alone."""
    return any(
        (e.kind == "element" and e.mode == "consume") or e.kind in ("melee-reach", "set-attack-area")
        for e in item.effects
    )


def _rider_ok(game: Game, item: ItemSetup, ability: Ability) -> bool:
    for e in item.effects:
        if not _elements_ok(game, e):
            return False
        if e.kind in ("set-attack-area", "melee-reach") and (ability.area or ability.targets != 1):
            return False
    return True


def use_in_attack(game: Game, task: Task, choice: Choice) -> None:
    """Apply an attack item to the pending attack (before any modifier is drawn)."""
    owner, item = _find(game, choice, task.who)
    mark_used(game, owner, item)
    text, done = task.text.split("|")[:2]
    parts = task.text.split("|")
    extras = [t for t in (parts[2] if len(parts) > 2 else "").split(",") if t]
    ability = Ability.parse(text)
    extras.append(_token(owner, item))
    picks: list[Task] = []
    paid = 0
    for path, e in enumerate(item.effects):
        if e.kind == "range":
            ability = msgspec.structs.replace(ability, range=ability.range + e.value)
        elif e.kind == "set-attack-area":
            area = _sub(e, "area")
            if area is not None:
                ability = msgspec.structs.replace(ability, area=area.area)
        elif e.kind == "melee-reach":
            ability = msgspec.structs.replace(ability, range=max(ability.range, _sub_value(e, "range", 1)))
            extras.append("melee")
        elif e.kind == "element" and e.mode == "consume":
            if e.arg == "wild":
                picks.append(
                    _pick(
                        owner,
                        item,
                        "consume-only",
                        (x.value for x in game.state.elements.consumable()),
                        str(path),
                    )
                )
            else:
                _consume(game, owner, Element(e.arg))
        elif e.kind == "pay-damage":
            paid += _sub_value(e, "suffer-damage")
    game._pop()
    game._push(Task("attack", task.who, task.n, f"{ability}|{done}|{','.join(extras)}"))
    game._push(*picks)
    if paid:
        game.suffer_damage(owner, paid, "item")


def strike_tails(tail: str, hits: int) -> tuple[str, list[str]]:
    """(the follow-up attack's tail, each strike's tail): a single-scope item rides on the first
    strike only and leaves the attack after it."""
    if "it1=" not in tail:
        return tail, [tail] * hits
    kept = [t for t in tail.lstrip("|").split(",") if not t.startswith("it1=")]
    rest = f"|{','.join(kept)}" if kept else ""
    return rest, [tail] + [rest] * (hits - 1)


class Rider(msgspec.Struct):
    """What items add to one strike."""

    attack: int = 0
    pierce: int = 0
    advantage: bool = False
    ignore_shield: bool = False
    melee: bool = False
    adds: tuple[str, ...] = ()
    push: int = 0
    pull: int = 0
    splash: int = 0
    """Damage the target and the enemies next to it suffer (Fueled Falchion)."""
    allies_suffer: int = 0


def strike(game: Game, f: Figure, target: Figure, ability: Ability, extras: str) -> Rider:
    """Item riders on one strike of a character: the items used for this attack (tokens in the
    attack's extras) and passive ones (Mask of Terror, Horned Helm, a Black Card's mark)."""
    out = Rider()
    if f.kind != "character":
        return out
    tokens = extras.split(",")
    out.melee = "melee" in tokens
    melee = ability.range == 0 or out.melee
    used: list[tuple[str, ItemSetup]] = []
    for t in tokens:
        if t.startswith(("it=", "it1=")):
            owner, num = t.split("=", 1)[1].split("@")
            found = items_of(game, owner).get(int(num))
            if found is not None:
                used.append((owner, found))
    for number, item in items_of(game, f.id).items():
        passive = item.use == "passive" and item.trigger == "melee-attack" and not _needs_choice(item)
        if passive and melee and _passive_rider(game, f, item, out):
            game._emit("item-used", f.id, number, "passive")
    for _, item in used:
        for e in item.effects:
            _rider(game, f, target, e, out)
    for mark in _marks(game, f.id, "mark="):
        who, bonus = mark.removeprefix("mark=").split("+")
        if who == target.id:
            out.attack += int(bonus)
    return out


def _passive_rider(game: Game, f: Figure, item: ItemSetup, out: Rider) -> bool:
    acted = False
    for e in item.effects:
        if e.kind == "push":
            out.push += e.value
            acted = True
        elif e.kind == "moved-at-least" and moved_this_turn(game, f.id) >= _sub_value(e, "target"):
            out.attack += _sub_value(e, "attack")
            acted = True
    return acted


def _rider(game: Game, f: Figure, target: Figure, e: ItemEffect, out: Rider) -> None:
    k = e.kind
    if k == "attack":
        out.attack += e.value
    elif k == "pierce":
        out.pierce += e.value
    elif k == "condition":
        out.adds = (*out.adds, e.arg)
    elif k == "push":
        out.push += e.value
    elif k == "pull":
        out.pull += e.value
    elif k == "advantage":
        out.advantage = True
    elif k == "ignore-shield":
        out.ignore_shield = True
    elif (
        (k == "element" and e.mode == "consume")
        or k == "pay-damage"
        or (k == "versus-monsters" and target.name in UNDEAD)
    ):
        for s in e.then:
            _rider(game, f, target, s, out)
    elif k == "target-and-adjacent-enemies-suffer":
        out.splash += _sub_value(e, "suffer-damage")
    elif k == "allies-in-area-suffer":
        out.allies_suffer = max(out.allies_suffer, _sub_value(e, "suffer-damage"))


def ridden(ability: Ability, rider: Rider) -> Ability:
    """The strike's ability with the riders' pierce, conditions, curses, push and pull; ignoring
    shield is unlimited pierce; a melee attack with reach (Halberd) strikes as melee."""
    if not (rider.pierce or rider.adds or rider.push or rider.pull or rider.ignore_shield or rider.melee):
        return ability
    adds = [*ability.adds, *(Condition.parse(a) for a in rider.adds if a not in ("bless", "curse"))]
    cards = [*ability.card_adds, *(a for a in rider.adds if a in ("bless", "curse"))]
    return msgspec.structs.replace(
        ability,
        pierce=ability.pierce + rider.pierce + (IGNORE_SHIELD if rider.ignore_shield else 0),
        adds=tuple(dict.fromkeys(adds)),
        card_adds=tuple(cards),  # bless or curse only
        push=ability.push + rider.push,
        pull=ability.pull + rider.pull,
        range=0 if rider.melee else ability.range,
    )


IGNORE_SHIELD = 1000
"""Pierce that stands for "ignore the target's shield" (Piercing Bow)."""


def after_strike(game: Game, f: Figure, rider: Rider, target_hex: Hex) -> None:
    """Damage riders after the strike: the target and the enemies next to it (Fueled Falchion);
    the attacker's allies next to the target hex (Unstable Explosives' blast)."""
    board = game.board()
    if board is None:
        return
    if rider.splash:
        near = [
            g
            for g in game.state.figures.values()
            if _hostile(f, g) and (g.hex == target_hex or board.adjacent(g.hex, target_hex))
        ]
        for g in sorted(near, key=lambda g: g.id):
            game.suffer_damage(g.id, rider.splash, "item")
    if rider.allies_suffer:
        near = [
            g
            for g in game.state.figures.values()
            if g is not f and not _hostile(f, g) and board.adjacent(g.hex, target_hex)
        ]
        for g in sorted(near, key=lambda g: g.id):
            game.suffer_damage(g.id, rider.allies_suffer, "item")


# ------------------------------------------------------------------ attacked


def attacked(game: Game, attacker: Figure, target: Figure, task: Task) -> bool:
    """A monster is about to draw against a character with items: the first time for this
    attack, queue the ``attacked`` items (and their clean-up after the attack) before it, and
    return ``True`` (the attack task was put back to run after them)."""
    if target.kind != "character" or not items_of(game, target.id):
        return False
    key = f"atk={attacker.id}/{task.n}/{task.text}"
    if key in game.state.characters[target.id].item_marks:
        return False
    _drop_marks(game, target.id, "atk")
    _add_mark(game, target.id, key)
    game._push(
        Task("item_guard", target.id, 0, attacker.id),
        Task(task.kind, task.who, task.n, task.text),
        Task("item_attack_end", target.id),
    )
    return True


def _run_guard(game: Game, task: Task) -> Decision | None:
    st = game.state
    cid = task.who
    attacker = st.figures.get(task.text)
    if attacker is None or cid not in st.figures:
        game._pop()
        return None
    if task.n == 0:
        game._pop()
        game._push(Task("item_guard", cid, 1, task.text))
        _passive_attacked(game, cid, attacker)
        return None
    choices = [
        _choice(item)
        for item in items_of(game, cid).values()
        if item.trigger == "attacked"
        and item.use != "passive"
        and _ready(game, cid, item)
        and _guard_ok(game, cid, item, attacker)
    ]
    if not choices:
        game._pop()
        return None
    return Decision(cid, "item", [*choices, Choice("pass")])


def _guard_ok(game: Game, cid: str, item: ItemSetup, attacker: Figure) -> bool:
    if any(e.kind == "redirect-attack" for e in item.effects):
        return bool(_redirect_targets(game, cid, attacker))
    return True


def _redirect_targets(game: Game, cid: str, attacker: Figure) -> list[Figure]:
    """Heart of the Betrayer: an adjacent normal attacker's allies within its range."""
    board = game.board()
    me = game.state.figures.get(cid)
    if board is None or me is None or attacker.rank != "normal" or not board.adjacent(attacker.hex, me.hex):
        return []
    from delvekit.gloomhaven import engine_actions

    stats = game._static.types[attacker.name].stats("normal")
    return engine_actions.targets(game, attacker, stats.range, allies=True)


def _apply_guard(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    if choice.kind == "pass":
        return
    cid = task.who
    _, item = _find(game, choice, cid)
    mark_used(game, cid, item)
    attacker = game.state.figures[task.text]
    game._push(Task("item_guard", cid, 1, task.text))  # more items, after this one's picks
    for e in item.effects:
        if e.kind == "attacker-disadvantage":
            _add_mark(game, cid, "atk-disadv")
        elif e.kind == "shield":
            _add_mark(game, cid, f"atk-shield={e.value}")
        elif e.kind == "redirect-attack":
            others = sorted(g.id for g in _redirect_targets(game, cid, attacker))
            game._push(_pick(cid, item, "redirect", others, "0"))


def _redirect(game: Game, new_target: str) -> None:
    """The pending monster attack (below on the agenda) targets ``new_target`` instead."""
    agenda = game.state.agenda
    for i in range(len(agenda) - 1, -1, -1):
        t = agenda[i]
        if t.kind == "monster_attack":
            agenda[i] = Task(t.kind, t.who, t.n, new_target)
            game._emit("redirected", t.who, f"to={new_target}")
            return


def _passive_attacked(game: Game, cid: str, attacker: Figure) -> None:
    """Helm of the Mountain, Wave Crest: with the element strong, the attacker is hit."""
    from delvekit.gloomhaven.elements import Strength

    for number, item in items_of(game, cid).items():
        if item.trigger != "attacked" or item.use != "passive":
            continue
        for e in item.effects:
            if e.kind != "if-element-strong" or not e.then:
                continue
            element, effect = e.then[0], e.then[1:]
            if game.state.elements[Element(element.arg)] is not Strength.STRONG:
                continue
            game._emit("item-used", cid, number, "passive")
            for s in effect:
                if s.kind == "condition":
                    game.add_condition(attacker.id, Condition.parse(s.arg))
                elif s.kind == "push":
                    game._push(Task("force", attacker.id, s.value, f"{cid}/push/s"))


def defence(game: Game, target: Figure) -> tuple[bool, int]:
    """(the attacker has disadvantage, extra shield) from items used against this attack."""
    if target.kind != "character":
        return False, 0
    marks = game.state.characters[target.id].item_marks
    shield = sum(int(m.split("=")[1]) for m in marks if m.startswith("atk-shield="))
    return "atk-disadv" in marks, shield


def defend_cards(game: Game, target: Figure, cards: tuple[ModifierCard, ...]) -> tuple[ModifierCard, ...]:
    """Iron Helmet: a x2 the attacker draws counts as +0."""
    if target.kind != "character" or not any(c.kind == "double" for c in cards):
        return cards
    for number, item in items_of(game, target.id).items():
        if any(e.kind == "enemy-double-is-zero" for e in item.effects):
            game._emit("item-used", target.id, number, "passive")
            zero = parse_card("+0")
            return tuple(zero if c.kind == "double" else c for c in cards)
    return cards


def _run_attack_end(game: Game, task: Task) -> Decision | None:
    game._pop()
    _drop_marks(game, task.who, "atk")
    return None


# ------------------------------------------------------------------ damage


def damage_auto(game: Game, f: Figure, task: Task) -> bool:
    """Items with use slots that apply by themselves to attack damage (Hide Armor, Chainmail...):
    once per attack; ``True`` when the damage task was replaced (reduced)."""
    cid = f.id
    marks = game.state.characters[cid].item_marks
    if task.text != "attack" or not any(m.startswith("atk=") for m in marks) or "atk-auto" in marks:
        return False
    _add_mark(game, cid, "atk-auto")
    shield = 0
    for item in items_of(game, cid).values():
        if item.trigger == "damaged-by-attack" and item.uses and _ready(game, cid, item):
            mark_used(game, cid, item)
            shield += _defend(game, cid, item)
    if not shield:
        return False
    game._pop()
    _reduced(game, task, shield)
    return True


def _defend(game: Game, cid: str, item: ItemSetup) -> int:
    shield = 0
    for e in item.effects:
        if e.kind == "shield":
            shield += e.value
        elif e.kind == "retaliate":
            _add_mark(game, cid, f"atk-retaliate={e.value}")
    return shield


def _reduced(game: Game, task: Task, shield: int) -> None:
    left = max(0, task.n - shield)
    game._emit("item-shield", task.who, shield, f"damage={left}")
    if left:
        game._push(Task("damage", task.who, left, task.text))


def damage_choices(game: Game, f: Figure, task: Task) -> list[Choice]:
    """Optional items against attack damage at the ``damage`` decision."""
    if task.text != "attack":
        return []
    return [
        _choice(item)
        for item in items_of(game, f.id).values()
        if item.trigger == "damaged-by-attack" and not item.uses and _ready(game, f.id, item)
    ]


def use_on_damage(game: Game, task: Task, choice: Choice) -> None:
    _, item = _find(game, choice, task.who)
    mark_used(game, task.who, item)
    game._pop()
    if any(e.kind == "negate-attack-damage" for e in item.effects):
        game._emit("negated", task.who, task.n, task.text, f"by=item-{item.number}")
        return
    _reduced(game, task, _defend(game, task.who, item))


def retaliates(game: Game, fid: str) -> list[tuple[int, int]]:
    """Retaliate items used against the current attack: (amount, range)."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return []
    return [(int(m.split("=")[1]), 1) for m in ch.item_marks if m.startswith("atk-retaliate=")]


def passive_shield(game: Game, fid: str) -> int:
    """Chain Hood: shield while next to at least N enemies."""
    f = game.state.figures.get(fid)
    if f is None or f.kind != "character":
        return 0
    total = 0
    for item in items_of(game, fid).values():
        for e in item.effects:
            if e.kind == "adjacent-enemies-at-least" and len(_adjacent(game, f, enemies=True)) >= _sub_value(
                e, "target"
            ):
                total += _sub_value(e, "shield")
    return total


# ------------------------------------------------------------------ round and turn


def round_tasks(game: Game) -> list[Task]:
    """``item_round`` for each character holding an initiative item (after the reveal)."""
    return [
        Task("item_round", cid)
        for cid, held in _held(game).items()
        if any(i.trigger == "round-start" for i in held.values())
    ]


def _run_round(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or ch.long_rest:
        game._pop()
        return None
    choices: list[Choice] = []
    for item in items_of(game, task.who).values():
        if item.trigger == "round-start" and _ready(game, task.who, item):
            shift = next(_sub_value(e, "target") for e in item.effects if e.kind == "initiative-shift")
            choices += [
                Choice("item", (str(item.number), f"-{shift}")),
                Choice("item", (str(item.number), f"+{shift}")),
            ]
    if not choices:
        game._pop()
        return None
    return Decision(task.who, "item", [*choices, Choice("pass")])


def _apply_round(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    if choice.kind == "pass":
        return
    st = game.state
    item = items_of(game, task.who)[int(choice.args[0])]
    mark_used(game, task.who, item)
    shift = int(choice.args[1])
    actors = [a for group in st.pending_ties for a in group]
    out: list[Actor] = []
    for a in actors:
        if a.kind == "character" and a.id == task.who:
            a = Actor.character(a.id, min(99, max(1, a.initiative + shift)), a.secondary)
            game._emit("initiative-shifted", task.who, f"initiative={a.initiative}")
        out.append(a)
    st.pending_ties = tie_groups(out)


def turn_tasks(game: Game, cid: str) -> list[Task]:
    """``item_turn_end`` before a character's end of turn, when it holds items."""
    return [Task("item_turn_end", cid)] if items_of(game, cid) else []


def moved_this_turn(game: Game, cid: str) -> int:
    """Hexes ``cid`` moved (or was moved by its own abilities) since its turn began."""
    count = 0
    for e in reversed(game.events):
        if e.kind == "turn" and e.args and e.args[0] == cid:
            break
        if e.kind == "moved" and e.args and e.args[0] == cid:
            count += 1
    return count


def _run_turn_end(game: Game, task: Task) -> Decision | None:
    st = game.state
    cid = task.who
    ch = st.characters.get(cid)
    f = st.figures.get(cid)
    if ch is None or ch.exhausted or f is None:
        game._pop()
        return None
    if task.n == 0:
        game._pop()
        game._push(Task("item_turn_end", cid, 1))
        _passive_turn_end(game, f)
        return None
    choices: list[Choice] = []
    for item in items_of(game, cid).values():
        if item.trigger != "end-of-turn" or item.use == "passive" or not _ready(game, cid, item):
            continue
        needs = 2 if any(e.kind == "extra-turn" for e in item.effects) else 1
        if len(ch.hand) >= needs:
            choices.append(_choice(item))
    if _stunned_this_turn(game, cid):  # the cure potions may be drunk while stunned
        for item in items_of(game, cid).values():
            cure = any(e.kind == "remove-negative-conditions" for e in item.effects)
            if (
                cure
                and item.trigger == "own-turn"
                and _ready(game, cid, item)
                and _performable(game, cid, item)
            ):
                choices.append(_choice(item))
    if not choices:
        game._pop()
        return None
    return Decision(cid, "item", [*choices, Choice("pass")])


def _passive_turn_end(game: Game, f: Figure) -> None:
    if on_obstacle(game, f):  # Cloak of Phasing: invisible while standing on an obstacle
        number = next(
            n
            for n, i in items_of(game, f.id).items()
            if any(e.kind == "obstacle-invisible-no-attack" for e in i.effects)
        )
        game._emit("item-used", f.id, number, "passive")
        game.add_condition(f.id, Condition.INVISIBLE)
    moved = moved_this_turn(game, f.id)
    for number, item in items_of(game, f.id).items():
        if item.trigger != "end-of-turn" or item.use != "passive":
            continue
        for e in item.effects:
            limit = _sub_value(e, "target")
            met = (e.kind == "moved-at-most" and moved <= limit) or (
                e.kind == "moved-at-least" and moved >= limit
            )
            if not met:
                continue
            game._emit("item-used", f.id, number, "passive")
            for s in e.then:
                if s.kind == "shield":
                    f.shield_bonus += s.value  # until the end of the round
                    game._emit("bonus", f.id, "shield", s.value)
                elif s.kind == "heal":
                    game.heal(f.id, s.value)
                elif s.kind == "xp":
                    game.state.characters[f.id].xp += s.value
                    game._emit("xp", f.id, s.value)


def _stunned_this_turn(game: Game, cid: str) -> bool:
    for e in reversed(game.events):
        if e.args and e.args[0] == cid and e.kind in ("turn", "stunned"):
            return e.kind == "stunned"
    return False


def _apply_turn_end(game: Game, task: Task, choice: Choice) -> None:
    if choice.kind == "pass":
        game._pop()
        return
    cid = task.who
    _, item = _find(game, choice, cid)
    if item.trigger == "own-turn":
        use_own_turn(game, cid, choice)
        return
    mark_used(game, cid, item)
    hand = game.state.characters[cid].hand
    for e in item.effects:
        if e.kind in ("play-card-top", "play-card-bottom"):
            half = "top" if e.kind == "play-card-top" else "bottom"
            game._push(_pick(cid, item, "play", hand, half))
        elif e.kind == "extra-turn":
            game._push(_pick(cid, item, "turn", hand, "0"))


def _play_half(game: Game, cid: str, card: str, half: str) -> None:
    """Ring of Haste / Brutality: play a hand card now and perform its ``half`` (or the basic
    action of that half); the card then goes where that half sends it."""
    ch = game.state.characters[cid]
    ch.hand.remove(card)
    ch.selected = [card]
    ch.used_half = "top" if half == "bottom" else "bottom"
    game._emit("item-play", cid, card, half)
    game._push(Task("action", cid, 2))


def _extra_turn(game: Game, cid: str, lead: str, other: str) -> None:
    """Second Chance Ring: two hand cards played for another turn this round, at the leading
    card's initiative (right after the current turn if that has passed)."""
    st = game.state
    ch = st.characters[cid]
    ch.hand.remove(lead)
    ch.hand.remove(other)
    ch.selected = [lead, other]
    ch.lead, ch.used_half = lead, None
    init = game._card(cid, lead).initiative
    pos = st.turn_index
    while pos < len(st.order) and st.order[pos].initiative <= init:
        pos += 1
    st.order.insert(pos, Turn("character", cid, init))
    game._emit("extra-turn", cid, f"initiative={init}")


# ------------------------------------------------------------------ passives


def basic(game: Game, cid: str, half: str, ability: Ability) -> Ability:
    """The basic Attack 2 / Move 2 with a default-action item's value."""
    kind = "default-top-attack" if half == "top" else "default-bottom-move"
    for number, item in items_of(game, cid).items():
        for e in item.effects:
            if e.kind == kind:
                game._emit("item-used", cid, number, "passive")
                return msgspec.structs.replace(
                    ability, value=_sub_value(e, "attack" if half == "top" else "move", ability.value)
                )
    return ability


def gained(game: Game, fid: str, condition: Condition) -> Condition:
    """Drakescale Helm: muddle becomes strengthen."""
    if condition is not Condition.MUDDLE:
        return condition
    for number, item in items_of(game, fid).items():
        if any(e.kind == "muddle-becomes-strengthen" for e in item.effects):
            game._emit("item-used", fid, number, "passive")
            return Condition.STRENGTHEN
    return condition


def immune_forced(game: Game, target: Figure, by: Figure) -> bool:
    """Heavy Greaves: enemies cannot push or pull the wearer."""
    if target.kind != "character" or not _hostile(target, by):
        return False
    for number, item in items_of(game, target.id).items():
        if any(e.kind == "immune-forced-movement" for e in item.effects):
            game._emit("item-used", target.id, number, "passive")
            return True
    return False


def flying(game: Game, fid: str) -> bool:
    """Boots of Levitation, Cloak of Phasing: the character flies (moves like a jump, and the
    terrain it ends on does not affect it)."""
    return any(
        e.kind == "flying"
        for item in items_of(game, fid).values()
        for e in item.effects
        if item.trigger == "always"
    )


def may_end_on_obstacle(game: Game, fid: str) -> bool:
    return any(
        e.kind == "obstacle-invisible-no-attack"
        for item in items_of(game, fid).values()
        for e in item.effects
    )


def on_obstacle(game: Game, f: Figure) -> bool:
    """Cloak of Phasing: standing on an obstacle, the wearer is invisible and cannot attack."""
    board = game.board()
    return (
        board is not None and board.terrain_at(f.hex) is Terrain.OBSTACLE and may_end_on_obstacle(game, f.id)
    )


def ignores_difficult(game: Game, f: Figure) -> bool:
    return f.kind == "character" and bool(_with(game, f.id, "ignore-difficult-hazardous"))


def terrain(game: Game, f: Figure, kind: Terrain) -> str:
    """How entering ``kind`` affects ``f``: ``normal``, ``ignore`` or ``heal N``."""
    if f.kind != "character" or kind not in (Terrain.TRAP, Terrain.HAZARDOUS):
        return "normal"
    if flying(game, f.id):
        for number, item in items_of(game, f.id).items():
            if item.trigger == "always" and any(e.kind == "flying" for e in item.effects):
                game._emit("item-used", f.id, number, "passive")
                break
        return "ignore"
    if kind is Terrain.HAZARDOUS:
        for number, item in items_of(game, f.id).items():
            for e in item.effects:
                if e.kind == "ignore-difficult-hazardous":
                    game._emit("item-used", f.id, number, "passive")
                    return "ignore"
                if e.kind == "ignore-hazardous":
                    game._emit("item-used", f.id, number, "passive")
                    return f"heal {_sub_value(e, 'heal')}"
    return "normal"


def focus_initiative(game: Game, fid: str, initiative: int) -> int:
    """Flea-Bitten Shawl: monsters focus as if the wearer's initiative were N."""
    for item in items_of(game, fid).values():
        for e in item.effects:
            if e.kind == "focus-initiative":
                return _sub_value(e, "target", initiative)
    return initiative


def loot_value(game: Game, f: Figure, value: int) -> int:
    """Thief's Hood: a Loot 1 ability becomes Loot N (the hood is consumed)."""
    if f.kind != "character" or value != 1:
        return value
    for item in _with(game, f.id, "loot-upgrade"):
        mark_used(game, f.id, item)
        return max(
            value, next(_sub_value(e, "loot", value) for e in item.effects if e.kind == "loot-upgrade")
        )
    return value


def denies(game: Game, elements: Iterable[Element]) -> bool:
    """Dampening Ring: the first time a monster would consume, a holder consumes the element(s)
    for nothing (the ring is consumed)."""
    wanted = list(elements)
    for cid in _held(game):
        for item in _with(game, cid, "deny-element-consume"):
            mark_used(game, cid, item)
            for element in wanted:
                _consume(game, cid, element)
            return True
    return False


def _on_death(game: Game, figure: Figure) -> None:
    """Necklace of Teeth: a monster dying during its wearer's turn heals the wearer."""
    st = game.state
    if figure.kind != "monster" or not 0 < st.turn_index <= len(st.order):
        return
    turn = st.order[st.turn_index - 1]
    if turn.kind != "character" or turn.id not in st.figures:
        return
    for number, item in items_of(game, turn.id).items():
        if item.trigger == "kill":
            game._emit("item-used", turn.id, number, "passive")
            for e in item.effects:
                if e.kind == "heal":
                    game.heal(turn.id, e.value)


effects.DEATH_HOOKS.append(_on_death)


def _register() -> None:
    from delvekit.gloomhaven.engine import task_handler

    for kind, run, apply in (
        ("item_pick", _run_pick, _apply_pick),
        ("item_guard", _run_guard, _apply_guard),
        ("item_attack_end", _run_attack_end, None),
        ("item_round", _run_round, _apply_round),
        ("item_turn_end", _run_turn_end, _apply_turn_end),
    ):
        task_handler(kind, run, apply)


_register()
