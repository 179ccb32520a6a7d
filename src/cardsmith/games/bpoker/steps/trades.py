"""Trades (section 13 of the rules, and the 2♥ + 2♦ of BP-26.22): a 2 traded for cards of an opponent's table, and
the 2♣'s trade of poker hands."""

from __future__ import annotations

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..declare import can_hand, hand_signature
from ..effects import EFFECTS, Trade, TradeOrTradeHands, TradeTwo
from ..table import (
    STASH,
    TABLE,
    fee_size,
    opponents,
    pay_from_stash,
    pot_zone,
    seat_name,
    table_seat,
    tile_of,
    unit_to_table,
    units,
)
from .arrival import push_play
from .ask import declined, public_card_words, task_ask
from .guard import guarded, other_seat
from .powers import card_to_table, on_table, pick_options, plain_units
from .shared_effects import higher_hand
from .stack import Task, pop, push


def _trade_targets(
    game: Game, state: State, you: int, exclude_name: str | None = None
) -> list[tuple[int, int]]:
    out = []
    for s in opponents(game, state, you):
        for c in plain_units(game, state, s):
            if exclude_name is None or state["cards"][c] != exclude_name:
                out.append((s, c))
    return out


@EFFECTS.handler(Trade)
def trade(game: Game, state: State, task: Task, ans: Action | None, effect: Trade) -> bool:
    """BP-13.1 .. BP-13.9: the card to take, then the trade (``trade_card``)."""
    you = task["you"]
    targets = _trade_targets(game, state, you, effect.exclude)
    if not targets or not on_table(game, state, task):
        pop(state, task)
        return False
    if ans is None:
        choices = pick_options(game, state, targets, "trade")
        return _offer_trade(game, state, task, you, "trade your 2 for a card?", choices)
    if declined(state, task, ans):
        return False
    return _start_trade(game, state, task, ans.args[0], effect.replay)


def _offer_trade(
    game: Game, state: State, task: Task, you: int, question: str, choices: list[list[str]]
) -> bool:
    """``you`` is asked ``question``, with "Do not trade" before ``choices``; with nothing to choose but that, the
    effect is over."""
    if not choices:
        pop(state, task)
        return False
    opts = [option("decline", label="Do not trade"), *choices]
    return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: {question}", opts)


def _start_trade(game: Game, state: State, task: Task, taken: int, replay: bool) -> bool:
    task["taken"] = [taken]
    task["opponent"] = table_seat(game, state, taken)
    task["replay"] = replay
    goto(task, "trade_card")
    return trade_card(game, state, task, None)


@guarded(other_seat, "a 2's trade for your card")
def trade_card(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The cards chosen for a 2 are traded, unless Magic stops it (BP-13.1 .. BP-13.10, BP-13.15); those taken
    by a 2♥ or a 2♥ + 2♦ are replayed, the first picked first (BP-26.24)."""
    you = task["you"]
    opp = task["opponent"]
    taken = task["taken"]
    pop(state, task)
    if not on_table(game, state, task):
        return False
    for c in task.get("given", [task["card"]]):
        if c in state["zones"][TABLE[you]]:
            card_to_table(game, state, you, c, opp, "trade")
    for u in taken:
        if table_seat(game, state, u) == opp:
            unit_to_table(game, state, opp, u, you, "trade")
    if task["replay"]:
        order = list(taken)
        if task.get("first") is not None and task["first"] in order:
            order.remove(task["first"])
            order.insert(0, task["first"])
        for u in reversed(order):
            tile = tile_of(state, u)
            if tile is not None:
                push_play(game, state, you, list(tile["cards"]), TABLE[you], "onb", None, unit=u)
            else:
                push_play(game, state, you, [u], TABLE[you], "onb", None)
    return False


@EFFECTS.handler(TradeTwo)
def trade_two(game: Game, state: State, task: Task, ans: Action | None, effect: TradeTwo) -> bool:
    """BP-13.10 .. BP-13.13: one card, or two cards of one table (``diamond_two_second``), for the 2♦ (and the
    2♥ + 2♦, whose cards all go and whose taken cards are replayed, BP-26.22)."""
    you = task["you"]
    if "card" not in task:  # a pair: its cards go together, the first standing for them
        task["given"] = list(task["cards"])
        task["card"] = task["cards"][0]
    if ans is None:
        if not all(c in state["zones"][TABLE[you]] for c in task.get("given", [task["card"]])):
            pop(state, task)
            return False
        return _offer_trade(game, state, task, you, "trade your 2♦?", _trade_two_choices(game, state, you))
    if declined(state, task, ans):
        return False
    first = ans.args[0]
    task["opponent"] = table_seat(game, state, first)
    task["taken"] = [first]
    task["replay"] = effect.replay
    if ans.verb == "trade":
        goto(task, "diamond_two_trade")
        return diamond_two_trade(game, state, task, None)
    goto(task, "diamond_two_second")
    return diamond_two_second(game, state, task, None)


def _trade_two_choices(game: Game, state: State, you: int) -> list[list[str]]:
    """Any one card but a 6+6+6 (BP-26.44), or the first of two unprotected cards of one table."""
    opts = []
    ones = []
    for s in opponents(game, state, you):
        for u in units(game, state, s):
            tile = tile_of(state, u)
            if tile is not None and tile["kind"] == "six":
                continue
            ones.append((s, u))
    opts += [[o[0], "Take " + o[1]] for o in pick_options(game, state, ones, "trade")]
    for s in opponents(game, state, you):
        plain = plain_units(game, state, s)
        if len(plain) >= 2:
            opts += [
                [o[0], "Take two cards, first " + o[1]]
                for o in pick_options(game, state, [(s, c) for c in plain], "trade_two")
            ]
    return opts


def diamond_two_second(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.12, BP-13.13: the second card taken, from the same table."""
    you = task["you"]
    if ans is None:
        others = [c for c in plain_units(game, state, task["opponent"]) if c != task["taken"][0]]
        opts = pick_options(game, state, [(task["opponent"], c) for c in others], "trade")
        return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: the second card", opts)
    task["taken"].append(ans.args[0])
    goto(task, "diamond_two_trade")
    return diamond_two_trade(game, state, task, None)


def diamond_two_trade(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.10, BP-26.24: the trade; two cards replayed by the 2♥+2♦ are replayed in the order its player picks."""
    you = task["you"]
    replay = task["replay"]
    if replay and len(task["taken"]) == 2 and "first" not in task:
        if ans is None:
            opts = [
                option("replay", c, label=f"Replay {public_card_words(game, state, c)} first")
                for c in task["taken"]
            ]
            return task_ask(
                game, state, task, you, "order", f"{seat_name(you)}: which card is replayed first?", opts
            )
        task["first"] = ans.args[0]
    goto(task, "trade_card")
    return trade_card(game, state, task, None)


@EFFECTS.handler(TradeOrTradeHands)
def trade_or_trade_hands(
    game: Game, state: State, task: Task, ans: Action | None, effect: TradeOrTradeHands
) -> bool:
    """BP-13.14 .. BP-13.18: trade a card (as a 2♠), or pay a fee to trade poker hands (``trade_hands_guard``).
    Unique to the 2♣: the only effect that trades declared hands."""
    you = task["you"]
    if ans is None:
        if not on_table(game, state, task):
            pop(state, task)
            return False
        opts = pick_options(game, state, _trade_targets(game, state, you), "trade")
        fee = fee_size(game, state, you, effect.fee)
        if len(state["zones"][STASH[you]]) >= fee and can_hand(game, state, you):
            for s in opponents(game, state, you):
                if can_hand(game, state, s):
                    label = f"Pay a {fee}-card fee and trade poker hands with {seat_name(s)}"
                    opts.append(option("trade_hands", s, label=label))
        return _offer_trade(game, state, task, you, "use your 2♣?", opts)
    if declined(state, task, ans):
        return False
    if ans.verb == "trade":  # BP-13.15: as a 2♠
        return _start_trade(game, state, task, ans.args[0], False)
    task["opponent"] = ans.args[0]
    task["fee"] = effect.fee
    goto(task, "trade_hands_guard")
    return trade_hands_guard(game, state, task, None)


@guarded(other_seat, "the 2♣'s trade of poker hands")
def trade_hands_guard(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.16: unless Magic stops it, the fee is paid and both players declare (``trade_hands_compare``)."""
    g = state["g"]
    you = task["you"]
    opp = task["opponent"]
    pay_from_stash(game, state, you, fee_size(game, state, you, task["fee"]), pot_zone(g["depth"]), "fee")
    goto(task, "trade_hands_compare")
    for s in (opp, you):
        if g["declared"][s] is None and can_hand(game, state, s):
            push(state, {"step": "declare", "you": s, "reason": "2c"})
    return False


def trade_hands_compare(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.17: the other player may make the 2♣'s player declare a higher hand held; then the hands are traded."""
    g = state["g"]
    you = task["you"]
    opp = task["opponent"]
    if g["declared"][you] is None or g["declared"][opp] is None:
        pop(state, task)
        return False
    name = f"Make {seat_name(you)} declare {{}}"
    if higher_hand(game, state, task, ans, you, opp, "Take the hand as declared", name):
        return True
    pop(state, task)
    _trade_hands(game, state, you, opp)
    return False


def _trade_hands(game: Game, state: State, you: int, opp: int) -> None:
    """BP-13.18: the declared hands change tables and stay declared."""
    g = state["g"]
    mine = g["declared"][you]
    theirs = g["declared"][opp]
    for c in mine["cards"]:
        if c in state["zones"][TABLE[you]]:
            card_to_table(game, state, you, c, opp, "hand_trade")
    for c in theirs["cards"]:
        if c in state["zones"][TABLE[opp]]:
            card_to_table(game, state, opp, c, you, "hand_trade")
    g["declared"][you] = theirs
    g["declared"][opp] = mine
    g["declared_signature"][you] = hand_signature(game, state, you)
    g["declared_signature"][opp] = hand_signature(game, state, opp)
    game.log(state, {"t": "hands_traded", "seats": [you, opp]})
