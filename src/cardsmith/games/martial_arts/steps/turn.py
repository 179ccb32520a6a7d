"""Section 3 (turn structure), with the hand limit of section 11 and the stall check of section 12.

A turn is one frame that moves through its phases as named continuations: ``new_turn``, ``draw``, ``prep``,
``prep_windows``, ``attack1``, ``attack2``, ``resolve``, ``end``, ``end_limit``, ``end_final``. A phase pushes what it
asks (windows, an exchange, forced discards) on top of the turn and names the step that follows. Each phase's
step is named after the phase, so a scenario can start a turn at any phase.
"""

from __future__ import annotations

from cardsmith.core.flow import Frame, done, goto, open_window, push
from cardsmith.core.state import State

from ..effects import clause_total, draw, event_discards, push_discards
from ..flow import FLOW, Rules
from ..model import ATTACKER_DRAW, DEFENDER_DRAW, HAND_LIMIT, Table, other
from ..powers import ExtraDraw, TurnEndDiscard, TurnStartDiscard


@FLOW.step()
def turns(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.1: turns follow one another until the game ends (section 12)."""
    push(state, "new_turn")


def phase(game: Rules, state: State, name: str) -> None:
    state["g"]["phase"] = name
    game.log(state, {"t": "phase", "phase": name})


def windows(state: State) -> None:
    """MA-3.11, MA-3.12, MA-3.16, MA-3.17: the attacker's window, then the defender's."""
    g: Table = state["g"]
    attacker = g["attacker"]
    open_window(state, "window", seat=other(attacker), phase=g["phase"], event_used=False)
    open_window(state, "window", seat=attacker, phase=g["phase"], event_used=False)


@FLOW.step()
def new_turn(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.2, MA-3.4: the players take turns as attacker; turn 1 has no Draw phase (MA-3.5, MA-3.6)."""
    g: Table = state["g"]
    state["turn"] += 1
    turn = state["turn"]
    g["attacker"] = g["start"] if turn % 2 == 1 else other(g["start"])
    g["played"] = [False, g["played"][0]]
    game.log(state, {"t": "turn", "turn": turn, "attacker": g["attacker"]})
    goto(frame, "draw" if turn > 1 else "prep")


@FLOW.step("draw")
def draw_phase(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.7, MA-3.8, MA-3.9: attacker draws 3, then defender 2, plus EXTRA_DRAW."""
    g: Table = state["g"]
    g["phase"] = "draw"
    attacker = g["attacker"]
    draw(game, state, attacker, ATTACKER_DRAW + clause_total(state, ExtraDraw, attacker))
    defender = other(attacker)
    draw(game, state, defender, DEFENDER_DRAW + clause_total(state, ExtraDraw, defender))
    goto(frame, "prep")


_CLAUSES = {"prep": ("prep_windows", TurnStartDiscard), "end": ("end_limit", TurnEndDiscard)}
"""The phases that open with the active event's clauses: the step after them and the clause kind."""


@FLOW.step("prep")
@FLOW.step("end")
def event_clauses(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.10, MA-10.14: the Prep phase opens with the beginning-of-turn clauses of the event active now (then the
    windows); MA-3.18, MA-10.10, MA-10.15, MA-10.16: the End phase with the end-of-turn discards (then the hand
    limit)."""
    name = frame["step"]
    after, clause = _CLAUSES[name]
    phase(game, state, name)
    goto(frame, after)
    push_discards(game, state, event_discards(state, clause))


@FLOW.step()
def prep_windows(game: Rules, state: State, frame: Frame) -> None:
    goto(frame, "attack1")
    windows(state)


@FLOW.step("attack1")
@FLOW.step("attack2")
def attack(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.13: the first attack phase; MA-3.14, MA-3.15: the second, alike. Each is one exchange."""
    name = frame["step"]
    phase(game, state, name)
    goto(frame, "attack2" if name == "attack1" else "resolve")
    push(state, "exchange")


@FLOW.step()
def resolve(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.16, MA-3.17: the Resolve phase's windows."""
    phase(game, state, "resolve")
    goto(frame, "end")
    windows(state)


@FLOW.step()
def end_limit(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.19, MA-11.2: discard down to 7, attacker first."""
    attacker = state["g"]["attacker"]
    owed = []
    for seat in (attacker, other(attacker)):
        excess = len(state["zones"][f"hand:{seat}"]) - HAND_LIMIT
        if excess > 0:
            owed.append((seat, excess))
    goto(frame, "end_final")
    push_discards(game, state, owed)


@FLOW.step()
def end_final(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.20 (boosts expire), MA-3.21 and MA-12.5 (the stall check), then the next turn."""
    g: Table = state["g"]
    g["boost_atk"] = [0, 0]
    g["boost_def"] = [0, 0]
    z = state["zones"]
    if not z["deck:0"] and not z["deck:1"] and not g["played"][0] and not g["played"][1]:
        life = g["life"]
        if life[0] == life[1]:
            game.finish(state, [], "stall: both decks empty and two quiet turns, equal life")  # MA-12.6
        else:
            game.finish(state, [0 if life[0] > life[1] else 1], "stall: both decks empty and two quiet turns")
        return
    done(state)
