"""The ``dbz`` rules as steps of the core's step engine, one module per section of the rules document.

Importing this package registers every step on :data:`FLOW`.
"""

from . import clash, combat, drills, noncombat, setup, turn
from .flow import FLOW

__all__ = ["FLOW", "clash", "combat", "drills", "noncombat", "setup", "turn"]
