"""Convert a Gloomhaven Secretariat (GHS) ``data/gh`` folder into a delvekit content pack.

GHS is an open companion app whose data folder holds the base game's numbers in its own JSON
layout (actions as nested ``{type, value, valueType, subActions}`` objects). A user who has
downloaded it can run ``delve content import-ghs PATH --out DIR`` and then play every class it
encodes with ``--content DIR``. The same functions build delvekit's bundled pack (see
``tools/importers``). Only facts come over: names, numbers and structured actions; narrative
text and card art never do.

Anything this converter does not understand raises :class:`ContentError` naming the GHS file
and the JSON path of the offending value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content.ghs_campaign import (
    achievements_from_ghs,
    battle_goals_from_ghs,
    events_from_ghs,
    items_from_ghs,
    personal_quests_from_ghs,
    treasures_from_ghs,
)
from delvekit.gloomhaven.content.ghs_classes import class_from_ghs, deck_from_ghs, monster_from_ghs
from delvekit.gloomhaven.content.ghs_rules import resolve_class, resolve_deck, resolve_monster
from delvekit.gloomhaven.content.pack import CATEGORIES
from delvekit.gloomhaven.content.schema import MonsterDeck, PackInfo

# -- the folder converter ------------------------------------------------------------------------


def _read(path: Path, root: Path) -> Any:
    where = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=where) from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"not valid JSON: {exc.msg} at line {exc.lineno}", where=where) from None


def _rel(path: Path, root: Path) -> str:
    return str(path.relative_to(root))


def convert_folder(src: Path, *, skipped: list[str] | None = None) -> dict[str, list[Any]]:
    """Read a GHS ``data/gh`` folder: ``{category: [records]}`` for every category it holds.

    Decks are looked up in ``monster/deck/`` and then the older ``deck/`` folder; class decks in
    ``character/deck/``. Solo-scenario content (``*-solo``) is skipped. ``skipped``: see
    :func:`~.ghs_classes.class_from_ghs`."""

    if not src.is_dir():
        raise ContentError("is not a folder", where=str(src))
    if not (src / "character").is_dir() and not (src / "monster").is_dir():
        raise ContentError("holds neither character/ nor monster/: not a GHS data folder", where=str(src))
    out: dict[str, list[Any]] = {}
    classes = []
    for path in sorted((src / "character").glob("*.json")):
        if path.stem.endswith("-solo"):
            continue
        deck_path = src / "character" / "deck" / path.name
        deck = _read(deck_path, src) if deck_path.exists() else None
        classes.append(
            class_from_ghs(
                _read(path, src),
                deck,
                where=_rel(path, src),
                deck_where=_rel(deck_path, src),
                skipped=skipped,
            )
        )
    out["classes"] = [resolve_class(c) for c in classes]
    monsters = [
        monster_from_ghs(_read(p, src), where=_rel(p, src))
        for p in sorted((src / "monster").glob("*.json"))
        if not p.stem.endswith("-solo")
    ]
    monsters = [resolve_monster(m) for m in monsters]
    out["monsters"] = monsters
    decks: dict[str, MonsterDeck] = {}
    for folder in (src / "monster" / "deck", src / "deck"):
        for path in sorted(folder.glob("*.json")):
            if path.stem.endswith("-solo") or path.stem in decks:
                continue
            deck = deck_from_ghs(_read(path, src), where=_rel(path, src))
            decks.setdefault(deck.id or path.stem, deck)
    used = {m.deck for m in monsters}
    out["monster_decks"] = [resolve_deck(d) for key, d in sorted(decks.items()) if key in used]
    if (src / "items.json").exists():
        out["items"] = items_from_ghs(_read(src / "items.json", src), where="items.json")
    if (src / "battle-goals.json").exists():
        out["battle_goals"] = battle_goals_from_ghs(_read(src / "battle-goals.json", src))
    if (src / "personal-quests.json").exists():
        out["personal_quests"] = personal_quests_from_ghs(_read(src / "personal-quests.json", src))
    if (src / "events.json").exists():
        out["events"] = events_from_ghs(_read(src / "events.json", src))
    if (src / "treasures.json").exists():
        out["treasures"] = treasures_from_ghs(_read(src / "treasures.json", src))
    scenario_files = [_read(p, src) for p in sorted((src / "scenarios").glob("*.json"))]
    if scenario_files or out.get("events"):
        out["achievements"] = achievements_from_ghs(scenario_files, out.get("events", []))
    return out


_ENCODER = msgspec.json.Encoder(order="deterministic")


def encode(records: Any) -> bytes:
    """Deterministic, indented JSON for committed pack files (sorted keys, defaults omitted)."""
    return msgspec.json.format(_ENCODER.encode(records), indent=1) + b"\n"


def write_pack(categories: Mapping[str, Sequence[Any]], dest: Path, *, info: PackInfo) -> list[Path]:
    """Write ``categories`` as pack files into ``dest`` (classes one file each); returns the
    files written."""
    dest.mkdir(parents=True, exist_ok=True)
    written = [dest / "pack.json"]
    (dest / "pack.json").write_bytes(encode(info))
    for name, records in categories.items():
        stem = CATEGORIES[name].stem
        if name == "classes":
            folder = dest / stem
            folder.mkdir(exist_ok=True)
            for record in records:
                path = folder / f"{record.id}.json"
                path.write_bytes(encode(record))
                written.append(path)
        else:
            key = CATEGORIES[name].key
            path = dest / f"{stem}.json"
            path.write_bytes(encode(sorted(records, key=key)))
            written.append(path)
    return written


def import_ghs(src: Path, dest: Path) -> list[Path]:
    """``delve content import-ghs``: convert the GHS folder ``src`` into a pack at ``dest``."""
    categories = convert_folder(src)
    return write_pack(
        categories,
        dest,
        info=PackInfo(name=f"ghs-import-{src.name}", sources=(f"Gloomhaven Secretariat data ({src.name})",)),
    )
