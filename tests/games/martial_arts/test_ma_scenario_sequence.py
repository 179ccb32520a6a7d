"""Martial Arts scenarios in the middle of an attack phase: ``[setup] sequence`` (an attack waiting to be answered, a
combo under way, a counterattack), played on through the rules, and refused with a message naming the key when it
does not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.scenario import build, ids

from cardsmith.core import ScenarioError, apply, view

DECKS = {"deck:0": ["Tiger Paw Jab"] * 6, "deck:1": ["Crane Beak Tap"] * 6}


def position(zones: dict[str, list[str]], sequence: dict[str, Any], **setup: Any) -> dict[str, Any]:
    return build(
        "martial-arts", {**DECKS, **zones}, {"turn": 2, "phase": "attack1", "sequence": sequence, **setup}
    )


def test_MA_6_4_an_attack_waits_for_the_answer_with_its_boost_and_reduction():
    zones = {"battle:0": ["Whirlwind Hook"], "hand:1": ["Still Pond Guard"]}
    s = position(zones, {"striker": 0, "attack": "Whirlwind Hook", "bonus": 2, "reduction": 1})
    assert s["pending"]["seat"] == 1 and s["pending"]["kind"] == "response"
    seq = view(s, 1)["public"]["sequence"]
    assert seq["waiting_attack"] == "Whirlwind Hook" and seq["effective_atk"] == 4 + 2 - 1
    block = next(o for o in ids(s) if o.startswith("block"))
    apply(s, block)  # DEF 4 against ATK 5: a partial block, 1 damage (MA-6.8)
    assert view(s, 0)["public"]["life"] == [15, 14]


def test_MA_8_2_a_combo_under_way_earns_its_adr_when_it_ends():
    zones = {"battle:0": ["Tiger Paw Jab", "Rising Elbow"], "hand:0": ["Whirlwind Hook"]}
    s = position(zones, {"striker": 0, "successful": 2, "last": "Rising Elbow"})
    assert s["pending"]["seat"] == 0 and s["pending"]["kind"] == "move"
    assert any(o.startswith("attack") for o in ids(s))  # Whirlwind Hook (CPT 2) links to LNK 2 (MA-5.5)
    apply(s, "stop")  # two successful moves: 1 ADR (MA-8.2)
    assert view(s, 0)["public"]["adr"] == [1, 0]
    assert view(s, 0)["zones"]["battle:0"] == [] and len(view(s, 0)["zones"]["discard:0"]) == 2


def test_MA_7_1_a_counterattack_under_way_is_the_defenders_sequence():
    s = position({"hand:1": ["Wing Flick"]}, {"striker": 1}, attacker=0)
    assert s["pending"]["seat"] == 1 and s["pending"]["kind"] == "move"
    assert view(s, 0)["public"]["attacker"] == 0 and view(s, 0)["public"]["sequence"]["striker"] == 1


@pytest.mark.parametrize(
    ("zones", "sequence", "setup", "message"),
    [
        ({}, {"striker": 0}, {"phase": "prep"}, r"sequence: a sequence is under way only in phase attack1"),
        (
            {},
            {"striker": 0, "attack": "Tiger Paw Jab"},
            {},
            r"sequence\.attack: 'Tiger Paw Jab' must lie in battle:0",
        ),
        (
            {"battle:0": ["Crouching Guard"]},
            {"striker": 0, "attack": "Crouching Guard"},
            {},
            r"sequence\.attack: .* ATK",
        ),
        ({"battle:0": ["Tiger Paw Jab"]}, {"striker": 0, "last": "Tiger Paw Jab"}, {}, r"sequence\.last: "),
        ({}, {"striker": 0, "bonus": 1}, {}, r"sequence\.bonus/reduction"),
        (
            {"battle:0": ["Tiger Fang Palm", "Tiger Paw Jab"]},
            {"striker": 0, "successful": 1, "last": "Tiger Fang Palm", "attack": "Tiger Paw Jab"},
            {},
            r"sequence\.attack: 'Tiger Paw Jab' does not link to 'Tiger Fang Palm'",
        ),
        ({}, {"striker": 2}, {}, r"striker"),
    ],
)
def test_MA_5_5_a_sequence_that_does_not_fit_is_refused_naming_the_key(
    zones: dict[str, list[str]], sequence: dict[str, Any], setup: dict[str, Any], message: str
):
    with pytest.raises(ScenarioError, match=message):
        position(zones, sequence, **setup)
