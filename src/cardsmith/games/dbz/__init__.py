"""Dragon Ball Z CCG with the complete Drill rules (game id ``dbz``)."""

from ...core.registry import register
from .game import DragonBallZ

GAME = register(DragonBallZ())

__all__ = ["GAME", "DragonBallZ"]
