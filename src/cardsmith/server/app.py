"""The ASGI app: the lobby, the table page, one WebSocket per seat, the API and records.

Routes:

- ``GET /`` the lobby; ``GET /api/lobby`` the games, their player counts, options and the agents.
- ``POST /api/games`` creates a game: ``{"game", "players", "seats", "options", "think"}`` answers
  ``{"game_id", "join": [url or null per seat], "spectate": url}``; a bad body answers 400 ``{"error"}``.
- ``GET /play/{game_id}/{token}`` the table page of the seat (or spectator) the token names.
- ``WS /ws/{game_id}/{token}`` that seat's live table. The client sends ``{"type": "act", "option": id,
  "decision": n}``; the server answers every connection with its own seat's table, or this client alone with
  ``{"type": "error", "error": ...}``.
- ``GET /api/games/{game_id}/record`` the game's record once it is over (409 before).
- ``GET /healthz`` answers ``{"ok": true}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..agents.factory import AGENT_NAMES, INTERACTIVE_AGENTS
from ..core.registry import all_games
from .rooms import BadRequest, Connection, Hub, Room
from .storage import SqliteStorage, Storage

STATIC = Path(str(resources.files("cardsmith.server") / "static"))


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cardsmith {title}</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body class="{body_class}">
{body}</body>
</html>
"""


@functools.cache
def _page(title: str, body_class: str, body_file: str) -> str:
    """A page of the site: the head every page shares, around the body kept in ``static/<body_file>``."""
    body = (STATIC / body_file).read_text(encoding="utf-8")
    return _PAGE.format(title=title, body_class=body_class, body=body)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _seat_of(room: Room, token: str) -> tuple[bool, int | None]:
    """Whether ``token`` opens this game, and for which seat (None: the spectator)."""
    if token == room.stored.spectate:
        return True, None
    for seat, own in enumerate(room.stored.tokens):
        if own is not None and own == token:
            return True, seat
    return False, None


async def healthz(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def lobby_page(request: Request) -> Response:
    return HTMLResponse(_page("lobby", "lobby", "lobby.body.html"))


async def lobby_info(request: Request) -> Response:
    games = [
        {
            "id": g.id,
            "name": g.name,
            "min_players": g.min_players,
            "max_players": g.max_players,
            "opponent": g.opponent,
            "options": [
                {
                    "name": o.name,
                    "kind": o.kind,
                    "default": o.default,
                    "help": o.help,
                    "choices": list(o.choices),
                }
                for o in g.option_specs
            ],
        }
        for g in all_games()
    ]
    agents = ["human", *(a for a in AGENT_NAMES if a not in INTERACTIVE_AGENTS)]
    return JSONResponse({"games": games, "agents": agents})


async def create_game(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    try:
        body: Any = json.loads(await request.body())
    except ValueError:
        return _error(400, "the body must be JSON")
    try:
        stored = hub.create(body)
    except BadRequest as exc:
        return _error(400, str(exc))
    base = str(request.base_url).rstrip("/")
    join = [None if t is None else f"{base}/play/{stored.game_id}/{t}" for t in stored.tokens]
    room = hub.room(stored.game_id)
    assert room is not None
    room.kick()
    return JSONResponse(
        {
            "game_id": stored.game_id,
            "join": join,
            "spectate": f"{base}/play/{stored.game_id}/{stored.spectate}",
        }
    )


async def game_record(request: Request) -> Response:
    room = request.app.state.hub.room(request.path_params["game_id"])
    if room is None:
        return _error(404, "no such game")
    record = room.record()
    if record is None:
        return _error(409, "the game is not over yet")
    name = f"{room.game.id}-{room.stored.game_id}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def table_page(request: Request) -> Response:
    room = request.app.state.hub.room(request.path_params["game_id"])
    if room is None or not _seat_of(room, request.path_params["token"])[0]:
        return HTMLResponse("<h1>No such game or link</h1>", status_code=404)
    return HTMLResponse(_page("table", "table-page", "table.body.html"))


async def seat_socket(websocket: WebSocket) -> None:
    room = websocket.app.state.hub.room(websocket.path_params["game_id"])
    await websocket.accept()
    opened, seat = (False, None) if room is None else _seat_of(room, websocket.path_params["token"])
    if room is None or not opened:
        await websocket.send_text(json.dumps({"type": "error", "error": "no such game or link"}))
        await websocket.close(code=4404)
        return
    conn = Connection(seat, websocket.send_text)
    room.connections.add(conn)
    try:
        await websocket.send_text(room.table_message(seat))
        room.kick()
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            refusal = room.refusal(seat, text) if isinstance(text, str) else "a message must be text"
            if refusal is not None:
                await websocket.send_text(json.dumps({"type": "error", "error": refusal}))
                continue
            await room.broadcast()
            room.kick()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.connections.discard(conn)


def create_app(db: str | Path = "cardsmith-games.db", storage: Storage | None = None) -> Starlette:
    """The server's app over a SQLite file ``db`` (or any ``storage``)."""
    store = storage if storage is not None else SqliteStorage(db)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # the agents of unfinished games play on from the start, whether or not anyone connects
        resuming = asyncio.get_running_loop().create_task(app.state.hub.resume())
        yield
        resuming.cancel()
        app.state.hub.close()

    app = Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/healthz", healthz),
            Route("/api/lobby", lobby_info),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{game_id}/record", game_record),
            Route("/play/{game_id}/{token}", table_page),
            WebSocketRoute("/ws/{game_id}/{token}", seat_socket),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = Hub(store)
    return app
