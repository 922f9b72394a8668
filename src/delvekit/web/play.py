"""Play a scenario in the browser: the game pages (``/play``) and the games JSON API
(``/api/games``), with live updates as server-sent events and bots playing their seats.

Registered in :func:`delvekit.web.app.create_app` with one ``include_router``. The games live in
the SQLite file ``app.state.play_db`` (``delve serve --db``; default: the user's data directory).
Every change is stored before it is answered or announced; the stream only says "version N", and
each device then fetches its own seat's view, so hidden information never travels to another seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse

from delvekit import __version__
from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven import describe as D
from delvekit.web.play_service import Conflict, Hall, Illegal, NewGame, NotFound, Table
from delvekit.web.play_view import seat_names, view
from delvekit.web.schemas import ErrorOut

router = APIRouter()
_log = logging.getLogger("delvekit.web.play")
_templates = Jinja2Templates(directory=str(resources.files("delvekit.web").joinpath("templates")))
_templates.env.globals["version"] = __version__
_tasks: set[asyncio.Task[None]] = set()
_waiters: dict[str, set[asyncio.Event]] = {}


# ----------------------------------------------------------------------------- API models


class NewGameIn(BaseModel):
    """A new game: scenario, 2-4 classes, their level (one for all, or per class), items per class,
    difficulty, seed, and which seats bots play (the others are people)."""

    scenario: int = Field(ge=1, le=95, examples=[1])
    party: list[str] = Field(min_length=2, max_length=4, examples=[["brute", "mindthief"]])
    level: int = Field(1, ge=1, le=9)
    levels: dict[str, int] = Field(default_factory=dict, description="level per class, overriding level")
    items: dict[str, list[int]] = Field(default_factory=dict, examples=[{"brute": [1, 3]}])
    difficulty: Literal["easy", "normal", "hard", "very_hard"] = "normal"
    seed: int | None = Field(None, description="random when not given")
    bots: dict[str, Literal["random", "greedy", "person"]] = Field(
        default_factory=dict, examples=[{"mindthief": "random"}]
    )
    campaign: str | None = Field(
        None, description="play the named campaign's characters (party: their names)"
    )


class NewGameOut(BaseModel):
    id: str
    links: dict[str, str]


class ChoiceIn(BaseModel):
    """A seat's answer: ``choice`` is one of the decision's choice texts; ``then`` more choices
    applied while the same actor decides the same kind (a move's steps, then ``stop``); ``at`` the
    version the answer was made from (409 when the game moved on since)."""

    seat: str
    choice: str
    then: list[str] = Field(default_factory=list, max_length=60)
    at: int | None = None
    key: str | None = Field(None, description="the seat's key (from its link), or the host's")


class UndoIn(BaseModel):
    seat: str
    at: int | None = None
    key: str | None = Field(None, description="the seat's key (from its link), or the host's")


class DecisionOut(BaseModel, extra="allow"):
    actor: str
    kind: str
    choices: list[str]
    prompt: str = Field("", description="the decision as a sentence: who decides what (every seat)")


class GameViewOut(BaseModel, extra="allow"):
    """A seat's view (more fields follow: characters, figures, monsters, order, events...)."""

    id: str
    version: int
    round: int
    result: Literal["victory", "defeat"] | None
    digest: str
    decision: DecisionOut | None


# ----------------------------------------------------------------------------- plumbing


def hall(request: Request) -> Hall:
    app = request.app
    found: Hall | None = getattr(app.state, "play_hall", None)
    if found is None:
        from delvekit.store.sqlite import default_db_path

        found = Hall(getattr(app.state, "play_db", None) or default_db_path())
        app.state.play_hall = found
    return found


def _notify(gid: str) -> None:
    for ev in list(_waiters.get(gid, ())):
        ev.set()


def _kick_bots(request: Request, gid: str) -> None:
    h = hall(request)
    delay = float(getattr(request.app.state, "play_bot_delay", 0.5))
    table = h.tables.get(gid)
    if table is None or table.bot_running or table.bot_to_play() is None:
        return
    table.bot_running = True
    task = asyncio.get_running_loop().create_task(_run_bots(h, table, delay))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def _run_bots(h: Hall, table: Table, delay: float) -> None:
    last: tuple[str, str] | None = None
    try:
        while True:
            d = table.game.decision
            if d is None or table.bot_to_play() is None:
                return
            # a visible pause when a new bot decision starts; quicker within one bot's turn
            await asyncio.sleep(delay if (d.actor, d.kind) != last else delay / 3)
            last = (d.actor, d.kind)
            try:
                moved = await run_in_threadpool(h.bot_step, table.id)
            except DelvekitError as exc:
                _log.warning("bot stopped in game %s: %s", table.id, exc)
                return
            _notify(table.id)
            if not moved:
                return
    finally:
        table.bot_running = False


def _error(status: int, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=status)


def _seat(table: Table, seat: str | None) -> str | None:
    if seat in (None, "", "spectator"):
        return None
    if seat not in table.seats:
        raise InputError(f"{seat!r} is not a seat of this game ({', '.join(table.seats)})", where="seat")
    return seat


class Forbidden(DelvekitError):
    """A seat's hand or answer asked for without that seat's key."""


def _check_key(table: Table, seat: str | None, key: str | None) -> None:
    if seat is not None and not table.seat_key_ok(seat, key):
        raise Forbidden(
            f"this link does not open the {D.figure_name(seat, None)}'s seat: open the link for your seat "
            "(whoever started the game has every seat's link)"
        )


def _links(request: Request, table: Table) -> dict[str, str]:
    """A join link per person's seat (with its key), the spectator's, and the host's."""
    base = str(request.base_url).rstrip("/")
    keys = table.keys.seats if table.keys else {}
    out = {
        seat: f"{base}/play/{table.id}?seat={seat}" + (f"&key={keys[seat]}" if seat in keys else "")
        for seat, kind in table.seats.items()
        if kind == "person"
    }
    out["spectator"] = f"{base}/play/{table.id}"
    if table.keys:
        out["host"] = f"{base}/play/{table.id}?host={table.keys.host}"
    return out


def _host_cookie(gid: str) -> str:
    return f"delvekit_host_{gid}"


def _open_as_host(request: Request, table: Table) -> RedirectResponse:
    """To the first person's seat, remembering in a cookie (this game's pages only) that this
    browser started the game, so its pages list every seat's link (to share, or to switch seats
    on one screen)."""
    links = _links(request, table)
    first = next((s for s, k in table.seats.items() if k == "person"), None)
    target = links[first] if first else links["spectator"]
    resp = RedirectResponse(target.removeprefix(str(request.base_url).rstrip("/")), status_code=303)
    if table.keys:
        resp.set_cookie(
            _host_cookie(table.id), table.keys.host, path=f"/play/{table.id}", httponly=True, samesite="lax",
            max_age=90 * 24 * 3600,
        )  # fmt: skip
    return resp


async def _view(request: Request, table: Table, seat: str | None, board: bool) -> dict[str, Any]:
    snap = table.snapshot()
    out = await run_in_threadpool(view, snap, seat)
    if not board:
        out.pop("board", None)
    return out


_R404: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "no such game"},
    403: {"model": ErrorOut, "description": "the seat's key is missing or wrong"},
}


# ----------------------------------------------------------------------------- JSON API


@router.post(
    "/api/games", status_code=201, response_model=NewGameOut, tags=["games"],
    responses={422: {"model": ErrorOut, "description": "a field is wrong (named in detail)"}},
    summary="Start a game: scenario, party, levels, items, difficulty, seed and bot seats",
)  # fmt: skip
async def api_new_game(body: NewGameIn, request: Request) -> Any:
    """Returns the game's id and a join link per person's seat plus a spectator link. With
    `campaign`, `party` names that campaign's characters and the result is applied to it when the
    scenario ends (as `delve play --campaign`)."""
    h = hall(request)
    try:
        if body.campaign:
            table = await run_in_threadpool(
                h.create_from_campaign, body.campaign, body.scenario, body.party, dict(body.bots), body.seed,
                body.difficulty,
            )  # fmt: skip
        else:
            req = NewGame(
                scenario=body.scenario, party=body.party, level=body.level, levels=body.levels,
                items=body.items, difficulty=body.difficulty, seed=body.seed, bots=dict(body.bots),
            )  # fmt: skip
            table = await run_in_threadpool(h.create, req)
    except DelvekitError as exc:
        return _error(422, exc)
    _kick_bots(request, table.id)
    return JSONResponse({"id": table.id, "links": _links(request, table)}, status_code=201)


@router.get("/api/games", tags=["games"], summary="The latest games (id, started, title, result, choices)")
def api_games(request: Request) -> list[dict[str, Any]]:
    rows = hall(request).store.recent(50)
    return [{"id": r[0], "created_at": r[1], "title": r[2], "result": r[3], "choices": r[4]} for r in rows]


@router.get(
    "/api/games/{gid}", response_model=GameViewOut, tags=["games"], responses=_R404,
    summary="A seat's view of a game (no seat: a spectator's)",
)  # fmt: skip
async def api_game(
    gid: str, request: Request, seat: str | None = None, key: str | None = None,
    board: Annotated[bool, Query()] = False,
) -> Any:  # fmt: skip
    """`decision` is `{actor, kind, choices}` (choices only for the seat that may answer; a party
    decision for any person's seat) or null once ended; `result` null, `victory` or `defeat`;
    `round`; `digest` of the whole state. Another character's hand and its selection before the
    reveal are never included. `board=true` adds the board as SVG. A seat's view needs its `key`
    (from its link) or the host's: 403 without."""
    h = hall(request)
    try:
        table = await run_in_threadpool(h.get, gid)
        who = _seat(table, seat)
        _check_key(table, who, key)
    except NotFound as exc:
        return _error(404, exc)
    except Forbidden as exc:
        return _error(403, exc)
    except DelvekitError as exc:
        return _error(422, exc)
    _kick_bots(request, gid)
    return await _view(request, table, who, board)


@router.post(
    "/api/games/{gid}/choices", response_model=GameViewOut, tags=["games"],
    responses={
        **_R404,
        409: {"model": ErrorOut, "description": "not this seat's decision, or the game moved on since `at`"},
        422: {"model": ErrorOut, "description": "not a legal choice of the decision"},
    },
    summary="Answer the pending decision from a seat",
)  # fmt: skip
async def api_choose(gid: str, body: ChoiceIn, request: Request, board: bool = False) -> Any:
    """Applies `choice` (and then `then`, each checked, while the same actor decides the same
    kind), stores it, and returns the seat's new view. A decision of the whole party may be
    answered from any person's seat; two answers to one decision: the first is applied, the
    other gets 409 (or 422 if its text is no longer legal and no `at` was given)."""
    h = hall(request)
    try:
        _check_key(await run_in_threadpool(h.get, gid), body.seat, body.key)
        table = await run_in_threadpool(h.answer, gid, body.seat, [body.choice, *body.then], body.at)
    except NotFound as exc:
        return _error(404, exc)
    except Forbidden as exc:
        return _error(403, exc)
    except Conflict as exc:
        return _error(409, exc)
    except (Illegal, DelvekitError) as exc:
        return _error(422, exc)
    _notify(gid)
    _kick_bots(request, gid)
    return await _view(request, table, body.seat, board)


@router.post(
    "/api/games/{gid}/undo", response_model=GameViewOut, tags=["games"],
    responses={
        **_R404,
        409: {"model": ErrorOut, "description": "nothing to undo, or hidden information came out since"},
    },
    summary="Take back the seat's own last choice",
)  # fmt: skip
async def api_undo(gid: str, body: UndoIn, request: Request, board: bool = False) -> Any:
    """Allowed while nobody else answered since and no hidden information came out since (no card
    drawn, no selection revealed, no room revealed); the bots' choices after it are taken back too."""
    h = hall(request)
    try:
        _check_key(await run_in_threadpool(h.get, gid), body.seat, body.key)
        table = await run_in_threadpool(h.undo, gid, body.seat, body.at)
    except NotFound as exc:
        return _error(404, exc)
    except Forbidden as exc:
        return _error(403, exc)
    except Conflict as exc:
        return _error(409, exc)
    except DelvekitError as exc:
        return _error(422, exc)
    _notify(gid)
    _kick_bots(request, gid)
    return await _view(request, table, body.seat, board)


@router.get(
    "/api/games/{gid}/log", tags=["games"], response_class=PlainTextResponse,
    responses={**_R404, 409: {"model": ErrorOut, "description": "the game has not ended"}},
    summary="The game's JSON-lines log once it has ended (delve replay --verify accepts it)",
)  # fmt: skip
async def api_log(gid: str, request: Request) -> Response:
    """409 while the game is on: the log holds the seed, which tells every hidden card."""
    try:
        lines = await run_in_threadpool(hall(request).log_lines, gid)
    except NotFound as exc:
        return _error(404, exc)
    except Conflict as exc:
        return _error(409, exc)
    return PlainTextResponse("\n".join(lines) + "\n", media_type="application/x-ndjson")


@router.get(
    "/api/games/{gid}/stream", tags=["games"], responses=_R404,
    summary="Server-sent events: `change` with the game's version after every change",
)  # fmt: skip
async def api_stream(gid: str, request: Request) -> Response:
    """The first event carries the current version (a reconnecting device catches up by fetching
    its view when the version differs from its own); a comment every 15 s keeps it open."""
    h = hall(request)
    try:
        table = await run_in_threadpool(h.get, gid)
    except NotFound as exc:
        return _error(404, exc)

    closing = getattr(request.app.state, "play_closing", None)  # set when `delve serve` stops

    async def events() -> AsyncIterator[str]:
        last = -1
        idle = 0
        waiters = _waiters.setdefault(gid, set())
        yield "retry: 1000\n\n"  # a dropped stream comes back within a second
        while True:
            ev = asyncio.Event()
            waiters.add(ev)
            try:
                if table.version != last:
                    last = table.version
                    result = table.game.result or ""
                    yield f'event: change\ndata: {{"version": {last}, "result": "{result}"}}\n\n'
                    continue
                try:
                    await asyncio.wait_for(ev.wait(), 1)
                except TimeoutError:
                    idle += 1
                    if (closing is not None and closing.is_set()) or await request.is_disconnected():
                        return
                    if idle % 15 == 0:
                        yield ": keep-alive\n\n"
            finally:
                waiters.discard(ev)

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


# ----------------------------------------------------------------------------- pages


def _classes() -> list[tuple[str, str]]:
    from delvekit.gloomhaven.content import load_pack

    pack = load_pack()
    out = []
    for cid in sorted(pack.classes):
        k = pack.klass(cid)
        if k.playable_at(1):
            out.append((cid, k.name))
    return out


def _scenarios() -> list[tuple[int, str]]:
    from delvekit.gloomhaven.content import load_pack

    return [(n, s.name) for n, s in sorted(load_pack().scenarios.items()) if 1 <= n <= 95]


@router.get("/play", response_class=HTMLResponse, include_in_schema=False)
async def play_home(request: Request) -> Response:
    q = request.query_params  # a campaign's "Play in the browser" link names its campaign and scenario
    return await _new_game_page(
        request, q.get("error", ""), {k: q.get(k, "") for k in ("campaign", "scenario")}
    )


async def _new_game_page(request: Request, error: str, form: dict[str, str], status: int = 200) -> Response:
    """The new-game form, filled with ``form`` (what the player sent, after a refusal; or the
    campaign and scenario of a campaign's "Play in the browser" link)."""
    h = hall(request)
    scenarios = await run_in_threadpool(_scenarios)
    asked = form.get("scenario", "")
    chosen = int(asked) if asked.isdigit() and int(asked) in dict(scenarios) else 1
    context = {
        "page": "play",
        "scenarios": scenarios,
        "scenario": chosen,
        "campaign": form.get("campaign", "")[:80],
        "form": form if "class1" in form else {},
        "campaigns": await run_in_threadpool(h.campaign_names),
        "classes": await run_in_threadpool(_classes),
        "recent": await run_in_threadpool(h.recent, 12),
        "error": error,
    }
    return _templates.TemplateResponse(request, "play_new.html", context, status_code=status)


@router.post("/play", include_in_schema=False)
async def play_create(request: Request) -> Response:
    """The new-game form (works without script): creates the game and opens the first person's seat."""
    form = await request.form()
    f = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    try:
        party, bots, levels, items = [], {}, {}, {}
        for n in range(1, 5):
            cid = f.get(f"class{n}", "").strip()
            if not cid:
                continue
            party.append(cid)
            levels[cid] = int(f.get(f"level{n}", "1") or 1)
            if f.get(f"player{n}", "person") != "person":
                bots[cid] = f[f"player{n}"]
            raw = f.get(f"items{n}", "").replace(" ", "")
            items[cid] = [int(x) for x in raw.split(",") if x]
        seed_text = f.get("seed", "").strip()
        req = NewGame(
            scenario=int(f.get("scenario", "1")), party=party, levels=levels, items=items,
            difficulty=f.get("difficulty", "normal"), seed=int(seed_text) if seed_text else None, bots=bots,
        )  # fmt: skip
        table = await run_in_threadpool(hall(request).create, req)
    except ValueError:  # refused: the form again with what was sent, said in words (not a reset form)
        return await _new_game_page(request, "levels, items and the seed are whole numbers", f, 422)
    except DelvekitError as exc:
        return await _new_game_page(request, str(exc), f, 422)
    _kick_bots(request, table.id)
    return _open_as_host(request, table)


@router.post("/play/campaign", include_in_schema=False)
async def play_create_campaign(request: Request) -> Response:
    """Start a game with a campaign's characters (every seat a person)."""
    from urllib.parse import quote

    form = await request.form()
    f = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    names = [n.strip() for n in f.get("characters", "").split(",") if n.strip()]
    h = hall(request)
    try:
        if not f.get("campaign", "").strip():
            raise InputError("name the campaign whose characters play", where="campaign")
        if not f.get("scenario", "1").strip().isdigit():
            raise InputError("the scenario is a number, 1 to 95", where="scenario")
        table = await run_in_threadpool(
            h.create_from_campaign, f.get("campaign", "").strip(), int(f.get("scenario", "1")),
            names or None, {}, None, f.get("difficulty", "normal"),
        )  # fmt: skip
    except (ValueError, DelvekitError) as exc:  # back to the form, the campaign and scenario kept
        said = str(exc).replace(f" in {h.db}", "")  # the server's file is no business of the player's
        keep = f"&campaign={quote(f.get('campaign', '')[:80])}&scenario={quote(f.get('scenario', ''))}"
        return RedirectResponse(f"/play?error={quote(said)}{keep}", status_code=303)
    return _open_as_host(request, table)


def _problem(
    request: Request, status: int, heading: str, sentence: str, links: list[tuple[str, str]]
) -> Response:
    """A styled page for a play link that cannot open: a heading, a sentence, where to go."""
    context = {"page": "play", "heading": heading, "sentence": sentence, "links": links}
    return _templates.TemplateResponse(request, "play_problem.html", context, status_code=status)


@router.get("/play/{gid}", response_class=HTMLResponse, include_in_schema=False)
async def play_game(
    gid: str, request: Request, seat: str | None = None, key: str | None = None, host: str | None = None
) -> Response:
    """A seat's page (``seat`` and its ``key``), the spectator's (no seat), or with ``host`` the
    host's entry: remembered in a cookie, then on to the first seat."""
    h = hall(request)
    try:
        table = await run_in_threadpool(h.get, gid)
        if host is not None:
            if not table.host_key_ok(host):
                raise Forbidden("this host link is not this game's: ask whoever started the game")
            return _open_as_host(request, table)
        who = _seat(table, seat)
        _check_key(table, who, key)
    except NotFound:
        return _problem(
            request,
            404,
            f"There is no game “{gid[:40]}”",
            "The link may be mistyped, or the game was started on another server.",
            [("/play", "Start a game"), ("/", "Home")],
        )
    except Forbidden as exc:
        said = str(exc)[:1].upper() + str(exc)[1:]
        return _problem(
            request,
            403,
            "This link does not open a seat",
            f"{said.rstrip('.')}.",
            [(f"/play/{gid}", "Watch as a spectator"), ("/play", "Start a game")],
        )
    except DelvekitError as exc:
        return _problem(
            request,
            422,
            "This game cannot be opened",
            f"{str(exc).rstrip('.')}.",
            [("/play", "Start a game")],
        )
    _kick_bots(request, gid)
    is_host = table.host_key_ok(request.cookies.get(_host_cookie(gid)))
    context = {
        "page": "play",
        "game_id": gid,
        "seat": who or "",
        "names": {**seat_names(table), "spectator": "Spectator (sees no hand)"},
        "key": key or "",
        "title": table.title,
        "links": {k: v for k, v in _links(request, table).items() if k != "host"} if is_host else {},
    }
    return _templates.TemplateResponse(request, "play_game.html", context)
