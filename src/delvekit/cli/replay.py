"""`delve replay LOG [--verify]`: replay a game's JSON-lines log (or a save) from its seed and
choices; with ``--verify`` the command fails unless the file records a digest and a seal and
both match the game replayed (the seal binds the setup, the seed and every choice: see
:mod:`delvekit.gloomhaven.engine.saves`)."""

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

    from delvekit.core import jsonio
    from delvekit.gloomhaven.engine.game import LOG_FORMAT, SAVE_FORMAT, Game

    try:
        try:
            raw = Path(log).read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", where=log) from None
        text = jsonio.decode_text(raw, where=log)
        first = text.lstrip().split("\n", 1)[0]
        try:
            head = msgspec.json.decode(first) if first.strip() else None
        except (msgspec.MsgspecError, RecursionError):
            head = None
        if isinstance(head, dict) and str(head.get("format", "")).startswith("delvekit-descent-"):
            from delvekit.cli.descent import replay_descent

            replay_descent(text, log, verify)
            return
        if isinstance(head, dict) and head.get("format") == SAVE_FORMAT:
            game = Game.load(text, where=log, verify=verify)
        elif isinstance(head, dict) and head.get("format") == LOG_FORMAT:
            game = Game.from_log(text.splitlines(), where=log, verify=verify)
        elif head is None and LOG_FORMAT in first and "\n" in text.strip():
            # a log whose first line cannot be read: from_log names the line and the reason
            game = Game.from_log(text.splitlines(), where=log, verify=verify)
        else:
            # neither: read it whole, as a save, for the clearest error
            game = Game.load(text, where=log, verify=verify)
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    state = game.result or "in progress"
    click.echo(f"choices={len(game.log)} round={game.state.round} result={state}")
    click.echo(f"digest={game.digest()}" + (" verified" if verify else ""))
