"""Setting a game up (rules digest §2.1): the state before the first round, the setup steps
(battle goals dealt and kept, hands built card by card, starting hexes), and the monsters, money
and tiles of a room as it is placed (the first room at setup, the others as they are revealed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.decks import Deck
from delvekit.core.hexes import Hex
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.payloads import KeepGoal
from delvekit.gloomhaven.engine.state import CharacterState, Figure, Side, Task
from delvekit.gloomhaven.engine.tasks import task_handler
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of, monster_deck, standard_deck
from delvekit.gloomhaven.model.setup import Rank

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

MONSTER_DECK = "@monsters"
"""Key of the monster attack modifier deck shared by every monster (§2.8)."""


def start(game: Game) -> None:
    """The state before round 1 (§2.1): characters, modifier decks, standees, monster decks,
    the first room; then the setup steps (battle goals, hands, starting hexes)."""
    st, setup = game.state, game.setup
    for ch in setup.party:
        ids = [c.id for c in ch.hand]
        full = len(ids) == ch.hand_limit
        st.characters[ch.id] = CharacterState(ch.id, ids if full else [], [] if full else ids)
        st.figures[ch.id] = Figure(ch.id, "character", ch.class_name, ch.max_health, ch.hex)
    for ch in setup.party:
        amd = cards_of(ch.modifiers) if ch.modifiers else standard_deck()
        if ch.items:  # equipped items' -1 cards (§2.7), Second Skin's removal
            for fn in hooks.start_deck.fns:
                amd = fn(ch, amd)
        st.modifier_decks[ch.id] = ModifierDeck.shuffled(amd, st.rng)
    hooks.game_start.run(game)
    st.modifier_decks[MONSTER_DECK] = ModifierDeck.shuffled(monster_deck(), st.rng)
    for m in setup.monsters:
        st.standees[m.name] = list(range(1, m.standees + 1))
    for name, cards in setup.decks.items():
        if name in game.tables.type_of_deck:
            st.decks[name] = Deck([c.id for c in cards], st.rng)
    st.revealed_rooms.append(0)
    place_room(game, 0)
    st.agenda.append(Task("round_start"))
    setup_steps = [Task("deal_goals")] if setup.battle_goals else []
    setup_steps += [Task("build_hand", ch.id) for ch in setup.party if len(ch.hand) > ch.hand_limit]
    if setup.starts:
        setup_steps += [Task("place", ch.id) for ch in setup.party]
    setup_steps += hooks.flat(hooks.setup_tasks.each(game))  # the Beast Tyrant's bear
    game.push(*setup_steps)


def place_room(game: Game, room: int) -> list[Figure]:
    """Place ``room``'s monsters (random standee numbers; none when the standees ran out, §1.3),
    its money tokens and whatever the hooks place with it (treasure tiles)."""
    st = game.state
    placed: list[Figure] = []
    for p in game.setup.rooms[room]:
        pool = st.standees[p.monster]
        if not pool:
            game.emit("no-standee", p.monster, f"hex={p.hex[0]},{p.hex[1]}")
            continue
        fig = place_monster(game, p.monster, p.rank, p.hex)
        placed.append(fig)
        game.emit("placed", fig.id, p.rank, f"hex={p.hex[0]},{p.hex[1]}")
    for number, h, count in game.setup.coins:
        if number == room:
            st.coins[h] = st.coins.get(h, 0) + count
    hooks.room_placed.run(game, room)  # numbered treasure tiles (§14)
    return placed


def place_monster(
    game: Game,
    name: str,
    rank: Rank,
    h: Hex,
    *,
    standee: int | None = None,
    summoned_round: int = 0,
    spawned: bool = False,
    side: Side | None = None,
) -> Figure:
    """Put a monster of type ``name`` and ``rank`` on ``h`` and return it: a standee number
    drawn at random from those left (§1.3), or ``standee`` when the caller names one; its hit
    points and immunities from its stat card. The caller made sure a standee is left, and
    emits its own event (placed, summoned, spawned...)."""
    st = game.state
    pool = st.standees[name]
    if standee is None:
        number = pool.pop(st.rng.randint(0, len(pool) - 1))
    else:
        pool.remove(standee)
        number = standee
    stats = game.tables.types[name].stats(rank)
    fid = f"{name}#{number}"
    fig = Figure(
        fid, "monster", name, stats.health, h, rank=rank, standee=number, immune=frozenset(stats.immunities),
        summoned_round=summoned_round, spawned=spawned, side=side,
    )  # fmt: skip
    st.figures[fid] = fig
    return fig


# ---------------------------------------------------------------------- setup


def _run_deal_goals(game: Game, task: Task) -> Decision | None:
    """§2.6: deal two battle goals to each character from the shuffled deck."""
    game.pop_task()
    st = game.state
    deck = list(game.setup.battle_goals)
    st.rng.shuffle(deck)
    steps = []
    for ch in st.characters.values():
        offered = [deck.pop(), deck.pop()]
        steps.append(Task("keep_goal", ch.id, 0, KeepGoal(tuple(offered)).text))
    game.push(*steps)
    return None


def _run_keep_goal(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "battle-goal", [Choice("keep", (g,)) for g in KeepGoal.of(task).offered])


def _apply_keep_goal(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.state.characters[task.who].battle_goal = choice.args[0]
    game.emit("battle-goal-kept", task.who)  # secret (§2.6)


def _run_build_hand(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    limit = next(c.hand_limit for c in game.setup.party if c.id == task.who)
    if len(ch.hand) >= limit:
        game.pop_task()
        game.emit("hand-ready", ch.id, *ch.hand)
        return None
    return Decision(ch.id, "hand", [Choice("take", (c,)) for c in ch.set_aside])


def _apply_build_hand(game: Game, task: Task, choice: Choice) -> None:
    ch = game.state.characters[task.who]
    ch.set_aside.remove(choice.args[0])
    ch.hand.append(choice.args[0])


def _run_place(game: Game, task: Task) -> Decision | None:
    """§2.1 step 7: a character takes any free starting hex."""
    st = game.state
    me = st.figures[task.who]
    taken = {f.hex for f in st.figures.values() if f is not me}
    free = [h for h in game.setup.starts if h not in taken]
    return Decision(task.who, "start", [Choice("start", (f"{q},{r}",)) for q, r in free])


def _apply_place(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    q, r = choice.args[0].split(",")
    game.state.figures[task.who].hex = (int(q), int(r))
    game.emit("placed", task.who, f"hex={q},{r}")


for _kind, _run, _apply in (
    ("deal_goals", _run_deal_goals, None),
    ("keep_goal", _run_keep_goal, _apply_keep_goal),
    ("build_hand", _run_build_hand, _apply_build_hand),
    ("place", _run_place, _apply_place),
):
    task_handler(_kind, _run, _apply)
