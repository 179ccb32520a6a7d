"""The HTTP interface outside checks read: health, creating games, the table page, records."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest
from starlette.testclient import TestClient

from cardsmith.records.record import verify
from cardsmith.server.app import create_app

BODY = {"game": "martial-arts", "players": 2, "seats": ["human", "random"], "options": {}}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.db")) as c:
        yield c


def path_of(url: str) -> str:
    return urlsplit(url).path


def test_healthz_answers_ok(client):
    answer = client.get("/healthz")
    assert answer.status_code == 200 and answer.json() == {"ok": True}


def test_create_answers_join_links_for_human_seats_and_a_spectate_link(client):
    answer = client.post("/api/games", json=BODY)
    assert answer.status_code == 200
    data = answer.json()
    assert set(data) == {"game_id", "join", "spectate"}
    assert data["join"][1] is None and data["join"][0].startswith("http")
    seat_token = data["join"][0].rsplit("/", 1)[1]
    assert len(seat_token) >= 32 and seat_token not in data["spectate"]
    for url in (data["join"][0], data["spectate"]):
        page = client.get(path_of(url))
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert client.get(f"/play/{data['game_id']}/not-a-token").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        [],
        {**BODY, "game": "chess"},
        {**BODY, "players": 3},
        {**BODY, "players": "2"},
        {**BODY, "seats": ["human"]},
        {**BODY, "seats": ["human", "grandmaster"]},
        {**BODY, "options": {"no_such_option": 1}},
        {**BODY, "options": []},
        {**BODY, "think": -1},
        {**BODY, "colour": "red"},
    ],
)
def test_a_bad_body_answers_400_with_an_error(client, body):
    content = body if isinstance(body, str) else json.dumps(body)
    answer = client.post("/api/games", content=content)
    assert answer.status_code == 400
    assert set(answer.json()) == {"error"} and answer.json()["error"]


def test_the_lobby_lists_every_game_with_its_options(client):
    assert client.get("/").status_code == 200
    info = client.get("/api/lobby").json()
    assert {"martial-arts", "bpoker", "dbz", "taidian", "ani-mayhem"} <= {g["id"] for g in info["games"]}
    assert "human" in info["agents"] and "random" in info["agents"]


def play_out(client, data, rng):
    """Play a game with human seats to its end over WebSockets; returns the last table message."""
    tokens = [url.rsplit("/", 1)[1] for url in data["join"]]
    gid = data["game_id"]
    with (
        client.websocket_connect(f"/ws/{gid}/{tokens[0]}") as a,
        client.websocket_connect(f"/ws/{gid}/{tokens[1]}") as b,
    ):
        sockets = [a, b]
        last = [json.loads(s.receive_text()) for s in sockets]
        while not last[0]["over"]:
            seat = next(i for i in (0, 1) if last[i]["table"]["question"])
            choices = [c for g in last[seat]["table"]["question"]["groups"] for c in g["choices"]]
            act = {"type": "act", "option": rng.choice(choices)["id"], "decision": last[seat]["decision"]}
            sockets[seat].send_text(json.dumps(act))
            last = [json.loads(s.receive_text()) for s in sockets]
        return last[0]


def test_record_is_refused_until_the_end_then_replays(client):
    data = client.post("/api/games", json={**BODY, "seats": ["human", "human"]}).json()
    early = client.get(f"/api/games/{data['game_id']}/record")
    assert early.status_code == 409 and "error" in early.json()
    last = play_out(client, data, random.Random(3))
    assert last["table"]["result"] and last["record"] == f"/api/games/{data['game_id']}/record"
    record = client.get(last["record"]).json()
    final = verify(record)
    assert final["result"] == record["result"] and record["seats"] == ["human", "human"]
    assert client.get("/api/games/nope/record").status_code == 404
