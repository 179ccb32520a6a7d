"""The random agent: uniform among the legal options, from its own seeded generator."""

from __future__ import annotations

from .base import SeededAgent, Turn


class RandomAgent(SeededAgent):
    """Chooses uniformly at random among the legal options. Same seed, same choices."""

    name = "random"
    stream = "cardsmith-agent"

    def choose(self, turn: Turn) -> str:
        """A uniformly drawn legal option id."""
        return turn.option_id(self._rng.randrange(turn.option_count))
