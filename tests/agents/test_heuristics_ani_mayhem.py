"""The Ani-Mayhem heuristic (RULES.md, "How the computer plays"): positions where one option is clearly right,
legal choices over seeded playouts, and choices that depend only on what the seat sees.

Positions are built on the helpers' standard Field (seat 0's Haven, Cafe Hideout, at (-1,0); Police Station (0,0)
needs Hacking, Hot Springs Inn (1,0) Stealth, Space Port (2,0) Piloting, Shopping Arcade (0,1) nothing, Haunted
Shrine (1,1) Sorcery, Hospital Ward (2,1) Medicine). Characters (Atk/Def/Mov): Kenji Hoshino 4/4/2 (Brawling,
Piloting), Biff the Brawler 5/3/2, Goro Tanks 4/3/2, Reiko Sato 3/3/3 (Hacking, Stealth), Tomo the Cook 1/1/3.
Disasters (Atk/Def): Slime Blob 2/4, Runaway Mecha 3/3, Giant Kaiju 6/6.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from tests.agents.test_heuristics_common import check_function_of_observation, check_legal_over_playouts
from tests.support.ani_mayhem_helpers import board, choose, cid, kind, skip_to, where

from cardsmith.agents.base import Turn
from cardsmith.core.actions import option_id
from cardsmith.core.decision import Option
from cardsmith.games.ani_mayhem.heuristic import choose as heuristic
from cardsmith.games.ani_mayhem.heuristic import evaluate

KEEP = {"it:2:0": ["Prototype Chip"]}  # an Item under the Space Port keeps the game going


def pick(state: dict) -> str:
    return heuristic(Turn(state), random.Random(0))


def scene(zones: dict, setup: dict | None = None, players: int = 1) -> dict:
    z = dict(KEEP)
    z.update(zones)
    return board(z, setup, players=players)


def test_AM_7_2_scavenges_a_location_its_group_can_take_an_item_from():
    s = scene({"pc:1:0": ["Reiko Sato"], "it:1:0": ["Data Disk"]}, {"phase": "scavenge"})
    assert kind(s) == "scavenge"
    assert pick(s) == option_id("scavenge", cid(s, "Reiko Sato"))


def test_AM_7_5_a_weak_group_leaves_a_disaster_stack_alone():
    s = scene(
        {"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Slime Blob", "Runaway Mecha"], "it:1:0": ["Data Disk"]},
        {"phase": "scavenge"},
    )
    assert kind(s) == "scavenge"
    assert pick(s) == "end"  # Attack 3 alone would free Combat Disasters to roam with the Items


def test_AM_7_1_the_whole_group_scavenges_together_carriers_too():
    s = scene(
        {
            "pc:0:1": ["Kenji Hoshino", "Biff the Brawler", "Goro Tanks"],
            "bag:0:Goro Tanks": ["Golden Idol"],
            "ds:0:1": ["Slime Blob"],
            "it:0:1": ["Data Disk"],
        },
        {"phase": "scavenge"},
    )
    first = pick(s)
    assert first in {option_id("scavenge", cid(s, n)) for n in ("Kenji Hoshino", "Biff the Brawler")}
    choose(s, first)
    joined = []
    while kind(s) == "group" and pick(s) != "start_scavenging":
        joined.append(pick(s))
        choose(s, joined[-1])
    # Goro carries an Item and comes along all the same: his Attack helps defeat what is revealed (AM-7.6)
    everyone = {option_id("join", cid(s, n)) for n in ("Kenji Hoshino", "Biff the Brawler", "Goro Tanks")}
    assert set(joined) == everyone - {first.replace("scavenge", "join")}


def test_AM_8_6_fights_a_disaster_the_totals_favour_and_runs_from_one_it_cannot_hurt():
    strong = scene(
        {"pc:1:0": ["Kenji Hoshino", "Biff the Brawler"], "dz:1:0": ["Runaway Mecha"]},
        {"phase": "move"},
    )
    choose(strong, option_id("attack", cid(strong, "Runaway Mecha")))
    skip_to(strong, "run_or_fight")
    assert pick(strong) == "fight"
    weak = scene(
        {"pc:1:0": ["Tomo the Cook"], "bag:0:Tomo the Cook": ["Golden Idol"], "dz:2:0": ["Slime Blob"]},
        {"phase": "maintenance"},
    )
    skip_to(weak, "run_or_fight")  # the Slime Blob arrives at an Item carrier and attacks (AM-5.14)
    assert pick(weak) == "run"  # Attack 1 never gets through Defense 4


def test_AM_8_8_every_character_attacks():
    s = scene(
        {"pc:1:0": ["Kenji Hoshino", "Biff the Brawler", "Goro Tanks"], "dz:1:0": ["Giant Kaiju"]},
        {"phase": "move"},
    )
    choose(s, option_id("attack", cid(s, "Giant Kaiju")))
    skip_to(s, "attackers")
    assert pick(s).startswith("join:")


def test_AM_6_15_attacks_a_disaster_carrying_an_item_when_the_totals_favour_it():
    zones = {
        "pc:1:0": ["Kenji Hoshino", "Biff the Brawler"],
        "dz:1:0": ["Runaway Mecha"],
        "loot:1:0:Runaway Mecha": ["Data Disk"],
    }
    s = scene(zones, {"phase": "move"})
    assert kind(s) == "move"
    assert pick(s) == option_id("attack", cid(s, "Runaway Mecha"))
    heavy = {"pc:1:0": zones["pc:1:0"], "dz:1:0": ["Giant Kaiju"], "loot:1:0:Giant Kaiju": ["Data Disk"]}
    kaiju = scene(heavy, {"phase": "move"})
    assert pick(kaiju) != option_id("attack", cid(kaiju, "Giant Kaiju"))  # Defense 6 holds off Attack 9


def test_AM_6_10_moves_its_group_together_towards_a_location_it_can_scavenge():
    zones = {"pc:-1:0": ["Reiko Sato", "Kenji Hoshino"], "it:1:0": ["Data Disk"], "it:0:1": None}
    s = scene(zones, {"phase": "move"})
    assert kind(s) == "move"
    lead = pick(s)
    assert lead.startswith("move:")
    choose(s, lead)
    assert kind(s) == "group"
    assert pick(s).startswith("join:")  # the other one comes along
    choose(s, pick(s))
    skip_to(s, "step")
    ways = {option_id("step_to", cid(s, n)) for n in ("Police Station", "Shopping Arcade")}
    assert pick(s) in ways  # either way leads on to the Hot Springs Inn
    choose(s, pick(s))
    assert pick(s) == option_id("step_to", cid(s, "Hot Springs Inn"))
    choose(s, pick(s))
    assert pick(s) == "stop"


def test_AM_10_1_equip_plays_characters_then_the_global_and_equipment():
    s = scene(
        {"pc:-1:0": ["Reiko Sato"], "hand:0": ["Kevlar Jacket", "Tailwind", "Biff the Brawler"]},
        {"phase": "equip"},
    )
    skip_to(s, "equip")  # past the Flash window that opens the phase (AM-10.20)
    assert pick(s) == option_id("play_character", "Biff the Brawler", 0)
    choose(s, pick(s))
    assert pick(s) == option_id("play_global", "Tailwind")
    choose(s, pick(s))
    assert pick(s) == option_id("play_equipment", "Kevlar Jacket")
    choose(s, pick(s))
    assert kind(s) == "equip_target"
    assert pick(s) == option_id("target", cid(s, "Reiko Sato"))


def test_AM_10_21_plays_weak_spot_in_its_own_fight_and_passes_elsewhere():
    s = scene(
        {
            "pc:1:0": ["Kenji Hoshino", "Biff the Brawler"],
            "dz:1:0": ["Slime Blob"],
            "hand:0": ["Weak Spot", "Orbital Strike"],
        },
        {"phase": "move"},
    )
    seen = []
    while kind(s) != "run_or_fight":
        if kind(s) == "move":
            choose(s, option_id("attack", cid(s, "Slime Blob")))
            continue
        seen.append(pick(s))
        choose(s, seen[-1])
    assert all(o == "pass" for o in seen)  # no Orbital Strike, and Weak Spot kept for the round
    choose(s, "fight")
    skip_to(s, "flash")
    assert pick(s) == option_id("play_flash", "Weak Spot")
    choose(s, pick(s))
    assert pick(s) == option_id("target", cid(s, "Slime Blob"))


def test_AM_12_5_the_evaluation_follows_the_items_held_and_lost():
    def position(bags: dict, lost: int) -> dict:
        zones = {"pc:1:0": ["Reiko Sato"], "pc:2:1": ["Kenji Hoshino@1"], "it:0:1": ["Data Disk"], **bags}
        return scene(zones, {"phase": "move", "tallies": {"lost": lost}}, players=2)

    ahead = position({"bag:0:Reiko Sato": ["Golden Idol", "Photo Album"]}, 0)
    behind = position({"bag:1:Kenji Hoshino": ["Golden Idol", "Photo Album"]}, 0)
    lost = position({"bag:0:Reiko Sato": ["Golden Idol"]}, 2)
    assert evaluate(Turn(ahead), 0) > evaluate(Turn(behind), 0)
    assert evaluate(Turn(ahead), 0) > evaluate(Turn(lost), 0)
    for s in (ahead, behind, lost):
        assert 0.0 <= evaluate(Turn(s), 0) <= 1.0


def test_an_unknown_decision_or_verb_falls_back_to_passing():
    options = (Option("brand_new:3", "Something new", "brand_new", (3,)), Option("pass", "Pass", "pass"))
    turn = SimpleNamespace(
        seat=0,
        view={"zones": {}, "public": {}},
        decision=SimpleNamespace(kind="a_new_window", options=options),
    )
    assert heuristic(turn, random.Random(0)) == "pass"
    turn.decision = SimpleNamespace(kind="flash", options=options)
    assert heuristic(turn, random.Random(0)) == "pass"


def test_the_heuristic_always_chooses_a_legal_option():
    assert check_legal_over_playouts("ani-mayhem", range(2)) > 300


def test_the_heuristic_is_a_function_of_the_observation():
    assert check_function_of_observation("ani-mayhem", range(2), every=25) > 20


def test_AM_5_16_item_carriers_stay_on_the_field_instead_of_going_home():
    # nothing here is worth a Scavenge for them (the Space Port's Item needs Piloting, the Hospital Ward's Medicine),
    # and they stay out all the same: 1 Item of 3 does not yet keep the deck from half of them (AM-12.5)
    zones = {
        "pc:1:0": ["Reiko Sato", "Tomo the Cook"],
        "bag:0:Reiko Sato": ["Data Disk"],
        "it:0:1": None,
        "it:2:1": ["Secret Recipe"],
    }
    s = scene(zones, {"phase": "move"})
    for _ in range(40):
        if kind(s) == "scavenge" or s["result"] is not None:
            break
        choose(s, pick(s))
    assert where(s, "Reiko Sato") == where(s, "Tomo the Cook") == "Hot Springs Inn"


def test_AM_12_1_the_evaluation_counts_items_safe_at_home_above_items_at_risk():
    def position(zones: dict) -> dict:
        base = {"pc:1:0": ["Reiko Sato"], "pc:2:1": ["Kenji Hoshino@1"], "dz:2:0": ["Runaway Mecha"]}
        return scene({**base, **zones}, {"phase": "move"}, players=2)

    home = position({"pc:-1:0": ["Goro Tanks"], "bag:0:Goro Tanks": ["Data Disk"]})
    field = position({"pc:1:0": ["Reiko Sato", "Goro Tanks"], "bag:0:Goro Tanks": ["Data Disk"]})
    under = position({"pc:1:0": ["Reiko Sato", "Goro Tanks"], "it:1:1": ["Data Disk"]})
    taken = position({"pc:1:0": ["Reiko Sato", "Goro Tanks"], "loot:2:0:Runaway Mecha": ["Data Disk"]})
    scores = [evaluate(Turn(s), 0) for s in (home, field, under, taken)]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == 4
    # AM-12.5: an Item a Disaster carries off is one the deck is likelier to end with
    assert evaluate(Turn(taken), 1) < evaluate(Turn(under), 1)


def test_AM_8_13_attacks_a_major_it_can_only_defeat_with_weak_spot_in_hand():
    zones = {
        "pc:1:0": ["Kenji Hoshino", "Reiko Sato", "Tomo the Cook"],
        "dz:1:0": ["Giant Kaiju"],
        "loot:1:0:Giant Kaiju": ["Data Disk"],
    }
    without = scene(zones, {"phase": "move"})
    # Attack 8 wears Defense 6 down too slowly: the Kaiju would bonk the three first
    assert pick(without) != option_id("attack", cid(without, "Giant Kaiju"))
    armed = scene({**zones, "hand:0": ["Weak Spot"]}, {"phase": "move"})
    skip_to(armed, "move")  # past the Flash window that opens the phase
    # Defense 0 in the first round (AM-10.21, AM-8.13): it falls at once, for one Character and the Item back
    assert pick(armed) == option_id("attack", cid(armed, "Giant Kaiju"))


def test_AM_8_21_fights_on_when_the_major_falls_before_the_group_does_instead_of_taking_a_free_hit():
    zones = {
        "pc:1:0": ["Kenji Hoshino", "Reiko Sato", "Tomo the Cook"],
        "dz:1:0": ["Giant Kaiju"],
        "loot:1:0:Giant Kaiju": ["Data Disk"],
        "hand:0": ["Weak Spot"],
    }
    s = scene(zones, {"phase": "move"})
    skip_to(s, "move")
    choose(s, option_id("attack", cid(s, "Giant Kaiju")))
    skip_to(s, "run_or_fight")
    assert pick(s) == "fight"  # running would cost the Disaster's last attack all the same (AM-8.21)
    hopeless = scene({**zones, "hand:0": None}, {"phase": "move"})
    skip_to(hopeless, "move")
    choose(hopeless, option_id("attack", cid(hopeless, "Giant Kaiju")))
    skip_to(hopeless, "run_or_fight")
    assert pick(hopeless) == "run"


def test_AM_12_7_once_every_draw_pile_is_empty_a_weak_group_scavenges_the_stack_it_left_alone():
    zones = {"pc:1:0": ["Reiko Sato"], "ds:1:0": ["Slime Blob", "Runaway Mecha"], "it:1:0": ["Data Disk"]}
    waiting = scene(zones, {"phase": "scavenge"})
    assert pick(waiting) == "end"  # more Disasters will come: the stack stays shut (AM-5.16)
    last = scene({**zones, "draw:0": None}, {"phase": "scavenge"})
    # nothing left to draw: a round without change ends the game and the Item goes to the deck (AM-12.8)
    assert pick(last) == option_id("scavenge", cid(last, "Reiko Sato"))


def test_AM_7_10_gives_items_to_a_character_whose_skills_the_others_also_have():
    s = scene({"pc:0:1": ["Kenji Hoshino", "Reiko Sato", "Hikari Blaze"]}, {"phase": "scavenge"})
    choose(s, option_id("scavenge", cid(s, "Hikari Blaze")))
    while kind(s) == "group":
        choose(s, pick(s))
    skip_to(s, "share")
    # Kenji is the toughest (Defense 4) but the only one with Brawling, and Reiko the only one with Hacking: a
    # Disaster aims at carriers first (AM-8.7), and bonking either would cost the group a skill (AM-7.10)
    assert pick(s) == option_id("give_to", cid(s, "Hikari Blaze"))
    alone = scene({"pc:0:1": ["Kenji Hoshino", "Goro Tanks"]}, {"phase": "scavenge"})
    choose(alone, option_id("scavenge", cid(alone, "Goro Tanks")))
    while kind(alone) == "group":
        choose(alone, pick(alone))
    skip_to(alone, "share")
    assert pick(alone) == option_id("give_to", cid(alone, "Kenji Hoshino"))  # same skills: the toughest


def _play_move_phase(s: dict) -> None:
    for _ in range(60):
        if kind(s) == "scavenge" or s["result"] is not None:
            return
        choose(s, pick(s))


def test_AM_12_5_carriers_go_home_once_the_seat_holds_half_the_items_and_leads():
    zones = {
        "pc:0:0": ["Reiko Sato", "Kenji Hoshino"],
        "bag:0:Reiko Sato": ["Data Disk", "Photo Album"],
        "pc:2:1": ["Goro Tanks@1"],
    }
    # 2 of the 4 Items: the deck can no longer end with more than half (AM-12.5) and the rival holds none
    # (AM-12.6), so Reiko takes them home, where no Disaster reaches them (AM-5.28); Kenji goes on
    s = scene(zones, {"phase": "move"}, players=2)
    _play_move_phase(s)
    assert where(s, "Reiko Sato") == "Haven"
    assert where(s, "Kenji Hoshino") != "Haven"
    # 2 of 5 Items settle nothing yet: the carrier stays with the group (AM-6.10)
    more = scene({**zones, "it:1:0": ["Secret Recipe"]}, {"phase": "move"}, players=2)
    _play_move_phase(more)
    assert where(more, "Reiko Sato") == where(more, "Kenji Hoshino") != "Haven"


def test_AM_6_13_carriers_go_after_a_disaster_that_cannot_hurt_them_for_its_item():
    zones = {
        "pc:0:0": ["Unit Thirty-Three", "Biff the Brawler", "Reiko Sato"],
        "bag:0:Reiko Sato": ["Data Disk"],
        "it:0:1": None,
        "dz:1:0": ["Road Block Golem"],
        "loot:1:0:Road Block Golem": ["Photo Album"],
    }
    # Attack 2 gets through none of their Defenses (AM-8.14): entering, the carrier is attacked (AM-6.13) and the
    # group wins the Item the Golem would otherwise sit on for good (AM-5.22, AM-8.25)
    s = scene(zones, {"phase": "move"})
    _play_move_phase(s)
    assert where(s, "Reiko Sato") == "Hot Springs Inn"
    assert s["result"] is not None or where(s, "Biff the Brawler") == "Hot Springs Inn"
    # a Rogue Tank's Attack 3 would hurt Reiko: the carriers leave it alone
    tank = {
        **zones,
        "dz:1:0": ["Rogue Tank"],
        "loot:1:0:Road Block Golem": None,
        "loot:1:0:Rogue Tank": ["Photo Album"],
    }
    t = scene(tank, {"phase": "move"})
    _play_move_phase(t)
    assert where(t, "Reiko Sato") == "Police Station"
