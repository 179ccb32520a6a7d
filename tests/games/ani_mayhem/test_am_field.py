"""Ani-Mayhem scenario tests, section 4: the Field, the Disaster path and destroyed Locations.

Standard Field (see tests/support/ani_mayhem_helpers.py): path Space Port, Hospital Ward, Hot Springs Inn,
Haunted Shrine, Police Station, Shopping Arcade.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.ani_mayhem_helpers import (
    GAME,
    PATH,
    args_of,
    at,
    board,
    cell,
    choose,
    choose_pair,
    cid,
    kind,
    names_in,
    offered,
    opts,
    public,
    refused,
    steps_left,
    where,
    zone_of,
)

from cardsmith.core import apply, from_json, new_game, to_json, view
from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.board import discard
from cardsmith.games.ani_mayhem.grid import distance
from cardsmith.games.ani_mayhem.rules import CARDS
from cardsmith.records.record import RecordError, load_record, record_digest, verify

RECORDED = Path(__file__).parents[2] / "records" / "recorded"


def path_names(s: dict) -> list[str]:
    """The Disaster path (table orientation) as the public view shows it."""
    return [s["cards"][p] for p in public(s)["routes"]["0"]]


def cells_taken(s: dict) -> list[tuple[int, int]]:
    return [(x, y) for _, x, y, *_ in public(s)["cells"]]


def test_AM_4_1_a_grid_of_cells_each_holding_one_card():
    s = new_game(GAME, 1, 11)
    while kind(s) == "place_location":
        taken = set(cells_taken(s))
        cells = set(args_of(s, "place"))
        assert len(cells) == len(opts(s)) and not cells & taken
        refused(s, option_id("place", 0, 0))  # the first Location's cell
        apply(s, opts(s)[0])
    assert len(set(cells_taken(s))) == len(cells_taken(s))


def test_AM_4_2_eight_neighbours_diagonals_included():
    s = board({"pc:0:0": ["Kenji Hoshino"]})
    choose(s, option_id("move", cid(s, "Kenji Hoshino")))
    assert sorted(s["cards"][q] for q in offered(s, "step_to")) == [  # every neighbour of the Police Station
        "Cafe Hideout",
        "Haunted Shrine",
        "Hot Springs Inn",
        "Shopping Arcade",
    ]
    choose(s, option_id("step_to", cid(s, "Haunted Shrine")))  # diagonal step
    assert where(s, "Kenji Hoshino") == "Haunted Shrine"


def test_AM_4_3_the_path_reads_columns_right_to_left_top_to_bottom():
    s = board({"pc:-1:0": ["Kenji Hoshino"]})
    assert path_names(s) == PATH
    assert CARDS.cards["Cafe Hideout"].name not in path_names(s)  # Havens are skipped


def test_AM_4_4_one_orientation_for_everyone():
    s = board(
        {
            "pc:-1:0": ["Kenji Hoshino"],
            "field:3:1": ["Temple Sanctuary@1"],
            "dz:2:0": ["Slime Blob@1"],
            "dz:0:0": ["Tar Pit@0"],
        },
        players=2,
    )
    assert list(public(s)["routes"]) == ["0"]  # one route, which both Disasters follow
    assert where(s, "Slime Blob") == "Space Port" and path_names(s)[0] == "Space Port"


def test_AM_4_5_the_entry_location_is_the_top_of_the_right_most_column():
    s = board({"pc:-1:0": ["Kenji Hoshino"], "dz:0:0": ["Slime Blob"]})
    assert path_names(s)[0] == "Space Port"
    s = board({"pc:-1:0": ["Kenji Hoshino"], "dz:0:0": ["Slime Blob"]}, {"destroyed": [[2, 0]]})
    assert path_names(s)[0] == "Hospital Ward"


def test_AM_4_6_disasters_treat_destroyed_locations_as_absent():
    # The Slime Blob (Movement 1) on the Space Port steps over the destroyed Hospital Ward.
    s = board(
        {"pc:-1:0": ["Kenji Hoshino"], "dz:2:0": ["Slime Blob"]},
        {"phase": "maintenance", "destroyed": [[2, 1]]},
    )
    assert path_names(s) == [n for n in PATH if n != "Hospital Ward"]
    assert where(s, "Slime Blob") == "Hot Springs Inn"


def test_AM_4_7_nothing_can_discard_a_location():
    s = board({"pc:-1:0": ["Kenji Hoshino"]})
    inn = cid(s, "Hot Springs Inn")
    discard(s, inn, "field", "discard")
    assert zone_of(s, inn) == "field" and names_in(s, "discard:0") == []


def test_AM_4_8_only_an_explicit_effect_destroys_and_the_card_stays_face_down():
    s = board({"pc:1:1": ["Doctor Vex"], "hand:0": ["Orbital Strike"]})
    shrine = cid(s, "Haunted Shrine")
    choose_pair(s, "play_flash", "Orbital Strike", cid(s, "Doctor Vex"))
    assert cell(s, shrine)["dead"] and s["marks"][str(shrine)] == "destroyed"
    assert zone_of(s, shrine) == "field" and cell(s, shrine)["xy"] == [1, 1]


def test_AM_4_9_moving_through_but_never_stopping_on_a_destroyed_location():
    s = board({"pc:0:0": ["Reiko Sato"]}, {"destroyed": [[1, 0]]})
    reiko = cid(s, "Reiko Sato")
    choose(s, option_id("move", reiko))
    left = steps_left(s)
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))  # a step onto it costs 1 like any other
    assert where(s, "Reiko Sato") == "Hot Springs Inn"
    assert "stop" not in opts(s)
    assert steps_left(s) == left - 1
    choose(s, option_id("step_to", cid(s, "Space Port")))
    assert "stop" in opts(s)
    # with only one step left a Character may not step onto a destroyed Location it could not leave
    s = board({"pc:0:0": ["Kenji Hoshino"]}, {"destroyed": [[1, 1], [2, 1], [2, 0]]})
    kenji = cid(s, "Kenji Hoshino")
    choose(s, option_id("move", kenji))
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    refused(
        s, option_id("step_to", cid(s, "Space Port"))
    )  # Space Port is destroyed and Kenji would have no step left


def test_AM_4_10_destroying_a_location_destroys_items_discards_hidden_disasters_and_equipment():
    s = board(
        {
            "pc:1:1": ["Doctor Vex"],
            "hand:0": ["Orbital Strike"],
            "it:1:1": ["Data Disk"],
            "ds:1:1": ["Slime Blob", "Tar Pit"],
            "eq:1:1": ["Scooter"],
        }
    )
    choose_pair(s, "play_flash", "Orbital Strike", cid(s, "Doctor Vex"))
    assert zone_of(s, "Data Disk") == "destroyed" and public(s)["destroyed_items"] == 1
    assert sorted(names_in(s, "discard:0")) == ["Orbital Strike", "Scooter", "Slime Blob", "Tar Pit"]
    hidden = [e for e in view(s, 0)["zones"]["discard:0"] if e[0] is None]
    assert len(hidden) == 2  # the Disasters were discarded unseen


def test_AM_4_11_characters_on_a_destroyed_location_stay_but_may_not_scavenge_it():
    s = board({"pc:1:1": ["Doctor Vex"], "hand:0": ["Orbital Strike"]})
    choose_pair(s, "play_flash", "Orbital Strike", cid(s, "Doctor Vex"))
    assert where(s, "Doctor Vex") == "Haunted Shrine"
    choose(s, option_id("move", cid(s, "Doctor Vex")))
    assert "stop" not in opts(s)  # not even a 0-step action may end on it
    s = board(
        {"pc:1:1": ["Doctor Vex"], "pc:0:1": ["Aya Kisaragi"]}, {"phase": "scavenge", "destroyed": [[1, 1]]}
    )
    needs = set(CARDS.cards["Haunted Shrine"].skills)
    assert needs <= set(
        public(s)["chars"][str(cid(s, "Doctor Vex"))]["skills"]
    )  # he has the skill (Sorcery)...
    assert opts(s) == [
        option_id("scavenge", cid(s, "Aya Kisaragi")),
        "end",
    ]  # ...but may not Scavenge the destroyed Shrine


def test_AM_4_12_distance_counts_steps_through_location_cells_only():
    grid = {
        "field:0:0": ["Police Station"],
        "field:1:0": ["Hot Springs Inn"],
        "field:2:0": ["Space Port"],
        "field:-1:0": ["Cafe Hideout@0"],
        "field:-2:0": ["Shopping Arcade"],
        "it:2:0": ["Golden Idol"],
        "draw:0": ["Team Spirit"],
        "pc:-1:0": ["Kenji Hoshino"],
    }
    s = board(grid=grid)
    police, port, arcade = cid(s, "Police Station"), cid(s, "Space Port"), cid(s, "Shopping Arcade")
    assert distance(s, police, port) == 2
    assert distance(s, arcade, police) is None  # only through the Haven
    s = board(grid=grid, setup={"destroyed": [[1, 0]]})
    assert distance(s, police, port) == 2  # destroyed Locations still count


def test_AM_4_13_three_piles_under_a_location():
    s = board(
        {
            "ds:1:0": ["Slime Blob"],
            "it:1:0": ["Data Disk"],
            "eq:1:0": ["Scooter"],
            "pc:-1:0": ["Kenji Hoshino"],
        }
    )
    inn = at(s, 1, 0)
    v = view(s, 0)
    assert v["zones"][f"ds:{inn}"] == [None] and v["zones"][f"it:{inn}"] == [None]
    assert v["zones"][f"eq:{inn}"] == [[cid(s, "Scooter"), "Scooter"]]


def test_AM_4_2_AM_4_3_a_state_read_back_from_json_has_the_same_neighbours_and_path():
    s = from_json(to_json(board({"pc:0:0": ["Kenji Hoshino"]})))
    assert path_names(s) == PATH
    choose(s, option_id("move", cid(s, "Kenji Hoshino")))
    assert sorted(s["cards"][q] for q in offered(s, "step_to")) == [
        "Cafe Hideout",
        "Haunted Shrine",
        "Hot Springs Inn",
        "Shopping Arcade",
    ]


def test_AM_4_2_a_record_of_rules_version_4_whose_state_kept_the_geometry_is_refused_naming_both_versions():
    record = load_record(RECORDED / "random" / "ani-mayhem-0.json")
    old = {**record, "rules_version": "4"}
    old["digest"] = record_digest(old)
    with pytest.raises(
        RecordError,
        match=r"^record does not replay: it was made with ani-mayhem rules version '4', these are version '5'$",
    ):
        verify(old)
