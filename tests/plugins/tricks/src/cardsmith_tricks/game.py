"""Tricks: the declarations (zones, verbs, scenario keys); the rules are in RULES.md, the steps in steps.py."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from cardsmith.core import ALL, NONE, OWNER, CardArg, Game, Verb, Visibility, ZoneKind
from cardsmith.core.errors import ScenarioError

from .steps import FLOW, deal

SUITS = ("Acorns", "Bells", "Leaves")
RANKS = range(1, 7)
CARDS = tuple(f"{rank} of {suit}" for suit in SUITS for rank in RANKS)
HAND = 4


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """Scenario ``[setup]`` keys: who leads the next trick, and how many tricks are played already."""

    leader: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    tricks_played: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0


class Tricks(Game):
    id = "tricks"
    name = "Tricks"
    summary = "Four tricks, follow suit, most tricks wins."
    min_players = 2
    max_players = 4
    visibility = Visibility(
        {
            "stock": ZoneKind(NONE, owned=False, description="cards not dealt"),
            "hand": ZoneKind(OWNER, description="hand"),
            "trick": ZoneKind(ALL, owned=False, description="the trick being played"),
            "won": ZoneKind(ALL, description="tricks won"),
        }
    )
    verbs = (
        Verb("play", (CardArg("card", help="a card in hand, by name"),), help="play a card to the trick"),
    )
    flow = FLOW
    setup_schema = Setup

    def card_names(self) -> set[str]:
        return set(CARDS)

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return HAND * players

    def setup(self, state: dict[str, Any]) -> None:
        for name in CARDS:  # TR-1.1
            self.new_card(state, name, "stock")
        self.shuffle_unseen(state, "stock")
        deal(self, state)
        state["g"] = {"leader": 0, "plays": [], "tricks_played": 0}  # TR-2.1
        self.flow.start(self, state, "tricks")

    def load_scenario(self, state: dict[str, Any], setup: Setup) -> None:
        if setup.leader >= state["players"]:
            raise ScenarioError(f"[setup] leader {setup.leader} is not a seat of {state['players']} players")
        if state["zones"]["trick"]:
            raise ScenarioError("a scenario starts between tricks: the trick zone must be empty")
        state["g"] = {"leader": setup.leader, "plays": [], "tricks_played": setup.tricks_played}
        self.flow.start(self, state, "tricks")
