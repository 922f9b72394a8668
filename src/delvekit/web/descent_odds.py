"""The odds page's Descent tab (``/odds/descent``): exact dice odds for a Descent attack, from
:mod:`delvekit.descent.odds` (the same numbers as ``delve odds --game descent``)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from delvekit.core.errors import DelvekitError

router = APIRouter()
_templates = Jinja2Templates(directory=str(resources.files("delvekit.web").joinpath("templates")))

ATTACK = ("blue", "red", "yellow", "green")
DEFENSE = ("brown", "gray", "black")


def descent_odds(
    attack: Sequence[str], defense: Sequence[str], surges_for: Sequence[str], need_range: int
) -> dict[str, Any]:
    """The issue's JSON contract (``miss``, ``damage``, ``surges``, ``range``, and
    ``with_surges`` when surge abilities or a range are given) plus the wiki's summary row."""
    from delvekit.descent.dice import parse_pool
    from delvekit.descent.odds import attack_odds, parse_surges, summary

    pool = parse_pool(attack, kind="attack")
    abilities = parse_surges(",".join(surges_for))
    odds = attack_odds(pool, parse_pool(defense, kind="defense"), abilities=abilities, need_range=need_range)
    out = odds.to_json()
    row = summary(pool)
    at_least = row["surges_at_least"]
    assert isinstance(at_least, dict)
    out["summary"] = {
        "avg_range_hit": float(row["avg_range_hit"]),  # type: ignore[arg-type]
        "avg_hearts_hit": float(row["avg_hearts_hit"]),  # type: ignore[arg-type]
        "surges_at_least": {str(k): float(v) for k, v in at_least.items()},
        "expected_damage": float(odds.expected(odds.damage)),
    }
    return out


def _form_context(fields: dict[str, str]) -> dict[str, Any]:
    def count(name: str) -> int:
        text = fields.get(name, "0").strip() or "0"
        if not text.isdigit() or int(text) > 8:
            raise DelvekitError(f"{name.replace('_', ' ')}: a number of dice from 0 to 8, got {text!r}")
        return int(text)

    attack = ["blue"] * count("blue") + [d for d in ATTACK[1:] for _ in range(count(d))]
    defense = [d for d in DEFENSE for _ in range(count(d))]
    surges = [s.strip() for s in fields.get("surges", "").split(",") if s.strip()]
    rng_text = fields.get("range", "0").strip() or "0"
    if not rng_text.isdigit() or int(rng_text) > 30:
        raise DelvekitError(f"range: a number of spaces from 0 to 30, got {rng_text!r}")
    counts = {d: count(d) for d in (*ATTACK, *DEFENSE)}
    context: dict[str, Any] = {"counts": counts, "surges": ", ".join(surges), "range": int(rng_text)}
    if not attack:
        raise DelvekitError("attack dice: roll at least one die")
    try:
        result = descent_odds(attack, defense, surges, int(rng_text))
    except DelvekitError as exc:
        raise DelvekitError(str(exc).replace("--surges-for", "surge abilities")) from None
    rows = []
    keys = sorted(
        {int(k) for k in result["damage"]} | {int(k) for k in result.get("with_surges", {}).get("damage", {})}
    )
    top = max([*result["damage"].values(), *result.get("with_surges", {}).get("damage", {}).values()])
    for k in keys:
        p = result["damage"].get(str(k), 0.0)
        q = result.get("with_surges", {}).get("damage", {}).get(str(k))
        rows.append({"n": k, "p": p, "q": q, "bar": round(110 * p / top) if top else 0})
    context.update(
        result=result, rows=rows, title="+".join(attack) + (" vs " + "+".join(defense) if defense else "")
    )
    return context


DEFAULT = {"blue": "1", "red": "1", "gray": "1"}


@router.get("/odds/descent", response_class=HTMLResponse, include_in_schema=False)
def page(request: Request) -> Response:
    return _templates.TemplateResponse(
        request, "odds_descent.html", {"page": "odds", **_form_context(DEFAULT)}
    )


@router.post("/odds/descent/compute", response_class=HTMLResponse, include_in_schema=False)
async def compute(request: Request) -> Response:
    form = await request.form()
    fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    try:
        context = await run_in_threadpool(_form_context, fields)
    except DelvekitError as exc:
        return _templates.TemplateResponse(request, "_odds_descent_result.html", {"error": str(exc)})
    return _templates.TemplateResponse(request, "_odds_descent_result.html", context)
