"""Taking of Taidian scenario tests: section 11 (health, elimination, victory), section 12 (teams) and the
knockout-reward and round-cap options of section 13."""

from __future__ import annotations

import pytest
from tests.support.taidian_helpers import (
    alive,
    apply,
    attack_table,
    card_names_in,
    deciding,
    do,
    done,
    end_play,
    health,
    names,
    poisons,
    refused,
    round_number,
    table,
    targets_of,
    teams,
    upgrade_table,
    verbs,
    volley,
)

from cardsmith.core import OptionError, new_game, view
from cardsmith.core.actions import option_id

# ================================================================ section 11: health, elimination and victory


def test_TAI_11_1_health_moves_only_through_damage_and_healing():
    s = upgrade_table(2, hands={0: ["Strike", "Gold", "Coin"]}, health=[100, 100], energy=[5, 0])
    do(s, "play_energy", "Strike")
    apply(s, option_id("power_up", "healing"))
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Medic"))
    assert health(s) == [100, 100]  # upgrading, powering up and buying change no health
    p = table(
        2, step="start", current=0, characters=["Phoenix", "Volt"], health=[100, 100], hands={0: ["Coin"]}
    )
    assert health(p) == [105, 100]  # an ability whose text heals


def test_TAI_11_2_health_never_exceeds_the_maximum():
    s = attack_table(2, hands={0: ["Kick", "Punch"], 1: ["Medic", "Medic"]}, health=[150, 140])
    volley(s, ("Kick", 1))
    do(s, "play", "Medic")
    do(s, "play", "Medic")
    assert health(s)[1] == 150  # 140 - 5 + 30, capped


def test_TAI_11_3_damage_and_healing_of_one_resolution_are_netted():
    s = attack_table(2, hands={0: ["Punch", "First Aid", "Kick"], 1: ["9mm"]}, health=[10, 150])
    volley(s, ("Punch", 1), ("First Aid", 0))
    do(s, "counter", "9mm")  # 15 counter damage against 10 health, with 10 healing in the same resolution
    assert alive(s)[0] is True and health(s)[0] == 5


def test_TAI_11_4_zero_or_less_after_a_resolution_eliminates():
    s = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 10, 150])
    volley(s, ("9mm", 1))
    assert alive(s) == [True, False, True] and health(s)[1] == 0
    assert view(s, 2)["public"]["players"][1]["alive"] is False


def test_TAI_11_5_everyone_hit_by_one_resolution_is_affected_together():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Kick"], 2: ["Coin"]}, health=[5, 10, 10])
    volley(s, ("Punch", 1), ("Punch", 2))
    do(s, "counter", "Kick")  # seat 1 would die before seat 0 is hit if it were checked card by card
    assert alive(s) == [False, False, False]
    assert [e["s"] for e in s["events"] if e["t"] == "out"] == [1, 2, 0]


def test_TAI_11_6_an_eliminated_players_cards_go_out_of_the_game():
    s = attack_table(3, hands={0: ["9mm", "Punch"], 1: ["Shield"]}, health=[150, 5, 150],
                     discards={1: ["Gold"]}, structs={1: ["Market"]}, decks={1: ["Coin", "Bolt"]})  # fmt: skip
    volley(s, ("9mm", 1))
    done(s)
    for kind in ("hand", "deck", "discard", "play", "bought", "struct"):
        assert s["zones"][f"{kind}:1"] == []
    assert sorted(names(s, "out")) == sorted(["Shield", "Gold", "Market", "Coin", "Bolt"])


def test_TAI_11_7_poisons_on_the_eliminated_end_poisons_they_own_stay():
    s = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150],
                     poisons=[{"owner": 0, "victim": 1}, {"owner": 1, "victim": 2}])  # fmt: skip
    volley(s, ("9mm", 1))
    assert [(p["owner"], p["victim"]) for p in poisons(s)] == [(1, 2)]
    assert names(s, "discard:0") == ["Poison"] and names(s, "poison:2") == ["Poison"]


def test_TAI_11_8_who_the_eliminator_is():
    # an attacked player: the attacker
    s = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150])
    volley(s, ("9mm", 1))
    assert next(e for e in s["events"] if e["t"] == "out")["by"] == 0
    # the attacker, killed by counters: the biggest counter-damage dealer, ties to the first clockwise after it
    t = attack_table(4, hands={0: ["Punch", "Punch", "Punch"], 1: ["Kick"], 2: ["Coin"], 3: ["Kick", "Kick"]},
                     health=[15, 150, 150, 150])  # fmt: skip
    volley(t, ("Punch", 1), ("Punch", 3))
    do(t, "counter", "Kick")  # seat 1: 5
    do(t, "counter", "Kick")  # seat 3: 5
    do(t, "counter", "Kick")  # seat 3: 10
    assert next(e for e in t["events"] if e["t"] == "out") == {"t": "out", "s": 0, "by": 3}
    u = attack_table(4, hands={0: ["Punch", "Punch", "Punch"], 1: ["Kick"], 2: ["Coin"], 3: ["Kick"]},
                     health=[10, 150, 150, 150])  # fmt: skip
    volley(u, ("Punch", 1), ("Punch", 3))
    do(u, "counter", "Kick")
    do(u, "counter", "Kick")  # 5 each: the tie goes to seat 1, first clockwise after the attacker
    assert next(e for e in u["events"] if e["t"] == "out") == {"t": "out", "s": 0, "by": 1}
    # a poison tick: the Poison's owner
    p = table(3, step="start", current=2, hands={2: ["Coin"]}, health=[150, 5, 150],
              poisons=[{"owner": 2, "victim": 1, "damage": 5}])  # fmt: skip
    assert next(e for e in p["events"] if e["t"] == "out") == {"t": "out", "s": 1, "by": 2}


def test_TAI_11_9_in_a_free_for_all_the_last_player_standing_wins():
    s = attack_table(3, hands={0: ["9mm", "9mm", "Punch"]}, health=[150, 10, 10])
    volley(s, ("9mm", 1))
    assert s["result"] is None
    volley(s, ("9mm", 2))
    assert s["result"] == {"winners": [0], "draw": False, "reason": "P1 is the last player standing"}


def test_TAI_11_10_a_team_wins_when_every_living_player_is_in_it():
    s = attack_table(4, hands={0: ["9mm", "9mm", "Punch"]}, health=[150, 10, 0, 10], alive=[True, True, False, True],
                     options={"teams": "0,2/1,3"})  # fmt: skip
    volley(s, ("9mm", 1), ("9mm", 3))
    assert s["result"]["winners"] == [0, 2] and s["result"]["draw"] is False  # seat 2, out, shares the win


def test_TAI_11_11_a_resolution_that_leaves_nobody_is_a_shared_draw():
    s = attack_table(
        3, hands={0: ["Punch", "Punch"], 1: ["Kick"]}, health=[5, 10, 0], alive=[True, True, False]
    )
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")
    assert s["result"]["draw"] is True and s["result"]["winners"] == []
    assert "P1, P2" in s["result"]["reason"] and "P3" not in s["result"]["reason"]
    t = attack_table(4, hands={0: ["Punch", "Punch"], 1: ["Kick"]}, health=[5, 10, 0, 0],
                     alive=[True, True, False, False], options={"teams": "0,2/1,3"})  # fmt: skip
    volley(t, ("Punch", 1))
    do(t, "counter", "Kick")
    assert t["result"]["draw"] is True and "team 1, team 2" in t["result"]["reason"]


def test_TAI_11_12_the_game_ends_the_moment_it_is_decided():
    s = attack_table(2, hands={0: ["9mm", "Punch", "Punch"]}, health=[150, 10])
    volley(s, ("9mm", 1))
    assert s["pending"] is None and s["result"]["winners"] == [0]
    assert sorted(names(s, "hand:0")) == ["Punch", "Punch"]  # mid-turn: no end step was run
    assert refused(s, "end")


def test_TAI_11_13_empty_supply_piles_never_end_the_game():
    s = upgrade_table(2, hands={0: ["Gold", "Coin"]}, zones={"supply": ["Punch"]})
    do(s, "play_money", "Gold")
    apply(s, option_id("buy", "Punch"))
    assert s["zones"]["supply"] == [] and s["result"] is None
    end_play(s)
    assert deciding(s) == (1, "turn_type")


# ================================================================ section 12: teams and alliances


def test_TAI_12_1_free_for_all_by_default():
    s = attack_table(4, hands={0: ["Punch"]})
    assert teams(s) == [None] * 4 and targets_of(s, "Punch") == {"1", "2", "3"}


def test_TAI_12_2_fixed_teams_win_together():
    s = new_game("taidian", 4, 1, {"teams": "0,1/2,3"})
    assert teams(s) == [1, 1, 2, 2]
    t = attack_table(4, hands={0: ["9mm", "Punch"]}, health=[10, 150, 10, 0], alive=[True, True, True, False],
                     options={"teams": "0,1/2,3"}, current=1, zones={"hand:1": ["9mm", "9mm"]})  # fmt: skip
    volley(t, ("9mm", 2))
    assert t["result"]["winners"] == [0, 1]


def test_TAI_12_3_every_seat_in_exactly_one_team_at_least_two_teams():
    for bad, reason in (("0,1,2,3", "two teams"), ("0,1/2", "seat 3"), ("0,1/1,2,3", "two teams"),
                        ("0,1//2,3", "at least one"), ("0,1/2,9", "not a seat")):  # fmt: skip
        with pytest.raises(OptionError, match=reason):
            new_game("taidian", 4, 0, {"teams": bad})
    assert teams(new_game("taidian", 5, 0, {"teams": "0/1,2,3,4"})) == [1, 2, 2, 2, 2]


def test_TAI_12_4_truces_are_not_enforced():
    s = attack_table(3, current=1, hands={1: ["Punch", "Punch"], 0: ["Shield", "Punch"], 2: ["Coin"]})
    volley(s, ("Punch", 2))
    do(s, "play", "Shield")  # seat 0 helps seat 2 ...
    assert health(s)[2] == 150
    end_play(s)
    apply(s, "upgrade")  # seat 2 has only a Coin: its turn passes
    end_play(s)
    assert deciding(s) == (0, "turn_type")
    apply(s, "attack")  # ... and on its own turn may attack that same seat 2
    assert "2" in targets_of(s, "Punch")
    assert not any(k in str(view(s, seat)) for k in ("truce", "ally", "pact") for seat in (None, 0, 1, 2))


def test_TAI_12_5_talk_changes_nothing():
    s = attack_table(2, hands={0: ["Punch"]})
    for bad in ("talk", "say:hello", "truce:1", "ally:1"):
        assert refused(s, bad)
    assert verbs(s) == {"lay", "end"}


def test_TAI_12_6_teammates_help_with_blue_cards_and_first_aid():
    s = attack_table(4, current=1, hands={1: ["Punch", "Punch"], 0: ["Coin"], 2: ["Shield"], 3: ["Coin"]},
                     options={"teams": "0,2/1,3"})  # fmt: skip
    volley(s, ("Punch", 0))
    assert deciding(s) == (2, "respond")
    do(s, "play", "Shield")
    assert health(s)[0] == 150
    f = attack_table(
        4, hands={0: ["First Aid", "Punch"]}, health=[150, 150, 90, 150], options={"teams": "0,2/1,3"}
    )
    volley(f, ("First Aid", 2))
    assert health(f)[2] == 100


# ================================================================ section 13: knockout reward and round cap


def test_TAI_13_5_the_knockout_reward_is_off_by_default():
    s = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150], decks={1: ["Gold"]})
    volley(s, ("9mm", 1))
    assert deciding(s) == (0, "attack") and "Gold" in names(s, "out")
    t = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150], decks={1: ["Gold"]},
                     options={"knockout_reward": True})  # fmt: skip
    volley(t, ("9mm", 1))
    assert deciding(t) == (0, "reward")


def test_TAI_13_6_the_eliminator_takes_up_to_three_cards_from_deck_and_discard():
    s = attack_table(3, hands={0: ["9mm", "Punch"], 1: ["Shield"]}, health=[150, 5, 150],
                     decks={1: ["Gold", "Strike", "Bunker"]}, discards={1: ["Cash", "Market"]},
                     structs={0: ["Market"]}, options={"knockout_reward": True})  # fmt: skip
    volley(s, ("9mm", 1))
    done(s)
    assert deciding(s) == (0, "reward")
    offered = card_names_in(s, "take")
    assert offered == {"Gold", "Strike", "Bunker", "Cash"}  # not the hand's Shield; not a second Market
    assert view(s, 2)["pending"].get("options") is None and view(s, 2)["zones"]["loot:0"] == [None] * 5
    do(s, "take", "Gold")
    do(s, "take", "Bunker")
    do(s, "take", "Strike")
    assert deciding(s) == (0, "attack")  # three taken: no more
    assert sorted(names(s, "discard:0")) == ["Bunker", "Gold", "Strike"]
    assert sorted(names(s, "out")) == ["Cash", "Market", "Shield"]
    u = attack_table(3, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150], decks={1: ["Gold", "Cash"]},
                     options={"knockout_reward": True})  # fmt: skip
    volley(u, ("9mm", 1))
    do(u, "take", "Cash")
    apply(u, "stop")  # fewer than three is fine
    assert names(u, "discard:0") == ["Cash"] and names(u, "out") == ["Gold"]


def test_TAI_13_7_no_reward_for_a_fallen_eliminator_and_rewards_go_clockwise():
    s = attack_table(4, current=1, hands={1: ["Punch", "Punch", "Punch"], 0: ["Kick"], 3: ["Coin"]},
                     health=[10, 5, 150, 10], decks={0: ["Gold"], 3: ["Cash"], 1: ["Bolt"]},
                     options={"knockout_reward": True})  # fmt: skip
    volley(s, ("Punch", 0), ("Punch", 3))
    do(s, "counter", "Kick")  # seats 0, 1 and 3 all go down: the attacker (seat 1) gets no reward
    assert alive(s) == [False, False, True, False]
    assert s["result"]["winners"] == [2]
    t = attack_table(4, current=1, hands={1: ["9mm", "9mm", "Punch"]}, health=[5, 150, 150, 5],
                     decks={0: ["Gold"], 3: ["Cash"]}, options={"knockout_reward": True})  # fmt: skip
    volley(t, ("9mm", 0), ("9mm", 3))
    assert deciding(t) == (1, "reward") and card_names_in(t, "take") == {
        "Cash"
    }  # seat 3 first (after seat 1)
    do(t, "take", "Cash")
    assert deciding(t) == (1, "reward") and card_names_in(t, "take") == {"Gold"}  # then seat 0
    do(t, "take", "Gold")
    assert sorted(names(t, "discard:1")) == ["Cash", "Gold"]


def test_TAI_13_10_the_round_cap_gives_the_win_to_the_most_health():
    s = table(3, step="choice", current=2, start=0, round=5, hands={2: ["Coin"]}, health=[90, 120, 100],
              options={"round_cap": 5})  # fmt: skip
    apply(s, "upgrade")
    end_play(s)
    assert s["result"]["winners"] == [1] and "round cap" in s["result"]["reason"]
    tie = table(3, step="choice", current=2, start=0, round=5, hands={2: ["Coin"]}, health=[120, 120, 100],
                options={"round_cap": 5})  # fmt: skip
    apply(tie, "upgrade")
    end_play(tie)
    assert tie["result"]["draw"] is True and "P1, P2" in tie["result"]["reason"]
    teams = table(4, step="choice", current=3, start=0, round=2, hands={3: ["Coin"]}, health=[150, 60, 0, 100],
                  alive=[True, True, False, True], options={"round_cap": 2, "teams": "0,2/1,3"})  # fmt: skip
    apply(teams, "upgrade")
    end_play(teams)
    assert teams["result"]["winners"] == [1, 3]  # 160 living health against 150
    early = table(
        3, step="choice", current=2, start=0, round=4, hands={2: ["Coin"]}, options={"round_cap": 5}
    )
    apply(early, "upgrade")
    end_play(early)
    assert early["result"] is None and round_number(early) == 5
    with pytest.raises(OptionError):
        new_game("taidian", 2, 0, {"round_cap": 0})
