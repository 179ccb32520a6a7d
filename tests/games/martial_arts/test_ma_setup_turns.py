"""Martial Arts: scenario tests for rules sections 1 to 4 (components, setup, turn structure, decisions).

Every position is built from a scenario with a fixed deck order (lists are written top card first) or from a
seeded new game, and every card number used below comes from the packaged ``cards.toml``:

    Tiger Paw Jab         CPT 1  ATK 2  DEF -  LNK 1      Crane Beak Tap      CPT 1  ATK 2  DEF -  LNK 1
    Pouncing Knee         CPT 0  ATK 3  DEF -  LNK 1      Gliding Palm        CPT 2  ATK 3  DEF -  LNK 2
    Rising Elbow          CPT 2  ATK 3  DEF -  LNK 2      Heron Step Strike   CPT 2  ATK 3  DEF -  LNK 3
    Whirlwind Hook        CPT 2  ATK 4  DEF -  LNK 3      Deflecting Wing     CPT 1  ATK 2  DEF 4  LNK 2
    Tiger Fang Palm       CPT 4  ATK 7  DEF -  LNK -      Still Pond Guard    DEF 4 (pure defense)
    Ambush Lunge          CPT -  ATK 4  DEF -  LNK 2      Crane Wing Shelter  DEF 7 (pure defense)
    Striped Shoulder Check CPT 1 ATK 3  DEF 3  LNK 2      Feather Brush-Off   DEF 2 (pure defense)
    Forearm Wall          DEF 3 (pure defense)

    Roaring Focus (ADR 1, BOOST_NEXT_ATK 2)      Hidden Vein Strike (ADR 5, DIRECT_DAMAGE 4)
    Steady Breathing (ADR 2, GAIN_LIFE 3)        Parting the Reeds (ADR 2, REDUCE_PENDING_ATK 3)
    Rooted Stance (ADR 1, BOOST_NEXT_DEF 2)      Still Water Meditation (ADR 3, DRAW 3)
    Glare of the Predator (ADR 3, FORCE_DISCARD 2)

    Roaring Crowd (ATK_MOD +1)   Scorching Noon (TURN_END_DISCARD 1 attacker; DEF_MOD -1)
    Torrential Rain (TURN_START_DISCARD 1 each)   Dawn Training (EXTRA_DRAW 1 defender)
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from tests.support.martial_arts import (
    action_of,
    cid,
    do,
    has_option,
    option_for,
    public,
    starting_seat,
    verbs,
)
from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import (
    CHANCE,
    DeckError,
    GameOver,
    IllegalAction,
    ScenarioError,
    SeatCountError,
    apply,
    new_game,
    resolve_chance,
    rng,
    state_hash,
    view,
)
from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.martial_arts import MartialArts
from cardsmith.games.martial_arts.cards import Deck, MoveCard, load_card_set, parse_card_set
from cardsmith.games.martial_arts.text import describe_card

GAME = "martial-arts"
CARDS = load_card_set()
TIGER = list(CARDS.decks["tiger"].cards)
CRANE = list(CARDS.decks["crane"].cards)
EVENT_NAMES = {"Roaring Crowd", "Scorching Noon", "Torrential Rain", "Dawn Training"}

# Filler for decks that must not run dry but whose cards never matter (pure defense: never attack, never cost).
FILLER = ["Forearm Wall"] * 6


# --------------------------------------------------------------------------- helpers


def ma(
    zones: dict[str, list[str]],
    setup: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    return build(GAME, zones, setup, options, seed=seed)


def refuse(state: dict[str, Any], option_id: Any) -> None:
    """The option is not legal now, and applying it changes nothing."""
    assert option_id not in ids(state)
    pending = copy.deepcopy(state["pending"])
    assert unchanged_after_refusal(state, option_id)
    assert state["pending"] == pending


def who(state: dict[str, Any]) -> tuple[int, str, str]:
    """(deciding seat, decision kind, phase) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"], public(state)["phase"]


def step(state: dict[str, Any], option_id: str) -> list[dict[str, Any]]:
    """Apply an option; the events it caused."""
    apply(state, option_id)
    return list(state["events"])


def quiet_option(state: dict[str, Any]) -> str:
    """Never play a card: pass, stop or take; discard the first offered card when forced to discard."""
    legal = ids(state)
    for oid in ("pass", "stop", "take"):
        if oid in legal:
            return oid
    assert verbs(state) == {"discard"}, legal
    return legal[0]


def play_out(state: dict[str, Any], choose: Any, limit: int = 3000) -> list[dict[str, Any]]:
    """Play until the game ends; every event from the current one on (chance resolved by the seeded RNG)."""
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


def forced_until(state: dict[str, Any], turn: int, decision: tuple[int, str, str]) -> list[dict[str, Any]]:
    """Answer decisions whose only option is "pass" or "stop" until ``decision`` on ``turn``; the events on the way.

    Such decisions are asked all the same when the hand holds cards (MA-4.11): only what everyone can see decides.
    """
    events = list(state["events"])
    for _ in range(60):
        if state["turn"] == turn and who(state) == decision:
            return events
        assert ids(state) in (["pass"], ["stop"]), ids(state)
        apply(state, ids(state)[0])
        events += state["events"]
    raise AssertionError(f"no {decision} on turn {turn}")


def draws(events: list[dict[str, Any]]) -> list[str]:
    """The zones that cards were drawn into, in order."""
    return [e["to"] for e in events if e["t"] == "move" and e.get("cause") == "draw"]


def flow(events: list[dict[str, Any]]) -> list[str]:
    """Turn starts, phases and draws, in order ("turn 2", "draw hand:1", "prep", ...)."""
    out = []
    for e in events:
        if e["t"] == "turn":
            out.append(f"turn {e['turn']}")
        elif e["t"] == "phase":
            out.append(e["phase"])
        elif e["t"] == "move" and e.get("cause") == "draw":
            out.append(f"draw {e['to']}")
    return out


# --------------------------------------------------------------------------- section 1: components


@pytest.mark.parametrize("players", [0, 1, 3, 4])
def test_MA_1_1_the_game_refuses_any_number_of_players_but_two(players: int) -> None:
    with pytest.raises(SeatCountError, match="exactly 2 players"):
        new_game(GAME, players, 0)
    with pytest.raises(ScenarioError, match="exactly 2 players"):
        build(GAME, {"hand:0": ["Tiger Paw Jab"]}, players=players)
    state = new_game(GAME, 2, 0)
    assert state["players"] == 2 and state["pending"] is not None


def test_MA_1_2_cards_stay_in_their_owners_zones_and_a_replaced_event_goes_home() -> None:
    # The active event belongs to P2; P1 replaces it with their own event.
    state = ma(
        {
            "hand:0": ["Scorching Noon", "Tiger Paw Jab", "Tiger Paw Jab"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
            "event_slot": ["Roaring Crowd@1"],
        },
        {"turn": 1, "attacker": 0, "phase": "prep"},
    )
    noon = cid(state, "hand:0", "Scorching Noon")
    crowd = state["zones"]["event_slot"][0]
    assert state["owner"][crowd] == 1
    do(state, "event", "Scorching Noon")
    assert state["zones"]["event_slot"] == [noon]
    assert crowd in state["zones"]["discard:1"]  # the owner's pile, not the player's who replaced it
    assert crowd not in state["zones"]["discard:0"]
    forced_until(state, 1, (0, "move", "attack1"))  # both windows have only "pass" left, and are asked
    # Attack 1: P1's jab is fully blocked; both cards go to their owners' discard piles.
    jab = min(c for c in state["zones"]["hand:0"] if state["cards"][c] == "Tiger Paw Jab")
    do(state, "attack", "Tiger Paw Jab")  # the lowest-numbered copy in hand is the one played
    assert state["zones"]["battle:0"] == [jab]
    guard = cid(state, "hand:1", "Still Pond Guard")
    do(state, "block", "Still Pond Guard")
    assert jab in state["zones"]["discard:0"] and guard in state["zones"]["discard:1"]
    assert state["zones"]["battle:0"] == [] and state["zones"]["battle:1"] == []
    for card, owner in ((noon, 0), (jab, 0), (guard, 1), (crowd, 1)):
        assert state["owner"][card] == owner


def _owner_of_zone(zone: str) -> int | None:
    head, _, seat = zone.partition(":")
    return int(seat) if seat else None


@pytest.mark.parametrize("mode", ["hand", "per_game"])
def test_MA_1_2_no_card_ever_leaves_its_owners_zones_in_seeded_games(mode: str) -> None:
    moves = 0
    for seed in range(12):
        state = new_game(GAME, 2, seed, {"event_mode": mode})
        r = random.Random(seed)
        for event in play_out(state, lambda s, r=r: r.choice(ids(s))):
            if event["t"] != "move":
                continue
            moves += 1
            owner = state["owner"][event["card"]]
            for zone in (event["from"], event["to"]):
                if zone in ("event_slot", "event_deck"):
                    continue
                assert _owner_of_zone(zone) == owner, (seed, event)
    assert moves > 500


def test_MA_1_7_def_is_a_single_attribute_used_against_atk() -> None:
    # Card data knows one Defense Number, "def"; the seed's symbols are not separate attributes.
    for symbol in ("°", "~"):
        raw = {"name": "Odd Guard", "type": "move", "style": "T", "cpt": 1, "atk": 2, "def": 3, "lnk": 1}
        raw[symbol] = 3
        with pytest.raises(CardDataError, match=f"unknown field '{symbol}'"):
            parse_card_set({"card": [raw]})
    guard = CARDS.get("Still Pond Guard")
    assert isinstance(guard, MoveCard) and guard.dfn == 4
    assert "DEF 4" in describe_card(guard)
    # That one DEF is what meets ATK: Whirlwind Hook (ATK 4) against Still Pond Guard (DEF 4) is stopped.
    state = ma(
        {"hand:0": ["Whirlwind Hook"], "hand:1": ["Still Pond Guard", "Crane Beak Tap"], "deck:0": FILLER},
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    do(state, "attack", "Whirlwind Hook")
    events = step(state, option_for(state, "block", "Still Pond Guard"))
    assert [e for e in events if e["t"] == "blocked"] == [{"t": "blocked", "seat": 1, "atk": 4, "def": 4}]
    assert public(state)["life"] == [15, 15]


def test_MA_1_8_only_atk_cards_attack_and_only_def_cards_block() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert ids(state) == [
        option_id("attack", "Tiger Paw Jab"),
        "stop",
    ]  # the DEF-only Forearm Wall cannot attack
    refuse(state, option_id("attack", "Forearm Wall"))
    do(state, "attack", "Tiger Paw Jab")
    assert who(state)[:2] == (1, "response")
    # the DEF-less Crane Beak Tap cannot block
    assert ids(state) == [option_id("block", "Still Pond Guard"), "take"]
    refuse(state, option_id("block", "Crane Beak Tap"))
    do(state, "block", "Still Pond Guard")  # DEF 4 >= ATK 2: P2 may counter
    assert ids(state) == [option_id("attack", "Crane Beak Tap"), "stop"]
    do(state, "attack", "Crane Beak Tap")
    assert who(state)[:2] == (0, "response")
    assert names(state, "hand:0").count("Tiger Paw Jab") == 1
    assert ids(state) == [option_id("block", "Forearm Wall"), "take"]  # P1's second jab has no DEF
    refuse(state, option_id("block", "Tiger Paw Jab"))


def test_MA_1_9_a_hybrid_fills_one_role_each_time_it_is_played() -> None:
    state = ma(
        {
            "hand:0": ["Striped Shoulder Check", "Striped Shoulder Check", "Tiger Paw Jab"],
            "hand:1": ["Crane Wing Shelter", "Gliding Palm"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    first, second = [c for c in state["zones"]["hand:0"] if state["cards"][c] == "Striped Shoulder Check"]
    assert option_id("attack", "Striped Shoulder Check") in ids(state)
    # Played at a move decision, it is an attack card and nothing else (the lowest-numbered copy goes).
    events = step(state, option_id("attack", "Striped Shoulder Check"))
    played, kept = min(first, second), max(first, second)
    assert [(e["card"], e["cause"]) for e in events if e["t"] == "move"] == [(played, "attack")]
    assert state["zones"]["battle:0"] == [played]
    assert who(state)[:2] == (1, "response")
    assert public(state)["sequence"]["waiting_attack"] == "Striped Shoulder Check"
    do(state, "block", "Crane Wing Shelter")  # DEF 7 stops it
    assert played in state["zones"]["discard:0"]
    do(state, "attack", "Gliding Palm")  # P2 counters with ATK 3
    # Played at a response window, the other copy is a block card; the one already used is gone.
    assert who(state)[:2] == (0, "response")
    assert ids(state) == [option_id("block", "Striped Shoulder Check"), "take"]
    events = step(state, option_id("block", "Striped Shoulder Check"))
    assert [(e["card"], e["cause"]) for e in events if e["t"] == "move"][0] == (kept, "block")
    assert [e for e in events if e["t"] == "blocked"] == [{"t": "blocked", "seat": 0, "atk": 3, "def": 3}]
    assert public(state)["life"] == [15, 15]
    assert who(state)[:2] == (0, "move") and public(state)["sequence"]["striker"] == 0


def test_MA_1_11_an_adr_card_costs_exactly_its_printed_cost() -> None:
    focus, vein = CARDS.get("Roaring Focus"), CARDS.get("Hidden Vein Strike")
    assert (focus.cost, vein.cost) == (1, 5)
    assert describe_card(vein).startswith("Hidden Vein Strike [ADR 5]")
    state = ma(
        {
            "hand:0": ["Hidden Vein Strike", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [5, 0]},
    )
    vein = option_id("adrenaline", "Hidden Vein Strike")
    assert vein in ids(state)  # 5 ADR pays for the cost-5 card
    do(state, "adrenaline", "Roaring Focus")
    assert public(state)["adr"] == [4, 0]
    refuse(state, vein)  # 4 ADR no longer does


def test_MA_1_14_each_player_has_deck_hand_discard_and_battle_area() -> None:
    state = new_game(GAME, 2, 3, {"starting_player": "P1"})
    assert set(state["zones"]) == {
        *(f"{kind}:{seat}" for kind in ("deck", "hand", "discard", "battle") for seat in (0, 1)),
        "event_slot",
        "event_deck",
    }
    for seat in (0, 1):
        mine = {c for k in ("deck", "hand", "discard", "battle") for c in state["zones"][f"{k}:{seat}"]}
        assert mine == {c for c, owner in enumerate(state["owner"]) if owner == seat}
    assert len(state["zones"]["deck:0"]) + len(state["zones"]["hand:0"]) == len(TIGER)
    assert len(state["zones"]["deck:1"]) + len(state["zones"]["hand:1"]) == len(CRANE)


def test_MA_1_15_decks_are_face_down_but_their_size_is_public() -> None:
    state = new_game(GAME, 2, 3, {"starting_player": "P1"})
    for seat in (0, 1, None):
        seen = view(state, seat)["zones"]
        for deck in ("deck:0", "deck:1"):
            assert seen[deck] == [None] * len(state["zones"][deck])
    assert len(state["zones"]["deck:0"]) == len(TIGER) - 7
    # A card drawn from the deck is named only to the player who drew it.
    drawn = [e for e in state["events"] if e["t"] == "move" and e["from"] == "deck:0"]
    assert len(drawn) == 7
    mine = [e for e in view(state, 0)["events"] if e["t"] == "move" and e["from"] == "deck:0"]
    theirs = [e for e in view(state, 1)["events"] if e["t"] == "move" and e["from"] == "deck:0"]
    assert [e["name"] for e in mine] == [e["name"] for e in drawn] and None not in [e["name"] for e in mine]
    assert [e["name"] for e in theirs] == [None] * 7


def test_MA_1_16_only_the_owner_sees_a_hand_and_every_hand_size_is_public() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall", "Roaring Focus"],
            "hand:1": ["Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    hand0 = [[c, state["cards"][c]] for c in state["zones"]["hand:0"]]
    hand1 = [[c, state["cards"][c]] for c in state["zones"]["hand:1"]]
    assert view(state, 0)["zones"]["hand:0"] == hand0
    assert view(state, 1)["zones"]["hand:1"] == hand1
    assert view(state, 1)["zones"]["hand:0"] == [None, None, None]
    assert view(state, 0)["zones"]["hand:1"] == [None, None]
    assert view(state, None)["zones"]["hand:0"] == [None, None, None]
    # The waiting player does not see the deciding player's options (which would reveal the hand).
    assert "options" in view(state, 0)["pending"] and "options" not in view(state, 1)["pending"]


def test_MA_1_17_discard_piles_are_face_up_and_their_order_does_not_matter() -> None:
    pile = ["Tiger Fang Palm", "Rising Elbow", "Roaring Focus"]
    outcomes = []
    for order in (pile, pile[::-1]):
        state = ma(
            {
                "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
                "hand:1": ["Feather Brush-Off", "Crane Beak Tap"],
                "discard:0": order,
                "discard:1": ["Gliding Palm"],
                "deck:0": FILLER,
                "deck:1": FILLER,
            },
            {"turn": 1, "attacker": 0, "phase": "attack1"},
        )
        for seat in (0, 1, None):
            assert [e[1] for e in view(state, seat)["zones"]["discard:0"]] == names(state, "discard:0")
            assert [e[1] for e in view(state, seat)["zones"]["discard:1"]] == ["Gliding Palm"]
        legal = ids(state)  # an option names a card in hand by its name, so no card id shows in it
        do(state, "attack", "Tiger Paw Jab")
        do(state, "block", "Feather Brush-Off")  # DEF 2 vs ATK 2: stopped
        outcomes.append((legal, ids(state), public(state)["life"], public(state)["adr"]))
    assert outcomes[0] == outcomes[1]


def test_MA_1_18_attack_and_block_cards_lie_face_up_in_their_owners_battle_areas() -> None:
    state = ma(
        {
            "hand:0": ["Whirlwind Hook", "Stalking Sweep"],
            "hand:1": ["Feather Brush-Off", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    hook = cid(state, "hand:0", "Whirlwind Hook")
    do(state, "attack", "Whirlwind Hook")
    for seat in (0, 1, None):
        assert view(state, seat)["zones"]["battle:0"] == [[hook, "Whirlwind Hook"]]
    brush = cid(state, "hand:1", "Feather Brush-Off")
    do(state, "block", "Feather Brush-Off")  # DEF 2 < ATK 4: partial, the combo goes on
    assert who(state)[:2] == (0, "move")
    for seat in (0, 1, None):
        seen = view(state, seat)["zones"]
        assert seen["battle:0"] == [[hook, "Whirlwind Hook"]]
        assert seen["battle:1"] == [[brush, "Feather Brush-Off"]]


def test_MA_1_19_one_shared_event_slot_holds_at_most_one_event() -> None:
    with pytest.raises(ScenarioError, match="at most one Event card"):
        ma({"event_slot": ["Roaring Crowd@0", "Torrential Rain@1"], "hand:0": ["Tiger Paw Jab"]})
    state = ma(
        {
            "hand:0": ["Scorching Noon", "Tiger Paw Jab"],
            "hand:1": ["Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
            "event_slot": ["Roaring Crowd@1"],
        },
        {"turn": 1, "attacker": 0, "phase": "prep"},
    )
    assert "event_slot" in state["zones"] and "event_slot:0" not in state["zones"]
    for seat in (0, 1, None):
        assert [e[1] for e in view(state, seat)["zones"]["event_slot"]] == ["Roaring Crowd"]
        assert view(state, seat)["public"]["active_event"] == "Roaring Crowd"
    do(state, "event", "Scorching Noon")
    assert names(state, "event_slot") == ["Scorching Noon"]
    for seat in (0, 1, None):
        assert view(state, seat)["public"]["active_event"] == "Scorching Noon"


def test_MA_1_20_the_option_b_event_deck_is_face_down_and_never_used() -> None:
    state = new_game(GAME, 2, 5, {"event_mode": "per_game", "starting_player": "P1"})
    rest = list(state["zones"]["event_deck"])
    assert (
        len(rest) == 3 and {state["cards"][c] for c in rest} | set(names(state, "event_slot")) == EVENT_NAMES
    )
    for seat in (0, 1, None):
        assert view(state, seat)["zones"]["event_deck"] == [None, None, None]
    r = random.Random(5)
    events = play_out(state, lambda s: r.choice(ids(s)))
    setup_done = next(i for i, e in enumerate(events) if e["t"] == "turn")
    assert all("event_deck" not in (e["from"], e["to"]) for e in events[setup_done:] if e["t"] == "move")
    assert state["zones"]["event_deck"] == rest


def test_MA_1_21_MA_1_22_life_totals_and_adr_pools_are_public_counters() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"],
            "hand:1": ["Crane Beak Tap", "Feather Brush-Off"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "life": [9, 12], "adr": [3, 1]},
    )
    for seat in (0, 1, None):
        public = view(state, seat)["public"]
        assert (public["life"], public["adr"]) == ([9, 12], [3, 1])
    do(state, "attack", "Tiger Paw Jab")
    do(state, "take")
    do(state, "attack", "Rising Elbow")  # LNK 1 -> CPT 2
    do(state, "take")
    do(state, "stop")  # two successful moves: one chain
    for seat in (0, 1, None):
        public = view(state, seat)["public"]
        assert (public["life"], public["adr"]) == ([9, 7], [4, 1])


def test_MA_1_23_playing_move_cards_costs_nothing_and_cpt_is_never_paid() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Stalking Sweep"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [1, 0]},
    )
    # CPT 1, 2 and 2 are playable with 1 ADR and never taken from the pool (or from life).
    for card in ("Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"):
        do(state, "attack", card)
        do(state, "take")  # P2 cannot block: each hit is taken
        assert public(state)["adr"] == [1, 0]
        assert public(state)["life"][0] == 15
    assert public(state)["life"] == [15, 15 - 2 - 3 - 4]
    assert has_option(state, "attack", "Stalking Sweep")  # CPT 3 > the 1 ADR in the pool
    do(state, "stop")  # 3 moves, 2 chains: only the chains change the pool
    assert public(state)["adr"] == [3, 0]


# --------------------------------------------------------------------------- section 2: setup


@pytest.mark.parametrize(
    "options", [{}, {"event_mode": "per_game"}, {"starting_player": "P2", "deck_p1": "crane"}]
)
def test_MA_2_7_MA_2_8_life_15_adr_0_no_boosts_and_an_empty_slot_in_option_a(options: dict[str, Any]) -> None:
    state = new_game(GAME, 2, 11, options)
    if state["pending"]["seat"] == CHANCE:
        resolve_chance(state)
    g = public(state)
    assert g["life"] == [15, 15]
    assert g["adr"] == [0, 0]
    assert g["boost_atk"] == [0, 0] and g["boost_def"] == [0, 0]
    slot = names(state, "event_slot")
    if options.get("event_mode") == "per_game":
        assert len(slot) == 1
    else:
        assert slot == []


def test_MA_2_9_the_starting_player_is_a_seeded_random_pick_unless_named() -> None:
    state = new_game(GAME, 2, 0)
    assert state["pending"]["seat"] == CHANCE
    assert state["pending"]["kind"] == "starting_player"
    assert ids(state) == [option_id("start", 0), option_id("start", 1)] and state["pending"]["weights"] == [
        1,
        1,
    ]
    assert state["turn"] == 0 and state["zones"]["hand:0"] == []  # nothing dealt before the pick
    starters = set()
    for seed in range(16):
        a, b = new_game(GAME, 2, seed), new_game(GAME, 2, seed)
        assert resolve_chance(a) == resolve_chance(b)  # the same seed picks the same player
        starters.add(starting_seat(a))
        assert public(a)["attacker"] == starting_seat(a)
    assert starters == {0, 1}
    named = new_game(GAME, 2, 0, {"starting_player": "P2"})
    assert named["pending"]["seat"] != CHANCE
    assert (starting_seat(named), public(named)["attacker"]) == (1, 1)


def _draw_order(state: dict[str, Any], seat: int) -> list[str]:
    """The seat's shuffled deck, top card first: the 7 drawn cards, then the rest of the deck."""
    z = state["zones"]
    return [state["cards"][c] for c in z[f"hand:{seat}"] + z[f"deck:{seat}"][::-1]]


def test_MA_2_10_each_deck_is_shuffled_with_the_seeded_rng() -> None:
    a = new_game(GAME, 2, 21, {"starting_player": "P1"})
    b = new_game(GAME, 2, 21, {"starting_player": "P1"})
    c = new_game(GAME, 2, 22, {"starting_player": "P1"})
    for seat, deck in ((0, TIGER), (1, CRANE)):
        order = _draw_order(a, seat)
        assert sorted(order) == sorted(deck)
        assert order not in (deck, deck[::-1])
        assert order == _draw_order(b, seat)
        assert order != _draw_order(c, seat)


@pytest.mark.parametrize(("mode", "sizes"), [("hand", (46, 47)), ("per_game", (44, 45))])
def test_MA_2_11_each_player_draws_an_opening_hand_of_7(mode: str, sizes: tuple[int, int]) -> None:
    state = new_game(GAME, 2, 8, {"event_mode": mode, "starting_player": "P2"})
    assert (len(TIGER), len(CRANE)) == (46, 47)
    for seat in (0, 1):
        assert len(state["zones"][f"hand:{seat}"]) == 7
        assert len(state["zones"][f"deck:{seat}"]) == sizes[seat] - 7
    assert sorted(draws(state["events"])) == ["hand:0"] * 7 + ["hand:1"] * 7


def test_MA_2_12_there_is_no_mulligan() -> None:
    for seed in range(8):
        state = new_game(GAME, 2, seed, {"starting_player": "P1"})
        dealt = {seat: list(state["zones"][f"hand:{seat}"]) for seat in (0, 1)}
        decks = {seat: list(state["zones"][f"deck:{seat}"]) for seat in (0, 1)}
        # The first decision is an ordinary turn-1 decision of the attacker: no redraw is offered.
        assert state["turn"] == 1 and state["pending"]["seat"] == 0
        assert verbs(state) <= {"event", "pass", "attack", "stop"}
        # Played quietly, turn 1 moves no card at all: no hand goes back, nothing is redrawn.
        moved = []
        while state["turn"] == 1:
            apply(state, quiet_option(state))
            if state["turn"] == 1:
                moved += [e for e in state["events"] if e["t"] == "move"]
        assert moved == []
        turn2 = [e["t"] for e in state["events"]].index("turn")
        assert [e for e in state["events"][:turn2] if e["t"] == "move"] == []
        for seat in (0, 1):
            assert set(dealt[seat]) <= set(state["zones"][f"hand:{seat}"])
            assert state["zones"][f"deck:{seat}"] == decks[seat][: len(state["zones"][f"deck:{seat}"])]


def test_MA_2_13_option_b_deals_one_event_face_up_before_turn_1() -> None:
    dealt = set()
    for seed in range(12):
        state = new_game(GAME, 2, seed, {"event_mode": "per_game", "starting_player": "P1"})
        again = new_game(GAME, 2, seed, {"event_mode": "per_game", "starting_player": "P1"})
        slot = names(state, "event_slot")
        assert len(slot) == 1 and slot == names(again, "event_slot")
        assert slot[0] not in names(state, "event_deck")
        kinds = [(e["t"], e.get("cause")) for e in state["events"]]
        assert kinds.index(("move", "deal_event")) < kinds.index(("turn", None))
        assert view(state, 1)["zones"]["event_slot"] == [[state["zones"]["event_slot"][0], slot[0]]]
        dealt.add(slot[0])
    assert len(dealt) >= 2  # the pick depends on the seed


def test_MA_2_14_setup_order_check_pick_shuffle_starter_first_deal_event_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seed in (1, 2, 3, 4):
        state = new_game(GAME, 2, seed, {"event_mode": "per_game"})
        assert state["pending"]["seat"] == CHANCE
        # Replay the documented RNG use on the undealt position, in the order the rule gives.
        mirror = {"rng": state["rng"]}
        start = rng.choice_index(mirror, [1, 1])
        other = 1 - start
        # A shuffle deals the deck's card names to its ids in a Fisher-Yates order (Game.shuffle_unseen).
        dealt = {}
        for seat in (start, other):
            ids = list(state["zones"][f"deck:{seat}"])
            listed = [state["cards"][i] for i in ids]
            order = list(range(len(ids)))
            rng.shuffle(mirror, order)
            dealt[seat] = [listed[k] for k in order]  # bottom first, the last one on top
        events = list(state["zones"]["event_deck"])
        pick = events[rng.below(mirror, len(events))]
        resolve_chance(state)
        assert starting_seat(state) == start
        assert state["zones"]["event_slot"] == [pick]
        for seat in (start, other):
            hand = [state["cards"][c] for c in state["zones"][f"hand:{seat}"]]
            deck = [state["cards"][c] for c in state["zones"][f"deck:{seat}"]]
            assert hand == dealt[seat][::-1][:7]
            assert deck == dealt[seat][:-7]
        # The starting player draws all 7 before the other player draws.
        assert draws(state["events"]) == [f"hand:{start}"] * 7 + [f"hand:{other}"] * 7
        kinds = [(e["t"], e.get("cause")) for e in state["events"]]
        assert kinds.index(("move", "deal_event")) < kinds.index(("move", "draw"))
    # The decks are checked first: an illegal deck stops setup before anything is picked or dealt.
    # (A fresh game object, so that no deck validated by an earlier test is reused.)
    game = MartialArts()
    short = Deck("tiger", "Tiger", "short", tuple(TIGER[:39]))
    monkeypatch.setitem(game.cards.decks, "tiger", short)
    with pytest.raises(DeckError, match=r"deck 'tiger' breaks MA-2\.1"):
        new_game(game, 2, 1)


def test_MA_2_15_the_starting_player_attacks_on_turn_1() -> None:
    for start, option in ((0, "P1"), (1, "P2")):
        state = new_game(GAME, 2, 4, {"starting_player": option})
        assert state["turn"] == 1
        assert (public(state)["attacker"], starting_seat(state)) == (start, start)
        assert [e for e in state["events"] if e["t"] == "turn"] == [
            {"t": "turn", "turn": 1, "attacker": start}
        ]
        assert state["pending"]["seat"] == start
    state = new_game(GAME, 2, 9)
    picked = resolve_chance(state)
    assert public(state)["attacker"] == action_of(picked).args[0]


# --------------------------------------------------------------------------- section 3: turn structure


def test_MA_3_1_MA_3_2_MA_3_4_turns_count_from_1_and_the_roles_swap_every_turn() -> None:
    for option, start in (("P1", 0), ("P2", 1)):
        state = new_game(GAME, 2, 6, {"starting_player": option})
        turns = [e for e in play_out(state, quiet_option) if e["t"] == "turn"]
        assert len(turns) >= 10  # nobody plays a card: the game runs until the stall rule ends it
        assert [e["turn"] for e in turns] == list(range(1, len(turns) + 1))
        for e in turns:
            assert e["attacker"] == (start if e["turn"] % 2 == 1 else 1 - start)


def test_MA_3_4_after_the_end_phase_the_defender_becomes_the_attacker() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 3, "attacker": 0, "phase": "end"},
    )
    assert state["turn"] == 4
    assert public(state)["attacker"] == 1
    forced_until(state, 4, (1, "move", "attack1"))  # the two Prep windows
    assert who(state) == (1, "move", "attack1")
    assert public(state)["sequence"]["striker"] == 1


def test_MA_3_3_a_turn_runs_draw_prep_attack1_attack2_resolve_end_in_order() -> None:
    # Turn 2, P2 attacking: nobody can play a card, so each decision up to P1's attack on turn 3 has a single
    # answer (the hands are hidden, so they are asked all the same).
    state = ma(
        {
            "deck:1": ["Still Pond Guard", "Crane Wing Shelter", "Feather Brush-Off", "Still Pond Guard"],
            "deck:0": ["Forearm Wall", "Glancing Parry", "Tiger Paw Jab", "Forearm Wall", "Forearm Wall"],
        },
        {"turn": 2, "attacker": 1, "phase": "draw"},
    )
    assert flow(forced_until(state, 3, (0, "move", "attack1"))) == [
        *(["draw hand:1"] * 3 + ["draw hand:0"] * 2),
        "prep",
        "attack1",
        "attack2",
        "resolve",
        "end",
        "turn 3",
        *(["draw hand:0"] * 3 + ["draw hand:1"] * 1),
        "prep",
        "attack1",
    ]
    assert who(state) == (0, "move", "attack1")


@pytest.mark.parametrize(
    ("setup", "needle"),
    [
        ({"life": [0, 15]}, "setup.life[0]"),
        ({"life": [15, 16]}, "setup.life[1]"),
        ({"life": [15]}, "setup.life"),
        ({"adr": [-1, 0]}, "setup.adr[0]"),
        ({"boost_atk": [0, 101]}, "setup.boost_atk[1]"),
        ({"played": [1, 0]}, "setup.played[0]"),
        ({"attacker": 2}, "setup.attacker"),
        ({"turn": 0}, "setup.turn"),
        ({"phase": "lunch"}, "setup.phase"),
        ({"lives": [3, 3]}, "lives"),
    ],
)
def test_MA_2_7_MA_3_1_scenario_setup_keys_are_checked(setup: dict[str, Any], needle: str) -> None:
    """A scenario's counters stay within the rules: life 1 to 15 (MA-2.7), two seats, a known phase and turn."""
    with pytest.raises(ScenarioError) as info:
        ma({"hand:0": ["Tiger Paw Jab"]}, setup)
    assert "[setup]" in str(info.value) and needle in str(info.value)


def test_MA_3_5_turn_1_has_no_draw_phase() -> None:
    with pytest.raises(ScenarioError, match="turn 1 has no Draw phase"):
        ma({"hand:0": ["Tiger Paw Jab"]}, {"turn": 1, "phase": "draw"})
    state = new_game(GAME, 2, 12, {"starting_player": "P1"})
    events = play_out(state, quiet_option)
    first = flow(events)
    turn1, turn2 = first.index("turn 1"), first.index("turn 2")
    assert first[:turn1] == ["draw hand:0"] * 7 + ["draw hand:1"] * 7  # the opening hands
    assert first[turn1:turn2] == ["turn 1", "prep", "attack1", "attack2", "resolve", "end"]  # no draws
    assert first[turn2 + 1 : turn2 + 6] == ["draw hand:1"] * 3 + ["draw hand:0"] * 2


def test_MA_3_6_MA_3_7_every_turn_after_the_first_draws_3_for_the_attacker_and_2_for_the_defender() -> None:
    state = new_game(GAME, 2, 13, {"starting_player": "P2"})
    marks = flow(play_out(state, quiet_option))
    starts = [i for i, m in enumerate(marks) if m.startswith("turn ")]
    checked = 0
    for i in starts[1:]:
        turn = int(marks[i].split()[1])
        attacker = 1 if turn % 2 == 1 else 0
        got = [m for m in marks[i + 1 : marks.index("prep", i)]]
        if len(got) < 5:  # a deck ran out (MA-11.5); covered elsewhere
            break
        assert got == [f"draw hand:{attacker}"] * 3 + [f"draw hand:{1 - attacker}"] * 2, marks[i]
        checked += 1
    assert checked >= 6


def test_MA_3_7_MA_3_8_attacker_draws_3_then_defender_draws_2() -> None:
    state = ma(
        {
            "deck:1": ["Crane Beak Tap", "Gliding Palm", "Heron Step Strike", "Crane Wing Shelter"],
            "deck:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook"],
        },
        {"turn": 2, "attacker": 1, "phase": "draw"},
    )
    assert sorted(names(state, "hand:1")) == ["Crane Beak Tap", "Gliding Palm", "Heron Step Strike"]
    assert names(state, "deck:1") == ["Crane Wing Shelter"]
    assert sorted(names(state, "hand:0")) == ["Rising Elbow", "Tiger Paw Jab"]
    assert names(state, "deck:0") == ["Whirlwind Hook"]
    assert draws(state["events"]) == ["hand:1"] * 3 + ["hand:0"] * 2
    assert who(state) == (1, "window", "prep")


def test_MA_3_9_extra_draw_adds_to_the_draws_of_the_players_it_names() -> None:
    # Dawn Training: EXTRA_DRAW 1 for the defender only.
    state = ma(
        {
            "deck:1": ["Crane Beak Tap", "Gliding Palm", "Heron Step Strike", "Crane Wing Shelter"],
            "deck:0": ["Tiger Paw Jab", "Rising Elbow", "Whirlwind Hook", "Forearm Wall"],
            "event_slot": ["Dawn Training@0"],
        },
        {"turn": 2, "attacker": 1, "phase": "draw"},
    )
    assert draws(state["events"]) == ["hand:1"] * 3 + ["hand:0"] * 3
    assert names(state, "deck:1") == ["Crane Wing Shelter"]  # the attacker drew no extra card
    assert names(state, "deck:0") == ["Forearm Wall"]


def test_MA_3_10_prep_begins_with_the_active_events_beginning_of_turn_clauses() -> None:
    # Torrential Rain: each player discards 1 at the beginning of the Prep phase, before any window.
    state = ma(
        {
            "hand:0": ["Scorching Noon", "Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm"],
            "deck:0": FILLER,
            "deck:1": FILLER,
            "event_slot": ["Torrential Rain@1"],
        },
        {"turn": 2, "attacker": 0, "phase": "prep"},
    )
    assert who(state) == (0, "discard", "prep")
    assert state["pending"]["prompt"] == "P1: discard a card (1 to go)"
    do(state, "discard", "Rising Elbow")
    assert who(state) == (1, "discard", "prep")
    do(state, "discard", "Gliding Palm")
    assert who(state) == (0, "window", "prep")  # only now the attacker's Prep window
    assert names(state, "discard:0") == ["Rising Elbow"] and names(state, "discard:1") == ["Gliding Palm"]


def test_MA_3_11_the_attacker_may_play_an_event_in_their_prep_window() -> None:
    state = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "hand:1": ["Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep"},
    )
    crowd = cid(state, "hand:0", "Roaring Crowd")
    assert who(state) == (0, "window", "prep")
    assert ids(state) == [option_id("event", "Roaring Crowd"), "pass"]
    do(state, "event", "Roaring Crowd")
    assert state["zones"]["event_slot"] == [crowd]
    forced_until(state, 1, (0, "move", "attack1"))  # both windows then hold only "pass", and are asked
    do(state, "attack", "Tiger Paw Jab")
    assert state["pending"]["prompt"] == "P2: block Tiger Paw Jab (ATK 3)?"  # ATK 2 + 1 from the event


def test_MA_3_12_the_defenders_prep_window_offers_adr_cards_and_nothing_else() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Torrential Rain", "Steady Breathing", "Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep", "adr": [0, 2], "life": [15, 10]},
    )
    # P1's own window only has "pass", and is asked all the same (MA-4.11).
    assert who(state) == (0, "window", "prep") and ids(state) == ["pass"]
    do(state, "pass")
    assert who(state) == (1, "window", "prep")
    assert ids(state) == [option_id("adrenaline", "Steady Breathing"), "pass"]
    for name, verb in (
        ("Torrential Rain", "event"),
        ("Crane Beak Tap", "attack"),
        ("Still Pond Guard", "block"),
    ):
        refuse(state, option_id(verb, name))
    do(state, "adrenaline", "Steady Breathing")
    assert public(state)["life"] == [15, 13] and public(state)["adr"] == [0, 0]


def test_MA_3_13_in_attack_1_the_attacker_makes_one_sequence() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Pouncing Knee"],
            "hand:1": ["Feather Brush-Off", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert who(state) == (0, "move", "attack1")
    assert public(state)["sequence"]["striker"] == 0
    do(state, "attack", "Tiger Paw Jab")
    do(state, "take")
    do(state, "stop")  # Rising Elbow could follow, but the sequence ends and Attack 1 with it
    assert who(state) == (0, "move", "attack2")
    assert public(state)["sequence"] == {
        "striker": 0,
        "successful_moves": 0,
        "waiting_attack": None,
        "effective_atk": None,
    }
    assert state["pending"]["prompt"] == "P1: attack"  # a new sequence: no attack card yet


def test_MA_3_13_attack_1_may_go_on_with_counterattacks() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    do(state, "attack", "Tiger Paw Jab")
    do(state, "block", "Still Pond Guard")
    assert who(state) == (1, "move", "attack1")  # the counterattack belongs to Attack 1
    do(state, "attack", "Crane Beak Tap")
    assert who(state) == (0, "response", "attack1")


def test_MA_3_14_attack_2_is_a_second_sequence_with_a_fresh_start() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Ambush Lunge", "Steady Breathing"],
            "hand:1": ["Crane Beak Tap", "Feather Brush-Off"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [2, 0], "life": [10, 15]},
    )
    lunge = option_id("attack", "Ambush Lunge")
    do(state, "attack", "Tiger Paw Jab")
    do(state, "take")
    refuse(state, lunge)  # blank CPT cannot follow inside the same sequence
    do(state, "stop")
    assert who(state) == (0, "move", "attack2")
    assert lunge in ids(state)  # but it may open the Attack 2 sequence
    do(state, "attack", "Ambush Lunge")
    do(state, "take")
    assert public(state)["life"] == [10, 15 - 2 - 4]
    events = step(state, "stop")
    assert [e["phase"] for e in events if e["t"] == "phase"] == ["resolve"]
    assert who(state) == (0, "window", "resolve")  # Steady Breathing keeps the window open


@pytest.mark.parametrize("attack1", ["pass", "fully blocked combo", "counterattack chain"])
def test_MA_3_15_attack_2_always_happens(attack1: str) -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Pouncing Knee", "Forearm Wall", "Pouncing Knee"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap", "Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    if attack1 == "pass":
        do(state, "stop")
    elif attack1 == "fully blocked combo":
        do(state, "attack", "Tiger Paw Jab")
        do(state, "take")
        do(state, "attack", "Rising Elbow")
        do(state, "block", "Still Pond Guard")  # DEF 4 >= ATK 3
        assert who(state) == (1, "move", "attack1")
        do(state, "stop")  # P2 declines to counter
    else:
        do(state, "attack", "Tiger Paw Jab")
        do(state, "block", "Still Pond Guard")
        do(state, "attack", "Crane Beak Tap")  # P2 counters
        do(state, "block", "Forearm Wall")  # DEF 3 >= ATK 2: P1 may counter the counter
        assert who(state) == (0, "move", "attack1")
        do(state, "attack", "Pouncing Knee")
        do(state, "block", "Still Pond Guard")  # DEF 4 >= ATK 3: P2 may counter again
        do(state, "stop")
    assert who(state) == (0, "move", "attack2")
    assert public(state)["sequence"]["striker"] == 0
    assert state["pending"]["prompt"] == "P1: attack"  # a new sequence: no attack card yet


def test_MA_3_16_MA_3_17_resolve_has_the_attackers_window_then_the_defenders_adr_only_window() -> None:
    state = ma(
        {
            "hand:0": ["Scorching Noon", "Tiger Paw Jab"],
            "hand:1": ["Torrential Rain", "Rooted Stance", "Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "resolve", "adr": [0, 1]},
    )
    noon = cid(state, "hand:0", "Scorching Noon")
    assert who(state) == (0, "window", "resolve")
    assert ids(state) == [option_id("event", "Scorching Noon"), "pass"]
    do(state, "event", "Scorching Noon")
    assert state["zones"]["event_slot"] == [noon]
    assert who(state) == (0, "window", "resolve") and ids(state) == ["pass"]  # P1's window returns (MA-4.7)
    do(state, "pass")
    assert who(state) == (1, "window", "resolve")
    assert ids(state) == [option_id("adrenaline", "Rooted Stance"), "pass"]
    for name, verb in (
        ("Torrential Rain", "event"),
        ("Crane Beak Tap", "attack"),
        ("Still Pond Guard", "block"),
    ):
        refuse(state, option_id(verb, name))
    events = step(state, option_for(state, "adrenaline", "Rooted Stance"))
    assert {"t": "adr", "seat": 1, "name": "Rooted Stance", "effect": "BOOST_NEXT_DEF", "n": 2} in events
    assert public(state)["adr"] == [0, 0] and names(state, "discard:1") == ["Rooted Stance"]


def test_MA_3_18_the_end_phase_begins_with_the_end_of_turn_clauses() -> None:
    # Scorching Noon: the attacker discards 1 at the end of every turn, even with a small hand.
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Gliding Palm", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
            "event_slot": ["Scorching Noon@0"],
        },
        {"turn": 2, "attacker": 0, "phase": "end"},
    )
    assert who(state) == (0, "discard", "end")
    events = step(state, option_for(state, "discard", "Rising Elbow"))
    assert names(state, "discard:0") == ["Rising Elbow"]
    assert names(state, "discard:1") == []  # the clause names only the attacker
    assert {"t": "turn", "turn": 3, "attacker": 1} in events


def test_MA_3_19_the_end_phase_applies_the_hand_limit_after_the_event_discards() -> None:
    nine = [
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
    eight = ["Crane Beak Tap", "Wing Flick", "Reed Sway Palm", "Gliding Palm", "Heron Step Strike"]
    eight += ["Still Pond Guard", "Feather Brush-Off", "Patient Heron"]
    state = ma(
        {
            "hand:0": nine,
            "hand:1": eight,
            "deck:0": FILLER,
            "deck:1": FILLER,
            "event_slot": ["Scorching Noon@0"],
        },
        {"turn": 2, "attacker": 0, "phase": "end"},
    )
    order = []
    while state["turn"] == 2:
        order.append(who(state))
        apply(state, ids(state)[0])
    # P1: 1 for the event, then 1 more to get from 8 down to 7; P2 only the hand limit.
    assert order == [(0, "discard", "end"), (0, "discard", "end"), (1, "discard", "end")]
    assert len(state["zones"]["discard:0"]) == 2 and len(state["zones"]["discard:1"]) == 1


def test_MA_3_20_unused_boosts_expire_in_the_end_phase() -> None:
    eight = ["Tiger Paw Jab", "Pouncing Knee", "Raking Claw", "Rising Elbow", "Whirlwind Hook"]
    eight += ["Stalking Sweep", "Tiger Fang Palm", "Ambush Lunge"]
    state = ma(
        {"hand:0": eight, "hand:1": ["Crane Beak Tap"], "deck:0": FILLER, "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "resolve", "boost_atk": [2, 0], "boost_def": [0, 3]},
    )
    forced_until(state, 2, (0, "discard", "end"))  # the two Resolve windows
    assert who(state) == (0, "discard", "end")  # the hand limit, before the boosts expire
    assert (public(state)["boost_atk"], public(state)["boost_def"]) == ([2, 0], [0, 3])
    apply(state, ids(state)[0])
    assert state["turn"] == 3
    assert (public(state)["boost_atk"], public(state)["boost_def"]) == ([0, 0], [0, 0])


@pytest.mark.parametrize("deck1", [[], ["Still Pond Guard"]])
def test_MA_3_21_the_stall_check_is_the_last_step_of_the_end_phase(deck1: list[str]) -> None:
    eight = ["Tiger Paw Jab", "Pouncing Knee", "Raking Claw", "Rising Elbow", "Whirlwind Hook"]
    eight += ["Stalking Sweep", "Tiger Fang Palm", "Ambush Lunge"]
    state = ma(
        {"hand:0": eight, "hand:1": ["Crane Beak Tap"], "deck:1": deck1},
        {"turn": 4, "attacker": 0, "phase": "end", "life": [10, 12]},
    )
    assert state["result"] is None and who(state) == (0, "discard", "end")
    events = step(state, ids(state)[0])
    if not deck1:  # both decks empty, two quiet turns: the game ends after the hand limit
        assert state["result"] == {
            "winners": [1],
            "draw": False,
            "reason": "stall: both decks empty and two quiet turns",
        }
        assert not any(e["t"] == "turn" for e in events)
    else:  # P2 still has a deck: the next turn begins
        assert state["result"] is None
        assert {"t": "turn", "turn": 5, "attacker": 1} in events


def test_MA_3_22_every_phase_happens_once_even_when_nobody_can_act() -> None:
    state = ma({"discard:0": ["Tiger Paw Jab"]}, {"turn": 2, "attacker": 1, "phase": "draw"})
    assert flow(state["events"]) == ["prep", "attack1", "attack2", "resolve", "end"]
    assert state["result"] is not None and state["result"]["draw"] is True


# --------------------------------------------------------------------------- section 4: decisions and timing


def test_MA_4_1_MA_4_2_striker_and_receiver_swap_in_a_counterattack_but_attacker_and_defender_do_not() -> (
    None
):
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    assert public(state)["sequence"]["striker"] == 0 and who(state)[:2] == (0, "move")
    do(state, "attack", "Tiger Paw Jab")
    assert who(state)[:2] == (1, "response")  # the receiver is the other player
    do(state, "block", "Still Pond Guard")
    assert public(state)["sequence"]["striker"] == 1 and who(state)[:2] == (1, "move")
    assert view(state, 0)["public"]["sequence"]["striker"] == 1
    do(state, "attack", "Crane Beak Tap")
    assert who(state)[:2] == (0, "response")  # the attacker now receives
    assert (public(state)["attacker"], state["turn"], public(state)["phase"]) == (0, 1, "attack1")
    assert view(state, None)["public"]["attacker"] == 0


def test_MA_4_3_players_hold_priority_only_in_their_windows_move_decisions_and_response_windows() -> None:
    # Both players hold an affordable ADR card all the time, so every priority point is a real decision.
    state = ma(
        {
            "hand:0": ["Rooted Stance", "Tiger Paw Jab"],
            "hand:1": ["Rooted Stance", "Crane Beak Tap"],
            "deck:0": ["Forearm Wall", "Glancing Parry", "Forearm Wall", "Forearm Wall", "Forearm Wall"],
            "deck:1": ["Feather Brush-Off", "Feather Brush-Off", "Feather Brush-Off", "Feather Brush-Off"],
        },
        {"turn": 2, "attacker": 0, "phase": "draw", "adr": [5, 5]},
    )
    script = ["pass", "pass", "attack", "take", "stop", "stop", "pass", "pass", "pass"]
    trace = []
    for verb in script:
        trace.append((state["turn"], *who(state)))
        if verb == "attack":
            do(state, "attack", "Tiger Paw Jab")
        else:
            apply(state, verb)
    trace.append((state["turn"], *who(state)))
    assert trace == [
        (2, 0, "window", "prep"),
        (2, 1, "window", "prep"),
        (2, 0, "move", "attack1"),
        (2, 1, "response", "attack1"),
        (2, 0, "move", "attack1"),
        (2, 0, "move", "attack2"),
        (2, 0, "window", "resolve"),
        (2, 1, "window", "resolve"),
        (3, 1, "window", "prep"),  # nothing in the End phase or in turn 3's Draw phase
        (3, 0, "window", "prep"),
    ]


def test_MA_4_4_a_move_decision_offers_legal_attacks_affordable_adr_cards_and_stop() -> None:
    state = ma(
        {
            "hand:0": [
                "Tiger Paw Jab",
                "Rising Elbow",
                "Ambush Lunge",
                "Forearm Wall",
                "Roaring Focus",
                "Hidden Vein Strike",
                "Parting the Reeds@0",
                "Roaring Crowd",
            ],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [2, 0]},
    )
    assert set(ids(state)) == {
        option_id("attack", "Tiger Paw Jab"),
        option_id("attack", "Rising Elbow"),
        option_id("attack", "Ambush Lunge"),
        option_id("adrenaline", "Roaring Focus"),
        "stop",
    }
    for bad in (
        option_id("attack", "Forearm Wall"),  # no ATK
        option_id("adrenaline", "Hidden Vein Strike"),  # costs 5
        option_id("adrenaline", "Parting the Reeds"),  # only in a response window
        option_id("event", "Roaring Crowd"),  # no events in combat
        option_id("block", "Forearm Wall"),
        "pass",
        "take",
    ):
        refuse(state, bad)
    do(state, "attack", "Tiger Paw Jab")  # LNK 1: Rising Elbow (CPT 2) may follow, Ambush Lunge may not
    do(state, "take")
    assert ids(state) == [
        option_id("attack", "Rising Elbow"),
        option_id("adrenaline", "Roaring Focus"),
        "stop",
    ]
    refuse(state, option_id("attack", "Ambush Lunge"))


def test_MA_4_5_a_response_window_offers_affordable_adr_cards_blocks_and_take() -> None:
    state = ma(
        {
            "hand:0": ["Whirlwind Hook"],
            "hand:1": [
                "Still Pond Guard",
                "Deflecting Wing",
                "Crane Beak Tap",
                "Parting the Reeds",
                "Still Water Meditation",
                "Torrential Rain",
            ],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [0, 2]},
    )
    do(state, "attack", "Whirlwind Hook")
    assert set(ids(state)) == {
        option_id("adrenaline", "Parting the Reeds"),
        option_id("block", "Still Pond Guard"),
        option_id("block", "Deflecting Wing"),
        "take",
    }
    for bad in (
        option_id("block", "Crane Beak Tap"),
        option_id("attack", "Crane Beak Tap"),
        option_id("adrenaline", "Still Water Meditation"),  # costs 3
        option_id("event", "Torrential Rain"),
        "stop",
        "pass",
    ):
        refuse(state, bad)


def test_MA_4_6_a_window_offers_one_event_for_the_attacker_adr_cards_and_pass() -> None:
    state = ma(
        {
            "hand:0": ["Roaring Crowd", "Scorching Noon", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Dawn Training", "Steady Breathing", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep", "adr": [1, 2]},
    )
    assert set(ids(state)) == {option_id("event", "Roaring Crowd"), option_id("event", "Scorching Noon")} | {
        option_id("adrenaline", "Roaring Focus"),
        "pass",
    }
    refuse(state, option_id("attack", "Tiger Paw Jab"))
    do(state, "event", "Roaring Crowd")
    assert set(ids(state)) == {option_id("adrenaline", "Roaring Focus"), "pass"}  # one event per window
    refuse(state, option_id("event", "Scorching Noon"))
    do(state, "pass")
    assert who(state) == (1, "window", "prep")
    assert ids(state) == [option_id("adrenaline", "Steady Breathing"), "pass"]
    refuse(state, option_id("event", "Dawn Training"))


def test_MA_4_7_after_an_adr_or_event_card_the_same_decision_returns_to_the_same_player() -> None:
    state = ma(
        {
            "hand:0": ["Scorching Noon", "Roaring Focus", "Roaring Focus", "Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep", "adr": [2, 0]},
    )
    do(state, "event", "Scorching Noon")
    assert who(state) == (0, "window", "prep")
    do(state, "pass")
    assert who(state) == (1, "window", "prep") and ids(state) == ["pass"]  # P2's window: nothing to play
    do(state, "pass")
    assert who(state) == (0, "move", "attack1")
    do(state, "adrenaline", "Roaring Focus")
    assert who(state) == (0, "move", "attack1") and public(state)["boost_atk"] == [2, 0]
    do(state, "adrenaline", "Roaring Focus")
    assert who(state) == (0, "move", "attack1") and public(state)["boost_atk"] == [4, 0]
    do(state, "attack", "Tiger Paw Jab")
    assert who(state) == (1, "response", "attack1") and ids(state) == ["take"]  # P2 cannot block
    do(state, "take")
    assert public(state)["life"] == [15, 15 - 6]


def test_MA_4_8_prep_gives_the_attacker_one_window_then_the_defender_one() -> None:
    state = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "hand:1": ["Steady Breathing", "Rooted Stance", "Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep", "adr": [0, 4], "life": [15, 10]},
    )
    assert who(state) == (0, "window", "prep")
    do(state, "pass")
    assert who(state) == (1, "window", "prep")
    do(state, "adrenaline", "Steady Breathing")
    assert who(state) == (1, "window", "prep")
    do(state, "pass")
    # The phase is over: P1 gets no second window although the event is still in hand.
    assert who(state) == (0, "move", "attack1")
    assert "Roaring Crowd" in names(state, "hand:0")


def test_MA_4_8_resolve_ends_when_the_defender_passes() -> None:
    state = ma(
        {
            "hand:0": ["Roaring Crowd", "Tiger Paw Jab"],
            "hand:1": ["Rooted Stance", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "resolve", "adr": [0, 1]},
    )
    do(state, "pass")
    assert who(state) == (1, "window", "resolve")
    events = step(state, "pass")
    assert [e["phase"] for e in events if e["t"] == "phase"][0] == "end"
    assert {"t": "turn", "turn": 2, "attacker": 1} in events


def test_MA_4_9_choosing_discards_is_not_a_priority_decision() -> None:
    nine = ["Tiger Paw Jab", "Pouncing Knee", "Raking Claw", "Rising Elbow", "Whirlwind Hook"]
    nine += ["Roaring Focus", "Tiger Fang Palm", "Roaring Crowd", "Forearm Wall"]
    state = ma(
        {"hand:0": nine, "hand:1": ["Crane Beak Tap"], "deck:0": FILLER, "deck:1": FILLER},
        {"turn": 2, "attacker": 0, "phase": "end", "adr": [5, 0]},
    )
    assert who(state) == (0, "discard", "end")
    assert verbs(state) == {"discard"} and len(ids(state)) == 9
    refuse(state, option_id("adrenaline", "Roaring Focus"))
    refuse(state, option_id("event", "Roaring Crowd"))
    refuse(state, "pass")
    # A FORCE_DISCARD victim cannot answer with a card either.
    state = ma(
        {
            "hand:0": ["Glare of the Predator", "Tiger Paw Jab"],
            "hand:1": ["Steady Breathing", "Still Pond Guard", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1", "adr": [3, 2]},
    )
    do(state, "adrenaline", "Glare of the Predator")
    assert who(state) == (1, "discard", "attack1")
    assert verbs(state) == {"discard"} and len(ids(state)) == 3
    refuse(state, option_id("adrenaline", "Steady Breathing"))
    refuse(state, option_id("block", "Still Pond Guard"))


def test_MA_4_10_the_draw_and_end_phases_ask_no_priority_decisions() -> None:
    # Everyone could pay for an ADR card and P1 holds an event, yet nothing is asked until Prep.
    state = ma(
        {
            "hand:0": ["Rooted Stance", "Roaring Crowd"],
            "hand:1": ["Rooted Stance"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 2, "attacker": 0, "phase": "draw", "adr": [3, 3]},
    )
    assert who(state) == (0, "window", "prep")
    assert draws(state["events"]) == ["hand:0"] * 3 + ["hand:1"] * 2
    state = ma(
        {
            "hand:0": ["Rooted Stance", "Roaring Crowd"],
            "hand:1": ["Rooted Stance"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 2, "attacker": 0, "phase": "end", "adr": [3, 3]},
    )
    assert (state["turn"], *who(state)) == (3, 1, "window", "prep")
    assert [e["phase"] for e in state["events"] if e["t"] == "phase"] == ["end", "prep"]


def test_MA_4_11_only_a_choice_forced_by_public_facts_is_made_automatically() -> None:
    # P2 holds no DEF card and cannot pay for Steady Breathing; both Prep windows offer only "pass". Every one of
    # these forced answers is still asked, since only the hands show that they are forced.
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Rising Elbow"],
            "hand:1": ["Crane Beak Tap", "Steady Breathing"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "prep"},
    )
    for seat in (0, 1):
        assert who(state) == (seat, "window", "prep") and ids(state) == ["pass"]
        do(state, "pass")
    assert who(state) == (0, "move", "attack1")
    do(state, "attack", "Tiger Paw Jab")
    assert who(state) == (1, "response", "attack1") and ids(state) == ["take"]
    events = step(state, "take")
    assert {"t": "unblocked", "seat": 1, "atk": 2} in events
    assert who(state) == (0, "move", "attack1") and public(state)["life"] == [15, 13]
    do(state, "attack", "Rising Elbow")
    do(state, "take")
    # P1's hand is empty, which everyone can see: the combo stops by itself, and Attack 2 and P1's Resolve window
    # pass by themselves as well. P2's Resolve window is asked.
    assert public(state)["adr"] == [1, 0]
    assert (state["turn"], *who(state)) == (1, 1, "window", "resolve")
    # With a DEF card in hand the same hit is a real decision.
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab"],
            "hand:1": ["Crane Beak Tap", "Feather Brush-Off"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    do(state, "attack", "Tiger Paw Jab")
    assert who(state)[:2] == (1, "response") and public(state)["life"] == [15, 15]


def test_MA_4_12_an_illegal_choice_changes_nothing_and_the_same_decision_stays() -> None:
    state = ma(
        {
            "hand:0": ["Tiger Paw Jab", "Forearm Wall"],
            "hand:1": ["Crane Beak Tap", "Still Pond Guard"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    before = state_hash(state)
    for bad in (
        option_id("attack", "Crane Beak Tap"),  # P2's card
        "attack:999",
        option_id("attack", "No Such Card"),
        "take",
        "pass",
        option_id("start", 1),
        "",
        "attack",
    ):
        refuse(state, bad)
    with pytest.raises(IllegalAction, match="option ids are strings"):
        apply(state, 7)  # type: ignore[arg-type]
    assert state_hash(state) == before
    do(state, "attack", "Tiger Paw Jab")  # the decision still works as before
    assert who(state)[:2] == (1, "response")


def test_MA_4_13_the_receiver_sees_the_attack_and_the_striker_sees_the_block_before_deciding() -> None:
    state = ma(
        {
            "hand:0": ["Whirlwind Hook", "Stalking Sweep", "Tiger Paw Jab"],
            "hand:1": ["Feather Brush-Off", "Crane Beak Tap"],
            "deck:0": FILLER,
            "deck:1": FILLER,
        },
        {"turn": 1, "attacker": 0, "phase": "attack1"},
    )
    hook = cid(state, "hand:0", "Whirlwind Hook")
    do(state, "attack", "Whirlwind Hook")
    seen = view(state, 1)
    assert seen["pending"]["seat"] == 1 and seen["pending"]["prompt"] == "P2: block Whirlwind Hook (ATK 4)?"
    assert seen["zones"]["battle:0"] == [[hook, "Whirlwind Hook"]]
    assert seen["public"]["sequence"]["waiting_attack"] == "Whirlwind Hook"
    assert seen["public"]["sequence"]["effective_atk"] == 4
    brush = cid(state, "hand:1", "Feather Brush-Off")
    do(state, "block", "Feather Brush-Off")  # DEF 2 vs ATK 4: 2 damage
    seen = view(state, 0)
    assert seen["pending"]["seat"] == 0 and seen["pending"]["kind"] == "move"
    assert seen["zones"]["battle:1"] == [[brush, "Feather Brush-Off"]]
    assert seen["public"]["life"] == [15, 13]
    assert {"t": "partial_block", "seat": 1, "atk": 4, "def": 2} in seen["events"]
    # The striker chooses the next card knowing the block: after LNK 3, only CPT 3+ (Stalking Sweep) follows.
    assert ids(state) == [option_id("attack", "Stalking Sweep"), "stop"]


def test_MA_4_14_the_same_seed_and_choices_replay_the_same_game() -> None:
    def trace(seed: int, mode: str) -> list[str]:
        state = new_game(GAME, 2, seed, {"event_mode": mode})
        r = random.Random(99)
        hashes = [state_hash(state)]
        while state["result"] is None:
            if state["pending"]["seat"] == CHANCE:
                resolve_chance(state)  # the state's own RNG, not the script's
            else:
                apply(state, r.choice(ids(state)))
            hashes.append(state_hash(state))
        return hashes

    for mode in ("hand", "per_game"):
        first = trace(31, mode)
        assert len(first) > 5
        assert trace(31, mode) == first
        assert trace(32, mode)[1] != first[1]  # another seed: another start, shuffle or event


def test_MA_4_12_a_finished_game_refuses_every_choice() -> None:
    state = ma(
        {"hand:0": ["Tiger Fang Palm"], "hand:1": ["Crane Beak Tap"], "deck:0": FILLER, "deck:1": FILLER},
        {"turn": 1, "attacker": 0, "phase": "attack1", "life": [15, 7]},
    )
    do(state, "attack", "Tiger Fang Palm")
    do(state, "take")
    assert state["result"] is not None and state["pending"] is None
    before = state_hash(state)
    with pytest.raises(GameOver):
        apply(state, "stop")
    assert state_hash(state) == before
