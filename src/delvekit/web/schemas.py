"""Request and response models of the HTTP API, validated at the edge with pydantic.

The monster-AI document is the ``gh-monster-ai-cases`` format (version 1): named boards, then
cases, each one board with figures, terrain, thin walls and one ability. The format has one
definition, :mod:`delvekit.gloomhaven.monster_ai.cases`: ``POST /api/monster-ai/solve`` hands the bytes it
receives to the same parser as ``delve monster-ai solve``, so both accept and refuse the same
documents with the same message. :class:`CasesDocumentIn` describes that format for the OpenAPI
schema (and the mover page's form), with the same limits, imported from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from delvekit.gloomhaven.monster_ai.case_fields import (
    MAX_AOE_HEXES,
    MAX_BOARD_HEXES,
    MAX_BOARDS,
    MAX_CASES,
    MAX_COORD,
    MAX_FIGURES,
    MAX_ID,
    MAX_INITIATIVE,
    MAX_LIST,
    MAX_MOVE,
    MAX_OUTCOMES,
    MAX_RANGE,
    MAX_TARGETS,
    MAX_TEXT,
    MAX_WALLS,
)

# Limits: generous for any real table, small enough that one request cannot tie up the server.
# Those of the format itself come from delvekit.gloomhaven.monster_ai.case_fields (one set for CLI and API).
MAX_BODY_BYTES = 2_000_000

Coord = Annotated[int, Field(ge=-MAX_COORD, le=MAX_COORD, strict=True)]
HexIn = Annotated[tuple[Coord, Coord], Field(description="axial [q, r], flat-top, N = (0, -1)")]
HexList = Annotated[list[HexIn], Field(max_length=MAX_BOARD_HEXES)]
FigureIdText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID)]
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT)]
Texts = Text | Annotated[list[Text], Field(max_length=MAX_LIST)]
RulesetName = Literal["gloomhaven", "jaws_of_the_lion", "frosthaven"]
TERRAIN_KINDS: tuple[str, ...] = ("wall", "obstacle", "trap", "hazardous", "difficult", "icy")


def plain_errors(errors: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Validation errors as JSON-safe records: ``loc``, ``msg`` and ``type`` only (the offending
    input is not echoed back: it may be NaN, infinite, or a megabyte of text).

    >>> plain_errors([{"loc": ("body", "x"), "msg": "bad", "type": "int_type", "input": float("nan")}])
    [{'loc': ['body', 'x'], 'msg': 'bad', 'type': 'int_type'}]
    """
    return [
        {
            "loc": [p if isinstance(p, int) else str(p)[:100] for p in e.get("loc", ())],
            "msg": str(e.get("msg", "invalid"))[:300],
            "type": str(e.get("type", "value_error")),
        }
        for e in errors[:20]
    ]


def _field(loc: Sequence[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts) or "body"


def validation_message(errors: Sequence[Mapping[str, Any]]) -> str:
    """One readable line naming each field at fault (at most five).

    >>> validation_message([{"loc": ("body", "cases", 0, "id"), "msg": "Field required"}])
    'cases.0.id: Field required'
    """
    lines = [f"{_field(e.get('loc', ()))[:100]}: {str(e.get('msg', 'invalid'))[:300]}" for e in errors[:5]]
    more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
    return "; ".join(lines) + more


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False)


class FormatIn(BaseModel):
    """The ``format`` block; only ``name`` and ``version`` are checked."""

    model_config = ConfigDict(extra="allow")
    name: Literal["gh-monster-ai-cases"]
    version: Literal[1]


class FigureIn(_Strict):
    id: FigureIdText
    side: Literal["character", "monster"]
    hex: HexIn
    active: Literal[True] | None = None
    initiative: Annotated[int, Field(ge=0, le=MAX_INITIATIVE)] | None = None
    source_index: Annotated[int, Field(ge=0, le=10**9)] | None = None
    invisible: bool | None = None
    summon_of: FigureIdText | None = None


class AoeIn(_Strict):
    anchor: Literal["attacker", "free"]
    hexes: Annotated[list[HexIn], Field(min_length=1, max_length=MAX_AOE_HEXES)]
    orientations: Literal["rotations_and_mirror", "rotations_only", "fixed"] = "rotations_and_mirror"


class AttackIn(_Strict):
    range: Annotated[int, Field(ge=0, le=MAX_RANGE)]
    melee: bool | None = None
    targets: Annotated[int, Field(ge=1, le=MAX_TARGETS)] | Literal["all"]
    aoe: AoeIn | None = None


class AbilityIn(_Strict):
    move: Annotated[int, Field(ge=0, le=MAX_MOVE)]
    jump: bool = False
    flying: bool = False
    teleport: bool = False
    muddled: bool = False
    attack: AttackIn | None


class TerrainIn(_Strict):
    wall: HexList = []
    obstacle: HexList = []
    trap: HexList = []
    hazardous: HexList = []
    difficult: HexList = []
    icy: HexList = []


class ExpectedOutcomeIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    destination: HexIn
    targets: list[str]


class ExpectedIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    match: Literal["exact_set", "any_of"]
    outcomes: Annotated[list[ExpectedOutcomeIn], Field(max_length=MAX_OUTCOMES)]


class CaseIn(_Strict):
    id: Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID)]
    ruleset: RulesetName
    board: Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID)] | HexList = Field(
        description="a board name from boards, or the board's hexes inline"
    )
    board_hexes: HexList | None = None
    walls: Annotated[list[tuple[HexIn, HexIn]], Field(max_length=MAX_WALLS)] = []
    terrain: TerrainIn = TerrainIn()
    doors: HexList | None = None
    figures: Annotated[list[FigureIn], Field(min_length=1, max_length=MAX_FIGURES)]
    ability: AbilityIn
    # Informative fields of the format, carried through unchanged.
    scenario: Annotated[int, Field(ge=0, le=10_000)] | None = None
    category: Text | None = None
    tags: Texts | None = None
    description: Text | None = None
    expected: ExpectedIn | None = None
    rule_flags: dict[str, Any] | None = None
    disputed: bool | None = None
    notes: Texts | None = None
    answer_differs_across_rulesets: bool | None = None


class CasesDocumentIn(BaseModel):
    """A ``gh-monster-ai-cases`` document: named board shapes and the cases drawn on them.
    Keys besides ``cases`` are metadata, kept as they are."""

    model_config = ConfigDict(extra="allow")

    format: FormatIn | None = None
    source: dict[str, Any] | None = None
    boards: Annotated[dict[str, HexList], Field(max_length=MAX_BOARDS)] = {}
    rule_flags: dict[str, Any] | None = None
    counts: dict[str, Any] | None = None
    failures: list[Any] | None = None
    cases: Annotated[list[CaseIn], Field(min_length=1, max_length=MAX_CASES)]


class OutcomeOut(BaseModel):
    """One choice the players may make for the monster, as the engine reports it."""

    model_config = ConfigDict(extra="allow")
    destination: tuple[int, int]
    targets: list[str]
    path: list[tuple[int, int]] = []
    attack_hexes: list[tuple[int, int]] = []
    aoe_hexes: list[tuple[int, int]] = []
    focus: list[str] | str | None = None
    explanation: Any = None


class SolvedCaseOut(BaseModel):
    id: str
    outcomes: list[OutcomeOut]


CardText = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class OddsSetupIn(_Strict):
    """One attack against one target: the form of ``delve odds``. The deck is the standard one,
    the monsters' (``deck="monster"``), or a class's with its perk lines (``deck="brute"``,
    ``perks=[1, 3, 3]``), then ``add`` and ``remove`` cards (``"-1"``, ``"+0 stun"``). Types are
    strict: ``true`` is not 1 and ``"yes"`` is not true."""

    model_config = ConfigDict(extra="forbid", strict=True)
    attack: Annotated[int, Field(ge=0, le=50, description="attack value after the attacker's bonuses")]
    deck: Annotated[
        str, StringConstraints(max_length=40), Field(description="standard, monster, or a class id or name")
    ] = "standard"
    perks: Annotated[list[Annotated[int, Field(ge=1, le=30)]], Field(max_length=30)] = []
    add: Annotated[list[CardText], Field(max_length=20)] = []
    remove: Annotated[list[CardText], Field(max_length=20)] = []
    advantage: bool = False
    disadvantage: bool = False
    bless: Annotated[int, Field(ge=0, le=10)] = 0
    curse: Annotated[int, Field(ge=0, le=10)] = 0
    shield: Annotated[int, Field(ge=0, le=20)] = 0
    pierce: Annotated[int, Field(ge=0, le=20)] = 0

    @model_validator(mode="after")
    def _one_draw_mode(self) -> OddsSetupIn:
        if self.advantage and self.disadvantage:
            raise ValueError(
                "advantage and disadvantage together cancel out: give neither (as delve odds asks)"
            )
        return self


class DescentOddsIn(_Strict):
    """Descent dice: attack pool (the blue die and power dice), defence pool, surge abilities and
    the target's range (as ``delve odds --game descent``)."""

    attack: Annotated[list[Literal["blue", "red", "yellow", "green"]], Field(min_length=1, max_length=8)]
    defense: Annotated[list[Literal["brown", "gray", "black"]], Field(max_length=8)] = []
    surges_for: Annotated[list[Annotated[str, StringConstraints(max_length=20)]], Field(max_length=10)] = []
    range: Annotated[int, Field(ge=0, le=30)] = 0


class OddsRequestIn(_Strict):
    """One setup, or two to compare side by side (``compare``); or ``descent`` dice instead."""

    setup: OddsSetupIn | None = None
    compare: OddsSetupIn | None = None
    descent: DescentOddsIn | None = None

    @model_validator(mode="after")
    def _one_game(self) -> OddsRequestIn:
        if (self.setup is None) == (self.descent is None):
            raise ValueError("give either setup (Gloomhaven) or descent (Descent dice)")
        return self


class ErrorOut(BaseModel):
    detail: str
    errors: list[dict[str, Any]] = []


def check_document(doc: CasesDocumentIn) -> list[tuple[str, str]]:
    """Consistency the shapes cannot express. Returns ``(field, message)`` pairs, empty if sound.

    >>> d = CasesDocumentIn.model_validate({"format": {"name": "gh-monster-ai-cases", "version": 1},
    ...     "boards": {"b": [[0, 0], [0, 1]]}, "cases": [{"id": "x", "ruleset": "gloomhaven",
    ...     "board": "b", "walls": [], "terrain": {},
    ...     "figures": [{"id": "A", "side": "monster", "hex": [0, 5], "active": True}],
    ...     "ability": {"move": 1, "jump": False, "flying": False, "teleport": False, "muddled": False,
    ...                 "attack": None}}]})
    >>> check_document(d)
    [('cases.0.figures.0.hex', 'hex [0, 5] is not on board b')]
    """
    problems: list[tuple[str, str]] = []
    boards: dict[str, set[tuple[int, int]]] = {name: set(hexes) for name, hexes in doc.boards.items()}
    seen_ids: set[str] = set()
    for i, case in enumerate(doc.cases):
        at = f"cases.{i}"
        if case.id in seen_ids:
            problems.append((f"{at}.id", f"case id {case.id!r} appears twice"))
        seen_ids.add(case.id)
        board_name = case.board if isinstance(case.board, str) else "(inline)"
        if case.board_hexes is not None:
            if not isinstance(case.board, str):
                problems.append((f"{at}.board", "expected a board name next to board_hexes"))
                continue
            board: set[tuple[int, int]] | None = set(case.board_hexes)
        elif isinstance(case.board, str):
            board = boards.get(case.board)
            if board is None:
                problems.append((f"{at}.board", f"no board named {case.board!r} in boards"))
                continue
        else:
            board = set(case.board)
        if not board:
            problems.append((f"{at}.board", "the board has no hexes"))
            continue
        actives = [f.id for f in case.figures if f.active]
        if len(actives) != 1:
            problems.append((f"{at}.figures", f"exactly one figure must be active, found {len(actives)}"))
        occupied: dict[tuple[int, int], str] = {}
        figure_ids: set[str] = set()
        for j, fig in enumerate(case.figures):
            if fig.id in figure_ids:
                problems.append((f"{at}.figures.{j}.id", f"figure id {fig.id!r} appears twice"))
            figure_ids.add(fig.id)
            if fig.active and fig.side != "monster":
                problems.append((f"{at}.figures.{j}.active", "the active figure must be a monster"))
            if fig.hex not in board:
                problems.append(
                    (f"{at}.figures.{j}.hex", f"hex {list(fig.hex)} is not on board {board_name}")
                )
            elif fig.hex in occupied:
                problems.append(
                    (f"{at}.figures.{j}.hex", f"hex {list(fig.hex)} already holds {occupied[fig.hex]}")
                )
            else:
                occupied[fig.hex] = fig.id
        terrain_at: dict[tuple[int, int], str] = {}
        for kind in TERRAIN_KINDS:
            for k, h in enumerate(getattr(case.terrain, kind)):
                if h not in board:
                    problems.append(
                        (f"{at}.terrain.{kind}.{k}", f"hex {list(h)} is not on board {board_name}")
                    )
                elif h in terrain_at and terrain_at[h] != kind:
                    problems.append((f"{at}.terrain.{kind}.{k}", f"hex {list(h)} is already {terrain_at[h]}"))
                terrain_at[h] = kind
        for k, h in enumerate(case.doors or []):
            if h not in board:
                problems.append((f"{at}.doors.{k}", f"hex {list(h)} is not on board {board_name}"))
        for k, (a, b) in enumerate(case.walls):
            dq, dr = b[0] - a[0], b[1] - a[1]
            if (dq, dr) not in {(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)}:
                problems.append((f"{at}.walls.{k}", f"hexes {list(a)} and {list(b)} are not neighbours"))
            elif a not in board and b not in board:
                problems.append(
                    (f"{at}.walls.{k}", f"wall {[list(a), list(b)]} touches no hex of {board_name}")
                )
    return problems
