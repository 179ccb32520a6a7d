"""B-Poker's part of the state, ``state["g"]`` (all public: hidden cards are only ever named through zones and
marks), and the frames of its steps in ``state["flow"]``.

``state["flow"]`` (:mod:`cardsmith.core.flow`, steps in ``steps/``) holds the step of the turn at the bottom
(hstart, tbegin, win, draw, play, end, next: BP-5.1; the public view shows it as ``phase``) and the pending effects
above it, top last (BP-11.18): cards on their way to a table (:class:`ArrivalFrame`), powers and pairs
(:class:`PowerFrame`), and the steps those start (fees, a declaration, a shaft, Magic's guard...).
"""

from __future__ import annotations

from typing import Any, TypedDict


class Declaration(TypedDict):
    """A declared poker hand (BP-3.2)."""

    cards: list[int]
    wilds: dict[str, list[int]]  # the wilds' declared values: card id -> [rank, suit]
    score: int  # its score (hand_eval)


class Tile(TypedDict, total=False):
    """Cards tiled on a table (BP-10.15): one card for most effects."""

    kind: str  # five, set5, ccc, six, bh, wh, lock, jjj (text.TILE_WORDS)
    cards: list[int]  # left to right
    seat: int  # the seat whose table holds it
    values: list[list[Any]]  # the values in effect along a 5-tile: [rank, suit, red]
    shift: int  # a 5-tile's shift of rank
    sideways: list[int]  # a 6+6+6's sideways 6s (BP-26.48)
    held: int  # the card-in-effect was passed as a Q and the rest waits to break up (BP-16.22)


class Ring(TypedDict):
    """A ring of 6s forced from table to table (BP-17.9)."""

    reached: list[int]  # the seats it reached
    splitter: int  # who splits the pot when it closes


class Table(TypedDict):
    """``state["g"]``."""

    direction: int  # direction of play, +1 left (increasing seat) or -1 (BP-1.6)
    active: int  # whose turn it is
    first: int  # the first player of the current outer hand (BP-4.3)
    in_game: list[bool]  # per seat (BP-4.9)
    in_hand: list[bool]  # per seat: still in the current hand (BP-4.2)
    hands_played: int  # outer hands finished
    depth: int  # f_poker nesting depth
    set_aside: list[dict[str, Any]]  # the outer hands set aside, with their pending effects (BP-9.1, BP-9.3)
    declared: list[Declaration | None]  # per seat (BP-3.2)
    declared_signature: list[
        list[int] | None
    ]  # per seat, the table at the last declaration (when to redeclare)
    tiles: dict[str, Tile]  # by first card id
    tile_of: dict[str, str]  # card id -> the tile holding it
    j_next: bool  # a J's "next card played is no-effect" is waiting (BP-22.1)
    plays: int  # plays made this turn
    turn_over: bool
    exempt: list[int]  # cards not counted this turn (a 3's trigger, BP-14.2)
    scrap_ok: bool  # the active player may still scrap (BP-5.5)
    skip: list[int]  # seats whose next turn is skipped (A+A)
    no_win: int | None  # the seat that may not win this turn's check (BP-26.19)
    no_return: int | None  # BP-25.8
    control: dict[str, list[int]]  # controlled seat -> [controller, the 10♦] (BP-21.18)
    ring: Ring | None  # BP-17.9
    hand_decisions: int  # decisions in the current hand (the safety cap)
    hand_turns: int  # turns in the current hand (the safety cap)
    chosen: list[str]  # the names of the cards of a pair or set chosen so far, one at a time (BP-5.6)
    named: dict[str, dict[str, list[int]]]  # zone -> card name -> the copies it stood for when last offered
    q_passes: int  # Q-in-effect passes so far, to tie a pass to the tile it left (BP-16.22)


class PowerFrame(TypedDict, total=False):
    """A power (step ``power``) or a pair or set (step ``pair_or_set``) resolving: the effects of its entry of
    ``cards.toml`` (sections 12-26), and what those effects keep while they ask."""

    step: str
    key: str  # the entry of cards.toml
    you: int  # the table's owner (BP-11.17)
    card: int  # the card (a tile's card-in-effect: its face card)
    cards: list[int]  # a pair's or set's cards
    value: list[Any]  # the value in effect [rank, suit, red]
    forcer: int | None
    source: str  # where a pair's cards come from
    next_effect: int  # the index of the next effect to start
    effect_index: int  # the effect this frame carries out
    magic: dict[str, bool]  # Magic's answer of each victim (steps/guard.py)
    seats: list[int]  # the players still to act on, in order
    target: int  # the seat or card chosen
    opponent: int  # the other player of a trade
    taken: list[int]  # the cards a trade takes
    replay: bool  # the cards taken are replayed (a 2♥, a 2♥ + 2♦)
    bundle: int  # the forcer's bundled follow-up of a 5 (BP-16.24)
    bundle_forcer: int
    ring_link: int  # a 6 forced in a ring (BP-17.9)


class ArrivalFrame(TypedDict, total=False):
    """A card (or pair, or tile) on its way to a table (step ``arrival``, then ``arrive``: sections 8, 10, 11, 21,
    27)."""

    step: str
    you: int  # the table it goes to
    cards: list[int]
    source: str  # the zone it leaves
    via: str  # hand, force, fol (after a 5), onb (replayed where it lies)
    forcer: int | None
    unit: int  # a tile played whole, by its first card
    pair: str  # the pair or set it forms (section 26)
    value: list[Any]  # its value in effect, when given (after a 5)
    after_five: dict[str, Any]  # the 5 it follows and that 5's value (BP-16.2)
    checked: int  # the lock and the J were checked (BP-22.1, BP-26.67)
    no_effect: bool  # it enters no-effect (a J, Magic)
    no_window: int  # no reaction window (a bundled follow-up)
    no_bundle: int  # its forcer may not bundle a follow-up (BP-12.11)
    bundle_asked: int  # the forcer's bundle question: 1 asked, 2 answered
    passed_q: int  # the Q♣/Q♠ passed with it (BP-27.8)
    q_in_effect: int  # the pass of a Q-in-effect it goes with (BP-27.9)
    q_id: int  # this is a Q-in-effect passed (BP-16.22)
    ring_link: int  # a 6 forced in a ring (BP-17.9)


def fresh_table(players: int) -> Table:
    """``state["g"]`` at the start of a game or a scenario."""
    n = players
    return {
        "direction": 1, "active": 0, "first": 0, "in_game": [True] * n, "in_hand": [True] * n, "hands_played": 0,
        "depth": 0, "set_aside": [], "declared": [None] * n, "declared_signature": [None] * n, "tiles": {},
        "tile_of": {}, "j_next": False, "plays": 0, "turn_over": False, "exempt": [], "scrap_ok": True, "skip": [],
        "no_win": None, "no_return": None, "control": {}, "ring": None, "hand_decisions": 0, "hand_turns": 0,
        "chosen": [], "named": {},
    }  # type: ignore[typeddict-item]  # fmt: skip
