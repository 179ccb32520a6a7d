"""Single-card powers (sections 12-25 of the rules): the registry of power handlers and their shared helpers.

A power frame is ``{"step": "pw", "key", "you" (the table's owner, BP-11.17), "c" (the card, its face card for a
tile's card-in-effect), "ev" (value in effect), "fr" (forcer or None), ...}``. Each handler is called with
``ans=None`` to run on (True once it asked) and with an answer to apply it; a power that goes on after a decision
continues at a named step of its own (``goto(frame, "trade_card")``, registered in ``steps/__init__.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..table import (
    NE,
    SEAT_NAMES,
    SK,
    TABLE,
    WILD,
    WILD_NE,
    WILD_NE_SEEN,
    WILD_SEEN,
    _rekey,
    break_tile,
    tile_of,
    undeclare_if,
)
from .ask import public_card_words
from .stack import Task, push

_ON_TABLE = tuple(f" on {name}'s table" for name in SEAT_NAMES)


PowerFn = Callable[[Any, State, Task, Action | None], bool]


POWER_HANDLERS: dict[str, PowerFn] = {}
"""The handler of each single-card power by its power key (see :func:`cards.power_key`), registered by
:func:`power`."""


def power(key: str) -> Callable[[PowerFn], PowerFn]:
    """Register the handler of the power ``key``."""

    def register(fn: PowerFn) -> PowerFn:
        if key in POWER_HANDLERS:
            raise ValueError(f"power {key!r} is registered twice")
        POWER_HANDLERS[key] = fn
        return fn

    return register


def effect_pw(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    return POWER_HANDLERS[task["key"]](game, state, task, ans)


def on_table(game: Game, state: State, task: Task) -> bool:
    return task["c"] in state["zones"][f"table:{task['you']}"]


def card_to_table(game: Game, state: State, src: int, cid: int, dst: int, cause: str) -> None:
    """Move one card to another table without playing it, keeping its marks; a tile it leaves breaks up."""
    tile = tile_of(state, cid)
    if tile is not None:
        g = state["g"]
        tile["c"].remove(cid)
        g["tof"].pop(SK[cid], None)
        _rekey(game, state, tile, cid)
        if tile["c"]:
            break_tile(game, state, tile, cause)
    game.move(state, cid, TABLE[src], TABLE[dst], cause=cause, mark=state["marks"].get(SK[cid]))
    undeclare_if(game, state, src, [cid])


def card_to_limbo(game: Game, state: State, seat: int, cid: int, cause: str) -> None:
    tile = tile_of(state, cid)
    if tile is not None:
        g = state["g"]
        tile["c"].remove(cid)
        g["tof"].pop(SK[cid], None)
        _rekey(game, state, tile, cid)
        if tile["c"]:
            break_tile(game, state, tile, cause)
    game.move(state, cid, TABLE[seat], "limbo", cause=cause)
    undeclare_if(game, state, seat, [cid])


def pass_in_effect(game: Game, state: State, seat: int, cid: int, qid: int | None) -> None:
    """BP-16.22: a tile's card-in-effect is passed. It leaves for limbo (step 1); the rest of its tile stays on
    the table as one protected card with no effect of its own, and is broken up (step 4) only once the passed card
    has been played and everything that play caused has finished (step 3, BP-11.18), by a ``brk`` task left
    under it. ``qid`` ties that task to a Q♣/Q♠ pass, whose Reflector breaks the tile at once (BP-27.10)."""
    g = state["g"]
    tile = tile_of(state, cid)
    if tile is not None:
        tile["c"].remove(cid)
        g["tof"].pop(SK[cid], None)
        _rekey(game, state, tile, cid)
        if tile["c"]:
            tile["ev"] = tile["ev"][: len(tile["c"])]
            tile["hold"] = 1
            brk: Task = {"step": "brk", "t": SK[tile["c"][0]]}
            if qid is not None:
                brk["hq"] = qid
            push(state, brk)
    game.move(state, cid, TABLE[seat], "limbo", cause="q_pass")
    undeclare_if(game, state, seat, [cid])


def unit_to_limbo(game: Game, state: State, seat: int, unit: int, cause: str) -> None:
    tile = tile_of(state, unit)
    if tile is None:
        card_to_limbo(game, state, seat, unit, cause)
        return
    for c in tile["c"]:
        game.move(state, c, TABLE[seat], "limbo", cause=cause, mark=state["marks"].get(SK[c]))
    undeclare_if(game, state, seat, tile["c"])


def plain_units(game: Game, state: State, seat: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """Untiled cards that are neither protected nor no-effect (BP-11.13)."""
    tof = state["g"]["tof"]
    marks = state["marks"]
    names = state["cards"]
    return [
        c
        for c in state["zones"][TABLE[seat]]
        if SK[c] not in tof and SK[c] not in marks and names[c] != "10♦" and c not in exclude
    ]


def pick_options(game: Game, state: State, units: list[tuple[int, int]], verb: str) -> list[list[str]]:
    """Options of ``verb`` naming cards or tiles on tables (seat, unit) by where they are: the card id."""
    g = state["g"]
    tof = g["tof"]
    marks = state["marks"]
    names = state["cards"]
    out = []
    for seat, u in units:
        key = SK[u]
        tid = tof.get(key) if tof else None
        if tid is not None:
            words = "the tile " + " + ".join(public_card_words(game, state, c) for c in g["tiles"][tid]["c"])
        else:
            mark = marks.get(key) if marks else None
            if mark is None:
                words = names[u]
            elif mark == WILD:
                words = "a wild"
            elif mark == WILD_NE:
                words = "a wild (no-effect)"
            elif mark == WILD_SEEN:
                words = "the wild " + names[u]
            elif mark == WILD_NE_SEEN:
                words = "the wild " + names[u] + " (no-effect)"
            elif mark == NE:
                words = names[u] + " (no-effect)"
            else:
                words = names[u]
        out.append(option(verb, u, label=words + _ON_TABLE[seat]))
    return out


def drop_tasks_of(game: Game, state: State, seat: int) -> None:
    """BP-25.6, BP-25.7: every unfinished effect whose "you" is ``seat`` stops."""
    frames = state["flow"]
    frames[:] = [t for t in frames if t.get("you") != seat]
