"""Agents by name, as the command line and the batch runner name them.

A seat is named by an agent spec: the agent's name, optionally followed by parameters, each ``:key=value``
(``ismcts:iterations=200:c=0.5``). An agent may name one parameter that a bare value sets (``policy:runs/ma`` is
``policy:dir=runs/ma``). :func:`make_agent` builds an agent from a name and keyword parameters,
:func:`agent_from_spec` from a spec.

Besides the built-in agents, a package offers agents through the ``cardsmith.agents`` entry-point group: each entry
point is named after its agent and names an :class:`AgentMaker`; it is loaded only when the agent is asked for (so an
agent whose optional dependencies are missing costs nothing until it is used).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from ..core.game import Game
from .base import Agent, AgentError
from .heuristic import HeuristicAgent, game_heuristic
from .human import HumanAgent
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "AgentError",
    "AgentMaker",
    "INTERACTIVE_AGENTS",
    "PARAMS",
    "agent_from_spec",
    "agent_names",
    "check_agent_for_game",
    "check_agent_name",
    "check_agent_spec",
    "known_agent_names",
    "make_agent",
    "parse_seats",
    "parse_spec",
]


@dataclass(frozen=True)
class AgentMaker:
    """How to build an agent: ``build(seat, seed, **params)``, its typed parameters, the parameter a bare value in
    a spec sets (None: every parameter is ``key=value``), and ``check(game, params)``, which raises
    :class:`AgentError` when the agent cannot play a game (None: it plays every game)."""

    build: Callable[..., Agent]
    params: dict[str, type]
    positional: str | None = None
    check: Callable[[Game, dict[str, Any]], None] | None = None


_Maker = AgentMaker


_MAKERS: dict[str, _Maker] = {
    "human": _Maker(lambda seat, seed: HumanAgent(seat), {}),
    "random": _Maker(lambda seat, seed: RandomAgent(seed), {}),
    "heuristic": _Maker(lambda seat, seed: HeuristicAgent(seed), {}),
    "ismcts": _Maker(
        lambda seat, seed, **params: IsmctsAgent(seed, **params),
        {
            "iterations": int,
            "think": float,
            "c": float,
            "rollout": str,
            "depth": int,
            "expand": str,
            "epsilon": float,
            "bias": float,
        },
    ),
}

AGENT_NAMES: tuple[str, ...] = tuple(sorted(_MAKERS))
"""The built-in agent names (:func:`known_agent_names` adds those offered through entry points)."""

ENTRY_POINTS = "cardsmith.agents"
"""The entry-point group through which packages offer agents."""


def _offered() -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINTS) if ep.name not in _MAKERS}


def known_agent_names() -> tuple[str, ...]:
    """Every agent name :func:`make_agent` knows: the built-in ones and those offered through entry points."""
    return tuple(sorted(set(_MAKERS) | set(_offered())))


def _maker(name: str) -> AgentMaker:
    """The maker of a known agent, loading an entry point the first time its agent is asked for."""
    maker = _MAKERS.get(name)
    if maker is not None:
        return maker
    ep = _offered().get(name)
    if ep is None:
        raise AgentError(f"unknown agent {name!r} (known agents: {', '.join(known_agent_names())})")
    try:
        maker = ep.load()
    except ImportError as exc:
        raise AgentError(f"agent {name!r} cannot be loaded ({exc}); is its extra installed?") from None
    if not isinstance(maker, AgentMaker):
        raise AgentError(f"entry point {name!r} of {ENTRY_POINTS} does not name an AgentMaker")
    _MAKERS[name] = maker
    return maker


PARAMS: dict[str, tuple[str, ...]] = {name: tuple(m.params) for name, m in _MAKERS.items()}
"""The parameters each agent accepts."""

INTERACTIVE_AGENTS: frozenset[str] = frozenset({"human"})
"""Agents that wait for a person, so batch runs cannot use them."""


def check_agent_name(name: str) -> None:
    """Raise :class:`AgentError` unless ``name`` is a known agent name."""
    _maker(name)


def _typed(name: str, key: str, value: Any) -> Any:
    kind = _maker(name).params.get(key)
    if kind is None:
        known = ", ".join(_maker(name).params) or "none"
        raise AgentError(f"agent {name!r} has no parameter {key!r} (its parameters: {known})")
    if kind is str or not isinstance(value, str):
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise AgentError(f"agent {name!r}: parameter {key!r} must be {kind.__name__}, not {value!r}")
        return value
    try:
        number = kind(value)
    except ValueError:
        raise AgentError(
            f"agent {name!r}: parameter {key!r} must be {kind.__name__}, not {value!r}"
        ) from None
    if kind is float and not number == number:  # NaN
        raise AgentError(f"agent {name!r}: parameter {key!r} must be a number, not {value!r}")
    return number


def make_agent(name: str, seat: int, seed: int | str, **params: Any) -> Agent:
    """A new agent called ``name`` for ``seat``; ``seed`` seeds agents that make random choices; ``params`` are the
    agent's parameters (:data:`PARAMS`), e.g. ``make_agent("ismcts", 0, 7, iterations=100)``."""
    check_agent_name(name)
    typed = {key: _typed(name, key, value) for key, value in params.items()}
    return _maker(name).build(seat, seed, **typed)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split an agent spec (``ismcts:iterations=200:c=0.5``) into its checked name and typed parameters."""
    name, *parts = spec.strip().split(":")
    name = name.strip()
    check_agent_name(name)
    params: dict[str, Any] = {}
    positional = _maker(name).positional
    if (
        positional is not None and parts and "=" not in parts[0]
    ):  # policy:runs/ma names its one bare parameter
        parts = [f"{positional}={':'.join(parts)}"]
    for part in parts:
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key or not value.strip():
            raise AgentError(
                f"agent spec {spec!r}: parameters are key=value after a colon, e.g. ismcts:iterations=200"
            )
        if key in params:
            raise AgentError(f"agent spec {spec!r} gives {key!r} twice")
        params[key] = _typed(name, key, value.strip())
    return name, params


def agent_names(specs: list[str] | tuple[str, ...]) -> list[str]:
    """The agent names of specs, without parameters."""
    return [spec.split(":", 1)[0].strip() for spec in specs]


def check_agent_spec(spec: str) -> str:
    """Raise :class:`AgentError` unless ``spec`` builds an agent; returns its name."""
    name, params = parse_spec(spec)
    make_agent(name, 0, 0, **params)  # parameter values are checked by the agent itself
    return name


def check_agent_for_game(spec: str, game: Game) -> None:
    """Raise :class:`AgentError` when the agent cannot play ``game`` (a heuristic the game does not declare, a policy
    trained for another game)."""
    name, params = parse_spec(spec)
    needs = name == "heuristic" or (name == "ismcts" and params.get("rollout") == "heuristic")
    if needs and game_heuristic(game) is None:
        raise AgentError(f"{game.id} declares no heuristic, so {spec!r} cannot play it")
    check = _maker(name).check
    if check is not None:
        check(game, params)


def agent_from_spec(spec: str, seat: int, seed: int | str) -> Agent:
    """A new agent for ``seat`` from a spec such as ``random`` or ``ismcts:iterations=200``."""
    name, params = parse_spec(spec)
    return make_agent(name, seat, seed, **params)


def parse_seats(text: str) -> list[str]:
    """Split a comma-separated seat list (``"human,ismcts:iterations=100"``) into checked agent specs."""
    specs = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not s for s in specs):
        raise AgentError(f"seats {text!r} must be agent names separated by commas, e.g. human,random")
    for spec in specs:
        check_agent_spec(spec)
    return specs
