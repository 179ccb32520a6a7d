"""Ani-Mayhem scenario tests, section 7: Scavenging.

Locations: Hot Springs Inn (1,0) needs Stealth; Shopping Arcade (0,1) needs nothing; Police Station (0,0) Hacking.
The Robot Factory (Hacking + Piloting) replaces the Haunted Shrine at (1,1) where a test needs it. Reiko Sato has
Hacking and Stealth, Hikari Blaze Piloting and Stealth, Kenji Hoshino Brawling and Piloting.
"""

from __future__ import annotations

from tests.support.ani_mayhem_helpers import (
    board,
    choose,
    cid,
    combat,
    kind,
    names_in,
    opts,
    public,
    refused,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id

# A Character in the Haven keeps the turn from running on; an Item under the Space Port keeps the game going.
KEEP = {"pc:-1:0": ["Unit Thirty-Three"], "it:2:0": ["Prototype Chip"]}


def scav(zones: dict, setup: dict | None = None, **kw) -> dict:
    z = dict(KEEP)
    z.update(zones)
    st = {"phase": "scavenge"}
    st.update(setup or {})
    return board(z, st, **kw)


def test_AM_7_1_one_scavenge_attempt_per_character_per_turn():
    s = scav({"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Tar Pit", "Slime Blob"], "it:1:0": ["Data Disk"]})
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("scavenge", reiko))
    assert kind(s) == "scavenge_more"  # Tar Pit acted on her and was discarded
    assert public(s)["chars"][str(reiko)]["scavenged"]
    choose(s, "stop")
    assert kind(s) != "scavenge"  # no second attempt this turn: the phase (and turn) went on
    assert public(s)["turns"] == [1]


def test_AM_7_2_the_groups_skills_together_must_cover_the_location():
    grid_zone = {
        "field:1:1": ["Robot Factory"],
        "pc:1:1": ["Reiko Sato", "Hikari Blaze"],
        "it:1:1": ["Data Disk"],
    }
    s = scav(grid_zone)
    reiko, hikari = cid(s, "Reiko Sato"), cid(s, "Hikari Blaze")
    choose(s, option_id("scavenge", reiko))
    assert opts(s) == [option_id("join", hikari)]  # Reiko alone lacks Piloting: no "start_scavenging" yet
    refused(s, "start_scavenging")
    choose(s, option_id("join", hikari))
    assert kind(s) == "share"  # the stack was empty: they take the Item and share it out
    s = scav({"field:1:1": ["Robot Factory"], "pc:1:1": ["Reiko Sato"], "it:1:1": ["Data Disk"]})
    assert kind(s) != "scavenge"  # Reiko alone may not Scavenge the Robot Factory


def test_AM_7_3_a_location_with_no_skills_is_open_to_anyone():
    s = scav({"pc:0:1": ["Kenji Hoshino"]})
    choose(s, option_id("scavenge", cid(s, "Kenji Hoshino")))
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == ["Golden Idol"]


def test_AM_7_4_a_scavenge_category_right_meets_the_requirement():
    s = scav(
        {"pc:1:0": ["Kenji Hoshino"], "gear:0:Kenji Hoshino": ["Bathhouse Pass"], "it:1:0": ["Data Disk"]}
    )
    choose(s, option_id("scavenge", cid(s, "Kenji Hoshino")))
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == ["Data Disk"]


def test_AM_7_5_one_disaster_at_a_time_from_the_top():
    s = scav({"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Tar Pit", "Slime Blob"], "it:1:0": ["Data Disk"]})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    revealed = [e["name"] for e in s["events"] if e["t"] == "revealed"]
    assert revealed == ["Tar Pit"]
    assert names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == ["Slime Blob"]


def test_AM_7_6_a_revealed_combat_disaster_fights_the_scavenger_at_once():
    s = scav(
        {
            "pc:1:0": ["Reiko Sato"],
            "ds:1:0": ["Slime Blob"],
            "it:1:0": ["Data Disk"],
            "field:3:0": ["Temple Sanctuary@1"],
            "pc:2:0": ["Kenji Hoshino@1"],
        },
        players=2,
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 0
    cmb = combat(s)
    assert cmb["disaster"] == cid(s, "Slime Blob") and cmb["chars"] == [cid(s, "Reiko Sato")]


def test_AM_7_7_a_revealed_non_combat_disaster_acts_or_stays_and_the_attempt_goes_on():
    s = scav({"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Tar Pit", "Slime Blob"], "it:1:0": ["Data Disk"]})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert zone_of(s, "Tar Pit") == "discard:0" and kind(s) == "scavenge_more"
    # A Whirlwind revealed where nobody can be blown anywhere stays on the Field, and the attempt goes on.
    grid = {
        "field:0:0": ["Police Station"],
        "field:5:0": ["Space Port"],
        "field:-1:0": ["Cafe Hideout@0"],
        "it:0:0": ["Golden Idol"],
        "draw:0": ["Tailwind"],
        "pc:5:0": ["Kenji Hoshino"],
        "ds:5:0": ["Whirlwind"],
        "it:5:0": ["Data Disk"],
        "pc:-1:0": ["Unit Thirty-Three"],
    }
    s = board(setup={"phase": "scavenge"}, grid=grid)
    choose(s, option_id("scavenge", cid(s, "Kenji Hoshino")))
    assert where(s, "Whirlwind") == "Space Port"
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == ["Data Disk"]  # the stack was empty: found


def test_AM_7_8_a_revealed_stealer_or_no_movement_disaster_acts_at_once():
    s = scav(
        {
            "pc:2:0": ["Hikari Blaze"],
            "bag:0:Hikari Blaze": ["Photo Album"],
            "ds:2:0": ["Cat Burglar"],
            "it:2:0": ["Data Disk"],
        }
    )
    choose(s, option_id("scavenge", cid(s, "Hikari Blaze")))
    assert names_in(s, f"loot:{cid(s, 'Cat Burglar')}") == ["Photo Album"]
    assert where(s, "Cat Burglar") == "Police Station"  # escaped 4 steps along the path
    s = scav({"pc:1:0": ["Reiko Sato", "Hikari Blaze"], "ds:1:0": ["Falling Piano"], "it:1:0": ["Data Disk"]})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, "start_scavenging")
    bonked = names_in(s, "bonked:0")
    assert len(bonked) == 1 and bonked[0] in ("Reiko Sato", "Hikari Blaze")
    assert zone_of(s, "Falling Piano") == "discard:0"


def test_AM_7_9_after_each_disaster_reveal_the_next_or_stop():
    s = scav({"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Tar Pit", "Rampaging Fan"], "it:1:0": ["Data Disk"]})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert opts(s) == ["reveal_next", "stop"]
    choose(s, "stop")
    assert names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == ["Rampaging Fan"]


def test_AM_7_10_running_away_a_surviving_disaster_or_lost_skills_stop_the_attempt():
    base = {
        "pc:1:0": ["Reiko Sato"],
        "ds:1:0": ["Slime Blob", "Tar Pit"],
        "it:1:0": ["Data Disk"],
        "combat:0": ["Dodge Roll", "Tripped"] * 4,
    }
    s = scav(base)
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, "run")
    assert kind(s) != "scavenge_more" and public(s)["turns"] == [1]  # stopped; the next turn began
    assert names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == ["Tar Pit"]
    # The Cowardly Ninja is hurt (3 + 1 - (2 + 1) = 1) and runs away: it survived, so the attempt stops.
    s = scav(
        {
            "pc:1:0": ["Reiko Sato"],
            "ds:1:0": ["Cowardly Ninja", "Tar Pit"],
            "it:1:0": ["Data Disk"],
            "combat:0": ["Blush", "Fumble"],
        }
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, "fight")
    assert where(s, "Cowardly Ninja") == "Police Station" and kind(s) != "scavenge_more"
    assert names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == ["Tar Pit"]
    # The Rampaging Fan bonks the highest Attack, Hikari, the group's only Stealth: Tomo alone may not go on.
    s = scav(
        {
            "pc:1:0": ["Hikari Blaze", "Tomo the Cook"],
            "ds:1:0": ["Rampaging Fan", "Tar Pit"],
            "it:1:0": ["Data Disk"],
        }
    )
    choose(s, option_id("scavenge", cid(s, "Hikari Blaze")))
    choose(s, option_id("join", cid(s, "Tomo the Cook")))
    assert zone_of(s, "Hikari Blaze") == "bonked:0"
    assert kind(s) != "scavenge_more" and names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == ["Tar Pit"]


def test_AM_7_11_AM_7_12_an_empty_stack_means_the_finds_are_taken_and_shared_out():
    s = scav(
        {
            "pc:0:1": ["Reiko Sato", "Kenji Hoshino"],
            "it:0:1": ["Golden Idol", "Data Disk"],
            "eq:0:1": ["Kevlar Jacket"],
        }
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, option_id("join", cid(s, "Kenji Hoshino")))
    assert kind(s) == "share"
    first = s["cards"][s["zones"]["spoils:0"][-1]]
    choose(s, option_id("give_to", cid(s, "Kenji Hoshino")))
    choose(s, option_id("give_to", cid(s, "Kenji Hoshino")))
    choose(s, option_id("give_to", cid(s, "Reiko Sato")))
    assert sorted(names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}")) == ["Data Disk", "Golden Idol"]
    assert first in ("Golden Idol", "Data Disk")
    assert names_in(s, f"gear:{cid(s, 'Reiko Sato')}") == ["Kevlar Jacket"]


def test_AM_7_13_a_stopped_attempt_leaves_the_rest_and_a_later_one_needs_the_skills():
    s = scav({"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Tar Pit", "Rampaging Fan"], "it:1:0": ["Data Disk"]})
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("scavenge", reiko))
    choose(s, "stop")
    skip_to(s, "scavenge")  # the next turn
    assert public(s)["turns"] == [1] and option_id("scavenge", reiko) in opts(s)
    choose(s, option_id("scavenge", reiko))
    log = list(s["events"])
    while kind(s) == "flash":  # the window before the reveal (her hand holds cards now)
        choose(s, "pass")
        log += s["events"]
    revealed = [e["name"] for e in log if e["t"] == "revealed"]
    assert revealed == ["Rampaging Fan"]


def test_AM_7_14_progress_against_the_stack_is_kept():
    s = scav(
        {
            "pc:1:0": ["Reiko Sato"],
            "ds:1:0": ["Tar Pit", "Slime Blob"],
            "it:1:0": ["Data Disk"],
            "combat:0": ["Dodge Roll", "Tripped"] * 4,
        }
    )
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    choose(s, "reveal_next")
    choose(s, "run")
    assert zone_of(s, "Tar Pit") == "discard:0"  # discarded: stays gone
    assert where(s, "Slime Blob") == "Hot Springs Inn"  # survived: stays on the Field
    assert names_in(s, f"ds:{cid(s, 'Hot Springs Inn')}") == []


def test_AM_7_15_equipment_found_is_attached_and_nobody_takes_a_second_vehicle():
    s = scav(
        {
            "pc:0:1": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Scooter"],
            "eq:0:1": ["Hover Tank", "Plasma Sword"],
        }
    )
    choose(s, option_id("scavenge", cid(s, "Kenji Hoshino")))
    arcade = cid(s, "Shopping Arcade")
    assert names_in(s, f"gear:{cid(s, 'Kenji Hoshino')}") == ["Scooter", "Plasma Sword"]
    assert names_in(s, f"eq:{arcade}") == ["Hover Tank"]  # a second Vehicle stays under the Location
    # the Plasma Sword needs Brawling: on Tomo the Cook it would do nothing
    s = scav({"pc:0:1": ["Tomo the Cook"], "eq:0:1": ["Plasma Sword"]})
    choose(s, option_id("scavenge", cid(s, "Tomo the Cook")))
    from cardsmith.games.ani_mayhem.steps.flash import use_card

    tomo = cid(s, "Tomo the Cook")
    assert names_in(s, f"gear:{tomo}") == ["Plasma Sword"]
    use_card(s, cid(s, "Plasma Sword"), tomo, True)
    assert stats(s, "Tomo the Cook")["atk"] == 1  # requirements not met: no Attack bonus even when used
