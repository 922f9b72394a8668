"""One game of a simulation, played by bots from its :class:`~delvekit.sim.plan.GameSpec` to a
result row (a plain dict with the columns of :data:`COLUMNS`).

The game is built and seated exactly as ``delve play`` builds and seats it (the same
:func:`~delvekit.cli.play.new_game` and, when one bot plays every seat, the same
:func:`~delvekit.cli.play.seats`), so ``delve play ... --seed SEED --quiet`` reproduces a row's
result and rounds. Per character the row holds its health, the cards it can still play (hand,
discard and selected), whether it is exhausted, XP, gold (coins at the scenario level), monsters
it killed, damage its attacks dealt and damage it took. An engine fault does not stop a
simulation: the game's row says ``error`` with the fault's first line as its cause.

>>> from delvekit.sim.plan import GameSpec
>>> row = play_spec(GameSpec(1, ("brute", "mindthief"), 1, "normal", ("random", "random"), 3))
>>> row["result"], row["rounds"], row["c1_class"], row["c1_exhausted"]
('defeat', 5, 'brute', True)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from delvekit.sim.plan import GameSpec

if TYPE_CHECKING:
    from delvekit.gloomhaven.bots.players import Bot
    from delvekit.gloomhaven.engine.game import Game

Value = int | float | str | bool | None
Row = dict[str, Value]

SEATS = 4
GAME_COLUMNS: tuple[tuple[str, type], ...] = (
    ("scenario", int),
    ("party", str),
    ("level", int),
    ("difficulty", str),
    ("bots", str),
    ("seed", int),
    ("result", str),
    ("rounds", int),
    ("cause", str),
    ("monsters_killed", int),
    ("choices", int),
    ("seconds", float),
    ("searched", int),
    ("search_cpu_mean", float),
    ("search_cpu_max", float),
)
SEAT_COLUMNS: tuple[tuple[str, type], ...] = (
    ("class", str),
    ("health", int),
    ("max_health", int),
    ("cards_left", int),
    ("exhausted", bool),
    ("xp", int),
    ("gold", int),
    ("kills", int),
    ("damage_dealt", int),
    ("damage_taken", int),
)
COLUMNS: tuple[tuple[str, type], ...] = GAME_COLUMNS + tuple(
    (f"c{i}_{name}", kind) for i in range(1, SEATS + 1) for name, kind in SEAT_COLUMNS
)
"""Every column of a results file, with its type; seats a party does not fill are empty.
``searched``, ``search_cpu_mean`` and ``search_cpu_max``: card selections a search bot searched
and the CPU seconds each took (empty without a search bot)."""
MAX_CHOICES = 100_000


def seated_bots(game: Game, spec: GameSpec) -> dict[str, Bot]:
    """The bot of each actor: as ``delve play --bots NAME`` seats one bot, or one per seat (the
    first seat's bot then answers the party's decisions)."""
    from delvekit.cli.play import seats
    from delvekit.gloomhaven.bots.players import make_bot

    if len(set(spec.bots)) == 1:
        return seats(game, spec.bots[0], None)
    characters = [c.id for c in game.setup.party]
    out: dict[str, Bot] = {c: make_bot(b, game.seed) for c, b in zip(characters, spec.bots, strict=True)}
    out["party"] = out[characters[0]]
    return out


def play_spec(spec: GameSpec) -> Row:
    """Play ``spec`` to its end and return its row (the worker function of every backend)."""
    from delvekit.cli.play import new_game

    start = time.perf_counter()
    row: Row = {name: None for name, _ in COLUMNS}
    row.update(
        scenario=spec.scenario,
        party=spec.party_text,
        level=spec.level,
        difficulty=spec.difficulty,
        bots=spec.bots_text,
        seed=spec.seed,
    )
    game = None
    try:
        game = new_game(
            spec.scenario, spec.party_text, level=spec.level, seed=spec.seed, difficulty=spec.difficulty
        )
        bots = seated_bots(game, spec)
        for _ in range(MAX_CHOICES):
            d = game.decision
            if d is None:
                break
            game.choose(bots[d.actor].choose(game))
        else:
            raise RuntimeError(f"the scenario did not end within {MAX_CHOICES} choices")
    except Exception as exc:  # one game's fault must not end the simulation: record it
        first = (str(exc).splitlines() or [""])[0]
        row.update(result="error", cause=f"{type(exc).__name__}: {first}"[:300])
        if game is not None:
            row.update(rounds=game.state.round, choices=len(game.log))
        row["seconds"] = round(time.perf_counter() - start, 4)
        return row
    row.update(result=game.result, rounds=game.state.round, choices=len(game.log))
    row.update(tally(game))
    spent = [t for bot in {id(b): b for b in bots.values()}.values() for t in getattr(bot, "spent", ())]
    if spent:
        row.update(searched=len(spent), search_cpu_mean=round(sum(spent) / len(spent), 4))
        row["search_cpu_max"] = round(max(spent), 4)
    row["seconds"] = round(time.perf_counter() - start, 4)
    return row


def tally(game: Game) -> Row:
    """The per-character columns, the monsters killed and the cause of a defeat, from the final
    state and the events (damage and kills are credited to the attacker of the attack they
    follow)."""
    st = game.state
    characters = [c.id for c in game.setup.party]
    dealt = dict.fromkeys(characters, 0)
    taken = dict.fromkeys(characters, 0)
    kills = dict.fromkeys(characters, 0)
    killed = 0
    reasons: dict[str, str] = {}
    goal = ""
    attacker = ""
    for e in game.events:
        if e.kind == "attack" and e.args:
            attacker = e.args[0]
        elif e.kind == "turn" and e.args:
            attacker = ""
        elif e.kind == "damage" and len(e.args) >= 2:
            target, amount = e.args[0], int(e.args[1])
            if target in taken:
                taken[target] += amount
            elif attacker in dealt and len(e.args) > 2 and e.args[2] == "attack":
                dealt[attacker] += amount
        elif e.kind == "killed" and e.args and "#" in e.args[0]:
            killed += 1
            if attacker in kills:
                kills[attacker] += 1
        elif e.kind == "exhausted" and len(e.args) >= 2:
            reasons[e.args[0]] = e.args[1]
        elif e.kind == "scenario-goal":
            goal = " ".join(e.args)
    out: Row = {"monsters_killed": killed}
    if game.result == "defeat":
        if reasons and len(reasons) == len(characters):
            out["cause"] = "exhausted: " + "+".join(sorted(set(reasons.values())))
        else:
            out["cause"] = f"scenario: {goal}" if goal else "scenario"
    else:
        out["cause"] = ""
    outcome = game.outcome
    gold = {c.id: c.gold for c in outcome.characters} if outcome is not None else {}
    for i, cid in enumerate(characters, 1):
        ch = st.characters[cid]
        f = st.figures.get(cid)
        setup = next(c for c in game.setup.party if c.id == cid)
        p = f"c{i}_"
        out[p + "class"] = cid
        out[p + "health"] = max(0, f.hp) if f is not None else 0
        out[p + "max_health"] = f.max_hp if f is not None else setup.max_health
        out[p + "cards_left"] = len(ch.hand) + len(ch.discard) + len(ch.selected)
        out[p + "exhausted"] = ch.exhausted
        out[p + "xp"] = ch.xp
        out[p + "gold"] = gold.get(cid, 0)
        out[p + "kills"] = kills[cid]
        out[p + "damage_dealt"] = dealt[cid]
        out[p + "damage_taken"] = taken[cid]
    return out
