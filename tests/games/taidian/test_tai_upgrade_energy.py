"""Taking of Taidian scenario tests, section 4 (upgrading turns) and section 5 (energy and powering up)."""

from __future__ import annotations

from tests.support.taidian_helpers import (
    apply,
    attack_table,
    card_id,
    card_names_in,
    deciding,
    do,
    done,
    end_play,
    energy,
    health,
    ids,
    levels,
    names,
    pool,
    refused,
    revealed_volley,
    table,
    upgrade_table,
    verbs,
    volley,
)

from cardsmith.agents import RandomAgent
from cardsmith.core import new_game, view
from cardsmith.core.actions import option_id
from cardsmith.sim.runner import play

# ================================================================ section 4: upgrading turns


def test_TAI_4_1_an_upgrading_turn_plays_money_energy_and_burn_barrel_only():
    s = upgrade_table(2, hands={0: ["Coin", "Bolt", "Burn-Barrel", "Punch", "Shield", "First Aid"]})
    assert verbs(s) == {"play_money", "play_energy", "use_barrel", "end"}
    assert card_names_in(s, "play_money") == {"Coin"} and card_names_in(s, "play_energy") == {"Bolt"}


def test_TAI_4_2_no_red_or_blue_card_on_an_upgrading_turn():
    s = upgrade_table(2, hands={0: ["Punch", "Shield", "Coin"]})
    assert card_id(s, "hand:0", "Punch") >= 0 and card_id(s, "hand:0", "Shield") >= 0
    bad_ones = (
        option_id("lay", "Punch", 1),
        option_id("play", "Shield"),
        option_id("play_money", "Punch"),
        option_id("play_energy", "Shield"),
    )
    for bad in bad_ones:
        assert refused(s, bad)


def test_TAI_4_3_money_goes_to_the_play_area_and_fills_the_pool():
    s = upgrade_table(2, hands={0: ["Coin", "Gold"]})
    assert pool(s) == 0
    do(s, "play_money", "Gold")
    do(s, "play_money", "Coin")
    assert pool(s) == 5 and sorted(names(s, "play:0")) == ["Coin", "Gold"]
    m = table(2, step="choice", hands={0: ["Coin"]}, structs={0: ["Market"]})
    apply(m, "upgrade")
    assert pool(m) == 2  # the Market's bonus for declaring an upgrading turn


def test_TAI_4_4_buy_any_number_of_cards():
    s = upgrade_table(2, hands={0: ["Gold", "Gold", "Coin"]})
    do(s, "play_money", "Gold")
    do(s, "play_money", "Gold")
    for _ in range(4):
        apply(s, option_id("buy", "Kick"))  # 8 buying power, four Kicks at 2
    assert names(s, "bought:0") == ["Kick"] * 4 and pool(s) == 0


def test_TAI_4_5_a_buy_takes_the_top_card_of_an_affordable_pile_and_pays_its_cost():
    s = upgrade_table(2, hands={0: ["Gold", "Coin"]})
    do(s, "play_money", "Gold")
    assert option_id("buy", "9mm") not in ids(s) and option_id("buy", "Punch") in ids(s)  # 9mm costs 5 > 4
    top = [c for c in s["zones"]["supply"] if s["cards"][c] == "Punch"][-1]
    apply(s, option_id("buy", "Punch"))
    assert s["zones"]["bought:0"] == [top] and pool(s) == 1
    assert view(s, 1)["public"]["piles"]["Punch"] == 9


def test_TAI_4_6_plays_and_buys_alternate_freely():
    s = upgrade_table(2, hands={0: ["Cash", "Cash", "Coin", "Coin"]})
    do(s, "play_money", "Cash")
    apply(s, option_id("buy", "Kick"))
    do(s, "play_money", "Cash")
    apply(s, option_id("buy", "Kick"))
    do(s, "play_money", "Coin")
    apply(s, option_id("buy", "Coin"))
    assert names(s, "bought:0") == ["Kick", "Kick", "Coin"]


def test_TAI_4_7_an_empty_pile_sells_nothing():
    s = upgrade_table(2, hands={0: ["Gold", "Coin"]}, zones={"supply": ["Kick"]})
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Kick"))
    assert option_id("buy", "Kick") not in ids(s) and refused(s, option_id("buy", "Kick"))
    assert "buy" not in verbs(s)  # nothing else stands in for it


def test_TAI_4_8_unspent_buying_power_is_lost():
    s = upgrade_table(2, hands={0: ["Gold", "Coin"]}, current=0)
    do(s, "play_money", "Gold")
    end_play(s)
    assert pool(s) == 0
    apply(s, "upgrade")  # seat 1's turn starts from a pool of 0 too
    assert pool(s) == 0


def test_TAI_4_9_bought_cards_wait_and_reach_the_hand_only_through_the_deck():
    s = upgrade_table(2, hands={0: ["Cash", "Coin"]}, decks={0: ["Coin"] * 5})
    do(s, "play_money", "Cash")
    apply(s, option_id("buy", "Kick"))
    assert names(s, "bought:0") == ["Kick"] and "Kick" not in names(s, "hand:0")
    end_play(s)
    assert "Kick" in names(s, "discard:0") and "Kick" not in names(s, "hand:0")  # drawn 5 Coins, not the Kick


def test_TAI_4_10_money_and_energy_cards_are_bought_like_others():
    s = upgrade_table(2, hands={0: ["Gold", "Gold", "Coin"]})
    do(s, "play_money", "Gold")
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Gold"))
    apply(s, option_id("buy", "Bolt"))
    assert names(s, "bought:0") == ["Gold", "Bolt"]


def test_TAI_4_11_cash_and_gold_cost_more_than_they_give():
    s = upgrade_table(2, hands={0: ["Cash", "Coin"]})
    do(s, "play_money", "Cash")
    assert option_id("buy", "Cash") not in ids(s)  # Cash gives 2 but costs 3
    do(s, "play_money", "Coin")
    assert option_id("buy", "Cash") in ids(s) and option_id("buy", "Gold") not in ids(s)


def test_TAI_4_12_an_energy_card_adds_energy_then_powering_up_applies():
    s = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[5, 0])
    do(s, "play_energy", "Strike")
    assert names(s, "play:0") == ["Strike"] and energy(s)[0] == 11
    assert deciding(s) == (0, "powerup")


def test_TAI_4_13_money_never_gives_energy_and_energy_never_gives_buying_power():
    s = upgrade_table(2, hands={0: ["Gold", "Flash", "Coin"]})
    do(s, "play_money", "Gold")
    assert energy(s)[0] == 0
    do(s, "play_energy", "Flash")
    assert pool(s) == 4 and energy(s)[0] == 4


# ================================================================ section 5: energy and powering up


def test_TAI_5_1_energy_comes_from_energy_cards_structures_and_abilities():
    s = table(2, step="start", current=0, characters=["Spark", "Volt"], structs={0: ["Generator"]},
              hands={0: ["Bolt", "Coin"]})  # fmt: skip
    assert deciding(s) == (0, "order")
    apply(s, ids(s)[0])
    assert energy(s)[0] == 5  # Generator 3 + Spark 2
    apply(s, "upgrade")
    do(s, "play_energy", "Bolt")
    assert energy(s)[0] == 8
    do(s, "play_money", "Coin")
    assert energy(s)[0] == 8  # nothing else gives energy


def test_TAI_5_2_at_ten_energy_a_track_goes_up_and_ten_energy_is_spent():
    s = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[4, 0])
    do(s, "play_energy", "Strike")
    assert deciding(s) == (0, "powerup")
    assert sorted(ids(s)) == [
        option_id("power_up", "aim"),
        option_id("power_up", "healing"),
        option_id("power_up", "skill"),
        option_id("power_up", "strength"),
    ]
    apply(s, option_id("power_up", "skill"))
    assert levels(s)[0] == [0, 0, 1, 0] and energy(s)[0] == 0


def test_TAI_5_3_powering_up_is_compulsory_immediate_and_repeats():
    s = upgrade_table(2, hands={0: ["Bolt", "Coin"]}, energy=[25, 0])
    assert deciding(s) == (0, "powerup")  # before any card can be played
    assert card_id(s, "hand:0", "Coin") >= 0
    assert refused(s, option_id("play_money", "Coin")) and refused(s, "end")
    apply(s, option_id("power_up", "aim"))
    assert deciding(s) == (0, "powerup") and energy(s)[0] == 15  # still 10 or more: again
    apply(s, option_id("power_up", "aim"))
    assert deciding(s) == (0, "upgrade") and energy(s)[0] == 5 and levels(s)[0][0] == 2


def test_TAI_5_4_energy_over_ten_carries_over():
    s = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[8, 0])
    do(s, "play_energy", "Strike")  # 8 + 6 = 14: one power-up, 4 left
    apply(s, option_id("power_up", "strength"))
    assert energy(s)[0] == 4 and levels(s)[0][1] == 1


def test_TAI_5_5_a_track_is_raised_at_most_three_times():
    s = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[9, 0], levels=[[3, 1, 0, 0], [0, 0, 0, 0]])
    do(s, "play_energy", "Strike")
    assert option_id("power_up", "aim") not in ids(s) and refused(s, option_id("power_up", "aim"))
    apply(s, option_id("power_up", "strength"))
    assert levels(s)[0] == [3, 2, 0, 0]


def test_TAI_5_6_with_every_track_at_three_energy_stays_at_nine():
    s = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[7, 0], levels=[[3, 3, 3, 3], [0, 0, 0, 0]])
    do(s, "play_energy", "Strike")
    assert energy(s)[0] == 9 and deciding(s) == (0, "upgrade")
    one = upgrade_table(2, hands={0: ["Strike", "Coin"]}, energy=[7, 0], levels=[[3, 3, 2, 3], [0, 0, 0, 0]])
    do(one, "play_energy", "Strike")  # only Skill is open: taken without a question
    assert levels(one)[0] == [3, 3, 3, 3] and energy(one)[0] == 3


def test_TAI_5_7_aim_strength_and_skill_add_ten_per_level_to_attack_and_block():
    s = attack_table(
        2, hands={0: ["9mm", "Punch"], 1: ["Shield", "Coin"]}, levels=[[2, 0, 0, 0], [0, 0, 1, 0]]
    )
    volley(s, ("9mm", 1))
    assert revealed_volley(s)["attack"][1] == 35  # 15 + 2 x 10 Aim
    do(s, "play", "Shield")  # 10 + 1 x 10 Skill
    assert health(s)[1] == 150 - (35 - 20)


def test_TAI_5_8_healing_adds_ten_per_level_to_healing_cards():
    s = attack_table(
        2, hands={0: ["First Aid", "Punch"]}, levels=[[0, 0, 0, 2], [0, 0, 0, 0]], health=[100, 150]
    )
    volley(s, ("First Aid", 0))
    assert health(s)[0] == 130  # 10 + 2 x 10


def test_TAI_5_9_punch_and_kick_with_strength():
    for level, punch, kick in ((0, 10, 5), (1, 20, 15), (3, 40, 35)):
        s = attack_table(2, hands={0: ["Punch", "Kick", "Punch"]}, levels=[[0, level, 0, 0], [0, 0, 0, 0]])
        volley(s, ("Punch", 1), ("Kick", 1))
        assert health(s)[1] == 150 - punch - kick


def test_TAI_5_10_the_bonus_uses_the_levels_of_whoever_plays_the_card():
    s = attack_table(
        3,
        hands={0: ["Punch", "Robber", "Punch"], 1: ["Kick", "Kick"], 2: ["Shield", "Shield"]},
        levels=[[0, 1, 0, 0], [0, 2, 0, 0], [0, 0, 3, 0]],
    )
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")  # the defender's Strength 2: 25 counter damage
    assert revealed_volley(s)["counter"][1] == 25
    done(s)
    do(s, "play", "Shield")  # the helper's Skill 3: block 40
    assert revealed_volley(s)["block"][1] == 40
    done(s)
    assert health(s) == [125, 150, 150]
    volley(s, ("Robber", 1))  # steals seat 1's last card, a Kick: now the thief's
    assert "Kick" in names(s, "hand:0")
    done(s)  # seat 2 does not help this time
    volley(s, ("Kick", 1))
    done(s)  # nor this time
    assert health(s)[1] == 150 - 15  # the thief's Strength 1: 5 + 10


def test_TAI_5_11_levels_never_go_down_and_never_pass_on():
    s = new_game("taidian", 3, 17)
    history: list[list[list[int]]] = []
    play(s, [RandomAgent(f"lv{i}") for i in range(3)], on_step=lambda st, _o: history.append(
        [list(x) for x in levels(st)]))  # fmt: skip
    for before, after_ in zip(history, history[1:], strict=False):
        for seat in range(3):
            assert all(a >= b for a, b in zip(after_[seat], before[seat], strict=True))
            assert sum(after_[seat]) - sum(before[seat]) in (0, 1)  # one level at a time, own tracks only


def test_TAI_5_12_the_player_who_powers_up_chooses_and_the_level_is_public_at_once():
    s = upgrade_table(3, hands={0: ["Strike", "Coin"]}, energy=[5, 0, 0])
    do(s, "play_energy", "Strike")
    assert deciding(s) == (0, "powerup")
    assert view(s, 1)["pending"].get("options") is None  # only seat 0 chooses
    apply(s, option_id("power_up", "healing"))
    assert view(s, 2)["public"]["players"][0]["levels"]["healing"] == 1
    assert any(e["t"] == "powerup" and e["track"] == "healing" for e in s["events"])
