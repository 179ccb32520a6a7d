"""Turns (sections 5 and 6 of the rules): triggers, the win check, drawing, playing, discarding, the next turn,
cards-to-be-played.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..groups import group_starts, pair_key, pairs_in
from ..table import (
    CTBP,
    EFFECTIVE_WILDS,
    SK,
    STASH,
    TABLE,
    VIEW,
    counted,
    fives_in_effect,
    next_seat,
    opponents,
    seat_name,
    table_fx,
    view_size,
)
from .arrival import push_play
from .ask import chooser_of, claim, named, offer_names, only, task_ask
from .engine import FLOW, Frame, side_answer
from .fees import push_fees
from .hands import _draw_up_to, _seats_from, check_caps, end_hand, hand_start, scrap
from .side import side_options
from .stack import Task, pop, push

_TRIGGER_WORDS = {"three": "three", "bh": "black_hole", "wh": "white_hole"}  # trigger kind -> verb argument


_TRIGGER_KINDS = {v: k for k, v in _TRIGGER_WORDS.items()}


_CTBP = {n: tuple(f"ctbp:{s}" for s in range(n)) for n in range(1, 7)}


_WILD_THREES = frozenset(("3♥", "3♠", "3♦"))


_PLAY_OPTION = {name: option("play", name, label="Play " + name) for name in FACES}
_START_OPTION = {name: option("add_to_set", name, label=f"Start a pair or set with {name}") for name in FACES}
_PASS_FULL = option("pass", label="Do not scrap: your turn ends")
_PASS_EMPTY = option("pass", label="Do not scrap: you have no card to play")
_END_TURN = option("end_turn", label="End your turn")
_SCRAP = option("scrap", label="Scrap your hand (your table goes to the discard)")
"""The options of the play step, made once (shared: nothing changes an option list once made)."""


_PLAY_VERBS = frozenset(
    ("play", "pass", "scrap", "end_turn")
)  # answered by answer_play (none is a SIDE_VERB)


_PLAY_PROMPT = tuple(f"P{s + 1}: play a card or a pair" for s in range(6))


def turn_begin(game: Game, state: State) -> bool:
    """BP-5.1, BP-5.3, BP-14.2, BP-26.57, BP-26.59, BP-26.88.

    With no trigger to resolve, the turn goes straight on to the win check (the run loop would find nothing else
    to do in between, and checks the turn cap just as :meth:`_run` does)."""
    g = state["g"]
    seat = g["active"]
    state["turn"] += 1
    g["hand_turns"] += 1
    g["plays"] = 0
    g["turn_over"] = False
    g["exempt"] = []
    g["scrap_ok"] = True
    if g["no_return"] is not None and g["no_return"] != seat:
        g["no_return"] = None
    if seat in g["skip"]:
        g["skip"].remove(seat)
        state["events"].append({"t": "skipped", "seat": seat})
        state["flow"][0]["step"] = "next"
        return False
    state["events"].append({"t": "turn", "seat": seat, "turn": state["turn"]})
    tiles = g["tiles"]
    state["flow"][0]["step"] = "win"
    if tiles or not _WILD_THREES.isdisjoint(map(state["cards"].__getitem__, state["zones"][TABLE[seat]])):
        trig: list[list[Any]] = []
        if _has_three_trigger(game, state, seat):
            trig.append(["three", seat])
        if tiles:
            inh = g["in_hand"]
            for tile in tiles.values():
                if tile["kind"] in ("bh", "wh") and inh[tile["seat"]]:
                    trig.append([tile["kind"], tile["seat"]])
        if trig:
            state["flow"].append({"step": "triggers", "you": seat, "triggers": trig})
            return False
    if g["hand_turns"] > state["options"]["hand_turn_cap"]:
        return False
    return win_check(game, state)


def _has_three_trigger(game: Game, state: State, seat: int) -> bool:
    """BP-14.2, BP-14.3, BP-14.5: a 3♥/♠/♦ on the table (wild or face up, not no-effect) or a tile in effect.

    A wild 3 was seen face up by every seat before it turned face down (BP-14.1), and its face stays known to
    all (BP-1.4), so whether it fires depends on nothing hidden."""
    g = state["g"]
    tof = g["tile_of"]
    names = state["cards"]
    marks = state["marks"]
    table = state["zones"][TABLE[seat]]
    if not _WILD_THREES.isdisjoint(map(names.__getitem__, table)):
        for c in table:
            if names[c] in _WILD_THREES:
                key = SK[c]
                mark = marks.get(key)
                if key not in tof and (mark is None or mark in EFFECTIVE_WILDS):
                    return True
    if tof:
        for _, ev in fives_in_effect(state, seat):
            if ev[0] == 3 and ev[1] in (1, 2, 3):
                return True
    return False


def step_triggers(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-5.3, BP-11.8: beginning-of-turn triggers, in the order the active player picks."""
    items = task["triggers"]
    if ans is not None:  # two equal triggers are one option: the first of them resolves
        want = [_TRIGGER_KINDS[ans.args[0]], ans.args[1]]
        i = next(j for j, t in enumerate(items) if [t[0], t[1]] == want)
    elif len({(t[0], t[1]) for t in items}) <= 1:
        i = 0
    else:
        seat = task["you"]
        opts = []
        for kind, owner in dict.fromkeys((t[0], t[1]) for t in items):
            words = {"three": "your 3's trigger", "bh": "Black Hole", "wh": "White Hole"}[kind]
            opts.append(
                option(
                    "trigger",
                    _TRIGGER_WORDS[kind],
                    owner,
                    label=f"Resolve {words} of {seat_name(owner)} next",
                )
            )
        return task_ask(
            game, state, task, seat, "trigger_order", f"{seat_name(seat)}: order the triggers", opts
        )
    kind, owner = items.pop(i)
    if not items:
        pop(state, task)
    g = state["g"]
    if kind == "three":
        g["exempt"] = list(state["zones"][TABLE[owner]])
        game.log(state, {"t": "three", "seat": owner})
    elif kind == "bh":  # BP-26.57: each other player pays the owner 2 cards, a fee
        payers = opponents(game, state, owner)
        push_fees(game, state, owner, [[p, 2, STASH[owner], 1] for p in payers], "Black Hole")
    else:  # BP-26.59
        payees = opponents(game, state, owner)
        push_fees(game, state, owner, [[owner, 2, STASH[p], 1] for p in payees], "White Hole")
    return False


def win_check(game: Game, state: State) -> bool:
    """BP-6.1, BP-9.3, BP-26.19: the win check, then (the hand going on) straight to the draw step."""
    g = state["g"]
    seat = g["active"]
    state["flow"][0]["step"] = "draw"
    if g["no_win"] == seat:
        g["no_win"] = None
        return draw_step(game, state)
    g["no_win"] = None
    decl = g["declared"]
    mine = decl[seat]
    if mine is not None:
        score = mine["score"]
        inh = g["in_hand"]
        for s in range(state["players"]):
            if s != seat and inh[s] and decl[s] is not None and decl[s]["score"] >= score:
                break
        else:
            end_hand(game, state, seat, "the best declared hand at the win check")
            return False
    return draw_step(game, state)


def draw_step(game: Game, state: State) -> bool:
    """BP-5.4, then straight to the play step (drawing leaves the table, and so its effects, as they were)."""
    g = state["g"]
    seat = g["active"]
    fx = table_fx(game, state, seat)
    size = state["options"]["viewing_hand"] + fx[0]
    zones = state["zones"]
    if len(zones[VIEW[seat]]) < size and (
        zones["draw"] or zones["discard"]
    ):  # _draw_up_to draws nothing otherwise
        _draw_up_to(game, state, seat, size)
    state["flow"][0]["step"] = "play"
    return _play_step(game, state, fx)


def play_step(game: Game, state: State) -> bool:
    """BP-5.5 .. BP-5.8: the play step."""
    return _play_step(game, state, None)


def _play_step(game: Game, state: State, fx: tuple[int, int, int] | None) -> bool:
    """The play step; ``fx`` is the active table's :meth:`table_fx` when the caller has it."""
    g = state["g"]
    seat = g["active"]
    if g["chosen"]:  # a pair or set is being chosen card by card (BP-5.6)
        return _ask_set(game, state, seat)
    if g["turn_over"] or not g["in_hand"][seat]:
        state["flow"][0]["step"] = "end"
        return end_step(game, state)
    zones = state["zones"]
    table = zones[TABLE[seat]]
    if fx is None:
        fx = table_fx(game, state, seat)
    if g["tile_of"] or g["exempt"]:
        full = counted(game, state, seat) >= state["options"]["table_max"] + fx[1]
    else:  # no tile and no exempt card: every card counts (counted)
        full = len(table) >= state["options"]["table_max"] + fx[1]
    hand = zones[VIEW[seat]]
    can_scrap = g["plays"] == 0 and g["scrap_ok"] and table
    if full or not hand:
        if not can_scrap:
            if full:
                state["events"].append({"t": "table_full", "seat": seat})
            state["flow"][0]["step"] = "end"
            return end_step(game, state)
        opts = [_PASS_FULL if full else _PASS_EMPTY]
    else:
        opts = play_options(game, state, seat)
        if g["plays"] > 0:
            opts.append(_END_TURN)
    if can_scrap:
        opts.append(_SCRAP)
    side = side_options(game, state, seat)  # as task_ask: the side options after the others
    if side:
        opts += side
    state["pending"] = {"seat": seat, "kind": "play", "prompt": _PLAY_PROMPT[seat], "options": opts}
    return True


def play_options(game: Game, state: State, seat: int) -> list[list[str]]:
    """One card by name, or the first card of a pair or set (BP-5.6, BP-26.2)."""
    hand = state["zones"][VIEW[seat]]
    held = offer_names(game, state, VIEW[seat])
    opts = [_PLAY_OPTION[name] for name in held]
    if len(hand) < 2:  # no pair or set
        return opts
    starts = group_starts(list(map(state["cards"].__getitem__, hand)))  # the faces in a group of pairs_in
    if starts:
        opts += [_START_OPTION[name] for name in held if name in starts]
    return opts


def set_choices(game: Game, state: State, seat: int, chosen: list[str]) -> tuple[list[str], str | None]:
    """The cards that may come next in a pair or set begun with ``chosen`` (names, in viewing-hand order), and
    the pair key of the group ``chosen`` already makes, if any (BP-26.1, BP-26.12)."""
    names = state["cards"]
    want = _count(chosen)
    more: set[str] = set()
    whole = None
    for key, cards in pairs_in(state, state["zones"][VIEW[seat]]):
        have = _count([names[c] for c in cards])
        if any(have.get(n, 0) < k for n, k in want.items()):
            continue
        if len(cards) == len(chosen):
            whole = key
        else:
            more.update(n for n, k in have.items() if k > want.get(n, 0))
    return [n for n in offer_names(game, state, VIEW[seat]) if n in more], whole


def _count(names: list[str]) -> dict[str, int]:
    """How many times each name occurs (a small Counter)."""
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _ask_set(game: Game, state: State, seat: int) -> bool:
    """BP-5.6: a pair or set is chosen one card at a time, then played as one play. The player is asked after
    every card, even when the set can only be played as it is, so that no one else learns from the pace of the
    questions what else the hand holds."""
    g = state["g"]
    chosen = g["chosen"]
    so_far = " + ".join(chosen)
    more, whole = set_choices(game, state, seat, chosen)
    opts = [option("add_to_set", name, label=f"Add {name} to {so_far}") for name in more]
    if whole is not None:
        opts.append(option("play_set", label=f"Play the set {so_far}"))
    return task_ask(
        game,
        state,
        None,
        seat,
        "set",
        f"{seat_name(seat)}: the next card of the pair or set",  # its cards are told in the labels only
        opts,
        False,
    )


def answer_set(game: Game, state: State, seat: int, action: Action) -> None:
    g = state["g"]
    if action.verb == "add_to_set":
        g["chosen"].append(action.args[0])  # asked again: the next card, or playing the set as it is
        return
    chosen = g["chosen"]
    g["chosen"] = []
    _play_set(game, state, seat, chosen)


def _group_order(key: str, names: list[str]) -> list[str]:
    """The order in which a group's cards lie once played (a 5+5+card's third card last, BP-26.34; the 10♦ of
    a 10♦+card first, BP-26.67); other groups by name."""
    if key == "jj7":
        return sorted(names, key=lambda n: n != "Joker")
    if key == "2h2d":
        return ["2♥", "2♦"]
    if key == "9d10c":
        return ["9♦", "10♣"]
    if key == "55x":
        return sorted(names, key=lambda n: (FACES[n].rank != 5, n))
    if key == "lock":
        rest = list(names)
        rest.remove("10♦")
        return ["10♦", *rest]
    return sorted(names)


def _play_set(game: Game, state: State, seat: int, chosen: list[str]) -> None:
    """BP-5.6, BP-26.4: the pair or set is one play."""
    g = state["g"]
    g["plays"] += 1
    key = pair_key(chosen)  # type: ignore[attr-defined]
    names = _group_order(key, chosen)
    if key == "9d10c":  # its cards leave the hand once their table is chosen (BP-26.61)
        push(
            state,
            {
                "step": "pair_or_set",
                "key": key,
                "you": seat,
                "cards": [],
                "names": names,
                "source": VIEW[seat],
            },
        )
        return
    push_play(game, state, seat, claim(game, state, VIEW[seat], names), VIEW[seat], "hand", None, pair=key)


def answer_play(game: Game, state: State, seat: int, action: Action) -> None:
    g = state["g"]
    g["scrap_ok"] = False
    verb = action.verb
    if verb in ("end_turn", "pass"):
        g["turn_over"] = True
        return
    if verb == "scrap":  # BP-5.5
        scrap(game, state, seat, whole=False)
        return
    if verb == "add_to_set":
        g["chosen"] = [action.args[0]]
        return
    g["plays"] += 1
    state["flow"].append(
        {
            "step": "arrival",
            "you": seat,
            "cards": [named(game, state, VIEW[seat], action.args[0])],
            "source": VIEW[seat],
            "via": "hand",
            "forcer": None,
        }
    )  # push_play


def end_step(game: Game, state: State) -> bool:
    """BP-5.10: discard down to the correct number, choosing which."""
    g = state["g"]
    seat = g["active"]
    hand = state["zones"][VIEW[seat]]
    if hand and g["in_hand"][seat] and len(hand) > view_size(game, state, seat):
        held = offer_names(game, state, VIEW[seat])
        if len(hand) == 1:  # only a choice forced by what everyone sees is made without asking
            game.move(
                state, named(game, state, VIEW[seat], held[0]), VIEW[seat], "discard", cause="end_discard"
            )
            return False
        opts = [option("discard", name, label=f"Discard {name}") for name in held]
        extra = len(hand) - view_size(game, state, seat)
        return task_ask(game, state, None, seat, "discard", f"{seat_name(seat)}: discard {extra} more", opts)
    state["flow"][0]["step"] = "next"
    return False


def answer_end(game: Game, state: State, seat: int, action: Action) -> None:
    game.move(
        state, named(game, state, VIEW[seat], action.args[0]), VIEW[seat], "discard", cause="end_discard"
    )


def next_turn(game: Game, state: State) -> bool:
    """BP-5.1, BP-26.80, BP-26.81: the turn passes in the (current) direction of play.

    A turn that asks nothing and ends with the turn passing again is followed here by the next one: the run loop
    would find nothing else to do in between (no task, no result, no cards-to-be-played, the caps as it checks
    them), so it is not gone back to."""
    g = state["g"]
    opts = state["options"]
    n = state["players"]
    inh = g["in_hand"]
    frames = state["flow"]
    while True:
        seat = g["active"]
        d = g["direction"]
        s = seat
        for _ in range(n):  # as next_seat
            s = (s + d) % n
            if inh[s] and s != seat:
                break
        else:
            s = seat
        g["active"] = s  # (turn_begin empties the exempt cards)
        frames[0]["step"] = "tbegin"
        if turn_begin(game, state):
            return True
        if (
            frames[0]["step"] != "next"
            or len(frames) > 1  # pending_effects
            or state["result"] is not None
            or g["hand_decisions"] >= opts["hand_decision_cap"]
            or g["hand_turns"] > opts["hand_turn_cap"]
            or g["in_hand"] is not inh
        ):
            return False


def end_turn_of(game: Game, state: State, seat: int) -> None:
    """BP-5.11: the active player's turn ends once the current effect has resolved."""
    g = state["g"]
    if g["active"] == seat:
        g["turn_over"] = True
        g["no_return"] = seat  # BP-25.2, BP-25.8
        if state["flow"][0]["step"] in ("tbegin", "win", "draw"):
            state["flow"][0]["step"] = "play"


def ctbp_obligation(game: Game, state: State) -> bool | None:
    """None when nobody must play cards-to-be-played; True when asked; False when played at once."""
    g = state["g"]
    if state["flow"][0]["step"] == "hstart":
        return None
    zones = state["zones"]
    for z in _CTBP[state["players"]]:
        if zones[z]:
            break
    else:
        return None
    start = g["active"] if g["in_hand"][g["active"]] else next_seat(game, state, g["active"])
    for s in _seats_from(game, state, start):
        ctbp = state["zones"][f"ctbp:{s}"]
        if not ctbp:
            continue
        chooser = chooser_of(game, state, s)
        opts = [
            option(
                "play_to_be_played",
                name,
                label=f"Play {name} from {seat_name(s)}'s cards-to-be-played",
            )
            for name in offer_names(game, state, CTBP[s])
        ]
        g["ctbp_seat"] = s
        if len(opts) == 1 and chooser == s:
            answer_ctbp(game, state, s, only(game, opts))
            return False
        words = "your" if chooser == s else f"{seat_name(s)}'s"
        return task_ask(
            game,
            state,
            None,
            chooser,
            "ctbp",
            f"{seat_name(chooser)}: play one of {words} cards-to-be-played",
            opts,
        )
    return None


def answer_ctbp(game: Game, state: State, seat: int, action: Action) -> None:
    g = state["g"]
    s = g["ctbp_seat"]
    cid = named(game, state, CTBP[s], action.args[0])
    ctl = g["control"].get(str(s))
    forcer = ctl[0] if ctl else None
    push_play(game, state, s, [cid], f"ctbp:{s}", "ctbp" if forcer is None else "force", forcer)


# ----- the steps of the turn on the step engine -------------------------------------------------------------------

PHASES = {
    "hstart": hand_start,
    "tbegin": turn_begin,
    "win": win_check,
    "draw": draw_step,
    "play": play_step,
    "end": end_step,
    "next": next_turn,
}


def turn_step(game: Any, state: State, frame: Frame) -> None:
    """Cards-to-be-played first (BP-5.9), then the step of the turn; the safety caps after it. While the step of
    the turn stays the only frame and nothing is asked, its next step runs here, as the run loop would run it."""
    frames = state["flow"]
    ctbp = _CTBP[state["players"]]
    zones = state["zones"]
    g = state["g"]
    caps = state["options"]
    while True:
        phase = frame["step"]
        if phase != "hstart":
            for z in ctbp:
                if zones[z]:  # someone has cards-to-be-played (ctbp_obligation is None otherwise)
                    if ctbp_obligation(game, state) is not None:
                        return
                    break
        if PHASES[phase](game, state):
            return
        if g["hand_decisions"] >= caps["hand_decision_cap"] or g["hand_turns"] > caps["hand_turn_cap"]:
            check_caps(game, state)  # the hand ends by exhaustion
        if (
            state["pending"] is not None
            or state["result"] is not None
            or len(frames) != 1
            or frames[0] is not frame
            or frame["step"] not in PHASES
        ):
            return


def turn_answer(game: Any, state: State, frame: Frame, seat: int, action: Action) -> None:
    """The answers to the decisions of the turn: a play, the next card of a set, a discard, cards-to-be-played."""
    verb = action.verb
    if verb in _PLAY_VERBS:  # no side option: the decision is counted, as side_answer counts it
        state["g"]["hand_decisions"] += 1
        answer_play(game, state, seat, action)
    elif side_answer(game, state, seat, action):
        return
    elif verb == "play_to_be_played":
        answer_ctbp(game, state, seat, action)
    elif verb == "discard":
        answer_end(game, state, seat, action)
    elif verb == "play_set" or (verb == "add_to_set" and state["g"]["chosen"]):
        answer_set(game, state, seat, action)
    else:
        answer_play(game, state, seat, action)
    check_caps(game, state)


for _phase in PHASES:
    FLOW.step(_phase)(turn_step)
FLOW.answer(*PHASES)(turn_answer)
