"""B-Poker flow: hands, turns, the task stack, plays, reaction windows, 5 follow-ups and f_poker.

Sections 4-9 of the rules, plus the parts of sections 10, 16, 17, 21 and 27 that concern how a card arrives on a
table. Everything pending lives in ``state["g"]["stack"]`` (a list of task dicts, the top one runs first, BP-11.18).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from ...core import rng
from ...core.actions import Action, option
from .base import (
    CTBP,
    EFFECTIVE_WILDS,
    NE,
    REVEAL,
    SIDE,
    SK,
    STASH,
    TABLE,
    VIEW,
    WILD,
    WILD_NE,
    WILDS,
    Base,
    pot_zone,
)
from .cards import FACES, power_key, value_name

State = dict[str, Any]
Task = dict[str, Any]

SIDE_VERBS = frozenset(("declare", "restore", "upright_six", "turn_six", "neutralize"))
"""Options a player may take at any of their decision points (BP-3.2, BP-22.3, BP-26.49, BP-27.14)."""

GUARDED = Action("", "guarded", ())
"""What a task is handed once its Magic question (use_magic / let_it_happen) is answered (BP-21.15)."""

_TRIGGER_WORDS = {"three": "three", "bh": "black_hole", "wh": "white_hole"}  # trigger kind -> verb argument
_TRIGGER_KINDS = {v: k for k, v in _TRIGGER_WORDS.items()}


class _Bound(dict):  # type: ignore[type-arg]
    """Bound methods of one rules object looked up by name once (``prefix + name``)."""

    def __init__(self, obj: Any, prefix: str) -> None:
        super().__init__()
        self.obj = obj
        self.prefix = prefix

    def __missing__(self, name: str) -> Any:
        fn = getattr(self.obj, self.prefix + name)
        self[name] = fn
        return fn


_CTBP = {n: tuple(f"ctbp:{s}" for s in range(n)) for n in range(1, 7)}
_WILD_THREES = frozenset(("3♥", "3♠", "3♦"))
_POWER_WORDS: dict[tuple[Any, ...], tuple[str, str]] = {}  # value in effect -> (power key, words)
_PLAY_PROMPT = tuple(f"P{s + 1}: play a card or a pair" for s in range(6))


class Flow(Base):
    """The flow of hands and turns, and the arrival of played cards."""

    # ----- the run loop -----------------------------------------------------------------------------------------------

    def _run(self, state: State) -> None:
        g = state["g"]
        opts = state["options"]
        decision_cap = opts["hand_decision_cap"]
        turn_cap = opts["hand_turn_cap"]
        zones = state["zones"]
        ctbp_lists = [zones[z] for z in _CTBP[state["players"]]]  # the rules never replace a zone's list
        tables = self._tables
        tasks = tables[1]
        phases = tables[2]
        # The safety caps are checked here and after every flow step: only act() (the decision count) and the turn
        # step (the turn count) raise them, and a task never does.
        if g["hd"] >= decision_cap or g["ht"] > turn_cap:
            self.end_hand(state, self._exhaustion_winner(state), "exhausted")
        while state["result"] is None:
            st = g["stack"]
            if st:
                task = st[-1]
                if tasks[task["k"]](state, task, None):
                    return
                continue
            ph = g["ph"]
            if ph != "hstart":
                waiting = False
                for cards in ctbp_lists:
                    if cards:
                        waiting = True
                        break
                if waiting:
                    asked = self._ctbp_obligation(state)
                    if asked is not None:
                        if asked:
                            return
                        continue
            if phases[ph](state):
                return
            if g["hd"] >= decision_cap or g["ht"] > turn_cap:
                self.end_hand(state, self._exhaustion_winner(state), "exhausted")

    @cached_property
    def _tables(self) -> tuple[Any, ...]:
        """Bound handlers looked up by name once: (self, tasks ``_t_``, flow steps ``_f_``, flow answers ``_fa_``,
        powers ``_p_``, pairs ``_pair_``)."""
        return (
            self,
            _Bound(self, "_t_"),
            _Bound(self, "_f_"),
            _Bound(self, "_fa_"),
            _Bound(self, "_p_"),
            _Bound(self, "_pair_"),
        )

    def pop(self, state: State, task: Task) -> None:
        st = state["g"]["stack"]
        for i in range(len(st) - 1, -1, -1):
            if st[i] is task:
                del st[i]
                return

    @staticmethod
    def push(state: State, task: Task) -> None:
        state["g"]["stack"].append(task)

    def task_ask(
        self,
        state: State,
        task: Task | None,
        seat: int,
        kind: str,
        prompt: str,
        options: list[list[str]],
        side: bool = True,
    ) -> bool:
        """Ask ``seat`` (with the side options it has now, BP-3.2, BP-22.3, BP-26.49, BP-27.14).

        ``side=False`` asks the later steps of one choice split into small decisions (the next card of a set, a
        pair's partner, a forced card's table): the side options were offered at its first step, as before."""
        if task is not None:
            task["w"] = 1
            state["g"]["fw"] = None
            if task["k"] == "decl":  # no side options inside a declaration
                side = False
        if not side:
            state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}
            return True
        side = self.side_options(state, seat)
        if side:
            options = options + side
        state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}  # as Game.ask
        return True

    def act(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        g["hd"] += 1
        verb = action.verb
        if verb in SIDE_VERBS:
            self.do_side(state, seat, action)
            self._run(state)
            return
        tables = self._tables
        st = g["stack"]
        if st and st[-1].get("w"):
            task = st[-1]
            task["w"] = 0
            if verb in ("use_magic", "let_it_happen"):
                victim = task.pop("mgv")
                used = verb == "use_magic"
                task.setdefault("mg", {})[str(victim)] = used
                if used:
                    self.use_magic(state, victim)
                action = GUARDED
            if tables[1][task["k"]](state, task, action):
                return
        else:
            fw = g["fw"]
            g["fw"] = None
            tables[3][fw](state, seat, action)
        self._run(state)

    def only(self, options: list[list[str]]) -> Action:
        """The answer when a decision has a single option and is taken without asking."""
        return self.parse_action(options[0][0])

    def offer_names(self, state: State, zone: str) -> list[str]:
        """The names of the cards of ``zone``, each once, in the order the cards lie: what a ``CardArg`` option may
        name there. Which cards each name stands for is fixed now, as the option is offered (its copies, lowest
        id first), so answering picks out no card by what the other cards of a hidden pile turn out to be."""
        names = state["cards"]
        copies: dict[str, list[int]] = {}
        for c in sorted(state["zones"][zone]):
            copies.setdefault(names[c], []).append(c)
        state["g"]["named"][zone] = copies
        return list(dict.fromkeys(names[c] for c in state["zones"][zone]))

    def named(self, state: State, zone: str, name: str) -> int:
        """The card a ``CardArg`` option names in a zone (see :meth:`claim`)."""
        return self.claim(state, zone, [name])[0]

    def claim(self, state: State, zone: str, wanted: list[str]) -> list[int]:
        """The cards of ``zone`` that a choice by name picks out, one per name: the copies fixed when the option was
        offered (:meth:`offer_names`) that are still there, then the lowest ids of that name (BP-1.2: copies are
        distinct cards, but two copies in one pile are one option)."""
        names = state["cards"]
        ids = state["zones"][zone]
        offered = state["g"]["named"].get(zone, {})
        picked: list[int] = []
        for name in wanted:
            for c in [*offered.get(name, ()), *sorted(ids)]:
                if c in ids and names[c] == name and c not in picked:
                    picked.append(c)
                    break
            else:
                raise ValueError(f"no {name!r} left in {zone}")
        return picked

    # ----- Magic against an effect (BP-21.15, BP-21.16) ---------------------------------------------------------------

    def guard(self, state: State, task: Task, victim: int, words: str) -> bool | None:
        """Whether Magic stops this effect against ``victim``: True/False, or None when the victim is being asked."""
        mg = task.setdefault("mg", {})
        key = str(victim)
        if key in mg:
            return mg[key]
        if victim == task["you"] or not state["g"]["inh"][victim] or not self.magic_units(state, victim):
            mg[key] = False
            return False
        task["mgv"] = victim
        self.task_ask(
            state,
            task,
            victim,
            "magic",
            f"{self.seat_name(victim)}: use Magic (discard your 10♦) against {words}?",
            [
                option("use_magic", label="Use Magic: this effect skips you"),
                option("let_it_happen", label="Let it happen"),
            ],
        )
        return None

    def use_magic(self, state: State, seat: int, playing: tuple[int, ...] = ()) -> None:
        """Discard the seat's first usable 10♦ (a 10♦ in effect: its face card) for Magic (BP-21.13, BP-21.15);
        never one of the cards ``playing``, which are the very card being played (BP-21.14, BP-27.5)."""
        unit = next(u for u in self.magic_units(state, seat) if u not in playing)
        self.off_table(state, seat, self.face_card(state, unit), "discard", "magic")
        self.log(state, {"t": "magic", "seat": seat})

    # ----- hands (section 4) ------------------------------------------------------------------------------------------

    def _f_hstart(self, state: State) -> bool:
        """BP-4.2, BP-4.3: antes (a fee, no cannibalizing), then every player draws."""
        g = state["g"]
        n = state["players"]
        g["inh"] = list(g["ing"])
        first = g["first"]
        for s in range(n):
            fee = self.fee_size(state, s, 1)
            if len(state["zones"][STASH[s]]) < fee:
                g["ing"][s] = False
                g["inh"][s] = False
                self.log(state, {"t": "out", "seat": s})
        alive = [s for s in range(n) if g["ing"][s]]
        if len(alive) <= 1:
            self.finish(state, alive, "last player left in the game" if alive else "no player can ante")
            return True
        if not g["ing"][first]:
            first = self.step_seat(state, first, g["dir"])
            g["first"] = first
        self.log(state, {"t": "hand", "n": g["hand"] + 1, "first": first})
        for s in self._seats_from(state, first):
            self.pay_from_stash(state, s, self.fee_size(state, s, 1), "pot", "ante")
        for s in self._seats_from(state, first):
            self.draw_to_size(state, s)
        g["active"] = first
        g["ph"] = "tbegin"
        return False

    def _seats_from(self, state: State, seat: int) -> list[int]:
        """Players in the hand starting with ``seat`` itself, in the direction of play."""
        g = state["g"]
        n = state["players"]
        return [(seat + g["dir"] * i) % n for i in range(n) if g["inh"][(seat + g["dir"] * i) % n]]

    def reshuffle(self, state: State) -> None:
        """BP-4.7: the discard is shuffled into the draw pile."""
        z = state["zones"]
        self.move_all(state, z["discard"], "discard", "draw", cause="reshuffle")
        rng.shuffle(state, z["draw"])
        self.log(state, {"t": "shuffle"})

    def draw_to_size(self, state: State, seat: int) -> None:
        """BP-5.4: draw until the viewing hand holds the correct number (or nothing is left to draw)."""
        self._draw_up_to(state, seat, self.view_size(state, seat))

    def _draw_up_to(self, state: State, seat: int, size: int) -> None:
        """BP-5.4: draw the top card of the draw pile, one by one, until the viewing hand holds ``size`` cards; an
        empty draw pile is refilled from the shuffled discard (BP-4.7), and with both empty the drawing stops."""
        zones = state["zones"]
        hand = zones[VIEW[seat]]
        draw = zones["draw"]
        while len(hand) < size:
            if not draw:
                if not zones["discard"]:
                    return
                self.reshuffle(state)
            k = min(size - len(hand), len(draw))
            self.move_all(state, draw[: -k - 1 : -1], "draw", VIEW[seat], cause="draw")

    def _exhaustion_winner(self, state: State) -> int | None:
        """The safety caps (options hand_decision_cap, hand_turn_cap): a strictly best declared hand wins."""
        best = -1
        winner = None
        for s in self.in_hand(state):
            sc = self.declared_score(state, s)
            if sc > best:
                best, winner = sc, s
            elif sc == best:
                winner = None
        return winner if best >= 0 else None

    def end_hand(self, state: State, winner: int | None, reason: str) -> None:
        """BP-4.4 .. BP-4.7 (and BP-9.3 for an f_poker hand): pot to the winner, scrap everything, next hand."""
        g = state["g"]
        g["stack"] = []
        g["fw"] = None
        depth = g["depth"]
        pot = pot_zone(depth)
        self.log(state, {"t": "hand_won", "seat": winner, "reason": reason, "depth": depth})
        zones = state["zones"]
        if winner is not None:
            self.move_all(state, zones[pot], pot, STASH[winner], cause="pot_won")  # BP-4.5
        elif depth > 0:
            self.move_all(state, zones[pot], pot, pot_zone(depth - 1), cause="pot_carried")
        for s in range(state["players"]):
            self.scrap(state, s, whole=True)
            self.move_all(state, zones[VIEW[s]], VIEW[s], "discard", cause="scrap")
            self.move_all(state, zones[CTBP[s]], CTBP[s], "discard", cause="scrap")
            g["decl"][s] = None
            g["dsig"][s] = None
        for c in list(state["zones"]["limbo"]):
            self.forget_tile(state, c)
            self.move(state, c, "limbo", "discard", cause="scrap")
        g["jnext"] = False
        g["ring"] = None
        g["ctrl"] = {}
        g["skip"] = []
        g["chosen"] = []
        g["named"] = {}
        if depth > 0:
            self.end_fpoker(state, winner)
            return
        g["hand"] += 1
        opts = state["options"]
        limit = opts["max_hands"] if opts["max_hands"] is not None else opts["hands_cap"]
        if g["hand"] >= limit:
            sizes = [len(state["zones"][STASH[s]]) if g["ing"][s] else -1 for s in range(state["players"])]
            top = max(sizes)
            winners = [s for s in range(state["players"]) if sizes[s] == top]
            self.finish(
                state, winners, f"hand limit reached: the largest stash wins ({top} cards)", draw=False
            )
            return
        self.reshuffle(state)
        g["first"] = self.step_seat_game(state, g["first"])
        g["ph"] = "hstart"
        g["hd"] = 0
        g["ht"] = 0

    def step_seat_game(self, state: State, seat: int) -> int:
        """BP-4.3: the next player in the game after ``seat`` in the direction of play."""
        g = state["g"]
        n = state["players"]
        s = seat
        for _ in range(n):
            s = (s + g["dir"]) % n
            if g["ing"][s]:
                return s
        return seat

    def scrap(self, state: State, seat: int, whole: bool) -> None:
        """BP-4.6, BP-5.5: table cards go to the discard, except the scrap-proof tiles (BP-26.42, BP-26.71)."""
        g = state["g"]
        if not g["tof"]:  # no tile anywhere: every card of the table goes, one by one (as unit_off_table)
            table = state["zones"][TABLE[seat]]
            cards = list(table)
            decl = g["decl"][seat]
            held = [i for i, c in enumerate(cards) if decl is not None and c in decl["c"]]
            if held:  # the declaration ends as the first card of it leaves (BP-3.3)
                self.move_all(state, cards[: held[0] + 1], TABLE[seat], "discard", cause="scrap")
                self.undeclare(state, seat)
                cards = cards[held[0] + 1 :]
            self.move_all(state, cards, TABLE[seat], "discard", cause="scrap")
        else:
            self._scrap_units(state, seat)
        if not whole:
            self.undeclare(state, seat)
            self.log(state, {"t": "scrap", "seat": seat})

    def _scrap_units(self, state: State, seat: int) -> None:
        for u in self.units(state, seat):
            tile = self.tile_of(state, u)
            if tile is not None and tile["k"] in ("six", "lock"):
                continue
            self.unit_off_table(state, seat, u, "discard", "scrap")

    # ----- turns (section 5) -----------------------------------------------------------------------------------------

    def _f_tbegin(self, state: State) -> bool:
        """BP-5.1, BP-5.3, BP-14.2, BP-26.57, BP-26.59, BP-26.88.

        With no trigger to resolve, the turn goes straight on to the win check (the run loop would find nothing else
        to do in between, and checks the turn cap just as :meth:`_run` does)."""
        g = state["g"]
        seat = g["active"]
        state["turn"] += 1
        g["ht"] += 1
        g["plays"] = 0
        g["over"] = False
        g["exempt"] = []
        g["scrap_ok"] = True
        if g["noret"] is not None and g["noret"] != seat:
            g["noret"] = None
        if seat in g["skip"]:
            g["skip"].remove(seat)
            state["events"].append({"t": "skipped", "seat": seat})
            g["ph"] = "next"
            return False
        state["events"].append({"t": "turn", "seat": seat, "turn": state["turn"]})
        tiles = g["tiles"]
        g["ph"] = "win"
        if tiles or not _WILD_THREES.isdisjoint(map(state["cards"].__getitem__, state["zones"][TABLE[seat]])):
            trig: list[list[Any]] = []
            if self._has_three_trigger(state, seat):
                trig.append(["three", seat])
            if tiles:
                inh = g["inh"]
                for tile in tiles.values():
                    if tile["k"] in ("bh", "wh") and inh[tile["s"]]:
                        trig.append([tile["k"], tile["s"]])
            if trig:
                g["stack"].append({"k": "trig", "you": seat, "l": trig})
                return False
        if g["ht"] > state["options"]["hand_turn_cap"]:
            return False
        return self._f_win(state)

    def _has_three_trigger(self, state: State, seat: int) -> bool:
        """BP-14.2, BP-14.3, BP-14.5: a 3♥/♠/♦ on the table (wild or face up, not no-effect) or a tile in effect.

        A wild 3 was seen face up by every seat before it turned face down (BP-14.1), and its face stays known to
        all (BP-1.4), so whether it fires depends on nothing hidden."""
        g = state["g"]
        tof = g["tof"]
        names = state["cards"]
        marks = state["marks"]
        table = state["zones"][TABLE[seat]]
        if not _WILD_THREES.isdisjoint(map(names.__getitem__, table)):
            for c in table:
                if names[c] in _WILD_THREES:
                    key = SK[c]
                    mark = marks.get(key)
                    if key not in tof and (mark is None or mark in EFFECTIVE_WILDS):
                        return True
        if tof:
            for tile in g["tiles"].values():
                if (
                    tile["s"] == seat
                    and tile["k"] in ("five", "set5")
                    and len(tile["c"]) > 1
                    and "hold" not in tile
                ):
                    if not self.is_ne(state, tile["c"][-1]):
                        ev = tile["ev"][-1]
                        if ev[0] == 3 and ev[1] in (1, 2, 3):
                            return True
        return False

    def _t_trig(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-5.3, BP-11.8: beginning-of-turn triggers, in the order the active player picks."""
        items = task["l"]
        if ans is not None:  # two equal triggers are one option: the first of them resolves
            want = [_TRIGGER_KINDS[ans.args[0]], ans.args[1]]
            i = next(j for j, t in enumerate(items) if [t[0], t[1]] == want)
        elif len({(t[0], t[1]) for t in items}) <= 1:
            i = 0
        else:
            seat = task["you"]
            opts = []
            for kind, owner in dict.fromkeys((t[0], t[1]) for t in items):
                words = {"three": "your 3's trigger", "bh": "Black Hole", "wh": "White Hole"}[kind]
                opts.append(
                    option(
                        "trigger",
                        _TRIGGER_WORDS[kind],
                        owner,
                        label=f"Resolve {words} of {self.seat_name(owner)} next",
                    )
                )
            return self.task_ask(
                state, task, seat, "trigger_order", f"{self.seat_name(seat)}: order the triggers", opts
            )
        kind, owner = items.pop(i)
        if not items:
            self.pop(state, task)
        g = state["g"]
        if kind == "three":
            g["exempt"] = list(state["zones"][TABLE[owner]])
            self.log(state, {"t": "three", "seat": owner})
        elif kind == "bh":  # BP-26.57: each other player pays the owner 2 cards, a fee
            payers = self.opponents(state, owner)
            self.push_fees(state, owner, [[p, 2, STASH[owner], 1] for p in payers], "Black Hole")
        else:  # BP-26.59
            payees = self.opponents(state, owner)
            self.push_fees(state, owner, [[owner, 2, STASH[p], 1] for p in payees], "White Hole")
        return False

    def _f_win(self, state: State) -> bool:
        """BP-6.1, BP-9.3, BP-26.19: the win check, then (the hand going on) straight to the draw step."""
        g = state["g"]
        seat = g["active"]
        g["ph"] = "draw"
        if g["nowin"] == seat:
            g["nowin"] = None
            return self._f_draw(state)
        g["nowin"] = None
        decl = g["decl"]
        mine = decl[seat]
        if mine is not None:
            score = mine["sc"]
            inh = g["inh"]
            for s in range(state["players"]):
                if s != seat and inh[s] and decl[s] is not None and decl[s]["sc"] >= score:
                    break
            else:
                self.end_hand(state, seat, "the best declared hand at the win check")
                return False
        return self._f_draw(state)

    def _f_draw(self, state: State) -> bool:
        """BP-5.4, then straight to the play step (drawing leaves the table, and so its effects, as they were)."""
        g = state["g"]
        seat = g["active"]
        fx = self.table_fx(state, seat)
        self._draw_up_to(state, seat, state["options"]["viewing_hand"] + fx[0])
        g["ph"] = "play"
        return self._play_step(state, fx)

    def _f_play(self, state: State) -> bool:
        """BP-5.5 .. BP-5.8: the play step."""
        return self._play_step(state, None)

    def _play_step(self, state: State, fx: tuple[int, int, int] | None) -> bool:
        """The play step; ``fx`` is the active table's :meth:`table_fx` when the caller has it."""
        g = state["g"]
        seat = g["active"]
        if g["chosen"]:  # a pair or set is being chosen card by card (BP-5.6)
            return self._ask_set(state, seat)
        if g["over"] or not g["inh"][seat]:
            g["ph"] = "end"
            return self._f_end(state)
        zones = state["zones"]
        table = zones[TABLE[seat]]
        if fx is None:
            fx = self.table_fx(state, seat)
        if g["tof"] or g["exempt"]:
            full = self.counted(state, seat) >= state["options"]["table_max"] + fx[1]
        else:  # no tile and no exempt card: every card counts (counted)
            full = len(table) >= state["options"]["table_max"] + fx[1]
        hand = zones[VIEW[seat]]
        can_scrap = g["plays"] == 0 and g["scrap_ok"] and table
        if full or not hand:
            if not can_scrap:
                if full:
                    state["events"].append({"t": "table_full", "seat": seat})
                g["ph"] = "end"
                return self._f_end(state)
            opts = [
                option(
                    "pass",
                    label="Do not scrap: your turn ends"
                    if full
                    else "Do not scrap: you have no card to play",
                )
            ]
        else:
            opts = self.play_options(state, seat)
            if g["plays"] > 0:
                opts.append(option("end_turn", label="End your turn"))
        if can_scrap:
            opts.append(option("scrap", label="Scrap your hand (your table goes to the discard)"))
        g["fw"] = "play"
        return self.task_ask(state, None, seat, "play", _PLAY_PROMPT[seat], opts)

    def play_options(self, state: State, seat: int) -> list[list[str]]:
        """One card by name, or the first card of a pair or set (BP-5.6, BP-26.2)."""
        hand = state["zones"][VIEW[seat]]
        held = self.offer_names(state, VIEW[seat])
        opts = [option("play", name, label="Play " + name) for name in held]
        groups = self.pairs_in(state, hand)
        if groups:
            names = state["cards"]
            starts = {names[c] for _key, cards in groups for c in cards}
            opts += [
                option("add_to_set", name, label=f"Start a pair or set with {name}")
                for name in held
                if name in starts
            ]
        return opts

    def _set_choices(self, state: State, seat: int, chosen: list[str]) -> tuple[list[str], str | None]:
        """The cards that may come next in a pair or set begun with ``chosen`` (names, in viewing-hand order), and
        the pair key of the group ``chosen`` already makes, if any (BP-26.1, BP-26.12)."""
        names = state["cards"]
        want = Counter(chosen)
        more: set[str] = set()
        whole = None
        for key, cards in self.pairs_in(state, state["zones"][VIEW[seat]]):
            have = Counter(names[c] for c in cards)
            if any(have[n] < k for n, k in want.items()):
                continue
            if len(cards) == len(chosen):
                whole = key
            else:
                more.update(n for n, k in have.items() if k > want[n])
        return [n for n in self.offer_names(state, VIEW[seat]) if n in more], whole

    def _ask_set(self, state: State, seat: int) -> bool:
        """BP-5.6: a pair or set is chosen one card at a time, then played as one play. The player is asked after
        every card, even when the set can only be played as it is, so that no one else learns from the pace of the
        questions what else the hand holds."""
        g = state["g"]
        chosen = g["chosen"]
        so_far = " + ".join(chosen)
        more, whole = self._set_choices(state, seat, chosen)
        opts = [option("add_to_set", name, label=f"Add {name} to {so_far}") for name in more]
        if whole is not None:
            opts.append(option("play_set", label=f"Play the set {so_far}"))
        g["fw"] = "set"
        return self.task_ask(
            state,
            None,
            seat,
            "set",
            f"{self.seat_name(seat)}: the next card of the pair or set",  # its cards are told in the labels only
            opts,
            False,
        )

    def _fa_set(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        if action.verb == "add_to_set":
            g["chosen"].append(action.args[0])  # asked again: the next card, or playing the set as it is
            return
        chosen = g["chosen"]
        g["chosen"] = []
        self._play_set(state, seat, chosen)

    @staticmethod
    def _group_order(key: str, names: list[str]) -> list[str]:
        """The order in which a group's cards lie once played (a 5+5+card's third card last, BP-26.34; the 10♦ of
        a 10♦+card first, BP-26.67); other groups by name."""
        if key == "jj7":
            return sorted(names, key=lambda n: n != "Joker")
        if key == "2h2d":
            return ["2♥", "2♦"]
        if key == "9d10c":
            return ["9♦", "10♣"]
        if key == "55x":
            return sorted(names, key=lambda n: (FACES[n].rank != 5, n))
        if key == "lock":
            rest = list(names)
            rest.remove("10♦")
            return ["10♦", *rest]
        return sorted(names)

    def _play_set(self, state: State, seat: int, chosen: list[str]) -> None:
        """BP-5.6, BP-26.4: the pair or set is one play."""
        g = state["g"]
        g["plays"] += 1
        key = self.pair_key(chosen)  # type: ignore[attr-defined]
        names = self._group_order(key, chosen)
        if key == "9d10c":  # its cards leave the hand once their table is chosen (BP-26.61)
            self.push(
                state,
                {"k": "pair", "key": key, "you": seat, "cs": [], "names": names, "st": 0, "src": VIEW[seat]},
            )
            return
        self.push_play(state, seat, self.claim(state, VIEW[seat], names), VIEW[seat], "hand", None, pair=key)

    def _fa_play(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        g["scrap_ok"] = False
        verb = action.verb
        if verb in ("end_turn", "pass"):
            g["over"] = True
            return
        if verb == "scrap":  # BP-5.5
            self.scrap(state, seat, whole=False)
            return
        if verb == "add_to_set":
            g["chosen"] = [action.args[0]]
            return
        g["plays"] += 1
        state["g"]["stack"].append(
            {
                "k": "pl",
                "you": seat,
                "cs": [self.named(state, VIEW[seat], action.args[0])],
                "src": VIEW[seat],
                "via": "hand",
                "fr": None,
                "st": 0,
            }
        )  # push_play

    def _f_end(self, state: State) -> bool:
        """BP-5.10: discard down to the correct number, choosing which."""
        g = state["g"]
        seat = g["active"]
        hand = state["zones"][VIEW[seat]]
        if hand and g["inh"][seat] and len(hand) > self.view_size(state, seat):
            held = self.offer_names(state, VIEW[seat])
            if len(hand) == 1:  # only a choice forced by what everyone sees is made without asking
                self.move(
                    state, self.named(state, VIEW[seat], held[0]), VIEW[seat], "discard", cause="end_discard"
                )
                return False
            opts = [option("discard", name, label=f"Discard {name}") for name in held]
            g["fw"] = "end"
            extra = len(hand) - self.view_size(state, seat)
            return self.task_ask(
                state, None, seat, "discard", f"{self.seat_name(seat)}: discard {extra} more", opts
            )
        g["ph"] = "next"
        return False

    def _fa_end(self, state: State, seat: int, action: Action) -> None:
        self.move(
            state, self.named(state, VIEW[seat], action.args[0]), VIEW[seat], "discard", cause="end_discard"
        )

    def _f_next(self, state: State) -> bool:
        """BP-5.1, BP-26.80, BP-26.81: the turn passes in the (current) direction of play.

        A turn that asks nothing and ends with the turn passing again is followed here by the next one: the run loop
        would find nothing else to do in between (no task, no result, no cards-to-be-played, the caps as it checks
        them), so it is not gone back to."""
        g = state["g"]
        opts = state["options"]
        n = state["players"]
        inh = g["inh"]
        while True:
            seat = g["active"]
            d = g["dir"]
            s = seat
            for _ in range(n):  # as next_seat
                s = (s + d) % n
                if inh[s] and s != seat:
                    break
            else:
                s = seat
            g["active"] = s
            g["exempt"] = []
            g["ph"] = "tbegin"
            if self._f_tbegin(state):
                return True
            if (
                g["ph"] != "next"
                or g["stack"]
                or state["result"] is not None
                or g["hd"] >= opts["hand_decision_cap"]
                or g["ht"] > opts["hand_turn_cap"]
                or g["inh"] is not inh
            ):
                return False

    def end_turn_of(self, state: State, seat: int) -> None:
        """BP-5.11: the active player's turn ends once the current effect has resolved."""
        g = state["g"]
        if g["active"] == seat:
            g["over"] = True
            g["noret"] = seat  # BP-25.2, BP-25.8
            if g["ph"] in ("tbegin", "win", "draw"):
                g["ph"] = "play"

    # ----- cards-to-be-played (BP-5.9, BP-21.22, BP-21.28) ----------------------------------------------------------

    def _ctbp_obligation(self, state: State) -> bool | None:
        """None when nobody must play cards-to-be-played; True when asked; False when played at once."""
        g = state["g"]
        if g["ph"] == "hstart":
            return None
        zones = state["zones"]
        if not any(zones[z] for z in _CTBP[state["players"]]):
            return None
        start = g["active"] if g["inh"][g["active"]] else self.next_seat(state, g["active"])
        for s in self._seats_from(state, start):
            ctbp = state["zones"][f"ctbp:{s}"]
            if not ctbp:
                continue
            chooser = self.chooser(state, s)
            opts = [
                option(
                    "play_to_be_played",
                    name,
                    label=f"Play {name} from {self.seat_name(s)}'s cards-to-be-played",
                )
                for name in self.offer_names(state, CTBP[s])
            ]
            g["fw"] = "cp"
            g["cps"] = s
            if len(opts) == 1 and chooser == s:
                self._fa_cp(state, s, self.only(opts))
                return False
            words = "your" if chooser == s else f"{self.seat_name(s)}'s"
            return self.task_ask(
                state,
                None,
                chooser,
                "ctbp",
                f"{self.seat_name(chooser)}: play one of {words} cards-to-be-played",
                opts,
            )
        return None

    def _fa_cp(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        s = g["cps"]
        g["fw"] = None
        cid = self.named(state, CTBP[s], action.args[0])
        ctl = g["ctrl"].get(str(s))
        forcer = ctl[0] if ctl else None
        self.push_play(state, s, [cid], f"ctbp:{s}", "ctbp" if forcer is None else "force", forcer)

    def chooser(self, state: State, seat: int) -> int:
        """BP-21.22: a controlled player's plays are picked by the controller."""
        ctl = state["g"]["ctrl"].get(str(seat))
        return ctl[0] if ctl else seat

    # ----- side options (declare, J discard, 6+6+6 trigger, Neutralization) ------------------------------------------

    def side_options(self, state: State, seat: int) -> list[list[str]]:
        g = state["g"]
        table = state["zones"][TABLE[seat]]
        if not table or not g["inh"][seat] or g["ph"] == "hstart":
            return []
        out: list[list[str]] = []
        own_turn = g["active"] == seat
        tof = g["tof"]
        marks = state["marks"]
        marked = bool(marks) and not marks.keys().isdisjoint(map(SK.__getitem__, table))
        if own_turn and len(table) >= 5:  # BP-3.2: declare when the table offers a hand not declared yet
            if not marked and not g["tiles"]:
                if g["dsig"][seat] != table:  # the signature is the table itself (hand_signature)
                    out.append(option("declare", label="Declare your 5-card poker hand"))
            else:
                sig = self.hand_signature(state, seat)
                if len(sig) >= 5 and g["dsig"][seat] != sig:
                    out.append(option("declare", label="Declare your 5-card poker hand"))
        names = state["cards"]
        if not marked:
            # no marked card on this table: no no-effect J and no wild, so only the 6+6+6 trigger can be offered
            if own_turn and tof and g["ph"] in ("play", "end"):
                self._six_options(state, seat, out)
            return out
        ne_js, wild_units, clubs = self._side_cards(state, seat)
        if ne_js and (own_turn or state["zones"][f"ctbp:{seat}"]):  # BP-22.3 .. BP-22.5
            j = ne_js[0]
            for s in self.in_hand(state):
                for c in state["zones"][TABLE[s]]:
                    key = SK[c]
                    if c != j and key not in tof and marks.get(key) == NE:
                        out.append(
                            option(
                                "restore",
                                c,
                                label=f"Discard your no-effect J to restore {names[c]} ({self.seat_name(s)})",
                            )
                        )
            for tile in self.tiles_on(state, seat, "six"):  # BP-26.51, BP-26.52
                if tile.get("sd"):
                    out.append(
                        option(
                            "upright_six",
                            tile["c"][0],
                            label="Discard your no-effect J to turn a 6 of your 6+6+6 upright",
                        )
                    )
        if own_turn and tof and g["ph"] in ("play", "end"):
            self._six_options(state, seat, out)
        if clubs and wild_units:  # BP-27.13 .. BP-27.15
            a = clubs[0]
            for w in wild_units:
                if w != a:
                    out.append(option("neutralize", w, label="Neutralization: discard your 3♣ and a wild"))
        return out

    def _side_cards(self, state: State, seat: int) -> tuple[list[int], list[int], list[int]]:
        """The no-effect Js (BP-22.3), the wilds and the 3♣s in effect (BP-27.13, BP-27.15) of a table; a tile is
        named by its first card."""
        g = state["g"]
        tof = g["tof"]
        marks = state["marks"]
        names = state["cards"]
        ne_js = []
        wild_units = []
        clubs = []
        for c in state["zones"][TABLE[seat]]:
            key = SK[c]
            mark = marks.get(key)
            tid = tof.get(key)
            if tid is not None:
                tile = g["tiles"][tid]
                if (
                    tile["c"][-1] == c
                    and tile["k"] in ("five", "set5")
                    and len(tile["c"]) > 1
                    and "hold" not in tile
                ):
                    if mark in WILDS:
                        wild_units.append(tile["c"][0])
                    elif mark is None and tile["ev"][-1][:2] == [3, 0]:
                        clubs.append(tile["c"][0])
                continue
            if mark == NE and FACES[names[c]].rank == 11:
                ne_js.append(c)
            elif mark in WILDS:
                wild_units.append(c)
            elif mark is None and names[c] == "3♣":
                clubs.append(c)
        return ne_js, wild_units, clubs

    def _six_options(self, state: State, seat: int, out: list[list[str]]) -> None:
        """BP-26.48, BP-26.49: the owner's 6+6+6 tiles with an upright 6."""
        for tile in self.tiles_on(state, seat, "six"):
            if len(tile.get("sd", [])) < 3:
                out.append(
                    option("turn_six", tile["c"][0], label="Turn a 6 of your 6+6+6 sideways and force a card")
                )

    def do_side(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        verb = action.verb
        if verb == "declare":
            self.push(state, {"k": "decl", "you": seat, "why": "choice"})
            return
        if verb == "restore":  # BP-22.4, BP-22.5: the first no-effect J of the table is the one discarded
            j = self._side_cards(state, seat)[0][0]
            t = action.args[0]
            self.off_table(state, seat, j, "discard", "j_discard")
            owner = self.table_seat(state, t)
            if owner is not None:
                self.mark(state, t, TABLE[owner], None)
                self.log(state, {"t": "restored", "card": t, "seat": owner})
            return
        if verb == "upright_six":  # BP-26.51
            j, tid = self._side_cards(state, seat)[0][0], SK[action.args[0]]
            self.off_table(state, seat, j, "discard", "j_discard")
            tile = g["tiles"].get(tid)
            if tile is not None and tile.get("sd"):
                tile["sd"].pop()
                self.log(state, {"t": "six_upright", "seat": seat})
            return
        if verb == "turn_six":  # BP-26.48 .. BP-26.50
            tile = g["tiles"][SK[action.args[0]]]
            up = [c for c in tile["c"] if c not in tile.setdefault("sd", [])]
            tile["sd"].append(up[0])
            self.log(state, {"t": "six_side", "seat": seat})
            if len(tile["sd"]) == 3:
                self.unit_off_table(state, seat, tile["c"][0], "discard", "six_spent")
            self.push(state, {"k": "shaft", "you": seat, "opt": 1})
            return
        if verb == "neutralize":  # BP-27.13: the first 3♣ of the table goes with the wild
            a, w = self._side_cards(state, seat)[2][0], action.args[0]
            fa = self.face_card(state, a)
            fw = self.face_card(state, w)
            self.off_table(state, seat, fa, "discard", "neutralize")
            if self.table_seat(state, fw) == seat:
                self.off_table(state, seat, fw, "discard", "neutralize")
            self.log(state, {"t": "neutralize", "seat": seat})
            return
        raise AssertionError(action.id)

    # ----- declaring (BP-3.2, BP-3.3, BP-14.6 .. BP-14.9) ------------------------------------------------------------

    def _t_decl(self, state: State, task: Task, ans: Action | None) -> bool:
        """The menu of hands: the best one, or the best one left without one of its cards (BP-3.3)."""
        seat = task["you"]
        if "h" not in task:
            task["h"] = self.hand_menu(state, seat)
        hands = task["h"]
        if not hands:
            self.pop(state, task)
            return False
        if ans is None and len(hands) > 1:
            opts = []
            for left_out, cards, wv, _score in hands:
                words = self.hand_words(state, cards, wv)
                if left_out is None:
                    opts.append(option("declare_best", label=f"Declare best: {words}"))
                else:
                    opts.append(option("declare_without", left_out, label=f"Declare {words}"))
            words = {
                "choice": "declare",
                "3c": "redeclare with your 3♣",
                "ks": "declare the hand your K♠ discards",
            }
            return self.task_ask(
                state,
                task,
                seat,
                "declare",
                f"{self.seat_name(seat)}: {words.get(task['why'], 'declare')}",
                opts,
            )
        left = ans.args[0] if ans is not None and ans.verb == "declare_without" else None
        _left, cards, wv, score = next(h for h in hands if h[0] == left)
        self.pop(state, task)
        self.set_declaration(state, seat, cards, wv, score)
        return False

    # ----- playing a card (BP-5.6, BP-11.16, BP-8.x, section 21, section 27) ------------------------------------------

    def push_play(
        self,
        state: State,
        you: int,
        cards: list[int],
        src: str,
        via: str,
        forcer: int | None,
        **extra: Any,
    ) -> Task:
        task = {"k": "pl", "you": you, "cs": cards, "src": src, "via": via, "fr": forcer, "st": 0}
        task.update(extra)
        self.push(state, task)
        return task

    def play_value(self, state: State, task: Task) -> list[Any] | None:
        """The value in effect the played card resolves with (None for a pair or a tile without one)."""
        if task.get("pair"):
            return None
        if task.get("ev") is not None:
            return task["ev"]
        if task.get("u") is not None:
            return self.identity_any(state, task["u"])
        f = FACES[state["cards"][task["cs"][0]]]
        return [f.rank, f.suit, f.red]

    def identity_any(self, state: State, unit: int) -> list[Any] | None:
        tile = self.tile_of(state, unit)
        if tile is not None and tile["k"] in ("five", "set5") and len(tile["c"]) > 1 and "hold" not in tile:
            return tile["ev"][-1]
        if tile is None:
            f = FACES[state["cards"][unit]]
            return [f.rank, f.suit, f.red]
        return None

    def _is_kc(self, state: State, task: Task) -> bool:
        if task.get("pair") == "kckc":
            return True
        ev = self.play_value(state, task)
        return ev is not None and ev[0] == 13 and ev[1] == 0

    def locked(self, state: State, seat: int, cards: list[int]) -> bool:
        """BP-26.68 .. BP-26.70: a 10♦+card tile keeps cards of its second card's rank (by face) off the table."""
        tiles = state["g"]["tiles"]
        if not tiles:
            return False
        locks = [t for t in tiles.values() if t["k"] == "lock" and t["s"] == seat]
        if not locks:
            return False
        ranks = {FACES[state["cards"][t["c"][1]]].rank for t in locks if len(t["c"]) > 1}
        return any(FACES[state["cards"][c]].rank in ranks for c in cards)

    def _t_pl(self, state: State, task: Task, ans: Action | None) -> bool:
        g = state["g"]
        you = task["you"]
        if task["st"] == 0:
            if ans is None and "j" not in task:
                task["j"] = 1
                if task["via"] not in ("onb",) and self.locked(state, you, task["cs"]):
                    self._discard_played(state, task, "locked")
                    self.pop(state, task)
                    return False
                if g["jnext"]:  # BP-22.1, BP-22.2
                    g["jnext"] = False
                    task["ne"] = True
                    self.log(state, {"t": "j_hit", "seat": you})
                if task["fr"] is not None and task.get("bq") is None and self._bundle_possible(state, task):
                    task["bq"] = 1
            if task.get("bq") == 1:  # BP-16.24 .. BP-16.27, BP-16.30: the forcer's choice comes first
                return self._bundle_choice(state, task, ans)
            if ans is not None and ans is not GUARDED:
                return self._window_answer(state, task, ans)
            if not task.get("ne") and not task.get("nw"):
                opts = self._window_options(state, task)
                if len(opts) > 1:
                    if task["via"] != "onb" and task["src"] != "limbo" and task.get("u") is None:
                        for c in task["cs"]:
                            self.move(state, c, task["src"], "limbo", cause="play")
                        task["src"] = "limbo"
                    what = self._played_words(state, task)
                    by = (
                        f" by {self.seat_name(task['fr'])}"
                        if task["fr"] is not None and task["fr"] != you
                        else ""
                    )
                    return self.task_ask(
                        state,
                        task,
                        you,
                        "react",
                        f"{self.seat_name(you)}: {what} is being played onto your table{by}",
                        opts,
                    )
            task["st"] = 1
        if task["st"] == 1:
            self._enter(state, task)
            if task.get("ne") or task.get("dead"):
                self.pop(state, task)
                self._after_entry_ne(state, task)
                return False
            task["st"] = 2
        self.pop(state, task)
        self._resolve(state, task)
        return False

    def _played_words(self, state: State, task: Task) -> str:
        names = [state["cards"][c] for c in task["cs"]]
        if task.get("u") is not None:
            return "a tile"
        words = " + ".join(names)
        if task.get("bund") is not None:
            words += " (with " + state["cards"][task["bund"]] + ")"
        return words

    def _discard_played(self, state: State, task: Task, cause: str) -> None:
        src = task["src"]
        cards = list(task["cs"])
        if task.get("u") is not None and src == "limbo":
            self.forget_tile(state, task["u"])
        if task.get("bund") is not None:
            cards.append(task["bund"])
        for c in cards:
            if src.startswith("table:"):
                self.off_table(state, int(src.split(":")[1]), c, "discard", cause)
            else:
                zone = src if c in state["zones"][src] else "limbo"
                self.move(state, c, zone, "discard", cause=cause)
        self.log(state, {"t": "blocked", "seat": task["you"]})

    def _window_options(self, state: State, task: Task) -> list[list[str]]:
        """BP-8.2, BP-17.3 .. BP-17.6, BP-21.13, BP-21.14, BP-27.6 .. BP-27.12."""
        you = task["you"]
        fr = task["fr"]
        opts = [option("let_it_arrive", label="Let it arrive")]
        forced = fr is not None and fr != you and task["via"] != "onb"
        playing = self._playing(task)
        magic = [u for u in self.magic_units(state, you) if u not in playing]
        if not magic and not forced:
            return opts
        kc = self._is_kc(state, task)
        if not kc and task.get("pair") != "9d10c" and magic:
            opts.append(option("magic_no_effect", label="Magic: discard your 10♦; it arrives no-effect"))
        if forced:
            if not kc and self.six_units(state, you):
                for s in self.in_hand(state):
                    if s not in (you, fr):
                        opts.append(
                            option(
                                "tunnel",
                                s,
                                label=f"Tunnel: discard your 6 and your viewing hand; force it onto {self.seat_name(s)}",
                            )
                        )
            need = 2 if kc else 1
            if len(self.six_units(state, you)) >= need and len(magic) >= need:
                opts.append(
                    option(
                        "reflect",
                        label=f"Reflector: discard {need} 6 and {need} 10♦; force it back onto {self.seat_name(fr)}",
                    )
                )
        return opts

    @staticmethod
    def _playing(task: Task) -> tuple[int, ...]:
        """The units being played by ``task``: a card or tile replayed where it lies (BP-15.6) cannot be the 10♦
        whose Magic stops it (BP-21.14, BP-27.5: one card fills one place)."""
        if task["via"] != "onb":
            return ()
        return (task["u"],) if task.get("u") is not None else tuple(task["cs"])

    def _window_answer(self, state: State, task: Task, ans: Action) -> bool:
        you = task["you"]
        fr = task["fr"]
        if ans.verb == "let_it_arrive":
            task["st"] = 1
            return False
        if ans.verb == "magic_no_effect":
            self.use_magic(state, you, self._playing(task))
            task["ne"] = True
            task["st"] = 1
            return False
        self._to_limbo(state, task)
        if ans.verb == "tunnel":  # BP-17.5, BP-17.6
            self.off_table(
                state, you, self.face_card(state, self.six_units(state, you)[0]), "discard", "tunnel"
            )
            self.move_all(
                state, state["zones"][VIEW[you]], VIEW[you], pot_zone(state["g"]["depth"]), cause="tunnel"
            )
            task["you"] = ans.args[0]
            task["fr"] = you
            self.log(state, {"t": "tunnel", "seat": you, "to": task["you"]})
            return False
        # reflect: BP-27.6 .. BP-27.12
        need = 2 if self._is_kc(state, task) else 1
        for _ in range(need):
            self.off_table(
                state, you, self.face_card(state, self.six_units(state, you)[0]), "discard", "reflector"
            )
            self.off_table(
                state, you, self.face_card(state, self.magic_units(state, you)[0]), "discard", "reflector"
            )
        self.log(state, {"t": "reflect", "seat": you, "to": fr})
        qb = task.get("qb")
        if qb is not None and self.table_seat(state, qb) == you:  # BP-27.8
            self.unit_to_table(state, you, qb, fr, "reflector")
        qe = task.get("qe")
        if qe is not None:  # BP-27.9, BP-27.10: back to the passer, its 5-tile already broken
            below = state["g"]["stack"]
            for t in below:
                if t.get("qid") == qe:
                    t["you"] = fr
                    t["fr"] = None
                elif t["k"] == "brk" and t.get("hq") == qe:
                    self._break_held(state, t)
        task["you"] = fr
        task["fr"] = you
        return False

    def _t_brk(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-16.22 step 4: the tile whose card-in-effect was passed is broken up."""
        self.pop(state, task)
        self._break_held(state, task)
        return False

    def _break_held(self, state: State, task: Task) -> None:
        tile = state["g"]["tiles"].get(task["t"])
        if tile is not None and tile.get("hold"):
            self.break_tile(state, tile, "q_pass")

    def _to_limbo(self, state: State, task: Task) -> None:
        """A forced card waits in limbo while it is redirected."""
        src = task["src"]
        if src == "limbo":
            return
        if task.get("u") is not None:
            tile = self.tile_of(state, task["u"])
            seat = int(src.split(":")[1])
            for c in tile["c"]:
                self.move(state, c, TABLE[seat], "limbo", cause="force", mark=state["marks"].get(SK[c]))
            self.undeclare_if(state, seat, tile["c"])
        else:
            for c in task["cs"]:
                self.move(state, c, src, "limbo", cause="force")
        task["src"] = "limbo"

    def _bundle_possible(self, state: State, task: Task) -> bool:
        fr = task["fr"]
        if (
            fr is None
            or fr == task["you"]
            or task.get("nob")
            or task.get("pair")
            or task.get("u") is not None
        ):
            return False
        if task["via"] not in ("force",) or task.get("fol"):
            return False
        f = FACES[state["cards"][task["cs"][0]]]
        if f.rank != 5 or task.get("ev") is not None:
            return False
        return bool(state["zones"][VIEW[fr]])

    def _bundle_choice(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-16.24 .. BP-16.27: the forcer may pick the follow-up (ending their turn, or turning a stash card)."""
        g = state["g"]
        fr = task["fr"]
        own_turn = g["active"] == fr
        stash = state["zones"][STASH[fr]]
        upright = [c for c in stash if state["marks"].get(SK[c]) != SIDE]
        if ans is None:
            if not own_turn and not upright:
                task["bq"] = 2
                return False
            cost = "end your turn" if own_turn else "turn a stash card sideways"
            opts = [option("let_them_pick", label="Let them pick the follow-up")]
            opts += [
                option("bundle", name, label=f"{cost} and force {name} onto the 5")
                for name in self.offer_names(state, VIEW[fr])
            ]
            return self.task_ask(
                state, task, fr, "bundle", f"{self.seat_name(fr)}: pick the 5's follow-up yourself?", opts
            )
        task["bq"] = 2
        if ans.verb == "let_them_pick":
            return False
        cid = self.named(state, VIEW[fr], ans.args[0])
        if own_turn:
            g["over"] = True
        else:
            bottom = upright[0]
            self.mark(state, bottom, STASH[fr], SIDE)
        self.move(state, cid, VIEW[fr], "limbo", cause="bundle")
        task["bund"] = cid
        if task["src"] != "limbo":
            self._to_limbo(state, task)
        return False

    def _enter(self, state: State, task: Task) -> None:
        """The card(s) enter the table: face up and upright unless no-effect (BP-10.10, BP-10.31, BP-10.34)."""
        you = task["you"]
        dst = TABLE[you]
        ne = bool(task.get("ne"))
        src = task["src"]
        if task.get("u") is not None:
            tile = self.tile_of(state, task["u"])
            if src != dst:
                srcs = src if src == "limbo" else src
                for c in tile["c"]:
                    mark = state["marks"].get(SK[c])
                    if mark in WILDS:
                        mark = None
                    self.move(state, c, srcs, dst, cause="force", mark=mark)
                    if srcs != "limbo":
                        self.undeclare_if(state, int(srcs.split(":")[1]), [c])
                tile["s"] = you
            if task.get("via") == "onb" or src != dst:
                if tile["k"] == "six":
                    tile["sd"] = []  # BP-26.53
            return
        for c in task["cs"]:
            if src == dst:
                self.mark(state, c, dst, NE if ne else None) if state["marks"].get(SK[c]) != (
                    NE if ne else None
                ) else None
            else:
                self.move(state, c, src, dst, cause="play", mark=NE if ne else None)
        bund = task.get("bund")
        if bund is not None and ne:  # BP-16.30: a stopped bundle lies as two separate no-effect cards
            self.move(state, bund, "limbo", dst, cause="play", mark=NE)
            task["bund"] = None
        fol = task.get("fol")
        if fol is not None:
            self._join_five(state, task, fol)

    def _join_five(self, state: State, task: Task, fol: dict[str, Any]) -> None:
        """BP-16.5, BP-16.9, BP-16.15, BP-16.32: the follow-up is tiled with the 5."""
        you = task["you"]
        cid = task["cs"][0]
        five = fol["five"]
        tile = self.tile_of(state, five)
        ev = task["ev"]
        shift = -1 if ev[0] == 5 and ev[2] else (1 if ev[0] == 5 else 0)
        if tile is not None and tile["k"] == "five" and tile["c"][-1] == five:
            tile["c"].append(cid)
            tile["ev"].append(list(ev))
            state["g"]["tof"][SK[cid]] = SK[tile["c"][0]]
            if not task.get("ne"):
                tile["sh"] += shift
        else:
            fev = fol["fev"]
            base = -1 if fev[2] else 1
            self.new_tile(
                state,
                "five",
                [five, cid],
                you,
                ev=[list(fev), list(ev)],
                sh=base + (0 if task.get("ne") else shift),
            )
        self.undeclare_if(state, you, [five])

    def _after_entry_ne(self, state: State, task: Task) -> None:
        """A card that arrives no-effect ends a ring in progress (BP-17.9)."""
        if task.get("rl") or (task["fr"] is not None and task["fr"] != task["you"]):
            ev = self.play_value(state, task)
            if ev is not None and ev[0] == 6:
                state["g"]["ring"] = None

    def _resolve(self, state: State, task: Task) -> None:
        """After entering: push the pair effect, the tile effect or the card's power (BP-11.2, BP-16.9)."""
        you = task["you"]
        if task.get("pair"):
            pair = {"k": "pair", "key": task["pair"], "you": you, "cs": task["cs"], "st": 0, "fr": task["fr"]}
            pair["src"] = TABLE[you]
            self.push(state, pair)
            return
        unit = task.get("u")
        if unit is not None:
            tile = self.tile_of(state, unit)
            if tile is None:
                return
            if tile["k"] == "ccc":
                self.undeclare(state, you)
                return
            if tile["k"] not in ("five", "set5") or len(tile["c"]) < 2 or "hold" in tile:
                return
            ev = tile["ev"][-1]
            self.push_power(state, you, tile["c"][-1], ev, task)
            return
        ev = self.play_value(state, task)
        cid = task["cs"][0]
        if ev[0] == 6 and task["fr"] is not None and task["fr"] != you and task["via"] in ("force", "fol"):
            if self._ring_receive(state, task):
                return
        self.push_power(state, you, cid, ev, task)

    def push_power(self, state: State, you: int, cid: int, ev: list[Any], task: Task) -> None:
        value = tuple(ev)
        found = _POWER_WORDS.get(value)
        if found is None:
            found = _POWER_WORDS[value] = (power_key(ev[0], ev[1], ev[2]), value_name(ev[0], ev[1], ev[2]))
        pw = {"k": "pw", "key": found[0], "you": you, "c": cid, "ev": list(ev), "fr": task.get("fr"), "st": 0}
        if task.get("bund") is not None:
            pw["bund"] = task["bund"]
            pw["bfr"] = task["fr"]
        if task.get("rl"):
            pw["rl"] = 1
        state["events"].append({"t": "resolve", "seat": you, "card": cid, "as": found[1]})
        state["g"]["stack"].append(pw)

    # ----- the ring rule (BP-17.8 .. BP-17.15) -------------------------------------------------------------------------

    def _ring_receive(self, state: State, task: Task) -> bool:
        """A 6 forced onto another table entered with effect; returns True when the ring closes here."""
        g = state["g"]
        you = task["you"]
        ring = g["ring"]
        if not task.get("rl") or ring is None:
            ring = {"rc": [], "sp": task["fr"]}
            g["ring"] = ring
        if you not in ring["rc"]:
            ring["rc"].append(you)
        task["rl"] = 1
        if all(s in ring["rc"] for s in self.in_hand(state)):
            g["ring"] = None
            self.log(state, {"t": "ring", "splitter": ring["sp"]})
            self._ring_split(state, ring["sp"])
            return True
        return False

    def _ring_split(self, state: State, splitter: int) -> None:
        g = state["g"]
        players = self.in_hand(state)
        pot = state["zones"][pot_zone(g["depth"])]
        n = len(players)
        q, r = divmod(len(pot), n)
        piles = [q + 1] * r + [q] * (n - r)
        order = [s for s in self.order_from(state, splitter, 1) if s != splitter] + [splitter]
        self.push(state, {"k": "rsplit", "you": splitter, "piles": piles, "order": order})

    def _t_rsplit(self, state: State, task: Task, ans: Action | None) -> bool:
        piles = task["piles"]
        seat = task["order"][0]
        sizes = sorted(set(piles), reverse=True)
        if ans is None and len(sizes) > 1:
            opts = [option("take_pile", k, label=f"Take a pile of {k} cards") for k in sizes]
            return self.task_ask(
                state, task, seat, "ring_pile", f"{self.seat_name(seat)}: take a pile of the pot", opts
            )
        k = ans.args[0] if ans is not None else sizes[0]
        piles.remove(k)
        pot = pot_zone(state["g"]["depth"])
        self.move_all(state, state["zones"][pot][:k], pot, STASH[seat], cause="ring")
        task["order"].pop(0)
        if not task["order"]:
            self.pop(state, task)
        return False

    # ----- fees and payments (BP-7.x, BP-10.5) -------------------------------------------------------------------------

    def push_fees(self, state: State, you: int, items: list[list[Any]], words: str) -> None:
        """Payments made one at a time: [payer, base, destination zone, guard (Magic may stop it)]."""
        if items:
            self.push(state, {"k": "fees", "you": you, "l": items, "words": words})

    def _t_fees(self, state: State, task: Task, ans: Action | None) -> bool:
        while task["l"]:
            payer, base, dst, guarded = task["l"][0]
            if guarded and payer != task["you"]:
                stop = self.guard(state, task, payer, f"the fee of {task['words']}")
                if stop is None:
                    return True
                if stop:
                    task["l"].pop(0)
                    continue
            task["l"].pop(0)
            n = self.fee_size(state, payer, base)
            if dst.startswith("stash:") and not state["g"]["inh"][int(dst[6:])]:
                continue
            left = self.pay_from_stash(state, payer, n, dst, "fee")
            if n:
                self.log(state, {"t": "fee", "seat": payer, "n": n, "to": dst.split(":")[0]})
            if left and state["zones"][TABLE[payer]]:
                self.pop(state, task)
                self.push(state, task)
                self.push(state, {"k": "cannibal", "you": payer, "n": left, "dst": dst})
                return False
        self.pop(state, task)
        return False

    def _t_cannibal(self, state: State, task: Task, ans: Action | None) -> bool:
        """BP-7.4, BP-10.20: the rest is given from the table, card by card; what cannot be covered is forgiven."""
        seat = task["you"]
        table = state["zones"][TABLE[seat]]
        if task["n"] <= 0 or not table:
            self.pop(state, task)
            return False
        if ans is None and len(table) > 1:
            opts = [option("give", c, label=f"Give {self.card_words(state, c, seat)}") for c in table]
            return self.task_ask(
                state,
                task,
                seat,
                "cannibalize",
                f"{self.seat_name(seat)}: give {task['n']} card(s) from your table",
                opts,
            )
        cid = ans.args[0] if ans is not None else table[0]
        self.off_table(state, seat, cid, task["dst"], "cannibalize")
        task["n"] -= 1
        return False

    def card_words(self, state: State, cid: int, seat: int) -> str:
        """A table card named for ``seat``'s own options (the owner sees its own wilds)."""
        name = state["cards"][cid]
        mark = state["marks"].get(SK[cid])
        if mark in WILDS:
            return f"wild {name}"
        if mark == NE:
            return f"{name} (no-effect)"
        return name

    def public_card_words(self, state: State, cid: int) -> str:
        """A table card named for everyone: a wild's face is told only when every seat knows it (BP-1.4)."""
        mark = state["marks"].get(SK[cid])
        if mark in (WILD, WILD_NE):
            return "a wild"
        if mark in WILDS:
            return "wild " + state["cards"][cid]
        return state["cards"][cid]

    # ----- looking at a viewing hand (BP-12.19, BP-21.20, BP-23.3) -----------------------------------------------------

    def reveal(self, state: State, target: int, looker: int) -> None:
        zone = VIEW[target]
        for c in state["zones"][zone]:
            mark = state["marks"].get(SK[c])
            mask = int(mark[len(REVEAL) :]) if mark and mark.startswith(REVEAL) else 0
            new = mask | (1 << looker)
            if new != mask:
                self.mark(state, c, zone, f"{REVEAL}{new}")

    # ----- f_poker (section 9, BP-26.15 .. BP-26.21) -----------------------------------------------------------------

    def start_fpoker(self, state: State, you: int, cards: list[int]) -> None:
        g = state["g"]
        depth = g["depth"]
        players = self.in_hand(state)
        if depth + 1 > state["options"]["max_fpoker_depth"]:  # BP-9.4
            dst = pot_zone(depth)
            for c in cards:
                self.off_table(state, you, c, dst, "fpot")
            for s in players:
                self.pay_from_stash(state, s, 4, dst, "fpot")
            self.log(state, {"t": "fpoker_capped", "seat": you})
            return
        new = depth + 1
        fz = pot_zone(new)
        state["zones"].setdefault(fz, [])
        for c in cards:
            self.off_table(state, you, c, fz, "fpot")
        for s in self.order_from(state, you):
            self.pay_from_stash(state, s, 4, fz, "fpot")  # BP-26.16: not a fee
        frame = {
            k: g[k]
            for k in (
                "active",
                "inh",
                "decl",
                "dsig",
                "jnext",
                "plays",
                "over",
                "exempt",
                "skip",
                "nowin",
                "noret",
                "ctrl",
                "ring",
                "ht",
                "ph",
                "scrap_ok",
                "stack",
            )
        }
        frame["player"] = you
        frame["tiles"] = {}
        tag = f"a{new}"
        for s in range(state["players"]):
            for kind in ("table", "view", "ctbp"):
                zone = f"{kind}:{s}"
                aside = f"{kind}:{s}:{tag}"
                state["zones"].setdefault(aside, [])
                for c in list(state["zones"][zone]):
                    self.move(state, c, zone, aside, cause="set_aside", mark=state["marks"].get(SK[c]))
        for tid, tile in list(g["tiles"].items()):
            frame["tiles"][tid] = tile
            del g["tiles"][tid]
            for c in tile["c"]:
                g["tof"].pop(SK[c], None)
        g["frames"].append(frame)
        g["depth"] = new
        n = state["players"]
        g["inh"] = [s in players for s in range(n)]
        g["decl"] = [None] * n
        g["dsig"] = [None] * n
        g["jnext"] = False
        g["skip"] = []
        g["nowin"] = None
        g["noret"] = None
        g["ctrl"] = {}
        g["ring"] = None
        g["ht"] = 0
        g["stack"] = []
        g["fw"] = None
        self.log(state, {"t": "fpoker", "seat": you, "depth": new})
        for s in self._seats_from(state, you):  # BP-9.1: a fresh viewing hand
            self.draw_to_size(state, s)
        g["active"] = you  # BP-9.2, BP-26.18
        g["ph"] = "tbegin"

    def end_fpoker(self, state: State, winner: int | None) -> None:
        """BP-9.3, BP-26.19, BP-26.21: the outer hand resumes with the winner's turn, which cannot win."""
        g = state["g"]
        frame = g["frames"].pop()
        depth = g["depth"]
        tag = f"a{depth}"
        g["depth"] = depth - 1
        for s in range(state["players"]):
            for kind in ("table", "view", "ctbp"):
                aside = f"{kind}:{s}:{tag}"
                for c in list(state["zones"][aside]):
                    self.move(
                        state, c, aside, f"{kind}:{s}", cause="set_back", mark=state["marks"].get(SK[c])
                    )
                del state["zones"][aside]
        if depth >= 2:
            del state["zones"][pot_zone(depth)]
        for tid, tile in frame.pop("tiles").items():
            g["tiles"][tid] = tile
            for c in tile["c"]:
                g["tof"][SK[c]] = tid
        player = frame.pop("player")
        for k, v in frame.items():
            g[k] = v
        g["fw"] = None
        g["over"] = False
        if winner is None or not g["inh"][winner]:
            nxt = self.next_seat(state, player)
            g["active"] = nxt
            g["ph"] = "tbegin"
            return
        if g["noret"] == winner:  # BP-25.8
            g["active"] = self.next_seat(state, winner)
            g["ph"] = "tbegin"
            return
        g["active"] = winner
        g["nowin"] = winner
        g["ph"] = "tbegin"
