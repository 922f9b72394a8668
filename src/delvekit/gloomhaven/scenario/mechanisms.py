"""Scenario mechanisms the printed goals need: breakable walls, carried tokens, the Staff of Xorn.

Mechanisms of the scenario book that no rule data carries, written into the setup's rule
records (:mod:`~delvekit.gloomhaven.model.scenario_rules`: ``wall``, ``wall-opening``, ``token``,
``staff``) by :func:`mechanism_lines` and performed through the hooks of
:mod:`delvekit.gloomhaven.engine.registry`:

**Breakable walls** (the content's ``breakable-wall`` doors: a wall hex between two rooms, a
closed door on the board).

* ``wall`` (:class:`~delvekit.gloomhaven.model.scenario_rules.BreakableWall`: ``health``,
  ``stun``, ``hexes``) — scenario 76: each wall hex is an objective figure ``wall.N`` (``health``
  an expression in ``C`` and ``L``: ``C+L/2``, rounded up) on the monsters' side, placed as soon as
  one of its two rooms is revealed. Characters attack it like an
  enemy (:func:`wall_in_reach`: range counted into the wall hex, sight to it as if it were
  open); the monster and summon AI leave it alone. Destroyed, it **breaks**: the wall
  hex becomes an open corridor hex (its wall terrain and door are gone), the rooms on both
  sides are revealed, and with ``stun`` every enemy next to it is stunned (event
  ``wall-broken Q,R``).
* ``wall-opening`` (``round``, ``hexes``) — scenario 84: as that round starts, those walls break
  (no figure, no stun): the corridors the book places on hexes b, c and d at rounds 4, 6 and 9.

**Carried tokens** (a treasure tile that a character holds and carries to a goal):

* ``token`` (``name``, ``enters``, ``drop``, ``at``, ``passes``, ``move``) — ``enters``
  ``start``: the party chooses which character holds it as round 1 starts (decision ``party
  token-holder``, choices ``holder NAME CID``; scenario 69's doll, 54's Staff of Xorn);
  ``drop``: a monster of type ``drop`` leaves it on its hex when it dies (scenario 88: the
  Lurker King's claw); ``at``: it lies on hex ``at`` from the start (scenario 82: the
  artifacts of treasure tile 62). A token on the ground is taken by a character ending its
  turn on its hex or by a Loot ability reaching its hex; with ``passes`` a character's Loot
  ability reaching the holder's hex takes it from the holder (else never); an exhausted holder
  leaves it on the hex where it stood last; ``move`` (``-2``: 88's claw) is added to every Move
  ability of its holder (:func:`move_change`). Events ``token-taken NAME CID``,
  ``token-dropped NAME Q,R``. :func:`holder` and :func:`token_hex` tell where a token is; the goal
  ``carry`` (:mod:`~delvekit.gloomhaven.scenario.goals`) holds when its holder stands on one of
  the hexes (or, with ``back``, once the token was taken, when every character stands on those:
  82's escape with the artifacts).

**The Staff of Xorn** (scenario 54): ``staff`` (``monster``, ``charge``) — only the Seeker of
Xorn (the character the party chose to hold the ``staff`` token) damages monsters of that type,
and only by its attacks (any other damage to them is prevented, event ``no-damage ID staff``);
each point it deals charges the staff (``staff:charge`` in the marks, :func:`staff_charge`);
``charge`` (``2xCx(L+1)``) is the full charge. The goal ``staff`` holds when the charged Seeker
stands next to the altar.

State lives in ``GameState.scenario_marks`` (cloned with the state): ``wall:Q,R`` (placed),
``broken:Q,R``, ``token:NAME:CID`` (held), ``token:NAME@Q,R`` (on the ground).

>>> from delvekit.gloomhaven.content import load_pack
>>> mechanism_lines(load_pack().scenarios[88], {})
[Token(name='claw', enters='drop', drop='lurker-king', at=None, passes=True, move=-2)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex, distance, neighbours
from delvekit.core.los import sight_for
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine.game import task_handler
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.scenario_rules import (
    BreakableWall,
    ScenarioRule,
    Staff,
    Token,
    WallOpening,
)

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Scenario
    from delvekit.gloomhaven.engine.game import Game

WALL_HEALTH: dict[int, tuple[str, bool]] = {76: ("C+L/2", True)}
"""Scenarios whose breakable walls are attacked: (health, stun the enemies next to a broken
wall) — scenario book p.96, Harrower Hive: walls C+(L/2) HP rounded up."""

WALL_OPENINGS: dict[int, tuple[tuple[int, str], ...]] = {84: ((4, "b"), (6, "c"), (9, "d"))}
"""Scenarios whose breakable walls open by themselves as a round starts: (round, marker of the
room behind) — scenario book p.106, Crystalline Cave: corridors on b, c, d at rounds 4, 6, 9."""

TOKENS: dict[int, tuple[str, str, str, int]] = {
    54: ("staff", "start", "keep", 0),
    69: ("doll", "start", "pass", 0),
    88: ("claw", "drop=lurker-king", "pass", -2),
    82: ("artifact", "treasure=62", "keep", 0),
}
"""Carried tokens by scenario: (name, how it enters play, whether a Loot takes it from its
holder, the change to its holder's Move abilities) — scenario book p.88 (69, the doll), p.111
(88, the Lurker King's claw, -2 Move), p.104 (82, the artifacts of treasure tile 62, "the
character holding its items"), p.71 (54, the Staff of Xorn, which the Seeker holds)."""

STAFF: dict[int, tuple[str, str]] = {54: ("harrower-infester", "2xCx(L+1)")}
"""The Staff of Xorn (scenario book p.71): the monster type only the Seeker damages, the charge."""

def _hex(text: str) -> Hex:
    """A hex of a scenario mark or an event (``Q,R``)."""
    q, r = text.split(",")
    return int(q), int(r)


def mechanism_lines(s: Scenario, room_index: Mapping[int, int]) -> list[ScenarioRule]:
    """The mechanism records of scenario ``s`` (empty for most scenarios)."""
    out: list[ScenarioRule] = []
    walls = {d.hex: d for d in s.doors if d.kind == "breakable-wall"}
    if s.number in WALL_HEALTH and walls:
        health, stun = WALL_HEALTH[s.number]
        out.append(BreakableWall(health=health, stun=stun, hexes=tuple(sorted(walls))))
    for rnd, marker in WALL_OPENINGS.get(s.number, ()):
        rooms = {r.number for r in s.rooms if r.marker == marker}
        hexes = [h for h, d in walls.items() if rooms & set(d.rooms)]
        if hexes:
            out.append(WallOpening(round=rnd, hexes=tuple(sorted(set(hexes)))))
    if s.number in TOKENS:
        name, how, passing, move = TOKENS[s.number]
        passes = passing == "pass"
        if how.startswith("treasure="):
            tile = how.removeprefix("treasure=")
            spots = [h for o in s.overlays if o.kind == "treasure" and o.treasure == tile for h in o.hexes]
            if spots:
                out.append(Token(name=name, enters="at", at=spots[0], passes=passes, move=move))
        elif how.startswith("drop="):
            drop = how.removeprefix("drop=")
            out.append(Token(name=name, enters="drop", drop=drop, passes=passes, move=move))
        else:
            out.append(Token(name=name, enters="start", passes=passes, move=move))
    if s.number in STAFF:
        out.append(Staff(monster=STAFF[s.number][0], charge=STAFF[s.number][1]))
    return out


_KINDS = (BreakableWall, WallOpening, Token, Staff)


def _has_mechanisms(game: Game) -> bool:
    """Whether the setup has mechanisms (``wall``, ``wall-opening``, ``token`` or ``staff``)."""
    return any(game.tables.rules_of(kind) for kind in _KINDS)


# ------------------------------------------------------------------------------- walls


def _wall_ids(game: Game) -> dict[Hex, str]:
    hexes = sorted(h for wall in game.tables.rules_of(BreakableWall) for h in wall.hexes)
    return {h: f"wall.{i}" for i, h in enumerate(hexes, 1)}


def _place_walls(game: Game) -> None:
    st = game.state
    for wall in game.tables.rules_of(BreakableWall):
        ids = _wall_ids(game)
        for h in wall.hexes:
            mark = f"wall:{h[0]},{h[1]}"
            rooms = game.tables.door_room.get(h, ())
            if mark in st.scenario_marks or not any(r in st.revealed_rooms for r in rooms):
                continue
            st.scenario_marks[mark] = st.round
            if f"broken:{h[0]},{h[1]}" in st.scenario_marks or any(f.hex == h for f in st.figures.values()):
                continue
            health = int(parse_expr(wall.health).evaluate(C=len(game.setup.party), L=game.setup.level))
            fid = ids[h]
            st.figures[fid] = Figure(
                fid, "objective", "Wall", max(1, health), h, immune=frozenset(Condition), side="monsters"
            )
            game.emit("objective", fid, "wall", f"hp={max(1, health)}", f"hex={h[0]},{h[1]}")


def break_wall(game: Game, h: Hex, *, stun: bool = False) -> None:
    """The breakable wall on ``h`` breaks: an open hex from now on, the rooms on both sides
    revealed, and with ``stun`` every enemy of the characters next to it stunned."""
    st = game.state
    mark = f"broken:{h[0]},{h[1]}"
    if mark in st.scenario_marks:
        return
    st.scenario_marks[mark] = st.round
    st.opened = st.opened | {h}
    st.sprung = st.sprung | {h}  # its printed terrain (the wall) is gone, as a destroyed obstacle
    game.emit("wall-broken", f"{h[0]},{h[1]}")
    for room in game.tables.door_room.get(h, ()):
        if room not in st.revealed_rooms and 0 < room < len(game.setup.rooms):
            game.reveal_room(room)
    if stun:
        board = game.board()
        assert board is not None
        for f in list(st.figures.values()):
            enemy = f.kind == "monster" and f.side != "party"
            if enemy and distance(f.hex, h) == 1 and board.adjacent(f.hex, h):
                game.add_condition(f.id, Condition.STUN)


def wall_in_reach(
    game: Game, board: Board, near: Mapping[Hex, int], src: Hex, h: Hex, attack_range: int
) -> bool:
    """Whether a ranged attack from ``src`` (``near``: its steps around walls) reaches the wall
    hex ``h``: one step beyond an open neighbour within range, and in sight of ``src`` on the
    board with ``h`` open (the book: a wall is attacked like a regular enemy)."""
    steps = min((near[n] for n in neighbours(h) if n in near and board.adjacent(n, h)), default=attack_range)
    if steps + 1 > attack_range:
        return False
    terrain = {k: t for k, t in board.terrain.items() if k != h or t is not Terrain.WALL}
    opened = board.replace(terrain=terrain, doors=board.doors - {h})
    return sight_for(opened, game.tables.ruleset.los).visible(src, h)


def _wall_died(game: Game, figure: Figure) -> None:
    if figure.kind != "objective" or not figure.id.startswith("wall."):
        return
    for wall in game.tables.rules_of(BreakableWall):
        if figure.hex in wall.hexes:
            break_wall(game, figure.hex, stun=wall.stun)


def _open_walls(game: Game) -> None:
    for opening in game.tables.rules_of(WallOpening):
        if game.state.round == opening.round:
            for h in opening.hexes:
                break_wall(game, h)


# ------------------------------------------------------------------------------ tokens


def holder(game: Game, name: str) -> str | None:
    """The character holding token ``name`` (``None``: on the ground or not in play yet)."""
    prefix = f"token:{name}:"
    return next((k[len(prefix) :] for k in game.state.scenario_marks if k.startswith(prefix)), None)


def token_hex(game: Game, name: str) -> Hex | None:
    """The hex where token ``name`` lies on the ground (``None``: held or not in play)."""
    prefix = f"token:{name}@"
    key = next((k for k in game.state.scenario_marks if k.startswith(prefix)), None)
    return _hex(key[len(prefix) :]) if key is not None else None


def _tokens(game: Game) -> tuple[Token, ...]:
    return game.tables.rules_of(Token)


def move_change(game: Game, fid: str) -> int:
    """What the tokens ``fid`` holds add to its Move abilities (88: the claw, -2)."""
    if not game.setup.rules:
        return 0
    return sum(t.move for t in _tokens(game) if t.move and holder(game, t.name) == fid)


def was_taken(game: Game, name: str) -> bool:
    """Whether a character has held token ``name`` at some time."""
    return f"token-had:{name}" in game.state.scenario_marks


def _give(game: Game, name: str, cid: str) -> None:
    st = game.state
    for key in [k for k in st.scenario_marks if k.startswith((f"token:{name}:", f"token:{name}@"))]:
        del st.scenario_marks[key]
    st.scenario_marks[f"token:{name}:{cid}"] = st.round
    if f"token-had:{name}" not in st.scenario_marks:
        st.scenario_marks[f"token-had:{name}"] = st.round
        st.scenario_marks[f"token-first:{name}:{cid}"] = st.round
    game.emit("token-taken", name, cid)


def first_holder(game: Game, name: str) -> str | None:
    """The character who held token ``name`` first (54: the Seeker of Xorn)."""
    prefix = f"token-first:{name}:"
    return next((k[len(prefix) :] for k in game.state.scenario_marks if k.startswith(prefix)), None)


def round_tasks(game: Game) -> list[Task]:
    """Tasks before the cards are chosen as a round starts: the party chooses who holds each
    token that starts with a character (round 1)."""
    if not game.setup.rules or game.state.round != 1:
        return []
    return [
        Task("token_holder", "party", 0, t.name)
        for t in _tokens(game)
        if t.enters == "start" and holder(game, t.name) is None and token_hex(game, t.name) is None
    ]


def _run_choose_holder(game: Game, task: Task) -> Decision | None:
    st = game.state
    who = [c.id for c in game.setup.party if not st.characters[c.id].exhausted and c.id in st.figures]
    if len(who) < 2 or holder(game, task.text) is not None:
        game.pop_task()
        if who and holder(game, task.text) is None:
            _give(game, task.text, who[0])
        return None
    return Decision("party", "token-holder", [Choice("holder", (task.text, cid)) for cid in who])


def _apply_choose_holder(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    _give(game, choice.args[0], choice.args[1])


task_handler("token_holder", _run_choose_holder, _apply_choose_holder)


def _drop(game: Game, name: str, h: Hex) -> None:
    st = game.state
    for key in [k for k in st.scenario_marks if k.startswith((f"token:{name}:", f"token:{name}@"))]:
        del st.scenario_marks[key]
    st.scenario_marks[f"token:{name}@{h[0]},{h[1]}"] = st.round
    game.emit("token-dropped", name, f"{h[0]},{h[1]}")


def _last_hex(game: Game, cid: str) -> Hex | None:
    """Where character ``cid`` stood last (its latest move or placement)."""
    for e in reversed(game.events):
        if e.args and e.args[0] == cid:
            if e.kind == "moved":
                return _hex(e.args[1])
            if e.kind == "placed" and len(e.args) > 1 and e.args[-1].startswith("hex="):
                return _hex(e.args[-1].removeprefix("hex="))
    return None


def _settle(game: Game) -> None:
    """Tokens enter play (``at=``: on their hex as round 1 starts; ``start``: by the party's
    choice, :func:`round_tasks`) and leave an exhausted holder."""
    st = game.state
    for t in _tokens(game):
        name = t.name
        who = holder(game, name)
        starts = t.enters == "at" and t.at is not None and f"token-start:{name}" not in st.scenario_marks
        if t.at is not None and starts and st.round >= 1:
            st.scenario_marks[f"token-start:{name}"] = st.round
            _drop(game, name, t.at)
            continue
        if who is not None and (st.characters[who].exhausted or who not in st.figures):
            h = _last_hex(game, who)
            if h is not None:
                _drop(game, name, h)


def turn_ended(game: Game, figure: Figure) -> None:
    if not _has_mechanisms(game):
        return
    _settle(game)
    if figure.kind != "character":
        return
    for t in _tokens(game):
        if token_hex(game, t.name) == figure.hex:
            _give(game, t.name, figure.id)


def looted(game: Game, figure: Figure, hexes: set[Hex]) -> None:
    if not _has_mechanisms(game) or figure.kind != "character":
        return
    _settle(game)
    for t in _tokens(game):
        who = holder(game, t.name)
        held_at = game.state.figures[who].hex if who is not None and who in game.state.figures else None
        taken = t.passes and who is not None and who != figure.id and held_at in hexes
        if token_hex(game, t.name) in hexes or taken:
            _give(game, t.name, figure.id)


def died(game: Game, figure: Figure) -> None:
    if not _has_mechanisms(game):
        return
    _wall_died(game, figure)
    if figure.kind != "monster":
        return
    for t in _tokens(game):
        dropped = t.enters == "drop" and t.drop == figure.name
        if dropped and holder(game, t.name) is None and token_hex(game, t.name) is None:
            _drop(game, t.name, figure.hex)


# ------------------------------------------------------------------- the Staff of Xorn


def seeker(game: Game) -> str:
    """The Seeker of Xorn: the character the party chose to hold the staff (before the choice:
    the party's first character)."""
    return first_holder(game, "staff") or game.setup.party[0].id


def staff_charge(game: Game) -> int:
    """Damage tokens on the Staff of Xorn so far."""
    return game.state.scenario_marks.get("staff:charge", 0)


def staff_damage(game: Game, figure: Figure, amount: int, source: str) -> bool:
    """Damage to the staff's monster type: only the Seeker's attacks deal it, charging the staff."""
    staff = [x.monster for x in game.tables.rules_of(Staff)]
    if not staff or figure.kind != "monster" or figure.name not in staff:
        return False
    last = game.events[-1] if game.events else None
    by = last.args[0] if last is not None and last.kind == "attack" and last.args[1:2] == (figure.id,) else ""
    if source != "attack" or by != seeker(game):
        game.emit("no-damage", figure.id, "staff")
        return True
    marks = game.state.scenario_marks
    marks["staff:charge"] = marks.get("staff:charge", 0) + min(amount, figure.hp)
    game.emit("staff-charged", marks["staff:charge"])
    return False


def at_round(game: Game, timing: str) -> None:
    if not _has_mechanisms(game):
        return
    if timing == "start":
        _place_walls(game)
        _open_walls(game)
    _settle(game)


def room_revealed(game: Game, room: int) -> None:
    if _has_mechanisms(game):
        _place_walls(game)
