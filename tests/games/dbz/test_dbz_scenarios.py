"""DBZ scenario tests: positions in the middle of a turn and of an attack (RULES.md, "Scenarios"): a drill power
already used (DBZ-11.14), drawn drills waiting for their clash choice (DBZ-9.7), an attack waiting for its response
(DBZ-5.7), each checked by what happens next."""

from __future__ import annotations

import pytest
from tests.support.dbz_helpers import (
    angers,
    combat,
    deciding,
    do,
    has,
    position,
    stages,
    used_drills,
)
from tests.support.scenario import names

from cardsmith.core import ScenarioError, apply


def test_DBZ_11_14_a_scenario_states_a_once_per_turn_power_already_used():
    zones = {"drills:0": ["Red Boiling-Kettle Drill", "Clenched-Breath Drill"], "hand:0": ["Lantern Bolt"]}
    s = position(zones, used=[["Red Boiling-Kettle Drill"], []])
    assert len(used_drills(s)) == 1
    assert not has(s, "use_power", "Red Boiling-Kettle Drill") and has(
        s, "use_power", "Clenched-Breath Drill"
    )
    do(s, "use_power", "Clenched-Breath Drill")
    assert angers(s) == [1, 0] and not has(s, "use_power")
    fresh = position(zones)
    assert has(fresh, "use_power", "Red Boiling-Kettle Drill")  # without the key, nothing is used


def test_DBZ_11_14_a_scenario_states_a_once_per_combat_power_already_used():
    zones = {"drills:0": ["Red Rampart-Charge Drill"], "hand:0": ["Lantern Bolt"]}
    s = position(zones, step="combat", used=[["Red Rampart-Charge Drill"], []])
    assert not has(s, "drill_attack") and has(s, "attack", "Lantern Bolt")
    assert has(position(zones, step="combat"), "drill_attack")
    with pytest.raises(ScenarioError, match="once per combat in a combat"):
        position(zones, used=[["Red Rampart-Charge Drill"], []])  # Step 2: no combat to have used it in
    with pytest.raises(ScenarioError, match="not \\(or not that often\\) in drills:0"):
        position(zones, used=[["Red Boiling-Kettle Drill"], []])


def test_DBZ_9_7_a_scenario_states_drawn_drills_waiting_for_their_clash_choice():
    zones = {"drills:0": ["Black Anvil Posture Drill"], "hand:0": ["Orange Kiln-Step Drill", "Lantern Bolt"]}
    s = position(zones, clashing=[["Orange Kiln-Step Drill"], []])
    assert deciding(s)[0] == 0 and has(s, "show_and_shuffle", "Orange Kiln-Step Drill")
    do(s, "discard_unshown", "Orange Kiln-Step Drill")
    assert names(s, "discard:0") == ["Orange Kiln-Step Drill"]
    assert not has(position(zones), "show_and_shuffle")  # a drill already in hand gets no choice (DBZ-9.9)
    with pytest.raises(ScenarioError, match="not a coloured drill"):
        position({"hand:0": ["Lantern Bolt"]}, clashing=[["Lantern Bolt"], []])


def test_DBZ_5_7_a_scenario_starts_with_an_attack_card_waiting_for_the_response():
    s = position(
        {"play:0": ["Lantern Bolt"], "hand:1": ["Glass-Bell Barrier", "Oak-Arm Guard"]},
        step="combat",
        stage=[3, 5],
        attack={"card": "Lantern Bolt"},
    )
    assert deciding(s) == (1, "response") and combat(s)["attack"]["title"] == "Lantern Bolt"
    assert has(s, "block", "Glass-Bell Barrier") and not has(s, "block", "Oak-Arm Guard")  # DBZ-5.10
    assert stages(s) == [3, 5]  # the cost was paid before the position
    do(s, "block", "Glass-Bell Barrier")
    # DBZ-5.15: the attack card, then the block, each to its owner's pile; the defender acts next
    assert names(s, "discard:0") == ["Lantern Bolt"] and names(s, "discard:1") == ["Glass-Bell Barrier"]
    assert len(s["zones"]["life:1"]) == 10 and deciding(s) == (1, "combat")


def test_DBZ_11_10_a_scenario_starts_with_a_drills_attack_waiting_for_the_response():
    s = position(
        {"drills:1": ["Red Rampart-Charge Drill"], "hand:0": ["Sieve Palm"], "hand:1": ["Lantern Bolt"]},
        step="combat",
        active=1,
        turn=2,
        level=[1, 2],
        stage=[2, 10],
        attack={"drill": "Red Rampart-Charge Drill"},
    )
    assert deciding(s) == (0, "response") and combat(s)["attack"]["how"] == "drill"
    apply(s, "take")
    # Vashna L2 stage 10 (7400, row 4) against Kairo L1 stage 2 (300, row 1): 4 stages, 2 of them life cards
    assert stages(s)[0] == 0 and len(s["zones"]["life:0"]) == 8
    assert deciding(s) == (0, "combat")
    apply(s, "pass")
    assert deciding(s) == (1, "combat") and not has(
        s, "drill_attack"
    )  # its once-per-combat use was this attack


def test_DBZ_14_3_a_scenario_starts_with_a_final_physical_attack_waiting_for_the_response():
    s = position(
        {"hand:0": ["Lantern Bolt"], "hand:1": ["Oak-Arm Guard", "Sieve Palm"]},
        step="combat",
        attack={"final": True},
        options={"final_physical_attack": True},
    )
    assert deciding(s) == (1, "response") and combat(s)["final_physical_attack"] == [True, False]
    do(s, "block", "Oak-Arm Guard")
    apply(s, "pass")
    # DBZ-14.3: P1 made its Final Physical Attack, so it passes too, Lantern Bolt in hand: the combat is over
    assert combat(s) is None and names(s, "hand:0") == ["Lantern Bolt"]


def test_scenarios_refuse_an_attack_they_cannot_hold():
    for zones, setup, message in (
        ({}, {"step": "noncombat", "attack": {"final": True}}, "only with step = 'combat'"),
        ({}, {"attack": {"card": "Lantern Bolt"}}, "play:0, the zone of the seat to act"),
        ({"play:0": ["Sieve Palm"]}, {"attack": {"card": "Sieve Palm"}}, "not an attack card"),
        ({"play:1": ["Lantern Bolt"]}, {"attack": {"card": "Lantern Bolt"}}, "play zone of the seat to act"),
        ({}, {"attack": {}}, "exactly one of card, drill or final"),
        ({}, {"attack": {"final": True}}, "needs the option final_physical_attack"),
        (
            {"drills:0": ["Hill-Sprint Drill"]},
            {"attack": {"drill": "Hill-Sprint Drill"}},
            "no ACT_PHYS_ATTACK",
        ),
        ({"play:0": ["Lantern Bolt"]}, {}, "play zone of the seat to act"),
    ):
        setup.setdefault("step", "combat")
        with pytest.raises(ScenarioError, match=message):
            position(zones, **setup)
