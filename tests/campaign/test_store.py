"""The SQLite store: one transaction per action, undo, export/import, migrations, bad files."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from delvekit.core.errors import DelvekitError, IllegalChoice, InputError
from delvekit.gloomhaven.campaign import Catalog, action_from_object, summary
from delvekit.store import CampaignStore, StoreBusy, StoreError
from delvekit.store.migrations import MIGRATIONS

from .fixture import content

CATALOG = Catalog(content())


def resolve(ref: str) -> Catalog:
    assert ref == "fixture"
    return CATALOG


def act(kind: str, /, **fields: Any) -> Any:
    return action_from_object({**fields, "action": kind})


def store_at(path: Path, **kw: Any) -> CampaignStore:
    return CampaignStore(path, resolve, **kw)


def snapshot_of(store: CampaignStore, name: str) -> tuple[Any, ...]:
    return (summary(CATALOG, store.state(name)), store.head(name), len(store.log(name)))


@pytest.fixture
def store(tmp_path: Path) -> CampaignStore:
    s = store_at(tmp_path / "c.sqlite3")
    s.create("main", content="fixture", seed=5)
    s.do("main", act("new_party", name="The Lost"))
    s.do("main", act("create_character", name="Ana", **{"class": "brute"}))
    return s


def test_actions_persist_across_reopen(store: CampaignStore, tmp_path: Path) -> None:
    store.do("main", act("buy", character="Ana", item=1))
    store.close()
    again = store_at(tmp_path / "c.sqlite3")
    assert again.state("main").characters["Ana"].items == [1]
    assert [e.action["action"] for e in again.log("main") if e.action] == [
        "new_party",
        "create_character",
        "buy",
    ]


def test_refused_action_changes_nothing(store: CampaignStore) -> None:
    before = snapshot_of(store, "main")
    with pytest.raises(IllegalChoice, match="not in the shop at prosperity 1"):
        store.do("main", act("buy", character="Ana", item=17))  # not in the shop at prosperity 1
    with pytest.raises(InputError, match="unknown item 999"):
        store.do("main", act("buy", character="Ana", item=999))
    with pytest.raises(InputError, match="unknown character 'Zed'"):
        store.do("main", act("buy", character="Zed", item=1))
    assert snapshot_of(store, "main") == before


def test_several_campaigns_per_database(store: CampaignStore) -> None:
    store.create("other", content="fixture", seed=9)
    store.do("other", act("new_party", name="Second"))
    assert store.names() == ["main", "other"]
    assert store.state("other").party.name == "Second"  # type: ignore[union-attr]
    assert store.state("main").party.name == "The Lost"  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="already exists"):
        store.create("other", content="fixture")
    with pytest.raises(StoreError, match="no campaign named 'ghost'"):
        store.state("ghost")


def test_undo_is_appended_and_repeatable(store: CampaignStore) -> None:
    start = snapshot_of(store, "main")[0]
    store.do("main", act("buy", character="Ana", item=1))
    store.do("main", act("buy", character="Ana", item=3))
    undone, state = store.undo("main")
    assert undone == act("buy", character="Ana", item=3) and state.characters["Ana"].items == [1]
    store.undo("main")
    assert summary(CATALOG, store.state("main")) == start
    log = store.log("main")
    assert [(e.kind, e.undone) for e in log] == [
        ("action", False),
        ("action", False),
        ("action", True),
        ("action", True),
        ("undo", False),
        ("undo", False),
    ]
    store.do("main", act("buy", character="Ana", item=2))
    assert [type(a).__name__ for a in store.actions("main")] == ["NewParty", "CreateCharacter", "Buy"]
    store.undo("main")
    store.undo("main")
    store.undo("main")
    with pytest.raises(StoreError, match="no action to undo"):
        store.undo("main")


def test_log_is_append_only_in_the_database(store: CampaignStore, tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM log")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE log SET action = '{}'")
    db.close()


def test_export_import_round_trip(store: CampaignStore, tmp_path: Path) -> None:
    store.do("main", act("buy", character="Ana", item=1))
    store.do("main", act("buy", character="Ana", item=3))
    store.undo("main")
    store.do(
        "main", act("complete_scenario", scenario=1, success=True, characters={"Ana": {"xp": 8, "gold": 3}})
    )
    doc = store.export("main")
    other = store_at(tmp_path / "other.sqlite3")
    other.import_(doc)
    assert summary(CATALOG, other.state("main")) == summary(CATALOG, store.state("main"))
    assert [e.undone for e in other.log("main")] == [e.undone for e in store.log("main")]
    store.import_(doc, name="copy")
    assert summary(CATALOG, store.state("copy")) == summary(CATALOG, store.state("main"))
    # Later actions keep working on the imported campaign, undo included.
    other.undo("main")
    assert other.state("main").completed_scenarios == []


def test_import_refuses_a_tampered_log_and_creates_nothing(store: CampaignStore, tmp_path: Path) -> None:
    doc = store.export("main")
    doc["log"][1]["action"]["class"] = "sunkeeper"  # not unlocked: refused on replay
    other = store_at(tmp_path / "other.sqlite3")
    with pytest.raises(InputError, match="log entry 2: refused on replay: class 'sunkeeper' is not unlocked"):
        other.import_(doc, where="x.json")
    assert other.names() == []
    with pytest.raises(InputError, match="not a delvekit campaign export"):
        other.import_({"hello": 1})
    with pytest.raises(StoreError, match="already exists"):
        store.import_(store.export("main"))


def test_migrations_are_numbered_and_applied_once(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    store_at(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    store_at(path).close()  # reopening runs nothing again
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer delvekit"):
        store_at(path)


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other-app.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="another application"):
        store_at(path)


@pytest.mark.parametrize("damage", ["garbage", "truncated_header"])
def test_corrupt_database_file_gives_one_clear_error(
    store: CampaignStore, tmp_path: Path, damage: str
) -> None:
    store.close()
    path = tmp_path / "c.sqlite3"
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    raw = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    else:
        path.write_bytes(b"\0" * 100 + raw[100:])
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"c\.sqlite3: not a usable delvekit database") as info:
        store_at(path)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before


def test_a_second_writer_waits_then_gets_a_clear_conflict(store: CampaignStore, tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        impatient = store_at(path, busy_timeout=0.2)
        before = snapshot_of(impatient, "main")
        with pytest.raises(StoreBusy, match="another process is writing"):
            impatient.do("main", act("buy", character="Ana", item=1))
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert snapshot_of(impatient, "main") == before
    impatient.do("main", act("buy", character="Ana", item=1))  # the lock is free again


def test_optimistic_check_refuses_a_stale_client(store: CampaignStore) -> None:
    head = store.head("main")
    store.do("main", act("buy", character="Ana", item=1), expect_head=head)
    with pytest.raises(StoreError, match="changed meanwhile"):
        store.do("main", act("buy", character="Ana", item=2), expect_head=head)


def test_errors_are_delvekit_errors() -> None:
    assert issubclass(StoreError, DelvekitError) and issubclass(StoreBusy, StoreError)


def test_damage_found_after_opening_is_one_clear_error(store: CampaignStore, tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    db.execute("UPDATE snapshots SET state = x'00ff00' WHERE seq = (SELECT max(seq) FROM snapshots)")
    db.execute("DROP TRIGGER log_is_append_only_update")
    db.execute("UPDATE log SET action = '{not json' WHERE seq = 1")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="snapshot 2 is damaged"):
        store.state("main")
    with pytest.raises(StoreError, match="snapshot 2 is damaged"):
        store.do("main", act("buy", character="Ana", item=1))
    with pytest.raises(StoreError, match="log entry 1 is damaged"):
        store.log("main")


def test_bad_content_file_names_the_file_and_field(tmp_path: Path) -> None:
    import msgspec

    from delvekit.core.errors import ContentError
    from delvekit.gloomhaven.campaign import load_content

    from .fixture import content as fixture_content

    doc = msgspec.to_builtins(fixture_content())
    doc["personal_quests"][0]["unlocks_class"] = "wizard"
    path = tmp_path / "bad.json"
    path.write_bytes(msgspec.json.encode(doc))
    with pytest.raises(
        ContentError, match=r"bad\.json: personal_quests\.q-sun\.unlocks_class: unknown class 'wizard'"
    ):
        load_content(path)
    doc["items"][0]["cost"] = "cheap"
    path.write_bytes(msgspec.json.encode(doc))
    with pytest.raises(
        ContentError, match=r"bad\.json: Expected `int`, got `str` - at `\$\.items\[0\]\.cost`"
    ):
        load_content(path)
    path.write_text("{")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(path)


def test_a_new_migration_upgrades_an_existing_database(
    store: CampaignStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import delvekit.store.sqlite as sqlite_store

    store.do("main", act("buy", character="Ana", item=1))
    store.close()
    extra = "CREATE TABLE notes (campaign_id INTEGER NOT NULL, text TEXT NOT NULL);"
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", (*MIGRATIONS, extra))
    upgraded = store_at(tmp_path / "c.sqlite3")
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
    assert db.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
    db.close()
    assert upgraded.state("main").characters["Ana"].items == [1]
    # A broken migration rolls back whole: the version and the data stay as they were.
    monkeypatch.setattr(
        sqlite_store, "MIGRATIONS", (*MIGRATIONS, extra, "CREATE TABLE x (a); SELEC nonsense;")
    )
    upgraded.close()
    failing = len(MIGRATIONS) + 2  # the broken one, whatever number the real ones reach
    with pytest.raises(StoreError, match=rf"schema migration {failing} failed .* the database is unchanged"):
        store_at(tmp_path / "c.sqlite3")
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'x'").fetchone()[0] == 0
    db.close()
