"""Section 6, the Move phase: forced actions (``move_phase``), the menu (``move_menu``, ``move_group``,
``move_target``) and a movement action of a Character or group (``movement``: ``{chars, seat, budget, used (steps
used), place (where it is), mode, deny, asking (a Haven owner being asked, AM-13.2), path, combats (owed on
arrival)}`` with mode ``a`` (the Move-phase action), ``free`` (after a steal, AM-6.19), ``fx`` (moved by an effect,
AM-11.7) or ``force`` (a forced move, AM-9.11)).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..board import carries, chars_at, disasters_at, expiry, log, move_card, my_chars, seat_name
from ..field import (
    group_movement,
    ignored,
    leave_bonus,
    may_end,
    new_mact,
    ran_from,
    reach_end,
    step_options,
)
from ..flow import FLOW, finish, step
from ..grid import by_arrival, cell_label, distances, neighbours, shortest_path
from ..rules import DEFS, FIELD_LIMIT
from ..stats import add_mod, stat
from .charm import protected, start_charm
from .combat import start_combat
from .duel import start_duel
from .flash import open_window


@step("movement")
def movement(game: Game, state: State, fr: dict[str, Any]) -> None:
    g = state["g"]
    fr["chars"] = [c for c in fr["chars"] if g["char_at"].get(str(c)) == fr["place"]]
    if not fr["chars"]:
        finish(state)
        return
    if fr.get("asking") is not None:  # AM-13.2: the Haven's owner decides at that moment
        q = fr["asking"]
        owner = g["havens"][str(q)]
        ask(
            state,
            owner,
            "haven_permission",
            f"{seat_name(owner)}: may {seat_name(fr['seat'])}'s Characters pass through your Haven?",
            [option("allow", label="Allow"), option("refuse", label="Refuse")],
        )
        return
    if "path" in fr:  # AM-9.11 (a): a forced move goes along its path by itself
        if fr["path"]:
            q = fr["path"].pop(0)
            if q in step_options(state, fr):
                do_step(state, fr, q)
                return
        end_mact(state, fr)
        return
    steps = step_options(state, fr)
    may_stop = may_end(state, fr["place"], fr["seat"])
    # AM-1.26: an Item may add to the budget, so once Item carriers may stop they are asked even when the
    # budget is spent; otherwise whether they are asked again would tell everyone what they carry.
    if not steps and not (may_stop and any(carries(state, c) for c in fr["chars"])):
        end_mact(state, fr)
        return
    left = fr["budget"] - fr["used"] - 1
    bonus = leave_bonus(state, fr)  # AM-10.24: stepping out of this Haven adds to the steps left
    havens = state["g"]["havens"]
    options = [option("step_to", q, label=f"{cell_label(state, q)} ({_after(left + (0 if str(q) in havens else bonus))})")
               for q in steps]  # fmt: skip
    if may_stop:
        options.append(option("stop", label="Stop here"))
    names = ", ".join(state["cards"][c] for c in fr["chars"])
    ask(state, fr["seat"], "step", f"{seat_name(fr['seat'])}: move {names}", options)


@FLOW.answer("movement")
def answer_movement(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    verb = action.verb
    if verb == "stop":
        end_mact(state, fr)
        return
    if verb in ("allow", "refuse"):
        q = fr.pop("asking")
        if verb == "refuse":
            fr["deny"].append(q)
        else:
            do_step(state, fr, q)
        return
    q = action.args[0]  # step_to
    owner = state["g"]["havens"].get(str(q))
    if owner is not None and owner != fr["seat"]:
        fr["asking"] = q
        return
    do_step(state, fr, q)


def do_step(state: State, fr: dict[str, Any], q: int) -> None:
    """One step of a movement action, then what entering the cell causes."""
    g = state["g"]
    p = fr["place"]
    hv = g["havens"]
    if str(p) in hv and str(q) not in hv:
        leave_haven(state, fr, p)
    for c in fr["chars"]:
        move_card(state, c, f"pc:{p}", f"pc:{q}", "step")
        g["char_at"][str(c)] = q
    fr["place"] = q
    fr["used"] += 1
    owner = hv.get(str(q))
    if owner is not None:
        if owner == fr["seat"]:
            end_mact(state, fr)  # AM-6.7: stepping into your own Haven ends the action
        return
    if q in g["destroyed"]:
        return
    movers = fr["chars"]
    stop = False
    for d in disasters_at(state, q):
        if "MOVES_ONCE" in DEFS[state["cards"][d]].keywords:
            stop = True  # AM-5.23: a blocking Disaster stops everyone entering
    fights = []
    for d in by_arrival(state, list(disasters_at(state, q))):
        if not DEFS[state["cards"][d]].is_combat_disaster:
            continue
        if any(carries(state, c) and not ignored(state, d, c) and not ran_from(state, d, c) for c in movers):
            fights.append(d)  # AM-6.13
    if fights:
        fr["combats"] = fights
        stop = True
    if stop:
        end_mact(state, fr)


def _after(n: int) -> str:
    return f"{n} step{'s' if n != 1 else ''} left after it"


def leave_haven(state: State, fr: dict[str, Any], haven: int) -> None:
    """AM-10.24: a Haven's "leaving" text applies to its owner's Characters stepping out of it."""
    name = state["cards"][haven]
    if state["g"]["havens"][str(haven)] != fr["seat"]:
        return
    fr["budget"] += leave_bonus(state, fr)
    for e in DEFS[name].effects:
        if e.verb == "MODIFY" and e.when == "leave":
            for c in fr["chars"]:
                add_mod(state, c, e.attr, e.op, e.value, expiry(state, e.duration))


def end_mact(state: State, fr: dict[str, Any]) -> None:
    """The movement action ends: use up the members' actions (AM-6.3), then any combats it caused."""
    g = state["g"]
    if fr["mode"] == "a":
        for c in fr["chars"]:
            rec = g["chars"].get(str(c))
            if rec:
                rec["moved"] = state["turn"]
    log(state, {"t": "moved", "cs": fr["chars"], "to": fr["place"], "n": fr["used"]})
    fights = fr.get("combats")
    finish(state)
    if fights:
        push(state, "entry_combats", disasters=fights, place=fr["place"], seat=fr["seat"])


def may_move(state: State, c: int) -> bool:
    """AM-6.3, AM-6.16: one movement action per turn, none after a fight this phase."""
    g = state["g"]
    rec = g["chars"][str(c)]
    if rec["moved"] == state["turn"] or rec["fought"] == g["phase_serial"]:
        return False
    p = g["char_at"][str(c)]
    if p in g["destroyed"]:  # AM-4.11: it may only leave if it can reach somewhere it may stop
        return reach_end(state, p, stat(state, c, "mov"), state["owner"][c], [p])
    return stat(state, c, "mov") > 0


def has_step(state: State, c: int, budget: int, fc: int) -> bool:
    """Whether Character ``c`` alone has a legal first step (the quick form of ``step_options``)."""
    if budget <= 0:
        return False
    g = state["g"]
    p = g["char_at"][str(c)]
    hv = g["havens"]
    seat = state["owner"][c]
    in_haven = str(p) in hv
    dead = g["destroyed"]
    permission = state["options"]["haven_permission"]
    for q in neighbours(state, p):
        owner = hv.get(str(q))
        if owner is not None:
            if owner == seat or permission:
                return True
            continue
        if in_haven and fc >= FIELD_LIMIT:
            continue
        if q in dead and not reach_end(state, q, budget - 1, seat, []):
            continue
        return True
    return False


def move_menu(state: State, fr: dict[str, Any], seat: int) -> list[list[str]]:
    g = state["g"]
    names = state["cards"]
    cp = g["char_at"]
    hv = g["havens"]
    out: list[list[str]] = []
    mine = my_chars(state, seat)
    on_field = [c for c in mine if str(cp[str(c)]) not in hv]
    fc = len(on_field)
    turn = state["turn"]
    ps = g["phase_serial"]
    for c in mine:
        rec = g["chars"][str(c)]
        if rec["moved"] == turn or rec["fought"] == ps:
            continue  # AM-6.3, AM-6.16
        mov = stat(state, c, "mov")
        p = cp[str(c)]
        if p in g["destroyed"] and not reach_end(state, p, mov, seat, [p]):
            continue  # AM-4.11
        if has_step(state, c, mov, fc):
            out.append(option("move", c, label=f"Move {names[c]} (at {names[p]})"))
    if on_field:
        places = sorted({cp[str(c)] for c in on_field})
        for p in places:  # AM-6.15: attack a Combat Disaster where you stand
            ds = disasters_at(state, p)
            if not ds:
                continue
            here = [c for c in on_field if cp[str(c)] == p]
            # a Disaster that fought already may be attacked again: only running away bars it (AM-8.22)
            for d in ds:
                if not DEFS[names[d]].is_combat_disaster:
                    continue
                if any(not ran_from(state, d, c) for c in here):
                    out.append(option("attack", d, label=f"Attack {names[d]} at {names[p]}"))
        if state["players"] > 1:
            _rival_options(state, seat, on_field, out)
    return out


def _rival_options(state: State, seat: int, on_field: list[int], out: list[list[str]]) -> None:
    """AM-8.31 (duels) and AM-9.1 to AM-9.4 (charm) against other players' Characters on the Field: the
    Character that acts is chosen first, its target next (``rival_targets``)."""
    names = state["cards"]
    if state["options"]["character_combat"]:
        for a in on_field:
            if rival_targets(state, seat, "duel", a):
                out.append(option("duel", a, label=f"{names[a]} attacks another player's Character"))
    for a in on_field:
        if rival_targets(state, seat, "charm", a):
            out.append(option("charm", a, label=f"{names[a]} charms another player's Character"))


def rival_targets(state: State, seat: int, verb: str, a: int) -> list[tuple[int, str]]:
    """The other players' Characters that ``a`` may duel (AM-8.31) or charm (AM-9.1 to AM-9.4) now."""
    g = state["g"]
    cp = g["char_at"]
    hv = g["havens"]
    owner = state["owner"]
    names = state["cards"]
    out: list[tuple[int, str]] = []
    if verb == "duel":
        if g["chars"][str(a)]["dueled"] == state["turn"]:
            return out
        for b in chars_at(state, cp[str(a)]):
            if owner[b] != seat and not protected(state, a, b):
                out.append((b, f"{names[a]} attacks {names[b]} ({seat_name(owner[b])})"))
        return out
    if g["chars"][str(a)]["charmed"] >= g["turns_started"][seat] - 1:
        return out
    others = sorted(int(k) for k, p in cp.items() if owner[int(k)] != seat and str(p) not in hv)
    if not others:
        return out
    dist = distances(state, cp[str(a)], stat(state, a, "mov"))
    for b in others:
        if cp[str(b)] in dist and not protected(state, a, b):
            out.append((b, f"{names[a]} charms {names[b]} ({seat_name(owner[b])})"))
    return out


@step("move_phase")
def move_phase(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.11 (a), (b), AM-9.12: forced actions fall due at the start of the Move phase."""
    g = state["g"]
    seat = g["active"]
    goto(fr, "move_menu")
    for c in my_chars(state, seat):
        f = g["forced"].get(str(c))
        if not f or f[2] != g["turns_started"][seat]:
            continue
        del g["forced"][str(c)]
        g["chars"][str(c)]["moved"] = state["turn"]
        if f[0] == "move":
            path = shortest_path(state, c, f[1], stat(state, c, "mov"))
            if path is not None and f[1] not in g["destroyed"]:
                push(state, **new_mact(state, [c], len(path), "force", path))
                return


@step("move_target")
def move_target(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.31, AM-9.1: the acting Character is chosen; now its target."""
    seat = state["g"]["active"]
    verb, a = fr["pick"]
    options = [option("target", b, label=text) for b, text in rival_targets(state, seat, verb, a)]
    what = "attack" if verb == "duel" else "charm"
    ask(
        state,
        seat,
        f"{verb}_target",
        f"{seat_name(seat)}: whom does {state['cards'][a]} {what}?",
        options,
    )


@step("move_group")
def move_group(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-6.10: who moves with the lead Character."""
    g = state["g"]
    seat = g["active"]
    lead = fr["group"][0]
    p = g["char_at"][str(lead)]
    options = [
        option("join", c, label=f"{state['cards'][c]} comes along")
        for c in chars_at(state, p)
        if state["owner"][c] == seat and c not in fr["group"] and may_move(state, c)
    ]
    if options or any(
        _hidden_mover(state, c, charm=False) for c in chars_at(state, p) if c not in fr["group"]
    ):
        options.append(option("set_off", label="Set off"))
        group = ", ".join(state["cards"][c] for c in fr["group"])
        ask(state, seat, "group", f"{seat_name(seat)}: moving {group}", options)
        return
    _set_off(state, fr)


@step("move_menu")
def move_menu_ask(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-3.12: the Move phase menu."""
    seat = state["g"]["active"]
    options = move_menu(state, fr, seat)
    if not options and not any(_hidden_mover(state, c) for c in my_chars(state, seat)):
        finish(state)
        return
    options.append(option("end", label="End the Move phase"))
    ask(state, seat, "move", f"{seat_name(seat)}: Move phase", options)


def _hidden_mover(state: State, c: int, charm: bool = True) -> bool:
    """Whether the active player's Character ``c`` might have a move or charm option that only Items give.

    Items can add to Movement, and only their owner knows them (AM-1.26). Whether the Move phase or a group
    question is asked must not depend on them, so it is asked whenever such a Character could still move or
    charm with some Movement, whatever it carries.
    """
    g = state["g"]
    if not carries(state, c) or state["owner"][c] != g["active"]:
        return False
    rec = g["chars"][str(c)]
    if rec["moved"] != state["turn"] and rec["fought"] != g["phase_serial"]:
        return True
    p = g["char_at"][str(c)]
    return (
        charm
        and str(p) not in g["havens"]
        and state["players"] > 1
        and rec["charmed"] < g["turns_started"][state["owner"][c]] - 1
        and any(
            state["owner"][int(k)] != state["owner"][c] and str(q) not in g["havens"]
            for k, q in g["char_at"].items()
        )
    )


def _set_off(state: State, fr: dict[str, Any]) -> None:
    group = fr["group"]
    fr["group"] = []
    goto(fr, "move_menu")
    open_window(state, state["g"]["active"], None)  # AM-10.20: after the action
    push(state, **new_mact(state, group, group_movement(state, group), "a"))


@FLOW.answer("move_menu", "move_group", "move_target")
def answer_move_menu(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    g = state["g"]
    verb = action.verb
    if verb == "end":
        finish(state)
    elif verb == "move":
        fr["group"] = [action.args[0]]
        goto(fr, "move_group")
    elif verb == "join":
        fr["group"].append(action.args[0])
    elif verb == "set_off":
        _set_off(state, fr)
    elif verb == "attack":
        d = action.args[0]
        open_window(state, seat, None)
        start_combat(state, d, g["disaster_at"][str(d)], seat, "move", [])
    elif verb in ("duel", "charm"):
        fr["pick"] = [verb, action.args[0]]
        goto(fr, "move_target")
    else:  # target: the duel's or the charm's
        kind, a = fr.pop("pick")
        goto(fr, "move_menu")
        b = action.args[0]
        if kind == "duel":
            g["chars"][str(a)]["dueled"] = state["turn"]
            open_window(state, seat, None)
            start_duel(state, a, b)
        else:
            open_window(state, seat, None)
            start_charm(state, a, b)
