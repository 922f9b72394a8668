"""Numbered schema migrations, applied in order when a database is opened.

Migration N brings a database from ``PRAGMA user_version`` N − 1 to N. Never edit a released
migration: add the next one.
"""

from __future__ import annotations

APPLICATION_ID = 0x444C564B  # "DLVK": marks a SQLite file as a delvekit database

MIGRATIONS: tuple[str, ...] = (
    # 1: campaigns, their append-only log and the state snapshot after each log entry.
    """
    CREATE TABLE campaigns (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        seed       INTEGER NOT NULL,
        edition    TEXT NOT NULL,
        content    TEXT NOT NULL,
        head       INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE log (
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
        seq         INTEGER NOT NULL,
        kind        TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
        action      TEXT,
        target      INTEGER,
        parent      INTEGER NOT NULL,
        at          TEXT NOT NULL,
        PRIMARY KEY (campaign_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
        seq         INTEGER NOT NULL,
        state       BLOB NOT NULL,
        PRIMARY KEY (campaign_id, seq)
    ) WITHOUT ROWID;
    CREATE TRIGGER log_is_append_only_update BEFORE UPDATE ON log
        BEGIN SELECT RAISE(ABORT, 'the campaign log is append-only'); END;
    CREATE TRIGGER log_is_append_only_delete BEFORE DELETE ON log
        BEGIN SELECT RAISE(ABORT, 'the campaign log is append-only'); END;
    """,
    # 2: games played in the browser (delve serve): the engine log's header, who plays each seat,
    # and every choice with the seat that made it; ``version`` counts changes (choices and undos).
    """
    CREATE TABLE games (
        id          TEXT PRIMARY KEY,
        created_at  TEXT NOT NULL,
        header      TEXT NOT NULL,
        seats       TEXT NOT NULL,
        title       TEXT NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        digest      TEXT NOT NULL,
        result      TEXT,
        campaign    TEXT
    ) WITHOUT ROWID;
    CREATE TABLE game_choices (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        choice  TEXT NOT NULL,
        seat    TEXT NOT NULL,
        by_bot  INTEGER NOT NULL,
        at      TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    """,
    # 3: tables (the table companion, web/table.py): each table's setup and its ordered action log;
    # the state is replayed from them. Undo is an entry too, so the log is append-only.
    """
    CREATE TABLE tables (
        id         TEXT PRIMARY KEY,
        scenario   INTEGER NOT NULL,
        players    INTEGER NOT NULL,
        level      INTEGER NOT NULL,
        seed       INTEGER NOT NULL,
        classes    TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE table_log (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq      INTEGER NOT NULL,
        kind     TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
        action   TEXT,
        target   INTEGER,
        at       TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE TRIGGER table_log_is_append_only_update BEFORE UPDATE ON table_log
        BEGIN SELECT RAISE(ABORT, 'the table log is append-only'); END;
    CREATE TRIGGER table_log_is_append_only_delete BEFORE DELETE ON table_log
        BEGIN SELECT RAISE(ABORT, 'the table log is append-only'); END;
    """,
    # 4: a browser game's secret keys: one per person's seat and one for the host who started it
    # (JSON {"host": ..., "seats": {...}}). Games stored before have none and stay open to any link.
    """
    ALTER TABLE games ADD COLUMN keys TEXT;
    """,
)
