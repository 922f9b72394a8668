"""Scenario special rules and goals of a setup (its ``rules``: the typed records of
:mod:`delvekit.gloomhaven.model.scenario_rules`), performed by the engine through the hooks of
:mod:`delvekit.gloomhaven.engine.registry`; :func:`check` checks a record's expressions and names
as a game is read.

The records this module performs (the others: :mod:`~delvekit.gloomhaven.scenario.triggers`,
:mod:`~delvekit.gloomhaven.scenario.objectives`, :mod:`~delvekit.gloomhaven.scenario.goals`,
:mod:`~delvekit.gloomhaven.scenario.mechanisms`):

* ``at`` (:class:`RoundRule`: ``timing``, ``when``, ``who``, ``effect``, ``value``) — at the
  ``start`` or ``end`` of every round in which the expression ``when`` holds (in ``R`` round,
  ``C`` characters, ``L`` scenario level; empty: every round), every figure ``who`` names
  (``character``, ``monster`` or a monster type) gets ``effect``: ``add-modifier`` (``value``
  ``curse:3``: three curse cards shuffled into its deck, within the supply), ``condition``
  (``value`` a condition) or ``damage`` (``value`` an expression; damage that is not an attack).
* ``goal`` (:class:`Goal`) — the scenario is won when every goal record holds (checked whenever
  a monster dies and as every turn ends): ``kill`` (every standee of type ``monster`` the
  scenario places was revealed and none is on the map), ``revealed`` (no monster on the map,
  revealed rooms only — without it the "kill all" goal also wants every room revealed),
  ``kills`` (``count`` monsters killed in all, an expression in ``C``: scenario 3's ``5xC``),
  ``room`` (room ``room``, an index into the setup's rooms, revealed: scenario 6's M tile),
  ``treasure`` (every goal treasure tile on ``hexes`` looted, by a Loot ability or by a
  character ending its turn on one) and ``treasure-loot`` (the same, but only a Loot ability
  loots them: scenario 7). Without goal records the setup's ``win`` rule applies.
* ``spawn`` (:class:`Spawn`: ``timing``, ``when``, ``monster``, ``ranks``, ``hex``, ``stop``) —
  at the ``start`` or ``end`` of every round in which ``when`` holds, one monster of that type
  appears on ``hex`` (occupied: the nearest empty hex, counted around walls; ties: the lowest
  hex), its rank for 2, 3 and 4 characters in ``ranks`` (``("normal", "none", "none")``: two
  characters only); it acts on its initiative like any monster (a spawn is no summon) and
  drops no money when it dies. ``stop``: room indices whose reveal ends the rule (scenario 3:
  the cave behind door 1). No standee left: nothing appears.
* ``lock`` (:class:`Lock`: ``doors``, ``opener``) — the closed doors on those hexes are locked:
  no character or summon opens them (they are walls to them); only a monster of type
  ``opener`` does, with its "move to the next door" special, in the listed order (scenario 2:
  the Bandit Commander, doors a–d; ``scenario``: only the scenario's rules open them).
* ``marker`` (:class:`Marker`: ``key``, ``hex``) — the hex of a spawn marker (a letter, or
  ``#N`` for rule N's spawns that name none).
* ``ally`` (:class:`Ally`) — monsters of that type fight on the characters' side.

Performed elsewhere: ``rule`` (:class:`RuleLine`, rule N of the scenario's rule data, the
content's own :class:`~delvekit.gloomhaven.model.special_rules.Rule` record with room numbers as
setup room indices), ``zone``, ``each-turn`` and ``no-damage`` by
:mod:`~delvekit.gloomhaven.scenario.triggers`; ``objective`` (:class:`ObjectiveLine`: ``name``,
``health`` an expression in ``C`` and ``L``, ``marker``, ``escort``, ``room``, ``hex``,
``number``; an escort that moves also ``move``, ``to`` and ``reach``; a door objective
``door``) and ``plate`` (:class:`Plate`: when a character ends its turn on one of ``hexes`` and
``count`` of them, an expression in ``C``, hold characters at once, ``effect`` happens once:
``reveal`` room ``room``, ``open`` the ``doors`` (also locked ones) or ``finish`` ``won`` or
``lost``) by :mod:`~delvekit.gloomhaven.scenario.objectives`; ``win`` and ``lose`` by
:mod:`~delvekit.gloomhaven.scenario.goals`; ``wall``, ``wall-opening``, ``token`` and ``staff``
by :mod:`~delvekit.gloomhaven.scenario.mechanisms`.

>>> locked_doors((Lock(doors=((7, 7), (4, 8)), opener="bandit-commander"),))
((7, 7), (4, 8))
>>> check(RoundRule(timing="start", who="character", effect="add-modifier", value="minus2:3"))
Traceback (most recent call last):
...
delvekit.core.errors.InputError: scenario rule 'at|start||character|add-modifier|minus2:3': unknown ...
"""

from __future__ import annotations

from collections.abc import Iterable

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import Hex, neighbours
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.start import place_monster
from delvekit.gloomhaven.engine.state import Figure, Side, Task
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifiers import parse_card
from delvekit.gloomhaven.model.rule_text import rule_line
from delvekit.gloomhaven.model.scenario_rules import (
    Ally,
    BreakableWall,
    Goal,
    Lock,
    Lose,
    ObjectiveLine,
    Plate,
    RoundRule,
    RuleLine,
    ScenarioRule,
    Spawn,
    Staff,
    Win,
    of_kind,
)

_CARDS = ("bless", "curse", "minus1")


def _variables(text: str, allowed: Iterable[str], what: str) -> None:
    extra = parse_expr(text).variables - set(allowed)
    if extra:
        raise ValueError(f"{what} {text!r} may use {' and '.join(sorted(allowed))} only")


def check(rule: ScenarioRule) -> None:
    """Check the expressions and names of one record (its types are checked as it is
    decoded): a bad one raises :class:`InputError` naming the rule in its text form, so that a
    save with a bad rule is refused as it is read, not in the middle of play."""
    try:
        _check(rule)
    except (ValueError, ContentError) as exc:
        raise InputError(str(exc), where=f"scenario rule {rule_line(rule)!r}") from None


def _check(rule: ScenarioRule) -> None:
    if isinstance(rule, RoundRule | Spawn) and rule.when:
        parse_expr(rule.when)
    if isinstance(rule, RoundRule):
        if rule.effect == "add-modifier" and rule.value.partition(":")[0] not in _CARDS:
            raise ValueError(f"unknown modifier card {rule.value!r}")
    elif isinstance(rule, Goal) and rule.goal == "kills":
        _variables(rule.count, "C", "kills")
    elif isinstance(rule, RuleLine):
        for text in [rule.rule.when, *(sp.count for sp in rule.rule.spawns)]:
            if text:
                parse_expr(text)
    elif isinstance(rule, ObjectiveLine):
        _variables(rule.health, "CL", "health")
    elif isinstance(rule, Plate):
        _variables(rule.count, "C", "count")
    elif isinstance(rule, Win) and rule.goal in ("kill-count", "occupy", "staff"):
        parse_expr(rule.count)
    elif isinstance(rule, Staff):
        _variables(rule.charge, "CL", "charge")
    elif isinstance(rule, BreakableWall):
        _variables(rule.health, "CL", "health")
    if isinstance(rule, Win | Lose) and rule.count not in ("", "any", "all") and rule.name:
        int(rule.count)  # escort, escort-killed: a number of escorts


def locked_doors(rules: Iterable[ScenarioRule]) -> tuple[Hex, ...]:
    """The locked doors of a setup's rules, in their opener's order (empty: none)."""
    return tuple(h for lock in of_kind(rules, Lock) for h in lock.doors)


def lock_of(rules: tuple[ScenarioRule, ...], opener: str) -> tuple[Hex, ...]:
    """The doors ``opener`` (a monster type) opens in order, from the locks naming it."""
    return tuple(h for lock in of_kind(rules, Lock) if lock.opener == opener for h in lock.doors)


def _lines(game: Game) -> tuple[ScenarioRule, ...]:
    return game.setup.rules


def _applies(game: Game, rule: RoundRule | Spawn) -> bool:
    if not rule.when:
        return True
    names = {"R": game.state.round, "C": len(game.setup.party), "L": game.setup.level}
    expr = parse_expr(rule.when)
    return bool(expr.evaluate(**{k: v for k, v in names.items() if k in expr.variables}))


def at_round(game: Game, timing: str) -> None:
    """Perform the round rules and spawns of ``timing`` (``start`` or ``end``) that apply now."""
    st = game.state
    for rule in _lines(game):
        if isinstance(rule, Spawn) and rule.timing == timing and _applies(game, rule):
            _spawn(game, rule)
        if not isinstance(rule, RoundRule) or rule.timing != timing or not _applies(game, rule):
            continue
        who = [
            f
            for f in sorted(st.figures.values(), key=lambda f: f.id)
            if f.kind == rule.who or (f.kind == "monster" and f.name == rule.who)
        ]
        game.emit("scenario-rule", timing, rule.effect, rule.value.replace(":", "x") or "-")
        for f in who:
            if rule.effect == "add-modifier":
                add_cards(game, f, rule.value)
            elif rule.effect == "condition":
                game.add_condition(f.id, Condition.parse(rule.value))
            else:
                amount = parse_expr(rule.value).evaluate(C=len(game.setup.party), L=game.setup.level)
                game.suffer_damage(f.id, int(amount), "scenario")


def add_cards(game: Game, f: Figure, value: str) -> None:
    """``curse:3``: three curse cards into ``f``'s deck (bless and curse within their supply);
    ``minus1:2``: two scenario −1 cards (they leave with the scenario's end, as the deck is
    built anew for each scenario)."""
    card, _, count = value.partition(":")
    for _ in range(int(count or "1")):
        if card == "minus1":
            key = game.modifier_deck_key(f.id)
            deck = game.state.modifier_decks.get(key)
            if deck is None:
                continue
            game.state.modifier_decks[key] = deck.with_card(parse_card("-1"), game.state.rng)
            game.emit("modifier-added", f.id, "-1")
        else:
            game.add_modifier_card(f.id, card)


def _empty(game: Game, h: Hex) -> bool:
    board = game.board()
    assert board is not None
    st = game.state
    if h not in board.hexes or h in board.doors or board.is_wall(h) or h in st.coins:
        return False
    if h in st.created_traps or any(f.hex == h for f in st.figures.values()):
        return False
    terrain = board.terrain_at(h)
    return terrain is None or terrain.name in ("CORRIDOR", "PRESSURE_PLATE")


def spawn_hex(game: Game, h: Hex) -> Hex | None:
    """Where a monster spawning at ``h`` appears: ``h`` if empty, else the nearest empty hex
    (counted around walls, never through a closed door into an unrevealed room; ties: the
    lowest hex); ``None`` if there is none."""
    board = game.board()
    if board is None or h not in board.hexes:
        return None
    seen, layer = {h}, [h]
    while layer:
        free = sorted(x for x in layer if _empty(game, x))
        if free:
            return free[0]
        nxt = []
        for x in layer:
            for n in neighbours(x):
                if n in seen or n not in board.hexes or not board.adjacent(x, n):
                    continue
                seen.add(n)
                if not board.is_wall(n) and n not in board.doors:
                    nxt.append(n)
        layer = nxt
    return None


def _spawn(game: Game, rule: Spawn) -> None:
    st = game.state
    if any(r in st.revealed_rooms for r in rule.stop):
        return
    players = len(game.setup.party)
    rank = rule.ranks[min(max(players, 2), 4) - 2]
    if rank != "none":
        spawn_monster(game, rule.monster, rank, rule.hex)


def spawn_monster(game: Game, monster: str, rank: str, at: Hex, *, mid_round: bool = False) -> Figure | None:
    """One monster of type ``monster`` and ``rank`` appears on ``at`` (or the nearest empty
    hex, :func:`spawn_hex`) with a standee from the box: it drops no money, and appearing in
    a round already under way it acts in initiative order like a revealed room's monsters
    (§5.5; ``mid_round``: during a turn, not as the round starts or ends). ``None`` (an
    event says why) when no standee or hex is left."""
    st = game.state
    if monster not in game.tables.types:
        raise InputError(f"monster type {monster!r} is not in the setup", where="scenario rule spawn")
    pool = st.standees.get(monster)
    where = spawn_hex(game, at)
    if not pool or where is None:
        game.emit("no-spawn", monster, "no-standee" if not pool else "no-hex")
        return None
    allied = any(x.monster == monster for x in game.tables.rules_of(Ally))
    side: Side = "party" if allied else "monsters"
    fig = place_monster(game, monster, rank, where, spawned=True, side=side)  # type: ignore[arg-type]
    game.emit("spawned", fig.id, rank, f"hex={where[0]},{where[1]}")
    if mid_round and st.order and st.turn_index > 0:  # it acts this round, in initiative order
        deck = game.tables.types[monster].deck
        if deck not in st.revealed:
            game.draw_ability(deck)
        current = st.order[st.turn_index - 1].initiative
        game.push(Task("schedule", monster, current))
    return fig


def _looted(game: Game) -> set[str]:
    return {e.args[1] for e in game.events if e.kind == "treasure-looted"}


def _take(game: Game, figure: Figure, hexes: set[Hex], *, by_ability: bool) -> None:
    looted = _looted(game)
    for goal in game.tables.rules_of(Goal):
        if goal.goal not in ("treasure", "treasure-loot"):
            continue
        if goal.goal == "treasure-loot" and not by_ability:
            continue
        for q, r in goal.hexes:
            here = f"{q},{r}"
            if (q, r) in hexes and here not in looted:
                looted.add(here)
                game.emit("treasure-looted", figure.id, here)


def loot_treasure(game: Game, figure: Figure) -> None:
    """A character ending its turn on a goal treasure tile loots it (§14), unless the
    scenario says only a Loot ability loots its goal treasures (``treasure-loot``)."""
    if figure.kind == "character":
        _take(game, figure, {figure.hex}, by_ability=False)


def loot_ability(game: Game, figure: Figure, hexes: set[Hex]) -> None:
    """A Loot ability of ``figure`` reached ``hexes``: it takes the goal treasure tiles there
    (characters only: a summon's loot goes nowhere, §14)."""
    if figure.kind == "character":
        _take(game, figure, hexes, by_ability=True)


def goal_met(game: Game) -> bool | None:
    """Whether the scenario's goal records all hold now; ``None`` if it has none."""
    goals = game.tables.rules_of(Goal)
    if not goals:
        return None
    st = game.state
    for goal in goals:
        if goal.goal == "kill":
            rooms = game.setup.rooms
            placed = [r for r, room in enumerate(rooms) if any(p.monster == goal.monster for p in room)]
            if any(r not in st.revealed_rooms for r in placed):
                return False
            if any(f.name == goal.monster for f in st.figures.values()):
                return False
        elif goal.goal == "revealed":
            if any(f.kind == "monster" for f in st.figures.values()):
                return False
        elif goal.goal == "room":
            if goal.room not in st.revealed_rooms:
                return False
        elif goal.goal in ("treasure", "treasure-loot"):
            looted = _looted(game)
            if any(f"{q},{r}" not in looted for q, r in goal.hexes):
                return False
        else:
            kills = sum(1 for e in game.events if e.kind == "killed" and "#" in e.args[0])
            if kills < int(parse_expr(goal.count).evaluate(C=len(game.setup.party))):
                return False
    return True
