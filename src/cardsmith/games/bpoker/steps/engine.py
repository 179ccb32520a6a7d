"""The B-Poker step engine: the core's :class:`~cardsmith.core.flow.Flow`, its decision kinds, and how an answer is
taken at any decision point (the side options, BP-3.2, BP-22.3, BP-26.49, BP-27.14; the safety caps). Magic against
an effect (BP-21.15) is a step of its own, ``steps/guard.py``.

No kind is taken automatically: every decision whose single option is forced by public facts is taken by the rules
themselves where it arises (a last card to discard, a single card-to-be-played of one's own), and every other
decision is asked, even with one option, so that its asking says nothing hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action
from ....core.flow import Flow, Kind
from ....core.state import State
from .declaring import do_side
from .hands import check_caps

Frame = dict[str, Any]

KINDS = (
    "play", "set", "discard", "ctbp", "declare", "magic", "react", "bundle", "break", "trigger_order",
    "cannibalize", "split", "ring_pile", "shaft", "force", "eight", "joker_suit", "one_red", "order", "pile",
    "replay", "swap", "take_back", "target", "trade", "control", "control_five", "follow", "higher", "pass",
    "pot_card", "table_fee", "discard_card",
)  # fmt: skip

FLOW = Flow(kinds=[Kind(name) for name in KINDS])

SIDE_VERBS = frozenset(("declare", "restore", "upright_six", "turn_six", "neutralize"))
"""Options a player may take at any of their decision points (BP-3.2, BP-22.3, BP-26.49, BP-27.14)."""

EffectFn = Callable[[Any, State, Frame, Action | None], bool]
"""An effect's handler: called with no answer it runs on (True once it asked), called with an answer it applies it."""


def side_answer(game: Any, state: State, seat: int, action: Action) -> bool:
    """Count the decision (the cap of a hand); take a side option if that is what was chosen (True)."""
    state["g"]["hand_decisions"] += 1
    if action.verb in SIDE_VERBS:
        do_side(game, state, seat, action)
        check_caps(game, state)
        return True
    return False


HANDLERS: dict[str, EffectFn] = {}
"""The handler of each pending effect's step, by the step's name."""


def effect(name: str, handler: EffectFn) -> None:
    """Register a pending effect's step ``name``: its handler runs it and takes the answers it asked for."""
    HANDLERS[name] = handler

    def run(game: Any, state: State, frame: Frame) -> None:
        handler(game, state, frame, None)

    def answer(game: Any, state: State, frame: Frame, seat: int, action: Action) -> None:
        if side_answer(game, state, seat, action):
            return
        if not handler(game, state, frame, action):
            check_caps(game, state)

    FLOW.step(name)(run)
    FLOW.answer(name)(answer)
