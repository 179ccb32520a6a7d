"""Taidian's search, measured: how well its evaluation predicts the winners of heuristic games (and a refit of its
weights), and how long a searched move takes.

    python -m tests.taidian_search fit GAMES FIRST_SEED [--fit]
    python -m tests.taidian_search moves PLAYERS GAMES FIRST_SEED

``fit`` plays GAMES heuristic games (seeds FIRST_SEED, FIRST_SEED + 1, ...) and takes, for both seats, the position at the
start of every turn and at a fifth of the upgrading decisions (drawn by the game's seed), each with the winner of its
game (a draw counts half). It prints the evaluation's log-loss over them: given each player's cards as counted from
the public history (``pools.remember``), and read from what lies face up. With ``--fit`` it then searches the
evaluation's weights (one at a time, a step up or down, the step halved when none helps) for the least log-loss with
the count, and prints the weights found.

``moves`` plays GAMES seeded games of PLAYERS seats, ``ismcts`` at its defaults against the heuristic (seats
alternating, the search first), and prints the median and the longest processor time of the search's moves that
had more than one option. "How the computer plays" in the game's RULES.md gives the figures.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

from cardsmith.agents import HeuristicAgent, IsmctsAgent
from cardsmith.core import new_game, view
from cardsmith.core.observe import Observation
from cardsmith.core.state import State
from cardsmith.core.view import redact_event
from cardsmith.games.taidian import heuristic
from cardsmith.games.taidian.pools import Pools, remember
from cardsmith.sim.runner import play

WEIGHTS = ("_POISON_SHARE", "_GROWTH", "_ENERGY_GROWTH", "_BLOCKED", "_HEALED", "_SCALE")
"""The evaluation's weights (module constants of :mod:`cardsmith.games.taidian.heuristic`)."""

_SHARES = ("_POISON_SHARE", "_BLOCKED")
"""Weights that are shares, at most 1."""

Position = tuple[dict[str, Any], int, Pools | None, float]
"""A seat's view, the seat, every player's cards as counted from the history, and the seat's result."""


def _seen(state: State) -> list[dict[str, Any]]:
    """The events of the last step as seat 0 sees them (each player's count is the same from every seat)."""
    return [e for e in (redact_event(x, 0) for x in state["events"]) if e is not None]


def _game_positions(seed: int) -> list[Position]:
    """The positions of one seeded heuristic game, each with its seat's result."""
    state = new_game("taidian", 2, seed, {})
    pick = random.Random(seed)
    rows: list[tuple[dict[str, Any], int, Pools | None]] = []
    memory = [remember(None, _seen(state), state["options"])]

    def on_step(st: State, _oid: str) -> None:
        memory[0] = remember(memory[0], _seen(st), st["options"])
        pending = st["pending"]
        if pending is None or pending["seat"] < 0:
            return
        if pending["kind"] == "turn_type" or (pending["kind"] == "upgrade" and pick.random() < 0.2):
            rows.extend((view(st, s), s, memory[0]) for s in range(2))

    play(state, [HeuristicAgent(seed), HeuristicAgent(seed + 7)], on_step=on_step)
    result = state["result"]
    return [(v, s, pools, 0.5 if result["draw"] else float(s in result["winners"])) for v, s, pools in rows]


def positions(games: int, first_seed: int) -> list[Position]:
    """The positions of ``games`` seeded heuristic games, each with its seat's result."""
    return [p for seed in range(first_seed, first_seed + games) for p in _game_positions(seed)]


def log_loss(data: list[Position], counted: bool = True) -> float:
    """The evaluation's mean log-loss over ``data``, with the count from the history or from the face-up cards."""
    total = 0.0
    for v, s, pools, y in data:
        p = min(max(heuristic.evaluate(v, s, pools if counted else None), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def fit(data: list[Position], rounds: int = 6) -> dict[str, float]:
    """The weights with the least log-loss found by a coordinate search from the current ones (set in the module)."""
    weights = {name: float(getattr(heuristic, name)) for name in WEIGHTS}
    best = log_loss(data)
    step = 0.5
    for _ in range(rounds):
        improved = False
        for name in WEIGHTS:
            for factor in (1 + step, 1 / (1 + step)):
                trial = min(weights[name] * factor, 1.0) if name in _SHARES else weights[name] * factor
                setattr(heuristic, name, trial)
                loss = log_loss(data)
                if loss < best - 1e-5:
                    best, weights[name], improved = loss, trial, True
                    break
                setattr(heuristic, name, weights[name])
        if not improved:
            step /= 2
    return weights


class _Timed(IsmctsAgent):
    """The search at its defaults, keeping the processor time of each move with more than one option."""

    def __init__(self, seed: str, times: list[float]) -> None:
        super().__init__(seed)
        self.times = times

    def choose(self, turn: Observation) -> str:
        start = time.process_time()
        choice = super().choose(turn)
        if turn.option_count > 1:
            self.times.append(time.process_time() - start)
        return choice


def move_times(players: int, games: int, first_seed: int) -> list[float]:
    """The processor time of every searched move of ``games`` seeded games against the heuristic."""
    times: list[float] = []
    for seed in range(first_seed, first_seed + games):
        agents = [
            _Timed(f"{seed}/{s}", times) if s % 2 == 0 else HeuristicAgent(f"{seed}/{s}")
            for s in range(players)
        ]
        play(new_game("taidian", players, seed, {}), agents)
    return times


def main() -> None:
    mode, args = sys.argv[1], [int(a) for a in sys.argv[2:] if a.isdigit()]
    if mode == "moves":
        times = move_times(*args)
        print(
            f"{len(times)} searched moves: median {statistics.median(times):.3f} s, longest {max(times):.3f} s"
        )
        return
    games, first_seed = args
    data = positions(games, first_seed)
    print(f"{len(data)} positions of {games} games (seeds {first_seed}..{first_seed + games - 1})")
    print(f"log-loss: counted {log_loss(data):.4f}, face up {log_loss(data, counted=False):.4f}")
    if "--fit" in sys.argv:
        weights = fit(data)
        print("fitted:", ", ".join(f"{name} = {value:.3g}" for name, value in weights.items()))
        print(f"log-loss: counted {log_loss(data):.4f}, face up {log_loss(data, counted=False):.4f}")


if __name__ == "__main__":
    main()
