"""What Ani-Mayhem's players see of the state besides the zones: the public data and each seat's own.

Public data leaves out whatever depends on Items carried by Characters, which only their owner knows (AM-1.26); the
owner's private data has the full values.
"""

from __future__ import annotations

from typing import Any

from ...core.state import State
from .board import items_of, loot, valid
from .cards import ATTRS
from .flow import DUEL, PHYSICAL
from .grid import cells as placed_cells
from .grid import paths
from .stats import dstat, skills, stat
from .victory import held


def _char_view(state: State, c: int, items: bool) -> dict[str, Any]:
    g = state["g"]
    out: dict[str, Any] = {a: stat(state, c, a, items=items) for a in ATTRS}
    out["at"] = g["char_at"][str(c)]
    out["seat"] = state["owner"][c]
    out["skills"] = sorted(skills(state, c))
    out["items"] = len(items_of(state, c))
    rec = g["chars"][str(c)]
    out["spent"] = -sum(t[2] for t in rec.get("mods", ()) if len(t) > 5 and valid(state, t[3]))
    out["moved"] = rec["moved"] == state["turn"]
    out["scavenged"] = rec["scavenged"] == state["turn"]
    return out


def public_view(state: State) -> dict[str, Any]:
    g = state["g"]
    if g["phase"] == "setup" and not g["layout"]:
        return {"phase": "setup", "first": g["first"], "cells": []}
    cells = []
    for p, (x, y) in placed_cells(state).items():
        seat = g["havens"].get(str(p))
        cells.append([p, x, y, "haven" if seat is not None else "location", seat, p in g["destroyed"]])
    cells.sort()
    combat = None
    for fr in reversed(state["flow"]):
        if fr["step"] in PHYSICAL:
            combat = {"kind": "physical", "cause": fr["cause"], "disaster": fr["disaster"], "at": fr["place"],
                      "engaged": fr["engaged"], "chars": fr["chars"], "damage": fr["damage"], "round": fr["rounds"],
                      "target": fr["target"], "attackers": fr["attackers"]}  # fmt: skip
            break
        if fr["step"] in DUEL:
            combat = {
                "kind": "duel",
                "chars": [fr["challenger"], fr["defender"]],
                "damage": fr["damage"],
                "round": fr["rounds"],
            }
            break
    routes = {}
    for r, order in paths(state).items():
        routes[r] = [p for p in order if p not in g["destroyed"]]
    return {
        "phase": g["phase"],
        "active": g["active"],
        "first": g["first"],
        "round": g["rounds"] + 1,
        "turns": list(g["turns_completed"]),
        "items_total": g["items_total"],
        "destroyed_items": g["items_lost"],
        "loose_items": g["loose_items"],
        "held": held(state),
        "cells": cells,
        "routes": routes,
        "chars": {k: _char_view(state, int(k), False) for k in g["char_at"]},
        "disasters": {
            k: {
                "at": p,
                "stamp": g["disasters"][k]["stamp"],
                **{a: dstat(state, int(k), a) for a in ATTRS},
                "carrying": len(loot(state, int(k))),
                "ignores": g["disasters"][k].get("ignores", []),
                "barred": g["disasters"][k].get("barred", []),
            }
            for k, p in g["disaster_at"].items()
        },
        "off_field": {k: v for k, v in g["off_field"].items()},
        "bonked": dict(g["bonked"]),
        "forced": dict(g["forced"]),
        "combat": combat,
    }


def private_view(state: State, seat: int) -> dict[str, Any]:
    g = state["g"]
    if not g["char_at"]:
        return {}
    return {
        "chars": {k: _char_view(state, int(k), True) for k in g["char_at"] if state["owner"][int(k)] == seat}
    }
