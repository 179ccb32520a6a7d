"""What happens on the Field outside any one step (sections 4 to 6): Disasters entering, moving, leaving and
carrying Items, Locations destroyed, and the frame of a Character's movement action with its legal steps.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ...core.flow import push
from ...core.state import State
from ...core.zones import set_mark
from .board import (
    bag,
    chars_at,
    discard,
    expiry,
    field_count,
    items_of,
    log,
    loot,
    move_card,
    new_dis_record,
    pick,
    remove_disaster,
    stamp,
)
from .grid import entry_location, neighbours
from .rules import DEFS, VISIBILITY
from .stats import dstat, show_counted, stat


def put_on_field(state: State, d: int, src: str, p: int, cause: str, moves: int) -> None:
    """A Disaster enters the Field on Location ``p`` with a new arrival stamp (AM-5.5)."""
    g = state["g"]
    move_card(state, d, src, "dz", cause)
    g["disaster_at"][str(d)] = p
    g["disasters"][str(d)] = new_dis_record(stamp(state), moves)
    g["disaster_changes"] += 1


def move_disaster(state: State, d: int, p: int) -> None:
    """A Disaster moves across the Field to Location ``p``; it stays among the Disasters on the Field."""
    g = state["g"]
    key = str(d)
    names = state["cards"]
    state["events"].append(
        {"t": "dstep", "d": d, "name": names[d], "from": g["disaster_at"][key], "to": p, "at": names[p]}
    )
    g["disaster_at"][key] = p
    g["stamp_counter"] += 1
    g["disasters"][key]["arrived"] = g["stamp_counter"]


def end_cycle(state: State, d: int) -> bool:
    """AM-5.10 to AM-5.12: Off the Field. Returns True if a Major came back onto the entry Location."""
    g = state["g"]
    rec = g["disasters"][str(d)]
    if not DEFS[state["cards"][d]].major:
        log(state, {"t": "cycle", "d": d, "name": state["cards"][d], "major": False})
        remove_disaster(state, d, "cycle_end")  # AM-5.11
        return False
    for x in list(loot(state, d)):  # AM-5.12: its Item is destroyed
        move_card(state, x, f"loot:{d}", "destroyed", "destroyed")
    p = entry_location(state, d)
    if p is None:  # no Location left to come back to
        remove_disaster(state, d, "cycle_end")
        return False
    log(state, {"t": "cycle", "d": d, "name": state["cards"][d], "major": True})
    move_disaster(state, d, p)
    rec["stamp"] = stamp(state)  # AM-5.5: a new stamp when it comes back
    return True


def ignored(state: State, d: int, c: int) -> bool:
    """AM-9.19: a Major Disaster ignores the Characters that beat it in a charm contest."""
    return c in state["g"]["disasters"][str(d)].get("ignores", ())


def ran_from(state: State, d: int, c: int) -> bool:
    """AM-8.22: ``c`` ran away from ``d`` in this phase."""
    ps = state["g"]["phase_serial"]
    return any(r[0] == d and r[1] == c and r[2] == ps for r in state["g"]["ran_away"])


def movement_left(state: State, d: int) -> tuple[str, int]:
    """The mode and steps of a Disaster's Maintenance move (AM-5.7, AM-5.19 to AM-5.22)."""
    rec = state["g"]["disasters"][str(d)]
    mov = dstat(state, d, "mov")
    if mov is None:
        return "z", 1  # AM-5.19
    if rec["moves_once"] == 0:
        return "n", 0  # AM-5.21, AM-5.22: a moves-only-once Disaster that has had its move
    if rec["moves_once"] == 1:
        rec["moves_once"] = (
            0  # AM-5.21: it moves in the Maintenance of the turn it was drawn, then never again
        )
    return "n", mov  # AM-5.20: a Movement of 0 means no move


def escape(state: State, d: int) -> None:
    """AM-5.25: the Disaster at once moves its full Movement, ignoring every Character and Item."""
    mov = dstat(state, d, "mov") or 0
    log(state, {"t": "escape", "d": d, "name": state["cards"][d]})
    push(state, "disaster_move", disaster=d, left=mov, mode="e")


def eligible_chars(state: State, d: int, p: int) -> list[int]:
    """The Characters at ``p`` the Disaster does not ignore and may fight (AM-5.28, AM-8.22, AM-9.19)."""
    rec = state["g"]["disasters"][str(d)]
    ign = rec.get("ignores", ())
    return [c for c in chars_at(state, p) if c not in ign and not ran_from(state, d, c)]


def pick_up(state: State, d: int, p: int) -> None:
    """AM-5.16: a Combat Disaster carrying nothing takes one Item at random from the Location's pile."""
    pile = state["zones"][f"it:{p}"]
    if pile and not loot(state, d):
        x = pick(state, list(pile))
        move_card(state, x, f"it:{p}", f"loot:{d}", "pick_up")


def drop_loot(state: State, d: int, p: int) -> list[int]:
    """The Disaster drops the Item it carries into the Location's Item pile (AM-5.14, AM-5.24)."""
    out = []
    for x in list(loot(state, d)):
        move_card(state, x, f"loot:{d}", f"it:{p}", "drop")
        out.append(x)
    return out


def steal_from_chars(state: State, d: int, p: int, carriers: list[int]) -> None:
    """AM-5.24: drop its own Item, take a random Item from a random carrier, then the escape move."""
    drop_loot(state, d, p)
    victim = pick(state, carriers)
    x = pick(state, list(items_of(state, victim)))
    state["g"]["attached"].pop(str(x), None)
    move_card(state, x, bag(state, victim), f"loot:{d}", "stolen")
    log(state, {"t": "dsteal", "d": d, "c": victim})
    escape(state, d)


def text_possible(state: State, d: int, p: int, chars: list[int]) -> bool:
    """AM-5.18: whether the Disaster's text can be carried out on these Characters here."""
    if not chars:
        return False
    for e in DEFS[state["cards"][d]].effects:
        if e.verb == "DESTROY_LOCATION" and p in state["g"]["destroyed"]:
            return False
        if e.verb == "MOVE" and not any(can_step_alone(state, c, e.n) for c in chars):
            return False  # nobody it reaches can be moved at all
    return True


def text_targets(state: State, target: str, chars: list[int]) -> list[int]:
    """AM-11.9: each Character there, one at random, or the one with the highest value of an attribute; none when
    no Character is there."""
    if not chars:
        return []
    if target == "each":
        return list(chars)
    if target == "random":
        return [pick(state, chars)]
    attr = target.split("_", 1)[1]
    show_counted(state, chars, attr)  # AM-11.9 reading: the Items counted are shown
    values = {c: stat(state, c, attr) for c in chars}
    best = max(values.values())
    return [pick(state, [c for c in chars if values[c] == best])]


def destroy_location(state: State, p: int) -> None:
    """AM-4.8, AM-4.10: turned face down in its cell; Items destroyed, Disasters under it discarded unseen,
    Equipment under it discarded. Characters and revealed Disasters there stay (AM-4.11)."""
    g = state["g"]
    if p in g["destroyed"] or str(p) in g["havens"]:
        return
    g["destroyed"].append(p)
    set_mark(state, VISIBILITY, p, "field", "destroyed")
    log(state, {"t": "destroy_loc", "p": p, "name": state["cards"][p]})
    zones = state["zones"]
    for x in list(zones[f"it:{p}"]):
        move_card(state, x, f"it:{p}", "destroyed", "destroyed")
    for x in list(zones[f"ds:{p}"]):
        discard(state, x, f"ds:{p}", "unseen", mark="unseen")
        g["disaster_changes"] += 1
    for x in list(zones.get(f"eq:{p}", ())):
        discard(state, x, f"eq:{p}", "discard")


def new_mact(
    state: State, cs: list[int], budget: int, mode: str, path: list[int] | None = None
) -> dict[str, Any]:
    c0 = cs[0]
    fr: dict[str, Any] = {
        "step": "movement",
        "chars": list(cs),
        "seat": state["owner"][c0],
        "budget": budget,
        "used": 0,
        "place": state["g"]["char_at"][str(c0)],
        "mode": mode,
        "deny": [],
    }
    if path is not None:
        fr["path"] = path
    return fr


def group_movement(state: State, cs: list[int]) -> int:
    """AM-6.10: a group moves with the lowest current Movement among its members."""
    return min(stat(state, c, "mov") for c in cs)


def may_end(state: State, q: int, seat: int) -> bool:
    """A movement action may end on a non-destroyed Location (AM-6.9) or in a Haven it may enter."""
    g = state["g"]
    owner = g["havens"].get(str(q))
    if owner is not None:
        return owner == seat or state["options"]["haven_permission"]
    return q not in g["destroyed"]


def reach_end(state: State, start: int, steps: int, seat: int, deny: list[int]) -> bool:
    """Whether a legal end can be reached from ``start`` in at most ``steps`` steps (AM-4.9)."""
    if may_end(state, start, seat) and start not in deny:
        return True
    if steps <= 0:
        return False
    g = state["g"]
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        p, dist = frontier.popleft()
        if dist >= steps:
            continue
        for q in neighbours(state, p):
            if q in seen or q in deny:
                continue
            owner = g["havens"].get(str(q))
            if owner is not None and owner != seat and not state["options"]["haven_permission"]:
                continue
            if owner is not None and owner == seat:
                return True
            if q not in g["destroyed"]:
                return True
            seen.add(q)
            frontier.append((q, dist + 1))
    return False


def leave_bonus(state: State, fr: dict[str, Any]) -> int:
    """AM-10.24: the Movement a movement action gains by stepping out of the mover's own Haven where it stands."""
    p = fr["place"]
    if state["g"]["havens"].get(str(p)) != fr["seat"]:
        return 0
    return sum(
        e.value
        for e in DEFS[state["cards"][p]].effects
        if e.verb == "MODIFY" and e.when == "leave" and e.attr == "mov" and e.op == "+"
    )


def step_options(state: State, fr: dict[str, Any]) -> list[int]:
    """The cells the mover may step to now (AM-6.4 to AM-6.9, AM-13.2)."""
    g = state["g"]
    left = fr["budget"] - fr["used"]
    if left <= 0:
        return []
    p = fr["place"]
    seat = fr["seat"]
    hv = g["havens"]
    dead = g["destroyed"]
    in_haven = str(p) in hv
    out = []
    for q in neighbours(state, p):
        if q in fr["deny"]:
            continue
        owner = hv.get(str(q))
        if owner is not None:
            if owner != seat and not state["options"]["haven_permission"]:
                continue  # AM-6.8
            out.append(q)
            continue
        if in_haven and field_count(state, seat) + len(fr["chars"]) > 6:
            continue  # AM-6.1, AM-6.6
        if q in dead and not reach_end(state, q, left - 1 + leave_bonus(state, fr), seat, fr["deny"]):
            continue  # AM-4.9, AM-6.9: never stranded on a destroyed Location
        out.append(q)
    return out


def can_step_alone(state: State, c: int, n: int) -> bool:
    """Whether Character ``c`` has any legal step with a budget of ``n`` (used by AM-5.18)."""
    fr = new_mact(state, [c], n, "fx")
    return bool(step_options(state, fr))


def disaster_drawn(state: State, d: int, seat: int) -> None:
    """AM-3.6, AM-5.3, AM-5.27: revealed onto the entry Location (or beside the Field)."""
    g = state["g"]
    card = DEFS[state["cards"][d]]
    src = f"draw:{seat}"
    if card.off_field:
        off_field(state, d, src, seat)
        return
    p = entry_location(state, d)
    if p is None:
        discard(state, d, src, "no_field")
        g["disaster_changes"] += 1
        return
    put_on_field(state, d, src, p, "drawn", 1 if "MOVES_ONCE" in card.keywords else 2)
    g["disasters"][str(d)]["fresh"] = 1  # AM-5.6: it arrives in Maintenance


def off_field(state: State, d: int, src: str, seat: int) -> None:
    """AM-5.27: beside the Field, in play, applying its text for as long as the text says."""
    g = state["g"]
    card = DEFS[state["cards"][d]]
    move_card(state, d, src, "off", "off_field")
    g["off_field"][str(d)] = expiry(state, card.off_field, seat=seat)
    g["disaster_changes"] += 1
    log(state, {"t": "off_field", "d": d, "name": state["cards"][d]})


def has_vehicle(state: State, c: int) -> bool:
    names = state["cards"]
    return any(DEFS[names[x]].is_vehicle for x in state["zones"].get(f"gear:{c}", ()))
