"""The Nightshroud's named effects (every name starts ``ns-``).

``ns-consume``
    Abilities (moves, attacks in their order) followed by one or two ``consume-E`` flags and what
    paying buys. The player is asked once, before the first ability (the consumption is shown
    on the card beside them all: Smoke Step's +2 Move and +2 Attack); two flags must both be
    paid (Swallowed by Fear: dark and one other element). Purchases: attack and move bonuses
    (``move-plus-N``), ``target-N``, conditions (invisible: on you; others: added to the
    attack), ``kill-normal`` / ``kill-normal-or-elite`` (that attack's targets of that rank are
    killed instead), ``double-moves`` (every move ability you perform for the rest of the turn
    counts double, this one included: Empowering Void's Move 2 +2 becomes Move 8),
    ``area-…`` (the attack gains the area, its red hexes as offsets from you),
    ``teleport-instead`` (the move becomes a move to any empty hex reachable without passing a
    closed door, Concealed Dominance), ``kill-adjacent-normal`` (one adjacent normal enemy
    dies), ``then`` followed by a new attack, a heal on yourself, infusions and XP.
``ns-actions``
    A persistent card with use slots acting on your next attack actions (``attack-actions``) or
    move actions (``move-actions``): ``before`` performs its ability as the action starts
    (Wings of the Night: Move 2 before the attack action), ``after`` as the action's final part
    (Black Knives, Claws of the Night); ``when-invisible`` asks that you are invisible (for
    ``after``: as the final part is reached, so turning invisible during the action counts).
    An action is an attack (move) action when one of its abilities is one; the engine asks
    :func:`action_part` as each ability of a character's action starts.

The engine asks :func:`moved_value` for each move ability of a character (the doubling).
"""

from __future__ import annotations

import msgspec

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

# ------------------------------------------------------------------ ns-consume


def _split(ability: Ability) -> tuple[list[Ability], list[str], list[Ability]]:
    """(abilities, elements to consume, what paying buys)."""
    parts = list(ability.then)
    first = next((i for i, p in enumerate(parts) if _is_consume(p)), len(parts))
    last = first
    while last < len(parts) and _is_consume(parts[last]):
        last += 1
    elements = [p.note.removeprefix("consume-") for p in parts[first:last]]
    return parts[:first], elements, parts[last:]


def _is_consume(p: Ability) -> bool:
    return p.kind == "custom" and p.note.startswith("consume-")


def _offers(game: Game, elements: list[str]) -> list[tuple[str, ...]]:
    """The ways to pay ``elements`` now (``wild``: any one element, a different one when it
    joins a named element)."""
    board = game.state.elements
    fixed = [Element.parse(e) for e in elements if e != "wild"]
    if not all(board.can_consume(e) for e in fixed):
        return []
    names = tuple(e.value for e in fixed)
    if "wild" not in elements:
        return [names]
    return [(*names, e.value) for e in board.consumable() if e not in fixed]


@effect("ns-consume")
def _consume(game: Game, fid: str, ability: Ability) -> None:
    """Ask for the consumption (when it can be paid), then perform."""
    _, elements, _ = _split(ability)
    if elements and _offers(game, elements):
        game.push(Task("ns_consume", fid, 0, str(ability)))
        return
    _finish(game, fid, ability, paid=False)


def _run_consume(game: Game, task: Task) -> Decision | None:
    ability = Ability.parse(task.text)
    offers = _offers(game, _split(ability)[1])
    if not offers:  # another effect took the element meanwhile
        game.pop_task()
        _finish(game, task.who, ability, paid=False)
        return None
    return Decision(task.who, "consume", [*(Choice("consume", o) for o in offers), Choice("no-consume")])


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text)
    paid = choice.kind == "consume"
    if paid:
        for name in choice.args:
            element = Element.parse(name)
            game.state.elements.consume(element)
            game.emit("consumed", task.who, element.value)
    _finish(game, task.who, ability, paid=paid)


def _area(note: str) -> tuple[tuple[int, int], ...]:
    """``area-0.1_1.0`` → ((0, 1), (1, 0)); ``n`` is a minus sign."""
    out = []
    for cell in note.removeprefix("area-").split("_"):
        q, r = cell.replace("n", "-").split(".")
        out.append((int(q), int(r)))
    return tuple(out)


def _fold(parts: list[Ability]) -> list[Ability]:
    """Plain abilities with their riders folded in: conditions, curse, ``affects-enemies-adjacent``,
    ``target-N`` and ``area-…`` onto the attack before them."""
    out: list[Ability] = []
    for p in parts:
        last = out[-1] if out else None
        if last is not None and last.kind == "move" and p.kind == "custom" and p.note == "jump":
            out[-1] = msgspec.structs.replace(last, jump=True)
            continue
        if last is not None and last.kind == "attack":
            if p.kind == "condition" and p.condition is not None and p.condition is not Condition.INVISIBLE:
                out[-1] = msgspec.structs.replace(last, adds=(*last.adds, p.condition))
                continue
            if p.kind == "custom" and p.note == "curse":
                out[-1] = msgspec.structs.replace(last, card_adds=("curse",))
                continue
            if p.kind == "custom" and p.note == "affects-enemies-adjacent":
                out[-1] = msgspec.structs.replace(last, targets=0)
                continue
            if p.kind == "custom" and p.note.startswith("area-"):
                out[-1] = msgspec.structs.replace(last, area=_area(p.note))
                continue
        out.append(p)
    return out


def _finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    base, _, bought = _split(ability)
    steps = _fold(base)
    extras = ""
    tail: list[Ability] = []
    if paid:
        notes = [p.note for p in bought if p.kind == "custom"]
        rest = list(bought)
        if "then" in notes:  # a new ability bought (Black Arrow's attack)
            cut = next(i for i, p in enumerate(rest) if p.kind == "custom" and p.note == "then")
            tail = _fold(rest[cut + 1 :])
            rest = rest[:cut]
        attack_plus = sum(p.value for p in rest if p.kind == "attack")
        move_plus = sum(
            int(p.note.removeprefix("move-plus-"))
            for p in rest
            if p.kind == "custom" and p.note.startswith("move-plus-")
        )
        new: list[Ability] = []
        for s in steps:
            if s.kind == "attack":
                s = msgspec.structs.replace(s, value=s.value + attack_plus)
                for p in rest:
                    if p.kind == "condition" and p.condition not in (None, Condition.INVISIBLE):
                        s = msgspec.structs.replace(s, adds=(*s.adds, p.condition))
                    elif p.kind == "custom" and p.note.startswith("target-"):
                        s = msgspec.structs.replace(s, targets=int(p.note.removeprefix("target-")))
                    elif p.kind == "custom" and p.note.startswith("area-"):
                        s = msgspec.structs.replace(s, area=_area(p.note))
            elif s.kind == "move":
                s = msgspec.structs.replace(s, value=s.value + move_plus)
                if "teleport-instead" in notes:
                    s = Ability(kind="custom", note="ns-teleport")
            new.append(s)
        steps = new
        if "kill-normal" in notes:
            extras = "killn"  # effects_characters.killed_instead: this attack's normal targets
        if "kill-normal-or-elite" in notes:
            extras = "killne"
        if "double-moves" in notes:
            game.emit("ns-double-moves", fid)
        for p in rest:
            if p.kind == "condition" and p.condition is Condition.INVISIBLE:
                game.add_condition(fid, Condition.INVISIBLE)
            elif p.kind == "heal":
                tail.append(Ability(kind="heal", value=p.value))
            elif p.kind == "custom" and p.note.startswith("infuse-"):
                game.infuse(Element.parse(p.note.removeprefix("infuse-")))
            elif p.kind == "custom" and p.note == "afflict-adjacent":  # Eyes of the Night
                riders = tuple(
                    q for q in rest if q.kind == "condition" and q.condition is not Condition.INVISIBLE
                )
                everyone = Ability(kind="custom", note="affects-enemies-adjacent")
                tail.append(Ability(kind="custom", note="afflict", then=(*riders, everyone)))
            elif p.kind == "custom" and p.note == "kill-adjacent-normal":
                tail.append(
                    Ability(
                        kind="custom",
                        note="kill",
                        then=(Ability(kind="custom", note="affects-enemy-adjacent"),),
                    )
                )
        xp = sum(p.value for p in rest if p.kind == "xp")
        ch = game.state.characters.get(fid)
        if xp and ch is not None:
            ch.xp += xp
            game.emit("xp", fid, xp)
    game.push(*(Task("ns_do", fid, 0, f"{extras}|{s}") for s in (*steps, *tail)))


def _run_do(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    extras, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    if ability.kind == "custom" and ability.note == "ns-teleport":
        game.mark_used(task.who)
        game.push(Task("ns_teleport", task.who))
    elif ability.kind == "attack" and extras:
        effects_parts.perform_attack(game, task.who, ability, extras)
    else:
        game.perform(task.who, ability)
    return None


# ------------------------------------------------------------------ teleport


def teleport_hexes(game: Game, fid: str) -> list[Hex]:
    """Empty hexes reachable from ``fid`` without passing a closed door (walls, figures and
    obstacles are passed over), sorted."""
    board = game.board()
    f = game.state.figures.get(fid)
    if board is None or f is None:
        return []
    taken = {g.hex for g in game.state.figures.values()}
    seen = {f.hex}
    todo = [f.hex]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n in seen or n not in board or n in board.doors:
                continue
            seen.add(n)
            todo.append(n)
    blocked = (Terrain.WALL, Terrain.OBSTACLE)
    return sorted(h for h in seen if h not in taken and board.terrain_at(h) not in blocked)


def _run_teleport(game: Game, task: Task) -> Decision | None:
    hexes = teleport_hexes(game, task.who)
    if not hexes:
        game.pop_task()
        return None
    return Decision(
        task.who, "move", [*(Choice("teleport", (actions.hex_token(h),)) for h in hexes), Choice("stop")]
    )


def _apply_teleport(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures[task.who]
    if choice.kind == "stop":
        game.emit("move-ended", f.id, actions.hex_token(f.hex))
        return
    target = actions.parse_hex(choice.args[0])
    f.hex = target
    game.emit("moved", f.id, choice.args[0])
    game.emit("teleported", f.id, choice.args[0])
    actions.enter_hex(game, f, target)  # its negative terrain counts, as a jump's landing


# ------------------------------------------------------------------ ns-actions


@effect("ns-actions")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Acts from the active area (:func:`action_part`)."""
    game.emit("bonus", fid, ability.note)


def _kinds(ability: Ability) -> set[str]:
    kinds: set[str] = {p.kind for p in ability.then} if ability.kind == "custom" else {ability.kind}
    return kinds & {"attack", "move"}


def action_part(game: Game, fid: str, ability: Ability) -> bool:
    """Called as character ``fid`` starts performing ``ability`` in an action: the first attack
    (move) ability of an action spends its ``ns-actions`` use slots. ``True``: the ability was
    put back behind a ``before`` ability (it comes back here, already counted)."""
    ch = game.state.characters.get(fid)
    if ch is None or ch.playing is None or not ch.active:
        return False
    kinds = _kinds(ability)
    if not kinds:
        return False
    from delvekit.gloomhaven.effects.active_area import active_holders, spend_use

    holders = active_holders(game, fid, "ns-actions")
    if not holders:
        return False
    since = effects_parts.events_since(game, "action", fid)
    done = {args[1] for kind, args in since if kind == "ns-action" and args[0] == fid}
    before: list[Ability] = []
    for kind in sorted(kinds - done):
        game.emit("ns-action", fid, kind)
        for i, a in reversed(holders):
            notes = effects_parts.flags(a)
            if f"{kind}-actions" not in notes:
                continue
            part = next((p for p in _fold(list(a.then)) if p.kind in ("attack", "move")), None)
            if part is None:
                continue
            card = ch.active[i].card
            if "after" in notes:
                _insert_after(game, fid, f"{card}|{'i' if 'when-invisible' in notes else ''}|{part}")
                continue
            f = game.state.figures[fid]
            if "when-invisible" in notes and Condition.INVISIBLE not in f.conditions:
                continue
            game.emit("next-action-bonus", fid, card)
            spend_use(game, fid, i)
            before.append(part)
    if not before:
        return False
    game.push(*(Task("ns_do", fid, 0, f"|{p}") for p in before), Task("ns_do", fid, 0, f"|{ability}"))
    return True


def _insert_after(game: Game, fid: str, text: str) -> None:
    """A task run as the action's final part: just above the action's ``card_done``."""
    agenda = game.state.agenda
    at = next(
        (i for i in range(len(agenda) - 1, -1, -1) if agenda[i].kind == "card_done" and agenda[i].who == fid),
        None,
    )
    task = Task("ns_after", fid, 0, text)
    if at is None:
        game.push(task)
    else:
        agenda.insert(at + 1, task)


def _run_after(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    card, invisible, text = task.text.split("|", 2)
    f = game.state.figures.get(task.who)
    ch = game.state.characters.get(task.who)
    if f is None or ch is None or (invisible and Condition.INVISIBLE not in f.conditions):
        return None
    index = next((i for i, a in enumerate(ch.active) if a.card == card), None)
    if index is None:
        return None
    from delvekit.gloomhaven.effects.active_area import spend_use

    game.emit("next-action-bonus", task.who, card)
    spend_use(game, task.who, index)
    ability = Ability.parse(text)
    if ability.kind == "attack":
        effects_parts.perform_attack(game, task.who, ability)
    else:
        game.perform(task.who, ability)
    return None


# ------------------------------------------------------------------ Eyes of the Night


@effect("ns-sees-invisible")
def _sees(game: Game, fid: str, ability: Ability) -> None:
    """Acts from the active area (:func:`sees_invisible`)."""
    game.emit("bonus", fid, ability.note)


def sees_invisible(game: Game, f: Figure) -> bool:
    """Whether ``f`` may target invisible enemies (Eyes of the Night in its active area)."""
    ch = game.state.characters.get(f.id)
    if ch is None or not ch.active:
        return False
    from delvekit.gloomhaven.effects.active_area import active_holders

    return bool(active_holders(game, f.id, "ns-sees-invisible"))


# ------------------------------------------------------------------ doubled moves


def moved_value(game: Game, fid: str, ability: Ability) -> Ability:
    """A move ability of character ``fid``, doubled after Empowering Void's purchase this turn."""
    if not any(
        k == "ns-double-moves" and a[0] == fid for k, a in effects_parts.events_since(game, "turn", fid)
    ):
        return ability
    game.emit("doubled", fid, "move", ability.value * 2)
    return msgspec.structs.replace(ability, value=ability.value * 2)


for _kind, _run, _apply in (
    ("ns_consume", _run_consume, _apply_consume),
    ("ns_do", _run_do, None),
    ("ns_teleport", _run_teleport, _apply_teleport),
    ("ns_after", _run_after, None),
):
    task_handler(_kind, _run, _apply)
