"""Taking of Taidian (game id ``taidian``)."""

from ...core.registry import register
from .game import Taidian

GAME = register(Taidian())

__all__ = ["GAME", "Taidian"]
