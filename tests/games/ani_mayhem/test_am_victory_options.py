"""Ani-Mayhem scenario tests, sections 12 and 13: the end of the game, scoring and the options."""

from __future__ import annotations

import dataclasses

import pytest
from tests.support.ani_mayhem_helpers import (
    GAME,
    board,
    choose,
    choose_pair,
    cid,
    kind,
    names_in,
    offered,
    opts,
    phase,
    public,
    refused,
    skip_to,
    where,
)

from cardsmith.agents import RandomAgent
from cardsmith.core import DeckError, apply, new_game, view
from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.board import bonk
from cardsmith.games.ani_mayhem.cards import validate_deck
from cardsmith.games.ani_mayhem.game import AniMayhem
from cardsmith.games.ani_mayhem.grid import seat_rotation
from cardsmith.games.ani_mayhem.rules import CARDS
from cardsmith.sim.runner import play

G = AniMayhem()
P2 = {"field:3:0": ["Temple Sanctuary@1"]}


def test_AM_12_1_every_item_is_in_exactly_one_state():
    for seed in range(3):
        s = new_game(GAME, 2, seed)

        def check(state: dict, _oid: str) -> None:
            pub = public(state)
            if pub["phase"] == "setup" and not pub.get("items_total"):
                return
            zones = state["zones"]
            under = sum(len(v) for k, v in zones.items() if k.startswith("it:"))
            carried = sum(len(v) for k, v in zones.items() if k.startswith("loot:"))
            assert under + carried == pub["loose_items"]
            assert pub["loose_items"] + sum(pub["held"]) + pub["destroyed_items"] == pub["items_total"]
            assert len(zones["destroyed"]) == pub["destroyed_items"]

        play(s, [RandomAgent(f"{seed}/{i}") for i in range(2)], on_step=check)


def test_AM_12_2_destroyed_items_count_for_the_deck():
    s = board(
        {
            "dz:0:1": ["Runaway Mecha"],
            "loot:0:1:Runaway Mecha": ["Data Disk"],
            "it:2:0": ["Photo Album"],
            "pc:-1:0": ["Unit Thirty-Three"],
        },
        {"phase": "maintenance"},
    )
    assert public(s)["destroyed_items"] == 1 and view(s, 0)["public"]["destroyed_items"] == 1


def test_AM_12_3_one_item_per_location_in_the_game():
    s = new_game(GAME, 2, 0)
    while phase(s) == "setup":
        apply(s, "done" if "done" in opts(s) else opts(s)[0])
    assert public(s)["items_total"] == 14 == len(s["zones"]["field"])


def test_AM_12_4_the_game_ends_the_moment_every_item_is_decided():
    s = board({"pc:0:1": ["Reiko Sato"], "pc:-1:0": ["Unit Thirty-Three"]}, {"phase": "scavenge"})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert "every Item is held or destroyed" in s["result"]["reason"]


def test_AM_12_5_more_than_half_destroyed_and_the_deck_wins():
    # The Mecha carries the Data Disk off the Field; with the Photo Album already destroyed that is 2 of 2.
    s = board(
        {
            "dz:0:1": ["Runaway Mecha"],
            "loot:0:1:Runaway Mecha": ["Data Disk"],
            "it:0:1": None,
            "pc:-1:0": ["Unit Thirty-Three"],
            "destroyed": ["Photo Album"],
        },
        {"phase": "maintenance"},
    )
    assert s["result"] == {"winners": [], "draw": False, "reason": s["result"]["reason"]}
    assert "the deck has 2 of 2 Items" in s["result"]["reason"]


def test_AM_12_6_otherwise_the_most_items_win_and_ties_share():
    zones = {
        **P2,
        "pc:0:1": ["Reiko Sato"],
        "pc:2:1": ["Kenji Hoshino@1"],
        "bag:1:Kenji Hoshino": ["Photo Album@1"],
        "pc:-1:0": ["Unit Thirty-Three"],
    }
    s = board(zones, {"phase": "scavenge"}, players=2)
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert s["result"]["winners"] == [0, 1]  # 1 each: a shared win
    s = board({**zones, "bag:0:Reiko Sato": ["Data Disk"]}, {"phase": "scavenge"}, players=2)
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert s["result"]["winners"] == [0] and not s["result"]["draw"]


def test_AM_12_7_AM_12_8_a_quiet_round_with_empty_draw_piles_ends_the_game():
    s = board(
        {
            "draw:0": None,
            "pc:-1:0": ["Unit Thirty-Three"],
            "pc:1:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "it:2:0": ["Photo Album"],
        },
        {"phase": "scavenge"},
    )
    choose(s, "end") if kind(s) == "scavenge" else None
    while s["result"] is None:
        apply(s, next(o for o in ("end", "pass", "done", "stop") if o in opts(s)))
    assert "nothing changing" in s["result"]["reason"]
    # AM-12.8: the two Items nobody holds count for the deck: 2 of 3 is more than half
    assert s["result"]["winners"] == [] and "the deck has 2 of 3" in s["result"]["reason"]


def test_AM_12_9_alone_you_win_by_holding_at_least_half():
    s = board(
        {
            "draw:0": None,
            "pc:-1:0": ["Unit Thirty-Three"],
            "pc:1:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
        },
        {"phase": "move"},
    )
    while s["result"] is None:
        apply(s, next(o for o in ("end", "pass", "done", "stop") if o in opts(s)))
    assert s["result"]["winners"] == [0]  # 1 held of 2: exactly half is enough
    assert "P1 1" in s["result"]["reason"]


def test_AM_12_10_a_bonked_character_holds_nothing():
    s = board(
        {
            "pc:1:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "it:2:0": ["Photo Album"],
        }
    )
    assert public(s)["held"] == [1]
    bonk(s, cid(s, "Reiko Sato"))
    assert public(s)["held"] == [0] and names_in(s, f"it:{cid(s, 'Hot Springs Inn')}") == ["Data Disk"]


# ================================================================ options


def test_AM_13_1_seat_orientation_turns_the_path_for_each_owner():
    zones = {**P2, "pc:-1:0": ["Unit Thirty-Three"], "dz:2:0": ["Slime Blob@0"], "dz:0:1": ["Tar Pit@1"]}
    s = board(zones, options={"disaster_orientation": "seat"}, players=2)
    routes = public(s)["routes"]  # one per orientation: P1 reads the Field from (0), P2 from across the table
    mine = [s["cards"][p] for p in routes[str(seat_rotation(0, 2))]]
    theirs = [s["cards"][p] for p in routes[str(seat_rotation(1, 2))]]
    assert mine == [
        "Space Port",
        "Hospital Ward",
        "Hot Springs Inn",
        "Haunted Shrine",
        "Police Station",
        "Shopping Arcade",
    ]
    assert theirs == list(reversed(mine))  # P2 sits across the table: the grid turned half way round
    assert theirs[0] == "Shopping Arcade"  # the Tar Pit's entry Location


def test_AM_13_2_haven_permission_lets_the_owner_agree_at_that_moment():
    zones = {**P2, "pc:2:0": ["Neko-chan"], "pc:-1:0": ["Unit Thirty-Three"], "field:4:0": ["Ramen Stand"]}
    s = board(zones, options={"haven_permission": True}, players=2)
    neko, temple = cid(s, "Neko-chan"), cid(s, "Temple Sanctuary")
    choose(s, option_id("move", neko))
    choose(s, option_id("step_to", temple))
    assert kind(s) == "haven_permission" and s["pending"]["seat"] == 1
    choose(s, "refuse")
    assert kind(s) == "step" and option_id("step_to", temple) not in opts(s)
    s = board(zones, options={"haven_permission": True}, players=2)
    choose(s, option_id("move", neko))
    choose(s, option_id("step_to", temple))
    choose(s, "allow")
    choose(s, option_id("step_to", cid(s, "Ramen Stand")))  # crossed it
    assert where(s, "Neko-chan") == "Ramen Stand"
    s = board(zones, players=2)
    choose(s, option_id("move", neko))
    refused(s, option_id("step_to", temple))  # without the option: never


def test_AM_13_3_quick_end():
    zones = {
        "pc:0:1": ["Reiko Sato"],
        "pc:-1:0": ["Unit Thirty-Three"],
        "it:0:1": ["Golden Idol", "Data Disk"],
        "it:2:0": ["Photo Album"],
    }
    s = board(zones, {"phase": "scavenge"}, options={"quick_end": True})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert s["result"] is not None and "quick end" in s["result"]["reason"]  # 2 of 3 held
    s = board(zones, {"phase": "scavenge"})
    choose(s, option_id("scavenge", cid(s, "Reiko Sato")))
    assert s["result"] is None


def test_AM_13_4_the_round_limit_is_a_turn_cap():
    s = board(
        {"pc:-1:0": ["Unit Thirty-Three"], "pc:1:0": ["Reiko Sato"], "it:2:0": ["Photo Album"]},
        {"phase": "scavenge", "round": 0},
        options={"round_limit": 1},
    )
    choose(s, "end") if kind(s) == "scavenge" else None
    assert "turn cap: the round limit of 1 rounds was reached" in s["result"]["reason"]
    assert s["result"]["winners"] == []  # nothing held: the Items on the Field count for the deck
    assert G.max_decisions({**s["options"], "round_limit": 0}, 1) >= 1 << 62
    assert G.max_decisions(s["options"], 1) < 1 << 40


def test_AM_13_5_extra_havens_count_as_havens_and_are_placed_in_equip():
    solo = CARDS.decks["solo"]
    power = dict(solo.power)
    power["Temple Sanctuary"] = 1
    power["Scooter"] = 0
    del power["Scooter"]
    d = dataclasses.replace(solo, power=tuple(power.items()))
    with pytest.raises(DeckError, match="AM-2.10"):
        validate_deck(d, CARDS, 1)
    validate_deck(d, CARDS, 1, extra_havens=True)  # 19 Power + 2 Havens + 8 Characters = 29, as before
    s = board(
        {"hand:0": ["Temple Sanctuary"], "pc:-1:0": ["Unit Thirty-Three"], "draw:0": ["Weak Spot"]},
        {"phase": "equip"},
        options={"extra_havens": True},
    )
    skip_to(s, "equip")
    choose(s, option_id("play_haven", "Temple Sanctuary"))
    choose(s, option_id("place", -1, 1))
    havens = [p for p, _, _, what, seat, _ in public(s)["cells"] if what == "haven" and seat == 0]
    assert sorted(havens) == sorted([cid(s, "Cafe Hideout"), cid(s, "Temple Sanctuary")])


def test_AM_13_6_character_combat_off_means_no_duels_and_disaster_only_fights():
    zones = {
        **P2,
        "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"],
        "dz:1:0": ["Slime Blob"],
        "pc:-1:0": ["Unit Thirty-Three"],
        "combat:0": ["Steady Stance"],
        "combat:1": ["Steady Stance"],
    }
    s = board(zones, options={"character_combat": False}, players=2)
    assert not offered(s, "duel")
    choose_pair(s, "charm", cid(s, "Aya Kisaragi"), cid(s, "Kenji Hoshino"))
    fights = [option_id("fight_round", x) for x in offered(s, "fight_round")]
    assert fights == [option_id("fight_round", cid(s, "Slime Blob"))]


def test_AM_13_7_first_turn_full():
    for full, expected in (
        (True, ["discard", "reload", "maintenance", "equip", "move"]),
        (False, ["equip", "move"]),
    ):
        s = new_game(GAME, 1, 4, {"first_turn_full": full})
        while phase(s) == "setup":
            apply(s, "done" if "done" in opts(s) else opts(s)[0])
        seen = [e["phase"] for e in s["events"] if e["t"] == "phase"]
        while "move" not in seen:
            apply(s, next(o for o in ("pass", "done", "end", "stop", "hide", "fight") if o in opts(s)))
            seen += [e["phase"] for e in s["events"] if e["t"] == "phase"]
        assert seen[: len(expected)] == expected
