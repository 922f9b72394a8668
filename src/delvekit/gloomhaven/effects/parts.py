"""The parts of a named effect, what happened this turn or round, and performing an attack
or a move for a wording: the small helpers every class module shares.

:mod:`~delvekit.gloomhaven.content.character_cards` writes a class wording as a ``custom``
ability whose ``then`` holds its parts: one-word flags (:func:`flags`, :func:`flag_number`) and
structured abilities (:func:`parts`). :class:`StrikeBonus` is what a character's bonuses add to
one attack on one target (gathered by :mod:`~delvekit.gloomhaven.effects.strike`).
"""

from __future__ import annotations

from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, half_of
from delvekit.gloomhaven.engine.payloads import AttackStep, MoveStep
from delvekit.gloomhaven.engine.state import ActiveCard, Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import Half

NEGATIVE = frozenset(c for c in Condition if c.negative)


# ----------------------------------------------------------------- parts


def flags(ability: Ability) -> list[str]:
    """The one-word parts of a named effect, in order."""
    return [a.note for a in ability.then if a.kind == "custom"]


def flag_number(ability: Ability, prefix: str, default: int = 0) -> int:
    """The number ending the first flag that starts with ``prefix`` (``enemy-range-5`` → 5)."""
    for note in flags(ability):
        if note.startswith(prefix):
            tail = note.removeprefix(prefix).rsplit("-", 1)[-1]
            if tail.isdigit():
                return int(tail)
    return default


def parts(ability: Ability, kind: str) -> list[Ability]:
    return [a for a in ability.then if a.kind == kind]


def events_since(game: Game, kind: str, fid: str) -> list[tuple[str, tuple[str, ...]]]:
    """Events after the last ``kind`` event of ``fid`` (its turn, its action...)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == kind and e.args and e.args[0] == fid:
            break
        out.append((e.kind, e.args))
    out.reverse()
    return out


def moved_hexes(events: list[tuple[str, tuple[str, ...]]], fid: str) -> list[Hex]:
    return [actions.parse_hex(args[1]) for kind, args in events if kind == "moved" and args[0] == fid]


def damage_dealt(events: list[tuple[str, tuple[str, ...]]], fid: str) -> int:
    return sum(
        int(args[3].removeprefix("damage="))
        for kind, args in events
        if kind == "attack" and args[0] == fid and len(args) > 3
    )


def x_value(game: Game, fid: str, ability: Ability) -> int:
    rules = flags(ability)
    events = events_since(game, "turn", fid)
    if "x-is-hexes-moved-this-turn" in rules:
        return len(moved_hexes(events, fid))
    if "x-is-damage-dealt-this-turn" in rules:
        return damage_dealt(events, fid)
    return 0


def active_halves(game: Game, cid: str) -> list[tuple[int, ActiveCard, Half]]:
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    return [(i, a, half_of(game, cid, a.card, a.half)) for i, a in enumerate(ch.active)]


def named_in(half: Half, note: str) -> list[Ability]:
    return [a for a in half.abilities if a.kind == "custom" and a.note == note]


def attack_task_text(ability: Ability, extras: str = "") -> str:
    """An ``attack`` task's text: nobody picked yet, and the extras' tokens if any."""
    return AttackStep(ability, (), extras or None).text


def perform_attack(game: Game, fid: str, ability: Ability, extras: str = "") -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    game.push(Task("attack", fid, ability.value, attack_task_text(ability, extras)))


def perform_move(game: Game, fid: str, move: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.IMMOBILIZE in f.conditions:
        game.emit("prevented", fid, "move", "immobilize")
        return
    game.push(Task("move", fid, move.value, MoveStep(0, "jump" if move.jump else "walk").text))


# ------------------------------------------------- enemies moved through, adjacent


def moved_through(game: Game, f: Figure) -> list[Figure]:
    """Enemies standing on hexes ``f`` entered during this action (it cannot end on them)."""
    path = moved_hexes(events_since(game, "action", f.id), f.id)
    on = {g.hex: g for g in game.state.figures.values() if actions.hostile(f, g)}
    seen: dict[str, Figure] = {}
    for h in path:
        g = on.get(h)
        if g is not None and h != f.hex:
            seen.setdefault(g.id, g)
    return list(seen.values())


def adjacent_enemies(game: Game, f: Figure) -> list[Figure]:
    return [g for g in actions.targets(game, f, 0)]


# ------------------------------------------------------ one attack's bonuses


class StrikeBonus:
    """What a character's bonuses add to one attack on one target."""

    __slots__ = (
        "adds", "advantage", "attack", "heal_ally", "heal_self", "pierce", "retaliate", "shield", "why", "xp"
    )  # fmt: skip

    def __init__(self) -> None:
        self.attack = 0
        self.advantage = False
        self.pierce = 0
        self.adds: list[Condition] = []
        self.why: list[str] = []
        self.heal_self = 0
        self.heal_ally: list[tuple[int, int]] = []
        self.shield = 0
        self.retaliate = 0
        self.xp = 0


# ------------------------------------------------------ in reach, picking one


def figures_in_reach(game: Game, f: Figure, reach: int, candidates: list[Figure]) -> list[Figure]:
    board = game.board()
    if board is None:
        return []
    if reach <= 1:
        return [g for g in candidates if board.adjacent(f.hex, g.hex)]
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    return [g for g in candidates if near.get(g.hex, reach + 1) <= reach and sight.visible(f.hex, g.hex)]


def reach_of(ability: Ability) -> int:
    for note in flags(ability):
        if note.startswith("affects-") and "-range-" in note:
            return int(note.rsplit("-", 1)[1])
    return 1


def offer_pick(game: Game, fid: str, kind: str, ability: Ability, candidates: list[Figure]) -> None:
    """Let the player pick one of ``candidates`` within the ability's reach (a ``kind`` pick
    task), or report that there is no target."""
    f = game.state.figures[fid]
    found = sorted(g.id for g in figures_in_reach(game, f, reach_of(ability), candidates))
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_pick", fid, 0, f"{kind}|{';'.join(found)}|{ability}"))


# ---------------------------------------------------------------- empty hexes


def empty_adjacent(game: Game, f: Figure) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    st = game.state
    taken = {g.hex for g in st.figures.values()}
    return [
        h
        for h in neighbours(f.hex)
        if h in board.hexes
        and board.adjacent(f.hex, h)
        and board.terrain_at(h) is None
        and h not in board.doors
        and h not in taken
        and h not in st.coins
    ]


def is_adjacent(game: Game, a: Figure, b: Figure) -> bool:
    board = game.board()
    return board is not None and board.adjacent(a.hex, b.hex)


# ------------------------------------------------------- this round, by events


def round_events(game: Game) -> list[tuple[str, tuple[str, ...]]]:
    """The events of the current round (after its ``round`` event)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    out.reverse()
    return out


def named_in_play(game: Game, note: str) -> bool:
    """Whether a character has a round card with the named effect in its active area (the
    effects kept in this round's events: a cheap test before reading the events)."""
    characters = game.state.characters
    if not any(a.duration == "round" for ch in characters.values() for a in ch.active):
        return False
    return any(named_in(half, note) for cid in characters for _, _, half in active_halves(game, cid))
