"""B-Poker card pairs and sets (section 26 of the rules) and the 5-card-tile sets.

Pairs are recognised by face values only (BP-26.11); a group that fits two entries uses the more specific one
(BP-26.12).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.actions import Action, option
from .base import NE, SK, TABLE, VIEW, no_effect_mark, pot_zone
from .cards import FACES, JOKER
from .powers import Powers

State = dict[str, Any]
Task = dict[str, Any]
_RANK = {name: f.rank for name, f in FACES.items()}


def pair_key(names: list[str]) -> str | None:
    """The section-26 entry a group of faces forms, or None (BP-26.1, BP-26.11, BP-26.12)."""
    n = len(names)
    if n < 2:
        return None
    faces = [FACES[x] for x in names]
    jokers = sum(1 for x in names if x == JOKER)
    if n == 3 and jokers == 2 and any(f.rank == 7 for f in faces):
        return "jj7"
    if jokers == n:
        return "jokers"
    if n == 2:
        a, b = sorted(names)
        fa, fb = FACES[a], FACES[b]
        if {a, b} == {"2♥", "2♦"}:
            return "2h2d"
        if a == b == "3♣":
            return "3c3c"
        if a == b == "4♦":
            return "4d4d"
        if fa.rank == 4 and fb.rank == 4:
            return "44"
        if a == b == "7♥":
            return "bh"
        if a == b == "7♣":
            return "wh"
        if {a, b} == {"9♦", "10♣"}:
            return "9d10c"
        if "10♦" in (a, b):
            return "lock"
        if fa.rank == fb.rank == 11:
            return "jj"
        if fa.rank == fb.rank == 12 and fa.suit == fb.suit:
            return "qq"
        if a == b == "K♣":
            return "kckc"
        if fa.rank == fb.rank == 14:
            return "aa"
        return None
    if n == 3:
        if all(x == "4♦" for x in names):
            return "4d4d4d"
        if all(f.rank == 6 for f in faces):
            return "666"
        if all(f.rank == 11 for f in faces):
            return "jjj"
        fives = [f for f in faces if f.rank == 5]
        if len(fives) == 2 and fives[0].suit == fives[1].suit:
            return "55x"
    return None


class Pairs(Powers):
    """Card pairs and sets."""

    @staticmethod
    def pair_key(names: list[str]) -> str | None:
        return pair_key(names)

    def pairs_in(self, state: State, hand: list[int]) -> list[tuple[str, list[int]]]:
        """Every distinct pair or set (by faces) that can be played from a viewing hand (BP-26.2, BP-26.12)."""
        if len(hand) < 2:
            return []
        names = state["cards"]
        held = list(map(names.__getitem__, hand))
        if (
            len(set(map(_RANK.__getitem__, held))) == len(held)
            and "10♦" not in held
            and ("2♥" not in held or "2♦" not in held)
            and ("9♦" not in held or "10♣" not in held)
        ):
            return []  # no two cards of one rank, and none of the pairs of two ranks
        by: dict[str, list[int]] = {}
        ranks = [0] * 15
        for c in hand:
            name = names[c]
            by.setdefault(name, []).append(c)
            ranks[FACES[name].rank] += 1
        if not (
            "10♦" in by
            or ("2♥" in by and "2♦" in by)
            or ("9♦" in by and "10♣" in by)
            or any(ranks[r] >= 2 for r in (1, 3, 4, 5, 7, 11, 12, 13, 14))
            or ranks[6] >= 3
        ):
            return []
        out: list[tuple[str, list[int]]] = []

        def take(group: tuple[str, ...]) -> list[int] | None:
            used: dict[str, int] = {}
            cards = []
            for x in group:
                i = used.get(x, 0)
                ids = by.get(x, ())
                if i >= len(ids):
                    return None
                cards.append(ids[i])
                used[x] = i + 1
            return cards

        def add(key: str, group: tuple[str, ...]) -> None:
            cards = take(group)
            if cards is not None:
                out.append((key, cards))

        jokers = len(by.get(JOKER, ()))
        for k in range(2, jokers + 1):
            add("jokers", (JOKER,) * k)
        if jokers >= 2:
            for x in sorted(by):
                if FACES[x].rank == 7:
                    add("jj7", (JOKER, JOKER, x))
        # (each entry is only looked for when the hand could hold it: the order of ``out`` stays the same)
        if "2♥" in by and "2♦" in by:
            add("2h2d", ("2♥", "2♦"))
        if ranks[3] >= 2:
            add("3c3c", ("3♣", "3♣"))
        if ranks[7] >= 2:
            add("bh", ("7♥", "7♥"))
            add("wh", ("7♣", "7♣"))
        if "9♦" in by and "10♣" in by:
            add("9d10c", ("9♦", "10♣"))
        if ranks[13] >= 2:
            add("kckc", ("K♣", "K♣"))
        if ranks[4] >= 2:
            add("4d4d", ("4♦", "4♦"))
            add("4d4d4d", ("4♦", "4♦", "4♦"))
        for rank, key in ((4, "44"), (11, "jj"), (14, "aa")):
            if ranks[rank] >= 2:
                group = sorted(x for x in by if FACES[x].rank == rank)
                for a, b in combinations_with_replacement(group, 2):
                    if key != "44" or (a, b) != ("4♦", "4♦"):
                        add(key, (a, b))
        for rank, key in ((6, "666"), (11, "jjj")):
            if ranks[rank] >= 3:
                group = sorted(x for x in by if FACES[x].rank == rank)
                for combo in combinations_with_replacement(group, 3):
                    add(key, combo)
        if ranks[12] >= 2:
            for q in sorted(x for x in by if FACES[x].rank == 12):
                add("qq", (q, q))
        if ranks[5] >= 2:
            for f in sorted(x for x in by if FACES[x].rank == 5):
                if len(by[f]) >= 2:
                    for x in sorted(by):
                        if FACES[x].rank != 5:
                            add("55x", (f, f, x))
        if "10♦" in by:
            for x in sorted(by):
                if x != "10♦" or len(by[x]) >= 2:
                    add("lock", ("10♦", x))
        return out

    # ----- the pair effects (BP-26.13 .. BP-26.88) -------------------------------------------------------------------

    def _t_pair(self, state: State, task: Task, ans: Action | None) -> bool:
        return self._tables[5][task["key"]](state, task, ans)

    def _on_table_cards(self, state: State, task: Task) -> list[int]:
        table = state["zones"][f"table:{task['you']}"]
        return [c for c in task["cs"] if c in table]

    def _pair_jokers(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.13, BP-26.14: each Joker resolves on its own as a 1 Black (all the same: no order to pick)."""
        self.pop(state, task)
        for c in reversed(task["cs"]):
            self.push(
                state, {"k": "pw", "key": "1B", "you": task["you"], "c": c, "ev": [1, -1, False], "st": 0}
            )
        return False

    def _pair_jj7(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.15 .. BP-26.20, BP-9.x."""
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        self.start_fpoker(state, task["you"], cards)
        return False

    def _pair_2h2d(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.22 .. BP-26.24: as the 2♦, the taken cards are replayed one by one."""
        if "cs2" not in task:
            task["cs2"] = list(task["cs"])
            task["c"] = task["cs"][0]
        return self._two_diamonds(state, task, ans, True)

    def _pair_3c3c(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.25 .. BP-26.27."""
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        if len(cards) == 2:
            self.new_tile(state, "ccc", cards, task["you"])
        self.undeclare(state, task["you"])
        return False

    def _pair_44(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.28, BP-26.29."""
        you = task["you"]
        cands = self.plain_units(state, you)
        if not cands:
            self.pop(state, task)
            return False
        if ans is None:
            opts = [option("decline", label="Keep your table as it is")]
            opts += [
                option("take_back", c, label=f"Take {state['cards'][c]} into your viewing hand")
                for c in cands
            ]
            return self.task_ask(
                state, task, you, "take_back", f"{self.seat_name(you)}: take a card back (4+4)?", opts
            )
        self.pop(state, task)
        if ans.verb == "take_back":
            self.off_table(state, you, ans.args[0], VIEW[you], "4_4")
        return False

    def _pair_4d4d(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.30, BP-26.31."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            task["st"] = 1
            if g["decl"][you] is None and self.can_hand(state, you):
                self.push(state, {"k": "decl", "you": you, "why": "4d"})
                return False
        self.pop(state, task)
        d = g["decl"][you]
        if d is None:
            return False
        cards = list(d["c"])
        self.undeclare(state, you)
        for c in cards:
            if c in state["zones"][TABLE[you]]:
                self.off_table(state, you, c, f"ctbp:{you}", "4d_4d")
        return False

    def _pair_4d4d4d(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.32, BP-26.33."""
        you = task["you"]
        self.pop(state, task)
        for c in list(state["zones"][TABLE[you]]):
            if not self.is_ne(state, c):
                self.off_table(state, you, c, f"ctbp:{you}", "4d_4d_4d")
        return False

    def _pair_55x(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.34 .. BP-26.38, BP-12.5."""
        you = task["you"]
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        if len(cards) != 3:
            return False
        a, b, x = cards
        fa = FACES[state["cards"][a]]
        fx = FACES[state["cards"][x]]
        ev5 = [5, fa.suit, fa.red]
        ev = [fx.rank, fa.suit, fa.red]
        self.new_tile(state, "set5", [a, b, x], you, ev=[list(ev5), list(ev5), list(ev)])
        self.push_power(state, you, x, ev, task)
        return False

    def _pair_666(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.39."""
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        if len(cards) == 3:
            self.new_tile(state, "six", cards, task["you"], sd=[])
        return False

    def _pair_bh(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.56 (and BP-26.58 for the White Hole)."""
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        if len(cards) == len(task["cs"]):
            self.new_tile(state, task["key"], cards, task["you"])
        return False

    _pair_wh = _pair_bh
    _pair_jjj = _pair_bh  # BP-26.76

    def _pair_lock(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.67."""
        self.pop(state, task)
        cards = self._on_table_cards(state, task)
        if len(cards) == 2:
            if state["cards"][cards[0]] != "10♦":
                cards.reverse()
            self.new_tile(state, "lock", cards, task["you"])
        return False

    def _pair_jj(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.73 .. BP-26.75."""
        you = task["you"]
        self.pop(state, task)
        zone = TABLE[you]
        for u in self.units(state, you):
            tile = self.tile_of(state, u)
            if tile is not None:
                if tile["k"] == "six":
                    continue
                self.break_tile(state, tile, "shield")
        for c in list(state["zones"][zone]):
            tile = self.tile_of(state, c)
            if tile is not None:
                continue
            mark = state["marks"].get(SK[c])
            new = no_effect_mark(mark)  # a wild stays a wild, known to the same seats
            if mark != new:
                self.mark(state, c, zone, new)
        return False

    def _pair_qq(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.80 .. BP-26.82."""
        self.pop(state, task)
        g = state["g"]
        g["dir"] = -g["dir"]
        self.log(state, {"t": "direction", "dir": g["dir"]})
        return False

    def _pair_kckc(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.83 .. BP-26.85."""
        self.pop(state, task)
        pot = pot_zone(state["g"]["depth"])
        for s in range(state["players"]):
            for u in self.units(state, s):
                self.unit_off_table(state, s, u, pot, "atomic_bomb")
        self.move_all(state, state["zones"]["discard"], "discard", pot, cause="atomic_bomb")
        return False

    def _pair_aa(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.86 .. BP-26.88."""
        you = task["you"]
        g = state["g"]
        nxt = self.next_seat(state, you)
        if g["active"] == you:
            stop = self.guard(state, task, nxt, "the A+A ending your turn") if nxt != you else True
            if stop is None:
                return True
            self.pop(state, task)
            self.end_turn_of(state, you)
            if not stop and nxt not in g["skip"]:
                g["skip"].append(nxt)
            return False
        if g["active"] == nxt:
            stop = self.guard(state, task, nxt, "the A+A ending your turn")
            if stop is None:
                return True
            self.pop(state, task)
            if not stop:
                self.end_turn_of(state, nxt)
            return False
        self.pop(state, task)
        return False

    def _pair_9d10c(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-26.61 .. BP-26.66."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            others = self.opponents(state, you)
            if ans is None:
                opts = [
                    option("swap_tables", s, label=f"Play it onto {self.seat_name(s)}'s table")
                    for s in others
                ]
                if len(opts) > 1:
                    return self.task_ask(
                        state, task, you, "target", f"{self.seat_name(you)}: whose table?", opts
                    )
                ans = self.only(opts)
            task["t"] = ans.args[0]
            task["st"] = 1
        self.pop(state, task)
        t = task["t"]
        src = task["src"]
        if "names" in task:  # played from the viewing hand: the cards are picked out by name only now
            held = [state["cards"][c] for c in state["zones"][src]]
            if any(held.count(n) < task["names"].count(n) for n in task["names"]):
                return False  # a card of the pair left the hand meanwhile: the play lapses
            task["cs"] = self.claim(state, src, task["names"])
        for c in task["cs"]:
            self.move(state, c, src, "limbo", cause="play")
        if self.locked(state, t, task["cs"]):
            for c in task["cs"]:
                self.move(state, c, "limbo", "discard", cause="locked")
            return False
        if g["jnext"]:
            g["jnext"] = False
            for c in task["cs"]:
                self.move(state, c, "limbo", TABLE[t], cause="play", mark=NE)
            return False
        for kind in ("table", "stash", "view", "ctbp"):
            self.swap_zone(state, f"{kind}:{you}", f"{kind}:{t}", keep_marks=True)
        for tile in g["tiles"].values():
            if tile["s"] == you:
                tile["s"] = t
            elif tile["s"] == t:
                tile["s"] = you
        self.undeclare(state, you)
        self.undeclare(state, t)
        for c in task["cs"]:
            self.move(state, c, "limbo", "discard", cause="9d_10c")
        self.log(state, {"t": "swapped", "seats": [you, t]})
        return False
