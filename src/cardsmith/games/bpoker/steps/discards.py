"""Discards from the tables (sections 20 and 24 of the rules): a 9's discard, the K♥'s table fees, the K♦'s
discards, and the 9♦ that wins the hand at face value."""

from __future__ import annotations

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..effects import (
    EFFECTS,
    DiscardFromEachOpponent,
    DiscardTableCard,
    TableFeeEachOpponent,
    WinAtFaceValue,
)
from ..table import (
    TABLE,
    fee_size,
    is_ne,
    next_seat,
    off_table,
    opponents,
    seat_name,
    table_seat,
    tile_of,
    unit_off_table,
    units,
)
from .ask import card_words, only, task_ask
from .guard import guarded, magic_guard, owner_of_target
from .hands import end_hand
from .powers import on_table, pick_options, pick_target, plain_units
from .stack import Task, pop, push


@EFFECTS.handler(DiscardTableCard)
def discard_table_card(
    game: Game, state: State, task: Task, ans: Action | None, effect: DiscardTableCard
) -> bool:
    """BP-20.1 .. BP-20.3, BP-20.8 .. BP-20.10."""
    you = task["you"]
    if effect.tables == "own":
        cands = [(you, c) for c in plain_units(game, state, you, (task["card"],))]
    elif effect.cards == "unprotected":
        cands = [(s, c) for s in opponents(game, state, you) for c in plain_units(game, state, s)]
    else:
        cands = _any_opponent_card(game, state, you)
    chooser = you if effect.chooser == "you" else next_seat(game, state, you)
    return _discard_pick(game, state, task, ans, cands, chooser, effect.magic)


def _any_opponent_card(game: Game, state: State, you: int) -> list[tuple[int, int]]:
    """Every card or tile of the opponents' tables but a 6+6+6 (BP-20.8, BP-26.44)."""
    cands = []
    for s in opponents(game, state, you):
        for u in units(game, state, s):
            tile = tile_of(state, u)
            if tile is None or tile["kind"] != "six":
                cands.append((s, u))
    return cands


def _discard_pick(
    game: Game,
    state: State,
    task: Task,
    ans: Action | None,
    cands: list[tuple[int, int]],
    chooser: int,
    guarded: bool,
) -> bool:
    """The card is picked, then discarded (``discard_picked``)."""
    task["guarded"] = guarded
    prompt = f"{seat_name(chooser)}: pick a card to discard"
    return pick_target(
        game, state, task, ans, cands, "discard_from_table", chooser, "discard_card", prompt, discard_picked
    )


def _victim_of_discard(game: Game, state: State, task: Task) -> int | None:
    return owner_of_target(game, state, task) if task["guarded"] else None


@guarded(_victim_of_discard, "a discard of your card")
def discard_picked(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The picked card is discarded, unless Magic stops the discard of an opponent's card (BP-20.1, BP-21.15)."""
    owner = table_seat(game, state, task["target"])
    pop(state, task)
    if owner is not None:
        unit_off_table(game, state, owner, task["target"], "discard", task["key"])
    return False


@EFFECTS.handler(WinAtFaceValue)
def win_at_face_value(
    game: Game, state: State, task: Task, ans: Action | None, effect: WinAtFaceValue
) -> bool:
    """BP-20.4 .. BP-20.8: unique to the 9♦, the only card whose power depends on being at face value."""
    you = task["you"]
    face = state["cards"][task["card"]] == "9♦" and task["value"][:2] == [9, 1]
    if not face:
        return _discard_pick(game, state, task, ans, _any_opponent_card(game, state, you), you, True)
    if "seats" not in task:
        task["seats"] = opponents(game, state, you)
    while task["seats"]:
        stop = magic_guard(game, state, task, task["seats"][0], "the 9♦ winning the hand")
        if stop is None:
            return True
        task["seats"].pop(0)
        if stop:
            pop(state, task)
            return False
    pop(state, task)
    if on_table(game, state, task):
        off_table(game, state, you, task["card"], "discard", "9_diamonds")
    end_hand(game, state, you, "the 9♦")
    return False


@EFFECTS.handler(TableFeeEachOpponent)
def table_fee_each_opponent(
    game: Game, state: State, task: Task, ans: Action | None, effect: TableFeeEachOpponent
) -> bool:
    """BP-24.3 .. BP-24.6: each other player, unless Magic stops it, discards a fee's worth (``table_fee``)."""
    if "seats" not in task:
        task["seats"] = opponents(game, state, task["you"])
    while task["seats"]:
        p = task["seats"][0]
        stop = magic_guard(game, state, task, p, effect.words)
        if stop is None:
            return True
        task["seats"].pop(0)
        if not stop:
            push(state, {"step": "table_fee", "you": p, "count": fee_size(game, state, p, effect.n)})
            return False
    pop(state, task)
    return False


def step_table_fee(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.3 .. BP-24.6, BP-26.43: a table fee, unprotected cards before protected ones, never no-effect."""
    seat = task["you"]
    if task["count"] <= 0:
        pop(state, task)
        return False
    cands = plain_units(game, state, seat)
    if not cands:
        cands = []
        for c in state["zones"][TABLE[seat]]:
            tile = tile_of(state, c)
            if is_ne(game, state, c) or (tile is not None and tile["kind"] == "six"):
                continue
            cands.append(c)
    if not cands:
        pop(state, task)
        return False
    if ans is None and len(cands) > 1:
        opts = [
            option("discard_from_table", c, label=f"Discard {card_words(game, state, c, seat)}")
            for c in cands
        ]
        prompt = f"{seat_name(seat)}: discard {task['count']} card(s) of your table"
        return task_ask(game, state, task, seat, "table_fee", prompt, opts)
    cid = ans.args[0] if ans is not None else cands[0]
    off_table(game, state, seat, cid, "discard", "K_hearts")
    task["count"] -= 1
    return False


@EFFECTS.handler(DiscardFromEachOpponent)
def discard_from_each_opponent(
    game: Game, state: State, task: Task, ans: Action | None, effect: DiscardFromEachOpponent
) -> bool:
    """BP-24.8, BP-24.9: a card of each other player's table is discarded, unless Magic stops it."""
    you = task["you"]
    if "seats" not in task:
        task["seats"] = opponents(game, state, you)
    while task["seats"]:
        s = task["seats"][0]
        cands = plain_units(game, state, s)
        if not cands:
            task["seats"].pop(0)
            continue
        stop = magic_guard(game, state, task, s, effect.words)
        if stop is None:
            return True
        if stop:
            task["seats"].pop(0)
            continue
        if ans is None or ans.verb != "discard_from_table":
            opts = pick_options(game, state, [(s, c) for c in cands], "discard_from_table")
            if len(opts) > 1:
                prompt = f"{seat_name(you)}: discard a card of {seat_name(s)}'s table"
                return task_ask(game, state, task, you, "discard_card", prompt, opts)
            ans = only(game, opts)
        off_table(game, state, s, ans.args[0], "discard", effect.cause)
        ans = None
        task["seats"].pop(0)
    pop(state, task)
    return False
