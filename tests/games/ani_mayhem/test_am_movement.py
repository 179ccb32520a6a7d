"""Ani-Mayhem scenario tests, section 6: Characters, Havens, movement, stealing and bonks.

Standard Field with seat 0's Haven (Cafe Hideout: Movement +1 for Characters leaving it) at (-1,0), next to the
Police Station (0,0) and the Shopping Arcade (0,1). Kenji Hoshino Mov 2, Reiko Sato Mov 3, Neko-chan Mov 5,
Tomo the Cook Mov 3, Goro Tanks Mov 2.
"""

from __future__ import annotations

from tests.support.ani_mayhem_helpers import (
    board,
    choose,
    choose_pair,
    cid,
    combat,
    kind,
    names_in,
    offered,
    opts,
    pairs,
    public,
    refused,
    skip_to,
    stats,
    steps_left,
    verbs,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.board import bonk

SEVEN = [
    "Reiko Sato",
    "Kenji Hoshino",
    "Mina Sparks",
    "Unit Thirty-Three",
    "Aya Kisaragi",
    "Hikari Blaze",
    "Sister Yuki",
]


def steps(s: dict) -> set[str]:
    return {s["cards"][q] for q in offered(s, "step_to")}


def test_AM_6_1_AM_6_6_any_number_in_the_haven_at_most_six_on_the_field():
    s = board({"pc:-1:0": SEVEN})
    assert len(s["zones"][f"pc:{cid(s, 'Cafe Hideout')}"]) == 7
    s = board({"pc:1:1": SEVEN[:6], "pc:-1:0": ["Neko-chan"]})
    neko = cid(s, "Neko-chan")
    assert option_id("move", neko) not in opts(
        s
    )  # 6 already on the Field: no step out of the Haven is possible
    s = board({"pc:1:1": SEVEN[:5], "pc:-1:0": ["Neko-chan", "Tomo the Cook"]})
    choose(s, option_id("move", cid(s, "Neko-chan")))
    choose(s, option_id("join", cid(s, "Tomo the Cook")))
    assert kind(s) == "move"  # a group of two would make 7: it could not take a single step
    assert where(s, "Neko-chan") == where(s, "Tomo the Cook") == "Haven"


def test_AM_6_2_characters_in_a_haven_are_out_of_reach():
    s = board(
        {
            "pc:-1:0": ["Kenji Hoshino"],
            "pc:1:0": ["Reiko Sato"],
            "global:0": ["Team Spirit"],
            "hand:0": ["Dazzling Smile"],
        }
    )
    assert stats(s, "Kenji Hoshino")["def"] == 4 and stats(s, "Reiko Sato")["def"] == 4
    targets = {t for _, t in pairs(s, "play_flash")}
    assert targets == {cid(s, "Reiko Sato")}


def test_AM_6_3_one_movement_action_each_and_a_group_uses_up_everyone():
    s = board({"pc:0:0": ["Reiko Sato", "Kenji Hoshino"], "pc:2:1": ["Neko-chan"]})
    reiko, kenji = cid(s, "Reiko Sato"), cid(s, "Kenji Hoshino")
    choose(s, option_id("move", reiko))
    choose(s, option_id("join", kenji))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    choose(s, "stop")
    assert kind(s) == "move"
    assert option_id("move", reiko) not in opts(s) and option_id("move", kenji) not in opts(s)
    assert option_id("move", cid(s, "Neko-chan")) in opts(s)


def test_AM_6_4_a_path_of_up_to_movement_steps_to_adjacent_locations():
    s = board({"pc:0:1": ["Reiko Sato"], "pc:-1:0": ["Unit Thirty-Three"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    assert steps(s) == {"Police Station", "Hot Springs Inn", "Haunted Shrine", "Cafe Hideout"}
    for name in ("Haunted Shrine", "Hospital Ward", "Space Port"):
        choose(s, option_id("step_to", cid(s, name)))
    assert kind(s) == "move" and where(s, "Reiko Sato") == "Space Port"  # 3 steps used: the action ended
    assert public(s)["chars"][str(cid(s, "Reiko Sato"))]["moved"]


def test_AM_6_5_leaving_the_haven_is_a_step_onto_an_adjacent_location():
    s = board({"pc:-1:0": ["Kenji Hoshino"]})
    choose(s, option_id("move", cid(s, "Kenji Hoshino")))
    assert steps(s) == {"Police Station", "Shopping Arcade"}
    assert steps_left(s) == 3  # Kenji's Movement 2, +1 from the Cafe Hideout once he steps out of it
    choose(s, option_id("step_to", cid(s, "Police Station")))
    assert steps_left(s) == 2  # 3 (Movement 2, +1 from the Cafe Hideout for leaving it) less the 1 step used


def test_AM_6_7_leaving_the_field_only_into_your_own_haven_ends_the_action():
    s = board({"pc:0:0": ["Neko-chan"], "pc:-1:0": ["Unit Thirty-Three"]})
    choose(s, option_id("move", cid(s, "Neko-chan")))
    choose(s, option_id("step_to", cid(s, "Cafe Hideout")))
    assert kind(s) == "move" and where(s, "Neko-chan") == "Haven"


def test_AM_6_8_never_into_another_players_haven():
    s = board({"pc:2:0": ["Neko-chan"], "field:3:0": ["Temple Sanctuary@1"]}, players=2)
    choose(s, option_id("move", cid(s, "Neko-chan")))
    assert "Temple Sanctuary" not in steps(s)
    refused(s, option_id("step_to", cid(s, "Temple Sanctuary")))


def test_AM_6_9_a_movement_action_may_not_end_on_a_destroyed_location():
    s = board({"pc:0:0": ["Reiko Sato"]}, {"destroyed": [[1, 0]]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert "stop" not in opts(s)
    refused(s, "stop")


def test_AM_6_10_a_group_moves_at_its_slowest_members_movement_together():
    s = board({"pc:0:0": ["Reiko Sato", "Kenji Hoshino"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("join", cid(s, "Kenji Hoshino")))
    assert steps_left(s) == 2
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    choose(s, option_id("step_to", cid(s, "Space Port")))
    assert where(s, "Reiko Sato") == where(s, "Kenji Hoshino") == "Space Port"


def test_AM_6_11_a_group_lasts_for_one_action_only():
    s = board({"pc:0:1": ["Reiko Sato", "Tomo the Cook"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("join", cid(s, "Tomo the Cook")))
    choose(s, "stop")
    skip_to(s, "scavenge")
    # in the Scavenge phase Reiko may start her own attempt, and is then asked who joins her
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert kind(s) == "group" and opts(s) == [option_id("join", cid(s, "Tomo the Cook")), "start_scavenging"]


def test_AM_6_12_moving_is_optional_and_may_stop_after_no_steps():
    s = board({"pc:0:1": ["Reiko Sato"], "pc:-1:0": ["Unit Thirty-Three"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, "stop")
    assert where(s, "Reiko Sato") == "Shopping Arcade" and kind(s) == "move"
    assert option_id("move", cid(s, "Reiko Sato")) not in opts(s)


def test_AM_6_13_item_carriers_walking_in_on_a_combat_disaster_are_stopped_and_attacked():
    s = board(
        {
            "pc:0:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "dz:1:0": ["Slime Blob"],
            "loot:1:0:Slime Blob": ["Data Disk"],
        }
    )
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 0
    assert zone_of(s, "Data Disk") == f"it:{cid(s, 'Hot Springs Inn')}"  # it dropped its Item first
    assert public(s)["chars"][str(cid(s, "Reiko Sato"))]["moved"]


def test_AM_6_14_characters_without_items_walk_past_disasters_but_not_blockers():
    s = board({"pc:0:0": ["Reiko Sato"], "dz:1:0": ["Slime Blob"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert kind(s) == "step"  # she goes on
    choose(s, option_id("step_to", cid(s, "Space Port")))
    assert where(s, "Reiko Sato") == "Space Port"
    s = board({"pc:0:0": ["Reiko Sato"], "dz:1:0": ["Road Block Golem"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert kind(s) == "move"  # the blocking Golem stopped her


def test_AM_6_15_attacking_a_combat_disaster_between_movement_actions():
    s = board(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "dz:1:0": ["Slime Blob"],
            "dz:0:0": ["Tar Pit"],
            "pc:0:0": ["Tomo the Cook"],
        }
    )
    ids = opts(s)
    assert (
        option_id("attack", cid(s, "Slime Blob")) in ids and option_id("attack", cid(s, "Tar Pit")) not in ids
    )  # Combat Disasters only
    choose(s, option_id("move", cid(s, "Tomo the Cook")))
    assert not offered(s, "attack")  # not partway through a movement action
    refused(s, option_id("attack", cid(s, "Slime Blob")))


def test_AM_6_15_a_disaster_that_fought_this_phase_may_be_attacked_again():
    # Tomo (1/1) attacks the Slime Blob and is killed (Slime 2 + 4 against Tomo 1 + 0). Kenji then walks in
    # (carrying nothing, so no fight starts on entry) and may start a fight of his own: only running away
    # (AM-8.22) bars a second combat.
    s = board(
        {
            "pc:1:0": ["Tomo the Cook"],
            "dz:1:0": ["Slime Blob"],
            "pc:0:0": ["Kenji Hoshino"],
            "combat:0": ["Butterfingers", "Power Up"],
        }
    )
    slime = cid(s, "Slime Blob")
    choose(s, option_id("attack", slime))
    choose(s, "fight")
    assert zone_of(s, "Tomo the Cook") == "discard:0" and kind(s) == "move"
    choose(s, option_id("move", cid(s, "Kenji Hoshino")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    choose(s, "stop")
    skip_to(s, "move")
    choose(s, option_id("attack", slime))
    assert combat(s)["chars"] == [cid(s, "Kenji Hoshino")] and kind(s) == "run_or_fight"


def test_AM_6_16_after_a_fight_in_the_move_phase_no_more_movement():
    s = board(
        {
            "pc:1:0": ["Kenji Hoshino", "Reiko Sato"],
            "dz:1:0": ["Slime Blob"],
            "combat:0": ["Dodge Roll"] * 4,
            "pc:-1:0": ["Unit Thirty-Three"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "run")
    assert kind(s) == "move"
    assert option_id("move", cid(s, "Kenji Hoshino")) not in opts(s) and option_id(
        "move", cid(s, "Reiko Sato")
    ) not in opts(s)


def test_AM_6_17_AM_6_18_stealing_needs_a_card_a_shared_location_and_an_empty_hand_for_disasters():
    zones = {
        "hand:0": ["Pickpocket"],
        "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"],
        "bag:1:Kenji Hoshino": ["Golden Idol@1", "Data Disk@1"],
        "dz:1:0": ["Slime Blob"],
        "loot:1:0:Slime Blob": ["Photo Album"],
        "field:3:0": ["Temple Sanctuary@1"],
        "pc:2:1": ["Goro Tanks@1"],
        "bag:1:Goro Tanks": ["Prototype Chip@1"],
    }
    s = board(zones, players=2)
    targets = {s["cards"][t] for _, t in pairs(s, "play_flash")}
    assert targets == {"Kenji Hoshino", "Slime Blob"}  # not Goro: no Character of P1's stands with him
    zones["bag:0:Reiko Sato"] = ["Secret Recipe"]
    zones["field:3:1"] = ["Cafe Hideout@2"]
    s = board(zones, players=3)
    targets = {s["cards"][t] for _, t in pairs(s, "play_flash")}
    assert targets == {"Kenji Hoshino"}  # an Item carrier cannot steal from a Disaster (AM-6.18)
    choose_pair(s, "play_flash", "Pickpocket", cid(s, "Kenji Hoshino"))
    reiko_bag = names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}")
    assert len(reiko_bag) == 2 and len(s["zones"][f"bag:1:{cid(s, 'Kenji Hoshino')}"]) == 1
    stolen = [e for e in s["events"] if e.get("cause") == "stolen"][0]
    assert stolen["vis"] == [0, 1]  # the thief and the victim's owner; P3 is not told which Item it was


def test_AM_6_19_a_free_full_move_after_a_steal_even_after_moving():
    s = board(
        {
            "hand:0": ["Pickpocket"],
            "pc:1:0": ["Reiko Sato"],
            "dz:1:0": ["Slime Blob"],
            "loot:1:0:Slime Blob": ["Photo Album"],
        },
        {"phase": "move"},
    )
    choose(s, "pass")
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("move", reiko))
    choose(s, "stop")  # her movement action is used up
    assert kind(s) == "flash"  # the window after her action
    choose_pair(s, "play_flash", "Pickpocket", cid(s, "Slime Blob"))
    assert kind(s) == "step" and steps_left(s) == 3  # a new, free action: her own was used up
    assert names_in(s, f"bag:0:{reiko}") == ["Photo Album"]


def test_AM_6_20_AM_6_21_AM_6_22_a_bonk_discards_enhancements_drops_equipment_and_items():
    s = board(
        {
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino"],
            "gear:0:Reiko Sato": ["Bathhouse Pass", "Kevlar Jacket"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "hand:0": ["Knockout Punch"],
        }
    )
    reiko = cid(s, "Reiko Sato")
    kenji = cid(s, "Kenji Hoshino")
    assert ("Knockout Punch", reiko) not in pairs(s, "play_flash")  # Kenji has 1 Energy, the cost is 4
    bonk(s, reiko)
    inn = cid(s, "Hot Springs Inn")
    assert zone_of(s, reiko) == "bonked:0"
    assert zone_of(s, "Bathhouse Pass") == "discard:0"  # AM-6.21
    assert zone_of(s, "Kevlar Jacket") == f"eq:{inn}"  # AM-6.22: face up under the Location
    assert zone_of(s, "Photo Album") == f"it:{inn}"
    assert str(reiko) not in public(s)["chars"]  # AM-6.20: out of play, out of reach
    assert kenji in s["zones"][f"pc:{inn}"]


def test_AM_6_23_a_bonked_character_sits_out_a_whole_turn_then_may_return():
    s = board(
        {"bonked:0": ["Reiko Sato"], "hand:0": ["Scooter"], "pc:-1:0": ["Tomo the Cook"]},
        {"phase": "reload", "ts": [2], "bonked": {"Reiko Sato": 1}},
    )
    assert kind(s) != "return_bonked"  # bonked in turn 1, this is turn 2, the first one after the bonk
    s = board(
        {"bonked:0": ["Reiko Sato"], "hand:0": ["Scooter"], "pc:-1:0": ["Tomo the Cook"]},
        {"phase": "reload", "ts": [3], "bonked": {"Reiko Sato": 1}},
    )
    assert kind(s) == "return_bonked"
    choose(s, option_id("return_character", "Reiko Sato"))
    assert zone_of(s, "Reiko Sato") == "hand:0"


def test_AM_6_24_a_returned_character_is_played_again_in_the_equip_phase():
    s = board(
        {"bonked:0": ["Reiko Sato"], "hand:0": ["Scooter"], "pc:-1:0": ["Tomo the Cook"]},
        {"phase": "reload", "ts": [3], "bonked": {"Reiko Sato": 1}},
    )
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("return_character", "Reiko Sato"))
    assert str(reiko) not in public(s)["chars"]
    skip_to(s, "equip") if kind(s) != "equip" else None
    choose(s, option_id("play_character", "Reiko Sato", 0))
    assert where(s, "Reiko Sato") == "Haven"


def test_AM_6_25_a_killed_character_goes_to_the_discard_pile_and_drops_its_cards():
    s = board(
        {
            "pc:1:0": ["Tomo the Cook"],
            "gear:0:Tomo the Cook": ["Kevlar Jacket"],
            "bag:0:Tomo the Cook": ["Data Disk"],
            "dz:1:0": ["Slime Blob"],
            "pc:-1:0": ["Kenji Hoshino"],
            "combat:0": ["Tripped", "Power Up"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")  # 2 + 4 - (1 + 2 - 2) = 5 >= 2 x Health 1
    inn = cid(s, "Hot Springs Inn")
    assert zone_of(s, "Tomo the Cook") == "discard:0"
    assert zone_of(s, "Kevlar Jacket") == f"eq:{inn}"
    assert zone_of(s, "Data Disk") in (f"it:{inn}", f"loot:{cid(s, 'Slime Blob')}")  # AM-8.26 may take it


def test_AM_6_26_no_trading_between_characters():
    s = board({"pc:0:0": ["Reiko Sato", "Kenji Hoshino"], "bag:0:Reiko Sato": ["Data Disk"]})
    assert verbs(s) <= {"move", "attack", "duel", "charm", "end"}
    skip_to(s, "scavenge")
    assert verbs(s) <= {"scavenge", "end"}


def test_AM_10_24_the_first_step_out_of_cafe_hideout_counts_its_movement_bonus():
    # Reiko (Movement 3) steps out of the Cafe Hideout (Movement +1 on leaving): 4 steps in all, so the first
    # step's label says 3 are left after it, as they are once it is taken.
    s = board({"pc:-1:0": ["Reiko Sato"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    labels = {o[0]: o[1] for o in s["pending"]["options"]}
    station = option_id("step_to", cid(s, "Police Station"))
    assert labels[station] == "Police Station (0,0) (3 steps left after it)"
    choose(s, station)
    assert steps_left(s) == 3
