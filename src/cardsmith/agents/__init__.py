"""Agents: one protocol for every kind of player (random, heuristic, IS-MCTS search, human)."""

from .base import Agent, AgentError, Observation, Turn
from .factory import AGENT_NAMES, agent_from_spec, make_agent, parse_seats, parse_spec
from .heuristic import HeuristicAgent, NoHeuristic
from .human import HumanAgent, InputEnded
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentError",
    "HeuristicAgent",
    "HumanAgent",
    "InputEnded",
    "IsmctsAgent",
    "NoHeuristic",
    "Observation",
    "RandomAgent",
    "Turn",
    "agent_from_spec",
    "make_agent",
    "parse_seats",
    "parse_spec",
]
