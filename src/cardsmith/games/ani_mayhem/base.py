"""Shared helpers of the Ani-Mayhem rules: card lookups, zones, attributes, durations, Items, bonks and kills.

Everything here works on the plain-data state; see :mod:`cardsmith.games.ani_mayhem.rules` for its layout.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core import zones as _zones
from ...core.game import Game
from ...core.state import State
from .cards import ATTRS, Card, CardSet

# Zone kinds created on demand and removed again when they empty (per Location, Character or Disaster).
LAZY = frozenset({"pc", "eq", "bag", "gear", "loot"})
# Zones where an Item is neither held by a player nor destroyed (AM-12.1).
FREE_KINDS = frozenset({"it", "loot"})
# Zones that hold Items and nothing else (AM-1.25, AM-1.26, AM-12.1): Items waiting to be dealt, Item piles under
# Locations, the Item a Disaster carries, Items carried by Characters or being shared out, destroyed Items.
ITEM_KINDS = frozenset({"ipile", "it", "loot", "bag", "spoils", "destroyed"})
NEVER = -9


def kind_of(zone: str) -> str:
    """The kind part of a zone name."""
    i = zone.find(":")
    return zone if i < 0 else zone[:i]


class Base(Game):
    """Helpers every part of the rules uses. ``self.cards`` is the card set."""

    cards: CardSet

    def _init_tables(self) -> None:
        """Precompute per-name data used on hot paths."""
        defs = self.cards.cards
        self.defs: dict[str, Card] = defs
        self._type: dict[str, str] = {n: c.type for n, c in defs.items()}
        self._printed: dict[str, dict[str, int | None]] = {
            n: {a: c.attr(a) for a in ATTRS} for n, c in defs.items()
        }
        # MODIFY buttons on the bearer, by name and attribute: [(op, value)] (AM-10.10)
        self._bearer_mods: dict[str, dict[str, list[tuple[str, int]]]] = {}
        self._field_mods: dict[str, dict[str, list[tuple[str, int]]]] = {}
        self._bearer_skills: dict[str, list[str]] = {}
        self._field_skills: dict[str, list[str]] = {}
        for n, c in defs.items():
            bm: dict[str, list[tuple[str, int]]] = {}
            fm: dict[str, list[tuple[str, int]]] = {}
            bs: list[str] = []
            fs: list[str] = []
            for e in c.effects:
                if e.verb == "MODIFY" and e.duration == "attached" and c.type != "flash":
                    if e.target == "bearer":
                        bm.setdefault(e.attr, []).append((e.op, e.value))
                    elif e.target in ("own_field", "field"):
                        fm.setdefault(e.attr, []).append((e.op, e.value))
                elif e.verb == "MODIFY" and c.off_field:
                    fm.setdefault(e.attr, []).append((e.op, e.value))
                elif e.verb == "GRANT_SKILL" and e.duration == "attached":
                    token = e.skill or "scav:" + e.scavenge
                    (bs if e.target == "bearer" else fs).append(token)
            self._bearer_mods[n] = bm
            self._field_mods[n] = fm
            self._bearer_skills[n] = bs
            self._field_skills[n] = fs
        # Flash Effects: (verb, only in combat, only outside combat, aim, needs a user, steal source)
        self._flash: dict[str, tuple[str, bool, bool, str, bool, str]] = {}
        for n, c in defs.items():
            if c.type == "flash":
                e = c.effects[0]
                combat_only = e.verb == "HEAL" or (e.verb == "MODIFY" and e.duration == "round")
                outside_only = e.verb not in ("MODIFY", "HEAL")
                need_user = bool(c.cost or c.requires) or e.verb in (
                    "STEAL_ITEM",
                    "DESTROY_LOCATION",
                    "BONK",
                    "HEAL",
                )
                self._flash[n] = (e.verb, combat_only, outside_only, c.aim, need_user, e.source)
        self._combat_disaster = {n: c.is_combat_disaster for n, c in defs.items()}
        self._costed = frozenset(
            n for n, c in defs.items() if c.cost and c.type in ("enhancement", "equipment")
        )
        self._haven_field_mods = frozenset(
            n for n, c in defs.items() if c.type in ("haven", "location") and self._field_mods[n]
        )
        self._haven_field_skills = frozenset(
            n for n, c in defs.items() if self._field_skills[n] and c.type in ("haven", "location")
        )

    # ----- cards and zones -----------------------------------------------------------------------------------------

    def cdef(self, state: State, cid: int) -> Card:
        """The definition of card ``cid``."""
        return self.defs[state["cards"][cid]]

    def ctype(self, state: State, cid: int) -> str:
        return self._type[state["cards"][cid]]

    def name(self, state: State, cid: int) -> str:
        return state["cards"][cid]

    def _mv(
        self, state: State, cid: int, src: str, dst: str, cause: str | None = None, mark: str | None = None
    ) -> None:
        """Move one card through the core primitive, creating and removing per-object zones as needed.

        Item moves are counted for AM-12.4 and AM-12.7 (which Items are still loose, which changed carrier). A move
        counts as an Item's by the zones it leaves and enters, never by the card: most Items lie face down, and only
        how many cards each such pile holds is public (AM-1.25, AM-1.26), so the public tallies (AM-1.29, AM-12.1)
        are counted from the piles, as every player can count them.
        """
        zones = state["zones"]
        if dst not in zones:
            zones[dst] = []
        _zones.move(
            state, self.visibility, cid, src, dst, cause=cause, mark=mark
        )  # the one card-move primitive
        i = src.find(":")
        sk = src if i < 0 else src[:i]
        if not zones[src] and sk in LAZY:
            del zones[src]
        i = dst.find(":")
        dk = dst if i < 0 else dst[:i]
        if sk in ITEM_KINDS or dk in ITEM_KINDS:
            g = state["g"]
            g["ic"] += 1
            was, now = sk in FREE_KINDS, dk in FREE_KINDS
            if was and not now:
                g["free"] -= 1
            elif now and not was:
                g["free"] += 1
            if dk == "destroyed":
                g["lost"] += 1

    def zone(self, state: State, name: str) -> list[int]:
        """A zone's cards (an empty list for an on-demand zone that does not exist now)."""
        return state["zones"].get(name) or []

    def discard(self, state: State, cid: int, src: str, cause: str, mark: str | None = None) -> None:
        """AM-1.23 / AM-1.27: a discarded card goes to its owner's Discard pile. AM-4.7: never a Location."""
        if self._type[state["cards"][cid]] == "location" and kind_of(src) == "field":
            return  # AM-4.7: nothing can discard a Location
        self._mv(state, cid, src, f"discard:{state['owner'][cid]}", cause, mark)

    # ----- time: durations (AM-11.10) -----------------------------------------------------------------------------

    def expiry(
        self, state: State, duration: str, seat: int | None = None, in_combat: bool = False
    ) -> list[Any]:
        """The expiry marker of an effect that lasts ``duration`` from now (AM-10.8, AM-10.22, AM-11.10)."""
        g = state["g"]
        if duration == "round" or (duration == "use" and in_combat):
            return ["r", g["rs"]]
        if duration in ("phase", "use"):
            return ["p", g["ps"]]
        if duration == "turn":
            return ["t", state["turn"]]
        if duration in ("owner_next", "drawer_next"):
            assert seat is not None
            return ["o", seat, g["ts"][seat] + 1]
        raise AssertionError(duration)

    @staticmethod
    def valid(state: State, exp: list[Any]) -> bool:
        """Whether an effect with this expiry marker still lasts."""
        k = exp[0]
        if k == "r":
            return state["g"]["rs"] == exp[1]
        if k == "p":
            return state["g"]["ps"] == exp[1]
        if k == "t":
            return state["turn"] == exp[1]
        return state["g"]["tc"][exp[1]] < exp[2]

    def stamp(self, state: State) -> int:
        """A fresh stamp, later than every stamp given before (AM-5.5, AM-10.11)."""
        g = state["g"]
        g["n"] += 1
        return g["n"]

    # ----- where things are ---------------------------------------------------------------------------------------

    def pos(self, state: State, cid: int) -> int:
        """Where a Character in play stands (a Location or a Haven card id)."""
        return state["g"]["cp"][str(cid)]

    def dpos(self, state: State, d: int) -> int:
        """The Location a Disaster on the Field stands on."""
        return state["g"]["dp"][str(d)]

    def on_field(self, state: State, cid: int) -> bool:
        """A Character on a Location (not in a Haven) (AM-1.20, AM-6.2)."""
        g = state["g"]
        p = g["cp"].get(str(cid))
        return p is not None and str(p) not in g["hv"]

    def is_haven(self, state: State, p: int) -> bool:
        return str(p) in state["g"]["hv"]

    def destroyed(self, state: State, p: int) -> bool:
        return p in state["g"]["dead"]

    def chars_at(self, state: State, p: int) -> list[int]:
        """The Characters at a Location or in a Haven."""
        return state["zones"].get(f"pc:{p}") or []

    def disasters_at(self, state: State, p: int) -> list[int]:
        dp = state["g"]["dp"]
        return [d for d in state["zones"]["dz"] if dp[str(d)] == p]

    def bag(self, state: State, c: int) -> str:
        """The zone of the Items carried by Character ``c`` (seen only by its owner, AM-1.26)."""
        return f"bag:{state['owner'][c]}:{c}"

    def items_of(self, state: State, c: int) -> list[int]:
        return state["zones"].get(f"bag:{state['owner'][c]}:{c}") or []

    def carries(self, state: State, c: int) -> bool:
        return bool(state["zones"].get(f"bag:{state['owner'][c]}:{c}"))

    def loot(self, state: State, d: int) -> list[int]:
        """The Item a Disaster carries (at most one, AM-5.2), face down."""
        return state["zones"].get(f"loot:{d}") or []

    def my_chars(self, state: State, seat: int, field_only: bool = False) -> list[int]:
        """A seat's Characters in play (in Havens or on the Field), in card-id order."""
        g = state["g"]
        mine = g["mine"][seat]
        if not field_only:
            return list(mine)
        hv = g["hv"]
        cp = g["cp"]
        return [c for c in mine if str(cp[str(c)]) not in hv]

    def field_count(self, state: State, seat: int) -> int:
        """AM-6.1: how many of a seat's Characters are on the Field."""
        return len(self.my_chars(state, seat, field_only=True))

    def havens_of(self, state: State, seat: int) -> list[int]:
        g = state["g"]
        return sorted(int(p) for p, s in g["hv"].items() if s == seat)

    # ----- attributes (AM-10.10, AM-10.11) ------------------------------------------------------------------------

    def skills(self, state: State, c: int) -> set[str]:
        """A Character's skills: printed, granted by its cards, its Haven and effects (AM-10.5, AM-11.3)."""
        names = state["cards"]
        name = names[c]
        out = set(self.defs[name].skills)
        g = state["g"]
        rec = g["ch"].get(str(c))
        if rec and rec.get("tk"):
            for skill, exp in rec["tk"]:
                if self.valid(state, exp):
                    out.add(skill)
        p = g["cp"].get(str(c))
        if p is not None and str(p) not in g["hv"]:
            seat = state["owner"][c]
            hfs = self._haven_field_skills
            for h, s in g["hv"].items():
                if s == seat and names[int(h)] in hfs:
                    out.update(self._field_skills[names[int(h)]])
            for gl in state["zones"].get(f"global:{seat}", ()):
                out.update(self._field_skills[names[gl]])
        gear = state["zones"].get(f"gear:{c}")
        if gear:
            pending = [x for x in gear if self._bearer_skills[names[x]]]
            changed = True
            while pending and changed:  # a granted skill may meet another card's requirement
                changed = False
                for x in list(pending):
                    cd = self.defs[names[x]]
                    if cd.cost:
                        if not self.in_use(state, c, x):
                            pending.remove(x)
                            continue
                    if set(cd.requires) <= out:
                        out.update(self._bearer_skills[cd.name])
                        pending.remove(x)
                        changed = True
        return out

    def in_use(self, state: State, c: int, card: int) -> bool:
        """AM-10.8: a costed card gives its effect only while a use of it lasts."""
        rec = state["g"]["ch"].get(str(c))
        if not rec:
            return False
        for x, exp in rec.get("ac", ()):
            if x == card and self.valid(state, exp):
                return True
        return False

    def stat(self, state: State, c: int, attr: str, *, items: bool = True, vehicle: bool = False) -> int:
        """A Character's current value of ``attr`` (AM-10.11): printed, replacements (latest wins), additions, >= 0.

        ``items=False`` leaves out the carried Items, whose buttons only the owner may know (AM-1.26); ``vehicle``
        counts a fighting Vehicle's Attack and Defense (AM-8.30).
        """
        g = state["g"]
        names = state["cards"]
        name = names[c]
        base = self._printed[name][attr]
        if base is None:
            return 0
        repl = None
        rstamp = -1
        add = 0
        zones = state["zones"]
        gear = zones.get(f"gear:{c}")
        if gear:
            skills = None
            for x in gear:
                xn = names[x]
                mods = self._bearer_mods[xn].get(attr)
                if not mods:
                    continue
                cd = self.defs[xn]
                if cd.requires:
                    if skills is None:
                        skills = self.skills(state, c)
                    if not set(cd.requires) <= skills:
                        continue  # AM-10.5, AM-7.15
                if cd.cost and not self.in_use(state, c, x):
                    continue  # AM-10.8
                if cd.is_vehicle and attr in ("atk", "def") and not (vehicle and cd.vehicle_fights):
                    continue  # AM-8.29, AM-8.30
                st = g["st"].get(str(x), 0)
                for op, val in mods:
                    if op == "=":
                        if st >= rstamp:
                            repl, rstamp = val, st
                    else:
                        add += val
        if items:
            bag = zones.get(f"bag:{state['owner'][c]}:{c}")
            if bag:
                for x in bag:
                    mods = self._bearer_mods[names[x]].get(attr)
                    if mods:
                        st = g["st"].get(str(x), 0)
                        for op, val in mods:
                            if op == "=":
                                if st >= rstamp:
                                    repl, rstamp = val, st
                            else:
                                add += val
        p = g["cp"].get(str(c))
        if (
            p is not None and str(p) not in g["hv"]
        ):  # on the Field: Global Effects and Off the Field Disasters
            seat = state["owner"][c]
            for gl in zones.get(f"global:{seat}", ()):
                for op, val in self._field_mods[names[gl]].get(attr, ()):
                    if op == "=":
                        st = g["st"].get(str(gl), 0)
                        if st >= rstamp:
                            repl, rstamp = val, st
                    else:
                        add += val
            hfm = self._haven_field_mods
            if hfm:
                for h, s in g["hv"].items():
                    if s == seat and names[int(h)] in hfm:
                        for op, val in self._field_mods[names[int(h)]].get(attr, ()):
                            if op == "=":
                                if rstamp < 0:
                                    repl, rstamp = val, 0
                            else:
                                add += val
            if g["off"]:
                for d in zones["off"]:
                    for op, val in self._field_mods[names[d]].get(attr, ()):
                        if op == "=":
                            if rstamp < 0:
                                repl, rstamp = val, 0
                        else:
                            add += val
        rec = g["ch"].get(str(c))
        if rec and rec.get("tm"):
            for t in rec["tm"]:
                if t[0] == attr and self.valid(state, t[3]):
                    if t[1] == "=":
                        if t[4] >= rstamp:
                            repl, rstamp = t[2], t[4]
                    else:
                        add += t[2]
        value = (base if repl is None else repl) + add
        return value if value > 0 else 0

    def dstat(self, state: State, d: int, attr: str) -> int | None:
        """A Disaster's current value of ``attr``; None when it does not print it (AM-1.3, AM-5.20)."""
        base = self._printed[state["cards"][d]][attr]
        if base is None:
            return None
        rec = state["g"]["dr"].get(str(d))
        if not rec or not rec.get("tm"):
            return base
        repl = None
        rstamp = -1
        add = 0
        for t in rec["tm"]:
            if t[0] == attr and self.valid(state, t[3]):
                if t[1] == "=":
                    if t[4] >= rstamp:
                        repl, rstamp = t[2], t[4]
                else:
                    add += t[2]
        value = (base if repl is None else repl) + add
        return value if value > 0 else 0

    def health(self, state: State, cid: int) -> int:
        """AM-1.4, AM-1.5, AM-8.19: Health is the printed Defense (at least 1); modifiers never change it."""
        h = self._printed[state["cards"][cid]]["def"] or 0
        return h if h > 0 else 1

    def add_mod(
        self, state: State, cid: int, attr: str, op: str, value: int, exp: list[Any], spent: bool = False
    ) -> None:
        """Put a lasting modifier on a Character or Disaster (AM-11.2)."""
        g = state["g"]
        rec = g["ch"].get(str(cid)) or g["dr"].get(str(cid))
        if rec is None:
            return
        entry = [attr, op, value, exp, self.stamp(state)]
        if spent:
            entry.append(1)
        rec.setdefault("tm", []).append(entry)

    def pay(self, state: State, c: int, cost: tuple[str, int], in_combat: bool) -> None:
        """AM-10.6, AM-10.7: lower the current value; restored at the end of the round (combat) or turn."""
        exp = self.expiry(state, "round" if in_combat else "turn")
        self.add_mod(state, c, cost[0], "+", -cost[1], exp, spent=True)

    def can_pay(self, state: State, c: int, cost: tuple[str, int] | None) -> bool:
        """AM-10.6: a Character whose current value is too low cannot pay."""
        return cost is None or self.stat(state, c, cost[0]) >= cost[1]

    # ----- Characters entering and leaving play -------------------------------------------------------------------

    @staticmethod
    def new_char_record() -> dict[str, Any]:
        """Turn of the last movement action, Scavenge and duel, phase of the last fight, owner's turn of the last
        charm; lists of lasting modifiers (tm), skills (tk) and costed cards in use (ac) appear when needed."""
        return {"m": 0, "s": 0, "f": NEVER, "du": 0, "cm": NEVER}

    def enter_play(self, state: State, c: int, src: str, haven: int, cause: str) -> None:
        """A Character is played into a Haven (AM-6.24, AM-10.1)."""
        g = state["g"]
        self._mv(state, c, src, f"pc:{haven}", cause)
        g["cp"][str(c)] = haven
        g["ch"][str(c)] = self.new_char_record()
        mine = g["mine"][state["owner"][c]]
        mine.append(c)
        mine.sort()

    def drop_belongings(
        self, state: State, c: int, p: int, to: int | None = None, drops: list[int] | None = None
    ) -> None:
        """AM-6.21, AM-6.22, AM-6.25, AM-8.33: Enhancements discarded, Equipment under the Location, Items into its
        Item pile (or all Items to Character ``to``). On a destroyed Location the Items are destroyed and the
        Equipment discarded, as AM-4.10 does for a Location's own cards."""
        zones = state["zones"]
        names = state["cards"]
        dead = p in state["g"]["dead"]
        for x in list(zones.get(f"gear:{c}", ())):
            if self._type[names[x]] == "enhancement" or dead:
                self.discard(state, x, f"gear:{c}", "bonk_discard")
            else:
                self._mv(state, x, f"gear:{c}", f"eq:{p}", "dropped")
            state["g"]["st"].pop(str(x), None)
        bag = self.bag(state, c)
        for x in list(zones.get(bag, ())):
            state["g"]["st"].pop(str(x), None)
            if to is not None:
                self._mv(state, x, bag, self.bag(state, to), "won")
                state["g"]["st"][str(x)] = self.stamp(state)
            elif dead:
                self._mv(state, x, bag, "destroyed", "destroyed")
            else:
                self._mv(state, x, bag, f"it:{p}", "dropped")
                if drops is not None:
                    drops.append(x)

    def leave_play(
        self,
        state: State,
        c: int,
        dst: str,
        cause: str,
        to: int | None = None,
        drops: list[int] | None = None,
    ) -> None:
        """A Character leaves play (bonked or killed): drop its cards, then move it (AM-6.20 to AM-6.25)."""
        g = state["g"]
        p = g["cp"].pop(str(c))
        g["mine"][state["owner"][c]].remove(c)
        self.drop_belongings(state, c, p, to, drops)
        self._mv(state, c, f"pc:{p}", dst, cause)
        g["ch"].pop(str(c), None)
        g["forced"].pop(str(c), None)

    def bonk(self, state: State, c: int, to: int | None = None, drops: list[int] | None = None) -> None:
        """AM-6.20 to AM-6.23: out of play into the Bonked area; the owner's turn count is noted (AM-1.29)."""
        seat = state["owner"][c]
        self.leave_play(state, c, f"bonked:{seat}", "bonk", to, drops)
        state["g"]["bk"][str(c)] = state["g"]["ts"][seat]
        self.log(state, {"t": "bonk", "c": c, "name": state["cards"][c]})

    def kill(self, state: State, c: int, to: int | None = None, drops: list[int] | None = None) -> None:
        """AM-6.25, AM-8.17: a killed Character goes to its owner's Discard pile."""
        seat = state["owner"][c]
        self.leave_play(state, c, f"discard:{seat}", "kill", to, drops)
        self.log(state, {"t": "kill", "c": c, "name": state["cards"][c]})

    # ----- Disasters entering and leaving -------------------------------------------------------------------------

    @staticmethod
    def new_dis_record(stamp: int, moves: int) -> dict[str, Any]:
        """Arrival stamp (st), arrival at its Location (ar), move-once state (mo), freshly drawn (fr), phase it
        was done for (dn); ignored (ig) and barred (bar) Characters and modifiers (tm) appear when needed."""
        return {"st": stamp, "ar": stamp, "mo": moves, "fr": 0, "dn": NEVER}

    def remove_disaster(self, state: State, d: int, cause: str) -> None:
        """A Disaster leaves the Field for its owner's Discard pile (AM-5.11, AM-5.17, AM-5.29)."""
        g = state["g"]
        g["dp"].pop(str(d))
        for x in list(self.loot(state, d)):  # AM-5.11: the Item it carries is destroyed
            self._mv(state, x, f"loot:{d}", "destroyed", "destroyed")
        self.discard(state, d, "dz", cause)
        g["dr"].pop(str(d), None)
        g["dc"] += 1

    # ----- random choices (AM-1.28) -------------------------------------------------------------------------------

    @staticmethod
    def pick(state: State, items: list[Any]) -> Any:
        """One of ``items``, uniformly, from the state's generator."""
        if len(items) == 1:
            return items[0]
        return items[rng.below(state, len(items))]
