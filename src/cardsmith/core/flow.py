"""The one step engine: a frame stack kept in the state, with step and answer handlers registered by decorators.

A game's rules are *steps*: plain functions ``step(game, state, frame)`` registered on the game's :class:`Flow`
with ``@flow.step``. ``state["flow"]`` holds the frame stack (top last); a frame is a plain dict ``{"step": name,
...data}``, so a game in the middle of any rule can be cloned, saved and hashed. The runner calls the step of the top
frame until a decision is pending or the game is over. A step moves the game on by

* :func:`push`: start a sub-step (it runs first; the caller runs again when it is done);
* :func:`goto`: continue this frame at another named step (a continuation, not a stage number);
* :func:`done`: finish this frame;
* :func:`unwind`: finish every frame above a named one (a rule that cuts short what is in progress);
* :func:`ask`: ask a seat (or chance) a decision. The answer goes to the handler registered for the asking frame's
  step with ``@flow.answer``: ``answer(game, state, frame, seat, action)``, with the action already parsed.

Decision kinds are declared once (:class:`Kind`): whether a decision with a single option may be taken
automatically (only where public facts force it, so that asking or not says nothing hidden), and how a decision
appears to the seats that do not make it (``shown_as``), so that a decision whose existence is secret looks like the
ordinary one it stands beside.

Turn structure common to games is data: :meth:`Flow.sequence` declares a step that runs named steps in order (the
phases of a turn), :meth:`Flow.each_seat` one that runs a step once for each seat in turn order, and
:meth:`Flow.window` a reaction window (:class:`Window`), opened with :func:`open_window`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Action
from .decision import CHANCE
from .state import State

Frame = dict[str, Any]


class Rules(Protocol):
    """What the step engine needs of a game (a :class:`cardsmith.core.game.Game`)."""

    def parse_action(self, option_id: str) -> Action: ...


StepFn = Callable[[Any, State, Frame], None]
AnswerFn = Callable[[Any, State, Frame, int, Action], None]


@dataclass(frozen=True)
class Kind:
    """A declared kind of decision.

    ``auto``: a decision of this kind with exactly one option is taken without asking. Declare it only where the
    single option is forced by public facts (a stop every player can see is the only move), never where it follows
    from hidden cards. ``shown_as``: the ``(kind, prompt)`` that every other seat sees while this decision is
    pending, for a decision whose existence must stay secret.
    """

    name: str
    auto: bool = False
    shown_as: tuple[str, str] | None = None


@dataclass(frozen=True)
class Window:
    """A reaction window's own rules; the core runs the window (:meth:`Flow.window`).

    As the window opens, ``actors(game, state, frame)`` says who may act, in order (None: nothing is at stake, and
    the window closes unopened). Each actor in turn is offered the window by ``ask(game, state, frame, seat)``,
    which asks the decision (its options include the passing one, of verb ``passes``) and returns True, or returns
    False to pass the actor by, which only public facts may decide. An answer other than passing goes to
    ``play(game, state, frame, seat, action)``, and the same actor is offered the window again; the frame's
    ``played`` says whether they have played something in it yet. Once every actor has passed, ``close`` runs
    (default: the window's frame is finished).
    """

    actors: Callable[[Any, State, Frame], list[int] | None]
    ask: Callable[[Any, State, Frame, int], bool]
    play: AnswerFn
    close: StepFn | None = None
    passes: str = "done"


class FlowError(RuntimeError):
    """The rules left the frame stack in a state the engine cannot run (a rules bug, never hidden)."""


class Flow:
    """A game's steps, answer handlers and decision kinds."""

    def __init__(self, kinds: Sequence[Kind] = ()) -> None:
        self.steps: dict[str, StepFn] = {}
        self.answers: dict[str, AnswerFn] = {}
        self.kinds: dict[str, Kind] = {k.name: k for k in kinds}
        self._special = {k.name: k for k in kinds if k.auto or k.shown_as is not None}

    def step(self, name: str | None = None) -> Callable[[StepFn], StepFn]:
        """Register a step function under ``name`` (default: the function's name)."""

        def register(fn: StepFn) -> StepFn:
            key = name or fn.__name__
            if key in self.steps:
                raise ValueError(f"step {key!r} is registered twice")
            self.steps[key] = fn
            return fn

        return register

    def answer(self, *names: str) -> Callable[[AnswerFn], AnswerFn]:
        """Register the handler for the answers to decisions asked by the steps ``names`` (default: the function's
        name); several steps may share one handler."""

        def register(fn: AnswerFn) -> AnswerFn:
            for key in names or (fn.__name__,):
                if key in self.answers:
                    raise ValueError(f"answer {key!r} is registered twice")
                self.answers[key] = fn
            return fn

        return register

    def adopt(self, shared: Flow) -> None:
        """Take in the steps and answer handlers of ``shared`` (the core's shared steps, :mod:`cardsmith.core.steps`);
        a name the game already uses is refused."""
        for key, fn in shared.steps.items():
            self.step(key)(fn)
        for key, handler in shared.answers.items():
            self.answer(key)(handler)

    def sequence(self, name: str, steps: Sequence[str]) -> None:
        """Declare a step ``name`` that runs ``steps`` in order (the phases of a turn), then finishes."""
        order = tuple(steps)

        def run_sequence(game: Rules, state: State, frame: Frame) -> None:
            at = frame.get("at", 0)
            if at >= len(order):
                done(state)
                return
            frame["at"] = at + 1
            push(state, order[at])

        self.step(name)(run_sequence)

    def each_seat(self, name: str, step: str, first: Callable[[State, Frame], int]) -> None:
        """Declare a step ``name`` that runs ``step`` once per seat, clockwise from ``first(state, frame)``.

        The sub-step's frame holds ``"seat"``.
        """

        def run_each(game: Rules, state: State, frame: Frame) -> None:
            if "order" not in frame:
                start = first(state, frame)
                players = state["players"]
                frame["order"] = [(start + i) % players for i in range(players)]
            order = frame["order"]
            if not order:
                done(state)
                return
            push(state, step, seat=order.pop(0))

        self.step(name)(run_each)

    def window(self, name: str, window: Window) -> None:
        """Declare the step ``name`` (and its answers) as a reaction window run by the core (see :class:`Window`)."""

        def run_window(game: Rules, state: State, frame: Frame) -> None:
            actors = frame["actors"]
            if actors is None:
                actors = frame["actors"] = window.actors(game, state, frame)
                if actors is None:
                    done(state)
                    return
            while frame["next"] < len(actors):
                if window.ask(game, state, frame, actors[frame["next"]]):
                    return
                frame["next"] += 1
                frame["played"] = False
            if window.close is None:
                done(state)
            else:
                window.close(game, state, frame)

        def window_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
            if action.verb == window.passes:
                frame["next"] += 1
                frame["played"] = False
            else:
                frame["played"] = True
                window.play(game, state, frame, seat, action)

        self.step(name)(run_window)
        self.answer(name)(window_answer)

    # ----- running ------------------------------------------------------------------------------------------------

    def start(self, game: Rules, state: State, step: str, **data: Any) -> None:
        """Begin the game at ``step`` and run to the first decision."""
        self.resume(game, state, [{"step": step, **data}])

    def resume(self, game: Rules, state: State, frames: Sequence[Frame]) -> None:
        """Begin at a given stack of frames (bottom first), as a scenario in the middle of a turn does, and run to
        the first decision. Every frame must name a registered step."""
        unknown = [f.get("step") for f in frames if f.get("step") not in self.steps]
        if unknown:
            raise FlowError(f"{state['game']}: no step {unknown[0]!r} is registered")
        state["flow"] = [dict(f) for f in frames]
        self.run(game, state)

    def run(self, game: Rules, state: State) -> None:
        """Call the top frame's step until a decision is pending or the game is over."""
        frames = state["flow"]
        steps = self.steps
        special = self._special
        while state["result"] is None:
            pending = state["pending"]
            if pending is not None:
                if "forced" in pending:
                    state["pending"] = None
                    self._deliver(game, state, pending["seat"], game.parse_action(pending["options"][0][0]))
                    continue
                kind = special.get(pending["kind"])
                if kind is None:  # an ordinary decision: ask it
                    return
                if kind.auto and len(pending["options"]) == 1 and pending["seat"] != CHANCE:
                    state["pending"] = None
                    self._deliver(game, state, pending["seat"], game.parse_action(pending["options"][0][0]))
                    continue
                if kind.shown_as is not None and "shown_as" not in pending:
                    pending["shown_as"] = list(kind.shown_as)
                return
            try:
                top = frames[-1]
            except IndexError:
                raise FlowError(
                    f"{state['game']}: the rules ran out of steps with no decision and no result"
                ) from None
            try:
                fn = steps[top["step"]]
            except KeyError:
                raise FlowError(f"{state['game']}: no step {top['step']!r} is registered") from None
            fn(game, state, top)

    def receive(self, game: Rules, state: State, seat: int, action: Action) -> None:
        """Hand an answer to the handler of the frame that asked, then run on."""
        frames = state["flow"]
        top = frames[-1] if frames else None
        handler = None if top is None else self.answers.get(top["step"])
        if handler is None:
            self._deliver(game, state, seat, action)  # raises, saying what is missing
        else:
            handler(game, state, top, seat, action)
        self.run(game, state)

    def _deliver(self, game: Rules, state: State, seat: int, action: Action) -> None:
        try:
            top = state["flow"][-1]
        except IndexError:
            raise FlowError(f"{state['game']}: an answer arrived with no frame to take it") from None
        try:
            handler = self.answers[top["step"]]
        except KeyError:
            raise FlowError(
                f"{state['game']}: step {top['step']!r} asked a question but has no answer handler"
            ) from None
        handler(game, state, top, seat, action)

    def shown_as(self, kind: str) -> tuple[str, str] | None:
        """The public face of a decision kind, if it has one."""
        k = self.kinds.get(kind)
        return None if k is None else k.shown_as


# ----- what a step calls -----------------------------------------------------------------------------------------


def push(state: State, step: str, **data: Any) -> Frame:
    """Start sub-step ``step`` with ``data`` in its frame; returns the frame."""
    frame = {"step": step, **data}
    state["flow"].append(frame)
    return frame


def open_window(state: State, step: str, **data: Any) -> Frame:
    """Open the reaction window ``step`` (declared with :meth:`Flow.window`) with ``data`` in its frame: its actors
    are worked out when it first runs, and none has been asked yet."""
    return push(state, step, actors=None, next=0, played=False, **data)


def goto(frame: Frame, step: str) -> None:
    """Continue ``frame`` at step ``step`` (its data stays)."""
    frame["step"] = step


def done(state: State) -> Frame:
    """Finish the top frame; returns it."""
    return state["flow"].pop()


def unwind(state: State, until: str) -> None:
    """Finish every frame above the nearest frame of step ``until`` (which stays on top): a rule that cuts short
    whatever is in progress."""
    frames = state["flow"]
    for depth in range(len(frames) - 1, -1, -1):
        if frames[depth]["step"] == until:
            del frames[depth + 1 :]
            return
    raise FlowError(f"no frame of step {until!r} to unwind to")


def ask(
    state: State,
    seat: int,
    kind: str,
    prompt: str,
    options: list[list[str]],
    weights: list[int] | None = None,
    *,
    shown_as: tuple[str, str] | None = None,
    forced: bool = False,
) -> None:
    """Ask ``seat`` (or :data:`CHANCE`, with ``weights``) a decision among typed ``options``.

    The step that asks stays on top of the stack; its ``@flow.answer`` handler receives the answer. ``shown_as``
    gives a secret decision the face of the moment (the ``(kind, prompt)`` of the decision it stands beside) where
    that face is not one fixed pair a :class:`Kind` could declare. ``forced`` says that public facts leave this one
    option at this moment (an empty hand everyone can count): the engine takes it without asking, as it takes a
    single option of a kind declared ``auto``.
    """
    if forced and len(options) != 1:
        raise FlowError(f"a forced decision has exactly one option, not {len(options)}")
    pending: dict[str, Any] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}
    if forced:
        pending["forced"] = True
    if weights is not None:
        pending["weights"] = weights
    if shown_as is not None:
        pending["shown_as"] = list(shown_as)
    state["pending"] = pending
