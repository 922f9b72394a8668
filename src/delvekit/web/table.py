"""The table companion's pages and JSON API: ``/table`` and ``/api/tables``.

Every phone on a table's link reads ``GET /api/tables/{id}`` (polling with ``since``: an
unchanged table answers in a few bytes) and sends table actions to
``POST /api/tables/{id}/actions``. The server orders them in the table's SQLite log
(:mod:`delvekit.store.tables`); an action that depends on where the round stands ("Next", an
outcome, start round, the end) carries the log position its phone saw (``after``), and is
refused with 409 when another phone moved the table on first, so a double tap on two phones
never skips a monster. The state is replayed from the log (:mod:`delvekit.web.table_game`).
"""

from __future__ import annotations

import json
import os
import threading
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from delvekit import __version__
from delvekit.core.errors import DelvekitError
from delvekit.store.sqlite import default_db_path
from delvekit.store.tables import NoTable, TableStore
from delvekit.web import schemas, services, table_ai
from delvekit.web.table_game import STARTING_CLASSES, Table, TableConfig, TableError, apply, new_table, replay
from delvekit.web.table_state import MAX_ACTION_BYTES, MAX_ACTIONS
from delvekit.web.table_view import setup_sheet, state_json

router = APIRouter()
_templates = Jinja2Templates(directory=str(resources.files("delvekit.web").joinpath("templates")))
_templates.env.globals["version"] = __version__

ORDERED = frozenset({"start_round", "next", "outcome", "end"})
"""Actions that only make sense where the sender saw the round: refused if the log moved on."""

_lock = threading.RLock()
_store: TableStore | None = None
_cache: dict[str, tuple[int, Table]] = {}


_path: str | None = None


def use_database(path: str | Path) -> None:
    """Keep tables in ``path`` from now on (``delve serve --db``: the same file as the games and
    campaigns)."""
    global _store, _path
    with _lock:
        _path, _store = str(path), None
        _cache.clear()


def store() -> TableStore:
    """The table store: ``delve serve --db`` (:func:`use_database`), else ``$DELVEKIT_TABLES_DB``,
    else the campaigns' database file."""
    global _store
    with _lock:
        if _store is None:
            path = _path or os.environ.get("DELVEKIT_TABLES_DB") or str(default_db_path())
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            _store = TableStore(path)
        return _store


def _config(table_id: str) -> TableConfig:
    row = store().row(table_id)
    return TableConfig(row.scenario, row.players, row.level, row.seed, row.classes, row.levels)


def load(table_id: str) -> tuple[int, Table]:
    """``(head, table)``: from the cache when it is at the log's head, else replayed."""
    with _lock:
        head = store().head(table_id)
        cached = _cache.get(table_id)
        if cached is not None and cached[0] == head:
            return cached
        config = _config(table_id)
        table = replay(config, store().actions(table_id))
        _cache[table_id] = (head, table)
        return head, table


def _view(table_id: str) -> dict[str, Any]:
    with _lock:  # a write in another thread changes the cached table in place
        head, table = load(table_id)
        return state_json(table, table_id=table_id, head=head, undoable=bool(store().actions(table_id)))


def _fail(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail, "errors": []}, status_code=status)


# --- API ---------------------------------------------------------------------------------


class TableIn(BaseModel):
    scenario: int = Field(ge=1, le=95, description="scenario number, 1 to 95")
    players: int = Field(ge=2, le=4, description="characters at the table")
    level: int = Field(ge=0, le=7, description="scenario level")
    seed: int = Field(default=0, ge=0, le=2**53, description="seeds the monster decks and standee numbers")
    classes: list[str] = Field(default=[], max_length=4, description="class ids, one per player (optional)")
    levels: list[int] = Field(default=[], max_length=4, description="character levels 1-9 (their health)")


class ActionIn(BaseModel):
    action: dict[str, Any] = Field(description='one table action, e.g. {"kind": "next"}')
    after: int | None = Field(default=None, ge=0, description="the log position this phone saw")


_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table"},
    422: {"description": "refused"},
}


@router.post("/api/tables", status_code=201, tags=["table"], summary="Start a table for a physical game")
def create_table(body: TableIn) -> JSONResponse:
    """A new table: the scenario set up for that many players at that level, its monster decks
    seeded with `seed`. Returns `{"id"}`: share `/table/{id}` with the other phones."""
    classes = tuple(c.strip().lower() for c in body.classes)
    levels = tuple(body.levels)
    if levels and not classes:
        classes = STARTING_CLASSES[: body.players]
    config = TableConfig(body.scenario, body.players, body.level, body.seed, classes, levels)
    new_table(config)  # refuses a scenario without a map, a class that does not exist...
    table_id = store().create(
        scenario=body.scenario,
        players=body.players,
        level=body.level,
        seed=body.seed,
        classes=classes,
        levels=levels,
    )
    return JSONResponse({"id": table_id, "url": f"/table/{table_id}"}, status_code=201)


@router.get("/api/tables/{table_id}", tags=["table"], responses=_ERRORS, summary="The table's state")
def get_table(table_id: str, since: Annotated[int | None, Query(ge=0)] = None) -> Any:
    """Characters, `standees` (`type`, `number`, `rank`, `hex`, `health`, `max_health`,
    `conditions`) of the revealed rooms, the round's order, the acting standee with every
    outcome the monster AI offers, elements, the monster modifier deck, doors, recent events.
    With `since` equal to the current log position, only `{"head", "unchanged": true}`."""
    try:
        if since is not None and store().head(table_id) == since:
            store().row(table_id)
            return {"head": since, "unchanged": True}
        return _view(table_id)
    except NoTable as exc:
        return _fail(404, str(exc))


@router.get("/api/tables/{table_id}/setup", tags=["table"], responses=_ERRORS, summary="The setup sheet")
def get_setup(table_id: str) -> Any:
    """The map (hexes with room and terrain, thin walls, doors, tile names, starting hexes), the
    standees of each room for this party size, goal and special rules, the stat cards at the
    scenario level and the level values."""
    try:
        return setup_sheet(_config(table_id))
    except NoTable as exc:
        return _fail(404, str(exc))


@router.post(
    "/api/tables/{table_id}/actions", tags=["table"], responses=_ERRORS, summary="Do one table action"
)
def post_action(table_id: str, body: ActionIn) -> Any:
    """Kinds: `initiative` {character, value | long_rest}, `start_round`, `next`, `outcome`
    {figure, destination, targets}, `move` {figure, hex}, `damage` / `heal` {figure, amount},
    `condition` {figure, condition, on}, `element` {element, state}, `door` {hex},
    `monster_card` {card: bless|curse}, `xp` / `loot` {character, amount}, `end` {result}.
    Refused (422, nothing changes) when it breaks a rule; 409 when `after` is behind the log for
    an action that depends on where the round stands."""
    action = body.action
    if len(json.dumps(action)) > MAX_ACTION_BYTES:
        return _fail(422, f"action: larger than {MAX_ACTION_BYTES} bytes; no table action is that big")
    with _lock:
        try:
            head, table = load(table_id)
        except NoTable as exc:
            return _fail(404, str(exc))

        def check(actions: list[dict[str, Any]], at: int) -> None:
            nonlocal table
            if at >= MAX_ACTIONS:
                raise TableError(f"this table's log is full ({MAX_ACTIONS} actions): start a new table")
            if at != head:  # another server process wrote meanwhile
                table = replay(_config(table_id), actions)
            if body.after is not None and body.after != at and action.get("kind") in ORDERED:
                raise _Conflict(
                    "another phone changed the table first; your screen now shows the table as it is"
                )
            if action.get("kind") == "outcome":
                table_ai.check_outcome(table, action)
            try:
                apply(table, action)
            except BaseException:
                _cache.pop(table_id, None)  # the table may be half-changed: replay it next time
                raise

        try:
            new_head = store().append(table_id, action, check)
        except _Conflict as exc:
            _cache.pop(table_id, None)
            return JSONResponse({"detail": str(exc), "state": _view(table_id)}, status_code=409)
        except TableError as exc:
            return _fail(422, str(exc))
        except BaseException:
            _cache.pop(table_id, None)  # the append failed after the cached table changed
            raise
        _cache[table_id] = (new_head, table)
        return _view(table_id)


class _Conflict(DelvekitError):
    pass


@router.post("/api/tables/{table_id}/undo", tags=["table"], responses=_ERRORS, summary="Undo the last action")
def post_undo(table_id: str) -> Any:
    """Take back the latest action in force (the log keeps both; the state is replayed)."""
    with _lock:
        try:
            store().undo(table_id)
        except NoTable as exc:
            return _fail(404, str(exc))
        _cache.pop(table_id, None)
        return _view(table_id)


# --- pages -------------------------------------------------------------------------------


@router.get("/table", response_class=HTMLResponse, include_in_schema=False)
def table_new_page(request: Request) -> Response:
    return _templates.TemplateResponse(request, "table_new.html", {"page": "table", **_form_lists()})


def _form_lists() -> dict[str, Any]:
    classes = [{"id": c["id"], "name": c["name"]} for c in services.class_list()]
    return {"scenarios": services.scenario_list(), "classes": classes, "defaults": STARTING_CLASSES}


@router.post("/table", response_class=HTMLResponse, include_in_schema=False)
async def table_new_form(request: Request) -> Response:
    """The setup form without script: make the table, then go to its page."""
    form = await request.form()
    fields: dict[str, Any] = {k: form.get(k) for k in ("scenario", "players", "level", "seed")}
    try:
        players = int(str(fields["players"]))
    except ValueError:
        players = 0
    seats = range(max(0, min(players, 4)))
    chosen = [str(form.get(f"class{i + 1}") or "") for i in seats]
    levels = [str(form.get(f"clevel{i + 1}") or "1") for i in seats]
    if any(chosen) or any(v != "1" for v in levels):  # a blank slot takes the seat's default class
        fields["classes"] = [c or STARTING_CLASSES[i] for i, c in enumerate(chosen)]
        fields["levels"] = levels
    try:
        body = TableIn.model_validate(fields)
    except ValidationError as exc:
        return _templates.TemplateResponse(
            request,
            "table_new.html",
            {"page": "table", **_form_lists(), "error": schemas.validation_message(exc.errors())},
            status_code=422,
        )
    answer = await run_in_threadpool(create_table, body)
    if answer.status_code != 201:
        detail = json.loads(bytes(answer.body))["detail"]
        return _templates.TemplateResponse(
            request,
            "table_new.html",
            {"page": "table", **_form_lists(), "error": detail},
            status_code=422,
        )
    return RedirectResponse(json.loads(bytes(answer.body))["url"], status_code=303)


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    icon = resources.files("delvekit.web").joinpath("static/favicon.svg").read_bytes()
    return Response(icon, media_type="image/svg+xml", headers={"cache-control": "max-age=86400"})


@router.get("/table/{table_id}", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request, table_id: str) -> Response:
    try:
        config = _config(table_id)
    except NoTable:
        return _templates.TemplateResponse(
            request,
            "table_missing.html",
            {"page": "table", "table_id": table_id},
            status_code=404,
        )
    return _templates.TemplateResponse(
        request, "table.html", {"page": "table", "table_id": table_id, "config": config}
    )


def install(app: FastAPI) -> None:
    """Add the table companion to ``app`` (the one line web/app.py has for it): its routes, the
    favicon, and 404 answers in plain words (a page for people, one JSON line for the API)."""
    app.include_router(router)

    @app.exception_handler(StarletteHTTPException)
    async def _on_http(request: Request, exc: StarletteHTTPException) -> Response:
        path = request.url.path
        if exc.status_code == 404:
            if path.startswith("/api/"):
                # a route's own words first (an unknown campaign), else the path is unknown
                said = str(exc.detail) if exc.detail and exc.detail != "Not Found" else ""
                return _fail(404, said or f"there is no {path[:120]} in this API")
            return _templates.TemplateResponse(
                request, "not_found.html", {"page": "", "path": path[:120]}, status_code=404
            )
        if exc.status_code == 405:
            return _fail(405, f"{request.method} is not how {path[:120]} is used; see /api/docs")
        return _fail(exc.status_code, str(exc.detail))
