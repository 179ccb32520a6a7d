"""The Equip phase (AM-3.9, section 10): ``equip``. A card and its target are two decisions: ``play_enhancement``
and ``play_equipment`` keep the chosen card in the frame's ``pick`` until the ``target`` answer; a card played from
a hand is marked ``shown`` (face up) meanwhile.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import ask
from ....core.game import Game
from ....core.state import State
from ....core.zones import set_mark
from ..board import distinct, enter_play, havens_of, log, move_card, seat_name, stamp, take_named
from ..field import has_vehicle
from ..flow import FLOW, finish, step
from ..grid import cell_label, open_cells, place_card
from ..rules import DEFS, TYPE, VISIBILITY
from ..stats import skills


@step("equip")
def equip(game: Game, state: State, fr: dict[str, Any]) -> None:
    g = state["g"]
    seat = g["active"]
    who = seat_name(seat)
    if fr["pending"] is not None:  # AM-13.5: where the extra Haven goes
        options = [
            option("place", x, y, label=f"Put the Haven at ({x},{y})") for x, y in open_cells(state, True)
        ]
        ask(state, seat, "place_haven", f"{who}: place your extra Haven", options)
        return
    if fr.get("pick") is not None:  # AM-10.2, AM-10.3: the card is chosen; now the Character that gets it
        x = fr["pick"][1]
        name = state["cards"][x]
        options = [option("target", c, label=text) for c, text in equip_targets(state, seat, name)]
        ask(state, seat, "equip_target", f"{who}: which Character gets {name}?", options)
        return
    options = equip_options(state, seat, fr["used"])
    if not options and not state["zones"][f"hand:{seat}"]:
        finish(state)  # an empty hand: nothing to play, as everyone can see
        return
    # asked even with "end" alone: the hand is secret
    options.append(option("end", label="End the Equip phase"))
    ask(state, seat, "equip", f"{who}: Equip phase", options)


def equip_targets(state: State, seat: int, name: str) -> list[tuple[int, str]]:
    """The Characters an Enhancement (AM-10.2, AM-10.5) or Equipment (AM-10.3, AM-10.5, AM-10.15) may go on."""
    g = state["g"]
    names = state["cards"]
    owner = state["owner"]
    card = DEFS[name]
    req = set(card.requires)
    out: list[tuple[int, str]] = []
    if card.type == "enhancement":
        for c in sorted(int(k) for k in g["char_at"]):
            if not req or req <= skills(state, c):
                out.append((c, f"Put {name} on {names[c]} ({seat_name(owner[c])})"))
        return out
    hv = g["havens"]
    cp = g["char_at"]
    for c in g["seat_chars"][seat]:
        if hv.get(str(cp[str(c)])) != seat:
            continue
        if req and not req <= skills(state, c):
            continue
        if card.is_vehicle and has_vehicle(state, c):
            continue
        out.append((c, f"Give {name} to {names[c]}"))
    return out


def equip_options(state: State, seat: int, used: list[str]) -> list[list[str]]:
    zones = state["zones"]
    hand = zones[f"hand:{seat}"]
    out: list[list[str]] = []
    if not hand:
        return out
    havens = None
    for name, _ in distinct(state, hand):
        t = TYPE[name]
        if t == "character":  # AM-10.1
            if havens is None:
                havens = havens_of(state, seat)
            for i, h in enumerate(havens):
                text = f"Play {name} into your Haven"
                if i:
                    text += f" at {cell_label(state, h)}"
                out.append(option("play_character", name, i, label=text))
        elif t in ("enhancement", "equipment"):  # AM-10.2, AM-10.3, AM-10.5, AM-10.15
            verb = "play_" + t
            if verb in used or not equip_targets(state, seat, name):
                continue
            out.append(option(verb, name, label=f"Play {name}"))
        elif t == "global":  # AM-10.4
            if "play_global" not in used:
                out.append(option("play_global", name, label=f"Play the Global Effect {name}"))
        elif t == "haven" and "play_haven" not in used and state["options"]["extra_havens"]:  # AM-13.5
            if open_cells(state, True):
                out.append(option("play_haven", name, label=f"Place {name} as an extra Haven"))
    return out


@FLOW.answer("equip")
def answer_equip(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    g = state["g"]
    verb = action.verb
    hand = f"hand:{seat}"
    if verb == "end":
        finish(state)
    elif verb == "play_character":
        name, i = action.args
        haven = havens_of(state, seat)[i]
        enter_play(state, take_named(state, hand, name), hand, haven, "to_haven")
    elif verb in ("play_enhancement", "play_equipment"):
        x = take_named(state, hand, action.args[0])
        set_mark(state, VISIBILITY, x, hand, "shown")  # played: face up while its Character is chosen
        fr["pick"] = [verb, x]
    elif verb == "target":
        kind, x = fr.pop("pick")
        c = action.args[0]
        move_card(state, x, hand, f"gear:{c}", "attach")
        g["attached"][str(x)] = stamp(state)
        fr["used"].append(kind)
    elif verb == "play_global":
        x = take_named(state, hand, action.args[0])
        move_card(state, x, hand, f"global:{seat}", "global")
        g["attached"][str(x)] = stamp(state)
        fr["used"].append(verb)
    elif verb == "play_haven":
        fr["pending"] = take_named(state, hand, action.args[0])
        fr["used"].append(verb)
    else:  # place: the extra Haven's cell
        x = fr["pending"]
        fr["pending"] = None
        cx, cy = action.args
        move_card(state, x, hand, f"haven:{seat}", "haven")
        g["havens"][str(x)] = seat
        place_card(state, x, cx, cy)
        log(state, {"t": "place", "seat": seat, "p": x, "x": cx, "y": cy})
