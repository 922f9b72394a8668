"""The report of a results file: win rates with 95 % Wilson score intervals by scenario, party,
level, difficulty and bots; the distribution of rounds; causes of defeat; plots (matplotlib,
the ``sim`` extra; the tables stand without it).

>>> lo, hi = wilson(24, 100)
>>> round(lo, 3), round(hi, 3)
(0.167, 0.332)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import base64
import html as html_text
import io
import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from delvekit.sim.game import Row

DIMENSIONS = ("scenario", "party", "level", "difficulty", "bots")
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``(0, 1)`` for no games)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Line(NamedTuple):
    """One value of one dimension: its games, victories, win rate and interval, rounds."""

    value: str
    games: int
    wins: int
    rate: float
    low: float
    high: float
    mean_rounds: float
    mean_kills: float


class Summary(NamedTuple):
    games: int
    errors: int
    overall: Line
    by: dict[str, list[Line]]
    rounds: dict[str, list[int]]
    """Rounds of each game by result (victory, defeat)."""
    causes: list[tuple[str, int]]
    seconds: float


def _line(value: str, rows: Sequence[Row]) -> Line:
    games = len(rows)
    wins = sum(1 for r in rows if r["result"] == "victory")
    low, high = wilson(wins, games)
    rounds = [int(r["rounds"] or 0) for r in rows]
    kills = [int(r["monsters_killed"] or 0) for r in rows]
    rate = wins / games if games else 0.0
    return Line(
        value, games, wins, rate, low, high, statistics.fmean(rounds or [0]), statistics.fmean(kills or [0])
    )


def _order(value: str) -> tuple[int, str]:
    return (int(value), "") if value.isdigit() else (10**9, value)


def summarize(rows: Sequence[Row]) -> Summary:
    """The figures of the report (games that ended in an engine error are counted apart)."""
    played = [r for r in rows if r["result"] in ("victory", "defeat")]
    by: dict[str, list[Line]] = {}
    for dim in DIMENSIONS:
        groups: dict[str, list[Row]] = {}
        for r in played:
            groups.setdefault(str(r[dim]), []).append(r)
        by[dim] = [_line(v, groups[v]) for v in sorted(groups, key=_order)]
    rounds = {
        result: sorted(int(r["rounds"] or 0) for r in played if r["result"] == result)
        for result in ("victory", "defeat")
    }
    causes = Counter(str(r["cause"] or "unknown") for r in played if r["result"] == "defeat")
    return Summary(
        games=len(played),
        errors=len(rows) - len(played),
        overall=_line("all", played),
        by=by,
        rounds=rounds,
        causes=causes.most_common(),
        seconds=sum(float(r["seconds"] or 0.0) for r in rows),
    )


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _quartiles(values: list[int]) -> str:
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]}"
    q = statistics.quantiles(values, n=4, method="inclusive")
    return f"{values[0]} / {q[0]:g} / {q[1]:g} / {q[2]:g} / {values[-1]}"


def tables(summary: Summary) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report's tables as (title, header, rows of text), for every output format."""
    head = ["", "games", "victories", "win rate", "95 % interval", "mean rounds", "monsters killed"]

    def cells(line: Line) -> list[str]:
        return [
            line.value,
            str(line.games),
            str(line.wins),
            _pct(line.rate),
            f"{_pct(line.low)} - {_pct(line.high)}",
            f"{line.mean_rounds:.1f}",
            f"{line.mean_kills:.2f}",
        ]

    out = [("Overall", head, [cells(summary.overall)])]
    for dim in DIMENSIONS:
        lines = summary.by[dim]
        if len(lines) > 1 or dim == "scenario":
            out.append((f"By {dim}", [dim, *head[1:]], [cells(x) for x in lines]))
    out.append(
        (
            "Rounds (min / lower quartile / median / upper quartile / max)",
            ["result", "games", "rounds"],
            [[k, str(len(v)), _quartiles(v)] for k, v in summary.rounds.items()],
        )
    )
    total = sum(n for _, n in summary.causes) or 1
    out.append(
        (
            "Causes of defeat",
            ["cause", "games", "share"],
            [[c, str(n), _pct(n / total)] for c, n in summary.causes],
        )
    )
    return out


def print_summary(summary: Summary) -> None:
    """The tables in the terminal (Rich)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(
        f"[bold]{summary.games}[/bold] games"
        + (f" ({summary.errors} ended in an engine error, left out)" if summary.errors else "")
        + f", {summary.seconds:.0f} s of play"
    )
    for title, header, rows in tables(summary):
        t = Table(title=title, title_justify="left", header_style="bold")
        for i, h in enumerate(header):
            t.add_column(h, justify="left" if i == 0 else "right")
        for r in rows:
            t.add_row(*r)
        console.print(t)


# ------------------------------------------------------------------ plots


def _plots() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def figures(summary: Summary) -> dict[str, Callable[[str], bytes]]:
    """Plot name → a function rendering it (``png`` or ``svg``); empty without matplotlib."""
    plt = _plots()
    if plt is None or summary.games == 0:
        return {}

    def render(draw: Callable[[Any], None]) -> Callable[[str], bytes]:
        def to(fmt: str) -> bytes:
            fig, ax = plt.subplots(figsize=(7.5, 3.6), dpi=110)
            try:
                draw(ax)
                fig.tight_layout()
                buf = io.BytesIO()
                fig.savefig(buf, format=fmt)
                return buf.getvalue()
            finally:
                plt.close(fig)

        return to

    def win_rates(ax: Any) -> None:
        lines = summary.by["scenario"]
        xs = list(range(len(lines)))
        rates = [100 * x.rate for x in lines]
        errs = [
            [max(0.0, 100 * (x.rate - x.low)) for x in lines],
            [max(0.0, 100 * (x.high - x.rate)) for x in lines],
        ]
        ax.bar(xs, rates, color="#4c72b0")
        ax.errorbar(xs, rates, yerr=errs, fmt="none", ecolor="black", capsize=3, linewidth=1)
        ax.set_xticks(xs, [x.value for x in lines])
        ax.set_xlabel("scenario")
        ax.set_ylabel("win rate, % (95 % Wilson interval)")
        ax.set_ylim(0, 100)
        ax.set_title("Victories by scenario")

    def rounds(ax: Any) -> None:
        from matplotlib.ticker import MaxNLocator

        top = max((max(v) for v in summary.rounds.values() if v), default=1)
        low = min((min(v) for v in summary.rounds.values() if v), default=0)
        bins = [b - 0.5 for b in range(low, top + 2)]
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        for result, color in (("defeat", "#c44e52"), ("victory", "#55a868")):
            if summary.rounds[result]:
                ax.hist(summary.rounds[result], bins=bins, alpha=0.75, color=color, label=result)
        ax.set_xlabel("rounds played")
        ax.set_ylabel("games")
        ax.legend()
        ax.set_title("Length of games")

    def causes(ax: Any) -> None:
        shown = summary.causes[:8][::-1]
        ax.barh([c for c, _ in shown], [n for _, n in shown], color="#8172b2")
        ax.set_xlabel("defeats")
        ax.set_title("Causes of defeat")

    def kills(ax: Any) -> None:
        lines = summary.by["scenario"]
        ax.bar([x.value for x in lines], [x.mean_kills for x in lines], color="#dd8452")
        ax.set_xlabel("scenario")
        ax.set_ylabel("monsters killed per game")
        ax.set_title("Monsters killed by scenario")

    out = {"win-rate": render(win_rates), "kills": render(kills), "rounds": render(rounds)}
    if summary.causes:
        out["causes"] = render(causes)
    return out


# ------------------------------------------------------------------ files


def markdown(summary: Summary, *, title: str, images: dict[str, str] | None = None) -> str:
    """The report as Markdown; ``images`` maps plot names to the file names to link."""
    lines = [f"# Simulation report: {title}", ""]
    lines.append(
        f"{summary.games} games"
        + (f" ({summary.errors} engine errors left out)" if summary.errors else "")
        + f", {summary.seconds:.0f} s of play in the workers. Win rates with 95 % Wilson score intervals."
    )
    lines.append("")
    for name, header, rows in tables(summary):
        lines += [f"## {name}", "", "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        lines.append("")
    for name, file in (images or {}).items():
        lines += [f"![{name}]({file})", ""]
    return "\n".join(lines)


def write_markdown(summary: Summary, path: Path, *, title: str) -> dict[str, Path]:
    """Write the Markdown report and its PNG plots beside it (``STEM-NAME.png``)."""
    written: dict[str, Path] = {}
    for name, draw in figures(summary).items():
        target = path.with_name(f"{path.stem}-{name}.png")
        target.write_bytes(draw("png"))
        written[name] = target
    path.write_text(
        markdown(summary, title=title, images={k: v.name for k, v in written.items()}) + "\n",
        encoding="utf-8",
    )
    return written


def html(summary: Summary, *, title: str) -> str:
    """A self-contained HTML page: the tables and the plots as inline PNG images."""
    esc = html_text.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Simulation report: {esc(title)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
        "table{border-collapse:collapse;margin:.5rem 0 1.5rem}"
        "td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}"
        "td:first-child,th:first-child{text-align:left}img{max-width:100%;height:auto}</style>",
        "</head><body>",
        f"<h1>Simulation report: {esc(title)}</h1>",
        f"<p>{summary.games} games"
        + (f" ({summary.errors} engine errors left out)" if summary.errors else "")
        + ". Win rates with 95 % Wilson score intervals.</p>",
    ]
    for name, header, rows in tables(summary):
        parts.append(f"<h2>{esc(name)}</h2><table><thead><tr>")
        parts += [f"<th>{esc(h)}</th>" for h in header]
        parts.append("</tr></thead><tbody>")
        for r in rows:
            parts.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>")
        parts.append("</tbody></table>")
    plots = figures(summary)
    if plots:
        parts.append("<h2>Plots</h2>")
        for name, draw in plots.items():
            data = base64.b64encode(draw("png")).decode()
            parts.append(f"<figure><img alt='{esc(name)}' src='data:image/png;base64,{data}'></figure>")
    else:
        parts.append("<p>(Plots need matplotlib: pip install 'delvekit[sim]'.)</p>")
    parts.append("</body></html>")
    return "\n".join(parts)
