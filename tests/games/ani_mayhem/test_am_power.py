"""Ani-Mayhem scenario tests, section 10: Power cards, costs, modifiers, Flash Effects and windows.

Cards: Battle Aura (Enhancement, pay 2 Energy: Attack +3, 1 per turn); Plasma Sword (Equipment, pay 1 Energy, needs
Brawling: Attack +2); Kevlar Jacket (Defense +2); Scooter (Vehicle, Movement 5); Hover Tank (Vehicle 6/5/3); Ninja
Hacking Course (needs Stealth, grants Hacking); Bad Hair Day (Charm -2); Team Spirit / Tailwind (Globals: Defense /
Movement +1 on the Field); Knockout Punch (Flash, pay 4: BONK); Dazzling Smile (Flash, Charm +3, 1 per turn).
"""

from __future__ import annotations

import dataclasses

import pytest
from tests.support.ani_mayhem_helpers import (
    board,
    cell,
    choose,
    choose_pair,
    cid,
    kind,
    names_in,
    offered,
    opts,
    pairs,
    public,
    refused_pair,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core import view
from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.ani_mayhem.board import bonk
from cardsmith.games.ani_mayhem.cards import parse_card_set
from cardsmith.games.ani_mayhem.rules import CARDS
from cardsmith.games.ani_mayhem.stats import add_mod

KEEP = {"it:2:0": ["Prototype Chip"]}
P2 = {"field:3:0": ["Temple Sanctuary@1"]}


def equip(zones: dict, players: int = 1) -> dict:
    """The start of P1's Equip phase, after the Flash window that opens it."""
    z = {**KEEP, **(P2 if players > 1 else {}), "draw:0": ["Weak Spot"]}
    z.update(zones)
    s = board(z, {"phase": "equip"}, players=players)
    skip_to(s, "equip")
    return s


def fight(zones: dict) -> dict:
    z = {**KEEP, "pc:-1:0": ["Unit Thirty-Three"], "dz:1:0": ["Slime Blob"]}
    z.update(zones)
    return board(z)


def test_AM_10_1_any_number_of_characters_into_the_haven():
    s = equip({"hand:0": ["Reiko Sato", "Kenji Hoshino", "Tomo the Cook"]})
    for name in ("Reiko Sato", "Kenji Hoshino", "Tomo the Cook"):
        choose(s, option_id("play_character", name, 0))
    assert names_in(s, f"pc:{cid(s, 'Cafe Hideout')}") == ["Reiko Sato", "Kenji Hoshino", "Tomo the Cook"]


def test_AM_10_2_one_enhancement_on_any_character_in_play():
    s = equip(
        {
            "hand:0": ["Bad Hair Day", "Bathhouse Pass"],
            "pc:-1:0": ["Reiko Sato"],
            "pc:1:0": ["Kenji Hoshino@1"],
        },
        players=2,
    )
    bad = "Bad Hair Day"
    assert {(bad, cid(s, "Reiko Sato")), (bad, cid(s, "Kenji Hoshino"))} <= pairs(s, "play_enhancement")
    choose_pair(s, "play_enhancement", bad, cid(s, "Kenji Hoshino"))  # on a rival's Character on the Field
    assert stats(s, "Kenji Hoshino")["cha"] == 0
    assert not offered(s, "play_enhancement")  # at most one per Equip phase


def test_AM_10_3_one_equipment_on_your_own_character_in_your_haven():
    s = equip(
        {"hand:0": ["Kevlar Jacket", "Hover Tank"], "pc:-1:0": ["Reiko Sato"], "pc:1:0": ["Kenji Hoshino"]}
    )
    kevlar = "Kevlar Jacket"
    assert (kevlar, cid(s, "Reiko Sato")) in pairs(s, "play_equipment")
    assert (kevlar, cid(s, "Kenji Hoshino")) not in pairs(s, "play_equipment")  # on the Field
    choose_pair(s, "play_equipment", kevlar, cid(s, "Reiko Sato"))
    assert not offered(s, "play_equipment")


def test_AM_10_4_one_global_effect():
    s = equip({"hand:0": ["Team Spirit", "Tailwind"], "pc:-1:0": ["Reiko Sato"]})
    choose(s, option_id("play_global", "Team Spirit"))
    assert names_in(s, "global:0") == ["Team Spirit"]
    assert not offered(s, "play_global")


def test_AM_10_5_required_skills_to_receive_a_card():
    s = equip(
        {
            "hand:0": ["Ninja Hacking Course", "Plasma Sword"],
            "pc:-1:0": ["Reiko Sato", "Tomo the Cook", "Kenji Hoshino"],
        }
    )
    nhc, sword = "Ninja Hacking Course", "Plasma Sword"
    assert pairs(s, "play_enhancement") == {(nhc, cid(s, "Reiko Sato"))}  # Stealth
    assert pairs(s, "play_equipment") == {(sword, cid(s, "Kenji Hoshino"))}  # Brawling
    refused_pair(s, "play_enhancement", nhc, cid(s, "Tomo the Cook"))


def test_AM_10_6_a_cost_is_paid_each_use_and_too_little_cannot_pay():
    s = fight(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Battle Aura", "Plasma Sword"],
            "combat:0": ["Dodge Roll"] * 4,
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    ids = opts(s)
    assert option_id("use", cid(s, "Plasma Sword")) in ids
    assert option_id("use", cid(s, "Battle Aura")) not in ids  # Kenji has 1 Energy, it costs 2


def test_AM_10_7_spent_energy_returns_after_the_round_or_the_turn():
    s = fight(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Plasma Sword"],
            "combat:0": ["Dodge Roll"] * 4,
        }
    )
    kenji = cid(s, "Kenji Hoshino")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert zone_of(s, "Plasma Sword") == f"gear:{kenji}"  # the use is for its bearer, Kenji
    choose(s, option_id("use", cid(s, "Plasma Sword")))
    assert stats(s, "Kenji Hoshino")["nrg"] == 1  # restored with the end of the round
    s = board({**KEEP, "pc:1:1": ["Doctor Vex"], "hand:0": ["Orbital Strike"]})
    choose_pair(s, "play_flash", "Orbital Strike", cid(s, "Doctor Vex"))
    assert stats(s, "Doctor Vex")["nrg"] == 1  # outside combat: spent until the end of the turn


def test_AM_10_8_a_costed_card_works_only_when_used():
    s = fight(
        {
            "pc:1:0": ["Aya Kisaragi"],
            "gear:0:Aya Kisaragi": ["Battle Aura"],
            "combat:0": ["Steady Stance", "Steady Stance"] * 2,
        }
    )
    aya = cid(s, "Aya Kisaragi")
    assert stats(s, "Aya Kisaragi")["atk"] == 2  # not used: no bonus
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert zone_of(s, "Battle Aura") == f"gear:{aya}"  # the use is for its bearer, Aya
    choose(s, option_id("use", cid(s, "Battle Aura")))
    # 2 + 3 + 1 against 4 + 2: no damage... but the use was counted and its Energy paid
    assert {"t": "use", "c": aya, "name": "Battle Aura"} in s["events"]
    assert stats(s, "Aya Kisaragi")["atk"] == 2  # the use lasted one round


def test_AM_10_9_use_limits_per_turn_and_per_game(monkeypatch):
    s = fight(
        {"pc:1:0": ["Aya Kisaragi"], "gear:0:Aya Kisaragi": ["Battle Aura"], "combat:0": ["Dodge Roll"] * 6}
    )
    aya, aura = cid(s, "Aya Kisaragi"), cid(s, "Battle Aura")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert zone_of(s, aura) == f"gear:{aya}"  # the use is for its bearer, Aya
    choose(s, option_id("use", aura))
    choose(s, "fight")
    assert kind(s) != "flash"  # 1 per turn: no second use in round 2 (Aya still has Energy 4)
    s = board({**KEEP, "pc:1:0": ["Reiko Sato"], "hand:0": ["Dazzling Smile", "Dazzling Smile"]})
    choose_pair(s, "play_flash", "Dazzling Smile", cid(s, "Reiko Sato"))
    assert opts(s) == ["pass"]  # the second copy may not be played this turn
    sword = CARDS.cards["Plasma Sword"]
    monkeypatch.setitem(CARDS.cards, "Plasma Sword", dataclasses.replace(sword, limit=(1, "game")))
    s = fight(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Plasma Sword"],
            "combat:0": ["Dodge Roll"] * 6,
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    choose(s, option_id("use", cid(s, "Plasma Sword")))
    assert zone_of(s, "Plasma Sword") == "discard:0"  # after its last use


def test_AM_10_10_signed_buttons_add_unsigned_ones_replace():
    s = board(
        {
            **KEEP,
            "pc:-1:0": ["Kenji Hoshino", "Reiko Sato"],
            "gear:0:Kenji Hoshino": ["Scooter"],
            "gear:0:Reiko Sato": ["Kevlar Jacket"],
        }
    )
    assert stats(s, "Kenji Hoshino")["mov"] == 5  # 2 replaced by 5
    assert stats(s, "Reiko Sato")["def"] == 5  # 3 + 2


def test_AM_10_11_printed_then_replacements_then_additions_never_below_zero():
    s = board(
        {
            **KEEP,
            "pc:1:0": ["Kenji Hoshino", "Unit Thirty-Three"],
            "gear:0:Kenji Hoshino": ["Scooter"],
            "global:0": ["Tailwind"],
            "gear:0:Unit Thirty-Three": ["Bad Hair Day"],
        }
    )
    assert stats(s, "Kenji Hoshino")["mov"] == 6  # replaced by 5, then +1
    assert stats(s, "Unit Thirty-Three")["cha"] == 0  # 0 - 2 is raised to 0
    kenji = cid(s, "Kenji Hoshino")
    add_mod(s, kenji, "mov", "=", 1, ["t", s["turn"]])  # a later replacement wins over the Scooter
    assert stats(s, "Kenji Hoshino")["mov"] == 2


def test_AM_10_12_an_enhancement_stays_until_its_character_leaves_play():
    s = board(
        {
            **KEEP,
            "pc:0:0": ["Reiko Sato"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "gear:0:Reiko Sato": ["Rift Compass"],
        },
        {"phase": "scavenge"},
    )
    choose(s, "end")
    skip_to(s, "scavenge")
    assert public(s)["turns"] == [1] and names_in(s, f"gear:{cid(s, 'Reiko Sato')}") == ["Rift Compass"]


def test_AM_10_13_AM_10_14_equipment_works_while_carried_and_stays_until_a_bonk():
    s = board(
        {
            **KEEP,
            "pc:1:0": ["Reiko Sato"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "gear:0:Reiko Sato": ["Kevlar Jacket"],
        },
        {"phase": "scavenge"},
    )
    assert stats(s, "Reiko Sato")["def"] == 5
    choose(s, "end")
    skip_to(s, "scavenge")
    assert stats(s, "Reiko Sato")["def"] == 5
    bonk(s, cid(s, "Reiko Sato"))
    assert zone_of(s, "Kevlar Jacket") == f"eq:{cid(s, 'Hot Springs Inn')}"


def test_AM_10_15_a_character_carries_at_most_one_vehicle():
    s = equip(
        {
            "hand:0": ["Hover Tank"],
            "pc:-1:0": ["Kenji Hoshino", "Reiko Sato"],
            "gear:0:Kenji Hoshino": ["Scooter"],
        }
    )
    tank = "Hover Tank"
    assert (tank, cid(s, "Reiko Sato")) in pairs(s, "play_equipment") and (
        tank,
        cid(s, "Kenji Hoshino"),
    ) not in pairs(s, "play_equipment")
    assert CARDS.cards["Scooter"].is_vehicle and not CARDS.cards["Kevlar Jacket"].is_vehicle


def test_AM_10_16_a_global_helps_all_its_owners_characters_on_the_field():
    s = board(
        {
            **KEEP,
            **P2,
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "global:0": ["Team Spirit"],
        },
        players=2,
    )
    assert stats(s, "Reiko Sato")["def"] == 4
    assert stats(s, "Kenji Hoshino")["def"] == 4  # not P1's Character: unchanged
    assert stats(s, "Unit Thirty-Three")["def"] == 5  # in the Haven: unchanged


def test_AM_10_17_no_flash_in_your_own_reload_but_others_may():
    s = board(
        {
            **KEEP,
            **P2,
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"],
            "hand:0": ["Dazzling Smile"],
            "hand:1": ["Dazzling Smile"],
        },
        {"phase": "reload"},
        players=2,
    )
    assert kind(s) == "flash" and s["pending"]["seat"] == 1  # P1, in its own Reload, was skipped
    assert public(s)["phase"] == "reload"


def test_AM_10_18_flash_effects_target_characters_or_disasters_on_the_field():
    s = board(
        {
            **KEEP,
            "pc:1:0": ["Reiko Sato"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "dz:2:1": ["Slime Blob"],
            "hand:0": ["Dazzling Smile", "Wrong Way Sign"],
        }
    )
    targets = {(name, s["cards"][t]) for name, t in pairs(s, "play_flash")}
    assert targets == {("Dazzling Smile", "Reiko Sato"), ("Wrong Way Sign", "Slime Blob")}


def test_AM_10_19_a_costed_flash_needs_a_paying_character_on_the_targets_location():
    zones = {**KEEP, **P2, "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"], "hand:0": ["Knockout Punch"]}
    s = board(zones, players=2)
    assert opts(s) == ["pass"]  # Reiko has 2 Energy: nobody can pay 4
    s = board({**zones, "pc:1:0": ["Professor Oda", "Kenji Hoshino@1"]}, players=2)
    choose_pair(s, "play_flash", "Knockout Punch", cid(s, "Kenji Hoshino"))
    assert zone_of(s, "Kenji Hoshino") == "bonked:1" and stats(s, "Professor Oda")["nrg"] == 1


def test_AM_10_20_windows_open_at_the_listed_moments():
    s = board(
        {
            **KEEP,
            "pc:1:0": ["Reiko Sato"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "hand:0": ["Dazzling Smile"],
            "dz:0:0": ["Slime Blob", "Runaway Mecha"],
            "ds:1:0": ["Tar Pit"],
            "it:1:0": ["Data Disk"],
        },
        {"phase": "maintenance"},
    )
    seen = []

    def window(expect_phase: str) -> None:
        assert kind(s) == "flash" and public(s)["phase"] == expect_phase, (kind(s), public(s)["phase"])
        seen.append(expect_phase)
        choose(s, "pass")

    window("maintenance")  # the start of the phase
    window("maintenance")  # after the first Disaster's move
    window("maintenance")  # after the second one's
    window("equip")  # the start of a phase
    assert opts(s) == ["end"]  # the Equip phase asks too (the hand is secret), with nothing to play
    choose(s, "end")
    window("move")
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, "stop")
    window("move")  # after a movement action
    choose(s, "end")
    window("scavenge")  # the start of the Scavenge phase
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    window("scavenge")  # before the reveal (the Tar Pit acts on Reiko and is discarded)
    window("scavenge")  # the stack is empty now: before the Items are taken
    assert names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}") == ["Data Disk"]
    assert len(seen) == 9


def test_AM_10_21_players_act_in_seat_order_until_all_pass_in_a_row():
    s = board(
        {
            **KEEP,
            **P2,
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"],
            "hand:0": ["Dazzling Smile"],
            "hand:1": ["Dazzling Smile"],
        },
        players=2,
    )
    assert s["pending"]["seat"] == 0
    choose(s, "pass")
    assert s["pending"]["seat"] == 1
    choose_pair(s, "play_flash", "Dazzling Smile", cid(s, "Kenji Hoshino"))
    assert s["pending"]["seat"] == 0  # a play re-opens the round of passes
    choose(s, "pass")
    assert kind(s) == "move"  # P2 has nothing left: the window closed


def test_AM_10_21_a_hidden_hand_is_asked_even_with_nothing_to_play():
    # P1 holds no Flash Effect, P2 holds nothing at all. P1 is still asked (its hand is secret), P2 is not.
    s = board({**KEEP, **P2, "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"], "hand:0": ["Scooter"]}, players=2)
    assert kind(s) == "flash" and s["pending"]["seat"] == 0 and opts(s) == ["pass"]
    choose(s, "pass")
    assert kind(s) == "move"  # P2's empty hand is public: it is passed for


def test_AM_10_21_a_fighter_with_a_costed_card_is_asked_even_when_it_cannot_pay():
    # Kenji (Energy 1) bears Battle Aura (pay 2 Energy). His player holds no cards, yet is asked in the window of
    # the round, with "Pass" alone: whether he could pay turns on his current Energy, which counts Items only his
    # player knows (AM-1.26, AM-10.23), so a question skipped could give them away. Whatever he carries, the other
    # seat sees the same.
    def fought(item: str) -> dict:
        s = board(
            {
                **KEEP,
                **P2,
                "pc:1:0": ["Kenji Hoshino"],
                "gear:0:Kenji Hoshino": ["Battle Aura"],
                "bag:0:Kenji Hoshino": [item],
                "dz:1:0": ["Slime Blob"],
                "combat:0": ["Steady Stance"] * 4,
            },
            players=2,
        )
        choose(s, option_id("attack", cid(s, "Slime Blob")))
        choose(s, "fight")
        return s

    disk, glove = fought("Data Disk"), fought("Power Glove")
    for s in (disk, glove):
        assert kind(s) == "flash" and s["pending"]["seat"] == 0 and opts(s) == ["pass"]
        assert stats(s, "Kenji Hoshino")["nrg"] == 1
    assert view(disk, 1)["pending"] == view(glove, 1)["pending"]
    choose(disk, "pass")
    choose(glove, "pass")
    assert kind(disk) == kind(glove) == "run_or_fight"  # the next round: the window closed after one pass
    # With the Energy to pay, the same question offers the use (AM-8.12)
    s = board(
        {
            **KEEP,
            "pc:1:0": ["Reiko Sato"],
            "gear:0:Reiko Sato": ["Battle Aura"],
            "dz:1:0": ["Slime Blob"],
            "combat:0": ["Steady Stance"] * 4,
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert opts(s) == [option_id("use", cid(s, "Battle Aura")), "pass"]


def test_AM_10_22_a_flash_works_at_once_and_is_discarded():
    s = board(
        {**KEEP, "pc:1:0": ["Reiko Sato"], "pc:-1:0": ["Unit Thirty-Three"], "hand:0": ["Dazzling Smile"]}
    )
    choose_pair(s, "play_flash", "Dazzling Smile", cid(s, "Reiko Sato"))
    assert stats(s, "Reiko Sato")["cha"] == 6 and zone_of(s, "Dazzling Smile") == "discard:0"
    s = fight({"pc:1:0": ["Reiko Sato"], "hand:0": ["Dazzling Smile"], "combat:0": ["Dodge Roll"] * 4})
    skip_to(s, "move")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    choose_pair(s, "play_flash", "Dazzling Smile", cid(s, "Reiko Sato"))
    assert stats(s, "Reiko Sato")["cha"] == 3  # played in combat: it lasted only that round


def test_AM_10_23_item_buttons_apply_to_the_carrier_and_items_have_no_cost():
    s = board({**KEEP, "pc:-1:0": ["Kenji Hoshino"], "bag:0:Kenji Hoshino": ["Running Shoes", "Power Glove"]})
    assert stats(s, "Kenji Hoshino")["mov"] == 3 and stats(s, "Kenji Hoshino")["atk"] == 5
    with pytest.raises(CardDataError, match="unknown key 'cost'"):
        data = __import__("tomllib").loads(
            __import__("importlib")
            .resources.files("cardsmith.games.ani_mayhem")
            .joinpath("cards.toml")
            .read_text()
        )
        data["card"].append({"name": "X", "type": "item", "categories": ["Junk"], "cost": "nrg 1"})
        parse_card_set(data, check_decks=False)


def test_AM_10_24_a_havens_text_applies_to_its_owners_characters():
    s = board(
        {
            **KEEP,
            "field:-1:0": ["Temple Sanctuary@0"],
            "pc:2:1": ["Kenji Hoshino"],
            "pc:-1:0": ["Unit Thirty-Three"],
        },
        {"phase": "scavenge"},
    )
    assert "Medicine" in public(s)["chars"][str(cid(s, "Kenji Hoshino"))]["skills"]
    assert option_id("scavenge", cid(s, "Kenji Hoshino")) in opts(s)  # the Hospital Ward needs Medicine


def test_AM_10_25_extra_havens_only_with_the_option():
    s = equip({"hand:0": ["Temple Sanctuary"], "pc:-1:0": ["Reiko Sato"]})
    assert not offered(s, "play_haven")
    s = board(
        {**KEEP, "draw:0": ["Weak Spot"], "hand:0": ["Temple Sanctuary"], "pc:-1:0": ["Reiko Sato"]},
        {"phase": "equip"},
        options={"extra_havens": True},
    )
    skip_to(s, "equip")
    choose(s, option_id("play_haven", "Temple Sanctuary"))
    assert kind(s) == "place_haven"
    choose(s, opts(s)[0])
    assert cell(s, cid(s, "Temple Sanctuary"))["seat"] == 0


def _round_one(zones: dict) -> dict:
    """P1's Kenji attacks the Slime Blob at the Hot Springs Inn and fights round 1, up to its Flash window."""
    s = board({**KEEP, **P2, "pc:-1:0": ["Unit Thirty-Three"], "dz:1:0": ["Slime Blob"], **zones}, players=2)
    skip_to(s, "move")  # everyone passes in the window that opens the phase
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert kind(s) == "flash" and public(s)["combat"] is not None
    return s


def test_AM_10_17_a_flash_effect_that_bonks_is_played_inside_a_fight():
    # P2's Professor Oda (Energy 5) stands at the fight's Location, out of it (AM-8.3), and P2 holds Knockout Punch:
    # in the round's window P2 may bonk Kenji. Kenji's Item drops there during the fight, so the Slime, which
    # survives carrying nothing, takes it (AM-8.26); with its target gone the round deals no damage.
    s = _round_one(
        {
            "pc:1:0": ["Kenji Hoshino", "Professor Oda@1"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
            "hand:1": ["Knockout Punch"],
            "combat:0": ["Power Up"] * 4,
        }
    )
    assert s["pending"]["seat"] == 1
    assert ("Knockout Punch", cid(s, "Kenji Hoshino")) in pairs(s, "play_flash")
    choose_pair(s, "play_flash", "Knockout Punch", cid(s, "Kenji Hoshino"))
    assert zone_of(s, "Kenji Hoshino") == "bonked:0" and public(s)["combat"] is None
    slime = cid(s, "Slime Blob")
    assert names_in(s, f"loot:{slime}") == ["Data Disk"]
    assert not [e for e in s["events"] if e["t"] == "round" and (e["to_d"] or e["to_c"])]
    assert names_in(s, "cdisc:0") == ["Power Up", "Power Up"]  # the round's cards went to the Combat discard


def test_AM_10_20_a_flash_effect_that_steals_is_played_in_a_fights_window():
    # The Slime carries a Photo Album. P2's Neko-chan, carrying nothing, steals it with Pickpocket in the window of
    # P1's fight and makes her free move (AM-6.19); the fight goes on.
    s = _round_one(
        {
            "pc:1:0": ["Kenji Hoshino", "Neko-chan@1"],
            "loot:1:0:Slime Blob": ["Photo Album"],
            "hand:1": ["Pickpocket"],
            "combat:0": ["Dodge Roll"] * 4,
        }
    )
    slime = cid(s, "Slime Blob")
    choose_pair(s, "play_flash", "Pickpocket", slime)
    assert (
        names_in(s, f"bag:1:{cid(s, 'Neko-chan')}") == ["Photo Album"] and names_in(s, f"loot:{slime}") == []
    )
    assert kind(s) == "step" and s["pending"]["seat"] == 1  # the free move after a steal
    choose(s, option_id("step_to", cid(s, "Space Port")))
    choose(s, "stop")
    skip_to(s, "run_or_fight")
    assert public(s)["combat"]["round"] == 1 and where(s, "Neko-chan") == "Space Port"


def test_AM_10_21_a_flash_effect_that_moves_the_disaster_ends_the_fight():
    # In his own fight's window P1 plays Wrong Way Sign on the Slime: it moves on along the path, so the fight is
    # over before damage (AM-11.7).
    s = _round_one({"pc:1:0": ["Kenji Hoshino"], "hand:0": ["Wrong Way Sign"], "combat:0": ["Power Up"] * 4})
    slime = cid(s, "Slime Blob")
    choose_pair(s, "play_flash", "Wrong Way Sign", slime)
    choose(s, option_id("steps", 1))
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Haunted Shrine" and public(s)["combat"] is None
    assert not [e for e in s["events"] if e["t"] == "round"]
    assert names_in(s, "cdisc:0") == ["Power Up", "Power Up"]


def test_AM_10_17_a_flash_effect_that_destroys_is_played_in_a_fight_which_goes_on():
    # Doctor Vex (Hacking, Energy 4) fights the Slime Blob on the Haunted Shrine and, in the round's window, destroys
    # it with Orbital Strike: the Location is turned face down, its Item destroyed, and the fight goes on there
    # (AM-4.11); the Energy he paid in the round comes back at its end (AM-10.7).
    s = board(
        {
            **KEEP,
            "pc:-1:0": ["Unit Thirty-Three"],
            "pc:1:1": ["Doctor Vex"],
            "dz:1:1": ["Slime Blob"],
            "it:1:1": ["Data Disk"],
            "hand:0": ["Orbital Strike"],
            "combat:0": ["Steady Stance"] * 4,
        }
    )
    skip_to(s, "move")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    vex, shrine = cid(s, "Doctor Vex"), cid(s, "Haunted Shrine")
    choose_pair(s, "play_flash", "Orbital Strike", vex)
    skip_to(s, "run_or_fight")
    assert cell(s, shrine)["dead"] and names_in(s, f"it:{shrine}") == []
    assert public(s)["combat"]["round"] == 1 and stats(s, "Doctor Vex")["nrg"] == 4
