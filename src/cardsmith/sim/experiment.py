"""Paired rule experiments: two arms (two sets of game options: rules, card sets, deck lists) played on the same seeds.

Arm A and arm B each play games ``0 .. N-1`` of a run with the same seed through :func:`cardsmith.sim.batch.simulate`,
so game ``i`` of both arms starts from the same seed with the same agents: the arms differ only by their options.
Each game pair gives one difference (of seat 0 winning, and of the number of turns); the differences' mean is
estimated with a 95% normal interval, and tested against 0 (the exact McNemar test for the wins, a paired z-test for
the turns). A pair where either game failed is left out of the differences and counted.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.engine import blank_state
from ..core.errors import CardsmithError
from ..core.registry import get_game
from .batch import GameOutcome, SimResult, simulate
from .settings import LOCAL, RunSettings
from .stats import Estimate, paired_difference, paired_proportion_difference


class ExperimentError(CardsmithError):
    """Arms an experiment cannot compare."""


@dataclass(frozen=True)
class ExperimentResult:
    """Both arms' statistics and their paired differences (A minus B)."""

    game: str
    games: int
    seed: int | str
    seats: tuple[str, ...]
    a_options: dict[str, Any]
    b_options: dict[str, Any]
    a: SimResult
    b: SimResult
    pairs: int
    win_rate_seat0: Estimate
    mean_turns: Estimate

    def to_dict(self) -> dict[str, Any]:
        """The JSON form outside checks read (``game``, ``games``, ``paired``, ``a``, ``b``, ``difference``)."""

        def arm(result: SimResult, options: dict[str, Any]) -> dict[str, Any]:
            return {
                "options": options,
                "wins": list(result.wins),
                "win_rates": result.win_rates,
                "ci95": [list(ci) for ci in result.ci95],
                "draws": result.draws,
                "no_winner": result.no_winner,
                "errors": result.error_count,
                "mean_turns": result.mean_turns,
                "digest": result.digest,
            }

        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "paired": True,
            "pairs": self.pairs,
            "a": arm(self.a, self.a_options),
            "b": arm(self.b, self.b_options),
            "difference": {
                "win_rate_seat0": self.win_rate_seat0.to_dict(),
                "mean_turns": self.mean_turns.to_dict(),
            },
        }


class _Arm:
    """Per game of one arm: whether seat 0 won, and the turns (-1 for a game that failed)."""

    def __init__(self) -> None:
        self.won = array("b")
        self.turns = array("l")

    def add(self, o: GameOutcome) -> None:
        self.won.append(1 if 0 in o.winners else 0)
        self.turns.append(-1 if o.error is not None else o.turns)


def _differences(a: _Arm, b: _Arm) -> tuple[int, Estimate, Estimate]:
    both = [i for i in range(len(a.turns)) if a.turns[i] >= 0 and b.turns[i] >= 0]
    wins = paired_proportion_difference([bool(a.won[i]) for i in both], [bool(b.won[i]) for i in both])
    turns = paired_difference([a.turns[i] for i in both], [b.turns[i] for i in both])
    return len(both), wins, turns


def experiment(
    game_id: str,
    a_options: dict[str, Any],
    b_options: dict[str, Any],
    games: int,
    seed: int | str,
    seats: Sequence[str],
    *,
    run: RunSettings = LOCAL,
) -> ExperimentResult:
    """Play arm A (``a_options``) and arm B (``b_options``) on the same ``games`` seeds and compare them.

    ``run.progress(done, total)`` counts the games of both arms (``total`` is ``2 * games``)."""
    game = get_game(game_id)
    resolved_a = blank_state(game, len(seats), seed, a_options)["options"]
    resolved_b = blank_state(game, len(seats), seed, b_options)["options"]
    if resolved_a == resolved_b:
        raise ExperimentError("the two arms play the same options; give --a and --b options that differ")
    arms = (_Arm(), _Arm())
    results = []
    progress = run.progress
    for k, options in enumerate((a_options, b_options)):
        report = (
            None if progress is None else (lambda done, _total, k=k: progress(k * games + done, 2 * games))
        )
        arm = replace(run, progress=report)
        results.append(simulate(game.id, games, seed, seats, options, run=arm, on_outcome=arms[k].add))
    pairs, wins, turns = _differences(*arms)
    return ExperimentResult(
        game.id, games, seed, tuple(seats), dict(a_options), dict(b_options), results[0], results[1],
        pairs, wins, turns,
    )  # fmt: skip
