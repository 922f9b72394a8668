"""A turn the Betrayer plays is still the character's own turn: every "at the start of your turn"
effect of the character still happens, one test per kind the engine knows.

The ruling: scenario 79's book text (Boss Special 2) mind controls the character "this round"
and says "On their turn, they will perform 'Move 2' and then the top action of their leading
initiative card" (Gloomhaven Scenario Book p.101, scenario 79 Lost Temple, as quoted by the
online copy): the turn is theirs, only its actions are dictated. So what comes with the start
of any of their turns comes with this one: wound's 1 damage (rulebook p.23, digest §8.2),
persistent bonuses, which "must be used when possible" with their use slots (rulebook p.25,
Dized "Persistent bonus (ability cards)"), and an ally's songs. "Act as if their enemies were
allies and their allies were enemies this round" decides the targets: a heal with a range goes
to the character itself and a named effect on another figure is not performed, as for the
controlled card's own abilities (:mod:`delvekit.gloomhaven.effects.bosses`, our reading).
Regenerate is not a Gloomhaven 1st edition condition (digest §8.2), so it has no test here.

:func:`control` marks a character the way special 2 marks the one acting latest; the last test
lets the Betrayer's own special 2 do it."""

from __future__ import annotations

import random

from delvekit.gloomhaven.effects.boss_specials import MIND_CONTROL
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import ActiveCard
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of

from .class_arena import arena, at, finish_round, go, hero
from .helpers import card, half
from .test_bosses import _betrayer_game
from .test_class_berserker import berserker
from .test_class_cragheart import crag, field
from .test_class_doomstalker import stalker
from .test_class_sawbones import saw
from .test_class_soothsinger import singer, singer3


def control(game: Game, cid: str) -> None:
    """Mind control ``cid`` this round, as the Betrayer's special 2 does."""
    game.state.scenario_marks[MIND_CONTROL + cid] = game.state.round


def _turn(game: Game, cid: str, start: int) -> list[str]:
    """Answer (skip, stop, take damage, no rest) until the round ends; the events from ``cid``'s
    turn on (its first turn after event ``start``), as text."""
    finish_round(game)
    events = [str(e) for e in game.events[start:]]
    return events[events.index(f"turn {cid}") :]


def _wounded(game: Game, cid: str) -> None:
    game.state.figures[cid].conditions.add(Condition.WOUND, turns_started=0, immune=frozenset())


def test_wound_damages_a_mind_controlled_character_as_its_turn_starts() -> None:
    """Wound: 1 damage at the start of each of the figure's turns (rulebook p.23, §8.2), the
    Betrayer's turn too. The engine already did this (the wound comes before the turn's actions)."""
    game = arena([hero("brute", ["trample", "sweeping-blow"], (0, 0))], [("normal", (5, -5))])
    _wounded(game, "brute")
    control(game, "brute")
    start = len(game.events)
    go(game, "select trample sweeping-blow")
    events = _turn(game, "brute", start)
    assert events.index("damage brute 1 wound") < events.index("controlled-turn brute card=trample")
    assert game.state.figures["brute"].hp == 11


def test_lumbering_bash_heals_at_the_start_of_a_turn_the_betrayer_plays() -> None:
    """Lumbering Bash (persistent, one use slot per turn start) still triggers: its slot and XP,
    and its "Heal 2, Range 1" goes to the Cragheart itself (its ally is its enemy this round),
    with no choice to the player. Before the fix the Betrayer's turn skipped it entirely."""
    brute = hero("brute", ["grab-and-go", "shield-bash", "trample", "spare-dagger"], (1, 0))
    cragheart = crag(["crushing-grasp", "earthen-clod", "lumbering-bash"], (0, 0))
    game = field([cragheart, brute], [("normal", (5, -5))])
    ch = game.state.characters["cragheart"]
    ch.hand.remove("lumbering-bash")
    ch.active.append(ActiveCard("lumbering-bash", "persistent", True, "bottom"))
    game.state.figures["cragheart"].hp = 6
    game.state.figures["brute"].hp = 6
    go(game, "select crushing-grasp earthen-clod")
    control(game, "cragheart")
    start = len(game.events)
    go(game, "select trample spare-dagger")
    events = _turn(game, "cragheart", start)
    assert "healed cragheart 2" in events and game.state.figures["cragheart"].hp == 8
    assert game.state.figures["brute"].hp <= 6  # never healed (maybe hit by the Cragheart)
    assert [(a.card, a.used) for a in ch.active] == [("lumbering-bash", 1)] and ch.xp == 1
    assert not any(e.startswith("action cragheart ") for e in events)  # still the Betrayer's turn


def test_soothing_lullaby_heals_a_mind_controlled_ally_as_its_turn_starts() -> None:
    """Soothing Lullaby heals an ally of the Soothsinger as the ally's turn starts; the Betrayer's
    turn is the ally's turn (the engine already did this)."""
    ss = singer3(["soothing-lullaby", "marching-beat"], (-3, 0))
    game = arena([ss, hero("brute", ["trample", "sweeping-blow"], (0, 0))], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 8
    go(game, "select soothing-lullaby marching-beat")
    control(game, "brute")
    start = len(game.events)
    go(game, "select trample sweeping-blow", "top soothing-lullaby", "bottom marching-beat?", "stop?")
    events = _turn(game, "brute", start)
    assert events.index("song-heal brute 1") < events.index("controlled-turn brute card=trample")
    assert game.state.figures["brute"].hp >= 9


def test_nightmare_serenade_triggers_at_a_controlled_turn_start_but_curses_no_one() -> None:
    """The Soothsinger's own turn-start song: the song's XP comes and the song is reached, but its
    curse (a named effect on an enemy, who is her ally this round) is not performed, and the
    player is asked nothing. Before the fix the song was never reached on the Betrayer's turn."""
    ss = singer(["nightmare-serenade", "marching-beat", "singing-arrow", "nimble-knife"], (-1, 0))
    game = arena([ss], [("normal", (4, 0)), ("normal", (3, 1))])
    go(game, "select nightmare-serenade marching-beat", "top nightmare-serenade")
    finish_round(game)
    xp = game.state.characters["soothsinger"].xp
    control(game, "soothsinger")
    start = len(game.events)
    go(game, "select singing-arrow nimble-knife")
    events = _turn(game, "soothsinger", start)
    assert "song-turn-start soothsinger ss-turn-start-curse" in events
    assert "not-performed soothsinger song mind-controlled" in events
    assert not any(e.startswith("condition ") and e.endswith(" curse") for e in events)
    assert game.state.characters["soothsinger"].xp == xp + 1  # the song's XP at her turn start


def test_blood_pact_costs_its_damage_at_the_start_of_a_controlled_turn() -> None:
    """Blood Pact's bottom: suffer 1 damage at the start of each of your turns (the engine
    already did this, before the wound and before the turn is taken over)."""
    game = arena([berserker(["blood-pact"])], [("normal", (5, -5))])
    go(game, "select blood-pact dazing-wound", "bottom blood-pact", "top dazing-wound", "no-pay?", "skip?")
    finish_round(game)
    control(game, "berserker")
    events = go(game, "select devil-horns furious-aid", "take 1")
    assert "damage berserker 1 blood-pact" in events and game.state.figures["berserker"].hp == 13
    assert any(e == "controlled-turn berserker card=devil-horns" for e in [str(x) for x in game.events])


def test_regenerative_tissue_and_triage_act_on_a_controlled_turn() -> None:
    """Regenerative Tissue heals its holder 1 as each of its turns starts (the engine already did
    this); Triage's heal (after the actions) spends its slot and goes to the Sawbones itself."""
    brute = hero("brute", ["trample", "sweeping-blow"], (1, 0))
    game = arena([saw(["regenerative-tissue", "triage"], (0, 0)), brute], [("normal", (5, -5))])
    go(game, "select regenerative-tissue triage", "select trample sweeping-blow")
    go(game, "bottom regenerative-tissue", "target brute", "top triage")
    finish_round(game)
    game.state.figures["brute"].hp = 11  # the controlled Sawbones hits it for 7 first
    game.state.figures["sawbones"].hp = 6
    go(game, "select vital-strike hamstring")
    control(game, "brute")
    control(game, "sawbones")
    start = len(game.events)
    go(game, "select grab-and-go shield-bash")
    events = _turn(game, "sawbones", start)
    assert "healed sawbones 2" in events and game.state.figures["sawbones"].hp == 8  # Triage: itself
    assert ("triage", 1) in [(a.card, a.used) for a in game.state.characters["sawbones"].active]
    events = _turn(game, "brute", start)
    assert events.index("sb-tissue brute 1") < events.index("controlled-turn brute card=grab-and-go")


def test_the_betrayers_special_2_leaves_the_controlled_characters_wound() -> None:
    """End to end with the Betrayer's own special 2: the character it mind controls suffers its
    wound at the start of that turn, then plays the Betrayer's way."""
    hand = tuple(card(f"c{i}", 60 + i, half("attack 3"), half("move 1")) for i in range(8))
    game = _betrayer_game(hand)
    game.state.modifier_decks["hero1"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    _wounded(game, "hero1")
    picks = {"hero0": "select c1 c2", "hero1": "select c6 c5"}
    rnd = random.Random(0)
    start = len(game.events)
    while (d := game.decision) is not None and not any(e.kind == "round-end" for e in game.events[start:]):
        wanted = [c for c in d.choices if c.kind == "take"] if d.kind == "damage" else []
        game.choose(picks.get(d.actor, "") if d.kind == "select" else (wanted or [rnd.choice(d.choices)])[0])
    events = [str(e) for e in game.events[start:]]
    assert "mind-controlled hero1 by=the-betrayer#1" in events
    turn = events.index("turn hero1")
    assert events[turn + 1 : turn + 3] == ["damage hero1 1 wound", "controlled-turn hero1 card=c6"]


def test_inescapable_fate_counts_down_at_the_start_of_a_controlled_turn() -> None:
    """Inescapable Fate: the doom's marker advances at the start of each of the Doomstalker's
    turns after it was placed (the engine already did this): a turn the Betrayer plays too."""
    game = arena([stalker(["inescapable-fate"])], [("normal", (4, 0)), ("normal", (5, -5))])
    m = at(game, (4, 0))
    go(game, "select inescapable-fate solid-bow", "bottom inescapable-fate", f"doom {m}?", "top solid-bow?")
    finish_round(game)
    control(game, "doomstalker")
    start = len(game.events)
    go(game, "select a-moment-s-peace foot-snare")
    events = _turn(game, "doomstalker", start)
    countdown = events.index(f"doom-countdown doomstalker inescapable-fate {m}")
    assert countdown < events.index("controlled-turn doomstalker card=a-moment-s-peace")
