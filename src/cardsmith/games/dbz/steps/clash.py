"""Drawn drills that clash with the colour lock (section 9)."""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.actions import Action
from cardsmith.core.flow import Frame, ask, done, push
from cardsmith.core.state import State

from ..model import Rules
from .drills import colours
from .flow import FLOW

CHOICES = ("show_and_shuffle", "discard_unshown", "keep_in_hand")  # DBZ-9.2 (a), (b), (c)


def clashing(game: Rules, state: State, seat: int, drawn: list[int]) -> list[int]:
    """DBZ-9.1, DBZ-9.8: the drawn coloured drills the colour lock would stop, once the draw is complete."""
    if not drawn:
        return []
    info = game.config(state).info
    names = state["cards"]
    out = []
    lock: tuple[set[str], int] | None = None
    for cid in drawn:
        i = info[names[cid]]
        if i.colour is None:
            continue
        if lock is None:
            lock = colours(game, state, seat, info)
        if i.colour not in lock[0] and len(lock[0]) >= lock[1]:
            out.append(cid)
    return out


def before_decision(state: State, seat: int, kind: str, prompt: str) -> bool:
    """DBZ-9.2, DBZ-9.4, DBZ-9.7: whether ``seat`` first makes its choices for drawn drills that clash.

    The choices come just before the seat's next decision, the ordinary one of kind ``kind`` with ``prompt``: at
    the start of Step 2 after the Step 1 draw, and after the defender's combat draw at the defender's first
    decision of that combat (its response, or its combat action), since the attacker acts first (DBZ-5.3).
    Whether a drawn drill clashes depends on cards the opponent cannot see, so every other seat sees that
    ordinary decision pending instead: keeping or discarding the drill shows nothing (DBZ-9.4)."""
    if not state["g"]["clashing"][seat]:
        return False
    push(state, "clash", seat=seat, shown_as=[kind, prompt])
    return True


@FLOW.step()
def clash(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-9.7: several clashing drills are handled one at a time, in the order the player picks."""
    seat = frame["seat"]
    waiting = state["g"]["clashing"][seat]
    if not waiting:
        done(state)
        return
    names = state["cards"]
    opts = game.text.verb_options(state)
    options = []
    seen = set()
    for cid in sorted(waiting):
        title = names[cid]
        if title in seen:
            continue
        seen.add(title)
        for verb in CHOICES:
            options.append(opts[verb][title])
    kind, prompt = frame["shown_as"]
    ask(state, seat, "clash", game.text.prompt_clash(state, seat), options, shown_as=(kind, prompt))


@FLOW.answer("clash")
def clash_choice(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    (title,) = action.args
    waiting = state["g"]["clashing"][seat]
    names = state["cards"]
    cid = min(c for c in waiting if names[c] == title)  # the lowest id with that title among those waiting
    waiting.remove(cid)
    hand = f"hand:{seat}"
    if action.verb == "show_and_shuffle":  # DBZ-9.2 (a), DBZ-9.3: show it, put it in, shuffle the whole deck
        game.mark(state, cid, hand, "shown")
        game.move(state, cid, hand, f"life:{seat}", cause="clash_shuffle")
        rng.shuffle(state, state["zones"][f"life:{seat}"])
        game.log(state, {"t": "shuffle", "seat": seat})
    elif action.verb == "discard_unshown":  # DBZ-9.2 (b), DBZ-9.4: discard it without showing it first
        game.move(state, cid, hand, f"discard:{seat}", cause="clash_discard")
    else:  # DBZ-9.2 (c), DBZ-9.4, DBZ-9.5: keep it hidden in hand
        game.log(state, {"t": "hold", "seat": seat, "vis": [seat]})
