"""The turn (section 3): Step 1 draw, Step 3 power up, Step 4 declare, Step 5 discard and rejuvenate.

The game runs as one frame whose step is where the turn stands (``start_turn``, ``draw``, ``noncombat``,
``powerup``, ``declare``, ``combat_action`` / ``response``, ``end_of_turn``, ``rejuvenate``); what a rule asks
in between (a clash choice, a drill to target, colours to keep, a hand-limit discard) is a frame pushed on top.
"""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, goto, push
from cardsmith.core.state import State
from cardsmith.core.steps import discard_cards

from ..model import COMBAT_DRAW, MAX_STAGE, STEP1_DRAW, Rules, enter_step, other
from .drills import total
from .flow import FLOW
from .levels import mp
from .life import draw as draw_cards

DECLARE_OPTIONS = [
    option("declare_combat", label="Declare combat"),
    option("no_combat", label="No combat this turn"),
]


@FLOW.step()
def start_turn(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.1, DBZ-3.14: the next player's turn begins with Step 1."""
    g = state["g"]
    limit = state["options"]["turn_limit"]
    if state["turn"] >= limit:
        game.finish(state, [], f"the turn limit of {limit} turns was reached")
        return
    state["turn"] += 1
    g["active"] = g["first"] if state["turn"] % 2 == 1 else other(g["first"])
    g["declared"] = False
    g["used_this_turn"] = []  # DBZ-11.14: once-per-turn uses reset
    game.log(state, {"t": "turn", "turn": state["turn"], "seat": g["active"]})
    goto(frame, "draw")


@FLOW.step()
def draw(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.3, DBZ-3.4, DBZ-11.6: Step 1, draw 3 plus EXTRA_DRAW; then clash choices (section 9)."""
    seat = enter_step(state, "draw")
    goto(frame, "noncombat")
    draw_cards(game, state, seat, STEP1_DRAW + total(game, state, seat, "EXTRA_DRAW"))


@FLOW.step()
def powerup(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.7, DBZ-4.2, DBZ-11.7: Step 3, gain PUR plus POWER_UP_BONUS stages, up to 10."""
    seat = enter_step(state, "powerup")
    g = state["g"]
    gain = mp(game, state, seat).levels[g["level"][seat] - 1].pur + total(game, state, seat, "POWER_UP_BONUS")
    g["stage"][seat] = min(MAX_STAGE, g["stage"][seat] + gain)
    game.log(state, {"t": "power_up", "seat": seat, "gain": gain, "stage": g["stage"][seat]})
    goto(frame, "declare")


@FLOW.step()
def declare(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.8, DBZ-5.1: Step 4, declare combat or not."""
    seat = enter_step(state, "declare")
    ask(state, seat, "declare", game.text.prompt_declare(state, seat), DECLARE_OPTIONS)


@FLOW.answer("declare")
def declare_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "no_combat":
        goto(frame, "end_of_turn")
        return
    # DBZ-5.1, DBZ-5.2, DBZ-5.3: combat is declared; the defender draws 3; the attacker acts first.
    g = state["g"]
    g["declared"] = True
    g["phase"] = "combat"
    g["used_this_combat"] = []  # DBZ-11.14: once-per-combat uses reset
    g["combat"] = {"attacker": seat, "to_act": seat, "passes": 0, "final_physical_attack": [False, False],
                   "attack": None}  # fmt: skip
    game.log(state, {"t": "combat", "seat": seat})
    goto(frame, "combat_action")
    draw_cards(game, state, other(seat), COMBAT_DRAW)


@FLOW.step()
def end_of_turn(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.9: Step 5 starts with the hand limit, active player first."""
    state["g"]["phase"] = "discard"
    goto(frame, "rejuvenate")
    push(state, "hand_limits")


FLOW.each_seat("hand_limits", "hand_limit", first=lambda state, frame: state["g"]["active"])


@FLOW.step()
def hand_limit(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.9, DBZ-3.10: discard down to the hand limit, one card at a time.

    DBZ-1.7: the seat is asked even when every card is a copy of one title, so the opponent cannot tell the two
    apart."""
    seat = frame["seat"]
    done(state)
    limit = state["options"]["hand_limit"]
    if len(state["zones"][f"hand:{seat}"]) > limit:
        prompt = game.text.prompt_limit(state, seat)
        discard_cards(state, seat, down_to=limit, prompt=prompt, cause="hand_limit")


@FLOW.step()
def rejuvenate(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.11 .. DBZ-3.13: without a declared combat, the top discard goes to the bottom of the life deck."""
    g = state["g"]
    seat = g["active"]
    pile = state["zones"][f"discard:{seat}"]
    if not g["declared"] and pile:
        game.move(state, pile[-1], f"discard:{seat}", f"life:{seat}", index=0, cause="rejuvenate")
    goto(frame, "start_turn")
