"""A PettingZoo AEC environment for any cardsmith game.

Each seat is an agent (``player_0`` ... ``player_{n-1}``). The agent to act is the seat the game asks; chance is
resolved inside the environment from its seed. An agent's observation is a dict: ``observation``, the encoding of
that seat's view (:mod:`cardsmith.rl.encoding`), and ``action_mask``, 1 at each legal index of the game's action
space (:class:`cardsmith.core.actions.ActionSpace`; all 0 when the seat has nothing to decide). When the game ends
every winner is rewarded 1 and every other seat -1 (0 to all in a draw); a game that runs past its declared decision
bound is truncated. An action outside the mask is refused: :class:`cardsmith.core.errors.IllegalAction` is raised
and the game is left as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.decision import CHANCE
from ..core.engine import apply, new_game, resolve_chance
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.registry import get_game
from ..core.state import State
from ..core.view import view as _view
from .encoding import Encoder, encoder

BOUND = 1e9
"""The observation space's bounds: every encoded number lies well within them."""


class Table:
    """One game in progress with its encoder: what the AEC and Gymnasium environments share."""

    def __init__(self, game: Game | str, players: int | None, options: dict[str, Any] | None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        probe = new_game(self.game, self.players, 0, options)  # validates players and options
        self.options: dict[str, Any] = probe["options"]
        self.encoder: Encoder = encoder(self.game, self.players, self.options)
        self.space = self.game.action_space(self.players, self.options)
        self.limit = self.game.max_decisions(self.options, self.players)
        self.state: State = probe
        self.decisions = 0
        self.history: list[list[dict[str, Any]]] | None = None
        """Each step's events since the deal, kept (by :meth:`new`) for agents that read the public history."""
        self._indices: dict[str, int] = {}

    def observation_space(self) -> spaces.Box:
        """The space of the encoded views."""
        return spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32)

    def new(self, seed: int, keep_history: bool = False) -> None:
        """Deal a new game from ``seed`` and run chance to the first decision of a seat; with ``keep_history``,
        keep each step's events in :attr:`history`."""
        self.state = new_game(self.game, self.players, seed, self.options)
        self.decisions = 0
        self.history = [self.state["events"]] if keep_history else None
        self.run_chance()

    def run_chance(self) -> None:
        """Resolve chance decisions (from the game's own seeded RNG) until a seat decides or the game ends."""
        state = self.state
        while state["pending"] is not None and state["pending"]["seat"] == CHANCE:
            resolve_chance(state)
            self._stepped()

    def _stepped(self) -> None:
        if self.history is not None:
            self.history.append(self.state["events"])

    @property
    def seat(self) -> int | None:
        """The seat that decides now (None when the game is over)."""
        pending = self.state["pending"]
        return None if pending is None else pending["seat"]

    def vector(self, seat: int) -> np.ndarray:
        """The encoding of ``seat``'s view."""
        out = np.zeros(self.encoder.size, np.float32)
        self.encoder.encode(_view(self.state, seat), out)
        return out

    def mask(self, seat: int) -> np.ndarray:
        """The legal-action mask of ``seat`` (all 0 unless it decides)."""
        out = np.zeros(self.space.size, np.int8)
        pending = self.state["pending"]
        if pending is not None and pending["seat"] == seat:
            out[[self.index(option[0]) for option in pending["options"]]] = 1
        return out

    def index(self, oid: str) -> int:
        """The action index of an option id (kept: a game's ids are finite and the same few recur)."""
        i = self._indices.get(oid)
        if i is None:
            i = self._indices[oid] = self.space.encode(oid)
        return i

    def play(self, index: Any) -> None:
        """Apply the option at action ``index`` for the deciding seat, then run chance."""
        try:
            oid = self.space.decode(int(index))
        except (IndexError, TypeError, ValueError):
            raise IllegalAction(index, f"not an index of the action space 0..{self.space.size - 1}") from None
        apply(self.state, oid)
        self.decisions += 1
        self._stepped()
        self.run_chance()

    def rewards(self) -> list[float]:
        """Each seat's reward for the finished game: 1 for a winner, -1 otherwise, 0 for all in a draw."""
        result = self.state["result"]
        if result is None or result["draw"]:
            return [0.0] * self.players
        winners = set(result["winners"])
        return [1.0 if s in winners else -1.0 for s in range(self.players)]

    def text(self) -> str:
        """The table as a spectator sees it, in words."""
        seen = _view(self.state, None)
        lines = [f"{self.game.name}: turn {seen['turn']}, decision {seen['step']}"]
        lines += self.game.summarize(seen)
        pending = seen["pending"]
        if pending is not None:
            lines.append(f"{self.game.seat_name(pending['seat'])} decides: {pending['prompt']}")
        if seen["result"] is not None:
            lines.append(f"result: {seen['result']}")
        return "\n".join(lines)

    def render(self, mode: str | None) -> str | None:
        """The table in words for an environment's ``render_mode`` (``ansi``: returned; ``human``: printed)."""
        if mode is None:
            return None
        text = self.text()
        if mode == "human":
            print(text)
            return None
        return text


class CardsmithAEC(AECEnv):
    """A PettingZoo AEC environment for one cardsmith game (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "cardsmith_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.table = Table(game, players, options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cardsmith_{self.table.game.id}_v0")
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        obs = spaces.Dict(
            {
                "observation": self.table.observation_space(),
                "action_mask": spaces.Box(0, 1, (self.table.space.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.space.size) for a in self.possible_agents}
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: the game's action space (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``seed`` seeds it (and the seeds of later games reset without one)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.table.new(int(self._seeds.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_step()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its encoded view and its action mask."""
        seat = self._seat_of[agent]
        return {"observation": self.table.vector(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        """Apply ``action`` (an index of the action space) for the selected agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(action, "a live agent must choose an action")
        self.table.play(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._after_step()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_step(self) -> None:
        table = self.table
        if table.state["result"] is not None:
            for agent, reward in zip(self.possible_agents, table.rewards(), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        if table.decisions >= table.limit:
            self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[table.seat]

    def render(self) -> str | None:
        """The table in words (``ansi``: returned; ``human``: printed)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
        return None


def env(
    game: Game | str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
) -> CardsmithAEC:
    """A PettingZoo AEC environment for ``game`` with ``players`` seats (default: its smallest table)."""
    return CardsmithAEC(game, players=players, options=options, render_mode=render_mode)
