"""Ani-Mayhem scenarios set the middle of a turn (RULES.md, "Scenario files"): each ``[setup]`` key for what
happened earlier in the turn or phase is set, and its consequence in play checked against the same position
without it.

Kenji Hoshino 4/4, Movement 2, Energy 1; Slime Blob a Minor Combat Disaster 2/4 with Movement 1; Plasma Sword (pay 1
Energy: Attack +2, needs Brawling); Flare Cartridge (pay 1 Energy: Attack +3, 2 per game); Dazzling Smile (Flash,
Charm +3, 1 per turn). Dodge Roll is +1/0/+3.
"""

from __future__ import annotations

import pytest
from tests.support.ani_mayhem_helpers import (
    board,
    choose,
    cid,
    kind,
    offered,
    opts,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.core.errors import ScenarioError

KEEP = {"pc:-1:0": ["Unit Thirty-Three"], "it:2:0": ["Prototype Chip"]}
P2 = {"field:3:0": ["Temple Sanctuary@1"]}
FIGHT = {
    **KEEP,
    "dz:1:0": ["Slime Blob"],
    "pc:1:0": ["Kenji Hoshino"],
    "gear:0:Kenji Hoshino": ["Plasma Sword", "Flare Cartridge"],
    "combat:0": ["Dodge Roll"] * 6,
}


def _round_one(setup: dict) -> dict:
    s = board(FIGHT, setup)
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    return s


def test_spent_energy_stays_spent_for_the_turn_AM_10_7():
    s = _round_one({})
    assert kind(s) == "flash" and cid(s, "Plasma Sword") in offered(s, "use")
    s = _round_one({"spent": {"Kenji Hoshino": 1}})
    assert stats(s, "Kenji Hoshino")["nrg"] == 0
    assert offered(s, "use") == []  # nothing left to pay with: neither the Sword nor the Cartridge
    s = board({**KEEP, "pc:1:0": ["Kenji Hoshino"]}, {"spent": {"Kenji Hoshino": 1}})
    choose(s, "end")
    skip_to(s, "move")
    assert stats(s, "Kenji Hoshino")["nrg"] == 1  # restored at the end of the turn (AM-3.14)


def test_lasting_modifiers_AM_11_2_AM_11_10():
    zones = {**KEEP, "pc:1:0": ["Kenji Hoshino"]}
    mods = [
        {"on": "Kenji Hoshino", "attr": "atk", "value": "+2"},
        {"on": "Kenji Hoshino", "attr": "mov", "value": "0", "lasts": "phase"},
    ]
    assert option_id("move", cid(board(zones), "Kenji Hoshino")) in opts(board(zones))
    s = board(zones, {"mods": mods})
    assert stats(s, "Kenji Hoshino")["atk"] == 6 and stats(s, "Kenji Hoshino")["mov"] == 0
    assert option_id("move", cid(s, "Kenji Hoshino")) not in opts(s)  # Movement 0: no step to take
    s = board(
        {"dz:2:0": ["Slime Blob"], "pc:-1:0": ["Tomo the Cook"]},
        {
            "phase": "maintenance",
            "mods": [{"on": "Slime Blob", "attr": "mov", "value": "-1", "lasts": "owner_next"}],
        },
    )
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Space Port"  # AM-5.20: Movement 1 - 1 = 0


def test_use_limit_counters_AM_10_9():
    s = _round_one({"uses": [{"card": "Flare Cartridge", "game": 1}]})
    choose(s, option_id("use", cid(s, "Flare Cartridge")))
    choose(s, "pass")  # the round ends
    assert zone_of(s, "Flare Cartridge") == "discard:0"  # its second use in the game was its last
    s = board({**KEEP, "pc:1:0": ["Reiko Sato"], "hand:0": ["Dazzling Smile"]})
    assert offered(s, "play_flash") == ["Dazzling Smile"]
    s = board(
        {**KEEP, "pc:1:0": ["Reiko Sato"], "hand:0": ["Dazzling Smile"]},
        {"uses": [{"card": "Dazzling Smile", "seat": 0, "turn": 1}]},
    )
    assert offered(s, "play_flash") == []  # 1 per turn, and played once already this turn


def test_who_moved_fought_ran_or_dueled_AM_6_3_AM_6_16_AM_8_22_AM_8_31():
    zones = {**KEEP, "pc:1:0": ["Kenji Hoshino", "Reiko Sato"], "dz:1:0": ["Slime Blob"]}
    s = board(zones, {"moved": ["Kenji Hoshino"], "fought": ["Reiko Sato"]})
    kenji, reiko = cid(s, "Kenji Hoshino"), cid(s, "Reiko Sato")
    assert option_id("move", kenji) not in opts(s) and option_id("move", reiko) not in opts(s)
    slime = cid(s, "Slime Blob")
    assert option_id("attack", slime) in opts(s)  # a fight bars moving, not fighting (AM-6.16)
    s = board(zones, {"ran": {"Slime Blob": ["Kenji Hoshino", "Reiko Sato"]}})
    assert option_id("attack", slime) not in opts(s)
    assert option_id("move", kenji) in opts(s)
    duel = {**KEEP, **P2, "pc:0:1": ["Reiko Sato", "Kenji Hoshino@1"]}
    s = board(duel, players=2)
    assert option_id("duel", cid(s, "Reiko Sato")) in opts(s)
    s = board(duel, {"dueled": ["Reiko Sato"]}, players=2)
    assert option_id("duel", cid(s, "Reiko Sato")) not in opts(s)


def test_who_scavenged_AM_7_1():
    zones = {**KEEP, "pc:0:1": ["Reiko Sato"]}
    s = board(zones, {"phase": "scavenge"})
    assert option_id("scavenge", cid(s, "Reiko Sato")) in opts(s)
    s = board(zones, {"phase": "scavenge", "scavenged": ["Reiko Sato"]})
    assert kind(s) != "scavenge"  # nobody left to Scavenge: the turn went on


def test_a_disaster_that_fought_this_phase_moves_no_further_AM_8_27():
    zones = {"dz:2:0": ["Slime Blob"], "pc:-1:0": ["Tomo the Cook"]}
    s = board(zones, {"phase": "maintenance", "done": ["Slime Blob"]})
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Space Port"


@pytest.mark.parametrize(
    "setup",
    [
        {"spent": {"Nobody": 1}},
        {"mods": [{"on": "Kenji Hoshino", "attr": "luck", "value": "+1"}]},
        {"mods": [{"on": "Kenji Hoshino", "attr": "atk", "value": "two"}]},
        {"uses": [{"card": "No Such Card"}]},
        {"uses": [{"card": "Plasma Sword", "turn": -1}]},
        {"ran": {"Slime Blob": ["Tomo the Cook"]}},
        {"moves": ["Kenji Hoshino"]},
    ],
)
def test_a_wrong_mid_turn_key_is_refused(setup):
    with pytest.raises(ScenarioError):
        board(FIGHT, setup)
