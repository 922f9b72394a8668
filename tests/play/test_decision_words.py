"""Every decision the engine asks has its own sentence, and every choice its own label
(:mod:`delvekit.gloomhaven.decision_words`): the kinds come from a static scan of the engine's
source and from recorded random games of all 17 classes (a module-scoped fixture, ~10 s)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import decision_words as W
from delvekit.gloomhaven import describe as D
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.describe import figure_names
from delvekit.gloomhaven.engine.game import Game

PACK = load_pack()
PLAYABLE = sorted(cid for cid, k in PACK.classes.items() if k.playable_at(1))
SOURCE = Path(W.__file__).parent

VARIABLE_KINDS = {
    # decisions whose kind is a variable in the source: picks.py (fx_pick), scoundrel.py (sc_pick),
    # beast_tyrant*.py, spellweaver.py, sawbones.py
    "afflict", "kill", "control", "ally", "turn", "summon", "steer", "spring", "enemy-step", "push",
    "swap", "swap-second", "attack", "target", "heal",
}  # fmt: skip
VARIABLE_CHOICES = {
    # choice kinds that are variables: picks.py, scoundrel.py, sawbones.py, items/picks.py _PICK_WORD
    "target", "kill", "control", "ally", "turn", "summon-at", "steer", "spring", "heal", "infuse",
    "consume", "refresh", "recover", "cure", "move-summon", "mark", "destroy", "play", "select", "item",
}  # fmt: skip


@dataclass
class Seen:
    """What the random games asked: per decision kind the first sentence and its actor's name;
    per (decision kind, choice kind) the first label."""

    prompts: dict[str, tuple[str, str]] = field(default_factory=dict)
    labels: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)


def _game(n: int) -> Game:
    """Game ``n``: four consecutive classes (so every class plays), levels 1 and 9, an item each."""
    start = (n * 4) % len(PLAYABLE)
    classes = [PLAYABLE[(start + i) % len(PLAYABLE)] for i in range(4)]
    members = [
        Member(c, 9 if n % 2 == 0 else 1, items=((n + 3 * i) % 30 + 1,)) for i, c in enumerate(classes)
    ]
    setup = setup_from_pack(PACK, 1 + (n * 7) % 95, members, seed=n, battle_goals=n % 3 == 0)
    return Game(setup, seed=n)


@pytest.fixture(scope="module")
def seen() -> Seen:
    out = Seen()
    for n in range(48):
        game, rnd = _game(n), random.Random(n)
        for _ in range(3000):
            d = game.decision
            if d is None:
                break
            names = figure_names(game)
            if d.kind not in out.prompts:
                who = "The party" if d.actor == "party" else names.get(d.actor, d.actor)
                out.prompts[d.kind] = (W.prompt(d, names, game), who)
            for c in d.choices:
                if (d.kind, c.kind) not in out.labels:
                    out.labels[d.kind, c.kind] = (W.choice_label(game, d, c, names), str(c))
            game.choose(rnd.choice(list(d.choices)))
    return out


def _scanned() -> tuple[set[str], set[str]]:
    """Decision kinds written as literals in ``Decision(actor, "kind", ...)`` and choice kinds in
    ``Choice("kind", ...)`` across the game package."""
    kinds: set[str] = set()
    choices: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r"Decision\(\s*[^,()]+(?:\([^()]*\))?,\s*\"([a-z-]+)\"", text))
        choices |= set(re.findall(r"Choice\(\s*\"([a-z-]+)\"\s*[,)]", text))
    return kinds, choices


def test_every_decision_kind_in_the_source_has_a_sentence() -> None:
    kinds, _ = _scanned()
    assert len(kinds) > 50  # the scan finds them (a broken pattern would find none)
    missing = sorted((kinds | VARIABLE_KINDS) - set(W.PROMPTS))
    assert not missing, f"decision kinds with no sentence in decision_words.PROMPTS: {missing}"


def test_every_choice_kind_in_the_source_has_a_label() -> None:
    _, choices = _scanned()
    assert len(choices) > 60
    missing = sorted((choices | VARIABLE_CHOICES) - W.CHOICE_KINDS)
    assert not missing, f"choice kinds with no label in decision_words.choice_label: {missing}"


def test_every_decision_asked_in_random_games_is_worded(seen: Seen) -> None:
    assert len(seen.prompts) >= 40  # the games reach most of the engine's decisions
    fallback = [k for k, (text, who) in seen.prompts.items() if text == f"{who}: {D.words(k)}"]
    assert not fallback, f"decisions asked without a sentence: {fallback}"
    unknown = sorted(k for k in seen.prompts if k not in W.PROMPTS)
    assert not unknown
    for kind, (text, who) in seen.prompts.items():
        assert text.startswith(who), (kind, text)  # the sentence names who decides
        assert "{" not in text and "#" not in text, (kind, text)  # no template holes, no raw ids


def test_every_choice_in_random_games_has_a_label_in_words(seen: Seen) -> None:
    assert not sorted({c for _, c in seen.labels} - W.CHOICE_KINDS)
    for (kind, ckind), (label, raw) in seen.labels.items():
        assert label and label != raw, (kind, ckind, label)  # never the engine's own text
        assert "#" not in label and "{" not in label, (kind, ckind, label)  # no figure ids


def _d(actor: str, kind: str, *choices: Choice) -> Decision:
    return Decision(actor, kind, list(choices))


NAMES = {
    "doomstalker": "Doomstalker", "beast-tyrant": "Beast Tyrant", "sawbones": "Sawbones",
    "soothsinger": "Soothsinger", "summoner": "Summoner", "brute": "Brute", "hound#2": "Hound 2",
    "cultist#4": "Cultist 4", "beast-tyrant.bear": "Bear (Beast Tyrant's summon)",
}  # fmt: skip


def test_a_doomstalkers_doom_moved_when_its_enemy_dies() -> None:
    d = _d("doomstalker", "doom-transfer", Choice("transfer", ("hound#2",)), Choice("skip"))
    text = W.prompt(d, NAMES)
    assert text.startswith("Doomstalker:") and "doom" in text and "died" in text


def test_a_beast_tyrant_forgoes_actions_for_the_bear_and_shares_damage() -> None:
    d = _d(
        "beast-tyrant", "forgo", *(Choice("forgo", (w,)) for w in ("top", "bottom", "both")), Choice("keep")
    )
    assert W.prompt(d, NAMES).startswith("Beast Tyrant:") and "bear" in W.prompt(d, NAMES)
    share = _d(
        "beast-tyrant", "share-damage", *(Choice("damage", ("beast-tyrant.bear", str(n))) for n in range(3))
    )
    assert "Bear (Beast Tyrant's summon)" in W.prompt(share, NAMES)


def test_a_sawbones_pack_a_soothsingers_ward_and_a_summoners_steed_name_the_thing() -> None:
    pack = _d("sawbones", "medical-pack", Choice("use-pack", ("medical",)), Choice("keep"))
    assert W.prompt(pack, NAMES).startswith("Sawbones:") and "medical pack" in W.prompt(pack, NAMES)
    ward = _d("soothsinger", "ward", Choice("target", ("brute",)))
    assert W.prompt(ward, NAMES).startswith("Soothsinger:") and "damage" in W.prompt(ward, NAMES)
    steed = _d("summoner", "steed", Choice("steed", ("consume",)), Choice("steed", ("no-consume",)))
    assert "Earth" in W.prompt(steed, NAMES) and "+2 Move" in W.prompt(steed, NAMES)


def test_a_damage_and_a_consumption_say_how_much_and_which_element() -> None:
    dmg = _d("brute", "damage", Choice("take", ("4",)), Choice("lose-hand", ("trample",)))
    assert W.prompt(dmg, NAMES).startswith(
        "Brute is about to suffer 4 damage: take it, or negate it by losing"
    )
    fire = _d("brute", "consume", Choice("consume", ("fire",)), Choice("no-consume"))
    assert "consume Fire" in W.prompt(fire, NAMES)


def test_labels_name_the_figure_the_card_and_the_verb() -> None:
    game = _game(0)
    kill = _d("brute", "kill", Choice("target", ("cultist#4",)), Choice("skip"))
    assert W.choice_label(game, kill, kill.choices[0], NAMES) == "Kill Cultist 4"  # not on the map: no hp
    lose = _d("brute", "damage", Choice("lose-discard", ("trample", "eye-for-an-eye")))
    assert (
        W.choice_label(game, lose, lose.choices[0], NAMES)
        == "Lose Trample and Eye for an Eye from the discard pile"
    )
    forgo = _d("beast-tyrant", "forgo", Choice("forgo", ("both",)), Choice("keep"))
    assert [W.choice_label(game, forgo, c, NAMES) for c in forgo.choices] == [
        "Forgo both actions",
        "Keep both actions",
    ]


def test_the_web_page_and_the_terminal_word_a_decision_alike() -> None:
    from delvekit.cli import play_words
    from delvekit.web import play_view

    game, rnd = _game(1), random.Random(1)
    checked: set[str] = set()
    while game.decision is not None and len(checked) < 12:
        d = game.decision
        names = figure_names(game)
        assert play_view.prompt(d, names, game).startswith(W.prompt(d, names, game)[:30])
        assert play_words.question(game, d) == W.prompt(d, figure_names(game), game)
        for c in list(d.choices)[:8]:
            label = W.choice_label(game, d, c, names)
            assert play_view.option(game, d, c, names)["label"].startswith(label)
            line = play_words.choice_line(game, d, c)
            assert line.endswith(f"[{c}]") and (label in line or c.kind == "take")
        checked.add(d.kind)
        game.choose(rnd.choice(list(d.choices)))
    assert len(checked) >= 8


def test_sentences_by_step_name_steps_the_engine_has() -> None:
    """A renamed step would silently lose its sentence: each step named is still a task kind."""
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in SOURCE.rglob("*.py") if p.name != "decision_words.py"
    )
    registered = set(re.findall(r"task_handler\(\s*\"([a-z_]+)\"", text)) | set(
        re.findall(r"\(\s*\"([a-z_]+)\",\s*_run_", text)
    )
    assert W.BY_STEP and set(W.BY_STEP) <= registered, sorted(set(W.BY_STEP) - registered)


def test_a_doomstalkers_wild_command_names_the_doomed_enemy_from_its_step() -> None:
    game = _game(0)
    from delvekit.gloomhaven.engine.state import Task

    game.state.agenda.append(Task("ds_pick_doomed", "x", 3, "hound#2"))
    d = _d("doomstalker", "target", Choice("target", ("hound#2",)), Choice("skip"))
    assert (
        W.prompt(d, NAMES, game) == "Doomstalker: choose the doomed enemy to attack (at any range), or skip"
    )
    assert W.prompt(d, NAMES) == "Doomstalker: choose the target, or skip"  # without the game
