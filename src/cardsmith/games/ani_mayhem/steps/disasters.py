"""Section 5, Disasters: the Maintenance phase (``maintenance``, ``maintenance_queue``), a Disaster moving
(``disaster_move``: ``{disaster, left, mode}`` with mode ``n`` (its Movement), ``z`` (no Movement score: seek
Characters, AM-5.19), ``e`` (escape move, AM-5.25) or ``f`` (moved by an effect, AM-11.7)), arriving (``arrival``,
``arrival_choice``: ``{disaster, place, seats (still to choose)}``, AM-5.14 to AM-5.18), a Non-Combat Disaster
carrying out its text (``disaster_text``: ``{disaster, place, chars, effect (the next one), ret}``, AM-5.17) and the
combats owed on entering a Location (``entry_combats``: ``{disasters, place, seat}``, AM-6.13, AM-8.28).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..board import bonk, carries, chars_at, expiry, log, pick, remove_disaster, seat_name, turn_order
from ..card_defs import Effect
from ..card_schema import Bonk, DestroyLocation, Modify, Move
from ..effects import DISASTER_TEXT, carry_out, handles
from ..field import (
    destroy_location,
    drop_loot,
    eligible_chars,
    end_cycle,
    ignored,
    move_disaster,
    movement_left,
    new_mact,
    pick_up,
    steal_from_chars,
    text_possible,
    text_targets,
)
from ..flow import FLOW, finish, step
from ..grid import order_for, paths, tie_key
from ..rules import COMBAT_DISASTER, DEFS
from ..stats import add_mod
from .combat import start_combat
from .flash import open_window


@step("disaster_move")
def disaster_move(game: Game, state: State, fr: dict[str, Any]) -> None:
    """Step along the path; the card moves once per stretch, and stops where arriving matters."""
    g = state["g"]
    d = fr["disaster"]
    key = str(d)
    if key not in g["disaster_at"]:
        finish(state)
        return
    res = fr.pop("res", None)
    if res is not None and res != "go":  # it fought (AM-8.27), acted or was discarded where it arrived
        g["disasters"][key]["done"] = g["phase_serial"]
        finish(state)
        return
    mode = fr["mode"]
    orders = paths(state)
    order = next(iter(orders.values())) if len(orders) == 1 else order_for(state, d)
    dead = g["destroyed"]
    start = cur = g["disaster_at"][key]
    i = order.index(cur)
    n = len(order)
    zones = state["zones"]
    combat = COMBAT_DISASTER[state["cards"][d]]
    empty = f"loot:{d}" not in zones
    while fr["left"] > 0:
        i += 1
        while i < n and order[i] in dead:
            i += 1
        if i >= n:  # AM-5.10: Off the Field
            if cur != start:
                move_disaster(state, d, cur)
            came_back = end_cycle(state, d)
            fr["left"] = 0  # AM-5.13: a returning Major loses the rest of its move
            if came_back and mode != "e":
                push(state, "arrival", disaster=d, place=g["disaster_at"][key])
            return
        cur = order[i]
        if mode != "z":
            fr["left"] -= 1  # AM-5.9: one Location per point of Movement
        if mode == "e":
            continue  # AM-5.25: the escape move ignores everything
        if zones.get(f"pc:{cur}") or (mode != "z" and combat and empty and zones[f"it:{cur}"]):
            move_disaster(state, d, cur)
            push(state, "arrival", disaster=d, place=cur)  # AM-5.14 to AM-5.19
            return
    if cur != start:
        move_disaster(state, d, cur)
    finish(state)


def _arr_gone(state: State, fr: dict[str, Any]) -> bool:
    """Whether the arriving Disaster has left the Field or this Location meanwhile (the arrival is over)."""
    dp = state["g"]["disaster_at"]
    d = str(fr["disaster"])
    if d not in dp or dp[d] != fr["place"]:
        finish(state, "gone" if d not in dp else "go")
        return True
    return False


@step("arrival")
def arrival(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-5.14 to AM-5.18: a Disaster arrives at a Location."""
    if _arr_gone(state, fr):
        return
    g = state["g"]
    d, p = fr["disaster"], fr["place"]
    card = DEFS[state["cards"][d]]
    if not card.is_combat_disaster:  # AM-5.17, AM-5.18
        here = chars_at(state, p)
        if not here or p in g["destroyed"] or str(p) in g["havens"]:
            finish(state, "go")
            return
        if not text_possible(state, d, p, list(here)):
            finish(state, "go")
            return
        finish(state)
        push(state, "disaster_text", disaster=d, place=p, chars=list(here), effect=0, ret=1)
        return
    chars = eligible_chars(state, d, p)
    carriers = [c for c in chars if carries(state, c)]
    if carriers and "STEALS" in card.keywords:  # AM-5.24
        finish(state)
        frames = state["flow"]
        if frames and frames[-1]["step"] == "disaster_move":
            frames[-1]["left"] = 0
        steal_from_chars(state, d, p, carriers)
        return
    if carriers:  # AM-5.14
        engaged = state["owner"][pick(state, carriers)]
        dropped = drop_loot(state, d, p)
        finish(state, "stop")
        start_combat(state, d, p, engaged, "arrive", dropped)
        return
    if not chars:
        pick_up(state, d, p)  # AM-5.16
        finish(state, "go")
        return
    # AM-5.15: each player there chooses to hide or to fight, in turn order
    seats = {state["owner"][c] for c in chars}
    fr["seats"] = [s for s in turn_order(state) if s in seats]
    goto(fr, "arrival_choice")
    _hide_or_fight(state, fr)


@step("arrival_choice")
def arrival_choice(game: Game, state: State, fr: dict[str, Any]) -> None:
    if not _arr_gone(state, fr):
        _hide_or_fight(state, fr)


def _hide_or_fight(state: State, fr: dict[str, Any]) -> None:
    """AM-5.15: the next player there hides or fights; once everyone hid, it passes on (AM-5.16)."""
    d, p = fr["disaster"], fr["place"]
    if fr["seats"]:
        seat = fr["seats"][0]
        name = state["cards"][d]
        where = state["cards"][p]
        ask(
            state,
            seat,
            "hide_or_fight",
            f"{seat_name(seat)}: {name} arrives at {where}. Hide or fight?",
            [option("hide", label="Hide (let it pass)"), option("fight", label=f"Fight {name}")],
        )
        return
    pick_up(state, d, p)  # AM-5.15: everyone hid, so it passes on; AM-5.16
    finish(state, "go")


@FLOW.answer("arrival_choice")
def answer_arrival_choice(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    if action.verb == "hide":
        fr["seats"].pop(0)
        log(state, {"t": "hide", "seat": seat, "d": fr["disaster"]})
        return
    d, p = fr["disaster"], fr["place"]
    finish(state, "stop")
    start_combat(state, d, p, seat, "arrive", [])


@step("disaster_text")
def disaster_text(game: Game, state: State, fr: dict[str, Any]) -> None:
    """Carry out each effect of the text in turn, by its handler in :data:`.effects.DISASTER_TEXT`; MOVE hands the
    Characters to their owners one by one."""
    g = state["g"]
    d, p = fr["disaster"], fr["place"]
    effects = DEFS[state["cards"][d]].effects
    if fr["effect"] >= len(effects):
        if str(d) in g["disaster_at"]:
            log(state, {"t": "acted", "d": d, "name": state["cards"][d]})
            remove_disaster(state, d, "acted")  # AM-5.17: discarded once it has acted
        finish(state, "gone")
        return
    e = effects[fr["effect"]]
    fr["effect"] += 1
    chars = [c for c in fr["chars"] if g["char_at"].get(str(c)) == p]
    carry_out(DISASTER_TEXT, e, state, fr, chars)


@handles(DISASTER_TEXT, Bonk)
def text_bonk(state: State, fr: dict[str, Any], chars: list[int], e: Effect) -> None:
    """AM-11.8: the Characters it aims at there are bonked."""
    for c in text_targets(state, e.target, chars):
        bonk(state, c)


@handles(DISASTER_TEXT, Modify)
def text_modify(state: State, fr: dict[str, Any], chars: list[int], e: Effect) -> None:
    """AM-11.2: an attribute of the Characters it aims at there changes for the text's duration."""
    for c in text_targets(state, e.target, chars):
        exp = expiry(state, e.duration, seat=state["owner"][c])
        add_mod(state, c, e.attr, e.op, e.value, exp)
        log(state, {"t": "modify", "c": c, "attr": e.attr, "op": e.op, "v": e.value})


@handles(DISASTER_TEXT, DestroyLocation)
def text_destroy_location(state: State, fr: dict[str, Any], chars: list[int], e: Effect) -> None:
    """AM-11.5: the Location where it arrived is destroyed, whoever is still there."""
    destroy_location(state, fr["place"])


@handles(DISASTER_TEXT, Move)
def text_move(state: State, fr: dict[str, Any], chars: list[int], e: Effect) -> None:
    """AM-11.7: each owner moves its Character up to n steps, in turn order."""
    targets = text_targets(state, e.target, chars)
    order = turn_order(state)
    targets.sort(key=lambda c: (order.index(state["owner"][c]), c))
    for c in reversed(targets):
        push(state, **new_mact(state, [c], e.n, "fx"))


@step("entry_combats")
def entry_combats(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-6.13, AM-8.28: each Combat Disaster on the Location fights the entering player's Characters."""
    g = state["g"]
    p, seat = fr["place"], fr["seat"]
    while fr["disasters"]:
        d = fr["disasters"].pop(0)
        if g["disaster_at"].get(str(d)) != p:
            continue
        mine = [c for c in chars_at(state, p) if state["owner"][c] == seat]
        if not any(carries(state, c) and not ignored(state, d, c) for c in mine):
            continue
        dropped = drop_loot(state, d, p)
        start_combat(state, d, p, seat, "enter", dropped)
        return
    finish(state)


def move_key(state: State, d: int) -> tuple[int, ...]:
    """AM-5.7, AM-5.8: earliest arrival stamp first, then higher Attack, Defense, Movement, Energy, Charm."""
    return (state["g"]["disasters"][str(d)]["stamp"], *tie_key(state, d))


@step("maintenance")
def maintenance(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-5.6: a Disaster drawn this Reload arrives now; then the order of the Disasters' moves (AM-5.7)."""
    g = state["g"]
    dr = g["disasters"]
    fresh = [(rec["stamp"], int(key)) for key, rec in dr.items() if rec["fresh"]]
    if fresh:
        d = min(fresh)[1]
        dr[str(d)]["fresh"] = 0
        push(state, "arrival", disaster=d, place=g["disaster_at"][str(d)])
        return
    order = sorted((rec["stamp"], int(key)) for key, rec in dr.items())
    stamps = [st for st, _ in order]
    dup = sorted({st for st in stamps if stamps.count(st) > 1})
    if dup:  # AM-5.8: equal stamps go by Attack, Defense, Movement, Energy, Charm
        order = sorted(order, key=lambda sd: (sd[0], *tie_key(state, sd[1]), sd[1]))
    fr["queue"] = [d for _, d in order]
    fr["tied"] = dup
    goto(fr, "maintenance_queue")


@step("maintenance_queue")
def maintenance_queue(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-5.7, AM-5.8: each Disaster moves in turn; the active player orders exact ties."""
    g = state["g"]
    dr = g["disasters"]
    q = fr["queue"]
    while q:
        d = q[0]
        rec = dr.get(str(d))
        if rec is None or rec["done"] == g["phase_serial"]:
            q.pop(0)
            continue
        if fr["tied"] and rec["stamp"] in fr["tied"] and fr.get("first") != d:
            key = move_key(state, d)
            tied = [x for x in q if str(x) in dr and move_key(state, x) == key]
            if len(tied) > 1:  # AM-5.8: the active player orders what is still tied
                options = [option("move_first", x, label=f"{state['cards'][x]} moves first") for x in tied]
                ask(
                    state,
                    g["active"],
                    "disaster_order",
                    f"{seat_name(g['active'])}: which Disaster moves first?",
                    options,
                )
                return
        q.pop(0)
        mode, left = movement_left(state, d)
        if left <= 0:
            continue
        open_window(state, g["active"], None)  # AM-10.20: after each Disaster finishes moving
        # the move begins in place: nothing the end check looks at has changed since this step's own check
        disaster_move(game, state, push(state, "disaster_move", disaster=d, left=left, mode=mode))
        return
    finish(state)


@FLOW.answer("maintenance_queue")
def answer_maintenance_queue(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    d = action.args[0]
    fr["queue"].remove(d)
    fr["queue"].insert(0, d)
    fr["first"] = d  # AM-5.8: the active player's choice settles this tie
