"""Campaigns in SQLite: an append-only action log plus a snapshot of the state after each entry.

* Every action is one ``BEGIN IMMEDIATE`` transaction: read the head state, validate and apply the
  action, append the log entry and its snapshot, move the head. A refused action rolls back and
  leaves the database untouched; a process killed mid-way leaves either the whole entry or none.
* WAL journal with ``synchronous=FULL``: a commit that returned is on disk.
* Writers serialise on SQLite's write lock; a second writer waits up to ``busy_timeout`` seconds
  and then gets :class:`StoreBusy` (nothing changed). Because the state is read inside the write
  transaction, no update is ever lost.
* ``undo`` appends an entry too: the log is never rewritten (triggers forbid UPDATE and DELETE).
"""

from __future__ import annotations

import math
import os
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.content import Catalog
from delvekit.gloomhaven.campaign.rules import apply_action, new_state
from delvekit.gloomhaven.campaign.state import CampaignState, decode_state, encode_state
from delvekit.store.migrations import APPLICATION_ID, MIGRATIONS

EXPORT_FORMAT = "delvekit-campaign"
EXPORT_VERSION = 1

SQLITE_MIN: int = -(2**63)
SQLITE_MAX: int = 2**63 - 1
MAX_BUSY_TIMEOUT: float = 3600.0
"""An hour: longer than any writer holds the lock; SQLite takes whole milliseconds up to 2**31."""


class StoreError(DelvekitError):
    """The database cannot be used (corrupt, not ours, too new) or a campaign is missing."""


class StoreBusy(StoreError):
    """Another process held the write lock longer than the busy timeout; nothing was changed."""


class LogEntry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    seq: int
    kind: str
    parent: int
    at: str
    action: dict[str, Any] | None = None
    target: int | None = None
    undone: bool = False


def check_busy_timeout(value: object, where: str = "busy timeout") -> float:
    """A wait in seconds, finite and within 0..MAX_BUSY_TIMEOUT, else :class:`InputError`.

    >>> check_busy_timeout(2.5)
    2.5
    >>> check_busy_timeout(float("nan"))
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: busy timeout: expected seconds within 0..3600, got nan
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(f"expected seconds within 0..{MAX_BUSY_TIMEOUT:g}, got {value!r}"[:120], where=where)
    if not 0 <= value <= MAX_BUSY_TIMEOUT:
        raise InputError(f"expected seconds within 0..{MAX_BUSY_TIMEOUT:g}, got {value!r}"[:120], where=where)
    return float(value)


def check_integer(value: int, where: str) -> int:
    """An integer SQLite can store (64-bit), else :class:`InputError` naming ``where``."""
    if not SQLITE_MIN <= value <= SQLITE_MAX:
        raise InputError(
            f"{str(value)[:30]} is too large a number (at most {SQLITE_MAX} in magnitude)", where=where
        )
    return value


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/delvekit/campaigns.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "delvekit" / "campaigns.sqlite3"


ContentResolver = Callable[[str], Catalog]
F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """SQLite failures after opening (a page damaged later, a full disk) become one StoreError."""

    @wraps(method)
    def wrapper(self: CampaignStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise self._busy() from None
            raise StoreError(f"{self.path}: database error ({exc}); nothing was changed") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: the database is damaged ({exc})") from None
        except OverflowError:
            raise StoreError(
                f"{self.path}: a number is too large for the database; nothing was changed"
            ) from None

    return wrapper  # type: ignore[return-value]


class CampaignStore:
    """Several campaigns in one SQLite file.

    ``resolve`` turns a campaign's content reference (stored with it) into a :class:`Catalog`.
    """

    def __init__(
        self, path: str | Path, resolve: ContentResolver, *, busy_timeout: float = 5.0, create: bool = True
    ) -> None:
        """Open the database at ``path``; with ``create=False`` a missing one is an error (and
        no folder is made), for the commands that only read or change existing campaigns."""
        self.path = Path(path)
        self.resolve = resolve
        self.busy_timeout = check_busy_timeout(busy_timeout)
        if str(path) != ":memory:":
            if not create and not self.path.exists():
                raise StoreError(
                    f"{self.path}: no campaign database here (`delve campaign new NAME` creates one)"
                )
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(
                f"cannot open the database: {exc}",
            ) from None
        try:
            self._setup()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise self._busy() from None
            raise StoreError(
                f"{self.path}: not a usable delvekit database (corrupt or another format: {exc})"
            ) from None
        except BaseException:
            self._db.close()
            raise

    # -- opening --------------------------------------------------------------------------

    def _setup(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id != APPLICATION_ID and (tables or version):
            raise StoreError(f"{self.path}: a SQLite database of another application, not a delvekit one")
        if version > len(MIGRATIONS):
            raise StoreError(
                f"{self.path}: schema version {version} comes from a newer delvekit "
                f"(this one knows {len(MIGRATIONS)})"
            )
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        if version < len(MIGRATIONS):
            with self._transaction():
                # Re-read inside the lock: another process may have migrated meanwhile.
                version = db.execute("PRAGMA user_version").fetchone()[0]
                for number in range(version + 1, len(MIGRATIONS) + 1):
                    try:
                        for statement in split_statements(MIGRATIONS[number - 1]):
                            db.execute(statement)
                    except sqlite3.Error as exc:
                        if "locked" in str(exc) or "busy" in str(exc):
                            raise
                        raise StoreError(
                            f"{self.path}: schema migration {number} failed ({exc}); "
                            "the database is unchanged"
                        ) from None
                    db.execute(f"PRAGMA user_version = {number}")
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise StoreError(f"{self.path}: the database is damaged ({check})")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _busy(self) -> StoreBusy:
        return StoreBusy(
            f"{self.path}: another process is writing this database (waited {self.busy_timeout:g} s); "
            "nothing was changed, try again"
        )

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise self._busy() from None
            raise
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self._db.execute("ROLLBACK")
            if "locked" in str(exc) or "busy" in str(exc):
                raise self._busy() from None
            raise

    # -- campaigns --------------------------------------------------------------------------

    @_guarded
    def names(self) -> list[str]:
        return [r[0] for r in self._db.execute("SELECT name FROM campaigns ORDER BY name")]

    @_guarded
    def create(self, name: str, *, content: str, seed: int = 0, edition: str = "gloomhaven") -> CampaignState:
        """A new, empty campaign (no party yet); refused if the name is taken."""
        if not name.strip():
            raise InputError("a campaign needs a name", where="name")
        check_integer(seed, "seed")
        catalog = self.resolve(content)
        state = new_state(catalog, seed=seed, edition=edition)
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM campaigns WHERE name = ?", (name,)).fetchone():
                raise StoreError(f"a campaign named {name!r} already exists in {self.path}")
            cur = db.execute(
                "INSERT INTO campaigns (name, created_at, seed, edition, content, head) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                (name, _now(), seed, edition, content),
            )
            db.execute(
                "INSERT INTO snapshots (campaign_id, seq, state) VALUES (?, 0, ?)",
                (cur.lastrowid, _pack(state)),
            )
        return state

    def _campaign(self, name: str) -> tuple[int, int, str]:
        row = self._db.execute("SELECT id, head, content FROM campaigns WHERE name = ?", (name,)).fetchone()
        if row is None:
            known = ", ".join(self.names()) or "none"
            raise StoreError(f"no campaign named {name!r} in {self.path} (campaigns: {known})")
        return int(row[0]), int(row[1]), str(row[2])

    def _snapshot(self, cid: int, seq: int) -> CampaignState:
        row = self._db.execute(
            "SELECT state FROM snapshots WHERE campaign_id = ? AND seq = ?", (cid, seq)
        ).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: campaign {cid} has no snapshot for entry {seq} (damaged)")
        try:
            return _unpack(row[0])
        except (zlib.error, msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise StoreError(f"{self.path}: campaign {cid} snapshot {seq} is damaged ({exc})") from None

    @_guarded
    def state(self, name: str) -> CampaignState:
        cid, head, _ = self._campaign(name)
        return self._snapshot(cid, head)

    @_guarded
    def catalog(self, name: str) -> Catalog:
        return self.resolve(self._campaign(name)[2])

    @_guarded
    def do(self, name: str, action: A.Action, *, expect_head: int | None = None) -> CampaignState:
        """Validate and apply one action in one transaction; a refusal changes nothing.

        ``expect_head`` (optimistic check for interactive clients): refuse if someone else has
        written since the client read the campaign.
        """
        with self._transaction() as db:
            cid, head, content = self._campaign(name)
            if expect_head is not None and head != expect_head:
                raise StoreError(
                    f"campaign {name!r} changed meanwhile (now at entry {head}, "
                    f"expected {expect_head}); reload it"
                )
            state = apply_action(self.resolve(content), self._snapshot(cid, head), action)
            seq = self._next_seq(cid)
            db.execute(
                "INSERT INTO log (campaign_id, seq, kind, action, parent, at) "
                "VALUES (?, ?, 'action', ?, ?, ?)",
                (cid, seq, A.encode_action(action), head, _now()),
            )
            db.execute(
                "INSERT INTO snapshots (campaign_id, seq, state) VALUES (?, ?, ?)", (cid, seq, _pack(state))
            )
            db.execute("UPDATE campaigns SET head = ? WHERE id = ?", (seq, cid))
        return state

    def run(
        self,
        name: str,
        actions: Iterable[A.Action],
        *,
        on_done: Callable[[int, CampaignState], None] | None = None,
    ) -> CampaignState:
        """Apply actions one by one, one transaction each; stops at the first refusal (which is raised).

        ``on_done(index, state)`` is called after each commit: the action is then acknowledged.
        """
        state = self.state(name)
        for i, action in enumerate(actions):
            state = self.do(name, action)
            if on_done is not None:
                on_done(i, state)
        return state

    @_guarded
    def head(self, name: str) -> int:
        return self._campaign(name)[1]

    def _next_seq(self, cid: int) -> int:
        row = self._db.execute("SELECT max(seq) FROM log WHERE campaign_id = ?", (cid,)).fetchone()
        return int(row[0] or 0) + 1

    @_guarded
    def undo(self, name: str) -> tuple[A.Action, CampaignState]:
        """Undo the last action still in effect (appends an ``undo`` entry); returns it and the new state."""
        with self._transaction() as db:
            cid, head, _ = self._campaign(name)
            if head == 0:
                raise StoreError(f"campaign {name!r} has no action to undo")
            row = db.execute(
                "SELECT kind, action, parent FROM log WHERE campaign_id = ? AND seq = ?", (cid, head)
            ).fetchone()
            if row is None or row[0] != "action":
                raise StoreError(
                    f"{self.path}: campaign {name!r} head entry {head} is not an action (damaged)"
                )
            parent = int(row[2])
            seq = self._next_seq(cid)
            db.execute(
                "INSERT INTO log (campaign_id, seq, kind, target, parent, at) VALUES (?, ?, 'undo', ?, ?, ?)",
                (cid, seq, head, parent, _now()),
            )
            db.execute("UPDATE campaigns SET head = ? WHERE id = ?", (parent, cid))
            undone = A.decode_action(row[1], where=f"log entry {head}")
            return undone, self._snapshot(cid, parent)

    @_guarded
    def log(self, name: str) -> list[LogEntry]:
        """Every entry, oldest first; ``undone`` marks actions no longer in effect."""
        cid, head, _ = self._campaign(name)
        rows = self._db.execute(
            "SELECT seq, kind, action, target, parent, at FROM log WHERE campaign_id = ? ORDER BY seq", (cid,)
        ).fetchall()
        parents = {int(r[0]): int(r[4]) for r in rows}
        live: set[int] = set()
        seq = head
        while seq:
            live.add(seq)
            seq = parents[seq]
        return [
            LogEntry(
                seq=int(r[0]),
                kind=str(r[1]),
                action=_decode_logged(r[2], self.path, int(r[0])) if r[2] is not None else None,
                target=r[3],
                parent=int(r[4]),
                at=str(r[5]),
                undone=r[1] == "action" and int(r[0]) not in live,
            )
            for r in rows
        ]

    def actions(self, name: str) -> list[A.Action]:
        """The actions in effect, in order (undone ones left out)."""
        return [
            A.action_from_object(e.action, where=f"log entry {e.seq}")
            for e in self.log(name)
            if e.kind == "action" and not e.undone and e.action is not None
        ]

    # -- export / import --------------------------------------------------------------------

    @_guarded
    def export(self, name: str) -> dict[str, Any]:
        cid, head, content = self._campaign(name)
        row = self._db.execute(
            "SELECT seed, edition, created_at FROM campaigns WHERE id = ?", (cid,)
        ).fetchone()
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "name": name,
            "seed": int(row[0]),
            "edition": str(row[1]),
            "created_at": str(row[2]),
            "content": content,
            "head": head,
            "log": [msgspec.to_builtins(e) for e in self.log(name)],
        }

    @_guarded
    def import_(self, doc: Any, *, name: str | None = None, where: str = "import") -> CampaignState:
        """Recreate an exported campaign by replaying its log through the rules (all or nothing)."""
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise InputError(
                f'not a delvekit campaign export (expected "format": "{EXPORT_FORMAT}")', where=where
            )
        if doc.get("version") != EXPORT_VERSION:
            raise InputError(f"unsupported export version {doc.get('version')!r}", where=where)
        try:
            entries = msgspec.convert(doc.get("log"), list[LogEntry])
            seed, edition, content = int(doc["seed"]), str(doc["edition"]), str(doc["content"])
            target_name = name or str(doc["name"])
            head = int(doc["head"])
        except (msgspec.ValidationError, KeyError, TypeError, ValueError, OverflowError) as exc:
            raise InputError(f"malformed export: {str(exc)[:300]}", where=where) from None
        check_integer(seed, f"{where}: seed")
        check_integer(head, f"{where}: head")
        for e in entries:
            for field, number in (("seq", e.seq), ("parent", e.parent), ("target", e.target or 0)):
                check_integer(number, f"{where}: log entry {str(e.seq)[:30]}.{field}")
        catalog = self.resolve(content)
        states: dict[int, CampaignState] = {0: new_state(catalog, seed=seed, edition=edition)}
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM campaigns WHERE name = ?", (target_name,)).fetchone():
                raise StoreError(f"a campaign named {target_name!r} already exists in {self.path}")
            cur = db.execute(
                "INSERT INTO campaigns (name, created_at, seed, edition, content, head) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (target_name, str(doc.get("created_at") or _now()), seed, edition, content, head),
            )
            cid = cur.lastrowid
            db.execute(
                "INSERT INTO snapshots (campaign_id, seq, state) VALUES (?, 0, ?)", (cid, _pack(states[0]))
            )
            for e in entries:
                at = f"{where}: log entry {e.seq}"
                if e.parent not in states:
                    raise InputError(f"parent entry {e.parent} is unknown or not a state", where=at)
                if e.kind == "action":
                    action = A.action_from_object(e.action, where=at)
                    try:
                        states[e.seq] = apply_action(catalog, states[e.parent], action)
                    except DelvekitError as exc:
                        raise InputError(f"refused on replay: {exc}", where=at) from None
                    db.execute(
                        "INSERT INTO snapshots (campaign_id, seq, state) VALUES (?, ?, ?)",
                        (cid, e.seq, _pack(states[e.seq])),
                    )
                elif e.kind != "undo":
                    raise InputError(f"unknown entry kind {e.kind!r}", where=at)
                db.execute(
                    "INSERT INTO log (campaign_id, seq, kind, action, target, parent, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        cid,
                        e.seq,
                        e.kind,
                        msgspec.json.encode(e.action).decode() if e.action is not None else None,
                        e.target,
                        e.parent,
                        e.at,
                    ),
                )
            if head not in states:
                raise InputError(f"head {head} is not a state of the log", where=where)
        return states[head]


def split_statements(script: str) -> list[str]:
    """Split a migration into statements; a ``;`` inside a string or a trigger body does not end
    one (``sqlite3.complete_statement`` decides)."""
    out: list[str] = []
    buf = ""
    for piece in script.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \n\t;"):
                out.append(buf.strip())
            buf = ""
    if buf.strip(" \n\t;"):
        out.append(buf.strip().rstrip(";"))
    return out


def _decode_logged(raw: str, path: Path, seq: int) -> dict[str, Any]:
    try:
        obj = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise StoreError(f"{path}: log entry {seq} is damaged ({exc})") from None
    if not isinstance(obj, dict):
        raise StoreError(f"{path}: log entry {seq} is damaged (not an object)")
    return obj


def _pack(state: CampaignState) -> bytes:
    return zlib.compress(encode_state(state), 6)


def _unpack(blob: bytes) -> CampaignState:
    return decode_state(zlib.decompress(blob))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
