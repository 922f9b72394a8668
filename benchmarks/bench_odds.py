"""Exact attack odds: median time of typical `delve odds` queries, and the cost of exactness
against a seeded Monte Carlo of the same query (for scale only; nothing is asserted)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import apply_perks, standard_deck
from delvekit.gloomhaven.model.odds import _damage, attack_distribution

# A Brute with every rolling perk taken: 14 rolling cards in 6 groups, the heaviest common case.
ROLLING_BRUTE = apply_perks(
    standard_deck(),
    [
        {"remove": ["-1", "-1"]},
        {"add": ["rolling +0 push 1"] * 3},
        {"add": ["rolling +0 push 1"] * 3},
        {"add": ["rolling +0 pierce 3"] * 2},
        {"add": ["rolling +0 stun"]},
        {"add": ["rolling +0 stun"]},
        {"add": ["rolling +0 disarm", "rolling +0 muddle"]},
        {"add": ["rolling +0 add target"]},
        {"add": ["rolling +0 add target"]},
        {"add": ["rolling +1", "rolling +1"]},
    ],
)


def median_ms(run: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        _damage.cache_clear()  # every query pays for its own damage arithmetic
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def monte_carlo(trials: int) -> None:
    rng = Rng(1)
    for _ in range(trials):
        deck = ModifierDeck.shuffled(ROLLING_BRUTE, rng)
        draw, _ = deck.draw(rng, attack=3, advantage=True)
        resolve_attack(3, cards=draw.applied, shield=1)


def play_draws(count: int) -> None:
    """What the engine does per attack target: draw (with advantage), resolve, reshuffle."""
    rng = Rng(2)
    deck = ModifierDeck.shuffled(ROLLING_BRUTE, rng)
    for _ in range(count):
        draw, deck = deck.draw(rng, attack=3, advantage=True)
        resolve_attack(3, cards=draw.applied, shield=1)
        deck = deck.end_of_round(rng)


def main() -> None:
    queries: list[tuple[str, Callable[[], object]]] = [
        ("standard deck, attack 3", lambda: attack_distribution(3)),
        ("standard, advantage, 2 bless", lambda: attack_distribution(3, advantage=True, bless=2)),
        ("standard, disadvantage, 3 curse, shield 2",
         lambda: attack_distribution(3, disadvantage=True, curse=3, shield=2)),
        ("rolling Brute (34 cards), normal", lambda: attack_distribution(3, deck=ROLLING_BRUTE, shield=1)),
        ("rolling Brute, advantage",
         lambda: attack_distribution(3, deck=ROLLING_BRUTE, advantage=True, shield=1)),
        ("rolling Brute, disadvantage, 5 bless 5 curse",
         lambda: attack_distribution(3, deck=ROLLING_BRUTE, disadvantage=True, bless=5, curse=5, pierce=1)),
    ]  # fmt: skip
    print(f"{'query':48s} {'median ms':>10s}")
    for name, run in queries:
        print(f"{name:48s} {median_ms(run):10.3f}")
    mid = ModifierDeck(draw_pile=ROLLING_BRUTE[:3], discard=ROLLING_BRUTE[3:])
    mid_name = "mid-scenario: 3 left, 31 discarded, advantage"
    print(f"{mid_name:48s} {median_ms(lambda: attack_distribution(3, deck=mid, advantage=True)):10.3f}")
    rounds = 2000
    per_draw = median_ms(lambda: play_draws(rounds), repeat=5) / rounds * 1000
    print(f"{'engine hot path: one draw + damage (us)':48s} {per_draw:10.2f}")
    exact = median_ms(lambda: attack_distribution(3, deck=ROLLING_BRUTE, advantage=True, shield=1))
    sampled = median_ms(lambda: monte_carlo(10_000), repeat=3)
    print(f"exact vs 10,000-draw Monte Carlo (rolling Brute, advantage): {exact:.2f} ms vs {sampled:.0f} ms,"
          f" ratio {sampled / exact:.0f}x")  # fmt: skip


if __name__ == "__main__":
    main()
