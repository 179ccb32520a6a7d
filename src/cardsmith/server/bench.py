"""``cardsmith serve-bench``: many games played over WebSockets by bot clients against a real server process.

The server runs as its own process (``cardsmith serve``) on the loopback address over a fresh SQLite file. Each of
``games`` slots creates a game with two human seats and plays it with two bot clients, one per seat, each answering
its questions with a random option after a think time; when a game ends its slot starts another. For every action a
bot measures the time from sending it to receiving the table that shows it applied.

With ``kill_at`` the server is killed with SIGKILL that many seconds into the run and started again over the same
file; the bots reconnect and go on. At the end the file is read back: every acknowledged action must be stored at
its place (none lost), every stored action of a seat must be one a bot sent (none doubled or invented), and every
game that was being played when the server died must have moved on after the restart.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.decision import CHANCE
from ..core.engine import new_game
from ..records.record import replay_steps
from .storage import SqliteStorage

GAME = "martial-arts"


@dataclass
class Tally:
    """What the bots saw: latencies, every action sent and every action acknowledged."""

    latencies: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], str] = field(default_factory=dict)
    acked: dict[tuple[str, int], str] = field(default_factory=dict)
    refused: int = 0
    reconnects: int = 0
    finished: int = 0
    restarted_at: float | None = None
    moved_after_restart: set[str] = field(default_factory=set)
    live_at_kill: set[str] = field(default_factory=set)
    live: set[str] = field(default_factory=set)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A ``cardsmith serve`` process that can be killed and started again over the same file."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "cardsmith", "serve", "--port", str(self.port), "--db", str(self.db)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as answer:
                    if json.load(answer) == {"ok": True}:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 seconds")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def _create(url: str) -> dict[str, Any]:
    body = json.dumps({"game": GAME, "players": 2, "seats": ["human", "human"], "options": {}}).encode()
    request = urllib.request.Request(f"{url}/api/games", data=body, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


class Bot:
    """One seat's client: answers its questions until the game ends or the run stops."""

    def __init__(self, tally: Tally, game_id: str, ws_url: str, think: float, rng: random.Random) -> None:
        self.tally, self.game_id, self.ws_url, self.think, self.rng = tally, game_id, ws_url, think, rng
        self.waiting: tuple[int, float] | None = None  # the decision answered, when
        self.stopping = False

    async def run(self, stop_at: float) -> None:
        import websockets

        while time.monotonic() < stop_at or self.waiting is not None:
            try:
                async with websockets.connect(self.ws_url, open_timeout=10, max_size=None) as ws:
                    if await self._play(ws, stop_at):
                        return
            except (TimeoutError, OSError, websockets.exceptions.WebSocketException):
                self.waiting = None  # unacknowledged: it may or may not have been stored
                if time.monotonic() >= stop_at:
                    return
                self.tally.reconnects += 1
                await asyncio.sleep(0.2)

    async def _play(self, ws: Any, stop_at: float) -> bool:
        """Play on one connection; True when the game is over or the run has stopped."""
        while True:
            message = json.loads(
                await asyncio.wait_for(ws.recv(), timeout=max(5.0, stop_at - time.monotonic()))
            )
            if message["type"] == "error":
                self.tally.refused += 1
                self.waiting = None
                continue
            self._note(message)
            if message["over"] or (time.monotonic() >= stop_at and self.waiting is None):
                return True
            question = message["table"]["question"]
            if question is None or self.waiting is not None:
                continue
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
            choice = self.rng.choice([c for g in question["groups"] for c in g["choices"]])
            number = message["decision"]
            self.tally.sent[(self.game_id, number)] = choice["id"]
            self.waiting = (number, time.perf_counter())
            await ws.send(json.dumps({"type": "act", "option": choice["id"], "decision": number}))

    def _note(self, message: dict[str, Any]) -> None:
        if self.waiting is not None and message["decision"] > self.waiting[0]:
            number, sent_at = self.waiting
            self.tally.latencies.append(time.perf_counter() - sent_at)
            self.tally.acked[(self.game_id, number)] = self.tally.sent[(self.game_id, number)]
            if self.tally.restarted_at is not None:
                self.tally.moved_after_restart.add(self.game_id)
            self.waiting = None


async def _slot(server: Server, tally: Tally, stop_at: float, think: float, rng: random.Random) -> None:
    """Create games one after another and play each with two bots, until the run stops."""
    while time.monotonic() < stop_at:
        try:
            created = await asyncio.to_thread(_create, server.url)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        game_id = created["game_id"]
        urls = [u.replace("http://", "ws://").replace("/play/", "/ws/") for u in created["join"]]
        tally.live.add(game_id)
        bots = [Bot(tally, game_id, url, think, random.Random(rng.random())) for url in urls]
        await asyncio.gather(*(bot.run(stop_at) for bot in bots))
        tally.live.discard(game_id)
        tally.finished += 1


async def _fault(server: Server, tally: Tally, kill_at: float) -> None:
    await asyncio.sleep(kill_at)
    tally.live_at_kill = set(tally.live)
    server.kill()
    # From here every acknowledgement comes from the restarted server.
    tally.restarted_at = time.monotonic()
    tally.moved_after_restart.clear()
    await asyncio.to_thread(server.start)


def _check_store(db: Path, tally: Tally) -> dict[str, int]:
    """Read the file back: lost, doubled (or invented) actions, and games that did not continue."""
    store = SqliteStorage(db)
    lost = doubled = stored_total = 0
    for game_id in store.game_ids():
        stored = store.load(game_id)
        assert stored is not None
        state = new_game(stored.game, stored.players, stored.seed, stored.options)
        for step in replay_steps({"actions": stored.actions}, state):
            number, option = step.number - 1, step.option_id
            if step.pending["seat"] != CHANCE:
                stored_total += 1
                if tally.sent.get((game_id, number)) != option:
                    doubled += 1
        for (gid, number), option in tally.acked.items():
            if gid == game_id and (number >= len(stored.actions) or stored.actions[number] != option):
                lost += 1
    store.close()
    stalled = len(tally.live_at_kill - tally.moved_after_restart)
    return {
        "lost": lost,
        "doubled": doubled,
        "stored_actions": stored_total,
        "stalled_after_restart": stalled,
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def _run(
    server: Server, tally: Tally, games: int, seconds: float, think: float, kill_at: float | None
) -> None:
    rng = random.Random(0)
    stop_at = time.monotonic() + seconds
    tasks = [
        asyncio.create_task(_slot(server, tally, stop_at, think, random.Random(rng.random())))
        for _ in range(games)
    ]
    if kill_at is not None:
        tasks.append(asyncio.create_task(_fault(server, tally, kill_at)))
    await asyncio.gather(*tasks)


def run_bench(games: int, seconds: float, think: float, kill_at: float | None) -> dict[str, Any]:
    """Run the benchmark; returns its figures (latencies in milliseconds)."""
    folder = Path(tempfile.mkdtemp(prefix="cardsmith-serve-bench-"))
    server = Server(folder / "games.db", _free_port())
    server.start()
    tally = Tally()
    started = time.monotonic()
    try:
        asyncio.run(_run(server, tally, games, seconds, think, kill_at))
    finally:
        server.stop()
    figures: dict[str, Any] = {
        "games": games,
        "seconds": round(time.monotonic() - started, 1),
        "think_s": think,
        "actions_acked": len(tally.acked),
        "games_finished": tally.finished,
        "p50_ms": round(_percentile(tally.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(tally.latencies, 0.99) * 1000, 2),
        "max_ms": round(max(tally.latencies, default=float("nan")) * 1000, 2),
        "refused": tally.refused,
        "reconnects": tally.reconnects,
        "killed": kill_at is not None,
        "live_at_kill": len(tally.live_at_kill),
    }
    figures.update(_check_store(server.db, tally))
    for leftover in folder.iterdir():
        os.unlink(leftover)
    folder.rmdir()
    return figures
