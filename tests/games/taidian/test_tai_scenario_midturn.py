"""Taking of Taidian scenarios in the middle of a turn: a volley revealed and being resolved (``[setup] volley``), a
Poison's tick window part-way (``tick``) and a Burn-Barrel in use (``burning``), played on through the rules, and
refused with a message naming the key when they do not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.taidian_helpers import (
    attack_table,
    deciding,
    health,
    ids,
    names,
    opt,
    poisons,
    revealed_volley,
    table,
)

from cardsmith.core import ScenarioError, apply, view

PUNCHES = [{"card": "Punch", "target": 1}, {"card": "Punch", "target": 1}]


def resolving(n: int = 3, *, volley: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """Seat 0 attacking, its volley ``volley`` revealed and being resolved."""
    kw.setdefault("skip_idle", False)
    return attack_table(n, volley=volley, **kw)


def test_TAI_7_9_TAI_6_13_a_response_window_under_way_counts_the_block_played_before():
    # P2 played a Shield for itself (block 10 so far) against two Punches (attack 20); now P3 may help.
    volley = {"cards": PUNCHES, "window": "respond", "victim": 1, "asked": 2, "block": [0, 10, 0]}
    zones = {"play:0": ["Punch", "Punch"], "resp:1": ["Shield"]}
    s = resolving(volley=volley, zones=zones, hands={0: ["Kick"], 1: ["Coin"], 2: ["Shield"]})
    assert deciding(s) == (2, "respond")
    assert "block 10 so far" in s["pending"]["prompt"]
    shown = revealed_volley(s)
    assert shown["attacked"] == [1] and shown["attack"] == [0, 20, 0] and shown["block"] == [0, 10, 0]
    assert (
        view(s, 2)["zones"]["resp:1"] == view(s, 0)["zones"]["resp:1"]
    )  # played in a window: public (TAI-7.8)
    apply(s, "done")  # P3 does not help
    assert health(s) == [150, 140, 150]  # 20 attack - 10 block (TAI-6.13)
    assert names(s, "discard:1") == ["Shield"]  # TAI-7.12: the window's cards are discarded once it resolves
    assert deciding(s) == (0, "attack")  # the attacker's play step goes on (TAI-6.18)


def test_TAI_8_7_the_counter_shield_step_under_way_nets_the_counters_dealt():
    # P2 countered with a Kick (5) and a 9mm (15): 20 counter damage is pending; P1 may play Shields.
    volley = {"cards": PUNCHES, "window": "counter_shield", "counter": [0, 20, 0]}
    zones = {"play:0": ["Punch", "Punch"], "resp:1": ["Kick", "9mm"]}
    s = resolving(volley=volley, zones=zones, hands={0: ["Shield", "Punch"], 1: ["Coin"]})
    assert deciding(s) == (0, "counter_shield")
    assert "20 counter damage" in s["pending"]["prompt"]
    apply(s, opt(s, "play", "Shield"))  # block 10 (TAI-8.6)
    apply(s, "done")
    assert health(s) == [140, 130, 150]  # the attacker takes 20 - 10, P2 the two Punches (TAI-8.3)


def test_TAI_8_11_TAI_8_12_a_shotgun_window_under_way_protects_from_the_robber_still_to_come():
    # Robbers at P2 and P3; P2's Shotgun window is over (nothing played); P3's is open.
    cards = [{"card": "Robber", "target": 1}, {"card": "Robber", "target": 2}]
    volley = {"cards": cards, "window": "shotgun", "victim": 2}
    hands = {1: ["Gold"], 2: ["Shotgun", "Gold"]}
    s = resolving(volley=volley, zones={"play:0": ["Robber", "Robber"]}, hands=hands)
    assert deciding(s) == (2, "shotgun")
    apply(s, opt(s, "play", "Shotgun"))
    while deciding(s)[1] == "shotgun":  # P3 plays nothing more, then P2 may help: nothing
        apply(s, "done")
    # step (2): the Robber at P2 takes its Gold (a money card goes to the attacker's discard, TAI-8.20); the one
    # at P3 takes nothing (TAI-8.11)
    assert names(s, "hand:1") == [] and names(s, "discard:0") == ["Gold"]
    assert names(s, "hand:2") == ["Gold"]
    assert revealed_volley(s)["counter"] == [0, 0, 5]  # the Shotgun's 5 counter damage (TAI-8.8, TAI-8.13)


def test_TAI_8_32_a_poison_of_a_volley_past_its_effects_is_on_the_track_and_answered_with_a_counter():
    cards = [{"card": "Poison", "target": 1}, {"card": "Fire Bomb", "target": 1, "structure": "Bunker"}]
    volley = {"cards": cards, "window": "respond", "victim": 1}
    zones = {"play:0": ["Poison", "Fire Bomb"], "discard:1": ["Bunker"]}
    s = resolving(n=2, volley=volley, zones=zones, hands={1: ["Kick"]})
    assert poisons(s) == [{"victim": 1, "owner": 0, "ticks": 4, "damage": 5}]  # TAI-8.24
    assert names(s, "play:0") == ["Fire Bomb"] and names(s, "poison:1") == ["Poison"]
    assert revealed_volley(s)["cards"][1][2] == "Bunker"
    assert any(o.startswith("counter") for o in ids(s))  # TAI-8.32: the victim may counter
    apply(
        s, opt(s, "counter", "Kick")
    )  # P2's hand is empty now; P1 holds no Shield to ask about: it resolves
    assert health(s) == [145, 150]


@pytest.mark.parametrize(
    ("volley", "zones", "message"),
    [
        ({"cards": [], "window": "respond"}, {}, r"volley\.cards: a volley holds one card or more"),
        (
            {"cards": [{"card": "Punch", "target": 1}], "window": "respond"},
            {"play:0": []},
            r"volley\.cards\[0\]: 'Punch' must be in play:0",
        ),
        (
            {"cards": PUNCHES, "window": "respond", "victim": 2},
            {},
            r"volley\.victim: a respond window is that of an attacked seat",
        ),
        ({"cards": PUNCHES, "window": "shotgun"}, {}, r"volley\.victim: a shotgun window is that of a seat"),
        (
            {"cards": PUNCHES, "window": "counter_shield"},
            {},
            r"volley\.counter: the counter-shield step needs counter damage",
        ),
        (
            {"cards": PUNCHES, "window": "respond", "victim": 1, "asked": 0},
            {},
            r"volley\.asked: seat 0 is not asked in this window",
        ),
        (
            {"cards": PUNCHES, "window": "respond", "victim": 1, "block": [0, 0, 5]},
            {},
            r"volley\.block: only an attacked seat has a block",
        ),
        (
            {"cards": PUNCHES, "window": "respond", "victim": 1, "counter": [0, 5]},
            {},
            r"volley\.counter must be a list of 3 whole numbers",
        ),
        (
            {"cards": PUNCHES, "window": "respond", "victim": 1},
            {"resp:2": ["Gold"]},
            r"resp:2 holds a card that no window takes",
        ),
        (
            {"cards": [{"card": "Fire Bomb", "target": 1, "structure": "Bunker"}], "window": "respond"},
            {"play:0": ["Fire Bomb"], "struct:1": ["Bunker"]},
            r"volley\.cards\[0\]: a Fire Bomb names a structure in discard:1",
        ),
    ],
)
def test_TAI_6_10_a_volley_being_resolved_that_does_not_fit_is_refused_naming_the_key(
    volley: dict[str, Any], zones: dict[str, list[str]], message: str
):
    z = {"play:0": ["Punch", "Punch"], **zones}
    with pytest.raises(ScenarioError, match=message):
        resolving(volley=volley, zones=z, hands={1: ["Coin"], 2: ["Coin"]})


def test_TAI_6_10_a_volley_is_resolved_only_in_the_play_step_of_an_attacking_turn():
    volley = {"cards": PUNCHES, "window": "respond", "victim": 1}
    with pytest.raises(ScenarioError, match=r"volley: a volley is resolved only on an attacking turn"):
        resolving(volley=volley, zones={"play:0": ["Punch", "Punch"]}, turn_type="upgrade")
    with pytest.raises(ScenarioError, match=r"\[setup\] volley needs step = 'play'"):
        resolving(volley=volley, zones={"play:0": ["Punch", "Punch"]}, step="choice", turn_type=None)
    with pytest.raises(ScenarioError, match=r"zone resp:1 must start empty"):
        attack_table(2, zones={"resp:1": ["Shield"]})


# ---------------------------------------------------------------- a Poison's tick window part-way: [setup] tick


def ticking(n: int = 3, *, tick: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """Seat 0's start step, its Poisons (``poisons``) ticking, one tick window open part-way."""
    kw.setdefault("poisons", [{"owner": 0, "victim": 1, "damage": 20}, {"owner": 0, "victim": 2}])
    return table(n, step="start", tick=tick, skip_idle=False, **kw)


def test_TAI_8_43_TAI_11_3_a_tick_window_under_way_nets_the_medics_played_before():
    # P2 played a Medic for itself (heal 15) against P1's Poison (20 a tick); now P3 may help.
    tick = {"poison": 0, "asked": 2, "healing": 15}
    s = ticking(
        tick=tick, zones={"resp:1": ["Medic"]}, health=[150, 100, 150], hands={0: ["Coin"], 2: ["Coin"]}
    )
    assert deciding(s) == (2, "tick") and "Poison ticks on P2 for 20" in s["pending"]["prompt"]
    apply(s, "done")
    assert health(s) == [150, 95, 150]  # 100 - 20 + 15 (TAI-11.3)
    assert names(s, "discard:1") == ["Medic"]  # TAI-8.28 (d)
    assert [p["ticks"] for p in poisons(s)] == [3, 4]  # TAI-8.28 (c)
    # then P1's second Poison ticks on P3 (TAI-3.5): its window asks P3 first
    assert deciding(s) == (2, "tick") and "Poison ticks on P3 for 5" in s["pending"]["prompt"]


def test_TAI_3_5_a_poison_whose_tick_is_under_way_is_followed_by_the_later_ones_only():
    s = ticking(tick={"poison": 1}, hands={0: ["Coin"], 2: ["Medic"]})
    assert deciding(s) == (2, "tick") and "Poison ticks on P3 for 5" in s["pending"]["prompt"]
    apply(s, opt(s, "play", "Medic"))  # P3's hand is empty now, and P2 holds nothing: the tick resolves
    assert health(s) == [150, 150, 150]  # 5 damage, 15 healing, at most the maximum (TAI-11.2)
    assert [p["ticks"] for p in poisons(s)] == [
        4,
        3,
    ]  # the first Poison ticked before the position: not again
    assert deciding(s) == (0, "turn_type")  # then the choice step (TAI-3.4)


@pytest.mark.parametrize(
    ("tick", "extra", "message"),
    [
        (
            {"poison": 2},
            {},
            r"\[setup\] tick\.poison must be the place of a Poison in \[setup\] poisons, not 2",
        ),
        (
            {"poison": 0},
            {"current": 1},
            r"\[setup\] tick\.poison: seat 1's start step ticks only the Poisons",
        ),
        ({"poison": 0, "asked": 0}, {}, r"\[setup\] tick\.asked: seat 0 is not asked in this tick window"),
        ({"poison": 0, "asked": 2}, {}, r"\[setup\] tick\.asked: seat 2 holds no card"),
    ],
)
def test_TAI_8_28_a_tick_window_that_does_not_fit_is_refused_naming_the_key(
    tick: dict[str, Any], extra: dict[str, Any], message: str
):
    with pytest.raises(ScenarioError, match=message):
        ticking(tick=tick, hands={1: ["Coin"]}, **extra)
    with pytest.raises(ScenarioError, match=r"\[setup\] tick: a Poison ticks in the start step"):
        attack_table(2, poisons=[{"owner": 0, "victim": 1}], tick={"poison": 0}, hands={1: ["Coin"]})


# ---------------------------------------------------------------- a Burn-Barrel in use: [setup] burning


def test_TAI_8_53_TAI_8_54_a_burn_barrel_in_use_burns_only_what_the_turn_still_allows():
    zones = {"play:0": ["Burn-Barrel"]}
    hands = {0: ["Coin", "Coin", "Punch"]}
    s = attack_table(2, zones=zones, hands=hands, burned=1, burning=True, skip_idle=False)
    assert deciding(s) == (0, "burn") and "burn up to 1 more card" in s["pending"]["prompt"]
    assert sorted(ids(s)) == sorted(["burn:Coin", "burn:Punch", "stop"])
    apply(s, "burn:Coin")  # the second card of the turn: nothing more may be burned (TAI-8.54)
    assert names(s, "out") == ["Coin"] and deciding(s) == (0, "attack")
    assert not any(o.startswith("use_barrel") for o in ids(s))
    assert deciding(attack_table(2, zones=zones, hands=hands, burned=1, skip_idle=False)) == (0, "attack")


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"zones": {}}, r"\[setup\] burning: the Burn-Barrel in use lies in play:0"),
        ({"burned": 2}, r"\[setup\] burning: nothing more may be burned \(burned = 2"),
        (
            {"laying": [{"card": "Punch", "target": 1}]},
            r"\[setup\] burning: a Burn-Barrel is used between volleys",
        ),
        ({"step": "choice", "turn_type": None}, r"\[setup\] burning needs step = 'play'"),
    ],
)
def test_TAI_8_52_a_burn_barrel_in_use_that_does_not_fit_is_refused_naming_the_key(
    setup: dict[str, Any], message: str
):
    setup.setdefault("zones", {"play:0": ["Burn-Barrel"]})
    with pytest.raises(ScenarioError, match=message):
        attack_table(2, hands={0: ["Punch"]}, burning=True, **setup)
