"""Drills in play (sections 7, 8, 10 and 11): the colour lock, restrictions, continuous powers, discarding drills."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, push
from cardsmith.core.state import State

from ..config import Info
from ..model import Rules, other
from .flow import FLOW


def total(game: Rules, state: State, seat: int, power: str) -> int:
    """DBZ-11.12, DBZ-11.13: the sum of a continuous power over a seat's drills in play."""
    drills = state["zones"][f"drills:{seat}"]
    if not drills:
        return 0
    info = game.config(state).info
    names = state["cards"]
    t = 0
    for cid in drills:
        i = info[names[cid]]
        if i.power == power:
            t += i.n
    return t


def colours(
    game: Rules, state: State, seat: int, info: dict[str, Info] | None = None
) -> tuple[set[str], int]:
    """The colours a seat has in play and its colour allowance (DBZ-8.7, DBZ-8.17). ``info``: the game's
    configuration's card data (``game.config(state).info``), if already at hand."""
    drills = state["zones"][f"drills:{seat}"]
    found: set[str] = set()
    allowance = 1
    if not drills:
        return found, allowance
    if info is None:
        info = game.config(state).info
    names = state["cards"]
    for cid in drills:
        i = info[names[cid]]
        if i.colour is not None:
            found.add(i.colour)
        if i.power == "EXTRA_COLOUR":
            allowance += i.n
    return found, allowance


def drill_refusal(
    game: Rules, state: State, seat: int, title: str, info: dict[str, Info] | None = None
) -> str | None:
    """Why ``seat`` may not play the drill ``title`` now (DBZ-7.11), or None if the checks pass. ``info``: the
    game's configuration's card data (``game.config(state).info``), if already at hand."""
    if info is None:
        info = game.config(state).info
    i = info[title]
    names = state["cards"]
    if i.colour is not None:
        have, allowance = colours(game, state, seat, info)
        if i.colour not in have and len(have) >= allowance:  # DBZ-8.7, DBZ-8.17
            return f"the colour lock allows only {', '.join(sorted(have))} drills"
    same = sum(1 for cid in state["zones"][f"drills:{seat}"] if names[cid] == title)
    if same >= i.cap:  # DBZ-8.9, DBZ-8.14, DBZ-8.15
        return f"{same} cop{'y' if same == 1 else 'ies'} of it already in play"
    if i.restricted is not None:  # DBZ-10.2, DBZ-10.3, DBZ-10.10
        for s in (seat, other(seat)):
            for cid in state["zones"][f"drills:{s}"]:
                if info[names[cid]].colour == i.restricted and not (s != seat and names[cid] == title):
                    return f"a {i.restricted} drill is in play"
    return None


def play_drill(game: Rules, state: State, seat: int, cid: int) -> None:
    """DBZ-7.1, DBZ-10.4 .. DBZ-10.8: the drill enters play; the restriction discards follow together."""
    game.move(state, cid, f"hand:{seat}", f"drills:{seat}", cause="drill")
    info = game.config(state).info
    names = state["cards"]
    i = info[names[cid]]
    opp = other(seat)
    gone: dict[int, list[int]] = {seat: [], opp: []}
    for s in (seat, opp):
        for there in state["zones"][f"drills:{s}"]:
            if there == cid:
                continue
            o = info[names[there]]
            if i.colour is not None and o.restricted == i.colour:  # DBZ-10.4, DBZ-10.5, DBZ-10.12
                gone[s].append(there)
            elif s == opp and i.restricted is not None and names[there] == names[cid]:  # DBZ-10.7
                gone[s].append(there)
    if i.restricted is not None and any(names[o] == names[cid] for o in gone[opp]):
        gone[seat].append(cid)  # DBZ-10.7: both players lose the card
    for s in (seat, opp):  # DBZ-10.8: together, right after the drill entered
        if gone[s]:
            discard_drills(game, state, s, gone[s], "restriction")
    for s in (opp, seat):
        if gone[s]:
            check_allowance(game, state, s)


def discard_drills(game: Rules, state: State, seat: int, cids: list[int], cause: str) -> None:
    """DBZ-7.10: discard drills of one player in the order they entered play (the latest ends on top)."""
    if not cids:
        return
    g = state["g"]
    zone = f"drills:{seat}"
    order = state["zones"][zone]
    for cid in sorted(cids, key=order.index):
        game.move(state, cid, zone, f"discard:{seat}", cause=cause)
        for used in (
            g["used_this_turn"],
            g["used_this_combat"],
        ):  # DBZ-7.13: a drill that comes back keeps no record
            if cid in used:
                used.remove(cid)


def check_allowance(game: Rules, state: State, seat: int) -> None:
    """DBZ-8.18: more colours in play than allowed: the owner chooses which to keep, before anything else."""
    have, allowance = colours(game, state, seat)
    if len(have) > allowance:
        push(state, "keep_colours", seat=seat, kept=[])


@FLOW.step()
def keep_colours(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-8.18: the owner keeps colours one at a time up to the allowance; the other coloured drills go."""
    seat = frame["seat"]
    have, allowance = colours(game, state, seat)
    kept = frame["kept"]
    if len(have) <= allowance:
        done(state)
        return
    if len(kept) >= allowance:
        info = game.config(state).info
        names = state["cards"]
        drop = [c for c in state["zones"][f"drills:{seat}"] if info[names[c]].colour not in (None, *kept)]
        done(state)
        discard_drills(game, state, seat, drop, "colour_drop")
        return
    words = game.config(state).colour_words
    options = [
        option("keep_colour", words.index(c), label=game.text.colour_label(c))
        for c in sorted(have)
        if c not in kept
    ]
    ask(state, seat, "keep_colour", game.text.prompt_keep(state, seat, allowance - len(kept)), options)


@FLOW.answer("keep_colours")
def keep_colour(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    (colour,) = action.args
    frame["kept"].append(game.config(state).colour_words[colour])
