"""`delve simulate`: many bot games from one command, written as rows to CSV or Parquet.

    delve simulate --scenarios 1-10 --party brute,mindthief --bots random --games 200 \\
        --seed 1 --workers 2 --out results.csv
    delve simulate report results.csv --html report.html

Every combination of scenario, party, level and difficulty plays ``--games`` games with seeds
``--seed`` .. ``--seed + games - 1``; a row's ``seed`` is the game seed, so ``delve play
--scenario S --party P --level L --difficulty D --bots B --seed SEED --quiet`` plays the same
game. ``--party`` may be given several times; ``random``, ``random:3`` or ``random:2-4`` samples
each game's party from the playable classes. ``--bots`` names one bot for every seat or one per
seat in party order. Rows are written as games finish (the file is replaced whole, never left
half-written); Ctrl-C (or SIGTERM) keeps every finished game, and a rerun with the same arguments plays only
the games not in the file yet. ``--backend ray`` plays on Ray (the ``ray`` extra): a local Ray
with ``--workers`` CPUs, or the cluster at ``--address``.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from delvekit.core.errors import DelvekitError, InputError

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from rich.progress import Task

    from delvekit.sim.game import Row
    from delvekit.sim.plan import GameSpec

CHECKPOINT_SECONDS = 2.0
"""The results file is rewritten at most this often while games finish (and at the end)."""


def _specs(
    scenarios: str,
    parties: tuple[str, ...],
    level: str,
    difficulty: str,
    bots: str,
    games: int,
    seed: int,
) -> list[GameSpec]:
    from delvekit.gloomhaven.content import load_pack
    from delvekit.sim.plan import parse_difficulties, parse_numbers, plan, sample_size

    pack = load_pack()
    numbers = parse_numbers(scenarios, "--scenarios", low=1, high=95)
    unknown = [n for n in numbers if n not in pack.scenarios]
    if unknown:
        raise InputError(
            f"no scenario {', '.join(map(str, unknown))} in the content pack", where="--scenarios"
        )
    playable = sorted(c for c, k in pack.classes.items() if k.playable_at(1))
    for party in parties:
        if sample_size(party) is not None:
            continue
        for member in (m.strip().lower() for m in party.split(",") if m.strip()):
            if member not in playable:
                raise InputError(
                    f"{member!r} is not a playable class (playable: {', '.join(playable)})", where="--party"
                )
    return plan(
        numbers,
        parties,
        parse_numbers(level, "--level", low=1, high=9),
        parse_difficulties(difficulty),
        bots,
        games=games,
        seed=seed,
        playable=playable,
    )


def _executor(backend: str, workers: int, address: str | None) -> Executor:
    if backend == "ray":
        from delvekit.sim.ray_backend import RayExecutor

        return RayExecutor(workers, address)
    if address is not None:
        raise InputError("--address goes with --backend ray", where="--address")
    from delvekit.sim.driver import process_pool

    return process_pool(workers)


@click.group("simulate", invoke_without_command=True)
@click.option("--scenarios", default="1", show_default=True, help="Scenarios: 1-95, lists like 1,3,5-7.")
@click.option(
    "--party",
    "parties",
    multiple=True,
    help="Comma-separated classes (repeatable), or random[:SIZES] to sample each game's party "
    "from the playable classes (e.g. random:2-4). Default: brute,mindthief.",
)
@click.option("--level", default="1", show_default=True, help="Character levels: 1-9, lists, ranges.")
@click.option(
    "--difficulty", default="normal", show_default=True, help="easy, normal, hard, very_hard (or a list)."
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="random|greedy|search, or one per seat: greedy,search.",
)
@click.option("--games", type=int, default=10, show_default=True, help="Games per scenario, party and level.")
@click.option("--seed", type=int, default=1, show_default=True, help="The first game seed.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--backend", type=click.Choice(["process", "ray"]), default="process", show_default=True)
@click.option("--address", help="With --backend ray: the cluster to join (auto, ray://host:port).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("results.csv"),
    show_default=True,
    help="Results file, .csv or .parquet; games already in it are skipped.",
)
@click.option("--quiet", is_flag=True, help="No progress bar; print only the final line.")
@click.pass_context
def group(
    ctx: click.Context,
    scenarios: str,
    parties: tuple[str, ...],
    level: str,
    difficulty: str,
    bots: str,
    games: int,
    seed: int,
    workers: int | None,
    backend: str,
    address: str | None,
    out: Path,
    quiet: bool,
) -> None:
    """Play many bot games (on every core or a Ray cluster) and write one row per game."""
    if ctx.invoked_subcommand is not None:
        return
    from delvekit.sim.store import check_path, read_rows, row_key

    try:
        if workers is not None and workers < 1:
            raise InputError(f"at least one worker, got {workers}", where="--workers")
        check_path(out)
        specs = _specs(scenarios, parties or ("brute,mindthief",), level, difficulty, bots, games, seed)
        rows = read_rows(out)
        done = {row_key(r) for r in rows}
        todo = [s for s in specs if s.key not in done]
        n_workers = workers or os.cpu_count() or 1
        if not todo:
            click.echo(f"nothing to play: all {len(specs)} games are in {out}")
            return
        executor = _executor(backend, n_workers, address)
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    skipped = len(specs) - len(todo)
    played, seconds, interrupted = _play(todo, executor, rows, out, quiet=quiet, workers=n_workers)
    wins = sum(1 for r in rows[len(rows) - played :] if r["result"] == "victory")
    errors = sum(1 for r in rows[len(rows) - played :] if r["result"] == "error")
    rate = played / seconds if seconds > 0 else 0.0
    line = (
        f"played {played} games ({wins} victories, {errors} errors) in {seconds:.1f} s, "
        f"{rate:.1f} games/s on {n_workers} {backend} workers"
        + (f"; {skipped} already in the file" if skipped else "")
        + f"; wrote {out}"
    )
    click.echo(line)
    if interrupted:
        click.echo(
            f"interrupted: {len(todo) - played} games not played; the same command plays them", err=True
        )
        sys.stdout.flush()
        sys.stderr.flush()
        # the results are written; exit now rather than wait at interpreter exit for the pool's
        # bookkeeping thread, which can hang on workers that were terminated mid-game
        os._exit(130)


def _play(
    todo: list[GameSpec], executor: Executor, rows: list[Row], out: Path, *, quiet: bool, workers: int
) -> tuple[int, float, bool]:
    """Run ``todo`` on ``executor``, appending rows and checkpointing ``out``; returns (games
    played, seconds, interrupted)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    from delvekit.sim.driver import chunk_size, run, stop_now
    from delvekit.sim.store import write_rows

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            elapsed = task.elapsed or 0.0
            rate = task.completed / elapsed if elapsed > 0 else 0.0
            return Text(f"{rate:.1f} games/s", style="cyan")

    start = time.perf_counter()
    played = 0
    last = [start]
    progress = Progress(
        TextColumn("[bold]simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=quiet,
    )
    task = progress.add_task("games", total=len(todo))

    def on_row(row: Row) -> None:
        nonlocal played
        rows.append(row)
        played += 1
        progress.advance(task)
        now = time.perf_counter()
        if now - last[0] >= CHECKPOINT_SECONDS:
            write_rows(out, rows)
            last[0] = now

    def terminate(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # a polite kill (SIGTERM) stops like Ctrl-C: finished games are kept

    interrupted = False
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        with progress:
            run(todo, executor, on_row, chunk=chunk_size(todo, workers))
    except KeyboardInterrupt:
        interrupted = True
        stop_now(executor)
    else:
        executor.shutdown(wait=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
        write_rows(out, rows)
    return played, time.perf_counter() - start, interrupted


@group.command("report")
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path), help="Write an HTML report.")
@click.option(
    "--markdown",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write a Markdown report (plots as PNG files beside it).",
)
def report_command(results: Path, html: Path | None, markdown: Path | None) -> None:
    """Win rates with 95 % Wilson intervals, rounds, causes of defeat (and plots) of a results file."""
    from delvekit.sim import report
    from delvekit.sim.store import check_path, read_rows

    try:
        check_path(results, "RESULTS")
        if not results.exists():
            raise InputError("no such file", where=str(results))
        rows = read_rows(results)
        if not rows:
            raise InputError("no games in the file", where=str(results))
        for target in (html, markdown):
            if target is not None and (target.is_dir() or not target.parent.is_dir()):
                raise InputError(f"cannot write {target}: not a file in an existing folder", where="report")
        summary = report.summarize(rows)
        report.print_summary(summary)
        if html is not None:
            html.write_text(report.html(summary, title=results.name), encoding="utf-8")
            click.echo(f"wrote {html}")
        if markdown is not None:
            report.write_markdown(summary, markdown, title=results.name)
            click.echo(f"wrote {markdown}")
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
