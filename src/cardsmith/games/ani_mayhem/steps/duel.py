"""Duels between Characters (AM-8.31 to AM-8.33): ``duel``, ``duel_run_a``, ``duel_run_b``, ``duel_draw``,
``duel_damage``, ``duel_end``: ``{challenger, defender, challenger_seat, defender_seat, place, damage, rounds, cards,
ran ("a" or "b"), single (one round only)}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, option
from ....core.flow import StepFn, ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..board import bonk, kill, log, seat_name
from ..flow import DUEL, FLOW, finish, step
from ..stats import health, show_counted, stat
from .combat import clear_table, combat_card, draw_combat, end_round
from .flash import open_window


def duel(stage: str) -> Callable[[StepFn], StepFn]:
    """Register a stage of a duel as the step ``duel_<stage>`` (``duel`` is a new round). Every stage but the end
    first checks that both Characters are still there; the duel ends at once otherwise."""
    name = "duel" if stage == "round" else f"duel_{stage}"
    DUEL.add(name)

    def register(fn: StepFn) -> StepFn:
        def guarded(game: Game, state: State, fr: dict[str, Any]) -> None:
            cp = state["g"]["char_at"]
            if stage != "end" and not all(
                cp.get(str(c)) == fr["place"] for c in (fr["challenger"], fr["defender"])
            ):
                goto(fr, "duel_end")
                duel_end(game, state, fr)
                return
            fn(game, state, fr)

        step(name)(guarded)
        return fn

    return register


def start_duel(state: State, a: int, b: int, one: bool = False) -> None:
    g = state["g"]
    fr = {
        "step": "duel",
        "challenger": a,
        "defender": b,
        "challenger_seat": state["owner"][a],
        "defender_seat": state["owner"][b],
        "place": g["char_at"][str(a)],
        "damage": {},
        "rounds": 0,
        "cards": [],
        "ran": None,
        "single": int(one),
    }
    if g["phase"] == "move":
        for c in (a, b):
            g["chars"][str(c)]["fought"] = g["phase_serial"]  # AM-6.16
    log(state, {"t": "duel", "a": a, "b": b})
    push(state, **fr)


@duel("round")
def duel_round(game: Game, state: State, fr: dict[str, Any]) -> None:
    goto(fr, "duel_draw" if fr["single"] else "duel_run_a")


@duel("run_a")
def duel_run_a(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.32 step 1: the attacking player fights on or runs."""
    _ask_duel_run(state, fr, fr["challenger_seat"], fr["challenger"])


@duel("run_b")
def duel_run_b(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.32 step 1: then the defending player."""
    _ask_duel_run(state, fr, fr["defender_seat"], fr["defender"])


def _ask_duel_run(state: State, fr: dict[str, Any], seat: int, me: int) -> None:
    a, b = fr["challenger"], fr["defender"]
    ask(
        state,
        seat,
        "run_or_fight",
        f"{seat_name(seat)}: duel round {fr['rounds'] + 1}, {state['cards'][a]} against {state['cards'][b]}",
        [
            option("fight", label=f"{state['cards'][me]} fights on"),
            option("run", label=f"{state['cards'][me]} runs away"),
        ],
    )


@duel("draw")
def duel_draw(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.32 step 2: each draws from their own Combat pile; a Flash window follows."""
    fr["cards"] = [draw_combat(state, fr["challenger_seat"]), draw_combat(state, fr["defender_seat"])]
    goto(fr, "duel_damage")
    open_window(
        state, fr["challenger_seat"], {"kind": "duel", "cs": [fr["challenger"], fr["defender"]], "ds": []}
    )


@duel("damage")
def duel_damage(game: Game, state: State, fr: dict[str, Any]) -> None:
    _duel_damage(state, fr)


@duel("end")
def duel_end(game: Game, state: State, fr: dict[str, Any]) -> None:
    # a duellist left in the round's window (AM-10.21): the round ends with the duel (AM-8.20)
    if fr["cards"]:
        clear_table(state, fr["cards"])
        fr["cards"] = []
        end_round(state)
    log(state, {"t": "duel_end", "a": fr["challenger"], "b": fr["defender"]})
    finish(state)


@FLOW.answer("duel_run_a", "duel_run_b")
def answer_duel_run(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    first = fr["step"] == "duel_run_a"
    if action.verb == "run":
        fr["ran"] = "a" if first else "b"
        log(state, {"t": "run", "seat": seat})
        goto(fr, "duel_draw")
    else:
        goto(fr, "duel_run_b" if first else "duel_draw")


def _duel_damage(state: State, fr: dict[str, Any]) -> None:
    """AM-8.32 step 4, AM-8.17, AM-8.33."""
    a, b = fr["challenger"], fr["defender"]
    ca, cb = fr["cards"]
    _, a_atk, a_def = combat_card(state, ca)
    _, b_atk, b_def = combat_card(state, cb)
    for hitter, hit, ran in ((a, b, "a"), (b, a, "b")):  # AM-8.13 reading: the Items counted are shown
        if fr["ran"] != ran:
            show_counted(state, [hitter], "atk")
            show_counted(state, [hit], "def")
    to_b = max(0, stat(state, a, "atk") + a_atk - stat(state, b, "def") - b_def)
    to_a = max(0, stat(state, b, "atk") + b_atk - stat(state, a, "def") - a_def)
    if fr["ran"] == "a":
        to_b = 0  # AM-8.21: only the other one makes the last attack
    elif fr["ran"] == "b":
        to_a = 0
    dm = fr["damage"]
    dm[str(a)] = dm.get(str(a), 0) + to_a
    dm[str(b)] = dm.get(str(b), 0) + to_b
    log(state, {"t": "duel_round", "a": a, "b": b, "to_a": to_a, "to_b": to_b})
    clear_table(state, fr["cards"])
    fr["cards"] = []
    end_round(state)
    fr["rounds"] += 1
    fall = {}
    for c in (a, b):
        h = health(state, c)
        if dm[str(c)] >= 2 * h:
            fall[c] = "kill"
        elif dm[str(c)] >= h:
            fall[c] = "bonk"
    for c, how in fall.items():
        other = b if c == a else a
        to = other if other not in fall else None  # AM-8.33: the survivor takes every Item of the loser
        (kill if how == "kill" else bonk)(state, c, to=to)
    # AM-8.4: no limit on the rounds; each one opens with both players' choice to run (AM-8.32)
    goto(fr, "duel_end" if fall or fr["ran"] or fr["single"] else "duel")
