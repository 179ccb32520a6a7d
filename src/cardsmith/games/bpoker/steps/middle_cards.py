"""The 6s and 8s (sections 17 and 19 of the rules): the shaft a 6 (or a 6+6+6) starts, and the 8's payment."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..effects import EFFECTS, PayForEight
from ..table import (
    STASH,
    TABLE,
    VIEW,
    WILD_SEEN,
    break_tile,
    fee_size,
    off_table,
    order_from,
    pay_from_stash,
    pot_zone,
    seat_name,
    tile_of,
    undeclare_if,
    units,
)
from .arrival import push_play
from .ask import chooser_of, named, offer_names, only, task_ask
from .guard import guarded, owner_of_target
from .hands import _seats_from
from .powers import on_table, pick_target
from .stack import Task, pop


def step_shaft(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-17.1, BP-17.2, BP-17.9, BP-21.25, BP-21.28, BP-26.48, BP-26.49."""
    g = state["g"]
    you = task["you"]
    hand = state["zones"][VIEW[you]]
    if not hand or not g["in_hand"][you]:
        pop(state, task)
        if task.get("ring_link"):
            g["ring"] = None
        return False
    chooser = chooser_of(game, state, you)
    if ans is None:
        opts = [option("decline", label="Do not force a card")] if task.get("optional") else []
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
    if task.get("ring_link"):
        if FACES[state["cards"][cid]].rank == 6 and target != forcer:
            extra["ring_link"] = 1
        else:
            g["ring"] = None
    push_play(game, state, target, [cid], "limbo", "force", forcer, **extra)
    return False


@EFFECTS.handler(PayForEight)
def pay_for_eight(game: Game, state: State, task: Task, ans: Action | None, effect: PayForEight) -> bool:
    """BP-19.1 .. BP-19.4, BP-19.6, BP-19.7: pay for the 8, or discard it and break a tile (``eight_pick_tile``).
    Unique to the 8: the only power priced at the player's choice, with a tile broken when unpaid."""
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
            game.mark(state, task["card"], TABLE[you], WILD_SEEN)
            undeclare_if(game, state, you, [task["card"]])
        return False
    off_table(game, state, you, task["card"], "discard", "8")
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
            if tile["kind"] == "six" and len({FACES[state["cards"][c]].suit for c in tile["cards"]}) == 1:
                continue  # BP-19.4, BP-26.47
            tiles.append((s, u))
    prompt = f"{seat_name(you)}: break a tile"
    return pick_target(game, state, task, ans, tiles, "break_tile", you, "break", prompt, eight_break)


@guarded(owner_of_target, "the 8 breaking your tile")
def eight_break(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-19.2: the tile breaks up, unless Magic stops it (BP-21.15)."""
    pop(state, task)
    tile = tile_of(state, task["target"])
    if tile is not None:
        break_tile(game, state, tile, "8")
    return False
