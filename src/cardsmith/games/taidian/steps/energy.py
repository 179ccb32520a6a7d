"""Section 5, energy and powering up: at 10 energy or more the player raises a track (TAI-5.2 .. TAI-5.6)."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done
from cardsmith.core.game import Game
from cardsmith.core.state import State

from ..cards import TRACKS
from ..data import MAX_LEVEL, POWER_AT, TRACK_INDEX
from ..flow import FLOW
from ..model import Table


@FLOW.step()
def power_up(game: Game, state: State, frame: Frame) -> None:
    """TAI-5.2 .. TAI-5.6, TAI-5.12: power up while energy is 10 or more; the player picks the track."""
    g: Table = state["g"]
    seat = frame["seat"]
    if g["energy"][seat] < POWER_AT:
        done(state)
        return
    levels = g["levels"][seat]
    open_ = [i for i in range(4) if levels[i] < MAX_LEVEL]
    if not open_:  # TAI-5.6
        g["energy"][seat] = POWER_AT - 1
        game.log(state, {"t": "energy_cap", "s": seat})
        done(state)
        return
    if len(open_) == 1:
        _raise(game, state, seat, open_[0])
        return
    options = [
        option("power_up", TRACKS[i], label=f"Raise {TRACKS[i].capitalize()} to level {levels[i] + 1}")
        for i in open_
    ]
    ask(state, seat, "powerup", f"{game.seat_name(seat)}: power up (energy {g['energy'][seat]})", options)


@FLOW.answer("power_up")
def power_up_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    (track,) = action.args
    _raise(game, state, seat, TRACK_INDEX[track])


def _raise(game: Game, state: State, seat: int, track: int) -> None:
    g: Table = state["g"]
    g["levels"][seat][track] += 1  # TAI-5.5, TAI-5.11
    g["energy"][seat] -= POWER_AT  # TAI-5.4: the rest carries over
    game.log(state, {"t": "powerup", "s": seat, "track": TRACKS[track], "lv": g["levels"][seat][track]})
