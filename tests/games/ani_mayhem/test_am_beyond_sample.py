"""Ani-Mayhem scenario tests: the shipped cards beyond the sample decks (RULES.md, "Beyond the sample decks") make
rules matter in play that the sample decks' cards alone cannot reach.

Paper Crane Spirit (Character 2/0, Movement 3); Flare Cartridge (Equipment, pay 1 Energy: Attack +3, 2 per game);
Freeze Frame (Flash: a Disaster's Movement is 0 this turn); Moonlight Phantom (Major Combat 3/3, Movement 4, STEALS).
Slime Blob is a Minor Combat Disaster 2/4 with Movement 1; Kenji Hoshino 4/4 with Energy 2. Combat cards (charm /
attack / defense): Iron Will +2/0/+4, Butterfingers 0/-2/0, Steady Stance 0/+1/+2, Blush -1/+1/0, Dodge Roll
+1/0/+3. The combat pile is listed top first: the first card is drawn for the target, the second for the Disaster.
"""

from __future__ import annotations

from tests.support.ani_mayhem_helpers import (
    board,
    choose,
    choose_pair,
    cid,
    combat,
    kind,
    names_in,
    opts,
    skip_to,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.decks import card_set_problems
from cardsmith.games.ani_mayhem.rules import CARDS

KEEP = {"pc:-1:0": ["Unit Thirty-Three"], "it:2:0": ["Prototype Chip"]}
BEYOND = ("Paper Crane Spirit", "Flare Cartridge", "Freeze Frame", "Moonlight Phantom")


def test_the_cards_beyond_the_sample_decks_are_shipped_outside_every_sample_deck():
    assert card_set_problems(CARDS) == []
    for deck in CARDS.decks.values():
        held = {*deck.characters, *deck.power, *deck.disasters}
        assert not held & set(BEYOND), deck.id
    assert all(name in CARDS.cards for name in BEYOND)


def test_AM_8_19_a_character_with_defense_0_has_health_1():
    s = board(
        {
            **KEEP,
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Paper Crane Spirit"],
            "combat:0": ["Iron Will", "Butterfingers", "Steady Stance", "Blush"],
        }
    )
    crane = cid(s, "Paper Crane Spirit")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")  # round 1: the Slime deals 2 - 2 = 0 against 0 + 4: no damage
    assert kind(s) == "run_or_fight" and zone_of(s, crane) == f"pc:{cid(s, 'Hot Springs Inn')}"
    choose(s, "fight")  # round 2: 2 + 1 against 0 + 2: 1 damage reaches Health 1; bonked, not killed (2 x 1)
    assert zone_of(s, crane) == "bonked:0"
    assert combat(s) is None


def _flare_fight() -> dict:
    return board(
        {
            **KEEP,
            "dz:1:0": ["Slime Blob"],
            "pc:1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Flare Cartridge"],
            "combat:0": ["Dodge Roll"] * 8,
        }
    )


def test_AM_10_9_a_card_limited_to_2_per_game_is_discarded_after_its_second_use():
    s = _flare_fight()
    flare, kenji = cid(s, "Flare Cartridge"), cid(s, "Kenji Hoshino")
    choose(s, option_id("attack", cid(s, "Slime Blob")))
    choose(s, "fight")
    choose(s, option_id("use", flare))  # first use: 4 + 3 against 4 + 3, no damage either way
    assert kind(s) == "run_or_fight" and zone_of(s, flare) == f"gear:{kenji}"
    choose(s, "fight")
    choose(s, option_id("use", flare))  # second use, in the same turn: "per game" is not "per turn"
    assert zone_of(s, flare) == "discard:0"  # after its last use, at the end of the round
    choose(s, "fight")
    assert option_id("use", flare) not in (opts(s) if s["pending"] else [])


def test_AM_5_20_a_disaster_whose_movement_is_set_to_0_does_not_move():
    zones = {"dz:2:0": ["Slime Blob"], "pc:-1:0": ["Tomo the Cook"]}
    s = board({**zones, "hand:0": ["Freeze Frame"]}, {"phase": "maintenance"})
    assert kind(s) == "flash"
    choose_pair(s, "play_flash", "Freeze Frame", cid(s, "Slime Blob"))
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Space Port" and zone_of(s, "Freeze Frame") == "discard:0"
    s = board(zones, {"phase": "maintenance"})  # without the card it moves its Movement 1
    skip_to(s, "move")
    assert where(s, "Slime Blob") == "Hospital Ward"


def test_AM_5_12_AM_5_25_an_escaping_major_disaster_ends_its_cycle_and_comes_back():
    s = board(
        {
            "pc:-1:0": ["Tomo the Cook"],
            "dz:0:0": ["Moonlight Phantom"],
            "pc:0:1": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Photo Album"],
            "pc:2:0": ["Kenji Hoshino"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
        },
        {"phase": "maintenance"},
    )
    skip_to(s, "move")
    # one step to the Shopping Arcade, the last Location: it steals Reiko's Photo Album and escapes Off the Field
    assert names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}") == []
    assert (
        zone_of(s, "Photo Album") == "destroyed"
    )  # AM-5.12: the Item of a Major ending its cycle is destroyed
    assert where(s, "Moonlight Phantom") == "Space Port"  # a Major comes back on the entry Location
    assert names_in(s, f"bag:0:{cid(s, 'Kenji Hoshino')}") == [
        "Data Disk"
    ]  # it does not arrive there (AM-5.25)
    assert combat(s) is None


def test_AM_9_19_a_major_stealer_never_steals_from_a_character_it_ignores():
    zones = {
        "pc:-1:0": ["Tomo the Cook"],
        "dz:2:1": ["Moonlight Phantom"],
        "pc:1:1": ["Reiko Sato"],
        "bag:0:Reiko Sato": ["Photo Album"],
    }
    s = board(zones, {"phase": "maintenance", "ignored": {"Moonlight Phantom": ["Reiko Sato"]}})
    skip_to(s, "move")
    assert names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}") == ["Photo Album"]  # it passed her by
    assert where(s, "Moonlight Phantom") == "Shopping Arcade"  # its full Movement 4 from the Hospital Ward
    s = board(zones, {"phase": "maintenance"})
    skip_to(s, "move")
    assert names_in(s, f"bag:0:{cid(s, 'Reiko Sato')}") == []  # not ignored: she is robbed
