"""Ani-Mayhem's part of the state, ``state["g"]``: plain data (JSON-ready), typed here.

Card ids used as dict keys are strings (the state is JSON). An *expiry marker* says how long an effect lasts
(AM-11.10): ``["r", round serial]`` this combat round, ``["p", phase serial]`` this phase, ``["t", turn]`` this
turn, ``["o", seat, n]`` until that seat has completed ``n`` turns (see :func:`.board.valid`).

The Field's geometry is not kept here: ``layout`` says where each card was placed, as words ``card:x:y`` (``:h``
after a Haven) in the order they were placed, e.g. ``"41:0:0 40:1:0 48:0:1:h"``, and :mod:`.grid` works out the cells,
the neighbours (AM-4.2) and the Disaster paths (AM-4.3, AM-13.1) from it once per layout, in a table shared by every
state, so that a clone copies one string.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

Expiry = list[Any]
Modifier = list[Any]
"""A lasting modifier: ``[attribute, "+" or "=", value, expiry, stamp]``, with a sixth element ``1`` when it is a
cost paid (AM-10.6, AM-10.7, AM-11.2)."""


class CharRecord(TypedDict):
    """A Character in play."""

    moved: int  # the turn of its last movement action (AM-6.3)
    scavenged: int  # the turn of its last Scavenge (AM-7.1)
    fought: int  # the phase serial of its last fight (AM-6.16)
    dueled: int  # the turn of its last duel (AM-8.31)
    charmed: int  # its owner's turn count when it last charmed (AM-9.2, AM-9.4)
    mods: NotRequired[list[Modifier]]  # lasting modifiers (AM-11.2)
    skills: NotRequired[list[list[Any]]]  # [skill, expiry]: skills granted for a time (AM-11.3)
    in_use: NotRequired[list[list[Any]]]  # [card, expiry]: costed cards whose use lasts (AM-10.8)


class DisasterRecord(TypedDict):
    """A Disaster on the Field."""

    stamp: int  # when it arrived on the Field (AM-5.5)
    arrived: int  # when it arrived at its Location (AM-8.28)
    moves_once: (
        int  # 2: moves as usual; 1: a moves-only-once Disaster that may still move; 0: it has (AM-5.21)
    )
    fresh: int  # 1: drawn in this Reload, it arrives in Maintenance (AM-5.6)
    done: int  # the phase serial in which it last fought (AM-8.27)
    ignores: NotRequired[list[int]]  # Characters it ignores (AM-9.19)
    barred: NotRequired[list[int]]  # Characters it may not attack (AM-9.20)
    mods: NotRequired[list[Modifier]]


class Table(TypedDict):
    """``state["g"]``."""

    phase: str  # "setup" | "play" | one of the six phases
    first: int  # the first player (AM-2.18)
    active: int  # the active player
    turns_started: list[int]  # by seat (AM-1.29)
    turns_completed: list[int]
    rounds: int  # rounds of turns completed (AM-12.7, AM-13.4)
    round_turns: int  # turns taken in the current round
    phase_serial: int  # one more at every phase (durations, AM-11.10)
    round_serial: int  # one more at every combat round
    stamp_counter: int  # the last stamp given (AM-5.5, AM-10.11)
    layout: str  # where the Locations and Havens were placed (see above)
    field_laid: bool  # AM-2.25: the Field is laid, the Disaster paths are set (AM-4.3)
    havens: dict[str, int]  # the owner of each Haven on the Field
    destroyed: list[int]  # destroyed Locations (AM-4.8)
    char_at: dict[str, int]  # where each Character in play is (a Location or Haven card id)
    seat_chars: list[list[int]]  # each seat's Characters in play, in card-id order
    chars: dict[str, CharRecord]
    disaster_at: dict[str, int]  # the Location of each Disaster on the Field (all in zone ``dz``)
    disasters: dict[str, DisasterRecord]
    attached: dict[str, int]  # the stamp of each attached Equipment, Enhancement, Global and Item (AM-10.11)
    off_field: dict[str, Expiry]  # Off the Field Disasters and when their text runs out (AM-5.27)
    bonked: dict[str, int]  # the owner's turn count when each bonked Character was bonked (AM-6.23)
    items_total: int  # Items in the game (AM-12.1)
    loose_items: int  # Items still on the Field (face down under a Location or carried by a Disaster)
    items_lost: int  # Items destroyed (the deck's tally)
    item_changes: int  # Item moves and Disaster changes, for the round checks (AM-12.7)
    disaster_changes: int
    snapshot: list[int]  # the counters at the start of the round (AM-12.7)
    ran_away: list[list[int]]  # [Disaster, Character, phase serial] (AM-8.22)
    protections: list[list[Any]]  # charm protections (AM-9.10)
    forced: dict[str, Any]  # forced actions owed by Characters (AM-9.11)
    uses: dict[str, list[Any]]  # use-limit counters (AM-10.9)
    used_up: NotRequired[
        list[list[int]]
    ]  # [card, Character]: cards to discard when this round ends (AM-10.9)


def new_game_state(players: int) -> Table:
    """The game's part of the state before setup."""
    return {
        "phase": "setup",
        "first": 0,
        "active": 0,
        "turns_started": [0] * players,
        "turns_completed": [0] * players,
        "rounds": 0,
        "round_turns": 0,
        "phase_serial": 0,
        "round_serial": 0,
        "stamp_counter": 0,
        "layout": "",
        "field_laid": False,
        "havens": {},
        "destroyed": [],
        "char_at": {},
        "seat_chars": [[] for _ in range(players)],
        "chars": {},
        "disaster_at": {},
        "disasters": {},
        "attached": {},
        "off_field": {},
        "bonked": {},
        "items_total": 0,
        "loose_items": 0,
        "items_lost": 0,
        "item_changes": 0,
        "disaster_changes": 0,
        "snapshot": [0, 0, 0],
        "ran_away": [],
        "protections": [],
        "forced": {},
        "uses": {},
    }
