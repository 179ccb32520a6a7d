"""B-Poker's part of the state, ``state["g"]`` (all public: hidden cards are only ever named through zones and
marks), and the frames of its steps in ``state["flow"]``.

``state["flow"]`` (:mod:`cardsmith.core.flow`, steps in ``steps/``) holds the step of the turn at the bottom
(hstart, tbegin, win, draw, play, end, next: BP-5.1) and the pending effects above it, top last (BP-11.18).

The keys of ``g`` and of its tiles and declarations are still the short ones the rules were written with; the
TypedDicts below spell out what each holds.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Declaration(TypedDict):
    """A declared poker hand (BP-3.2)."""

    c: list[int]  # the cards
    w: dict[str, list[int]]  # the wilds' declared values: card id -> [rank, suit]
    sc: int  # its score (hand_eval)


class Tile(TypedDict, total=False):
    """Cards tiled on a table (BP-10.15): one card for most effects."""

    k: str  # kind: five, set5, ccc, six, bh, wh, lock, jjj (base.TILE_WORDS)
    c: list[int]  # its cards, left to right
    s: int  # the seat whose table holds it
    ev: list[list[Any]]  # values in effect along a 5-tile: [rank, suit, red]
    sh: int  # a 5-tile's shift
    sd: list[int]  # a 6+6+6's sideways 6s (BP-26.48)
    hold: int  # the card-in-effect was passed as a Q and the rest waits to break up (BP-16.22)


class Table(TypedDict):
    """``state["g"]``."""

    dir: int  # direction of play, +1 left (increasing seat) or -1 (BP-1.6)
    active: int  # whose turn it is
    first: int  # the first player of the current outer hand (BP-4.3)
    ing: list[bool]  # per seat: still in the game (BP-4.9)
    inh: list[bool]  # per seat: still in the current hand (BP-4.2)
    hand: int  # outer hands finished
    depth: int  # f_poker nesting depth
    frames: list[dict[str, Any]]  # the outer hands set aside, with their pending effects (BP-9.1, BP-9.3)
    decl: list[Declaration | None]  # per seat (BP-3.2)
    dsig: list[
        list[int] | None
    ]  # per seat the table signature at the last declaration (when to offer redeclaring)
    tiles: dict[str, Tile]  # by first card id
    tof: dict[str, str]  # card id -> the tile holding it
    jnext: bool  # a J's "next card played is no-effect" is waiting (BP-22.1)
    plays: int  # plays made this turn
    over: bool  # this turn is over
    exempt: list[int]  # cards not counted this turn (a 3's trigger, BP-14.2)
    scrap_ok: bool  # the active player may still scrap (BP-5.5)
    skip: list[int]  # seats whose next turn is skipped (A+A)
    nowin: int | None  # the seat that may not win this turn's check (BP-26.19)
    noret: int | None  # BP-25.8
    ctrl: dict[str, list[int]]  # controlled seat -> [controller, the 10♦] (BP-21.18)
    ring: Any  # the ring chain (BP-17.9)
    hd: int  # decisions in the current hand (the safety cap)
    ht: int  # turns in the current hand (the safety cap)
    chosen: list[str]  # the names of the cards of a pair or set chosen so far, one at a time (BP-5.6)
    named: dict[str, dict[str, list[int]]]  # zone -> card name -> the copies it stood for when last offered
    cps: int  # the seat whose cards-to-be-played are being asked for (BP-5.9)


def fresh_table(players: int) -> Table:
    """``state["g"]`` at the start of a game or a scenario."""
    n = players
    return {
        "dir": 1, "active": 0, "first": 0, "ing": [True] * n, "inh": [True] * n, "hand": 0, "depth": 0,
        "frames": [], "decl": [None] * n, "dsig": [None] * n, "tiles": {}, "tof": {}, "jnext": False, "plays": 0,
        "over": False, "exempt": [], "scrap_ok": True, "skip": [], "nowin": None, "noret": None, "ctrl": {},
        "ring": None, "hd": 0, "ht": 0, "chosen": [], "named": {},
    }  # type: ignore[typeddict-item]  # fmt: skip
