"""Powers and pairs as data (sections 12-26 of the rules): the dispatch of their effects, and the helpers the
effects share.

A power's frame is ``{"step": "power", "key", "you" (the table's owner, BP-11.17), "card" (its face card for a
tile's card-in-effect), "value" (the value in effect), "forcer" (or None), ...}``; a pair's frame is ``{"step":
"pair_or_set", "key", "you", "cards", "forcer", "source"}`` (``model.PowerFrame``). Its key names the entry of
``cards.toml``, whose effects (:mod:`..effects`) run in order: every effect but the last in a frame of its own (a copy
of the power's frame with ``effect_index``), the last one in the power's frame itself, so that a power of one effect
costs no extra frame. A handler is called with ``ans=None`` to run on (True once it asked) and with an answer to
apply it; an effect that goes on after a decision continues at a named step of its own (``goto(frame,
"trade_card")``, registered in ``steps/__init__.py``). An effect that never asks is registered with
:func:`immediate`.

The dispatch (:data:`PROGRAMS`) is built once, when the steps are loaded: each effect's handler beside its decoded
parameters, so nothing is looked up by name or decoded while a game runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, option
from ....core.effects import Effect
from ....core.errors import CardDataError
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import PAIRS, POWERS
from ..effects import EFFECTS
from ..groups import PAIR_KEYS
from ..table import (
    NE,
    SEAT_NAMES,
    SK,
    TABLE,
    WILD,
    WILD_NE,
    WILD_NE_SEEN,
    WILD_SEEN,
    leave_tile,
    off_table,
    tile_of,
    undeclare_if,
)
from .ask import only, public_card_words, task_ask
from .stack import Task, pop, push

_ON_TABLE = tuple(f" on {name}'s table" for name in SEAT_NAMES)

EffectHandler = Callable[[Any, State, Task, Action | None, Any], bool]
Act = Callable[[Any, State, Task, Any], None]
Program = tuple[tuple[EffectHandler, Effect, Act | None], ...]

PROGRAMS: dict[str, dict[str, Program]] = {"power": {}, "pair_or_set": {}}
"""The effects of each power (frames of step ``power``) and each pair (step ``pair_or_set``) by key: each effect's
handler, its parameters, and what it does when it never asks (:func:`immediate`)."""

_ACTS: dict[type[Effect], Act] = {}


def build_programs() -> None:
    """Pair every effect of the card data with its handler (once, after every handler is registered)."""
    missing = EFFECTS.missing_handlers()
    if missing:
        raise CardDataError(f"effects with no handler: {', '.join(missing)}")
    if set(PAIRS) != set(PAIR_KEYS):
        raise CardDataError(f"the pairs of the card data must be those of section 26 (BP-26.1): {PAIR_KEYS}")
    for step, entries in (("power", POWERS), ("pair_or_set", PAIRS)):
        for key, entry in entries.items():
            PROGRAMS[step][key] = tuple(
                (EFFECTS.handlers[type(e)], e, _ACTS.get(type(e))) for e in entry.effects
            )


def immediate(cls: type[Effect]) -> Callable[[Act], Act]:
    """Register the handler of an effect that never asks: ``fn(game, state, task, effect)`` acts once its frame is
    finished (the last effect of a power) or while the power's frame waits (an earlier one)."""

    def register(fn: Act) -> Act:
        def run(game: Game, state: State, task: Task, ans: Action | None, effect: Effect) -> bool:
            pop(state, task)
            fn(game, state, task, effect)
            return False

        run.__doc__ = fn.__doc__
        EFFECTS.handler(cls)(run)
        _ACTS[cls] = fn
        return fn

    return register


def _dispatcher(step: str) -> Callable[[Any, State, Task, Action | None], bool]:
    programs = PROGRAMS[step]

    def run_effects(game: Game, state: State, task: Task, ans: Action | None) -> bool:
        """Run the power's next effect (see the module's documentation)."""
        program = programs[task["key"]]
        at = task.get("effect_index")
        if at is None:
            started = _start_next(game, state, task, program)
            if started is None:
                return False
            task, at = started
        handler, effect, _act = program[at]
        if handler(game, state, task, ans, effect):
            return True
        if "next_effect" not in task:  # an effect of its own frame: the power runs on at once if it is next
            frames = state["flow"]
            top = frames[-1] if frames else None
            if (
                top is not None
                and top is not task
                and top.get("next_effect") == at + 1
                and top["key"] == task["key"]
            ):
                if "effect_index" not in top and top["step"] == step:
                    return run_effects(game, state, top, None)
        return False

    return run_effects


def _start_next(game: Game, state: State, task: Task, program: Program) -> tuple[Task, int] | None:
    """The frame and the index of the effect to run now, or None once the power gave the turn to other frames. An
    earlier effect that never asks acts at once (the power goes on unless it started something); one that may ask
    runs in a frame of its own above the power's; the last runs in the power's frame itself."""
    last = len(program) - 1
    frames = state["flow"]
    start = task.get("next_effect", 0)
    while start < last:
        task["next_effect"] = start + 1
        act = program[start][2]
        if act is None:
            sub = {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in task.items()}
            del sub["next_effect"]
            sub["effect_index"] = start
            frames.append(sub)
            return sub, start
        act(game, state, task, program[start][1])
        if not frames or frames[-1] is not task:
            return None  # it started something (or the power stopped): that runs first
        start += 1
    if start > last:  # a power with continuous effects only
        pop(state, task)
        return None
    task["effect_index"] = last
    return task, last


step_power = _dispatcher("power")
step_pair_or_set = _dispatcher("pair_or_set")


def on_table(game: Game, state: State, task: Task) -> bool:
    return task["card"] in state["zones"][f"table:{task['you']}"]


def card_to_table(game: Game, state: State, src: int, cid: int, dst: int, cause: str) -> None:
    """Move one card to another table without playing it, keeping its marks; a tile it leaves breaks up."""
    off_table(game, state, src, cid, TABLE[dst], cause, mark=state["marks"].get(SK[cid]))


def pass_in_effect(game: Game, state: State, seat: int, cid: int, qid: int | None) -> None:
    """BP-16.22: a tile's card-in-effect is passed. It leaves for limbo (step 1); the rest of its tile stays on
    the table as one protected card with no effect of its own, and is broken up (step 4) only once the passed card
    has been played and everything that play caused has finished (step 3, BP-11.18), by a ``break_held_tile`` task left
    under it. ``qid`` ties that task to a Q♣/Q♠ pass, whose Reflector breaks the tile at once (BP-27.10)."""
    tile = leave_tile(game, state, cid)
    if tile is not None:
        if tile["cards"]:
            tile["values"] = tile["values"][: len(tile["cards"])]
            tile["held"] = 1
            brk: Task = {"step": "break_held_tile", "target": SK[tile["cards"][0]]}
            if qid is not None:
                brk["held_by_q"] = qid
            push(state, brk)
    game.move(state, cid, TABLE[seat], "limbo", cause="q_pass")
    undeclare_if(game, state, seat, [cid])


def unit_to_limbo(game: Game, state: State, seat: int, unit: int, cause: str) -> None:
    tile = tile_of(state, unit)
    if tile is None:
        off_table(game, state, seat, unit, "limbo", cause)
        return
    for c in tile["cards"]:
        game.move(state, c, TABLE[seat], "limbo", cause=cause, mark=state["marks"].get(SK[c]))
    undeclare_if(game, state, seat, tile["cards"])


def plain_units(game: Game, state: State, seat: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """Untiled cards that are neither protected nor no-effect (BP-11.13)."""
    tof = state["g"]["tile_of"]
    marks = state["marks"]
    names = state["cards"]
    return [
        c
        for c in state["zones"][TABLE[seat]]
        if SK[c] not in tof and SK[c] not in marks and names[c] != "10♦" and c not in exclude
    ]


def pick_options(game: Game, state: State, units: list[tuple[int, int]], verb: str) -> list[list[str]]:
    """Options of ``verb`` naming cards or tiles on tables (seat, unit) by where they are: the card id."""
    g = state["g"]
    tof = g["tile_of"]
    marks = state["marks"]
    names = state["cards"]
    out = []
    for seat, u in units:
        key = SK[u]
        tid = tof.get(key) if tof else None
        if tid is not None:
            words = "the tile " + " + ".join(
                public_card_words(game, state, c) for c in g["tiles"][tid]["cards"]
            )
        else:
            mark = marks.get(key) if marks else None
            if mark is None:
                words = names[u]
            elif mark == WILD:
                words = "a wild"
            elif mark == WILD_NE:
                words = "a wild (no-effect)"
            elif mark == WILD_SEEN:
                words = "the wild " + names[u]
            elif mark == WILD_NE_SEEN:
                words = "the wild " + names[u] + " (no-effect)"
            elif mark == NE:
                words = names[u] + " (no-effect)"
            else:
                words = names[u]
        out.append(option(verb, u, label=words + _ON_TABLE[seat]))
    return out


def pick_target(
    game: Game,
    state: State,
    task: Task,
    ans: Action | None,
    units: list[tuple[int, int]],
    verb: str,
    chooser: int,
    kind: str,
    prompt: str,
    then: Callable[[Game, State, Task, Action | None], bool],
) -> bool:
    """``chooser`` picks one of ``units`` (seat, unit) as the effect's ``target`` (asked only among two or more:
    ``verb`` options, a ``kind`` decision), and the effect goes on at once with its step ``then``; with nothing to
    pick the effect is over."""
    if not units:
        pop(state, task)
        return False
    if ans is None:
        opts = pick_options(game, state, units, verb)
        if len(opts) > 1:
            return task_ask(game, state, task, chooser, kind, prompt, opts)
        ans = only(game, opts)
    task["target"] = ans.args[0]
    goto(task, then.__name__)
    return then(game, state, task, None)


def drop_tasks_of(game: Game, state: State, seat: int) -> None:
    """BP-25.6, BP-25.7: every unfinished effect whose "you" is ``seat`` stops."""
    frames = state["flow"]
    frames[:] = [t for t in frames if t.get("you") != seat]
