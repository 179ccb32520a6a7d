"""Section 3, the turn and its phases: ``turn`` (a sequence of ``phase_discard`` ... ``phase_scavenge`` and
``turn_over``); ``discard_phase``, ``discard_hand``, ``discard_character`` (the Discard phase and setup step 9);
``reload``, ``reload_draw`` (Reload).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import Frame, StepFn, ask, done, goto, push, unwind
from ....core.game import Game
from ....core.state import State
from ..board import (
    card_named,
    carries,
    discard,
    distinct,
    log,
    move_card,
    my_chars,
    seat_name,
    take_named,
    valid,
)
from ..field import disaster_drawn
from ..flow import FLOW, finish, step
from ..rules import HAND_TARGET, NEVER, PHASES, TYPE
from ..victory import round_end_checks, snapshot
from .flash import open_window


def draw_cards(state: State, seat: int, target: int) -> None:
    """Draw until the hand holds ``target`` cards or the pile is empty (AM-2.28, AM-3.8)."""
    zones = state["zones"]
    pile = zones[f"draw:{seat}"]
    hand = zones[f"hand:{seat}"]
    while pile and len(hand) < target:
        move_card(state, pile[-1], f"draw:{seat}", f"hand:{seat}", "draw")


def begin_turn(state: State, seat: int, start: int) -> None:
    g = state["g"]
    state["turn"] += 1
    g["active"] = seat
    g["turns_started"][seat] += 1
    log(state, {"t": "turn", "seat": seat, "turn": state["turn"]})
    push(state, "turn", at=start)


_HAND = tuple(f"hand:{i}" for i in range(6))


def start_phase(state: State, phase: str) -> None:
    """AM-3.4 to AM-3.13: a phase begins; its frame is pushed only when the phase has something to do."""
    g = state["g"]
    g["phase"] = phase
    g["phase_serial"] += 1
    if g["ran_away"]:  # AM-8.22 bars a new fight for the phase only (a scenario may set this phase's)
        g["ran_away"] = [r for r in g["ran_away"] if r[2] == g["phase_serial"]]
    state["events"].append({"t": "phase", "phase": phase})
    seat = g["active"]
    zones = state["zones"]
    frame: dict[str, Any] | None = None
    if phase == "discard":
        if zones[_HAND[seat]] or discardable_chars(state, seat):
            frame = {"step": "discard_phase", "seat": seat}
    elif phase == "reload":
        frame = {"step": "reload"}
    elif phase == "maintenance":
        if g["disasters"]:
            frame = {"step": "maintenance"}
    elif phase == "equip":
        if zones[_HAND[seat]]:
            frame = {"step": "equip", "used": [], "pending": None}
    elif phase == "move":
        if g["seat_chars"][seat]:
            frame = {"step": "move_phase", "group": []}
    elif my_chars(state, seat, field_only=True):
        frame = {"step": "scavenge_phase", "group": []}
    if frame is not None:
        state["flow"].append(frame)  # what ``push`` would make of it
    if not open_window(state, seat, None) and frame is not None and phase == "reload":
        if not returnable(state, seat):  # nothing to ask first: draw at once (AM-3.5)
            done(state)
            reload_draws(state, seat)


@step("turn_over")
def turn_over(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-3.14: the last phase is over: so is the turn."""
    unwind(state, "turn")
    done(state)
    end_turn(state)


def end_turn(state: State) -> None:
    """AM-3.14: spent costs come back and "this turn" effects end; then the next seat's turn (AM-3.3)."""
    g = state["g"]
    seat = g["active"]
    g["turns_completed"][seat] += 1
    g["phase"] = "end"
    prune(state)
    g["round_turns"] += 1
    n = state["players"]
    if g["round_turns"] >= n:  # a round of turns is over
        g["round_turns"] = 0
        g["rounds"] += 1
        if round_end_checks(state):
            return
        snapshot(state)
    begin_turn(state, (seat + 1) % n, 0)


def prune(state: State) -> None:
    """Drop effects that have ended, so the state stays small."""
    g = state["g"]
    for recs in (g["chars"], g["disasters"]):
        for rec in recs.values():
            if len(rec) <= 5:
                continue  # no lists of lasting effects
            for key, i in (("mods", 3), ("skills", 1), ("in_use", 1)):
                if key in rec:
                    kept = [t for t in rec[key] if valid(state, t[i])]
                    if kept:
                        rec[key] = kept
                    else:
                        del rec[key]
    if g["off_field"]:  # AM-5.27: an Off the Field Disaster leaves once its text has run out
        for key in sorted(g["off_field"], key=int):
            if not valid(state, g["off_field"][key]):
                del g["off_field"][key]
                discard(state, int(key), "off", "off_field_end")
                g["disaster_changes"] += 1
    if g["protections"]:
        g["protections"] = [x for x in g["protections"] if valid(state, x[2])]
    if g["forced"]:
        for key in list(g["forced"]):
            if g["turns_completed"][state["owner"][int(key)]] >= g["forced"][key][2]:
                del g["forced"][key]


def discardable_chars(state: State, seat: int) -> list[int]:
    """Characters in the player's Havens that may be discarded (not while they carry Items)."""
    hv = state["g"]["havens"]
    return [
        c for c in my_chars(state, seat) if str(state["g"]["char_at"][str(c)]) in hv and not carries(state, c)
    ]


@step("discard_phase")
def discard_phase(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.30, AM-3.4: the menu: discard from the hand, from the Haven, or stop."""
    seat = fr["seat"]
    options = []
    if state["zones"][f"hand:{seat}"]:
        options.append(option("discard_from_hand", label="Discard a card from your hand"))
    if discardable_chars(state, seat):
        options.append(option("discard_from_haven", label="Discard a Character from your Haven"))
    if not options:
        finish(state)
        return
    options.append(option("done", label="Discard nothing more"))
    ask(state, seat, "discard", f"{seat_name(seat)}: discard cards?", options)


@step("discard_hand")
@step("discard_character")
def ask_which_discard(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.30, AM-3.4: which card of the hand, or which Character of the Haven, is discarded."""
    seat = fr["seat"]
    if fr["step"] == "discard_hand":
        hand = state["zones"][f"hand:{seat}"]
        options = [option("discard", name, label=f"Discard {name}") for name, _ in distinct(state, hand)]
    else:
        options = [
            option("discard_character", c, label=f"Discard {state['cards'][c]} from your Haven")
            for c in discardable_chars(state, seat)
        ]
    ask(state, seat, "discard_which", f"{seat_name(seat)}: which one?", options)


@FLOW.answer("discard_phase", "discard_hand", "discard_character")
def answer_discard_phase(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    verb = action.verb
    if verb == "done":
        finish(state)
    elif verb == "discard_from_hand":
        goto(fr, "discard_hand")
    elif verb == "discard_from_haven":
        goto(fr, "discard_character")
    elif verb == "discard":
        hand = f"hand:{seat}"
        discard(state, take_named(state, hand, action.args[0]), hand, "discard")
        goto(fr, "discard_phase")
    else:  # discard_character
        discard_from_haven(state, action.args[0])
        goto(fr, "discard_phase")


def discard_from_haven(state: State, c: int) -> None:
    """A Character discarded from a Haven takes its attached cards with it."""
    g = state["g"]
    p = g["char_at"].pop(str(c))
    g["seat_chars"][state["owner"][c]].remove(c)
    for x in list(state["zones"].get(f"gear:{c}", ())):
        g["attached"].pop(str(x), None)
        discard(state, x, f"gear:{c}", "discard")
    discard(state, c, f"pc:{p}", "discard")
    g["chars"].pop(str(c), None)
    g["forced"].pop(str(c), None)


def returnable(state: State, seat: int) -> list[int]:
    """AM-6.23: bonked Characters that have missed a whole turn of their owner."""
    g = state["g"]
    now = g["turns_started"][seat]
    return [c for c in state["zones"][f"bonked:{seat}"] if now >= g["bonked"].get(str(c), NEVER) + 2]


@step("reload")
def reload(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-6.23: bonked Characters may come back to the hand first."""
    seat = state["g"]["active"]
    back = returnable(state, seat)
    if not back:
        reload_draw(game, state, fr)
        return
    options = [
        option("return_character", name, label=f"Return {name} to your hand")
        for name, _ in distinct(state, back)
    ]
    options.append(option("done", label="Return no more"))
    ask(state, seat, "return_bonked", f"{seat_name(seat)}: return bonked Characters?", options)


@step("reload_draw")
def reload_draw(game: Game, state: State, fr: dict[str, Any]) -> None:
    finish(state)
    reload_draws(state, state["g"]["active"])


def reload_draws(state: State, seat: int) -> None:
    """AM-3.5 to AM-3.8: draw one at a time until 7 cards or a Disaster; an empty pile just stops."""
    zones = state["zones"]
    hand = zones[f"hand:{seat}"]
    pile = zones[f"draw:{seat}"]
    types = TYPE
    names = state["cards"]
    while len(hand) < HAND_TARGET and pile:
        x = pile[-1]
        if types[names[x]] == "disaster":  # AM-3.6
            disaster_drawn(state, x, seat)
            break
        move_card(state, x, f"draw:{seat}", f"hand:{seat}", "draw")


@FLOW.answer("reload")
def answer_reload(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    if action.verb == "done":
        goto(fr, "reload_draw")
        return
    c = card_named(state, returnable(state, seat), action.args[0])
    move_card(state, c, f"bonked:{seat}", f"hand:{seat}", "return")  # AM-6.23: fully healed
    state["g"]["bonked"].pop(str(c), None)


def _phase_step(phase: str) -> StepFn:
    def run_phase(game: Game, state: State, fr: Frame) -> None:
        done(state)
        start_phase(state, phase)

    return run_phase


# AM-3.1: a turn is its six phases in order, then its end (a frame may also name a phase step)
for _phase in PHASES:
    step(f"phase_{_phase}")(_phase_step(_phase))


@step("turn")
def turn(game: Game, state: State, fr: Frame) -> None:
    """The turn's frame: ``at`` is the next of the six phases, then ``turn_over``. Each begins in place: the end
    check made before this step is the one its own step would make, as nothing changes in between."""
    at = fr.get("at", 0)
    if at > len(PHASES):
        done(state)
        return
    fr["at"] = at + 1
    if at < len(PHASES):
        start_phase(state, PHASES[at])
    else:
        turn_over(game, state, fr)
