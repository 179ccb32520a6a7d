"""The observation vector is made of the seat's view alone, and its layout is documented feature by feature.

For every game, at its smallest and largest table, seeded random playouts are stopped every few decisions; for each
seat the cards it cannot see are re-randomised (as the conformance suite's no-leak check does, RNG word included):
the seat's view stays the same, and so must its observation vector. The control: changing a card the seat does see
changes its vector, so the comparison can fail.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game, so every run sees the same games)
from tests.conformance.harness import hidden_cards, rerandomisations

from cardsmith import core
from cardsmith.rl import describe, encoder, feature_name

TABLES = [(g.id, n) for g in core.all_games() for n in sorted({g.min_players, g.max_players})]
PLAYOUTS = 2
EVERY = 13
MAX_STEPS = 150


def _vector(state, seat):
    enc = encoder(state["game"], state["players"], state["options"])
    return enc.encode(core.view(state, seat), np.zeros(enc.size, np.float32))


def _positions(game_id, players):
    game = core.get_game(game_id)
    for n in range(PLAYOUTS):
        rnd = random.Random(f"rl-leak:{n}")
        state = core.new_game(game, players, f"rl-leak:{game_id}:{n}", game.playout_options)
        for step in range(MAX_STEPS):
            if state["pending"] is None:
                break
            if step % EVERY == 0:
                yield core.clone(state)
            core.apply(state, rnd.choice(core.legal_ids(state)))


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_equal_views_give_equal_observations(game_id, players):
    game = core.get_game(game_id)
    rnd = random.Random(f"rl-leak:{game_id}")
    compared = 0
    for state in _positions(game_id, players):
        for seat in range(players):
            base = _vector(state, seat)
            hidden = hidden_cards(game, state, seat)
            if len({state["cards"][c] for c in hidden}) < 2:
                continue
            for label, alt in rerandomisations(state, hidden, rnd):
                assert core.view(alt, seat) == core.view(state, seat)
                assert np.array_equal(_vector(alt, seat), base), f"{game_id}: seat {seat}, {label}"
                compared += 1
    assert compared > 0, "no position had hidden cards to re-randomise"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_card_the_seat_sees_changes_its_observation(game_id, players):
    game = core.get_game(game_id)
    names = sorted(game.card_names())
    changed = 0
    for state in _positions(game_id, players):
        seat = 0
        seen = sorted(set(range(len(state["cards"]))) - set(hidden_cards(game, state, seat)))
        for c in seen[:3]:
            alt = core.clone(state)
            alt["cards"][c] = next(n for n in names if n != state["cards"][c])
            if core.view(alt, seat) != core.view(state, seat):
                assert not np.array_equal(_vector(alt, seat), _vector(state, seat))
                changed += 1
    assert changed > 0


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_layout_is_fixed_and_every_feature_is_named(game_id, players):
    options = core.get_game(game_id).playout_options
    enc = encoder(game_id, players, options)
    assert len(set(enc.names)) == enc.size
    assert [feature_name(game_id, i, players, options) for i in (0, enc.size - 1)] == [
        enc.names[0],
        enc.names[-1],
    ]
    ends = [start + count for _, start, count, _ in enc.blocks]
    assert [start for _, start, _, _ in enc.blocks] == [0, *ends[:-1]] and ends[-1] == enc.size
    sizes = {len(_vector(state, seat)) for state in _positions(game_id, players) for seat in range(players)}
    assert sizes == {enc.size}
    with pytest.raises(IndexError):
        feature_name(game_id, enc.size, players, options)


def test_martial_arts_features_name_what_they_count():
    enc = encoder("martial-arts", 2)
    text = describe("martial-arts")
    assert f"Observation: {enc.size} numbers. Action space: 240 indices." in text
    state = core.new_game("martial-arts", 2, 4)
    while state["pending"]["seat"] == core.CHANCE:
        core.resolve_chance(state)
    seat = state["pending"]["seat"]
    vector = _vector(state, seat)
    hand = [e[1] for e in core.view(state, seat)["zones"][f"hand:{seat}"]]
    named = {feature_name("martial-arts", int(i)): vector[i] for i in np.flatnonzero(vector)}
    for card in set(hand):
        assert named[f"hand[+0].card=={card}"] == hand.count(card)
    assert named["hand[+1].hidden"] == len(core.view(state, seat)["zones"][f"hand:{1 - seat}"])
    assert named[f"seat=={seat}"] == 1 and named["pending.mine"] == 1
    cards = sorted(core.get_game("martial-arts").card_names())
    for field in ("public.sequence.waiting_attack", "public.active_event"):  # fields that name a card
        assert [n for n in enc.names if n.startswith(field + "==")] == [f"{field}=={c}" for c in cards]
