"""Ani-Mayhem scenario tests, section 5: Disasters entering, moving, arriving, stealing and leaving.

Standard Field: path Space Port, Hospital Ward, Hot Springs Inn, Haunted Shrine, Police Station, Shopping Arcade (a
Golden Idol under the Arcade). Disasters: Runaway Mecha Minor Combat 3/3 Mov 3; Slime Blob Minor Combat 2/4 Mov 1;
Rogue Tank Major Combat 3/4 Mov 3; Cat Burglar Minor Combat 2/2 Mov 4 STEALS; Road Block Golem Minor Combat 2/5 Mov 2
MOVES_ONCE; Tar Pit Minor Non-Combat Mov 2 (Movement -2); Falling Piano Minor Non-Combat, no Movement (BONK random);
Acid Fog Off the Field (Movement -1); Whirlwind Major Non-Combat Mov 2 (MOVE 2).
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
    opts,
    public,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.stats import add_mod

HAVEN = {"pc:-1:0": ["Tomo the Cook"]}  # keeps a Move-phase decision after Maintenance


def maint(zones: dict, setup: dict | None = None, players: int = 1, seed: int = 0) -> dict:
    z = dict(HAVEN)
    z.update(zones)
    st = {"phase": "maintenance"}
    st.update(setup or {})
    if players > 1:
        z.setdefault("field:3:0", ["Temple Sanctuary@1"])
    return board(z, st, players=players, seed=seed)


def dsteps(s: dict) -> list[str]:
    """The names of the Disasters that moved, in the order of their move events."""
    return [e["name"] for e in s["events"] if e["t"] == "dstep"]


def test_AM_5_1_the_active_player_decides_open_choices_for_disasters():
    # P2 plays Wrong Way Sign (MOVE a Disaster up to 2); how far it goes is for the active player, P1, to say.
    s = board(
        {
            "hand:1": ["Wrong Way Sign"],
            "dz:2:0": ["Slime Blob"],
            "field:3:0": ["Temple Sanctuary@1"],
            "pc:-1:0": ["Tomo the Cook"],
        },
        players=2,
    )
    assert kind(s) == "flash" and s["pending"]["seat"] == 1
    choose_pair(s, "play_flash", "Wrong Way Sign", cid(s, "Slime Blob"))
    assert kind(s) == "disaster_steps" and s["pending"]["seat"] == 0
    assert opts(s) == [option_id("steps", 1), option_id("steps", 2)]
    choose(s, option_id("steps", 2))
    assert where(s, "Slime Blob") == "Hot Springs Inn"


def test_AM_5_2_only_combat_disasters_carry_items_one_at_a_time():
    s = maint({"dz:1:1": ["Tar Pit"], "it:2:1": ["Photo Album"]})
    assert where(s, "Tar Pit") == "Shopping Arcade"  # it passed the Idol's pile and left it alone
    assert zone_of(s, "Golden Idol") == f"it:{cid(s, 'Shopping Arcade')}"
    s = maint({"dz:0:0": ["Slime Blob"], "loot:0:0:Slime Blob": ["Data Disk"], "it:2:1": ["Photo Album"]})
    assert where(s, "Slime Blob") == "Shopping Arcade"
    assert names_in(s, f"loot:{cid(s, 'Slime Blob')}") == ["Data Disk"]  # it does not take the Idol too


def test_AM_5_3_a_drawn_disaster_enters_on_the_entry_location():
    s = board(
        {"hand:0": ["Scooter"] * 3, "draw:0": ["Giant Kaiju", "Team Spirit"], "pc:-1:0": ["Tomo the Cook"]},
        {"phase": "reload"},
    )
    log: list = []
    skip_to(s, "move", log=log)
    drawn = [e["card"] for e in log if e["t"] == "move" and e.get("cause") == "drawn"]
    assert drawn == [cid(s, "Giant Kaiju")]
    first_step = next(e for e in log if e["t"] == "dstep")
    assert s["cards"][first_step["from"]] == "Space Port"  # it entered there, then moved in Maintenance


def test_AM_5_4_a_revealed_disaster_enters_where_it_lay_and_goes_on_from_there():
    s = board(
        {
            "pc:1:0": ["Reiko Sato"],
            "ds:1:0": ["Slime Blob"],
            "it:1:0": ["Data Disk"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Dodge Roll", "Tripped"] * 3,
        },
        {"phase": "scavenge"},
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert where(s, "Slime Blob") == "Hot Springs Inn" and kind(s) == "run_or_fight"
    choose(s, "run")
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Haunted Shrine"  # the next Location after the Hot Springs Inn


def test_AM_5_5_each_entry_gets_a_later_arrival_stamp():
    s = maint(
        {"dz:0:1": ["Rogue Tank"], "dz:2:1": ["Slime Blob"]}, {"stamps": {"Rogue Tank": 1, "Slime Blob": 2}}
    )
    shown = public(s)["disasters"]
    tank = shown[str(cid(s, "Rogue Tank"))]
    assert where(s, "Rogue Tank") == "Space Port"  # it came back
    assert tank["stamp"] > 2 and tank["stamp"] > shown[str(cid(s, "Slime Blob"))]["stamp"]


def test_AM_5_6_a_disaster_drawn_in_reload_arrives_in_maintenance():
    s = board(
        {
            "hand:0": ["Scooter"] * 4,
            "draw:0": ["Runaway Mecha", "Team Spirit"],
            "pc:2:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "pc:-1:0": ["Tomo the Cook"],
        },
        {"phase": "reload"},
    )
    skip_to(s, "run_or_fight")
    assert public(s)["phase"] == "maintenance" and where(s, "Runaway Mecha") == "Space Port"


def test_AM_5_7_disasters_move_one_at_a_time_earliest_stamp_first():
    zones = {"dz:1:1": ["Runaway Mecha"], "dz:0:0": ["Slime Blob"], "it:2:0": ["Data Disk"]}
    s = maint(zones, {"stamps": {"Slime Blob": 3, "Runaway Mecha": 5}})
    assert dsteps(s)[0] == "Slime Blob"
    assert names_in(s, f"loot:{cid(s, 'Slime Blob')}") == ["Golden Idol"]  # it reached the Arcade first
    assert zone_of(s, "Runaway Mecha") == "discard:0"
    s = maint(zones, {"stamps": {"Slime Blob": 5, "Runaway Mecha": 3}})
    assert dsteps(s)[0] == "Runaway Mecha"
    assert zone_of(s, "Golden Idol") == "destroyed"  # the Mecha took it off the Field


def test_AM_5_8_equal_stamps_go_by_attack_then_defense_then_the_active_player():
    s = maint(
        {"dz:1:1": ["Runaway Mecha", "Rogue Tank"], "it:2:0": ["Data Disk"]},
        {"stamps": {"Runaway Mecha": 4, "Rogue Tank": 4}},
    )
    assert dsteps(s)[0] == "Rogue Tank"  # same Attack 3, higher Defense (4 > 3)
    s = maint(
        {"dz:2:1": ["Slime Blob", "Tar Pit"], "it:2:0": ["Data Disk"]},
        {"stamps": {"Slime Blob": 2, "Tar Pit": 2}},
    )
    assert dsteps(s)[0] == "Slime Blob"  # Attack 2 against no Attack at all
    # Two identical Slime Blobs with the same stamp: the active player orders them.
    twins = board(
        {
            "dz:2:1": ["Slime Blob", "Slime Blob"],
            "it:2:0": ["Data Disk"],
            "pc:-1:0": ["Tomo the Cook"],
            "hand:0": ["Scooter"],
        },
        {"phase": "discard"},
    )
    first, second = cid(twins, "Slime Blob", 0), cid(twins, "Slime Blob", 1)
    for d in (first, second):
        twins["g"]["disasters"][str(d)]["stamp"] = 1  # no [setup] key can tell two Slime Blobs apart
    skip_to(twins, "disaster_order")
    assert twins["pending"]["seat"] == 0
    assert opts(twins) == [option_id("move_first", first), option_id("move_first", second)]
    choose(twins, option_id("move_first", second))
    log: list = []
    skip_to(twins, "equip", log=log)
    moved = [e["d"] for e in log if e["t"] == "dstep"]
    assert moved == [second, first]


def test_AM_5_9_each_point_of_movement_is_one_location_along_the_path():
    s = maint(
        {"dz:2:0": ["Slime Blob"], "dz:2:1": ["Runaway Mecha"]},
        {"stamps": {"Slime Blob": 1, "Runaway Mecha": 2}},
    )
    assert where(s, "Slime Blob") == "Hospital Ward"  # Movement 1
    assert where(s, "Runaway Mecha") == "Police Station"  # Movement 3 from the Hospital Ward


def test_AM_5_10_AM_5_11_past_the_last_location_a_minor_leaves_and_its_item_is_destroyed():
    s = maint(
        {"dz:0:0": ["Slime Blob"], "dz:0:1": ["Runaway Mecha"], "loot:0:1:Runaway Mecha": ["Data Disk"]},
        {"stamps": {"Slime Blob": 1, "Runaway Mecha": 2}},
    )
    assert where(s, "Slime Blob") == "Shopping Arcade"  # on the last Location with no Movement left: stays
    assert zone_of(s, "Runaway Mecha") == "discard:0" and zone_of(s, "Data Disk") == "destroyed"
    assert any(e["t"] == "cycle" and e["name"] == "Runaway Mecha" for e in s["events"])


def test_AM_5_12_AM_5_13_a_major_drops_its_item_comes_back_and_stops():
    s = maint({"dz:0:1": ["Rogue Tank"], "loot:0:1:Rogue Tank": ["Data Disk"], "pc:2:0": ["Reiko Sato"]})
    assert zone_of(s, "Data Disk") == "destroyed"
    assert where(s, "Rogue Tank") == "Space Port"  # back on the entry Location, where it stays this phase
    assert kind(s) == "hide_or_fight"  # it arrived there, where Reiko stands without an Item


def test_AM_5_14_a_combat_disaster_stops_drops_and_attacks_item_carriers():
    s = maint(
        {
            "dz:2:0": ["Runaway Mecha"],
            "loot:2:0:Runaway Mecha": ["Data Disk"],
            "pc:2:1": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
        }
    )
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 0
    assert where(s, "Runaway Mecha") == "Hospital Ward"
    assert zone_of(s, "Data Disk") == f"it:{cid(s, 'Hospital Ward')}"
    cmb = combat(s)
    assert cmb["kind"] == "physical" and cmb["engaged"] == 0 and cmb["chars"] == [cid(s, "Reiko Sato")]


def test_AM_5_15_characters_without_items_hide_or_fight():
    zones = {"dz:2:0": ["Runaway Mecha"], "pc:2:1": ["Reiko Sato@0", "Kenji Hoshino@1"]}
    s = maint(zones, players=2)
    assert kind(s) == "hide_or_fight" and s["pending"]["seat"] == 0  # the active player chooses first
    choose(s, "hide")
    assert kind(s) == "hide_or_fight" and s["pending"]["seat"] == 1
    choose(s, "fight")
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 1
    assert combat(s)["chars"] == [cid(s, "Kenji Hoshino")]
    s = maint(zones, players=2)
    choose(s, "hide")
    choose(s, "hide")
    assert where(s, "Runaway Mecha") == "Haunted Shrine"  # it passed on


def test_AM_5_16_an_empty_handed_combat_disaster_takes_a_random_item_and_goes_on():
    s = maint({"dz:2:0": ["Runaway Mecha"], "it:2:1": ["Data Disk", "Photo Album"]})
    assert where(s, "Runaway Mecha") == "Haunted Shrine"
    assert len(names_in(s, f"loot:{cid(s, 'Runaway Mecha')}")) == 1
    assert len(s["zones"][f"it:{cid(s, 'Hospital Ward')}"]) == 1


def test_AM_5_17_a_non_combat_disaster_acts_on_characters_and_is_discarded():
    s = maint({"dz:2:0": ["Tar Pit"], "pc:2:1": ["Reiko Sato"]})
    assert zone_of(s, "Tar Pit") == "discard:0"
    assert stats(s, "Reiko Sato")["mov"] == 1  # Movement 3 - 2


def test_AM_5_18_a_non_combat_disaster_that_cannot_act_keeps_moving():
    # Kenji stands on an isolated Space Port: the Whirlwind cannot blow him anywhere, so it moves on.
    grid = {
        "field:0:0": ["Police Station"],
        "field:0:1": ["Shopping Arcade"],
        "field:5:0": ["Space Port"],
        "field:-1:0": ["Cafe Hideout@0"],
        "it:0:1": ["Golden Idol"],
        "draw:0": ["Team Spirit"],
        "dz:5:0": ["Whirlwind"],
        "pc:5:0": ["Kenji Hoshino"],
        "pc:-1:0": ["Tomo the Cook"],
    }
    s = board(setup={"phase": "maintenance", "fresh": ["Whirlwind"]}, grid=grid)
    assert where(s, "Whirlwind") == "Shopping Arcade" and where(s, "Kenji Hoshino") == "Space Port"


def test_AM_5_19_no_movement_score_seeks_characters_or_leaves():
    s = maint({"dz:2:0": ["Falling Piano"], "pc:1:1": ["Reiko Sato"]})
    assert zone_of(s, "Reiko Sato") == "bonked:0" and zone_of(s, "Falling Piano") == "discard:0"
    s = maint({"dz:2:0": ["Falling Piano"]})
    assert zone_of(s, "Falling Piano") == "discard:0" and public(s)["destroyed_items"] == 0


def test_AM_5_20_a_movement_reduced_to_zero_means_no_move():
    s = board(
        {"dz:2:0": ["Slime Blob"], "hand:0": ["Scooter"], "pc:-1:0": ["Tomo the Cook"]}, {"phase": "discard"}
    )
    slime = cid(s, "Slime Blob")
    add_mod(s, slime, "mov", "+", -1, ["t", s["turn"]])
    skip_to(s, "equip")
    assert where(s, "Slime Blob") == "Space Port"


def test_AM_5_21_a_drawn_moves_once_disaster_moves_in_its_first_maintenance_only():
    s = board(
        {
            "hand:0": ["Scooter"] * 5,
            "draw:0": ["Road Block Golem", "Team Spirit", "Tailwind", "Kevlar Jacket"],
            "pc:-1:0": ["Tomo the Cook"],
        },
        {"phase": "reload"},
    )
    skip_to(s, "move")
    assert where(s, "Road Block Golem") == "Hot Springs Inn"  # entered on the Space Port, then 2 steps
    choose(s, "end")
    skip_to(s, "move")
    assert public(s)["turns"] == [1] and where(s, "Road Block Golem") == "Hot Springs Inn"


def test_AM_5_22_a_revealed_moves_once_disaster_never_moves():
    s = board(
        {
            "pc:1:0": ["Reiko Sato"],
            "ds:1:0": ["Road Block Golem"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Dodge Roll", "Tripped"] * 3,
        },
        {"phase": "scavenge"},
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, "run")
    skip_to(s, "move")
    assert public(s)["turns"] == [1] and where(s, "Road Block Golem") == "Hot Springs Inn"


def test_AM_5_23_a_moves_once_disaster_blocks_its_location():
    s = board({"pc:0:0": ["Reiko Sato"], "dz:1:0": ["Road Block Golem"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert kind(s) == "move" and where(s, "Reiko Sato") == "Hot Springs Inn"  # her action ended there
    s = board(
        {"pc:1:0": ["Reiko Sato"], "dz:1:0": ["Road Block Golem"], "pc:0:1": ["Tomo the Cook"]},
        {"phase": "scavenge"},
    )
    assert opts(s) == [
        option_id("scavenge", cid(s, "Tomo the Cook")),
        "end",
    ]  # nobody may Scavenge the Hot Springs Inn


def test_AM_5_24_a_stealer_drops_its_item_steals_and_escapes():
    s = maint(
        {
            "dz:2:0": ["Cat Burglar"],
            "loot:2:0:Cat Burglar": ["Data Disk"],
            "pc:2:1": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
        }
    )
    cat = cid(s, "Cat Burglar")
    assert zone_of(s, "Data Disk") == f"it:{cid(s, 'Hospital Ward')}"
    assert (
        names_in(s, f"loot:{cat}") == ["Photo Album"] and names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}") == []
    )
    assert where(s, "Cat Burglar") == "Shopping Arcade"  # 4 more steps at once
    assert zone_of(s, "Golden Idol") == f"it:{cid(s, 'Shopping Arcade')}"  # it ignored the Idol on the way


def test_AM_5_25_the_escape_move_ignores_everyone_and_can_end_the_cycle():
    s = maint(
        {
            "dz:1:0": ["Cat Burglar"],
            "pc:1:1": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "pc:0:0": ["Kenji Hoshino"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
        }
    )
    assert zone_of(s, "Cat Burglar") == "discard:0"  # Police, Arcade, Off the Field
    assert zone_of(s, "Photo Album") == "destroyed"
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == ["Data Disk"]  # no attack on Kenji on the way


def test_AM_5_26_defeating_a_disaster_wins_back_the_item_it_carries():
    s = board(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "dz:1:0": ["Cat Burglar"],
            "loot:1:0:Cat Burglar": ["Photo Album"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Power Up", "Tripped"],
        }
    )
    choose(s, option_id("attack", cid(s, "Cat Burglar")))
    choose(s, "fight")  # 4 + 4 - (2 - 2) = 8 damage
    assert zone_of(s, "Cat Burglar") == "discard:0"
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == ["Photo Album"]


def test_AM_5_27_an_off_the_field_disaster_applies_its_text_then_leaves():
    s = board(
        {
            "hand:0": ["Scooter"] * 5,
            "draw:0": ["Acid Fog", "Team Spirit", "Tailwind", "Weak Spot"],
            "pc:1:0": ["Reiko Sato"],
            "pc:-1:0": ["Tomo the Cook"],
        },
        {"phase": "reload"},
    )
    assert zone_of(s, "Acid Fog") == "off"
    assert stats(s, "Reiko Sato")["mov"] == 2 and stats(s, "Tomo the Cook")["mov"] == 3
    skip_to(s, "move")
    choose(s, "end")
    skip_to(s, "move")  # the drawing player's next turn: still there
    assert zone_of(s, "Acid Fog") == "off" and public(s)["turns"] == [1]
    choose(s, "end")
    skip_to(s, "move")
    assert zone_of(s, "Acid Fog") == "discard:0" and stats(s, "Reiko Sato")["mov"] == 3


def test_AM_5_28_disasters_never_touch_characters_in_havens():
    s = maint({"dz:2:0": ["Falling Piano"], "pc:-1:0": ["Tomo the Cook", "Reiko Sato"]})
    assert zone_of(s, "Falling Piano") == "discard:0"  # nobody ahead on the Field: it left
    assert where(s, "Reiko Sato") == "Haven" and where(s, "Tomo the Cook") == "Haven"


def test_AM_5_29_a_defeated_disaster_goes_to_its_owners_discard_pile():
    s = board(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "dz:1:0": ["Slime Blob"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Power Up", "Tripped"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")  # 4 + 4 - (4 - 2) = 6 >= 4
    assert zone_of(s, "Slime Blob") == "discard:0"
    assert kind(s) == "move"  # the combat is over and play goes on
