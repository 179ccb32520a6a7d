"""Fees (section 7 of the rules): paid from the stash, the rest cannibalized from the table."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..table import TABLE, fee_size, off_table, pay_from_stash, seat_name
from .ask import card_words, task_ask
from .guard import magic_guard
from .stack import Task, pop, push


def push_fees(game: Game, state: State, you: int, items: list[list[Any]], words: str) -> None:
    """Payments made one at a time: [payer, base, destination zone, guard (Magic may stop it)]."""
    if items:
        push(state, {"step": "fees", "you": you, "payments": items, "words": words})


def step_fees(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    while task["payments"]:
        payer, base, dst, guarded = task["payments"][0]
        if guarded and payer != task["you"]:
            stop = magic_guard(game, state, task, payer, f"the fee of {task['words']}")
            if stop is None:
                return True
            if stop:
                task["payments"].pop(0)
                continue
        task["payments"].pop(0)
        n = fee_size(game, state, payer, base)
        if dst.startswith("stash:") and not state["g"]["in_hand"][int(dst[6:])]:
            continue
        left = pay_from_stash(game, state, payer, n, dst, "fee")
        if n:
            game.log(state, {"t": "fee", "seat": payer, "n": n, "to": dst.split(":")[0]})
        if left and state["zones"][TABLE[payer]]:
            pop(state, task)
            push(state, task)
            push(state, {"step": "cannibalize", "you": payer, "count": left, "destination": dst})
            return False
    pop(state, task)
    return False


def step_cannibalize(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-7.4, BP-10.20: the rest is given from the table, card by card; what cannot be covered is forgiven."""
    seat = task["you"]
    table = state["zones"][TABLE[seat]]
    if task["count"] <= 0 or not table:
        pop(state, task)
        return False
    if ans is None and len(table) > 1:
        opts = [option("give", c, label=f"Give {card_words(game, state, c, seat)}") for c in table]
        return task_ask(
            game,
            state,
            task,
            seat,
            "cannibalize",
            f"{seat_name(seat)}: give {task['count']} card(s) from your table",
            opts,
        )
    cid = ans.args[0] if ans is not None else table[0]
    off_table(game, state, seat, cid, task["destination"], "cannibalize")
    task["count"] -= 1
    return False
