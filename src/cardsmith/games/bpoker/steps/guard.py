"""Magic against an effect (BP-21.15, BP-21.16): one shared step, the guard of every effect a victim may stop.

An effect about to act on another player calls :func:`magic_guard`. When that player has no Magic to use (no usable
10♦, or out of the hand) the answer is settled at once; otherwise a ``guard`` frame is pushed above the effect and
its victim is asked. The answer is kept in the effect's frame (``magic``: seat -> used) and the effect runs on at
once, calling :func:`magic_guard` again, which now returns the answer. A step that acts on one victim says so with
:func:`guarded`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from ....core.actions import Action, option
from ....core.flow import done
from ....core.game import Game
from ....core.state import State
from ..table import magic_units, seat_name, table_seat
from .ask import task_ask, use_magic
from .engine import FLOW, HANDLERS, side_answer
from .hands import check_caps
from .stack import Task, pop

Frame = dict[str, Any]


def magic_guard(game: Game, state: State, task: Task, victim: int, words: str) -> bool | None:
    """Whether Magic stops this effect against ``victim``: True/False, or None while the victim is asked (the
    effect returns True and is called again once the answer is in)."""
    answers = task.setdefault("magic", {})
    key = str(victim)
    if key in answers:
        return answers[key]
    if victim == task["you"] or not state["g"]["in_hand"][victim] or not magic_units(game, state, victim):
        answers[key] = False
        return False
    frame = {"step": "guard", "victim": victim}
    state["flow"].append(frame)
    task_ask(
        game,
        state,
        frame,
        victim,
        "magic",
        f"{seat_name(victim)}: use Magic (discard your 10♦) against {words}?",
        [
            option("use_magic", label="Use Magic: this effect skips you"),
            option("let_it_happen", label="Let it happen"),
        ],
    )
    return None


def chosen_seat(game: Game, state: State, task: Task) -> int:
    """The victim of most guarded steps: the seat the effect chose (``target``)."""
    return task["target"]


def owner_of_target(game: Game, state: State, task: Task) -> int | None:
    """The victim of an effect on a table card (``target``): its table's owner."""
    return table_seat(game, state, task["target"])


def other_seat(game: Game, state: State, task: Task) -> int:
    """The victim of a trade: the other player (``opponent``)."""
    return task["opponent"]


def _resume(game: Game, state: State) -> bool:
    """The guarded effect (now on top) runs on."""
    effect = state["flow"][-1]
    return HANDLERS[effect["step"]](game, state, effect, None)


@FLOW.step("guard")
def guard_again(game: Game, state: State, frame: Frame) -> None:
    """The victim took a side option instead of answering: the effect runs again from where it stood, and asks
    again if Magic still may stop it."""
    done(state)
    _resume(game, state)


@FLOW.answer("guard")
def guard_answered(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    """BP-21.15: Magic used (the 10♦ is discarded, the effect skips the victim) or not."""
    if side_answer(game, state, seat, action):
        return
    done(state)
    used = action.verb == "use_magic"
    state["flow"][-1]["magic"][str(frame["victim"])] = used
    if used:
        use_magic(game, state, frame["victim"])
    if not _resume(game, state):
        check_caps(game, state)


Victim = Callable[[Game, State, Task], "int | None"]
Continuation = Callable[[Game, State, Task, "Action | None"], bool]


def guarded(victim: Victim, words: str) -> Callable[[Continuation], Continuation]:
    """A step that acts on ``victim(game, state, frame)`` (None: on nobody Magic may protect), unless Magic stops
    it: the step runs once the victim has let it happen; stopped, its frame is finished (BP-21.15)."""

    def wrap(step: Continuation) -> Continuation:
        @wraps(step)  # its name is the step's name (``goto``)
        def run(game: Game, state: State, task: Task, ans: Action | None) -> bool:
            seat = victim(game, state, task)
            if seat is not None:
                stop = magic_guard(game, state, task, seat, words)
                if stop is None:
                    return True
                if stop:
                    pop(state, task)
                    return False
            return step(game, state, task, ans)

        return run

    return wrap
