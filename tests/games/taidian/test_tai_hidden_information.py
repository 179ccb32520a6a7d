"""Taking of Taidian: whether a player is asked must never give away the cards in a hand (TAI-1.17, TAI-1.18).

Every view shows who is deciding and on what (``pending`` seat, kind and prompt). If the engine asked only the players
who hold a card they could play, being asked would tell the whole table that a player holds a Shotgun, a blue card,
a Kick or a Medic, and not being asked would tell it that they hold none. Each test below builds two positions that
differ only in the hidden cards of one hand, lets every player answer as quietly as possible, and checks that what
another seat sees of the decisions is the same in both. Tables are built with ``skip_idle=False`` and scripted with
the core's ``apply``, so that every question the engine asks is seen here.
"""

from __future__ import annotations

from typing import Any

from tests.support.taidian_helpers import (
    attack_table,
    deciding,
    health,
    ids,
    names,
    opt,
    table,
    upgrade_table,
)

from cardsmith.core import apply, view

QUIET = ("done", "end", "stop", "keep")


def raw_volley(state: dict[str, Any], *cards: tuple[str, int]) -> None:
    """Lay the cards and reveal them, answering nothing that follows."""
    for name, target in cards:
        apply(state, opt(state, "lay", name, target))
    apply(state, "reveal")


def quiet_trace(state: dict[str, Any], observer: int, steps: int = 12) -> list[tuple[Any, ...]]:
    """What ``observer`` sees of the next decisions (seat, kind, prompt) while everybody answers quietly."""
    trace: list[tuple[Any, ...]] = []
    for _ in range(steps):
        if state["pending"] is None:
            trace.append(("over",))
            break
        p = view(state, observer)["pending"]
        trace.append((p["seat"], p["kind"], p["prompt"]))
        quiet = next((q for q in QUIET if q in ids(state)), None)
        if quiet is None:
            break
        apply(state, quiet)
    return trace


def test_TAI_1_18_TAI_8_12_being_asked_in_a_shotgun_window_does_not_reveal_a_shotgun():
    def robbed(hand: list[str]) -> dict:
        s = attack_table(3, skip_idle=False, hands={0: ["Robber", "Punch"], 1: hand, 2: ["Coin"]})
        raw_volley(s, ("Robber", 1))
        return s

    with_shotgun, without = robbed(["Shotgun", "Coin"]), robbed(["Coin", "Coin"])
    assert deciding(without) == (1, "shotgun") and ids(without) == ["done"]  # asked all the same
    assert quiet_trace(with_shotgun, 0, 3) == quiet_trace(without, 0, 3)


def test_TAI_1_18_TAI_7_5_helpers_are_asked_whatever_they_hold():
    def attacked(helper_hand: list[str]) -> dict:
        s = attack_table(3, skip_idle=False, hands={0: ["Punch", "Punch"], 1: ["Coin"], 2: helper_hand})
        raw_volley(s, ("Punch", 1))
        return s

    shield, coin = attacked(["Shield", "Coin"]), attacked(["Coin", "Coin"])
    assert quiet_trace(shield, 0) == quiet_trace(coin, 0)
    assert deciding(attacked(["Coin"])) == (1, "respond")  # the defender too, with only a Coin in hand
    assert health(shield)[1] == health(coin)[1] == 140


def test_TAI_1_18_TAI_8_28_a_tick_window_asks_everyone_with_cards_in_hand():
    def ticking(victim_hand: list[str]) -> dict:
        return table(3, skip_idle=False, step="start", current=0, hands={0: ["Coin"], 1: victim_hand, 2: ["Gold"]},
                     poisons=[{"owner": 0, "victim": 1, "damage": 5}])  # fmt: skip

    medic, coin = ticking(["Medic"]), ticking(["Coin"])
    assert deciding(coin) == (1, "tick") and ids(coin) == ["done"]
    assert quiet_trace(medic, 2) == quiet_trace(coin, 2)
    assert health(medic)[1] == health(coin)[1] == 145


def test_TAI_1_18_TAI_8_6_the_counter_shield_step_does_not_reveal_a_shield():
    def countered(attacker_rest: list[str]) -> dict:
        s = attack_table(2, skip_idle=False, hands={0: ["Punch", *attacker_rest], 1: ["Kick"]})
        raw_volley(s, ("Punch", 1))
        apply(s, opt(s, "counter", "Kick"))
        return s

    shield, coin = countered(["Shield"]), countered(["Coin"])
    assert deciding(coin) == (0, "counter_shield") and ids(coin) == ["done"]
    assert quiet_trace(shield, 1) == quiet_trace(coin, 1)
    assert health(shield) == health(coin) == [145, 140]


def test_TAI_1_18_TAI_3_9_the_play_step_never_ends_by_itself_while_the_hand_holds_cards():
    def after_volley(rest: list[str]) -> dict:
        s = attack_table(2, skip_idle=False, hands={0: ["Punch", *rest], 1: []})
        raw_volley(s, ("Punch", 1))
        return s

    red, blue = after_volley(["Kick"]), after_volley(["Medic"])
    assert deciding(blue) == (0, "attack") and ids(blue) == ["end"]  # the attacker still ends the step
    assert quiet_trace(red, 1) == quiet_trace(blue, 1)
    up = upgrade_table(2, skip_idle=False, hands={0: ["Punch"]})
    assert deciding(up) == (0, "upgrade") and ids(up) == ["end"]
    up_money = upgrade_table(2, skip_idle=False, hands={0: ["Coin"]})
    assert quiet_trace(up, 1) == quiet_trace(up_money, 1)
    empty = upgrade_table(2, skip_idle=False, hands={0: []})  # an empty hand is public: nothing to ask
    assert deciding(empty) == (1, "turn_type")


def test_TAI_1_17_TAI_13_6_the_knockout_reward_is_offered_whatever_the_loot_holds():
    def knocked_out(deck: list[str]) -> dict:
        s = attack_table(3, skip_idle=False, hands={0: ["9mm", "Punch"]}, health=[150, 5, 150], decks={1: deck},
                         structs={0: ["Market"]}, options={"knockout_reward": True})  # fmt: skip
        raw_volley(s, ("9mm", 1))
        return s

    gold, market = knocked_out(["Gold"]), knocked_out(["Market"])
    # the looted Market may not be taken (TAI-9.5), but the question comes all the same
    assert deciding(market) == (0, "reward") and ids(market) == ["stop"]
    assert quiet_trace(gold, 2) == quiet_trace(market, 2)
    assert names(market, "out").count("Market") == 1 and "Gold" in names(gold, "out")


def test_TAI_1_17_TAI_9_7_the_structure_question_does_not_reveal_a_drawn_structure():
    def drawing(top: str) -> dict:
        s = upgrade_table(2, skip_idle=False, hands={0: ["Coin"]}, discards={0: ["Bunker"]},
                          decks={0: [top, "Coin", "Coin", "Coin", "Coin", "Coin"]})  # fmt: skip
        apply(s, "end")
        return s

    market, coin = drawing("Market"), drawing("Coin")
    # seat 0 owns a structure card out of play (the Bunker, public in its discard pile), so it is asked after every
    # draw whether to put a drawn structure into play, whether or not it drew one
    assert deciding(coin) == (0, "structure") and ids(coin) == ["keep"]
    place_market = opt(market, "place", "Market")
    assert deciding(market) == (0, "structure") and sorted(ids(market)) == ["keep", place_market]
    assert quiet_trace(market, 1, 2) == quiet_trace(coin, 1, 2)
    placed = drawing("Market")
    apply(placed, opt(placed, "place", "Market"))
    assert names(placed, "struct:0") == ["Market"] and deciding(placed) == (0, "structure")  # asked again
    apply(placed, "keep")
    assert deciding(placed) == (1, "turn_type")
    assert len(placed["zones"]["hand:0"]) == 4  # no replacement card (TAI-9.8)
    plain = upgrade_table(2, skip_idle=False, hands={0: ["Coin"]})
    apply(plain, "end")  # no structure card owned out of play (public): no question
    assert deciding(plain) == (1, "turn_type")
