"""Where the server keeps its games: a small interface, and SQLite behind it.

A game is stored as what it takes to rebuild it exactly: its setup (game, players, seat agents, resolved options,
the secret seed, the seat tokens) and every applied option id in order, chance outcomes included. The state is never
stored; it is replayed from the setup, as a record is. :meth:`Storage.append` returns only once the action is
committed, so an action the server acknowledged survives the process being killed.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit survives the server process being killed at any
moment (what a restart needs); surviving a power cut as well takes ``synchronous=FULL`` (``durable=True``).
A deployment beyond one machine would put the same two tables in a server database (PostgreSQL), where a unique
key on (game, number) keeps two servers from applying one decision twice.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


@dataclass
class StoredGame:
    """One game as stored: its setup and its applied option ids."""

    game_id: str
    game: str
    players: int
    seats: list[str]
    options: dict[str, Any]
    seed: int | str
    tokens: list[str | None]
    """One token per seat: a human seat's join token, None for an agent seat."""
    spectate: str
    think: float = 0.5
    """Seconds an agent seat waits before it moves, so people can follow."""
    created: float = field(default_factory=time.time)
    actions: list[str] = field(default_factory=list)


class StorageConflict(Exception):
    """An action numbered like one already stored: it would be applied twice."""


class Storage(Protocol):
    """What the server needs from a store of games."""

    def create(self, game: StoredGame) -> None:
        """Store a new game (with no actions yet)."""
        ...

    def append(self, game_id: str, number: int, option_id: str) -> None:
        """Commit action ``number`` (from 0) of a game; raises :class:`StorageConflict` if it is stored already."""
        ...

    def append_many(self, game_id: str, first: int, option_ids: list[str]) -> None:
        """Commit several consecutive actions at once, from number ``first``."""
        ...

    def load(self, game_id: str) -> StoredGame | None:
        """The game with its actions, or None when there is no such game."""
        ...

    def game_ids(self) -> list[str]:
        """Every stored game's id, oldest first."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    number INTEGER NOT NULL,
    option_id TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""


class SqliteStorage:
    """Games in one SQLite file (``":memory:"`` for a store that lasts as long as the object)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)

    def create(self, game: StoredGame) -> None:
        setup = {
            "game": game.game,
            "players": game.players,
            "seats": game.seats,
            "options": game.options,
            "seed": game.seed,
            "tokens": game.tokens,
            "spectate": game.spectate,
            "think": game.think,
        }
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (game_id, setup, created) VALUES (?, ?, ?)",
                (game.game_id, json.dumps(setup), game.created),
            )

    def append(self, game_id: str, number: int, option_id: str) -> None:
        self.append_many(game_id, number, [option_id])

    def append_many(self, game_id: str, first: int, option_ids: list[str]) -> None:
        rows = [(game_id, first + i, option) for i, option in enumerate(option_ids)]
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany(
                    "INSERT INTO actions (game_id, number, option_id) VALUES (?, ?, ?)", rows
                )
        except sqlite3.IntegrityError as exc:
            raise StorageConflict(f"game {game_id}: action {first} is stored already") from exc

    def load(self, game_id: str) -> StoredGame | None:
        row = self._db.execute("SELECT setup, created FROM games WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        setup = json.loads(row[0])
        actions = [
            r[0]
            for r in self._db.execute(
                "SELECT option_id FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
            )
        ]
        return StoredGame(game_id=game_id, created=row[1], actions=actions, **setup)

    def game_ids(self) -> list[str]:
        return [r[0] for r in self._db.execute("SELECT game_id FROM games ORDER BY created, game_id")]

    def close(self) -> None:
        self._db.close()
