"""Campaign content in words for the campaign pages: ability cards, perks, items, event outcomes,
scenario rewards and requirements, written from the structured content (our own wording).

>>> perk_text(0, _Perk(remove=("-1", "-1")))
'Remove two −1 cards'
>>> perk_text(1, _Perk(remove=("-1",), add=("+1",)))
'Replace one −1 card with one +1 card'
>>> outcome_text(Outcome(gold=-5, reputation=1))
'each character loses 5 gold; reputation +1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import msgspec

from delvekit.gloomhaven.campaign.content import Outcome, OutcomeCondition, Requirement, Rewards

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


class _Perk(msgspec.Struct, frozen=True, kw_only=True):
    remove: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    ignore: str | None = None
    count: int = 1


@cache
def pack() -> Any:
    """The bundled content pack (names and texts), or None without it."""
    try:
        from delvekit.gloomhaven.content import load_pack

        return load_pack()
    except Exception:  # pragma: no cover - the pack ships with delvekit
        return None


def words(slug: object) -> str:
    """A content id in words: ``xp-per-target`` → ``xp per target``."""
    return str(slug).replace("-", " ").replace("_", " ")


def _card(text: str) -> str:
    return text.replace("-", "−", 1) if text.startswith("-") else text


def _cards(texts: Sequence[str]) -> str:
    """``("+1", "+1")`` → ``two +1 cards``; mixed lists are listed one by one."""
    if not texts:
        return ""
    if len(set(texts)) == 1:
        n = len(texts)
        return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {_card(texts[0])} card{'s' if n > 1 else ''}"
    return ", ".join(f"one {_card(t)}" for t in texts) + " cards"


def perk_text(index: int, perk: Any) -> str:
    """What a perk line does, in words."""
    if getattr(perk, "ignore", None):
        text = f"Ignore {words(perk.ignore)}"
        return text + (f" and add {_cards(perk.add)}" if perk.add else "")
    remove, add = tuple(perk.remove), tuple(perk.add)
    if remove and add:
        return f"Replace {_cards(remove)} with {_cards(add)}"
    if remove:
        return f"Remove {_cards(remove)}"
    if add:
        return f"Add {_cards(add)}"
    return f"Perk {index}"


def class_perks(cls: str) -> list[str]:
    p = pack()
    klass = p.classes.get(cls) if p is not None else None
    return [perk_text(i, pk) for i, pk in enumerate(klass.perks)] if klass else []


def class_name(cls: str) -> str:
    p = pack()
    klass = p.classes.get(cls) if p is not None else None
    return str(klass.name) if klass else words(cls).title()


def ability_text(a: Any) -> str:
    """One ability line: ``Attack 3, pierce 2``, ``Move 4, jump``, ``Infuse earth``."""
    value = a.value
    if a.type == "element":
        head = f"{'Consume' if a.mode == 'consume' else 'Infuse'} {words(value)}"
    elif a.type == "condition" or a.type == "custom":
        head = words(value).capitalize()
    elif a.type == "summon" and a.summon is not None:
        s = a.summon
        head = f"Summon {s.name} (health {s.health}, move {s.move}, attack {s.attack}"
        head += f", range {s.range})" if s.range else ")"
    elif a.type == "affects":
        head = f"({words(value)})"
    elif value is None:
        head = words(a.type).capitalize()
    else:
        sign = "+" if a.mode == "add" and isinstance(value, int) and value >= 0 else ""
        head = f"{words(a.type).capitalize()} {sign}{value}"
    parts = [head]
    for sub in a.sub:
        if sub.type == "area":
            targets = sum(1 for h in sub.area if h.kind == "target")
            parts.append(f"area of {targets} hex{'es' if targets != 1 else ''}")
        elif sub.type == "affects":
            parts.append(words(sub.value))
        else:
            parts.append(ability_text(sub).lower() if sub.type != "summon" else ability_text(sub))
    return ", ".join(parts)


def half_text(half: Any) -> str:
    lines = [ability_text(a) for a in half.abilities] or ["(nothing)"]
    marks = [
        m for m, on in (("lost", half.lost), ("persistent", half.persistent), ("round", half.round)) if on
    ]
    if half.xp:
        marks.append(f"+{half.xp} XP")
    return "; ".join(lines) + (f" [{', '.join(marks)}]" if marks else "")


@cache
def card_text(cls: str, name: str) -> dict[str, Any]:
    """A card's level, initiative and both halves in words (empty texts when not in the pack)."""
    p = pack()
    klass = p.classes.get(cls) if p is not None else None
    for card in klass.cards if klass else ():
        if card.name.lower() == name.lower():
            return {
                "name": card.name,
                "level": card.level,
                "initiative": card.initiative,
                "top": half_text(card.top) if card.encoded or card.top.abilities else "",
                "bottom": half_text(card.bottom) if card.encoded or card.bottom.abilities else "",
            }
    return {"name": name, "level": "?", "initiative": "?", "top": "", "bottom": ""}


@cache
def item_text(number: int) -> str:
    """What an item does, in words."""
    p = pack()
    item = p.items.get(number) if p is not None else None
    if item is None:
        return ""
    parts = [ability_text(a) for a in item.effects]
    if item.modifiers_added:
        parts.append("adds " + ", ".join(_card(m) for m in item.modifiers_added) + " to the modifier deck")
    if item.summon is not None:
        parts.append(f"summons {item.summon.name}")
    use = {"spent": "spent (refreshed by a long rest)", "consumed": "consumed (back after the scenario)"}
    text = "; ".join(parts)
    when = TRIGGER_WORDS.get(item.trigger, f"when: {words(item.trigger)}") if item.trigger else ""
    if when:
        text = f"{when}: {text}" if text else when
    if item.use in use:
        text += f" · {use[item.use]}"
    if item.uses:
        text += f" · {item.uses} uses"
    return text


TRIGGER_WORDS = {
    "own-turn": "on your turn",
    "melee-attack": "on a melee attack",
    "ranged-attack": "on a ranged attack",
    "attack": "on an attack",
    "damaged-by-attack": "when an attack damages you",
    "attacked": "when attacked",
    "always": "always",
    "end-of-turn": "at the end of your turn",
    "move": "on a move",
    "default-action": "on a basic attack or move",
    "round-start": "at the start of a round",
    "enemy-consumes-element": "when an enemy consumes an element",
    "ally-attack": "when an ally attacks",
    "kill": "when you kill",
    "condition-gained": "when you gain a condition",
    "loot": "when you loot",
}
"""When an item is used, in words (the pack's trigger ids)."""

SLOT_WORDS = {
    "head": "head",
    "body": "body",
    "legs": "legs",
    "one-hand": "one hand",
    "two-hands": "two hands",
    "small": "small item",
}


def quest_name(quest: str | None) -> str:
    if quest is None:
        return ""
    p = pack()
    q = p.personal_quests.get(int(quest)) if p is not None and quest.isdigit() else None
    return f"{quest} {q.name}" if q is not None and q.name else str(quest)


def quest_reward(unlocks_class: str | None, unlocks_envelope: str | None) -> str:
    if unlocks_class:
        return f"unlocks the {class_name(unlocks_class)} class"
    if unlocks_envelope:
        return f"opens envelope {unlocks_envelope}"
    return ""


def achievement_name(slug: str) -> str:
    p = pack()
    a = p.achievements.get(slug) if p is not None else None
    return str(a.name) if a is not None else words(slug).title()


def achievement_list() -> list[tuple[str, str, str]]:
    """Every achievement of the pack: (id, name, kind), by name."""
    p = pack()
    rows = [(str(a.id), str(a.name), str(a.kind)) for a in p.achievements.values()] if p is not None else []
    return sorted(rows, key=lambda r: r[1].lower())


def _signed(amount: int, what: str) -> str:
    return f"{what} {amount:+d}"


def condition_text(c: OutcomeCondition) -> str:
    parts = []
    if c.otherwise:
        parts.append("otherwise")
    if c.reputation_at_least is not None:
        parts.append(f"if reputation ≥ {c.reputation_at_least}")
    if c.reputation_at_most is not None:
        parts.append(f"if reputation ≤ {c.reputation_at_most}")
    if c.class_in_party:
        parts.append("if a " + " or ".join(class_name(x) for x in c.class_in_party) + " is in the party")
    if c.party_achievement:
        parts.append(f"if the party has {achievement_name(c.party_achievement)}")
    if c.global_achievement:
        parts.append(f"if the world has {achievement_name(c.global_achievement)}")
    if c.pay_collective_gold:
        parts.append(f"if the party pays {c.pay_collective_gold} gold together")
    return ", ".join(parts)


def outcome_text(o: Outcome) -> str:
    """An event outcome in words (its condition left out)."""
    parts: list[str] = []
    if o.gold:
        parts.append(f"each character {'gains' if o.gold > 0 else 'loses'} {abs(o.gold)} gold")
    if o.xp:
        parts.append(f"each character {'gains' if o.xp > 0 else 'loses'} {abs(o.xp)} XP")
    if o.checkmarks:
        parts.append(
            f"each character {'gains' if o.checkmarks > 0 else 'loses'} {abs(o.checkmarks)} check mark(s)"
        )
    if o.collective_gold:
        verb = "gains" if o.collective_gold > 0 else "loses"
        parts.append(f"the party {verb} {abs(o.collective_gold)} gold, shared as it likes")
    if o.reputation:
        parts.append(_signed(o.reputation, "reputation"))
    if o.prosperity:
        parts.append(_signed(o.prosperity, "prosperity"))
    if o.unlock_scenarios:
        parts.append("unlocks scenario " + ", ".join(map(str, o.unlock_scenarios)))
    parts += [f"global achievement {achievement_name(a)}" for a in o.global_achievements]
    parts += [f"party achievement {achievement_name(a)}" for a in o.party_achievements]
    parts += [f"loses party achievement {achievement_name(a)}" for a in o.lose_party_achievements]
    if o.item_designs:
        parts.append("item design " + ", ".join(map(str, o.item_designs)))
    if o.random_item_designs:
        parts.append("a random item design")
    if o.items:
        parts.append("one character takes item " + ", ".join(_item_name(n) for n in o.items))
    if o.add_events.city or o.add_events.road:
        parts.append(_events_added(o.add_events.city, o.add_events.road))
    parts += [f"next scenario: {words(e.replace(':', ' '))}" for e in o.scenario_effects]
    if o.choices:
        parts.append(
            "choose one: " + " or ".join(f"({i + 1}) {outcome_text(c)}" for i, c in enumerate(o.choices))
        )
    if o.deck == "remove":
        parts.append("the card leaves the game")
    return "; ".join(parts) or "no effect"


def _events_added(city: Iterable[int], road: Iterable[int]) -> str:
    bits = [f"city event {n}" for n in city] + [f"road event {n}" for n in road]
    return "adds " + ", ".join(bits) + " to the decks"


def _item_name(number: int) -> str:
    p = pack()
    item = p.items.get(number) if p is not None else None
    return f"{number} {item.name}" if item is not None else str(number)


def rewards_text(r: Rewards) -> str:
    parts: list[str] = []
    if r.gold:
        parts.append(f"{r.gold} gold each")
    if r.xp:
        parts.append(f"{r.xp} XP each")
    if r.collective_gold:
        parts.append(f"{r.collective_gold} gold shared")
    if r.checkmarks:
        parts.append(f"{r.checkmarks} check mark(s) each")
    if r.reputation:
        parts.append(_signed(r.reputation, "reputation"))
    if r.prosperity:
        parts.append(_signed(r.prosperity, "prosperity"))
    parts += [f"global achievement {achievement_name(a)}" for a in r.global_achievements]
    parts += [
        f"loses {achievement_name(a)}" for a in (*r.lose_global_achievements, *r.lose_party_achievements)
    ]
    parts += [f"party achievement {achievement_name(a)}" for a in r.party_achievements]
    if r.items:
        parts.append("item " + ", ".join(_item_name(n) for n in r.items) + " each")
    if r.item_designs:
        parts.append("item design " + ", ".join(_item_name(n) for n in r.item_designs))
    parts += [f"envelope {e}" for e in r.envelopes]
    parts += [f"unlocks the {class_name(c)}" for c in r.classes]
    if r.add_events.city or r.add_events.road:
        parts.append(_events_added(r.add_events.city, r.add_events.road))
    return ", ".join(parts)


def requirement_text(reqs: Sequence[Requirement], groups: Sequence[Sequence[int]]) -> str:
    """What a scenario needs, in words (empty when nothing)."""
    out = []
    if groups:
        out.append(" or ".join("scenario " + " and ".join(map(str, g)) for g in groups) + " completed")
    alts = []
    for r in reqs:
        names = (*r.global_achievements, *r.party_achievements)
        have = [achievement_name(a) for a in names if not a.startswith("!")]
        without = [achievement_name(a[1:]) for a in names if a.startswith("!")]
        text = " and ".join(have)
        if without:
            text += (", " if text else "") + "without " + " or ".join(without)
        if text:
            alts.append(text)
    if alts:
        out.append(" or ".join(alts))
    return "; ".join(out)


# the command line's words in a rule's message, and the page's control that does the same
_PAGE_WORDS = {
    "with fulfill_quest": "with “Record the personal quest fulfilled”",
}


def page_words(message: str) -> str:
    """A rule's message as the page says it: a quoted content id in words, the command line's
    action names as the page's controls.

    >>> page_words("enhancing needs the global achievement 'the-power-of-enhancement'")
    'enhancing needs the global achievement “The Power of Enhancement”'
    >>> page_words("quest not fulfilled; record it with fulfill_quest if it is")
    'quest not fulfilled; record it with “Record the personal quest fulfilled” if it is'
    """
    import re

    from delvekit.gloomhaven.describe import words

    for cli, page in _PAGE_WORDS.items():
        message = message.replace(cli, page)
    return re.sub(r"'([a-z0-9]+(?:-[a-z0-9]+)+)'", lambda m: f"“{words(m.group(1))}”", message)

