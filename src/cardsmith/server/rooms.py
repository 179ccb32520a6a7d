"""The games a server runs: one :class:`Room` per game, found by id through the :class:`Hub`.

A room holds the game's state in memory (rebuilt from storage by replaying its actions after a restart, when the
server starts for the games where an agent seat decides, else when the game is first opened), the connections seated
at it, the log in words of each seat, and the agents of its agent seats, which move in a task of
their own, each move worked out in a thread. Every change goes one way: the action is checked against the pending
decision, applied, the chance steps it leads to are resolved, all of them are committed to storage, and only then is
each connection sent its own seat's table.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..agents.base import Agent, AgentError
from ..agents.factory import agent_from_spec, check_agent_for_game, check_agent_spec
from ..core.decision import CHANCE
from ..core.engine import apply, decision, new_game, resolve_chance
from ..core.errors import CardsmithError, IllegalAction
from ..core.game import Game
from ..core.observe import Observation
from ..core.registry import get_game
from ..core.state import State, clone
from ..core.view import view
from ..present import presenter_for, to_json
from ..records.record import Record, build_record, replay_steps
from .storage import Storage, StorageConflict, StoredGame

LOG_LINES = 40
"""How many lines of the log in words each seat is sent."""

MAX_MESSAGE = 2048
"""The longest message a client may send, in characters."""

MAX_THINK = 10.0
"""The longest think time an agent seat may be given, in seconds."""

Send = Callable[[str], Awaitable[None]]


class BadRequest(Exception):
    """A request to create a game that cannot be carried out; the message says why."""


@dataclass(eq=False)
class Connection:
    """One open connection: the seat its token gives (None: a spectator) and how to send it text."""

    seat: int | None
    send: Send


class Room:
    """One game being played: its state, its connections, its seats' logs and its agents."""

    def __init__(self, stored: StoredGame, storage: Storage) -> None:
        self.stored = stored
        self.storage = storage
        self.game: Game = get_game(stored.game)
        self.presenter = presenter_for(self.game)
        self.state: State = new_game(self.game, stored.players, stored.seed, stored.options)
        self.logs: dict[int | None, deque[str]] = {
            s: deque(maxlen=LOG_LINES) for s in [None, *range(stored.players)]
        }
        self.connections: set[Connection] = set()
        self.agents: dict[int, Agent] = {
            seat: agent_from_spec(spec, seat, f"{stored.seed}/{seat}")
            for seat, spec in enumerate(stored.seats)
            if stored.tokens[seat] is None
        }
        self._agent_task: asyncio.Task[None] | None = None
        self.history: list[list[dict[str, Any]]] = []
        """Every step's events (``state["events"]`` after each step), for the agents that read the history."""
        self._views: dict[int | None, dict[str, Any]] = {}
        self._views_step = -1
        self._replay()

    # ----- state -------------------------------------------------------------------------------------------------

    def _replay(self) -> None:
        """Rebuild the state from the stored actions, the log of the last steps included."""
        self._log_start()
        self.history = [self.state["events"]]
        actions = self.stored.actions
        logged_from = max(0, len(actions) - LOG_LINES)
        for step in replay_steps({"actions": actions}, self.state):
            self._stepped(step.pending, step.option_id, log=step.number > logged_from)
        settled = self._settle()
        if settled:
            self.storage.append_many(self.stored.game_id, len(actions), settled)
            actions.extend(settled)

    def _log_start(self) -> None:
        for seat, lines in self.logs.items():
            lines.extend(self.presenter.event_lines(self.state["events"], view(self.state, seat)))

    def _stepped(self, pending: dict[str, Any], option_id: str, *, log: bool = True) -> None:
        """After each step: keep its events in the history, and log it (``log``) in every seat's log."""
        self.history.append(self.state["events"])
        if log:
            self._log_step(pending, option_id)

    def _log_step(self, pending: dict[str, Any], option_id: str) -> None:
        for seat, lines in self.logs.items():
            seen = self._view(seat)
            lines.extend(self.presenter.step_lines(pending, option_id, self.state["events"], seen))

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` now, kept until the next step (the log and the table are built from one view)."""
        if self._views_step != self.state["step"]:
            self._views = {}
            self._views_step = self.state["step"]
        seen = self._views.get(seat)
        if seen is None:
            seen = self._views[seat] = view(self.state, seat)
        return seen

    def _settle(self) -> list[str]:
        """Resolve the chance steps now pending; returns their outcomes (logged, not yet stored)."""
        drawn: list[str] = []
        while self.state["pending"] is not None and self.state["pending"]["seat"] == CHANCE:
            pending = self.state["pending"]
            outcome = resolve_chance(self.state)
            self._stepped(pending, outcome)
            drawn.append(outcome)
        return drawn

    @property
    def number(self) -> int:
        """The number of the pending decision: how many actions were applied before it."""
        return len(self.stored.actions)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state["pending"] is None

    def deciding(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        pending = self.state["pending"]
        return None if pending is None else pending["seat"]

    def step(self, option_id: str) -> None:
        """Apply one legal option of the pending decision and the chance steps after it, and commit them all.

        Raises :class:`IllegalAction` (nothing changed) when the option is not legal. When the commit fails the
        room is rebuilt from storage, so memory never runs ahead of what is stored.
        """
        first = self.number
        pending = self.state["pending"]
        apply(self.state, option_id)
        self._stepped(pending, option_id)
        done = [option_id, *self._settle()]
        try:
            self.storage.append_many(self.stored.game_id, first, done)
        except BaseException:
            self._reload()
            raise
        self.stored.actions.extend(done)

    def _reload(self) -> None:
        stored = self.storage.load(self.stored.game_id)
        if stored is None:  # pragma: no cover - a game is never deleted
            raise StorageConflict(f"game {self.stored.game_id} is gone from storage")
        self.stored = stored
        self.state = new_game(self.game, stored.players, stored.seed, stored.options)
        self._views_step = -1
        for lines in self.logs.values():
            lines.clear()
        self._replay()

    def record(self) -> Record | None:
        """The game's record once it is over (the same record ``cardsmith replay`` verifies), else None."""
        if not self.over:
            return None
        s = self.stored
        return build_record(self.state, s.actions, seats=s.seats, seed=s.seed)

    # ----- what each seat is sent ----------------------------------------------------------------------------------

    def table_message(self, seat: int | None) -> str:
        """The message that shows ``seat`` (None: a spectator) the table as it may see it now."""
        seen = self._view(seat)
        pending = decision(self.state)
        mine = pending if pending is not None and seat is not None and pending.seat == seat else None
        table = self.presenter.table(seen, mine, list(self.logs[seat]))
        head = {
            "type": "table",
            "game_id": self.stored.game_id,
            "decision": self.number,
            "seat": seat,
            "over": self.over,
            "record": f"/api/games/{self.stored.game_id}/record" if self.over else None,
            "agents": sorted(self.agents),
        }
        return json.dumps(head)[:-1] + ', "table": ' + to_json(table).decode() + "}"

    async def broadcast(self) -> None:
        """Send every connection its seat's table (each seat's table built once)."""
        built: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in built:
                built[conn.seat] = self.table_message(conn.seat)
        sends = [self._send(conn, built[conn.seat]) for conn in list(self.connections)]
        await asyncio.gather(*sends)

    async def _send(self, conn: Connection, text: str) -> None:
        try:
            await conn.send(text)
        except Exception:  # a connection that went away is dropped; the game goes on
            self.connections.discard(conn)

    # ----- people and agents ---------------------------------------------------------------------------------------

    def refusal(self, seat: int | None, text: str) -> str | None:
        """Check one message from a connection of ``seat`` and carry it out; returns the refusal, or None."""
        if len(text) > MAX_MESSAGE:
            return f"a message may be at most {MAX_MESSAGE} characters"
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return "a message must be JSON"
        if not isinstance(message, dict) or message.get("type") != "act":
            return 'a message must be an object with "type": "act"'
        option, number, named = message.get("option"), message.get("decision"), message.get("seat", seat)
        if not isinstance(option, str) or type(number) is not int:
            return 'an action needs "option" (text) and "decision" (an integer)'
        if seat is None:
            return "a spectator cannot act"
        if named != seat:
            return f"this link acts for {self.game.seat_name(seat)} only"
        if self.over:
            return "the game is over"
        if self.deciding() != seat:
            return f"it is not your turn: {self.game.seat_name(self.deciding() or 0)} decides"
        if number != self.number:
            return f"that answers decision {number}, but decision {self.number} is pending"
        try:
            self.step(option)
        except IllegalAction as exc:
            return f"not a legal option: {exc}"
        return None

    def kick(self) -> None:
        """Start the agents' task when an agent seat must decide and the task is not running."""
        if self._agent_task is not None and not self._agent_task.done():
            return
        if self.deciding() in self.agents:
            self._agent_task = asyncio.get_running_loop().create_task(self._agents_play())

    async def _agents_play(self) -> None:
        while not self.over and self.deciding() in self.agents:
            await asyncio.sleep(self.stored.think)
            seat, number = self.deciding(), self.number
            assert seat is not None
            observation = Observation(clone(self.state), self.history)
            option = await asyncio.to_thread(self.agents[seat].choose, observation)
            if self.number != number:  # pragma: no cover - nothing else moves for an agent seat
                continue
            self.step(option)
            await self.broadcast()

    def stop(self) -> None:
        """Cancel the agents' task (the server is shutting down)."""
        if self._agent_task is not None:
            self._agent_task.cancel()


class Hub:
    """Every game of the server, loaded from storage on first use."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.rooms: dict[str, Room] = {}

    def room(self, game_id: str) -> Room | None:
        """The room of a game, or None when there is no such game."""
        room = self.rooms.get(game_id)
        if room is None:
            stored = self.storage.load(game_id)
            if stored is None:
                return None
            room = self.rooms[game_id] = Room(stored, self.storage)
        return room

    async def resume(self) -> list[str]:
        """Let the agents play on in every stored game left unfinished where an agent seat decides, so that after a
        restart such a game goes on with nobody connected; returns the ids of the games resumed. Games are replayed
        one at a time, the server answering in between; a game with no agent seat is left until someone opens it."""
        resumed = []
        for game_id in self.storage.game_ids():
            room = self.rooms.get(game_id)
            if room is None:
                stored = self.storage.load(game_id)
                if stored is None or None not in stored.tokens:
                    continue
                try:
                    room = Room(stored, self.storage)
                except CardsmithError:  # a stored game this version cannot replay stays as it is stored
                    continue
                if room.over:
                    continue
                self.rooms[game_id] = room
            if not room.over and room.deciding() in room.agents:
                room.kick()
                resumed.append(game_id)
            await asyncio.sleep(0)
        return resumed

    def create(self, body: Any) -> StoredGame:
        """Create and store a game from a lobby request (raises :class:`BadRequest`)."""
        game, players, seats, options, think = _checked(body)
        stored = StoredGame(
            game_id=secrets.token_urlsafe(9),
            game=game.id,
            players=players,
            seats=seats,
            options={},
            seed=secrets.token_hex(32),
            tokens=[secrets.token_urlsafe(24) if spec == "human" else None for spec in seats],
            spectate=secrets.token_urlsafe(24),
            think=think,
        )
        try:
            stored.options = dict(new_game(game, players, stored.seed, options)["options"])
        except CardsmithError as exc:
            raise BadRequest(str(exc)) from None
        self.storage.create(stored)
        return stored

    def close(self) -> None:
        """Stop every room's agents."""
        for room in self.rooms.values():
            room.stop()


def _checked(body: Any) -> tuple[Game, int, list[str], dict[str, Any], float]:
    """The parts of a lobby request, checked: game, players, seat agents, options, think time."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = set(body) - {"game", "players", "seats", "options", "think"}
    if unknown:
        raise BadRequest(f"unknown field {sorted(unknown)[0]!r}")
    try:
        game = get_game(body.get("game"))
    except (CardsmithError, TypeError):
        raise BadRequest(f"unknown game {body.get('game')!r}") from None
    players = body.get("players", game.min_players)
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise BadRequest(f"{game.id} is played by {game.min_players} to {game.max_players} players")
    seats = body.get("seats", ["human"] * players)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) != players:
        raise BadRequest(f"seats must be a list of {players} agent names (human, random, ...)")
    seats = [s.strip() for s in seats]
    try:
        for spec in seats:
            check_agent_spec(spec)
            check_agent_for_game(spec, game)
    except AgentError as exc:
        raise BadRequest(str(exc)) from None
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    think = body.get("think", 0.5)
    if isinstance(think, bool) or not isinstance(think, int | float) or not 0 <= think <= MAX_THINK:
        raise BadRequest(f"think must be a number of seconds from 0 to {MAX_THINK:g}")
    return game, players, seats, options, float(think)
