"""Ani-Mayhem scenario tests, section 1: components, attributes, zones and visibility.

Numbers used (from the packaged cards.toml): Kenji Hoshino Atk 4 Def 4 Mov 2 Cha 1 Nrg 1 (Brawling, Piloting);
Reiko Sato 3/3/3/3/2 (Hacking, Stealth); Tomo the Cook 1/1/3/3/1; Runaway Mecha Minor Combat Damage 3 Def 3 Mov 3;
Rogue Tank Major Combat 3/4 Mov 3; Siren Idol Minor Combat 2/2 Mov 2 Charm 3. Combat cards (charm / attack /
defense): Tripped +1/-2/-2, Wild Swing -1/+3/-1, Heroic Pose +4/+1/0, Sweat Drop -2/0/+1.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from tests.support.ani_mayhem_helpers import (
    GAME,
    board,
    cell,
    choose,
    choose_pair,
    cid,
    combat,
    kind,
    names_in,
    opts,
    pairs,
    phase,
    public,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core import SeatCountError, new_game, view
from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.ani_mayhem.cards import parse_card_set
from cardsmith.games.ani_mayhem.field import destroy_location
from cardsmith.games.ani_mayhem.game import AniMayhem
from cardsmith.games.ani_mayhem.rules import CARDS


def raw_data() -> dict:
    return tomllib.loads(resources.files("cardsmith.games.ani_mayhem").joinpath("cards.toml").read_text())


def with_card(extra: dict) -> dict:
    data = raw_data()
    data["card"].append(extra)
    data.pop("deck")
    return data


def fight_board(zones: dict, players: int = 1, **setup) -> dict:
    """Kenji Hoshino at the Hot Springs Inn with a Runaway Mecha; Tomo waits in the Haven; Move phase."""
    base = {"pc:1:0": ["Kenji Hoshino"], "dz:1:0": ["Runaway Mecha"], "pc:-1:0": ["Tomo the Cook"]}
    base.update(zones)
    return board(base, setup or None, players=players)


def test_AM_1_1_card_text_beats_the_general_rule():
    # AM-5.7 makes every Disaster with Movement move; the Golem's own text (moves only once) wins.
    s = board(
        {"dz:2:0": ["Road Block Golem", "Runaway Mecha"], "pc:-1:0": ["Kenji Hoshino"]},
        {"phase": "maintenance"},
    )
    assert kind(s) == "move"
    assert where(s, "Road Block Golem") == "Space Port"
    assert where(s, "Runaway Mecha") == "Haunted Shrine"  # three steps along the path


def test_AM_1_2_one_to_six_players():
    for n in range(1, 7):
        assert new_game(GAME, n, 3)["players"] == n
    for n in (0, 7):
        with pytest.raises(SeatCountError):
            new_game(GAME, n, 3)


def test_AM_1_3_attributes_may_be_missing_or_zero():
    assert CARDS.cards["Falling Piano"].mov is None  # no Movement score
    assert CARDS.cards["Unit Thirty-Three"].cha == 0  # a printed 0
    s = board({"dz:2:0": ["Falling Piano", "Runaway Mecha"], "pc:-1:0": ["Kenji Hoshino"]})
    shown = public(s)["disasters"]
    assert shown[str(cid(s, "Falling Piano"))]["mov"] is None
    assert shown[str(cid(s, "Runaway Mecha"))]["mov"] == 3
    with pytest.raises(CardDataError, match="unknown key 'speed'"):
        parse_card_set(
            with_card(
                {
                    "name": "X",
                    "type": "character",
                    "atk": 1,
                    "def": 1,
                    "mov": 1,
                    "cha": 1,
                    "nrg": 1,
                    "speed": 2,
                    "skills": ["Cooking"],
                    "gender": "none",
                }
            ),
            check_decks=False,
        )


def test_AM_1_4_health_is_printed_defense_and_damage_is_attack():
    assert CARDS.cards["Runaway Mecha"].atk == 3  # written as damage = 3
    # Kenji (Def 4) draws Tripped (Def -2), the Mecha Wild Swing (Atk +3): 3 + 3 - (4 - 2) = 4 damage = Health.
    s = fight_board({"combat:0": ["Tripped", "Wild Swing"]})
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")
    assert zone_of(s, "Kenji Hoshino") == "bonked:0"
    assert kind(s) == "move"


def test_AM_1_5_modifiers_never_change_health():
    # With Kevlar (+2) Kenji blocks with Defense 6 - 2 = 4 and takes 2 a round; he is bonked at 4 (printed), not 6.
    s = fight_board({"gear:0:Kenji Hoshino": ["Kevlar Jacket"], "combat:0": ["Tripped", "Wild Swing"] * 2})
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")
    cmb = combat(s)
    assert cmb["kind"] == "physical" and cmb["damage"][str(cid(s, "Kenji Hoshino"))] == 2
    assert zone_of(s, "Kenji Hoshino") == "pc:" + str(public(s)["chars"][str(cid(s, "Kenji Hoshino"))]["at"])
    choose(s, "fight")
    assert zone_of(s, "Kenji Hoshino") == "bonked:0"


def test_AM_1_6_AM_1_7_AM_1_8_card_types_and_symbols():
    by_type = {c.type: c for c in CARDS.cards.values()}
    for t in ("character", "location", "item"):
        assert not by_type[t].has_symbol
    for t in ("enhancement", "equipment", "flash", "global", "combat", "disaster"):
        assert by_type[t].has_symbol
    assert {c.kind for c in CARDS.cards.values() if c.type == "disaster"} == {
        "Minor Combat Disaster",
        "Minor Non-Combat Disaster",
        "Major Combat Disaster",
        "Major Non-Combat Disaster",
    }
    # AM-1.8: the Haven is its own type, a player's base: not a Location, not on the Disaster path.
    s = board({"pc:-1:0": ["Kenji Hoshino"]})
    haven = cid(s, "Cafe Hideout")
    assert CARDS.cards["Cafe Hideout"].type == "haven"
    assert zone_of(s, haven) == "haven:0" and cell(s, haven)["seat"] == 0
    assert haven not in public(s)["routes"]["0"]


def test_AM_1_9_power_cards_are_the_four_types():
    power = {c.type for c in CARDS.cards.values() if c.is_power}
    assert power == {"enhancement", "equipment", "flash", "global"}
    assert not CARDS.cards["Lucky Break"].is_power and not CARDS.cards["Cafe Hideout"].is_power


def test_AM_1_10_a_category_effect_applies_to_exactly_those_cards():
    # Bathhouse Pass: Scavenge any « Hot Tub » Location. Kenji lacks Stealth but may Scavenge the Hot Springs Inn;
    # Goro (no Hacking) may not Scavenge the « Police » Police Station with the same kind of pass.
    s = board(
        {
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Bathhouse Pass"],
            "pc:0:0": ["Goro Tanks"],
            "gear:0:Goro Tanks": ["Bathhouse Pass"],
        },
        {"phase": "scavenge"},
    )
    assert option_id("scavenge", cid(s, "Kenji Hoshino")) in opts(s)
    assert option_id("scavenge", cid(s, "Goro Tanks")) not in opts(s)


def test_AM_1_11_special_symbols_count_as_categories():
    # Rift Compass: Scavenge « Dimensional ». The Haunted Shrine prints the Dimensional symbol (needs Sorcery).
    assert "Dimensional" in CARDS.cards["Haunted Shrine"].cats
    s = board({"pc:1:1": ["Kenji Hoshino"], "gear:0:Kenji Hoshino": ["Rift Compass"]}, {"phase": "scavenge"})
    assert option_id("scavenge", cid(s, "Kenji Hoshino")) in opts(s)
    s = board({"pc:1:1": ["Kenji Hoshino"]}, {"phase": "scavenge"})
    assert kind(s) != "scavenge"


def test_AM_1_12_a_character_prints_all_five_attributes_skills_and_gender():
    reiko = CARDS.cards["Reiko Sato"]
    assert (reiko.atk, reiko.dfn, reiko.mov, reiko.cha, reiko.nrg) == (3, 3, 3, 3, 2)
    assert reiko.skills == ("Hacking", "Stealth") and reiko.gender == "female"
    assert {c.gender for c in CARDS.of_type("character")} == {"male", "female", "none"}
    with pytest.raises(CardDataError, match="nrg missing"):
        parse_card_set(
            with_card(
                {
                    "name": "X",
                    "type": "character",
                    "atk": 1,
                    "def": 1,
                    "mov": 1,
                    "cha": 1,
                    "skills": ["Cooking"],
                    "gender": "none",
                }
            ),
            check_decks=False,
        )


def test_AM_1_13_a_location_lists_skills_text_and_categories():
    robot = CARDS.cards["Robot Factory"]
    assert robot.skills == ("Hacking", "Piloting") and robot.text and robot.categories == ("Industry",)
    with pytest.raises(CardDataError, match="at least one Category"):
        parse_card_set(with_card({"name": "X", "type": "location", "skills": ["Cooking"]}), check_decks=False)


def test_AM_1_14_item_buttons_apply_to_the_carrier():
    s = board(
        {"pc:1:0": ["Reiko Sato"], "bag:0:Reiko Sato": ["Lucky Cat Charm"], "pc:-1:0": ["Tomo the Cook"]}
    )
    assert stats(s, "Reiko Sato")["cha"] == 5  # 3 + 2
    assert stats(s, "Tomo the Cook")["cha"] == 3
    with pytest.raises(CardDataError, match="modifier buttons"):
        parse_card_set(
            with_card(
                {
                    "name": "X",
                    "type": "item",
                    "categories": ["Junk"],
                    "effects": [{"verb": "BONK", "target": "any"}],
                }
            ),
            check_decks=False,
        )


def test_AM_1_15_combat_cards_have_a_charm_side_and_a_physical_side():
    # Charm round against the Siren Idol: Reiko draws Sweat Drop (Charm -2), the Siren Heroic Pose (Charm +4): lost.
    # Physical round: Reiko draws Heroic Pose (Attack +1 only), the Siren Sweat Drop (Defense +1): 3 + 1 - 3 = 1.
    s = board(
        {
            "pc:1:0": ["Reiko Sato"],
            "dz:1:0": ["Siren Idol"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Sweat Drop", "Heroic Pose", "Heroic Pose", "Sweat Drop"],
        }
    )
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    assert kind(s) == "run_or_fight"  # the charm round is over (no physical damage), round 2 begins
    assert combat(s)["damage"] == {} and combat(s)["round"] == 1
    assert cid(s, "Reiko Sato") in public(s)["disasters"][str(cid(s, "Siren Idol"))]["barred"]
    choose(s, "fight")
    assert combat(s)["damage"] == {str(cid(s, "Siren Idol")): 1}


def test_AM_1_16_minor_and_major_differ_only_in_staying():
    s = board(
        {"dz:0:0": ["Runaway Mecha", "Rogue Tank"], "pc:-1:0": ["Kenji Hoshino"], "it:2:1": ["Data Disk"]},
        {"phase": "maintenance"},
    )
    assert kind(s) == "move"
    assert zone_of(s, "Runaway Mecha") == "discard:0"  # past the Shopping Arcade: gone
    assert zone_of(s, "Golden Idol") == "destroyed"  # it picked the Idol up on the way
    assert where(s, "Rogue Tank") == "Space Port"  # back on the entry Location
    assert CARDS.cards["Runaway Mecha"].atk == CARDS.cards["Rogue Tank"].atk


def test_AM_1_17_combat_disasters_print_attack_and_defense():
    combat = {c.name for c in CARDS.of_type("disaster") if c.is_combat_disaster}
    assert "Runaway Mecha" in combat and "Giant Kaiju" in combat
    assert "Tar Pit" not in combat and "Meteor Strike" not in combat
    assert all(c.atk is not None and c.dfn is not None for c in CARDS.of_type("disaster") if c.name in combat)


def test_AM_1_18_power_card_parts():
    sword = CARDS.cards["Plasma Sword"]
    assert sword.cost == ("nrg", 1) and sword.requires == ("Brawling",)
    assert CARDS.cards["Battle Aura"].limit == (1, "turn")
    assert any(e.skill == "Hacking" for e in CARDS.cards["Ninja Hacking Course"].effects)
    with pytest.raises(CardDataError, match="cost must read"):
        parse_card_set(
            with_card(
                {
                    "name": "X",
                    "type": "global",
                    "cost": "energy two",
                    "effects": [
                        {
                            "verb": "MODIFY",
                            "target": "own_field",
                            "attr": "atk",
                            "value": "+1",
                            "duration": "attached",
                        }
                    ],
                }
            ),
            check_decks=False,
        )


def test_AM_1_19_each_player_has_these_zones_with_these_visibilities():
    s = new_game(GAME, 2, 1)
    v0 = view(s, 0)
    for seat in (0, 1):
        for z in ("draw", "hand", "discard", "combat", "cdisc", "haven", "global", "bonked"):
            assert f"{z}:{seat}" in s["zones"]
    assert (
        all(e is None for e in v0["zones"]["draw:0"]) and v0["zones"]["draw:0"]
    )  # face down, even to its owner
    assert all(e is not None for e in v0["zones"]["hand:0"])
    assert all(e is None for e in v0["zones"]["hand:1"]) and len(v0["zones"]["hand:1"]) == len(
        s["zones"]["hand:1"]
    )
    assert all(e is None for e in v0["zones"]["combat:0"])
    game = AniMayhem()
    for z in ("discard", "cdisc", "bonked"):
        assert game.visibility.zone_info(f"{z}:1")[0] == "all"


def test_AM_1_20_the_field_is_every_location_destroyed_ones_included():
    s = board({"pc:1:0": ["Reiko Sato"], "hand:0": ["Orbital Strike"]})
    inn = cid(s, "Hot Springs Inn")
    destroy_location(s, inn)
    assert inn in s["zones"]["field"] and s["marks"][str(inn)] == "destroyed"
    assert len(s["zones"]["field"]) == 6
    assert cid(s, "Cafe Hideout") not in s["zones"]["field"]  # a Haven is not part of the Field


def test_AM_1_21_in_play_off_the_field_disasters_count_bonked_characters_do_not():
    s = board(
        {
            "off": ["Acid Fog"],
            "pc:1:0": ["Reiko Sato"],
            "pc:-1:0": ["Kenji Hoshino"],
            "bonked:0": ["Tomo the Cook"],
        },
        {"bonked": {"Tomo the Cook": 1}},
    )
    assert stats(s, "Reiko Sato")["mov"] == 2  # Acid Fog, Off the Field, still applies to the Field
    assert stats(s, "Kenji Hoshino")["mov"] == 2  # in the Haven: not touched
    assert str(cid(s, "Tomo the Cook")) not in public(s)["chars"]  # bonked: not in play


def test_AM_1_22_a_face_down_disaster_cannot_be_targeted():
    s = board(
        {
            "hand:0": ["Wrong Way Sign"],
            "dz:2:0": ["Runaway Mecha"],
            "ds:1:0": ["Slime Blob"],
            "pc:-1:0": ["Kenji Hoshino"],
        }
    )
    assert kind(s) == "flash"
    targets = {t for _, t in pairs(s, "play_flash")}
    assert targets == {cid(s, "Runaway Mecha")}


def test_AM_1_23_discard_goes_to_the_owner_destroy_removes_for_good():
    s = board(
        {
            "dz:0:1": ["Runaway Mecha@0"],
            "loot:0:1:Runaway Mecha": ["Data Disk"],
            "pc:-1:0": ["Kenji Hoshino"],
        },
        {"phase": "maintenance"},
    )
    assert zone_of(s, "Runaway Mecha") == "discard:0"
    assert zone_of(s, "Data Disk") == "destroyed"
    assert public(s)["destroyed_items"] == 1


def test_AM_1_24_turn_round_and_cycle():
    # A "this round" effect (Weak Spot: the Disaster's Defense is 0) ends with the combat round. Both rounds:
    # Kenji draws Tripped (-2/-2), the Mecha Sweat Drop (0/+1). Round 1: 4 - 2 - (0 + 1) = 1 damage to the Mecha;
    # round 2, with Defense 3 again: 2 - 4 = nothing more.
    s = fight_board({"hand:0": ["Weak Spot"], "combat:0": ["Tripped", "Sweat Drop"] * 2})
    mecha = cid(s, "Runaway Mecha")
    skip_to(s, "move")
    choose(s, option_id("attack", mecha))
    choose(s, "fight")
    assert kind(s) == "flash"
    rounds = combat(s)["round"]
    choose_pair(s, "play_flash", "Weak Spot", mecha)
    assert kind(s) == "run_or_fight" and combat(s)["round"] == rounds + 1
    assert combat(s)["damage"][str(mecha)] == 1 and public(s)["disasters"][str(mecha)]["def"] == 3
    choose(s, "fight")
    assert combat(s)["damage"][str(mecha)] == 1
    # a turn is counted per player; a cycle ends past the last Location (see AM-1.16)
    assert phase(s) == "move" and public(s)["turns"] == [0]  # the first turn: started, not completed


def test_AM_1_25_face_down_cards_are_secret_even_from_their_owner():
    s = board(
        {"ds:1:0": ["Slime Blob@0", "Tar Pit@0"], "it:1:0": ["Data Disk@0"], "pc:-1:0": ["Kenji Hoshino"]}
    )
    inn = cid(s, "Hot Springs Inn")
    v = view(s, 0)
    assert v["zones"][f"ds:{inn}"] == [None, None]
    assert v["zones"][f"it:{inn}"] == [None]


def test_AM_1_26_only_the_owner_knows_which_items_a_character_carries():
    s = board(
        {
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino@1"],
            "bag:0:Reiko Sato": ["Data Disk", "Golden Idol"],
            "field:3:0": ["Temple Sanctuary@1"],
        },
        players=2,
    )
    bag = f"bag:0:{cid(s, 'Reiko Sato')}"
    assert sorted(e[1] for e in view(s, 0)["zones"][bag]) == ["Data Disk", "Golden Idol"]
    assert view(s, 1)["zones"][bag] == [None, None]
    assert view(s, 1)["public"]["chars"][str(cid(s, "Reiko Sato"))]["items"] == 2


def test_AM_1_27_cards_keep_their_owner():
    # A seat-1 Disaster defeated by seat 0 goes to seat 1's Discard pile; a seat-1 Item carried by a seat-0
    # Character counts for seat 0.
    s = fight_board(
        {
            "dz:1:0": ["Runaway Mecha@1"],
            "bag:0:Kenji Hoshino": ["Photo Album@1"],
            "combat:0": ["Power Up", "Tripped"],
            "field:3:0": ["Temple Sanctuary@1"],
        },
        players=2,
    )
    assert public(s)["held"][0] == 1
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")  # 4 + 4 - (3 - 2) = 7 damage: defeated
    assert zone_of(s, "Runaway Mecha") == "discard:1"
    assert s["owner"][cid(s, "Photo Album")] == 1


def test_AM_1_28_random_choices_come_from_the_seeded_generator():
    # AM-5.14: the engaged player is the owner of a randomly picked Item carrier.
    zones = {
        "pc:2:1": ["Reiko Sato@0", "Kenji Hoshino@1"],
        "bag:0:Reiko Sato": ["Data Disk"],
        "bag:1:Kenji Hoshino": ["Golden Idol"],
        "dz:2:0": ["Runaway Mecha"],
        "field:3:0": ["Temple Sanctuary@1"],
        "pc:-1:0": ["Tomo the Cook"],
    }
    engaged = set()
    for seed in range(12):
        a = board(zones, {"phase": "maintenance"}, players=2, seed=seed)
        b = board(zones, {"phase": "maintenance"}, players=2, seed=seed)
        assert a["pending"] == b["pending"] and a["rng"] == b["rng"]
        engaged.add(a["pending"]["seat"])
    assert engaged == {0, 1}


def test_AM_1_29_the_engine_tracks_damage_spending_stamps_turns_bonks_and_the_tally():
    s = fight_board(
        {
            "combat:0": ["Tripped", "Steady Stance"] * 2,
            "gear:0:Kenji Hoshino": ["Plasma Sword"],
            "hand:0": ["Dazzling Smile"],
            "bonked:0": ["Reiko Sato"],
            "destroyed": ["Data Disk"],
        },
        bonked={"Reiko Sato": 1},
        stamps={"Runaway Mecha": 7},
    )
    skip_to(s, "move")
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")
    assert kind(s) == "flash"
    choose(s, option_id("use", cid(s, "Plasma Sword")))
    pub = view(s, 0)["public"]
    kenji = str(cid(s, "Kenji Hoshino"))
    assert pub["chars"][kenji]["spent"] == 1
    assert pub["disasters"][str(cid(s, "Runaway Mecha"))]["stamp"] == 7
    assert pub["turns"] == [0] and pub["bonked"] == {str(cid(s, "Reiko Sato")): 1}
    assert pub["destroyed_items"] == 1
    choose(s, "pass")
    assert view(s, 0)["public"]["combat"]["damage"]
    assert names_in(s, "bonked:0") == ["Reiko Sato"]
