"""The scenario's special rules at the table: the engine performs them on its own game, the table
copies what changed.

At the start and the end of each round the table hands the positions and health it keeps to the
engine's game (:func:`_to_game`), runs the engine's round hooks (the hook point ``round_event``:
spawns, conditions, damage, cards added to decks, stat changes...) exactly as the engine does in
its own rounds, and takes back what they did (:func:`_from_game`): new standees (numbered from the
box as the engine draws them), health, conditions, kills. What concerns the players' own decks
("each character shuffles 3 curses into their deck") is said in words.
"""

from __future__ import annotations

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.card_words import title
from delvekit.gloomhaven.engine import hooks
from delvekit.web.table_state import Table, label, take_placed

_SAID = {
    "add-modifier": "cards into the deck",
    "condition": "condition",
    "damage": "damage",
}


def _party_ids(table: Table) -> dict[str, str]:
    """The table's character ids → the engine's (the setup's party, seat by seat)."""
    return {cid: ch.id for cid, ch in zip(table.characters, table.setup.party, strict=True)}


def _to_game(table: Table) -> None:
    """The table's positions and health onto the engine's figures; a condition the table took
    off (healed, ended) is taken off the figure too, so :func:`_from_game` does not give it back."""
    st = table.game.state
    for s in table.standees.values():
        f = st.figures.get(s.id)
        if f is not None:
            f.hex, f.hp = s.hex, s.health
            for cond in [c for c in f.conditions if c.value not in s.conditions]:
                f.conditions.remove(cond)
    for cid, eid in _party_ids(table).items():
        f = st.figures.get(eid)
        c = table.characters[cid]
        if f is not None:
            f.hex, f.hp = c.hex, max(1, c.health)
            for cond in [k for k in f.conditions if k.value not in c.conditions]:
                f.conditions.remove(cond)


def _from_game(table: Table) -> list[str]:
    st = table.game.state
    said: list[str] = []
    for s in list(table.standees.values()):
        f = st.figures.get(s.id)
        if f is None:
            del table.standees[s.id]  # killed by a rule (the engine returned its standee)
            said.append(f"{label(s)} dies")
            continue
        if f.hp != s.health:
            said.append(f"{label(s)}: {s.health} → {f.hp} health")
            s.health = max(0, f.hp)
        for cond in f.conditions:
            if cond.value not in s.conditions:
                s.conditions[cond.value] = s.turns
                said.append(f"{label(s)}: {cond.value}")
    for cid, eid in _party_ids(table).items():
        f, c = st.figures.get(eid), table.characters[cid]
        if f is None:
            continue
        if f.hp < max(1, c.health):
            lost = max(1, c.health) - f.hp
            c.health = max(0, c.health - lost)
            c.exhausted = c.exhausted or c.health == 0
            said.append(f"{c.name} suffers {lost}")
        for cond in f.conditions:
            if cond.value not in c.conditions:
                c.conditions[cond.value] = c.turns
                said.append(f"{c.name}: {cond.value}")
    for s in take_placed(table):
        said.append(f"{label(s)} appears on {list(s.hex)}")
    return said


def round_rules(table: Table, timing: str) -> str:
    """Perform the scenario's rules of the round's ``timing`` (``start`` or ``end``); what
    happened in words (empty when nothing did)."""
    game = table.game
    game.state.round = table.round
    _to_game(table)
    seen = len(game.events)
    try:
        hooks.round_event.run(game, timing)
    except DelvekitError as exc:
        return f"the scenario's rules at the {timing} of the round could not be applied ({exc}): by hand"
    said = _from_game(table)
    for e in game.events[seen:]:
        if e.kind == "scenario-rule" and e.args[1] == "add-modifier":
            card, _, count = e.args[2].partition("x")
            said.append(f"scenario rule: each character shuffles {count or 1} {card} card(s) into their deck")
        elif e.kind == "no-spawn":
            said.append(f"no {title(e.args[0])} appears ({e.args[1].replace('-', ' ')})")
    return "; ".join(dict.fromkeys(said))
