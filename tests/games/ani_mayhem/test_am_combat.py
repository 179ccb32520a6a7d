"""Ani-Mayhem scenario tests, section 8: Physical Combat against Disasters, Vehicles and duels.

Characters (Atk/Def): Kenji Hoshino 4/4, Reiko Sato 3/3, Tomo the Cook 1/1, Goro Tanks 4/3, Hikari Blaze 3/3,
Neko-chan 2/2, Biff the Brawler 5/3. Disasters (Atk/Def): Slime Blob 2/4 (Minor), Runaway Mecha 3/3 (Minor), Rogue
Tank 3/4 (Major), Giant Kaiju 6/6 (Major), Cowardly Ninja 3/2 (Minor, runs away when hurt). Combat cards (charm /
attack / defense): Tripped +1/-2/-2, Power Up +1/+4/+1, Dodge Roll +1/0/+3, Steady Stance 0/+1/+2, Iron Will
+2/0/+4, Butterfingers 0/-2/0, Wild Swing -1/+3/-1, Blush -1/+1/0, Fumble -1/-1/+1.
The combat pile is listed top first: the first card is drawn for the target, the second for the Disaster.
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
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.rules import PRINTED
from cardsmith.games.ani_mayhem.stats import health

KEEP = {"pc:-1:0": ["Unit Thirty-Three"], "it:2:0": ["Prototype Chip"]}
P2 = {"field:3:0": ["Temple Sanctuary@1"]}


def fight(zones: dict, setup: dict | None = None, players: int = 1, seed: int = 0) -> dict:
    z = dict(KEEP)
    if players > 1:
        z.update(P2)
    z.update(zones)
    return board(z, setup, players=players, seed=seed)


def cmb(s: dict) -> dict:
    """The combat in progress, as every player sees it."""
    seen = combat(s)
    assert seen is not None, "no combat"
    return seen


def test_AM_8_1_four_ways_a_physical_combat_starts():
    # arrival at Item carriers (AM-5.14)
    s = fight(
        {"dz:2:0": ["Slime Blob"], "pc:2:1": ["Reiko Sato"], "bag:0:Reiko Sato": ["Data Disk"]},
        {"phase": "maintenance"},
    )
    assert cmb(s)["cause"] == "arrive"
    # Item carriers walking in (AM-6.13)
    s = fight({"dz:1:0": ["Slime Blob"], "pc:0:0": ["Reiko Sato"], "bag:0:Reiko Sato": ["Data Disk"]})
    choose(s, option_id("move", cid(s, "Reiko Sato")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert cmb(s)["cause"] == "enter"
    # attacking it in the Move phase (AM-6.15)
    s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": ["Reiko Sato"]})
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    assert cmb(s)["cause"] == "move"
    # revealed in a Scavenge (AM-7.6)
    s = fight({"ds:1:0": ["Slime Blob"], "pc:1:0": ["Reiko Sato"]}, {"phase": "scavenge"})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert cmb(s)["cause"] == "scav"


def test_AM_8_2_the_engaged_player_chooses_and_draws_every_card():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino@1"],
            "combat:1": ["Steady Stance", "Dodge Roll"],
            "combat:0": ["Power Up", "Power Up"],
            "pc:3:0": ["Goro Tanks@1"],
        },
        {"active": 1},
        players=2,
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    assert s["pending"]["seat"] == 1
    choose(s, "fight")
    # Kenji 4 + 1 (Steady Stance) against Slime 4 + 3 (Dodge Roll): nothing. Both cards came from P2's pile.
    assert sorted(names_in(s, "cdisc:1")) == ["Dodge Roll", "Steady Stance"] and names_in(s, "cdisc:0") == []
    assert cmb(s)["damage"] == {}


def test_AM_8_3_only_the_engaged_players_characters_on_the_location_fight():
    s = fight(
        {"dz:1:0": ["Slime Blob"], "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"], "pc:0:0": ["Hikari Blaze"]},
        players=2,
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    assert cmb(s)["chars"] == [cid(s, "Reiko Sato")]


def test_AM_8_4_rounds_go_on_until_the_fight_is_decided():
    # Slime (4 + 3) and Kenji (4 + 3) cannot hurt each other: round after round, with no limit on their number,
    # until a side runs away (AM-8.6, AM-8.21).
    s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Dodge Roll"] * 80})
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    for r in range(1, 40):
        choose(s, "fight")
        assert cmb(s)["round"] == r and kind(s) == "run_or_fight"
    choose(s, "run")
    assert combat(s) is None and kind(s) == "move" and where(s, "Slime Blob") == "Hot Springs Inn"


def test_AM_8_4_a_duel_has_no_limit_on_its_rounds_either():
    # Kenji 4/4 and Goro 4/3 against Dodge Rolls (+3 Defense): neither hurts the other, round after round.
    s = fight(
        {
            "pc:1:0": ["Kenji Hoshino", "Goro Tanks@1"],
            "combat:0": ["Dodge Roll"] * 40,
            "combat:1": ["Iron Will"] * 40,
        },
        players=2,
    )
    choose(s, option_id("duel", cid(s, "Kenji Hoshino")))
    choose(s, option_id("target", cid(s, "Goro Tanks")))
    for r in range(1, 20):
        choose(s, "fight")
        choose(s, "fight")
        assert cmb(s)["round"] == r and kind(s) == "run_or_fight"
    choose(s, "run")  # the challenger runs: the defender makes the last attack, and the duel is over
    assert combat(s) is None and kind(s) == "move"


def test_AM_8_5_a_disaster_with_charm_opens_with_a_charm_round():
    s = fight(
        {"dz:1:0": ["Siren Idol"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Heroic Pose", "Tripped"] * 2}
    )
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    contest = [e for e in s["events"] if e["t"] == "contest"]
    assert len(contest) == 1 and contest[0]["won"]  # 1 + 4 > 3 + 1
    assert kind(s) == "charm_action"  # AM-9.18: the beaten Minor must do what Kenji's player says
    choose(s, "no_attack")
    assert cmb(s)["round"] == 1 and cmb(s)["damage"] == {}  # no physical damage in the charm round


def test_AM_8_6_each_physical_round_begins_with_a_chance_to_run():
    s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino"]})
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    assert kind(s) == "run_or_fight" and opts(s) == ["fight", "run"]


def test_AM_8_7_the_disaster_targets_a_random_item_carrier_else_anyone():
    zones = {
        "dz:1:0": ["Slime Blob"],
        "pc:1:0": ["Kenji Hoshino", "Reiko Sato"],
        "bag:0:Reiko Sato": ["Data Disk"],
    }
    for seed in range(6):
        s = fight(zones, seed=seed)
        choose(s, option_id("attack", cid(s, "Slime Blob")))
        choose(s, "fight")
        assert cmb(s)["target"] == cid(s, "Reiko Sato")
    targets = set()
    for seed in range(10):
        s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino", "Reiko Sato"]}, seed=seed)
        choose(s, option_id("attack", cid(s, "Slime Blob")))
        choose(s, "fight")
        targets.add(s["cards"][cmb(s)["target"]])
    assert targets == {"Kenji Hoshino", "Reiko Sato"}


def test_AM_8_8_the_target_attacks_with_at_most_three_or_four():
    five = ["Kenji Hoshino", "Reiko Sato", "Hikari Blaze", "Neko-chan", "Goro Tanks"]
    s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": five, "bag:0:Kenji Hoshino": ["Data Disk"]})
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert kind(s) == "attackers" and cmb(s)["attackers"] == [cid(s, "Kenji Hoshino")]
    choose(s, option_id("join", cid(s, "Reiko Sato")))
    choose(s, option_id("join", cid(s, "Goro Tanks")))
    assert kind(s) != "attackers"  # three against a Minor: 4 + 3 + 4 against Defense 4
    assert [e["to_d"] for e in s["events"] if e["t"] == "round"] == [7]
    s = fight({"dz:1:0": ["Rogue Tank"], "pc:1:0": five, "bag:0:Kenji Hoshino": ["Data Disk"]})
    choose(s, option_id("attack", cid(s, "Rogue Tank")))
    choose(s, "fight")
    for name in ("Reiko Sato", "Goro Tanks"):
        choose(s, option_id("join", cid(s, name)))
    assert kind(s) == "attackers"
    choose(s, option_id("join", cid(s, "Neko-chan")))
    assert kind(s) != "attackers"  # four against a Major: 4 + 3 + 4 + 2 against Defense 4
    assert [e["to_d"] for e in s["events"] if e["t"] == "round"] == [9]


def test_AM_8_9_a_barred_character_may_not_attack_unless_targeted():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino", "Reiko Sato"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
        },
        {"barred": {"Slime Blob": ["Reiko Sato"]}},
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert kind(s) != "attackers"  # Reiko may not be added
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino", "Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
        },
        {"barred": {"Slime Blob": ["Reiko Sato"]}},
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert cmb(s)["attackers"] == [cid(s, "Reiko Sato")]  # the target attacks; being targeted lifts the bar
    assert public(s)["disasters"][str(cid(s, "Slime Blob"))]["barred"] == []


def test_AM_8_10_one_card_for_the_target_then_one_for_the_disaster():
    s = fight(
        {"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Power Up", "Butterfingers"]}
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")  # Kenji 4 + 4 against Slime 4 + 0: 4 damage, defeated; Slime 2 - 2 against 4 + 1: none
    assert zone_of(s, "Slime Blob") == "discard:0"


def test_AM_8_11_an_empty_combat_pile_is_refilled_from_its_discard_or_counts_zero():
    s = fight(
        {"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino"], "combat:0": None, "cdisc:0": ["Power Up"]}
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    # Power Up was reshuffled in and drawn for Kenji; nothing was left for the Slime (+0): 8 - 4 = 4, defeated
    assert zone_of(s, "Slime Blob") == "discard:0" and names_in(s, "cdisc:0") == ["Power Up"]
    s = fight({"dz:1:0": ["Slime Blob"], "pc:1:0": ["Kenji Hoshino"], "combat:0": None})
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert cmb(s)["damage"] == {}  # 4 + 0 against 4 + 0


def test_AM_8_12_a_flash_window_before_damage_with_costed_cards():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Plasma Sword"],
            "combat:0": ["Steady Stance", "Steady Stance"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    assert kind(s) == "flash" and opts(s) == [
        option_id("use", cid(s, "Plasma Sword")),
        "pass",
    ]
    choose(s, opts(s)[0])  # Attack 4 + 2 + 1 against 4 + 2: 1 damage
    assert cmb(s)["damage"] == {str(cid(s, "Slime Blob")): 1}


def test_AM_8_13_AM_8_14_AM_8_15_simultaneous_damage_sums_and_never_heals():
    s = fight(
        {
            "dz:1:0": ["Runaway Mecha"],
            "pc:1:0": ["Kenji Hoshino", "Tomo the Cook"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
            "combat:0": ["Blush", "Fumble"],
        }
    )
    mecha = cid(s, "Runaway Mecha")
    choose(s, option_id("attack", mecha))
    choose(s, "fight")
    assert cmb(s)["target"] == cid(s, "Kenji Hoshino")  # the Item carrier
    choose(s, option_id("join", cid(s, "Tomo the Cook")))
    # attack 4 + 1 + 1 (Blush on the target's card) = 6 against 3 + 1 = 4: 2 damage (AM-8.13);
    # the Mecha 3 - 1 = 2 against Kenji 4 + 0: no damage, not -2 (AM-8.14, AM-8.15)
    assert cmb(s)["damage"] == {str(mecha): 2}


def test_AM_8_16_damage_adds_up_over_the_rounds_and_clears_at_the_end():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino"],
            "combat:0": ["Steady Stance", "Butterfingers"] * 2 + ["Dodge Roll"] * 6,
        }
    )
    slime = cid(s, "Slime Blob")
    choose(s, option_id("attack", slime))
    choose(s, "fight")
    assert cmb(s)["damage"] == {str(slime): 1}
    choose(s, "fight")
    assert cmb(s)["damage"] == {str(slime): 2}
    choose(s, "run")
    assert kind(s) == "move" and combat(s) is None
    assert where(s, "Slime Blob") == "Hot Springs Inn"  # healed, still there


def test_AM_8_17_bonked_at_health_killed_at_twice_health():
    s = fight(
        {"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Reiko Sato"], "combat:0": ["Tripped", "Steady Stance"]}
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 3 + 1 - (3 - 2) = 3 = Health: bonked
    assert zone_of(s, "Reiko Sato") == "bonked:0"
    s = fight({"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Reiko Sato"], "combat:0": ["Tripped", "Power Up"]})
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 3 + 4 - 1 = 6 = twice Health: killed
    assert zone_of(s, "Reiko Sato") == "discard:0"


def test_AM_8_18_a_disaster_is_defeated_at_its_health():
    s = fight(
        {"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Tripped", "Butterfingers"]}
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 4 - 2 against 3 + 0: none
    assert where(s, "Runaway Mecha") == "Hot Springs Inn"
    s = fight(
        {"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Steady Stance", "Fumble"]}
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 4 + 1 against 3 + 1: 1; a second round is needed
    assert cmb(s)["damage"] == {str(cid(s, "Runaway Mecha")): 1}
    s = fight(
        {
            "dz:1:0": ["Runaway Mecha"],
            "pc:1:0": ["Kenji Hoshino"],
            "combat:0": ["Wild Swing", "Butterfingers"],
        }
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 4 + 3 against 3: 4 >= Health 3
    assert zone_of(s, "Runaway Mecha") == "discard:0"


def test_AM_8_19_health_zero_or_less_counts_as_one(monkeypatch):
    s = fight({"pc:1:0": ["Tomo the Cook"]})
    assert health(s, cid(s, "Tomo the Cook")) == 1
    monkeypatch.setitem(PRINTED, "Tomo the Cook", {**PRINTED["Tomo the Cook"], "def": 0})
    assert health(s, cid(s, "Tomo the Cook")) == 1


def test_AM_8_20_end_of_round_restores_energy_and_discards_the_cards():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Plasma Sword"],
            "combat:0": ["Dodge Roll", "Dodge Roll", "Dodge Roll", "Dodge Roll"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    choose(s, option_id("use", cid(s, "Plasma Sword")))
    assert kind(s) == "run_or_fight"
    assert stats(s, "Kenji Hoshino")["nrg"] == 1  # the Energy spent in the round is back
    assert names_in(s, "cdisc:0") == ["Dodge Roll", "Dodge Roll"] and names_in(s, "ctable") == []


def test_AM_8_21_running_away_costs_one_last_attack():
    s = fight({"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Reiko Sato"], "combat:0": ["Tripped", "Blush"]})
    mecha, reiko = cid(s, "Runaway Mecha"), cid(s, "Reiko Sato")
    choose(s, option_id("attack", mecha))
    choose(s, "run")  # the Mecha: 3 + 1 - (3 - 2) = 3: Reiko is bonked; she deals nothing
    assert zone_of(s, reiko) == "bonked:0" and kind(s) == "move"
    s = fight(
        {"dz:1:0": ["Runaway Mecha"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Power Up", "Butterfingers"]}
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "run")  # Kenji's Power Up would have defeated it, but a runner deals no damage
    assert where(s, "Runaway Mecha") == "Hot Springs Inn" and where(s, "Kenji Hoshino") == "Hot Springs Inn"


def test_AM_8_22_no_new_fight_between_them_after_running_away():
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino"],
            "pc:0:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "combat:0": ["Dodge Roll"] * 6,
        }
    )
    slime = cid(s, "Slime Blob")
    choose(s, option_id("attack", slime))
    choose(s, "run")
    assert option_id("attack", slime) not in opts(s)
    # Reiko (who did not run) walks in carrying an Item and must fight; Kenji stays out of reach for this phase
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("move", reiko))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert kind(s) == "run_or_fight" and combat(s)["disaster"] == slime
    assert combat(s)["chars"] == [reiko] and where(s, "Kenji Hoshino") == "Hot Springs Inn"


def test_AM_8_23_a_disaster_that_runs_away_escapes_without_a_last_attack():
    s = fight({"dz:1:0": ["Cowardly Ninja"], "pc:1:0": ["Reiko Sato"], "combat:0": ["Blush", "Fumble"]})
    choose(s, option_id("attack", cid(s, "Cowardly Ninja")))
    choose(s, "fight")  # 3 + 1 against 2 + 1: 1 damage, so it runs at the end of the round
    assert where(s, "Cowardly Ninja") == "Police Station"  # escape move of 2
    assert kind(s) == "move" and any(e["t"] == "escape" for e in s["events"])


def test_AM_8_24_everyone_left_is_healed_at_the_end():
    s = fight(
        {
            "dz:1:0": ["Runaway Mecha"],
            "pc:1:0": ["Kenji Hoshino"],
            "combat:0": ["Tripped", "Blush", "Dodge Roll", "Dodge Roll"],
        }
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # the Mecha deals 3 + 1 - 2 = 2 to Kenji
    assert cmb(s)["damage"] == {str(cid(s, "Kenji Hoshino")): 2}
    choose(s, "run")
    assert combat(s) is None
    assert where(s, "Kenji Hoshino") == "Hot Springs Inn"


def test_AM_8_25_the_item_of_a_defeated_disaster_goes_to_a_survivor():
    zones = {
        "dz:1:0": ["Runaway Mecha"],
        "loot:1:0:Runaway Mecha": ["Data Disk"],
        "pc:1:0": ["Kenji Hoshino", "Goro Tanks"],
        "combat:0": ["Power Up", "Butterfingers"],
    }
    s = fight(zones)
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")
    choose(s, "done") if kind(s) == "attackers" else None
    assert kind(s) == "give_item"
    choose(s, option_id("give_to", cid(s, "Goro Tanks")))
    assert names_in(s, f"bag:0:{cid(s, 'Goro Tanks')}") == ["Data Disk"]
    # nobody survives: the Item goes into the Location's pile
    s = fight(
        {
            "dz:1:0": ["Runaway Mecha"],
            "loot:1:0:Runaway Mecha": ["Data Disk"],
            "pc:1:0": ["Tomo the Cook"],
            "combat:0": ["Power Up", "Power Up"],
        }
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # Tomo 1 + 4 against 3 + 1: 1; the Mecha 7 against 1 + 1: Tomo is killed
    assert zone_of(s, "Tomo the Cook") == "discard:0"
    assert zone_of(s, "Data Disk") == f"loot:{cid(s, 'Runaway Mecha')}"  # it survived and grabbed it back
    s = fight(
        {
            "dz:1:0": ["Slime Blob"],
            "loot:1:0:Slime Blob": ["Data Disk"],
            "pc:1:0": ["Biff the Brawler"],
            "combat:0": ["Power Up", "Tripped"],
        }
    )
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")  # Biff 5 + 4 against 4 - 2: defeated; the Slime 2 - 2 against 3 + 1: Biff lives
    assert names_in(s, f"bag:0:{cid(s, 'Biff the Brawler')}") == ["Data Disk"]


def test_AM_8_26_a_surviving_empty_handed_disaster_grabs_an_item_dropped_in_the_fight():
    s = fight(
        {
            "dz:1:0": ["Runaway Mecha"],
            "pc:1:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "it:1:0": ["Secret Recipe"],
            "combat:0": ["Tripped", "Steady Stance"],
        }
    )
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(
        s, "fight"
    )  # Reiko bonked, drops the Photo Album; the Mecha takes it, not the Recipe that lay there
    assert names_in(s, f"loot:{cid(s, 'Runaway Mecha')}") == ["Photo Album"]
    assert names_in(s, f"it:{cid(s, 'Hot Springs Inn')}") == ["Secret Recipe"]


def test_AM_8_27_a_disaster_that_fought_moves_no_further_this_phase():
    s = fight(
        {
            "dz:2:0": ["Runaway Mecha"],
            "pc:2:1": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "combat:0": ["Dodge Roll"] * 4,
        },
        {"phase": "maintenance"},
    )
    choose(s, "run")
    skip_to(s, "move")
    assert where(s, "Runaway Mecha") == "Hospital Ward"  # Movement 3, but it stopped to fight


def test_AM_8_28_several_disasters_fight_one_after_another_in_arrival_order():
    s = fight(
        {
            "dz:1:0": ["Slime Blob", "Runaway Mecha"],
            "pc:0:0": ["Kenji Hoshino"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
            "combat:0": ["Dodge Roll"] * 8,
        },
        {"stamps": {"Slime Blob": 5, "Runaway Mecha": 2}},
    )
    choose(s, option_id("move", cid(s, "Kenji Hoshino")))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    assert cmb(s)["disaster"] == cid(s, "Runaway Mecha")  # it arrived there first
    choose(s, "run")
    assert cmb(s)["disaster"] == cid(s, "Slime Blob")


def test_AM_8_29_AM_8_30_a_vehicle_with_attack_and_defense_may_fight_alone():
    s = fight(
        {
            "dz:1:0": ["Giant Kaiju"],
            "pc:1:0": ["Kenji Hoshino", "Goro Tanks"],
            "gear:0:Kenji Hoshino": ["Hover Tank"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
            "combat:0": ["Steady Stance", "Butterfingers"],
        }
    )
    choose(s, option_id("attack", cid(s, "Giant Kaiju")))
    choose(s, "fight")
    assert "vehicle_fights" in opts(s)
    choose(s, "vehicle_fights")
    # the Hover Tank fights: Attack 6 + 1 against 6 + 0: 1; the Kaiju 6 - 2 against Defense 5 + 2: nothing
    assert cmb(s)["attackers"] == [cid(s, "Kenji Hoshino")]
    assert cmb(s)["damage"] == {str(cid(s, "Giant Kaiju")): 1}
    s = fight(
        {
            "dz:1:0": ["Giant Kaiju"],
            "pc:1:0": ["Kenji Hoshino", "Goro Tanks"],
            "gear:0:Kenji Hoshino": ["Scooter"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
        }
    )
    choose(s, option_id("attack", cid(s, "Giant Kaiju")))
    choose(s, "fight")
    assert "vehicle_fights" not in opts(s)  # a Scooter has no Attack and Defense
    refused(s, "vehicle_fights")


def duel_board(zones: dict, setup: dict | None = None, **kw) -> dict:
    base = {"pc:1:0": ["Kenji Hoshino", "Reiko Sato@1"], "pc:3:0": ["Goro Tanks@1"]}
    base.update(zones)
    return fight(base, setup, players=2, **kw)


def test_AM_8_31_a_duel_in_the_move_phase_once_per_turn_per_attacker():
    s = duel_board({})
    kenji, reiko = cid(s, "Kenji Hoshino"), cid(s, "Reiko Sato")
    assert (kenji, reiko) in pairs(s, "duel")
    assert not any(b == cid(s, "Goro Tanks") for _, b in pairs(s, "duel"))  # in a Haven
    choose_pair(s, "duel", kenji, reiko)
    choose(s, "run")
    assert (kenji, reiko) not in pairs(s, "duel")
    s = board(
        {"pc:1:0": ["Kenji Hoshino", "Reiko Sato@1"], **P2, **KEEP},
        options={"character_combat": False},
        players=2,
    )
    assert not offered(s, "duel")


def test_AM_8_32_a_duel_round_runs_draws_windows_and_deals_damage_both_ways():
    s = duel_board({"combat:0": ["Steady Stance"], "combat:1": ["Blush"]})
    kenji, reiko = cid(s, "Kenji Hoshino"), cid(s, "Reiko Sato")
    choose_pair(s, "duel", kenji, reiko)
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 0
    choose(s, "fight")
    assert kind(s) == "run_or_fight" and s["pending"]["seat"] == 1
    choose(s, "fight")
    # Kenji 4 + 1 against Reiko 3 + 0: 2; Reiko 3 + 1 against Kenji 4 + 2: nothing
    fr = cmb(s)
    assert fr["damage"] == {str(kenji): 0, str(reiko): 2}
    assert names_in(s, "cdisc:0") == ["Steady Stance"] and names_in(s, "cdisc:1") == ["Blush"]


def test_AM_8_33_the_survivor_takes_every_item_of_the_loser():
    s = duel_board(
        {
            "bag:1:Reiko Sato": ["Data Disk@1", "Photo Album@1"],
            "combat:0": ["Power Up"],
            "combat:1": ["Tripped"],
        }
    )
    kenji, reiko = cid(s, "Kenji Hoshino"), cid(s, "Reiko Sato")
    choose_pair(s, "duel", kenji, reiko)
    choose(s, "fight")
    choose(s, "fight")  # Kenji 8 against 3 - 2: 7 >= 6: Reiko is killed
    assert zone_of(s, reiko) == "discard:1"
    assert sorted(names_in(s, f"bag:0:{kenji}")) == ["Data Disk", "Photo Album"]
