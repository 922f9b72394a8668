"""`delve content`: check the content pack, print its facts, import a user's GHS data."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from delvekit.core.errors import ContentError


def _pack(content: Path | None) -> object:
    from delvekit.gloomhaven.content import ContentPack, load_pack
    from delvekit.gloomhaven.content.pack import BUNDLED

    if content is None:
        return load_pack()
    # Not load_pack(extra): `check` must report every problem rather than stop at the first.
    return ContentPack([BUNDLED, content])


_CONTENT = click.option(
    "--content",
    "content",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of your own content laid over the bundled pack.",
)


@click.group("content")
def group() -> None:
    """The game's content: classes, monsters, decks, items, scenarios, campaign cards."""


@group.command("check")
@_CONTENT
@click.option(
    "--xha",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Also cross-check against X-haven Assistant data (a folder holding editions/ and rooms/).",
)
@click.option(
    "--strict-engine",
    is_flag=True,
    help="Also fail (exit code 2) when a card holds an ability the engine cannot execute yet.",
)
def check(content: Path | None, xha: Path | None, strict_engine: bool) -> None:
    """Check every invariant of the content; list each violation with its file and field.

    Then, for information, list every card ability (all classes and monster decks) the engine
    cannot execute yet, with a count per class and deck. The exit code is about the data's
    validity only (1: problems), unless --strict-engine is given (2: abilities the engine
    cannot execute)."""
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.content.check import check_pack

    pack = _pack(content)
    assert isinstance(pack, ContentPack)
    problems = check_pack(pack)
    for problem in problems:
        click.echo(str(problem))
    for entry, why in pack.ignored():
        click.echo(f"ignored: {entry} ({why})")
    counts = (
        f"{len(pack.monsters)} monsters, {len(pack.monster_decks)} monster decks, "
        f"{len(pack.classes)} classes, {len(pack.items)} items, {len(pack.scenarios)} scenarios"
        if not problems
        else ""
    )
    if xha is not None and not problems:
        from delvekit.gloomhaven.content.crosscheck import crosscheck

        disagreements = crosscheck(pack, xha)
        for d in disagreements:
            click.echo(f"differs from XHA: {d}")
        click.echo(f"cross-check: {len(disagreements)} disagreements with X-haven Assistant data")
    if problems:
        click.echo(f"{len(problems)} problems", err=True)
        sys.exit(1)
    click.echo(f"content ok: {counts}")
    gaps = _print_engine_gaps(pack)
    if strict_engine and gaps:
        click.echo(f"--strict-engine: {gaps} cards hold abilities the engine cannot execute", err=True)
        sys.exit(2)


ENGINE_SECTION = "engine coverage (informational, not a data problem)"


def _print_engine_gaps(pack: object) -> int:
    """Print the engine coverage section; return the number of cards listed."""
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.content.check import NOT_ENCODED, engine_gaps

    assert isinstance(pack, ContentPack)
    gaps = engine_gaps(pack)
    decks: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for gap in gaps:
        decks.setdefault(gap.deck, []).append((gap.card, gap.abilities))
    if not gaps:
        click.echo(f"{ENGINE_SECTION}: the engine executes every ability of every card")
        return 0
    named = sum(len(g.abilities) for g in gaps if g.abilities != (NOT_ENCODED,))
    unencoded = sum(1 for g in gaps if g.abilities == (NOT_ENCODED,))
    click.echo(
        f"{ENGINE_SECTION}: {len(gaps)} cards in {len(decks)} classes and decks hold abilities the engine "
        f"cannot execute yet ({named} named effects without a handler, {unencoded} cards not encoded)"
    )
    for deck, cards in decks.items():
        missing = [card for card, abilities in cards if abilities == (NOT_ENCODED,)]
        listed = [(card, abilities) for card, abilities in cards if abilities != (NOT_ENCODED,)]
        count = sum(len(a) for _, a in listed)
        parts = [f"{len(cards)} cards", f"{count} abilities" if listed else ""]
        parts.append(f"{len(missing)} not encoded" if missing else "")
        click.echo(f"  {deck}: {', '.join(p for p in parts if p)}")
        for card, abilities in listed:
            click.echo(f"    {card}: {', '.join(abilities)}")
        if missing:
            click.echo(f"    not encoded: {', '.join(missing)}")
    return len(gaps)


@group.command("facts")
@_CONTENT
@click.option("--indent", type=int, default=None, help="Indent the JSON by this many spaces.")
def facts(content: Path | None, indent: int | None) -> None:
    """Print schema-independent facts (monster stats, class tables, standee totals, items) as JSON."""
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.content.facts import facts as build_facts

    pack = _pack(content)
    assert isinstance(pack, ContentPack)
    click.echo(json.dumps(build_facts(pack), indent=indent, sort_keys=False))


@group.command("import-ghs")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--out",
    "out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Folder to write the delvekit content pack into (created if missing).",
)
@click.option(
    "--skip-unknown",
    is_flag=True,
    help="Keep class cards whose actions this version cannot read as not encoded (listed) "
    "instead of stopping at the first.",
)
def import_ghs(path: Path, out: Path, skip_unknown: bool) -> None:
    """Convert a Gloomhaven Secretariat data folder (its data/gh) into a content pack.

    Use the result with --content OUT; it is checked like the bundled pack."""
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.content.check import check_pack
    from delvekit.gloomhaven.content.ghs_import import convert_folder, write_pack
    from delvekit.gloomhaven.content.pack import BUNDLED
    from delvekit.gloomhaven.content.schema import PackInfo

    skipped: list[str] | None = [] if skip_unknown else None
    categories = convert_folder(path, skipped=skipped)  # ContentError names the GHS file and field
    for reason in skipped or ():
        click.echo(f"card not encoded: {reason}", err=True)
    # A class whose cards are all GHS placeholders would only hide the bundled one (which may
    # hold transcribed cards): leave it out.
    placeholders = [c.id for c in categories.get("classes", ()) if not any(card.encoded for card in c.cards)]
    if placeholders:
        categories["classes"] = [c for c in categories["classes"] if c.id not in placeholders]
        click.echo(f"left out (no encoded cards in this GHS folder): {', '.join(placeholders)}")
    if out.exists() and any(out.iterdir()) and not (out / "pack.json").exists():
        raise ContentError("exists and is not a content pack; choose an empty folder", where=str(out))
    written = write_pack(
        categories,
        out,
        info=PackInfo(name=f"ghs-import-{path.name}", sources=(f"Gloomhaven Secretariat data ({path})",)),
    )
    pack = ContentPack([BUNDLED, out])
    problems = [p for p in check_pack(pack) if p.file.startswith(str(out))]
    for problem in problems:
        click.echo(str(problem), err=True)
    classes = pack.classes
    playable = sorted(c for c, k in classes.items() if k.playable_at(1))
    click.echo(
        f"wrote {len(written)} files to {out}: "
        + ", ".join(f"{len(v)} {k.replace('_', ' ')}" for k, v in categories.items())
    )
    click.echo(f"playable classes at level 1: {', '.join(playable) or 'none'}")
    if problems:
        click.echo(f"{len(problems)} problems in the converted pack", err=True)
        sys.exit(1)
