"""Section 7, Scavenging: the Scavenge phase menu (``scavenge_phase``: ``{group}`` being formed), one Scavenge
attempt (``scavenge_attempt``, ``scavenge_reveal``, ``scavenge_after``, ``scavenge_take``: ``{place, chars, seat}``)
and the sharing out of what was found (``share``: ``{seat, place, chars, equipment}``).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..board import (
    bag,
    carries,
    char_label,
    chars_at,
    disasters_at,
    log,
    move_card,
    my_chars,
    seat_name,
    stamp,
)
from ..field import has_vehicle, off_field, put_on_field, steal_from_chars, text_possible
from ..flow import FLOW, finish, step
from ..rules import DEFS
from ..stats import skills
from .combat import start_combat
from .flash import open_window


def meets(state: State, p: int, cs: list[int]) -> bool:
    """AM-7.2 to AM-7.4: the group's skills together cover the Location's, or a Category right does."""
    card = DEFS[state["cards"][p]]
    if not card.skills:
        return True  # AM-7.3
    have: set[str] = set()
    for c in cs:
        have |= skills(state, c)
    if set(card.skills) <= have:
        return True
    return any(s.startswith("scav:") and s[5:] in card.cats for s in have)


def blocked(state: State, p: int) -> bool:
    """AM-5.23: a moves-only-once Disaster blocks Scavenging where it stands."""
    names = state["cards"]
    return any("MOVES_ONCE" in DEFS[names[d]].keywords for d in disasters_at(state, p))


def scavengers(state: State, seat: int, p: int) -> list[int]:
    g = state["g"]
    turn = state["turn"]
    return [
        c for c in chars_at(state, p) if state["owner"][c] == seat and g["chars"][str(c)]["scavenged"] != turn
    ]


@step("scavenge_phase")
def scavenge_phase(game: Game, state: State, fr: dict[str, Any]) -> None:
    g = state["g"]
    seat = g["active"]
    who = seat_name(seat)
    if fr["group"]:
        p = g["char_at"][str(fr["group"][0])]
        options = [
            option("join", c, label=f"{state['cards'][c]} joins in")
            for c in scavengers(state, seat, p)
            if c not in fr["group"]
        ]
        ready = meets(state, p, fr["group"])
        if not options and ready:
            _scavenge(state, fr)
            return
        if ready:
            options.append(option("start_scavenging", label="Start Scavenging"))
        group = ", ".join(state["cards"][c] for c in fr["group"])
        ask(state, seat, "group", f"{who}: Scavenging {state['cards'][p]} with {group}", options)
        return
    options = []
    hv = g["havens"]
    for c in my_chars(state, seat):
        p = g["char_at"][str(c)]
        if (
            str(p) in hv
            or p in g["destroyed"]
            or g["chars"][str(c)]["scavenged"] == state["turn"]
            or blocked(state, p)
        ):
            continue
        if meets(state, p, scavengers(state, seat, p)):
            options.append(
                option("scavenge", c, label=f"{char_label(state, c)} Scavenges {state['cards'][p]}")
            )
    if not options:
        finish(state)
        return
    options.append(option("end", label="End the Scavenge phase"))
    ask(state, seat, "scavenge", f"{who}: Scavenge phase", options)


@FLOW.answer("scavenge_phase")
def answer_scavenge_phase(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    verb = action.verb
    if verb == "end":
        finish(state)
    elif verb in ("scavenge", "join"):
        fr["group"].append(action.args[0])
    else:  # start_scavenging
        _scavenge(state, fr)


def _scavenge(state: State, fr: dict[str, Any]) -> None:
    g = state["g"]
    group = fr["group"]
    fr["group"] = []
    for c in group:
        g["chars"][str(c)]["scavenged"] = state["turn"]  # AM-7.1
    p = g["char_at"][str(group[0])]
    log(state, {"t": "scavenge", "p": p, "cs": list(group)})
    push(state, "scavenge_attempt", place=p, chars=group, seat=g["active"])


def _sat_members(state: State, fr: dict[str, Any]) -> list[int]:
    """The scavengers still on the Location."""
    cp = state["g"]["char_at"]
    fr["chars"] = [c for c in fr["chars"] if cp.get(str(c)) == fr["place"]]
    return fr["chars"]


@step("scavenge_attempt")
def scavenge_attempt(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-7.5: a Scavenge attempt begins (or goes on) if the group still meets the Location."""
    _sat_check(state, fr, after=False)


@step("scavenge_after")
def scavenge_after(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-7.9, AM-7.10: after a reveal, the attempt goes on only if the scavengers came through untouched."""
    _sat_check(state, fr, after=True)


def _sat_check(state: State, fr: dict[str, Any], after: bool) -> None:
    g = state["g"]
    p = fr["place"]
    cs = _sat_members(state, fr)
    res = fr.pop("res", None)
    if after and res in ("survived", "ran"):
        _stop_scavenge(state, "stopped")  # AM-7.10
        return
    if not cs or p in g["destroyed"] or not meets(state, p, cs) or blocked(state, p):
        _stop_scavenge(state, "stopped")  # AM-7.10, AM-5.23
        return
    if not state["zones"][f"ds:{p}"]:
        goto(fr, "scavenge_take")
        open_window(state, fr["seat"], None)  # AM-10.20: before the Items are taken
        return
    if after:  # AM-7.9
        ask(
            state,
            fr["seat"],
            "scavenge_more",
            f"{seat_name(fr['seat'])}: reveal the next Disaster under {state['cards'][p]}?",
            [
                option("reveal_next", label="Reveal the next one"),
                option("stop", label="Stop Scavenging"),
            ],
        )
        return
    goto(fr, "scavenge_reveal")
    open_window(state, fr["seat"], None)  # AM-10.20: before each reveal


@step("scavenge_reveal")
def scavenge_reveal(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-7.5 to AM-7.8: the top Disaster is revealed."""
    _sat_members(state, fr)
    goto(fr, "scavenge_after")
    if state["zones"][f"ds:{fr['place']}"]:
        reveal(state, fr)


@step("scavenge_take")
def scavenge_take(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-7.11, AM-7.12: no Disaster is left: the Items are found."""
    p = fr["place"]
    zones = state["zones"]
    cs = _sat_members(state, fr)
    seat = fr["seat"]
    for x in list(zones[f"it:{p}"]):
        move_card(state, x, f"it:{p}", f"spoils:{seat}", "found")
    log(state, {"t": "found", "p": p, "seat": seat})
    finish(state)
    push(state, "share", seat=seat, place=p, chars=cs, equipment=list(zones.get(f"eq:{p}", ())))


@FLOW.answer("scavenge_after")
def answer_scavenge_after(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    if action.verb == "stop":
        _stop_scavenge(state, "stopped")
    else:
        goto(fr, "scavenge_reveal")
        open_window(state, fr["seat"], None)


def _stop_scavenge(state: State, why: str) -> None:
    """AM-7.13, AM-7.14: the attempt ends; what was revealed stays revealed."""
    log(state, {"t": "scavenge_end", "why": why})
    finish(state)


def reveal(state: State, fr: dict[str, Any]) -> None:
    """AM-7.5 to AM-7.8: turn the top Disaster face up; it enters the Field and deals with the scavengers."""
    p = fr["place"]
    seat = fr["seat"]
    zones = state["zones"]
    d = zones[f"ds:{p}"][-1]
    card = DEFS[state["cards"][d]]
    if card.off_field:
        off_field(state, d, f"ds:{p}", seat)
        return
    put_on_field(state, d, f"ds:{p}", p, "revealed", 0 if "MOVES_ONCE" in card.keywords else 2)  # AM-5.22
    log(state, {"t": "revealed", "d": d, "name": state["cards"][d], "p": p})
    cs = fr["chars"]
    if card.is_combat_disaster:
        carriers = [c for c in cs if carries(state, c)]
        if carriers and "STEALS" in card.keywords:  # AM-7.8, AM-5.24
            steal_from_chars(state, d, p, carriers)
            fr["res"] = "survived"
            return
        start_combat(state, d, p, seat, "scav", [])  # AM-7.6
        return
    if text_possible(state, d, p, cs):  # AM-7.7, AM-7.8
        push(state, "disaster_text", disaster=d, place=p, chars=list(cs), effect=0)


@step("share")
def share(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-7.11, AM-7.15: the owner shares the finds out among the surviving members."""
    g = state["g"]
    seat, p = fr["seat"], fr["place"]
    cs = [c for c in fr["chars"] if g["char_at"].get(str(c)) == p]
    spoils = state["zones"].get(f"spoils:{seat}")
    if spoils:
        x = spoils[-1]
        if not cs:
            move_card(state, x, f"spoils:{seat}", f"it:{p}", "dropped")
            return
        if len(cs) == 1:
            _take(state, x, f"spoils:{seat}", cs[0])
            return
        options = [option("give_to", c, label=f"{state['cards'][x]} to {state['cards'][c]}") for c in cs]
        ask(state, seat, "share", f"{seat_name(seat)}: who takes this Item?", options)
        return
    while fr["equipment"]:
        x = fr["equipment"][0]
        card = DEFS[state["cards"][x]]
        can = [c for c in cs if not (card.is_vehicle and has_vehicle(state, c))]
        if not can:
            fr["equipment"].pop(0)  # AM-7.15: it stays under the Location
            continue
        if len(can) == 1:
            fr["equipment"].pop(0)
            _take(state, x, f"eq:{p}", can[0])
            continue
        options = [option("give_to", c, label=f"{state['cards'][x]} to {state['cards'][c]}") for c in can]
        ask(state, seat, "share", f"{seat_name(seat)}: who takes {state['cards'][x]}?", options)
        return
    finish(state)


@FLOW.answer("share")
def answer_share(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    c = action.args[0]
    spoils = state["zones"].get(f"spoils:{seat}")
    if spoils:
        _take(state, spoils[-1], f"spoils:{seat}", c)
    else:
        x = fr["equipment"].pop(0)
        _take(state, x, f"eq:{fr['place']}", c)


def _take(state: State, x: int, src: str, c: int) -> None:
    """AM-7.11, AM-7.15: an Item (shared out from the finds) goes into the bag, Equipment (from under the
    Location, face up) onto the Character; told apart by where they lie, since a found Item is face down."""
    item = src.startswith("spoils:")
    move_card(state, x, src, bag(state, c) if item else f"gear:{c}", "take")
    state["g"]["attached"][str(x)] = stamp(state)
