"""Ani-Mayhem on the core's step engine: the decision kinds and the registration of steps.

Every step is registered with :func:`step`, which checks the end of the game (AM-12.4, AM-13.3) before the step
runs, as the rules require after every step once every Item is decided (or, with ``quick_end``, at any time outside
setup). Answers are registered with ``@FLOW.answer``. The steps themselves are in :mod:`.steps`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.flow import Flow, Frame, Kind, StepFn, goto
from ...core.game import Game
from ...core.state import State
from .victory import check_end

# No kind is ``auto``: every decision the game asks today is asked, even with one option, so that the decision
# sequence stays what the rules document describes.
FLOW = Flow(
    kinds=[
        Kind("place_location"),  # AM-2.20
        Kind("place_haven"),  # AM-2.23, AM-13.5
        Kind("starting_characters"),  # AM-2.27
        Kind("discard"),  # AM-2.30, AM-3.4
        Kind("discard_which"),
        Kind("return_bonked"),  # AM-3.5
        Kind("disaster_order"),  # AM-3.7
        Kind("equip"),  # AM-3.9
        Kind("equip_target"),
        Kind("move"),  # AM-3.10, AM-6
        Kind("group"),
        Kind("duel_target"),  # AM-8.31
        Kind("charm_target"),  # AM-9.1
        Kind("step"),
        Kind("haven_permission"),  # AM-13.2
        Kind("disaster_steps"),  # AM-5.19
        Kind("scavenge"),  # AM-7
        Kind("scavenge_more"),
        Kind("share"),
        Kind("run_or_fight"),  # AM-5.16, AM-8
        Kind("hide_or_fight"),
        Kind("attackers"),
        Kind("give_item"),
        Kind("charm_contests"),  # AM-9
        Kind("charm_action"),
        Kind("forced_action"),
        Kind("flash"),  # AM-10
        Kind("flash_user"),
        Kind("flash_target"),
    ]
)


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a step of the flow under ``name``; the end of the game is checked before it runs."""

    def register(fn: StepFn) -> StepFn:
        def checked(game: Game, state: State, frame: Frame) -> None:
            g = state["g"]  # AM-12.4, AM-13.3: the end of the game, checked before every step outside setup
            if (
                (g["loose_items"] == 0 or state["options"]["quick_end"])
                and g["phase"] != "setup"
                and check_end(state)
            ):
                return
            fn(game, state, frame)

        FLOW.step(name)(checked)
        return fn

    return register


def finish(state: State, result: Any = None) -> None:
    """Finish the top frame; ``result`` (if any) is handed to the frame below as its ``res``."""
    frames = state["flow"]
    frames.pop()
    if result is not None and frames:
        frames[-1]["res"] = result


# the steps of a Physical Combat (``combat`` and its stages) and of a duel, for what looks for the combat in progress
PHYSICAL: set[str] = set()
DUEL: set[str] = set()


def physical(stage: str) -> Callable[[StepFn], StepFn]:
    """Register a stage of a Physical Combat as the step ``combat_<stage>`` (``combat`` is its start). Every stage but
    the end first checks that the Disaster is still on the Field and on the combat's Location (unless a charm
    moved it, AM-9.18 (b)); the combat ends otherwise."""
    name = "combat" if stage == "start" else f"combat_{stage}"
    PHYSICAL.add(name)

    def register(fn: StepFn) -> StepFn:
        def guarded(game: Game, state: State, fr: dict[str, Any]) -> None:
            at = state["g"]["disaster_at"].get(str(fr["disaster"]))
            if stage != "end" and (at is None or (at != fr["place"] and not fr.get("moved"))):
                goto(fr, "combat_end")  # gone from the Field, or moved away by an effect (AM-11.7)
                return
            fn(game, state, fr)

        step(name)(guarded)
        return fn

    return register
