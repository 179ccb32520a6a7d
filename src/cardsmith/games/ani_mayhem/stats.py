"""Ani-Mayhem's attributes and skills: printed values, replacements and additions, costs (AM-10.5 to AM-10.11)."""

from __future__ import annotations

from typing import Any

from ...core.state import State
from .board import expiry, log, stamp, valid
from .rules import (
    BEARER_MODS,
    BEARER_SKILLS,
    DEFS,
    FIELD_MODS,
    FIELD_SKILLS,
    HAVEN_FIELD_MODS,
    HAVEN_FIELD_SKILLS,
    PRINTED,
)


def skills(state: State, c: int) -> set[str]:
    """A Character's skills: printed, granted by its cards, its Haven and effects (AM-10.5, AM-11.3)."""
    names = state["cards"]
    name = names[c]
    out = set(DEFS[name].skills)
    g = state["g"]
    rec = g["chars"].get(str(c))
    if rec and rec.get("skills"):
        for skill, exp in rec["skills"]:
            if valid(state, exp):
                out.add(skill)
    p = g["char_at"].get(str(c))
    if p is not None and str(p) not in g["havens"]:
        seat = state["owner"][c]
        hfs = HAVEN_FIELD_SKILLS
        for h, s in g["havens"].items():
            if s == seat and names[int(h)] in hfs:
                out.update(FIELD_SKILLS[names[int(h)]])
        for gl in state["zones"].get(f"global:{seat}", ()):
            out.update(FIELD_SKILLS[names[gl]])
    gear = state["zones"].get(f"gear:{c}")
    if gear:
        pending = [x for x in gear if BEARER_SKILLS[names[x]]]
        changed = True
        while pending and changed:  # a granted skill may meet another card's requirement
            changed = False
            for x in list(pending):
                cd = DEFS[names[x]]
                if cd.cost:
                    if not in_use(state, c, x):
                        pending.remove(x)
                        continue
                if set(cd.requires) <= out:
                    out.update(BEARER_SKILLS[cd.name])
                    pending.remove(x)
                    changed = True
    return out


def in_use(state: State, c: int, card: int) -> bool:
    """AM-10.8: a costed card gives its effect only while a use of it lasts."""
    rec = state["g"]["chars"].get(str(c))
    if not rec:
        return False
    for x, exp in rec.get("in_use", ()):
        if x == card and valid(state, exp):
            return True
    return False


def stat(state: State, c: int, attr: str, *, items: bool = True, vehicle: bool = False) -> int:
    """A Character's current value of ``attr`` (AM-10.11): printed, replacements (latest wins), additions, >= 0.

    ``items=False`` leaves out the carried Items, whose buttons only the owner may know (AM-1.26); ``vehicle``
    counts a fighting Vehicle's Attack and Defense (AM-8.30).
    """
    names = state["cards"]
    base = PRINTED[names[c]][attr]
    if base is None:
        return 0
    acc: list[Any] = [None, -1, 0]  # the replacement, its stamp, the sum of additions
    g = state["g"]
    zones = state["zones"]
    gear = zones.get(f"gear:{c}")
    if gear:
        _gear_mods(state, c, attr, gear, vehicle, acc)
    if items:
        bag = zones.get(f"bag:{state['owner'][c]}:{c}")
        if bag:
            attached = g["attached"]
            for x in bag:
                mods = BEARER_MODS[names[x]].get(attr)
                if mods:
                    _apply(acc, mods, attached.get(str(x), 0))
    p = g["char_at"].get(str(c))
    if p is not None and str(p) not in g["havens"]:
        _field_mods(state, state["owner"][c], attr, acc)
    rec = g["chars"].get(str(c))
    if rec and rec.get("mods"):
        _lasting_mods(state, rec["mods"], attr, acc)
    value = (base if acc[0] is None else acc[0]) + acc[2]
    return value if value > 0 else 0


def _apply(acc: list[Any], mods: list[tuple[str, int]], when: int) -> None:
    """AM-10.10, AM-10.11: a signed button adds; an unsigned one replaces, the latest (highest stamp) winning."""
    for op, val in mods:
        if op == "=":
            if when >= acc[1]:
                acc[0], acc[1] = val, when
        else:
            acc[2] += val


def _apply_printed(acc: list[Any], mods: list[tuple[str, int]]) -> None:
    """A Haven's or an Off the Field Disaster's button: it replaces only what nothing attached has replaced."""
    for op, val in mods:
        if op == "=":
            if acc[1] < 0:
                acc[0], acc[1] = val, 0
        else:
            acc[2] += val


def _gear_mods(state: State, c: int, attr: str, gear: list[int], vehicle: bool, acc: list[Any]) -> None:
    """The buttons of a Character's Enhancements and Equipment that work now."""
    names = state["cards"]
    attached = state["g"]["attached"]
    have = None
    for x in gear:
        xn = names[x]
        mods = BEARER_MODS[xn].get(attr)
        if not mods:
            continue
        cd = DEFS[xn]
        if cd.requires:
            if have is None:
                have = skills(state, c)
            if not set(cd.requires) <= have:
                continue  # AM-10.5, AM-7.15
        if cd.cost and not in_use(state, c, x):
            continue  # AM-10.8
        if cd.is_vehicle and attr in ("atk", "def") and not (vehicle and cd.vehicle_fights):
            continue  # AM-8.29, AM-8.30
        _apply(acc, mods, attached.get(str(x), 0))


def _field_mods(state: State, seat: int, attr: str, acc: list[Any]) -> None:
    """On the Field: the seat's Global Effects, its Havens' texts and the Off the Field Disasters."""
    g = state["g"]
    names = state["cards"]
    zones = state["zones"]
    for gl in zones.get(f"global:{seat}", ()):
        mods = FIELD_MODS[names[gl]].get(attr)
        if mods:
            _apply(acc, mods, g["attached"].get(str(gl), 0))
    if HAVEN_FIELD_MODS:
        for h, s in g["havens"].items():
            if s == seat and names[int(h)] in HAVEN_FIELD_MODS:
                _apply_printed(acc, FIELD_MODS[names[int(h)]].get(attr, []))
    if g["off_field"]:
        for d in zones["off"]:
            _apply_printed(acc, FIELD_MODS[names[d]].get(attr, []))


def _lasting_mods(state: State, mods: list[Any], attr: str, acc: list[Any]) -> None:
    """AM-11.2: the lasting modifiers on a Character or Disaster that still last."""
    for t in mods:
        if t[0] == attr and valid(state, t[3]):
            if t[1] == "=":
                if t[4] >= acc[1]:
                    acc[0], acc[1] = t[2], t[4]
            else:
                acc[2] += t[2]


def dstat(state: State, d: int, attr: str) -> int | None:
    """A Disaster's current value of ``attr``; None when it does not print it (AM-1.3, AM-5.20)."""
    base = PRINTED[state["cards"][d]][attr]
    if base is None:
        return None
    rec = state["g"]["disasters"].get(str(d))
    if not rec or not rec.get("mods"):
        return base
    acc: list[Any] = [None, -1, 0]
    _lasting_mods(state, rec["mods"], attr, acc)
    value = (base if acc[0] is None else acc[0]) + acc[2]
    return value if value > 0 else 0


def health(state: State, cid: int) -> int:
    """AM-1.4, AM-1.5, AM-8.19: Health is the printed Defense (at least 1); modifiers never change it."""
    h = PRINTED[state["cards"][cid]]["def"] or 0
    return h if h > 0 else 1


def add_mod(
    state: State, cid: int, attr: str, op: str, value: int, exp: list[Any], spent: bool = False
) -> None:
    """Put a lasting modifier on a Character or Disaster (AM-11.2)."""
    g = state["g"]
    rec = g["chars"].get(str(cid)) or g["disasters"].get(str(cid))
    if rec is None:
        return
    entry = [attr, op, value, exp, stamp(state)]
    if spent:
        entry.append(1)
    rec.setdefault("mods", []).append(entry)


def pay(state: State, c: int, cost: tuple[str, int], in_combat: bool) -> None:
    """AM-10.6, AM-10.7: lower the current value; restored at the end of the round (combat) or turn."""
    exp = expiry(state, "round" if in_combat else "turn")
    add_mod(state, c, cost[0], "+", -cost[1], exp, spent=True)


def can_pay(state: State, c: int, cost: tuple[str, int] | None) -> bool:
    """AM-10.6: a Character whose current value is too low cannot pay."""
    return cost is None or stat(state, c, cost[0]) >= cost[1]


_ATTR_WORDS = {"atk": "Attack", "def": "Defense", "mov": "Movement", "cha": "Charm", "nrg": "Energy"}


def show_counted(state: State, chars: list[int], attr: str) -> None:
    """AM-1.26, AM-10.23 reading: the Items whose buttons count toward a total every player sees (an attack, a
    defence, a charm total, the highest value a Disaster looks for) are shown to everyone as that total is worked
    out, one ``shown`` event each, and go back into the bag unseen. Items without a button on ``attr`` stay
    secret."""
    names = state["cards"]
    zones = state["zones"]
    owner = state["owner"]
    for c in chars:
        for x in zones.get(f"bag:{owner[c]}:{c}", ()):
            if attr in BEARER_MODS[names[x]]:
                log(state, {"t": "shown", "card": x, "name": names[x], "c": c, "attr": _ATTR_WORDS[attr]})
