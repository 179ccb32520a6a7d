"""B-Poker's verbs: every kind of option the game offers, with typed arguments, declared in ``verbs.toml``.

A card in a viewing hand or in cards-to-be-played is named by what it is (``CardArg``, its name; the rules take the
lowest card id of that name in the zone). A card or tile on a table is named by where it is: its card id (a tile by
the id of its first card), an ``IntArg`` over every card id of the game. A choice among combinations (a pair or set
played from the viewing hand, BP-5.6; a pair passed with a Q♣/Q♠, BP-23.9; a card of the table and the table it is
forced onto, BP-21.4) is asked as a short sequence of these decisions.
"""

from __future__ import annotations

from typing import Any

from ...core.verbfile import load_verbs

CARDS_PER_DECK = 54  # 52 cards and 2 Jokers (BP-1.1)


def last_card_id(players: int, options: dict[str, Any]) -> int:
    """The highest card id of a game with these options (every card has an id, BP-1.2)."""
    return CARDS_PER_DECK * options["decks"] - 1


def card_count(players: int, options: dict[str, Any]) -> int:
    """How many cards the game holds: the largest pile a split or a ring can make."""
    return CARDS_PER_DECK * options["decks"]


TRIGGERS = ("three", "black_hole", "white_hole")
"""Beginning-of-turn triggers by kind (BP-5.3): a 3♥/3♠/3♦, a Black Hole, a White Hole."""

VERBS = load_verbs(
    __package__, {"last_card_id": last_card_id, "card_count": card_count, "triggers": TRIGGERS}
)
"""B-Poker's verbs, in action-space order (declared in ``verbs.toml``)."""
