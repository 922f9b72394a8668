"""Scenario special rules and goals (the setup's ``rules`` lines), performed by the engine
through the hooks of :mod:`delvekit.gloomhaven.engine.registry`.

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
* ``rule|N|JSON`` — rule N of the scenario's rule data, the content's own
  :class:`~delvekit.gloomhaven.content.scenario.Rule` record (room numbers as setup room
  indices), performed by :mod:`~delvekit.gloomhaven.scenario.triggers`: spawns, figure
  effects and conditions, element states, room reveals, stat changes, toggles, ``finish``.
* ``marker|KEY|Q,R`` — the hex of a spawn marker (a letter, or ``#N`` for rule N's spawns
  that name none).
* ``objective|JSON`` — an objective figure placed with its room
  (:mod:`~delvekit.gloomhaven.scenario.objectives`): ``name``, ``health`` (an expression in
  ``C`` and ``L``), ``marker``, ``escort``, ``room``, ``hex``, ``number``; an escort that
  moves also ``move`` (its Move on initiative 99), ``to`` (hexes) and ``reach`` (``adjacent``:
  it heads for a hex next to one of them; ``on``: into one, and is then saved); a door
  objective also ``door``, the locked door it is, opened when it is destroyed.
* ``ally|TYPE`` — monsters of TYPE fight on the characters' side.
* ``no-damage|TYPE`` — monsters of TYPE cannot be damaged in any way; conditions and other
  effects still apply (scenario 70's Living Spirits).
* ``zone|KEY|Q,R;...`` — a set of hexes a rule's figures entry names with the marker
  ``zone:KEY`` (only the figures standing there: scenario 47's J tile).
* ``each-turn|N`` — rule N's figure effects happen as each character's turn ends, to that
  character and its summons, instead of at the round's start or end (scenario 51: 2 damage
  at the end of each of their turns; summons act just before their owner).
* ``plate|Q,R;...|EFFECT|VALUE|COUNT`` — pressure plates: when a character ends its turn on
  one of them and COUNT of them (an expression in ``C``; default 1) hold characters at once,
  EFFECT happens, once: ``reveal`` (VALUE a room index), ``open`` (VALUE door hexes
  ``Q,R;...``: also locked ones) or ``finish`` (VALUE ``won`` or ``lost``).

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
from delvekit.gloomhaven.content import scenario as cs_scenario
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifiers import parse_card


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


class RuleLine(msgspec.Struct, frozen=True):
    index: int
    rule: cs_scenario.Rule


class Marker(msgspec.Struct, frozen=True):
    key: str
    hex: Hex


class ObjectiveLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    health: str
    hex: Hex
    room: int = 0
    marker: str = ""
    escort: bool = False
    number: int = 1
    move: int = 0
    to: tuple[Hex, ...] = ()
    reach: Literal["", "adjacent", "on"] = ""
    door: Hex | None = None


class EachTurn(msgspec.Struct, frozen=True):
    index: int


class Zone(msgspec.Struct, frozen=True):
    key: str
    hexes: tuple[Hex, ...]


class NoDamage(msgspec.Struct, frozen=True):
    monster: str


class Ally(msgspec.Struct, frozen=True):
    monster: str


class Plate(msgspec.Struct, frozen=True):
    hexes: tuple[Hex, ...]
    effect: Literal["reveal", "open", "finish"]
    value: str
    count: str = "1"
    """How many of ``hexes`` characters must hold at once (an expression in ``C``)."""

    @property
    def hex(self) -> Hex:
        """The first plate (names the group in events and marks)."""
        return self.hexes[0]


Line = (
    RoundRule
    | Goal
    | Spawn
    | Lock
    | RuleLine
    | Marker
    | ObjectiveLine
    | Ally
    | Plate
    | EachTurn
    | Zone
    | NoDamage
)

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
    if parts[0] in ("rule", "objective", "marker", "ally", "plate", "each-turn", "zone", "no-damage"):
        return _parse_more(parts, line, where)
    if parts[0] == "at" and len(parts) == 6 and parts[1] in ("start", "end"):
        rule = RoundRule(parts[1], parts[2], parts[3], parts[4], parts[5])  # type: ignore[arg-type]
        if rule.effect == "add-modifier" and rule.value.partition(":")[0] not in _CARDS:
            raise InputError(f"unknown modifier card {rule.value!r}", where=where)
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
        "'spawn|TIMING|WHEN|TYPE|RANKS|Q,R|STOP', 'lock|Q,R;...|TYPE', 'rule|N|JSON', "
        "'marker|KEY|Q,R', 'objective|JSON', 'ally|TYPE' or 'plate|Q,R|EFFECT|VALUE'",
        where=where,
    )


_CARDS = ("bless", "curse", "minus1")


def _parse_more(parts: list[str], line: str, where: str) -> Line:
    try:
        if parts[0] == "rule" and len(parts) >= 3:
            record = msgspec.json.decode("|".join(parts[2:]), type=cs_scenario.Rule)
            for text in [record.when, *(sp.count for sp in record.spawns)]:
                if text:
                    parse_expr(text)
            return RuleLine(int(parts[1]), record)
        if parts[0] == "objective" and len(parts) >= 2:
            objective = msgspec.json.decode("|".join(parts[1:]), type=ObjectiveLine)
            if parse_expr(objective.health).variables - {"C", "L"}:
                raise InputError(f"health {objective.health!r} may use C and L only", where=where)
            return objective
        if parts[0] == "marker" and len(parts) == 3 and parts[1]:
            return Marker(parts[1], _hex(parts[2]))
        if parts[0] == "each-turn" and len(parts) == 2:
            return EachTurn(int(parts[1]))
        if parts[0] == "no-damage" and len(parts) == 2 and parts[1]:
            return NoDamage(parts[1])
        if parts[0] == "zone" and len(parts) == 3 and parts[1]:
            return Zone(parts[1], tuple(_hex(t) for t in parts[2].split(";")))
        if parts[0] == "ally" and len(parts) == 2 and parts[1]:
            return Ally(parts[1])
        if parts[0] == "plate" and len(parts) in (4, 5) and parts[2] in ("reveal", "open", "finish"):
            hexes = tuple(_hex(t) for t in parts[1].split(";"))
            plate = Plate(hexes, parts[2], parts[3], *parts[4:])  # type: ignore[arg-type]
            if parse_expr(plate.count).variables - {"C"}:
                raise ValueError(f"count {plate.count!r} may use C only")
            if plate.effect == "reveal":
                int(plate.value)
            elif plate.effect == "open":
                [_hex(t) for t in plate.value.split(";")]
            elif plate.value not in ("won", "lost"):
                raise ValueError(plate.value)
            return plate
    except (ValueError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise InputError(f"bad {parts[0]} line: {exc}", where=where) from None
    raise InputError(f"bad {parts[0]} line", where=where)


@functools.lru_cache(maxsize=64)
def _parsed(rules: tuple[str, ...]) -> tuple[Line, ...]:
    # ``win|``/``lose|`` lines are the goals of scenarios 11-95 (scenario_goals), ``mech|`` lines
    # their mechanisms (scenario_mechanisms)
    return tuple(parse_line(line) for line in rules if not line.startswith(("win|", "lose|", "mech|")))


parsed = _parsed
"""Every line of a setup's ``rules`` this module reads, parsed (cached per setup)."""


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
        game.emit("scenario-rule", timing, rule.effect, rule.value.replace(":", "x") or "-")
        for f in who:
            if rule.effect == "add-modifier":
                add_cards(game, f, rule.value)
            elif rule.effect == "condition":
                game.add_condition(f.id, Condition.parse(rule.value))
            else:
                amount = parse_expr(rule.value).evaluate(C=len(game.setup.party), L=game.setup.level)
                game.suffer_damage(f.id, int(amount), "scenario")


def add_cards(game: Game, f: Figure, value: str) -> None:
    """``curse:3``: three curse cards into ``f``'s deck (bless and curse within their supply);
    ``minus1:2``: two scenario −1 cards (they leave with the scenario's end, as the deck is
    built anew for each scenario)."""
    card, _, count = value.partition(":")
    for _ in range(int(count or "1")):
        if card == "minus1":
            key = game.modifier_deck_key(f.id)
            deck = game.state.modifier_decks.get(key)
            if deck is None:
                continue
            game.state.modifier_decks[key] = deck.with_card(parse_card("-1"), game.state.rng)
            game.emit("modifier-added", f.id, "-1")
        else:
            game.add_modifier_card(f.id, card)


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
    if rank != "none":
        spawn_monster(game, rule.monster, rank, rule.hex)


def spawn_monster(game: Game, monster: str, rank: str, at: Hex, *, mid_round: bool = False) -> Figure | None:
    """One monster of type ``monster`` and ``rank`` appears on ``at`` (or the nearest empty
    hex, :func:`spawn_hex`) with a standee from the box: it drops no money, and appearing in
    a round already under way it acts in initiative order like a revealed room's monsters
    (§5.5; ``mid_round``: during a turn, not as the round starts or ends). ``None`` (an
    event says why) when no standee or hex is left."""
    st = game.state
    if monster not in game.tables.types:
        raise InputError(f"monster type {monster!r} is not in the setup", where="scenario rule spawn")
    pool = st.standees.get(monster)
    where = spawn_hex(game, at)
    if not pool or where is None:
        game.emit("no-spawn", monster, "no-standee" if not pool else "no-hex")
        return None
    number = pool.pop(st.rng.randint(0, len(pool) - 1))
    stats = game.tables.types[monster].stats(rank)  # type: ignore[arg-type]
    fid = f"{monster}#{number}"
    allied = monster in allies(game.setup.rules)
    fig = Figure(
        fid, "monster", monster, stats.health, where, rank=rank,  # type: ignore[arg-type]
        standee=number, immune=frozenset(stats.immunities), spawned=True,
        side="party" if allied else "monsters",
    )  # fmt: skip
    st.figures[fid] = fig
    game.emit("spawned", fid, rank, f"hex={where[0]},{where[1]}")
    if mid_round and st.order and st.turn_index > 0:  # it acts this round, in initiative order
        deck = game.tables.types[monster].deck
        if deck not in st.revealed:
            game.draw_ability(deck)
        current = st.order[st.turn_index - 1].initiative
        game.push(Task("schedule", monster, current))
    return fig


def allies(rules: tuple[str, ...]) -> frozenset[str]:
    """The monster types fighting on the characters' side (``ally`` lines)."""
    return frozenset(line.monster for line in _parsed(rules) if isinstance(line, Ally))


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
                game.emit("treasure-looted", figure.id, here)


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
