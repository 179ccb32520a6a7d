"""Taking of Taidian's rules as steps of the core's step engine, one module per section of the rules document.

Importing this package registers every step and answer handler on :data:`FLOW`. The frames, and the data each keeps:

- ``pick_character``: ``next``: the place in the selection order of the seat choosing (TAI-2.6)
- ``turn``/``advance``: the bottom frame: a turn, then the passing to the next seat (section 3)
- ``poison_ticks``: ``cards``: the active seat's Poisons still to tick, in play order (TAI-3.5)
- ``start_effects``: ``effects``: the start-of-turn effects still due, None until worked out (TAI-3.6)
- ``choose_turn_type``: (TAI-3.7)
- ``play``: becomes ``upgrading`` (section 4) or ``attacking`` (section 6)
- ``burn``: ``left``: how many more cards may be burned (TAI-8.53)
- ``power_up``: ``seat`` (section 5)
- ``shotgun``/``respond``: ``victim``, ``actors`` (None until the window opens), ``next``, ``played`` (section 7)
- ``counter_shield``: ``actors``, ``next``, ``played`` (TAI-8.6)
- ``tick``: ``card`` (the Poison), ``actors``, ``next``, ``played``, ``healing``, ``removed``; once open also
  ``victim``, ``owner``, ``damage`` (TAI-8.28)
- ``volley_effects``: (TAI-6.10 (2));  ``resolve``: (TAI-6.10 (5) to (7))
- ``end_step``/``draw``: ``seat``, ``left``: cards still to draw (TAI-3.11 .. TAI-3.14)
- ``place``: ``seat``, ``drawn``: the structures drawn just now (TAI-9.7)
- ``leave``: ``seat`` eliminated, ``eliminator`` (-1: no reward), ``taken``, ``opened`` (TAI-13.6)
- ``cut``: drops the rest of the eliminated active player's turn (TAI-3.16)
"""

from ..flow import FLOW
from . import attack, endgame, energy, setup, structures, turn, upgrade, windows

__all__ = ["FLOW", "attack", "endgame", "energy", "setup", "structures", "turn", "upgrade", "windows"]
