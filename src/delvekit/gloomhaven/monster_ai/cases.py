"""The gh-monster-ai-cases format: parse and validate, solve, check, export.

A document holds named board shapes and a list of cases; each case is one board (walls,
terrain, figures), one active monster with one ability, the rule switches, and optionally the
expected outcomes. Parsing is strict: an unknown field in a case, a hex off the board, two
figures on one hex, or anything but exactly one active figure raises :class:`InputError` naming
the case and the field, and nothing is half-built. (Document-level metadata and the informative
``reference`` block of an expected outcome may carry extra keys.)

Extensions (all optional, so older files stay valid): a figure may carry ``"invisible": true``
and ``"summon_of": "<owner id>"``; a case may list closed ``"doors"`` (hexes) and may carry its
board inline as ``"board_hexes"`` (what :func:`case_to_json` writes, so one exported case is a
self-contained document); ``expected`` may be left out when only solving.

>>> doc = parse_document({"boards": {"b": [[0, 0], [0, -1], [0, -2]]}, "cases": [{
...     "id": "t1", "ruleset": "gloomhaven", "board": "b", "walls": [], "terrain": {},
...     "figures": [{"id": "A", "side": "monster", "hex": [0, 0], "active": True},
...                 {"id": "C1", "side": "character", "hex": [0, -2], "initiative": 10}],
...     "ability": {"move": 2, "jump": False, "flying": False, "teleport": False, "muddled": False,
...                 "attack": {"range": 0, "targets": 1, "aoe": None}}}]})
>>> [outcome_to_json(o)["destination"] for o in solve_case(doc.cases[0])]
[[0, -1]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from delvekit.core import jsonio
from delvekit.core.board import Board, Terrain
from delvekit.core.errors import BoardError, InputError
from delvekit.core.hexes import Hex, distance
from delvekit.gloomhaven.model import rulesets
from delvekit.gloomhaven.monster_ai.solver import (
    Ability,
    AreaOfEffect,
    Attack,
    Figure,
    MonsterTurn,
    Outcome,
    solve,
    validate,
)

FORMAT_NAME: Final[str] = "gh-monster-ai-cases"

# The format's limits: the one set that both `delve monster-ai` and the web API apply (the
# API's OpenAPI schema quotes them). Generous for any real table; small enough that one
# document cannot tie up a server.
MAX_CASES: Final[int] = 1000
MAX_BOARDS: Final[int] = 100
MAX_BOARD_HEXES: Final[int] = 2000
MAX_WALLS: Final[int] = 2 * MAX_BOARD_HEXES
MAX_FIGURES: Final[int] = 50
MAX_AOE_HEXES: Final[int] = 37
MAX_COORD: Final[int] = 200
MAX_MOVE: Final[int] = 50
MAX_RANGE: Final[int] = 50
MAX_TARGETS: Final[int] = 50
MAX_INITIATIVE: Final[int] = 999
"""Character initiatives are 1-99 at the table; the reference test sets also use 0 and
100-101 to order characters, so the format allows any whole number up to 999."""
MAX_ID: Final[int] = 200
MAX_TEXT: Final[int] = 10_000
MAX_LIST: Final[int] = 200
MAX_OUTCOMES: Final[int] = 1000

_DOC_KEYS: Final[frozenset[str]] = frozenset(
    {"format", "source", "boards", "rule_flags", "counts", "failures", "cases"}
)
_CASE_KEYS: Final[frozenset[str]] = frozenset(
    {
        "id",
        "scenario",
        "ruleset",
        "category",
        "tags",
        "description",
        "board",
        "board_hexes",
        "walls",
        "terrain",
        "doors",
        "figures",
        "ability",
        "expected",
        "rule_flags",
        "disputed",
        "notes",
        "answer_differs_across_rulesets",
    }
)
MAX_SHOWN_ID: Final[int] = 60
_INFO_KEYS: Final[tuple[str, ...]] = (
    "scenario",
    "category",
    "tags",
    "description",
    "notes",
    "answer_differs_across_rulesets",
)
_FIGURE_KEYS: Final[frozenset[str]] = frozenset(
    {"id", "side", "hex", "active", "initiative", "source_index", "invisible", "summon_of"}
)
_ABILITY_KEYS: Final[frozenset[str]] = frozenset({"move", "jump", "flying", "teleport", "muddled", "attack"})
_ATTACK_KEYS: Final[frozenset[str]] = frozenset({"range", "melee", "targets", "aoe"})
_AOE_KEYS: Final[frozenset[str]] = frozenset({"anchor", "hexes", "orientations"})
_EXPECTED_KEYS: Final[frozenset[str]] = frozenset({"match", "outcomes"})
_OUTCOME_KEYS: Final[frozenset[str]] = frozenset({"destination", "targets", "target_hexes", "reference"})
_REFERENCE_KEYS: Final[frozenset[str]] = frozenset({"focus", "attack_hexes", "aoe_hexes"})
_TERRAIN: Final[dict[str, Terrain]] = {
    "wall": Terrain.WALL,
    "obstacle": Terrain.OBSTACLE,
    "trap": Terrain.TRAP,
    "hazardous": Terrain.HAZARDOUS,
    "difficult": Terrain.DIFFICULT,
    "icy": Terrain.ICY,
}
_FLAG_NAMES: Final[tuple[str, ...]] = tuple(
    name for name in rulesets.Ruleset.__struct_fields__ if name != "name"
)


@dataclass(frozen=True)
class ExpectedOutcome:
    destination: Hex
    targets: tuple[str, ...]
    raw: Mapping[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True)
class Case:
    """One monster-turn puzzle, validated; :attr:`turn` is ready for the solver."""

    id: str
    ruleset: str
    rules: rulesets.Ruleset
    board_name: str | None
    turn: MonsterTurn
    expected: tuple[ExpectedOutcome, ...] | None = None
    match: str = "exact_set"
    disputed: bool = False
    info: Mapping[str, Any] = field(default_factory=dict, repr=False)
    """Informational keys kept for export (scenario, category, tags, description, ...)."""
    figure_info: tuple[Mapping[str, Any], ...] = field(default=(), repr=False)
    rule_flags_given: bool = False


@dataclass
class CaseDocument:
    cases: list[Case]
    boards: dict[str, tuple[Hex, ...]]
    header: dict[str, Any] = field(default_factory=dict, repr=False)


# --- parsing helpers ----------------------------------------------------------------------------


def _fail(where: str, message: str) -> InputError:
    return InputError(message, where=where)


def _obj(
    value: object, where: str, allowed: frozenset[str], required: Sequence[str] = ()
) -> Mapping[str, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise _fail(where, f"expected an object, got {type(value).__name__}")
    for key in value:
        if key not in allowed:
            raise _fail(where, f"unknown field {jsonio.shown(key)}")
    for key in required:
        if key not in value:
            raise _fail(where, f"missing field {key!r}")
    return value


def _int(value: object, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected an integer, got {jsonio.shown(value)}")
    if minimum is not None and value < minimum:
        raise _fail(where, f"must be >= {minimum}, got {jsonio.shown(value)}")
    if maximum is not None and value > maximum:
        raise _fail(where, f"must be <= {maximum}, got {jsonio.shown(value)}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"expected true or false, got {jsonio.shown(value)}")
    return value


def _str(value: object, where: str, limit: int = MAX_ID) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(where, f"expected a non-empty string, got {jsonio.shown(value)}")
    if len(value) > limit:
        raise _fail(where, f"longer than {limit} characters ({len(value)})")
    return value


def _text(value: object, where: str) -> str | None:
    """Informative text (description, category, a note): a string up to MAX_TEXT, or null."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise _fail(where, f"expected text, got {jsonio.shown(value)}")
    if len(value) > MAX_TEXT:
        raise _fail(where, f"longer than {MAX_TEXT} characters ({len(value)})")
    return value


def _texts(value: object, where: str) -> None:
    """Tags or notes: one text, a list of texts, or null."""
    if value is None or isinstance(value, str):
        _text(value, where)
        return
    for i, v in enumerate(_list(value, where, MAX_LIST)):
        _text(v, f"{where}[{i}]")


def _plain(text: str) -> bool:
    """Whether an id can be quoted as it is in a one-line message (short, no control characters)."""
    return 0 < len(text) <= MAX_SHOWN_ID and text.isprintable()


def _in_range(h: Hex, where: str) -> Hex:
    if not (-MAX_COORD <= h[0] <= MAX_COORD and -MAX_COORD <= h[1] <= MAX_COORD):
        raise _fail(where, f"hex {list(h)} is outside -{MAX_COORD}..{MAX_COORD}")
    return h


def _hex(value: object, where: str) -> Hex:
    if (
        type(value) is list
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
        and -MAX_COORD <= value[0] <= MAX_COORD
        and -MAX_COORD <= value[1] <= MAX_COORD
    ):
        return (value[0], value[1])  # the common case, without the generic checks
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise _fail(where, f"expected a hex [q, r], got {jsonio.shown(value)}")
    return _in_range((value[0], value[1]), where)


def _hexes(value: object, where: str, limit: int = MAX_BOARD_HEXES) -> list[Hex]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise _fail(where, f"expected a list of hexes, got {jsonio.shown(value)}")
    if len(value) > limit:
        raise _fail(where, f"more than {limit} hexes ({len(value)})")
    return [_hex(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _list(value: object, where: str, limit: int | None = None) -> Sequence[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise _fail(where, f"expected a list, got {jsonio.shown(value)}")
    if limit is not None and len(value) > limit:
        raise _fail(where, f"more than {limit} entries ({len(value)})")
    return value


# --- parsing ------------------------------------------------------------------------------------


def parse_document(data: object, *, where: str = "document") -> CaseDocument:
    """Validate a decoded JSON document (or a single case object, or a list of cases) and
    build its cases. Raises :class:`InputError` naming ``where``, the case id and the field."""
    jsonio.check_depth(data, where=where)
    if isinstance(data, Mapping) and "cases" not in data and "figures" in data:
        data = {"cases": [data]}
    elif isinstance(data, Sequence) and not isinstance(data, str):
        data = {"cases": list(data)}
    # The document level holds metadata only (format, source, counts, ...): keys beyond the
    # known ones are kept, not refused; every case and everything in it is checked strictly.
    doc = _obj(data, where, frozenset(data) if isinstance(data, Mapping) else _DOC_KEYS, ("cases",))
    if "format" in doc:
        fmt = _obj(
            doc["format"],
            f"{where}: format",
            frozenset(doc["format"]) if isinstance(doc["format"], Mapping) else frozenset(),
        )
        if "name" in fmt and fmt["name"] != FORMAT_NAME:
            raise _fail(f"{where}: format.name", f"expected {FORMAT_NAME!r}, got {jsonio.shown(fmt['name'])}")
        if "version" in fmt and (type(fmt["version"]) is not int or fmt["version"] != 1):
            shown = jsonio.shown(fmt["version"])
            raise _fail(f"{where}: format.version", f"unsupported version {shown} (supported: 1)")
    boards: dict[str, tuple[Hex, ...]] = {}
    raw_boards = doc.get("boards", {})
    if not isinstance(raw_boards, Mapping):
        raise _fail(f"{where}: boards", "expected an object of named boards")
    if len(raw_boards) > MAX_BOARDS:
        raise _fail(f"{where}: boards", f"more than {MAX_BOARDS} boards ({len(raw_boards)})")
    for name, hexes in raw_boards.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_ID or not name.isprintable():
            raise _fail(f"{where}: boards", f"a board name must be 1-{MAX_ID} printable characters")
        hs = _hexes(hexes, f"{where}: boards.{name}")
        if not hs:
            raise _fail(f"{where}: boards.{name}", "a board needs at least one hex")
        boards[str(name)] = tuple(hs)
    board_sets = {name: frozenset(hexes) for name, hexes in boards.items()}
    cases: list[Case] = []
    ids: set[str] = set()
    raw_cases = _list(doc["cases"], f"{where}: cases", MAX_CASES)
    if not raw_cases:
        raise _fail(f"{where}: cases", "the document has no case")
    for i, raw in enumerate(raw_cases):
        given = raw.get("id") if isinstance(raw, Mapping) else None
        label = given if isinstance(given, str) and _plain(given) else f"#{i}"
        case = _parse_case(raw, boards, f"{where}: case {label}", board_sets)
        if case.id in ids:
            raise _fail(f"{where}: case {label}", "duplicate case id")
        ids.add(case.id)
        cases.append(case)
    header = {k: v for k, v in doc.items() if k != "cases"}
    return CaseDocument(cases=cases, boards=boards, header=header)


def _ruleset(raw: Mapping[str, Any], where: str) -> tuple[str, rulesets.Ruleset, bool]:
    name = _str(raw.get("ruleset"), f"{where}.ruleset")
    if name not in rulesets.PRESETS:
        raise _fail(f"{where}.ruleset", f"unknown ruleset {name!r}; known: {', '.join(rulesets.PRESETS)}")
    base = rulesets.PRESETS[name]
    if "rule_flags" not in raw:
        return name, base, False
    flags = _obj(raw["rule_flags"], f"{where}.rule_flags", frozenset(_FLAG_NAMES))
    values: dict[str, Any] = {}
    for key, value in flags.items():
        if key == "los":
            if value not in ("corner_to_corner", "hex_area"):
                raise _fail(
                    f"{where}.rule_flags.los",
                    f"expected corner_to_corner or hex_area, got {jsonio.shown(value)}",
                )
            values[key] = value
        else:
            values[key] = _bool(value, f"{where}.rule_flags.{key}")
    return name, rulesets.Ruleset(**{**_ruleset_fields(base), **values}), True


def _ruleset_fields(r: rulesets.Ruleset) -> dict[str, Any]:
    return {name: getattr(r, name) for name in rulesets.Ruleset.__struct_fields__}


def _parse_case(
    raw: object,
    boards: Mapping[str, tuple[Hex, ...]],
    where: str,
    board_sets: Mapping[str, frozenset[Hex]] | None = None,
) -> Case:
    c = _obj(raw, where, _CASE_KEYS, ("id", "ruleset", "board", "figures", "ability"))
    shared: frozenset[Hex] | None = None
    case_id = _str(c["id"], f"{where}.id")
    name, rules, flags_given = _ruleset(c, where)
    board_field = c["board"]
    board_name: str | None = None
    if "board_hexes" in c:
        board_hexes = tuple(_hexes(c["board_hexes"], f"{where}.board_hexes"))
        if isinstance(board_field, str):
            board_name = board_field
        else:
            raise _fail(f"{where}.board", "expected a board name next to board_hexes")
    elif isinstance(board_field, str):
        if board_field not in boards:
            raise _fail(
                f"{where}.board", f"unknown board {board_field!r}; known: {', '.join(boards) or 'none'}"
            )
        board_name = board_field
        board_hexes = boards[board_field]
        shared = board_sets.get(board_field) if board_sets is not None else None
    else:
        board_hexes = tuple(_hexes(board_field, f"{where}.board"))
    if not board_hexes:
        raise _fail(f"{where}.board", "the board has no hexes")
    on_board = shared if shared is not None else frozenset(board_hexes)

    def on(h: Hex, at: str) -> Hex:
        if h not in on_board:
            raise _fail(at, f"hex {list(h)} is not on the board")
        return h

    walls: list[tuple[Hex, Hex]] = []
    for i, pair in enumerate(_list(c.get("walls", []), f"{where}.walls", MAX_WALLS)):
        at = f"{where}.walls[{i}]"
        hs = _hexes(pair, at, 2)
        if len(hs) != 2:
            raise _fail(at, "a thin wall is a pair of neighbouring hexes")
        a, b = hs
        if distance(a, b) != 1:
            raise _fail(at, f"hexes {list(a)} and {list(b)} are not neighbours")
        if a not in on_board and b not in on_board:
            raise _fail(at, "the wall touches no board hex")
        walls.append((a, b))
    terrain: dict[Hex, Terrain] = {}
    raw_terrain = c.get("terrain", {})
    if not isinstance(raw_terrain, Mapping):
        raise _fail(f"{where}.terrain", "expected an object of terrain kinds")
    for kind, hexes in raw_terrain.items():
        if kind not in _TERRAIN:
            raise _fail(
                f"{where}.terrain", f"unknown terrain kind {jsonio.shown(kind)}; known: {', '.join(_TERRAIN)}"
            )
        for i, h in enumerate(_hexes(hexes, f"{where}.terrain.{kind}")):
            at = f"{where}.terrain.{kind}[{i}]"
            on(h, at)
            if h in terrain and terrain[h] is not _TERRAIN[kind]:
                raise _fail(at, f"hex {list(h)} is already {terrain[h].value}")
            terrain[h] = _TERRAIN[kind]
    doors = [on(h, f"{where}.doors[{i}]") for i, h in enumerate(_hexes(c.get("doors", []), f"{where}.doors"))]
    try:
        board = Board.build(on_board, terrain=terrain, walls=walls, doors=doors)
    except BoardError as exc:
        raise _fail(f"{where}.board", str(exc)) from None

    figures: list[Figure] = []
    figure_info: list[Mapping[str, Any]] = []
    occupied: dict[Hex, str] = {}
    actives = 0
    raw_figures = _list(c["figures"], f"{where}.figures", MAX_FIGURES)
    if not raw_figures:
        raise _fail(f"{where}.figures", "a case needs at least one figure")
    for i, rf in enumerate(raw_figures):
        at = f"{where}.figures[{i}]"
        f = _obj(rf, at, _FIGURE_KEYS, ("id", "side", "hex"))
        fid = _str(f["id"], f"{at}.id")
        if any(x.id == fid for x in figures):
            raise _fail(f"{at}.id", f"duplicate figure id {fid!r}")
        side = f["side"]
        if side not in ("character", "monster"):
            raise _fail(f"{at}.side", f"expected 'character' or 'monster', got {jsonio.shown(side)}")
        h = on(_hex(f["hex"], f"{at}.hex"), f"{at}.hex")
        if terrain.get(h) is Terrain.WALL or h in doors:
            what = "a closed door" if h in doors else "a wall"
            raise _fail(f"{at}.hex", f"hex {list(h)} is {what}; no figure can stand there")
        if h in occupied:
            holder = occupied[h] if _plain(occupied[h]) else jsonio.shown(occupied[h])
            raise _fail(f"{at}.hex", f"hex {list(h)} already holds {holder}")
        occupied[h] = fid
        active = False
        if "active" in f:
            active = _bool(f["active"], f"{at}.active")
            if not active:
                raise _fail(f"{at}.active", "write active only on the active figure (true)")
        actives += active
        initiative = _int(f.get("initiative", 0), f"{at}.initiative", 0, MAX_INITIATIVE)
        invisible = _bool(f.get("invisible", False), f"{at}.invisible")
        summon_of = _str(f["summon_of"], f"{at}.summon_of") if "summon_of" in f else None
        if f.get("source_index") is not None:
            _int(f["source_index"], f"{at}.source_index", 0, 10**9)
        figures.append(Figure(fid, side, h, active, initiative, invisible, summon_of))
        figure_info.append({k: f[k] for k in ("source_index",) if k in f})
    if actives != 1:
        raise _fail(f"{where}.figures", f"exactly one figure must be active, found {actives}")
    for i, fig in enumerate(figures):
        if fig.summon_of is not None:
            owner = next((o for o in figures if o.id == fig.summon_of), None)
            if owner is None or owner.side != fig.side or owner.summon_of is not None or owner is fig:
                raise _fail(
                    f"{where}.figures[{i}].summon_of",
                    f"{fig.summon_of!r} is not a figure of the same side that could own a summon",
                )

    ability = _parse_ability(c["ability"], f"{where}.ability")
    expected: tuple[ExpectedOutcome, ...] | None = None
    match = "exact_set"
    if "expected" in c:
        e = _obj(c["expected"], f"{where}.expected", _EXPECTED_KEYS, ("outcomes",))
        match = e.get("match", "exact_set")
        if match not in ("exact_set", "any_of"):
            raise _fail(f"{where}.expected.match", f"expected exact_set or any_of, got {jsonio.shown(match)}")
        outs = []
        ids = {fig.id for fig in figures}
        for i, ro in enumerate(_list(e["outcomes"], f"{where}.expected.outcomes", MAX_OUTCOMES)):
            at = f"{where}.expected.outcomes[{i}]"
            o = _obj(ro, at, _OUTCOME_KEYS, ("destination", "targets"))
            dest = on(_hex(o["destination"], f"{at}.destination"), f"{at}.destination")
            targets = []
            for j, t in enumerate(_list(o["targets"], f"{at}.targets", MAX_FIGURES)):
                tid = _str(t, f"{at}.targets[{j}]")
                if tid not in ids:
                    raise _fail(f"{at}.targets[{j}]", f"no figure {tid!r}")
                targets.append(tid)
            if "target_hexes" in o:
                _hexes(o["target_hexes"], f"{at}.target_hexes")
            if "reference" in o:
                # Informative only (what another solver reported): known keys are checked.
                ref = _obj(
                    o["reference"],
                    f"{at}.reference",
                    frozenset(o["reference"]) | _REFERENCE_KEYS
                    if isinstance(o["reference"], Mapping)
                    else _REFERENCE_KEYS,
                )
                for key in ("attack_hexes", "aoe_hexes"):
                    if key in ref:
                        _hexes(ref[key], f"{at}.reference.{key}")
            outs.append(ExpectedOutcome(dest, tuple(sorted(targets)), dict(o)))
        if not outs:
            raise _fail(f"{where}.expected.outcomes", "at least one outcome is needed")
        expected = tuple(outs)
    disputed = _bool(c.get("disputed", False), f"{where}.disputed")
    _check_info(c, where)
    info = {k: c[k] for k in _INFO_KEYS if k in c}
    turn = MonsterTurn(board=board, figures=tuple(figures), ability=ability, ruleset=rules)
    try:
        validate(turn)
    except InputError as exc:
        raise _fail(f"{where}.{exc.where}" if exc.where else where, str(exc).split(": ", 1)[-1]) from None
    return Case(
        id=case_id,
        ruleset=name,
        rules=rules,
        board_name=board_name,
        turn=turn,
        expected=expected,
        match=match,
        disputed=disputed,
        info=info,
        figure_info=tuple(figure_info),
        rule_flags_given=flags_given,
    )


def _check_info(c: Mapping[str, Any], where: str) -> None:
    """The informative fields: carried through unchanged, but of the format's types and sizes."""
    if c.get("scenario") is not None:
        _int(c["scenario"], f"{where}.scenario", 0, 10_000)
    for key in ("category", "description"):
        if key in c:
            _text(c[key], f"{where}.{key}")
    for key in ("tags", "notes"):
        if key in c:
            _texts(c[key], f"{where}.{key}")
    if c.get("answer_differs_across_rulesets") is not None:
        _bool(c["answer_differs_across_rulesets"], f"{where}.answer_differs_across_rulesets")


def _parse_ability(raw: object, where: str) -> Ability:
    a = _obj(raw, where, _ABILITY_KEYS, ("move", "attack"))
    move = _int(a["move"], f"{where}.move", 0, MAX_MOVE)
    flags = {k: _bool(a.get(k, False), f"{where}.{k}") for k in ("jump", "flying", "teleport", "muddled")}
    attack: Attack | None = None
    if a["attack"] is not None:
        at = f"{where}.attack"
        r = _obj(a["attack"], at, _ATTACK_KEYS, ("range", "targets"))
        rng = _int(r["range"], f"{at}.range", 0, MAX_RANGE)
        if "melee" in r and _bool(r["melee"], f"{at}.melee") != (rng == 0):
            raise _fail(f"{at}.melee", f"melee={r['melee']} disagrees with range {rng}")
        targets_raw = r["targets"]
        targets: int | str
        targets = "all" if targets_raw == "all" else _int(targets_raw, f"{at}.targets", 1, MAX_TARGETS)
        aoe: AreaOfEffect | None = None
        if r.get("aoe") is not None:
            ao = _obj(r["aoe"], f"{at}.aoe", _AOE_KEYS, ("anchor", "hexes"))
            anchor = ao["anchor"]
            if anchor not in ("attacker", "free"):
                raise _fail(f"{at}.aoe.anchor", f"expected 'attacker' or 'free', got {jsonio.shown(anchor)}")
            orient = ao.get("orientations", "rotations_and_mirror")
            if orient not in ("rotations_and_mirror", "rotations_only", "fixed"):
                raise _fail(f"{at}.aoe.orientations", f"unknown orientations {jsonio.shown(orient)}")
            hexes = _hexes(ao["hexes"], f"{at}.aoe.hexes", MAX_AOE_HEXES)
            if len(set(hexes)) != len(hexes):
                raise _fail(f"{at}.aoe.hexes", "a hex is listed twice")
            if anchor == "attacker" and rng != 0:
                raise _fail(f"{at}.aoe.anchor", "an area anchored on the attacker is melee (range 0)")
            if anchor == "free" and rng == 0:
                raise _fail(f"{at}.aoe.anchor", "a free area is ranged (range >= 1)")
            if not [h for h in hexes if anchor == "free" or h != (0, 0)]:
                raise _fail(f"{at}.aoe.hexes", "the area has no hex to attack")
            aoe = AreaOfEffect(anchor, tuple(hexes), orient)
        attack = Attack(range=rng, targets=targets, aoe=aoe)  # type: ignore[arg-type]
    return Ability(move=move, attack=attack, **flags)


def load(path: str | Path) -> CaseDocument:
    """Read and validate a case file; errors name the file."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", where=str(p)) from None
    return parse_text(raw, where=str(p))


def parse_text(text: str | bytes, *, where: str = "document") -> CaseDocument:
    """Decode (strictly: see :func:`delvekit.core.jsonio.loads`) and validate a document: what
    both `delve monster-ai` and ``POST /api/monster-ai/solve`` do with the bytes they are given."""
    return parse_document(jsonio.loads(text, where=where), where=where)


# --- solving, checking, export ------------------------------------------------------------------


def solve_case(case: Case) -> list[Outcome]:
    """Every outcome of the case's monster turn (see :func:`delvekit.gloomhaven.monster_ai.solver.solve`)."""
    return solve(case.turn)


def _hx(h: Hex) -> list[int]:
    return [h[0], h[1]]


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """A JSON-ready dict: destination, targets, path, attack_hexes, aoe_hexes, focus, explanation."""
    return {
        "destination": _hx(outcome.destination),
        "targets": list(outcome.targets),
        "path": [_hx(h) for h in outcome.path],
        "attack_hexes": [_hx(h) for h in outcome.attack_hexes],
        "aoe_hexes": [_hx(h) for h in outcome.aoe_hexes],
        "focus": list(outcome.focus),
        "explanation": outcome.explanation,
    }


def outcome_key(outcome: Outcome | ExpectedOutcome) -> tuple[Hex, tuple[str, ...]]:
    """What the players choose: (destination, sorted targets)."""
    return (outcome.destination, tuple(sorted(outcome.targets)))


@dataclass(frozen=True)
class CheckResult:
    case: Case
    matched: bool
    missing: tuple[tuple[Hex, tuple[str, ...]], ...]
    extra: tuple[tuple[Hex, tuple[str, ...]], ...]
    outcomes: tuple[Outcome, ...]


def check_case(case: Case) -> CheckResult:
    """Solve and compare with the expected outcomes (exact set, or membership for any_of)."""
    if case.expected is None:
        raise InputError("no expected outcomes to check against", where=f"case {case.id}.expected")
    outs = solve_case(case)
    got = {outcome_key(o) for o in outs}
    want = {outcome_key(o) for o in case.expected}
    if case.match == "any_of":
        ok = bool(got) and got <= want
        missing: set[tuple[Hex, tuple[str, ...]]] = set()
        extra = got - want
    else:
        ok = got == want
        missing, extra = want - got, got - want
    return CheckResult(case, ok, tuple(sorted(missing)), tuple(sorted(extra)), tuple(outs))


def case_to_json(case: Case) -> dict[str, Any]:
    """The case in the gh-monster-ai-cases format, self-contained (``board_hexes`` inline)."""
    turn = case.turn
    board = turn.board
    out: dict[str, Any] = {"id": case.id}
    for key in ("scenario",):
        if key in case.info:
            out[key] = case.info[key]
    out["ruleset"] = case.ruleset
    for key in ("category", "tags", "description"):
        if key in case.info:
            out[key] = case.info[key]
    out["board"] = case.board_name if case.board_name is not None else "inline"
    out["board_hexes"] = [_hx(h) for h in sorted(board.hexes)]
    out["walls"] = [[_hx(a), _hx(b)] for a, b in sorted(board.walls)]
    terrain: dict[str, list[list[int]]] = {}
    for kind, t in _TERRAIN.items():
        hs = sorted(h for h, tt in board.terrain.items() if tt is t)
        if hs:
            terrain[kind] = [_hx(h) for h in hs]
    out["terrain"] = terrain
    if board.doors:
        out["doors"] = [_hx(h) for h in sorted(board.doors)]
    figures = []
    for i, f in enumerate(turn.figures):
        fj: dict[str, Any] = {"id": f.id, "side": f.side}
        if f.active:
            fj["active"] = True
        if f.side == "character" or f.initiative:
            fj["initiative"] = f.initiative
        fj["hex"] = _hx(f.hex)
        if f.invisible:
            fj["invisible"] = True
        if f.summon_of is not None:
            fj["summon_of"] = f.summon_of
        if i < len(case.figure_info):
            fj.update(case.figure_info[i])
        figures.append(fj)
    out["figures"] = figures
    ab = turn.ability
    attack: dict[str, Any] | None = None
    if ab.attack is not None:
        a = ab.attack
        attack = {"range": a.range, "melee": a.range == 0, "targets": a.targets, "aoe": None}
        if a.aoe is not None:
            attack["aoe"] = {
                "anchor": a.aoe.anchor,
                "hexes": [_hx(h) for h in a.aoe.hexes],
                "orientations": a.aoe.orientations,
            }
    out["ability"] = {
        "move": ab.move,
        "jump": ab.jump,
        "flying": ab.flying,
        "teleport": ab.teleport,
        "muddled": ab.muddled,
        "attack": attack,
    }
    if case.expected is not None:
        out["expected"] = {"match": case.match, "outcomes": [dict(o.raw) for o in case.expected]}
    if case.rule_flags_given:
        out["rule_flags"] = {name: getattr(case.rules, name) for name in _FLAG_NAMES}
    if case.disputed:
        out["disputed"] = True
    for key in ("notes", "answer_differs_across_rulesets"):
        if key in case.info:
            out[key] = case.info[key]
    return out


def document_to_json(doc: CaseDocument) -> dict[str, Any]:
    """A whole document back in the format (header kept, cases exported)."""
    out = dict(doc.header)
    out["cases"] = [case_to_json(c) for c in doc.cases]
    return out
