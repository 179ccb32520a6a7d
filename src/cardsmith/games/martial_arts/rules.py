"""Martial Arts: The Card Game, with the house rules: the rules code.

Organised by the sections of the rules document; rule ids are given where each rule is implemented.

The game-specific state ``state["g"]`` holds::

    start        seat that attacked on turn 1 (MA-2.9, MA-13.6)
    attacker     seat attacking this turn (MA-3.2)
    phase        "setup" | "draw" | "prep" | "attack1" | "attack2" | "resolve" | "end"
    life, adr    per seat (MA-1.21, MA-1.22)
    boost_atk, boost_def   unused boosts per seat (MA-9.12, MA-9.13)
    played       [this turn, previous turn]: whether any card was played from hand (MA-12.5)
    queue        forced discards still to make: [[seat, count], ...] (MA-4.9, MA-10.17, MA-11.2, MA-9.11)
    next         the flow step to run once nothing is pending
    after        the flow step that follows the current window or exchange
    point        the decision point in progress (window, move or response), or None
    seq          the attack sequence in progress, or None:
                 {"striker", "last" (last successful attack card), "ok" (successful moves),
                  "atk" (waiting attack card), "bonus" (its BOOST_NEXT_ATK), "reduce" (REDUCE_PENDING_ATK on it)}

All of it is public: hands are the only hidden part of this game apart from the decks.
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
from .cards import AdrCard, CardSet, EventCard, MoveCard, describe_card, load_card_set, validate_deck

State = dict[str, Any]

LIFE = 15  # MA-2.7
OPENING_HAND = 7  # MA-2.11
HAND_LIMIT = 7  # MA-11.1
ATTACKER_DRAW = 3  # MA-3.7
DEFENDER_DRAW = 2  # MA-3.7
QUIET_TURNS = 2  # MA-12.5 (Q4)

PHASES = ("draw", "prep", "attack1", "attack2", "resolve", "end")

CARDS: CardSet = load_card_set()


def _other(seat: int) -> int:
    return 1 - seat


class MartialArts(Game):
    """Martial Arts: The Card Game (house rules): a two-player combo duel."""

    id = "martial-arts"
    name = "Martial Arts: The Card Game"
    summary = "A two-player duel of combos, blocks and counterattacks, from 15 life down to 0."
    min_players = 2  # MA-1.1
    max_players = 2
    # 2: typed options (a card in hand is named by its name, not its id).
    # 3: MA-4.11, MA-5.14, MA-6.15 amended: a choice is automatic only when public facts force it.
    rules_version = "3"
    verbs = VERBS
    option_specs = (
        OptionSpec(
            "event_mode",
            "choice",
            "hand",
            "How Event cards are used: 'hand' (played from hand) or 'per_game' (one dealt for the game)",
            choices=("hand", "per_game"),
        ),
        OptionSpec(
            "starting_player",
            "choice",
            "random",
            "Who attacks on turn 1: 'random' (seeded), 'P1' or 'P2'",
            choices=("random", "P1", "P2"),
        ),
        OptionSpec(
            "deck_p1",
            "choice",
            "tiger",
            "P1's sample deck",
            choices=tuple(CARDS.decks),
        ),
        OptionSpec(
            "deck_p2",
            "choice",
            "crane",
            "P2's sample deck",
            choices=tuple(CARDS.decks),
        ),
        OptionSpec(
            "event_deck",
            "str",
            "",
            "Under per_game: comma-separated Event cards for the event deck (default: one of each)",
        ),
    )
    # MA-1.14 .. MA-1.20: each player's deck, hand, discard pile and battle area; the shared event slot and deck.
    visibility = Visibility(
        {
            "deck": ZoneKind(NONE, description="face-down deck"),
            "hand": ZoneKind(OWNER, description="hand"),
            "discard": ZoneKind(ALL, description="discard pile"),
            "battle": ZoneKind(ALL, description="battle area"),
            "event_slot": ZoneKind(ALL, owned=False, description="the active event"),
            "event_deck": ZoneKind(NONE, owned=False, description="the per-game event deck"),
        }
    )

    def __init__(self) -> None:
        self.cards = CARDS
        self._labels: dict[str, str] = {name: describe_card(card) for name, card in CARDS.cards.items()}
        self._option_labels: dict[tuple[str, str], str] = {}

    # ----- options and setup (section 2, section 13) --------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(self.cards.cards)

    def _event_deck(self, options: dict[str, Any]) -> list[str]:
        """MA-13.3: one of each distinct Event card, or the user's list (not empty, Events only)."""
        raw = options["event_deck"].strip()
        if not raw:
            return [c.name for c in self.cards.events()]
        names = [n.strip() for n in raw.split(",")]
        for name in names:
            if not self.cards.is_event(name):
                raise OptionError(f"option 'event_deck': {name!r} is not an Event card (MA-13.3)")
        return names

    @functools.cache  # noqa: B019 - one shared game object; decks and modes are few
    def _deck_cards(self, deck_id: str, mode: str) -> tuple[str, ...]:
        """The cards of a sample deck that take part in the game (MA-2.1 to MA-2.6)."""
        deck = self.cards.deck(deck_id)
        return tuple(validate_deck(list(deck.cards), self.cards, mode, deck_name=deck.name))

    def check_options(self, options: dict[str, Any], players: int) -> None:
        # MA-2.6: refuse to start with an illegal deck; MA-13.3: validate a user's event deck.
        for key in ("deck_p1", "deck_p2"):
            self._deck_cards(options[key], options["event_mode"])
        if options["event_mode"] == "per_game":
            self._event_deck(options)
        elif options["event_deck"].strip():
            raise OptionError("option 'event_deck' applies only with event_mode=per_game (MA-13.3)")

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # Every decision plays a card from hand, discards one, or passes/stops/takes. Cards leave hands once.
        # Passing decisions per turn are at most 2 windows per Prep/Resolve phase and 2 stops plus one take
        # per played attack card in each attack phase; turns are bounded by the decks (at least 5 cards drawn
        # each turn while cards remain) plus two quiet turns per played card after that (MA-12.5).
        cards = sum(len(self.cards.deck(options[k]).cards) for k in ("deck_p1", "deck_p2"))
        turns = cards // 5 + 2 * cards + 4
        return 8 * turns + 4 * cards

    def setup(self, state: State) -> None:
        opts = state["options"]
        mode = opts["event_mode"]
        for seat, key in enumerate(("deck_p1", "deck_p2")):
            for name in self._deck_cards(opts[key], mode):  # MA-2.5
                self.new_card(state, name, f"deck:{seat}", seat)
        if mode == "per_game":
            for name in self._event_deck(opts):
                self.new_card(state, name, "event_deck", None)
        state["g"] = self._fresh_g()
        # MA-2.14: pick the starting player first, by chance unless the option names one (MA-2.9, MA-13.6).
        if opts["starting_player"] == "random":
            self.ask_chance(
                state,
                "starting_player",
                "Who attacks first?",
                [option("start", 0, label="P1 attacks first"), option("start", 1, label="P2 attacks first")],
                [1, 1],
            )
        else:
            self._deal(state, 0 if opts["starting_player"] == "P1" else 1)
            self._run(state)

    @staticmethod
    def _fresh_g() -> dict[str, Any]:
        return {
            "start": 0,
            "attacker": 0,
            "phase": "setup",
            "life": [LIFE, LIFE],  # MA-2.7
            "adr": [0, 0],  # MA-2.8
            "boost_atk": [0, 0],
            "boost_def": [0, 0],
            "played": [False, False],
            "queue": [],
            "next": "turn_start",
            "after": None,
            "point": None,
            "seq": None,
        }

    def _deal(self, state: State, start: int) -> None:
        """MA-2.10, MA-2.11, MA-2.13, MA-2.14: shuffle (starting player's deck first), deal the event, draw 7."""
        g = state["g"]
        g["start"] = start
        self.log(state, {"t": "start", "seat": start})
        z = state["zones"]
        for seat in (start, _other(start)):  # ids are dealt at random, so an id says nothing of its card
            self.shuffle_unseen(state, f"deck:{seat}")
        if state["options"]["event_mode"] == "per_game":
            events = z["event_deck"]
            pick = events[rng.below(state, len(events))]
            self.move(state, pick, "event_deck", "event_slot", cause="deal_event")
        for seat in (start, _other(start)):
            self._draw(state, seat, OPENING_HAND)
        g["next"] = "turn_start"

    def load_scenario(self, state: State, setup: dict[str, Any]) -> None:
        """Scenario ``[setup]`` keys: turn, attacker (0/1), phase, life, adr, boost_atk, boost_def, played."""
        allowed = {"turn", "attacker", "phase", "life", "adr", "boost_atk", "boost_def", "played"}
        unknown = sorted(set(setup) - allowed)
        if unknown:
            raise ScenarioError(f"unknown [setup] key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
        g = self._fresh_g()
        turn = setup.get("turn", 1)
        attacker = setup.get("attacker", 0)
        phase = setup.get("phase", "draw" if turn > 1 else "prep")
        if not isinstance(turn, int) or turn < 1:
            raise ScenarioError("[setup] turn must be a whole number of at least 1")
        if attacker not in (0, 1):
            raise ScenarioError("[setup] attacker must be 0 or 1")
        if phase not in PHASES:
            raise ScenarioError(f"[setup] phase must be one of {', '.join(PHASES)}")
        if turn == 1 and phase == "draw":
            raise ScenarioError("[setup] turn 1 has no Draw phase (MA-3.5)")
        for key, low, high in (
            ("life", 1, LIFE),
            ("adr", 0, 10_000),
            ("boost_atk", 0, 100),
            ("boost_def", 0, 100),
        ):
            value = setup.get(key)
            if value is None:
                continue
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(isinstance(v, int) and low <= v <= high for v in value)
            ):
                raise ScenarioError(f"[setup] {key} must be two whole numbers from {low} to {high}")
            g[key] = list(value)
        played = setup.get("played", [False, False])
        if not (isinstance(played, list) and len(played) == 2 and all(isinstance(p, bool) for p in played)):
            raise ScenarioError("[setup] played must be two booleans [this turn, previous turn]")
        if len(state["zones"]["event_slot"]) > 1:
            raise ScenarioError("the event slot holds at most one Event card (MA-1.19)")
        for cid in state["zones"]["event_slot"] + state["zones"]["event_deck"]:
            if not isinstance(self.cards.get(state["cards"][cid]), EventCard):
                raise ScenarioError(
                    f"{state['cards'][cid]!r} is not an Event card and cannot be in an event zone"
                )
        if state["options"]["event_mode"] == "hand":
            for cid in state["zones"]["event_slot"]:
                if state["owner"][cid] is None:  # MA-10.5: a replaced event goes to its owner's discard pile
                    raise ScenarioError(
                        f"the event {state['cards'][cid]!r} in the slot needs an owner (write it as 'Name@0')"
                    )
        g["played"] = list(played)
        g["attacker"] = attacker
        g["start"] = attacker if turn % 2 == 1 else _other(attacker)  # MA-3.2
        state["turn"] = turn
        g["phase"] = phase
        g["next"] = {
            "draw": "draw",
            "prep": "prep_events",
            "attack1": "attack1",
            "attack2": "attack2",
            "resolve": "resolve_att",
            "end": "end_events",
        }[phase]
        state["g"] = g
        self._run(state)

    # ----- card helpers -------------------------------------------------------------------------------------------

    def card(self, state: State, cid: int) -> MoveCard | AdrCard | EventCard:
        return self.cards.cards[state["cards"][cid]]

    def _draw(self, state: State, seat: int, n: int) -> None:
        """Draw ``n`` cards; an empty deck gives what is left and nothing more (MA-11.4, MA-11.5)."""
        deck = state["zones"][f"deck:{seat}"]
        for _ in range(n):
            if not deck:
                return
            self.move(state, deck[-1], f"deck:{seat}", f"hand:{seat}", cause="draw")

    def _discard_from_hand(self, state: State, seat: int, cid: int, cause: str) -> None:
        self.move(state, cid, f"hand:{seat}", f"discard:{seat}", cause=cause)

    def _event(self, state: State) -> EventCard | None:
        slot = state["zones"]["event_slot"]
        if not slot:
            return None
        card = self.card(state, slot[0])
        assert isinstance(card, EventCard)
        return card

    def _clause_total(self, state: State, kind: str, seat: int | None = None) -> int:
        """Sum of the active event's clauses of ``kind`` (for ``seat`` when the clause is targeted) (MA-10.7)."""
        event = self._event(state)
        if event is None:
            return 0
        total = 0
        attacker = state["g"]["attacker"]
        for clause in event.clauses:
            if clause.kind != kind:
                continue
            if (
                seat is None
                or clause.target == "each"
                or ((clause.target == "attacker") == (seat == attacker))
            ):
                total += clause.n
        return total

    @staticmethod
    def sudden_death(state: State, seat: int) -> bool:
        """MA-11.6: no cards in hand and none in deck."""
        z = state["zones"]
        return not z[f"hand:{seat}"] and not z[f"deck:{seat}"]

    # ----- the flow of a turn (section 3) --------------------------------------------------------------------------

    def _run(self, state: State) -> None:
        """Run the game forward until a decision is needed or the game ends."""
        g = state["g"]
        while state["result"] is None:
            if g["queue"]:
                if self._ask_discard(state):
                    return
                continue
            step = g["next"]
            if step == "point":
                if self._ask_point(state):
                    return
                continue
            getattr(self, "_step_" + step)(state)

    def _step_turn_start(self, state: State) -> None:
        g = state["g"]
        state["turn"] += 1
        turn = state["turn"]
        g["attacker"] = g["start"] if turn % 2 == 1 else _other(g["start"])  # MA-3.2, MA-3.4
        g["played"] = [False, g["played"][0]]
        self.log(state, {"t": "turn", "turn": turn, "attacker": g["attacker"]})
        g["next"] = "draw" if turn > 1 else "prep_events"  # MA-3.5, MA-3.6

    def _step_draw(self, state: State) -> None:
        """MA-3.7, MA-3.8, MA-3.9: attacker draws 3, then defender 2, plus EXTRA_DRAW."""
        g = state["g"]
        g["phase"] = "draw"
        att = g["attacker"]
        self._draw(state, att, ATTACKER_DRAW + self._clause_total(state, "EXTRA_DRAW", att))
        dfd = _other(att)
        self._draw(state, dfd, DEFENDER_DRAW + self._clause_total(state, "EXTRA_DRAW", dfd))
        g["next"] = "prep_events"

    def _queue_event_discards(self, state: State, kind: str) -> None:
        """MA-10.9, MA-10.10, MA-10.17: the targeted players discard, attacker first."""
        g = state["g"]
        att = g["attacker"]
        for seat in (att, _other(att)):
            n = self._clause_total(state, kind, seat)
            if n > 0:
                g["queue"].append([seat, n])

    def _step_prep_events(self, state: State) -> None:
        """MA-3.10, MA-10.14: beginning-of-turn clauses of the event active now."""
        g = state["g"]
        g["phase"] = "prep"
        self.log(state, {"t": "phase", "phase": "prep"})
        self._queue_event_discards(state, "TURN_START_DISCARD")
        g["next"] = "prep_att"

    def _open_window(self, state: State, seat: int, phase: str, after: str) -> None:
        g = state["g"]
        g["point"] = {"k": "window", "seat": seat, "phase": phase, "event_used": False}
        g["after"] = after
        g["next"] = "point"

    def _step_prep_att(self, state: State) -> None:
        self._open_window(state, state["g"]["attacker"], "prep", "prep_def")  # MA-3.11

    def _step_prep_def(self, state: State) -> None:
        self._open_window(state, _other(state["g"]["attacker"]), "prep", "attack1")  # MA-3.12, MA-4.8

    def _start_exchange(self, state: State, phase: str, after: str) -> None:
        g = state["g"]
        g["phase"] = phase
        self.log(state, {"t": "phase", "phase": phase})
        g["after"] = after
        self._start_sequence(state, g["attacker"])

    def _step_attack1(self, state: State) -> None:
        self._start_exchange(state, "attack1", "attack2")  # MA-3.13

    def _step_attack2(self, state: State) -> None:
        self._start_exchange(state, "attack2", "resolve_att")  # MA-3.14, MA-3.15

    def _step_resolve_att(self, state: State) -> None:
        g = state["g"]
        g["phase"] = "resolve"
        self.log(state, {"t": "phase", "phase": "resolve"})
        self._open_window(state, g["attacker"], "resolve", "resolve_def")  # MA-3.16

    def _step_resolve_def(self, state: State) -> None:
        self._open_window(state, _other(state["g"]["attacker"]), "resolve", "end_events")  # MA-3.17

    def _step_end_events(self, state: State) -> None:
        """MA-3.18, MA-10.10, MA-10.15, MA-10.16: end-of-turn discards come before the hand limit."""
        g = state["g"]
        g["phase"] = "end"
        g["point"] = None
        self.log(state, {"t": "phase", "phase": "end"})
        self._queue_event_discards(state, "TURN_END_DISCARD")
        g["next"] = "end_limit"

    def _step_end_limit(self, state: State) -> None:
        """MA-3.19, MA-11.2: discard down to 7, attacker first."""
        g = state["g"]
        att = g["attacker"]
        for seat in (att, _other(att)):
            excess = len(state["zones"][f"hand:{seat}"]) - HAND_LIMIT
            if excess > 0:
                g["queue"].append([seat, excess])
        g["next"] = "end_final"

    def _step_end_final(self, state: State) -> None:
        """MA-3.20 (boosts expire), MA-3.21 and MA-12.5 (the stall check), then the next turn."""
        g = state["g"]
        g["boost_atk"] = [0, 0]
        g["boost_def"] = [0, 0]
        z = state["zones"]
        if not z["deck:0"] and not z["deck:1"] and not g["played"][0] and not g["played"][1]:
            life = g["life"]
            if life[0] == life[1]:
                self.finish(state, [], "stall: both decks empty and two quiet turns, equal life")  # MA-12.6
            else:
                self.finish(
                    state, [0 if life[0] > life[1] else 1], "stall: both decks empty and two quiet turns"
                )
            return
        g["next"] = "turn_start"

    # ----- forced discards (MA-4.9) --------------------------------------------------------------------------------

    def _ask_discard(self, state: State) -> bool:
        """Ask for the next forced discard; returns True when a decision was asked.

        The owner is asked even when every card in hand is a copy of one card (a single option): MA-4.11 lets the
        engine decide only what everyone can see is the only choice, and skipping the question would tell the
        opponent that the hidden hand holds nothing but copies (MA-1.16). Only a hand no bigger than the discard
        (its size is public) goes without asking.
        """
        g = state["g"]
        seat, n = g["queue"][0]
        hand = state["zones"][f"hand:{seat}"]
        if n <= 0 or not hand:
            g["queue"].pop(0)
            return False
        if len(hand) <= n:  # MA-10.17, MA-9.11: the whole hand goes
            for cid in list(hand):
                self._discard_from_hand(state, seat, cid, "forced_discard")
            g["queue"].pop(0)
            return False
        options = self._distinct(state, hand, "discard", "Discard")  # MA-9.11, MA-10.17, MA-11.2
        self.ask(state, seat, "discard", f"{self.seat_name(seat)}: discard a card ({n} to go)", options)
        return True

    def _discard_one(self, state: State, seat: int, cid: int) -> None:
        self._discard_from_hand(state, seat, cid, "forced_discard")
        g = state["g"]
        g["queue"][0][1] -= 1
        if g["queue"][0][1] <= 0:
            g["queue"].pop(0)

    def _distinct(self, state: State, cids: list[int], verb: str, word: str) -> list[list[str]]:
        """One option per distinct card name (copies are interchangeable, MA-1.24), named by the card name."""
        names = state["cards"]
        labels = self._option_labels
        out = []
        for name in sorted({names[cid] for cid in cids}):
            label = labels.get((word, name))
            if label is None:
                label = labels[(word, name)] = f"{word} {self._labels[name]}"
            out.append(option(verb, name, label=label))
        return out

    # ----- decision points (section 4) ------------------------------------------------------------------------------

    def _ask_point(self, state: State) -> bool:
        """Ask the decision point in progress, unless public facts force its only answer (MA-4.11)."""
        g = state["g"]
        point = g["point"]
        seat = point["seat"]
        kind = point["k"]
        options: list[list[str]] = []
        hand = state["zones"][f"hand:{seat}"]
        if kind == "window":
            if (
                point["seat"] == g["attacker"]
                and state["options"]["event_mode"] == "hand"
                and not point["event_used"]
            ):  # MA-4.6, MA-10.2, MA-10.3, MA-13.4
                events = [c for c in hand if type(self.card(state, c)) is EventCard]
                options += self._distinct(state, events, "event", "Play event")
            options += self._adr_options(state, seat, hand, False)
            options.append(option("pass", label="Pass"))
        elif kind == "move":
            options += self._attack_options(state, seat, hand)
            options += self._adr_options(state, seat, hand, False)
            seq = g["seq"]
            first = seq["ok"] == 0 and seq["last"] is None
            options.append(option("stop", label="Stop (no attack)" if first else "Stop the combo"))
        else:  # response
            seq = g["seq"]
            options += self._adr_options(state, seat, hand, True)
            if not self.sudden_death(state, seat):  # MA-11.7
                defs = self.cards.cards
                names = state["cards"]
                blocks = [
                    c for c in hand if type(defs[names[c]]) is MoveCard and defs[names[c]].dfn is not None
                ]
                options += self._distinct(state, blocks, "block", "Block with")
            options.append(option("take", label="Take the hit"))
        if self._forced_by_public_facts(state, point):  # MA-4.11: only stop, pass or take is left
            (only,) = options
            self._do_point(state, seat, self.parse_action(only[0]))
            return False
        self.ask(state, seat, kind, self._prompt(state, point), options)
        return True

    def _forced_by_public_facts(self, state: State, point: dict[str, Any]) -> bool:
        """MA-4.11: whether everyone can see that the point has one answer, so the engine gives it.

        Only two public facts force a choice: an empty hand (hand sizes are public, MA-1.16), and a sequence that
        has reached a card with a blank LNK (MA-5.6) while the striker holds no ADR points (MA-1.22, MA-9.7). Any
        other point is asked, even when its only legal answer is to stop, to pass or to take the hit
        (MA-5.14, MA-6.15): skipping it would tell the opponent what the hidden hand does not hold.
        """
        g = state["g"]
        seat = point["seat"]
        if not state["zones"][f"hand:{seat}"]:
            return True
        if point["k"] != "move" or g["adr"][seat] > 0:
            return False
        last = g["seq"]["last"]
        return last is not None and self.card(state, last).lnk is None

    def _prompt(self, state: State, point: dict[str, Any]) -> str:
        who = self.seat_name(point["seat"])
        if point["k"] == "window":
            return f"{who}: {point['phase']} window"
        seq = state["g"]["seq"]
        if point["k"] == "move":
            first = seq["ok"] == 0 and seq["last"] is None
            return f"{who}: {'attack' if first else 'continue the combo'}"
        return f"{who}: block {state['cards'][seq['atk']]} (ATK {self.effective_atk(state)})?"

    def _attack_options(self, state: State, seat: int, hand: list[int]) -> list[list[str]]:
        """MA-5.4 to MA-5.8: legal attack cards at a move decision."""
        seq = state["g"]["seq"]
        last = seq["last"]
        if last is not None:
            lnk = self.card(state, last).lnk
            if lnk is None:  # MA-5.6: a blank linker ends the chain
                return []
        legal = []
        defs = self.cards.cards
        names = state["cards"]
        for cid in hand:
            card = defs[names[cid]]
            if type(card) is not MoveCard or card.atk is None:  # MA-1.8
                continue
            if last is not None and (card.cpt is None or card.cpt < lnk):  # MA-5.5, MA-5.7, MA-5.8
                continue
            legal.append(cid)
        return self._distinct(state, legal, "attack", "Attack with")

    def _adr_options(self, state: State, seat: int, hand: list[int], responding: bool) -> list[list[str]]:
        """MA-9.1, MA-9.2, MA-9.14: affordable ADR cards; REDUCE_PENDING_ATK only in the owner's response."""
        pool = state["g"]["adr"][seat]
        if pool <= 0:  # every ADR card costs at least 1 (MA-9.7)
            return []
        legal = []
        for cid in hand:
            card = self.card(state, cid)
            if (
                type(card) is AdrCard
                and card.cost <= pool
                and (responding or card.effect != "REDUCE_PENDING_ATK")
            ):
                legal.append(cid)
        return self._distinct(state, legal, "adrenaline", "Play")

    # ----- carrying out a choice -------------------------------------------------------------------------------------

    def act(self, state: State, seat: int, action: Action) -> None:
        if action.verb == "start":
            self._deal(state, action.args[0])
        elif action.verb == "discard":
            self._discard_one(state, seat, self._in_hand(state, seat, action.args[0]))
        else:
            self._do_point(state, seat, action)
        self._run(state)

    @staticmethod
    def _in_hand(state: State, seat: int, name: str) -> int:
        """The card a name option plays: the lowest-numbered copy of ``name`` in the hand (copies are alike, MA-1.24)."""
        names = state["cards"]
        return min(cid for cid in state["zones"][f"hand:{seat}"] if names[cid] == name)

    def _do_point(self, state: State, seat: int, action: Action) -> None:
        g = state["g"]
        verb = action.verb
        if verb == "pass":  # MA-4.8: the window closes
            g["point"] = None
            g["next"] = g["after"]
        elif verb == "adrenaline":  # MA-4.7: the same point returns
            self._play_adr(state, seat, self._in_hand(state, seat, action.args[0]))
        elif verb == "event":
            self._play_event(state, seat, self._in_hand(state, seat, action.args[0]))
            g["point"]["event_used"] = True  # MA-10.3
        elif verb == "attack":
            self._play_attack(state, seat, self._in_hand(state, seat, action.args[0]))
        elif verb == "stop":  # MA-5.14: the receiver learns that the striker stopped
            seq = g["seq"]
            self.log(state, {"t": "stop", "seat": seat, "first": seq["ok"] == 0 and seq["last"] is None})
            self._end_sequence(state, None)
        elif verb == "take":
            self._resolve_attack(state, None)
        elif verb == "block":
            self._resolve_attack(state, self._in_hand(state, seat, action.args[0]))
        else:
            raise AssertionError(f"unhandled option {action.id!r}")

    def _play_event(self, state: State, seat: int, cid: int) -> None:
        """MA-10.4, MA-10.5: the event takes the slot; a replaced event goes to its owner's discard pile."""
        state["g"]["played"][0] = True
        z = state["zones"]
        for old in list(z["event_slot"]):
            self.move(state, old, "event_slot", f"discard:{state['owner'][old]}", cause="event_replaced")
        self.move(state, cid, f"hand:{seat}", "event_slot", cause="event")

    def _play_adr(self, state: State, seat: int, cid: int) -> None:
        """Section 9: pay the cost, resolve at once, discard the card."""
        g = state["g"]
        card = self.card(state, cid)
        assert isinstance(card, AdrCard)
        g["played"][0] = True
        g["adr"][seat] -= card.cost  # MA-9.1
        self._discard_from_hand(state, seat, cid, "adr")  # MA-9.5
        self.log(state, {"t": "adr", "seat": seat, "name": card.name, "effect": card.effect, "n": card.n})
        opp = _other(seat)  # MA-9.19
        effect = card.effect
        if effect == "GAIN_LIFE":  # MA-9.8
            g["life"][seat] = min(LIFE, g["life"][seat] + card.n)
        elif effect == "DIRECT_DAMAGE":  # MA-9.9
            self._lose_life(state, opp, card.n, seat)
        elif effect == "DRAW":  # MA-9.10
            self._draw(state, seat, card.n)
        elif effect == "FORCE_DISCARD":  # MA-9.11
            g["queue"].append([opp, card.n])
        elif effect == "BOOST_NEXT_ATK":  # MA-9.12, MA-9.15
            g["boost_atk"][seat] += card.n
        elif effect == "BOOST_NEXT_DEF":  # MA-9.13, MA-9.15
            g["boost_def"][seat] += card.n
        elif effect == "REDUCE_PENDING_ATK":  # MA-9.14
            g["seq"]["reduce"] += card.n
        else:
            raise AssertionError(effect)

    def _lose_life(self, state: State, seat: int, amount: int, winner: int) -> None:
        """MA-6.14, MA-12.1, MA-12.2: life never goes below 0, and 0 ends the game at once."""
        g = state["g"]
        if amount <= 0:
            return
        g["life"][seat] = max(0, g["life"][seat] - amount)
        self.log(state, {"t": "life", "seat": seat, "lost": amount, "life": g["life"][seat]})
        if g["life"][seat] == 0:
            self.finish(state, [winner], f"{self.seat_name(seat)}'s life reached 0")

    # ----- sequences, blocks and counterattacks (sections 5 to 8) ----------------------------------------------------

    def _start_sequence(self, state: State, striker: int) -> None:
        g = state["g"]
        g["seq"] = {"striker": striker, "last": None, "ok": 0, "atk": None, "bonus": 0, "reduce": 0}
        g["point"] = {"k": "move", "seat": striker}
        g["next"] = "point"

    def _play_attack(self, state: State, seat: int, cid: int) -> None:
        """MA-5.11: the card goes to the battle area and the receiver gets a response window (MA-6.1)."""
        g = state["g"]
        seq = g["seq"]
        g["played"][0] = True
        self.move(state, cid, f"hand:{seat}", f"battle:{seat}", cause="attack")
        seq["atk"] = cid
        seq["bonus"] = g["boost_atk"][seat]  # MA-9.12, MA-9.15: all boosts go to this card
        g["boost_atk"][seat] = 0
        seq["reduce"] = 0
        g["point"] = {"k": "response", "seat": _other(seat)}

    def effective_atk(self, state: State) -> int:
        """MA-6.4: printed ATK + ATK_MOD + boost - reduction, at least 0."""
        seq = state["g"]["seq"]
        card = self.card(state, seq["atk"])
        assert isinstance(card, MoveCard) and card.atk is not None
        return max(0, card.atk + self._clause_total(state, "ATK_MOD") + seq["bonus"] - seq["reduce"])

    def _resolve_attack(self, state: State, block: int | None) -> None:
        """MA-6.6 to MA-6.14: compare effective values, deal damage, end or continue the sequence."""
        g = state["g"]
        seq = g["seq"]
        striker = seq["striker"]
        receiver = _other(striker)
        atk_card = seq["atk"]
        atk = self.effective_atk(state)
        if block is None:
            damage = atk  # MA-6.7, MA-6.13
            self.log(state, {"t": "unblocked", "seat": receiver, "atk": atk})
        else:
            g["played"][0] = True
            self.move(state, block, f"hand:{receiver}", f"battle:{receiver}", cause="block")
            card = self.card(state, block)
            assert isinstance(card, MoveCard) and card.dfn is not None
            dfn = max(0, card.dfn + self._clause_total(state, "DEF_MOD") + g["boost_def"][receiver])  # MA-6.5
            g["boost_def"][receiver] = 0  # MA-9.13, MA-9.15
            if dfn >= atk:  # MA-6.9, MA-6.12
                self.log(state, {"t": "blocked", "seat": receiver, "atk": atk, "def": dfn})
                seq["atk"] = None
                self._end_sequence(state, receiver)  # MA-6.10, MA-6.11
                return
            damage = atk - dfn  # MA-6.8
            self.log(state, {"t": "partial_block", "seat": receiver, "atk": atk, "def": dfn})
        seq["atk"] = None
        seq["ok"] += 1  # MA-8.1
        seq["last"] = atk_card
        self._lose_life(state, receiver, damage, striker)
        if state["result"] is None:
            g["point"] = {"k": "move", "seat": striker}

    def _end_sequence(self, state: State, blocker: int | None) -> None:
        """MA-5.14, MA-5.15: credit ADR, clear both battle areas, then the counterattack decision if any."""
        g = state["g"]
        seq = g["seq"]
        striker = seq["striker"]
        chains = max(0, seq["ok"] - 1)  # MA-8.2, MA-8.3, MA-8.5
        if chains:
            g["adr"][striker] += chains
            self.log(state, {"t": "adr_gain", "seat": striker, "n": chains})
        z = state["zones"]
        for seat in (0, 1):
            battle = f"battle:{seat}"
            for cid in list(z[battle]):
                self.move(state, cid, battle, f"discard:{seat}", cause="cleanup")
        g["seq"] = None
        if blocker is not None:  # MA-7.1, MA-7.2, MA-7.6: the blocker may counterattack
            self.log(state, {"t": "counter_chance", "seat": blocker})
            self._start_sequence(state, blocker)
        else:  # MA-7.8, MA-7.9: the exchange, and with it the attack phase, is over
            g["point"] = None
            g["next"] = g["after"]

    # ----- views and words --------------------------------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        g = state["g"]
        event = self._event(state)
        seq = g["seq"]
        out = {
            "attacker": g["attacker"],
            "phase": g["phase"],
            "life": g["life"],
            "adr": g["adr"],
            "boost_atk": g["boost_atk"],
            "boost_def": g["boost_def"],
            "sudden_death": [self.sudden_death(state, s) for s in (0, 1)],  # MA-11.11
            "active_event": event.name if event else None,
            "sequence": None,
        }
        if seq is not None:
            out["sequence"] = {
                "striker": seq["striker"],
                "successful_moves": seq["ok"],
                "waiting_attack": state["cards"][seq["atk"]] if seq["atk"] is not None else None,
                "effective_atk": self.effective_atk(state) if seq["atk"] is not None else None,
            }
        return out

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}"

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        t = event["t"]
        who = self.seat_name
        if t == "move":
            cause = event.get("cause")
            owner = event["from"].split(":")[1] if ":" in event["from"] else None
            player = who(int(owner)) if owner is not None else "The game"
            name = event["name"] or "a card"
            if cause == "draw":
                return f"{player} draws {name}."
            if cause == "attack":
                return f"{player} attacks with {self._labels[name]}."
            if cause == "block":
                return f"{player} blocks with {self._labels[name]}."
            if cause == "adr":
                return f"{player} plays {self._labels[name]}."
            if cause == "event":
                return f"{player} plays the event {self._labels[name]}."
            if cause == "event_replaced":
                return f"{name} leaves the event slot."
            if cause == "deal_event":
                return f"The event for this game is {self._labels[name]}."
            if cause == "forced_discard":
                return f"{player} discards {name}."
            return None  # battle areas being cleared
        if t == "start":
            return f"{who(event['seat'])} attacks first."
        if t == "turn":
            return f"Turn {event['turn']}: {who(event['attacker'])} attacks."
        if t == "phase":
            return f"{event['phase'].capitalize()} phase."
        if t == "unblocked":
            return f"{who(event['seat'])} takes the attack unblocked (ATK {event['atk']})."
        if t == "blocked":
            return f"{who(event['seat'])} blocks completely (DEF {event['def']} vs ATK {event['atk']}) and may counter."
        if t == "partial_block":
            return f"{who(event['seat'])} blocks partly (DEF {event['def']} vs ATK {event['atk']})."
        if t == "life":
            # "lost" is the damage dealt; life never goes below 0 and damage beyond that is ignored (MA-6.14).
            return f"{who(event['seat'])} takes {event['lost']} damage ({event['life']} life left)."
        if t == "adr_gain":
            return f"{who(event['seat'])} earns {event['n']} ADR."
        if t == "stop":
            return f"{who(event['seat'])} {'makes no attack' if event['first'] else 'ends the combo'}."
        if t == "counter_chance":
            return f"{who(event['seat'])} may counterattack."
        if t == "end":
            if not event["winners"]:
                return f"The game is drawn ({event['reason']})."
            return f"{who(event['winners'][0])} wins: {event['reason']}."
        return None

    def summarize(self, view: dict[str, Any]) -> list[str]:
        pub = view["public"]
        lines = [
            f"Turn {view['turn']}, {pub['phase']} phase; {self.seat_name(pub['attacker'])} is attacking.",
        ]
        for s in (0, 1):
            flag = " [SUDDEN DEATH]" if pub["sudden_death"][s] else ""
            boosts = ""
            if pub["boost_atk"][s] or pub["boost_def"][s]:
                boosts = f", boosts ATK +{pub['boost_atk'][s]} DEF +{pub['boost_def'][s]}"
            lines.append(f"{self.seat_name(s)}: life {pub['life'][s]}, ADR {pub['adr'][s]}{boosts}{flag}")
        lines.append(f"Active event: {self._labels[pub['active_event']] if pub['active_event'] else 'none'}")
        seq = pub["sequence"]
        if seq is not None:
            text = f"{self.seat_name(seq['striker'])} is striking, {seq['successful_moves']} successful moves so far"
            if seq["waiting_attack"]:
                text += f"; waiting attack: {seq['waiting_attack']} (effective ATK {seq['effective_atk']})"
            lines.append(text)
        return lines

    def card_rows(self) -> list[dict[str, Any]]:
        rows = []
        for card in self.cards.cards.values():
            decks = [d.name for d in self.cards.decks.values() if card.name in d.cards]
            row: dict[str, Any] = {"name": card.name, "type": card.type, "style": card.style}
            if isinstance(card, MoveCard):
                row.update(cpt=card.cpt, atk=card.atk, dfn=card.dfn, lnk=card.lnk, cost=None, effect="")
            elif isinstance(card, AdrCard):
                row.update(
                    cpt=None, atk=None, dfn=None, lnk=None, cost=card.cost, effect=f"{card.effect} {card.n}"
                )
            else:
                text = "; ".join(
                    f"{c.kind} {c.n}" + (f" ({c.target})" if c.target else "") for c in card.clauses
                )
                row.update(cpt=None, atk=None, dfn=None, lnk=None, cost=None, effect=text)
            row["decks"] = ", ".join(f"{d}×{self.cards.decks[d].cards.count(card.name)}" for d in decks)
            rows.append(row)
        return rows

    def rules_guide(self) -> str:
        from importlib import resources

        return resources.files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
