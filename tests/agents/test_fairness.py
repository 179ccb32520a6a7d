"""Fairness: an agent's choice is a function of its observation only.

For every registered game and every agent (random; heuristic where the game declares one; IS-MCTS with a small
fixed budget), at the seats' decisions of seeded random playouts: the state and a copy that differs only in what
the deciding seat cannot see (the hidden cards re-dealt within each owner's cards of one back, a new RNG word; the
same view) must get the same choice from agents built with the same seed. A peeking agent is caught (negative
control).
"""

from __future__ import annotations

import random
import zlib

import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game)
from tests.conformance.sampling import positions, rerandomise_within_owners
from tests.support.toy import TOY

from cardsmith import core
from cardsmith.agents import Observation, agent_from_spec
from cardsmith.agents.heuristic import game_heuristic

GAME_IDS = [g.id for g in core.all_games()]
SEEDS = range(16)
ISMCTS = "ismcts:iterations=6:depth=40"
ISMCTS_POSITIONS = 6  # per game: each search plays 12 short rollouts twice


def _specs(game):
    specs = ["random", ISMCTS]
    if game_heuristic(game) is not None:
        specs.append("heuristic")
    return specs


def check_fair(game, specs, *, seeds=SEEDS, limit=None):
    """Compare each agent's choice on each position and its re-randomised copy; returns positions compared."""
    compared = 0
    for where, state in positions(game, seeds, every=5):
        seat = state["pending"]["seat"]
        if not core.hidden_ids(state, seat):
            continue
        alt = rerandomise_within_owners(state, seat, random.Random(where))
        assert core.view(alt, seat) == core.view(state, seat), f"{where}: the copy changes the view"
        if alt["cards"] == state["cards"]:
            continue  # every hidden card is one of a kind in its group: nothing to re-deal
        for spec in specs:
            if spec == ISMCTS and limit is not None and compared >= limit:
                continue
            real = agent_from_spec(spec, seat, where).choose(Observation(state))
            other = agent_from_spec(spec, seat, where).choose(Observation(alt))
            assert real == other, (
                f"{where}: {spec} chose {real!r}, but {other!r} when what seat {seat} cannot see was re-dealt"
            )
        compared += 1
    return compared


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_agent_chooses_from_its_observation_only(game_id):
    game = core.get_game(game_id)
    compared = check_fair(game, _specs(game), limit=ISMCTS_POSITIONS)
    assert compared >= len(SEEDS) // 2, f"only {compared} positions had hidden cards to re-deal"


class PeekingAgent:
    """Chooses by the names of the cards its seat cannot see: what a cheating bot does."""

    name = "peek"

    def __init__(self, seat, seed):
        pass

    def choose(self, turn):
        state = turn._state
        names = "|".join(state["cards"][c] for c in core.hidden_ids(state, turn.seat))
        ids = turn.option_ids
        return ids[zlib.crc32(names.encode()) % len(ids)]


def test_a_peeking_agent_is_caught(monkeypatch):
    import cardsmith.agents.factory as factory

    monkeypatch.setitem(factory._MAKERS, "peek", factory._Maker(PeekingAgent, {}))
    with pytest.raises(AssertionError, match=r"peek chose .* when what seat \d cannot see was re-dealt"):
        check_fair(TOY, ["peek"])


def _with_history(game_id, seed, steps):
    """A seeded random taidian playout to ``steps`` decisions: the state and every step's events (the runner's
    history)."""
    state = core.new_game(game_id, 2, seed)
    history = [state["events"]]
    rnd = random.Random(seed)
    while state["pending"] is not None and len(history) <= steps:
        options = state["pending"]["options"]
        core.apply(state, options[rnd.randrange(len(options))][0])
        history.append(state["events"])
    return state, history


def _renamed_hidden(history, seat, names):
    """``history`` with the name of every card moved out of ``seat``'s sight swapped for another card's name: the
    same history as that seat sees it."""
    rnd = random.Random(seat)
    out = []
    for events in history:
        step = []
        for e in events:
            if e.get("vis") is not None and seat not in e["vis"] and e["t"] == "move":
                e = {**e, "name": rnd.choice(names)}
            step.append(e)
        out.append(step)
    return out


def test_the_search_reads_the_history_as_its_seat_saw_it():
    # taidian's search counts each player's cards from the public history (its ``remember``): a history that differs
    # only in cards the seat did not see, with the present re-dealt likewise, gets the same choice
    from cardsmith.games.taidian.pools import remember

    compared = 0
    for seed in range(4):
        for steps in (40, 90):
            state, history = _with_history("taidian", seed, steps)
            if state["pending"] is None or len(state["pending"]["options"]) < 2:
                continue
            seat = state["pending"]["seat"]
            alt = rerandomise_within_owners(state, seat, random.Random(seed))
            alt_history = _renamed_hidden(history, seat, sorted(set(state["cards"])))
            if alt_history == history:
                continue
            real, other = Observation(state, history), Observation(alt, alt_history)
            assert real.history == other.history
            assert remember(None, real.history, real.options) is not None  # the memory is in play
            spec = "ismcts:iterations=8:depth=12"
            chosen = agent_from_spec(spec, seat, seed).choose(real)
            assert agent_from_spec(spec, seat, seed).choose(other) == chosen
            compared += 1
    assert compared >= 4
