"""State is plain data: independent clones, lossless canonical JSON, a stable hash."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.support.toy import TOY  # noqa: F401  (registers the toy game)

from cardsmith import core
from cardsmith.core.state import SHARED_PARTS, copy_data

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70), st.text(max_size=8)
)
plain = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=30,
)
states = st.fixed_dictionaries(
    {
        "game": st.text(max_size=5),
        # the core's flat parts (core.state): one level of containers holding immutable values
        "cards": st.lists(st.text(max_size=8), max_size=8),
        "owner": st.lists(st.one_of(st.none(), st.integers(0, 5)), max_size=8),
        "options": st.dictionaries(st.text(max_size=6), scalars, max_size=4),
        "zones": st.dictionaries(st.text(max_size=6), st.lists(st.integers(0, 50))),
    },
    optional={
        "g": plain,
        "events": st.lists(plain, max_size=4),
        "pending": st.one_of(st.none(), st.dictionaries(st.text(max_size=6), plain, max_size=4)),
        "flow": st.lists(plain, max_size=3),
    },
)


def mutate_everything(obj):
    if isinstance(obj, dict):
        for k in list(obj):
            mutate_everything(obj[k])
            obj[k] = "x"
        obj["new"] = 1
    elif isinstance(obj, list):
        for v in obj:
            mutate_everything(v)
        obj.append("x")


@given(states)
def test_a_clone_is_equal_and_independent_but_for_the_parts_an_ended_step_keeps(state):
    text = core.to_json(state)
    dup = core.clone(state)
    assert dup == state
    assert list(dup) == list(state)  # the keys keep their order
    for part in SHARED_PARTS & state.keys():  # the last step's events and the pending decision are shared
        assert dup[part] is state[part]
    mutate_everything({k: v for k, v in dup.items() if k not in SHARED_PARTS})
    assert core.to_json(state) == text


@given(plain)
def test_a_copy_of_plain_data_is_equal_and_independent(data):
    text = core.to_json({"data": data})
    dup = copy_data(data)
    assert dup == data
    mutate_everything(dup)
    assert core.to_json({"data": data}) == text


@given(states)
def test_json_round_trip_is_lossless(state):
    text = core.to_json(state)
    back = core.from_json(text)
    assert back == state
    assert core.to_json(back) == text
    assert core.state_hash(back) == core.state_hash(state)


def test_canonical_json_and_the_hash_are_pinned():
    state = {"zones": {"b": [2], "a": [1, 0]}, "game": "toy", "g": {"é": True, "n": None}}
    text = '{"g":{"n":null,"\\u00e9":true},"game":"toy","zones":{"a":[1,0],"b":[2]}}'
    assert core.to_json(state) == text
    assert core.state_hash(state) == hashlib.sha256(text.encode()).hexdigest()
    assert core.state_hash(state) == "b651248f460d0d59de07bb367c4550128165cb53056931ae6f6d8a330062510e"


def test_the_hash_ignores_key_order_and_sees_every_change():
    a = {"game": "toy", "zones": {"x": [1, 2]}, "g": {"k": 1, "j": [True]}}
    b = {"g": {"j": [True], "k": 1}, "zones": {"x": [1, 2]}, "game": "toy"}
    assert core.state_hash(a) == core.state_hash(b)
    changed = [
        {**a, "zones": {"x": [2, 1]}},
        {**a, "g": {"k": 1, "j": [1]}},
        {**a, "g": {"k": "1", "j": [True]}},
        {**a, "g": {"k": 1, "j": [True], "m": None}},
    ]
    hashes = {core.state_hash(s) for s in changed}
    assert len(hashes) == len(changed) and core.state_hash(a) not in hashes


def test_a_game_state_round_trips_and_hashes_stably():
    state = core.new_game("toy", 3, 21)
    assert core.clone(state) == state
    assert core.from_json(core.to_json(state)) == state
    assert core.state_hash(state) == core.state_hash(core.new_game("toy", 3, 21))
    core.resolve_chance(state)
    assert core.state_hash(state) != core.state_hash(core.new_game("toy", 3, 21))


@pytest.mark.parametrize("text", ["[]", '{"game": "toy"}', '{"zones": {}}', "3", '"state"'])
def test_from_json_refuses_what_is_not_a_state(text):
    with pytest.raises(ValueError, match="not a cardsmith state"):
        core.from_json(text)


def test_from_json_refuses_bad_json():
    with pytest.raises(ValueError):
        core.from_json("{game")
