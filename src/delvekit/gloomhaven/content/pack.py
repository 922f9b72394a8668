"""Loading content packs: the bundled base-game pack and users' own content folders.

A pack is a folder. Each category is either one file ``<category>.json`` holding a JSON list of
records, or a folder ``<category>/`` with one record per ``*.json`` file (handier for a user's
single custom class), or both. Every file is decoded by msgspec straight into the frozen records
of :mod:`delvekit.gloomhaven.content.schema`; a decoding error names the file and the field.

A user pack is laid over the bundled one: a record with a new id is added, a record with an id
the bundled pack already has replaces it (so a converted full GHS data folder makes every class
playable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import msgspec

from delvekit.core import jsonio
from delvekit.core.errors import ContentError, InputError
from delvekit.gloomhaven.content.schema import (
    Achievement,
    BattleGoal,
    CampaignTables,
    CharacterClass,
    Event,
    Item,
    MonsterDeck,
    MonsterType,
    PackInfo,
    PersonalQuest,
    Treasure,
)

#: The folder of the bundled base-game pack.
BUNDLED: Final = Path(__file__).parent / "data"

R = TypeVar("R")
K = TypeVar("K", int, str)


class _Category(Generic[K, R]):
    """How one category is stored: file stem, record type, key of a record."""

    def __init__(self, stem: str, record: type[R], key: Callable[[R], K]) -> None:
        self.stem = stem
        self.record = record
        self.key: Callable[[R], K] = key
        self.list_decoder = msgspec.json.Decoder(tuple[record, ...])  # type: ignore[valid-type]
        self.one_decoder = msgspec.json.Decoder(record)


CATEGORIES: Final[dict[str, _Category[Any, Any]]] = {
    "monsters": _Category("monsters", MonsterType, lambda r: r.id),
    "monster_decks": _Category("monster-decks", MonsterDeck, lambda r: r.id),
    "classes": _Category("classes", CharacterClass, lambda r: r.id),
    "items": _Category("items", Item, lambda r: r.number),
    "battle_goals": _Category("battle-goals", BattleGoal, lambda r: r.number),
    "personal_quests": _Category("personal-quests", PersonalQuest, lambda r: r.number),
    "events": _Category("events", Event, lambda r: r.id),
    "treasures": _Category("treasures", Treasure, lambda r: r.number),
    "achievements": _Category("achievements", Achievement, lambda r: r.id),
}

_TABLES = msgspec.json.Decoder(CampaignTables)
_INFO = msgspec.json.Decoder(PackInfo)


def _where(folder: Path, path: Path) -> str:
    """How messages name a file: ``data/monsters.json`` for the bundled pack, the path as
    given (``mypack/classes/x.json``) for a user's folder."""
    if folder == BUNDLED:
        return str(path.relative_to(folder.parent))
    return str(path)


def _field(error: msgspec.ValidationError) -> tuple[str, str]:
    """Split msgspec's "Expected `int`, got `str` - at `$[3].health`" into (field, message)."""
    text = str(error)
    message, sep, at = text.rpartition(" - at `")
    if not sep:
        return "$", text
    return at.rstrip("`"), message


def read_text(path: Path, where: str) -> str:
    """A content file's text; unreadable or not UTF-8 raises :class:`ContentError` naming it."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=where) from None
    try:
        return jsonio.decode_text(raw, where=where)
    except InputError as exc:
        raise ContentError(str(exc).removeprefix(f"{where}: "), where=where) from None


def decode_with(decoder: msgspec.json.Decoder[Any], text: str | bytes, where: str) -> Any:
    """``decoder.decode(text)`` with every failure one :class:`ContentError` naming ``where``."""
    try:
        return decoder.decode(text)
    except msgspec.ValidationError as exc:
        field, message = _field(exc)
        raise ContentError(message[:300], where=f"{where}: {field}") from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"not valid JSON ({exc})", where=where) from None
    except RecursionError:
        raise ContentError(f"nested more than {jsonio.MAX_DEPTH} levels deep", where=where) from None


def _decode(decoder: msgspec.json.Decoder[Any], path: Path, where: str) -> Any:
    return decode_with(decoder, read_text(path, where), where)


KNOWN_FILES: Final[frozenset[str]] = frozenset(
    {"pack.json", "tables.json", *(f"{c.stem}.json" for c in CATEGORIES.values())}
)
KNOWN_FOLDERS: Final[frozenset[str]] = frozenset({"scenarios", *(c.stem for c in CATEGORIES.values())})
BUNDLED_ONLY: Final[frozenset[str]] = frozenset({"random-dungeon.json", "scenario-goals.json", "tiles.json"})


class _Layer:
    """One pack folder, decoded category by category on first use."""

    def __init__(self, folder: Path) -> None:
        if not folder.is_dir():
            raise ContentError("is not a folder", where=str(folder))
        self.folder = folder

    def check_layout(self) -> None:
        """A category's name used for the wrong kind of entry (``classes`` as a file,
        ``classes.json`` as a folder) raises :class:`ContentError`: it cannot be what was meant."""
        for name in sorted(KNOWN_FOLDERS):
            entry = self.folder / name
            if entry.exists() and not entry.is_dir():
                raise ContentError(
                    f"is a file; {name} must be a folder of *.json files (or name the file {name}.json)",
                    where=_where(self.folder, entry),
                )
        for name in sorted(KNOWN_FILES):
            entry = self.folder / name
            if entry.exists() and not entry.is_file():
                raise ContentError("must be a file, not a folder", where=_where(self.folder, entry))

    def ignored(self) -> list[tuple[str, str]]:
        """(entry, why) of every file or folder in this pack that no loader reads."""
        out: list[tuple[str, str]] = []
        for entry in sorted(self.folder.iterdir()):
            where = _where(self.folder, entry)
            if entry.name in BUNDLED_ONLY:
                out.append((where, "read from the bundled pack only"))
            elif entry.is_dir() and entry.name in KNOWN_FOLDERS:
                out.extend(
                    (_where(self.folder, inner), "not a .json file")
                    for inner in sorted(entry.iterdir())
                    if not (inner.is_file() and inner.suffix == ".json")
                )
            elif entry.name not in KNOWN_FILES | KNOWN_FOLDERS:
                out.append((where, "not a content file name"))
        return out

    def info(self) -> PackInfo:
        path = self.folder / "pack.json"
        if not path.exists():
            return PackInfo(name=self.folder.name)
        result: PackInfo = _decode(_INFO, path, _where(self.folder, path))
        return result

    def records(self, name: str) -> Iterator[tuple[tuple[str, str], Any]]:
        """((file, field prefix), record) pairs of one category, in file order."""
        category = CATEGORIES[name]
        single = self.folder / f"{category.stem}.json"
        if single.exists():
            where = _where(self.folder, single)
            for index, record in enumerate(_decode(category.list_decoder, single, where)):
                yield (where, f"[{index}]"), record
        many = self.folder / category.stem
        if many.is_dir():
            for path in sorted(many.glob("*.json")):
                where = _where(self.folder, path)
                yield (where, ""), _decode(category.one_decoder, path, where)

    def tables(self) -> CampaignTables | None:
        path = self.folder / "tables.json"
        if not path.exists():
            return None
        result: CampaignTables = _decode(_TABLES, path, _where(self.folder, path))
        return result


class ContentPack:
    """The game's content: the bundled pack, optionally with a user's folder laid over it.

    Categories are dictionaries keyed by id (or number) and are decoded on first access.
    ``origin[(category, key)]`` is the (file, field prefix such as ``[3]``) a record came from,
    which the content check uses in its messages."""

    def __init__(self, folders: list[Path]) -> None:
        self._layers = [_Layer(folder) for folder in folders]
        self.folders = tuple(folders)
        self.origin: dict[tuple[str, object], tuple[str, str]] = {}

    @cached_property
    def layout(self) -> None:
        """Check every user folder's layout (see :meth:`_Layer.check_layout`)."""
        for layer in self._layers:
            if layer.folder != BUNDLED:
                layer.check_layout()

    def ignored(self) -> list[tuple[str, str]]:
        """(file, why) of every entry of the user's folders that no loader reads."""
        return [item for layer in self._layers if layer.folder != BUNDLED for item in layer.ignored()]

    def _load(self, name: str) -> dict[Any, Any]:
        category = CATEGORIES[name]
        result: dict[Any, Any] = {}
        for layer in self._layers:
            seen: dict[object, tuple[str, str]] = {}
            for where, record in layer.records(name):
                key: object = category.key(record)
                if key in seen:
                    raise ContentError(
                        f"duplicate {category.stem} entry {key!r} (also at {seen[key][1] or seen[key][0]})",
                        where=f"{where[0]}: {where[1] or 'id'}",
                    )
                seen[key] = where
                result[key] = record
                self.origin[(name, key)] = where
        return dict(sorted(result.items()))

    @cached_property
    def info(self) -> PackInfo:
        return self._layers[-1].info()

    @cached_property
    def monsters(self) -> dict[str, MonsterType]:
        return self._load("monsters")

    @cached_property
    def monster_decks(self) -> dict[str, MonsterDeck]:
        return self._load("monster_decks")

    @cached_property
    def classes(self) -> dict[str, CharacterClass]:
        return self._load("classes")

    @cached_property
    def items(self) -> dict[int, Item]:
        return self._load("items")

    @cached_property
    def battle_goals(self) -> dict[int, BattleGoal]:
        return self._load("battle_goals")

    @cached_property
    def personal_quests(self) -> dict[int, PersonalQuest]:
        return self._load("personal_quests")

    @cached_property
    def events(self) -> dict[str, Event]:
        return self._load("events")

    @cached_property
    def treasures(self) -> dict[int, Treasure]:
        return self._load("treasures")

    @cached_property
    def achievements(self) -> dict[str, Achievement]:
        return self._load("achievements")

    @cached_property
    def tables(self) -> CampaignTables:
        result: CampaignTables | None = None
        for layer in self._layers:
            found = layer.tables()
            if found is not None:
                result = found
                self.origin[("tables", None)] = (_where(layer.folder, layer.folder / "tables.json"), "")
        if result is None:
            raise ContentError("missing", where="tables.json")
        return result

    @property
    def prosperity(self) -> tuple[int, ...]:
        """Prosperity checks needed to reach prosperity levels 2..9."""
        return self.tables.prosperity_thresholds

    @property
    def reputation(self) -> tuple[Any, ...]:
        """Shop price modifiers by reputation band (:class:`ReputationStep` records)."""
        return self.tables.reputation_prices

    @cached_property
    def scenarios(self) -> dict[int, Any]:
        """Scenarios by number, loaded through :func:`content.scenario.load_scenarios`."""
        try:
            from delvekit.gloomhaven.content import scenario
        except ImportError:  # the scenario module is not there yet
            return {}
        load: Callable[[Path], dict[int, Any]] | None = getattr(scenario, "load_scenarios", None)
        if load is None:
            return {}
        result: dict[int, Any] = {}
        for layer in self._layers:
            folder = layer.folder / "scenarios"
            if folder.is_dir():
                loaded = load(folder)
                for number in loaded:
                    self.origin[("scenarios", number)] = (
                        f"{_where(layer.folder, folder)}/{number:02d}.json",
                        "",
                    )
                result.update(loaded)
        return dict(sorted(result.items()))

    def load_all(self) -> ContentPack:
        """Decode every category now (raises the first decoding error); returns ``self``."""
        for name in ("layout", "info", *CATEGORIES, "tables", "scenarios"):
            getattr(self, name)
        return self

    def klass(self, class_id: str) -> CharacterClass:
        """The class ``class_id``; an unknown id raises ContentError listing the known ones."""
        try:
            return self.classes[class_id]
        except KeyError:
            known = ", ".join(self.classes)
            raise ContentError(f"unknown class {class_id!r} (known: {known})", where="classes") from None

    def deck_of(self, monster_id: str) -> MonsterDeck:
        """The ability deck the monster ``monster_id`` draws from."""
        monster = self.monster(monster_id)
        try:
            return self.monster_decks[monster.deck]
        except KeyError:
            raise ContentError(
                f"unknown monster deck {monster.deck!r}", where=f"monsters: {monster_id}"
            ) from None

    def monster(self, monster_id: str) -> MonsterType:
        """The monster type ``monster_id``; an unknown id raises ContentError."""
        try:
            return self.monsters[monster_id]
        except KeyError:
            raise ContentError(f"unknown monster {monster_id!r}", where="monsters") from None
