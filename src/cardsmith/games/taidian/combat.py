"""Taking of Taidian: card values, volleys, response windows, poison ticks, elimination and victory.

:class:`Combat` holds the rules of sections 5 to 8 and 11 that the turn flow in :mod:`.rules` calls: the card
values a player's tracks and ability give (section 5, section 10), volleys and their seven resolution steps
(section 6), response, Shotgun, counter-shield and tick windows (sections 7 and 8), and elimination and victory
(section 11). All of it works on the plain data of ``state["g"]`` described in :mod:`.rules`.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.actions import Action, option
from ...core.game import Game
from .cards import SHOTGUN_DAMAGE
from .data import (
    ABILITY,
    CARDS,
    COLOR,
    COSTS,
    ICON_INDEX,
    INDEX,
    KIND,
    LEVEL_BONUS,
    LOOT,
    POWER_AT,
    STAT_OF_KIND,
    after,
)

State = dict[str, Any]


def lowest(names: list[str], cids: list[int], name: str) -> int:
    """The lowest card id called ``name`` among ``cids``: the card an option naming a card by what it is takes."""
    return min(c for c in cids if names[c] == name)


def poisons_on(g: dict[str, Any], victim: int) -> list[list[int]]:
    """The Poisons on ``victim``'s poison track, in play order (TAI-1.8): an Antidote names one by its place here."""
    return [entry for entry in g["po"] if entry[2] == victim]


class Combat(Game):
    """The combat half of the rules (the turn flow is :class:`cardsmith.games.taidian.rules.Taidian`)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str, int], list[int] | None] = {}

    # ================================================================ the one way to move a card

    def move(self, state: State, card: int, src: str, dst: str, **kwargs: Any) -> None:
        """Move one card, recording one ``move`` event: :func:`cardsmith.core.zones.move`, specialised.

        This game sets no marks, so who may see a moving card depends only on the two zones; that is worked out
        once per pair of zones and kept. The event is the same as the core's (a test compares them); anything
        beyond ``cause`` (an index, a mark), or a state that carries marks, goes to the core primitive itself.
        """
        cause = kwargs.get("cause")
        if state["marks"] or len(kwargs) > (cause is not None):
            super().move(state, card, src, dst, **kwargs)
            return
        zones = state["zones"]
        zone = zones[src]
        if zone and zone[-1] == card:
            zone.pop()
        else:
            zone.remove(card)  # ValueError if the card is not there: a rules bug, never hidden
        zones[dst].append(card)
        players = state["players"]
        key = (src, dst, players)
        try:
            seen = self._seen[key]
        except KeyError:
            vis = self.visibility
            both = vis.seats_seeing(state, card, src) | vis.seats_seeing(state, card, dst)
            seen = self._seen[key] = None if len(both) == players else sorted(both)
        event: dict[str, Any] = {
            "t": "move",
            "card": card,
            "name": state["cards"][card],
            "from": src,
            "to": dst,
        }
        if seen is not None:
            event["vis"] = list(seen)
        if cause is not None:
            event["cause"] = cause
        state["events"].append(event)

    # ================================================================ card values (section 5, section 10)

    def value(self, g: dict[str, Any], seat: int, name: str) -> int:
        """The card's current value when ``seat`` plays it: base + 10 per level of its icon + ability (TAI-5.7..5.10)."""
        v = CARDS.cards[name].value
        icon = ICON_INDEX[name]
        if icon >= 0:
            v += LEVEL_BONUS * g["lv"][seat][icon]
        ab = ABILITY[g["ch"][seat]]
        if ab.kind == "modify" and g["live"][seat]:  # TAI-10.1, TAI-10.3, TAI-10.5
            stat = STAT_OF_KIND.get(KIND[name])
            if (
                stat == ab.stat
                and (name in ab.cards or (ab.icon and ab.icon == CARDS.cards[name].icon))
                and (ab.below is None or g["hp"][seat] < ab.below)
            ):
                v += ab.amount
        return v

    @staticmethod
    def cost(g: dict[str, Any], seat: int, name: str) -> int:
        """A card's cost for ``seat`` (TAI-1.12; a discount ability never takes it below 1)."""
        return COSTS[g["ch"][seat]][INDEX[name]]

    def _structure_total(self, state: State, seat: int, effect: str) -> int:
        total = 0
        names = state["cards"]
        for cid in state["zones"][f"struct:{seat}"]:
            card = CARDS.cards[names[cid]]
            if card.effect == effect:
                total += card.amount
        return total

    def opponents(self, g: dict[str, Any], seat: int) -> list[int]:
        """TAI-1.3: the other living players, teammates excepted."""
        team = g["team"]
        live = g["live"]
        n = len(live)
        return [p for p in after(n, seat) if live[p] and (team is None or team[p] != team[seat])]

    # ---------------------------------------------------------------- energy, healing and abilities

    def _heal_now(self, state: State, seat: int, amount: int, source: str) -> None:
        """Healing from an ability outside a resolution (TAI-11.1, TAI-11.2)."""
        g = state["g"]
        g["hp"][seat] = min(g["mx"], g["hp"][seat] + amount)
        self.log(state, {"t": "heal", "s": seat, "n": amount, "hp": g["hp"][seat], "src": source})

    def _gain_energy(self, state: State, seat: int, amount: int, source: str) -> None:
        """TAI-4.12, TAI-5.1: add energy; powering up follows at once (TAI-5.3)."""
        g = state["g"]
        g["en"][seat] += amount
        self.log(state, {"t": "energy", "s": seat, "n": amount, "en": g["en"][seat], "src": source})
        if g["en"][seat] >= POWER_AT:
            g["tasks"].append({"k": "pu", "s": seat})

    @staticmethod
    def _distinct(
        names: list[str], cids: list[int], kinds: tuple[str, ...] | frozenset[str]
    ) -> dict[str, int]:
        """One card per name among ``cids`` whose kind is in ``kinds``: the lowest id (copies are alike)."""
        out: dict[str, int] = {}
        for cid in cids:
            name = names[cid]
            if KIND[name] in kinds and (name not in out or cid < out[name]):
                out[name] = cid
        return out

    def _owned_structures(self, state: State, seat: int) -> set[str]:
        """TAI-9.5: structure names the seat owns in its structure area, hand, deck or discard pile."""
        names = state["cards"]
        z = state["zones"]
        out = set()
        for kind in ("struct", "hand", "deck", "discard", "bought", "play"):
            for cid in z[f"{kind}:{seat}"]:
                if KIND[names[cid]] == "structure":
                    out.add(names[cid])
        return out

    def _on_play(self, state: State, seat: int, name: str) -> None:
        """TAI-14.17: an ability's extra effect when its named card is played."""
        g = state["g"]
        ab = ABILITY[g["ch"][seat]]
        if ab.kind == "on_play" and ab.card == name:
            if ab.effect == "heal":
                self._heal_now(state, seat, ab.amount, "ability")
            else:
                self._gain_energy(state, seat, ab.amount, "ability")

    # ================================================================ volleys (sections 6, 7, 8)

    def _reveal(self, state: State, attacker: int) -> None:
        """TAI-6.4, TAI-6.10: the volley is revealed, then resolved in seven steps."""
        g = state["g"]
        n = state["players"]
        names = state["cards"]
        entries = []
        at = [0] * n
        he = [0] * n
        hit: set[int] = set()
        robbed: set[int] = set()
        shown = []
        for cid, target, scid in g["build"]:
            name = names[cid]
            self.move(state, cid, f"hand:{attacker}", f"play:{attacker}", cause="volley")  # TAI-6.15
            kind = KIND[name]
            val = (
                self.value(g, attacker, name) if kind in STAT_OF_KIND else 0
            )  # TAI-5.10: at the moment played
            entries.append([cid, target, scid, val])
            if kind == "attack":  # TAI-6.12
                at[target] += val
            elif kind == "firstaid":  # TAI-8.45
                he[target] += val
            if kind != "firstaid":  # TAI-6.11, TAI-8.46
                hit.add(target)
            if kind == "robber":
                robbed.add(target)
            shown.append([name, target, names[scid] if scid >= 0 else None, val])
        g["build"] = []
        self.log(state, {"t": "volley", "s": attacker, "cards": shown})
        order = after(n, attacker)
        g["vol"] = {
            "a": attacker,
            "e": entries,
            "hit": [p for p in order if p in hit],
            "at": at,
            "bl": [0] * n,
            "he": he,
            "cn": [0] * n,
            "cs": 0,
        }
        tasks = g["tasks"]
        tasks.append({"k": "res"})  # (5) to (7)
        tasks.append({"k": "csh", "w": None, "i": 0})  # (4)
        for p in reversed(g["vol"]["hit"]):  # (3) clockwise after the attacker
            tasks.append({"k": "resp", "v": p, "w": None, "i": 0})
        tasks.append({"k": "fx"})  # (2)
        for p in reversed([p for p in order if p in robbed]):  # (1)
            tasks.append({"k": "sgw", "v": p, "w": None, "i": 0})
        for cid, _target, _scid, _val in entries:
            self._on_play(state, attacker, names[cid])

    def _t_fx(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-6.10 (2): Robbers, Fire Bombs and Poisons take effect one at a time in the listed order."""
        g = state["g"]
        vol = g["vol"]
        names = state["cards"]
        a = vol["a"]
        for cid, target, scid, val in vol["e"]:
            kind = KIND[names[cid]]
            if kind == "robber":  # TAI-8.17: one card each, in the listed order
                self._rob(state, a, target)
            elif kind == "firebomb":  # TAI-8.48, TAI-8.49
                if scid in state["zones"][f"struct:{target}"]:
                    self.move(state, scid, f"struct:{target}", f"discard:{target}", cause="firebomb")
                else:
                    self.log(state, {"t": "fizzle", "s": target, "what": "firebomb"})
            elif kind == "poison":  # TAI-8.24, TAI-8.26
                self.move(state, cid, f"play:{a}", f"poison:{target}", cause="poison")
                g["po"].append([cid, a, target, CARDS.cards[names[cid]].ticks, val])
        g["tasks"].pop()
        return False

    def _rob(self, state: State, a: int, target: int) -> None:
        """TAI-8.15 .. TAI-8.23: take one random non-structure card; a red one joins the attacker's hand."""
        g = state["g"]
        if target in g["sg"]:  # TAI-8.11, TAI-8.14
            self.log(state, {"t": "fizzle", "s": target, "what": "robber"})
            return
        names = state["cards"]
        hand = state["zones"][f"hand:{target}"]
        candidates = [c for c in hand if KIND[names[c]] != "structure"]  # TAI-9.10
        if not candidates:  # TAI-8.22
            self.log(state, {"t": "rob", "s": a, "from": target, "name": None})
            return
        cid = candidates[rng.below(state, len(candidates))]  # TAI-8.16
        name = names[cid]
        dst = f"hand:{a}" if COLOR[name] == "red" else f"discard:{a}"  # TAI-8.19, TAI-8.20
        self.move(state, cid, f"hand:{target}", dst, cause="rob")
        self.log(state, {"t": "rob", "s": a, "from": target, "name": name})  # TAI-8.21: shown to all

    # ---------------------------------------------------------------- windows (section 7, TAI-8.6, TAI-8.12, TAI-8.28)

    def _window_actors(self, state: State, task: dict[str, Any]) -> list[int]:
        g = state["g"]
        n = state["players"]
        live = g["live"]
        k = task["k"]
        if k == "csh":
            return [g["vol"]["a"]]
        v = task["v"]
        if k == "tick":
            return [v] + [p for p in after(n, task["o"]) if live[p] and p != v]  # TAI-8.28 (a)
        a = g["vol"]["a"]
        return [v] + [p for p in after(n, a) if live[p] and p != v]  # TAI-7.5, TAI-7.6, TAI-8.12

    def _t_window(self, state: State, task: dict[str, Any]) -> bool:
        """Shotgun windows (TAI-8.12) and response windows (TAI-7.2 .. TAI-7.8)."""
        g = state["g"]
        if task["w"] is None:
            if task["k"] == "sgw" and task["v"] in g["sg"]:  # already protected (TAI-8.11)
                g["tasks"].pop()
                return False
            task["w"] = self._window_actors(state, task)
        return self._ask_window(state, task)

    def _ask_window(self, state: State, task: dict[str, Any]) -> bool:
        """Ask the next actor of a window; only an actor with an empty hand is passed by (TAI-1.18).

        Whether a player is asked depends on a public fact alone, the size of their hand, never on which cards they
        hold: asking only players with something playable would tell the table that they hold a Shotgun, a Shield, a
        Kick or a Medic, and passing them by would tell it that they hold none.
        """
        g = state["g"]
        actors = task["w"]
        zones = state["zones"]
        while task["i"] < len(actors):
            p = actors[task["i"]]
            if zones[f"hand:{p}"]:
                options = self._window_options(state, task, p)
                options.append(
                    option("done", label="Play nothing more" if task.get("any") else "Play nothing")
                )
                self.ask(state, p, _WINDOW_KIND[task["k"]], self._window_prompt(state, task, p), options)
                return True
            task["i"] += 1
            task.pop("any", None)
        if task["k"] == "tick":
            self._resolve_tick(state, task)
        else:
            g["tasks"].pop()
        return False

    def _window_options(self, state: State, task: dict[str, Any], p: int) -> list[list[str]]:
        g = state["g"]
        hand = state["zones"][f"hand:{p}"]
        if not hand:
            return []
        names = state["cards"]
        k = task["k"]
        out: list[list[str]] = []
        if k == "sgw":  # TAI-8.12: Shotguns only
            for name in self._distinct(names, hand, ("shotgun",)):
                out.append(
                    option(
                        "play",
                        name,
                        label=f"Play {name} for {self._for(p, task['v'])} (block {self.value(g, p, name)}, 5 counter damage)",
                    )
                )
            return out
        if k == "csh":  # TAI-8.6: the attacker's own Shields only
            for name in self._distinct(names, hand, ("shield",)):
                out.append(
                    option(
                        "play",
                        name,
                        label=f"Play {name} against the counters (block {self.value(g, p, name)})",
                    )
                )
            return out
        v = task["v"]
        if k == "tick":  # TAI-8.28 (a): Medic and Antidote only
            kinds: tuple[str, ...] = ("medic", "antidote")
        elif p == v:  # TAI-7.2, TAI-7.4: blue cards and the counters Kick and 9mm
            kinds = ("shield", "shotgun", "medic", "antidote", "attack")
        else:  # TAI-7.5, TAI-7.7: helpers play blue cards only
            kinds = ("shield", "shotgun", "medic", "antidote")
        who = self._for(p, v)
        for name in sorted(self._distinct(names, hand, kinds)):
            kind = KIND[name]
            if kind == "attack":
                if CARDS.cards[name].counter:  # TAI-8.2
                    out.append(
                        option(
                            "counter",
                            name,
                            label=f"Counter with {name} ({self.value(g, p, name)} damage to the attacker)",
                        )
                    )
            elif kind == "antidote":  # TAI-8.38
                for place, (_pc, owner, _victim, ticks, dmg) in enumerate(poisons_on(g, v)):
                    out.append(
                        option(
                            "antidote",
                            name,
                            place,
                            label=f"{name} for {who}: remove {self.seat_name(owner)}'s Poison ({dmg}/tick, {ticks} left)",
                        )
                    )
            elif kind == "medic":
                out.append(option("play", name, label=f"{name} for {who} (heal {self.value(g, p, name)})"))
            elif kind == "shotgun":
                out.append(
                    option(
                        "play",
                        name,
                        label=f"{name} for {who} (block {self.value(g, p, name)}, 5 counter damage)",
                    )
                )
            else:
                out.append(option("play", name, label=f"{name} for {who} (block {self.value(g, p, name)})"))
        return out

    def _for(self, p: int, v: int) -> str:
        return "yourself" if p == v else self.seat_name(v)

    def _window_prompt(self, state: State, task: dict[str, Any], p: int) -> str:
        g = state["g"]
        sn = self.seat_name
        k = task["k"]
        if k == "tick":
            v = task["v"]
            head = f"{sn(p)}: {sn(task['o'])}'s Poison ticks on {sn(v)} for {task['d']}"
            return head + (": Medic or Antidote?" if p == v else f": help {sn(v)} with Medic or Antidote?")
        vol = g["vol"]
        if k == "csh":
            return f"{sn(p)}: {sum(vol['cn'])} counter damage is coming back at you: play Shields?"
        v = task["v"]
        if k == "sgw":
            return f"{sn(p)}: a Robber is aimed at {sn(v)}: play a Shotgun first?"
        if p == v:
            return f"{sn(p)}: you are attacked by {sn(vol['a'])} (attack {vol['at'][v]}): defend or counter?"
        return f"{sn(p)}: help {sn(v)} against {sn(vol['a'])} (attack {vol['at'][v]}, block {vol['bl'][v]} so far)?"

    def _a_window(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        if action.verb == "done":  # TAI-7.3
            task["i"] += 1
            task.pop("any", None)
            return
        task["any"] = True
        names = state["cards"]
        k = task["k"]
        v = task["v"] if k != "csh" else seat
        cid = lowest(names, state["zones"][f"hand:{seat}"], action.args[0])
        pc = poisons_on(g, v)[action.args[1]][0] if action.verb == "antidote" else -1
        name = names[cid]
        self.move(state, cid, f"hand:{seat}", f"resp:{seat}", cause=_CAUSE[k] if seat != v else _OWN_CAUSE[k])
        self._on_play(state, seat, name)
        kind = KIND[name]
        if k == "tick":
            if kind == "medic":  # TAI-8.43
                task["h"] += self.value(g, seat, name)
            else:  # TAI-8.38, TAI-8.39
                if pc == task["c"]:
                    task["rm"] = True
                self._end_poison(state, pc, "antidote")
            return
        vol = g["vol"]
        if k == "csh":  # TAI-8.6, TAI-8.7
            vol["cs"] += self.value(g, seat, name)
            return
        if kind == "attack":  # TAI-8.2: counter damage to the attacker, no block
            vol["cn"][seat] += self.value(g, seat, name)
        elif kind == "shotgun":  # TAI-8.8 .. TAI-8.11, TAI-8.13
            vol["bl"][v] += self.value(g, seat, name)
            vol["cn"][seat] += SHOTGUN_DAMAGE
            if v not in g["sg"]:
                g["sg"].append(v)
        elif kind == "shield":  # TAI-7.9, TAI-8.5
            vol["bl"][v] += self.value(g, seat, name)
        elif kind == "medic":  # TAI-8.41, TAI-8.42
            vol["he"][v] += self.value(g, seat, name)
        else:  # antidote, TAI-8.38, TAI-8.40
            self._end_poison(state, pc, "antidote")

    def _t_csh(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-6.10 (4), TAI-8.6: the counter-shield step, only when counter damage is pending."""
        g = state["g"]
        if task["w"] is None:
            if not any(g["vol"]["cn"]):
                g["tasks"].pop()
                return False
            task["w"] = self._window_actors(state, task)
        return self._ask_window(state, task)

    # ---------------------------------------------------------------- resolution (TAI-6.10 (5)-(7), section 11)

    def _t_res(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        g["tasks"].pop()
        vol = g["vol"]
        g["vol"] = None
        n = state["players"]
        a = vol["a"]
        hp = g["hp"]
        dmg = [0] * n
        for t in vol["hit"]:  # TAI-6.13, TAI-6.14, TAI-9.13: defense counts in this volley only
            dmg[t] = max(0, vol["at"][t] - vol["bl"][t] - self._structure_total(state, t, "reduce"))
        counter = sum(vol["cn"])
        if counter:  # TAI-8.3, TAI-8.7
            dmg[a] += max(0, counter - vol["cs"])
        he = vol["he"]
        before = [s for s in range(n) if g["live"][s]]
        changes = []
        for p in range(n):
            if dmg[p] or he[p] or p in vol["hit"]:
                hp[p] = min(g["mx"], hp[p] - dmg[p] + he[p])  # TAI-11.3, TAI-11.2
                changes.append([p, dmg[p], he[p], max(0, hp[p])])  # TAI-11.4: shown as 0 at worst
        self.log(state, {"t": "resolve", "s": a, "hp": changes})
        self._sweep_windows(state)  # TAI-7.12
        dead = [p for p in after(n, g["cur"]) + (g["cur"],) if g["live"][p] and hp[p] <= 0]
        if dead:
            killers = {}
            for p in dead:
                if p != a:
                    killers[p] = a  # TAI-11.8
                else:
                    best = max(vol["cn"])
                    killers[p] = next(q for q in after(n, a) if vol["cn"][q] == best)
            self._eliminate(state, dead, killers, before)
        return False

    def _sweep_windows(self, state: State) -> None:
        z = state["zones"]
        for p in range(state["players"]):
            resp = z[f"resp:{p}"]
            while resp:
                self.move(state, resp[0], f"resp:{p}", f"discard:{p}", cause="used")

    def _resolve_tick(self, state: State, task: dict[str, Any]) -> None:
        """TAI-8.28 (b)-(d), TAI-8.29, TAI-8.30, TAI-8.39, TAI-8.43."""
        g = state["g"]
        g["tasks"].pop()
        v = task["v"]
        entry = next((x for x in g["po"] if x[0] == task["c"]), None)
        before = [s for s in range(state["players"]) if g["live"][s]]
        dmg = 0 if (entry is None or task["rm"]) else entry[4]
        heal = task["h"]
        owner = task["o"]
        if dmg or heal:
            g["hp"][v] = min(g["mx"], g["hp"][v] - dmg + heal)  # TAI-11.3
        self.log(state, {"t": "tick", "s": v, "o": owner, "dmg": dmg, "heal": heal, "hp": max(0, g["hp"][v])})
        if entry is not None and not task["rm"]:
            entry[3] -= 1  # (c)
            if entry[3] <= 0:  # TAI-8.30
                self._end_poison(state, entry[0], "expired")
        self._sweep_windows(state)
        if g["hp"][v] <= 0 and g["live"][v]:
            self._eliminate(state, [v], {v: owner}, before)  # TAI-11.8: the Poison's owner

    def _t_tick(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        if task["w"] is None:
            entry = next((x for x in g["po"] if x[0] == task["c"]), None)
            if entry is None:
                g["tasks"].pop()
                return False
            task["v"] = entry[2]
            task["o"] = entry[1]
            task["d"] = entry[4]
            task["w"] = self._window_actors(state, task)
        return self._ask_window(state, task)

    def _end_poison(self, state: State, cid: int, why: str) -> None:
        """TAI-8.30, TAI-8.34, TAI-8.36, TAI-8.38: a Poison leaves the track for its owner's discard pile (or out)."""
        g = state["g"]
        found = [i for i, entry in enumerate(g["po"]) if entry[0] == cid]
        if not found:
            return
        _cid, owner, victim, _ticks, _dmg = g["po"].pop(found[0])
        dst = f"discard:{owner}" if g["live"][owner] else "out"
        self.move(state, cid, f"poison:{victim}", dst, cause="poison_end")
        self.log(state, {"t": "poison_end", "s": victim, "o": owner, "why": why})

    # ---------------------------------------------------------------- elimination and victory (section 11)

    def _eliminate(self, state: State, dead: list[int], killers: dict[int, int], before: list[int]) -> None:
        """TAI-11.4 .. TAI-11.12, TAI-13.5 .. TAI-13.7."""
        g = state["g"]
        for p in dead:
            g["live"][p] = False
            g["hp"][p] = 0
            self.log(state, {"t": "out", "s": p, "by": killers[p]})
        if self._victory(state, before):
            return
        tasks = g["tasks"]
        if g["real"] and g["cur"] in dead:  # TAI-3.16: the turn ends at once
            tasks.append({"k": "cut"})
        reward = state["options"]["knockout_reward"]
        for p in reversed(dead):  # clockwise starting after the active seat
            k = killers[p]
            tasks.append(
                {"k": "gone", "s": p, "e": k if reward and g["live"][k] else -1, "n": 0, "open": False}
            )

    def _victory(self, state: State, before: list[int]) -> bool:
        g = state["g"]
        n = state["players"]
        live = [s for s in range(n) if g["live"][s]]
        team = g["team"]
        if team is None:
            if len(live) == 1:  # TAI-11.9
                self.finish(state, live, f"{self.seat_name(live[0])} is the last player standing")
                return True
            if not live:  # TAI-11.11
                who = ", ".join(self.seat_name(s) for s in before)
                self.finish(state, [], f"nobody is left standing: a draw shared by {who}")
                return True
            return False
        teams = {team[s] for s in live}
        if len(teams) == 1:  # TAI-11.10: the whole team wins
            t = teams.pop()
            members = [s for s in range(n) if team[s] == t]
            self.finish(state, members, f"team {t + 1} is the last team standing")
            return True
        if not live:
            who = ", ".join(f"team {t + 1}" for t in sorted({team[s] for s in before}))
            self.finish(state, [], f"nobody is left standing: a draw shared by {who}")
            return True
        return False

    def _t_gone(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-13.6, TAI-11.6, TAI-11.7: the knockout reward, then the eliminated player's cards leave the game."""
        g = state["g"]
        p, k = task["s"], task["e"]
        z = state["zones"]
        names = state["cards"]
        if k >= 0:
            loot = f"loot:{k}"
            if not task["open"]:
                task["open"] = True
                for src in (f"deck:{p}", f"discard:{p}"):
                    while z[src]:
                        self.move(state, z[src][-1], src, loot, cause="loot_open")
            if task["n"] < LOOT and z[loot]:
                owned = self._owned_structures(state, k)
                seen: dict[str, int] = {}
                for cid in z[loot]:
                    name = names[cid]
                    if KIND[name] == "structure" and name in owned:
                        continue
                    if name not in seen or cid < seen[name]:
                        seen[name] = cid
                # Asked whenever the loot holds cards, even if none may be taken: the others must not learn that
                # the hidden deck held only structures the eliminator already owns (TAI-1.17).
                options = [option("take", name, label=f"Take {name}") for name in sorted(seen)]
                options.append(option("stop", label="Take nothing more"))
                self.ask(
                    state,
                    k,
                    "reward",
                    f"{self.seat_name(k)}: knockout reward from {self.seat_name(p)} ({LOOT - task['n']} left)",
                    options,
                )
                return True
            while z[loot]:
                self.move(state, z[loot][-1], loot, "out", cause="eliminated")
        g["tasks"].pop()
        for kind in ("hand", "deck", "discard", "play", "bought", "struct", "resp"):
            src = f"{kind}:{p}"
            while z[src]:
                self.move(state, z[src][-1], src, "out", cause="eliminated")
        for entry in [e for e in g["po"] if e[2] == p]:  # TAI-8.36
            self._end_poison(state, entry[0], "victim_out")
        return False

    def _a_gone(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "stop":
            task["n"] = LOOT
            return
        cid = lowest(state["cards"], state["zones"][f"loot:{seat}"], action.args[0])
        self.move(state, cid, f"loot:{seat}", f"discard:{seat}", cause="reward")
        task["n"] += 1

    def _t_cut(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-3.16: the active player was eliminated: drop the rest of the turn (no end step)."""
        tasks = state["g"]["tasks"]
        tasks.pop()
        while tasks[-1]["k"] != "adv":
            tasks.pop()
        state["g"]["build"] = []
        return False


_WINDOW_KIND = {"sgw": "shotgun", "resp": "respond", "csh": "counter_shield", "tick": "tick"}
_OWN_CAUSE = {"sgw": "shotgun", "resp": "defend", "csh": "counter_shield", "tick": "tick_defend"}
_CAUSE = {"sgw": "shotgun_help", "resp": "help", "csh": "counter_shield", "tick": "tick_help"}
