"""Playing games to the end: one game (:func:`play`) or seeded batches with statistics (:func:`simulate`)."""

from .batch import (
    GameError,
    GameOutcome,
    SimResult,
    SimulationError,
    derive_seed,
    play_command,
    simulate,
    wilson_interval,
)
from .runner import DecisionLimitExceeded, play

__all__ = [
    "DecisionLimitExceeded",
    "GameError",
    "GameOutcome",
    "SimResult",
    "SimulationError",
    "derive_seed",
    "play",
    "play_command",
    "simulate",
    "wilson_interval",
]
