"""Servers for the server's tests: an app over a SQLite file for the test client, and a live uvicorn server in a
thread (for browsers and bot clients) that can be stopped and started again over the same file."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from cardsmith.server.app import create_app  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """``cardsmith serve`` run in a thread of the test process."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.app = None
        self.server = None
        self.thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.app = create_app(self.db)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.app.state.hub.storage.close()

    def room(self, game_id: str):
        return self.app.state.hub.room(game_id)


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path / "games.db").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for one test module (the browser tests skip where Playwright is not installed)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from .browser import launch

    with sync_api.sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()
