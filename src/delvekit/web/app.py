"""The web app: server-rendered pages (monster mover, odds) driven by htmx, and a JSON API.

``create_app()`` builds the FastAPI application; ``delve serve`` runs it with uvicorn. Pages post
forms and get HTML fragments back; the editor's whole state travels in the form as a
gh-monster-ai-cases document, so the server keeps nothing between requests.
"""

from __future__ import annotations

import json
import os
from html import escape
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from delvekit import __version__
from delvekit.core import jsonio
from delvekit.core.errors import DelvekitError, InputError
from delvekit.web import campaign_pages, charts, mover, play, schemas, services, table
from delvekit.web.guard import JsonGuard

_WEB = resources.files("delvekit.web")


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whether or not Content-Length is sent."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.limit or declared < 0:
                    await _too_large(self.limit, send)
                    return
        # Read the whole body first (at most ``limit`` bytes), then replay it to the app: a body
        # sent in chunks without Content-Length is refused as surely as a declared one.
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                messages.append(message)
                break
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await _too_large(self.limit, send)
                return
            messages.append(message)
            if not message.get("more_body", False):
                break
        replay = iter(messages)

        async def replay_receive() -> Message:
            message = next(replay, None)
            return message if message is not None else await receive()

        await self.app(scope, replay_receive, send)


async def _too_large(limit: int, send: Send) -> None:
    body = json.dumps({"detail": f"request body: larger than the limit of {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _error(status: int, detail: str, errors: list[dict[str, Any]] | None = None) -> JSONResponse:
    plain = schemas.plain_errors(errors or [])
    return JSONResponse({"detail": detail[:2000], "errors": jsonable_encoder(plain)}, status_code=status)


def create_app(db: str | os.PathLike[str] | None = None) -> FastAPI:
    """The delvekit web application. ``db``: the SQLite file of the campaigns, the games played
    in the browser and the tables (``delve serve --db``); default: the CLI's."""
    app = FastAPI(
        title="delvekit",
        version=__version__,
        summary="Gloomhaven monster AI and attack odds over HTTP",
        docs_url=None,  # FastAPI's own pages load scripts from a CDN; ours is served below
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.db = db
    if db is not None:
        app.state.play_db = db  # the games played in the browser (delvekit.web.play)
    templates = Jinja2Templates(directory=str(_WEB.joinpath("templates")))
    templates.env.globals["version"] = __version__
    app.mount("/static", StaticFiles(directory=str(_WEB.joinpath("static"))), name="static")

    @app.exception_handler(RequestValidationError)
    async def _on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        return _error(422, schemas.validation_message(errors), errors)

    @app.exception_handler(services.Unavailable)
    async def _on_unavailable(request: Request, exc: services.Unavailable) -> JSONResponse:
        return _error(503, str(exc))

    @app.exception_handler(services.TooMuchWork)
    async def _on_too_much(request: Request, exc: services.TooMuchWork) -> JSONResponse:
        return _error(413, str(exc))

    @app.exception_handler(DelvekitError)
    async def _on_delvekit(request: Request, exc: DelvekitError) -> JSONResponse:
        return _error(422, str(exc))

    @app.exception_handler(RecursionError)
    async def _on_deep(request: Request, exc: RecursionError) -> JSONResponse:
        return _error(422, f"request: nested more than {jsonio.MAX_DEPTH} levels deep")

    # --- pages ---------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index(request: Request) -> Response:
        return templates.TemplateResponse(request, "index.html", {"page": "home"})

    @app.get("/mover", response_class=HTMLResponse, include_in_schema=False)
    def mover_page(
        request: Request,
        example: str | None = None,
        scenario: Annotated[int | None, Query(ge=1, le=200)] = None,
        players: Annotated[int, Query(ge=2, le=4)] = 2,
        board: Annotated[str | None, Query(max_length=60_000)] = None,
    ) -> Response:
        state = mover.initial_state(example=example, scenario=scenario, players=players, board=board)
        return templates.TemplateResponse(request, "mover.html", {"page": "mover", **mover.context(state)})

    @app.post("/mover/act", response_class=HTMLResponse, include_in_schema=False)
    async def mover_act(request: Request) -> Response:
        form = await request.form()
        fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
        try:  # solving is CPU work: off the event loop
            state = await run_in_threadpool(mover.act, fields)
        except mover.BadState as exc:
            return HTMLResponse(f'<p class="error">{escape(str(exc))}</p>', status_code=422)
        context = await run_in_threadpool(mover.context, state)
        return templates.TemplateResponse(request, "_editor.html", context)

    @app.get("/odds", response_class=HTMLResponse, include_in_schema=False)
    def odds_page(request: Request) -> Response:
        setup_a = schemas.OddsSetupIn(attack=3)
        setup_b = schemas.OddsSetupIn(attack=3, advantage=True)
        return templates.TemplateResponse(
            request, "odds.html", {"page": "odds", **_odds_context(setup_a, setup_b)}
        )

    @app.post("/odds/compute", response_class=HTMLResponse, include_in_schema=False)
    async def odds_compute(request: Request) -> Response:
        form = await request.form()
        fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
        try:
            setup_a = _setup_from_form(fields, "a")
            setup_b = _setup_from_form(fields, "b") if fields.get("compare") else None
        except ValidationError as exc:
            message = schemas.validation_message(exc.errors())
            return templates.TemplateResponse(request, "_odds_result.html", {"error": message})
        context = await run_in_threadpool(_odds_context, setup_a, setup_b)
        return templates.TemplateResponse(request, "_odds_result.html", context)

    from delvekit.web import descent_odds

    app.include_router(descent_odds.router)

    # --- JSON API --------------------------------------------------------------------------------

    @app.post(
        "/api/monster-ai/solve",
        response_model=list[schemas.SolvedCaseOut],
        responses={
            413: {"model": schemas.ErrorOut, "description": "body over 2 MB, or over 20 s of solving"},
            422: {"model": schemas.ErrorOut, "description": "a field is missing or wrong (named in detail)"},
            503: {"model": schemas.ErrorOut, "description": "the monster AI is not installed"},
        },
        tags=["monster AI"],
        summary="Every outcome of each case of a gh-monster-ai-cases document",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CasesDocumentIn"}}},
            }
        },
    )
    async def api_solve(request: Request) -> list[dict[str, Any]]:
        """Solve each case as `delve monster-ai solve --explain` does: every outcome the players
        may choose among, with its destination, targets, path, attack hexes, area hexes, focus and
        explanation, in the engine's order. The document is read by the same parser as the CLI's
        (delvekit.gloomhaven.monster_ai.cases), so a document refused here is refused there with the same
        message, and the other way round."""
        body = await request.body()
        # parsing and solving are CPU work: off the event loop
        return await run_in_threadpool(services.solve_text, body)

    @app.post(
        "/api/odds",
        responses={422: {"model": schemas.ErrorOut}},
        tags=["odds"],
        summary="Exact damage distribution of one attack, optionally beside a second setup",
    )
    def api_odds(request_body: schemas.OddsRequestIn) -> dict[str, Any]:
        """Exact damage distribution (`distribution` as [damage, probability] pairs), expected
        damage, card effects and the engine's own JSON (with exact fractions) for `setup`, and for
        `compare` when given: what `delve odds --json` computes."""
        if request_body.descent is not None:  # Descent dice: the `delve odds --game descent --json` object
            from delvekit.web.descent_odds import descent_odds

            d = request_body.descent
            return {"descent": descent_odds(d.attack, d.defense, d.surges_for, d.range)}
        assert request_body.setup is not None
        result: dict[str, Any] = {"setup": services.odds(request_body.setup.model_dump())}
        if request_body.compare is not None:
            result["compare"] = services.odds(request_body.compare.model_dump())
        return result

    @app.get(
        "/api/scenarios/{n}",
        responses={
            404: {"model": schemas.ErrorOut, "description": "no scenario with this number"},
            409: {"model": schemas.ErrorOut, "description": "the scenario has no fixed opening room"},
            422: {"model": schemas.ErrorOut},
        },
        tags=["scenarios"],
        summary="A scenario's opening room with its monsters, as a gh-monster-ai-cases document",
    )
    def api_scenario(n: int, players: Annotated[int, Query(ge=2, le=4)] = 2) -> Any:
        """Scenario `n`'s opening room for `players` characters: its hexes, terrain and thin walls,
        the monsters placed for that player count (the first one active) and the characters on
        the starting hexes, ready to POST to /api/monster-ai/solve. A room without a monster at
        setup comes with the characters only and a `note` (add a monster before solving); a
        scenario without a fixed opening room is a 409 that says why."""
        try:
            return services.scenario_doc(n, players, allow_no_monster=True)
        except services.NoBoard as exc:
            return _error(409, str(exc))
        except InputError as exc:
            if exc.where == "n":
                return _error(404, str(exc))
            raise

    @app.get("/api/docs", response_class=HTMLResponse, include_in_schema=False)
    def api_docs(request: Request) -> Response:
        return templates.TemplateResponse(
            request, "api_docs.html", {"page": "api", **_api_reference(app.openapi())}
        )

    @app.get("/api/examples", tags=["monster AI"], summary="The bundled example cases (id, category, text)")
    def api_examples() -> list[dict[str, Any]]:
        return services.example_list()

    app.include_router(play.router)  # /play and /api/games (delvekit.web.play)
    table.install(app)  # the table companion (web/table.py), favicon, plain 404s
    campaign_pages.include(app, templates)
    app.add_middleware(JsonGuard, prefix="/api/")
    app.add_middleware(BodyLimit, limit=schemas.MAX_BODY_BYTES)
    _document_case_schema(app)
    return app


def _document_case_schema(app: FastAPI) -> None:
    """Add :class:`schemas.CasesDocumentIn` (and the models it uses) to the OpenAPI components:
    the solve endpoint reads its body itself, with the CLI's parser, and refers to it by name."""
    make = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = make()
        defs = schemas.CasesDocumentIn.model_json_schema(ref_template="#/components/schemas/{model}")
        components = spec.setdefault("components", {}).setdefault("schemas", {})
        for name, schema in defs.pop("$defs", {}).items():
            components.setdefault(name, schema)
        components["CasesDocumentIn"] = defs
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]


def _api_reference(spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI description as rows for the API reference page (no script, no CDN)."""
    schemas_by_name = spec.get("components", {}).get("schemas", {})

    def schema_text(schema: dict[str, Any]) -> tuple[str, str]:
        ref = schema.get("$ref") or schema.get("items", {}).get("$ref", "")
        name = ref.rsplit("/", 1)[-1]
        body = schemas_by_name.get(name, schema)
        label = name + ("[]" if "items" in schema and name else "") if name else schema.get("type", "object")
        return label, json.dumps(body, indent=1)

    endpoints = []
    for path, methods in spec.get("paths", {}).items():
        for method, op in methods.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            responses = []
            for status, answer in op.get("responses", {}).items():
                schema = answer.get("content", {}).get("application/json", {}).get("schema")
                responses.append(
                    {
                        "status": status,
                        "description": answer.get("description", ""),
                        "schema": schema_text(schema) if schema else None,
                    }
                )
            endpoints.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "parameters": op.get("parameters", []),
                    "body": schema_text(body) if body else None,
                    "responses": responses,
                }
            )
    return {"title": spec["info"]["title"], "api_version": spec["info"]["version"], "endpoints": endpoints}


def _whole(text: str) -> int | str:
    """A form's number as an integer (forms send text); other text stays text for the model to refuse."""
    digits = text.removeprefix("-")
    return int(text) if digits.isascii() and digits.isdigit() and len(text) < 10 else text


def _setup_from_form(fields: dict[str, str], prefix: str) -> schemas.OddsSetupIn:
    def number(name: str) -> int | str:
        return _whole(fields.get(f"{prefix}_{name}", "0").strip() or "0")

    def items(name: str) -> list[str]:
        return [part.strip() for part in fields.get(f"{prefix}_{name}", "").split(",") if part.strip()]

    modifier = fields.get(f"{prefix}_roll", "normal")
    return schemas.OddsSetupIn.model_validate(
        {
            "attack": number("attack"),
            "deck": fields.get(f"{prefix}_deck", "standard") or "standard",
            "perks": [_whole(p) for p in items("perks")],
            "add": items("add"),
            "remove": items("remove"),
            "advantage": modifier == "advantage",
            "disadvantage": modifier == "disadvantage",
            "bless": number("bless"),
            "curse": number("curse"),
            "shield": number("shield"),
            "pierce": number("pierce"),
        }
    )


def _at_least(distribution: list[list[float]]) -> dict[int, float]:
    """Probability of dealing each damage value or more."""
    probability = {int(d): float(p) for d, p in distribution}
    out: dict[int, float] = {}
    running = 0.0
    for damage in range(max(probability, default=0), -1, -1):
        running += probability.get(damage, 0.0)
        out[damage] = min(1.0, running)
    return out


def _odds_context(a: schemas.OddsSetupIn, b: schemas.OddsSetupIn | None) -> dict[str, Any]:
    classes = services.class_list()
    context: dict[str, Any] = {
        "a": a,
        "b": b or schemas.OddsSetupIn(attack=a.attack, advantage=True),
        "classes": classes,
    }
    perk_lines = {c["id"]: (c["name"], c["perks"]) for c in classes}
    context["compare"] = b is not None
    try:
        results = [services.odds(a.model_dump())]
        if b is not None:
            results.append(services.odds(b.model_dump()))
    except services.Unavailable as exc:
        context["error"] = str(exc)
        return context
    except DelvekitError as exc:
        context["error"] = str(exc)
        return context
    labels = ["Setup A", "Setup B"]
    context["results"] = [
        {
            "label": labels[i],
            "summary": charts.describe(r["setup"]),
            "perk_lines": perk_lines.get(str(r["setup"].get("deck", "")).lower()),
            "at_least": _at_least(r["distribution"]),
            **r,
        }
        for i, r in enumerate(results)
    ]
    context["chart"] = charts.distribution_svg(
        [(labels[i], r["distribution"]) for i, r in enumerate(results)],
        expected=[r["expected"] for r in results],
    )
    return context
