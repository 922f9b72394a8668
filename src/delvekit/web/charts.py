"""Bar charts of damage distributions as SVG (a pure function of the numbers).

>>> svg = distribution_svg([("A", [[2, 0.25], [3, 0.75]])], expected=[2.75])
>>> svg.count('class="bar s0"')
2
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

WIDTH = 640
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 52, 40
COLOURS = ("#2f6fb0", "#d9822b")


def describe(setup: dict[str, Any]) -> str:
    """A short text of one setup, in the words of the game.

    >>> describe({"attack": 3, "advantage": True, "bless": 1, "curse": 0, "shield": 0, "pierce": 0})
    'attack 3, advantage, 1 bless'
    """
    parts = [f"attack {setup['attack']}"]
    deck = str(setup.get("deck") or "standard")
    if deck != "standard":
        perks = setup.get("perks") or []
        parts.append(f"{deck} deck" + (f" with perks {','.join(str(p) for p in perks)}" if perks else ""))
    for card in setup.get("add") or []:
        parts.append(f"+card {card}")
    for card in setup.get("remove") or []:
        parts.append(f"-card {card}")
    if setup.get("advantage"):
        parts.append("advantage")
    if setup.get("disadvantage"):
        parts.append("disadvantage")
    for key in ("bless", "curse"):
        if setup.get(key):
            parts.append(f"{setup[key]} {key}")
    if setup.get("shield"):
        parts.append(f"target shield {setup['shield']}")
    if setup.get("pierce"):
        parts.append(f"pierce {setup['pierce']}")
    return ", ".join(parts)


def _nice_top(peak: float) -> float:
    for top in (0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0):
        if peak <= top + 1e-12:
            return top
    return 1.0


def distribution_svg(
    series: Sequence[tuple[str, Sequence[Sequence[float]]]], *, expected: Sequence[float]
) -> str:
    """Grouped bars: one group per damage value, one bar per series (at most two), with each
    series' expected damage as a dashed line and the probability printed on each bar."""
    damages = sorted({int(d) for _, dist in series for d, p in dist if p > 0})
    if not damages:
        damages = [0]
    lo, hi = min(damages), max(damages)
    values = list(range(lo, hi + 1))
    peak = max((float(p) for _, dist in series for _, p in dist), default=0.0)
    top = _nice_top(peak)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    group_w = plot_w / len(values)
    bar_w = min(34.0, group_w * 0.8 / max(1, len(series)))

    def x_of(damage: float) -> float:
        return LEFT + (damage - lo + 0.5) * group_w

    def y_of(p: float) -> float:
        return TOP + plot_h * (1 - p / top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="damage distribution">'
    ]
    steps = 4
    for k in range(steps + 1):
        p = top * k / steps
        y = y_of(p)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(
            f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{p * 100:.0f}%</text>'
        )
    for d in values:
        out.append(
            f'<text class="axis" x="{x_of(d):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{d}</text>'
        )
    out.append(
        f'<text class="axis-title" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" '
        'text-anchor="middle">damage</text>'
    )
    for s, (label, dist) in enumerate(series):
        offset = (s - (len(series) - 1) / 2) * bar_w
        for dmg, raw in dist:
            prob = float(raw)
            if prob <= 0:
                continue
            x = x_of(int(dmg)) + offset - bar_w / 2
            y = y_of(prob)
            h = TOP + plot_h - y
            out.append(
                f'<rect class="bar s{s}" x="{x:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}" '
                f'fill="{COLOURS[s % 2]}">'
                f"<title>{escape(label)}: {int(dmg)} damage, {prob * 100:.2f}%</title></rect>"
            )
            if prob >= 0.005:
                out.append(
                    f'<text class="value" x="{x + (bar_w - 2) / 2:.1f}" y="{y - 4:.1f}" '
                    f'text-anchor="middle">{prob * 100:.0f}</text>'
                )
    for s, value in enumerate(expected):
        x = x_of(value)
        out.append(
            f'<line class="expected" x1="{x:.1f}" x2="{x:.1f}" y1="{TOP - 34 + 16 * s}" y2="{TOP + plot_h}" '
            f'stroke="{COLOURS[s % 2]}"/>'
            f'<text class="expected-label" x="{x + 4:.1f}" y="{TOP - 26 + 16 * s:.1f}" '
            f'fill="{COLOURS[s % 2]}">'
            f"mean {value:.2f}</text>"
        )
    out.append(
        f'<line class="baseline" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}"/>'
    )
    out.append("</svg>")
    return "".join(out)
