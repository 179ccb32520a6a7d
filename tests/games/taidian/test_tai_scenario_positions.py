"""Taking of Taidian scenarios for the last positions of a game: a character choice under way (``[setup] picked``),
several knockout rewards owed (``reward`` as a list), and positions played on to with the scenario's ``answers`` (a
tick window whose Poison an Antidote removed, the start-of-turn effects after the Poison ticks, the end step's
question about a drawn structure), played on through the rules, and refused with a message naming the key when they
do not fit."""

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
    upgrade_table,
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


# ---------------------------------------------------------------- positions played on to with the scenario's answers


def test_TAI_8_39_a_tick_window_whose_poison_an_antidote_removed_deals_no_damage():
    antidote = "Antidote for yourself: remove P1's Poison (20/tick, 4 left)"
    s = table(
        3,
        step="start",
        poisons=[{"owner": 0, "victim": 1, "damage": 20}],
        health=[150, 100, 150],
        hands={0: ["Coin"], 1: ["Antidote", "Coin"], 2: ["Medic"]},
        skip_idle=False,
        answers=[antidote, "done"],  # P2 removes the ticking Poison, then plays nothing more: P3 is asked
    )
    assert deciding(s) == (2, "tick") and "Poison ticks on P2 for 20" in s["pending"]["prompt"]
    assert poisons(s) == [] and names(s, "discard:0") == ["Poison"]  # off the track, to its owner (TAI-8.38)
    assert not any(i.startswith("antidote") for i in ids(s))
    apply(s, opt(s, "play", "Medic"))  # the Medic still heals (TAI-8.43)
    assert health(s) == [150, 115, 150]  # 100 + 15: the tick's 20 damage is prevented (TAI-8.39)
    assert names(s, "discard:1") == ["Antidote"]  # the window's cards go to the discard piles (TAI-7.12)
    assert deciding(s) == (0, "turn_type")


def test_TAI_3_6_the_start_of_turn_effects_after_the_poison_ticks_come_in_the_order_chosen():
    s = table(
        3,
        step="start",
        characters=["Spark", "Volt", "Rook"],
        structs={0: ["Generator"]},
        poisons=[{"owner": 0, "victim": 1}],
        hands={0: ["Coin"], 1: ["Medic"], 2: ["Medic"]},
        skip_idle=False,
        answers=["done", "done"],  # the Poison's tick window: P2, then P3 play nothing (TAI-3.5)
    )
    assert health(s) == [150, 145, 150] and [p["ticks"] for p in poisons(s)] == [3]  # it has ticked
    assert deciding(s) == (0, "order")
    assert sorted(labels(s)) == ["First: Generator (energy 3)", "First: Spark's ability (energy 2)"]
    apply(s, opt(s, "first", "Generator"))
    assert energy(s) == [5, 0, 0]  # Generator's 3, then the ability's 2 at once: it is the last one
    assert deciding(s) == (0, "turn_type")  # the choice step (TAI-3.4)


def test_TAI_9_7_TAI_9_8_a_structure_drawn_in_the_end_step_may_be_put_into_play():
    deck = ["Bunker", "Coin", "Coin", "Coin", "Coin", "Gold"]
    s = upgrade_table(
        2, hands={0: ["Punch"]}, decks={0: deck}, zones={"play:0": ["Cash"]}, skip_idle=False, answers=["end"]
    )
    assert deciding(s) == (0, "structure")  # the end step's draw brought a Bunker (TAI-3.12)
    assert sorted(names(s, "discard:0")) == ["Cash", "Punch"]  # the clean-up (TAI-3.11)
    apply(s, option_id("place", "Bunker"))
    assert names(s, "struct:0") == ["Bunker"]
    assert sorted(names(s, "hand:0")) == ["Coin"] * 4  # no card replaces it (TAI-9.8)
    assert names(s, "deck:0") == ["Gold"]
    assert deciding(s) == (1, "turn_type")  # the next seat's turn


def test_TAI_3_8_an_answer_the_position_does_not_offer_is_refused_naming_it():
    with pytest.raises(
        ScenarioError, match=r"^answers\[0\]: 'attack' is not an option of the question asked"
    ):
        upgrade_table(2, hands={0: ["Punch"]}, skip_idle=False, answers=["attack"])
