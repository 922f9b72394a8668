"""Scenario games in SQLite (the same database file as campaigns): each game is the engine's log
header (setup and seed), who plays each seat, and its choices in order, each with the seat that
made it. A game is rebuilt by replaying its choices (:meth:`Game.replay`), and the stored digest
is checked against the replay.

* Every write is one ``BEGIN IMMEDIATE`` transaction: the choices of one answer (a move's steps)
  and the game's new version and digest are committed together or not at all.
* ``version`` counts the changes of a game (answers and undos); a client that answered from an
  older version is told the decision has moved on.
* The database is opened as :class:`~delvekit.store.sqlite.CampaignStore` opens it (schema checks
  and migrations) before this module uses its own connection.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from delvekit.store.sqlite import StoreError


class StoredChoice(msgspec.Struct, frozen=True):
    choice: str
    seat: str
    by_bot: bool


class SeatKeys(msgspec.Struct, frozen=True):
    """A browser game's secrets: the host's key (whoever started it: every seat's link) and one
    key per person's seat (that seat's link: its hand and its answers)."""

    host: str
    seats: dict[str, str]


class StoredGame(msgspec.Struct, kw_only=True):
    id: str
    created_at: str
    header: str
    """The first line of the engine's JSON-lines log (format, setup, seed)."""
    seats: dict[str, str]
    """Character id → ``person``, ``random`` or ``greedy``."""
    title: str
    version: int
    digest: str
    result: str | None
    campaign: dict[str, Any] | None
    choices: list[StoredChoice]
    keys: SeatKeys | None = None
    """The secret keys of the seats and the host (None: a game stored before keys existed)."""


def _no_content(ref: str) -> Any:
    raise StoreError("the game store reads no campaign content")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameStore:
    """Games in one SQLite file; safe to share between threads (one connection, one lock)."""

    def __init__(self, path: str | Path) -> None:
        from delvekit.store.sqlite import CampaignStore

        self.path = Path(path)
        CampaignStore(path, _no_content).close()  # checks the file, applies migrations
        try:
            self._db = sqlite3.connect(str(path), timeout=5.0, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot open the database ({exc})") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(
                    f"{self.path}: the database is busy or damaged ({exc}); nothing was saved"
                ) from None
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._db.execute("ROLLBACK")
                raise StoreError(f"{self.path}: could not save ({exc}); nothing was saved") from None

    def create(
        self, gid: str, header: str, seats: dict[str, str], title: str, digest: str,
        campaign: dict[str, Any] | None = None, keys: SeatKeys | None = None,
    ) -> None:  # fmt: skip
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, created_at, header, seats, title, version, digest, campaign, keys) "
                "VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (gid, _now(), header, msgspec.json.encode(seats).decode(), title, digest,
                 msgspec.json.encode(campaign).decode() if campaign else None,
                 msgspec.json.encode(keys).decode() if keys else None),
            )  # fmt: skip

    def append(
        self, gid: str, start: int, choices: list[StoredChoice], *, expect_version: int, digest: str,
        result: str | None,
    ) -> int:  # fmt: skip
        """Store ``choices`` as choices ``start``, ``start + 1``... of game ``gid``, if its version
        is still ``expect_version``; returns the new version."""
        with self._transaction() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None or row[0] != expect_version:
                raise StoreError(f"game {gid} changed meanwhile; nothing was saved")
            at = _now()
            db.executemany(
                "INSERT INTO game_choices (game_id, seq, choice, seat, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(gid, start + n, c.choice, c.seat, int(c.by_bot), at) for n, c in enumerate(choices)],
            )
            db.execute(
                "UPDATE games SET version = version + 1, digest = ?, result = ? WHERE id = ?",
                (digest, result, gid),
            )
        return expect_version + 1

    def truncate(self, gid: str, keep: int, *, expect_version: int, digest: str) -> int:
        """Undo: keep the first ``keep`` choices of game ``gid``; returns the new version."""
        with self._transaction() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None or row[0] != expect_version:
                raise StoreError(f"game {gid} changed meanwhile; nothing was undone")
            db.execute("DELETE FROM game_choices WHERE game_id = ? AND seq >= ?", (gid, keep))
            db.execute(
                "UPDATE games SET version = version + 1, digest = ?, result = NULL WHERE id = ?",
                (digest, gid),
            )
        return expect_version + 1

    def set_campaign(self, gid: str, campaign: dict[str, Any]) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET campaign = ? WHERE id = ?", (msgspec.json.encode(campaign).decode(), gid)
            )

    def get(self, gid: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, created_at, header, seats, title, version, digest, result, campaign, keys "
                "FROM games WHERE id = ?",
                (gid,),
            ).fetchone()
            if row is None:
                return None
            rows = self._db.execute(
                "SELECT choice, seat, by_bot FROM game_choices WHERE game_id = ? ORDER BY seq", (gid,)
            ).fetchall()
        return StoredGame(
            id=row[0], created_at=row[1], header=row[2], seats=msgspec.json.decode(row[3]), title=row[4],
            version=row[5], digest=row[6], result=row[7],
            campaign=msgspec.json.decode(row[8]) if row[8] else None,
            choices=[StoredChoice(c, s, bool(b)) for c, s, b in rows],
            keys=msgspec.json.decode(row[9], type=SeatKeys) if row[9] else None,
        )  # fmt: skip

    def recent(self, limit: int = 20) -> list[tuple[str, str, str, str | None, int]]:
        """The latest games: (id, created_at, title, result, number of choices)."""
        with self._lock:
            return [
                (r[0], r[1], r[2], r[3], r[4])
                for r in self._db.execute(
                    "SELECT g.id, g.created_at, g.title, g.result, "
                    "(SELECT count(*) FROM game_choices c WHERE c.game_id = g.id) "
                    "FROM games g ORDER BY g.created_at DESC, g.id LIMIT ?",
                    (limit,),
                )
            ]
