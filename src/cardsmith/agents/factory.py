"""Agents by name, as the command line and the batch runner name them."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import CardsmithError
from .base import Agent
from .human import HumanAgent
from .random_agent import RandomAgent


class AgentError(CardsmithError):
    """An unknown agent name, or an agent that cannot take part where it was asked to."""


_MAKERS: dict[str, Callable[[int, int | str], Agent]] = {
    "human": lambda seat, seed: HumanAgent(seat),
    "random": lambda seat, seed: RandomAgent(seed),
}

AGENT_NAMES: tuple[str, ...] = tuple(sorted(_MAKERS))
"""Every agent name :func:`make_agent` knows."""

INTERACTIVE_AGENTS: frozenset[str] = frozenset({"human"})
"""Agents that wait for a person, so batch runs cannot use them."""


def check_agent_name(name: str) -> None:
    """Raise :class:`AgentError` unless ``name`` is a known agent name."""
    if name not in _MAKERS:
        raise AgentError(f"unknown agent {name!r} (known agents: {', '.join(AGENT_NAMES)})")


def make_agent(name: str, seat: int, seed: int | str) -> Agent:
    """A new agent called ``name`` for ``seat``; ``seed`` seeds agents that make random choices."""
    check_agent_name(name)
    return _MAKERS[name](seat, seed)


def parse_seats(text: str) -> list[str]:
    """Split a comma-separated seat list (``"human,random"``) into checked agent names."""
    names = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not n for n in names):
        raise AgentError(f"seats {text!r} must be agent names separated by commas, e.g. human,random")
    for name in names:
        check_agent_name(name)
    return names
