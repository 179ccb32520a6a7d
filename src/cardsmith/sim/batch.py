"""Batch simulation: many seeded games with named agents, in one process or a pool, with statistics.

Game ``i`` of a run with seed ``S`` is seeded with :func:`derive_seed` ``(S, i)``, and the agent of seat ``k`` with
``f"{game_seed}/{k}"``, the same way ``cardsmith play GAME --seed <game seed>`` seeds them; so any single game of a
run can be replayed on its own. The output does not depend on the number of worker processes.

A run streams: games are played in chunks, with a bounded number of chunks in flight, and their outcomes are folded
into the statistics in game order as they come back (game lengths as counts of each length, the first
:data:`MAX_ERROR_DETAILS` failing games in full), so memory does not grow with the number of games.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import shlex
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.factory import (
    INTERACTIVE_AGENTS,
    agent_from_spec,
    check_agent_for_game,
    check_agent_spec,
)
from ..core.engine import blank_state, new_game
from ..core.errors import CardsmithError, RecordError, UnknownGame
from ..core.game import Game
from ..core.registry import get_game
from ..core.state import state_hash
from ..records.record import build_record, save_record
from .runner import play
from .settings import LOCAL, RunSettings
from .stats import Z95 as Z95  # re-exported: the statistics live in .stats
from .stats import wilson_interval as wilson_interval
from .summary import PlayCounter, Plays

MAX_GAMES = 10**9
"""The most games one run may play."""

MAX_JOBS = 256
"""The most worker processes one run may use."""

MAX_ERROR_DETAILS = 100
"""How many failing games a result describes in full (every failing game is counted)."""

MAX_CHUNK = 200
"""The most games in one chunk of work handed to a worker process."""

IN_FLIGHT_PER_JOB = 4
"""How many chunks per worker process may be submitted and not yet folded into the statistics."""


class SimulationError(CardsmithError):
    """Arguments that a batch run cannot start with."""


def derive_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` of a run: the first 8 bytes of ``sha256(f"{seed}/{index}")`` as an integer."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:8], "big")


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
    """How one game of a run ended (``error`` set, and the rest empty, when it raised).

    In a run with summaries, ``plays`` counts the cards each seat played (:mod:`.summary`) and ``first_seat`` is the
    first seat that decided."""

    index: int
    seed: int
    winners: tuple[int, ...] = ()
    draw: bool = False
    turns: int = 0
    decisions: int = 0
    final_hash: str | None = None
    error: str | None = None
    record_error: str | None = None
    plays: Plays = ()
    first_seat: int | None = None


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
    summaries: bool = False


def _ensure_game(game_id: str, module: str) -> None:
    try:
        get_game(game_id)
    except UnknownGame:
        importlib.import_module(module)


def _play_one(batch: _Batch, index: int) -> GameOutcome:
    game_seed = derive_seed(batch.seed, index)
    try:
        state = new_game(batch.game, len(batch.seats), game_seed, batch.options)
        agents = [agent_from_spec(spec, seat, f"{game_seed}/{seat}") for seat, spec in enumerate(batch.seats)]
        counter = PlayCounter(get_game(batch.game), state) if batch.summaries else None
        actions = play(state, agents, on_step=None if counter is None else counter.on_step)
    except Exception as exc:  # a game that raises is counted, never fatal to the run
        return GameOutcome(index, game_seed, error=one_line(exc))
    record_error = None
    if batch.record_dir is not None:
        try:
            record = build_record(state, actions, seats=list(batch.seats), seed=game_seed)
            save_record(record, Path(batch.record_dir) / f"{batch.game}-{index}.json")
        except RecordError as exc:  # a record that cannot be written costs the record, not the run
            record_error = str(exc)
    result = state["result"]
    return GameOutcome(
        index,
        game_seed,
        winners=tuple(result["winners"]),
        draw=bool(result["draw"]),
        turns=state["turn"],
        decisions=len(actions),
        final_hash=state_hash(state),
        record_error=record_error,
        plays=() if counter is None else counter.plays(),
        first_seat=None if counter is None else counter.first_seat,
    )


def play_range(batch: _Batch, start: int, stop: int) -> list[GameOutcome]:
    """Games ``start`` to ``stop - 1`` of a run, in a worker (process or Ray task)."""
    _ensure_game(batch.game, batch.module)
    return [_play_one(batch, i) for i in range(start, stop)]


def _mean(counts: Mapping[int, int]) -> float:
    n = sum(counts.values())
    return math.fsum(value * times for value, times in counts.items()) / n if n else 0.0


def _median(counts: Mapping[int, int]) -> float:
    n = sum(counts.values())
    if not n:
        return 0.0
    wanted = sorted({(n - 1) // 2, n // 2})
    found: list[int] = []
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while wanted and wanted[0] < seen:
            wanted.pop(0)
            found.append(value)
    return float(found[0]) if len(found) == 1 else (found[0] + found[1]) / 2


@dataclass
class SimResult:
    """The statistics of a run. Every field is the same whatever number of processes played it.

    ``turn_counts`` and ``decision_counts`` map a game length to the number of completed games of that length.
    ``errors`` describes the first :data:`MAX_ERROR_DETAILS` failing games; ``error_count`` counts them all.
    ``record_failures`` counts the records that could not be written (``record_failure`` is the first reason).
    """

    game: str
    games: int
    seed: int | str
    seats: list[str]
    options: dict[str, Any]
    wins: list[int]
    draws: int
    no_winner: int
    errors: list[GameError]
    error_count: int
    turn_counts: dict[int, int] = field(repr=False)
    decision_counts: dict[int, int] = field(repr=False)
    digest: str
    record_failures: int = 0
    record_failure: str | None = None

    @property
    def completed(self) -> int:
        """Games that ended without an error."""
        return self.games - self.error_count

    @property
    def win_rates(self) -> list[float]:
        """Each seat's share of the completed games won."""
        n = self.completed
        return [w / n if n else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        """Each seat's 95% Wilson interval for its win rate."""
        return [wilson_interval(w, self.completed) for w in self.wins]

    mean_turns = property(lambda self: _mean(self.turn_counts), doc="Mean turns per completed game.")
    median_turns = property(lambda self: _median(self.turn_counts), doc="Median turns per completed game.")
    mean_decisions = property(
        lambda self: _mean(self.decision_counts), doc="Mean decisions (chance included) per completed game."
    )
    median_decisions = property(
        lambda self: _median(self.decision_counts),
        doc="Median decisions (chance included) per completed game.",
    )

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
            "errors": self.error_count,
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


class _Tally:
    """The statistics of a run so far, folded game by game in game order (the digest depends on the order)."""

    def __init__(
        self, game: Game, batch: _Batch, on_outcome: Callable[[GameOutcome], None] | None = None
    ) -> None:
        self.game = game
        self.batch = batch
        self.on_outcome = on_outcome
        self.wins = [0] * len(batch.seats)
        self.draws = 0
        self.no_winner = 0  # games that ended with nobody winning and no draw (a solo game lost to the deck)
        self.errors: list[GameError] = []
        self.error_count = 0
        self.turns: Counter[int] = Counter()
        self.decisions: Counter[int] = Counter()
        self.digest = hashlib.sha256()
        self.record_failures = 0
        self.record_failure: str | None = None

    def add(self, o: GameOutcome) -> None:
        if self.on_outcome is not None:
            self.on_outcome(o)
        if o.error is not None:
            self.error_count += 1
            if len(self.errors) < MAX_ERROR_DETAILS:
                command = play_command(self.game, o.seed, self.batch.seats, self.batch.options)
                self.errors.append(GameError(o.index, o.seed, o.error, command))
            self.digest.update(b"error\n")
            return
        self.digest.update(f"{o.final_hash}\n".encode())
        if o.draw:
            self.draws += 1
        elif not o.winners:
            self.no_winner += 1
        for w in o.winners:
            self.wins[w] += 1
        self.turns[o.turns] += 1
        self.decisions[o.decisions] += 1
        if o.record_error is not None:
            self.record_failures += 1
            if self.record_failure is None:
                self.record_failure = o.record_error

    def result(self, games: int) -> SimResult:
        return SimResult(
            game=self.game.id,
            games=games,
            seed=self.batch.seed,
            seats=list(self.batch.seats),
            options=dict(self.batch.options),
            wins=self.wins,
            draws=self.draws,
            no_winner=self.no_winner,
            errors=self.errors,
            error_count=self.error_count,
            turn_counts=dict(sorted(self.turns.items())),
            decision_counts=dict(sorted(self.decisions.items())),
            digest=self.digest.hexdigest(),
            record_failures=self.record_failures,
            record_failure=self.record_failure,
        )


def _chunk_size(games: int, jobs: int) -> int:
    return max(1, min(MAX_CHUNK, math.ceil(games / (jobs * 8))))


def _play_in_pool(
    batch: _Batch,
    games: int,
    jobs: int,
    tally: _Tally,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Play ``games`` games in chunks on ``jobs`` processes, with at most ``jobs * IN_FLIGHT_PER_JOB`` chunks
    submitted and not yet folded, folding each chunk into ``tally`` in game order."""
    size = _chunk_size(games, jobs)
    chunks = math.ceil(games / size)
    window = jobs * IN_FLIGHT_PER_JOB
    running: dict[Future[list[GameOutcome]], int] = {}
    finished: dict[int, list[GameOutcome]] = {}  # chunks back early, waiting for an earlier one
    submitted = folded = done = 0
    pool = ProcessPoolExecutor(max_workers=min(jobs, chunks))
    try:
        while folded < chunks:
            while submitted < chunks and submitted < folded + window:
                start = submitted * size
                running[pool.submit(play_range, batch, start, min(games, start + size))] = submitted
                submitted += 1
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in ready:
                part = future.result()
                finished[running.pop(future)] = part
                done += len(part)
                if progress is not None:
                    progress(done, games)
            while folded in finished:
                for outcome in finished.pop(folded):
                    tally.add(outcome)
                folded += 1
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


BACKENDS = ("local", "ray")
"""Where a run's games are played: worker processes on this machine, or tasks on a Ray cluster."""


def _check_run(game: Game, games: int, jobs: int, seats: Sequence[str], backend: str) -> None:
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise SimulationError(f"the number of games must be at most {MAX_GAMES:,}, not {games}")
    if jobs < 1:
        raise SimulationError(f"the number of jobs must be at least 1, not {jobs}")
    if jobs > MAX_JOBS:
        raise SimulationError(f"the number of jobs must be at most {MAX_JOBS}, not {jobs}")
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    for spec in seats:
        name = check_agent_spec(spec)
        check_agent_for_game(spec, game)
        if name in INTERACTIVE_AGENTS:
            raise SimulationError(f"a simulation cannot seat {name!r} agents: they wait for a person")


def simulate(
    game_id: str,
    games: int,
    seed: int | str,
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    record_dir: str | Path | None = None,
    *,
    run: RunSettings = LOCAL,
    summaries: bool = False,
    on_outcome: Callable[[GameOutcome], None] | None = None,
) -> SimResult:
    """Play ``games`` seeded games of ``game_id`` with the named agents (one per seat) and gather statistics.

    ``run.jobs`` > 1 plays chunks of games in a process pool; the result is the same for any ``jobs``. A game that
    raises is counted in ``errors`` and the run goes on. ``record_dir`` receives each completed game's record as
    ``<game>-<index>.json``; a record that cannot be written is counted in ``record_failures`` and the run goes on.
    ``run.progress(done, total)`` is called as games finish. At most :data:`MAX_GAMES` games and :data:`MAX_JOBS`
    jobs.

    ``on_outcome`` is given every game's :class:`GameOutcome` in game order; with ``summaries`` each carries the
    cards its seats played (:mod:`.summary`). ``run.backend == "ray"`` plays the chunks as Ray tasks (on the cluster
    at ``run.address``, or a local one) with the same seeds, so the result and its digest are those of the local
    backend.
    """
    game = get_game(game_id)
    jobs, progress = run.jobs, run.progress
    _check_run(game, games, jobs, seats, run.backend)
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
        summaries,
    )
    tally = _Tally(game, batch, on_outcome)
    if run.backend == "ray":
        from .distributed import run_chunks

        run_chunks(play_range, batch, games, tally.add, progress, address=run.address)
    elif jobs == 1:
        for i in range(games):
            tally.add(_play_one(batch, i))
            if progress is not None:
                progress(i + 1, games)
    else:
        _play_in_pool(batch, games, jobs, tally, progress)
    return tally.result(games)
