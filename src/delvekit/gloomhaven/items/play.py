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

Where each trigger is offered (``trigger`` of :class:`~delvekit.gloomhaven.model.setup.ItemSetup`):

=========================  ==================================================================
``own-turn``               at the ``C action`` decision (before either action) and as the
                           turn ends: potions, wands, scrolls, summons, refreshes, elements
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
``loot``                   ``C item`` before a Loot 1 ability: Loot 2 instead (Thief's Hood)
``enemy-consumes-``        ``C item`` as a monster type is about to consume (Dampening Ring:
``element``                the element is consumed for nothing)
``always`` / ``kill`` /    passive: immunities, flying, terrain, focus, shield while
``condition-gained``       surrounded, a heal per kill, muddle becomes strengthen
=========================  ==================================================================

Picks an item needs (an element for a wild infusion, a hex for a summon, cards to recover,
items to refresh, a summon or enemy to move) are ``C item-pick`` decisions.

This module holds the registry, the items' state, the start of the scenario, own-turn items and
the picks; :mod:`~delvekit.gloomhaven.items.combat` moves, attacks and defence;
:mod:`~delvekit.gloomhaven.items.passive` round start, turn end and standing effects. The
engine calls all of them through this module.

>>> from delvekit.gloomhaven.model.setup import ItemEffect, ItemSetup
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

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.modifiers import ModifierCard, parse_card
from delvekit.gloomhaven.model.setup import CharacterSetup, GameSetup, ItemEffect, ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

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

_ITEMS: dict[int, tuple[GameSetup, dict[str, dict[int, ItemSetup]], dict[str, frozenset[str]]]] = {}


def _cached(game: Game) -> tuple[dict[str, dict[int, ItemSetup]], dict[str, frozenset[str]]]:
    """(character id → item number → item, character id → every effect kind of its items),
    cached per setup (items never change during a scenario)."""
    setup = game.setup
    found = _ITEMS.get(id(setup))
    if found is None or found[0] is not setup:
        if len(_ITEMS) > 64:
            _ITEMS.clear()
        held = {ch.id: {i.number: i for i in ch.items} for ch in setup.party}
        kinds = {
            cid: frozenset(e.kind for i in items.values() for e in _walk(i.effects))
            for cid, items in held.items()
        }
        found = (setup, held, kinds)
        _ITEMS[id(setup)] = found
    return found[1], found[2]


def _held(game: Game) -> dict[str, dict[int, ItemSetup]]:
    """Character id → item number → the item."""
    return _cached(game)[0]


def has_effect(game: Game, cid: str, kind: str) -> bool:
    """Whether any item of ``cid`` holds an effect ``kind`` (spent or not): a cheap first test."""
    kinds = _cached(game)[1].get(cid)
    return kinds is not None and kind in kinds


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
    if not has_effect(game, cid, kind):
        return []
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
    game.emit("item-used", cid, item.number, state)


def refresh(game: Game, cid: str, number: int) -> bool:
    """Refresh item ``number`` of ``cid`` (unused again, use slots cleared); ``False`` if it was
    not spent or consumed. What Tinkerer-style "refresh an item" effects call."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.items.get(number) not in ("spent", "consumed"):
        return False
    ch.items[number] = "unused"
    ch.item_uses.pop(number, None)
    game.emit("item-refreshed", cid, number)
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
    sight = sight_for(board, game.tables.ruleset.los)
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
    game.push(*steps)


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
            game.emit("prevented", cid, "move", "immobilize")
            return []
        return [Task("move", cid, e.value, f"0/{mode}/s")]
    elif k == "loot":
        from delvekit.gloomhaven.engine import actions as engine_actions

        if game.board() is not None:
            engine_actions.loot(game, f, e.value)
    elif k == "remove-negative-conditions":
        bad = _negatives(f)
        limit = e.then[0].value if e.then else len(bad)
        if limit >= len(bad):
            for c in bad:
                f.conditions.remove(c)
                game.emit("condition-ended", cid, c.value, "item")
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
            game.emit("trap-disarmed", cid, f"{h[0]},{h[1]}")
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
    game.emit("consumed", cid, element.value)


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
        game.pop_task()
        return None
    if kind in _OPTIONAL:
        choices.append(Choice("done"))
    return Decision(task.who, "item-pick", choices)  # an ally recovering its cards decides itself


_NO_ITEM = ItemSetup(number=0, name="-", slot="small")


def refresh_by_card(game: Game, f: Figure, count: int) -> None:
    """A "refresh an item" modifier card (Quartermaster's perk) drawn by ``f`` (a summon: for its
    owner): up to ``count`` of the owner's spent or consumed items, the player choosing which."""
    cid = f.owner if f.kind == "summon" and f.owner is not None else f.id
    ch = game.state.characters.get(cid)
    if ch is None:
        return
    options = [str(n) for n, s in sorted(ch.items.items()) if s in ("spent", "consumed")]
    if options:
        game.push(Task("item_pick", cid, 0, f"refresh|{';'.join(options)}|0|{count}"))


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, options, path, count = task.text.split("|")
    if choice.kind == "done":
        return
    st = game.state
    owner = task.who if kind != "ally-recover" else path.split("@")[1]
    found = items_of(game, owner).get(task.n)  # none for a modifier card's refresh
    if found is None and kind != "refresh":
        return
    item = found or _NO_ITEM
    picked = choice.args[0]
    rest = [o for o in options.split(";") if o and o != picked]
    more = int(count) - 1
    if kind in _OPTIONAL and more > 0 and rest:
        game.push(Task("item_pick", task.who, task.n, f"{kind}|{';'.join(rest)}|{path}|{more}"))
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
        game.push(*steps)
    elif kind == "consume-only":  # an attack item's price; its bonus rides on the attack
        _consume(game, task.who, Element(picked))
    elif kind == "refresh":
        refresh(game, task.who, int(picked))
    elif kind in ("recover", "ally-recover"):
        ch = st.characters[task.who]
        ch.discard.remove(picked)
        ch.hand.append(picked)
        game.emit("recovered-card", task.who, picked)
    elif kind == "ally":
        e = _path_effect(item, path)
        cards = st.characters[picked].discard
        game.push(
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
        game.emit("condition-ended", task.who, picked, "item")
    elif kind in ("summon", "control"):
        e = _path_effect(item, path)
        moved = st.figures.get(picked)
        if moved is not None:
            if kind == "control":
                game.emit("controlled", picked, f"by={task.who}")
            if Condition.IMMOBILIZE in moved.conditions:
                game.emit("prevented", picked, "move", "immobilize")
            else:
                game.push(Task("move", picked, _sub_value(e, "move"), "0/walk/s"))
    elif kind == "mark":
        e = _path_effect(item, path)
        _add_mark(game, task.who, f"mark={picked}+{_sub_value(e, 'attack', 1)}")
        game.emit("marked", picked, f"by={task.who}")
    elif kind == "obstacle":
        q, r = (int(x) for x in picked.split(","))
        st.sprung = st.sprung | {(q, r)}
        game.emit("obstacle-destroyed", task.who, picked)
    elif kind == "play":
        from delvekit.gloomhaven.items.passive import _play_half

        _play_half(game, task.who, picked, path)
    elif kind == "turn":
        from delvekit.gloomhaven.items.passive import _extra_turn

        _extra_turn(game, task.who, choice.args[0], choice.args[1])
    elif kind == "redirect":
        from delvekit.gloomhaven.items.combat import _redirect

        _redirect(game, picked)


def _register() -> None:
    from delvekit.gloomhaven.engine.game import task_handler

    task_handler("item_pick", _run_pick, _apply_pick)


_register()

# The combat and passive halves import this module's helpers; what the engine calls is here too.
from delvekit.gloomhaven.items import combat as items_combat  # noqa: E402
from delvekit.gloomhaven.items import passive as items_passive  # noqa: E402

move_choices = items_combat.move_choices
use_in_move = items_combat.use_in_move
attack_choices = items_combat.attack_choices
use_in_attack = items_combat.use_in_attack
strike_tails = items_combat.strike_tails
Rider = items_combat.Rider
strike = items_combat.strike
ridden = items_combat.ridden
after_strike = items_combat.after_strike
IGNORE_SHIELD = items_combat.IGNORE_SHIELD
attacked = items_combat.attacked
defence = items_combat.defence
defend_cards = items_combat.defend_cards
damage_auto = items_combat.damage_auto
damage_choices = items_combat.damage_choices
use_on_damage = items_combat.use_on_damage
retaliates = items_combat.retaliates
passive_shield = items_combat.passive_shield
round_tasks = items_passive.round_tasks
turn_tasks = items_passive.turn_tasks
moved_this_turn = items_passive.moved_this_turn
basic = items_passive.basic
gained = items_passive.gained
immune_forced = items_passive.immune_forced
flying = items_passive.flying
may_end_on_obstacle = items_passive.may_end_on_obstacle
on_obstacle = items_passive.on_obstacle
ignores_difficult = items_passive.ignores_difficult
terrain = items_passive.terrain
focus_initiative = items_passive.focus_initiative
loot_offer = items_passive.loot_offer
deny_offer = items_passive.deny_offer
