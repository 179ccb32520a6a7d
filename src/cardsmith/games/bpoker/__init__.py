"""B-Poker (game id ``bpoker``)."""

from ...core.registry import register
from .game import BPoker

GAME = register(BPoker())

__all__ = ["GAME", "BPoker"]
