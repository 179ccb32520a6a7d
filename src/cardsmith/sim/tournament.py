"""Tournaments: every pairing of named agents, seats rotated, with win rates, intervals and ratings.

For each pair ``(a, b)`` of agent specs (in the order given), ``games`` games are played. In game ``k`` of a pair,
seat ``s`` holds ``a`` when ``s + k`` is even and ``b`` otherwise, so seats rotate and with more than two players
the two agents alternate around the table. Game ``k`` of pair ``p`` is seeded with ``derive_seed(seed,
p * games + k)`` and the agent of seat ``s`` with ``f"{game_seed}/{s}"``, as :func:`cardsmith.sim.batch.simulate`
seeds them; the result does not depend on the number of worker processes.

A game counts for ``a`` when its winners are ``a``'s seats only, for ``b`` likewise, and as a draw otherwise (a draw,
nobody winning, or seats of both winning). Ratings are Bradley–Terry strengths fitted to every pair's results
(a draw is half a win for each; one virtual draw per pair keeps a clean sweep finite), on the Elo scale with a mean
of 1500, with 95% intervals from the fit's information matrix.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..agents.factory import INTERACTIVE_AGENTS, agent_from_spec, check_agent_for_game, check_agent_spec
from ..core.engine import blank_state, new_game
from ..core.errors import CardsmithError
from ..core.registry import get_game
from .batch import BACKENDS, MAX_JOBS, _ensure_game, derive_seed
from .runner import play
from .settings import LOCAL, RunSettings
from .stats import Z95, wilson_interval

MAX_GAMES_PER_PAIR = 10**6
"""The most games one pairing may play."""

ELO = 400 / math.log(10)
"""Elo points per unit of Bradley–Terry log-strength."""


class TournamentError(CardsmithError):
    """Arguments a tournament cannot start with, or a game that failed."""


@dataclass(frozen=True)
class PairResult:
    """The games of one pairing: ``a``'s wins, ``b``'s wins and draws (seats rotated)."""

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    draws: int

    @property
    def a_score(self) -> float:
        """``a``'s share of the points (a draw is half a point)."""
        return (self.a_wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``a``'s score."""
        return wilson_interval(self.a_wins + self.draws / 2, self.games)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
        }


@dataclass(frozen=True)
class TournamentResult:
    game: str
    players: int
    seed: int | str
    agents: tuple[str, ...]
    pairs: tuple[PairResult, ...]
    ratings: dict[str, float]
    intervals: dict[str, tuple[float, float]]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form outside checks read: ``game``, ``agents``, ``pairs`` and ``ratings``."""
        return {
            "game": self.game,
            "agents": list(self.agents),
            "pairs": [p.to_dict() for p in self.pairs],
            "ratings": {name: round(r, 1) for name, r in self.ratings.items()},
        }


@dataclass(frozen=True)
class _Job:
    game: str
    module: str
    players: int
    options: dict[str, Any]
    seed: int | str
    games: int  # per pair
    pairs: tuple[tuple[str, str], ...]


def seats_for(a: str, b: str, players: int, k: int) -> list[str]:
    """The agents of game ``k`` of pair ``(a, b)``: seat ``s`` holds ``a`` when ``s + k`` is even."""
    return [a if (s + k) % 2 == 0 else b for s in range(players)]


def _play(job: _Job, index: int) -> int:
    """Play game ``index`` of the run (pair ``index // games``); returns 1 for ``a``, 2 for ``b``, 0 for a draw."""
    pair, k = divmod(index, job.games)
    a, b = job.pairs[pair]
    seats = seats_for(a, b, job.players, k)
    game_seed = derive_seed(job.seed, index)
    state = new_game(job.game, job.players, game_seed, job.options)
    try:
        play(state, [agent_from_spec(spec, s, f"{game_seed}/{s}") for s, spec in enumerate(seats)])
    except Exception as exc:  # noqa: BLE001 - reported with the game that failed
        raise TournamentError(
            f"{job.game} game {k} of {a} v {b} (seed {game_seed}) failed: {type(exc).__name__}: {exc}"
        ) from None
    winners = state["result"]["winners"]
    mine = {(s + k) % 2 == 0 for s in winners}  # True: a seat of a
    if mine == {True}:
        return 1
    if mine == {False}:
        return 2
    return 0


def _play_range(job: _Job, start: int, stop: int) -> list[int]:
    _ensure_game(job.game, job.module)
    return [_play(job, i) for i in range(start, stop)]


def _outcomes(job: _Job, total: int, run: RunSettings) -> list[int]:
    jobs, progress = run.jobs, run.progress
    if run.backend == "ray":
        from .distributed import run_chunks

        found: list[int] = []
        run_chunks(_play_range, job, total, found.append, progress, address=run.address)
        return found
    if jobs == 1:
        out = []
        for i in range(total):
            out.append(_play(job, i))
            if progress is not None:
                progress(i + 1, total)
        return out
    size = max(1, min(50, math.ceil(total / (jobs * 8))))
    parts: dict[int, list[int]] = {}
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_play_range, job, s, min(total, s + size)): s for s in range(0, total, size)}
        for future in as_completed(futures):
            part = future.result()
            parts[futures[future]] = part
            done += len(part)
            if progress is not None:
                progress(done, total)
    return [r for start in sorted(parts) for r in parts[start]]


def bradley_terry(
    agents: Sequence[str], pairs: Sequence[PairResult], *, iterations: int = 2000
) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
    """Elo-scale Bradley–Terry ratings (mean 1500) and their 95% intervals, from the pairs' results."""
    k = len(agents)
    index = {name: i for i, name in enumerate(agents)}
    wins = [[0.0] * k for _ in range(k)]
    for p in pairs:
        i, j = index[p.a], index[p.b]
        wins[i][j] += p.a_wins + p.draws / 2 + 0.5  # one virtual draw per pair
        wins[j][i] += p.b_wins + p.draws / 2 + 0.5
    games = [[wins[i][j] + wins[j][i] for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(iterations):  # the MM algorithm (Hunter 2004)
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i and games[i][j])
            new.append(sum(wins[i]) / denom if denom else strength[i])
        mean_log = sum(math.log(s) for s in new) / k
        new = [s / math.exp(mean_log) for s in new]
        if max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-12:
            strength = new
            break
        strength = new
    theta = [math.log(s) for s in strength]
    # Information matrix (a weighted graph Laplacian); its pseudo-inverse is the covariance with the mean fixed.
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = strength[i] / (strength[i] + strength[j])
                w = games[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    cov = _laplacian_pinv(info)
    ratings, intervals = {}, {}
    for name, i in index.items():
        r = 1500 + ELO * theta[i]
        half = Z95 * ELO * math.sqrt(max(0.0, cov[i][i])) if cov else 0.0
        ratings[name] = r
        intervals[name] = (r - half, r + half)
    return ratings, intervals


def _laplacian_pinv(lap: list[list[float]]) -> list[list[float]]:
    """The pseudo-inverse of a connected graph's Laplacian: ``(L + J/k)^-1 - J/k``."""
    k = len(lap)
    m = [[lap[i][j] + 1 / k for j in range(k)] + [1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-15:
            return []
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        m[col] = [x / lead for x in m[col]]
        for r in range(k):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [[m[i][k + j] - 1 / k for j in range(k)] for i in range(k)]


def tournament(
    game_id: str,
    agents: Sequence[str],
    games: int,
    seed: int | str = 0,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    run: RunSettings = LOCAL,
) -> TournamentResult:
    """Play every pairing of ``agents`` (agent specs such as ``ismcts:iterations=200``) ``games`` times each, seats
    rotated, and rate them. Same arguments, same result, whatever the ``run`` settings (jobs and backend)."""
    game = get_game(game_id)
    players = max(2, game.min_players) if players is None else players
    specs = [a.strip() for a in agents]
    if len(specs) < 2:
        raise TournamentError("a tournament needs at least two agents, e.g. --agents random,ismcts")
    if len(set(specs)) != len(specs):
        raise TournamentError(f"agents must differ; {', '.join(specs)} names one twice")
    if players < 2:
        raise TournamentError(
            f"a tournament seats two agents against each other, so it needs 2 or more players, not {players}"
        )
    if not 1 <= games <= MAX_GAMES_PER_PAIR:
        raise TournamentError(f"the number of games must be from 1 to {MAX_GAMES_PER_PAIR:,}, not {games}")
    if not 1 <= run.jobs <= MAX_JOBS:
        raise TournamentError(f"the number of jobs must be from 1 to {MAX_JOBS}, not {run.jobs}")
    if run.backend not in BACKENDS:
        raise TournamentError(f"unknown backend {run.backend!r} (backends: {', '.join(BACKENDS)})")
    for spec in specs:
        if check_agent_spec(spec) in INTERACTIVE_AGENTS:
            raise TournamentError(f"a tournament cannot seat {spec!r} agents: they wait for a person")
        check_agent_for_game(spec, game)
    resolved = blank_state(game, players, seed, options)["options"]
    pairs = tuple(combinations(specs, 2))
    job = _Job(game.id, type(game).__module__, players, resolved, seed, games, pairs)
    outcomes = _outcomes(job, len(pairs) * games, run)
    results = []
    for p, (a, b) in enumerate(pairs):
        part = outcomes[p * games : (p + 1) * games]
        results.append(PairResult(a, b, games, part.count(1), part.count(2), part.count(0)))
    ratings, intervals = bradley_terry(specs, results)
    return TournamentResult(game.id, players, seed, tuple(specs), tuple(results), ratings, intervals)
