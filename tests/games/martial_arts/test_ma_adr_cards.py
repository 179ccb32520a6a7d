"""Martial Arts, rules section 9: ADR cards (MA-9.1 to MA-9.19).

Every test builds a fixed position from the shipped card data, scripts the decisions and checks the outcome.
Card numbers used below (from the packaged cards.toml):

* ADR: Roaring Focus (cost 1, BOOST_NEXT_ATK 2), Rooted Stance (1, BOOST_NEXT_DEF 2),
  Steady Breathing (2, GAIN_LIFE 3), Parting the Reeds (2, REDUCE_PENDING_ATK 3),
  Glare of the Predator (3, FORCE_DISCARD 2), Still Water Meditation (3, DRAW 3),
  Hidden Vein Strike (5, DIRECT_DAMAGE 4).
* Moves as CPT/ATK/DEF/LNK: Tiger Paw Jab 1/2/-/1, Pouncing Knee 0/3/-/1, Rising Elbow 2/3/-/2,
  Whirlwind Hook 2/4/-/3, Crashing Shin Kick 3/5/-/4, Tiger Fang Palm 4/7/-/-, Crane Beak Tap 1/2/-/1,
  Reed Sway Palm 1/3/-/1; blocks Glancing Parry DEF 2, Feather Brush-Off DEF 2, Forearm Wall DEF 3,
  Still Pond Guard DEF 4, Crouching Guard DEF 6, Crane Wing Shelter DEF 7.
"""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest
from tests.support.martial_arts import attack_names, card_names_of, cid, do, pending, public, verbs
from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import apply
from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.martial_arts.cards import AdrCard, load_card_set, parse_card_set
from cardsmith.games.martial_arts.powers import ADR, CLAUSES

GAME = "martial-arts"
SEVEN_EFFECTS = {
    "GAIN_LIFE",
    "DIRECT_DAMAGE",
    "DRAW",
    "FORCE_DISCARD",
    "BOOST_NEXT_ATK",
    "BOOST_NEXT_DEF",
    "REDUCE_PENDING_ATK",
}
# Decks that only feed draws; Glancing Parry / Feather Brush-Off cannot attack, so they never add attack options.
TIGER_FILL = ["Glancing Parry"] * 6
CRANE_FILL = ["Feather Brush-Off"] * 6


def ma(zones: dict[str, list[str]], options: dict[str, Any] | None = None, **setup: Any) -> dict[str, Any]:
    return build(GAME, zones, setup or None, options)


def adr_names(state: dict[str, Any]) -> set[str]:
    """The names of the ADR cards offered now."""
    return card_names_of(state, "adrenaline")


def raw_shipped() -> dict[str, Any]:
    text = resources.files("cardsmith.games.martial_arts").joinpath("cards.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


# ----------------------------------------------------------------------------------------------------------- MA-9.1


def test_MA_9_1_adr_card_needs_its_cost_in_the_pool_and_the_cost_is_paid():
    s = ma(
        {
            "hand:0": ["Glare of the Predator", "Steady Breathing", "Roaring Focus", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[3, 0],
        life=[10, 15],
    )
    assert pending(s) == (0, "window")
    # A pool of exactly the cost is enough (cost 3 with 3 ADR).
    assert adr_names(s) == {"Glare of the Predator", "Steady Breathing", "Roaring Focus"}
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["adr"] == [1, 0]  # cost 2 taken from the pool
    assert public(s)["life"][0] == 13
    # Now only the cost-1 card is affordable.
    assert pending(s) == (0, "window")
    assert adr_names(s) == {"Roaring Focus"}
    glare = option_id("adrenaline", "Glare of the Predator")
    assert glare not in ids(s)
    assert unchanged_after_refusal(s, glare)
    do(s, "adrenaline", "Roaring Focus")
    assert public(s)["adr"] == [0, 0]
    assert public(s)["boost_atk"] == [2, 0]


def test_MA_9_1_no_adr_card_is_offered_with_an_empty_pool():
    s = ma(
        {
            "hand:0": ["Roaring Focus", "Steady Breathing", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 0],
    )
    # The Prep window has only "pass" to offer, and is asked all the same (MA-4.11).
    focus = option_id("adrenaline", "Roaring Focus")
    assert pending(s) == (0, "window")
    assert ids(s) == ["pass"]
    assert unchanged_after_refusal(s, focus)
    do(s, "pass")  # P2's hand is empty, so its window passes by itself
    assert pending(s) == (0, "move")
    assert public(s)["phase"] == "attack1"
    assert adr_names(s) == set()
    assert unchanged_after_refusal(s, focus)
    assert public(s)["boost_atk"] == [0, 0]


# ------------------------------------------------------------------------------------------------ MA-9.2, MA-9.3


def test_MA_9_2_attacker_plays_adr_at_each_of_their_priority_points():
    s = ma(
        {
            "hand:0": ["Steady Breathing"] * 4 + ["Tiger Paw Jab", "Rising Elbow"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[8, 0],
        life=[2, 15],
    )
    # Own Prep window.
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][0] == 5 and public(s)["adr"][0] == 6
    do(s, "pass")
    # First move decision of Attack 1.
    assert pending(s) == (0, "move") and public(s)["phase"] == "attack1"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][0] == 8 and public(s)["adr"][0] == 4
    do(s, "attack", "Tiger Paw Jab")  # the defender holds nothing, so the hit is taken at once
    # Move decision in the middle of the combo.
    assert pending(s) == (0, "move") and public(s)["sequence"]["successful_moves"] == 1
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][0] == 11 and public(s)["adr"][0] == 2
    do(s, "attack", "Rising Elbow")
    assert pending(s) == (0, "move") and "Steady Breathing" in adr_names(s)
    do(s, "stop")
    assert public(s)["adr"][0] == 3  # 1 chain credited
    assert pending(s) == (0, "move") and public(s)["phase"] == "attack2"
    do(s, "stop")
    # Own Resolve window.
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"] == [14, 10]
    assert public(s)["adr"][0] == 1
    assert names(s, "discard:0").count("Steady Breathing") == 4


def test_MA_9_2_adr_offered_in_the_attackers_resolve_window_and_to_the_defender_on_the_attackers_turn():
    s = ma(
        {
            "hand:0": ["Steady Breathing"],
            "hand:1": ["Steady Breathing"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="resolve",
        adr=[2, 2],
        life=[10, 10],
    )
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"] == [13, 10]
    assert pending(s) == (1, "window") and public(s)["phase"] == "resolve"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"] == [13, 13]
    assert public(s)["adr"] == [0, 0]


def test_MA_9_3_defender_plays_adr_in_windows_responses_and_counter_moves():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Steady Breathing"] * 5 + ["Crane Wing Shelter", "Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 10],
        life=[15, 3],
    )
    # The attacker's Prep window has only "pass"; then the defender's own Prep window on the attacker's turn:
    assert pending(s) == (0, "window") and ids(s) == ["pass"]
    do(s, "pass")
    assert pending(s) == (1, "window") and public(s)["phase"] == "prep"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][1] == 6
    do(s, "pass")
    do(s, "attack", "Tiger Paw Jab")
    # Response window while receiving.
    assert pending(s) == (1, "response")
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][1] == 9
    assert pending(s) == (1, "response")
    do(s, "block", "Crane Wing Shelter")  # DEF 7 vs ATK 2: a full block
    # Move decision of the defender's own counterattack.
    assert pending(s) == (1, "move") and public(s)["sequence"]["striker"] == 1
    assert "Steady Breathing" in adr_names(s)
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][1] == 12
    do(s, "stop")  # decline the counter
    assert public(s)["phase"] == "attack2"
    do(s, "attack", "Rising Elbow")
    assert pending(s) == (1, "response")
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][1] == 15
    do(s, "take")  # ATK 3
    assert public(s)["life"][1] == 12
    # The defender's own Resolve window.
    assert pending(s) == (1, "window") and public(s)["phase"] == "resolve"
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"][1] == 15
    assert public(s)["adr"][1] == 0
    assert names(s, "discard:1").count("Steady Breathing") == 5


# ----------------------------------------------------------------------------------------------------------- MA-9.4


def test_MA_9_4_no_adr_card_while_choosing_hand_limit_discards_in_the_end_phase():
    hand = [
        "Steady Breathing",
        "Tiger Paw Jab",
        "Rising Elbow",
        "Pouncing Knee",
        "Whirlwind Hook",
        "Forearm Wall",
        "Glancing Parry",
        "Crouching Guard",
        "Raking Claw",
    ]
    s = ma(
        {"hand:0": hand, "deck:0": TIGER_FILL, "deck:1": CRANE_FILL}, phase="end", adr=[5, 0], life=[10, 15]
    )
    assert pending(s) == (0, "discard") and public(s)["phase"] == "end"
    assert verbs(s) == {"discard"}
    assert option_id("discard", "Steady Breathing") in ids(s)  # it may only be discarded
    assert unchanged_after_refusal(s, option_id("adrenaline", "Steady Breathing"))
    assert public(s)["life"][0] == 10 and public(s)["adr"][0] == 5


def test_MA_9_4_no_adr_card_while_choosing_a_forced_discard():
    s = ma(
        {
            "hand:0": ["Glare of the Predator", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Steady Breathing", "Crane Beak Tap", "Still Pond Guard", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[4, 5],
        life=[15, 10],
    )
    do(s, "adrenaline", "Glare of the Predator")
    assert pending(s) == (1, "discard")
    assert verbs(s) == {"discard"}
    assert unchanged_after_refusal(s, option_id("adrenaline", "Steady Breathing"))


def test_MA_9_4_no_decision_is_asked_in_the_draw_phase_or_the_end_phase():
    # Both players could pay for Steady Breathing throughout; the scenario starts at the End phase of turn 2.
    s = ma(
        {
            "hand:0": ["Steady Breathing", "Tiger Paw Jab"],
            "hand:1": ["Steady Breathing"],
            "deck:0": ["Pouncing Knee", "Rising Elbow"] + TIGER_FILL,
            "deck:1": ["Crane Beak Tap", "Gliding Palm"] + CRANE_FILL,
        },
        turn=2,
        attacker=1,
        phase="end",
        adr=[2, 2],
        life=[10, 10],
    )
    # The End phase of turn 2 and the Draw phase of turn 3 ran without asking anybody: the first decision is
    # the Prep window of turn 3, after the draws (3 for the attacker, P1; 2 for P2).
    assert s["turn"] == 3
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    assert len(s["zones"]["hand:0"]) == 2 + 3
    assert len(s["zones"]["hand:1"]) == 1 + 2
    assert public(s)["life"] == [10, 10] and public(s)["adr"] == [2, 2]


# ----------------------------------------------------------------------------------------------------------- MA-9.5


def test_MA_9_5_adr_card_takes_effect_at_once_and_goes_to_its_owners_discard_pile():
    s = ma(
        {
            "hand:0": ["Tiger Fang Palm"],
            "hand:1": ["Steady Breathing", "Feather Brush-Off"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 2],
        life=[15, 8],
    )
    do(s, "attack", "Tiger Fang Palm")
    assert pending(s) == (1, "response")
    card = cid(s, "hand:1", "Steady Breathing")
    apply(s, option_id("adrenaline", "Steady Breathing"))
    # The life is gained before the waiting attack resolves, and the card is in P2's discard pile.
    assert public(s)["life"][1] == 11
    assert pending(s) == (1, "response")
    assert card in s["zones"]["discard:1"]
    assert card not in s["zones"]["hand:1"] + s["zones"]["battle:1"] + s["zones"]["discard:0"]
    assert names(s, "battle:0") == ["Tiger Fang Palm"]
    do(s, "take")
    assert public(s)["life"][1] == 4


# ----------------------------------------------------------------------------------------------------------- MA-9.6


def test_MA_9_6_adr_card_between_attacks_keeps_the_link_and_the_chain():
    s = ma(
        {
            "hand:0": [
                "Whirlwind Hook",
                "Roaring Focus",
                "Rising Elbow",
                "Crashing Shin Kick",
                "Pouncing Knee",
            ],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[1, 0],
    )
    do(s, "attack", "Whirlwind Hook")  # LNK 3; P2 holds nothing and takes 4
    assert public(s)["life"][1] == 11
    elbow = option_id("attack", "Rising Elbow")
    assert elbow not in ids(s)  # CPT 2 < LNK 3
    do(s, "adrenaline", "Roaring Focus")
    assert pending(s) == (0, "move")
    # Still checked against the Hook's LNK 3: only the CPT 3 card links.
    assert attack_names(s) == {"Crashing Shin Kick"}
    assert unchanged_after_refusal(s, elbow)
    assert unchanged_after_refusal(s, option_id("attack", "Pouncing Knee"))
    do(s, "attack", "Crashing Shin Kick")  # 5 + 2 boost
    assert public(s)["life"][1] == 4
    # LNK 4 leaves nothing to play: stopping is the only answer, and it is asked (MA-4.11).
    assert pending(s) == (0, "move") and ids(s) == ["stop"]
    do(s, "stop")
    # Two successful moves make one chain, 1 ADR.
    assert public(s)["phase"] == "attack2"
    assert public(s)["adr"][0] == 1


# ----------------------------------------------------------------------------------------------------------- MA-9.7


def _one_adr(**fields: Any) -> dict[str, Any]:
    card = {"name": "Test Adr", "type": "adr", "style": "Common", "cost": 2, "effect": "GAIN_LIFE", "n": 3}
    card.update(fields)
    return {"card": [{k: v for k, v in card.items() if v is not None}]}


@pytest.mark.parametrize(
    "fields",
    [
        {"effect": "LOSE_LIFE"},
        {"effect": "gain_life"},
        {"effect": ["GAIN_LIFE", "DRAW"]},
        {"effect": None},
        {"n": 0},
        {"n": None},
        {"cost": 0},
        {"cost": None},
        {"cost": 1.5},
    ],
    ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()),
)
def test_MA_9_7_adr_card_data_outside_the_effect_vocabulary_is_rejected(fields):
    with pytest.raises(CardDataError):
        parse_card_set(_one_adr(**fields))


def test_MA_9_7_every_effect_in_the_vocabulary_loads_with_its_n_and_cost():
    for effect in sorted(SEVEN_EFFECTS):
        card = parse_card_set(_one_adr(effect=effect, n=1, cost=1)).cards["Test Adr"]
        assert isinstance(card, AdrCard)
        assert (card.effect, card.n, card.cost) == (effect, 1, 1)


def test_MA_9_7_shipped_adr_cards_each_have_one_listed_effect_n_and_cost():
    raw = raw_shipped()
    adr_raw = [c for c in raw["card"] if c["type"] == "adr"]
    assert adr_raw
    loaded = load_card_set()
    for c in adr_raw:
        assert isinstance(c["effect"], str) and c["effect"] in SEVEN_EFFECTS, c["name"]
        assert isinstance(c["n"], int) and c["n"] >= 1, c["name"]
        assert isinstance(c["cost"], int) and c["cost"] >= 1, c["name"]
        card = loaded.cards[c["name"]]
        assert (card.effect, card.n, card.cost) == (c["effect"], c["n"], c["cost"])
    # The shipped data is rejected as soon as one ADR card uses an effect from outside the list.
    bad = copy.deepcopy(raw)
    next(c for c in bad["card"] if c["type"] == "adr")["effect"] = "HEAL_BOTH"
    with pytest.raises(CardDataError):
        parse_card_set(bad)


# ----------------------------------------------------------------------------------------------------------- MA-9.8


@pytest.mark.parametrize(("life", "after"), [(10, 13), (12, 15), (14, 15)])
def test_MA_9_8_gain_life_adds_n_but_never_above_15(life, after):
    s = ma(
        {"hand:0": ["Steady Breathing", "Roaring Focus"], "deck:0": TIGER_FILL, "deck:1": CRANE_FILL},
        adr=[3, 0],
        life=[life, 9],
    )
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"] == [after, 9]
    assert public(s)["adr"] == [1, 0]


# ----------------------------------------------------------------------------------------------------------- MA-9.9


def test_MA_9_9_direct_damage_hits_the_opponent_at_once_with_no_block_and_no_counter():
    s = ma(
        {
            "hand:0": ["Hidden Vein Strike", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Crane Wing Shelter", "Parting the Reeds", "Rooted Stance"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[6, 5],
        life=[12, 10],
    )
    do(s, "adrenaline", "Hidden Vein Strike")
    assert public(s)["life"] == [12, 6]
    assert public(s)["adr"] == [1, 5]
    # No response window, no block, no counterattack: the attacker's own Prep window simply returns.
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    assert public(s)["sequence"] is None
    assert names(s, "hand:1") == ["Rooted Stance", "Parting the Reeds", "Crane Wing Shelter"]
    assert names(s, "battle:0") == [] and names(s, "battle:1") == []


def test_MA_9_9_direct_damage_can_end_the_game():
    s = ma(
        {
            "hand:0": ["Hidden Vein Strike", "Tiger Paw Jab"],
            "hand:1": ["Crane Wing Shelter"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[5, 0],
        life=[15, 3],
    )
    do(s, "adrenaline", "Hidden Vein Strike")
    assert public(s)["life"] == [15, 0]
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert s["pending"] is None


# ---------------------------------------------------------------------------------------------------------- MA-9.10


def test_MA_9_10_draw_takes_n_cards_from_the_top_of_the_owners_deck():
    s = ma(
        {
            "hand:0": ["Still Water Meditation", "Tiger Paw Jab"],
            "deck:0": ["Rising Elbow", "Whirlwind Hook", "Raking Claw", "Forearm Wall", "Glancing Parry"],
            "deck:1": CRANE_FILL,
        },
        adr=[3, 0],
    )
    do(s, "adrenaline", "Still Water Meditation")
    assert sorted(names(s, "hand:0")) == sorted(
        ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Raking Claw"]
    )
    assert names(s, "deck:0") == ["Glancing Parry", "Forearm Wall"]  # bottom first
    assert len(s["zones"]["deck:1"]) == len(CRANE_FILL)
    assert public(s)["adr"] == [0, 0]


def test_MA_9_10_draw_stops_when_the_deck_runs_out():
    s = ma(
        {
            "hand:0": ["Still Water Meditation", "Tiger Paw Jab"],
            "deck:0": ["Rising Elbow", "Whirlwind Hook"],
            "deck:1": CRANE_FILL,
        },
        adr=[3, 0],
    )
    do(s, "adrenaline", "Still Water Meditation")
    assert sorted(names(s, "hand:0")) == sorted(["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"])
    assert s["zones"]["deck:0"] == []
    assert len(s["zones"]["hand:1"]) == 0 and len(s["zones"]["deck:1"]) == len(CRANE_FILL)


# ---------------------------------------------------------------------------------------------------------- MA-9.11


def test_MA_9_11_force_discard_opponent_chooses_n_of_their_own_cards():
    s = ma(
        {
            "hand:0": ["Glare of the Predator", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap", "Still Pond Guard", "Gliding Palm", "Crane Wing Shelter"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[4, 0],
    )
    do(s, "adrenaline", "Glare of the Predator")
    assert pending(s) == (1, "discard")
    own = {option_id("discard", name) for name in names(s, "hand:1")}
    assert set(ids(s)) == own
    do(s, "discard", "Crane Wing Shelter")
    assert pending(s) == (1, "discard")
    do(s, "discard", "Gliding Palm")
    assert sorted(names(s, "discard:1")) == ["Crane Wing Shelter", "Gliding Palm"]
    assert sorted(names(s, "hand:1")) == ["Crane Beak Tap", "Still Pond Guard"]
    # The attacker's Prep window returns once the discards are made (MA-4.7).
    assert pending(s) == (0, "window")
    assert public(s)["adr"] == [1, 0]
    assert names(s, "discard:0") == ["Glare of the Predator"]


def test_MA_9_11_force_discard_takes_the_whole_hand_when_it_is_smaller_than_n():
    s = ma(
        {
            "hand:0": ["Glare of the Predator", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Crane Wing Shelter"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[4, 0],
    )
    do(s, "adrenaline", "Glare of the Predator")
    assert s["zones"]["hand:1"] == []
    assert names(s, "discard:1") == ["Crane Wing Shelter"]
    assert pending(s) == (0, "window")


# ---------------------------------------------------------------------------------------------------------- MA-9.12


def test_MA_9_12_boost_next_atk_raises_only_the_owners_next_attack_card():
    s = ma(
        {
            "hand:0": ["Roaring Focus", "Tiger Paw Jab", "Rising Elbow"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[1, 0],
    )
    do(s, "adrenaline", "Roaring Focus")
    # With the pool empty the Prep window has only "pass" left, and is asked; P2's hand is empty.
    assert pending(s) == (0, "window") and ids(s) == ["pass"]
    do(s, "pass")
    assert pending(s) == (0, "move") and public(s)["boost_atk"] == [2, 0]
    do(s, "attack", "Tiger Paw Jab")  # ATK 2 + 2
    assert public(s)["life"][1] == 11
    assert public(s)["boost_atk"] == [0, 0]
    do(s, "attack", "Rising Elbow")  # ATK 3, no boost left
    assert public(s)["life"][1] == 8


def test_MA_9_12_boost_next_atk_belongs_to_its_owner_even_on_the_opponents_turn():
    s = ma(
        {
            "hand:0": ["Whirlwind Hook", "Pouncing Knee"],
            "hand:1": ["Roaring Focus", "Crane Wing Shelter", "Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 1],
    )
    do(s, "pass")  # the attacker's Prep window
    assert pending(s) == (1, "window")  # the defender's Prep window
    do(s, "adrenaline", "Roaring Focus")
    assert public(s)["boost_atk"] == [0, 2]
    do(s, "pass")  # the same window returns (MA-4.7), with only "pass" left
    do(s, "attack", "Whirlwind Hook")  # the attacker's card is not boosted: effective ATK 4
    assert pending(s) == (1, "response")
    assert public(s)["boost_atk"] == [0, 2]
    do(s, "block", "Crane Wing Shelter")
    do(s, "attack", "Crane Beak Tap")  # P2's counter: ATK 2 + 2
    assert pending(s) == (0, "response") and ids(s) == ["take"]  # P1 cannot block, and is asked
    do(s, "take")
    assert public(s)["life"] == [11, 15]
    assert public(s)["boost_atk"] == [0, 0]
    assert pending(s) == (0, "move") and public(s)["phase"] == "attack2"


# ---------------------------------------------------------------------------------------------------------- MA-9.13


def _shin_kick_against_forearm_wall(with_boost: bool) -> dict[str, Any]:
    hand1 = ["Forearm Wall", "Crane Beak Tap"] + (["Rooted Stance"] if with_boost else [])
    s = ma(
        {
            "hand:0": ["Crashing Shin Kick"],
            "hand:1": hand1,
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 1],
    )
    do(s, "attack", "Crashing Shin Kick")  # ATK 5
    assert pending(s) == (1, "response")
    if with_boost:
        do(s, "adrenaline", "Rooted Stance")
        assert public(s)["boost_def"] == [0, 2]
        assert pending(s) == (1, "response")
    do(s, "block", "Forearm Wall")  # DEF 3 (+2)
    return s


def test_MA_9_13_boost_next_def_played_in_the_response_window_raises_the_block():
    plain = _shin_kick_against_forearm_wall(with_boost=False)
    assert public(plain)["life"][1] == 13  # 5 - 3
    boosted = _shin_kick_against_forearm_wall(with_boost=True)
    assert public(boosted)["life"][1] == 15  # DEF 5 meets ATK 5: a full block
    assert public(boosted)["boost_def"] == [0, 0]
    assert pending(boosted) == (1, "move")  # the blocker's counterattack decision
    assert public(boosted)["sequence"]["striker"] == 1


# ---------------------------------------------------------------------------------------------------------- MA-9.14


def test_MA_9_14_reduce_only_in_own_response_window():
    s = ma(
        {
            "hand:0": ["Tiger Fang Palm"],
            "hand:1": ["Parting the Reeds", "Steady Breathing", "Crane Wing Shelter", "Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 6],
        life=[15, 12],
    )
    do(s, "pass")  # the attacker's Prep window
    # Not in the defender's Prep window, although the pool could pay for it.
    assert pending(s) == (1, "window")
    reeds = option_id("adrenaline", "Parting the Reeds")
    assert adr_names(s) == {"Steady Breathing"}
    assert unchanged_after_refusal(s, reeds)
    do(s, "pass")
    do(s, "attack", "Tiger Fang Palm")  # ATK 7
    assert pending(s) == (1, "response")
    assert reeds in ids(s)
    apply(s, reeds)
    assert public(s)["adr"] == [0, 4]
    assert pending(s) == (1, "response")
    do(s, "take")  # 7 - 3
    assert public(s)["life"][1] == 8


def test_MA_9_14_reduce_lowers_the_waiting_attack_and_is_refused_at_move_decisions():
    s = ma(
        {
            "hand:0": ["Tiger Fang Palm", "Tiger Paw Jab"],
            "hand:1": ["Parting the Reeds", "Parting the Reeds", "Crane Wing Shelter", "Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 6],
        life=[15, 12],
    )
    do(s, "attack", "Tiger Fang Palm")  # ATK 7
    do(s, "adrenaline", "Parting the Reeds")
    assert pending(s) == (1, "response")
    do(s, "take")  # 7 - 3
    assert public(s)["life"][1] == 8
    assert public(s)["adr"] == [0, 4]
    # The Palm has a blank LNK, so the sequence is over; in Attack 2 the reduction does not carry over.
    assert public(s)["phase"] == "attack2"
    do(s, "attack", "Tiger Paw Jab")  # ATK 2
    do(s, "block", "Crane Wing Shelter")
    # At P2's own counterattack move decision the card is refused, though 4 ADR would pay for it.
    assert pending(s) == (1, "move")
    reeds = option_id("adrenaline", "Parting the Reeds")
    assert reeds not in ids(s)
    assert unchanged_after_refusal(s, reeds)


# ---------------------------------------------------------------------------------------------------------- MA-9.15


def test_MA_9_15_atk_boosts_add_up_and_are_all_used_by_the_next_attack_card():
    s = ma(
        {
            "hand:0": ["Roaring Focus", "Roaring Focus", "Tiger Paw Jab", "Rising Elbow"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[2, 0],
    )
    do(s, "adrenaline", "Roaring Focus")
    do(s, "adrenaline", "Roaring Focus")
    assert public(s)["boost_atk"] == [4, 0]
    do(s, "pass")
    do(s, "attack", "Tiger Paw Jab")  # 2 + 4
    assert public(s)["life"][1] == 9
    do(s, "attack", "Rising Elbow")  # 3, both boosts are gone
    assert public(s)["life"][1] == 6


def test_MA_9_15_atk_boost_is_used_up_by_a_fully_blocked_attack():
    s = ma(
        {
            "hand:0": ["Roaring Focus", "Tiger Paw Jab", "Pouncing Knee"],
            "hand:1": ["Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[1, 0],
    )
    do(s, "adrenaline", "Roaring Focus")
    do(s, "pass")  # P1's Prep window
    do(s, "pass")  # P2's Prep window: nothing to play, but asked
    do(s, "attack", "Tiger Paw Jab")  # 2 + 2 = 4 against DEF 4: full block
    do(s, "block", "Still Pond Guard")
    # P2's hand is now empty, as everyone can see, so the counter is declined by itself; Attack 2 begins.
    assert public(s)["life"] == [15, 15]
    assert public(s)["boost_atk"] == [0, 0]
    assert public(s)["phase"] == "attack2"
    do(s, "attack", "Pouncing Knee")  # ATK 3, not 5
    assert public(s)["life"][1] == 12


def test_MA_9_15_def_boosts_add_up_and_are_used_up_by_a_failed_block():
    s = ma(
        {
            "hand:0": ["Crashing Shin Kick", "Tiger Fang Palm"],
            "hand:1": ["Rooted Stance", "Rooted Stance", "Feather Brush-Off", "Glancing Parry"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 2],
    )
    do(s, "attack", "Crashing Shin Kick")  # ATK 5
    do(s, "adrenaline", "Rooted Stance")
    do(s, "adrenaline", "Rooted Stance")
    assert public(s)["boost_def"] == [0, 4]
    do(s, "block", "Feather Brush-Off")  # DEF 2 + 4 = 6 >= 5: full block
    assert public(s)["life"][1] == 15
    assert public(s)["boost_def"] == [0, 0]
    # P2 holds no attack card: declining the counter is its only answer, and it is asked.
    assert pending(s) == (1, "move") and ids(s) == ["stop"]
    do(s, "stop")
    assert public(s)["phase"] == "attack2" and pending(s) == (0, "move")


def test_MA_9_15_def_boost_is_used_up_even_when_the_block_fails():
    s = ma(
        {
            "hand:0": ["Crashing Shin Kick", "Tiger Fang Palm"],
            "hand:1": ["Rooted Stance", "Feather Brush-Off", "Glancing Parry"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 1],
    )
    do(s, "attack", "Crashing Shin Kick")  # ATK 5
    do(s, "adrenaline", "Rooted Stance")
    do(s, "block", "Feather Brush-Off")  # DEF 2 + 2 = 4 < 5: loses 1
    assert public(s)["life"][1] == 14
    assert public(s)["boost_def"] == [0, 0]
    do(s, "attack", "Tiger Fang Palm")  # CPT 4 follows LNK 4; ATK 7
    do(s, "block", "Glancing Parry")  # DEF 2, no boost left: loses 5
    assert public(s)["life"][1] == 9


# ---------------------------------------------------------------------------------------------------------- MA-9.16


def test_MA_9_16_unused_boost_lasts_through_the_turn_and_expires_in_the_end_phase():
    s = ma(
        {
            "hand:0": ["Roaring Focus", "Rooted Stance", "Tiger Paw Jab"],
            "deck:0": ["Glancing Parry", "Forearm Wall"] + TIGER_FILL,
            "deck:1": ["Reed Sway Palm", "Crane Beak Tap", "Gliding Palm"] + CRANE_FILL,
        },
        adr=[2, 0],
    )
    do(s, "adrenaline", "Roaring Focus")
    do(s, "adrenaline", "Rooted Stance")
    assert public(s)["boost_atk"] == [2, 0] and public(s)["boost_def"] == [2, 0]
    do(s, "pass")
    do(s, "stop")  # no attack in Attack 1: the ATK boost is still there in Attack 2
    assert public(s)["phase"] == "attack2" and public(s)["boost_atk"] == [2, 0]
    do(s, "stop")
    # P1's Resolve window has nothing to offer but is asked (P2's hand is empty); the End phase clears both
    # boosts; turn 2 draws, both Prep windows are asked, and P2 attacks.
    assert pending(s) == (0, "window") and ids(s) == ["pass"]
    do(s, "pass")
    assert s["turn"] == 2
    do(s, "pass")
    do(s, "pass")
    assert pending(s) == (1, "move")
    assert public(s)["boost_atk"] == [0, 0] and public(s)["boost_def"] == [0, 0]
    do(s, "attack", "Reed Sway Palm")  # ATK 3
    do(s, "block", "Glancing Parry")  # DEF 2: with last turn's +2 this would have been a full block
    assert public(s)["life"][0] == 14


# ---------------------------------------------------------------------------------------------------------- MA-9.17


def test_MA_9_17_gain_life_at_full_life_is_legal_and_still_costs():
    s = ma(
        {
            "hand:0": ["Steady Breathing", "Roaring Focus", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[3, 0],
    )
    assert public(s)["life"][0] == 15
    do(s, "adrenaline", "Steady Breathing")
    assert public(s)["life"] == [15, 15]
    assert public(s)["adr"] == [1, 0]
    assert names(s, "discard:0") == ["Steady Breathing"]


def test_MA_9_17_draw_with_an_empty_deck_is_legal_and_still_costs():
    s = ma(
        {"hand:0": ["Still Water Meditation", "Roaring Focus", "Tiger Paw Jab"], "deck:1": CRANE_FILL},
        adr=[4, 0],
    )
    assert s["zones"]["deck:0"] == []
    do(s, "adrenaline", "Still Water Meditation")
    assert public(s)["adr"] == [1, 0]
    assert sorted(names(s, "hand:0")) == ["Roaring Focus", "Tiger Paw Jab"]
    assert names(s, "discard:0") == ["Still Water Meditation"]


def test_MA_9_17_reduce_pending_atk_is_the_exception_outside_a_response_window():
    # At the attacker's own Prep window and first move decision, Parting the Reeds is never offered.
    s = ma(
        {
            "hand:0": ["Parting the Reeds", "Steady Breathing", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[5, 0],
    )
    reeds = option_id("adrenaline", "Parting the Reeds")
    assert pending(s) == (0, "window")
    assert adr_names(s) == {"Steady Breathing"}
    assert unchanged_after_refusal(s, reeds)
    do(s, "pass")
    assert pending(s) == (0, "move")
    assert adr_names(s) == {"Steady Breathing"}
    assert unchanged_after_refusal(s, reeds)


# ---------------------------------------------------------------------------------------------------------- MA-9.18

SHIPPED_ADR = sorted(c.name for c in load_card_set().adr_cards())
SHIPPED_EVENTS = sorted(c.name for c in load_card_set().events())


@pytest.mark.parametrize("card", SHIPPED_ADR)
def test_MA_9_18_no_shipped_adr_card_costs_its_owner_life(card):
    # P2 plays the card in their response window (where every ADR card is legal) at 10 life each.
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Forearm Wall"],
            "hand:1": [card, "Crane Wing Shelter"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 10],
        life=[10, 10],
    )
    do(s, "attack", "Tiger Paw Jab")
    assert pending(s) == (1, "response")
    do(s, "adrenaline", card)
    assert public(s)["life"][1] >= 10
    assert not (public(s)["life"][0] < 10 and public(s)["life"][1] < 10)


@pytest.mark.parametrize("event", SHIPPED_EVENTS)
def test_MA_9_18_no_shipped_event_clause_costs_anybody_life(event):
    # Nobody can attack or pay for anything: the game runs through every phase of many turns, with the event
    # active, until the stall rule ends it. Each window and move decision is asked with "pass" or "stop" as its
    # only answer, and each player makes the discards the event and the hand limit demand for their own hand of
    # copies (MA-4.11). No clause may have cost life.
    s = ma(
        {
            "hand:0": ["Glancing Parry"] * 3,
            "hand:1": ["Feather Brush-Off"] * 3,
            "deck:0": ["Glancing Parry"] * 12,
            "deck:1": ["Feather Brush-Off"] * 12,
            "event_slot": [f"{event}@0"],
        },
        turn=2,
        attacker=1,
        phase="draw",
        life=[12, 12],
    )
    for _ in range(400):
        if s["result"] is not None:
            break
        if s["pending"]["kind"] != "discard":
            assert ids(s) in (["pass"], ["stop"])
        apply(s, ids(s)[0])
    assert s["result"] is not None and s["result"]["draw"]
    assert s["turn"] > 4
    assert public(s)["life"] == [12, 12]


# ---------------------------------------------------------------------------------------------------------- MA-9.19


def test_MA_9_19_defenders_direct_damage_hits_the_attacker():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Hidden Vein Strike", "Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 5],
        life=[12, 12],
    )
    do(s, "pass")  # the attacker's Prep window
    assert pending(s) == (1, "window")  # the defender's Prep window
    do(s, "adrenaline", "Hidden Vein Strike")
    assert public(s)["life"] == [8, 12]


def test_MA_9_19_receivers_force_discard_hits_the_striker():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Forearm Wall"],
            "hand:1": ["Glare of the Predator", "Still Pond Guard", "Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        adr=[0, 3],
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "adrenaline", "Glare of the Predator")
    # The striker (P1, the attacker) discards, choosing among their own cards.
    assert pending(s) == (0, "discard")
    assert set(ids(s)) == {option_id("discard", name) for name in names(s, "hand:0")}
    do(s, "discard", "Forearm Wall")
    do(s, "discard", "Whirlwind Hook")
    assert sorted(names(s, "discard:0")) == ["Forearm Wall", "Whirlwind Hook"]
    assert sorted(names(s, "hand:1")) == ["Crane Beak Tap", "Still Pond Guard"]
    assert pending(s) == (1, "response")


def test_MA_9_7_MA_10_8_every_effect_and_clause_of_the_vocabularies_is_carried_out() -> None:
    """The closed vocabularies of MA-9.8..MA-9.14 and MA-10.9..MA-10.13 each have their code, and nothing else."""
    assert list(ADR.types) == [
        "GAIN_LIFE",
        "DIRECT_DAMAGE",
        "DRAW",
        "FORCE_DISCARD",
        "BOOST_NEXT_ATK",
        "BOOST_NEXT_DEF",
        "REDUCE_PENDING_ATK",
    ]
    assert list(CLAUSES.types) == [
        "TURN_START_DISCARD",
        "TURN_END_DISCARD",
        "ATK_MOD",
        "DEF_MOD",
        "EXTRA_DRAW",
    ]
    assert ADR.missing_handlers() == [] and CLAUSES.missing_handlers() == []
