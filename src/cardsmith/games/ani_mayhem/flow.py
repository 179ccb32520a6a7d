"""Ani-Mayhem rules, sections 2, 3, 7, 10 and 12: setup, the turn and its phases, Scavenging, Power cards and
Flash windows, and the end of the game.

Steps (frames on ``state["flow"]``, see :mod:`.engine`) implemented here: ``setup`` then ``setup_locations``,
``setup_havens``, ``setup_deal``, ``setup_characters``, ``setup_hands``, ``setup_discards``; ``turn`` (a sequence of
``phase_discard`` ... ``phase_scavenge`` and ``turn_over``); ``disc``, ``disc_hand``, ``disc_character`` (Discard
phase and setup step 9); ``rel``, ``rel_draw`` (Reload); ``mnt``,
``mnt_queue`` (Maintenance); ``eqp`` (Equip); ``mov`` (forced actions), ``mov_menu``, ``mov_group``, ``mov_target``
(the Move phase); ``scv`` (the Scavenge phase menu); ``sat``, ``sat_reveal``, ``sat_after``, ``sat_take`` (one
Scavenge attempt); ``shr`` (sharing out what was found); ``win`` (a Flash window); ``fx``, ``fx_resolve``,
``fx_steps`` (a Flash Effect being carried out).

Options are typed (the verbs of :mod:`.actions`). A card and its target are two decisions: ``play_enhancement``,
``play_equipment`` (Equip), ``duel``, ``charm`` (Move) and ``play_flash`` (a window) keep what was chosen in the
frame's ``pick`` until the ``target`` answer; a card played from a hand is marked ``shown`` (face up) meanwhile.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.actions import Action, option
from ...core.flow import Frame, StepFn, done, goto, push, unwind
from ...core.state import State
from ...core.zones import ALL
from .actions import block_range, card_block
from .base import NEVER
from .combat import CombatRules
from .engine import DUEL, FLOW, PHYSICAL, finish, step

PHASES = ("discard", "reload", "maintenance", "equip", "move", "scavenge")  # AM-3.1
HAND_TARGET = 7  # AM-2.28, AM-3.5
HAVEN_START = 4  # AM-2.27
FIELD_LIMIT = 6  # AM-6.1


# per-seat strings of the hot Flash window (seats are at most six; see ``seat_name``)
_HAND = tuple(f"hand:{i}" for i in range(6))
_FLASH_PROMPT = tuple(f"P{i + 1}: play a Flash Effect?" for i in range(6))


class FlowRules(CombatRules):
    """The turn, its phases and the windows between them."""

    # ----- setup (AM-2.18 to AM-2.31) -----------------------------------------------------------------------------

    @step("setup")
    def _s_setup(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.19, AM-2.20: shuffle the Combat piles and the Locations; the Locations are laid in turns."""
        zones = state["zones"]
        order = self.turn_order(state)
        for seat in order:
            rng.shuffle(state, zones[f"combat:{seat}"])  # AM-2.19
            rng.shuffle(state, zones[f"lpile:{seat}"])  # AM-2.20
        fr["ord"] = [seat for _ in range(max(len(zones[f"lpile:{s}"]) for s in order)) for seat in order]
        goto(fr, "setup_locations")

    @step("setup_locations")
    def _s_setup_locations(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.20 to AM-2.22: each player in turn reveals a Location and places it next to one already placed."""
        g = state["g"]
        zones = state["zones"]
        while fr["i"] < len(fr["ord"]):
            seat = fr["ord"][fr["i"]]
            if fr.get("cur") is None:
                pile = zones[f"lpile:{seat}"]
                if not pile:
                    fr["i"] += 1
                    continue
                card = pile[-1]
                self._mv(state, card, f"lpile:{seat}", "field", "reveal")
                fr["cur"] = card
                if not g["xy"]:
                    self.place_card(state, card, 0, 0)  # AM-2.21
                    self.log(state, {"t": "place", "seat": seat, "p": card, "x": 0, "y": 0})
                    fr["cur"] = None
                    fr["i"] += 1
                    continue
            card = fr["cur"]
            options = [
                option("place", x, y, label=f"Put {state['cards'][card]} at ({x},{y})")
                for x, y in self.open_cells(state, False)
            ]
            name = state["cards"][card]
            self.ask(state, seat, "place_location", f"{self.seat_name(seat)}: place {name}", options)
            return
        fr["i"] = 0
        goto(fr, "setup_havens")

    @step("setup_havens")
    def _s_setup_havens(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.23: each player places a Haven next to a Location."""
        order = self.turn_order(state)
        if fr["i"] < len(order):
            seat = order[fr["i"]]
            options = [
                option("place", x, y, label=f"Put your Haven at ({x},{y})")
                for x, y in self.open_cells(state, True)
            ]
            self.ask(state, seat, "place_haven", f"{self.seat_name(seat)}: place your Haven", options)
            return
        goto(fr, "setup_deal")

    @step("setup_deal")
    def _s_setup_deal(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.25, AM-2.26: one Item and two Disasters face down under each of one's own Locations."""
        g = state["g"]
        zones = state["zones"]
        owner = state["owner"]
        for seat in self.turn_order(state):
            mine = [p for p in zones["field"] if owner[p] == seat]
            rng.shuffle(state, zones[f"ipile:{seat}"])
            for p in mine:
                pile = zones[f"ipile:{seat}"]
                if pile:
                    self._mv(state, pile[-1], f"ipile:{seat}", f"it:{p}", "deal")
            rng.shuffle(state, zones[f"dpile:{seat}"])
            for p in mine:
                for _ in range(2):
                    pile = zones[f"dpile:{seat}"]
                    if pile:
                        self._mv(state, pile[-1], f"dpile:{seat}", f"ds:{p}", "deal")
        self.compute_orders(state)
        g["T"] = sum(len(zones[f"it:{p}"]) for p in zones["field"])  # AM-12.3
        g["free"] = g["T"]
        fr["i"], fr["n"] = 0, 0
        goto(fr, "setup_characters")

    @step("setup_characters")
    def _s_setup_characters(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.27: each player puts up to four Characters in their Haven."""
        zones = state["zones"]
        order = self.turn_order(state)
        while fr["i"] < len(order):
            seat = order[fr["i"]]
            left = sorted(zones[f"chars:{seat}"], key=lambda c: state["cards"][c])
            if fr["n"] >= HAVEN_START or not left:
                fr["i"], fr["n"] = fr["i"] + 1, 0
                continue
            options = [
                option("start_character", name, label=f"Put {name} in your Haven")
                for name, _ in self.distinct(state, left)
            ]
            options.append(option("done", label="No more Characters"))
            self.ask(
                state,
                seat,
                "starting_characters",
                f"{self.seat_name(seat)}: choose up to {HAVEN_START - fr['n']} more Characters for your Haven",
                options,
            )
            return
        goto(fr, "setup_hands")

    @step("setup_hands")
    def _s_setup_hands(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.28, AM-2.29: the other Characters are shuffled in, hands are drawn, then the Disasters go in."""
        zones = state["zones"]
        for seat in self.turn_order(state):
            for c in list(zones[f"chars:{seat}"]):
                self._mv(state, c, f"chars:{seat}", f"draw:{seat}", "shuffle_in")
            rng.shuffle(state, zones[f"draw:{seat}"])
            self.draw_cards(state, seat, HAND_TARGET)
            for d in list(zones[f"dpile:{seat}"]):
                self._mv(state, d, f"dpile:{seat}", f"draw:{seat}", "shuffle_in")
            rng.shuffle(state, zones[f"draw:{seat}"])
        fr["i"] = 0
        goto(fr, "setup_discards")

    @step("setup_discards")
    def _s_setup_discards(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.30, AM-2.31: each player may discard; then the first turn begins."""
        g = state["g"]
        zones = state["zones"]
        order = self.turn_order(state)
        if fr["i"] < len(order):
            seat = order[fr["i"]]
            fr["i"] += 1
            push(state, "disc", seat=seat)
            return
        for seat in range(state["players"]):
            for kind in ("lpile", "ipile", "dpile", "chars"):
                del zones[f"{kind}:{seat}"]
        finish(state)
        g["phase"] = "play"
        self.begin_turn(state, g["first"], 0 if state["options"]["first_turn_full"] else 3)  # AM-3.2
        self.snapshot(state)

    @FLOW.answer("setup_locations", "setup_havens")
    def _o_place(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        x, y = action.args
        if fr["step"] == "setup_locations":
            card = fr["cur"]
            fr["cur"] = None
        else:
            card = state["zones"][f"haven:{seat}"][0]
            state["g"]["hv"][str(card)] = seat
        fr["i"] += 1
        self.place_card(state, card, x, y)
        self.log(state, {"t": "place", "seat": seat, "p": card, "x": x, "y": y})

    @FLOW.answer("setup_characters")
    def _o_setup_characters(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "start_character":
            c = self.take_named(state, f"chars:{seat}", action.args[0])
            self.enter_play(state, c, f"chars:{seat}", self.havens_of(state, seat)[0], "to_haven")
            fr["n"] += 1
        else:  # done
            fr["i"], fr["n"] = fr["i"] + 1, 0

    def draw_cards(self, state: State, seat: int, target: int) -> None:
        """Draw until the hand holds ``target`` cards or the pile is empty (AM-2.28, AM-3.8)."""
        zones = state["zones"]
        pile = zones[f"draw:{seat}"]
        hand = zones[f"hand:{seat}"]
        while pile and len(hand) < target:
            self._mv(state, pile[-1], f"draw:{seat}", f"hand:{seat}", "draw")

    # ----- the turn (AM-3.1 to AM-3.3, AM-3.14) -------------------------------------------------------------------

    def begin_turn(self, state: State, seat: int, start: int) -> None:
        g = state["g"]
        state["turn"] += 1
        g["act"] = seat
        g["ts"][seat] += 1
        self.log(state, {"t": "turn", "seat": seat, "turn": state["turn"]})
        push(state, "turn", at=start)

    def start_phase(self, state: State, phase: str) -> None:
        """AM-3.4 to AM-3.13: a phase begins; its frame is pushed only when the phase has something to do."""
        g = state["g"]
        g["phase"] = phase
        g["ps"] += 1
        g["rp"] = []
        state["events"].append({"t": "phase", "phase": phase})
        seat = g["act"]
        zones = state["zones"]
        frame: dict[str, Any] | None = None
        if phase == "discard":
            if zones[f"hand:{seat}"] or self.discardable_chars(state, seat):
                frame = {"step": "disc", "seat": seat}
        elif phase == "reload":
            frame = {"step": "rel"}
        elif phase == "maintenance":
            if g["dr"]:
                frame = {"step": "mnt"}
        elif phase == "equip":
            if zones[f"hand:{seat}"]:
                frame = {"step": "eqp", "used": [], "pend": None}
        elif phase == "move":
            if g["mine"][seat]:
                frame = {"step": "mov", "vs": [], "grp": []}
        elif self.my_chars(state, seat, field_only=True):
            frame = {"step": "scv", "grp": []}
        if frame is not None:
            push(state, **frame)
        if not self.open_window(state, seat, None) and frame is not None and phase == "reload":
            if not self.returnable(state, seat):  # nothing to ask first: draw at once (AM-3.5)
                done(state)
                self.reload_draws(state, seat)

    @step("turn_over")
    def _s_turn_over(self, state: State, fr: dict[str, Any]) -> None:
        """AM-3.14: the last phase is over: so is the turn."""
        unwind(state, "turn")
        done(state)
        self.end_turn(state)

    def end_turn(self, state: State) -> None:
        """AM-3.14: spent costs come back and "this turn" effects end; then the next seat's turn (AM-3.3)."""
        g = state["g"]
        seat = g["act"]
        g["tc"][seat] += 1
        g["phase"] = "end"
        self.prune(state)
        g["rt"] += 1
        n = state["players"]
        if g["rt"] >= n:  # a round of turns is over
            g["rt"] = 0
            g["rnd"] += 1
            if self.round_end_checks(state):
                return
            self.snapshot(state)
        self.begin_turn(state, (seat + 1) % n, 0)

    def prune(self, state: State) -> None:
        """Drop effects that have ended, so the state stays small."""
        g = state["g"]
        valid = self.valid
        for recs in (g["ch"], g["dr"]):
            for rec in recs.values():
                if len(rec) <= 5:
                    continue  # no lists of lasting effects
                for key, i in (("tm", 3), ("tk", 1), ("ac", 1)):
                    if key in rec:
                        kept = [t for t in rec[key] if valid(state, t[i])]
                        if kept:
                            rec[key] = kept
                        else:
                            del rec[key]
        if g["off"]:  # AM-5.27: an Off the Field Disaster leaves once its text has run out
            for key in sorted(g["off"], key=int):
                if not valid(state, g["off"][key]):
                    del g["off"][key]
                    self.discard(state, int(key), "off", "off_field_end")
                    g["dc"] += 1
        if g["prot"]:
            g["prot"] = [x for x in g["prot"] if valid(state, x[2])]
        if g["forced"]:
            for key in list(g["forced"]):
                if g["tc"][state["owner"][int(key)]] >= g["forced"][key][2]:
                    del g["forced"][key]

    def snapshot(self, state: State) -> None:
        """AM-12.7: what a round of turns is compared against."""
        g = state["g"]
        empty = all(not state["zones"][f"draw:{s}"] for s in range(state["players"]))
        g["snap"] = [g["ic"], g["dc"], int(empty)]

    def round_end_checks(self, state: State) -> bool:
        """AM-12.7 and AM-13.4 at the end of a round of turns. Returns True if the game ended."""
        g = state["g"]
        limit = state["options"]["round_limit"]
        if limit and g["rnd"] >= limit:
            self.score(state, f"turn cap: the round limit of {limit} rounds was reached", True)
            return True
        ic, dc, empty = g["snap"]
        if empty and ic == g["ic"] and dc == g["dc"]:
            self.score(state, "a whole round passed with empty Draw piles and nothing changing", True)
            return True
        return False

    # ----- the end of the game (section 12) -----------------------------------------------------------------------

    def held(self, state: State) -> list[int]:
        """AM-12.1: Items held by each player (carried by their Characters in play, or being shared out)."""
        out = [0] * state["players"]
        for name, cards in state["zones"].items():
            if cards and (name.startswith("bag:") or name.startswith("spoils:")):
                out[int(name.split(":")[1])] += len(cards)
        return out

    def check_end(self, state: State) -> bool:
        """AM-12.4 and AM-13.3, checked after every step of the rules."""
        g = state["g"]
        if g["free"] == 0:
            self.score(state, "every Item is held or destroyed", False)
            return True
        if state["options"]["quick_end"]:
            t = g["T"]
            if 2 * g["lost"] > t or 2 * sum(self.held(state)) > t:
                self.score(state, "quick end: more than half of the Items are decided", False)
                return True
        return False

    def score(self, state: State, why: str, unheld_to_deck: bool) -> None:
        """AM-12.5, AM-12.6, AM-12.8, AM-12.9: the deck wins with more than half; else the most Items win."""
        g = state["g"]
        t = g["T"]
        held = self.held(state)
        deck = g["lost"] + (t - g["lost"] - sum(held) if unheld_to_deck else 0)
        tally = ", ".join(f"{self.seat_name(s)} {n}" for s, n in enumerate(held))
        if 2 * deck > t:
            self.finish(
                state,
                [],
                f"{why}; the deck has {deck} of {t} Items ({tally}), so every player loses",
                draw=False,
            )
            return
        best = max(held)
        winners = [s for s, n in enumerate(held) if n == best]
        self.finish(state, winners, f"{why}; the deck has {deck} of {t} Items and the players {tally}")

    # ----- Discard phase and setup step 9 (AM-2.30, AM-3.4) -------------------------------------------------------

    def discardable_chars(self, state: State, seat: int) -> list[int]:
        """Characters in the player's Havens that may be discarded (not while they carry Items)."""
        hv = state["g"]["hv"]
        return [
            c
            for c in self.my_chars(state, seat)
            if str(state["g"]["cp"][str(c)]) in hv and not self.carries(state, c)
        ]

    @step("disc")
    def _s_disc(self, state: State, fr: dict[str, Any]) -> None:
        """AM-2.30, AM-3.4: the menu: discard from the hand, from the Haven, or stop."""
        seat = fr["seat"]
        options = []
        if state["zones"][f"hand:{seat}"]:
            options.append(option("discard_from_hand", label="Discard a card from your hand"))
        if self.discardable_chars(state, seat):
            options.append(option("discard_from_haven", label="Discard a Character from your Haven"))
        if not options:
            finish(state)
            return
        options.append(option("done", label="Discard nothing more"))
        self.ask(state, seat, "discard", f"{self.seat_name(seat)}: discard cards?", options)

    @step("disc_hand")
    def _s_disc_hand(self, state: State, fr: dict[str, Any]) -> None:
        seat = fr["seat"]
        options = [
            option("discard", name, label=f"Discard {name}")
            for name, _ in self.distinct(state, state["zones"][f"hand:{seat}"])
        ]
        self.ask(state, seat, "discard_which", f"{self.seat_name(seat)}: which one?", options)

    @step("disc_character")
    def _s_disc_character(self, state: State, fr: dict[str, Any]) -> None:
        seat = fr["seat"]
        options = [
            option("discard_character", c, label=f"Discard {state['cards'][c]} from your Haven")
            for c in self.discardable_chars(state, seat)
        ]
        self.ask(state, seat, "discard_which", f"{self.seat_name(seat)}: which one?", options)

    @FLOW.answer("disc", "disc_hand", "disc_character")
    def _o_disc(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "done":
            finish(state)
        elif verb == "discard_from_hand":
            goto(fr, "disc_hand")
        elif verb == "discard_from_haven":
            goto(fr, "disc_character")
        elif verb == "discard":
            hand = f"hand:{seat}"
            self.discard(state, self.take_named(state, hand, action.args[0]), hand, "discard")
            goto(fr, "disc")
        else:  # discard_character
            self.discard_from_haven(state, action.args[0])
            goto(fr, "disc")

    def discard_from_haven(self, state: State, c: int) -> None:
        """A Character discarded from a Haven takes its attached cards with it."""
        g = state["g"]
        p = g["cp"].pop(str(c))
        g["mine"][state["owner"][c]].remove(c)
        for x in list(state["zones"].get(f"gear:{c}", ())):
            g["st"].pop(str(x), None)
            self.discard(state, x, f"gear:{c}", "discard")
        self.discard(state, c, f"pc:{p}", "discard")
        g["ch"].pop(str(c), None)
        g["forced"].pop(str(c), None)

    def distinct(self, state: State, cids: list[int]) -> list[tuple[str, int]]:
        """One entry per card name (copies are interchangeable), lowest id first, sorted by name."""
        names = state["cards"]
        seen: dict[str, int] = {}
        for cid in cids:
            n = names[cid]
            if n not in seen or cid < seen[n]:
                seen[n] = cid
        return sorted(seen.items())

    @staticmethod
    def card_named(state: State, cids: list[int], name: str) -> int:
        """The card a name stands for among public ``cids``: the lowest id with that name."""
        names = state["cards"]
        return min(c for c in cids if names[c] == name)

    def take_named(self, state: State, zone: str, name: str) -> int:
        """The card a name (a ``CardArg`` answer) stands for in ``zone``, ready to leave it.

        In a public pile this is the lowest id with that name. A hand (or the Characters set aside in setup) is
        hidden from the other seats, so there the card leaves by the pile's lowest id in the block of ids of its
        kind (see :mod:`.actions`), whatever the names: the named card (the lowest id with that name) first trades
        its identity (name, owner, mark) with the card holding that id, both in the same pile and of the same kind.
        Which id leaves then says nothing about the cards that stay (AM-1.19).
        """
        ids = state["zones"][zone]
        cid = self.card_named(state, ids, name)
        if self.visibility.zone_info(zone)[0] == ALL:
            return cid
        options = state["options"]
        key = (state["players"], options["decks"], bool(options["extra_havens"]), name)
        span = self._block_ranges.get(key)
        if span is None:  # the range depends only on the decks in play (see ``actions.layout``)
            span = block_range(state["players"], options, card_block(self.cards, name))
            self._block_ranges[key] = span
        lo, hi = span
        if not lo <= cid < hi:
            return cid  # a scenario's cards are not created in blocks
        slot = min(c for c in ids if lo <= c < hi)
        if slot != cid:
            cards, owner, marks = state["cards"], state["owner"], state["marks"]
            cards[cid], cards[slot] = cards[slot], cards[cid]
            owner[cid], owner[slot] = owner[slot], owner[cid]
            mark_cid, mark_slot = marks.pop(str(cid), None), marks.pop(str(slot), None)
            if mark_slot is not None:
                marks[str(cid)] = mark_slot
            if mark_cid is not None:
                marks[str(slot)] = mark_cid
        return slot

    # ----- Reload (AM-3.5 to AM-3.9, AM-6.23) ---------------------------------------------------------------------

    def returnable(self, state: State, seat: int) -> list[int]:
        """AM-6.23: bonked Characters that have missed a whole turn of their owner."""
        g = state["g"]
        now = g["ts"][seat]
        return [c for c in state["zones"][f"bonked:{seat}"] if now >= g["bk"].get(str(c), NEVER) + 2]

    @step("rel")
    def _s_rel(self, state: State, fr: dict[str, Any]) -> None:
        """AM-6.23: bonked Characters may come back to the hand first."""
        seat = state["g"]["act"]
        back = self.returnable(state, seat)
        if not back:
            self._s_rel_draw(state, fr)
            return
        options = [
            option("return_character", name, label=f"Return {name} to your hand")
            for name, _ in self.distinct(state, back)
        ]
        options.append(option("done", label="Return no more"))
        self.ask(state, seat, "return_bonked", f"{self.seat_name(seat)}: return bonked Characters?", options)

    @step("rel_draw")
    def _s_rel_draw(self, state: State, fr: dict[str, Any]) -> None:
        finish(state)
        self.reload_draws(state, state["g"]["act"])

    def reload_draws(self, state: State, seat: int) -> None:
        """AM-3.5 to AM-3.8: draw one at a time until 7 cards or a Disaster; an empty pile just stops."""
        zones = state["zones"]
        hand = zones[f"hand:{seat}"]
        pile = zones[f"draw:{seat}"]
        types = self._type
        names = state["cards"]
        while len(hand) < HAND_TARGET and pile:
            x = pile[-1]
            if types[names[x]] == "disaster":  # AM-3.6
                self.disaster_drawn(state, x, seat)
                break
            self._mv(state, x, f"draw:{seat}", f"hand:{seat}", "draw")

    @FLOW.answer("rel")
    def _o_rel(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "done":
            goto(fr, "rel_draw")
            return
        c = self.card_named(state, self.returnable(state, seat), action.args[0])
        self._mv(state, c, f"bonked:{seat}", f"hand:{seat}", "return")  # AM-6.23: fully healed
        state["g"]["bk"].pop(str(c), None)

    def disaster_drawn(self, state: State, d: int, seat: int) -> None:
        """AM-3.6, AM-5.3, AM-5.27: revealed onto the entry Location (or beside the Field)."""
        g = state["g"]
        card = self.defs[state["cards"][d]]
        src = f"draw:{seat}"
        if card.off_field:
            self.off_field(state, d, src, seat)
            return
        p = self.entry(state, d)
        if p is None:
            self.discard(state, d, src, "no_field")
            g["dc"] += 1
            return
        self.put_on_field(state, d, src, p, "drawn", 1 if "MOVES_ONCE" in card.keywords else 2)
        g["dr"][str(d)]["fr"] = 1  # AM-5.6: it arrives in Maintenance

    def off_field(self, state: State, d: int, src: str, seat: int) -> None:
        """AM-5.27: beside the Field, in play, applying its text for as long as the text says."""
        g = state["g"]
        card = self.defs[state["cards"][d]]
        self._mv(state, d, src, "off", "off_field")
        g["off"][str(d)] = self.expiry(state, card.off_field, seat=seat)
        g["dc"] += 1
        self.log(state, {"t": "off_field", "d": d, "name": state["cards"][d]})

    # ----- Maintenance (AM-3.10, AM-5.6 to AM-5.8) ----------------------------------------------------------------

    def move_key(self, state: State, d: int) -> tuple[int, ...]:
        """AM-5.7, AM-5.8: earliest arrival stamp first, then higher Attack, Defense, Movement, Energy, Charm."""
        return (state["g"]["dr"][str(d)]["st"], *self.tie_key(state, d))

    @step("mnt")
    def _s_mnt(self, state: State, fr: dict[str, Any]) -> None:
        """AM-5.6: a Disaster drawn this Reload arrives now; then the order of the Disasters' moves (AM-5.7)."""
        g = state["g"]
        dr = g["dr"]
        fresh = [(rec["st"], int(key)) for key, rec in dr.items() if rec["fr"]]
        if fresh:
            d = min(fresh)[1]
            dr[str(d)]["fr"] = 0
            push(state, "arr", d=d, p=g["dp"][str(d)])
            return
        order = sorted((rec["st"], int(key)) for key, rec in dr.items())
        stamps = [st for st, _ in order]
        dup = sorted({st for st in stamps if stamps.count(st) > 1})
        if dup:  # AM-5.8: equal stamps go by Attack, Defense, Movement, Energy, Charm
            order = sorted(order, key=lambda sd: (sd[0], *self.tie_key(state, sd[1]), sd[1]))
        fr["q"] = [d for _, d in order]
        fr["dup"] = dup
        goto(fr, "mnt_queue")

    @step("mnt_queue")
    def _s_mnt_queue(self, state: State, fr: dict[str, Any]) -> None:
        """AM-5.7, AM-5.8: each Disaster moves in turn; the active player orders exact ties."""
        g = state["g"]
        dr = g["dr"]
        q = fr["q"]
        while q:
            d = q[0]
            rec = dr.get(str(d))
            if rec is None or rec["dn"] == g["ps"]:
                q.pop(0)
                continue
            if fr["dup"] and rec["st"] in fr["dup"] and fr.get("go") != d:
                key = self.move_key(state, d)
                tied = [x for x in q if str(x) in dr and self.move_key(state, x) == key]
                if len(tied) > 1:  # AM-5.8: the active player orders what is still tied
                    options = [
                        option("move_first", x, label=f"{state['cards'][x]} moves first") for x in tied
                    ]
                    self.ask(
                        state,
                        g["act"],
                        "disaster_order",
                        f"{self.seat_name(g['act'])}: which Disaster moves first?",
                        options,
                    )
                    return
            q.pop(0)
            mode, left = self.movement_left(state, d)
            if left <= 0:
                continue
            self.open_window(state, g["act"], None)  # AM-10.20: after each Disaster finishes moving
            push(state, "dm", d=d, left=left, mode=mode)
            return
        finish(state)

    @FLOW.answer("mnt_queue")
    def _o_mnt(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        d = action.args[0]
        fr["q"].remove(d)
        fr["q"].insert(0, d)
        fr["go"] = d  # AM-5.8: the active player's choice settles this tie

    # ----- Equip (AM-3.11, AM-10.1 to AM-10.5, AM-10.15, AM-13.5) -------------------------------------------------

    @step("eqp")
    def _s_eqp(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        seat = g["act"]
        who = self.seat_name(seat)
        if fr["pend"] is not None:  # AM-13.5: where the extra Haven goes
            options = [
                option("place", x, y, label=f"Put the Haven at ({x},{y})")
                for x, y in self.open_cells(state, True)
            ]
            self.ask(state, seat, "place_haven", f"{who}: place your extra Haven", options)
            return
        if fr.get("pick") is not None:  # AM-10.2, AM-10.3: the card is chosen; now the Character that gets it
            x = fr["pick"][1]
            name = state["cards"][x]
            options = [option("target", c, label=text) for c, text in self.equip_targets(state, seat, name)]
            self.ask(state, seat, "equip_target", f"{who}: which Character gets {name}?", options)
            return
        options = self.equip_options(state, seat, fr["used"])
        if not options and not state["zones"][f"hand:{seat}"]:
            finish(state)  # an empty hand: nothing to play, as everyone can see
            return
        # asked even with "end" alone: the hand is secret
        options.append(option("end", label="End the Equip phase"))
        self.ask(state, seat, "equip", f"{who}: Equip phase", options)

    def equip_targets(self, state: State, seat: int, name: str) -> list[tuple[int, str]]:
        """The Characters an Enhancement (AM-10.2, AM-10.5) or Equipment (AM-10.3, AM-10.5, AM-10.15) may go on."""
        g = state["g"]
        names = state["cards"]
        owner = state["owner"]
        card = self.defs[name]
        req = set(card.requires)
        out: list[tuple[int, str]] = []
        if card.type == "enhancement":
            for c in sorted(int(k) for k in g["cp"]):
                if not req or req <= self.skills(state, c):
                    out.append((c, f"Put {name} on {names[c]} ({self.seat_name(owner[c])})"))
            return out
        hv = g["hv"]
        cp = g["cp"]
        for c in g["mine"][seat]:
            if hv.get(str(cp[str(c)])) != seat:
                continue
            if req and not req <= self.skills(state, c):
                continue
            if card.is_vehicle and self.has_vehicle(state, c):
                continue
            out.append((c, f"Give {name} to {names[c]}"))
        return out

    def equip_options(self, state: State, seat: int, used: list[str]) -> list[list[str]]:
        zones = state["zones"]
        hand = zones[f"hand:{seat}"]
        out: list[list[str]] = []
        if not hand:
            return out
        havens = None
        for name, _ in self.distinct(state, hand):
            t = self._type[name]
            if t == "character":  # AM-10.1
                if havens is None:
                    havens = self.havens_of(state, seat)
                for i, h in enumerate(havens):
                    text = f"Play {name} into your Haven"
                    if i:
                        text += f" at {self.cell_label(state, h)}"
                    out.append(option("play_character", name, i, label=text))
            elif t in ("enhancement", "equipment"):  # AM-10.2, AM-10.3, AM-10.5, AM-10.15
                verb = "play_" + t
                if verb in used or not self.equip_targets(state, seat, name):
                    continue
                out.append(option(verb, name, label=f"Play {name}"))
            elif t == "global":  # AM-10.4
                if "play_global" not in used:
                    out.append(option("play_global", name, label=f"Play the Global Effect {name}"))
            elif t == "haven" and "play_haven" not in used and state["options"]["extra_havens"]:  # AM-13.5
                if self.open_cells(state, True):
                    out.append(option("play_haven", name, label=f"Place {name} as an extra Haven"))
        return out

    def has_vehicle(self, state: State, c: int) -> bool:
        names = state["cards"]
        return any(self.defs[names[x]].is_vehicle for x in state["zones"].get(f"gear:{c}", ()))

    @FLOW.answer("eqp")
    def _o_eqp(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        verb = action.verb
        hand = f"hand:{seat}"
        if verb == "end":
            finish(state)
        elif verb == "play_character":
            name, i = action.args
            haven = self.havens_of(state, seat)[i]
            self.enter_play(state, self.take_named(state, hand, name), hand, haven, "to_haven")
        elif verb in ("play_enhancement", "play_equipment"):
            x = self.take_named(state, hand, action.args[0])
            self.mark(state, x, hand, "shown")  # played: face up while its Character is chosen
            fr["pick"] = [verb, x]
        elif verb == "target":
            kind, x = fr.pop("pick")
            c = action.args[0]
            self._mv(state, x, hand, f"gear:{c}", "attach")
            g["st"][str(x)] = self.stamp(state)
            fr["used"].append(kind)
        elif verb == "play_global":
            x = self.take_named(state, hand, action.args[0])
            self._mv(state, x, hand, f"global:{seat}", "global")
            g["st"][str(x)] = self.stamp(state)
            fr["used"].append(verb)
        elif verb == "play_haven":
            fr["pend"] = self.take_named(state, hand, action.args[0])
            fr["used"].append(verb)
        else:  # place: the extra Haven's cell
            x = fr["pend"]
            fr["pend"] = None
            cx, cy = action.args
            self._mv(state, x, hand, f"haven:{seat}", "haven")
            g["hv"][str(x)] = seat
            self.place_card(state, x, cx, cy)
            self.log(state, {"t": "place", "seat": seat, "p": x, "x": cx, "y": cy})

    # ----- Move phase (AM-3.12, section 6, AM-8.31, AM-9.1 to AM-9.4) ---------------------------------------------

    def may_move(self, state: State, c: int) -> bool:
        """AM-6.3, AM-6.16: one movement action per turn, none after a fight this phase."""
        g = state["g"]
        rec = g["ch"][str(c)]
        if rec["m"] == state["turn"] or rec["f"] == g["ps"]:
            return False
        p = g["cp"][str(c)]
        if p in g["dead"]:  # AM-4.11: it may only leave if it can reach somewhere it may stop
            return self._reach_end(state, p, self.stat(state, c, "mov"), state["owner"][c], [p])
        return self.stat(state, c, "mov") > 0

    def has_step(self, state: State, c: int, budget: int, fc: int) -> bool:
        """Whether Character ``c`` alone has a legal first step (the quick form of ``step_options``)."""
        if budget <= 0:
            return False
        g = state["g"]
        p = g["cp"][str(c)]
        hv = g["hv"]
        seat = state["owner"][c]
        in_haven = str(p) in hv
        dead = g["dead"]
        permission = state["options"]["haven_permission"]
        for q in g["adj"][str(p)]:
            owner = hv.get(str(q))
            if owner is not None:
                if owner == seat or permission:
                    return True
                continue
            if in_haven and fc >= FIELD_LIMIT:
                continue
            if q in dead and not self._reach_end(state, q, budget - 1, seat, []):
                continue
            return True
        return False

    def move_menu(self, state: State, fr: dict[str, Any], seat: int) -> list[list[str]]:
        g = state["g"]
        names = state["cards"]
        cp = g["cp"]
        hv = g["hv"]
        out: list[list[str]] = []
        mine = self.my_chars(state, seat)
        on_field = [c for c in mine if str(cp[str(c)]) not in hv]
        fc = len(on_field)
        turn = state["turn"]
        ps = g["ps"]
        for c in mine:
            rec = g["ch"][str(c)]
            if rec["m"] == turn or rec["f"] == ps:
                continue  # AM-6.3, AM-6.16
            mov = self.stat(state, c, "mov")
            p = cp[str(c)]
            if p in g["dead"] and not self._reach_end(state, p, mov, seat, [p]):
                continue  # AM-4.11
            if self.has_step(state, c, mov, fc):
                out.append(option("move", c, label=f"Move {names[c]} (at {names[p]})"))
        if on_field:
            places = sorted({cp[str(c)] for c in on_field})
            for p in places:  # AM-6.15: attack a Combat Disaster where you stand
                ds = self.disasters_at(state, p)
                if not ds:
                    continue
                here = [c for c in on_field if cp[str(c)] == p]
                for d in ds:
                    if d in fr["vs"] or not self.defs[names[d]].is_combat_disaster:
                        continue
                    if any(not self.ran_from(state, d, c) for c in here):
                        out.append(option("attack", d, label=f"Attack {names[d]} at {names[p]}"))
            if state["players"] > 1:
                self._rival_options(state, seat, on_field, out)
        return out

    def _rival_options(self, state: State, seat: int, on_field: list[int], out: list[list[str]]) -> None:
        """AM-8.31 (duels) and AM-9.1 to AM-9.4 (charm) against other players' Characters on the Field: the
        Character that acts is chosen first, its target next (``rival_targets``)."""
        names = state["cards"]
        if state["options"]["character_combat"]:
            for a in on_field:
                if self.rival_targets(state, seat, "duel", a):
                    out.append(option("duel", a, label=f"{names[a]} attacks another player's Character"))
        for a in on_field:
            if self.rival_targets(state, seat, "charm", a):
                out.append(option("charm", a, label=f"{names[a]} charms another player's Character"))

    def rival_targets(self, state: State, seat: int, verb: str, a: int) -> list[tuple[int, str]]:
        """The other players' Characters that ``a`` may duel (AM-8.31) or charm (AM-9.1 to AM-9.4) now."""
        g = state["g"]
        cp = g["cp"]
        hv = g["hv"]
        owner = state["owner"]
        names = state["cards"]
        out: list[tuple[int, str]] = []
        if verb == "duel":
            if g["ch"][str(a)]["du"] == state["turn"]:
                return out
            for b in self.chars_at(state, cp[str(a)]):
                if owner[b] != seat and not self.protected(state, a, b):
                    out.append((b, f"{names[a]} attacks {names[b]} ({self.seat_name(owner[b])})"))
            return out
        if g["ch"][str(a)]["cm"] >= g["ts"][seat] - 1:
            return out
        others = sorted(int(k) for k, p in cp.items() if owner[int(k)] != seat and str(p) not in hv)
        if not others:
            return out
        dist = self.distances(state, cp[str(a)], self.stat(state, a, "mov"))
        for b in others:
            if cp[str(b)] in dist and not self.protected(state, a, b):
                out.append((b, f"{names[a]} charms {names[b]} ({self.seat_name(owner[b])})"))
        return out

    @step("mov")
    def _s_mov(self, state: State, fr: dict[str, Any]) -> None:
        """AM-9.11 (a), (b), AM-9.12: forced actions fall due at the start of the Move phase."""
        g = state["g"]
        seat = g["act"]
        goto(fr, "mov_menu")
        for c in self.my_chars(state, seat):
            f = g["forced"].get(str(c))
            if not f or f[2] != g["ts"][seat]:
                continue
            del g["forced"][str(c)]
            g["ch"][str(c)]["m"] = state["turn"]
            if f[0] == "move":
                path = self.shortest_path(state, c, f[1], self.stat(state, c, "mov"))
                if path is not None and f[1] not in g["dead"]:
                    push(state, **self.new_mact(state, [c], len(path), "force", path))
                    return

    @step("mov_target")
    def _s_mov_target(self, state: State, fr: dict[str, Any]) -> None:
        """AM-8.31, AM-9.1: the acting Character is chosen; now its target."""
        seat = state["g"]["act"]
        verb, a = fr["pick"]
        options = [option("target", b, label=text) for b, text in self.rival_targets(state, seat, verb, a)]
        what = "attack" if verb == "duel" else "charm"
        self.ask(
            state,
            seat,
            f"{verb}_target",
            f"{self.seat_name(seat)}: whom does {state['cards'][a]} {what}?",
            options,
        )

    @step("mov_group")
    def _s_mov_group(self, state: State, fr: dict[str, Any]) -> None:
        """AM-6.10: who moves with the lead Character."""
        g = state["g"]
        seat = g["act"]
        lead = fr["grp"][0]
        p = g["cp"][str(lead)]
        options = [
            option("join", c, label=f"{state['cards'][c]} comes along")
            for c in self.chars_at(state, p)
            if state["owner"][c] == seat and c not in fr["grp"] and self.may_move(state, c)
        ]
        if options or any(
            self._hidden_mover(state, c, charm=False) for c in self.chars_at(state, p) if c not in fr["grp"]
        ):
            options.append(option("set_off", label="Set off"))
            group = ", ".join(state["cards"][c] for c in fr["grp"])
            self.ask(state, seat, "group", f"{self.seat_name(seat)}: moving {group}", options)
            return
        self._set_off(state, fr)

    @step("mov_menu")
    def _s_mov_menu(self, state: State, fr: dict[str, Any]) -> None:
        """AM-3.12: the Move phase menu."""
        seat = state["g"]["act"]
        options = self.move_menu(state, fr, seat)
        if not options and not any(self._hidden_mover(state, c) for c in self.my_chars(state, seat)):
            finish(state)
            return
        options.append(option("end", label="End the Move phase"))
        self.ask(state, seat, "move", f"{self.seat_name(seat)}: Move phase", options)

    def _hidden_mover(self, state: State, c: int, charm: bool = True) -> bool:
        """Whether the active player's Character ``c`` might have a move or charm option that only Items give.

        Items can add to Movement, and only their owner knows them (AM-1.26). Whether the Move phase or a group
        question is asked must not depend on them, so it is asked whenever such a Character could still move or
        charm with some Movement, whatever it carries.
        """
        g = state["g"]
        if not self.carries(state, c) or state["owner"][c] != g["act"]:
            return False
        rec = g["ch"][str(c)]
        if rec["m"] != state["turn"] and rec["f"] != g["ps"]:
            return True
        p = g["cp"][str(c)]
        return (
            charm
            and str(p) not in g["hv"]
            and state["players"] > 1
            and rec["cm"] < g["ts"][state["owner"][c]] - 1
            and any(
                state["owner"][int(k)] != state["owner"][c] and str(q) not in g["hv"]
                for k, q in g["cp"].items()
            )
        )

    def _set_off(self, state: State, fr: dict[str, Any]) -> None:
        group = fr["grp"]
        fr["grp"] = []
        goto(fr, "mov_menu")
        self.open_window(state, state["g"]["act"], None)  # AM-10.20: after the action
        push(state, **self.new_mact(state, group, self.group_movement(state, group), "a"))

    @FLOW.answer("mov_menu", "mov_group", "mov_target")
    def _o_mov(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        verb = action.verb
        if verb == "end":
            finish(state)
        elif verb == "move":
            fr["grp"] = [action.args[0]]
            goto(fr, "mov_group")
        elif verb == "join":
            fr["grp"].append(action.args[0])
        elif verb == "set_off":
            self._set_off(state, fr)
        elif verb == "attack":
            d = action.args[0]
            fr["vs"].append(d)
            self.open_window(state, seat, None)
            self.start_combat(state, d, g["dp"][str(d)], seat, "move", [])
        elif verb in ("duel", "charm"):
            fr["pick"] = [verb, action.args[0]]
            goto(fr, "mov_target")
        else:  # target: the duel's or the charm's
            kind, a = fr.pop("pick")
            goto(fr, "mov_menu")
            b = action.args[0]
            if kind == "duel":
                g["ch"][str(a)]["du"] = state["turn"]
                self.open_window(state, seat, None)
                self.start_duel(state, a, b)
            else:
                self.open_window(state, seat, None)
                self.start_charm(state, a, b)

    # ----- Scavenge (section 7) -----------------------------------------------------------------------------------

    def meets(self, state: State, p: int, cs: list[int]) -> bool:
        """AM-7.2 to AM-7.4: the group's skills together cover the Location's, or a Category right does."""
        card = self.defs[state["cards"][p]]
        if not card.skills:
            return True  # AM-7.3
        have: set[str] = set()
        for c in cs:
            have |= self.skills(state, c)
        if set(card.skills) <= have:
            return True
        return any(s.startswith("scav:") and s[5:] in card.cats for s in have)

    def blocked(self, state: State, p: int) -> bool:
        """AM-5.23: a moves-only-once Disaster blocks Scavenging where it stands."""
        names = state["cards"]
        return any("MOVES_ONCE" in self.defs[names[d]].keywords for d in self.disasters_at(state, p))

    def scavengers(self, state: State, seat: int, p: int) -> list[int]:
        g = state["g"]
        turn = state["turn"]
        return [
            c for c in self.chars_at(state, p) if state["owner"][c] == seat and g["ch"][str(c)]["s"] != turn
        ]

    @step("scv")
    def _s_scv(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        seat = g["act"]
        who = self.seat_name(seat)
        if fr["grp"]:
            p = g["cp"][str(fr["grp"][0])]
            options = [
                option("join", c, label=f"{state['cards'][c]} joins in")
                for c in self.scavengers(state, seat, p)
                if c not in fr["grp"]
            ]
            ready = self.meets(state, p, fr["grp"])
            if not options and ready:
                self._scavenge(state, fr)
                return
            if ready:
                options.append(option("start_scavenging", label="Start Scavenging"))
            group = ", ".join(state["cards"][c] for c in fr["grp"])
            self.ask(state, seat, "group", f"{who}: Scavenging {state['cards'][p]} with {group}", options)
            return
        options = []
        hv = g["hv"]
        for c in self.my_chars(state, seat):
            p = g["cp"][str(c)]
            if (
                str(p) in hv
                or p in g["dead"]
                or g["ch"][str(c)]["s"] == state["turn"]
                or self.blocked(state, p)
            ):
                continue
            if self.meets(state, p, self.scavengers(state, seat, p)):
                options.append(
                    option("scavenge", c, label=f"{self.char_label(state, c)} Scavenges {state['cards'][p]}")
                )
        if not options:
            finish(state)
            return
        options.append(option("end", label="End the Scavenge phase"))
        self.ask(state, seat, "scavenge", f"{who}: Scavenge phase", options)

    @FLOW.answer("scv")
    def _o_scv(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "end":
            finish(state)
        elif verb in ("scavenge", "join"):
            fr["grp"].append(action.args[0])
        else:  # start_scavenging
            self._scavenge(state, fr)

    def _scavenge(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        group = fr["grp"]
        fr["grp"] = []
        for c in group:
            g["ch"][str(c)]["s"] = state["turn"]  # AM-7.1
        p = g["cp"][str(group[0])]
        self.log(state, {"t": "scavenge", "p": p, "cs": list(group)})
        push(state, "sat", p=p, cs=group, seat=g["act"])

    def _sat_members(self, state: State, fr: dict[str, Any]) -> list[int]:
        """The scavengers still on the Location."""
        cp = state["g"]["cp"]
        fr["cs"] = [c for c in fr["cs"] if cp.get(str(c)) == fr["p"]]
        return fr["cs"]

    @step("sat")
    def _s_sat(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.5: a Scavenge attempt begins (or goes on) if the group still meets the Location."""
        self._sat_check(state, fr, after=False)

    @step("sat_after")
    def _s_sat_after(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.9, AM-7.10: after a reveal, the attempt goes on only if the scavengers came through untouched."""
        self._sat_check(state, fr, after=True)

    def _sat_check(self, state: State, fr: dict[str, Any], after: bool) -> None:
        g = state["g"]
        p = fr["p"]
        cs = self._sat_members(state, fr)
        res = fr.pop("res", None)
        if after and res in ("survived", "ran"):
            self._stop_scavenge(state, "stopped")  # AM-7.10
            return
        if not cs or p in g["dead"] or not self.meets(state, p, cs) or self.blocked(state, p):
            self._stop_scavenge(state, "stopped")  # AM-7.10, AM-5.23
            return
        if not state["zones"][f"ds:{p}"]:
            goto(fr, "sat_take")
            self.open_window(state, fr["seat"], None)  # AM-10.20: before the Items are taken
            return
        if after:  # AM-7.9
            self.ask(
                state,
                fr["seat"],
                "scavenge_more",
                f"{self.seat_name(fr['seat'])}: reveal the next Disaster under {state['cards'][p]}?",
                [
                    option("reveal_next", label="Reveal the next one"),
                    option("stop", label="Stop Scavenging"),
                ],
            )
            return
        goto(fr, "sat_reveal")
        self.open_window(state, fr["seat"], None)  # AM-10.20: before each reveal

    @step("sat_reveal")
    def _s_sat_reveal(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.5 to AM-7.8: the top Disaster is revealed."""
        self._sat_members(state, fr)
        goto(fr, "sat_after")
        if state["zones"][f"ds:{fr['p']}"]:
            self.reveal(state, fr)

    @step("sat_take")
    def _s_sat_take(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.11, AM-7.12: no Disaster is left: the Items are found."""
        p = fr["p"]
        zones = state["zones"]
        cs = self._sat_members(state, fr)
        seat = fr["seat"]
        for x in list(zones[f"it:{p}"]):
            self._mv(state, x, f"it:{p}", f"spoils:{seat}", "found")
        self.log(state, {"t": "found", "p": p, "seat": seat})
        finish(state)
        push(state, "shr", seat=seat, p=p, cs=cs, eq=list(zones.get(f"eq:{p}", ())))

    @FLOW.answer("sat_after")
    def _o_sat(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "stop":
            self._stop_scavenge(state, "stopped")
        else:
            goto(fr, "sat_reveal")
            self.open_window(state, fr["seat"], None)

    def _stop_scavenge(self, state: State, why: str) -> None:
        """AM-7.13, AM-7.14: the attempt ends; what was revealed stays revealed."""
        self.log(state, {"t": "scavenge_end", "why": why})
        finish(state)

    def reveal(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.5 to AM-7.8: turn the top Disaster face up; it enters the Field and deals with the scavengers."""
        p = fr["p"]
        seat = fr["seat"]
        zones = state["zones"]
        d = zones[f"ds:{p}"][-1]
        card = self.defs[state["cards"][d]]
        if card.off_field:
            self.off_field(state, d, f"ds:{p}", seat)
            return
        self.put_on_field(
            state, d, f"ds:{p}", p, "revealed", 0 if "MOVES_ONCE" in card.keywords else 2
        )  # AM-5.22
        self.log(state, {"t": "revealed", "d": d, "name": state["cards"][d], "p": p})
        cs = fr["cs"]
        if card.is_combat_disaster:
            carriers = [c for c in cs if self.carries(state, c)]
            if carriers and "STEALS" in card.keywords:  # AM-7.8, AM-5.24
                self.steal_from_chars(state, d, p, carriers)
                fr["res"] = "survived"
                return
            self.start_combat(state, d, p, seat, "scav", [])  # AM-7.6
            return
        if self.text_possible(state, d, p, cs):  # AM-7.7, AM-7.8
            push(state, "ntx", d=d, p=p, cs=list(cs), effect=0)

    @step("shr")
    def _s_shr(self, state: State, fr: dict[str, Any]) -> None:
        """AM-7.11, AM-7.15: the owner shares the finds out among the surviving members."""
        g = state["g"]
        seat, p = fr["seat"], fr["p"]
        cs = [c for c in fr["cs"] if g["cp"].get(str(c)) == p]
        spoils = state["zones"].get(f"spoils:{seat}")
        if spoils:
            x = spoils[-1]
            if not cs:
                self._mv(state, x, f"spoils:{seat}", f"it:{p}", "dropped")
                return
            if len(cs) == 1:
                self._take(state, x, f"spoils:{seat}", cs[0])
                return
            options = [option("give_to", c, label=f"{state['cards'][x]} to {state['cards'][c]}") for c in cs]
            self.ask(state, seat, "share", f"{self.seat_name(seat)}: who takes this Item?", options)
            return
        while fr["eq"]:
            x = fr["eq"][0]
            card = self.defs[state["cards"][x]]
            can = [c for c in cs if not (card.is_vehicle and self.has_vehicle(state, c))]
            if not can:
                fr["eq"].pop(0)  # AM-7.15: it stays under the Location
                continue
            if len(can) == 1:
                fr["eq"].pop(0)
                self._take(state, x, f"eq:{p}", can[0])
                continue
            options = [option("give_to", c, label=f"{state['cards'][x]} to {state['cards'][c]}") for c in can]
            self.ask(state, seat, "share", f"{self.seat_name(seat)}: who takes {state['cards'][x]}?", options)
            return
        finish(state)

    @FLOW.answer("shr")
    def _o_shr(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        c = action.args[0]
        spoils = state["zones"].get(f"spoils:{seat}")
        if spoils:
            self._take(state, spoils[-1], f"spoils:{seat}", c)
        else:
            x = fr["eq"].pop(0)
            self._take(state, x, f"eq:{fr['p']}", c)

    def _take(self, state: State, x: int, src: str, c: int) -> None:
        """AM-7.11, AM-7.15: an Item (shared out from the finds) goes into the bag, Equipment (from under the
        Location, face up) onto the Character; told apart by where they lie, since a found Item is face down."""
        item = src.startswith("spoils:")
        self._mv(state, x, src, self.bag(state, c) if item else f"gear:{c}", "take")
        state["g"]["st"][str(x)] = self.stamp(state)

    # ----- Flash windows (AM-10.17 to AM-10.22) -------------------------------------------------------------------

    def open_window(self, state: State, first: int, ctx: dict[str, Any] | None) -> bool:
        """AM-10.20, AM-10.21: a Flash window; seats act in order from ``first``. Returns whether it opened.

        Every seat holding cards is asked, even when "pass" is all it can do: what a hand holds is secret, and a
        question skipped would tell everyone that the hand has nothing to play (AM-1.19). A window where no seat
        holds a card (and, in a fight, no costed card is in play) is skipped: that everyone passes is public.
        """
        zones = state["zones"]
        n = state["players"]
        g = state["g"]
        barred = g["act"] if g["phase"] == "reload" else -1  # AM-10.17
        if not any(zones[_HAND[s]] for s in range(n) if s != barred):
            if ctx is None:
                return False
            names = state["cards"]
            costed = self._costed
            if not any(names[x] in costed for c in ctx["cs"] for x in zones.get(f"gear:{c}", ())):
                return False
        push(state, "win", o=[(first + i) % n for i in range(n)], i=0, n=0, ctx=ctx)
        return True

    def _flash_possible(self, state: State, seat: int, info: tuple, ctx: dict[str, Any] | None) -> bool:
        """A cheap necessary condition for a Flash Effect to have a legal play now (see ``flash_targets``)."""
        if ctx is not None:
            return True
        g = state["g"]
        verb, _, _, aim, need_user, source = info
        cp = g["cp"]
        hv = g["hv"]
        if need_user and not any(str(cp[str(c)]) not in hv for c in g["mine"][seat]):
            return False  # no Character of this seat on the Field to use it
        if aim == "disaster":
            return bool(g["dp"])
        if verb == "STEAL_ITEM":
            owner = state["owner"]
            zones = state["zones"]
            if source != "character" and any(f"loot:{d}" in zones for d in g["dp"]):
                return True
            return source != "disaster" and any(
                owner[int(k)] != seat and str(p) not in hv and zones.get(f"bag:{owner[int(k)]}:{k}")
                for k, p in cp.items()
            )
        if aim in ("character", "own") or g["dp"]:
            return any(str(p) not in hv for p in cp.values()) or bool(g["dp"] and aim == "either")
        return False

    @step("win")
    def _s_win(self, state: State, fr: dict[str, Any]) -> None:
        g = state["g"]
        order = fr["o"]
        n = len(order)
        barred = g["act"] if g["phase"] == "reload" else -1  # AM-10.17
        zones = state["zones"]
        if fr.get("pick") is not None:  # AM-10.18: the Flash Effect is chosen; now its target
            seat = order[fr["i"]]
            x = fr["pick"]
            options = [
                option("target", t, label=text)
                for t, text in self.flash_targets(state, seat, x, fr["ctx"], [])
            ]
            self.ask(
                state,
                seat,
                "flash_target",
                f"{self.seat_name(seat)}: play {state['cards'][x]} on what?",
                options,
            )
            return
        while fr["n"] < n:
            seat = order[fr["i"]]
            if (seat != barred and zones[_HAND[seat]]) or self._costed_candidates(state, seat, fr["ctx"]):
                options = self.window_options(state, seat, fr["ctx"])
                options.append(["pass", "Pass"])  # option("pass", label="Pass")
                self.ask(state, seat, "flash", _FLASH_PROMPT[seat], options)
                return
            fr["n"] += 1  # nothing it may do, as everyone can see (an empty hand, or its own Reload)
            fr["i"] = (fr["i"] + 1) % n
        finish(state)

    @FLOW.answer("win")
    def _o_win(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "play_flash":  # its target is asked next, by the same seat
            x = self.take_named(state, f"hand:{seat}", action.args[0])
            self.mark(state, x, f"hand:{seat}", "shown")  # played: face up while its target is chosen
            fr["pick"] = x
            return
        fr["i"] = (fr["i"] + 1) % len(fr["o"])
        if verb == "pass":
            fr["n"] += 1
            return
        fr["n"] = 0
        if verb == "use":
            x = action.args[0]
            self.use_card(state, x, self.bearer(state, x, fr["ctx"]["cs"]), fr["ctx"] is not None)
        else:  # target
            self.play_flash(state, seat, fr.pop("pick"), action.args[0], fr["ctx"])

    @staticmethod
    def bearer(state: State, x: int, chars: list[int]) -> int:
        """The Character among ``chars`` that bears the Enhancement or Equipment ``x``."""
        zones = state["zones"]
        return next(c for c in chars if x in zones.get(f"gear:{c}", ()))

    def limit_ok(self, state: State, key: str, limit: tuple[int, str] | None) -> bool:
        """AM-10.9: "N per turn" and "N per game" limits."""
        if limit is None:
            return True
        n, per = limit
        rec = state["g"]["lim"].get(key)
        if rec is None:
            return True
        if per == "game":
            return rec[2] < n
        return rec[0] != state["turn"] or rec[1] < n

    def count_use(self, state: State, key: str) -> int:
        g = state["g"]
        rec = g["lim"].get(key)
        if rec is None or rec[0] != state["turn"]:
            rec = [state["turn"], 0, rec[2] if rec else 0]
            g["lim"][key] = rec
        rec[1] += 1
        rec[2] += 1
        return rec[2]

    def window_options(self, state: State, seat: int, ctx: dict[str, Any] | None) -> list[list[str]]:
        g = state["g"]
        out: list[list[str]] = []
        names = state["cards"]
        if not (g["phase"] == "reload" and seat == g["act"]):  # AM-10.17
            flash = self._flash
            seen: dict[str, int] = {}
            for x in state["zones"][_HAND[seat]]:
                name = names[x]
                info = flash.get(name)
                if info is None or (info[1] if ctx is None else info[2]):
                    continue
                if name not in seen or x < seen[name]:
                    seen[name] = x
            if seen:
                field: list[tuple[list[int], list[int]]] = []
                for name in sorted(seen):
                    if self._flash_possible(state, seat, flash[name], ctx) and self.flash_targets(
                        state, seat, seen[name], ctx, field
                    ):
                        out.append(option("play_flash", name, label=f"Play {name}"))
        for c, x in self._costed_candidates(state, seat, ctx):  # AM-8.12, AM-10.6: those it can pay for
            if self.can_pay(state, c, self.defs[names[x]].cost):
                out.append(option("use", x, label=f"Use {names[x]} for {names[c]}"))
        return out

    def _costed_candidates(
        self, state: State, seat: int, ctx: dict[str, Any] | None
    ) -> list[tuple[int, int]]:
        """AM-8.12: the costed Enhancements and Equipment ``seat`` might use in a window of a fight, as (bearer,
        card), judged on public facts alone: the card is face up on a Character of the seat in the fight, not in use,
        within its use limit (AM-10.9), and the bearer has its skills (AM-10.5).

        Whether the bearer can pay (AM-10.6) is left out: its current value counts the Items it carries, which only
        its owner knows (AM-1.26, AM-10.23). So the seat is asked whenever such a card is there, even when "Pass" is
        all it can answer, and nobody learns from the question what its Characters carry (AM-10.21).
        """
        if ctx is None:
            return []
        g = state["g"]
        names = state["cards"]
        cp = g["cp"]
        costed = self._costed
        out = []
        for c in ctx["cs"]:
            if state["owner"][c] != seat or str(c) not in cp:
                continue
            for x in state["zones"].get(f"gear:{c}", ()):
                if names[x] not in costed or self.in_use(state, c, x):
                    continue
                card = self.defs[names[x]]
                if not set(card.requires) <= self.skills(state, c):
                    continue
                if not self.limit_ok(state, f"c{x}", card.limit):
                    continue
                out.append((c, x))
        return out

    def _flash_field(self, state: State, ctx: dict[str, Any] | None) -> tuple[list[int], list[int]]:
        """The Characters and Disasters a Flash Effect may aim at now (AM-10.18, AM-6.2)."""
        g = state["g"]
        if ctx is not None:
            return [c for c in ctx["cs"] if str(c) in g["cp"]], [d for d in ctx["ds"] if str(d) in g["dp"]]
        hv = g["hv"]
        chars = sorted(int(k) for k, p in g["cp"].items() if str(p) not in hv)
        return chars, sorted(int(k) for k in g["dp"])

    def flash_users(self, state: State, seat: int, x: int, t: int) -> list[int]:
        """AM-10.19: own Characters on the target's Location that meet the requirements and can pay."""
        g = state["g"]
        card = self.defs[state["cards"][x]]
        p = g["cp"].get(str(t))
        if p is None:
            p = g["dp"].get(str(t))
        return [
            c
            for c in self._able_users(state, seat, card)
            if g["cp"][str(c)] == p and self._user_fits(state, card, c, t)
        ]

    def _able_users(self, state: State, seat: int, card: Any) -> list[int]:
        """The seat's Characters on the Field that meet a card's requirements and can pay its cost."""
        g = state["g"]
        cp = g["cp"]
        hv = g["hv"]
        req = set(card.requires)
        out = []
        for c in g["mine"][seat]:
            if str(cp[str(c)]) in hv:
                continue
            if (card.cost and not self.can_pay(state, c, card.cost)) or (
                req and not req <= self.skills(state, c)
            ):
                continue
            out.append(c)
        return out

    def _user_fits(self, state: State, card: Any, c: int, t: int) -> bool:
        """A stealer or puncher is not its own victim; an Item carrier does not steal from a Disaster (AM-6.18)."""
        verb = self._flash[card.name][0]
        if verb in ("STEAL_ITEM", "BONK") and c == t:
            return False
        return not (verb == "STEAL_ITEM" and str(t) in state["g"]["dp"] and self.carries(state, c))

    def flash_targets(
        self,
        state: State,
        seat: int,
        x: int,
        ctx: dict[str, Any] | None,
        cache: list[tuple[list[int], list[int]]],
    ) -> list[tuple[int, str]]:
        """The legal targets of one Flash Effect in this window, with labels (AM-10.18, AM-10.19)."""
        g = state["g"]
        names = state["cards"]
        card = self.defs[names[x]]
        if card.limit and not self.limit_ok(state, f"f{seat}|{card.name}", card.limit):
            return []
        verb, _, _, aim, need_user, source = self._flash[card.name]
        users: list[int] = []
        if need_user:
            users = self._able_users(state, seat, card)
            if not users:
                return []  # nobody of this seat could use it anywhere
        if not cache:
            cache.append(self._flash_field(state, ctx))
        chars, dis = cache[0]
        owner = state["owner"]
        cp = g["cp"]
        if aim == "own":
            chars = [c for c in chars if owner[c] == seat]
        if aim == "disaster":
            chars = []
        if aim == "character" or aim == "own":
            dis = []
        if verb == "STEAL_ITEM":
            chars = [c for c in chars if source != "disaster" and owner[c] != seat and self.carries(state, c)]
            dis = [d for d in dis if source != "character" and self.loot(state, d)]
        elif verb == "DESTROY_LOCATION":
            chars = [c for c in chars if cp[str(c)] not in g["dead"]]
        out = []
        if need_user:
            places = {cp[str(c)] for c in users}
            dp = g["dp"]
            for t in chars:
                p = cp[str(t)]
                if p not in places:
                    continue
                if aim == "own":
                    ok = t in users
                else:
                    ok = any(cp[str(c)] == p and self._user_fits(state, card, c, t) for c in users)
                if ok:
                    out.append((t, f"Play {names[x]} on {names[t]} ({self.seat_name(owner[t])})"))
            for t in dis:
                p = dp[str(t)]
                if p in places and any(cp[str(c)] == p and self._user_fits(state, card, c, t) for c in users):
                    out.append((t, f"Play {names[x]} on {names[t]}"))
            return out
        for t in chars:
            out.append((t, f"Play {names[x]} on {names[t]} ({self.seat_name(owner[t])})"))
        for t in dis:
            out.append((t, f"Play {names[x]} on {names[t]}"))
        return out

    def play_flash(self, state: State, seat: int, x: int, t: int, ctx: dict[str, Any] | None) -> None:
        """AM-10.22: it takes effect at once and is then discarded."""
        card = self.defs[state["cards"][x]]
        self.count_use(state, f"f{seat}|{card.name}")
        self.discard(state, x, f"hand:{seat}", "flash")
        self.log(state, {"t": "flash", "seat": seat, "name": card.name, "tg": t})
        users: list[int] = []
        e = card.effects[0]
        if card.cost or card.requires or e.verb in ("STEAL_ITEM", "DESTROY_LOCATION", "BONK", "HEAL"):
            users = [t] if card.aim == "own" else self.flash_users(state, seat, x, t)
        push(state, "fx", x=x, seat=seat, t=t, us=users, cmb=int(ctx is not None))

    @step("fx")
    def _s_fx(self, state: State, fr: dict[str, Any]) -> None:
        """AM-10.19: who uses the card, when several Characters could."""
        if len(fr["us"]) > 1:
            options = [option("used_by", c, label=f"{state['cards'][c]} uses it") for c in fr["us"]]
            self.ask(
                state,
                fr["seat"],
                "flash_user",
                f"{self.seat_name(fr['seat'])}: which Character uses {state['cards'][fr['x']]}?",
                options,
            )
            return
        self._s_fx_resolve(state, fr)

    @step("fx_resolve")
    def _s_fx_resolve(self, state: State, fr: dict[str, Any]) -> None:
        user = fr["us"][0] if fr["us"] else None
        self.resolve_flash(state, fr, user)

    @step("fx_steps")
    def _s_fx_steps(self, state: State, fr: dict[str, Any]) -> None:
        """AM-11.7, AM-5.1: the active player decides how far a Disaster goes."""
        act = state["g"]["act"]
        e = self.defs[state["cards"][fr["x"]]].effects[0]
        options = [option("steps", k, label=f"{k} step{'s' if k != 1 else ''}") for k in range(1, e.n + 1)]
        self.ask(
            state,
            act,
            "disaster_steps",
            f"{self.seat_name(act)}: how far does {state['cards'][fr['t']]} move?",
            options,
        )

    @FLOW.answer("fx")
    def _o_fx(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        fr["us"] = [action.args[0]]
        goto(fr, "fx_resolve")

    @FLOW.answer("fx_steps")
    def _o_fx_steps(self, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
        k = action.args[0]
        t = fr["t"]
        finish(state)
        if str(t) in state["g"]["dp"]:
            push(state, "dm", d=t, left=k, mode="f")

    def resolve_flash(self, state: State, fr: dict[str, Any], user: int | None) -> None:
        g = state["g"]
        card = self.defs[state["cards"][fr["x"]]]
        t = fr["t"]
        in_combat = bool(fr["cmb"])
        if user is not None and card.cost:
            self.pay(state, user, card.cost, in_combat)
        alive = str(t) in g["cp"] or str(t) in g["dp"]
        finish(state)
        if not alive:
            return
        for e in card.effects:
            if e.verb == "MODIFY":  # AM-10.22
                dur = "round" if in_combat or e.duration == "round" else e.duration
                self.add_mod(state, t, e.attr, e.op, e.value, self.expiry(state, dur, seat=state["owner"][t]))
            elif e.verb == "HEAL":  # AM-11.6
                for f in reversed(state["flow"]):
                    if (f["step"] in PHYSICAL or f["step"] in DUEL) and str(t) in f["dm"]:
                        f["dm"][str(t)] = 0
                        break
            elif e.verb == "BONK":  # AM-11.8
                if str(t) in g["cp"]:
                    self.bonk(state, t)
            elif e.verb == "DESTROY_LOCATION":  # AM-11.5
                self.destroy_location(state, g["cp"][str(t)])
            elif e.verb == "MOVE":  # AM-11.7
                if str(t) in g["dp"]:
                    goto(push(state, **fr), "fx_steps")
                    return
            elif e.verb == "STEAL_ITEM" and user is not None:  # AM-6.17 to AM-6.19, AM-11.4
                src = self.bag(state, t) if str(t) in g["cp"] else f"loot:{t}"
                pile = list(state["zones"].get(src, ()))
                if not pile:
                    return
                item = self.pick(state, pile)
                g["st"].pop(str(item), None)
                self._mv(state, item, src, self.bag(state, user), "stolen")
                g["st"][str(item)] = self.stamp(state)
                self.log(state, {"t": "steal", "c": user, "from": t})
                push(state, **self.new_mact(state, [user], self.stat(state, user, "mov"), "free"))

    def use_card(self, state: State, x: int, c: int, in_combat: bool) -> None:
        """AM-10.6 to AM-10.9: pay the cost; the card's effect lasts this round (or this phase)."""
        g = state["g"]
        card = self.defs[state["cards"][x]]
        self.pay(state, c, card.cost, in_combat)
        g["ch"][str(c)].setdefault("ac", []).append([x, self.expiry(state, "use", in_combat=in_combat)])
        uses = self.count_use(state, f"c{x}")
        self.log(state, {"t": "use", "c": c, "name": card.name})
        if card.limit and card.limit[1] == "game" and uses >= card.limit[0]:
            g.setdefault("gx", []).append([x, c])

    # ----- words used in labels -----------------------------------------------------------------------------------

    def char_label(self, state: State, c: int) -> str:
        """A Character with its owner and place, e.g. "Reiko Sato (P2, Police Station)"."""
        g = state["g"]
        p = g["cp"].get(str(c))
        where = "" if p is None else (", in a Haven" if str(p) in g["hv"] else f", {state['cards'][p]}")
        return f"{state['cards'][c]} ({self.seat_name(state['owner'][c])}{where})"


def _phase_step(phase: str) -> StepFn:
    def run_phase(game: FlowRules, state: State, fr: Frame) -> None:
        done(state)
        game.start_phase(state, phase)

    return run_phase


# AM-3.1: a turn is its six phases in order, then its end
for _phase in PHASES:
    step(f"phase_{_phase}")(_phase_step(_phase))
FLOW.sequence("turn", [*(f"phase_{p}" for p in PHASES), "turn_over"])
