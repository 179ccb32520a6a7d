"""The one agent protocol. An agent sees a :class:`Turn`: its seat, the decision, and its own view; never the state."""

from __future__ import annotations

from typing import Any, Protocol

from ..core.decision import Decision, decision_from_pending
from ..core.registry import get_game
from ..core.view import view as _view


class Turn:
    """What an agent is given when it must decide: the seat, the legal options and (computed on demand) the view."""

    __slots__ = ("_state", "_pending", "_decision", "_view")

    def __init__(self, state: dict[str, Any]) -> None:
        self._state = state
        self._pending = state["pending"]
        self._decision: Decision | None = None
        self._view: dict[str, Any] | None = None

    @property
    def seat(self) -> int:
        """The deciding seat."""
        return self._pending["seat"]

    @property
    def option_ids(self) -> list[str]:
        """The legal option ids, in order."""
        return [o[0] for o in self._pending["options"]]

    @property
    def decision(self) -> Decision:
        """The pending decision (kind, prompt, options with labels)."""
        if self._decision is None:
            verbs = get_game(self._state["game"]).verb_table
            self._decision = decision_from_pending(self._pending, verbs)
        return self._decision

    @property
    def view(self) -> dict[str, Any]:
        """What the deciding seat may see."""
        if self._view is None:
            self._view = _view(self._state, self.seat)
        return self._view


class Agent(Protocol):
    """Anything that picks one legal option id for a turn."""

    name: str

    def choose(self, turn: Turn) -> str:
        """Return the id of one of ``turn.option_ids``."""
        ...
