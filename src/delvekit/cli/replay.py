"""`delve replay LOG [--verify]`: replay a game's JSON-lines log (or a save) from its seed and
choices; with ``--verify`` the command fails unless the replayed final state has the digest
the log recorded."""

from __future__ import annotations

from pathlib import Path

import click

from delvekit.core.errors import DelvekitError, InputError


@click.command("replay")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--verify", is_flag=True, help="Exit non-zero unless the final state matches the logged digest."
)
def command(log: str, verify: bool) -> None:
    """Replay LOG (written by `delve play --log`, or a `--save` file) and report its end."""
    import msgspec

    from delvekit.gloomhaven.engine import SAVE_FORMAT, Game

    try:
        try:
            text = Path(log).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read: {exc}", where=log) from None
        first = text.lstrip().split("\n", 1)[0]
        try:
            head = msgspec.json.decode(first) if first.strip() else None
        except msgspec.DecodeError:
            head = None
        if isinstance(head, dict) and str(head.get("format", "")).startswith("delvekit-descent-"):
            from delvekit.cli.descent import replay_descent

            replay_descent(text, log, verify)
            return
        if isinstance(head, dict) and head.get("format") == SAVE_FORMAT:
            # a save always carries its digest; Game.load checks it
            game = Game.load(text, where=log)
        else:
            game = Game.from_log(text.splitlines(), where=log, verify=verify)
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    state = game.result or "in progress"
    click.echo(f"choices={len(game.log)} round={game.state.round} result={state}")
    click.echo(f"digest={game.digest()}" + (" verified" if verify else ""))
