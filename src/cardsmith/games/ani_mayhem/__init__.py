"""Ani-Mayhem (game id ``ani-mayhem``)."""

from ...core.registry import register
from .game import AniMayhem

GAME = register(AniMayhem())

__all__ = ["GAME", "AniMayhem"]
