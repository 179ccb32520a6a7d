"""The conformance suite, run over every registered game and the test-only toy game.

Games are discovered through the registry when this module is collected, so a newly registered game is covered with
no edit here. Tiers:

* CI (default): ``CI_GAMES`` seeded random playouts per game, spread over every supported player count and the
  game's bool/choice option values, with every check of :func:`harness.playout`; fresh-process determinism; states
  restored from JSON or cloned mid-game play on identically.
* heavy (``-m heavy``): ``CARDSMITH_FUZZ_GAMES`` (default 100000) playouts per game with the cheap per-step checks.
"""

from __future__ import annotations

import copy
import os

import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game)

from cardsmith import core
from cardsmith.agents import Turn
from cardsmith.sim.runner import play

from .harness import (
    Stats,
    agents_for,
    cases,
    describe,
    fill_pool,
    fresh_process_records,
    playout,
    records,
)

GAME_IDS = [g.id for g in core.all_games()]
assert "toy" in GAME_IDS

CI_GAMES = 200  # per game
CI_CHUNKS = 4  # test items per game, so pytest-xdist can spread a game over workers
DETERMINISM_SEEDS = list(range(1000, 1024))
RESTORE_SEEDS = list(range(2000, 2012))
FUZZ_CHUNKS = 16
FUZZ_SEED_BASE = 1_000_000


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_declaration_is_consistent(game_id):
    game = core.get_game(game_id)
    assert game.id == game_id and game_id.strip() and not any(c.isspace() for c in game_id)
    assert isinstance(game.name, str) and game.name.strip()
    assert type(game.min_players) is int and 1 <= game.min_players <= game.max_players
    names = [spec.name for spec in game.option_specs]
    assert len(set(names)) == len(names), f"option names repeat: {names}"
    for spec in game.option_specs:
        if spec.default is None:
            assert spec.optional, f"option {spec.name!r} defaults to None but is not optional"
        else:
            assert spec.parse(spec.default) == spec.default, (
                f"option {spec.name!r}: its default does not parse"
            )
    for players in range(game.min_players, game.max_players + 1):
        state = core.new_game(game, players, 0)
        bound = game.max_decisions(state["options"], players)
        assert type(bound) is int and bound >= 1
    seat_names = [game.seat_name(s) for s in range(game.max_players)]
    assert all(isinstance(n, str) and n for n in seat_names) and len(set(seat_names)) == len(seat_names)
    cards = game.card_names()
    assert isinstance(cards, set) and all(isinstance(n, str) and n.strip() for n in cards)
    rows = game.card_rows()
    assert all(row.keys() == rows[0].keys() for row in rows), "card rows differ in their keys"
    assert isinstance(game.rules_guide(), str)


@pytest.mark.parametrize("chunk", range(CI_CHUNKS))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_conform(game_id, chunk):
    game = core.get_game(game_id)
    per = -(-CI_GAMES // CI_CHUNKS)
    seeds = range(chunk * per, min(CI_GAMES, (chunk + 1) * per))
    pool = fill_pool(game, range(50_000 + 4 * chunk, 50_000 + 4 * chunk + 4))
    stats = Stats()
    for players, options, seed in cases(game, seeds):
        playout(game, players, options, seed, pool=pool, stats=stats)
    assert stats.games == len(seeds)
    span = range(game.min_players, game.max_players + 1)
    if len(seeds) >= len(span):
        assert set(stats.players) == set(span), f"player counts played: {dict(stats.players)}"
    assert stats.leak_checks >= stats.games * (game.min_players + 1)
    assert stats.refusals > 0 and stats.lookaheads > 0
    assert stats.step_leak_checks >= stats.games, "the through-a-step leak check compared too few views"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_game_in_a_fresh_process(game_id):
    game = core.get_game(game_id)
    here = records([game_id], DETERMINISM_SEEDS, with_noise=True)
    assert len(here) == len(DETERMINISM_SEEDS)
    for hash_seed in ("0", "4242"):
        there = fresh_process_records([game], DETERMINISM_SEEDS, hash_seed=hash_seed)
        assert there == here, f"PYTHONHASHSEED={hash_seed}: {_first_mismatch(here, there)}"


def _first_mismatch(here, there):
    for a, b in zip(here, there, strict=False):
        if a != b:
            return f"in this process {a}, in a fresh one {b}"
    return f"{len(here)} records here, {len(there)} in the fresh process"


def _step(state, agents):
    seat = state["pending"]["seat"]
    if seat == core.CHANCE:
        return core.resolve_chance(state)
    option_id = agents[seat].choose(Turn(state))
    core.apply(state, option_id)
    return option_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_restored_mid_game_play_on_identically(game_id):
    """Everything a game needs is in the state: a JSON copy or a clone taken mid-game finishes the same game."""
    game = core.get_game(game_id)
    for players, options, seed in cases(game, RESTORE_SEEDS):
        ctx = describe(game_id, players, options, seed)
        reference = core.new_game(game, players, seed, options)
        ref_actions = play(reference, agents_for(game_id, players, seed))
        ref_hash = core.state_hash(reference)
        for quarter in (1, 2, 3):
            at = len(ref_actions) * quarter // 4
            state = core.new_game(game, players, seed, options)
            agents = agents_for(game_id, players, seed)
            prefix = [_step(state, agents) for _ in range(at)]
            assert prefix == ref_actions[:at], f"{ctx}: replaying the same seed chose different actions"
            forks = {
                "original": state,
                "JSON copy": core.from_json(core.to_json(state)),
                "clone": core.clone(state),
            }
            for label, fork in forks.items():
                rest = play(fork, copy.deepcopy(agents))
                assert prefix + rest == ref_actions, (
                    f"{ctx}: the {label} taken at step {at} played differently"
                )
                assert core.state_hash(fork) == ref_hash, (
                    f"{ctx}: the {label} taken at step {at} ended differently"
                )


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", range(FUZZ_CHUNKS))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fuzz_playouts(game_id, chunk):
    game = core.get_game(game_id)
    total = int(os.environ.get("CARDSMITH_FUZZ_GAMES", "100000"))
    per = -(-total // FUZZ_CHUNKS)
    seeds = range(FUZZ_SEED_BASE + chunk * per, FUZZ_SEED_BASE + min(total, (chunk + 1) * per))
    stats = Stats()
    pool: set[str] = set()
    for players, options, seed in cases(game, seeds, quick=False):  # the games' own defaults, however long
        playout(game, players, options, seed, full=False, pool=pool, stats=stats)
    assert stats.games == len(seeds)
