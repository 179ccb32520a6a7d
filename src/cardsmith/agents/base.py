"""The one agent protocol. An agent is given an :class:`Observation` (its seat, the decision, its view and the
public history; never the state) and returns one legal option id. ``Turn`` is the same class, by its older name."""

from __future__ import annotations

import random
from typing import Protocol

from ..core.errors import CardsmithError
from ..core.observe import Observation

Turn = Observation
"""The name agents and heuristics have used so far for what they are given: the same class as :class:`Observation`."""


class AgentError(CardsmithError):
    """An unknown agent name or parameter, or an agent that cannot take part where it was asked to."""


class Agent(Protocol):
    """Anything that picks one legal option id for an observation."""

    name: str
    """The agent's name, as ``--seats`` spells it."""

    # An agent that reads ``observation.history`` says so with a class attribute ``reads_history = True``; the
    # runner keeps every event of the game only then (otherwise an observation holds the last step's events).

    def choose(self, turn: Observation) -> str:
        """Return the id of one of ``turn.option_ids``."""
        ...


class SeededAgent:
    """An agent with a generator of its own, seeded from ``seed`` on the agent's ``stream``: the same seed gives the
    same choices, and agents of two kinds given one seed draw different numbers."""

    name: str
    stream: str
    """The generator's name, before the seed (``cardsmith-agent:7``)."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"{self.stream}:{seed}")


__all__ = ["Agent", "AgentError", "Observation", "SeededAgent", "Turn"]
