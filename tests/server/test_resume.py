"""Agent seats play on after the server restarts, with nobody connected."""

from __future__ import annotations

import json
import time
import urllib.request

from cardsmith.records.record import verify

from .conftest import LiveServer


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_game_of_two_agent_seats_reaches_its_end_after_a_restart_with_no_client_connected(tmp_path):
    live = LiveServer(tmp_path / "games.db").start()
    # Dragon Ball Z: random seats take 94 decisions or more (60 seeded games), so the game is still going at the stop
    body = json.dumps({"game": "dbz", "players": 2, "seats": ["random", "random"], "think": 0.01}).encode()
    request = urllib.request.Request(f"{live.url}/api/games", data=body, method="POST")
    with urllib.request.urlopen(request) as answer:
        game_id = json.load(answer)["game_id"]
    first = live.room(game_id)
    assert _wait(lambda: first.number >= 10, 30)
    live.stop()
    assert not first.over
    played = list(first.stored.actions)

    again = LiveServer(live.db).start()
    try:
        assert _wait(lambda: game_id in again.app.state.hub.rooms, 10)  # loaded at start, not on a visit
        room = again.app.state.hub.rooms[game_id]
        assert room.connections == set()
        assert _wait(lambda: room.over, 60)
        assert room.stored.actions[: len(played)] == played and room.number > len(played)
        with urllib.request.urlopen(f"{again.url}/api/games/{game_id}/record") as answer:
            record = json.load(answer)
        assert verify(record)["result"] == room.state["result"]
    finally:
        again.stop()
