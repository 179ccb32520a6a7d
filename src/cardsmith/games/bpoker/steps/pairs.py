"""Pairs and sets (section 26 of the rules): the effect of each, by its key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..declare import can_hand
from ..table import (
    NE,
    SK,
    TABLE,
    VIEW,
    break_tile,
    is_ne,
    new_tile,
    next_seat,
    no_effect_mark,
    off_table,
    opponents,
    pot_zone,
    seat_name,
    tile_of,
    undeclare,
    unit_off_table,
    units,
)
from .arrival import locked, push_power
from .ask import claim, guard, only, task_ask
from .hands import start_fpoker
from .low_cards import _two_diamonds, swap_zone
from .powers import plain_units
from .stack import Task, pop, push
from .turns import end_turn_of

PairFn = Callable[[Any, State, Task, Action | None], bool]


PAIR_HANDLERS: dict[str, PairFn] = {}
"""The handler of each pair or set by its key (see ``cards.PAIRS``), registered by :func:`pair_effect`."""


def pair_effect(key: str) -> Callable[[PairFn], PairFn]:
    """Register the handler of the pair or set ``key``."""

    def register(fn: PairFn) -> PairFn:
        if key in PAIR_HANDLERS:
            raise ValueError(f"pair {key!r} is registered twice")
        PAIR_HANDLERS[key] = fn
        return fn

    return register


def effect_pair(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    return PAIR_HANDLERS[task["key"]](game, state, task, ans)


def _on_table_cards(game: Game, state: State, task: Task) -> list[int]:
    table = state["zones"][f"table:{task['you']}"]
    return [c for c in task["cs"] if c in table]


@pair_effect("jokers")
def _pair_jokers(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.13, BP-26.14: each Joker resolves on its own as a 1 Black (all the same: no order to pick)."""
    pop(state, task)
    for c in reversed(task["cs"]):
        push(state, {"step": "pw", "key": "1B", "you": task["you"], "c": c, "ev": [1, -1, False]})
    return False


@pair_effect("jj7")
def _pair_jj7(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.15 .. BP-26.20, BP-9.x."""
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    start_fpoker(game, state, task["you"], cards)
    return False


@pair_effect("2h2d")
def _pair_2h2d(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.22 .. BP-26.24: as the 2♦, the taken cards are replayed one by one."""
    if "cs2" not in task:
        task["cs2"] = list(task["cs"])
        task["c"] = task["cs"][0]
    return _two_diamonds(game, state, task, ans, True)


@pair_effect("3c3c")
def _pair_3c3c(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.25 .. BP-26.27."""
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    if len(cards) == 2:
        new_tile(state, "ccc", cards, task["you"])
    undeclare(game, state, task["you"])
    return False


@pair_effect("44")
def _pair_44(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.28, BP-26.29."""
    you = task["you"]
    cands = plain_units(game, state, you)
    if not cands:
        pop(state, task)
        return False
    if ans is None:
        opts = [option("decline", label="Keep your table as it is")]
        opts += [
            option("take_back", c, label=f"Take {state['cards'][c]} into your viewing hand") for c in cands
        ]
        return task_ask(
            game, state, task, you, "take_back", f"{seat_name(you)}: take a card back (4+4)?", opts
        )
    pop(state, task)
    if ans.verb == "take_back":
        off_table(game, state, you, ans.args[0], VIEW[you], "4_4")
    return False


@pair_effect("4d4d")
def _pair_4d4d(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.30, BP-26.31."""
    you = task["you"]
    g = state["g"]
    goto(task, "four_diamonds_move")
    if g["decl"][you] is None and can_hand(game, state, you):
        push(state, {"step": "decl", "you": you, "why": "4d"})
        return False
    return four_diamonds_move(game, state, task, ans)


def four_diamonds_move(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.31: the declared hand moves into the cards-to-be-played."""
    you = task["you"]
    g = state["g"]
    pop(state, task)
    d = g["decl"][you]
    if d is None:
        return False
    cards = list(d["c"])
    undeclare(game, state, you)
    for c in cards:
        if c in state["zones"][TABLE[you]]:
            off_table(game, state, you, c, f"ctbp:{you}", "4d_4d")
    return False


@pair_effect("4d4d4d")
def _pair_4d4d4d(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.32, BP-26.33."""
    you = task["you"]
    pop(state, task)
    for c in list(state["zones"][TABLE[you]]):
        if not is_ne(game, state, c):
            off_table(game, state, you, c, f"ctbp:{you}", "4d_4d_4d")
    return False


@pair_effect("55x")
def _pair_55x(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.34 .. BP-26.38, BP-12.5."""
    you = task["you"]
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    if len(cards) != 3:
        return False
    a, b, x = cards
    fa = FACES[state["cards"][a]]
    fx = FACES[state["cards"][x]]
    ev5 = [5, fa.suit, fa.red]
    ev = [fx.rank, fa.suit, fa.red]
    new_tile(state, "set5", [a, b, x], you, ev=[list(ev5), list(ev5), list(ev)])
    push_power(game, state, you, x, ev, task)
    return False


@pair_effect("666")
def _pair_666(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.39."""
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    if len(cards) == 3:
        new_tile(state, "six", cards, task["you"], sd=[])
    return False


@pair_effect("wh")
@pair_effect("jjj")  # BP-26.76
@pair_effect("bh")
def _pair_bh(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.56 (and BP-26.58 for the White Hole)."""
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    if len(cards) == len(task["cs"]):
        new_tile(state, task["key"], cards, task["you"])
    return False


@pair_effect("lock")
def _pair_lock(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.67."""
    pop(state, task)
    cards = _on_table_cards(game, state, task)
    if len(cards) == 2:
        if state["cards"][cards[0]] != "10♦":
            cards.reverse()
        new_tile(state, "lock", cards, task["you"])
    return False


@pair_effect("jj")
def _pair_jj(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.73 .. BP-26.75."""
    you = task["you"]
    pop(state, task)
    zone = TABLE[you]
    for u in units(game, state, you):
        tile = tile_of(state, u)
        if tile is not None:
            if tile["k"] == "six":
                continue
            break_tile(game, state, tile, "shield")
    for c in list(state["zones"][zone]):
        tile = tile_of(state, c)
        if tile is not None:
            continue
        mark = state["marks"].get(SK[c])
        new = no_effect_mark(mark)  # a wild stays a wild, known to the same seats
        if mark != new:
            game.mark(state, c, zone, new)
    return False


@pair_effect("qq")
def _pair_qq(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.80 .. BP-26.82."""
    pop(state, task)
    g = state["g"]
    g["dir"] = -g["dir"]
    game.log(state, {"t": "direction", "dir": g["dir"]})
    return False


@pair_effect("kckc")
def _pair_kckc(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.83 .. BP-26.85."""
    pop(state, task)
    pot = pot_zone(state["g"]["depth"])
    for s in range(state["players"]):
        for u in units(game, state, s):
            unit_off_table(game, state, s, u, pot, "atomic_bomb")
    game.move_all(state, state["zones"]["discard"], "discard", pot, cause="atomic_bomb")
    return False


@pair_effect("aa")
def _pair_aa(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.86 .. BP-26.88."""
    you = task["you"]
    g = state["g"]
    nxt = next_seat(game, state, you)
    if g["active"] == you:
        stop = guard(game, state, task, nxt, "the A+A ending your turn") if nxt != you else True
        if stop is None:
            return True
        pop(state, task)
        end_turn_of(game, state, you)
        if not stop and nxt not in g["skip"]:
            g["skip"].append(nxt)
        return False
    if g["active"] == nxt:
        stop = guard(game, state, task, nxt, "the A+A ending your turn")
        if stop is None:
            return True
        pop(state, task)
        if not stop:
            end_turn_of(game, state, nxt)
        return False
    pop(state, task)
    return False


@pair_effect("9d10c")
def _pair_9d10c(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-26.61 .. BP-26.66."""
    you = task["you"]
    g = state["g"]
    others = opponents(game, state, you)
    if ans is None:
        opts = [option("swap_tables", s, label=f"Play it onto {seat_name(s)}'s table") for s in others]
        if len(opts) > 1:
            return task_ask(game, state, task, you, "target", f"{seat_name(you)}: whose table?", opts)
        ans = only(game, opts)
    task["t"] = ans.args[0]
    pop(state, task)
    t = task["t"]
    src = task["src"]
    if "names" in task:  # played from the viewing hand: the cards are picked out by name only now
        held = [state["cards"][c] for c in state["zones"][src]]
        if any(held.count(n) < task["names"].count(n) for n in task["names"]):
            return False  # a card of the pair left the hand meanwhile: the play lapses
        task["cs"] = claim(game, state, src, task["names"])
    for c in task["cs"]:
        game.move(state, c, src, "limbo", cause="play")
    if locked(game, state, t, task["cs"]):
        for c in task["cs"]:
            game.move(state, c, "limbo", "discard", cause="locked")
        return False
    if g["jnext"]:
        g["jnext"] = False
        for c in task["cs"]:
            game.move(state, c, "limbo", TABLE[t], cause="play", mark=NE)
        return False
    for kind in ("table", "stash", "view", "ctbp"):
        swap_zone(game, state, f"{kind}:{you}", f"{kind}:{t}", keep_marks=True)
    for tile in g["tiles"].values():
        if tile["s"] == you:
            tile["s"] = t
        elif tile["s"] == t:
            tile["s"] = you
    undeclare(game, state, you)
    undeclare(game, state, t)
    for c in task["cs"]:
        game.move(state, c, "limbo", "discard", cause="9d_10c")
    game.log(state, {"t": "swapped", "seats": [you, t]})
    return False
