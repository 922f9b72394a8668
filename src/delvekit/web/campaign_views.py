"""What each campaign page shows, built from the ``show --json`` document and the content.

Whether an action is open now is asked of the rules themselves (a dry run on a copy of the
state), so a page never guesses a rule: it shows the rules' own reason next to the control.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import Request

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import Catalog, EventInfo
from delvekit.gloomhaven.campaign.effects import POWER_OF_ENHANCEMENT
from delvekit.gloomhaven.campaign.queries import scenario_blocker
from delvekit.gloomhaven.campaign.rules import apply_action
from delvekit.gloomhaven.campaign.state import CampaignState
from delvekit.gloomhaven.campaign.view import summary
from delvekit.store import CampaignStore
from delvekit.web import campaign_text as W

TABS = (("party", "Party"), ("shop", "Shop"), ("town", "Town"), ("scenarios", "Scenarios"), ("log", "Log"))


def document(store: CampaignStore, name: str) -> dict[str, Any]:
    return summary(store.catalog(name), store.state(name))


def refusal(catalog: Catalog, state: CampaignState, action: A.Action) -> str | None:
    """The rules' reason for refusing ``action`` now, or None when it would be applied."""
    try:
        apply_action(catalog, state, action)
    except (IllegalChoice, InputError) as exc:
        return W.page_words(str(exc))
    return None


def base_context(store: CampaignStore, name: str) -> dict[str, Any]:
    state = store.state(name)
    catalog = store.catalog(name)
    doc = summary(catalog, state)
    level = doc["prosperity"]["level"]
    checks = doc["prosperity"]["checkmarks"]
    nxt = T.PROSPERITY_THRESHOLDS[level] if level < T.MAX_LEVEL else None
    active = [n for n, c in doc["characters"].items() if not c["retired"]]
    return {
        "name": name,
        "head": store.head(name),
        "doc": doc,
        "state": state,
        "catalog": catalog,
        "tabs": TABS,
        "active": active,
        "prosperity": {
            "level": level,
            "checks": checks,
            "next": nxt,
            "to_next": (nxt - checks) if nxt is not None else None,
            "from": T.PROSPERITY_THRESHOLDS[level - 1],
        },
        "class_name": W.class_name,
        "item_name": lambda n: catalog.items[n].name if n in catalog.items else str(n),
        "achievement": W.achievement_name,
        "quest_name": W.quest_name,
    }


def _character_row(ctx: dict[str, Any], cname: str) -> dict[str, Any]:
    doc, catalog, state = ctx["doc"], ctx["catalog"], ctx["state"]
    c = doc["characters"][cname]
    ch = state.characters[cname]
    quest = catalog.quests.get(ch.quest) if ch.quest else None
    todo = []
    if c["must_level_up"]:
        todo.append("level up")
    if c["card_choices"] and not c["must_level_up"]:
        todo.append("choose a card")
    if c["perk_choices"] and not c["must_level_up"]:
        todo.append("choose a perk")
    if c["quest_fulfilled"] and not c["retired"]:
        todo.append("retire")
    return {
        "name": cname,
        **c,
        "class_name": W.class_name(c["class"]),
        "xp_to_next": (c["next_level_xp"] - c["xp"]) if c["next_level_xp"] is not None else None,
        "quest_name": W.quest_name(ch.quest),
        "quest_target": quest.target if quest else None,
        "quest_reward": W.quest_reward(quest.unlocks_class, quest.unlocks_envelope) if quest else "",
        "todo": todo,
    }


def party_context(store: CampaignStore, name: str, ctx: dict[str, Any], request: Request) -> dict[str, Any]:
    doc, state, catalog = ctx["doc"], ctx["state"], ctx["catalog"]
    playing = {c.cls for c in state.characters.values() if not c.retired}
    classes = [c for c in doc["classes_unlocked"] if c not in playing and c in catalog.classes]
    rules_top = min(doc["prosperity"]["level"], T.MAX_LEVEL)
    offered = []
    for i, qid in enumerate(doc["personal_quests_offered"]):
        quest = catalog.quests.get(qid)
        offered.append(
            {
                "index": i,
                "name": W.quest_name(qid),
                "target": quest.target if quest else 1,
                "reward": W.quest_reward(quest.unlocks_class, quest.unlocks_envelope) if quest else "",
            }
        )
    next_donation = next(
        (m for m in (T.DONATION_ENVELOPE_B, *T.DONATION_PROSPERITY_MILESTONES) if m > doc["donations"]), None
    )
    return {
        "characters": [_character_row(ctx, n) for n in doc["characters"]],
        "new_classes": [(c, W.class_name(c)) for c in classes],
        "max_level": rules_top,
        "offered": offered,
        "next_donation": next_donation,
        "achievements": W.achievement_list(),
    }


def _card_rows(cls: str, names: list[str]) -> list[dict[str, Any]]:
    return [W.card_text(cls, n) for n in names]


def character_context(
    store: CampaignStore, name: str, ctx: dict[str, Any], request: Request, *, character: str
) -> dict[str, Any]:
    doc, state, catalog = ctx["doc"], ctx["state"], ctx["catalog"]
    if character not in doc["characters"]:
        known = ", ".join(doc["characters"]) or "none yet"
        raise InputError(
            f"no character named {character!r} in {name} (characters: {known})", where="character"
        )
    row = _character_row(ctx, character)
    ch = state.characters[character]
    perk_texts = W.class_perks(ch.cls)
    perks = [
        {
            "index": i,
            "text": perk_texts[i] if i < len(perk_texts) else f"perk {i}",
            "boxes": p.count,
            "taken": ch.perks.count(i),
        }
        for i, p in enumerate(catalog.classes[ch.cls].perks)
    ]
    items = [
        {
            "number": n,
            "name": catalog.items[n].name,
            "slot": W.SLOT_WORDS.get(catalog.items[n].slot, catalog.items[n].slot),
            "equipped": n in ch.equipped,
            "sell": T.sell_price(catalog.items[n].cost),
            "text": W.item_text(n),
        }
        for n in sorted(ch.items)
    ]
    enh = [e for e in doc["enhancements"].get(ch.cls, []) if e["card"] in row["cards"]]
    can_enhance = POWER_OF_ENHANCEMENT in state.global_achievements
    return {
        "ch": row,
        "cards": _card_rows(ch.cls, row["cards"]),
        "card_choices": _card_rows(ch.cls, row["card_choices"]),
        "perk_list": perks,
        "perk_choices": [
            p
            for p in perks
            if (p["taken"] < p["boxes"] if row["must_level_up"] else p["index"] in row["perk_choices"])
        ],
        "items": items,
        "small_slots": (ch.level + 1) // 2,
        "donate_refusal": None if ch.retired else refusal(catalog, state, A.Donate(character=character)),
        "retire_refusal": None if ch.retired else refusal(catalog, state, A.Retire(character=character)),
        "enhancements": enh,
        "can_enhance": can_enhance,
        "stickers": T.STICKERS,
        "owes_card": len(ch.cards) < ch.level - 1,
        "fulfil_action": next(
            (t for t in A.ACTION_TYPES if "fulfil" in t or ("quest" in t and t != "quest_progress")), None
        ),
    }


def shop_context(store: CampaignStore, name: str, ctx: dict[str, Any], request: Request) -> dict[str, Any]:
    doc, state, catalog = ctx["doc"], ctx["state"], ctx["catalog"]
    chars = [state.characters[n] for n in ctx["active"]]
    rows = []
    for number, offer in doc["shop"].items():
        n = int(number)
        item = catalog.items[n]
        who = []
        for ch in chars:
            if n in ch.items:
                status, note = "owns", "owns it"
            elif ch.gold >= offer["price"]:
                status, note = "can", "can buy" + _slot_note(catalog, ch.equipped, item.slot, ch.level)
            else:
                status, note = "short", f"{offer['price'] - ch.gold} gold short"
            who.append({"name": ch.name, "status": status, "note": note})
        rows.append(
            {
                "number": n,
                "name": item.name,
                "slot": W.SLOT_WORDS.get(item.slot, item.slot),
                "cost": item.cost,
                "price": offer["price"],
                "copies": offer["copies"],
                "text": W.item_text(n),
                "who": who,
                "buyers": [w["name"] for w in who if w["status"] == "can"],
            }
        )
    return {"items": rows, "gold": [(ch.name, ch.gold) for ch in chars]}


def _slot_note(catalog: Catalog, equipped: list[int], slot: str, level: int) -> str:
    """Whether a bought item could be equipped beside what the character wears now."""
    worn = [catalog.items[n] for n in equipped if n in catalog.items]
    if slot in ("head", "body", "legs"):
        taken = [i.name for i in worn if i.slot == slot]
        return f", {slot} taken by {taken[0]}" if taken else ", slot free"
    if slot in ("one-hand", "two-hands"):
        hands = sum(1 if i.slot == "one-hand" else 2 for i in worn if i.slot in ("one-hand", "two-hands"))
        return ", hands full" if hands + (2 if slot == "two-hands" else 1) > 2 else ", hands free"
    small = sum(1 for i in worn if i.slot == "small")
    return ", small slots full" if small >= (level + 1) // 2 else ", slot free"


def _event_view(catalog: Catalog, deck: str, number: int, ctx: dict[str, Any]) -> dict[str, Any]:
    info: EventInfo | None = catalog.event(deck, number)
    options = []
    for label, option in sorted((info.options if info else {"A": None, "B": None}).items()):
        outcomes = []
        needs = {"choices": 0, "split": False, "character": False, "pay": 0}
        for o in option.outcomes if option else ():
            when = W.condition_text(o.when)
            outcomes.append({"when": when, "text": W.outcome_text(o)})
            if o.choices:
                needs["choices"] = len(o.choices)
            if o.collective_gold or any(c.collective_gold for c in o.choices):
                needs["split"] = True
            if o.items or any(c.items for c in o.choices):
                needs["character"] = True
            if o.when.pay_collective_gold:
                needs["pay"] = o.when.pay_collective_gold
                needs["split"] = True
        fate = "leaves the game" if option and option.remove else "goes back under the deck"
        if option and all(o.deck is not None for o in option.outcomes):
            fate = ""  # each outcome says where the card goes
        options.append(
            {
                "label": label,
                "outcomes": outcomes,
                "needs": needs,
                "fate": fate,
                "choice_texts": [
                    W.outcome_text(c) for o in (option.outcomes if option else ()) for c in o.choices
                ],
                "known": option is not None,
            }
        )
    return {"deck": deck, "number": number, "options": options, "structured": info is not None}


def town_context(store: CampaignStore, name: str, ctx: dict[str, Any], request: Request) -> dict[str, Any]:
    state, catalog = ctx["state"], ctx["catalog"]
    drawn = request.query_params.get("draw", "")
    events = {}
    for deck, cards in (("city", state.city_deck), ("road", state.road_deck)):
        if drawn == deck and cards:
            events[deck] = _event_view(catalog, deck, cards[0], ctx)
    return {
        "events": events,
        "deck_sizes": {"city": len(state.city_deck), "road": len(state.road_deck)},
        "scenario_effects": [W.words(e.replace(":", " ")) for e in state.scenario_effects],
        "city_done": state.visit > 0 and state.city_event_visit == state.visit,
        "in_town": state.visit > 0 and state.last_scenario_campaign,
    }


def scenarios_context(
    store: CampaignStore, name: str, ctx: dict[str, Any], request: Request
) -> dict[str, Any]:
    doc, state, catalog = ctx["doc"], ctx["state"], ctx["catalog"]
    rows = []
    for n in sorted(set(state.unlocked_scenarios) | set(state.completed_scenarios)):
        info = catalog.scenarios.get(n)
        why = scenario_blocker(catalog, state, n)
        status = "completed" if n in state.completed_scenarios else ("blocked" if why else "available")
        rows.append(
            {
                "number": n,
                "name": info.name if info else "",
                "status": status,
                "why": why if status == "blocked" else "",
                "needs": W.requirement_text(info.requirements, info.requires_completed) if info else "",
                "rewards": W.rewards_text(info.rewards) if info else "",
                "unlocks": list(info.unlocks) if info else [],
                "next": doc["next_scenario"] == n,
            }
        )
    order = {"available": 0, "blocked": 1, "completed": 2}
    rows.sort(key=lambda r: (order[r["status"]], r["number"]))
    return {
        "scenarios": rows,
        "playable": [r for r in rows if r["status"] == "available"],
        "replayable": [r for r in rows if r["status"] == "completed"],
        "locked_count": max(0, len(catalog.scenarios) - len(rows)),
        "players": [_character_row(ctx, n) for n in ctx["active"]],
        "graph": scenario_graph(catalog, state, rows),
    }


def scenario_graph(catalog: Catalog, state: CampaignState, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The unlocked part of the scenario flow chart: each scenario one step below the one that
    unlocked it, arrows along the unlocks (locked scenarios stay hidden, as on the paper map)."""
    status = {r["number"]: r["status"] for r in rows}
    depth: dict[int, int] = {}
    frontier = [n for n in sorted(status) if n in catalog.content.start_scenarios] or sorted(status)[:1]
    for n in frontier:
        depth[n] = 0
    while frontier:
        nxt = []
        for n in frontier:
            info = catalog.scenarios.get(n)
            for u in info.unlocks if info else ():
                if u in status and u not in depth:
                    depth[u] = depth[n] + 1
                    nxt.append(u)
        frontier = nxt
    for n in sorted(status):  # unlocked another way (an event, a quest): on the first row
        depth.setdefault(n, 0)
    levels: dict[int, list[int]] = {}
    for n in sorted(status):
        levels.setdefault(depth[n], []).append(n)
    step_x, step_y, r = 58, 62, 20
    width = max(len(v) for v in levels.values()) * step_x if levels else 0
    pos = {}
    for d, nums in levels.items():
        offset = (width - len(nums) * step_x) / 2
        for i, n in enumerate(nums):
            pos[n] = (offset + step_x * i + step_x / 2, d * step_y + r + 4)
    edges = []
    for n in status:
        info = catalog.scenarios.get(n)
        for u in info.unlocks if info else ():
            if u in pos:
                (x1, y1), (x2, y2) = pos[n], pos[u]
                edges.append({"x1": x1, "y1": y1 + r, "x2": x2, "y2": y2 - r - 3})
    nodes = [{"n": n, "x": x, "y": y, "r": r, "status": status[n]} for n, (x, y) in pos.items()]
    height = max(levels) * step_y + 2 * r + 8 if levels else 0
    return {"nodes": nodes, "edges": edges, "width": max(width, step_x), "height": height}


def log_context(store: CampaignStore, name: str, ctx: dict[str, Any], request: Request) -> dict[str, Any]:
    entries = []
    for e in reversed(store.log(name)):
        text = describe_action(json.dumps(e.action)) if e.action else f"undo of entry {e.target}"
        entries.append(
            {
                "seq": e.seq,
                "at": e.at[:16].replace("T", " "),
                "kind": e.kind,
                "text": text,
                "undone": e.undone,
                "raw": json.dumps(e.action, separators=(",", ":")) if e.action else "",
            }
        )
    return {"entries": entries}


TAB_CONTEXT: dict[str, Callable[..., dict[str, Any]]] = {
    "party": party_context,
    "character": character_context,
    "shop": shop_context,
    "town": town_context,
    "scenarios": scenarios_context,
    "log": log_context,
}


def describe_action(raw: str) -> str:
    """One logged action in words: ``{"action":"buy","character":"Ana","item":3}`` →
    ``buy: Ana, item 3``."""
    obj = json.loads(raw)
    if not isinstance(obj, dict):
        return raw
    name = W.words(obj.pop("action", "action"))
    who = obj.pop("character", None) or obj.pop("name", None)
    rest = []
    for key, value in obj.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {_short(v)}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        elif isinstance(value, bool):
            words = {"success": ("success", "failure")}.get(key, (W.words(key), f"not {W.words(key)}"))
            rest.append(words[0] if value else words[1])
            continue
        rest.append(f"{W.words(key)} {value}")
    return f"{name}: " + ", ".join([str(who)] * bool(who) + rest) if (who or rest) else name


def _short(v: Any) -> str:
    if isinstance(v, dict):
        return "(" + " ".join(f"{k} {x}" for k, x in v.items()) + ")"
    return str(v)


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What an action changed, in words (gold, XP, levels, items, reputation, unlocks...)."""
    out: list[str] = []
    for key, label in (("reputation", "reputation"), ("donations", "donations")):
        if before[key] != after[key]:
            out.append(f"{label} {before[key]} → {after[key]}")
    pb, pa = before["prosperity"], after["prosperity"]
    if pb != pa:
        out.append(f"prosperity {pb['level']} ({pb['checkmarks']} ✓) → {pa['level']} ({pa['checkmarks']} ✓)")
    for name, ca in after["characters"].items():
        cb = before["characters"].get(name)
        if cb is None:
            out.append(f"{name} joins as a level-{ca['level']} {W.class_name(ca['class'])}")
            continue
        bits = []
        for key in ("level", "xp", "gold", "checkmarks", "perks", "quest_progress"):
            if cb[key] != ca[key]:
                bits.append(f"{W.words(key).replace('xp', 'XP')} {cb[key]} → {ca[key]}")
        gained = sorted(set(ca["items"]) - set(cb["items"]))
        lost = sorted(set(cb["items"]) - set(ca["items"]))
        bits += [f"gains item {n}" for n in gained] + [f"gives up item {n}" for n in lost]
        bits += [f"adds {c}" for c in ca["cards"] if c not in cb["cards"]]
        if ca["retired"] and not cb["retired"]:
            bits.append("retires")
        if bits:
            out.append(f"{name}: " + ", ".join(bits))
    for key, label in (
        ("unlocked_scenarios", "scenario unlocked"),
        ("completed_scenarios", "scenario completed"),
        ("envelopes", "envelope opened"),
        ("global_achievements", "global achievement"),
        ("party_achievements", "party achievement"),
        ("classes_unlocked", "class unlocked"),
        ("item_designs", "item design"),
    ):
        new = [x for x in after[key] if x not in before[key]]
        gone = [x for x in before[key] if x not in after[key]]
        if new:
            out.append(f"{label}: " + ", ".join(_label(key, x) for x in new))
        if gone:
            out.append(f"{label} lost: " + ", ".join(_label(key, x) for x in gone))
    return out


def _label(key: str, value: Any) -> str:
    if "achievement" in key:
        return W.achievement_name(str(value))
    if key == "classes_unlocked":
        return W.class_name(str(value))
    return str(value)
