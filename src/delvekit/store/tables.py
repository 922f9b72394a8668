"""Table-companion tables in SQLite: each table's setup and its ordered, append-only action log.

The server orders the log: every append is one ``BEGIN IMMEDIATE`` transaction that reads the
head, lets the caller check the action against the state at that head, and appends it, so two
phones sending at once are serialised and neither edit is lost. Undo appends an ``undo`` entry
naming the action it takes back; the state is always a replay of the actions not undone.
The schema is migration 2 of :mod:`delvekit.store.migrations` (the same database file as the
campaigns).

>>> store = TableStore(":memory:")
>>> tid = store.create(scenario=1, players=3, level=1, seed=7)
>>> store.append(tid, {"kind": "next"})
1
>>> [a["kind"] for a in store.actions(tid)]
['next']
>>> store.undo(tid)
2
>>> store.actions(tid)
[]
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from delvekit.core.errors import InputError
from delvekit.store.sqlite import CampaignStore, StoreBusy, StoreError


@dataclass(frozen=True)
class TableRow:
    id: str
    scenario: int
    players: int
    level: int
    seed: int
    classes: tuple[str, ...]
    levels: tuple[int, ...] = ()


class NoTable(StoreError):
    """No table with that id."""


def _no_content(ref: str) -> Any:
    raise StoreError("tables need no campaign content")


class TableStore:
    """Tables in the delvekit database at ``path`` (``":memory:"`` for a throwaway one)."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 5.0) -> None:
        self.path = path
        self._lock = threading.Lock()  # one connection, used from the server's worker threads
        if str(path) == ":memory:":
            self._db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            from delvekit.store.migrations import MIGRATIONS
            from delvekit.store.sqlite import split_statements

            for number, script in enumerate(MIGRATIONS, 1):
                for statement in split_statements(script):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number}")
        else:
            CampaignStore(path, _no_content, busy_timeout=busy_timeout).close()  # applies the migrations
            self._db = sqlite3.connect(
                str(path), timeout=busy_timeout, isolation_level=None, check_same_thread=False
            )
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreBusy(
                    f"the table database is busy ({exc}); nothing was changed, try again"
                ) from None
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(
        self,
        *,
        scenario: int,
        players: int,
        level: int,
        seed: int,
        classes: tuple[str, ...] = (),
        levels: tuple[int, ...] = (),
    ) -> str:
        """A new table; returns its id (a short random token: the link the players share)."""
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, scenario, players, level, seed, classes, created_at) "
                "VALUES (?,?,?,?,?,?,?)",
                (table_id, scenario, players, level, seed, _party(classes, levels), _now()),
            )
        return table_id

    def row(self, table_id: str) -> TableRow:
        with self._lock:
            found = self._db.execute(
                "SELECT id, scenario, players, level, seed, classes FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if found is None:
            raise NoTable(f"there is no table {table_id!r} (check the link)")
        classes, levels = _unparty(found[5])
        return TableRow(found[0], found[1], found[2], found[3], found[4], classes, levels)

    def head(self, table_id: str) -> int:
        with self._lock:
            return self._head(self._db, table_id)

    @staticmethod
    def _head(db: sqlite3.Connection, table_id: str) -> int:
        found = db.execute("SELECT max(seq) FROM table_log WHERE table_id = ?", (table_id,)).fetchone()
        return int(found[0] or 0)

    def _entries(
        self, db: sqlite3.Connection, table_id: str
    ) -> list[tuple[int, str, str | None, int | None]]:
        return list(
            db.execute(
                "SELECT seq, kind, action, target FROM table_log WHERE table_id = ? ORDER BY seq", (table_id,)
            )
        )

    def _effective(
        self, rows: list[tuple[int, str, str | None, int | None]]
    ) -> list[tuple[int, dict[str, Any]]]:
        undone = {target for _, kind, _, target in rows if kind == "undo" and target is not None}
        return [
            (seq, msgspec.json.decode(action or "{}"))
            for seq, kind, action, _ in rows
            if kind == "action" and seq not in undone
        ]

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """The actions in force (not undone), in the server's order."""
        with self._lock:
            rows = self._entries(self._db, table_id)
        return [a for _, a in self._effective(rows)]

    def append(
        self,
        table_id: str,
        action: dict[str, Any],
        check: Callable[[list[dict[str, Any]], int], None] | None = None,
    ) -> int:
        """Append ``action``; ``check(actions in force, head)`` runs inside the write
        transaction and may refuse it (raising), leaving the log as it was. Returns the new head."""
        self.row(table_id)
        with self._transaction() as db:
            head = self._head(db, table_id)
            if check is not None:
                check([a for _, a in self._effective(self._entries(db, table_id))], head)
            db.execute(
                "INSERT INTO table_log (table_id, seq, kind, action, at) VALUES (?,?,?,?,?)",
                (table_id, head + 1, "action", msgspec.json.encode(action).decode(), _now()),
            )
        return head + 1

    def undo(self, table_id: str) -> int:
        """Take back the latest action in force; returns the new head."""
        self.row(table_id)
        with self._transaction() as db:
            effective = self._effective(self._entries(db, table_id))
            if not effective:
                raise InputError("nothing to undo", where="undo")
            head = self._head(db, table_id)
            db.execute(
                "INSERT INTO table_log (table_id, seq, kind, target, at) VALUES (?,?,?,?,?)",
                (table_id, head + 1, "undo", effective[-1][0], _now()),
            )
        return head + 1


def _party(classes: tuple[str, ...], levels: tuple[int, ...]) -> str:
    """The characters as stored: ``brute:3,tinkerer:1`` (a class alone: level 1)."""
    if levels and not classes:
        raise InputError("character levels need their classes", where="levels")
    return ",".join(f"{c}:{levels[i]}" if levels else c for i, c in enumerate(classes))


def _unparty(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    parts = [p for p in text.split(",") if p]
    classes = tuple(p.partition(":")[0] for p in parts)
    levels = tuple(int(p.partition(":")[2]) for p in parts if p.partition(":")[2].isdigit())
    return classes, levels if len(levels) == len(classes) else ()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
