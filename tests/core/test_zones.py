"""Zones and marks declare visibility; ``Visibility.move`` and ``set_mark`` are the recorded primitives."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.core import ALL, NONE, OWNER, Visibility, ZoneKind
from cardsmith.core.zones import (
    find_card,
    owner_plus,
    set_mark,
    zone_kind,
    zone_name,
    zone_owner,
)

VIS = Visibility(
    {
        "deck": ZoneKind(NONE),
        "hand": ZoneKind(OWNER),
        "table": ZoneKind(ALL),
        "pool": ZoneKind(ALL, owned=False),
        "vault": ZoneKind(OWNER, owned=False),
        "pile": ZoneKind(NONE, owned=False),
    },
    {"face_down": OWNER, "revealed": ALL, "lost": NONE},
)


def make_state(players=3):
    """Cards 0..8: three per seat in that seat's deck (0-2 seat 0, ...); then one card in each other zone."""
    zones = {f"{kind}:{s}": [] for kind in ("deck", "hand", "table") for s in range(players)}
    zones.update({"pool": [], "vault": [], "pile": []})
    cards, owner = [], []
    for s in range(players):
        for k in range(3):
            zones[f"deck:{s}"].append(len(cards))
            cards.append(f"C{s}{k}")
            owner.append(s)
    return {"players": players, "cards": cards, "owner": owner, "zones": zones, "marks": {}, "events": []}


def test_zone_names():
    assert zone_name("hand", 2) == "hand:2"
    assert zone_name("pool") == "pool"
    assert zone_kind("field:2:3") == "field"
    assert zone_owner("field:2:3") == 2
    assert zone_owner("hand:0") == 0
    assert zone_owner("pool") is None
    assert zone_owner("hand:x") is None
    assert zone_owner("hand:-1") is None


def test_undeclared_visibilities_are_refused():
    with pytest.raises(ValueError, match="unknown visibility 'public'"):
        ZoneKind("public")
    with pytest.raises(ValueError, match="mark 'up': unknown visibility 'everyone'"):
        Visibility({"deck": ZoneKind(NONE)}, {"up": "everyone"})


def test_valid_zone():
    assert VIS.valid_zone("hand:0", 2)
    assert VIS.valid_zone("hand:1", 2)
    assert not VIS.valid_zone("hand:2", 2)
    assert not VIS.valid_zone("hand", 2)
    assert not VIS.valid_zone("hand:x", 2)
    assert VIS.valid_zone("pool", 2)
    assert not VIS.valid_zone("graveyard:0", 2)
    assert VIS.valid_zone("table:1:front", 2)


@pytest.mark.parametrize(
    ("zone", "seers"),
    [
        ("deck:1", []),
        ("hand:1", [1]),
        ("table:1", [0, 1, 2, None]),
        ("pool", [0, 1, 2, None]),
        ("vault", []),  # an OWNER zone nobody owns: nobody
        ("pile", []),
    ],
)
def test_zone_visibility(zone, seers):
    state = make_state()
    for seat in (0, 1, 2, None):
        assert VIS.card_visible(state, 4, zone, seat) is (seat in seers)
    assert sorted(VIS.seats_seeing(state, 4, zone)) == [s for s in seers if s is not None]


@pytest.mark.parametrize(
    ("mark", "zone", "seers"),
    [
        ("face_down", "table:1", [1]),  # narrows a public zone to its owner
        ("face_down", "pool", []),  # ... and to nobody in a shared zone
        ("revealed", "hand:1", [0, 1, 2, None]),  # widens a private zone
        ("revealed", "deck:1", [0, 1, 2, None]),
        ("lost", "table:1", []),
        ("face_down", "deck:1", [1]),  # a mark decides on its own, whatever the zone says
    ],
)
def test_mark_visibility_overrides_the_zone(mark, zone, seers):
    state = make_state()
    state["marks"]["4"] = mark
    for seat in (0, 1, 2, None):
        assert VIS.card_visible(state, 4, zone, seat) is (seat in seers)
    assert sorted(VIS.seats_seeing(state, 4, zone)) == [s for s in seers if s is not None]
    unmarked = make_state()  # an unmarked card in the same zone still follows the zone (and its cached seers)
    for seat in (0, 1, 2, None):
        assert VIS.card_visible(state, 5, zone, seat) is VIS.card_visible(unmarked, 5, zone, seat)
    assert sorted(VIS.seats_seeing(state, 5, zone)) == sorted(VIS.seats_seeing(unmarked, 5, zone))


def test_zone_info_refuses_an_undeclared_kind():
    with pytest.raises(KeyError):
        VIS.zone_info("graveyard:0")


def place(state, card, zone):
    """Put a card somewhere by hand (test setup, no event)."""
    state["zones"][find_card(state, card)].remove(card)
    state["zones"][zone].append(card)


def _move(state, card, src, dst, **kw):
    VIS.move(state, card, src, dst, **kw)
    return state["events"][-1]


def test_move_puts_the_card_on_top_and_records_an_event():
    state = make_state()
    event = _move(state, 2, "deck:0", "hand:0", cause="draw")
    assert state["zones"]["deck:0"] == [0, 1]
    assert state["zones"]["hand:0"] == [2]
    assert event == {
        "t": "move",
        "card": 2,
        "name": "C02",
        "from": "deck:0",
        "to": "hand:0",
        "vis": [0],
        "cause": "draw",
    }
    assert len(state["events"]) == 1


def test_move_at_an_index():
    state = make_state()
    _move(state, 5, "deck:1", "deck:0", index=0)
    assert state["zones"]["deck:0"] == [5, 0, 1, 2]
    assert state["zones"]["deck:1"] == [3, 4]


@pytest.mark.parametrize(
    ("src", "dst", "mark", "vis"),
    [
        ("deck:0", "hand:0", None, [0]),  # a draw: only the drawer learns the card
        ("hand:0", "hand:1", None, [0, 1]),  # a gift: giver and taker
        ("hand:0", "table:0", None, None),  # played face up: everyone (no "vis" key)
        ("hand:0", "table:0", "face_down", [0]),  # played face down: only its owner
        ("table:0", "deck:0", None, None),  # seen on the way in, so the event is public
        ("deck:0", "deck:1", None, []),  # nobody sees it at either end
        ("deck:0", "pool", None, None),  # a public reveal
        ("deck:0", "pile", None, []),
        ("hand:2", "vault", None, [2]),
    ],
)
def test_move_event_visibility(src, dst, mark, vis):
    state = make_state()
    place(state, 8, src)
    event = _move(state, 8, src, dst, mark=mark)
    if vis is None:
        assert "vis" not in event
    else:
        assert event["vis"] == vis
    assert state["marks"].get("8") == mark


def test_move_clears_the_mark_and_sets_a_new_one():
    state = make_state()
    place(state, 0, "table:0")
    state["marks"] = {"0": "face_down", "1": "lost"}
    event = _move(state, 0, "table:0", "hand:0")
    assert state["marks"] == {"1": "lost"}
    assert event["vis"] == [0]
    _move(state, 0, "hand:0", "table:0", mark="revealed")
    assert state["marks"] == {"1": "lost", "0": "revealed"}


def test_a_revealed_card_moved_away_stays_named_in_the_event():
    state = make_state()
    state["marks"]["1"] = "revealed"  # card 1 shown to all while in seat 0's deck
    event = _move(state, 1, "deck:0", "deck:1")
    assert "vis" not in event and event["name"] == "C01"
    assert state["marks"] == {}
    assert not VIS.seats_seeing(state, 1, "deck:1")


def test_move_refuses_a_card_that_is_not_in_the_source_zone_and_changes_nothing():
    state = make_state()
    before = copy.deepcopy(state)
    with pytest.raises(ValueError):
        VIS.move(state, 3, "deck:0", "hand:0")
    assert state == before


def test_move_refuses_an_undeclared_mark():
    state = make_state()
    with pytest.raises(KeyError, match="undeclared mark 'shiny'"):
        VIS.move(state, 0, "deck:0", "hand:0", mark="shiny")


@pytest.mark.parametrize(("dst", "mark"), [("hand:0", "shiny"), ("graveyard:0", None)])
def test_a_failed_move_changes_nothing(dst, mark):
    state = make_state()
    before = copy.deepcopy(state)
    with pytest.raises(KeyError):
        VIS.move(state, 0, "deck:0", dst, mark=mark)
    assert state == before


def test_set_mark_records_who_may_see_the_card():
    state = make_state()
    place(state, 3, "table:1")
    set_mark(state, VIS, 3, "table:1", "face_down")  # it was public before: the event is public
    assert state["marks"] == {"3": "face_down"}
    assert state["events"][-1] == {
        "t": "mark",
        "card": 3,
        "name": "C10",
        "zone": "table:1",
        "mark": "face_down",
    }
    set_mark(state, VIS, 4, "deck:1", "lost")  # hidden before and after: nobody
    assert state["events"][-1]["vis"] == []
    place(state, 5, "hand:1")
    set_mark(state, VIS, 5, "hand:1", "face_down")  # the owner only, before and after
    assert state["events"][-1]["vis"] == [1]
    set_mark(state, VIS, 5, "hand:1", None)
    assert "5" not in state["marks"]
    assert state["events"][-1]["mark"] is None and state["events"][-1]["vis"] == [1]
    with pytest.raises(KeyError, match="undeclared mark 'x'"):
        set_mark(state, VIS, 4, "deck:1", "x")


def test_find_card():
    state = make_state()
    assert find_card(state, 4) == "deck:1"
    state["zones"]["deck:1"].remove(4)
    with pytest.raises(KeyError, match="card 4 is in no zone"):
        find_card(state, 4)


ZONES = ["deck:0", "deck:1", "hand:0", "hand:1", "hand:2", "table:1", "pool", "vault", "pile"]
MARKS = [None, "face_down", "revealed", "lost", owner_plus([1]), owner_plus([0, 2])]


@given(
    st.sampled_from(ZONES), st.sampled_from(MARKS), st.sampled_from(ZONES), st.sampled_from(MARKS)
)  # fmt: skip
def test_the_cached_move_visibility_is_who_sees_the_card_before_or_after(src, old, dst, new):
    vis = Visibility(VIS.zone_kinds, {**VIS.mark_kinds, **{m: m for m in MARKS[4:]}})
    state = make_state()
    place(state, 8, src)
    if old is not None:
        state["marks"]["8"] = old
    before = vis.seats_seeing(state, 8, src)
    vis.move(state, 8, src, dst, mark=new)
    seen = before | vis.seats_seeing(state, 8, dst)
    event = state["events"][-1]
    assert event.get("vis", [0, 1, 2]) == sorted(seen)
    assert ("vis" in event) == (len(seen) < 3)


def test_move_all_is_the_same_as_moving_each_card_and_refuses_without_moving_anything():
    one, each = make_state(), make_state()
    state_marks = {"1": "revealed"}
    one["marks"].update(state_marks)
    each["marks"].update(state_marks)
    VIS.move_all(one, [2, 0, 1], "deck:0", "hand:1", cause="gift")
    for card in (2, 0, 1):
        VIS.move(each, card, "deck:0", "hand:1", cause="gift")
    assert one == each
    before = copy.deepcopy(one)
    for bad in ([3, 99], [4, 4]):
        with pytest.raises(ValueError, match="move_all"):
            VIS.move_all(one, bad, "deck:1", "table:1")
        assert one == before
