"""Section 2 (setup): who attacks first, the shuffle, the event of the game and the opening hands."""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.actions import Action, option
from cardsmith.core.decision import CHANCE
from cardsmith.core.flow import Frame, ask, goto
from cardsmith.core.state import State

from ..effects import draw
from ..flow import FLOW, Rules
from ..model import OPENING_HAND, other


@FLOW.step()
def begin(game: Rules, state: State, frame: Frame) -> None:
    """MA-2.14: the starting player is picked first, by chance unless the option names one (MA-2.9, MA-13.6)."""
    chosen = state["options"]["starting_player"]
    if chosen == "random":
        starts = [option("start", 0, label="P1 attacks first"), option("start", 1, label="P2 attacks first")]
        ask(state, CHANCE, "starting_player", "Who attacks first?", starts, [1, 1])
        return
    deal(game, state, 0 if chosen == "P1" else 1)
    goto(frame, "turns")


@FLOW.answer("begin")
def begin_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    deal(game, state, action.args[0])
    goto(frame, "turns")


def deal(game: Rules, state: State, start: int) -> None:
    """MA-2.10, MA-2.11, MA-2.13, MA-2.14: shuffle (starting player's deck first), deal the event, draw 7."""
    state["g"]["start"] = start
    game.log(state, {"t": "start", "seat": start})
    for seat in (start, other(start)):  # ids are dealt at random, so an id says nothing of its card
        game.shuffle_unseen(state, f"deck:{seat}")
    if state["options"]["event_mode"] == "per_game":
        events = state["zones"]["event_deck"]
        pick = events[rng.below(state, len(events))]
        game.move(state, pick, "event_deck", "event_slot", cause="deal_event")
    for seat in (start, other(start)):
        draw(game, state, seat, OPENING_HAND)
