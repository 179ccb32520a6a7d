"""Taking of Taidian scenarios with a volley being laid: ``[setup] laying``, played on through the rules, and refused
with a message naming the key when it does not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.taidian_helpers import attack_table, deciding, health, ids, upgrade_table

from cardsmith.core import ScenarioError, apply, view


def test_TAI_6_4_a_volley_being_laid_is_revealed_with_the_cards_laid_before():
    laying = [{"card": "Punch", "target": 1}, {"card": "Fire Bomb", "target": 2, "structure": "Bunker"}]
    s = attack_table(3, hands={0: ["Punch", "Fire Bomb", "Kick"]}, structs={2: ["Bunker"]}, laying=laying)
    assert deciding(s) == (0, "attack")
    assert view(s, 0)["private"]["volley_being_laid"] == [["Punch", 1, None], ["Fire Bomb", 2, "Bunker"]]
    assert view(s, 1)["private"] == {}
    assert "reveal" in ids(s)
    apply(s, "reveal")
    while s["pending"] is not None and s["pending"]["seat"] != 0:  # the attacked seats answer nothing
        apply(s, ids(s)[-1])
    assert health(s)[1] < 150 and view(s, 0)["zones"]["struct:2"] == []  # TAI-8.48: the Bunker is destroyed


@pytest.mark.parametrize(
    ("hands", "laying", "extra", "message"),
    [
        (["Punch"], [{"card": "Shield", "target": 1}], {}, r"laying\[0\]: 'Shield' is not a red card"),
        (["Punch"], [{"card": "Punch", "target": 1}] * 2, {}, r"laying\[1\]: 'Punch' must be in hand:0"),
        (["Punch"], [{"card": "Punch", "target": 0}], {}, r"laying\[0\]: seat 0 cannot be the target"),
        (
            ["Fire Bomb"],
            [{"card": "Fire Bomb", "target": 1}],
            {},
            r"laying\[0\]: a Fire Bomb names a structure",
        ),
        (["Punch"], [{"card": "Punch", "target": 1, "structure": "Bunker"}], {}, r"only a Fire Bomb"),
        (
            ["Punch"],
            [{"card": "Punch", "target": 1}],
            {"step": "choice", "turn_type": None},
            r"laying need step",
        ),
    ],
)
def test_TAI_6_7_a_volley_being_laid_that_does_not_fit_is_refused_naming_the_key(
    hands: list[str], laying: list[dict[str, Any]], extra: dict[str, Any], message: str
):
    setup = {"laying": laying, **extra}
    if setup.get("turn_type", "") is None:
        del setup["turn_type"]
    with pytest.raises(ScenarioError, match=message):
        attack_table(2, hands={0: hands}, **setup)
    with pytest.raises(ScenarioError, match=r"laying: a volley is laid only on an attacking turn"):
        upgrade_table(2, hands={0: ["Punch"]}, laying=[{"card": "Punch", "target": 1}])
