"""Scenarios: a game set up in a given position, written as TOML.

::

    game = "martial-arts"        # required
    players = 2                  # default: the game's minimum
    seed = 7                     # default: 0 (seeds the state's RNG for anything random after setup)
    title = "Tie block"          # optional words
    answers = []                 # optional: the position's next questions answered (option ids or labels)

    [options]                    # the game's options, as for `cardsmith play --option`
    event_mode = "hand"

    [zones]                      # every card in the game; a zone not listed starts empty
    "hand:0" = ["Snapping Jab", "Iron Gate"]
    "deck:1" = ["Crane Beak", "Crane Beak"]      # listed top card first
    "event_slot" = ["Monsoon@1"]                 # NAME@SEAT sets the card's owner

    [setup]                      # game-specific: counters, whose turn, phase (see the game's rules guide)
    turn = 3

A position reached through play is best set by playing to it: ``answers`` lists the answers to the questions the
position asks next, in order, each the id or the label of an option offered then (a scenario can only reach what
the rules reach this way).

A card's owner defaults to the owner of the zone it starts in. Every list is written top card first. Cards are
numbered zone by zone in sorted zone-name order, so the same position always gets the same card ids.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from .engine import apply, blank_state
from .errors import CardsmithError, ScenarioError
from .files import read_user_text
from .flow import Frame, push
from .registry import get_game
from .state import State, nesting_depth

_KEYS = {"game", "players", "seed", "title", "description", "options", "zones", "setup", "answers"}


MAX_DEPTH = 32
"""The deepest nesting of arrays and tables a scenario file may have (a real scenario nests a few levels)."""


def read_scenario(path: str | Path) -> dict[str, Any]:
    """Read a scenario file; raises :class:`ScenarioError` with a one-line reason."""
    source = f"scenario {str(Path(path))!r}"
    text = read_user_text(path, source, ScenarioError, "TOML")
    too_deep = f"{source} is nested too deeply (at most {MAX_DEPTH} levels)"
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise ScenarioError(too_deep) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source} is not valid TOML: {exc}") from None
    if nesting_depth(data) > MAX_DEPTH:
        raise ScenarioError(too_deep)
    return data


def _parse_card(entry: Any, zone: str) -> tuple[str, int | None]:
    if not isinstance(entry, str) or not entry.strip():
        raise ScenarioError(f"zone {zone!r}: card entries must be card names, got {entry!r}")
    name, sep, seat = entry.rpartition("@")
    if sep and seat.isdigit():
        return name.strip(), int(seat)
    return entry.strip(), None


def state_from_scenario(data: dict[str, Any]) -> State:
    """Build the state a scenario describes, run to its first decision."""
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ScenarioError(f"unknown scenario key {unknown[0]!r} (allowed: {', '.join(sorted(_KEYS))})")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise ScenarioError('a scenario needs game = "<game id>"')
    game = get_game(game_id)
    players = data.get("players", game.min_players)
    seed = data.get("seed", 0)
    if not isinstance(seed, int | str):
        raise ScenarioError("seed must be an integer or a string")
    options = data.get("options", {})
    zones = data.get("zones", {})
    setup = data.get("setup", {})
    for key, value in (("options", options), ("zones", zones), ("setup", setup)):
        if not isinstance(value, dict):
            raise ScenarioError(f"[{key}] must be a table")
    try:
        state = blank_state(game, players, seed, options)
    except CardsmithError as exc:
        raise ScenarioError(f"scenario: {exc}") from None
    _place_cards(game, state, zones)
    if game.setup_schema is not None:  # the game declares its [setup] keys as a typed struct
        try:
            setup = msgspec.convert(setup, type=game.setup_schema)
        except msgspec.ValidationError as exc:
            raise ScenarioError(f"[setup] of {game.id}: {str(exc).replace('`$', '`setup')}") from None
    try:
        game.load_scenario(state, setup)
    except ScenarioError:
        raise
    except CardsmithError as exc:
        raise ScenarioError(f"scenario: {exc}") from None
    answers = data.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise ScenarioError("answers must be a list of option ids or labels")
    replay(state, "answers", answers, lambda s: True, "the game is over", where="")
    if state["pending"] is None and state["result"] is None:
        raise ScenarioError("scenario: the position leaves no decision to make")
    return state


def _place_cards(game: Any, state: State, zones: dict[str, Any]) -> None:
    """Every card of ``[zones]`` in its zone, numbered zone by zone in sorted zone-name order."""
    players = state["players"]
    known = game.card_names()
    for zone, entries in sorted(zones.items()):  # card ids never depend on the order the file lists zones in
        if not game.visibility.valid_zone(zone, players):
            kinds = ", ".join(sorted(game.visibility.zone_kinds))
            raise ScenarioError(
                f"unknown zone {zone!r} for {game.id} with {players} players (zone kinds: {kinds})"
            )
        if not isinstance(entries, list):
            raise ScenarioError(f"zone {zone!r} must be a list of card names")
        state["zones"].setdefault(zone, [])  # a declared zone made only in play (a hand set aside, say)
        owner_default = None
        kind = game.visibility.zone_kinds[zone.split(":", 1)[0]]
        if kind.owned:
            owner_default = int(zone.split(":")[1])
        for entry in reversed(entries):
            name, owner = _parse_card(entry, zone)
            if name not in known:
                raise ScenarioError(f"zone {zone!r}: unknown card {name!r} for {game.id}")
            if owner is not None and not 0 <= owner < players:
                raise ScenarioError(
                    f"zone {zone!r}: card {entry!r} names seat {owner}, which is not in the game"
                )
            game.new_card(state, name, zone, owner if owner is not None else owner_default)


def load_scenario(path: str | Path) -> State:
    """Read a scenario file and build its state."""
    return state_from_scenario(read_scenario(path))


# ----- what a game's ``load_scenario`` checks: the [setup] values every game reads the same way ----------------------


def seat_of(value: int, players: int, key: str) -> int:
    """The seat named by the ``[setup]`` value ``key``: 0 to ``players - 1``, else refused naming the key."""
    if not 0 <= value < players:
        raise ScenarioError(f"[setup] {key} must be a seat (0 to {players - 1}), not {value}")
    return value


def per_seat(
    value: Sequence[Any] | None, default: Sequence[Any], players: int, key: str, what: str
) -> list[Any]:
    """A ``[setup]`` list with one entry per seat (``default`` when the key is not given), refused naming the key
    (``what`` says what an entry is) when its length is not the number of players."""
    out = list(default if value is None else value)
    if len(out) != players:
        raise ScenarioError(f"[setup] {key} must be a list of {players} {what}")
    return out


def replay(
    state: State,
    key: str,
    answers: Sequence[str],
    going_on: Callable[[State], bool],
    over: str,
    where: str = "[setup] ",
) -> None:
    """Answer the questions that lead to a position, as the players would (the rules reach it; no frame is
    written): each answer is the id or the label of an option of the decision pending then. Before each answer
    ``going_on(state)`` must hold, else the answer comes after ``over`` (words: "the effects of 10♠ are over").
    Refusals name ``key[i]`` (in ``where``: the ``[setup]`` table, or "" for the scenario's own ``answers``)."""
    for i, answer in enumerate(answers):
        pending = state["pending"]
        if pending is None or not going_on(state):
            raise ScenarioError(f"{where}{key}[{i}]: {over} before it")
        oid = next((o[0] for o in pending["options"] if answer in (o[0], o[1])), None)
        if oid is None:
            offered = "; ".join(f"{o[0]} ({o[1]})" for o in pending["options"])
            raise ScenarioError(
                f"{where}{key}[{i}]: {answer!r} is not an option of the question asked ({pending['kind']}: {offered})"
            )
        apply(state, oid)


def open_window_at(
    state: State, step: str, actors: list[int], asked: int | None, key: str, what: str = "window", **data: Any
) -> Frame:
    """Open the reaction window ``step`` (see :meth:`cardsmith.core.flow.Flow.window`) part-way: its ``actors`` in
    order, those before ``asked`` (default the first) having passed; ``data`` is the rest of its frame (``played``:
    whether ``asked`` has played in it already). A seat that is not an actor is refused naming ``key``."""
    asked = actors[0] if asked is None else asked
    if asked not in actors:
        raise ScenarioError(
            f"[setup] {key}: seat {asked} is not asked in this {what}; its actors are {actors}"
        )
    data.setdefault("played", False)
    return push(state, step, actors=actors, next=actors.index(asked), **data)
