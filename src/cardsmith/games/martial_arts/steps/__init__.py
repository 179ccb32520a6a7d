"""Martial Arts: the steps of the game, one module per section of the rules (registered on ``flow.FLOW``)."""

from ..flow import FLOW
from . import combat, decisions, setup, turn

__all__ = ["FLOW", "combat", "decisions", "setup", "turn"]
