"""`delve monster-ai`: solve monster turns (placeholder until the solver lands)."""

from __future__ import annotations

import click


@click.group("monster-ai")
def group() -> None:
    """Decide what a monster does: focus, move and targets, with every tie offered."""
