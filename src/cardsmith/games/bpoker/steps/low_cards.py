"""The powers of the 1s to 5s (sections 12-16 of the rules)."""

from __future__ import annotations

from typing import Any

from ....core import rng
from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..declare import can_hand, hand_options, hand_signature, hand_words, set_declaration
from ..table import (
    SIDE,
    SK,
    STASH,
    TABLE,
    VIEW,
    WILD_SEEN,
    fee_size,
    is_wild,
    left_seat,
    off_table,
    opponents,
    order_from,
    pay_from_stash,
    pot_zone,
    seat_name,
    stash_order,
    table_seat,
    tile_of,
    undeclare_if,
    unit_ne,
    unit_to_table,
    units,
)
from .arrival import push_play
from .ask import guard, named, offer_names, only, public_card_words, reveal, task_ask
from .fees import push_fees
from .powers import card_to_table, on_table, pick_options, plain_units, power
from .stack import Task, pop, push


@power("1B")
def _p_1B(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.7, BP-12.8."""
    you = task["you"]
    pop(state, task)
    if on_table(game, state, task):
        off_table(game, state, you, task["c"], pot_zone(state["g"]["depth"]), "1_black")
    for c in stash_order(game, state, you)[:2]:
        game.move(state, c, STASH[you], f"ctbp:{you}", cause="1_black")
    return False


@power("1R")
def _p_1R(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.10, BP-12.11."""
    you = task["you"]
    cands = [s for s in order_from(game, state, you) if state["zones"][STASH[s]]]
    if not cands:
        pop(state, task)
        return False
    if ans is None and len(cands) > 1:
        opts = [
            option("take_random_from", s, label=f"A random card of {seat_name(s)}'s stash") for s in cands
        ]
        return task_ask(game, state, task, you, "one_red", f"{seat_name(you)}: whose stash?", opts)
    task["t"] = ans.args[0] if ans is not None else cands[0]
    goto(task, "red_one_take")
    return red_one_take(game, state, task, None)


def red_one_take(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.11: unless Magic stops it, a random card of the chosen stash is played onto the 1's table."""
    you = task["you"]
    target = task["t"]
    if target != you:
        stop = guard(game, state, task, target, "the 1 of Red taking a card of your stash")
        if stop is None:
            return True
        if stop:
            pop(state, task)
            return False
    pop(state, task)
    stash = state["zones"][STASH[target]]
    if not stash:
        return False
    cid = stash[rng.below(state, len(stash))]
    game.move(state, cid, STASH[target], "limbo", cause="1_red")
    push_play(game, state, you, [cid], "limbo", "force", target, nob=1)
    return False


def _split(game: Game, state: State, task: Task, ans: Action | None, source: str, words: str) -> bool:
    """BP-8.4, BP-12.13 .. BP-12.16: the left player picks the sizes, then the 1's player picks a pile."""
    you = task["you"]
    n = len(state["zones"][source])
    if n == 0:
        pop(state, task)
        return False
    splitter = left_seat(game, state, you)
    if ans is None and n > 2:
        opts = [option("split", k, label=f"Piles of {k} and {n - k}") for k in range(1, n)]
        return task_ask(game, state, task, splitter, "split", f"{seat_name(splitter)}: split {words}", opts)
    task["kk"] = ans.args[0] if ans is not None else 1
    task["source"] = source
    goto(task, "split_pick")
    return split_pick(game, state, task, None)


def split_pick(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.13, BP-12.15, BP-12.16: the 1's player picks one of the two piles."""
    you = task["you"]
    source = task["source"]
    cards = state["zones"][source]
    n = len(cards)
    k = task["kk"]
    if ans is None:
        opts = [
            option("pick_pile", "first", label=f"The pile of {k}"),
            option("pick_pile", "second", label=f"The pile of {n - k}"),
        ]
        verb = "put into the pot" if source.startswith("stash") else "add to your stash"
        return task_ask(game, state, task, you, "pile", f"{seat_name(you)}: pick a pile to {verb}", opts)
    pop(state, task)
    order = list(reversed(cards)) if source.startswith("stash") else list(cards)
    pile = order[:k] if ans.args[0] == "first" else order[k:]
    dst = pot_zone(state["g"]["depth"]) if source.startswith("stash") else STASH[you]
    game.move_all(state, pile, source, dst, cause="split")
    return False


@power("1C")
def _p_1C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    return _split(game, state, task, ans, f"stash:{task['you']}", "the stash")


@power("1D")
def _p_1D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    return _split(game, state, task, ans, pot_zone(state["g"]["depth"]), "the pot")


@power("1H")
def _p_1H(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.17, BP-12.18."""
    you = task["you"]
    if "l" not in task:
        task["l"] = order_from(game, state, you)
    while task["l"]:
        seat = task["l"][0]
        wilds = [c for c in state["zones"][TABLE[seat]] if is_wild(game, state, c)]
        if wilds and seat != you:
            stop = guard(game, state, task, seat, "the 1♥ taking your wilds")
            if stop is None:
                return True
            if stop:
                wilds = []
        task["l"].pop(0)
        for c in wilds:
            off_table(game, state, seat, c, pot_zone(state["g"]["depth"]), "1_hearts")
    pop(state, task)
    return False


@power("1S")
def _p_1S(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.19, BP-12.20."""
    you = task["you"]
    if ans is None:
        for s in opponents(game, state, you):
            reveal(game, state, s, you)
        opts = [option("keep", label="Keep your viewing hand")]
        opts += [
            option("swap_hands", s, label=f"Swap viewing hands with {seat_name(s)}")
            for s in opponents(game, state, you)
        ]
        return task_ask(game, state, task, you, "swap", f"{seat_name(you)}: swap viewing hands?", opts)
    if ans.verb == "keep":
        pop(state, task)
        return False
    task["t"] = ans.args[0]
    goto(task, "spade_one_swap")
    return spade_one_swap(game, state, task, None)


def spade_one_swap(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.20: unless Magic stops it, the viewing hands are swapped."""
    you = task["you"]
    t = task["t"]
    stop = guard(game, state, task, t, "the 1♠'s swap of viewing hands")
    if stop is None:
        return True
    pop(state, task)
    if not stop:
        swap_zone(game, state, VIEW[you], VIEW[t])
    return False


def swap_zone(game: Game, state: State, a: str, b: str, keep_marks: bool = False) -> None:
    za = list(state["zones"][a])
    zb = list(state["zones"][b])
    for c in za:
        game.move(state, c, a, b, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)
    for c in zb:
        game.move(state, c, b, a, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)


def _trade_targets(
    game: Game, state: State, you: int, exclude_name: str | None = None
) -> list[tuple[int, int]]:
    out = []
    for s in opponents(game, state, you):
        for c in plain_units(game, state, s):
            if exclude_name is None or state["cards"][c] != exclude_name:
                out.append((s, c))
    return out


@power("2S")
def _p_2S(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.1 .. BP-13.7."""
    return _std_two(game, state, task, ans, None)


@power("2H")
def _p_2H(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.8, BP-13.9."""
    return _std_two(game, state, task, ans, "2♥")


def _std_two(game: Game, state: State, task: Task, ans: Action | None, bar: str | None) -> bool:
    you = task["you"]
    targets = _trade_targets(game, state, you, bar)
    if not targets or not on_table(game, state, task):
        pop(state, task)
        return False
    if ans is None:
        opts = [option("decline", label="Do not trade")] + pick_options(game, state, targets, "trade")
        return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: trade your 2 for a card?", opts)
    if ans.verb == "decline":
        pop(state, task)
        return False
    task["t"] = ans.args[0]
    task["o"] = table_seat(game, state, task["t"])
    goto(task, "trade_card")
    return trade_card(game, state, task, None)


def trade_card(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The card chosen for a 2 is traded, unless Magic stops it (BP-13.1 .. BP-13.9, BP-13.15)."""
    return _do_trade(game, state, task, [task["t"]], task["key"] == "2H")


def _do_trade(game: Game, state: State, task: Task, taken: list[int], replay: bool) -> bool:
    you = task["you"]
    opp = task["o"]
    stop = guard(game, state, task, opp, "a 2's trade for your card")
    if stop is None:
        return True
    pop(state, task)
    if stop or not on_table(game, state, task):
        return False
    for c in task.get("cs2", [task["c"]]):
        if c in state["zones"][TABLE[you]]:
            card_to_table(game, state, you, c, opp, "trade")
    for u in taken:
        if table_seat(game, state, u) == opp:
            unit_to_table(game, state, opp, u, you, "trade")
    if replay:
        order = list(taken)
        if task.get("first") is not None and task["first"] in order:
            order.remove(task["first"])
            order.insert(0, task["first"])
        for u in reversed(order):
            tile = tile_of(state, u)
            if tile is not None:
                push_play(game, state, you, list(tile["c"]), TABLE[you], "onb", None, u=u)
            else:
                push_play(game, state, you, [u], TABLE[you], "onb", None)
    return False


@power("2D")
def _p_2D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.10 .. BP-13.13."""
    return _two_diamonds(game, state, task, ans, False)


def _two_diamonds(game: Game, state: State, task: Task, ans: Action | None, replay: bool) -> bool:
    """BP-13.10 .. BP-13.13: one card, or two cards of one table (``diamond_two_second``), for the 2♦ (and the
    2♥+2♦, which replays them: ``replay``, BP-26.22)."""
    you = task["you"]
    if ans is None:
        if not all(c in state["zones"][TABLE[you]] for c in task.get("cs2", [task["c"]])):
            pop(state, task)
            return False
        opts = [option("decline", label="Do not trade")]
        ones = []
        for s in opponents(game, state, you):
            for u in units(game, state, s):
                tile = tile_of(state, u)
                if tile is not None and tile["k"] == "six":
                    continue  # BP-26.44
                ones.append((s, u))
        opts += [[o[0], "Take " + o[1]] for o in pick_options(game, state, ones, "trade")]
        for s in opponents(game, state, you):
            plain = plain_units(game, state, s)
            if len(plain) >= 2:
                opts += [
                    [o[0], "Take two cards, first " + o[1]]
                    for o in pick_options(game, state, [(s, c) for c in plain], "trade_two")
                ]
        if len(opts) == 1:
            pop(state, task)
            return False
        return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: trade your 2♦?", opts)
    if ans.verb == "decline":
        pop(state, task)
        return False
    first = ans.args[0]
    task["o"] = table_seat(game, state, first)
    task["tk"] = [first]
    task["replay"] = replay
    if ans.verb == "trade":
        goto(task, "diamond_two_trade")
        return diamond_two_trade(game, state, task, None)
    goto(task, "diamond_two_second")
    return diamond_two_second(game, state, task, None)


def diamond_two_second(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.12, BP-13.13: the second card taken, from the same table."""
    you = task["you"]
    if ans is None:
        others = [c for c in plain_units(game, state, task["o"]) if c != task["tk"][0]]
        opts = pick_options(game, state, [(task["o"], c) for c in others], "trade")
        return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: the second card", opts)
    task["tk"].append(ans.args[0])
    goto(task, "diamond_two_trade")
    return diamond_two_trade(game, state, task, None)


def diamond_two_trade(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.10, BP-26.24: the trade; two cards replayed by the 2♥+2♦ are replayed in the order its player picks."""
    you = task["you"]
    replay = task["replay"]
    if replay and len(task["tk"]) == 2 and "first" not in task:
        if ans is None:
            opts = [
                option("replay", c, label=f"Replay {public_card_words(game, state, c)} first")
                for c in task["tk"]
            ]
            return task_ask(
                game, state, task, you, "order", f"{seat_name(you)}: which card is replayed first?", opts
            )
        task["first"] = ans.args[0]
    return _do_trade(game, state, task, task["tk"], replay)


@power("2C")
def _p_2C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.14 .. BP-13.18: trade a card, or pay a fee to trade poker hands (``trade_hands_guard``)."""
    you = task["you"]
    if ans is None:
        if not on_table(game, state, task):
            pop(state, task)
            return False
        opts = [option("decline", label="Do not trade")]
        opts += pick_options(game, state, _trade_targets(game, state, you), "trade")
        fee = fee_size(game, state, you, 3)
        if len(state["zones"][STASH[you]]) >= fee and can_hand(game, state, you):
            for s in opponents(game, state, you):
                if can_hand(game, state, s):
                    opts.append(
                        option(
                            "trade_hands",
                            s,
                            label=f"Pay a {fee}-card fee and trade poker hands with {seat_name(s)}",
                        )
                    )
        if len(opts) == 1:
            pop(state, task)
            return False
        return task_ask(game, state, task, you, "trade", f"{seat_name(you)}: use your 2♣?", opts)
    if ans.verb == "decline":
        pop(state, task)
        return False
    if ans.verb == "trade":  # BP-13.15: as a 2♠
        task["t"] = ans.args[0]
        task["o"] = table_seat(game, state, task["t"])
        goto(task, "trade_card")
        return trade_card(game, state, task, None)
    task["o"] = ans.args[0]
    goto(task, "trade_hands_guard")
    return trade_hands_guard(game, state, task, None)


def trade_hands_guard(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.16: unless Magic stops it, the fee is paid and both players declare (``trade_hands_compare``)."""
    g = state["g"]
    you = task["you"]
    opp = task["o"]
    stop = guard(game, state, task, opp, "the 2♣'s trade of poker hands")
    if stop is None:
        return True
    if stop:
        pop(state, task)
        return False
    pay_from_stash(game, state, you, fee_size(game, state, you, 3), pot_zone(g["depth"]), "fee")
    goto(task, "trade_hands_compare")
    for s in (opp, you):
        if g["decl"][s] is None and can_hand(game, state, s):
            push(state, {"step": "decl", "you": s, "why": "2c"})
    return False


def trade_hands_compare(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-13.17: the other player may make the 2♣'s player declare a higher hand held; then the hands are traded."""
    g = state["g"]
    you = task["you"]
    opp = task["o"]
    if g["decl"][you] is None or g["decl"][opp] is None:
        pop(state, task)
        return False
    best = hand_options(game, state, you, alternatives=False)
    if best and best[0][2] > g["decl"][you]["sc"]:
        if ans is None:
            words = hand_words(game, state, best[0][0], best[0][1])
            opts = [
                option("keep", label="Take the hand as declared"),
                option("name_higher", label=f"Make {seat_name(you)} declare {words}"),
            ]
            return task_ask(
                game,
                state,
                task,
                opp,
                "higher",
                f"{seat_name(opp)}: {seat_name(you)} holds a higher hand",
                opts,
            )
        if ans.verb == "name_higher":
            set_declaration(game, state, you, *best[0])
    pop(state, task)
    _trade_hands(game, state, you, opp)
    return False


def _trade_hands(game: Game, state: State, you: int, opp: int) -> None:
    """BP-13.18: the declared hands change tables and stay declared."""
    g = state["g"]
    mine = g["decl"][you]
    theirs = g["decl"][opp]
    for c in mine["c"]:
        if c in state["zones"][TABLE[you]]:
            card_to_table(game, state, you, c, opp, "hand_trade")
    for c in theirs["c"]:
        if c in state["zones"][TABLE[opp]]:
            card_to_table(game, state, opp, c, you, "hand_trade")
    g["decl"][you] = theirs
    g["decl"][opp] = mine
    g["dsig"][you] = hand_signature(game, state, you)
    g["dsig"][opp] = hand_signature(game, state, opp)
    game.log(state, {"t": "hands_traded", "seats": [you, opp]})


@power("3W")
def _p_3W(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-14.1, BP-14.5: the 3 (its face card inside a tile) is turned face down. Every seat saw it face up, so
    its face stays known to every seat (BP-1.4): whether its trigger fires (BP-14.3) tells nobody anything."""
    pop(state, task)
    if on_table(game, state, task):
        game.mark(state, task["c"], f"table:{task['you']}", WILD_SEEN)
        undeclare_if(game, state, task["you"], [task["c"]])
    return False


@power("3C")
def _p_3C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-14.6, BP-14.7."""
    pop(state, task)
    if can_hand(game, state, task["you"]):
        push(state, {"step": "decl", "you": task["you"], "why": "3c"})
    return False


@power("4C")  # BP-15.2
@power("4U")
def _p_4U(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-15.1 (continuous only)."""
    pop(state, task)
    return False


@power("4D")
def _p_4D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-15.4 .. BP-15.6."""
    you = task["you"]
    fee = fee_size(game, state, you, 3)
    if ans is None:
        if not on_table(game, state, task) or len(state["zones"][STASH[you]]) < fee:
            pop(state, task)
            return False
        own = tile_of(state, task["c"])
        cands = []
        for u in units(game, state, you):
            if u == task["c"] or (own is not None and u == own["c"][0]) or unit_ne(game, state, u):
                continue
            cands.append((you, u))
        if not cands:
            pop(state, task)
            return False
        opts = [option("decline", label="Do not replay")] + [
            [o[0], f"Pay {fee}, discard the 4♦ and replay {o[1]}"]
            for o in pick_options(game, state, cands, "replay")
        ]
        return task_ask(
            game, state, task, you, "replay", f"{seat_name(you)}: replay a card with your 4♦?", opts
        )
    pop(state, task)
    if ans.verb == "decline":
        return False
    unit = ans.args[0]
    pay_from_stash(game, state, you, fee, pot_zone(state["g"]["depth"]), "fee")
    off_table(game, state, you, task["c"], "discard", "4_diamonds")
    if table_seat(game, state, unit) != you:
        return False
    tile = tile_of(state, unit)
    if tile is not None:
        push_play(game, state, you, list(tile["c"]), TABLE[you], "onb", None, u=tile["c"][0])
    else:
        push_play(game, state, you, [unit], TABLE[you], "onb", None)
    return False


@power("5")
def _p_5(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-16.1, BP-16.11 .. BP-16.13: the 1-card fee from every player (the 5's player last), then the follow-up."""
    you = task["you"]
    pop(state, task)
    fol = {"step": "fol", "you": you, "five": task["c"], "fev": list(task["ev"])}
    if task.get("bund") is not None:
        fol["bund"] = task["bund"]
        fol["bfr"] = task["bfr"]
    push(state, fol)
    g = state["g"]
    payers = [s for s in order_from(game, state, you, None) if s != you] + [you]
    payers += [s for s in range(state["players"]) if g["ing"][s] and not g["inh"][s]]
    push_fees(game, state, you, [[p, 1, pot_zone(g["depth"]), 1] for p in payers], "the 5")
    return False


def effect_fol(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-16.2 .. BP-16.10, BP-16.18, BP-16.19, BP-16.31, BP-21.23: the card played after a 5."""
    g = state["g"]
    you = task["you"]
    five = task["five"]
    table = state["zones"][TABLE[you]]
    tile = tile_of(state, five)
    if (
        five not in table
        or (tile is not None and (tile["k"] != "five" or tile["c"][-1] != five))
        or not g["inh"][you]
    ):
        pop(state, task)
        if task.get("bund") is not None and task["bund"] in state["zones"]["limbo"]:
            game.move(state, task["bund"], "limbo", "discard", cause="lapsed")
        return False
    shift = tile["sh"] if tile is not None else (-1 if task["fev"][2] else 1)
    if task.get("bund") is not None and "pick" not in task:
        task["pick"] = task["bund"]
        task["src"] = "limbo"
        task["by"] = task["bfr"]
    if "pick" not in task and "pname" not in task:
        ctbp = state["zones"][f"ctbp:{you}"]
        src = f"ctbp:{you}" if ctbp else VIEW[you]
        cards = state["zones"][src]
        if not cards:
            pop(state, task)
            return False
        ctl = g["ctrl"].get(str(you))
        if ctl and "cq" not in task:
            f = ctl[0]
            own_turn = g["active"] == f
            upright = [c for c in state["zones"][STASH[f]] if state["marks"].get(SK[c]) is None]
            if own_turn or upright:
                if ans is None:
                    cost = "End your turn" if own_turn else "Turn a stash card sideways"
                    opts = [
                        option("control_pick", label=f"{cost} to pick {seat_name(you)}'s follow-up"),
                        option("let_them_pick", label="Let them pick"),
                    ]
                    return task_ask(
                        game,
                        state,
                        task,
                        f,
                        "control_five",
                        f"{seat_name(f)}: pick the 5's follow-up?",
                        opts,
                    )
                task["cq"] = ans.verb
                if ans.verb == "control_pick":
                    if own_turn:
                        g["over"] = True
                    else:
                        game.mark(state, upright[0], STASH[f], SIDE)
                ans = None
            else:
                task["cq"] = "let_them_pick"
        chooser = ctl[0] if ctl and task.get("cq") == "control_pick" else you
        if ans is None:
            opts = [
                option("follow", name, label=f"Follow the 5 with {name}")
                for name in offer_names(game, state, src)
            ]
            # a viewing hand is hidden: its player is asked unless it holds one card (what everyone sees)
            if len(opts) > 1 or (len(cards) > 1 and src == VIEW[you]):
                return task_ask(
                    game,
                    state,
                    task,
                    chooser,
                    "follow",
                    f"{seat_name(chooser)}: the card after the 5",
                    opts,
                )
            ans = only(game, opts)
        task["pname"] = ans.args[0]  # the card leaves its pile when it is played, below
        task["src"] = src
        task["by"] = chooser if chooser != you else None
        ans = None
    name = state["cards"][task["pick"]] if "pick" in task else task["pname"]
    f = FACES[name]
    if f.rank == 1:
        rank = 1 + shift
        if rank >= 2 and rank <= 14:
            if ans is None:
                opts = [
                    option("joker_suit", "clubs", label="The Joker is a ♣"),
                    option("joker_suit", "spades", label="The Joker is a ♠"),
                ]
                return task_ask(
                    game, state, task, you, "joker_suit", f"{seat_name(you)}: the Joker's black suit", opts
                )
            ev = [rank, 0 if ans.args[0] == "clubs" else 3, False]
        else:
            ev = [1, -1, False]
    else:
        rank = f.rank + shift
        ev = [rank, f.suit, f.red] if 2 <= rank <= 14 else [1, -1, f.red]
    pop(state, task)
    if "pick" in task:
        cid = task["pick"]
    elif any(state["cards"][c] == name for c in state["zones"][task["src"]]):
        cid = named(game, state, task["src"], name)
    else:  # the card left its pile meanwhile: the follow-up lapses
        return False
    extra: dict[str, Any] = {"fol": {"five": five, "fev": list(task["fev"])}, "ev": ev}
    if task.get("bund") is not None:
        extra["nw"] = 1
    push_play(game, state, you, [cid], task["src"], "fol", task["by"], **extra)
    return False
