"""B-Poker single-card powers (sections 12-25 of the rules), one ``_p_<key>`` handler per power of ``cards.POWERS``.

A power task is ``{"k": "pw", "key", "you" (the table's owner, BP-11.17), "c" (the card, its face card for a tile's
card-in-effect), "ev" (value in effect), "fr" (forcer or None), "st" (stage), ...}``. Each handler follows the
task protocol of ``flow.py``: called with ``ans=None`` it asks (returns True) or carries on; called with an answer it
applies it.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.actions import Action, option
from .base import (
    CTBP,
    NE,
    SEAT_NAMES,
    SIDE,
    SK,
    STASH,
    TABLE,
    VIEW,
    WILD,
    WILD_NE,
    WILD_NE_SEEN,
    WILD_SEEN,
    effective_mark,
    pot_zone,
)
from .cards import FACES
from .flow import Flow

State = dict[str, Any]
Task = dict[str, Any]
_ON_TABLE = tuple(f" on {name}'s table" for name in SEAT_NAMES)


class Powers(Flow):
    """The card powers."""

    def _t_pw(self, state: State, task: Task, ans: Action | None) -> bool:
        return self._tables[4][task["key"]](state, task, ans)

    # ----- shared helpers ----------------------------------------------------------------------------------------------

    def on_table(self, state: State, task: Task) -> bool:
        return task["c"] in state["zones"][f"table:{task['you']}"]

    def card_to_table(self, state: State, src: int, cid: int, dst: int, cause: str) -> None:
        """Move one card to another table without playing it, keeping its marks; a tile it leaves breaks up."""
        tile = self.tile_of(state, cid)
        if tile is not None:
            g = state["g"]
            tile["c"].remove(cid)
            g["tof"].pop(SK[cid], None)
            self._rekey(state, tile, cid)
            if tile["c"]:
                self.break_tile(state, tile, cause)
        self.move(state, cid, TABLE[src], TABLE[dst], cause=cause, mark=state["marks"].get(SK[cid]))
        self.undeclare_if(state, src, [cid])

    def card_to_limbo(self, state: State, seat: int, cid: int, cause: str) -> None:
        tile = self.tile_of(state, cid)
        if tile is not None:
            g = state["g"]
            tile["c"].remove(cid)
            g["tof"].pop(SK[cid], None)
            self._rekey(state, tile, cid)
            if tile["c"]:
                self.break_tile(state, tile, cause)
        self.move(state, cid, TABLE[seat], "limbo", cause=cause)
        self.undeclare_if(state, seat, [cid])

    def pass_in_effect(self, state: State, seat: int, cid: int, qid: int | None) -> None:
        """BP-16.22: a tile's card-in-effect is passed. It leaves for limbo (step 1); the rest of its tile stays on
        the table as one protected card with no effect of its own, and is broken up (step 4) only once the passed card
        has been played and everything that play caused has finished (step 3, BP-11.18), by a ``brk`` task left
        under it. ``qid`` ties that task to a Q♣/Q♠ pass, whose Reflector breaks the tile at once (BP-27.10)."""
        g = state["g"]
        tile = self.tile_of(state, cid)
        if tile is not None:
            tile["c"].remove(cid)
            g["tof"].pop(SK[cid], None)
            self._rekey(state, tile, cid)
            if tile["c"]:
                tile["ev"] = tile["ev"][: len(tile["c"])]
                tile["hold"] = 1
                brk: Task = {"k": "brk", "t": SK[tile["c"][0]]}
                if qid is not None:
                    brk["hq"] = qid
                self.push(state, brk)
        self.move(state, cid, TABLE[seat], "limbo", cause="q_pass")
        self.undeclare_if(state, seat, [cid])

    def unit_to_limbo(self, state: State, seat: int, unit: int, cause: str) -> None:
        tile = self.tile_of(state, unit)
        if tile is None:
            self.card_to_limbo(state, seat, unit, cause)
            return
        for c in tile["c"]:
            self.move(state, c, TABLE[seat], "limbo", cause=cause, mark=state["marks"].get(SK[c]))
        self.undeclare_if(state, seat, tile["c"])

    def plain_units(self, state: State, seat: int, exclude: tuple[int, ...] = ()) -> list[int]:
        """Untiled cards that are neither protected nor no-effect (BP-11.13)."""
        tof = state["g"]["tof"]
        marks = state["marks"]
        names = state["cards"]
        return [
            c
            for c in state["zones"][TABLE[seat]]
            if SK[c] not in tof and SK[c] not in marks and names[c] != "10♦" and c not in exclude
        ]

    def pick_options(self, state: State, units: list[tuple[int, int]], verb: str) -> list[list[str]]:
        """Options of ``verb`` naming cards or tiles on tables (seat, unit) by where they are: the card id."""
        g = state["g"]
        tof = g["tof"]
        marks = state["marks"]
        names = state["cards"]
        out = []
        for seat, u in units:
            key = SK[u]
            tid = tof.get(key) if tof else None
            if tid is not None:
                words = "the tile " + " + ".join(
                    self.public_card_words(state, c) for c in g["tiles"][tid]["c"]
                )
            else:
                mark = marks.get(key) if marks else None
                if mark is None:
                    words = names[u]
                elif mark == WILD:
                    words = "a wild"
                elif mark == WILD_NE:
                    words = "a wild (no-effect)"
                elif mark == WILD_SEEN:
                    words = "the wild " + names[u]
                elif mark == WILD_NE_SEEN:
                    words = "the wild " + names[u] + " (no-effect)"
                elif mark == NE:
                    words = names[u] + " (no-effect)"
                else:
                    words = names[u]
            out.append(option(verb, u, label=words + _ON_TABLE[seat]))
        return out

    def drop_tasks_of(self, state: State, seat: int) -> None:
        """BP-25.6, BP-25.7: every unfinished effect whose "you" is ``seat`` stops."""
        st = state["g"]["stack"]
        st[:] = [t for t in st if t.get("you") != seat]

    # ----- 1s (section 12) ---------------------------------------------------------------------------------------------

    def _p_1B(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-12.7, BP-12.8."""
        you = task["you"]
        self.pop(state, task)
        if self.on_table(state, task):
            self.off_table(state, you, task["c"], pot_zone(state["g"]["depth"]), "1_black")
        for c in self.stash_order(state, you)[:2]:
            self.move(state, c, STASH[you], f"ctbp:{you}", cause="1_black")
        return False

    def _p_1R(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-12.10, BP-12.11."""
        you = task["you"]
        if task["st"] == 0:
            cands = [s for s in self.order_from(state, you) if state["zones"][STASH[s]]]
            if not cands:
                self.pop(state, task)
                return False
            if ans is None and len(cands) > 1:
                opts = [
                    option("take_random_from", s, label=f"A random card of {self.seat_name(s)}'s stash")
                    for s in cands
                ]
                return self.task_ask(
                    state, task, you, "one_red", f"{self.seat_name(you)}: whose stash?", opts
                )
            task["t"] = ans.args[0] if ans is not None else cands[0]
            task["st"] = 1
        target = task["t"]
        if target != you:
            stop = self.guard(state, task, target, "the 1 of Red taking a card of your stash")
            if stop is None:
                return True
            if stop:
                self.pop(state, task)
                return False
        self.pop(state, task)
        stash = state["zones"][STASH[target]]
        if not stash:
            return False
        cid = stash[rng.below(state, len(stash))]
        self.move(state, cid, STASH[target], "limbo", cause="1_red")
        self.push_play(state, you, [cid], "limbo", "force", target, nob=1)
        return False

    def _split(self, state: State, task: Task, ans: Action | None, source: str, words: str) -> bool:
        """BP-8.4, BP-12.13 .. BP-12.16: the left player picks the sizes, then the 1's player picks a pile."""
        you = task["you"]
        cards = state["zones"][source]
        n = len(cards)
        if task["st"] == 0:
            if n == 0:
                self.pop(state, task)
                return False
            splitter = self.left_seat(state, you)
            if ans is None and n > 2:
                opts = [option("split", k, label=f"Piles of {k} and {n - k}") for k in range(1, n)]
                return self.task_ask(
                    state, task, splitter, "split", f"{self.seat_name(splitter)}: split {words}", opts
                )
            task["kk"] = ans.args[0] if ans is not None else 1
            task["st"] = 1
            ans = None
        k = task["kk"]
        if ans is None:
            opts = [
                option("pick_pile", "first", label=f"The pile of {k}"),
                option("pick_pile", "second", label=f"The pile of {n - k}"),
            ]
            verb = "put into the pot" if source.startswith("stash") else "add to your stash"
            return self.task_ask(
                state, task, you, "pile", f"{self.seat_name(you)}: pick a pile to {verb}", opts
            )
        self.pop(state, task)
        order = list(reversed(cards)) if source.startswith("stash") else list(cards)
        pile = order[:k] if ans.args[0] == "first" else order[k:]
        dst = pot_zone(state["g"]["depth"]) if source.startswith("stash") else STASH[you]
        self.move_all(state, pile, source, dst, cause="split")
        return False

    def _p_1C(self, state: State, task: Task, ans: Action | None) -> bool:
        return self._split(state, task, ans, f"stash:{task['you']}", "the stash")

    def _p_1D(self, state: State, task: Task, ans: Action | None) -> bool:
        return self._split(state, task, ans, pot_zone(state["g"]["depth"]), "the pot")

    def _p_1H(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-12.17, BP-12.18."""
        you = task["you"]
        if "l" not in task:
            task["l"] = self.order_from(state, you)
        while task["l"]:
            seat = task["l"][0]
            wilds = [c for c in state["zones"][TABLE[seat]] if self.is_wild(state, c)]
            if wilds and seat != you:
                stop = self.guard(state, task, seat, "the 1♥ taking your wilds")
                if stop is None:
                    return True
                if stop:
                    wilds = []
            task["l"].pop(0)
            for c in wilds:
                self.off_table(state, seat, c, pot_zone(state["g"]["depth"]), "1_hearts")
        self.pop(state, task)
        return False

    def _p_1S(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-12.19, BP-12.20."""
        you = task["you"]
        if task["st"] == 0:
            if ans is None:
                for s in self.opponents(state, you):
                    self.reveal(state, s, you)
                opts = [option("keep", label="Keep your viewing hand")]
                opts += [
                    option("swap_hands", s, label=f"Swap viewing hands with {self.seat_name(s)}")
                    for s in self.opponents(state, you)
                ]
                return self.task_ask(
                    state, task, you, "swap", f"{self.seat_name(you)}: swap viewing hands?", opts
                )
            if ans.verb == "keep":
                self.pop(state, task)
                return False
            task["t"] = ans.args[0]
            task["st"] = 1
        t = task["t"]
        stop = self.guard(state, task, t, "the 1♠'s swap of viewing hands")
        if stop is None:
            return True
        self.pop(state, task)
        if not stop:
            self.swap_zone(state, VIEW[you], VIEW[t])
        return False

    def swap_zone(self, state: State, a: str, b: str, keep_marks: bool = False) -> None:
        za = list(state["zones"][a])
        zb = list(state["zones"][b])
        for c in za:
            self.move(state, c, a, b, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)
        for c in zb:
            self.move(state, c, b, a, cause="swap", mark=state["marks"].get(SK[c]) if keep_marks else None)

    # ----- 2s (section 13) ---------------------------------------------------------------------------------------------

    def _trade_targets(
        self, state: State, you: int, exclude_name: str | None = None
    ) -> list[tuple[int, int]]:
        out = []
        for s in self.opponents(state, you):
            for c in self.plain_units(state, s):
                if exclude_name is None or state["cards"][c] != exclude_name:
                    out.append((s, c))
        return out

    def _p_2S(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-13.1 .. BP-13.7."""
        return self._std_two(state, task, ans, None)

    def _p_2H(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-13.8, BP-13.9."""
        return self._std_two(state, task, ans, "2♥")

    def _std_two(self, state: State, task: Task, ans: Action | None, bar: str | None) -> bool:
        you = task["you"]
        if task["st"] == 0:
            targets = self._trade_targets(state, you, bar)
            if not targets or not self.on_table(state, task):
                self.pop(state, task)
                return False
            if ans is None:
                opts = [option("decline", label="Do not trade")] + self.pick_options(state, targets, "trade")
                return self.task_ask(
                    state, task, you, "trade", f"{self.seat_name(you)}: trade your 2 for a card?", opts
                )
            if ans.verb == "decline":
                self.pop(state, task)
                return False
            task["t"] = ans.args[0]
            task["o"] = self.table_seat(state, task["t"])
            task["st"] = 1
        return self._do_trade(state, task, [task["t"]], task["key"] == "2H")

    def _do_trade(self, state: State, task: Task, taken: list[int], replay: bool) -> bool:
        you = task["you"]
        opp = task["o"]
        stop = self.guard(state, task, opp, "a 2's trade for your card")
        if stop is None:
            return True
        self.pop(state, task)
        if stop or not self.on_table(state, task):
            return False
        for c in task.get("cs2", [task["c"]]):
            if c in state["zones"][TABLE[you]]:
                self.card_to_table(state, you, c, opp, "trade")
        for u in taken:
            if self.table_seat(state, u) == opp:
                self.unit_to_table(state, opp, u, you, "trade")
        if replay:
            order = list(taken)
            if task.get("first") is not None and task["first"] in order:
                order.remove(task["first"])
                order.insert(0, task["first"])
            for u in reversed(order):
                tile = self.tile_of(state, u)
                if tile is not None:
                    self.push_play(state, you, list(tile["c"]), TABLE[you], "onb", None, u=u)
                else:
                    self.push_play(state, you, [u], TABLE[you], "onb", None)
        return False

    def _p_2D(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-13.10 .. BP-13.13."""
        return self._two_diamonds(state, task, ans, False)

    def _two_diamonds(self, state: State, task: Task, ans: Action | None, replay: bool) -> bool:
        you = task["you"]
        if task["st"] == 0:
            if ans is None:
                if not all(c in state["zones"][TABLE[you]] for c in task.get("cs2", [task["c"]])):
                    self.pop(state, task)
                    return False
                opts = [option("decline", label="Do not trade")]
                ones = []
                for s in self.opponents(state, you):
                    for u in self.units(state, s):
                        tile = self.tile_of(state, u)
                        if tile is not None and tile["k"] == "six":
                            continue  # BP-26.44
                        ones.append((s, u))
                opts += [[o[0], "Take " + o[1]] for o in self.pick_options(state, ones, "trade")]
                for s in self.opponents(state, you):
                    plain = self.plain_units(state, s)
                    if len(plain) >= 2:
                        opts += [
                            [o[0], "Take two cards, first " + o[1]]
                            for o in self.pick_options(state, [(s, c) for c in plain], "trade_two")
                        ]
                if len(opts) == 1:
                    self.pop(state, task)
                    return False
                return self.task_ask(
                    state, task, you, "trade", f"{self.seat_name(you)}: trade your 2♦?", opts
                )
            if ans.verb == "decline":
                self.pop(state, task)
                return False
            first = ans.args[0]
            task["o"] = self.table_seat(state, first)
            task["tk"] = [first]
            task["st"] = 2 if ans.verb == "trade" else 1
            ans = None
        if task["st"] == 1:
            if ans is None:
                others = [c for c in self.plain_units(state, task["o"]) if c != task["tk"][0]]
                opts = self.pick_options(state, [(task["o"], c) for c in others], "trade")
                return self.task_ask(
                    state, task, you, "trade", f"{self.seat_name(you)}: the second card", opts
                )
            task["tk"].append(ans.args[0])
            task["st"] = 2
            ans = None
        if task["st"] == 2 and replay and len(task["tk"]) == 2 and "first" not in task:
            if ans is None:
                opts = [
                    option("replay", c, label=f"Replay {self.public_card_words(state, c)} first")
                    for c in task["tk"]
                ]
                return self.task_ask(
                    state, task, you, "order", f"{self.seat_name(you)}: which card is replayed first?", opts
                )
            task["first"] = ans.args[0]
        return self._do_trade(state, task, task["tk"], replay)

    def _p_2C(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-13.14 .. BP-13.18."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            if ans is None:
                if not self.on_table(state, task):
                    self.pop(state, task)
                    return False
                opts = [option("decline", label="Do not trade")]
                opts += self.pick_options(state, self._trade_targets(state, you), "trade")
                fee = self.fee_size(state, you, 3)
                if len(state["zones"][STASH[you]]) >= fee and self.can_hand(state, you):
                    for s in self.opponents(state, you):
                        if self.can_hand(state, s):
                            opts.append(
                                option(
                                    "trade_hands",
                                    s,
                                    label=f"Pay a {fee}-card fee and trade poker hands with {self.seat_name(s)}",
                                )
                            )
                if len(opts) == 1:
                    self.pop(state, task)
                    return False
                return self.task_ask(state, task, you, "trade", f"{self.seat_name(you)}: use your 2♣?", opts)
            if ans.verb == "decline":
                self.pop(state, task)
                return False
            if ans.verb == "trade":
                task["t"] = ans.args[0]
                task["o"] = self.table_seat(state, task["t"])
                task["st"] = 1
                task["key"] = "2S"
                return self._do_trade(state, task, [task["t"]], False)
            task["o"] = ans.args[0]
            task["st"] = 10
            ans = None
        opp = task["o"]
        if task["st"] == 10:
            stop = self.guard(state, task, opp, "the 2♣'s trade of poker hands")
            if stop is None:
                return True
            if stop:
                self.pop(state, task)
                return False
            self.pay_from_stash(state, you, self.fee_size(state, you, 3), pot_zone(g["depth"]), "fee")
            task["st"] = 11
            for s in (opp, you):
                if g["decl"][s] is None and self.can_hand(state, s):
                    self.push(state, {"k": "decl", "you": s, "why": "2c"})
            return False
        if task["st"] == 11:
            if g["decl"][you] is None or g["decl"][opp] is None:
                self.pop(state, task)
                return False
            best = self.hand_options(state, you, alternatives=False)
            if best and best[0][2] > g["decl"][you]["sc"]:
                if ans is None:
                    words = self.hand_words(state, best[0][0], best[0][1])
                    opts = [
                        option("keep", label="Take the hand as declared"),
                        option("name_higher", label=f"Make {self.seat_name(you)} declare {words}"),
                    ]
                    return self.task_ask(
                        state,
                        task,
                        opp,
                        "higher",
                        f"{self.seat_name(opp)}: {self.seat_name(you)} holds a higher hand",
                        opts,
                    )
                if ans.verb == "name_higher":
                    self.set_declaration(state, you, *best[0])
            task["st"] = 12
        self.pop(state, task)
        mine = g["decl"][you]
        theirs = g["decl"][opp]
        for c in mine["c"]:
            if c in state["zones"][TABLE[you]]:
                self.card_to_table(state, you, c, opp, "hand_trade")
        for c in theirs["c"]:
            if c in state["zones"][TABLE[opp]]:
                self.card_to_table(state, opp, c, you, "hand_trade")
        g["decl"][you] = theirs
        g["decl"][opp] = mine
        g["dsig"][you] = self.hand_signature(state, you)
        g["dsig"][opp] = self.hand_signature(state, opp)
        self.log(state, {"t": "hands_traded", "seats": [you, opp]})
        return False

    # ----- 3s (section 14) ---------------------------------------------------------------------------------------------

    def _p_3W(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-14.1, BP-14.5: the 3 (its face card inside a tile) is turned face down. Every seat saw it face up, so
        its face stays known to every seat (BP-1.4): whether its trigger fires (BP-14.3) tells nobody anything."""
        self.pop(state, task)
        if self.on_table(state, task):
            self.mark(state, task["c"], f"table:{task['you']}", WILD_SEEN)
            self.undeclare_if(state, task["you"], [task["c"]])
        return False

    def _p_3C(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-14.6, BP-14.7."""
        self.pop(state, task)
        if self.can_hand(state, task["you"]):
            self.push(state, {"k": "decl", "you": task["you"], "why": "3c"})
        return False

    # ----- 4s (section 15) ---------------------------------------------------------------------------------------------

    def _p_4U(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-15.1 (continuous only)."""
        self.pop(state, task)
        return False

    _p_4C = _p_4U  # BP-15.2

    def _p_4D(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-15.4 .. BP-15.6."""
        you = task["you"]
        fee = self.fee_size(state, you, 3)
        if ans is None:
            if not self.on_table(state, task) or len(state["zones"][STASH[you]]) < fee:
                self.pop(state, task)
                return False
            own = self.tile_of(state, task["c"])
            cands = []
            for u in self.units(state, you):
                if u == task["c"] or (own is not None and u == own["c"][0]) or self.unit_ne(state, u):
                    continue
                cands.append((you, u))
            if not cands:
                self.pop(state, task)
                return False
            opts = [option("decline", label="Do not replay")] + [
                [o[0], f"Pay {fee}, discard the 4♦ and replay {o[1]}"]
                for o in self.pick_options(state, cands, "replay")
            ]
            return self.task_ask(
                state, task, you, "replay", f"{self.seat_name(you)}: replay a card with your 4♦?", opts
            )
        self.pop(state, task)
        if ans.verb == "decline":
            return False
        unit = ans.args[0]
        self.pay_from_stash(state, you, fee, pot_zone(state["g"]["depth"]), "fee")
        self.off_table(state, you, task["c"], "discard", "4_diamonds")
        if self.table_seat(state, unit) != you:
            return False
        tile = self.tile_of(state, unit)
        if tile is not None:
            self.push_play(state, you, list(tile["c"]), TABLE[you], "onb", None, u=tile["c"][0])
        else:
            self.push_play(state, you, [unit], TABLE[you], "onb", None)
        return False

    # ----- 5s (section 16) ---------------------------------------------------------------------------------------------

    def _p_5(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-16.1, BP-16.11 .. BP-16.13: the 1-card fee from every player (the 5's player last), then the follow-up."""
        you = task["you"]
        self.pop(state, task)
        fol = {"k": "fol", "you": you, "five": task["c"], "fev": list(task["ev"]), "st": 0}
        if task.get("bund") is not None:
            fol["bund"] = task["bund"]
            fol["bfr"] = task["bfr"]
        self.push(state, fol)
        g = state["g"]
        payers = [s for s in self.order_from(state, you, None) if s != you] + [you]
        payers += [s for s in range(state["players"]) if g["ing"][s] and not g["inh"][s]]
        self.push_fees(state, you, [[p, 1, pot_zone(g["depth"]), 1] for p in payers], "the 5")
        return False

    def _t_fol(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-16.2 .. BP-16.10, BP-16.18, BP-16.19, BP-16.31, BP-21.23: the card played after a 5."""
        g = state["g"]
        you = task["you"]
        five = task["five"]
        table = state["zones"][TABLE[you]]
        tile = self.tile_of(state, five)
        if (
            five not in table
            or (tile is not None and (tile["k"] != "five" or tile["c"][-1] != five))
            or not g["inh"][you]
        ):
            self.pop(state, task)
            if task.get("bund") is not None and task["bund"] in state["zones"]["limbo"]:
                self.move(state, task["bund"], "limbo", "discard", cause="lapsed")
            return False
        shift = tile["sh"] if tile is not None else (-1 if task["fev"][2] else 1)
        if task.get("bund") is not None and "pick" not in task:
            task["pick"] = task["bund"]
            task["src"] = "limbo"
            task["by"] = task["bfr"]
        if "pick" not in task and "pname" not in task:
            ctbp = state["zones"][f"ctbp:{you}"]
            src = f"ctbp:{you}" if ctbp else VIEW[you]
            cards = state["zones"][src]
            if not cards:
                self.pop(state, task)
                return False
            ctl = g["ctrl"].get(str(you))
            if ctl and "cq" not in task:
                f = ctl[0]
                own_turn = g["active"] == f
                upright = [c for c in state["zones"][STASH[f]] if state["marks"].get(SK[c]) is None]
                if own_turn or upright:
                    if ans is None:
                        cost = "End your turn" if own_turn else "Turn a stash card sideways"
                        opts = [
                            option("control_pick", label=f"{cost} to pick {self.seat_name(you)}'s follow-up"),
                            option("let_them_pick", label="Let them pick"),
                        ]
                        return self.task_ask(
                            state,
                            task,
                            f,
                            "control_five",
                            f"{self.seat_name(f)}: pick the 5's follow-up?",
                            opts,
                        )
                    task["cq"] = ans.verb
                    if ans.verb == "control_pick":
                        if own_turn:
                            g["over"] = True
                        else:
                            self.mark(state, upright[0], STASH[f], SIDE)
                    ans = None
                else:
                    task["cq"] = "let_them_pick"
            chooser = ctl[0] if ctl and task.get("cq") == "control_pick" else you
            if ans is None:
                opts = [
                    option("follow", name, label=f"Follow the 5 with {name}")
                    for name in self.offer_names(state, src)
                ]
                # a viewing hand is hidden: its player is asked unless it holds one card (what everyone sees)
                if len(opts) > 1 or (len(cards) > 1 and src == VIEW[you]):
                    return self.task_ask(
                        state,
                        task,
                        chooser,
                        "follow",
                        f"{self.seat_name(chooser)}: the card after the 5",
                        opts,
                    )
                ans = self.only(opts)
            task["pname"] = ans.args[0]  # the card leaves its pile when it is played, below
            task["src"] = src
            task["by"] = chooser if chooser != you else None
            ans = None
        name = state["cards"][task["pick"]] if "pick" in task else task["pname"]
        f = FACES[name]
        if f.rank == 1:
            rank = 1 + shift
            if rank >= 2 and rank <= 14:
                if ans is None:
                    opts = [
                        option("joker_suit", "clubs", label="The Joker is a ♣"),
                        option("joker_suit", "spades", label="The Joker is a ♠"),
                    ]
                    return self.task_ask(
                        state, task, you, "joker_suit", f"{self.seat_name(you)}: the Joker's black suit", opts
                    )
                ev = [rank, 0 if ans.args[0] == "clubs" else 3, False]
            else:
                ev = [1, -1, False]
        else:
            rank = f.rank + shift
            ev = [rank, f.suit, f.red] if 2 <= rank <= 14 else [1, -1, f.red]
        self.pop(state, task)
        if "pick" in task:
            cid = task["pick"]
        elif any(state["cards"][c] == name for c in state["zones"][task["src"]]):
            cid = self.named(state, task["src"], name)
        else:  # the card left its pile meanwhile: the follow-up lapses
            return False
        extra: dict[str, Any] = {"fol": {"five": five, "fev": list(task["fev"])}, "ev": ev}
        if task.get("bund") is not None:
            extra["nw"] = 1
        self.push_play(state, you, [cid], task["src"], "fol", task["by"], **extra)
        return False

    # ----- 6s (section 17) ---------------------------------------------------------------------------------------------

    def _p_6(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-17.1."""
        self.pop(state, task)
        shaft = {"k": "shaft", "you": task["you"]}
        if task.get("rl"):
            shaft["rl"] = 1
        self.push(state, shaft)
        return False

    def _t_shaft(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-17.1, BP-17.2, BP-17.9, BP-21.25, BP-21.28, BP-26.48, BP-26.49."""
        g = state["g"]
        you = task["you"]
        hand = state["zones"][VIEW[you]]
        if not hand or not g["inh"][you]:
            self.pop(state, task)
            if task.get("rl"):
                g["ring"] = None
            return False
        chooser = self.chooser(state, you)
        if ans is None:
            opts = [option("decline", label="Do not force a card")] if task.get("opt") else []
            for name in self.offer_names(state, VIEW[you]):
                for s in self._seats_from(state, you):
                    where = "your own table" if s == you else f"{self.seat_name(s)}'s table"
                    opts.append(option("force", name, s, label=f"Force {name} onto {where}"))
            if len(opts) > 1:
                return self.task_ask(
                    state, task, chooser, "shaft", f"{self.seat_name(chooser)}: force a card (shaft)", opts
                )
            ans = self.only(opts)
        self.pop(state, task)
        if ans.verb == "decline":
            return False
        cid, target = self.named(state, VIEW[you], ans.args[0]), ans.args[1]
        forcer = chooser
        self.move(state, cid, VIEW[you], "limbo", cause="shaft")
        extra: dict[str, Any] = {}
        if task.get("rl"):
            if FACES[state["cards"][cid]].rank == 6 and target != forcer:
                extra["rl"] = 1
            else:
                g["ring"] = None
        self.push_play(state, target, [cid], "limbo", "force", forcer, **extra)
        return False

    # ----- 7s (section 18) ---------------------------------------------------------------------------------------------

    def _p_7U(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-18.1, BP-18.4, BP-18.5."""
        return self._sevens(state, task, 2, True)

    def _p_7D(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-18.3."""
        return self._sevens(state, task, 4, True)

    def _p_7C(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-18.2."""
        return self._sevens(state, task, 2, False)

    def _sevens(self, state: State, task: Task, n: int, inward: bool) -> bool:
        you = task["you"]
        g = state["g"]
        self.pop(state, task)
        if inward:
            payers = [s for s in range(state["players"]) if g["ing"][s] and s != you]
            payers = [s for s in self.order_from(state, you) if s != you] + [
                s for s in payers if not g["inh"][s]
            ]
            items = [[p, n, STASH[you], 1] for p in payers]
        else:
            items = [[you, n, STASH[p], 1] for p in self.opponents(state, you)]
        self.push_fees(state, you, items, "the 7")
        return False

    # ----- 8s (section 19) ---------------------------------------------------------------------------------------------

    def _p_8(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-19.1 .. BP-19.4, BP-19.6, BP-19.7."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            if not self.on_table(state, task):
                self.pop(state, task)
                return False
            if ans is None:
                stash = len(state["zones"][STASH[you]])
                one, two = self.fee_size(state, you, 1), self.fee_size(state, you, 2)
                opts = [option("pay_eight_fee", 0, label="Pay nothing: discard the 8 and break a tile")]
                if stash >= one:
                    opts.append(option("pay_eight_fee", 1, label=f"Pay {one}: the 8 becomes wild"))
                if stash >= two:
                    opts.append(option("pay_eight_fee", 2, label=f"Pay {two}: the 8 stays"))
                return self.task_ask(
                    state, task, you, "eight", f"{self.seat_name(you)}: pay for your 8?", opts
                )
            base = ans.args[0]
            if base:
                self.pop(state, task)
                n = self.fee_size(state, you, base)
                self.pay_from_stash(state, you, n, pot_zone(g["depth"]), "fee")
                if base == 1:  # BP-19.1, BP-19.7; seen face up by every seat, its face stays known (BP-1.4)
                    self.mark(state, task["c"], TABLE[you], WILD_SEEN)
                    self.undeclare_if(state, you, [task["c"]])
                return False
            self.off_table(state, you, task["c"], "discard", "8")
            task["st"] = 1
            ans = None
        if task["st"] == 1:
            tiles = []
            for s in self.order_from(state, you):
                for u in self.units(state, s):
                    tile = self.tile_of(state, u)
                    if tile is None:
                        continue
                    if tile["k"] == "six" and len({FACES[state["cards"][c]].suit for c in tile["c"]}) == 1:
                        continue  # BP-19.4, BP-26.47
                    tiles.append((s, u))
            if not tiles:
                self.pop(state, task)
                return False
            if ans is None:
                opts = self.pick_options(state, tiles, "break_tile")
                if len(opts) > 1:
                    return self.task_ask(
                        state, task, you, "break", f"{self.seat_name(you)}: break a tile", opts
                    )
                ans = self.only(opts)
            task["t"] = ans.args[0]
            task["st"] = 2
        owner = self.table_seat(state, task["t"])
        if owner is not None and owner != you:
            stop = self.guard(state, task, owner, "the 8 breaking your tile")
            if stop is None:
                return True
            if stop:
                self.pop(state, task)
                return False
        self.pop(state, task)
        tile = self.tile_of(state, task["t"])
        if tile is not None:
            self.break_tile(state, tile, "8")
        return False

    # ----- 9s (section 20) ---------------------------------------------------------------------------------------------

    def _discard_pick(
        self,
        state: State,
        task: Task,
        ans: Action | None,
        cands: list[tuple[int, int]],
        chooser: int,
        guarded: bool,
    ) -> bool:
        if task["st"] == 0:
            if not cands:
                self.pop(state, task)
                return False
            if ans is None:
                opts = self.pick_options(state, cands, "discard_from_table")
                if len(opts) > 1:
                    return self.task_ask(
                        state,
                        task,
                        chooser,
                        "discard_card",
                        f"{self.seat_name(chooser)}: pick a card to discard",
                        opts,
                    )
                ans = self.only(opts)
            task["t"] = ans.args[0]
            task["st"] = 1
        owner = self.table_seat(state, task["t"])
        if guarded and owner is not None and owner != task["you"]:
            stop = self.guard(state, task, owner, "a discard of your card")
            if stop is None:
                return True
            if stop:
                self.pop(state, task)
                return False
        self.pop(state, task)
        if owner is not None:
            self.unit_off_table(state, owner, task["t"], "discard", task["key"])
        return False

    def _p_9U(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-20.1 .. BP-20.3."""
        you = task["you"]
        cands = (
            [(s, c) for s in self.opponents(state, you) for c in self.plain_units(state, s)]
            if task["st"] == 0
            else []
        )
        return self._discard_pick(state, task, ans, cands, you, True)

    def _p_9D(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-20.4 .. BP-20.8."""
        you = task["you"]
        face = state["cards"][task["c"]] == "9♦" and task["ev"][:2] == [9, 1]
        if face:
            if "l" not in task:
                task["l"] = self.opponents(state, you)
            while task["l"]:
                stop = self.guard(state, task, task["l"][0], "the 9♦ winning the hand")
                if stop is None:
                    return True
                task["l"].pop(0)
                if stop:
                    self.pop(state, task)
                    return False
            self.pop(state, task)
            if self.on_table(state, task):
                self.off_table(state, you, task["c"], "discard", "9_diamonds")
            self.end_hand(state, you, "the 9♦")
            return False
        cands = []
        if task["st"] == 0:
            for s in self.opponents(state, you):
                for u in self.units(state, s):
                    tile = self.tile_of(state, u)
                    if tile is None or tile["k"] != "six":  # BP-26.44
                        cands.append((s, u))
        return self._discard_pick(state, task, ans, cands, you, True)

    def _p_9C(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-20.9, BP-20.10."""
        you = task["you"]
        chooser = self.next_seat(state, you)
        cands = [(you, c) for c in self.plain_units(state, you, (task["c"],))] if task["st"] == 0 else []
        return self._discard_pick(state, task, ans, cands, chooser, False)

    # ----- 10s (section 21) --------------------------------------------------------------------------------------------

    def _p_10H(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-21.1, BP-21.2."""
        you = task["you"]
        self.pop(state, task)
        self.move_all(state, state["zones"][VIEW[you]], VIEW[you], CTBP[you], cause="dump")
        return False

    def _p_10S(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-21.3 .. BP-21.6."""
        you = task["you"]
        if task["st"] == 0:
            self.move_all(
                state, state["zones"][VIEW[you]], VIEW[you], pot_zone(state["g"]["depth"]), cause="10_spades"
            )
            task["st"] = 1
        own = self.tile_of(state, task["c"])
        cands = []
        for u in self.units(state, you):
            if u == task["c"] or (own is not None and u == own["c"][0]) or self.unit_ne(state, u):
                continue
            cands.append(u)
        targets = self.opponents(state, you)
        if not cands or not targets:
            self.pop(state, task)
            return False
        if task["st"] == 1:  # the card, then (a second small decision) the table it is forced onto
            if ans is None:
                opts = [option("decline", label="Do not force a card")]
                where = f" onto {self.seat_name(targets[0])}'s table" if len(targets) == 1 else ""
                opts += [
                    [o[0], f"Force {o[1]}{where}"]
                    for o in self.pick_options(state, [(you, u) for u in cands], "force_card")
                ]
                return self.task_ask(
                    state, task, you, "force", f"{self.seat_name(you)}: force a card of your table?", opts
                )
            if ans.verb == "decline":
                self.pop(state, task)
                return False
            task["fc"] = ans.args[0]
            task["st"] = 2
            ans = None
        unit = task["fc"]
        if ans is None and len(targets) > 1:
            words = self.pick_options(state, [(you, unit)], "force_card")[0][1]
            opts = [
                option("force_onto", s, label=f"Force {words} onto {self.seat_name(s)}'s table")
                for s in targets
            ]
            return self.task_ask(
                state, task, you, "force", f"{self.seat_name(you)}: force it onto whose table?", opts, False
            )
        target = ans.args[0] if ans is not None else targets[0]
        self.pop(state, task)
        tile = self.tile_of(state, unit)
        self.unit_to_limbo(state, you, unit, "10_spades")
        if tile is not None:
            self.push_play(state, target, list(tile["c"]), "limbo", "force", you, u=unit)
        else:
            self.push_play(state, target, [unit], "limbo", "force", you)
        return False

    def _p_10C(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-21.7 .. BP-21.11, BP-6.3."""
        you = task["you"]
        g = state["g"]
        self.pop(state, task)
        table = state["zones"][TABLE[you]]
        nes = [c for c in table if self.is_ne(state, c)]
        if nes:
            for c in nes:
                self.mark(state, c, TABLE[you], effective_mark(self.mark_of(state, c)))
            self.log(state, {"t": "restored_all", "seat": you})
            return False
        pot = pot_zone(g["depth"])
        if self.on_table(state, task):
            self.off_table(state, you, task["c"], STASH[you], "10_clubs")
        for u in self.units(state, you):
            self.unit_off_table(state, you, u, pot, "10_clubs")
        for zone in (VIEW[you], CTBP[you]):
            self.move_all(state, state["zones"][zone], zone, pot, cause="10_clubs")
        g["inh"][you] = False
        self.undeclare(state, you)
        self.drop_tasks_of(state, you)
        g["ctrl"].pop(str(you), None)
        self.log(state, {"t": "lost", "seat": you})
        if g["active"] == you:
            g["over"] = True
        left = self.in_hand(state)
        if len(left) == 1:
            self.end_hand(state, left[0], "the last player in the hand")
        return False

    def _p_10D(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-21.18, BP-21.26, BP-21.27: Control when forced onto another player's table."""
        self.pop(state, task)
        fr = task.get("fr")
        you = task["you"]
        if fr is not None and fr != you and state["g"]["inh"][fr]:
            self.push(state, {"k": "ctl", "you": you, "f": fr, "c": task["c"], "st": 0})
        return False

    def _t_ctl(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-21.19 .. BP-21.25, BP-21.27."""
        g = state["g"]
        you = task["you"]
        f = task["f"]
        if task["st"] == 1:
            self.pop(state, task)
            g["ctrl"].pop(str(you), None)
            self.log(state, {"t": "released", "seat": you})
            return False
        hand = state["zones"][VIEW[you]]
        if not hand or not g["inh"][you]:
            self.pop(state, task)
            return False
        if ans is None:
            g["ctrl"][str(you)] = [f, task["c"]]
            self.log(state, {"t": "control", "seat": you, "by": f})
            self.reveal(state, you, f)
            opts = [
                option("control_play", name, label=f"Play {name} onto {self.seat_name(you)}'s table")
                for name in self.offer_names(state, VIEW[you])
            ]
            return self.task_ask(
                state,
                task,
                f,
                "control",
                f"{self.seat_name(f)}: play a card of {self.seat_name(you)}'s viewing hand",
                opts,
            )
        task["st"] = 1
        self.push_play(state, you, [self.named(state, VIEW[you], ans.args[0])], VIEW[you], "force", f)
        return False

    # ----- Js (section 22) ---------------------------------------------------------------------------------------------

    def _p_J(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-22.1, BP-22.2."""
        self.pop(state, task)
        state["g"]["jnext"] = True
        return False

    _p_JC = _p_J

    # ----- Qs (section 23) ---------------------------------------------------------------------------------------------

    def _q_receiver(self, state: State, task: Task) -> int:
        d = state["g"]["dir"]
        if task["key"] in ("QH", "QS"):
            d = -d
        return self.step_seat(state, task["you"], d)

    def _p_QD(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-23.1 .. BP-23.4, BP-16.22, BP-16.23."""
        you = task["you"]
        self.pop(state, task)
        if not self.on_table(state, task):
            return False
        recv = self._q_receiver(state, task)
        if recv == you:
            return False
        q = task["c"]
        if self.tile_of(state, q) is not None:  # a Q-in-effect: passed, then played at face value (BP-16.22)
            self.pass_in_effect(state, you, q, None)
            self.reveal(state, recv, you)
            self.push_play(state, recv, [q], "limbo", "force", you)
            return False
        self.card_to_table(state, you, q, recv, "q_pass")
        self.reveal(state, recv, you)
        return False

    _p_QH = _p_QD

    def _p_QC(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-23.5 .. BP-23.12, BP-27.8 .. BP-27.10."""
        you = task["you"]
        g = state["g"]
        if not self.on_table(state, task):
            self.pop(state, task)
            return False
        q = task["c"]
        recv = self._q_receiver(state, task)
        own = self.tile_of(state, q)
        cands = []
        for u in self.units(state, you):
            if u == q or (own is not None and u == own["c"][0]) or self.unit_ne(state, u):
                continue
            ev = self.identity_any(state, u)
            if self.tile_of(state, u) is None and state["cards"][u] in ("Q♣", "Q♠"):
                continue
            if ev is not None and ev[0] == 12 and ev[1] in (0, 3) and self.tile_of(state, u) is not None:
                continue
            cands.append(u)
        fee = self.fee_size(state, you, 2)
        pairs: list[tuple[int, int]] = []  # BP-23.9, BP-23.10: two untiled cards forming a pair by face
        if len(state["zones"][STASH[you]]) >= fee:
            singles = [u for u in cands if self.tile_of(state, u) is None]
            for i, a in enumerate(singles):
                for b in singles[i + 1 :]:
                    if self.pair_key([state["cards"][a], state["cards"][b]]) is not None:
                        pairs.append((a, b))
        passed: list[int] = []
        unit = None
        if ans is None:
            task.pop("pp", None)
            opts = [
                [o[0], "Pass " + o[1]]
                for o in self.pick_options(state, [(you, u) for u in cands], "pass_card")
            ]
            firsts: dict[int, list[int]] = {}  # each pair is chosen by its first card, then its partner
            for a, b in pairs:
                firsts.setdefault(a, []).append(b)
            for a, mates in firsts.items():
                words = self.public_card_words(state, a)
                if len(mates) == 1:
                    words = f"the pair {words} + {self.public_card_words(state, mates[0])}"
                else:
                    words = f"a pair with {words}"
                opts.append(option("pass_pair", a, label=f"Pay {fee} and pass {words}"))
            if len(opts) > 1:
                return self.task_ask(
                    state,
                    task,
                    you,
                    "pass",
                    f"{self.seat_name(you)}: pass a card with your Q to {self.seat_name(recv)}",
                    opts,
                )
            if opts:
                ans = self.only(opts)
        # BP-23.9: a pair is chosen card by card, its first card (in table order), then its partner
        if ans is not None and ans.verb == "pass_pair":
            first = task.pop("pp", None)
            a = ans.args[0] if first is None else first
            mates = [y for x, y in pairs if x == a]
            if first is None and len(mates) > 1:
                task["pp"] = a
                words = self.public_card_words(state, a)
                opts = [
                    option(
                        "pass_pair",
                        b,
                        label=f"Pay {fee} and pass the pair {words} + {self.public_card_words(state, b)}",
                    )
                    for b in mates
                ]
                return self.task_ask(
                    state,
                    task,
                    you,
                    "pass",
                    f"{self.seat_name(you)}: the other card of the pair",
                    opts,
                    False,
                )
            passed = [a, mates[0] if first is None else ans.args[0]]
        self.pop(state, task)
        if passed:
            self.pay_from_stash(state, you, fee, pot_zone(g["depth"]), "fee")
        elif ans is not None and ans.verb == "pass_card":
            unit = ans.args[0]
            passed = self.unit_cards(state, unit)
        qid = None
        if own is not None:  # a Q-in-effect (BP-16.22)
            g["qn"] = g.get("qn", 0) + 1
            qid = g["qn"]
            self.pass_in_effect(state, you, q, qid)
            self.push_play(state, recv, [q], "limbo", "force", you, qid=qid)
        else:
            self.card_to_table(state, you, q, recv, "q_pass")
        if not passed:
            return False
        tile = self.tile_of(state, unit) if unit is not None else None
        if tile is not None:
            self.unit_to_limbo(state, you, unit, "q_pass")
        else:
            for c in passed:
                self.card_to_limbo(state, you, c, "q_pass")
        extra: dict[str, Any] = {}
        if own is None:
            extra["qb"] = q
        else:
            extra["qe"] = qid
        if tile is not None:
            extra["u"] = unit
        if len(passed) == 2 and tile is None:
            extra["pair"] = self.pair_key([state["cards"][c] for c in passed])
        self.push_play(state, recv, passed, "limbo", "force", you, **extra)
        return False

    _p_QS = _p_QC

    # ----- Ks (section 24) ---------------------------------------------------------------------------------------------

    def _p_KH(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-24.1 .. BP-24.6."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            cands = self.plain_units(state, you)
            if cands:
                if ans is None:
                    opts = [
                        option("put_in_pot", c, label=f"Put {state['cards'][c]} into the pot") for c in cands
                    ]
                    if len(opts) > 1:
                        return self.task_ask(
                            state,
                            task,
                            you,
                            "pot_card",
                            f"{self.seat_name(you)}: put a card of your table into the pot",
                            opts,
                        )
                    ans = self.only(opts)
                self.off_table(state, you, ans.args[0], pot_zone(g["depth"]), "K_hearts")
            task["st"] = 1
            task["l"] = self.opponents(state, you)
        while task["l"]:
            p = task["l"][0]
            stop = self.guard(state, task, p, "the K♥'s discard")
            if stop is None:
                return True
            task["l"].pop(0)
            if not stop:
                self.push(state, {"k": "khd", "you": p, "n": self.fee_size(state, p, 1)})
                return False
        self.pop(state, task)
        return False

    def _t_khd(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-24.3 .. BP-24.6, BP-26.43: a table fee, unprotected cards before protected ones, never no-effect."""
        seat = task["you"]
        if task["n"] <= 0:
            self.pop(state, task)
            return False
        cands = self.plain_units(state, seat)
        if not cands:
            cands = []
            for c in state["zones"][TABLE[seat]]:
                tile = self.tile_of(state, c)
                if self.is_ne(state, c) or (tile is not None and tile["k"] == "six"):
                    continue
                cands.append(c)
        if not cands:
            self.pop(state, task)
            return False
        if ans is None and len(cands) > 1:
            opts = [
                option("discard_from_table", c, label=f"Discard {self.card_words(state, c, seat)}")
                for c in cands
            ]
            return self.task_ask(
                state,
                task,
                seat,
                "table_fee",
                f"{self.seat_name(seat)}: discard {task['n']} card(s) of your table",
                opts,
            )
        cid = ans.args[0] if ans is not None else cands[0]
        self.off_table(state, seat, cid, "discard", "K_hearts")
        task["n"] -= 1
        return False

    def _p_KD(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-24.7 .. BP-24.9."""
        you = task["you"]
        if task["st"] == 0:
            if self.on_table(state, task):
                self.off_table(state, you, task["c"], pot_zone(state["g"]["depth"]), "K_diamonds")
            task["st"] = 1
            task["l"] = self.opponents(state, you)
        while task["l"]:
            s = task["l"][0]
            cands = self.plain_units(state, s)
            if not cands:
                task["l"].pop(0)
                continue
            stop = self.guard(state, task, s, "the K♦'s discard of your card")
            if stop is None:
                return True
            if stop:
                task["l"].pop(0)
                continue
            if ans is None or ans.verb != "discard_from_table":
                opts = self.pick_options(state, [(s, c) for c in cands], "discard_from_table")
                if len(opts) > 1:
                    return self.task_ask(
                        state,
                        task,
                        you,
                        "discard_card",
                        f"{self.seat_name(you)}: discard a card of {self.seat_name(s)}'s table",
                        opts,
                    )
                ans = self.only(opts)
            self.off_table(state, s, ans.args[0], "discard", "K_diamonds")
            ans = None
            task["l"].pop(0)
        self.pop(state, task)
        return False

    def _p_KS(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-24.10 .. BP-24.15."""
        you = task["you"]
        g = state["g"]
        if task["st"] == 0:
            task["st"] = 1
            if g["decl"][you] is None and self.can_hand(state, you):
                self.push(state, {"k": "decl", "you": you, "why": "ks"})
                return False
        if task["st"] == 1:
            if g["decl"][you] is None:
                self.pop(state, task)
                return False
            fr = task.get("fr")
            if fr is not None and fr != you and g["inh"][fr]:
                best = self.hand_options(state, you, alternatives=False)
                if best and best[0][2] > g["decl"][you]["sc"]:
                    if ans is None:
                        words = self.hand_words(state, best[0][0], best[0][1])
                        opts = [
                            option("keep", label="Let the declared hand be discarded"),
                            option("name_higher", label=f"Make them discard {words}"),
                        ]
                        return self.task_ask(
                            state,
                            task,
                            fr,
                            "higher",
                            f"{self.seat_name(fr)}: {self.seat_name(you)} holds a higher hand",
                            opts,
                        )
                    if ans.verb == "name_higher":
                        self.set_declaration(state, you, *best[0])
            task["st"] = 2
        self.pop(state, task)
        cards = list(g["decl"][you]["c"])
        self.undeclare(state, you)
        for c in cards:
            if c in state["zones"][TABLE[you]]:
                self.off_table(state, you, c, "discard", "K_spades")
        return False

    def _p_KC(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-24.16, BP-24.17, BP-26.43."""
        you = task["you"]
        self.pop(state, task)
        pot = pot_zone(state["g"]["depth"])
        for u in self.units(state, you):
            tile = self.tile_of(state, u)
            if tile is not None:
                if tile["k"] != "six":
                    self.unit_off_table(state, you, u, pot, "bomb")
            elif not self.is_ne(state, u):
                self.off_table(state, you, u, pot, "bomb")
        return False

    # ----- As (section 25) ---------------------------------------------------------------------------------------------

    def _p_AU(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-25.1 .. BP-25.3."""
        self.pop(state, task)
        self.end_turn_of(state, task["you"])
        return False

    def _p_AC(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-25.4 .. BP-25.7."""
        you = task["you"]
        self.pop(state, task)
        self.end_turn_of(state, you)
        self.move_all(state, state["zones"][CTBP[you]], CTBP[you], TABLE[you], cause="placed")
        self.drop_tasks_of(state, you)
        return False
