"""The engine: creating games, reading decisions, applying actions, refusing illegal ones, chance nodes."""

from __future__ import annotations

import pytest
from tests.support.toy import TOY, ToyGame

from cardsmith import core
from cardsmith.agents import RandomAgent
from cardsmith.core import rng
from cardsmith.core.scenario import state_from_scenario
from cardsmith.sim.runner import play


class DuelToy(ToyGame):
    id = "toy-duel"
    min_players = 2
    max_players = 2


class BiasedToy(ToyGame):
    """Seat 0 may never start: its chance weight is zero."""

    id = "toy-biased"

    def setup(self, state):
        super().setup(state)
        state["pending"]["weights"] = [0] + [1] * (state["players"] - 1)


class StuckToy(ToyGame):
    """A broken rules module: drawing leaves no decision and no result."""

    id = "toy-stuck"

    def act(self, state, seat, action):
        if action.id == "draw":
            return
        super().act(state, seat, action)


def play_to_end(state):
    play(state, [RandomAgent(seat) for seat in range(state["players"])])
    return state


def position(current=0):
    return state_from_scenario(
        {
            "game": "toy",
            "zones": {"hand:0": ["4", "1"], "deck:0": ["2"], "hand:1": ["3"]},
            "setup": {"current": current},
        }
    )


@pytest.mark.parametrize("players", [0, 1, 5, -2, 2.0, "2", None, True])
def test_a_player_count_outside_the_range_is_refused_with_the_range(players):
    with pytest.raises(core.SeatCountError) as exc:
        core.new_game(TOY, players, 0)
    assert str(exc.value) == f"toy is played by 2 to 4 players, not {players}"


def test_a_fixed_player_count_is_named_exactly():
    with pytest.raises(core.SeatCountError, match=r"^toy-duel is played by exactly 2 players, not 3$"):
        core.blank_state(DuelToy(), 3, 0)


def test_blank_state_is_validated_and_empty():
    state = core.blank_state(TOY, 3, "abc", {"cap": "12"})
    assert state == {
        "game": "toy",
        "rules": "1",
        "players": 3,
        "options": {"cap": 12},
        "rng": rng.seed_word("abc"),
        "step": 0,
        "turn": 0,
        "cards": [],
        "owner": [],
        "zones": {f"{k}:{s}": [] for k in ("deck", "hand", "table") for s in range(3)},
        "marks": {},
        "events": [],
        "pending": None,
        "result": None,
        "flow": [],
        "g": {},
    }


def test_bad_options_are_refused_at_creation():
    with pytest.raises(core.OptionError, match=r"option 'cap' must be at least 4, got 2"):
        core.new_game("toy", 2, 0, {"cap": 2})
    with pytest.raises(core.OptionError, match=r"unknown option 'turns' for toy \(options: cap\)"):
        core.new_game("toy", 2, 0, {"turns": 9})


def test_new_game_is_a_function_of_game_players_seed_and_options():
    assert core.new_game("toy", 3, 11) == core.new_game(TOY, 3, 11)
    assert core.new_game("toy", 3, 11) != core.new_game("toy", 3, 12)
    assert core.new_game("toy", 3, 11, {"cap": 40}) == core.new_game("toy", 3, 11)
    state = core.new_game("toy", 3, 11)
    assert sorted(state["cards"]) == sorted("1234" * 3)
    assert [len(state["zones"][f"hand:{s}"]) for s in range(3)] == [2, 2, 2]


def test_decision_and_legal_ids_describe_the_pending_decision():
    state = position()
    d = core.decision(state)
    assert (d.seat, d.kind, d.prompt, d.is_chance, d.weights) == (0, "play", "Play or draw", False, None)
    hand = state["zones"]["hand:0"]
    assert (
        d.ids
        == core.legal_ids(state)
        == [f"up:{hand[0]}", f"up:{hand[1]}", f"down:{hand[0]}", f"down:{hand[1]}", "draw"]
    )
    assert d.label_of("draw") == "Draw a card"
    with pytest.raises(KeyError):
        d.label_of("pass")
    chance = core.decision(core.new_game("toy", 3, 0))
    assert chance.is_chance and chance.seat == core.CHANCE
    assert chance.ids == ["first:0", "first:1", "first:2"] and chance.weights == (1, 1, 1)


def test_apply_runs_the_rules_to_the_next_decision():
    state = position()
    card = state["zones"]["hand:0"][-1]
    core.apply(state, f"up:{card}")
    assert state["step"] == 1
    assert state["zones"]["table:0"] == [card]
    assert state["events"] == [{"t": "move", "card": card, "name": "4", "from": "hand:0", "to": "table:0"}]
    assert state["pending"]["seat"] == 1
    core.apply(state, "draw")
    assert state["step"] == 2
    assert state["events"] == []  # seat 1's deck is empty: nothing moved, and the last step's events are gone


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("zz", "not one of the 5 legal options of P1's play decision"),
        ("up:3", "not one of the 5 legal options of P1's play decision"),  # the card in seat 1's hand
        ("", "not one of the 5 legal options of P1's play decision"),
        ("DRAW", "not one of the 5 legal options of P1's play decision"),
        (None, "option ids are strings"),
        (4, "option ids are strings"),
        (["draw"], "option ids are strings"),
    ],
)
def test_an_illegal_action_is_refused_with_its_reason_and_the_state_is_unchanged(bad, reason):
    state = position()
    assert state["zones"]["hand:1"] == [3]
    before = core.state_hash(state)
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(state, bad)
    assert not isinstance(exc.value, core.GameOver)
    assert exc.value.option_id == bad and exc.value.reason == reason
    assert str(exc.value) == f"illegal action {bad!r}: {reason}"
    assert core.state_hash(state) == before
    with pytest.raises(core.IllegalAction, match=reason):
        core.check(state, bad)
    core.check(state, "draw")  # a legal id passes


def test_a_chance_decision_refuses_ids_in_the_name_of_chance():
    state = core.new_game("toy", 2, 0)
    before = core.state_hash(state)
    with pytest.raises(
        core.IllegalAction, match=r"not one of the 2 legal options of chance's first decision"
    ):
        core.apply(state, "first:2")
    assert core.state_hash(state) == before


def test_a_finished_game_refuses_everything_with_game_over():
    state = play_to_end(core.new_game("toy", 2, 4))
    assert core.is_over(state) and state["result"] is not None
    assert core.decision(state) is None and core.legal_ids(state) == []
    before = core.state_hash(state)
    for bad in ["draw", "first:0", "", None, 7]:
        with pytest.raises(core.GameOver, match=r"the game is over") as exc:
            core.apply(state, bad)
        assert exc.value.option_id == bad
        with pytest.raises(core.GameOver):
            core.check(state, bad)
    with pytest.raises(core.IllegalAction, match="not a chance node"):
        core.resolve_chance(state)
    assert core.state_hash(state) == before


def test_is_over():
    state = core.new_game("toy", 2, 4)
    assert not core.is_over(state)
    assert core.is_over(play_to_end(state))


def test_chance_resolution_is_deterministic():
    a = core.new_game("toy", 4, "dice")
    b = core.clone(a)
    assert core.resolve_chance(a) == core.resolve_chance(b)
    assert a == b
    assert play_to_end(a) == play_to_end(b)


def test_sample_chance_draws_from_the_state_rng_without_applying():
    state = core.new_game("toy", 4, 8)
    word = state["rng"]
    outcome = core.sample_chance(state)
    assert outcome in core.legal_ids(state)
    assert state["pending"]["seat"] == core.CHANCE and state["step"] == 0
    assert state["rng"] == (word + 0x9E3779B97F4A7C15) % 2**64  # exactly one word drawn
    expected = core.legal_ids(state)[rng.choice_index({"rng": word}, [1, 1, 1, 1])]
    assert outcome == expected


def test_resolve_chance_applies_the_sampled_outcome():
    state = core.new_game("toy", 4, 8)
    probe = core.clone(state)
    outcome = core.sample_chance(probe)
    assert core.resolve_chance(state) == outcome
    assert state["g"]["current"] == int(outcome.split(":")[1])
    assert state["step"] == 1 and state["pending"]["seat"] != core.CHANCE


def test_chance_never_picks_a_zero_weight_outcome(registered):
    game = registered(BiasedToy())
    firsts = set()
    for seed in range(60):
        state = core.new_game(game, 3, seed)
        firsts.add(core.resolve_chance(state))
    assert firsts == {"first:1", "first:2"}


def test_every_seat_can_start():
    firsts = {core.resolve_chance(core.new_game("toy", 4, seed)) for seed in range(60)}
    assert firsts == {"first:0", "first:1", "first:2", "first:3"}


def test_sample_chance_refuses_a_seat_decision():
    state = position()
    before = core.state_hash(state)
    with pytest.raises(core.IllegalAction, match="the pending decision is not a chance node"):
        core.sample_chance(state)
    assert core.state_hash(state) == before


def test_rules_that_leave_no_decision_and_no_result_are_an_error(registered):
    game = registered(StuckToy())
    state = core.new_game(game, 2, 0)
    core.resolve_chance(state)
    with pytest.raises(RuntimeError, match="toy-stuck: the rules left no pending decision and no result"):
        core.apply(state, "draw")
