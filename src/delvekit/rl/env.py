"""PettingZoo and Gymnasium environments over the engine (the ``rl`` extra).

``aec_env(scenario=1, party=("brute", "mindthief"), level=1)`` is a PettingZoo AEC
environment with one agent per character: the agent to act is the actor of the pending
decision (decisions of "the party", such as ties and monster pushes, go to the first character
still on the board). ``gym_env(scenario=1, party=..., seat="brute", others="random")`` is a
Gymnasium environment for one seat, the other seats (and the party's decisions) played by a
bot. Both observe with :class:`~delvekit.rl.encode.Encoder` (fixed size, the character's own
cards and the public state only) and act with ``Discrete(n)``: action ``i`` is the pending
decision's ``i``-th legal choice. The mask is ``observation["action_mask"]`` (AEC),
``info["action_mask"]`` and ``action_masks()`` (Gymnasium, as sb3-contrib's MaskablePPO
expects). An illegal action is refused: the game is unchanged, the reward is
:data:`ILLEGAL_COST` and ``info["illegal"]`` is set.

Rewards are the party's, shared by every agent: +1 for a victory, -1 for a defeat, and
:data:`KILL_REWARD` for every monster killed. ``reset(seed=S)`` plays the game ``delve play
--seed S`` plays; the random bot of ``others="random"`` is seeded from the game seed, so an
episode is a function of the seed and the actions. ``render()`` returns the board as SVG text.

>>> env = gym_env(scenario=1, party=("brute", "mindthief"), seat="brute", others="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from delvekit.gloomhaven.bots.players import Bot, make_bot
from delvekit.gloomhaven.engine.game import Game
from delvekit.rl.encode import Encoder, Mask, Vector

KILL_REWARD = 0.05
ILLEGAL_COST = -0.01
MAX_CHOICES = 20_000
"""An episode is truncated after this many choices (none of the bundled scenarios needs it)."""


def _new_game(scenario: int, party: tuple[str, ...], level: int, difficulty: str, seed: int) -> Game:
    from delvekit.cli.play import new_game

    return new_game(scenario, ",".join(party), level=level, seed=seed, difficulty=difficulty)


def _board_svg(game: Game) -> str:
    from delvekit.cli.play import figure_labels
    from delvekit.render.svg import Marker, Token, board_svg

    board = game.board()
    if board is None:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"
    labels = figure_labels(game)
    figures = [
        Token(
            hex=f.hex,
            label=labels[f.id],
            kind="character"
            if f.kind == "character"
            else "summon"
            if f.kind == "summon"
            else f.rank or "normal",
            name=f.id,
        )
        for f in game.state.figures.values()
    ]
    markers = [Marker(h, "coin", str(n)) for h, n in game.state.coins.items()]
    return board_svg(board, figures=figures, markers=markers, title=f"round {game.state.round}")


def _kills(events: list[Any]) -> int:
    return sum(1 for e in events if e.kind == "killed" and e.args and "#" in e.args[0])


class GloomhavenAEC(AECEnv):  # type: ignore[misc]
    """One agent per character; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "delvekit_gloomhaven_v0",
        "render_modes": ["svg"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: int = 1,
        party: tuple[str, ...] = ("brute", "mindthief"),
        level: int = 1,
        difficulty: str = "normal",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.scenario, self.party, self.level, self.difficulty = scenario, tuple(party), level, difficulty
        self.render_mode = render_mode
        self.game = _new_game(scenario, self.party, level, difficulty, 0)
        self.encoder = Encoder(self.game)
        self.possible_agents = list(self.encoder.characters)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = {a: spaces.Discrete(self.encoder.actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _actor(self) -> str:
        d = self.game.decision
        if d is None:
            return self.agents[0] if self.agents else self.possible_agents[0]
        if d.actor in self.possible_agents:
            return d.actor
        on_board = [a for a in self.possible_agents if a in self.game.state.figures]
        return (on_board or self.possible_agents)[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = _new_game(
            self.scenario, self.party, self.level, self.difficulty, 0 if seed is None else seed
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._actor()

    def observe(self, agent: str) -> dict[str, Vector | Mask]:
        mask = (
            self.encoder.mask(self.game)
            if agent == self._actor()
            else np.zeros(self.encoder.actions, np.int8)
        )
        return {"observation": self.encoder.observe(self.game, agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        d = self.game.decision
        choice = None if d is None or action is None else self.encoder.choice(d, int(action))
        self.infos = {a: {} for a in self.agents}
        if choice is None:
            self.rewards[agent] = ILLEGAL_COST
            self.infos[agent]["illegal"] = True
        else:
            events = self.game.choose(choice)
            reward = KILL_REWARD * _kills(events)
            if self.game.result is not None:
                reward += 1.0 if self.game.result == "victory" else -1.0
                self.terminations = dict.fromkeys(self.agents, True)
            elif len(self.game.log) >= MAX_CHOICES:
                self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, reward)
        self._accumulate_rewards()
        self.agent_selection = self._actor()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without render_mode='svg' returns nothing")
            return None
        return _board_svg(self.game)

    def close(self) -> None:
        pass


class GloomhavenGym(gymnasium.Env[Vector, int]):
    """One seat learns; a bot plays the other seats and the party's decisions."""

    metadata = {"render_modes": ["svg"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        scenario: int = 1,
        party: tuple[str, ...] = ("brute", "mindthief"),
        seat: str = "brute",
        others: str = "random",
        level: int = 1,
        difficulty: str = "normal",
        render_mode: str | None = None,
    ) -> None:
        self.scenario, self.party, self.level, self.difficulty = scenario, tuple(party), level, difficulty
        if seat not in self.party:
            raise ValueError(f"seat {seat!r} is not in the party {self.party}")
        self.seat, self.others, self.render_mode = seat, others, render_mode
        self.game = _new_game(scenario, self.party, level, difficulty, 0)
        self.bot: Bot = make_bot(others, 0)
        self.encoder = Encoder(self.game)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.action_space: spaces.Space[int] = spaces.Discrete(self.encoder.actions)  # type: ignore[assignment]

    def _mine(self) -> bool:
        d = self.game.decision
        return d is not None and d.actor == self.seat

    def _others_play(self) -> float:
        """Let the bot answer until the seat decides or the scenario ends; the reward meanwhile."""
        reward = 0.0
        while self.game.decision is not None and not self._mine() and len(self.game.log) < MAX_CHOICES:
            reward += KILL_REWARD * _kills(self.game.choose(self.bot.choose(self.game)))
        return reward

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def action_masks(self) -> Mask:
        return self.encoder.mask(self.game) if self._mine() else np.zeros(self.encoder.actions, np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1)) if seed is None else seed
        self.game = _new_game(self.scenario, self.party, self.level, self.difficulty, game_seed)
        self.bot = make_bot(self.others, game_seed)
        self._others_play()
        return self.encoder.observe(self.game, self.seat), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        d = self.game.decision
        choice = None if d is None or not self._mine() else self.encoder.choice(d, int(action))
        if choice is None:
            obs = self.encoder.observe(self.game, self.seat)
            return obs, ILLEGAL_COST, self.game.result is not None, False, self._info(illegal=True)
        reward = KILL_REWARD * _kills(self.game.choose(choice))
        reward += self._others_play()
        terminated = self.game.result is not None
        if terminated:
            reward += 1.0 if self.game.result == "victory" else -1.0
        truncated = not terminated and len(self.game.log) >= MAX_CHOICES
        return self.encoder.observe(self.game, self.seat), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        return _board_svg(self.game) if self.render_mode == "svg" else None


def aec_env(
    scenario: int = 1,
    party: tuple[str, ...] = ("brute", "mindthief"),
    level: int = 1,
    difficulty: str = "normal",
    render_mode: str | None = None,
) -> GloomhavenAEC:
    """The PettingZoo AEC environment of ``scenario`` for ``party`` (one agent per character)."""
    return GloomhavenAEC(scenario, tuple(party), level, difficulty, render_mode)


def gym_env(
    scenario: int = 1,
    party: tuple[str, ...] = ("brute", "mindthief"),
    seat: str = "brute",
    others: str = "random",
    level: int = 1,
    difficulty: str = "normal",
    render_mode: str | None = None,
) -> GloomhavenGym:
    """The Gymnasium environment of ``seat`` in ``scenario``, the others played by bot ``others``."""
    return GloomhavenGym(scenario, tuple(party), seat, others, level, difficulty, render_mode)


__all__ = ["GloomhavenAEC", "GloomhavenGym", "aec_env", "gym_env"]
