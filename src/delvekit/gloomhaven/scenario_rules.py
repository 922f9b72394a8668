"""Scenario special rules and goals (the setup's ``rules`` lines), performed by the engine
through the hooks of :mod:`delvekit.gloomhaven.effects`.

Two kinds of line:

* ``at|TIMING|WHEN|WHO|EFFECT|VALUE`` — at the ``start`` or ``end`` of every round in which the
  expression WHEN holds (in ``R`` round, ``C`` characters, ``L`` scenario level; empty: every
  round), every figure WHO names (``character``, ``monster`` or a monster type) gets EFFECT:
  ``add-modifier`` (VALUE ``curse:3``: three curse cards shuffled into its deck, within the
  supply), ``condition`` (VALUE a condition) or ``damage`` (VALUE an expression; damage that
  is not an attack).
* ``goal|KIND|VALUE`` — the scenario is won when every goal line holds (checked whenever a
  monster dies): ``kill|TYPE`` (every standee of TYPE the scenario places was revealed and none
  is on the map), ``revealed|`` (no monster on the map, revealed rooms only — without it the
  "kill all" goal also wants every room revealed), ``kills|N`` (N monsters killed in all),
  ``treasure|Q,R;Q,R...`` (every goal treasure tile on those hexes looted: a character ending
  its turn on one loots it, with its money).
  Without goal lines the setup's ``win`` rule applies.

>>> parse_line("at|start|R == 1|character|add-modifier|curse:3").effect
'add-modifier'
>>> parse_line("goal|kill|bandit-commander").value
'bandit-commander'
"""

from __future__ import annotations

from typing import Literal

import msgspec

from delvekit.core.errors import InputError
from delvekit.gloomhaven import effects
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.state import Figure


class RoundRule(msgspec.Struct, frozen=True):
    timing: Literal["start", "end"]
    when: str
    who: str
    effect: str
    value: str


class Goal(msgspec.Struct, frozen=True):
    kind: Literal["kill", "revealed", "kills", "treasure"]
    value: str


def parse_line(line: str) -> RoundRule | Goal:
    """One rule line; a malformed one raises :class:`InputError` naming it."""
    parts = line.split("|")
    where = f"scenario rule {line!r}"
    if parts[0] == "at" and len(parts) == 6 and parts[1] in ("start", "end"):
        rule = RoundRule(parts[1], parts[2], parts[3], parts[4], parts[5])  # type: ignore[arg-type]
        if rule.effect not in ("add-modifier", "condition", "damage"):
            raise InputError(f"unknown effect {rule.effect!r}", where=where)
        if rule.when:
            parse_expr(rule.when)
        return rule
    if parts[0] == "goal" and len(parts) == 3 and parts[1] in ("kill", "revealed", "kills", "treasure"):
        goal = Goal(parts[1], parts[2])  # type: ignore[arg-type]
        try:
            _treasures(goal) if goal.kind == "treasure" else int(goal.value) if goal.kind == "kills" else 0
        except ValueError:
            raise InputError(f"bad value {goal.value!r}", where=where) from None
        return goal
    raise InputError("expected 'at|TIMING|WHEN|WHO|EFFECT|VALUE' or 'goal|KIND|VALUE'", where=where)


def _lines(game: Game) -> list[RoundRule | Goal]:
    return [parse_line(line) for line in game.setup.rules]


def _applies(game: Game, rule: RoundRule) -> bool:
    if not rule.when:
        return True
    names = {"R": game.state.round, "C": len(game.setup.party), "L": game.setup.level}
    expr = parse_expr(rule.when)
    return bool(expr.evaluate(**{k: v for k, v in names.items() if k in expr.variables}))


def at_round(game: Game, timing: str) -> None:
    """Perform the round rules of ``timing`` (``start`` or ``end``) that apply this round."""
    st = game.state
    for rule in _lines(game):
        if not isinstance(rule, RoundRule) or rule.timing != timing or not _applies(game, rule):
            continue
        who = [
            f
            for f in sorted(st.figures.values(), key=lambda f: f.id)
            if f.kind == rule.who or (f.kind == "monster" and f.name == rule.who)
        ]
        game._emit("scenario-rule", timing, rule.effect, rule.value.replace(":", "x") or "-")
        for f in who:
            if rule.effect == "add-modifier":
                card, _, count = rule.value.partition(":")
                for _ in range(int(count or "1")):
                    game.add_modifier_card(f.id, card)
            elif rule.effect == "condition":
                game.add_condition(f.id, Condition.parse(rule.value))
            else:
                amount = parse_expr(rule.value).evaluate(C=len(game.setup.party), L=game.setup.level)
                game.suffer_damage(f.id, int(amount), "scenario")


def _treasures(goal: Goal) -> list[tuple[int, int]]:
    out = []
    for token in goal.value.split(";"):
        q, r = token.split(",")
        out.append((int(q), int(r)))
    return out


def _looted(game: Game) -> set[str]:
    return {e.args[1] for e in game.events if e.kind == "treasure-looted"}


def loot_treasure(game: Game, figure: Figure) -> None:
    """A character ending its turn on a goal treasure tile loots it (§14)."""
    if figure.kind != "character":
        return
    here = f"{figure.hex[0]},{figure.hex[1]}"
    for goal in _lines(game):
        on_tile = isinstance(goal, Goal) and goal.kind == "treasure" and figure.hex in _treasures(goal)
        if on_tile and here not in _looted(game):
            game._emit("treasure-looted", figure.id, here)


def goal_met(game: Game) -> bool | None:
    """Whether the scenario's goal lines all hold now; ``None`` if it has none."""
    goals = [g for g in _lines(game) if isinstance(g, Goal)]
    if not goals:
        return None
    st = game.state
    for goal in goals:
        if goal.kind == "kill":
            rooms = game.setup.rooms
            placed = [r for r, room in enumerate(rooms) if any(p.monster == goal.value for p in room)]
            if any(r not in st.revealed_rooms for r in placed):
                return False
            if any(f.name == goal.value for f in st.figures.values()):
                return False
        elif goal.kind == "revealed":
            if any(f.kind == "monster" for f in st.figures.values()):
                return False
        elif goal.kind == "treasure":
            looted = _looted(game)
            if any(f"{q},{r}" not in looted for q, r in _treasures(goal)):
                return False
        else:
            kills = sum(1 for e in game.events if e.kind == "killed" and "#" in e.args[0])
            if kills < int(goal.value):
                return False
    return True


effects.ROUND_HOOKS.append(at_round)
effects.GOAL_HOOKS.append(goal_met)
effects.TURN_END_HOOKS.append(loot_treasure)
