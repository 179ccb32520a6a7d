"""B-Poker scenarios: the ``[setup]`` keys of the middle of a turn, and refusals that name the key."""

from __future__ import annotations

import pytest
from tests.support.bpoker_helpers import pos
from tests.support.scenario import ids

from cardsmith.core import ScenarioError


def test_BP_5_5_a_play_step_whose_scrap_is_spent_offers_no_scrap():
    zones = {"view:0": ["2♦"], "table:0": ["9♣", "8♥"]}
    assert "scrap" in ids(pos(zones))
    assert "scrap" not in ids(pos(zones, {"scrap": False}))
    with pytest.raises(ScenarioError, match=r"\[setup\] scrap = false needs phase = 'play'"):
        pos(zones, {"scrap": False, "phase": "tbegin"})


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"marks": {"table:0": {"3♠": "wild"}}}, r"\[setup\] marks: no card '3♠' left in 'table:0'"),
        ({"tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♠"]}]}, r"\[setup\] tiles: no card '6♠'"),
        ({"decl": {"0": {"cards": ["K♠"]}}}, r"\[setup\] decl: no card 'K♠' left in 'table:0'"),
        ({"decl": {"0": {"cards": ["9♣"], "wild": {"8♥": "A♠"}}}}, r"\[setup\] decl\.0\.wild: '8♥'"),
        ({"ctrl": {"0": [1, "10♦"]}}, r"\[setup\] ctrl: no card '10♦' left in 'table:0'"),
    ],
)
def test_BP_29_3_a_setup_key_that_does_not_fit_is_refused_naming_it(setup: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        pos({"view:0": ["2♦"], "table:0": ["9♣", "8♥"]}, setup)
