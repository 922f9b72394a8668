"""What the web app asks of the engine: solve monster turns, attack odds, scenario rooms, examples.

The face decides no rule: each function hands a validated request to the engine package that
owns the rule and shapes the answer as plain JSON. An engine part that is not installed yet
raises :class:`Unavailable` (the app answers 503 with its message).
"""

from __future__ import annotations

import importlib
import json
import time
from functools import lru_cache
from importlib import resources
from typing import Any

from delvekit.core.errors import DelvekitError, InputError
from delvekit.web import editor, editor_doc


class Unavailable(DelvekitError):
    """A part of the engine this request needs is not available in this installation."""


class TooMuchWork(DelvekitError):
    """A request that would keep the server solving longer than one request may."""


SOLVE_BUDGET_SECONDS = 20.0
"""Solving time one request may use (the 360 reference cases take well under a second)."""


def solve_document(
    doc: dict[str, Any], *, where: str = "request", budget: float | None = None
) -> list[dict[str, Any]]:
    """Solve every case of a gh-monster-ai-cases document: ``[{"id", "outcomes": [...]}]``.

    Outcomes are the engine's own JSON form (``outcome_to_json``), in the engine's order. When
    the cases solved so far have used up ``budget`` seconds (default
    :data:`SOLVE_BUDGET_SECONDS`), the rest is refused with :class:`TooMuchWork`; the first case
    is always solved and no case is interrupted.
    """
    try:
        cases_module = importlib.import_module("delvekit.gloomhaven.monster_ai.cases")
    except ImportError as exc:
        raise Unavailable(f"the monster AI is not installed ({exc})") from None
    return _solve_parsed(cases_module, cases_module.parse_document(doc, where=where), budget)


def _solve_parsed(cases_module: Any, parsed: Any, budget: float | None) -> list[dict[str, Any]]:
    from delvekit.gloomhaven.monster_ai.case_export import outcome_to_json

    solved: list[dict[str, Any]] = []
    limit = SOLVE_BUDGET_SECONDS if budget is None else budget
    start = time.perf_counter()
    for case in parsed.cases:
        if solved and time.perf_counter() - start > limit:
            raise TooMuchWork(
                f"cases: solved {len(solved)} of {len(parsed.cases)} cases in {limit:g} s, the most one "
                "request may use; send fewer or smaller cases per request"
            )
        outcomes = cases_module.solve_case(case)
        solved.append({"id": case.id, "outcomes": [outcome_to_json(o) for o in outcomes]})
    return solved


def solve_text(body: bytes | str, *, where: str = "request") -> list[dict[str, Any]]:
    """:func:`solve_document` of a document still in its bytes, read as `delve monster-ai solve`
    reads a file (:func:`delvekit.gloomhaven.monster_ai.cases.parse_text`)."""
    try:
        cases_module = importlib.import_module("delvekit.gloomhaven.monster_ai.cases")
    except ImportError as exc:
        raise Unavailable(f"the monster AI is not installed ({exc})") from None
    return _solve_parsed(cases_module, cases_module.parse_text(body, where=where), None)


def odds(setup: dict[str, Any]) -> dict[str, Any]:
    """The exact damage distribution of one attack: ``{"setup", "distribution", "expected", "engine"}``.

    ``distribution`` lists ``[damage, probability]`` pairs in increasing damage; ``engine`` is the
    odds module's own ``to_json()``.
    """
    try:
        odds_module = importlib.import_module("delvekit.gloomhaven.model.odds")
    except ImportError as exc:
        raise Unavailable(f"the odds calculator is not installed ({exc})") from None
    dist = odds_module.attack_distribution(
        setup["attack"],
        deck=build_deck(setup),
        advantage=setup.get("advantage", False),
        disadvantage=setup.get("disadvantage", False),
        bless=setup.get("bless", 0),
        curse=setup.get("curse", 0),
        shield=setup.get("shield", 0),
        pierce=setup.get("pierce", 0),
    )
    probabilities = dist.probabilities
    items = probabilities.items() if hasattr(probabilities, "items") else enumerate(probabilities)
    pairs = sorted((int(k), float(v)) for k, v in items if float(v) > 0)
    effects = getattr(dist, "effects", {}) or {}
    return {
        "setup": dict(setup),
        "distribution": [[k, p] for k, p in pairs],
        "expected": float(dist.expected),
        "effects": {str(name): float(p) for name, p in effects.items()},
        "engine": dist.to_json(),
    }


def class_list() -> list[dict[str, Any]]:
    """``[{"id", "name", "perks": [text, ...]}]`` of the content pack's classes (empty without it)."""
    try:
        from delvekit.gloomhaven.content import load_pack

        classes = load_pack().classes
    except (ImportError, DelvekitError):
        return []
    out = []
    for class_id, klass in sorted(classes.items()):
        perks = []
        for perk in klass.perks:
            parts = []
            if getattr(perk, "remove", ()):
                parts.append("remove " + ", ".join(perk.remove))
            if getattr(perk, "add", ()):
                parts.append("add " + ", ".join(perk.add))
            if getattr(perk, "ignore", None):
                parts.append("ignore " + str(perk.ignore).replace("_", " "))
            boxes = int(getattr(perk, "count", 1))
            perks.append(("; ".join(parts) or "no deck change") + (f" (x{boxes})" if boxes > 1 else ""))
        out.append({"id": class_id, "name": klass.name, "perks": perks})
    return out


def build_deck(setup: dict[str, Any]) -> Any:
    """The modifier deck a setup names (``None``: the standard deck, the engine's default)."""
    from delvekit.gloomhaven.model import modifiers

    choice = str(setup.get("deck") or "standard").strip().lower()
    perks = list(setup.get("perks") or [])
    deck: Any = None
    if choice == "monster":
        deck = modifiers.monster_deck()
    elif choice != "standard":
        try:
            from delvekit.gloomhaven.content import load_pack
        except ImportError as exc:
            raise Unavailable(f"the content pack is not installed ({exc})") from None
        classes = load_pack().classes
        klass = classes.get(choice) or {c.name.lower(): c for c in classes.values()}.get(choice)
        if klass is None:
            known = ", ".join(["standard", "monster", *sorted(classes)])
            raise InputError(f"unknown deck {setup.get('deck')!r}; known: {known}", where="deck")
        deck = modifiers.deck_with_perks(klass.perks, perks, owner=klass.name)
    if perks and choice in ("standard", "monster"):
        raise InputError("perks need a class deck", where="perks")
    added, removed = list(setup.get("add") or []), list(setup.get("remove") or [])
    if added or removed:
        base = modifiers.standard_deck() if deck is None else deck
        try:
            deck = modifiers.apply_perks(base, [{"remove": removed, "add": added}])
        except InputError as exc:
            raise InputError(str(exc).removeprefix("perk 1: "), where="add/remove") from None
    return deck


@lru_cache(maxsize=1)
def examples_document() -> dict[str, Any]:
    """The bundled example cases (a few reference cases per category)."""
    text = resources.files("delvekit.web").joinpath("examples.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def example_list() -> list[dict[str, Any]]:
    """``[{"id", "category", "description"}]`` of the bundled examples (descriptions in our words)."""
    return [
        {"id": c["id"], "category": c.get("category", ""), "description": editor_doc.describe(c)}
        for c in examples_document()["cases"]
    ]


def example_doc(case_id: str) -> editor.Doc:
    """The editor document of one bundled example."""
    cases = examples_document()["cases"]
    for i, case in enumerate(cases):
        if case["id"] == case_id:
            return editor_doc.single_case(examples_document(), i)
    raise InputError(f"no bundled example {case_id!r}", where="example")


def _pack_scenario(number: int) -> Any:
    try:
        from delvekit.gloomhaven.content import load_pack
    except ImportError as exc:
        raise Unavailable(f"the content pack is not installed ({exc})") from None
    scenarios = load_pack().scenarios
    if not scenarios:
        raise Unavailable("the content pack has no scenarios yet")
    if number not in scenarios:
        raise InputError(f"no scenario {number}; the pack has {min(scenarios)}..{max(scenarios)}", where="n")
    return scenarios[number]


def scenario_list() -> list[tuple[int, str]]:
    """``(number, name)`` of the scenarios with a map (empty when the content pack is not installed)."""
    try:
        from delvekit.gloomhaven.content import load_pack

        return [(n, str(s.name)) for n, s in load_pack().scenarios.items() if getattr(s, "rooms", ())]
    except (ImportError, DelvekitError):
        return []


def scenario_numbers() -> list[int]:
    """Numbers of the scenarios with a map."""
    return [n for n, _ in scenario_list()]


ID_LENGTH = 16
"""The longest figure id the case format takes."""


def standee_id(monster: str, rank: str, number: int) -> str:
    """A standee's figure id: its type (cut to fit 16 characters) and number, ``e-`` before an
    elite's and ``b-`` before a boss's.

    >>> standee_id("bandit-guard", "normal", 3), standee_id("bandit-guard", "elite", 5)
    ('bandit-guard-3', 'e-bandit-guard-5')
    >>> standee_id("harrower-infester", "normal", 12)
    'harrower-infe-12'
    """
    prefix = {"elite": "e-", "boss": "b-"}.get(rank, "")
    room = ID_LENGTH - len(prefix) - len(str(number)) - 1
    return f"{prefix}{monster[:room].rstrip('-')}-{number}"


class NoBoard(InputError):
    """The scenario exists but has no fixed opening room to show (its map is drawn in play)."""


def scenario_doc(number: int, players: int, *, allow_no_monster: bool = False) -> editor.Doc:
    """Scenario ``number``'s opening room for ``players`` characters as an editor document.

    Board: the initial room's hexes with their terrain and thin walls (the tile rims). Monsters
    stand where the map puts them for this player count, named as standees: type and number
    (:func:`standee_id`, numbers given in map order); the first becomes the active monster.
    Characters stand on the first starting hexes. A room with no monster at setup is refused,
    unless ``allow_no_monster`` (then the board comes with the characters only and a ``note``
    saying so); a scenario without a fixed opening room raises :class:`NoBoard`.
    """
    if players not in (2, 3, 4):
        raise InputError(f"players must be 2, 3 or 4, got {players}", where="players")
    scenario = _pack_scenario(number)
    rooms = [r for r in scenario.rooms if getattr(r, "initial", False)]
    if not rooms:
        raise NoBoard(
            f"scenario {number} ({scenario.name}) exists but has no fixed opening room in the "
            "content pack (its map is built during play), so there is no board to show",
            where="n",
        )
    placed = scenario.map()
    hexes: set[tuple[int, int]] = set()
    for room in rooms:
        hexes |= set(placed.room_hexes.get(room.number, ()))
    board = placed.board
    terrain: dict[str, list[list[int]]] = {}
    for h in sorted(hexes):
        kind = board.terrain_at(h)
        if kind is not None and kind.value in editor.TERRAIN_KINDS:
            terrain.setdefault(kind.value, []).append(list(h))
    doors = sorted([list(h) for h in board.doors if h in hexes])
    walls = sorted([list(a), list(b)] for a, b in board.walls if a in hexes or b in hexes)
    # Doors that lead out of the opening room stay closed: treat their hexes as part of the room
    # (figures cannot stand behind them here anyway).
    figures: list[dict[str, Any]] = []
    numbers: dict[str, int] = {}
    for room in rooms:
        for p in room.monsters:
            kind = p.type_for(players)
            if kind == "none" or p.hex is None or tuple(p.hex) not in hexes:
                continue
            # typed and numbered as standees: bandit-guard-3, e-bandit-guard-5 (elite), b-... (boss)
            numbers[p.monster] = numbers.get(p.monster, 0) + 1
            figures.append(
                {"id": standee_id(p.monster, kind, numbers[p.monster]), "side": "monster", "hex": list(p.hex)}
            )
    if figures:
        figures[0]["active"] = True
    starts = [tuple(h) for h in scenario.starting_hexes if tuple(h) in hexes]
    occupied = {tuple(f["hex"]) for f in figures}
    for i, h in enumerate([h for h in starts if h not in occupied][:players]):
        figures.append({"id": f"C{i + 1}", "side": "character", "hex": list(h), "initiative": 0})
    note = None
    if not any(f.get("active") for f in figures):
        if not allow_no_monster:
            raise InputError(
                f"scenario {number} has no monster in its opening room for {players} players", where="n"
            )
        note = (
            f"scenario {number} places no monster in its opening room for {players} players: add one "
            "(with active: true) before solving"
        )
    name = f"scenario{number}"
    case = {
        "id": f"scenario-{number}-{players}p",
        "ruleset": "gloomhaven",
        "board": name,
        "walls": walls,
        "terrain": terrain,
        **({"doors": doors} if doors else {}),
        "figures": figures,
        "ability": {
            "move": 2,
            "jump": False,
            "flying": False,
            "teleport": False,
            "muddled": False,
            "attack": {"range": 0, "melee": True, "targets": 1, "aoe": None},
        },
        "scenario": number,
        "description": f"{scenario.name}: opening room, {players} characters",
    }
    return {
        "format": dict(editor.FORMAT),
        **({"note": note} if note else {}),
        "boards": {name: [list(h) for h in sorted(hexes)]},
        "cases": [case],
    }
