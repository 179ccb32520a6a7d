"""B-Poker (game id ``bpoker``): the one Game class: declarations (zones, options, verbs, the scenario schema, the
flow) and thin hooks.

The rules are modules of functions, by the sections of the rules document: ``table.py`` (sections 1, 2, 5, 7, 10:
zones, marks, seats, tiles, sizes, fees), ``declare.py`` (section 3), ``groups.py`` (which pair or set cards form),
and the steps on the core's step engine in ``steps/`` (hands, turns, fees, arrival, powers by section, pairs). The
state is described in ``model.py``; presentation is in ``text.py``; scenarios in ``scenario.py``; the hand
evaluator in ``hand_eval.py``. Rule ids are given where each rule is implemented.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.errors import DeckError
from ...core.game import Game
from ...core.gamefile import load_game_file
from ...core.state import State
from . import heuristic as rules_of_thumb
from . import scenario, text
from .actions import VERBS
from .cards import FACES, deck_names, value_name
from .hand_eval import category_of
from .model import fresh_table
from .steps import FLOW
from .table import VISIBILITY, counted, table_max, view_size


class BPoker(Game, declared=load_game_file(__package__)):
    """B-Poker: a shedding-and-building poker game for 2-6 players."""

    visibility = VISIBILITY
    verbs = VERBS
    setup_schema = scenario.Setup
    flow = FLOW
    heuristic = staticmethod(rules_of_thumb.choose)  # "How the computer plays" in RULES.md
    evaluate = staticmethod(rules_of_thumb.evaluate)

    # ----- options and setup (sections 1, 4, 28) -------------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(FACES)

    def check_options(self, options: dict[str, Any], players: int) -> None:
        cards = 54 * options["decks"]
        need = players * (options["stash"] + 1)
        if cards < need:
            raise DeckError(
                f"{options['decks']} deck(s) hold {cards} cards, too few to deal {players} stashes of "
                f"{options['stash']} (BP-1.1, BP-4.1)"
            )

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # Each hand ends by exhaustion once it has taken hand_decision_cap decisions (f_poker hands included), and a
        # hand with no decision ends after hand_turn_cap turns; the game ends after max_hands (or hands_cap) hands.
        hands = options["max_hands"] if options["max_hands"] is not None else options["hands_cap"]
        return hands * options["hand_decision_cap"] + 1

    def setup(self, state: State) -> None:
        """BP-1.1, BP-1.6, BP-4.1."""
        n = state["players"]
        names = deck_names(state["options"]["decks"])
        first = len(state["cards"])  # as new_card for each name, in order, onto the draw pile
        state["cards"].extend(names)
        state["owner"].extend([None] * len(names))
        state["zones"]["draw"].extend(range(first, first + len(names)))
        self.shuffle_unseen(state, "draw")  # nobody has seen a card yet: ids are dealt at random
        draw = state["zones"]["draw"]
        for _ in range(state["options"]["stash"]):
            for s in range(n):
                self.move(state, draw[-1], "draw", f"stash:{s}", cause="deal")
        g = fresh_table(n)
        g["first"] = rng.below(state, n)
        state["g"] = g
        FLOW.start(self, state, "hstart")

    def load_scenario(self, state: State, setup: scenario.Setup) -> None:
        """Scenario ``[setup]`` (BP-29.3, see :class:`scenario.Setup`): the position, then the step of the turn."""
        above = scenario.load(self, state, setup)
        FLOW.resume(self, state, [{"step": setup.phase}, *above])
        scenario.answer_power(state, setup, above)

    # ----- views ------------------------------------------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        g = state["g"]
        n = state["players"]
        decl = []
        for s in range(n):
            d = g["declared"][s]
            decl.append(
                None
                if d is None
                else {"cards": d["cards"], "wild": d["wilds"], "category": category_of(d["score"])}
            )
        return {
            "hand": g["hands_played"] + 1,
            "depth": g["depth"],
            "dir": g["direction"],
            "active": g["active"],
            "phase": state["flow"][0]["step"],
            "in_game": g["in_game"],
            "in_hand": g["in_hand"],
            "declared": decl,
            "tiles": [
                {
                    "kind": t["kind"],
                    "seat": t["seat"],
                    "cards": t["cards"],
                    "sideways": t.get("sideways", []),
                    "in_effect": (
                        value_name(*t["values"][-1])
                        if "values" in t and len(t["cards"]) > 1 and "held" not in t
                        else None
                    ),
                }
                for t in g["tiles"].values()
            ],  # fmt: skip
            "j_next": g["j_next"],
            "control": {k: v[0] for k, v in g["control"].items()},
            "skip": g["skip"],
            "plays": g["plays"],
            "turn_over": g["turn_over"],
            "view_size": [view_size(self, state, s) for s in range(n)],
            "table_max": [table_max(self, state, s) for s in range(n)],
            "counted": [counted(self, state, s) for s in range(n)],
        }

    def summarize(self, view: dict[str, Any]) -> list[str]:
        return text.summarize(view)

    def presenter(self) -> Any:
        from .present import BPokerPresenter  # presentation: imported here only, never by the rules

        return BPokerPresenter(self)

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return text.describe_event(event, seat)

    def card_rows(self) -> list[dict[str, Any]]:
        return text.card_rows()
