"""Section 9, Charm Combat: the charm round of a Physical Combat (``combat_charm``, ``combat_cpick``,
``combat_contest``, ``combat_cresult``, ``combat_caction``, on the combat's frame, see :mod:`.combat`) and a Charm
Combat between two Characters (``charm``, ``charm_compare``, ``charm_act``, AM-9.1 to AM-9.13): ``{charmer, target,
cards}``, then for the forced action ``loser`` (the Character that must act), ``winner`` and ``chooser`` (the seat
that chooses the action).
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
    chars_at,
    ctype,
    disasters_at,
    items_of,
    log,
    loot,
    move_card,
    on_field,
    pick,
    remove_disaster,
    seat_name,
    stamp,
    valid,
)
from ..field import drop_loot, ignored, move_disaster
from ..flow import FLOW, finish, physical, step
from ..grid import cell_label, neighbours, reachable
from ..rules import DEFS, PRINTED
from ..stats import dstat, health, show_counted, stat
from .combat import choose_target, clear_table, combat_card, draw_combat, end_round, in_combat, start_combat
from .duel import start_duel
from .flash import open_window


@physical("charm")
def combat_charm(game: Game, state: State, fr: dict[str, Any]) -> None:
    t = choose_target(state, fr)  # AM-9.15
    if t is None:
        goto(fr, "combat_end")
        return
    fr["target"] = t
    fr["contesters"] = [t]
    d = fr["disaster"]
    others = [c for c in in_combat(state, fr) if c != t and not ignored(state, d, c)]
    goto(fr, "combat_cpick" if DEFS[state["cards"][d]].major and others else "combat_contest")


@physical("cpick")
def combat_cpick(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.16: against a Major, the engaged player may add more Characters' own contests."""
    d = fr["disaster"]
    options = [
        option("join", c, label=f"{state['cards'][c]} charms it too")
        for c in in_combat(state, fr)
        if c not in fr["contesters"] and not ignored(state, d, c)
    ]
    if not options:
        goto(fr, "combat_contest")
        return
    options.append(option("done", label="No more contests"))
    ask(
        state,
        fr["engaged"],
        "charm_contests",
        f"{seat_name(fr['engaged'])}: charm round against {state['cards'][d]}",
        options,
    )


@physical("contest")
def combat_contest(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.17: draw for the Character, then for the Disaster (Charm sides); a Flash window follows."""
    alive = in_combat(state, fr)
    while fr["contesters"] and fr["contesters"][0] not in alive:
        fr["contesters"].pop(0)
    if not fr["contesters"]:
        end_round(state)  # the charm round counts as the first round (AM-9.14)
        fr["rounds"] += 1
        d = fr["disaster"]
        chars = in_combat(state, fr)
        if fr.get("moved"):  # AM-9.18 (b) ended the combat
            goto(fr, "combat_end")
        elif DEFS[state["cards"][d]].major and chars and all(ignored(state, d, c) for c in chars):
            goto(fr, "combat_end")  # AM-9.22
        elif str(d) not in state["g"]["disaster_at"]:
            goto(fr, "combat_end")
        else:
            goto(fr, "combat_round")
        return
    c = fr["contesters"].pop(0)
    fr["contester"] = c
    fr["cards"] = [draw_combat(state, fr["engaged"]), draw_combat(state, fr["engaged"])]
    goto(fr, "combat_cresult")
    open_window(state, fr["engaged"], {"kind": "contest", "cs": [c], "ds": [fr["disaster"]]})


@physical("cresult")
def combat_cresult(game: Game, state: State, fr: dict[str, Any]) -> None:
    g = state["g"]
    d, c = fr["disaster"], fr["contester"]
    cc, cdis = fr["cards"]
    show_counted(state, [c], "cha")  # AM-9.7 reading: the Items counted are shown
    total_c = stat(state, c, "cha") + combat_card(state, cc)[0]
    total_d = (dstat(state, d, "cha") or 0) + combat_card(state, cdis)[0]
    clear_table(state, fr["cards"])
    fr["cards"] = []
    won = total_c > total_d  # AM-9.17: strictly higher
    log(state, {"t": "contest", "d": d, "c": c, "won": won})
    goto(fr, "combat_contest")
    if str(d) not in g["disaster_at"] or g["char_at"].get(str(c)) != fr["place"]:
        return
    rec = g["disasters"][str(d)]
    if not won:
        if c not in rec.get("barred", ()):
            rec.setdefault("barred", []).append(c)  # AM-9.20 (and never a backfire, AM-9.21)
        return
    if DEFS[state["cards"][d]].major:
        if c not in rec.get("ignores", ()):
            rec.setdefault("ignores", []).append(c)  # AM-9.19
        return
    goto(fr, "combat_caction")  # AM-9.18


def charm_actions(state: State, fr: dict[str, Any]) -> list[list[str]]:
    """AM-9.18: the legal actions a beaten Minor Disaster can be made to carry out now."""
    d, c, p = fr["disaster"], fr["contester"], fr["place"]
    name = state["cards"][d]
    out = []
    if loot(state, d):
        out.append(option("give_item", label=f"{name} gives its Item to {state['cards'][c]}"))
    for q in disaster_reach(state, d):
        out.append(option("move_to", q, label=f"{name} moves to {cell_label(state, q)}"))
    out.append(option("no_defence", label=f"{name} does not defend next round"))
    out.append(option("no_attack", label=f"{name} does not attack next round"))
    for x in in_combat(state, fr):
        out.append(option("aim_at", x, label=f"{name} attacks {state['cards'][x]} next round"))
    for other in disasters_at(state, p):
        if other != d and DEFS[state["cards"][other]].is_combat_disaster:
            out.append(
                option("fight_round", other, label=f"{name} fights {state['cards'][other]} for one round")
            )
    return out


def disaster_reach(state: State, d: int) -> list[int]:
    """AM-9.18 (b): non-destroyed Locations within its Movement over adjacent non-destroyed Locations."""
    g = state["g"]
    mov = dstat(state, d, "mov") or 0
    start = g["disaster_at"][str(d)]
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for p in frontier:
            if seen[p] >= mov:
                continue
            for q in neighbours(state, p):
                if q in seen or str(q) in g["havens"] or q in g["destroyed"]:
                    continue
                seen[q] = seen[p] + 1
                nxt.append(q)
        frontier = nxt
    return sorted(q for q in seen if q != start)


@physical("caction")
def combat_caction(game: Game, state: State, fr: dict[str, Any]) -> None:
    options = charm_actions(state, fr)
    ask(
        state,
        fr["engaged"],
        "charm_action",
        f"{seat_name(fr['engaged'])}: {state['cards'][fr['contester']]} charmed {state['cards'][fr['disaster']]}. What must it do?",
        options,
    )


@FLOW.answer("combat_cpick", "combat_caction")
def answer_charm_round(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    verb = action.verb
    if verb == "done":
        goto(fr, "combat_contest")
    elif verb == "join":  # AM-9.16: one more charm contest
        fr["contesters"].append(action.args[0])
    else:
        _do_charm_action(state, fr, action)


def _do_charm_action(state: State, fr: dict[str, Any], action: Action) -> None:
    g = state["g"]
    d, c, p = fr["disaster"], fr["contester"], fr["place"]
    goto(fr, "combat_contest")
    verb = action.verb
    log(state, {"t": "charm_action", "d": d, "c": c, "a": verb})
    if verb == "give_item":  # (a)
        for x in list(loot(state, d)):
            move_card(state, x, f"loot:{d}", bag(state, c), "won")
            g["attached"][str(x)] = stamp(state)
    elif verb == "move_to":  # (b): no arrival; the combat ends
        q = action.args[0]
        move_disaster(state, d, q)
        fr["moved"] = 1
        fr["contesters"] = []
    elif verb == "no_defence":  # (c)
        fr["charm_effects"]["nodef"] = 1
    elif verb == "no_attack":  # (d)
        fr["charm_effects"]["noatk"] = 1
    elif verb == "aim_at":  # (e)
        fr["charm_effects"]["aim"] = action.args[0]
    elif verb == "fight_round":  # (f): one round against another Disaster, both dealing damage
        other = action.args[0]
        ca, cb = draw_combat(state, fr["engaged"]), draw_combat(state, fr["engaged"])
        _, a_atk, a_def = combat_card(state, ca)
        _, b_atk, b_def = combat_card(state, cb)
        to_other = max(0, (dstat(state, d, "atk") or 0) + a_atk - (dstat(state, other, "def") or 0) - b_def)
        to_d = max(0, (dstat(state, other, "atk") or 0) + b_atk - (dstat(state, d, "def") or 0) - a_def)
        clear_table(state, [ca, cb])
        fr["damage"][str(d)] = fr["damage"].get(str(d), 0) + to_d
        log(state, {"t": "dduel", "d": d, "o": other, "to_d": to_d, "to_o": to_other})
        if to_other >= health(state, other):
            drop_loot(state, other, p)
            log(state, {"t": "defeated", "d": other, "name": state["cards"][other]})
            remove_disaster(state, other, "defeated")
        if fr["damage"][str(d)] >= health(state, d):
            fr["res"] = "defeated"
            fr["contesters"] = []
            goto(fr, "combat_end")


def start_charm(state: State, a: int, b: int) -> None:
    g = state["g"]
    g["chars"][str(a)]["charmed"] = g["turns_started"][state["owner"][a]]  # AM-9.2, AM-9.4
    log(state, {"t": "charm", "a": a, "b": b})
    push(state, "charm", charmer=a, target=b, cards=[])


@step("charm")
def charm(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.6: each draws a card from their own Combat pile; a Flash window follows."""
    a, b = fr["charmer"], fr["target"]
    if not (on_field(state, a) and on_field(state, b)):
        finish(state)
        return
    fr["cards"] = [
        draw_combat(state, state["owner"][a]),
        draw_combat(state, state["owner"][b]),
    ]
    goto(fr, "charm_compare")
    open_window(state, state["owner"][a], {"kind": "charm", "cs": [a, b], "ds": []})


@step("charm_compare")
def charm_compare(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.7 to AM-9.10, AM-9.13: the Charm totals decide a win, a loss or a backfire."""
    g = state["g"]
    a, b = fr["charmer"], fr["target"]
    ca, cb = fr["cards"]
    show_counted(state, [a, b], "cha")  # AM-9.7 reading: the Items counted are shown
    total_a = stat(state, a, "cha") + combat_card(state, ca)[0]  # AM-9.7
    total_b = stat(state, b, "cha") + combat_card(state, cb)[0]
    clear_table(state, fr["cards"])
    fr["cards"] = []
    end_round(state)  # AM-9.5: one round
    printed = PRINTED[state["cards"][a]]["cha"] or 0
    both = on_field(state, a) and on_field(state, b)
    if total_a > total_b and both:  # AM-9.8, AM-9.9, AM-9.10
        log(state, {"t": "charm_result", "a": a, "b": b, "res": "win"})
        p = g["char_at"][str(b)]
        seat_b = state["owner"][b]
        g["protections"].append(
            [a, [c for c in chars_at(state, p) if c != a], ["o", seat_b, g["turns_started"][seat_b] + 1]]
        )
        fr.update(loser=b, winner=a, chooser=state["owner"][a])
        goto(fr, "charm_act")
        return
    if total_b - total_a >= max(printed, 1) and both:  # AM-9.13: a backfire
        log(state, {"t": "charm_result", "a": a, "b": b, "res": "backfire"})
        fr.update(loser=a, winner=b, chooser=state["owner"][b])
        goto(fr, "charm_act")
        return
    log(state, {"t": "charm_result", "a": a, "b": b, "res": "lose"})
    finish(state)


@step("charm_act")
def charm_act(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-9.11: the action is chosen by the winner's owner."""
    options = forced_actions(state, fr["loser"], fr["winner"])
    ask(
        state,
        fr["chooser"],
        "forced_action",
        f"{seat_name(fr['chooser'])}: what must {state['cards'][fr['loser']]} do?",
        options,
    )


def forced_actions(state: State, f: int, o: int) -> list[list[str]]:
    """AM-9.11: the actions that can be carried out now by Character ``f`` (``o`` is the other one)."""
    g = state["g"]
    name = state["cards"][f]
    out = []
    # AM-1.26: the chooser is not always the owner and may not see the Items, so "within its Movement" is
    # judged on the Movement without them
    for q in reachable(state, f, stat(state, f, "mov", items=False)):
        out.append(option("move_to", q, label=f"{name} must move to {cell_label(state, q)} next Move phase"))
    out.append(option("stay", label=f"{name} may not move next Move phase"))
    p = g["char_at"][str(f)]
    owner = state["owner"][f]
    if str(p) not in g["havens"]:
        if state["options"]["character_combat"]:
            for x in chars_at(state, p):
                if state["owner"][x] != owner:
                    out.append(
                        option("fight_round", x, label=f"{name} fights {state['cards'][x]} for one round now")
                    )
        for d in disasters_at(state, p):
            if DEFS[state["cards"][d]].is_combat_disaster:
                out.append(
                    option("fight_round", d, label=f"{name} fights {state['cards'][d]} for one round now")
                )
    if carries(state, f):
        out.append(option("give_random_item", label=f"{name} gives {state['cards'][o]} a random Item"))
    return out


@FLOW.answer("charm_act")
def answer_charm_act(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    g = state["g"]
    f, o = fr["loser"], fr["winner"]
    owner = state["owner"][f]
    verb = action.verb
    log(state, {"t": "forced", "c": f, "a": verb})
    finish(state)
    due = g["turns_started"][owner] + 1  # the owner's next turn
    if verb == "move_to":  # AM-9.11 (a)
        g["forced"][str(f)] = ["move", action.args[0], due]
    elif verb == "stay":  # (b)
        g["forced"][str(f)] = ["stay", 0, due]
    elif verb == "fight_round":  # (c)
        x = action.args[0]
        if ctype(state, x) == "character":
            start_duel(state, f, x, one=True)
        else:
            start_combat(state, x, g["char_at"][str(f)], owner, "forced", [], one=f)
    elif verb == "give_random_item":  # (d)
        x = pick(state, list(items_of(state, f)))
        g["attached"].pop(str(x), None)
        move_card(state, x, bag(state, f), bag(state, o), "given")
        g["attached"][str(x)] = stamp(state)


def protected(state: State, attacker: int, victim: int) -> bool:
    """AM-9.10: whether ``attacker`` may not attack ``victim`` (a charmer that won)."""
    for a, chars, exp in state["g"]["protections"]:
        if a == victim and attacker in chars and valid(state, exp):
            return True
    return False
