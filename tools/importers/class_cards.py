"""Write the transcribed class cards (tools/importers/transcriptions.py) into the bundled pack.

    .venv/bin/python tools/importers/class_cards.py

``build_pack.py`` applies the same transcriptions when it rebuilds the whole pack; this script
touches only the class files of the transcribed classes (the rest of the pack is left as it is),
so card data can be refreshed without regenerating monsters, items or scenarios. Cards not in
the transcriptions keep what the file holds (``encoded: false`` placeholders stay placeholders).
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from transcriptions import CLASSES, SUMMON_NAMES, UNSOURCED  # noqa: E402

from delvekit.gloomhaven.content import ghs_import  # noqa: E402
from delvekit.gloomhaven.content.schema import CharacterClass  # noqa: E402

CLASS_DIR = ROOT / "src" / "delvekit" / "gloomhaven" / "content" / "data" / "classes"


def apply(klass: CharacterClass) -> CharacterClass:
    """``klass`` with every transcribed card filled in (and marked encoded)."""
    cards_by_number = CLASSES.get(klass.id, {})
    unknown = set(cards_by_number) - {c.number for c in klass.cards}
    if unknown:
        raise SystemExit(f"{klass.id}: transcriptions for unknown cards {sorted(unknown)}")
    cards = []
    for card in klass.cards:
        if card.number in cards_by_number:
            top, bottom, sources = cards_by_number[card.number]
            card = msgspec.structs.replace(
                card, top=top, bottom=bottom, encoded=True, source=f"transcribed from {sources}"
            )
        elif card.number in UNSOURCED.get(klass.id, ()):
            card = msgspec.structs.replace(card, unsourced=True)
        cards.append(card)
    summons = tuple(
        msgspec.structs.replace(s, name=SUMMON_NAMES.get((klass.id, s.name), s.name)) for s in klass.summons
    )
    return msgspec.structs.replace(klass, cards=tuple(cards), summons=summons)


def main() -> None:
    for class_id in sorted(CLASSES):
        path = CLASS_DIR / f"{class_id}.json"
        klass = msgspec.json.decode(path.read_bytes(), type=CharacterClass)
        path.write_bytes(ghs_import.encode(apply(klass)))
        done = sum(1 for c in apply(klass).cards if c.encoded)
        print(f"{path.relative_to(ROOT)}: {done}/{len(klass.cards)} cards encoded")


if __name__ == "__main__":
    main()
