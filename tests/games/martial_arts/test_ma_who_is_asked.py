"""Martial Arts: whether a seat is asked never reveals what it holds (MA-4.11, MA-5.14, MA-6.15, rules version 3).

A decision is made automatically only when everyone can see that it is the only choice: the player has no card in
hand, or a striker's sequence has reached a blank linker (MA-5.6) and the striker holds no ADR points. Every other
decision is asked, even when its only legal answer is to stop, to pass or to take the hit, so that the opponent
sees the same game whatever the hidden hand holds.

Card numbers used below (from the packaged ``cards.toml``), CPT/ATK/DEF/LNK with "-" for blank:

    Tiger Paw Jab 1/2/-/1      Rising Elbow 2/3/-/2      Whirlwind Hook 2/4/-/3    Stalking Sweep 3/4/-/2
    Tiger Fang Palm 4/7/-/-    Crane Beak Tap 1/2/-/1    Wing Flick 0/2/-/0        Still Pond Guard -/-/4/-
    Roaring Focus (ADR 1, BOOST_NEXT_ATK 2)      Rooted Stance (ADR 1, BOOST_NEXT_DEF 2)
    Steady Breathing (ADR 2, GAIN_LIFE 3)        Roaring Crowd (Event, ATK_MOD +1)
"""

from __future__ import annotations

from typing import Any

from tests.support.martial_arts import deciding, do, fight, option_for, public
from tests.support.scenario import ids

from cardsmith.core import apply, get_game, view

GAME = "martial-arts"


def seen_by(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Everything ``seat`` is shown: cards, public data, the pending decision and the events of the last step."""
    return view(state, seat)


# ================================================================ MA-6.15: a receiver without a block is asked


def test_MA_6_15_a_receiver_without_a_block_card_is_still_asked() -> None:
    # Crane holds no card with a DEF and no ADR points: "Take the hit" is the only answer, but it is asked for.
    s = fight(["Tiger Paw Jab", "Rising Elbow"], ["Crane Beak Tap", "Steady Breathing"])
    do(s, "attack", "Tiger Paw Jab")
    assert deciding(s) == (1, "response", "attack1")
    assert ids(s) == ["take"]
    assert public(s)["life"] == [15, 15]  # nothing has happened yet
    assert view(s, 0)["pending"] == {
        "seat": 1,
        "kind": "response",
        "prompt": "P2: block Tiger Paw Jab (ATK 2)?",
    }
    do(s, "take")
    # The striker learns that the hit was taken, and nothing more.
    seen = view(s, 0)
    assert {"t": "unblocked", "seat": 1, "atk": 2} in seen["events"]
    assert seen["public"]["life"] == [15, 13]
    assert seen["pending"]["seat"] == 0 and seen["pending"]["kind"] == "move"


def test_MA_6_15_the_striker_sees_the_same_game_whether_or_not_the_receiver_can_block() -> None:
    views = []
    for hand1 in (["Crane Beak Tap", "Steady Breathing"], ["Still Pond Guard", "Wing Flick"]):
        s = fight(["Tiger Paw Jab", "Rising Elbow"], hand1)
        do(s, "attack", "Tiger Paw Jab")
        after_attack = seen_by(s, 0)
        do(s, "take")  # both receivers decline to block
        views.append((after_attack, seen_by(s, 0)))
    assert views[0] == views[1]


def test_MA_11_7_a_receiver_with_an_empty_hand_takes_the_hit_without_being_asked() -> None:
    # An empty hand is public (MA-1.16), and in Sudden Death it is empty for good: nothing to ask.
    s = fight(["Tiger Paw Jab", "Rising Elbow"], [], zones={"deck:1": []})
    assert view(s, 0)["public"]["sudden_death"] == [False, True]
    do(s, "attack", "Tiger Paw Jab")
    assert {"t": "unblocked", "seat": 1, "atk": 2} in s["events"]
    assert public(s)["life"] == [15, 13]
    assert deciding(s) == (0, "move", "attack1")


# ================================================================ MA-5.14: a striker without a linking card is asked


def test_MA_5_14_a_striker_with_no_linking_card_is_still_asked() -> None:
    # After Whirlwind Hook (LNK 3) Tiger Paw Jab (CPT 1) cannot follow: stopping is the only answer, and it is asked.
    s = fight(["Whirlwind Hook", "Tiger Paw Jab"], ["Crane Beak Tap", "Wing Flick"])
    do(s, "attack", "Whirlwind Hook")
    do(s, "take")
    assert deciding(s) == (0, "move", "attack1")
    assert ids(s) == ["stop"]
    assert s["pending"]["prompt"] == "P1: continue the combo"
    do(s, "stop")
    # The receiver is told that the striker stopped.
    seen = view(s, 1)
    assert {"t": "stop", "seat": 0, "first": False} in seen["events"]
    assert get_game(GAME).describe_event({"t": "stop", "seat": 0, "first": False}, 1) == "P1 ends the combo."
    assert deciding(s) == (0, "move", "attack2")


def test_MA_5_14_the_receiver_cannot_tell_whether_the_striker_could_go_on() -> None:
    views = []
    for hand0 in (["Whirlwind Hook", "Tiger Paw Jab"], ["Whirlwind Hook", "Stalking Sweep"]):
        s = fight(hand0, ["Crane Beak Tap", "Wing Flick"])
        do(s, "attack", "Whirlwind Hook")
        apply(s, "take")
        views.append(seen_by(s, 1))
    assert views[0] == views[1]
    assert views[0]["pending"] == {"seat": 0, "kind": "move", "prompt": "P1: continue the combo"}


def test_MA_4_11_a_blank_linker_ends_the_chain_by_itself_only_without_adr_points() -> None:
    # Tiger Fang Palm has a blank LNK (MA-5.6). With no ADR points nothing can follow, and everyone can see it.
    s = fight(["Tiger Fang Palm", "Tiger Paw Jab"], ["Crane Beak Tap", "Wing Flick"])
    do(s, "attack", "Tiger Fang Palm")
    do(s, "take")
    assert deciding(s) == (0, "move", "attack2")
    assert s["pending"]["prompt"] == "P1: attack"
    assert {"t": "stop", "seat": 0, "first": False} in view(s, 1)["events"]
    # With an ADR point the striker might hold an ADR card to play, so the decision is asked, even with none.
    s = fight(["Tiger Fang Palm", "Tiger Paw Jab"], ["Crane Beak Tap", "Wing Flick"], adr=[1, 0])
    do(s, "attack", "Tiger Fang Palm")
    do(s, "take")
    assert deciding(s) == (0, "move", "attack1")
    assert ids(s) == ["stop"]


def test_MA_4_11_a_striker_who_makes_no_attack_is_announced() -> None:
    s = fight(["Still Pond Guard"], ["Crane Beak Tap"])  # a pure-defense card cannot attack
    assert deciding(s) == (0, "move", "attack1")
    assert ids(s) == ["stop"]
    do(s, "stop")
    assert {"t": "stop", "seat": 0, "first": True} in view(s, 1)["events"]
    assert get_game(GAME).describe_event({"t": "stop", "seat": 0, "first": True}, 1) == "P1 makes no attack."


# ================================================================ MA-4.11: windows are asked without playable cards


def test_MA_4_11_a_window_without_a_playable_event_or_adr_card_is_still_asked() -> None:
    s = fight(["Tiger Paw Jab"], ["Crane Beak Tap"], phase="prep")
    assert deciding(s) == (0, "window", "prep")
    assert ids(s) == ["pass"]
    do(s, "pass")
    assert deciding(s) == (1, "window", "prep")
    assert ids(s) == ["pass"]
    do(s, "pass")
    assert deciding(s) == (0, "move", "attack1")


def test_MA_4_11_the_defender_cannot_tell_whether_the_attacker_holds_an_event() -> None:
    views = []
    for hand0 in (["Tiger Paw Jab", "Roaring Crowd"], ["Tiger Paw Jab", "Rising Elbow"]):
        s = fight(hand0, ["Crane Beak Tap"], phase="prep")
        before = seen_by(s, 1)
        do(s, "pass")
        views.append((before, seen_by(s, 1)))
    assert views[0] == views[1]


def test_MA_4_11_the_attacker_cannot_tell_whether_the_defender_holds_an_adr_card() -> None:
    views = []
    for hand1 in (["Crane Beak Tap", "Rooted Stance"], ["Crane Beak Tap", "Wing Flick"]):
        s = fight(["Tiger Paw Jab"], hand1, phase="prep", adr=[0, 1])
        do(s, "pass")
        at_window = seen_by(s, 0)
        do(s, "pass")
        views.append((at_window, seen_by(s, 0)))
    assert views[0] == views[1]
    assert views[0][0]["pending"] == {"seat": 1, "kind": "window", "prompt": "P2: prep window"}


def test_MA_4_11_an_empty_hand_passes_its_windows_by_itself() -> None:
    # P2's empty hand is public: its Prep window has nothing to offer, and everyone can see that.
    s = fight(["Tiger Paw Jab", "Roaring Focus"], [], phase="prep", adr=[1, 1])
    assert deciding(s) == (0, "window", "prep")
    do(s, "pass")
    assert deciding(s) == (0, "move", "attack1")
    assert option_for(s, "adrenaline", "Roaring Focus")
