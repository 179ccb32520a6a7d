"""Dragon Ball Z CCG with the complete Drill rules: the rules code.

Organised by the sections of the rules document; rule ids are given where each rule is implemented. The words for
people (views, prompts, narration, the terminal summary) live in :mod:`.text`.

The game-specific state ``state["g"]`` holds only plain data::

    mp       [MP name of seat 0, of seat 1]                              (DBZ-1.2)
    lv, st, ang   level, power stage and anger of each MP                (DBZ-1.5)
    first    the first player; act: the active player                    (DBZ-3.1)
    phase    "setup" | "draw" | "noncombat" | "powerup" | "declare" | "combat" | "discard"  (DBZ-3.2)
    next     the flow step to run once no task is pending
    decl     whether the active player declared combat this turn         (DBZ-3.11, DBZ-3.13)
    q        pending tasks, first one next: colour choices, drill targets, hand-limit discards
    clash    for each seat, the drawn drills that clash and wait for its choice at its next decision (DBZ-9.7)
    cb       the combat in progress, or None:
             {"att": attacking player, "to": seat to act, "passes": passes in a row, "fpa": [made an FPA],
              "atk": the attack in progress or None}
             an attack: {"by": seat, "kind": "p" | "e", "how": "card" | "drill" | "fpa", "card": played card id
             or None, "title": its source's title, "bonus": own bonus, "dmg", "cost": energy damage and cost}
    ut, uc   drill ids whose once-per-turn / once-per-combat power was used (DBZ-11.14)

Zones (all lists bottom first): ``life:s`` face down (nobody sees it), ``hand:s`` (its owner), ``discard:s``,
``drills:s`` (in the order the drills entered play), ``mp:s`` (the level cards, level 1 first) and ``play:s`` (cards
played from hand until they are discarded), all public.
"""

from __future__ import annotations

import functools
from typing import Any

from ...core import rng
from ...core.actions import Action, option
from ...core.errors import OptionError, ScenarioError
from ...core.game import Game
from ...core.options import OptionSpec
from ...core.zones import ALL, NONE, OWNER, Visibility, ZoneKind
from .actions import VERBS
from .cards import CardSet, MainPersonality, load_card_set, parse_deck_list, validate_deck
from .config import (
    ABLK,
    CACT,
    DRILL,
    EATK,
    EBLK,
    ONESHOT,
    PATK,
    PBLK,
    Config,
    ConfigCache,
    Info,
    bands_text,
    formula_text,
)
from .text import TextMixin

State = dict[str, Any]

CARDS: CardSet = load_card_set()

START_STAGE = 5  # DBZ-2.5
MAX_STAGE = 10  # DBZ-4.2
MAX_ANGER = 5  # DBZ-4.5
STEP1_DRAW = 3  # DBZ-3.3
COMBAT_DRAW = 3  # DBZ-5.2
DEFAULT_TURN_LIMIT = 300

STEPS = ("draw", "noncombat", "powerup", "declare", "combat", "discard")


def _other(seat: int) -> int:
    return 1 - seat


class DragonBallZ(TextMixin, Game):
    """The Dragon Ball Z CCG (Saiyan Saga) duel with the complete Drill rules."""

    id = "dbz"
    name = "Dragon Ball Z CCG: Drills"
    summary = "Two Main Personalities duel with physical and energy attacks; drills are lasting techniques."
    min_players = 2  # DBZ-1.1
    max_players = 2
    # 2: typed option ids (verbs with arguments); 3: a clash choice wears the face of the decision it comes before,
    # and the defender's comes at its first decision of the combat (DBZ-9.4, DBZ-9.7)
    rules_version = "3"
    verbs = VERBS
    option_specs = (
        OptionSpec("deck_p1", "choice", "kairo", "P1's sample deck (and MP)", choices=tuple(CARDS.decks)),
        OptionSpec("deck_p2", "choice", "vashna", "P2's sample deck (and MP)", choices=tuple(CARDS.decks)),
        OptionSpec(
            "decklist_p1",
            "str",
            "",
            "P1's own life deck for the MP of deck_p1, e.g. '3x Cobblestone Jab; 2x Lantern Bolt; ...'",
        ),  # DBZ-2.1, DBZ-2.2
        OptionSpec("decklist_p2", "str", "", "P2's own life deck for the MP of deck_p2 (same format)"),
        OptionSpec(
            "hand_limit",
            "int",
            1,
            "Cards each player may keep at the Step 5 hand limit",
            minimum=1,
            maximum=2,
        ),  # DBZ-14.1
        OptionSpec(
            "final_physical_attack",
            "bool",
            False,
            "Allow one Final Physical Attack per player per combat (discard a card to attack)",
        ),  # DBZ-14.2
        OptionSpec(
            "pat_bands",
            "str",
            bands_text(CARDS.pat.bands),
            "Physical attack table: the highest power of rows 1, 2, ... (comma-separated)",
        ),  # DBZ-14.4
        OptionSpec(
            "pat_formula",
            "str",
            formula_text(CARDS.pat.formula),
            "Base physical damage: 'a,t,c' for max(0, a*attacker row + t*target row + c)",
        ),  # DBZ-14.4
        OptionSpec(
            "colour_words", "str", ",".join(CARDS.colour_words), "Drill colour words (comma-separated)"
        ),  # DBZ-14.4
        OptionSpec(
            "dragon_ball_victory", "bool", False, "Dragon Ball victory (not available in this version)"
        ),  # DBZ-14.5
        OptionSpec(
            "turn_limit",
            "int",
            DEFAULT_TURN_LIMIT,
            "Safety cap: the game is drawn when this many turns have been played",
            minimum=1,
            maximum=100_000,
        ),
    )
    # DBZ-1.2, DBZ-1.6 .. DBZ-1.9, DBZ-1.14: who may see each zone.
    visibility = Visibility(
        {
            "life": ZoneKind(NONE, description="life deck (face down)"),
            "hand": ZoneKind(OWNER, description="hand"),
            "discard": ZoneKind(ALL, description="discard pile"),
            "drills": ZoneKind(ALL, description="drill area"),
            "mp": ZoneKind(ALL, description="Main Personality level cards"),
            "play": ZoneKind(ALL, description="cards played from hand, until discarded"),
        },
        {"shown": ALL},  # DBZ-9.3: a clashing drill shown to the opponent
    )

    def __init__(self, card_set: CardSet | None = None) -> None:
        self.cards = card_set if card_set is not None else CARDS
        self.configs = ConfigCache(self.cards)
        self._init_text()
        self._steps = {
            "turn": self._s_turn,
            "draw": self._s_draw,
            "nc": self._s_noncombat,
            "powerup": self._s_powerup,
            "declare": self._s_declare,
            "cact": self._s_combat_action,
            "resp": self._s_response,
            "limit": self._s_limit,
            "rejuv": self._s_rejuvenate,
        }
        self._tasks = {
            "keep": self._t_keep,
            "target": self._t_target,
            "limit": self._t_limit,
            "finish": self._t_finish_card,
        }
        # act() dispatches on the verb; each handler takes the verb's arguments, already typed (see .actions)
        self._handlers = {
            "first_player": self._do_first_player,
            "show_and_shuffle": self._do_show_and_shuffle,
            "discard_unshown": self._do_discard_unshown,
            "keep_in_hand": self._do_keep_in_hand,
            "play": self._do_play,
            "use_power": self._do_use_power,
            "destroy_drill": self._do_destroy_drill,
            "keep_colour": self._do_keep_colour,
            "done": self._do_done,
            "declare_combat": self._do_declare_combat,
            "no_combat": self._do_no_combat,
            "attack": self._do_attack,
            "combat_action": self._do_combat_action,
            "drill_attack": self._do_drill_attack,
            "final_physical_attack": self._do_final_physical_attack,
            "pass": self._do_pass,
            "block": self._do_block,
            "drill_stop": self._do_drill_stop,
            "take": self._do_take,
            "discard": self._do_discard,
        }
        assert set(self._handlers) == {v.name for v in self.verbs}, "every declared verb has one handler"

    # ----- options, setup (section 2) ----------------------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(self.cards.cards) | set(self.cards.level_titles)

    def card_total(self, options: dict[str, Any]) -> int:
        """How many cards a game with these (resolved) options creates: both MPs' level cards and both life decks
        (DBZ-1.3, DBZ-2.1). Card ids run from 0 to this number less one."""
        levels = sum(
            len(self.cards.mps[self.cards.deck(options[key]).mp].levels) for key in ("deck_p1", "deck_p2")
        )
        return levels + sum(len(self.life_deck(options, seat)) for seat in (0, 1))

    def colour_words(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The drill colour words of a game with these (resolved) options, in their listed order (DBZ-8.1)."""
        return self.configs.get(options).colour_words

    def config(self, state: State) -> Config:
        """The configuration of this game (PAT, colour words, per-title rules data)."""
        return self.configs.get(state["options"])

    def check_options(self, options: dict[str, Any], players: int) -> None:
        if options["dragon_ball_victory"]:  # DBZ-13.9, DBZ-14.5
            raise OptionError(
                "option 'dragon_ball_victory' has no rules or cards in this version (DBZ-13.9, DBZ-14.5)"
            )
        self.configs.get(options)  # DBZ-14.4: bands, formula and colour words are checked here
        for seat in (0, 1):
            self.life_deck(
                options, seat
            )  # DBZ-1.3, DBZ-2.1, DBZ-2.2: an illegal deck stops the game starting

    def life_deck(self, options: dict[str, Any], seat: int) -> tuple[str, ...]:
        """The validated life deck of a seat: its own deck list if given, else the sample deck (DBZ-2.1, DBZ-2.2)."""
        deck_id = options[("deck_p1", "deck_p2")[seat]]
        return self._life_deck(deck_id, options[("decklist_p1", "decklist_p2")[seat]], seat)

    @functools.cache  # noqa: B019 - one shared game object; decks are few
    def _life_deck(self, deck_id: str, decklist: str, seat: int) -> tuple[str, ...]:
        deck = self.cards.deck(deck_id)
        if not decklist.strip():
            return validate_deck(
                deck.cards, self.cards, deck.mp, f"{self.seat_name(seat)}'s deck {deck.name!r}"
            )
        name = f"{self.seat_name(seat)}'s deck list"
        titles = parse_deck_list(decklist, self.cards, name)
        return validate_deck(titles, self.cards, deck.mp, f"{name} for {deck.mp}")

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # A turn's decisions are bounded by the cards that can pass through the hands in that turn (both hands
        # start the turn within the hand limit; Step 1 draws 3 plus EXTRA_DRAW, the combat draw 3), each giving at
        # most 10 decisions (clash choice, play or attack, target, colour choices, response, passes around it,
        # hand-limit discard), and by the drills that can be in play (one power use each per turn or combat, plus
        # a response). The turn limit bounds the turns.
        cfg = self.configs.get(options)
        decks = [self.life_deck(options, seat) for seat in (0, 1)]
        drills = sum(1 for d in decks for t in d if cfg.info[t].code == DRILL)
        extra = sum(cfg.info[t].n for d in decks for t in d if cfg.info[t].power == "EXTRA_DRAW")
        cards = 2 * options["hand_limit"] + STEP1_DRAW + COMBAT_DRAW + extra
        per_turn = 10 * cards + 6 * drills + 12
        return options["turn_limit"] * per_turn + 2

    def setup(self, state: State) -> None:
        opts = state["options"]
        mps = []
        for seat, key in enumerate(("deck_p1", "deck_p2")):
            mp = self.cards.mps[self.cards.deck(opts[key]).mp]
            mps.append(mp.name)
            for level in mp.levels:  # DBZ-1.3: level cards start in play
                self.new_card(state, level.title, f"mp:{seat}", seat)
            for title in self.life_deck(opts, seat):
                self.new_card(state, title, f"life:{seat}", seat)
        state["g"] = self._fresh_g(mps)
        # DBZ-2.6, DBZ-2.11: seat 0's deck first, then seat 1's; nobody has seen them, so the shuffle deals the card
        # names to the ids at random and an id says nothing about which card it is (Game.shuffle_unseen).
        self.shuffle_unseen(state, "life:0")
        self.shuffle_unseen(state, "life:1")
        first = self._power_check(state)  # DBZ-2.7
        if first is None:  # DBZ-2.8 .. DBZ-2.10: the seeded generator picks the first player
            self.ask_chance(
                state,
                "first_player",
                "Who takes the first turn?",
                [
                    option("first_player", 0, label="P1 goes first"),
                    option("first_player", 1, label="P2 goes first"),
                ],
                [1, 1],
            )
            return
        self._begin(state, first, "power check")

    @staticmethod
    def _fresh_g(mps: list[str]) -> dict[str, Any]:
        return {
            "mp": list(mps),
            "lv": [1, 1],  # DBZ-2.5
            "st": [START_STAGE, START_STAGE],
            "ang": [0, 0],
            "first": 0,
            "act": 0,
            "phase": "setup",
            "next": "turn",
            "decl": False,
            "q": [],
            "clash": [[], []],
            "cb": None,
            "ut": [],
            "uc": [],
        }

    def mp(self, state: State, seat: int) -> MainPersonality:
        return self.cards.mps[state["g"]["mp"][seat]]

    def power(self, state: State, seat: int) -> int:
        """DBZ-4.1: the current power value of a seat's MP."""
        g = state["g"]
        return self.cards.mps[g["mp"][seat]].levels[g["lv"][seat] - 1].power[g["st"][seat]]

    def _power_check(self, state: State) -> int | None:
        """DBZ-2.7, DBZ-2.8: the start-up doubling check; returns the first player, or None if it does not apply."""
        g = state["g"]
        values = [self.mp(state, s).levels[0].power[START_STAGE] for s in (0, 1)]
        if values[0] == values[1]:
            return None
        big = 0 if values[0] > values[1] else 1
        if values[big] < 2 * values[_other(big)]:
            return None
        g["st"][big] = 2
        g["st"][_other(big)] = MAX_STAGE
        self.log(state, {"t": "power_check", "values": values, "weaker": _other(big)})
        return _other(big)

    def _begin(self, state: State, first: int, how: str) -> None:
        g = state["g"]
        g["first"] = first
        g["next"] = "turn"
        self.log(state, {"t": "first", "seat": first, "how": how})
        self._run(state)

    def load_scenario(self, state: State, setup: dict[str, Any]) -> None:
        """Scenario ``[setup]`` keys (see RULES.md, "Scenarios"): mp, level, stage, anger, turn, active, first,
        step, declared, to_act, passes, fpa."""
        allowed = {
            "mp",
            "level",
            "stage",
            "anger",
            "turn",
            "active",
            "first",
            "step",
            "declared",
            "to_act",
            "passes",
            "fpa",
        }
        unknown = sorted(set(setup) - allowed)
        if unknown:
            raise ScenarioError(f"unknown [setup] key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
        names = setup.get("mp", [self.cards.decks[state["options"][k]].mp for k in ("deck_p1", "deck_p2")])
        if not (isinstance(names, list) and len(names) == 2 and all(n in self.cards.mps for n in names)):
            raise ScenarioError(f"[setup] mp must name two MPs of the card set ({', '.join(self.cards.mps)})")
        z = state["zones"]
        for seat in (0, 1):
            if z[f"mp:{seat}"] or z[f"play:{seat}"]:
                raise ScenarioError("zones mp:* and play:* start empty: level cards come from [setup] mp")
            for cid in z[f"drills:{seat}"]:
                if (
                    self.cards.cards.get(state["cards"][cid]) is None
                    or self.config(state).info[state["cards"][cid]].code != DRILL
                ):
                    raise ScenarioError(
                        f"{state['cards'][cid]!r} is not a drill and cannot be in drills:{seat}"
                    )
            for zone in ("life", "hand", "discard"):
                for cid in z[f"{zone}:{seat}"]:
                    if state["cards"][cid] in self.cards.level_titles:
                        raise ScenarioError(
                            f"{state['cards'][cid]!r} is a level card; it cannot be in {zone}:{seat}"
                        )
        g = self._fresh_g(names)
        for seat in (0, 1):
            for level in self.cards.mps[names[seat]].levels:
                self.new_card(state, level.title, f"mp:{seat}", seat)
        for key, low, highs in (
            ("level", 1, [self.cards.mps[n].top for n in names]),
            ("stage", 0, [MAX_STAGE, MAX_STAGE]),
            ("anger", 0, [MAX_ANGER, MAX_ANGER]),
        ):
            value = setup.get(key)
            if value is None:
                continue
            if not (
                isinstance(value, list)
                and len(value) == 2
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and low <= v <= h
                    for v, h in zip(value, highs, strict=True)
                )
            ):
                raise ScenarioError(f"[setup] {key} must be two whole numbers from {low} to {highs}")
            g[{"level": "lv", "stage": "st", "anger": "ang"}[key]] = list(value)
        turn = setup.get("turn", 1)
        active = setup.get("active", 0)
        if not isinstance(turn, int) or turn < 1:
            raise ScenarioError("[setup] turn must be a whole number of at least 1")
        if active not in (0, 1):
            raise ScenarioError("[setup] active must be 0 or 1")
        first = setup.get("first", active if turn % 2 == 1 else _other(active))
        if first not in (0, 1) or (first == active) != (turn % 2 == 1):
            raise ScenarioError("[setup] first must be 0 or 1 and agree with turn and active (DBZ-3.1)")
        step = setup.get("step", "draw")
        if step not in STEPS:
            raise ScenarioError(f"[setup] step must be one of {', '.join(STEPS)}")
        declared = setup.get("declared", step == "combat")
        if not isinstance(declared, bool) or (step == "combat" and not declared):
            raise ScenarioError("[setup] declared must be true or false (true in combat)")
        state["turn"] = turn
        g["first"], g["act"], g["decl"] = first, active, declared
        g["phase"] = step
        g["next"] = {
            "draw": "draw",
            "noncombat": "nc",
            "powerup": "powerup",
            "declare": "declare",
            "combat": "cact",
            "discard": "limit",
        }[step]
        if step == "combat":
            to_act = setup.get("to_act", active)
            passes = setup.get("passes", 0)
            fpa = setup.get("fpa", [False, False])
            if to_act not in (0, 1) or passes not in (0, 1):
                raise ScenarioError("[setup] to_act must be 0 or 1, passes 0 or 1")
            if not (isinstance(fpa, list) and len(fpa) == 2 and all(isinstance(f, bool) for f in fpa)):
                raise ScenarioError("[setup] fpa must be two booleans")
            g["cb"] = {"att": active, "to": to_act, "passes": passes, "fpa": list(fpa), "atk": None}
        elif any(k in setup for k in ("to_act", "passes", "fpa")):
            raise ScenarioError("[setup] to_act, passes and fpa apply only with step = 'combat'")
        state["g"] = g
        empty = [s for s in (0, 1) if not z[f"life:{s}"]]
        if empty:  # DBZ-13.1, DBZ-13.3: a position with an empty life deck is already decided
            self._survival(state, empty)
            return
        self._run(state)

    # ----- the flow (section 3) -----------------------------------------------------------------------------------

    def _run(self, state: State) -> None:
        """Run the game forward until a decision is needed or the game ends."""
        g = state["g"]
        q = g["q"]
        tasks = self._tasks
        steps = self._steps
        while state["result"] is None:
            if q:
                if tasks[q[0]["k"]](state, q[0]):
                    return
                continue
            if steps[g["next"]](state):
                return

    def act(self, state: State, seat: int, action: Action) -> None:
        self._handlers[action.verb](state, seat, *action.args)
        self._run(state)

    @staticmethod
    def _in_hand(state: State, seat: int, title: str) -> int:
        """The card a title names in a seat's hand: the lowest id with that title (copies are interchangeable)."""
        names = state["cards"]
        return min(cid for cid in state["zones"][f"hand:{seat}"] if names[cid] == title)

    def _s_turn(self, state: State) -> bool:
        """DBZ-3.1, DBZ-3.14: the next player's turn begins with Step 1."""
        g = state["g"]
        if state["turn"] >= state["options"]["turn_limit"]:
            self.finish(state, [], f"the turn limit of {state['options']['turn_limit']} turns was reached")
            return False
        state["turn"] += 1
        g["act"] = g["first"] if state["turn"] % 2 == 1 else _other(g["first"])
        g["decl"] = False
        g["ut"] = []  # DBZ-11.14: once-per-turn uses reset
        self.log(state, {"t": "turn", "turn": state["turn"], "seat": g["act"]})
        g["next"] = "draw"
        return False

    def _s_draw(self, state: State) -> bool:
        """DBZ-3.3, DBZ-3.4, DBZ-11.6: Step 1, draw 3 plus EXTRA_DRAW; then clash choices (section 9)."""
        g = state["g"]
        g["phase"] = "draw"
        seat = g["act"]
        self._draw(state, seat, STEP1_DRAW + self.total(state, seat, "EXTRA_DRAW"))
        g["next"] = "nc"
        return False

    def _s_noncombat(self, state: State) -> bool:
        """DBZ-3.5, DBZ-3.6: Step 2, Non-Combat cards and Step-2 drill powers, until the player is done."""
        g = state["g"]
        g["phase"] = "noncombat"
        seat = g["act"]
        if self._ask_clash(state, seat, "non_combat", self._prompt_noncombat(state, seat)):  # DBZ-9.7
            return True
        options = self._noncombat_options(state, seat)
        if len(options) == 1 and not state["zones"][f"hand:{seat}"]:
            # DBZ-1.7: Step 2 ends by itself only when the (public) empty hand shows there is nothing to play;
            # otherwise the player is asked, so skipping it never tells the opponent what the hand holds.
            g["next"] = "powerup"
            return False
        self.ask(state, seat, "non_combat", self._prompt_noncombat(state, seat), options)
        return True

    def _do_done(self, state: State, seat: int) -> None:
        state["g"]["next"] = "powerup"

    def _s_powerup(self, state: State) -> bool:
        """DBZ-3.7, DBZ-4.2, DBZ-11.7: Step 3, gain PUR plus POWER_UP_BONUS stages, up to 10."""
        g = state["g"]
        g["phase"] = "powerup"
        seat = g["act"]
        gain = self.mp(state, seat).levels[g["lv"][seat] - 1].pur + self.total(state, seat, "POWER_UP_BONUS")
        g["st"][seat] = min(MAX_STAGE, g["st"][seat] + gain)
        self.log(state, {"t": "power_up", "seat": seat, "gain": gain, "stage": g["st"][seat]})
        g["next"] = "declare"
        return False

    def _s_declare(self, state: State) -> bool:
        """DBZ-3.8, DBZ-5.1: Step 4, declare combat or not."""
        g = state["g"]
        g["phase"] = "declare"
        seat = g["act"]
        self.ask(state, seat, "declare", self._prompt_declare(state, seat), self._declare_options)
        return True

    def _do_no_combat(self, state: State, seat: int) -> None:
        state["g"]["next"] = "limit"

    def _do_declare_combat(self, state: State, seat: int) -> None:
        """DBZ-5.1, DBZ-5.2, DBZ-5.3: combat is declared; the defender draws 3; the attacker acts first."""
        g = state["g"]
        g["decl"] = True
        g["phase"] = "combat"
        g["uc"] = []  # DBZ-11.14: once-per-combat uses reset
        g["cb"] = {"att": seat, "to": seat, "passes": 0, "fpa": [False, False], "atk": None}
        self.log(state, {"t": "combat", "seat": seat})
        g["next"] = "cact"
        self._draw(state, _other(seat), COMBAT_DRAW)

    def _s_limit(self, state: State) -> bool:
        """DBZ-3.9: Step 5 starts with the hand limit, active player first."""
        g = state["g"]
        g["phase"] = "discard"
        g["q"].append({"k": "limit", "s": g["act"]})
        g["q"].append({"k": "limit", "s": _other(g["act"])})
        g["next"] = "rejuv"
        return False

    def _s_rejuvenate(self, state: State) -> bool:
        """DBZ-3.11 .. DBZ-3.13: without a declared combat, the top discard goes to the bottom of the life deck."""
        g = state["g"]
        seat = g["act"]
        pile = state["zones"][f"discard:{seat}"]
        if not g["decl"] and pile:
            self.move(state, pile[-1], f"discard:{seat}", f"life:{seat}", index=0, cause="rejuvenate")
        g["next"] = "turn"
        return False

    # ----- drawing and the life deck (DBZ-1.6, DBZ-1.13, section 13) --------------------------------------------

    def _draw(self, state: State, seat: int, n: int) -> None:
        """Draw ``n`` cards one at a time (DBZ-13.2); then note the drawn drills that clash (DBZ-9.1, DBZ-9.7): their
        choices come at the drawing player's next decision (see :meth:`_ask_clash`)."""
        life = state["zones"][f"life:{seat}"]
        zone, hand = f"life:{seat}", f"hand:{seat}"
        drawn = []
        for _ in range(n):
            cid = life[-1]
            self.move(state, cid, zone, hand, cause="draw")
            drawn.append(cid)
            if not life:  # DBZ-13.1, DBZ-9.10: the draw that empties the deck ends the game
                self._survival(state, [seat])
                return
        state["g"]["clash"][seat].extend(self._clashing(state, seat, drawn))

    def _lose_life(self, state: State, seat: int, n: int) -> None:
        """DBZ-1.13, DBZ-6.9: lose life cards one at a time; an empty life deck ends the game at once."""
        life = state["zones"][f"life:{seat}"]
        zone, pile = f"life:{seat}", f"discard:{seat}"
        for _ in range(n):
            self.move(state, life[-1], zone, pile, cause="life")
            if not life:
                self._survival(state, [seat])
                return

    def _survival(self, state: State, empty: list[int]) -> None:
        """DBZ-13.1, DBZ-13.3: the player whose life deck is empty loses; both at once is a draw."""
        if len(empty) == 2:
            self.finish(state, [], "both life decks became empty at the same moment")
        else:
            loser = empty[0]
            self.finish(state, [_other(loser)], f"survival: {self.seat_name(loser)}'s life deck is empty")

    # ----- power, anger and levels (section 4) ----------------------------------------------------------------------

    def _add_anger(self, state: State, seat: int, delta: int) -> None:
        """DBZ-4.5 .. DBZ-4.8: anger between 0 and 5; reaching 5 advances the MP one level."""
        g = state["g"]
        anger = g["ang"][seat] + delta
        if anger <= 0:
            anger = 0
        elif anger >= MAX_ANGER:
            if g["lv"][seat] < self.mp(state, seat).top:
                g["ang"][seat] = 0  # DBZ-4.6, DBZ-4.7: any excess is lost
                self.log(state, {"t": "anger", "seat": seat, "anger": 0, "delta": delta})
                self._set_level(state, seat, g["lv"][seat] + 1, MAX_STAGE, "anger")
                return
            anger = MAX_ANGER  # DBZ-4.8
        g["ang"][seat] = anger
        self.log(state, {"t": "anger", "seat": seat, "anger": anger, "delta": delta})

    def _card_level(self, state: State, seat: int, delta: int) -> None:
        """DBZ-4.9 .. DBZ-4.11: a card raises a level (stage 10) or lowers it (stage kept); anger is unchanged."""
        g = state["g"]
        new = g["lv"][seat] + delta
        if not 1 <= new <= self.mp(state, seat).top:
            self.log(state, {"t": "no_level_change", "seat": seat})  # DBZ-4.11: nothing happens
            return
        self._set_level(state, seat, new, MAX_STAGE if delta > 0 else None, "card")

    def _set_level(self, state: State, seat: int, level: int, stage: int | None, how: str) -> None:
        """A level change: the Most Powerful Personality check (DBZ-13.4 .. DBZ-13.7), then every drill of that
        player is discarded (DBZ-4.12, DBZ-7.6 .. DBZ-7.10)."""
        g = state["g"]
        up = level > g["lv"][seat]
        g["lv"][seat] = level
        if stage is not None:
            g["st"][seat] = stage
        self.log(state, {"t": "level", "seat": seat, "level": level, "stage": g["st"][seat], "how": how})
        top = self.mp(state, seat).top
        if up and level == top and top >= self.mp(state, _other(seat)).top:
            self.finish(
                state, [seat], f"Most Powerful Personality: {self.mp(state, seat).name} reached level {level}"
            )
            return
        self._discard_drills(state, seat, list(state["zones"][f"drills:{seat}"]), "level_change")

    # ----- drills in play (sections 7, 8 and 10) ------------------------------------------------------------------

    def total(self, state: State, seat: int, power: str) -> int:
        """DBZ-11.12, DBZ-11.13: the sum of a continuous power over a seat's drills in play."""
        info = self.config(state).info
        names = state["cards"]
        t = 0
        for cid in state["zones"][f"drills:{seat}"]:
            i = info[names[cid]]
            if i.power == power:
                t += i.n
        return t

    def colours(self, state: State, seat: int) -> tuple[set[str], int]:
        """The colours a seat has in play and its colour allowance (DBZ-8.7, DBZ-8.17)."""
        info = self.config(state).info
        names = state["cards"]
        colours: set[str] = set()
        allowance = 1
        for cid in state["zones"][f"drills:{seat}"]:
            i = info[names[cid]]
            if i.colour is not None:
                colours.add(i.colour)
            if i.power == "EXTRA_COLOUR":
                allowance += i.n
        return colours, allowance

    def drill_refusal(self, state: State, seat: int, title: str) -> str | None:
        """Why ``seat`` may not play the drill ``title`` now (DBZ-7.11), or None if the checks pass."""
        cfg = self.config(state)
        info = cfg.info
        i = info[title]
        names = state["cards"]
        mine = state["zones"][f"drills:{seat}"]
        if i.colour is not None:
            colours, allowance = self.colours(state, seat)
            if i.colour not in colours and len(colours) >= allowance:  # DBZ-8.7, DBZ-8.17
                return f"the colour lock allows only {', '.join(sorted(colours))} drills"
        same = sum(1 for cid in mine if names[cid] == title)
        if same >= i.cap:  # DBZ-8.9, DBZ-8.14, DBZ-8.15
            return f"{same} cop{'y' if same == 1 else 'ies'} of it already in play"
        if i.restricted is not None:  # DBZ-10.2, DBZ-10.3, DBZ-10.10
            for s in (seat, _other(seat)):
                for cid in state["zones"][f"drills:{s}"]:
                    if info[names[cid]].colour == i.restricted and not (s != seat and names[cid] == title):
                        return f"a {i.restricted} drill is in play"
        return None

    def _play_drill(self, state: State, seat: int, cid: int) -> None:
        """DBZ-7.1, DBZ-10.4 .. DBZ-10.8: the drill enters play; the restriction discards follow together."""
        self.move(state, cid, f"hand:{seat}", f"drills:{seat}", cause="drill")
        info = self.config(state).info
        names = state["cards"]
        i = info[names[cid]]
        z = state["zones"]
        gone: dict[int, list[int]] = {seat: [], _other(seat): []}
        opp = _other(seat)
        for s in (seat, opp):
            for other in z[f"drills:{s}"]:
                if other == cid:
                    continue
                o = info[names[other]]
                if i.colour is not None and o.restricted == i.colour:  # DBZ-10.4, DBZ-10.5, DBZ-10.12
                    gone[s].append(other)
                elif s == opp and i.restricted is not None and names[other] == names[cid]:  # DBZ-10.7
                    gone[s].append(other)
        if i.restricted is not None and any(names[o] == names[cid] for o in gone[opp]):
            gone[seat].append(cid)  # DBZ-10.7: both players lose the card
        for s in (seat, opp):  # DBZ-10.8: together, right after the drill entered
            if gone[s]:
                self._discard_drills(state, s, gone[s], "restriction")
        for s in (opp, seat):
            if gone[s]:
                self._check_allowance(state, s)

    def _discard_drills(self, state: State, seat: int, cids: list[int], cause: str) -> None:
        """DBZ-7.10: discard drills of one player in the order they entered play (the latest ends on top)."""
        if not cids:
            return
        g = state["g"]
        zone = f"drills:{seat}"
        order = state["zones"][zone]
        for cid in sorted(cids, key=order.index):
            self.move(state, cid, zone, f"discard:{seat}", cause=cause)
            for used in (g["ut"], g["uc"]):  # DBZ-7.13: a drill that comes back keeps no record
                if cid in used:
                    used.remove(cid)

    def _check_allowance(self, state: State, seat: int) -> None:
        """DBZ-8.18: more colours in play than allowed: the owner chooses which to keep (queued first)."""
        colours, allowance = self.colours(state, seat)
        if len(colours) > allowance:
            state["g"]["q"].insert(0, {"k": "keep", "s": seat, "kept": []})

    def _t_keep(self, state: State, task: dict[str, Any]) -> bool:
        seat = task["s"]
        colours, allowance = self.colours(state, seat)
        kept = task["kept"]
        if len(colours) <= allowance:
            state["g"]["q"].pop(0)
            return False
        if len(kept) >= allowance:
            info = self.config(state).info
            names = state["cards"]
            drop = [c for c in state["zones"][f"drills:{seat}"] if info[names[c]].colour not in (None, *kept)]
            state["g"]["q"].pop(0)
            self._discard_drills(state, seat, drop, "colour_drop")
            return False
        words = self.config(state).colour_words
        options = [
            option("keep_colour", words.index(c), label=self._colour_label(c))
            for c in sorted(colours)
            if c not in kept
        ]
        self.ask(state, seat, "keep_colour", self._prompt_keep(state, seat, allowance - len(kept)), options)
        return True

    def _do_keep_colour(self, state: State, seat: int, colour: int) -> None:
        state["g"]["q"][0]["kept"].append(self.config(state).colour_words[colour])

    # ----- drawn drills that clash (section 9) ----------------------------------------------------------------------

    def _clashing(self, state: State, seat: int, drawn: list[int]) -> list[int]:
        """DBZ-9.1, DBZ-9.8: the drawn coloured drills the colour lock would stop, once the draw is complete."""
        info = self.config(state).info
        names = state["cards"]
        out = []
        lock: tuple[set[str], int] | None = None
        for cid in drawn:
            i = info[names[cid]]
            if i.colour is None:
                continue
            if lock is None:
                lock = self.colours(state, seat)
            if i.colour not in lock[0] and len(lock[0]) >= lock[1]:
                out.append(cid)
        return out

    def _ask_clash(self, state: State, seat: int, kind: str, prompt: str) -> bool:
        """DBZ-9.2, DBZ-9.4, DBZ-9.7: ask ``seat`` its choice for a drawn drill that clashes, if one is waiting.

        The choice comes just before the seat's next decision, the ordinary one of kind ``kind`` with ``prompt``:
        at the start of Step 2 after the Step 1 draw, and after the defender's combat draw at the defender's first
        decision of that combat (its response, or its combat action), since the attacker acts first (DBZ-5.3).
        Whether a drawn drill clashes depends on cards the opponent cannot see, so every other seat sees that
        ordinary decision pending instead (``shown_as``): keeping or discarding the drill shows nothing (DBZ-9.4).
        Several clashing drills are handled one at a time, in the order the player picks (DBZ-9.7)."""
        clashing = state["g"]["clash"][seat]
        if not clashing:
            return False
        names = state["cards"]
        labels = self._verb_labels(state)
        options = []
        seen = set()
        for cid in sorted(clashing):
            title = names[cid]
            if title in seen:
                continue
            seen.add(title)
            for verb in ("show_and_shuffle", "discard_unshown", "keep_in_hand"):
                options.append(option(verb, title, label=labels[verb][title]))
        self.ask(state, seat, "clash", self._prompt_clash(state, seat), options, shown_as=(kind, prompt))
        return True

    @staticmethod
    def _clashing_card(state: State, seat: int, title: str) -> int:
        """The clashing drill a title names (DBZ-9.7): the lowest id with that title among those still to handle;
        it leaves the list of drills waiting for a choice."""
        clashing = state["g"]["clash"][seat]
        names = state["cards"]
        cid = min(c for c in clashing if names[c] == title)
        clashing.remove(cid)
        return cid

    def _do_show_and_shuffle(self, state: State, seat: int, title: str) -> None:
        """DBZ-9.2 (a), DBZ-9.3: show the drill, put it into the life deck, shuffle the whole deck."""
        cid = self._clashing_card(state, seat, title)
        self.mark(state, cid, f"hand:{seat}", "shown")
        self.move(state, cid, f"hand:{seat}", f"life:{seat}", cause="clash_shuffle")
        rng.shuffle(state, state["zones"][f"life:{seat}"])
        self.log(state, {"t": "shuffle", "seat": seat})

    def _do_discard_unshown(self, state: State, seat: int, title: str) -> None:
        """DBZ-9.2 (b), DBZ-9.4: discard it without showing it first."""
        cid = self._clashing_card(state, seat, title)
        self.move(state, cid, f"hand:{seat}", f"discard:{seat}", cause="clash_discard")

    def _do_keep_in_hand(self, state: State, seat: int, title: str) -> None:
        """DBZ-9.2 (c), DBZ-9.4, DBZ-9.5: keep it hidden in hand."""
        self._clashing_card(state, seat, title)
        self.log(state, {"t": "hold", "seat": seat, "vis": [seat]})

    # ----- Step 2: Non-Combat cards and drill powers (DBZ-3.5, sections 7, 11, 12) ----------------------------

    def _noncombat_options(self, state: State, seat: int) -> list[list[str]]:
        cfg = self.config(state)
        info = cfg.info
        names = state["cards"]
        labels = self._verb_labels(state)
        z = state["zones"]
        options: list[list[str]] = []
        seen: set[str] = set()
        any_drill = None
        for cid in sorted(z[f"hand:{seat}"]):
            title = names[cid]
            if title in seen:
                continue
            seen.add(title)
            i = info[title]
            if i.code == DRILL:
                if self.drill_refusal(state, seat, title) is None:  # DBZ-7.11
                    options.append(option("play", title, label=labels["play"][title]))
            elif i.code == ONESHOT:
                if i.destroy:  # DBZ-12.13: needs a drill in play
                    if any_drill is None:
                        any_drill = bool(z["drills:0"] or z["drills:1"])
                    if not any_drill:
                        continue
                options.append(option("play", title, label=labels["play"][title]))
        used = state["g"]["ut"]
        seen.clear()
        for cid in z[f"drills:{seat}"]:  # DBZ-11.9, DBZ-11.14, DBZ-11.16
            title = names[cid]
            if info[title].power == "ACT_ANGER" and cid not in used and title not in seen:
                seen.add(title)
                options.append(option("use_power", cid, label=labels["use_power"][title]))
        options.append(option("done", label="Done with Step 2"))
        return options

    def _do_play(self, state: State, seat: int, title: str) -> None:
        cid = self._in_hand(state, seat, title)
        i = self.config(state).info[state["cards"][cid]]
        if i.code == DRILL:
            self._play_drill(state, seat, cid)
            return
        # DBZ-7.2, DBZ-12.15: a one-shot card is public while it resolves, then discarded.
        self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="one_shot")
        g = state["g"]
        if i.destroy:  # DBZ-12.13: choose the drill first; the card is discarded after it resolves
            g["q"][0:0] = [{"k": "target", "s": seat, "card": cid}, {"k": "finish", "s": seat, "card": cid}]
            return
        self._resolve_effects(state, seat, i.effects)
        if state["result"] is None:
            self.move(state, cid, f"play:{seat}", f"discard:{seat}", cause="resolved")

    def _resolve_effects(self, state: State, seat: int, effects: tuple[tuple[str, int], ...]) -> None:
        """DBZ-12.1, DBZ-12.9 .. DBZ-12.12, DBZ-12.16: resolve effects in printed order; stop if the game ends."""
        for effect, n in effects:
            if state["result"] is not None:
                return
            if effect == "ANGER_SELF":
                self._add_anger(state, seat, n)
            elif effect == "ANGER_OPP":
                self._add_anger(state, _other(seat), n)
            elif effect == "LEVEL_SELF":
                self._card_level(state, seat, n)
            elif effect == "LEVEL_OPP":
                self._card_level(state, _other(seat), n)
            else:
                raise AssertionError(f"unhandled effect {effect}")

    def _t_target(self, state: State, task: dict[str, Any]) -> bool:
        """DBZ-12.13: the player chooses any one drill in play, in either drill area."""
        seat = task["s"]
        names = state["cards"]
        targets = []
        options = []
        for s in (seat, _other(seat)):
            seen = set()
            for cid in state["zones"][f"drills:{s}"]:
                if names[cid] not in seen:
                    seen.add(names[cid])
                    targets.append(cid)
                    options.append(
                        option("destroy_drill", cid, label=self._target_label(state, seat, s, names[cid]))
                    )
        if len(targets) == 1:  # only one drill in play: no real choice
            self._do_destroy_drill(state, seat, targets[0])
            return False
        self.ask(state, seat, "target", self._prompt_target(state, seat, task["card"]), options)
        return True

    def _do_destroy_drill(self, state: State, seat: int, cid: int) -> None:
        owner = state["owner"][cid]
        g = state["g"]
        g["q"].pop(0)
        self._discard_drills(state, owner, [cid], "destroyed")
        self._check_allowance(state, owner)  # DBZ-8.18

    def _t_finish_card(self, state: State, task: dict[str, Any]) -> bool:
        state["g"]["q"].pop(0)
        seat = task["s"]
        self.move(state, task["card"], f"play:{seat}", f"discard:{seat}", cause="resolved")
        return False

    def _do_use_power(self, state: State, seat: int, cid: int) -> None:
        """DBZ-7.3, DBZ-11.9, DBZ-11.14: ACT_ANGER, once per turn for each drill; the drill stays in play."""
        i = self.config(state).info[state["cards"][cid]]
        state["g"]["ut"].append(cid)
        self.log(state, {"t": "power", "seat": seat, "name": i.title})
        self._add_anger(state, seat, i.n)

    # ----- combat (sections 5 and 6) --------------------------------------------------------------------------------

    def _combat_options(self, state: State, seat: int) -> list[list[str]]:
        """DBZ-5.4, DBZ-5.12, DBZ-14.2, DBZ-14.3: the acting player's possible actions."""
        g = state["g"]
        cb = g["cb"]
        if cb["fpa"][seat]:  # DBZ-14.3: after a Final Physical Attack, only passes
            return []
        info = self.config(state).info
        names = state["cards"]
        labels = self._verb_labels(state)
        z = state["zones"]
        hand = z[f"hand:{seat}"]
        options: list[list[str]] = []
        seen: set[str] = set()
        stage = g["st"][seat]
        for cid in sorted(hand):
            title = names[cid]
            if title in seen:
                continue
            seen.add(title)
            code = info[title].code
            if code == PATK or (code == EATK and stage >= info[title].cost):  # DBZ-4.4, DBZ-6.5
                options.append(option("attack", title, label=labels["attack"][title]))
            elif code == CACT:
                options.append(option("combat_action", title, label=labels["combat_action"][title]))
        used = g["uc"]
        drills_seen: set[str] = set()
        for cid in z[f"drills:{seat}"]:  # DBZ-11.10
            title = names[cid]
            if info[title].power == "ACT_PHYS_ATTACK" and cid not in used and title not in drills_seen:
                drills_seen.add(title)
                options.append(option("drill_attack", cid, label=labels["drill_attack"][title]))
        if state["options"]["final_physical_attack"]:  # DBZ-14.2
            fpa = labels["final_physical_attack"]
            for title in sorted(seen):
                options.append(option("final_physical_attack", title, label=fpa[title]))
        return options

    def _s_combat_action(self, state: State) -> bool:
        g = state["g"]
        g["phase"] = "combat"
        cb = g["cb"]
        seat = cb["to"]
        if self._ask_clash(state, seat, "combat", self._prompt_combat(state, seat)):  # DBZ-9.7
            return True
        options = self._combat_options(state, seat)
        # DBZ-5.5: passing is always legal. The engine passes for the player only when public facts leave nothing
        # else (an empty hand, or the DBZ-14.3 lock); DBZ-1.7: otherwise it asks, even with "pass" alone.
        if not options and (cb["fpa"][seat] or not state["zones"][f"hand:{seat}"]):
            self._do_pass(state, seat)
            return False
        options.append(option("pass", label="Pass"))
        self.ask(state, seat, "combat", self._prompt_combat(state, seat), options)
        return True

    def _do_pass(self, state: State, seat: int) -> None:
        """DBZ-5.6, DBZ-5.16: two passes in a row, one by each player, end combat."""
        g = state["g"]
        cb = g["cb"]
        cb["passes"] += 1
        self.log(state, {"t": "pass", "seat": seat})
        if cb["passes"] >= 2:
            self.log(state, {"t": "combat_end"})
            g["cb"] = None
            g["uc"] = []  # DBZ-11.14: once-per-combat uses end with their combat (the view shows them unused)
            g["next"] = "limit"
            return
        cb["to"] = _other(seat)

    def _start_attack(self, state: State, seat: int, attack: dict[str, Any]) -> None:
        g = state["g"]
        cb = g["cb"]
        cb["passes"] = 0  # DBZ-5.6: a non-pass action starts the count again
        cb["atk"] = attack
        g["next"] = "resp"
        self.log(
            state,
            {
                "t": "attack",
                "seat": seat,
                "kind": attack["kind"],
                "how": attack["how"],
                "name": attack["title"],
            },
        )

    def _do_attack(self, state: State, seat: int, title: str) -> None:
        """DBZ-5.7: name the attack card, pay the cost (DBZ-6.5), resolve ON_PLAY effects (DBZ-12.14)."""
        cid = self._in_hand(state, seat, title)
        g = state["g"]
        i = self.config(state).info[title]
        self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="attack")
        if i.code == EATK:
            g["st"][seat] -= i.cost
            attack = {"by": seat, "kind": "e", "how": "card", "card": cid, "title": title, "bonus": 0,
                      "dmg": i.damage, "cost": i.cost}  # fmt: skip
        else:
            attack = {"by": seat, "kind": "p", "how": "card", "card": cid, "title": title, "bonus": i.bonus,
                      "dmg": 0, "cost": 0}  # fmt: skip
        self._start_attack(state, seat, attack)
        if i.on_play:
            self._resolve_effects(state, seat, i.on_play)

    def _do_drill_attack(self, state: State, seat: int, cid: int) -> None:
        """DBZ-11.10: a physical attack without a card, once per combat for each such drill."""
        state["g"]["uc"].append(cid)
        attack = {"by": seat, "kind": "p", "how": "drill", "card": None, "title": state["cards"][cid], "bonus": 0,
                  "dmg": 0, "cost": 0}  # fmt: skip
        self._start_attack(state, seat, attack)

    def _do_final_physical_attack(self, state: State, seat: int, title: str) -> None:
        """DBZ-14.2, DBZ-14.3: discard a card to make a physical attack with no bonus of its own."""
        cid = self._in_hand(state, seat, title)
        g = state["g"]
        self.move(state, cid, f"hand:{seat}", f"discard:{seat}", cause="fpa")
        g["cb"]["fpa"][seat] = True
        attack = {"by": seat, "kind": "p", "how": "fpa", "card": None, "title": "Final Physical Attack", "bonus": 0,
                  "dmg": 0, "cost": 0}  # fmt: skip
        self._start_attack(state, seat, attack)

    def _do_combat_action(self, state: State, seat: int, title: str) -> None:
        """DBZ-5.13: a combat action card resolves, with no response, and is discarded."""
        cid = self._in_hand(state, seat, title)
        g = state["g"]
        cb = g["cb"]
        cb["passes"] = 0
        self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="action")
        self._resolve_effects(state, seat, self.config(state).info[title].effects)
        if state["result"] is not None:
            return
        self.move(state, cid, f"play:{seat}", f"discard:{seat}", cause="resolved")
        cb["to"] = _other(seat)

    def _response_options(self, state: State, seat: int) -> list[list[str]]:
        """DBZ-5.8 .. DBZ-5.11, DBZ-11.11: blocks that fit the attack, a stopping drill power, or no defence."""
        g = state["g"]
        attack = g["cb"]["atk"]
        info = self.config(state).info
        names = state["cards"]
        labels = self._verb_labels(state)
        fits = (PBLK, ABLK) if attack["kind"] == "p" else (EBLK, ABLK)
        options: list[list[str]] = []
        seen: set[str] = set()
        for cid in sorted(state["zones"][f"hand:{seat}"]):
            title = names[cid]
            if title not in seen:
                seen.add(title)
                if info[title].code in fits:
                    options.append(option("block", title, label=labels["block"][title]))
        if attack["kind"] == "e":
            used = g["uc"]
            seen.clear()
            for cid in state["zones"][f"drills:{seat}"]:
                title = names[cid]
                if info[title].power == "ACT_STOP_ENERGY" and cid not in used and title not in seen:
                    seen.add(title)
                    options.append(option("drill_stop", cid, label=labels["drill_stop"][title]))
        return options

    def _s_response(self, state: State) -> bool:
        g = state["g"]
        seat = _other(g["cb"]["atk"]["by"])
        if self._ask_clash(state, seat, "response", self._prompt_response(state, seat)):  # DBZ-9.7
            return True
        options = self._response_options(state, seat)
        if not options and not state["zones"][f"hand:{seat}"]:  # DBZ-6.8, DBZ-1.7: no defence, and it shows
            self._resolve_attack(state, None, False)
            return False
        options.append(option("take", label="Take the attack with no defence"))
        self.ask(state, seat, "response", self._prompt_response(state, seat), options)
        return True

    def _do_take(self, state: State, seat: int) -> None:
        self._resolve_attack(state, None, False)

    def _do_block(self, state: State, seat: int, title: str) -> None:
        cid = self._in_hand(state, seat, title)
        self.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="block")
        self._resolve_attack(state, cid, False)

    def _do_drill_stop(self, state: State, seat: int, cid: int) -> None:
        state["g"]["uc"].append(cid)
        self.log(state, {"t": "power", "seat": seat, "name": state["cards"][cid]})
        self._resolve_attack(state, None, True)

    def physical_damage(self, state: State, attack: dict[str, Any], block: Info | None) -> int:
        """DBZ-6.1 .. DBZ-6.3, DBZ-6.7: final physical damage in stages (rows read now, after the response)."""
        by = attack["by"]
        target = _other(by)
        cfg = self.config(state)
        if block is not None and block.stop:
            return 0
        base = cfg.pat.base_damage(self.power(state, by), self.power(state, target))
        dmg = (
            base
            + attack["bonus"]
            + self.total(state, by, "PHYS_ATTACK_BONUS")
            - (block.reduce if block is not None else 0)
            - self.total(state, target, "PHYS_DAMAGE_REDUCTION")
        )
        return max(0, dmg)

    def energy_damage(self, state: State, attack: dict[str, Any], block: Info | None) -> int:
        """DBZ-6.6, DBZ-6.7: final energy damage in life cards."""
        by = attack["by"]
        if block is not None and block.stop:
            return 0
        dmg = (
            attack["dmg"]
            + self.total(state, by, "ENERGY_ATTACK_BONUS")
            - (block.reduce if block is not None else 0)
            - self.total(state, _other(by), "ENERGY_DAMAGE_REDUCTION")
        )
        return max(0, dmg)

    def _resolve_attack(self, state: State, block: int | None, stopped: bool) -> None:
        """DBZ-5.7, DBZ-5.14, DBZ-5.15, DBZ-6.4, DBZ-6.6: damage, ON_HIT effects, then discard attack and block."""
        g = state["g"]
        cb = g["cb"]
        attack = cb["atk"]
        by = attack["by"]
        target = _other(by)
        binfo = self.config(state).info[state["cards"][block]] if block is not None else None
        if stopped:
            dmg = 0
        elif attack["kind"] == "p":
            dmg = self.physical_damage(state, attack, binfo)
        else:
            dmg = self.energy_damage(state, attack, binfo)
        stages = life = 0
        if dmg > 0:
            if attack["kind"] == "p":  # DBZ-4.3, DBZ-6.4
                have = g["st"][target]
                stages = min(dmg, have)
                g["st"][target] = have - stages
                life = dmg - stages
            else:
                life = dmg
        self.log(
            state,
            {
                "t": "damage",
                "seat": target,
                "stages": stages,
                "life": life,
                "blocked": block is not None or stopped,
            },
        )
        if life:
            self._lose_life(state, target, life)
            if state["result"] is not None:
                return
        if dmg > 0 and attack["card"] is not None:  # DBZ-5.14: ON_HIT only after at least 1 damage
            on_hit = self.config(state).info[attack["title"]].on_hit
            if on_hit:
                self._resolve_effects(state, by, on_hit)
                if state["result"] is not None:
                    return
        if attack["card"] is not None:  # DBZ-5.15: the attack card first, then the block
            self.move(state, attack["card"], f"play:{by}", f"discard:{by}", cause="resolved")
        if block is not None:
            self.move(state, block, f"play:{target}", f"discard:{target}", cause="resolved")
        cb["atk"] = None
        cb["to"] = target
        g["next"] = "cact"

    # ----- Step 5: the hand limit (DBZ-3.9, DBZ-3.10) -----------------------------------------------------------

    def _t_limit(self, state: State, task: dict[str, Any]) -> bool:
        seat = task["s"]
        hand = state["zones"][f"hand:{seat}"]
        if len(hand) <= state["options"]["hand_limit"]:
            state["g"]["q"].pop(0)
            return False
        names = state["cards"]
        # DBZ-1.7: asked even when every card is a copy of one title, so the opponent cannot tell the two apart
        labels = self._verb_labels(state)["discard"]
        options = [
            option("discard", title, label=labels[title]) for title in sorted({names[c] for c in hand})
        ]
        self.ask(state, seat, "discard", self._prompt_limit(state, seat, len(hand)), options)
        return True

    def _do_discard(self, state: State, seat: int, title: str) -> None:
        self._discard_from_hand(state, seat, self._in_hand(state, seat, title))

    def _discard_from_hand(self, state: State, seat: int, cid: int) -> None:
        self.move(state, cid, f"hand:{seat}", f"discard:{seat}", cause="hand_limit")

    # ----- the chance decision ----------------------------------------------------------------------------------------

    def _do_first_player(self, state: State, seat: int, first: int) -> None:
        g = state["g"]
        g["first"] = first
        g["next"] = "turn"
        self.log(state, {"t": "first", "seat": first, "how": "random"})
