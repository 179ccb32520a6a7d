"""The belief sampler over every registered game, and negative controls showing its checks can fail.

For every game (player counts and option variants cycling with the seed, as in the playout suite), at the seats'
decisions of seeded random playouts: (a) a sampled world shows the seat the same view and options, (b) two states
with the same view give the same world for the same seed, (c) sampled worlds play to their end.
"""

from __future__ import annotations

import random

import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game)
from tests.support.toy import TOY

from cardsmith import core

from .sampling import check_sampler, positions

GAME_IDS = [g.id for g in core.all_games()]
SEEDS = range(24)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_sampled_worlds_match_the_view_use_only_the_observation_and_play_on(game_id):
    game = core.get_game(game_id)
    checked = check_sampler(game, SEEDS, every=11)
    assert checked >= len(SEEDS), f"only {checked} positions were checked"


def _hidden_somewhere(game):
    for _where, state in positions(game, SEEDS):
        if core.hidden_ids(state, state["pending"]["seat"]):
            return True
    return False


def test_the_toy_has_hidden_cards_at_the_checked_positions():
    assert _hidden_somewhere(TOY)


def leaky_sampler(observation, rng):
    """Keeps the real hidden cards (reseeds only): what a sampler that peeks does."""
    world = core.clone(observation._state)
    world["rng"] = rng.getrandbits(64)
    return world


def sloppy_sampler(observation, rng):
    """Samples honestly, then changes a card the seat sees: the seat would not recognise its own world."""
    world = core.sample_world(observation, rng)
    hidden = set(core.hidden_ids(world, observation.seat))
    seen = [c for c in range(len(world["cards"])) if c not in hidden]
    if seen:
        world["cards"][seen[0]] = "4" if world["cards"][seen[0]] != "4" else "1"
    return world


def test_a_sampler_that_keeps_the_real_hidden_cards_is_caught():
    with pytest.raises(AssertionError, match=r"depends on what it cannot see \(same view, same seed"):
        check_sampler(TOY, SEEDS, leaky_sampler)


def test_a_sampler_that_deals_seen_cards_too_is_caught():
    with pytest.raises(AssertionError, match=r"shows it another view"):
        check_sampler(TOY, SEEDS, sloppy_sampler)


def test_a_sampled_world_keeps_seen_cards_and_redeals_hidden_ones_within_owners():
    state = core.new_game(TOY, 2, 5)
    core.resolve_chance(state)
    seat = state["pending"]["seat"]
    obs = core.observe(state)
    hidden = core.hidden_ids(state, seat)
    assert hidden
    worlds = [core.sample_world(obs, random.Random(k)) for k in range(30)]
    for world in worlds:
        for c in range(len(state["cards"])):
            if c not in hidden:
                assert world["cards"][c] == state["cards"][c]
        for owner in range(2):
            mine = sorted(state["cards"][c] for c in hidden if state["owner"][c] == owner)
            assert sorted(world["cards"][c] for c in hidden if world["owner"][c] == owner) == mine
    assert len({tuple(w["cards"][c] for c in hidden) for w in worlds}) > 1, (
        "the hidden cards were never re-dealt"
    )
    assert len({w["rng"] for w in worlds}) == len(worlds), "the RNG word is not redrawn"
    again = core.sample_world(obs, random.Random(3))
    assert again == worlds[3]
