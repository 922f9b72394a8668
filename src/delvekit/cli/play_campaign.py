"""`delve play --campaign NAME --scenario N`: a scenario played by a campaign's characters.

The party is the campaign's (:func:`~delvekit.gloomhaven.campaign.party.scenario_party`): each
character's class, level, equipped items, perks (its attack modifier deck), card pool (the cards
chosen at each level; the hand is chosen from these) and donated blessings (bless cards shuffled
into its deck). Nothing is written to the campaign while the game is played; when the scenario
ends, its result becomes one ``complete_scenario`` action applied in one transaction, refused if
the campaign changed since the game began. A game that is quit, or a process that dies, leaves
the campaign as it was. Enhancement stickers are not played by the engine yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from delvekit.core.errors import InputError

if TYPE_CHECKING:
    from delvekit.gloomhaven.campaign.actions import CompleteScenario
    from delvekit.gloomhaven.campaign.party import CharacterLoadout
    from delvekit.gloomhaven.content import ContentPack
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.model.setup import GameSetup
    from delvekit.store import CampaignStore


@dataclass
class CampaignGame:
    """A game of a campaign: the campaign it reports to, the log entry it began from and the
    campaign name of each engine character id (its class)."""

    campaign: str
    head: int
    names: dict[str, str]
    game: Game
    checkmarks: dict[str, int] = field(default_factory=dict)
    """Battle-goal check marks each character earned (counted on a victory only)."""


def open_store(db_path: Path | None) -> CampaignStore:
    """The campaign database (as ``delve campaign`` opens it)."""
    from delvekit.cli.campaign import open_campaign

    return open_campaign(db_path)


def party_setup(
    pack: ContentPack,
    scenario: int,
    loadouts: tuple[CharacterLoadout, ...],
    *,
    difficulty: str = "normal",
    seed: int = 0,
) -> GameSetup:
    """The engine setup of ``scenario`` for the campaign characters ``loadouts`` (``seed``: the
    game's seed, which draws scenario 55's stand-in map).

    >>> from delvekit.gloomhaven.content import load_pack
    >>> from delvekit.gloomhaven.campaign.party import CharacterLoadout
    >>> ana = CharacterLoadout(name="Ana", cls="brute", level=1, max_health=10, items=(),
    ...     perks=(0, 2), cards=("Trample", "Eye for an Eye", "Spare Dagger"), enhancements=(),
    ...     blessings=2)
    >>> bo = CharacterLoadout(name="Bo", cls="mindthief", level=1, max_health=6, items=(),
    ...     perks=(), cards=(), enhancements=(), blessings=0)
    >>> setup = party_setup(load_pack(), 1, (ana, bo))
    >>> brute = setup.party[0]
    >>> [c.id for c in brute.hand], brute.hand_limit
    (['trample', 'eye-for-an-eye', 'spare-dagger'], 3)
    >>> len(brute.modifiers), brute.modifiers.count("-1"), brute.modifiers.count("bless")
    (22, 3, 2)
    """
    from delvekit.gloomhaven.content.adapter import Member, setup_from_pack, slug
    from delvekit.gloomhaven.model.modifiers import deck_with_perks

    members = [Member(lo.cls, lo.level, items=lo.items) for lo in loadouts]
    setup = setup_from_pack(pack, scenario, members, difficulty=difficulty, seed=seed, battle_goals=True)  # type: ignore[arg-type]
    party = []
    for lo, ch in zip(loadouts, setup.party, strict=True):
        klass = pack.klass(lo.cls)
        deck = deck_with_perks(klass.perks, [p + 1 for p in lo.perks], owner=f"{lo.name} ({lo.cls})")
        modifiers = tuple(str(c) for c in deck) + ("bless",) * lo.blessings
        pool = {slug(name) for name in lo.cards}
        hand = tuple(c for c in ch.hand if c.id in pool) if pool else ch.hand
        unknown = sorted(pool - {c.id for c in ch.hand})
        if unknown:
            raise InputError(
                f"{lo.name}: cards the {lo.cls} cannot take into a level-{lo.level} scenario: "
                + ", ".join(unknown),
                where="campaign",
            )
        if ch.max_health != lo.max_health:
            raise InputError(
                f"{lo.name}: health {lo.max_health} in the campaign, {ch.max_health} in the content pack",
                where="campaign",
            )
        party.append(
            msgspec.structs.replace(
                ch, modifiers=modifiers, hand=hand, hand_limit=min(klass.hand_size, len(hand))
            )
        )
    return msgspec.structs.replace(setup, party=tuple(party))


def parse_checkmarks(text: str | None, names: dict[str, str]) -> dict[str, int]:
    """``Ana=1,Bo=2`` (battle-goal check marks of the playing characters).

    >>> parse_checkmarks("Ana=1, Bo=0", {"brute": "Ana", "mindthief": "Bo"})
    {'Ana': 1, 'Bo': 0}
    >>> parse_checkmarks("Cy=1", {"brute": "Ana"})
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: --checkmarks: Cy does not play (playing: Ana)
    """
    out: dict[str, int] = {}
    playing = sorted(names.values())
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, sep, count = part.partition("=")
        name = name.strip()
        if not sep or not count.strip().isdigit():
            raise InputError(f"expected NAME=COUNT, got {part.strip()!r}", where="--checkmarks")
        if name not in playing:
            raise InputError(f"{name} does not play (playing: {', '.join(playing)})", where="--checkmarks")
        if name in out:
            raise InputError(f"{name} given twice", where="--checkmarks")
        out[name] = int(count)
    return out


def campaign_game(
    store: CampaignStore,
    campaign: str,
    scenario: int,
    *,
    characters: str | None = None,
    checkmarks: str | None = None,
    seed: int = 1,
    content: str | None = None,
    difficulty: str = "normal",
) -> CampaignGame:
    """A new game of ``scenario`` for the campaign's characters (``characters``: comma-separated
    names, default every active one); refused with one line when the campaign cannot play it."""
    from delvekit.gloomhaven.campaign.party import scenario_party
    from delvekit.gloomhaven.content import load_pack
    from delvekit.gloomhaven.engine.game import Game

    head = store.head(campaign)
    state = store.state(campaign)
    catalog = store.catalog(campaign)
    names = None
    if characters is not None:
        names = [n.strip() for n in characters.split(",") if n.strip()]
        if not names:
            raise InputError("name the campaign characters who play, e.g. Ana,Bo", where="--characters")
    loadouts = scenario_party(catalog, state, scenario, names)
    pack = load_pack(extra=content) if content else load_pack()
    setup = party_setup(pack, scenario, loadouts, difficulty=difficulty, seed=seed)
    from delvekit.gloomhaven.scenario.treasure import without

    setup = without(setup, state.looted_treasures)  # each numbered treasure once per campaign (§14)
    ids = {ch.id: lo.name for lo, ch in zip(loadouts, setup.party, strict=True)}
    marks = parse_checkmarks(checkmarks, ids)
    # whatever would refuse the result (a road event to resolve first, ...) is said before playing
    from delvekit.gloomhaven.campaign.actions import CharacterResult, CompleteScenario
    from delvekit.gloomhaven.campaign.rules import apply_action

    trial = {lo.name: CharacterResult() for lo in loadouts}
    apply_action(catalog, state, CompleteScenario(scenario=scenario, success=False, characters=trial))
    game = Game(setup, seed=seed)
    return CampaignGame(campaign=campaign, head=head, names=ids, game=game, checkmarks=marks)


def result_action(cg: CampaignGame) -> CompleteScenario:
    """The campaign action for the finished game."""
    from delvekit.gloomhaven.campaign.party import result_from_engine

    outcome = cg.game.outcome
    if outcome is None:
        raise InputError("the scenario has not ended", where="play")
    return result_from_engine(outcome, checkmarks=cg.checkmarks, names=cg.names)


def apply_result(store: CampaignStore, cg: CampaignGame) -> CompleteScenario:
    """Apply the finished game's result to its campaign: one action, one transaction, refused
    (changing nothing) when the campaign was written to since the game began."""
    action = result_action(cg)
    store.do(cg.campaign, action, expect_head=cg.head)
    return action
