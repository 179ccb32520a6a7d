"""Agent seats play on after the server restarts, with nobody connected."""

from __future__ import annotations

import json
import time
import urllib.request

from cardsmith.records.record import verify
from cardsmith.server.rooms import Hub
from cardsmith.server.storage import SqliteStorage

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


def test_a_stored_game_that_does_not_replay_is_left_as_it_is_and_the_others_resume(tmp_path):
    storage = SqliteStorage(tmp_path / "games.db")
    hub = Hub(storage)
    spec = {"game": "martial-arts", "players": 2, "seats": ["random", "random"], "think": 0}
    broken, good = hub.create(spec).game_id, hub.create(spec).game_id
    storage.append(broken, 0, "no-such-option")
    storage.close()
    live = LiveServer(tmp_path / "games.db").start()
    try:
        assert _wait(lambda: good in live.app.state.hub.rooms, 10)
        assert _wait(lambda: live.app.state.hub.rooms[good].over, 30)
        assert broken not in live.app.state.hub.rooms
        assert live.app.state.hub.storage.load(broken).actions == ["no-such-option"]
    finally:
        live.stop()


def test_a_room_keeps_the_history_its_agents_read_and_rebuilds_it_after_a_restart(tmp_path):
    # taidian's search counts each player's cards from the public history: a room hands its agents every step's
    # events, the same after the room is rebuilt from storage
    storage = SqliteStorage(tmp_path / "games.db")
    hub = Hub(storage)
    game_id = hub.create({"game": "taidian", "players": 2, "seats": ["human", "ismcts"], "think": 0}).game_id
    room = hub.room(game_id)
    while room.number < 12:  # no event loop runs here: the test answers for both seats
        room.step(room.state["pending"]["options"][0][0])
    assert len(room.history) == room.number + 1 and room.history[-1] is room.state["events"]
    kept = [list(events) for events in room.history]
    again = Hub(SqliteStorage(tmp_path / "games.db")).room(game_id)
    assert again.history == kept
