"""The Martial Arts heuristic (RULES.md, "How the computer plays"): positions where one option is clearly right,
legal choices over seeded playouts, and choices that depend only on what the seat sees.

Seat 0 plays Tiger cards and attacks (turn 1, Attack 1); seat 1 plays Crane cards and receives. Numbers used below,
as CPT/ATK/DEF/LNK with "-" for blank: Tiger Paw Jab 1/2/-/1, Rising Elbow 2/3/-/2, Tiger Fang Palm 4/7/-/-,
Crashing Shin Kick 3/5/-/4, Crane Wing Shelter -/-/7/-, Still Pond Guard -/-/4/-, Feather Brush-Off -/-/2/-,
Willow Bends 2/2/5/0. ADR: Hidden Vein Strike (5, DIRECT_DAMAGE 4), Parting the Reeds (2, REDUCE_PENDING_ATK 3),
Steady Breathing (2, GAIN_LIFE 3). Event: Dawn Training (EXTRA_DRAW 1 for the defender).
"""

from __future__ import annotations

import random

from tests.agents.test_heuristics_common import check_function_of_observation, check_legal_over_playouts
from tests.support.martial_arts import do, fight

from cardsmith.agents.base import Turn
from cardsmith.games.martial_arts.heuristic import choose, evaluate


def pick(state: dict) -> str:
    return choose(Turn(state), random.Random(0))


def test_MA_6_9_blocks_a_lethal_attack_with_a_card_that_stops_it():
    s = fight(
        ["Tiger Fang Palm"],
        ["Feather Brush-Off", "Crane Wing Shelter", "Willow Bends", "Wing Flick"],
        life=[15, 6],
    )
    do(s, "attack", "Tiger Fang Palm")
    assert pick(s) == "block:Crane Wing Shelter"  # ATK 7 against 6 life: only DEF 7 stops it


def test_MA_6_9_stops_an_attack_with_the_cheapest_card_that_can():
    s = fight(["Rising Elbow"], ["Crane Wing Shelter", "Still Pond Guard", "Willow Bends"])
    do(s, "attack", "Rising Elbow")
    # ATK 3: every card stops it; the DEF-only Still Pond Guard is the cheapest, Willow Bends can also attack
    assert pick(s) == "block:Still Pond Guard"


def test_MA_6_7_takes_a_small_hit_rather_than_spend_a_card_on_a_partial_block():
    s = fight(["Tiger Paw Jab"], ["Feather Brush-Off", "Wing Flick"])
    do(s, "attack", "Tiger Paw Jab")  # ATK 2 against DEF 2 stops it: the block is worth its card
    assert pick(s) == "block:Feather Brush-Off"
    s = fight(["Crashing Shin Kick"], ["Feather Brush-Off", "Wing Flick"])
    do(s, "attack", "Crashing Shin Kick")  # ATK 5 against DEF 2 would still cost 3 life: keep the card
    assert pick(s) == "take"


def test_MA_9_14_reduces_the_waiting_attack_so_that_a_block_stops_it():
    s = fight(["Tiger Fang Palm"], ["Parting the Reeds", "Still Pond Guard", "Wing Flick"], adr=[0, 2])
    do(s, "attack", "Tiger Fang Palm")
    assert pick(s) == "adrenaline:Parting the Reeds"  # ATK 7 - 3 = 4, which DEF 4 stops
    do(s, "adrenaline", "Parting the Reeds")
    assert pick(s) == "block:Still Pond Guard"


def test_MA_9_9_direct_damage_finishes_the_opponent():
    s = fight(["Hidden Vein Strike", "Tiger Paw Jab"], ["Wing Flick"], adr=[5, 0], life=[15, 4])
    assert pick(s) == "adrenaline:Hidden Vein Strike"


def test_MA_5_5_a_combo_is_built_from_its_opener_and_the_finisher_comes_last():
    s = fight(["Tiger Fang Palm", "Rising Elbow", "Tiger Paw Jab"], ["Wing Flick", "Crane Beak Tap"])
    played = []
    for _ in range(3):
        option = pick(s)
        played.append(option)
        s_verb, name = option.split(":", 1)
        do(s, s_verb, name)
        do(s, "take")
    assert played == ["attack:Tiger Paw Jab", "attack:Rising Elbow", "attack:Tiger Fang Palm"]


def test_MA_9_8_gains_life_when_hurt_and_not_when_at_full_life():
    s = fight(["Steady Breathing", "Tiger Paw Jab"], ["Wing Flick"], adr=[2, 0], life=[9, 15], phase="prep")
    assert pick(s) == "adrenaline:Steady Breathing"
    s = fight(["Steady Breathing", "Tiger Paw Jab"], ["Wing Flick"], adr=[2, 0], phase="prep")
    assert pick(s) == "pass"


def test_MA_11_2_discards_the_card_worth_least():
    hand = ["Dawn Training", "Crane Wing Shelter", "Tiger Fang Palm", "Rising Elbow"] * 2 + ["Tiger Paw Jab"]
    s = fight(hand, ["Wing Flick"], phase="end")
    assert s["pending"]["kind"] == "discard"
    assert pick(s) == "discard:Dawn Training"


def test_MA_1_21_evaluation_follows_the_life_totals():
    ahead = fight(["Tiger Paw Jab"], ["Wing Flick"], life=[15, 5])
    behind = fight(["Tiger Paw Jab"], ["Wing Flick"], life=[5, 15])
    # games swing hard, so a 10-life lead is a clear edge but far from a sure win
    assert 0.95 > evaluate(Turn(ahead), 0) > 0.6 > 0.4 > evaluate(Turn(behind), 0) > 0.05
    even = fight(["Tiger Paw Jab"], ["Wing Flick"])
    assert 0.4 < evaluate(Turn(even), 0) < 0.6


def test_the_heuristic_always_chooses_a_legal_option():
    assert check_legal_over_playouts("martial-arts", range(40)) > 1000


def test_the_heuristic_is_a_function_of_the_observation():
    assert check_function_of_observation("martial-arts", range(12)) > 100
