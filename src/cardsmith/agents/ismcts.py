"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and Whitehouse 2012).

Each iteration samples one world consistent with what the searching seat knows (:func:`cardsmith.core.sample_world`),
walks the one tree down it, choosing among the options legal in that world by UCB with availability counts (a child
is scored against the number of iterations in which it could have been chosen; with ``bias``, the heuristic's choice
scores ``bias / (visits + 1)`` more, a progressive bias that fades as the option is tried), adds one node, plays the
rest out with the random or the game's heuristic policy (with ``epsilon``, that share of the heuristic's decisions is
taken at random instead), and backs the result up. Tree nodes are keyed by option id, so the
statistics of one option are shared across every world in which it is legal; every seat's decisions are in the
tree, each keyed by the seat that makes it too and scored for that seat; chance is sampled from the world's (reseeded) RNG and is not a node.

Rollouts end at the end of the game (1 for each winner, 0.5 for everyone in a draw, 0 otherwise) or, with ``depth``,
after ``depth`` decisions, scored by the game's ``evaluate`` of each seat's view (as a draw for a game without one).
A game that declares ``remember`` (what a seat keeps of the public history) has it folded over the observation's
history and then over each simulated step's events, and the evaluation is given it.
By default a game that declares ``evaluate`` is cut after :data:`DEFAULT_DEPTH` decisions and a game without one is
played out; ``depth=0`` plays every rollout out.
A game that declares ``searched(observation) -> bool`` (a selective search) has only the decisions it names searched:
any other decision, at the root or on the way down the tree, is taken by the game's heuristic and is no tree node, so
the tree holds the decisions that matter and its statistics are not spread over the small ones.
The search reads nothing but the observation: the same observation and seed give the same choice with a fixed
number of iterations.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, NamedTuple

from ..core.decision import CHANCE
from ..core.engine import apply, sample_chance
from ..core.game import Game
from ..core.observe import Observation, sample_world
from ..core.state import State
from ..core.view import view
from .base import AgentError, SeededAgent
from .heuristic import NoHeuristic, game_evaluate, game_heuristic, game_remember, game_searched

DEFAULT_ITERATIONS = 200
"""The default budget: iterations per decision (when neither ``iterations`` nor ``think`` is given)."""

DEFAULT_EXPLORATION = 0.7
"""The default UCB exploration constant (rewards lie in [0, 1])."""

DEFAULT_DEPTH = 20
"""Rollout decisions before the game's evaluation scores the position (for a game that declares ``evaluate``).
In martial-arts, 100 iterations cut at 20 beat random 9 games of 10 and uncut rollouts 8 of 10; uncut rollouts
alone were even with random (5 of 10)."""

DEFAULT_EPSILON = 0.0
"""The default share of heuristic rollout decisions taken at random instead: none. In martial-arts at its declared
defaults, a quarter of them random did no better over 100 games a pairing, seats rotated: the search beat random
85-15 and the heuristic 60-40, where heuristic rollouts alone had beaten them 83-17 and 66-34."""

MAX_THINK = 3600.0
"""The longest ``think`` time, in seconds."""


MAX_REJECTED = 1000
"""The most sampled worlds in a row that may turn out impossible before the search gives up with an error."""


class _Impossible(Exception):
    """A sampled world that cannot be the real one: a decision in it offers nothing. The options the seat was shown
    may rest on facts it cannot see (an opponent holding two cards that may be taken), and a re-deal may break them;
    such a world is rejected, as rejection sampling rejects a sample the observation rules out."""


class _Memory:
    """What the searching seat remembers of the public history (the game's ``remember``), carried down one world:
    the memory at the root, then each simulated step's events folded in."""

    __slots__ = ("fold", "value", "options")

    def __init__(self, fold: Any, value: Any, options: dict[str, Any]) -> None:
        self.fold = fold
        self.value = value
        self.options = options

    def after(self, world: State) -> None:
        """Fold in the events of the step just applied to ``world``."""
        if self.fold is not None:
            self.value = self.fold(self.value, world["events"], self.options)


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "seat", "hint")

    def __init__(self, seat: int) -> None:
        self.children: dict[tuple[int, str], _Node] = {}  # by (deciding seat, option id)
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.seat = seat  # the seat whose choice leads here, scored by its reward
        self.hint: str | None = None  # the heuristic's choice here, in the first world that asked (``bias``)


class Settings(NamedTuple):
    """The search's settings for one game: the agent's own parameters over the game's declared ``search`` defaults
    over the agent's defaults."""

    iterations: int | None
    think: float | None
    c: float
    rollout: str
    depth: int
    expand: str
    epsilon: float
    bias: float


def check_settings(
    iterations: int | None,
    think: float | None,
    c: float | None,
    rollout: str | None,
    depth: int | None,
    expand: str | None,
    epsilon: float | None = None,
    bias: float | None = None,
) -> None:
    """Raise :class:`AgentError` for a value the search cannot take (None: not given)."""
    if iterations is not None and think is not None:
        raise AgentError("ismcts takes iterations or think, not both")
    if iterations is not None and not 1 <= iterations <= 10**7:
        raise AgentError(f"ismcts iterations must be from 1 to 10000000, not {iterations}")
    if think is not None and not 0 < think <= MAX_THINK:
        raise AgentError(f"ismcts think must be more than 0 and at most {MAX_THINK:g} seconds, not {think}")
    if c is not None and not 0 <= c <= 100:
        raise AgentError(f"ismcts exploration constant c must be from 0 to 100, not {c}")
    for name, value in (("rollout", rollout), ("expand", expand)):
        if value not in (None, "random", "heuristic"):
            raise AgentError(f"ismcts {name} must be random or heuristic, not {value!r}")
    if depth is not None and not 0 <= depth <= 10**6:
        raise AgentError(f"ismcts depth must be from 0 (no cut) to 1000000, not {depth}")
    if epsilon is not None and not 0 <= epsilon <= 1:
        raise AgentError(f"ismcts epsilon must be from 0 to 1, not {epsilon}")
    if bias is not None and not 0 <= bias <= 100:
        raise AgentError(f"ismcts bias must be from 0 to 100, not {bias}")


class IsmctsAgent(SeededAgent):
    """IS-MCTS for one seat: ``iterations`` per decision (deterministic for a seed) or ``think`` seconds.

    A parameter left out takes the game's declared default (``[search]`` in its ``game.toml``), else the agent's:
    :data:`DEFAULT_ITERATIONS`, :data:`DEFAULT_EXPLORATION`, random rollouts cut after :data:`DEFAULT_DEPTH`
    decisions where the game has an evaluation (heuristic ones with no decision random, :data:`DEFAULT_EPSILON`),
    random expansion, no bias."""

    name = "ismcts"
    stream = "cardsmith-ismcts"
    reads_history = True  # for a game that declares ``remember``

    def __init__(
        self,
        seed: int | str = 0,
        *,
        iterations: int | None = None,
        think: float | None = None,
        c: float | None = None,
        rollout: str | None = None,
        depth: int | None = None,
        expand: str | None = None,
        epsilon: float | None = None,
        bias: float | None = None,
    ) -> None:
        check_settings(iterations, think, c, rollout, depth, expand, epsilon, bias)
        super().__init__(seed)
        self._given = {
            "iterations": iterations,
            "think": think,
            "c": c,
            "rollout": rollout,
            "depth": depth,
            "expand": expand,
            "epsilon": epsilon,
            "bias": bias,
        }
        self._settings: dict[str, Settings] = {}  # by game id
        self.last_iterations = 0
        self.rejected = 0
        """Sampled worlds rejected as impossible so far (see :class:`_Impossible`)."""

    def settings(self, game: Game) -> Settings:
        """The settings this agent searches ``game`` with."""
        found = self._settings.get(game.id)
        if found is None:
            found = self._settings[game.id] = _resolve(self._given, game)
        return found

    # ----- the search ---------------------------------------------------------------------------------------------

    def choose(self, turn: Observation) -> str:
        """The most visited option at the root after the search. A fixed budget ends early once no other option
        can overtake the most visited one in the iterations left (the choice is the same, sooner)."""
        ids = turn.option_ids
        game = turn.game
        settings = self.settings(game)
        if len(ids) == 1:
            self.last_iterations = 0
            return ids[0]
        rng = self._rng
        searched = game_searched(game)
        if searched is not None and not searched(turn):
            self.last_iterations = 0
            return _heuristic_choice(game, turn, rng)
        root = _Node(turn.seat)
        done = 0
        fold = game_remember(game)
        memory = _Memory(fold, fold(None, turn.history, turn.options) if fold else None, turn.options)
        if settings.iterations is not None:
            keys = [(turn.seat, oid) for oid in ids]
            for done in range(1, settings.iterations + 1):
                self._iterate_possible(game, settings, turn, root, rng, memory)
                if done % _SETTLED_EVERY == 0 and _settled(root, keys, settings.iterations - done):
                    break
        else:
            deadline = time.perf_counter() + (settings.think or 0.0)
            while True:
                self._iterate_possible(game, settings, turn, root, rng, memory)
                done += 1
                if time.perf_counter() >= deadline:
                    break
        self.last_iterations = done
        best, most = ids[0], -1
        for oid in ids:
            child = root.children.get((turn.seat, oid))
            if child is not None and child.visits > most:
                best, most = oid, child.visits
        return best

    def _iterate_possible(
        self,
        game: Game,
        settings: Settings,
        turn: Observation,
        root: _Node,
        rng: random.Random,
        memory: _Memory,
    ) -> None:
        """One iteration in a world that proves possible: an impossible one is rejected, what it counted on its way
        down the tree (availability, the node added) is taken back, and another world is drawn."""
        for _ in range(MAX_REJECTED):
            world = sample_world(turn, rng)
            mine = _Memory(memory.fold, memory.value, memory.options)
            bumped: list[_Node] = []
            added: list[tuple[dict[tuple[int, str], _Node], tuple[int, str]]] = []
            try:
                path = self._descend(game, settings, world, root, rng, bumped, added, mine)
                rewards = self._playout(game, settings, world, rng, mine)
            except _Impossible:
                for n in bumped:
                    n.avail -= 1
                for children, key in added:
                    del children[key]
                self.rejected += 1
                continue
            root.visits += 1
            for n in path:
                n.visits += 1
                n.reward += rewards[n.seat]
            return
        raise AgentError(f"{game.id}: {MAX_REJECTED} sampled worlds in a row were impossible")

    def _descend(
        self,
        game: Game,
        settings: Settings,
        world: State,
        root: _Node,
        rng: random.Random,
        bumped: list[_Node],
        added: list[tuple[dict[tuple[int, str], _Node], tuple[int, str]]],
        memory: _Memory,
    ) -> list[_Node]:
        """Walk the tree down ``world`` by UCB, adding one node; returns the nodes passed. The nodes whose
        availability was counted go into ``bumped``, the node added (its parent's children and key) into ``added``.
        A node is added for an option not tried there yet: the heuristic's choice first with ``expand=heuristic``,
        else one at random."""
        node = root
        path: list[_Node] = []
        guide = game_heuristic(game) if settings.expand == "heuristic" or settings.bias else None
        searched = game_searched(game)
        while world["pending"] is not None:
            pending = world["pending"]
            seat = pending["seat"]
            if seat == CHANCE:
                apply(world, sample_chance(world))
                memory.after(world)
                continue
            if not pending["options"]:
                raise _Impossible
            if searched is not None and not _searched_here(searched, world):
                apply(world, _heuristic_choice(game, Observation(world, borrowed=True), rng))
                memory.after(world)
                continue
            if settings.bias and node.hint is None and guide is not None:
                node.hint = guide(Observation(world, borrowed=True), rng)
            untried, best_id = _select(node, seat, pending["options"], settings, bumped)
            if untried:
                oid = node.hint if node.hint is not None else ""
                if oid not in untried and settings.expand == "heuristic" and guide is not None:
                    oid = guide(Observation(world, borrowed=True), rng)
                if oid not in untried:
                    oid = untried[rng.randrange(len(untried))]
                child = node.children[seat, oid] = _Node(seat)
                added.append((node.children, (seat, oid)))
                path.append(child)
                apply(world, oid)
                memory.after(world)
                break
            node = node.children[seat, best_id]
            apply(world, best_id)
            memory.after(world)
            path.append(node)
        return path

    def _playout(
        self, game: Game, settings: Settings, world: State, rng: random.Random, memory: _Memory
    ) -> list[float]:
        """Play ``world`` on with the rollout policy and score it for every seat."""
        rule = game_heuristic(game) if settings.rollout == "heuristic" else None
        epsilon = settings.epsilon if rule is not None else 0.0
        evaluate = game_evaluate(game)
        depth = settings.depth
        limit = game.max_decisions(world["options"], world["players"])
        steps = 0
        while world["pending"] is not None:
            if (depth and steps >= depth) or steps >= limit:
                return _scores(game, world, evaluate, memory)
            pending = world["pending"]
            if not pending["options"]:
                raise _Impossible
            if pending["seat"] == CHANCE:
                oid = sample_chance(world)
            elif rule is not None and not (epsilon and rng.random() < epsilon):
                options = pending["options"]
                # every heuristic takes a lone option without drawing from ``rng``: spare it the observation
                oid = options[0][0] if len(options) == 1 else rule(Observation(world, borrowed=True), rng)
            else:
                options = pending["options"]
                oid = options[int(rng.random() * len(options))][0]
            apply(world, oid)
            memory.after(world)
            steps += 1
        return _result_scores(world)


_SETTLED_EVERY = 16
"""How often (in iterations) a search with a fixed budget looks whether its choice is already settled."""


def _settled(root: _Node, keys: list[tuple[int, str]], left: int) -> bool:
    """Whether the most visited option at the root leads the next by more than the iterations ``left``: then no
    other option can overtake it, and the rest of the budget would not change the choice."""
    first = second = 0
    children = root.children
    for key in keys:
        child = children.get(key)
        if child is None:
            continue
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def _select(
    node: _Node, seat: int, options: list[Any], settings: Settings, bumped: list[_Node]
) -> tuple[list[str], str]:
    """The options not tried at ``node`` yet (counting the availability of the tried ones, into ``bumped``) and,
    when every option has been tried, the one UCB picks: mean reward plus ``c`` times the exploration term, plus
    ``bias / (visits + 1)`` for the heuristic's choice (progressive bias, fading as the option is visited)."""
    children = node.children
    c, bias = settings.c, settings.bias
    hint = (seat, node.hint) if bias and node.hint is not None else None
    untried: list[str] = []
    best_id = ""
    best_score = -1.0
    for o in options:
        oid = o[0]
        key = (seat, oid)
        child = children.get(key)
        if child is None:
            untried.append(oid)
            continue
        child.avail += 1
        bumped.append(child)
        if not untried:
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if key == hint:
                score += bias / (child.visits + 1)
            if score > best_score:
                best_id, best_score = oid, score
    return untried, best_id


def _searched_here(searched: Any, world: State) -> bool:
    """Whether the decision pending in ``world`` is worth a search by the game's hook (a lone option never is)."""
    if len(world["pending"]["options"]) == 1:
        return False
    return bool(searched(Observation(world, borrowed=True)))


def _heuristic_choice(game: Game, turn: Observation, rng: random.Random) -> str:
    """The heuristic's choice at a decision the search leaves to it (a lone option without asking)."""
    ids = turn.option_ids
    rule = game_heuristic(game)
    if len(ids) == 1 or rule is None:  # a game without a heuristic is refused by :func:`_resolve`
        return ids[0]
    return rule(turn, rng)


def _resolve(given: dict[str, Any], game: Game) -> Settings:
    """The settings for ``game``: each parameter given to the agent, else the game's declared default, else the
    agent's; a budget (iterations or think) is taken whole from one place."""
    declared = dict(getattr(game, "search", {}) or {})
    merged = {key: given[key] if given[key] is not None else declared.get(key) for key in given}
    if given["iterations"] is not None or given["think"] is not None:
        merged["iterations"], merged["think"] = given["iterations"], given["think"]
    try:
        check_settings(**merged)
    except AgentError as exc:
        raise AgentError(f"{game.id}: {exc}") from None
    if merged["iterations"] is None and merged["think"] is None:
        merged["iterations"] = DEFAULT_ITERATIONS
    heuristic = game_heuristic(game)
    if heuristic is None and game_searched(game) is not None:
        raise NoHeuristic(
            f"{game.id} names the decisions worth a search but declares no heuristic for the rest"
        )
    for key in ("rollout", "expand"):
        if merged[key] is None:
            merged[key] = "random"
        elif merged[key] == "heuristic" and heuristic is None:
            raise NoHeuristic(f"{game.id} declares no heuristic, so ismcts cannot {key} with it")
    if merged["c"] is None:
        merged["c"] = DEFAULT_EXPLORATION
    if merged["epsilon"] is None:
        merged["epsilon"] = DEFAULT_EPSILON
    if merged["bias"] is None:
        merged["bias"] = 0.0
    if merged["depth"] is None:
        merged["depth"] = DEFAULT_DEPTH if game_evaluate(game) is not None else 0
    return Settings(**merged)


def _result_scores(world: State) -> list[float]:
    players = world["players"]
    result = world["result"]
    if result["draw"]:
        return [0.5] * players
    scores = [0.0] * players
    for w in result["winners"]:
        scores[w] = 1.0
    return scores


def _scores(game: Game, world: State, evaluate: Any, memory: _Memory) -> list[float]:
    """Each seat's chance of winning an unfinished world by the game's evaluation (a draw without one), given the
    memory of the history where the game keeps one."""
    players = world["players"]
    if evaluate is None:
        return [0.5] * players
    # a game that remembers takes its memory as the evaluation's third argument
    known = () if memory.fold is None else (memory.value,)
    return [
        min(1.0, max(0.0, float(evaluate(view(world, s, copy=False), s, *known)))) for s in range(players)
    ]
