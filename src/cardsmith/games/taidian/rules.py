"""Taking of Taidian: the rules code.

Organised by the sections of the rules document (``TAI-x.y`` ids in comments). The whole flow is plain data in
``state["g"]``; :meth:`Taidian._run` pops and runs tasks from a stack until one of them needs a decision.

``state["g"]`` holds::

    ch      character name per seat (TAI-1.5, TAI-10.4)
    hp, en  health and energy per seat (TAI-1.6);  mx  maximum health (TAI-2.14)
    lv      per seat the levels [Aim, Strength, Skill, Healing] (TAI-1.7)
    live    per seat: not eliminated (TAI-1.2)
    team    per seat its team number, or None in a free-for-all (TAI-13.4)
    sel     the selection order (TAI-2.5, TAI-13.3)
    start   the starting seat; cur  the seat whose turn (or poison visit) is in progress; round (TAI-3.3)
    real    whether the seat in progress takes a real turn (False at an eliminated seat, TAI-3.2)
    tt      turn type this turn: "" (not chosen yet), "up" or "atk" (TAI-3.7)
    pool    buying pool (TAI-4.3); burnt  cards burned this turn (TAI-8.54)
    sg      seats a Shotgun has protected this turn (TAI-8.11)
    po      active Poisons in play order: [card, owner, victim, ticks left, damage per tick] (TAI-1.8)
    pile    supply pile sizes, one per card name in card-data order (TAI-1.23)
    build   the volley being put together: [card, target seat, target structure or -1] (TAI-6.4)
    vol     the volley being resolved, or None: {"a" attacker, "e" entries [card, target, structure, value],
            "hit" attacked seats clockwise after the attacker, "at"/"bl"/"he" attack, block and healing per seat,
            "cn" counter damage credited per seat, "cs" counter-shield block} (TAI-6.10)
    tasks   the stack of things still to do (last = next); each task is a dict with "k" naming its kind

Random number use (TAI-1.26, Q5): random characters shuffle the character list once (Fisher-Yates of
:mod:`cardsmith.core.rng`) and seats take them in selection order; then each deck is shuffled in seat order;
then the random starting seat is one ``below(n)``; a reshuffle shuffles the whole new deck once; each Robber that
takes effect draws one ``below(k)`` over the k non-structure cards in the target's hand, in hand order.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.actions import Action, option
from ...core.errors import OptionError, ScenarioError
from ...core.options import OptionSpec
from ...core.zones import ALL, NONE, OWNER, Visibility, ZoneKind
from . import text
from .actions import ABILITY_FIRST, FIRE_BOMB, VERBS
from .cards import STARTING_DECK, TRACKS
from .combat import Combat, lowest
from .data import (
    ABILITY,
    BURN_LIMIT,
    CARDS,
    CHAR_NAMES,
    COSTS,
    HAND_SIZE,
    INDEX,
    KIND,
    LOOT,
    MAX_LEVEL,
    NAMES,
    POWER_AT,
    RED_TARGETS,
    SAFETY_ROUNDS,
    STEP_NAMES,
    STRUCTURES,
    TRACK_INDEX,
    after,
    is_int,
    parse_order,
    parse_teams,
)

State = dict[str, Any]


class Taidian(Combat):
    """Taking of Taidian: a deck-building fight for 2 to 6 players, alone or in teams."""

    id = "taidian"
    name = "Taking of Taidian"
    summary = "A deck-building fight for 2-6 players: buy cards, power up, and attack until one side is left."
    min_players = 2  # TAI-2.1
    max_players = 6
    # 2: who is asked no longer depends on hidden cards (TAI-1.17, TAI-1.18); 3: typed option ids (actions.py)
    rules_version = "3"
    verbs = VERBS
    playout_options = {"round_cap": 8}
    option_specs = (  # section 13
        OptionSpec(
            "starting_player",
            "choice",
            "random",
            "Who takes the first turn: 'random' (seeded) or a seat number (0 is P1) (TAI-13.1)",
            choices=("random", "0", "1", "2", "3", "4", "5"),
        ),
        OptionSpec(
            "character_selection",
            "choice",
            "random",
            "'random': characters are dealt at random; 'choose': each player picks in selection order (TAI-13.2)",
            choices=("random", "choose"),
        ),
        OptionSpec(
            "selection_order",
            "str",
            "",
            "The order players take characters, as seats separated by commas (default 0,1,...) (TAI-13.3)",
        ),
        OptionSpec(
            "teams",
            "str",
            "",
            "Teams as seat lists separated by '/', e.g. 0,2/1,3 (default: free-for-all) (TAI-13.4)",
        ),
        OptionSpec(
            "knockout_reward",
            "bool",
            False,
            "The eliminator takes up to three cards from the eliminated player's deck and discard (TAI-13.5)",
        ),
        OptionSpec("extra_punches", "bool", False, "Two more Punch cards in every starting deck (TAI-13.8)"),
        OptionSpec(
            "starting_health",
            "choice",
            "150",
            "Starting and maximum health: 150 or 100 (TAI-13.9)",
            choices=("150", "100"),
        ),
        OptionSpec(
            "round_cap",
            "int",
            None,
            "End the game after this round: most health wins, ties draw (default: none) (TAI-13.10)",
            minimum=1,
            optional=True,
        ),
    )
    # TAI-1.17 .. TAI-1.25: the zones and who sees their cards.
    visibility = Visibility(
        {
            "deck": ZoneKind(NONE, description="face-down deck"),
            "hand": ZoneKind(OWNER, description="hand"),
            "discard": ZoneKind(ALL, description="discard pile"),
            "play": ZoneKind(ALL, description="play area"),
            "bought": ZoneKind(ALL, description="bought area"),
            "struct": ZoneKind(ALL, description="structure area"),
            "poison": ZoneKind(ALL, description="poison track"),
            "resp": ZoneKind(ALL, description="cards played in the open window"),
            "loot": ZoneKind(OWNER, description="knockout loot being looked through"),
            "supply": ZoneKind(ALL, owned=False, description="the supply piles"),
            "out": ZoneKind(ALL, owned=False, description="out of the game"),
        }
    )

    def __init__(self) -> None:
        super().__init__()
        self.cards = CARDS
        self._handlers = {
            "pick": self._t_pick,
            "turn": self._t_turn,
            "ticks": self._t_ticks,
            "tick": self._t_tick,
            "seff": self._t_seff,
            "pu": self._t_pu,
            "choice": self._t_choice,
            "play": self._t_play,
            "burn": self._t_burn,
            "sgw": self._t_window,
            "fx": self._t_fx,
            "resp": self._t_window,
            "csh": self._t_csh,
            "res": self._t_res,
            "gone": self._t_gone,
            "cut": self._t_cut,
            "end": self._t_end,
            "draw": self._t_draw,
            "place": self._t_place,
            "adv": self._t_adv,
        }
        self._acts = {
            "pick": self._a_pick,
            "tick": self._a_window,
            "seff": self._a_seff,
            "pu": self._a_pu,
            "choice": self._a_choice,
            "play": self._a_play,
            "burn": self._a_burn,
            "sgw": self._a_window,
            "resp": self._a_window,
            "csh": self._a_window,
            "gone": self._a_gone,
            "place": self._a_place,
        }

    # ================================================================ options and setup (sections 2, 12, 13)

    def card_names(self) -> set[str]:
        return set(NAMES)

    def check_options(self, options: dict[str, Any], players: int) -> None:
        sp = options["starting_player"]
        if sp != "random" and int(sp) >= players:
            raise OptionError(
                f"option 'starting_player': seat {sp} is not in a {players}-player game (TAI-13.1)"
            )
        parse_order(options["selection_order"], players)
        parse_teams(options["teams"], players)

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        """An upper bound on the decisions of one game (the round cap, or the safety limit, ends every game).

        A hand never holds more than 5 cards at the start of its owner's turn and only shrinks on other turns (a
        Robber's theft is the attacker's, whose Robber left the hand first), so one turn sees at most 5n cards leave
        the hands, each by one decision (a play, a lay, a burn, a placement). Each volley needs a lay, so there are at
        most 5n volleys, each with one reveal and at most 2(n-1)^2 + 1 "play nothing" answers (Shotgun windows,
        response windows, the counter-shield step). Each buy costs at least 1 from a pool of at most 5 Golds plus the
        structures' bonus. Poison ticks: at most one per Poison card, each with at most n answers. Power-ups (12 per
        player) and knockout rewards (4 per eliminated player) are counted once for the whole game.
        """
        rounds = min(options["round_cap"] or SAFETY_ROUNDS, SAFETY_ROUNDS)
        n = players
        cards_out = HAND_SIZE * n
        volleys = cards_out
        windows = 2 * (n - 1) ** 2 + 1
        buys = HAND_SIZE * max(c.value for c in CARDS.of_kind("money")) + sum(
            c.amount for c in CARDS.of_kind("structure")
        )
        ticks = CARDS.cards["Poison"].pile[1] * n
        starts = 2 + len(STRUCTURES)  # ordering start effects, then the turn type
        burns = BURN_LIMIT + HAND_SIZE  # burn choices, and one "burn nothing more" per Burn-Barrel
        placements = HAND_SIZE + 1  # structures drawn in the end step, then "keep"
        per_turn = starts + cards_out + volleys * (1 + windows) + buys + 1 + burns + placements + ticks
        return n + rounds * n * per_turn + n * (LOOT + 1) + 4 * MAX_LEVEL * n

    def setup(self, state: State) -> None:
        opts = state["options"]
        n = state["players"]
        state["g"] = g = self._fresh_g(n, int(opts["starting_health"]))
        g["team"] = parse_teams(opts["teams"], n)  # TAI-2.3
        g["sel"] = parse_order(opts["selection_order"], n)  # TAI-2.5
        if opts["character_selection"] == "choose":  # TAI-2.6
            g["tasks"].append({"k": "pick", "i": 0})
            self._run(state)
            return
        chars = list(CHAR_NAMES)  # TAI-2.4: shuffled face down, taken in selection order
        rng.shuffle(state, chars)
        for i, seat in enumerate(g["sel"]):
            g["ch"][seat] = chars[i]
        self._deal(state)
        self._run(state)

    @staticmethod
    def _fresh_g(n: int, health: int) -> dict[str, Any]:
        return {
            "ch": [""] * n,
            "hp": [health] * n,  # TAI-2.11
            "mx": health,  # TAI-2.14
            "en": [0] * n,  # TAI-2.12
            "lv": [[0, 0, 0, 0] for _ in range(n)],  # TAI-2.13
            "live": [True] * n,
            "team": None,
            "sel": list(range(n)),
            "start": 0,
            "cur": 0,
            "round": 1,
            "real": False,
            "tt": "",
            "pool": 0,
            "burnt": 0,
            "sg": [],
            "po": [],
            "pile": [0] * len(NAMES),
            "build": [],
            "vol": None,
            "tasks": [],
        }

    def _deal(self, state: State) -> None:
        """TAI-2.2: starting decks with extras, supply, shuffle and draw 5, starting player; then the first turn."""
        g = state["g"]
        n = state["players"]
        opts = state["options"]
        for seat in range(n):
            deck = f"deck:{seat}"
            for name, count in STARTING_DECK.items():  # TAI-2.8, TAI-2.9: made outside the supply
                for _ in range(count):
                    self.new_card(state, name, deck, seat)
            if opts["extra_punches"]:  # TAI-13.8
                self.new_card(state, "Punch", deck, seat)
                self.new_card(state, "Punch", deck, seat)
            ab = ABILITY[g["ch"][seat]]
            if ab.kind == "extra_cards":  # TAI-2.10, TAI-10.2
                for name in ab.cards:
                    self.new_card(state, name, deck, seat)
            elif ab.kind == "start_energy":  # TAI-2.12
                g["en"][seat] += ab.amount
        self._make_supply(state)  # TAI-2.15
        # TAI-2.16; nobody has seen these cards: ids are dealt at random (Game.shuffle_unseen)
        for seat in range(n):
            self.shuffle_unseen(state, f"deck:{seat}")
        for seat in range(n):
            deck = state["zones"][f"deck:{seat}"]
            for _ in range(HAND_SIZE):
                self.move(state, deck[-1], f"deck:{seat}", f"hand:{seat}", cause="draw")
        sp = opts["starting_player"]  # TAI-2.17, TAI-13.1
        start = rng.below(state, n) if sp == "random" else int(sp)
        g["start"] = g["cur"] = start
        g["round"] = 1
        self.log(state, {"t": "setup", "ch": list(g["ch"]), "start": start, "team": g["team"]})
        g["tasks"].append({"k": "turn"})

    def _make_supply(self, state: State) -> None:
        n = state["players"]
        pile = state["g"]["pile"]
        for i, name in enumerate(NAMES):
            size = CARDS.cards[name].pile_size(n)
            for _ in range(size):
                self.new_card(state, name, "supply", None)
            pile[i] = size

    # ---------------------------------------------------------------- scenarios

    _SCENARIO_KEYS = (
        "characters",
        "health",
        "energy",
        "levels",
        "alive",
        "start",
        "current",
        "round",
        "step",
        "turn_type",
        "pool",
        "burned",
        "protected",
        "poisons",
        "supply",
        "turn",
    )

    def load_scenario(self, state: State, setup: dict[str, Any]) -> None:
        """Scenario ``[setup]`` keys (all optional): see RULES.md, "Scenario files"."""
        unknown = sorted(set(setup) - set(self._SCENARIO_KEYS))
        if unknown:
            raise ScenarioError(
                f"unknown [setup] key {unknown[0]!r} (allowed: {', '.join(self._SCENARIO_KEYS)})"
            )
        n = state["players"]
        opts = state["options"]
        self.check_options(opts, n)
        g = self._fresh_g(n, int(opts["starting_health"]))
        g["team"] = parse_teams(opts["teams"], n)
        g["sel"] = parse_order(opts["selection_order"], n)
        state["g"] = g
        z = state["zones"]

        def seat_list(key: str, default: list[Any], check: Any, what: str) -> list[Any]:
            value = setup.get(key, default)
            if not isinstance(value, list) or len(value) != n or not all(check(v) for v in value):
                raise ScenarioError(f"[setup] {key} must be a list of {n} {what}")
            return list(value)

        chars = seat_list(
            "characters", list(CHAR_NAMES[:n]), lambda v: v in CARDS.characters, "character names"
        )
        if len(set(chars)) != n:
            raise ScenarioError("[setup] characters: no two players may have the same character (TAI-2.7)")
        g["ch"] = chars
        mx = g["mx"]
        g["hp"] = seat_list("health", [mx] * n, lambda v: is_int(v) and 0 <= v <= mx, f"health values 0-{mx}")
        g["en"] = seat_list("energy", [0] * n, lambda v: is_int(v) and v >= 0, "whole numbers of energy")
        g["lv"] = [
            list(x)
            for x in seat_list(
                "levels",
                [[0, 0, 0, 0]] * n,
                lambda v: isinstance(v, list) and len(v) == 4 and all(is_int(x) and 0 <= x <= 3 for x in v),
                "lists of four levels 0-3 (Aim, Strength, Skill, Healing)",
            )
        ]
        g["live"] = seat_list("alive", [True] * n, lambda v: isinstance(v, bool), "booleans")
        for seat in range(n):
            if g["live"][seat] and g["hp"][seat] <= 0:
                raise ScenarioError(f"[setup] seat {seat} is alive with health 0 (TAI-11.4)")
            if not g["live"][seat]:
                g["hp"][seat] = 0
                for kind in ("deck", "hand", "discard", "play", "bought", "struct"):
                    if z[f"{kind}:{seat}"]:
                        raise ScenarioError(
                            f"eliminated seat {seat} cannot hold cards in {kind}:{seat} (TAI-11.6)"
                        )
        for key in ("start", "current"):
            value = setup.get(key, setup.get("start", 0))
            if not is_int(value) or not 0 <= value < n:
                raise ScenarioError(f"[setup] {key} must be a seat from 0 to {n - 1}")
        g["start"] = setup.get("start", 0)
        g["cur"] = setup.get("current", g["start"])
        rnd = setup.get("round", 1)
        if not is_int(rnd) or rnd < 1:
            raise ScenarioError("[setup] round must be a whole number of at least 1")
        g["round"] = rnd
        turn = setup.get("turn", 0)
        if not is_int(turn) or turn < 0:
            raise ScenarioError("[setup] turn must be a whole number")
        state["turn"] = turn
        for seat in range(n):
            for kind in ("poison", "resp", "loot"):
                if z[f"{kind}:{seat}"]:
                    raise ScenarioError(
                        f"zone {kind}:{seat} must start empty (use [setup] poisons for Poisons)"
                    )
            for cid in z[f"struct:{seat}"]:
                if KIND[state["cards"][cid]] != "structure":
                    raise ScenarioError(
                        f"{state['cards'][cid]!r} is not a structure and cannot be in struct:{seat}"
                    )
            names_here = [state["cards"][c] for c in z[f"struct:{seat}"]]
            if len(set(names_here)) != len(names_here):
                raise ScenarioError(f"struct:{seat} holds two structures of one name (TAI-9.4)")
        self._scenario_poisons(state, setup.get("poisons", []))
        supply = setup.get("supply", "full")
        if supply not in ("full", "empty"):
            raise ScenarioError("[setup] supply must be 'full' or 'empty' (or list the supply zone's cards)")
        if not z["supply"] and supply == "full":
            self._make_supply(state)
        else:
            pile = g["pile"]
            for cid in z["supply"]:
                pile[INDEX[state["cards"][cid]]] += 1
        burned = setup.get("burned", 0)
        if not is_int(burned) or not 0 <= burned <= BURN_LIMIT:
            raise ScenarioError(f"[setup] burned must be 0 to {BURN_LIMIT}")
        protected = setup.get("protected", [])
        if not isinstance(protected, list) or not all(is_int(s) and 0 <= s < n for s in protected):
            raise ScenarioError("[setup] protected must be a list of seats")
        step = setup.get("step", "start")
        if step not in STEP_NAMES:
            raise ScenarioError(f"[setup] step must be one of {', '.join(STEP_NAMES)}")
        cur = g["cur"]
        if step == "start":
            if burned or protected or "turn_type" in setup or "pool" in setup:
                raise ScenarioError(
                    "[setup] burned, protected, turn_type and pool need step = 'choice' or 'play'"
                )
            g["tasks"] = [{"k": "turn"}]
        else:
            if not g["live"][cur]:
                raise ScenarioError("[setup] an eliminated seat takes no turn (TAI-3.2)")
            g["real"] = True
            g["burnt"] = burned
            g["sg"] = sorted(set(protected))
            state["turn"] = max(1, turn)
            tasks = [{"k": "adv"}, {"k": "end"}, {"k": "play"}]
            if step == "choice":
                if "turn_type" in setup or "pool" in setup:
                    raise ScenarioError("[setup] turn_type and pool need step = 'play'")
                tasks.append({"k": "choice"})
            else:
                tt = setup.get("turn_type")
                if tt not in ("upgrade", "attack"):
                    raise ScenarioError("[setup] step = 'play' needs turn_type = 'upgrade' or 'attack'")
                g["tt"] = "up" if tt == "upgrade" else "atk"
                pool = setup.get("pool", 0)
                if not is_int(pool) or pool < 0 or (pool and tt == "attack"):
                    raise ScenarioError("[setup] pool must be a whole number, and only on an upgrading turn")
                g["pool"] = pool
            g["tasks"] = tasks
        for seat in reversed(after(n, cur) + (cur,)):  # energy of 10 or more: the power-ups are due at once
            if g["en"][seat] >= POWER_AT and g["live"][seat]:
                g["tasks"].append({"k": "pu", "s": seat})
        self._run(state)

    def _scenario_poisons(self, state: State, raw: Any) -> None:
        g = state["g"]
        n = state["players"]
        if not isinstance(raw, list):
            raise ScenarioError("[setup] poisons must be a list of tables {owner, victim, ticks, damage}")
        base = CARDS.cards["Poison"]
        for entry in raw:
            if not isinstance(entry, dict) or not {"owner", "victim"} <= set(entry) <= {
                "owner",
                "victim",
                "ticks",
                "damage",
            }:
                raise ScenarioError(
                    "[setup] each poison is a table {owner, victim, ticks = 4, damage = base}"
                )
            owner, victim = entry["owner"], entry["victim"]
            ticks = entry.get("ticks", base.ticks)
            damage = entry.get("damage", base.value)
            if not all(is_int(v) for v in (owner, victim, ticks, damage)) or not (
                0 <= owner < n
                and 0 <= victim < n
                and owner != victim
                and 1 <= ticks <= base.ticks
                and damage >= 0
            ):
                raise ScenarioError(f"[setup] poison {entry!r}: bad owner, victim, ticks or damage")
            if not g["live"][victim]:
                raise ScenarioError("[setup] an eliminated player carries no Poison (TAI-8.36)")
            cid = self.new_card(state, "Poison", f"poison:{victim}", owner)
            g["po"].append([cid, owner, victim, ticks, damage])

    # ================================================================ the task loop

    def _run(self, state: State) -> None:
        """Run tasks until one needs a decision or the game ends."""
        tasks = state["g"]["tasks"]
        handlers = self._handlers
        while state["result"] is None:
            if handlers[tasks[-1]["k"]](state, tasks[-1]):
                return

    def act(self, state: State, seat: int, action: Action) -> None:
        task = state["g"]["tasks"][-1]
        self._acts[task["k"]](state, task, seat, action)
        self._run(state)

    # ================================================================ setup decisions (TAI-2.6)

    def _t_pick(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        if task["i"] >= len(g["sel"]):
            g["tasks"].pop()
            self._deal(state)
            return False
        seat = g["sel"][task["i"]]
        taken = set(g["ch"])
        options = [
            option("character", name, label=text.character_label(CARDS.characters[name]))
            for name in CHAR_NAMES
            if name not in taken
        ]
        self.ask(state, seat, "character", f"{self.seat_name(seat)}: choose your character", options)
        return True

    def _a_pick(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        (name,) = action.args
        state["g"]["ch"][seat] = name  # TAI-2.7: only untaken characters are offered
        self.log(state, {"t": "pick", "s": seat, "ch": name})
        task["i"] += 1

    # ================================================================ turn structure (section 3)

    def _t_turn(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-3.2, TAI-3.4: the four steps of a turn, or only the Poison ticks at an eliminated seat."""
        g = state["g"]
        g["tasks"].pop()
        cur = g["cur"]
        g["tt"] = ""
        g["pool"] = 0
        g["burnt"] = 0
        g["sg"] = []  # TAI-8.11: Shotgun protection lasts one turn
        mine = [p[0] for p in g["po"] if p[1] == cur]  # TAI-3.5: in the order the Poisons were played
        tasks = g["tasks"]
        real = g["live"][cur]
        g["real"] = real
        if real:
            state["turn"] += 1
            self.log(state, {"t": "turn", "s": cur, "round": g["round"], "turn": state["turn"]})
            tasks.append({"k": "adv"})
            tasks.append({"k": "end"})
            tasks.append({"k": "play"})
            tasks.append({"k": "choice"})
            tasks.append({"k": "seff", "l": None})
        else:
            self.log(state, {"t": "visit", "s": cur, "round": g["round"]})
            tasks.append({"k": "adv"})
        if mine:
            tasks.append({"k": "ticks", "l": mine})
        return False

    def _t_adv(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-3.1, TAI-3.17: the next seat clockwise; a new round begins back at the starting seat (TAI-3.3)."""
        g = state["g"]
        n = state["players"]
        g["tasks"].pop()
        g["cur"] = (g["cur"] + 1) % n
        if g["cur"] == g["start"]:
            cap = state["options"]["round_cap"]
            if cap is not None and g["round"] >= cap:  # TAI-13.10
                self._cap_end(state)
                return False
            if g["round"] >= SAFETY_ROUNDS:
                self.finish(state, [], f"no winner after {SAFETY_ROUNDS} rounds (the engine's safety limit)")
                return False
            g["round"] += 1
            self.log(state, {"t": "round", "round": g["round"]})
        g["tasks"].append({"k": "turn"})
        return False

    def _cap_end(self, state: State) -> None:
        """TAI-13.10: most health wins (teams: most total health of living members); a tie is a shared draw."""
        g = state["g"]
        n = state["players"]
        team = g["team"]
        live = [s for s in range(n) if g["live"][s]]
        if team is None:
            best = max(g["hp"][s] for s in live)
            top = [s for s in live if g["hp"][s] == best]
            if len(top) == 1:
                self.finish(state, top, f"round cap: {self.seat_name(top[0])} has the most health ({best})")
            else:
                who = ", ".join(self.seat_name(s) for s in top)
                self.finish(state, [], f"round cap: {who} share a draw with {best} health each")
            return
        totals: dict[int, int] = {}
        for s in live:
            totals[team[s]] = totals.get(team[s], 0) + g["hp"][s]
        best = max(totals.values())
        top_teams = sorted(t for t, v in totals.items() if v == best)
        if len(top_teams) == 1:
            members = [s for s in range(n) if team[s] == top_teams[0]]
            self.finish(state, members, f"round cap: team {top_teams[0] + 1} has the most health ({best})")
        else:
            who = ", ".join(f"team {t + 1}" for t in top_teams)
            self.finish(state, [], f"round cap: {who} share a draw with {best} health each")

    # ---------------------------------------------------------------- start step (TAI-3.5, TAI-3.6)

    def _t_ticks(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        if not task["l"]:
            g["tasks"].pop()
            return False
        cid = task["l"].pop(0)
        if any(p[0] == cid for p in g["po"]):  # it may have ended meanwhile (TAI-8.36)
            g["tasks"].append({"k": "tick", "c": cid, "w": None, "i": 0, "h": 0, "rm": False})
        return False

    def _t_seff(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-3.6: the active player's start-of-turn effects, in an order they choose.

        ``task["l"]`` lists the effects still due: a structure's card id, or -1 for the character's ability.
        """
        g = state["g"]
        cur = g["cur"]
        if task["l"] is None:
            effects = []
            names = state["cards"]
            for cid in state["zones"][f"struct:{cur}"]:
                if CARDS.cards[names[cid]].effect == "start_energy":  # TAI-14.14 (c)
                    effects.append(cid)
            if ABILITY[g["ch"][cur]].kind == "start_step":
                effects.append(-1)
            task["l"] = effects
        effects = task["l"]
        if not effects:
            g["tasks"].pop()
            return False
        if len(effects) == 1:
            self._start_effect(state, effects.pop())
            return False
        names = state["cards"]
        options = [
            option(
                "first", ABILITY_FIRST if e < 0 else names[e], label="First: " + self._effect_label(state, e)
            )
            for e in effects
        ]
        self.ask(
            state,
            cur,
            "order",
            f"{self.seat_name(cur)}: choose which start-of-turn effect comes first",
            options,
        )
        return True

    def _effect_label(self, state: State, effect: int) -> str:
        g = state["g"]
        if effect < 0:
            ab = ABILITY[g["ch"][g["cur"]]]
            return f"{g['ch'][g['cur']]}'s ability ({ab.effect} {ab.amount})"
        card = CARDS.cards[state["cards"][effect]]
        return f"{card.name} (energy {card.amount})"

    def _a_seff(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        (which,) = action.args
        names = state["cards"]
        if which == ABILITY_FIRST:
            effect = -1
        else:  # the structure of that name in the seat's own structure area: there is one at most (TAI-9.4)
            effect = next(e for e in task["l"] if e >= 0 and names[e] == which)
        task["l"].remove(effect)
        self._start_effect(state, effect)

    def _start_effect(self, state: State, effect: int) -> None:
        g = state["g"]
        cur = g["cur"]
        if effect < 0:
            ab = ABILITY[g["ch"][cur]]
            if ab.effect == "energy":
                self._gain_energy(state, cur, ab.amount, "ability")
            else:
                self._heal_now(state, cur, ab.amount, "ability")
        else:
            card = CARDS.cards[state["cards"][effect]]
            self._gain_energy(state, cur, card.amount, card.name)

    # ---------------------------------------------------------------- energy and powering up (section 5)

    def _t_pu(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-5.2 .. TAI-5.6, TAI-5.12: power up while energy is 10 or more; the player picks the track."""
        g = state["g"]
        seat = task["s"]
        if g["en"][seat] < POWER_AT:
            g["tasks"].pop()
            return False
        levels = g["lv"][seat]
        open_ = [i for i in range(4) if levels[i] < MAX_LEVEL]
        if not open_:  # TAI-5.6
            g["en"][seat] = POWER_AT - 1
            self.log(state, {"t": "energy_cap", "s": seat})
            g["tasks"].pop()
            return False
        if len(open_) == 1:
            self._power_up(state, seat, open_[0])
            return False
        options = [
            option("power_up", TRACKS[i], label=f"Raise {TRACKS[i].capitalize()} to level {levels[i] + 1}")
            for i in open_
        ]
        self.ask(
            state, seat, "powerup", f"{self.seat_name(seat)}: power up (energy {g['en'][seat]})", options
        )
        return True

    def _a_pu(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        (track,) = action.args
        self._power_up(state, seat, TRACK_INDEX[track])

    def _power_up(self, state: State, seat: int, track: int) -> None:
        g = state["g"]
        g["lv"][seat][track] += 1  # TAI-5.5, TAI-5.11
        g["en"][seat] -= POWER_AT  # TAI-5.4: the rest carries over
        self.log(state, {"t": "powerup", "s": seat, "track": TRACKS[track], "lv": g["lv"][seat][track]})

    # ---------------------------------------------------------------- choice step (TAI-3.7)

    def _t_choice(self, state: State, task: dict[str, Any]) -> bool:
        cur = state["g"]["cur"]
        self.ask(
            state,
            cur,
            "turn_type",
            f"{self.seat_name(cur)}: upgrading turn or attacking turn?",
            [
                option("upgrade", label="Upgrading turn (money, energy, buying)"),
                option("attack", label="Attacking turn (red cards)"),
            ],
        )
        return True

    def _a_choice(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        g["tasks"].pop()
        if action.verb == "upgrade":
            g["tt"] = "up"
            g["pool"] = self._structure_total(state, seat, "buy_bonus")  # TAI-4.3, TAI-14.14 (b)
        else:
            g["tt"] = "atk"
        self.log(state, {"t": "declare", "s": seat, "tt": g["tt"], "pool": g["pool"]})

    # ---------------------------------------------------------------- play step (sections 4, 6)

    def _t_play(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        cur = g["cur"]
        names = state["cards"]
        hand = state["zones"][f"hand:{cur}"]
        options: list[list[str]] = []
        if g["tt"] == "up":
            for name in sorted(self._distinct(names, hand, ("money", "energy", "burn"))):
                kind = KIND[name]
                if kind == "money":  # TAI-4.3
                    options.append(
                        option(
                            "play_money", name, label=f"Play {name} (+{CARDS.cards[name].value} buying power)"
                        )
                    )
                elif kind == "energy":  # TAI-4.12
                    options.append(
                        option("play_energy", name, label=f"Play {name} (+{CARDS.cards[name].value} energy)")
                    )
                else:  # TAI-8.52
                    options.append(
                        option(
                            "use_barrel", name, label=f"Use {name} (burn up to {self._burn_room(g)} cards)"
                        )
                    )
            options += self._buy_options(state, cur)
            if not options and not hand:
                g["tasks"].pop()  # an empty hand and nothing to buy: the play step ends (TAI-3.9, TAI-1.18)
                self.log(state, {"t": "end_play", "s": cur})
                return False
            options.append(option("end", label="End the play step"))
            self.ask(
                state, cur, "upgrade", f"{self.seat_name(cur)}: upgrading turn, pool {g['pool']}", options
            )
            return True
        building = g["build"]
        chosen = {e[0] for e in building}
        red = self._distinct(names, [c for c in hand if c not in chosen], RED_TARGETS)
        for name in sorted(red):
            options += self._target_options(state, cur, name)
        options += self._all_options(state, cur)
        if building:
            options.append(
                option(
                    "reveal",
                    label=f"Reveal the volley ({len(building)} card{'s' if len(building) > 1 else ''})",
                )
            )
            self.ask(
                state, cur, "attack", f"{self.seat_name(cur)}: lay more cards or reveal the volley", options
            )
            return True
        for name in sorted(self._distinct(names, hand, ("burn",))):  # TAI-6.18, TAI-8.52
            options.append(
                option("use_barrel", name, label=f"Use {name} (burn up to {self._burn_room(g)} cards)")
            )
        if not hand:  # only an empty hand (public) ends the step unasked: cards left say nothing (TAI-1.18)
            g["tasks"].pop()
            self.log(state, {"t": "end_play", "s": cur})
            return False
        options.append(option("end", label="End the play step"))
        self.ask(
            state, cur, "attack", f"{self.seat_name(cur)}: attacking turn, lay cards for a volley", options
        )
        return True

    @staticmethod
    def _burn_room(g: dict[str, Any]) -> int:
        return max(0, BURN_LIMIT - g["burnt"])

    def _seat_targets(self, state: State, cur: int, name: str) -> list[int]:
        """TAI-6.7 .. TAI-6.9: the seats a red card other than a Fire Bomb may be aimed at."""
        g = state["g"]
        if KIND[name] == "firstaid":  # any living player, the attacker included
            return [p for p in range(state["players"]) if g["live"][p]]
        return self.opponents(g, cur)

    def _target_options(self, state: State, cur: int, name: str) -> list[list[str]]:
        """TAI-6.7 .. TAI-6.9: the legal targets of one red card, one option each."""
        g = state["g"]
        kind = KIND[name]
        sn = self.seat_name
        if kind == "firebomb":
            # a structure in an opponent's structure area, named by its owner and its name (TAI-9.4)
            names = state["cards"]
            return [
                option("fire_bomb", p, names[s], label=f"{name} at {sn(p)}'s {names[s]}")
                for p in self.opponents(g, cur)
                for s in state["zones"][f"struct:{p}"]
            ]
        if kind == "firstaid":
            heal = self.value(g, cur, name)
            return [
                option("lay", name, p, label=f"{name} (heal {heal}) on {'yourself' if p == cur else sn(p)}")
                for p in self._seat_targets(state, cur, name)
            ]
        if kind == "attack":
            stat = f" (attack {self.value(g, cur, name)})"
        elif kind == "poison":
            stat = f" ({self.value(g, cur, name)} per tick)"
        else:
            stat = ""
        return [
            option("lay", name, p, label=f"{name}{stat} at {sn(p)}")
            for p in self._seat_targets(state, cur, name)
        ]

    def _unlaid(self, state: State, cur: int) -> list[int]:
        """The cards in ``cur``'s hand not yet laid in the volley being built."""
        laid = {e[0] for e in state["g"]["build"]}
        return [c for c in state["zones"][f"hand:{cur}"] if c not in laid]

    def _damage_left(self, state: State, cur: int) -> list[int]:
        """The damage-dealing red cards (TAI-1.13) in ``cur``'s hand not yet laid in the volley.

        Their names come in hand order; copies of one name are taken lowest id first, as laying one card of a name
        takes it (:func:`.combat.lowest`), so laying them all is exactly laying them one at a time in hand order.
        """
        names = state["cards"]
        left = [c for c in self._unlaid(state, cur) if KIND[names[c]] == "attack"]
        copies: dict[str, list[int]] = {}
        for cid in sorted(left, reverse=True):
            copies.setdefault(names[cid], []).append(cid)
        return [copies[names[c]].pop() for c in left]

    def _all_options(self, state: State, cur: int) -> list[list[str]]:
        """TAI-6.4, TAI-6.5: lay every damage-dealing card left in hand at one target and reveal, in one decision.

        One ``lay_all`` option per seat that each of those cards may legally be aimed at (the intersection of
        their single-card targets, TAI-6.7 .. TAI-6.9), offered only with two or more such cards (with one it would
        repeat that card's own option). The label names only the deciding seat's own cards (TAI-1.18).
        """
        names = state["cards"]
        cards = self._damage_left(state, cur)
        if len(cards) < 2:
            return []
        legal: set[int] | None = None
        counts: dict[str, int] = {}
        for name in self._distinct(names, cards, ("attack",)):
            seats = set(self._seat_targets(state, cur, name))
            legal = seats if legal is None else legal & seats
        for cid in cards:
            counts[names[cid]] = counts.get(names[cid], 0) + 1
        what = ", ".join(name if k == 1 else f"{name} x{k}" for name, k in counts.items())
        total = sum(self.value(state["g"], cur, names[cid]) for cid in cards)
        return [
            option(
                "lay_all",
                p,
                label=f"Lay all {len(cards)} damage cards ({what}; attack {total}) at {self.seat_name(p)} and reveal",
            )
            for p in after(state["players"], cur)
            if legal and p in legal
        ]

    def _buy_options(self, state: State, seat: int) -> list[list[str]]:
        """TAI-4.4, TAI-4.5, TAI-4.7, TAI-9.5: affordable non-empty piles; one structure of each name."""
        g = state["g"]
        pool = g["pool"]
        if pool <= 0:
            return []
        owned: set[str] | None = None
        out = []
        pile = g["pile"]
        costs = COSTS[g["ch"][seat]]
        for i, name in enumerate(NAMES):
            c = costs[i]
            if c > pool or not pile[i]:
                continue
            if KIND[name] == "structure":
                if owned is None:
                    owned = self._owned_structures(state, seat)
                if name in owned:
                    continue
            out.append(option("buy", name, label=f"Buy {name} (cost {c}, {pile[i]} left)"))
        return out

    def _a_play(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        verb = action.verb
        names = state["cards"]
        hand = state["zones"][f"hand:{seat}"]
        if verb == "end":  # TAI-3.9, TAI-4.8: unspent buying power is lost
            g["tasks"].pop()
            g["pool"] = 0
            self.log(state, {"t": "end_play", "s": seat})
        elif verb == "play_money":
            cid = lowest(names, hand, action.args[0])
            self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="money")
            g["pool"] += CARDS.cards[names[cid]].value  # TAI-4.3, TAI-4.13
            self._on_play(state, seat, names[cid])
        elif verb == "play_energy":
            cid = lowest(names, hand, action.args[0])
            self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="energy")
            self._on_play(state, seat, names[cid])
            self._gain_energy(state, seat, CARDS.cards[names[cid]].value, names[cid])  # TAI-4.12
        elif verb == "buy":
            self._buy(state, seat, action.args[0])
        elif verb == "use_barrel":
            cid = lowest(names, hand, action.args[0])
            self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="barrel")  # TAI-8.55
            self._on_play(state, seat, names[cid])
            g["tasks"].append({"k": "burn", "n": min(BURN_LIMIT, self._burn_room(g))})
        elif verb == "lay":  # TAI-6.4: one card at one seat
            name, target = action.args
            g["build"].append([lowest(names, self._unlaid(state, seat), name), target, -1])
        elif verb == "fire_bomb":  # TAI-6.7, TAI-8.48: a Fire Bomb at the owner's structure of that name
            owner, structure = action.args
            cid = lowest(names, self._unlaid(state, seat), FIRE_BOMB)
            g["build"].append([cid, owner, lowest(names, state["zones"][f"struct:{owner}"], structure)])
        elif verb == "reveal":
            self._reveal(state, seat)
        elif verb == "lay_all":
            # TAI-6.4, TAI-6.5: as if each were laid at the target in hand order, then revealed
            (target,) = action.args
            for cid in self._damage_left(state, seat):
                g["build"].append([cid, target, -1])
            self._reveal(state, seat)
        else:
            raise AssertionError(f"unhandled option {action.id!r}")

    def _buy(self, state: State, seat: int, name: str) -> None:
        """TAI-4.5, TAI-4.9, TAI-9.2: the top card of the pile goes to the bought area (a structure into play)."""
        g = state["g"]
        supply = state["zones"]["supply"]
        names = state["cards"]
        cid = next(supply[i] for i in range(len(supply) - 1, -1, -1) if names[supply[i]] == name)
        g["pool"] -= self.cost(g, seat, name)
        g["pile"][INDEX[name]] -= 1
        dst = f"struct:{seat}" if KIND[name] == "structure" else f"bought:{seat}"
        self.move(state, cid, "supply", dst, cause="buy")

    # ---------------------------------------------------------------- Burn-Barrel (TAI-8.52 .. TAI-8.57)

    def _t_burn(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        cur = g["cur"]
        hand = state["zones"][f"hand:{cur}"]
        if task["n"] <= 0 or not hand:
            g["tasks"].pop()
            return False
        names = state["cards"]
        options = [option("burn", name, label=f"Burn {name}") for name in sorted({names[c] for c in hand})]
        options.append(option("stop", label="Burn nothing more"))
        self.ask(state, cur, "burn", f"{self.seat_name(cur)}: burn up to {task['n']} more card(s)", options)
        return True

    def _a_burn(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        g = state["g"]
        if action.verb == "stop":
            g["tasks"].pop()
            return
        cid = lowest(state["cards"], state["zones"][f"hand:{seat}"], action.args[0])
        self.move(state, cid, f"hand:{seat}", "out", cause="burn")  # TAI-8.53, TAI-8.57
        g["burnt"] += 1  # TAI-8.54
        task["n"] -= 1

    # ---------------------------------------------------------------- end step (TAI-3.11 .. TAI-3.15)

    def _t_end(self, state: State, task: dict[str, Any]) -> bool:
        g = state["g"]
        g["tasks"].pop()
        cur = g["cur"]
        z = state["zones"]
        dst = f"discard:{cur}"
        for kind in ("play", "hand", "bought"):
            src = f"{kind}:{cur}"
            zone = z[src]
            while zone:
                self.move(state, zone[-1], src, dst, cause="cleanup")
        g["tt"] = ""
        g["pool"] = 0
        g["tasks"].append({"k": "draw", "s": cur, "n": HAND_SIZE})
        return False

    def _t_draw(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-3.12 .. TAI-3.14: draw one at a time, reshuffling the discard pile when the deck is empty.

        TAI-9.7: the structures drawn are noted, and once the drawing is done their owner is asked whether to put
        them into play (nothing else happens in between, and no card replaces a placed one, TAI-9.8, so this is "at
        once"). So that the question gives nothing away (TAI-1.17, TAI-1.18), it is asked after every draw of a
        player who owns a structure card out of play (in hand, deck or discard pile: a public fact, since every
        structure a player gains, places, loses or burns is shown to all), whether or not one was drawn.
        """
        g = state["g"]
        seat = task["s"]
        z = state["zones"]
        deck_name = f"deck:{seat}"
        hand_name = f"hand:{seat}"
        deck = z[deck_name]
        names = state["cards"]
        drawn: list[int] = []
        while task["n"] > 0:
            if not deck:
                discard = z[f"discard:{seat}"]
                if not discard:  # TAI-3.14
                    break
                src = f"discard:{seat}"
                while discard:
                    self.move(state, discard[-1], src, deck_name, cause="reshuffle")
                rng.shuffle(state, deck)
                self.log(state, {"t": "shuffle", "s": seat})
            cid = deck[-1]
            self.move(state, cid, deck_name, hand_name, cause="draw")
            task["n"] -= 1
            if KIND[names[cid]] == "structure":  # TAI-9.7
                drawn.append(cid)
        g["tasks"].pop()
        if z[hand_name] and (drawn or self._owns_loose_structure(state, seat)):
            g["tasks"].append({"k": "place", "s": seat, "l": drawn})
        return False

    def _owns_loose_structure(self, state: State, seat: int) -> bool:
        """Whether ``seat`` owns a structure card in hand, deck or discard pile (known to all, see :meth:`_t_draw`)."""
        names = state["cards"]
        z = state["zones"]
        for kind in ("hand", "deck", "discard"):
            for cid in z[f"{kind}:{seat}"]:
                if KIND[names[cid]] == "structure":
                    return True
        return False

    def _t_place(self, state: State, task: dict[str, Any]) -> bool:
        """TAI-9.7, TAI-9.4, TAI-9.9: put structures drawn just now into play, one at a time, until "keep"."""
        seat = task["s"]
        names = state["cards"]
        z = state["zones"]
        if not z[f"hand:{seat}"]:
            state["g"]["tasks"].pop()
            return False
        in_play = {names[c] for c in z[f"struct:{seat}"]}
        options = []
        for cid in self._drawn_in_hand(state, task):
            name = names[cid]
            if name not in in_play:
                in_play.add(name)  # one of each name (TAI-9.4)
                options.append(option("place", name, label=f"Put {name} into play"))
        options.append(
            option(
                "keep",
                label="Put nothing (more) into play" if options else "No drawn structure to put into play",
            )
        )
        self.ask(
            state,
            seat,
            "structure",
            f"{self.seat_name(seat)}: put a drawn structure into play?",
            options,
        )
        return True

    @staticmethod
    def _drawn_in_hand(state: State, task: dict[str, Any]) -> list[int]:
        """The structures drawn just now (TAI-9.7) that are still in their drawer's hand."""
        hand = state["zones"][f"hand:{task['s']}"]
        return [c for c in task["l"] if c in hand]

    def _a_place(self, state: State, task: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "keep":  # TAI-9.9: kept structures stay in hand, unplayable
            state["g"]["tasks"].pop()
            return
        cid = lowest(state["cards"], self._drawn_in_hand(state, task), action.args[0])
        self.move(state, cid, f"hand:{seat}", f"struct:{seat}", cause="place")  # TAI-9.8: no replacement card
        task["l"].remove(cid)

    # ================================================================ views and words

    def public_view(self, state: State) -> dict[str, Any]:
        return text.public_view(self, state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        g = state["g"]
        if g["build"] and g["cur"] == seat:
            names = state["cards"]
            return {
                "volley_being_laid": [[names[c], t, names[s] if s >= 0 else None] for c, t, s in g["build"]]
            }
        return {}

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}"

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return text.describe_event(self, event, seat)

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return text.summarize(self, view)

    def card_rows(self) -> list[dict[str, Any]]:
        return text.card_rows(CARDS)

    def rules_guide(self) -> str:
        from importlib import resources

        return resources.files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
