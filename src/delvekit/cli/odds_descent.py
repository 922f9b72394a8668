"""`delve odds --game descent`: exact Descent dice odds (docs/descent.md, rules digest §1.9)."""

from __future__ import annotations

import json
from fractions import Fraction

import click

from delvekit.core.errors import DelvekitError


def _pct(p: Fraction) -> str:
    return "<0.01%" if 0 < p < Fraction(1, 10_000) else f"{float(p):.2%}"


def run(
    attack_text: str, defense: str | None, surges_for: str | None, need_range: int, as_json: bool
) -> None:
    from delvekit.descent.dice import parse_pool
    from delvekit.descent.odds import attack_odds, parse_surges, summary

    try:
        attack = parse_pool(attack_text, kind="attack")
        defend = parse_pool(defense or "", kind="defense")
        abilities = parse_surges(surges_for or "")
        odds = attack_odds(attack, defend, abilities=abilities, need_range=need_range)
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(odds.to_json()))
        return
    row = summary(attack)
    at_least = row["surges_at_least"]
    assert isinstance(at_least, dict)
    title = "+".join(attack) + (" vs " + "+".join(defend) if defend else "")
    click.echo(f"{title}")
    avg_r, avg_h = row["avg_range_hit"], row["avg_hearts_hit"]
    assert isinstance(avg_r, Fraction) and isinstance(avg_h, Fraction)
    click.echo(
        f"miss {_pct(odds.miss)}  avg range (hit) {float(avg_r):.2f}  avg hearts (hit) {float(avg_h):.2f}  "
        + "  ".join(f"P(>={k} surge rolled) {_pct(at_least[k])}" for k in (1, 2, 3))
    )
    for name, dist in (("damage", odds.damage), ("range", odds.range), ("surges", odds.surges)):
        click.echo(f"{name:>7}: " + "  ".join(f"{n}:{_pct(p)}" for n, p in sorted(dist.items())))
    click.echo(f"expected damage (no surge spent): {float(odds.expected(odds.damage)):.3f}")
    if odds.hit is not None:
        names = ",".join(a.text for a in odds.abilities) or "none"
        click.echo(f"spending surges on {names}, range needed {odds.need_range}: hit {_pct(odds.hit)}")
        click.echo("  damage: " + "  ".join(f"{n}:{_pct(p)}" for n, p in sorted(odds.spent_damage.items())))
        click.echo(f"  expected damage: {float(odds.expected(odds.spent_damage)):.3f}")
