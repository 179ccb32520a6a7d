"""Scenarios: a position written as TOML; good files build it exactly, bad ones fail with a one-line reason."""

from __future__ import annotations

import pytest
from tests.support.toy import ToyGame

from cardsmith import core
from cardsmith.core import Game, rng
from cardsmith.core.scenario import load_scenario, read_scenario, state_from_scenario

GOOD = """
game = "toy"
players = 3
seed = 7
title = "A fixed position"
description = "Seat 1 to play."

[options]
cap = 10

[zones]
"deck:0" = ["4", "3", "2"]          # top card first
"hand:1" = ["1", "2@2"]
"table:2" = ["3"]

[setup]
current = 1
"""


class NoScenarioToy(ToyGame):
    id = "toy-no-scenario"
    load_scenario = Game.load_scenario  # the base class: no scenario support


class IdleToy(ToyGame):
    """Accepts a scenario but never asks for a decision."""

    id = "toy-idle"

    def load_scenario(self, state, setup):
        state["g"] = {"current": 0}


def names(state, zone):
    return [state["cards"][c] for c in state["zones"][zone]]


def test_a_good_scenario_builds_the_position(tmp_path):
    path = tmp_path / "pos.toml"
    path.write_text(GOOD, encoding="utf-8")
    state = load_scenario(path)
    assert state == state_from_scenario(read_scenario(path))
    assert (state["game"], state["players"], state["options"], state["step"]) == ("toy", 3, {"cap": 10}, 0)
    assert state["rng"] == rng.seed_word(7)  # nothing random happened while setting up
    assert names(state, "deck:0") == ["2", "3", "4"]  # stored bottom first: "4" is on top
    assert state["cards"][state["zones"]["deck:0"][-1]] == "4"
    assert names(state, "hand:1") == ["2", "1"]
    assert names(state, "table:2") == ["3"]
    assert sorted(c for ids in state["zones"].values() for c in ids) == list(range(6))
    by_name = {
        (zone, state["cards"][c]): state["owner"][c] for zone, ids in state["zones"].items() for c in ids
    }
    assert by_name[("deck:0", "4")] == 0  # the zone's owner by default
    assert by_name[("hand:1", "1")] == 1
    assert by_name[("hand:1", "2")] == 2  # NAME@SEAT
    assert state["g"] == {"current": 1}
    assert state["pending"]["seat"] == 1 and state["marks"] == {} and state["events"] == []


def test_scenario_defaults():
    state = state_from_scenario({"game": "toy", "zones": {"hand:0": ["1"]}})
    assert state["players"] == 2
    assert state["rng"] == rng.seed_word(0)
    assert state["options"] == {"cap": 40}
    assert state["pending"]["seat"] == 0


def test_the_first_listed_card_is_drawn_first():
    state = state_from_scenario({"game": "toy", "zones": {"deck:0": ["3", "1", "4"]}})
    core.apply(state, "draw")
    assert names(state, "hand:0") == ["3"]
    assert names(state, "deck:0") == ["4", "1"]


def write(tmp_path, text):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def one_line_error(fn, *args):
    with pytest.raises(core.ScenarioError) as exc:
        fn(*args)
    message = str(exc.value)
    assert message and "\n" not in message
    return message


def test_bad_toml_is_named_with_its_position(tmp_path):
    path = write(tmp_path, 'game = "toy"\nplayers = = 2\n')
    message = one_line_error(load_scenario, path)
    assert message.startswith(f"scenario {str(path)!r} is not valid TOML: ")
    assert "line 2" in message


def test_a_missing_file_is_named(tmp_path):
    path = tmp_path / "nope.toml"
    message = one_line_error(load_scenario, path)
    assert message.startswith(f"cannot read scenario {str(path)!r}: ")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "toy", "zone": {}}, "unknown scenario key 'zone' (allowed: answers, description, game, options, players, seed, "
                                      "setup, title, zones)"),
        ({"zones": {}}, 'a scenario needs game = "<game id>"'),
        ({"game": 3}, 'a scenario needs game = "<game id>"'),
        ({"game": "toy", "seed": 1.5}, "seed must be an integer or a string"),
        ({"game": "toy", "options": 3}, "[options] must be a table"),
        ({"game": "toy", "zones": ["hand:0"]}, "[zones] must be a table"),
        ({"game": "toy", "setup": "x"}, "[setup] must be a table"),
        ({"game": "toy", "players": 9}, "scenario: toy is played by 2 to 4 players, not 9"),
        ({"game": "toy", "options": {"cap": 1}}, "scenario: option 'cap' must be at least 4, got 1"),
        ({"game": "toy", "options": {"caps": 9}}, "scenario: unknown option 'caps' for toy (options: cap)"),
        ({"game": "toy", "zones": {"graveyard:0": []}},
         "unknown zone 'graveyard:0' for toy with 2 players (zone kinds: deck, hand, table)"),
        ({"game": "toy", "zones": {"hand:2": ["1"]}},
         "unknown zone 'hand:2' for toy with 2 players (zone kinds: deck, hand, table)"),
        ({"game": "toy", "zones": {"hand": ["1"]}},
         "unknown zone 'hand' for toy with 2 players (zone kinds: deck, hand, table)"),
        ({"game": "toy", "zones": {"hand:0": "1"}}, "zone 'hand:0' must be a list of card names"),
        ({"game": "toy", "zones": {"hand:0": ["Dragon"]}}, "zone 'hand:0': unknown card 'Dragon' for toy"),
        ({"game": "toy", "zones": {"hand:0": [3]}}, "zone 'hand:0': card entries must be card names, got 3"),
        ({"game": "toy", "zones": {"hand:0": ["  "]}}, "zone 'hand:0': card entries must be card names, got '  '"),
        ({"game": "toy", "zones": {"hand:0": ["1@5"]}},
         "zone 'hand:0': card '1@5' names seat 5, which is not in the game"),
        ({"game": "toy", "zones": {"hand:0": ["1@x"]}}, "zone 'hand:0': unknown card '1@x' for toy"),
        ({"game": "toy", "zones": {"hand:0": ["1@-1"]}}, "zone 'hand:0': unknown card '1@-1' for toy"),
        ({"game": "toy", "zones": {"hand:0": ["1@"]}}, "zone 'hand:0': unknown card '1@' for toy"),
        ({"game": "toy", "setup": {"current": 5}}, "setup.current must be a seat number"),
    ],
)  # fmt: skip
def test_a_bad_scenario_is_refused_with_a_clear_reason(data, message):
    assert one_line_error(state_from_scenario, data) == message


def test_a_game_without_scenarios_says_so(registered):
    registered(NoScenarioToy())
    message = one_line_error(state_from_scenario, {"game": "toy-no-scenario"})
    assert message == "toy-no-scenario does not support scenarios"


def test_a_position_without_a_decision_is_refused(registered):
    registered(IdleToy())
    message = one_line_error(state_from_scenario, {"game": "toy-idle", "zones": {"hand:0": ["1"]}})
    assert message == "scenario: the position leaves no decision to make"


def test_a_finished_position_is_allowed():
    state = state_from_scenario({"game": "toy", "zones": {"table:0": ["2"], "table:1": ["2"]}})
    assert state["pending"] is None
    assert state["result"] == {"winners": [], "draw": True, "reason": "highest total"}


def test_an_unknown_game_is_named_with_the_known_ones():
    with pytest.raises(core.UnknownGame, match=r"^unknown game 'chess' \(known games: .*toy.*\)$"):
        state_from_scenario({"game": "chess"})


def test_card_ids_do_not_depend_on_the_order_zones_are_listed_in():
    zones = {"table:1": ["3"], "hand:0": ["4", "1"], "deck:0": ["2", "3"]}
    listed = state_from_scenario({"game": "toy", "zones": zones})
    reordered = state_from_scenario({"game": "toy", "zones": dict(reversed(list(zones.items())))})
    assert listed == reordered
    assert listed["cards"] == ["3", "2", "1", "4", "3"]  # deck:0, hand:0, table:1; each list bottom first


def test_a_scenarios_answers_play_on_to_the_position_they_lead_to():
    data = {"game": "toy", "zones": {"hand:0": ["3"], "hand:1": ["2"], "deck:1": ["1"]}}
    state = state_from_scenario({**data, "answers": ["Play 3 face up", "draw"]})  # by label, then by id
    assert [state["cards"][c] for c in state["zones"]["table:0"]] == ["3"]
    assert sorted(state["cards"][c] for c in state["zones"]["hand:1"]) == ["1", "2"]  # seat 1 drew
    assert state["pending"]["seat"] == 0 and state["turn"] == state_from_scenario(data)["turn"] + 2
    bad = {**data, "answers": ["Play 2 face up"]}  # seat 0 holds no 2
    assert one_line_error(state_from_scenario, bad).startswith(
        "answers[0]: 'Play 2 face up' is not an option"
    )
    assert one_line_error(state_from_scenario, {**data, "answers": "draw"}) == (
        "answers must be a list of option ids or labels"
    )
