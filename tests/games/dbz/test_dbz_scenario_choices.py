"""DBZ scenarios with a choice under way: a colour-keep choice (``[setup.keeping]``, DBZ-8.18) and a drill target being
chosen (``[setup] destroying``, DBZ-12.13), played on through the rules, and refused naming the key."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.dbz_helpers import colour_id, deciding, do, drills, names, position
from tests.support.scenario import ids

from cardsmith.core import ScenarioError, apply

THREE = ["Orange Kiln-Step Drill", "Black Coal-Forge Drill", "Blue Mirror-Lake Drill"]


def test_DBZ_8_18_a_colour_keep_choice_under_way_goes_on_from_the_colours_kept():
    s = position({"drills:0": THREE}, keeping={"seat": 0, "kept": []})
    assert deciding(s) == (0, "keep_colour") and len(ids(s)) == 3
    apply(s, colour_id(s, "Blue"))
    assert drills(s, 0) == ["Blue Mirror-Lake Drill"]
    assert names(s, "discard:0") == ["Black Coal-Forge Drill", "Orange Kiln-Step Drill"]
    assert deciding(s)[1] != "keep_colour"  # the choice is made: the turn goes on


def test_DBZ_12_13_a_drill_target_being_chosen_then_the_card_is_discarded():
    zones = {"play:0": ["Scrambled Routine"], "drills:1": THREE[:2], "hand:0": ["Sieve Palm"]}
    s = position(zones, destroying="Scrambled Routine")
    assert deciding(s) == (0, "target") and len(ids(s)) == 2
    do(s, "destroy_drill", "Black Coal-Forge Drill")
    assert drills(s, 1) == ["Orange Kiln-Step Drill"] and names(s, "discard:0") == ["Scrambled Routine"]
    # one drill in play: the target is forced by public facts and taken at once (DBZ-12.13)
    s = position({**zones, "drills:1": THREE[:1]}, destroying="Scrambled Routine")
    assert drills(s, 1) == [] and names(s, "discard:0") == ["Scrambled Routine"]


@pytest.mark.parametrize(
    ("zones", "setup", "message"),
    [
        ({"drills:0": THREE[:1]}, {"keeping": {"seat": 0}}, r"\[setup.keeping\] seat 0 has 1 colour\(s\)"),
        ({"drills:0": THREE}, {"keeping": {"seat": 0, "kept": ["Red"]}}, r"\[setup.keeping\] kept must name"),
        ({"drills:0": THREE}, {"keeping": {"seat": 2}}, r"\[setup.keeping\] seat must be 0 or 1"),
        ({"play:0": ["Sieve Palm"]}, {"destroying": "Sieve Palm"}, r"destroying: 'Sieve Palm' is not a card"),
        (
            {"play:0": ["Scrambled Routine"]},
            {"destroying": "Scrambled Routine"},
            r"destroying: there must be a drill",
        ),
        (
            {"drills:1": THREE[:1]},
            {"destroying": "Scrambled Routine"},
            r"destroying: the card lies in play:0",
        ),
    ],
)
def test_DBZ_8_18_DBZ_12_13_a_choice_that_does_not_fit_is_refused_naming_the_key(
    zones: dict[str, list[str]], setup: dict[str, Any], message: str
):
    with pytest.raises(ScenarioError, match=message):
        position(zones, **setup)
