"""The random agent: uniform among the legal options, from its own seeded generator."""

from __future__ import annotations

import random

from .base import Turn


class RandomAgent:
    """Chooses uniformly at random among the legal options. Same seed, same choices."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"cardsmith-agent:{seed}")

    def choose(self, turn: Turn) -> str:
        """A uniformly drawn legal option id."""
        ids = turn.option_ids
        return ids[self._rng.randrange(len(ids))]
