"""Martial Arts: The Card Game (game id ``martial-arts``)."""

from ...core.registry import register
from .game import MartialArts

GAME = register(MartialArts())

__all__ = ["GAME", "MartialArts"]
