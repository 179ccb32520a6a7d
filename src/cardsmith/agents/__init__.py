"""Agents: one protocol for every kind of player (random, human, and later heuristic and search)."""

from .base import Agent, Turn
from .factory import AGENT_NAMES, AgentError, make_agent, parse_seats
from .human import HumanAgent, InputEnded
from .random_agent import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentError",
    "HumanAgent",
    "InputEnded",
    "RandomAgent",
    "Turn",
    "make_agent",
    "parse_seats",
]
