"""Ani-Mayhem's rules as steps of the core's step engine, one module per section of the rules document.

Importing this package registers every step and answer handler on :data:`FLOW`:

- :mod:`.setup` (section 2), :mod:`.turn` (section 3: the turn, the Discard and Reload phases), :mod:`.disasters`
  (section 5: Maintenance, Disasters moving and arriving), :mod:`.equip` (the Equip phase), :mod:`.movement`
  (section 6: the Move phase), :mod:`.scavenge` (section 7), :mod:`.combat` (section 8: Physical Combat),
  :mod:`.duel` (AM-8.31 to AM-8.33), :mod:`.charm` (section 9), :mod:`.flash` (section 10: Flash windows and
  effects).
"""

from ..flow import FLOW
from . import charm, combat, disasters, duel, equip, flash, movement, scavenge, setup, turn

__all__ = [
    "FLOW",
    "charm",
    "combat",
    "disasters",
    "duel",
    "equip",
    "flash",
    "movement",
    "scavenge",
    "setup",
    "turn",
]
