"""`delve scenario`: look at scenario maps (terminal drawing or SVG picture)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import click
from rich.console import Console

from delvekit.core.errors import ContentError, InputError
from delvekit.gloomhaven.content.scenario import Scenario, default_folder, load_scenarios


@click.group("scenario")
def group() -> None:
    """Scenario maps: rooms, doors, overlays and standees per player count."""


def _load(folder: Path | None) -> dict[int, Scenario]:
    return load_scenarios(folder if folder is not None else default_folder())


_FOLDER = click.option(
    "--scenarios",
    "folder",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Folder of scenario files to use instead of the bundled ones (custom content).",
)


@group.command("show")
@click.argument("number", type=int)
@click.option("--players", "-p", type=click.IntRange(2, 4), default=4, show_default=True,
              help="Number of characters (2-4): decides which standees are placed.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the map as an SVG picture to this file instead of drawing it here.")
@click.option("--coords", is_flag=True, help="Print each hex's axial coordinate (SVG only).")
@click.option("--grid", is_flag=True,
              help="Draw delvekit's flat-top grid, north up, instead of the scenario book's view.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Scenario 55 (random dungeon): the seed of the stand-in map, as `delve play --seed`.")
@_FOLDER
def show(
    number: int, players: int, svg_file: Path | None, coords: bool, grid: bool, seed: int, folder: Path | None
) -> None:
    """Draw scenario NUMBER's setup: map, doors, overlays, monsters (elite and boss marked).

    The map is drawn as the scenario book shows it (pointy-top hexes); delvekit's own grid is
    the same picture turned a quarter turn (--grid). Scenario 55 has no fixed map: it shows the
    seeded stand-in that `delve play --seed` plays."""
    orientation: Literal["flat", "pointy"] = "flat" if grid else "pointy"
    scenarios = _load(folder)
    scenario = scenarios.get(number)
    if scenario is None:
        known = f" (known: {min(scenarios)}-{max(scenarios)})" if scenarios else ""
        raise InputError(f"no scenario {number}{known}", where="scenario")
    if number == 55 and not scenario.rooms:
        from delvekit.gloomhaven.content.random_dungeon import stand_in

        scenario = stand_in(scenario, seed)
        click.echo(
            f"Scenario 55 has no fixed map (a random dungeon): this is delvekit's stand-in for seed {seed}, "
            "three base tiles with the scenario's monster cards (docs/content-scenarios.md, Scenario 55).",
            err=True,
        )
    if not any(room.tiles for room in scenario.rooms):
        notes = "; ".join(scenario.notes) or "no map data"
        raise ContentError(f"has no fixed map: {notes}", where=f"scenario {number}")
    if svg_file is not None:
        from delvekit.render.scenario import scenario_svg

        text = scenario_svg(scenario, players, labels="coords" if coords else "none", orientation=orientation)
        try:
            svg_file.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write: {exc.strerror}", where=str(svg_file)) from None
        click.echo(f"wrote {svg_file} ({len(text):,} bytes)")
        return
    from delvekit.render.terminal import scenario_text

    Console(highlight=False).print(scenario_text(scenario, players, orientation=orientation))


@group.command("list")
@_FOLDER
def list_(folder: Path | None) -> None:
    """List the scenarios with their rooms and monster types."""
    for number, s in sorted(_load(folder).items()):
        mapped = "map" if any(r.tiles for r in s.rooms) else "no map"
        click.echo(f"{number:>3}  {s.name:<32} {len(s.rooms):>2} rooms  {mapped:<6}  {', '.join(s.monsters)}")
