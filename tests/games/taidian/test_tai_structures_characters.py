"""Taking of Taidian scenario tests, section 9 (structures) and section 10 (characters).

Structures (cards.toml): Bunker (volley damage -10, cost 6), Market (+2 buying power on declaring an upgrading turn,
cost 5), Generator (+3 energy in the start step, cost 5).
"""

from __future__ import annotations

from tests.support.taidian_helpers import (
    alive,
    apply,
    attack_table,
    card_id,
    card_names_in,
    characters,
    deciding,
    do,
    done,
    end_play,
    energy,
    health,
    ids,
    names,
    pool,
    refused,
    revealed_volley,
    table,
    upgrade_table,
    verbs,
    volley,
)

from cardsmith.core import get_game, new_game, view
from cardsmith.core.actions import option_id

# ================================================================ section 9: structures


def test_TAI_9_1_a_structure_gives_its_owner_a_lasting_effect():
    s = attack_table(2, hands={0: ["Punch", "Punch", "Kick"]}, structs={1: ["Bunker"]})
    volley(s, ("Punch", 1))
    volley(s, ("Punch", 1), ("Kick", 1))
    assert health(s)[1] == 150 - 0 - 5  # -10 in each volley


def test_TAI_9_2_a_bought_structure_goes_straight_into_play():
    s = upgrade_table(2, hands={0: ["Gold", "Gold", "Coin"]})
    do(s, "play_money", "Gold")
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Bunker"))
    assert names(s, "struct:0") == ["Bunker"] and names(s, "bought:0") == []
    end_play(s)
    assert names(s, "struct:0") == ["Bunker"] and "Bunker" not in names(s, "discard:0")


def test_TAI_9_3_lasting_effects_work_at_once_triggers_wait_for_their_next_point():
    s = upgrade_table(2, hands={0: ["Gold", "Gold", "Gold"]}, decks={0: ["Coin"] * 10}, current=0,
                      zones={"hand:1": ["Punch", "Punch"]})  # fmt: skip
    do(s, "play_money", "Gold")
    do(s, "play_money", "Gold")
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Generator"))  # 12 - 5
    apply(s, option_id("buy", "Bunker"))  # 7 - 6: nothing affordable is left except Coins
    assert energy(s)[0] == 0  # the Generator does not fire now
    end_play(s)
    apply(s, "attack")
    volley(s, ("Punch", 0))
    assert health(s)[0] == 150  # the Bunker bought a moment ago already protects
    end_play(s)
    assert deciding(s) == (0, "turn_type")
    assert energy(s)[0] == 3  # the Generator fires in its owner's next start step


def test_TAI_9_4_no_two_structures_of_one_name_in_play():
    s = upgrade_table(2, hands={0: ["Coin"]}, structs={0: ["Bunker"]}, decks={0: ["Bunker", "Coin", "Coin", "Coin",
                                                                                 "Coin", "Coin"]})  # fmt: skip
    end_play(s)  # a second Bunker is drawn: it cannot join the first
    assert deciding(s) == (1, "turn_type")
    assert names(s, "struct:0") == ["Bunker"] and "Bunker" in names(s, "hand:0")


def test_TAI_9_5_no_buying_a_structure_whose_name_you_own_anywhere():
    for zone in ("struct", "hand", "discard", "deck"):
        kw = {"structs": {0: ["Market"]}} if zone == "struct" else {}
        z = (
            {}
            if zone == "struct"
            else {f"{zone}:0": ["Market"] + (["Gold", "Gold"] if zone == "hand" else [])}
        )
        hands = {0: ["Gold", "Gold"]} if zone != "hand" else None
        s = upgrade_table(2, hands=hands, zones=z, **kw)
        do(s, "play_money", "Gold")
        do(s, "play_money", "Gold")
        assert option_id("buy", "Market") not in ids(s) and option_id("buy", "Generator") in ids(s), zone
        assert refused(s, option_id("buy", "Market"))


def test_TAI_9_6_a_structure_stays_until_bombed_eliminated_or_the_game_ends():
    s = table(2, step="choice", structs={0: ["Generator"]}, hands={0: ["Coin"], 1: ["Coin"]})
    for _ in range(4):
        apply(s, "upgrade")
        end_play(s)
    assert names(s, "struct:0") == ["Generator"]


def test_TAI_9_7_a_drawn_structure_may_go_into_play_at_once():
    s = attack_table(
        2, hands={0: ["Punch"]}, decks={0: ["Coin", "Generator", "Coin", "Coin", "Coin", "Coin"]}
    )
    end_play(s)  # an attacking turn: still allowed, during the end step's draw
    assert deciding(s) == (0, "structure")
    assert "drawn structure" in s["pending"]["prompt"] and "Generator" not in s["pending"]["prompt"]
    do(s, "place", "Generator")
    assert names(s, "struct:0") == ["Generator"]


def test_TAI_9_8_no_replacement_card_is_drawn():
    s = upgrade_table(
        2, hands={0: ["Coin"]}, decks={0: ["Market", "Coin", "Coin", "Coin", "Coin", "Coin", "Gold"]}
    )
    end_play(s)
    do(s, "place", "Market")
    assert len(s["zones"]["hand:0"]) == 4 and names(s, "deck:0") == ["Gold", "Coin"]


def test_TAI_9_9_a_kept_structure_is_dead_weight_until_discarded_or_burned():
    s = upgrade_table(2, hands={0: ["Coin"]}, decks={0: ["Bunker", "Burn-Barrel", "Coin", "Coin", "Coin"]})
    end_play(s)
    apply(s, "keep")
    assert "Bunker" in names(s, "hand:0")
    apply(s, "upgrade")  # seat 1
    apply(s, "upgrade")  # seat 0: the Bunker cannot be played...
    assert "Bunker" not in card_names_in(s, "play_money") | card_names_in(s, "play_energy") | card_names_in(
        s, "place"
    )
    assert "place" not in verbs(s)  # ...and is not offered again
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Bunker")  # ...but it can be burned
    assert names(s, "out") == ["Bunker"]


def test_TAI_9_10_structures_are_never_stolen():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Generator"]}, structs={1: ["Market"]})
    volley(s, ("Robber", 1))
    assert names(s, "hand:1") == ["Generator"] and names(s, "struct:1") == ["Market"]
    assert names(s, "discard:0") == [] and names(s, "hand:0") == ["Punch"]


def test_TAI_9_11_no_structure_lowers_poison_damage():
    s = table(2, step="start", current=0, hands={0: ["Coin"]}, structs={1: ["Bunker", "Market", "Generator"]},
              poisons=[{"owner": 0, "victim": 1, "damage": 15}])  # fmt: skip
    assert health(s)[1] == 135


def test_TAI_9_12_a_structure_helps_only_its_owner_and_leaves_with_them():
    s = attack_table(3, hands={0: ["Punch", "Punch", "9mm"]}, structs={1: ["Bunker"]}, health=[150, 5, 150])
    volley(s, ("Punch", 1), ("Punch", 2))
    assert health(s)[2] == 140  # seat 1's Bunker does nothing for seat 2
    assert health(s)[1] == 5  # 10 - 10
    volley(s, ("9mm", 1))
    assert alive(s)[1] is False and names(s, "struct:1") == [] and "Bunker" in names(s, "out")


def test_TAI_9_13_damage_reduction_is_after_blocks_and_not_for_counters():
    s = attack_table(
        2, hands={0: ["Punch", "9mm", "Kick"], 1: ["Shield", "Kick"]}, structs={0: ["Bunker"], 1: ["Bunker"]}
    )
    volley(s, ("Punch", 1), ("9mm", 1))  # 25 - 10 block - 10 reduction = 5
    do(s, "play", "Shield")
    do(s, "counter", "Kick")  # 5 counter damage: the attacker's Bunker does not reduce it
    assert health(s) == [145, 145]


# ================================================================ section 10: characters


def test_TAI_10_1_an_ability_applies_all_game():
    s = attack_table(2, current=1, hands={1: ["Punch", "Punch"], 0: ["Shield", "Shield"]},
                     characters=["Ironhide", "Volt"], round=20)  # fmt: skip
    volley(s, ("Punch", 0))
    do(s, "play", "Shield")  # 10 + 5 Ironhide
    done(s)
    assert revealed_volley(s) is None
    volley(s, ("Punch", 0))
    do(s, "play", "Shield")
    assert health(s)[0] == 150


def test_TAI_10_2_some_abilities_give_extra_starting_cards_or_energy():
    s = new_game("taidian", 2, 0, {"character_selection": "choose"})
    apply(s, option_id("character", "Rook"))
    apply(s, option_id("character", "Volt"))
    assert len(s["zones"]["deck:0"]) + len(s["zones"]["hand:0"]) == 13
    assert energy(s) == [0, 5]


def test_TAI_10_3_an_ability_beats_a_rule_only_as_far_as_its_text_goes():
    s = upgrade_table(2, hands={0: ["Cash", "Coin"]}, characters=["Broker Cho", "Volt"])
    do(s, "play_money", "Cash")
    assert option_id("buy", "Cash") in ids(s)  # Cash costs 3 - 1 for Broker Cho
    apply(s, option_id("buy", "Coin"))  # but a Coin still costs 1, not 0
    assert pool(s) == 1
    f = attack_table(
        2, hands={0: ["Punch", "Punch", "Shield"]}, characters=["Scarlet Fury", "Volt"], health=[60, 150]
    )
    volley(f, ("Punch", 1))
    assert health(f)[1] == 140  # Fury's bonus needs health below 50
    below = attack_table(
        2, hands={0: ["Punch", "Punch", "Shield"]}, characters=["Scarlet Fury", "Volt"], health=[49, 140]
    )
    volley(below, ("Punch", 1))
    assert health(below)[1] == 120


def test_TAI_10_4_characters_and_abilities_are_public():
    s = new_game("taidian", 4, 2)
    for seat in (None, 0, 1, 2, 3):
        assert [p["character"] for p in view(s, seat)["public"]["players"]] == characters(s)
    setup = next(e for e in s["events"] if e["t"] == "setup")
    assert get_game("taidian").describe_event(setup, 1).startswith("Characters: P1 ")


def test_TAI_10_5_an_eliminated_players_ability_stops():
    s = table(3, step="choice", current=0, hands={0: ["Coin"]}, characters=["Volt", "Spark", "Phoenix"],
              alive=[True, False, True], health=[150, 0, 100],
              poisons=[{"owner": 1, "victim": 2, "ticks": 4, "damage": 5}])  # fmt: skip
    apply(s, "upgrade")
    end_play(s)  # seat 1 (Spark) is out: its Poison ticks, but no start-step energy
    assert energy(s)[1] == 0 and not any(e["t"] == "energy" for e in s["events"])
    assert health(s)[2] == 100 - 5 + 5  # Phoenix, alive, heals 5 in her own start step
    assert card_id(s, "poison:2", "Poison") >= 0
