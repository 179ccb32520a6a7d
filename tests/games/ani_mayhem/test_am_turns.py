"""Ani-Mayhem scenario tests, section 3: the turn and its phases (on the standard Field of the helpers)."""

from __future__ import annotations

from tests.support.ani_mayhem_helpers import (
    GAME,
    board,
    choose,
    choose_pair,
    cid,
    kind,
    names_in,
    opts,
    pairs,
    phase,
    public,
    refused,
    skip_to,
    stats,
    where,
)

from cardsmith.core import apply, new_game
from cardsmith.core.actions import option_id


def phases_seen(state: dict, count: int) -> list[str]:
    """Answer with pass/end/done until ``count`` phases have begun; list them in order."""
    out = [e["phase"] for e in state["events"] if e["t"] == "phase"]
    for _ in range(200):
        if len(out) >= count:
            break
        ids = opts(state)
        for oid in ("pass", "done", "end", "stop"):
            if oid in ids:
                apply(state, oid)
                break
        out += [e["phase"] for e in state["events"] if e["t"] == "phase"]
    return out[:count]


def test_AM_3_1_six_phases_in_order():
    s = board({"hand:0": ["Scooter"], "pc:-1:0": ["Kenji Hoshino"]}, {"phase": "discard"})
    assert phases_seen(s, 7) == ["discard", "reload", "maintenance", "equip", "move", "scavenge", "discard"]


def test_AM_3_2_the_first_players_first_turn_starts_at_equip():
    s = new_game(GAME, 2, 1)
    first = public(s)["first"]
    while phase(s) == "setup":
        ids = opts(s)
        apply(s, "done" if "done" in ids else ids[0])
    assert public(s)["active"] == first and public(s)["phase"] == "equip"
    seen = phases_seen(s, 9)
    # after the short first turn, the other player's first turn has all six phases
    assert seen[:3] == ["equip", "move", "scavenge"]
    assert seen[3:9] == ["discard", "reload", "maintenance", "equip", "move", "scavenge"]


def test_AM_3_3_turns_pass_in_seat_order_and_a_lone_player_takes_every_turn():
    s = board({"hand:0": ["Scooter"], "pc:-1:0": ["Kenji Hoshino"]}, {"phase": "scavenge"})
    skip_to(s, "discard")
    assert public(s)["active"] == 0 and public(s)["turns"] == [1]
    s = new_game(GAME, 3, 2)
    first = public(s)["first"]
    actives: list[int] = []
    while len(actives) < 4:
        if phase(s) != "setup" and (not actives or actives[-1] != public(s)["active"]):
            actives.append(public(s)["active"])
        ids = opts(s)
        apply(s, next((o for o in ("done", "end", "pass", "stop", "hide") if o in ids), ids[0]))
    assert actives == [first, (first + 1) % 3, (first + 2) % 3, first]


def test_AM_3_4_discard_any_cards_and_haven_characters_but_not_item_carriers():
    s = board(
        {
            "hand:0": ["Scooter", "Tailwind"],
            "pc:-1:0": ["Kenji Hoshino", "Reiko Sato"],
            "bag:0:Reiko Sato": ["Data Disk"],
        },
        {"phase": "discard"},
    )
    skip_to(s, "discard")
    assert opts(s) == ["discard_from_hand", "discard_from_haven", "done"]
    choose(s, "discard_from_hand")
    choose(s, option_id("discard", "Scooter"))
    choose(s, "discard_from_haven")
    refused(s, option_id("discard_character", cid(s, "Reiko Sato")))  # she carries an Item
    choose(s, option_id("discard_character", cid(s, "Kenji Hoshino")))
    assert names_in(s, "discard:0") == ["Scooter", "Kenji Hoshino"]
    assert opts(s) == ["discard_from_hand", "done"]


def test_AM_3_5_AM_3_6_reload_draws_until_seven_or_a_disaster():
    s = board(
        {
            "hand:0": ["Scooter", "Tailwind", "Team Spirit", "Kevlar Jacket"],
            "draw:0": ["First Aid", "Pickpocket", "Slime Blob", "Weak Spot"],
            "pc:-1:0": ["Kenji Hoshino"],
        },
        {"phase": "reload"},
    )
    assert sorted(names_in(s, "hand:0")) == sorted(
        ["First Aid", "Kevlar Jacket", "Pickpocket", "Scooter", "Team Spirit", "Tailwind"]
    )
    # AM-3.6: the Disaster went to the entry Location, not to the hand, and drawing stopped; in Maintenance it
    # then moved on (Movement 1).
    log: list = []
    skip_to(s, "equip", log=log)
    drawn = [e for e in log if e["t"] == "move" and e.get("cause") == "drawn"]
    steps = [e for e in log if e["t"] == "dstep"]
    assert [e["card"] for e in drawn] == [cid(s, "Slime Blob")] and drawn[0]["to"] == "dz"
    assert [s["cards"][e["from"]] for e in steps] == ["Space Port"]  # it entered on the entry Location
    assert where(s, "Slime Blob") == "Hospital Ward"
    assert names_in(s, "draw:0") == ["Weak Spot"]
    assert "Slime Blob" not in names_in(s, "hand:0")


def test_AM_3_7_seven_or_more_cards_draw_nothing_and_no_hand_limit():
    hand = [
        "Scooter",
        "Tailwind",
        "Team Spirit",
        "Kevlar Jacket",
        "First Aid",
        "Pickpocket",
        "Weak Spot",
        "Hover Tank",
    ]
    s = board({"hand:0": hand, "draw:0": ["Plasma Sword"], "pc:-1:0": ["Kenji Hoshino"]}, {"phase": "reload"})
    assert len(s["zones"]["hand:0"]) == 8 and names_in(s, "draw:0") == ["Plasma Sword"]


def test_AM_3_8_an_empty_draw_pile_just_stops_drawing():
    s = board(
        {
            "hand:0": ["Scooter"],
            "draw:0": None,
            "discard:0": ["Tailwind", "Team Spirit"],
            "pc:-1:0": ["Kenji Hoshino"],
        },
        {"phase": "reload"},
    )
    assert names_in(s, "hand:0") == ["Scooter"] and s["result"] is None
    assert names_in(s, "discard:0") == ["Team Spirit", "Tailwind"]  # never shuffled back


def test_AM_3_9_bonked_characters_return_first_and_count_toward_seven():
    hand = ["Scooter", "Tailwind", "Team Spirit", "Kevlar Jacket", "First Aid", "Pickpocket"]
    s = board(
        {"hand:0": hand, "bonked:0": ["Reiko Sato"], "draw:0": ["Weak Spot"], "pc:-1:0": ["Kenji Hoshino"]},
        {"phase": "reload", "ts": [3], "bonked": {"Reiko Sato": 1}},
    )
    assert kind(s) == "return_bonked"
    choose(s, option_id("return_character", "Reiko Sato"))
    assert "Reiko Sato" in names_in(s, "hand:0") and len(s["zones"]["hand:0"]) == 7
    assert names_in(s, "draw:0") == ["Weak Spot"]  # the returned Character counted toward 7


def test_AM_3_10_maintenance_moves_the_disasters():
    s = board({"dz:2:0": ["Slime Blob"], "pc:-1:0": ["Kenji Hoshino"]}, {"phase": "maintenance"})
    assert where(s, "Slime Blob") == "Hospital Ward"


def test_AM_3_11_equip_plays_characters_and_one_of_each_power_card():
    s = board(
        {
            "hand:0": ["Reiko Sato", "Bathhouse Pass", "Kevlar Jacket", "Team Spirit"],
            "draw:0": ["Weak Spot"],
            "pc:-1:0": ["Kenji Hoshino"],
        },
        {"phase": "equip"},
    )
    skip_to(s, "equip")
    ids = opts(s)
    assert option_id("play_character", "Reiko Sato", 0) in ids
    assert ("Bathhouse Pass", cid(s, "Kenji Hoshino")) in pairs(s, "play_enhancement")
    assert ("Kevlar Jacket", cid(s, "Kenji Hoshino")) in pairs(s, "play_equipment")
    assert option_id("play_global", "Team Spirit") in ids


def test_AM_3_12_move_phase_lets_characters_enter_and_fight():
    s = board({"pc:-1:0": ["Kenji Hoshino"], "pc:2:0": ["Reiko Sato"], "dz:2:0": ["Slime Blob"]})
    ids = opts(s)
    assert (
        option_id("move", cid(s, "Kenji Hoshino")) in ids and option_id("attack", cid(s, "Slime Blob")) in ids
    )


def test_AM_3_13_scavenge_phase_lets_characters_scavenge():
    s = board({"pc:0:1": ["Kenji Hoshino"]}, {"phase": "scavenge"})
    assert opts(s) == [option_id("scavenge", cid(s, "Kenji Hoshino")), "end"]


def test_AM_3_14_end_of_turn_restores_spent_energy_and_ends_turn_effects():
    # Orbital Strike costs Doctor Vex 3 of his 4 Energy outside combat; Dazzling Smile gives him Charm +3 this turn.
    s = board({"pc:1:1": ["Doctor Vex"], "hand:0": ["Dazzling Smile", "Orbital Strike"]})
    vex = cid(s, "Doctor Vex")
    assert kind(s) == "flash"
    choose_pair(s, "play_flash", "Dazzling Smile", vex)
    choose_pair(s, "play_flash", "Orbital Strike", vex)
    assert stats(s, "Doctor Vex")["cha"] == 5 and stats(s, "Doctor Vex")["nrg"] == 1
    skip_to(s, "move")
    assert stats(s, "Doctor Vex")["nrg"] == 1  # still spent in the same turn
    choose(s, "end")
    skip_to(s, "equip")
    assert public(s)["turns"] == [1]  # the next turn
    assert stats(s, "Doctor Vex")["cha"] == 2 and stats(s, "Doctor Vex")["nrg"] == 4
