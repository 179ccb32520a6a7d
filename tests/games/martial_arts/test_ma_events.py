"""Martial Arts, rules section 10: Event cards (MA-10.1 to MA-10.19).

Every test builds a fixed position from the shipped card data, scripts the decisions and checks the outcome.
Events in the packaged cards.toml:

* Roaring Crowd: ATK_MOD +1.
* Scorching Noon: TURN_END_DISCARD 1 (attacker); DEF_MOD -1.
* Torrential Rain: TURN_START_DISCARD 1 (each player).
* Dawn Training: EXTRA_DRAW 1 (defender).

Moves as CPT/ATK/DEF/LNK: Tiger Paw Jab 1/2/-/1, Pouncing Knee 0/3/-/1, Rising Elbow 2/3/-/2,
Whirlwind Hook 2/4/-/3, Crane Beak Tap 1/2/-/1, Reed Sway Palm 1/3/-/1; blocks Glancing Parry DEF 2,
Feather Brush-Off DEF 2, Forearm Wall DEF 3, Still Pond Guard DEF 4, Crouching Guard DEF 6. ADR: Steady
Breathing (cost 2, GAIN_LIFE 3).
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from tests.support.martial_arts import card_names_of, do, option_for, pending, public
from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import new_game
from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.martial_arts.cards import EventCard, load_card_set, parse_card_set

GAME = "martial-arts"
CLAUSE_KINDS = {"TURN_START_DISCARD", "TURN_END_DISCARD", "ATK_MOD", "DEF_MOD", "EXTRA_DRAW"}
TIGER_FILL = ["Glancing Parry"] * 6
CRANE_FILL = ["Feather Brush-Off"] * 6
# Seven cards with different names, so every discard is a real choice.
TIGER_SEVEN = [
    "Tiger Paw Jab",
    "Rising Elbow",
    "Pouncing Knee",
    "Whirlwind Hook",
    "Forearm Wall",
    "Glancing Parry",
    "Crouching Guard",
]


def ma(zones: dict[str, list[str]], options: dict[str, Any] | None = None, **setup: Any) -> dict[str, Any]:
    return build(GAME, zones, setup or None, options)


def event_options(state: dict[str, Any]) -> set[str]:
    """The names of the Event cards that may be played now."""
    return card_names_of(state, "event")


def slot(state: dict[str, Any]) -> list[str]:
    return names(state, "event_slot")


# ---------------------------------------------------------------------------------------------------------- MA-10.1


def test_MA_10_1_option_a_events_are_shuffled_into_the_decks_and_dealt_like_other_cards():
    state = new_game(GAME, 2, 7, {"starting_player": "P1"})
    card_set = load_card_set()
    for seat, deck in ((0, "tiger"), (1, "crane")):
        mine = [
            state["cards"][c]
            for c in state["zones"][f"deck:{seat}"] + state["zones"][f"hand:{seat}"]
            if state["owner"][c] == seat
        ]
        assert Counter(mine) == Counter(card_set.decks[deck].cards)  # Event cards included
        assert any(card_set.is_event(n) for n in mine)
    assert state["zones"]["event_slot"] == [] and state["zones"]["event_deck"] == []


def test_MA_10_1_a_drawn_event_is_played_from_hand():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "deck:0": ["Roaring Crowd", "Rising Elbow", "Pouncing Knee"] + TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        turn=3,
        phase="draw",
    )
    assert "Roaring Crowd" in names(s, "hand:0")  # drawn in the Draw phase
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    do(s, "event", "Roaring Crowd")
    assert slot(s) == ["Roaring Crowd"]
    assert "Roaring Crowd" not in names(s, "hand:0")


# ---------------------------------------------------------------------------------------------------------- MA-10.2


def test_MA_10_2_only_the_attacker_plays_events_and_only_in_prep_and_resolve_windows():
    s = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "hand:1": ["Torrential Rain", "Steady Breathing", "Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[0, 4],
    )
    crowd = option_id("event", "Roaring Crowd")
    rain = option_id("event", "Torrential Rain")
    # The attacker's Prep window offers the event.
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    assert crowd in ids(s)
    do(s, "pass")
    # The defender's Prep window: ADR only, the defender's event is refused.
    assert pending(s) == (1, "window")
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, rain)
    do(s, "pass")
    # A move decision: no event.
    assert pending(s) == (0, "move")
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, crowd)
    do(s, "attack", "Tiger Paw Jab")
    # A response window: no event either.
    assert pending(s) == (1, "response")
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, rain)
    do(s, "take")
    # No attack card is left: the combo and Attack 2 are stopped, each asked (the hand is not empty).
    for phase in ("attack1", "attack2"):
        assert pending(s) == (0, "move") and public(s)["phase"] == phase and ids(s) == ["stop"]
        do(s, "stop")
    # The attacker's Resolve window offers the event again.
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    do(s, "event", "Roaring Crowd")
    assert slot(s) == ["Roaring Crowd"]
    # The defender's Resolve window: still no event for the defender.
    assert pending(s) == (1, "window") and public(s)["phase"] == "resolve"
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, rain)
    assert "Torrential Rain" in names(s, "hand:1")


# ---------------------------------------------------------------------------------------------------------- MA-10.3


def test_MA_10_3_at_most_one_event_per_window_and_two_per_turn():
    s = ma(
        {
            "hand:0": [
                "Roaring Crowd",
                "Dawn Training",
                "Torrential Rain",
                "Steady Breathing",
                "Steady Breathing",
            ],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[4, 0],
        life=[10, 15],
    )
    assert event_options(s) == {"Roaring Crowd", "Dawn Training", "Torrential Rain"}
    do(s, "event", "Roaring Crowd")
    # The same window returns (an ADR card is still playable), but no second event.
    assert pending(s) == (0, "window") and public(s)["phase"] == "prep"
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, option_id("event", "Dawn Training"))
    do(s, "adrenaline", "Steady Breathing")
    assert event_options(s) == set()
    do(s, "pass")
    # No attack card: both attack phases are stopped (the ADR card keeps the move decisions open).
    assert pending(s) == (0, "move")
    do(s, "stop")
    do(s, "stop")
    # The Resolve window allows one more event.
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    assert event_options(s) == {"Dawn Training", "Torrential Rain"}
    do(s, "event", "Dawn Training")
    assert slot(s) == ["Dawn Training"]
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, option_id("event", "Torrential Rain"))
    assert sorted(names(s, "hand:0")) == ["Steady Breathing", "Torrential Rain"]


# ---------------------------------------------------------------------------------------------------------- MA-10.4


@pytest.mark.parametrize("pool", [0, 3])
def test_MA_10_4_playing_an_event_costs_nothing(pool):
    s = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[pool, 1],
        life=[9, 11],
    )
    assert "Roaring Crowd" in event_options(s)
    do(s, "event", "Roaring Crowd")
    assert public(s)["adr"] == [pool, 1]
    assert public(s)["life"] == [9, 11]
    assert names(s, "hand:0") == ["Tiger Paw Jab"]
    assert names(s, "discard:0") == []


# ---------------------------------------------------------------------------------------------------------- MA-10.5


def test_MA_10_5_new_event_takes_the_slot_and_the_old_one_goes_to_its_owners_discard():
    s = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Dawn Training@1"],
        },
    )
    assert slot(s) == ["Dawn Training"]
    do(s, "event", "Roaring Crowd")
    assert slot(s) == ["Roaring Crowd"]
    assert names(s, "discard:1") == ["Dawn Training"]
    assert names(s, "discard:0") == []
    do(s, "pass")  # the Prep window returns with only "pass" left; P2's hand is empty
    # The new event is active at once: the Jab hits for 2 + 1.
    do(s, "attack", "Tiger Paw Jab")
    assert public(s)["life"][1] == 12


# ---------------------------------------------------------------------------------------------------------- MA-10.6


def test_MA_10_6_active_event_applies_to_both_players_on_every_turn():
    # Roaring Crowd (ATK +1) was played by P1 earlier; it is turn 2 and P2 attacks.
    s = ma(
        {
            "hand:0": ["Crouching Guard", "Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap", "Reed Sway Palm"],
            "deck:0": ["Pouncing Knee", "Glancing Parry", "Glancing Parry"] + TIGER_FILL,
            "deck:1": ["Crane Beak Tap"] * 8,
            "event_slot": ["Roaring Crowd@0"],
        },
        turn=2,
        attacker=1,
        phase="attack1",
    )
    do(s, "attack", "Crane Beak Tap")  # 2 + 1
    do(s, "take")
    assert public(s)["life"] == [12, 15]
    do(s, "attack", "Reed Sway Palm")  # 3 + 1 = 4 against DEF 6
    do(s, "block", "Crouching Guard")
    # P1's counterattack is raised too; P2 holds nothing and takes it.
    do(s, "attack", "Tiger Paw Jab")  # 2 + 1
    assert public(s)["life"] == [12, 12]
    # Turn 3: P1 attacks (after both Prep windows) and the event still applies.
    assert s["turn"] == 3 and pending(s) == (0, "window")
    do(s, "pass")
    do(s, "pass")
    assert pending(s) == (0, "move")
    do(s, "attack", "Pouncing Knee")  # 3 + 1
    assert ids(s) == ["take"]  # P2 holds only attack cards and cannot block
    do(s, "take")
    assert public(s)["life"] == [12, 8]
    assert slot(s) == ["Roaring Crowd"]


# ---------------------------------------------------------------------------------------------------------- MA-10.7


@pytest.mark.parametrize(("turn", "attacker"), [(2, 1), (3, 0)])
def test_MA_10_7_attacker_in_a_clause_means_the_attacker_of_the_turn_in_progress(turn, attacker):
    # Scorching Noon (TURN_END_DISCARD 1, attacker) belongs to P1 whatever the turn.
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Scorching Noon@0"],
        },
        turn=turn,
        attacker=attacker,
        phase="end",
    )
    defender = 1 - attacker
    assert pending(s) == (attacker, "discard") and public(s)["phase"] == "end"
    assert set(ids(s)) == {option_id("discard", name) for name in names(s, f"hand:{attacker}")}
    do(s, "discard", names(s, f"hand:{attacker}")[0])
    assert len(s["zones"][f"discard:{attacker}"]) == 1
    assert s["zones"][f"discard:{defender}"] == []


def test_MA_10_7_each_player_means_both_and_defender_means_the_turns_defender():
    # Torrential Rain (each): both discard at the start of the turn.
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Torrential Rain@1"],
        },
    )
    assert pending(s) == (0, "discard")
    do(s, "discard", "Rising Elbow")
    assert pending(s) == (1, "discard")
    do(s, "discard", "Gliding Palm")
    assert names(s, "discard:0") == ["Rising Elbow"] and names(s, "discard:1") == ["Gliding Palm"]
    # Dawn Training (defender): on turn 3 (P1 attacks) P2 draws the extra card; on turn 2 it is P1.
    for turn, attacker, extra in ((3, 0, 1), (2, 1, 0)):
        s = ma(
            {
                "hand:0": ["Tiger Paw Jab"],
                "hand:1": ["Crane Beak Tap"],
                "deck:0": TIGER_FILL,
                "deck:1": CRANE_FILL,
                "event_slot": ["Dawn Training@1"],
            },
            turn=turn,
            attacker=attacker,
            phase="draw",
        )
        other = 1 - extra
        drawn = {seat: len(s["zones"][f"hand:{seat}"]) - 1 for seat in (0, 1)}
        assert drawn[extra] == 2 + 1  # the defender's 2, plus 1
        assert drawn[other] == 3  # the attacker's 3, no extra


# ---------------------------------------------------------------------------------------------------------- MA-10.8


def _one_event(clauses: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"name": "Test Event", "type": "event", "style": "Common"}
    if clauses is not None:
        card["clauses"] = clauses
    return {"card": [card]}


@pytest.mark.parametrize(
    "clauses",
    [
        None,
        [],
        [
            {"kind": "ATK_MOD", "n": 1},
            {"kind": "DEF_MOD", "n": 1},
            {"kind": "EXTRA_DRAW", "n": 1, "target": "each"},
        ],
        [{"kind": "LOSE_LIFE", "n": 1, "target": "each"}],
        [{"kind": "atk_mod", "n": 1}],
        [{"kind": "TURN_START_DISCARD", "n": 1}],
        [{"kind": "TURN_END_DISCARD", "n": 1, "target": "opponent"}],
        [{"kind": "TURN_START_DISCARD", "target": "each"}],
        [{"kind": "ATK_MOD", "n": 1, "target": "attacker"}],
    ],
    ids=[
        "no-clauses",
        "empty",
        "three-clauses",
        "unknown-kind",
        "lower-case-kind",
        "missing-target",
        "bad-target",
        "missing-n",
        "mod-with-target",
    ],
)
def test_MA_10_8_event_data_outside_the_clause_vocabulary_is_rejected(clauses):
    with pytest.raises(CardDataError):
        parse_card_set(_one_event(clauses))


def test_MA_10_8_one_or_two_listed_clauses_load_with_numbers_and_targets():
    one = parse_card_set(_one_event([{"kind": "TURN_START_DISCARD", "n": 2, "target": "defender"}]))
    card = one.cards["Test Event"]
    assert isinstance(card, EventCard)
    assert [(c.kind, c.n, c.target) for c in card.clauses] == [("TURN_START_DISCARD", 2, "defender")]
    two = parse_card_set(
        _one_event([{"kind": "TURN_END_DISCARD", "n": 1, "target": "each"}, {"kind": "DEF_MOD", "n": -2}])
    )
    assert [(c.kind, c.n, c.target) for c in two.cards["Test Event"].clauses] == [
        ("TURN_END_DISCARD", 1, "each"),
        ("DEF_MOD", -2, None),
    ]


def test_MA_10_8_shipped_events_have_one_or_two_listed_clauses():
    text = resources.files("cardsmith.games.martial_arts").joinpath("cards.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)
    events = [c for c in raw["card"] if c["type"] == "event"]
    assert events
    loaded = load_card_set()
    for c in events:
        assert 1 <= len(c["clauses"]) <= 2, c["name"]
        assert {cl["kind"] for cl in c["clauses"]} <= CLAUSE_KINDS, c["name"]
        card = loaded.cards[c["name"]]
        assert [(cl.kind, cl.n, cl.target) for cl in card.clauses] == [
            (cl["kind"], cl["n"], cl.get("target")) for cl in c["clauses"]
        ]
    bad = copy.deepcopy(raw)
    next(c for c in bad["card"] if c["type"] == "event")["clauses"].append({"kind": "SWAP_LIFE", "n": 1})
    with pytest.raises(CardDataError):
        parse_card_set(bad)


# ---------------------------------------------------------------------------------------------------------- MA-10.9


def test_MA_10_9_turn_start_discard_at_the_beginning_of_every_prep_phase():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"],
            "deck:0": ["Pouncing Knee", "Whirlwind Hook"] + TIGER_FILL,
            "deck:1": ["Reed Sway Palm", "Heron Step Strike", "Wing Flick"] + CRANE_FILL,
            "event_slot": ["Torrential Rain@1"],
        },
        turn=3,
        phase="prep",
    )
    # Before any Prep window: the attacker discards, then the defender.
    assert pending(s) == (0, "discard") and public(s)["phase"] == "prep"
    do(s, "discard", "Forearm Wall")
    assert pending(s) == (1, "discard")
    do(s, "discard", "Still Pond Guard")
    assert len(s["zones"]["hand:0"]) == 2 and len(s["zones"]["hand:1"]) == 2
    # Play on to the next turn's Prep phase: nobody plays anything.
    for seat, kind in ((0, "window"), (1, "window"), (0, "move"), (0, "move"), (0, "window"), (1, "window")):
        assert pending(s) == (seat, kind)
        do(s, "pass" if kind == "window" else "stop")
    # Turn 4: P2 draws 3, P1 draws 2, then the clause applies again at the start of Prep.
    assert s["turn"] == 4
    assert pending(s) == (1, "discard") and public(s)["phase"] == "prep"
    assert len(s["zones"]["hand:1"]) == 5 and len(s["zones"]["hand:0"]) == 4
    do(s, "discard", "Wing Flick")
    assert pending(s) == (0, "discard")
    do(s, "discard", "Whirlwind Hook")
    assert len(s["zones"]["hand:1"]) == 4 and len(s["zones"]["hand:0"]) == 3


# --------------------------------------------------------------------------------------------------------- MA-10.10


def test_MA_10_10_turn_end_discard_comes_before_the_hand_limit():
    # Scorching Noon: the attacker discards 1 at the start of the End phase. With 8 cards that leaves 7,
    # so the hand limit asks for nothing more (limit first, then the event, would have taken 2).
    s = ma(
        {
            "hand:0": TIGER_SEVEN + ["Raking Claw"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Scorching Noon@0"],
        },
        phase="end",
    )
    assert pending(s) == (0, "discard") and public(s)["phase"] == "end"
    do(s, "discard", "Raking Claw")
    assert names(s, "discard:0") == ["Raking Claw"]
    # No second discard: turn 2 started (P2 draws 3, P1 draws 2).
    assert s["turn"] == 2
    assert len(s["zones"]["hand:0"]) == 7 + 2


# --------------------------------------------------------------------------------------------------------- MA-10.11


def test_MA_10_11_atk_mod_changes_every_attack_cards_effective_atk():
    zones = {
        "hand:0": ["Tiger Paw Jab", "Whirlwind Hook", "Crashing Shin Kick"],
        "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
        "deck:0": TIGER_FILL,
        "deck:1": CRANE_FILL,
    }
    base = ma(zones, phase="attack1")
    crowd = ma({**zones, "event_slot": ["Roaring Crowd@0"]}, phase="attack1")
    for s in (base, crowd):
        do(s, "attack", "Tiger Paw Jab")
        do(s, "take")
    assert public(base)["life"][1] == 13
    assert public(crowd)["life"][1] == 12  # 2 + 1
    for s in (base, crowd):
        do(s, "attack", "Whirlwind Hook")  # CPT 2 >= LNK 1
        do(s, "block", "Still Pond Guard")  # DEF 4
    # Without the event ATK 4 ties DEF 4 (a full block, P2 may counter); with it ATK 5 gets 1 through.
    assert public(base)["life"][1] == 13 and pending(base) == (1, "move")
    assert public(crowd)["life"][1] == 11 and pending(crowd) == (0, "move")  # the combo goes on
    assert option_for(crowd, "attack", "Crashing Shin Kick")


# --------------------------------------------------------------------------------------------------------- MA-10.12


def test_MA_10_12_def_mod_changes_every_block_cards_effective_def():
    zones = {
        "hand:0": ["Whirlwind Hook", "Crashing Shin Kick"],
        "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
        "deck:0": TIGER_FILL,
        "deck:1": CRANE_FILL,
    }
    base = ma(zones, phase="attack1")
    noon = ma({**zones, "event_slot": ["Scorching Noon@1"]}, phase="attack1")
    for s in (base, noon):
        do(s, "attack", "Whirlwind Hook")  # ATK 4
        do(s, "block", "Still Pond Guard")  # DEF 4, or 3 with DEF_MOD -1
    assert public(base)["life"][1] == 15 and pending(base) == (1, "move")  # full block, counter decision
    assert public(noon)["life"][1] == 14
    assert pending(noon) == (0, "move")  # the combo goes on
    assert option_for(noon, "attack", "Crashing Shin Kick")


# --------------------------------------------------------------------------------------------------------- MA-10.13


def test_MA_10_13_extra_draw_adds_to_the_targeted_players_draw():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": ["Rising Elbow", "Pouncing Knee", "Raking Claw"] + TIGER_FILL,
            "deck:1": ["Gliding Palm", "Wing Flick", "Reed Sway Palm"] + CRANE_FILL,
            "event_slot": ["Dawn Training@1"],
        },
        turn=3,
        phase="draw",
    )
    # P1 attacks: 3 cards. P2 defends: 2 + 1 cards, the top three of P2's deck.
    assert sorted(names(s, "hand:0")) == sorted(
        ["Tiger Paw Jab", "Rising Elbow", "Pouncing Knee", "Raking Claw"]
    )
    assert sorted(names(s, "hand:1")) == sorted(
        ["Crane Beak Tap", "Gliding Palm", "Wing Flick", "Reed Sway Palm"]
    )


@pytest.mark.parametrize("n", [0, -1])
def test_MA_10_13_extra_draw_must_be_at_least_1(n):
    with pytest.raises(CardDataError):
        parse_card_set(_one_event([{"kind": "EXTRA_DRAW", "n": n, "target": "each"}]))


# --------------------------------------------------------------------------------------------------------- MA-10.14


def test_MA_10_14_event_played_in_prep_first_triggers_on_the_next_turn():
    s = ma(
        {
            "hand:0": ["Torrential Rain", "Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm"],
            "deck:0": ["Rising Elbow", "Pouncing Knee"] + TIGER_FILL,
            "deck:1": ["Reed Sway Palm", "Wing Flick", "Heron Step Strike"] + CRANE_FILL,
        },
    )
    do(s, "event", "Torrential Rain")
    # No discard this turn: the Prep windows, then the attack, with both hands whole.
    assert pending(s) == (0, "window")
    do(s, "pass")
    assert pending(s) == (1, "window")
    do(s, "pass")
    assert pending(s) == (0, "move") and public(s)["phase"] == "attack1"
    assert sorted(names(s, "hand:0")) == ["Forearm Wall", "Tiger Paw Jab"]
    assert len(s["zones"]["hand:1"]) == 2
    assert s["zones"]["discard:0"] == [] and s["zones"]["discard:1"] == []
    do(s, "stop")
    do(s, "stop")
    do(s, "pass")  # the Resolve windows
    do(s, "pass")
    # Turn 2 (P2 attacks): the clause triggers at the start of its Prep phase, attacker first.
    assert s["turn"] == 2
    assert pending(s) == (1, "discard") and public(s)["phase"] == "prep"
    do(s, "discard", "Wing Flick")
    assert pending(s) == (0, "discard")


# --------------------------------------------------------------------------------------------------------- MA-10.15


def test_MA_10_15_event_played_in_resolve_applies_in_that_turns_end_phase():
    s = ma(
        {
            "hand:0": ["Scorching Noon", "Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="resolve",
    )
    assert pending(s) == (0, "window") and public(s)["phase"] == "resolve"
    do(s, "event", "Scorching Noon")
    do(s, "pass")  # the window returns with only "pass" left
    assert pending(s) == (1, "window") and public(s)["phase"] == "resolve"
    do(s, "pass")
    # Same turn, End phase: the attacker discards 1.
    assert s["turn"] == 1
    assert pending(s) == (0, "discard") and public(s)["phase"] == "end"
    do(s, "discard", "Rising Elbow")
    assert names(s, "discard:0") == ["Rising Elbow"]
    assert s["zones"]["discard:1"] == []  # the defender is not targeted


# --------------------------------------------------------------------------------------------------------- MA-10.16


def test_MA_10_16_event_discards_come_on_top_of_the_hand_limit():
    # The rules' example: 9 cards and TURN_END_DISCARD 1 -> discard 1, then 1 more to reach 7.
    s = ma(
        {
            "hand:0": TIGER_SEVEN + ["Raking Claw", "Stalking Sweep"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Scorching Noon@0"],
        },
        phase="end",
    )
    assert pending(s) == (0, "discard")
    do(s, "discard", "Raking Claw")
    assert pending(s) == (0, "discard") and s["turn"] == 1
    assert len(s["zones"]["hand:0"]) == 8
    do(s, "discard", "Stalking Sweep")
    assert sorted(names(s, "discard:0")) == ["Raking Claw", "Stalking Sweep"]
    assert s["turn"] == 2
    assert sorted(names(s, "hand:0")) == sorted(TIGER_SEVEN + ["Glancing Parry"] * 2)


# --------------------------------------------------------------------------------------------------------- MA-10.17


def test_MA_10_17_attacker_discards_first_each_chooses_their_own_cards():
    # Turn 2: P2 attacks, so P2 discards before P1 although P1 is seat 0.
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Torrential Rain@0"],
        },
        turn=2,
        attacker=1,
        phase="prep",
    )
    assert pending(s) == (1, "discard")
    assert set(ids(s)) == {option_id("discard", name) for name in names(s, "hand:1")}
    assert unchanged_after_refusal(s, option_id("discard", "Forearm Wall"))
    do(s, "discard", "Still Pond Guard")
    assert pending(s) == (0, "discard")
    assert set(ids(s)) == {option_id("discard", name) for name in names(s, "hand:0")}
    do(s, "discard", "Forearm Wall")
    assert names(s, "discard:1") == ["Still Pond Guard"] and names(s, "discard:0") == ["Forearm Wall"]


def test_MA_10_17_a_hand_no_bigger_than_the_discard_goes_whole_without_a_choice():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Still Pond Guard"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Torrential Rain@0"],
        },
    )
    assert pending(s) == (0, "discard")
    do(s, "discard", "Forearm Wall")
    # P2's single card is discarded without asking (the hand's size is public); the game goes on to P1's Prep
    # window, and P2's own window passes by itself, since P2's hand is now empty.
    assert s["zones"]["hand:1"] == []
    assert names(s, "discard:1") == ["Still Pond Guard"]
    assert pending(s) == (0, "window")
    do(s, "pass")
    assert pending(s) == (0, "move")


# --------------------------------------------------------------------------------------------------------- MA-10.18


def test_MA_10_18_defender_cannot_play_an_event_but_may_discard_it_to_the_hand_limit():
    hand1 = [
        "Torrential Rain",
        "Steady Breathing",
        "Crane Beak Tap",
        "Gliding Palm",
        "Still Pond Guard",
        "Wing Flick",
        "Reed Sway Palm",
        "Heron Step Strike",
    ]
    s = ma(
        {"hand:0": ["Forearm Wall"], "hand:1": hand1, "deck:0": TIGER_FILL, "deck:1": CRANE_FILL},
        adr=[0, 2],
        life=[15, 10],
    )
    rain = option_id("event", "Torrential Rain")
    for phase in ("prep", "resolve"):
        assert pending(s) == (0, "window") and ids(s) == ["pass"]  # P1 holds only a block card
        do(s, "pass")
        assert pending(s) == (1, "window") and public(s)["phase"] == phase
        assert event_options(s) == set()
        assert unchanged_after_refusal(s, rain)
        do(s, "pass")
        if phase == "prep":  # P1 has nothing to attack with: both attack phases are stopped
            for _ in range(2):
                assert pending(s) == (0, "move") and ids(s) == ["stop"]
                do(s, "stop")
    # End phase: 8 cards, one over the limit; the event is one of the cards P2 may discard.
    assert pending(s) == (1, "discard") and public(s)["phase"] == "end"
    assert option_id("discard", "Torrential Rain") in ids(s)
    do(s, "discard", "Torrential Rain")
    assert names(s, "discard:1") == ["Torrential Rain"]
    assert s["zones"]["event_slot"] == []


# --------------------------------------------------------------------------------------------------------- MA-10.19


def test_MA_10_19_option_b_keeps_events_out_of_decks_and_hands():
    state = new_game(GAME, 2, 11, {"event_mode": "per_game", "starting_player": "P1"})
    card_set = load_card_set()
    for seat, deck in ((0, "tiger"), (1, "crane")):
        mine = [state["cards"][c] for c in state["zones"][f"deck:{seat}"] + state["zones"][f"hand:{seat}"]]
        assert not any(card_set.is_event(n) for n in mine)
        assert Counter(mine) == Counter(n for n in card_set.decks[deck].cards if not card_set.is_event(n))
    assert len(state["zones"]["event_slot"]) == 1
    assert card_set.is_event(slot(state)[0])


def test_MA_10_19_option_b_no_event_is_played_but_the_clauses_work():
    s = ma(
        {
            "hand:0": ["Roaring Crowd", "Steady Breathing", "Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Torrential Rain"],
        },
        options={"event_mode": "per_game"},
        adr=[2, 0],
        life=[10, 15],
    )
    # TURN_START_DISCARD works as in option A: both players discard at the start of Prep.
    assert pending(s) == (0, "discard")
    do(s, "discard", "Forearm Wall")
    do(s, "discard", "Gliding Palm")
    # The attacker's Prep window offers ADR cards only.
    assert pending(s) == (0, "window")
    assert event_options(s) == set()
    assert unchanged_after_refusal(s, option_id("event", "Roaring Crowd"))
    assert option_for(s, "adrenaline", "Steady Breathing")


def test_MA_10_19_option_b_atk_mod_works():
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Roaring Crowd"],
        },
        options={"event_mode": "per_game"},
        phase="attack1",
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert public(s)["life"][1] == 12
