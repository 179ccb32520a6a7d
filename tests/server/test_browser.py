"""The table page in a real browser: people play by clicking, spectators see no hidden card, agents answer,
tabs reconnect and stay in sync, and a game goes on after the server restarts."""

from __future__ import annotations

import json
import os
import random
import urllib.request
from pathlib import Path

import pytest

from cardsmith.records.record import verify

from .conftest import LiveServer
from .leaks import hidden_names, leaked, seen_names

sync_api = pytest.importorskip("playwright.sync_api")

SHOTS = os.environ.get("CARDSMITH_SHOTS")
"""A folder to save a screenshot of each game's table in, ``table-<game>.png`` as a 1280×800 screen shows it (unset:
none are taken)."""


def create(live: LiveServer, game: str, seats: list[str], think: float = 0.0) -> dict:
    body = json.dumps({"game": game, "players": len(seats), "seats": seats, "think": think}).encode()
    request = urllib.request.Request(f"{live.url}/api/games", data=body, method="POST")
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def open_table(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-decision]")
    return page


def shown(page) -> int:
    return int(page.get_attribute("body", "data-decision"))


def settle(pages, number: int) -> None:
    """Wait until every page shows decision ``number``."""
    for page in pages:
        page.wait_for_function(f"document.body.dataset.decision === '{number}'")


def click_an_option(page, rng: random.Random) -> None:
    """Answer the page's question as a person would: maybe pick a card first, then click one shown option."""
    picks = page.locator("button.pick-card")
    if picks.count() and rng.random() < 0.8:
        picks.nth(rng.randrange(picks.count())).click()
        assert page.locator("button.pick-card.picked").count() == 1
    buttons = page.locator("#question button.choice:visible")
    before = shown(page)
    button = buttons.nth(rng.randrange(buttons.count()))
    discards = button.get_attribute("data-discards") == "1"
    button.click()
    if discards:  # throwing cards away asks for a second click
        assert button.inner_text().startswith("Throw away? Click again")
        button.click()
    page.wait_for_function(f"document.body.dataset.decision !== '{before}'")


def spectator_text(page) -> str:
    """The page's text without card texts (fixed words of cards it is shown, which may name other cards)."""
    return page.evaluate(
        "() => { const b = document.body.cloneNode(true);"
        " b.querySelectorAll('.card-text').forEach(n => n.remove()); return b.innerText; }"
    )


def test_two_people_play_martial_arts_by_clicking_and_the_spectator_sees_no_hidden_card(live, browser):
    links = create(live, "martial-arts", ["human", "human"])
    room = live.room(links["game_id"])
    contexts = [browser.new_context() for _ in range(3)]
    players = [open_table(contexts[i], links["join"][i]) for i in (0, 1)]
    watcher = open_table(contexts[2], links["spectate"])
    rng, known, checks = random.Random(7), set(), 0
    while not room.over:
        settle([*players, watcher], room.number)
        known |= seen_names(room.state, None)
        assert leaked(spectator_text(watcher), hidden_names(room.state, None, known)) == []
        checks += 1
        seat = room.deciding()
        assert "Not your turn" in players[1 - seat].inner_text("#banner")
        click_an_option(players[seat], rng)
    settle([*players, watcher], room.number)
    for page in (*players, watcher):
        assert "Game over" in page.inner_text("#banner")
    href = players[0].get_attribute("a.record-link", "href")
    with urllib.request.urlopen(live.url + href) as answer:
        record = json.load(answer)
    assert verify(record)["result"] == room.state["result"] and checks > 10
    for context in contexts:
        context.close()


GAMES = ["martial-arts", "dbz", "bpoker", "taidian", "ani-mayhem"]


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_twenty_decisions_against_an_agent(live, browser, game):
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # a laptop's screen
    rng, decided = random.Random(11), 0
    while decided < 20:
        links = create(live, game, ["human", "random"], think=0.0)
        room = live.room(links["game_id"])
        page = open_table(context, links["join"][0])
        while decided < 20 and not room.over:
            page.wait_for_selector(".banner.your-turn, .banner.over")
            if room.over:
                break
            click_an_option(page, rng)
            decided += 1
            if SHOTS and decided == 12:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(Path(SHOTS) / f"table-{game}.png"))  # what the screen shows
        page.close()
    assert decided == 20
    context.close()


def test_two_tabs_stay_in_sync_and_a_reopened_tab_restores_the_table(live, browser):
    links = create(live, "martial-arts", ["human", "human"])
    room = live.room(links["game_id"])
    seat = room.deciding()
    context = browser.new_context()
    first, second = open_table(context, links["join"][seat]), open_table(context, links["join"][seat])
    click_an_option(first, random.Random(1))
    settle([first, second], room.number)
    assert first.inner_text("#regions") == second.inner_text("#regions")
    assert first.inner_text("#banner") == second.inner_text("#banner")
    banner, regions = second.inner_text("#banner"), second.inner_text("#regions")
    first.close()
    again = open_table(context, links["join"][seat])
    settle([again], room.number)
    assert again.inner_text("#banner") == banner and again.inner_text("#regions") == regions
    context.close()


def test_a_game_goes_on_after_the_server_restarts_over_the_same_file(tmp_path, browser):
    live = LiveServer(tmp_path / "games.db").start()
    links = create(live, "martial-arts", ["human", "human"])
    context = browser.new_context()
    pages = [open_table(context, url) for url in links["join"]]
    rng = random.Random(2)
    for _ in range(4):
        room = live.room(links["game_id"])
        click_an_option(pages[room.deciding()], rng)
    settle(pages, room.number)
    played = list(room.stored.actions)
    live.stop()
    again = LiveServer(live.db)
    again.port = live.port
    again.start()
    try:
        restored = again.room(links["game_id"])
        assert restored.stored.actions == played and restored.number == len(played)
        for page in pages:
            page.wait_for_function("document.getElementById('status').textContent === 'connected'")
        settle(pages, restored.number)
        click_an_option(pages[restored.deciding()], rng)
        assert restored.stored.actions[: len(played)] == played and restored.number > len(played)
    finally:
        context.close()
        again.stop()
