"""A human at the terminal. Input and output are injectable functions, so the agent can be driven by tests.

The agent shows only its own seat's view: its hand, the public zones, counters, other seats' hidden cards as counts,
and in words what happened since it last decided. It then lists the legal options numbered from 1 and reads a
number or an option id; anything else is refused with a message and the question is asked again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from ..core.registry import get_game
from ..core.state import State
from .base import Turn
from .narration import event_lines, step_lines, view_lines


class InputEnded(Exception):
    """The input stream ended while a human seat had to decide."""


def terminal_read(prompt: str) -> str:
    """Read one answer like :func:`input`; when input is piped, echo it so the transcript reads as a dialogue."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


class HumanAgent:
    """Asks a person for each decision of one seat, through ``read`` (like :func:`input`) and ``write``."""

    name = "human"

    def __init__(
        self,
        seat: int,
        *,
        read: Callable[[str], str] = terminal_read,
        write: Callable[[str], None] = print,
    ) -> None:
        self.seat = seat
        self._read = read
        self._write = write
        self._since: list[str] = []
        self._decided = False

    def observe(
        self, state: State, pending: dict[str, Any] | None = None, option_id: str | None = None
    ) -> None:
        """Take note of the last step as this seat sees it (``pending`` None: the events of the game's start)."""
        game = get_game(state["game"])
        if pending is None or option_id is None:
            self._since.extend(event_lines(game, state["events"], self.seat))
        else:
            self._since.extend(step_lines(game, pending, option_id, state["events"], self.seat, you=True))

    def tell_news(self) -> None:
        """Write what happened since this seat last decided (if anything) and forget it."""
        if self._since:
            self._write("Since your last decision:" if self._decided else "So far:")
            for line in self._since:
                self._write(f"  {line}")
            self._since.clear()

    def choose(self, turn: Turn) -> str:
        """Show the seat's view and the numbered options, and read an answer until it names a legal option."""
        view = turn.view
        game = get_game(view["game"])
        decision = turn.decision
        self._write("")
        self._write(f"=== {game.seat_name(self.seat)} to decide (turn {view['turn']}) ===")
        self.tell_news()
        for line in view_lines(game, view):
            self._write(line)
        self._write(decision.prompt)
        for number, option in enumerate(decision.options, 1):
            self._write(f"  {number}. {option.label}")
        ids = decision.ids
        count = len(ids)
        while True:
            try:
                raw = self._read(f"{game.seat_name(self.seat)}> ")
            except EOFError:
                self._write("")
                raise InputEnded from None
            answer = raw.strip()
            if answer.isdigit() and 1 <= int(answer) <= count:
                answer = ids[int(answer) - 1]
            if answer in ids:
                self._decided = True
                return answer
            if not answer:
                self._write(f"Please answer with a number from 1 to {count}.")
            else:
                self._write(
                    f"{answer!r} is not an option: answer with a number from 1 to {count} or an option id."
                )
