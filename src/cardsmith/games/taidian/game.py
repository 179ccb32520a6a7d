"""Taking of Taidian (game id ``taidian``): the declarations, and the hooks the core calls.

The rules are steps of the core's step engine in :mod:`.steps`, one module per section of the rules document; the
game's part of the state is described in :mod:`.model`; card powers in :mod:`.effects`; the card data and its schema
in :mod:`.cards`; what the players are shown in :mod:`.text`.

Random number use (TAI-1.26, Q5): random characters shuffle the character list once (Fisher-Yates of
:mod:`cardsmith.core.rng`) and seats take them in selection order; then each deck is shuffled in seat order;
then the random starting seat is one ``below(n)``; a reshuffle shuffles the whole new deck once; each Robber that
takes effect draws one ``below(k)`` over the k non-structure cards in the target's hand, in hand order.

A card in a hand (or in the knockout loot its looker alone sees, or a supply pile) is named in an option by what it
is, its card name: the rules take the lowest card id of that name in that zone, so copies are one option and the id
tells nothing the seat cannot see. A player is named by seat; a structure in play by its owner's seat and its name
(no player has two structures of one name, TAI-9.4); a Poison in play by its place on its victim's poison track
(TAI-1.8). Every option is one small act: a volley is laid one card and one target at a time, then revealed
(TAI-6.4); ``lay_all`` chooses only a target (every damage card left in hand goes there).
"""

from __future__ import annotations

from typing import Any

from cardsmith.core.errors import OptionError
from cardsmith.core.game import Game
from cardsmith.core.gamefile import load_game_file
from cardsmith.core.state import State
from cardsmith.core.verbfile import load_verbs

from . import heuristic as rules_of_thumb
from . import pools, scenario, text
from .cards import TRACKS
from .data import (
    ABILITY_FIRST,
    BURN_LIMIT,
    CARDS,
    CHAR_NAMES,
    HAND_SIZE,
    LOOT,
    MAX_LEVEL,
    NAMES,
    SAFETY_ROUNDS,
    START_STRUCTURES,
    STRUCTURES,
    last_poison_place,
    parse_order,
    parse_teams,
)
from .model import Table
from .steps import FLOW
from .steps.setup import begin

VERBS = load_verbs(
    __package__,
    {
        "characters": CHAR_NAMES,
        "first_effects": (ABILITY_FIRST, *START_STRUCTURES),
        "tracks": TRACKS,
        "structures": STRUCTURES,
        "last_poison_place": last_poison_place,
    },
)
"""The verbs of Taking of Taidian, in action-space order (declared in ``verbs.toml``)."""


class Taidian(Game, declared=load_game_file(__package__)):
    """Taking of Taidian: a deck-building fight for 2 to 6 players, alone or in teams."""

    verbs = VERBS
    flow = FLOW
    heuristic = staticmethod(rules_of_thumb.choose)  # "How the computer plays" in RULES.md
    evaluate = staticmethod(rules_of_thumb.evaluate)
    remember = staticmethod(pools.remember)  # each player's cards, counted from the public history
    setup_schema = scenario.Setup
    cards = CARDS

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
        begin(self, state)

    def load_scenario(self, state: State, setup: scenario.Setup) -> None:
        """Scenario ``[setup]`` keys (all optional): see RULES.md, "Scenario files"."""
        scenario.load(self, state, setup)

    # ================================================================ views and words

    def public_view(self, state: State) -> dict[str, Any]:
        return text.public_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        g: Table = state["g"]
        if g["laying"] and g["current"] == seat:
            names = state["cards"]
            laid = [
                [names[e["card"]], e["target"], names[e["structure"]] if e["structure"] >= 0 else None]
                for e in g["laying"]
            ]
            return {"volley_being_laid": laid}
        return {}

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return text.describe_event(self.seat_name, event)

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return text.summarize(self.seat_name, view)

    def presenter(self) -> Any:
        from .present import TaidianPresenter  # presentation: imported here only, never by the rules

        return TaidianPresenter(self)

    def card_rows(self) -> list[dict[str, Any]]:
        return text.card_rows(CARDS)
