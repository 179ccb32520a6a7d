"""Drawn drills that clash with the colour lock (section 9)."""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.actions import Action
from cardsmith.core.flow import ask
from cardsmith.core.state import State
from cardsmith.core.zones import lowest_named

from ..model import Rules
from .drills import colours

CHOICES = ("show_and_shuffle", "discard_unshown")  # DBZ-9.2 (a), (b); (c) is going on with the decision


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


def clash_options(game: Rules, state: State, seat: int) -> list[list[str]]:
    """DBZ-9.2 (a), (b): show and shuffle, or discard, each drawn drill still waiting (one option per title)."""
    waiting = state["g"]["clashing"][seat]
    if not waiting:
        return []
    names = state["cards"]
    opts = game.text.verb_options(state)
    return [
        opts[verb][title] for title in dict.fromkeys(names[c] for c in sorted(waiting)) for verb in CHOICES
    ]


def ask_with_clashes(
    game: Rules, state: State, seat: int, kind: str, prompt: str, options: list[list[str]]
) -> None:
    """Ask ``seat`` its ordinary decision (``kind``, ``prompt``, ``options``), with its clash choices folded in.

    DBZ-9.2, DBZ-9.4, DBZ-9.7: while drawn drills that clash wait for their choice, the decision also offers to
    show and shuffle (a) or discard (b) each of them, one at a time in the order the player picks; going on with
    the ordinary decision keeps the rest in hand (c). Whether a drawn drill clashes depends on cards the opponent
    cannot see, so every other seat sees the ordinary decision, with its usual prompt, and a drill kept costs no
    decision at all: neither the count of decisions nor their faces tell of it. (a) and (b) put the card in view."""
    clash = clash_options(game, state, seat)
    if not clash:
        ask(state, seat, kind, prompt, options)
        return
    ask(
        state,
        seat,
        kind,
        game.text.prompt_clash(state, seat, prompt),
        clash + options,
        shown_as=(kind, prompt),
    )


def clash_answer(game: Rules, state: State, seat: int, action: Action) -> bool:
    """Carry out a clash choice (a) or (b) and return True; for any other answer, the drawn drills still waiting
    are kept hidden in hand (c, DBZ-9.4, DBZ-9.5) and False is returned."""
    waiting = state["g"]["clashing"][seat]
    if not waiting:
        return False
    if action.verb not in CHOICES:  # DBZ-9.2 (c): going on keeps them
        for _ in waiting:
            game.log(state, {"t": "hold", "seat": seat, "vis": [seat]})
        waiting.clear()
        return False
    (title,) = action.args
    cid = lowest_named(state["cards"], waiting, title)  # the lowest id with that title among those waiting
    waiting.remove(cid)
    hand = f"hand:{seat}"
    if action.verb == "show_and_shuffle":  # DBZ-9.2 (a), DBZ-9.3: show it, put it in, shuffle the whole deck
        game.mark(state, cid, hand, "shown")
        game.move(state, cid, hand, f"life:{seat}", cause="clash_shuffle")
        rng.shuffle(state, state["zones"][f"life:{seat}"])
        game.log(state, {"t": "shuffle", "seat": seat})
    else:  # DBZ-9.2 (b), DBZ-9.4: discard it without showing it first
        game.move(state, cid, hand, f"discard:{seat}", cause="clash_discard")
    return True
