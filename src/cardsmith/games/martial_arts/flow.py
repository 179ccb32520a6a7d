"""Martial Arts: the step engine of the game and its kinds of decision (the steps register in ``steps/``).

No kind is taken automatically by the engine. A window, a move decision or a response is skipped only where public
facts force its one answer (MA-4.11): an empty hand, or a sequence ended by a blank LNK while the striker has no ADR.
Whether a card in hand could be played is hidden, so a seat left with nothing but passing, stopping or taking the
hit is still asked (MA-5.14, MA-6.15); the steps decide that, because a single option alone says nothing public. A
forced discard from a hand of copies of one card is asked too (MA-1.16).
"""

from __future__ import annotations

from typing import Protocol

from cardsmith.core.flow import Flow, Kind
from cardsmith.core.game import GameRules
from cardsmith.core.steps import SHARED

FLOW = Flow(
    kinds=[
        Kind("starting_player"),  # chance (MA-2.9)
        Kind("window"),  # a Prep or Resolve window (MA-4.6)
        Kind("move"),  # the striker's move decision (MA-5.4)
        Kind("response"),  # the receiver's response window (MA-6.1)
        Kind("discard"),  # one card of a forced discard (MA-4.9), asked by the core's shared discard step
    ]
)
FLOW.adopt(SHARED)


class Rules(GameRules, Protocol):
    """What the steps use of the game object (:class:`cardsmith.games.martial_arts.game.MartialArts`) beyond the
    helpers every game has."""

    def option_label(self, word: str, name: str) -> str:
        """``word`` followed by the card's one-line description (an option's label)."""
        ...
