"""Items used on the owner's own turn (rules digest §13): potions, wands, scrolls, summons,
refreshes and elements offered at the ``C action`` decision and as the turn ends, with the
small helpers the combat and passive items share (who is adjacent or within range, offering an
item as a choice).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice
from delvekit.gloomhaven.engine.payloads import MoveStep
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.items.state import is_ready, items_of, mark_used, refresh, sub_effect, sub_value
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import ItemEffect, ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ choices


def item_choice(item: ItemSetup, owner: str | None = None) -> Choice:
    """The choice that uses ``item`` (and names its owner when another character's)."""
    return Choice("item", (str(item.number),) if owner is None else (str(item.number), owner))


def find_item(game: Game, choice: Choice, default_owner: str) -> tuple[str, ItemSetup]:
    """The owner and item a choice names (its owner, else ``default_owner``)."""
    owner = (
        choice.args[1]
        if len(choice.args) > 1 and not choice.args[1].lstrip("+-").isdigit()
        else default_owner
    )
    return owner, items_of(game, owner)[int(choice.args[0])]


def elements_available(game: Game, e: ItemEffect) -> bool:
    """Elements an effect consumes are available (wild: any one)."""
    if e.kind == "element" and e.mode == "consume":
        els = game.state.elements
        if e.arg == "wild":
            return bool(els.consumable())
        if not els.can_consume(Element(e.arg)):
            return False
    return all(elements_available(game, s) for s in e.then if s.kind == "element")


def _own_summons(game: Game, cid: str) -> list[Figure]:
    return [f for f in game.state.figures.values() if f.kind == "summon" and f.owner == cid]


def one_is_monster(a: Figure, b: Figure) -> bool:
    """Whether exactly one of ``a`` and ``b`` is a monster (a character and a monster are foes)."""
    return (a.kind == "monster") != (b.kind == "monster")


def adjacent_figures(game: Game, f: Figure, *, enemies: bool) -> list[Figure]:
    """The figures next to ``f``: its enemies, or (``enemies=False``) its allies."""
    board = game.board()
    if board is None:
        return []
    return [
        g
        for g in game.state.figures.values()
        if g is not f and one_is_monster(f, g) == enemies and board.adjacent(f.hex, g.hex)
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


def performable(game: Game, cid: str, item: ItemSetup) -> bool:
    """Whether an own-turn item would do something now (the engine offers only those)."""
    f = game.state.figures[cid]
    ch = game.state.characters[cid]
    for e in item.effects:
        if not elements_available(game, e):
            return False
        k = e.kind
        if k == "summon" and not _free_adjacent(game, f):
            return False
        if k == "heal" and sub_effect(e, "target-own-summon") and not _own_summons(game, cid):
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
            game, f, sub_value(e, "range", 1), _own_summons(game, cid)
        ):
            return False
        if k == "control-enemy" and not _enemies_within(game, f, sub_value(e, "range", 1)):
            return False
        if k == "mark-adjacent-enemy" and not _markable(game, f):
            return False
        if k == "destroy-adjacent-obstacle" and not _adjacent_obstacles(game, f):
            return False
        if k == "disarm-traps" and not _traps_within(game, f, sub_value(e, "range", 1)):
            return False
        if k == "remove-negative-conditions" and not _negatives(f):
            return False
        if k == "ally-recovers-discarded" and not _recovering_allies(game, f, e):
            return False
    return True


def _enemies_within(game: Game, f: Figure, reach: int) -> list[Figure]:
    enemies = [
        g
        for g in game.state.figures.values()
        if one_is_monster(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    return _within(game, f, reach, enemies)


def _markable(game: Game, f: Figure) -> list[Figure]:
    return [g for g in adjacent_figures(game, f, enemies=True) if g.rank in ("normal", "elite")]


def _recovering_allies(game: Game, f: Figure, e: ItemEffect) -> list[Figure]:
    allies = [
        g
        for g in game.state.figures.values()
        if g.kind == "character" and g is not f and game.state.characters[g.id].discard
    ]
    return _within(game, f, sub_value(e, "range", 1), allies)


def own_turn_choices(game: Game, cid: str) -> list[Choice]:
    """``item N`` for each own-turn item ``cid`` can use now (at its ``action`` decision)."""
    out: list[Choice] = []
    for item in items_of(game, cid).values():
        if item.trigger == "own-turn" and is_ready(game, cid, item) and performable(game, cid, item):
            out.append(item_choice(item))
    return out


def use_own_turn(game: Game, cid: str, choice: Choice) -> None:
    """Use an own-turn item; the decision it was chosen at stays pending (it comes back)."""
    _, item = find_item(game, choice, cid)
    mark_used(game, cid, item)
    steps: list[Task] = []
    for path, e in enumerate(item.effects):
        steps += perform_effect(game, cid, item, e, str(path))
    game.push(*steps)


def path_effect(item: ItemSetup, path: str) -> ItemEffect:
    """The effect at ``path`` (``0.1``: the second sub-effect of the first effect) of ``item``."""
    parts = [int(p) for p in path.split(".")]
    e = item.effects[parts[0]]
    for p in parts[1:]:
        e = e.then[p]
    return e


def pick_task(
    cid: str, item: ItemSetup, kind: str, options: Iterable[str], path: str, count: int = 1
) -> Task:
    """An ``item_pick`` task: ``cid`` picks ``count`` of ``options`` for ``item``'s effect at ``path``."""
    return Task("item_pick", cid, item.number, f"{kind}|{';'.join(options)}|{path}|{count}")


def perform_effect(game: Game, cid: str, item: ItemSetup, e: ItemEffect, path: str) -> list[Task]:
    """Perform one effect of an item used on its owner's turn; picks become ``item_pick`` tasks
    (returned, to run in order)."""
    st = game.state
    f = st.figures.get(cid)
    if f is None:
        return []
    k = e.kind
    if k == "heal":
        if sub_effect(e, "target-own-summon") is not None:
            return [pick_task(cid, item, "heal", sorted(s.id for s in _own_summons(game, cid)), path)]
        reach = sub_value(e, "range")
        if reach:
            return [Task("heal_ally", cid, e.value, str(reach))]
        game.heal(cid, e.value)
    elif k == "condition":
        who = sub_effect(e, "affects")
        targets = _affected(game, f, who.arg if who is not None else "self", who)
        for t in targets:
            _give(game, t, e.arg)
    elif k == "element" and e.mode == "infuse":
        if e.arg == "wild":
            return [pick_task(cid, item, "infuse", (x.value for x in Element), path)]
        game.infuse(Element(e.arg))
    elif k == "element" and e.mode == "consume":
        if e.arg == "wild":
            return [pick_task(cid, item, "consume", (x.value for x in st.elements.consumable()), path)]
        consume_element(game, cid, Element(e.arg))
        tasks: list[Task] = []
        for n, s in enumerate(e.then):
            tasks += perform_effect(game, cid, item, s, f"{path}.{n}")
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
                return [pick_task(cid, item, "refresh", options, path, sub_value(e, "target", 1))]
    elif k == "recover-discarded":
        ch = st.characters[cid]
        if ch.discard:
            return [pick_task(cid, item, "recover", ch.discard, path, sub_value(e, "target", 1))]
    elif k == "ally-recovers-discarded":
        allies = _recovering_allies(game, f, e)
        return [pick_task(cid, item, "ally", sorted(g.id for g in allies), path)]
    elif k == "summon":
        return [pick_task(cid, item, "summon-at", (f"{q},{r}" for q, r in _free_adjacent(game, f)), path)]
    elif k == "move":
        mode = "jump" if sub_effect(e, "jump") is not None else "walk"
        if Condition.IMMOBILIZE in f.conditions:
            game.emit("prevented", cid, "move", "immobilize")
            return []
        return [Task("move", cid, e.value, MoveStep(0, mode).text)]
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
            return [pick_task(cid, item, "cure", (c.value for c in bad), path, limit)]
    elif k == "control-own-summon":
        summons = _within(game, f, sub_value(e, "range", 1), _own_summons(game, cid))
        return [pick_task(cid, item, "summon", sorted(s.id for s in summons), path)]
    elif k == "control-enemy":
        enemies = _enemies_within(game, f, sub_value(e, "range", 1))
        return [pick_task(cid, item, "control", sorted(g.id for g in enemies), path)]
    elif k == "disarm-traps":
        for h in _traps_within(game, f, sub_value(e, "range", 1)):
            st.sprung = st.sprung | {h}
            st.created_traps.pop(h, None)
            game.emit("trap-disarmed", cid, f"{h[0]},{h[1]}")
    elif k == "mark-adjacent-enemy":
        return [pick_task(cid, item, "mark", sorted(g.id for g in _markable(game, f)), path)]
    elif k == "destroy-adjacent-obstacle":
        return [pick_task(cid, item, "obstacle", (f"{q},{r}" for q, r in _adjacent_obstacles(game, f)), path)]
    return []


def _affected(game: Game, f: Figure, who: str, e: ItemEffect | None) -> list[Figure]:
    if who == "self":
        return [f]
    if who == "enemies-adjacent":
        return adjacent_figures(game, f, enemies=True)
    if who == "self-allies-adjacent":
        return [f, *adjacent_figures(game, f, enemies=False)]
    if who == "enemies-range" and e is not None:
        return _enemies_within(game, f, sub_value(e, "range", 1))
    return [f]


def _give(game: Game, target: Figure, name: str) -> None:
    if name in ("bless", "curse"):
        game.add_modifier_card(target.id, name)
    else:
        game.add_condition(target.id, Condition.parse(name))


def consume_element(game: Game, cid: str, element: Element) -> None:
    """``cid`` consumes ``element`` (an item's effect)."""
    game.state.elements.consume(element)
    game.emit("consumed", cid, element.value)
