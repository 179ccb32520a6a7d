"""Ani-Mayhem scenario tests, section 9: Charm Combat between Characters and charm rounds against Disasters.

Characters (Charm, Movement): Aya Kisaragi 5/3, Lady Akane 5/3, Reiko Sato 3/3, Kenji Hoshino 1/2, Goro Tanks 1/2,
Unit Thirty-Three 0/2. Disasters: Siren Idol Minor 2/2 Charm 3 Mov 2; Alien Queen Major 3/4 Charm 4 Mov 2.
Combat cards, Charm side: Heroic Pose +4, Sparkle Eyes +3, Lucky Break +2, Dodge Roll +1, Steady Stance 0,
Fumble -1, Sweat Drop -2. P1 (seat 0) is active unless a test says otherwise; P2's Haven is at (3,0).
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
    offered,
    opts,
    pairs,
    public,
    refused_pair,
    skip_to,
    stats,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.field import destroy_location

KEEP = {
    "pc:-1:0": ["Unit Thirty-Three"],
    "it:2:0": ["Prototype Chip"],
    "field:3:0": ["Temple Sanctuary@1"],
    "pc:3:0": ["Kappa Junior@1"],
}


def duo(zones: dict, setup: dict | None = None, **kw) -> dict:
    z = dict(KEEP)
    z.update(zones)
    return board(z, setup, players=2, **kw)


def charm_opts(s: dict) -> set[tuple[str, str]]:
    return {(s["cards"][a], s["cards"][b]) for a, b in pairs(s, "charm")}


def test_AM_9_1_a_character_charms_another_players_character():
    s = duo({"pc:1:0": ["Aya Kisaragi", "Reiko Sato", "Kenji Hoshino@1"]})
    assert charm_opts(s) == {("Aya Kisaragi", "Kenji Hoshino"), ("Reiko Sato", "Kenji Hoshino")}


def test_AM_9_2_only_in_the_move_phase_on_the_field_once_per_turn():
    s = duo(
        {
            "pc:0:1": ["Aya Kisaragi", "Kenji Hoshino@1"],
            "pc:-1:0": ["Lady Akane"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    assert ("Lady Akane", "Kenji Hoshino") not in charm_opts(s)  # in a Haven
    aya, kenji = cid(s, "Aya Kisaragi"), cid(s, "Kenji Hoshino")
    choose_pair(s, "charm", aya, kenji)
    assert kind(s) == "forced_action"  # 5 > 1
    choose(s, "stay")
    assert ("Aya Kisaragi", "Kenji Hoshino") not in charm_opts(s)  # once per turn
    choose(s, "end")
    assert kind(s) == "scavenge"  # Aya may Scavenge the Arcade, but charm is a Move-phase action
    assert not offered(s, "charm")


def test_AM_9_3_the_target_must_be_within_the_charmers_movement():
    row = {
        "field:0:0": ["Police Station"],
        "field:1:0": ["Hot Springs Inn"],
        "field:2:0": ["Space Port"],
        "field:3:0": ["Ramen Stand"],
        "field:4:0": ["Rooftop Hot Tub"],
        "field:-1:0": ["Cafe Hideout@0"],
        "field:5:0": ["Temple Sanctuary@1"],
        "it:0:0": ["Golden Idol"],
        "draw:0": ["Tailwind"],
        "pc:0:0": ["Unit Thirty-Three"],
        "pc:2:0": ["Reiko Sato@1"],
        "pc:4:0": ["Goro Tanks@1"],
    }
    s = board(players=2, grid=row)
    assert charm_opts(s) == {
        ("Unit Thirty-Three", "Reiko Sato")
    }  # distance 2 within Movement 2; Goro is 4 away


def test_AM_9_4_not_in_the_owners_next_turn_after_charming():
    zones = {"pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"], "hand:0": ["Scooter"]}
    s = duo(
        zones, {"phase": "discard", "ts": [3, 2], "charmed": {"Aya Kisaragi": 2}}
    )  # in P1's previous turn
    skip_to(s, "move")
    assert ("Aya Kisaragi", "Kenji Hoshino") not in charm_opts(s)
    s = duo(
        zones, {"phase": "discard", "ts": [3, 2], "charmed": {"Aya Kisaragi": 1}}
    )  # two turns ago: allowed again
    skip_to(s, "move")
    assert ("Aya Kisaragi", "Kenji Hoshino") in charm_opts(s)


def test_AM_9_5_AM_9_6_one_round_each_drawing_their_own_card_then_a_window():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"],
            "combat:0": ["Fumble", "Steady Stance"],
            "combat:1": ["Heroic Pose"],
            "hand:1": ["Dazzling Smile"],
        }
    )
    choose(s, "pass") if kind(s) == "flash" else None
    skip_to(s, "move")
    choose_pair(s, "charm", cid(s, "Aya Kisaragi"), cid(s, "Kenji Hoshino"))
    assert kind(s) == "flash" and s["pending"]["seat"] == 1  # P1 had nothing to play; P2 may play now
    assert names_in(s, "ctable") == ["Fumble", "Heroic Pose"]
    choose(s, "pass")
    # Aya 5 - 1 = 4 against Kenji 1 + 4 = 5: lost, one round only, cards to each player's Combat discard
    assert (
        names_in(s, "ctable") == [] and kind(s) == "flash"
    )  # the charm is over: the window after the action
    assert [e["res"] for e in s["events"] if e["t"] == "charm_result"] == ["lose"]
    assert names_in(s, "cdisc:0") == ["Fumble"] and names_in(s, "cdisc:1") == ["Heroic Pose"]


def test_AM_9_7_totals_include_items_cards_and_flash_effects():
    s = duo(
        {
            "pc:1:0": ["Reiko Sato", "Lady Akane@1"],
            "bag:0:Reiko Sato": ["Lucky Cat Charm"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
            "hand:0": ["Dazzling Smile"],
        }
    )
    skip_to(s, "move")
    reiko, akane = cid(s, "Reiko Sato"), cid(s, "Lady Akane")
    choose_pair(s, "charm", reiko, akane)
    assert kind(s) == "flash"
    choose_pair(s, "play_flash", "Dazzling Smile", reiko)
    # Reiko 3 + 2 (Lucky Cat Charm) + 3 (Dazzling Smile) = 8 against Akane 5: the charm works
    assert kind(s) == "forced_action" and s["pending"]["seat"] == 0


def test_AM_9_8_a_tie_is_a_loss():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Lady Akane@1"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    choose_pair(s, "charm", cid(s, "Aya Kisaragi"), cid(s, "Lady Akane"))
    assert kind(s) == "move"
    assert [e["res"] for e in s["events"] if e["t"] == "charm_result"] == ["lose"]


def test_AM_9_9_the_winner_chooses_what_the_target_must_do():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"],
            "bag:1:Kenji Hoshino": ["Data Disk@1"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    choose_pair(s, "charm", cid(s, "Aya Kisaragi"), cid(s, "Kenji Hoshino"))
    assert kind(s) == "forced_action" and s["pending"]["seat"] == 0
    choose(s, "give_random_item")  # (d) give
    assert names_in(s, f"bag:0:{cid(s, 'Aya Kisaragi')}") == ["Data Disk"]


def test_AM_9_10_those_with_the_target_may_not_attack_the_charmer_until_their_owners_next_turn_ends():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Reiko Sato@1", "Goro Tanks@1"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"] * 3,
        }
    )
    aya = cid(s, "Aya Kisaragi")
    choose_pair(s, "charm", aya, cid(s, "Reiko Sato"))
    choose(s, "stay")
    choose(s, "end")
    skip_to(s, "move")
    assert public(s)["active"] == 1
    goro = cid(s, "Goro Tanks")
    assert (goro, aya) not in pairs(s, "duel") and (goro, aya) not in pairs(s, "charm")
    refused_pair(s, "duel", goro, aya)
    choose(s, "end")
    skip_to(s, "move")  # P1's turn
    choose(s, "end")
    skip_to(s, "move")  # P2's next turn: the bar is over
    assert public(s)["active"] == 1 and (goro, aya) in pairs(s, "duel")


def test_AM_9_11_the_forced_actions_that_can_be_carried_out_now():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"],
            "bag:1:Kenji Hoshino": ["Data Disk@1"],
            "dz:1:0": ["Slime Blob", "Tar Pit"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    aya, kenji = cid(s, "Aya Kisaragi"), cid(s, "Kenji Hoshino")
    choose_pair(s, "charm", aya, kenji)
    ids = opts(s)
    moves = {s["cards"][q] for q in offered(s, "move_to")}
    assert moves == {
        "Space Port",
        "Hospital Ward",
        "Haunted Shrine",
        "Police Station",
        "Shopping Arcade",
    }  # (a)
    assert "stay" in ids and "give_random_item" in ids  # (b), (d)
    assert (
        option_id("fight_round", aya) in ids and option_id("fight_round", cid(s, "Slime Blob")) in ids
    )  # (c): a rival Character or a Combat Disaster
    assert option_id("fight_round", cid(s, "Tar Pit")) not in ids
    choose(s, option_id("move_to", cid(s, "Space Port")))
    assert public(s)["forced"][str(kenji)] == ["move", cid(s, "Space Port"), 2]
    choose(s, "end")
    skip_to(s, "move")  # P2's Move phase: Kenji goes there by himself
    assert public(s)["active"] == 1 and where(s, "Kenji Hoshino") == "Space Port"
    assert option_id("move", kenji) not in opts(s)


def test_AM_9_12_a_forced_action_that_cannot_be_done_is_skipped():
    s = duo(
        {
            "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino@1"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    kenji = cid(s, "Kenji Hoshino")
    choose_pair(s, "charm", cid(s, "Aya Kisaragi"), kenji)
    choose(s, option_id("move_to", cid(s, "Space Port")))
    destroy_location(s, cid(s, "Space Port"))
    choose(s, "end")
    skip_to(s, "move")
    assert public(s)["active"] == 1 and where(s, "Kenji Hoshino") == "Hot Springs Inn"
    assert str(kenji) not in public(s)["forced"]


def test_AM_9_13_a_backfire_lets_the_target_choose():
    # Reiko (printed Charm 3) loses by 3 or more: Reiko 3 - 2 = 1 against Akane 5 - 1 = 4.
    s = duo({"pc:1:0": ["Reiko Sato", "Lady Akane@1"], "combat:0": ["Sweat Drop"], "combat:1": ["Fumble"]})
    choose_pair(s, "charm", cid(s, "Reiko Sato"), cid(s, "Lady Akane"))
    assert kind(s) == "forced_action" and s["pending"]["seat"] == 1
    assert option_id("fight_round", cid(s, "Lady Akane")) in opts(s)  # Reiko may be made to fight Akane
    # losing by less than the charmer's Charm is no backfire
    s = duo(
        {
            "pc:1:0": ["Reiko Sato", "Lady Akane@1"],
            "combat:0": ["Steady Stance"],
            "combat:1": ["Steady Stance"],
        }
    )
    choose_pair(s, "charm", cid(s, "Reiko Sato"), cid(s, "Lady Akane"))
    assert kind(s) == "move"


def test_AM_9_14_AM_9_15_the_charm_round_opens_every_fight_and_the_target_must_contest():
    s = board(
        {
            "pc:1:0": ["Reiko Sato", "Kenji Hoshino"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "dz:1:0": ["Siren Idol"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "combat:0": ["Sweat Drop", "Steady Stance"] * 3,
        }
    )
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    contests = [e for e in s["events"] if e["t"] == "contest"]
    assert [e["c"] for e in contests] == [cid(s, "Reiko Sato")]  # the Item carrier was its target
    assert not contests[0]["won"] and kind(s) == "run_or_fight"
    assert not any(e["t"] == "round" for e in s["events"])  # no physical damage in the charm round


def test_AM_9_16_against_a_major_others_may_contest_too():
    s = board(
        {
            "pc:1:0": ["Reiko Sato", "Aya Kisaragi", "Kenji Hoshino"],
            "bag:0:Reiko Sato": ["Data Disk"],
            "dz:1:0": ["Alien Queen"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "combat:0": ["Steady Stance"] * 10,
        }
    )
    choose(s, option_id("attack", cid(s, "Alien Queen")))
    assert kind(s) == "charm_contests"
    choose(s, option_id("join", cid(s, "Aya Kisaragi")))
    choose(s, "done")
    contests = [e["c"] for e in s["events"] if e["t"] == "contest"]
    assert contests == [cid(s, "Reiko Sato"), cid(s, "Aya Kisaragi")]


def test_AM_9_17_the_engaged_player_draws_for_both_and_only_a_higher_total_wins():
    s = board(
        {
            "pc:1:0": ["Aya Kisaragi"],
            "dz:1:0": ["Alien Queen"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "combat:0": ["Fumble", "Steady Stance"] + ["Dodge Roll"] * 6,
        }
    )
    choose(s, option_id("attack", cid(s, "Alien Queen")))
    # Aya 5 - 1 = 4 against the Queen 4 + 0 = 4: a tie is no win
    assert [e["won"] for e in s["events"] if e["t"] == "contest"] == [False]
    assert names_in(s, "cdisc:0") == ["Fumble", "Steady Stance"]


def test_AM_9_18_a_beaten_minor_must_carry_out_one_action():
    zones = {
        "pc:1:0": ["Aya Kisaragi"],
        "dz:1:0": ["Siren Idol", "Slime Blob"],
        "loot:1:0:Siren Idol": ["Data Disk"],
        "pc:-1:0": ["Unit Thirty-Three"],
        "combat:0": ["Steady Stance"] * 10,
    }
    s = board(zones)
    siren = cid(s, "Siren Idol")
    choose(s, option_id("attack", siren))
    ids = opts(s)
    assert {
        "give_item",
        "no_defence",
        "no_attack",
        option_id("aim_at", cid(s, "Aya Kisaragi")),
        option_id("fight_round", cid(s, "Slime Blob")),
    } <= set(ids)
    assert {s["cards"][q] for q in offered(s, "move_to")} == {
        "Space Port",
        "Hospital Ward",
        "Haunted Shrine",
        "Police Station",
        "Shopping Arcade",
    }  # within Movement 2
    choose(s, "give_item")  # (a) it hands its Item over
    assert names_in(s, f"bag:0:{cid(s, 'Aya Kisaragi')}") == ["Data Disk"]
    s = board(zones)
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    choose(
        s, option_id("move_to", cid(s, "Space Port"))
    )  # (b) it moves away and the fight ends, with no arrival
    assert where(s, "Siren Idol") == "Space Port" and kind(s) == "move"
    s = board(zones)
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    choose(s, "no_defence")  # (c) no defence next round: Aya 2 + 0 against 0 + 0: 2 damage = its Health
    choose(s, "fight")
    assert zone_of(s, "Siren Idol") == "discard:0"


def test_AM_9_19_a_beaten_major_ignores_the_charmer_until_attacked():
    s = board(
        {
            "pc:1:0": ["Aya Kisaragi", "Kenji Hoshino"],
            "bag:0:Aya Kisaragi": ["Data Disk"],
            "dz:1:0": ["Alien Queen"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "combat:0": ["Heroic Pose", "Sweat Drop"] + ["Dodge Roll"] * 8,
        }
    )
    queen, aya = cid(s, "Alien Queen"), cid(s, "Aya Kisaragi")
    choose(s, option_id("attack", queen))
    choose(s, "done")  # Kenji does not contest
    assert aya in public(s)["disasters"][str(queen)]["ignores"]  # 5 + 4 > 4 - 2
    choose(s, "fight")
    assert combat(s)["target"] == cid(s, "Kenji Hoshino")  # never the ignored Aya, though she has the Item
    choose(s, option_id("join", aya))  # naming her as an attacker ends the ignoring
    assert aya not in public(s)["disasters"][str(queen)]["ignores"]


def test_AM_9_20_AM_9_21_a_lost_contest_bars_attacking_and_never_backfires():
    s = board(
        {
            "pc:1:0": ["Unit Thirty-Three", "Kenji Hoshino"],
            "bag:0:Unit Thirty-Three": ["Data Disk"],
            "dz:1:0": ["Siren Idol"],
            "pc:-1:0": ["Tomo the Cook"],
            "combat:0": ["Sweat Drop", "Heroic Pose"] + ["Dodge Roll"] * 8,
        }
    )
    unit = cid(s, "Unit Thirty-Three")
    choose(s, option_id("attack", cid(s, "Siren Idol")))
    assert (
        unit in public(s)["disasters"][str(cid(s, "Siren Idol"))]["barred"]
    )  # 0 - 2 against 3 + 4: lost by 9
    assert kind(s) == "run_or_fight"  # no backfire decision for anyone


def test_AM_9_22_a_major_ignoring_everyone_ends_the_fight():
    s = board(
        {
            "pc:1:0": ["Aya Kisaragi"],
            "dz:1:0": ["Alien Queen"],
            "pc:-1:0": ["Unit Thirty-Three"],
            "it:1:0": ["Secret Recipe"],
            "combat:0": ["Heroic Pose", "Sweat Drop"],
        }
    )
    choose(s, option_id("attack", cid(s, "Alien Queen")))
    assert kind(s) == "move" and combat(s) is None
    assert where(s, "Alien Queen") == "Hot Springs Inn" and stats(s, "Aya Kisaragi")["cha"] == 5


def test_AM_9_23_characters_never_charm_a_disaster_on_their_own():
    s = board({"pc:1:0": ["Aya Kisaragi"], "dz:1:0": ["Alien Queen"], "pc:-1:0": ["Unit Thirty-Three"]})
    assert not offered(s, "charm")
    refused_pair(s, "charm", cid(s, "Aya Kisaragi"), cid(s, "Alien Queen"))
