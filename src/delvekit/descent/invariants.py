"""Invariants of a Descent game state, checked after every choice by tests and fuzzers.

>>> from delvekit.descent.engine import Game
>>> check(Game.new("first-blood", ["grisban", "jain"], seed=2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from delvekit.descent.engine import Game


class InvariantError(AssertionError):
    """A state that the rules never allow."""


def check(game: Game) -> None:
    """Raise :class:`InvariantError` naming the first broken invariant."""
    problems = problems_of(game)
    if problems:
        raise InvariantError(f"seed {game.seed}, choice {len(game.log)}: " + "; ".join(problems))


def problems_of(game: Game) -> list[str]:
    s = game.state
    out: list[str] = []
    taken: dict[tuple[int, int], str] = {}
    for h in s.heroes.values():
        if not 0 <= h.damage <= h.health:
            out.append(f"{h.id}: damage {h.damage} outside 0..{h.health}")
        if not 0 <= h.fatigue <= h.stamina:
            out.append(f"{h.id}: fatigue {h.fatigue} outside 0..{h.stamina}")
        if h.knocked_out != (h.damage >= h.health):
            out.append(f"{h.id}: knocked out {h.knocked_out} with damage {h.damage}/{h.health}")
        if h.knocked_out and h.conditions:
            out.append(f"{h.id}: knocked out with conditions {sorted(h.conditions)}")
        if h.square not in game.board.cells:
            out.append(f"{h.id}: off the map at {h.square}")
        if not h.knocked_out and not h.vanished:
            if h.square in taken:
                out.append(f"{h.id} and {taken[h.square]} share {h.square}")
            taken[h.square] = h.id
    size = {m.id: m.size for m in game.content.monsters.values()}
    for m in s.monsters.values():
        if not 0 <= m.damage < m.health:
            out.append(f"{m.id}: damage {m.damage} of {m.health} and still on the map")
        w, hgt = size[m.monster]
        xs, ys = {x for x, _ in m.base}, {y for _, y in m.base}
        if len(m.base) != w * hgt or sorted((len(xs), len(ys))) != sorted((w, hgt)):
            out.append(f"{m.id}: base {m.base} is not {w}x{hgt}")
        for sq in m.base:
            if sq not in game.board.cells or game.board.terrain.get(sq) == "obstacle":
                out.append(f"{m.id}: on {sq}, not a square it may occupy")
            if sq in taken:
                out.append(f"{m.id} and {taken[sq]} share {sq}")
            taken[sq] = m.id
    t = s.turn
    if t.actor in s.heroes and t.actions_taken > 2:
        out.append(f"{t.actor}: {t.actions_taken} actions in one turn")
    if t.actor in s.monsters or t.actor.rsplit("-", 1)[0] in size:
        if t.attacks > t.attack_limit:
            out.append(f"{t.actor}: {t.attacks} attacks in one activation (limit {t.attack_limit})")
        if t.actions_taken > 2:
            out.append(f"{t.actor}: {t.actions_taken} actions in one activation")
    if t.actions < 0 or t.mp < 0:
        out.append(f"turn of {t.actor}: {t.actions} actions, {t.mp} movement points")
    cards = len(s.deck) + len(s.hand) + len(s.discard)
    if cards != sum(c.count for c in game.content.overlord):
        out.append(f"overlord cards: {cards} in deck, hand and discard")
    found = len(s.search_deck) + sum(len(h.search_cards) for h in s.heroes.values())
    used = sum(1 for e in game.events if e.kind == "uses")
    if found + used != sum(c.count for c in game.content.search):
        out.append(f"search cards: {found} + {used} used")
    if s.escaped >= game.quest.escapes_to_lose and s.result != "overlord":
        out.append(f"{s.escaped} goblins escaped and the overlord has not won")
    if not s.result and not len(game.decision.choices):
        out.append("no legal choice while the quest goes on")
    return out
