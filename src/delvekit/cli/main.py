"""Entry point of the `delve` command. Each command group lives in its own module."""

from __future__ import annotations

import sys

import click

from delvekit import __version__
from delvekit.core.errors import DelvekitError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="delve")
def cli() -> None:
    """delvekit: rules engine and toolkit for Gloomhaven."""


def _register() -> None:
    # Command groups register here, one import each (keeps start-up cheap and modules separate).
    from delvekit.cli import monster_ai, odds

    cli.add_command(monster_ai.group)
    cli.add_command(odds.group)
    from delvekit.cli import serve

    cli.add_command(serve.command)
    from delvekit.cli import content

    cli.add_command(content.group)
    from delvekit.cli import scenario

    cli.add_command(scenario.group)
    from delvekit.cli import campaign

    cli.add_command(campaign.group)
    from delvekit.cli import play, replay

    cli.add_command(play.command)
    cli.add_command(replay.command)
    from delvekit.cli import descent

    cli.add_command(descent.group)
    from delvekit.cli import simulate

    cli.add_command(simulate.group)


def main() -> None:
    _register()
    try:
        cli(standalone_mode=True)
    except DelvekitError as exc:  # a user error that escaped a command: one clear line
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
