"""Typed errors. Every error a user can cause derives from :class:`CardsmithError` and carries a one-line message."""

from __future__ import annotations


class CardsmithError(Exception):
    """Base class for every error cardsmith raises on bad input or an illegal action."""


class IllegalAction(CardsmithError):
    """An action that is not among the pending decision's legal options. The state is left unchanged."""

    def __init__(self, option_id: object, reason: str) -> None:
        self.option_id = option_id
        self.reason = reason
        super().__init__(f"illegal action {option_id!r}: {reason}")


class GameOver(IllegalAction):
    """An action was applied to a game that has already ended."""

    def __init__(self, option_id: object) -> None:
        super().__init__(option_id, "the game is over")


class UnknownGame(CardsmithError):
    """A game id that is not registered."""


class OptionError(CardsmithError):
    """A game option with an unknown name or a bad value."""


class SeatCountError(CardsmithError):
    """A number of players the game does not support."""


class CardDataError(CardsmithError):
    """Card data that breaks the game's card schema."""


class DeckError(CardsmithError):
    """A deck that breaks the game's deck-construction rules; the message names the rule."""


class ScenarioError(CardsmithError):
    """A scenario file that cannot be read or does not describe a valid position."""


class RecordError(CardsmithError):
    """A game record that is corrupt, tampered with, or does not replay to its final hash."""
