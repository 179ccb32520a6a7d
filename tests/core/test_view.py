"""Views are derived from the declared visibility alone: hidden cards, marks, pending options, redacted events."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.playouts import decisions
from tests.support.toy import ToyGame

from cardsmith import core
from cardsmith.agents import RandomAgent
from cardsmith.core import ALL, NONE, OWNER, Visibility, ZoneKind
from cardsmith.core.scenario import state_from_scenario
from cardsmith.core.view import redact_event, view
from cardsmith.sim.runner import play


class ViewToy(ToyGame):
    """The toy with a shared pool, a mark that reveals, and public and private game data."""

    id = "toy-view"
    visibility = Visibility(
        {
            "deck": ZoneKind(NONE),
            "hand": ZoneKind(OWNER),
            "table": ZoneKind(ALL),
            "pool": ZoneKind(ALL, owned=False),
        },
        {"face_down": OWNER, "revealed": ALL},
    )

    def public_view(self, state):
        return {"current": state["g"]["current"]}

    def private_view(self, state, seat):
        return {"secret": f"for seat {seat}"}


@pytest.fixture
def game(registered):
    return registered(ViewToy())


def position(game_id="toy-view", current=0):
    """Seat 0 to play; cards listed top first, as in a scenario file."""
    return state_from_scenario(
        {
            "game": game_id,
            "players": 2,
            "zones": {
                "deck:0": ["1", "2", "3"],
                "hand:0": ["4", "1"],
                "hand:1": ["2", "3"],
                "table:1": ["4"],
                "deck:1": ["1"],
                "pool": ["2"],
            },
            "setup": {"current": current},
        }
    )


def entries(state, zone):
    return [[c, state["cards"][c]] for c in state["zones"][zone]]


def test_hidden_cards_are_none_and_counts_are_kept(game):
    state = position()
    mine, theirs, spectator = core.view(state, 0), core.view(state, 1), core.view(state, None)
    assert mine["zones"]["deck:0"] == [None, None, None]
    assert mine["zones"]["hand:0"] == entries(state, "hand:0")
    assert [e[1] for e in mine["zones"]["hand:0"]] == ["1", "4"]  # bottom first
    assert mine["zones"]["hand:1"] == [None, None]
    assert mine["zones"]["table:1"] == entries(state, "table:1")
    assert mine["zones"]["pool"] == entries(state, "pool")
    assert theirs["zones"]["hand:0"] == [None, None]
    assert theirs["zones"]["hand:1"] == entries(state, "hand:1")
    assert spectator["zones"]["hand:0"] == [None, None]
    assert spectator["zones"]["hand:1"] == [None, None]
    assert spectator["zones"]["table:1"] == entries(state, "table:1")
    for v in (mine, theirs, spectator):
        assert {z: len(e) for z, e in v["zones"].items()} == {
            z: len(ids) for z, ids in state["zones"].items()
        }


def test_marks_narrow_and_widen_what_a_seat_sees(game):
    state = position()
    down = state["zones"]["table:1"][0]
    shown = state["zones"]["hand:1"][0]
    state["marks"] = {str(down): "face_down", str(shown): "revealed"}
    for seat in (0, 1, None):
        v = core.view(state, seat)
        expect_down = [down, "4", "face_down"] if seat == 1 else [None, None, "face_down"]
        assert v["zones"]["table:1"] == [expect_down]
        assert v["zones"]["hand:1"][0] == [shown, state["cards"][shown], "revealed"]
        assert v["zones"]["hand:1"][1] == (entries(state, "hand:1")[1] if seat == 1 else None)


def test_pending_options_are_shown_only_to_the_deciding_seat(game):
    state = position(current=1)
    pending = state["pending"]
    assert pending["seat"] == 1
    summary = {"seat": 1, "kind": pending["kind"], "prompt": pending["prompt"]}
    assert core.view(state, 1)["pending"] == {**summary, "options": pending["options"]}
    assert core.view(state, 0)["pending"] == summary
    assert core.view(state, None)["pending"] == summary


def test_no_seat_sees_the_options_of_a_chance_decision(game):
    state = core.new_game("toy-view", 3, 1)
    assert state["pending"]["seat"] == core.CHANCE
    for seat in (0, 1, 2, None):
        assert "options" not in core.view(state, seat)["pending"]


def test_a_hidden_draw_shows_no_card_to_the_others(game):
    state = position()
    top = state["zones"]["deck:0"][-1]
    core.apply(state, "draw")
    full = {"t": "move", "card": top, "name": "1", "from": "deck:0", "to": "hand:0"}
    assert state["events"] == [{**full, "vis": [0]}]
    assert core.view(state, 0)["events"] == [full]
    hidden = {**full, "card": None, "name": None}
    assert core.view(state, 1)["events"] == [hidden]
    assert core.view(state, None)["events"] == [hidden]


def test_a_face_down_play_is_redacted_and_a_face_up_play_is_not(game):
    state = position()
    card = state["zones"]["hand:0"][-1]
    core.apply(state, f"down:{card}")
    assert core.view(state, 1)["events"][0]["card"] is None
    assert core.view(state, 0)["events"][0]["card"] == card
    state = position()
    core.apply(state, f"up:{card}")
    for seat in (0, 1, None):
        assert core.view(state, seat)["events"] == [
            {"t": "move", "card": card, "name": "4", "from": "hand:0", "to": "table:0"}
        ]


def test_redact_event():
    public = {"t": "score", "seat": 0, "points": 3}
    assert redact_event(public, 1) == public
    assert redact_event(public, None) == public
    secret = {"t": "peek", "seat": 0, "name": "4", "vis": [0]}
    assert redact_event(secret, 0) == {"t": "peek", "seat": 0, "name": "4"}
    assert secret["vis"] == [0]  # the stored event keeps its visibility
    assert redact_event(secret, 1) is None
    assert redact_event(secret, None) is None
    mark = {"t": "mark", "card": 7, "name": "2", "zone": "hand:0", "mark": "revealed", "vis": []}
    assert redact_event(mark, 0) == {
        "t": "mark",
        "card": None,
        "name": None,
        "zone": "hand:0",
        "mark": "revealed",
    }


def test_private_data_goes_only_to_its_seat(game):
    state = position()
    assert core.view(state, 0)["private"] == {"secret": "for seat 0"}
    assert core.view(state, 1)["private"] == {"secret": "for seat 1"}
    assert core.view(state, None)["private"] == {}
    assert core.view(state, 1)["public"] == {"current": 0}


def test_the_view_carries_no_rng_and_no_state_internals(game):
    state = position()
    v = core.view(state, 0)
    assert set(v) == {"game", "seat", "players", "turn", "step", "options", "zones", "public", "private", "pending",
                      "events", "result"}  # fmt: skip
    assert (v["game"], v["seat"], v["players"], v["step"], v["options"]) == ("toy-view", 0, 2, 0, {"cap": 40})
    other = core.clone(state)
    other["rng"] ^= 12345
    assert core.view(other, 0) == v


def test_the_result_is_public_once_the_game_is_over(game):
    state = state_from_scenario({"game": "toy-view", "zones": {"table:0": ["3"], "table:1": ["2"]}})
    assert state["pending"] is None
    for seat in (0, 1, None):
        v = core.view(state, seat)
        assert v["pending"] is None
        assert v["result"] == {"winners": [0], "draw": False, "reason": "highest total"}


def finished_toy():
    state = core.new_game("toy", 2, 3)
    play(state, [RandomAgent(0), RandomAgent(1)])
    return state


def test_changing_the_zones_or_options_of_a_view_does_not_change_the_state(game):
    state = position()
    before = core.state_hash(state)
    v = core.view(state, 0)
    v["zones"]["hand:0"][0][1] = "changed"
    v["zones"]["deck:0"].clear()
    v["pending"]["options"][0][0] = "changed"
    v["pending"]["options"].clear()
    assert core.state_hash(state) == before


def _scribble_options(state):
    core.view(state, 0)["options"]["cap"] = 4


def _scribble_default_public(state):
    core.view(state, 0)["public"]["current"] = 1 - (state["g"]["current"] or 0)


def _scribble_event(state):
    core.view(state, 1)["events"][-1]["name"] = "changed"


def _scribble_result(state):
    core.view(state, 1)["result"]["winners"].append(1)


@pytest.mark.parametrize(
    "scribble", [_scribble_options, _scribble_default_public, _scribble_event, _scribble_result]
)
def test_changing_a_view_does_not_change_the_state(scribble):
    state = finished_toy()
    before = core.state_hash(state)
    scribble(state)
    assert core.state_hash(state) == before


names = st.sampled_from(["1", "2", "3", "4"])
placements = st.lists(
    st.tuples(names, st.sampled_from(["deck", "hand", "table", "pool"]), st.integers(0, 3),
              st.sampled_from([None, None, "face_down", "revealed"])),
    max_size=24,
)  # fmt: skip


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 4), cards=placements)
def test_view_entries_agree_with_card_visible(game, players, cards):
    state = core.blank_state(game, players, 0)
    for name, kind, seat, mark in cards:
        zone = kind if kind == "pool" else f"{kind}:{seat % players}"
        cid = game.new_card(state, name, zone, seat % players)
        if mark:
            state["marks"][str(cid)] = mark
    state["g"] = {"current": 0}
    for seat in [*range(players), None]:
        v = core.view(state, seat)
        for zone, ids in state["zones"].items():
            expected = []
            for cid in ids:
                mark = state["marks"].get(str(cid))
                seen = game.visibility.card_visible(state, cid, zone, seat)
                entry = [cid, state["cards"][cid]] if seen else [None, None]
                expected.append(entry + [mark] if mark else entry if seen else None)
            assert v["zones"][zone] == expected


@pytest.mark.parametrize("game_id", ["martial-arts", "dbz", "taidian", "bpoker", "ani-mayhem"])
def test_a_view_without_its_copy_says_the_same_and_a_copied_one_shares_nothing(game_id):
    for k, state in enumerate(decisions(game_id, 2, [1], 60)):
        if k % 4:
            continue
        for seat in (0, 1, None):
            shared, copied = view(state, seat, copy=False), view(state, seat)
            assert shared == copied
            assert list(shared) == list(copied) and list(shared["zones"]) == list(copied["zones"])
            assert all(shared["zones"][z] == copied["zones"][z] for z in reversed(copied["zones"]))
            copied["public"]["probe"] = copied["zones"]["probe"] = 1  # the caller's to change
            assert "probe" not in state["g"] and "probe" not in state["zones"]
