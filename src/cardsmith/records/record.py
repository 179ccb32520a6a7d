"""Game records: a finished game (or one a person stopped) written as JSON, protected by a digest, and checked by replaying it.

A record holds what it takes to replay a game exactly: the game and rules version, the number of players, the resolved
options, the seed (or the scenario the game started from) and every applied option id in order, chance outcomes
included. ``final_hash`` and ``result`` say where the game ended; ``digest`` is a SHA-256 over the canonical JSON of
every other field, so any edit to the file is detected when it is loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents.base import AgentError
from ..agents.factory import agent_names, check_agent_spec, known_agent_names
from ..core.decision import CHANCE
from ..core.engine import apply, new_game, sample_chance
from ..core.errors import CardsmithError, IllegalAction, RecordError
from ..core.files import read_user_text
from ..core.registry import get_game
from ..core.scenario import state_from_scenario
from ..core.state import State, nesting_depth, state_hash

Record = dict[str, Any]

FORMAT = "cardsmith-record/1"

# Every field of a record besides the digest, with the JSON types it may have.
_FIELDS: dict[str, tuple[type, ...]] = {
    "format": (str,),
    "game": (str,),
    "rules_version": (str,),
    "players": (int,),
    "options": (dict,),
    "seats": (list,),
    "seed": (int, str),
    "scenario": (dict, type(None)),
    "actions": (list,),
    "final_hash": (str,),
    "result": (dict, type(None)),
}
_TYPE_NAMES = {str: "text", int: "an integer", dict: "an object", list: "a list", type(None): "null"}

MAX_DEPTH = 64
"""The deepest nesting of lists and objects a record file may have (a real record nests a few levels)."""


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def record_digest(record: Record) -> str:
    """The SHA-256 (hex) over the canonical JSON of every field of ``record`` except ``digest``."""
    body = {k: v for k, v in record.items() if k != "digest"}
    return hashlib.sha256(_canonical(body).encode()).hexdigest()


def build_record(
    state: State,
    actions: Sequence[str],
    *,
    seats: Sequence[str],
    seed: int | str,
    scenario: dict[str, Any] | None = None,
    stopped: bool = False,
) -> Record:
    """The record of a finished game: ``state`` is its final state, ``actions`` every applied option id in order.

    ``stopped``: the game was ended before its result by a person who quit; its record has the result null and
    replays to the position where it stopped.

    ``seats`` names the agent of each seat; ``scenario`` is the scenario dict the game started from (its seed is
    then the scenario's seed), or None for a game created with :func:`cardsmith.core.engine.new_game`.
    """
    if state["result"] is None and not stopped:
        raise RecordError("cannot record a game that has not ended")
    if len(seats) != state["players"]:
        raise RecordError(f"{len(seats)} seat names given for a game of {state['players']} players")
    if scenario is not None:
        # A plain JSON copy that keeps the key order: the order of a scenario's [zones] numbers its cards.
        try:
            scenario = json.loads(json.dumps(scenario))
        except (TypeError, ValueError) as exc:
            raise RecordError(f"the scenario cannot be stored in a record: {exc}") from None
    record: Record = {
        "format": FORMAT,
        "game": state["game"],
        "rules_version": state["rules"],
        "players": state["players"],
        "options": dict(state["options"]),
        "seats": list(seats),
        "seed": seed,
        "scenario": scenario,
        "actions": list(actions),
        "final_hash": state_hash(state),
        "result": state["result"],
    }
    record["digest"] = record_digest(record)
    return record


def check_record(data: Any, source: str = "record") -> Record:
    """Check that ``data`` is a well-formed, untampered record and return it; else raise :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError(f"{source} is not a cardsmith record (expected a JSON object)")
    if nesting_depth(data) > MAX_DEPTH:
        raise RecordError(f"{source} is nested too deeply (at most {MAX_DEPTH} levels)")
    for name in (*_FIELDS, "digest"):
        if name not in data:
            raise RecordError(f"{source} has no {name!r} field")
    unknown = [name for name in data if name not in _FIELDS and name != "digest"]
    if unknown:
        raise RecordError(f"{source} has an unknown field {unknown[0]!r}")
    if data["format"] != FORMAT:
        raise RecordError(f"{source} has format {data['format']!r}; this version reads {FORMAT!r}")
    for name, types in _FIELDS.items():
        value = data[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            wanted = " or ".join(_TYPE_NAMES[t] for t in types)
            raise RecordError(f"{source}: field {name!r} must be {wanted}, got {type(value).__name__}")
    if not isinstance(data["digest"], str):
        raise RecordError(f"{source}: field 'digest' must be text")
    for name in ("seats", "actions"):
        if not all(isinstance(item, str) for item in data[name]):
            raise RecordError(f"{source}: every entry of {name!r} must be text")
    if len(data["seats"]) != data["players"]:
        raise RecordError(f"{source} names {len(data['seats'])} seats for {data['players']} players")
    for seat, spec in enumerate(data["seats"], 1):
        try:
            check_agent_spec(
                spec
            )  # a name, with parameters where the agent takes them (ismcts:iterations=200)
        except AgentError as exc:
            if agent_names([spec])[0] not in known_agent_names():
                raise RecordError(
                    f"{source}: seat {seat} has unknown agent {spec!r} "
                    f"(known agents: {', '.join(known_agent_names())})"
                ) from None
            raise RecordError(f"{source}: seat {seat}: {exc}") from None
    if record_digest(data) != data["digest"]:
        raise RecordError(f"{source} digest mismatch: the record was edited or damaged")
    return data


def save_record(record: Record, path: str | Path) -> Path:
    """Write ``record`` as JSON to ``path`` (its folder must exist) and return the path.

    The record is written to a temporary file in the same folder, which is then renamed to ``path``: a write that
    fails (a full disk, a file-size limit) leaves no partial record, and any earlier file at ``path`` whole; it
    raises :class:`RecordError`. Keys keep their order (the digest does not depend on it, but a scenario's zone
    order numbers its cards).
    """
    p = Path(path)
    text = json.dumps(record, indent=1) + "\n"
    temporary = p.with_name(f".{p.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        # Created with mode 0o666 less the umask, as any file the run writes.
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with open(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(temporary, p)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise RecordError(f"cannot write record {str(p)!r}: {exc.strerror or exc}") from None
    return p


def load_record(path: str | Path) -> Record:
    """Read and check a record file; raises :class:`RecordError` with a one-line reason."""
    source = f"record {str(Path(path))!r}"
    text = read_user_text(path, source, RecordError, "JSON")
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError(f"{source} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        raise RecordError(f"{source} is not JSON: {exc}") from None
    return check_record(data, source)


def _fail(reason: str) -> RecordError:
    return RecordError(f"record does not replay: {reason}")


def start_state(record: Record) -> State:
    """The state a (checked) record's game started from: its scenario, or a new game from its seed and options."""
    try:
        game = get_game(record["game"])
        if game.rules_version != record["rules_version"]:
            raise _fail(
                f"it was made with {game.id} rules version {record['rules_version']!r}, "
                f"these are version {game.rules_version!r}"
            )
        if record["scenario"] is not None:
            state = state_from_scenario(record["scenario"])
        else:
            state = new_game(game, record["players"], record["seed"], record["options"])
    except RecordError:
        raise
    except CardsmithError as exc:
        raise _fail(str(exc)) from None
    if state["game"] != record["game"]:
        raise _fail(f"its scenario is for {state['game']}, not {record['game']}")
    if state["players"] != record["players"]:
        raise _fail(f"it starts with {state['players']} players, the record says {record['players']}")
    if state["options"] != record["options"]:
        raise _fail("its options differ from those the game starts with")
    return state


@dataclass(frozen=True)
class Step:
    """One replayed decision: its number (from 1), the decision as it was pending, and the option applied."""

    number: int
    pending: dict[str, Any]
    option_id: str


def replay_steps(record: Record, state: State) -> Iterator[Step]:
    """Re-apply a record's actions to ``state`` (its start state), yielding each step after it is applied.

    A chance outcome is re-drawn from the state's RNG and must equal the recorded one. An action the rules refuse
    raises ``RecordError("record does not replay: ...")``.
    """
    for number, option_id in enumerate(record["actions"], 1):
        pending = state["pending"]
        if pending is None:
            raise _fail(f"action {number} ({option_id!r}) comes after the game ended")
        if pending["seat"] == CHANCE:
            drawn = sample_chance(state)
            if drawn != option_id:
                raise _fail(f"chance drew {drawn!r} at action {number}, the record says {option_id!r}")
        try:
            apply(state, option_id)
        except IllegalAction as exc:
            raise _fail(f"action {number}: {exc}") from None
        yield Step(number, pending, option_id)


def check_final(record: Record, state: State) -> None:
    """Raise unless ``state`` is where the record says its game ended (or stopped, for a result of null)."""
    if state["result"] is None and record["result"] is not None:
        raise _fail(f"the game has not ended after its {len(record['actions'])} actions")
    if state["result"] != record["result"]:
        raise _fail(f"the game ends with {state['result']}, the record says {record['result']}")
    if state_hash(state) != record["final_hash"]:
        raise _fail("the final state's hash differs from the recorded final_hash")


def verify(record: Record) -> State:
    """Check a record and replay it from its start; returns the final state, or raises :class:`RecordError`."""
    check_record(record)
    state = start_state(record)
    for _ in replay_steps(record, state):
        pass
    check_final(record, state)
    return state
