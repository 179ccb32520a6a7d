"""The frame stack of B-Poker (:mod:`cardsmith.core.flow`): the step of the turn at the bottom, pending effects
above it, the top one first (BP-11.18).
"""

from __future__ import annotations

from typing import Any

from ....core.state import State

Task = dict[str, Any]


def phase(state: State) -> str:
    """The step of the turn (BP-5.1): the step of the bottom frame, under every pending effect."""
    return state["flow"][0]["step"]


def set_phase(state: State, phase: str) -> None:
    """Continue the turn at ``phase`` once every pending effect has resolved."""
    state["flow"][0]["step"] = phase


def pending_effects(state: State) -> bool:
    """Whether an effect is pending above the step of the turn."""
    return len(state["flow"]) > 1


def pop(state: State, task: Task) -> None:
    """Finish ``task`` wherever it lies on the stack (it may already be gone: a hand that ended cleared it)."""
    frames = state["flow"]
    if frames and frames[-1] is task:  # the top frame: the common case
        frames.pop()
        return
    for i in range(len(frames) - 1, -1, -1):
        if frames[i] is task:
            del frames[i]
            return


def push(state: State, task: Task) -> None:
    state["flow"].append(task)
