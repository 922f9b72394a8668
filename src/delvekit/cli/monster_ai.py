"""`delve monster-ai`: solve monster turns from case files, check them, or show a worked example.

Only `demo` (and `--pretty` output) needs Rich; `solve` and `check` stay lean so a whole run
over a case file starts fast.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from delvekit.core.errors import DelvekitError


def _fail(exc: DelvekitError) -> None:
    click.echo(f"error: {exc}", err=True)
    sys.exit(2)


@click.group("monster-ai")
def group() -> None:
    """Decide what a monster does: focus, move and targets, with every tie offered."""


@group.command("solve")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--explain", is_flag=True, help="Add each outcome's focus, path, area and reasons.")
@click.option("--case", "only", multiple=True, metavar="ID", help="Solve only these case ids.")
def solve_cmd(file: str, explain: bool, only: tuple[str, ...]) -> None:
    """Print one JSON line per case: {"id", "outcomes": [{"destination", "targets"}, ...]}."""
    from delvekit.gloomhaven.monster_ai import cases as casefile
    from delvekit.gloomhaven.monster_ai.case_export import outcome_to_json

    try:
        doc = _load(file)
        out = sys.stdout
        for case in doc.cases:
            if only and case.id not in only:
                continue
            outcomes: list[dict[str, Any]] = []
            for o in casefile.solve_case(case):
                if explain:
                    outcomes.append(outcome_to_json(o))
                else:
                    outcomes.append(
                        {"destination": [o.destination[0], o.destination[1]], "targets": list(o.targets)}
                    )
            out.write(json.dumps({"id": case.id, "outcomes": outcomes}, separators=(",", ":")) + "\n")
    except DelvekitError as exc:
        _fail(exc)


@group.command("check")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--explain", is_flag=True, help="Show the explanation of every outcome of a mismatch.")
def check_cmd(file: str, explain: bool) -> None:
    """Solve every case and compare with its expected outcomes; exit 1 on any mismatch."""
    from delvekit.gloomhaven.monster_ai import cases as casefile

    try:
        doc = _load(file)
        results = [casefile.check_case(c) for c in doc.cases]
    except DelvekitError as exc:
        _fail(exc)
        return
    counted = [r for r in results if not r.case.disputed]
    disputed = [r for r in results if r.case.disputed]
    bad = [r for r in counted if not r.matched]
    click.echo(f"{len(counted) - len(bad)} of {len(counted)} cases match")
    for r in bad:
        click.echo(f"MISMATCH {r.case.id}: missing {_keys(r.missing)}; unexpected {_keys(r.extra)}")
        if explain:
            for o in r.outcomes:
                click.echo(f"    {list(o.destination)} {list(o.targets)}: {o.explanation}")
    if disputed:
        agree = sum(r.matched for r in disputed)
        click.echo(f"disputed (not counted): {len(disputed)}, of which {agree} agree with the encoded answer")
        for r in disputed:
            got = sorted((list(o.destination), list(o.targets)) for o in r.outcomes)
            click.echo(f"  {r.case.id}: {'agrees' if r.matched else 'differs'}; we answer {got}")
    sys.exit(1 if bad else 0)


def _keys(keys: tuple[tuple[tuple[int, int], tuple[str, ...]], ...]) -> str:
    if not keys:
        return "none"
    return ", ".join(f"{list(h)}->{list(t) if t else '-'}" for h, t in keys)


def _load(file: str) -> Any:
    from delvekit.gloomhaven.monster_ai import cases as casefile

    if file == "-":
        return casefile.parse_text(sys.stdin.buffer.read(), where="<stdin>")
    return casefile.load(file)


@group.command("demo")
@click.option("--explain/--no-explain", default=True, help="Print the explanation of each outcome.")
def demo_cmd(explain: bool) -> None:
    """A worked example: the board drawn in the terminal, the outcomes and their reasons."""
    _demo(explain)


# --- the demo ---------------------------------------------------------------------------------

_DEMO_CASE: dict[str, Any] = {
    "id": "demo-archer",
    "ruleset": "gloomhaven",
    "description": "move 3, range 3, target 2",
    "board": "inline",
    "board_hexes": [[q, r] for q in range(0, 8) for r in range(-q // 2, 6 - q // 2)],
    "walls": [[[5, 2], [5, 1]], [[5, 2], [6, 1]]],
    "terrain": {"wall": [[3, 0], [3, 1]], "trap": [[2, 2]], "obstacle": [[5, -1]], "difficult": [[2, 3]]},
    "figures": [
        {"id": "A", "side": "monster", "active": True, "hex": [1, 2]},
        {"id": "M1", "side": "monster", "hex": [2, 1]},
        {"id": "C1", "side": "character", "initiative": 35, "hex": [6, -1]},
        {"id": "C2", "side": "character", "initiative": 12, "hex": [4, 1]},
        {"id": "C3", "side": "character", "initiative": 8, "hex": [1, 3], "invisible": True},
        {"id": "S1", "side": "character", "initiative": 35, "hex": [4, 3], "summon_of": "C1"},
    ],
    "ability": {
        "move": 3,
        "jump": False,
        "flying": False,
        "teleport": False,
        "muddled": False,
        "attack": {"range": 3, "melee": False, "targets": 2, "aoe": None},
    },
}


def _demo(explain: bool) -> None:
    from rich.console import Console
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from delvekit.core.board import Terrain
    from delvekit.gloomhaven.monster_ai import cases as casefile

    case = casefile.parse_document(_DEMO_CASE, where="demo").cases[0]
    outcomes = casefile.solve_case(case)
    console = Console()
    turn = case.turn
    board = turn.board
    figures = {f.hex: f for f in turn.figures}
    ends = {o.destination for o in outcomes}
    paths = {h for o in outcomes for h in o.path[1:-1]}
    targeted = {t for o in outcomes for t in o.targets}
    qs = [h[0] for h in board.hexes]
    ys = [2 * h[1] + h[0] for h in board.hexes]
    q0, y0 = min(qs), min(ys)
    width = (max(qs) - q0) * 4 + 4
    lines = [Text(" " * width) for _ in range(max(ys) - y0 + 1)]
    for h in sorted(board.hexes):
        t = board.terrain_at(h)
        f = figures.get(h)
        if f is not None:
            label = f.id[:2].ljust(2)
            if f.active:
                style = "bold black on yellow"
            elif f.side == "monster":
                style = "bold white on dark_red"
            elif f.invisible:
                style = "dim italic"
            else:
                style = "bold white on blue" if f.id in targeted else "bold blue"
        elif t is Terrain.WALL:
            label, style = "##", "grey50 on grey23"
        elif h in ends:
            label, style = "<>", "bold black on green"
        elif t is Terrain.TRAP:
            label, style = "^^", "bold red"
        elif t is Terrain.OBSTACLE:
            label, style = "[]", "yellow"
        elif t is Terrain.DIFFICULT:
            label, style = "~~", "green"
        elif h in paths:
            label, style = "..", "bold green"
        else:
            label, style = "  ", ""
        x = (h[0] - q0) * 4
        y = 2 * h[1] + h[0] - y0
        cell = Text("[", style="grey42") + Text(label, style=style) + Text("]", style="grey42")
        lines[y] = lines[y][:x] + cell + lines[y][x + 4 :]
    board_text = Text("\n").join(lines)
    legend = (
        "A active monster  M1 its ally  C1 C2 characters  C3 invisible character  S1 summon of C1\n"
        "## wall  ^^ trap  [] obstacle  ~~ difficult  <> a destination  .. path\n"
        f"thin walls: {', '.join(f'{list(a)}|{list(b)}' for a, b in sorted(board.walls))}"
    )
    console.print(
        Panel.fit(board_text, title="delvekit monster AI", subtitle=str(case.info.get("description", "")))
    )
    console.print(legend, style="dim")
    table = Table(title=f"{len(outcomes)} outcome(s) for the players to choose among")
    table.add_column("destination")
    table.add_column("targets")
    table.add_column("focus")
    if explain:
        table.add_column("why", overflow="fold")
    for o in outcomes:
        row = [str(list(o.destination)), ", ".join(o.targets) or "-", ", ".join(o.focus) or "-"]
        if explain:
            row.append(o.explanation)
        table.add_row(*row)
    console.print(table)
