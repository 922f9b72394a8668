"""Where a pending move can end: each reachable hex with the steps that get there, found by trying
the engine's own ``step`` choices on copies of the game (so difficult terrain, traps, doors,
jumps and every other rule of movement stay the engine's).

>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> from delvekit.gloomhaven.engine.game import Game
>>> reach(Game(tiny_setup(), seed=1))      # no move pending
{}
"""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game


def reach(game: Game, limit: int = 400) -> dict[str, list[str]]:
    """Hex text ``q,r`` → the step choices that end there (fewest steps first), for the pending
    decision's ``step`` choices; empty when it has none. At most ``limit`` steps are tried."""
    d = game.decision
    if d is None:
        return {}
    out: dict[str, list[str]] = {}
    frontier: list[tuple[Game, list[str]]] = [(game, [])]
    seen = {game.digest()}
    tried = 0
    while frontier and tried < limit:
        g, path = frontier.pop(0)
        gd = g.decision
        if gd is None:
            continue
        for c in gd.choices:
            if c.kind != "step" or not c.args:
                continue
            tried += 1
            g2 = g.clone()
            g2.choose(c)
            steps = [*path, str(c)]
            out.setdefault(c.args[0], steps)
            d2 = g2.decision
            if d2 is not None and d2.actor == d.actor and d2.kind == d.kind:
                key = g2.digest()
                if key not in seen:
                    seen.add(key)
                    frontier.append((g2, steps))
    return out
