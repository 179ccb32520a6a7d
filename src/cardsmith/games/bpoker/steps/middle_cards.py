"""The powers of the 6s to 9s (sections 17-20 of the rules)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..table import (
    STASH,
    TABLE,
    VIEW,
    WILD_SEEN,
    break_tile,
    fee_size,
    next_seat,
    off_table,
    opponents,
    order_from,
    pay_from_stash,
    pot_zone,
    seat_name,
    table_seat,
    tile_of,
    undeclare_if,
    unit_off_table,
    units,
)
from .arrival import push_play
from .ask import chooser_of, guard, named, offer_names, only, task_ask
from .fees import push_fees
from .hands import _seats_from, end_hand
from .powers import on_table, pick_options, plain_units, power
from .stack import Task, pop, push


@power("6")
def _p_6(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-17.1."""
    pop(state, task)
    shaft = {"step": "shaft", "you": task["you"]}
    if task.get("rl"):
        shaft["rl"] = 1
    push(state, shaft)
    return False


def effect_shaft(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-17.1, BP-17.2, BP-17.9, BP-21.25, BP-21.28, BP-26.48, BP-26.49."""
    g = state["g"]
    you = task["you"]
    hand = state["zones"][VIEW[you]]
    if not hand or not g["inh"][you]:
        pop(state, task)
        if task.get("rl"):
            g["ring"] = None
        return False
    chooser = chooser_of(game, state, you)
    if ans is None:
        opts = [option("decline", label="Do not force a card")] if task.get("opt") else []
        for name in offer_names(game, state, VIEW[you]):
            for s in _seats_from(game, state, you):
                where = "your own table" if s == you else f"{seat_name(s)}'s table"
                opts.append(option("force", name, s, label=f"Force {name} onto {where}"))
        if len(opts) > 1:
            return task_ask(
                game, state, task, chooser, "shaft", f"{seat_name(chooser)}: force a card (shaft)", opts
            )
        ans = only(game, opts)
    pop(state, task)
    if ans.verb == "decline":
        return False
    cid, target = named(game, state, VIEW[you], ans.args[0]), ans.args[1]
    forcer = chooser
    game.move(state, cid, VIEW[you], "limbo", cause="shaft")
    extra: dict[str, Any] = {}
    if task.get("rl"):
        if FACES[state["cards"][cid]].rank == 6 and target != forcer:
            extra["rl"] = 1
        else:
            g["ring"] = None
    push_play(game, state, target, [cid], "limbo", "force", forcer, **extra)
    return False


@power("7U")
def _p_7U(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-18.1, BP-18.4, BP-18.5."""
    return _sevens(game, state, task, 2, True)


@power("7D")
def _p_7D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-18.3."""
    return _sevens(game, state, task, 4, True)


@power("7C")
def _p_7C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-18.2."""
    return _sevens(game, state, task, 2, False)


def _sevens(game: Game, state: State, task: Task, n: int, inward: bool) -> bool:
    you = task["you"]
    g = state["g"]
    pop(state, task)
    if inward:
        payers = [s for s in range(state["players"]) if g["ing"][s] and s != you]
        payers = [s for s in order_from(game, state, you) if s != you] + [
            s for s in payers if not g["inh"][s]
        ]
        items = [[p, n, STASH[you], 1] for p in payers]
    else:
        items = [[you, n, STASH[p], 1] for p in opponents(game, state, you)]
    push_fees(game, state, you, items, "the 7")
    return False


@power("8")
def _p_8(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-19.1 .. BP-19.4, BP-19.6, BP-19.7: pay for the 8, or discard it and break a tile (``eight_pick_tile``)."""
    you = task["you"]
    g = state["g"]
    if not on_table(game, state, task):
        pop(state, task)
        return False
    if ans is None:
        stash = len(state["zones"][STASH[you]])
        one, two = fee_size(game, state, you, 1), fee_size(game, state, you, 2)
        opts = [option("pay_eight_fee", 0, label="Pay nothing: discard the 8 and break a tile")]
        if stash >= one:
            opts.append(option("pay_eight_fee", 1, label=f"Pay {one}: the 8 becomes wild"))
        if stash >= two:
            opts.append(option("pay_eight_fee", 2, label=f"Pay {two}: the 8 stays"))
        return task_ask(game, state, task, you, "eight", f"{seat_name(you)}: pay for your 8?", opts)
    base = ans.args[0]
    if base:
        pop(state, task)
        n = fee_size(game, state, you, base)
        pay_from_stash(game, state, you, n, pot_zone(g["depth"]), "fee")
        if base == 1:  # BP-19.1, BP-19.7; seen face up by every seat, its face stays known (BP-1.4)
            game.mark(state, task["c"], TABLE[you], WILD_SEEN)
            undeclare_if(game, state, you, [task["c"]])
        return False
    off_table(game, state, you, task["c"], "discard", "8")
    goto(task, "eight_pick_tile")
    return eight_pick_tile(game, state, task, None)


def eight_pick_tile(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-19.2 .. BP-19.4: the 8's player picks a tile to break (``eight_break``)."""
    you = task["you"]
    tiles = []
    for s in order_from(game, state, you):
        for u in units(game, state, s):
            tile = tile_of(state, u)
            if tile is None:
                continue
            if tile["k"] == "six" and len({FACES[state["cards"][c]].suit for c in tile["c"]}) == 1:
                continue  # BP-19.4, BP-26.47
            tiles.append((s, u))
    if not tiles:
        pop(state, task)
        return False
    if ans is None:
        opts = pick_options(game, state, tiles, "break_tile")
        if len(opts) > 1:
            return task_ask(game, state, task, you, "break", f"{seat_name(you)}: break a tile", opts)
        ans = only(game, opts)
    task["t"] = ans.args[0]
    goto(task, "eight_break")
    return eight_break(game, state, task, None)


def eight_break(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-19.2: the tile breaks up, unless Magic stops it (BP-21.15)."""
    you = task["you"]
    owner = table_seat(game, state, task["t"])
    if owner is not None and owner != you:
        stop = guard(game, state, task, owner, "the 8 breaking your tile")
        if stop is None:
            return True
        if stop:
            pop(state, task)
            return False
    pop(state, task)
    tile = tile_of(state, task["t"])
    if tile is not None:
        break_tile(game, state, tile, "8")
    return False


def _discard_pick(
    game: Game,
    state: State,
    task: Task,
    ans: Action | None,
    cands: list[tuple[int, int]],
    chooser: int,
    guarded: bool,
) -> bool:
    """A 9's discard: the card is picked, then discarded (``discard_picked``)."""
    if not cands:
        pop(state, task)
        return False
    if ans is None:
        opts = pick_options(game, state, cands, "discard_from_table")
        if len(opts) > 1:
            return task_ask(
                game,
                state,
                task,
                chooser,
                "discard_card",
                f"{seat_name(chooser)}: pick a card to discard",
                opts,
            )
        ans = only(game, opts)
    task["t"] = ans.args[0]
    task["guarded"] = guarded
    goto(task, "discard_picked")
    return discard_picked(game, state, task, None)


def discard_picked(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The picked card is discarded, unless Magic stops the discard of an opponent's card (BP-20.1, BP-21.15)."""
    owner = table_seat(game, state, task["t"])
    if task["guarded"] and owner is not None and owner != task["you"]:
        stop = guard(game, state, task, owner, "a discard of your card")
        if stop is None:
            return True
        if stop:
            pop(state, task)
            return False
    pop(state, task)
    if owner is not None:
        unit_off_table(game, state, owner, task["t"], "discard", task["key"])
    return False


@power("9U")
def _p_9U(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-20.1 .. BP-20.3."""
    you = task["you"]
    cands = [(s, c) for s in opponents(game, state, you) for c in plain_units(game, state, s)]
    return _discard_pick(game, state, task, ans, cands, you, True)


@power("9D")
def _p_9D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-20.4 .. BP-20.8."""
    you = task["you"]
    face = state["cards"][task["c"]] == "9♦" and task["ev"][:2] == [9, 1]
    if face:
        if "l" not in task:
            task["l"] = opponents(game, state, you)
        while task["l"]:
            stop = guard(game, state, task, task["l"][0], "the 9♦ winning the hand")
            if stop is None:
                return True
            task["l"].pop(0)
            if stop:
                pop(state, task)
                return False
        pop(state, task)
        if on_table(game, state, task):
            off_table(game, state, you, task["c"], "discard", "9_diamonds")
        end_hand(game, state, you, "the 9♦")
        return False
    cands = []
    for s in opponents(game, state, you):
        for u in units(game, state, s):
            tile = tile_of(state, u)
            if tile is None or tile["k"] != "six":  # BP-26.44
                cands.append((s, u))
    return _discard_pick(game, state, task, ans, cands, you, True)


@power("9C")
def _p_9C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-20.9, BP-20.10."""
    you = task["you"]
    chooser = next_seat(game, state, you)
    cands = [(you, c) for c in plain_units(game, state, you, (task["c"],))]
    return _discard_pick(game, state, task, ans, cands, chooser, False)
