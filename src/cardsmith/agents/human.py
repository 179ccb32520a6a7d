"""A human at the terminal. Input and output are injectable functions, so the agent can be driven by tests.

The agent shows only its own seat's table (:mod:`cardsmith.present`): each player's area with its hand as a count
unless it is the seat's own, the shared area, what happened since it last decided, and the question with its options
grouped by verb. An answer is an option's stable key, its number or its id; ``help``, ``card NAME``, ``rules``,
``log`` and ``quit`` are commands; anything else is refused with a message and the question is asked again.

Seats played by people at one terminal share a :class:`HotSeat`: before another person's turn the screen is
cleared and that person presses Enter, so nobody's hidden cards stand in the scrollback of another's turn.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace
from rich.text import Text

from ..core.registry import get_game
from ..core.state import State
from ..core.view import view as seat_view
from ..present import presenter_for
from ..present.model import Choice, Question
from ..present.terminal import first_steps, help_lines, narrow, question_lines, render, resolve, screen_lines
from .base import Turn

CLEAR = "\x1b[2J\x1b[H"
"""Clears a terminal and puts the cursor at its top left."""


class InputEnded(Exception):
    """The input stream ended while a human seat had to decide."""


class QuitGame(Exception):
    """A person typed ``quit``: the game ends where it stands."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} quit")
        self.seat = seat


def terminal_read(prompt: str) -> str:
    """Read one answer like :func:`input`; when input is piped, echo it so the transcript reads as a dialogue."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


def colour_wanted() -> bool:
    """Colour on a terminal, unless NO_COLOR is set."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


class HotSeat:
    """The people sharing one terminal: who saw the screen last."""

    def __init__(self) -> None:
        self.shown: int | None = None

    def hand_over(
        self, seat: int, name: str, read: Callable[[str], str], write: Callable[[str], None]
    ) -> None:
        """Before ``seat``'s turn: if another person saw the screen last, clear it and wait for Enter."""
        if self.shown is not None and self.shown != seat:
            write(CLEAR + f"Pass the terminal to {name}.")
            try:
                read(f"{name}, press Enter when you are ready. ")
            except EOFError:
                write("")
                raise InputEnded from None
            write(CLEAR.rstrip())
        self.shown = seat


class HumanAgent:
    """Asks a person for each decision of one seat, through ``read`` (like :func:`input`) and ``write``."""

    name = "human"

    def __init__(
        self,
        seat: int,
        *,
        read: Callable[[str], str] = terminal_read,
        write: Callable[[str], None] = print,
        colour: bool = False,
        hot_seat: HotSeat | None = None,
    ) -> None:
        self.seat = seat
        self._read = read
        self._write = write
        self._colour = colour
        self._hot_seat = hot_seat
        self._since: list[str] = []
        self._decided = False
        self._series: list[str] = []  # the rest of a shortcut being taken
        self._out = False  # the seat is knocked out

    def seat_at(self, *, colour: bool, hot_seat: HotSeat | None) -> None:
        """Seat the person at this terminal: with colour or not, and sharing it with others (``hot_seat``) or not."""
        self._colour = colour
        self._hot_seat = hot_seat

    def observe(
        self, state: State, pending: dict[str, Any] | None = None, option_id: str | None = None
    ) -> None:
        """Take note of the last step as this seat sees it (``pending`` None: the events of the game's start)."""
        if self._out:
            return
        presenter = presenter_for(get_game(state["game"]))
        seen = seat_view(state, self.seat)
        if pending is None or option_id is None:
            self._since.extend(presenter.event_lines(state["events"], seen))
        else:
            self._since.extend(presenter.step_lines(pending, option_id, state["events"], seen))

    def news(self) -> list[str]:
        """What happened since this seat last decided, in words."""
        return list(self._since)

    def tell_news(self) -> None:
        """Write what happened since this seat last decided (if anything) and forget it."""
        if self._since:
            self._write("Since your last decision:" if self._decided else "So far:")
            for line in render([Text(f"  {line}") for line in self._since], colour=self._colour):
                self._write(line)
            self._since.clear()

    def choose(self, turn: Turn) -> str:
        """Show the seat's table and read an answer until it names a legal option (or a command ends the game).

        A question with one option is answered for the person (it is still asked: timing and who is asked stay the
        same for everyone) and told with the next news. A long question asks a card and then its target; an
        option that throws away the seat's cards is confirmed first."""
        game = get_game(turn.view["game"])
        name = game.seat_name(self.seat)
        presenter = presenter_for(game)
        table = presenter.table(turn.view, turn.decision, self._since)
        question = table.question
        assert question is not None
        ids = {c.id for c in question.choices}
        if self._series and self._series[0] in ids:  # a shortcut goes on while its next option is offered
            self._since.append("The shortcut you chose goes on:")
            return self._series.pop(0)
        self._series.clear()
        if len(question.choices) == 1:
            only = question.choices[0]
            self._since.append("Your only option was taken for you:")
            return only.id
        if self._hot_seat is not None:
            self._hot_seat.hand_over(self.seat, name, self._read, self._write)
        title = "Since your last decision" if self._decided else "So far"
        shown = first_steps(question)
        self._write("")
        self._write(f"=== {name} to decide (turn {turn.view['turn']}) ===")
        for line in screen_lines(
            replace(table, question=shown), colour=self._colour, log_title=title, height=39
        ):
            self._write(line)
        asking = shown
        while True:
            answer = self._ask(f"{name}> ").strip()
            choice = resolve(asking, answer)
            if choice is None:  # a key of an option the screen folded away: said in words as it is taken
                choice = resolve(question, answer, numbers=False)
                if choice is not None:
                    self._write(f"{answer} → {choice.label}")
            if choice is not None and choice.series:  # a shortcut: its first option now, the rest as offered
                self._series = list(choice.series[1:])
                self._decided = True
                self._since.clear()
                return choice.series[0]
            if choice is not None and not choice.id:  # a card whose target is asked next
                asking = narrow(question, choice)
                self._show_question(asking)
            elif choice is not None and (not choice.discards or self._confirmed(choice, name)):
                self._decided = True
                self._since.clear()
                return choice.id
            elif choice is None and answer.lower() == "back" and asking is not shown:
                asking = shown
                self._show_question(asking)
            elif choice is None:
                self._command(answer, asking, presenter)

    def knocked_out(self) -> str:
        """Tell the person their seat is out of the game and ask what now: ``watch`` (every step told as it
        happens), ``skip`` (to the result) or quit (raises :class:`QuitGame`; the record is written)."""
        self.tell_news()
        self._write("You are out of the game.")
        self._out = True  # the news from here on is the table's (watch) or nobody's (skip)
        while True:
            answer = self._ask("1. watch the rest  2. skip to the result  3. quit> ").strip().lower()
            if answer in ("1", "watch", "w"):
                return "watch"
            if answer in ("2", "skip", "s"):
                return "skip"
            if answer in ("3", "quit", "q"):
                raise QuitGame(self.seat)
            self._write("Please answer 1 (watch), 2 (skip) or 3 (quit).")

    def _ask(self, prompt: str) -> str:
        try:
            return self._read(prompt)
        except EOFError:
            self._write("")
            raise InputEnded from None

    def _show_question(self, question: Question) -> None:
        for line in render(question_lines(question), colour=self._colour):
            self._write(line)

    def _confirmed(self, choice: Choice, name: str) -> bool:
        """Whether the person confirms an option that throws away their cards (``y``/``1``: yes)."""
        self._write(f"{choice.label}: this throws your cards away.")
        answer = self._ask(f"Sure? 1. yes · 2. no  {name}> ")
        if answer.strip().lower() in ("1", "y", "yes"):
            return True
        self._write("Not done. Choose again.")
        return False

    def _command(self, answer: str, question: Any, presenter: Any) -> None:
        """Carry out a command, or say why ``answer`` is not an option."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        count = len(question.choices)
        if word in ("help", "?"):
            for line in help_lines(question):
                self._write(line)
        elif word == "quit":
            raise QuitGame(self.seat)
        elif word == "rules":
            self._write(presenter.game.rules_guide() or "This game has no rules guide.")
        elif word == "log":
            lines = self._since or ["Nothing happened since your last decision."]
            for line in render([Text(f"  {line}") for line in lines], colour=self._colour):
                self._write(line)
        elif word == "card":
            face = presenter.card(rest) if rest.strip() else None
            if face is None:
                self._write(
                    f"No card of this game is called {rest.strip()!r}." if rest.strip() else "card NAME"
                )
            else:
                self._write(f"{face.name}: {face.text or '(no text)'}")
        elif not answer:
            self._write(f"Please answer with a key or a number from 1 to {count} (help for more).")
        else:
            self._write(
                f"{answer!r} is not an option: answer with a key or a number from 1 to {count} (help for more)."
            )
