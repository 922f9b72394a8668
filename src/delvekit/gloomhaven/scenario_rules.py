"""Scenario special rules and goals (the setup's ``rules`` lines), performed by the engine
through the hooks of :mod:`delvekit.gloomhaven.effects`.

Two kinds of line:

* ``at|TIMING|WHEN|WHO|EFFECT|VALUE`` — at the ``start`` or ``end`` of every round in which the
  expression WHEN holds (in ``R`` round, ``C`` characters, ``L`` scenario level; empty: every
  round), every figure WHO names (``character``, ``monster`` or a monster type) gets EFFECT:
  ``add-modifier`` (VALUE ``curse:3``: three curse cards shuffled into its deck, within the
  supply), ``condition`` (VALUE a condition) or ``damage`` (VALUE an expression; damage that
  is not an attack).
* ``goal|KIND|VALUE`` — the scenario is won when every goal line holds (checked whenever a
  monster dies and as every turn ends): ``kill|TYPE`` (every standee of TYPE the scenario
  places was revealed and none is on the map), ``revealed|`` (no monster on the map, revealed
  rooms only — without it the "kill all" goal also wants every room revealed), ``kills|N`` (N
  monsters killed in all, N an expression in ``C``: scenario 3's ``5xC``), ``room|I`` (room
  I, an index into the setup's rooms, revealed: scenario 6's M tile), ``treasure|Q,R;Q,R...``
  (every goal treasure tile on those hexes looted, by a Loot ability or by a character ending
  its turn on one) and ``treasure-loot|Q,R;...`` (the same, but only a Loot ability loots
  them: scenario 7).
  Without goal lines the setup's ``win`` rule applies.
* ``spawn|TIMING|WHEN|TYPE|RANKS|Q,R|STOP`` — at the ``start`` or ``end`` of every round in
  which WHEN holds, one monster of TYPE appears on hex Q,R (occupied: the nearest empty hex,
  counted around walls; ties: the lowest hex), its rank for 2, 3 and 4 characters in RANKS
  (``normal,none,none``: two characters only); it acts on its initiative like any monster (a
  spawn is no summon) and drops no money when it dies. STOP: room indices, comma-separated,
  whose reveal ends the rule (scenario 3: the cave behind door 1). No standee left: nothing
  appears.
* ``lock|Q,R;Q,R...|TYPE`` — the closed doors on those hexes are locked: no character or
  summon opens them (they are walls to them); only a monster of TYPE does, with its "move to
  the next door" special, in the listed order (scenario 2: the Bandit Commander, doors a–d).

>>> parse_line("at|start|R == 1|character|add-modifier|curse:3").effect
'add-modifier'
>>> parse_line("goal|kill|bandit-commander").value
'bandit-commander'
>>> parse_line("spawn|end|R % 2 == 1|inox-guard|normal,none,none|8,2|5").hex
(8, 2)
>>> locked_doors(("lock|7,7;4,8|bandit-commander",))
((7, 7), (4, 8))
"""

from __future__ import annotations

import functools
from typing import Literal

import msgspec

from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex, neighbours
from delvekit.gloomhaven import effects
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.state import Figure


class RoundRule(msgspec.Struct, frozen=True):
    timing: Literal["start", "end"]
    when: str
    who: str
    effect: str
    value: str


GoalKind = Literal["kill", "revealed", "kills", "room", "treasure", "treasure-loot"]
_GOAL_KINDS = ("kill", "revealed", "kills", "room", "treasure", "treasure-loot")


class Goal(msgspec.Struct, frozen=True):
    kind: GoalKind
    value: str


class Spawn(msgspec.Struct, frozen=True):
    timing: Literal["start", "end"]
    when: str
    monster: str
    ranks: tuple[str, str, str]
    hex: Hex
    stop: tuple[int, ...]


class Lock(msgspec.Struct, frozen=True):
    doors: tuple[Hex, ...]
    opener: str


Line = RoundRule | Goal | Spawn | Lock

_RANKS = ("normal", "elite", "none")


def _hex(token: str) -> Hex:
    q, r = token.split(",")
    return int(q), int(r)


def parse_line(line: str) -> Line:
    """One rule line; a malformed one raises :class:`InputError` naming it."""
    try:
        return _parse_line(line)
    except InputError as exc:
        if exc.where.startswith("scenario rule"):
            raise
        raise InputError(str(exc), where=f"scenario rule {line!r}") from None


def _parse_line(line: str) -> Line:
    parts = line.split("|")
    where = f"scenario rule {line!r}"
    if parts[0] == "spawn" and len(parts) == 7 and parts[1] in ("start", "end"):
        try:
            ranks = tuple(parts[4].split(","))
            stop = tuple(int(x) for x in parts[6].split(",") if x)
            spawn = Spawn(parts[1], parts[2], parts[3], ranks, _hex(parts[5]), stop)  # type: ignore[arg-type]
        except ValueError:
            raise InputError("bad hex, ranks or rooms", where=where) from None
        if len(ranks) != 3 or any(r not in _RANKS for r in ranks):
            raise InputError(f"ranks {parts[4]!r}: three of normal, elite, none", where=where)
        if spawn.when:
            parse_expr(spawn.when)
        return spawn
    if parts[0] == "lock" and len(parts) == 3 and parts[1] and parts[2]:
        try:
            return Lock(tuple(_hex(t) for t in parts[1].split(";")), parts[2])
        except ValueError:
            raise InputError(f"bad door hexes {parts[1]!r}", where=where) from None
    if parts[0] == "at" and len(parts) == 6 and parts[1] in ("start", "end"):
        rule = RoundRule(parts[1], parts[2], parts[3], parts[4], parts[5])  # type: ignore[arg-type]
        if rule.effect not in ("add-modifier", "condition", "damage"):
            raise InputError(f"unknown effect {rule.effect!r}", where=where)
        if rule.when:
            parse_expr(rule.when)
        return rule
    if parts[0] == "goal" and len(parts) == 3 and parts[1] in _GOAL_KINDS:
        goal = Goal(parts[1], parts[2])  # type: ignore[arg-type]
        try:
            if goal.kind in ("treasure", "treasure-loot"):
                _treasures(goal)
            elif goal.kind == "room":
                int(goal.value)
            elif goal.kind == "kills" and parse_expr(goal.value).variables - {"C"}:
                raise InputError(f"kills {goal.value!r} may use C only", where=where)
        except ValueError:
            raise InputError(f"bad value {goal.value!r}", where=where) from None
        return goal
    raise InputError(
        "expected 'at|TIMING|WHEN|WHO|EFFECT|VALUE', 'goal|KIND|VALUE', "
        "'spawn|TIMING|WHEN|TYPE|RANKS|Q,R|STOP' or 'lock|Q,R;...|TYPE'",
        where=where,
    )


@functools.lru_cache(maxsize=64)
def _parsed(rules: tuple[str, ...]) -> tuple[Line, ...]:
    return tuple(parse_line(line) for line in rules)


def _lines(game: Game) -> tuple[Line, ...]:
    return _parsed(game.setup.rules)


def locked_doors(rules: tuple[str, ...]) -> tuple[Hex, ...]:
    """The locked doors of a setup's rule lines, in their opener's order (empty: none)."""
    return tuple(h for line in _parsed(rules) if isinstance(line, Lock) for h in line.doors)


def lock_of(rules: tuple[str, ...], opener: str) -> tuple[Hex, ...]:
    """The doors ``opener`` (a monster type) opens in order, from the lock lines naming it."""
    locks = [line for line in _parsed(rules) if isinstance(line, Lock) and line.opener == opener]
    return tuple(h for line in locks for h in line.doors)


def _applies(game: Game, rule: RoundRule | Spawn) -> bool:
    if not rule.when:
        return True
    names = {"R": game.state.round, "C": len(game.setup.party), "L": game.setup.level}
    expr = parse_expr(rule.when)
    return bool(expr.evaluate(**{k: v for k, v in names.items() if k in expr.variables}))


def at_round(game: Game, timing: str) -> None:
    """Perform the round rules and spawns of ``timing`` (``start`` or ``end``) that apply now."""
    st = game.state
    for rule in _lines(game):
        if isinstance(rule, Spawn) and rule.timing == timing and _applies(game, rule):
            _spawn(game, rule)
        if not isinstance(rule, RoundRule) or rule.timing != timing or not _applies(game, rule):
            continue
        who = [
            f
            for f in sorted(st.figures.values(), key=lambda f: f.id)
            if f.kind == rule.who or (f.kind == "monster" and f.name == rule.who)
        ]
        game._emit("scenario-rule", timing, rule.effect, rule.value.replace(":", "x") or "-")
        for f in who:
            if rule.effect == "add-modifier":
                card, _, count = rule.value.partition(":")
                for _ in range(int(count or "1")):
                    game.add_modifier_card(f.id, card)
            elif rule.effect == "condition":
                game.add_condition(f.id, Condition.parse(rule.value))
            else:
                amount = parse_expr(rule.value).evaluate(C=len(game.setup.party), L=game.setup.level)
                game.suffer_damage(f.id, int(amount), "scenario")


def _empty(game: Game, h: Hex) -> bool:
    board = game.board()
    assert board is not None
    st = game.state
    if h not in board.hexes or h in board.doors or board.is_wall(h) or h in st.coins:
        return False
    if h in st.created_traps or any(f.hex == h for f in st.figures.values()):
        return False
    terrain = board.terrain_at(h)
    return terrain is None or terrain.name in ("CORRIDOR", "PRESSURE_PLATE")


def spawn_hex(game: Game, h: Hex) -> Hex | None:
    """Where a monster spawning at ``h`` appears: ``h`` if empty, else the nearest empty hex
    (counted around walls, never through a closed door into an unrevealed room; ties: the
    lowest hex); ``None`` if there is none."""
    board = game.board()
    if board is None or h not in board.hexes:
        return None
    seen, layer = {h}, [h]
    while layer:
        free = sorted(x for x in layer if _empty(game, x))
        if free:
            return free[0]
        nxt = []
        for x in layer:
            for n in neighbours(x):
                if n in seen or n not in board.hexes or not board.adjacent(x, n):
                    continue
                seen.add(n)
                if not board.is_wall(n) and n not in board.doors:
                    nxt.append(n)
        layer = nxt
    return None


def _spawn(game: Game, rule: Spawn) -> None:
    st = game.state
    if any(r in st.revealed_rooms for r in rule.stop):
        return
    players = len(game.setup.party)
    rank = rule.ranks[min(max(players, 2), 4) - 2]
    if rank == "none":
        return
    if rule.monster not in game._static.types:
        raise InputError(f"monster type {rule.monster!r} is not in the setup", where="scenario rule spawn")
    pool = st.standees.get(rule.monster)
    where = spawn_hex(game, rule.hex)
    if not pool or where is None:
        game._emit("no-spawn", rule.monster, "no-standee" if not pool else "no-hex")
        return
    number = pool.pop(st.rng.randint(0, len(pool) - 1))
    stats = game._static.types[rule.monster].stats(rank)  # type: ignore[arg-type]
    fid = f"{rule.monster}#{number}"
    st.figures[fid] = Figure(
        fid, "monster", rule.monster, stats.health, where, rank=rank,  # type: ignore[arg-type]
        standee=number, immune=frozenset(stats.immunities), spawned=True,
    )  # fmt: skip
    game._emit("spawned", fid, rank, f"hex={where[0]},{where[1]}")


def _treasures(goal: Goal) -> list[tuple[int, int]]:
    out = []
    for token in goal.value.split(";"):
        q, r = token.split(",")
        out.append((int(q), int(r)))
    return out


def _looted(game: Game) -> set[str]:
    return {e.args[1] for e in game.events if e.kind == "treasure-looted"}


def _take(game: Game, figure: Figure, hexes: set[Hex], *, by_ability: bool) -> None:
    looted = _looted(game)
    for goal in _lines(game):
        if not isinstance(goal, Goal) or goal.kind not in ("treasure", "treasure-loot"):
            continue
        if goal.kind == "treasure-loot" and not by_ability:
            continue
        for q, r in _treasures(goal):
            here = f"{q},{r}"
            if (q, r) in hexes and here not in looted:
                looted.add(here)
                game._emit("treasure-looted", figure.id, here)


def loot_treasure(game: Game, figure: Figure) -> None:
    """A character ending its turn on a goal treasure tile loots it (§14), unless the
    scenario says only a Loot ability loots its goal treasures (``treasure-loot``)."""
    if figure.kind == "character":
        _take(game, figure, {figure.hex}, by_ability=False)


def loot_ability(game: Game, figure: Figure, hexes: set[Hex]) -> None:
    """A Loot ability of ``figure`` reached ``hexes``: it takes the goal treasure tiles there
    (characters only: a summon's loot goes nowhere, §14)."""
    if figure.kind == "character":
        _take(game, figure, hexes, by_ability=True)


def goal_met(game: Game) -> bool | None:
    """Whether the scenario's goal lines all hold now; ``None`` if it has none."""
    goals = [g for g in _lines(game) if isinstance(g, Goal)]
    if not goals:
        return None
    st = game.state
    for goal in goals:
        if goal.kind == "kill":
            rooms = game.setup.rooms
            placed = [r for r, room in enumerate(rooms) if any(p.monster == goal.value for p in room)]
            if any(r not in st.revealed_rooms for r in placed):
                return False
            if any(f.name == goal.value for f in st.figures.values()):
                return False
        elif goal.kind == "revealed":
            if any(f.kind == "monster" for f in st.figures.values()):
                return False
        elif goal.kind == "room":
            if int(goal.value) not in st.revealed_rooms:
                return False
        elif goal.kind in ("treasure", "treasure-loot"):
            looted = _looted(game)
            if any(f"{q},{r}" not in looted for q, r in _treasures(goal)):
                return False
        else:
            kills = sum(1 for e in game.events if e.kind == "killed" and "#" in e.args[0])
            if kills < int(parse_expr(goal.value).evaluate(C=len(game.setup.party))):
                return False
    return True


effects.ROUND_HOOKS.append(at_round)
effects.GOAL_HOOKS.append(goal_met)
effects.TURN_END_HOOKS.append(loot_treasure)
effects.LOOT_HOOKS.append(loot_ability)
