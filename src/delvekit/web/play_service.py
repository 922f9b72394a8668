"""Games being played in the browser: each is a :class:`Table` (the engine's game, who plays each
seat, the choices' authors, a version counter and a lock), kept in memory and in the SQLite store
(:mod:`delvekit.store.games`), which is written before any answer is shown.

The rules of play, independent of HTTP:

* a decision belongs to its actor's seat; a party decision (monster ties, ...) to any person's
  seat, or to the bots when every seat is a bot;
* an answer names the version it was made from: when the game has moved on since, it is refused
  (``Conflict``) and changes nothing; an illegal choice is refused (``Illegal``);
* an answer may carry follow-up choices (a move's steps to the clicked destination): each is
  applied only while the same actor still decides the same kind and the engine allows it;
* undo takes back a person's own last choice (and the bots' choices after it) while nobody else
  chose since and no hidden information came out since (no card drawn, nothing revealed);
* a game started from a campaign applies its result to the campaign when it ends;
* each person's seat has a secret key, and the host who started the game one more: a seat's
  hand and its answers need that seat's key or the host's (checked by the web layer, which
  hands the keys out as links); a spectator needs none.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven import decision_words
from delvekit.gloomhaven.bots.players import Bot, bot_seed, make_bot
from delvekit.gloomhaven.card_words import title as class_title
from delvekit.gloomhaven.describe import figure_names
from delvekit.gloomhaven.engine.game import Game
from delvekit.store.games import GameStore, SeatKeys, StoredChoice

PLAYERS = ("person", "random", "greedy")
HIDDEN_EVENTS = frozenset(
    {"reveal", "room-revealed", "door-opened", "ability-card", "modifiers", "placed", "spawned"}
)
"""Events that bring hidden information out: an undo across one is refused."""


class Conflict(DelvekitError):
    """Not this seat's decision, or the game moved on: nothing changed (HTTP 409)."""


class Illegal(DelvekitError):
    """Not a legal choice for the decision (HTTP 422)."""


class NotFound(DelvekitError):
    """No such game (HTTP 404)."""


class NewGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A new game: ``party`` are class ids; ``levels`` and ``items`` per class; ``bots`` maps a class
    to ``random`` or ``greedy`` (the others are people)."""

    scenario: int
    party: list[str]
    level: int = 1
    levels: dict[str, int] = {}
    items: dict[str, list[int]] = {}
    difficulty: str = "normal"
    seed: int | None = None
    bots: dict[str, str] = {}


class RecentGame(msgspec.Struct, kw_only=True, frozen=True):
    """A line of the "Continue a game" list: what tells games of one scenario apart."""

    id: str
    title: str
    started: str
    """When it was started, ``2026-11-27 22:40`` (UTC)."""
    party: str
    """``Brute, Mindthief``."""
    seats: str
    """Who plays: ``Brute: a person · Mindthief: greedy bot``."""
    round: int | None
    """The round it is in (or ended in); ``None`` when not worked out (see :meth:`Hall.recent`)."""
    choices: int
    result: str | None


SEAT_WORDS = {"person": "a person", "random": "random bot", "greedy": "greedy bot"}


class Table:
    """One game in play (see the module docstring)."""

    def __init__(
        self, gid: str, game: Game, seats: dict[str, str], authors: list[StoredChoice], version: int,
        title: str, campaign: dict[str, Any] | None, keys: SeatKeys | None = None,
    ) -> None:  # fmt: skip
        self.id = gid
        self.keys = keys
        """The host's and each person's seat's secret key (None: a game from before keys: open)."""
        self.game = game
        self.seats = seats
        self.authors = authors
        self.version = version
        self.title = title
        self.campaign = campaign
        self.lock = threading.Lock()
        self.bots: dict[str, Bot] = {
            seat: make_bot(kind, bot_seed(game.seed, seat))
            for seat, kind in seats.items()
            if kind != "person"
        }
        self.marks: dict[int, tuple[int, object]] = {}
        """Choice index → (events so far, generator state) just before it was made (for undo)."""
        self.bot_running = False
        self.bot_times: list[float] = []
        """Seconds each bot choice took to compute (benchmarks)."""

    def snapshot(self) -> Table:
        """A consistent copy to read from while the game goes on."""
        with self.lock:
            snap = Table.__new__(Table)
            snap.__dict__.update(self.__dict__)
            snap.authors = list(self.authors)
            snap.marks = dict(self.marks)
            return snap

    # ---- who may see and answer

    def seat_key_ok(self, seat: str, key: str | None) -> bool:
        """Whether ``key`` opens ``seat`` (its own key or the host's)."""
        if self.keys is None:
            return True
        given = (key or "").encode()
        return hmac.compare_digest(given, self.keys.seats.get(seat, "").encode()) or self.host_key_ok(key)

    def host_key_ok(self, key: str | None) -> bool:
        """Whether ``key`` is the key of whoever started the game."""
        return self.keys is None or hmac.compare_digest((key or "").encode(), self.keys.host.encode())

    # ---- who decides

    def owner(self) -> str | None:
        """The seat whose decision is pending (``party`` for a party decision), or None at the end."""
        d = self.game.decision
        return None if d is None else d.actor

    def bot_to_play(self) -> Bot | None:
        d = self.game.decision
        if d is None:
            return None
        if d.actor == "party":
            if all(kind != "person" for kind in self.seats.values()):
                return next(iter(self.bots.values()))
            return None
        return self.bots.get(d.actor)

    def may_answer(self, seat: str) -> bool:
        d = self.game.decision
        if d is None or self.seats.get(seat) != "person":
            return False
        return d.actor == seat or d.actor == "party"


class Hall:
    """Every game of one store: created, loaded on first use, answered, undone."""

    def __init__(self, db: str | Path) -> None:
        self.store = GameStore(db)
        self.db = Path(db)
        self.tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    # ---- creating and loading

    def create(self, req: NewGame) -> Table:
        from delvekit.gloomhaven.content import load_pack
        from delvekit.gloomhaven.content.adapter import Member, setup_from_pack

        party = [p.strip().lower() for p in req.party]
        if not 2 <= len(party) <= 4:
            raise InputError(f"a party has 2 to 4 characters, got {len(party)}", where="party")
        for name, kind in req.bots.items():
            if name not in party:
                raise InputError(f"{name} is not in the party ({', '.join(party)})", where="bots")
            if kind not in ("random", "greedy", "person"):
                raise InputError(
                    f"a seat is played by a person, random or greedy, not {kind!r}", where="bots"
                )
        for name in [*req.levels, *req.items]:
            if name not in party:
                raise InputError(f"{name} is not in the party ({', '.join(party)})", where="party")
        if req.difficulty not in ("easy", "normal", "hard", "very_hard"):
            raise InputError("difficulty is easy, normal, hard or very_hard", where="difficulty")
        levels = {p: req.levels.get(p, req.level) for p in party}
        if any(not 1 <= n <= 9 for n in levels.values()):
            raise InputError("a character's level is 1 to 9", where="level")
        seed = req.seed if req.seed is not None else secrets.randbelow(2**31)
        pack = load_pack()
        known = set(pack.classes) if hasattr(pack, "classes") else set()
        unknown = [p for p in party if known and p not in known]
        if unknown:
            raise InputError(f"unknown class {unknown[0]!r}", where="party")
        members = [Member(p, levels[p], tuple(req.items.get(p, ()))) for p in party]
        setup = setup_from_pack(pack, req.scenario, members, difficulty=req.difficulty, seed=seed)  # type: ignore[arg-type]
        game = Game(setup, seed=seed)
        seats = {p: req.bots.get(p, "person") for p in party}
        name = pack.scenarios[req.scenario].name
        title = f"#{req.scenario} {name}"
        return self._start(game, seats, title, None)

    def recent(self, limit: int = 12, budget: float = 1.5) -> list[RecentGame]:
        """The latest games with their party, seats, start time and round. A game not in memory
        is loaded (replayed) to know its round while ``budget`` seconds last (loaded once per
        server: it stays in memory); past the budget its round is left out."""
        out = []
        ends = time.monotonic() + budget
        for gid, created, title, result, n in self.store.recent(limit):
            with self._lock:
                table = self.tables.get(gid)
            stored = self.store.get(gid) if table is None else None
            seats = table.seats if table is not None else stored.seats if stored is not None else {}
            if table is None and stored is not None and time.monotonic() < ends:
                try:
                    table = self.get(gid)
                except (DelvekitError, ValueError):
                    table = None  # a game that no longer replays still shows, without its round
            names = {cid: class_title(cid) for cid in seats}
            out.append(
                RecentGame(
                    id=gid,
                    title=title,
                    started=created[:16].replace("T", " "),
                    party=", ".join(names.values()),
                    seats=" · ".join(f"{names[c]}: {SEAT_WORDS.get(k, k)}" for c, k in seats.items()),
                    round=table.game.state.round if table is not None else None,
                    choices=n,
                    result=result,
                )
            )
        return out

    def campaign_names(self) -> list[str]:
        """The campaigns in this database, for the new-game form's list (none when it cannot be read)."""
        from delvekit.cli.play_campaign import open_store

        try:
            with open_store(self.db) as store:
                return store.names()
        except DelvekitError:
            return []

    def create_from_campaign(
        self, campaign: str, scenario: int, characters: Sequence[str] | None, bots: dict[str, str],
        seed: int | None, difficulty: str,
    ) -> Table:  # fmt: skip
        from delvekit.cli.play_campaign import campaign_game, open_store
        from delvekit.gloomhaven.content import load_pack

        seed = seed if seed is not None else secrets.randbelow(2**31)
        with open_store(self.db) as store:
            cg = campaign_game(
                store, campaign, scenario, characters=",".join(characters) if characters else None,
                seed=seed, difficulty=difficulty,
            )  # fmt: skip
        by_name = {v.lower(): k for k, v in cg.names.items()}
        seats = {cid: "person" for cid in cg.names}
        for who, kind in bots.items():
            cid = by_name.get(who.lower(), who.lower())
            if cid not in seats or kind not in PLAYERS:
                raise InputError(
                    f"{who}: not a character of this game, or {kind!r} is not a player", where="bots"
                )
            seats[cid] = kind
        title = f"#{scenario} {load_pack().scenarios[scenario].name} ({campaign})"
        info = {"name": campaign, "head": cg.head, "names": cg.names, "applied": False}
        return self._start(cg.game, seats, title, info)

    def _start(self, game: Game, seats: dict[str, str], title: str, campaign: dict[str, Any] | None) -> Table:
        gid = secrets.token_hex(6)
        header = game.log_lines()[0]
        keys = SeatKeys(
            host=secrets.token_urlsafe(12),
            seats={seat: secrets.token_urlsafe(9) for seat, kind in seats.items() if kind == "person"},
        )
        self.store.create(gid, header, seats, title, game.digest(), campaign, keys)
        table = Table(gid, game, seats, [], 0, title, campaign, keys)
        with self._lock:
            self.tables[gid] = table
        return table

    def get(self, gid: str) -> Table:
        with self._lock:
            table = self.tables.get(gid)
        if table is not None:
            return table
        stored = self.store.get(gid) if len(gid) <= 64 else None
        if stored is None:
            raise NotFound(f"no game {gid!r}")
        lines = [stored.header, *(msgspec.json.encode({"choice": c.choice}).decode() for c in stored.choices)]
        game = Game.from_log(lines, where=f"game {gid}", verify=False)
        if game.digest() != stored.digest:
            raise InputError("the stored game does not replay to its saved state", where=f"game {gid}")
        table = Table(
            gid,
            game,
            stored.seats,
            list(stored.choices),
            stored.version,
            stored.title,
            stored.campaign,
            stored.keys,
        )
        with self._lock:
            return self.tables.setdefault(gid, table)

    # ---- answering

    def answer(self, gid: str, seat: str, choices: Sequence[str], at: int | None) -> Table:
        """Apply ``choices[0]`` for ``seat`` and then the rest while they stay legal (see the module
        docstring); stored before returning."""
        table = self.get(gid)
        if not choices:
            raise Illegal("no choice given")
        with table.lock:
            game = table.game
            d = game.decision
            if d is None:
                raise Conflict(f"the scenario has ended ({game.result})")
            if at is not None and at != table.version:
                raise Conflict("the decision has moved on: another answer came first")
            if seat not in table.seats:
                raise Conflict(f"{seat!r} is not a seat of this game ({', '.join(table.seats)})")
            if table.seats[seat] != "person":
                raise Conflict(f"{seat} is played by the {table.seats[seat]} bot")
            if not table.may_answer(seat):
                raise Conflict(f"it is {d.actor}'s decision ({d.kind}), not {seat}'s")
            if not game.can_choose(choices[0]):
                question = decision_words.prompt(d, figure_names(game), game)
                raise Illegal(f"{choices[0]!r} is not one of the choices now. {question}")
            self._apply(table, seat, choices, by_bot=False)
        return table

    def _apply(self, table: Table, seat: str, choices: Sequence[str], *, by_bot: bool) -> None:
        """Apply and store (caller holds the table's lock and checked the first choice)."""
        game = table.game.clone()
        first = game.decision
        assert first is not None
        made: list[StoredChoice] = []
        for n, text in enumerate(choices):
            d = game.decision
            if n and (
                d is None or d.actor != first.actor or d.kind != first.kind or not game.can_choose(text)
            ):
                break
            marks = (len(game.events), game.state.rng.getstate())
            game.choose(text)
            table.marks[len(game.log) - 1] = marks
            made.append(StoredChoice(text, seat, by_bot))
        start = len(table.game.log)
        if len(game.log) != start + len(made):  # one choice per logged entry, always
            raise InputError("the engine logged an unexpected number of choices", where="answer")
        table.version = self.store.append(
            table.id, start, made, expect_version=table.version, digest=game.digest(), result=game.result
        )
        table.game = game
        table.authors.extend(made)
        if game.result is not None and table.campaign and not table.campaign.get("applied"):
            self._apply_campaign(table)

    def _apply_campaign(self, table: Table) -> None:
        from delvekit.cli.play_campaign import CampaignGame, apply_result, open_store

        info = dict(table.campaign or {})
        cg = CampaignGame(
            campaign=info["name"], head=info["head"], names=dict(info["names"]), game=table.game
        )
        try:
            with open_store(self.db) as store:
                apply_result(store, cg)
            info.update(applied=True, error="")
        except DelvekitError as exc:
            info.update(applied=False, error=str(exc))
        table.campaign = info
        self.store.set_campaign(table.id, info)

    def bot_step(self, gid: str) -> bool:
        """Let the bot whose decision is pending make one choice (thinking outside the lock, so
        pages keep loading meanwhile); False when no bot is to play."""
        table = self.get(gid)
        with table.lock:
            bot = table.bot_to_play()
            d = table.game.decision
            if bot is None or d is None:
                return False
            version, game = table.version, table.game.clone()
        t0 = time.perf_counter()
        choice = str(bot.choose(game))
        table.bot_times.append(time.perf_counter() - t0)
        with table.lock:
            if table.version != version:  # a person undid or answered meanwhile: think again
                return True
            seat = d.actor if d.actor != "party" else next(iter(table.bots))
            self._apply(table, seat, [choice], by_bot=True)
        return True

    # ---- undo

    def undo_check(self, table: Table, seat: str) -> tuple[int, Game]:
        """Where an undo by ``seat`` goes back to (choices kept, the game then), or Conflict."""
        last = undo_point(table, seat)
        before = table.game.undo(len(table.game.log) - last)
        _check_hidden(table.game, len(before.events), before.state.rng.getstate())
        return last, before

    def undo(self, gid: str, seat: str, at: int | None) -> Table:
        table = self.get(gid)
        with table.lock:
            if at is not None and at != table.version:
                raise Conflict("the game has moved on: another answer came first")
            keep, before = self.undo_check(table, seat)
            table.version = self.store.truncate(
                table.id, keep, expect_version=table.version, digest=before.digest()
            )
            table.game = before
            del table.authors[keep:]
        return table

    def log_lines(self, gid: str) -> list[str]:
        """The game's log, once it has ended: the log holds the seed, and the seed tells every
        hidden card (the decks' order, the other seats' draws), so it is refused before."""
        table = self.get(gid)
        with table.lock:
            if table.game.result is None:
                raise Conflict(
                    "the log is available when the scenario has ended: it holds the seed, "
                    "which would reveal every hidden card"
                )
            return table.game.log_lines()


def undo_point(table: Table, seat: str) -> int:
    """The index of ``seat``'s last choice if it may be undone (quick checks only when the game
    was not reloaded since); raises Conflict otherwise."""
    mine = [i for i, c in enumerate(table.authors) if c.seat == seat and not c.by_bot]
    if not mine:
        raise Conflict(f"nothing to undo: {seat} has made no choice")
    last = mine[-1]
    later = [c for c in table.authors[last + 1 :] if not c.by_bot]
    if later:
        raise Conflict(f"{later[0].seat} has chosen since: only your last choice may be undone before that")
    if last in table.marks:
        events, rng = table.marks[last]
        _check_hidden(table.game, events, rng)
    return last


def _check_hidden(now: Game, events_before: int, rng_before: object) -> None:
    hidden = [e.kind for e in now.events[events_before:] if e.kind in HIDDEN_EVENTS]
    if hidden or now.state.rng.getstate() != rng_before:
        raise Conflict("cannot undo: hidden information came out since (cards drawn or revealed)")
