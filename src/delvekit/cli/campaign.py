"""``delve campaign``: keep a Gloomhaven campaign in the embedded database.

Every command takes ``--db PATH`` (default: ``$XDG_DATA_HOME/delvekit/campaigns.sqlite3``). A
refused action prints one line with the reason, exits with status 1 and changes nothing. A writer
waits up to ``$DELVEKIT_BUSY_TIMEOUT`` seconds (default 5) for another one to finish.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypeVar

import click
import msgspec

from delvekit.core import jsonio
from delvekit.core.errors import ContentError, DelvekitError, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.content import Catalog, load_content
from delvekit.gloomhaven.campaign.view import render_text, summary
from delvekit.store import CampaignStore, default_db_path
from delvekit.store.sqlite import check_busy_timeout

F = TypeVar("F", bound=Callable[..., Any])

BUNDLED = "gloomhaven"


@cache
def resolve_content(ref: str) -> Catalog:
    """A campaign's content reference: ``gloomhaven`` (the bundled pack) or ``file:PATH`` (a
    campaign-content JSON document)."""
    if ref.startswith("file:"):
        path = ref[len("file:") :]
        return Catalog(load_content(path), where=path)
    if ref == BUNDLED:
        try:
            from delvekit.gloomhaven.campaign.pack import from_pack
            from delvekit.gloomhaven.content import load_pack
        except ImportError as exc:  # pragma: no cover - the pack ships with delvekit
            raise ContentError(
                f"the bundled content pack is not available ({exc})", where="content"
            ) from None
        return Catalog(from_pack(load_pack()), where="bundled content pack")
    raise ContentError(f"unknown content {ref!r} (use 'gloomhaven' or 'file:PATH')", where="content")


def _user_errors(fn: F) -> F:
    """One line on stderr and exit status 1 for every error a user can cause."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except DelvekitError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Campaign database (default: the user's data directory).",
)


def busy_timeout() -> float:
    """``$DELVEKIT_BUSY_TIMEOUT`` in seconds (default 5): a finite number within 0..3600."""
    raw = os.environ.get("DELVEKIT_BUSY_TIMEOUT", "5")
    try:
        timeout = float(raw)
    except ValueError:
        raise InputError(f"not a number of seconds: {raw[:40]!r}", where="DELVEKIT_BUSY_TIMEOUT") from None
    return check_busy_timeout(timeout, "DELVEKIT_BUSY_TIMEOUT")


def open_campaign(db_path: Path | None, *, create: bool = False) -> CampaignStore:
    """The campaign database; only the commands that create a campaign (``new``, ``import``)
    create the file and its folders."""
    return CampaignStore(
        db_path or default_db_path(), resolve_content, busy_timeout=busy_timeout(), create=create
    )


@click.group("campaign")
def group() -> None:
    """Keep a campaign: town, shop, levels, perks, events, retirement, enhancements."""


@group.command("new")
@click.argument("name")
@click.option("--party", help="Also found the party (the new_party action) under this name.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the campaign's random draws.")
@click.option(
    "--content", "content_file", type=click.Path(exists=True, dir_okay=False), help="Campaign content JSON."
)
@click.option(
    "--edition", default="gloomhaven", show_default=True, help="Rule switches (jaws_of_the_lion, ...)."
)
@db_option
@_user_errors
def new(
    name: str, party: str | None, seed: int, content_file: str | None, edition: str, db_path: Path | None
) -> None:
    """Start the campaign NAME."""
    from delvekit.gloomhaven.campaign.variant import get

    get(edition)
    ref = f"file:{Path(content_file).resolve()}" if content_file else BUNDLED
    with open_campaign(db_path, create=True) as store:
        store.create(name, content=ref, seed=seed, edition=edition)
        if party:
            store.do(name, A.NewParty(name=party))
        click.echo(f"campaign {name!r} created in {store.path}")


@group.command("list")
@db_option
@_user_errors
def list_(db_path: Path | None) -> None:
    """The campaigns in the database."""
    path = db_path or default_db_path()
    if not path.exists():
        click.echo(f"no campaigns yet (no database at {path})", err=True)
        return
    with open_campaign(db_path) as store:
        for name in store.names():
            click.echo(name)


@group.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the campaign as one JSON document.")
@db_option
@_user_errors
def show(name: str, as_json: bool, db_path: Path | None) -> None:
    """Show the campaign NAME."""
    with open_campaign(db_path) as store:
        state = store.state(name)
        catalog = store.catalog(name)
    if as_json:
        click.echo(json.dumps(summary(catalog, state), indent=2))
    else:
        click.echo(render_text(catalog, state))


def parse_fields(action: str, pairs: tuple[str, ...]) -> dict[str, Any]:
    """``key=value`` words as an action object. Values that are JSON (objects, lists, quoted
    strings) are decoded; the rest stay text and are converted to the field's type.

    >>> parse_fields("enhance", ("character=Ana", "action=1", 'characters={"A": {"xp": 3}}'))
    {'action': 'enhance', 'character': 'Ana', 'action_index': '1', 'characters': {'A': {'xp': 3}}}

    Dotted keys build nested objects:

    >>> parse_fields("complete_scenario", ("characters.Ana.xp=12", "characters.Ana.gold=3"))
    {'action': 'complete_scenario', 'characters': {'Ana': {'xp': '12', 'gold': '3'}}}
    """
    obj: dict[str, Any] = {"action": action}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"expected key=value, got {pair!r}", where="arguments")
        if key == "action":  # the action's own name is positional; for enhance this is the line
            key = "action_index"
        parsed: Any = value
        if value[:1] in ("{", "[", '"'):
            parsed = jsonio.loads(value, where=f"arguments: {key[:40]}")
        *path, last = key.split(".")
        target = obj
        for part in path:
            nested = target.setdefault(part, {})
            if not isinstance(nested, dict):
                raise InputError(f"{key}: {part} is not an object", where="arguments")
            target = nested
        if last in target:
            raise InputError(f"{key} given twice", where="arguments")
        target[last] = parsed
    return obj


@group.command("do", context_settings={"ignore_unknown_options": True})
@click.argument("name")
@click.argument("action")
@click.argument("fields", nargs=-1)
@db_option
@_user_errors
def do(name: str, action: str, fields: tuple[str, ...], db_path: Path | None) -> None:
    """Apply one ACTION to the campaign NAME: delve campaign do NAME buy character=Ana item=3"""
    act = A.action_from_object(parse_fields(action, fields), where=action, strict=False)
    with open_campaign(db_path) as store:
        store.do(name, act)
        click.echo(f"ok {A.encode_action(act)}")


def _script(path: Path) -> Iterator[tuple[int, A.Action]]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", where=str(path)) from None
    lines = jsonio.decode_text(raw, where=str(path)).splitlines()
    parsed = []
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            parsed.append((number, A.decode_action(line, where=f"{path}:{number}")))
    return iter(parsed)


@group.command("run")
@click.argument("name")
@click.argument("script", type=click.Path(dir_okay=False, path_type=Path))
@db_option
@_user_errors
def run(name: str, script: Path, db_path: Path | None) -> None:
    """Apply the actions of SCRIPT (one JSON object a line), each in its own transaction.

    The whole file is checked for malformed lines first; then the actions are applied in order and
    each is acknowledged ("ok LINE ...") once committed. The first refused action stops the run.
    """
    actions = list(_script(script))
    with open_campaign(db_path) as store:
        for number, act in actions:
            try:
                store.do(name, act)
            except DelvekitError as exc:
                click.echo(f"error: {script}:{number}: {exc}", err=True)
                sys.exit(1)
            click.echo(f"ok {number} {A.encode_action(act)}")
            sys.stdout.flush()


@group.command("log")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
@db_option
@_user_errors
def log(name: str, as_json: bool, db_path: Path | None) -> None:
    """The campaign's log: every action, undone ones marked."""
    with open_campaign(db_path) as store:
        entries = store.log(name)
    for e in entries:
        if as_json:
            click.echo(msgspec.json.encode(e).decode())
        elif e.kind == "undo":
            click.echo(f"{e.seq:5d}  {e.at}  undo of {e.target}")
        else:
            mark = "  (undone)" if e.undone else ""
            click.echo(f"{e.seq:5d}  {e.at}  {json.dumps(e.action, separators=(',', ':'))}{mark}")


@group.command("undo")
@click.argument("name")
@db_option
@_user_errors
def undo(name: str, db_path: Path | None) -> None:
    """Undo the last action in effect (the log keeps both)."""
    with open_campaign(db_path) as store:
        action, _ = store.undo(name)
    click.echo(f"undone {A.encode_action(action)}")


@group.command("export")
@click.argument("name")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="File (default: stdout)."
)
@db_option
@_user_errors
def export(name: str, output: Path | None, db_path: Path | None) -> None:
    """Export the campaign NAME (its whole log) as JSON."""
    with open_campaign(db_path) as store:
        doc = store.export(name)
    text = json.dumps(doc, indent=1)
    if output:
        output.write_text(text + "\n", encoding="utf-8")
    else:
        click.echo(text)


@group.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--name", help="Import under another name.")
@db_option
@_user_errors
def import_(file: Path, name: str | None, db_path: Path | None) -> None:
    """Import a campaign exported with `delve campaign export` (its log is replayed and checked)."""
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", where=str(file)) from None
    doc = jsonio.loads(raw, where=str(file))
    with open_campaign(db_path, create=True) as store:
        store.import_(doc, name=name, where=str(file))
        click.echo(f"imported campaign {name or doc.get('name')!r} into {store.path}")
