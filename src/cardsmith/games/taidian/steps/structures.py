"""Section 9, structures: a structure drawn may be put into play at once (TAI-9.7 .. TAI-9.9)."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done
from cardsmith.core.game import Game
from cardsmith.core.state import State

from ..flow import FLOW
from ..model import lowest


@FLOW.step()
def place(game: Game, state: State, frame: Frame) -> None:
    """TAI-9.7, TAI-9.4, TAI-9.9: put structures drawn just now into play, one at a time, until "keep"."""
    seat = frame["seat"]
    names = state["cards"]
    z = state["zones"]
    if not z[f"hand:{seat}"]:
        done(state)
        return
    in_play = {names[c] for c in z[f"struct:{seat}"]}
    options = []
    for cid in _drawn_in_hand(state, frame):
        name = names[cid]
        if name not in in_play:
            in_play.add(name)  # one of each name (TAI-9.4)
            options.append(option("place", name, label=f"Put {name} into play"))
    keep = "Put nothing (more) into play" if options else "No drawn structure to put into play"
    options.append(option("keep", label=keep))
    ask(state, seat, "structure", f"{game.seat_name(seat)}: put a drawn structure into play?", options)


def _drawn_in_hand(state: State, frame: Frame) -> list[int]:
    """The structures drawn just now (TAI-9.7) that are still in their drawer's hand."""
    hand = state["zones"][f"hand:{frame['seat']}"]
    return [c for c in frame["drawn"] if c in hand]


@FLOW.answer("place")
def place_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "keep":  # TAI-9.9: kept structures stay in hand, unplayable
        done(state)
        return
    cid = lowest(state["cards"], _drawn_in_hand(state, frame), action.args[0])
    game.move(state, cid, f"hand:{seat}", f"struct:{seat}", cause="place")  # TAI-9.8: no replacement card
    frame["drawn"].remove(cid)
