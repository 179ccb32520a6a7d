"""The game registry. A game registers itself; everything above the games finds it here.

Every game, the built-in ones included, is found through the ``cardsmith.games`` entry-point group: each entry point
names a module that registers its game when imported. The core imports no game, and a game from another package
plugs in exactly as the built-in ones do.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING, Any

from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game to the registry (by its ``id``) and return it."""
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"game id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in metadata.entry_points(group="cardsmith.games"):
        importlib.import_module(ep.value)


def _load_one(game_id: str) -> None:
    """Import only the entry point named ``game_id`` (the usual case: an entry point is named after its game), so
    that playing one game neither pays for importing the others nor fails when another is broken."""
    for ep in metadata.entry_points(group="cardsmith.games", name=game_id):
        importlib.import_module(ep.value)


def get_game(game_id: str) -> Game:
    """The registered game with this id; raises :class:`UnknownGame` naming the known ids."""
    game = _GAMES.get(game_id)
    if game is not None:
        return game
    if not _loaded:
        _load_one(game_id)
        game = _GAMES.get(game_id)
        if game is not None:
            return game
    _load()
    game = _GAMES.get(game_id)
    if game is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {game_id!r} (known games: {known})")
    return game


def all_games() -> list[Game]:
    """Every registered game, sorted by id."""
    _load()
    return [_GAMES[k] for k in sorted(_GAMES)]


@dataclass(frozen=True)
class ComponentBench:
    """A benchmark of one part of a game (a hand evaluator, say), run by ``cardsmith bench --component NAME``.

    Games offer them through the ``cardsmith.benchmarks`` entry-point group (each entry point names one object).
    """

    name: str
    title: str
    run: Callable[[float], dict[str, Any]]
    report: Callable[[dict[str, Any]], Any]


def component_benches() -> dict[str, ComponentBench]:
    """Every component benchmark the installed games offer, by name."""
    found = {}
    for ep in metadata.entry_points(group="cardsmith.benchmarks"):
        bench = ep.load()
        if not isinstance(bench, ComponentBench):
            raise TypeError(f"entry point {ep.name!r} of cardsmith.benchmarks is not a ComponentBench")
        found[bench.name] = bench
    return dict(sorted(found.items()))
