"""Agents: one protocol for every kind of player (random, human, and later heuristic and search)."""

from .base import Agent, Turn
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "Turn"]
