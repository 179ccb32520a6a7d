"""Taking of Taidian scenario tests, section 8: Kick and 9mm, Shield, Shotgun, Robber, Poison, Antidote, Medic,
First Aid, Fire Bomb and Burn-Barrel."""

from __future__ import annotations

from tests.support.taidian_helpers import (
    alive,
    antidote,
    apply,
    attack_table,
    burned,
    card_id,
    card_names_in,
    deciding,
    do,
    done,
    end_play,
    health,
    ids,
    levels,
    names,
    opt,
    parsed,
    poisons,
    protected,
    refused,
    revealed_volley,
    struct_target,
    table,
    upgrade_table,
    verbs,
    volley,
)

from cardsmith.core import apply as core_apply
from cardsmith.core import clone, rng, view
from cardsmith.core.actions import option_id

# ================================================================ Kick and 9mm


def test_TAI_8_1_kick_and_9mm_are_ordinary_attacks_on_ones_own_turn():
    s = attack_table(2, hands={0: ["Kick", "9mm", "Punch"]})
    volley(s, ("Kick", 1), ("9mm", 1))
    assert health(s)[1] == 130


def test_TAI_8_2_a_defenders_kick_or_9mm_counters_the_attacker_and_adds_no_block():
    s = attack_table(
        2, hands={0: ["Punch", "Punch"], 1: ["9mm", "Kick"]}, levels=[[0, 0, 0, 0], [1, 0, 0, 0]]
    )
    volley(s, ("Punch", 1))
    do(s, "counter", "9mm")  # 15 + 10 (the defender's Aim 1)
    do(s, "counter", "Kick")
    assert health(s) == [150 - 30, 140]  # no block from the counters: the Punch hits in full


def test_TAI_8_3_a_defender_can_go_down_kicking():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Kick"]}, health=[150, 10])
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")
    assert alive(s)[1] is False and health(s)[0] == 145  # the counter landed all the same
    assert s["result"]["winners"] == [0]


def test_TAI_8_4_counters_answer_any_attack_but_never_a_counter():
    s = attack_table(2, hands={0: ["Robber", "Kick", "Punch"], 1: ["Kick", "Kick"]})
    volley(s, ("Robber", 1))  # takes one Kick; the other answers the Robber-only volley
    do(s, "counter", "Kick")
    assert health(s) == [145, 150]
    t = attack_table(2, hands={0: ["Poison", "Kick", "Shield"], 1: ["Kick"]})
    volley(t, ("Poison", 1))
    do(t, "counter", "Kick")  # a Poison-only volley may be countered
    assert deciding(t) == (0, "counter_shield")
    assert (
        card_names_in(t, "play") == {"Shield"} and card_names_in(t, "counter") == set()
    )  # no counter to a counter
    assert "Kick" in names(t, "hand:0") and refused(t, option_id("counter", "Kick"))


# ================================================================ Shield


def test_TAI_8_5_a_shield_blocks_and_never_heals():
    s = attack_table(2, hands={0: ["Kick", "Punch"], 1: ["Shield", "Coin"]}, health=[150, 90])
    volley(s, ("Kick", 1))
    do(s, "play", "Shield")
    assert health(s)[1] == 90


def test_TAI_8_6_only_the_attacker_shields_against_counters_and_only_with_shields():
    s = attack_table(3, hands={0: ["Punch", "Shield", "Medic", "Kick"], 1: ["Kick"], 2: ["Shield"]})
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")
    done(s)  # seat 2 declines to help seat 1
    assert deciding(s) == (0, "counter_shield")
    assert card_names_in(s, "play") == {"Shield"}
    assert "Medic" in names(s, "hand:0") and refused(s, option_id("play", "Medic"))
    done(s)
    assert revealed_volley(s) is None and len(s["zones"]["hand:2"]) == 1  # nobody else was asked


def test_TAI_8_7_counter_damage_minus_counter_shields_never_below_zero():
    s = attack_table(2, hands={0: ["Punch", "Shield", "Shield", "Kick"], 1: ["9mm", "Kick"]})
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")
    done(s)
    do(s, "play", "Shield")
    do(s, "play", "Shield")  # 20 block against 5 (no Shield left: the step closes)
    assert health(s)[0] == 150 and names(s, "discard:0") == ["Shield", "Shield"]
    assert names(s, "play:0") == ["Punch"]


# ================================================================ Shotgun


def test_TAI_8_8_each_shotgun_deals_five_counter_damage():
    s = attack_table(2, hands={0: ["Punch", "Robber", "Kick"], 1: ["Shotgun", "Shotgun", "Coin"]})
    volley(s, ("Robber", 1), ("Punch", 1))
    assert deciding(s) == (1, "shotgun")
    do(s, "play", "Shotgun")  # in the Shotgun window
    do(s, "play", "Shotgun")  # only a Coin is left: no more windows to ask
    assert health(s) == [140, 150]  # 2 x 5 counter damage; 2 x 5 block against the Punch


def test_TAI_8_9_shotgun_damage_is_fixed_and_credited_to_its_player():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Coin"], 2: ["Shotgun", "Coin"]},
                     levels=[[0, 0, 0, 0], [0, 0, 0, 0], [3, 3, 3, 3]])  # fmt: skip
    volley(s, ("Punch", 1))
    do(s, "play", "Shotgun")  # the helper fires for seat 1
    assert revealed_volley(s) is None
    assert health(s)[0] == 145  # 5, whatever the levels
    t = attack_table(
        3, hands={0: ["Punch", "Punch"], 1: ["Coin"], 2: ["Shotgun", "Coin"]}, health=[5, 150, 150]
    )
    volley(t, ("Punch", 1))
    do(t, "play", "Shotgun")
    out = next(e for e in t["events"] if e["t"] == "out")
    assert out == {"t": "out", "s": 0, "by": 2}  # credited to the helper who fired it


def test_TAI_8_10_the_shotguns_block_counts_for_the_player_it_protects():
    s = attack_table(
        2, hands={0: ["Punch", "Punch"], 1: ["Shotgun", "Coin"]}, levels=[[0, 0, 0, 0], [1, 0, 0, 0]]
    )
    volley(s, ("Punch", 1))
    do(s, "play", "Shotgun")  # block 5 + 10 (Aim 1) against 10
    assert health(s) == [145, 150]


def test_TAI_8_11_a_shotgun_stops_every_robber_at_that_player_for_the_rest_of_the_turn():
    s = attack_table(2, hands={0: ["Punch", "Robber", "Robber"], 1: ["Shotgun", "Gold", "Cash"]})
    volley(s, ("Punch", 1))
    do(s, "play", "Shotgun")
    assert protected(s) == [1]
    volley(s, ("Robber", 1), ("Robber", 1))  # no Shotgun window: already protected
    assert [e for e in s["events"] if e["t"] == "fizzle"] == [{"t": "fizzle", "s": 1, "what": "robber"}] * 2
    assert sorted(names(s, "hand:1")) == ["Cash", "Gold"]
    u = attack_table(2, hands={0: ["Robber", "Robber", "Punch"], 1: ["Shotgun", "Gold"]})
    volley(u, ("Robber", 1), ("Robber", 1))
    do(u, "play", "Shotgun")  # in the Shotgun window: both Robbers of this volley fail
    assert names(u, "hand:1") == ["Gold"]


def test_TAI_8_12_shotgun_windows_come_before_robbers_robbed_player_then_helpers():
    s = attack_table(4, hands={0: ["Robber", "Robber", "Punch"], 1: ["Shotgun"], 2: ["Shotgun", "Punch"],
                               3: ["Shotgun", "Shield"]})  # fmt: skip
    volley(s, ("Robber", 3), ("Robber", 2))
    order = [deciding(s)]
    assert card_names_in(s, "play") == {"Shotgun"}  # Shotguns only
    done(s)
    while deciding(s)[1] == "shotgun":
        order.append(deciding(s))
        done(s)
    # seat 2's window (robbed seat first, then seats 1 and 3), then seat 3's window (seat 3, then 1 and 2)
    assert order == [(2, "shotgun"), (1, "shotgun"), (3, "shotgun"), (3, "shotgun"), (1, "shotgun"),
                     (2, "shotgun")]  # fmt: skip
    assert len([e for e in s["events"] if e["t"] == "rob"]) == 2


def test_TAI_8_13_a_shotgun_window_shotgun_is_part_of_the_answer_to_that_volley():
    s = attack_table(2, hands={0: ["Robber", "Punch", "Kick"], 1: ["Shotgun", "Coin"]})
    volley(s, ("Robber", 1), ("Punch", 1))
    do(s, "play", "Shotgun")  # the response window has nothing more to ask: the volley resolves
    assert health(s) == [145, 145]  # its block 5 against the Punch, its 5 counter damage
    assert next(e for e in s["events"] if e["t"] == "resolve")["hp"] == [[0, 5, 0, 145], [1, 5, 0, 145]]


def test_TAI_8_14_a_robber_that_fails_stays_in_play_until_the_end_step():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Shotgun", "Coin"]}, protected=[1])
    volley(s, ("Robber", 1))
    done(s)  # seat 1 keeps its Shotgun
    assert "Robber" in names(s, "play:0") and sorted(names(s, "hand:1")) == ["Coin", "Shotgun"]
    volley(s, ("Punch", 1))
    done(s)
    assert "Robber" in names(s, "discard:0")


# ================================================================ Robber


def test_TAI_8_15_a_robber_deals_no_damage_and_takes_a_card():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Gold"]})
    volley(s, ("Robber", 1))
    assert health(s) == [150, 150] and names(s, "hand:1") == [] and names(s, "discard:0") == ["Gold"]


def test_TAI_8_16_the_card_taken_is_random_among_non_structures():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Bunker", "Gold", "Cash", "Coin"]}, seed=5)
    probe = clone(s)
    candidates = [c for c in probe["zones"]["hand:1"] if probe["cards"][c] != "Bunker"]
    expected = probe["cards"][candidates[rng.below(probe, len(candidates))]]
    volley(s, ("Robber", 1))
    assert names(s, "discard:0") == [expected]
    assert "Bunker" in names(s, "hand:1")
    picks = set()
    for seed in range(30):
        t = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Bunker", "Gold", "Cash", "Coin"]}, seed=seed)
        volley(t, ("Robber", 1))
        picks.add(names(t, "discard:0")[0])
    assert picks == {"Gold", "Cash", "Coin"}  # never the structure


def test_TAI_8_17_each_robber_takes_one_card_in_laying_order():
    s = attack_table(3, hands={0: ["Robber", "Robber", "Punch"], 1: ["Gold", "Cash"], 2: ["Bolt", "Flash"]})
    volley(s, ("Robber", 2), ("Robber", 1))
    robs = [(e["from"], e["name"]) for e in s["events"] if e["t"] == "rob"]
    assert [r[0] for r in robs] == [2, 1]
    assert len(s["zones"]["hand:1"]) == 1 and len(s["zones"]["hand:2"]) == 1


def test_TAI_8_18_robbers_act_before_the_windows():
    s = attack_table(2, hands={0: ["Robber", "Punch", "Punch"], 1: ["Kick"]})
    volley(s, ("Robber", 1), ("Punch", 1))
    assert names(s, "hand:0") == ["Punch", "Kick"] or sorted(names(s, "hand:0")) == ["Kick", "Punch"]
    assert health(s) == [150, 140]  # no window: the Kick was gone before it could counter


def test_TAI_8_19_a_stolen_red_card_joins_the_hand_and_may_be_laid_later():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["9mm"]}, levels=[[2, 0, 0, 0], [0, 0, 0, 0]])
    volley(s, ("Robber", 1))
    assert sorted(names(s, "hand:0")) == ["9mm", "Punch"]
    volley(s, ("9mm", 1))
    assert health(s)[1] == 150 - 35  # with the thief's Aim 2


def test_TAI_8_20_a_stolen_card_of_another_colour_goes_to_the_discard_pile():
    for card in ("Shield", "Gold", "Medic"):
        s = attack_table(2, hands={0: ["Robber", "Punch"], 1: [card]})
        volley(s, ("Robber", 1))
        assert names(s, "discard:0") == [card] and card not in names(s, "hand:0")


def test_TAI_8_21_a_stolen_card_is_shown_to_everyone():
    s = attack_table(3, hands={0: ["Robber", "Punch"], 1: ["Kick"]})
    volley(s, ("Robber", 1))
    for seat in (None, 0, 1, 2):
        seen = [e for e in view(s, seat)["events"] if e["t"] == "rob"]
        assert seen == [{"t": "rob", "s": 0, "from": 1, "name": "Kick"}]


def test_TAI_8_22_a_robber_finding_nothing_still_attacks():
    s = attack_table(3, hands={0: ["Robber", "Punch"], 1: ["Bunker"], 2: ["Shield"]})
    volley(s, ("Robber", 1))
    assert [e["name"] for e in s["events"] if e["t"] == "rob"] == [None]
    assert revealed_volley(s)["attacked"] == [1] and deciding(s) == (
        2,
        "respond",
    )  # a window for the attacked seat 1
    assert names(s, "hand:1") == ["Bunker"]


def test_TAI_8_23_a_stolen_card_left_in_hand_is_discarded_at_the_end_step():
    s = attack_table(2, hands={0: ["Robber", "Punch"], 1: ["Kick"]})
    volley(s, ("Robber", 1))
    end_play(s)
    assert sorted(names(s, "discard:0")) == ["Kick", "Punch", "Robber"]


# ================================================================ Poison


def test_TAI_8_24_a_poison_goes_onto_the_targets_track_with_four_ticks():
    s = attack_table(2, hands={0: ["Poison", "Punch"]})
    volley(s, ("Poison", 1))
    assert names(s, "poison:1") == ["Poison"] and [
        poisons(s)[0][k] for k in ("owner", "victim", "ticks")
    ] == [0, 1, 4]


def test_TAI_8_25_a_poison_deals_no_damage_when_played():
    s = attack_table(2, hands={0: ["Poison", "Punch", "Punch"], 1: ["Shield"]})
    volley(s, ("Poison", 1), ("Punch", 1))
    assert revealed_volley(s)["attack"][1] == 10
    done(s)
    assert health(s)[1] == 140


def test_TAI_8_26_tick_damage_is_fixed_when_the_poison_is_played():
    s = attack_table(2, hands={0: ["Poison", "Punch"]}, levels=[[0, 0, 2, 0], [0, 0, 0, 0]])
    volley(s, ("Poison", 1))
    assert poisons(s)[0]["damage"] == 25  # 5 + 2 x 10 Skill
    levels(s)[0][2] = 3  # a later Skill level changes nothing
    end_play(s)
    apply(s, "upgrade")  # seat 1 has nothing to play; seat 0's next turn starts with the tick
    assert [e["dmg"] for e in s["events"] if e["t"] == "tick"] == [25]


def test_TAI_8_27_a_poison_first_ticks_on_its_owners_next_turn():
    s = attack_table(2, hands={0: ["Poison", "Punch"], 1: ["Coin"]})
    volley(s, ("Poison", 1))
    assert health(s)[1] == 150
    end_play(s)  # seat 1's turn: no tick (not the owner)
    assert health(s)[1] == 150 and deciding(s) == (1, "turn_type")
    apply(s, "upgrade")
    do(s, "play_money", "Coin")
    end_play(s)  # seat 0's next turn begins with the tick
    assert health(s)[1] == 145 and poisons(s)[0]["ticks"] == 3


def test_TAI_8_28_a_tick_window_victim_then_others_except_owner_then_damage():
    s = table(4, step="start", current=1, hands={2: ["Medic", "Shield", "Kick"], 0: ["Medic"], 3: ["Antidote"]},
              poisons=[{"owner": 1, "victim": 2, "ticks": 2, "damage": 20}])  # fmt: skip
    assert deciding(s) == (2, "tick")
    assert (
        card_names_in(s, "play") == {"Medic"} and card_names_in(s, "counter") == set()
    )  # Medic/Antidote only
    done(s)
    assert deciding(s) == (3, "tick")  # clockwise after the owner (seat 1): 3, 0 (seat 2 is the victim)
    done(s)
    assert deciding(s) == (0, "tick")
    do(s, "play", "Medic")  # heal 15 netted with 20 damage
    assert health(s)[2] == 145 and poisons(s)[0]["ticks"] == 1
    assert names(s, "discard:0") == ["Medic"] and deciding(s) == (1, "turn_type")


def test_TAI_8_29_only_medic_and_antidote_touch_poison_damage():
    s = table(2, step="start", current=0, hands={1: ["Shield", "Shotgun", "Kick", "Medic"]}, structs={1: ["Bunker"]},
              poisons=[{"owner": 0, "victim": 1, "ticks": 4, "damage": 20}])  # fmt: skip
    assert card_names_in(s, "play") == {"Medic"}
    done(s)
    assert health(s)[1] == 130  # the Bunker does not help


def test_TAI_8_30_after_its_fourth_tick_a_poison_goes_to_its_owners_discard():
    s = table(
        2, step="start", current=0, hands={0: ["Coin"]}, poisons=[{"owner": 0, "victim": 1, "ticks": 1}]
    )
    assert poisons(s) == [] and names(s, "discard:0") == ["Poison"] and names(s, "poison:1") == []
    assert any(e["t"] == "poison_end" and e["why"] == "expired" for e in s["events"])


def test_TAI_8_31_a_poison_never_moves_to_another_player():
    s = table(3, step="choice", hands={0: ["Coin"], 1: ["Coin"], 2: ["Coin"]},
              poisons=[{"owner": 0, "victim": 1, "ticks": 4}])  # fmt: skip
    assert [(p["owner"], p["victim"]) for p in poisons(s)] == [(0, 1)]
    pid = card_id(s, "poison:1", "Poison")
    ticks = []
    while poisons(s):
        assert s["zones"]["poison:1"] == [pid]  # on seat 1, round after round
        ticks.append(poisons(s)[0]["ticks"])
        apply(s, "upgrade")
        end_play(s)
    assert ticks[0] == 4 and ticks[-1] == 1 and s["zones"]["discard:0"][-1] == pid
    assert names(s, "poison:2") == [] and names(s, "poison:0") == []


def test_TAI_8_32_a_poison_may_be_countered_only_in_its_own_volley():
    s = attack_table(2, hands={0: ["Poison", "Punch"], 1: ["Kick", "Kick"]})
    volley(s, ("Poison", 1))
    do(s, "counter", "Kick")
    done(s)
    assert health(s)[0] == 145
    t = table(2, step="start", current=0, hands={1: ["Kick", "Medic"]}, poisons=[{"owner": 0, "victim": 1}])
    assert deciding(t) == (1, "tick") and card_names_in(t, "counter") == set()
    assert "Kick" in names(t, "hand:1") and refused(t, option_id("counter", "Kick"))


def test_TAI_8_33_an_eliminated_owners_poison_ticks_at_the_owners_seat():
    s = table(3, step="choice", current=0, hands={0: ["Coin"]}, alive=[True, False, True], health=[150, 0, 150],
              poisons=[{"owner": 1, "victim": 0, "ticks": 4, "damage": 10}])  # fmt: skip
    apply(s, "upgrade")
    end_play(s)
    assert health(s)[0] == 140 and deciding(s) == (
        2,
        "turn_type",
    )  # ticked at seat 1, before seat 2's turn


def test_TAI_8_34_a_poison_ending_while_its_owner_is_out_leaves_the_game():
    s = table(3, step="choice", current=0, hands={0: ["Coin"]}, alive=[True, False, True], health=[150, 0, 150],
              poisons=[{"owner": 1, "victim": 0, "ticks": 1, "damage": 10}])  # fmt: skip
    apply(s, "upgrade")
    end_play(s)
    assert names(s, "out") == ["Poison"] and poisons(s) == []


def test_TAI_8_35_several_poisons_each_on_its_owners_schedule():
    s = table(3, step="start", current=0, hands={0: ["Coin"], 1: ["Coin"]},
              poisons=[{"owner": 0, "victim": 2, "damage": 5}, {"owner": 1, "victim": 2, "damage": 7}])  # fmt: skip
    assert health(s)[2] == 145  # seat 0's turn: only its own Poison
    apply(s, "upgrade")
    end_play(s)
    assert health(s)[2] == 138  # seat 1's turn: the other one
    assert [p["ticks"] for p in poisons(s)] == [3, 3]


def test_TAI_8_36_poisons_on_an_eliminated_victim_end():
    s = attack_table(3, hands={0: ["Punch", "Punch"]}, health=[150, 10, 150],
                     poisons=[{"owner": 0, "victim": 1}, {"owner": 2, "victim": 1}])  # fmt: skip
    volley(s, ("Punch", 1))
    assert alive(s)[1] is False and poisons(s) == []
    assert names(s, "discard:0") == ["Poison"] and names(s, "discard:2") == ["Poison"]


# ================================================================ Antidote


def test_TAI_8_37_only_an_antidote_removes_a_poison():
    s = table(
        2, step="start", current=0, hands={1: ["Medic", "Antidote"]}, poisons=[{"owner": 0, "victim": 1}]
    )
    do(s, "play", "Medic")
    assert len(poisons(s)) == 1  # Medic heals but the Poison stays
    assert "Antidote" in names(s, "hand:1")
    apply(s, antidote(s, 0, 1))
    assert poisons(s) == []


def test_TAI_8_38_the_antidotes_player_picks_which_poison_goes():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 2: ["Antidote"], 1: ["Coin"]},
                     poisons=[{"owner": 0, "victim": 1, "damage": 5}, {"owner": 2, "victim": 1, "damage": 9}])  # fmt: skip
    volley(s, ("Punch", 1))
    assert deciding(s) == (2, "respond")  # a helper may play it in a response window
    anti = [o for o in ids(s) if parsed(o).verb == "antidote"]
    assert len(anti) == 2 and antidote(s, 0, 1) in anti
    assert "Antidote" in names(s, "hand:2")
    apply(s, antidote(s, 2, 1))
    assert [p["owner"] for p in poisons(s)] == [0] and sorted(names(s, "discard:2")) == ["Antidote", "Poison"]
    t = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Antidote", "Shield"]})
    volley(t, ("Punch", 1))
    assert deciding(t) == (1, "respond") and card_names_in(t, "play") == {"Shield"}
    assert "antidote" not in verbs(t)  # no Poison on seat 1: no Antidote to play
    u = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Antidote"]}, skip_idle=False)
    core_apply(u, opt(u, "lay", "Punch", 1))
    core_apply(u, "reveal")
    assert deciding(u) == (1, "respond") and ids(u) == ["done"]


def test_TAI_8_39_removing_the_ticking_poison_prevents_the_tick():
    s = table(2, step="start", current=0, hands={1: ["Antidote"], 0: ["Coin"]},
              poisons=[{"owner": 0, "victim": 1, "damage": 30}])  # fmt: skip
    assert "Antidote" in names(s, "hand:1")
    apply(s, antidote(s, 0, 1))
    assert health(s)[1] == 150 and poisons(s) == [] and names(s, "discard:0") == ["Poison"]


def test_TAI_8_40_an_antidote_adds_no_block_and_no_healing():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Antidote"]}, health=[150, 100],
                     poisons=[{"owner": 0, "victim": 1}])  # fmt: skip
    volley(s, ("Punch", 1))
    assert "Antidote" in names(s, "hand:1")
    apply(s, antidote(s, 0, 1))
    assert health(s)[1] == 90


# ================================================================ Medic


def test_TAI_8_41_a_medic_heals_with_the_healing_of_whoever_plays_it():
    s = attack_table(3, hands={0: ["Kick", "Punch"], 1: ["Coin"], 2: ["Medic"]}, health=[150, 100, 150],
                     levels=[[0, 0, 0, 0], [0, 0, 0, 3], [0, 0, 0, 1]])  # fmt: skip
    volley(s, ("Kick", 1))
    do(s, "play", "Medic")  # seat 2's Healing 1: 25
    assert health(s)[1] == 100 - 5 + 25


def test_TAI_8_42_medic_adds_no_block_and_is_netted():
    s = attack_table(2, hands={0: ["Punch", "Punch", "Punch"], 1: ["Medic"]}, health=[150, 20])
    volley(s, ("Punch", 1), ("Punch", 1))  # 20 damage would be lethal on its own
    do(s, "play", "Medic")
    assert alive(s)[1] is True and health(s)[1] == 15


def test_TAI_8_43_a_medic_in_a_tick_window_makes_up_for_poison_but_it_stays():
    s = table(2, step="start", current=0, hands={1: ["Medic"], 0: ["Coin"]}, health=[150, 100],
              poisons=[{"owner": 0, "victim": 1, "damage": 10}])  # fmt: skip
    do(s, "play", "Medic")
    assert health(s)[1] == 105 and len(poisons(s)) == 1 and poisons(s)[0]["ticks"] == 3


# ================================================================ First Aid


def test_TAI_8_44_first_aid_heals_the_owner_or_another_player():
    s = attack_table(3, hands={0: ["First Aid", "First Aid", "Punch"]}, health=[100, 100, 100])
    volley(s, ("First Aid", 0), ("First Aid", 2))
    assert health(s) == [110, 100, 110]


def test_TAI_8_45_first_aid_heals_in_step_five_with_healing_levels():
    s = attack_table(2, hands={0: ["First Aid", "Punch", "Punch"], 1: ["Shield"]}, health=[150, 100],
                     levels=[[0, 0, 0, 1], [0, 0, 0, 0]])  # fmt: skip
    volley(s, ("First Aid", 1), ("Punch", 1))
    assert health(s)[1] == 100 and revealed_volley(s)["healing"][1] == 20  # not yet: the window comes first
    done(s)
    assert health(s)[1] == 100 - 10 + 20


def test_TAI_8_46_the_first_aid_target_gets_no_window():
    s = attack_table(2, hands={0: ["First Aid", "Punch"], 1: ["Kick", "Shield"]}, health=[150, 100])
    volley(s, ("First Aid", 1))
    assert deciding(s) == (0, "attack") and health(s)[1] == 110


def test_TAI_8_47_first_aid_only_on_ones_own_attacking_turn():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["First Aid", "Shield"]})
    volley(s, ("Punch", 1))
    assert "First Aid" not in card_names_in(s, "play") | card_names_in(s, "counter")
    assert "First Aid" in names(s, "hand:1") and refused(s, option_id("lay", "First Aid", 1))
    u = upgrade_table(2, hands={0: ["First Aid", "Coin"]})
    assert "First Aid" in names(u, "hand:0") and refused(u, option_id("lay", "First Aid", 0))


# ================================================================ Fire Bomb


def test_TAI_8_48_a_fire_bomb_sends_a_structure_to_its_owners_discard():
    s = attack_table(2, hands={0: ["Fire Bomb", "Punch"]}, structs={1: ["Generator", "Bunker"]})
    volley(s, ("Fire Bomb", struct_target(s, 1, "Generator")))
    assert names(s, "struct:1") == ["Bunker"] and names(s, "discard:1") == ["Generator"]


def test_TAI_8_49_a_fire_bomb_deals_no_damage():
    s = attack_table(2, hands={0: ["Fire Bomb", "Punch"]}, structs={1: ["Market"]})
    volley(s, ("Fire Bomb", struct_target(s, 1, "Market")))
    assert health(s) == [150, 150]


def test_TAI_8_50_the_structures_owner_is_attacked_and_may_answer():
    s = attack_table(2, hands={0: ["Fire Bomb", "Punch"], 1: ["Kick", "Shield"]}, structs={1: ["Market"]})
    volley(s, ("Fire Bomb", struct_target(s, 1, "Market")))
    assert names(s, "discard:1") == ["Market"]  # already gone: nothing prevents it
    assert deciding(s) == (1, "respond")
    do(s, "counter", "Kick")
    done(s)
    assert health(s)[0] == 145


def test_TAI_8_51_a_bombed_structure_gives_no_reduction_in_that_volley():
    s = attack_table(2, hands={0: ["Fire Bomb", "Punch", "Punch"]}, structs={1: ["Bunker"]})
    volley(s, ("Punch", 1), ("Fire Bomb", struct_target(s, 1, "Bunker")))
    assert health(s)[1] == 140  # the Bunker was laid after the Punch, but Fire Bombs act in step 2


# ================================================================ Burn-Barrel


def test_TAI_8_52_a_burn_barrel_on_either_turn_type_between_volleys():
    u = upgrade_table(2, hands={0: ["Burn-Barrel", "Punch", "Coin"]})
    assert "use_barrel" in verbs(u)
    a = attack_table(2, hands={0: ["Burn-Barrel", "Punch", "Kick"], 1: ["Coin"]})
    from tests.support.taidian_helpers import lay

    lay(a, "Punch", 1)
    assert "use_barrel" not in verbs(a)  # not while a volley is being laid
    apply(a, "reveal")
    do(a, "use_barrel", "Burn-Barrel")
    assert deciding(a) == (0, "burn")


def test_TAI_8_53_a_burn_barrel_burns_up_to_two_other_cards():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Punch", "Kick", "Shield", "Coin"]})
    do(s, "use_barrel", "Burn-Barrel")
    assert card_names_in(s, "burn") == {"Punch", "Kick", "Shield", "Coin"}  # never itself
    do(s, "burn", "Punch")
    do(s, "burn", "Kick")
    assert deciding(s) == (0, "upgrade") and sorted(names(s, "out")) == ["Kick", "Punch"]


def test_TAI_8_54_no_more_than_two_cards_burned_in_a_turn():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Burn-Barrel", "Punch", "Kick", "Shield", "Coin"]})
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Punch")
    apply(s, "stop")
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Kick")  # the second card of the turn: no third
    assert deciding(s) == (0, "upgrade") and burned(s) == 2
    assert sorted(names(s, "out")) == ["Kick", "Punch"]


def test_TAI_8_55_the_used_burn_barrel_is_discarded_in_the_end_step():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Punch", "Coin"]})
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Punch")
    apply(s, "stop")
    assert names(s, "play:0") == ["Burn-Barrel"]
    end_play(s)
    assert "Burn-Barrel" in names(s, "discard:0") and "Burn-Barrel" not in names(s, "out")


def test_TAI_8_56_no_burn_barrel_on_another_players_turn_or_while_attacked():
    s = attack_table(2, hands={0: ["Punch", "Punch"], 1: ["Burn-Barrel", "Shield"]})
    volley(s, ("Punch", 1))
    assert "Burn-Barrel" in names(s, "hand:1") and refused(s, option_id("use_barrel", "Burn-Barrel"))
    assert card_names_in(s, "play") == {"Shield"}


def test_TAI_8_57_burned_cards_never_come_back():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Gold", "Coin"]}, decks={0: []})
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Gold")
    apply(s, "stop")
    end_play(s)  # the end step reshuffles the discard pile: the Gold is not in it
    assert names(s, "out") == ["Gold"] and "Gold" not in names(s, "hand:0") + names(s, "deck:0")
