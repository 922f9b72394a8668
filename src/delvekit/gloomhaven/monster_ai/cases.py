"""The gh-monster-ai-cases format: parse and validate, solve, check.

A document holds named board shapes and a list of cases; each case is one board (walls,
terrain, figures), one active monster with one ability, the rule switches, and optionally the
expected outcomes. Parsing is strict: an unknown field in a case, a hex off the board, two
figures on one hex, or anything but exactly one active figure raises :class:`InputError` naming
the case and the field, and nothing is half-built. (Document-level metadata and the informative
``reference`` block of an expected outcome may carry extra keys.)

Extensions (all optional, so older files stay valid): a figure may carry ``"invisible": true``
and ``"summon_of": "<owner id>"``; a case may list closed ``"doors"`` (hexes) and may carry its
board inline as ``"board_hexes"`` (what :func:`.case_export.case_to_json` writes, so one exported case is a
self-contained document); ``expected`` may be left out when only solving.

>>> doc = parse_document({"boards": {"b": [[0, 0], [0, -1], [0, -2]]}, "cases": [{
...     "id": "t1", "ruleset": "gloomhaven", "board": "b", "walls": [], "terrain": {},
...     "figures": [{"id": "A", "side": "monster", "hex": [0, 0], "active": True},
...                 {"id": "C1", "side": "character", "hex": [0, -2], "initiative": 10}],
...     "ability": {"move": 2, "jump": False, "flying": False, "teleport": False, "muddled": False,
...                 "attack": {"range": 0, "targets": 1, "aoe": None}}}]})
>>> [o.destination for o in solve_case(doc.cases[0])]
[(0, -1)]
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
from delvekit.gloomhaven.monster_ai.case_fields import (
    FLAG_NAMES,
    MAX_AOE_HEXES,
    MAX_BOARDS,
    MAX_CASES,
    MAX_FIGURES,
    MAX_ID,
    MAX_INITIATIVE,
    MAX_MOVE,
    MAX_OUTCOMES,
    MAX_RANGE,
    MAX_TARGETS,
    MAX_WALLS,
    TERRAIN,
    fail,
    plain,
    read_bool,
    read_hex,
    read_hexes,
    read_int,
    read_list,
    read_object,
    read_str,
    read_text,
    read_texts,
)
from delvekit.gloomhaven.monster_ai.solver import solve
from delvekit.gloomhaven.monster_ai.turn import (
    AreaOfEffect,
    Attack,
    MonsterTurn,
    MoveAttack,
    Outcome,
    Piece,
    validate,
)

FORMAT_NAME: Final[str] = "gh-monster-ai-cases"

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
    doc = read_object(data, where, frozenset(data) if isinstance(data, Mapping) else _DOC_KEYS, ("cases",))
    if "format" in doc:
        fmt = read_object(
            doc["format"],
            f"{where}: format",
            frozenset(doc["format"]) if isinstance(doc["format"], Mapping) else frozenset(),
        )
        if "name" in fmt and fmt["name"] != FORMAT_NAME:
            raise fail(f"{where}: format.name", f"expected {FORMAT_NAME!r}, got {jsonio.shown(fmt['name'])}")
        if "version" in fmt and (type(fmt["version"]) is not int or fmt["version"] != 1):
            shown = jsonio.shown(fmt["version"])
            raise fail(f"{where}: format.version", f"unsupported version {shown} (supported: 1)")
    boards: dict[str, tuple[Hex, ...]] = {}
    raw_boards = doc.get("boards", {})
    if not isinstance(raw_boards, Mapping):
        raise fail(f"{where}: boards", "expected an object of named boards")
    if len(raw_boards) > MAX_BOARDS:
        raise fail(f"{where}: boards", f"more than {MAX_BOARDS} boards ({len(raw_boards)})")
    for name, hexes in raw_boards.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_ID or not name.isprintable():
            raise fail(f"{where}: boards", f"a board name must be 1-{MAX_ID} printable characters")
        hs = read_hexes(hexes, f"{where}: boards.{name}")
        if not hs:
            raise fail(f"{where}: boards.{name}", "a board needs at least one hex")
        boards[str(name)] = tuple(hs)
    board_sets = {name: frozenset(hexes) for name, hexes in boards.items()}
    cases: list[Case] = []
    ids: set[str] = set()
    raw_cases = read_list(doc["cases"], f"{where}: cases", MAX_CASES)
    if not raw_cases:
        raise fail(f"{where}: cases", "the document has no case")
    for i, raw in enumerate(raw_cases):
        given = raw.get("id") if isinstance(raw, Mapping) else None
        label = given if isinstance(given, str) and plain(given) else f"#{i}"
        case = _parse_case(raw, boards, f"{where}: case {label}", board_sets)
        if case.id in ids:
            raise fail(f"{where}: case {label}", "duplicate case id")
        ids.add(case.id)
        cases.append(case)
    header = {k: v for k, v in doc.items() if k != "cases"}
    return CaseDocument(cases=cases, boards=boards, header=header)


def _ruleset(raw: Mapping[str, Any], where: str) -> tuple[str, rulesets.Ruleset, bool]:
    name = read_str(raw.get("ruleset"), f"{where}.ruleset")
    if name not in rulesets.PRESETS:
        raise fail(f"{where}.ruleset", f"unknown ruleset {name!r}; known: {', '.join(rulesets.PRESETS)}")
    base = rulesets.PRESETS[name]
    if "rule_flags" not in raw:
        return name, base, False
    flags = read_object(raw["rule_flags"], f"{where}.rule_flags", frozenset(FLAG_NAMES))
    values: dict[str, Any] = {}
    for key, value in flags.items():
        if key == "los":
            if value not in ("corner_to_corner", "hex_area"):
                raise fail(
                    f"{where}.rule_flags.los",
                    f"expected corner_to_corner or hex_area, got {jsonio.shown(value)}",
                )
            values[key] = value
        else:
            values[key] = read_bool(value, f"{where}.rule_flags.{key}")
    return name, rulesets.Ruleset(**{**_ruleset_fields(base), **values}), True


def _ruleset_fields(r: rulesets.Ruleset) -> dict[str, Any]:
    return {name: getattr(r, name) for name in rulesets.Ruleset.__struct_fields__}


def _parse_case(
    raw: object,
    boards: Mapping[str, tuple[Hex, ...]],
    where: str,
    board_sets: Mapping[str, frozenset[Hex]] | None = None,
) -> Case:
    c = read_object(raw, where, _CASE_KEYS, ("id", "ruleset", "board", "figures", "ability"))
    shared: frozenset[Hex] | None = None
    case_id = read_str(c["id"], f"{where}.id")
    name, rules, flags_given = _ruleset(c, where)
    board_field = c["board"]
    board_name: str | None = None
    if "board_hexes" in c:
        board_hexes = tuple(read_hexes(c["board_hexes"], f"{where}.board_hexes"))
        if isinstance(board_field, str):
            board_name = board_field
        else:
            raise fail(f"{where}.board", "expected a board name next to board_hexes")
    elif isinstance(board_field, str):
        if board_field not in boards:
            raise fail(
                f"{where}.board", f"unknown board {board_field!r}; known: {', '.join(boards) or 'none'}"
            )
        board_name = board_field
        board_hexes = boards[board_field]
        shared = board_sets.get(board_field) if board_sets is not None else None
    else:
        board_hexes = tuple(read_hexes(board_field, f"{where}.board"))
    if not board_hexes:
        raise fail(f"{where}.board", "the board has no hexes")
    on_board = shared if shared is not None else frozenset(board_hexes)

    def on(h: Hex, at: str) -> Hex:
        if h not in on_board:
            raise fail(at, f"hex {list(h)} is not on the board")
        return h

    walls: list[tuple[Hex, Hex]] = []
    for i, pair in enumerate(read_list(c.get("walls", []), f"{where}.walls", MAX_WALLS)):
        at = f"{where}.walls[{i}]"
        hs = read_hexes(pair, at, 2)
        if len(hs) != 2:
            raise fail(at, "a thin wall is a pair of neighbouring hexes")
        a, b = hs
        if distance(a, b) != 1:
            raise fail(at, f"hexes {list(a)} and {list(b)} are not neighbours")
        if a not in on_board and b not in on_board:
            raise fail(at, "the wall touches no board hex")
        walls.append((a, b))
    terrain: dict[Hex, Terrain] = {}
    raw_terrain = c.get("terrain", {})
    if not isinstance(raw_terrain, Mapping):
        raise fail(f"{where}.terrain", "expected an object of terrain kinds")
    for kind, hexes in raw_terrain.items():
        if kind not in TERRAIN:
            raise fail(
                f"{where}.terrain", f"unknown terrain kind {jsonio.shown(kind)}; known: {', '.join(TERRAIN)}"
            )
        for i, h in enumerate(read_hexes(hexes, f"{where}.terrain.{kind}")):
            at = f"{where}.terrain.{kind}[{i}]"
            on(h, at)
            if h in terrain and terrain[h] is not TERRAIN[kind]:
                raise fail(at, f"hex {list(h)} is already {terrain[h].value}")
            terrain[h] = TERRAIN[kind]
    doors = [
        on(h, f"{where}.doors[{i}]") for i, h in enumerate(read_hexes(c.get("doors", []), f"{where}.doors"))
    ]
    try:
        board = Board.build(on_board, terrain=terrain, walls=walls, doors=doors)
    except BoardError as exc:
        raise fail(f"{where}.board", str(exc)) from None

    figures: list[Piece] = []
    figure_info: list[Mapping[str, Any]] = []
    occupied: dict[Hex, str] = {}
    actives = 0
    raw_figures = read_list(c["figures"], f"{where}.figures", MAX_FIGURES)
    if not raw_figures:
        raise fail(f"{where}.figures", "a case needs at least one figure")
    for i, rf in enumerate(raw_figures):
        at = f"{where}.figures[{i}]"
        f = read_object(rf, at, _FIGURE_KEYS, ("id", "side", "hex"))
        fid = read_str(f["id"], f"{at}.id")
        if any(x.id == fid for x in figures):
            raise fail(f"{at}.id", f"duplicate figure id {fid!r}")
        side = f["side"]
        if side not in ("character", "monster"):
            raise fail(f"{at}.side", f"expected 'character' or 'monster', got {jsonio.shown(side)}")
        h = on(read_hex(f["hex"], f"{at}.hex"), f"{at}.hex")
        if terrain.get(h) is Terrain.WALL or h in doors:
            what = "a closed door" if h in doors else "a wall"
            raise fail(f"{at}.hex", f"hex {list(h)} is {what}; no figure can stand there")
        if h in occupied:
            holder = occupied[h] if plain(occupied[h]) else jsonio.shown(occupied[h])
            raise fail(f"{at}.hex", f"hex {list(h)} already holds {holder}")
        occupied[h] = fid
        active = False
        if "active" in f:
            active = read_bool(f["active"], f"{at}.active")
            if not active:
                raise fail(f"{at}.active", "write active only on the active figure (true)")
        actives += active
        initiative = read_int(f.get("initiative", 0), f"{at}.initiative", 0, MAX_INITIATIVE)
        invisible = read_bool(f.get("invisible", False), f"{at}.invisible")
        summon_of = read_str(f["summon_of"], f"{at}.summon_of") if "summon_of" in f else None
        if f.get("source_index") is not None:
            read_int(f["source_index"], f"{at}.source_index", 0, 10**9)
        figures.append(Piece(fid, side, h, active, initiative, invisible, summon_of))
        figure_info.append({k: f[k] for k in ("source_index",) if k in f})
    if actives != 1:
        raise fail(f"{where}.figures", f"exactly one figure must be active, found {actives}")
    for i, fig in enumerate(figures):
        if fig.summon_of is not None:
            owner = next((o for o in figures if o.id == fig.summon_of), None)
            if owner is None or owner.side != fig.side or owner.summon_of is not None or owner is fig:
                raise fail(
                    f"{where}.figures[{i}].summon_of",
                    f"{fig.summon_of!r} is not a figure of the same side that could own a summon",
                )

    ability = _parse_ability(c["ability"], f"{where}.ability")
    expected: tuple[ExpectedOutcome, ...] | None = None
    match = "exact_set"
    if "expected" in c:
        e = read_object(c["expected"], f"{where}.expected", _EXPECTED_KEYS, ("outcomes",))
        match = e.get("match", "exact_set")
        if match not in ("exact_set", "any_of"):
            raise fail(f"{where}.expected.match", f"expected exact_set or any_of, got {jsonio.shown(match)}")
        outs = []
        ids = {fig.id for fig in figures}
        for i, ro in enumerate(read_list(e["outcomes"], f"{where}.expected.outcomes", MAX_OUTCOMES)):
            at = f"{where}.expected.outcomes[{i}]"
            o = read_object(ro, at, _OUTCOME_KEYS, ("destination", "targets"))
            dest = on(read_hex(o["destination"], f"{at}.destination"), f"{at}.destination")
            targets = []
            for j, t in enumerate(read_list(o["targets"], f"{at}.targets", MAX_FIGURES)):
                tid = read_str(t, f"{at}.targets[{j}]")
                if tid not in ids:
                    raise fail(f"{at}.targets[{j}]", f"no figure {tid!r}")
                targets.append(tid)
            if "target_hexes" in o:
                read_hexes(o["target_hexes"], f"{at}.target_hexes")
            if "reference" in o:
                # Informative only (what another solver reported): known keys are checked.
                ref = read_object(
                    o["reference"],
                    f"{at}.reference",
                    frozenset(o["reference"]) | _REFERENCE_KEYS
                    if isinstance(o["reference"], Mapping)
                    else _REFERENCE_KEYS,
                )
                for key in ("attack_hexes", "aoe_hexes"):
                    if key in ref:
                        read_hexes(ref[key], f"{at}.reference.{key}")
            outs.append(ExpectedOutcome(dest, tuple(sorted(targets)), dict(o)))
        if not outs:
            raise fail(f"{where}.expected.outcomes", "at least one outcome is needed")
        expected = tuple(outs)
    disputed = read_bool(c.get("disputed", False), f"{where}.disputed")
    _check_info(c, where)
    info = {k: c[k] for k in _INFO_KEYS if k in c}
    turn = MonsterTurn(board=board, figures=tuple(figures), ability=ability, ruleset=rules)
    try:
        validate(turn)
    except InputError as exc:
        raise fail(f"{where}.{exc.where}" if exc.where else where, str(exc).split(": ", 1)[-1]) from None
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
        read_int(c["scenario"], f"{where}.scenario", 0, 10_000)
    for key in ("category", "description"):
        if key in c:
            read_text(c[key], f"{where}.{key}")
    for key in ("tags", "notes"):
        if key in c:
            read_texts(c[key], f"{where}.{key}")
    if c.get("answer_differs_across_rulesets") is not None:
        read_bool(c["answer_differs_across_rulesets"], f"{where}.answer_differs_across_rulesets")


def _parse_ability(raw: object, where: str) -> MoveAttack:
    a = read_object(raw, where, _ABILITY_KEYS, ("move", "attack"))
    move = read_int(a["move"], f"{where}.move", 0, MAX_MOVE)
    flags = {k: read_bool(a.get(k, False), f"{where}.{k}") for k in ("jump", "flying", "teleport", "muddled")}
    attack: Attack | None = None
    if a["attack"] is not None:
        at = f"{where}.attack"
        r = read_object(a["attack"], at, _ATTACK_KEYS, ("range", "targets"))
        rng = read_int(r["range"], f"{at}.range", 0, MAX_RANGE)
        if "melee" in r and read_bool(r["melee"], f"{at}.melee") != (rng == 0):
            raise fail(f"{at}.melee", f"melee={r['melee']} disagrees with range {rng}")
        targets_raw = r["targets"]
        targets: int | str
        targets = "all" if targets_raw == "all" else read_int(targets_raw, f"{at}.targets", 1, MAX_TARGETS)
        aoe: AreaOfEffect | None = None
        if r.get("aoe") is not None:
            ao = read_object(r["aoe"], f"{at}.aoe", _AOE_KEYS, ("anchor", "hexes"))
            anchor = ao["anchor"]
            if anchor not in ("attacker", "free"):
                raise fail(f"{at}.aoe.anchor", f"expected 'attacker' or 'free', got {jsonio.shown(anchor)}")
            orient = ao.get("orientations", "rotations_and_mirror")
            if orient not in ("rotations_and_mirror", "rotations_only", "fixed"):
                raise fail(f"{at}.aoe.orientations", f"unknown orientations {jsonio.shown(orient)}")
            hexes = read_hexes(ao["hexes"], f"{at}.aoe.hexes", MAX_AOE_HEXES)
            if len(set(hexes)) != len(hexes):
                raise fail(f"{at}.aoe.hexes", "a hex is listed twice")
            if anchor == "attacker" and rng != 0:
                raise fail(f"{at}.aoe.anchor", "an area anchored on the attacker is melee (range 0)")
            if anchor == "free" and rng == 0:
                raise fail(f"{at}.aoe.anchor", "a free area is ranged (range >= 1)")
            if not [h for h in hexes if anchor == "free" or h != (0, 0)]:
                raise fail(f"{at}.aoe.hexes", "the area has no hex to attack")
            aoe = AreaOfEffect(anchor, tuple(hexes), orient)
        attack = Attack(range=rng, targets=targets, aoe=aoe)  # type: ignore[arg-type]
    return MoveAttack(move=move, attack=attack, **flags)


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


# --- solving and checking ------------------------------------------------------------------


def solve_case(case: Case) -> list[Outcome]:
    """Every outcome of the case's monster turn (see :func:`delvekit.gloomhaven.monster_ai.solver.solve`)."""
    return solve(case.turn)


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
