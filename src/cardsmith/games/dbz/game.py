"""Dragon Ball Z CCG with the complete Drill rules: the declarations (options, zones, verbs, decision kinds,
scenario keys) and thin hooks. The rules are the steps in :mod:`.steps`, one module per section of the rules
document; the words for people are in :mod:`.text`; the game's part of the state is described in :mod:`.model`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from cardsmith.core.errors import DeckError, OptionError, ScenarioError
from cardsmith.core.game import Game
from cardsmith.core.gamefile import load_game_file
from cardsmith.core.state import State

from . import heuristic as rules_of_thumb
from .actions import VERBS
from .cards import CardSet, load_card_set, parse_deck_list, validate_deck
from .config import DRILL, Config, ConfigCache, bands_text, formula_text
from .model import (
    COMBAT_DRAW,
    DEFAULT_TURN_LIMIT,
    MAX_ANGER,
    MAX_STAGE,
    STEP1_DRAW,
    fresh_duel,
)
from .scenario import Setup, check_zones, choices_under_way, place_in_turn, place_midturn
from .steps import FLOW
from .steps.drills import drill_refusal
from .steps.life import survival
from .text import Text

CARDS: CardSet = load_card_set()


class DragonBallZ(
    Game,
    declared=load_game_file(
        __package__,
        {
            "decks": tuple(CARDS.decks),
            "pat_bands": bands_text(CARDS.pat.bands),
            "pat_formula": formula_text(CARDS.pat.formula),
            "colour_words": ",".join(CARDS.colour_words),
            "turn_limit": DEFAULT_TURN_LIMIT,
        },
    ),
):
    """The Dragon Ball Z CCG (Saiyan Saga) duel with the complete Drill rules."""

    verbs = VERBS
    flow = FLOW
    heuristic = staticmethod(rules_of_thumb.choose)  # "How the computer plays" in RULES.md
    evaluate = staticmethod(rules_of_thumb.evaluate)
    setup_schema = Setup

    def __init__(self, card_set: CardSet | None = None) -> None:
        self.cards = card_set if card_set is not None else CARDS
        self.configs = ConfigCache(self.cards)
        self.text = Text(self)

    # ----- options and decks (sections 2 and 14) -------------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(self.cards.cards) | set(self.cards.level_titles)

    def card_total(self, options: dict[str, Any]) -> int:
        """How many cards a game with these (resolved) options creates: both MPs' level cards and both life decks
        (DBZ-1.3, DBZ-2.1). Card ids run from 0 to this number less one."""
        levels = sum(len(self.cards.mps[self.seat_deck(options, seat)[0]].levels) for seat in (0, 1))
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
        for seat in (0, 1):  # DBZ-1.3, DBZ-2.1, DBZ-2.2: an illegal deck stops the game starting
            self.life_deck(options, seat)

    def seat_deck(self, options: dict[str, Any], seat: int) -> tuple[str, tuple[str, ...]]:
        """The validated MP and life deck of a seat: its own deck list if given (for the MP the list names, else the
        MP of its sample deck), else its sample deck (DBZ-1.3, DBZ-2.1, DBZ-2.2)."""
        deck_id = options[("deck_p1", "deck_p2")[seat]]
        return self._seat_deck(deck_id, options[("decklist_p1", "decklist_p2")[seat]], seat)

    def life_deck(self, options: dict[str, Any], seat: int) -> tuple[str, ...]:
        """The validated life deck of a seat (see :meth:`seat_deck`)."""
        return self.seat_deck(options, seat)[1]

    @functools.cache  # noqa: B019 - one shared game object; decks are few
    def _seat_deck(self, deck_id: str, decklist: str, seat: int) -> tuple[str, tuple[str, ...]]:
        deck = self.cards.deck(deck_id)
        if not decklist.strip():
            where = f"{self.seat_name(seat)}'s deck {deck.name!r}"
            return deck.mp, validate_deck(deck.cards, self.cards, deck.mp, where)
        name = f"{self.seat_name(seat)}'s deck list"
        mp, titles = parse_deck_list(decklist, name)
        mp = deck.mp if mp is None else mp
        if mp not in self.cards.mps:
            raise DeckError(
                f"{name}: {mp!r} is not a Main Personality of the card set ({', '.join(self.cards.mps)})"
            )
        return mp, validate_deck(titles, self.cards, mp, f"{name} for {mp}")

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # A turn's decisions are bounded by the cards that can pass through the hands in that turn (both hands
        # start the turn within the hand limit; Step 1 draws 3 plus EXTRA_DRAW, the combat draw 3, and each DRAW
        # card in the decks may be played once), each giving at most 10 decisions (clash choice, play or attack,
        # target, colour choices, response, passes around it, hand-limit discard), and by the drills that can be in
        # play (one power use each per turn or combat, plus a response). The turn limit bounds the turns.
        cfg = self.configs.get(options)
        decks = [self.life_deck(options, seat) for seat in (0, 1)]
        drills = sum(1 for d in decks for t in d if cfg.info[t].code == DRILL)
        extra = sum(cfg.info[t].n for d in decks for t in d if cfg.info[t].power == "EXTRA_DRAW")
        extra += sum(e.n for d in decks for t in d for e in cfg.info[t].effects if e.effect == "DRAW")
        cards = 2 * options["hand_limit"] + STEP1_DRAW + COMBAT_DRAW + extra
        per_turn = 10 * cards + 6 * drills + 12
        return options["turn_limit"] * per_turn + 2

    # ----- setup (section 2) and scenarios ------------------------------------------------------------------------

    def setup(self, state: State) -> None:
        opts = state["options"]
        mps = []
        for seat in (0, 1):
            name, titles = self.seat_deck(opts, seat)
            mp = self.cards.mps[name]
            mps.append(mp.name)
            # DBZ-1.3: the level cards start in play
            self.new_cards(state, [level.title for level in mp.levels], f"mp:{seat}", seat)
            self.new_cards(state, titles, f"life:{seat}", seat)
        state["g"] = fresh_duel(mps)
        # DBZ-2.6, DBZ-2.11: seat 0's deck first, then seat 1's; nobody has seen them, so the shuffle deals the card
        # names to the ids at random and an id says nothing about which card it is (Game.shuffle_unseen).
        self.shuffle_unseen(state, "life:0")
        self.shuffle_unseen(state, "life:1")
        FLOW.start(self, state, "choose_first")  # DBZ-2.7 .. DBZ-2.10

    def load_scenario(self, state: State, setup: Setup) -> None:
        """Scenario ``[setup]`` keys (see RULES.md, "Scenarios" and :mod:`.scenario`): mp, level, stage, anger,
        turn, active, first, step, declared, to_act, passes, fpa, used, clashing, attack, keeping, destroying."""
        names = (
            setup.mp
            if setup.mp is not None
            else [self.seat_deck(state["options"], seat)[0] for seat in (0, 1)]
        )
        if not (len(names) == 2 and all(n in self.cards.mps for n in names)):
            raise ScenarioError(f"[setup] mp must name two MPs of the card set ({', '.join(self.cards.mps)})")
        check_zones(self, state, setup)
        g = fresh_duel(names)
        for seat in (0, 1):
            levels = self.cards.mps[names[seat]].levels
            self.new_cards(state, [level.title for level in levels], f"mp:{seat}", seat)
        for key, value, low, highs in (
            ("level", setup.level, 1, [self.cards.mps[n].top for n in names]),
            ("stage", setup.stage, 0, [MAX_STAGE, MAX_STAGE]),
            ("anger", setup.anger, 0, [MAX_ANGER, MAX_ANGER]),
        ):
            if value is None:
                continue
            if not all(low <= v <= h for v, h in zip(value, highs, strict=True)):
                raise ScenarioError(f"[setup] {key} must be two whole numbers from {low} to {highs}")
            g[key] = list(value)  # type: ignore[literal-required]
        state["turn"] = place_in_turn(setup, g)
        state["g"] = g
        start = place_midturn(self, state, setup)
        above = choices_under_way(self, state, setup)
        empty = [s for s in (0, 1) if not state["zones"][f"life:{s}"]]
        if empty:  # DBZ-13.1, DBZ-13.3: a position with an empty life deck is already decided
            survival(self, state, empty)
            return
        FLOW.resume(self, state, [{"step": start}, *above])

    # ----- what the rules offer to tools ---------------------------------------------------

    def drill_refusal(self, state: State, seat: int, title: str) -> str | None:
        """Why ``seat`` may not play the drill ``title`` now (DBZ-7.11), or None if the checks pass."""
        return drill_refusal(self, state, seat, title)

    # ----- presentation (the words are in .text) ------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        return self.text.public_view(state)

    def card_options(self, state: State, verb: str) -> Mapping[str, list[str]]:
        """The card options of the core's shared steps (the hand-limit discard), like every other."""
        return self.text.verb_options(state)[verb]

    def redact_hidden(self, world: State, seat: int, rng: random.Random) -> None:
        """DBZ-9.7: whether another seat drew a drill that clashes, and waits for its choice, is hidden from ``seat``
        (it depends on cards ``seat`` cannot see), so a world sampled for ``seat`` holds no such choice; the other
        seat meets a clash again only when it draws one there."""
        for holder, waiting in enumerate(world["g"]["clashing"]):
            if holder != seat:
                waiting.clear()

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return self.text.private_view(state, seat)

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return self.text.describe_event(event, seat)

    def presenter(self) -> Any:
        from .present import DragonBallZPresenter  # presentation: imported here only, never by the rules

        return DragonBallZPresenter(self)

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return self.text.summarize(view)

    def card_rows(self) -> list[dict[str, Any]]:
        return self.text.card_rows()
