"""Taking of Taidian scenarios for the last positions of a game: a character choice under way (``[setup] picked``),
a tick window whose Poison an Antidote removed (``tick.removed``), the start-of-turn effects after the Poison ticks
(``step = "effects"``), several knockout rewards owed (``reward`` as a list) and the end step (``step = "end"``),
played on through the rules, and refused with a message naming the key when they do not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.scenario import build
from tests.support.taidian_helpers import (
    apply,
    attack_table,
    characters,
    deciding,
    energy,
    health,
    ids,
    labels,
    names,
    opt,
    poisons,
    table,
)

from cardsmith.core import ScenarioError, option_id, view

CHOOSE = {"character_selection": "choose"}


def picking(picked: list[str], n: int = 3, **kw: Any) -> dict[str, Any]:
    return build("taidian", kw.pop("zones", {}), {"picked": picked, **kw}, options=CHOOSE, players=n)


def test_TAI_2_6_TAI_2_7_a_character_choice_under_way_offers_the_next_player_what_is_left():
    s = picking(["Volt", "Sage Huo"])
    assert deciding(s) == (2, "character")  # selection order 0, 1, 2 (TAI-2.5): seat 2 picks next
    offered = {i.split(":", 1)[1] for i in ids(s)}
    assert "Volt" not in offered and "Sage Huo" not in offered and "Rook" in offered  # TAI-2.7
    assert characters(s)[:2] == ["Volt", "Sage Huo"]  # picked openly: every seat sees them
    apply(s, option_id("character", "Rook"))
    assert deciding(s)[1] == "turn_type"  # then the cards are dealt and the first turn begins (TAI-2.2)
    assert characters(s) == ["Volt", "Sage Huo", "Rook"]
    assert [len(view(s, p)["zones"][f"hand:{p}"]) for p in range(3)] == [5, 5, 5]
    assert energy(s) == [5, 0, 0]  # Volt's starting energy is added as the cards are dealt (TAI-2.12)


@pytest.mark.parametrize(
    ("picked", "extra", "options", "message"),
    [
        (["Volt"], {}, {}, r"\[setup\] picked needs the option character_selection = 'choose'"),
        (["Volt", "Volt"], {}, CHOOSE, r"\[setup\] picked\[1\]: 'character:Volt' is not an option"),
        (["Volt", "Spark", "Rook"], {}, CHOOSE, r"\[setup\] picked: every character is chosen after these"),
        (
            ["Volt", "Spark", "Rook", "Sage Huo"],
            {},
            CHOOSE,
            r"\[setup\] picked\[3\]: every character is chosen",
        ),
        (["Volt"], {"round": 2}, CHOOSE, r"\[setup\] picked: characters are chosen before anything else"),
        (
            ["Volt"],
            {"zones": {"hand:0": ["Coin"]}},
            CHOOSE,
            r"\[setup\] picked: characters are chosen before",
        ),
    ],
)
def test_TAI_2_6_a_character_choice_that_does_not_fit_is_refused_naming_the_key(
    picked: list[str], extra: dict[str, Any], options: dict[str, Any], message: str
):
    zones = extra.pop("zones", {})
    with pytest.raises(ScenarioError, match=message):
        build("taidian", zones, {"picked": picked, **extra}, options=options, players=3)


# ---------------------------------------------------------------- a tick window whose Poison is gone: tick.removed


def antidoted(**kw: Any) -> dict[str, Any]:
    """Seat 0's Poison on P2 (20 a tick) ticking; P2 played an Antidote on it, P3 is asked now."""
    kw.setdefault("zones", {"resp:1": ["Antidote"]})
    return table(
        3,
        step="start",
        poisons=[{"owner": 0, "victim": 1, "damage": 20}],
        tick={"poison": 0, "asked": 2, "removed": True},
        health=[150, 100, 150],
        hands={0: ["Coin"], 2: ["Medic"]},
        skip_idle=False,
        **kw,
    )


def test_TAI_8_39_a_tick_window_whose_poison_an_antidote_removed_deals_no_damage():
    s = antidoted()
    assert deciding(s) == (2, "tick")
    assert poisons(s) == []  # off the track (TAI-8.38), in its owner's discard pile
    assert names(s, "discard:0") == ["Poison"]
    assert not any(i.startswith("antidote") for i in ids(s))  # nothing left to remove (TAI-8.38)
    apply(s, opt(s, "play", "Medic"))  # the Medic still heals (TAI-8.40 adds none; TAI-8.43 does)
    assert health(s) == [150, 115, 150]  # 100 + 15: the tick's 20 damage is prevented (TAI-8.39)
    assert names(s, "discard:1") == ["Antidote"]  # the window's cards go to the discard piles (TAI-7.12)
    assert deciding(s) == (0, "turn_type")


def test_TAI_8_38_a_removed_poison_needs_the_antidote_that_removed_it():
    with pytest.raises(ScenarioError, match=r"\[setup\] tick\.removed: the Antidote that removed the Poison"):
        antidoted(zones={"resp:1": ["Medic"]})


# ---------------------------------------------------------------- the start-of-turn effects: step = "effects"


def effects_due(**kw: Any) -> dict[str, Any]:
    """Seat 0 (Spark, a Generator in play, a Poison on P2) past its Poison ticks."""
    kw.setdefault("structs", {0: ["Generator"]})
    kw.setdefault("poisons", [{"owner": 0, "victim": 1}])
    kw.setdefault("hands", {0: ["Coin"], 1: ["Medic"], 2: ["Medic"]})
    return table(3, step="effects", characters=["Spark", "Volt", "Rook"], skip_idle=False, **kw)


def test_TAI_3_6_the_start_of_turn_effects_after_the_poison_ticks_come_in_the_order_chosen():
    s = effects_due()
    assert deciding(s) == (0, "order")  # no tick window first: the Poison has ticked (TAI-3.5)
    assert sorted(labels(s)) == ["First: Generator (energy 3)", "First: Spark's ability (energy 2)"]
    apply(s, opt(s, "first", "Generator"))
    assert energy(s) == [5, 0, 0]  # Generator's 3, then the ability's 2 at once: it is the last one
    assert deciding(s) == (0, "turn_type")  # the choice step (TAI-3.4)
    assert health(s) == [150, 150, 150] and [p["ticks"] for p in poisons(s)] == [4]  # it does not tick again


def test_TAI_3_2_an_eliminated_seat_has_no_start_of_turn_effects():
    with pytest.raises(ScenarioError, match=r"\[setup\] step = 'effects': an eliminated seat takes no turn"):
        effects_due(alive=[False, True, True], structs={}, hands={1: ["Medic"]}, poisons=[])


# ---------------------------------------------------------------- several knockout rewards owed: reward = [...]

REWARD = {"knockout_reward": True}


def two_owed(rewards: list[dict[str, Any]]) -> dict[str, Any]:
    zones = {
        "deck:1": ["Gold", "Strike"],
        "discard:1": ["Cash"],
        "deck:2": ["Bunker"],
        "discard:2": ["Market"],
    }
    return attack_table(
        4, hands={0: ["Punch"]}, alive=[True, False, False, True], zones=zones, options=REWARD, reward=rewards
    )


def test_TAI_13_6_TAI_13_7_rewards_owed_at_once_are_taken_one_eliminated_seat_at_a_time():
    s = two_owed([{"seat": 1, "eliminator": 0, "taken": 1}, {"seat": 2, "eliminator": 3}])
    assert deciding(s) == (0, "reward") and "from P2 (2 left)" in s["pending"]["prompt"]
    apply(s, option_id("take", "Gold"))
    apply(s, "stop")
    assert deciding(s) == (3, "reward") and "from P3 (3 left)" in s["pending"]["prompt"]  # then P3's loot
    assert sorted(names(s, "out")) == ["Cash", "Strike"]  # P2's cards left the game once its reward was over
    apply(s, option_id("take", "Bunker"))
    apply(s, "stop")
    assert names(s, "discard:0") == ["Gold"] and names(s, "discard:3") == ["Bunker"]
    assert deciding(s) == (0, "attack")  # and the turn goes on


@pytest.mark.parametrize(
    ("rewards", "message"),
    [
        (
            [{"seat": 2, "eliminator": 3}, {"seat": 1, "eliminator": 0}],
            r"\[setup\] reward\[1\]\.seat: rewards are taken one eliminated seat at a time, clockwise",
        ),
        (
            [{"seat": 1, "eliminator": 0}, {"seat": 2, "eliminator": 3, "taken": 1}],
            r"\[setup\] reward\[1\]\.taken: only the first reward owed is under way",
        ),
        (
            [{"seat": 1, "eliminator": 0}, {"seat": 2, "eliminator": 3}, {"seat": 3, "eliminator": 0}],
            r"\[setup\] reward\[2\]\.seat must be an eliminated seat",
        ),
        (
            [{"seat": 1, "eliminator": 2}, {"seat": 2, "eliminator": 3}],
            r"\[setup\] reward\[0\]\.eliminator must be a seat still in the game",
        ),
    ],
)
def test_TAI_13_7_rewards_owed_that_do_not_fit_are_refused_naming_the_key(rewards: list[dict], message: str):
    with pytest.raises(ScenarioError, match=message):
        two_owed(rewards)


# ---------------------------------------------------------------- the end step: step = "end"


def test_TAI_9_7_TAI_9_8_a_structure_drawn_in_the_end_step_may_be_put_into_play():
    deck = ["Bunker", "Coin", "Coin", "Coin", "Coin", "Gold"]
    s = table(2, step="end", hands={0: ["Punch"]}, decks={0: deck}, zones={"play:0": ["Cash"]})
    assert deciding(s) == (0, "structure")
    assert sorted(names(s, "discard:0")) == ["Cash", "Punch"]  # the clean-up (TAI-3.11)
    assert option_id("place", "Bunker") in ids(s)
    apply(s, option_id("place", "Bunker"))
    assert names(s, "struct:0") == ["Bunker"]
    assert sorted(names(s, "hand:0")) == ["Coin"] * 4  # no card replaces it (TAI-9.8)
    assert names(s, "deck:0") == ["Gold"]
    assert deciding(s) == (1, "turn_type")  # the next seat's turn


def test_TAI_3_11_the_end_step_is_refused_with_keys_of_the_play_step():
    with pytest.raises(ScenarioError, match=r"\[setup\] turn_type, pool and laying need step = 'play'"):
        table(2, step="end", turn_type="attack")
