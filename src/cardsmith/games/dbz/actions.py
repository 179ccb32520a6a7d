"""Dragon Ball Z CCG: every kind of option the game offers, with typed arguments, declared in ``verbs.toml``.

A card in hand (or among the drills just drawn) is named by what it is, its title: copies are interchangeable, so
two copies are one option, and the rules use the lowest-numbered copy of that title in the hand (DBZ-1.7: the id
says nothing the opponent cannot see). A drill in play is public (DBZ-1.9) and is named by where it is, its card id;
the drill verbs offer one drill per title (the first in the order they entered play that may act), as before.
A colour is named by its place in the game's colour-word list (option ``colour_words``, DBZ-8.1, DBZ-14.4).
"""

from __future__ import annotations

from typing import Any

from ...core.registry import get_game
from ...core.verbfile import load_verbs


def _last_card_id(players: int, options: dict[str, Any]) -> int:
    """The highest card id of a game with these options: the level cards and both life decks, less one."""
    return get_game("dbz").card_total(options) - 1  # type: ignore[attr-defined]


def _last_colour(players: int, options: dict[str, Any]) -> int:
    """The index of the last colour word of a game with these options (DBZ-8.1, DBZ-14.4)."""
    return len(get_game("dbz").colour_words(options)) - 1  # type: ignore[attr-defined]


VERBS = load_verbs(__package__, {"last_card_id": _last_card_id, "last_colour": _last_colour})
"""The verbs of the Dragon Ball Z game, in action-space order (declared in ``verbs.toml``)."""
