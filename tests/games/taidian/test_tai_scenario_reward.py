"""Taking of Taidian scenarios with a knockout reward still owed (``[setup] reward``), played on through the rules,
and refused with a message naming the key when it does not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.taidian_helpers import attack_table, deciding, ids

from cardsmith.core import ScenarioError, apply, option_id

REWARD = {"knockout_reward": True}


def owed(**kw: Any) -> dict[str, Any]:
    zones = {"deck:1": ["Gold", "Strike", "Bunker"], "discard:1": ["Cash", "Market"]}
    kw.setdefault("zones", zones)
    kw.setdefault("options", REWARD)
    return attack_table(3, hands={0: ["Punch"]}, alive=[True, False, True], structs={0: ["Market"]}, **kw)


def names(state: dict[str, Any], zone: str) -> list[str]:
    return [state["cards"][c] for c in state["zones"][zone]]


def test_TAI_13_6_a_reward_owed_with_two_cards_taken_offers_one_more():
    s = owed(reward={"seat": 1, "eliminator": 0, "taken": 2})
    assert deciding(s) == (0, "reward")
    offered = sorted(o for o in ids(s) if o.startswith("take"))
    assert offered == sorted(
        option_id("take", n) for n in ("Gold", "Strike", "Bunker", "Cash")
    )  # not a 2nd Market
    assert "(1 left)" in s["pending"]["prompt"]
    apply(s, option_id("take", "Bunker"))  # the third card: the reward is over, the rest leaves the game
    assert deciding(s) == (0, "attack")  # then the play step of the turn goes on
    assert names(s, "discard:0") == ["Bunker"]
    assert sorted(names(s, "out")) == ["Cash", "Gold", "Market", "Strike"]


@pytest.mark.parametrize(
    ("setup", "options", "message"),
    [
        ({"reward": {"seat": 1, "eliminator": 0}}, {}, r"\[setup\] reward needs the option knockout_reward"),
        (
            {"reward": {"seat": 2, "eliminator": 0}, "zones": {}},
            REWARD,
            r"\[setup\] reward\.seat must be an eliminated seat",
        ),
        (
            {"reward": {"seat": 1, "eliminator": 1}},
            REWARD,
            r"\[setup\] reward\.eliminator must be a seat still in",
        ),
        ({"reward": {"seat": 1, "eliminator": 0, "taken": 3}}, REWARD, r"at `setup\.reward\.taken`"),
    ],
)
def test_TAI_13_7_a_reward_that_does_not_fit_is_refused_naming_the_key(
    setup: dict, options: dict, message: str
):
    with pytest.raises(ScenarioError, match=message):
        owed(options=options, **setup)


def test_TAI_11_6_an_eliminated_seat_holds_a_deck_only_while_a_reward_is_owed():
    with pytest.raises(ScenarioError, match=r"eliminated seat 1 cannot hold cards in deck:1"):
        owed()
