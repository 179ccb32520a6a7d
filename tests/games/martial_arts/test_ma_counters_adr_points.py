"""Martial Arts scenario tests: counterattacks (MA-7.x) and Adrenaline points (MA-8.x).

Seat 0 plays Tiger cards and attacks (turn 1); seat 1 plays Crane cards. Numbers used below (from the
packaged cards.toml), as CPT/ATK/DEF/LNK with "-" for blank:

    Tiger Paw Jab 1/2/-/1        Pouncing Knee 0/3/-/1         Rising Elbow 2/3/-/2
    Whirlwind Hook 2/4/-/3       Stalking Sweep 3/4/-/2        Crouching Guard -/-/6/-
    Forearm Wall -/-/3/-         Counter-Claw 2/3/4/0
    Crane Beak Tap 1/2/-/1       Wing Flick 0/2/-/0            Reed Sway Palm 1/3/-/1
    Gliding Palm 2/3/-/2         Heron Step Strike 2/3/-/3     Folding Wing Elbow 3/4/-/3
    Crane Spreads Its Wings 3/4/-/4
    Sudden Reply -/3/-/1         Crane Wing Shelter -/-/7/-    Still Pond Guard -/-/4/-
    Feather Brush-Off -/-/2/-
    ADR: Roaring Focus (1, BOOST_NEXT_ATK 2), Hidden Vein Strike (5, DIRECT_DAMAGE 4),
         Parting the Reeds (2, REDUCE_PENDING_ATK 3)
    Events: Roaring Crowd (ATK_MOD +1), Torrential Rain (TURN_START_DISCARD 1 each)
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


def deck_sizes(state: dict[str, Any]) -> list[int]:
    return [len(state["zones"]["deck:0"]), len(state["zones"]["deck:1"])]


def blocked_hook(tiger: list[str], crane: list[str], **setup: Any) -> dict[str, Any]:
    """Tiger opens Attack 1 with Whirlwind Hook (ATK 4, LNK 3) and Crane fully blocks it with Still Pond Guard."""
    s = fight(["Whirlwind Hook", *tiger], ["Still Pond Guard", *crane], **setup)
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert deciding(s) == (1, "move", "attack1")
    return s


# ================================================================ section 7: counterattacks


def test_MA_7_1_counter_only_after_a_successful_block_and_only_by_the_blocker():
    # Partial block (DEF 2 against ATK 4): no counterattack when the sequence ends.
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Feather Brush-Off", "Wing Flick", "Crane Beak Tap"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Feather Brush-Off")
    assert public(s)["life"] == [15, 13]
    do(s, "stop")
    assert deciding(s) == (0, "move", "attack2")
    assert not [e for e in s["events"] if e["t"] == "counter_chance"]
    # Unblocked: no counterattack either.
    s = fight(["Whirlwind Hook", "Stalking Sweep"], ["Feather Brush-Off", "Wing Flick"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "take")
    do(s, "stop")
    assert deciding(s) == (0, "move", "attack2")
    # Full block: the blocker, and only the blocker, gets the move decision.
    s = blocked_hook(["Stalking Sweep"], ["Wing Flick"])
    assert {"t": "counter_chance", "seat": 1} in s["events"]
    assert attack_names(s) == {"Wing Flick"}
    refused(s, option_id("attack", "Stalking Sweep"))


def test_MA_7_2_blocker_move_decision_attack_starts_counter_stop_declines():
    s = blocked_hook(["Stalking Sweep"], ["Wing Flick", "Crane Beak Tap"])
    assert "stop" in ids(s)
    declined = clone(s)
    do(declined, "stop")
    assert deciding(declined) == (0, "move", "attack2")
    assert public(declined)["life"] == [15, 15]
    assert sorted(names(declined, "hand:1")) == ["Crane Beak Tap", "Wing Flick"]
    # Attacking starts the counterattack at once: Tiger (no DEF card) is asked, and can only take it.
    do(s, "attack", "Wing Flick")
    assert deciding(s) == (0, "response", "attack1") and ids(s) == ["take"]
    do(s, "take")
    assert public(s)["life"] == [13, 15]
    assert deciding(s) == (1, "move", "attack1")
    assert view(s, None)["public"]["sequence"]["striker"] == 1


def test_MA_7_3_counter_is_a_normal_sequence():
    s = blocked_hook(
        ["Crouching Guard"], ["Heron Step Strike", "Gliding Palm", "Folding Wing Elbow", "Crane Beak Tap"]
    )
    do(s, "attack", "Heron Step Strike")  # LNK 3
    assert deciding(s) == (0, "response", "attack1")  # Tiger, now receiving, gets a response window
    assert block_names(s) == {"Crouching Guard"}
    do(s, "take")
    assert public(s)["life"] == [12, 15]
    # Linking applies as in any sequence: CPT 2 and CPT 1 cannot follow LNK 3, CPT 3 can.
    assert attack_names(s) == {"Folding Wing Elbow"}
    refused(s, option_id("attack", "Gliding Palm"))
    do(s, "attack", "Folding Wing Elbow")
    do(s, "take")
    assert public(s)["life"] == [8, 15]
    do(s, "stop")
    assert public(s)["adr"] == [0, 1]  # two successful counter moves: one chain for Crane


def test_MA_7_4_counter_first_card_is_free():
    s = blocked_hook([], ["Wing Flick", "Sudden Reply", "Crane Beak Tap"])
    # The blocked card (LNK 3) is not part of the counter's chain: CPT 0 and blank CPT may start it.
    assert attack_names(s) == {"Wing Flick", "Sudden Reply", "Crane Beak Tap"}
    assert names(s, "discard:0") == ["Whirlwind Hook"]
    assert names(s, "discard:1") == ["Still Pond Guard"]
    do(s, "attack", "Wing Flick")  # CPT 0 < LNK 3 of the blocked card, still fine
    assert public(s)["life"] == [13, 15]
    do(s, "attack", "Crane Beak Tap")  # follows Wing Flick's LNK 0
    assert public(s)["life"] == [11, 15]
    do(s, "stop")
    # The block is not a move of the counter: two successful moves, one chain.
    assert public(s)["adr"] == [0, 1]


def test_MA_7_5_counterattacked_player_may_block_each_card():
    s = blocked_hook(
        ["Counter-Claw", "Forearm Wall", "Tiger Paw Jab"], ["Folding Wing Elbow", "Crane Spreads Its Wings"]
    )
    do(s, "attack", "Folding Wing Elbow")  # ATK 4
    assert deciding(s) == (0, "response", "attack1")
    assert block_names(s) == {"Counter-Claw", "Forearm Wall"}
    refused(s, option_id("block", "Tiger Paw Jab"))
    do(s, "block", "Forearm Wall")  # DEF 3: partial
    assert public(s)["life"] == [14, 15]
    assert deciding(s) == (1, "move", "attack1")  # a successful move: the counter goes on
    do(s, "attack", "Crane Spreads Its Wings")  # ATK 4
    assert deciding(s) == (0, "response", "attack1")  # and Tiger may block this card too
    assert block_names(s) == {"Counter-Claw"}
    do(s, "block", "Counter-Claw")  # DEF 4: a full block
    assert public(s)["life"] == [14, 15]
    assert deciding(s) == (0, "move", "attack1")


def test_MA_7_6_counter_counterattacks_repeat():
    s = blocked_hook(
        ["Crouching Guard", "Stalking Sweep", "Tiger Paw Jab"], ["Folding Wing Elbow", "Crane Wing Shelter"]
    )
    do(s, "attack", "Folding Wing Elbow")  # Crane's counter
    do(s, "block", "Crouching Guard")  # DEF 6 >= 4
    assert {"t": "counter_chance", "seat": 0} in s["events"]
    assert deciding(s) == (0, "move", "attack1")  # Tiger's counter-counter
    do(s, "attack", "Stalking Sweep")
    do(s, "block", "Crane Wing Shelter")  # DEF 7 >= 4
    assert {"t": "counter_chance", "seat": 1} in s["events"]
    assert public(s)["life"] == [15, 15]
    assert public(s)["attacker"] == 0 and s["turn"] == 1
    # Crane holds nothing left to attack with, so this third counter is declined by itself and Attack 2 follows.
    assert deciding(s) == (0, "move", "attack2")


def test_MA_7_7_counter_stays_inside_the_attack_phase():
    s = blocked_hook(["Tiger Paw Jab"], ["Reed Sway Palm", "Crane Beak Tap", "Wing Flick"])
    decks = deck_sizes(s)
    do(s, "attack", "Reed Sway Palm")
    do(s, "take")
    assert public(s)["life"] == [12, 15]
    # Mid-counter: same turn, same attacker, same phase, nobody drew.
    assert deciding(s) == (1, "move", "attack1")
    assert s["turn"] == 1 and public(s)["attacker"] == 0
    do(s, "attack", "Crane Beak Tap")
    do(s, "take")
    assert public(s)["life"] == [10, 15]
    # Wing Flick (CPT 0) cannot follow LNK 1: stopping is Crane's only answer, and it is asked.
    assert deciding(s) == (1, "move", "attack1") and ids(s) == ["stop"]
    do(s, "stop")
    # The counter over: still turn 1 with Tiger attacking, straight on to Attack 2 (no Draw/Prep/Resolve/End).
    assert deciding(s) == (0, "move", "attack2")
    assert s["turn"] == 1 and public(s)["attacker"] == 0
    assert deck_sizes(s) == decks
    phases = [e["phase"] for e in s["events"] if e["t"] == "phase"]
    assert phases == ["attack2"]


def test_MA_7_8_MA_7_9_exchange_ends_then_attack2_then_resolve():
    # The example of MA-7.9: A's second card is fully blocked; D's three-card counter goes unblocked.
    s = fight(
        ["Tiger Paw Jab", "Whirlwind Hook", "Rising Elbow", "Roaring Focus"],
        ["Still Pond Guard", "Wing Flick", "Crane Beak Tap", "Gliding Palm"],
        adr=[1, 0],
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    for name in ("Wing Flick", "Crane Beak Tap", "Gliding Palm"):
        do(s, "attack", name)
        do(s, "take")  # Tiger could play Roaring Focus, so the window is asked
    # Crane's hand is empty: the counter ended without a successful block, and with it the exchange.
    assert public(s)["life"] == [15 - 2 - 2 - 3, 13]
    assert public(s)["adr"] == [1, 2]
    assert deciding(s) == (0, "move", "attack2")
    assert view(s, None)["public"]["sequence"]["striker"] == 0
    do(s, "attack", "Rising Elbow")  # Crane has no cards: taken
    assert public(s)["life"] == [8, 10]
    do(s, "stop")
    # The exchange of Attack 2 ended: the Resolve phase follows, the attacker's window first.
    assert deciding(s) == (0, "window", "resolve")
    assert s["turn"] == 1


def test_MA_7_8_declined_counter_ends_the_exchange_and_the_phase():
    s = fight(
        ["Whirlwind Hook", "Tiger Paw Jab", "Roaring Focus"],
        ["Still Pond Guard", "Wing Flick"],
        phase="attack2",
        adr=[1, 0],
    )
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert deciding(s) == (1, "move", "attack2")
    do(s, "stop")  # Crane declines
    assert deciding(s) == (0, "window", "resolve")
    assert public(s)["life"] == [15, 15]


def test_MA_7_10_no_event_cards_during_an_exchange():
    s = fight(
        ["Roaring Crowd", "Whirlwind Hook", "Stalking Sweep", "Crouching Guard"],
        ["Torrential Rain", "Still Pond Guard", "Folding Wing Elbow", "Feather Brush-Off"],
        phase="prep",
    )
    # Control: the Event is playable in the attacker's Prep window.
    assert deciding(s) == (0, "window", "prep")
    rc = option_for(s, "event", "Roaring Crowd")
    do(s, "pass")
    # Crane's Prep window offers nothing but passing (no Events for the defender, no ADR), and is asked.
    assert deciding(s) == (1, "window", "prep")
    refused(s, option_id("event", "Torrential Rain"))
    do(s, "pass")
    assert deciding(s) == (0, "move", "attack1")
    refused(s, rc)
    do(s, "attack", "Whirlwind Hook")
    assert deciding(s) == (1, "response", "attack1")
    refused(s, option_id("event", "Torrential Rain"))
    do(s, "block", "Feather Brush-Off")  # partial, the combo goes on
    assert deciding(s) == (0, "move", "attack1")
    refused(s, rc)
    do(s, "attack", "Stalking Sweep")
    do(s, "block", "Still Pond Guard")  # full block: Crane counters
    assert deciding(s) == (1, "move", "attack1")
    refused(s, option_id("event", "Torrential Rain"))
    do(s, "attack", "Folding Wing Elbow")
    assert deciding(s) == (0, "response", "attack1")
    refused(s, rc)
    assert "event" not in verbs(s)
    assert s["zones"]["event_slot"] == []


# ================================================================ section 8: Adrenaline points


def test_MA_8_1_successful_move_is_unblocked_or_partly_blocked():
    s = fight(
        ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"],
        ["Feather Brush-Off", "Crane Wing Shelter", "Wing Flick"],
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")  # unblocked: successful
    assert view(s, None)["public"]["sequence"]["successful_moves"] == 1
    do(s, "attack", "Rising Elbow")  # ATK 3
    do(s, "block", "Feather Brush-Off")  # DEF 2: still successful
    assert view(s, None)["public"]["sequence"]["successful_moves"] == 2
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Crane Wing Shelter")  # DEF 7: not successful
    assert public(s)["adr"] == [1, 0]  # 2 successful moves: 1 chain


def test_MA_8_2_MA_8_3_chains_are_successful_moves_minus_one_credited_at_the_end():
    tiger = ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Stalking Sweep"]
    s = fight(tiger, ["Crane Beak Tap"], adr=[2, 0])
    for name in tiger[:3]:
        do(s, "attack", name)
        do(s, "take")  # Crane has no DEF card: all unblocked
        assert public(s)["adr"] == [2, 0]  # nothing yet while the combo runs
    do(s, "attack", "Stalking Sweep")
    do(s, "take")
    # Crane has 15 - 13 = 2 life left, and Tiger's hand is empty: the sequence ended.
    assert public(s)["life"] == [15, 2]
    assert public(s)["adr"] == [2 + 3, 0]  # four successful moves, three chains, added to the pool
    assert [e for e in s["events"] if e["t"] == "adr_gain"] == [{"t": "adr_gain", "seat": 0, "n": 3}]


def test_MA_8_4_single_attack_or_combo_blocked_on_second_card_earns_nothing():
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "stop")
    assert public(s)["life"] == [15, 13]
    assert public(s)["adr"] == [0, 0]
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Still Pond Guard", "Wing Flick"])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "attack", "Rising Elbow")
    do(s, "block", "Still Pond Guard")  # DEF 4 >= ATK 3
    assert public(s)["adr"] == [0, 0]
    assert not [e for e in s["events"] if e["t"] == "adr_gain"]


def test_MA_8_5_combo_blocked_on_fourth_card_earns_two():
    tiger = ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Stalking Sweep"]
    s = fight(tiger, ["Crane Wing Shelter", "Wing Flick"])
    for name in tiger[:3]:
        do(s, "attack", name)
        do(s, "take")
    do(s, "attack", "Stalking Sweep")
    do(s, "block", "Crane Wing Shelter")
    assert public(s)["adr"] == [2, 0]
    # Credited once, to the striker only, for the three moves before the block (the blocked fourth is no move).
    assert [e for e in s["events"] if e["t"] == "adr_gain"] == [{"t": "adr_gain", "seat": 0, "n": 2}]
    assert public(s)["life"] == [15, 15 - 2 - 3 - 4]
    assert s["pending"]["seat"] == 1 and s["pending"]["kind"] == "move"  # the blocker's counter decision


def test_MA_8_6_adr_credited_once_when_the_sequence_ends():
    s = fight(
        ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Stalking Sweep", "Roaring Focus"],
        ["Crane Beak Tap"],
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "attack", "Rising Elbow")
    do(s, "take")
    # Two successful moves already, but nothing is credited card by card, so Roaring Focus (cost 1) is unaffordable.
    assert public(s)["adr"] == [0, 0]
    refused(s, option_id("adrenaline", "Roaring Focus"))
    do(s, "attack", "Whirlwind Hook")
    do(s, "take")
    assert public(s)["adr"] == [0, 0]
    do(s, "stop")
    assert public(s)["adr"] == [2, 0]
    assert [e for e in s["events"] if e["t"] == "adr_gain"] == [{"t": "adr_gain", "seat": 0, "n": 2}]
    # Spendable from the next decision on.
    assert deciding(s) == (0, "move", "attack2")
    assert option_for(s, "adrenaline", "Roaring Focus") in ids(s)


def test_MA_8_7_counterattacks_earn_adr_for_their_own_striker():
    s = fight(
        ["Tiger Paw Jab", "Whirlwind Hook"],
        ["Still Pond Guard", "Wing Flick", "Crane Beak Tap", "Gliding Palm"],
        adr=[4, 1],
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "attack", "Whirlwind Hook")
    do(s, "block", "Still Pond Guard")
    assert public(s)["adr"] == [4, 1]  # Tiger had one successful move: nothing
    for name in ("Wing Flick", "Crane Beak Tap", "Gliding Palm"):
        do(s, "attack", name)  # Tiger holds nothing: unblocked
    assert public(s)["adr"] == [4, 1 + 2]  # three successful counter moves, two chains, for Crane


def test_MA_8_8_adr_pool_carries_over_has_no_cap_and_drops_only_by_costs():
    s = fight(
        ["Tiger Paw Jab", "Rising Elbow", "Roaring Focus", "Pouncing Knee"],
        ["Feather Brush-Off", "Parting the Reeds"],
        adr=[10000, 1],
    )
    do(s, "attack", "Tiger Paw Jab")
    # The pool cannot go below 0: Parting the Reeds costs 2 and Crane has 1.
    assert deciding(s) == (1, "response", "attack1")
    refused(s, option_id("adrenaline", "Parting the Reeds"))
    do(s, "take")
    do(s, "attack", "Rising Elbow")
    do(s, "take")
    do(s, "stop")
    assert public(s)["adr"] == [10001, 1]  # no maximum; Crane's pool unaffected by the damage taken
    do(s, "adrenaline", "Roaring Focus")  # the only way down: paying a cost
    assert public(s)["adr"] == [10000, 1]
    do(s, "attack", "Pouncing Knee")  # ATK 3 + 2
    do(s, "take")
    assert public(s)["life"] == [15, 15 - 2 - 3 - 5]
    # Tiger's hand is empty, as everyone can see: the combo, Attack 2 and Tiger's Resolve window end by themselves.
    # Crane's Resolve window is asked; then turn 2 begins with Crane attacking, and both Prep windows are asked.
    assert deciding(s) == (1, "window", "resolve")
    pass_windows(s, 1)
    assert s["turn"] == 2
    pass_windows(s, 2)
    assert deciding(s) == (1, "move", "attack1")
    assert public(s)["adr"] == [10000, 1]


def test_MA_8_9_adr_cards_are_not_moves():
    # Between two attack cards: the chain is neither broken nor lengthened.
    s = fight(["Tiger Paw Jab", "Roaring Focus", "Rising Elbow"], ["Crane Beak Tap"], adr=[1, 0])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "adrenaline", "Roaring Focus")
    assert view(s, None)["public"]["sequence"]["successful_moves"] == 1
    do(s, "attack", "Rising Elbow")  # ATK 3 + 2
    do(s, "take")
    assert public(s)["life"] == [15, 15 - 2 - 5]
    assert public(s)["adr"] == [1 - 1 + 1, 0]  # two moves, one chain
    # DIRECT_DAMAGE after a single attack: its life loss is no second successful move.
    s = fight(["Tiger Paw Jab", "Hidden Vein Strike", "Rising Elbow"], ["Crane Beak Tap"], adr=[5, 0])
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    do(s, "adrenaline", "Hidden Vein Strike")
    assert public(s)["life"] == [15, 15 - 2 - 4]
    assert deciding(s) == (0, "move", "attack1")
    assert view(s, None)["public"]["sequence"]["successful_moves"] == 1
    do(s, "stop")
    assert public(s)["adr"] == [0, 0]
    # The sequence ended with no chain, and no counterattack for anyone.
    assert deciding(s) == (0, "move", "attack2")
    assert not [e for e in s["events"] if e["t"] in ("adr_gain", "counter_chance")]


def test_MA_8_10_no_adr_when_the_game_ends_during_a_sequence():
    # By attack damage: the third card would have made 2 chains.
    s = fight(["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"], ["Crane Beak Tap"], life=[15, 9])
    for name in ("Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"):
        do(s, "attack", name)
        do(s, "take")
    assert s["result"]["winners"] == [0]
    assert public(s)["life"] == [15, 0]
    assert public(s)["adr"] == [0, 0]
    assert not [e for e in s["events"] if e["t"] == "adr_gain"]
    # By an ADR card's damage in the middle of a combo of two successful moves.
    s = fight(
        ["Tiger Paw Jab", "Rising Elbow", "Hidden Vein Strike"], ["Crane Beak Tap"], life=[15, 9], adr=[5, 0]
    )
    for name in ("Tiger Paw Jab", "Rising Elbow"):
        do(s, "attack", name)
        do(s, "take")
    assert public(s)["life"] == [15, 4]
    do(s, "adrenaline", "Hidden Vein Strike")
    assert s["result"]["winners"] == [0]
    assert public(s)["adr"] == [
        0,
        0,
    ]  # the cost was paid; the chain of the unfinished combo is never credited
