"""Typed options and the action space: ids built and parsed by the core, encode and decode exact inverses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.support.toy import TOY

from cardsmith import core
from cardsmith.core.actions import (
    ActionSpace,
    CardArg,
    ChoiceArg,
    IntArg,
    SeatArg,
    UnknownVerb,
    Verb,
    Verbs,
    option,
    option_id,
)


class _Game:
    max_players = 4

    def card_names(self) -> set[str]:
        return {"Iron Wall", "Jab", "Tiger: Claw"}


VERBS = (
    Verb("pass"),
    Verb("block", (CardArg("card"),)),
    Verb("place", (IntArg("x", -2, 2), IntArg("y", 0, lambda players, options: players))),
    Verb("give", (SeatArg("to"), ChoiceArg("what", ("life", "energy")))),
)
SPACE = ActionSpace(VERBS, 3, {}, _Game())


def test_ids_are_built_from_verb_and_arguments_and_parsed_back_typed():
    assert option("block", "Iron Wall", label="Block") == ["block:Iron Wall", "Block"]
    assert option("pass", label="Pass") == ["pass", "Pass"]
    action = Verbs(VERBS).parse("place:-1:3")
    assert action == ("place:-1:3", "place", (-1, 3)) and action.args == (-1, 3)
    assert Verbs(VERBS).parse("block:Tiger: Claw").args == ("Tiger: Claw",)  # the last argument may hold ':'


@pytest.mark.parametrize("bad", ["fold", "pass:1", "block", "place:1", "place:a:1", "give:x:life", ""])
def test_ids_that_fit_no_verb_are_refused(bad):
    with pytest.raises(UnknownVerb):
        Verbs(VERBS).parse(bad)


def test_the_space_is_the_sum_of_each_verbs_argument_domains():
    # pass 1 + block 3 cards + place 5 x 4 (y from 0 to players=3) + give 4 seats x 2 words
    assert SPACE.size == 1 + 3 + 20 + 8
    assert [row["first"] for row in SPACE.describe()] == [0, 1, 4, 24]
    assert SPACE.encode("pass") == 0 and SPACE.encode("block:Iron Wall") == 1
    assert SPACE.decode(SPACE.size - 1) == "give:3:energy"


@given(st.integers(min_value=0, max_value=SPACE.size - 1))
def test_decode_then_encode_is_the_identity(index):
    assert SPACE.encode(SPACE.decode(index)) == index


@given(st.sampled_from(["block:Jab", "place:2:0", "place:-2:3", "give:0:life", "pass"]))
def test_encode_then_decode_is_the_identity(oid):
    assert SPACE.decode(SPACE.encode(oid)) == oid


@pytest.mark.parametrize("bad", ["block:Kick", "place:3:0", "place:0:4", "give:4:life", "give:0:gold"])
def test_arguments_outside_their_domain_have_no_index(bad):
    with pytest.raises(UnknownVerb):
        SPACE.encode(bad)


@pytest.mark.parametrize("bad", [-1, SPACE.size, True, 1.0, "0"])
def test_indices_outside_the_space_are_refused(bad):
    with pytest.raises(IndexError):
        SPACE.decode(bad)


def test_verbs_take_at_most_two_arguments_and_names_are_unique():
    with pytest.raises(ValueError, match="at most two"):
        Verb("triple", (IntArg("a", 0, 1), IntArg("b", 0, 1), IntArg("c", 0, 1)))
    with pytest.raises(ValueError, match="declared twice"):
        Verbs([Verb("pass"), Verb("pass")])
    with pytest.raises(ValueError, match="no ':'"):
        Verb("a:b")


def test_a_games_mask_marks_exactly_its_legal_options_and_decisions_carry_parsed_options():
    state = core.new_game(TOY, 3, 4)
    core.resolve_chance(state)
    mask = core.legal_mask(state)
    legal = core.legal_ids(state)
    assert (
        len(mask) == core.action_space(state).size == 4 + 2 * 12 + 1
    )  # first: 4 seats of the largest table; up, down: 12 card ids; draw
    assert [i for i, bit in enumerate(mask) if bit] == sorted(core.encode(state, oid) for oid in legal)
    assert [core.decode(state, core.encode(state, oid)) for oid in legal] == legal
    pending = core.decision(state)
    assert {(o.verb, o.args) for o in pending.options} == {
        (a.verb, a.args) for a in map(TOY.parse_action, legal)
    }
    assert option_id("up", 7) == "up:7"
