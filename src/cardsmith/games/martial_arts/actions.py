"""Martial Arts: every kind of option the game offers, with typed arguments.

A card in hand is named by what it is (its card name): copies are interchangeable (MA-1.24), so two copies are one
option, and the rules play the lowest-numbered copy of that name in the hand.
"""

from __future__ import annotations

from ...core.actions import CardArg, SeatArg, Verb

VERBS = (
    Verb(
        "start",
        (SeatArg("seat", help="the seat that attacks on turn 1"),),
        help="chance: who attacks first (MA-2.9)",
    ),
    Verb(
        "event",
        (CardArg("card", help="an Event card in hand"),),
        help="play an Event card from hand into the event slot (MA-10.2)",
    ),
    Verb(
        "adrenaline",
        (CardArg("card", help="an affordable ADR card in hand"),),
        help="play an ADR (adrenaline) card from hand, paying its cost (MA-9.1)",
    ),
    Verb(
        "attack",
        (CardArg("card", help="a Move card with ATK in hand"),),
        help="attack with a card from hand (MA-5.4)",
    ),
    Verb(
        "block",
        (CardArg("card", help="a Move card with DEF in hand"),),
        help="block the waiting attack with a card from hand (MA-6.2)",
    ),
    Verb("take", help="take the waiting attack unblocked (MA-6.7)"),
    Verb("stop", help="stop: make no attack, or end the combo (MA-5.14)"),
    Verb("pass", help="close the window without playing a card (MA-4.8)"),
    Verb(
        "discard",
        (CardArg("card", help="a card in hand"),),
        help="discard a card from hand to a forced discard (MA-4.9)",
    ),
)
"""The verbs of Martial Arts, in action-space order."""
