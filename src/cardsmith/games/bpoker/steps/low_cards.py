"""The powers of the 1s to 5s (sections 12-16 of the rules) whose logic is their own: the 1 of Red, the 1♥, the
1♠, the split of the 1♣ and the 1♦, the 4♦'s replay and the card played after a 5."""

from __future__ import annotations

from typing import Any

from ....core import rng
from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..effects import (
    EFFECTS,
    FollowFive,
    LookAndSwapViewingHands,
    RandomStashCardPlayed,
    ReplayForFee,
    Split,
    WildsToPot,
)
from ..table import (
    SIDE,
    SK,
    STASH,
    TABLE,
    VIEW,
    fee_size,
    is_wild,
    left_seat,
    off_table,
    opponents,
    order_from,
    pay_from_stash,
    pot_zone,
    seat_name,
    table_seat,
    tile_of,
    unit_ne,
    units,
)
from .arrival import push_play
from .ask import named, offer_names, only, reveal, task_ask
from .guard import chosen_seat, guarded, magic_guard
from .powers import immediate, on_table, pick_options
from .stack import Task, pop, push


@EFFECTS.handler(RandomStashCardPlayed)
def random_stash_card_played(
    game: Game, state: State, task: Task, ans: Action | None, effect: RandomStashCardPlayed
) -> bool:
    """BP-12.10, BP-12.11: whose stash, then the take (``red_one_take``)."""
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
    task["target"] = ans.args[0] if ans is not None else cands[0]
    goto(task, "red_one_take")
    return red_one_take(game, state, task, None)


@guarded(chosen_seat, "the 1 of Red taking a card of your stash")
def red_one_take(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.11: unless Magic stops it, a random card of the chosen stash is played onto the 1's table."""
    you = task["you"]
    target = task["target"]
    pop(state, task)
    stash = state["zones"][STASH[target]]
    if not stash:
        return False
    cid = stash[rng.below(state, len(stash))]
    game.move(state, cid, STASH[target], "limbo", cause="1_red")
    push_play(game, state, you, [cid], "limbo", "force", target, no_bundle=1)
    return False


@EFFECTS.handler(Split)
def split(game: Game, state: State, task: Task, ans: Action | None, effect: Split) -> bool:
    """BP-8.4, BP-12.13 .. BP-12.16: the left player picks the sizes, then the 1's player picks a pile."""
    you = task["you"]
    if effect.pile == "stash":
        source, words = f"stash:{you}", "the stash"
    else:
        source, words = pot_zone(state["g"]["depth"]), "the pot"
    n = len(state["zones"][source])
    if n == 0:
        pop(state, task)
        return False
    splitter = left_seat(game, state, you)
    if ans is None and n > 2:
        opts = [option("split", k, label=f"Piles of {k} and {n - k}") for k in range(1, n)]
        return task_ask(game, state, task, splitter, "split", f"{seat_name(splitter)}: split {words}", opts)
    task["pile_size"] = ans.args[0] if ans is not None else 1
    task["pile"] = source
    goto(task, "split_pick")
    return split_pick(game, state, task, None)


def split_pick(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.13, BP-12.15, BP-12.16: the 1's player picks one of the two piles."""
    you = task["you"]
    source = task["pile"]
    cards = state["zones"][source]
    n = len(cards)
    k = task["pile_size"]
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


@EFFECTS.handler(WildsToPot)
def wilds_to_pot(game: Game, state: State, task: Task, ans: Action | None, effect: WildsToPot) -> bool:
    """BP-12.17, BP-12.18: unique to the 1♥, the only effect that takes marked cards from every table."""
    you = task["you"]
    if "seats" not in task:
        task["seats"] = order_from(game, state, you)
    while task["seats"]:
        seat = task["seats"][0]
        wilds = [c for c in state["zones"][TABLE[seat]] if is_wild(game, state, c)]
        if wilds and seat != you:
            stop = magic_guard(game, state, task, seat, "the 1♥ taking your wilds")
            if stop is None:
                return True
            if stop:
                wilds = []
        task["seats"].pop(0)
        for c in wilds:
            off_table(game, state, seat, c, pot_zone(state["g"]["depth"]), "1_hearts")
    pop(state, task)
    return False


@EFFECTS.handler(LookAndSwapViewingHands)
def look_and_swap_viewing_hands(
    game: Game, state: State, task: Task, ans: Action | None, effect: LookAndSwapViewingHands
) -> bool:
    """BP-12.19, BP-12.20: unique to the 1♠, the only effect that shows every viewing hand."""
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
    task["target"] = ans.args[0]
    goto(task, "spade_one_swap")
    return spade_one_swap(game, state, task, None)


@guarded(chosen_seat, "the 1♠'s swap of viewing hands")
def spade_one_swap(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-12.20: unless Magic stops it, the viewing hands are swapped."""
    pop(state, task)
    swap_zone(game, state, VIEW[task["you"]], VIEW[task["target"]])
    return False


def swap_zone(game: Game, state: State, a: str, b: str, keep_marks: bool = False) -> None:
    za = list(state["zones"][a])
    zb = list(state["zones"][b])
    for c in za:
        game.move(state, c, a, b, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)
    for c in zb:
        game.move(state, c, b, a, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)


@EFFECTS.handler(ReplayForFee)
def replay_for_fee(game: Game, state: State, task: Task, ans: Action | None, effect: ReplayForFee) -> bool:
    """BP-15.4 .. BP-15.6: unique to the 4♦, the only card that replays a card already on its table."""
    you = task["you"]
    fee = fee_size(game, state, you, effect.fee)
    if ans is None:
        if not on_table(game, state, task) or len(state["zones"][STASH[you]]) < fee:
            pop(state, task)
            return False
        own = tile_of(state, task["card"])
        cands = []
        for u in units(game, state, you):
            if u == task["card"] or (own is not None and u == own["cards"][0]) or unit_ne(game, state, u):
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
    off_table(game, state, you, task["card"], "discard", "4_diamonds")
    if table_seat(game, state, unit) != you:
        return False
    tile = tile_of(state, unit)
    if tile is not None:
        push_play(game, state, you, list(tile["cards"]), TABLE[you], "onb", None, unit=tile["cards"][0])
    else:
        push_play(game, state, you, [unit], TABLE[you], "onb", None)
    return False


@immediate(FollowFive)
def follow_five(game: Game, state: State, task: Task, effect: FollowFive) -> None:
    """BP-16.1, BP-16.11 .. BP-16.13: once the fees are paid, the follow-up (``follow_five``)."""
    fol = {"step": "follow_five", "you": task["you"], "five": task["card"], "five_value": list(task["value"])}
    if task.get("bundle") is not None:
        fol["bundle"] = task["bundle"]
        fol["bundle_forcer"] = task["bundle_forcer"]
    push(state, fol)


def step_follow_five(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-16.2 .. BP-16.10, BP-16.18, BP-16.19, BP-16.31, BP-21.23: the card played after a 5."""
    you = task["you"]
    five = task["five"]
    tile = tile_of(state, five)
    if _follow_lapsed(state, task, tile):
        pop(state, task)
        if task.get("bundle") is not None and task["bundle"] in state["zones"]["limbo"]:
            game.move(state, task["bundle"], "limbo", "discard", cause="lapsed")
        return False
    shift = tile["shift"] if tile is not None else (-1 if task["five_value"][2] else 1)
    if task.get("bundle") is not None and "picked" not in task:
        task["picked"] = task["bundle"]
        task["source"] = "limbo"
        task["chooser"] = task["bundle_forcer"]
    if "picked" not in task and "follow_name" not in task:
        asked = _follow_card(game, state, task, ans)
        if asked is not False:
            return asked is True
        ans = None
    name = state["cards"][task["picked"]] if "picked" in task else task["follow_name"]
    ev = _follow_value(game, state, task, ans, name, shift)
    if ev is None:
        return True
    pop(state, task)
    if "picked" in task:
        cid = task["picked"]
    elif any(state["cards"][c] == name for c in state["zones"][task["source"]]):
        cid = named(game, state, task["source"], name)
    else:  # the card left its pile meanwhile: the follow-up lapses
        return False
    extra: dict[str, Any] = {
        "after_five": {"five": five, "five_value": list(task["five_value"])},
        "value": ev,
    }
    if task.get("bundle") is not None:
        extra["no_window"] = 1
    push_play(game, state, you, [cid], task["source"], "fol", task["chooser"], **extra)
    return False


def _follow_lapsed(state: State, task: Task, tile: dict[str, Any] | None) -> bool:
    """The 5 left the table, or is no longer the last card of its 5-tile, or its player left the hand."""
    five = task["five"]
    if five not in state["zones"][TABLE[task["you"]]] or not state["g"]["in_hand"][task["you"]]:
        return True
    return tile is not None and (tile["kind"] != "five" or tile["cards"][-1] != five)


def _follow_card(game: Game, state: State, task: Task, ans: Action | None) -> bool | None:
    """The card that follows, by name (True: asked; None: nothing to follow, the frame is gone; False: picked)."""
    you = task["you"]
    ctbp = state["zones"][f"ctbp:{you}"]
    src = f"ctbp:{you}" if ctbp else VIEW[you]
    cards = state["zones"][src]
    if not cards:
        pop(state, task)
        return None
    ctl = state["g"]["control"].get(str(you))
    if ctl and "control_choice" not in task:
        asked = _control_question(game, state, task, ans, ctl[0])
        if asked:
            return True
        if asked is False:
            ans = None
    chooser = ctl[0] if ctl and task.get("control_choice") == "control_pick" else you
    if ans is None:
        opts = [
            option("follow", name, label=f"Follow the 5 with {name}")
            for name in offer_names(game, state, src)
        ]
        # a viewing hand is hidden: its player is asked unless it holds one card (what everyone sees)
        if len(opts) > 1 or (len(cards) > 1 and src == VIEW[you]):
            prompt = f"{seat_name(chooser)}: the card after the 5"
            return task_ask(game, state, task, chooser, "follow", prompt, opts)
        ans = only(game, opts)
    task["follow_name"] = ans.args[0]  # the card leaves its pile when it is played, below
    task["source"] = src
    task["chooser"] = chooser if chooser != you else None
    return False


def _control_question(game: Game, state: State, task: Task, ans: Action | None, f: int) -> bool | None:
    """BP-21.23: a controller may pay to pick the follow-up (True while asking, False once answered, None when
    they cannot pay; the choice is kept in ``cq``)."""
    g = state["g"]
    own_turn = g["active"] == f
    upright = [c for c in state["zones"][STASH[f]] if state["marks"].get(SK[c]) is None]
    if not own_turn and not upright:
        task["control_choice"] = "let_them_pick"
        return None
    if ans is None:
        cost = "End your turn" if own_turn else "Turn a stash card sideways"
        opts = [
            option("control_pick", label=f"{cost} to pick {seat_name(task['you'])}'s follow-up"),
            option("let_them_pick", label="Let them pick"),
        ]
        return task_ask(
            game, state, task, f, "control_five", f"{seat_name(f)}: pick the 5's follow-up?", opts
        )
    task["control_choice"] = ans.verb
    if ans.verb == "control_pick":
        if own_turn:
            g["turn_over"] = True
        else:
            game.mark(state, upright[0], STASH[f], SIDE)
    return False


def _follow_value(
    game: Game, state: State, task: Task, ans: Action | None, name: str, shift: int
) -> list[Any] | None:
    """The follow-up's value in effect, one rank lower or higher (BP-16.2 .. BP-16.5); a Joker asks its black
    suit (None while asking)."""
    f = FACES[name]
    if f.rank != 1:
        rank = f.rank + shift
        return [rank, f.suit, f.red] if 2 <= rank <= 14 else [1, -1, f.red]
    rank = 1 + shift
    if not 2 <= rank <= 14:
        return [1, -1, False]
    if ans is None:
        _show_joker(game, state, task, name)
        opts = [
            option("joker_suit", "clubs", label="The Joker is a ♣"),
            option("joker_suit", "spades", label="The Joker is a ♠"),
        ]
        you = task["you"]
        task_ask(game, state, task, you, "joker_suit", f"{seat_name(you)}: the Joker's black suit", opts)
        return None
    return [rank, 0 if ans.args[0] == "clubs" else 3, False]


def _show_joker(game: Game, state: State, task: Task, name: str) -> None:
    """BP-16.18: a Joker taken from a viewing hand is put face up (limbo, where a played card waits) before its
    player names its suit, so that no seat learns it is a Joker from the question; it is played from there."""
    if "picked" in task or task["source"] != VIEW[task["you"]]:
        return  # a bundled card or a card-to-be-played: every seat already sees it
    cid = named(game, state, task["source"], name)
    game.move(state, cid, task["source"], "limbo", cause="play")
    task["picked"] = cid
    task["source"] = "limbo"
