"""The campaign pages: list, party, character sheets, shop, town events, scenarios and the log.

Pages are rendered on the server from the ``show --json`` document; every control is a plain
form posted to ``/campaigns/{name}/do`` with the log head the page was drawn from. The answer is a
redirect back to the page with what changed (or the reason for a refusal) shown next to the
control, so a page works without scripts, with the keyboard, and on reload. ``campaign.js``
polls the log head and reloads an idle page when another player acts.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.web import campaign_api as api
from delvekit.web import campaign_text
from delvekit.web import campaign_views as views

RESERVED = ("_head", "_back", "_at", "_played", "_list", "_done", "_undo")
MAX_IMPORT = 1_500_000
USER_ERRORS = (DelvekitError, HTTPException, ValidationError)
"""What a user's input or a rule can cause: shown in words on the page (anything else is a bug)."""


def q(text: object) -> str:
    """A name as one URL path segment."""
    return quote(str(text), safe="")


def page_url(name: str, tab: str = "", **params: str) -> str:
    url = f"/campaigns/{q(name)}" + (f"/{tab}" if tab else "")
    return url + (f"?{urlencode(params)}" if params else "")


def action_object(fields: list[tuple[str, str]]) -> dict[str, Any]:
    """Form fields as an action object: ``a.b`` builds nested objects, ``k[]`` lists; empty
    fields are left out; characters not ticked in ``_played`` are left out of a result.

    >>> action_object([("action", "equip"), ("_list", "items"), ("items[]", "3"), ("items[]", "1")])
    {'action': 'equip', 'items': ['3', '1']}
    >>> action_object([("action", "complete_scenario"), ("_played", "Ana"),
    ...     ("characters.Ana.xp", "8"), ("characters.Bo.xp", "5"), ("split.Ana", "")])
    {'action': 'complete_scenario', 'characters': {'Ana': {'xp': '8'}}}
    """
    played = {v for k, v in fields if k == "_played"}
    result = any(k.startswith("characters.") for k, _ in fields)
    obj: dict[str, Any] = {}
    for key, value in fields:
        if key in RESERVED or not key or value.strip() == "":
            continue
        value = value.strip()
        if key.endswith("[]"):
            items = obj.setdefault(key[:-2], [])
            if not isinstance(items, list):
                raise InputError(f"{key[:-2]} is given both as one value and as a list", where="form")
            items.append(value)
            continue
        *path, last = key.split(".")
        if result and path[:1] == ["characters"] and len(path) > 1 and path[1] not in played:
            continue
        target = obj
        for part in path:
            nested = target.setdefault(part, {})
            if not isinstance(nested, dict):
                raise InputError(f"{key}: {part} is not an object", where="form")
            target = nested
        target[last] = value
    for key, value in fields:
        if key == "_list" and value:  # a list with nothing ticked is still given, empty
            obj.setdefault(value, [])
    return obj


_TYPE_WORDS = {
    "int": "a whole number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
}
_MSGSPEC = re.compile(r"^(?:(\w+): )+Expected `([^`]+)`, got `([^`]+)` - at `\$\.([^`]+)`$")


_SPLIT = re.compile(r"(gain|lose|pay|share) (\d+) collective gold: give split=")


def friendly(message: str) -> str:
    """A message written for the command line, in the page's words.

    >>> friendly("buy: buy: Expected `int`, got `str` - at `$.item`")
    'buy: item must be a whole number'
    >>> friendly("buy: buy: item must be a whole number, not text")  # said already, named twice
    'buy: item must be a whole number, not text'
    >>> friendly("gain 10 collective gold: give split={name: amount, ...} summing to 10")
    'to share 10 gold together, say under “Gold shared or paid by” who takes or pays how much (10 in all)'
    """
    split = _SPLIT.search(message)
    if split:
        verb, amount = split.groups()
        verb = {"gain": "share", "share": "share", "lose": "lose", "pay": "pay"}.get(verb, verb)
        return (
            f"to {verb} {amount} gold together, say under “Gold shared or paid by” "
            f"who takes or pays how much ({amount} in all)"
        )
    m = _MSGSPEC.match(message)
    if not m:
        return campaign_text.page_words(re.sub(r"^(\w+): \1: ", r"\1: ", message))
    action, expected, _, field = m.groups()
    field = field.replace("[", " ").replace("]", "").replace(".", " ")
    return f"{action}: {field} must be {_TYPE_WORDS.get(expected, expected)}"


def _back(request: Request, name: str, raw: str) -> str:
    """Only a path of this campaign's pages (never another site)."""
    base = f"/campaigns/{q(name)}"
    return raw if raw.startswith(base) and "//" not in raw and "\\" not in raw else base


def _with(url: str, **params: str) -> str:
    path, _, fragment = url.partition("#")
    path = path.split("?", 1)[0]
    return f"{path}?{urlencode(params)}" + (f"#{fragment}" if fragment else "")


def same_origin(request: Request) -> None:
    """Refuse a form posted from another site (a page elsewhere cannot act on the campaigns)."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if request.method == "POST" and origin and origin != "null":
        host = urlsplit(origin).netloc
        if host and host != request.headers.get("host", ""):
            raise HTTPException(403, f"a form from {host} cannot change campaigns served by this app")


def build_router(templates: Jinja2Templates) -> APIRouter:
    router = APIRouter(include_in_schema=False, dependencies=[Depends(same_origin)])
    templates.env.filters["q"] = q
    templates.env.globals["page_url"] = page_url

    def render(request: Request, template: str, context: dict[str, Any], status: int = 200) -> Response:
        ctx = {
            "page": "campaigns",
            "ok": request.query_params.get("ok", ""),
            "err": request.query_params.get("err", ""),
            "at": request.query_params.get("at", ""),
            **context,
        }
        return templates.TemplateResponse(request, template, ctx, status_code=status)

    @router.get("/campaigns", response_class=HTMLResponse)
    def campaign_list(request: Request) -> Response:
        return render(request, "campaign_list.html", _list_context(request, ""))

    @router.post("/campaigns/new")
    async def campaign_new(request: Request) -> Response:
        form = await request.form()
        fields = {k: str(v) for k, v in form.items() if isinstance(v, str)}
        return RedirectResponse(await run_in_threadpool(_create, request, fields), 303)

    @router.post("/campaigns/import")
    async def campaign_import(request: Request) -> Response:
        form = await request.form()
        upload = form.get("file")
        new_name = str(form.get("name", "")).strip() or None
        if not isinstance(upload, UploadFile) or not upload.filename:
            return RedirectResponse(_list_error("choose a file exported from delvekit", "import"), 303)
        raw = await upload.read(MAX_IMPORT + 1)
        url = await run_in_threadpool(_import, request, upload.filename, raw, new_name)
        return RedirectResponse(url, 303)

    def campaign_page(request: Request, name: str, tab: str, template: str, **extra: Any) -> Response:
        try:
            with api.open_store(request) as store:
                context = views.base_context(store, name)
                context.update(views.TAB_CONTEXT[tab](store, name, context, request, **extra))
        except USER_ERRORS as exc:
            status = getattr(exc, "status_code", 422)
            message = getattr(exc, "detail", None) or str(exc)
            return render(request, "campaign_list.html", _list_context(request, str(message)), status)
        context["tab"] = tab
        return render(request, template, context)

    @router.get("/campaigns/{name}", response_class=HTMLResponse)
    def party_page(request: Request, name: str) -> Response:
        return campaign_page(request, name, "party", "campaign_party.html")

    @router.get("/campaigns/{name}/characters/{character}", response_class=HTMLResponse)
    def character_page(request: Request, name: str, character: str) -> Response:
        return campaign_page(request, name, "character", "campaign_character.html", character=character)

    @router.get("/campaigns/{name}/shop", response_class=HTMLResponse)
    def shop_page(request: Request, name: str) -> Response:
        return campaign_page(request, name, "shop", "campaign_shop.html")

    @router.get("/campaigns/{name}/town", response_class=HTMLResponse)
    def town_page(request: Request, name: str) -> Response:
        return campaign_page(request, name, "town", "campaign_town.html")

    @router.get("/campaigns/{name}/scenarios", response_class=HTMLResponse)
    def scenarios_page(request: Request, name: str) -> Response:
        return campaign_page(request, name, "scenarios", "campaign_scenarios.html")

    @router.get("/campaigns/{name}/log", response_class=HTMLResponse)
    def log_page(request: Request, name: str) -> Response:
        return campaign_page(request, name, "log", "campaign_log.html")

    @router.post("/campaigns/{name}/do")
    async def do(request: Request, name: str) -> Response:
        form = await request.form()
        fields = [(k, v) for k, v in form.multi_items() if isinstance(v, str)]
        return RedirectResponse(await run_in_threadpool(_act, request, name, fields), 303)

    @router.post("/campaigns/{name}/undo")
    async def undo(request: Request, name: str) -> Response:
        return await do(request, name)

    return router


def _list_error(message: str, at: str) -> str:
    return f"/campaigns?{urlencode({'err': message, 'at': at})}#{at}"


def _create(request: Request, fields: dict[str, str]) -> str:
    """Start a campaign from the list page's form; the page to go to."""
    name = fields.get("name", "").strip()
    party = fields.get("party", "").strip()
    seed_text = (fields.get("seed", "") or "0").strip()
    try:
        if not name:
            raise InputError("give the campaign a name", where="name")
        if "/" in name or "\\" in name:
            raise InputError("a campaign name cannot contain / or \\", where="name")
        if not party:
            raise InputError("give the party a name", where="party")
        if not seed_text.isdigit():
            raise InputError(f"the seed is a whole number, not {seed_text!r}", where="seed")
        body = api.CampaignIn(name=name[: api.MAX_NAME], party=party[: api.MAX_NAME], seed=int(seed_text))
        with api.open_store(request) as store:
            store.create(body.name, content=api.BUNDLED, seed=body.seed)
            store.do(body.name, A.NewParty(name=body.party or body.name))
    except USER_ERRORS as exc:
        return _list_error(str(getattr(exc, "detail", None) or exc), "create")
    return page_url(body.name, ok=f"Campaign {body.name} started with the party {party}")


def _import(request: Request, filename: str, raw: bytes, new_name: str | None) -> str:
    """Import an uploaded export; the page to go to."""
    try:
        if len(raw) > MAX_IMPORT:
            raise InputError(f"larger than {MAX_IMPORT} bytes", where=filename)
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"not a JSON document ({exc})", where=filename) from None
        with api.open_store(request) as store:
            store.import_(doc, name=new_name, where=filename)
        target = new_name or str(doc.get("name"))
    except USER_ERRORS as exc:
        return _list_error(str(getattr(exc, "detail", None) or exc), "import")
    return page_url(target, ok=f"Imported campaign {target}")


def _act(request: Request, name: str, fields: list[tuple[str, str]]) -> str:
    """Apply one posted form (an action, or undo) in one transaction; the page to go back to,
    with what changed or the reason for the refusal next to the control."""
    meta = dict(fields)
    back = _back(request, name, meta.get("_back", ""))
    at = meta.get("_at", "") or "top"
    target = f"{back.split('#')[0]}#{at}"
    head_text = meta.get("_head", "")
    head = int(head_text) if head_text.isdigit() else None
    try:
        with api.open_store(request) as store:
            before = views.document(store, name)
            if meta.get("_undo"):
                if head is not None and store.head(name) != head:
                    raise api.ConflictError(api.moved(store, name, head))
                undone, _ = store.undo(name)
                message = f"Undone: {views.describe_action(A.encode_action(undone))}"
            else:
                obj = action_object(fields)
                act = A.action_from_object(obj, where=str(obj.get("action", "action")), strict=False)
                api.apply(store, name, act, head)
                message = meta.get("_done") or f"Done: {views.describe_action(A.encode_action(act))}"
            after = views.document(store, name)
    except USER_ERRORS as exc:
        return _with(target, err=friendly(str(getattr(exc, "detail", None) or exc)), at=at)
    changes = views.changes(before, after)
    return _with(target, ok=message + (" — " + "; ".join(changes) if changes else ""), at=at)


def _list_context(request: Request, error: str) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    try:
        rows = api.list_campaigns(request)
    except USER_ERRORS as exc:
        error = error or str(getattr(exc, "detail", None) or exc)
    return {"campaigns": rows, "list_error": error, "db": str(api.db_path(request))}


def include(app: FastAPI, templates: Jinja2Templates) -> None:
    """Register the campaign API and pages on ``app`` (one line in ``create_app``)."""
    app.include_router(api.router)
    app.include_router(build_router(templates))
