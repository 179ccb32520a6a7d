"""A Gymnasium environment for one seat of a cardsmith game against built-in agents.

The learner holds ``seat`` (or, with ``seat=None``, a seat drawn anew for each game); every other seat is played by
an agent named by a spec (``"heuristic"``, ``"random"``, ``"ismcts:iterations=50"``), given only its fair
observation, as in ``cardsmith play``. Chance is resolved inside from the seed. The observation is the encoding of
the learner's view (:mod:`cardsmith.rl.encoding`); the legal-action mask is ``env.action_masks()`` (what
sb3-contrib's MaskablePPO reads) and ``info["action_mask"]``. The reward is 1 for a win, -1 for a loss and 0 for a
draw, given when the game ends.

An action outside the mask is refused, never replaced by a legal one: with ``illegal="lose"`` (the default, so that
generic checkers that sample unmasked actions can run) the game ends there as a loss (reward -1,
``info["illegal_action"]`` names it) and the game state is left as it was; with ``illegal="raise"``,
:class:`cardsmith.core.errors.IllegalAction` is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents.factory import agent_from_spec, check_agent_for_game, check_agent_spec
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.observe import Observation
from .aec import Table


class SingleAgentEnv(gym.Env):
    """One seat of a cardsmith game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: Game | str,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "heuristic",
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise'")
        self.table = Table(game, players, options)
        n = self.table.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} or None")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponent spec(s), not {len(specs)}")
        for spec in specs:
            check_agent_spec(spec)
            check_agent_for_game(spec, self.table.game)
        self.specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space()
        self.action_space = spaces.Discrete(self.table.space.size)
        self._agents: list[Any] = []
        self._done = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict]:
        """Deal a new game (seeded from ``seed`` or from the environment's generator) and play to the learner."""
        super().reset(seed=seed)
        rng = self.np_random
        if self.fixed_seat is None:
            self.seat = int(rng.integers(0, self.table.players))
        game_seed = int(rng.integers(0, 2**63))
        others = [s for s in range(self.table.players) if s != self.seat]
        self._agents = [None] * self.table.players
        for seat, spec in zip(others, self.specs, strict=True):
            self._agents[seat] = agent_from_spec(spec, seat, f"{game_seed}:{seat}")
        self.table.new(game_seed, keep_history=any(getattr(a, "reads_history", False) for a in self._agents))
        self._done = False
        self._play_others()
        return self.table.vector(self.seat), self._info()

    def _play_others(self) -> None:
        table = self.table
        while table.state["pending"] is not None and table.seat != self.seat:
            if table.decisions >= table.limit:
                return
            oid = self._agents[table.seat].choose(Observation(table.state, table.history))
            table.play(table.index(oid))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The learner's legal-action mask (as bools, what MaskablePPO reads)."""
        return self.table.mask(self.seat).astype(bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply the learner's ``action``, then let the other seats play until the learner decides again."""
        if self._done:
            raise RuntimeError("the game is over: call reset()")
        table = self.table
        index = int(action)
        if not (0 <= index < table.space.size and table.mask(self.seat)[index]):
            if self.illegal == "raise":
                raise IllegalAction(index, "not a legal action of the learner now")
            self._done = True
            info = self._info()
            info["illegal_action"] = index
            return table.vector(self.seat), -1.0, True, False, info
        table.play(index)
        self._play_others()
        terminated = table.state["result"] is not None
        truncated = not terminated and table.decisions >= table.limit
        self._done = terminated or truncated
        reward = table.rewards()[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return table.vector(self.seat), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The table in words (``ansi``: returned; ``human``: printed)."""
        return self.table.render(self.render_mode)


single_agent = SingleAgentEnv
"""``single_agent(game, seat=0, opponents="heuristic", ...)``: a Gymnasium environment for ``seat`` of ``game``
against ``opponents``: :class:`SingleAgentEnv` itself, under a name that reads like :func:`cardsmith.rl.env`."""
