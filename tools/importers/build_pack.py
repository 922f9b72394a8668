"""Build delvekit's bundled content pack from the public sources (everything but scenario maps).

    .venv/bin/python tools/importers/build_pack.py [--sources ../shared/data/sources]

Reads Gloomhaven Secretariat (GHS) data for the rules data, takes display names and two perk
details from the X-haven Assistant (XHA) data, writes our own schema into
``src/delvekit/gloomhaven/content/data/`` (deterministic JSON, sorted keys) and rewrites the
cross-check section of docs/content.md. Only facts and numbers come over, never narrative text.
Scenario files (data/scenarios/, data/tiles.json) are written by tools/importers/scenarios.py.

Run it again whenever the sources or the converter change; commit its outputs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from any2cards_names import FOLDERS, SLUGS  # noqa: E402
from item_transcriptions import apply_items  # noqa: E402
from names import (  # noqa: E402
    GLOBAL_ACHIEVEMENTS,
    GROUPS,
    NAME_EXCEPTIONS,
    PARTY_ACHIEVEMENTS,
    PERSONAL_QUESTS,
    SECOND_SOURCE_CARD_NAMES,
)
from transcriptions import CLASSES as TRANSCRIBED  # noqa: E402
from transcriptions import SUMMON_NAMES, UNSOURCED  # noqa: E402

from delvekit.gloomhaven.content import ghs_actions, ghs_import  # noqa: E402
from delvekit.gloomhaven.content.crosscheck import Disagreement, crosscheck, xha_id  # noqa: E402
from delvekit.gloomhaven.content.pack import ContentPack  # noqa: E402
from delvekit.gloomhaven.content.schema import (  # noqa: E402
    AbilityCard,
    Achievement,
    CampaignTables,
    CharacterClass,
    MonsterType,
    PackInfo,
    ReputationStep,
)

DATA = ROOT / "src" / "delvekit" / "gloomhaven" / "content" / "data"
DOCS = ROOT / "docs" / "content.md"
# Files of the pack this script owns (scenarios/ and tiles.json belong to scenarios.py).
OWNED = (
    "pack.json",
    "monsters.json",
    "monster-decks.json",
    "items.json",
    "battle-goals.json",
    "personal-quests.json",
    "events.json",
    "treasures.json",
    "achievements.json",
    "tables.json",
    "classes",
)


# Rules digest §16.3, §16.5, §16.6 (rulebook tables; GHS, carherco and other trackers agree).
TABLES = CampaignTables(
    prosperity_thresholds=(4, 9, 15, 22, 30, 39, 50, 64),
    level_xp=(45, 95, 150, 210, 275, 345, 420, 500),
    reputation_prices=(
        ReputationStep(low=-20, high=-19, price_modifier=5),
        ReputationStep(low=-18, high=-15, price_modifier=4),
        ReputationStep(low=-14, high=-11, price_modifier=3),
        ReputationStep(low=-10, high=-7, price_modifier=2),
        ReputationStep(low=-6, high=-3, price_modifier=1),
        ReputationStep(low=-2, high=2, price_modifier=0),
        ReputationStep(low=3, high=6, price_modifier=-1),
        ReputationStep(low=7, high=10, price_modifier=-2),
        ReputationStep(low=11, high=14, price_modifier=-3),
        ReputationStep(low=15, high=18, price_modifier=-4),
        ReputationStep(low=19, high=20, price_modifier=-5),
    ),
    source="rulebook tables (rules digest §16.3, §16.5, §16.6)",
)


def confirmed_name_fixes(coverage: Path) -> dict[int, tuple[str, str]]:
    """Card number → (GHS name, fixed name) for OCR-damaged names that a second source spells:
    COVERAGE.md rows whose card has a text source besides GHS, and the any2cards card list."""
    fixes: dict[int, tuple[str, str]] = {}
    row = re.compile(r"^\| ([^|]+?) \| ([^|]*?) \| (\d+) \| [^|]+ \| \d+ \| (\d+) \|")
    for line in coverage.read_text(encoding="utf-8").splitlines():
        match = row.match(line)
        if match:
            ghs_name, fixed, number, sources = match.groups()
            if fixed.strip() and fixed.strip() != ghs_name.strip() and int(sources) > 0:
                fixes[int(number)] = (ghs_name.strip(), fixed.strip())
    for number, name in SECOND_SOURCE_CARD_NAMES.items():
        fixes.setdefault(number, ("", name))
    return fixes


def check_names(classes: list[CharacterClass]) -> list[str]:
    """Every card name against the any2cards list of its class; returns the mismatches."""
    out = []
    for klass in classes:
        slugs = set(SLUGS[FOLDERS[klass.id]]) if klass.id in FOLDERS else set()
        for card in klass.cards:
            slug = ghs_actions.kebab(card.name)
            if slugs and slug not in slugs and card.number not in NAME_EXCEPTIONS:
                out.append(f"{klass.id} {card.number} {card.name!r}: not in the any2cards list")
    return out


# Card levels GHS gets wrong (docs/content.md): number → level.
LEVEL_FIXES: dict[int, int | str] = {
    # Mindthief Withering Claw: GHS says 1, leaving the class two X cards. In every other class
    # the three X cards are the three numbers just below the first level-2 card (156-158 here),
    # and three card lists found with the search tool mark it X (or level 0, their X).
    156: "X",
    # Plagueherald Grasping Vermin: GHS says 9, but it sits among the level-1 cards 289-299,
    # every other class has exactly hand size + 3 level-1/X cards (Plagueherald: 11 + 3, one
    # short with level 9), and a second card list prints it at level 1.
    290: 1,
}


# Perk lines where GHS disagrees with XHA and a third source settles it (docs/content.md):
# (class, cards GHS adds) → cards to add instead.
PERK_FIXES: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {
    # XHA and the gloomhaven-storyline perk texts (teamducro/gloomhaven-storyline,
    # resources/js/lang/en/characters.js): each check box adds ONE +2 fire card.
    ("berserker", ("+2 fire", "+2 fire")): ("+2 fire",),
}


def fix_class(
    klass: CharacterClass, fixes: dict[int, tuple[str, str]], xha: dict[str, Any]
) -> CharacterClass:
    cards: list[AbilityCard] = []
    for card in klass.cards:
        if card.number in LEVEL_FIXES and card.level != LEVEL_FIXES[card.number]:
            card = msgspec.structs.replace(card, level=LEVEL_FIXES[card.number])
        if (
            card.number in fixes
            and fixes[card.number][0] in ("", card.name)
            and fixes[card.number][1] != card.name
        ):
            card = msgspec.structs.replace(card, name=fixes[card.number][1], source_name=card.name)
        cards.append(card)
    perks = [
        msgspec.structs.replace(p, add=PERK_FIXES[(klass.id, p.add)])
        if (klass.id, p.add) in PERK_FIXES
        else p
        for p in klass.perks
    ]
    # XHA's perk texts say which perks also ignore negative item/scenario effects; GHS folds
    # some of those into a plain "add" (Brute: "ignore negative item effects and add one +1").
    # XHA lists one entry per check box, GHS one per perk line with a count: expand to align.
    their_perks = xha.get("perks", [])
    expanded = [index for index, perk in enumerate(perks) for _ in range(perk.count)]
    if len(expanded) == len(their_perks):
        for index, theirs in zip(expanded, their_perks, strict=True):
            text = str(theirs.get("text", "")).lower()
            if perks[index].ignore is not None:
                continue
            if text.startswith("ignore negative item effects"):
                perks[index] = msgspec.structs.replace(perks[index], ignore="negative_item_effects")
            elif text.startswith("ignore negative scenario effects"):
                perks[index] = msgspec.structs.replace(perks[index], ignore="negative_scenario_effects")
    else:
        print(f"perks of {klass.id}: GHS has {len(expanded)} boxes, XHA {len(their_perks)}; not aligned")
    return msgspec.structs.replace(klass, cards=tuple(cards), perks=tuple(perks))


# Values where GHS disagrees with XHA and a further source settles it (docs/content.md explains).
# (monster, level, kind, innate ability type) → value.
STAT_FIXES: dict[tuple[str, int, str, str], int] = {
    # XHA and the gloomycompanion data (SamGraber/gloomycompanion savvas.data.ts) both print
    # pierce 4 for the level 7 elite; GHS repeats the level 0-6 value 3.
    ("savvas-icestorm", 7, "elite", "pierce"): 4,
}


def fix_stats(monster: MonsterType) -> MonsterType:
    levels = []
    for entry in monster.levels:
        for kind in ("normal", "elite", "boss"):
            line = getattr(entry, kind)
            if line is None:
                continue
            abilities = tuple(
                msgspec.structs.replace(a, value=STAT_FIXES[(monster.id, entry.level, kind, a.type)])
                if (monster.id, entry.level, kind, a.type) in STAT_FIXES
                else a
                for a in line.abilities
            )
            entry = msgspec.structs.replace(
                entry, **{kind: msgspec.structs.replace(line, abilities=abilities)}
            )
        levels.append(entry)
    return msgspec.structs.replace(monster, levels=tuple(levels))


def transcribe(klass: CharacterClass) -> CharacterClass:
    """Fill GHS's placeholder cards with our transcriptions (tools/importers/transcriptions.py)."""
    cards_by_number = TRANSCRIBED.get(klass.id, {})
    known = {card.number for card in klass.cards}
    missing = set(cards_by_number) - known
    if missing:
        raise SystemExit(f"transcriptions for unknown {klass.id} cards {sorted(missing)}")
    cards = []
    for card in klass.cards:
        if card.number in cards_by_number:
            if card.encoded:
                raise SystemExit(f"{klass.id} {card.number} is encoded in GHS; drop its transcription")
            top, bottom, sources = cards_by_number[card.number]
            card = msgspec.structs.replace(
                card, top=top, bottom=bottom, encoded=True, source=f"transcribed from {sources}"
            )
        elif card.number in UNSOURCED.get(klass.id, ()):  # on no public source: left unencoded
            card = msgspec.structs.replace(card, unsourced=True)
        cards.append(card)
    summons = tuple(
        msgspec.structs.replace(s, name=SUMMON_NAMES.get((klass.id, s.name), s.name)) for s in klass.summons
    )
    return msgspec.structs.replace(klass, cards=tuple(cards), summons=summons)


def name_monster(monster: MonsterType, names: dict[str, str]) -> MonsterType:
    name = names.get(monster.id, monster.name)
    return msgspec.structs.replace(monster, name=name)


def render_disagreements(items: list[Disagreement]) -> str:
    if not items:
        return "No disagreements.\n"
    lines = ["| subject | field | delvekit | XHA |", "|---|---|---|---|"]
    for d in items:
        lines.append(f"| {d.subject} | {d.field} | {d.ours} | {d.theirs} |")
    return "\n".join(lines) + "\n"


def update_docs(section: str, body: str) -> None:
    if not DOCS.exists():
        return
    text = DOCS.read_text(encoding="utf-8")
    begin, end = f"<!-- {section}:begin -->", f"<!-- {section}:end -->"
    if begin not in text or end not in text:
        return
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    DOCS.write_text(f"{head}{begin}\n{body}{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--sources", type=Path, default=ROOT.parent / "shared" / "data" / "sources")
    args = parser.parse_args()
    sources: Path = args.sources
    ghs = sources / "ghs" / "gh"
    xha_folder = sources / "xha"
    xha = json.loads((xha_folder / "editions" / "Gloomhaven.json").read_text(encoding="utf-8"))

    categories = ghs_import.convert_folder(ghs)
    fixes = confirmed_name_fixes(sources / "cards" / "COVERAGE.md")
    xha_classes = {xha_id(c["name"]): c for c in xha["classes"]}
    categories["classes"] = [
        transcribe(fix_class(c, fixes, xha_classes.get(c.id, {}))) for c in categories["classes"]
    ]
    for problem in check_names(categories["classes"]):
        print(f"card name: {problem}")
    categories["personal_quests"] = [
        msgspec.structs.replace(q, name=PERSONAL_QUESTS.get(q.number, ""))
        for q in categories["personal_quests"]
    ]
    found = {a.id: a for a in categories["achievements"]}
    for kind, table in (("global", GLOBAL_ACHIEVEMENTS), ("party", PARTY_ACHIEVEMENTS)):
        for ident, display in table.items():
            found[ident] = Achievement(id=ident, name=display, kind=kind, group=GROUPS.get(ident, ""))  # type: ignore[arg-type]
    categories["achievements"] = sorted(found.values(), key=lambda a: a.id)
    names = {xha_id(name): name for name in xha["monsters"]}
    categories["monsters"] = [fix_stats(name_monster(m, names)) for m in categories["monsters"]]
    categories["items"], item_doubts = apply_items(categories["items"])

    for owned in OWNED:
        path = DATA / owned
        if path.is_dir():
            for file in path.glob("*.json"):
                file.unlink()
        elif path.exists():
            path.unlink()
    info = PackInfo(
        name="gloomhaven-base",
        sources=(
            "Gloomhaven Secretariat data/gh (Lurkars/gloomhavensecretariat; facts only)",
            "X-haven Assistant data (Tarmslitaren/FrosthavenAssistant; names, cross-check)",
            "Virtual Gloomhaven Board scenario maps (PurpleKingdomGames, CC BY 4.0)",
        ),
        description="Gloomhaven 1st edition base game: classes, monsters, decks, items, campaign cards.",
    )
    written = ghs_import.write_pack(categories, DATA, info=info)
    (DATA / "tables.json").write_bytes(ghs_import.encode(TABLES))
    written.append(DATA / "tables.json")
    print(f"wrote {len(written)} files into {DATA.relative_to(ROOT)}")

    pack = ContentPack([DATA])
    disagreements = crosscheck(pack, xha_folder)
    monsters = [d for d in disagreements if d.subject.startswith(("monster", "class"))]
    standees = [d for d in disagreements if d.subject.startswith("scenario")]
    update_docs("crosscheck-monsters", render_disagreements(monsters))
    update_docs("crosscheck-standees", render_disagreements(standees))
    update_docs(
        "name-fixes",
        "\n".join(
            f"| {c.number} | {c.source_name} | {c.name} |"
            for k in categories["classes"]
            for c in k.cards
            if c.source_name
        )
        + "\n",
    )
    update_docs("item-doubts", "\n".join(item_doubts) + "\n")
    print(f"cross-check: {len(monsters)} monster/class and {len(standees)} standee disagreements")
    for d in disagreements:
        print(f"  {d}")


if __name__ == "__main__":
    main()
