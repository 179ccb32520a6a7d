"""Martial Arts scenario tests: attack sequences and combos (MA-5.x), blocking and damage (MA-6.x).

Seat 0 plays Tiger cards and attacks (turn 1); seat 1 plays Crane cards and receives. Numbers used below
(from the packaged cards.toml), as CPT/ATK/DEF/LNK with "-" for blank:

    Tiger Paw Jab 1/2/-/1        Pouncing Knee 0/3/-/1         Raking Claw 1/2/-/0
    Rising Elbow 2/3/-/2         Whirlwind Hook 2/4/-/3        Stalking Sweep 3/4/-/2
    Crashing Shin Kick 3/5/-/4   Leaping Tiger Knee 4/5/-/5    Tiger Fang Palm 4/7/-/-
    Mountain-Splitting Claw 5/7/-/-   Ambush Lunge -/4/-/2      Crouching Guard -/-/6/-
    Counter-Claw 2/3/4/0         Tiger Turns in the Cage 5/5/4/3
    Crane Beak Tap 1/2/-/1       Wing Flick 0/2/-/0            Sudden Reply -/3/-/1
    Crane Wing Shelter -/-/7/-   Still Pond Guard -/-/4/-      Feather Brush-Off -/-/2/-
    Deflecting Wing 1/2/4/2      Patient Heron 0/1/3/3
    ADR: Roaring Focus (1, BOOST_NEXT_ATK 2), Rooted Stance (1, BOOST_NEXT_DEF 2),
         Steady Breathing (2, GAIN_LIFE 3), Parting the Reeds (2, REDUCE_PENDING_ATK 3)
    Events: Roaring Crowd (ATK_MOD +1), Scorching Noon (DEF_MOD -1, TURN_END_DISCARD 1 attacker),
            Torrential Rain (TURN_START_DISCARD 1 each)
"""

from __future__ import annotations

from typing import Any

from tests.support.martial_arts import (
    attack_names,
    block_names,
    deciding,
    do,
    fight,
    option_for,
    pass_windows,
    public,
    refused,
    verbs,
)
from tests.support.scenario import ids, names

from cardsmith.core import clone, view
from cardsmith.core.actions import option_id

# ================================================================ section 5: attack sequences and combos


def test_MA_5_1_one_attack_sequence_per_attack_phase():
    s = fight(["Tiger Paw Jab", "Pouncing Knee", "Rising Elbow"], ["Crane Beak Tap", "Wing Flick"])
    assert deciding(s) == (0, "move", "attack1")
    do(s, "attack", "Tiger Paw Jab")
    assert ids(s) == ["take"]  # Crane has no DEF card: taking the hit is its only answer, and it is asked
    do(s, "take")
    assert public(s)["life"] == [15, 13]
    # Inside the sequence Pouncing Knee (CPT 0) cannot follow LNK 1 ...
    assert deciding(s) == (0, "move", "attack1")
    assert attack_names(s) == {"Rising Elbow"}
    do(s, "stop")
    # ... and the attacker gets no second sequence in Attack 1: Attack 2 starts a fresh one, where it is legal.
    assert deciding(s) == (0, "move", "attack2")
    assert attack_names(s) == {"Pouncing Knee", "Rising Elbow"}
    do(s, "attack", "Pouncing Knee")
    do(s, "take")
    assert public(s)["life"] == [15, 10]
    do(s, "stop")
    # After the Attack 2 sequence the turn runs on (no third sequence): two Resolve windows, then turn 2, which
    # belongs to Crane, with its two Prep windows.
    assert deciding(s) == (0, "window", "resolve")
    pass_windows(s, 2)
    assert s["turn"] == 2
    pass_windows(s, 2)
    assert deciding(s) == (1, "move", "attack1")
    assert public(s)["attacker"] == 1
    assert sorted(names(s, "hand:0")) == [
        "Rising Elbow",
        "Tiger Paw Jab",
        "Tiger Paw Jab",
    ]  # kept, plus 2 drawn


def test_MA_5_2_single_attack_and_combo():
    s = fight(["Tiger Paw Jab", "Rising Elbow", "Ambush Lunge"], ["Crane Beak Tap"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    single = clone(s)
    do(single, "stop")  # one attack card: a single attack, no chain
    assert public(single)["adr"] == [0, 0]
    assert public(single)["life"] == [15, 13]
    # A second card must be legally linked to make a combo: Ambush Lunge (blank CPT) is not.
    refused(s, option_id("attack", "Ambush Lunge"))
    do(s, "attack", "Rising Elbow")  # CPT 2 >= LNK 1: a combo of two
    do(s, "take")
    assert public(s)["life"] == [15, 10]
    do(s, "stop")
    assert public(s)["adr"] == [1, 0]
    assert names(s, "discard:0") == ["Tiger Paw Jab", "Rising Elbow"]


def test_MA_5_3_no_announcement_single_or_combo_follows_from_play():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap"])
    # The first move decision offers cards and stopping only: no "single attack" / "combo" declaration.
    assert verbs(s) == {"attack", "stop"}
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    # Only now, after the first card resolved, does the striker choose between ending and continuing.
    assert verbs(s) == {"attack", "stop"}
    as_single = clone(s)
    do(as_single, "stop")
    do(s, "attack", "Rising Elbow")
    do(s, "take")  # Tiger's hand is now empty, as everyone can see: the combo ends by itself
    assert public(as_single)["adr"][0] == 0  # it turned out to be a single attack
    assert public(s)["adr"][0] == 1  # the same opening turned into a combo


def test_MA_5_4_first_card_any_move_with_atk_cpt_unchecked():
    hand = [
        "Ambush Lunge",  # blank CPT
        "Mountain-Splitting Claw",  # CPT 5
        "Leaping Tiger Knee",  # CPT 4
        "Counter-Claw",  # hybrid
        "Crouching Guard",  # DEF only
        "Roaring Focus",  # ADR (not affordable at 0 ADR)
        "Roaring Crowd",  # Event
    ]
    s = fight(hand, ["Crane Beak Tap"])
    assert attack_names(s) == {
        "Ambush Lunge",
        "Mountain-Splitting Claw",
        "Leaping Tiger Knee",
        "Counter-Claw",
    }
    assert len(ids(s)) == 5  # the four attacks and stop
    for name in ("Crouching Guard", "Roaring Focus", "Roaring Crowd"):
        refused(s, option_id("attack", name))
    do(s, "attack", "Ambush Lunge")  # a blank CPT is no obstacle for the first card
    assert names(s, "battle:0") == ["Ambush Lunge"]
    do(s, "take")
    assert public(s)["life"] == [15, 11]


def test_MA_5_5_next_card_cpt_must_reach_previous_lnk():
    hand = ["Whirlwind Hook", "Rising Elbow", "Stalking Sweep", "Mountain-Splitting Claw", "Tiger Paw Jab"]
    s = fight(hand, ["Crane Beak Tap"])
    do(s, "attack", "Whirlwind Hook")  # LNK 3
    do(s, "take")
    assert attack_names(s) == {"Stalking Sweep", "Mountain-Splitting Claw"}  # CPT 3 and CPT 5
    refused(s, option_id("attack", "Rising Elbow"))  # CPT 2 < 3
    refused(s, option_id("attack", "Tiger Paw Jab"))  # CPT 1 < 3
    do(s, "attack", "Stalking Sweep")  # CPT 3 = LNK 3; its own LNK is 2
    do(s, "take")
    # The test compares with the card just before (LNK 2), not with the first card (LNK 3).
    assert attack_names(s) == {"Rising Elbow", "Mountain-Splitting Claw"}
    refused(s, option_id("attack", "Tiger Paw Jab"))  # CPT 1 < 2
    do(s, "attack", "Rising Elbow")
    do(s, "take")
    assert public(s)["life"] == [15, 15 - 4 - 4 - 3]


def test_MA_5_6_blank_lnk_card_ends_the_combo():
    # With an affordable ADR card the move decision is asked, and it offers no attack card at all.
    hand = ["Tiger Fang Palm", "Mountain-Splitting Claw", "Pouncing Knee", "Roaring Focus"]
    s = fight(hand, ["Crane Beak Tap"], adr=[1, 0])
    do(s, "attack", "Tiger Fang Palm")  # LNK blank
    do(s, "take")
    assert public(s)["life"] == [15, 8]
    assert deciding(s) == (0, "move", "attack1")
    assert sorted(ids(s)) == sorted([option_for(s, "adrenaline", "Roaring Focus"), "stop"])
    refused(s, option_id("attack", "Mountain-Splitting Claw"))  # even CPT 5
    refused(s, option_id("attack", "Pouncing Knee"))
    # Without ADR points nothing can follow the blank LNK, and everyone can see that (MA-4.11): the sequence
    # simply ends, and Attack 2 starts a fresh one.
    s = fight(["Tiger Fang Palm", "Mountain-Splitting Claw"], ["Crane Beak Tap"])
    do(s, "attack", "Tiger Fang Palm")
    do(s, "take")
    assert deciding(s) == (0, "move", "attack2")
    assert attack_names(s) == {"Mountain-Splitting Claw"}
    assert names(s, "discard:0") == ["Tiger Fang Palm"]


def test_MA_5_7_blank_cpt_card_can_only_start_a_sequence():
    s = fight(["Raking Claw", "Ambush Lunge", "Pouncing Knee"], ["Crane Beak Tap"])
    assert "Ambush Lunge" in attack_names(s)  # fine as the first card
    do(s, "attack", "Raking Claw")  # LNK 0: anything with a CPT may follow
    do(s, "take")
    assert attack_names(s) == {"Pouncing Knee"}
    refused(s, option_id("attack", "Ambush Lunge"))  # no CPT to compare, even with LNK 0


def test_MA_5_8_any_card_with_a_cpt_follows_lnk_zero():
    hand = [
        "Raking Claw",  # LNK 0
        "Pouncing Knee",  # CPT 0
        "Tiger Paw Jab",  # CPT 1
        "Mountain-Splitting Claw",  # CPT 5
        "Tiger Turns in the Cage",  # CPT 5 hybrid
        "Crouching Guard",  # no ATK
    ]
    s = fight(hand, ["Crane Beak Tap"])
    do(s, "attack", "Raking Claw")
    do(s, "take")
    assert attack_names(s) == {
        "Pouncing Knee",
        "Tiger Paw Jab",
        "Mountain-Splitting Claw",
        "Tiger Turns in the Cage",
    }
    do(s, "attack", "Pouncing Knee")  # CPT 0 meets LNK 0
    do(s, "take")
    assert names(s, "battle:0") == ["Raking Claw", "Pouncing Knee"]
    assert public(s)["life"] == [15, 10]


def test_MA_5_9_combo_has_no_maximum_length():
    s = fight(["Tiger Paw Jab"] * 7, ["Crane Beak Tap"])
    for played in range(1, 8):
        do(s, "attack", "Tiger Paw Jab")  # CPT 1 >= LNK 1, again and again
        do(s, "take")
        assert public(s)["life"][1] == 15 - 2 * played
        if played < 7:
            assert deciding(s) == (0, "move", "attack1")
            assert len(s["zones"]["battle:0"]) == played
    # Seven cards, seven successful moves: six chains.
    assert public(s)["adr"][0] == 6
    assert names(s, "discard:0") == ["Tiger Paw Jab"] * 7


def test_MA_5_10_linking_uses_printed_cpt_and_lnk():
    # Roaring Crowd (ATK_MOD +1) is active and a BOOST_NEXT_ATK 2 is waiting: the numbers of the fight change,
    # the link test does not.
    s = fight(
        ["Whirlwind Hook", "Rising Elbow", "Stalking Sweep"],
        ["Crane Beak Tap"],
        zones={"event_slot": ["Roaring Crowd@0"]},
        boost_atk=[2, 0],
    )
    do(s, "attack", "Whirlwind Hook")  # printed ATK 4, LNK 3
    do(s, "take")
    assert public(s)["life"] == [15, 15 - (4 + 1 + 2)]
    assert attack_names(s) == {"Stalking Sweep"}  # printed CPT 3 >= printed LNK 3
    refused(s, option_id("attack", "Rising Elbow"))  # printed CPT 2 < 3, whatever the modifiers


def test_MA_5_11_each_attack_card_resolves_before_the_next_move_decision():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Feather Brush-Off", "Crane Beak Tap"])
    do(s, "attack", "Tiger Paw Jab")
    # The receiver answers this card first; the striker cannot play on meanwhile.
    assert deciding(s) == (1, "response", "attack1")
    assert names(s, "battle:0") == ["Tiger Paw Jab"]
    refused(s, option_id("attack", "Rising Elbow"))
    do(s, "take")
    # Fully resolved (damage dealt) before the striker's next decision.
    assert public(s)["life"] == [15, 13]
    assert deciding(s) == (0, "move", "attack1")
    do(s, "attack", "Rising Elbow")
    assert deciding(s) == (1, "response", "attack1")
    assert public(s)["life"] == [15, 13]


def test_MA_5_12_striker_may_stop_while_holding_a_linking_card():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert "Rising Elbow" in attack_names(s) and "stop" in ids(s)
    do(s, "stop")
    assert names(s, "hand:0") == ["Rising Elbow"]
    assert public(s)["life"] == [15, 13]
    assert deciding(s) == (0, "move", "attack2")


def test_MA_5_13_stop_before_any_attack_passes_the_phase():
    s = fight(["Tiger Paw Jab", "Whirlwind Hook"], ["Crane Beak Tap", "Still Pond Guard"], adr=[2, 0])
    hand_before = sorted(names(s, "hand:0"))
    assert deciding(s) == (0, "move", "attack1")
    do(s, "stop")
    assert deciding(s) == (0, "move", "attack2")  # no counterattack chance, no damage
    assert public(s)["life"] == [15, 15]
    assert public(s)["adr"] == [2, 0]
    assert sorted(names(s, "hand:0")) == hand_before
    assert s["zones"]["discard:0"] == [] and s["zones"]["battle:0"] == []


def test_MA_5_14_sequence_ends_on_stop_block_or_game_end():
    # A stop: after Tiger Paw Jab nothing in hand links (Ambush Lunge has no CPT) and no ADR is playable. Stopping
    # is the only answer, and it is still asked (MA-4.11), so that Crane cannot tell what Tiger holds.
    s = fight(["Tiger Paw Jab", "Ambush Lunge"], ["Crane Beak Tap"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert deciding(s) == (0, "move", "attack1")
    assert ids(s) == ["stop"]
    do(s, "stop")
    assert {"t": "stop", "seat": 0, "first": False} in view(s, 1)["events"]
    assert deciding(s) == (0, "move", "attack2")
    assert attack_names(s) == {"Ambush Lunge"}
    # A successful block: the striker gets no further move decision, the blocker decides next.
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Still Pond Guard", "Wing Flick"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert deciding(s) == (1, "move", "attack1")
    assert names(s, "hand:0") == ["Stalking Sweep"]
    # The game ending: nothing more happens at all, not even clearing the battle area.
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap"], life=[15, 2])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert s["pending"] is None
    assert public(s)["life"] == [15, 0]
    assert names(s, "battle:0") == ["Tiger Paw Jab"]
    assert names(s, "hand:0") == ["Rising Elbow"]


def test_MA_5_15_sequence_end_order_adr_then_cleanup_then_counter():
    tiger = ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Stalking Sweep"]
    s = fight(tiger, ["Crane Wing Shelter", "Wing Flick"])
    for name in tiger[:3]:
        do(s, "attack", name)
        do(s, "take")
    assert public(s)["life"] == [15, 15 - 2 - 3 - 4]
    do(s, "attack", "Stalking Sweep")
    do(s, "block", "Crane Wing Shelter")  # DEF 7 >= ATK 4
    kinds = [(e["t"], e.get("cause")) for e in s["events"]]
    gain = kinds.index(("adr_gain", None))
    cleanups = [i for i, k in enumerate(kinds) if k == ("move", "cleanup")]
    chance = kinds.index(("counter_chance", None))
    assert len(cleanups) == 5  # four attack cards and the block card
    assert gain < min(cleanups) and max(cleanups) < chance
    # At the counterattack decision: ADR credited, battle areas cleared, the blocker to decide.
    assert public(s)["adr"] == [2, 0]
    assert s["zones"]["battle:0"] == [] and s["zones"]["battle:1"] == []
    assert sorted(names(s, "discard:0")) == sorted(tiger)
    assert names(s, "discard:1") == ["Crane Wing Shelter"]
    assert deciding(s) == (1, "move", "attack1")


def test_MA_5_16_move_cards_only_as_striker_attack_or_receiver_block():
    # A window: Move cards cannot be played at all (only the affordable ADR card, or pass).
    s = fight(
        ["Counter-Claw", "Tiger Paw Jab", "Crouching Guard", "Roaring Focus"],
        ["Deflecting Wing", "Crane Beak Tap"],
        phase="prep",
        adr=[1, 0],
    )
    assert deciding(s) == (0, "window", "prep")
    assert sorted(ids(s)) == sorted([option_for(s, "adrenaline", "Roaring Focus"), "pass"])
    for verb in ("attack", "block"):
        for name in ("Counter-Claw", "Tiger Paw Jab", "Crouching Guard"):
            refused(s, option_id(verb, name))
    do(s, "pass")
    # Crane's window has nothing to offer but passing; it is asked all the same (MA-4.11).
    assert deciding(s) == (1, "window", "prep")
    assert ids(s) == ["pass"]
    do(s, "pass")
    # The striker's move decision: the hybrid is an attack, never a block.
    assert deciding(s) == (0, "move", "attack1")
    assert attack_names(s) == {"Counter-Claw", "Tiger Paw Jab"}
    refused(s, option_id("block", "Counter-Claw"))
    refused(s, option_id("block", "Crouching Guard"))
    do(s, "attack", "Tiger Paw Jab")
    # The receiver's response window: the hybrid is a block, never an attack.
    assert deciding(s) == (1, "response", "attack1")
    assert block_names(s) == {"Deflecting Wing"}
    refused(s, option_id("attack", "Deflecting Wing"))
    refused(s, option_id("attack", "Crane Beak Tap"))


# ================================================================ section 6: blocking and damage


def test_MA_6_1_response_window_after_each_attack_card_blocks_need_def():
    crane = ["Crane Wing Shelter", "Deflecting Wing", "Crane Beak Tap", "Steady Breathing", "Torrential Rain"]
    s = fight(["Tiger Paw Jab", "Rising Elbow"], crane)
    do(s, "attack", "Tiger Paw Jab")
    assert deciding(s) == (1, "response", "attack1")
    assert block_names(s) == {"Crane Wing Shelter", "Deflecting Wing"}
    assert len(ids(s)) == 3  # the two blocks and take (Steady Breathing costs 2, the pool is 0)
    for name in ("Crane Beak Tap", "Steady Breathing", "Torrential Rain"):
        refused(s, option_id("block", name))
    do(s, "take")
    do(s, "attack", "Rising Elbow")
    assert deciding(s) == (1, "response", "attack1")  # again for the second card
    assert block_names(s) == {"Crane Wing Shelter", "Deflecting Wing"}


def test_MA_6_2_one_block_card_per_attack_card():
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Feather Brush-Off", "Patient Heron"])
    do(s, "attack", "Whirlwind Hook")  # ATK 4
    do(s, "block", "Feather Brush-Off")  # DEF 2: 2 damage
    assert public(s)["life"] == [15, 13]
    # No second block for the same attack card: the striker decides next.
    assert deciding(s) == (0, "move", "attack1")
    assert names(s, "battle:1") == ["Feather Brush-Off"]
    do(s, "attack", "Stalking Sweep")  # ATK 4
    assert deciding(s) == (1, "response", "attack1")
    # The earlier block card answers only Whirlwind Hook: it cannot be used again and gives no DEF now.
    assert block_names(s) == {"Patient Heron"}
    refused(s, option_id("block", "Feather Brush-Off"))
    do(s, "take")
    assert public(s)["life"] == [15, 9]


def test_MA_6_3_receiver_may_decline_to_block_and_that_is_final():
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Crane Wing Shelter"])
    do(s, "attack", "Whirlwind Hook")
    shelter = option_for(s, "block", "Crane Wing Shelter")
    assert "take" in ids(s)
    do(s, "take")
    assert public(s)["life"] == [15, 11]
    assert deciding(s) == (0, "move", "attack1")
    assert view(s, None)["public"]["sequence"]["waiting_attack"] is None
    refused(s, shelter)  # the choice for Whirlwind Hook is over
    assert names(s, "hand:1") == ["Crane Wing Shelter"]


def test_MA_6_4_effective_atk_printed_plus_mod_plus_boost_minus_reduce():
    s = fight(
        ["Whirlwind Hook"],
        ["Parting the Reeds", "Feather Brush-Off"],
        zones={"event_slot": ["Roaring Crowd@0"]},
        boost_atk=[2, 0],
        adr=[0, 2],
    )
    do(s, "attack", "Whirlwind Hook")
    assert public(s)["boost_atk"] == [0, 0]  # picked up by this card
    assert view(s, None)["public"]["sequence"]["effective_atk"] == 4 + 1 + 2
    assert "(ATK 7)" in s["pending"]["prompt"]
    do(s, "adrenaline", "Parting the Reeds")  # -3
    assert deciding(s) == (1, "response", "attack1")
    assert view(s, None)["public"]["sequence"]["effective_atk"] == 4 + 1 + 2 - 3
    do(s, "take")
    assert public(s)["life"] == [15, 11]
    # A negative total counts as 0: Tiger Paw Jab ATK 2 - 3.
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Parting the Reeds", "Feather Brush-Off"], adr=[0, 2])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "adrenaline", "Parting the Reeds")
    assert view(s, None)["public"]["sequence"]["effective_atk"] == 0
    do(s, "take")
    assert public(s)["life"] == [15, 15]


def test_MA_6_5_effective_def_printed_plus_mod_plus_boost():
    def block_shin_kick(**kw: Any) -> dict[str, Any]:
        s = fight(["Crashing Shin Kick"], ["Still Pond Guard", "Wing Flick"], **kw)
        do(s, "attack", "Crashing Shin Kick")  # ATK 5
        do(s, "block", "Still Pond Guard")  # DEF 4
        return s

    plain = block_shin_kick()
    assert public(plain)["life"] == [15, 14]  # 5 - 4
    noon = block_shin_kick(zones={"event_slot": ["Scorching Noon@0"]})
    assert public(noon)["life"] == [15, 13]  # 5 - (4 - 1): DEF_MOD lowers the block, not the attack
    boosted = block_shin_kick(zones={"event_slot": ["Scorching Noon@0"]}, boost_def=[0, 2])
    assert public(boosted)["life"] == [15, 15]  # 4 - 1 + 2 = 5 >= 5: a full block
    assert public(boosted)["boost_def"] == [0, 0]
    assert {"t": "blocked", "seat": 1, "atk": 5, "def": 5} in boosted["events"]
    assert deciding(boosted) == (1, "move", "attack1")


def test_MA_6_6_effects_played_in_the_response_window_count():
    # REDUCE_PENDING_ATK before blocking: ATK 5 - 3 = 2 against DEF 4 is now a full block.
    s = fight(["Crashing Shin Kick"], ["Parting the Reeds", "Still Pond Guard", "Wing Flick"], adr=[0, 2])
    do(s, "attack", "Crashing Shin Kick")
    do(s, "adrenaline", "Parting the Reeds")
    assert "(ATK 2)" in s["pending"]["prompt"]
    do(s, "block", "Still Pond Guard")
    assert public(s)["life"] == [15, 15]
    assert {"t": "blocked", "seat": 1, "atk": 2, "def": 4} in s["events"]
    # BOOST_NEXT_DEF played in the response window: DEF 2 + 2 = 4 against ATK 4 is a full block.
    s = fight(["Whirlwind Hook"], ["Rooted Stance", "Feather Brush-Off", "Wing Flick"], adr=[0, 1])
    do(s, "attack", "Whirlwind Hook")
    do(s, "adrenaline", "Rooted Stance")
    do(s, "block", "Feather Brush-Off")
    assert public(s)["life"] == [15, 15]
    assert {"t": "blocked", "seat": 1, "atk": 4, "def": 4} in s["events"]
    assert deciding(s) == (1, "move", "attack1")


def test_MA_6_7_unblocked_attack_costs_effective_atk_and_succeeds():
    s = fight(
        ["Whirlwind Hook", "Stalking Sweep"],
        ["Still Pond Guard"],
        zones={"event_slot": ["Roaring Crowd@0"]},
    )
    do(s, "attack", "Whirlwind Hook")
    do(s, "take")
    assert public(s)["life"] == [15, 10]  # 4 + 1
    assert {"t": "unblocked", "seat": 1, "atk": 5} in s["events"]
    # Successful: the sequence goes on, and the move counts for a chain.
    assert deciding(s) == (0, "move", "attack1")
    do(s, "attack", "Stalking Sweep")
    do(s, "take")
    assert public(s)["adr"] == [
        1,
        0,
    ]  # Tiger's hand is empty, so the sequence ended with two successful moves


def test_MA_6_8_partial_block_costs_atk_minus_def_and_combo_goes_on():
    s = fight(["Crashing Shin Kick", "Mountain-Splitting Claw"], ["Patient Heron"])
    do(s, "attack", "Crashing Shin Kick")  # ATK 5, LNK 4
    do(s, "block", "Patient Heron")  # DEF 3
    assert public(s)["life"] == [15, 13]
    assert {"t": "partial_block", "seat": 1, "atk": 5, "def": 3} in s["events"]
    assert deciding(s) == (0, "move", "attack1")
    assert attack_names(s) == {"Mountain-Splitting Claw"}
    do(s, "attack", "Mountain-Splitting Claw")  # unblocked: Crane's hand is empty, so there is nothing to ask
    assert public(s)["life"] == [15, 6]
    assert public(s)["adr"] == [1, 0]  # both moves were successful


def test_MA_6_9_MA_6_12_tie_is_a_full_block():
    # A tie: ATK 4 against DEF 4, after one successful move.
    s = fight(["Tiger Paw Jab", "Whirlwind Hook", "Stalking Sweep"], ["Still Pond Guard", "Wing Flick"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert public(s)["life"] == [15, 13]  # only the Jab hurt
    assert {"t": "blocked", "seat": 1, "atk": 4, "def": 4} in s["events"]
    assert public(s)["adr"] == [0, 0]  # the tied card was not a successful move: no chain
    assert deciding(s) == (1, "move", "attack1")
    # DEF above ATK: also a full block.
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Crane Wing Shelter", "Wing Flick"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Crane Wing Shelter")
    assert public(s)["life"] == [15, 15]
    assert deciding(s) == (1, "move", "attack1")


def test_MA_6_10_successful_block_ends_the_striker_sequence_at_once():
    s = fight(["Whirlwind Hook", "Stalking Sweep", "Ambush Lunge"], ["Still Pond Guard", "Wing Flick"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert deciding(s) == (1, "move", "attack1")
    assert view(s, None)["public"]["sequence"]["striker"] == 1
    refused(s, option_id("attack", "Stalking Sweep"))  # would have linked (CPT 3 >= LNK 3)
    do(s, "stop")  # Crane declines to counter
    # Attack 2 is a new sequence: Ambush Lunge (only a first card) is legal again.
    assert deciding(s) == (0, "move", "attack2")
    assert attack_names(s) == {"Stalking Sweep", "Ambush Lunge"}


def test_MA_6_11_successful_block_gives_the_blocker_a_counterattack():
    s = fight(["Whirlwind Hook"], ["Crane Wing Shelter", "Wing Flick", "Crane Beak Tap"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Crane Wing Shelter")
    assert {"t": "counter_chance", "seat": 1} in s["events"]
    assert deciding(s) == (1, "move", "attack1")
    assert attack_names(s) == {"Wing Flick", "Crane Beak Tap"}
    do(s, "attack", "Wing Flick")  # Tiger's hand is empty, as everyone can see: the hit is taken unasked
    assert public(s)["life"] == [13, 15]


def test_MA_6_13_unblocked_zero_atk_deals_nothing_but_succeeds():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Parting the Reeds", "Feather Brush-Off"], adr=[0, 2])
    do(s, "attack", "Tiger Paw Jab")  # ATK 2
    do(s, "adrenaline", "Parting the Reeds")  # -3: effective 0
    do(s, "take")
    assert public(s)["life"] == [15, 15]
    assert not [e for e in s["events"] if e["t"] == "life"]
    assert deciding(s) == (0, "move", "attack1")  # the sequence goes on
    do(s, "attack", "Rising Elbow")
    do(s, "take")
    assert public(s)["life"] == [15, 12]
    # Two successful moves (the zero-damage one included): one chain.
    assert public(s)["adr"] == [1, 0]


def test_MA_6_14_life_lost_as_each_card_resolves_never_below_zero():
    s = fight(["Tiger Paw Jab", "Tiger Fang Palm"], ["Crane Beak Tap"], life=[15, 5])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert public(s)["life"] == [15, 3]  # already lost when the striker decides again
    assert deciding(s) == (0, "move", "attack1")
    do(s, "attack", "Tiger Fang Palm")  # ATK 7 against 3 life
    do(s, "take")
    assert public(s)["life"] == [15, 0]
    assert s["result"]["winners"] == [0]
    assert {"t": "life", "seat": 1, "lost": 7, "life": 0} in s["events"]


def test_MA_6_15_receiver_without_def_card_takes_the_attack_unblocked():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap", "Wing Flick"])
    do(s, "attack", "Tiger Paw Jab")
    # The receiver is asked, and taking the hit is the only answer (MA-4.11 as amended).
    assert deciding(s) == (1, "response", "attack1")
    assert ids(s) == ["take"]
    refused(s, option_id("block", "Crane Beak Tap"))
    do(s, "take")
    assert {"t": "unblocked", "seat": 1, "atk": 2} in s["events"]
    assert public(s)["life"] == [15, 13]
    assert deciding(s) == (0, "move", "attack1")
    # With an affordable ADR card the window is asked, but there is still no block.
    s = fight(["Tiger Paw Jab"], ["Crane Beak Tap", "Steady Breathing"], adr=[0, 2])
    do(s, "attack", "Tiger Paw Jab")
    assert deciding(s) == (1, "response", "attack1")
    assert sorted(ids(s)) == sorted([option_for(s, "adrenaline", "Steady Breathing"), "take"])
    refused(s, option_id("block", "Crane Beak Tap"))
