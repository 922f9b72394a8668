"""Class card wordings as named effects: the content adapter's half for character cards.

:func:`translate` turns the content abilities of one card half into engine
:class:`~delvekit.gloomhaven.model.abilities.Ability` records. What the structured abilities can say
goes through :func:`~delvekit.gloomhaven.content.adapter.merge_forced` unchanged; each special
wording becomes one ``custom`` ability named after its effect (handlers in
:mod:`~delvekit.gloomhaven.effects.classes.brute` and
:mod:`~delvekit.gloomhaven.effects.classes.mindthief`) whose ``then`` holds its parts: real abilities
(``attack 2``, ``condition muddle``, ``xp 1``) and one-word flags as custom parts
(``enemy-range-5``, ``normal-only``, ``x-is-hexes-moved-this-turn``).

>>> from delvekit.gloomhaven.content import schema as cs
>>> roar = cs.CardAbility(type="custom", value="bonus-this-round",
...                   sub=(cs.CardAbility(type="attack", value=1, mode="add"),))
>>> [str(a) for a in translate([roar], {}, fallback=lambda items, v: [])]
['custom bonus-this-round then attack:1']

Named effects made here (see docs in :mod:`~delvekit.gloomhaven.effects.classes.brute` and ``mindthief``):
``attack-x``, ``move-x``, ``attack-moved-through``, ``xp-per-retaliate``, ``redirect-attacks``,
``shield-on-attacked``, ``bonus-this-round``, ``attack-per-condition``, ``augment``,
``control-enemy``, ``ally-performs``, ``summon``, ``afflict``, ``if-ended-in-starting-hex``,
``if-moved-in-straight-line``, ``xp-per-target``, ``kill``,
``moves-count-as-attacks``, ``two-augments-active``, ``ranged-attacks-gain-augments``,
``consume-for``, ``extra-coin-per-adjacent-enemy``, ``allies-bonus-per-nearby-ally``,
``enemy-turns-on-its-allies``, ``attack-consumes``, ``push-consume``; for the classes that
followed (:func:`_class_special`): ``to-allies``, ``ally-recovers``, ``create-trap`` and the
words of :data:`CLASS_WORDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from delvekit.core.errors import ContentError, InputError
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

Fallback = Callable[[list[cs.CardAbility], dict[str, int]], list[Ability]]

_CONDITIONS = {c.value for c in Condition}


def flag(text: str) -> Ability:
    """A one-word part of a named effect (``enemy-range-5``)."""
    return Ability(kind="custom", note=text)


def named(note: str, *parts: Ability) -> Ability:
    return Ability(kind="custom", note=note, then=tuple(parts))


def _n(raw: object, variables: dict[str, int]) -> int:
    return formula(raw if isinstance(raw, int | str) else 0, **variables)


def _affects(a: cs.CardAbility, variables: dict[str, int]) -> Ability:
    """``affects`` as a flag: ``affects-enemy-adjacent``, ``affects-enemy-range-5``."""
    rng = [s for s in a.sub if s.type == "range"]
    text = f"affects-{a.value}"
    if rng:
        text = text.removesuffix("-range") + f"-range-{_n(rng[0].value, variables)}"
    return flag(text)


def _part(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability]:
    """A sub-ability of a special wording as parts (recursively flattened, one level)."""
    if a.type == "affects":
        return [_affects(a, variables)]
    if a.type == "custom":
        out = [flag(str(a.value).replace(":", "-"))]
        for s in a.sub:
            out += _part(s, variables)
        return out
    if a.type == "condition" and str(a.value) in _CONDITIONS | {"bless", "curse"}:
        if str(a.value) in ("bless", "curse"):
            return [flag(str(a.value))]
        return [Ability(kind="condition", condition=Condition(str(a.value)))]
    if a.type == "element":
        out = [flag(f"{a.mode}-{a.value}")]
        for s in a.sub:
            out += _part(s, variables)
        return out
    if a.type in ("attack", "move", "heal", "shield", "retaliate", "xp", "push", "pull", "loot"):
        if a.value == "X":
            return [flag(f"{a.type}-x")]
        value = _n(a.value, variables)
        if a.mode in ("add", "plus", "subtract", "minus"):
            sign = -1 if a.mode in ("subtract", "minus") else 1
            if a.type == "attack" and a.mode in ("add", "subtract"):
                return [Ability(kind="attack", value=sign * value)]  # a bonus to the parent attack
            return [flag(f"{a.type}-{'plus' if sign > 0 else 'minus'}-{value}")]
        rng = 0
        extra: list[Ability] = []
        for s in a.sub:
            if s.type == "range" and s.mode in ("plus", "minus"):
                extra.append(flag(f"range-{s.mode}-{_n(s.value, variables)}"))
            elif s.type == "range":
                rng = _n(s.value, variables)
            else:
                extra += _part(s, variables)
        return [Ability(kind=a.type, value=value, range=rng), *extra]  # type: ignore[arg-type]
    if a.type in ("range", "target", "pierce"):
        return [flag(f"{a.type}-{_n(a.value, variables)}")]
    if a.type == "jump":
        return [flag("jump")]
    return [flag(f"{a.type}-{a.value}")]


def _plain(
    a: cs.CardAbility, drop: Sequence[str], fallback: Fallback, variables: dict[str, int]
) -> list[Ability]:
    """``a`` without the sub-abilities whose type or value is in ``drop``, as plain abilities."""
    sub = tuple(s for s in a.sub if s.type not in drop and str(s.value) not in drop)
    return fallback(
        [cs.CardAbility(type=a.type, value=a.value, mode=a.mode, sub=sub, area=a.area)], variables
    )


def _customs(a: cs.CardAbility) -> dict[str, cs.CardAbility]:
    return {str(s.value): s for s in a.sub if s.type == "custom"}


def _death_burst(s: cs.SummonStats, variables: dict[str, int]) -> list[Ability]:
    """The Living Bomb's "on death: Attack N every enemy within range R, infuse E" as flags
    (performed by :func:`delvekit.gloomhaven.effects.classes.summoner.summon_died`)."""
    out = [flag("su-death-burst")]
    for x in s.abilities:
        if x.type == "attack":
            reach = next((r for w in x.sub if w.type == "affects" for r in w.sub if r.type == "range"), None)
            out.append(flag(f"su-burst-attack-{_n(x.value, variables)}"))
            out.append(flag(f"su-burst-range-{_n(reach.value, variables) if reach else 1}"))
        elif x.type == "element" and x.mode == "infuse":
            out.append(flag(f"su-burst-infuse-{x.value}"))
    return out


def _summon_wordings(s: cs.SummonStats, variables: dict[str, int]) -> list[Ability]:
    """A summon's stat-line wordings acted on by :mod:`delvekit.gloomhaven.effects.classes.summoner`:
    ``summon-infuse-on-attack-E`` (an element, ``wild`` for any, infused when it attacks),
    ``summon-turn-end-heal-N-range-R`` (a heal it performs at the end of its turns) and
    ``summon-attack-from-its-hex`` (its owner may attack as if in its hex, the Doppelganger)."""
    out: list[Ability] = []
    for x in s.abilities:
        marks = {str(y.value) for y in x.sub if y.type == "custom"}
        if x.type == "element" and x.mode == "infuse" and "on-attack" in marks:
            out.append(flag(f"summon-infuse-on-attack-{x.value}"))
        elif x.type == "custom" and x.value == "attack-from-its-hex":  # the Doppelganger
            out.append(flag("summon-attack-from-its-hex"))
        elif x.type == "heal" and "at-turn-end" in marks:
            reach = next((_n(r.value, variables) for r in x.sub if r.type == "range"), 0)
            out.append(flag(f"summon-turn-end-heal-{_n(x.value, variables)}-range-{reach}"))
    return out


def _summon(a: cs.CardAbility, variables: dict[str, int]) -> Ability:
    s = a.summon
    assert s is not None
    parts = [flag("name-" + "-".join(s.name.lower().split())), flag(f"health-{_n(s.health, variables)}")]
    parts.append(Ability(kind="move", value=s.move))
    if s.attack == "X":
        parts.append(flag("attack-x-half-health"))
    adds = tuple(Condition(str(x.value)) for x in s.abilities if x.type == "condition" and x.value != "curse")
    parts += [flag("summon-curse") for x in s.abilities if x.type == "condition" and x.value == "curse"]
    parts += _summon_wordings(s, variables)  # the Rock Colossus', Healing Sprite's, Mana Sphere's
    if any(x.type == "custom" and x.value == "ondeath" for x in s.abilities):  # Burning Avatar
        parts += [flag(f"ondeath-attack-{_n(x.value, variables)}") for x in s.abilities if x.type == "attack"]
    if any(x.type == "custom" and x.value == "su-death-burst" for x in s.abilities):  # Living Bomb
        parts += _death_burst(s, variables)
    if s.can_attack:
        value = 0 if s.attack == "X" else _n(s.attack, variables)
        pierce = sum(_n(x.value, variables) for x in s.abilities if x.type == "pierce")  # Shadow Wolf
        parts.append(Ability(kind="attack", value=value, range=s.range, adds=adds, pierce=pierce))
    if s.flying:
        parts.append(flag("flying"))
    for x in s.abilities:
        if x.type == "retaliate":  # with a range (Lava Golem): retaliates at that range
            reach = next((_n(r.value, variables) for r in x.sub if r.type == "range"), 1)
            text = f"retaliate-{_n(x.value, variables)}"
            parts.append(flag(text if reach <= 1 else f"far-{text}-{reach}"))
        elif x.type == "shield":  # a printed Shield (the Beast Tyrant's Monolith), every round
            parts.append(flag(f"summon-shield-{_n(x.value, variables)}"))
    return named("summon", *parts)


#: ``affects`` kinds that name the performer's allies (their effects are ``to-allies``).
ALLY_KINDS = frozenset(
    {
        "ally", "allies", "ally-adjacent", "allies-adjacent", "self-allies-adjacent",
        "allies-range", "self-allies-range", "self-allies", "summons", "self-summons", "summons-adjacent",
        "summons-range",
    }
)  # fmt: skip
#: Class wordings performed by their own named effect (effects_classes) with their parts.
CLASS_WORDS = frozenset(
    {
        "retaliate-on-melee-attacked", "negate-damage-this-round", "move-modifier",
        "heal-all-damage", "infuse-at-turn-end-unless-strong", "next-heals-bonus",
        "refresh-items", "item-use-attack-bonus", "disarm-trap", "at-turn-end", "summons-move",
        "attack-modifier", "move-bonus-this-round", "next-attacks-bonus", "kill-in-area",
        "refresh-at-round-end", "refresh-on-long-rest", "adjacent-allies-ranged-attacks-add-target",
        "to-allies-moved-through", "attackers-disadvantaged-this-round", "consume-on-attack",
        "ignore-shields-this-round", "take-ally-damage", "shield-allies", "ally-extra-turn",
        # Spellweaver (effects_spellweaver)
        "attack-along-path", "next-attacks-bonus-consume", "bonus-consume", "curse-or-kill",
        "heal-half-max", "infuse-any", "attack-splash", "attack-consume-targets",
        "negate-attack-damage-retaliate", "next-attack-kills-normal", "pull-toward-hex", "attack-room",
        "retaliate-allies", "xp-per-target-or-kill",
    }
)  # fmt: skip
#: The Scoundrel's wordings (effects_scoundrel).
SCOUNDREL_WORDS = frozenset(
    {"next-attacks-if", "attacks-gain", "enemy-steps-next-to-you", "kill-if", "spring-trap-on-enemy"}
)
#: The Cragheart's wordings (effects_cragheart).
CRAGHEART_WORDS = frozenset(
    {
        "create-obstacle", "destroy-obstacle", "suffer-adjacent", "xp-if-consumed", "area-attack",
        "push-smash", "ranged-bonus-this-round", "melee-bonus-this-round",
        "next-ranged-attacks-add-target", "ranged-attacks-consume-for-range", "attack-around-obstacle",
        "destroy-in-range", "attack-x-destroyed", "move-obstacle", "clear-path", "obstacle-where-killed",
        "move-straight", "move-end-by-obstacle", "at-turn-start", "push-blocked-damage",
        "next-melee-attacks-destroy-obstacle",
    }
)  # fmt: skip
_RECOVERS = {"ally-recovers-discarded": "pile-discard", "ally-recovers-lost": "pile-lost"}


def _class_special(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability] | None:
    """Wordings of the classes encoded after the Brute and the Mindthief (Sunkeeper, Tinkerer;
    handlers in the shared modules of :mod:`~delvekit.gloomhaven.effects`), or ``None``."""
    affects = [s for s in a.sub if s.type == "affects"]
    consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume"]
    targets = [s for s in a.sub if s.type == "target"]
    if a.type in ("heal", "shield", "retaliate", "condition", "suffer-damage") and (
        any(str(s.value) in ALLY_KINDS for s in affects) or (a.type == "heal" and (consumes or targets))
    ):
        base = cs.CardAbility(type=a.type, value=a.value, mode=a.mode)
        if a.type == "condition":
            base_parts = _part(base, variables)
        elif a.type == "suffer-damage":
            base_parts = [Ability(kind="suffer", value=_n(a.value, variables))]
        else:
            base_parts = [Ability(kind=a.type, value=_n(a.value, variables))]  # type: ignore[arg-type]
        who = [_affects(s, variables) for s in affects]
        if not who:  # Heal N, Range R: the performer or one ally within range
            rng = next((_n(s.value, variables) for s in a.sub if s.type == "range"), 0)
            who = [flag(f"affects-self-or-ally-range-{rng}")]
        extra = [p for s in a.sub if s.type in ("target", "xp") for p in _part(s, variables)]
        bought = [p for c in consumes for p in _part(c, variables)]
        return [named("to-allies", *base_parts, *who, *extra, *bought)]
    if a.type == "suffer-damage" and affects:  # Scroll of Judgment: every enemy within range
        who = [_affects(s, variables) for s in affects]
        return [named("damage-enemies", Ability(kind="suffer", value=_n(a.value, variables)), *who)]
    if a.type == "condition" and not affects and any(s.type == "range" for s in a.sub):
        rest = [p for s in a.sub for p in _part(s, variables)]  # Disorienting Flash: Stun, Range, Target
        return [
            named("afflict-range", *_part(cs.CardAbility(type="condition", value=a.value), variables), *rest)
        ]
    if a.type == "move" and consumes:  # Scales of Justice: Move 2, light: +2 Move
        move = Ability(kind="move", value=_n(a.value, variables), jump=any(s.type == "jump" for s in a.sub))
        return [named("move-consumes", move, *(p for c in consumes for p in _part(c, variables)))]
    if a.type in ("push", "pull") and any(s.type == "range" for s in a.sub):  # Scroll of Recall
        rest = [p for s in a.sub for p in _part(s, variables)]
        return [named("shove-range", Ability(kind=a.type, value=_n(a.value, variables)), *rest)]  # type: ignore[arg-type]
    if a.type != "custom":
        return None
    word = str(a.value)
    parts = [p for s in a.sub for p in _part(s, variables)]
    if word in _RECOVERS:
        return [named("ally-recovers", flag(_RECOVERS[word]), *parts)]
    plural = ("allies", "allies-range", "allies-adjacent")
    if word == "ally-performs" and any(str(s.value) in plural for s in affects):
        return [named("allies-perform", *parts)]  # Mobilizing Axiom: every ally named may
    if word == "ally-performs" and any(s.type == "element" and s.mode == "consume" for s in a.sub):
        return [named("ally-performs-consumes", *parts)]  # Inspiring Sanctity
    if word == "create-trap-adjacent":
        out: list[Ability] = []
        for s in a.sub:
            if s.type == "suffer-damage":
                out.append(Ability(kind="suffer", value=_n(s.value, variables)))
            else:
                out += _part(s, variables)
        return [named("create-trap", *out)]
    if word in CLASS_WORDS or word in SCOUNDREL_WORDS or word in CRAGHEART_WORDS or word.startswith("ds-"):
        return [named(word, *parts)]
    if word.startswith(("el-", "ns-", "ss-", "qm-")):  # Elementalist, Nightshroud, Soothsinger, Quartermaster
        return [named(word, *parts)]
    if word.startswith(("ph-", "su-", "sb-", "bt-")):  # Plagueherald, Summoner, Sawbones, Beast Tyrant
        return [named(word, *parts)]
    if word.startswith("be-"):  # the Berserker (effects_berserker)
        return [named(word, *parts)]
    return None


def _commanded(
    subs: Sequence[cs.CardAbility], fallback: Fallback, variables: dict[str, int]
) -> list[Ability]:
    """The abilities a Beast Tyrant command gives the bear: plain ones whole (areas, targets,
    pushes), an element consumption as ``bt-bought`` and a wording as its named effect."""
    out: list[Ability] = []
    for s in subs:
        if s.type == "element" and s.mode == "consume":
            out.append(named("bt-bought", *_part(s, variables)))
        elif s.type == "custom":
            out.append(named(str(s.value), *(p for x in s.sub for p in _part(x, variables))))
        else:
            out += fallback([s], variables)
    return out


def _special(a: cs.CardAbility, fallback: Fallback, variables: dict[str, int]) -> list[Ability] | None:
    """The engine abilities of one special wording, or ``None`` when ``a`` is plain."""
    if any(s.type == "custom" and s.value == "elemental" for s in a.sub):  # effects_elementalist
        paid = [s for s in a.sub if (s.type == "element" and s.mode == "consume") or s.value == "consume-all"]
        base = _plain(a, ["element", "elemental", "consume-all"], fallback, variables)
        return [named("elemental", *base, *(p for s in paid for p in _part(s, variables)))]
    if a.type == "custom" and a.value == "bt-command":  # the bear performs them (effects_beast_tyrant)
        return [named("bt-command", *_commanded(a.sub, fallback, variables))]
    mine = _class_special(a, variables)
    if mine is not None:
        return mine
    customs = _customs(a)
    affects = [str(s.value) for s in a.sub if s.type == "affects"]
    consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume"]
    if a.type in ("attack", "move") and a.value == "X":
        rules = [s for s in a.sub if s.type == "custom"]
        return [named(f"{a.type}-x", *(p for r in rules for p in _part(r, variables)))]
    if a.type == "summon" and a.summon is not None:
        return [_summon(a, variables)]
    if a.type == "augment":
        return [named("augment", *(p for s in a.sub for p in _part(s, variables)))]
    if a.type == "attack":
        when = [s for s in a.sub if any(str(x.value).startswith("when-") for x in (s, *s.sub))]
        if when:  # the Scoundrel's bonuses on some targets (effects_scoundrel)
            drop = [str(s.value) for s in when if s.type == "custom"] + (["element"] if consumes else [])
            base = _plain(a, drop, fallback, variables)
            return [named("attack-when", *base, *(p for s in when for p in _part(s, variables)))]
        if "enemies-moved-through" in affects:
            return [named("attack-moved-through", *_plain(a, ["affects"], fallback, variables))]
        if "bonus-per-negative-condition" in customs:
            rule = customs["bonus-per-negative-condition"]
            bonus = [s for s in rule.sub if s.type == "attack"]
            xp = [s for s in rule.sub if s.type == "xp"]
            parts = _plain(a, ["bonus-per-negative-condition"], fallback, variables)
            parts.append(flag(f"per-negative-condition-{_n(bonus[0].value, variables) if bonus else 0}"))
            parts += [Ability(kind="xp", value=_n(x.value, variables)) for x in xp]
            return [named("attack-per-condition", *parts)]
        if "targets-enemies-adjacent-to-killed" in customs:
            parts = _plain(a, ["targets-enemies-adjacent-to-killed", "xp-per-target"], fallback, variables)
            out = [named("attack-around-killed", *parts)]
            if "xp-per-target" in customs:
                out.append(named("xp-per-target", *_part(customs["xp-per-target"].sub[0], variables)))
            return out
        if "xp-per-target" in customs:
            plain = _plain(a, ["xp-per-target"], fallback, variables)
            return [*plain, named("xp-per-target", *_part(customs["xp-per-target"].sub[0], variables))]
        if len(consumes) > 1 or any(
            str(c.value) == "wild" or any(s.type == "xp" or str(s.value) == "curse" for s in c.sub)
            for c in consumes
        ):
            base = _plain(a, ["element"], fallback, variables)
            parts = [*base]
            for c in consumes:
                parts += _part(c, variables)
            return [named("attack-consumes", *parts)]
        return None
    if a.type == "retaliate" and "xp-per-retaliate-this-round" in customs:
        rule = customs["xp-per-retaliate-this-round"]
        plain = _plain(a, ["xp-per-retaliate-this-round"], fallback, variables)
        return [*plain, named("xp-per-retaliate", *(p for s in rule.sub for p in _part(s, variables)))]
    if a.type == "condition" and affects and affects != ["self"]:
        return [
            named(
                "afflict",
                *_part(cs.CardAbility(type="condition", value=a.value), variables),
                *(_affects(s, variables) for s in a.sub if s.type == "affects"),
            )
        ]
    if a.type == "push" and consumes:
        parts = [Ability(kind="push", value=_n(a.value, variables))]
        parts += [_affects(s, variables) for s in a.sub if s.type == "affects"]
        for c in consumes:
            parts += _part(c, variables)
        return [named("push-consume", *parts)]
    if a.type == "loot" and "extra-coin-per-adjacent-enemy" in customs:
        return [named("extra-coin-per-adjacent-enemy", Ability(kind="loot", value=_n(a.value, variables)))]
    if a.type == "move" and len(customs) == 1:  # a move whose end decides what follows
        move = _plain(a, list(customs), fallback, variables)
        ((name, rule),) = customs.items()
        return [named(name, *move, *(p for s in rule.sub for p in _part(s, variables)))]
    if a.type == "element" and a.mode == "consume" and str(a.value) in {e.value for e in Element} | {"wild"}:
        return [named("consume-for", *_part(a, variables))]
    if a.type != "custom":
        return None
    word = str(a.value)
    parts = [p for s in a.sub for p in _part(s, variables)]
    if word == "negate-damage-to-you":
        return [Ability(kind="negate")]
    if word == "on-attack-damage-to-you":
        return [named("shield-on-attacked", *parts)]
    if word == "redirect-attacks-on-adjacent-allies-this-round":
        return [named("redirect-attacks", *parts)]
    if word in ("bonus-this-round", "bonus-this-round-against-conditions"):
        return [named("bonus-this-round", *parts)]
    if word in ("control-enemy", "ally-performs", "kill", "moves-count-as-attacks", "two-augments-active"):
        return [named(word, *parts)]
    if word.endswith("-this-round"):
        return [named(word.removesuffix("-this-round"), *parts)]
    return None


_CARRIED = ("condition", "push", "pull")


def translate(
    abilities: Sequence[cs.CardAbility], variables: dict[str, int], *, fallback: Fallback
) -> list[Ability]:
    """The engine abilities of one card half's content abilities (``fallback`` converts the
    plain ones, keeping their push-after-attack merging)."""
    items = list(abilities)
    out: list[Ability] = []
    plain: list[cs.CardAbility] = []
    i = 0
    while i < len(items):
        a = items[i]
        # "Immobilize and Push 1 one adjacent enemy" written as siblings before an ``affects``
        j = i
        while j < len(items) and items[j].type in _CARRIED and not items[j].sub:
            j += 1
        if (
            j > i
            and j < len(items)
            and items[j].type == "affects"
            and not (items[i].type in ("push", "pull") and i > 0 and items[i - 1].type == "attack")
        ):
            out += fallback(plain, variables)
            plain = []
            parts: list[Ability] = []
            for x in items[i:j]:
                parts += _part(x, variables)
            word = "to-allies" if str(items[j].value) in ALLY_KINDS else "afflict"
            out.append(named(word, *parts, _affects(items[j], variables)))
            i = j + 1
            continue
        try:
            special = _special(a, fallback, variables)
        except (ContentError, InputError, ValueError, AssertionError):
            special = None
        if special is None:
            plain.append(a)
        else:
            out += fallback(plain, variables)
            plain = []
            out += special
        i += 1
    out += fallback(plain, variables)
    return out
