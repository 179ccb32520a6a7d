"""Ani-Mayhem (game id ``ani-mayhem``): the declarations, and the hooks the core calls.

The rules are steps of the core's step engine in :mod:`.steps`, one module per section of the rules document, with
the state helpers they share in :mod:`.board` (who and what is where), :mod:`.stats` (attributes and skills),
:mod:`.grid` (the Field's geometry), :mod:`.field` (Disasters and movement on the Field) and :mod:`.victory`
(section 12); the game's part of the state is described in :mod:`.model`; scenarios in :mod:`.scenario`; what the
players see in :mod:`.views` and how it is put into words in :mod:`.text`.
"""

from __future__ import annotations

import functools
from typing import Any

from ...core.game import Game
from ...core.state import State
from . import heuristic as rules_of_thumb
from . import scenario, text, views
from .actions import VERBS, deck_keys, deck_of
from .board import seat_name
from .cards import validate_deck
from .rules import CARDS, DECLARED
from .steps import FLOW
from .steps.setup import begin


class AniMayhem(Game, declared=DECLARED):
    """Ani-Mayhem: 1 to 6 players scavenge Items from a shared Field of Locations while Disasters roam it."""

    verbs = VERBS
    flow = FLOW
    # A Flash Effect goes from the hand straight to the discard pile when played (AM-10): card statistics count it.
    played_causes = ("flash",)
    setup_schema = scenario.Setup
    heuristic = staticmethod(rules_of_thumb.choose)  # "How the computer plays" in RULES.md
    evaluate = staticmethod(rules_of_thumb.evaluate)
    searched = staticmethod(rules_of_thumb.searched)  # the decisions the search agent searches

    def __init__(self) -> None:
        self.cards = CARDS

    # ----- options and decks (section 2, section 13) ----------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(CARDS.cards)

    def deck_ids(self, options: dict[str, Any], players: int) -> list[str]:
        """The deck of each seat: its deck list option, else the ``decks`` option, else the sample decks for the
        player count (keys of :func:`.actions.deck_of`)."""
        return deck_keys(CARDS, options, players)

    @functools.cache  # noqa: B019 - one shared game object; few combinations
    def _checked(self, deck_id: str, players: int, extra: bool) -> bool:
        validate_deck(deck_of(deck_id), CARDS, players, extra_havens=extra)
        return True

    def check_options(self, options: dict[str, Any], players: int) -> None:
        # AM-2.17: every deck is checked before setup and refused if it breaks AM-2.2 to AM-2.15.
        for deck_id in self.deck_ids(options, players):
            self._checked(deck_id, players, options["extra_havens"])

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        """An upper bound on the decisions of one game: setup, then a bound per turn times the turn cap.

        Setup asks at most a few decisions per card. In a turn every decision either spends something that is
        bounded by the cards in the game (a card leaving a hand, a Character's one movement action, Scavenge,
        duel or charm, a step of at most its Movement, a Disaster's arrival, a Scavenge reveal), passes a window
        (each seat at most once per play in it), or belongs to a round of a fight. The rules put no limit on a
        fight's rounds (AM-8.4), and a Disaster may be attacked again after a fight it survived (AM-6.15), but
        every round opens with the choice to run (AM-8.6, both duellists in a duel: AM-8.32), a run ends the fight
        (AM-8.21) and bars those sides from fighting each other again that phase (AM-8.22), and every new attack
        is a choice too. So a game lasts only as long as its players choose to fight on: no number bounds a game
        whose players never leave a fight neither side can win, and this bound is the one that play keeps to
        which leaves a hopeless fight. ``200 x cards x (players + 2)`` per turn leaves room for every bounded
        decision and for thousands of fight rounds a turn (a round asks at most ``players + 6`` questions); a
        fight left with probability 1/2 a round, as the random agents leave it, lasts 60 rounds once in 2^60
        fights. The turn cap (AM-13.4) bounds the turns. With ``round_limit = 0`` no bound can be promised, and
        the value returned only says so.
        """
        limit = options["round_limit"]
        if not limit:
            return 1 << 62
        cards = sum(self._deck_size(d) for d in self.deck_ids(options, players))
        return 4 * cards + limit * players * 200 * cards * (players + 2)

    def _deck_size(self, deck_id: str) -> int:
        d = deck_of(deck_id)
        return (1 + len(d.characters) + len(d.locations) + sum(n for _, n in d.items) + sum(n for _, n in d.power)
                + sum(n for _, n in d.disasters) + sum(n for _, n in d.combat))  # fmt: skip

    # ----- setup, scenarios and views ------------------------------------------------------------------------------

    def setup(self, state: State) -> None:
        begin(self, state)

    @staticmethod
    def new_card(state: State, name: str, zone: str, owner: int | None = None) -> int:
        """Create a card (zones named after a cell or a card are created as needed)."""
        state["zones"].setdefault(zone, [])
        cid = len(state["cards"])
        state["cards"].append(name)
        state["owner"].append(owner)
        state["zones"][zone].append(cid)
        return cid

    def load_scenario(self, state: State, setup: Any) -> None:
        scenario.load_scenario(self, state, setup)

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    # ----- words ----------------------------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return text.describe_event(event, seat)

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return text.summarize(view)

    def presenter(self) -> Any:
        from .present import AniMayhemPresenter  # presentation: imported here only, never by the rules

        return AniMayhemPresenter(self)

    def card_rows(self) -> list[dict[str, Any]]:
        return text.card_rows()
