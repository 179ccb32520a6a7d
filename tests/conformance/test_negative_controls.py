"""Negative controls: the conformance checks provably fail on games (and an engine) that break the rules they check.

Each broken toy variant is registered for one test only and played through the same :func:`harness.playout` the
suite runs over the real games, and the test asserts the specific failure. The honest toy, played the same way,
passes with hidden cards present, so a caught leak is not the checker failing on everything.
"""

from __future__ import annotations

import random

import pytest
from tests.support.toy import TOY

from cardsmith import core

from . import faulty_games as bad
from .harness import (
    Stats,
    assert_no_leak,
    assert_no_leak_through_a_step,
    cases,
    fresh_process_records,
    hidden_cards,
    playout,
    records,
    rerandomisations,
)

SEEDS = range(12)


def play_some(game, stats=None):
    for players, options, seed in cases(game, SEEDS):
        playout(game, players, options, seed, stats=stats)


def test_the_honest_toy_passes_the_same_playouts_with_cards_hidden():
    stats = Stats()
    play_some(TOY, stats)
    assert stats.games == len(SEEDS)
    assert stats.leak_checks > 0 and stats.hidden_seen > 0 and stats.step_leak_checks > 0


@pytest.mark.parametrize("cls", [bad.PublicHandLeak, bad.PrivateViewLeak, bad.DerivedLeak, bad.RngLeak])
def test_leak_checker_catches_a_leaky_variant(cls, registered):
    game = registered(cls())
    with pytest.raises(AssertionError, match=r"leak: the view of seat \d changes"):
        play_some(game)


def test_a_card_moved_without_the_move_primitive_is_caught_by_the_zone_ledger(registered):
    game = registered(bad.SilentMove())
    with pytest.raises(
        AssertionError, match=r"zone '(deck|hand):\d' holds .* a card moved without the move primitive"
    ):
        play_some(game)


@pytest.mark.parametrize("cls", [bad.LabelLeak, bad.EventLeak, bad.WhoIsAskedLeak])
def test_leaks_made_when_the_rules_run_are_caught_through_a_step(cls, registered):
    # A name copied into a label or an event when the rules run, or a seat passed over for what its hand lacks, is
    # invisible to the after-the-fact check (the copy is not re-derived from the cards); re-randomising before the
    # step and applying the same option catches each.
    game = registered(cls())
    with pytest.raises(AssertionError, match=r"leak through a step: the view of seat (\d|None) after"):
        play_some(game)


@pytest.mark.parametrize("cls", [bad.LabelLeak, bad.EventLeak, bad.WhoIsAskedLeak])
def test_the_after_the_fact_check_alone_misses_leaks_made_when_the_rules_run(cls, registered):
    # Why the through-a-step check exists: every single view of these games passes the after-the-fact check.
    _walk_with_view_checks(registered(cls()), through_steps=False)


def _walk_with_view_checks(game, *, through_steps: bool) -> None:
    """Random playouts of ``game`` with the after-the-fact view check at every step for every seat and the
    spectator, and, ``through_steps``, the check through each step too."""
    for players, options, seed in cases(game, SEEDS):
        state = core.new_game(game, players, seed, options)
        rnd = random.Random(seed)
        while state["pending"] is not None:
            for seat in [*range(players), None]:
                assert_no_leak(game, state, seat, rnd, f"seed {seed}")
            if state["pending"]["seat"] == core.CHANCE:
                core.resolve_chance(state)
                continue
            oid = rnd.choice(core.legal_ids(state))
            if through_steps:
                for seat in [*range(players), None]:
                    assert_no_leak_through_a_step(game, state, oid, seat, rnd, f"seed {seed}")
            core.apply(state, oid)


def test_a_hidden_card_named_in_a_prompt_is_caught(registered):
    # The decider's own face-down card named in the next prompt escapes both view checks (re-randomised after the
    # step, the copied text stays; before it, the decider's cards are kept); the prompt check reads the text.
    game = registered(bad.PromptLeak())
    _walk_with_view_checks(game, through_steps=True)
    with pytest.raises(
        AssertionError, match=r"leak in a prompt: seat (\d|None) is shown 'Play or draw \(P\d played a"
    ):
        play_some(game)


def test_a_public_hand_leak_is_caught_at_the_first_step_for_every_seat_and_spectator(registered):
    game = registered(bad.PublicHandLeak())
    state = core.new_game(game, 3, 5)
    for seat in (0, 1, 2, None):
        with pytest.raises(
            AssertionError, match=rf"leak: the view of seat {seat} .*view\['public'\]\['hands'\]"
        ):
            assert_no_leak(game, state, seat, random.Random(1), "step 0")
    honest = core.new_game(TOY, 3, 5)
    for seat in (0, 1, 2, None):
        assert assert_no_leak(TOY, honest, seat, random.Random(1), "step 0") > 0


def test_rerandomisation_changes_only_what_the_seat_cannot_see():
    state = core.new_game(TOY, 2, 9)
    core.resolve_chance(state)
    core.apply(state, next(i for i in core.legal_ids(state) if i.startswith("down:")))
    player = 1 - state["pending"]["seat"]  # who just played a card face down
    viewer = 1 - player
    hidden = hidden_cards(TOY, state, viewer)
    assert set(state["zones"][f"hand:{player}"]) <= set(hidden)
    assert set(state["zones"][f"deck:{viewer}"]) <= set(hidden)
    assert not set(state["zones"][f"hand:{viewer}"]) & set(hidden)
    face_down = [c for c in state["zones"][f"table:{player}"] if str(c) in state["marks"]]
    assert len(face_down) == 1 and face_down[0] in hidden
    assert face_down[0] not in hidden_cards(TOY, state, player)
    variants = rerandomisations(state, hidden, random.Random(3))
    assert [label for label, _ in variants] == ["rotation", "shuffle"]
    for _label, alt in variants:
        assert alt["rng"] != state["rng"]
        assert alt["owner"] == state["owner"]
        assert sorted(alt["cards"]) == sorted(state["cards"])
        for c in range(len(state["cards"])):
            if c not in hidden:
                assert alt["cards"][c] == state["cards"][c]
        assert {**alt, "cards": state["cards"], "rng": state["rng"]} == state  # nothing else differs
    rotation = variants[0][1]
    # The rotation renames every hidden card whenever no name fills more than half of them.
    counts = [[state["cards"][c] for c in hidden].count(n) for n in "1234"]
    assert max(counts) * 2 <= len(hidden)
    assert all(rotation["cards"][c] != state["cards"][c] for c in hidden)


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (bad.CopiesCards, "card conservation broken"),
        (bad.DuplicateIds, "duplicate option ids"),
        (bad.UnderstatedBound, "no result within the declared bound of 3 decisions"),
        (bad.TupleInState, r"from_json\(to_json\(state\)\) != state"),
        (bad.AliasedState, "aliasing"),
        (bad.NestedOwner, r"state\['owner'\] holds a non-seat"),
        (bad.NarrationCrash, r"describe_event\(.*'name': None.*raised AttributeError"),
        (bad.WritesEndedStep, "a step changed the events or decision of a step that had ended"),
    ],
)
def test_structure_checks_catch_a_broken_variant(cls, message, registered):
    game = registered(cls())
    with pytest.raises(AssertionError, match=message):
        play_some(game)


def test_determinism_check_catches_a_game_using_the_global_random_module(registered):
    game = registered(bad.GLOBAL_RANDOM)
    here = records([game.id], list(SEEDS), with_noise=True)
    there = fresh_process_records(
        [game], list(SEEDS), hash_seed="0", registers=((type(game).__module__, "GLOBAL_RANDOM"),)
    )
    assert [(r["game"], r["seed"]) for r in there] == [(r["game"], r["seed"]) for r in here]
    assert [r["hash"] for r in there] != [r["hash"] for r in here]


def test_refusal_check_catches_an_engine_that_touches_the_state_before_refusing(monkeypatch):
    real_apply = core.apply

    def sloppy_apply(state, option_id):
        state["events"] = []  # cleared before the action is validated
        real_apply(state, option_id)

    monkeypatch.setattr(core, "apply", sloppy_apply)
    with pytest.raises(AssertionError, match="changed the state"):
        play_some(TOY)


def test_refusal_check_catches_an_engine_that_repairs_illegal_actions(monkeypatch):
    real_apply = core.apply

    def repairing_apply(state, option_id):
        legal = core.legal_ids(state)
        real_apply(state, option_id if option_id in legal else legal[0])

    monkeypatch.setattr(core, "apply", repairing_apply)
    with pytest.raises(AssertionError, match="accepted"):
        play_some(TOY)


def test_refusal_check_catches_a_finished_game_refusing_without_game_over(monkeypatch):
    real_apply = core.apply

    def vague_apply(state, option_id):
        if state["pending"] is None:
            raise core.IllegalAction(option_id, "no decision pending")
        real_apply(state, option_id)

    monkeypatch.setattr(core, "apply", vague_apply)
    with pytest.raises(AssertionError, match="raised IllegalAction: .* not GameOver"):
        play_some(TOY)
