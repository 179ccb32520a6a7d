"""The heuristic agents of martial-arts, dbz, taidian and bpoker: the checks every game's tests share,
and their strength against random (2 players, seats rotated).

The per-game files (``test_heuristics_<game>.py``) hold the scenario checks and call the shared checks below: the
heuristic returns a legal option at every decision of seeded playouts, its evaluation stays in [0, 1], and its choice
is a function of the observation (re-randomising what the seat cannot see changes neither).

The strength helpers are a small local runner built on ``cardsmith.sim.runner.play`` alone (a wrapper agent with a
``name`` and ``choose(turn)`` that calls the game's ``choose``), not on the agent framework's ``make_agent`` or a
tournament. Run the full measurement with::

    python -m tests.agents.test_heuristics_common martial-arts dbz taidian --games 400 [--seed FIRST]

which plays game ``i`` with seed ``FIRST + i`` and the heuristic in seat ``i % 2`` against the random agent, and prints
per game the heuristic's wins, losses and draws, and its decisions per second (CPU time, the seat's view included,
as an agent gets it). The tests here play ten fixed seeds per game only, so they cannot flake.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from tests.conformance.harness import hidden_cards, rerandomisations

from cardsmith import core
from cardsmith.agents import RandomAgent
from cardsmith.agents.base import Turn
from cardsmith.core.decision import CHANCE
from cardsmith.core.engine import resolve_chance
from cardsmith.sim.runner import play

PACKAGES = {
    "martial-arts": "martial_arts",
    "dbz": "dbz",
    "taidian": "taidian",
    "ani-mayhem": "ani_mayhem",
    "bpoker": "bpoker",
}


def heuristic_module(game_id: str) -> Any:
    """The game's ``heuristic`` module."""
    return importlib.import_module(f"cardsmith.games.{PACKAGES[game_id]}.heuristic")


class HeuristicAgent:
    """A wrapper agent: the game's ``choose(turn, rng)`` with its own seeded generator."""

    name = "heuristic"

    def __init__(self, choose: Callable[[Turn, random.Random], str], seed: int | str = 0) -> None:
        self._choose = choose
        self._rng = random.Random(f"cardsmith-heuristic:{seed}")
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, turn: Turn) -> str:
        t0 = time.process_time()
        out = self._choose(turn, self._rng)
        self.seconds += time.process_time() - t0
        self.decisions += 1
        return out


def duel(game_id: str, seed: int, heuristic_seat: int) -> tuple[str, HeuristicAgent]:
    """One 2-player game, heuristic in ``heuristic_seat`` and random in the other: "win", "loss" or "draw"."""
    choose = heuristic_module(game_id).choose
    agent = HeuristicAgent(choose, seed)
    agents: list[Any] = [RandomAgent(f"{seed}:{s}") for s in range(2)]
    agents[heuristic_seat] = agent
    state = core.new_game(game_id, 2, seed)
    play(state, agents)
    result = state["result"]
    if result["draw"] or heuristic_seat in result["winners"] and len(result["winners"]) > 1:
        return "draw", agent
    return ("win" if heuristic_seat in result["winners"] else "loss"), agent


def measure(game_id: str, games: int, first_seed: int = 0) -> dict[str, Any]:
    """Play ``games`` games (seed ``first_seed + i``, heuristic in seat ``i % 2``): counts and decisions per second."""
    counts = {"win": 0, "loss": 0, "draw": 0}
    decisions = 0
    seconds = 0.0
    for i in range(games):
        outcome, agent = duel(game_id, first_seed + i, i % 2)
        counts[outcome] += 1
        decisions += agent.decisions
        seconds += agent.seconds
    return {
        "game": game_id,
        "games": games,
        **counts,
        "win_rate": counts["win"] / games,
        "decisions_per_s": decisions / seconds if seconds else 0.0,
    }


# ----- shared checks, called by the per-game files ------------------------------------------------------------------


def check_legal_over_playouts(game_id: str, seeds: range, options: dict[str, Any] | None = None) -> int:
    """Heuristic against heuristic and against random, to the end of each game: every choice is one of the legal
    option ids, a lone option is taken without drawing from the generator, and every evaluation lies in [0, 1] for
    both seats. Returns how many decisions were checked."""
    module = heuristic_module(game_id)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        other = RandomAgent(seed)
        against_random = seed % 2 == 1
        state = core.new_game(game_id, 2, seed, options)
        limit = core.get_game(game_id).max_decisions(state["options"], 2)
        steps = 0
        while state["pending"] is not None:
            steps += 1
            assert steps <= limit, f"{game_id} seed {seed}: no result after {limit} steps"
            seat = state["pending"]["seat"]
            if seat == CHANCE:
                resolve_chance(state)
                continue
            turn = Turn(state)
            legal = turn.option_ids
            if against_random and seat == 1:
                choice = other.choose(turn)
            else:
                before = rng.getstate()
                choice = module.choose(turn, rng)
                assert choice in legal, (
                    f"{game_id} seed {seed} step {steps}: {choice!r} is not legal: {legal}"
                )
                if len(legal) == 1:  # search's rollouts take a lone option without asking the heuristic
                    assert rng.getstate() == before, (
                        f"{game_id} seed {seed}: a lone option drew from the generator"
                    )
                checked += 1
            for s in (0, 1):
                p = module.evaluate(turn if s == seat else core.view(state, s), s)
                assert 0.0 <= p <= 1.0, f"{game_id} seed {seed}: evaluate gave {p} for seat {s}"
            core.apply(state, choice)
        for s in (0, 1):
            final = module.evaluate(core.view(state, s), s)
            assert 0.0 <= final <= 1.0
            if not state["result"]["draw"]:
                assert final == (1.0 if s in state["result"]["winners"] else 0.0)
    return checked


def check_function_of_observation(
    game_id: str,
    seeds: range,
    every: int = 3,
    choose: Callable[[Turn, random.Random], str] | None = None,
) -> int:
    """At every ``every``-th decision of seeded heuristic playouts, re-randomise what the deciding seat cannot see
    (the conformance harness's re-randomiser: hidden card names permuted, a new RNG word): the heuristic's choice
    with the same generator seed, and its evaluation, must not change. Returns how many positions were compared.

    ``choose`` replaces the game's heuristic (the negative control below passes one that peeks)."""
    game = core.get_game(game_id)
    module = heuristic_module(game_id)
    choose = choose or module.choose
    compared = 0
    for seed in seeds:
        state = core.new_game(game_id, 2, seed)
        rnd = random.Random(seed)
        step = 0
        while state["pending"] is not None:
            step += 1
            seat = state["pending"]["seat"]
            if seat == CHANCE:
                resolve_chance(state)
                continue
            base = choose(Turn(state), random.Random(step))
            if step % every == 0:
                hidden = hidden_cards(game, state, seat)
                worth = module.evaluate(Turn(state), seat)
                for label, alt in rerandomisations(state, hidden, rnd):
                    assert core.view(alt, seat) == core.view(state, seat)  # the harness's premise
                    again = choose(Turn(alt), random.Random(step))
                    assert again == base, (
                        f"{game_id} seed {seed} step {step}: the choice changed from {base!r} to {again!r} when "
                        f"the {len(hidden)} cards seat {seat} cannot see were re-randomised ({label})"
                    )
                    assert module.evaluate(Turn(alt), seat) == worth
                    compared += 1
            core.apply(state, base)
    return compared


def decisions_per_second(game_id: str, seconds: float = 1.0) -> float:
    """Heuristic decisions per second (the view computed for each, as an agent gets it), over seeded playouts."""
    module = heuristic_module(game_id)
    rng = random.Random(0)
    spent = 0.0
    decisions = 0
    seed = 0
    while spent < seconds:
        state = core.new_game(game_id, 2, seed)
        seed += 1
        while state["pending"] is not None:
            if state["pending"]["seat"] == CHANCE:
                resolve_chance(state)
                continue
            t0 = time.process_time()
            choice = module.choose(Turn(state), rng)
            spent += time.process_time() - t0
            decisions += 1
            core.apply(state, choice)
    return decisions / spent


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_the_game_declares_its_heuristic_and_evaluation(game_id: str) -> None:
    """The agent framework finds them on the Game class: ``heuristic(observation, rng)`` and ``evaluate``."""
    game = core.get_game(game_id)
    module = heuristic_module(game_id)
    assert game.heuristic is module.choose
    assert game.evaluate is module.evaluate
    assert type(game).__dict__["heuristic"].__func__ is module.choose  # a staticmethod: no ``self``


def peeking(turn: Turn, rng: random.Random) -> str:
    """A cheat: picks by the names of the cards the deciding seat cannot see (its opponent's hand; in bpoker, its
    viewing hand)."""
    state = turn._state  # what no agent may read
    foe = 1 - turn.seat
    zones = state["zones"]
    hidden = [state["cards"][c] for zone in (f"hand:{foe}", f"view:{foe}") for c in zones.get(zone, [])]
    ids = turn.option_ids
    return ids[sum(len(name) for name in hidden) % len(ids)]


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_the_observation_check_catches_a_choice_that_peeks(game_id: str) -> None:
    """Negative control: the same check fails for a choice that reads the opponent's hidden hand."""
    with pytest.raises(AssertionError, match="the choice changed"):
        check_function_of_observation(game_id, range(3), every=1, choose=peeking)


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_heuristic_beats_random_over_fixed_seeds(game_id: str) -> None:
    """Ten fixed seeds, seats rotated: the heuristic wins at least 7 (the measured rate is far higher)."""
    report = measure(game_id, 10, first_seed=1000)
    assert report["win"] >= 7, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="+", choices=sorted(PACKAGES))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    for game_id in args.games_ids:
        t0 = time.process_time()
        r = measure(game_id, args.games, args.seed)
        print(
            f"{game_id}: {r['games']} games (seeds {args.seed}..{args.seed + r['games'] - 1}, seats rotated): "
            f"heuristic {r['win']} wins, {r['loss']} losses, {r['draw']} draws = {r['win_rate']:.1%}; "
            f"{r['decisions_per_s']:,.0f} heuristic decisions/s in those games; {time.process_time() - t0:.0f} CPU s; "
            f"heuristic against itself: {decisions_per_second(game_id):,.0f} decisions/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
