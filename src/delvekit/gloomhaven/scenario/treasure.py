"""Numbered treasure tiles (rules digest §1.2, §14).

A scenario's numbered treasure tiles (:class:`~delvekit.gloomhaven.model.setup.TreasureTile`,
from the content pack's map and ``treasures.json``) are placed with their room, like money
tokens. A character loots a tile at the end of its turn on its hex, or with a Loot ability that
reaches it (range around walls, line of sight). The treasure is read at once and its rewards
applied:

==============================  ==============================================================
``gold:N``                      N gold (not coins: no conversion), in the result
``experience:N``                N XP at once (``xp`` event)
``damage:N``                    the looter suffers N damage (it may lose cards to negate it, §4.3)
``condition:A+B``               the looter gains each condition
``item:N``                      item N goes to the looter (the campaign sells a second copy, §14)
others                          ``item-design:N``, ``random-item-design``, ``scenario:N``,
                                ``random-scenario``, ``battle-goal:N`` (check marks): named in
                                the result for the campaign to apply
==============================  ==============================================================

Events: ``treasure CID NUMBER Q,R`` then one ``treasure-reward CID KIND VALUE`` per reward.
Summons and monsters never loot (§14: only characters loot; a summon's turn ends without
looting, and a summon's Loot ability takes nothing: our reading of "a summon earns nothing").
Each numbered treasure is taken once per campaign: a game played from a campaign leaves out
the tiles the campaign has already looted (:func:`without`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import msgspec

from delvekit.gloomhaven.model.conditions import Condition

if TYPE_CHECKING:
    from delvekit.core.hexes import Hex
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.content.scenario import Overlay
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure
    from delvekit.gloomhaven.model.setup import GameSetup, TreasureTile

APPLIED = ("gold", "experience", "damage", "condition", "item")
"""Reward kinds the engine applies itself; the others are the campaign's."""


def tiles(
    pack: ContentPack, overlays: Iterable[Overlay], room_of: Callable[[Hex], int]
) -> tuple[TreasureTile, ...]:
    """The numbered treasure tiles among a scenario's ``overlays``, with the pack's rewards."""
    from delvekit.gloomhaven.model.setup import TreasureTile

    out = []
    for o in overlays:
        if o.kind != "treasure" or not o.treasure.isdigit():
            continue  # goal treasures are the scenario's (scenario_goals)
        found = pack.treasures.get(int(o.treasure))
        words = tuple(
            r.kind if r.value is None else f"{r.kind}:{r.value}" for r in (found.rewards if found else ())
        )
        out += [TreasureTile(number=int(o.treasure), hex=h, room=room_of(h), rewards=words) for h in o.hexes]
    return tuple(out)


def place(game: Game, room: int) -> None:
    """Put the numbered treasure tiles of ``room`` on the map (it was just revealed)."""
    for tile in game.setup.treasures:
        if tile.room == room:
            game.state.treasures[tile.hex] = tile.number


def loot(game: Game, f: Figure, hexes: Iterable[Hex]) -> None:
    """``f`` loots every numbered treasure tile on ``hexes`` (characters only, §14)."""
    st = game.state
    if f.kind != "character" or not st.treasures:
        return
    rewards = {t.number: t.rewards for t in game.setup.treasures}
    for h in sorted(set(hexes) & st.treasures.keys()):
        number = st.treasures.pop(h)
        game.emit("treasure", f.id, number, f"{h[0]},{h[1]}")
        for reward in rewards.get(number, ()):
            _apply(game, f.id, reward)


def _apply(game: Game, cid: str, reward: str) -> None:
    kind, _, value = reward.partition(":")
    game.emit("treasure-reward", cid, kind, value or "-")
    if kind == "experience" and value.isdigit():
        game.state.characters[cid].xp += int(value)
        game.emit("xp", cid, int(value))
    elif kind == "damage" and value.isdigit():
        game.suffer_damage(cid, int(value), "treasure")
    elif kind == "condition":
        for name in value.split("+"):
            if cid in game.state.figures:
                game.add_condition(cid, Condition.parse(name))


def looted(game: Game) -> dict[str, list[tuple[int, str]]]:
    """Character id → [(treasure number, reward)] looted this game, in order."""
    out: dict[str, list[tuple[int, str]]] = {}
    number = 0
    for e in game.events:
        if e.kind == "treasure":
            number = int(e.args[1])
            out.setdefault(e.args[0], [])
        elif e.kind == "treasure-reward":
            kind, value = e.args[1], e.args[2]
            out.setdefault(e.args[0], []).append((number, kind if value == "-" else f"{kind}:{value}"))
    return out


def numbers(game: Game, cid: str) -> tuple[int, ...]:
    """The numbered treasures ``cid`` looted this game."""
    return tuple(int(e.args[1]) for e in game.events if e.kind == "treasure" and e.args[0] == cid)


def without(setup: GameSetup, taken: Iterable[int]) -> GameSetup:
    """``setup`` without the treasure tiles a campaign has already looted (once per campaign)."""
    gone = set(taken)
    return msgspec.structs.replace(setup, treasures=tuple(t for t in setup.treasures if t.number not in gone))


class ResultExtras(msgspec.Struct, frozen=True, kw_only=True):
    """What a character's result adds from treasures and its battle goal."""

    battle_goal_met: bool | None = None
    checkmarks: int = 0
    treasures: tuple[int, ...] = ()
    treasure_gold: int = 0
    items: tuple[int, ...] = ()
    rewards: tuple[str, ...] = ()


def results(game: Game, won: bool, goals: dict[str, tuple[bool | None, int]]) -> dict[str, ResultExtras]:
    """Per character: treasures looted and their rewards, and the battle goal's verdict and
    check marks (``goals``: character → (met, checks); check marks only on a success, §15.3)."""
    taken = looted(game)
    out = {}
    for cid in game.state.characters:
        gold, items, others = 0, [], []
        for _, reward in taken.get(cid, []):
            kind, _, value = reward.partition(":")
            if kind == "gold" and value.isdigit():
                gold += int(value)
            elif kind == "item" and value.isdigit():
                items.append(int(value))
            elif kind not in APPLIED:
                others.append(reward)
        met, checks = goals.get(cid, (None, 0))
        out[cid] = ResultExtras(
            battle_goal_met=met,
            checkmarks=checks if won and met else 0,
            treasures=numbers(game, cid),
            treasure_gold=gold,
            items=tuple(items),
            rewards=tuple(others),
        )
    return out
