"""Martial Arts scenarios in a Prep or Resolve window (``[setup] window``) and with forced discards still owed
(``[setup] discards``), played on through the rules, and refused with a message naming the key when they do not
fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.scenario import build, ids

from cardsmith.core import ScenarioError, apply, view

DECKS = {"deck:0": ["Tiger Paw Jab"] * 6, "deck:1": ["Crane Beak Tap"] * 6}


def position(zones: dict[str, list[str]], **setup: Any) -> dict[str, Any]:
    return build("martial-arts", {**DECKS, **zones}, {"turn": 2, **setup})


def test_MA_10_3_MA_3_12_an_event_already_played_in_the_window_is_not_offered_again():
    zones = {"hand:0": ["Roaring Crowd", "Tiger Paw Jab"], "hand:1": ["Crane Beak Tap"]}
    fresh = position(zones, phase="prep", window={"seat": 0})
    assert fresh["pending"]["seat"] == 0 and fresh["pending"]["kind"] == "window"
    assert any(o.startswith("event") for o in ids(fresh))
    used = position(zones, phase="prep", window={"seat": 0, "event_used": True})
    assert used["pending"]["seat"] == 0 and not any(o.startswith("event") for o in ids(used))
    apply(used, "pass")  # the defender's Prep window follows (MA-3.12), then the first attack phase
    assert used["pending"]["seat"] == 1 and used["pending"]["kind"] == "window"
    apply(used, "pass")
    assert view(used, None)["public"]["phase"] == "attack1"


def test_MA_3_17_the_defenders_resolve_window_alone():
    s = position({"hand:1": ["Crane Beak Tap"]}, phase="resolve", window={"seat": 1})
    assert s["pending"]["seat"] == 1 and s["pending"]["kind"] == "window"
    apply(s, "pass")  # then the End phase, with nothing to discard, and the next turn: P2 attacks
    assert s["turn"] == 3 and view(s, None)["public"]["attacker"] == 1


def test_MA_10_16_MA_11_2_event_discards_still_owed_come_before_the_hand_limit():
    # 9 cards in hand and 1 card owed to an end-of-turn clause: discard 1, then 1 more for the hand limit of 7.
    hand = ["Tiger Paw Jab"] * 5 + ["Rising Elbow"] * 4
    s = position({"hand:0": hand}, phase="end", discards=[[0, 1]])
    sizes = []
    while s["pending"]["kind"] == "discard":
        assert s["pending"]["seat"] == 0
        sizes.append(len(s["zones"]["hand:0"]))
        apply(s, ids(s)[0])
    assert sizes == [9, 8] and len(s["zones"]["discard:0"]) == 2  # down to 7, then the next turn draws


def test_MA_4_9_discards_owed_are_made_first_in_the_order_given():
    zones = {"hand:0": ["Tiger Paw Jab"] * 3, "hand:1": ["Crane Beak Tap"] * 3}
    s = position(zones, phase="prep", discards=[[1, 1], [0, 2]])
    order = []
    while s["pending"]["kind"] == "discard":
        order.append(s["pending"]["seat"])
        apply(s, ids(s)[0])
    assert order == [1, 0, 0] and s["pending"]["kind"] == "window"  # then the Prep windows (MA-3.11)
    assert [len(s["zones"][f"hand:{seat}"]) for seat in (0, 1)] == [1, 2]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (
            {"phase": "attack1", "window": {"seat": 0}},
            r"\[setup\] window: windows are open only in phase prep",
        ),
        (
            {"phase": "resolve", "window": {"seat": 1, "event_used": True}},
            r"\[setup\] window\.event_used: only the attacker plays Events",
        ),
        ({"phase": "prep", "window": {"seat": 2}}, r"at `setup\.window\.seat`"),
        ({"discards": [[0, 0]]}, r"at `setup\.discards\[0\]\[1\]`"),
        ({"discards": [[3, 1]]}, r"at `setup\.discards\[0\]\[0\]`"),
    ],
)
def test_MA_4_6_a_window_or_discard_that_does_not_fit_is_refused_naming_the_key(setup: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        position({"hand:0": ["Tiger Paw Jab"]}, **setup)
