"""Section 8, Physical Combat against a Disaster: ``combat`` and its stages ``combat_round``, ``combat_target``,
``combat_attackers``, ``combat_draw``, ``combat_damage``, ``combat_give``, ``combat_end``. The frame holds
``disaster``, ``place``, ``engaged`` (the seat), ``chars`` (its Characters in the combat), ``cause``, ``dropped``
(Items dropped on the Location during it), ``damage`` (by card id), ``rounds`` (done), ``target``, ``attackers``,
``vehicle`` (a Vehicle fights this round), ``cards`` (Combat cards drawn), ``ran``, ``charm_effects`` (charm results
for the next round) and ``this_round`` (those of this round), ``single`` (one round only), ``contesters`` (charm
contesters still to go), ``contester`` (the current one) and ``res`` (how it ended). The charm stages of a combat
are in :mod:`.charm`.
"""

from __future__ import annotations

from typing import Any

from ....core import rng
from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..board import (
    bag,
    bonk,
    carries,
    chars_at,
    discard,
    kill,
    log,
    loot,
    move_card,
    pick,
    remove_disaster,
    seat_name,
    stamp,
)
from ..field import drop_loot, escape, ignored, ran_from
from ..flow import FLOW, finish, physical
from ..rules import DEFS, PRINTED
from ..stats import dstat, health, show_counted, skills, stat
from .flash import open_window


def draw_combat(state: State, seat: int) -> int | None:
    """The top card of a Combat pile, onto the table; an empty pile is refilled from its discard (AM-8.11)."""
    zones = state["zones"]
    pile = zones[f"combat:{seat}"]
    if not pile:
        used = zones[f"cdisc:{seat}"]
        if not used:
            return None  # AM-8.11: counts as +0
        for x in list(used):
            move_card(state, x, f"cdisc:{seat}", f"combat:{seat}", "reshuffle")
        rng.shuffle(state, pile)
        log(state, {"t": "reshuffle", "seat": seat})
    x = pile[-1]
    move_card(state, x, f"combat:{seat}", "ctable", "combat_draw")
    return x


def combat_card(state: State, x: int | None) -> tuple[int, int, int]:
    """(charm, attack, defense) modifiers of a drawn Combat card (+0 for none)."""
    if x is None:
        return 0, 0, 0
    c = DEFS[state["cards"][x]]
    return c.charm, c.attack, c.defense


def clear_table(state: State, cards: list[int | None]) -> None:
    """AM-8.20: the round's Combat cards go to the drawing player's Combat discard."""
    for x in cards:
        if x is not None and x in state["zones"]["ctable"]:
            move_card(state, x, "ctable", f"cdisc:{state['owner'][x]}", "combat_discard")


def end_round(state: State) -> None:
    """AM-8.20, AM-10.7: what was spent or granted for this round ends with it."""
    g = state["g"]
    g["round_serial"] += 1
    for d, c in g.pop("used_up", []):  # AM-10.9: a card whose last use was this round is discarded
        z = f"gear:{c}"
        if d in state["zones"].get(z, ()):
            discard(state, d, z, "used_up")


def start_combat(
    state: State, d: int, p: int, engaged: int, src: str, drops: list[int], one: int | None = None
) -> None:
    """Push a Physical Combat of ``engaged``'s Characters on ``p`` against Disaster ``d``."""
    g = state["g"]
    cs = [c for c in chars_at(state, p) if state["owner"][c] == engaged and not ran_from(state, d, c)]
    if one is not None:
        cs = [one]
    rec = g["disasters"][str(d)]
    if src in ("move", "fight"):  # AM-9.19: its owner starting a combat ends the ignoring
        if rec.get("ignores"):
            rec["ignores"] = [c for c in rec["ignores"] if state["owner"][c] != engaged]
    fr = {
        "step": "combat",
        "disaster": d,
        "place": p,
        "engaged": engaged,
        "chars": cs,
        "cause": src,
        "dropped": list(drops),
        "damage": {},
        "rounds": 0,
        "target": None,
        "attackers": [],
        "vehicle": 0,
        "cards": [],
        "ran": 0,
        "charm_effects": {},
        "this_round": {},
        "single": 0 if one is None else 1,
    }
    push(state, **fr)
    if g["phase"] == "move":
        for c in cs:
            g["chars"][str(c)]["fought"] = g["phase_serial"]  # AM-6.16
    log(state, {"t": "combat", "d": d, "seat": engaged, "cs": list(cs), "name": state["cards"][d]})


def in_combat(state: State, fr: dict[str, Any]) -> list[int]:
    """The combat's Characters still in play on its Location."""
    cp = state["g"]["char_at"]
    return [c for c in fr["chars"] if cp.get(str(c)) == fr["place"]]


def choose_target(state: State, fr: dict[str, Any]) -> int | None:
    """AM-8.7: a random Item carrier the Disaster does not ignore, else any Character it does not ignore."""
    d = fr["disaster"]
    chars = [c for c in in_combat(state, fr) if not ignored(state, d, c)]
    if not chars:
        return None
    aim = fr["this_round"].get("aim")
    if aim in chars:  # AM-9.18 (e)
        return aim
    carriers = [c for c in chars if carries(state, c)]
    return pick(state, carriers or chars)


@physical("start")
def combat(game: Game, state: State, fr: dict[str, Any]) -> None:
    if not in_combat(state, fr):
        goto(fr, "combat_end")
        return
    has_charm = PRINTED[state["cards"][fr["disaster"]]]["cha"] is not None
    goto(fr, "combat_charm" if has_charm and not fr["single"] else "combat_round")  # AM-8.5, AM-9.14


@physical("round")
def combat_round(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.6: each round the engaged player fights or runs."""
    if not in_combat(state, fr):
        goto(fr, "combat_end")
        return
    fr["this_round"] = fr["charm_effects"]
    fr["charm_effects"] = {}
    if fr["single"]:
        goto(fr, "combat_target")
        return
    name = state["cards"][fr["disaster"]]
    ask(  # AM-8.6
        state,
        fr["engaged"],
        "run_or_fight",
        f"{seat_name(fr['engaged'])}: round {fr['rounds'] + 1} against {name}",
        [option("fight", label="Fight this round"), option("run", label="Run away")],
    )


@physical("target")
def combat_target(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.7: the Disaster's target."""
    t = choose_target(state, fr)
    if t is None:  # AM-8.20: nobody it can target
        goto(fr, "combat_end")
        return
    fr["target"] = t
    rec = state["g"]["disasters"][str(fr["disaster"])]
    if t in rec.get("barred", ()):
        rec["barred"].remove(t)  # AM-8.9, AM-9.20: being attacked lifts the bar
    fr["attackers"] = [t]
    fr["vehicle"] = 0
    goto(fr, "combat_draw" if fr["ran"] or fr["single"] else "combat_attackers")


@physical("draw")
def combat_draw(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.10: the engaged player draws for the target, then for the Disaster; a Flash window follows."""
    fr["cards"] = [draw_combat(state, fr["engaged"]), draw_combat(state, fr["engaged"])]
    goto(fr, "combat_damage")
    open_window(state, fr["engaged"], {"kind": "phys", "cs": in_combat(state, fr), "ds": [fr["disaster"]]})


@FLOW.answer("combat_round", "combat_attackers", "combat_give")
def answer_combat(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    g = state["g"]
    d = fr["disaster"]
    verb = action.verb
    if verb == "fight":
        goto(fr, "combat_target")
    elif verb == "run":  # AM-8.21: one last attack by the Disaster
        fr["ran"] = 1
        log(state, {"t": "run", "seat": seat, "d": d})
        goto(fr, "combat_target")
    elif verb == "join" and fr["step"] == "combat_attackers":  # AM-8.8
        c = action.args[0]
        fr["attackers"].append(c)
        rec = g["disasters"][str(d)]
        if c in rec.get("ignores", ()):
            rec["ignores"].remove(c)  # AM-9.19: attacking it ends the ignoring
    elif verb == "vehicle_fights":  # AM-8.30
        fr["vehicle"] = 1
        goto(fr, "combat_draw")
    elif verb == "done":
        goto(fr, "combat_draw")
    elif verb == "give_to":  # AM-8.25
        _give_loot(state, fr, action.args[0])


@physical("attackers")
def combat_attackers(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.8, AM-8.9, AM-8.30: name the attackers (the target always is one); a Vehicle may fight alone."""
    g = state["g"]
    d = fr["disaster"]
    rec = g["disasters"][str(d)]
    cap = 4 if DEFS[state["cards"][d]].major else 3
    options = []
    t = fr["target"]
    if len(fr["attackers"]) == 1 and fighting_vehicle(state, t) is not None:
        options.append(option("vehicle_fights", label=f"{state['cards'][t]}'s Vehicle fights (alone)"))
    if len(fr["attackers"]) < cap:
        for c in in_combat(state, fr):
            if c not in fr["attackers"] and c not in rec.get("barred", ()):
                options.append(option("join", c, label=f"{state['cards'][c]} attacks too"))
    if not options:
        goto(fr, "combat_draw")
        return
    options.append(option("done", label="These attackers"))
    names = ", ".join(state["cards"][c] for c in fr["attackers"])
    ask(state, fr["engaged"], "attackers", f"{seat_name(fr['engaged'])}: attackers so far: {names}", options)


def fighting_vehicle(state: State, c: int) -> int | None:
    """AM-8.29: the Vehicle a Character bears that can be used in combat."""
    for x in state["zones"].get(f"gear:{c}", ()):
        cd = DEFS[state["cards"][x]]
        if cd.vehicle_fights and set(cd.requires) <= skills(state, c):
            return x
    return None


@physical("damage")
def combat_damage(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.13 to AM-8.20: simultaneous damage, then bonks, kills, defeat and the end of the round."""
    d = fr["disaster"]
    t = fr["target"]
    cur = fr["this_round"]
    ct, cdis = fr["cards"]
    _, t_atk, t_def = combat_card(state, ct)
    _, d_atk, d_def = combat_card(state, cdis)
    alive = in_combat(state, fr)
    dealt_d = dealt_t = 0
    if t in alive:
        if not fr["ran"]:
            hitters = [c for c in fr["attackers"] if c in alive]
            show_counted(state, hitters, "atk")  # AM-8.13 reading: Items counted are shown
            attack = sum(stat(state, c, "atk", vehicle=bool(fr["vehicle"]) and c == t) for c in hitters)
            attack += t_atk  # AM-8.13
            defence = 0 if cur.get("nodef") else (dstat(state, d, "def") or 0) + d_def  # AM-9.18 (c)
            dealt_d = max(0, attack - defence)  # AM-8.15
        if not cur.get("noatk"):  # AM-9.18 (d)
            show_counted(state, [t], "def")
            attack = (dstat(state, d, "atk") or 0) + d_atk  # AM-8.14
            defence = stat(state, t, "def", vehicle=bool(fr["vehicle"])) + t_def
            dealt_t = max(0, attack - defence)
    dm = fr["damage"]
    if dealt_d:
        dm[str(d)] = dm.get(str(d), 0) + dealt_d  # AM-8.16
    if dealt_t:
        dm[str(t)] = dm.get(str(t), 0) + dealt_t
    log(state, {"t": "round", "d": d, "c": t, "to_d": dealt_d, "to_c": dealt_t,
                     "cards": [state["cards"][x] if x is not None else None for x in fr["cards"]]})  # fmt: skip
    clear_table(state, fr["cards"])
    fr["cards"] = []
    end_round(state)
    fr["rounds"] += 1
    if dealt_t:
        h = health(state, t)
        if dm[str(t)] >= 2 * h:  # AM-8.17
            kill(state, t, drops=fr["dropped"])
        elif dm[str(t)] >= h:
            bonk(state, t, drops=fr["dropped"])
    if dm.get(str(d), 0) >= health(state, d):  # AM-8.18
        fr["res"] = "defeated"
        goto(fr, "combat_end")
        return
    card = DEFS[state["cards"][d]]
    if card.runs_away and not fr["ran"]:  # AM-8.23
        kind, k = card.runs_away
        if (kind == "after" and fr["rounds"] >= k) or (kind == "damaged" and dealt_d > 0):
            fr["res"] = "escaped"
            goto(fr, "combat_end")
            return
    if fr["ran"]:
        fr["res"] = "ran"
    # AM-8.4: no limit on the rounds; each one opens with the choice to run (AM-8.6)
    goto(fr, "combat_end" if fr["ran"] or fr["single"] else "combat_round")


@physical("give")
def combat_give(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.25: the engaged player gives the defeated Disaster's Item to a surviving participant."""
    options = [option("give_to", c, label=f"Give it to {state['cards'][c]}") for c in in_combat(state, fr)]
    ask(state, fr["engaged"], "give_item", f"{seat_name(fr['engaged'])}: who takes the Item?", options)


def _give_loot(state: State, fr: dict[str, Any], c: int) -> None:
    d = fr["disaster"]
    for x in list(loot(state, d)):
        move_card(state, x, f"loot:{d}", bag(state, c), "won")
        state["g"]["attached"][str(x)] = stamp(state)
    goto(fr, "combat_end")


@physical("end")
def combat_end(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-8.22, AM-8.24 to AM-8.27: the combat's end."""
    g = state["g"]
    d, p = fr["disaster"], fr["place"]
    res = fr.get("res")
    alive = str(d) in g["disaster_at"]
    if fr["cards"]:  # the fight ended in a round's window (AM-10.21): the round ends with it (AM-8.20)
        clear_table(state, fr["cards"])
        fr["cards"] = []
        end_round(state)
    if res == "defeated" and alive:
        if loot(state, d):
            survivors = in_combat(state, fr)
            if len(survivors) > 1:
                goto(fr, "combat_give")
                return
            if survivors:
                _give_loot(state, fr, survivors[0])
            else:
                drop_loot(state, d, p)  # AM-8.25: nobody survived to take it
        log(state, {"t": "defeated", "d": d, "name": state["cards"][d]})
        remove_disaster(state, d, "defeated")  # AM-5.29
        alive = False
    if alive:
        if not loot(state, d) and g["disaster_at"][str(d)] == p:  # AM-8.26, where it still stands
            pool = [x for x in fr["dropped"] if x in state["zones"][f"it:{p}"]]
            if pool:
                x = pick(state, pool)
                move_card(state, x, f"it:{p}", f"loot:{d}", "pick_up")
        g["disasters"][str(d)]["done"] = g["phase_serial"]  # AM-8.27
        if res == "ran":  # AM-8.22
            for c in fr["chars"]:
                g["ran_away"].append([d, c, g["phase_serial"]])
    log(state, {"t": "combat_end", "d": d, "res": res or "survived"})
    finish(state, {"defeated": "defeated", "ran": "ran"}.get(res or "", "survived"))
    if alive and res == "escaped":
        escape(state, d)  # AM-8.23
