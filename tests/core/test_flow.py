"""The step engine: frames in the state, handlers registered by decorator, decision kinds declared once."""

from __future__ import annotations

from typing import Any

import pytest

from cardsmith import core
from cardsmith.core import ALL, OWNER, Game, IntArg, Verb, Visibility, ZoneKind, option
from cardsmith.core.flow import Flow, FlowError, Kind, ask, done, goto, push, unwind

FLOW = Flow(
    kinds=[Kind("count"), Kind("confirm", auto=True), Kind("secret", shown_as=("count", "Pick a number"))]
)
FLOW.sequence("round", ["pick", "confirm", "tally"])


@FLOW.step()
def pick(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    seat = state["g"]["turn_seat"]
    kind = "secret" if state["g"]["secret"] else "count"
    ask(state, seat, kind, "Pick a number", [option("pick", n, label=str(n)) for n in (1, 2)])


@FLOW.answer("pick")
def pick_answer(
    game: Game, state: dict[str, Any], frame: dict[str, Any], seat: int, action: core.Action
) -> None:
    state["g"]["total"] += action.args[0]
    done(state)


@FLOW.step()
def confirm(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    ask(state, state["g"]["turn_seat"], "confirm", "Confirm", [option("ok", label="OK")])


@FLOW.answer("confirm")
def confirm_answer(
    game: Game, state: dict[str, Any], frame: dict[str, Any], seat: int, action: core.Action
) -> None:
    state["g"]["confirmed"] += 1
    done(state)


@FLOW.step()
def tally(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    goto(frame, "finish")


@FLOW.step()
def finish(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    game.finish(state, [0] if state["g"]["total"] > 1 else [1], "tally")


class Counting(Game):
    id = "test-counting"
    name = "Counting"
    min_players = max_players = 2
    visibility = Visibility({"hand": ZoneKind(OWNER), "pile": ZoneKind(ALL, owned=False)})
    verbs = (Verb("pick", (IntArg("n", 1, 2),)), Verb("ok"))
    flow = FLOW

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return 2

    def setup(self, state: dict[str, Any]) -> None:
        state["g"] = {"turn_seat": 1, "total": 0, "confirmed": 0, "secret": False}
        self.flow.start(self, state, "round")


@pytest.fixture
def game(registered):
    return registered(Counting())


def test_steps_run_from_frames_in_the_state_and_answers_reach_the_asking_step(game):
    state = core.new_game(game, 2, 0)
    assert state["flow"] == [{"step": "round", "at": 1}, {"step": "pick"}]
    assert core.decision(state).options[1].args == (2,)
    again = core.from_json(core.to_json(state))  # a game between steps is plain data
    core.apply(state, "pick:2")
    core.apply(again, "pick:2")
    assert state == again
    # the single-option confirm is declared automatic: taken without asking; tally continues at "finish"
    assert state["result"] == {"winners": [0], "draw": False, "reason": "tally"}
    assert state["g"]["confirmed"] == 1


def test_a_secret_decision_shows_the_other_seats_its_public_face(game):
    state = core.blank_state(game, 2, 0)
    state["g"] = {"turn_seat": 1, "total": 0, "confirmed": 0, "secret": True}
    game.flow.start(game, state, "round")
    assert core.view(state, 1)["pending"]["kind"] == "secret"
    assert core.view(state, 0)["pending"] == {"seat": 1, "kind": "count", "prompt": "Pick a number"}
    assert core.view(state, None)["pending"]["kind"] == "count"


def test_rules_bugs_in_the_flow_are_loud(game):
    state = core.blank_state(game, 2, 0)
    with pytest.raises(FlowError, match="no step 'nowhere'"):
        game.flow.start(game, state, "nowhere")
    state["flow"] = []
    with pytest.raises(FlowError, match="ran out of steps"):
        game.flow.run(game, state)
    push(state, "tally")
    assert state["flow"] == [{"step": "tally"}]
    with pytest.raises(ValueError, match="registered twice"):
        FLOW.step("pick")(pick)


def test_a_forced_decision_is_taken_without_asking_and_must_have_one_option(game):
    state = core.blank_state(game, 2, 0)
    state["g"] = {"turn_seat": 1, "total": 0, "confirmed": 0, "secret": False}
    state["flow"] = [{"step": "tally"}, {"step": "pick"}]
    ask(state, 0, "count", "Pick", [option("pick", 2, label="2")], forced=True)
    game.flow.run(game, state)  # the forced pick goes to the answer of the frame on top, and the game runs on
    assert state["g"]["total"] == 2 and state["result"]["winners"] == [0] and state["step"] == 0
    with pytest.raises(FlowError, match="exactly one option"):
        ask(
            state,
            0,
            "count",
            "Pick",
            [option("pick", 1, label="1"), option("pick", 2, label="2")],
            forced=True,
        )


def test_resume_starts_from_a_stack_of_frames_and_unwind_cuts_back_to_one(game):
    state = core.blank_state(game, 2, 0)
    state["g"] = {"turn_seat": 0, "total": 5, "confirmed": 0, "secret": False}
    with pytest.raises(FlowError, match="no step 'nowhere'"):
        game.flow.resume(game, state, [{"step": "round"}, {"step": "nowhere"}])
    game.flow.resume(game, state, [{"step": "round", "at": 3}, {"step": "tally"}])
    assert state["result"]["winners"] == [0]
    state["flow"] = [{"step": "round"}, {"step": "pick"}, {"step": "confirm"}, {"step": "tally"}]
    unwind(state, "pick")
    assert state["flow"] == [{"step": "round"}, {"step": "pick"}]
    with pytest.raises(FlowError, match="no frame of step 'finish'"):
        unwind(state, "finish")


def test_one_answer_handler_may_serve_several_steps():
    flow = Flow()

    @flow.answer("first_window", "second_window")
    def window(game, state, frame, seat, action):
        return None

    assert flow.answers == {"first_window": window, "second_window": window}


def test_a_game_missing_its_flow_or_verbs_is_refused_as_an_incomplete_class():
    class Bare(Game):
        id = "test-bare"
        name = "Bare"
        min_players = max_players = 2
        visibility = Visibility({"hand": ZoneKind(OWNER)})

        def max_decisions(self, options: dict[str, Any], players: int) -> int:
            return 1

        def setup(self, state: dict[str, Any]) -> None:
            pass

    bare = Bare()
    with pytest.raises(TypeError, match="test-bare declares no flow"):
        bare.act({}, 0, core.Action("x", "x", ()))
    with pytest.raises(TypeError, match="test-bare declares no verbs, so it has no action space"):
        bare.action_space(2, {})


WINDOW_FLOW = Flow(kinds=[Kind("react")])


def _window_actors(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> list[int] | None:
    return None if frame["quiet"] else [1, 0, 2]


def _window_offer(game: Game, state: dict[str, Any], frame: dict[str, Any], seat: int) -> bool:
    if not state["g"]["chips"][seat]:  # a public fact: a seat with no chips is passed by
        return False
    word = "Pass again" if frame["played"] else "Pass"
    ask(
        state,
        seat,
        "react",
        f"P{seat + 1} reacts",
        [option("chip", label="Play a chip"), option("pass", label=word)],
    )
    return True


def _window_play(
    game: Game, state: dict[str, Any], frame: dict[str, Any], seat: int, action: core.Action
) -> None:
    state["g"]["chips"][seat] -= 1
    state["g"]["played"].append(seat)


def _window_close(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    game.finish(state, state["g"]["played"][-1:], "window closed")


WINDOW_FLOW.window(
    "react", core.flow.Window(_window_actors, _window_offer, _window_play, _window_close, "pass")
)


@WINDOW_FLOW.step()
def quiet_then_react(game: Game, state: dict[str, Any], frame: dict[str, Any]) -> None:
    goto(frame, "react")
    core.flow.open_window(state, "react", quiet=True)  # nothing at stake: it closes unopened


class Reacting(Game):
    id = "test-reacting"
    name = "Reacting"
    min_players = max_players = 3
    visibility = Visibility({"pile": ZoneKind(ALL, owned=False)})
    verbs = (Verb("chip"), Verb("pass"))
    flow = WINDOW_FLOW

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return 10

    def setup(self, state: dict[str, Any]) -> None:
        state["g"] = {"chips": [2, 0, 1], "played": []}
        self.flow.start(self, state, "quiet_then_react", actors=None, next=0, played=False, quiet=False)


def test_a_window_asks_its_actors_in_order_each_until_they_pass_and_passes_by_only_on_public_facts(
    registered,
):
    game = registered(Reacting())
    state = core.new_game(game, 3, 0)
    asked = []
    for answer in ("chip", "pass", "chip"):
        d = core.decision(state)
        asked.append((d.seat, d.prompt, d.options[-1].label))
        core.apply(state, answer)
    # the unopened window finished at once; P2 holds no chip and is never asked; P1 is asked again after playing
    # until it passes, P3 (whose "played" starts afresh) until its chips run out; then the window's own close runs
    assert asked == [(0, "P1 reacts", "Pass"), (0, "P1 reacts", "Pass again"), (2, "P3 reacts", "Pass")]
    assert state["result"] == {"winners": [2], "draw": False, "reason": "window closed"}
