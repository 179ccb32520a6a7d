"""Batch simulation: many seeded games with named agents, in one process or a pool, with statistics.

Game ``i`` of a run with seed ``S`` is seeded with :func:`derive_seed` ``(S, i)``, and the agent of seat ``k`` with
``f"{game_seed}/{k}"``, the same way ``cardsmith play GAME --seed <game seed>`` seeds them; so any single game of a
run can be replayed on its own. The output does not depend on the number of worker processes.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import shlex
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.factory import INTERACTIVE_AGENTS, check_agent_name, make_agent
from ..core.engine import blank_state, new_game
from ..core.errors import CardsmithError, UnknownGame
from ..core.game import Game
from ..core.registry import get_game
from ..core.state import state_hash
from ..records.record import build_record, save_record
from .runner import play

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


class SimulationError(CardsmithError):
    """Arguments that a batch run cannot start with."""


def derive_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` of a run: the first 8 bytes of ``sha256(f"{seed}/{index}")`` as an integer."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:8], "big")


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``(0.0, 0.0)`` when there are no trials)."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def one_line(exc: BaseException) -> str:
    """An exception as one line: its type and the first line of its message."""
    text = str(exc).strip()
    first = text.splitlines()[0] if text else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def play_command(game: Game, game_seed: int, seats: Sequence[str], options: dict[str, Any]) -> str:
    """The ``cardsmith play`` command that replays one game of a run (options that differ from their defaults)."""
    parts = ["cardsmith", "play", game.id, "--seed", str(game_seed), "--seats", ",".join(seats)]
    for spec in game.option_specs:
        if spec.name in options and options[spec.name] != spec.default:
            parts += ["--option", f"{spec.name}={_option_text(options[spec.name])}"]
    return shlex.join(parts)


@dataclass(frozen=True)
class GameOutcome:
    """How one game of a run ended (``error`` set, and the rest empty, when it raised)."""

    index: int
    seed: int
    winners: tuple[int, ...] = ()
    draw: bool = False
    turns: int = 0
    decisions: int = 0
    final_hash: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class GameError:
    """A game that raised: its index and seed, the exception in one line, and a command that reproduces it."""

    index: int
    seed: int
    error: str
    command: str


@dataclass(frozen=True)
class _Batch:
    game: str
    module: str
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed: int | str
    record_dir: str | None


def _ensure_game(game_id: str, module: str) -> None:
    try:
        get_game(game_id)
    except UnknownGame:
        importlib.import_module(module)


def _play_one(batch: _Batch, index: int) -> GameOutcome:
    game_seed = derive_seed(batch.seed, index)
    try:
        state = new_game(batch.game, len(batch.seats), game_seed, batch.options)
        agents = [make_agent(name, seat, f"{game_seed}/{seat}") for seat, name in enumerate(batch.seats)]
        actions = play(state, agents)
    except Exception as exc:  # a game that raises is counted, never fatal to the run
        return GameOutcome(index, game_seed, error=one_line(exc))
    if batch.record_dir is not None:
        record = build_record(state, actions, seats=batch.seats, seed=game_seed)
        save_record(record, Path(batch.record_dir) / f"{batch.game}-{index}.json")
    result = state["result"]
    return GameOutcome(
        index,
        game_seed,
        winners=tuple(result["winners"]),
        draw=bool(result["draw"]),
        turns=state["turn"],
        decisions=len(actions),
        final_hash=state_hash(state),
    )


def _play_range(batch: _Batch, start: int, stop: int) -> list[GameOutcome]:
    _ensure_game(batch.game, batch.module)
    return [_play_one(batch, i) for i in range(start, stop)]


@dataclass
class SimResult:
    """The statistics of a run. Every field is the same whatever number of processes played it."""

    game: str
    games: int
    seed: int | str
    seats: list[str]
    options: dict[str, Any]
    wins: list[int]
    draws: int
    no_winner: int
    errors: list[GameError]
    turns: list[int] = field(repr=False)
    decisions: list[int] = field(repr=False)
    digest: str

    @property
    def completed(self) -> int:
        """Games that ended without an error."""
        return self.games - len(self.errors)

    @property
    def win_rates(self) -> list[float]:
        """Each seat's share of the completed games won."""
        n = self.completed
        return [w / n if n else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        """Each seat's 95% Wilson interval for its win rate."""
        return [wilson_interval(w, self.completed) for w in self.wins]

    @staticmethod
    def _mean(values: list[int]) -> float:
        return statistics.fmean(values) if values else 0.0

    @staticmethod
    def _median(values: list[int]) -> float:
        return float(statistics.median(values)) if values else 0.0

    @property
    def mean_turns(self) -> float:
        """Mean turns per completed game."""
        return self._mean(self.turns)

    @property
    def median_turns(self) -> float:
        """Median turns per completed game."""
        return self._median(self.turns)

    @property
    def mean_decisions(self) -> float:
        """Mean decisions (chance included) per completed game."""
        return self._mean(self.decisions)

    @property
    def median_decisions(self) -> float:
        """Median decisions (chance included) per completed game."""
        return self._median(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "options": dict(self.options),
            "wins": list(self.wins),
            "win_rates": self.win_rates,
            "ci95": [list(ci) for ci in self.ci95],
            "draws": self.draws,
            "no_winner": self.no_winner,
            "errors": len(self.errors),
            "error_games": [
                {"index": e.index, "seed": e.seed, "error": e.error, "command": e.command}
                for e in self.errors
            ],
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_decisions": self.mean_decisions,
            "median_decisions": self.median_decisions,
            "digest": self.digest,
        }


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    size = max(1, min(200, math.ceil(games / (jobs * 8))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def simulate(
    game_id: str,
    games: int,
    seed: int | str,
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    record_dir: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimResult:
    """Play ``games`` seeded games of ``game_id`` with the named agents (one per seat) and gather statistics.

    ``jobs`` > 1 plays chunks of games in a process pool; the result is the same for any ``jobs``. A game that
    raises is counted in ``errors`` and the run goes on. ``record_dir`` receives each completed game's record as
    ``<game>-<index>.json``. ``progress(done, total)`` is called as games finish.
    """
    game = get_game(game_id)
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise SimulationError(f"the number of jobs must be at least 1, not {jobs}")
    for name in seats:
        check_agent_name(name)
        if name in INTERACTIVE_AGENTS:
            raise SimulationError(f"a simulation cannot seat {name!r} agents: they wait for a person")
    resolved = blank_state(game, len(seats), seed, options)["options"]
    if record_dir is not None:
        try:
            Path(record_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimulationError(
                f"cannot create record folder {str(record_dir)!r}: {exc.strerror or exc}"
            ) from None
    batch = _Batch(
        game.id,
        type(game).__module__,
        tuple(seats),
        resolved,
        seed,
        None if record_dir is None else str(record_dir),
    )
    outcomes: list[GameOutcome] = []
    if jobs == 1:
        for i in range(games):
            outcomes.append(_play_one(batch, i))
            if progress is not None:
                progress(i + 1, games)
    else:
        chunks = _chunks(games, jobs)
        parts: list[list[GameOutcome]] = [[] for _ in chunks]
        done = 0
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:
            futures = {
                pool.submit(_play_range, batch, start, stop): n for n, (start, stop) in enumerate(chunks)
            }
            for future in as_completed(futures):
                part = future.result()
                parts[futures[future]] = part
                done += len(part)
                if progress is not None:
                    progress(done, games)
        outcomes = [o for part in parts for o in part]
    return _summarize(game, batch, games, outcomes)


def _summarize(game: Game, batch: _Batch, games: int, outcomes: list[GameOutcome]) -> SimResult:
    wins = [0] * len(batch.seats)
    draws = 0
    no_winner = 0  # games that ended with nobody winning and no draw (a solo game lost to the deck)
    errors: list[GameError] = []
    turns: list[int] = []
    decisions: list[int] = []
    digest = hashlib.sha256()
    for o in outcomes:
        if o.error is not None:
            errors.append(
                GameError(o.index, o.seed, o.error, play_command(game, o.seed, batch.seats, batch.options))
            )
            digest.update(b"error\n")
            continue
        digest.update(f"{o.final_hash}\n".encode())
        if o.draw:
            draws += 1
        elif not o.winners:
            no_winner += 1
        for w in o.winners:
            wins[w] += 1
        turns.append(o.turns)
        decisions.append(o.decisions)
    return SimResult(
        game=game.id,
        games=games,
        seed=batch.seed,
        seats=list(batch.seats),
        options=dict(batch.options),
        wins=wins,
        draws=draws,
        no_winner=no_winner,
        errors=errors,
        turns=turns,
        decisions=decisions,
        digest=digest.hexdigest(),
    )
