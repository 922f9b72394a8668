"""What one seat of a browser game sees, as JSON-ready data: the board (SVG), the round, every
character, the monster ability cards in words, the goal, the event log and the pending decision
with each legal choice labelled for people (its hex, figure, warning, a move's reachable hexes).

Hidden information never leaves here for another seat: a character's hand, its set-aside cards,
battle goal and card selection before the reveal go to its own seat only, and another seat's
decision is sent without its choices.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any, Literal

from delvekit.core.hexes import Hex
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import decision_words as W
from delvekit.gloomhaven import describe as D
from delvekit.gloomhaven.engine.destinations import reach
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import level_info
from delvekit.gloomhaven.model.setup import Card
from delvekit.web.play_service import Table, undo_point

_HEX_KINDS = {
    "step", "start", "summon-at", "outcome", "place", "hex", "trap-at", "obstacle-at", "at", "teleport",
    "move-to", "push-to", "pull-to", "disarm", "destroy", "shove", "spring", "move-obstacle",
}  # fmt: skip
_COND_ICON = {
    "poison": ("P", "#4d8b31"), "wound": ("W", "#b3262e"), "immobilize": ("I", "#6b4f2a"),
    "disarm": ("D", "#555"), "stun": ("S", "#1f5fa8"), "muddle": ("M", "#7a5aa8"),
    "invisible": ("V", "#222"), "strengthen": ("+", "#c9971c"),
}  # fmt: skip


def parse_hex(text: str) -> Hex | None:
    q, sep, r = text.partition(",")
    try:
        return (int(q), int(r)) if sep else None
    except ValueError:
        return None


def seat_names(table: Table) -> dict[str, str]:
    """:func:`~delvekit.gloomhaven.describe.figure_names`, a campaign's characters as ``Ana (Brute)``."""
    names = D.figure_names(table.game)
    if table.campaign:
        for cid, person in dict(table.campaign.get("names", {})).items():
            names[cid] = f"{person} ({names.get(cid, cid)})"
    return names


def card_info(card: Card) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": D.words(card.id),
        "initiative": card.initiative,
        "level": card.level,
        "top": D.half_text(card.top),
        "bottom": D.half_text(card.bottom),
        "top_lost": card.top.lost,
        "bottom_lost": card.bottom.lost,
    }


@cache
def _room_of_hex(scenario: str) -> dict[Hex, tuple[int, ...]]:
    """Hex → engine room indices (as :func:`setup_from_pack` numbers them), from the content pack."""
    from delvekit.gloomhaven.content import load_pack

    try:
        s = load_pack().scenarios[int(scenario)]
        smap = s.map()
    except Exception:  # scenario 55's random map, a custom setup: no rooms to veil
        return {}
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    rest = sorted(set(numbers) - initial)
    index = {n: (0 if n in initial else 1 + rest.index(n)) for n in numbers}
    return {h: tuple(index[n] for n in smap.rooms_at(h)) for h in smap.board.hexes}


def revealed_selection(game: Game) -> bool:
    st = game.state
    return bool(st.order or st.pending_ties)


def round_cards(game: Game) -> dict[str, str]:
    """The monster ability card each deck drew in the last round played (deck → card id), from the
    round's ``ability-card`` events: the round's end puts the cards back in the decks (§3.5), and
    a game that ended there still shows the cards whose initiatives its round order lists."""
    drawn: dict[str, str] = {}
    for e in reversed(game.events):
        if e.kind == "round":
            break
        if e.kind == "ability-card" and len(e.args) > 1:
            drawn.setdefault(e.args[0], e.args[1])
    return drawn


def view(table: Table, seat: str | None) -> dict[str, Any]:
    """The JSON view of ``table`` for ``seat`` (a character id, or None for a spectator)."""
    game = table.game
    st = game.state
    setup = game.setup
    names = seat_names(table)
    d = game.decision
    info = level_info(setup.level)
    revealed = revealed_selection(game)
    characters = []
    for ch in setup.party:
        cs = st.characters[ch.id]
        fig = st.figures.get(ch.id)
        own = seat == ch.id
        cards = {c.id: c for c in ch.hand}
        entry: dict[str, Any] = {
            "id": ch.id,
            "name": names.get(ch.id, D.words(ch.class_name)),
            "player": table.seats.get(ch.id, "person"),
            "level": ch.level,
            "hp": fig.hp if fig else 0,
            "max_hp": fig.max_hp if fig else ch.max_health,
            "xp": cs.xp,
            "coins": cs.coins,
            "exhausted": cs.exhausted,
            "conditions": [c.value for c in fig.conditions] if fig else [],
            "hand_limit": ch.hand_limit,
            "hand_count": len(cs.hand),
            "hand": [card_info(cards[c]) for c in cs.hand] if own else None,
            "discard": [card_info(cards[c]) for c in cs.discard],
            "lost": [card_info(cards[c]) for c in cs.lost],
            "active": [
                {**card_info(cards[a.card]), "half": a.half, "duration": a.duration, "used": a.used}
                for a in cs.active
            ],
            "selected": [card_info(cards[c]) for c in cs.selected] if own or revealed else None,
            "selected_count": len(cs.selected),
            "long_rest": cs.long_rest if own or revealed else None,
            "set_aside": [card_info(cards[c]) for c in cs.set_aside] if own else None,
            "battle_goal": cs.battle_goal if own else None,
            "items": [
                {
                    "number": i.number,
                    "name": i.name,
                    "state": cs.items.get(i.number, "unused"),
                    "uses": i.uses,
                    "used": cs.item_uses.get(i.number, 0),
                }
                for i in ch.items
            ],
        }
        characters.append(entry)
    turn = st.order[st.turn_index - 1] if 0 < st.turn_index <= len(st.order) else None
    order = [
        {
            "kind": t.kind,
            "id": t.id,
            "name": names.get(t.id, D.words(t.id)),
            "initiative": t.initiative,
            "done": i < st.turn_index - 1,
            "current": turn is not None and i == st.turn_index - 1,
        }
        for i, t in enumerate(st.order)
    ]
    monster_cards = []
    types_on_board = {f.name for f in st.monsters()}
    drawn = round_cards(game)
    for m in setup.monsters:
        deck_card = st.revealed.get(m.deck) or drawn.get(m.deck)
        stat_lines = {
            r: D.stats_text(s) for r, s in (("normal", m.normal), ("elite", m.elite), ("boss", m.boss)) if s
        }
        if m.name not in types_on_board:
            continue
        entry = {"type": m.name, "name": D.words(m.name), "stats": stat_lines, "card": None}
        if deck_card is not None:
            card = next((c for c in setup.decks[m.deck] if c.id == deck_card), None)
            if card is not None:
                entry["card"] = {
                    "id": card.id,
                    "initiative": card.initiative,
                    "lines": D.monster_card_lines(card, m),
                    "shuffle": card.shuffle,
                }
        monster_cards.append(entry)
    figures = [
        {
            "id": f.id,
            "name": names[f.id],
            "kind": f.kind,
            "rank": f.rank,
            "hp": f.hp,
            "max_hp": f.max_hp,
            "hex": f"{f.hex[0]},{f.hex[1]}",
            "conditions": [c.value for c in f.conditions],
            "side": f.side,
        }
        for f in sorted(st.figures.values(), key=lambda f: (f.kind != "character", f.id))
    ]
    decision = decision_view(table, seat, d, names)
    events = D.events_text(game.events[-300:], names)[-80:]
    outcome = game.outcome
    return {
        "id": table.id,
        "version": table.version,
        "title": table.title,
        "scenario": setup.scenario,
        "seat": seat,
        "seats": table.seats,
        "round": st.round,
        "result": game.result,
        "digest": game.digest(),
        "decision": decision,
        "undo": undo_allowed(table, seat),
        "level": {
            "scenario_level": setup.level,
            "monster_level": info.monster_level,
            "trap_damage": info.trap_damage,
            "hazardous_damage": info.hazardous_damage,
            "gold_per_coin": info.gold_per_coin,
            "bonus_xp": info.bonus_xp,
        },
        "goal": D.goal_words(setup),
        "elements": {e.value: st.elements[e].name.lower() for e in Element},
        "order": order,
        "turn": names.get(turn.id, turn.id) if turn else None,
        "monsters": monster_cards,
        "characters": characters,
        "figures": figures,
        "events": events,
        "board": board_svg(game, names, decision),
        "campaign": table.campaign,
        "outcome": (
            [
                {
                    "id": c.id,
                    "name": names.get(c.id, c.id),
                    "xp": c.xp,
                    "coins": c.coins,
                    "gold": c.gold,
                    "bonus_xp": c.bonus_xp,
                    "exhausted": c.exhausted,
                }
                for c in outcome.characters
            ]
            if outcome
            else None
        ),
    }


def undo_allowed(table: Table, seat: str | None) -> bool:
    from delvekit.core.errors import DelvekitError

    if seat is None or table.seats.get(seat) != "person" or not table.authors:
        return False
    try:
        undo_point(table, seat)
        return True
    except DelvekitError:
        return False


def decision_view(
    table: Table, seat: str | None, d: Decision | None, names: dict[str, str]
) -> dict[str, Any] | None:
    """The API's ``decision`` (actor, kind, choices; choices only for a seat that may answer) plus,
    for that seat, each choice labelled for people."""
    if d is None:
        return None
    mine = seat is not None and table.may_answer(seat)
    out: dict[str, Any] = {
        "actor": d.actor,
        "actor_name": "the party" if d.actor == "party" else names.get(d.actor, d.actor),
        "kind": d.kind,
        "choices": d.choices.texts() if mine else [],
        "mine": mine,
        "bot": table.bot_to_play() is not None,
        "prompt": prompt(d, names, table.game),
    }
    if not mine:
        return out
    game = table.game
    out["options"] = [option(game, d, c, names) for c in d.choices]
    if d.kind == "move" and any(c.kind == "step" for c in d.choices):
        out["reach"] = reach(game)
    return out


def prompt(d: Decision, names: dict[str, str], game: Game | None = None) -> str:
    """The decision as a sentence (:func:`delvekit.gloomhaven.decision_words.prompt`, the words
    the terminal uses too), with how to answer it on this page where it has its own controls."""
    text = W.prompt(d, names, game)
    if d.kind == "move" and any(c.kind == "step" for c in d.choices):
        return text + " (click a highlighted hex)"
    if d.kind == "select":  # the page's own way to answer replaces "the leading one first"
        lead = "the leading one first (its initiative counts)"
        return text.replace(", " + lead, lead).replace(lead, " (pick two, then say which one leads)")
    return text


def option(game: Game, d: Decision, c: Choice, names: dict[str, str]) -> dict[str, Any]:
    """One legal choice for people: its label (:func:`delvekit.gloomhaven.decision_words.choice_label`),
    hex, figure and a warning when it loses a card or exhausts the character."""
    st = game.state
    text = str(c)
    args = list(c.args)
    label = W.choice_label(game, d, c, names)
    out: dict[str, Any] = {"text": text, "label": label, "hex": None, "figure": None, "warn": None}
    cards: dict[str, Card] = {}
    if d.actor in st.characters:
        cards = {k.id: k for ch in game.setup.party if ch.id == d.actor for k in ch.hand}
    hexes = [a for a in args if parse_hex(a) is not None]
    figures = [a.split("=", 1)[-1] for a in args if a.split("=", 1)[-1] in st.figures]
    if c.kind in _HEX_KINDS and hexes:
        out["hex"] = hexes[-1] if c.kind in ("hex", "shove", "move-obstacle") else hexes[0]
    elif len(set(figures)) == 1:
        g = st.figures[figures[0]]
        out["figure"], out["hex"] = g.id, f"{g.hex[0]},{g.hex[1]}"
    if c.kind == "select" and len(args) == 2 and args[0] in cards:
        out["initiative"] = cards[args[0]].initiative
    elif c.kind == "take" and args and args[0].isdigit():
        n = int(args[0])
        f = st.figures.get(d.actor)
        if f is not None and n >= f.hp:
            out["warn"] = f"{n} damage exhausts {names.get(d.actor, d.actor)} ({f.hp} health left)"
    elif c.kind == "take" and args:
        out["card"] = args[0]
    elif c.kind in ("top", "bottom") and args and args[0] in cards:
        side = cards[args[0]].top if c.kind == "top" else cards[args[0]].bottom
        out["label"] = f"{label}: {D.half_text(side)}"
        if side.lost:
            out["warn"] = f"{D.words(args[0])} is lost after this action"
    elif c.kind in ("lose-hand", "lose-discard", "lose") and args:
        out["warn"] = f"{' and '.join(D.words(a) for a in args)} will be lost for the rest of the scenario"
    elif c.kind == "long-rest":
        out["warn"] = "a long rest loses one card"
    elif c.kind == "short-rest":
        out["warn"] = "a short rest loses a random card"
    elif d.kind == "battle-goal" and c.kind == "keep" and args:  # what the goal asks, not only its name
        from delvekit.gloomhaven.battle_goal_words import goal_words
        from delvekit.gloomhaven.scenario.battle_goals import CHECKS

        out["note"] = goal_words(args[0], CHECKS.get(args[0])) or None
    return out


def board_svg(game: Game, names: dict[str, str], decision: dict[str, Any] | None) -> str:
    """The board now, as the scenario book draws it: standees labelled by type and number, health
    bars, condition icons, coins, unrevealed rooms veiled, the hexes the decision can use
    highlighted and clickable."""
    from delvekit.render.scenario import monster_labels
    from delvekit.render.svg import Marker, Token, board_svg

    board = game.board()
    if board is None:
        return ""
    st = game.state
    labels = monster_labels(f.name for f in st.figures.values() if f.kind == "monster")
    figures: list[Token] = []
    for f in st.figures.values():
        if f.kind == "character":
            figures.append(Token(f.hex, names[f.id][:2], "character", names[f.id]))
        elif f.kind == "monster":
            rank: Literal["normal", "elite", "boss"] = f.rank if f.rank in ("elite", "boss") else "normal"
            figures.append(Token(f.hex, f"{labels.get(f.name, '?')}{f.standee}", rank, names[f.id]))
        else:
            summon = f.kind == "summon"
            figures.append(
                Token(f.hex, "S" if summon else "O", "summon" if summon else "objective", names[f.id])
            )
    markers = [Marker(h, "coin", str(n)) for h, n in st.coins.items()]
    rooms = _room_of_hex(game.setup.scenario)
    open_rooms = {0, *st.revealed_rooms}
    dimmed = [h for h, rs in rooms.items() if rs and not (set(rs) & open_rooms)]
    highlights: dict[Hex, str] = {}
    picks: dict[str, str] = {}
    if decision and decision.get("mine"):
        for h_text in decision.get("reach", {}):
            picks[h_text] = "reach"
        for o in decision.get("options", []):
            if o.get("hex") and not (o["text"].startswith("step ")):
                picks[o["hex"]] = "target" if o.get("figure") else "pick"
    for h_text, kind in picks.items():
        h = parse_hex(h_text)
        if h is not None:
            highlights[h] = {"reach": "#1f6fd1", "target": "#c0392b", "pick": "#2e8b57"}[kind]
    by_hex = {f.hex: f for f in st.figures.values()}

    def overlay(centre: Any) -> str:
        parts = ['<g class="play-overlay">']
        for f in st.figures.values():
            cx, cy = centre(f.hex)
            w = 26.0
            frac = max(0.0, min(1.0, f.hp / f.max_hp)) if f.max_hp else 0
            colour = "#2e8b57" if frac > 0.5 else "#d08a1c" if frac > 0.25 else "#c0392b"
            x0, y0 = cx - w / 2, cy + 13
            parts.append(
                f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="4" fill="#3b342c"/>'
                f'<rect class="hpbar" x="{x0:.1f}" y="{y0:.1f}" width="{w * frac:.1f}" height="4" '
                f'fill="{colour}"><title>{escape(names[f.id])}: {f.hp}/{f.max_hp}</title></rect>'
            )
            for i, cond in enumerate(f.conditions):
                letter, fill = _COND_ICON.get(cond.value, ("?", "#444"))
                x = cx + 13 - i * 9
                parts.append(
                    f'<g class="cond"><circle cx="{x:.1f}" cy="{cy - 14:.1f}" r="5" fill="{fill}" '
                    f'stroke="#fff"/><text x="{x:.1f}" y="{cy - 11.5:.1f}" font-size="7" '
                    f'text-anchor="middle" fill="#fff">{letter}</text><title>{cond.value}</title></g>'
                )
        for h_text, kind in picks.items():
            h = parse_hex(h_text)
            if h is None:
                continue
            cx, cy = centre(h)
            who = by_hex.get(h)
            title = names[who.id] if who is not None else h_text
            parts.append(
                f'<circle class="pick {kind}" data-hex="{h_text}" cx="{cx:.1f}" cy="{cy:.1f}" r="24" '
                f'fill="#1f6fd1" fill-opacity="{0.16 if kind == "reach" else 0.08}" tabindex="-1">'
                f"<title>{escape(title)}</title></circle>"
            )
        parts.append("</g>")
        return "".join(parts)

    return board_svg(
        board,
        figures=figures,
        markers=markers,
        dimmed=dimmed,
        highlights=highlights,
        orientation="pointy",
        overlay=overlay,
        labels="coords",
    )
