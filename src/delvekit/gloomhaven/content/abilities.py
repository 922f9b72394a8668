"""Card abilities of the content pack as engine abilities
(:class:`~delvekit.gloomhaven.model.abilities.Ability`): the structured parts, the named effects
(``custom`` abilities with a one-word note) and the variables of a formula. Used by the content
adapter (:mod:`~delvekit.gloomhaven.content.adapter`) for character cards, items and monster
cards."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from delvekit.core.errors import ContentError, InputError
from delvekit.gloomhaven.content import character_cards
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import (
    Half,
)


def slug(text: str) -> str:
    """A card name as an id token: ``Eye for an Eye`` → ``eye-for-an-eye``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


CONDITIONS = {c.value for c in Condition}
ELEMENTS = {e.value for e in Element}


def _custom(note: object) -> Ability:
    return Ability(kind="custom", note=slug(str(note)) or "custom")


def value_of(raw: object, mode: str, variables: dict[str, int], *, relative: bool) -> int:
    n = formula(raw if isinstance(raw, int | str) else 0, **variables)
    if relative and mode in ("minus", "subtract"):
        return -n
    return n


def convert(a: cs.CardAbility, variables: dict[str, int], *, relative: bool = False) -> list[Ability]:
    """The engine abilities for one content ability (``relative``: a monster card, whose move
    and attack are ±X on the stat line). A value the engine cannot compute (``X``) gives a
    ``custom`` ability."""
    try:
        return _convert(a, variables, relative=relative)
    except (ContentError, msgspec.ValidationError, InputError):
        return [_custom(f"{a.type}-{a.value}")]


def _convert(a: cs.CardAbility, variables: dict[str, int], *, relative: bool) -> list[Ability]:
    kind = a.type
    subs = {s.type: s for s in a.sub}
    known = ("range", "target", "pierce", "push", "pull", "condition", "jump", "element", "area")
    unknown = [s for s in a.sub if s.type not in known]
    infusions = [
        Ability(kind="infuse", element=Element(str(s.value)))
        for s in a.sub
        if s.type == "element" and s.mode == "infuse" and str(s.value) in ELEMENTS
    ]
    consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume" and str(s.value) in ELEMENTS]
    unknown += [
        s
        for s in a.sub
        if s.type == "element"
        and s not in consumes
        and not (s.mode == "infuse" and str(s.value) in ELEMENTS)
    ]
    if kind == "move":
        extra = [_custom(f"move-{s.type}") for s in a.sub if s.type != "jump"]
        value = value_of(a.value, a.mode, variables, relative=relative)
        return [Ability(kind="move", value=value, jump="jump" in subs), *extra]
    if kind == "attack":
        opts: dict[str, object] = {
            "kind": "attack",
            "value": value_of(a.value, a.mode, variables, relative=relative),
        }
        cells = a.area or (subs["area"].area if "area" in subs else ())
        if cells:
            active = [(c.q, c.r) for c in cells if c.kind == "active"]
            red = [(c.q, c.r) for c in cells if c.kind == "target"]
            if not red or (not active and "range" not in subs and not relative) or len(active) > 1:
                return [_custom("area-attack")]
            origin = active[0] if active else red[0]
            opts["area"] = tuple((q - origin[0], r - origin[1]) for q, r in red)
        for word in ("range", "pierce", "push", "pull"):
            if word in subs:
                opts[word] = value_of(subs[word].value, subs[word].mode, variables, relative=False)
        if "range" in subs and relative and subs["range"].mode in ("minus", "subtract"):
            opts["range"] = -int(opts["range"])  # type: ignore[call-overload]
        if "target" in subs:
            opts["targets"] = value_of(subs["target"].value, "absolute", variables, relative=False)
        affects = [str(s.value) for s in a.sub if s.type == "affects"]
        if affects in (["enemies-adjacent"], ["enemies-range"]):
            opts["targets"] = 0
            unknown = [s for s in unknown if s.type != "affects"]
        adds = [str(s.value) for s in a.sub if s.type == "condition"]
        if any(c not in CONDITIONS | {"bless", "curse"} for c in adds):
            return [_custom("attack-with-" + "-".join(adds))]
        opts["adds"] = tuple(c for c in adds if c in CONDITIONS)
        opts["card_adds"] = tuple(c for c in adds if c in ("bless", "curse"))
        if len(consumes) > 1:
            return [_custom("attack-several-consumptions")]
        if consumes:
            boost = _boost(consumes[0], variables)
            if boost is None:
                return [_custom(f"attack-consume-{consumes[0].value}")]
            opts["consume"] = (Element(str(consumes[0].value)),)
            opts["boost"] = boost
        out = [msgspec.convert(opts, Ability), *infusions]
        return out + [_custom(f"attack-{s.type}-{s.value}") for s in unknown]
    # Self abilities: any sub-ability but "affects self" (and a heal's range) changes who is
    # affected or how, which the engine cannot say yet: keep those as custom.
    others = [
        s
        for s in a.sub
        if not (s.type == "affects" and s.value == "self")
        and not (kind in ("heal", "retaliate") and s.type == "range")
    ]
    changes_who = [s for s in others if s.type != "custom"]
    if kind in ("heal", "shield", "retaliate", "xp", "loot", "suffer-damage", "condition") and changes_who:
        return [_custom(f"{kind}-{a.value}-" + "-".join(f"{s.type}-{s.value}" for s in others))]
    extras = [_custom(f"{kind}-{s.value}") for s in others]  # extra custom rules, e.g. XP per use
    if kind in ("heal", "shield", "retaliate", "xp", "loot", "suffer-damage"):
        n = value_of(a.value, a.mode, variables, relative=False)
        engine_kind = "suffer" if kind == "suffer-damage" else kind
        rng = 0
        if kind in ("heal", "retaliate") and "range" in subs:
            rng = value_of(subs["range"].value, "absolute", variables, relative=False)
        if kind == "loot":
            rng = n
        return [Ability(kind=engine_kind, value=n, range=rng), *extras]  # type: ignore[arg-type]
    if kind == "condition" and str(a.value) in CONDITIONS:
        return [Ability(kind="condition", condition=Condition(str(a.value))), *extras]
    if kind == "element" and a.mode == "infuse" and str(a.value) in ELEMENTS:
        return [Ability(kind="infuse", element=Element(str(a.value)))]
    if kind == "element":
        return [_custom(f"{a.mode}-{a.value}")]
    return [_custom(f"{kind}-{a.value}" if a.value is not None else kind)]


def merge_forced(
    abilities: list[Ability], content: Sequence[cs.CardAbility], variables: dict[str, int]
) -> list[Ability]:
    """A push or pull written as its own line after an attack belongs to that attack."""
    out: list[Ability] = []
    for a in content:
        if a.type in ("push", "pull") and out and out[-1].kind == "attack":
            try:
                amount = value_of(a.value, "absolute", variables, relative=False)
            except ContentError:
                out.append(_custom(f"{a.type}-{a.value}"))
                continue
            out[-1] = msgspec.structs.replace(out[-1], **{a.type: amount})
        elif a.type in ("push", "pull"):
            try:
                out += _shove(a, variables)
            except ContentError:
                out.append(_custom(f"{a.type}-{a.value}"))
        else:
            out += convert(a, variables)
    return out


def _boost(consume: cs.CardAbility, variables: dict[str, int]) -> tuple[str, ...] | None:
    """The boost tokens of an attack's element consumption, or ``None`` if it does more than
    the engine's boosts can say."""
    out: list[str] = []
    for s in consume.sub:
        n = value_of(s.value, "absolute", variables, relative=False) if s.type != "condition" else 0
        if s.type == "attack":
            out.append(f"attack{'-' if s.mode in ('minus', 'subtract') else '+'}{n}")
        elif s.type in ("pierce", "range"):
            out.append(f"{s.type}{'-' if s.mode in ('minus', 'subtract') else '+'}{n}")
        elif s.type == "affects" and s.value == "enemies-range":
            out.append("target=0")  # every enemy within the attack's range
        elif s.type in ("target", "push", "pull"):
            out.append(f"{s.type}={n}")
        elif s.type == "condition" and str(s.value) in CONDITIONS:
            out.append(f"with={s.value}")
        else:
            return None
    return tuple(out) or None


def _shove(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability]:
    """A push or pull of its own: "targeting adjacent enemies" (all) or "an adjacent enemy"."""
    affects = [str(s.value) for s in a.sub if s.type == "affects"]
    others = [s for s in a.sub if s.type != "affects"]
    if others or affects not in (["enemies-adjacent"], ["enemy-adjacent"]):
        return [_custom(f"{a.type}-{a.value}")]
    n = value_of(a.value, "absolute", variables, relative=False)
    return [Ability(kind=a.type, value=n, targets=0 if affects == ["enemies-adjacent"] else 1)]  # type: ignore[arg-type]


def convert_half(h: cs.CardHalf, variables: dict[str, int]) -> Half:
    """A content card half as the engine's :class:`Half` (wordings as named effects, XP, uses)."""
    abilities = character_cards.translate(  # class wordings as named effects
        h.abilities, variables, fallback=lambda items, v: merge_forced([], items, v)
    )
    if h.xp:
        abilities.append(Ability(kind="xp", value=h.xp))
    return Half(
        abilities=tuple(abilities),
        lost=h.lost,
        round_bonus=h.round,
        persistent=h.persistent,
        uses=len(h.slots),
        use_xp=tuple(s.xp for s in h.slots),
    )
