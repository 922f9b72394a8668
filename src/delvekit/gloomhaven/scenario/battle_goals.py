"""Battle goals judged at the scenario's end (rules digest §2.6, §15.3).

Each character keeps one of two goals dealt at setup (hidden from the others: the state's
view shows only the viewer's own). When the scenario ends the engine judges every goal it can
from the event log and the final state; :data:`NOT_JUDGED` lists the ones it leaves to the
players (the result then says ``battle_goal_met=None``). The goals, in our words:

================  ===  ==========================================================================
goal              ✓    achieved when
================  ===  ==========================================================================
aggressor         2    at least one monster is on the map at the start of every round
diehard           1    the character's hit points never drop below half its maximum (rounded up)
dynamo            1    (not judged: needs the overkill of a killing blow)
executioner       1    it kills an undamaged monster with a single attack
explorer          1    a door opens on its turn (a room is revealed)
fast-healer       1    its hit points are at maximum at the end
hoarder           1    it loots 5 or more money tokens
hunter            1    it kills an elite monster
indigent          2    it loots no money token and no treasure tile
layabout          2    it gains 7 XP or fewer during the scenario
masochist         1    its hit points are 2 or fewer at the end
neutralizer       1    a trap is sprung or disarmed on its turn or on one of its summons' turns
opener            1    it kills the first monster killed in the scenario
pacifist          1    it kills 3 monsters or fewer
plunderer         1    it loots a treasure tile (numbered or goal)
professional      1    it uses its items at least (level + 2) times
protector         1    no other character becomes exhausted
purist            2    it uses no item
sadist            1    it kills 5 monsters or more
scrambler         1    it takes no long rest
straggler         1    it takes no short rest
streamliner       1    5 or more cards in hand and discard at the end
workhorse         1    it gains 13 XP or more during the scenario
zealot            1    3 or fewer cards in hand and discard at the end
================  ===  ==========================================================================

Readings where the cards are silent: a kill is credited to the figure whose attack dealt the
killing damage in the same turn (a summon's to its owner; a push into a trap to the pusher,
FAQ p.60); trap, wound or scenario damage credits no one. An item "use" is any ``item-used``
event, a passive item whose effect applied included. XP counts what was gained in play
(treasures included), not the end-of-scenario bonus.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

CHECKS: dict[str, int] = {
    "aggressor": 2, "diehard": 1, "dynamo": 1, "executioner": 1, "explorer": 1, "fast-healer": 1,
    "hoarder": 1, "hunter": 1, "indigent": 2, "layabout": 2, "masochist": 1, "neutralizer": 1,
    "opener": 1, "pacifist": 1, "plunderer": 1, "professional": 1, "protector": 1, "purist": 2,
    "sadist": 1, "scrambler": 1, "straggler": 1, "streamliner": 1, "workhorse": 1, "zealot": 1,
}  # fmt: skip
"""Check marks per goal (GH 1e deck)."""

NOT_JUDGED = frozenset({"dynamo"})
"""Goals the engine leaves to the players."""


class _Log:
    """Facts the goals need, read once from the event log."""

    def __init__(self, game: Game) -> None:
        st = game.state
        self.kills: dict[str, int] = {}
        self.first_killer: str | None = None
        self.clean_kill: set[str] = set()
        self.elite_kill: set[str] = set()
        self.coins: dict[str, int] = {}
        self.treasure: set[str] = set()
        self.doors: set[str] = set()
        self.traps: set[str] = set()
        self.items: dict[str, int] = {}
        self.rests: dict[str, set[str]] = {}
        self.low: set[str] = set()
        self.empty_round = False
        hp = {c.id: c.max_health for c in game.setup.party}
        half = {c.id: math.ceil(c.max_health / 2) for c in game.setup.party}
        elites: set[str] = set()
        alive: set[str] = set()
        damaged: set[str] = set()
        last_attack: dict[str, tuple[str, int, bool]] = {}
        turn, turn_no = "", 0
        for e in game.events:
            k, a = e.kind, e.args
            if k == "turn":
                turn, turn_no = a[0], turn_no + 1
            elif k in ("placed", "spawned", "summoned") and "#" in a[0]:
                alive.add(a[0])
                if len(a) > 1 and a[1] == "elite":
                    elites.add(a[0])
            elif k in ("killed", "removed") and "#" in a[0]:
                alive.discard(a[0])
                if k == "killed":
                    self._kill(a[0], last_attack.get(a[0]), turn_no, a[0] in elites)
            elif k == "round" and not alive:
                self.empty_round = True
            elif k == "attack" and len(a) > 1:
                last_attack[a[1]] = (_owner(a[0]), turn_no, a[1] not in damaged)
            elif k == "damage":
                damaged.add(a[0])
                if a[0] in hp:
                    hp[a[0]] -= int(a[1])
                    if hp[a[0]] < half[a[0]]:
                        self.low.add(a[0])
            elif k == "healed" and a[0] in hp:
                hp[a[0]] += int(a[1])
            elif k == "looted" and a[1].startswith("coins="):
                self.coins[a[0]] = self.coins.get(a[0], 0) + int(a[1].removeprefix("coins="))
            elif k in ("treasure", "treasure-looted"):
                self.treasure.add(a[0])
            elif k == "door-opened" and turn in hp:
                self.doors.add(turn)
            elif k in ("trap-sprung", "trap-disarmed") and turn:
                self.traps.add(_owner(turn))
            elif k == "item-used":
                self.items[a[0]] = self.items.get(a[0], 0) + 1
            elif k in ("long-rest", "short-rest"):
                self.rests.setdefault(a[0], set()).add(k)
        self.exhausted = {c.id for c in st.characters.values() if c.exhausted}

    def _kill(self, target: str, attack: tuple[str, int, bool] | None, turn_no: int, elite: bool) -> None:
        if attack is None or attack[1] != turn_no:
            return  # not killed by an attack of this turn: no credit
        killer, _, undamaged = attack
        self.kills[killer] = self.kills.get(killer, 0) + 1
        if self.first_killer is None:
            self.first_killer = killer
        if undamaged:
            self.clean_kill.add(killer)
        if elite:
            self.elite_kill.add(killer)


def _owner(fid: str) -> str:
    """A summon's owner (``owner.name1``), else the figure itself."""
    return fid.split(".", 1)[0]


def judged(game: Game) -> dict[str, tuple[bool | None, int]]:
    """Character → (goal achieved, its check marks); ``None`` for a goal not judged or unknown."""
    log = _Log(game)
    st = game.state
    out: dict[str, tuple[bool | None, int]] = {}
    for c in game.setup.party:
        ch = st.characters[c.id]
        goal = ch.battle_goal
        if goal is None:
            continue
        f = st.figures.get(c.id)
        hp = f.hp if f is not None else 0
        cards = len(ch.hand) + len(ch.discard)
        kills = log.kills.get(c.id, 0)
        verdicts: dict[str, bool] = {
            "aggressor": not log.empty_round,
            "diehard": c.id not in log.low,
            "executioner": c.id in log.clean_kill,
            "explorer": c.id in log.doors,
            "fast-healer": f is not None and hp == f.max_hp,
            "hoarder": log.coins.get(c.id, 0) >= 5,
            "hunter": c.id in log.elite_kill,
            "indigent": log.coins.get(c.id, 0) == 0 and c.id not in log.treasure,
            "layabout": ch.xp <= 7,
            "masochist": f is not None and hp <= 2,
            "neutralizer": c.id in log.traps,
            "opener": log.first_killer == c.id,
            "pacifist": kills <= 3,
            "plunderer": c.id in log.treasure,
            "professional": log.items.get(c.id, 0) >= c.level + 2,
            "protector": not (log.exhausted - {c.id}),
            "purist": log.items.get(c.id, 0) == 0,
            "sadist": kills >= 5,
            "scrambler": "long-rest" not in log.rests.get(c.id, set()),
            "straggler": "short-rest" not in log.rests.get(c.id, set()),
            "streamliner": cards >= 5,
            "workhorse": ch.xp >= 13,
            "zealot": cards <= 3,
        }
        met = verdicts.get(goal) if goal not in NOT_JUDGED else None
        out[c.id] = (met, CHECKS.get(goal, 0))
    return out
