"""The monster mover page's requests: form fields in, the next editor state out.

The page's form carries the whole state: ``doc`` (the one-case gh-monster-ai-cases document),
``history`` (earlier documents, for undo), the chosen ``tool`` and the ability fields. One
request does one thing (``do``: solve, undo, apply:N, import, example, scenario, resize, reset;
or ``action``: a click on a hex, a hex side or the area grid). A request that cannot be carried
out leaves the document as it was and says why.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from delvekit.core.errors import DelvekitError, InputError
from delvekit.core.hexes import Hex
from delvekit.web import boardview, editor, editor_doc, mover_monsters, schemas, services
from delvekit.web.mover_monsters import monster_order

__all__ = ["BadState", "State", "act", "context", "initial_state", "monster_order", "plain_errors"]

HISTORY_LIMIT = 30

TOOLS: tuple[tuple[str, str], ...] = (
    ("active", "Active monster"),
    ("monster", "Other monster"),
    ("character", "Character"),
    ("wall", "Wall hex"),
    ("obstacle", "Obstacle"),
    ("trap", "Trap"),
    ("hazardous", "Hazardous"),
    ("difficult", "Difficult"),
    ("icy", "Icy"),
    ("wall-edge", "Thin wall"),
    ("door", "Closed door"),
    ("erase", "Erase"),
    ("hex", "Board shape"),
)
TOOL_NAMES = frozenset(name for name, _ in TOOLS)
RULESET_LABELS = {
    "gloomhaven": "Gloomhaven",
    "jaws_of_the_lion": "Jaws of the Lion",
    "frosthaven": "Frosthaven",
}


class BadState(InputError):
    """The form's hidden document or history is not a valid editor state (a tampered page)."""


@dataclass
class State:
    doc: editor.Doc
    history: list[str] = field(default_factory=list)
    tool: str = "active"
    initiative: int = 0
    auto: bool = False
    outcomes: list[dict[str, Any]] | None = None
    trail: dict[str, Any] | None = None
    message: str = ""
    error: str = ""
    cards: dict[str, str] = field(default_factory=dict)
    """Monster type → the ability card chosen for it (scenario monsters)."""


_PLAIN = (
    ("valid integer", "expected a whole number"),
    ("valid string", "expected text"),
    ("valid list", "expected a list"),
    ("valid boolean", "expected true or false"),
    ("Field required", "missing"),
    ("Tuple should have", "a hex is two whole numbers [q, r]"),
    ("Extra inputs are not permitted", "not a field of this format"),
    ("valid dictionary", "expected an object"),
)


def plain_errors(errors: list[Any]) -> str:
    """Validation errors as a player reads them: where (``case 1, board``) and what is wrong,
    without the validator's type names (``list[tuple[constrained-int...``).

    >>> plain_errors([
    ...     {"loc": ("cases", 0, "board", "constrained-str"), "msg": "Input should be a valid string"},
    ...     {"loc": ("cases", 0, "board", "list[int]", 0, 0), "msg": "Input should be a valid integer"},
    ... ])
    'case 1, board, hex 1: expected a whole number'
    """
    found: dict[str, str] = {}
    for e in errors:
        parts: list[str] = []
        loc = [p for p in e.get("loc", ()) if p != "body"]
        for i, part in enumerate(loc):
            text = str(part)
            if "[" in text or "constrained" in text or text.startswith("function-"):
                if i + 1 < len(loc) and isinstance(loc[i + 1], int) and parts and parts[-1] == "board":
                    parts.append(f"hex {loc[i + 1] + 1}")
                    break
                continue
            if isinstance(part, int):
                if parts and parts[-1] == "cases":
                    parts[-1] = f"case {part + 1}"
                elif parts and parts[-1] == "figures":
                    parts[-1] = f"figure {part + 1}"
                else:
                    parts.append(f"item {part + 1}")
                continue
            parts.append(text)
        msg = str(e.get("msg", "invalid"))
        for needle, words in _PLAIN:
            if needle in msg:
                msg = words
                break
        else:
            msg = msg.replace("Input should be", "expected")
        found[", ".join(parts) or "the file"] = msg  # a union's branches: the last one says most
    deepest = {k: v for k, v in found.items() if not any(o != k and o.startswith(k + ", ") for o in found)}
    lines = [f"{where}: {msg}" for where, msg in list(deepest.items())[:5]]
    return "; ".join(lines)


def load_doc(text: str, *, where: str = "doc") -> editor.Doc:
    """Validate an editor document (JSON text) and return its canonical single-case form."""
    try:
        parsed = schemas.CasesDocumentIn.model_validate_json(text)
    except ValidationError as exc:
        raise BadState(plain_errors(list(exc.errors())), where=where) from None
    problems = schemas.check_document(parsed)
    if problems:
        raise BadState("; ".join(f"{f}: {m}" for f, m in problems[:5]), where=where)
    return editor_doc.single_case(parsed.model_dump(mode="json", exclude_unset=True))


def import_doc(text: str, case_id: str = "") -> tuple[editor.Doc, str]:
    """A document a user imported: validated, then one case of it (``case_id``, or the first).
    Returns the note to show."""
    if not text.strip():
        raise InputError("the file is empty", where="import")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg} at line {exc.lineno}", where="import") from None
    try:
        parsed = schemas.CasesDocumentIn.model_validate(data)
    except ValidationError as exc:
        raise InputError(
            "not a monster-AI case file this editor reads: " + plain_errors(list(exc.errors())),
            where="import",
        ) from None
    problems = schemas.check_document(parsed)
    if problems:
        raise InputError("; ".join(f"{f}: {m}" for f, m in problems[:5]), where="import")
    full = parsed.model_dump(mode="json", exclude_unset=True)
    ids = [c["id"] for c in full["cases"]]
    if case_id and case_id not in ids:
        shown = ", ".join(ids[:8]) + (" ..." if len(ids) > 8 else "")
        raise InputError(f"no case {case_id!r} in the file; it has {shown}", where="import_case")
    index = ids.index(case_id) if case_id else 0
    doc = editor_doc.single_case(full, index)
    note = f"imported case {ids[index]}"
    if len(ids) > 1:
        note += f" ({index + 1} of {len(ids)} in the file; name another in 'Case to import')"
    return doc, note


def decode_board(token: str) -> editor.Doc:
    """The board a shared link carries (``/mover?board=...``: the document as URL-safe base64)."""
    try:
        text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise InputError(
            "the board in this link could not be read (it is cut short or damaged)", where="board"
        ) from None
    try:
        return load_doc(text, where="board")
    except BadState as exc:
        raise InputError(f"the board in this link could not be read ({exc})", where="board") from None


def initial_state(
    *, example: str | None = None, scenario: int | None = None, players: int = 2, board: str | None = None
) -> State:
    """The page's first state: a shared board, a bundled example, a scenario's opening room, or
    a fresh board."""
    state = State(doc=editor.blank())
    try:
        if board:
            state.doc = decode_board(board)
            state.message = "opened the board from the link"
        elif example:
            state.doc = services.example_doc(example)
            state.message = f"loaded example {example}"
        elif scenario is not None:
            state.doc = services.scenario_doc(scenario, players)
            state.message = f"loaded scenario {scenario}, opening room, {players} characters"
    except DelvekitError as exc:
        state.error = str(exc)
    return state


def _int(fields: dict[str, str], name: str, default: int) -> int:
    text = fields.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise editor.EditError(f"expected a whole number, got {text[:20]!r}", where=name) from None


def _flag(fields: dict[str, str], name: str) -> bool:
    return fields.get(name, "") in ("on", "true", "1")


def merge_form(doc: editor.Doc, fields: dict[str, str]) -> editor.Doc:
    """The document with the ability, rule set and initiatives the form shows."""
    out = doc
    if "ruleset" in fields and fields["ruleset"] != editor.case_of(doc)["ruleset"]:
        out = editor.set_ruleset(out, fields["ruleset"])
    if "move" in fields:
        targets: int | str = "all" if _flag(fields, "targets_all") else _int(fields, "targets", 1)
        new = editor.set_ability(
            out,
            move=_int(fields, "move", 0),
            jump=_flag(fields, "jump"),
            flying=_flag(fields, "flying"),
            teleport=_flag(fields, "teleport"),
            muddled=_flag(fields, "muddled"),
            attack=_flag(fields, "attack"),
            range_=_int(fields, "range", 0),
            targets=targets,
        )
        if new["cases"][0]["ability"] != out["cases"][0]["ability"]:
            out = new
    initiatives = {
        name.removeprefix("init_"): _int(fields, name, 0) for name in fields if name.startswith("init_")
    }
    if initiatives:
        new = editor.set_initiatives(out, initiatives)
        if new != out:
            out = new
    return out


def _solve(doc: editor.Doc) -> list[dict[str, Any]]:
    solved = services.solve_document(doc, where="board")
    outcomes: list[dict[str, Any]] = solved[0]["outcomes"] if solved else []
    return outcomes


def act(fields: dict[str, str]) -> State:
    """Carry out one editor request."""
    doc = load_doc(fields.get("doc", ""))
    try:
        raw_history = json.loads(fields.get("history", "[]") or "[]")
    except json.JSONDecodeError:
        raise BadState("not a JSON list", where="history") from None
    if not isinstance(raw_history, list) or not all(isinstance(h, str) for h in raw_history):
        raise BadState("expected a list of documents", where="history")
    tool = fields.get("tool", "active")
    if tool not in TOOL_NAMES:
        tool = "active"
    state = State(
        doc=doc,
        history=raw_history[-HISTORY_LIMIT:],
        tool=tool,
        auto=_flag(fields, "auto"),
    )
    try:
        state.initiative = _int(fields, "initiative", 0)
    except editor.EditError:
        state.initiative = 0
    state.cards = {k.removeprefix("card_"): v for k, v in fields.items() if k.startswith("card_") and v}
    do = fields.get("do") or fields.get("action") or "update"
    before = doc
    try:
        new = _perform(state, do, fields)
    except DelvekitError as exc:
        state.error = str(exc)
        state.doc = before
        state.outcomes = None
        return state
    if new is not None and new != before:
        if do != "undo":
            state.history.append(editor_doc.dumps(before))
            state.history = state.history[-HISTORY_LIMIT:]
        state.doc = new
    if state.auto and state.outcomes is None and do not in ("undo",) and not do.startswith("apply:"):
        try:
            state.outcomes = _solve(state.doc)
        except DelvekitError as exc:
            state.error = str(exc)
    return state


def _perform(state: State, do: str, fields: dict[str, str]) -> editor.Doc | None:
    """Apply ``do``; returns the new document (``None``: unchanged)."""
    doc = state.doc
    if do == "undo":
        if not state.history:
            state.message = "nothing to undo"
            return None
        previous = load_doc(state.history.pop(), where="history")
        state.message = "undone"
        return previous
    if do == "reset":
        width, height = _int(fields, "width", 9), _int(fields, "height", 7)
        state.message = f"new {width} x {height} board"
        return editor.blank(width, height, editor.case_of(doc)["ruleset"])
    if do == "import":
        new, note = import_doc(fields.get("import_text", ""), fields.get("import_case", "").strip())
        state.message = note
        return new
    if do == "example":
        name = fields.get("example", "")
        if not name:
            raise InputError("choose an example first", where="example")
        state.message = f"loaded example {name}"
        return services.example_doc(name)
    if do == "scenario":
        number, players = _int(fields, "scenario", 1), _int(fields, "players", 2)
        state.message = f"loaded scenario {number}, opening room, {players} characters"
        return services.scenario_doc(number, players)
    merged = merge_form(doc, fields)
    if do == "resize":
        return editor.resize(merged, _int(fields, "width", 9), _int(fields, "height", 7))
    if do == "solve":
        state.outcomes = _solve(merged)
        n = len(state.outcomes)
        state.message = f"{n} outcome{'s' if n != 1 else ''}" + (": the players choose" if n > 1 else "")
        return merged
    if do.startswith("apply:"):
        outcomes = _solve(merged)
        try:
            index = int(do.removeprefix("apply:"))
            chosen = outcomes[index]
        except (ValueError, IndexError):
            raise InputError(
                f"no outcome {do.removeprefix('apply:')!r}; solve again", where="outcome"
            ) from None
        destination = (int(chosen["destination"][0]), int(chosen["destination"][1]))
        chosen_id = (editor.active_figure(merged) or {}).get("id", "the monster")
        new = editor.apply_outcome(merged, destination)
        state.trail = chosen
        targets = ", ".join(chosen.get("targets") or []) or "no one"
        state.message = (
            f"{chosen_id} moved to {list(destination)}, attacks {targets}; "
            "choose the next monster with the Active monster tool"
        )
        return new
    if do == "click":
        return _click(merged, state, editor.parse_hex(fields.get("hex", "")))
    if do == "edge":
        a, b = editor.parse_hexes(fields.get("edge", ""), 2, where="edge")
        return editor.toggle_wall(merged, a, b)
    if do == "aoe":
        return editor.toggle_aoe(merged, editor.parse_hex(fields.get("aoe", ""), where="aoe"))
    if do == "update":
        return merged
    if do == "next_monster":
        return _next_monster(merged, state)
    if do.startswith("card:"):
        return _use_card(merged, state, do.removeprefix("card:"))
    raise InputError(f"unknown request {do[:30]!r}", where="do")


def _card_initiatives(doc: editor.Doc, state: State) -> dict[str, int]:
    out: dict[str, int] = {}
    for monster, card_id in state.cards.items():
        for fig in editor.case_of(doc)["figures"]:
            typed = boardview.standee_of(str(fig["id"]))
            if typed is not None and typed[1] == monster:
                probe = editor.set_active(doc, (int(fig["hex"][0]), int(fig["hex"][1])))
                found = [c for c in mover_monsters.deck_cards(probe) if c["id"] == card_id]
                if found:
                    out[monster] = int(found[0]["initiative"])
                break
    return out


def _use_card(doc: editor.Doc, state: State, card_id: str) -> editor.Doc:
    new = mover_monsters.apply_card(doc, card_id)
    active = editor.active_figure(doc)
    typed = boardview.standee_of(str(active["id"])) if active else None
    if typed is not None:
        state.cards[typed[1]] = card_id
    state.message = f"card {card_id} for {typed[1].replace('-', ' ') if typed else 'the monster'}"
    return new


def _next_monster(doc: editor.Doc, state: State) -> editor.Doc:
    new = mover_monsters.next_monster(doc, _card_initiatives(doc, state))
    active = editor.active_figure(new)
    typed = boardview.standee_of(str(active["id"])) if active else None
    if typed is not None and typed[1] in state.cards:
        new = mover_monsters.apply_card(new, state.cards[typed[1]])  # its rank's values
    state.message = f"next monster: {active['id'] if active else '?'}"
    return new


def _click(doc: editor.Doc, state: State, h: Hex) -> editor.Doc:
    tool = state.tool
    if tool in editor.TERRAIN_KINDS:
        return editor.paint(doc, tool, h)
    if tool == "character":
        return editor.place(doc, "character", h, initiative=state.initiative)
    if tool == "monster":
        return editor.place(doc, "monster", h)
    if tool == "active":
        return editor.set_active(doc, h)
    if tool == "erase":
        return editor.erase(doc, h)
    if tool == "door":
        return editor.toggle_door(doc, h)
    if tool == "hex":
        return editor.toggle_hex(doc, h)
    raise InputError("choose a tool that acts on hexes (the thin-wall tool acts on hex sides)", where="tool")


# --- what the template shows -------------------------------------------------------------------


_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z])|\n+")


def explanation_lines(value: Any) -> list[str]:
    """The engine's explanation as lines of text, whatever its JSON shape.

    >>> explanation_lines("Focus C1: nearest. Moves (1, 0) -> (2, 0). Attacks C1 from (2, 0).")
    ['Focus C1: nearest.', 'Moves (1, 0) -> (2, 0).', 'Attacks C1 from (2, 0).']
    >>> explanation_lines({"focus": "C1", "why": ["nearest", "lowest initiative"]})
    ['focus: C1', 'why: nearest; lowest initiative']
    """
    if value is None:
        return []
    if isinstance(value, str):
        # One sentence a line: the engine writes "Focus ... . Moves ... . Attacks ... ."
        return [part.strip() for part in _SENTENCE.split(value) if part.strip()]
    if isinstance(value, list):
        return [line for item in value for line in explanation_lines(item)]
    if isinstance(value, dict):
        lines = []
        for k, v in value.items():
            text = "; ".join(explanation_lines(v)) if isinstance(v, list | dict) else str(v)
            lines.append(f"{k}: {text}")
        return lines
    return [str(value)]


def _focus_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def board_size(doc: editor.Doc) -> tuple[int, int]:
    """Width (columns) and height (hexes per column) of the board's bounding rectangle."""
    hexes = editor.board_hexes(doc)
    qs = [h[0] for h in hexes]
    width = max(qs) - min(qs) + 1
    per_column: dict[int, int] = {}
    for q, _ in hexes:
        per_column[q] = per_column.get(q, 0) + 1
    return width, max(per_column.values())


def context(state: State) -> dict[str, Any]:
    """Template variables for the editor fragment."""
    doc = state.doc
    case = editor.case_of(doc)
    ability = case["ability"]
    attack = ability.get("attack")
    outcomes = state.outcomes or []
    rows = [
        {
            "index": i,
            "destination": o["destination"],
            "targets": o.get("targets") or [],
            "focus": _focus_text(o.get("focus")),
            "path": o.get("path") or [],
            "explanation": explanation_lines(o.get("explanation")),
        }
        for i, o in enumerate(outcomes)
    ]
    width, height = board_size(doc)
    characters = [f for f in case["figures"] if f["side"] == "character"]
    return {
        "doc": doc,
        "case": case,
        "summary": editor_doc.describe(case),
        "doc_json": editor_doc.dumps(doc),
        "doc_pretty": json.dumps(doc, indent=1),
        "history_json": json.dumps(state.history),
        "history_len": len(state.history),
        "tool": state.tool,
        "tools": TOOLS,
        "initiative": state.initiative,
        "auto": state.auto,
        "ability": ability,
        "attack": attack,
        "aoe_count": len(((attack or {}).get("aoe") or {}).get("hexes", [])),
        "ruleset": case["ruleset"],
        "rulesets": RULESET_LABELS,
        "characters": characters,
        "figure_count": len(case["figures"]),
        "board_svg": boardview.board_svg(
            doc, outcomes=outcomes, tool=state.tool, selected=0 if outcomes else None, trail=state.trail
        ),
        "aoe_svg": boardview.aoe_svg(doc),
        "solved": state.outcomes is not None,
        "outcomes": rows,
        "message": state.message,
        "error": state.error,
        "width": width,
        "height": height,
        "examples": services.example_list(),
        "monster_rows": mover_monsters.monster_rows(doc),
        "deck_cards": mover_monsters.deck_cards(doc),
        "cards": state.cards,
        "board_token": base64.urlsafe_b64encode(editor_doc.dumps(doc).encode()).decode().rstrip("="),
        "scenarios": services.scenario_list(),
    }
