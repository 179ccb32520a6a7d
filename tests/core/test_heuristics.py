"""The pieces every game's rules of thumb share (:mod:`cardsmith.core.heuristics`)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from cardsmith.core.heuristics import choose_by_kind, logistic, outcome, view_of


def _turn(kind: str, ids: list[str]):
    options = [SimpleNamespace(id=i, verb=i, args=()) for i in ids]
    return SimpleNamespace(decision=SimpleNamespace(kind=kind, options=options), view={"v": 1}, seat=1)


def test_the_rule_for_the_decisions_kind_answers_it_with_the_view_seat_and_options():
    seen = []

    def rule(view, seat, options):
        seen.append((view, seat, [o.id for o in options]))
        return options[-1].id

    assert choose_by_kind(_turn("block", ["a", "b"]), random.Random(0), {"block": rule}) == "b"
    assert seen == [({"v": 1}, 1, ["a", "b"])]


def test_one_option_is_taken_without_asking_a_rule_and_an_uncovered_kind_is_a_seeded_choice():
    def never(view, seat, options):
        raise AssertionError("asked")

    assert choose_by_kind(_turn("block", ["only"]), random.Random(0), {"block": never}) == "only"
    ids = [str(i) for i in range(20)]
    first = [choose_by_kind(_turn("other", ids), random.Random(5), {"block": never}) for _ in range(3)]
    assert len(set(first)) == 1 and first[0] in ids
    picks = {choose_by_kind(_turn("other", ids), random.Random(seed), {}) for seed in range(30)}
    assert len(picks) > 1


def test_a_finished_game_is_worth_one_to_a_winner_a_half_in_a_draw_and_nothing_to_a_loser():
    assert outcome({"result": None}, 0) is None
    assert outcome({}, 0) is None
    assert outcome({"result": {"winners": [1], "draw": False}}, 1) == 1.0
    assert outcome({"result": {"winners": [1], "draw": False}}, 0) == 0.0
    assert outcome({"result": {"winners": [], "draw": True}}, 0) == 0.5


def test_view_of_takes_the_view_out_of_an_observation_or_keeps_a_view():
    view = {"zones": {}}
    assert view_of(view) is view
    assert view_of(SimpleNamespace(view=view)) is view


@given(st.floats(min_value=-30, max_value=30), st.floats(min_value=-30, max_value=30))
def test_logistic_is_a_chance_that_grows_with_the_score(a, b):
    assert 0.0 < logistic(a) < 1.0
    assert abs(logistic(a) + logistic(-a) - 1.0) < 1e-12
    if a < b:
        assert logistic(a) <= logistic(b)
