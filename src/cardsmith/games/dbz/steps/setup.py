"""Setup (section 2): the start-up power check and the first player."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, goto
from cardsmith.core.state import State

from ..model import MAX_STAGE, START_STAGE, Rules, other
from .flow import FLOW
from .levels import mp


def power_check(game: Rules, state: State) -> int | None:
    """DBZ-2.7, DBZ-2.8: the start-up doubling check; returns the first player, or None if it does not apply."""
    g = state["g"]
    values = [mp(game, state, s).levels[0].power[START_STAGE] for s in (0, 1)]
    if values[0] == values[1]:
        return None
    big = 0 if values[0] > values[1] else 1
    if values[big] < 2 * values[other(big)]:
        return None
    g["stage"][big] = 2
    g["stage"][other(big)] = MAX_STAGE
    game.log(state, {"t": "power_check", "values": values, "weaker": other(big)})
    return other(big)


def hero(game: Rules, state: State) -> int | None:
    """DBZ-2.9: the seat whose MP is the Hero, when exactly one is; None when neither or both are (DBZ-2.10)."""
    heroes = [s for s in (0, 1) if mp(game, state, s).alignment == "Hero"]
    return heroes[0] if len(heroes) == 1 else None


@FLOW.step()
def choose_first(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-2.7 .. DBZ-2.10: the weaker MP goes first after the power check; otherwise the Hero; otherwise chance
    picks."""
    first = power_check(game, state)
    if first is None:
        first = hero(game, state)
        if first is not None:
            begin(game, state, frame, first, "hero")
            return
        game.ask_chance(
            state,
            "first_player",
            "Who takes the first turn?",
            [
                option("first_player", 0, label="P1 goes first"),
                option("first_player", 1, label="P2 goes first"),
            ],
            [1, 1],
        )
        return
    begin(game, state, frame, first, "power check")


@FLOW.answer("choose_first")
def first_player(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    begin(game, state, frame, action.args[0], "random")


def begin(game: Rules, state: State, frame: Frame, first: int, how: str) -> None:
    state["g"]["first"] = first
    game.log(state, {"t": "first", "seat": first, "how": how})
    goto(frame, "start_turn")
