"""Martial Arts: The Card Game, with the house rules: the declarations (options, zones, verbs, kinds of decision,
scenario keys) and the game's hooks. The rules are in RULES.md and ``steps/``; the words in ``text.py``."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from cardsmith.core.errors import OptionError, ScenarioError
from cardsmith.core.game import Game
from cardsmith.core.gamefile import load_game_file
from cardsmith.core.state import State

from . import heuristic as rules_of_thumb
from . import text
from .actions import VERBS
from .cards import EventCard, parse_deck_list, validate_deck
from .model import CARDS, Table, active_event, fresh_table, sudden_death
from .scenario import Setup, start_flow, table_of
from .steps import FLOW
from .steps.combat import effective_atk


class MartialArts(Game, declared=load_game_file(__package__, {"decks": tuple(CARDS.decks)})):
    """Martial Arts: The Card Game (house rules): a two-player combo duel."""

    verbs = VERBS
    flow = FLOW
    heuristic = staticmethod(rules_of_thumb.choose)  # "How the computer plays" in RULES.md
    evaluate = staticmethod(rules_of_thumb.evaluate)
    setup_schema = Setup

    def __init__(self) -> None:
        self.cards = CARDS
        self._labels: dict[str, str] = {name: text.describe_card(card) for name, card in CARDS.cards.items()}
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

    def seat_deck(self, options: dict[str, Any], seat: int) -> tuple[str, ...]:
        """The cards of a seat's deck that take part in the game: its own deck list if given, else its sample deck,
        checked against MA-2.1 to MA-2.5 (MA-2.6)."""
        key = ("deck_p1", "deck_p2")[seat]
        return self._deck_cards(options[key], options[f"decklist_p{seat + 1}"], options["event_mode"], seat)

    def _listed(self, options: dict[str, Any], seat: int) -> tuple[str, ...]:
        """Every card a seat's deck list or sample deck names, Events included."""
        decklist = options[f"decklist_p{seat + 1}"]
        if decklist.strip():
            return parse_deck_list(decklist, f"{text.seat_name(seat)}'s deck list")
        return tuple(self.cards.deck(options[("deck_p1", "deck_p2")[seat]]).cards)

    @functools.cache  # noqa: B019 - one shared game object; decks and modes are few
    def _deck_cards(self, deck_id: str, decklist: str, mode: str, seat: int) -> tuple[str, ...]:
        if not decklist.strip():
            deck = self.cards.deck(deck_id)
            return tuple(validate_deck(list(deck.cards), self.cards, mode, deck_name=deck.name))
        name = f"{text.seat_name(seat)}'s deck list"
        names = parse_deck_list(decklist, name)
        return tuple(validate_deck(list(names), self.cards, mode, label=name))

    def check_options(self, options: dict[str, Any], players: int) -> None:
        # MA-2.6: refuse to start with an illegal deck; MA-13.3: validate a user's event deck.
        for seat in (0, 1):
            self.seat_deck(options, seat)
        if options["event_mode"] == "per_game":
            self._event_deck(options)
        elif options["event_deck"].strip():
            raise OptionError("option 'event_deck' applies only with event_mode=per_game (MA-13.3)")

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # Every decision plays a card from hand, discards one, or passes/stops/takes. Cards leave hands once.
        # Passing decisions per turn are at most 2 windows per Prep/Resolve phase and 2 stops plus one take
        # per played attack card in each attack phase; turns are bounded by the decks (at least 5 cards drawn
        # each turn while cards remain) plus two quiet turns per played card after that (MA-12.5).
        cards = sum(len(self._listed(options, seat)) for seat in (0, 1))
        turns = cards // 5 + 2 * cards + 4
        return 8 * turns + 4 * cards

    def setup(self, state: State) -> None:
        opts = state["options"]
        mode = opts["event_mode"]
        for seat in (0, 1):
            self.new_cards(state, self.seat_deck(opts, seat), f"deck:{seat}", seat)  # MA-2.5
        if mode == "per_game":
            self.new_cards(state, self._event_deck(opts), "event_deck")
        state["g"] = fresh_table()
        FLOW.start(self, state, "begin")

    def load_scenario(self, state: State, setup: Setup) -> None:
        """Scenario ``[setup]`` keys: turn, attacker (0/1), phase, life, adr, boost_atk, boost_def, played, an
        attack sequence or the windows under way, and forced discards owed (``scenario.py``; "Scenarios" in
        RULES.md)."""
        phase = setup.phase or ("draw" if setup.turn > 1 else "prep")
        if setup.turn == 1 and phase == "draw":
            raise ScenarioError("[setup] turn 1 has no Draw phase (MA-3.5)")
        self._check_event_zones(state)
        state["turn"] = setup.turn
        state["g"] = table_of(setup, phase)
        start_flow(self, state, setup, phase)
        FLOW.run(self, state)

    def _check_event_zones(self, state: State) -> None:
        """MA-1.19: the slot holds at most one Event card; event zones hold Events; MA-10.5: a slot card's owner."""
        zones = state["zones"]
        names = state["cards"]
        if len(zones["event_slot"]) > 1:
            raise ScenarioError("the event slot holds at most one Event card (MA-1.19)")
        for cid in zones["event_slot"] + zones["event_deck"]:
            if not isinstance(self.cards.get(names[cid]), EventCard):
                raise ScenarioError(f"{names[cid]!r} is not an Event card and cannot be in an event zone")
        if state["options"]["event_mode"] == "hand":
            for cid in zones["event_slot"]:
                if state["owner"][cid] is None:  # MA-10.5: a replaced event goes to its owner's discard pile
                    raise ScenarioError(
                        f"the event {names[cid]!r} in the slot needs an owner (write it as 'Name@0')"
                    )

    # ----- views and words ------------------------------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        g: Table = state["g"]
        event = active_event(state)
        sequence = g["sequence"]
        out = {
            "attacker": g["attacker"],
            "phase": g["phase"],
            "life": g["life"],
            "adr": g["adr"],
            "boost_atk": g["boost_atk"],
            "boost_def": g["boost_def"],
            "sudden_death": [sudden_death(state, s) for s in (0, 1)],  # MA-11.11
            "active_event": event.name if event else None,
            "sequence": None,
        }
        if sequence is not None:
            waiting = sequence["attack"]
            out["sequence"] = {
                "striker": sequence["striker"],
                "successful_moves": sequence["successful"],
                "waiting_attack": state["cards"][waiting] if waiting is not None else None,
                "effective_atk": effective_atk(state) if waiting is not None else None,
            }
        return out

    def card_options(self, state: State, verb: str) -> Mapping[str, list[str]]:
        """The card options of the core's shared steps (a forced discard), labelled like every other card option."""
        word = verb.capitalize()
        return self.card_option_table(verb, lambda name: self.option_label(word, name))

    def option_label(self, word: str, name: str) -> str:
        """``word`` and the card's one-line description: the label of an option naming a card."""
        label = self._option_labels.get((word, name))
        if label is None:
            label = self._option_labels[(word, name)] = f"{word} {self._labels[name]}"
        return label

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return text.describe_event(event, self._labels)

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return text.summarize(view, self._labels)

    def card_rows(self) -> list[dict[str, Any]]:
        return text.card_rows(self.cards)

    def presenter(self) -> Any:
        from .present import MartialArtsPresenter  # presentation: imported here only, never by the rules

        return MartialArtsPresenter(self)
