"""Martial Arts: the game's part of the state (``state["g"]``), its fixed numbers, and the questions asked of it.

All of it is public: hands are the only hidden part of this game apart from the decks. What is still to do (the
window open, the forced discards owed, the exchange in progress) is the frame stack of the core's step engine
(``state["flow"]``), not kept here.
"""

from __future__ import annotations

from typing import TypedDict

from cardsmith.core.seats import other as other  # MA-1.1: two players; the rules modules take it from here
from cardsmith.core.state import State

from .cards import CardSet, EventCard, load_card_set

LIFE = 15  # MA-2.7
OPENING_HAND = 7  # MA-2.11
HAND_LIMIT = 7  # MA-11.1
ATTACKER_DRAW = 3  # MA-3.7
DEFENDER_DRAW = 2  # MA-3.7

PHASES = ("draw", "prep", "attack1", "attack2", "resolve", "end")

CARDS: CardSet = load_card_set()


class Sequence(TypedDict):
    """The attack sequence in progress (sections 5 to 8)."""

    striker: int  # the seat making the sequence (MA-5.1)
    last: int | None  # the last successful attack card (MA-5.5)
    successful: int  # successful moves so far (MA-8.1)
    attack: int | None  # the attack card waiting for a response (MA-6.1)
    bonus: int  # BOOST_NEXT_ATK given to the waiting attack card (MA-9.12)
    reduction: int  # REDUCE_PENDING_ATK played on the waiting attack card (MA-9.14)


class Table(TypedDict):
    """``state["g"]``."""

    start: int  # seat that attacked on turn 1 (MA-2.9, MA-13.6)
    attacker: int  # seat attacking this turn (MA-3.2)
    phase: str  # "setup" until the first Prep phase, then one of PHASES
    life: list[int]  # per seat (MA-1.21)
    adr: list[int]  # ADR points per seat (MA-1.22)
    boost_atk: list[int]  # unused BOOST_NEXT_ATK per seat (MA-9.12)
    boost_def: list[int]  # unused BOOST_NEXT_DEF per seat (MA-9.13)
    played: list[bool]  # [this turn, previous turn]: whether any card was played from hand (MA-12.5)
    sequence: Sequence | None


def fresh_table() -> Table:
    """The table before the starting player is known (MA-2.7, MA-2.8)."""
    return {
        "start": 0,
        "attacker": 0,
        "phase": "setup",
        "life": [LIFE, LIFE],
        "adr": [0, 0],
        "boost_atk": [0, 0],
        "boost_def": [0, 0],
        "played": [False, False],
        "sequence": None,
    }


def active_event(state: State) -> EventCard | None:
    """The Event card in the event slot, if any (MA-1.19)."""
    slot = state["zones"]["event_slot"]
    if not slot:
        return None
    card = CARDS.cards[state["cards"][slot[0]]]
    assert isinstance(card, EventCard)
    return card


def sudden_death(state: State, seat: int) -> bool:
    """MA-11.6: no cards in hand and none in deck."""
    z = state["zones"]
    return not z[f"hand:{seat}"] and not z[f"deck:{seat}"]


def first_move(sequence: Sequence) -> bool:
    """Whether the striker has not attacked yet in this sequence (MA-5.14: stopping now is making no attack)."""
    return sequence["successful"] == 0 and sequence["last"] is None
