"""Speed measurements on one core: random playouts, state cloning and state size, with RLCard's UNO as a peer."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..agents.heuristic import HeuristicAgent, game_heuristic
from ..agents.ismcts import IsmctsAgent
from ..agents.random_agent import RandomAgent
from ..core.decision import CHANCE
from ..core.engine import apply, new_game, resolve_chance
from ..core.observe import Observation
from ..core.registry import get_game
from ..core.state import State, clone, to_json
from .batch import derive_seed
from .runner import play

MAX_SECONDS = 3600.0
"""The longest time ``cardsmith bench`` measures each game (or component) for."""

CLONES = 2000
"""How many clones the clone timing makes."""

SAMPLED_STATES = 200
"""How many states, spread along playouts, the clone timing and the state size are measured over."""


def _playout(
    game_id: str, players: int, index: int, on_step: Callable[[State, str], None] | None = None
) -> int:
    seed = derive_seed("bench", index)
    state = new_game(game_id, players, seed)
    agents = [RandomAgent(f"{seed}/{seat}") for seat in range(players)]
    return len(play(state, agents, on_step=on_step))


def sample_states(game_id: str, count: int = SAMPLED_STATES) -> list[State]:
    """About ``count`` states spread evenly along random playouts of ``game_id`` (its smallest player count)."""
    players = get_game(game_id).min_players
    seen: list[State] = []
    index = 0
    while len(seen) < count * 5 and index < 50:
        seen.append(clone(new_game(game_id, players, derive_seed("bench", index))))
        _playout(game_id, players, index, lambda state, _oid: seen.append(clone(state)))
        index += 1
    stride = max(1, len(seen) // count)
    return seen[::stride][:count]


SLICES = 4
"""How many turns a game and the peer beside it take each: alternating short runs see the same machine, where one run
of each would see neighbours come and go between them."""


def bench_game(game_id: str, seconds: float, peer: UnoPeer | None = None) -> dict[str, float]:
    """Random-playout decisions and games per second, mean clone time (µs) and mean serialized state size (bytes).

    With a ``peer``, the game's ``seconds`` are taken in :data:`SLICES` turns, each after a turn of the peer as long,
    and the figures hold the peer's speed over its turns beside this game (``uno_decisions_per_s``) and the game's
    speed as a multiple of it (``uno_ratio``)."""
    players = get_game(game_id).min_players
    turns = 1 if peer is None else SLICES
    decisions = games = 0
    elapsed = peer_steps = peer_elapsed = 0.0
    for _ in range(turns):
        if peer is not None:
            steps, spent = peer.play(seconds / turns)
            peer_steps += steps
            peer_elapsed += spent
        start = time.perf_counter()
        deadline = start + seconds / turns
        while True:
            decisions += _playout(game_id, players, games)
            games += 1
            if time.perf_counter() >= deadline:
                break
        elapsed += time.perf_counter() - start
    states = sample_states(game_id)
    clone_times = clone_times_us(states)
    state_bytes = sum(len(to_json(s).encode()) for s in states) / len(states)
    figures = {
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "clone_us": statistics.fmean(clone_times),
        "clone_median_us": statistics.median(clone_times),
        "state_bytes": state_bytes,
    }
    if peer is not None:
        figures["uno_decisions_per_s"] = peer_steps / peer_elapsed
        figures["uno_ratio"] = figures["decisions_per_s"] / figures["uno_decisions_per_s"]
    return figures


def clone_times_us(states: list[State], clones: int = CLONES) -> list[float]:
    """The time (µs) of each of ``clones`` clones, made of ``states`` in turn: their mean is what a search pays on
    average, their median what a clone costs when the machine does not pause it."""
    times = []
    clock = time.perf_counter
    for i in range(clones):
        state = states[i % len(states)]
        t0 = clock()
        clone(state)
        times.append((clock() - t0) * 1e6)
    return times


def _positions(game_id: str, players: int, seed: int) -> Iterator[Observation]:
    """The observations at the decisions of seeded random games where a seat has more than one option, one after
    another, forever; each holds the game's history so far, as the runner gives the agents that read it."""
    index = 0
    while True:
        game_seed = derive_seed(f"bench-agents:{seed}", index)
        state = new_game(game_id, players, game_seed)
        history = [state["events"]]
        rng = random.Random(game_seed)
        while state["pending"] is not None:
            pending = state["pending"]
            if pending["seat"] == CHANCE:
                resolve_chance(state)
            else:
                options = pending["options"]
                if len(options) > 1:
                    yield Observation(state, history)
                apply(state, options[rng.randrange(len(options))][0])
            history.append(state["events"])
        index += 1


def bench_agents(game_id: str, seconds: float) -> dict[str, Any]:
    """The agents' speed on one core, each measured for ``seconds``: the heuristic's decisions per second (the
    time of its choices alone, at positions of random games; None for a game without one) and IS-MCTS iterations
    per second at its default settings (searching for 0.25 s at a time from such positions)."""
    game = get_game(game_id)
    players = game.min_players
    out: dict[str, Any] = {"heuristic_decisions_per_s": None, "ismcts_iterations_per_s": 0.0}
    if game_heuristic(game) is not None:
        agent = HeuristicAgent(0)
        decisions, spent = 0, 0.0
        for turn in _positions(game_id, players, 0):
            t0 = time.perf_counter()
            agent.choose(turn)
            spent += time.perf_counter() - t0
            decisions += 1
            if spent >= seconds:
                break
        out["heuristic_decisions_per_s"] = decisions / spent
    else:
        out["note"] = f"{game_id} declares no heuristic"
    out["ismcts_iterations_per_s"] = bench_search(game_id, seconds)
    return out


def bench_search(game_id: str, seconds: float) -> float:
    """IS-MCTS iterations per second at the game's default search settings, searching for 0.25 s at a time from
    positions of seeded random games (its smallest player count) until ``seconds`` of search were spent."""
    iterations, spent = 0, 0.0
    for turn in _positions(game_id, get_game(game_id).min_players, 1):
        search = IsmctsAgent(0, think=max(1e-3, min(0.25, seconds - spent)))
        t0 = time.perf_counter()
        search.choose(turn)
        spent += time.perf_counter() - t0
        iterations += search.last_iterations
        if spent >= seconds:
            break
    return iterations / spent


def rlcard_available() -> bool:
    """Whether RLCard can be imported."""
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


class UnoPeer:
    """RLCard's UNO played by its random agents (needs RLCard: ``pip install .[bench]``), in turns of a given length;
    it keeps the ``env.step`` calls and the time of all its turns."""

    def __init__(self) -> None:
        import rlcard
        from rlcard.agents import RandomAgent as RLCardRandomAgent

        self.env = rlcard.make("uno", config={"seed": 0})
        self.agents = [
            RLCardRandomAgent(num_actions=self.env.num_actions) for _ in range(self.env.num_players)
        ]
        self.env.set_agents(self.agents)
        self.steps = 0
        self.elapsed = 0.0

    def play(self, seconds: float) -> tuple[int, float]:
        """Play whole games for ``seconds``; the steps taken and the time they took."""
        env, agents = self.env, self.agents
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state, player = env.reset()
            while not env.is_over():
                state, player = env.step(agents[player].step(state))
                steps += 1
            if time.perf_counter() >= deadline:
                break
        spent = time.perf_counter() - start
        self.steps += steps
        self.elapsed += spent
        return steps, spent

    def decisions_per_s(self) -> float:
        """Steps a second over all its turns so far."""
        return self.steps / self.elapsed if self.elapsed else 0.0
