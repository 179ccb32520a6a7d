"""Conformance checks of the belief sampler (:func:`cardsmith.core.sample_world`) and of agents' fairness.

Positions are taken from seeded random playouts (the harness's cases and agents) at the decisions of seats. At each:

(a) a sampled world gives the deciding seat the same view (cards, public and private data, events, pending
    decision with its options) and the same legal options as the real state;
(b) sampling uses nothing outside the observation: the state and a copy re-randomised in what the seat cannot see
    (hidden card names permuted within each owner's cards, a new RNG word: the same view) give identical worlds for
    the same seed;
(c) at some positions, a sampled world plays to its end under random agents without error.

Each check raises AssertionError naming game, players, options, seed and step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from cardsmith import core
from cardsmith.core.observe import Observation, card_backs
from cardsmith.sim.runner import DecisionLimitExceeded, play

from .harness import agents_for, cases, describe, first_difference, is_power_of_two_or_zero

State = dict[str, Any]
Sampler = Callable[[Observation, random.Random], State]


def rerandomise_within_owners(state: State, seat: int, rnd: random.Random) -> State:
    """A copy of ``state`` that differs only in what ``seat`` cannot see: the names of the cards hidden from it
    permuted within each owner's cards of one back (:func:`cardsmith.core.observe.card_backs`; each group rotated by one name where they can be), and a new RNG
    word."""
    alt = core.clone(state)
    backs = card_backs(core.get_game(state["game"]), state["players"], state["options"])
    groups: dict[Any, list[int]] = {}
    for c in core.hidden_ids(state, seat):
        groups.setdefault((state["owner"][c], backs.get(state["cards"][c], -1)), []).append(c)
    for ids in groups.values():
        names = sorted(state["cards"][c] for c in ids)
        shift = 1 + rnd.randrange(max(1, len(names) - 1))
        rotated = names[shift:] + names[:shift]
        for c, name in zip(ids, rotated, strict=True):
            alt["cards"][c] = name
    alt["rng"] = (state["rng"] ^ rnd.getrandbits(64) ^ 0x5851F42D4C957F2D) & ((1 << 64) - 1) or 1
    return alt


def positions(game: core.Game, seeds: range, *, every: int = 0) -> Iterator[tuple[str, State]]:
    """(where, state) at the decisions of seats at steps 1, 2, 4, 8, ... (and every ``every`` steps, if given)
    of seeded random playouts of ``game``; each state is a copy the caller may keep."""
    for players, options, seed in cases(game, seeds):
        ctx = describe(game.id, players, options, seed)
        state = core.new_game(game, players, seed, options)
        agents = agents_for(game.id, players, seed)
        step = 0
        while state["pending"] is not None:
            seat = state["pending"]["seat"]
            wanted = is_power_of_two_or_zero(step) or (every and step % every == 0)
            if seat != core.CHANCE and wanted and len(state["pending"]["options"]) > 1:
                yield f"{ctx} step={step}", core.clone(state)
            if seat == core.CHANCE:
                core.resolve_chance(state)
            else:
                core.apply(state, agents[seat].choose(Observation(state)))
            step += 1


def check_sampled_world(state: State, sampler: Sampler, where: str, *, seed: int, play_out: bool) -> None:
    """Checks (a), (b) and, with ``play_out``, (c) at one position."""
    seat = state["pending"]["seat"]
    obs = Observation(state)
    world = sampler(obs, random.Random(seed))
    seen = core.view(state, seat)
    # (a) the same view and the same legal options
    got = core.view(world, seat)
    if got != seen:
        raise AssertionError(
            f"{where}: a world sampled for seat {seat} shows it another view: {first_difference(seen, got, 'view')}"
        )
    assert core.legal_ids(world) == core.legal_ids(state), f"{where}: a sampled world has other legal options"
    # (b) two states with the same view give the same world for the same seed
    alt = rerandomise_within_owners(state, seat, random.Random(f"sampling:{where}"))
    assert core.view(alt, seat) == seen, (
        f"{where}: the re-randomised copy changes the view (see the no-leak check)"
    )
    other = sampler(Observation(alt), random.Random(seed))
    if other != world:
        raise AssertionError(
            f"{where}: the world sampled for seat {seat} depends on what it cannot see (same view, same seed, "
            f"different worlds): {first_difference(world, other, 'world')}"
        )
    # (c) the world plays to its end
    if play_out:
        game = core.get_game(state["game"])
        bound = game.max_decisions(world["options"], world["players"])
        try:
            play(world, agents_for(game.id, world["players"], seed), limit=bound)
        except DecisionLimitExceeded:
            raise AssertionError(f"{where}: a sampled world did not end within {bound} decisions") from None
        except Exception as exc:  # noqa: BLE001 - the rules crashed on a sampled world: say where
            raise AssertionError(
                f"{where}: a world sampled for seat {seat} failed when played on: {exc!r}"
            ) from exc
        assert world["result"] is not None, f"{where}: a sampled world ended without a result"


def check_sampler(
    game: core.Game,
    seeds: range,
    sampler: Sampler = core.sample_world,
    *,
    play_every: int = 3,
    every: int = 0,
) -> int:
    """Run the checks over the positions of ``seeds`` (steps 1, 2, 4, ... and every ``every`` steps); a sampled
    world is played out at every ``play_every``-th position. Returns how many positions were checked."""
    count = 0
    for where, state in positions(game, seeds, every=every):
        check_sampled_world(state, sampler, where, seed=count, play_out=count % play_every == 0)
        count += 1
    return count
