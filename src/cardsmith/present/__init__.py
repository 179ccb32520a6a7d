"""The typed table a seat sees, rendered by the terminal, replay and the browser alike.

:func:`presenter_for` gives a game's presenter: its own (``Game.presenter()``, from ``games/<id>/present.py``) or the
generic :class:`~.generic.Presenter` built from its declarations. A presenter turns a seat's view and its pending
decision into a :class:`~.model.Table` of plain data (:mod:`.model`). This package depends only on the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.decision import Decision
from ..core.game import Game
from .generic import Presenter
from .keys import option_key
from .model import (
    CardFace,
    Cell,
    Choice,
    ChoiceGroup,
    Counter,
    Grid,
    Pile,
    Question,
    Region,
    Table,
    from_json,
    to_json,
)

_PRESENTERS: dict[str, Presenter] = {}


def presenter_for(game: Game) -> Presenter:
    """The presenter of ``game``: the game's own where it has one, the generic one otherwise (built once)."""
    presenter = _PRESENTERS.get(game.id)
    if presenter is None or presenter.game is not game:
        own = game.presenter()
        presenter = own if isinstance(own, Presenter) else Presenter(game)
        _PRESENTERS[game.id] = presenter
    return presenter


def table_for(game: Game, view: dict[str, Any], decision: Decision | None, log: Sequence[str] = ()) -> Table:
    """The table ``view``'s seat sees (see :meth:`Presenter.table`)."""
    return presenter_for(game).table(view, decision, log)


__all__ = [
    "CardFace",
    "Cell",
    "Choice",
    "ChoiceGroup",
    "Counter",
    "Grid",
    "Pile",
    "Presenter",
    "Question",
    "Region",
    "Table",
    "from_json",
    "option_key",
    "presenter_for",
    "table_for",
    "to_json",
]
