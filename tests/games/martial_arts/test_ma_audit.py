"""Martial Arts: scenario tests from the rules audit, each named after the rule it pins down.

Card numbers used below (from the packaged ``cards.toml``), CPT/ATK/DEF/LNK with "-" for blank:

    Tiger Paw Jab 1/2/-/1      Rising Elbow 2/3/-/2      Whirlwind Hook 2/4/-/3     Tiger Fang Palm 4/7/-/-
    Crane Beak Tap 1/2/-/1     Wing Flick 0/2/-/0        Gliding Palm 2/3/-/2
    Still Pond Guard -/-/4/-   Feather Brush-Off -/-/2/-  Crane Wing Shelter -/-/7/-
    Glare of the Predator (ADR 3, FORCE_DISCARD 2)     Torrential Rain (TURN_START_DISCARD 1 each)
"""

from __future__ import annotations

import re
from typing import Any

from tests.support.martial_arts import attack_names, do, pending, public
from tests.support.scenario import build, ids, names

from cardsmith.core import get_game, view
from cardsmith.core.actions import option_id

GAME = "martial-arts"
TIGER_FILL = ["Glancing Parry"] * 6
CRANE_FILL = ["Feather Brush-Off"] * 6


def ma(zones: dict[str, list[str]], **setup: Any) -> dict[str, Any]:
    return build(GAME, zones, setup or None)


def _seen_by(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What ``seat`` sees of the pending decision, the public data and every zone."""
    seen = view(state, seat)
    return {"pending": seen["pending"], "public": seen["public"], "zones": seen["zones"]}


# --------------------------------------------------------------------------- MA-4.11, MA-9.11, MA-10.17


def _glare_against(hand1: list[str]) -> dict[str, Any]:
    """P1 plays FORCE_DISCARD 2 in their Prep window against a three-card hand."""
    s = ma(
        {
            "hand:0": ["Glare of the Predator", "Tiger Paw Jab"],
            "hand:1": hand1,
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        adr=[3, 0],
    )
    do(s, "adrenaline", "Glare of the Predator")
    return s


def test_MA_4_11_a_forced_discard_from_copies_of_one_card_is_still_asked() -> None:
    # MA-4.11 lets the engine decide only a forced stop, pass or take. A discard is the owner's choice (MA-9.11),
    # even when every card in hand is a copy of the same card: the engine must not make it for them.
    s = _glare_against(["Still Pond Guard", "Still Pond Guard", "Still Pond Guard"])
    assert pending(s) == (1, "discard")
    assert ids(s) == [option_id("discard", "Still Pond Guard")]
    assert s["pending"]["prompt"] == "P2: discard a card (2 to go)"
    do(s, "discard", "Still Pond Guard")
    assert pending(s) == (1, "discard")
    assert s["pending"]["prompt"] == "P2: discard a card (1 to go)"
    do(s, "discard", "Still Pond Guard")
    assert names(s, "hand:1") == ["Still Pond Guard"]
    assert names(s, "discard:1") == ["Still Pond Guard", "Still Pond Guard"]
    # P1's Prep window returns (MA-4.7): the pool is spent, so "pass" is all it offers, and it is asked (MA-4.11).
    assert pending(s) == (0, "window") and ids(s) == ["pass"]


def test_MA_4_11_the_opponent_cannot_tell_copies_from_a_forced_discard() -> None:
    # Hands are hidden (MA-1.16). If the engine skipped the decision for a hand of copies, P1 would learn from the
    # flow of the game alone that P2's remaining card is another Still Pond Guard.
    copies = _glare_against(["Still Pond Guard", "Still Pond Guard", "Still Pond Guard"])
    mixed = _glare_against(["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"])  # same card ids
    assert _seen_by(copies, 0) == _seen_by(mixed, 0)
    # Both discard a Still Pond Guard first: P1 still sees the same game.
    do(copies, "discard", "Still Pond Guard")
    do(mixed, "discard", "Still Pond Guard")
    assert _seen_by(copies, 0) == _seen_by(mixed, 0)


def test_MA_10_17_an_event_discard_from_copies_is_the_owners_choice() -> None:
    # Torrential Rain: each player discards 1 at the start of Prep. P2 holds two copies of one card and is asked.
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Gliding Palm", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
            "event_slot": ["Torrential Rain@0"],
        },
    )
    assert pending(s) == (0, "discard")
    do(s, "discard", "Rising Elbow")
    assert pending(s) == (1, "discard") and public(s)["phase"] == "prep"
    do(s, "discard", "Gliding Palm")
    assert names(s, "hand:1") == ["Gliding Palm"] and names(s, "discard:1") == ["Gliding Palm"]


# --------------------------------------------------------------------------- MA-5.5, MA-8.5: the guide's example


def test_MA_8_5_the_player_guides_worked_example_plays_as_written() -> None:
    s = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Tiger Fang Palm", "Rising Elbow"],
            "hand:1": ["Feather Brush-Off", "Crane Wing Shelter", "Wing Flick", "Gliding Palm"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
    )
    do(s, "attack", "Tiger Paw Jab")
    do(s, "take")
    assert public(s)["life"] == [15, 13]
    do(s, "attack", "Rising Elbow")
    do(s, "block", "Feather Brush-Off")
    assert public(s)["life"] == [15, 12]
    do(s, "attack", "Whirlwind Hook")
    do(s, "take")
    assert public(s)["life"] == [15, 8]
    assert attack_names(s) == {"Tiger Fang Palm"}  # the second Rising Elbow (CPT 2) does not link to LNK 3
    do(s, "attack", "Tiger Fang Palm")
    do(s, "block", "Crane Wing Shelter")
    assert public(s)["life"] == [15, 8] and public(s)["adr"] == [2, 0]
    cleared = len(s["zones"]["discard:0"]) + len(s["zones"]["discard:1"])
    assert cleared == 6 and s["zones"]["battle:0"] == [] and s["zones"]["battle:1"] == []
    assert pending(s) == (1, "move")
    assert attack_names(s) == {"Wing Flick", "Gliding Palm"}
    do(s, "attack", "Wing Flick")
    assert pending(s) == (0, "response") and ids(s) == ["take"]  # P1 holds no DEF card, and is asked
    do(s, "take")
    assert "Gliding Palm" in attack_names(s)
    # The guide tells the same story with the same numbers.
    guide = get_game(GAME).rules_guide()
    example = guide[guide.index("### Worked example") : guide.index("## Blocking and damage")]
    for text in ("15 → 13", "→ 12", "12 → 8", "P1 earns 2 ADR", "Wing Flick", "Gliding Palm"):
        assert text in example
    words = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
    said = re.search(r"All (\w+) cards go to their owners' discard piles", example)
    assert said is not None and words[said.group(1)] == cleared


# --------------------------------------------------------------------------- MA-6.14


def test_MA_6_14_damage_beyond_0_life_is_not_told_as_life_lost() -> None:
    # P2 has 2 life and takes Tiger Fang Palm (ATK 7) unblocked: life stops at 0, and the words for the event
    # must not claim that 7 life was lost.
    s = ma(
        {
            "hand:0": ["Tiger Fang Palm"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": TIGER_FILL,
            "deck:1": CRANE_FILL,
        },
        phase="attack1",
        life=[15, 2],
    )
    do(s, "attack", "Tiger Fang Palm")
    do(s, "take")
    assert public(s)["life"] == [15, 0] and s["result"]["winners"] == [0]
    game = get_game(GAME)
    (life_event,) = [e for e in s["events"] if e["t"] == "life"]
    for seat in (0, 1, None):
        line = game.describe_event(life_event, seat)
        assert line is not None and "0 life left" in line
        assert "loses 7 life" not in line


def test_MA_2_10_a_shuffled_deck_gives_its_card_ids_no_meaning():
    """The sample deck lists are public, so card ids are dealt at random when the decks are shuffled: an id seen
    when a card is played says nothing about which other ids are copies of it."""
    from collections import Counter

    from cardsmith.core import new_game

    tiger = get_game(GAME).cards.deck("tiger").cards
    firsts = set()
    for seed in range(10):
        state = new_game(GAME, 2, seed, {"starting_player": "P1"})
        assert Counter(state["cards"][: len(tiger)]) == Counter(tiger)
        firsts.add(tuple(state["cards"][:5]))
    assert len(firsts) > 5
