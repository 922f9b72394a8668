"""The campaign JSON API: the same store, validation and documents as ``delve campaign``.

Every write is one transaction of :class:`~delvekit.store.CampaignStore`: an action is applied
whole or refused with its reason (422) and nothing changes. A client that read the campaign at
log head ``N`` (the ``ETag`` of every answer, ``"N"``) sends ``?head=N`` with its action: if anyone
wrote meanwhile the action is refused with 409 and the client reloads, so two players acting on
the same stale page never both apply.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Body, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from delvekit.core.errors import DelvekitError, IllegalChoice, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.rules import apply_action
from delvekit.gloomhaven.campaign.variant import get as get_rules
from delvekit.gloomhaven.campaign.view import summary
from delvekit.store import CampaignStore, default_db_path
from delvekit.store.sqlite import StoreBusy, StoreError

BUNDLED = "gloomhaven"
MAX_NAME = 80

router = APIRouter(prefix="/api/campaigns", tags=["campaigns"])


class CampaignIn(BaseModel):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME, description="The campaign's name")]
    party: Annotated[str | None, Field(max_length=MAX_NAME, description="Also found the party")] = None
    seed: Annotated[int, Field(ge=0, le=2**31, description="Seed of the campaign's random draws")] = 0
    edition: Annotated[str, Field(max_length=40, description="Rule switches (gloomhaven, ...)")] = (
        "gloomhaven"
    )


class CampaignRow(BaseModel):
    name: str
    party: str | None
    head: int
    characters: list[str]
    prosperity: int
    reputation: int


class UndoOut(BaseModel):
    undone: dict[str, Any]
    head: int
    state: dict[str, Any]


class CheckOut(BaseModel):
    ok: bool
    reason: str | None = None
    gold: dict[str, int] = {}
    """Gold each character would gain (+) or pay (−)."""


class ConflictError(DelvekitError):
    """The campaign changed since the client read it."""


def db_path(request: Request) -> Path:
    """``delve serve --db FILE``, else ``$DELVEKIT_DB``, else the CLI's default database."""
    configured = getattr(request.app.state, "db", None) or os.environ.get("DELVEKIT_DB")
    return Path(configured) if configured else default_db_path()


@contextmanager
def open_store(request: Request) -> Iterator[CampaignStore]:
    from delvekit.cli.campaign import resolve_content

    raw = os.environ.get("DELVEKIT_BUSY_TIMEOUT", "5")
    try:
        timeout = float(raw)
    except ValueError:
        timeout = 5.0
    store = CampaignStore(db_path(request), resolve_content, busy_timeout=timeout)
    try:
        yield store
    except StoreError as exc:
        if not isinstance(exc, StoreBusy) and "no campaign named" in str(exc):
            raise HTTPException(404, str(exc)) from None
        raise HTTPException(error_status(exc), str(exc)) from None
    except ConflictError as exc:
        raise HTTPException(409, str(exc)) from None
    finally:
        store.close()


def document(store: CampaignStore, name: str) -> dict[str, Any]:
    """The ``delve campaign show NAME --json`` document."""
    return summary(store.catalog(name), store.state(name))


def _answer(body: Any, head: int, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"ETag": f'"{head}"'})


def apply(store: CampaignStore, name: str, action: A.Action, head: int | None) -> int:
    """Apply one action (refused if the campaign moved past ``head``); the new head."""
    if head is not None and store.head(name) != head:
        raise ConflictError(moved(store, name, head))
    try:
        store.do(name, action, expect_head=head)
    except StoreError:
        if head is not None and store.head(name) != head:
            raise ConflictError(moved(store, name, head)) from None
        raise
    return store.head(name)


def moved(store: CampaignStore, name: str, head: int) -> str:
    return (
        f"campaign {name!r} changed meanwhile (another player acted: now at log entry "
        f"{store.head(name)}, you saw {head}); nothing was applied: reload and try again"
    )


def dry_run(store: CampaignStore, name: str, action: A.Action) -> CheckOut:
    """Whether ``action`` would be applied now, and the gold it moves; nothing is written."""
    state = store.state(name)
    try:
        after = apply_action(store.catalog(name), state, action, get_rules(state.edition))
    except (IllegalChoice, InputError) as exc:
        return CheckOut(ok=False, reason=str(exc))
    gold = {
        n: after.characters[n].gold - ch.gold
        for n, ch in state.characters.items()
        if n in after.characters and after.characters[n].gold != ch.gold
    }
    return CheckOut(ok=True, gold=gold)


HeadQuery = Annotated[
    int | None,
    Query(ge=0, description="The log head the client saw (the ETag): refused with 409 if it moved"),
]
_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no campaign of that name"},
    409: {"description": "the campaign changed since `head`; nothing was applied"},
    422: {"description": "refused by the rules, or malformed: `detail` says why; nothing changed"},
    503: {"description": "another writer held the database too long; nothing changed"},
}
ACTION_EXAMPLE = {"action": "buy", "character": "Ana", "item": 3}


@router.get("", summary="The campaigns in the database", response_model=list[CampaignRow])
def list_campaigns(request: Request) -> list[dict[str, Any]]:
    rows = []
    with open_store(request) as store:
        for name in store.names():
            state = store.state(name)
            doc = summary(store.catalog(name), state)
            rows.append(
                {
                    "name": name,
                    "party": doc["party"],
                    "head": store.head(name),
                    "characters": [n for n, c in doc["characters"].items() if not c["retired"]],
                    "prosperity": doc["prosperity"]["level"],
                    "reputation": doc["reputation"],
                }
            )
    return rows


@router.post("", status_code=201, summary="Start a campaign (and its party)", responses=_ERRORS)
def create_campaign(request: Request, body: CampaignIn) -> JSONResponse:
    """Like `delve campaign new NAME --party P --seed S --edition E`, on the bundled content.
    Answers the new campaign's `show --json` document."""
    name = body.name.strip()
    if body.party is not None and not body.party.strip():
        raise InputError("a party needs a name", where="party")
    get_rules(body.edition)
    with open_store(request) as store:
        store.create(name, content=BUNDLED, seed=body.seed, edition=body.edition)
        if body.party:
            store.do(name, A.NewParty(name=body.party.strip()))
        return _answer(document(store, name), store.head(name), 201)


@router.post("/import", status_code=201, summary="Import an exported campaign", responses=_ERRORS)
def import_campaign(
    request: Request,
    doc: Annotated[dict[str, Any], Body(description="A `delve campaign export` document")],
    name: Annotated[str | None, Query(max_length=MAX_NAME, description="Import under this name")] = None,
) -> JSONResponse:
    """Like `delve campaign import FILE --name NAME`: the log is replayed through the rules and the
    campaign is created only if every entry passes."""
    with open_store(request) as store:
        store.import_(doc, name=name or None, where="import")
        target = name or str(doc.get("name"))
        return _answer(document(store, target), store.head(target), 201)


@router.get(
    "/{name}", summary="A campaign: the `delve campaign show NAME --json` document", responses=_ERRORS
)
def show_campaign(request: Request, name: str) -> JSONResponse:
    """Exactly the document `delve campaign show NAME --json` prints; the `ETag` header is the log
    head to send back as `?head=` with an action."""
    with open_store(request) as store:
        return _answer(document(store, name), store.head(name))


@router.get("/{name}/head", summary="The campaign's log head (cheap change polling)", responses=_ERRORS)
def campaign_head(request: Request, name: str) -> dict[str, int]:
    with open_store(request) as store:
        return {"head": store.head(name)}


@router.post("/{name}/actions", summary="Apply one campaign action", responses=_ERRORS)
def post_action(
    request: Request,
    name: str,
    action: Annotated[
        dict[str, Any],
        Body(description="One action in the `delve campaign run` format", examples=[ACTION_EXAMPLE]),
    ],
    head: HeadQuery = None,
) -> JSONResponse:
    """Validate and apply one action (e.g. `{"action": "buy", "character": "Ana", "item": 3}`) in
    one transaction: 200 with the new `show --json` document, or 422 with the reason and nothing
    changed; 409 when `head` is given and the campaign moved past it."""
    act = A.action_from_object(action, where=str(action.get("action", "action")))
    with open_store(request) as store:
        new_head = apply(store, name, act, head)
        return _answer(document(store, name), new_head)


@router.post("/{name}/check", summary="Would this action be applied? (nothing is written)", responses=_ERRORS)
def check_action(
    request: Request,
    name: str,
    action: Annotated[dict[str, Any], Body(examples=[ACTION_EXAMPLE])],
) -> CheckOut:
    """A dry run: `ok` and the gold each character would pay or gain (an enhancement's exact
    cost), or the reason it would be refused."""
    try:
        act = A.action_from_object(action, where=str(action.get("action", "action")))
    except InputError as exc:
        return CheckOut(ok=False, reason=str(exc))
    with open_store(request) as store:
        return dry_run(store, name, act)


@router.post(
    "/{name}/undo", summary="Undo the last action in effect", responses=_ERRORS, response_model=UndoOut
)
def undo(request: Request, name: str, head: HeadQuery = None) -> JSONResponse:
    """Like `delve campaign undo NAME`: the log keeps both entries. Answers the undone action, the
    new head and the new `show --json` document."""
    with open_store(request) as store:
        if head is not None and store.head(name) != head:
            raise ConflictError(moved(store, name, head))
        action, _ = store.undo(name)
        new_head = store.head(name)
        body = {
            "undone": msgspec.to_builtins(action),
            "head": new_head,
            "state": document(store, name),
        }
        return _answer(body, new_head)


@router.get("/{name}/log", summary="The action log (as `delve campaign log --json`)", responses=_ERRORS)
def campaign_log(request: Request, name: str) -> list[dict[str, Any]]:
    with open_store(request) as store:
        return [msgspec.to_builtins(e) for e in store.log(name)]


@router.get("/{name}/export", summary="Export (as `delve campaign export`)", responses=_ERRORS)
def export(request: Request, name: str) -> JSONResponse:
    with open_store(request) as store:
        doc = store.export(name)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "campaign"
    return JSONResponse(doc, headers={"Content-Disposition": f'attachment; filename="{safe}.json"'})


def error_status(exc: DelvekitError) -> int:
    """The HTTP status of a campaign error."""
    if isinstance(exc, ConflictError):
        return 409
    if isinstance(exc, StoreError) and "no campaign named" in str(exc):
        return 404
    if isinstance(exc, StoreBusy):
        return 503
    return 422
