"""Martial Arts: scenario tests for rules sections 11 to 13 (hand limit, empty decks, Sudden Death, the end of
the game, and the options).

Positions come from scenarios with a fixed deck order (lists are written top card first) or from seeded new
games. Card numbers used below come from the packaged ``cards.toml``:

    Tiger Paw Jab      CPT 1 ATK 2 DEF - LNK 1     Crane Beak Tap     CPT 1 ATK 2 DEF - LNK 1
    Rising Elbow       CPT 2 ATK 3 DEF - LNK 2     Gliding Palm       CPT 2 ATK 3 DEF - LNK 2
    Whirlwind Hook     CPT 2 ATK 4 DEF - LNK 3     Still Pond Guard   DEF 4 (pure defense)
    Tiger Fang Palm    CPT 4 ATK 7 DEF - LNK -     Forearm Wall       DEF 3 (pure defense)
    Hidden Vein Strike (ADR 5, DIRECT_DAMAGE 4)    Steady Breathing (ADR 2, GAIN_LIFE 3)
    Roaring Focus (ADR 1, BOOST_NEXT_ATK 2)        Rooted Stance (ADR 1, BOOST_NEXT_DEF 2)
    Roaring Crowd (ATK_MOD +1)    Torrential Rain (TURN_START_DISCARD 1 each)    Scorching Noon, Dawn Training
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from tests.support.martial_arts import cid, do, option_for, public, starting_seat, verbs
from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import CHANCE, GameOver, OptionError, apply, get_game, new_game, resolve_chance, view
from cardsmith.core.actions import option_id
from cardsmith.games.martial_arts.cards import load_card_set

GAME = "martial-arts"
CARDS = load_card_set()
EVENT_NAMES = ["Roaring Crowd", "Scorching Noon", "Torrential Rain", "Dawn Training"]
FILLER = ["Forearm Wall"] * 6

TIGER_NINE = [
    "Tiger Paw Jab",
    "Pouncing Knee",
    "Raking Claw",
    "Rising Elbow",
    "Whirlwind Hook",
    "Stalking Sweep",
    "Tiger Fang Palm",
    "Ambush Lunge",
    "Forearm Wall",
]
CRANE_TEN = [
    "Crane Beak Tap",
    "Wing Flick",
    "Reed Sway Palm",
    "Gliding Palm",
    "Heron Step Strike",
    "Folding Wing Elbow",
    "Still Pond Guard",
    "Feather Brush-Off",
    "Patient Heron",
    "Willow Bends",
]


# --------------------------------------------------------------------------- helpers


def ma(
    zones: dict[str, list[str]],
    setup: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    return build(GAME, zones, setup, options, seed=seed)


def refuse(state: dict[str, Any], option_id: Any) -> None:
    assert option_id not in ids(state)
    pending = copy.deepcopy(state["pending"])
    assert unchanged_after_refusal(state, option_id)
    assert state["pending"] == pending


def who(state: dict[str, Any]) -> tuple[int, str, str]:
    return state["pending"]["seat"], state["pending"]["kind"], public(state)["phase"]


def step(state: dict[str, Any], option_id: str) -> list[dict[str, Any]]:
    apply(state, option_id)
    return list(state["events"])


def quiet_option(state: dict[str, Any]) -> str:
    legal = ids(state)
    for oid in ("pass", "stop", "take"):
        if oid in legal:
            return oid
    assert verbs(state) == {"discard"}, legal
    return legal[0]


def quiet_until(state: dict[str, Any], turn: int, decision: tuple[int, str, str], limit: int = 60) -> None:
    """Answer every decision quietly (pass, stop, take; the first discard) until ``decision`` on ``turn``."""
    for _ in range(limit):
        assert state["result"] is None
        if state["turn"] == turn and who(state) == decision:
            return
        apply(state, quiet_option(state))
    raise AssertionError(f"no {decision} on turn {turn}")


def play_out(state: dict[str, Any], choose: Any, limit: int = 3000) -> list[dict[str, Any]]:
    events = list(state["events"])
    for _ in range(limit):
        if state["result"] is not None:
            return events
        if state["pending"]["seat"] == CHANCE:
            resolve_chance(state)
        else:
            apply(state, choose(state))
        events += state["events"]
    raise AssertionError("the game did not end")


def turn_marks(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for e in events:
        if e["t"] == "turn":
            out.append(f"turn {e['turn']}")
        elif e["t"] == "phase":
            out.append(e["phase"])
    return out


def sudden_death(state: dict[str, Any], seat: int | None = None) -> list[bool]:
    return view(state, seat)["public"]["sudden_death"]


# --------------------------------------------------------------------------- section 11: hand limit, empty deck, Sudden Death


def test_MA_11_1_MA_11_2_both_players_discard_their_own_choice_down_to_7_attacker_first() -> None:
    state = ma(
        {"hand:0": TIGER_NINE, "hand:1": CRANE_TEN, "deck:0": FILLER, "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "end"},
    )
    assert who(state) == (0, "discard", "end")
    assert state["pending"]["prompt"] == "P1: discard a card (2 to go)"
    do(state, "discard", "Tiger Fang Palm")
    assert who(state) == (0, "discard", "end") and len(state["zones"]["hand:0"]) == 8
    do(state, "discard", "Ambush Lunge")
    # The defender, whose turn it is not, must also get down to 7.
    assert who(state) == (1, "discard", "end")
    assert state["pending"]["prompt"] == "P2: discard a card (3 to go)"
    assert sorted(names(state, "hand:0")) == sorted(set(TIGER_NINE) - {"Tiger Fang Palm", "Ambush Lunge"})
    for name in ("Willow Bends", "Wing Flick", "Still Pond Guard"):
        events = step(state, option_for(state, "discard", name))
    assert sorted(names(state, "discard:1")) == ["Still Pond Guard", "Willow Bends", "Wing Flick"]
    assert sorted(names(state, "discard:0")) == ["Ambush Lunge", "Tiger Fang Palm"]
    assert {"t": "turn", "turn": 3, "attacker": 1} in events
    # P2 then draws 3 as the new attacker, P1 draws 2: 7 + 3 and 7 + 2.
    assert (len(state["zones"]["hand:1"]), len(state["zones"]["hand:0"])) == (10, 9)


def test_MA_11_2_a_hand_of_7_or_fewer_is_left_alone() -> None:
    state = ma(
        {"hand:0": TIGER_NINE[:7], "hand:1": CRANE_TEN[:6], "deck:0": FILLER, "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "end"},
    )
    assert state["turn"] == 3 and state["pending"]["kind"] != "discard"
    assert names(state, "discard:0") == [] and names(state, "discard:1") == []


def test_MA_11_3_a_hand_may_exceed_7_at_any_other_moment() -> None:
    state = ma(
        {
            "hand:0": ["Roaring Crowd", *TIGER_NINE[:6]],
            "hand:1": CRANE_TEN[:7],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 2, "attacker": 0, "phase": "draw"},
    )
    # 7 + 3 and 7 + 2 cards, and the Prep window is asked without any discard.
    assert who(state) == (0, "window", "prep")
    assert (len(state["zones"]["hand:0"]), len(state["zones"]["hand:1"])) == (10, 9)
    do(state, "pass")
    assert who(state) == (1, "window", "prep")
    do(state, "pass")
    assert who(state) == (0, "move", "attack1")
    assert (len(state["zones"]["hand:0"]), len(state["zones"]["hand:1"])) == (10, 9)
    assert names(state, "discard:0") == [] and names(state, "discard:1") == []


def test_MA_11_4_discard_piles_are_never_shuffled_back_into_an_empty_deck() -> None:
    pile = ["Tiger Fang Palm", "Rising Elbow", "Whirlwind Hook", "Tiger Paw Jab", "Roaring Focus"]
    state = ma(
        {"discard:0": pile, "hand:0": ["Forearm Wall"], "hand:1": ["Crane Beak Tap"], "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "draw"},
    )
    before = list(state["zones"]["discard:0"])
    # Turn 2 (P1 draws 3 from nothing) and turn 3 (P1 draws 2 from nothing) pass quietly: P2 now attacks.
    quiet_until(state, 3, (1, "move", "attack1"))
    assert state["zones"]["deck:0"] == []
    assert state["zones"]["discard:0"] == before
    assert names(state, "hand:0") == ["Forearm Wall"]


def test_MA_11_5_drawing_past_the_end_of_the_deck_gives_what_is_left_and_no_penalty() -> None:
    state = ma(
        {
            "deck:0": ["Tiger Paw Jab"],
            "deck:1": ["Crane Beak Tap"],
            "hand:0": ["Roaring Crowd"],
            "hand:1": ["Still Pond Guard"],
        },
        {"turn": 2, "attacker": 0, "phase": "draw"},
    )
    draws = [(e["to"], e["name"]) for e in state["events"] if e["t"] == "move" and e.get("cause") == "draw"]
    assert draws == [("hand:0", "Tiger Paw Jab"), ("hand:1", "Crane Beak Tap")]
    assert state["zones"]["deck:0"] == [] and state["zones"]["deck:1"] == []
    assert public(state)["life"] == [15, 15] and state["result"] is None
    assert who(state) == (0, "window", "prep")


def test_MA_11_6_sudden_death_means_no_cards_in_hand_and_none_in_deck() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
            "discard:1": ["Crane Beak Tap", "Still Pond Guard"],
            "deck:0": [],
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert sudden_death(state) == [False, True]  # P2's discard pile does not help
    do(state, "attack", "Tiger Paw Jab")
    assert sudden_death(state) == [False, True]
    do(state, "attack", "Rising Elbow")  # P1's last card: now P1 is in Sudden Death too
    # Both players in Sudden Death and both decks empty: nothing is asked and the stall rule ends the game.
    assert state["result"] is not None
    assert sudden_death(state) == [True, True]
    # A player with an empty hand but cards in the deck is not in Sudden Death.
    state = ma(
        {"hand:0": ["Tiger Paw Jab"], "deck:1": ["Crane Beak Tap"], "hand:1": []},
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert sudden_death(state) == [False, False]


def test_MA_11_7_a_player_in_sudden_death_takes_every_attack_unblocked() -> None:
    state = ma(
        {"hand:0": ["Tiger Paw Jab", "Rising Elbow", "Forearm Wall"], "deck:0": FILLER},
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert sudden_death(state) == [False, True]
    events = step(state, option_for(state, "attack", "Tiger Paw Jab"))
    assert {"t": "unblocked", "seat": 1, "atk": 2} in events
    assert not any(e["t"] in ("blocked", "partial_block") for e in events)
    assert who(state) == (0, "move", "attack1")  # no response window was asked of P2
    assert public(state)["life"] == [15, 13]


def test_MA_11_8_MA_11_10_a_player_in_sudden_death_still_takes_turns_until_life_ends_the_game() -> None:
    # P2 (in Sudden Death) attacks on turn 2: every phase runs and every P2 decision passes by itself. P1's own
    # windows on P2's turn are asked (P1 holds cards), and P1 passes them.
    state = ma(
        {"hand:0": ["Tiger Fang Palm", "Forearm Wall"], "deck:0": FILLER},
        {"turn": 2, "attacker": 1, "phase": "draw", "life": [15, 6]},
    )
    marks = turn_marks(state["events"])
    for phase in ("prep", "resolve", "prep"):
        assert who(state) == (0, "window", phase)
        marks += turn_marks(step(state, "pass"))
    assert marks == [
        "prep",
        "attack1",
        "attack2",
        "resolve",
        "end",
        "turn 3",
        "prep",
        "attack1",
    ]
    assert state["result"] is None  # Sudden Death alone does not end the game
    assert (state["turn"], *who(state)) == (3, 0, "move", "attack1")
    do(state, "attack", "Tiger Fang Palm")
    assert state["result"] == {"winners": [0], "draw": False, "reason": "P2's life reached 0"}


def test_MA_11_9_sudden_death_lasts_for_the_rest_of_the_game() -> None:
    state = ma(
        {
            "hand:0": ["Rising Elbow", "Tiger Paw Jab", "Whirlwind Hook"],
            "deck:0": FILLER * 4,
            "discard:1": ["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"],
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    # Six turns go by (three of them P2's own): P2's hand and deck stay empty, their discard pile stays put.
    seen = set()
    while state["turn"] <= 6:
        assert state["result"] is None
        assert sudden_death(state, 0)[1] is True
        assert state["zones"]["hand:1"] == [] and state["zones"]["deck:1"] == []
        assert len(state["zones"]["discard:1"]) == 3
        seen.add((state["turn"], state["pending"]["seat"]))
        apply(state, quiet_option(state))
    assert sudden_death(state, None) == [False, True]
    assert {t for t, _ in seen} >= {1, 3, 5} and {s for _, s in seen} == {0}  # P2 is never asked anything


def test_MA_11_11_sudden_death_status_is_public() -> None:
    state = ma(
        {"hand:0": ["Tiger Paw Jab", "Forearm Wall"], "deck:0": FILLER},
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    game = get_game(GAME)
    for seat in (0, 1, None):
        seen = view(state, seat)
        assert seen["public"]["sudden_death"] == [False, True]
        lines = game.summarize(seen)
        assert [line for line in lines if "[SUDDEN DEATH]" in line] == ["P2: life 15, ADR 0 [SUDDEN DEATH]"]


# --------------------------------------------------------------------------- section 12: victory and end of game


def test_MA_12_1_a_player_whose_life_reaches_0_loses() -> None:
    state = ma(
        {
            "hand:0": ["Whirlwind Hook", "Tiger Paw Jab"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "life": [2, 5]},
    )
    do(state, "attack", "Tiger Paw Jab")
    do(state, "take")
    assert public(state)["life"] == [2, 3] and state["result"] is None  # 3 life left: play goes on
    do(state, "stop")
    do(state, "attack", "Whirlwind Hook")  # Attack 2
    do(state, "block", "Still Pond Guard")  # DEF 4 >= ATK 4: P2 counters
    do(state, "attack", "Crane Beak Tap")  # P1 has no DEF card: 2 damage
    assert public(state)["life"] == [0, 3]
    assert state["result"] == {"winners": [1], "draw": False, "reason": "P1's life reached 0"}
    assert state["pending"] is None
    assert view(state, 0)["result"]["winners"] == [1]


def test_MA_12_2_the_game_ends_at_once_in_the_middle_of_a_combo() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "life": [15, 5]},
    )
    jab = cid(state, "hand:0", "Tiger Paw Jab")
    elbow = cid(state, "hand:0", "Rising Elbow")
    do(state, "attack", "Tiger Paw Jab")
    do(state, "take")
    do(state, "attack", "Rising Elbow")
    events = step(state, "take")  # 5 - 2 - 3 = 0
    assert public(state)["life"] == [15, 0]
    assert state["result"] == {"winners": [0], "draw": False, "reason": "P2's life reached 0"}
    # Nothing further resolves: the chain is not credited, the battle area is not cleared, no phase follows.
    assert public(state)["adr"] == [0, 0]
    assert state["zones"]["battle:0"] == [jab, elbow] and state["zones"]["discard:0"] == []
    assert public(state)["phase"] == "attack1"
    assert [e["t"] for e in events] == ["unblocked", "life", "end"]
    assert state["pending"] is None
    with pytest.raises(GameOver):
        apply(state, "stop")


def test_MA_12_2_the_game_ends_at_once_during_an_adr_effect() -> None:
    state = ma(
        {
            "hand:0": ["Hidden Vein Strike", "Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep", "life": [15, 4], "adr": [5, 0]},
    )
    assert who(state) == (0, "window", "prep")
    events = step(state, option_for(state, "adrenaline", "Hidden Vein Strike"))
    assert public(state)["life"] == [15, 0]
    assert state["result"]["winners"] == [0]
    assert [e["t"] for e in events][-2:] == ["life", "end"]
    assert not any(e["t"] == "phase" for e in events)  # P2's Prep window and Attack 1 never come
    assert public(state)["phase"] == "prep" and state["pending"] is None


def test_MA_12_3_every_loss_of_life_hits_one_player_and_no_game_ends_with_both_at_0() -> None:
    # DIRECT_DAMAGE with both players on 1 life hurts only the opponent.
    state = ma(
        {"hand:0": ["Hidden Vein Strike", "Tiger Paw Jab"], "hand:1": ["Crane Beak Tap"], "deck:0": FILLER},
        {"turn": 1, "attacker": 0, "phase": "attack1", "life": [1, 1], "adr": [5, 0]},
    )
    events = step(state, option_for(state, "adrenaline", "Hidden Vein Strike"))
    assert [e for e in events if e["t"] == "life"] == [{"t": "life", "seat": 1, "lost": 4, "life": 0}]
    assert public(state)["life"] == [1, 0] and state["result"]["winners"] == [0]
    # Seeded games: one player per life loss, and a finished game never has both players at 0.
    endings = 0
    for seed in range(20):
        game = new_game(GAME, 2, seed, {"event_mode": "per_game" if seed % 2 else "hand"})
        r = random.Random(seed)
        events = play_out(game, lambda s, r=r: r.choice(ids(s)))
        for e in events:
            if e["t"] == "life":
                assert e["seat"] in (0, 1) and e["lost"] > 0
        life = public(game)["life"]
        assert life != [0, 0]
        if 0 in life:
            endings += 1
            assert game["result"]["winners"] == [life.index(max(life))]
            assert game["result"]["draw"] is False
    assert endings >= 10


def test_MA_12_4_life_is_lost_only_to_attacks_and_effects_and_never_to_running_out_of_cards() -> None:
    # P1 has no cards at all and must draw 3: nothing happens to their life, and the game goes on.
    state = ma(
        {"hand:1": ["Crane Beak Tap", "Still Pond Guard"], "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "draw", "life": [1, 15]},
    )
    assert state["result"] is None and public(state)["life"] == [1, 15]
    quiet_until(state, 3, (1, "move", "attack1"))
    assert public(state)["life"] == [1, 15]
    # In seeded games, every loss of life directly follows an attack that was not fully blocked or an ADR card
    # with DIRECT_DAMAGE.
    for seed in range(12):
        game = new_game(GAME, 2, seed)
        r = random.Random(100 + seed)
        events = play_out(game, lambda s, r=r: r.choice(ids(s)))
        for i, e in enumerate(events):
            if e["t"] != "life":
                continue
            cause = events[i - 1]
            assert cause["t"] in ("unblocked", "partial_block") or (
                cause["t"] == "adr" and cause["effect"] == "DIRECT_DAMAGE"
            ), (seed, cause)


STALL = "stall: both decks empty and two quiet turns"


@pytest.mark.parametrize(
    ("played", "life", "result"),
    [
        ([False, False], [9, 12], {"winners": [1], "draw": False, "reason": STALL}),
        ([False, False], [13, 4], {"winners": [0], "draw": False, "reason": STALL}),
        ([True, False], [9, 12], None),  # a card was played this turn
        ([False, True], [9, 12], None),  # a card was played the turn before
    ],
)
def test_MA_12_5_stall_ends_the_game_after_two_quiet_turns_with_both_decks_empty(
    played: list[bool], life: list[int], result: dict[str, Any] | None
) -> None:
    state = ma(
        {"hand:0": ["Forearm Wall", "Tiger Paw Jab"], "hand:1": ["Still Pond Guard", "Crane Beak Tap"]},
        {"turn": 4, "attacker": 0, "phase": "end", "life": life, "played": played},
    )
    assert state["result"] == result
    if result is None:
        # Turn 5 begins: both Prep windows are asked, then P2 attacks with the jab they hold.
        assert (state["turn"], *who(state)) == (5, 1, "window", "prep")
        do(state, "pass")
        do(state, "pass")
        assert (state["turn"], *who(state)) == (5, 1, "move", "attack1")


def test_MA_12_5_a_deck_with_cards_left_prevents_the_stall() -> None:
    state = ma(
        {
            "hand:0": ["Forearm Wall"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": ["Forearm Wall"],
        },
        {"turn": 4, "attacker": 0, "phase": "end", "life": [9, 12]},
    )
    assert state["result"] is None and state["turn"] == 5


@pytest.mark.parametrize("card", ["attack", "adr"])
def test_MA_12_5_playing_a_card_keeps_the_game_going_for_two_more_turn_ends(card: str) -> None:
    # Both decks are empty. P1 plays their last card on turn 4; turn 4 and turn 5 end with the game going on,
    # and turn 6 is the second quiet turn in a row.
    hand = ["Tiger Paw Jab"] if card == "attack" else ["Steady Breathing"]
    state = ma(
        {"hand:0": hand}, {"turn": 4, "attacker": 0, "phase": "attack1", "adr": [2, 0], "life": [10, 15]}
    )
    assert who(state) == (0, "move", "attack1")
    events = step(state, ids(state)[0])
    marks = turn_marks(events)
    assert "turn 5" in marks and "turn 6" in marks and "turn 7" not in marks
    assert marks[-1] == "end"
    life = [10, 13] if card == "attack" else [13, 15]
    assert public(state)["life"] == life
    assert state["result"] == {"winners": [life.index(max(life))], "draw": False, "reason": STALL}


def test_MA_12_6_a_draw_happens_only_through_the_stall_rule() -> None:
    state = ma(
        {"hand:0": ["Forearm Wall"], "hand:1": ["Still Pond Guard"]},
        {"turn": 4, "attacker": 0, "phase": "end", "life": [7, 7]},
    )
    assert state["result"] == {
        "winners": [],
        "draw": True,
        "reason": "stall: both decks empty and two quiet turns, equal life",
    }
    assert {"t": "end", "winners": [], "reason": state["result"]["reason"]} in state["events"]
    # Equal life without the stall conditions is no draw: the game simply goes on.
    state = ma(
        {"hand:0": ["Forearm Wall"], "hand:1": ["Still Pond Guard", "Crane Beak Tap"], "deck:1": FILLER},
        {"turn": 4, "attacker": 0, "phase": "end", "life": [7, 7]},
    )
    assert state["result"] is None


# --------------------------------------------------------------------------- section 13: options


def test_MA_13_1_event_mode_is_hand_by_default_or_per_game() -> None:
    spec = {s.name: s for s in get_game(GAME).option_specs}["event_mode"]
    assert spec.default == "hand" and spec.choices == ("hand", "per_game")
    hand = new_game(GAME, 2, 3, {"starting_player": "P1"})
    assert hand["options"]["event_mode"] == "hand"
    events_held = [
        state_name
        for seat in (0, 1)
        for zone in ("deck", "hand")
        for state_name in names(hand, f"{zone}:{seat}")
        if state_name in EVENT_NAMES
    ]
    assert sorted(events_held) == sorted(EVENT_NAMES)  # option A: the events are ordinary cards in the decks
    assert hand["zones"]["event_slot"] == [] and hand["zones"]["event_deck"] == []
    per_game = new_game(GAME, 2, 3, {"event_mode": "per_game", "starting_player": "P1"})
    assert per_game["options"]["event_mode"] == "per_game"
    assert len(per_game["zones"]["event_slot"]) == 1
    for bad in ("sideboard", "A", "", "per-game"):
        with pytest.raises(OptionError, match="event_mode"):
            new_game(GAME, 2, 3, {"event_mode": bad})


def test_MA_13_2_option_b_deals_one_random_event_face_up_into_the_slot() -> None:
    dealt = set()
    for seed in range(16):
        state = new_game(GAME, 2, seed, {"event_mode": "per_game", "starting_player": "P2"})
        slot = state["zones"]["event_slot"]
        assert len(slot) == 1
        name = state["cards"][slot[0]]
        for seat in (0, 1, None):
            seen = view(state, seat)
            assert seen["zones"]["event_slot"] == [[slot[0], name]]
            assert seen["public"]["active_event"] == name
        again = new_game(GAME, 2, seed, {"event_mode": "per_game", "starting_player": "P2"})
        assert names(again, "event_slot") == [name]
        dealt.add(name)
    assert len(dealt) >= 3


def test_MA_13_3_the_event_deck_holds_one_of_each_event_or_the_users_list() -> None:
    state = new_game(GAME, 2, 1, {"event_mode": "per_game", "starting_player": "P1"})
    assert sorted(names(state, "event_slot") + names(state, "event_deck")) == sorted(EVENT_NAMES)
    assert sorted(c.name for c in CARDS.events()) == sorted(EVENT_NAMES)
    chosen = new_game(
        GAME,
        2,
        1,
        {"event_mode": "per_game", "event_deck": "Torrential Rain, Dawn Training", "starting_player": "P1"},
    )
    assert sorted(names(chosen, "event_slot") + names(chosen, "event_deck")) == [
        "Dawn Training",
        "Torrential Rain",
    ]
    single = new_game(
        GAME, 2, 1, {"event_mode": "per_game", "event_deck": "Scorching Noon", "starting_player": "P1"}
    )
    assert names(single, "event_slot") == ["Scorching Noon"] and single["zones"]["event_deck"] == []
    for bad in ("Tiger Paw Jab", "Roaring Crowd, Steady Breathing", "Blizzard", ",", " , "):
        with pytest.raises(OptionError, match="MA-13.3"):
            new_game(GAME, 2, 1, {"event_mode": "per_game", "event_deck": bad})


def test_MA_13_4_option_b_never_plays_events_from_hand_and_its_windows_offer_only_adr() -> None:
    state = new_game(GAME, 2, 2, {"event_mode": "per_game", "starting_player": "P1"})
    for seat in (0, 1):
        held = names(state, f"deck:{seat}") + names(state, f"hand:{seat}")
        assert not set(held) & set(EVENT_NAMES)  # set aside at setup
    for phase, after in (("prep", (1, "window", "prep")), ("resolve", (1, "window", "resolve"))):
        state = ma(
            {
                "hand:0": ["Scorching Noon", "Roaring Focus", "Tiger Paw Jab"],
                "hand:1": ["Dawn Training", "Steady Breathing", "Crane Beak Tap"],
                "deck:0": FILLER,
                "deck:1": FILLER,
                "event_slot": ["Roaring Crowd"],
            },
            {"turn": 1, "attacker": 0, "phase": phase, "adr": [1, 2]},
            {"event_mode": "per_game"},
        )
        assert who(state) == (0, "window", phase)
        assert ids(state) == [option_id("adrenaline", "Roaring Focus"), "pass"]
        refuse(state, option_id("event", "Scorching Noon"))
        do(state, "pass")
        assert who(state) == after
        assert ids(state) == [option_id("adrenaline", "Steady Breathing"), "pass"]
        refuse(state, option_id("event", "Dawn Training"))
        assert names(state, "event_slot") == ["Roaring Crowd"]


def test_MA_13_5_the_dealt_event_applies_from_turn_1_and_stays_all_game() -> None:
    state = new_game(
        GAME, 2, 4, {"event_mode": "per_game", "event_deck": "Torrential Rain", "starting_player": "P2"}
    )
    rain = list(state["zones"]["event_slot"])
    assert names(state, "event_slot") == ["Torrential Rain"]
    # Turn 1's Prep phase already applies TURN_START_DISCARD 1 to each player: P2 first.
    assert (state["turn"], *who(state)) == (1, 1, "discard", "prep")
    assert len(state["zones"]["hand:1"]) == 7
    apply(state, ids(state)[0])
    assert len(state["zones"]["hand:1"]) == 6
    r = random.Random(4)
    turns = set()
    while state["result"] is None:
        assert state["zones"]["event_slot"] == rain
        if state["pending"]["kind"] == "window":
            assert "event" not in verbs(state)
        turns.add(state["turn"])
        apply(state, r.choice(ids(state)))
    assert state["zones"]["event_slot"] == rain
    assert len(turns) >= 2  # the event was checked over more than one turn
    # With the default event deck (three events still face down), the dealt event stays in the slot as well.
    for seed in range(6):
        state = new_game(GAME, 2, seed, {"event_mode": "per_game"})
        resolve_chance(state)
        dealt = list(state["zones"]["event_slot"])
        r = random.Random(seed)
        events = play_out(state, lambda s, r=r: r.choice(ids(s)))
        turn1 = [e["t"] for e in events].index("turn")
        assert [e["cause"] for e in events[:turn1] if e["t"] == "move" and e["to"] == "event_slot"] == [
            "deal_event"
        ]
        for event in events[turn1:]:
            assert not (event["t"] == "move" and "event_slot" in (event["from"], event["to"])), event
        assert state["zones"]["event_slot"] == dealt and len(state["zones"]["event_deck"]) == 3


def test_MA_13_6_starting_player_is_random_by_default_or_the_named_player() -> None:
    spec = {s.name: s for s in get_game(GAME).option_specs}["starting_player"]
    assert spec.default == "random"
    state = new_game(GAME, 2, 5)
    assert state["pending"]["seat"] == CHANCE and ids(state) == [option_id("start", 0), option_id("start", 1)]
    for name, seat in (("P1", 0), ("P2", 1)):
        for seed in range(4):
            state = new_game(GAME, 2, seed, {"starting_player": name})
            assert state["pending"]["seat"] != CHANCE
            assert (starting_seat(state), public(state)["attacker"], state["turn"]) == (seat, seat, 1)
    for bad in ("P3", "dealer", "p1", ""):
        with pytest.raises(OptionError, match="starting_player"):
            new_game(GAME, 2, 0, {"starting_player": bad})
