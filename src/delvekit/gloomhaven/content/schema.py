"""delvekit's own content schema: frozen msgspec records decoded straight from the pack's JSON.

One structured :class:`CardAbility` serves monster stat cards, monster ability cards, boss specials,
class ability cards and items. docs/content.md describes every field with examples.

Values that may be formulas (boss health ``8xC``, a summon's attack ``X``) are ``int | str``; the
string is an expression of :mod:`delvekit.gloomhaven.content.expr`.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import msgspec

Formula: TypeAlias = int | str
CardLevel: TypeAlias = int | Literal["X", "M"]

#: Every ability type a card, stat line or item may use. ``delve content check`` refuses others.
ABILITY_TYPES: Final = frozenset(
    {
        # actions
        "attack", "move", "jump", "teleport", "heal", "shield", "retaliate", "loot",
        "suffer-damage", "condition", "element", "summon", "spawn", "special", "push", "pull",
        "xp", "augment", "custom", "recover-lost", "refresh-item", "flying",
        # modifiers of the action they sit under
        "range", "target", "pierce", "area", "affects",
    }
)  # fmt: skip

#: CardAbility types whose ``value`` is a number (or a formula).
NUMERIC_TYPES: Final = frozenset(
    {"attack", "move", "heal", "shield", "retaliate", "loot", "suffer-damage", "push", "pull",
     "xp", "range", "target", "pierce", "special"}
)  # fmt: skip

CONDITIONS: Final = frozenset(
    {"poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse", "strengthen",
     "invisible", "bless", "regenerate"}
)  # fmt: skip
ELEMENTS: Final = frozenset({"fire", "ice", "air", "earth", "light", "dark", "wild"})
#: What a monster may be immune to: conditions and forced movement.
IMMUNITIES: Final = CONDITIONS | {"push", "pull"}
NEGATIVE_CONDITIONS: Final = frozenset({"poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse"})
ITEM_SLOTS: Final = frozenset({"head", "body", "legs", "one-hand", "two-hands", "small"})

#: ``mode`` of an ability: ``absolute`` (printed value), ``plus``/``minus`` (relative to the
#: monster's stat card), ``add``/``subtract`` (a bonus or malus to the parent ability, usually
#: under an element consumption), ``infuse``/``consume`` (elements).
MODES: Final = frozenset({"absolute", "plus", "minus", "add", "subtract", "infuse", "consume"})


class _Record(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    pass


class AreaHex(_Record, frozen=True):
    """One hex of an area pattern in axial offsets (``q``, ``r``) from the pattern's anchor.

    ``kind``: ``active`` (the figure performing it, for melee patterns), ``target`` (an affected
    hex) or ``empty`` (an unaffected hex drawn on the card). Patterns may be rotated as a whole."""

    q: int
    r: int
    kind: Literal["active", "target", "empty"]


class SummonStats(_Record, frozen=True):
    """A summoned figure's stat line (class summon or item summon)."""

    name: str
    health: Formula
    move: int
    attack: Formula
    range: int = 0
    flying: bool = False
    can_attack: bool = True
    """False for a summon printed with no attack ("-"), such as the Tinkerer's Decoy."""
    abilities: tuple[CardAbility, ...] = ()
    note: str = ""


class Spawn(_Record, frozen=True):
    """Monsters placed by a boss special or monster card: per player count ``none``/``normal``/
    ``elite`` (index 0 = two characters, 1 = three, 2 = four)."""

    monster: str
    kind: tuple[str, str, str]
    count: int = 1


class CardAbility(_Record, frozen=True):
    """One structured ability (an action or a modifier of its parent).

    ``value`` is a number or formula for numeric types, a condition name for ``condition``,
    an element for ``element``, the target kind for ``affects`` (``self``, ``enemies-adjacent``,
    ``allies-range`` ... with ``range`` in ``sub``), the rule key for ``custom``."""

    type: str
    value: Formula | None = None
    mode: str = "absolute"
    sub: tuple[CardAbility, ...] = ()
    area: tuple[AreaHex, ...] = ()
    summon: SummonStats | None = None
    spawns: tuple[Spawn, ...] = ()
    enhancements: tuple[str, ...] = ()


class UseSlot(_Record, frozen=True):
    """One use slot of a persistent card or item; ``xp`` gained when it is covered."""

    xp: int = 0


class CardHalf(_Record, frozen=True):
    """The top or bottom half of a class ability card."""

    abilities: tuple[CardAbility, ...] = ()
    lost: bool = False
    persistent: bool = False
    round: bool = False
    xp: int = 0
    slots: tuple[UseSlot, ...] = ()


class AbilityCard(_Record, frozen=True):
    """A class ability card. ``level`` is 1–9, ``"X"`` or ``"M"`` (Sawbones medical packs, not
    part of a hand). ``encoded`` is False when only the card list is known (name, number, level,
    initiative) and the halves are empty. ``source`` names where its facts come from."""

    number: int
    name: str
    level: CardLevel
    initiative: int
    top: CardHalf = CardHalf()
    bottom: CardHalf = CardHalf()
    encoded: bool = True
    source: str = ""
    source_name: str = ""
    unsourced: bool = False
    """No public source gives the card's abilities (the Sawbones's Mobile Response): it stays
    unencoded, and the class builds its hands without it (:meth:`CharacterClass.playable_at`)."""


class Perk(_Record, frozen=True):
    """A perk as modifier-deck operations, taken ``count`` times (its check boxes). Cards use
    the canonical text of :func:`delvekit.gloomhaven.model.modifiers.parse_card`."""

    remove: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    ignore: Literal["negative_scenario_effects", "negative_item_effects"] | None = None
    count: int = 1


class CharacterClass(_Record, frozen=True):
    """A character class: health by level 1–9, hand size, perks, summons, ability cards."""

    id: str
    name: str
    race: str
    health: tuple[int, int, int, int, int, int, int, int, int]
    hand_size: int
    perks: tuple[Perk, ...]
    cards: tuple[AbilityCard, ...]
    summons: tuple[SummonStats, ...] = ()
    source_id: str = ""
    source: str = ""

    def cards_at(self, level: int) -> tuple[AbilityCard, ...]:
        """Every card a character of this class may hold at ``level`` (1, X and ≤ level)."""
        return tuple(
            c for c in self.cards if c.level == "X" or (isinstance(c.level, int) and c.level <= level)
        )

    def missing_cards(self, level: int) -> tuple[AbilityCard, ...]:
        """Cards it may hold at ``level`` whose abilities are not encoded."""
        return tuple(c for c in self.cards_at(level) if not c.encoded)

    def playable_at(self, level: int) -> bool:
        """True when every card it may hold at ``level`` is encoded, except cards marked
        ``unsourced`` (on no public source) while the encoded level-1 and X cards still make a
        full hand: the hand is then built without them (the Sawbones's Mobile Response)."""
        missing = self.missing_cards(level)
        if any(not c.unsourced for c in missing):
            return False
        return not missing or sum(1 for c in self.cards_at(1) if c.encoded) >= self.hand_size

    def require_playable(self, level: int) -> None:
        """Raise :class:`ContentError` naming the cards not encoded yet, unless it is playable."""
        missing = self.missing_cards(level)
        if missing and not self.playable_at(level):
            from delvekit.core.errors import ContentError

            names = ", ".join(f"{c.name} ({c.number})" for c in missing)
            raise ContentError(
                f"{self.name} is not playable at level {level}: {len(missing)} cards are not encoded "
                f"({names}); import a complete data folder with `delve content import-ghs`",
                where=f"classes: {self.id}",
            )


class StatLine(_Record, frozen=True):
    """A monster's printed stats at one level (normal, elite or boss)."""

    health: Formula
    move: int
    attack: Formula
    range: int = 0
    abilities: tuple[CardAbility, ...] = ()


class MonsterLevel(_Record, frozen=True):
    level: int
    normal: StatLine | None = None
    elite: StatLine | None = None
    boss: StatLine | None = None


class MonsterType(_Record, frozen=True):
    """A monster or boss type. ``count`` is the number of standees; ``deck`` the ability deck."""

    id: str
    name: str
    deck: str
    count: int
    levels: tuple[MonsterLevel, ...]
    boss: bool = False
    flying: bool = False
    immunities: tuple[str, ...] = ()
    specials: tuple[tuple[CardAbility, ...], ...] = ()
    shares_standees_with: str | None = None
    source: str = ""

    def stats(self, level: int, kind: Literal["normal", "elite", "boss"]) -> StatLine:
        """The stat line at ``level`` for ``kind``; raises ContentError when absent."""
        from delvekit.core.errors import ContentError

        for entry in self.levels:
            if entry.level == level:
                line = getattr(entry, kind)
                if line is not None:
                    return line  # type: ignore[no-any-return]
        raise ContentError(f"no {kind} stats at level {level}", where=f"monster {self.id}")


class MonsterCard(_Record, frozen=True):
    """One monster ability card; values are relative to the stat card where ``mode`` says so."""

    number: int
    initiative: int
    abilities: tuple[CardAbility, ...]
    shuffle: bool = False


class MonsterDeck(_Record, frozen=True):
    id: str
    cards: tuple[MonsterCard, ...]
    source: str = ""


#: When an item may be used (``Item.trigger``); docs/content.md describes each.
ITEM_TRIGGERS: Final = frozenset(
    {"own-turn", "move", "attack", "melee-attack", "ranged-attack", "ally-attack", "attacked",
     "damaged-by-attack", "round-start", "end-of-turn", "default-action", "always", "kill", "loot",
     "condition-gained", "enemy-consumes-element"}
)  # fmt: skip
#: How much of an attack action an attack rider covers (``Item.scope``).
ITEM_SCOPES: Final = frozenset({"single", "entire"})


class Item(_Record, frozen=True):
    """An item. ``use``: ``spent`` (turned sideways, refreshed by a long rest), ``consumed``
    (face down until the scenario ends or an effect refreshes it), ``passive`` (no usage icon),
    or ``None`` when the source does not say. ``uses`` counts use slots: the item is spent or
    consumed only when the last one is covered. ``trigger`` says when it may be used (one of
    :data:`ITEM_TRIGGERS`), ``scope`` whether an attack rider covers one attack or the whole
    action, ``effects`` what it does (``custom`` abilities name special effects listed in
    docs/content.md), ``note`` any doubt about the transcription."""

    number: int
    name: str
    slot: str
    cost: int
    count: int
    prosperity: int | None = None
    use: Literal["spent", "consumed", "passive"] | None = None
    uses: int = 0
    modifiers_added: tuple[str, ...] = ()
    effects: tuple[CardAbility, ...] = ()
    summon: SummonStats | None = None
    solo: bool = False
    trigger: str = ""
    scope: str = ""
    note: str = ""
    source: str = ""


class BattleGoal(_Record, frozen=True):
    number: int
    name: str
    checks: int


class QuestStep(_Record, frozen=True):
    """One requirement of a personal quest: reach ``counter``; ``track`` says what counts
    (``scenario:52|53``, ``itemType:head`` ...), ``after`` the steps that must be done first."""

    counter: int
    track: str = ""
    after: tuple[int, ...] = ()


class PersonalQuest(_Record, frozen=True):
    number: int
    steps: tuple[QuestStep, ...]
    name: str = ""
    unlocks_class: str | None = None
    opens_envelope: str | None = None


class Effect(_Record, frozen=True):
    """A structured event effect or condition: ``type`` (``gold``, ``reputation``,
    ``experience``, ``choose`` ...) with numeric/text values or nested effects."""

    type: str
    values: tuple[int | str | Effect, ...] = ()
    condition: Effect | None = None
    effect: Effect | None = None


class EventOutcome(_Record, frozen=True):
    condition: Effect | None = None
    effects: tuple[Effect, ...] = ()
    deck: Literal["return", "remove"] | None = None


class EventOption(_Record, frozen=True):
    label: str
    outcomes: tuple[EventOutcome, ...]
    deck: Literal["return", "remove"] | None = None


class Event(_Record, frozen=True):
    """A city or road event card as choices and outcomes (no narrative)."""

    id: str
    number: int
    kind: Literal["city", "road"]
    options: tuple[EventOption, ...]


class Reward(_Record, frozen=True):
    """One reward: ``kind`` (``item``, ``gold``, ``experience``, ``damage``, ``condition``,
    ``random-item-design``, ``random-scenario``, ``battle-goal``, ``other``) and its value."""

    kind: str
    value: int | str | None = None


class Treasure(_Record, frozen=True):
    """A numbered treasure and everything it gives (``damage:5`` and ``poison`` and ``wound``)."""

    number: int
    rewards: tuple[Reward, ...]


class Achievement(_Record, frozen=True):
    id: str
    name: str
    kind: Literal["global", "party"]
    group: str = ""


class ReputationStep(_Record, frozen=True):
    """Shop price modifier for reputation in [low, high]."""

    low: int
    high: int
    price_modifier: int


class CampaignTables(_Record, frozen=True):
    """Prosperity thresholds (checks needed to reach level 2..9), reputation price modifiers,
    level thresholds (XP for levels 2..9), and the new-character gold formula."""

    prosperity_thresholds: tuple[int, ...]
    reputation_prices: tuple[ReputationStep, ...]
    level_xp: tuple[int, ...]
    reputation_range: tuple[int, int] = (-20, 20)
    source: str = ""


class PackInfo(_Record, frozen=True):
    """``pack.json``: a content pack's name, format version and the sources it was built from."""

    name: str
    format: int = 1
    sources: tuple[str, ...] = ()
    description: str = ""
