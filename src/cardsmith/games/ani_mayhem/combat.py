"""Ani-Mayhem rules, sections 8 and 9: Physical Combat, duels between Characters, and Charm Combat.

Steps (frames on ``state["flow"]``, see :mod:`.engine`) implemented here:

* ``cmb`` and its stages ``cmb_round``, ``cmb_target``, ``cmb_attackers``, ``cmb_draw``, ``cmb_damage``,
  ``cmb_give``, ``cmb_end`` and, for a charm round, ``cmb_charm``, ``cmb_cpick``, ``cmb_contest``, ``cmb_cresult``,
  ``cmb_caction``: a Physical Combat against a Disaster, ``{d, p, e (engaged seat), cs (Characters in it), src,
  drop (Items dropped on the Location during it), dm (damage by card id), r (rounds done), tg (target), at
  (attackers), veh, cd (Combat cards drawn), run, fx (charm results for the next round), cur, one, cq (charm
  contesters still to go), ci (current contester), res}``;
* ``duel``, ``duel_run_a``, ``duel_run_b``, ``duel_draw``, ``duel_damage``, ``duel_end``: a duel between two
  Characters (AM-8.31 to AM-8.33);
* ``charm``, ``charm_compare``, ``charm_act``: a Charm Combat between two Characters (AM-9.1 to AM-9.13), with its
  forced action.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.actions import Action, option
from ...core.flow import goto, push
from ...core.state import State
from .engine import FLOW, duel, finish, physical, step
from .field import FieldRules

COMBAT_ROUND_CAP = (
    12  # AM-8.4 reading: a combat that is still undecided after this many rounds ends as a stand-off
)


class CombatRules(FieldRules):
    """Combat against Disasters, duels and charm."""

    # ----- Combat cards (AM-1.15, AM-8.10, AM-8.11) ---------------------------------------------------------------

    def draw_combat(self, state: State, seat: int) -> int | None:
        """The top card of a Combat pile, onto the table; an empty pile is refilled from its discard (AM-8.11)."""
        zones = state["zones"]
        pile = zones[f"combat:{seat}"]
        if not pile:
            used = zones[f"cdisc:{seat}"]
            if not used:
                return None  # AM-8.11: counts as +0
            for x in list(used):
                self._mv(state, x, f"cdisc:{seat}", f"combat:{seat}", "reshuffle")
            rng.shuffle(state, pile)
            self.log(state, {"t": "reshuffle", "seat": seat})
        x = pile[-1]
        self._mv(state, x, f"combat:{seat}", "ctable", "combat_draw")
        return x

    def combat_card(self, state: State, x: int | None) -> tuple[int, int, int]:
        """(charm, attack, defense) modifiers of a drawn Combat card (+0 for none)."""
        if x is None:
            return 0, 0, 0
        c = self.defs[state["cards"][x]]
        return c.charm, c.attack, c.defense

    def clear_table(self, state: State, cards: list[int | None]) -> None:
        """AM-8.20: the round's Combat cards go to the drawing player's Combat discard."""
        for x in cards:
            if x is not None and x in state["zones"]["ctable"]:
                self._mv(state, x, "ctable", f"cdisc:{state['owner'][x]}", "combat_discard")

    def end_round(self, state: State) -> None:
        """AM-8.20, AM-10.7: what was spent or granted for this round ends with it."""
        g = state["g"]
        g["rs"] += 1
        for d, c in g.pop("gx", []):  # AM-10.9: a card whose last use was this round is discarded
            z = f"gear:{c}"
            if d in state["zones"].get(z, ()):
                self.discard(state, d, z, "used_up")

    # ----- starting a combat (AM-8.1 to AM-8.3) -------------------------------------------------------------------

    def start_combat(
        self, state: State, d: int, p: int, engaged: int, src: str, drops: list[int], one: int | None = None
    ) -> None:
        """Push a Physical Combat of ``engaged``'s Characters on ``p`` against Disaster ``d``."""
        g = state["g"]
        cs = [
            c
            for c in self.chars_at(state, p)
            if state["owner"][c] == engaged and not self.ran_from(state, d, c)
        ]
        if one is not None:
            cs = [one]
        rec = g["dr"][str(d)]
        if src in ("move", "fight"):  # AM-9.19: its owner starting a combat ends the ignoring
            if rec.get("ig"):
                rec["ig"] = [c for c in rec["ig"] if state["owner"][c] != engaged]
        fr = {
            "step": "cmb",
            "d": d,
            "p": p,
            "e": engaged,
            "cs": cs,
            "src": src,
            "drop": list(drops),
            "dm": {},
            "r": 0,
            "tg": None,
            "at": [],
            "veh": 0,
            "cd": [],
            "run": 0,
            "fx": {},
            "cur": {},
            "one": 0 if one is None else 1,
        }
        push(state, **fr)
        if g["phase"] == "move":
            for c in cs:
                g["ch"][str(c)]["f"] = g["ps"]  # AM-6.16
        self.log(state, {"t": "combat", "d": d, "seat": engaged, "cs": list(cs), "name": state["cards"][d]})

    def in_combat(self, state: State, fr: dict[str, Any]) -> list[int]:
        """The combat's Characters still in play on its Location."""
        cp = state["g"]["cp"]
        return [c for c in fr["cs"] if cp.get(str(c)) == fr["p"]]

    def choose_target(self, state: State, fr: dict[str, Any]) -> int | None:
        """AM-8.7: a random Item carrier the Disaster does not ignore, else any Character it does not ignore."""
        d = fr["d"]
        chars = [c for c in self.in_combat(state, fr) if not self.ignored(state, d, c)]
        if not chars:
            return None
        aim = fr["cur"].get("aim")
        if aim in chars:  # AM-9.18 (e)
            return aim
        carriers = [c for c in chars if self.carries(state, c)]
        return self.pick(state, carriers or chars)

    # ----- the combat flow --------------------------------------------------------------------------------------------

    @physical("start")
    def _s_cmb(self, state: State, fr: dict[str, Any]) -> None:
        if not self.in_combat(state, fr):
            goto(fr, "cmb_end")
            return
        has_charm = self._printed[state["cards"][fr["d"]]]["cha"] is not None
        goto(fr, "cmb_charm" if has_charm and not fr["one"] else "cmb_round")  # AM-8.5, AM-9.14

    @physical("round")
    def _s_cmb_round(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.6: each round the engaged player fights or runs."""
        if not self.in_combat(state, fr):
            goto(fr, "cmb_end")
            return
        fr["cur"] = fr["fx"]
        fr["fx"] = {}
        if fr["one"]:
            goto(fr, "cmb_target")
            return
        name = state["cards"][fr["d"]]
        self.ask(  # AM-8.6
            state,
            fr["e"],
            "run_or_fight",
            f"{self.seat_name(fr['e'])}: round {fr['r'] + 1} against {name}",
            [option("fight", label="Fight this round"), option("run", label="Run away")],
        )

    @physical("target")
    def _s_cmb_target(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.7: the Disaster's target."""
        t = self.choose_target(state, fr)
        if t is None:  # AM-8.20: nobody it can target
            goto(fr, "cmb_end")
            return
        fr["tg"] = t
        rec = state["g"]["dr"][str(fr["d"])]
        if t in rec.get("bar", ()):
            rec["bar"].remove(t)  # AM-8.9, AM-9.20: being attacked lifts the bar
        fr["at"] = [t]
        fr["veh"] = 0
        goto(fr, "cmb_draw" if fr["run"] or fr["one"] else "cmb_attackers")

    @physical("draw")
    def _s_cmb_draw(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.10: the engaged player draws for the target, then for the Disaster; a Flash window follows."""
        fr["cd"] = [self.draw_combat(state, fr["e"]), self.draw_combat(state, fr["e"])]
        goto(fr, "cmb_damage")
        self.open_window(state, fr["e"], {"kind": "phys", "cs": self.in_combat(state, fr), "ds": [fr["d"]]})

    @FLOW.answer("cmb_round", "cmb_attackers", "cmb_cpick", "cmb_give", "cmb_caction")
    def _o_cmb(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        d = fr["d"]
        verb = action.verb
        if verb == "fight":
            goto(fr, "cmb_target")
        elif verb == "run":  # AM-8.21: one last attack by the Disaster
            fr["run"] = 1
            self.log(state, {"t": "run", "seat": seat, "d": d})
            goto(fr, "cmb_target")
        elif verb == "join" and fr["step"] == "cmb_attackers":  # AM-8.8
            c = action.args[0]
            fr["at"].append(c)
            rec = g["dr"][str(d)]
            if c in rec.get("ig", ()):
                rec["ig"].remove(c)  # AM-9.19: attacking it ends the ignoring
        elif verb == "vehicle_fights":  # AM-8.30
            fr["veh"] = 1
            goto(fr, "cmb_draw")
        elif verb == "done":
            goto(fr, "cmb_draw" if fr["step"] == "cmb_attackers" else "cmb_contest")
        elif verb == "join":  # AM-9.16: one more charm contest
            fr["cq"].append(action.args[0])
        elif verb == "give_to":  # AM-8.25
            self._give_loot(state, fr, action.args[0])
        else:
            self._do_charm_action(state, fr, action)

    @physical("attackers")
    def _ask_attackers(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.8, AM-8.9, AM-8.30: name the attackers (the target always is one); a Vehicle may fight alone."""
        g = state["g"]
        d = fr["d"]
        rec = g["dr"][str(d)]
        cap = 4 if self.defs[state["cards"][d]].major else 3
        options = []
        t = fr["tg"]
        if len(fr["at"]) == 1 and self.fighting_vehicle(state, t) is not None:
            options.append(option("vehicle_fights", label=f"{state['cards'][t]}'s Vehicle fights (alone)"))
        if len(fr["at"]) < cap:
            for c in self.in_combat(state, fr):
                if c not in fr["at"] and c not in rec.get("bar", ()):
                    options.append(option("join", c, label=f"{state['cards'][c]} attacks too"))
        if not options:
            goto(fr, "cmb_draw")
            return
        options.append(option("done", label="These attackers"))
        names = ", ".join(state["cards"][c] for c in fr["at"])
        self.ask(
            state, fr["e"], "attackers", f"{self.seat_name(fr['e'])}: attackers so far: {names}", options
        )

    def fighting_vehicle(self, state: State, c: int) -> int | None:
        """AM-8.29: the Vehicle a Character bears that can be used in combat."""
        for x in state["zones"].get(f"gear:{c}", ()):
            cd = self.defs[state["cards"][x]]
            if cd.vehicle_fights and set(cd.requires) <= self.skills(state, c):
                return x
        return None

    @physical("damage")
    def _physical_damage(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.13 to AM-8.20: simultaneous damage, then bonks, kills, defeat and the end of the round."""
        d = fr["d"]
        t = fr["tg"]
        cur = fr["cur"]
        ct, cdis = fr["cd"]
        _, t_atk, t_def = self.combat_card(state, ct)
        _, d_atk, d_def = self.combat_card(state, cdis)
        alive = self.in_combat(state, fr)
        dealt_d = dealt_t = 0
        if t in alive:
            if not fr["run"]:
                attack = sum(
                    self.stat(state, c, "atk", vehicle=bool(fr["veh"]) and c == t)
                    for c in fr["at"]
                    if c in alive
                )
                attack += t_atk  # AM-8.13
                defence = 0 if cur.get("nodef") else (self.dstat(state, d, "def") or 0) + d_def  # AM-9.18 (c)
                dealt_d = max(0, attack - defence)  # AM-8.15
            if not cur.get("noatk"):  # AM-9.18 (d)
                attack = (self.dstat(state, d, "atk") or 0) + d_atk  # AM-8.14
                defence = self.stat(state, t, "def", vehicle=bool(fr["veh"])) + t_def
                dealt_t = max(0, attack - defence)
        dm = fr["dm"]
        if dealt_d:
            dm[str(d)] = dm.get(str(d), 0) + dealt_d  # AM-8.16
        if dealt_t:
            dm[str(t)] = dm.get(str(t), 0) + dealt_t
        self.log(state, {"t": "round", "d": d, "c": t, "to_d": dealt_d, "to_c": dealt_t,
                         "cards": [state["cards"][x] if x is not None else None for x in fr["cd"]]})  # fmt: skip
        self.clear_table(state, fr["cd"])
        fr["cd"] = []
        self.end_round(state)
        fr["r"] += 1
        if dealt_t:
            h = self.health(state, t)
            if dm[str(t)] >= 2 * h:  # AM-8.17
                self.kill(state, t, drops=fr["drop"])
            elif dm[str(t)] >= h:
                self.bonk(state, t, drops=fr["drop"])
        if dm.get(str(d), 0) >= self.health(state, d):  # AM-8.18
            fr["res"] = "defeated"
            goto(fr, "cmb_end")
            return
        card = self.defs[state["cards"][d]]
        if card.runs_away and not fr["run"]:  # AM-8.23
            kind, k = card.runs_away
            if (kind == "after" and fr["r"] >= k) or (kind == "damaged" and dealt_d > 0):
                fr["res"] = "escaped"
                goto(fr, "cmb_end")
                return
        if fr["run"]:
            fr["res"] = "ran"
            goto(fr, "cmb_end")
            return
        if fr["one"] or fr["r"] >= COMBAT_ROUND_CAP:
            goto(fr, "cmb_end")
            return
        goto(fr, "cmb_round")

    @physical("give")
    def _ask_give(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.25: the engaged player gives the defeated Disaster's Item to a surviving participant."""
        options = [
            option("give_to", c, label=f"Give it to {state['cards'][c]}") for c in self.in_combat(state, fr)
        ]
        self.ask(state, fr["e"], "give_item", f"{self.seat_name(fr['e'])}: who takes the Item?", options)

    def _give_loot(self, state: State, fr: dict[str, Any], c: int) -> None:
        d = fr["d"]
        for x in list(self.loot(state, d)):
            self._mv(state, x, f"loot:{d}", self.bag(state, c), "won")
            state["g"]["st"][str(x)] = self.stamp(state)
        goto(fr, "cmb_end")

    @physical("end")
    def _end_combat(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.22, AM-8.24 to AM-8.27: the combat's end."""
        g = state["g"]
        d = fr["d"]
        p = fr["p"]
        res = fr.get("res")
        alive = str(d) in g["dp"]
        if res == "defeated" and alive:
            if self.loot(state, d):
                survivors = self.in_combat(state, fr)
                if len(survivors) > 1:
                    goto(fr, "cmb_give")
                    return
                if survivors:
                    self._give_loot(state, fr, survivors[0])
                else:
                    self.drop_loot(state, d, p)  # AM-8.25: nobody survived to take it
            self.log(state, {"t": "defeated", "d": d, "name": state["cards"][d]})
            self.remove_disaster(state, d, "defeated")  # AM-5.29
            alive = False
        if alive:
            if not self.loot(state, d):  # AM-8.26
                pool = [x for x in fr["drop"] if x in state["zones"][f"it:{p}"]]
                if pool:
                    x = self.pick(state, pool)
                    self._mv(state, x, f"it:{p}", f"loot:{d}", "pick_up")
            g["dr"][str(d)]["dn"] = g["ps"]  # AM-8.27
            if res == "ran":  # AM-8.22
                for c in fr["cs"]:
                    g["rp"].append([d, c, g["ps"]])
        self.log(state, {"t": "combat_end", "d": d, "res": res or "survived"})
        finish(state, {"defeated": "defeated", "ran": "ran"}.get(res or "", "survived"))
        if alive and res == "escaped":
            self.escape(state, d)  # AM-8.23

    # ----- the charm round against a Disaster (AM-9.14 to AM-9.22) ------------------------------------------------

    @physical("charm")
    def _charm_round(self, state: State, fr: dict[str, Any]) -> None:
        t = self.choose_target(state, fr)  # AM-9.15
        if t is None:
            goto(fr, "cmb_end")
            return
        fr["tg"] = t
        fr["cq"] = [t]
        d = fr["d"]
        others = [c for c in self.in_combat(state, fr) if c != t and not self.ignored(state, d, c)]
        goto(fr, "cmb_cpick" if self.defs[state["cards"][d]].major and others else "cmb_contest")

    @physical("cpick")
    def _ask_contesters(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.16: against a Major, the engaged player may add more Characters' own contests."""
        d = fr["d"]
        options = [
            option("join", c, label=f"{state['cards'][c]} charms it too")
            for c in self.in_combat(state, fr)
            if c not in fr["cq"] and not self.ignored(state, d, c)
        ]
        if not options:
            goto(fr, "cmb_contest")
            return
        options.append(option("done", label="No more contests"))
        self.ask(
            state,
            fr["e"],
            "charm_contests",
            f"{self.seat_name(fr['e'])}: charm round against {state['cards'][d]}",
            options,
        )

    @physical("contest")
    def _next_contest(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.17: draw for the Character, then for the Disaster (Charm sides); a Flash window follows."""
        alive = self.in_combat(state, fr)
        while fr["cq"] and fr["cq"][0] not in alive:
            fr["cq"].pop(0)
        if not fr["cq"]:
            self.end_round(state)  # the charm round counts as the first round (AM-9.14)
            fr["r"] += 1
            d = fr["d"]
            chars = self.in_combat(state, fr)
            if fr.get("moved"):  # AM-9.18 (b) ended the combat
                goto(fr, "cmb_end")
            elif (
                self.defs[state["cards"][d]].major and chars and all(self.ignored(state, d, c) for c in chars)
            ):
                goto(fr, "cmb_end")  # AM-9.22
            elif str(d) not in state["g"]["dp"]:
                goto(fr, "cmb_end")
            else:
                goto(fr, "cmb_round")
            return
        c = fr["cq"].pop(0)
        fr["ci"] = c
        fr["cd"] = [self.draw_combat(state, fr["e"]), self.draw_combat(state, fr["e"])]
        goto(fr, "cmb_cresult")
        self.open_window(state, fr["e"], {"kind": "contest", "cs": [c], "ds": [fr["d"]]})

    @physical("cresult")
    def _contest_result(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        d, c = fr["d"], fr["ci"]
        cc, cdis = fr["cd"]
        total_c = self.stat(state, c, "cha") + self.combat_card(state, cc)[0]
        total_d = (self.dstat(state, d, "cha") or 0) + self.combat_card(state, cdis)[0]
        self.clear_table(state, fr["cd"])
        fr["cd"] = []
        won = total_c > total_d  # AM-9.17: strictly higher
        self.log(state, {"t": "contest", "d": d, "c": c, "won": won})
        goto(fr, "cmb_contest")
        if str(d) not in g["dp"] or g["cp"].get(str(c)) != fr["p"]:
            return
        rec = g["dr"][str(d)]
        if not won:
            if c not in rec.get("bar", ()):
                rec.setdefault("bar", []).append(c)  # AM-9.20 (and never a backfire, AM-9.21)
            return
        if self.defs[state["cards"][d]].major:
            if c not in rec.get("ig", ()):
                rec.setdefault("ig", []).append(c)  # AM-9.19
            return
        goto(fr, "cmb_caction")  # AM-9.18

    def charm_actions(self, state: State, fr: dict[str, Any]) -> list[list[str]]:
        """AM-9.18: the legal actions a beaten Minor Disaster can be made to carry out now."""
        d, c, p = fr["d"], fr["ci"], fr["p"]
        name = state["cards"][d]
        out = []
        if self.loot(state, d):
            out.append(option("give_item", label=f"{name} gives its Item to {state['cards'][c]}"))
        for q in self.disaster_reach(state, d):
            out.append(option("move_to", q, label=f"{name} moves to {self.cell_label(state, q)}"))
        out.append(option("no_defence", label=f"{name} does not defend next round"))
        out.append(option("no_attack", label=f"{name} does not attack next round"))
        for x in self.in_combat(state, fr):
            out.append(option("aim_at", x, label=f"{name} attacks {state['cards'][x]} next round"))
        for other in self.disasters_at(state, p):
            if other != d and self.defs[state["cards"][other]].is_combat_disaster:
                out.append(
                    option("fight_round", other, label=f"{name} fights {state['cards'][other]} for one round")
                )
        return out

    def disaster_reach(self, state: State, d: int) -> list[int]:
        """AM-9.18 (b): non-destroyed Locations within its Movement over adjacent non-destroyed Locations."""
        g = state["g"]
        mov = self.dstat(state, d, "mov") or 0
        start = g["dp"][str(d)]
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for p in frontier:
                if seen[p] >= mov:
                    continue
                for q in g["adj"][str(p)]:
                    if q in seen or str(q) in g["hv"] or q in g["dead"]:
                        continue
                    seen[q] = seen[p] + 1
                    nxt.append(q)
            frontier = nxt
        return sorted(q for q in seen if q != start)

    @physical("caction")
    def _ask_charm_action(self, state: State, fr: dict[str, Any]) -> None:
        options = self.charm_actions(state, fr)
        self.ask(
            state,
            fr["e"],
            "charm_action",
            f"{self.seat_name(fr['e'])}: {state['cards'][fr['ci']]} charmed {state['cards'][fr['d']]}. What must it do?",
            options,
        )

    def _do_charm_action(self, state: State, fr: dict[str, Any], action: Action) -> None:
        g = state["g"]
        d, c, p = fr["d"], fr["ci"], fr["p"]
        goto(fr, "cmb_contest")
        verb = action.verb
        self.log(state, {"t": "charm_action", "d": d, "c": c, "a": verb})
        if verb == "give_item":  # (a)
            for x in list(self.loot(state, d)):
                self._mv(state, x, f"loot:{d}", self.bag(state, c), "won")
                g["st"][str(x)] = self.stamp(state)
        elif verb == "move_to":  # (b): no arrival; the combat ends
            q = action.args[0]
            self.move_disaster(state, d, q)
            fr["moved"] = 1
            fr["cq"] = []
        elif verb == "no_defence":  # (c)
            fr["fx"]["nodef"] = 1
        elif verb == "no_attack":  # (d)
            fr["fx"]["noatk"] = 1
        elif verb == "aim_at":  # (e)
            fr["fx"]["aim"] = action.args[0]
        elif verb == "fight_round":  # (f): one round against another Disaster, both dealing damage
            other = action.args[0]
            ca, cb = self.draw_combat(state, fr["e"]), self.draw_combat(state, fr["e"])
            _, a_atk, a_def = self.combat_card(state, ca)
            _, b_atk, b_def = self.combat_card(state, cb)
            to_other = max(
                0, (self.dstat(state, d, "atk") or 0) + a_atk - (self.dstat(state, other, "def") or 0) - b_def
            )
            to_d = max(
                0, (self.dstat(state, other, "atk") or 0) + b_atk - (self.dstat(state, d, "def") or 0) - a_def
            )
            self.clear_table(state, [ca, cb])
            fr["dm"][str(d)] = fr["dm"].get(str(d), 0) + to_d
            self.log(state, {"t": "dduel", "d": d, "o": other, "to_d": to_d, "to_o": to_other})
            if to_other >= self.health(state, other):
                self.drop_loot(state, other, p)
                self.log(state, {"t": "defeated", "d": other, "name": state["cards"][other]})
                self.remove_disaster(state, other, "defeated")
            if fr["dm"][str(d)] >= self.health(state, d):
                fr["res"] = "defeated"
                fr["cq"] = []
                goto(fr, "cmb_end")

    # ----- duels between Characters (AM-8.31 to AM-8.33) ----------------------------------------------------------

    def start_duel(self, state: State, a: int, b: int, one: bool = False) -> None:
        g = state["g"]
        fr = {
            "step": "duel",
            "a": a,
            "b": b,
            "sa": state["owner"][a],
            "sb": state["owner"][b],
            "p": g["cp"][str(a)],
            "dm": {},
            "r": 0,
            "cd": [],
            "run": None,
            "one": int(one),
        }
        if g["phase"] == "move":
            for c in (a, b):
                g["ch"][str(c)]["f"] = g["ps"]  # AM-6.16
        self.log(state, {"t": "duel", "a": a, "b": b})
        push(state, **fr)

    @duel("round")
    def _s_duel(self, state: State, fr: dict[str, Any]) -> None:
        goto(fr, "duel_draw" if fr["one"] else "duel_run_a")

    @duel("run_a")
    def _s_duel_run_a(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.32 step 1: the attacking player fights on or runs."""
        self._ask_duel_run(state, fr, fr["sa"], fr["a"])

    @duel("run_b")
    def _s_duel_run_b(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.32 step 1: then the defending player."""
        self._ask_duel_run(state, fr, fr["sb"], fr["b"])

    def _ask_duel_run(self, state: State, fr: dict[str, Any], seat: int, me: int) -> None:
        a, b = fr["a"], fr["b"]
        self.ask(
            state,
            seat,
            "run_or_fight",
            f"{self.seat_name(seat)}: duel round {fr['r'] + 1}, {state['cards'][a]} against {state['cards'][b]}",
            [
                option("fight", label=f"{state['cards'][me]} fights on"),
                option("run", label=f"{state['cards'][me]} runs away"),
            ],
        )

    @duel("draw")
    def _s_duel_draw(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.32 step 2: each draws from their own Combat pile; a Flash window follows."""
        fr["cd"] = [self.draw_combat(state, fr["sa"]), self.draw_combat(state, fr["sb"])]
        goto(fr, "duel_damage")
        self.open_window(state, fr["sa"], {"kind": "duel", "cs": [fr["a"], fr["b"]], "ds": []})

    @duel("damage")
    def _s_duel_damage(self, state: State, fr: dict[str, Any]) -> None:
        self._duel_damage(state, fr)

    @duel("end")
    def _s_duel_end(self, state: State, fr: dict[str, Any]) -> None:
        self.log(state, {"t": "duel_end", "a": fr["a"], "b": fr["b"]})
        finish(state)

    @FLOW.answer("duel_run_a", "duel_run_b")
    def _o_duel(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        first = fr["step"] == "duel_run_a"
        if action.verb == "run":
            fr["run"] = "a" if first else "b"
            self.log(state, {"t": "run", "seat": seat})
            goto(fr, "duel_draw")
        else:
            goto(fr, "duel_run_b" if first else "duel_draw")

    def _duel_damage(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.32 step 4, AM-8.17, AM-8.33."""
        a, b = fr["a"], fr["b"]
        ca, cb = fr["cd"]
        _, a_atk, a_def = self.combat_card(state, ca)
        _, b_atk, b_def = self.combat_card(state, cb)
        to_b = max(0, self.stat(state, a, "atk") + a_atk - self.stat(state, b, "def") - b_def)
        to_a = max(0, self.stat(state, b, "atk") + b_atk - self.stat(state, a, "def") - a_def)
        if fr["run"] == "a":
            to_b = 0  # AM-8.21: only the other one makes the last attack
        elif fr["run"] == "b":
            to_a = 0
        dm = fr["dm"]
        dm[str(a)] = dm.get(str(a), 0) + to_a
        dm[str(b)] = dm.get(str(b), 0) + to_b
        self.log(state, {"t": "duel_round", "a": a, "b": b, "to_a": to_a, "to_b": to_b})
        self.clear_table(state, fr["cd"])
        fr["cd"] = []
        self.end_round(state)
        fr["r"] += 1
        fall = {}
        for c in (a, b):
            h = self.health(state, c)
            if dm[str(c)] >= 2 * h:
                fall[c] = "kill"
            elif dm[str(c)] >= h:
                fall[c] = "bonk"
        for c, how in fall.items():
            other = b if c == a else a
            to = other if other not in fall else None  # AM-8.33: the survivor takes every Item of the loser
            (self.kill if how == "kill" else self.bonk)(state, c, to=to)
        goto(fr, "duel_end" if fall or fr["run"] or fr["one"] or fr["r"] >= COMBAT_ROUND_CAP else "duel")

    # ----- Charm Combat between Characters (AM-9.1 to AM-9.13) ----------------------------------------------------

    def start_charm(self, state: State, a: int, b: int) -> None:
        g = state["g"]
        g["ch"][str(a)]["cm"] = g["ts"][state["owner"][a]]  # AM-9.2, AM-9.4
        self.log(state, {"t": "charm", "a": a, "b": b})
        push(state, "charm", a=a, b=b, cd=[])

    @step("charm")
    def _s_charm(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.6: each draws a card from their own Combat pile; a Flash window follows."""
        a, b = fr["a"], fr["b"]
        if not (self.on_field(state, a) and self.on_field(state, b)):
            finish(state)
            return
        fr["cd"] = [
            self.draw_combat(state, state["owner"][a]),
            self.draw_combat(state, state["owner"][b]),
        ]
        goto(fr, "charm_compare")
        self.open_window(state, state["owner"][a], {"kind": "charm", "cs": [a, b], "ds": []})

    @step("charm_compare")
    def _s_charm_compare(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.7 to AM-9.10, AM-9.13: the Charm totals decide a win, a loss or a backfire."""
        g = state["g"]
        a, b = fr["a"], fr["b"]
        ca, cb = fr["cd"]
        total_a = self.stat(state, a, "cha") + self.combat_card(state, ca)[0]  # AM-9.7
        total_b = self.stat(state, b, "cha") + self.combat_card(state, cb)[0]
        self.clear_table(state, fr["cd"])
        fr["cd"] = []
        self.end_round(state)  # AM-9.5: one round
        printed = self._printed[state["cards"][a]]["cha"] or 0
        both = self.on_field(state, a) and self.on_field(state, b)
        if total_a > total_b and both:  # AM-9.8, AM-9.9, AM-9.10
            self.log(state, {"t": "charm_result", "a": a, "b": b, "res": "win"})
            p = g["cp"][str(b)]
            seat_b = state["owner"][b]
            g["prot"].append(
                [a, [c for c in self.chars_at(state, p) if c != a], ["o", seat_b, g["ts"][seat_b] + 1]]
            )
            fr.update(f=b, o=a, by=state["owner"][a])
            goto(fr, "charm_act")
            return
        if total_b - total_a >= max(printed, 1) and both:  # AM-9.13: a backfire
            self.log(state, {"t": "charm_result", "a": a, "b": b, "res": "backfire"})
            fr.update(f=a, o=b, by=state["owner"][b])
            goto(fr, "charm_act")
            return
        self.log(state, {"t": "charm_result", "a": a, "b": b, "res": "lose"})
        finish(state)

    @step("charm_act")
    def _s_charm_act(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.11: the action is chosen by the winner's owner."""
        options = self.forced_actions(state, fr["f"], fr["o"])
        self.ask(
            state,
            fr["by"],
            "forced_action",
            f"{self.seat_name(fr['by'])}: what must {state['cards'][fr['f']]} do?",
            options,
        )

    def forced_actions(self, state: State, f: int, o: int) -> list[list[str]]:
        """AM-9.11: the actions that can be carried out now by Character ``f`` (``o`` is the other one)."""
        g = state["g"]
        name = state["cards"][f]
        out = []
        # AM-1.26: the chooser is not always the owner and may not see the Items, so "within its Movement" is
        # judged on the Movement without them
        for q in self.reachable(state, f, self.stat(state, f, "mov", items=False)):
            out.append(
                option("move_to", q, label=f"{name} must move to {self.cell_label(state, q)} next Move phase")
            )
        out.append(option("stay", label=f"{name} may not move next Move phase"))
        p = g["cp"][str(f)]
        owner = state["owner"][f]
        if str(p) not in g["hv"]:
            if state["options"]["character_combat"]:
                for x in self.chars_at(state, p):
                    if state["owner"][x] != owner:
                        out.append(
                            option(
                                "fight_round", x, label=f"{name} fights {state['cards'][x]} for one round now"
                            )
                        )
            for d in self.disasters_at(state, p):
                if self.defs[state["cards"][d]].is_combat_disaster:
                    out.append(
                        option("fight_round", d, label=f"{name} fights {state['cards'][d]} for one round now")
                    )
        if self.carries(state, f):
            out.append(option("give_random_item", label=f"{name} gives {state['cards'][o]} a random Item"))
        return out

    @FLOW.answer("charm_act")
    def _o_charm(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        f, o = fr["f"], fr["o"]
        owner = state["owner"][f]
        verb = action.verb
        self.log(state, {"t": "forced", "c": f, "a": verb})
        finish(state)
        due = g["ts"][owner] + 1  # the owner's next turn
        if verb == "move_to":  # AM-9.11 (a)
            g["forced"][str(f)] = ["move", action.args[0], due]
        elif verb == "stay":  # (b)
            g["forced"][str(f)] = ["stay", 0, due]
        elif verb == "fight_round":  # (c)
            x = action.args[0]
            if self.ctype(state, x) == "character":
                self.start_duel(state, f, x, one=True)
            else:
                self.start_combat(state, x, g["cp"][str(f)], owner, "forced", [], one=f)
        elif verb == "give_random_item":  # (d)
            x = self.pick(state, list(self.items_of(state, f)))
            g["st"].pop(str(x), None)
            self._mv(state, x, self.bag(state, f), self.bag(state, o), "given")
            g["st"][str(x)] = self.stamp(state)

    def protected(self, state: State, attacker: int, victim: int) -> bool:
        """AM-9.10: whether ``attacker`` may not attack ``victim`` (a charmer that won)."""
        for a, chars, exp in state["g"]["prot"]:
            if a == victim and attacker in chars and self.valid(state, exp):
                return True
        return False
