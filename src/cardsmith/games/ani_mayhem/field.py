"""Ani-Mayhem rules, sections 4 to 6: the Field, Disasters and Character movement.

Frames (plain dicts on ``state["flow"]``, the core step engine) implemented here:

* ``dm``   a Disaster moving: ``{d, left, mode}`` with mode ``n`` (its Movement), ``z`` (no Movement score: seek
  Characters, AM-5.19), ``e`` (escape move, AM-5.25) or ``f`` (moved by an effect, AM-11.7);
* ``arr``, ``arr_choose``  a Disaster arriving at a Location (AM-5.14 to AM-5.18): ``{d, p, q (seats still to
  choose)}``;
* ``ntx``  a Non-Combat Disaster carrying out its text (AM-5.17): ``{d, p, cs, effect (the next one), ret}``;
* ``mact`` a movement action of a Character or group (AM-6.3 to AM-6.14): ``{cs, seat, b (budget), u (steps
  used), p (where), mode, deny, ask, path, cq}`` with mode ``a`` (the Move-phase action), ``free`` (after a steal,
  AM-6.19), ``fx`` (moved by an effect, AM-11.7) or ``force`` (a forced move, AM-9.11);
* ``cq``   the combats owed on entering a Location, one after another (AM-6.13, AM-8.28).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ...core.actions import Action, option
from ...core.flow import goto, push
from ...core.state import State
from .base import Base
from .engine import FLOW, finish, step

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # AM-4.2


class FieldRules(Base):
    """The grid, the Disaster path, Disaster movement and arrival, Character movement."""

    # ----- the grid (AM-4.1, AM-4.2) ------------------------------------------------------------------------------

    def place_card(self, state: State, card: int, x: int, y: int) -> None:
        """Put a Location or a Haven in cell (x, y) and link it to its 8 neighbours."""
        g = state["g"]
        grid = {(cx, cy): int(k) for k, (cx, cy) in g["xy"].items()}
        g["xy"][str(card)] = [x, y]
        links = g["adj"].setdefault(str(card), [])
        for dx, dy in NEIGHBOURS:
            other = grid.get((x + dx, y + dy))
            if other is not None:
                links.append(other)
                theirs = g["adj"][str(other)]
                theirs.append(card)
                theirs.sort()
        links.sort()

    @staticmethod
    def cell_at(state: State, x: int, y: int) -> int | None:
        """The card placed in cell (x, y), if any."""
        for k, (cx, cy) in state["g"]["xy"].items():
            if cx == x and cy == y:
                return int(k)
        return None

    def open_cells(self, state: State, next_to_location: bool) -> list[tuple[int, int]]:
        """Empty cells next to a placed card (AM-2.22), or next to a Location (AM-2.23, AM-13.5)."""
        g = state["g"]
        hv = g["hv"]
        taken = {(x, y) for x, y in g["xy"].values()}
        out = set()
        for key, (x, y) in g["xy"].items():
            if next_to_location and key in hv:
                continue
            for dx, dy in NEIGHBOURS:
                out.add((x + dx, y + dy))
        out -= taken
        return sorted(out, key=lambda c: (c[1], c[0]))

    def locations(self, state: State) -> list[int]:
        """Every Location on the Field, destroyed ones included (AM-1.20)."""
        return state["zones"]["field"]

    # ----- the Disaster path (AM-4.3 to AM-4.6, AM-13.1) ----------------------------------------------------------

    @staticmethod
    def seat_rotation(seat: int, players: int) -> int:
        """AM-13.1: quarter turns of the table that face seat ``seat``."""
        return seat * 4 // players

    def compute_orders(self, state: State) -> None:
        """The reading order of every Location for each orientation in use (static once the Field is laid)."""
        g = state["g"]
        if state["options"]["disaster_orientation"] == "seat":
            rots = sorted({self.seat_rotation(s, state["players"]) for s in range(state["players"])})
        else:
            rots = [0]
        g["order"] = {}
        for r in rots:

            def key(p: int, r: int = r) -> tuple[int, int]:
                x, y = g["xy"][str(p)]
                for _ in range(r):
                    x, y = -y, x  # a quarter turn of the table
                return (-x, y)  # right-most column first, then top to bottom (AM-4.3)

            g["order"][str(r)] = sorted(self.locations(state), key=key)

    def order_for(self, state: State, d: int) -> list[int]:
        """The full path order a Disaster follows (AM-4.4, AM-13.1)."""
        g = state["g"]
        if len(g["order"]) == 1:
            return next(iter(g["order"].values()))
        return g["order"][str(self.seat_rotation(state["owner"][d], state["players"]))]

    def path(self, state: State, d: int | None = None, seat: int | None = None) -> list[int]:
        """AM-4.3, AM-4.6: the Disaster path, every non-destroyed Location in reading order."""
        g = state["g"]
        if d is not None:
            order = self.order_for(state, d)
        elif seat is not None and len(g["order"]) > 1:
            order = g["order"][str(self.seat_rotation(seat, state["players"]))]
        else:
            order = next(iter(g["order"].values()))
        dead = g["dead"]
        return [p for p in order if p not in dead]

    def entry(self, state: State, d: int) -> int | None:
        """AM-4.5: the first Location on the path (None if every Location is destroyed)."""
        dead = state["g"]["dead"]
        for p in self.order_for(state, d):
            if p not in dead:
                return p
        return None

    def next_location(self, state: State, d: int) -> int | None:
        """The next non-destroyed Location after the Disaster's own on its path; None means Off the Field."""
        order = self.order_for(state, d)
        here = state["g"]["dp"][str(d)]
        dead = state["g"]["dead"]
        for p in order[order.index(here) + 1 :]:
            if p not in dead:
                return p
        return None

    def distances(self, state: State, a: int, limit: int) -> dict[int, int]:
        """AM-4.12: the Locations within ``limit`` steps of ``a`` (through Location cells only), by distance."""
        g = state["g"]
        hv = g["hv"]
        adj = g["adj"]
        seen = {a: 0}
        frontier = [a]
        d = 0
        while frontier and d < limit:
            d += 1
            nxt = []
            for p in frontier:
                for q in adj[str(p)]:
                    if q not in seen and str(q) not in hv:
                        seen[q] = d
                        nxt.append(q)
            frontier = nxt
        return seen

    def distance(self, state: State, a: int, b: int) -> int | None:
        """AM-4.12: fewest steps between two Locations through Location cells (destroyed ones included)."""
        if a == b:
            return 0
        g = state["g"]
        hv = g["hv"]
        adj = g["adj"]
        seen = {a}
        frontier = deque([(a, 0)])
        while frontier:
            p, dist = frontier.popleft()
            for q in adj[str(p)]:
                if q in seen or str(q) in hv:
                    continue
                if q == b:
                    return dist + 1
                seen.add(q)
                frontier.append((q, dist + 1))
        return None

    # ----- Disasters entering the Field (AM-5.3 to AM-5.5) --------------------------------------------------------

    def put_on_field(self, state: State, d: int, src: str, p: int, cause: str, moves: int) -> None:
        """A Disaster enters the Field on Location ``p`` with a new arrival stamp (AM-5.5)."""
        g = state["g"]
        self._mv(state, d, src, "dz", cause)
        g["dp"][str(d)] = p
        g["dr"][str(d)] = self.new_dis_record(self.stamp(state), moves)
        g["dc"] += 1

    def move_disaster(self, state: State, d: int, p: int) -> None:
        """A Disaster moves across the Field to Location ``p``; it stays among the Disasters on the Field."""
        g = state["g"]
        key = str(d)
        names = state["cards"]
        state["events"].append(
            {"t": "dstep", "d": d, "name": names[d], "from": g["dp"][key], "to": p, "at": names[p]}
        )
        g["dp"][key] = p
        g["n"] += 1
        g["dr"][key]["ar"] = g["n"]

    def end_cycle(self, state: State, d: int) -> bool:
        """AM-5.10 to AM-5.12: Off the Field. Returns True if a Major came back onto the entry Location."""
        g = state["g"]
        rec = g["dr"][str(d)]
        if not self.defs[state["cards"][d]].major:
            self.log(state, {"t": "cycle", "d": d, "name": state["cards"][d], "major": False})
            self.remove_disaster(state, d, "cycle_end")  # AM-5.11
            return False
        for x in list(self.loot(state, d)):  # AM-5.12: its Item is destroyed
            self._mv(state, x, f"loot:{d}", "destroyed", "destroyed")
        p = self.entry(state, d)
        if p is None:  # no Location left to come back to
            self.remove_disaster(state, d, "cycle_end")
            return False
        self.log(state, {"t": "cycle", "d": d, "name": state["cards"][d], "major": True})
        self.move_disaster(state, d, p)
        rec["st"] = self.stamp(state)  # AM-5.5: a new stamp when it comes back
        return True

    # ----- Disaster movement (AM-5.7 to AM-5.13, AM-5.19 to AM-5.25) ----------------------------------------------

    def ignored(self, state: State, d: int, c: int) -> bool:
        """AM-9.19: a Major Disaster ignores the Characters that beat it in a charm contest."""
        return c in state["g"]["dr"][str(d)].get("ig", ())

    def ran_from(self, state: State, d: int, c: int) -> bool:
        """AM-8.22: ``c`` ran away from ``d`` in this phase."""
        ps = state["g"]["ps"]
        return any(r[0] == d and r[1] == c and r[2] == ps for r in state["g"]["rp"])

    def movement_left(self, state: State, d: int) -> tuple[str, int]:
        """The mode and steps of a Disaster's Maintenance move (AM-5.7, AM-5.19 to AM-5.22)."""
        rec = state["g"]["dr"][str(d)]
        mov = self.dstat(state, d, "mov")
        if mov is None:
            return "z", 1  # AM-5.19
        if rec["mo"] == 0:
            return "n", 0  # AM-5.21, AM-5.22: a moves-only-once Disaster that has had its move
        if rec["mo"] == 1:
            rec["mo"] = 0  # AM-5.21: it moves in the Maintenance of the turn it was drawn, then never again
        return "n", mov  # AM-5.20: a Movement of 0 means no move

    @step("dm")
    def _s_dm(self, state: State, fr: dict[str, Any]) -> None:
        """Step along the path; the card moves once per stretch, and stops where arriving matters."""
        g = state["g"]
        d = fr["d"]
        key = str(d)
        if key not in g["dp"]:
            finish(state)
            return
        res = fr.pop("res", None)
        if res is not None and res != "go":  # it fought (AM-8.27), acted or was discarded where it arrived
            g["dr"][key]["dn"] = g["ps"]
            finish(state)
            return
        mode = fr["mode"]
        orders = g["order"]
        order = next(iter(orders.values())) if len(orders) == 1 else self.order_for(state, d)
        dead = g["dead"]
        start = cur = g["dp"][key]
        i = order.index(cur)
        n = len(order)
        zones = state["zones"]
        combat = self._combat_disaster[state["cards"][d]]
        empty = f"loot:{d}" not in zones
        while fr["left"] > 0:
            i += 1
            while i < n and order[i] in dead:
                i += 1
            if i >= n:  # AM-5.10: Off the Field
                if cur != start:
                    self.move_disaster(state, d, cur)
                came_back = self.end_cycle(state, d)
                fr["left"] = 0  # AM-5.13: a returning Major loses the rest of its move
                if came_back and mode != "e":
                    push(state, "arr", d=d, p=g["dp"][key])
                return
            cur = order[i]
            if mode != "z":
                fr["left"] -= 1  # AM-5.9: one Location per point of Movement
            if mode == "e":
                continue  # AM-5.25: the escape move ignores everything
            if zones.get(f"pc:{cur}") or (mode != "z" and combat and empty and zones[f"it:{cur}"]):
                self.move_disaster(state, d, cur)
                push(state, "arr", d=d, p=cur)  # AM-5.14 to AM-5.19
                return
        if cur != start:
            self.move_disaster(state, d, cur)
        finish(state)

    def escape(self, state: State, d: int) -> None:
        """AM-5.25: the Disaster at once moves its full Movement, ignoring every Character and Item."""
        mov = self.dstat(state, d, "mov") or 0
        self.log(state, {"t": "escape", "d": d, "name": state["cards"][d]})
        push(state, "dm", d=d, left=mov, mode="e")

    # ----- arrival (AM-5.14 to AM-5.18, AM-5.24) ------------------------------------------------------------------

    def eligible_chars(self, state: State, d: int, p: int) -> list[int]:
        """The Characters at ``p`` the Disaster does not ignore and may fight (AM-5.28, AM-8.22, AM-9.19)."""
        rec = state["g"]["dr"][str(d)]
        ign = rec.get("ig", ())
        return [c for c in self.chars_at(state, p) if c not in ign and not self.ran_from(state, d, c)]

    def pick_up(self, state: State, d: int, p: int) -> None:
        """AM-5.16: a Combat Disaster carrying nothing takes one Item at random from the Location's pile."""
        pile = state["zones"][f"it:{p}"]
        if pile and not self.loot(state, d):
            x = self.pick(state, list(pile))
            self._mv(state, x, f"it:{p}", f"loot:{d}", "pick_up")

    def drop_loot(self, state: State, d: int, p: int) -> list[int]:
        """The Disaster drops the Item it carries into the Location's Item pile (AM-5.14, AM-5.24)."""
        out = []
        for x in list(self.loot(state, d)):
            self._mv(state, x, f"loot:{d}", f"it:{p}", "drop")
            out.append(x)
        return out

    def steal_from_chars(self, state: State, d: int, p: int, carriers: list[int]) -> None:
        """AM-5.24: drop its own Item, take a random Item from a random carrier, then the escape move."""
        self.drop_loot(state, d, p)
        victim = self.pick(state, carriers)
        x = self.pick(state, list(self.items_of(state, victim)))
        state["g"]["st"].pop(str(x), None)
        self._mv(state, x, self.bag(state, victim), f"loot:{d}", "stolen")
        self.log(state, {"t": "dsteal", "d": d, "c": victim})
        self.escape(state, d)

    @staticmethod
    def _arr_gone(state: State, fr: dict[str, Any]) -> bool:
        """Whether the arriving Disaster has left the Field or this Location meanwhile (the arrival is over)."""
        dp = state["g"]["dp"]
        d = str(fr["d"])
        if d not in dp or dp[d] != fr["p"]:
            finish(state, "gone" if d not in dp else "go")
            return True
        return False

    @step("arr")
    def _s_arr(self, state: State, fr: dict[str, Any]) -> None:
        """AM-5.14 to AM-5.18: a Disaster arrives at a Location."""
        if self._arr_gone(state, fr):
            return
        g = state["g"]
        d, p = fr["d"], fr["p"]
        card = self.defs[state["cards"][d]]
        if not card.is_combat_disaster:  # AM-5.17, AM-5.18
            here = self.chars_at(state, p)
            if not here or p in g["dead"] or str(p) in g["hv"]:
                finish(state, "go")
                return
            if not self.text_possible(state, d, p, list(here)):
                finish(state, "go")
                return
            finish(state)
            push(state, "ntx", d=d, p=p, cs=list(here), effect=0, ret=1)
            return
        chars = self.eligible_chars(state, d, p)
        carriers = [c for c in chars if self.carries(state, c)]
        if carriers and "STEALS" in card.keywords:  # AM-5.24
            finish(state)
            frames = state["flow"]
            if frames and frames[-1]["step"] == "dm":
                frames[-1]["left"] = 0
            self.steal_from_chars(state, d, p, carriers)
            return
        if carriers:  # AM-5.14
            engaged = state["owner"][self.pick(state, carriers)]
            dropped = self.drop_loot(state, d, p)
            finish(state, "stop")
            self.start_combat(state, d, p, engaged, "arrive", dropped)
            return
        if not chars:
            self.pick_up(state, d, p)  # AM-5.16
            finish(state, "go")
            return
        # AM-5.15: each player there chooses to hide or to fight, in turn order
        seats = {state["owner"][c] for c in chars}
        fr["q"] = [s for s in self.turn_order(state) if s in seats]
        goto(fr, "arr_choose")
        self._hide_or_fight(state, fr)

    @step("arr_choose")
    def _s_arr_choose(self, state: State, fr: dict[str, Any]) -> None:
        if not self._arr_gone(state, fr):
            self._hide_or_fight(state, fr)

    def _hide_or_fight(self, state: State, fr: dict[str, Any]) -> None:
        """AM-5.15: the next player there hides or fights; once everyone hid, it passes on (AM-5.16)."""
        d, p = fr["d"], fr["p"]
        if fr["q"]:
            seat = fr["q"][0]
            name = state["cards"][d]
            where = state["cards"][p]
            self.ask(
                state,
                seat,
                "hide_or_fight",
                f"{self.seat_name(seat)}: {name} arrives at {where}. Hide or fight?",
                [option("hide", label="Hide (let it pass)"), option("fight", label=f"Fight {name}")],
            )
            return
        self.pick_up(state, d, p)  # AM-5.15: everyone hid, so it passes on; AM-5.16
        finish(state, "go")

    @FLOW.answer("arr_choose")
    def _o_arr(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "hide":
            fr["q"].pop(0)
            self.log(state, {"t": "hide", "seat": seat, "d": fr["d"]})
            return
        d, p = fr["d"], fr["p"]
        finish(state, "stop")
        self.start_combat(state, d, p, seat, "arrive", [])

    # ----- Non-Combat Disasters carrying out their text (AM-5.17, AM-5.18, AM-7.7) --------------------------------

    def text_possible(self, state: State, d: int, p: int, chars: list[int]) -> bool:
        """AM-5.18: whether the Disaster's text can be carried out on these Characters here."""
        if not chars:
            return False
        for e in self.defs[state["cards"][d]].effects:
            if e.verb == "DESTROY_LOCATION" and p in state["g"]["dead"]:
                return False
            if e.verb == "MOVE" and not any(self.can_step_alone(state, c, e.n) for c in chars):
                return False  # nobody it reaches can be moved at all
        return True

    def text_targets(self, state: State, target: str, chars: list[int]) -> list[int]:
        """AM-11.9: each Character there, one at random, or the one with the highest value of an attribute."""
        if target == "each":
            return list(chars)
        if target == "random":
            return [self.pick(state, chars)]
        attr = target.split("_", 1)[1]
        values = {c: self.stat(state, c, attr) for c in chars}
        best = max(values.values())
        return [self.pick(state, [c for c in chars if values[c] == best])]

    @step("ntx")
    def _s_ntx(self, state: State, fr: dict[str, Any]) -> None:
        """Carry out each effect of the text in turn; MOVE hands the Characters to their owners one by one."""
        g = state["g"]
        d, p = fr["d"], fr["p"]
        effects = self.defs[state["cards"][d]].effects
        if fr["effect"] >= len(effects):
            if str(d) in g["dp"]:
                self.log(state, {"t": "acted", "d": d, "name": state["cards"][d]})
                self.remove_disaster(state, d, "acted")  # AM-5.17: discarded once it has acted
            finish(state, "gone")
            return
        e = effects[fr["effect"]]
        fr["effect"] += 1
        chars = [c for c in fr["cs"] if g["cp"].get(str(c)) == p]
        if not chars and e.verb != "DESTROY_LOCATION":
            return
        if e.verb == "BONK":  # AM-11.8
            for c in self.text_targets(state, e.target, chars):
                self.bonk(state, c)
        elif e.verb == "MODIFY":  # AM-11.2
            for c in self.text_targets(state, e.target, chars):
                exp = self.expiry(state, e.duration, seat=state["owner"][c])
                self.add_mod(state, c, e.attr, e.op, e.value, exp)
                self.log(state, {"t": "modify", "c": c, "attr": e.attr, "op": e.op, "v": e.value})
        elif e.verb == "DESTROY_LOCATION":  # AM-11.5
            self.destroy_location(state, p)
        elif e.verb == "MOVE":  # AM-11.7: each owner moves its Character up to n steps
            targets = self.text_targets(state, e.target, chars)
            order = self.turn_order(state)
            targets.sort(key=lambda c: (order.index(state["owner"][c]), c))
            for c in reversed(targets):
                push(state, **self.new_mact(state, [c], e.n, "fx"))

    # ----- destroying Locations (AM-4.7 to AM-4.11) ---------------------------------------------------------------

    def destroy_location(self, state: State, p: int) -> None:
        """AM-4.8, AM-4.10: turned face down in its cell; Items destroyed, Disasters under it discarded unseen,
        Equipment under it discarded. Characters and revealed Disasters there stay (AM-4.11)."""
        g = state["g"]
        if p in g["dead"] or str(p) in g["hv"]:
            return
        g["dead"].append(p)
        self.mark(state, p, "field", "destroyed")
        self.log(state, {"t": "destroy_loc", "p": p, "name": state["cards"][p]})
        zones = state["zones"]
        for x in list(zones[f"it:{p}"]):
            self._mv(state, x, f"it:{p}", "destroyed", "destroyed")
        for x in list(zones[f"ds:{p}"]):
            self.discard(state, x, f"ds:{p}", "unseen", mark="unseen")
            g["dc"] += 1
        for x in list(zones.get(f"eq:{p}", ())):
            self.discard(state, x, f"eq:{p}", "discard")

    # ----- Character movement (AM-6.3 to AM-6.14, AM-6.19, AM-11.7) -----------------------------------------------

    def new_mact(
        self, state: State, cs: list[int], budget: int, mode: str, path: list[int] | None = None
    ) -> dict[str, Any]:
        c0 = cs[0]
        fr: dict[str, Any] = {
            "step": "mact",
            "cs": list(cs),
            "seat": state["owner"][c0],
            "b": budget,
            "u": 0,
            "p": state["g"]["cp"][str(c0)],
            "mode": mode,
            "deny": [],
        }
        if path is not None:
            fr["path"] = path
        return fr

    def group_movement(self, state: State, cs: list[int]) -> int:
        """AM-6.10: a group moves with the lowest current Movement among its members."""
        return min(self.stat(state, c, "mov") for c in cs)

    def _may_end(self, state: State, q: int, seat: int) -> bool:
        """A movement action may end on a non-destroyed Location (AM-6.9) or in a Haven it may enter."""
        g = state["g"]
        owner = g["hv"].get(str(q))
        if owner is not None:
            return owner == seat or state["options"]["haven_permission"]
        return q not in g["dead"]

    def _reach_end(self, state: State, start: int, steps: int, seat: int, deny: list[int]) -> bool:
        """Whether a legal end can be reached from ``start`` in at most ``steps`` steps (AM-4.9)."""
        if self._may_end(state, start, seat) and start not in deny:
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
            for q in g["adj"][str(p)]:
                if q in seen or q in deny:
                    continue
                owner = g["hv"].get(str(q))
                if owner is not None and owner != seat and not state["options"]["haven_permission"]:
                    continue
                if owner is not None and owner == seat:
                    return True
                if q not in g["dead"]:
                    return True
                seen.add(q)
                frontier.append((q, dist + 1))
        return False

    def step_options(self, state: State, fr: dict[str, Any]) -> list[int]:
        """The cells the mover may step to now (AM-6.4 to AM-6.9, AM-13.2)."""
        g = state["g"]
        left = fr["b"] - fr["u"]
        if left <= 0:
            return []
        p = fr["p"]
        seat = fr["seat"]
        hv = g["hv"]
        dead = g["dead"]
        in_haven = str(p) in hv
        out = []
        for q in g["adj"][str(p)]:
            if q in fr["deny"]:
                continue
            owner = hv.get(str(q))
            if owner is not None:
                if owner != seat and not state["options"]["haven_permission"]:
                    continue  # AM-6.8
                out.append(q)
                continue
            if in_haven and self.field_count(state, seat) + len(fr["cs"]) > 6:
                continue  # AM-6.1, AM-6.6
            if q in dead and not self._reach_end(state, q, left - 1, seat, fr["deny"]):
                continue  # AM-4.9, AM-6.9: never stranded on a destroyed Location
            out.append(q)
        return out

    def can_step_alone(self, state: State, c: int, n: int) -> bool:
        """Whether Character ``c`` has any legal step with a budget of ``n`` (used by AM-5.18)."""
        fr = self.new_mact(state, [c], n, "fx")
        return bool(self.step_options(state, fr))

    @step("mact")
    def _s_mact(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        fr["cs"] = [c for c in fr["cs"] if g["cp"].get(str(c)) == fr["p"]]
        if not fr["cs"]:
            finish(state)
            return
        if fr.get("ask") is not None:  # AM-13.2: the Haven's owner decides at that moment
            q = fr["ask"]
            owner = g["hv"][str(q)]
            self.ask(
                state,
                owner,
                "haven_permission",
                f"{self.seat_name(owner)}: may {self.seat_name(fr['seat'])}'s Characters pass through your Haven?",
                [option("allow", label="Allow"), option("refuse", label="Refuse")],
            )
            return
        if "path" in fr:  # AM-9.11 (a): a forced move goes along its path by itself
            if fr["path"]:
                q = fr["path"].pop(0)
                if q in self.step_options(state, fr):
                    self.do_step(state, fr, q)
                    return
            self.end_mact(state, fr)
            return
        steps = self.step_options(state, fr)
        may_stop = self._may_end(state, fr["p"], fr["seat"])
        # AM-1.26: an Item may add to the budget, so once Item carriers may stop they are asked even when the
        # budget is spent; otherwise whether they are asked again would tell everyone what they carry.
        if not steps and not (may_stop and any(self.carries(state, c) for c in fr["cs"])):
            self.end_mact(state, fr)
            return
        left = fr["b"] - fr["u"]
        after = f"{left - 1} step{'s' if left != 2 else ''} left after it"
        options = [option("step_to", q, label=f"{self.cell_label(state, q)} ({after})") for q in steps]
        if may_stop:
            options.append(option("stop", label="Stop here"))
        names = ", ".join(state["cards"][c] for c in fr["cs"])
        self.ask(state, fr["seat"], "step", f"{self.seat_name(fr['seat'])}: move {names}", options)

    @FLOW.answer("mact")
    def _o_mact(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "stop":
            self.end_mact(state, fr)
            return
        if verb in ("allow", "refuse"):
            q = fr.pop("ask")
            if verb == "refuse":
                fr["deny"].append(q)
            else:
                self.do_step(state, fr, q)
            return
        q = action.args[0]  # step_to
        owner = state["g"]["hv"].get(str(q))
        if owner is not None and owner != fr["seat"]:
            fr["ask"] = q
            return
        self.do_step(state, fr, q)

    def do_step(self, state: State, fr: dict[str, Any], q: int) -> None:
        """One step of a movement action, then what entering the cell causes."""
        g = state["g"]
        p = fr["p"]
        hv = g["hv"]
        if str(p) in hv and str(q) not in hv:
            self.leave_haven(state, fr, p)
        for c in fr["cs"]:
            self._mv(state, c, f"pc:{p}", f"pc:{q}", "step")
            g["cp"][str(c)] = q
        fr["p"] = q
        fr["u"] += 1
        owner = hv.get(str(q))
        if owner is not None:
            if owner == fr["seat"]:
                self.end_mact(state, fr)  # AM-6.7: stepping into your own Haven ends the action
            return
        if q in g["dead"]:
            return
        movers = fr["cs"]
        stop = False
        for d in self.disasters_at(state, q):
            if "MOVES_ONCE" in self.defs[state["cards"][d]].keywords:
                stop = True  # AM-5.23: a blocking Disaster stops everyone entering
        fights = []
        for d in self.by_arrival(state, list(self.disasters_at(state, q))):
            if not self.defs[state["cards"][d]].is_combat_disaster:
                continue
            if any(
                self.carries(state, c) and not self.ignored(state, d, c) and not self.ran_from(state, d, c)
                for c in movers
            ):
                fights.append(d)  # AM-6.13
        if fights:
            fr["cq"] = fights
            stop = True
        if stop:
            self.end_mact(state, fr)

    def leave_haven(self, state: State, fr: dict[str, Any], haven: int) -> None:
        """AM-10.24: a Haven's "leaving" text applies to its owner's Characters stepping out of it."""
        name = state["cards"][haven]
        for e in self.defs[name].effects:
            if e.verb == "MODIFY" and e.when == "leave" and state["g"]["hv"][str(haven)] == fr["seat"]:
                for c in fr["cs"]:
                    self.add_mod(state, c, e.attr, e.op, e.value, self.expiry(state, e.duration))
                if e.attr == "mov" and e.op == "+":
                    fr["b"] += e.value

    def end_mact(self, state: State, fr: dict[str, Any]) -> None:
        """The movement action ends: use up the members' actions (AM-6.3), then any combats it caused."""
        g = state["g"]
        if fr["mode"] == "a":
            for c in fr["cs"]:
                rec = g["ch"].get(str(c))
                if rec:
                    rec["m"] = state["turn"]
        self.log(state, {"t": "moved", "cs": fr["cs"], "to": fr["p"], "n": fr["u"]})
        fights = fr.get("cq")
        finish(state)
        if fights:
            push(state, "cq", ds=fights, p=fr["p"], e=fr["seat"])

    def by_arrival(self, state: State, ds: list[int]) -> list[int]:
        """AM-8.28: Disasters on one Location in order of arrival there, ties by AM-5.8."""
        dr = state["g"]["dr"]
        return sorted(ds, key=lambda d: (dr[str(d)]["ar"], *self.tie_key(state, d)))

    def tie_key(self, state: State, d: int) -> tuple[int, ...]:
        """AM-5.8: higher Attack first, then Defense, Movement, Energy, Charm."""
        return tuple(-(self.dstat(state, d, a) or 0) for a in ("atk", "def", "mov", "nrg", "cha"))

    @step("cq")
    def _s_cq(self, state: State, fr: dict[str, Any]) -> None:
        """AM-6.13, AM-8.28: each Combat Disaster on the Location fights the entering player's Characters."""
        g = state["g"]
        p, seat = fr["p"], fr["e"]
        while fr["ds"]:
            d = fr["ds"].pop(0)
            if g["dp"].get(str(d)) != p:
                continue
            mine = [c for c in self.chars_at(state, p) if state["owner"][c] == seat]
            if not any(self.carries(state, c) and not self.ignored(state, d, c) for c in mine):
                continue
            dropped = self.drop_loot(state, d, p)
            self.start_combat(state, d, p, seat, "enter", dropped)
            return
        finish(state)

    def cell_label(self, state: State, q: int) -> str:
        g = state["g"]
        x, y = g["xy"][str(q)]
        owner = g["hv"].get(str(q))
        if owner is not None:
            return f"{self.seat_name(owner)}'s Haven ({x},{y})"
        dead = " (destroyed)" if q in g["dead"] else ""
        return f"{state['cards'][q]} ({x},{y}){dead}"

    def shortest_path(self, state: State, c: int, target: int, budget: int) -> list[int] | None:
        """A shortest legal path for one Character to ``target`` within ``budget`` steps (AM-9.11 (a))."""
        g = state["g"]
        start = g["cp"][str(c)]
        seat = state["owner"][c]
        prev: dict[int, int] = {start: start}
        frontier = deque([(start, 0)])
        while frontier:
            p, dist = frontier.popleft()
            if p == target:
                break
            if dist >= budget:
                continue
            for q in g["adj"][str(p)]:
                if q in prev:
                    continue
                owner = g["hv"].get(str(q))
                if owner is not None and owner != seat:
                    continue
                if owner is not None and q != target:
                    continue  # entering your Haven ends the action
                prev[q] = p
                frontier.append((q, dist + 1))
        if target not in prev or target == start:
            return None
        out = [target]
        while out[-1] != start:
            out.append(prev[out[-1]])
        out.pop()
        out.reverse()
        return out

    def reachable(self, state: State, c: int, budget: int) -> list[int]:
        """Non-destroyed Locations a Character could end a move on within ``budget`` steps (AM-9.11 (a))."""
        out = []
        for p in self.locations(state):
            if p in state["g"]["dead"] or p == state["g"]["cp"][str(c)]:
                continue
            if self.shortest_path(state, c, p, budget) is not None:
                out.append(p)
        return out

    # ----- helpers the other parts provide --------------------------------------------------------------------------

    def turn_order(self, state: State) -> list[int]:
        """Seats in order starting with the active player (AM-2.18)."""
        n = state["players"]
        a = state["g"]["act"]
        return [(a + i) % n for i in range(n)]
