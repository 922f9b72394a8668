"""What a simulation plays: one :class:`GameSpec` per game, from the user's ranges and lists.

A spec names everything ``delve play`` needs to play the same game again: scenario, party,
character level, difficulty, the bot of each seat and the game seed. ``--games N --seed S`` plays
seeds ``S .. S+N-1`` for every combination of scenario, party and level. A sampled party
(``--party random:2``) is drawn for each game from the playable classes by a generator seeded
from the game seed and scenario, so a rerun samples the same parties.

>>> parse_numbers("1-3,7", "--scenarios", low=1, high=95)
(1, 2, 3, 7)
>>> specs = plan([1, 2], ["brute,mindthief"], [1], ["normal"], "random", games=2, seed=10)
>>> [(s.scenario, s.seed) for s in specs]
[(1, 10), (1, 11), (2, 10), (2, 11)]
>>> specs[0].key
'1|brute,mindthief|1|normal|random|10'
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from delvekit.core.errors import InputError
from delvekit.core.rng import Rng

DIFFICULTIES = ("easy", "normal", "hard", "very_hard")
BOT_NAMES = ("random", "greedy", "search")


class GameSpec(msgspec.Struct, frozen=True):
    """One game to play: ``delve play --scenario S --party P --level L --difficulty D --bots B
    --seed SEED --quiet`` plays it (when one bot plays every seat)."""

    scenario: int
    party: tuple[str, ...]
    level: int
    difficulty: str
    bots: tuple[str, ...]
    """The bot of each seat, in party order."""
    seed: int

    @property
    def bots_text(self) -> str:
        """``random`` when one bot plays every seat, else the seats' bots in party order."""
        return self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)

    @property
    def party_text(self) -> str:
        return ",".join(self.party)

    @property
    def key(self) -> str:
        """The identity of the game in a results file (a rerun skips keys already there)."""
        return key_of(self.scenario, self.party_text, self.level, self.difficulty, self.bots_text, self.seed)


def key_of(scenario: int, party: str, level: int, difficulty: str, bots: str, seed: int) -> str:
    return f"{scenario}|{party}|{level}|{difficulty}|{bots}|{seed}"


def parse_numbers(text: str, option: str, *, low: int, high: int) -> tuple[int, ...]:
    """Numbers from ``1-10``, ``3`` or ``1,4,7-9`` (in the order given, without repeats).

    >>> parse_numbers("5-3", "--level", low=1, high=9)
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: --level: 5-3 is an empty range (write 3-5)
    """
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        first, dash, last = part.partition("-")
        try:
            a = int(first)
            b = int(last) if dash else a
        except ValueError:
            raise InputError(f"expected numbers or ranges like 1-10, got {part!r}", where=option) from None
        if b < a:
            raise InputError(f"{part} is an empty range (write {b}-{a})", where=option)
        if a < low or b > high:
            raise InputError(f"{part} is outside {low}-{high}", where=option)
        out += [n for n in range(a, b + 1) if n not in out]
    if not out:
        raise InputError(f"name at least one number ({low}-{high})", where=option)
    return tuple(out)


def parse_difficulties(text: str) -> tuple[str, ...]:
    out = tuple(d.strip().lower().replace("-", "_") for d in text.split(",") if d.strip())
    bad = [d for d in out if d not in DIFFICULTIES]
    if bad or not out:
        raise InputError(
            f"unknown difficulty {', '.join(bad) or '(none)'} (known: {', '.join(DIFFICULTIES)})",
            where="--difficulty",
        )
    return out


def parse_bots(text: str) -> tuple[str, ...]:
    """One bot for every seat (``greedy``) or one per seat in party order (``search,greedy``)."""
    out = tuple(b.strip().lower() for b in text.split(",") if b.strip())
    bad = [b for b in out if b not in BOT_NAMES]
    if bad or not out:
        raise InputError(
            f"unknown bot {', '.join(bad) or '(none)'} (known: {', '.join(BOT_NAMES)})", where="--bots"
        )
    return out


def sample_size(party: str) -> tuple[int, int] | None:
    """``(low, high)`` party sizes of a sampled party (``random``, ``random:3``, ``random:2-4``),
    ``None`` for an explicit one."""
    name, _, size = party.strip().lower().partition(":")
    if name != "random":
        return None
    if not size:
        return (2, 4)
    sizes = parse_numbers(size, "--party", low=2, high=4)
    return (min(sizes), max(sizes))


def sample_party(classes: Sequence[str], sizes: tuple[int, int], seed: int, scenario: int) -> tuple[str, ...]:
    """A party drawn from ``classes`` for the game ``seed`` of ``scenario`` (the same every run).

    >>> sample_party(["a", "b", "c", "d"], (2, 2), 1, 1) == sample_party(["a", "b", "c", "d"], (2, 2), 1, 1)
    True
    """
    from delvekit.gloomhaven.bots.players import bot_seed

    rng = Rng(bot_seed(seed, f"party:{scenario}"))
    size = rng.randint(sizes[0], min(sizes[1], len(classes)))
    return tuple(rng.sample(sorted(classes), size))


def plan(
    scenarios: Sequence[int],
    parties: Sequence[str],
    levels: Sequence[int],
    difficulties: Sequence[str],
    bots: str,
    *,
    games: int,
    seed: int,
    playable: Sequence[str] = (),
) -> list[GameSpec]:
    """Every game of the simulation, in a stable order: scenario, party, level, difficulty, seed.

    ``parties`` are explicit (``brute,mindthief``) or sampled (``random[:SIZES]``, drawn from
    ``playable``); ``bots`` is one name for every seat or one per seat."""
    if games < 1:
        raise InputError(f"play at least one game, got {games}", where="--games")
    seat_bots = parse_bots(bots)
    out: list[GameSpec] = []
    for scenario in scenarios:
        for party in parties:
            sizes = sample_size(party)
            if sizes is not None and not playable:
                raise InputError("no playable classes to sample a party from", where="--party")
            explicit = tuple(m.strip().lower() for m in party.split(",") if m.strip())
            if sizes is None and not 2 <= len(explicit) <= 4:
                raise InputError(f"a party has 2 to 4 classes, got {party!r}", where="--party")
            for level in levels:
                for difficulty in difficulties:
                    for n in range(games):
                        game_seed = seed + n
                        members = (
                            explicit if sizes is None else sample_party(playable, sizes, game_seed, scenario)
                        )
                        if len(seat_bots) == 1:
                            seated = seat_bots * len(members)
                        elif len(seat_bots) == len(members):
                            seated = seat_bots
                        else:
                            raise InputError(
                                f"{len(seat_bots)} bots for a party of {len(members)} "
                                "(name one bot, or one per seat)",
                                where="--bots",
                            )
                        out.append(GameSpec(scenario, members, level, difficulty, seated, game_seed))
    return out
