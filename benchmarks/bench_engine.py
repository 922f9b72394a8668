"""Engine throughput: random legal play on the hand-built example setups (no content pack yet).

Reports choices per second, games per second, the median cost of one ``clone()`` and of one
``save()``/``load()`` round trip. The first two setups have no map (move/attack are declined:
the cost of the round machine alone); the board setup plays real moves, attacks and monster-AI
turns.
"""

from __future__ import annotations

import random
import statistics
import time

from delvekit.core.hexes import distance
from delvekit.core.records import Choice
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_content import Member, setup_from_pack
from delvekit.gloomhaven.engine_examples import board_setup, four_setup, tiny_setup
from delvekit.gloomhaven.engine_setup import GameSetup


def play(seed: int, setup: GameSetup | None = None) -> Game:
    game = Game(setup or tiny_setup(), seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None:
        choices = game.decision.choices
        game.choose(choices[rnd.randrange(len(choices))])
    return game


def _card_value(game: Game, cid: str, card: str) -> int:
    c = game._card(cid, card)
    return sum(
        a.value for h in (c.top, c.bottom) for a in h.abilities if a.kind in ("attack", "move", "heal")
    )


def greedy(game: Game) -> Choice:
    """A simple sensible policy for the benchmark (the real bots are a face of their own):
    strong cards first, walk to the nearest monster, hit the weakest target, keep health."""
    d = game.decision
    assert d is not None
    st = game.state
    choices = list(d.choices)
    by_kind: dict[str, list[Choice]] = {}
    for c in choices:
        by_kind.setdefault(c.kind, []).append(c)
    me = st.figures.get(d.actor)
    monsters = [f for f in st.figures.values() if f.kind == "monster"]
    if d.kind == "select":
        ch = st.characters[d.actor]
        if "long-rest" in by_kind and len(ch.hand) <= 3:
            return by_kind["long-rest"][0]
        pairs = by_kind.get("select", [])
        return max(
            pairs,
            key=lambda c: (
                _card_value(game, d.actor, c.args[0]) + _card_value(game, d.actor, c.args[1]),
                -game._card(d.actor, c.args[0]).initiative,
            ),
        )
    if d.kind == "move" and me is not None and monsters:

        def gap(c: Choice) -> int:
            h = me.hex if c.kind == "stop" else tuple(int(x) for x in c.args[0].split(","))
            return min(distance(h, m.hex) for m in monsters)  # type: ignore[arg-type]

        best = min(choices, key=lambda c: (gap(c), c.kind != "stop"))
        return best
    if d.kind == "attack":
        hits = [c for c in choices if c.kind != "skip"]
        return max(hits, key=lambda c: (len(c.args), -min(st.figures[t].hp for t in c.args)))
    if d.kind == "damage" and me is not None:
        amount = int(by_kind["take"][0].args[0])
        if me.hp - amount >= 1 or not (by_kind.get("lose-discard") or by_kind.get("lose-hand")):
            return by_kind["take"][0]
        return (by_kind.get("lose-discard") or by_kind["lose-hand"])[0]
    if d.kind == "action":

        def cost(c: Choice) -> tuple[bool, bool]:
            card = game._card(d.actor, c.args[0])
            half = card.top if c.kind == "top" else card.bottom
            return (c.kind.startswith("basic") or half.lost, c.kind not in ("top", "bottom"))

        return min(choices, key=cost)
    if d.kind == "short-rest":
        return by_kind["short-rest" if len(st.characters[d.actor].hand) < 2 else "no-rest"][0]
    for preferred in ("consume", "accept", "heal"):
        if preferred in by_kind:
            return by_kind[preferred][0]
    return choices[0]


def greedy_game(classes: list[str], seed: int) -> Game:
    setup = setup_from_pack(load_pack(), 1, [Member(c) for c in classes])
    game = Game(setup, seed=seed)
    while game.decision is not None:
        game.choose(greedy(game))
    return game


def throughput(label: str, setup: GameSetup) -> None:
    games, choices, times = 0, 0, []
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        t = time.perf_counter()
        g = play(games, setup)
        times.append(time.perf_counter() - t)
        games += 1
        choices += len(g.log)
    total = time.perf_counter() - start
    print(f"random {label} games: {games / total:8.1f} games/s, {choices / total:9.0f} choices/s")
    print(f"  median game {statistics.median(times) * 1000:.2f} ms, {choices / games:.0f} choices/game")


def main() -> None:
    throughput("2-character", tiny_setup())
    throughput("4-character", four_setup())
    throughput("2-character board (move, attack, monster AI)", board_setup())
    scenario_1 = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    throughput("scenario 1 brute+mindthief", scenario_1)
    for classes in (["brute", "mindthief"], ["brute", "mindthief", "tinkerer"]):
        times, results = [], []
        for seed in range(5):
            t = time.perf_counter()
            g = greedy_game(classes, seed)
            times.append(time.perf_counter() - t)
            results.append(f"{g.result}/{g.state.round}")
        print(
            f"greedy scenario 1, {len(classes)} characters: median {statistics.median(times) * 1000:.1f} ms "
            f"per game; results {' '.join(results)}"
        )

    mid = play(1)
    mid = Game.replay(mid.setup, 1, mid.log[: len(mid.log) // 2])
    n = 2000
    t = time.perf_counter()
    for _ in range(n):
        mid.clone()
    clone_us = (time.perf_counter() - t) / n * 1e6
    samples = []
    for _ in range(50):
        t = time.perf_counter()
        Game.load(mid.save())
        samples.append(time.perf_counter() - t)
    print(
        f"clone(): {clone_us:.1f} us   save+load (replay {len(mid.log)} choices): "
        f"{statistics.median(samples) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
