"""Taking of Taidian scenario tests: laying every damage-dealing card left in hand at one target and revealing, in one
decision (the ``lay_all:<seat>`` options of an attacking play step, TAI-6.4, TAI-6.5), against the same volley laid one
card at a time."""

from __future__ import annotations

from typing import Any

from tests.support.scenario import unchanged_after_refusal
from tests.support.taidian_helpers import (
    apply,
    attack_table,
    deciding,
    do,
    done,
    health,
    ids,
    labels,
    lay,
    names,
    parsed,
)

from cardsmith.core import view
from cardsmith.core.actions import option_id

State = dict[str, Any]


def all_ids(state: State) -> list[str]:
    return [oid for oid in ids(state) if parsed(oid).verb == "lay_all"]


def comparable(state: State) -> State:
    """The whole state but the decision counter and the last step's events (the two paths take different steps)."""
    return {k: v for k, v in state.items() if k not in ("step", "events")}


def volley_event(state: State) -> dict[str, Any]:
    return next(e for e in state["events"] if e["t"] == "volley")


def twins(**kw: Any) -> tuple[State, State]:
    return attack_table(**kw), attack_table(**kw)


def damage_in_hand_order(state: State, seat: int = 0) -> list[str]:
    """The damage-dealing card names in the seat's hand zone, in its order (a scenario lists a zone top first)."""
    return [n for n in names(state, f"hand:{seat}") if n in ("Punch", "Kick", "9mm")]


# ================================================================ the same volley, the same resolution


def test_TAI_6_4_lay_all_equals_laying_each_card_in_hand_order_all_at_once():
    kw: dict[str, Any] = dict(
        n=3,
        hands={0: ["Punch", "Kick", "9mm", "Shield", "Punch"], 1: ["Shield", "Kick"], 2: ["Shield"]},
        # power-ups raise the values the same way both times
        levels=[[1, 2, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]],
        seed=3,
    )
    one, every = twins(**kw)
    assert option_id("lay_all", 1) in ids(every) and option_id("lay_all", 2) in ids(every)
    label = dict(every["pending"]["options"])[option_id("lay_all", 1)]
    order = damage_in_hand_order(every)
    assert order == ["Punch", "9mm", "Kick", "Punch"]
    assert label == "Lay all 4 damage cards (Punch x2, 9mm, Kick; attack 110) at P2 and reveal"
    for name in order:
        lay(one, name, 1)
    apply(one, "reveal")
    apply(every, option_id("lay_all", 1))
    assert volley_event(every) == volley_event(one)
    assert volley_event(every)["cards"] == [
        ["Punch", 1, None, 30],
        ["9mm", 1, None, 25],
        ["Kick", 1, None, 25],
        ["Punch", 1, None, 30],
    ]
    assert comparable(every) == comparable(one)
    for s in (one, every):  # the defender blocks and counters; then the attacker's Shield answers the counter
        assert deciding(s) == (1, "respond")
        do(s, "play", "Shield")
        do(s, "counter", "Kick")
        done(s)
        assert deciding(s) == (0, "counter_shield")
        do(s, "play", "Shield")
    assert comparable(every) == comparable(one)
    assert health(every) == health(one)
    assert every["zones"] == one["zones"] and health(every) == [
        145,
        50,
        150,
    ]  # 150 - (110 - 10); 150 - (15 - 10)


def test_TAI_6_5_lay_all_after_other_cards_completes_the_volley_being_laid_all_at_once():
    kw: dict[str, Any] = dict(
        n=3,
        hands={0: ["Robber", "Kick", "Poison", "Punch"], 1: ["Coin", "Shield"], 2: ["Shotgun", "Gold"]},
        seed=5,
    )
    one, every = twins(**kw)
    for s in (one, every):
        lay(s, "Robber", 2)
        lay(s, "Poison", 1)
    assert all_ids(every) == [
        option_id("lay_all", 1),
        option_id("lay_all", 2),
    ]  # Robber and Poison are not damage cards: two remain
    order = damage_in_hand_order(one)
    assert order == ["Punch", "Kick"]
    for name in order:
        lay(one, name, 2)
    apply(one, "reveal")
    apply(every, option_id("lay_all", 2))
    assert volley_event(every) == volley_event(one)
    assert [c[:2] for c in volley_event(every)["cards"]] == [
        ["Robber", 2],
        ["Poison", 1],
        ["Punch", 2],
        ["Kick", 2],
    ]
    assert comparable(every) == comparable(one)
    for s in (one, every):  # play the volley out the same way on both tables
        while s["pending"] is not None and deciding(s) != (0, "attack"):
            apply(s, ids(s)[0])
    assert comparable(every) == comparable(one)


def test_TAI_8_19_a_stolen_card_is_laid_with_the_rest_as_if_one_at_a_time_all_at_once():
    # The stolen Punch joins the end of the hand but has the lowest id: the single-card option lays that copy first,
    # and laying all at once takes the copies of a name in the same order.
    kw: dict[str, Any] = dict(n=3, current=1, hands={0: ["Punch"], 1: ["Punch", "Robber", "Kick", "Punch"]})
    one, every = twins(**kw)
    for s in (one, every):
        lay(s, "Robber", 0)
        apply(s, "reveal")
        assert deciding(s) == (1, "attack") and names(s, "hand:1")[-1] == "Punch"
    order = damage_in_hand_order(one, 1)
    assert order == ["Punch", "Kick", "Punch", "Punch"]
    for name in order:
        lay(one, name, 2)
    apply(one, "reveal")
    apply(every, option_id("lay_all", 2))
    assert volley_event(every) == volley_event(one)
    assert comparable(every) == comparable(one) and health(every)[2] == 150 - 35


# ================================================================ when the option is offered


def test_TAI_1_13_lay_all_needs_two_damage_dealing_cards_all_at_once():
    s = attack_table(
        2, hands={0: ["Punch", "Robber", "Poison", "First Aid", "Fire Bomb"]}, structs={1: ["Bunker"]}
    )
    assert all_ids(s) == []  # one damage card: its own option says the same
    assert unchanged_after_refusal(s, option_id("lay_all", 1))
    t = attack_table(2, hands={0: ["Punch", "Kick", "Robber"]})
    assert all_ids(t) == [option_id("lay_all", 1)]
    lay(t, "Kick", 1)
    assert all_ids(t) == []  # one left once the Kick is laid
    assert unchanged_after_refusal(t, option_id("lay_all", 1))
    u = attack_table(2, hands={0: ["Coin", "Shield", "Poison"]})
    assert all_ids(u) == [] and unchanged_after_refusal(u, option_id("lay_all", 1))


def test_TAI_6_9_lay_all_is_offered_only_at_a_target_every_card_may_aim_at_all_at_once():
    # TAI-6.7 .. TAI-6.9: damage cards aim only at living opponents, so not at a teammate, an eliminated seat or
    # oneself; with these rules every damage card has the same targets, so each such target gets its option.
    s = attack_table(4, hands={0: ["Punch", "Kick", "9mm"]}, options={"teams": "0,2/1,3"})
    assert all_ids(s) == [option_id("lay_all", 1), option_id("lay_all", 3)]
    for bad in (
        option_id("lay_all", 2),
        option_id("lay_all", 0),
        option_id("lay_all", 4),
        "lay_all:x",
        "lay_all:",
        "lay_all:1:2",
        "all:1",
    ):
        assert unchanged_after_refusal(s, bad)
    t = attack_table(3, hands={0: ["Punch", "Punch"]}, alive=[True, False, True], health=[150, 0, 150])
    assert all_ids(t) == [option_id("lay_all", 2)] and unchanged_after_refusal(t, option_id("lay_all", 1))


def test_TAI_6_16_no_lay_all_once_the_volley_is_revealed_all_at_once():
    s = attack_table(2, hands={0: ["Punch", "Kick", "Punch"], 1: ["Shield"]})
    lay(s, "Punch", 1)
    apply(s, "reveal")
    assert deciding(s) == (1, "respond")
    assert unchanged_after_refusal(s, option_id("lay_all", 1))  # only the attacker's play step offers it
    done(s)
    assert deciding(s) == (0, "attack") and all_ids(s) == [
        option_id("lay_all", 1)
    ]  # Kick and Punch are left for a new volley


def test_TAI_1_18_the_lay_all_label_is_seen_only_by_the_attacker_all_at_once():
    s = attack_table(3, hands={0: ["Punch", "Kick", "Punch"], 1: ["Shield"], 2: ["9mm"]})
    t = attack_table(3, hands={0: ["Coin", "Punch", "Bolt"], 1: ["Shield"], 2: ["9mm"]})
    assert any(label.startswith("Lay all 3 damage cards") for label in labels(s))
    for seat in (None, 1, 2):  # others see the same prompt whatever the attacker holds, and no options
        vs, vt = view(s, seat)["pending"], view(t, seat)["pending"]
        assert vs == vt and "options" not in vs
    assert dict(view(s, 0)["pending"]["options"])[option_id("lay_all", 1)].startswith(
        "Lay all 3 damage cards (Punch x2, Kick;"
    )
