"""Playing games to the end: one game (:func:`play`), seeded batches with statistics (:func:`simulate`) and
tournaments between agents (:func:`tournament`)."""

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
from .settings import RunSettings
from .tournament import PairResult, TournamentError, TournamentResult, tournament

__all__ = [
    "DecisionLimitExceeded",
    "GameError",
    "GameOutcome",
    "PairResult",
    "RunSettings",
    "SimResult",
    "SimulationError",
    "TournamentError",
    "TournamentResult",
    "derive_seed",
    "play",
    "play_command",
    "simulate",
    "tournament",
    "wilson_interval",
]
