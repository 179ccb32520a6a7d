"""Taking of Taidian scenario tests, section 6 (attacking turns and volleys) and section 7 (response windows)."""

from __future__ import annotations

from tests.support.taidian_helpers import (
    apply,
    attack_table,
    card_id,
    card_names_in,
    current,
    deciding,
    do,
    done,
    end_play,
    health,
    ids,
    lay,
    names,
    refused,
    revealed_volley,
    struct_target,
    targets_of,
    verbs,
    volley,
)

from cardsmith.core import view
from cardsmith.core.actions import option_id

# ================================================================ section 6: attacking turns


def test_TAI_6_1_an_attacking_turn_plays_red_cards_and_its_few_exceptions():
    s = attack_table(2, hands={0: ["Punch", "Poison", "Burn-Barrel", "Coin", "Shield"]})
    assert card_names_in(s, "lay") == {"Punch", "Poison"}
    assert card_names_in(s, "use_barrel") == {"Burn-Barrel"}
    # Shields only against counters: in the counter-shield step of the attacker's own volley
    t = attack_table(2, hands={0: ["Punch", "Shield", "Punch"], 1: ["Kick"]})
    volley(t, ("Punch", 1))
    do(t, "counter", "Kick")
    assert deciding(t) == (0, "counter_shield") and card_names_in(t, "play") == {"Shield"}


def test_TAI_6_2_no_blue_or_black_cards_on_ones_own_attacking_turn():
    s = attack_table(2, hands={0: ["Punch", "Shield", "Coin", "Bolt", "Medic"]})
    for name in ("Shield", "Coin", "Bolt", "Medic"):
        assert card_id(s, "hand:0", name) >= 0
        for oid in (
            option_id("lay", name, 1),
            option_id("play", name),
            option_id("play_money", name),
            option_id("play_energy", name),
        ):
            assert refused(s, oid)


def test_TAI_6_3_one_volley_may_attack_several_opponents():
    s = attack_table(3, hands={0: ["Punch", "Kick", "Punch"]})
    volley(s, ("Punch", 1), ("Kick", 2))
    assert health(s) == [150, 140, 145]


def test_TAI_6_4_a_volley_is_laid_card_by_card_with_targets_and_revealed_together():
    s = attack_table(3, hands={0: ["Punch", "Kick", "Punch"], 1: ["Shield"]})
    lay(s, "Kick", 2)
    lay(s, "Punch", 1)
    assert len(s["zones"]["hand:0"]) == 3 and names(s, "play:0") == []  # nothing is shown before the reveal
    assert view(s, 1)["private"] == {} and view(s, 0)["private"]["volley_being_laid"] == [
        ["Kick", 2, None],
        ["Punch", 1, None],
    ]
    assert "end" not in ids(s)  # while laying: lay more or reveal
    apply(s, "reveal")
    assert names(s, "play:0") == ["Kick", "Punch"]  # revealed together, in the laid order
    shown = next(e for e in s["events"] if e["t"] == "volley")
    assert shown["cards"] == [["Kick", 2, None, 5], ["Punch", 1, None, 10]]


def test_TAI_6_5_volleys_one_after_another_each_fully_resolved_first():
    s = attack_table(2, hands={0: ["Punch", "Punch", "Kick"], 1: ["Shield", "Shield"]})
    volley(s, ("Punch", 1))
    do(s, "play", "Shield")
    done(s)
    assert health(s)[1] == 150 and revealed_volley(s) is None  # resolved: the attacker sees the answer
    assert deciding(s) == (0, "attack")
    volley(s, ("Punch", 1), ("Kick", 1))  # the rest as a second volley
    done(s)
    assert health(s)[1] == 135


def test_TAI_6_6_effects_happen_in_the_order_played():
    s = attack_table(2, hands={0: ["Robber", "Robber", "Punch"], 1: ["Gold", "Kick"]}, seed=3)
    volley(s, ("Robber", 1), ("Robber", 1), ("Punch", 1))
    robs = [e for e in s["events"] if e["t"] == "rob"]
    assert len(robs) == 2 and names(s, "hand:1") == []  # both Robbers took their card, one after the other
    moves = [e["cause"] for e in s["events"] if e["t"] == "move" and e.get("cause") in ("rob",)]
    assert moves == ["rob", "rob"]
    assert health(s)[1] == 140  # the stolen Kick could not counter the Punch of the same volley
    for order in ((1, 2), (2, 1)):  # inside a volley: in the listed order, whoever the targets are
        t = attack_table(3, hands={0: ["Robber", "Robber", "Punch"], 1: ["Gold"], 2: ["Cash"]})
        volley(t, ("Robber", order[0]), ("Robber", order[1]))
        assert tuple(e["from"] for e in t["events"] if e["t"] == "rob") == order


def test_TAI_6_7_legal_targets_of_each_red_card():
    s = attack_table(3, hands={0: ["Punch", "Robber", "Poison", "Fire Bomb", "First Aid"]},
                     structs={0: ["Bunker"], 1: ["Market"]})  # fmt: skip
    for name in ("Punch", "Robber", "Poison"):
        assert targets_of(s, name) == {"1", "2"}
    assert targets_of(s, "Fire Bomb") == {struct_target(s, 1, "Market")}  # not its own Bunker
    assert targets_of(s, "First Aid") == {"0", "1", "2"}


def test_TAI_6_8_a_card_with_no_legal_target_cannot_be_played():
    s = attack_table(2, hands={0: ["Fire Bomb", "Punch"]}, structs={0: ["Bunker"]})
    assert card_id(s, "hand:0", "Fire Bomb") >= 0
    assert targets_of(s, "Fire Bomb") == set()
    assert refused(s, option_id("lay", "Fire Bomb", 1)) and refused(s, option_id("fire_bomb", 0, "Bunker"))


def test_TAI_6_9_with_teams_only_first_aid_may_target_a_teammate():
    s = attack_table(4, hands={0: ["Punch", "Fire Bomb", "Robber", "First Aid"]}, structs={2: ["Bunker"], 1: ["Market"]},
                     options={"teams": "0,2/1,3"})  # fmt: skip
    assert targets_of(s, "Punch") == {"1", "3"} and targets_of(s, "Robber") == {"1", "3"}
    assert targets_of(s, "Fire Bomb") == {struct_target(s, 1, "Market")}
    assert targets_of(s, "First Aid") == {"0", "1", "2", "3"}
    assert "Punch" in names(s, "hand:0") and refused(s, option_id("lay", "Punch", 2))


def test_TAI_6_10_a_volley_resolves_in_seven_steps():
    s = attack_table(
        3,
        hands={0: ["Punch", "Robber", "Shield", "Punch"], 1: ["Shotgun", "Kick"], 2: ["Shield", "Gold"]},
        seed=1,
    )
    volley(s, ("Robber", 2), ("Punch", 1), ("Punch", 2))
    steps = [deciding(s)]  # (1) the Shotgun window of the robbed seat 2 (no Shotgun: seat 1 may fire for it)
    do(s, "play", "Shotgun")  # seat 1 fires for seat 2: 5 counter damage, block 5 for seat 2, Robber stopped
    assert not any(e["t"] == "rob" for e in s["events"])
    fizzle = [e for e in s["events"] if e["t"] == "fizzle"]
    assert fizzle == [{"t": "fizzle", "s": 2, "what": "robber"}]  # (2) the Robber had no effect
    steps.append(deciding(s))  # (3) response windows: seat 1 first (clockwise after the attacker)
    do(s, "counter", "Kick")
    steps.append(deciding(s))  # seat 2 may help seat 1
    done(s)
    steps.append(deciding(s))  # seat 2's own window
    do(s, "play", "Shield")  # seat 2 has nothing more to play, and seat 1 nothing to help with
    steps.append(deciding(s))  # (4) the counter-shield step: 10 counter damage pending
    do(s, "play", "Shield")  # (5) all at once: seat 1 -10, seat 2 -(10-5-10 -> 0), attacker -(10-10)
    assert steps == [(1, "shotgun"), (1, "respond"), (2, "respond"), (2, "respond"), (0, "counter_shield")]
    assert health(s) == [150, 140, 150]


def test_TAI_6_11_attacked_means_aimed_at_by_a_card_other_than_first_aid():
    s = attack_table(3, hands={0: ["Fire Bomb", "First Aid", "Punch"], 1: ["Shield"], 2: ["Kick"]},
                     structs={2: ["Bunker"]})  # fmt: skip
    volley(s, ("First Aid", 1), ("Fire Bomb", struct_target(s, 2, "Bunker")))
    assert revealed_volley(s)["attacked"] == [
        2
    ]  # the First Aid target is not attacked, the structure owner is
    assert deciding(s) == (2, "respond") and card_names_in(s, "counter") == {"Kick"}


def test_TAI_6_12_the_attack_total_sums_the_damage_dealing_cards_aimed_at_a_player():
    s = attack_table(
        2, hands={0: ["Punch", "Kick", "9mm", "Poison"], 1: ["Shield"]}, levels=[[1, 1, 0, 0], [0, 0, 0, 0]]
    )
    volley(s, ("Punch", 1), ("Kick", 1), ("9mm", 1), ("Poison", 1))
    assert revealed_volley(s)["attack"] == [0, 20 + 15 + 25]


def test_TAI_6_13_damage_is_attack_minus_defense_minus_reduction_never_below_zero():
    s = attack_table(
        2, hands={0: ["Punch", "Punch", "9mm", "Kick"], 1: ["Shield", "Coin"]}, structs={1: ["Bunker"]}
    )
    volley(s, ("Punch", 1), ("9mm", 1))  # 25 - 10 (Shield) - 10 (Bunker) = 5
    do(s, "play", "Shield")
    assert health(s)[1] == 145
    volley(s, ("Kick", 1))  # 5 - 0 - 10 -> 0, not -5
    assert health(s)[1] == 145


def test_TAI_6_14_block_counts_only_in_its_own_volley():
    s = attack_table(2, hands={0: ["Kick", "Punch", "Punch"], 1: ["Shield", "Shield", "Coin"]})
    volley(s, ("Kick", 1))
    do(s, "play", "Shield")
    do(s, "play", "Shield")  # 20 block against 5: 15 wasted
    assert health(s)[1] == 150
    volley(s, ("Punch", 1))
    assert health(s)[1] == 140  # nothing carried over


def test_TAI_6_15_attack_cards_stay_in_play_until_the_end_step():
    s = attack_table(2, hands={0: ["Punch", "Kick", "Medic"], 1: ["Coin"]})
    volley(s, ("Punch", 1))
    assert names(s, "play:0") == ["Punch"] and "Punch" not in names(s, "discard:0")
    volley(s, ("Kick", 1))  # the last red card: the play step ends, then the end step
    assert names(s, "play:0") == [] and sorted(names(s, "discard:0")) == ["Kick", "Medic", "Punch"]


def test_TAI_6_16_a_revealed_volley_cannot_be_taken_back():
    s = attack_table(2, hands={0: ["Punch", "Kick"], 1: ["Shield"]})
    volley(s, ("Punch", 1))
    assert names(s, "hand:0") == ["Kick"]
    assert deciding(s) == (1, "respond")
    for bad in ("undo", "withdraw", option_id("lay", "Punch", 1), "reveal"):
        assert refused(s, bad)
    assert names(s, "play:0") == ["Punch"]


def test_TAI_6_17_a_first_aid_only_volley_goes_straight_to_resolution():
    s = attack_table(
        2, hands={0: ["First Aid", "Punch"], 1: ["Shield", "Kick", "Shotgun"]}, health=[100, 100]
    )
    volley(s, ("First Aid", 1))
    assert health(s) == [100, 110] and deciding(s) == (0, "attack")  # no window for anybody


def test_TAI_6_18_between_volleys_lay_another_burn_or_end():
    s = attack_table(2, hands={0: ["Punch", "Kick", "Burn-Barrel"], 1: ["Coin"]})
    volley(s, ("Punch", 1))
    assert verbs(s) == {"lay", "use_barrel", "end"}
    do(s, "use_barrel", "Burn-Barrel")
    assert deciding(s) == (0, "burn")
    apply(s, "stop")
    end_play(s)
    assert current(s) == 1


# ================================================================ section 7: defense and response windows


def test_TAI_7_1_blue_cards_only_when_under_attack():
    s = attack_table(2, hands={0: ["Punch", "Punch", "Shield"], 1: ["Shield", "Medic"]})
    # not on one's own attacking turn (outside the counter-shield step): neither played nor laid
    assert card_names_in(s, "play") == set() and card_names_in(s, "lay") == {"Punch"}
    volley(s, ("Punch", 1))
    assert card_names_in(s, "play") == {"Shield", "Medic"}


def test_TAI_7_2_the_defender_acts_first_with_blue_cards_kicks_and_9mms():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Shield", "Kick", "9mm", "Medic"], 2: ["Shield"]})
    volley(s, ("Punch", 1))
    assert deciding(s) == (1, "respond")
    assert card_names_in(s, "play") == {"Shield", "Medic"} and card_names_in(s, "counter") == {"Kick", "9mm"}
    do(s, "play", "Shield")
    do(s, "counter", "Kick")
    do(s, "counter", "9mm")
    assert deciding(s) == (1, "respond")  # still the defender: any number, one after another
    done(s)
    assert deciding(s) == (2, "respond")


def test_TAI_7_3_a_defender_may_decline():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Shield", "Kick"]})
    volley(s, ("Punch", 1))
    done(s)
    assert health(s)[1] == 140 and sorted(names(s, "hand:1")) == ["Kick", "Shield"]


def test_TAI_7_4_while_attacked_no_black_card_and_no_red_card_but_kick_and_9mm():
    s = attack_table(
        2, hands={0: ["Punch", "Punch"], 1: ["Punch", "Coin", "Bolt", "Burn-Barrel", "First Aid", "Kick"]}
    )
    volley(s, ("Punch", 1))
    assert card_names_in(s, "counter") == {"Kick"} and card_names_in(s, "play") == set()
    for name in ("Punch", "Coin", "Bolt", "Burn-Barrel", "First Aid"):
        assert card_id(s, "hand:1", name) >= 0
        for verb in ("counter", "play", "play_money", "play_energy", "use_barrel"):
            assert refused(s, option_id(verb, name))


def test_TAI_7_5_helpers_follow_clockwise_from_the_attackers_left():
    s = attack_table(4, current=1, hands={1: ["Punch", "Punch"], 0: ["Shield"], 2: ["Shield"], 3: ["Shield"]})
    volley(s, ("Punch", 3))
    order = []
    while revealed_volley(s) is not None:
        order.append(deciding(s)[0])
        done(s)
    assert order == [3, 2, 0]  # defender first, then clockwise after the attacker (seat 1), skipping both


def test_TAI_7_6_any_living_player_but_attacker_and_defender_may_help():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Coin"], 2: ["Shield"]}, options={"teams": "0,2/1"})
    volley(s, ("Punch", 1))
    assert deciding(s) == (2, "respond")  # the attacker's own teammate may help the defender
    do(s, "play", "Shield")
    assert health(s)[1] == 150


def test_TAI_7_7_helpers_never_counter():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Coin"], 2: ["Kick", "9mm", "Shield"]})
    volley(s, ("Punch", 1))
    assert deciding(s) == (2, "respond")
    assert card_names_in(s, "counter") == set() and card_names_in(s, "play") == {"Shield"}
    assert "Kick" in names(s, "hand:2") and refused(s, option_id("counter", "Kick"))


def test_TAI_7_8_window_cards_are_public_and_seen_by_later_players():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Shield", "Kick"], 2: ["Shield"]})
    volley(s, ("Punch", 1))
    do(s, "play", "Shield")
    done(s)
    v = view(s, 2)
    assert [e[1] for e in v["zones"]["resp:1"]] == ["Shield"]
    assert v["public"]["volley"]["block"][1] == 10
    assert "block 10 so far" in v["pending"]["prompt"]


def test_TAI_7_9_the_defense_total_adds_every_block_played_for_the_defender():
    s = attack_table(3, hands={0: ["9mm", "Punch", "Punch"], 1: ["Shield", "Shotgun"], 2: ["Shield", "Coin"]})
    volley(s, ("9mm", 1), ("Punch", 1), ("Punch", 1))  # 35
    do(s, "play", "Shield")
    do(s, "play", "Shotgun")
    do(s, "play", "Shield")  # helper
    assert health(s)[1] == 150 - (35 - 25)


def test_TAI_7_10_blue_cards_only_reduce_damage_except_medic():
    s = attack_table(2, hands={0: ["Kick", "Punch"], 1: ["Shield", "Shield", "Coin"]}, health=[150, 100])
    volley(s, ("Kick", 1))
    do(s, "play", "Shield")
    do(s, "play", "Shield")
    assert health(s)[1] == 100  # 20 block against 5: no health gained


def test_TAI_7_11_a_card_protects_only_the_player_it_was_played_for():
    s = attack_table(3, hands={0: ["Kick", "Punch", "Punch"], 1: ["Shield", "Shield"], 2: ["Coin"]})
    volley(s, ("Kick", 1), ("Punch", 2))
    do(s, "play", "Shield")
    do(s, "play", "Shield")  # 20 block for seat 1: 15 left over...
    assert health(s) == [150, 150, 140]  # ...that does nothing for seat 2


def test_TAI_7_12_window_cards_go_to_their_players_discard_piles_at_resolution():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Shield", "Kick"], 2: ["Medic"]})
    volley(s, ("Punch", 1))
    do(s, "play", "Shield")
    do(s, "counter", "Kick")
    do(s, "play", "Medic")  # seat 2 helps
    assert sorted(names(s, "discard:1")) == ["Kick", "Shield"] and names(s, "discard:2") == ["Medic"]
    assert names(s, "resp:1") == names(s, "resp:2") == []


def test_TAI_7_13_an_attacked_player_may_help_another_attacked_player():
    s = attack_table(3, hands={0: ["Punch", "Punch", "Kick"], 1: ["Shield", "Shield"], 2: ["Coin"]})
    volley(s, ("Punch", 1), ("Punch", 2))
    assert deciding(s) == (1, "respond") and "you are attacked" in s["pending"]["prompt"]
    done(s)  # seat 1 keeps its Shields in its own window (seat 2 has nothing to help with)...
    assert deciding(s) == (1, "respond") and "help P3" in s["pending"]["prompt"]  # ...and helps in seat 2's
    do(s, "play", "Shield")
    done(s)
    assert health(s) == [150, 140, 150]


def test_TAI_7_14_nobody_draws_during_a_window():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Shield", "Shield", "Coin"]})
    deck_before = len(s["zones"]["deck:1"])
    volley(s, ("Punch", 1))
    do(s, "play", "Shield")
    do(s, "play", "Shield")
    assert len(s["zones"]["hand:1"]) == 1 and len(s["zones"]["deck:1"]) == deck_before
