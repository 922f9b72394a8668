"""`delve descent ...`: play First Blood (bots or people), show the quest map, check the content.

delve descent play --quest first-blood --heroes grisban,jain --bots greedy --seed 3
delve descent quest show first-blood --svg first-blood.svg
delve descent content check
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from delvekit.core.errors import DelvekitError, IllegalChoice, InputError

if TYPE_CHECKING:
    from delvekit.descent.engine import Game


def _write_all(path: str, text: str) -> None:
    """All or nothing: write a temporary file beside the target, then rename it."""
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent if str(target.parent) else ".", prefix=".delve-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", where=path) from None


@click.group("descent")
def group() -> None:
    """Descent: Journeys in the Dark, 2nd edition (rules engine, First Blood)."""


@group.command("play")
@click.option("--quest", default="first-blood", show_default=True)
@click.option("--heroes", required=True, help="Hero ids, e.g. grisban,jain (2 to 4).")
@click.option("--classes", help="One class per hero (default: the playable class of each archetype).")
@click.option(
    "--bots",
    type=click.Choice(["random", "greedy"]),
    default="greedy",
    show_default=True,
    help="The bot that plays every seat not played by a person.",
)
@click.option(
    "--human",
    type=click.Choice(["none", "heroes", "overlord"]),
    default="none",
    show_default=True,
    help="Which side a person plays from the terminal.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--quiet", is_flag=True, help="Print only the result line.")
@click.option("--log", "log_path", help="Write the JSON-lines log (replay with `delve replay`).")
@click.option("--save", "save_path", help="Write a save file at the end (or on 'save' when playing).")
@click.option("--load", "load_path", help="Continue a saved game.")
def play(
    quest: str,
    heroes: str,
    classes: str | None,
    bots: str,
    human: str,
    seed: int,
    quiet: bool,
    log_path: str | None,
    save_path: str | None,
    load_path: str | None,
) -> None:
    """Play a quest to its end; the last line is `result: heroes|overlord rounds=N`."""
    from delvekit.core.rng import Rng
    from delvekit.descent.bots import BOTS, MAX_CHOICES
    from delvekit.descent.engine import Game
    from delvekit.descent.render import board_text, status_text

    try:
        if load_path:
            try:
                game = Game.load(Path(load_path).read_text(encoding="utf-8"), where=load_path)
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror}", where=load_path) from None
        else:
            hero_list = [h for h in heroes.split(",") if h.strip()]
            class_list = [c for c in classes.split(",") if c.strip()] if classes else None
            game = Game.new(quest, hero_list, classes=class_list, seed=seed)
        bot = BOTS[bots]
        rng = Rng(seed ^ 0x5EED)
        shown = 0
        for _ in range(MAX_CHOICES):
            if game.result:
                break
            d = game.decision
            people = (human == "heroes" and d.actor != "overlord") or (
                human == "overlord" and d.actor == "overlord"
            )
            if not quiet:
                for e in game.events[shown:]:
                    click.echo(f"  {e}")
                shown = len(game.events)
            if people:
                game = _ask(game, save_path)
                continue
            choice = bot(game, rng)
            if not quiet:
                click.echo(f"{d.actor}: {choice}")
            game.choose(choice)
        if not quiet:
            for e in game.events[shown:]:
                click.echo(f"  {e}")
            click.echo(board_text(game))
            click.echo(status_text(game))
        if log_path:
            _write_all(log_path, "\n".join(game.log_lines()) + "\n")
        if save_path:
            _write_all(save_path, game.save() + "\n")
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"result: {game.result or 'unfinished'} rounds={game.state.round}")


def _ask(game: Game, save_path: str | None) -> Game:
    """One decision from a person: a number, a choice's text, 'board', 'undo', 'save', 'quit'."""
    from delvekit.descent.engine import Game
    from delvekit.descent.render import board_text, status_text

    d = game.decision
    click.echo(f"{d.actor} decides ({d.kind}):")
    for i, c in enumerate(d.choices, start=1):
        click.echo(f"  {i:3d}. {c}")
    while True:
        line = click.prompt(
            "choice (number, text, board, undo, save, quit)", default="", show_default=False
        ).strip()
        if line == "quit":
            sys.exit(0)
        if line == "board":
            click.echo(board_text(game))
            click.echo(status_text(game))
            continue
        if line == "undo":
            if not game.log:
                click.echo("nothing to undo")
                continue
            header = game.header()
            return Game.replay(header, [str(c) for c in game.log[:-1]])
        if line.startswith("save"):
            path = line[4:].strip() or save_path
            if not path:
                click.echo("save where? write: save FILE")
                continue
            _write_all(path, game.save() + "\n")
            click.echo(f"saved to {path}")
            continue
        try:
            choice = d.choices[int(line) - 1] if line.isdigit() and 1 <= int(line) <= len(d.choices) else line
            game.choose(choice)
            return game
        except (IllegalChoice, InputError) as exc:
            click.echo(f"not legal: {str(exc).split(';')[0]}")


def replay_descent(text: str, where: str, verify: bool) -> None:
    """`delve replay` for a Descent log or save (called from cli/replay.py)."""
    from delvekit.descent.engine import SAVE_FORMAT, Game

    first = text.lstrip().split("\n", 1)[0]
    if SAVE_FORMAT in first:
        game = Game.load(text, where=where)
    else:
        game = Game.from_log(text.splitlines(), where=where, verify=verify)
    click.echo(
        f"descent {game.quest.id} choices={len(game.log)} round={game.state.round} "
        f"result={game.result or 'in progress'}"
    )
    click.echo(f"digest={game.digest()}" + (" verified" if verify else ""))


@group.group("quest")
def quest_group() -> None:
    """Quest maps."""


@quest_group.command("show")
@click.argument("quest_id")
@click.option("--svg", "svg_path", help="Also write the map as SVG.")
@click.option("--heroes", default="grisban,jain", show_default=True, help="The party (sets the hero count).")
def quest_show(quest_id: str, svg_path: str | None, heroes: str) -> None:
    """Draw the quest's map at setup in the terminal (and as SVG)."""
    from delvekit.descent.engine import Game
    from delvekit.descent.render import board_svg, board_text, status_text

    try:
        game = Game.new(quest_id, [h for h in heroes.split(",") if h.strip()], seed=0)
        click.echo(f"{game.quest.name} ({len(game.board.cells)} squares, {len(game.quest.placements)} tiles)")
        click.echo(board_text(game))
        click.echo(status_text(game))
        if svg_path:
            _write_all(svg_path, board_svg(game) + "\n")
            click.echo(f"wrote {svg_path}")
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None


@group.group("content")
def content_group() -> None:
    """Descent content."""


@content_group.command("check")
def content_check() -> None:
    """Every reference resolves, every tile grid and placement fits; counts per source, and the
    cross-check against a second source with each disagreement and how it was settled."""
    import json
    from importlib import resources

    from delvekit.descent.content import check, load_content

    try:
        content = load_content()
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    problems = check(content)
    playable = sum(1 for c in content.classes.values() if c.playable)
    click.echo("counts per source:")
    click.echo(
        f"  TAG (MIT): {len(content.tiles)} tile grids, {len(content.heroes)} heroes, "
        f"{playable} classes with equipment numbers, {len(content.monsters)} monsters (Act I/II), "
        f"{sum(c.count for c in content.search)} search cards"
    )
    click.echo(
        f"  Valkyrie (Apache-2.0): {len(content.classes)} classes, "
        f"{sum(len(c.valkyrie_skills) for c in content.classes.values())} skills (names, XP), hero ids"
    )
    click.echo(
        f"  Valkyrie quest data (CC0): {len(content.quests)} quest, "
        f"{sum(len(q.placements) for q in content.quests.values())} tile placements"
    )
    click.echo(f"  Descent-Community wiki: {sum(c.count for c in content.overlord)} basic overlord cards")
    for q in content.quests.values():
        for label, row in q.orientation_check.items():
            click.echo(
                f"  orientation {q.id} {label}: overlaps {row['overlaps']}, connectors "
                f"{row['connectors_matched']}/{row['connectors']}, "
                f"tokens {row['tokens_on_map']}/{row['tokens']}"
            )
    report = json.loads(resources.files("delvekit.descent.data").joinpath("crosscheck.json").read_text())
    click.echo(
        f"cross-check against {report['second_source']}: {report['agree']} facts agree, "
        f"{len(report['disagreements'])} disagreements"
    )
    for d in report["disagreements"]:
        click.echo(f"  {d['what']}: ours {d['ours']} / theirs {d['theirs']} -> {d['settled']}")
    if problems:
        for p in problems:
            click.echo(f"problem: {p}")
        raise click.ClickException(f"{len(problems)} problems")
    click.echo("content ok")
