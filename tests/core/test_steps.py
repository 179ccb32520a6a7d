"""The core's shared steps: a discard asked one card at a time, named by what the card is, for any game."""

from __future__ import annotations

from typing import Any

import pytest

from cardsmith import core
from cardsmith.core import ALL, OWNER, CardArg, Game, Verb, Visibility, ZoneKind
from cardsmith.core.flow import Flow, FlowError, Kind
from cardsmith.core.options import OptionSpec
from cardsmith.core.steps import SHARED, discard_cards

FLOW = Flow(kinds=[Kind("discard")])
FLOW.adopt(SHARED)


@FLOW.step()
def table(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    game.finish(state, [0], "done")


class Discarding(Game):
    """Two seats; seat 0 holds five cards (two copies of Ace) and owes a discard set by the test's options."""

    id = "test-discarding"
    name = "Discarding"
    min_players = max_players = 2
    visibility = Visibility({"hand": ZoneKind(OWNER), "discard": ZoneKind(ALL)})
    verbs = (Verb("discard", (CardArg("card"),)),)
    flow = FLOW
    option_specs = (
        OptionSpec("how", "choice", "count", "what seat 0 owes", choices=("count", "down_to", "whole")),
    )

    def card_names(self) -> set[str]:
        return {"Ace", "King", "Queen", "Jack"}

    def card_options(self, state: dict[str, Any], verb: str) -> dict[str, list[str]]:
        return {n: core.option(verb, n, label=f"Throw away the {n}") for n in self.card_names()}

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return 10

    def setup(self, state: dict[str, Any]) -> None:
        for name in ("Ace", "King", "Ace", "Queen", "Jack"):
            self.new_card(state, name, "hand:0")
        state["flow"] = [{"step": "table"}]
        how = state["options"]["how"]
        prompt = "P1: discard ({left} to go)"
        if how == "count":
            discard_cards(state, 0, count=2, prompt=prompt, cause="test")
        elif how == "down_to":
            discard_cards(state, 0, down_to=4, prompt=prompt, cause="test")
        else:
            discard_cards(state, 0, count=9, prompt=prompt, cause="test", whole_when_owed=True)
        self.flow.run(self, state)


@pytest.fixture
def game(registered):
    return registered(Discarding())


def _names(state: dict[str, Any], zone: str) -> list[str]:
    return [state["cards"][c] for c in state["zones"][zone]]


def test_a_discard_of_two_asks_twice_with_copies_as_one_option(game):
    state = core.new_game(game, 2, 1)
    decision = core.decision(state)
    assert (decision.seat, decision.kind, decision.prompt) == (0, "discard", "P1: discard (2 to go)")
    assert [(o.id, o.label) for o in decision.options] == [
        ("discard:Ace", "Throw away the Ace"),
        ("discard:Jack", "Throw away the Jack"),
        ("discard:King", "Throw away the King"),
        ("discard:Queen", "Throw away the Queen"),
    ]
    core.apply(state, "discard:Ace")
    assert _names(state, "discard:0") == ["Ace"]
    assert state["zones"]["discard:0"] == [0]  # the lowest-numbered copy goes
    assert core.decision(state).prompt == "P1: discard (1 to go)"
    core.apply(state, "discard:Ace")
    assert _names(state, "discard:0") == ["Ace", "Ace"]
    assert state["result"] is not None  # the step finished and the game ran on


def test_a_discard_down_to_a_hand_size_stops_there(game):
    state = core.new_game(game, 2, 1, {"how": "down_to"})
    assert core.decision(state).prompt == "P1: discard (1 to go)"
    core.apply(state, "discard:Queen")
    assert _names(state, "hand:0") == ["Ace", "King", "Ace", "Jack"]
    assert state["result"] is not None


def test_a_zone_no_bigger_than_the_discard_goes_whole_without_a_question_when_asked_to(game):
    state = core.new_game(game, 2, 1, {"how": "whole"})
    assert state["result"] is not None
    assert _names(state, "discard:0") == ["Ace", "King", "Ace", "Queen", "Jack"]
    moves = [e for e in state["events"] if e["t"] == "move"]
    assert [e["cause"] for e in moves] == ["test"] * 5


def test_the_shared_step_needs_one_measure_and_a_name_a_game_does_not_use():
    with pytest.raises(ValueError, match="exactly one of count and down_to"):
        discard_cards({"flow": []}, 0, prompt="", cause="x")
    clash = Flow()

    @clash.step("discard_cards")
    def own(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
        pass

    with pytest.raises(ValueError, match="registered twice"):
        clash.adopt(SHARED)
    assert isinstance(FlowError("x"), RuntimeError)
