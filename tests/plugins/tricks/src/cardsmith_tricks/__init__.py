"""Tricks (game id ``tricks``): a short trick-taking game, registered through the ``cardsmith.games`` entry point."""

from cardsmith.core import register

from .game import Tricks

GAME = register(Tricks())

__all__ = ["GAME", "Tricks"]
